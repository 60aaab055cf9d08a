"""The plan of a bot: which goal it pursues and which fields that makes worth walking to.

Routes to victory (rulebook "Spielende"): a Heldentat chosen at the royal court (J5), its three
parts, the gem, a Wächter and then the Namenloser on H3; or a magic weapon and the dragon on V9.
Everything in between — foraging tokens, quests and fights — feeds the bag draws that bring the
deed's tokens, the Namenloser and the dragon onto the board.
"""

from __future__ import annotations

from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field
from typing import Any

from games.engine.content.model import Content, FieldKind

from .knowledge import cell_of_letter, fight_chance, item_flags, me, pass_chance, race_chance, skill_value, total_lp

ROYAL_COURT = "J5"
DRAGON_FIELD = "V9"
HEAL_FIELDS = ("N5", "I5")
REST_COST = 4.0            # a turn spent resting, in planning steps
HEALERS = {"A5", "K5"}     # the Quelle des Lebens and the Kräuterfrau, where they lie
# The twelfth round's settings (docs/benchmarks.md, "Bots: twelfth round") hold at one and two seats, where
# they finished as many games or more in fewer turns; at three seats they finished 180 of 200 deals against
# 182 (median 75.7 against 79.7), so there, and beyond, the earlier ones stay.
FEW_SEATS = 2
# Below this the bot grows stronger before it fights its deed's monster. At 0.25 the Zentaur (ranged 7, two
# dice) did not fight the Höhlentroll of the Axt der Zwerge (ranged -1, two hearts: 0.17) until he had a
# third experience die; from 0.15 he fights him at once.
DEED_FIGHT_CHANCE = 0.15
CROWDED_DEED_FIGHT_CHANCE = 0.25   # from three seats on
GUARDED_START = 6.0        # head start of a wanted token under a monster: foraging (and training) comes first
GUARD_CHANCE = 0.25        # below this a wanted token under a monster waits behind growing stronger
HOPELESS_PROBE = 0.15      # a token guarded by a probe that passes less often is no target
# The odds wanted against the Namenloser: early in the game, and at the end. Early 0.45 until the twelfth
# round: with the Axt's troll fought at once the gem came sooner, with fewer experience dice, and a fifth
# more heroes died in the tower.
TOWER_CHANCE = (0.55, 0.15)
CROWDED_TOWER_CHANCE = (0.45, 0.15)   # from three seats on
BOLD_TOWER_CHANCE = (0.3, 0.1)   # the strong bot's: its search judges the Wächter fight itself


@dataclass
class Goal:
    name: str
    targets: set[str] = field(default_factory=set)
    explore: set[int] = field(default_factory=set)   # face-down cards worth turning (by cell)
    forage: bool = False                              # also collect whatever draws tokens
    starts: dict[str, float] = field(default_factory=dict)   # head starts of some targets (detours)


def heal_goal(content: Content, seen: dict[str, Any]) -> Goal:
    """Home heals all, but only after a whole turn of rest there (worth about a turn's walk, hence
    its head start); a temple or village one LP per rest; a healer encounter at once."""
    hero = me(seen)
    missing = hero["lp_max"] - hero["lp"]
    starts = {hero["manor"]: REST_COST}
    for code in HEAL_FIELDS:
        if cell_of_letter(seen, code[0]) is not None:
            starts[code] = REST_COST * missing
    for t in seen["tokens"]:
        effects = set(content.tokens[t["id"]].effects) if t["id"] else set()
        if t["kind"] != "encounter":
            continue
        if "heal_d6" in effects:
            starts[t["field"]] = 0.5
        elif "heal_herbwoman" in effects and hero["gold"] + hero["purse"] >= 1:
            starts[t["field"]] = 1.5   # a third of the tries fail: another turn there
        elif "heal_confused" in effects and hero["lp"] >= 2:
            # The Verwirrter Heiler heals all on 2-6 and takes an LP on 1: safe from 2 LP up.
            starts[t["field"]] = 1.5
    return Goal("heal", set(starts), starts=starts)


def deed_parts_done(content: Content, hero: dict[str, Any]) -> int:
    if hero["gem"]:
        return 3
    deed = content.deeds[hero["deed"]]
    keys: set[str] = set()
    for tid in hero.get("deed_tokens", ()):
        token = content.tokens[tid]
        keys.update(k for k in (token.face, token.back) if k)
    if deed.parts[1].gives in keys:
        return 2
    if deed.parts[0].gives in keys:
        return 1
    return 0


