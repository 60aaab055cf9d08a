"""Fights ("Kämpfe") against monsters, Diener, Wächter and the Drachenmensch.

The fight is the first action of a turn and there is at most one. The player picks one monster on
his field (Diener first) and one skill from its coloured points, then makes one probe per heart with
that skill and the point's modifier; the first failure is a defeat (ruling R-15). A defeat costs one
LP, or what the monster takes instead, and ends the turn; a victory pays the printed reward, the item
or gold on the token's back, and a bag draw.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import cast

from ..content.model import Content
from ..core import rules
from ..core.actions import Action, ChooseOption, ChooseSeat, Evade, Fight, FightLightning
from ..core.context import Ctx, Handlers
from ..core.coop import CoopReward
from ..core.errors import IllegalActionError
from ..core.heroes import has_ability, item_with_flag
from ..core.payloads import FightProgress, GroupFight, Probe, RewardProposal, TokenChoice
from ..core.pending import ask
from ..core.phase import begin_action, may_fight
from ..core.state import BAG, OUT, PILE_CITY, Pending, State, companion_of
from ..core.tokens import move_token, role, visible_at
from ..effects.bag import draw_due, return_after_draw
from ..effects.items import receive
from ..effects.life import lose_lp, take_lp
from ..effects.probes import allowed_skills, start_probe
from ..effects.rewards import grant_gold, grant_xp, lose_xp_or_lp
from .coop import after_probe, extra_hard, first_skill, servant_died, villain_penalty
from .deeds import deed_monster_ready, fight_won
from .endgame import drachenmensch_beaten, guardian_beaten, legal_boss_actions
from .groups import fighters
from .movement import can_evade, finish_movement
from .servants import fire_targets

# --- what may be fought ------------------------------------------------------------------------------------

HANDLERS = Handlers()  # this module's decisions and probes; registry.HOOKS merges them


def fight_targets(content: Content, state: State, seat: int) -> list[str]:
    hero = state.heroes[seat]
    if hero.position is None or hero.between is not None:
        return []
    monsters = [tid for tid in visible_at(content, state, seat, hero.position)
                if state.tokens[tid].face_up and role(content, state, tid) == "monster"
                and deed_monster_ready(content, state, seat, tid)]
    servants = [tid for tid in monsters if content.tokens[tid].kind.value == "servant"]
    # Co-op: from N2, N3 or N4 the Diener on the fire beside it may be attacked (COOP-15).
    servants += fire_targets(content, state, hero.position)
    return servants or monsters  # Diener must always be fought first (FIGHT-19)


def legal_fight_actions(content: Content, state: State, seat: int) -> list[Action]:
    if not may_fight(state):
        return []
    hero = state.heroes[seat]
    lightning = item_with_flag(content, state, hero, "lightning")
    result: list[Action] = []
    for tid in fight_targets(content, state, seat):
        skills = content.tokens[tid].skills
        if extra_hard(state):
            # Co-op: no choice of skill, the fight runs over every point in a fixed order (COOP-01).
            result.append(Fight(token=tid, skill=first_skill(skills)))
            continue
        result.extend(Fight(token=tid, skill=s) for s in allowed_skills(skills))
        if lightning is not None and "magic" not in skills:
            result.append(FightLightning(token=tid))
    result.extend(legal_boss_actions(content, state, seat))
    if state.turn_state.forced_fight and can_evade(content, state, seat):
        result.append(Evade())
    return result


def fight_forced(content: Content, state: State, seat: int) -> bool:
    """A fight is due and possible: nothing else may happen first."""
    return state.turn_state.forced_fight and bool(legal_fight_actions(content, state, seat))


def hearts_of(content: Content, state: State, tid: str) -> int:
    credited = (state.shadow_hearts or {}).get(tid, 0)
    return content.tokens[tid].hearts + credited


# --- starting a fight --------------------------------------------------------------------------------------
def apply_fight(ctx: Ctx, seat: int, action: Fight | FightLightning) -> None:
    state, content = ctx.state, ctx.content
    if action not in legal_fight_actions(content, state, seat):
        raise IllegalActionError(f"no fight against {action.token} is possible now"
                                 " (one fight per turn, first of all actions, Diener first)")
    lightning = isinstance(action, FightLightning)
    skill = "magic" if isinstance(action, FightLightning) else action.skill
    ts = state.turn_state
    was_forced = ts.forced_fight
    ts.forced_fight = False
    if not begin_action(ctx, seat):
        return
    ts.fought = True
    token = content.tokens[action.token]
    ctx.emit("fight_started", rules.FIGHT_SKILL, seat, token=action.token, monster=token.face, skill=skill,
             hearts=hearts_of(content, state, action.token), forced=was_forced, lightning=lightning)
    fight = FightProgress(token=action.token, skill=skill, heart=0,
                          hearts=hearts_of(content, state, action.token), lightning=lightning)
    if extra_hard(state):
        fight.coop = True
        fight.leader = seat  # the hero whose turn it is; in a group others may take the probes (COOP-06)
    _next_heart(ctx, seat, fight)


def servant_attacks(ctx: Ctx, seat: int, tid: str) -> None:
    """Co-op: "Zieht ein Diener auf eine Gruppe oder einen einzelnen Charakter, kommt es sofort zum Kampf"
    (COOP-21), out of the hero's turn: the extra-hard fight, with his group; it ends no turn and draws no
    token, and on his turn he may move on or fight again as on any monster's field (COOP-22, ruling R-227)."""
    content, state = ctx.content, ctx.state
    move_token(state, tid, state.tokens[tid].loc, face_up=True, seen_by=())
    token = content.tokens[tid]
    ctx.emit("servant_attacks", rules.COOP_ATTACK, seat, token=tid, monster=token.face)
    _next_heart(ctx, seat, FightProgress(token=tid, skill=first_skill(token.skills), heart=0,
                                         hearts=hearts_of(content, state, tid), coop=True, leader=seat,
                                         ambush=True))


