"""The board as a graph: the 5x5 square of region cards, their fields and the ways between them.

A Board is derived from the content and the grid (which letter lies at which square) and cached,
because the grid changes only in setup and by the rare Leitsage swap.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..content.model import Content, Direction, Field, FieldKind, PathKind, Region

SIZE = 5
CELLS = SIZE * SIZE


def cell_of(row: int, col: int) -> int:
    return row * SIZE + col


def row_col(cell: int) -> tuple[int, int]:
    return divmod(cell, SIZE)


def neighbour_cell(cell: int, direction: Direction) -> int | None:
    row, col = row_col(cell)
    dr, dc = direction.delta
    row, col = row + dr, col + dc
    # No wrapping: leaving the square at one edge does not enter it at the other.
    if 0 <= row < SIZE and 0 <= col < SIZE:
        return cell_of(row, col)
    return None


def orthogonal_cells(cell: int) -> list[int]:
    return [n for d in Direction if (n := neighbour_cell(cell, d)) is not None]


@dataclass(frozen=True)
class Link:
    to: str
    kind: PathKind
    crosses_cards: bool = False


class Board:
    def __init__(self, content: Content, grid: tuple[str | None, ...]) -> None:
        self.content = content
        self.grid = grid
        self.cell_of_letter = {letter: i for i, letter in enumerate(grid) if letter}
        self.links: dict[str, list[Link]] = {}
        for letter in self.cell_of_letter:
            region = content.regions[letter]
            for f in region.fields:
                self.links.setdefault(f.code, [])
            for path in region.paths:
                self.links[path.a].append(Link(path.b, path.kind))
                self.links[path.b].append(Link(path.a, path.kind))
        for letter, cell in self.cell_of_letter.items():
            region = content.regions[letter]
            for direction in Direction:
                other_cell = neighbour_cell(cell, direction)
                other = grid[other_cell] if other_cell is not None else None
                if other is None:
                    continue
                here = region.entries[direction]
                there = content.regions[other].entries[direction.opposite]
                self.links[here].append(Link(there, PathKind.PATH, crosses_cards=True))

    # --- lookups --------------------------------------------------------------------------------
    def region(self, letter: str) -> Region:
        return self.content.regions[letter]

    def field(self, code: str) -> Field:
        return self.content.regions[letter_of(code)].field(code)

    def cell_of_field(self, code: str) -> int:
        return self.cell_of_letter[letter_of(code)]

    def entry_direction(self, code: str) -> Direction | None:
        region = self.region(letter_of(code))
        for direction, entry in region.entries.items():
            if entry == code:
                return direction
        return None

    def beige_fields(self, letter: str) -> list[str]:
        return [f.code for f in self.region(letter).fields if f.kind is FieldKind.BEIGE]


def letter_of(code: str) -> str:
    return code[0]


def places(content: Content, name: str) -> tuple[str, ...]:
    """The fields of a place named in regions.yaml: a site (``"labyrinth_corner"``) or a kind of field."""
    return content.places[name]


def place(content: Content, name: str) -> str:
    """The one field of a place (``place(content, "temple")``): rule code spells no coordinates."""
    (code,) = content.places[name]
    return code


_BOARD_CACHE: dict[tuple[int, tuple[str | None, ...]], Board] = {}


def board_for(content: Content, grid: list[str | None]) -> Board:
    key = (id(content), tuple(grid))
    board = _BOARD_CACHE.get(key)
    if board is None:
        if len(_BOARD_CACHE) > 2048:
            _BOARD_CACHE.clear()
        board = _BOARD_CACHE[key] = Board(content, key[1])
    return board
