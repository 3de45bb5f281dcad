//! What a parsed position must satisfy beyond its grammar: the consistency of its fields
//! (§2, §4, §5) and the bounds the options set (§4.1a: scores, ranks, rounds), each refusal
//! naming the field at fault.

use board_kernel::{ParseError, Side};

use super::field_at;
use crate::board::{board_colour, cell, home_rank};
use crate::end::rank_points;
use crate::options::Scoring;
use crate::state::decode;
use crate::{Colour, Options, Phase, Reason, State};

/// The checks of a parsed state that do not depend on the options.
pub(super) fn check_consistency(text: &str, s: &State) -> Result<(), ParseError> {
    let bad = |reason: &str, i: usize| ParseError::bad_position(text, reason).at(field_at(i));
    match s.phase {
        Phase::Play => {
            if s.result.is_some() {
                return Err(bad("a round in play has no result: write `-`", 10));
            }
            // The counters (ply, round) are bookkeeping: a hand-made position may leave
            // them at 0 or 1 while naming a required colour; only what changes the rules
            // below is checked.
            if s.passes > 1 {
                return Err(bad("two consecutive passes end the round (deadlock)", 3));
            }
        }
        Phase::Refill | Phase::Over => {
            let Some(r) = s.result else {
                return Err(bad(
                    "a finished round has a result `<winner>/<reason>/<colour>`",
                    10,
                ));
            };
            if s.required.is_some() {
                return Err(bad("no colour is required once a round has ended", 2));
            }
            if s.last.is_none() {
                return Err(bad(
                    "a round ends after an actual move: give the last mover and its landing square",
                    4,
                ));
            }
            if (r.reason == Reason::Deadlock) != (s.passes == 2) {
                return Err(bad("a deadlock is exactly two consecutive passes", 3));
            }
            if s.phase == Phase::Refill && s.to_move != r.winner {
                return Err(bad(
                    "in phase refill the round winner (the Defender) is to move",
                    1,
                ));
            }
        }
    }
    let Some((mover, land)) = s.last else {
        return Ok(());
    };
    let Some(on_land) = s.tower_at(land) else {
        return Err(bad("the last actual move's landing square is empty", 5));
    };
    // A move leaves the mover's tower on its landing square; a push leaves an opponent's.
    let pushed = on_land.owner != mover;
    if let Some(r) = s.result {
        if r.reason == Reason::HomeRow {
            if mover != r.winner || pushed || on_land.colour != r.colour {
                return Err(bad(
                    "a home-row win is the winner's move of his tower of the result colour onto the landing square",
                    10,
                ));
            }
            if land.rank() != home_rank(r.winner.opponent()) {
                return Err(bad("a home-row win lands on the loser's home row", 5));
            }
            if s.passes != 0 {
                return Err(bad("a home-row win is a move, so no pass is pending", 3));
            }
            if s.phase == Phase::Over && s.to_move != mover.opponent() {
                return Err(bad("after a home-row win the loser is to move", 1));
            }
            return Ok(());
        }
        if mover != r.winner.opponent() {
            return Err(bad(
                "a deadlock, repetition or backstop is lost by the last actual mover",
                10,
            ));
        }
        if r.colour != board_colour(land) {
            return Err(bad(
                "the scoring tower has the colour of the last landing square",
                10,
            ));
        }
        if s.phase != Phase::Over {
            return Ok(());
        }
    } else if land.rank() == home_rank(mover.opponent()) && !pushed {
        return Err(bad("a move onto the opponent's home row ends the round", 9));
    }
    // Who moves: the opponent after a move, the pusher after a push, flipped by each pass.
    let after_move = if pushed { mover } else { mover.opponent() };
    let expected = if s.passes.is_multiple_of(2) {
        after_move
    } else {
        after_move.opponent()
    };
    if s.to_move != expected {
        return Err(bad(
            "the side to move does not follow from the last actual move and the passes",
            1,
        ));
    }
    if s.phase == Phase::Play {
        let Some(req) = s.required else { return Ok(()) };
        if s.passes == 0 && req != board_colour(land) {
            return Err(bad(
                "after an actual move the required colour is that of its landing square",
                2,
            ));
        }
        if s.passes == 1 {
            let passer = s.to_move.opponent();
            if !Colour::ALL
                .into_iter()
                .any(|c| board_colour(s.square_of(passer, c)) == req)
            {
                return Err(bad(
                    "after a pass the required colour is that of the square of the blocked tower",
                    2,
                ));
            }
        }
    }
    Ok(())
}

