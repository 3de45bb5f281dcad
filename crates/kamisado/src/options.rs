//! The configuration options (§8).

use board_kernel::options::{parse_value, unknown_key};
use board_kernel::{GameOptions, OptionError, OptionInfo, Side};
use serde::{Deserialize, Serialize};

/// Who opens each round after the first (§5.5 item 4, ambiguity 11).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum RoundStarter {
    /// The loser of the previous round (the official summary).
    #[default]
    Loser,
    /// The winner of the previous round.
    Winner,
}

/// How a won round adds to its winner's score (§5.5, ambiguity 9).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Scoring {
    /// A player's score is the worth of his towers' rings (1, 3, 7 by rank, +8 when a Triple
    /// Sumo scores again).
    #[default]
    RingValues,
    /// Each round adds 1, 3, 7 or 15 by the scoring tower's rank before promotion.
    PerRound,
}

/// Kamisado's options, with the spec's defaults (a single round, White first).
///
/// ```
/// use board_kernel::GameOptions;
/// use kamisado::Options;
/// let o = Options::from_pairs([("match_target", "7"), ("scoring", "perround")])?;
/// assert_eq!(o.match_target, 7);
/// assert!(Options::from_pairs([("match_target", "5")]).is_err());
/// # Ok::<(), board_kernel::OptionError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Options {
    /// Points that win: 1 (single round), 3 (Standard), 7 (Long) or 15 (Marathon).
    pub match_target: u32,
    /// The first mover of the first round.
    pub first_player: Side,
    /// The opener of later rounds.
    pub next_round_starter: RoundStarter,
    /// How rounds are scored in match play.
    pub scoring: Scoring,
    /// The occurrence of a position that ends the round (≥ 2).
    pub repetition_limit: u32,
    /// The ply count that ends a round (≥ 1).
    pub max_plies_per_round: u32,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            match_target: 1,
            first_player: Side::White,
            next_round_starter: RoundStarter::Loser,
            scoring: Scoring::RingValues,
            repetition_limit: 3,
            max_plies_per_round: 1000,
        }
    }
}

impl Options {
    /// Whether rounds lead to promotions, refills and further rounds.
    #[must_use]
    pub const fn is_match(&self) -> bool {
        self.match_target > 1
    }
}

const INFO: &[OptionInfo] = &[
    OptionInfo {
        key: "match_target",
        values: "1, 3, 7 or 15",
        default: "1",
        meaning: "points that win: a single round (1), or a Standard (3), Long (7) or Marathon (15) match",
    },
    OptionInfo {
        key: "first_player",
        values: "White or Black",
        default: "White",
        meaning: "who moves first in the first round",
    },
    OptionInfo {
        key: "next_round_starter",
        values: "Loser or Winner",
        default: "Loser",
        meaning: "who opens each later round of a match",
    },
    OptionInfo {
        key: "scoring",
        values: "RingValues or PerRound",
        default: "RingValues",
        meaning: "a score is the worth of the rings won (1, 3, 7, +8), or each round adds 1/3/7/15 by the scoring tower's rank before promotion",
    },
    OptionInfo {
        key: "repetition_limit",
        values: "an integer ≥ 2",
        default: "3",
        meaning: "the occurrence of a position within a round that ends it as a deadlock caused by the last actual mover",
    },
    OptionInfo {
        key: "max_plies_per_round",
        values: "an integer ≥ 1",
        default: "1000",
        meaning: "the ply count that ends a round as a deadlock caused by the last actual mover",
    },
];

use board_kernel::options::{bad_value, squash};

impl GameOptions for Options {
    fn info() -> &'static [OptionInfo] {
        INFO
    }

    fn set(&mut self, key: &str, value: &str) -> Result<(), OptionError> {
        let v = squash(value);
        match key {
            "match_target" => self.match_target = parse_value(key, value, "1, 3, 7 or 15")?,
            "first_player" => {
                self.first_player = match v.as_str() {
                    "white" | "w" => Side::White,
                    "black" | "b" => Side::Black,
                    _ => return Err(bad_value(key, value, "White or Black")),
                }
            }
            "next_round_starter" => {
                self.next_round_starter = match v.as_str() {
                    "loser" => RoundStarter::Loser,
                    "winner" => RoundStarter::Winner,
                    _ => return Err(bad_value(key, value, "Loser or Winner")),
                }
            }
            "scoring" => {
                self.scoring = match v.as_str() {
                    "ringvalues" => Scoring::RingValues,
                    "perround" => Scoring::PerRound,
                    _ => return Err(bad_value(key, value, "RingValues or PerRound")),
                }
            }
            "repetition_limit" => {
                self.repetition_limit = parse_value(key, value, "an integer ≥ 2")?;
            }
            "max_plies_per_round" => {
                self.max_plies_per_round = parse_value(key, value, "an integer ≥ 1")?;
            }
            _ => return Err(unknown_key(key, INFO)),
        }
        Ok(())
    }

    fn values(&self) -> Vec<(&'static str, String)> {
        vec![
            ("match_target", self.match_target.to_string()),
            (
                "first_player",
                match self.first_player {
                    Side::White => "White",
                    Side::Black => "Black",
                }
                .to_owned(),
            ),
            (
                "next_round_starter",
                format!("{:?}", self.next_round_starter),
            ),
            ("scoring", format!("{:?}", self.scoring)),
            ("repetition_limit", self.repetition_limit.to_string()),
            ("max_plies_per_round", self.max_plies_per_round.to_string()),
        ]
    }

    fn validate(&self) -> Result<(), OptionError> {
        if ![1, 3, 7, 15].contains(&self.match_target) {
            return Err(OptionError::Invalid(format!(
                "match_target is 1, 3, 7 or 15, not {}",
                self.match_target
            )));
        }
        if self.repetition_limit < 2 {
            return Err(OptionError::Invalid(format!(
                "repetition_limit is at least 2, not {}",
                self.repetition_limit
            )));
        }
        if self.max_plies_per_round < 1 {
            return Err(OptionError::Invalid(
                "max_plies_per_round is at least 1".to_owned(),
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
            ("colour", "1"),
        ] {
            assert!(Options::from_pairs([(k, v)]).is_err(), "{k}={v}");
        }
    }
}
