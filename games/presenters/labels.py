"""The words of the legal actions: each action kind's label, each parameter's label, each choice value,
and the names of what a parameter's value points at (heroes, squares, fields, tokens).

The engine describes its actions by kind and parameter names only; this module gives them words, in
gettext, for the game page, the API and the log (the engine's own ``LABEL_*``/``label_*`` fields are not
read by the site). ``tests/games/test_text_layer.py`` proves every kind, parameter and choice value the
engine offers has a label here, in English and German.
"""

from __future__ import annotations

from typing import Any

from django.utils.functional import Promise
from django.utils.translation import gettext, gettext_lazy

from games.engine.content.model import Content
from games.engine.core.actions import ACTION_KINDS, Param
from games.engine.core.board import row_col

# Each action kind's label, as the game page's group heading, the API's "label" and the log's step.
ACTION_LABELS = {
    "choose_hero": gettext_lazy("Choose your hero"),
    "place_region": gettext_lazy("Place your region card"),
    "place_manor": gettext_lazy("Place your manor"),
    "choose_axis": gettext_lazy("Axis for your card's two face-down tokens"),
    "begin_turn": gettext_lazy("Begin the turn (start-of-turn rolls)"),
    "choose_movement": gettext_lazy("Choose how to move this turn"),
    "move": gettext_lazy("Move one field"),
    "fly": gettext_lazy("Fly (broom or Pegasus)"),
    "jump": gettext_lazy("Jump four fields (jumping shoes)"),
    "use_teleporter": gettext_lazy("Use the teleporter (roll 1d6)"),
    "roll_labyrinth": gettext_lazy("Roll in the labyrinth (1d6)"),
    "choose_die": gettext_lazy("Choose a die"),
    "lose_lp": gettext_lazy("Choose which LP to lose"),
    "keep_item": gettext_lazy("Choose the item your heir inherits"),
    "end_movement": gettext_lazy("End movement"),
    "end_turn": gettext_lazy("End the turn"),
    "choose_gift": gettext_lazy("Mage: 3 gold or a spell"),
    "fight": gettext_lazy("Fight a monster"),
    "fight_lightning": gettext_lazy("Fight with the Lightning Bolt (magic, monsters without a blue point)"),
    "evade": gettext_lazy("Hobbit: try to evade the fight (1–3 on 1d6)"),
    "pick_up": gettext_lazy("Pick up an item"),
    "drop_item": gettext_lazy("Drop an item"),
    "use_item": gettext_lazy("Use an item (healing potion, herbs)"),
    "cast_spell": gettext_lazy("Cast a spell during movement (Vision, Invisibility)"),
    "accept_quest": gettext_lazy("Accept a quest"),
    "drop_quest": gettext_lazy("Lay down a quest"),
    "fulfil_quest": gettext_lazy("Fulfil a quest"),
    "use_encounter": gettext_lazy("Use an encounter"),
    "call_bazaar": gettext_lazy("Call a Basar"),
    "buy": gettext_lazy("Buy an item of the offer"),
    "offer_item": gettext_lazy("Offer an item to another player"),
    "form_group": gettext_lazy("Form a group with another hero here"),
    "hand_item": gettext_lazy("Hand an item to a member of your group"),
    "hand_quest": gettext_lazy("Hand a quest to a member of your group"),
    "choose_seat": gettext_lazy("Choose a member of the group"),
    "move_servant": gettext_lazy("Move a servant one field"),
    "march_servants": gettext_lazy("Let the servants march"),
    "rest": gettext_lazy("Rest for the whole turn (heal)"),
    "paladin_heal": gettext_lazy("Paladin: heal 1 LP (2–5 on 1d6)"),
    "steal": gettext_lazy("Flink: steal 1 gold (2d6 at most 7)"),
    "set_dice_policy": gettext_lazy("Experience dice: keep the best two automatically, or ask"),
    "keep_dice": gettext_lazy("Choose the two dice that count"),
    "use_boost": gettext_lazy("Use a spell for this probe (Spell Scroll, experience)?"),
    "choose_xp": gettext_lazy("Choose the colour of an experience die"),
    "place_token": gettext_lazy("Place the drawn face-down token on a free beige field"),
    "make_room": gettext_lazy("No room for the item: drop one of yours, or leave it on the field"),
    "answer_offer": gettext_lazy("Buy the offered item or decline"),
    "choose_field": gettext_lazy("Choose a field"),
    "choose_cell": gettext_lazy("Choose a region card"),
    "choose_option": gettext_lazy("Choose"),
    "choose_deed": gettext_lazy("Choose a Heldentat at the royal court (final)"),
    "fulfil_deed": gettext_lazy("Fulfil the next part of your Heldentat"),
    "challenge_namenloser": gettext_lazy("Fight the Namenloser (to the death, in this turn)"),
    "challenge_dragon": gettext_lazy("Fight the dragon (pay the hoard in experience dice, then to the death)"),
}

