"""Finishing places of a finished game (ruling R-130), shared by league points and the rating.

The engine knows one winner: the hero who beat the Namenloser (or the dragon). Everyone else is
placed by how far their hero got: the gem of a completed Heldentat, then the parts of it fulfilled,
then the sum of trained skill levels, then gold. Seats that went to the stand-in bot or were dropped
come last. Equal heroes share a place (1, 2, 2, 4).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class SeatResult:
    index: int
    user_id: int | None
    place: int
    won: bool
    stand_in: bool        # the seat was played by the stand-in bot (or dropped) at the end
    missed_turns: int


def _strength(seat, winner: int | None) -> tuple:
    sheet = seat.sheet or {}
    stand_in = seat.is_bot or seat.dropped
    return (
        0 if stand_in else 1,
        1 if seat.index == winner else 0,
        1 if sheet.get("gem") else 0,
        int(sheet.get("deed_parts") or 0),
        sum((sheet.get("training") or {}).values()),
        int(sheet.get("gold") or 0),
    )


def placings(game) -> list[SeatResult]:
    """Every seat of ``game`` with its place, best first."""
    seats = list(game.seats.all())
    ranked = sorted(seats, key=lambda s: (_strength(s, game.winner_seat), -s.index), reverse=True)
    results: list[SeatResult] = []
    previous = None
    for position, seat in enumerate(ranked, start=1):
        strength = _strength(seat, game.winner_seat)
        place = results[-1].place if previous == strength else position
        previous = strength
        results.append(SeatResult(index=seat.index, user_id=seat.user_id, place=place,
                                  won=seat.index == game.winner_seat and not (seat.is_bot or seat.dropped),
                                  stand_in=seat.is_bot or seat.dropped, missed_turns=seat.missed_turns))
    return results
