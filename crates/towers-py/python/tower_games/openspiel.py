"""The games as OpenSpiel (``pyspiel``) Python games.

``register()`` registers every game of ``tower_games.game_names()`` under the name
``tower_games_<name>`` with hyphens as underscores (``tower_games_kamisado``,
``tower_games_tower_of_power``, ``tower_games_chain_reaction``,
``tower_games_queens_courtiers``, ``tower_games_seven_sages``), with the game's options as
OpenSpiel parameters::

    import pyspiel
    from tower_games import openspiel
    openspiel.register()
    game = pyspiel.load_game("tower_games_kamisado(match_target=3)")

Actions, observations and returns are those of ``tower_games`` (docs/python.md). A game whose
options turn its length limit off is cut at ``FALLBACK_MAX_GAME_LENGTH`` actions as a draw,
so that ``max_game_length()`` holds.

Games and states pickle (so ``multiprocessing`` can hand them to other processes, which
register the games when they unpickle one), and ``state.undo_action(player, action)`` takes
back the last action. OpenSpiel keeps a Python game's history on its C++ side, which a
Python method cannot shorten: after ``undo_action`` the state's ``history()``,
``full_history()``, ``history_str()`` and ``move_number()`` are the adapter's own and right,
and pickling replays them, but C++ code that reads the history of the state itself (its
``serialize()``, ``pyspiel.serialize_game_and_state``) still sees the actions taken back.

Needs the ``openspiel`` extra: ``pip install "tower-games[openspiel]"``.
"""

from __future__ import annotations

import numpy as np
import pyspiel
from open_spiel.python.observation import IIGObserverForPublicInfoGame

import tower_games

__all__ = ["FALLBACK_MAX_GAME_LENGTH", "register", "short_name", "registered_names"]

#: The length, in actions, at which a game with no length limit of its own is drawn.
FALLBACK_MAX_GAME_LENGTH = 100_000

_PREFIX = "tower_games_"


def short_name(name: str) -> str:
    """The OpenSpiel name of the game ``name`` (``tower-of-power`` → ``tower_games_tower_of_power``)."""
    return _PREFIX + name.replace("-", "_")


def registered_names() -> list[str]:
    """The OpenSpiel names ``register()`` registers, one per game."""
    return [short_name(name) for name in tower_games.game_names()]


def _game_type(name: str) -> pyspiel.GameType:
    defaults = tower_games.load_game(name).options()
    return pyspiel.GameType(
        short_name=short_name(name),
        long_name=f"tower-games {tower_games.load_game(name).title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.DETERMINISTIC,
        information=pyspiel.GameType.Information.PERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=2,
        min_num_players=2,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=defaults,
    )


def _game_class(name: str, game_type: pyspiel.GameType) -> type:
    class TowerGame(pyspiel.Game):
        """One tower-games game as an OpenSpiel game."""

        def __init__(self, params=None):
            options = dict(params or {})
            self.tower_game = tower_games.load_game(name, **options)
            limit = self.tower_game.max_game_length()
            self.truncated_at = None if limit is not None else FALLBACK_MAX_GAME_LENGTH
            info = pyspiel.GameInfo(
                num_distinct_actions=self.tower_game.num_distinct_actions(),
                max_chance_outcomes=0,
                num_players=2,
                min_utility=-1.0,
                max_utility=1.0,
                utility_sum=0.0,
                max_game_length=limit if limit is not None else FALLBACK_MAX_GAME_LENGTH,
            )
            super().__init__(game_type, info, options)

        def new_initial_state(self):
            return TowerState(self, self.tower_game.new_initial_state())

        def state_from_position(self, text: str):
            """An OpenSpiel state from the game's one-line position text."""
            return TowerState(self, self.tower_game.state_from_position(text))

        def observation_tensor_shape(self):
            return list(self.tower_game.observation_tensor_shape())

        def __reduce__(self):
            return (_load_game, (str(self),))

        def make_py_observer(self, iig_obs_type=None, params=None):
            if iig_obs_type is None or (
                iig_obs_type.public_info and not iig_obs_type.perfect_recall
            ):
                return _Observer(self.tower_game, params)
            return IIGObserverForPublicInfoGame(iig_obs_type, params)

    TowerGame.__name__ = TowerGame.__qualname__ = (
        "".join(part.title() for part in name.split("-")) + "Game"
    )
    return TowerGame


