"""The co-op variant on the site (issue 18): the create form, the game page, the villains' seat, the end.

Games are played through the services and the Django test client as people play them; the dice are
guided by swapping the title's ``dice_for`` (as tests/games/test_titles.py swaps its entry points).
"""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from games import services, tasks, variants
from games.engine.content import load_content
from games.errors import InvalidRequest
from games.models import Game, GameAction, Notification, Seat
from games.persistence import load_state
from tests.conftest import UserFactory
from tests.games import coop_guided
from tests.games.test_views_support import detail_url, legal, new_game, play_setup, post_action, state_of

pytestmark = pytest.mark.django_db

FORM = {
    "title": "Gemeinsam", "seat_count": "2", "deadline_hours": "48", "deadline_consequence": "skip",
    "missed_turn_limit": "3", "visibility": "public",
}


@pytest.mark.rule("COOP-13", "COOP-25")
def test_the_create_form_offers_the_coop_variant_and_its_villains_and_stores_them(logged_in_client, user):
    html = logged_in_client.get(reverse("games:lobby")).content.decode()
    assert "Co-op against extra-hard monsters (“Kooperativ gegen extraharte Monster”)" in html
    assert 'name="variant"' in html and 'value="person"' in html and 'value="automatic"' in html
    logged_in_client.post(reverse("games:create"), {**FORM, "variant": "coop", "villain": "person"})
    logged_in_client.post(reverse("games:create"), {**FORM, "title": "Nur Diener", "variant": "coop"})
    logged_in_client.post(reverse("games:create"), {**FORM, "title": "Wie immer", "villain": "person"})
    stored = {g.title: (g.variant, g.villain) for g in Game.objects.all()}
    assert stored == {"Gemeinsam": ("coop", "person"), "Nur Diener": ("coop", "automatic"),
                      "Wie immer": ("", "")}


def test_a_villain_player_needs_a_second_seat_for_a_hero(logged_in_client):
    response = logged_in_client.post(reverse("games:create"),
                                     {**FORM, "seat_count": "1", "variant": "coop", "villain": "person"})
    assert response.status_code == 400 and response.context["form"].errors["villain"]
    assert not Game.objects.exists()


@pytest.mark.parametrize("variant,villain,code", [
    ("chess", "", "variant_unknown"), ("", "person", "villain_without_coop"),
    ("coop", "nobody", "villain_unknown"),
])
def test_the_service_refuses_unknown_variants_and_villains(user, variant, villain, code):
    with pytest.raises(InvalidRequest) as refused:
        services.game_create(creator=user, title="X", seat_count=2, variant=variant, villain=villain)
    assert refused.value.key == code


@pytest.mark.rule("COOP-25")
def test_the_automatic_villains_get_their_own_seat_when_the_last_hero_sits_down(user, other_user):
    game = new_game(user, [other_user], variant="coop", villain="automatic")
    seats = list(game.seats.order_by("index"))
    assert game.seat_count == 2 and len(seats) == 3 and game.status == Game.Status.SETUP
    assert seats[2].user is None and not seats[2].is_bot and seats[2].bot_level == variants.AUTOMATIC_LEVEL
    assert variants.villain_seat(game) == 2
    client = Client()
    client.force_login(user)
    lobby = client.get(reverse("games:lobby")).content.decode()
    assert "2 of 2 seats taken" in lobby and "Co-op against extra-hard monsters</span>" in lobby


@pytest.mark.rule("COOP-13")
def test_a_villain_player_takes_the_last_seat_like_any_other(user, other_user):
    game = new_game(user, [other_user], variant="coop", villain="person")
    assert game.status == Game.Status.SETUP and game.seats.count() == 2
    assert variants.villain_seat(game) == 1 and Seat.objects.get(game=game, index=1).user == other_user


