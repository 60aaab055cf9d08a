"""Integrity of the content: what no single record can say about itself.

:mod:`.validate` reads each record on its own; the checks here look across records and files — each
region card as a whole (:mod:`.cards`: paths, entries, special cards, walkability), token targets against
the board, token backs and faces against the items, quests against their persons and items, deed
parts against their tokens, boss cards against their weapons, and the authored marker against what
the rulebook prints. Each check is a small function that raises :class:`ContentError` naming the file
and the field; :func:`check_all` runs them in the order the loader needs.

The checks keep to what the engine relies on; whether the numbers match the printed rulebook is a
matter for the tests (tests/engine/test_content_rulebook.py).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any, cast

from .cards import check_region, field_at
from .model import (
    SKILLS,
    Border,
    BossCard,
    Deed,
    FieldKind,
    Hero,
    Item,
    Region,
    Token,
    TokenCategory,
    TokenKind,
)
from .schema import At, ContentError, fail
from .validate import (
    BOSSES_FILE,
    DEEDS_FILE,
    HEROES_FILE,
    ITEMS_FILE,
    PRICED_SOURCES,
    REGIONS_FILE,
    TOKENS_FILE,
)

__all__ = ["check_all"]

# =============================================================================================
# Tokens
# =============================================================================================

# categories whose tokens carry a printed target coordinate
TARGETED = frozenset(
    {
        TokenCategory.NAMENLOSER,
        TokenCategory.DRAGON,
        TokenCategory.DRACHENMENSCH,
        TokenCategory.SERVANT,
        TokenCategory.GUARDIAN,
        TokenCategory.ENCOUNTER,
        TokenCategory.DEED_PART,
        TokenCategory.WEAPON_PART,
        TokenCategory.RED,
        TokenCategory.QUEST_ITEM,
    }
)
# the kinds of token each category holds: the rules code dispatches on the kind
CATEGORY_KINDS: dict[TokenCategory, frozenset[TokenKind]] = {
    TokenCategory.BAZAAR: frozenset({TokenKind.ITEM}),
    TokenCategory.CITY: frozenset({TokenKind.ITEM, TokenKind.SPELL}),
    TokenCategory.NAMENLOSER: frozenset({TokenKind.NAMENLOSER}),
    TokenCategory.DRAGON: frozenset({TokenKind.DRAGON}),
    TokenCategory.DRACHENMENSCH: frozenset({TokenKind.DRACHENMENSCH}),
    TokenCategory.SERVANT: frozenset({TokenKind.SERVANT}),
    TokenCategory.GUARDIAN: frozenset({TokenKind.GUARDIAN}),
    TokenCategory.DRAGON_EVENT: frozenset({TokenKind.DRAGON_EVENT}),
    TokenCategory.FACE_DOWN: frozenset(
        {TokenKind.MONSTER, TokenKind.ITEM, TokenKind.SPELL, TokenKind.QUEST, TokenKind.ENCOUNTER}
    ),
    TokenCategory.OPEN_EVENT: frozenset({TokenKind.EVENT}),
    TokenCategory.ENCOUNTER: frozenset({TokenKind.ENCOUNTER}),
    TokenCategory.DEED_PART: frozenset({TokenKind.MONSTER, TokenKind.ENCOUNTER, TokenKind.ITEM, TokenKind.DEED_PART}),
    TokenCategory.WEAPON_PART: frozenset(
        {TokenKind.MONSTER, TokenKind.ENCOUNTER, TokenKind.ITEM, TokenKind.WEAPON_PART}
    ),
    TokenCategory.RED: frozenset({TokenKind.MONSTER}),
    TokenCategory.QUEST_ITEM: frozenset({TokenKind.ITEM}),
}
FIGHTING_KINDS = frozenset({TokenKind.MONSTER, TokenKind.SERVANT, TokenKind.GUARDIAN, TokenKind.DRACHENMENSCH})
# face -> field kinds allowed for its target beyond beige / site
TARGET_KIND_EXCEPTIONS = {
    "kahn": {FieldKind.WATER},
    "orchan": {FieldKind.WATER},
    "waldlaeufer": {FieldKind.SECRET},
    "muellhalde": {FieldKind.DUMP},
}
# sites reserved for one token face
RESERVED_SITES = {"namenloser": "namenloser", "dragon": "drache", "drachenmensch": "drachenmensch"}
# weapon -> (scroll guardian, material source, magister): the tokens that make it
WEAPONS = {
    "axe": ("skorpion", "zwergengeist", "hildebrandt"),
    "bow": ("phoenix", "hueter", "rondel"),
    "lyre": ("einhorn", "alp", "orpheus"),
}


def _token_at(t: Token) -> At:
    return At(TOKENS_FILE, f"tokens[{t.id}]")


def check_token_target(t: Token, regions: Mapping[str, Region]) -> None:
    """Open tokens carry a coordinate of a field they may lie on; the others carry none."""
    at = _token_at(t)
    cat = t.category
    if cat not in TARGETED:
        if t.target is not None:
            raise at.fail("target", f"{cat.value} tokens have no printed coordinate")
        return
    if t.target is None:
        raise at.fail("target", f"missing: {cat.value} tokens carry a printed coordinate")
    f = field_at(regions, t.target)
    if f is None:
        raise at.fail("target", f"{t.target} is not a field of the board")
    if cat is TokenCategory.GUARDIAN:
        if f.kind is not FieldKind.GUARDIAN:
            raise at.fail("target", f"a guardian lies on a blue guardian field of H, {t.target} is {f.kind}")
    else:
        ok = {FieldKind.BEIGE, FieldKind.SITE} | TARGET_KIND_EXCEPTIONS.get(t.face, set())
        if f.kind not in ok:
            raise at.fail("target", f"{t.target} is a {f.kind} field; {t.face} cannot lie there")
    if f.site in RESERVED_SITES and RESERVED_SITES[f.site] != t.face:
        raise at.fail("target", f"{t.target} ({f.site}) is reserved for {RESERVED_SITES[f.site]}")
    if f.site == "island":
        raise at.fail("target", "no token is printed for the island Y7")


def check_token_kind(t: Token) -> None:
    """The kind fits the category, and fighting values stand on what is fought only."""
    at = _token_at(t)
    if t.kind not in CATEGORY_KINDS[t.category]:
        raise at.fail("kind", f"a {t.category.value} token cannot be of kind {t.kind.value}")
    if t.kind in FIGHTING_KINDS:
        if not t.skills:
            raise at.fail("skills", "a creature that is fought needs at least one coloured dot")
        if not 1 <= t.hearts <= 2:
            raise at.fail("hearts", f"a monster has 1 or 2 hearts, not {t.hearts}")
    elif t.hearts:
        raise at.fail("hearts", f"only creatures that are fought have hearts ({t.kind.value})")
    if t.grey_dot and (set(t.skills) != set(SKILLS) or len(set(t.skills.values())) != 1):
        raise at.fail("grey_dot", "a grey dot means any skill: give all three skills the same modifier")


def check_token_items(t: Token, items: Mapping[str, Item]) -> None:
    """Backs and faces name items; the bazaar and the city sell their own items at the item's price."""
    at = _token_at(t)
    cat, kind = t.category, t.kind
    if t.back is not None and t.back not in items:
        raise at.fail("back", f"unknown item {t.back}")
    if cat in (TokenCategory.BAZAAR, TokenCategory.CITY):
        item = items.get(t.face)
        if item is None:
            raise at.fail("face", f"unknown item {t.face}")
        if item.source != cat.value:
            raise at.fail("face", f"{t.face} is a {item.source} item, not a {cat.value} one")
        if t.price is None:
            raise at.fail("price", "missing: bazaar and city tokens have a printed price")
        if t.price != item.price:
            raise at.fail("price", f"{t.price} differs from the price of item {t.face} ({item.price})")
        if (kind is TokenKind.SPELL) != (item.category == "spell"):
            raise at.fail("kind", f"kind must be {'spell' if item.category == 'spell' else 'item'} for {t.face}")
    elif t.price is not None:
        raise at.fail("price", "only bazaar and city tokens have a price")
    if kind in (TokenKind.ITEM, TokenKind.SPELL) and cat not in (TokenCategory.BAZAAR, TokenCategory.CITY):
        item = items.get(t.face)
        if item is None:
            raise at.fail("face", f"unknown item {t.face}")
        want_source = {
            TokenCategory.FACE_DOWN: "face_down",
            TokenCategory.QUEST_ITEM: "quest",
            TokenCategory.DEED_PART: "deed",
        }.get(cat)
        if want_source and item.source != want_source:
            raise at.fail("face", f"item {t.face} has source {item.source}, expected {want_source}")
        if t.skills and "probe_gated" not in item.flags:
            raise at.fail(
                "skills", f"a dot on an item token is a pick-up probe: item {t.face} needs the flag probe_gated"
            )
    if cat is TokenCategory.QUEST_ITEM and t.back is None:
        raise at.fail("back", "a quest item carries its reward on the back")


