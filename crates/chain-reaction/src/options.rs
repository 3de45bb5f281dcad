//! The options of rule book section 5.4, declared as one table with the rule book's defaults.

/// The most segments a turn may be allowed (`max_segments`). The rule value is 5; the bound
/// keeps a whole turn a small fixed-size [`Move`](crate::Move) value and the enumeration of
/// chains finite in practice.
pub const MAX_SEGMENTS_LIMIT: u8 = 10;

board_kernel::option_enum! {
    /// Whether a scoring tower segment may build a friendly tower (ambiguity 11).
    pub enum ScoringFriendlyTower {
        /// Rule L5: a scoring segment may not build a friendly tower, so scoring always ends
        /// the turn.
        #[default]
        Forbidden,
        /// The 1965 prototype: it may, and the turn goes on with that tower (unless the score
        /// won).
        Continue,
    }
}

board_kernel::game_options! {
    /// Chain Reaction's options (5.4). The defaults are the rules.
    ///
    /// ```
    /// use sackson_chain_reaction::{GameOptions, Options, ScoringFriendlyTower};
    /// let o = Options::from_pairs([("scoring_friendly_tower", "continue"), ("target_black", "18")])?;
    /// assert_eq!(o.scoring_friendly_tower, ScoringFriendlyTower::Continue);
    /// assert_eq!((o.target_white, o.target_black), (12, 18));
    /// assert!(Options::from_pairs([("max_segments", "1")]).is_err());
    /// # Ok::<(), sackson_chain_reaction::OptionError>(())
    /// ```
    #[derive(Copy)]
    pub struct Options {
        /// Points White needs to win (initial position only; a loaded line brings its own).
        target_white: u32 = 12 => {
            values: "1 or more (standard 12–24)",
            meaning: "points White needs to win; sets the initial position only (a loaded position brings its own targets)",
            valid: |v| *v >= 1,
        },
        /// Points Black needs to win.
        target_black: u32 = 12 => {
            values: "1 or more (standard 12–24)",
            meaning: "points Black needs to win; a target different from White's is a handicap",
            valid: |v| *v >= 1,
        },
        /// Segments per turn, the free step included (rule value 5; 2 to
        /// [`MAX_SEGMENTS_LIMIT`]).
        max_segments: u8 = 5 => {
            values: "2 to 10",
            meaning: "segments per turn, the free step included (only change for experiments)",
            valid: |v| (2..=MAX_SEGMENTS_LIMIT).contains(v),
        },
        /// Whether a scoring segment may build a friendly tower.
        scoring_friendly_tower: ScoringFriendlyTower = ScoringFriendlyTower::Forbidden => {
            values: "Forbidden or Continue",
            meaning: "Forbidden: a scoring segment may not build a friendly tower; Continue: it may, and the turn goes on with that tower (1965 rule)",
        },
        /// Whether a free step may go into the attacked goal cell for 2 points.
        single_step_into_goal: bool = false => {
            values: "on or off",
            meaning: "a free step may enter the attacked goal cell (d9 for White, d0 for Black) for 2 points",
        },
        /// Draw after this many complete turns; 0 = no limit.
        max_plies: u32 = 500 => {
            values: "0 or more",
            meaning: "the game is drawn when this many complete turns have been played; 0 = no limit",
        },
        /// Draw on the N-th occurrence of a position; 0 = off (1 is rejected). The
        /// specification calls it `repetition_draw`, which is accepted too.
        repetition_limit: u32 = 0 => {
            values: "0, or 2 or more",
            meaning: "0 = off; N: the game is drawn when a position occurs for the N-th time",
            aliases: ["repetition_draw"],
            valid: |v| *v != 1,
        },
    }
}