def token_fields(seen: dict[str, Any]) -> dict[str, str]:
    """Known token id -> its field."""
    return {t["id"]: t["field"] for t in seen["tokens"] if t["id"] is not None}


def kind_fields(seen: dict[str, Any], kind: str) -> list[str]:
    return [t["field"] for t in seen["tokens"] if t["kind"] == kind]


def kind_waiting(seen: dict[str, Any], kind: str) -> bool:
    """A token of this kind lies beside the board, waiting for its card to be turned over."""
    return any(t["kind"] == kind for t in seen["waiting"])


def _find(content: Content, seen: dict[str, Any], tid: str) -> Goal | None:
    """Where to go for a token: its field, or the card its coordinate lies on while it waits. A token
    under a monster the hero would probably lose to is fought for only once he is stronger: on that
    field the fight comes first, whatever he came for (traced at 2 seats: a Krieger walked onto the
    Oger lying on his deed's Eremit six times at 3 % odds, healing at home between)."""
    where = token_fields(seen).get(tid)
    if where is not None:
        if guard_chance(content, seen, where, besides=tid) < GUARD_CHANCE:
            return Goal(f"grow stronger for token {tid}", {where}, starts={where: GUARDED_START}, forage=True)
        return Goal(f"token {tid}", {where})
    waiting = {w["id"] for w in seen["waiting"] if w["id"]}
    target = content.tokens[tid].target
    if tid in waiting and target:
        return _reach_letter(seen, target[0], target)
    return None


def guard_chance(content: Content, seen: dict[str, Any], code: str, besides: str | None = None) -> float:
    """The chance to beat every open monster on a field (but ``besides``) in turn; 1.0 where none lies."""
    hero = me(seen)
    chance = 1.0
    for t in seen["tokens"]:
        if (t["field"] != code or t["id"] is None or t["id"] == besides or t.get("flipped")
                or t["kind"] not in ("monster", "servant", "guardian", "drachenmensch")):
            continue
        token = content.tokens[t["id"]]
        chance *= max((fight_chance(content, hero, t["id"], s) for s in token.skills), default=0.0)
    return chance


def _reach_letter(seen: dict[str, Any], letter: str, code: str) -> Goal:
    if cell_of_letter(seen, letter) is not None:
        return Goal(f"field {code}", {code})
    hidden = {c["cell"] for c in seen["board"] if not c["revealed"]}
    return Goal(f"search card {letter}", explore=hidden, forage=True)


def _held_keys(content: Content, hero: dict[str, Any]) -> set[str]:
    keys = {e["face"] for e in hero["items"] if e.get("face")}
    for tid in hero.get("deed_tokens", ()):
        token = content.tokens[tid]
        keys.update(k for k in (token.face, token.back) if k)
    return keys


def deed_goal(content: Content, seen: dict[str, Any]) -> Goal | None:
    hero = me(seen)
    done = deed_parts_done(content, hero)
    if done >= 3:
        return None
    deed = content.deeds[hero["deed"]]
    part = deed.parts[done]
    held = _held_keys(content, hero)
    for need in part.needs:
        if need in held:
            continue
        tid = next((t for t, tok in sorted(content.tokens.items()) if tok.face == need and tok.deed == deed.key), None)
        goal = _find(content, seen, tid) if tid else None
        return goal or Goal(f"draw {need}", forage=True)
    if part.action in ("fight", "encounter"):
        token = content.tokens[part.tokens[0]]
        if part.action == "fight" and token.skills:
            best = max(fight_chance(content, hero, part.tokens[0], s) for s in token.skills)
            if best < deed_fight_chance(seen):
                return Goal(f"grow stronger for part {part.number}", forage=True)
        goal = _find(content, seen, part.tokens[0])
        return goal or Goal(f"draw part {part.number}", forage=True)
    target = hero["manor"] if part.target == "manor" else part.target
    if part.tokens and part.tokens[0] not in token_fields(seen):
        goal = _find(content, seen, part.tokens[0])
        return goal or Goal(f"draw part {part.number}", forage=True)
    return _reach_letter(seen, target[0], target)


