//! The kernel's conformance suite over seeded random games, with Chain Reaction's own
//! invariants checked at every state.

use board_kernel::Side;
use board_kernel::conformance::{Config, check_with};
use board_kernel::prelude::*;
use sackson_chain_reaction::{ChainReaction, Content, ScoringFriendlyTower, State};

/// Stones are never captured: each colour keeps 11 (board plus pending). At most one tower
/// (the board type cannot hold two), owned by the side to move in a game in progress; between
/// turns the segment count is 0; a pending stone is the mover's and never stands beside a
/// tower; no score is out of what the turns allow.
fn invariant(game: &ChainReaction, state: &State) -> Result<(), String> {
    for side in Side::ALL {
        let pending = u32::from(state.pending() == Some(side));
        let n = state.board().stones(side) + pending;
        if n != 11 {
            return Err(format!("{side} has {n} stones"));
        }
    }
    let mut towers = 0;
    for rank in 1..=8 {
        for file in 0..7 {
            let spot = sackson_chain_reaction::Spot::new(file, rank).unwrap();
            if let Content::Tower(_) = state.board().content(spot) {
                towers += 1;
            }
        }
    }
    if towers > 1 {
        return Err("two towers".into());
    }
    if state.segment() != 0 {
        return Err("mid-turn state between turns".into());
    }
    let finished = game.status(state).is_finished();
    if let Some(t) = state.board().tower()
        && !finished
        && t.owner() != state.to_move()
    {
        return Err("the tower belongs to the side not to move".into());
    }
    if let Some(p) = state.pending()
        && (p != state.to_move() || state.board().tower().is_some())
    {
        return Err("a pending stone of the wrong side or beside a tower".into());
    }
    let plies = state.plies() as i64;
    // A turn scores at most once by default (2 points), or once per segment with Continue;
    // a penalty costs 2.
    let options = game.options();
    let per_turn = match options.scoring_friendly_tower {
        ScoringFriendlyTower::Forbidden => 2,
        ScoringFriendlyTower::Continue => 2 * i64::from(options.max_segments),
    };
    for side in Side::ALL {
        let s = state.score(side);
        if s.abs() > per_turn * (plies + 1) {
            return Err(format!("{side}'s score {s} after {plies} turns"));
        }
    }
    if let Some(winner) = game.status(state).result().and_then(|r| r.winner)
        && winner != state.to_move().opponent()
    {
        return Err("the winner is not the player who just moved".into());
    }
    let expected_history = if game.options().repetition_limit == 0 {
        0
    } else {
        state.plies() as usize + 1
    };
    if state.history().len() != expected_history {
        return Err("the repetition history lost a position".into());
    }
    Ok(())
}

fn config(games: usize) -> Config {
    Config {
        max_plies: 500,
        legal_samples: 1,
        foreign_samples: 2,
        text_check_limit: 12,
        ..Config::games(games)
    }
}

/// Under the rules (default options): 200 games, as two halves with their own seeds so that
/// the test harness can run them side by side. CI's heavy step adds none: its deep
/// conformance step plays more games under the default options on new seeds every
/// commit (`CONFORMANCE_GAMES` in xtask/src/ci.rs).
fn default_half(seed: u64) {
    let game = ChainReaction::default();
    let games = 100;
    let stats = check_with(
        &game,
        &Config {
            seed,
            ..config(games)
        },
        invariant,
    );
    assert_eq!(stats.games, games as u64);
    assert_eq!(stats.unfinished, 0);
    // Random play does finish by points: both sides win some games.
    assert!(stats.wins.white > 0 && stats.wins.black > 0, "{stats:?}");
}

#[test]
fn default_rules_conform_first_half() {
    default_half(0x5EED);
}

#[test]
fn default_rules_conform_second_half() {
    default_half(0xC4A1);
}

fn variant(pairs: &[(&str, &str)], games: usize) {
    let game = ChainReaction::from_pairs(pairs.iter().copied()).unwrap();
    let stats = check_with(&game, &config(games), invariant);
    assert_eq!(stats.games as usize, games);
    assert_eq!(stats.unfinished, 0);
}

#[test]
fn continue_after_scoring_conforms() {
    variant(&[("scoring_friendly_tower", "Continue")], 50);
}

#[test]
fn single_step_into_goal_conforms() {
    variant(&[("single_step_into_goal", "on")], 50);
}

#[test]
fn other_chain_lengths_conform() {
    variant(&[("max_segments", "2")], 50);
    variant(&[("max_segments", "3")], 30);
    variant(&[("max_segments", "7")], 5);
}

#[test]
fn handicaps_and_short_limits_conform() {
    variant(&[("target_white", "3"), ("target_black", "6")], 100);
    variant(&[("max_plies", "40")], 60);
    // The history is kept (and checked by the invariant); the suite restores every state from
    // its snapshot (text and history), so repetition draws are checked like any other end.
    variant(&[("repetition_limit", "2"), ("max_plies", "120")], 20);
}
