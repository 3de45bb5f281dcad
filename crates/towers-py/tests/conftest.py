"""Shared helpers: the games, seeded random games, and option sets that keep games short."""

from __future__ import annotations

import random

import pytest

import tower_games

GAMES = tower_games.game_names()

#: Options that end games within a few dozen turns, for the tests that play whole games.
SHORT = {
    "kamisado": {},
    "tower-of-power": {"no_capture_draw_plies": 12},
    "chain-reaction": {"max_plies": 16},
    "queens-courtiers": {"max_plies": 40},
    "seven-sages": {"points_to_win": 1, "max_plies_per_point": 30},
}


@pytest.fixture(params=GAMES)
def name(request):
    return request.param


def random_walk(state, rng: random.Random, actions: int):
    """Plays up to `actions` random legal actions; returns the states met (copies)."""
    seen = [state.clone()]
    for _ in range(actions):
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
        seen.append(state.clone())
    return seen
