//! Options: the choices the rule book leaves open, with its defaults, declared as one table.

/// The largest value the no-capture counter and the turn count take (1,000,000,000): the
/// parser refuses larger ones and the turn count stops there, so no move overflows them.
pub const MAX_COUNT: u32 = 1_000_000_000;

board_kernel::game_options! {
    /// The rule variants of Tower of Power.
    ///
    /// ```
    /// use tower_of_power::{GameOptions, Options};
    /// let options = Options::from_pairs([("single_step", "OFF"), ("repetition_draw", "3")])?;
    /// assert!(!options.single_step);
    /// assert_eq!(options.repetition_limit, 3);
    /// assert!(Options::from_pairs([("repetition_limit", "1")]).is_err());
    /// # Ok::<(), tower_of_power::OptionError>(())
    /// ```
    #[derive(Copy)]
    pub struct Options {
        /// Whether a single active stone may move one square (rule 4.3). The sources disagree
        /// on it; the original article and the seed article allow it.
        single_step: bool = true => {
            values: "on or off",
            meaning: "allow moving one active stone one square in any direction",
        },
        /// The game is drawn when both sides have at most this many stones (pinned ones
        /// included); 0 turns the rule off.
        material_draw_threshold: u32 = 3 => {
            values: "0 or more (0 = off)",
            meaning: "draw when both sides have at most this many stones on the board",
        },
        /// The game is drawn after this many consecutive moves without a capture; 0 turns the
        /// rule off (and with it the guarantee that games end).
        no_capture_draw_plies: u32 = 100 => {
            values: "0 to 1000000000 (0 = off)",
            meaning: "draw after this many consecutive moves (both sides counted) without a capture",
            valid: |v| *v <= MAX_COUNT,
        },
        /// Whether stones may be dealt (or stepped) onto a stack of two or more stones. `off` is
        /// the rule of the French *Tours* rule set (rule book, ambiguity 12): a row or a step
        /// may only deal onto empty squares and single stones.
        deal_onto_stacks: bool = true => {
            values: "on or off",
            meaning: "off (the French Tours rule): no stone may be dealt or stepped onto a stack of two or more stones",
        },
        /// 0: off; N ≥ 2: the game is drawn when a move produces a position for the N-th time.
        /// The specification calls it `repetition_draw`, which is accepted too.
        repetition_limit: u32 = 0 => {
            values: "0 (off) or 2 or more",
            meaning: "draw when a move produces a position (board and side to move) for the N-th time",
            aliases: ["repetition_draw"],
            valid: |v| *v != 1,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use board_kernel::GameOptions;

    #[test]
    fn values_round_trip_through_set() {
        let options = Options {
            single_step: false,
            material_draw_threshold: 2,
            no_capture_draw_plies: 0,
            deal_onto_stacks: false,
            repetition_limit: 3,
        };
        let pairs = options.values();
        let back = Options::from_pairs(pairs.iter().map(|(k, v)| (*k, v.as_str()))).unwrap();
        assert_eq!(back, options);
        assert_eq!(
            Options::info().iter().map(|i| i.key).collect::<Vec<_>>(),
            pairs.iter().map(|(k, _)| *k).collect::<Vec<_>>()
        );
        board_kernel::options::check_table::<Options>().unwrap();
    }
}
