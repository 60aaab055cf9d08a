"""Setting up a game ("Vorbereitung des Spiels"): heroes, region cards, manors, piles and the bag."""

from __future__ import annotations

from typing import cast

from ..content.model import Content, Direction, FieldKind, TokenCategory
from ..core import rules
from ..core.actions import Action, ChooseAxis, ChooseHero, PlaceManor, PlaceRegion
from ..core.board import CELLS, orthogonal_cells, place
from ..core.context import Ctx
from ..core.coop import PLAYER, VILLAINS, CoopState
from ..core.coop import VARIANT as COOP
from ..core.dice import DICE_VERSION, CounterDice, Dice, dice_for
from ..core.errors import IllegalActionError
from ..core.state import (
    ASIDE,
    BAG,
    PILE_BAZAAR,
    PILE_CITY,
    PILE_FACE_DOWN,
    RULES_VERSION,
    HeroState,
    Phase,
    State,
    TokenState,
    at_field,
    held_by,
)
from ..core.tokens import move_token
from ..effects.life import magier_spell_choices

MAX_SEATS = 6  # the rulebook sets no limit; 16 heroes and 25 cards allow six (ruling R-103)
SET_ASIDE_CATEGORIES = {
    TokenCategory.NAMENLOSER,
    TokenCategory.GUARDIAN,
    TokenCategory.SERVANT,
    TokenCategory.DRACHENMENSCH,
    TokenCategory.DRAGON_EVENT,
}
PILE_OF_CATEGORY = {
    TokenCategory.FACE_DOWN: PILE_FACE_DOWN,
    TokenCategory.BAZAAR: PILE_BAZAAR,
    TokenCategory.CITY: PILE_CITY,
}


def new_game(content: Content, seats: int, seed: str, dice: Dice | None = None,
             rules_version: int = RULES_VERSION, dice_version: int = DICE_VERSION,
             variant: str | None = None, villain: str | None = None) -> State:
    """``variant="coop"``: the author's cooperative variant (issue 18); None: the ordinary game.

    ``seats`` counts the heroes. ``villain`` ("player" or "automatic", co-op only) adds the villain seat, one
    more seat with the last index (``core.coop.villain_seat``), whose turn follows the heroes' (rules/villain.py).
    """
    if not 1 <= seats <= MAX_SEATS:
        raise IllegalActionError(f"a game has 1 to {MAX_SEATS} seats, not {seats}")
    if variant not in (None, COOP):
        raise IllegalActionError(f"unknown variant {variant!r}")
    if villain is not None and (variant != COOP or villain not in VILLAINS):
        raise IllegalActionError(f"a villain seat is 'player' or 'automatic', in a co-op game only, not {villain!r}")
    dice = dice or dice_for(dice_version, seed, 0)
    tokens: dict[str, TokenState] = {}
    for tid, token in sorted(content.tokens.items()):
        if variant == COOP and token.category is TokenCategory.NAMENLOSER:
            loc = BAG  # "der Namenlose von Beginn an im Spiel" (COOP-09)
        elif token.category in SET_ASIDE_CATEGORIES:
            loc = ASIDE
        else:
            loc = PILE_OF_CATEGORY.get(token.category, BAG)
        tokens[tid] = TokenState(loc=loc)
    # Region cards the players draw from: all but the five set aside (H, J, N, R, V).
    stack = sorted(letter for letter, region in content.regions.items() if not region.set_aside)
    dice.shuffle(stack)
    first = dice.pick(list(range(seats)))
    state = State(
        content_version=content.version,
        seats=seats,
        phase=Phase.SETUP_HERO,
        current=first,
        first_seat=first,
        heroes=[HeroState(seat=i) for i in range(seats)],
        tokens=tokens,
        region_stack=stack,
        rules_version=rules_version,
        coop=CoopState(automatic=villain != PLAYER, villain=villain) if variant == COOP else None,
    )
    if isinstance(dice, CounterDice):
        state.chance_draws = dice.counter
    return state


