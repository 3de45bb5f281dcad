//! The `position` target: position texts under every option set, each accepted one printed,
//! parsed back and played from.

use tower_games::registry;

use crate::option_sets::{game_with, option_sets};
use crate::playout::checked_playout;
use crate::reached::reachable;
use crate::{split_with_options, tag, tagged};

/// A position text under the option set the first byte picks: refused, or accepted as a
/// position whose text prints and parses back to itself and from which a checked random game
/// keeps the contract.
///
/// # Panics
/// When a promise is broken (see the crate documentation).
pub fn position_text(data: &[u8]) -> bool {
    let Some((name, set, rest)) = split_with_options(data) else {
        return false;
    };
    let text = String::from_utf8_lossy(rest);
    let pairs = &option_sets(name)[set];
    let game = game_with(name, set);
    let Ok(state) = game.parse_position(&text) else {
        return false;
    };
    let printed = state.position_text();
    let again = game.parse_position(&printed).unwrap_or_else(|e| {
        panic!("{name} {pairs:?}: `{text}` was accepted but prints as `{printed}`, which is refused: {e}")
    });
    assert_eq!(
        again.position_text(),
        printed,
        "{name} {pairs:?}: `{text}` does not print stably"
    );
    checked_playout(name, pairs, &text, rest).expect("option sets build");
    true
}

/// The seeds for game number `index`, `name`: under each option set, the rule book's
/// positions for that set and positions along a seeded random game (more of them, deeper,
/// under the defaults).
pub(crate) fn seeds(index: usize, name: &'static str, corpus: &mut Vec<Vec<u8>>) {
    let book = registry::build(name, &[])
        .expect("defaults are valid")
        .rule_book();
    for (set, pairs) in option_sets(name).iter().enumerate() {
        let tag = tag(index, set);
        for (_, setup) in book.setups() {
            if let Some(p) = setup.position
                && same_pairs(setup.options, pairs)
            {
                corpus.push(tagged(tag, p));
            }
        }
        // Under the defaults more positions, deeper; one of each option set.
        let plies: &[usize] = if set == 0 {
            &[0, 5, 20, 60, 150]
        } else {
            &[[0, 5, 20, 60, 150][set % 5]]
        };
        for &plies in plies {
            corpus.push(tagged(tag, &reachable(name, set, plies).position_text()));
        }
    }
}

/// Whether a rule book's options are the pairs `pairs`.
fn same_pairs(book: &[(&str, &str)], pairs: &[(String, String)]) -> bool {
    book.len() == pairs.len()
        && book
            .iter()
            .zip(pairs)
            .all(|(&(k, v), (pk, pv))| k == pk && v == pv)
}
