//! The configurable choices of the rule specification (§8), with its defaults.
//!
//! ```
//! use board_kernel::GameOptions;
//! use queens_courtiers::{CycleRule, Options};
//! let options = Options::from_pairs([("cycle_rule", "neitherchecked"), ("max_plies", "200")])?;
//! assert_eq!(options.cycle_rule, CycleRule::NeitherChecked);
//! assert!(Options::from_pairs([("repetition_limit", "1")]).is_err());
//! # Ok::<(), board_kernel::OptionError>(())
//! ```

use board_kernel::options::{parse_bool, parse_value, unknown_key};
use board_kernel::{GameOptions, OptionError, OptionInfo};
use serde::{Deserialize, Serialize};
use strum::{Display, EnumIter, EnumString};

use crate::pieces::Player;

/// Which initial position (§2.3).
#[derive(
    Clone,
    Copy,
    Debug,
    Default,
    PartialEq,
    Eq,
    Hash,
    Serialize,
    Deserialize,
    Display,
    EnumString,
    EnumIter,
)]
#[strum(ascii_case_insensitive)]
pub enum StartingSetup {
    /// Six Courtiers a side, as the text says (the diagram plus Red `m3` and Blue `c3`).
    #[default]
    SixCourtiers,
    /// The literal web diagram: five Courtiers a side.
    DiagramFiveCourtiers,
}

/// What the missing centre square `h8` does to a Queen's three-step line (§3).
#[derive(
    Clone,
    Copy,
    Debug,
    Default,
    PartialEq,
    Eq,
    Hash,
    Serialize,
    Deserialize,
    Display,
    EnumString,
    EnumIter,
)]
#[strum(ascii_case_insensitive)]
pub enum CentreSquare {
    /// A hole in the board: a line crossing it is broken.
    #[default]
    Absent,
    /// Crossable by a three-step line, though never occupied.
    PassOver,
}

/// Whether pieces on the crossed squares block a Queen's three-step move (§3).
#[derive(
    Clone,
    Copy,
    Debug,
    Default,
    PartialEq,
    Eq,
    Hash,
    Serialize,
    Deserialize,
    Display,
    EnumString,
    EnumIter,
)]
#[strum(ascii_case_insensitive)]
pub enum QueenThreeStep {
    /// Both crossed squares must be empty.
    #[default]
    NeedsEmptyPath,
    /// Pieces are jumped over (`h8` still breaks a line unless `centre_square = PassOver`).
    Leaps,
}

/// How Royals left undetermined by a cycle of mutual threats count (§4.2).
#[derive(
    Clone,
    Copy,
    Debug,
    Default,
    PartialEq,
    Eq,
    Hash,
    Serialize,
    Deserialize,
    Display,
    EnumString,
    EnumIter,
)]
#[strum(ascii_case_insensitive)]
pub enum CycleRule {
    /// Undetermined Royals are checked: nobody may step into mutual threat.
    #[default]
    BothChecked,
    /// Undetermined Royals are unchecked: mutual threats cancel.
    NeitherChecked,
}

/// The options of Queens' Courtiers; every default reproduces the specification's rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Options {
    /// `setup`: the initial position.
    pub setup: StartingSetup,
    /// `first_player`: who moves first (the colours do not change).
    pub first_player: Player,
    /// `centre_square`: whether `h8` breaks Queen lines.
    pub centre_square: CentreSquare,
    /// `queen_three_step`: whether pieces block the Queen's three-step move.
    pub queen_three_step: QueenThreeStep,
    /// `cycle_rule`: how mutual threats between Royals resolve.
    pub cycle_rule: CycleRule,
    /// `second_part_capture`: whether the second part of a double move may capture.
    pub second_part_capture: bool,
    /// `allow_return_double_move`: whether a double move may end where it started.
    pub allow_return_double_move: bool,
    /// `win_exempts_pass_through`: whether a winning double move may pass through check.
    pub win_exempts_pass_through: bool,
    /// `repetition_limit`: the occurrence that draws by repetition (0 = never).
    pub repetition_limit: u32,
    /// `max_plies`: the ply count that draws the game (0 = never).
    pub max_plies: u32,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            setup: StartingSetup::SixCourtiers,
            first_player: Player::Red,
            centre_square: CentreSquare::Absent,
            queen_three_step: QueenThreeStep::NeedsEmptyPath,
            cycle_rule: CycleRule::BothChecked,
            second_part_capture: true,
            allow_return_double_move: false,
            win_exempts_pass_through: true,
            repetition_limit: 3,
            max_plies: 1000,
        }
    }
}

