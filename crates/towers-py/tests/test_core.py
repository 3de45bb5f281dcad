"""The core API: loading, playing by moves and by actions, and what a state tells."""

from __future__ import annotations

import copy
import pickle
import random

import numpy as np
import pytest

import tower_games
from conftest import GAMES, SHORT, random_walk


def test_the_five_games_are_registered():
    assert set(GAMES) == {
        "kamisado",
        "tower-of-power",
        "chain-reaction",
        "queens-courtiers",
        "seven-sages",
    }


def test_load_game_reads_keywords_and_openspiel_strings():
    plain = tower_games.load_game("kamisado")
    assert plain.name == "kamisado"
    assert plain.options()["match_target"] == 1
    by_keyword = tower_games.load_game("kamisado", match_target=3)
    by_string = tower_games.load_game("kamisado(match_target=3)")
    assert by_keyword.options()["match_target"] == 3
    assert by_keyword == by_string
    assert by_keyword != plain
    # Booleans are the engine's on/off.
    rows_only = tower_games.load_game("tower-of-power", single_step=False)
    assert rows_only.options()["single_step"] is False
    assert tower_games.load_game("tower-of-power(single_step=off)") == rows_only


@pytest.mark.parametrize(
    "spec, kwargs, words",
    [
        ("chess", {}, "unknown game `chess`"),
        ("kamisado", {"match_target": 4}, "match_target"),
        ("kamisado", {"no_such_option": 1}, "no_such_option"),
        ("kamisado(match_target=)", {}, "match_target"),
        ("kamisado(match_target)", {}, "KEY=VALUE"),
        ("kamisado(", {}, "cannot read"),
    ],
)
def test_bad_names_and_options_raise_value_error_with_the_engines_message(spec, kwargs, words):
    with pytest.raises(ValueError, match=None) as caught:
        tower_games.load_game(spec, **kwargs)
    assert words in str(caught.value)


def test_illegal_move_error_is_a_value_error():
    assert issubclass(tower_games.IllegalMoveError, ValueError)


def all_action_sequences(state, limit=20_000):
    """Every sequence of legal actions from the start of the turn to its end, with the
    whole move each completes (from `history()`)."""
    found = []
    stack = [(state.clone(), [])]
    while stack:
        here, taken = stack.pop()
        for action in here.legal_actions():
            after = here.clone()
            after.apply_action(action)
            if len(after.history()) > len(here.history()):
                found.append((taken + [action], after.history()[-1], after))
            else:
                stack.append((after, taken + [action]))
        assert len(found) <= limit
    return found


def check_turn_agrees_with_the_engine(state):
    """The actions reach every legal whole move exactly once and nothing else, each
    completing to the position the move itself gives."""
    moves = state.legal_moves()
    sequences = all_action_sequences(state)
    completed = [mv for _, mv, _ in sequences]
    assert sorted(completed) == sorted(moves)
    assert len(set(completed)) == len(completed)
    for actions, mv, after in sequences:
        assert state.move_to_actions(mv) == actions
        by_move = state.clone()
        assert by_move.apply_move(mv) == mv
        assert by_move.position() == after.position()
        assert by_move.key() == after.key()


def check_sampled_moves(state, rng, moves=30, walks=20):
    """The cheaper check for wide turns: sampled moves decode back to themselves, and
    random walks of legal actions complete legal moves."""
    legal = state.legal_moves()
    for mv in rng.sample(legal, min(moves, len(legal))):
        by_actions = state.clone()
        for action in state.move_to_actions(mv):
            assert not by_actions.history() or by_actions.history() == state.history()
            by_actions.apply_action(action)
        assert by_actions.history()[-1] == mv
        by_move = state.clone()
        by_move.apply_move(mv)
        assert by_move.position() == by_actions.position()
    for _ in range(walks):
        walk = state.clone()
        while len(walk.history()) == len(state.history()):
            walk.apply_action(rng.choice(walk.legal_actions()))
        assert walk.history()[-1] in legal


@pytest.mark.parametrize("seed", [1, 2])
def test_actions_agree_with_the_registry_along_random_games(name, seed):
    game = tower_games.load_game(name, **SHORT[name])
    rng = random.Random(seed)
    state = game.new_initial_state()
    for _ in range(25):
        if state.is_terminal():
            break
        # Chain Reaction's turns branch into thousands of chains, each step listing them
        # all until its own stepper lands: sampled there.
        if name == "chain-reaction":
            check_sampled_moves(state, rng)
        else:
            check_turn_agrees_with_the_engine(state)
        state.apply_move(rng.choice(state.legal_moves()))


