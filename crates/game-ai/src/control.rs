//! Steering a search while it runs: stopping it early and hearing what it has found so far.
//!
//! A program that searches on behalf of someone else — a protocol engine answering `stop`, a
//! browser that lets the person move now, a game server with a clock — needs three things
//! the plain [`Player::choose`](crate::Player::choose) does not give: a way to stop a search
//! from another thread ([`Stop`]), a time after which it stops by itself
//! ([`Control::deadline`]), and a report of its best line as it goes ([`Progress`]).
//! [`Player::choose_with`](crate::Player::choose_with) takes them in a [`Control`].
//!
//! A stopped search still answers: the searchers play the best move found so far (the most
//! visited MCTS child, the last completed alpha-beta depth's choice, a proven win the perfect
//! player found), after at least the smallest unit of work (one MCTS iteration), so the
//! answer is always a legal move. The checks are cheap — a relaxed atomic load per MCTS
//! iteration and per 1024 alpha-beta or solver positions — and a control that asks for
//! nothing leaves the search exactly as [`Player::choose`](crate::Player::choose) runs it:
//! a seeded player with a count budget plays the same moves either way.
//!
//! ```
//! use std::time::Duration;
//! use board_kernel::prelude::*;
//! use board_kernel::testing::{Nim, NimOptions};
//! use game_ai::control::{Control, Progress, Stop};
//! use game_ai::{AlphaBeta, AlphaBetaConfig, Budget, Player};
//! let game = Nim::with_options(NimOptions { stones: 10, max_take: 3 })?;
//! let mut player = AlphaBeta::<Nim>::new(AlphaBetaConfig { budget: Budget::Count(4), ..Default::default() }, 1);
//! let mut depths = Vec::new();
//! let mut listen = |p: &Progress<_>| depths.push(p.depth);
//! let mut control = Control { progress: Some(&mut listen), ..Control::default() };
//! let mv = player.choose_with(&game, &game.initial_state(), &mut control);
//! assert!(mv.is_some());
//! assert_eq!(depths, [1, 2, 3, 4]);
//! // A stop raised before the search: a legal move at once, whatever the budget.
//! let stop = Stop::new();
//! stop.stop();
//! let mut control = Control { stop: Some(stop), budget: Some(Budget::Time(Duration::from_secs(3600))), ..Control::default() };
//! assert!(player.choose_with(&game, &game.initial_state(), &mut control).is_some());
//! # Ok::<(), board_kernel::OptionError>(())
//! ```

use std::fmt;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use crate::{Budget, clock};

/// A shared flag that asks the searches holding it to stop and answer with their best move
/// so far. Clones share the flag: keep one, hand a clone to the search (on another thread),
/// and call [`Stop::stop`] on yours. A flag once raised stays raised; make a new one per
/// search.
#[derive(Clone, Debug, Default)]
pub struct Stop(Arc<AtomicBool>);

impl Stop {
    /// A flag not yet raised.
    #[must_use]
    pub fn new() -> Stop {
        Stop::default()
    }

    /// Raises the flag: every search holding a clone stops at its next check.
    pub fn stop(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    /// Whether the flag has been raised.
    #[must_use]
    pub fn is_stopped(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}

/// How good the best move found so far is, for the side to move.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Score {
    /// An estimate in `[-1, 1]`: 1 certainly won, -1 certainly lost (the static evaluation
    /// at the end of the line, or MCTS's mean reward mapped from `[0, 1]`).
    Estimate(f64),
    /// A proven win, in this many plies when the search knows.
    Win(Option<u32>),
    /// A proven draw.
    Draw,
    /// A proven loss, in this many plies when the search knows.
    Loss(Option<u32>),
}

impl Score {
    /// The score as a value in `[-1, 1]` for the side to move: a proof is 1, 0 or -1.
    #[must_use]
    pub fn value(self) -> f64 {
        match self {
            Score::Estimate(v) => v.clamp(-1.0, 1.0),
            Score::Win(_) => 1.0,
            Score::Draw => 0.0,
            Score::Loss(_) => -1.0,
        }
    }