# Each parameter's label, keyed by (action kind, parameter name): the same name means different
# things in different kinds (a "token" is a monster to fight, an item to drop, a quest to accept).
PARAM_LABELS = {
    ("choose_hero", "hero"): gettext_lazy("Hero"),
    ("choose_hero", "spell"): gettext_lazy("Spell instead of 3 gold (Mage)"),
    ("place_region", "cell"): gettext_lazy("Square (row*5+column)"),
    ("place_manor", "field"): gettext_lazy("Beige field beside the manor"),
    ("choose_axis", "axis"): gettext_lazy("Axis"),
    ("choose_movement", "mode"): gettext_lazy("Movement"),
    ("move", "to"): gettext_lazy("To field"),
    ("fly", "to"): gettext_lazy("To field"),
    ("jump", "to"): gettext_lazy("To field"),
    ("choose_die", "value"): gettext_lazy("Die"),
    ("lose_lp", "source"): gettext_lazy("Which LP"),
    ("keep_item", "token"): gettext_lazy("Item"),
    ("choose_gift", "choice"): gettext_lazy("Gold or spell"),
    ("fight", "token"): gettext_lazy("Monster"),
    ("fight", "skill"): gettext_lazy("Skill (a coloured point of the token)"),
    ("fight_lightning", "token"): gettext_lazy("Monster"),
    ("pick_up", "token"): gettext_lazy("Item"),
    ("drop_item", "token"): gettext_lazy("Item"),
    ("use_item", "token"): gettext_lazy("Item"),
    ("use_item", "amount"): gettext_lazy("LP to heal (Roter Heiltrank)"),
    ("cast_spell", "token"): gettext_lazy("Spell"),
    ("cast_spell", "field"): gettext_lazy("Field to look at (Vision)"),
    ("accept_quest", "token"): gettext_lazy("Quest"),
    ("accept_quest", "swap"): gettext_lazy("Quest to lay down in exchange (at four quests)"),
    ("drop_quest", "token"): gettext_lazy("Quest"),
    ("fulfil_quest", "token"): gettext_lazy("Quest"),
    ("use_encounter", "token"): gettext_lazy("Encounter"),
    ("use_encounter", "option"): gettext_lazy("Choice (skill, card ...)"),
    ("buy", "token"): gettext_lazy("Item"),
    ("offer_item", "token"): gettext_lazy("Item"),
    ("offer_item", "seat"): gettext_lazy("Player (seat)"),
    ("form_group", "seat"): gettext_lazy("Player (seat)"),
    ("hand_item", "token"): gettext_lazy("Item"),
    ("hand_item", "seat"): gettext_lazy("Player (seat)"),
    ("hand_quest", "token"): gettext_lazy("Quest"),
    ("hand_quest", "seat"): gettext_lazy("Player (seat)"),
    ("choose_seat", "seat"): gettext_lazy("Player (seat)"),
    ("move_servant", "token"): gettext_lazy("Servant"),
    ("move_servant", "to"): gettext_lazy("To field"),
    ("steal", "seat"): gettext_lazy("From player (seat)"),
    ("set_dice_policy", "policy"): gettext_lazy("Policy"),
    ("keep_dice", "dice"): gettext_lazy("Two dice"),
    ("use_boost", "boost"): gettext_lazy("Spell or none"),
    ("choose_xp", "colour"): gettext_lazy("Colour (or gold: Orc)"),
    ("place_token", "field"): gettext_lazy("Field"),
    ("make_room", "token"): gettext_lazy("Item to drop, or leave"),
    ("answer_offer", "answer"): gettext_lazy("Answer"),
    ("choose_field", "field"): gettext_lazy("Field"),
    ("choose_cell", "cell"): gettext_lazy("Square (row*5+column)"),
    ("choose_option", "option"): gettext_lazy("Option"),
    ("choose_deed", "deed"): gettext_lazy("Heldentat"),
    ("fulfil_deed", "skill"): gettext_lazy("Skill for the probe (an encounter)"),
    ("challenge_namenloser", "skill"): gettext_lazy("Skill for the whole fight"),
    ("challenge_dragon", "skill"): gettext_lazy("Skill of your magic weapon"),
}

