//! How a computer player judges a Seven Sages position: a cheap static evaluation.
//!
//! A point is scored by a kick, and a kick needs a sage on one of the ball's eight lines with
//! nothing between them: so the evaluation asks, besides the score and where the ball is,
//! whether the side not to move has a kick into the goal area it attacks (a kick threat),
//! worth half a point: the side to move may still kick the ball away or block the line.
//!
//! The side to move's own scoring kick is left out on purpose. Counted too (at 0.9 of a
//! point), it made alpha-beta stronger still but made MCTS dawdle: with a point already
//! credited for the threat, cashing it in gained little, and `mcts:1000` scored 1.0 point a
//! game against the random player instead of 5.0 (docs/AI.md has the measurements).

use board_kernel::Side;

use crate::board::{KIND, STEP, goal_of};
use crate::kick::kick;
use crate::options::Options;
use crate::pieces::CellSet;
use crate::state::Outcome;
use crate::state::State;
use crate::turn::Mover;

/// The score lead towards `points_to_win`, a little for the ball's advance towards the
/// opponent's goal, and the kick threat of the side not to move (the module's text); ±1 only
/// for a finished game.
#[must_use]
pub fn evaluate(options: &Options, state: &State, side: Side) -> f64 {
    if let Outcome::Finished { winner, .. } = state.outcome() {
        return match winner {
            Some(w) if w == side => 1.0,
            Some(_) => -1.0,
            None => 0.0,
        };
    }
    let score = state.score();
    let me = f64::from(score[side]);
    let them = f64::from(score[side.opponent()]);
    let target = f64::from(options.points_to_win.max(1));
    // How far up the board the ball is, from `side`'s point of view, in [-1, 1].
    let rank = f64::from(state.ball().rank());
    let advance = match side {
        Side::White => (rank - 7.0) / 7.0,
        Side::Black => (7.0 - rank) / 7.0,
    };
    // The threat of the side not to move, in points.
    let waiting = state.to_move.opponent();
    let threat = if threatens_point(options, state, waiting) {
        0.5
    } else {
        0.0
    };
    let threat = if waiting == side { threat } else { -threat };
    // A point short of the win is not a win: keep ongoing positions inside (-1, 1).
    (0.8 * (me - them + threat) / target + 0.2 * advance).clamp(-0.99, 0.99)
}

/// Whether `side`, were it to move, has a kick that sends the ball into the goal area it
/// attacks: a point it can score at once.
///
/// A kick's sage is the first piece met from the ball along one of its eight lines, so the
/// search starts at the ball: at most eight scans, and a kick worked out only where one of
/// `side`'s sages is met.
#[must_use]
pub fn threatens_point(options: &Options, state: &State, side: Side) -> bool {
    let mover = Mover::of(options, state, side);
    let lines = mover.lines(state);
    let ball = state.ball;
    let attacked = goal_of(side.opponent());
    (0..8u8).any(|d| {
        let run = lines.run(ball, d);
        let step = STEP[usize::from(d)];
        let kicker = ball.wrapping_add(step.wrapping_mul(run.len as u8 + 1));
        // The sage kicks the other way, towards the ball, over the same empty cells.
        mover.own.has(kicker)
            && kick(&mover.rules, mover.all, kicker, (d + 4) & 7, ball, run.len)
                .is_some_and(|k| k.finals.cells().any(|c| KIND[usize::from(c)] == attacked))
    })
}

#[cfg(test)]
mod tests {
    use board_kernel::SplitMix64;
    use board_kernel::prelude::*;

    use super::*;
    use crate::board::cell;
    use crate::{Move, SevenSages};

    /// Whether a legal move of the side to move kicks the ball into the goal area it attacks.
    fn has_scoring_kick(game: &SevenSages, state: &State) -> bool {
        let attacked = goal_of(state.to_move.opponent());
        let mut moves = Vec::new();
        game.legal_moves(state, &mut moves);
        moves.iter().any(|mv| {
            matches!(mv, Move::Kick { ball, .. } if KIND[usize::from(cell(*ball))] == attacked)
        })
    }

    /// The threat read from the ball's lines is the one the move list holds, for both sides,
    /// over the positions of random games under the kick options.
    #[test]
    fn threats_are_the_scoring_kicks_of_the_move_list() {
        let option_sets: [&[(&str, &str)]; 4] = [
            &[],
            &[("kick_mode", "stopbefore")],
            &[("own_goal", "scoresforopponent"), ("lob", "true")],
            &[("deviation", "half"), ("first_bounce_mandatory", "true")],
        ];
        let mut seen = [0usize; 2];
        for (k, pairs) in option_sets.iter().enumerate() {
            let game = SevenSages::from_pairs(pairs.iter().copied()).unwrap();
            let mut rng = SplitMix64::new(k as u64 + 11);
            for _ in 0..40 {
                let mut state = game.initial_state();
                let mut scratch = Vec::new();
                for _ in 0..300 {
                    for side in [Side::White, Side::Black] {
                        let mut view = state.clone();
                        view.to_move = side;
                        let threat = threatens_point(game.options(), &view, side);
                        assert_eq!(threat, has_scoring_kick(&game, &view), "{view}");
                        seen[usize::from(threat)] += 1;
                    }
                    let Some(mv) = game.random_move(&state, &mut rng, &mut scratch) else {
                        break;
                    };
                    game.play_unchecked(&mut state, &mv);
                }
            }
        }
        assert!(seen[0] > 1000 && seen[1] > 100, "threats seen: {seen:?}");
    }

    #[test]
    fn the_waiting_side_s_threat_is_worth_half_a_point() {
        let game = SevenSages::default();
        let options = game.options();
        // The sage on h13 next to the ball on h14: White kicks into Black's goal when it moves.
        let text = "15/7*7/7W7/15/15/15/15/15/15/15/15/15/15/15/B14 b 0 0 0 0 0 ongoing";
        let threat = game.parse_position(text).unwrap();
        assert!(threatens_point(options, &threat, Side::White));
        assert!(!threatens_point(options, &threat, Side::Black));
        let white = evaluate(options, &threat, Side::White);
        assert!((evaluate(options, &threat, Side::Black) + white).abs() < 1e-9);
        // With White to move the threat is not counted: half a point less for White.
        let mut white_to_move = threat.clone();
        white_to_move.to_move = Side::White;
        let point = 0.8 / f64::from(options.points_to_win);
        let less = white - evaluate(options, &white_to_move, Side::White);
        assert!((less - 0.5 * point).abs() < 1e-9, "{less}");
    }
}
