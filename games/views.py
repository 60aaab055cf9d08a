"""The game pages: thin function views over games.selectors (reading) and games.services (writing).

With htmx a view answers with the partial it was asked for, otherwise with the full page; POSTs
without htmx redirect (post/redirect/get). Every service error becomes a message and the fresh page,
never a server error; a game the user may not see is a 404.
"""

from __future__ import annotations

from functools import wraps
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.urls import get_script_prefix, reverse
from django.utils import timezone, translation
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_POST
from django.views.decorators.vary import vary_on_headers
from django_htmx.http import HttpResponseClientRedirect, HttpResponseStopPolling

from accounts.http import HtmxRequest, UserRequest
from apibase.kept import Kept
from games import cache as game_cache
from games import coop, fragments, poll, rulebook, selectors, services, standing, visits, walking
from games.presenters import board, board_legend, labels
from games.presenters import coop as coop_words
from games.presenters import log as log_text
from games.presenters.errors import error_text
from games.presenters.story import STORY_LIMIT, story_since
from games.presenters.walk import walk_options
from games.titles import default_title, title_of

from .errors import (
    GameServiceError,
    IdempotencyConflict,
    InvalidRequest,
    NotFound,
    StaleVersion,
)
from .forms import ActionForm, GameCreateForm, TakeBackForm, WalkForm
from .models import Game
from .persistence import seats_of
from .presenters.seats import seat_name
from .replay import replay_state

LOG_ON_PAGE = 40


def _lang() -> str:
    return board.lang_of(translation.get_language())


class GameRequest(UserRequest):
    """A signed-in request to the game pages. ``_games_waiting``: the header's count of games waiting for
    the user, set when the game was read with it (the games_waiting tag counts only when it is missing)."""

    _games_waiting: int


class GameHidden(Http404):
    """A game that does not exist or that the user may not see."""


def _load(request: GameRequest, game_id: int, invite_code: str | None = None) -> selectors.GameWithWaiting:
    try:
        # With the header's count of games waiting for the user, in the same query (_game_response).
        return selectors.game_get_for_user(user=request.user, game_id=game_id, invite_code=invite_code,
                                           count_waiting=True)
    except NotFound as exc:
        raise GameHidden(_("There is no such game, or it is private.")) from exc


def _own_404(view):
    """A hidden game answers with the site's own 404 page, in development too (not Django's debug page)."""
    @wraps(view)
    def wrapper(request: HttpRequest, *args, **kwargs) -> HttpResponse:
        try:
            return view(request, *args, **kwargs)
        except GameHidden as exc:
            return render(request, "404.html", {"exception": str(exc)}, status=404)
    return wrapper


def _report(request: GameRequest, exc: GameServiceError) -> None:
    """A service's refusal as a message in the reader's language: the words of its code, as the API gives
    them (games.presenters.errors); a lost race and a reused form are told what the page does about them."""
    if isinstance(exc, StaleVersion):
        text = _("Someone else acted first, so the game has moved on. Nothing of yours was applied; "
                 "here is the current position.")
    elif isinstance(exc, IdempotencyConflict):
        text = _("This form was already used for another action. Please choose again.")
    else:
        text = error_text(exc)
    messages.error(request, text)


# --- lobby -------------------------------------------------------------------------------------------------
def _lobby_context(request: GameRequest, form: GameCreateForm) -> dict[str, Any]:
    return {
        "form": form,
        "my_games": selectors.my_games(request.user).prefetch_related("seats__user"),
        "open_games": selectors.open_games(request.user).prefetch_related("seats__user"),
        "finished_games": selectors.finished_games(request.user).prefetch_related("seats__user")[:20],
    }


@login_required
@vary_on_headers("HX-Request")
@require_GET
def lobby(request: GameRequest) -> HttpResponse:
    return render(request, "games/lobby.html", _lobby_context(request, GameCreateForm()))


@login_required
@vary_on_headers("HX-Request")
@require_POST
def game_create(request: GameRequest) -> HttpResponse:
    form = GameCreateForm(request.POST)
    if form.is_valid():
        try:
            game = services.create_with_bots(creator=request.user, bots=form.cleaned_data["bots"],
                                    bot_level=form.cleaned_data["bot_level"], **form.game_options())
        except InvalidRequest as exc:
            form.add_error(None, error_text(exc))
        else:
            messages.success(request, _("The game “%(title)s” was created.") % {"title": game.title})
            url = reverse("games:detail", args=[game.pk])
            return HttpResponseClientRedirect(url) if request.htmx else redirect(url)
    if request.htmx:
        return render(request, "games/_create_form.html", {"form": form})
    return render(request, "games/lobby.html", _lobby_context(request, form), status=400)