const INFO: &[OptionInfo] = &[
    OptionInfo {
        key: "setup",
        values: "SixCourtiers or DiagramFiveCourtiers",
        default: "SixCourtiers",
        meaning: "the initial position: six Courtiers a side as the text says, or the five of the web diagram (no Red m3, no Blue c3)",
    },
    OptionInfo {
        key: "first_player",
        values: "Red or Blue",
        default: "Red",
        meaning: "who makes the first turn",
    },
    OptionInfo {
        key: "centre_square",
        values: "Absent or PassOver",
        default: "Absent",
        meaning: "whether a Queen's three-step line may cross the missing h8 (it is never occupied either way)",
    },
    OptionInfo {
        key: "queen_three_step",
        values: "NeedsEmptyPath or Leaps",
        default: "NeedsEmptyPath",
        meaning: "whether pieces on the two crossed squares block a Queen's three-step move",
    },
    OptionInfo {
        key: "cycle_rule",
        values: "BothChecked or NeitherChecked",
        default: "BothChecked",
        meaning: "whether Royals left undetermined by a cycle of mutual threats count as checked",
    },
    OptionInfo {
        key: "second_part_capture",
        values: "true or false",
        default: "true",
        meaning: "whether the second part of a double move may capture",
    },
    OptionInfo {
        key: "allow_return_double_move",
        values: "true or false",
        default: "false",
        meaning: "whether a double move may end on the square where it started",
    },
    OptionInfo {
        key: "win_exempts_pass_through",
        values: "true or false",
        default: "true",
        meaning: "whether a double move that wins on its second part may pass through check",
    },
    OptionInfo {
        key: "repetition_limit",
        values: "0 (off) or 2 and more",
        default: "3",
        meaning: "the game is drawn when a position (placement and side to move) occurs this many times",
    },
    OptionInfo {
        key: "max_plies",
        values: "0 (off) or more",
        default: "1000",
        meaning: "the game is drawn when the ply counter reaches this number",
    },
];

fn parse_enum<T: std::str::FromStr>(
    key: &str,
    value: &str,
    expected: &str,
) -> Result<T, OptionError> {
    parse_value(key, value, expected)
}

impl GameOptions for Options {
    fn info() -> &'static [OptionInfo] {
        INFO
    }

    fn set(&mut self, key: &str, value: &str) -> Result<(), OptionError> {
        match key {
            "setup" => self.setup = parse_enum(key, value, INFO[0].values)?,
            "first_player" => self.first_player = parse_enum(key, value, INFO[1].values)?,
            "centre_square" => self.centre_square = parse_enum(key, value, INFO[2].values)?,
            "queen_three_step" => self.queen_three_step = parse_enum(key, value, INFO[3].values)?,
            "cycle_rule" => self.cycle_rule = parse_enum(key, value, INFO[4].values)?,
            "second_part_capture" => self.second_part_capture = parse_bool(key, value)?,
            "allow_return_double_move" => self.allow_return_double_move = parse_bool(key, value)?,
            "win_exempts_pass_through" => self.win_exempts_pass_through = parse_bool(key, value)?,
            "repetition_limit" => {
                self.repetition_limit =
                    parse_value(key, value, "a whole number: 0 (off) or 2 and more")?;
            }
            "max_plies" => {
                self.max_plies = parse_value(key, value, "a whole number: 0 (off) or more")?
            }
            _ => return Err(unknown_key(key, INFO)),
        }
        Ok(())
    }

    fn values(&self) -> Vec<(&'static str, String)> {
        vec![
            ("setup", self.setup.to_string()),
            ("first_player", self.first_player.to_string()),
            ("centre_square", self.centre_square.to_string()),
            ("queen_three_step", self.queen_three_step.to_string()),
            ("cycle_rule", self.cycle_rule.to_string()),
            ("second_part_capture", self.second_part_capture.to_string()),
            (
                "allow_return_double_move",
                self.allow_return_double_move.to_string(),
            ),
            (
                "win_exempts_pass_through",
                self.win_exempts_pass_through.to_string(),
            ),
            ("repetition_limit", self.repetition_limit.to_string()),
            ("max_plies", self.max_plies.to_string()),
        ]
    }

    /// A repetition limit of 1 would draw every game on its first ply (the position after
    /// any ply has occurred once), so it is refused as a mistake.
    fn validate(&self) -> Result<(), OptionError> {
        if self.repetition_limit == 1 {
            return Err(OptionError::Invalid(
                "repetition_limit is 0 (off) or at least 2: with 1 every game would be drawn on its first ply"
                    .into(),
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
        let mut changed = Options {
            setup: StartingSetup::DiagramFiveCourtiers,
            first_player: Player::Blue,
            centre_square: CentreSquare::PassOver,
            queen_three_step: QueenThreeStep::Leaps,
            cycle_rule: CycleRule::NeitherChecked,
            second_part_capture: false,
            allow_return_double_move: true,
            win_exempts_pass_through: false,
            repetition_limit: 0,
            max_plies: 0,
        };
        let pairs = changed.values();
        let back = Options::from_pairs(pairs.iter().map(|(k, v)| (*k, v.as_str()))).unwrap();
        assert_eq!(back, changed);
        changed = Options::default();
        let pairs = changed.values();
        assert_eq!(pairs.len(), Options::info().len());
        for ((k, v), info) in pairs.iter().zip(Options::info()) {
            assert_eq!(*k, info.key);
            assert_eq!(v.to_lowercase(), info.default.to_lowercase());
        }
    }
}
