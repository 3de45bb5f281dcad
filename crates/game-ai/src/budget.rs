//! How long a searcher thinks about each move, as the player specs write it (`1000`,
//! `500ms`, `2s`): the one budget every searching player, its [`crate::control::Control`]
//! and the front ends share. The exact searches' own bounds (positions, depth, memory) are
//! [`crate::solver::SolveConfig`].

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use crate::SpecError;

/// How long a searcher thinks about each move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Budget {
    /// A number of search iterations (MCTS) or a depth (alpha-beta): reproducible.
    Count(u32),
    /// Wall-clock time per move: not reproducible, since it depends on the machine's load.
    Time(Duration),
}

impl fmt::Display for Budget {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Budget::Count(n) => write!(f, "{n}"),
            Budget::Time(d) if d.subsec_millis() == 0 && d.as_secs() > 0 => {
                write!(f, "{}s", d.as_secs())
            }
            Budget::Time(d) => write!(f, "{}ms", d.as_millis()),
        }
    }
}

impl Budget {
    /// The longest time per move a spec may ask for: a day. Longer budgets are typing
    /// mistakes, and unbounded ones would overflow the clock.
    pub const MAX_TIME: Duration = Duration::from_secs(24 * 60 * 60);
    /// The largest count a spec may ask for (MCTS iterations; alpha-beta depths are bounded
    /// further by [`crate::PlayerSpec::MAX_ALPHABETA_DEPTH`]).
    pub const MAX_COUNT: u32 = 1_000_000_000;
}

impl FromStr for Budget {
    type Err = SpecError;
    fn from_str(text: &str) -> Result<Budget, SpecError> {
        let excerpt = || board_kernel::excerpt(text);
        let bad = || SpecError::BadBudget(excerpt());
        let too_large = || SpecError::TooLarge(excerpt());
        let number = |digits: &str| {
            if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) {
                // All digits: too many of them is a size problem, not a spelling one.
                digits.parse::<u64>().map_err(|_| too_large())
            } else {
                Err(bad())
            }
        };
        let budget = if let Some(ms) = text.strip_suffix("ms") {
            Budget::Time(Duration::from_millis(number(ms)?))
        } else if let Some(s) = text.strip_suffix('s') {
            let secs = number(s)?;
            if secs > Budget::MAX_TIME.as_secs() {
                return Err(too_large());
            }
            Budget::Time(Duration::from_secs(secs))
        } else {
            Budget::Count(u32::try_from(number(text)?).map_err(|_| too_large())?)
        };
        match budget {
            Budget::Count(0) => Err(bad()),
            Budget::Time(d) if d.is_zero() => Err(bad()),
            Budget::Count(n) if n > Budget::MAX_COUNT => Err(too_large()),
            Budget::Time(d) if d > Budget::MAX_TIME => Err(too_large()),
            b => Ok(b),
        }
    }
}
