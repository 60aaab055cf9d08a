"""The end of the game ("Spielende"): the fights against the Namenloser and the dragon.

The Namenloser is challenged by a gem holder who beat a Wächter and was moved onto H3: on his next
turn he must fight. The dragon is challenged by a hero with a magic weapon on V9 (walked in from
V10, let down the rope from V1, or moved there after beating the Drachenmensch); a hero without one
dies on entering, his things dropping on V11 (ruling R-31). The fight is one action: the card is
revealed, the dragon's hoard is paid in EW (ruling R-27), and probes in one skill follow until one
side is dead, all within the turn (ruling R-28). Each passed probe is a hit on the boss, each failed
one a hit on the hero (1 LP of his choice, 2 where the card doubles the damage). Victory ends the
game; a dead challenger drops his things on H1/H2/H4/H6 (his choice) or V11, and the boss is whole
again for the next one.

The fight lives in ``state.boss_fight`` (a frozen ``BossFight``) and goes on through ``resume``, which the
engine calls after every applied action: decisions on the way (which LP, which EW, which dice)
pause it, and it continues when they are answered.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, cast

from ..content.model import BossCard, Content, TokenCategory
from ..core import rules
from ..core.actions import Action, ChallengeDragon, ChallengeNamenloser, ChooseField, ChooseOption, ChooseSeat
from ..core.board import place, places
from ..core.context import Ctx, Handlers
from ..core.errors import IllegalActionError
from ..core.heroes import held_items
from ..core.payloads import Probe
from ..core.pending import ask
from ..core.phase import begin_action, may_fight, villains_win
from ..core.state import XP_COLOURS, BossFight, Pending, Phase, State
from ..effects.items import drink, potions
from ..effects.life import ask_keep, die, lose_lp
from ..effects.probes import SKILL_ORDER, start_probe
from ..effects.rewards import lose_xp

GROUP_OF_THREE = 3  # "von einer Dreiergruppe verloren" (COOP-60)

HANDLERS = Handlers()  # this module's decisions and probes; registry.HOOKS merges them


def boss_token(content: Content, category: TokenCategory) -> str:
    return next(tid for tid in sorted(content.tokens) if content.tokens[tid].category is category)


def boss_field(content: Content, state: State, boss: str) -> str | None:
    """The field of the Namenloser or the dragon, if the token lies on the board."""
    category = TokenCategory.NAMENLOSER if boss == "namenloser" else TokenCategory.DRAGON
    return state.tokens[boss_token(content, category)].field


def card_of(content: Content, state: State, boss: str) -> BossCard:
    # setup draws both cards (content without boss cards has no final fight to look them up for)
    if boss == "namenloser":
        return content.namenlose_cards[cast(str, state.namenloser_card)]
    return content.dragon_cards[cast(str, state.dragon_card)]


def held_keys(content: Content, state: State, seat: int) -> set[str]:
    return {item.key for _, item in held_items(content, state, state.heroes[seat])}


def dragon_weapon_skills(content: Content, state: State, seat: int) -> list[str]:
    """The skills the hero's magic weapons allow against the dragon (END-13)."""
    flags = {f for _, item in held_items(content, state, state.heroes[seat]) for f in item.flags}
    return [s for s in SKILL_ORDER if f"dragon_weapon_{s}" in flags]


def namenloser_skills(content: Content, state: State, seat: int) -> dict[str, int]:
    """Skill -> modifier; a star skill only with the card's weapon, at -3 (END-08, ruling R-28)."""
    card = card_of(content, state, "namenloser")
    held = held_keys(content, state, seat)
    # Co-op: the dead Diener make him harder too; the König der Finsternis' -3 becomes -6 after nine (COOP-32).
    penalty = state.coop.villain_penalty() if state.coop is not None else 0
    result = {}
    for skill in SKILL_ORDER:
        mod = card.skills.get(skill)
        if mod is None:
            if card.weapon and card.weapon in held:
                result[skill] = card.star_modifier + penalty
        else:
            result[skill] = mod + penalty
    return result


def _at_namenloser(content: Content, state: State, seat: int) -> bool:
    hero = state.heroes[seat]
    where = boss_field(content, state, "namenloser")
    return (where is not None and hero.position == where and hero.between is None and hero.gem
            and state.namenloser_card is not None)


def _at_dragon(content: Content, state: State, seat: int) -> bool:
    hero = state.heroes[seat]
    where = boss_field(content, state, "dragon")
    return where is not None and hero.position == where and hero.between is None and state.dragon_card is not None


