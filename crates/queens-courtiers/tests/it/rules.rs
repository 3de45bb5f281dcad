//! For every rule of the specification a position where it allows and one where it forbids;
//! every option's effect; bad input rejected without changing anything.

use crate::common;

use board_kernel::prelude::*;
use board_kernel::testing::assert_refused as illegal;
use board_kernel::{GameOptions, MoveError, Side, SplitMix64, Square, Status};
use common::{game, moves, sq, state};
use queens_courtiers::rulebook::{
    EXAMPLE_2, EXAMPLE_3, EXAMPLE_4, EXAMPLE_6, EXAMPLE_7, EXAMPLE_8,
};
use queens_courtiers::{Move, Options, PartKind, QueensCourtiers, Royal, State};

const RED_KING: Royal = Royal::of(Side::White, false);
const RED_QUEEN: Royal = Royal::of(Side::White, true);
const BLUE_QUEEN: Royal = Royal::of(Side::Black, true);

/// Asserts that `text` is legal (and plays it on a copy) or illegal with a reason containing
/// `why` (and the state unchanged).
fn legal(g: &QueensCourtiers, s: &State, text: &str) -> State {
    let mut copy = s.clone();
    g.play_text(&mut copy, text)
        .unwrap_or_else(|e| panic!("{text} should be legal in {s}: {e}"));
    copy
}

fn at(g: &QueensCourtiers, text: &str) -> State {
    g.parse_position(text).unwrap()
}

mod end;
mod input;
mod pieces;
mod turn;
