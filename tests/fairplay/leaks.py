"""The leak hunter's eye: each seat's secrets in a position, and what a seat or spectator is shown.

(This module holds no tests; test_leak_hunter and the web/API hunters use it.)
"""

from __future__ import annotations

import json
from typing import Any

from games.engine import legal_actions, view
from games.engine.core.state import State
from games.engine.core.tokens import exists_for, face_known_to
from games.engine.visibility import action_for, events_for


def public_words(content) -> set[str]:
    """Words that also name public things (an item, a face, a hero): a secret equal to one proves nothing."""
    words = set(content.items) | set(content.heroes)
    words |= {t.face for t in content.tokens.values() if t.face}
    return words


def _knows_token(content, state: State, seat: int | None, tid: str) -> bool:
    return exists_for(content, state, seat, tid) and face_known_to(content, state, seat, tid)


def secrets_of_others(content, states: list[State], viewer: int | None) -> set[str]:
    """What ``viewer`` must not learn from anything shown now, judged in each of ``states``
    (the positions before and after a step): face-down or bound tokens he does not know (their
    ids), the other heroes' deeds, and the boss cards nobody turned up or he did not peek."""
    last = states[-1]
    secrets: set[str] = set()
    for tid in last.tokens:
        if content.tokens[tid].category.value in ("bazaar", "city"):
            continue  # the bazaar's and the city's wares are on show to everybody
        if not any(_knows_token(content, st, viewer, tid) for st in states):
            secrets.add(tid)
    known_cards: set[str] = set()
    for st in states:
        for hero in st.heroes:
            if hero.deed and hero.seat != viewer:
                secrets.add(hero.deed)
        shown = set(st.revealed_cards) if viewer is None else st.known_cards(viewer)
        known_cards |= {card for which, card in (("namenloser", st.namenloser_card), ("dragon", st.dragon_card))
                        if card and which in shown}
    for st in states:
        secrets |= {card for card in (st.namenloser_card, st.dragon_card) if card and card not in known_cards}
    return secrets - public_words(content)


def found_in(secrets: set[str], shown: str) -> set[str]:
    """The secrets that appear in ``shown`` as a whole JSON string or a whole word of a page."""
    return {s for s in secrets if f'"{s}"' in shown or f">{s}<" in shown or f"'{s}'" in shown
            or f"={s}&" in shown or f" {s} " in shown}


def engine_surfaces(content, before: State, seat: int, action, after: State, events, viewer: int | None) -> str:
    """Everything the engine hands toward ``viewer`` about this step: the view, the log entry
    (action and events through the event visibility) and his legal actions."""
    logged = [e.to_json() if hasattr(e, "to_json") else e for e in events]
    action_json = action.to_json() if hasattr(action, "to_json") else dict(action)
    shown: list[Any] = [
        view(content, after, viewer),
        events_for(content, viewer, logged),
        action_for(content, viewer, seat, action_json),
    ]
    if viewer is not None:
        shown.append([a.to_json() for a in legal_actions(content, after, viewer)])
    return json.dumps(shown, default=str)


def leaks_of_step(content, before: State, seat: int, action, after: State, events) -> dict:
    """{viewer: leaked secrets} for one applied step (empty when nothing leaked)."""
    found = {}
    for viewer in [*range(after.seats), None]:
        secrets = secrets_of_others(content, [before, after], viewer)
        hits = found_in(secrets, engine_surfaces(content, before, seat, action, after, events, viewer))
        if hits:
            found[viewer] = hits
    return found
