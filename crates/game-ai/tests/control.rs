//! Stopping searches and hearing their progress (`game_ai::control`), on the kernel's Nim.

use std::time::{Duration, Instant};

use board_kernel::Side;
use board_kernel::prelude::*;
use board_kernel::testing::{Nim, NimOptions, NimState, Take};
use game_ai::control::{Control, Progress, Score, Stop};
use game_ai::solver::{Perfect, SolveConfig};
use game_ai::{AlphaBeta, AlphaBetaConfig, Budget, Mcts, MctsConfig, Player};

fn nim(stones: u32, max_take: u32) -> Nim {
    Nim::with_options(NimOptions { stones, max_take }).unwrap()
}

/// Alpha-beta without a transposition table: Nim's few positions would otherwise make any
/// depth cheap, and the tests need a search that cannot finish on its own.
fn endless_alphabeta() -> AlphaBeta<Nim> {
    AlphaBeta::new(
        AlphaBetaConfig {
            budget: Budget::Count(64),
            table_entries: 0,
            ..AlphaBetaConfig::default()
        },
        3,
    )
}

fn endless_mcts() -> Mcts<Nim> {
    Mcts::new(
        MctsConfig {
            budget: Budget::Time(Budget::MAX_TIME),
            ..MctsConfig::default()
        },
        3,
    )
}

fn legal(game: &Nim, state: &NimState, mv: Option<Take>) -> bool {
    mv.is_some_and(|mv| game.check_move(state, &mv).is_ok())
}

#[test]
fn a_raised_flag_stops_every_searcher_at_once_with_a_legal_move() {
    let game = nim(1_000_000, 20);
    let start = game.initial_state();
    let stop = Stop::new();
    stop.stop();
    let mut players: Vec<Box<dyn Player<Nim>>> = vec![
        Box::new(endless_mcts()),
        Box::new(endless_alphabeta()),
        Box::new(Perfect::new(SolveConfig::default(), 3)),
    ];
    for player in &mut players {
        let began = Instant::now();
        let mut control = Control {
            stop: Some(stop.clone()),
            budget: Some(Budget::Count(Budget::MAX_COUNT)),
            ..Control::default()
        };
        let mv = player.choose_with(&game, &start, &mut control);
        assert!(legal(&game, &start, mv), "{}: {mv:?}", player.name());
        assert!(
            began.elapsed() < Duration::from_secs(5),
            "{}",
            player.name()
        );
    }
    // MCTS ran the one iteration a move needs, no more.
    let mut mcts = endless_mcts();
    let mut control = Control {
        stop: Some(stop),
        ..Control::default()
    };
    mcts.choose_with(&game, &start, &mut control);
    assert_eq!(mcts.last_search().unwrap().iterations, 1);
}

#[test]
fn a_stop_from_another_thread_ends_searches_that_would_never_end() {
    let game = nim(1_000_000, 20);
    let start = game.initial_state();
    let players: Vec<Box<dyn Player<Nim>>> =
        vec![Box::new(endless_mcts()), Box::new(endless_alphabeta())];
    for mut player in players {
        let stop = Stop::new();
        let raiser = stop.clone();
        let began = Instant::now();
        let (mv, elapsed) = std::thread::scope(|scope| {
            scope.spawn(move || {
                std::thread::sleep(Duration::from_millis(100));
                raiser.stop();
            });
            let mut control = Control {
                stop: Some(stop),
                ..Control::default()
            };
            let mv = player.choose_with(&game, &start, &mut control);
            (mv, began.elapsed())
        });
        assert!(legal(&game, &start, mv), "{}", player.name());
        assert!(elapsed >= Duration::from_millis(100), "{elapsed:?}");
        assert!(elapsed < Duration::from_secs(5), "{elapsed:?}");
    }
}

#[test]
fn the_deadline_bounds_a_search_and_keeps_the_last_complete_depth() {
    let game = nim(1_000_000, 20);
    let start = game.initial_state();
    let mut ab = endless_alphabeta();
    let began = Instant::now();
    let mut control = Control {
        deadline: Some(Duration::from_millis(150)),
        ..Control::default()
    };
    let mv = ab.choose_with(&game, &start, &mut control);
    let elapsed = began.elapsed();
    assert!(legal(&game, &start, mv));
    assert!(elapsed >= Duration::from_millis(150), "{elapsed:?}");
    assert!(elapsed < Duration::from_secs(5), "{elapsed:?}");
    // Depth 2 (400 positions) is done long before 150 ms; depth 64 never is.
    let depth = ab.last_search().unwrap().depth;
    assert!((2..64).contains(&depth), "{depth}");
}

