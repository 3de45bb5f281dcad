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
    # True is an int to Python, but not an action.
    for bad in [True, False, np.bool_(True), 1.0, np.float64(2.0), None]:
        with pytest.raises(TypeError):
            state.apply_action(bad)
    assert snapshot(state) == before
    # numpy's integers are actions.
    legal = state.legal_actions()
    probe = state.clone()
    probe.apply_action(np.int64(legal[0]))
    assert probe.turn_actions() or probe.history() != state.history()
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


def test_a_refused_move_cites_the_rule_book_not_the_specification():
    state = tower_games.load_game("kamisado").new_initial_state()
    before = state.position()
    with pytest.raises(tower_games.IllegalMoveError) as caught:
        state.apply_move("d1-d8")
    # Section 1.1 of Kamisado's rule book: a tower never lands on another.
    assert str(caught.value) == "illegal move `d1-d8`: d8 is occupied (rule 1.1, How a tower moves)"
    assert caught.value.rule == "§3.1"
    assert caught.value.section == {
        "number": "1.1",
        "title": "How a tower moves",
        "anchor": "tower-moves",
        "citation": "rule 1.1, How a tower moves",
    }
    state.apply_move("d1-d7")
    with pytest.raises(tower_games.IllegalMoveError) as caught:
        state.move_to_actions("a8-a7")
    # Section 1.2: Black must move his tower of the colour d7 has, green.
    assert str(caught.value) == (
        "illegal move `a8-a7`: the required tower is the green one on g8 "
        "(rule 1.2, Which tower moves)"
    )
    assert caught.value.rule == "§4.2"
    assert caught.value.section["anchor"] == "which-tower"
    assert state.history() == ["d1-d7"]
    assert before != state.position()


def test_refusals_that_break_no_rule_name_none(name):
    state = tower_games.load_game(name).new_initial_state()
    with pytest.raises(tower_games.IllegalMoveError) as caught:
        state.apply_move("zz-not-a-move")
    assert "§" not in str(caught.value)
    assert caught.value.rule is None and caught.value.section is None
    illegal = next(
        a for a in range(state.game.num_distinct_actions()) if a not in state.legal_actions()
    )
    with pytest.raises(tower_games.IllegalMoveError) as caught:
        state.apply_action(illegal)
    assert caught.value.rule is None and caught.value.section is None


def test_every_games_refusals_cite_its_rule_book(name):
    start = tower_games.load_game(name).new_initial_state()
    state = start.clone()
    state.apply_move(start.legal_moves()[0])
    refused = None
    for mv in start.legal_moves():
        try:
            state.clone().apply_move(mv)
        except tower_games.IllegalMoveError as error:
            refused = error
            break
    assert refused is not None, f"{name}: no start move is refused after the first"
    message = str(refused)
    assert message.startswith(f"illegal move `{mv}`: "), message
    assert refused.rule.startswith("§"), refused.rule
    assert message.endswith(f" ({refused.section['citation']})"), message
    assert refused.section["citation"] == (
        f"rule {refused.section['number']}, {refused.section['title']}"
    )
    assert "§" not in message
    for method in (state.describe_move, state.move_to_actions):
        with pytest.raises(tower_games.IllegalMoveError) as caught:
            method(mv)
        assert str(caught.value) == message
        assert caught.value.rule == refused.rule
        assert caught.value.section == refused.section


def test_describe_move_says_a_legal_move_in_the_rule_books_words(name):
    state = tower_games.load_game(name).new_initial_state()
    rng = random.Random(11)
    for _ in range(6):
        if state.is_terminal():
            break
        before = state.position()
        for mv in state.legal_moves()[:20]:
            words = state.describe_move(mv)
            assert isinstance(words, str) and words, mv
        assert state.position() == before  # describing plays nothing
        state.apply_move(rng.choice(state.legal_moves()))


#: Example 3 of Kamisado's rule book (with match_target=3): the Black Sumo on f6 may push
#: White's purple tower.
SUMO_PUSH = (
    "orblpupiyere.br/......../.....gr1../.....PU../......../......../......../"
    "BRGRREYEPI.BLOR B Gr 0 W f5 3 2 0:1 play -"
)


