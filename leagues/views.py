"""League pages: thin views over leagues.selectors (reading) and leagues.services (writing).

A private club, its seasons and its league games are a 404 for non-members. Service refusals become
messages (POST/redirect/GET); invalid forms are shown again with their errors and status 400.
"""

from __future__ import annotations

from datetime import timedelta

from django.contrib import messages
from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from accounts.http import UserRequest
from games import services as game_services
from games.errors import GameServiceError, NotFound
from games.models import Game
from games.presenters.errors import error_text

from . import exports, selectors, services
from .forms import ClubForm, InviteForm, JoinRequestForm, SeasonForm
from .models import Club, JoinRequest, Membership, Season


def _club(request: HttpRequest, club_id: int) -> Club:
    try:
        return selectors.club_get_for_user(user=request.user, club_id=club_id)
    except NotFound as exc:
        raise Http404(_("There is no such club, or it is private.")) from exc


def _season(request: HttpRequest, season_id: int) -> Season:
    try:
        return selectors.season_get_for_user(user=request.user, season_id=season_id)
    except NotFound as exc:
        raise Http404(_("There is no such season, or its club is private.")) from exc


def _refused(request: HttpRequest, exc: GameServiceError) -> None:
    messages.error(request, _("Not possible: %(reason)s") % {"reason": error_text(exc)})


def _club_url(club: Club) -> str:
    return reverse("leagues:club", args=[club.pk])


# --- clubs -------------------------------------------------------------------------------------------------------
@login_required
@require_GET
def club_list(request: UserRequest) -> HttpResponse:
    return render(request, "leagues/clubs.html", {
        "clubs": selectors.clubs_visible_to(request.user), "mine": selectors.clubs_of(request.user),
        "form": ClubForm()})


@login_required
@require_POST
def club_create(request: UserRequest) -> HttpResponse:
    form = ClubForm(request.POST)
    if form.is_valid():
        try:
            club = services.club_create(user=request.user, **form.cleaned_data)
        except GameServiceError as exc:
            form.add_error(None, error_text(exc))
        else:
            messages.success(request, _("The club “%(name)s” was founded.") % {"name": club.name})
            return redirect(_club_url(club))
    return render(request, "leagues/clubs.html", {
        "clubs": selectors.clubs_visible_to(request.user), "mine": selectors.clubs_of(request.user),
        "form": form}, status=400)


@login_required
@require_GET
def club_detail(request: UserRequest, club_id: int) -> HttpResponse:
    club = _club(request, club_id)
    membership = services.membership_of(club, request.user)
    season = selectors.current_season(club)
    return render(request, "leagues/club.html", {
        "club": club, "membership": membership, "members": selectors.members(club),
        "running": selectors.club_games(club, finished=False).prefetch_related("seats__user")[:30],
        "finished": selectors.club_games(club, finished=True).prefetch_related("seats__user")[:30],
        "open_games": selectors.club_open_games(club).prefetch_related("seats__user"),
        "season": season, "standings": selectors.season_standings(season) if season else [],
        "seasons": club.seasons.all(),
        "requests": club.join_requests.filter(status=JoinRequest.Status.PENDING).select_related("user")
        if membership and membership.organises else [],
        "pending": club.join_requests.filter(user=request.user, status=JoinRequest.Status.PENDING).exists(),
        "invite_form": InviteForm(), "request_form": JoinRequestForm(), "roles": Membership.Role.choices,
        "join_url": request.build_absolute_uri(reverse("leagues:club_join_link", args=[club.pk, club.invite_code])),
    })


@login_required
def club_join_link(request: UserRequest, club_id: int, code: str) -> HttpResponse:
    club = get_object_or_404(Club, pk=club_id, invite_code=code)
    if request.method != "POST":
        return render(request, "leagues/join.html", {"club": club, "code": code})
    services.club_join_by_link(user=request.user, club=club, code=code)
    messages.success(request, _("Welcome to “%(name)s”.") % {"name": club.name})
    return redirect(_club_url(club))


