"""OpenSpiel accepts the games by its own tests, and its algorithms play them."""

from __future__ import annotations

import pytest

pyspiel = pytest.importorskip("pyspiel")

from open_spiel.python.algorithms import mcts  # noqa: E402

import tower_games  # noqa: E402
from tower_games import openspiel  # noqa: E402

openspiel.register()

#: Per game: the defaults, then two other option sets (each also ending games sooner, so
#: that more of them fit in the time).
OPTION_SETS = {
    "kamisado": ["", "(match_target=3,first_player=Black)", "(match_target=7,scoring=PerRound)"],
    "tower-of-power": [
        "",
        "(single_step=false,no_capture_draw_plies=20)",
        "(deal_onto_stacks=false,repetition_limit=3,no_capture_draw_plies=30)",
    ],
    "chain-reaction": [
        "",
        "(max_plies=40,max_segments=3)",
        "(max_plies=30,single_step_into_goal=true,target_white=6,target_black=6)",
    ],
    "queens-courtiers": [
        "",
        "(max_plies=120,setup=DiagramFiveCourtiers)",
        "(max_plies=120,queen_three_step=Leaps,second_part_capture=false)",
    ],
    "seven-sages": [
        "",
        "(points_to_win=2,max_plies_per_point=60,kick_mode=StopBefore)",
        "(points_to_win=1,max_plies_per_point=80,lob=true,deviation=Half)",
    ],
}


def test_every_game_is_registered_under_its_documented_name():
    names = openspiel.register()
    assert names == [openspiel.short_name(n) for n in tower_games.game_names()]
    assert "tower_games_tower_of_power" in names
    for name in names:
        assert name in pyspiel.registered_names()


@pytest.mark.parametrize(
    "spec",
    [name + options for name, sets in OPTION_SETS.items() for options in sets],
)
def test_random_sim_test_passes(spec):
    game = pyspiel.load_game(openspiel.short_name(spec.split("(")[0]) + spec[len(spec.split("(")[0]):])
    # Default games are long (hundreds of turns): one of them; the shorter option sets two.
    sims = 1 if "(" not in spec else 2
    pyspiel.random_sim_test(game, num_sims=sims, serialize=True, verbose=False)


def test_openspiel_game_carries_the_options_and_sizes():
    game = pyspiel.load_game("tower_games_kamisado(match_target=3)")
    ours = tower_games.load_game("kamisado", match_target=3)
    assert game.num_distinct_actions() == ours.num_distinct_actions()
    assert game.max_game_length() == ours.max_game_length()
    assert game.observation_tensor_shape() == list(ours.observation_tensor_shape())
    state = game.new_initial_state()
    assert len(state.observation_tensor()) == game.observation_tensor_size()
    assert state.legal_actions() == ours.new_initial_state().legal_actions()
    assert game.get_parameters()["match_target"] == 3


@pytest.mark.parametrize(
    "spec",
    [
        "tower_games_kamisado",
        "tower_games_tower_of_power(no_capture_draw_plies=6)",
        "tower_games_chain_reaction(max_plies=6)",
        "tower_games_queens_courtiers(max_plies=12)",
        "tower_games_seven_sages(points_to_win=1,max_plies_per_point=12)",
    ],
)
def test_openspiel_mcts_plays_a_game_to_its_end(spec):
    game = pyspiel.load_game(spec)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1)
    bot = mcts.MCTSBot(game, uct_c=2.0, max_simulations=4, evaluator=evaluator)
    state = game.new_initial_state()
    while not state.is_terminal():
        state.apply_action(bot.step(state))
    assert sorted(state.returns()) in ([-1.0, 1.0], [0.0, 0.0])


def test_games_and_states_pickle_into_a_fresh_process():
    import pickle
    import subprocess
    import sys

    game = pyspiel.load_game("tower_games_kamisado(match_target=3,first_player=Black)")
    assert pickle.loads(pickle.dumps(game)).get_parameters() == game.get_parameters()
    state = game.new_initial_state()
    for _ in range(5):
        state.apply_action(state.legal_actions()[0])
    back = pickle.loads(pickle.dumps(state))
    assert back.history() == state.history() and str(back) == str(state)
    # A new process knows nothing of the games until it unpickles one (multiprocessing).
    program = (
        "import pickle, sys\n"
        "game, state = pickle.loads(sys.stdin.buffer.read())\n"
        "print(game.get_parameters()['match_target'], state.history(), state.legal_actions())\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", program],
        input=pickle.dumps((game, state)),
        capture_output=True,
        check=True,
    ).stdout.decode()
    assert out.split()[0] == "3"
    assert str(state.history()).replace(" ", "") in out.replace(" ", "")


@pytest.mark.parametrize("spec", ["tower_games_kamisado", "tower_games_queens_courtiers(max_plies=30)"])
def test_undo_action_takes_back_each_action(spec):
    import random

    game = pyspiel.load_game(spec)
    state = game.new_initial_state()
    rng = random.Random(1)
    seen = []
    while not state.is_terminal() and len(seen) < 40:
        seen.append((state.clone(), state.current_player()))
        state.apply_action(rng.choice(state.legal_actions()))
    while seen:
        before, player = seen.pop()
        action = state.history()[-1]
        state.undo_action(player, action)
        assert str(state) == str(before)
        assert state.history() == before.history()
        assert state.legal_actions() == before.legal_actions()
        assert state.current_player() == before.current_player()
        assert state.move_number() == len(before.history())
        assert state.tower_state == before.tower_state
    assert state.is_initial_state()
    with pytest.raises(pyspiel.SpielError, match="last action"):
        state.undo_action(0, 0)
    state.apply_action(state.legal_actions()[0])
    with pytest.raises(pyspiel.SpielError, match="last action"):
        state.undo_action(1, state.history()[-1])


def test_bad_openspiel_parameters_raise():
    with pytest.raises(ValueError, match="match_target"):
        pyspiel.load_game("tower_games_kamisado(match_target=4)")
    with pytest.raises(pyspiel.SpielError, match="nope"):
        pyspiel.load_game("tower_games_kamisado(nope=1)")
    game = pyspiel.load_game("tower_games_kamisado")
    state = game.new_initial_state()
    with pytest.raises(pyspiel.SpielError):
        state.apply_action(-1)  # OpenSpiel's own check
    with pytest.raises(tower_games.IllegalMoveError, match="out of range"):
        state.apply_action(10**6)
    assert state.history() == [] and state.tower_state.turn_actions() == []
    with pytest.raises(ValueError):
        game.state_from_position("x" * 1_000_000)
