//! The players on the kernel's toy Nim, where the right move is known: a pile that is a
//! multiple of `max_take + 1` is lost for the side to move.

use board_kernel::testing::{Nim, NimOptions, NimState, Take};
use board_kernel::{BySide, Game, Side};
use game_ai::arena::{SeriesConfig, play_game, run_series};
use game_ai::{
    AlphaBeta, AlphaBetaConfig, Budget, Mcts, MctsConfig, Player, PlayerSpec, RandomPlayer, Rollout,
};

fn nim(stones: u32, max_take: u32) -> Nim {
    Nim::new(NimOptions { stones, max_take }).unwrap()
}

fn at(stones: u32, to_move: Side) -> NimState {
    NimState { stones, to_move }
}

fn alphabeta(depth: u32) -> AlphaBeta<Nim> {
    AlphaBeta::new(
        AlphaBetaConfig {
            budget: Budget::Count(depth),
            ..AlphaBetaConfig::default()
        },
        1,
    )
}

#[test]
fn alphabeta_takes_a_win_in_one() {
    let game = nim(10, 3);
    for seed in 0..8 {
        let mut ab = AlphaBeta::new(AlphaBetaConfig::default(), seed);
        for stones in 1..=3 {
            let mv = ab.choose(&game, &at(stones, Side::Black));
            assert_eq!(mv, Some(Take(stones)), "seed {seed}, {stones} stones");
        }
    }
    let mut ab = alphabeta(1);
    assert_eq!(ab.choose(&game, &at(2, Side::White)), Some(Take(2)));
    assert!(ab.report().unwrap().contains("wins in 1 plies"));
}

#[test]
fn alphabeta_avoids_a_loss_in_one() {
    // With 5 stones, taking 2 or 3 lets the opponent take the rest; only 1 (leaving 4) holds.
    let game = nim(10, 3);
    for seed in 0..8 {
        let mut ab = AlphaBeta::new(
            AlphaBetaConfig {
                budget: Budget::Count(2),
                ..AlphaBetaConfig::default()
            },
            seed,
        );
        assert_eq!(ab.choose(&game, &at(5, Side::White)), Some(Take(1)));
        assert_eq!(ab.choose(&game, &at(5, Side::Black)), Some(Take(1)));
    }
    // Deep enough, it plays perfect Nim from any pile.
    let mut ab = alphabeta(12);
    for stones in 1..=21 {
        if stones % 4 != 0 {
            assert_eq!(
                ab.choose(&game, &at(stones, Side::White)),
                Some(Take(stones % 4))
            );
        }
    }
}

#[test]
fn mcts_finds_the_winning_take() {
    let game = nim(10, 3);
    for seed in 0..5 {
        let mut mcts = Mcts::<Nim>::new(MctsConfig::default(), seed);
        for stones in [5, 6, 7, 9, 10, 11] {
            let mv = mcts.choose(&game, &at(stones, Side::White));
            assert_eq!(mv, Some(Take(stones % 4)), "seed {seed}, {stones} stones");
        }
        let info = mcts.last_search().unwrap();
        assert_eq!(info.iterations, 1000);
        assert!(info.expected > 0.8, "{info:?}");
    }
}

#[test]
fn mcts_is_deterministic_for_a_seed_and_budget() {
    let game = nim(40, 5);
    let config = MctsConfig {
        budget: Budget::Count(300),
        rollout: Rollout::BestOf(2),
        rollout_plies: 5,
        ..MctsConfig::default()
    };
    let line = |seed: u64| {
        let mut players: BySide<Box<dyn Player<Nim>>> = BySide::new(
            Box::new(Mcts::<Nim>::new(config, seed)),
            Box::new(Mcts::<Nim>::new(config, seed + 1)),
        );
        play_game(&game, game.initial_state(), &mut players, 100).moves
    };
    assert_eq!(line(3), line(3));
    let other: Vec<Vec<Take>> = (4..10).map(line).collect();
    assert!(other.iter().any(|l| *l != line(3)), "seeds change the play");
}

#[test]
fn searchers_beat_random_from_both_seats() {
    let game = nim(21, 3);
    for spec in ["mcts:300", "alphabeta:8"] {
        let spec: PlayerSpec = spec.parse().unwrap();
        let config = SeriesConfig {
            games: 40,
            seed: 5,
            threads: 2,
            ..SeriesConfig::default()
        };
        let as_white = run_series(
            &game,
            &game.initial_state(),
            BySide::new(spec, PlayerSpec::Random),
            &config,
            &|_| {},
        );
        // 21 stones is a won pile for the first player: perfect play wins every game, and a
        // searcher must come close (MCTS with random rollouts may misjudge a long pile).
        let least = if matches!(spec, PlayerSpec::Mcts(_)) {
            36
        } else {
            40
        };
        assert!(as_white.wins.white >= least, "{spec}: {as_white:?}");
        let as_black = run_series(
            &game,
            &at(20, Side::White),
            BySide::new(PlayerSpec::Random, spec),
            &config,
            &|_| {},
        );
        // 20 stones is lost for White: Black wins unless it errs.
        assert!(as_black.wins.black >= least, "{spec}: {as_black:?}");
    }
}

#[test]
fn series_do_not_depend_on_the_thread_count() {
    let game = nim(30, 4);
    let specs = BySide::new(PlayerSpec::Random, PlayerSpec::Random);
    let run = |threads| {
        let config = SeriesConfig {
            games: 64,
            seed: 11,
            threads,
            ..SeriesConfig::default()
        };
        let counted = std::sync::atomic::AtomicU64::new(0);
        let stats = run_series(&game, &game.initial_state(), specs, &config, &|_| {
            counted.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        });
        assert_eq!(counted.into_inner(), 64);
        stats
    };
    let one = run(1);
    assert_eq!(one, run(3));
    assert_eq!(one.games, 64);
    assert!(one.wins.white > 10 && one.wins.black > 10, "{one:?}");
}

#[test]
fn random_player_plays_legal_moves_and_stops_at_the_end() {
    let game = nim(10, 3);
    let mut random = RandomPlayer::new(9);
    let mut state = game.initial_state();
    while let Some(mv) = Player::<Nim>::choose(&mut random, &game, &state) {
        game.play(&mut state, &mv).unwrap();
    }
    assert_eq!(state.stones, 0);
    assert!(game.status(&state).is_finished());
    let mut ab = alphabeta(3);
    assert_eq!(ab.choose(&game, &state), None);
    let mut mcts = Mcts::<Nim>::new(MctsConfig::default(), 0);
    assert_eq!(mcts.choose(&game, &state), None);
    assert!(mcts.analyse(&game, &state).is_empty());
}

#[test]
fn time_budgets_stop() {
    let game = nim(1000, 7);
    let start = std::time::Instant::now();
    for spec in ["mcts:50ms", "alphabeta:50ms"] {
        let mut p = spec.parse::<PlayerSpec>().unwrap().build::<Nim>(0);
        assert!(p.choose(&game, &game.initial_state()).is_some());
        assert!(p.report().is_some(), "{spec}");
    }
    assert!(start.elapsed().as_secs_f64() < 5.0);
}
