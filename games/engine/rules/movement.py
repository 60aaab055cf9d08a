"""Movement ("Bewegung", "Geheimwege", "Wasserwege", special regions, broom, shoes, Pegasus)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import cast

from ..content.model import Border, Content, Field, FieldKind, PathKind, SecretColour
from ..core import rules
from ..core.actions import Action, ChooseMovement, EndMovement, Fly, Jump, Move, RollLabyrinth, UseTeleporter
from ..core.board import Board, Link, board_for, letter_of, orthogonal_cells, place, places
from ..core.context import Ctx
from ..core.errors import IllegalActionError
from ..core.heroes import (
    carries_heavy_mount,
    has_ability,
    has_flag,
    item_with_mode,
    pay,
    purse_of,
)
from ..core.payloads import DieChoice
from ..core.state import PILE_CITY, WAITING, HeroState, Pending, State, at_field, held_by
from ..core.tokens import exists_for, field_tokens, is_bound, move_token
from ..effects.bag import FACE_DOWN_WHEN_PLACED
from ..effects.life import lose_lp
from .deeds import deed_monster_ready
from .endgame import entered
from .groups import boat_refused, follow, group_points
from .setup import place_entry_tokens

MONSTER_KINDS = {"monster", "servant", "guardian", "drachenmensch"}
FOREST = "forest"
JUMP_LENGTH = 4


# --- what the hero may do -------------------------------------------------------------------------
def movement_modes(content: Content, state: State, seat: int) -> list[str]:
    hero = state.heroes[seat]
    modes = ["walk"]
    if state.unwetter:
        return modes  # broom, Pegasus and jumping shoes stay grounded in an Unwetter
    heavy = carries_heavy_mount(content, state, hero)
    # The Zentaur uses no movement aid but boots and sandals (rulings ).
    centaur = has_ability(content, hero, "centaur_equipment")
    if (item_with_mode(content, state, hero, "broom") and not heavy and not centaur
            and hero.position != place(content, "city")):
        modes.append("broom")
    if (item_with_mode(content, state, hero, "jump_shoes") and not heavy and not centaur
            and not _jump_forbidden_field(content, state, hero.position)):
        modes.append("jump_shoes")
    # Version 2: the Pegasus too is a movement aid the Zentaur may not use (ruling R-82).
    if (item_with_mode(content, state, hero, "pegasus") and _field_kind(content, hero.position) is FieldKind.BEIGE
            and not (centaur and state.v2)):
        modes.append("pegasus")
    return modes


def legal_movement_actions(content: Content, state: State, seat: int) -> list[Action]:
    ts = state.turn_state
    hero = state.heroes[seat]
    if ts.movement_over or hero.between is not None or ts.forced_fight or ts.turn_over:
        return []
    if ts.mode is None:
        return [*(ChooseMovement(mode=m) for m in movement_modes(content, state, seat)), EndMovement()]
    board = board_for(content, state.grid)
    result: list[Action] = []
    if ts.mode == "walk":
        for link in board.links.get(cast(str, hero.position), ()):  # not between two fields (above)
            try:
                plan = plan_step(content, state, seat, link)
            except IllegalActionError:
                continue
            result.append(Move(to=plan.target_label))
        if _can_teleport(content, state, hero):
            result.append(UseTeleporter())
        if _can_roll_labyrinth(content, state, hero):
            result.append(RollLabyrinth())
    elif ts.mode == "broom":
        result.extend(Fly(to=code) for code in broom_targets(content, state, seat))
    elif ts.mode == "pegasus":
        result.extend(Fly(to=code) for code in pegasus_targets(content, state, seat))
    elif ts.mode == "jump_shoes":
        result.extend(Jump(to=code) for code in sorted(jump_targets(content, state, seat)))
    result.append(EndMovement())
    return result


# --- walking ----------------------------------------------------------------------------------------
@dataclass(frozen=True)
class StepPlan:
    dest: str
    explore_cell: int | None
    points: int
    gold: int
    secret_target: int | None
    boat_to: str | None = None

    @property
    def target_label(self) -> str:
        return f"?{self.explore_cell}" if self.explore_cell is not None else self.dest


def _field_kind(content: Content, code: str | None) -> FieldKind | None:
    if code is None:
        return None
    return content.regions[letter_of(code)].field(code).kind


def _effect_in_play(content: Content, state: State, effect: str) -> str | None:
    """The field of the face-up token with this passive encounter effect (rules/encounters.EFFECTS)."""
    for tid, ts in state.tokens.items():
        if effect in content.tokens[tid].effects and ts.face_up and ts.field:
            return ts.field
    return None


def secret_target(content: Content, state: State, hero: HeroState, code: str) -> int | None:
    """The 2W6 target to find a secret path, or None when this hero needs no roll."""
    f = content.regions[letter_of(code)].field(code)
    if f.kind is not FieldKind.SECRET:
        return None
    if has_ability(content, hero, "all_secret_paths"):
        return None
    if has_flag(content, state, hero, "amulet_secret_paths") or has_flag(content, state, hero, "labyrinth_map"):
        return None
    if has_ability(content, hero, "forest_secret_paths") and content.regions[letter_of(code)].terrain == FOREST:
        return None
    if has_ability(content, hero, "temple_village_secret_paths") and code in (
            place(content, "temple"), place(content, "white_village")):
        return None
    if has_ability(content, hero, "mountain_secret_paths") and code in places(content, "mountain_pass"):
        return None
    if code == place(content, "white_village") == _effect_in_play(content, state, "white_village_open"):
        return None  # with the Waldläufer there, the red field I5 is a beige field (GLOS-78)
    target = f.target or 0
    if has_ability(content, hero, "red_secret_7") and f.colour is SecretColour.RED:
        target = max(target, 7)
    return target


def plan_step(content: Content, state: State, seat: int, link: Link) -> StepPlan:
    """Check one step along a way and say what it costs; raise IllegalActionError with the reason."""
    hero = state.heroes[seat]
    ts = state.turn_state
    board = board_for(content, state.grid)
    origin = hero.position
    dest = link.to
    dest_cell = board.cell_of_field(dest)
    explore = None if state.revealed[dest_cell] else dest_cell
    f = board.field(dest)
    gold = 0
    points = 1
    boat_to = None
    if f.kind is FieldKind.CITY:
        raise IllegalActionError("the city of mages (S1) can only be reached by a teleporter roll")
    if f.site == "namenloser":
        raise IllegalActionError("nobody can pass through H3, the Namenloser's field")
    if f.kind is FieldKind.GUARDIAN and not hero.gem:
        raise IllegalActionError("only a hero with a gem (Edelstein) may enter the guardians' fields")
    if f.kind is FieldKind.SECRET and f.colour is SecretColour.RED and has_flag(content, state, hero, "coach_no_red"):
        raise IllegalActionError("the coach (Kutsche) cannot go over red points: leave it before the secret path")
    if link.kind is PathKind.CORRIDOR and not has_flag(content, state, hero, "labyrinth_map"):
        raise IllegalActionError("only the labyrinth map lets a hero walk the labyrinth's corridors")
    if link.kind is PathKind.ROPE and not has_flag(content, state, hero, "rope"):
        raise IllegalActionError("only the owner of the rope can climb down from V1 into the cave")
    if link.kind is PathKind.FERRY:
        free_lake = has_ability(content, hero, "free_lake")
        on_route = {origin, dest} == set(places(content, "boat_landing")) or not state.v2  # version 1: both ferries
        if state.boat == "staff" and on_route:
            points = 0  # a magic staff in the boat: its crossing costs neither gold nor points
        elif state.boat == origin and on_route:
            if boat_refused(content, state, seat):
                raise IllegalActionError("a group takes the boat only without a Kutsche and without horses")
            boat_to = dest
        elif not free_lake:
            gold = 1
    if link.kind is PathKind.ISLAND:
        island, landing = place(content, "island"), place(content, "orchan_landing")
        if origin == island:
            pass  # the way back is free, to Y4, Y5 or Y9
        elif origin == landing and dest == island:
            if _effect_in_play(content, state, "island_ferry") is None:
                raise IllegalActionError("the island can only be reached once Orchan is in play")
            if not has_ability(content, hero, "free_lake"):
                gold = 1
        else:
            raise IllegalActionError("Orchan only takes heroes across from Y5")
    if points > ts.points:
        raise IllegalActionError("no movement points left")
    if gold > purse_of(hero):
        raise IllegalActionError("the crossing costs 1 gold, and the hero has none")
    return StepPlan(dest=dest, explore_cell=explore, points=points, gold=gold,
                    secret_target=secret_target(content, state, hero, dest), boat_to=boat_to)


def _find_link(board: Board, origin: str, target_label: str) -> Link:
    for link in board.links.get(origin, ()):
        label = f"?{board.cell_of_field(link.to)}" if target_label.startswith("?") else link.to
        if label == target_label:
            if target_label.startswith("?") and not link.crosses_cards:
                continue
            return link
    raise IllegalActionError(f"there is no way from {origin} to {target_label}")


def apply_move(ctx: Ctx, seat: int, action: Move) -> None:
    state = ctx.state
    _require_mode(state, "walk")
    hero = state.heroes[seat]
    board = ctx.board
    link = _find_link(board, cast(str, hero.position), action.to)  # a walking hero stands on a field
    if action.to.startswith("?") and state.revealed[board.cell_of_field(link.to)]:
        raise IllegalActionError(f"{action.to} is not a face-down card")
    if not action.to.startswith("?") and not state.revealed[board.cell_of_field(link.to)]:
        raise IllegalActionError(f"there is no way from {hero.position} to {action.to}")
    plan = plan_step(ctx.content, state, seat, link)
    origin = cast(str, hero.position)
    state.turn_state.points -= plan.points
    state.turn_state.moved = True
    if plan.gold:
        pay(hero, plan.gold)
        ctx.emit("crossing_paid", rules.WATER_FERRY if link.kind is PathKind.FERRY else rules.WATER_ISLAND,
                 seat, gold=plan.gold, frm=origin, to=plan.dest)
    if plan.boat_to is not None:
        state.boat = plan.boat_to
        ctx.emit("boat_crossed", rules.WATER_BOAT, seat, frm=origin, to=plan.dest)
    state.turn_state.entered = plan.dest
    if plan.explore_cell is not None:
        explore(ctx, seat, plan.explore_cell, plan.dest)
        arrive(ctx, seat, plan.dest, walking=True)
        return
    if plan.secret_target is not None:
        a, b = ctx.d6(), ctx.d6()
        found = a + b <= plan.secret_target
        ctx.emit("secret_path_search", rules.SECRET_ROLL, seat, dice=(a, b), field=plan.dest,
                 target=plan.secret_target, found=found)
        if not found:
            hero.between = (origin, plan.dest)
            state.turn_state.searched_in_vain = plan.dest
            ctx.emit("searching_between", rules.SECRET_FAIL, seat, frm=origin, to=plan.dest)
            finish_movement(ctx, seat)
            return
    hero.position = plan.dest
    ctx.emit("moved", rules.MOVE_PATHS, seat, frm=origin, to=plan.dest, points_left=state.turn_state.points)
    arrive(ctx, seat, plan.dest, walking=True)


def explore(ctx: Ctx, seat: int, cell: int, entry: str) -> None:
    """Turn a face-down card: the hero stands on its entry field, two face-down tokens go onto the
    entry fields of the other axis, and open tokens waiting for this card are laid out."""
    state = ctx.state
    hero = state.heroes[seat]
    letter = state.grid[cell]
    state.revealed[cell] = True
    origin = hero.position
    hero.position = entry
    direction = ctx.board.entry_direction(entry)
    assert direction is not None  # a card is explored through one of its entry fields
    ctx.emit("region_explored", rules.EXPLORE, seat, cell=cell, letter=letter, frm=origin, to=entry)
    axis = "east_west" if direction.value in ("north", "south") else "north_south"
    place_entry_tokens(ctx, cast(str, letter), axis, rules.EXPLORE_TOKENS)  # every cell holds a card
    for tid in sorted(state.tokens_at(WAITING)):
        target = ctx.content.tokens[tid].target
        if target and letter_of(target) == letter:
            place_open_token(ctx, tid, target, rules.EXPLORE_WAITING)


def place_open_token(ctx: Ctx, token_id: str, code: str, rule: str) -> None:
    if ctx.content.tokens[token_id].category in FACE_DOWN_WHEN_PLACED:
        # Diener and the Drachenmensch lie face down; whoever drew them still knows them (TOK-38, TOK-48).
        move_token(ctx.state, token_id, at_field(code), face_up=False)
        ctx.emit("open_token_placed", rule, field=code)
        return
    move_token(ctx.state, token_id, at_field(code), face_up=True, seen_by=())
    if "boat" in ctx.content.tokens[token_id].effects and ctx.state.boat is None:
        ctx.state.boat = code
    token = ctx.content.tokens[token_id]
    seers = None if not is_bound(token) else tuple(
        s for s in range(ctx.state.seats) if exists_for(ctx.content, ctx.state, s, token_id))
    ctx.emit("open_token_placed", rule, token=token_id, field=code, visible_to=seers)


def arrive(ctx: Ctx, seat: int, code: str, walking: bool) -> None:
    """Face-down tokens on the field are turned; a monster there ends the movement and forces a fight."""
    state, content = ctx.state, ctx.content
    hero = state.heroes[seat]
    if entered(ctx, seat, code):
        return  # the dragon's cave: the dragon fight now, or death without a magic weapon
    monster = False
    for tid in sorted(field_tokens(state, code)):
        if not exists_for(content, state, seat, tid):
            continue  # bound to someone else's quest or deed: this hero walks past it
        ts = state.tokens[tid]
        token = content.tokens[tid]
        if not ts.face_up:
            move_token(state, tid, ts.loc, face_up=True, seen_by=())
            state.turn_state.revealed.append(tid)
            ctx.emit("token_revealed", rules.FACEDOWN_STOP, seat, token=tid, face=token.face, field=code)
        if token.kind in MONSTER_KINDS and not ts.flipped:
            if token.deed and not deed_monster_ready(content, state, seat, tid):
                continue  # a deed monster without what the part needs: he walks past (ruling R-70)
            if state.turn_state.invisible:
                continue  # Unsichtbarkeit: past every monster, Diener and Wächter too (GLOS-74)
            if (walking and has_ability(content, hero, "pass_open_red") and Border.RED in token.border
                    and tid not in state.turn_state.revealed):
                continue  # the Barde may walk past open red tokens (ruling R-21)
            monster = True
    if monster:
        ctx.emit("monster_stops_movement", rules.MONSTER_STOPS, seat, field=code)
        # One fight per turn: after it, a monster reached (by a Teleporter, say) waits for the next turn.
        state.turn_state.forced_fight = not state.turn_state.fought
        if can_evade(content, state, seat) and not state.turn_state.movement_over:
            return  # the Hobbit may first try to evade (HERO-09): movement waits for his roll
        finish_movement(ctx, seat)
        return
    if walking and state.turn_state.points <= 0 and not _can_teleport(content, state, hero) \
            and not _can_roll_labyrinth(content, state, hero):
        finish_movement(ctx, seat)


def can_evade(content: Content, state: State, seat: int) -> bool:
    """The Hobbit may try once to dodge a fight he walked into, but not riding (HERO-09)."""
    hero = state.heroes[seat]
    return (has_ability(content, hero, "evade_fight") and state.turn_state.forced_fight
            and "evade" not in state.turn_state.used and not carries_heavy_mount(content, state, hero))


def finish_movement(ctx: Ctx, seat: int) -> None:
    """End of movement: the desert takes its toll here."""
    state = ctx.state
    if state.turn_state.movement_over:
        return
    state.turn_state.movement_over = True
    state.turn_state.points = 0
    ctx.emit("movement_ended", rules.MOVE_POINTS, seat)
    follow(ctx, seat)  # co-op: the group follows the walker (COOP-05)
    _desert_toll(ctx, seat)


def _desert_toll(ctx: Ctx, seat: int) -> None:
    """Ruling R-39: 1 LP on card W unless standing on W1 or W6 (between two fields is not standing
    on either), 1 more for a vain search for W5 this turn, 1 more for standing on W5."""
    content, state = ctx.content, ctx.state
    hero = state.heroes[seat]
    where = hero.between[0] if hero.between else hero.position
    if where is None or letter_of(where) != "W":
        return
    if has_flag(content, state, hero, "desert_protection"):
        return
    if hero.between is not None or hero.position not in (place(content, "caravanserai"), place(content, "oasis")):
        lose_lp(ctx, seat, rules.DESERT, "desert")
    trail = place(content, "drifted_trail")
    if ctx.state.turn_state.searched_in_vain == trail:
        lose_lp(ctx, seat, rules.DESERT_W5, "desert_w5_search")
    if hero.between is None and hero.position == trail:
        lose_lp(ctx, seat, rules.DESERT_W5_FIELD, "desert_w5")


# --- teleporters, dump and labyrinth -------------------------------------------------------------------
def _can_teleport(content: Content, state: State, hero: HeroState) -> bool:
    return (
        state.turn_state.mode == "walk"
        and not state.turn_state.teleported
        and not state.turn_state.movement_over
        and state.turn_state.entered == hero.position
        and _field_kind(content, hero.position) is FieldKind.TELEPORTER
    )


def _can_roll_labyrinth(content: Content, state: State, hero: HeroState) -> bool:
    return (
        state.turn_state.mode == "walk"
        and not state.turn_state.labyrinth_rolled
        and not state.turn_state.movement_over
        and state.turn_state.entered == hero.position
        and hero.position in places(content, "labyrinth_corner")
    )


def apply_use_teleporter(ctx: Ctx, seat: int) -> None:
    hero = ctx.state.heroes[seat]
    if not _can_teleport(ctx.content, ctx.state, hero):
        raise IllegalActionError("a teleporter (S3-S6) can be used right after entering it, once per turn")
    teleport_roll(ctx, seat, rules.TELEPORT)


def teleport_roll(ctx: Ctx, seat: int, rule: str) -> None:
    """1W6, plus one die per blue experience die; the player keeps one of them."""
    state = ctx.state
    hero = state.heroes[seat]
    state.turn_state.teleported = True
    count = 1 + hero.xp.get("blue", 0)
    rolls = tuple(ctx.d6() for _ in range(count))
    ctx.emit("teleporter_roll", rule, seat, dice=rolls)
    values = sorted(set(rolls))
    if len(values) == 1:
        land_teleport(ctx, seat, values[0])
    else:
        state.pending.append(Pending(seat=seat, kind="choose_die", options=values, context=DieChoice("teleport")))


def land_teleport(ctx: Ctx, seat: int, value: int) -> None:
    hero = ctx.state.heroes[seat]
    origin = hero.position
    hero.position = f"S{value}"
    ctx.emit("teleported", rules.TELEPORT, seat, frm=origin, to=hero.position)
    finish_movement(ctx, seat)
    arrive(ctx, seat, hero.position, walking=False)
    if value == 2:
        _dump_search(ctx, seat)


def _dump_search(ctx: Ctx, seat: int) -> None:
    """At the dump (S2) a roll of 1 (1-2 with the Müllhalde encounter there) finds a city item."""
    state, content = ctx.state, ctx.content
    hero = state.heroes[seat]
    roll = ctx.d6()
    lucky = 2 if _effect_in_play(content, state, "dump_bonus") == place(content, "dump") else 1
    found = roll <= lucky
    ctx.emit("dump_search", rules.DUMP_SEARCH, seat, dice=(roll,), found=found)
    if not found:
        return
    pile = sorted(state.tokens_at(PILE_CITY))
    if not pile:
        return
    tid = ctx.dice.pick(pile)
    slots = content.heroes[cast(str, hero.hero)].item_slots  # heroes in play have chosen theirs
    if len(hero.items) >= slots:
        # No free slot (ruling R-16): the find lies face up on the dump for anyone to pick up.
        move_token(state, tid, at_field(place(content, "dump")), face_up=True, seen_by=())
        ctx.emit("dump_item_no_room", rules.DUMP_SEARCH, seat, token=tid, item=content.tokens[tid].face)
        return
    hero.items.append(tid)
    move_token(state, tid, held_by(seat), face_up=True)
    ctx.emit("dump_item_found", rules.DUMP_SEARCH, seat, token=tid, item=content.tokens[tid].face)


def apply_roll_labyrinth(ctx: Ctx, seat: int) -> None:
    hero = ctx.state.heroes[seat]
    if not _can_roll_labyrinth(ctx.content, ctx.state, hero):
        raise IllegalActionError("the labyrinth roll follows entering a corner field (U1, U3, U4, U6) this turn")
    labyrinth_roll(ctx, seat, rules.LABYRINTH)
    finish_movement(ctx, seat)


def labyrinth_roll(ctx: Ctx, seat: int, rule: str) -> None:
    hero = ctx.state.heroes[seat]
    ctx.state.turn_state.labyrinth_rolled = True
    roll = ctx.d6()
    origin = hero.position
    hero.position = f"U{roll}"
    ctx.emit("labyrinth_roll", rule, seat, dice=(roll,), frm=origin, to=hero.position)
    arrive(ctx, seat, hero.position, walking=False)


# --- broom, Pegasus, jumping shoes ---------------------------------------------------------------------
_NO_LANDING_SITES = {"namenloser"}


def _landable(f: Field) -> bool:
    return f.kind not in (FieldKind.CITY, FieldKind.GUARDIAN) and f.site not in _NO_LANDING_SITES


def broom_targets(content: Content, state: State, seat: int) -> list[str]:
    hero = state.heroes[seat]
    board = board_for(content, state.grid)
    here = board.cell_of_field(cast(str, hero.position))  # the broom starts from the hero's field
    result: list[str] = []
    for cell in orthogonal_cells(here):
        if not state.revealed[cell]:
            continue
        region = content.regions[cast(str, state.grid[cell])]  # a revealed cell holds a card
        result.extend(f.code for f in region.fields if _landable(f))
    return sorted(result)


def pegasus_targets(content: Content, state: State, seat: int) -> list[str]:
    hero = state.heroes[seat]
    result: list[str] = []
    for cell, letter in enumerate(state.grid):
        if letter is None or not state.revealed[cell]:
            continue
        result.extend(f.code for f in content.regions[letter].fields
                      if f.kind is FieldKind.BEIGE and f.code != hero.position)
    return sorted(result)


def _jump_forbidden_field(content: Content, state: State, code: str | None) -> bool:
    if code is None:
        return True
    f = content.regions[letter_of(code)].field(code)
    if letter_of(code) == "S" and f.kind in (FieldKind.CITY, FieldKind.DUMP):
        return True
    if f.kind is FieldKind.LABYRINTH:
        return True
    # Coloured points are barred (secret paths, teleporters, the guardians' fields); blue water is not.
    return f.kind in (FieldKind.SECRET, FieldKind.TELEPORTER, FieldKind.GUARDIAN) or f.site == "namenloser"


def jump_targets(content: Content, state: State, seat: int) -> set[str]:
    """Fields exactly four steps away along the ways, over revealed cards only, ignoring tokens."""
    hero = state.heroes[seat]
    board = board_for(content, state.grid)
    allowed_links = (PathKind.PATH, PathKind.FERRY, PathKind.ISLAND)
    targets: set[str] = set()

    def walk(code: str, depth: int, seen: tuple[str, ...]) -> None:
        if depth == JUMP_LENGTH:
            targets.add(code)
            return
        for link in board.links.get(code, ()):
            nxt = link.to
            if nxt in seen or link.kind not in allowed_links:
                continue
            if not state.revealed[board.cell_of_field(nxt)]:
                continue
            if _jump_forbidden_field(content, state, nxt):
                continue
            if code == place(content, "drachenmensch") and nxt == place(content, "dragon"):
                continue  # not over the Drachenmensch into the dragon's cave
            walk(nxt, depth + 1, (*seen, nxt))

    here = cast(str, hero.position)  # jumping starts from the hero's field
    walk(here, 0, (here,))
    targets.discard(hero.position)
    return targets


def apply_choose_movement(ctx: Ctx, seat: int, action: ChooseMovement) -> None:
    state = ctx.state
    if state.turn_state.mode is not None:
        raise IllegalActionError("the way of moving was already chosen this turn")
    if state.turn_state.movement_over or state.heroes[seat].between is not None:
        raise IllegalActionError("movement is over for this turn")
    if action.mode not in movement_modes(ctx.content, state, seat):
        raise IllegalActionError(f"{action.mode!r} is not possible now (items held, Unwetter, field)")
    state.turn_state.mode = action.mode
    ctx.emit("movement_chosen", rules.MOVE_MODE, seat, mode=action.mode)
    if action.mode == "walk":
        # A co-op group walks at its slowest member's points (COOP-05); alone, that is his own.
        state.turn_state.points = group_points(ctx.content, state, seat)


def apply_fly(ctx: Ctx, seat: int, action: Fly) -> None:
    state, content = ctx.state, ctx.content
    hero = state.heroes[seat]
    mode = state.turn_state.mode
    if mode == "broom":
        if action.to not in broom_targets(content, state, seat):
            raise IllegalActionError(f"the broom reaches only fields of revealed neighbouring cards, not {action.to}")
        board = ctx.board
        witch_house = place(ctx.content, "witch_house")
        k_cell = board.cell_of_letter.get(letter_of(witch_house))
        origin = hero.position
        if k_cell is not None and state.revealed[k_cell]:
            roll = ctx.d6()
            ok = roll >= 2
            ctx.emit("broom_roll", rules.BROOM, seat, dice=(roll,), ok=ok)
        else:
            ok = True
            ctx.emit("broom_no_roll", rules.BROOM, seat, reason="witch_house_unexplored")
        hero.position = action.to if ok else witch_house
        ctx.emit("flew", rules.BROOM, seat, frm=origin, to=hero.position)
    elif mode == "pegasus":
        if action.to not in pegasus_targets(content, state, seat):
            raise IllegalActionError(f"Pegasus lands only on beige fields of revealed cards, not {action.to}")
        origin = hero.position
        hero.position = action.to
        tid = cast(str, item_with_mode(content, state, hero, "pegasus"))  # the mode needs Pegasus held
        hero.items.remove(tid)
        move_token(state, tid, PILE_CITY, face_up=False, seen_by=())
        ctx.emit("flew", rules.PEGASUS, seat, frm=origin, to=hero.position, returned=tid)
    else:
        raise IllegalActionError("flying needs the broom or Pegasus chosen at the start of the turn")
    finish_movement(ctx, seat)
    arrive(ctx, seat, hero.position, walking=False)


def apply_jump(ctx: Ctx, seat: int, action: Jump) -> None:
    state, content = ctx.state, ctx.content
    _require_mode(state, "jump_shoes")
    if action.to not in jump_targets(content, state, seat):
        raise IllegalActionError(f"{action.to} is not exactly four fields away along open ways")
    hero = state.heroes[seat]
    origin = hero.position
    hero.position = action.to
    ctx.emit("jumped", rules.JUMP, seat, frm=origin, to=action.to)
    finish_movement(ctx, seat)
    arrive(ctx, seat, hero.position, walking=False)


def apply_end_movement(ctx: Ctx, seat: int) -> None:
    if ctx.state.turn_state.movement_over:
        raise IllegalActionError("movement is already over")
    finish_movement(ctx, seat)


def _require_mode(state: State, mode: str) -> None:
    if state.turn_state.movement_over:
        raise IllegalActionError("movement is over for this turn")
    if state.turn_state.mode != mode:
        raise IllegalActionError(f"this needs the movement mode {mode!r}, chosen at the start of the turn")