def test_describe_move_gives_the_rule_books_words_and_refuses_like_apply_move():
    game = tower_games.load_game("kamisado", match_target=3)
    sumo = game.state_from_position(SUMO_PUSH)
    assert sumo.describe_move("f6>f5") == (
        "Sumo green tower f6 → f5, pushing White's purple tower f5 → f4 (blue)"
    )
    assert sumo.history() == []
    with pytest.raises(tower_games.IllegalMoveError) as caught:
        sumo.describe_move("f6-f4")
    # Section 1.1: a tower never jumps.
    assert str(caught.value) == (
        "illegal move `f6-f4`: the way is blocked on f5 (rule 1.1, How a tower moves)"
    )
    assert caught.value.rule == "§3.1"
    state = game.new_initial_state()
    plain = tower_games.load_game("kamisado").new_initial_state()
    assert plain.describe_move("d1-d7")
    with pytest.raises(tower_games.IllegalMoveError) as caught:
        plain.describe_move("d1-d8")
    assert str(caught.value) == "illegal move `d1-d8`: d8 is occupied (rule 1.1, How a tower moves)"
    with pytest.raises(tower_games.IllegalMoveError) as caught:
        plain.describe_move("zz")
    assert caught.value.rule is None
    assert "invalid move `zz`" in str(caught.value)
    # During a turn, the move is described from the position at its start.
    state.apply_action(state.legal_actions()[0])
    assert state.describe_move(plain.legal_moves()[0]) == plain.describe_move(plain.legal_moves()[0])


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
    scales = np.array(game.observation_scales())
    assert len(game.observation_planes()) == len(scales) == shape[0]
    assert all(1 <= s <= 255 for s in scales)
    assert shape[1:] == tuple(reversed(game.grid()))
    rng = random.Random(13)
    state = game.new_initial_state()
    for here in random_walk(state, rng, 80):
        levels = here.observation()
        assert levels.shape == shape and levels.dtype == np.uint8
        assert (levels.max(axis=(1, 2)) <= scales).all()
        values = here.observation_tensor()
        assert values.shape == shape and values.dtype == np.float32
        # Each level times its plane's factor 1 / scale, in float32 (as the kernel's
        # `ObservationSpec::to_floats`).
        factors = np.float32(1.0) / scales.astype(np.float32)
        np.testing.assert_array_equal(values, levels.astype(np.float32) * factors[:, None, None])
        assert 0.0 <= values.min() and values.max() <= 1.0
        np.testing.assert_array_equal(here.observation(dtype="float32"), values)
        # The games have no hidden information: either player sees the same.
        np.testing.assert_array_equal(here.observation_tensor(0), here.observation_tensor(1))
        mask = here.legal_action_mask()
        assert mask.dtype == np.bool_ and mask.shape == (game.num_distinct_actions(),)
        assert list(np.flatnonzero(mask)) == here.legal_actions()
        assert here.legal_actions() == sorted(here.legal_actions())


def test_observations_are_the_games_own_planes_seen_from_the_mover():
    game = tower_games.load_game("kamisado")
    names = game.observation_planes()
    state = game.new_initial_state()
    obs = state.observation()
    orange = names.index("the mover's orange tower")
    # White moves first: its orange tower stands on h1 (column 7, row 0).
    assert obs[orange, 0, 7] == 1 and obs[orange].sum() == 1
    second = names.index("the mover is the second player")
    assert obs[second].max() == 0
    state.apply_action(game.string_to_action("a1"))
    obs = state.observation()
    chosen = names.index("a cell chosen this turn")
    assert obs[chosen, 0, 0] == 1 and obs[chosen].sum() == 1
    legal = names.index("a legal next cell")
    assert sorted(np.flatnonzero(obs[legal].ravel())) == state.legal_actions()
    state.apply_action(state.legal_actions()[0])
    obs = state.observation()
    # Black to move: its orange tower on a8 is now the mover's.
    assert obs[second].min() == 1
    assert obs[orange, 7, 0] == 1 and obs[orange].sum() == 1
    rank = names.index("a tower's Sumo rank / 3")
    assert game.observation_scales()[rank] == 3


