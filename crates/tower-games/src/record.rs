//! Game records: what `towers play --record` saves and `towers replay` checks — the game, its
//! options and start, the seats, the moves and the result, as JSON.
//!
//! ```
//! use tower_games::record::Record;
//! let json = r#"{"game":"kamisado","options":[],"white":"human","black":"human",
//!                "seed":0,"moves":[],"result":null}"#;
//! let replayed = Record::from_json(json)?.replay()?;
//! assert_eq!(replayed.state.position_text(), replayed.game.initial_state().position_text());
//! # Ok::<(), String>(())
//! ```

use board_kernel::erased::{DynGame, DynState};
use board_kernel::options::split_setting;
use board_kernel::{GameResult, Side, Status};
use serde::{Deserialize, Serialize};

use crate::registry;

/// The largest record read: 16 MiB holds games of about a million moves, far beyond any real
/// game, and stops a wrong path (`/dev/zero`) from filling memory.
pub const MAX_RECORD_BYTES: u64 = 16 << 20;

/// The longest seat name a record holds, in bytes: room for a computer seat that names an
/// engine's command line with a full path (4096 is Linux's `PATH_MAX`), and small enough
/// that printing a record's header stays a line, not megabytes.
pub const MAX_SEAT_BYTES: usize = 4096;

/// A saved game. Unknown fields are refused, so a misspelt field is not silently dropped.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Record {
    /// The registry name.
    pub game: String,
    /// Every option as `KEY=VALUE`.
    pub options: Vec<String>,
    /// The start position text when the game did not start from the initial position.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub position: Option<String>,
    /// The first seat (White, or the game's name for it), as given to `--white`.
    pub white: String,
    /// The second seat, as given to `--black`.
    pub black: String,
    /// The computer players' seed.
    pub seed: u64,
    /// The moves in the game's notation.
    pub moves: Vec<String>,
    /// The result; `null` for a game that was left unfinished.
    pub result: Option<GameResult>,
    /// The side that forfeited, when the game ended so rather than by the rules (an outside
    /// engine that sent an illegal move, ran out of time or crashed): the moves then end in
    /// an ongoing position, and `result` is the referee's, the other side winning.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub forfeit: Option<Side>,
}

/// The reasons of results that end a game the rules left going: a resignation, a fallen
/// flag, a draw agreed. A record may carry such a result for an unfinished position (a game
/// server's records do); any other result must be the one the rules give.
pub const ADJUDICATIONS: &[&str] = &["resignation", "time", "agreement"];

/// A record played through: the game, the final state and each move's mover and canonical
/// text.
pub struct Replayed {
    /// The game with the record's options.
    pub game: Box<dyn DynGame>,
    /// The position after the last move.
    pub state: Box<dyn DynState>,
    /// Who made each move and its canonical text.
    pub moves: Vec<(Side, String)>,
    /// Each move in the rule book's words, read in the position it was played from
    /// ([`DynState::describe_move`]), for a record shown to people.
    pub words: Vec<String>,
}

impl Record {
    /// Reads a record from its JSON text (at most [`MAX_RECORD_BYTES`]).
    ///
    /// # Errors
    /// Text too large, not a record (the JSON error says where), or seat names that
    /// [`Record::check_seats`] refuses.
    pub fn from_json(text: &str) -> Result<Record, String> {
        if text.len() as u64 > MAX_RECORD_BYTES {
            return Err(format!(
                "not a game record: larger than {} MiB",
                MAX_RECORD_BYTES >> 20
            ));
        }
        let record: Record =
            serde_json::from_str(text).map_err(|e| format!("not a game record: {e}"))?;
        record.check_seats()?;
        Ok(record)
    }