def _act(request: HttpRequest, club: Club, action, success: str) -> HttpResponse:
    try:
        action()
    except GameServiceError as exc:
        _refused(request, exc)
    else:
        messages.success(request, success)
    return redirect(_club_url(club))


@login_required
@require_POST
def join_request(request: UserRequest, club_id: int) -> HttpResponse:
    club = _club(request, club_id)
    form = JoinRequestForm(request.POST)
    message = form.cleaned_data["message"] if form.is_valid() else ""
    return _act(request, club, lambda: services.join_request_create(user=request.user, club=club, message=message),
                _("Your request was sent to the organisers."))


@login_required
@require_POST
def join_decide(request: UserRequest, club_id: int, request_id: int, decision: str) -> HttpResponse:
    club = _club(request, club_id)
    row = get_object_or_404(JoinRequest, pk=request_id, club=club)
    return _act(request, club, lambda: services.join_request_decide(user=request.user, request=row,
                                                                    accept=decision == "accept"),
                _("Accepted.") if decision == "accept" else _("Declined."))


@login_required
@require_POST
def invite(request: UserRequest, club_id: int) -> HttpResponse:
    club = _club(request, club_id)
    form = InviteForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Please give a valid e-mail address."))
        return redirect(_club_url(club))
    email = form.cleaned_data["email"]
    return _act(request, club, lambda: services.member_invite_email(user=request.user, club=club, email=email),
                _("The invitation went to %(email)s.") % {"email": email})


@login_required
@require_POST
def leave(request: UserRequest, club_id: int) -> HttpResponse:
    club = _club(request, club_id)
    return _act(request, club, lambda: services.member_leave(user=request.user, club=club),
                _("You left the club."))


@login_required
@require_POST
def member_remove(request: UserRequest, club_id: int, user_id: int) -> HttpResponse:
    club = _club(request, club_id)
    member = get_object_or_404(get_user_model(), pk=user_id)
    return _act(request, club, lambda: services.member_remove(user=request.user, club=club, member=member),
                _("%(name)s is no longer a member.") % {"name": member.public_name})


@login_required
@require_POST
def member_role(request: UserRequest, club_id: int, user_id: int) -> HttpResponse:
    club = _club(request, club_id)
    member = get_object_or_404(get_user_model(), pk=user_id)
    role = request.POST.get("role", "")
    return _act(request, club, lambda: services.member_set_role(user=request.user, club=club, member=member,
                                                                role=role), _("The role was changed."))


@login_required
@require_POST
def club_game_create(request: UserRequest, club_id: int) -> HttpResponse:
    """A friendly game in the club's own lobby (unrated; private for a private club)."""
    club = _club(request, club_id)
    try:
        services.require_member(club, request.user)
        seats = int(request.POST.get("seat_count", "2"))
        title = request.POST.get("title", "").strip() or club.name
        visibility = Game.Visibility.PRIVATE if club.is_private else Game.Visibility.PUBLIC
        game = game_services.game_create(creator=request.user, title=title, seat_count=seats,
                                         visibility=visibility, options={"club": club.pk})
    except (GameServiceError, ValueError) as exc:
        messages.error(request, getattr(exc, "message", _("Please choose the number of players.")))
        return redirect(_club_url(club))
    return redirect(reverse("games:detail", args=[game.pk]))


# --- seasons -------------------------------------------------------------------------------------------------------
@login_required
def season_create(request: UserRequest, club_id: int) -> HttpResponse:
    club = _club(request, club_id)
    membership = services.membership_of(club, request.user)
    if membership is None or not membership.organises:
        messages.error(request, _("Only the club's organisers may create a season."))
        return redirect(_club_url(club))
    form = SeasonForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            season = services.season_create(user=request.user, club=club, **form.cleaned_data)
        except GameServiceError as exc:
            form.add_error(None, error_text(exc))
        else:
            messages.success(request, _("The season “%(name)s” is open for entries.") % {"name": season.name})
            return redirect(reverse("leagues:season", args=[season.pk]))
    status = 400 if request.method == "POST" else 200
    return render(request, "leagues/season_form.html", {"club": club, "form": form}, status=status)