def test_observations_refuse_a_player_that_does_not_exist():
    state = tower_games.load_game("kamisado").new_initial_state()
    for bad in [2, -1, -4, 2**70]:
        for call in (state.observation_tensor, state.legal_actions, state.legal_action_mask):
            with pytest.raises(ValueError, match="player"):
                call(bad)
        with pytest.raises(ValueError, match="player"):
            state.observation(player=bad)
    for bad in [True, 0.0, "0"]:
        with pytest.raises(TypeError):
            state.observation_tensor(bad)
    with pytest.raises(ValueError, match="dtype"):
        state.observation(dtype="float64")
    assert state.legal_actions(1) == [] and state.legal_actions(0) == state.legal_actions()


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
    # OpenSpiel's (player, action) form checks the player.
    for player in [2, -1, 7, 2**70]:
        with pytest.raises(ValueError, match="player"):
            state.action_to_string(player, 3)
        with pytest.raises(ValueError, match="player"):
            state.string_to_action(player, names[3])
    with pytest.raises(TypeError):
        state.action_to_string(True, 3)


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


def test_max_game_length_comes_from_the_game():
    assert tower_games.load_game("chain-reaction", max_plies=40).max_game_plies() == 40
    for name in GAMES:
        game = tower_games.load_game(name)
        plies = game.max_game_plies()
        assert plies is not None and game.max_game_length() % plies == 0
        assert game.max_game_length() >= plies
    # An option that turns the length limit off gives None.
    assert tower_games.load_game("queens-courtiers", max_plies=0).max_game_length() is None


def test_the_solvers_budget_is_the_total():
    state = tower_games.load_game("seven-sages").new_initial_state()
    for budget in [1, 10, 1000, 20_000]:
        solution = tower_games.solve(state, max_nodes=budget)
        assert solution["value"] == "unknown"
        assert solution["nodes"] <= budget


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
    assert "moves" not in result
    again = tower_games.playouts(tower_games.load_game("kamisado"), games=20, seed=4, threads=1, black="mcts:20")
    assert again["wins"] == result["wins"] and again["total_plies"] == result["total_plies"]


def test_playouts_take_load_games_string_form():
    result = tower_games.playouts("chain-reaction(target_white=3)", games=3, seed=1)
    assert result["games"] == 3
    with pytest.raises(ValueError, match="unknown game"):
        tower_games.playouts("chess(x=1)", games=1)
    with pytest.raises(ValueError, match="no_such_option"):
        tower_games.playouts("chain-reaction(no_such_option=1)", games=1)


@pytest.mark.parametrize("threads", [1, 3])
def test_recorded_playouts_give_each_games_moves(threads):
    game = tower_games.load_game("seven-sages", points_to_win=1, max_plies_per_point=40)
    plain = tower_games.playouts(game, games=12, seed=9, threads=2, black="mcts:10")
    recorded = tower_games.playouts(game, games=12, seed=9, threads=threads, black="mcts:10", record=True)
    for key in ["games", "wins", "draws", "unfinished", "total_plies", "max_plies", "total_score"]:
        assert recorded[key] == plain[key], key
    assert len(recorded["moves"]) == len(recorded["returns"]) == 12
    assert sum(len(moves) for moves in recorded["moves"]) == plain["total_plies"]
    for moves, returns in zip(recorded["moves"], recorded["returns"]):
        state = game.new_initial_state()
        for mv in moves:
            state.apply_move(mv)
        assert state.returns() == returns
    with pytest.raises(ValueError, match="record"):
        tower_games.playouts(game, games=10**7, record=True)


def test_a_learned_player_without_its_network_raises_value_error():
    # The shipped network is for the default options only: under others it is refused.
    state = tower_games.load_game("seven-sages(points_to_win=3)").new_initial_state()
    player = tower_games.Player("neural:10")
    for call in (player.choose, player.search):
        with pytest.raises(ValueError, match="were trained for"):
            call(state)
    with pytest.raises(ValueError, match="were trained for"):
        tower_games.playouts("seven-sages(points_to_win=3)", games=2, white="neural")