/// The checks of a parsed state that depend on the options (§4.1a: scores, ranks, rounds).
pub(super) fn check_options(text: &str, options: &Options, s: &State) -> Result<(), ParseError> {
    let bad = |reason: String, at: String| ParseError::bad_position(text, reason).at(at);
    // The counters are bounded so that no ply can overflow them: a round ends at ply
    // `max_plies_per_round` (at most 1,000,000), and a match has at most 2 × match_target − 1
    // rounds.
    if s.ply > options.max_plies_per_round
        || (s.phase == Phase::Play && s.ply == options.max_plies_per_round)
    {
        return Err(bad(
            format!(
                "a round ends at ply {} (max_plies_per_round)",
                options.max_plies_per_round
            ),
            field_at(6),
        ));
    }
    // A refill starts the next round, which must still be within the bound.
    let last_round = options.max_rounds() - u32::from(s.phase == Phase::Refill);
    if s.round > last_round {
        return Err(bad(
            format!(
                "with match_target {} there are at most {} rounds{}",
                options.match_target,
                options.max_rounds(),
                if s.phase == Phase::Refill {
                    ", so a refill comes at the latest after the one before the last"
                } else {
                    ""
                }
            ),
            field_at(7),
        ));
    }
    if !options.is_match() {
        // Sumo ranks cannot arise in a single round, but a hand-made position may have them
        // (the moves are well defined), so only the score is checked.
        match (s.phase, s.result) {
            (Phase::Refill, _) => {
                return Err(bad("a single round has no refill".into(), field_at(9)));
            }
            (Phase::Over, Some(r)) => {
                let mut want = [0, 0];
                want[r.winner.index()] = 1;
                if s.scores != want {
                    return Err(bad(
                        "a single round ends 1:0 to the winner".into(),
                        field_at(8),
                    ));
                }
            }
            _ => {
                if s.scores != [0, 0] {
                    return Err(bad(
                        "the score of a single round in play is 0:0".into(),
                        field_at(8),
                    ));
                }
            }
        }
    } else {
        // A score can be no more than the rings its towers show (plus one Triple's extra in
        // the deciding round), and only the match winner's reaches the target. Lower scores
        // and the round number are bookkeeping a hand-made position may leave out.
        let bonus = match options.scoring {
            Scoring::RingValues => 8,
            Scoring::PerRound => 15,
        };
        for side in Side::ALL {
            let earned: u32 = s
                .towers()
                .filter(|(_, t)| t.owner == side)
                .map(|(_, t)| rank_points(options.scoring, t.rank))
                .sum();
            let score = s.scores[side.index()];
            let finisher = s.phase == Phase::Over
                && s.result.is_some_and(|r| {
                    r.winner == side
                        && decode(s.cells[cell(s.square_of(side, r.colour)) as usize])
                            .is_some_and(|t| t.rank == crate::MAX_RANK)
                });
            let most = earned + if finisher { bonus } else { 0 };
            if score > most {
                return Err(bad(
                    format!(
                        "{}'s score {score} is more than his towers' rings earned ({most})",
                        if side == Side::White {
                            "White"
                        } else {
                            "Black"
                        }
                    ),
                    field_at(8),
                ));
            }
            let target = options.match_target;
            let decided = s.phase == Phase::Over && s.result.is_some_and(|r| r.winner == side);
            if decided != (score >= target) {
                return Err(bad(
                    format!(
                        "with match_target {target} a score of {score} {}",
                        if decided {
                            "cannot have won the match"
                        } else {
                            "would have ended the match"
                        }
                    ),
                    field_at(8),
                ));
            }
        }
        if let Some(r) = s.result
            && decode(s.cells[cell(s.square_of(r.winner, r.colour)) as usize])
                .is_some_and(|t| t.rank == 0)
        {
            return Err(bad(
                "the scoring tower of a match round has been promoted".into(),
                field_at(10),
            ));
        }
    }
    if s.phase == Phase::Play && s.required.is_none() {
        let mut moves = Vec::new();
        crate::turn::generate(options, s, &mut moves);
        if moves.is_empty() {
            return Err(bad(
                "the side to move has no move for the round's first move".into(),
                field_at(0),
            ));
        }
    }
    Ok(())
}
