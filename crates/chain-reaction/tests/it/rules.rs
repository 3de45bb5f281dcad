//! Every rule of the specification: a position where it allows and one where it forbids;
//! every option changing what the spec says it changes; bad input rejected without change.

use crate::common::{game, play, pos, with};
use board_kernel::prelude::*;
use board_kernel::testing::{assert_refused, sorted_move_texts as turns};
use board_kernel::{GameOptions, Illegal, MoveError, Side, Status};
use sackson_chain_reaction::{ChainReaction, Options, State};

fn legal(g: &ChainReaction, state: &State, mv: &str) -> bool {
    let ok = g.play_text(&mut state.clone(), mv).is_ok();
    assert_eq!(ok, turns(g, state).contains(&mv.to_owned()), "{mv}");
    ok
}

/// The move is rejected, the state unchanged, and the reason mentions `why`.
fn rejected(g: &ChainReaction, state: &State, mv: &str, why: &str) {
    if let MoveError::Illegal { illegal, .. } = assert_refused(g, state, mv, why) {
        assert!(
            illegal.rule().is_some(),
            "{mv}: no rule named in `{illegal}`"
        );
    }
}

const EX2: &str = "7/7/7/1w3w1/2ww3/3(bw)3/7/7 w 0 0 0 12 12 - 0";

mod end;
mod input;
mod options;
mod turn;
