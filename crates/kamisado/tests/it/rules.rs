//! Every rule of the specification, each with a position where it allows and one where it
//! forbids; every option; bad input.

use crate::common::{after, game, play};
use board_kernel::prelude::*;
use board_kernel::testing::{assert_refused, move_texts as moves};
use board_kernel::{BySide, Illegal, MoveError, Side, SplitMix64, Square, Status};
use kamisado::rulebook::{EXAMPLE_4, EXAMPLE_5, EXAMPLE_7};
use kamisado::{Colour, Fill, Kamisado, Move, Phase, Reason, State};

fn standard() -> Kamisado {
    game(&[("match_target", "3")])
}

/// Tries an illegal ply: it is rejected with a reason containing `words`, and nothing changes.
fn rejected(g: &Kamisado, s: &State, ply: &str, words: &str) {
    match assert_refused(g, s, ply, words) {
        MoveError::Illegal { illegal, .. } => {
            let reason = illegal.to_string();
            assert!(reason.contains(words), "{ply}: `{reason}` lacks `{words}`");
            assert!(illegal.rule().is_some(), "{ply}: no rule named");
        }
        other => panic!("{ply}: expected an illegal move, got {other:?}"),
    }
}

fn sq(t: &str) -> Square {
    t.parse().unwrap()
}

mod end;
mod input;
mod limits;
mod moves;