def check_token_role(t: Token) -> None:
    """Quests, deed parts and weapon parts say what they are part of, and only they do."""
    at = _token_at(t)
    cat = t.category
    if (t.kind is TokenKind.QUEST) != (t.quest is not None):
        raise at.fail("quest", "quest tokens (and only they) carry a quest")
    if (cat is TokenCategory.DEED_PART) != (t.deed is not None):
        raise at.fail("deed", "deed-part tokens (and only they) name their deed")
    if (cat is TokenCategory.WEAPON_PART) != (t.weapon is not None):
        raise at.fail("weapon", "magic-weapon parts (and only they) name their weapon")
    if t.scroll_symbol and cat is not TokenCategory.WEAPON_PART:
        raise at.fail("scroll_symbol", "only the three scroll guardians show the scroll symbol")
    if cat is TokenCategory.WEAPON_PART:
        guardian, material, magister = WEAPONS[cast(str, t.weapon)]  # a weapon part names its weapon (above)
        if t.face not in (guardian, material, magister):
            raise at.fail("face", f"the {t.weapon} is made from {guardian}, {material} and {magister}, not {t.face}")
        if t.scroll_symbol != (t.face == guardian):
            raise at.fail("scroll_symbol", f"the scroll symbol marks {guardian} only")
        if (Border.VIOLET in t.border) == (t.face == guardian):
            raise at.fail(
                "border",
                "the scroll guardian is seen by everyone (no violet); material and magister "
                "are seen by the scroll's owner only (violet)",
            )


