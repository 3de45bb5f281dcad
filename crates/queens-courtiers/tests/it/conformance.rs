//! The kernel's conformance suite over seeded random games, with game-specific invariants
//! and an independent recomputation of the checked Royals (the spec's three-rule labelling of
//! §4.2, written separately from the engine's alternating fixpoint).

use crate::common;

use std::time::Instant;

use board_kernel::conformance::{Config, check_with};
use board_kernel::prelude::*;
use board_kernel::{Side, Square};
use common::game;
use queens_courtiers::board::{CENTRE, in_court};
use queens_courtiers::{Outcome, Piece, QueensCourtiers, Royal, RoyalSet, State};

fn reach_contains(
    state: &State,
    game: &QueensCourtiers,
    piece: Piece,
    from: Square,
    to: Square,
) -> bool {
    let df = (to.file() as i32 - from.file() as i32).abs();
    let dr = (to.rank() as i32 - from.rank() as i32).abs();
    match piece {
        Piece::King => df.max(dr) == 1,
        Piece::Courtier => (df == 1 && dr == 2) || (df == 2 && dr == 1),
        Piece::Queen => {
            if df == 1 && dr == 1 {
                return true;
            }
            if !((df == 0 || df == 3) && (dr == 0 || dr == 3) && df + dr > 0) {
                return false;
            }
            let sf = (to.file() as i32 - from.file() as i32).signum();
            let sr = (to.rank() as i32 - from.rank() as i32).signum();
            let o = game.options();
            (1..=2).all(|k| {
                let c = Square::at(
                    (from.file() as i32 + k * sf) as u8,
                    (from.rank() as i32 + k * sr) as u8,
                );
                let hole = c == CENTRE && o.centre_square == queens_courtiers::CentreSquare::Absent;
                let piece_blocks = o.queen_three_step
                    == queens_courtiers::QueenThreeStep::NeedsEmptyPath
                    && state.board().occupied().contains(c);
                !hole && !piece_blocks
            })
        }
        Piece::United => false,
    }
}

