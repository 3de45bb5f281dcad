//! The players on the kernel's toy Nim, where the right move is known: a pile that is a
//! multiple of `max_take + 1` is lost for the side to move.

use board_kernel::prelude::*;
use board_kernel::testing::{Nim, NimOptions, NimState, Take};
use board_kernel::{BySide, Side};
use game_ai::arena::{SeriesConfig, play_game, run_series};
use game_ai::{
    AlphaBeta, AlphaBetaConfig, Budget, Knowledge, Mcts, MctsConfig, Player, PlayerSpec,
    RandomPlayer, Rollout,
};

fn nim(stones: u32, max_take: u32) -> Nim {
    Nim::with_options(NimOptions { stones, max_take }).unwrap()
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
fn mcts_with_pooled_transpositions_still_finds_the_winning_take() {
    // Nim transposes everywhere (take 1 then 2 = take 2 then 1), so the pooled figures are
    // read at almost every selection.
    let game = nim(10, 3);
    for seed in 0..5 {
        let mut mcts = Mcts::<Nim>::new(
            MctsConfig {
                transpositions: true,
                ..MctsConfig::default()
            },
            seed,
        );
        for stones in [5, 6, 7, 9, 10] {
            let mv = mcts.choose(&game, &at(stones, Side::White));
            assert_eq!(mv, Some(Take(stones % 4)), "seed {seed}, {stones} stones");
        }
    }
}

#[test]
fn mcts_reuses_the_tree_below_the_position_reached() {
    let game = nim(9, 3);
    let start = game.initial_state();
    let mut reusing = Mcts::<Nim>::new(MctsConfig::default(), 1);
    let mut fresh = Mcts::<Nim>::new(
        MctsConfig {
            reuse_tree: false,
            ..MctsConfig::default()
        },
        1,
    );
    assert_eq!(reusing.name(), "mcts:1000");
    assert_eq!(fresh.name(), "mcts-fresh:1000");
    let first = reusing.choose(&game, &start).unwrap();
    assert_eq!(first, Take(1), "9 stones: take 1 and leave a multiple of 4");
    assert_eq!(reusing.last_search().unwrap().reused, 0);
    let mut state = start;
    game.play(&mut state, &first).unwrap();
    game.play(&mut state, &Take(2)).unwrap();
    // 6 stones: the tree below take 1, take 2 was explored by the first search.
    assert_eq!(reusing.choose(&game, &state), Some(Take(2)));
    let info = reusing.last_search().unwrap();
    assert!(info.reused > 10, "{info:?}");
    assert_eq!(info.iterations, 1000, "the budget is the move's own");
    fresh.choose(&game, &start);
    fresh.choose(&game, &state);
    assert_eq!(fresh.last_search().unwrap().reused, 0);
    // A position that is not below the last root starts a new tree.
    reusing.choose(&game, &start);
    assert_eq!(reusing.last_search().unwrap().reused, 0);
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
            &Knowledge::default(),
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
            &Knowledge::default(),
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
        let stats = run_series(
            &game,
            &game.initial_state(),
            specs,
            &Knowledge::default(),
            &config,
            &|_| {
                counted.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            },
        );
        assert_eq!(counted.into_inner(), 64);
        stats
    };
    let one = run(1);
    assert_eq!(one, run(3));
    assert_eq!(one.games, 64);
    assert!(one.wins.white > 10 && one.wins.black > 10, "{one:?}");
}

