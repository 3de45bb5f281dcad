//! The kernel's conformance suite over seeded random games, with Seven Sages' own invariants.

use crate::common;

use std::time::Instant;

use board_kernel::conformance::{Config, check_with};
use board_kernel::prelude::*;
use board_kernel::{Side, Square};
use common::game;
use seven_sages::{CellKind, EndReason, Outcome, SevenSages, State};

/// The rules' invariants, checked at every state of every random game.
fn invariant(game: &SevenSages, s: &State) -> Result<(), String> {
    let o = game.options();
    for side in Side::ALL {
        let sages = s.sages(side);
        if sages.len() != 7 {
            return Err(format!("{side:?} has {} sages", sages.len()));
        }
        let in_goal = |goal: Side| {
            sages
                .iter()
                .filter(|&q| CellKind::of(q) == CellKind::Goal(goal))
                .count()
        };
        if in_goal(side.opponent()) > 0 {
            return Err(format!(
                "a {side:?} sage stopped in the opponent's goal area"
            ));
        }
        if in_goal(side) > 1 {
            return Err(format!("{side:?} has two sages in its own goal area"));
        }
        if sages.iter().any(|q| CellKind::of(q) == CellKind::OffBoard) {
            return Err("a sage is off the board".into());
        }
    }
    if !(s.sages(Side::White) & s.sages(Side::Black)).is_empty() {
        return Err("two sages share a cell".into());
    }
    let ball: Square = s.ball();
    if s.sages(Side::White).contains(ball) || s.sages(Side::Black).contains(ball) {
        return Err("the ball shares a cell with a sage".into());
    }
    let score = s.score();
    match s.outcome() {
        Outcome::Ongoing => {
            if CellKind::of(ball) != CellKind::Field {
                return Err(format!("the ball is on {ball} while the game is on"));
            }
            if score.white >= o.points_to_win || score.black >= o.points_to_win {
                return Err("a side has enough points but the game goes on".into());
            }
            if o.max_plies_per_point > 0 && s.plies_since_point() >= o.max_plies_per_point {
                return Err("the ply limit is passed but the game goes on".into());
            }
            if o.repetition_limit > 0 && s.repetitions() >= o.repetition_limit as usize {
                return Err("the repetition limit is reached but the game goes on".into());
            }
            if s.passes() > 1 {
                return Err("two passes but the game goes on".into());
            }
        }
        Outcome::Finished {
            winner: Some(w),
            reason: EndReason::Points,
        } => {
            if score[w] != o.points_to_win || CellKind::of(ball) != CellKind::Goal(w.opponent()) {
                return Err("a game won on points without the points or the ball in goal".into());
            }
        }
        Outcome::Finished { winner, .. } => {
            let expected = match score.white.cmp(&score.black) {
                std::cmp::Ordering::Greater => Some(Side::White),
                std::cmp::Ordering::Less => Some(Side::Black),
                std::cmp::Ordering::Equal => None,
            };
            if winner != expected {
                return Err("the winner does not follow from the score".into());
            }
        }
    }
    if s.plies_since_point() > s.ply() {
        return Err("more plies since the last point than plies".into());
    }
    Ok(())
}

/// Games per half of the default series: 100. CI's heavy step adds none: its deep
/// conformance step plays more games under the default options on new seeds every
/// commit (`CONFORMANCE_GAMES` in xtask/src/ci.rs).
fn games() -> usize {
    100
}

fn config(games: usize, seed: u64) -> Config {
    Config {
        games,
        seed,
        // At most points_to_win * 2 - 1 points, each followed by at most max_plies_per_point
        // plies (10 × 500 with the defaults).
        max_plies: 10 * 500,
        // Lighter sampling than the kernel's defaults keeps games of ~600 plies (the default
        // series' 200 are about 120,000 states) within the suite's time budget: per state one extra legal move
        // through is_legal/apply, two foreign moves, and 8 move texts re-parsed (all of them
        // when there are at most 8 moves).
        text_check_limit: 8,
        legal_samples: 1,
        foreign_samples: 2,
        step_samples: 1,
    }
}

fn default_series(seed: u64) {
    let g = game(&[]);
    let t = Instant::now();
    let stats = check_with(&g, &config(games(), seed), invariant);
    assert_eq!(stats.games, games() as u64);
    assert_eq!(stats.unfinished, 0);
    assert!(stats.wins.white > 0 && stats.wins.black > 0 && stats.draws > 0);
    eprintln!("{} in {:?}", stats.summary("White", "Black"), t.elapsed());
}

// 2 × 100 games under the default options, as two tests so that they run in parallel.
#[test]
fn conformance_default_options_first_half() {
    default_series(0x5A6E);
}

#[test]
fn conformance_default_options_second_half() {
    default_series(0x5A6E_0002);
}

#[test]
fn conformance_variants() {
    for (options, games) in [
        (&[("kick_mode", "StopBefore"), ("lob", "true")][..], 40),
        (
            &[("deviation", "Half"), ("reverse_on_later_bounces", "true")][..],
            40,
        ),
        (
            &[
                ("own_goal", "ScoresForOpponent"),
                ("first_bounce_mandatory", "false"),
                ("points_to_win", "2"),
            ][..],
            40,
        ),
        (
            &[("max_plies_per_point", "60"), ("repetition_limit", "2")][..],
            100,
        ),
        (
            &[("max_plies_per_point", "0"), ("points_to_win", "1")][..],
            4,
        ),
    ] {
        let g = game(options);
        let games: usize = games;
        let games = board_kernel::testing::scale(games.div_ceil(4), games);
        let mut c = config(games, 0xBA11);
        if g.options().max_plies_per_point == 0 {
            c.max_plies = 1_000_000;
        }
        let t = Instant::now();
        let stats = check_with(&g, &c, invariant);
        assert_eq!(stats.unfinished, 0, "{options:?}");
        assert_eq!(stats.games as usize, games, "{options:?}");
        eprintln!(
            "{options:?}: {} in {:?}",
            stats.summary("White", "Black"),
            t.elapsed()
        );
    }
}
