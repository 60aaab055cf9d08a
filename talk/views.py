"""Pages of the table talk: the game panel (chat, notes, spectators) loaded by htmx into the game page.

Thin views: ``talk.access`` via the selectors and services decides; every refusal is a message in
the panel (htmx) or on the game page (plain POST), never a server error.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_POST
from django.views.decorators.vary import vary_on_headers

from accounts.http import UserRequest
from games import selectors as game_selectors
from games.errors import GameServiceError, NotFound
from games.models import Game
from games.presenters import board
from games.presenters.errors import error_text
from games.titles import title_of
from leagues import selectors as league_selectors

from . import access, calendar, push, selectors, services, webhooks
from .models import CalendarFeed, ChatMessage, TalkSettings, Webhook


def _load(request: HttpRequest, game_id: int) -> Game:
    try:
        game = game_selectors.game_get_for_user(user=request.user, game_id=game_id)
    except NotFound as exc:
        raise Http404(_("There is no such game, or it is private.")) from exc
    if not access.may_open(request.user, game):
        raise Http404(_("There is no such game, or it is private."))
    return game


def _chat_context(request: HttpRequest, game: Game, error: str = "") -> dict[str, Any]:
    user = request.user
    return {
        "chat_stamp": _chat_stamp_shown(user, game),  # first: a message posted while we read is news
        "game": game,
        "role": access.role_of(user, game).value,
        "chat": selectors.latest_messages(user=user, game=game),
        "room": access.writable_room(user, game),
        "may_moderate": access.may_moderate(user, game),
        "open_reports": selectors.open_report_count(user=user, game=game),
        "watching": selectors.watching(game),
        "max_length": ChatMessage.MAX_LENGTH,
        "error": error,
    }


def _chat_stamp_shown(user, game: Game) -> str:
    """The stamp this rendering of the chat is sent with (taken before the messages are read)."""
    stamp = selectors.chat_stamp(game.pk)
    selectors.chat_shown(user=user, game_id=game.pk)
    return stamp


def _refusal(exc: GameServiceError) -> str:
    if exc.code == "not_allowed":
        return _("Not allowed: %(reason)s") % {"reason": error_text(exc)}
    return _("Invalid request: %(reason)s") % {"reason": error_text(exc)}


@login_required
@never_cache
@vary_on_headers("HX-Request")
@require_GET
def panel(request: UserRequest, game_id: int) -> HttpResponse:
    game = _load(request, game_id)
    services.spectator_seen(user=request.user, game=game)
    context = _chat_context(request, game)
    context.update({
        "note": selectors.note_for(user=request.user, game=game),
        "may_manage": access.may_manage(request.user, game),
        "delay": selectors.spectator_delay(game),
        "max_delay": TalkSettings.MAX_DELAY,
    })
    return render(request, "talk/_panel.html", context)


@login_required
@never_cache
@vary_on_headers("HX-Request")
def chat(request: UserRequest, game_id: int) -> HttpResponse:
    """GET: the chat as the poll refreshes it (204 when nothing is new). POST: a new message."""
    if request.method == "GET" and selectors.chat_unchanged(user=request.user, game_id=game_id,
                                                            stamp=request.GET.get("stamp", "")):
        return HttpResponse(status=204)
    game = _load(request, game_id)
    error = ""
    if request.method == "POST":
        try:
            services.chat_post(user=request.user, game=game, body=request.POST.get("body", ""))
        except GameServiceError as exc:
            error = _refusal(exc)
        if not request.htmx:
            if error:
                messages.error(request, error)
            return redirect("games:detail", game_id=game.pk)
    elif request.method != "GET":
        return HttpResponse(status=405)
    else:
        services.spectator_seen(user=request.user, game=game)
    return render(request, "talk/_chat.html", _chat_context(request, game, error))


def _message_action(request: UserRequest, game_id: int, message_id: int, do: Callable[[Game], object]) -> HttpResponse:
    game = _load(request, game_id)
    error = ""
    try:
        do(game)
    except NotFound as exc:
        raise Http404(error_text(exc)) from exc
    except GameServiceError as exc:
        error = _refusal(exc)
    if not request.htmx:
        if error:
            messages.error(request, error)
        return redirect("games:detail", game_id=game.pk)
    return render(request, "talk/_chat.html", _chat_context(request, game, error))


@login_required
@require_POST
def report(request: UserRequest, game_id: int, message_id: int) -> HttpResponse:
    return _message_action(request, game_id, message_id, lambda game: services.chat_report(
        user=request.user, game=game, message_id=message_id, reason=request.POST.get("reason", "")))


@login_required
@require_POST
def hide(request: UserRequest, game_id: int, message_id: int) -> HttpResponse:
    hidden = request.POST.get("hidden", "1") != "0"
    return _message_action(request, game_id, message_id, lambda game: services.chat_hide(
        user=request.user, game=game, message_id=message_id, hidden=hidden))


@login_required
@require_POST
def notes(request: UserRequest, game_id: int) -> HttpResponse:
    game = _load(request, game_id)
    try:
        services.note_save(user=request.user, game=game, body=request.POST.get("body", ""))
        text = _("Notes saved.")
    except NotFound as exc:
        raise Http404(error_text(exc)) from exc
    except GameServiceError as exc:
        text = _refusal(exc)
    if not request.htmx:
        messages.info(request, text)
        return redirect("games:detail", game_id=game.pk)
    return HttpResponse(text)


@login_required
@require_POST
def delay(request: UserRequest, game_id: int) -> HttpResponse:
    game = _load(request, game_id)
    try:
        value = int(request.POST.get("delay", "0"))
        services.spectator_delay_set(user=request.user, game=game, delay=value)
        text = _("Spectators now see the game %(delay)s turn(s) late.") % {"delay": value}
    except ValueError:
        text = _("Invalid request: %(reason)s") % {"reason": _("a number of turns, please")}
    except GameServiceError as exc:
        text = _refusal(exc)
    if not request.htmx:
        messages.info(request, text)
        return redirect("games:detail", game_id=game.pk)
    return HttpResponse(text)


@login_required
@vary_on_headers("HX-Request")
@require_GET
def watch(request: UserRequest, game_id: int) -> HttpResponse:
    """The spectators' page: the public view of the board, as late as the creator set, and the talk."""
    game = _load(request, game_id)
    if access.role_of(request.user, game) is not access.Role.SPECTATOR:
        return redirect("games:detail", game_id=game.pk)
    services.spectator_seen(user=request.user, game=game)
    delay_turns = selectors.spectator_delay(game)
    shown = selectors.spectator_view(game, delay_turns)
    content = title_of(game).content()
    lang = board.lang_of(translation.get_language())
    names = {s.index: (s.user.public_name if s.user else _("(empty seat)"))
             for s in game.seats.select_related("user")}
    context = {
        "game": game,
        "delay": delay_turns,
        "shown_turn": shown.turn,
        "board_svg": board.render_board(content=content, view=shown.view, lang=lang, targets={}, names=names),
    }
    template = "talk/_watch.html" if request.htmx else "talk/watch.html"
    return render(request, template, context)


