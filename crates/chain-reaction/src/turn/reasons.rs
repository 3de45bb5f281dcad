//! Playing a written turn token by token, each checked against the rule it must follow
//! (4.3–4.9): the rules' verdict on a turn, with the rule-named reason of a refusal.

use board_kernel::{Direction, Illegal, Side};

use super::{Work, judge, move_tower, next_segment, take_penalty};
use crate::board::{Spot, cells};
use crate::notation::{Move, Segment};
use crate::options::Options;
use crate::pieces::{Board, Content, Tower, replacement_cells};
use crate::state::State;

/// The directions the tower may take as segment `n`.
fn legal_directions(
    board: &Board,
    tower: Tower,
    n: u8,
    mover: Side,
    options: &Options,
) -> Vec<String> {
    (0..8)
        .filter_map(|dir| {
            judge(board.occupied(), tower, dir, n, mover, options)
                .ok()
                .map(|o| {
                    Segment {
                        from: tower.cell,
                        to: o.b,
                        replace: None,
                    }
                    .to_string()
                })
        })
        .collect()
}

fn cell_list(mask: u64) -> String {
    let names: Vec<String> = cells(mask).map(|c| c.to_string()).collect();
    names.join(", ")
}

/// The rule book sections a refused turn can break.
const FREE_STEP: &str = "§4.3";
const SEGMENT: &str = "§4.4";
const REPLACE: &str = "§4.6";
const PENALTY: &str = "§4.7";
const PENDING: &str = "§4.8";
const END_OF_TURN: &str = "§4.9";

/// Checks the re-placement cell `z` of a `colour` stone.
fn check_replacement(board: &Board, colour: Side, z: Spot) -> Result<(), Illegal> {
    let free = replacement_cells(board, colour);
    if free & z.bit() != 0 {
        Ok(())
    } else {
        Err(Illegal::breaks(
            REPLACE,
            format!(
                "{z} is not where the stone goes back: the first setup row with room (or the own half) leaves {}",
                cell_list(free)
            ),
        ))
    }
}