@login_required
@_own_404
@vary_on_headers("HX-Request")
def game_join(request: GameRequest, game_id: int, invite_code: str | None = None) -> HttpResponse:
    """GET: the invitation page of a (private) game; POST: take a seat."""
    game = _load(request, game_id, invite_code)
    if request.method != "POST":
        return render(request, "games/join.html", {"game": game, "invite_code": invite_code,
                                                   "seats": game.seats.select_related("user")})
    try:
        services.game_join(game=game, user=request.user, invite_code=invite_code)
    except GameServiceError as exc:
        _report(request, exc)
    else:
        messages.success(request, _("You joined “%(title)s”.") % {"title": game.title})
    url = reverse("games:detail", args=[game.pk])
    return HttpResponseClientRedirect(url) if request.htmx else redirect(url)


# --- the game page -----------------------------------------------------------------------------------------
def _stamp(game: Game) -> str:
    """What the poll compares (games.poll keeps the format), from the seats already read."""
    return poll.stamp(game.version, game.status, len(seats_of(game)))


def _acting_seat(view: dict[str, Any]) -> int | None:
    if view.get("phase") in (None, "lobby", "finished"):
        return None
    pending = view.get("pending") or []
    return pending[0]["seat"] if pending else view.get("current")


def _can_take_back(log: list[dict[str, Any]], raw_log: list[dict[str, Any]], seat: int | None,
                   view: dict[str, Any]) -> bool:
    """A hint for showing the button; services.action_take_back makes the real check (a sealed step,
    R-110, is never offered: it used chance or revealed something)."""
    if seat is None or view.get("phase") != "play" or view.get("current") != seat:
        return False
    last = next((entry for entry in reversed(log) if not entry["taken_back"]), None)
    if last is None or last["seat"] != seat or last["action"].get("kind") == "begin_turn":
        return False
    raw = next((entry for entry in raw_log if entry["sequence"] == last["sequence"]), None)
    if raw is not None and raw.get("sealed"):
        return False
    return not any(e["dice"] or e["kind"] in services.TAKE_BACK_BLOCKING_EVENTS for e in last["events"])


# The #game partial's links and forms of one game, reversed once per process and script prefix (issue 17,
# twelfth wave, second part): the template's url tags reversed some eight of them on every first render of a
# version, each a few dozen calls of the resolver, for addresses that depend on nothing but the game's id.
GAME_URLS = ("poll", "pause", "replay", "rematch", "settings", "resign", "log", "join", "submit", "walk",
             "take_back")
_GAME_URLS = Kept(4096)


def _game_urls(game: Game) -> dict[str, str]:
    return _GAME_URLS.keep((get_script_prefix(), game.pk),
                           lambda: {name: reverse(f"games:{name}", args=[game.pk]) for name in GAME_URLS})


def _my_seat(request: GameRequest, seats: list):
    return next((s for s in seats if request.user.is_authenticated and s.user_id == request.user.pk
                 and not s.dropped), None)