# --- legal actions ------------------------------------------------------------------------------
def legal_setup_actions(content: Content, state: State, seat: int) -> list[Action]:
    if seat != state.current:
        return []
    if state.phase == Phase.SETUP_HERO:
        taken = {h.hero for h in state.heroes if h.hero}
        result: list[Action] = []
        for key in sorted(content.heroes):
            if key in taken:
                continue
            result.append(ChooseHero(hero=key))
            if "spell_instead_of_gold" in content.heroes[key].abilities:
                for spell in magier_spell_choices(content, state):
                    result.append(ChooseHero(hero=key, spell=spell))
        return result
    if state.phase == Phase.SETUP_REGION:
        return [PlaceRegion(cell=c) for c in legal_region_cells(state)]
    if state.phase == Phase.SETUP_MANOR:
        return [PlaceManor(field=f) for f in legal_manor_fields(content, state, seat)]
    if state.phase == Phase.SETUP_AXIS:
        return [ChooseAxis(axis=a) for a in AXES]
    return []




def legal_region_cells(state: State) -> list[int]:
    # Drawn cards may not touch another drawn card along an edge (diagonal is fine).
    return [
        cell
        for cell in range(CELLS)
        if state.grid[cell] is None and all(state.grid[n] is None for n in orthogonal_cells(cell))
    ]


def legal_manor_fields(content: Content, state: State, seat: int) -> list[str]:
    letter = state.heroes[seat].drawn_region
    if letter is None:
        return []
    taken = {h.manor for h in state.heroes}
    region = content.regions[letter]
    # The manor stands beside a beige field of the own card; never at the city of mages.
    city = place(content, "city")
    return [f.code for f in region.fields if f.kind is FieldKind.BEIGE and f.code != city and f.code not in taken]


# --- handlers -------------------------------------------------------------------------------------
def apply_setup(ctx: Ctx, seat: int, action: Action) -> None:
    state = ctx.state
    if isinstance(action, ChooseHero):
        _choose_hero(ctx, seat, action)
    elif isinstance(action, PlaceRegion):
        _place_region(ctx, seat, action)
    elif isinstance(action, PlaceManor):
        _place_manor(ctx, seat, action)
    elif isinstance(action, ChooseAxis):
        _choose_axis(ctx, seat, action)
    else:
        raise IllegalActionError(f"{action.kind} is not possible during setup ({state.phase})")


def _choose_hero(ctx: Ctx, seat: int, action: ChooseHero) -> None:
    state, content = ctx.state, ctx.content
    if state.phase != Phase.SETUP_HERO:
        raise IllegalActionError("heroes are chosen at the start of the game only")
    card = content.heroes.get(action.hero)
    if card is None:
        raise IllegalActionError(f"there is no hero {action.hero!r}")
    if any(h.hero == action.hero for h in state.heroes):
        raise IllegalActionError(f"{card.name_en} has already been chosen by another player")
    hero = state.heroes[seat]
    hero.hero = action.hero
    hero.lp = hero.lp_max = card.lp
    hero.gold = card.gold
    if action.spell is not None:
        if "spell_instead_of_gold" not in card.abilities:
            raise IllegalActionError(f"only the Magier may take a spell instead of his gold, not {card.name_en}")
        if action.spell not in magier_spell_choices(ctx.content, ctx.state):
            raise IllegalActionError(f"{action.spell!r} is not a spell of the city of mages pile")
        hero.gold = 0
        hero.items.append(action.spell)
        move_token(state, action.spell, held_by(seat), face_up=True)
        ctx.emit("spell_instead_of_gold", rules.SETUP_MAGIER_SPELL, seat, token=action.spell,
                 item=content.tokens[action.spell].face)
    ctx.emit("hero_chosen", rules.SETUP_HERO, seat, hero=action.hero, lp=hero.lp, gold=hero.gold)
    _next_setup_seat(ctx)
    if state.phase == Phase.SETUP_HERO and state.current == state.first_seat:
        state.phase = Phase.SETUP_REGION
        ctx.emit("regions_set_aside", rules.SETUP_SET_ASIDE, letters=sorted(
            letter for letter, r in content.regions.items() if r.set_aside))
        for h in state.heroes:
            h.drawn_region = state.region_stack.pop(0)
            ctx.emit("region_drawn", rules.SETUP_DRAW_REGION, h.seat, letter=h.drawn_region)