# Parameters whose value is a token a hero holds (or buys) as an item: they name the item, not the token's
# front ("Dolch", not the monster "Räuber" it was won from).
HELD_ITEM_PARAMS = frozenset({
    ("choose_hero", "spell"), ("keep_item", "token"), ("pick_up", "token"), ("drop_item", "token"),
    ("use_item", "token"), ("cast_spell", "token"), ("buy", "token"), ("offer_item", "token"),
    ("use_boost", "boost"), ("make_room", "token"), ("hand_item", "token"),
})

# The words for the codes among the values of "choice" parameters (and for the same codes in event data).
# Values that are content keys (tokens, items, faces, deeds), dice, die pairs or "skill:card" pairs are
# named from the content by ``known_choice``; tests/games/test_text_layer.py proves that every value the
# engine offers in the golden games is named, and every code here has its German text.
CHOICE_LABELS: dict[str, Promise] = {
    "north_south": gettext_lazy("north and south"),
    "east_west": gettext_lazy("east and west"),
    "walk": gettext_lazy("walk"),
    "broom": gettext_lazy("broom"),
    "jump_shoes": gettext_lazy("jumping shoes"),
    "pegasus": gettext_lazy("Pegasus"),
    "natural": gettext_lazy("a natural LP"),
    "gold": gettext_lazy("the gold"),
    "ask": gettext_lazy("ask me each time"),
    "best": gettext_lazy("keep the best two automatically"),
    "magic": gettext_lazy("magic"),
    "ranged": gettext_lazy("ranged combat"),
    "melee": gettext_lazy("melee"),
    "blue": gettext_lazy("blue"),
    "green": gettext_lazy("green"),
    "red": gettext_lazy("red"),
    "leave": gettext_lazy("leave it on the field"),
    "join": gettext_lazy("join the group"),
    "agree": gettext_lazy("agree"),
    "refuse": gettext_lazy("refuse"),
    "take": gettext_lazy("take it along"),
    "keep": gettext_lazy("keep it for repair"),
    "discard": gettext_lazy("throw it away"),
    "draw": gettext_lazy("draw at random"),
    "hellsehen": gettext_lazy("use Hellsehen"),
    "decline": gettext_lazy("decline"),
    "buy": gettext_lazy("buy"),
    "pay": gettext_lazy("pay"),
    "none": gettext_lazy("no spell"),
}
# The two final foes, as a value ("skill:card" options, event data).
BOSS_LABELS: dict[str, Promise] = {
    "namenloser": gettext_lazy("the Namenloser"),
    "dragon": gettext_lazy("the dragon"),
}
# Their face-down cards, which an encounter lets a hero look at ("skill:card" options).
BOSS_CARD_LABELS: dict[str, Promise] = {
    "namenloser": gettext_lazy("the Namenloser card"),
    "dragon": gettext_lazy("the dragon card"),
}


def action_label(kind: str) -> str:
    """An action kind's label in the active language (an unknown kind: the kind itself)."""
    label = ACTION_LABELS.get(kind)
    return str(label) if label is not None else kind


def param_label(kind: str, name: str) -> str:
    label = PARAM_LABELS.get((kind, name))
    return str(label) if label is not None else name


def display_name(obj: Any, lang: str) -> str:
    return str(getattr(obj, f"name_{lang}") or obj.name_en or obj.name_de)


def cell_label(cell: int, pattern: str | None = None) -> str:
    """The square's name. ``pattern``: ``cell_pattern()``, asked once by a loop over the squares (a gettext
    is some ten calls; the first render names every square: issue 17, seventh wave, third round)."""
    row, col = row_col(cell)
    return (pattern if pattern is not None else cell_pattern()) % {"row": row + 1, "col": col + 1}


def cell_pattern() -> str:
    """The translated pattern ``cell_label`` fills in."""
    return gettext("row %(row)s, column %(col)s")


def token_name(content: Content, entry: dict[str, Any], lang: str, face_down: str | None = None) -> str:
    """The name of what a token shows, from a view's token entry (face-down and unknown: no name).
    ``face_down``: the translated "face-down token", asked once by a loop over the tokens."""
    if entry.get("id") is None:
        return face_down if face_down is not None else gettext("face-down token")
    face = entry.get("face")
    item = content.items.get(face) if face else None
    if item is not None and entry.get("flipped"):
        return display_name(item, lang)
    token = content.tokens.get(entry["id"])
    return display_name(token, lang) if token is not None else str(face)


GEM = "gem"             # the Edelstein has no token of its own: the engine names it "gem" (ruling R-85)
GEM_ITEM = "edelstein"