def legal_boss_actions(content: Content, state: State, seat: int) -> list[Action]:
    """Offered as the turn's fight (combat.legal_fight_actions decides whether a fight may come now)."""
    if _at_namenloser(content, state, seat):
        skills = list(namenloser_skills(content, state, seat))
        if state.coop is not None:
            skills = skills[:1]  # co-op: all his skills in turn, beginning with the first (COOP-33)
        return [ChallengeNamenloser(skill=s) for s in skills]
    if _at_dragon(content, state, seat) and can_pay_hoard(content, state, seat):
        return [ChallengeDragon(skill=s) for s in dragon_weapon_skills(content, state, seat)]
    return []


def hoard(content: Content, state: State) -> int:
    """The gold in the dragon's hoard: the card's, plus what Raub took (ruling R-73)."""
    return card_of(content, state, "dragon").hoard_gold + state.hoard_extra


def can_pay_hoard(content: Content, state: State, seat: int) -> bool:
    """"muss ... so viele EW nach Wahl abgeben, wie der Drache Goldstücke in seinem Hort hat": only a
    hero who can pay the whole hoard can challenge the dragon (ruling R-27, decided again: R-78)."""
    return not state.v2 or sum(state.heroes[seat].xp.values()) >= hoard(content, state)


# --- forced challenges -------------------------------------------------------------------------------------
def start_of_turn(ctx: Ctx, seat: int) -> bool:
    """A hero who begins his turn on the Namenloser (after a Wächter) or on the dragon with a weapon
    must fight now: there is no movement first (TOK-45, TOK-51)."""
    state, content = ctx.state, ctx.content
    if not legal_boss_actions(content, state, seat):
        return False
    ts = state.turn_state
    ts.mode = "walk"
    ts.movement_over = True
    ts.forced_fight = True
    boss = "namenloser" if _at_namenloser(content, state, seat) else "dragon"
    ctx.emit("final_fight_due", rules.TOK_GUARDIAN_MOVE_ON if boss == "namenloser" else rules.TOK_DRACHENMENSCH_MOVE_ON,
             seat, boss=boss)
    return True


def guardian_beaten(ctx: Ctx, seat: int) -> None:
    """The victor over a Wächter moves onto the Namenloser at once (TOK-45, END-03)."""
    state = ctx.state
    where = boss_field(ctx.content, state, "namenloser")
    if where is None:
        return
    hero = state.heroes[seat]
    origin, hero.position = hero.position, where
    ctx.emit("moved_onto_namenloser", rules.END_GUARDIAN, seat, frm=origin, to=where)


def drachenmensch_beaten(ctx: Ctx, seat: int) -> None:
    """"Der siegreiche Held muss sofort auf das Feld des Drachen weiterziehen": the victor moves on at
    once; with a magic weapon he fights the dragon next turn, without one he dies there like anyone
    who goes to the dragon unarmed (TOK-51, END-14; ruling R-31, decided again: R-79)."""
    state = ctx.state
    where = boss_field(ctx.content, state, "dragon")
    if where is None:
        return
    if not state.v2 and not dragon_weapon_skills(ctx.content, state, seat):
        return  # rules version 1: without a magic weapon he stays on V10 (old R-31)
    hero = state.heroes[seat]
    origin, hero.position = hero.position, where
    ctx.emit("moved_onto_dragon", rules.TOK_DRACHENMENSCH_MOVE_ON, seat, frm=origin, to=where)
    if not dragon_weapon_skills(ctx.content, state, seat):
        ctx.emit("killed_by_dragon", rules.END_DRAGON_KILLS, seat, field=where)
        die(ctx, seat, rules.TOK_DRAGON_KILLS, cause="dragon", drop_field=place(ctx.content, "dragon_death"))


def entered(ctx: Ctx, seat: int, code: str) -> bool:
    """A hero arrives on a field: on the dragon's he fights it now, or dies without a magic weapon
    (TOK-32, END-14). True when the arrival was handled here."""
    state, content = ctx.state, ctx.content
    if code != boss_field(content, state, "dragon"):
        return False
    if not dragon_weapon_skills(content, state, seat):
        ctx.emit("killed_by_dragon", rules.END_DRAGON_KILLS, seat, field=code)
        die(ctx, seat, rules.TOK_DRAGON_KILLS, cause="dragon", drop_field=place(ctx.content, "dragon_death"))
        return True
    state.turn_state.forced_fight = not state.turn_state.fought
    ctx.hooks.finish_movement(ctx, seat)  # the movement is a higher rule than the final fight
    return True


