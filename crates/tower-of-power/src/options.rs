//! Options: the choices the rule book leaves open, with its defaults.

use board_kernel::options::{parse_bool, parse_value, unknown_key};
use board_kernel::{GameOptions, OptionError, OptionInfo};
use serde::{Deserialize, Serialize};

/// The rule variants of Tower of Power.
///
/// ```
/// use board_kernel::GameOptions;
/// use tower_of_power::Options;
/// let options = Options::from_pairs([("single_step", "OFF"), ("repetition_draw", "3")])?;
/// assert!(!options.single_step);
/// assert_eq!(options.repetition_draw, 3);
/// assert!(Options::from_pairs([("repetition_draw", "1")]).is_err());
/// # Ok::<(), board_kernel::OptionError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default)]
pub struct Options {
    /// Whether a single active stone may move one square (rule 4.3). The sources disagree
    /// on it; the original article and the seed article allow it.
    pub single_step: bool,
    /// The game is drawn when both sides have at most this many stones (pinned ones
    /// included); 0 turns the rule off.
    pub material_draw_threshold: u32,
    /// The game is drawn after this many consecutive moves without a capture; 0 turns the
    /// rule off (and with it the guarantee that games end).
    pub no_capture_draw_plies: u32,
    /// 0: off; N ≥ 2: the game is drawn when a move produces a position for the N-th time.
    pub repetition_draw: u32,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            single_step: true,
            material_draw_threshold: 3,
            no_capture_draw_plies: 100,
            repetition_draw: 0,
        }
    }
}

const INFO: &[OptionInfo] = &[
    OptionInfo {
        key: "single_step",
        values: "on or off",
        default: "on",
        meaning: "allow moving one active stone one square in any direction",
    },
    OptionInfo {
        key: "material_draw_threshold",
        values: "0 or more (0 = off)",
        default: "3",
        meaning: "draw when both sides have at most this many stones on the board",
    },
    OptionInfo {
        key: "no_capture_draw_plies",
        values: "0 or more (0 = off)",
        default: "100",
        meaning: "draw after this many consecutive moves (both sides counted) without a capture",
    },
    OptionInfo {
        key: "repetition_draw",
        values: "0 (off) or 2 or more",
        default: "0",
        meaning: "draw when a move produces a position (board and side to move) for the N-th time",
    },
];

const WHOLE: &str = "a whole number from 0 to 4294967295";

impl GameOptions for Options {
    fn info() -> &'static [OptionInfo] {
        INFO
    }

    fn set(&mut self, key: &str, value: &str) -> Result<(), OptionError> {
        let value = value.trim();
        match key.trim().to_ascii_lowercase().as_str() {
            "single_step" => self.single_step = parse_bool(key, value)?,
            "material_draw_threshold" => {
                self.material_draw_threshold = parse_value(key, value, WHOLE)?;
            }
            "no_capture_draw_plies" => self.no_capture_draw_plies = parse_value(key, value, WHOLE)?,
            "repetition_draw" => {
                self.repetition_draw = parse_value(key, value, "0 (off) or a whole number ≥ 2")?;
            }
            _ => return Err(unknown_key(key, INFO)),
        }
        Ok(())
    }

    fn values(&self) -> Vec<(&'static str, String)> {
        vec![
            (
                "single_step",
                if self.single_step { "on" } else { "off" }.to_owned(),
            ),
            (
                "material_draw_threshold",
                self.material_draw_threshold.to_string(),
            ),
            (
                "no_capture_draw_plies",
                self.no_capture_draw_plies.to_string(),
            ),
            ("repetition_draw", self.repetition_draw.to_string()),
        ]
    }

    fn validate(&self) -> Result<(), OptionError> {
        if self.repetition_draw == 1 {
            return Err(OptionError::Invalid(
                "repetition_draw = 1 would end every game at once; use 0 (off) or 2 or more".into(),
            ));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_round_trip_through_set() {
        let options = Options {
            single_step: false,
            material_draw_threshold: 2,
            no_capture_draw_plies: 0,
            repetition_draw: 3,
        };
        let pairs = options.values();
        let back = Options::from_pairs(pairs.iter().map(|(k, v)| (*k, v.as_str()))).unwrap();
        assert_eq!(back, options);
        assert_eq!(
            Options::info().iter().map(|i| i.key).collect::<Vec<_>>(),
            pairs.iter().map(|(k, _)| *k).collect::<Vec<_>>()
        );
    }
}
