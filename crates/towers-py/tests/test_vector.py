"""The batched environment (``tower_games.vector``): its trajectories replayed through the
one-state API, Gymnasium's vector-env conventions, autoreset modes and hostile input."""

from __future__ import annotations

import numpy as np
import pytest

gymnasium = pytest.importorskip("gymnasium")

from gymnasium.utils.env_checker import data_equivalence  # noqa: E402
from gymnasium.vector import AutoresetMode, VectorEnv  # noqa: E402

import tower_games  # noqa: E402
from tower_games import vector  # noqa: E402

#: Two option sets per game, both ending random games within a few dozen turns, so that the
#: replays cross game ends and autoresets many times.
OPTION_SETS = {
    "kamisado": [{}, {"match_target": 3, "first_player": "Black"}],
    "tower-of-power": [
        {"no_capture_draw_plies": 12},
        {"single_step": False, "no_capture_draw_plies": 20},
    ],
    "chain-reaction": [{"max_plies": 16}, {"max_plies": 30, "max_segments": 3}],
    "queens-courtiers": [
        {"max_plies": 40},
        {"max_plies": 60, "setup": "DiagramFiveCourtiers"},
    ],
    "seven-sages": [
        {"points_to_win": 1, "max_plies_per_point": 30},
        {"points_to_win": 2, "max_plies_per_point": 40, "kick_mode": "StopBefore"},
    ],
}

CASES = [
    (name, index, threads)
    for name in tower_games.game_names()
    for index in range(2)
    for threads in (1, 2, 3)
]

#: The size of each replay: games stepped together and steps.
ENVS = 7
STEPS = 300


def legal_actions(masks: np.ndarray, rng: np.random.Generator, filler: int = 0) -> np.ndarray:
    """A random legal action a game (``filler`` for a game with none)."""
    actions = np.full(len(masks), filler, dtype=np.int64)
    for env, mask in enumerate(masks):
        legal = np.flatnonzero(mask)
        if legal.size:
            actions[env] = rng.choice(legal)
    return actions


def expect_state(state: tower_games.State, observation, mask, player, *, floats=False):
    """The batch's view of one game agrees with the one-state API."""
    if floats:
        np.testing.assert_array_equal(observation, state.observation_tensor())
    else:
        np.testing.assert_array_equal(observation, state.observation())
    np.testing.assert_array_equal(mask, state.legal_action_mask())
    assert player == state.current_player()


def replay(env, game, rng, steps, *, floats=False):
    """Steps `env` with random legal actions and replays every game through
    `tower_games.State`: the same observations, masks, players, rewards, ends and returns at
    every step. Returns how many games ended."""
    observations, info = env.reset(seed=int(rng.integers(1 << 30)))
    states = [game.new_initial_state() for _ in range(env.num_envs)]
    for i, state in enumerate(states):
        expect_state(
            state, observations[i], info["legal_action_mask"][i], info["current_player"][i],
            floats=floats,
        )
    done = np.zeros(env.num_envs, dtype=bool)
    ended = 0
    for _ in range(steps):
        # A game that ended on the last step restarts: its action is ignored (any number).
        actions = legal_actions(info["legal_action_mask"], rng, filler=-12345)
        observations, rewards, terminated, truncated, info = env.step(actions)
        assert not truncated.any()
        for i, state in enumerate(states):
            if done[i]:
                states[i] = state = game.new_initial_state()
                assert rewards[i] == 0 and not terminated[i]
            else:
                mover = state.current_player()
                state.apply_action(int(actions[i]))
                assert terminated[i] == state.is_terminal()
                returns = state.returns() if state.is_terminal() else [0.0, 0.0]
                assert rewards[i] == returns[mover]
                assert list(info["returns"][i]) == returns
                assert info["_returns"][i] == terminated[i]
            expect_state(
                state, observations[i], info["legal_action_mask"][i],
                info["current_player"][i], floats=floats,
            )
        done = terminated | truncated
        ended += int(terminated.sum())
    return ended


@pytest.mark.parametrize("name, index, threads", CASES)
def test_trajectories_replay_through_the_one_state_api(name, index, threads):
    options = OPTION_SETS[name][index]
    env = vector.make(name, ENVS, seed=5, threads=threads, **options)
    assert env.metadata["autoreset_mode"] == AutoresetMode.NEXT_STEP
    game = tower_games.load_game(name, **options)
    rng = np.random.default_rng([index, threads, len(name)])
    ended = replay(env, game, rng, STEPS)
    assert ended >= 2, "the replay should cross game ends"