# --- complete games through the site ----------------------------------------------------------------------
def _play_through_the_site(game, clients, dice, capture, *, villain_seat, steps=400):
    """Every step the scenario takes, posted by its seat's player on the game page; the turn-start task
    runs after each commit (begin_turn, the automatic villains' march). Returns the villains' own steps."""
    content = load_content()
    villain_steps = 0
    for i in range(steps):
        game.refresh_from_db()
        if game.status == Game.Status.FINISHED:
            return villain_steps
        seat, action = coop_guided.next_action(content, load_state(game), dice, villain_seat)
        assert seat in clients, f"seat {seat} has no player to act: the turn-start task should have"
        villain_steps += seat == villain_seat
        version = game.version
        with capture(execute=True):
            response = post_action(clients[seat], game, action, key=f"coop-{i}")
        game.refresh_from_db()
        assert response.status_code == 302 and game.version > version, (seat, action)
    raise AssertionError("the co-op game did not finish")


def _clients(users):
    made = {}
    for seat, user in users.items():
        made[seat] = Client()
        made[seat].force_login(user)
    return made


@pytest.mark.slow
@pytest.mark.rule("COOP-09", "COOP-12", "COOP-25")
def test_a_coop_game_is_played_from_the_form_to_the_heroes_win_on_the_site(
        monkeypatch, django_capture_on_commit_callbacks):
    dice = coop_guided.install(monkeypatch)
    alma, bodo = UserFactory(username="alma", language="en"), UserFactory(username="bodo", language="en")
    clients = _clients({0: alma, 1: bodo})
    clients[0].post(reverse("games:create"), {**FORM, "variant": "coop", "villain": "automatic"})
    game = Game.objects.get(title="Gemeinsam")
    with django_capture_on_commit_callbacks(execute=True):
        clients[1].post(reverse("games:join", args=[game.pk]))
    assert _play_through_the_site(game, clients, dice, django_capture_on_commit_callbacks, villain_seat=2) == 0
    marches = GameAction.objects.filter(game=game, seat=2)
    assert marches.count() >= 1, "the villains' seat had turns: the Diener marched after the Namenloser came"
    assert all(row.actor is None and row.action == {"kind": "march_servants"}
               and row.idempotency_key.startswith("villains:") for row in marches)
    html = clients[1].get(detail_url(game)).content.decode()
    assert "The heroes have won together!" in html and "Co-op: the heroes against the villains" in html
    assert "has won the game!" not in html  # the variant's own end, not the ordinary winner's line
    log = clients[1].get(reverse("games:log", args=[game.pk])).content.decode()
    assert "The servants march toward the temple." in log


# --- the villains' seat in a person's hands, and the variant's ends --------------------------------------------
def _villain_game():
    alma, bodo = UserFactory(username="alma", language="en"), UserFactory(username="bodo", language="en")
    carla = UserFactory(username="carla", language="en")
    game = play_setup(new_game(alma, [bodo, carla], variant="coop", villain="person"))
    return game, {0: alma, 1: bodo, 2: carla}


@pytest.mark.rule("COOP-13", "COOP-18")
def test_a_person_leads_the_villains_on_the_game_page_and_is_told_of_the_turn(
        django_capture_on_commit_callbacks):
    game, users = _villain_game()
    game = coop_guided.set_position(game, servants={"srv-01": "N6", "srv-02": "N11"}, current=2)
    tasks.begin_turn(game.pk, game.turn_number)  # the turn start: a villain player is told, nothing is rolled
    assert Notification.objects.filter(user=users[2], game=game, kind="your_turn").exists()
    assert not GameAction.objects.filter(game=game, idempotency_key__startswith="villains:").exists()
    villain = Client()
    villain.force_login(users[2])
    html = villain.get(detail_url(game)).content.decode()
    assert "It is your turn." in html and "Move a servant one field" in html
    assert "carla leads the villains." in html and "That is you." in html and "held by" in html
    step = next(a for a in legal(game, 2)[1] if a.kind == "move_servant" and a.token == "srv-01")
    with django_capture_on_commit_callbacks(execute=True):
        assert post_action(villain, game, step, key="v-1").status_code == 302
    assert state_of(game).tokens["srv-01"].field == step.to and state_of(game).coop.points_left() == 4
    with django_capture_on_commit_callbacks(execute=True):
        post_action(villain, game, {"kind": "end_turn"}, key="v-2")
    game.refresh_from_db()
    assert game.current_seat != 2 and state_of(game).turn_state.begun, "the next hero's turn has begun"
    log = villain.get(reverse("games:log", args=[game.pk])).content.decode()
    assert "carla moves the servant" in log and "(4 points left)" in log


