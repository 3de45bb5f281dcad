//! Game clocks, judged by the server: none, Fischer (a base time and an increment after each
//! move) or a fixed time for each move.
//!
//! Times are wall-clock milliseconds since the Unix epoch, so several server processes on one
//! database (on one machine or with synchronised clocks) judge a game alike. A clock runs
//! from the first move on: the first mover is never flagged while the opponent has not yet
//! come to the board. The side to move's flag falls when its time runs out: the game is lost
//! on time (none of the games' rules make a flag fall a draw).

use serde::{Deserialize, Serialize};

/// The shortest base or move time accepted: half a second.
pub const MIN_TIME_MS: i64 = 500;
/// The longest base or move time accepted: a day.
pub const MAX_TIME_MS: i64 = 24 * 3600 * 1000;
/// The largest increment accepted: an hour.
pub const MAX_INCREMENT_MS: i64 = 3600 * 1000;

/// How a game is timed.
///
/// A field the kind does not have is refused (`{"kind": "none", "base_ms": 1}` too: `None`
/// is an empty struct variant because serde lets any field through a unit variant of an
/// internally tagged enum).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum ClockSpec {
    /// No clock.
    None {},
    /// Each side has `base_ms` for the game and gains `increment_ms` after each move.
    Fischer {
        /// Each side's starting time.
        base_ms: i64,
        /// Added to the mover's time after each move.
        increment_ms: i64,
    },
    /// Each move must be made within `ms`.
    Move {
        /// The time for every move.
        ms: i64,
    },
}

impl Default for ClockSpec {
    fn default() -> ClockSpec {
        ClockSpec::None {}
    }
}

impl ClockSpec {
    /// Checks the times are within bounds.
    ///
    /// # Errors
    /// A time outside [`MIN_TIME_MS`]..=[`MAX_TIME_MS`] or an increment outside
    /// 0..=[`MAX_INCREMENT_MS`], saying which.
    pub fn validate(&self) -> Result<(), String> {
        let time = |what: &str, ms: i64| {
            if (MIN_TIME_MS..=MAX_TIME_MS).contains(&ms) {
                Ok(())
            } else {
                Err(format!(
                    "clock: {what} must be between {MIN_TIME_MS} and {MAX_TIME_MS} ms, not {ms}"
                ))
            }
        };
        match *self {
            ClockSpec::None {} => Ok(()),
            ClockSpec::Fischer {
                base_ms,
                increment_ms,
            } => {
                time("base_ms", base_ms)?;
                if (0..=MAX_INCREMENT_MS).contains(&increment_ms) {
                    Ok(())
                } else {
                    Err(format!(
                        "clock: increment_ms must be between 0 and {MAX_INCREMENT_MS}, not {increment_ms}"
                    ))
                }
            }
            ClockSpec::Move { ms } => time("ms", ms),
        }
    }

    /// Each side's time before the first move.
    #[must_use]
    pub fn initial(&self) -> [i64; 2] {
        match *self {
            ClockSpec::None {} => [0, 0],
            ClockSpec::Fischer { base_ms, .. } => [base_ms, base_ms],
            ClockSpec::Move { ms } => [ms, ms],
        }
    }
}

/// A clock between moves: each side's time at the start of the current turn, and when that
/// turn started (`None` while no clock runs: no clock, before the first move, or the game
/// over).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Clock {
    /// Each side's remaining time, White first, as of `turn_started_ms`.
    pub remaining_ms: [i64; 2],
    /// When the side to move's time started running.
    pub turn_started_ms: Option<i64>,
}

impl Clock {
    /// A clock before the first move.
    #[must_use]
    pub fn new(spec: &ClockSpec) -> Clock {
        Clock {
            remaining_ms: spec.initial(),
            turn_started_ms: None,
        }
    }

    /// When the flag of `to_move` falls, if a clock runs.
    #[must_use]
    pub fn deadline(&self, spec: &ClockSpec, to_move: usize) -> Option<i64> {
        match spec {
            ClockSpec::None {} => None,
            _ => self
                .turn_started_ms
                .map(|start| start.saturating_add(self.remaining_ms[to_move])),
        }
    }

    /// Each side's time at `now`, the running clock counted down (never below zero).
    #[must_use]
    pub fn at(&self, to_move: usize, now: i64) -> [i64; 2] {
        let mut times = self.remaining_ms;
        if let Some(start) = self.turn_started_ms {
            times[to_move] = (times[to_move] - (now - start).max(0)).max(0);
        }
        times
    }

    /// The clock after `mover` moved at `now` (before its deadline) and `next` is to move.
    #[must_use]
    pub fn after_move(&self, spec: &ClockSpec, mover: usize, now: i64) -> Clock {
        self.after_move_charged(spec, mover, now, now)
    }

