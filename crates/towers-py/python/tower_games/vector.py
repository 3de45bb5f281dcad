"""Thousands of games in one call: the games as a Gymnasium vector environment.

``make("kamisado", 1024)`` steps 1,024 games of Kamisado in each call, in Rust, with the GIL
released and the games spread over threads (the kernel's batched stepper). Observations
come as one numpy array for all the games, ``uint8`` levels by default (each plane's value
is ``level / scale``, ``Game.observation_scales()``) or ``float32`` values on request; the
legal actions of every game are ``info["legal_action_mask"]``.

    import numpy as np
    from tower_games import vector

    envs = vector.make("kamisado", 64, seed=1)
    observations, info = envs.reset(seed=1)
    rng = np.random.default_rng(1)
    for _ in range(100):
        masks = info["legal_action_mask"]
        actions = [rng.choice(np.flatnonzero(m)) if m.any() else 0 for m in masks]
        observations, rewards, terminated, truncated, info = envs.step(actions)

- Actions are the integer actions of ``tower_games`` (docs/python.md): one step of a turn,
  so a turn of several steps is several steps of the same player in a row.
- ``info["legal_action_mask"]`` (``num_envs × num_distinct_actions``, bool) and
  ``info["current_player"]`` (``num_envs``, int8: 0 or 1, −4 for a game that is over) come
  with every reset and step.
- The reward of a step goes to the player who moved: +1 when the step ended the game with
  their win, −1 with their loss, else 0. When a game ends, ``info["returns"]``
  (``num_envs × 2``, float32) holds both players' returns, with ``info["_returns"]`` saying
  which games ended this step (Gymnasium's convention for partial infos).
- Autoreset (``metadata["autoreset_mode"]``): ``NEXT_STEP`` by default, as Gymnasium's own
  vector environments: the step that ends a game returns its last observation (and an
  all-false mask), and the next step starts a new game in that env, ignoring its action,
  with reward 0. ``SAME_STEP`` starts the new game at once and puts the last observation in
  ``info["final_obs"]`` (``info["_final_obs"]`` says which); ``DISABLED`` leaves a finished
  game finished until ``reset(options={"reset_mask": mask})``, and stepping it raises.
- An illegal action (out of range, not legal now, or for a finished game under
  ``DISABLED``) raises ``tower_games.IllegalMoveError`` naming the env, and no env changes;
  so does anything that is not one integer an env (a wrong shape, floats, NaN, bools).
- ``random_opening=N`` begins every game with N whole turns of uniformly random moves drawn
  from the seed: varied openings. ``reset(seed=S)`` draws them anew from ``S``, so equal
  seeds give equal games.

Needs the ``vector`` extra: ``pip install "tower-games[vector]"``.
"""

from __future__ import annotations

import os
from typing import Any

import numpy as np
from gymnasium import spaces
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

import tower_games
from tower_games import _native

__all__ = ["DEFAULT_MAX_EPISODE_STEPS", "TowerGamesVectorEnv", "make"]

#: The step limit of a game whose options turn its own length limit off.
DEFAULT_MAX_EPISODE_STEPS = 100_000

_MODES = {
    AutoresetMode.NEXT_STEP: "NextStep",
    AutoresetMode.SAME_STEP: "SameStep",
    AutoresetMode.DISABLED: "Disabled",
}

_INT64_MIN = np.iinfo(np.int64).min
_INT64_MAX = np.iinfo(np.int64).max


#: Games a thread of a batch's step is worth waking for: a batch keeps its threads, but
#: waking one and waiting for it costs about 25 µs a step on the 2-core machines of
#: docs/performance.md (where a game-step costs 0.3 to 2 µs), so at 64 games one thread
#: still stepped Kamisado faster than two.
GAMES_PER_THREAD = 256