def _place_region(ctx: Ctx, seat: int, action: PlaceRegion) -> None:
    state = ctx.state
    if state.phase != Phase.SETUP_REGION:
        raise IllegalActionError("region cards are placed during setup only")
    if not 0 <= action.cell < CELLS:
        raise IllegalActionError(f"square {action.cell} is outside the 5x5 square (0..24)")
    if action.cell not in legal_region_cells(state):
        raise IllegalActionError(
            f"square {action.cell} is taken or touches another drawn card along an edge")
    letter = state.heroes[seat].drawn_region
    state.grid[action.cell] = letter
    state.revealed[action.cell] = True
    ctx.emit("region_placed", rules.SETUP_PLACE_REGION, seat, letter=letter, cell=action.cell)
    _next_setup_seat(ctx)
    if state.current == state.first_seat:
        state.phase = Phase.SETUP_MANOR


def _place_manor(ctx: Ctx, seat: int, action: PlaceManor) -> None:
    state = ctx.state
    if state.phase != Phase.SETUP_MANOR:
        raise IllegalActionError("manors are placed during setup only")
    if action.field not in legal_manor_fields(ctx.content, state, seat):
        raise IllegalActionError(
            f"{action.field} is not a free beige field of your card {state.heroes[seat].drawn_region}")
    hero = state.heroes[seat]
    hero.manor = action.field
    ctx.emit("manor_placed", rules.SETUP_MANOR, seat, field=action.field)
    _next_setup_seat(ctx)
    if state.current == state.first_seat:
        _fill_square(ctx)
        state.phase = Phase.SETUP_AXIS


def _choose_axis(ctx: Ctx, seat: int, action: ChooseAxis) -> None:
    """Each player chooses the axis of the two face-down tokens on his own card (ruling R-12)."""
    state = ctx.state
    if state.phase != Phase.SETUP_AXIS:
        raise IllegalActionError("the axis of the setup tokens is chosen during setup only")
    if action.axis not in AXES:
        raise IllegalActionError(f"the axis is 'north_south' or 'east_west', not {action.axis!r}")
    letter = cast(str, state.heroes[seat].drawn_region)  # every seat drew his region before the axes
    place_entry_tokens(ctx, letter, action.axis, rules.SETUP_TOKENS_ON_CARDS)
    _next_setup_seat(ctx)
    if state.current == state.first_seat:
        _finish_setup(ctx)


def _next_setup_seat(ctx: Ctx) -> None:
    ctx.state.current = (ctx.state.current + 1) % ctx.state.seats


def _fill_square(ctx: Ctx) -> None:
    state, content = ctx.state, ctx.content
    # The remaining cards, with the five set aside, fill the square face down.
    rest = list(state.region_stack) + sorted(key for key, r in content.regions.items() if r.set_aside)
    ctx.dice.shuffle(rest)
    filled = 0
    for cell in range(CELLS):
        if state.grid[cell] is None:
            state.grid[cell] = rest.pop(0)
            filled += 1
    state.region_stack = []
    ctx.emit("regions_filled", rules.SETUP_FILL, count=filled)


def _finish_setup(ctx: Ctx) -> None:
    state, content = ctx.state, ctx.content
    for hero in state.heroes:
        hero.position = hero.manor
        ctx.emit("hero_home", rules.SETUP_HEROES_HOME, hero.seat, field=hero.manor)
    state.namenloser_card = ctx.dice.pick(sorted(content.namenlose_cards)) if content.namenlose_cards else None
    state.dragon_card = ctx.dice.pick(sorted(content.dragon_cards)) if content.dragon_cards else None
    ctx.emit("boss_cards_drawn", rules.SETUP_BOSS_CARDS)
    state.phase = Phase.PLAY
    state.current = state.first_seat
    state.turn = 1
    ctx.emit("play_begins", rules.TURN_ORDER, state.first_seat)


AXES = {
    "north_south": (Direction.NORTH, Direction.SOUTH),
    "east_west": (Direction.EAST, Direction.WEST),
}


def place_entry_tokens(ctx: Ctx, letter: str, axis: str, rule: str) -> None:
    """Two face-down tokens from the face-down pile onto the two entry fields of one axis."""
    region = ctx.content.regions[letter]
    for direction in AXES[axis]:
        pile = ctx.state.tokens_at(PILE_FACE_DOWN)
        if not pile:
            ctx.emit("face_down_pile_empty", rule, letter=letter)
            return
        tid = ctx.dice.pick(sorted(pile))
        code = region.entries[direction]
        move_token(ctx.state, tid, at_field(code), face_up=False, seen_by=())
        ctx.emit("face_down_token_placed", rule, field=code)
