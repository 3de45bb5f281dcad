//! The `move` target: move texts tried in positions along random games, each accepted one a
//! legal move and each refused one leaving the position as it was, with the rule it breaks.

use board_kernel::{Illegal, MoveError};

use crate::option_sets::option_sets;
use crate::reached::{ReachedInput, reachable};
use crate::tag;

/// A move text tried in a reachable position under the option set the first byte picks (the
/// second byte, modulo 128, is the number of random plies that reach it): refused with the
/// position unchanged and, when illegal, the broken rule's section named; or accepted as one
/// of the legal moves.
///
/// # Panics
/// When a promise is broken (see the crate documentation).
pub fn move_text(data: &[u8]) -> bool {
    let Some(ReachedInput {
        name,
        pairs,
        state,
        rest,
    }) = ReachedInput::read(data)
    else {
        return false;
    };
    let text = String::from_utf8_lossy(rest);
    let legal = state.legal_moves();
    let before = state.position_text();
    let mut tried = state.clone_box();
    match tried.play(&text) {
        Ok(played) => {
            assert!(
                legal.contains(&played),
                "{name} {pairs:?}: `{text}` in `{before}` was accepted as `{played}`, which is not a legal move"
            );
            let mut again = state.clone_box();
            assert_eq!(
                again.play(&played).as_deref(),
                Ok(played.as_str()),
                "{name} {pairs:?}: `{played}` does not replay"
            );
            assert_eq!(again.position_text(), tried.position_text());
            true
        }
        Err(e) => {
            assert_eq!(
                tried.position_text(),
                before,
                "{name} {pairs:?}: the refused `{text}` changed the position"
            );
            match &e {
                MoveError::Illegal {
                    illegal: Illegal::Breaks { rule, .. },
                    ..
                } => assert!(
                    rule.starts_with('§'),
                    "{name} {pairs:?}: `{e}` names no rule"
                ),
                MoveError::Illegal {
                    illegal: Illegal::GameOver,
                    ..
                } => assert!(
                    legal.is_empty(),
                    "{name} {pairs:?}: game over with legal moves"
                ),
                MoveError::Parse(_) => {}
            }
            assert!(
                e.to_string().len() < 1_000,
                "{name} {pairs:?}: a {}-byte error",
                e.to_string().len()
            );
            false
        }
    }
}

/// The seeds for game number `index`, `name`: under each option set, the first legal moves of
/// positions along a seeded random game (more of them under the defaults).
pub(crate) fn seeds(index: usize, name: &'static str, corpus: &mut Vec<Vec<u8>>) {
    for set in 0..option_sets(name).len() {
        let plies: &[u8] = if set == 0 {
            &[0, 3, 10, 40]
        } else {
            &[[0, 3, 10, 40][set % 4]]
        };
        for &plies in plies {
            let state = reachable(name, set, usize::from(plies));
            for mv in state.legal_moves().iter().take(3) {
                let mut bytes = vec![tag(index, set), plies];
                bytes.extend_from_slice(mv.as_bytes());
                corpus.push(bytes);
            }
        }
    }
}
