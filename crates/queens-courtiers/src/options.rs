//! The configurable choices of the rule specification (§8), with its defaults, declared as
//! one table.
//!
//! ```
//! use queens_courtiers::{CycleRule, GameOptions, Options};
//! let options = Options::from_pairs([("cycle_rule", "neitherchecked"), ("max_plies", "200")])?;
//! assert_eq!(options.cycle_rule, CycleRule::NeitherChecked);
//! assert!(Options::from_pairs([("repetition_limit", "1")]).is_err());
//! # Ok::<(), queens_courtiers::OptionError>(())
//! ```

use board_kernel::options::{OptionValue, ValueError, squash};

use crate::pieces::Colour;

board_kernel::option_enum! {
    /// Which initial position (§2.3).
    pub enum StartingSetup {
        /// Six Courtiers a side, as the text says (the diagram plus Red `m3` and Blue `c3`).
        #[default]
        SixCourtiers,
        /// The literal web diagram: five Courtiers a side.
        DiagramFiveCourtiers,
    }
}

board_kernel::option_enum! {
    /// What the missing centre square `h8` does to a Queen's three-step line (§3).
    pub enum CentreSquare {
        /// A hole in the board: a line crossing it is broken.
        #[default]
        Absent,
        /// Crossable by a three-step line, though never occupied.
        PassOver,
    }
}

board_kernel::option_enum! {
    /// Whether pieces on the crossed squares block a Queen's three-step move (§3).
    pub enum QueenThreeStep {
        /// Both crossed squares must be empty.
        #[default]
        NeedsEmptyPath,
        /// Pieces are jumped over (`h8` still breaks a line unless `centre_square = PassOver`).
        Leaps,
    }
}

board_kernel::option_enum! {
    /// How Royals left undetermined by a cycle of mutual threats count (§4.2).
    pub enum CycleRule {
        /// Undetermined Royals are checked: nobody may step into mutual threat.
        #[default]
        BothChecked,
        /// Undetermined Royals are unchecked: mutual threats cancel.
        NeitherChecked,
    }
}

/// The players as an option value: `Red` or `Blue` (`r`/`b`, any case).
impl OptionValue for Colour {
    fn read_option(text: &str) -> Result<Colour, ValueError> {
        match squash(text).as_str() {
            "red" | "r" => Ok(Colour::Red),
            "blue" | "b" => Ok(Colour::Blue),
            _ => Err(ValueError::NotAValue),
        }
    }
    fn write_option(&self) -> String {
        self.to_string()
    }
}

/// The largest `max_plies` (1,000,000): the ply counter stays far from overflow.
pub const MAX_PLIES_LIMIT: u32 = 1_000_000;

board_kernel::game_options! {
    /// The options of Queens' Courtiers; every default reproduces the specification's rules.
    #[derive(Copy)]
    pub struct Options {
        /// `setup`: the initial position.
        setup: StartingSetup = StartingSetup::SixCourtiers => {
            values: "SixCourtiers or DiagramFiveCourtiers",
            meaning: "the initial position: six Courtiers a side as the text says, or the five of the web diagram (no Red m3, no Blue c3)",
        },
        /// `first_player`: who moves first (the colours do not change).
        first_player: Colour = Colour::Red => {
            values: "Red or Blue",
            meaning: "who makes the first turn",
        },
        /// `centre_square`: whether `h8` breaks Queen lines.
        centre_square: CentreSquare = CentreSquare::Absent => {
            values: "Absent or PassOver",
            meaning: "whether a Queen's three-step line may cross the missing h8 (it is never occupied either way)",
        },
        /// `queen_three_step`: whether pieces block the Queen's three-step move.
        queen_three_step: QueenThreeStep = QueenThreeStep::NeedsEmptyPath => {
            values: "NeedsEmptyPath or Leaps",
            meaning: "whether pieces on the two crossed squares block a Queen's three-step move",
        },
        /// `cycle_rule`: how mutual threats between Royals resolve.
        cycle_rule: CycleRule = CycleRule::BothChecked => {
            values: "BothChecked or NeitherChecked",
            meaning: "whether Royals left undetermined by a cycle of mutual threats count as checked",
        },
        /// `second_part_capture`: whether the second part of a double move may capture.
        second_part_capture: bool = true => {
            values: "on or off",
            meaning: "whether the second part of a double move may capture",
        },
        /// `allow_return_double_move`: whether a double move may end where it started.
        allow_return_double_move: bool = false => {
            values: "on or off",
            meaning: "whether a double move may end on the square where it started",
        },
        /// `win_exempts_pass_through`: whether a winning double move may pass through check.
        win_exempts_pass_through: bool = true => {
            values: "on or off",
            meaning: "whether a double move that wins on its second part may pass through check",
        },
        /// `repetition_limit`: the occurrence that draws by repetition (0 = never). With 1
        /// every game would be drawn on its first ply, so 1 is refused.
        repetition_limit: u32 = 3 => {
            values: "0 (off) or 2 and more",
            meaning: "the game is drawn when a position (placement and side to move) occurs this many times",
            aliases: ["repetition_draw"],
            valid: |v| *v != 1,
        },
        /// `max_plies`: the ply count that draws the game (0 = never; at most 1,000,000).
        max_plies: u32 = 1000 => {
            values: "0 (off) to 1000000",
            meaning: "the game is drawn when the ply counter reaches this number",
            valid: |v| *v <= MAX_PLIES_LIMIT,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use board_kernel::GameOptions;

    #[test]
    fn values_round_trip_through_set() {
        let mut changed = Options {
            setup: StartingSetup::DiagramFiveCourtiers,
            first_player: Colour::Blue,
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
        board_kernel::options::check_table::<Options>().unwrap();
    }
}