@require_GET
def calendar_feed(request: HttpRequest, token: str) -> HttpResponse:
    """The secret-URL iCalendar feed (no log-in: calendar apps cannot log in)."""
    feed = CalendarFeed.objects.filter(token=token).select_related("user").first()
    if feed is None or not feed.user.is_active:
        raise Http404()
    response = HttpResponse(calendar.render_feed(feed.user), content_type="text/calendar; charset=utf-8")
    response["Cache-Control"] = "private, max-age=300"
    return response


class ChannelsForm(forms.Form):
    notify_by_email = forms.BooleanField(label=gettext_lazy("Tell me by email"), required=False)
    notify_by_push = forms.BooleanField(label=gettext_lazy("Tell me by web push (in the browsers I subscribe below)"),
                                        required=False)
    notify_chat_mentions = forms.BooleanField(label=gettext_lazy("Tell me when someone mentions me in a chat (push)"),
                                              required=False)


@login_required
def channels(request: UserRequest) -> HttpResponse:
    """Channel choice, this browser's push subscription and the calendar feed's URL."""
    user = request.user
    form = ChannelsForm(request.POST or None, initial={
        name: getattr(user, name) for name in ("notify_by_email", "notify_by_push", "notify_chat_mentions")})
    if request.method == "POST":
        if request.POST.get("calendar") == "reset":
            calendar.feed_reset(user=user)
            messages.success(request, _("Your calendar has a new secret address; the old one no longer works."))
            return redirect("talk:channels")
        if form.is_valid():
            services.channels_update(user=user, **form.cleaned_data)
            messages.success(request, _("Your settings have been saved."))
            return redirect("talk:channels")
    return render(request, "talk/channels.html", {
        "form": form,
        "calendar_url": calendar.feed_url(calendar.feed_for(user)),
        "vapid_public_key": push.vapid_public_key(),
        "subscriptions": user.push_subscriptions.order_by("-created_at"),
    })