    /// Checks the seat names: each 1 to [`MAX_SEAT_BYTES`] bytes without control characters,
    /// since they are printed as they are (a NUL or an escape sequence in a name would reach
    /// the terminal of whoever replays the record).
    ///
    /// # Errors
    /// The first bad name, which seat, and why.
    pub fn check_seats(&self) -> Result<(), String> {
        for (seat, name) in [("white", &self.white), ("black", &self.black)] {
            let bad = |why: &str| {
                Err(format!(
                    "not a game record: the {seat} seat's name `{}` {why}",
                    board_kernel::excerpt(name)
                ))
            };
            if name.trim().is_empty() {
                return bad("is empty");
            }
            if name.len() > MAX_SEAT_BYTES {
                return bad(&format!("is longer than {MAX_SEAT_BYTES} bytes"));
            }
            if name.chars().any(char::is_control) {
                return bad("holds a control character");
            }
        }
        Ok(())
    }

    /// Plays every move with validation.
    ///
    /// # Errors
    /// An unknown game, a bad option or start position, or an illegal move (numbered from 1).
    pub fn replay(&self) -> Result<Replayed, String> {
        let game = registry::build(&self.game, &option_pairs(&self.options)?)
            .map_err(|e| e.to_string())?;
        let mut state = match &self.position {
            Some(p) => game.parse_position(p).map_err(|e| e.to_string())?,
            None => game.initial_state(),
        };
        let mut moves = Vec::with_capacity(self.moves.len().min(1 << 16));
        let mut words = Vec::with_capacity(moves.capacity());
        for (i, mv) in self.moves.iter().enumerate() {
            let side = state.side_to_move();
            let described = state.describe_move(mv).unwrap_or_else(|_| mv.clone());
            // Refused in a player's words, citing the rule book's section.
            let played = state
                .play(mv)
                .map_err(|e| format!("move {}: {}", i + 1, game.move_error_text(&e)))?;
            moves.push((side, played));
            words.push(described);
        }
        Ok(Replayed {
            game,
            state,
            moves,
            words,
        })
    }

    /// Replays the record and compares the result it states with the game's (with a
    /// forfeit: the game goes on, and the result is the other side's win).
    ///
    /// # Errors
    /// As [`Record::replay`], or a result that does not match.
    pub fn verify(&self) -> Result<Replayed, String> {
        let replayed = self.replay()?;
        match (replayed.state.status(), &self.result, self.forfeit) {
            (Status::Finished(actual), Some(recorded), None) if actual == *recorded => Ok(replayed),
            (Status::Ongoing, None, None) => Ok(replayed),
            // A resignation, a fallen flag or an agreed draw ends a game the rules left going.
            (Status::Ongoing, Some(recorded), None)
                if ADJUDICATIONS.contains(&recorded.reason.as_ref()) =>
            {
                Ok(replayed)
            }
            (Status::Ongoing, Some(recorded), Some(side))
                if recorded.winner == Some(side.opponent()) =>
            {
                Ok(replayed)
            }
            (_, _, Some(side)) => Err(format!(
                "the record says {} forfeited, but {}",
                replayed.game.side_name(side),
                match replayed.state.status() {
                    Status::Finished(_) => "the game was over".to_owned(),
                    Status::Ongoing => "the result is not the other side's win".to_owned(),
                }
            )),
            (actual, recorded, None) => Err(format!(
                "the record's result {} does not match the game's: {}",
                serde_json::to_string(recorded).unwrap_or_default(),
                match actual {
                    Status::Ongoing => "unfinished".to_owned(),
                    Status::Finished(r) => serde_json::to_string(&r).unwrap_or_default(),
                }
            )),
        }
    }
}

