//! The kernel's conformance suite over seeded random games, with Tower of Power's own
//! invariants, under the default options and under each other option.

use std::collections::HashMap;

use crate::common::game;
use board_kernel::conformance::{Config, check_with};
use board_kernel::prelude::*;
use board_kernel::{Side, SplitMix64, Square, Status};
use tower_of_power::position::parse_diagram;
use tower_of_power::{State, TowerOfPower};

/// Stone counts, top-stone sets and counters agree with the stacks; nothing is created.
fn invariant(game: &TowerOfPower, state: &State) -> Result<(), String> {
    let board = state.board();
    let mut count = [0usize; 2];
    let mut tops = [0u64; 2];
    for rank in 0..8 {
        for file in 0..8 {
            let tower = board.tower(Square::at(file, rank));
            for side in Side::ALL {
                count[side.index()] += usize::from(tower.count(side));
            }
            if let Some(top) = tower.top() {
                tops[top.index()] |= 1 << (rank * 8 + file);
            }
        }
    }
    for side in Side::ALL {
        if count[side.index()] != board.material(side) {
            return Err(format!("{side}'s material count is off"));
        }
        if count[side.index()] > 15 {
            return Err(format!("{side} has more than 15 stones"));
        }
        if tops[side.index()] != board.active(side) {
            return Err(format!("{side}'s active squares are off"));
        }
    }
    if state.no_capture_count() > state.turn_count() {
        return Err("more quiet moves than moves".into());
    }
    let limit = game.options().no_capture_draw_plies;
    if limit > 0 && state.no_capture_count() > limit {
        return Err("the no-capture counter passed its limit".into());
    }
    let mut moves = Vec::new();
    game.legal_moves(state, &mut moves);
    if game.count_moves(state, &mut Vec::new()) != moves.len() {
        return Err("count_moves disagrees with legal_moves".into());
    }
    // The diagram check is the slowest part; every eighth ply is plenty.
    if state.turn_count().is_multiple_of(8)
        && parse_diagram(&game.diagram(state)).as_ref() != Ok(board)
    {
        return Err("the diagram does not read back".into());
    }
    if let Status::Finished(result) = game.status(state) {
        let threshold = game.options().material_draw_threshold as usize;
        let ok = match result.reason.as_ref() {
            "no legal move" => result.winner == Some(state.to_move().opponent()),
            "insufficient material" => {
                board.material(Side::White) <= threshold && board.material(Side::Black) <= threshold
            }
            "no progress" => state.no_capture_count() >= limit,
            "repetition" => {
                let n = game.options().repetition_limit as usize;
                let key = state.repetition_key();
                n >= 2 && state.history().iter().filter(|&&k| k == key).count() >= n
            }
            _ => false,
        };
        if !ok {
            return Err(format!("unexpected result {result:?}"));
        }
    }
    let h = game.heuristic(state, Side::White).unwrap_or(0.0);
    if !(-1.0..=1.0).contains(&h) {
        return Err(format!("heuristic {h} out of range"));
    }
    Ok(())
}

/// Each capture resets the 100-move count and there are at most 29 captures.
const MAX_PLIES: usize = 100 * 31;

/// The suite's checks, lightened so 2,000 games of about 420 plies (some 850,000 states of up
/// to 700 moves) stay within a minute: 40 move texts re-parsed per state instead of 200.
fn lightened(games: usize, seed: u64, max_plies: usize) -> Config {
    Config {
        seed,
        max_plies,
        text_check_limit: 40,
        legal_samples: 2,
        foreign_samples: 3,
        ..Config::games(games)
    }
}

/// 400 games under the default options, in four series with their own seeds so the test
/// harness can run them side by side. CI's heavy step adds none: its deep conformance step
/// plays more games under the default options on new seeds every
/// commit (`CONFORMANCE_GAMES` in xtask/src/ci.rs).
fn default_series(seed: u64) {
    let game = game(&[]);
    let games = 100;
    let stats = check_with(&game, &lightened(games, seed, MAX_PLIES), invariant);
    assert_eq!(stats.games, games as u64);
    assert_eq!(stats.unfinished, 0);
    assert!(stats.wins.white > 0 && stats.wins.black > 0 && stats.draws > 0);
}

