"""Chat webhooks: a game's turns and end posted to Discord, Slack or Matrix in their own formats.

A hook belongs to one game (managed by its creator) or to one club (managed by the club's owner and
organisers; it hears every league game of the club).

The URL is a secret (whoever has it may post into the channel): it is stored encrypted with Fernet
(keys from ``TALK_WEBHOOK_KEYS``, else derived from ``SECRET_KEY``) and never shown again, only its
host. Every event is claimed by a ``WebhookDelivery`` row unique per hook and event, sent by a Celery
task with retries; Matrix additionally gets the row's id as its transaction id, so even a post
repeated after a lost answer shows once.
"""

from __future__ import annotations

import base64
import hashlib
from urllib.parse import urlsplit, urlunsplit

import requests
from cryptography.fernet import Fernet, InvalidToken, MultiFernet
from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games import queue
from games.errors import InvalidRequest, NotAllowed, NotFound
from games.models import Game
from leagues import selectors as league_selectors
from leagues import services as league_services
from leagues.models import Club

from . import access, claims, urlguard
from .models import Webhook, WebhookDelivery

TIMEOUT = 10


# --- the secret URL ---------------------------------------------------------------------------------------
def _fernet() -> MultiFernet:
    keys = [k for k in getattr(settings, "TALK_WEBHOOK_KEYS", []) if k]
    if not keys:
        derived = hashlib.sha256(("heldenweb.talk.webhooks:" + settings.SECRET_KEY).encode()).digest()
        keys = [base64.urlsafe_b64encode(derived).decode()]
    return MultiFernet([Fernet(k) for k in keys])


def encrypt_url(url: str) -> str:
    return _fernet().encrypt(url.encode()).decode()


def decrypt_url(token: str) -> str:
    try:
        return _fernet().decrypt(token.encode()).decode()
    except InvalidToken as exc:
        raise InvalidRequest(gettext_lazy("The hook's address cannot be decrypted (keys changed?).")) from exc


# --- managing hooks ---------------------------------------------------------------------------------------
def _create(*, user, kind: str, url: str, language: str, **scope) -> Webhook:
    if kind not in Webhook.Kind.values:
        raise InvalidRequest(gettext_lazy("A webhook is for discord, slack or matrix."))
    host = urlguard.check_url(url)
    language = language if language in dict(settings.LANGUAGES) else user.language
    return Webhook.objects.create(created_by=user, kind=kind, url_encrypted=encrypt_url(url), url_host=host,
                                  language=language, **scope)


def webhook_create(*, user, game: Game, kind: str, url: str, language: str = "") -> Webhook:
    if not access.may_manage(user, game):
        raise NotAllowed(gettext_lazy("Only the game's creator adds webhooks."))
    return _create(user=user, kind=kind, url=url, language=language, game=game)


def webhooks_of(*, user, game: Game):
    if not access.may_manage(user, game):
        raise NotAllowed(gettext_lazy("Only the game's creator manages its webhooks."))
    return Webhook.objects.filter(game=game).order_by("created_at")


def webhook_delete(*, user, game: Game, webhook_id: int) -> None:
    deleted, _ = webhooks_of(user=user, game=game).filter(pk=webhook_id).delete()
    if not deleted:
        raise NotFound(gettext_lazy("There is no such webhook."))


def may_manage_club(user, club: Club) -> bool:
    """The club's hooks are managed by its owner and organisers."""
    if user is None or not user.is_authenticated:
        return False
    membership = league_services.membership_of(club, user)
    return membership is not None and membership.organises


def club_webhook_create(*, user, club: Club, kind: str, url: str, language: str = "") -> Webhook:
    if not may_manage_club(user, club):
        raise NotAllowed(gettext_lazy("Only the club's organisers add its webhooks."))
    return _create(user=user, kind=kind, url=url, language=language or club.language, club=club)


def club_webhooks_of(*, user, club: Club):
    if not may_manage_club(user, club):
        raise NotAllowed(gettext_lazy("Only the club's organisers manage its webhooks."))
    return Webhook.objects.filter(club=club).order_by("created_at")


def club_webhook_delete(*, user, club: Club, webhook_id: int) -> None:
    deleted, _ = club_webhooks_of(user=user, club=club).filter(pk=webhook_id).delete()
    if not deleted:
        raise NotFound(gettext_lazy("There is no such webhook."))