#[test]
fn alphabeta_reports_every_depth_with_a_legal_line_of_that_length() {
    let game = nim(21, 3);
    let start = game.initial_state();
    let mut ab = AlphaBeta::<Nim>::new(
        AlphaBetaConfig {
            budget: Budget::Count(6),
            ..AlphaBetaConfig::default()
        },
        5,
    );
    let mut reports: Vec<Progress<Take>> = Vec::new();
    let mut listen = |p: &Progress<Take>| reports.push(p.clone());
    let mut control = Control {
        progress: Some(&mut listen),
        ..Control::default()
    };
    let mv = ab.choose_with(&game, &start, &mut control).unwrap();
    assert_eq!(
        reports.iter().map(|p| p.depth).collect::<Vec<_>>(),
        [1, 2, 3, 4, 5, 6]
    );
    for pair in reports.windows(2) {
        assert!(pair[0].nodes <= pair[1].nodes);
    }
    let last = reports.last().unwrap();
    assert_eq!(last.line[0], mv);
    assert_eq!(last.nodes, ab.last_search().unwrap().nodes);
    // 21 stones, taking 1 leaves 20: the winning move, though no win is seen in 6 plies.
    assert_eq!(mv, Take(1));
    assert!(matches!(last.score, Score::Estimate(_)), "{:?}", last.score);
    for report in &reports {
        assert!(!report.line.is_empty() && report.line.len() <= report.depth as usize);
        let mut state = start;
        for step in &report.line {
            game.play(&mut state, step).unwrap();
        }
    }
    // Near the end the win is proven, with its plies: 3 stones, take them all.
    let mut proven = Vec::new();
    let mut listen = |p: &Progress<Take>| proven.push(p.score);
    let mut control = Control {
        progress: Some(&mut listen),
        ..Control::default()
    };
    let three = NimState {
        stones: 3,
        to_move: Side::Black,
    };
    assert_eq!(ab.choose_with(&game, &three, &mut control), Some(Take(3)));
    assert_eq!(proven, [Score::Win(Some(1))]);
}

#[test]
fn mcts_reports_its_iterations_and_the_move_it_plays() {
    let game = nim(21, 3);
    let start = game.initial_state();
    let mut mcts = Mcts::<Nim>::new(MctsConfig::default(), 9);
    let mut reports: Vec<Progress<Take>> = Vec::new();
    let mut listen = |p: &Progress<Take>| reports.push(p.clone());
    let mut control = Control {
        progress: Some(&mut listen),
        budget: Some(Budget::Count(600)),
        ..Control::default()
    };
    let mv = mcts.choose_with(&game, &start, &mut control).unwrap();
    let last = reports.last().unwrap();
    assert_eq!(last.line[0], mv);
    assert_eq!(last.nodes, 600);
    assert_eq!(mcts.last_search().unwrap().iterations, 600);
    assert_eq!(last.depth as usize, last.line.len());
    let mut state = start;
    for step in &last.line {
        game.play(&mut state, step).unwrap();
    }
}

#[test]
fn a_control_that_only_listens_changes_no_move() {
    // Whole games from 30 stones, each seeded player once with `choose` and once with a
    // listening control: the same moves.
    let game = nim(30, 3);
    let play = |listen: bool, make: &dyn Fn() -> Box<dyn Player<Nim>>| {
        let mut players = [make(), make()];
        let mut state = game.initial_state();
        let mut moves = Vec::new();
        let mut heard = 0;
        while !game.status(&state).is_finished() {
            let player = &mut players[game.side_to_move(&state).index()];
            let mv = if listen {
                let mut count = |_: &Progress<Take>| heard += 1;
                let mut control = Control {
                    progress: Some(&mut count),
                    ..Control::default()
                };
                player.choose_with(&game, &state, &mut control)
            } else {
                player.choose(&game, &state)
            }
            .unwrap();
            game.play(&mut state, &mv).unwrap();
            moves.push(mv);
        }
        (moves, heard)
    };
    let makers: [&dyn Fn() -> Box<dyn Player<Nim>>; 3] = [
        &|| Box::new(Mcts::<Nim>::new(MctsConfig::default(), 11)),
        &|| {
            Box::new(AlphaBeta::<Nim>::new(
                AlphaBetaConfig {
                    budget: Budget::Count(3),
                    ..AlphaBetaConfig::default()
                },
                11,
            ))
        },
        &|| Box::new(Perfect::<Nim>::new(SolveConfig::default(), 11)),
    ];
    for make in makers {
        let (quiet, none) = play(false, make);
        let (heard, reports) = play(true, make);
        assert_eq!(quiet, heard);
        assert_eq!(none, 0);
        assert!(reports > 0);
    }
}

#[test]
fn a_budget_in_the_control_replaces_the_players_own() {
    let game = nim(21, 3);
    let start = game.initial_state();
    let mut mcts = Mcts::<Nim>::new(MctsConfig::default(), 1);
    let mut control = Control {
        budget: Some(Budget::Count(37)),
        ..Control::default()
    };
    mcts.choose_with(&game, &start, &mut control);
    assert_eq!(mcts.last_search().unwrap().iterations, 37);
    let mut ab = AlphaBeta::<Nim>::new(
        AlphaBetaConfig {
            budget: Budget::Count(2),
            ..AlphaBetaConfig::default()
        },
        1,
    );
    let mut control = Control {
        budget: Some(Budget::Count(5)),
        ..Control::default()
    };
    ab.choose_with(&game, &start, &mut control);
    assert_eq!(ab.last_search().unwrap().depth, 5);
    // The player's own budget is back for the next move.
    ab.choose(&game, &start);
    assert_eq!(ab.last_search().unwrap().depth, 2);
}