def awaited_in_bag(content: Content, seen: dict[str, Any]) -> list[str]:
    """The tokens the plan will wait for that can only be in the bag: the deed's tokens of this part
    and the later ones the seat neither sees on the board, nor beside it, nor holds; and the
    Namenloser once the hero's first part is done (he goes into the bag then) while he is nowhere
    in sight. The Hellseherin fetches any of them for a gold piece (rulebook "Hellseherin")."""
    hero = me(seen)
    deed = hero.get("deed")
    if not deed:
        return []
    done = deed_parts_done(content, hero)
    seen_ids = {t["id"] for t in seen["tokens"] if t["id"]} | {w["id"] for w in seen["waiting"] if w["id"]}
    seen_ids |= set(hero.get("deed_tokens", ())) | {e["id"] for e in hero["items"] if e.get("id")}
    result = [tid for part in content.deeds[deed].parts[done:] for tid in part.tokens if tid not in seen_ids]
    if done >= 1 and not kind_fields(seen, "namenloser") and not kind_waiting(seen, "namenloser"):
        result.append("namenloser")
    return result


def deed_fight_chance(seen: dict[str, Any]) -> float:
    """The chance from which the bot fights its deed's monster instead of growing stronger first."""
    return DEED_FIGHT_CHANCE if seen["seats"] <= FEW_SEATS else CROWDED_DEED_FIGHT_CHANCE


def tower_threshold(seen: dict[str, Any], odds: tuple[float, float] | None = None) -> float:
    """Fewer odds are enough as the game goes on (150 turns per seat is the limit)."""
    if odds is None:
        odds = TOWER_CHANCE if seen["seats"] <= FEW_SEATS else CROWDED_TOWER_CHANCE
    rounds: float = seen["turn"] / max(1, seen["seats"])
    early, late = odds
    return max(late, early - (early - late) * rounds / 120)


def tower_chance(content: Content, seen: dict[str, Any], healed: bool = False) -> float:
    """The chance to beat the Namenloser at the hero's present LP (``healed``: with his natural LP
    full): his card if the seat knows it, else the mean over the cards he may have, each fought
    with the hero's best allowed skill."""
    chances = card_chances(content, seen, healed)
    return sum(chances.values()) / len(chances)


def card_chances(content: Content, seen: dict[str, Any], healed: bool = False) -> dict[str, float]:
    """Namenloser card -> the chance to beat him with it, over the cards the seat cannot rule out."""
    hero = me(seen)
    known = seen.get("namenloser_card")
    cards = [known] if known else list(content.namenlose_cards)
    held = {e["face"] for e in hero["items"] if e.get("face")}
    lp = total_lp(hero) + (hero["lp_max"] - hero["lp"] if healed else 0)
    result: dict[str, float] = {}
    for key in cards:
        card = content.namenlose_cards[key]
        best = 0.0
        for skill in ("magic", "ranged", "melee"):
            mod = card.skills.get(skill)
            if mod is None:
                if not (card.weapon and card.weapon in held):
                    continue
                mod = card.star_modifier
            damage = 2 if skill in card.double_damage and not any(i in held for i, _ in card.protections) else 1
            best = max(best, race_chance(pass_chance(content, hero, skill, mod), card.lp, lp, damage))
        result[key] = best
    return result


def weapon_quest(content: Content, seen: dict[str, Any]) -> str | None:
    """The quest token whose reward is the weapon the known Namenloser card asks for, when that card
    stars (parries) the hero's best skill and he does not carry the weapon yet (rulebook "Der Kampf
    gegen den Namenlosen": with the weapon the starred skill attacks at -3; the Kristall brought to
    the Feen gives the Elfenbogen, the Halsband brought to the See the Schwert vom See)."""
    hero = me(seen)
    known = seen.get("namenloser_card")
    if not (hero["gem"] and known):
        return None
    card = content.namenlose_cards[known]
    held = {e["face"] for e in hero["items"] if e.get("face")}
    if not card.weapon or card.weapon in held or card.skills.get(best_skill(content, hero)) is not None:
        return None
    return next((tid for tid, tok in sorted(content.tokens.items())
                 if tok.quest is not None and tok.quest.reward_item == card.weapon), None)