#[test]
fn conformance_default_options_first_quarter() {
    default_series(0x5EED_0001);
}

#[test]
fn conformance_default_options_second_quarter() {
    default_series(0x5EED_0002);
}

#[test]
fn conformance_default_options_third_quarter() {
    default_series(0x5EED_0003);
}

#[test]
fn conformance_default_options_fourth_quarter() {
    default_series(0x5EED_0004);
}

#[test]
fn conformance_with_the_tours_rule() {
    let game = game(&[("deal_onto_stacks", "off")]);
    let config = lightened(board_kernel::testing::scale(100, 200), 15, MAX_PLIES);
    let stats = check_with(&game, &config, invariant);
    assert_eq!(stats.unfinished, 0);
}

#[test]
fn conformance_without_single_steps() {
    let game = game(&[("single_step", "off")]);
    let config = lightened(board_kernel::testing::scale(100, 200), 11, MAX_PLIES);
    let stats = check_with(&game, &config, invariant);
    assert_eq!(stats.unfinished, 0);
}

#[test]
fn conformance_with_other_draw_limits() {
    let game = game(&[
        ("material_draw_threshold", "0"),
        ("no_capture_draw_plies", "30"),
    ]);
    let config = lightened(300, 12, 30 * 31);
    check_with(&game, &config, invariant);
    let game = self::game(&[("material_draw_threshold", "2")]);
    let config = lightened(200, 13, MAX_PLIES);
    check_with(&game, &config, invariant);
}

/// The repetition rule through the kernel suite: the position text does not carry the history
/// (by the rule book), but the snapshot does, and the suite checks that it restores the
/// status and moves exactly.
#[test]
fn conformance_with_the_repetition_rule() {
    let game = game(&[("repetition_limit", "2"), ("no_capture_draw_plies", "40")]);
    let config = lightened(board_kernel::testing::scale(100, 200), 14, 40 * 31);
    let stats = check_with(&game, &config, invariant);
    assert_eq!(stats.unfinished, 0);
}

/// The repetition draw against an independent count: this plays random games with the rule on
/// and recounts every occurrence from the full record of position texts (board and side to
/// move), independently of the engine's hashed history.
#[test]
fn repetition_against_a_full_recount() {
    for (n, seed) in [(2u32, 21u64), (3, 22)] {
        let game = game(&[
            ("repetition_draw", &n.to_string()),
            ("material_draw_threshold", "0"),
            ("no_capture_draw_plies", "0"),
        ]);
        let mut rng = SplitMix64::new(seed);
        let mut repetitions = 0;
        for _ in 0..60 {
            // Two lone stones wandering: positions come back often; a capture is rare.
            let mut state = game.parse_position("7b/8/8/8/8/8/8/w7 w 0 0").unwrap();
            let key = |s: &State| {
                let text = s.to_string();
                let mut fields = text.split(' ');
                format!("{} {}", fields.next().unwrap(), fields.next().unwrap())
            };
            let mut seen: HashMap<String, u32> = HashMap::new();
            *seen.entry(key(&state)).or_default() += 1;
            let mut moves = Vec::new();
            for _ in 0..400 {
                moves.clear();
                game.legal_moves(&state, &mut moves);
                let status = game.status(&state);
                assert_eq!(status.is_finished(), moves.is_empty());
                let Some(mv) = rng.choose(&moves) else { break };
                game.play(&mut state, mv).unwrap();
                let count = seen.entry(key(&state)).or_default();
                *count += 1;
                let drawn = game.status(&state)
                    == Status::Finished(board_kernel::GameResult::draw("repetition"));
                let stuck = matches!(
                    game.status(&state).result(),
                    Some(r) if r.reason == "no legal move"
                );
                assert_eq!(drawn, !stuck && *count >= n, "{state}");
                if drawn {
                    repetitions += 1;
                }
            }
        }
        assert!(
            repetitions > 10,
            "too few repetitions to test ({repetitions})"
        );
    }
}