# --- the fight ---------------------------------------------------------------------------------------------
def apply_challenge(ctx: Ctx, seat: int, action: ChallengeNamenloser | ChallengeDragon) -> None:
    state, content = ctx.state, ctx.content
    # The same test as combat.legal_fight_actions, whose only final-fight actions are these.
    if not may_fight(state) or action not in legal_boss_actions(content, state, seat):
        raise IllegalActionError("no final fight is possible here now (the Namenloser after a Wächter, with a gem; "
                                 "the dragon with a magic weapon; one fight per turn, first of all actions)")
    ts = state.turn_state
    ts.forced_fight = False
    if not begin_action(ctx, seat):
        return
    ts.fought = True
    boss = "namenloser" if isinstance(action, ChallengeNamenloser) else "dragon"
    card = card_of(content, state, boss)
    held = held_keys(content, state, seat)
    mod: int
    if boss == "namenloser":
        mod = namenloser_skills(content, state, seat)[action.skill]
        protected = {item for item, effect in card.protections if effect == "no_double_damage"}
        double = action.skill in card.double_damage and not (protected & held)
        to_pay = 0
    else:
        mod = cast(int, card.skills[action.skill])  # a dragon card has no star (content/validate.py)
        double = False
        to_pay = hoard(content, state)
    state.boss_fight = BossFight(seat=seat, boss=boss, skill=action.skill, mod=mod, lp=card.lp, double=double,
                                 hoard=to_pay, hits=0, probing=False, shown=False,
                                 all_skills=boss == "namenloser" and state.coop is not None,
                                 group=_fighting_group(state, seat) if boss == "namenloser" else [])
    if not state.v2:
        _show_card(ctx, state.boss_fight)  # rules version 1: the card before the hoard
    ctx.emit("final_fight_started", rules.END_NAMENLOSER if boss == "namenloser" else rules.END_HOARD,
             seat, boss=boss, skill=action.skill, hoard=to_pay)
    resume(ctx)


def _show_card(ctx: Ctx, fight: BossFight) -> None:
    """The card is revealed once the hoard is paid ("Nun wird zuerst die Karte des Drachen aufgedeckt",
    END-16); the Namenloser's at once (END-04)."""
    state, content = ctx.state, ctx.content
    boss = fight.boss
    card = card_of(content, state, boss)
    reveal(state, boss)
    _save(state, shown=True)
    ctx.emit("boss_card_revealed", rules.END_NAMENLOSER_CARD if boss == "namenloser" else rules.END_DRAGON_CARD,
             fight.seat, boss=boss, card=card.key, skill=fight.skill, modifier=fight.mod, lp=card.lp,
             double_damage=fight.double)


def reveal(state: State, boss: str) -> None:
    state.revealed_cards = sorted({*state.revealed_cards, boss})


def _save(state: State, **changes: Any) -> BossFight:
    fight = replace(cast(BossFight, state.boss_fight), **changes)
    state.boss_fight = fight
    return fight


def resume(ctx: Ctx) -> None:
    """Go on with a final fight until it needs a decision or one side is dead."""
    state = ctx.state
    while True:
        fight = state.boss_fight
        if fight is None or state.pending or state.phase == Phase.FINISHED or fight.probing:
            return
        seat = fight.seat
        hero = state.heroes[seat]
        if fight.hoard > 0:
            _save(state, hoard=fight.hoard - 1)
            colours = [c for c in XP_COLOURS if hero.xp.get(c, 0) > 0]
            if not colours:
                # Rules version 1 only (old R-27): he pays all he has and fights anyway.
                _save(state, hoard=0)
                ctx.emit("hoard_paid_in_full", rules.END_HOARD, seat, short=fight.hoard)
                continue
            lose_xp(ctx, seat, colours, rules.END_HOARD, "dragon_hoard")
            continue
        if not fight.shown:
            _show_card(ctx, fight)
            continue
        if fight.hits > 0:
            _save(state, hits=fight.hits - 1)
            lose_lp(ctx, fight.prober(), rules.END_HITS if fight.boss == "namenloser" else rules.END_DRAGON_HITS,
                    f"{fight.boss}_hit")
            continue
        if fight.group and not fight.named:
            # "Der Charakter, dem die Probe misslingt, verliert einen LP": the group names who takes this
            # probe (ruling R-245), and who does not fight it may drink a healing potion (COOP-34, R-246).
            ask(ctx, seat, "boss_fighter", list(fight.group), front=True)
            return
        _save(state, probing=True)
        start_probe(ctx, fight.prober(), fight.skill, fight.mod, "final_fight", {"boss": fight.boss})


@HANDLERS.on_probe("final_fight")
def _final_probe(ctx: Ctx, probe: Probe, passed: bool) -> None:
    state = ctx.state
    fight = _save(state, probing=False, named=False)
    seat, boss = fight.prober(), fight.boss
    rule = rules.END_HITS if boss == "namenloser" else rules.END_DRAGON_HITS
    if passed:
        fight = _save(state, lp=fight.lp - 1)
        ctx.emit("boss_hit", rule, seat, boss=boss, lp=fight.lp)
        if fight.lp <= 0:
            _won(ctx, seat, boss)
            return
        _next_skill(ctx, fight)
        return
    hits = 2 if fight.double else 1
    fight = _save(state, hits=hits)
    ctx.emit("hero_hit", rule, seat, boss=boss, lp_lost=hits, double_damage=fight.double)
    _next_skill(ctx, fight)


