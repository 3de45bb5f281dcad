//! The options of §8: the original rules by default, Winther's variants on request.

use board_kernel::options::{parse_bool, parse_value, unknown_key};
use board_kernel::{GameOptions, OptionError, OptionInfo};
use serde::{Deserialize, Serialize};

/// Where a kicking sage ends (§4.2, §9.3).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum KickMode {
    /// The original rules: the kicker takes the ball's cell.
    #[default]
    Original,
    /// Winther's version: a kicker that slid at least one cell stops just before the ball.
    StopBefore,
}

/// How far the ball turns at a pivot (§8).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Deviation {
    /// ±90° (the original rules).
    #[default]
    Right,
    /// ±45° (Winther's alternative).
    Half,
}

/// Whether the ball may enter the kicker's own goal area (§8, §9.10).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum OwnGoal {
    /// The own goal area is a wall for the ball, like the outside.
    #[default]
    Forbidden,
    /// The ball may enter it; the opponent scores.
    ScoresForOpponent,
}

/// The options of a game of Seven Sages; `Default` is the original rules of the spec.
///
/// ```
/// use board_kernel::GameOptions;
/// use seven_sages::{KickMode, Options};
/// let options = Options::from_pairs([("kick_mode", "stopbefore"), ("lob", "on")])?;
/// assert_eq!(options.kick_mode, KickMode::StopBefore);
/// assert!(options.lob);
/// assert!(Options::from_pairs([("points_to_win", "0")]).is_err());
/// # Ok::<(), board_kernel::OptionError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Options {
    /// `kick_mode`: where the kicker ends.
    pub kick_mode: KickMode,
    /// `lob`: an adjacent kicker may lob a blocked ball over the stone behind it.
    pub lob: bool,
    /// `deviation`: the turn at a pivot.
    pub deviation: Deviation,
    /// `first_bounce_mandatory`: whether the ball must leave the first pivot when it can.
    pub first_bounce_mandatory: bool,
    /// `reverse_on_later_bounces`: whether 180° turns are allowed at every pivot.
    pub reverse_on_later_bounces: bool,
    /// `own_goal`: whether the ball may enter the kicker's own goal area.
    pub own_goal: OwnGoal,
    /// `points_to_win`: points that win the game (at least 1).
    pub points_to_win: u32,
    /// `max_plies_per_point`: plies without a point that end the game (0 = off).
    pub max_plies_per_point: u32,
    /// `repetition_limit`: occurrences of a position that end the game (0 = off).
    pub repetition_limit: u32,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            kick_mode: KickMode::Original,
            lob: false,
            deviation: Deviation::Right,
            first_bounce_mandatory: true,
            reverse_on_later_bounces: false,
            own_goal: OwnGoal::Forbidden,
            points_to_win: 5,
            max_plies_per_point: 500,
            repetition_limit: 3,
        }
    }
}

const INFO: &[OptionInfo] = &[
    OptionInfo {
        key: "kick_mode",
        values: "Original or StopBefore",
        default: "Original",
        meaning: "Original: the kicker takes the ball's cell. StopBefore (Winther): a kicker that \
                  slides at least one cell stops just before the ball, whose first leg may then \
                  have length zero; an adjacent kicker still takes the ball's cell.",
    },
    OptionInfo {
        key: "lob",
        values: "false or true",
        default: "false",
        meaning: "A kicker adjacent to the ball whose ball is blocked by a sage right behind it \
                  lobs the ball over that sage onto the next cell, if empty and enterable.",
    },
    OptionInfo {
        key: "deviation",
        values: "Right (90°) or Half (45°)",
        default: "Right",
        meaning: "How far the ball turns at a pivot (180° stays allowed at the first pivot).",
    },
    OptionInfo {
        key: "first_bounce_mandatory",
        values: "true or false",
        default: "true",
        meaning: "false: the first pivot is always also a legal stopping cell.",
    },
    OptionInfo {
        key: "reverse_on_later_bounces",
        values: "false or true",
        default: "false",
        meaning: "true: the ball may turn back 180° at every pivot, not only the first.",
    },
    OptionInfo {
        key: "own_goal",
        values: "Forbidden or ScoresForOpponent",
        default: "Forbidden",
        meaning: "Whether the ball may enter the kicker's own goal area; if it does, the \
                  opponent scores and the kicker's side, having conceded, moves again.",
    },
    OptionInfo {
        key: "points_to_win",
        values: "1 or more",
        default: "5",
        meaning: "The points that win the game.",
    },
    OptionInfo {
        key: "max_plies_per_point",
        values: "0 (off) or more",
        default: "500",
        meaning: "The game ends when this many plies pass without a point; more points wins.",
    },
    OptionInfo {
        key: "repetition_limit",
        values: "0 (off) or more",
        default: "3",
        meaning: "The game ends when a position occurs this many times; more points wins.",
    },
];

