"""The cooperative variant's fight against the Namenloser and the villains' growing strength (issue 18).

"Der Kampf gegen den Namenlosen läuft ein wenig anders ab: Es müssen alle drei Proben abgelegt werden."
The Krieger (magic 3, ranged 3, melee 7) is trained to 9 in each skill here; (1, 1) passes and (6, 6) fails.
"""

from __future__ import annotations

import pytest

from games.engine.core.actions import ChallengeNamenloser
from games.engine.core.coop import CoopState

from .helpers import act, begun, empty_bag, kinds_of, legal, play_state, put_token

PASS = (1, 1)
FAIL = (6, 6)


def at_the_namenloser(content, card="koenig_der_finsternis", dead=0, lp=None):
    state = play_state(content, [("krieger", "H3"), ("elf", "A1")])
    state.coop = CoopState(servants_dead=dead)
    empty_bag(state)
    state.heroes[0].gem = True
    state.heroes[0].training = {"magic": 6, "ranged": 6, "melee": 2}
    if lp is not None:
        state.heroes[0].lp = state.heroes[0].lp_max = lp
    state.namenloser_card = card
    put_token(state, "namenloser", "H3", face_up=True)
    for tid, field in (("grd-1", "H5"), ("grd-2", "H7"), ("grd-3", "H8"), ("grd-4", "H9")):
        put_token(state, tid, field)
    return begun(content, state)


def probes(events):
    return [(e.data["skill"], e.data["target"], e.data["passed"]) for e in events if e.kind == "probe"]


@pytest.mark.rule("COOP-33")
def test_all_three_probes_are_made_whether_the_magic_probe_passes_or_not(content):
    state = at_the_namenloser(content, lp=9)
    assert legal(content, state, kind=ChallengeNamenloser) == [ChallengeNamenloser(skill="magic")]
    card_lp = content.namenlose_cards["koenig_der_finsternis"].lp  # 7
    # magic passes, ranged fails, melee passes; round two: fail, pass, pass; round three: pass, pass, pass.
    rolls = PASS + FAIL + PASS + FAIL + PASS + PASS + PASS * 3
    state, events = act(content, state, ChallengeNamenloser(skill="magic"), rolls)
    skills = [skill for skill, _, _ in probes(events)]
    assert skills == ["magic", "ranged", "melee"] * 3
    assert kinds_of(events).count("boss_hit") == card_lp and kinds_of(events).count("hero_hit") == 2
    assert state.heroes[0].lp == 7 and state.phase == "finished" and state.winner == 0


@pytest.mark.rule("COOP-33")
def test_a_star_skill_without_its_weapon_is_left_out_of_the_round(content):
    """Ruling R-228: the Magier card's melee star needs the Schwert vom See; without it magic and ranged alternate."""
    state = at_the_namenloser(content, card="magier", lp=9)
    state, events = act(content, state, ChallengeNamenloser(skill="magic"), PASS * 5)
    assert [skill for skill, _, _ in probes(events)] == ["magic", "ranged", "magic", "ranged", "magic"]


@pytest.mark.rule("COOP-30", "COOP-31", "COOP-32")
@pytest.mark.parametrize(("dead", "modifier"), [(0, -3), (3, -4), (6, -5), (9, -6)])
def test_the_koenig_der_finsternis_grows_from_minus_three_to_minus_six_with_nine_dead_diener(content, dead,
                                                                                              modifier):
    state = at_the_namenloser(content, dead=dead, lp=9)
    state, events = act(content, state, ChallengeNamenloser(skill="magic"), PASS * 7)
    assert [target for _, target, _ in probes(events)][:3] == [9 + modifier] * 3