def test_a_whole_game_by_actions_matches_the_same_game_by_moves(name):
    game = tower_games.load_game(name, **SHORT[name])
    rng = random.Random(7)
    by_actions = game.new_initial_state()
    while not by_actions.is_terminal():
        by_actions.apply_action(rng.choice(by_actions.legal_actions()))
    by_moves = game.new_initial_state()
    for mv in by_actions.history():
        assert mv in by_moves.legal_moves()
        by_moves.apply_move(mv)
    assert by_moves.is_terminal()
    assert by_moves.position() == by_actions.position()
    assert by_moves.returns() == by_actions.returns()
    assert by_moves.current_player() == -4
    assert by_moves.legal_actions() == [] and by_moves.legal_moves() == []
    assert sorted(by_moves.returns()) in ([-1.0, 1.0], [0.0, 0.0])


def snapshot(state):
    return (
        str(state),
        state.position(),
        state.key(),
        state.history(),
        state.turn_actions(),
        state.legal_actions(),
        state.current_player(),
    )


def test_illegal_actions_and_moves_raise_and_change_nothing(name):
    game = tower_games.load_game(name)
    rng = random.Random(3)
    state = game.new_initial_state()
    random_walk(state, rng, 7)
    before = snapshot(state)
    legal = set(state.legal_actions())
    illegal = next(a for a in range(game.num_distinct_actions()) if a not in legal)
    for bad in [illegal, -1, game.num_distinct_actions(), 2**70, -(2**70)]:
        with pytest.raises(tower_games.IllegalMoveError) as caught:
            state.apply_action(bad)
        assert str(caught.value)
        assert snapshot(state) == before
    for text in ["", "zz99", "a1-a1", "\x00", "x" * 1_000_000]:
        with pytest.raises(tower_games.IllegalMoveError) as caught:
            state.apply_move(text) if not state.turn_actions() else state.apply_move(text)
        assert snapshot(state) == before
    with pytest.raises(TypeError):
        state.apply_action("3")
    for text in ["x" * 1_000_000, "a1\x00"]:
        with pytest.raises(tower_games.IllegalMoveError):
            state.move_to_actions(text)
    assert snapshot(state) == before


def test_a_move_the_rules_forbid_gives_the_rules_reason():
    state = tower_games.load_game("kamisado").new_initial_state()
    with pytest.raises(tower_games.IllegalMoveError) as caught:
        state.apply_move("a1-a8")  # onto a Black tower: occupied
    assert "a1" in str(caught.value)
    with pytest.raises(tower_games.IllegalMoveError, match="not legal"):
        state.apply_action(63)  # h8 holds a Black tower: not White's to pick up


def test_apply_move_during_a_turn_is_refused_until_undone():
    state = tower_games.load_game("kamisado").new_initial_state()
    state.apply_action(state.legal_actions()[0])
    assert state.turn_actions()
    mv = state.clone()
    with pytest.raises(tower_games.IllegalMoveError, match="turn is in progress"):
        state.apply_move(tower_games.load_game("kamisado").new_initial_state().legal_moves()[0])
    assert state == mv
    assert state.undo() is None
    assert state.turn_actions() == []


def test_undo_takes_back_whole_moves_in_order(name):
    game = tower_games.load_game(name)
    state = game.new_initial_state()
    rng = random.Random(5)
    positions = [state.position()]
    for _ in range(6):
        state.apply_move(rng.choice(state.legal_moves()))
        positions.append(state.position())
    history = state.history()
    for mv in reversed(history):
        assert state.undo() == mv
        positions.pop()
        assert state.position() == positions[-1]
    assert state == game.new_initial_state()
    with pytest.raises(ValueError, match="nothing to undo"):
        state.undo()


def test_pickle_and_position_round_trips(name):
    game = tower_games.load_game(name, **SHORT[name])
    rng = random.Random(11)
    state = game.new_initial_state()
    for here in random_walk(state, rng, 60):
        back = pickle.loads(pickle.dumps(here))
        assert back == here
        assert snapshot(back) == snapshot(here)
        if not here.turn_actions():
            again = game.state_from_position(here.position())
            assert again.position() == here.position()
            assert again.legal_moves() == here.legal_moves()
            assert game.state_from_snapshot(here.snapshot()) == here
    copied = copy.deepcopy(state)
    assert copied == state and copied is not state
    assert pickle.loads(pickle.dumps(game)) == game


def test_observations_have_one_shape_and_dtype(name):
    game = tower_games.load_game(name, **SHORT[name])
    shape = game.observation_tensor_shape()
    assert len(game.observation_planes()) == shape[0]
    assert shape[1:] == tuple(reversed(game.grid()))
    rng = random.Random(13)
    state = game.new_initial_state()
    for here in random_walk(state, rng, 80):
        obs = here.observation_tensor()
        assert obs.shape == shape and obs.dtype == np.float32
        mask = here.legal_action_mask()
        assert mask.dtype == np.bool_ and mask.shape == (game.num_distinct_actions(),)
        assert list(np.flatnonzero(mask)) == here.legal_actions()
        assert here.legal_actions() == sorted(here.legal_actions())