@pytest.mark.parametrize("name", tower_games.game_names())
def test_float32_observations_are_the_values(name):
    options = OPTION_SETS[name][0]
    env = vector.make(name, 3, seed=1, threads=2, observation_dtype="float32", **options)
    assert env.single_observation_space.dtype == np.float32
    game = tower_games.load_game(name, **options)
    replay(env, game, np.random.default_rng(4), 60, floats=True)


def test_the_same_game_in_its_string_form_and_as_a_game():
    by_string = vector.make("chain-reaction(target_white=3)", 2, seed=1)
    by_keyword = vector.make("chain-reaction", 2, seed=1, target_white=3)
    by_game = vector.make(tower_games.load_game("chain-reaction", target_white=3), 2, seed=1)
    assert by_string.game == by_keyword.game == by_game.game
    assert by_string.game.options()["target_white"] == 3
    with pytest.raises(ValueError, match="unknown game"):
        vector.make("chess", 2)
    with pytest.raises(TypeError):
        vector.make(by_game.game, 2, max_plies=3)


def test_spaces_dtypes_and_shapes_follow_gymnasium():
    game = tower_games.load_game("kamisado")
    env = vector.make(game, 5, seed=3)
    assert isinstance(env, VectorEnv)
    assert env.num_envs == 5
    assert env.single_action_space == gymnasium.spaces.Discrete(game.num_distinct_actions())
    assert env.action_space == gymnasium.spaces.MultiDiscrete([game.num_distinct_actions()] * 5)
    assert env.single_observation_space.shape == game.observation_tensor_shape()
    assert env.observation_space.shape == (5, *game.observation_tensor_shape())
    scales = np.array(game.observation_scales())
    assert (env.single_observation_space.high.max(axis=(1, 2)) == scales).all()
    observations, info = env.reset(seed=3)
    assert observations.dtype == np.uint8 and env.observation_space.contains(observations)
    assert info["legal_action_mask"].dtype == np.bool_
    assert info["legal_action_mask"].shape == (5, game.num_distinct_actions())
    assert info["current_player"].shape == (5,)
    rng = np.random.default_rng(3)
    for _ in range(50):
        actions = legal_actions(info["legal_action_mask"], rng)
        assert env.action_space.contains(actions)
        observations, rewards, terminated, truncated, info = env.step(actions)
        assert env.observation_space.contains(observations)
        assert rewards.shape == (5,) and rewards.dtype == np.float32
        assert terminated.dtype == truncated.dtype == np.bool_
        assert info["returns"].shape == (5, 2)
    env.close()
    assert env.closed
    with pytest.raises(RuntimeError, match="closed"):
        env.step(np.zeros(5, dtype=np.int64))


def run(env, seed, steps=120):
    """Observations, rewards and ends of `steps` seeded random steps."""
    rng = np.random.default_rng(seed)
    observations, info = env.reset(seed=seed)
    seen = [observations.copy()]
    for _ in range(steps):
        actions = legal_actions(info["legal_action_mask"], rng)
        observations, rewards, terminated, truncated, info = env.step(actions)
        seen.append((observations.copy(), rewards, terminated, truncated))
    return seen


def test_reset_with_a_seed_is_reproducible_and_reseeds_the_openings():
    env = vector.make("seven-sages", 6, seed=1, random_opening=3, points_to_win=1)
    first = run(env, 11)
    again = run(env, 11)
    assert data_equivalence(first, again)
    other = vector.make("seven-sages", 6, seed=99, random_opening=3, points_to_win=1)
    assert data_equivalence(run(other, 11), first)
    # Another seed, other openings; the openings differ from game to game.
    assert not data_equivalence(run(env, 12)[0], first[0])
    assert len({o.tobytes() for o in first[0]}) > 1
    # Without a seed, a reset draws the next openings.
    assert not data_equivalence(env.reset()[0], env.reset()[0])


def test_a_random_opening_game_replays_from_its_start():
    game = tower_games.load_game("queens-courtiers", max_plies=60)
    env = vector.make(game, 4, seed=8, random_opening=4)
    observations, info = env.reset(seed=8)
    states = [env.state(i) for i in range(4)]
    assert any(state.position() != game.new_initial_state().position() for state in states)
    rng = np.random.default_rng(8)
    for _ in range(30):
        actions = legal_actions(info["legal_action_mask"], rng)
        observations, rewards, terminated, truncated, info = env.step(actions)
        for i, state in enumerate(states):
            if not state.is_terminal():
                state.apply_action(int(actions[i]))
                np.testing.assert_array_equal(observations[i], state.observation())
        if (terminated | truncated).any():
            break