def _threads(num_envs: int) -> int:
    """Threads for `num_envs` games: one for a few hundred games (a thread costs more than it
    saves), else up to every core this process may use."""
    try:
        cores = len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        cores = os.cpu_count() or 1
    return max(1, min(cores, num_envs // GAMES_PER_THREAD))


def _mode(autoreset_mode: Any) -> AutoresetMode:
    if isinstance(autoreset_mode, AutoresetMode):
        return autoreset_mode
    for mode in AutoresetMode:
        if autoreset_mode in (mode.value, mode.name, mode.name.lower()):
            return mode
    raise ValueError(
        f"unknown autoreset mode {autoreset_mode!r}: expected a gymnasium.vector.AutoresetMode "
        "(NEXT_STEP, SAME_STEP or DISABLED)"
    )


class TowerGamesVectorEnv(VectorEnv):
    """``num_envs`` games of one game under one option set, stepped together in Rust.
    Made by :func:`make`; see the module's documentation."""

    metadata = {"autoreset_mode": AutoresetMode.NEXT_STEP, "render_modes": []}

    def __init__(
        self,
        game: tower_games.Game,
        num_envs: int,
        *,
        seed: int | None = None,
        threads: int | None = None,
        autoreset_mode: AutoresetMode | str = AutoresetMode.NEXT_STEP,
        observation_dtype: str = "uint8",
        max_episode_steps: int | None = None,
        random_opening: int = 0,
    ):
        if not isinstance(game, tower_games.Game):
            raise TypeError(f"expected a tower_games.Game, not {type(game).__name__}")
        for name, value in [("num_envs", num_envs), ("random_opening", random_opening)]:
            if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
                raise TypeError(f"{name} must be an int, not {type(value).__name__}")
        if num_envs < 1:
            raise ValueError(f"num_envs must be at least 1, not {num_envs}")
        if observation_dtype not in ("uint8", "float32"):
            raise ValueError(
                f"observation_dtype is \"uint8\" (levels) or \"float32\" (values), not {observation_dtype!r}"
            )
        if random_opening < 0 or random_opening > 10_000:
            raise ValueError(f"random_opening must be 0 to 10000, not {random_opening}")
        mode = _mode(autoreset_mode)
        if max_episode_steps is None:
            limit = game.max_game_length()
            max_actions = None if limit is not None else DEFAULT_MAX_EPISODE_STEPS
        else:
            if isinstance(max_episode_steps, bool) or not isinstance(
                max_episode_steps, (int, np.integer)
            ):
                raise TypeError("max_episode_steps must be an int or None")
            if max_episode_steps < 1:
                raise ValueError(f"max_episode_steps must be at least 1, not {max_episode_steps}")
            max_actions = int(max_episode_steps)
        if seed is None:
            seed = int.from_bytes(os.urandom(8), "little")
        elif isinstance(seed, bool) or not isinstance(seed, (int, np.integer)):
            raise TypeError(f"the seed must be an int, not {type(seed).__name__}")
        elif seed < 0:
            raise ValueError(f"the seed must be non-negative, not {seed}")
        if threads is None:
            threads = _threads(int(num_envs))
        self.game = game
        self._batch = _native.Batch(
            game,
            int(num_envs),
            threads=int(threads),
            seed=int(seed) & (2**64 - 1),
            autoreset=_MODES[mode],
            max_actions=max_actions,
            random_opening=int(random_opening),
            dtype=observation_dtype,
        )
        self.num_envs = int(num_envs)
        self.threads = int(threads)
        self.autoreset_mode = mode
        self.max_episode_steps = max_actions
        self.observation_dtype = np.dtype(observation_dtype)
        self.metadata = dict(self.metadata, autoreset_mode=mode)
        self.num_actions = game.num_distinct_actions()
        shape = game.observation_tensor_shape()
        if observation_dtype == "uint8":
            high = np.broadcast_to(
                np.asarray(game.observation_scales(), dtype=np.uint8)[:, None, None], shape
            )
            self.single_observation_space = spaces.Box(
                low=np.zeros(shape, np.uint8), high=np.array(high), dtype=np.uint8
            )
        else:
            self.single_observation_space = spaces.Box(
                low=0.0, high=1.0, shape=shape, dtype=np.float32
            )
        self.single_action_space = spaces.Discrete(self.num_actions)
        self.observation_space = batch_space(self.single_observation_space, self.num_envs)
        self.action_space = batch_space(self.single_action_space, self.num_envs)
        self._observations: np.ndarray | None = None
        self._done = np.zeros(self.num_envs, dtype=bool)

    def __repr__(self) -> str:
        return (
            f"TowerGamesVectorEnv({self.game!r}, num_envs={self.num_envs}, "
            f"threads={self.threads}, autoreset_mode={self.autoreset_mode.name})"
        )

    def _check_open(self) -> None:
        if self.closed:
            raise RuntimeError("the environment is closed")

    def reset(
        self,
        *,
        seed: int | None = None,
        options: dict[str, Any] | None = None,
    ) -> tuple[np.ndarray, dict[str, Any]]:
        """Starts every game afresh, or with ``options={"reset_mask": mask}`` (a bool array,
        one an env) only those marked; with ``seed`` the random openings (and ``np_random``)
        are drawn anew from it."""
        self._check_open()
        if seed is not None:
            if isinstance(seed, bool) or not isinstance(seed, (int, np.integer)):
                raise TypeError(f"the seed must be an int, not {type(seed).__name__}")
            if seed < 0:
                raise ValueError(f"the seed must be non-negative, not {seed}")
        mask = None if options is None else options.get("reset_mask")
        if mask is not None:
            if not isinstance(mask, np.ndarray):
                raise TypeError(f"options['reset_mask'] must be a numpy array, got {type(mask)}")
            if mask.shape != (self.num_envs,):
                raise ValueError(
                    f"options['reset_mask'] must have shape ({self.num_envs},), got {mask.shape}"
                )
            if mask.dtype != np.bool_:
                raise TypeError(f"options['reset_mask'] must have dtype bool, got {mask.dtype}")
            if not mask.any():
                raise ValueError("options['reset_mask'] must mark at least one env")
            if self._observations is None or seed is not None:
                raise ValueError(
                    "a partial reset (reset_mask) needs a full reset first, and takes no seed"
                )
        super().reset(seed=seed)
        if mask is None:
            observations, masks, players = self._batch.reset(
                None if seed is None else int(seed) & (2**64 - 1)
            )
            self._done[:] = False
        else:
            fresh, masks, players = self._batch.reset_envs(mask.astype(np.uint8).tobytes())
            observations = self._observations.copy()
            observations[mask] = fresh[mask]
            self._done[mask] = False
        self._observations = observations
        return observations, {"legal_action_mask": masks, "current_player": players}

    def _actions(self, actions: Any) -> bytes:
        """The actions as int64 bytes, or the error for anything that is not one integer an
        env."""
        if isinstance(actions, (str, bytes, bytearray)):
            raise TypeError(f"expected {self.num_envs} integer actions, not {type(actions).__name__}")
        if isinstance(actions, (list, tuple)):
            # numpy would read True as 1 in a list of ints.
            for env, value in enumerate(actions):
                if isinstance(value, (bool, np.bool_)):
                    raise TypeError(
                        f"env {env}: the action {value!r} is a bool, not an integer; no env was stepped"
                    )
        try:
            array = np.asarray(actions)
        except (ValueError, TypeError) as error:
            raise TypeError(f"expected {self.num_envs} integer actions: {error}") from None
        if array.shape != (self.num_envs,):
            raise ValueError(
                f"expected {self.num_envs} actions (one an env, shape ({self.num_envs},)), "
                f"got shape {array.shape}"
            )
        kind = array.dtype.kind
        if kind == "i":
            return array.astype(np.int64, copy=False).tobytes()
        if kind == "u":
            too_big = np.flatnonzero(array > _INT64_MAX)
            if too_big.size:
                env = int(too_big[0])
                raise tower_games.IllegalMoveError(
                    f"env {env}: action {array[env]} is out of range; no env was stepped"
                )
            return array.astype(np.int64).tobytes()
        if kind == "O":
            for env, value in enumerate(array):
                if isinstance(value, (bool, np.bool_)) or not isinstance(
                    value, (int, np.integer)
                ):
                    raise TypeError(
                        f"env {env}: the action {value!r} is not an integer; no env was stepped"
                    )
                if not _INT64_MIN <= value <= _INT64_MAX:
                    raise tower_games.IllegalMoveError(
                        f"env {env}: action {value} is out of range; no env was stepped"
                    )
            return array.astype(np.int64).tobytes()
        if kind == "f":
            bad = np.flatnonzero(~np.isfinite(array) | (array != np.floor(array)))
            where = f"env {int(bad[0])}: the action {array[bad[0]]} is not an integer; " if bad.size else ""
            raise TypeError(
                f"{where}actions must be integers, not {array.dtype}; no env was stepped"
            )
        raise TypeError(
            f"actions must be integers, not {array.dtype}; no env was stepped"
        )

    def step(
        self, actions: Any
    ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, dict[str, Any]]:
        """Takes one action a game (an int array of shape ``(num_envs,)``); see the module's
        documentation for what comes back."""
        self._check_open()
        if self._observations is None:
            raise RuntimeError("call reset() before step()")
        (
            observations,
            rewards,
            terminated,
            truncated,
            masks,
            players,
            returns,
            finals,
        ) = self._batch.step(self._actions(actions))
        info: dict[str, Any] = {
            "legal_action_mask": masks,
            "current_player": players,
            "returns": returns,
            "_returns": terminated.copy(),
        }
        done = terminated | truncated
        if finals is not None and done.any():
            final_obs = np.full(self.num_envs, None, dtype=object)
            for env in np.flatnonzero(done):
                final_obs[env] = finals[env]
            info["final_obs"] = final_obs
            info["_final_obs"] = done
            info["final_info"] = {"returns": returns, "_returns": terminated.copy()}
            info["_final_info"] = done.copy()
        self._observations = observations
        return observations, rewards, terminated, truncated, info

    def state(self, env: int) -> tower_games.State:
        """A copy of env ``env``'s game as a ``tower_games.State`` (the position and the turn
        so far), to look at (``diagram()``, ``svg()``) or to play on."""
        self._check_open()
        return self._batch.state(env)

    def close_extras(self, **kwargs: Any) -> None:
        self._batch = None


def make(
    game: str | tower_games.Game,
    num_envs: int,
    *,
    seed: int | None = None,
    threads: int | None = None,
    autoreset_mode: AutoresetMode | str = AutoresetMode.NEXT_STEP,
    observation_dtype: str = "uint8",
    max_episode_steps: int | None = None,
    random_opening: int = 0,
    **options: Any,
) -> TowerGamesVectorEnv:
    """``num_envs`` games of ``game`` (a name, ``load_game``'s string form
    ``"chain-reaction(target_white=3)"``, or a ``Game``; ``options`` as ``load_game``'s
    keywords) as a Gymnasium ``VectorEnv``.

    ``seed`` seeds the random openings (``None``: from the operating system); ``threads``
    defaults to one thread per 256 games, up to the cores available; ``autoreset_mode`` is
    ``NEXT_STEP`` (the default), ``SAME_STEP`` or ``DISABLED``; ``observation_dtype`` is
    ``"uint8"`` (levels) or ``"float32"`` (values); ``max_episode_steps`` cuts a game off
    (truncated) after that many actions (by default only a game whose options turn its own
    length limit off, at ``DEFAULT_MAX_EPISODE_STEPS``); ``random_opening`` whole turns of
    random moves begin every game."""
    if isinstance(game, str):
        game = tower_games.load_game(game, **options)
    elif options:
        raise TypeError("options go with a game's name, not with a Game")
    return TowerGamesVectorEnv(
        game,
        num_envs,
        seed=seed,
        threads=threads,
        autoreset_mode=autoreset_mode,
        observation_dtype=observation_dtype,
        max_episode_steps=max_episode_steps,
        random_opening=random_opening,
    )