def _next_heart(ctx: Ctx, seat: int, fight: FightProgress) -> None:
    state = ctx.state
    if fight.coop and fight.leader is not None:
        group = fighters(state, fight.leader)
        if len(group) > 1:
            # "kann die Gruppe entscheiden, wer mit welcher Fertigkeit gegen das Monster kämpft" (COOP-06):
            # the player whose turn it is names the member for each probe (ruling R-231).
            ask(ctx, fight.leader, "group_fighter", list(group), GroupFight(replace(fight)), front=True)
            return
        seat = fight.leader
    _probe_heart(ctx, seat, fight)


@HANDLERS.answers("group_fighter", ChooseSeat)
def _answer_group_fighter(ctx: Ctx, seat: int, pending: Pending, value: int) -> None:
    fight = replace(pending.payload(GroupFight).fight)
    ctx.emit("group_fighter_chosen", rules.COOP_GROUP_FIGHT, value, skill=fight.skill, token=fight.token)
    _probe_heart(ctx, value, fight)


def _probe_heart(ctx: Ctx, seat: int, fight: FightProgress) -> None:
    content, state = ctx.content, ctx.state
    token = content.tokens[fight.token]
    if fight.lightning:
        # The Blitzschlag: one magic probe per heart without a modifier (ruling R-26).
        start_probe(ctx, seat, "magic", 0, "fight", fight.to_json())
        return
    skill = fight.skill
    invisible_melee = 1 if state.turn_state.invisible and skill == "melee" else 0
    monster = monster_effect(content, fight.token)
    modifier = token.skills[skill] + villain_penalty(content, state, fight.token)
    start_probe(ctx, seat, skill, modifier, "fight", fight.to_json(),
                printed=monster is not None and monster.printed, bonus=invisible_melee)


@HANDLERS.on_probe("fight")
def _fight_probe(ctx: Ctx, probe: Probe, passed: bool) -> None:
    seat, fight = probe.seat, FightProgress.from_json(probe.data)
    if fight.coop:
        _extra_hard_probe(ctx, seat, fight, passed)
        return
    if not passed:
        defeat(ctx, seat, fight)
        return
    fight.heart += 1
    if fight.heart < fight.hearts:
        _next_heart(ctx, seat, fight)
    else:
        victory(ctx, seat, fight.token)


def _extra_hard_probe(ctx: Ctx, seat: int, fight: FightProgress, passed: bool) -> None:
    """One probe of a co-op fight: a failure costs its LP at once, then the fight goes on (COOP-01..03)."""
    tid = fight.token
    hero = ctx.state.heroes[seat]
    if not passed:
        deaths = hero.deaths
        monster = monster_effect(ctx.content, tid)
        ctx.emit("coop_probe_failed", rules.COOP_ALL_POINTS, seat, token=tid, skill=fight.skill,
                 heart=fight.heart + 1)
        if monster is not None and monster.defeat is not None:
            monster.defeat(ctx, seat, tid)  # what this monster takes instead of an LP, per failed probe
        else:
            lose_lp(ctx, seat, rules.COOP_ALL_POINTS, "fight_lost")
        if hero.deaths != deaths or hero.lp <= 0:
            # Dead in the middle of the fight: the monster stays, the turn is over (ruling R-222).
            if not fight.ambush:
                ctx.state.turn_state.turn_over = True
            ctx.emit("fight_lost", rules.FIGHT_LOST, seat, token=tid, monster=ctx.content.tokens[tid].face)
            return
    outcome = after_probe(fight, ctx.content.tokens[tid].skills, passed)
    leader = seat if fight.leader is None else fight.leader
    if outcome == "probe":
        _next_heart(ctx, seat, fight)
    elif outcome == "won":
        _share_reward(ctx, leader, tid, ambush=fight.ambush)
    else:
        # Every failed probe has already cost its LP: losing the fight costs nothing more (ruling R-221).
        ctx.emit("fight_lost", rules.FIGHT_LOST, leader, token=tid, monster=ctx.content.tokens[tid].face)
        if not fight.ambush:
            ctx.state.turn_state.turn_over = True
            ctx.emit("turn_ends_after_defeat", rules.FIGHT_ENDS_TURN, leader)