use board_kernel::options::{bad_value, squash};

impl GameOptions for Options {
    fn info() -> &'static [OptionInfo] {
        INFO
    }

    fn set(&mut self, key: &str, value: &str) -> Result<(), OptionError> {
        match key {
            "kick_mode" => {
                self.kick_mode = match squash(value).as_str() {
                    "original" => KickMode::Original,
                    "stopbefore" => KickMode::StopBefore,
                    _ => return Err(bad_value(key, value, "Original or StopBefore")),
                }
            }
            "lob" => self.lob = parse_bool(key, value)?,
            "deviation" => {
                self.deviation = match squash(value).as_str() {
                    "right" | "90" | "90°" => Deviation::Right,
                    "half" | "45" | "45°" => Deviation::Half,
                    _ => return Err(bad_value(key, value, "Right (90) or Half (45)")),
                }
            }
            "first_bounce_mandatory" => self.first_bounce_mandatory = parse_bool(key, value)?,
            "reverse_on_later_bounces" => self.reverse_on_later_bounces = parse_bool(key, value)?,
            "own_goal" => {
                self.own_goal = match squash(value).as_str() {
                    "forbidden" => OwnGoal::Forbidden,
                    "scoresforopponent" => OwnGoal::ScoresForOpponent,
                    _ => return Err(bad_value(key, value, "Forbidden or ScoresForOpponent")),
                }
            }
            "points_to_win" => self.points_to_win = parse_value(key, value, "a whole number ≥ 1")?,
            "max_plies_per_point" => {
                self.max_plies_per_point = parse_value(key, value, "a whole number (0 = off)")?
            }
            "repetition_limit" => {
                self.repetition_limit = parse_value(key, value, "a whole number (0 = off)")?
            }
            _ => return Err(unknown_key(key, INFO)),
        }
        Ok(())
    }

    fn values(&self) -> Vec<(&'static str, String)> {
        vec![
            ("kick_mode", format!("{:?}", self.kick_mode)),
            ("lob", self.lob.to_string()),
            ("deviation", format!("{:?}", self.deviation)),
            (
                "first_bounce_mandatory",
                self.first_bounce_mandatory.to_string(),
            ),
            (
                "reverse_on_later_bounces",
                self.reverse_on_later_bounces.to_string(),
            ),
            ("own_goal", format!("{:?}", self.own_goal)),
            ("points_to_win", self.points_to_win.to_string()),
            ("max_plies_per_point", self.max_plies_per_point.to_string()),
            ("repetition_limit", self.repetition_limit.to_string()),
        ]
    }

    fn validate(&self) -> Result<(), OptionError> {
        if self.points_to_win == 0 {
            return Err(OptionError::Invalid(
                "points_to_win must be at least 1".to_owned(),
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
        let mut o = Options::from_pairs([
            ("kick_mode", "STOPBEFORE"),
            ("deviation", "half"),
            ("own_goal", "scoresforopponent"),
            ("lob", "true"),
            ("points_to_win", "1"),
        ])
        .unwrap();
        let values = o.values();
        let mut back = Options::default();
        for (k, v) in &values {
            back.set(k, v).unwrap();
        }
        assert_eq!(back, o);
        o.points_to_win = 0;
        assert!(o.validate().is_err());
    }
}
