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

/// Refuses an empty name, a name too long for the page, or one that could break a line.
fn check_name(name: &str) -> Result<(), String> {
    let chars = name.chars().count();
    if chars == 0 || chars > MAX_NAME_CHARS || name.chars().any(char::is_control) {
        return Err(format!(
            "a player's name must have 1 to {MAX_NAME_CHARS} characters and no control characters"
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