    /// Whether a proven result stands behind the score.
    #[must_use]
    pub fn is_proven(self) -> bool {
        !matches!(self, Score::Estimate(_))
    }
}

/// The report a search's value is read from, among its progress reports (in order): the
/// last, except that for alpha-beta (`even_depths`) an estimate is taken from its deepest
/// completed search of an even depth. At an odd depth the side to move makes the last move
/// of every line and its captures go unanswered, so the estimate swings with the depth's
/// parity (Tower of Power's start: 0.0 at depths 2 and 4, +0.24 at 3 and 5); a time budget
/// ends one position's search at an odd depth and the next one's at an even depth, and
/// values compared across positions (an analysis graph, the mistakes found in a game) would
/// zigzag. A proven score stands at any depth.
#[must_use]
pub fn settled_report<M>(heard: &[Progress<M>], even_depths: bool) -> Option<&Progress<M>> {
    let last = heard.last()?;
    if !even_depths || last.score.is_proven() {
        return Some(last);
    }
    Some(
        heard
            .iter()
            .rev()
            .find(|p| p.depth % 2 == 0 && p.depth > 0)
            .unwrap_or(last),
    )
}

/// What a search has found so far: reported after each alpha-beta depth, every half second
/// of an MCTS search, and once at the end of every search.
#[derive(Clone, Debug, PartialEq)]
pub struct Progress<M> {
    /// The depth searched: alpha-beta's last completed depth, the length of MCTS's most
    /// visited line, 1 for the perfect player's proof of the move.
    pub depth: u32,
    /// Work done: positions visited (alpha-beta, the solver) or iterations run (MCTS).
    pub nodes: u64,
    /// The value of the best move for the side to move.
    pub score: Score,
    /// The time since the search began.
    pub elapsed: Duration,
    /// The principal line, the best move first (at least that move).
    pub line: Vec<M>,
}

/// What hears a search's [`Progress`].
pub type Listener<'a, M> = dyn FnMut(&Progress<M>) + 'a;

/// How one search is run: everything left at its default asks for nothing, and the search
/// runs as [`Player::choose`](crate::Player::choose) would.
pub struct Control<'a, M> {
    /// Stops the search when raised.
    pub stop: Option<Stop>,
    /// Replaces the player's budget for this move, in its own units: MCTS iterations or time,
    /// alpha-beta depth or time, the perfect player's positions (a time is its deadline).
    /// The random player has none.
    ///
    /// Under a time limit the perfect player's proofs take half of it, and its fallback
    /// (MCTS, when nothing is proven) the rest.
    pub budget: Option<Budget>,
    /// Stops the search this long after it began, whatever its budget (the perfect player's
    /// proofs included): a hard limit for clocks.
    pub deadline: Option<Duration>,
    /// Hears the search's progress.
    pub progress: Option<&'a mut Listener<'a, M>>,
}

impl<M> Default for Control<'_, M> {
    fn default() -> Self {
        Control {
            stop: None,
            budget: None,
            deadline: None,
            progress: None,
        }
    }
}

impl<M> fmt::Debug for Control<'_, M> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Control")
            .field("stop", &self.stop)
            .field("budget", &self.budget)
            .field("deadline", &self.deadline)
            .field("progress", &self.progress.is_some())
            .finish()
    }
}