/// §4.2 by labelling: 1) threatened by a Courtier → checked; 2) threatened by a certainly
/// unchecked Royal → checked; 3) no Courtier and every Royal threatener certainly checked →
/// unchecked; repeat; the rest are undetermined.
fn reference_checked(game: &QueensCourtiers, state: &State) -> RoyalSet {
    #[derive(Clone, Copy, PartialEq)]
    enum L {
        Und,
        Yes,
        No,
    }
    let b = state.board();
    let mut label = [L::Und; 4];
    let courtier_threat = |r: Royal| {
        b.courtiers(r.side.opponent())
            .iter()
            .any(|c| reach_contains(state, game, Piece::Courtier, c, b.royal(r)))
    };
    let threatens = |e: Royal, r: Royal| {
        e.side != r.side && reach_contains(state, game, e.piece, b.royal(e), b.royal(r))
    };
    loop {
        let mut changed = false;
        for r in Royal::ALL {
            if label[r.index()] != L::Und {
                continue;
            }
            let mut ts = Royal::ALL.into_iter().filter(|e| threatens(*e, r));
            let new = if courtier_threat(r) || ts.clone().any(|e| label[e.index()] == L::No) {
                L::Yes
            } else if ts.all(|e| label[e.index()] == L::Yes) {
                L::No
            } else {
                L::Und
            };
            if new != L::Und {
                label[r.index()] = new;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    let both = game.options().cycle_rule == queens_courtiers::CycleRule::BothChecked;
    Royal::ALL
        .into_iter()
        .filter(|r| label[r.index()] == L::Yes || (both && label[r.index()] == L::Und))
        .collect()
}

fn invariant(game: &QueensCourtiers, state: &State) -> Result<(), String> {
    let b = state.board();
    let start = game.initial_state();
    if b.occupied().contains(CENTRE) {
        return Err("a piece on h8".into());
    }
    for side in Side::ALL {
        let n = b.courtier_count(side);
        if n > start.board().courtier_count(side) {
            return Err(format!(
                "{side:?} has {n} Courtiers, more than at the start"
            ));
        }
        if b.united(side) != (state.outcome().winner() == Some(side)) {
            return Err("united piece without a win, or a win without one".into());
        }
    }
    let pieces: usize = Side::ALL
        .iter()
        .map(|&side| 2 + b.courtier_count(side) - usize::from(b.united(side)))
        .sum();
    if b.piece_count() != pieces {
        return Err(format!(
            "{} occupied squares for {pieces} pieces",
            b.piece_count()
        ));
    }
    let o = game.options();
    if state.passes() > 2 || (state.passes() == 2) != (state.outcome() == Outcome::DrawDoublePass) {
        return Err("passes counter inconsistent".into());
    }
    if state.outcome() == Outcome::Ongoing {
        if o.max_plies > 0 && state.ply() >= o.max_plies {
            return Err("ongoing at the ply limit".into());
        }
        if o.repetition_limit > 0 && state.occurrences() >= o.repetition_limit as usize {
            return Err("ongoing although the position repeated".into());
        }
        let engine = game.checked_royals(state);
        let reference = reference_checked(game, state);
        if engine != reference {
            return Err(format!(
                "checked royals {engine:?}, reference {reference:?}"
            ));
        }
        // Side to move alternates with the ply counter.
        let first = o.first_player.side();
        let expected = if state.ply().is_multiple_of(2) {
            first
        } else {
            first.opponent()
        };
        if state.to_move() != expected {
            return Err("side to move does not alternate".into());
        }
        // Courtiers counted in the Court are all capturable by the enemy.
        for side in Side::ALL {
            for c in b.courtiers(side) {
                if in_court(c) && !game.capturable(state, c, side.opponent()) {
                    return Err(format!("Court Courtier {c} not capturable"));
                }
            }
        }
    }
    Ok(())
}

fn run(pairs: &[(&str, &str)], games: usize, seed: u64) {
    let g = game(pairs);
    let config = Config {
        seed,
        // The game's own bound: max_plies (default 1000) ends every game.
        max_plies: 1001,
        // Random games average ~550 plies: sample the per-state checks so that 2,000 games
        // stay within the suite's time budget on a busy machine.
        text_check_limit: 8,
        legal_samples: 1,
        foreign_samples: 2,
        ..Config::games(games)
    };
    let t = Instant::now();
    let stats = check_with(&g, &config, invariant);
    eprintln!(
        "{pairs:?}: {} in {:?}",
        stats.summary("Red", "Blue"),
        t.elapsed()
    );
    assert_eq!(stats.games as usize, games);
    assert_eq!(stats.unfinished, 0);
}

/// 200 games under the default options, as two series with different seeds so the test
/// harness can run them on two threads. CI's heavy step adds none: its deep conformance step
/// plays more games under the default options on new seeds every
/// commit (`CONFORMANCE_GAMES` in xtask/src/ci.rs).
#[test]
fn default_rules_random_games_first_half() {
    run(&[], games(), 0x5EED);
}

#[test]
fn default_rules_random_games_second_half() {
    run(&[], games(), 0xC0FFEE);
}

fn games() -> usize {
    100
}

#[test]
fn variants_over_smaller_series() {
    run(
        &[("cycle_rule", "NeitherChecked"), ("max_plies", "200")],
        scaled(),
        1,
    );
    run(
        &[
            ("centre_square", "PassOver"),
            ("queen_three_step", "Leaps"),
            ("max_plies", "200"),
        ],
        scaled(),
        2,
    );
    run(
        &[
            ("allow_return_double_move", "true"),
            ("second_part_capture", "false"),
            ("win_exempts_pass_through", "false"),
            ("max_plies", "200"),
        ],
        scaled(),
        3,
    );
    run(
        &[
            ("setup", "DiagramFiveCourtiers"),
            ("first_player", "Blue"),
            ("repetition_limit", "2"),
            ("max_plies", "200"),
        ],
        scaled(),
        4,
    );
    run(
        &[("repetition_limit", "0"), ("max_plies", "150")],
        scaled() / 2,
        5,
    );
}

/// 60 games per variant in CI's heavy step, 30 in a quick run.
fn scaled() -> usize {
    board_kernel::testing::scale(30, 60)
}