def test_search_gives_the_move_policy_and_value():
    game = tower_games.load_game("kamisado")
    state = game.new_initial_state()
    state.apply_move("d1-d5")
    legal = state.legal_moves()
    mcts = tower_games.Player("mcts:300", seed=2).search(state)
    assert mcts["player"] == "mcts:300" and mcts["policy_over"] == "moves"
    assert mcts["move"] in legal and set(mcts["policy"]) <= set(legal)
    assert abs(sum(mcts["policy"].values()) - 1.0) < 1e-9
    shares = list(mcts["policy"].values())
    assert shares == sorted(shares, reverse=True)
    assert -1.0 <= mcts["value"] <= 1.0 and mcts["nodes"] == 300
    assert tower_games.Player("mcts:300", seed=2).search(state) == mcts
    alphabeta = tower_games.Player("alphabeta:3").search(state)
    assert alphabeta["policy_over"] == "none" and alphabeta["policy"] == {}
    assert alphabeta["line"][0] == alphabeta["move"] and len(alphabeta["line"]) >= 2
    assert -1.0 <= alphabeta["value"] <= 1.0
    random_move = tower_games.Player("random", seed=1).search(state)
    assert random_move["move"] in legal and random_move["value"] is None
    # A decided end: the perfect player proves it.
    rng = random.Random(2)
    end = game.new_initial_state()
    while not end.is_terminal():
        near = end.clone()
        end.apply_move(rng.choice(end.legal_moves()))
    perfect = tower_games.Player("perfect").search(near)
    assert perfect["proven"] and perfect["value"] in (-1.0, 0.0, 1.0)
    over = tower_games.Player("mcts:10").search(end)
    assert over["move"] is None and over["policy"] == {}
    state.apply_action(state.legal_actions()[0])
    with pytest.raises(ValueError, match="turn is in progress"):
        tower_games.Player("mcts:10").search(state)


def test_a_learned_player_searches_over_actions_where_its_network_ships():
    state = tower_games.load_game("kamisado").new_initial_state()
    player = tower_games.Player("neural:16", seed=1)
    try:
        found = player.search(state)
    except ValueError as error:
        pytest.skip(f"no usable Kamisado network here: {error}")
    assert found["policy_over"] == "actions"
    assert set(found["policy"]) <= set(state.legal_actions())
    assert all(isinstance(action, int) for action in found["policy"])
    assert found["move"] in state.legal_moves()


def test_a_record_replays_as_towers_replay_reads_it(tmp_path):
    import json
    import os
    import subprocess

    game = tower_games.load_game("seven-sages", points_to_win=1, max_plies_per_point=30)
    state = game.new_initial_state()
    rng = random.Random(4)
    while not state.is_terminal():
        state.apply_move(rng.choice(state.legal_moves()))
    text = state.record(white="me", black="mcts:10", seed=3)
    record = json.loads(text)
    assert record["game"] == "seven-sages" and record["moves"] == state.history()
    assert "points_to_win=1" in record["options"] and record["result"] is not None
    assert record["white"] == "me" and record["seed"] == 3 and "position" not in record
    back = tower_games.replay(text)
    assert back == state and back.history() == state.history()
    # A game in progress from a position of its own.
    start = game.new_initial_state()
    start.apply_move(start.legal_moves()[0])
    later = game.state_from_position(start.position())
    later.apply_move(later.legal_moves()[0])
    partial = json.loads(later.record())
    assert partial["position"] == start.position() and partial["result"] is None
    assert tower_games.replay(later.record()) == later
    for bad in ["", "{}", text.replace('"seven-sages"', '"chess"'), "x" * 100,
                text.replace(record["moves"][0], "zz99")]:
        with pytest.raises(ValueError):
            tower_games.replay(bad)
    with pytest.raises(ValueError):
        state.record(white="a\x00b")
    # `towers replay` itself, where the workspace's binary is built.
    root = os.path.join(os.path.dirname(__file__), "..", "..", "..")
    target = os.environ.get("CARGO_TARGET_DIR", os.path.join(root, "target"))
    for profile in ("debug", "release"):
        towers = os.path.join(root, target, profile, "towers")
        if os.path.exists(towers):
            path = tmp_path / "game.json"
            path.write_text(text)
            out = subprocess.run([towers, "replay", str(path)], capture_output=True, text=True)
            assert out.returncode == 0, out.stderr
            break
