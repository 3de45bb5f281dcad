//! Why a move is refused: the rule it breaks, found by walking the rules along its ray —
//! the pass (§4.3), the squares (§2.1), whose sage it is, the slide (§3), the zones (§2.2) and
//! the kick (§4.2).

use board_kernel::{Direction, Illegal, Square};

use super::{Mover, may_stop, ray};
use crate::board::{Cell, KIND, OUTSIDE, STEP, dir_index, goal_of, is_backward_diagonal, square};
use crate::kick::first_pivot;
use crate::notation::Move;
use crate::options::{KickMode, Options, OwnGoal};
use crate::pieces::{CellSet, on_board};
use crate::state::State;

/// A direction in the rule book's words: `north`, `south-west`.
fn direction_words(dir: Direction) -> &'static str {
    match dir {
        Direction::N => "north",
        Direction::NE => "north-east",
        Direction::E => "east",
        Direction::SE => "south-east",
        Direction::S => "south",
        Direction::SW => "south-west",
        Direction::W => "west",
        Direction::NW => "north-west",
    }
}

/// Why a kick of the sage from `from`, ending on `kicker`, cannot leave the ball on `b`, a
/// cell none of its legs lets it stop on (past its first leg and first pivot): the rule and
/// the reason.
fn why_not_there(
    options: &Options,
    state: &State,
    mover: &Mover,
    from: Cell,
    kicker: Cell,
    b: Square,
) -> (&'static str, String) {
    let Some(c) = on_board(b) else {
        return ("§2.1", format!("{b} is not a cell of the board"));
    };
    let kind = KIND[c as usize];
    if kind == OUTSIDE {
        return (
            "§2.2",
            format!("{b} is outside (the marked margin), which the ball never enters"),
        );
    }
    if kind == mover.own_goal && options.own_goal == OwnGoal::Forbidden {
        return (
            "§2.2",
            format!(
                "{b} is in {}'s own goal area, which the ball never enters (unless the own_goal \
                 option allows own goals)",
                mover.side.name()
            ),
        );
    }
    // The sages after the kick: the kicker has left its cell for `kicker`.
    if c == kicker || (c != from && mover.all.has(c)) {
        return (
            "§4.2",
            format!("a sage stands on {b}, and the ball stops in front of a sage, never on it"),
        );
    }
    if c == state.ball {
        return (
            "§4.2",
            format!("the ball lies on {b}, and a ball back on its own cell is no kick"),
        );
    }
    (
        "§4.2",
        format!("no leg of this kick brings the ball to {b}"),
    )
}

