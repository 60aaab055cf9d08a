"""Effects as data (issue 12, docs/architecture.md "Effects as data"): every effect name the content uses
is defined exactly once, in the registry of its family, and every definition is used by the content."""

from __future__ import annotations

import ast
import dataclasses
import pathlib
import re
from collections import Counter

import pytest

from games.engine import registry
from games.engine.content.model import TokenCategory
from games.engine.core import rules as R
from games.engine.core.actions import ChooseCell, ChooseOption, UseEncounter
from games.engine.core.board import place, places
from games.engine.effects.rewards import grant_gold
from games.engine.rules import bazaar, encounters, events_tokens

from .helpers import Ctx_for, act, begun, empty_bag, give_item, kinds_of, legal, play_state, put_token, rules_of

CATALOGUE = pathlib.Path(__file__).resolve().parents[2] / "docs" / "rules" / "catalogue.md"


def _used(names):
    return {name for group in names for name in group}


@pytest.mark.parametrize("families, used", [
    (registry.TOKEN_EFFECTS, lambda content: _used(t.effects for t in content.tokens.values())),
    (registry.ITEM_EFFECTS, lambda content: _used(i.flags for i in content.items.values())),
    (registry.QUEST_REWARDS, lambda content: _used([t.quest.reward_special] for t in content.tokens.values()
                                                   if t.quest is not None and t.quest.reward_special)),
], ids=["token effects", "item flags", "quest rewards"])
def test_every_effect_the_content_names_has_exactly_one_definition_and_each_is_used(content, families, used):
    defined = Counter(name for family in families.values() for name in family)
    assert [name for name, n in defined.items() if n > 1] == [], "a name defined in two families"
    names = used(content)
    assert sorted(names - set(defined)) == [], "names in the content without a definition"
    assert sorted(set(defined) - names) == [], "definitions the content never uses"


def test_every_definition_cites_a_rule_of_the_catalogue():
    ids = set(re.findall(r"^\| ([A-Z]+-[A-Z0-9]+) ", CATALOGUE.read_text(), flags=re.M))
    cited = {f"{kind}:{name}": definition.rule  # type: ignore[attr-defined]
             for families in (registry.TOKEN_EFFECTS, registry.ITEM_EFFECTS, registry.QUEST_REWARDS)
             for kind, family in families.items() for name, definition in family.items()}
    assert {key: rule for key, rule in cited.items() if rule not in ids} == {}


def test_the_shipped_content_names_no_unknown_effect(content):
    assert registry.unknown_effects(content) == []


def test_an_unknown_effect_is_reported_with_its_file_and_field(content):
    tokens = {**content.tokens, "fd-46": dataclasses.replace(content.tokens["fd-46"], effects=("heal_d7",))}
    items = {**content.items, "seil": dataclasses.replace(content.items["seil"], flags=("rope", "lasso"))}
    broken = dataclasses.replace(content, tokens=tokens, items=items)
    assert registry.unknown_effects(broken) == [
        "tokens.yaml: tokens[fd-46].effects: unknown effect 'heal_d7'",
        "items.yaml: items[seil].flags: unknown flag 'lasso'",
    ]


def test_an_unknown_special_reward_is_reported_with_its_file_and_field(content):
    """QUEST-18/QUEST-20: a quest's special reward is an effect like the others, checked against
    rules/quests.REWARDS instead of a list of its own in the content reader."""
    tid = next(t for t, token in sorted(content.tokens.items()) if token.quest and token.quest.reward_special)
    quest = dataclasses.replace(content.tokens[tid].quest, reward_special="fly")
    broken = dataclasses.replace(content, tokens={**content.tokens,
                                                  tid: dataclasses.replace(content.tokens[tid], quest=quest)})
    assert registry.unknown_effects(broken) == [
        f"tokens.yaml: tokens[{tid}].quest.reward_special: unknown special reward 'fly'"]


def test_a_basar_offers_as_many_items_as_its_effect_says():
    """BUY-01: the small Basar offers 3 items, the large one 6; the sizes live in the effect only."""
    assert {name: b.offers for name, b in bazaar.EFFECTS.items()} == {"bazaar_small": 3, "bazaar_large": 6}
    assert "bazaar_small" not in encounters.EFFECTS and "bazaar_large" not in encounters.EFFECTS


def test_a_new_encounter_is_its_yaml_name_and_one_definition(content, monkeypatch):
    """What the architecture promises: a token naming a new effect, and one Encounter for it, make a
    working encounter — offered, paid for, applied — without touching any rule module."""
    def blessing(ctx, seat, tid, option):
        grant_gold(ctx, seat, 3, R.BEGGAR, "blessing")

    monkeypatch.setitem(encounters.EFFECTS, "blessing", encounters.Encounter(R.BEGGAR, blessing, paid=True))
    tokens = {**content.tokens, "fd-46": dataclasses.replace(content.tokens["fd-46"], effects=("blessing",))}
    blessed = dataclasses.replace(content, tokens=tokens)
    assert registry.unknown_effects(blessed) == []
    state = play_state(blessed, [("krieger", "A1")])
    empty_bag(state)
    put_token(state, "fd-46", "A1", face_up=True)
    state.heroes[0].gold = 1
    state = begun(blessed, state)
    assert legal(blessed, state, kind=UseEncounter) == [UseEncounter(token="fd-46")]
    state, events = act(blessed, state, UseEncounter(token="fd-46"))
    assert [k for k in kinds_of(events) if k.startswith("encounter_")] == ["encounter_used", "encounter_paid"]
    assert state.heroes[0].gold == 3  # 1 paid, 3 given