# --- a group's reward (COOP-08) -------------------------------------------------------------------------------
def _share_reward(ctx: Ctx, leader: int, tid: str, ambush: bool) -> None:
    """"Die Mitglieder der Gruppe müssen sich einigen, wer die Belohnung bekommt": the player whose turn it
    is proposes a member, every other member agrees or refuses (ruling R-237). Monsters of a deed, Wächter
    and the Drachenmensch set off rules of the fighter's own and pay him."""
    state, content = ctx.state, ctx.content
    members = fighters(state, leader)
    if state.coop is None or len(members) < 2 or content.tokens[tid].kind.value not in ("monster", "servant") \
            or content.tokens[tid].deed:
        victory(ctx, leader, tid, draw=not ambush)
        return
    state.coop.reward = CoopReward(token=tid, leader=leader, ambush=ambush)
    ctx.emit("reward_to_agree", rules.COOP_REWARD, leader, token=tid)
    ask(ctx, leader, "reward_to", list(members), front=True)


@HANDLERS.answers("reward_to", ChooseSeat)
def _propose_reward(ctx: Ctx, seat: int, pending: Pending, value: int) -> None:
    state = ctx.state
    reward = state.coop.reward if state.coop is not None else None
    if reward is None:
        return
    recipient = value
    others = [s for s in fighters(state, reward.leader) if s != seat]
    reward.recipient, reward.waiting, reward.proposed = recipient, others, [*reward.proposed, recipient]
    ctx.emit("reward_proposed", rules.COOP_REWARD, seat, to=recipient, token=reward.token)
    for other in others:
        ask(ctx, other, "reward_agree", ["agree", "refuse"], RewardProposal(recipient))


@HANDLERS.answers("reward_agree", ChooseOption)
def _agree_reward(ctx: Ctx, seat: int, pending: Pending, value: str) -> None:
    state = ctx.state
    reward = state.coop.reward if state.coop is not None else None
    if reward is None:
        return
    leader = reward.leader
    if value == "agree":
        reward.waiting = [s for s in reward.waiting if s != seat]
        ctx.emit("reward_agreed", rules.COOP_REWARD, seat, to=reward.recipient)
        if not reward.waiting and reward.recipient is not None:
            _pay_reward(ctx, reward.recipient)
        return
    ctx.emit("reward_refused", rules.COOP_REWARD, seat, to=reward.recipient)
    state.pending = [p for p in state.pending if p.kind != "reward_agree"]  # the proposal is off
    left = [s for s in fighters(state, leader) if s not in reward.proposed]
    if not left:
        _pay_reward(ctx, leader)  # every member was proposed and refused: the fighter's turn decides
        return
    ask(ctx, leader, "reward_to", list(left), front=True)


def _pay_reward(ctx: Ctx, recipient: int) -> None:
    state = ctx.state
    assert state.coop is not None and state.coop.reward is not None
    reward = state.coop.reward
    state.coop.reward = None
    ctx.emit("reward_settled", rules.COOP_REWARD, recipient, token=reward.token)
    victory(ctx, recipient, reward.token, draw=not reward.ambush, drawer=reward.leader)