/// Why the sage move or pass `mv` is illegal in the ongoing `state`, naming the rule.
pub(super) fn reason(options: &Options, state: &State, mv: &Move) -> Illegal {
    let side = state.to_move;
    let name = side.name();
    let (from, to, ball) = match *mv {
        Move::Pass => {
            return Illegal::breaks(
                "§4.3",
                format!("{name} has a move, and a player passes only when he has none"),
            );
        }
        Move::Plain { from, to } => (from, to, None),
        Move::Kick { from, to, ball } => (from, to, Some(ball)),
    };
    let (Some(f), Some(t)) = (on_board(from), on_board(to)) else {
        return Illegal::breaks("§2.1", "a square is off the board");
    };
    let mover = Mover::new(options, state);
    if !mover.own.has(f) {
        return Illegal::breaks("§4.1", format!("there is no {name} sage on {from}"));
    }
    let Some((dir, _)) = from.line_to(to) else {
        return Illegal::breaks(
            "§4.1",
            format!(
                "a sage slides in a straight line (orthogonally or diagonally); {to} is not on a line from {from}"
            ),
        );
    };
    let d = dir_index(dir);
    let r = ray(&mover, state, f, d);
    let reached = r.cells[..r.len].contains(&t);
    let stop_before = options.kick_mode == KickMode::StopBefore;
    match ball {
        None => {
            if is_backward_diagonal(side, d) {
                return Illegal::breaks(
                    "§4.1",
                    format!(
                        "a plain move may not go diagonally backward ({} for {name}); only kicks may",
                        direction_words(dir)
                    ),
                );
            }
            if !reached {
                if r.hits_ball && t == state.ball {
                    return Illegal::breaks(
                        "§4.2",
                        format!(
                            "the ball is on {to}: running into it is a kick, written {from}-{to}/<ball's cell>"
                        ),
                    );
                }
                return Illegal::breaks("§4.1", format!("the way from {from} to {to} is blocked"));
            }
            if KIND[t as usize] == goal_of(side.opponent()) {
                return Illegal::breaks(
                    "§2.2",
                    format!(
                        "a sage may pass through the opponent's goal area but not stop there ({to})"
                    ),
                );
            }
            if !may_stop(&mover, f, t) {
                return Illegal::breaks(
                    "§2.2",
                    format!("{name} would have more than one sage in its own goal area"),
                );
            }
            if r.kick.is_some() {
                return Illegal::breaks(
                    "§4.2",
                    format!(
                        "the sage runs into the ball: with kick_mode = StopBefore, stopping on {to} \
                     in front of the ball is a kick, written {from}-{to}/<ball's cell>"
                    ),
                );
            }
            Illegal::breaks("§4.1", "it is not a legal plain move")
        }
        Some(b) => {
            if !r.hits_ball {
                return Illegal::breaks(
                    "§4.2",
                    format!("the slide from {from} towards {to} does not run into the ball"),
                );
            }
            let Some(k) = r.kick else {
                return Illegal::breaks(
                    "§4.2",
                    format!(
                        "the ball on {} cannot be kicked {}: on its first leg it must move and \
                     meet another stone",
                        square(state.ball),
                        direction_words(dir)
                    ),
                );
            };
            if k.kicker != t {
                let expected = square(k.kicker);
                return if stop_before && t == state.ball {
                    Illegal::breaks(
                        "§4.2",
                        format!(
                            "with kick_mode = StopBefore the kicker stops in front of the ball, on {expected}"
                        ),
                    )
                } else {
                    Illegal::breaks("§4.2", format!("this kicker ends on {expected}, not {to}"))
                };
            }
            let cells: Vec<String> = k.finals.cells().map(|c| square(c).to_string()).collect();
            let reachable = on_board(b).is_some_and(|c| k.finals.has(c));
            let p1 = first_pivot(&mover.rules, mover.all, f, d, state.ball, r.len as u32);
            let first_leg = p1.is_some_and(|p1| {
                // The cells after the ball's up to the pivot: at most a line of the board.
                let step = STEP[d as usize];
                let mut c = state.ball;
                for _ in 0..16 {
                    c = c.wrapping_add(step);
                    if c == p1 {
                        return false;
                    }
                    if Some(c) == on_board(b) {
                        return true;
                    }
                }
                false
            });
            if reachable {
                Illegal::breaks("§4.2", "it is not a legal kick")
            } else if let Some(p1) = p1.filter(|&p1| Some(p1) == on_board(b)) {
                Illegal::breaks(
                    "§4.2",
                    format!(
                        "the ball cannot stop on {0}: it must leave {0}, its first pivot (the \
                         first bounce is mandatory); this kick may leave it on {1}",
                        square(p1),
                        cells.join(" ")
                    ),
                )
            } else if first_leg {
                Illegal::breaks(
                    "§4.2",
                    format!(
                        "the ball cannot stop on its first leg: it runs from {} to its first \
                         pivot {}; this kick may leave it on {}",
                        square(state.ball),
                        square(p1.unwrap_or(state.ball)),
                        cells.join(" ")
                    ),
                )
            } else {
                let (rule, why) = why_not_there(options, state, &mover, f, k.kicker, b);
                Illegal::breaks(
                    rule,
                    format!(
                        "the ball cannot stop on {b}: {why}; this kick may leave it on {}",
                        cells.join(" ")
                    ),
                )
            }
        }
    }
}