/// Plays `mv` on `state`, checking every token against the rule it must follow. On an error
/// the state is left part-way and the caller discards it.
pub(crate) fn play_checked(options: &Options, state: &mut State, mv: &Move) -> Result<(), Illegal> {
    let mover = state.to_move;
    let target = state.targets[mover.index()];
    let mut work = Work {
        board: state.board,
        scores: state.scores,
    };
    match (state.pending, mv.placement()) {
        (Some(c), Some(z)) if c == mover => {
            check_replacement(&work.board, mover, z)?;
            work.board.drop_stone(z, mover);
            state.pending = None;
        }
        (Some(c), None) if c == mover => {
            return Err(Illegal::breaks(
                PENDING,
                format!(
                    "your pending stone goes back first: start the turn with `=cell`, one of {}",
                    cell_list(replacement_cells(&work.board, mover))
                ),
            ));
        }
        (_, Some(_)) => {
            return Err(Illegal::breaks(
                PENDING,
                "there is no stone of yours waiting to be put back",
            ));
        }
        _ => {}
    }
    let segs = mv.segments();
    let mut i = 0;
    let mut done = state.segment;
    let mut ended = false;
    let mut tower = work.board.tower();
    if tower.is_none() {
        let Some(seg) = segs.first() else {
            return Err(Illegal::breaks(
                FREE_STEP,
                "there is no tower, so the turn is a free step; the penalty `!` is only for a tower that cannot move",
            ));
        };
        if !seg.is_free_step() {
            return Err(Illegal::breaks(
                FREE_STEP,
                format!(
                    "there is no tower: the turn starts with a free step of one stone, not the tower segment {seg}"
                ),
            ));
        }
        if work.board.content(seg.from) != Content::Stone(mover) {
            return Err(Illegal::breaks(
                FREE_STEP,
                format!("{} holds no stone of yours", seg.from),
            ));
        }
        i = 1;
        done = next_segment(done);
        if seg.to.is_board() && seg.replace.is_some() {
            return Err(Illegal::breaks(
                REPLACE,
                format!(
                    "{}-{} does not score, so it takes no re-placement",
                    seg.from, seg.to
                ),
            ));
        }
        if seg.to.is_board() {
            let occupied = work.board.content(seg.to).is_occupied();
            work.board.lift_single(seg.from);
            work.board.drop_stone(seg.to, mover);
            if occupied {
                tower = work.board.tower();
            } else {
                ended = true;
            }
        } else {
            if !options.single_step_into_goal {
                return Err(Illegal::breaks(
                    FREE_STEP,
                    format!(
                        "{} is not a board cell: a free step may enter the goal only with option single_step_into_goal",
                        seg.to
                    ),
                ));
            }
            if !seg.to.is_goal() || seg.to.scorer() != Some(mover) {
                return Err(Illegal::breaks(
                    FREE_STEP,
                    format!("{} is not the goal cell you attack", seg.to),
                ));
            }
            work.board.lift_single(seg.from);
            let score = &mut work.scores[mover.index()];
            *score = score.saturating_add(2);
            let z = seg.replace.ok_or(Illegal::breaks(
                REPLACE,
                "a scoring step needs its re-placement `=cell`",
            ))?;
            check_replacement(&work.board, mover, z)?;
            work.board.drop_stone(z, mover);
            ended = true;
        }
    }
    let mut penalty_used = false;
    while !ended {
        let Some(t) = tower else {
            return Err(Illegal::breaks(SEGMENT, "no tower to move"));
        };
        let n = next_segment(done);
        if let Some(seg) = segs.get(i) {
            if seg.is_free_step() {
                return Err(Illegal::breaks(
                    SEGMENT,
                    format!(
                        "the tower on {} must move: there is no free step while a tower stands",
                        t.cell
                    ),
                ));
            }
            if seg.from != t.cell {
                return Err(Illegal::breaks(
                    SEGMENT,
                    format!(
                        "the tower stands on {}: segment {n} must start there, not on {}",
                        t.cell, seg.from
                    ),
                ));
            }
            let df = (seg.to.file() as i8 - seg.from.file() as i8) / 2;
            let dr = (seg.to.rank() as i8 - seg.from.rank() as i8) / 2;
            let dir = Direction::from_delta(df, dr)
                .ok_or(Illegal::breaks(SEGMENT, "not a tower segment"))?;
            let landing = judge(work.board.occupied(), t, dir as usize, n, mover, options)
                .map_err(|f| {
                    Illegal::breaks(SEGMENT, format!("{seg}: {}", f.reason(dir, mover)))
                })?;
            if landing.b != seg.to {
                return Err(Illegal::breaks(
                    SEGMENT,
                    format!(
                        "{}-{} is not a tower segment: the top stone lands two cells away in a straight line",
                        seg.from, seg.to
                    ),
                ));
            }
            if landing.points == 0 && seg.replace.is_some() {
                return Err(Illegal::breaks(
                    REPLACE,
                    format!(
                        "{}-{} does not score, so it takes no re-placement",
                        seg.from, seg.to
                    ),
                ));
            }
            move_tower(&mut work, t, &landing, mover);
            done = n;
            i += 1;
            let mut won = false;
            if landing.points > 0 {
                let z = seg.replace.ok_or(Illegal::breaks(
                    REPLACE,
                    "a scoring segment needs its re-placement `=cell`",
                ))?;
                check_replacement(&work.board, t.top, z)?;
                work.board.drop_stone(z, t.top);
                won = work.scores[mover.index()] >= target;
            }
            if landing.friendly && !won {
                tower = work.board.tower();
            } else {
                ended = true;
            }
        } else if let Some(p) = mv.penalty() {
            let legal = legal_directions(&work.board, t, n, mover, options);
            if !legal.is_empty() {
                return Err(Illegal::breaks(
                    PENALTY,
                    format!(
                        "the tower on {} can move ({}), so there is no penalty",
                        t.cell,
                        legal.join(", ")
                    ),
                ));
            }
            let bottom = take_penalty(&mut work, t, mover);
            match (bottom == mover, p.replace) {
                (true, Some(z)) => {
                    check_replacement(&work.board, mover, z)?;
                    work.board.drop_stone(z, mover);
                }
                (true, None) => {
                    return Err(Illegal::breaks(
                        PENALTY,
                        format!(
                            "the bottom stone is yours: put it back with `!=cell`, one of {}",
                            cell_list(replacement_cells(&work.board, mover))
                        ),
                    ));
                }
                (false, Some(_)) => {
                    return Err(Illegal::breaks(
                        PENALTY,
                        "the bottom stone is your opponent's: he puts it back at the start of his turn, so write `!` alone",
                    ));
                }
                (false, None) => state.pending = Some(bottom),
            }
            penalty_used = true;
            ended = true;
        } else {
            let legal = legal_directions(&work.board, t, n, mover, options);
            return Err(Illegal::breaks(
                END_OF_TURN,
                if legal.is_empty() {
                    format!(
                        "the turn is not over: the tower on {} cannot move, so the turn ends with the penalty `!`",
                        t.cell
                    )
                } else {
                    format!(
                        "the turn is not over: the tower on {} must move on ({})",
                        t.cell,
                        legal.join(", ")
                    )
                },
            ));
        }
    }
    if let Some(extra) = segs.get(i) {
        return Err(Illegal::breaks(
            END_OF_TURN,
            format!("the turn is already over before {extra}"),
        ));
    }
    if mv.penalty().is_some() && !penalty_used {
        return Err(Illegal::breaks(
            END_OF_TURN,
            "the turn is already over: there is no penalty",
        ));
    }
    state.board = work.board;
    state.scores = work.scores;
    state.end_turn(options);
    Ok(())
}
