//! The options of rule book section 5.4, each a typed field with the rule book's default.

use std::fmt;

use board_kernel::options::{parse_bool, parse_value, unknown_key};
use board_kernel::{GameOptions, OptionError, OptionInfo};
use serde::{Deserialize, Serialize};

/// The most segments a turn may be allowed (`max_segments`). The rule value is 5; the bound
/// keeps a whole turn a small fixed-size [`Move`](crate::Move) value and the enumeration of
/// chains finite in practice.
pub const MAX_SEGMENTS_LIMIT: u8 = 10;

/// Whether a scoring tower segment may build a friendly tower (ambiguity 11).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ScoringFriendlyTower {
    /// Rule L5: a scoring segment may not build a friendly tower, so scoring always ends the
    /// turn.
    #[default]
    Forbidden,
    /// The 1965 prototype: it may, and the turn goes on with that tower (unless the score won).
    Continue,
}

impl fmt::Display for ScoringFriendlyTower {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            ScoringFriendlyTower::Forbidden => "Forbidden",
            ScoringFriendlyTower::Continue => "Continue",
        })
    }
}

/// Chain Reaction's options (5.4). The defaults are the rules.
///
/// ```
/// use board_kernel::GameOptions;
/// use chain_reaction::{Options, ScoringFriendlyTower};
/// let o = Options::from_pairs([("scoring_friendly_tower", "continue"), ("target_black", "18")])?;
/// assert_eq!(o.scoring_friendly_tower, ScoringFriendlyTower::Continue);
/// assert_eq!((o.target_white, o.target_black), (12, 18));
/// assert!(Options::from_pairs([("max_segments", "1")]).is_err());
/// # Ok::<(), board_kernel::OptionError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Options {
    /// Points White needs to win (initial position only; a loaded line brings its own).
    pub target_white: u32,
    /// Points Black needs to win.
    pub target_black: u32,
    /// Segments per turn, the free step included (rule value 5; 2 to
    /// [`MAX_SEGMENTS_LIMIT`]).
    pub max_segments: u8,
    /// Whether a scoring segment may build a friendly tower.
    pub scoring_friendly_tower: ScoringFriendlyTower,
    /// Whether a free step may go into the attacked goal cell for 2 points.
    pub single_step_into_goal: bool,
    /// Draw after this many complete turns; 0 = no limit.
    pub max_plies: u32,
    /// Draw on the N-th occurrence of a position; 0 = off (1 is rejected).
    pub repetition_draw: u32,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            target_white: 12,
            target_black: 12,
            max_segments: 5,
            scoring_friendly_tower: ScoringFriendlyTower::Forbidden,
            single_step_into_goal: false,
            max_plies: 500,
            repetition_draw: 0,
        }
    }
}

const INFO: &[OptionInfo] = &[
    OptionInfo {
        key: "target_white",
        values: "1 or more (standard 12–24)",
        default: "12",
        meaning: "points White needs to win; sets the initial position only (a loaded position brings its own targets)",
    },
    OptionInfo {
        key: "target_black",
        values: "1 or more (standard 12–24)",
        default: "12",
        meaning: "points Black needs to win; a target different from White's is a handicap",
    },
    OptionInfo {
        key: "max_segments",
        values: "2 to 10",
        default: "5",
        meaning: "segments per turn, the free step included (only change for experiments)",
    },
    OptionInfo {
        key: "scoring_friendly_tower",
        values: "Forbidden or Continue",
        default: "Forbidden",
        meaning: "Forbidden: a scoring segment may not build a friendly tower; Continue: it may, and the turn goes on with that tower (1965 rule)",
    },
    OptionInfo {
        key: "single_step_into_goal",
        values: "on or off",
        default: "off",
        meaning: "a free step may enter the attacked goal cell (d9 for White, d0 for Black) for 2 points",
    },
    OptionInfo {
        key: "max_plies",
        values: "0 or more",
        default: "500",
        meaning: "the game is drawn when this many complete turns have been played; 0 = no limit",
    },
    OptionInfo {
        key: "repetition_draw",
        values: "0, or 2 or more",
        default: "0",
        meaning: "0 = off; N: the game is drawn when a position occurs for the N-th time",
    },
];

impl GameOptions for Options {
    fn info() -> &'static [OptionInfo] {
        INFO
    }

    fn set(&mut self, key: &str, value: &str) -> Result<(), OptionError> {
        let number = "a whole number";
        match key.to_ascii_lowercase().as_str() {
            "target_white" => self.target_white = parse_value(key, value, number)?,
            "target_black" => self.target_black = parse_value(key, value, number)?,
            "max_segments" => self.max_segments = parse_value(key, value, "a number from 2 to 10")?,
            "scoring_friendly_tower" => {
                self.scoring_friendly_tower = match value.to_ascii_lowercase().as_str() {
                    "forbidden" => ScoringFriendlyTower::Forbidden,
                    "continue" => ScoringFriendlyTower::Continue,
                    _ => {
                        return Err(OptionError::BadValue {
                            key: key.to_owned(),
                            value: value.to_owned(),
                            expected: "Forbidden or Continue".to_owned(),
                        });
                    }
                }
            }
            "single_step_into_goal" => self.single_step_into_goal = parse_bool(key, value)?,
            "max_plies" => self.max_plies = parse_value(key, value, number)?,
            "repetition_draw" => self.repetition_draw = parse_value(key, value, number)?,
            _ => return Err(unknown_key(key, INFO)),
        }
        Ok(())
    }

    fn values(&self) -> Vec<(&'static str, String)> {
        vec![
            ("target_white", self.target_white.to_string()),
            ("target_black", self.target_black.to_string()),
            ("max_segments", self.max_segments.to_string()),
            (
                "scoring_friendly_tower",
                self.scoring_friendly_tower.to_string(),
            ),
            (
                "single_step_into_goal",
                if self.single_step_into_goal {
                    "on"
                } else {
                    "off"
                }
                .to_owned(),
            ),
            ("max_plies", self.max_plies.to_string()),
            ("repetition_draw", self.repetition_draw.to_string()),
        ]
    }

    fn validate(&self) -> Result<(), OptionError> {
        if self.target_white < 1 || self.target_black < 1 {
            return Err(OptionError::Invalid(
                "the targets must be at least 1 point".to_owned(),
            ));
        }
        if !(2..=MAX_SEGMENTS_LIMIT).contains(&self.max_segments) {
            return Err(OptionError::Invalid(format!(
                "max_segments must be from 2 to {MAX_SEGMENTS_LIMIT} (with 1 the free step could build a tower that could never move)"
            )));
        }
        if self.repetition_draw == 1 {
            return Err(OptionError::Invalid(
                "repetition_draw is 0 (off) or at least 2: every position occurs once".to_owned(),
            ));
        }
        Ok(())
    }
}