def check_quest(
    t: Token, tokens: Mapping[str, Token], items: Mapping[str, Item], regions: Mapping[str, Region]
) -> None:
    """A quest points at a field, its person and its item exist, and its reward is the item's back."""
    q = t.quest
    assert q is not None
    token_at = _token_at(t)

    def fail_(key: str, what: str) -> ContentError:
        return token_at.fail(f"quest.{key}", what)

    if field_at(regions, q.target) is None:
        raise fail_("target", f"{q.target} is not a field of the board")
    by_face: dict[str, list[Token]] = {}
    for other in tokens.values():
        by_face.setdefault(other.face, []).append(other)

    needs_person = q.type in (2, 4, 6)
    if needs_person != (q.person is not None):
        raise fail_("person", f"quest type {q.type} {'needs' if needs_person else 'has no'} underlined person")
    if needs_person:
        found = [o for o in by_face.get(cast(str, q.person), []) if o.category is TokenCategory.ENCOUNTER]
        if len(found) != 1:
            raise fail_("person", f"{q.person} must be exactly one open encounter token (underlined person)")
        if q.target != found[0].target:
            raise fail_("target", f"must be {found[0].target}, the coordinate printed on {q.person}")
    if (q.type in (5, 6)) != (q.reward_item is not None):
        raise fail_("reward_item", f"quest type {q.type} {'needs' if q.type in (5, 6) else 'has no'} reward item")
    if q.reward_item is not None and q.reward_item not in items:
        raise fail_("reward_item", f"unknown item {q.reward_item}")
    if q.type == 1:
        if q.needs is not None or q.needs_token is not None:
            raise fail_("needs", "a type 1 quest (visit / escort) needs nothing from the bag")
    elif q.type == 2:
        if q.needs != q.person or q.needs_token != q.person:
            raise fail_("needs", "a type 2 quest needs the person itself (needs = needs_token = person)")
    elif q.type in (3, 4):
        item = items.get(q.needs) if q.needs else None
        if item is None:
            raise fail_("needs", f"a type {q.type} quest needs an item to buy, got {q.needs!r}")
        if item.source not in PRICED_SOURCES:
            raise fail_("needs", f"{q.needs} cannot be bought (source {item.source})")
        if q.type == 3 and q.needs_token is not None:
            raise fail_("needs_token", "a type 3 quest has nothing underlined")
        if q.type == 4 and q.needs_token != q.person:
            raise fail_("needs_token", "the underlined token of a type 4 quest is the person")
    else:  # 5, 6
        if q.needs is None or q.needs_token != q.needs:
            raise fail_("needs_token", "the underlined token is the quest item (needs_token = needs)")
        carriers = [o for o in by_face.get(q.needs, []) if o.category is TokenCategory.QUEST_ITEM]
        if len(carriers) != 1:
            raise fail_("needs", f"{q.needs} must be exactly one quest-item token")
        if carriers[0].back != q.reward_item:
            raise fail_("reward_item", f"must be {carriers[0].back}, the back of {carriers[0].id}")
        if q.type == 5 and q.person is not None:
            raise fail_("person", "a type 5 quest brings the item to a place")