def _page_context(request: GameRequest, game: Game, *, full_log: bool = False) -> dict[str, Any]:
    content = title_of(game).content()
    lang = _lang()
    seats = seats_of(game)  # read once per Game object, shared with the state and the seat lookups
    names = {s.index: seat_name(s) for s in seats}
    my_seat = _my_seat(request, seats)
    seat_index = my_seat.index if my_seat else None
    view = selectors.player_view(game=game, seat_index=seat_index)
    urls = _game_urls(game)
    context: dict[str, Any] = {
        "game": game, "seats": seats, "my_seat": my_seat, "seat_index": seat_index, "view": view,
        "stamp": _stamp(game), "names": names, "lang": lang, "urls": urls,
    }
    if game.status == Game.Status.OPEN:
        return context
    context["dice_check_url"] = _dice_check_url(game)
    context["rematch"] = (game.options or {}).get("rematch")
    acting = _acting_seat(view)
    actions = []
    if acting == seat_index or (view.get("pending") and seat_index is not None and acting is not None):
        # A decision may wait for several seats at once (a group's agreement, ruling R-253): the engine
        # says whether this seat has one to answer now.
        actions = selectors.legal_actions_for(game=game, seat_index=seat_index)
    groups = board.action_groups(content, actions, lang, names, id_prefix=f"v{game.version}")
    targets = board.board_targets(groups)
    walks = _walks(content, game, groups, targets, seat_index, lang)
    hero_names = {h["seat"]: board.hero_card(content, h["hero"], lang)["name"]
                  for h in view["heroes"] if h.get("hero") in content.heroes}
    describe = _describer(content, game, seat_index, lang, names, hero_names)
    upto = selectors.log_limit_for(game, seat_index)  # a spectator's delayed position: part of the keys
    if full_log:
        raw_log = selectors.visible_log(game=game, seat_index=seat_index)
        log = describe(raw_log)
        story = story_since(log, raw_log, since=my_seat.last_seen_sequence, seat=seat_index) if my_seat else None
        log_total = len(log)
    else:
        # Only the rows the page shows are read and described (issue 17): the log's last entries and
        # the story's, from the cached tail of the log at this version.
        tail = selectors.log_tail(game=game, seat_index=seat_index, upto=upto)
        raw_log = [selectors.log_entry(row, seat_index, game=game) for row in tail.rows[-LOG_ON_PAGE:]]
        log = describe(raw_log)
        story = _story(game, tail, my_seat, describe)
        log_total = tail.total
    if story is not None and my_seat is not None:  # a story is told to a seated player only
        # Only a story moves the mark: steps of one's own (or taken back) would never be told anyway,
        # so a page that tells nothing new writes nothing.
        visits.mark_seen(seat=my_seat, sequence=game.version)
    changed = story["fields"] if story else ()
    context.update({
        "acting_seat": acting,
        "my_turn": acting is not None and acting == seat_index,
        "pending_for_me": bool(view["pending"]) and bool(actions),
        "groups": groups,
        # Reversed once, not twice per action group by the template's url tag (issue 17, eleventh wave).
        "submit_url": urls["submit"],
        # Kept per version, seat, language and names (games.cache), with the ringed fields and a
        # spectator's delayed position in the key: no seat is ever shown a board built for another.
        "board_svg": mark_safe(game_cache.board_svg(
            game=game, seat=seat_index, lang=lang, names=names,
            extra={"changed": list(changed), "upto": upto},
            build=lambda: str(board.render_board(content=content, view=view, lang=lang, targets=targets,
                                                 names=names, changed=changed)))),
        "board_legend": board_legend.legend(content, view, lang),
        "story": story,
        "walks": walks,
        "points_left": view.get("turn_state", {}).get("points") if view.get("phase") == "play" else None,
        "board_text": game_cache.board_text(
            game=game, seat=seat_index, lang=lang, names=names, extra={"upto": upto},
            build=lambda: board.board_text(content=content, view=view, lang=lang, names=names)),
        "sheets": _sheets(content, view, seat_index, lang, names),
        "log": log,
        "log_total": log_total,
        "can_take_back": _can_take_back(log, raw_log, seat_index, view),
        "last_step": _last_step(log),
        "drawn_card": _drawn_card(content, view, seat_index, lang),
        "decision": _decision(content, view, seat_index, lang),
        "board_empty": not any(cell.get("placed") for cell in view["board"]),
        "colours": board.SEAT_COLOURS,
    })
    if view.get("coop"):  # the co-op variant (issue 18): its panel and its own end of the game
        context["coop"] = coop_words.panel(content, view, lang, names, seat_index)
        context["coop_ending"] = coop_words.ending(coop.outcome(game.variant, view, view["coop"]))
    return context


def _describer(content, game: Game, seat: int | None, lang: str, names: dict[int, str],
               hero_names: dict[int, str]):
    """Log entries to sentences, each entry described once per seat's view, language and names
    (games.cache.log_sentences); the full-log page describes its many entries directly."""
    def describe(entries: list[dict[str, Any]]) -> list[dict[str, Any]]:
        if len(entries) > selectors.TAIL_ROWS:
            return log_text.describe_log(content, entries, lang, names, hero_names)
        return game_cache.log_sentences(
            game=game, entries=entries, seat=seat, lang=lang, names={"players": names, "heroes": hero_names},
            describe=lambda missing: log_text.describe_log(content, missing, lang, names, hero_names))
    return describe