def weapon_quest_goal(content: Content, seen: dict[str, Any]) -> Goal | None:
    """Where to go for the card's weapon: the quest token and its item where they lie open, then the
    quest's field with both (traced solo: a Zentaur whose ranged shots the Wesen aus der Tiefe parries
    foraged at 0.00 odds for 50 turns while the Kristall quest lay on the board); while the item is
    not on the board, a draw goal for it."""
    tid = weapon_quest(content, seen)
    if tid is None:
        return None
    hero = me(seen)
    quest = content.tokens[tid].quest
    assert quest is not None
    held = {e["face"] for e in hero["items"] if e.get("face")}
    has_quest = any(q.get("id") == tid for q in hero["quests"])
    weapon = quest.reward_item
    if has_quest and quest.needs_token in held and quest.target:
        goal = _reach_letter(seen, quest.target[0], quest.target)
        return Goal(f"fetch the {weapon}: {goal.name}", goal.targets, goal.explore, goal.forage)
    where = token_fields(seen)
    targets = set()
    if not has_quest and tid in where:
        targets.add(where[tid])
    if has_quest and quest.needs_token not in held:
        # Without the quest the item is worth nothing (traced: the quest went out of the game with
        # a death, and the bot walked to the Kristall it could no longer use for 50 turns).
        targets.update(where[i] for i, tok in content.tokens.items()
                       if tok.kind.value == "item" and tok.face == quest.needs_token and i in where)
    if targets:
        if all(guard_chance(content, seen, code) < GUARD_CHANCE for code in targets):
            # Under a monster that beat him (traced at 2 seats: a Zentaur walked onto the Kristall
            # under a monster on H6 for 60 turns, healing at home after each lost fight).
            return Goal(f"grow stronger to fetch the {weapon}", targets, starts=dict.fromkeys(targets, GUARDED_START),
                        forage=True)
        return Goal(f"fetch the {weapon}", targets)
    if not has_quest or quest.needs_token in held:
        return None
    # The item still in the bag: a draw goal, so the bot turns cards, forages and pays the
    # Hellseherin for it (answers._wanted_face picks it from the bag).
    return Goal(f"draw the {quest.needs_token} for the {weapon}", forage=True)


def weapon_skills(content: Content, hero: dict[str, Any]) -> list[str]:
    flags = item_flags(content, hero)
    return [s for s in ("magic", "ranged", "melee") if f"dragon_weapon_{s}" in flags]


def choose_goal(content: Content, seen: dict[str, Any], bold: bool = False) -> Goal:
    """The plan's next goal. ``bold`` (the strong bot): a gem holder heads for the tower as soon as
    the odds at his present LP reach the lower ``BOLD_TOWER_CHANCE``, without healing to full first;
    its search then decides at the Wächter whether the fight is worth it now."""
    hero = me(seen)
    if hero["lp"] * 2 <= hero["lp_max"] or (hero["lp"] <= 1 and hero["lp_max"] > 1):
        return heal_goal(content, seen)
    dragon = kind_fields(seen, "dragon")
    if not dragon and kind_waiting(seen, "dragon") and weapon_skills(content, hero):
        return _reach_letter(seen, "V", DRAGON_FIELD)
    if dragon and weapon_skills(content, hero):
        return _reach_letter(seen, "V", DRAGON_FIELD) if cell_of_letter(seen, "V") is None else Goal(
            "dragon", {dragon[0]})
    if hero["gem"]:
        if kind_fields(seen, "namenloser"):
            mice = [t["field"] for t in seen["tokens"]
                    if t["id"] and t["kind"] == "encounter" and peek_worth(content, seen, t["id"])]
            if mice and min(card_chances(content, seen, healed=True).values()) < tower_threshold(seen):
                # A card he may have would beat him: look at it first, where the Mäuse lie open.
                return Goal("peek at the Namenloser's card", set(mice))
            # Odds good enough at the present LP: go. Walking home for the last LP took many turns,
            # and monsters on the way back cost it again (traced: heroes at 0.7 odds shuttling
            # between manor and tower until the turn limit).
            if tower_chance(content, seen) >= tower_threshold(seen, BOLD_TOWER_CHANCE if bold else None):
                return _tower_goal(content, seen)
            healed = tower_chance(content, seen, healed=True)
            if hero["lp"] < hero["lp_max"] and healed >= tower_threshold(seen):
                # The nearest healing, not only home: a temple or village heals the last LP or two.
                heal = heal_goal(content, seen)
                return Goal("heal before the tower", heal.targets, starts=heal.starts)
            if healed < tower_threshold(seen):
                # A Namenloser fight at these odds is a death that costs all experience: fetch the
                # weapon his card names, or fight monsters and train for more dice first.
                return weapon_quest_goal(content, seen) or Goal("grow stronger for the Namenloser", forage=True)
            return _tower_goal(content, seen)
        if kind_waiting(seen, "namenloser"):
            # Drawn while card H still lies face down, he waits beside the board until someone turns
            # it over: bots that only foraged here waited for the rest of the game.
            return _reach_letter(seen, "H", "H3")
        return Goal("wait for the Namenloser", forage=True)
    if hero.get("deed"):
        goal = deed_goal(content, seen)
        if goal is not None:
            return goal
    taken = {h.get("deed") for h in seen["heroes"] if h.get("deed")}
    others_with_deed = sum(1 for h in seen["heroes"] if h["has_deed"])
    if not hero["has_deed"] and others_with_deed < len(content.deeds) and len(taken) < len(content.deeds):
        return _reach_letter(seen, "J", ROYAL_COURT)
    return Goal("forage", forage=True)


