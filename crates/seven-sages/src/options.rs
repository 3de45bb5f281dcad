//! The options of §8: the original rules by default, Winther's variants on request, declared
//! as one table.

board_kernel::option_enum! {
    /// Where a kicking sage ends (§4.2, §9.3).
    pub enum KickMode {
        /// The original rules: the kicker takes the ball's cell.
        #[default]
        Original,
        /// Winther's version: a kicker that slid at least one cell stops just before the ball.
        StopBefore,
    }
}

board_kernel::option_enum! {
    /// How far the ball turns at a pivot (§8).
    pub enum Deviation {
        /// ±90° (the original rules).
        #[default]
        Right | "90" | "90°",
        /// ±45° (Winther's alternative).
        Half | "45" | "45°",
    }
}

board_kernel::option_enum! {
    /// Whether the ball may enter the kicker's own goal area (§8, §9.10).
    pub enum OwnGoal {
        /// The own goal area is a wall for the ball, like the outside.
        #[default]
        Forbidden,
        /// The ball may enter it; the opponent scores.
        ScoresForOpponent,
    }
}

board_kernel::game_options! {
    /// The options of a game of Seven Sages; `Default` is the original rules of the spec.
    ///
    /// ```
    /// use seven_sages::{GameOptions, KickMode, Options};
    /// let options = Options::from_pairs([("kick_mode", "stopbefore"), ("lob", "on")])?;
    /// assert_eq!(options.kick_mode, KickMode::StopBefore);
    /// assert!(options.lob);
    /// assert!(Options::from_pairs([("points_to_win", "0")]).is_err());
    /// # Ok::<(), seven_sages::OptionError>(())
    /// ```
    #[derive(Copy)]
    pub struct Options {
        /// `kick_mode`: where the kicker ends.
        kick_mode: KickMode = KickMode::Original => {
            values: "Original or StopBefore",
            meaning: "Original: the kicker takes the ball's cell. StopBefore (Winther): a kicker that \
                      slides at least one cell stops just before the ball, whose first leg may then \
                      have length zero; an adjacent kicker still takes the ball's cell.",
        },
        /// `lob`: an adjacent kicker may lob a blocked ball over the stone behind it.
        lob: bool = false => {
            values: "on or off",
            meaning: "A kicker adjacent to the ball whose ball is blocked by a sage right behind it \
                      lobs the ball over that sage onto the next cell, if empty and enterable.",
        },
        /// `deviation`: the turn at a pivot.
        deviation: Deviation = Deviation::Right => {
            values: "Right (90°) or Half (45°)",
            meaning: "How far the ball turns at a pivot (180° stays allowed at the first pivot).",
        },
        /// `first_bounce_mandatory`: whether the ball must leave the first pivot when it can.
        first_bounce_mandatory: bool = true => {
            values: "on or off",
            meaning: "off: the first pivot is always also a legal stopping cell.",
        },
        /// `reverse_on_later_bounces`: whether 180° turns are allowed at every pivot.
        reverse_on_later_bounces: bool = false => {
            values: "on or off",
            meaning: "on: the ball may turn back 180° at every pivot, not only the first.",
        },
        /// `own_goal`: whether the ball may enter the kicker's own goal area.
        own_goal: OwnGoal = OwnGoal::Forbidden => {
            values: "Forbidden or ScoresForOpponent",
            meaning: "Whether the ball may enter the kicker's own goal area; if it does, the \
                      opponent scores and the kicker's side, having conceded, moves again.",
        },
        /// `points_to_win`: points that win the game (at least 1).
        points_to_win: u32 = 5 => {
            values: "1 or more",
            meaning: "The points that win the game.",
            valid: |v| *v >= 1,
        },
        /// `max_plies_per_point`: plies without a point that end the game (0 = off).
        max_plies_per_point: u32 = 500 => {
            values: "0 (off) or more",
            meaning: "The game ends when this many plies pass without a point; more points wins.",
        },
        /// `repetition_limit`: occurrences of a position that end the game (0 = off).
        repetition_limit: u32 = 3 => {
            values: "0 (off), or 2 or more",
            meaning: "The game ends when a position occurs this many times; more points wins.",
            aliases: ["repetition_draw"],
            // 1 would end every game at its first position (found by the options fuzz target).
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
        board_kernel::options::check_table::<Options>().unwrap();
    }
}