    /// The clock after `mover` moved at `now`, its time counted only until `charged_until`
    /// (a computer seat's search ended then; its wait for a thread is not its time); the
    /// opponent's time runs from `now`.
    #[must_use]
    pub fn after_move_charged(
        &self,
        spec: &ClockSpec,
        mover: usize,
        charged_until: i64,
        now: i64,
    ) -> Clock {
        let mut remaining_ms = self.at(mover, charged_until);
        match *spec {
            ClockSpec::None {} => return *self,
            ClockSpec::Fischer { increment_ms, .. } => remaining_ms[mover] += increment_ms,
            ClockSpec::Move { ms } => remaining_ms = [ms, ms],
        }
        Clock {
            remaining_ms,
            turn_started_ms: Some(now),
        }
    }

    /// The clock stopped at `now` (the game is over): the side to move's time is counted.
    #[must_use]
    pub fn stopped(&self, to_move: usize, now: i64) -> Clock {
        Clock {
            remaining_ms: self.at(to_move, now),
            turn_started_ms: None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const FISCHER: ClockSpec = ClockSpec::Fischer {
        base_ms: 60_000,
        increment_ms: 2_000,
    };

    #[test]
    fn the_first_move_starts_the_clock() {
        let clock = Clock::new(&FISCHER);
        assert_eq!(clock.deadline(&FISCHER, 0), None);
        // White thought 10 s over the first move: not counted.
        let clock = clock.after_move(&FISCHER, 0, 10_000);
        assert_eq!(clock.remaining_ms, [62_000, 60_000]);
        assert_eq!(clock.deadline(&FISCHER, 1), Some(70_000));
    }

    #[test]
    fn fischer_counts_down_and_adds_the_increment() {
        let clock = Clock {
            remaining_ms: [62_000, 60_000],
            turn_started_ms: Some(10_000),
        };
        assert_eq!(clock.at(1, 25_000), [62_000, 45_000]);
        let clock = clock.after_move(&FISCHER, 1, 25_000);
        assert_eq!(clock.remaining_ms, [62_000, 47_000]);
        assert_eq!(clock.deadline(&FISCHER, 0), Some(87_000));
        // Time never shows below zero.
        assert_eq!(clock.at(0, 1_000_000), [0, 47_000]);
    }

    #[test]
    fn a_move_clock_restarts_each_move() {
        let spec = ClockSpec::Move { ms: 5_000 };
        let clock = Clock::new(&spec).after_move(&spec, 0, 100);
        let clock = clock.after_move(&spec, 1, 4_000);
        assert_eq!(clock.remaining_ms, [5_000, 5_000]);
        assert_eq!(clock.deadline(&spec, 0), Some(9_000));
    }

    #[test]
    fn no_clock_never_runs() {
        let spec = ClockSpec::None {};
        let clock = Clock::new(&spec).after_move(&spec, 0, 100);
        assert_eq!(clock.deadline(&spec, 1), None);
    }

    #[test]
    fn stopping_counts_the_running_time() {
        let clock = Clock {
            remaining_ms: [10_000, 10_000],
            turn_started_ms: Some(0),
        };
        let stopped = clock.stopped(1, 4_000);
        assert_eq!(stopped.remaining_ms, [10_000, 6_000]);
        assert_eq!(stopped.deadline(&FISCHER, 1), None);
    }

    #[test]
    fn a_computer_seat_is_charged_its_search_only() {
        let clock = Clock {
            remaining_ms: [60_000, 60_000],
            turn_started_ms: Some(10_000),
        };
        // Its turn started at 10 s; it waited for a thread until 14 s and thought for 1 s.
        let after = clock.after_move_charged(&FISCHER, 1, 11_000, 15_000);
        assert_eq!(after.remaining_ms[1], 60_000 - 1_000 + 2_000);
        assert_eq!(after.remaining_ms[0], 60_000);
        // The opponent's time runs from the move, not from the end of the search.
        assert_eq!(after.turn_started_ms, Some(15_000));
        // A person's move is charged to the moment it came.
        let person = clock.after_move(&FISCHER, 1, 15_000);
        assert_eq!(person.remaining_ms[1], 60_000 - 5_000 + 2_000);
    }

    #[test]
    fn times_out_of_bounds_are_refused() {
        assert!(FISCHER.validate().is_ok());
        let short = ClockSpec::Move { ms: 10 };
        assert!(short.validate().unwrap_err().contains("ms must be between"));
        let negative = ClockSpec::Fischer {
            base_ms: 60_000,
            increment_ms: -1,
        };
        assert!(negative.validate().unwrap_err().contains("increment_ms"));
    }
}
