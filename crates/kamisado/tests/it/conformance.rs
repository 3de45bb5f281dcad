//! The kernel's random-game conformance suite, with Kamisado's own invariants.

use board_kernel::conformance::{Config, check_with};
use board_kernel::prelude::*;
use board_kernel::{GameOptions, Side, Square};
use kamisado::end::rank_points;
use kamisado::{Kamisado, Options, Phase, Scoring, State};

/// Invariants every reachable state satisfies (§2.3, §4.1, §5).
fn invariant(game: &Kamisado, s: &State) -> Result<(), String> {
    let o = game.options();
    // 8 towers per side, one of each colour, on distinct squares, where the board says.
    let mut seen = std::collections::HashSet::new();
    for (sq, t) in s.towers() {
        if !seen.insert(sq) {
            return Err(format!("two towers on {sq}"));
        }
        if s.tower_at(sq) != Some(t) || s.square_of(t.owner, t.colour) != sq {
            return Err(format!("tower {t} on {sq} is not where the board says"));
        }
        if t.rank > 3 || (!o.is_match() && t.rank > 0) {
            return Err(format!("tower {t} has an impossible rank"));
        }
    }
    let occupied = (0..8u8)
        .flat_map(|f| (0..8u8).map(move |r| Square::at(f, r)))
        .filter(|&q| s.tower_at(q).is_some())
        .count();
    if seen.len() != 16 || occupied != 16 {
        return Err(format!(
            "{occupied} occupied squares, {} towers",
            seen.len()
        ));
    }
    match s.phase() {
        Phase::Play => {
            if s.result().is_some() || s.consecutive_passes() > 1 {
                return Err("a round in play with a result or two passes".into());
            }
            if (s.ply() == 0) != s.required().is_none()
                || (s.ply() == 0) != s.last_actual_mover().is_none()
            {
                return Err("the free move is exactly the first ply of a round".into());
            }
            if s.ply() >= o.max_plies_per_round {
                return Err("the backstop did not end the round".into());
            }
            if s.ply() == 0 {
                // A round starts with every tower on its owner's home row.
                for (sq, t) in s.towers() {
                    if sq.rank() != kamisado::home_rank(t.owner) {
                        return Err(format!("{t} on {sq} at the start of a round"));
                    }
                }
            }
        }
        Phase::Refill | Phase::Over => {
            if s.result().is_none() || s.required().is_some() {
                return Err("a finished round has a result and no required colour".into());
            }
            if s.phase() == Phase::Refill && !o.is_match() {
                return Err("a single round has no refill".into());
            }
        }
    }
    // Scores: single round 1:0 at the end; in a match the rings account for the score.
    let score = s.score();
    if o.is_match() {
        let bonus = if o.scoring == Scoring::RingValues {
            8
        } else {
            15
        };
        let mut rounds = 0;
        for side in Side::ALL {
            let earned: u32 = s
                .towers()
                .filter(|(_, t)| t.owner == side)
                .map(|(_, t)| {
                    rounds += u32::from(t.rank);
                    rank_points(o.scoring, t.rank)
                })
                .sum();
            match score[side] - earned {
                0 => {}
                e if e == bonus && s.phase() == Phase::Over => rounds += 1,
                _ => return Err(format!("score {} not earned by the rings", score[side])),
            }
            let won = s.phase() == Phase::Over && s.result().is_some_and(|r| r.winner == side);
            if won != (score[side] >= o.match_target) {
                return Err("the match target and the phase disagree".into());
            }
        }
        if rounds + u32::from(s.phase() == Phase::Play) != s.round() {
            return Err("the round number does not follow from the promotions".into());
        }
    } else {
        let total = score.white + score.black;
        if total != u32::from(s.phase() == Phase::Over) || s.round() != 1 {
            return Err("a single round scores 1:0 once, in round 1".into());
        }
    }
    // The required tower is unique and on the board (§7).
    if let Some(c) = s.required() {
        let sq = s.square_of(s.to_move(), c);
        if s.tower_at(sq).map(|t| (t.owner, t.colour)) != Some((s.to_move(), c)) {
            return Err(format!("required {c} tower missing"));
        }
    }
    Ok(())
}

fn run(pairs: &[(&str, &str)], games: usize, seed: u64) {
    let game = Kamisado::with_options(Options::from_pairs(pairs.iter().copied()).unwrap()).unwrap();
    // A round has at most 915 plies (§5.3) and a match at most 29 rounds of a refill each.
    let max_plies = if game.options().is_match() {
        30 * 916
    } else {
        195
    };
    let config = Config {
        seed,
        max_plies,
        ..Config::games(games)
    };
    let stats = check_with(&game, &config, invariant);
    assert_eq!(stats.games, games as u64);
    assert_eq!(stats.unfinished, 0);
    assert_eq!(stats.draws, 0, "Kamisado has no draws");
}

#[test]
fn single_rounds_conform() {
    run(&[], 2000, 0x5EED);
}

#[test]
fn standard_matches_conform() {
    run(&[("match_target", "3")], 300, 1);
}

#[test]
fn long_matches_with_other_options_conform() {
    run(
        &[
            ("match_target", "7"),
            ("first_player", "Black"),
            ("next_round_starter", "Winner"),
            ("scoring", "PerRound"),
        ],
        150,
        2,
    );
}

#[test]
fn marathon_matches_conform() {
    run(&[("match_target", "15")], 60, 3);
}

#[test]
fn a_tight_backstop_and_repetition_limit_conform() {
    run(
        &[
            ("match_target", "3"),
            ("max_plies_per_round", "6"),
            ("repetition_limit", "2"),
        ],
        300,
        4,
    );
}

/// Kamisado says it cannot end in a draw (`Rules::CAN_DRAW`, which the suite holds every
/// game to): every round has a winner, even when the backstop ends it after its first ply.
#[test]
fn no_option_makes_a_draw() {
    const { assert!(!Kamisado::CAN_DRAW) };
    run(&[("max_plies_per_round", "1")], 200, 5);
    run(
        &[
            ("match_target", "3"),
            ("max_plies_per_round", "1"),
            ("repetition_limit", "2"),
        ],
        100,
        6,
    );
}

/// The refill sides are named in words, the pass by its name (`Presentation::CHOICE_WORDS`).
#[test]
fn the_refill_choices_have_words() {
    assert_eq!(
        Kamisado::choice_words("fill-L"),
        Some("refill the home rows from the left (the brown corner)")
    );
    assert_eq!(
        Kamisado::choice_words("fill-R"),
        Some("refill the home rows from the right")
    );
    assert_eq!(Kamisado::choice_words("pass"), None);
}