def test_same_step_autoreset_keeps_the_last_observation():
    game = tower_games.load_game("kamisado")
    env = vector.make(game, 4, seed=2, autoreset_mode=AutoresetMode.SAME_STEP)
    assert env.metadata["autoreset_mode"] == AutoresetMode.SAME_STEP
    observations, info = env.reset(seed=2)
    states = [game.new_initial_state() for _ in range(4)]
    rng = np.random.default_rng(2)
    ended = 0
    for _ in range(250):
        actions = legal_actions(info["legal_action_mask"], rng)
        observations, rewards, terminated, truncated, info = env.step(actions)
        for i in range(4):
            mover = states[i].current_player()
            states[i].apply_action(int(actions[i]))
            if states[i].is_terminal():
                assert terminated[i] and info["_final_obs"][i]
                assert rewards[i] == states[i].returns()[mover]
                np.testing.assert_array_equal(info["final_obs"][i], states[i].observation())
                assert list(info["final_info"]["returns"][i]) == states[i].returns()
                states[i] = game.new_initial_state()
                ended += 1
            else:
                assert not terminated[i]
                assert "_final_obs" not in info or not info["_final_obs"][i]
            expect_state(
                states[i], observations[i], info["legal_action_mask"][i],
                info["current_player"][i],
            )
    assert ended >= 3


def test_disabled_autoreset_refuses_a_finished_game_until_it_is_reset():
    game = tower_games.load_game("kamisado")
    env = vector.make(game, 3, seed=4, autoreset_mode="Disabled")
    observations, info = env.reset(seed=4)
    rng = np.random.default_rng(4)
    while True:
        actions = legal_actions(info["legal_action_mask"], rng)
        observations, rewards, terminated, truncated, info = env.step(actions)
        if terminated.any():
            break
    over = int(np.flatnonzero(terminated)[0])
    assert info["current_player"][over] == -4
    assert not info["legal_action_mask"][over].any()
    before = [env.state(i).str() for i in range(3)]
    with pytest.raises(tower_games.IllegalMoveError, match=f"env {over}: .*over"):
        env.step(legal_actions(info["legal_action_mask"], rng))
    assert [env.state(i).str() for i in range(3)] == before
    mask = terminated.copy()
    fresh, info = env.reset(options={"reset_mask": mask})
    np.testing.assert_array_equal(fresh[over], game.new_initial_state().observation())
    for i in np.flatnonzero(~mask):
        np.testing.assert_array_equal(fresh[i], observations[i])
        assert env.state(int(i)).str() == before[i]
    env.step(legal_actions(info["legal_action_mask"], rng))
    for bad in [np.ones(2, dtype=bool), mask.astype(int), np.zeros(3, dtype=bool), [True] * 3]:
        with pytest.raises((TypeError, ValueError)):
            env.reset(options={"reset_mask": bad})


def test_truncation_cuts_games_at_max_episode_steps():
    env = vector.make("tower-of-power", 2, seed=1, max_episode_steps=5)
    observations, info = env.reset(seed=1)
    rng = np.random.default_rng(1)
    for step in range(1, 7):
        observations, rewards, terminated, truncated, info = env.step(
            legal_actions(info["legal_action_mask"], rng)
        )
        assert list(truncated) == [step == 5] * 2
        assert not terminated.any()
    # The step after the cut started the games again.
    assert [env.state(i).position() for i in range(2)] == [
        tower_games.load_game("tower-of-power").new_initial_state().position()
    ] * 2


def test_gymnasiums_wrappers_read_the_env():
    from gymnasium.wrappers.vector import DictInfoToList, RecordEpisodeStatistics

    env = RecordEpisodeStatistics(vector.make("kamisado", 4, seed=6))
    observations, info = env.reset(seed=6)
    rng = np.random.default_rng(6)
    episodes = 0
    for _ in range(200):
        observations, rewards, terminated, truncated, info = env.step(
            legal_actions(info["legal_action_mask"], rng)
        )
        if "episode" in info:
            done = terminated | truncated
            assert (info["episode"]["l"][done] > 0).all()
            assert set(np.abs(info["episode"]["r"][terminated])) <= {0.0, 1.0}
            episodes += int(done.sum())
    assert episodes >= 4
    listed = DictInfoToList(vector.make("kamisado", 3, seed=6))
    observations, infos = listed.reset(seed=6)
    assert isinstance(infos, list) and len(infos) == 3
    assert infos[0]["legal_action_mask"].shape == (68,)