def _json_body(request: HttpRequest) -> dict:
    try:
        data = json.loads(request.body or b"{}")
    except ValueError:
        return {}
    return data if isinstance(data, dict) else {}


@login_required
@require_POST
def push_subscribe(request: UserRequest) -> HttpResponse:
    """This browser's PushSubscription (JSON, as ``PushSubscription.toJSON()`` gives it)."""
    data = _json_body(request)
    keys: dict[str, Any] = data["keys"] if isinstance(data.get("keys"), dict) else {}
    try:
        push.subscription_save(user=request.user, endpoint=str(data.get("endpoint", "")),
                               p256dh=str(keys.get("p256dh", "")), auth=str(keys.get("auth", "")),
                               user_agent=request.headers.get("User-Agent", ""))
    except GameServiceError as exc:
        return HttpResponse(error_text(exc), status=400, content_type="text/plain")
    return HttpResponse(status=204)


@login_required
@require_POST
def push_unsubscribe(request: UserRequest) -> HttpResponse:
    push.subscription_delete(user=request.user, endpoint=str(_json_body(request).get("endpoint", "")))
    return HttpResponse(status=204)


class WebhookForm(forms.Form):
    kind = forms.ChoiceField(label=gettext_lazy("Chat"), choices=Webhook.Kind.choices)
    url = forms.URLField(label=gettext_lazy("Webhook address"), max_length=1000, assume_scheme="https",
                         help_text=gettext_lazy("Stored encrypted and never shown again."))


@login_required
def game_webhooks(request: UserRequest, game_id: int) -> HttpResponse:
    """The creator's page for the game's chat webhooks: add one, see their hosts, remove one."""
    game = _load(request, game_id)
    if not access.may_manage(request.user, game):
        raise Http404(_("There is no such game, or it is private."))
    form = WebhookForm(request.POST or None)
    if request.method == "POST":
        try:
            if request.POST.get("delete"):
                webhooks.webhook_delete(user=request.user, game=game, webhook_id=int(request.POST["delete"]))
                messages.success(request, _("The webhook was removed."))
                return redirect("talk:webhooks", game_id=game.pk)
            if form.is_valid():
                webhooks.webhook_create(user=request.user, game=game, kind=form.cleaned_data["kind"],
                                        url=form.cleaned_data["url"])
                messages.success(request, _("The webhook was added."))
                return redirect("talk:webhooks", game_id=game.pk)
        except ValueError:
            raise Http404() from None
        except GameServiceError as exc:
            form.add_error(None, _refusal(exc))
    return render(request, "talk/webhooks.html", {
        "game": game, "form": form, "hooks": webhooks.webhooks_of(user=request.user, game=game)})


@login_required
@require_POST
def club_webhooks(request: UserRequest, club_id: int) -> HttpResponse:
    """The club page's webhook forms (add one, remove one): the club's organisers only; back to the club page."""
    try:
        club = league_selectors.club_get_for_user(user=request.user, club_id=club_id)
    except NotFound as exc:
        raise Http404(_("There is no such club, or it is private.")) from exc
    if not webhooks.may_manage_club(request.user, club):
        raise Http404(_("There is no such club, or it is private."))
    back = redirect("leagues:club", club_id=club.pk)
    try:
        if request.POST.get("delete"):
            webhooks.club_webhook_delete(user=request.user, club=club, webhook_id=int(request.POST["delete"]))
            messages.success(request, _("The webhook was removed."))
            return back
        form = WebhookForm(request.POST)
        if not form.is_valid():
            for errors in form.errors.values():
                for error in errors:
                    messages.error(request, str(error))
            return back
        webhooks.club_webhook_create(user=request.user, club=club, kind=form.cleaned_data["kind"],
                                     url=form.cleaned_data["url"])
        messages.success(request, _("The webhook was added."))
    except ValueError:
        raise Http404() from None
    except NotFound as exc:
        raise Http404(error_text(exc)) from exc
    except GameServiceError as exc:
        messages.error(request, _refusal(exc))
    return back