# --- events -----------------------------------------------------------------------------------------------
def hooks_for_game(game: Game):
    """The active hooks that hear this game's events: its own and those of the club whose league game it is."""
    club = league_selectors.club_of_game(game)
    hooks = Webhook.objects.filter(game=game, active=True)
    if club is not None:
        hooks = hooks | Webhook.objects.filter(club=club, active=True)
    return hooks.order_by("pk")


def record_event(*, game_id: int, key: str, event: dict) -> list[WebhookDelivery]:
    """One delivery per active hook that hears the game and per event; existing ones (a repeated event) are kept.

    A club hook hears many games, so its rows' keys carry the game (``game:<id>:<key>``).
    Turns are posted from the first turn of play on: the setup's many small steps would only be noise.
    """
    rows: list[WebhookDelivery] = []
    game = Game.objects.filter(pk=game_id).first()
    if game is None or (event.get("type") == "turn" and game.status != Game.Status.RUNNING):
        return rows
    payload = {**event, "game": game_id}
    with transaction.atomic():
        for hook in hooks_for_game(game):
            hook_key = key if hook.game_id else f"game:{game_id}:{key}"
            try:
                with transaction.atomic():
                    rows.append(WebhookDelivery.objects.create(webhook=hook, key=hook_key, payload=payload))
            except IntegrityError:
                continue
        for row in rows:
            queue.send_on_commit("talk.tasks.send_webhook", row.pk)
    return rows


def event_text(game: Game, event: dict, language: str) -> str:
    with translation.override(language):
        if event["type"] == "finished":
            # No winner (an abandoned game): no seat to name.
            seat = (game.seats.filter(index=game.winner_seat).select_related("user").first()
                    if game.winner_seat is not None else None)
            if seat and seat.user:
                return _("%(game)s is over: %(name)s has won.") % {"game": game.title, "name": seat.user.public_name}
            return _("%(game)s is over.") % {"game": game.title}
        seat = game.seats.filter(index=event["seat"]).select_related("user").first()
        name = seat.user.public_name if seat and seat.user else "?"
        return _("%(game)s: it is %(name)s’s turn now.") % {"game": game.title, "name": name}


def _slack_escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def request_for(hook: Webhook, url: str, text: str, txn: str, game_id: int | None = None) -> tuple[str, str, dict]:
    """(method, url, JSON body) in the chat's native format."""
    link = f"{settings.SITE_URL}/games/{game_id or hook.game_id}/"
    if hook.kind == Webhook.Kind.DISCORD:
        return "POST", url, {"content": f"{text}\n{link}", "allowed_mentions": {"parse": []}}
    if hook.kind == Webhook.Kind.SLACK:
        return "POST", url, {"text": f"{_slack_escape(text)} <{link}|heldenweb>"}
    # Matrix client-server API: PUT .../rooms/{room}/send/m.room.message/{txnId}
    parts = urlsplit(url)
    put_url = urlunsplit(parts._replace(path=parts.path.rstrip("/") + "/" + txn))
    return "PUT", put_url, {"msgtype": "m.notice", "body": f"{text} {link}"}


def deliver(delivery_id: int) -> bool:
    """Post one claimed event; True when this call posted it. Failures are recorded and re-raised."""
    row = claims.claim(WebhookDelivery, delivery_id, "webhook__game")
    if row is None:
        return False
    hook = row.webhook
    game = hook.game or Game.objects.filter(pk=row.payload.get("game")).first()
    if game is None:  # the game was deleted since: nothing left to tell
        claims.give_up(WebhookDelivery, row.pk, "the game is gone")
        return False

    def post() -> None:
        url = decrypt_url(hook.url_encrypted)
        urlguard.check_url(url)
        text = event_text(game, row.payload, hook.language)
        method, target, body = request_for(hook, url, text, f"heldenweb-{row.pk}", game.pk)
        response = requests.request(method, target, json=body, timeout=TIMEOUT, allow_redirects=False)
        response.raise_for_status()

    return claims.attempt(WebhookDelivery, row, post, "webhook delivery")


def give_up(delivery_id: int, error: str) -> None:
    claims.give_up(WebhookDelivery, delivery_id, error)