def _story(game: Game, tail: selectors.LogTail, my_seat, describe) -> dict[str, Any] | None:
    """The others' steps since the player's last visit (games.presenters.story), from the log's tail:
    the newest STORY_LIMIT of them are read and described; older ones are only counted, in the
    database only when the tail does not reach back to the last visit."""
    if my_seat is None:
        return None
    since, seat = my_seat.last_seen_sequence, my_seat.index
    new = [row for row in tail.rows if row.sequence > since and not row.taken_back and row.seat != seat]
    if not new:
        return None
    shown = new[-STORY_LIMIT:]
    earlier = len(new) - len(shown)
    first = tail.rows[0].sequence
    if len(tail.rows) < tail.total and first > since + 1:
        earlier += selectors.log_count_between(game=game, after=since, before=first, not_seat=seat)
    raw = [selectors.log_entry(row, seat, game=game) for row in shown]
    story = story_since(describe(raw), raw, since=since, seat=seat)
    if story is not None:
        story["earlier"] += earlier
    return story


def _dice_check_url(game: Game) -> str | None:
    """The "check the dice" page of a finished game."""
    if game.status != Game.Status.FINISHED:
        return None
    return reverse("games:dice_check", args=[game.pk])


def _walks(content, game: Game, groups, targets: dict[str, board.Option], seat: int | None,
           lang: str) -> list[board.Option]:
    """The one-click walks (routes of two or more steps) as buttons; every reachable field's cost is
    drawn beside its target on the board (a one-step target keeps its plain "move" button)."""
    if seat is None or not any(group.kind == "move" for group in groups):
        return []
    from games.persistence import load_state

    routes = game_cache.walk_routes(game=game, seat=seat,
                                    build=lambda: walking.reachable(content, load_state(game), seat))
    options = walk_options(content, routes, lang, id_prefix=f"v{game.version}")
    walks = []
    for option in options:
        if option.target is None:  # never: walk_options gives each reachable field its place on the board
            continue
        route = routes[option.params["to"]]
        existing = targets.get(option.target)
        if existing is not None:   # a neighbour: the move button stays, it only learns its cost
            existing.badge, existing.label = option.badge, option.label
        elif len(route.steps) > 1:
            targets[option.target] = option
            walks.append(option)
    return walks


def _last_step(log: list[dict[str, Any]]) -> dict[str, Any] | None:
    """The newest step still standing, for the action panel and the screen reader's announcement."""
    entry = next((e for e in reversed(log) if not e["taken_back"] and e["action"].get("kind") != "begin_turn"),
                 None)
    if entry is None:
        return None
    # A one-click walk is several moves in a row: tell them together.
    standing = [e for e in log if not e["taken_back"]]
    at = next(i for i, e in enumerate(standing) if e is entry)
    run = [entry]
    while entry["action"].get("kind") == "move" and at - len(run) >= 0:
        before = standing[at - len(run)]
        if before["action"].get("kind") != "move" or before["seat"] != entry["seat"]:
            break
        run.insert(0, before)
    if len(run) > 1:
        path = " → ".join(str(e["action"].get("to", "")) for e in run)
        entry = {**entry, "action_text": _("Walk: %(path)s") % {"path": path},
                 "events": [event for e in run for event in e["events"]]}
    texts = [e["text"] for e in entry["events"] if e["text"]]
    dice = [d for e in entry["events"] for d in e["dice"]]
    summary = f"{entry['who']}: {entry['action_text']}. " + " ".join(texts[:4])
    if dice:
        summary += " " + _("Dice: %(dice)s.") % {"dice": ", ".join(str(d) for d in dice)}
    return {**entry, "summary": summary.strip()}


def _decision(content, view: dict[str, Any], seat: int | None, lang: str) -> dict[str, Any] | None:
    """What the view tells the deciding seat about its open decision (the token, a probe's dice)."""
    pending = view.get("pending") or []
    if seat is None or not pending or pending[0]["seat"] != seat:
        return None
    first = pending[0]
    probe = first.get("probe") or {}
    skills: dict[str | None, str] = {"magic": _("Magic"), "ranged": _("Ranged"), "melee": _("Melee")}
    skill = skills.get(probe.get("skill"), probe.get("skill"))
    return {
        "token": labels.token_name(content, first["token"], lang) if first.get("token") else None,
        "probe": {"skill": skill, "target": probe.get("target"), "dice": probe.get("dice") or []} if probe else None,
    }