@pytest.mark.rule("COOP-14", "COOP-17")
def test_the_game_page_tells_the_heroes_they_lost_when_the_villains_hold_the_fires(client):
    game, users = _villain_game()
    fires = {"srv-01": "N9", "srv-02": "N10", "srv-03": "N11", "srv-04": "N12"}
    game = coop_guided.set_position(game, servants=fires, lost=True)
    client.force_login(users[0])
    html = client.get(detail_url(game)).content.decode()
    assert "The villains have taken the fires." in html and "The temple's fires: 4 of 4 held" in html
    assert "has won the game!" not in html and 'class="winner"' not in html
    assert "Check the dice yourself" in html  # a co-op game replays as one on the dice page


@pytest.mark.rule("COOP-60")
def test_the_game_page_tells_a_group_of_three_it_lost_against_the_namenloser(client):
    game, users = _villain_game()
    game = coop_guided.set_position(game, groups=[(0, 1)], lost=True)
    client.force_login(users[1])
    html = client.get(detail_url(game)).content.decode()
    assert "The heroes have lost together." in html and "A group of three lost against the Namenloser" in html


@pytest.mark.rule("COOP-04", "COOP-08")
def test_the_page_shows_the_groups_and_the_reward_every_member_answers(client):
    game, users = _villain_game()
    reward = {"token": "srv-05", "leader": 0, "recipient": 1, "waiting": [1], "proposed": [1], "ambush": False}
    game = coop_guided.set_position(game, groups=[(0, 1)], reward=reward)
    client.force_login(users[1])
    html = client.get(detail_url(game)).content.decode()
    assert "alma + bodo" in html and "(your group)" in html
    assert "The group's reward for" in html and "bodo: has not answered yet" in html and "alma: proposes" in html


@pytest.mark.rule("COOP-13")
def test_a_bot_takes_the_villains_seat_from_the_lobby_and_moves_the_servants():
    alma = UserFactory(username="alma", language="en")
    game = new_game(alma, seat_count=2, variant="coop", villain="person")
    bot = services.add_bot(game=game, user=alma, level="normal")
    game.refresh_from_db()
    assert bot.index == variants.villain_seat(game) == 1 and game.status == Game.Status.SETUP
    game = coop_guided.set_position(play_setup(game), servants={"srv-01": "N6", "srv-02": "N1"}, current=1)
    for _ in range(8):
        game.refresh_from_db()
        if game.current_seat != 1 or not services.play_step(game_id=game.pk, version=game.version):
            break
    steps = list(GameAction.objects.filter(game=game, seat=1).values_list("action__kind", flat=True))
    assert steps and steps[-1] == "end_turn" and set(steps) <= {"move_servant", "end_turn"}
    assert game.current_seat == 0, "the bot ended the villains' turn; the heroes play on"


@pytest.mark.rule("COOP-25")
def test_the_turn_start_task_marches_the_automatic_servants_once(user, other_user, django_capture_on_commit_callbacks):
    game = play_setup(new_game(user, [other_user], variant="coop", villain="automatic"))
    game = coop_guided.set_position(game, servants={"srv-01": "N1", "srv-02": "N7"}, current=2)
    before = state_of(game).tokens["srv-01"].field
    with django_capture_on_commit_callbacks(execute=True):
        tasks.begin_turn(game.pk, game.turn_number)
        tasks.begin_turn(game.pk, game.turn_number)  # a retried task: nothing twice
    marches = GameAction.objects.filter(game=game, seat=2)
    assert [(m.action["kind"], m.idempotency_key, m.actor) for m in marches] == [
        ("march_servants", f"villains:{game.turn_number}", None)]
    assert any(e["kind"] == "villain_marches" for e in marches[0].events)
    state = state_of(game)
    assert state.tokens["srv-01"].field != before, "the Diener nearest the temple walked"
    assert state.current == state.first_seat and state.turn_state.begun, "the next round began at once"
    assert not Notification.objects.filter(game=game, user=None).exists()