@login_required
@require_GET
def season_detail(request: UserRequest, season_id: int) -> HttpResponse:
    season = _season(request, season_id)
    membership = services.membership_of(season.club, request.user)
    entry = season.entries.filter(user=request.user).first()
    rounds = season.round_set.prefetch_related("tables__seats__user", "tables__game", "seats__user")
    return render(request, "leagues/season.html", {
        "season": season, "club": season.club, "membership": membership, "entry": entry,
        "standings": selectors.season_standings(season), "rounds": rounds,
        "entries": season.entries.select_related("user"),
    })


SEASON_VERBS = {
    "enter": (lambda s, u: services.season_enter(user=u, season=s), _("You entered the season.")),
    "withdraw": (lambda s, u: services.season_withdraw(user=u, season=s), _("You withdrew from the season.")),
    "start": (lambda s, u: services.season_start(season=s, user=u), _("The season has started: round 1 is drawn.")),
    "continue": (lambda s, u: services.season_successors(
        user=u, seasons=list(s.club.seasons.filter(name=s.name, status=Season.Status.FINISHED)),
        name=_("%(name)s (next)") % {"name": s.name}, starts_at=timezone.now() + timedelta(days=7)),
        _("The next season of every division is open for entries, with promotion and relegation.")),
}


@login_required
@require_POST
def season_act(request: UserRequest, season_id: int, verb: str) -> HttpResponse:
    season = _season(request, season_id)
    if verb not in SEASON_VERBS:
        raise Http404
    action, success = SEASON_VERBS[verb]
    try:
        action(season, request.user)
    except GameServiceError as exc:
        _refused(request, exc)
    else:
        messages.success(request, success)
    return redirect(reverse("leagues:season", args=[season.pk]))


@login_required
@require_GET
def season_csv(request: UserRequest, season_id: int) -> HttpResponse:
    season = _season(request, season_id)
    response = HttpResponse(exports.standings_csv(selectors.season_standings(season)),
                            content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="season-{season.pk}.csv"'
    return response


# --- players -------------------------------------------------------------------------------------------------------
@login_required
@require_GET
def player_detail(request: UserRequest, username: str) -> HttpResponse:
    player = get_object_or_404(get_user_model(), username=username, is_active=True)
    record = selectors.player_record(player)
    from games.selectors import games_visible_to

    games = games_visible_to(request.user).filter(seats__user=player).order_by("-created_at")[:30]
    context = {"player": player, "record": record, "games": games, "chart": exports.rating_svg(record.history)}
    if player == request.user:
        context["calendar_url"] = request.build_absolute_uri(
            reverse("leagues:calendar", args=[exports.calendar_token(player)]))
    return render(request, "leagues/player.html", context)


@login_required
@require_GET
def player_chart(request: UserRequest, username: str) -> HttpResponse:
    player = get_object_or_404(get_user_model(), username=username, is_active=True)
    return HttpResponse(exports.rating_svg(selectors.player_record(player).history), content_type="image/svg+xml")


@require_GET
def calendar(request: HttpRequest, token: str) -> HttpResponse:
    """The iCalendar feed of a player's league deadlines; the signed token in the URL is the key."""
    user_id = exports.calendar_user_id(token)
    user = get_user_model().objects.filter(pk=user_id, is_active=True).first() if user_id else None
    if user is None:
        raise Http404
    body = exports.deadlines_ical(user, selectors.league_deadlines(user), timezone.now())
    return HttpResponse(body, content_type="text/calendar; charset=utf-8")