def check_token_set(tokens: Mapping[str, Token], items: Mapping[str, Item]) -> None:
    """Across all tokens: coordinates unique, each weapon made of its three tokens, every quest item
    asked for once, every bazaar, city and reward item on some token."""
    seen: dict[str, str] = {}
    for tid, t in tokens.items():
        if t.target is not None:
            if t.target in seen:
                raise _token_at(t).fail("target", f"{t.target} is already the target of {seen[t.target]}")
            seen[t.target] = tid
    for weapon, trio in WEAPONS.items():
        got = sorted(t.face for t in tokens.values() if t.weapon == weapon)
        if got != sorted(trio):
            raise fail(TOKENS_FILE, f"tokens.weapon={weapon}", f"expected exactly {sorted(trio)}, got {got}")
    needed = Counter(t.quest.needs_token for t in tokens.values() if t.quest and t.quest.type in (5, 6))
    for t in tokens.values():
        if t.category is TokenCategory.QUEST_ITEM and needed[t.face] != 1:
            raise fail(
                TOKENS_FILE, f"tokens[{t.id}]", f"exactly one quest must ask for {t.face}, found {needed[t.face]}"
            )
    for item in items.values():
        if item.source in ("bazaar", "city"):
            cat = TokenCategory(item.source)
            if not any(t.category is cat and t.face == item.key for t in tokens.values()):
                raise fail(ITEMS_FILE, f"items[{item.key}]", f"no {item.source} token sells it")
        if item.source in ("reward", "face_down", "quest", "encounter"):
            used = any(t.face == item.key or t.back == item.key for t in tokens.values()) or any(
                t.quest is not None and t.quest.reward_item == item.key for t in tokens.values()
            )
            if not used:
                raise fail(ITEMS_FILE, f"items[{item.key}]", f"no token shows or rewards this {item.source} item")


def check_tokens(tokens: Mapping[str, Token], items: Mapping[str, Item], regions: Mapping[str, Region]) -> None:
    for t in tokens.values():
        check_token_kind(t)
        check_token_target(t, regions)
        check_token_items(t, items)
        check_token_role(t)
    for t in tokens.values():
        if t.quest is not None:
            check_quest(t, tokens, items, regions)
    check_token_set(tokens, items)


# =============================================================================================
# Deeds
# =============================================================================================