def test_observation_planes_show_pieces_turn_and_mover():
    game = tower_games.load_game("kamisado")
    names = game.observation_planes()
    state = game.new_initial_state()
    obs = state.observation_tensor()
    white_orange = names.index("piece: disc #e8762b rim #f7f5ee (as White orange tower)")
    # White's orange tower stands on h1 (column 7, row 0), Black's on a8.
    assert obs[white_orange, 0, 7] == 1.0 and obs[white_orange].sum() == 1.0
    mover = names.index("player 1 (the second side) to move")
    assert obs[mover].max() == 0.0
    state.apply_action(game.string_to_action("a1"))
    obs = state.observation_tensor()
    chosen = names.index("turn so far: the n-th cell chosen this turn holds n")
    assert obs[chosen, 0, 0] == 1.0 and obs[chosen].sum() == 1.0
    legal = names.index("legal next cell")
    assert sorted(np.flatnonzero(obs[legal].ravel())) == state.legal_actions()
    state.apply_action(state.legal_actions()[0])
    assert state.observation_tensor()[mover].min() == 1.0


def test_action_names_round_trip(name):
    game = tower_games.load_game(name)
    state = game.new_initial_state()
    names = [game.action_to_string(a) for a in range(game.num_distinct_actions())]
    assert len(set(names)) == len(names)
    for a, text in enumerate(names):
        assert game.string_to_action(text) == a
        assert state.string_to_action(text) == a
        assert state.action_to_string(0, a) == text
    assert names[-1] == "finish"
    with pytest.raises(ValueError):
        game.string_to_action("no such cell")
    with pytest.raises(ValueError):
        game.action_to_string(-1)


def test_text_pictures_and_scores(name):
    game = tower_games.load_game(name)
    state = game.new_initial_state()
    assert str(state) == state.position() == state.str()
    assert "\n" not in state.position()
    assert state.diagram().count("\n") >= 5
    svg = state._repr_svg_()
    assert svg.startswith("<svg") and svg == state.svg()
    image = state.rgb_array(cell=8)
    columns, rows = game.grid()
    assert image.shape == (rows * 8, columns * 8, 3) and image.dtype == np.uint8
    scores = state.scores()
    assert scores is None or scores == [0, 0] or len(scores) == 2
    assert state.current_player() == 0
    assert state.returns() == [0.0, 0.0]


def test_hostile_inputs_raise_cleanly():
    game = tower_games.load_game("kamisado")
    for text in ["x" * 1_000_000, "a\x00b", "\x00", ""]:
        with pytest.raises(ValueError):
            game.state_from_position(text)
        with pytest.raises(ValueError):
            game.state_from_snapshot(text)
        with pytest.raises(ValueError):
            tower_games.load_game(text)
        with pytest.raises(ValueError):
            game.string_to_action(text)
        with pytest.raises(ValueError):
            tower_games.Player(text)
    with pytest.raises(ValueError):
        tower_games.load_game("kamisado", match_target=2**80)
    with pytest.raises(ValueError):
        tower_games.load_game("kamisado", match_target="\x00")
    with pytest.raises(TypeError):
        tower_games.load_game("kamisado", match_target=[3])
    with pytest.raises(ValueError):
        game.action_to_string(2**64)
    state = game.new_initial_state()
    with pytest.raises(ValueError):
        tower_games.solve(state, max_nodes=0)
    with pytest.raises(ValueError):
        tower_games.playouts(game, games=0)
    with pytest.raises(ValueError):
        tower_games.playouts(game, games=1, position="x" * 1_000_000)
    with pytest.raises(ValueError):
        tower_games.playouts("no-such-game", games=1)
    with pytest.raises(ValueError):
        state.rgb_array(cell=0)
    assert state == game.new_initial_state()


def test_players_and_solver_run_in_rust():
    game = tower_games.load_game("kamisado")
    state = game.new_initial_state()
    player = tower_games.Player("mcts:50", seed=1)
    mv = player.choose(state)
    assert mv in state.legal_moves()
    assert tower_games.Player("mcts:50", seed=1).choose(state) == mv
    # Kamisado's single round is decided: White wins a few plies from the end.
    rng = random.Random(2)
    while not state.is_terminal():
        near = state.clone()
        state.apply_move(rng.choice(state.legal_moves()))
    solution = tower_games.solve(near, max_nodes=100_000)
    assert solution["value"] in ("win", "loss", "draw")
    assert solution["line"] and solution["nodes"] > 0
    assert player.choose(state) is None


def test_playouts_play_whole_games():
    result = tower_games.playouts("kamisado", games=20, seed=4, threads=2, white="random", black="mcts:20")
    assert result["games"] == 20
    assert sum(result["wins"]) + result["draws"] + result["unfinished"] == 20
    assert result["total_plies"] > 20 and result["plies_per_second"] > 0
    again = tower_games.playouts(tower_games.load_game("kamisado"), games=20, seed=4, threads=1, black="mcts:20")
    assert again["wins"] == result["wins"] and again["total_plies"] == result["total_plies"]