# --- defeat ------------------------------------------------------------------------------------------------
def defeat(ctx: Ctx, seat: int, fight: FightProgress) -> None:
    state, content = ctx.state, ctx.content
    tid = fight.token
    token = content.tokens[tid]
    hero = state.heroes[seat]
    state.turn_state.turn_over = True  # a defeat ends the turn (FIGHT-16)
    ctx.emit("fight_lost", rules.FIGHT_LOST, seat, token=tid, monster=token.face)
    if fight.lightning:
        spell = item_with_flag(content, state, hero, "lightning")
        if spell is not None:
            hero.items.remove(spell)
            move_token(state, spell, PILE_CITY, face_up=False, seen_by=(), flipped=False)
            ctx.emit("spell_dissolved", rules.LIGHTNING, seat, token=spell)
        if state.v2:
            # "verpufft der Zauberspruch": that is the whole cost of a failed Blitzschlag (ruling R-81).
            ctx.emit("turn_ends_after_defeat", rules.FIGHT_ENDS_TURN, seat)
            return
    monster = monster_effect(content, tid)
    if monster is not None and monster.defeat is not None:
        monster.defeat(ctx, seat, tid)
    else:
        lose_lp(ctx, seat, rules.FIGHT_LP, "fight_lost")
    ctx.emit("turn_ends_after_defeat", rules.FIGHT_ENDS_TURN, seat)


def _xp_instead_of_lp(ctx: Ctx, seat: int, tid: str) -> None:
    face = ctx.content.tokens[tid].face
    lose_xp_or_lp(ctx, seat, rules.ALP if face == "alp" else rules.ZWERGENGEIST, face)


def _doppelgaenger(ctx: Ctx, seat: int, tid: str) -> None:
    lose_xp_or_lp(ctx, seat, rules.DOPPELGAENGER, ctx.content.tokens[tid].face)


def _basilisk(ctx: Ctx, seat: int, tid: str) -> None:
    ctx.state.heroes[seat].confused = True
    ctx.emit("confused_by_basilisk", rules.BASILISK, seat, mover=(seat + 1) % ctx.state.seats)


def _spider(ctx: Ctx, seat: int, tid: str) -> None:
    hero = ctx.state.heroes[seat]
    if hero.lp <= 1:
        take_lp(ctx, seat, "natural", rules.SPIDER, "spider")
    else:
        lost = hero.lp - 1
        hero.lp = 1
        ctx.emit("lp_lost", rules.SPIDER, seat, source="natural", reason="spider", lp=hero.lp, lost=lost)


def _shadow_defeat(ctx: Ctx, seat: int, tid: str) -> None:
    lose_lp(ctx, seat, rules.SHADOW, f"shadow:{tid}")


def credit_shadow(ctx: Ctx, seat: int, tid: str) -> None:
    """Each LP lost against the Schatten adds a heart to it for every later fight (ruling R-25)."""
    state = ctx.state
    hearts = state.shadow_hearts = state.shadow_hearts or {}
    hearts[tid] = hearts.get(tid, 0) + 1
    ctx.emit("shadow_grows", rules.SHADOW, seat, token=tid, hearts=hearts_of(ctx.content, state, tid))


# --- victory -----------------------------------------------------------------------------------------------
def victory(ctx: Ctx, seat: int, tid: str, draw: bool = True, drawer: int | None = None) -> None:
    """The monster is beaten: ``seat`` receives the reward; the bag draw is ``drawer``'s (default: seat),
    the player whose turn it is (a co-op group may give the reward to another member, COOP-08)."""
    state, content = ctx.state, ctx.content
    token = content.tokens[tid]
    hero = state.heroes[seat]
    here = hero.position
    ctx.emit("fight_won", rules.FIGHT_WON, seat, token=tid, monster=token.face)
    monster = monster_effect(content, tid)
    if monster is not None and monster.victory_gold is not None:
        monster.victory_gold(ctx, seat, tid)
    else:
        grant_gold(ctx, seat, token.reward_gold, rules.FIGHT_WON, "fight_won")
    grant_gold(ctx, seat, token.back_gold, rules.FIGHT_BACK, "fight_won_back")
    grant_xp(ctx, seat, token.reward_xp, rules.FIGHT_XP_CHOICE, "fight_won")
    kind = token.kind.value
    if kind == "servant":
        move_token(state, tid, OUT, face_up=True, seen_by=())
        ctx.emit("servant_leaves_game", rules.TOK_SERVANT_OUT, seat, token=tid)
        servant_died(ctx, seat, tid)
    elif kind == "guardian":
        move_token(state, tid, state.tokens[tid].loc, face_up=False, seen_by=())
        ctx.emit("guardian_revived", rules.TOK_GUARDIAN_REVIVES, seat, token=tid)
        guardian_beaten(ctx, seat)
    elif kind == "drachenmensch":
        return_after_draw(ctx, seat, tid, rules.TOK_DRACHENMENSCH_BAG, "drachenmensch_back_to_bag")
        if state.v2:
            draw_due(ctx, seat, rules.TOK_MONSTER_DRAW, "monster_defeated")
            drachenmensch_beaten(ctx, seat)  # on to the dragon, after the draw
            return
        drachenmensch_beaten(ctx, seat)
    elif token.back:
        ctx.emit("reward_on_back", rules.FIGHT_BACK, seat, token=tid, item=token.back)
        receive(ctx, seat, tid, rules.FIGHT_ITEM, cast(str, here), flipped=True)  # he fought on his field
        if token.deed:
            fight_won(ctx, seat, tid)
            return  # the deed part made the draw
    elif token.back_gold:
        move_token(state, tid, OUT, face_up=True, seen_by=())
    elif (monster is not None and monster.companion and has_ability(content, hero, "monster_ork")
          and hero.companion is None):
        ask(ctx, seat, "companion", ["take", "leave"], TokenChoice(tid))
    else:
        return_after_draw(ctx, seat, tid, rules.TOK_MONSTER_BACK_TO_BAG, "monster_back_to_bag")
    if draw:
        draw_due(ctx, seat if drawer is None else drawer, rules.TOK_MONSTER_DRAW, "monster_defeated")