def check_deed(
    deed: Deed,
    tokens: Mapping[str, Token],
    items: Mapping[str, Item],
    regions: Mapping[str, Region],
    used_tokens: dict[str, str],
) -> None:
    """Each part acts on its own deed-part tokens at their printed place and hands its item to the next."""
    key = deed.key
    for i, part in enumerate(deed.parts):
        at = At(DEEDS_FILE, f"deeds[{key}].parts[{i}]")
        number, tok_ids, needs = part.number, part.tokens, part.needs
        for j, tid in enumerate(tok_ids):
            t = tokens.get(tid)
            if t is None:
                raise at.fail(f"tokens[{j}]", f"unknown token {tid}")
            if t.category is not TokenCategory.DEED_PART or t.deed != key:
                raise at.fail(f"tokens[{j}]", f"{tid} is not a deed-part token of {key}")
            if tid in used_tokens:
                raise at.fail(f"tokens[{j}]", f"{tid} is already used by {used_tokens[tid]}")
            used_tokens[tid] = f"{key} part {number}"
        for j, need in enumerate(needs):
            if need not in items:
                raise at.fail(f"needs[{j}]", f"unknown item {need}")
        if part.gives not in items:
            raise at.fail("gives", f"unknown item {part.gives}")
        first = tokens[tok_ids[0]] if tok_ids else None
        if number == 1:
            if part.action not in ("fight", "encounter") or first is None:
                raise at.fail("action", "part 1 is a fight or an encounter with a token")
            want_kind = TokenKind.MONSTER if part.action == "fight" else TokenKind.ENCOUNTER
            if first.kind is not want_kind:
                raise at.fail("tokens", f"{first.id} must be a {want_kind.value} token for a {part.action}")
        else:
            if part.action != "deliver":
                raise at.fail("action", f"part {number} delivers an item")
            before = deed.parts[i - 1].gives
            if before not in needs:
                raise at.fail("needs", f"part {number} must carry {before}, won in part {number - 1}")
        if part.target == "manor":
            if number != 3:
                raise at.fail("target", "only the last part may lead to the manor")
            if first is not None:
                raise at.fail("tokens", "the manor needs no token")
        else:
            if field_at(regions, part.target) is None:
                raise at.fail("target", f'{part.target} is not a field of the board (or "manor")')
            if first is not None and first.target != part.target:
                raise at.fail("target", f"must be {first.target}, printed on {first.id}")
            if first is None and number == 1:
                raise at.fail("tokens", "part 1 needs its token")
        if number < 3:
            if first is None or first.back != part.gives:
                raise at.fail("gives", f"must be the item on the back of {tok_ids[0] if tok_ids else 'its token'}")
        elif part.gives != "edelstein":
            raise at.fail("gives", "a fulfilled deed gives the Edelstein")
        for tid in tok_ids[1:]:
            extra = tokens[tid]
            if extra.kind is TokenKind.ITEM and extra.face not in needs:
                raise at.fail("needs", f"{tid} ({extra.face}) is part of this step: list it in needs")


def check_deeds(
    deeds: Mapping[str, Deed], tokens: Mapping[str, Token], items: Mapping[str, Item], regions: Mapping[str, Region]
) -> None:
    used_tokens: dict[str, str] = {}
    for deed in deeds.values():
        check_deed(deed, tokens, items, regions, used_tokens)
    for t in tokens.values():
        if t.category is TokenCategory.DEED_PART:
            if t.deed not in deeds:
                raise fail(TOKENS_FILE, f"tokens[{t.id}].deed", f"unknown deed {t.deed}")
            if t.id not in used_tokens:
                raise fail(TOKENS_FILE, f"tokens[{t.id}].deed", f"no part of {t.deed} uses this token")


# =============================================================================================
# Boss cards
# =============================================================================================


def check_boss(section: str, card: BossCard, items: Mapping[str, Item]) -> None:
    """A star is broken by the weapon that improves its skill; protections name items."""
    at = At(BOSSES_FILE, f"{section}[{card.key}]")
    stars = [s for s, v in card.skills.items() if v is None]
    if card.weapon is not None:
        item = items.get(card.weapon)
        if item is None:
            raise at.fail("weapon", f"unknown item {card.weapon}")
        if len(stars) != 1 or stars[0] not in item.skill_bonus:
            raise at.fail(
                "skills", f"the star must be on the skill {card.weapon} improves ({sorted(item.skill_bonus)})"
            )
    elif stars:
        raise at.fail("skills", f"a star ({stars[0]}) needs a weapon that breaks it")
    for i, (item_key, _effect) in enumerate(card.protections):
        if item_key not in items:
            raise at.fail(f"protections[{i}]", f"unknown item {item_key}")


# =============================================================================================
# The authored marker
# =============================================================================================
# Every value the rulebook does not print is ours, and the data says so where the value stands:
#     authored: {values: [price, skills], reason: "the rulebook prints no prices"}
# ``values`` names the attributes we chose, ``reason`` says why in a few words (docs/rules/authored.md
# lists both). ``check_authored`` requires the marker exactly where the rulebook prints nothing and
# rejects it where the rulebook prints the value (docs/rules/authored-marker.md).
PRINTED_TERRAIN = frozenset("CDIWLYS")  # the cards whose terrain the rulebook names
STANDARD_XP_THRESHOLDS = (2, 5, 8)   # ruling R-06: the rulebook prints only the Hobbit's and the Zentaur's
PRINTED_BOSS_SKILLS = {"koenig_der_finsternis"}  # "-3 auf alle Fertigkeiten" (cooperative variant)
# Values the rulebook prints for every thing of a section: never authored.
PRINTED = {
    "heroes": {"key", "lp", "gold", "movement", "magic", "ranged", "melee", "abilities", "item_slots"},
    "regions": {"letter", "set_aside", "fields", "paths", "entries"},
    "tokens": {"id", "category", "border", "kind"},
    "bosses": {"kind", "weapon", "star_modifier", "protections"},
}


