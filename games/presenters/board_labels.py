"""Where the board's words go: a label layout in which no two labels overlap, and no label covers a field's
dot (and the number in it), a pawn, a token, a figure, a manor or the Kahn (issue 16: "labels that never
collide").

Pure Python (no Django): the board (``games.presenters.board``) hands in what is drawn where — the
*obstacles* — and what should be written next to what — the *requests*, in order of importance — and gets
back where each label stands, or that it did not fit. The server has no text metrics, so a label's width is
estimated from its characters (the advance widths of DejaVu Sans, the font Debian's Chromium draws
``system-ui`` with); the board then draws each label with ``textLength`` set to that width, so the browser
draws it exactly as wide as it was laid out, whatever font it has.

Each request is tried at candidate places around the thing it names (below, above, right, left, the four
corners; first touching it, then a little further away), first in full and then shortened with "…"; the
first place that is free wins. A request marked ``keep`` (the field codes) that fits nowhere is placed where
it overlaps least, so it is never lost; everything else that fits nowhere is left out (its full text stays in
the <title> of the thing it names).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import lru_cache

from apibase.kept import Kept

# Advance widths in em of DejaVu Sans Book (its bold is about 8 % wider); anything not listed counts as
# the widest ordinary letter, so an unknown character makes a label longer, never shorter.
_WIDTHS: dict[str, float] = {
    " ": .318, "!": .401, '"': .46, "'": .275, "(": .39, ")": .39, ",": .318, "-": .361, ".": .318,
    "/": .337, ":": .337, ";": .337, "?": .531, "%": .95, "&": .78, "+": .838, "·": .318, "…": 1.0,
    "–": .5, "—": 1.0, "≤": .838, "×": .838, "«": .557, "»": .557,
    "0": .636, "1": .636, "2": .636, "3": .636, "4": .636, "5": .636, "6": .636, "7": .636, "8": .636,
    "9": .636,
    "A": .684, "B": .686, "C": .698, "D": .77, "E": .632, "F": .575, "G": .775, "H": .752, "I": .295,
    "J": .295, "K": .656, "L": .557, "M": .863, "N": .748, "O": .787, "P": .603, "Q": .787, "R": .695,
    "S": .635, "T": .611, "U": .732, "V": .684, "W": .989, "X": .685, "Y": .611, "Z": .685,
    "a": .613, "b": .635, "c": .55, "d": .635, "e": .615, "f": .352, "g": .635, "h": .634, "i": .278,
    "j": .278, "k": .579, "l": .278, "m": .974, "n": .634, "o": .612, "p": .635, "q": .635, "r": .411,
    "s": .521, "t": .392, "u": .634, "v": .592, "w": .818, "x": .592, "y": .592, "z": .525,
    "ß": .63, "ä": .613, "ö": .612, "ü": .634, "Ä": .684, "Ö": .787, "Ü": .732, "é": .615, "è": .615,
    "à": .613, "ç": .55, "ñ": .634,
}
_WIDEST = .989
BOLD = 1.08
ASCENT = .93      # of the font size, above the baseline (what the browser's text box reaches)
DESCENT = .24     # below it
ELLIPSIS = "…"


def text_width(text: str, size: float, *, bold: bool = False) -> float:
    """The estimated drawn width of ``text`` at ``size`` units (the board draws it at exactly this width)."""
    return _em(text) * size * (BOLD if bold else 1.0)


@lru_cache(maxsize=8192)
def _em(text: str) -> float:
    """``text``'s width in em: the same few hundred words (codes, names, costs) are measured for every
    board and every shortening tried, some 1,300 times per first render (issue 17, seventh wave)."""
    return sum(_WIDTHS.get(ch, _WIDEST) for ch in text)


@dataclass(frozen=True)
class Box:
    x0: float
    y0: float
    x1: float
    y1: float

    def overlaps(self, other: Box, gap: float = 0.0) -> bool:
        return (self.x0 < other.x1 + gap and other.x0 < self.x1 + gap
                and self.y0 < other.y1 + gap and other.y0 < self.y1 + gap)

    def overlap_area(self, other: Box) -> float:
        w = min(self.x1, other.x1) - max(self.x0, other.x0)
        h = min(self.y1, other.y1) - max(self.y0, other.y0)
        return w * h if w > 0 and h > 0 else 0.0

    def inside(self, other: Box) -> bool:
        return other.x0 <= self.x0 and self.x1 <= other.x1 and other.y0 <= self.y0 and self.y1 <= other.y1

    def grown(self, d: float) -> Box:
        return Box(self.x0 - d, self.y0 - d, self.x1 + d, self.y1 + d)

    @property
    def centre(self) -> tuple[float, float]:
        return (self.x0 + self.x1) / 2, (self.y0 + self.y1) / 2


def circle_box(x: float, y: float, r: float) -> Box:
    return Box(x - r, y - r, x + r, y + r)


@dataclass(frozen=True)
class Request:
    """One label to place: ``text`` written at ``size`` next to ``near`` (the box of what it names).

    ``prefer`` names the sides to try first (of "below", "above", "right", "left"); ``pad`` is room kept
    around the text inside the label's box (a cost badge draws its background there); ``within`` is the
    area the label must stay in (its card and a little of the gutter), ``keep`` places it even where it
    overlaps when no place is free (field codes)."""

    key: str
    text: str
    size: float
    near: Box
    prefer: tuple[str, ...] = ("below", "above", "right", "left")
    bold: bool = False
    pad: tuple[float, float] = (0.0, 0.0)
    within: Box | None = None
    keep: bool = False
    shorten: bool = True
    corners: bool = False   # try only the four inside corners of ``near`` (a card's name in its card)
    fallbacks: tuple[str, ...] = ()  # shorter texts to try before cutting (a cost without its chance)


@dataclass(frozen=True)
class Placed:
    """Where a label stands: its text (maybe shortened) is drawn centred on ``x`` with its baseline at
    ``y`` and exactly ``width`` wide; ``box`` is everything it covers (text and padding)."""

    key: str
    text: str
    full: str
    x: float
    y: float
    width: float
    size: float
    box: Box
    crowded: bool = False

    @property
    def shortened(self) -> bool:
        return self.text != self.full


@dataclass
class _Grid:
    """Boxes bucketed by area, so a candidate is only checked against what is near it."""

    cell: float = 32.0
    buckets: dict[tuple[int, int], list[Box]] = field(default_factory=dict)

    def _keys(self, box: Box) -> Iterator[tuple[int, int]]:
        for i in range(int(box.x0 // self.cell), int(box.x1 // self.cell) + 1):
            for j in range(int(box.y0 // self.cell), int(box.y1 // self.cell) + 1):
                yield i, j

    def add(self, box: Box) -> None:
        """``box`` into each bucket it reaches, walked directly as ``hits`` does (a layout adds some 400 boxes)."""
        cell, buckets = self.cell, self.buckets
        for i in range(int(box.x0 // cell), int(box.x1 // cell) + 1):
            for j in range(int(box.y0 // cell), int(box.y1 // cell) + 1):
                bucket = buckets.get((i, j))
                if bucket is None:
                    buckets[(i, j)] = [box]
                else:
                    bucket.append(box)

    def near(self, box: Box) -> Iterator[Box]:
        seen: set[int] = set()
        for key in self._keys(box):
            for other in self.buckets.get(key, ()):
                if id(other) not in seen:
                    seen.add(id(other))
                    yield other

    def hits(self, box: Box, gap: float) -> bool:
        """Whether anything comes nearer ``box`` than ``gap``: the buckets of the grown box walked directly,
        with no set of what was seen (a box met twice gives the same answer), as the label layout asks
        this some 2,000 times per board (issue 17, fifth wave)."""
        return self.hits_at(box.x0, box.y0, box.x1, box.y1, gap)

    def hits_at(self, x0: float, y0: float, x1: float, y1: float, gap: float) -> bool:
        """``hits`` for the box with these corners, with no ``Box`` made (the layout tries some 300 spots
        per board and keeps one per label: issue 17, seventh wave, second round)."""
        cell, buckets = self.cell, self.buckets
        for i in range(int((x0 - gap) // cell), int((x1 + gap) // cell) + 1):
            for j in range(int((y0 - gap) // cell), int((y1 + gap) // cell) + 1):
                for other in buckets.get((i, j), ()):
                    if x0 < other.x1 + gap and other.x0 < x1 + gap and y0 < other.y1 + gap and other.y0 < y1 + gap:
                        return True
        return False

    def overlap(self, box: Box) -> float:
        """The area ``box`` shares with what is here: ``near`` and ``Box.overlap_area`` walked directly, in
        the same order with the same sums (a field code that fits nowhere weighs every spot with this: a
        fifth of the layout's calls; issue 17, seventh wave, second round)."""
        cell, buckets = self.cell, self.buckets
        x0, y0, x1, y1 = box.x0, box.y0, box.x1, box.y1
        seen: set[int] = set()
        total = 0.0
        for i in range(int(x0 // cell), int(x1 // cell) + 1):
            for j in range(int(y0 // cell), int(y1 // cell) + 1):
                for other in buckets.get((i, j), ()):
                    if id(other) in seen:
                        continue
                    seen.add(id(other))
                    w = (x1 if x1 <= other.x1 else other.x1) - (x0 if x0 >= other.x0 else other.x0)
                    h = (y1 if y1 <= other.y1 else other.y1) - (y0 if y0 >= other.y0 else other.y0)
                    if w > 0 and h > 0:
                        total += w * h
        return total


GAP = 1.0                       # free room kept between a label and anything else
DISTANCES = (1.0, 4.0, 8.0, 13.0)  # how far from the thing it names a label may stand, tried in order
FAR = (18.0, 24.0, 31.0)        # further still, for a label that must be shown (a code, a cost)
SHORT_LENGTHS = (22, 16, 12, 9, 6)  # the lengths a label is shortened to, tried in order


def shortened(text: str, n: int) -> str:
    """``text`` cut to ``n`` characters and an ellipsis, at a word's end when one is near."""
    if len(text) <= n:
        return text
    cut = text[:n].rstrip()
    space = cut.rfind(" ")
    if space >= n * 0.6:
        cut = cut[:space]
    return cut.rstrip(" :,–-·") + ELLIPSIS


def variants(request: Request) -> list[str]:
    return list(_variants(request))


def _variants(request: Request) -> Iterator[str]:
    """``variants`` one at a time: most labels fit in full, and their shortenings are then never made
    (issue 17, seventh wave: some 1,000 calls per board)."""
    out = [request.text, *request.fallbacks]
    yield from out
    if request.shorten:
        for n in SHORT_LENGTHS:
            text = shortened(request.text, n)
            if text not in out and len(text) < len(out[-1]):
                out.append(text)
                yield text


def _candidates(near: Box, w: float, h: float, prefer: Sequence[str],
                distances: Sequence[float] = DISTANCES) -> Iterator[tuple[float, float]]:
    """Top-left corners of a w x h box around ``near``: its preferred sides first, then the others and the
    corners, each first touching and then further away."""
    cx, cy = (near.x0 + near.x1) / 2, (near.y0 + near.y1) / 2  # near.centre, without the property's call
    sides = list(prefer) + [s for s in ("below", "above", "right", "left") if s not in prefer]
    for d in distances:
        for side in sides:
            if side == "below":
                yield cx - w / 2, near.y1 + d
            elif side == "above":
                yield cx - w / 2, near.y0 - d - h
            elif side == "right":
                yield near.x1 + d, cy - h / 2
            else:
                yield near.x0 - d - w, cy - h / 2
        for vertical in ("below", "above"):
            y = near.y1 + d if vertical == "below" else near.y0 - d - h
            yield near.x1 + d - w / 3, y           # mostly to the right
            yield near.x0 - d - 2 * w / 3, y       # mostly to the left
            yield near.x1 + d, y                   # the corners
            yield near.x0 - d - w, y


def _corners(near: Box, w: float, h: float) -> Iterator[tuple[float, float]]:
    """Top-left corners of a w x h box in each inside corner of ``near``: bottom left first."""
    yield near.x0, near.y1 - h
    yield near.x1 - w, near.y1 - h
    yield near.x0, near.y0
    yield near.x1 - w, near.y0


def centred(key: str, text: str, size: float, cx: float, cy: float, *, bold: bool = False,
            pad: tuple[float, float] = (0.0, 0.0)) -> Placed:
    """A label whose box (text and padding) is centred on (cx, cy): for words drawn at a fixed place."""
    tw = text_width(text, size, bold=bold)
    w, h = tw + 2 * pad[0], (ASCENT + DESCENT) * size + 2 * pad[1]
    box = Box(cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2)
    return Placed(key, text, text, cx, box.y0 + pad[1] + ASCENT * size, tw, size, box)


def place_labels(requests: Iterable[Request], obstacles: Iterable[Box], static: int = 0,
                 lead: int = 0) -> dict[str, Placed]:
    """Place the labels in the order given (the most important first); see the module's docstring.

    ``static``: how many of the first obstacles (a list then) are objects kept per process that every board
    with the same ones shows (the axis numbers, the revealed cards' dots): their grid is filed once and
    copied (``_static_grid``). ``lead``: how many of the first requests (the field codes) the layout keeps
    per process with the obstacles (``_kept_layout``); 0 keeps nothing. Returns the placed labels by key; a
    request missing from the result did not fit anywhere."""
    if lead:
        return _kept_layout(list(requests), list(obstacles), static, lead)
    if static:
        assert isinstance(obstacles, list)
        blocked = _static_grid(obstacles[:static])
        obstacles = obstacles[static:]
    else:
        blocked = _Grid()
    for box in obstacles:
        blocked.add(box)
    labels = _Grid()
    placed: dict[str, Placed] = {}
    _place_all(requests, blocked, labels, placed)
    return placed


# Layouts kept per process (issue 17, twelfth wave): a layout is a pure function of its obstacles and its
# requests, and the two seats of a game version draw the same obstacles (the cards' dots, the tokens, pawns
# and manors where they stand) and ask for the same field codes first; the acting seat's cost badges come
# next, so its names and tokens may stand elsewhere. Kept under the obstacles and the lead requests (the
# codes): the grids after the obstacles and after the lead, the lead's labels, and the whole layouts made
# from them by the rest of the requests (by value). Equal inputs give equal layouts, so a seat is given
# exactly what it would have computed itself, never another's: no entry needs dropping, a changed board is
# a new key. The codes were half of the layout's time. LAYOUTS_KEPT entries of some 100 kB at most.
LAYOUTS_KEPT = 512
_LAYOUTS = Kept(LAYOUTS_KEPT)   # (static obstacles' ids, other obstacles' corners, lead's ids) -> _Lead


@dataclass
class _Lead:
    blocked: dict[tuple[int, int], list[Box]]   # the obstacles' grid (read, never added to)
    labels: dict[tuple[int, int], list[Box]]    # the lead's labels' grid
    placed: dict[str, Placed]                    # the lead's labels
    held: tuple[tuple[Box, ...], tuple[Request, ...]]  # the objects whose ids the key names
    whole: dict[tuple[Request, ...], dict[str, Placed]] = field(default_factory=dict)  # the rest -> layout


WHOLE_KEPT = 8    # layouts per lead: one per seat's rest of requests (cost badges), a few at most


def _kept_layout(requests: list[Request], obstacles: list[Box], static: int, lead: int) -> dict[str, Placed]:
    """``place_labels`` with ``lead``: the same layout, from ``_LAYOUTS`` when these obstacles and lead
    requests were laid out before."""
    head, rest = tuple(requests[:lead]), tuple(requests[lead:])
    # The kept objects (the axis words', the cards' dots and codes: the same objects on every board with
    # these cards) by their ids, held by the entry so that no id is reused while it lives; the rest of the
    # obstacles (tokens, pawns, manors: drawn per board) by their corners. Hashed through the dataclasses,
    # the key cost a layout some 3,000 Python calls.
    statics = tuple(obstacles[:static])
    key = (tuple(map(id, statics)), tuple([(b.x0, b.y0, b.x1, b.y1) for b in obstacles[static:]]),
           tuple(map(id, head)))
    found: _Lead | None = _LAYOUTS.get(key)
    if found is None:
        blocked = _static_grid(obstacles[:static]) if static else _Grid()
        for box in obstacles[static:]:
            blocked.add(box)
        labels = _Grid()
        placed: dict[str, Placed] = {}
        _place_all(head, blocked, labels, placed)
        # The obstacles' grid is only read from here on (``_place`` adds to the labels' grid alone).
        found = _Lead(blocked.buckets, {where: bucket[:] for where, bucket in labels.buckets.items()}, dict(placed),
                      (statics, head))
        _LAYOUTS.put(key, found)
    else:
        whole = found.whole.get(rest)
        if whole is not None:
            return dict(whole)
        blocked = _Grid(buckets=found.blocked)
        labels = _Grid(buckets={where: bucket[:] for where, bucket in found.labels.items()})
        placed = dict(found.placed)
    _place_all(rest, blocked, labels, placed)
    if len(found.whole) >= WHOLE_KEPT:
        found.whole.clear()
    found.whole[rest] = dict(placed)
    return placed


def _place_all(requests: Iterable[Request], blocked: _Grid, labels: _Grid, placed: dict[str, Placed]) -> None:
    for request in requests:
        result = _place(request, blocked, labels)
        if result is not None:
            labels.add(result.box)
            placed[request.key] = result


# The grids of the obstacles every board with the same revealed cards files first (issue 17, seventh wave,
# third round: some 1,500 calls per render filed them again). Keyed by the boxes' ids, with the boxes
# themselves held in the entry so that no id is reused while its entry lives; a box is frozen, so the
# same objects are the same values. A copy of the buckets is handed out (the layout adds to them), and
# its buckets hold the boxes in the order filing them one by one gave (``overlap`` sums in that order).
STATIC_GRIDS_KEPT = 2048
_STATIC_GRIDS = Kept(STATIC_GRIDS_KEPT)   # the boxes' ids -> (the boxes, their buckets)


def _static_grid(boxes: list[Box]) -> _Grid:
    def file() -> tuple[list[Box], dict[tuple[int, int], list[Box]]]:
        grid = _Grid()
        for box in boxes:
            grid.add(box)
        return boxes, grid.buckets

    kept = _STATIC_GRIDS.keep(tuple(map(id, boxes)), file)
    return _Grid(buckets={where: bucket[:] for where, bucket in kept[1].items()})


def _place(request: Request, blocked: _Grid, labels: _Grid) -> Placed | None:
    px, py = request.pad
    h = (ASCENT + DESCENT) * request.size + 2 * py
    within = request.within
    fallback: tuple[float, Box, str, float] | None = None
    for text in _variants(request):
        tw = text_width(text, request.size, bold=request.bold)
        w = tw + 2 * px
        spots = _corners(request.near, w, h) if request.corners else _candidates(
            request.near, w, h, request.prefer, DISTANCES + FAR if request.keep else DISTANCES)
        for x0, y0 in spots:
            # A spot's box is made only for the spot taken or weighed.
            x1, y1 = x0 + w, y0 + h
            outside = within is not None and not (within.x0 <= x0 and x1 <= within.x1 and within.y0 <= y0
                                                  and y1 <= within.y1)
            if not outside and not blocked.hits_at(x0, y0, x1, y1, GAP) and not labels.hits_at(x0, y0, x1, y1, GAP):
                return Placed(request.key, text, request.text, x0 + w / 2, y0 + py + ASCENT * request.size,
                              tw, request.size, Box(x0, y0, x1, y1))
            if request.keep and text in (request.text, *request.fallbacks):
                box = Box(x0, y0, x1, y1)
                cost = blocked.overlap(box) + 2 * labels.overlap(box) + (1000.0 if outside else 0.0)
                if fallback is None or cost < fallback[0]:
                    fallback = (cost, box, text, tw)
    if fallback is None:
        return None
    _cost, box, text, tw = fallback
    return Placed(request.key, text, request.text, (box.x0 + box.x1) / 2, box.y0 + py + ASCENT * request.size,
                  tw, request.size, box, crowded=True)