def _next_skill(ctx: Ctx, fight: BossFight) -> None:
    """Co-op: "Es müssen alle drei Proben abgelegt werden" — after each probe, passed or not, the next
    of his skills in the order magic, ranged, melee, and round after round until one side is dead
    (COOP-33, ruling R-49); a star skill without the card's weapon is skipped (ruling R-228)."""
    if not fight.all_skills:
        return
    state = ctx.state
    skills = namenloser_skills(ctx.content, state, fight.seat)
    order = list(skills)
    following = order[(order.index(fight.skill) + 1) % len(order)]
    card = card_of(ctx.content, state, "namenloser")
    protected = {item for item, effect in card.protections if effect == "no_double_damage"}
    double = following in card.double_damage and not (protected & held_keys(ctx.content, state, fight.seat))
    _save(state, skill=following, mod=skills[following], double=double)


def _fighting_group(state: State, seat: int) -> list[int]:
    """Co-op: the challenger's group members standing with him fight the Namenloser together; [] alone."""
    if state.coop is None:
        return []
    here = state.heroes[seat].position
    members = [s for s in state.coop.group_of(seat)
               if state.heroes[s].position == here and state.heroes[s].between is None]
    return members if len(members) > 1 else []


@HANDLERS.answers("boss_fighter", ChooseSeat)
def _boss_fighter(ctx: Ctx, seat: int, pending: Pending, value: int) -> None:
    state = ctx.state
    fight = _save(state, fighter=value, named=True)
    ctx.emit("group_fighter_chosen", rules.COOP_GROUP_FIGHT, value, skill=fight.skill, token="namenloser")
    for member in fight.group:
        if member != value and potions(ctx.content, state, member):
            ask(ctx, member, "coop_potion", ["none", *potions(ctx.content, state, member)], front=True)


@HANDLERS.answers("coop_potion", ChooseOption)
def _coop_potion(ctx: Ctx, seat: int, pending: Pending, value: str) -> None:
    """"Kämpft ein Charakter nicht, darf er einen Heiltrank zu sich nehmen" (COOP-34)."""
    if value == "none":
        return
    ctx.emit("potion_while_not_fighting", rules.COOP_POTION, seat, token=value)
    drink(ctx, seat, value)


def _won(ctx: Ctx, seat: int, boss: str) -> None:
    state = ctx.state
    state.boss_fight = None
    ctx.emit("boss_defeated", rules.END_NAMENLOSER_WON if boss == "namenloser" else rules.END_DRAGON_WON, seat,
             boss=boss)
    finish_game(ctx, seat)


def finish_game(ctx: Ctx, seat: int) -> None:
    """The game is over: the victor's player wins; both cards are shown (GOAL-01)."""
    state = ctx.state
    state.phase = Phase.FINISHED
    state.winner = seat
    state.pending = []
    for boss in ("namenloser", "dragon"):
        reveal(state, boss)
    ctx.emit("game_won", rules.GOAL_WIN, seat, winner=seat)


def death_in_fight(ctx: Ctx, seat: int) -> str | list[str] | None:
    """The challenger died: the boss is whole again for the next one (END-11, END-20). Returns
    where his things go: the dragon_death field (V11), the namenloser_death fields (H1/H2/H4/H6) for the
    player to choose from, or None (no final fight). Reached from life.die through ``Hooks.death_in_fight``."""
    state = ctx.state
    fight = state.boss_fight
    if fight is None or (fight.seat != seat and seat not in fight.group):
        return None
    state.boss_fight = None
    if state.coop is not None and len(fight.group) == GROUP_OF_THREE:
        # "Wird der Kampf gegen den Namenlosen von einer Dreiergruppe verloren, so gilt das ganze Spiel als
        # verloren" (COOP-60): a member's death loses the group's fight (ruling R-245).
        ctx.emit("coop_trio_beaten", rules.COOP_GROUP_OF_THREE, seat, winner=villains_win(ctx),
                 members=len(fight.group))
        return None
    boss = fight.boss
    ctx.emit("boss_heals", rules.END_NAMENLOSER_HEALS if boss == "namenloser" else rules.END_DRAGON_HEALS, seat,
             boss=boss)
    return place(ctx.content, "dragon_death") if boss == "dragon" else list(places(ctx.content, "namenloser_death"))


@HANDLERS.answers("death_field", ChooseField)
def _death_field(ctx: Ctx, seat: int, pending: Pending, value: str) -> None:
    ctx.emit("death_field_chosen", rules.END_NAMENLOSER_DEATH, seat, field=value)
    ask_keep(ctx, seat, value)