def _shadow_victory(ctx: Ctx, seat: int, tid: str) -> None:
    """1W6 gold; the credited hearts go back to the supply (ruling R-25)."""
    state = ctx.state
    roll = ctx.d6()
    ctx.emit("shadow_gold_roll", rules.SHADOW, seat, dice=(roll,))
    grant_gold(ctx, seat, roll, rules.SHADOW, "fight_won")
    state.shadow_hearts = state.shadow_hearts or {}
    state.shadow_hearts.pop(tid, None)


@HANDLERS.answers("companion", ChooseOption)
def _answer_companion(ctx: Ctx, seat: int, pending: Pending, value: str) -> None:
    """The Ork may take the defeated monster Ork along: +1 melee and 1 artificial LP (HERO-14)."""
    state = ctx.state
    tid = pending.payload(TokenChoice).token
    hero = state.heroes[seat]
    if value == "take" and hero.companion is None:
        hero.companion = tid
        hero.artificial[tid] = 1
        move_token(state, tid, companion_of(seat), face_up=True, seen_by=())
        ctx.emit("companion_joins", rules.ORK_COMPANION, seat, token=tid)
    else:
        move_token(state, tid, BAG, face_up=False, seen_by=())
        ctx.emit("monster_back_to_bag", rules.TOK_MONSTER_BACK_TO_BAG, seat, token=tid)


# --- the Hobbit's evasion ----------------------------------------------------------------------------------
def apply_evade(ctx: Ctx, seat: int, action: Evade) -> None:
    state = ctx.state
    if not can_evade(ctx.content, state, seat):
        raise IllegalActionError("only the Hobbit, not riding, can try once to evade a fight he walked into")
    state.turn_state.used.append("evade")
    roll = ctx.d6()
    evaded = roll <= 3
    ctx.emit("evade_roll", rules.HOBBIT_EVADE, seat, dice=(roll,), evaded=evaded)
    if evaded:
        # He may go on moving with any points left (HERO-09).
        state.turn_state.forced_fight = False
        if state.turn_state.points <= 0:
            finish_movement(ctx, seat)
    else:
        finish_movement(ctx, seat)


# --- the registry -----------------------------------------------------------------------------------------------
MonsterRule = Callable[[Ctx, int, str], None]  # (ctx, the fighting hero's seat, the monster token)


@dataclass(frozen=True)
class Monster:
    """One monster effect: how this monster changes a fight against it."""

    rule: str
    defeat: MonsterRule | None = None        # what a lost fight costs instead of 1 LP (FIGHT-08)
    victory_gold: MonsterRule | None = None  # the gold a won fight gives instead of the printed gold
    printed: bool = False                    # probes against the hero's printed value, without items
    companion: bool = False                  # an Ork hero may take it along (HERO-14)


# Every monster effect tokens.yaml names, once (docs/architecture.md, "Effects as data").
EFFECTS: dict[str, Monster] = {
    "xp_instead_of_lp": Monster(rules.ZWERGENGEIST, _xp_instead_of_lp),  # and the Alp (GLOS-01)
    "doppelgaenger": Monster(rules.DOPPELGAENGER, _doppelgaenger, printed=True),
    "basilisk": Monster(rules.BASILISK, _basilisk),
    "spider": Monster(rules.SPIDER, _spider),
    "shadow": Monster(rules.SHADOW, _shadow_defeat, _shadow_victory),
    "ork_companion": Monster(rules.ORK_COMPANION, companion=True),
}


def monster_effect(content: Content, tid: str) -> Monster | None:
    """The monster's effect, if it has one (each monster token names at most one)."""
    return next((EFFECTS[name] for name in content.tokens[tid].effects if name in EFFECTS), None)
