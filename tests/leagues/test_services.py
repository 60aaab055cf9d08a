"""Clubs, roles, seasons, automatic games, results and standings through leagues.services."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.core import mail
from django.utils import timezone

from games.errors import InvalidRequest, NotAllowed
from games.models import Game
from leagues import selectors, services
from leagues.models import Entry, JoinRequest, Membership, RatingEntry, Round, Season, TableSeat
from tests.conftest import UserFactory

from .conftest import add_members, finish, make_season

pytestmark = pytest.mark.django_db


# --- roles and permissions ---------------------------------------------------------------------------------------
def test_founder_is_owner(club, owner):
    assert services.membership_of(club, owner).role == Membership.Role.OWNER


def test_join_request_accepted_by_organiser_only(club, owner):
    alice, bob = UserFactory(), UserFactory()
    request = services.join_request_create(user=alice, club=club, message="Hallo")
    with pytest.raises(InvalidRequest):
        services.join_request_create(user=alice, club=club)
    with pytest.raises(NotAllowed):
        services.join_request_decide(user=bob, request=request, accept=True)
    services.join_request_decide(user=owner, request=request, accept=True)
    assert services.membership_of(club, alice).role == Membership.Role.MEMBER
    assert JoinRequest.objects.get(pk=request.pk).status == JoinRequest.Status.ACCEPTED


def test_invite_link_and_email(club, owner):
    alice = UserFactory()
    with pytest.raises(NotAllowed):
        services.club_join_by_link(user=alice, club=club, code="wrong")
    services.club_join_by_link(user=alice, club=club, code=club.invite_code)
    with pytest.raises(NotAllowed):
        services.member_invite_email(user=alice, club=club, email="x@example.org")
    services.member_invite_email(user=owner, club=club, email="friend@example.org")
    assert mail.outbox[-1].to == ["friend@example.org"] and club.invite_code in mail.outbox[-1].body


def test_member_cannot_run_the_season(club, owner):
    (member,) = add_members(club, 1)
    with pytest.raises(NotAllowed):
        make_season(club, member)
    season = make_season(club, owner)
    with pytest.raises(NotAllowed):
        services.season_start(season=season, user=member)
    (other,) = add_members(club, 1, prefix="o")
    services.season_enter(user=other, season=season)
    with pytest.raises(NotAllowed):
        services.season_withdraw(user=member, season=season, member=other)


def test_roles_remove_leave(club, owner):
    organiser, member = add_members(club, 2)
    services.member_set_role(user=owner, club=club, member=organiser, role=Membership.Role.ORGANISER)
    with pytest.raises(NotAllowed):
        services.member_set_role(user=organiser, club=club, member=member, role=Membership.Role.ORGANISER)
    with pytest.raises(NotAllowed):
        services.member_remove(user=organiser, club=club, member=owner)
    with pytest.raises(NotAllowed):
        services.member_remove(user=member, club=club, member=organiser)
    services.member_remove(user=organiser, club=club, member=member)
    assert services.membership_of(club, member) is None
    with pytest.raises(NotAllowed):
        services.member_leave(user=owner, club=club)
    services.member_set_role(user=owner, club=club, member=organiser, role=Membership.Role.OWNER)
    services.member_leave(user=owner, club=club)
    assert services.membership_of(club, organiser).role == Membership.Role.OWNER


def test_season_validation(club, owner):
    with pytest.raises(InvalidRequest):
        make_season(club, owner, table_size=0)
    with pytest.raises(InvalidRequest):
        make_season(club, owner, points=[1, 2])
    with pytest.raises(InvalidRequest):
        make_season(club, owner, rounds=0)


def test_non_member_cannot_enter(club, owner):
    season = make_season(club, owner)
    with pytest.raises(NotAllowed):
        services.season_enter(user=UserFactory(), season=season)


def test_private_club_invisible_to_non_members(private_club, owner):
    stranger = UserFactory()
    assert not selectors.clubs_visible_to(stranger).filter(pk=private_club.pk).exists()
    assert selectors.clubs_visible_to(owner).filter(pk=private_club.pk).exists()


# --- automatic games -------------------------------------------------------------------------------------------
def _entered_season(club, owner, players: int, **kwargs):
    members = add_members(club, players)
    season = make_season(club, owner, **kwargs)
    for member in members:
        services.season_enter(user=member, season=season)
    return season, members


def test_start_draws_round_and_creates_league_games(club, owner, django_capture_on_commit_callbacks):
    season, members = _entered_season(club, owner, 5, table_size=2, rounds=3)
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        rnd = services.season_start(season=season, user=owner)
    assert rnd.number == 1 and season.round_set.count() == 1
    tables = list(rnd.tables.select_related("game"))
    assert len(tables) == 2
    for table in tables:
        game = table.game
        assert game.status == Game.Status.SETUP and game.options["rated"] and game.options["league"] == season.pk
        assert sorted(game.seats.values_list("user_id", flat=True)) == sorted(
            table.seats.values_list("user_id", flat=True))
        assert game.deadline_hours == season.deadline_hours
    byes = TableSeat.objects.filter(round=rnd, table=None)
    assert byes.count() == 1 and byes.get().points == season.bye_points
    assert len(mail.outbox) == 5 and all("round 1" in m.subject for m in mail.outbox)
    assert services.season_start(season=season, user=owner) is None  # once only


def test_the_beat_starts_seasons_at_their_date(club, owner):
    season, _ = _entered_season(club, owner, 2)
    assert services.advance_seasons(now=timezone.now()) == 0
    assert services.advance_seasons(now=timezone.now() + timedelta(days=2)) == 1
    season.refresh_from_db()
    assert season.status == Season.Status.RUNNING


def test_rounds_follow_each_other_and_the_season_finishes(club, owner, django_capture_on_commit_callbacks):
    season, members = _entered_season(club, owner, 4, table_size=2, rounds=2)
    services.season_start(season=season, user=owner)
    for table in Round.objects.get(season=season, number=1).tables.all():
        finish(table.game, [0, 1])
    assert season.round_set.count() == 2
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        for table in Round.objects.get(season=season, number=2).tables.all():
            finish(table.game, [1, 0])
    season.refresh_from_db()
    assert season.status == Season.Status.FINISHED
    assert len([m for m in mail.outbox if "is over" in m.subject and "“Herbst”" in m.subject]) == 4
    assert sum(row.played for row in selectors.season_standings(season)) == 8


def test_fixed_dates_start_rounds_at_their_date(club, owner):
    season, _ = _entered_season(club, owner, 2, round_start=Season.RoundStart.DATES, round_days=7, rounds=3)
    services.season_start(season=season, user=owner)
    assert services.advance_seasons(now=timezone.now() + timedelta(days=1)) == 0
    assert services.advance_seasons(now=timezone.now() + timedelta(days=8)) == 1
    assert season.round_set.count() == 2


def test_late_entry_plays_from_next_round_and_withdrawal_hands_seat_to_bot(club, owner):
    season, members = _entered_season(club, owner, 4, table_size=2, rounds=2)
    services.season_start(season=season, user=owner)
    (late,) = add_members(club, 1, prefix="late")
    entry = services.season_enter(user=late, season=season)
    assert entry.late
    quitter = members[0]
    services.season_withdraw(user=quitter, season=season)
    row = TableSeat.objects.get(round__number=1, round__season=season, user=quitter)
    seat = row.table.game.seats.get(index=row.seat_index)
    assert seat.is_bot and row.dropped
    # the game still counts for the others
    other_index = 1 - row.seat_index
    finish(row.table.game, [other_index, row.seat_index], bots=(row.seat_index,))
    winner = TableSeat.objects.get(table=row.table, seat_index=other_index)
    assert winner.points == 3 and winner.won
    assert TableSeat.objects.get(pk=row.pk).points == 0
    for table in Round.objects.get(season=season, number=1).tables.exclude(pk=row.table_id):
        finish(table.game, [0, 1])
    round2 = Round.objects.get(season=season, number=2)
    seated = set(round2.seats.values_list("user_id", flat=True))
    assert late.pk in seated and quitter.pk not in seated and len(seated) == 4


# --- standings ------------------------------------------------------------------------------------------------
def test_standings_ties_broken_by_wins_missed_turns_and_head_to_head(club, owner):
    season, (a, b, c, d) = _entered_season(club, owner, 4, table_size=4, rounds=1, points=[2, 2, 1, 0])
    services.season_start(season=season, user=owner)
    table = season.round_set.get().tables.get()
    game = table.game
    by_user = {s.user_id: s.index for s in game.seats.all()}
    # a wins; b second: both 2 points, a has the win. c third and d last.
    finish(game, [by_user[a.pk], by_user[b.pk], by_user[c.pk], by_user[d.pk]])
    rows = selectors.season_standings(season)
    assert [r.user for r in rows] == [a, b, c, d]
    assert [r.points for r in rows] == [2, 2, 1, 0] and rows[0].wins == 1 and rows[1].wins == 0


def test_head_to_head_and_missed_turns_decide_equal_points():
    from leagues.selectors import StandingRow

    assert StandingRow(user=None, points=3, wins=1, missed_turns=0).key < \
        StandingRow(user=None, points=3, wins=1, missed_turns=2).key


def test_head_to_head_breaks_full_tie(club, owner):
    season, (a, b) = _entered_season(club, owner, 2, table_size=2, rounds=2, points=[1, 1])
    services.season_start(season=season, user=owner)
    game = season.round_set.get(number=1).tables.get().game
    idx = {s.user_id: s.index for s in game.seats.all()}
    # a ahead of b by place, but no win counted for either: make the winner seat a stand-in? use equal points
    finish(game, [idx[a.pk], idx[b.pk]])
    game2 = season.round_set.get(number=2).tables.get().game
    idx2 = {s.user_id: s.index for s in game2.seats.all()}
    finish(game2, [idx2[b.pk], idx2[a.pk]])
    rows = selectors.season_standings(season)
    # equal points (2 each), one win each, no missed turns, head to head 1:1 -> shared rank
    assert [r.points for r in rows] == [2, 2] and rows[0].rank == rows[1].rank == 1


def test_ratings_written_for_league_games(club, owner):
    season, _ = _entered_season(club, owner, 2, table_size=2, rounds=1)
    services.season_start(season=season, user=owner)
    game = season.round_set.get().tables.get().game
    finish(game, [0, 1])
    entries = RatingEntry.objects.filter(game=game).order_by("place")
    assert entries.count() == 2 and entries[0].mu > entries[1].mu and not entries[0].with_bot


def test_entries_listed(club, owner):
    season, members = _entered_season(club, owner, 3)
    assert Entry.objects.filter(season=season).count() == 3
    with pytest.raises(InvalidRequest):
        services.season_enter(user=members[0], season=season)


def test_round_mail_in_the_players_language(club, owner, django_capture_on_commit_callbacks):
    german = UserFactory(language="de")
    services.club_join_by_link(user=german, club=club, code=club.invite_code)
    (english,) = add_members(club, 1)
    season = make_season(club, owner)
    for user in (german, english):
        services.season_enter(user=user, season=season)
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        services.season_start(season=season, user=owner)
    by_recipient = {m.to[0]: m for m in mail.outbox}
    assert "Runde 1" in by_recipient[german.email].subject and "Ihr Tisch" in by_recipient[german.email].body
    assert "round 1" in by_recipient[english.email].subject and german.public_name in by_recipient[english.email].body
    game = season.round_set.get().tables.get().game
    assert f"/games/{game.pk}/" in by_recipient[german.email].body
    # a retried task sends nothing twice
    from leagues import mails

    assert mails.send_round(season.round_set.get()) == 0


def test_a_withdrawal_during_the_setup_hands_the_setup_steps_to_the_stand_in(
        club, owner, settings, django_capture_on_commit_callbacks):
    """R-134: a league game whose player withdraws before play begins does not stall in its setup."""
    from games.engine.playout import acting_seat
    from games.persistence import load_state

    settings.BOT_STEP_PAUSE_SECONDS = 0
    season, members = _entered_season(club, owner, 2, table_size=2, rounds=1)
    services.season_start(season=season, user=owner)
    game = Game.objects.get(seats__user=members[0])
    assert game.status == Game.Status.SETUP
    quitter_index = acting_seat(load_state(game))
    quitter = game.seats.get(index=quitter_index).user
    with django_capture_on_commit_callbacks(execute=True):
        services.season_withdraw(user=quitter, season=season)
    game.refresh_from_db()
    # The stand-in made the quitter's setup steps: now the other player must act (or play has begun).
    assert game.version > 0
    assert game.phase == "play" or acting_seat(load_state(game)) != quitter_index