def snapshot(env):
    return [env.state(i).str() for i in range(env.num_envs)]


def test_hostile_actions_raise_and_change_nothing():
    env = vector.make("queens-courtiers", 4, seed=3, max_plies=40)
    twin = vector.make("queens-courtiers", 4, seed=3, max_plies=40)
    observations, info = env.reset(seed=3)
    twin.reset(seed=3)
    rng = np.random.default_rng(3)
    for _ in range(5):
        actions = legal_actions(info["legal_action_mask"], rng)
        observations, _, _, _, info = env.step(actions)
        twin.step(actions)
    before = snapshot(env)
    legal = legal_actions(info["legal_action_mask"], rng)
    illegal = legal.copy()
    illegal[2] = int(np.flatnonzero(~info["legal_action_mask"][2])[0])
    out_of_range = legal.copy()
    out_of_range[3] = env.num_actions
    negative = legal.copy()
    negative[1] = -1
    nan = legal.astype(float)
    nan[2] = np.nan
    fraction = legal.astype(float)
    fraction[0] += 0.5
    bools = list(legal)
    bools[1] = True
    cases = [
        (illegal, tower_games.IllegalMoveError, "env 2"),
        (out_of_range, tower_games.IllegalMoveError, "env 3"),
        (negative, tower_games.IllegalMoveError, "env 1"),
        (nan, TypeError, "env 2"),
        (fraction, TypeError, "env 0"),
        (legal.astype(float), TypeError, "integers"),
        (bools, TypeError, "env 1"),
        (np.ones(4, dtype=bool), TypeError, "bool"),
        (list(legal) + [0], ValueError, "shape"),
        (list(legal)[:3], ValueError, "shape"),
        (legal.reshape(2, 2), ValueError, "shape"),
        ([str(a) for a in legal], TypeError, "integer"),
        ([int(a) for a in legal[:3]] + [2**70], tower_games.IllegalMoveError, "env 3"),
        (np.array([2**64 - 1] * 4, dtype=np.uint64), tower_games.IllegalMoveError, "env 0"),
        ([None] * 4, TypeError, "env 0"),
        (b"\x00" * 32, TypeError, "bytes"),
        ("0123", TypeError, "str"),
    ]
    for actions, error, words in cases:
        with pytest.raises(error, match=words):
            env.step(actions)
        assert snapshot(env) == before, actions
    # The env goes on exactly as its twin, which saw no bad input.
    for _ in range(20):
        actions = legal_actions(info["legal_action_mask"], rng)
        observations, rewards, terminated, truncated, info = env.step(actions)
        twin_out = twin.step(actions)
        assert data_equivalence(
            (observations, rewards, terminated, truncated), twin_out[:4]
        )
    # Any numpy integer type will do.
    for dtype in (np.int8, np.int32, np.uint16, np.int64):
        actions = legal_actions(info["legal_action_mask"], rng)
        if actions.max() <= np.iinfo(dtype).max:
            observations, _, _, _, info = env.step(actions.astype(dtype))


def test_bad_settings_are_refused():
    for kwargs, error in [
        ({"num_envs": 0}, ValueError),
        ({"num_envs": -3}, ValueError),
        ({"num_envs": 2.5}, TypeError),
        ({"num_envs": 2, "threads": 0}, ValueError),
        ({"num_envs": 2, "threads": 1000}, ValueError),
        ({"num_envs": 2, "observation_dtype": "float64"}, ValueError),
        ({"num_envs": 2, "autoreset_mode": "sometimes"}, ValueError),
        ({"num_envs": 2, "max_episode_steps": 0}, ValueError),
        ({"num_envs": 2, "random_opening": -1}, ValueError),
        ({"num_envs": 2, "seed": -1}, ValueError),
    ]:
        with pytest.raises(error):
            env = vector.make("kamisado", **kwargs)
            env.reset(seed=kwargs.get("seed"))
    env = vector.make("kamisado", 2, seed=0)
    with pytest.raises(RuntimeError, match="reset"):
        env.step([0, 0])
    with pytest.raises(TypeError):
        env.reset(seed=1.5)
    with pytest.raises(ValueError):
        env.state(2)
