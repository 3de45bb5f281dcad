//! A turn (§5): one piece makes one part, or — starting in the Course with a plain step that
//! lands in the Course — optionally a second part; then the check rules filter the result.
//! A player who has no turn forfeits it (`pass`).
//!
//! The turn's rules come from the options once (`TurnRule`); `generation` lists a side's
//! turns (with the shortcuts that spare most candidate boards), `reasons` says which rule a
//! refused turn breaks, and this module plays, checks and counts whole turns on a state.
//!
//! ```
//! use board_kernel::Square;
//! use queens_courtiers::{Move, PartKind};
//! let sq = |t: &str| t.parse::<Square>().unwrap();
//! let double = Move::Double { from: sq("a1"), via: sq("b3"), to: sq("d4"), second: PartKind::Capture };
//! assert_eq!(double.to_string(), "a1-b3xd4");
//! assert_eq!("a1-b3xd4".parse::<Move>().unwrap(), double);
//! ```

use board_kernel::{Illegal, Side, Square};

use crate::board::{Board, LineRule, exists};
use crate::check::CheckRule;
use crate::end::outcome_after;
use crate::notation::Move;
use crate::options::{CentreSquare, Options, QueenThreeStep};
use crate::state::{Outcome, State, repetition_key};

mod generation;
mod reasons;

/// The rules the move generator needs, from the options.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct TurnRule {
    pub(crate) check: CheckRule,
    pub(crate) second_part_capture: bool,
    pub(crate) allow_return: bool,
    pub(crate) win_exempts_pass_through: bool,
}

/// Building the rules from the options.
impl TurnRule {
    /// The rules of a game under `options`.
    pub(crate) fn new(options: &Options) -> TurnRule {
        TurnRule {
            check: CheckRule {
                lines: LineRule {
                    centre_blocks: options.centre_square == CentreSquare::Absent,
                    pieces_block: options.queen_three_step == QueenThreeStep::NeedsEmptyPath,
                },
                cycle: options.cycle_rule,
            },
            second_part_capture: options.second_part_capture,
            allow_return: options.allow_return_double_move,
            win_exempts_pass_through: options.win_exempts_pass_through,
        }
    }
}

/// The state after `mv` with no legality check and no end-of-game test: the board part
/// of playing a turn.
pub(crate) fn play_board(board: &mut Board, side: Side, mv: &Move) -> bool {
    let mut captured = false;
    let mut step = |board: &mut Board, from: Square, to: Square| {
        let Some((owner, piece)) = board.piece_at(from) else {
            return;
        };
        if owner != side {
            return;
        }
        captured |= board.courtier_bits(side.opponent()).contains(to);
        board.move_piece(side, piece, from, to);
    };
    match *mv {
        Move::Pass => {}
        Move::Single { from, to, .. } => step(board, from, to),
        Move::Double { from, via, to, .. } => {
            step(board, from, via);
            step(board, via, to);
        }
    }
    captured
}

/// The legal turns of `state`: its pieces' turns, or the pass when it has none (§5.4);
/// none once the game is over.
pub(crate) fn generate(rule: &TurnRule, state: &State, moves: &mut Vec<Move>) {
    if state.outcome != Outcome::Ongoing {
        return;
    }
    let before = moves.len();
    rule.turns(&state.board, state.to_move, moves);
    if moves.len() == before {
        moves.push(Move::Pass);
    }
}

/// Plays the legal turn `mv`: the board, the counters, the history (restarted after a
/// capture) and the outcome it leads to.
pub(crate) fn play(options: &Options, state: &mut State, mv: &Move) {
    let side = state.to_move;
    let captured = play_board(&mut state.board, side, mv);
    state.passes = if *mv == Move::Pass {
        state.passes.saturating_add(1)
    } else {
        0
    };
    // Bounded: the counter stops at u32::MAX (the parser reads every u32), so no ply
    // overflows it.
    state.ply = state.ply.saturating_add(1);
    state.to_move = side.opponent();
    // The position joins the history (restarted after a capture) before the end checks,
    // so a finished game's history ends with its final position too.
    let key = state.repetition_key();
    let occurrences = if captured {
        state.history.restart(key);
        1
    } else {
        state.history.push(key)
    };
    let united = state.board.united(side);
    state.outcome = outcome_after(options, united, side, state.passes, occurrences, state.ply);
}

/// Whether `mv` is legal in `state`: the moving piece's turns are listed to find it.
pub(crate) fn is_legal(rule: &TurnRule, state: &State, mv: &Move) -> bool {
    if state.outcome != Outcome::Ongoing {
        return false;
    }
    let side = state.to_move;
    let board = &state.board;
    // One piece's turns are listed to find the move among them; the list is kept per
    // thread, so checking a move allocates nothing once it has grown.
    thread_local! {
        static FOUND: std::cell::RefCell<Vec<Move>> = const { std::cell::RefCell::new(Vec::new()) };
    }
    FOUND.with_borrow_mut(|found| {
        found.clear();
        found.reserve(256);
        match mv.from() {
            None => !rule.has_turn(board, side),
            Some(from) => {
                let Some((owner, piece)) = (exists(from)).then(|| board.piece_at(from)).flatten()
                else {
                    return false;
                };
                if owner != side {
                    return false;
                }
                let c0 = rule.check.checked(board);
                rule.piece_turns(board, side, c0, from, piece, found);
                found.contains(mv)
            }
        }
    })
}

/// Whether `mv` may be played in `state`, and if not, the rule it breaks.
pub(crate) fn check(rule: &TurnRule, state: &State, mv: &Move) -> Result<(), Illegal> {
    if state.outcome != Outcome::Ongoing {
        return Err(Illegal::GameOver);
    }
    if is_legal(rule, state, mv) {
        Ok(())
    } else {
        Err(rule.reason(state, mv))
    }
}

/// How many legal turns `state` has, without listing them.
pub(crate) fn count(rule: &TurnRule, state: &State) -> usize {
    if state.outcome != Outcome::Ongoing {
        return 0;
    }
    rule.count_turns(&state.board, state.to_move).max(1)
}

/// How many legal turns follow the legal turn `mv`, playing it on a copy of the board
/// only (the history is read, not copied); `None` in a finished game.
pub(crate) fn count_after(
    rule: &TurnRule,
    options: &Options,
    state: &State,
    mv: &Move,
) -> Option<usize> {
    if state.outcome != Outcome::Ongoing {
        return None;
    }
    let side = state.to_move;
    let mut board = state.board;
    let captured = play_board(&mut board, side, mv);
    let passes = if *mv == Move::Pass {
        state.passes.saturating_add(1)
    } else {
        0
    };
    let occurrences = if captured || options.repetition_limit == 0 {
        1
    } else {
        let key = repetition_key(&board, side.opponent());
        state.history.occurrences(key) + 1
    };
    let ply = state.ply.saturating_add(1);
    let united = board.united(side);
    if outcome_after(options, united, side, passes, occurrences, ply) != Outcome::Ongoing {
        return Some(0);
    }
    Some(rule.count_turns(&board, side.opponent()).max(1))
}