def _drawn_card(content, view: dict[str, Any], seat: int | None, lang: str):
    if seat is None or view.get("phase") != "setup_region":
        return None
    letter = view["heroes"][seat].get("drawn_region")
    if not letter or letter not in content.regions or any(c.get("letter") == letter for c in view["board"]):
        return None
    region = content.regions[letter]
    return {"letter": letter, "name": labels.display_name(region, lang),
            "svg": board.card_preview(content, letter, lang)}


def _sheets(content, view: dict[str, Any], seat: int | None, lang: str, names: dict[int, str]) -> list[dict]:
    """Each hero's sheet as the view shows it (the viewer's own first)."""
    sheets = []
    for hero in view.get("heroes", []):
        card = board.hero_card(content, hero["hero"], lang) if hero.get("hero") in content.heroes else None
        training = hero.get("training") or {}
        skills = []
        if card:
            for key, label in (("magic", _("Magic")), ("ranged", _("Ranged")), ("melee", _("Melee"))):
                skills.append({"label": label, "base": card[key], "trained": training.get(key, 0),
                               "value": card[key] + training.get(key, 0)})
        deed = hero.get("deed")
        sheets.append({
            "seat": hero["seat"],
            "own": hero["seat"] == seat,
            "player": names.get(hero["seat"], ""),
            "colour": board.SEAT_COLOURS[hero["seat"] % len(board.SEAT_COLOURS)],
            "hero": card,
            "position": hero.get("position"),
            "between": hero.get("between"),
            "lp": hero.get("lp"), "lp_max": hero.get("lp_max"),
            "artificial": [{"name": labels.token_id_name(content, tid, lang), "lp": lp}
                           for tid, lp in (hero.get("artificial") or {}).items()],
            "artificial_total": sum((hero.get("artificial") or {}).values()),
            "gold": hero.get("gold"),
            "skills": skills,
            "xp": [{"colour": c, "label": label, "count": (hero.get("xp") or {}).get(c, 0)}
                   for c, label in (("blue", _("blue")), ("green", _("green")), ("red", _("red")))],
            "items": [labels.token_name(content, t, lang) for t in hero.get("items", [])],
            "quests": [labels.token_name(content, t, lang) for t in hero.get("quests", [])],
            "has_deed": hero.get("has_deed"),
            "deed": labels.display_name(content.deeds[deed], lang) if deed in content.deeds else None,
            "deed_tokens": [labels.token_id_name(content, t, lang) for t in hero.get("deed_tokens", [])],
            "gem": hero.get("gem"),
            "deaths": hero.get("deaths", 0),
            "manor": hero.get("manor"),
            "drawn_region": hero.get("drawn_region"),
        })
    sheets.sort(key=lambda s: (not s["own"], s["seat"]))
    return sheets


def _waiting_known(request: GameRequest, game: selectors.GameWithWaiting) -> None:
    """The header's count of games waiting, read with the game (_load): the games_waiting tag keeps it
    per request and does not count again."""
    if getattr(game, "games_waiting", None) is not None:
        request._games_waiting = game.games_waiting


def _game_response(request: GameRequest, game: selectors.GameWithWaiting, *, status: int = 200) -> HttpResponse:
    """The #game partial (htmx) or the full page around it: a small shell per request and the partial
    from games.fragments, rendered once per version and viewer."""
    _waiting_known(request, game)
    html = _game_html(request, game)
    if request.htmx:
        return HttpResponse(html, status=status)
    # The shell around the partial is kept too (games.fragments.page), with the request's CSRF token.
    return HttpResponse(fragments.page(request, game, html, _waiting(request), lang=translation.get_language(),
                                       tz=timezone.get_current_timezone_name(), stamp=_stamp(game)), status=status)


