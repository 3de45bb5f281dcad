//! The configuration options (§8), declared as one table.

use board_kernel::Side;

board_kernel::option_enum! {
    /// Who opens each round after the first (§5.5 item 4, ambiguity 11).
    pub enum RoundStarter {
        /// The loser of the previous round (the official summary).
        #[default]
        Loser,
        /// The winner of the previous round.
        Winner,
    }
}

board_kernel::option_enum! {
    /// How a won round adds to its winner's score (§5.5, ambiguity 9).
    pub enum Scoring {
        /// A player's score is the worth of his towers' rings (1, 3, 7 by rank, +8 when a
        /// Triple Sumo scores again).
        #[default]
        RingValues,
        /// Each round adds 1, 3, 7 or 15 by the scoring tower's rank before promotion.
        PerRound,
    }
}

/// The longest a round may be made (`max_plies_per_round`): every ply counter stays far below
/// `u32::MAX`, so no move can overflow it.
pub const MAX_PLIES_LIMIT: u32 = 1_000_000;

board_kernel::game_options! {
    /// Kamisado's options, with the spec's defaults (a single round, White first).
    ///
    /// ```
    /// use kamisado::{GameOptions, Options, Scoring};
    /// let o = Options::from_pairs([("match_target", "7"), ("scoring", "perround")])?;
    /// assert_eq!((o.match_target, o.scoring), (7, Scoring::PerRound));
    /// assert!(Options::from_pairs([("match_target", "5")]).is_err());
    /// # Ok::<(), kamisado::OptionError>(())
    /// ```
    #[derive(Copy)]
    pub struct Options {
        /// Points that win: 1 (single round), 3 (Standard), 7 (Long) or 15 (Marathon).
        match_target: u32 = 1 => {
            values: "1, 3, 7 or 15",
            meaning: "points that win: a single round (1), or a Standard (3), Long (7) or Marathon (15) match",
            valid: |v| [1, 3, 7, 15].contains(v),
        },
        /// The first mover of the first round.
        first_player: Side = Side::White => {
            values: "White or Black",
            meaning: "who moves first in the first round",
        },
        /// The opener of later rounds.
        next_round_starter: RoundStarter = RoundStarter::Loser => {
            values: "Loser or Winner",
            meaning: "who opens each later round of a match",
        },
        /// How rounds are scored in match play.
        scoring: Scoring = Scoring::RingValues => {
            values: "RingValues or PerRound",
            meaning: "a score is the worth of the rings won (1, 3, 7, +8), or each round adds 1/3/7/15 by the scoring tower's rank before promotion",
        },
        /// The occurrence of a position that ends the round (≥ 2).
        repetition_limit: u32 = 3 => {
            values: "an integer ≥ 2",
            meaning: "the occurrence of a position within a round that ends it as a deadlock caused by the last actual mover",
            valid: |v| *v >= 2,
        },
        /// The ply count that ends a round (1 to 1,000,000).
        max_plies_per_round: u32 = 1000 => {
            values: "1 to 1000000",
            meaning: "the ply count that ends a round as a deadlock caused by the last actual mover",
            valid: |v| (1..=MAX_PLIES_LIMIT).contains(v),
        },
    }
}

impl Options {
    /// Whether rounds lead to promotions, refills and further rounds.
    #[must_use]
    pub const fn is_match(&self) -> bool {
        self.match_target > 1
    }

    /// The most rounds a match can have: every finished round scores at least one point and
    /// the match ends when a side reaches the target, so `2 × match_target − 1`.
    #[must_use]
    pub const fn max_rounds(&self) -> u32 {
        2 * self.match_target - 1
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use board_kernel::GameOptions;

    #[test]
    fn values_round_trip_through_set() {
        let o = Options {
            match_target: 15,
            first_player: Side::Black,
            next_round_starter: RoundStarter::Winner,
            scoring: Scoring::PerRound,
            repetition_limit: 2,
            max_plies_per_round: 77,
        };
        let pairs = o.values();
        let back = Options::from_pairs(pairs.iter().map(|(k, v)| (*k, v.as_str()))).unwrap();
        assert_eq!(back, o);
        assert_eq!(Options::from_pairs([]).unwrap(), Options::default());
        board_kernel::options::check_table::<Options>().unwrap();
    }

    #[test]
    fn values_are_case_insensitive() {
        let o = Options::from_pairs([
            ("first_player", "BLACK"),
            ("next_round_starter", "winner"),
            ("scoring", "PER_ROUND"),
        ])
        .unwrap();
        assert_eq!(o.first_player, Side::Black);
        assert_eq!(o.next_round_starter, RoundStarter::Winner);
        assert_eq!(o.scoring, Scoring::PerRound);
    }

    #[test]
    fn bad_values_are_rejected() {
        for (k, v) in [
            ("match_target", "2"),
            ("match_target", "x"),
            ("match_target", "0"),
            ("first_player", "red"),
            ("next_round_starter", "both"),
            ("scoring", "sometimes"),
            ("repetition_limit", "1"),
            ("repetition_limit", "-3"),
            ("max_plies_per_round", "0"),
            ("max_plies_per_round", "1000001"),
            ("colour", "1"),
        ] {
            assert!(Options::from_pairs([(k, v)]).is_err(), "{k}={v}");
        }
    }
}