def guardian_fields(content: Content) -> set[str]:
    """The Wächter's fields around the Namenloser's tower (H5, H7, H8, H9)."""
    return {f.code for f in content.regions["H"].fields if f.kind is FieldKind.GUARDIAN}


def _tower_goal(content: Content, seen: dict[str, Any]) -> Goal:
    guardians = guardian_fields(content)
    return Goal("guardian", guardians) if cell_of_letter(seen, "H") is not None else _reach_letter(seen, "H", "H5")


def forage_targets(content: Content, seen: dict[str, Any], skip: AbstractSet[str] = frozenset()) -> set[str]:
    """Fields where the hero can take something that draws a token: items, quests, encounters,
    monsters it can probably beat, face-down tokens."""
    hero = me(seen)
    result = set()
    for t in seen["tokens"]:
        if t["field"] == hero["position"] and t["kind"] != "encounter":
            continue
        # A beaten monster turned over is the item on its back (the Roter Ritter's shield): traced, a
        # bot aimed at it as a monster it could not fight, for 60 turns.
        kind = "item" if t.get("flipped") else t["kind"]
        if t["id"] in skip:
            continue
        if t["id"] is None or kind in ("item", "spell") or (kind == "quest" and len(hero["quests"]) < 4):
            result.add(t["field"])
        elif kind == "encounter" and _encounter_worth(content, hero, t["id"], training_skill(content, seen)):
            result.add(t["field"])
        elif kind == "encounter" and t["id"] and peek_worth(content, seen, t["id"]):
            result.add(t["field"])
        elif kind in ("monster", "deed_part") and t["id"]:
            token = content.tokens[t["id"]]
            if token.kind.value == "monster" and not token.deed:
                best = max((fight_chance(content, hero, t["id"], s) for s in token.skills), default=0)
                if best >= 0.55 and hero["lp"] >= 2:
                    result.add(t["field"])
    return result | quest_targets(content, seen)


def peek_worth(content: Content, seen: dict[str, Any], tid: str) -> bool:
    """The Mäuse show the Namenloser's card after a passed probe, to this seat only (rulebook "Mäuse",
    ruling R-66): worth a visit for a hero on his way to the tower who does not know the card yet.
    Entered blind, the card that parries the hero's skill is a death that costs all experience and
    training (traced solo: the Zentaur at 0.83 mean odds met the Wesen aus der Tiefe, who parries every
    shot, and never recovered)."""
    hero = me(seen)
    if seen["seats"] != 1 or "peek_boss" not in content.tokens[tid].effects or seen.get("namenloser_card"):
        # Only alone: at 2 and 3 seats the Krieger who knew a card he had mediocre odds against grew
        # stronger for it instead of trying his luck, and finished fewer games (docs/benchmarks.md,
        # "Bots: seventh round").
        return False
    if not (hero["gem"] or (hero.get("deed") and deed_parts_done(content, hero) >= 1)):
        return False
    skills = content.tokens[tid].skills
    return max((pass_chance(content, hero, s, m) for s, m in skills.items()), default=0.0) >= HOPELESS_PROBE


