//! Why a ply is refused, in the rule book's words and sections: the phase (§4.3), the
//! squares and the way (§3.1), the push (§3.2) and the required tower (§4.2). The verdict
//! agrees exactly with the generator, without building the move list.

use board_kernel::Illegal;

use super::{forward, push_check, push_column};
use crate::board::{cell, offset, on_board, ray_len, square};
use crate::state::{Phase, decode};
use crate::{Colour, Move, Options, State};

/// Whether the required tower of `side` has a move or a push (so no pass is allowed).
fn required_can_move(state: &State, colour: Colour) -> bool {
    let side = state.to_move;
    let c = state.pos[side.index()][colour.index()];
    let Some(t) = decode(state.cells[c as usize]) else {
        return false;
    };
    let dr = forward(side);
    [-1, 0, 1]
        .into_iter()
        .any(|df| ray_len(state.occ, c, df, dr, 1) > 0)
        || push_column(state, c, t).is_some()
}

/// The rule book section of each kind of refusal.
const PHASES: &str = "§4.3";
const MOVEMENT: &str = "§3.1";
/// A Sumo's shorter reach: the table of tower ranks.
const RANK: &str = "§2.4";
const PUSH: &str = "§3.2";
const REQUIRED: &str = "§4.2";

/// Why `mv` is illegal in `state`, or `Ok` when it is legal (§4.2). Agrees exactly with
/// [`generate`], without building the move list.
pub(crate) fn check(_options: &Options, state: &State, mv: &Move) -> Result<(), Illegal> {
    match state.phase {
        Phase::Over => return Err(Illegal::GameOver),
        Phase::Refill => {
            return match mv {
                Move::Fill(_) => Ok(()),
                _ => Err(Illegal::breaks(
                    PHASES,
                    format!(
                        "the round is over: {} (the round winner) must choose `fill-L` or `fill-R`",
                        state.to_move.name()
                    ),
                )),
            };
        }
        Phase::Play => {}
    }
    let side = state.to_move;
    let required_tower = |colour: Colour| square(state.pos[side.index()][colour.index()]);
    match *mv {
        Move::Fill(_) => Err(Illegal::breaks(
            PHASES,
            "the refill choice is only made between two rounds of a match",
        )),
        Move::Pass => match state.required {
            None => Err(Illegal::breaks(
                REQUIRED,
                "the first move of a round is a free choice: it is never a pass",
            )),
            Some(colour) if required_can_move(state, colour) => Err(Illegal::breaks(
                REQUIRED,
                format!(
                    "a pass is only allowed when the required tower cannot move; the {} tower on {} can",
                    crate::board::colour_name(colour),
                    required_tower(colour)
                ),
            )),
            Some(_) => Ok(()),
        },
        Move::Step { from, to } | Move::Push { from, to } => {
            if !on_board(from) || !on_board(to) {
                return Err(Illegal::breaks(
                    MOVEMENT,
                    "the squares of a move are a1 to h8",
                ));
            }
            let c = cell(from);
            let Some(t) = decode(state.cells[c as usize]) else {
                return Err(Illegal::breaks(
                    MOVEMENT,
                    format!("there is no tower on {from}"),
                ));
            };
            if t.owner != side {
                return Err(Illegal::breaks(
                    REQUIRED,
                    format!(
                        "the tower on {from} belongs to {}; {} is to move",
                        t.owner.name(),
                        side.name()
                    ),
                ));
            }
            if let Some(colour) = state.required
                && t.colour != colour
            {
                return Err(Illegal::breaks(
                    REQUIRED,
                    format!(
                        "the required tower is the {} one on {}",
                        crate::board::colour_name(colour),
                        required_tower(colour)
                    ),
                ));
            }
            let dr = forward(side);
            let df = to.file() as i8 - from.file() as i8;
            let dist = (to.rank() as i8 - from.rank() as i8) * dr;
            if let Move::Push { .. } = mv {
                if state.required.is_none() {
                    return Err(Illegal::breaks(
                        PUSH,
                        "the free first move of a round cannot be a push",
                    ));
                }
                if df != 0 || dist != 1 {
                    return Err(Illegal::breaks(
                        PUSH,
                        format!(
                            "a push names the square directly ahead of the Sumo ({})",
                            offset(c, 0, dr, 1).map_or("none".into(), |q| square(q).to_string())
                        ),
                    ));
                }
                return push_check(state, c, t)
                    .map(|_| ())
                    .map_err(|why| Illegal::breaks(PUSH, why));
            }
            if dist <= 0 {
                return Err(Illegal::breaks(MOVEMENT, "towers only move forward"));
            }
            if df != 0 && df.abs() != dist {
                return Err(Illegal::breaks(
                    MOVEMENT,
                    "towers move straight ahead or diagonally forward",
                ));
            }
            if dist as u8 > t.max_distance() {
                // Only a Sumo's reach is short of the board: its limit is the Sumo rule's.
                let kind = match t.rank {
                    1 => "a Sumo",
                    2 => "a Double Sumo",
                    _ => "a Triple Sumo",
                };
                return Err(Illegal::breaks(
                    RANK,
                    format!("{kind} moves at most {} squares", t.max_distance()),
                ));
            }
            let sdf = df.signum();
            for k in 1..=dist {
                let Some(q) = offset(c, sdf, dr, k) else {
                    return Err(Illegal::breaks(MOVEMENT, "the move leaves the board"));
                };
                if state.occ & (1 << q) != 0 {
                    return Err(Illegal::breaks(
                        MOVEMENT,
                        if k == dist {
                            format!("{to} is occupied")
                        } else {
                            format!("the way is blocked on {}", square(q))
                        },
                    ));
                }
            }
            Ok(())
        }
    }
}