def _game_html(request: GameRequest, game: Game) -> str:
    """The #game partial: kept per version and viewer with marks for the request's own bits (the CSRF
    token, the forms' idempotency keys, the count of games waiting, htmx messages), which are filled in
    on every request. A game still open is rendered each time (its invitation link names the host)."""
    if game.status == Game.Status.OPEN:
        return render_to_string("games/_game.html", _page_context(request, game), request=request)
    seats = seats_of(game)
    my_seat = _my_seat(request, seats)
    seat_index = my_seat.index if my_seat else None
    key = fragments.key(
        game_id=game.pk, seed=game.seed, version=game.version, seat=seat_index, lang=_lang(),
        tz=timezone.get_current_timezone_name(), extra=_fragment_extra(request, game, seats, my_seat))
    found = fragments.get(key)
    kept: fragments.Split
    if found is None:
        # What the first render of a version fills in (the log's tail, the board, its text, this partial)
        # goes to the cache in one round trip at its end (games.cache.writes_deferred).
        with game_cache.writes_deferred():
            context = _page_context(request, game)
            kept = fragments.split(render_to_string("games/_game.html", {**context, **fragments.CONTEXT},
                                                    request=request))
            fragments.put(key, kept, context.get("story") is not None)
    else:
        kept, story = found
        if story and my_seat is not None:  # as _page_context does when it tells the story
            visits.mark_seen(seat=my_seat, sequence=game.version)
    return fragments.fill(kept, request, _waiting(request))


def _fragment_extra(request: GameRequest, game: Game, seats: list, my_seat) -> dict[str, Any]:
    """What the #game partial shows besides the version, the seat, the language and the time zone: the
    game row's fields a write may change without a new version, the seats as everybody sees them, the
    viewer's own settings and last visit, and a spectator's delayed position (R-151)."""
    return {
        "game": [game.status, game.paused, game.turn_deadline_at, game.title, game.deadline_consequence,
                 (game.options or {}).get("rematch"), game.creator_id == request.user.pk],
        "seats": [[s.index, seat_name(s), s.user_id, s.dropped, s.is_bot] for s in seats],
        "mine": [my_seat.dice_policy, my_seat.last_seen_sequence] if my_seat else None,
        "upto": selectors.log_limit_for(game, None) if my_seat is None else None,
    }


def _waiting(request: GameRequest) -> int:
    """The header's count of games waiting for the user: read with the game (_waiting_known) or counted."""
    if not hasattr(request, "_games_waiting"):
        request._games_waiting = visits.games_waiting_for(request.user)
    return request._games_waiting


@login_required
@_own_404
@vary_on_headers("HX-Request")
@require_GET
def game_detail(request: GameRequest, game_id: int) -> HttpResponse:
    return _game_response(request, _load(request, game_id))


@login_required
@_own_404
@never_cache
@vary_on_headers("HX-Request")
@require_GET
def game_poll(request: GameRequest, game_id: int) -> HttpResponse:
    """204 while nothing changed since the page's stamp; else the fresh game partial."""
    game = _load(request, game_id)
    current = _stamp(game)
    if request.GET.get("stamp") == current:
        response: HttpResponse
        if game.status in (Game.Status.FINISHED, Game.Status.ABANDONED):
            response = HttpResponseStopPolling()
        else:
            response = HttpResponse(status=204)
    else:
        response = _game_response(request, game)
    poll.SERVED_STAMP.set(current)  # games.views_poll files the stamp of the game just read in the shared cache
    return response


def _after_post(request: GameRequest, game: selectors.GameWithWaiting, *, seats: list | None = None,
                waited: bool | None = None) -> HttpResponse:
    """The answer to a POST: with htmx the fresh partial, rendered from the same Game object (after a
    step the service left its new state on it, so no state row is read again); ``seats``: the seats
    read before a step, which a step does not change (who sits where, bots, the marks of the last visit;
    an old client's set_dice_policy step, the one that changes a seat, updates these objects itself);
    ``waited``: whether this game waited for the user then (the count of games waiting moves by this
    game's change alone)."""
    if request.htmx:
        if getattr(game, "written_version", None) == game.version:
            # A step left the row as it wrote it, and its new state, on this object (services.action_submit):
            # what refresh_from_db would keep, without reading the row again.
            game._state_fresh = False
            game.__dict__.pop("_token_rows", None)
        else:
            game.refresh_from_db()
        if seats is not None:
            game._seats_list = seats  # what games.persistence.seats_of keeps per Game object
        if seats is not None and waited is not None and getattr(game, "games_waiting", None) is not None:
            game.games_waiting += int(visits.waits_for(game, seats, request.user)) - int(waited)
        else:
            game.__dict__.pop("games_waiting", None)  # a pause or a resignation: counted afresh
        return _game_response(request, game)
    return redirect("games:detail", game_id=game.pk)


