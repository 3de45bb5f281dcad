"""The games as PettingZoo AEC environments.

``env("kamisado", match_target=3)`` is an environment of two agents, ``player_0`` (the side
that moves first) and ``player_1``. Each step is one action of ``tower_games`` (a cell, a
choice or the finish), so a turn of several steps is several steps of the same agent in a
row. The observation is ``{"observation": float32 planes, "action_mask": int8}``
(``Game.observation_tensor_shape()`` and ``Game.num_distinct_actions()``): the game's own
encoder, values in ``[0, 1]``, seen from the side to move; the agent not to move sees an
all-zero mask. Rewards come at the end: +1 to the winner, −1 to the loser, 0
each for a draw. A game with no length limit under its options is truncated after
``max_steps`` steps.

Render modes: ``"human"`` (the diagram printed, at every step as PettingZoo's classic games
do), ``"ansi"`` (the diagram as text), ``"rgb_array"`` (a numpy image) and ``"svg"`` (the
picture as SVG text). Needs the ``pettingzoo`` extra:
``pip install "tower-games[pettingzoo]"``.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

import tower_games

__all__ = ["TowerGamesEnv", "env", "raw_env"]

#: The default step limit of a game whose options turn its own limit off.
DEFAULT_MAX_STEPS = 100_000


class TowerGamesEnv(AECEnv):
    """A tower-games game as a PettingZoo AEC environment."""

    metadata = {
        "render_modes": ["human", "ansi", "rgb_array", "svg"],
        "name": "tower_games_v0",
        "is_parallelizable": False,
        "render_fps": 2,
    }

    def __init__(
        self,
        name: str,
        render_mode: str | None = None,
        max_steps: int | None = None,
        **options: Any,
    ):
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(
                f"unknown render mode {render_mode!r}: expected one of {self.metadata['render_modes']}"
            )
        self.game = tower_games.load_game(name, **options)
        self.render_mode = render_mode
        self.metadata = dict(self.metadata, name=f"tower_games_{name.replace('-', '_')}_v0")
        limit = self.game.max_game_length()
        self.max_steps = max_steps if max_steps is not None else (limit or DEFAULT_MAX_STEPS)
        self.possible_agents = ["player_0", "player_1"]
        shape = self.game.observation_tensor_shape()
        count = self.game.num_distinct_actions()
        self.observation_spaces = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(low=0.0, high=1.0, shape=shape, dtype=np.float32),
                    "action_mask": spaces.Box(low=0, high=1, shape=(count,), dtype=np.int8),
                }
            )
            for agent in self.possible_agents
        }
        self.action_spaces = {agent: spaces.Discrete(count) for agent in self.possible_agents}
        self.state: tower_games.State | None = None

    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    def observe(self, agent):
        index = self.possible_agents.index(agent)
        mask = np.zeros(self.game.num_distinct_actions(), dtype=np.int8)
        if not self.state.is_terminal() and self.state.current_player() == index:
            mask[self.state.legal_actions()] = 1
        return {"observation": self.state.observation_tensor(), "action_mask": mask}

    def reset(self, seed=None, options=None):
        # The games have no chance: the seed has nothing to set.
        self.state = self.game.new_initial_state()
        self.steps = 0
        self.agents = self.possible_agents[:]
        self.rewards = {agent: 0.0 for agent in self.agents}
        self._cumulative_rewards = {agent: 0.0 for agent in self.agents}
        self.terminations = {agent: False for agent in self.agents}
        self.truncations = {agent: False for agent in self.agents}
        self.infos = {agent: {} for agent in self.agents}
        self.agent_selection = self.possible_agents[self.state.current_player()]
        if self.render_mode == "human":
            self.render()

    def step(self, action):
        if self.terminations[self.agent_selection] or self.truncations[self.agent_selection]:
            self._was_dead_step(action)
            return
        self.state.apply_action(int(action))
        self.steps += 1
        self._cumulative_rewards[self.agent_selection] = 0.0
        if self.state.is_terminal():
            returns = self.state.returns()
            for i, agent in enumerate(self.possible_agents):
                self.rewards[agent] = float(returns[i])
                self.terminations[agent] = True
        else:
            for agent in self.agents:
                self.rewards[agent] = 0.0
            if self.steps >= self.max_steps:
                for agent in self.agents:
                    self.truncations[agent] = True
            else:
                self.agent_selection = self.possible_agents[self.state.current_player()]
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self):
        if self.render_mode is None:
            return None
        if self.render_mode == "human":
            print(f"{self.state.diagram()}\n{self.state.status()}\n", flush=True)
            return None
        if self.render_mode == "ansi":
            return self.state.diagram()
        if self.render_mode == "svg":
            return self.state.svg()
        return self.state.rgb_array()

    def close(self):
        pass


def raw_env(name: str, render_mode: str | None = None, **options: Any) -> TowerGamesEnv:
    """The environment of the game ``name`` with its options."""
    return TowerGamesEnv(name, render_mode=render_mode, **options)


def env(name: str, render_mode: str | None = None, **options: Any) -> AECEnv:
    """The environment of the game ``name`` with its options, wrapped as PettingZoo's
    classic environments are (an illegal action ends the game as a loss for its player,
    with a warning; actions out of range raise)."""
    from pettingzoo.utils import wrappers

    environment = raw_env(name, render_mode=render_mode, **options)
    environment = wrappers.TerminateIllegalWrapper(environment, illegal_reward=-1)
    environment = wrappers.AssertOutOfBoundsWrapper(environment)
    environment = wrappers.OrderEnforcingWrapper(environment)
    return environment
