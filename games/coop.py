"""What every seat may know of a co-op game beyond the engine's view (issue 18): one public record.

The engine keeps the variant's state on ``State.coop`` (``games.engine.core.coop.CoopState``). Nothing in
it is secret — the groups, the dead Diener, whether they march, the reward being agreed on are all on
the table — so the page, the board and the API read this one summary of it, built beside the seat's
view: the four fires around the temple (held or free), the Diener on the board as the seat sees them,
the groups, the dead Diener and what they add to the villains, the reward decision in progress, and
which seat leads the villains.
"""

from __future__ import annotations

from typing import Any

from games.engine.rules.servants import FIRES, fire_fields

SERVANT_KIND = "servant"


def summary(content: Any, state: Any, view: dict[str, Any], *, villain_seat: int | None,
            villain: str) -> dict[str, Any] | None:
    """The public co-op record of ``state`` for a seat whose engine view is ``view``; None outside co-op."""
    coop = getattr(state, "coop", None)
    if coop is None:
        return None
    servants = [{"token": t["id"], "field": t["field"]} for t in view.get("tokens", [])
                if t.get("id") is not None and t.get("kind") == SERVANT_KIND]
    held = {s["field"]: s["token"] for s in servants}
    fires = [{"colour": name.removeprefix("fire_"), "field": code, "servant": held.get(code)}
             for name, code in zip(FIRES, fire_fields(content), strict=True)]
    reward = None
    if coop.reward is not None:
        reward = {"token": coop.reward["token"], "leader": coop.reward["leader"],
                  "recipient": coop.reward["recipient"], "waiting": list(coop.reward["waiting"]),
                  "proposed": list(coop.reward["proposed"]),
                  "members": _members(coop, coop.reward["leader"])}
    return {
        "villain": villain,
        "villain_seat": villain_seat,
        "automatic": coop.automatic,
        "groups": [list(g) for g in coop.groups],
        "fires": fires,
        "fires_held": sum(1 for f in fires if f["servant"] is not None),
        "servants": servants,
        "servants_dead": coop.servants_dead,
        "penalty": coop.villain_penalty(),
        "marching": coop.marching,
        "waiting": list(coop.waiting),
        "lost": coop.lost,
        "reward": reward,
    }


def _members(coop: Any, leader: int) -> list[int]:
    return sorted(coop.group_of(leader))


def outcome(game_variant: str, view: dict[str, Any], coop: dict[str, Any] | None) -> str | None:
    """How a finished co-op game ended, for its own end screen: ``heroes_won`` (the Namenloser beaten),
    ``fires_taken`` (the Diener hold the four fires), ``group_lost`` (a group of three lost against the
    Namenloser), or ``None`` for an ordinary game or one still running."""
    if game_variant != "coop" or coop is None or view.get("phase") != "finished":
        return None
    engine = coop.get("outcome")  # the engine's word: heroes, villain (a villain player won) or lost
    if engine == "heroes":
        return "heroes_won"
    if engine in ("villain", "lost"):
        return "fires_taken" if coop["fires_held"] == len(coop["fires"]) else "group_lost"
    winner = view.get("winner")
    if coop["fires_held"] == len(coop["fires"]) or (winner is not None and winner == coop["villain_seat"]):
        return "fires_taken"
    if coop["lost"] or winner is None:
        return "group_lost"
    return "heroes_won"
