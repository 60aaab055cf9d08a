"""The leak hunter, site side (issue 13, R-111): a game near its end — a Heldentat with its last
part due, the Namenloser's guardians, secret boss cards — is played through the site; after each
step every surface another seat or a spectator can fetch (game page, poll partial, log page, API
detail/state/log/actions/heroes/tokens/board, mails) is searched for the
secrets of the others and for the seed."""

from __future__ import annotations

import itertools
import json
import random

import pytest
from django.core import mail
from django.test import Client
from django.urls import reverse
from rest_framework.test import APIClient

from games.engine import legal_actions
from games.engine.content import load_content
from games.engine.playout import acting_seat
from games.models import Game, GameAction
from games.persistence import apply_game_fields, load_state, write_changes
from tests.conftest import UserFactory
from tests.engine.helpers import empty_bag, play_state
from tests.engine.test_endgame import put_on_deed_card, with_dragon, with_namenloser
from tests.fairplay.leaks import found_in, secrets_of_others
from tests.games.test_views_support import new_game, play_setup, users_by_seat

pytestmark = pytest.mark.django_db
_keys = itertools.count(1)


def near_the_end(content):
    """Seat 0 (Krieger on his manor H1) has the Ahnenbanner's last part on his deed card; the
    Namenloser and his guardians wait in H; the dragon card is drawn; seat 1 holds a scroll part."""
    state = play_state(content, [("krieger", "H1"), ("elf", "A1")])
    empty_bag(state)
    with_namenloser(content, state)
    with_dragon(content, state, card="roter_drache")
    state.revealed_cards = []
    hero = state.heroes[0]
    hero.deed, hero.deed_parts = "banner_der_ahnen", 2
    put_on_deed_card(content, state, 0, "dp-banner-2", flipped=True)
    state.heroes[1].deed = "goldene_kugel"
    put_on_deed_card(content, state, 1, "dp-kugel-1")
    return state


def inject(game, state):
    old = load_state(game)
    write_changes(game, old, state)
    fields = apply_game_fields(game, state)
    game.status = Game.Status.RUNNING
    game.save(update_fields=[*fields, "status"])
    GameAction.objects.filter(game=game).delete()  # the log starts here


def surfaces(game, client, api) -> str:
    gid = game.pk
    pages = [client.get(reverse(name, args=[gid])).content.decode()
             for name in ("games:detail", "games:log")]
    pages.append(client.get(reverse("games:poll", args=[gid]), {"stamp": "x"}).content.decode())
    for part in ("", "state/", "log/", "actions/", "heroes/", "tokens/", "board/"):
        response = api.get(f"/api/v1/games/{gid}/{part}")
        assert response.status_code in (200, 401, 403, 404), (part, response.status_code)
        pages.append(response.content.decode())
    pages.extend(f"{m.subject}\n{m.body}\n{json.dumps([a[0] for a in m.alternatives])}" for m in mail.outbox)
    return "\n".join(pages)


def viewers(game):
    """(seat or None, web client, API client) for each seat and for two spectators."""
    result = []
    for seat, user in users_by_seat(game).items():
        web, api = Client(), APIClient()
        web.force_login(user)
        api.force_authenticate(user)
        result.append((seat, web, api))
    stranger = UserFactory()
    web, api = Client(), APIClient()
    web.force_login(stranger)
    api.force_authenticate(stranger)
    result.append((None, web, api))
    result.append((None, Client(), APIClient()))  # anonymous
    return result


def check(game, content):
    state = load_state(game)
    for seat, web, api in viewers(game):
        secrets = secrets_of_others(content, [state], seat)
        if game.status != Game.Status.FINISHED:
            secrets.add(game.seed)
        shown = surfaces(game, web, api)
        hits = found_in(secrets, shown) | {s for s in secrets if s == game.seed and s in shown}
        assert not hits, (seat, hits)


# A long playout through the whole site: in `make test` and CI, not in the inner loop.
@pytest.mark.slow
def test_nothing_another_seat_or_a_spectator_fetches_shows_a_secret(user, other_user):
    content = load_content()
    game = play_setup(new_game(user, [other_user], seed="leak-hunter-site"))
    inject(game, near_the_end(content))
    apis = {}
    for seat, u in users_by_seat(game).items():
        apis[seat] = APIClient()
        apis[seat].force_authenticate(u)
    rng = random.Random(5)
    kinds = []
    for step in range(24):
        game.refresh_from_db()
        state = load_state(game)
        seat = acting_seat(state)
        actions = legal_actions(content, state, seat)
        if not actions:
            break
        wanted = [a for a in actions if a.kind == "fulfil_deed"] or actions
        action = rng.choice(wanted)
        response = apis[seat].post(f"/api/v1/games/{game.pk}/actions/",
                                   {"action": action.to_json(), "expected_version": game.version},
                                   format="json", HTTP_IDEMPOTENCY_KEY=f"leak-{next(_keys)}")
        assert response.status_code == 201, response.json()
        kinds.append(action.kind)
        game.refresh_from_db()
        # The submit answer is the actor's own: it may show him his secrets, nobody else gets it.
        if step < 3 or step % 6 == 0:
            check(game, content)
    assert "fulfil_deed" in kinds
    log = GameAction.objects.filter(game=game).values_list("events", flat=True)
    assert any(e["kind"] == "deed_delivered" for events in log for e in events)


def test_the_replay_shows_no_seat_the_others_secrets_at_any_step(user, other_user):
    from games.replay import replay_state
    from games.services import action_submit

    content = load_content()
    game = play_setup(new_game(user, [other_user], seed="leak-hunter-replay"))
    rng = random.Random(9)
    for i in range(40):
        game.refresh_from_db()
        state = load_state(game)
        seat = acting_seat(state)
        actions = legal_actions(content, state, seat)
        if not actions:
            break
        action_submit(game=game, user=users_by_seat(game)[seat], action=rng.choice(actions).to_json(),
                      expected_version=game.version, idempotency_key=f"replay-{i}")
    game.refresh_from_db()
    steps = list(GameAction.objects.filter(game=game).values_list("sequence", flat=True))
    for seat, web, _api in viewers(game):
        for step in steps[::7]:
            secrets = secrets_of_others(content, [replay_state(game, upto=step), load_state(game)], seat)
            secrets.add(game.seed)
            page = web.get(reverse("games:replay", args=[game.pk]), {"step": step}).content.decode()
            hits = found_in(secrets, page) | ({game.seed} if game.seed in page else set())
            assert not hits, (seat, step, hits)