@login_required
@_own_404
@vary_on_headers("HX-Request")
@require_POST
def action_submit(request: GameRequest, game_id: int) -> HttpResponse:
    game = _load(request, game_id)
    form = ActionForm(request.POST)

    def step(data):
        result = services.action_submit(game=game, user=request.user, action=form.action(),
                                         expected_version=data["version"], idempotency_key=data["idempotency_key"])
        if not result.replayed:
            _logged(game, [result.action])
    return _submit(request, game, form, step)


def _logged(game: Game, rows: list) -> None:
    """The step's rows go onto the cached tail of the log, so the response reads no log row."""
    if rows:
        selectors.log_tail_extend(game=game, version=rows[0].sequence - 1, rows=rows)


def _submit(request: GameRequest, game: selectors.GameWithWaiting, form, service) -> HttpResponse:
    """Validate a playing form, call the service with its cleaned data, report a refusal, answer."""
    seats = seats_of(game)
    waited = visits.waits_for(game, seats, request.user)
    if not form.is_valid():
        messages.error(request, _("That form was incomplete or damaged; nothing was done. Please try again."))
        return _after_post(request, game, seats=seats, waited=waited)
    try:
        service(form.cleaned_data)
    except GameServiceError as exc:
        _report(request, exc)
    return _after_post(request, game, seats=seats, waited=waited)


@login_required
@_own_404
@vary_on_headers("HX-Request")
@require_POST
def walk(request: GameRequest, game_id: int) -> HttpResponse:
    """One click on a reachable field: the whole route, one logged step at a time (services.walk_to)."""
    game = _load(request, game_id)
    return _submit(request, game, WalkForm(request.POST), lambda data: _logged(game, services.walk_to(
        game=game, user=request.user, to=data["to"], expected_version=data["version"],
        idempotency_key=data["idempotency_key"])))


@login_required
@_own_404
@vary_on_headers("HX-Request")
@require_POST
def take_back(request: GameRequest, game_id: int) -> HttpResponse:
    game = _load(request, game_id)
    form = TakeBackForm(request.POST)
    version = form.cleaned_data["version"] if form.is_valid() else None
    try:
        row = services.action_take_back(game=game, user=request.user, expected_version=version)
    except GameServiceError as exc:
        _report(request, exc)
    else:
        messages.success(request, _("Step #%(sequence)s was taken back.") % {"sequence": row.sequence})
    return _after_post(request, game)


@login_required
@_own_404
@vary_on_headers("HX-Request")
@require_POST
def game_pause(request: GameRequest, game_id: int) -> HttpResponse:
    """The creator stops (or restarts) the clock: no deadline runs while a game is paused."""
    game = _load(request, game_id)
    try:
        if request.POST.get("resume"):
            services.game_resume(game=game, user=request.user)
            messages.success(request, _("The game goes on."))
        else:
            services.game_pause(game=game, user=request.user)
            messages.success(request, _("The game is paused."))
    except GameServiceError as exc:
        _report(request, exc)
    return _after_post(request, game)


@login_required
@_own_404
@vary_on_headers("HX-Request")
@require_POST
def game_resign(request: GameRequest, game_id: int) -> HttpResponse:
    game = _load(request, game_id)
    try:
        seat = services.game_resign(game=game, user=request.user)
    except GameServiceError as exc:
        _report(request, exc)
    else:
        messages.success(request, _("You resigned. A stand-in plays your hero on.") if seat.is_bot
                         else _("You resigned. Your hero's turns are skipped from now on."))
    return _after_post(request, game)


@login_required
@_own_404
@vary_on_headers("HX-Request")
@require_POST
def game_settings(request: GameRequest, game_id: int) -> HttpResponse:
    """The seat's standing settings (the experience-dice policy): any time, no step (games.standing)."""
    game = _load(request, game_id)
    try:
        standing.set_dice_policy(game=game, user=request.user, policy=request.POST.get("dice_policy", ""))
    except GameServiceError as exc:
        _report(request, exc)
    else:
        messages.success(request, _("Your settings for this game are saved."))
    return _after_post(request, game)