def token_id_name(content: Content, token_id: str, lang: str) -> str:
    if token_id == GEM and GEM_ITEM in content.items:
        return display_name(content.items[GEM_ITEM], lang)
    token = content.tokens.get(token_id)
    return display_name(token, lang) if token is not None else token_id


def held_item_name(content: Content, token_id: str, lang: str) -> str:
    """The item a held token stands for: its face if that is an item, else the item on its back.

    A monster token won in a fight (face "Räuber") is carried flipped, as the item on its back ("Dolch").
    """
    token = content.tokens.get(token_id)
    if token is None:
        return token_id
    for key in (token.face, token.back):
        item = content.items.get(key) if key else None
        if item is not None:
            return display_name(item, lang)
    return display_name(token, lang)


def field_title(content: Content, code: str, lang: str) -> str:
    region = content.regions.get(code[:1])
    if region is None:
        return code
    try:
        f = region.field(code)
    except KeyError:
        return code
    name = display_name(f, lang) if (f.name_de or f.name_en) else ""
    return f"{code} {name}".strip()


def face_name(content: Content, face: str, lang: str) -> str | None:
    """The name of an item or token face key ("heilige_quelle"), None when the content has no such face."""
    if face in content.items:
        return display_name(content.items[face], lang)
    token = next((t for t in content.tokens.values() if t.face == face), None)
    return display_name(token, lang) if token is not None else None


def known_choice(content: Content, value: Any, lang: str, held: bool = False) -> str | None:
    """A choice value in words, or None for a value this module has no words for.

    ``held``: a token id names the item the hero holds (the back of a won monster), not the token.
    """
    if isinstance(value, bool) or value is None:
        return None
    if isinstance(value, int):
        return gettext("die %(value)s") % {"value": value}
    if not isinstance(value, str):
        return None
    if value in CHOICE_LABELS:
        return str(CHOICE_LABELS[value])
    if value in content.tokens:
        return held_item_name(content, value, lang) if held else token_id_name(content, value, lang)
    if value == GEM:
        return token_id_name(content, value, lang)
    if value in content.deeds:
        return display_name(content.deeds[value], lang)
    if (name := face_name(content, value, lang)) is not None:
        return name
    first, sep, second = value.partition(":")
    if sep and first == "buy" and second in content.tokens:
        return gettext("buy, and drop %(item)s for room") % {"item": held_item_name(content, second, lang)}
    if sep and first in CHOICE_LABELS and second in BOSS_CARD_LABELS:
        return gettext("%(skill)s: look at %(card)s") % {
            "skill": CHOICE_LABELS[first], "card": BOSS_CARD_LABELS[second]}
    dice = value.split("+")
    if len(dice) == 2 and all(d.isdigit() for d in dice):
        return gettext("the dice %(first)s and %(second)s") % {"first": dice[0], "second": dice[1]}
    return None


def choice_label(content: Content, value: Any, lang: str, held: bool = False) -> str:
    """A choice value in words; a value without words of its own shows its code made readable."""
    known = known_choice(content, value, lang, held)
    return known if known is not None else str(value).replace("_", " ")


def param_value_label(content: Content, param: Param, value: Any, lang: str,
                      names: dict[int, str] | None = None, kind: str = "") -> str:
    """A parameter's value in words (``kind``: the action kind, which tells a held item from a token)."""
    if value is None:
        return ""
    if param.name == "seat" and isinstance(value, int) and names and value in names:
        return names[value]
    if param.type == "hero":
        hero = content.heroes.get(value)
        return display_name(hero, lang) if hero else str(value)
    if param.type == "cell":
        return cell_label(int(value))
    if param.type == "field":
        text = str(value)
        if text.startswith("?") and text[1:].isdigit():
            return gettext("the face-down card at %(where)s") % {"where": cell_label(int(text[1:]))}
        return field_title(content, text, lang)
    held = (kind, param.name) in HELD_ITEM_PARAMS
    if held and isinstance(value, str) and value in content.tokens:
        return held_item_name(content, value, lang)
    if param.type == "token" or (isinstance(value, str) and value in content.tokens):
        return token_id_name(content, value, lang)
    if param.type == "choice":
        return choice_label(content, value, lang, held)
    return str(value)


def action_text(content: Content, action: dict[str, Any], lang: str, names: dict[int, str] | None = None) -> str:
    """A logged action in words: its kind's label and its parameters' values."""
    kind = action.get("kind", "")
    cls = ACTION_KINDS.get(kind)
    if cls is None:
        return str(kind)
    values = [param_value_label(content, p, action.get(p.name), lang, names, kind) for p in cls.PARAMS
              if action.get(p.name) is not None]
    label = action_label(kind)
    return f"{label}: {', '.join(values)}" if values else label