def check_authored(regions: Mapping[str, Region], heroes: Mapping[str, Hero], tokens: Mapping[str, Token],
                   items: Mapping[str, Item], bosses: Mapping[str, BossCard]) -> None:
    """The marker stands exactly where the rulebook prints nothing."""

    def need(file: str, where: str, thing: Any, attr: str, required: bool, why: str) -> None:
        if required and attr not in thing.authored:
            raise fail(file, f"{where}.authored", f"{attr} must be marked authored: {why}")
        if not required and attr in thing.authored:
            raise fail(file, f"{where}.authored", f"{attr} must not be marked authored: {why}")

    for letter, region in regions.items():
        printed = letter in PRINTED_TERRAIN
        need(REGIONS_FILE, f"regions[{letter}]", region, "terrain", not printed,
             "the rulebook names this card's terrain" if printed else "the rulebook prints no terrain (R-99)")
    for key, hero in heroes.items():
        standard = tuple(hero.xp_thresholds) == STANDARD_XP_THRESHOLDS
        need(HEROES_FILE, f"heroes[{key}]", hero, "xp_thresholds", standard,
             "2/5/8 are ours (R-06)" if standard else "the rulebook prints this hero's thresholds")
    for key, item in items.items():
        need(ITEMS_FILE, f"items[{key}]", item, "price", item.price is not None,
             "the prices are printed on the tokens only, not in the rulebook" if item.price is not None
             else "the item has no price")
    for tid, token in tokens.items():
        for attr in ("price", "hearts", "reward_gold", "reward_xp"):
            # (No reward at all may be marked too: that a monster pays no gold is our choice as well.)
            if getattr(token, attr) not in (None, 0, ()):
                need(TOKENS_FILE, f"tokens[{tid}]", token, attr, True,
                     "the rulebook prints no prices, hearts or rewards of tokens")
        if token.category in (TokenCategory.BAZAAR, TokenCategory.CITY):
            need(TOKENS_FILE, f"tokens[{tid}]", token, "face", True,
                 "the rulebook counts the Basar and Stadt der Magier piles (18, 17) but names no item of them")
        if token.category is TokenCategory.GUARDIAN:
            need(TOKENS_FILE, f"tokens[{tid}]", token, "skills", True,
                 "the rulebook prints no modifiers for the Wächter")
    for key, card in bosses.items():
        need(BOSSES_FILE, f"{card.kind}[{key}]", card, "lp", True, "the rulebook prints no boss card's LP")
        printed = key in PRINTED_BOSS_SKILLS
        need(BOSSES_FILE, f"{card.kind}[{key}]", card, "skills", not printed,
             "the rulebook prints this card's modifiers" if printed else "the rulebook prints no modifiers")
        if card.kind == "dragon":
            need(BOSSES_FILE, f"dragon[{key}]", card, "hoard_gold", True, "the rulebook prints no hoard")
    for section, things, file in (("regions", regions, REGIONS_FILE), ("heroes", heroes, HEROES_FILE),
                                  ("tokens", tokens, TOKENS_FILE), ("bosses", bosses, BOSSES_FILE)):
        for key, thing in things.items():
            wrong = sorted(set(thing.authored) & PRINTED[section])
            if wrong:
                raise fail(file, f"{section}[{key}].authored", f"{wrong[0]} is printed in the rulebook")


# =============================================================================================
# All of them
# =============================================================================================


def check_all(
    regions: Mapping[str, Region],
    heroes: Mapping[str, Hero],
    items: Mapping[str, Item],
    tokens: Mapping[str, Token],
    deeds: Mapping[str, Deed],
    namenlose: Mapping[str, BossCard],
    dragons: Mapping[str, BossCard],
) -> None:
    """Every integrity check, cards first (the tokens' targets need the board)."""
    for region in regions.values():
        check_region(region)
    check_tokens(tokens, items, regions)
    check_deeds(deeds, tokens, items, regions)
    for section, cards in (("namenlose", namenlose), ("dragons", dragons)):
        for card in cards.values():
            check_boss(section, card, items)
    check_authored(regions, heroes, tokens, items, {**namenlose, **dragons})