@login_required
@_own_404
@require_POST
def game_rematch(request: GameRequest, game_id: int) -> HttpResponse:
    game = _load(request, game_id)
    try:
        new = services.game_rematch(game=game, user=request.user)
    except GameServiceError as exc:
        _report(request, exc)
        return redirect("games:detail", game_id=game.pk)
    messages.success(request, _("The rematch “%(title)s” has begun.") % {"title": new.title})
    url = reverse("games:detail", args=[new.pk])
    return HttpResponseClientRedirect(url) if request.htmx else redirect(url)


@login_required
@_own_404
@vary_on_headers("HX-Request")
@require_GET
def game_log(request: GameRequest, game_id: int) -> HttpResponse:
    game = _load(request, game_id)
    _waiting_known(request, game)
    return render(request, "games/log.html", _page_context(request, game, full_log=True))


# --- replay ------------------------------------------------------------------------------------------------
@login_required
@_own_404
@vary_on_headers("HX-Request")
@require_GET
def game_replay(request: GameRequest, game_id: int) -> HttpResponse:
    """The position after step N of the log, as the viewer's seat saw it then (spectators: nobody's)."""
    game = _load(request, game_id)
    if game.status == Game.Status.OPEN:
        raise Http404(_("This game has not started yet."))
    content = title_of(game).content()
    lang = _lang()
    seats = seats_of(game)  # read once per Game object, shared with the state and the seat lookups
    names = {s.index: seat_name(s) for s in seats}
    seat_index = next((s.index for s in seats if s.user_id == request.user.pk and not s.dropped), None)
    # Position 0 is the game as dealt; then one position after each step not taken back (only the
    # sequence numbers are read; the one step shown is read and described below).
    rows = selectors.log_rows(game=game)
    if (upto := selectors.log_limit_for(game, seat_index)) is not None:
        rows = rows.filter(sequence__lte=upto)
    positions = [0, *rows.filter(taken_back=False).values_list("sequence", flat=True)]
    try:
        wanted = int(request.GET.get("step", positions[-1]))
    except ValueError:
        wanted = positions[-1]
    index = max((i for i, p in enumerate(positions) if p <= wanted), default=0)
    step = positions[index]
    view = title_of(game).view(content, replay_state(game, upto=step), seat_index)
    hero_names = {h["seat"]: board.hero_card(content, h["hero"], lang)["name"]
                  for h in view["heroes"] if h.get("hero") in content.heroes}
    shown = selectors.log_entries_at(game=game, seat_index=seat_index, sequences=[step]) if step else []
    context = {
        "game": game, "seats": seats, "names": names, "view": view, "step": step,
        "position": index, "count": len(positions) - 1,
        "previous": positions[index - 1] if index > 0 else None,
        "next": positions[index + 1] if index + 1 < len(positions) else None,
        "first": positions[0], "last": positions[-1],
        "board_svg": board.render_board(content=content, view=view, lang=lang, targets={}, names=names),
        "board_text": board.board_text(content=content, view=view, lang=lang, names=names),
        "board_legend": board_legend.legend(content, view, lang),
        "current_entry": log_text.describe_log(content, shown, lang, names, hero_names)[0] if shown else None,
        "seat_index": seat_index,
    }
    template = "games/_replay.html" if request.htmx else "games/replay.html"
    _waiting_known(request, game)
    return render(request, template, context)


# --- rules -------------------------------------------------------------------------------------------------
@require_GET
def authored_values(request: HtmxRequest) -> HttpResponse:
    """Which numbers are ours: the values the rulebook does not print (ruling R-88)."""
    title = default_title()
    sections = title.authored_values(title.content())
    return render(request, "games/authored.html",
                  {"sections": sections, "count": sum(len(part) for _heading, part in sections)})



@vary_on_headers("HX-Request")
@require_GET
def rule_detail(request: HtmxRequest, rule_id: str) -> HttpResponse:
    text = rulebook.rule_text(rule_id)
    if not text:
        raise Http404(_("There is no rule %(rule)s.") % {"rule": rule_id})
    template = "games/_rule.html" if request.htmx else "games/rule.html"
    # The German site quotes the rulebook itself, the English one gives the catalogue's summary.
    quote, section = rulebook.german_quote(rule_id) if translation.get_language() == "de" else ("", "")
    return render(request, template, {"rule_id": rule_id, "rule_text": text, "rule_quote": quote,
                                      "rule_section": section})
