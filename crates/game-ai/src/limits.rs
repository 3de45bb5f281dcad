//! The limits every exact search shares ([`crate::solver`] and [`crate::distance`]): how
//! many positions, how deep, how long and how much memory, and the checks of the clock and
//! of the memory of a search's path. A player's think time per move is a [`crate::Budget`],
//! elsewhere: these limits bound proofs, which answer "unknown" rather than guess.

use std::time::Duration;

use board_kernel::prelude::*;

use crate::clock;

/// The limits of an exact search, the solver's or a race's. A search that reaches any of them
/// answers [`Value::Unknown`](crate::solver::Value::Unknown) (or, for [`crate::distance`],
/// [`Race::Unknown`](crate::distance::Race::Unknown)) instead of guessing.
///
/// Time: a position visited costs one listing of its moves and playing each of them once;
/// only where it has few moves (at most 110 for the solver, 256 for the races) are its
/// moves ordered by a look at each one's replies, which costs a listing each. So
/// `max_nodes` bounds the work in listings whatever the game's width, and `max_time` the
/// wall time: the clock is read at every position and every look ahead, so a search runs
/// over by at most one position's work (seconds where a position has hundreds of thousands
/// of moves).
///
/// Memory: the table holds at most `table_entries` entries; the path from the searched
/// position to the one being visited (at most `max_depth` positions, each kept with its
/// list of moves while its children are searched) at most `max_path_bytes`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SolveConfig {
    /// Positions visited at most before the answer is [`Value::Unknown`](crate::solver::Value::Unknown).
    pub max_nodes: u64,
    /// Transposition-table entries kept at most (the table is cleared when full).
    pub table_entries: usize,
    /// Plies searched at most below the position before the answer is [`Value::Unknown`](crate::solver::Value::Unknown)
    /// (which also bounds the recursion's stack).
    pub max_depth: u32,
    /// Wall time a call takes at most (all its searches together) before the answer is
    /// [`Value::Unknown`](crate::solver::Value::Unknown); `None`: no limit, and the clock is never read (results then
    /// depend on nothing but the budget of positions).
    pub max_time: Option<Duration>,
    /// Bytes the positions on the search's path and their move lists take at most, beyond
    /// which the answer is [`Value::Unknown`](crate::solver::Value::Unknown).
    pub max_path_bytes: usize,
}

impl Default for SolveConfig {
    fn default() -> Self {
        SolveConfig {
            max_nodes: 100_000_000,
            table_entries: 1 << 24,
            max_depth: 256,
            max_time: None,
            max_path_bytes: 512 << 20,
        }
    }
}

/// The bounds every search of [`crate::solver`] and [`crate::distance`] checks besides its
/// count of positions: the clock and the memory of the path.
pub(crate) struct Limits {
    /// When to stop, in [`clock::now_ms`] milliseconds.
    deadline: Option<f64>,
    max_path_bytes: usize,
    path_bytes: usize,
}

impl Limits {
    /// The limits of one call under `config`, its clock starting now.
    pub(crate) fn new(config: &SolveConfig) -> Limits {
        Limits {
            deadline: config
                .max_time
                .map(|t| clock::now_ms() + t.as_secs_f64() * 1000.0),
            max_path_bytes: config.max_path_bytes,
            path_bytes: 0,
        }
    }

    /// The time left, for a call made within this one (`None`: no limit).
    pub(crate) fn left(&self) -> Option<Duration> {
        self.deadline
            .map(|end| Duration::from_secs_f64(((end - clock::now_ms()) / 1000.0).max(0.0)))
    }

    /// Whether the call's time is up (never, without a time limit).
    pub(crate) fn out_of_time(&self) -> bool {
        self.deadline.is_some_and(|end| clock::now_ms() >= end)
    }

    /// Takes `bytes` for a position on the path; `false`, taking nothing, beyond the bound.
    pub(crate) fn hold(&mut self, bytes: usize) -> bool {
        match self.path_bytes.checked_add(bytes) {
            Some(total) if total <= self.max_path_bytes => {
                self.path_bytes = total;
                true
            }
            _ => false,
        }
    }

    /// Gives back what [`Limits::hold`] took.
    pub(crate) fn release(&mut self, bytes: usize) {
        self.path_bytes -= bytes;
    }
}

/// What a position on a search's path holds: the state (its repetition history included),
/// its list of moves and `per_move` bytes of bookkeeping for each.
pub(crate) fn path_bytes<G: Game>(
    game: &G,
    state: &G::State,
    moves: &Vec<G::Move>,
    per_move: usize,
) -> usize {
    std::mem::size_of::<G::State>()
        + std::mem::size_of_val(game.history(state))
        + moves.capacity() * (std::mem::size_of::<G::Move>() + per_move)
}
