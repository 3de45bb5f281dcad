//! A new game as a creator describes it (`POST /api/games`), checked before anything is
//! stored: the game and its options by the registry, a start position by the engine, the
//! players' names and computer budgets, the clock.

use std::collections::BTreeMap;

use board_kernel::MAX_TEXT_LEN;
use serde::Deserialize;
use tower_games::record::option_pairs;
use tower_games::registry;

use crate::clock::{Clock, ClockSpec};
use crate::store::{GameRow, Occupant, now_ms};
use crate::{computer, new_id, new_token};

/// A person's name, at most this many characters.
pub const MAX_NAME_CHARS: usize = 40;
/// Options, at most this many.
pub const MAX_OPTIONS: usize = 32;

/// A new game's description: the body of `POST /api/games`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct NewGame {
    game: String,
    #[serde(default)]
    options: BTreeMap<String, String>,
    #[serde(default)]
    position: Option<String>,
    players: [Occupant; 2],
    #[serde(default)]
    clock: ClockSpec,
}

/// Characters that are not seen but change what is seen: zero-width characters, joiners and
/// the marks and overrides of bidirectional text (U+202E would show "evil" as "live"), the
/// soft hyphen and the byte-order mark. A name holding one could pass for another in the
/// games list.
fn is_invisible(c: char) -> bool {
    matches!(
        c,
        '\u{00AD}'
            | '\u{034F}'
            | '\u{061C}'
            | '\u{115F}'
            | '\u{1160}'
            | '\u{17B4}'
            | '\u{17B5}'
            | '\u{180E}'
            | '\u{200B}'..='\u{200F}'
            | '\u{202A}'..='\u{202E}'
            | '\u{2060}'..='\u{206F}'
            | '\u{3164}'
            | '\u{FE00}'..='\u{FE0F}'
            | '\u{FEFF}'
            | '\u{FFA0}'
            | '\u{FFF9}'..='\u{FFFB}'
            | '\u{E0000}'..='\u{E007F}'
    )
}

/// Refuses an empty or blank name, a name too long for the page, one that could break a
/// line, or one with characters that are not seen (see [`is_invisible`]).
fn check_name(name: &str) -> Result<(), String> {
    let chars = name.chars().count();
    if chars == 0 || chars > MAX_NAME_CHARS || name.chars().any(char::is_control) {
        return Err(format!(
            "a player's name must have 1 to {MAX_NAME_CHARS} characters and no control characters"
        ));
    }
    if name.trim().is_empty() {
        return Err("a player's name must have a character that is not a space".into());
    }
    if let Some(c) = name.chars().find(|&c| is_invisible(c)) {
        return Err(format!(
            "a player's name must not hold invisible or text-direction characters such as U+{:04X}",
            u32::from(c)
        ));
    }
    Ok(())
}

impl NewGame {
    /// Checks the new game and makes its row (a fresh id, tokens and seed).
    pub(crate) fn into_row(self) -> Result<GameRow, String> {
        if self.options.len() > MAX_OPTIONS {
            return Err(format!("at most {MAX_OPTIONS} options"));
        }
        let options: Vec<String> = self
            .options
            .iter()
            .map(|(k, v)| format!("{k}={v}"))
            .collect();
        let pairs = option_pairs(&options)?;
        let game = registry::build(&self.game, &pairs).map_err(|e| e.to_string())?;
        let position = match self.position.as_deref().map(str::trim) {
            None | Some("") => None,
            Some(text) if text.len() > MAX_TEXT_LEN => {
                return Err(format!("a position has at most {MAX_TEXT_LEN} bytes"));
            }
            Some(text) => {
                let state = game
                    .parse_position(text)
                    .map_err(|e| format!("position: {e}"))?;
                if state.status().is_finished() {
                    return Err("position: the game is already over there".into());
                }
                Some(text.to_owned())
            }
        };
        for player in &self.players {
            match player {
                Occupant::Person(name) => check_name(name)?,
                Occupant::Computer(spec) => {
                    computer::validate(spec)?;
                }
            }
        }
        self.clock.validate()?;
        let now = now_ms();
        let tokens = self.players.clone().map(|p| match p {
            Occupant::Person(_) => Some(new_token()),
            Occupant::Computer(_) => None,
        });
        let mut seed = [0u8; 8];
        getrandom::fill(&mut seed).map_err(|e| e.to_string())?;
        Ok(GameRow {
            id: new_id(),
            game: self.game,
            options,
            position,
            players: self.players,
            tokens,
            clock_spec: self.clock,
            clock: Clock::new(&self.clock),
            seed: i64::from_le_bytes(seed) & i64::MAX,
            version: 1,
            moves: Vec::new(),
            draw_offer: None,
            rematch_requests: 0,
            rematch_id: None,
            rematch_of: None,
            result: None,
            deadline_ms: None,
            created_ms: now,
            updated_ms: now,
        })
    }
}