class TowerState(pyspiel.State):
    """A ``tower_games.State`` as an OpenSpiel state; ``tower_state`` is the state itself."""

    def __init__(self, game, tower_state: tower_games.State):
        super().__init__(game)
        self.tower_state = tower_state
        self._truncated_at = game.truncated_at
        self._actions = 0
        # (player, action) of every action applied and not taken back.
        self._played: list[tuple[int, int]] = []

    def _cut(self) -> bool:
        return self._truncated_at is not None and self._actions >= self._truncated_at

    def current_player(self):
        if self.is_terminal():
            return pyspiel.PlayerId.TERMINAL
        return self.tower_state.current_player()

    def is_terminal(self):
        return self.tower_state.is_terminal() or self._cut()

    def _legal_actions(self, player):
        if self._cut() or player != self.tower_state.current_player():
            return []
        return self.tower_state.legal_actions()

    def _apply_action(self, action):
        player = self.tower_state.current_player()
        self.tower_state.apply_action(action)
        self._actions += 1
        self._played.append((player, int(action)))

    def undo_action(self, player, action):
        """Takes back the last action, which must be ``action`` by ``player``."""
        if not self._played or self._played[-1] != (player, action):
            last = self._played[-1] if self._played else None
            raise pyspiel.SpielError(
                f"undo_action({player}, {action}): the last action is {last} (player, action)"
            )
        state = self.tower_state
        turn = state.turn_actions()
        if turn:
            state.undo()  # the turn so far
        else:
            move = state.undo()  # the last whole move: its actions but the last again
            turn = state.move_to_actions(move)
        for again in turn[:-1]:
            state.apply_action(again)
        self._played.pop()
        self._actions -= 1

    def history(self):
        return [action for _, action in self._played]

    def full_history(self):
        return [pyspiel.PlayerAction(player, action) for player, action in self._played]

    def history_str(self):
        return ", ".join(str(action) for _, action in self._played)

    def move_number(self):
        return len(self._played)

    def is_initial_state(self):
        return not self._played

    def __reduce__(self):
        return (_load_state, (str(self.get_game()), self.history()))

    def _action_to_string(self, player, action):
        return self.tower_state.action_to_string(action)

    def returns(self):
        return list(self.tower_state.returns())

    def __str__(self):
        return str(self.tower_state)


class _Observer:
    """OpenSpiel's observer: the ``tower_games`` observation tensor and the state's text."""

    def __init__(self, tower_game, params):
        if params:
            raise ValueError(f"observation parameters are not supported; got {params}")
        shape = tower_game.observation_tensor_shape()
        self.tensor = np.zeros(int(np.prod(shape)), np.float32)
        self.dict = {"observation": np.reshape(self.tensor, shape)}

    def set_from(self, state, player):
        self.dict["observation"][...] = state.tower_state.observation_tensor()

    def string_from(self, state, player):
        return str(state.tower_state)


_registered: set[str] = set()


def _load_game(text: str):
    """The game ``text`` (``str(game)``), the games registered first: unpickles a game."""
    register()
    return pyspiel.load_game(text)


def _load_state(text: str, actions: list[int]):
    """The state after ``actions`` in the game ``text``: unpickles a state."""
    state = _load_game(text).new_initial_state()
    for action in actions:
        state.apply_action(action)
    return state


def register() -> list[str]:
    """Registers every game with ``pyspiel`` (once; later calls do nothing) and returns the
    OpenSpiel names."""
    for name in tower_games.game_names():
        if name in _registered:
            continue
        game_type = _game_type(name)
        pyspiel.register_game(game_type, _game_class(name, game_type))
        _registered.add(name)
    return registered_names()
