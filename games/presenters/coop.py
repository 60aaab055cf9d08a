"""The co-op variant's words on the game page (issue 18): the villains, the fires, the Diener, the groups,
the reward being agreed on, and the variant's own end of the game.

Everything is read from the public co-op record ``view["coop"]`` (``games.coop.summary``).
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.engine.content.model import Content
from games.presenters.labels import token_id_name

# The fires' own colours on the board and in the panel.
FIRE_COLOURS = {"yellow": "#e6b800", "blue": "#1f6fd1", "green": "#2e9e44", "pink": "#e0559b"}


def fire_label(colour: str) -> str:
    return {"yellow": _("yellow fire"), "blue": _("blue fire"), "green": _("green fire"),
            "pink": _("pink fire")}.get(colour, colour)


def panel(content: Content, view: dict[str, Any], lang: str, names: dict[int, str],
          seat: int | None) -> dict[str, Any] | None:
    """What the page's co-op panel shows, or None outside the variant."""
    coop = view.get("coop")
    if not coop:
        return None
    villain_seat = coop.get("villain_seat")
    if coop.get("villain") == "person" and villain_seat is not None:
        villains = _("%(name)s leads the villains.") % {"name": names.get(villain_seat, "")}
    else:
        villains = _("Nobody leads the villains: the servants march by themselves after every round.")
    if coop.get("lost"):
        march = _("The servants hold the temple: the game is lost.")
    elif coop.get("marching"):
        march = _("The servants are marching on the temple's fires.")
    elif coop.get("waiting"):
        march = _("The servants are in play; they wait until every hero has had a turn.")
    else:
        march = _("The Namenloser has not come yet: no servant is in play.")
    # A fire's field is named only once its card lies open (no field of an unexplored card is named).
    open_letters = {c.get("letter") for c in view.get("board", []) if c.get("letter")}
    fires = [{"label": fire_label(f["colour"]), "field": f["field"] if f["field"][:1] in open_letters else None,
              "colour": FIRE_COLOURS.get(f["colour"], "#888"),
              "held": f["servant"] is not None,
              "servant": token_id_name(content, f["servant"], lang) if f["servant"] else None}
             for f in coop.get("fires", [])]
    servants = [{"name": token_id_name(content, s["token"], lang), "field": s["field"]}
                for s in coop.get("servants", [])]
    groups = [{"members": [names.get(m, "") for m in group], "mine": seat in group}
              for group in coop.get("groups", [])]
    dead = coop.get("servants_dead", 0)
    penalty = coop.get("penalty", 0)
    dead_text = ngettext("%(n)s servant is dead.", "%(n)s servants are dead.", dead) % {"n": dead}
    if penalty:
        dead_text += " " + _("The villains fight %(penalty)s harder (every three dead servants: one point).") % {
            "penalty": penalty}
    return {
        "villains": villains,
        "villain_seat": villain_seat,
        "am_villain": seat is not None and seat == villain_seat,
        "march": march,
        "fires": fires,
        "fires_held": coop.get("fires_held", 0),
        "servants": servants,
        "groups": groups,
        "dead": dead_text,
        "reward": _reward(content, coop.get("reward"), lang, names, seat),
    }


def _reward(content: Content, reward: dict[str, Any] | None, lang: str, names: dict[int, str],
            seat: int | None) -> dict[str, Any] | None:
    """The group's reward being agreed on (COOP-08): proposed by the fighter, answered by every other member."""
    if not reward:
        return None
    recipient = reward.get("recipient")
    members = []
    for member in reward.get("members", []):
        if member == reward["leader"]:
            state = _("proposes") if recipient is not None else _("chooses who receives it")
        elif recipient is None:
            state = _("waits for the proposal")
        elif member in reward.get("waiting", []):
            state = _("has not answered yet")
        else:
            state = _("agrees")
        members.append({"name": names.get(member, ""), "seat": member, "state": state, "me": member == seat})
    return {
        "token": token_id_name(content, reward["token"], lang),
        "recipient": names.get(recipient, "") if recipient is not None else None,
        "members": members,
        "mine": seat is not None and seat in reward.get("members", []),
    }


def ending(outcome: str | None) -> dict[str, str] | None:
    """The co-op variant's own end screen: its heading and its sentence."""
    if outcome == "heroes_won":
        return {"kind": outcome, "title": _("The heroes have won together!"),
                "text": _("The Namenloser is beaten; every hero of the table shares the victory.")}
    if outcome == "fires_taken":
        return {"kind": outcome, "title": _("The villains have taken the fires."),
                "text": _("Servants hold all four fires around the temple: the heroes have lost together.")}
    if outcome == "group_lost":
        return {"kind": outcome, "title": _("The heroes have lost together."),
                "text": _("A group of three lost against the Namenloser: the whole game is lost.")}
    return None
