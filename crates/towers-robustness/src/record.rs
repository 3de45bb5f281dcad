//! The `record` target: game records' JSON, each accepted record replayed move by move to a
//! position that prints back to itself.

use tower_games::record::Record;
use tower_games::registry;

use crate::option_sets::option_lines;
use crate::reached::play_random;

/// A game record's JSON (all of `data`; records name their game): refused, or replayed with
/// every move validated and a final position that prints back to itself.
///
/// # Panics
/// When a promise is broken (see the crate documentation).
pub fn record_json(data: &[u8]) -> bool {
    let text = String::from_utf8_lossy(data);
    let Ok(record) = Record::from_json(&text) else {
        return false;
    };
    if let Ok(replayed) = record.replay() {
        let printed = replayed.state.position_text();
        let again = replayed
            .game
            .parse_position(&printed)
            .unwrap_or_else(|e| panic!("a replayed record ends in `{printed}`, refused: {e}"));
        assert_eq!(again.position_text(), printed);
        let _ = record.verify();
        return true;
    }
    false
}

/// The seed for the game `name`: the record of a seeded random game of 30 moves under the
/// defaults (records name their game, so no tag byte).
pub(crate) fn seeds(name: &'static str, corpus: &mut Vec<Vec<u8>>) {
    let game = registry::build(name, &[]).expect("defaults are valid");
    let (_, moves) = play_random(&*game, 7, 30);
    let record = Record {
        game: name.to_owned(),
        options: option_lines(&*game),
        position: None,
        white: "random".into(),
        black: "random".into(),
        seed: 7,
        moves,
        result: None,
        forfeit: None,
    };
    corpus.push(
        serde_json::to_string(&record)
            .expect("records serialise")
            .into_bytes(),
    );
}