ACTIVE_ENCOUNTERS = sorted(name for name, effect in encounters.EFFECTS.items() if effect.apply is not None)


@pytest.mark.parametrize("name", ACTIVE_ENCOUNTERS)
def test_using_each_encounter_cites_the_rule_of_its_definition(content, name):
    """A definition's rule is the one its application follows: using the encounter records it."""
    tid = min(t for t, token in content.tokens.items() if name in token.effects)
    state = play_state(content, [("krieger", "A1")])
    empty_bag(state)
    put_token(state, tid, "A1", face_up=True)
    hero = state.heroes[0]
    hero.gold, hero.xp = 9, {"blue": 1, "green": 1, "red": 1}
    if name == "peek_boss":
        state.namenloser_card, state.dragon_card = "daemon", "gruener_drache"
    if name == "magister":
        weapon = content.tokens[tid].weapon
        for part in ("scroll", "material"):
            face = next(i.key for i in content.items.values() if i.category == part
                        and any(t.back == i.key and t.weapon == weapon for t in content.tokens.values()))
            give_item(content, state, 0, face)
    state = begun(content, state)
    offered = legal(content, state, kind=UseEncounter)
    assert offered, f"{name} is not offered"
    state, events = act(content, state, offered[0], rolls=(1,) * 12)
    for cell in (0, 24) if name == "swap_regions" else ():  # the Leitsage swaps two cards after the probe
        state, more = act(content, state, ChooseCell(cell=cell))
        events = [*events, *more]
    assert encounters.EFFECTS[name].rule in rules_of(events)


@pytest.mark.parametrize("name", sorted(events_tokens.EFFECTS))
def test_each_event_cites_the_rule_of_its_definition(content, name):
    tid = min(t for t, token in content.tokens.items() if name in token.effects)
    state = play_state(content, [("krieger", "A1"), ("elf", "B1")])
    state.heroes[0].gold = state.heroes[1].gold = 2
    ctx = Ctx_for(content, state, rolls=(1,) * 12)
    dragon = content.tokens[tid].category is TokenCategory.DRAGON_EVENT
    (ctx.hooks.resolve_dragon_event if dragon else ctx.hooks.resolve_event)(ctx, 0, tid)
    events = list(ctx.events)
    if name == "dragon_attack":  # each hero first chooses the skill of his probe against the dragon
        state, more = act(content, state, ChooseOption(option="melee"), rolls=(1, 1))
        events += more
    assert events_tokens.EFFECTS[name].rule in rules_of(events)


def test_a_passive_encounter_is_never_used_as_an_action(content):
    """The Basare (rules/bazaar.EFFECTS), the Kahn, Orchan, the Müllhalde and the Waldläufer act through
    the rules that read them."""
    passive = [tid for tid, token in content.tokens.items()
               if token.effects and all(encounters.EFFECTS[name].apply is None for name in token.effects
                                        if name in encounters.EFFECTS)
               and set(token.effects) <= set(encounters.EFFECTS) | set(bazaar.EFFECTS)]
    assert len(passive) >= 6
    state = play_state(content, [("krieger", "A1")])
    state.heroes[0].gold = 9
    for tid in passive:
        assert encounters.encounter_options(content, state, 0, tid) == []


# --- places ---------------------------------------------------------------------------------------------------
ENGINE_DIR = pathlib.Path(__file__).resolve().parents[2] / "games" / "engine"
COORDINATE = re.compile(r"^[A-Z][0-9]+$")

# Where the rulebook puts each place the rules look up by name (regions.yaml's sites and kinds of field).
PLACES = {
    "city": ("S1",), "dump": ("S2",), "royal_court": ("J5",), "temple": ("N5",), "white_village": ("I5",),
    "forge": ("R2",), "witch_house": ("K2",), "kerberos_threshold": ("Z6",), "island": ("Y7",),
    "orchan_landing": ("Y5",), "boat_landing": ("L2", "L4"), "caravanserai": ("W1",), "oasis": ("W6",),
    "drifted_trail": ("W5",), "mountain_pass": ("C5", "D5"), "labyrinth_corner": ("U1", "U3", "U4", "U6"),
    "dragon": ("V9",), "drachenmensch": ("V10",), "dragon_death": ("V11",),
    "namenloser_death": ("H1", "H2", "H4", "H6"),
}


def test_the_places_the_rules_name_lie_where_the_rulebook_puts_them(content):
    assert {name: places(content, name) for name in PLACES} == PLACES
    assert place(content, "temple") == "N5"
    with pytest.raises(ValueError):
        place(content, "labyrinth_corner")  # four fields: place() wants exactly one


def _coordinates(path: pathlib.Path) -> list[tuple[int, str]]:
    tree = ast.parse(path.read_text())
    docstrings = {id(node.body[0].value) for node in ast.walk(tree)
                  if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef)) and node.body
                  and isinstance(node.body[0], ast.Expr) and isinstance(node.body[0].value, ast.Constant)}
    return [(node.lineno, node.value) for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings
            and COORDINATE.match(node.value)]


@pytest.mark.parametrize("path", sorted(p for layer in ("core", "effects", "rules")
                                       for p in (ENGINE_DIR / layer).rglob("*.py")),
                         ids=lambda p: str(p.relative_to(ENGINE_DIR)))
def test_rule_code_spells_no_coordinates(path):
    """Places come from the content (core.board.place), so a board of other cards needs no code change."""
    assert _coordinates(path) == []