#[test]
fn a_raised_stop_flag_ends_series_and_tournaments_with_the_games_finished() {
    use game_ai::arena::StopFlag;
    use game_ai::tournament::{Sprt, SprtVerdict, TournamentConfig, round_robin, sprt};
    use std::sync::atomic::{AtomicBool, Ordering};
    static AFTER_FIVE: AtomicBool = AtomicBool::new(false);
    static AFTER_ONE: AtomicBool = AtomicBool::new(false);
    static AT_ONCE: AtomicBool = AtomicBool::new(true);
    let game = nim(30, 4);
    let start = game.initial_state();
    // One thread: the game after the one that raised the flag never starts.
    let series = |stop, threads, raise: &(dyn Fn(u64) + Sync)| {
        let config = SeriesConfig {
            games: 1000,
            threads,
            stop: StopFlag::new(stop),
            ..SeriesConfig::default()
        };
        let specs = BySide::new(PlayerSpec::Random, PlayerSpec::Random);
        run_series(&game, &start, specs, &Knowledge::default(), &config, raise).games
    };
    let raise_at_five = |done| {
        if done == 5 {
            AFTER_FIVE.store(true, Ordering::Relaxed);
        }
    };
    assert_eq!(series(&AFTER_FIVE, 1, &raise_at_five), 5);
    assert_eq!(series(&AT_ONCE, 4, &|_| {}), 0);
    let config = |stop| TournamentConfig {
        games_per_pair: 50,
        threads: 1,
        stop: StopFlag::new(stop),
        ..TournamentConfig::default()
    };
    let players = vec![PlayerSpec::Random; 3];
    let table = round_robin(
        &game,
        &start,
        &players,
        &Knowledge::default(),
        &config(&AFTER_ONE),
        &|_| {
            AFTER_ONE.store(true, Ordering::Relaxed);
        },
    );
    assert_eq!(table.games, 1);
    let pair = [PlayerSpec::Random, PlayerSpec::Random];
    let test = Sprt::new(0.0, 50.0);
    let outcome = sprt(
        &game,
        &start,
        pair,
        &test,
        &Knowledge::default(),
        &config(&AT_ONCE),
        &|_, _| {},
    );
    assert_eq!(outcome.verdict, SprtVerdict::Inconclusive);
    assert_eq!(outcome.entrants[0].tally.games(), 0);
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

#[test]
fn the_perfect_player_wins_every_won_pile_and_plays_on_in_lost_ones() {
    use game_ai::solver::{Perfect, SolveConfig};
    let game = nim(21, 4);
    for seed in 0..6 {
        // 21 stones, takes of 1 to 4: 21 is not a multiple of 5, so the first player wins.
        let mut players: BySide<Box<dyn Player<Nim>>> = BySide::new(
            Box::new(Perfect::new(SolveConfig::default(), seed)),
            PlayerSpec::Mcts(Budget::Count(500)).build(seed),
        );
        let played = play_game(&game, at(21, Side::White), &mut players, 100);
        assert_eq!(played.status.result().unwrap().winner, Some(Side::White));
        assert!(players.white.report().unwrap().starts_with("a proven win"));
    }
    // 20 is lost for the side to move: it says so and still moves.
    let mut perfect = Perfect::<Nim>::new(SolveConfig::default(), 1);
    assert!(perfect.choose(&game, &at(20, Side::White)).is_some());
    let report = perfect.report().unwrap();
    assert!(report.starts_with("every move loses"), "{report}");
    // With too small a budget nothing is proven, and MCTS chooses.
    let mut blind = Perfect::<Nim>::new(
        SolveConfig {
            max_nodes: 2,
            ..SolveConfig::default()
        },
        1,
    );
    assert!(
        blind
            .choose(&nim(1000, 3), &at(1000, Side::White))
            .is_some()
    );
    // The budget is the move's, not each candidate's: the first proof stops at its third
    // position (more than 2), the other two at their first — 5 in all, where a budget per
    // candidate would have allowed 3 each (9).
    let report = blind.report().unwrap();
    assert!(
        report.contains("3 beyond the budget") && report.contains("(5 positions searched"),
        "{report}"
    );
    assert_eq!(blind.name(), "perfect:2");
}

/// A player that forfeits its first move (as an outside engine that crashed would).
struct Gives;

impl Player<Nim> for Gives {
    fn name(&self) -> String {
        "forfeiter".to_owned()
    }
    fn choose(&mut self, _: &Nim, _: &NimState) -> Option<Take> {
        None
    }
    fn forfeit(&self) -> Option<String> {
        Some("crashed".to_owned())
    }
}

/// A forfeiter or one of our players, as a program mixing seat kinds would have them.
#[derive(Clone, Debug)]
enum Mixed {
    Ours(PlayerSpec),
    Forfeits,
}

impl std::fmt::Display for Mixed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Mixed::Ours(spec) => write!(f, "{spec}"),
            Mixed::Forfeits => f.write_str("forfeiter"),
        }
    }
}

impl game_ai::arena::Seat<Nim> for Mixed {
    fn player(&self, seed: u64, knowledge: &Knowledge<Nim>) -> Box<dyn Player<Nim>> {
        match self {
            Mixed::Ours(spec) => spec.build_with(seed, knowledge),
            Mixed::Forfeits => Box::new(Gives),
        }
    }
}

#[test]
fn a_forfeit_loses_the_game_and_counts_in_series_and_tournaments() {
    let game = nim(10, 3);
    let mut players: BySide<Box<dyn Player<Nim>>> =
        BySide::new(Box::new(RandomPlayer::new(1)), Box::new(Gives));
    let played = play_game(&game, game.initial_state(), &mut players, 100);
    assert_eq!(played.moves.len(), 1);
    let result = played.status.result().unwrap();
    assert_eq!(result.winner, Some(Side::White));
    assert_eq!(result.reason, "crashed");
    assert!(!game.status(&played.state).is_finished());
    // A series: every game lost by the forfeiting side.
    let seats = BySide::new(Mixed::Forfeits, Mixed::Ours(PlayerSpec::Random));
    let stats = run_series(
        &game,
        &game.initial_state(),
        seats,
        &Knowledge::default(),
        &SeriesConfig {
            games: 6,
            ..SeriesConfig::default()
        },
        &|_| {},
    );
    assert_eq!(
        (stats.wins.black, stats.wins.white, stats.unfinished),
        (6, 0, 0)
    );
    // A round robin with mixed seats: the forfeiter loses every game, with either colour.
    let table = game_ai::tournament::round_robin(
        &game,
        &game.initial_state(),
        &[Mixed::Ours(PlayerSpec::Random), Mixed::Forfeits],
        &Knowledge::default(),
        &game_ai::tournament::TournamentConfig {
            games_per_pair: 4,
            ..Default::default()
        },
        &|_| {},
    );
    assert_eq!(table.entrants[1].tally.losses, 4);
    assert_eq!(table.entrants[1].spec.to_string(), "forfeiter");
    assert_eq!(table.pairs[0].tally.wins, 4);
}
