//! The `options` target: option settings, one `KEY=VALUE` a line, each accepted set printing
//! back to the same game and starting a game that keeps the contract.

use tower_games::record::option_pairs;
use tower_games::registry;

use crate::option_sets::option_lines;
use crate::playout::checked_playout;
use crate::{split, tag, tagged};

/// Option settings, one `KEY=VALUE` a line: refused, or a game whose options print back to
/// the same game and whose initial position keeps the contract through a checked random game.
///
/// # Panics
/// When a promise is broken (see the crate documentation).
pub fn option_settings(data: &[u8]) -> bool {
    let Some((name, rest)) = split(data) else {
        return false;
    };
    let text = String::from_utf8_lossy(rest);
    let settings: Vec<String> = text.lines().map(str::to_owned).collect();
    let Ok(pairs) = option_pairs(&settings) else {
        return false;
    };
    let Ok(game) = registry::build(name, &pairs) else {
        return false;
    };
    let printed: Vec<(String, String)> = game
        .option_values()
        .into_iter()
        .map(|(k, v)| (k.to_owned(), v))
        .collect();
    let again = registry::build(name, &printed)
        .unwrap_or_else(|e| panic!("{name}: options {pairs:?} print as {printed:?}, refused: {e}"));
    assert_eq!(again.option_values(), game.option_values(), "{name}");
    let start = game.initial_state().position_text();
    let played =
        checked_playout(name, &pairs, &start, rest).expect("the options were accepted once");
    assert!(played, "{name}: the initial position `{start}` is refused");
    true
}

/// The seeds for game number `index`, `name`: the rule book's option sets, then the defaults
/// written out.
pub(crate) fn seeds(index: usize, name: &'static str, corpus: &mut Vec<Vec<u8>>) {
    let game = registry::build(name, &[]).expect("defaults are valid");
    let tag = tag(index, 0);
    for (_, setup) in game.rule_book().setups() {
        let lines: Vec<String> = setup
            .options
            .iter()
            .map(|(k, v)| format!("{k}={v}"))
            .collect();
        corpus.push(tagged(tag, &lines.join("\n")));
    }
    corpus.push(tagged(tag, &option_lines(&*game).join("\n")));
}