def quest_targets(content: Content, seen: dict[str, Any]) -> set[str]:
    """Where the hero's accepted quests can be fulfilled now (each fulfilment draws a token and pays
    gold, experience or an item): the quest's field, or the field of the person it names, once the
    hero holds what the quest asks for (rulebook "Aufgaben", types 1-6)."""
    hero = me(seen)
    held = {e["face"] for e in hero["items"] if e.get("face")}
    result: set[str] = set()
    for entry in hero["quests"]:
        quest = content.tokens[entry["id"]].quest if entry.get("id") else None
        if quest is None:
            continue
        if quest.type in (3, 4) and quest.needs not in held:
            continue
        if quest.type in (5, 6) and quest.needs_token not in held:
            continue
        if quest.type in (2, 4, 6):
            result.update(t["field"] for t in seen["tokens"]
                          if t["id"] and t["face_up"] and content.tokens[t["id"]].face == quest.person)
        elif quest.target:
            result.add(quest.target)
    return result


def _encounter_worth(content: Content, hero: dict[str, Any], tid: str, train: str | None = None) -> bool:
    token = content.tokens[tid]
    effects = set(token.effects)
    gold = hero["gold"] + hero["purse"]
    if effects & {"train_magic", "train_ranged", "train_melee"}:
        skill = next(e for e in token.effects if e.startswith("train_"))[6:]
        return gold >= 1 and skill_value(content, hero, skill) < 11 and skill == (train or best_skill(content, hero))
    if effects & {"heal_d6", "heal_herbwoman"}:
        return bool(hero["lp"] < hero["lp_max"] - 1)
    if "heal_confused" in effects:
        return bool(2 <= hero["lp"] < hero["lp_max"] - 1)
    if "magister" in effects:
        return token.weapon in weapon_ready(content, hero)
    if token.weapon:
        # A scroll guard is worth a try only without a scroll already (one weapon is enough).
        return not held_weapon_items(content, hero)
    return False


def held_weapon_items(content: Content, hero: dict[str, Any]) -> dict[str, set[str]]:
    """Weapon -> the categories ("scroll", "material") of its parts the hero carries."""
    result: dict[str, set[str]] = {}
    for entry in hero["items"]:
        tid, face = entry.get("id"), entry.get("face")
        if not tid or face not in content.items:
            continue
        weapon = content.tokens[tid].weapon
        category = content.items[face].category
        if weapon and category in ("scroll", "material"):
            result.setdefault(weapon, set()).add(category)
    return result


def weapon_ready(content: Content, hero: dict[str, Any]) -> set[str]:
    """The weapons whose scroll and material the hero carries: his Magister makes them."""
    return {w for w, parts in held_weapon_items(content, hero).items() if parts >= {"scroll", "material"}}


def training_skill(content: Content, seen: dict[str, Any]) -> str:
    """The skill worth training: the best one, but for a gem holder who knows the Namenloser's card
    the best one that card lets him fight with (traced: a Krieger facing the Magier, who parries
    every melee blow, trained melee for the rest of the game)."""
    hero = me(seen)
    known = seen.get("namenloser_card")
    if not (hero["gem"] and known):
        return best_skill(content, hero)
    card = content.namenlose_cards[known]
    allowed = [s for s in ("melee", "ranged", "magic") if card.skills.get(s) is not None]
    if not allowed:
        return best_skill(content, hero)
    return max(allowed, key=lambda s: (skill_value(content, hero, s) + (card.skills.get(s) or 0), s))


def best_skill(content: Content, hero: dict[str, Any]) -> str:
    """The skill the hero fights and probes with: his best, the one worth training."""
    return max(("melee", "ranged", "magic"), key=lambda s: (skill_value(content, hero, s), s))


DEATH_COST = 40.0   # planning cost of a fight lost at the last LP: a death, the experience and the items gone


def monster_fields(content: Content, seen: dict[str, Any]) -> dict[str, float]:
    """Fields with an open monster, and how much walking into it should cost in the plan: a lost fight
    at the last LP is a death (traced at 4 seats: 87 of 200 deaths were fights lost at the last LP on the
    way to healing, at least 39 forced by walking onto the monster; the Diener on K3 killed 8 times)."""
    hero = me(seen)
    scale = DEATH_COST if total_lp(hero) <= 1 else 8.0
    result: dict[str, float] = {}
    for t in seen["tokens"]:
        if t["id"] is None or t.get("flipped") or t["kind"] not in ("monster", "servant", "guardian", "drachenmensch"):
            continue
        token = content.tokens[t["id"]]
        best = max((fight_chance(content, hero, t["id"], s) for s in token.skills), default=0.0)
        result[t["field"]] = max(result.get(t["field"], 0.0), (1 - best) * scale)
    return result