impl<M> Control<'_, M> {
    /// Whether the search begun at `started` (a [`clock::now_ms`] reading) must stop now: the
    /// flag is raised or the deadline has passed.
    #[must_use]
    pub fn expired(&self, started: f64) -> bool {
        self.stop.as_ref().is_some_and(Stop::is_stopped)
            || self
                .deadline
                .is_some_and(|limit| clock::since(started) >= limit)
    }

    /// Whether anyone listens to the progress (so a search computes its line only then).
    #[must_use]
    pub fn listening(&self) -> bool {
        self.progress.is_some()
    }

    /// Hands `progress` to the listener, if any.
    pub fn report(&mut self, progress: &Progress<M>) {
        if let Some(listen) = self.progress.as_mut() {
            listen(progress);
        }
    }

    /// The time limit a time budget or the deadline sets for a search begun at `started`, as
    /// a [`clock::now_ms`] reading: the earlier of the two.
    #[must_use]
    pub fn time_limit(&self, budget: Budget, started: f64) -> Option<f64> {
        let from_budget = match budget {
            Budget::Time(t) => Some(t),
            Budget::Count(_) => None,
        };
        [from_budget, self.deadline]
            .into_iter()
            .flatten()
            .min()
            .map(|t| started + t.as_secs_f64() * 1000.0)
    }
}

/// Whether a search holding `stop` and ending at `deadline` (a [`clock::now_ms`] reading)
/// must stop now: the check the depth-first searches make every 1024 positions.
pub(crate) fn due(stop: Option<&Stop>, deadline: Option<f64>) -> bool {
    deadline.is_some_and(|at| clock::now_ms() >= at) || stop.is_some_and(Stop::is_stopped)
}

#[cfg(test)]
mod tests {
    fn report(depth: u32, score: Score) -> Progress<u8> {
        Progress {
            depth,
            nodes: 0,
            score,
            elapsed: Duration::ZERO,
            line: vec![depth as u8],
        }
    }

    #[test]
    fn the_deepest_even_depth_gives_an_estimate_and_a_proof_stands_at_any_depth() {
        let heard = [
            report(1, Score::Estimate(0.3)),
            report(2, Score::Estimate(0.0)),
            report(3, Score::Estimate(0.25)),
        ];
        let score = |h: &[Progress<u8>], even| settled_report(h, even).map(|p| p.score);
        assert_eq!(score(&heard, true), Some(Score::Estimate(0.0)));
        assert_eq!(settled_report(&heard, true).unwrap().line, [2]);
        assert_eq!(score(&heard, false), Some(Score::Estimate(0.25)));
        assert_eq!(score(&heard[..1], true), Some(Score::Estimate(0.3)));
        let proven = [
            report(2, Score::Estimate(0.0)),
            report(3, Score::Win(Some(3))),
        ];
        assert_eq!(score(&proven, true), Some(Score::Win(Some(3))));
        assert_eq!(score(&[], true), None);
        assert_eq!(Score::Win(None).value(), 1.0);
        assert_eq!(Score::Estimate(1.7).value(), 1.0);
        assert!(Score::Draw.is_proven() && !Score::Estimate(0.0).is_proven());
    }

    use super::*;

    #[test]
    fn a_clone_shares_the_flag() {
        let stop = Stop::new();
        let held = stop.clone();
        assert!(!held.is_stopped());
        let control: Control<'_, ()> = Control {
            stop: Some(held),
            ..Control::default()
        };
        assert!(!control.expired(clock::now_ms()));
        stop.stop();
        assert!(control.expired(clock::now_ms()));
    }

    #[test]
    fn the_deadline_and_a_time_budget_give_the_earlier_limit() {
        let control: Control<'_, ()> = Control {
            deadline: Some(Duration::from_millis(300)),
            ..Control::default()
        };
        let limit = |budget| control.time_limit(budget, 1000.0);
        assert_eq!(limit(Budget::Count(5)), Some(1300.0));
        assert_eq!(
            limit(Budget::Time(Duration::from_millis(100))),
            Some(1100.0)
        );
        assert_eq!(limit(Budget::Time(Duration::from_secs(1))), Some(1300.0));
        assert!(control.expired(clock::now_ms() - 301.0));
        assert!(!control.expired(clock::now_ms()));
        let free: Control<'_, ()> = Control::default();
        assert_eq!(free.time_limit(Budget::Count(5), 0.0), None);
        assert!(!free.expired(f64::NEG_INFINITY));
    }
}