/// `KEY=VALUE` settings split into pairs, as the registry takes them.
///
/// # Errors
/// A setting without `=`.
pub fn option_pairs(settings: &[String]) -> Result<Vec<(String, String)>, String> {
    settings
        .iter()
        .map(|s| {
            split_setting(s)
                .map(|(k, v)| (k.trim().to_owned(), v.trim().to_owned()))
                .map_err(|e| e.to_string())
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(moves: &[&str], result: Option<GameResult>, forfeit: Option<Side>) -> Record {
        Record {
            game: "kamisado".to_owned(),
            options: Vec::new(),
            position: None,
            white: "ugi:./engine".to_owned(),
            black: "random".to_owned(),
            seed: 0,
            moves: moves.iter().map(|m| (*m).to_owned()).collect(),
            result,
            forfeit,
        }
    }

    fn with_seat(white: &str) -> String {
        serde_json::json!({
            "game": "kamisado", "options": [], "white": white, "black": "human",
            "seed": 0, "moves": [], "result": null,
        })
        .to_string()
    }

    #[test]
    fn seat_names_are_bounded_and_printable() {
        assert!(Record::from_json(&with_seat("mcts:100")).is_ok());
        assert!(Record::from_json(&with_seat(&"x".repeat(MAX_SEAT_BYTES))).is_ok());
        for (name, why) in [
            ("a\0b".to_owned(), "control character"),
            ("\u{1b}[2Jevil".to_owned(), "control character"),
            ("tab\there".to_owned(), "control character"),
            (" ".to_owned(), "empty"),
            ("x".repeat(MAX_SEAT_BYTES + 1), "longer than 4096 bytes"),
            ("x".repeat(10 << 20), "longer than 4096 bytes"),
        ] {
            let error = Record::from_json(&with_seat(&name)).unwrap_err();
            assert!(error.contains(why), "{error}");
            assert!(error.contains("white seat"), "{error}");
            // The message quotes an excerpt, with the escape sequence escaped.
            assert!(error.len() < 300, "{} bytes", error.len());
            assert!(
                !error.contains('\u{1b}') && !error.contains('\0'),
                "{error:?}"
            );
        }
    }

    #[test]
    fn a_forfeit_verifies_only_as_the_other_sides_win_in_a_game_that_goes_on() {
        let black_wins = Some(GameResult::win(Side::Black, "White's engine crashed"));
        let forfeited = record(&["d1-d7"], black_wins.clone(), Some(Side::White));
        assert!(forfeited.verify().is_ok());
        let json = serde_json::to_string(&forfeited).unwrap();
        assert!(json.contains(r#""forfeit":"White""#), "{json}");
        assert_eq!(Record::from_json(&json).unwrap(), forfeited);
        // The winner must be the other side, and the game must not be over.
        let white_wins = Some(GameResult::win(Side::White, "crashed"));
        assert!(
            record(&["d1-d7"], white_wins, Some(Side::White))
                .verify()
                .is_err()
        );
        assert!(
            record(&["d1-d7"], None, Some(Side::White))
                .verify()
                .is_err()
        );
        assert!(record(&["d1-d7"], black_wins, None).verify().is_err());
        // A record without the field reads as before.
        let old = json.replace(r#","forfeit":"White""#, "");
        assert_eq!(Record::from_json(&old).unwrap().forfeit, None);
    }

    fn record_json(result: &str) -> Record {
        let json = format!(
            r#"{{"game":"kamisado","options":[],"white":"a","black":"b","seed":0,
                "moves":["d1-d4"],"result":{result}}}"#
        );
        Record::from_json(&json).unwrap()
    }

    #[test]
    fn an_unfinished_game_may_end_by_resignation_time_or_agreement() {
        for reason in ADJUDICATIONS {
            let result = format!(r#"{{"winner":"Black","reason":"{reason}"}}"#);
            assert!(record_json(&result).verify().is_ok(), "{reason}");
        }
        assert!(record_json("null").verify().is_ok());
    }

    #[test]
    fn an_unfinished_game_cannot_claim_a_rules_result() {
        let err = record_json(r#"{"winner":"Black","reason":"home row"}"#)
            .verify()
            .err()
            .unwrap();
        assert!(err.contains("does not match"), "{err}");
    }

    #[test]
    fn results_refuse_unknown_fields_as_records_do() {
        let json = with_seat("human").replace(
            r#""result":null"#,
            r#""result":{"winner":"White","reason":"home row","extra":1}"#,
        );
        let error = Record::from_json(&json).unwrap_err();
        assert!(error.contains("unknown field `extra`"), "{error}");
        let fine = json.replace(r#","extra":1"#, "");
        assert!(Record::from_json(&fine).is_ok());
    }
}
