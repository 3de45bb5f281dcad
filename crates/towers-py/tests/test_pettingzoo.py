"""PettingZoo accepts the games by its own tests."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test, render_test, seed_test  # noqa: E402

from conftest import GAMES, SHORT  # noqa: E402
from tower_games import pettingzoo as tg_pettingzoo  # noqa: E402


@pytest.mark.parametrize("name", GAMES)
def test_api_test_passes(name):
    api_test(tg_pettingzoo.env(name), num_cycles=200)


@pytest.mark.parametrize("name", GAMES)
def test_seed_test_passes(name):
    seed_test(lambda: tg_pettingzoo.env(name, **SHORT[name]), num_cycles=200)


@pytest.mark.parametrize("name", ["kamisado", "chain-reaction"])
def test_render_test_passes(name, capsys):
    render_test(
        lambda render_mode=None: tg_pettingzoo.env(name, render_mode=render_mode, **SHORT[name]),
        custom_tests={"svg": lambda picture: picture.startswith("<svg")},
    )
    assert "a" in capsys.readouterr().out  # "human" printed the diagrams


def test_human_mode_prints_the_board_and_returns_none(capsys):
    env = tg_pettingzoo.env("kamisado", render_mode="human")
    env.reset(seed=1)
    assert env.render() is None
    printed = capsys.readouterr().out
    assert "BR" in printed and "White to move" in printed


@pytest.mark.parametrize("mode", ["ansi", "rgb_array", "svg"])
def test_render_modes(mode):
    env = tg_pettingzoo.env("kamisado", render_mode=mode)
    env.reset(seed=1)
    picture = env.render()
    if mode == "rgb_array":
        assert picture.shape == (256, 256, 3) and picture.dtype == np.uint8
    elif mode == "svg":
        assert picture.startswith("<svg")
    else:
        assert "\n" in picture


def test_a_game_runs_to_its_end_with_rewards():
    env = tg_pettingzoo.env("seven-sages", **SHORT["seven-sages"])
    env.reset(seed=3)
    rng = np.random.default_rng(3)
    totals = {agent: 0.0 for agent in env.possible_agents}
    for agent in env.agent_iter():
        observation, reward, termination, truncation, _ = env.last()
        totals[agent] += reward
        if termination or truncation:
            env.step(None)
            continue
        mask = observation["action_mask"]
        assert mask.dtype == np.int8
        env.step(int(rng.choice(np.flatnonzero(mask))))
    assert sorted(totals.values()) in ([-1.0, 1.0], [0.0, 0.0])


def test_a_bad_render_mode_is_refused():
    with pytest.raises(ValueError, match="render mode"):
        tg_pettingzoo.env("kamisado", render_mode="opengl")


def test_bad_names_and_options_are_refused():
    with pytest.raises(ValueError, match="cannot read the game"):
        tg_pettingzoo.env("a\x00b")
    with pytest.raises(ValueError, match="unknown game"):
        tg_pettingzoo.env("chess")
    with pytest.raises(ValueError, match="match_target"):
        tg_pettingzoo.env("kamisado", match_target=2**70)
