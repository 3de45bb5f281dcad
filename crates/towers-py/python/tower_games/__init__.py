"""The tower-games rules engines from Python: Kamisado, Tower of Power, Chain Reaction,
Queens' Courtiers and Seven Sages, exact and fast (Rust), with OpenSpiel and PettingZoo
adapters (``tower_games.openspiel``, ``tower_games.pettingzoo``) and batched environments
for learning (``tower_games.vector``: thousands of games a call, a Gymnasium
``VectorEnv``).

>>> import tower_games
>>> game = tower_games.load_game("kamisado")
>>> state = game.new_initial_state()
>>> state.apply_action(state.legal_actions()[0])

See docs/python.md for the API, the action encodings and the observation planes.
"""

from __future__ import annotations

import re
from typing import Any

from tower_games._native import (
    Game,
    IllegalMoveError,
    Player,
    State,
    game_names,
    playouts,
    replay,
    solve,
)
from tower_games import _native

__all__ = [
    "Game",
    "IllegalMoveError",
    "Player",
    "State",
    "game_names",
    "load_game",
    "playouts",
    "replay",
    "solve",
]

_SPEC = re.compile(r"^\s*([A-Za-z0-9_-]+)\s*(?:\((.*)\))?\s*$", re.DOTALL)


def _parse_value(text: str) -> str:
    return text.strip()


def _parse_spec(spec: str) -> tuple[str, dict[str, str]]:
    """Splits OpenSpiel's ``name(key=value,key=value)`` form."""
    match = _SPEC.match(spec)
    if match is None:
        raise ValueError(
            f"cannot read the game `{spec[:80]}`: expected NAME or NAME(KEY=VALUE,...)"
        )
    name, body = match.group(1), match.group(2)
    options: dict[str, str] = {}
    if body is not None and body.strip():
        for part in body.split(","):
            key, sep, value = part.partition("=")
            if not sep or not key.strip():
                raise ValueError(
                    f"cannot read the option `{part.strip()[:80]}` of `{name}`: expected KEY=VALUE"
                )
            options[key.strip()] = _parse_value(value)
    return name, options


def load_game(spec: str, **options: Any) -> Game:
    """The game ``spec`` with its options: ``load_game("kamisado")``,
    ``load_game("kamisado", match_target=3)`` or OpenSpiel's string form
    ``load_game("kamisado(match_target=3)")``. Option values may be bools (``on``/``off``),
    ints or the engine's texts. A bad name or option raises ``ValueError`` with the
    engine's message."""
    if not isinstance(spec, str):
        raise TypeError(f"the game must be given by name, not {type(spec).__name__}")
    name, parsed = _parse_spec(spec)
    merged: dict[str, Any] = dict(parsed)
    merged.update(options)
    return _native._load_values(name, merged)
