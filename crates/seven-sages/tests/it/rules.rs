//! For every rule of the specification, a position where it allows and one where it forbids;
//! every option changes what the spec says it changes; bad input is rejected and changes
//! nothing.

use crate::common;

use board_kernel::prelude::*;
use board_kernel::testing::{assert_refused as rejected, play_line as play};
use board_kernel::{GameOptions, MoveError, Side, Status};
use common::*;
use seven_sages::{EndReason, Move, Options, Outcome, SevenSages, State};

const INITIAL: &str =
    "7B7/15/3B3B3B3/15/3B3B3B3/15/15/7*7/15/15/3W3W3W3/15/3W3W3W3/15/7W7 w 0 0 0 0 0 ongoing";

fn legal(g: &SevenSages, s: &State, text: &str) -> bool {
    let mv = g.parse_move(s, text).unwrap();
    let generated = moves(g, s).contains(&mv);
    assert_eq!(
        g.is_legal(s, &mv),
        generated,
        "is_legal disagrees on {text}"
    );
    generated
}

const EX5B: &str =
    "7B7/15/3B2*4B3/2B9B2/3B2W4B3/15/15/15/15/15/3W11/15/3WW2W3W3/15/7W7 w 0 0 0 0 0 ongoing";

mod end;
mod input;
mod kicks;
mod moves;
