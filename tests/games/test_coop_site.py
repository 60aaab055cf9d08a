"""The co-op variant on the site (issue 18): the create form, the game page, the villains' seat, the end.

Games are played through the services and the Django test client as people play them; the dice are
guided by swapping the title's ``dice_for`` (as tests/games/test_titles.py swaps its entry points).
"""

from __future__ import annotations

import pytest
from django.urls import reverse

from games import services, variants
from games.errors import InvalidRequest
from games.models import Game, Seat
from tests.games.test_views_support import new_game

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


@pytest.mark.rule("COOP-13")
def test_a_villain_player_takes_the_last_seat_like_any_other(user, other_user):
    game = new_game(user, [other_user], variant="coop", villain="person")
    assert game.status == Game.Status.SETUP and game.seats.count() == 2
    assert Seat.objects.get(game=game, index=1).user == other_user == game.seats.get(index=variants.villain_seat(game)).user
