//! # game-ai
//!
//! Computer players for every tower-games engine, written once over the game contract
//! ([`board_kernel::Game`]) and monomorphised per game: no string round trips in search.
//!
//! - [`RandomPlayer`]: a uniformly random legal move.
//! - [`Mcts`]: Monte Carlo tree search with UCT selection, random (or lightly biased) rollouts
//!   capped in length, a budget in iterations or wall time; deterministic for a given seed
//!   and iteration budget.
//! - [`AlphaBeta`]: iterative-deepening alpha-beta (minimax that does not assume the sides
//!   alternate) over the game's [`Search::heuristic`](board_kernel::Search::heuristic), falling
//!   back to the score difference.
//! - [`solver::Perfect`]: the exact solver's choice — a proven win, else a proven draw, else
//!   MCTS.
//!
//! Every move is a whole turn (the contract's rule), so multi-step turns, passes, extra turns
//! and the resets between rounds of scoring games need nothing special here; the players
//! only ask the game whose turn it is.
//!
//! [`arena`] plays games and seeded series between players across threads; [`tournament`]
//! measures players against each other (round robins, Elo with intervals, SPRT); [`solver`]
//! proves the value of a position.
//!
//! ```
//! use board_kernel::prelude::*;
//! use board_kernel::testing::Nim;
//! use game_ai::{Player, PlayerSpec};
//! let game = Nim::default();
//! let mut mcts = "mcts:500".parse::<PlayerSpec>()?.build::<Nim>(7);
//! // With 10 stones and takes of 1 to 3, taking 2 leaves a multiple of 4: the winning move.
//! let mv = mcts.choose(&game, &game.initial_state()).unwrap();
//! assert_eq!(mv.0, 2);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub mod alphabeta;
pub mod arena;
mod bound;
mod budget;
pub mod clock;
pub mod control;
pub mod distance;
pub mod eval;
pub mod knowledge;
mod limits;
pub mod mcts;
pub mod puct;
mod random;
pub mod solver;
pub mod tournament;

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use board_kernel::Game;
use thiserror::Error;

pub use alphabeta::{AlphaBeta, AlphaBetaConfig};
pub use budget::Budget;
pub use knowledge::{EvaluatorMaker, Knowledge};
pub use mcts::{Mcts, MctsConfig, Rollout};
pub use random::RandomPlayer;

/// A computer player for the game `G`.
///
/// A player may keep state between moves (its random generator), so it is `&mut`. It is
/// `Send` so a series can run its games on several threads.
pub trait Player<G: Game>: Send {
    /// The player's spec text (`random`, `mcts:1000`, `alphabeta:4`).
    fn name(&self) -> String;

    /// The move to play in `state`, or `None` when the game is over (or the player
    /// forfeits: see [`Player::forfeit`]).
    fn choose(&mut self, game: &G, state: &G::State) -> Option<G::Move>;

    /// [`Player::choose`] under `control`: stopped early by its flag or deadline (answering
    /// with the best move found so far), with its budget replaced for this move, its progress
    /// reported. The default ignores the control: right for players that do not search.
    fn choose_with(
        &mut self,
        game: &G,
        state: &G::State,
        control: &mut control::Control<'_, G::Move>,
    ) -> Option<G::Move> {
        let _ = control;
        self.choose(game, state)
    }

    /// Why the player gave the game up, after [`Player::choose`] answered `None` in an
    /// ongoing position: an outside engine that crashed, sent an illegal move or ran out of
    /// time. The game is then lost by this player. `None` (the default) for players that
    /// always move.
    fn forfeit(&self) -> Option<String> {
        None
    }

    /// A one-line account of the last search for people (iterations, depth, expected
    /// result), when the player searched.
    fn report(&self) -> Option<String> {
        None
    }
}

/// A boxed player plays as the player in the box.
impl<G: Game, P: Player<G> + ?Sized> Player<G> for Box<P> {
    fn name(&self) -> String {
        (**self).name()
    }
    fn choose(&mut self, game: &G, state: &G::State) -> Option<G::Move> {
        (**self).choose(game, state)
    }
    fn choose_with(
        &mut self,
        game: &G,
        state: &G::State,
        control: &mut control::Control<'_, G::Move>,
    ) -> Option<G::Move> {
        (**self).choose_with(game, state, control)
    }
    fn forfeit(&self) -> Option<String> {
        (**self).forfeit()
    }
    fn report(&self) -> Option<String> {
        (**self).report()
    }
}

/// A computer player described in text: `random`, `mcts[:BUDGET]` (`mcts-fresh[:BUDGET]`
/// without tree reuse), `alphabeta[:BUDGET]` or `perfect[:BUDGET]`, where a budget is a count (MCTS iterations, alpha-beta depth) or a
/// time per move (`500ms`, `2s`), and a perfect player's count is the positions its proofs
/// may visit per move (within [`PlayerSpec::DEFAULT_PERFECT_TIME`]).
///
/// ```
/// use game_ai::{Budget, PlayerSpec};
/// let spec: PlayerSpec = "mcts:2000".parse()?;
/// assert_eq!(spec, PlayerSpec::Mcts(Budget::Count(2000)));
/// assert_eq!("alphabeta".parse::<PlayerSpec>()?.to_string(), "alphabeta:4");
/// assert!("mcts:0".parse::<PlayerSpec>().is_err());
/// # Ok::<(), game_ai::SpecError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlayerSpec {
    /// [`RandomPlayer`].
    Random,
    /// [`Mcts`] with this many iterations or this much time per move.
    Mcts(Budget),
    /// [`Mcts`] building a fresh tree every move (`mcts-fresh`), without reusing the part
    /// of the previous move's tree below the position reached: the yardstick that tree
    /// reuse is measured against (docs/AI.md).
    MctsFresh(Budget),
    /// [`AlphaBeta`] to this depth, or deepening until this much time has passed.
    AlphaBeta(Budget),
    /// [`solver::Perfect`]: proven wins and draws, each move's proofs visiting at most this
    /// many positions within [`PlayerSpec::DEFAULT_PERFECT_TIME`], or searching for this
    /// much time; MCTS when nothing is proven.
    Perfect(Budget),
    /// The learned player ([`puct::Puct`] guided by the game's trained network): this many
    /// simulations, or this much time, per move. It needs the network from a
    /// [`Knowledge`]; without one it refuses to play ([`knowledge::Unavailable`]).
    Neural(Budget),
}

impl PlayerSpec {
    /// MCTS iterations per move when the spec gives none.
    pub const DEFAULT_MCTS_ITERATIONS: u32 = 1000;
    /// Alpha-beta depth when the spec gives none.
    pub const DEFAULT_ALPHABETA_DEPTH: u32 = 4;
    /// Simulations per move of the learned player when the spec gives none.
    pub const DEFAULT_NEURAL_SIMULATIONS: u32 = 800;
    /// The deepest alpha-beta search a spec may ask for: the depth a timed search stops at
    /// too ([`AlphaBetaConfig::max_depth`]'s default).
    pub const MAX_ALPHABETA_DEPTH: u32 = 64;
    /// Positions a perfect player's proofs may visit per move when the spec gives none: enough
    /// for Kamisado's single round from the start (about 5.3 million), and about a minute a
    /// move at most where nothing can be proven.
    pub const DEFAULT_PERFECT_POSITIONS: u32 = 10_000_000;
    /// The time a perfect player's move takes at most when its budget is a count of
    /// positions: where a position has hundreds of thousands of moves (Chain Reaction with
    /// ten segments a turn) even a few positions take minutes.
    pub const DEFAULT_PERFECT_TIME: Duration = Duration::from_secs(60);

    /// The player for game `G`, its randomness seeded with `seed`, knowing nothing of the
    /// game beyond its rules (a learned player then cannot play: see
    /// [`PlayerSpec::build_with`]).
    #[must_use]
    pub fn build<G: Game>(&self, seed: u64) -> Box<dyn Player<G>> {
        self.build_with(seed, &Knowledge::default())
    }

    /// Whether the player can play with `knowledge`: `Err` with the reason for a learned
    /// player without its network. Front ends ask before a game starts.
    pub fn check<G: Game>(&self, knowledge: &Knowledge<G>) -> Result<(), String> {
        match self {
            PlayerSpec::Neural(_) => knowledge
                .network
                .as_ref()
                .map(|_| ())
                .map_err(|why| format!("{self}: {why}")),
            _ => Ok(()),
        }
    }

    /// [`PlayerSpec::build`] with the game's `knowledge`: a perfect player asks its end-game
    /// oracle first ([`solver::Perfect::with_oracle`]), a learned player searches with its
    /// network; the other players have no use for it.
    #[must_use]
    pub fn build_with<G: Game>(&self, seed: u64, knowledge: &Knowledge<G>) -> Box<dyn Player<G>> {
        let oracle = knowledge.oracle.as_ref();
        match *self {
            PlayerSpec::Random => Box::new(RandomPlayer::new(seed)),
            PlayerSpec::Mcts(budget) => Box::new(Mcts::new(
                MctsConfig {
                    budget,
                    ..MctsConfig::default()
                },
                seed,
            )),
            PlayerSpec::MctsFresh(budget) => Box::new(Mcts::new(
                MctsConfig {
                    budget,
                    reuse_tree: false,
                    ..MctsConfig::default()
                },
                seed,
            )),
            PlayerSpec::AlphaBeta(budget) => Box::new(AlphaBeta::new(
                AlphaBetaConfig {
                    budget,
                    ..AlphaBetaConfig::default()
                },
                seed,
            )),
            PlayerSpec::Perfect(budget) => {
                let (max_nodes, max_time) = match budget {
                    Budget::Count(positions) => (u64::from(positions), Self::DEFAULT_PERFECT_TIME),
                    Budget::Time(time) => (u64::MAX, time),
                };
                let perfect = solver::Perfect::new(
                    solver::SolveConfig {
                        max_nodes,
                        max_time: Some(max_time),
                        ..solver::SolveConfig::default()
                    },
                    seed,
                );
                Box::new(match oracle {
                    Some(oracle) => perfect.with_oracle(oracle.clone()),
                    None => perfect,
                })
            }
            PlayerSpec::Neural(budget) => match &knowledge.network {
                Ok(make) => Box::new(puct::Puct::new(
                    self.to_string(),
                    puct::PuctConfig {
                        budget,
                        ..puct::PuctConfig::default()
                    },
                    make(),
                    seed,
                )),
                Err(why) => Box::new(knowledge::Unavailable::new(self.to_string(), why.clone())),
            },
        }
    }
}

impl fmt::Display for PlayerSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayerSpec::Random => f.write_str("random"),
            PlayerSpec::Mcts(b) => write!(f, "mcts:{b}"),
            PlayerSpec::MctsFresh(b) => write!(f, "mcts-fresh:{b}"),
            PlayerSpec::AlphaBeta(b) => write!(f, "alphabeta:{b}"),
            PlayerSpec::Perfect(Budget::Count(Self::DEFAULT_PERFECT_POSITIONS)) => {
                f.write_str("perfect")
            }
            PlayerSpec::Perfect(b) => write!(f, "perfect:{b}"),
            PlayerSpec::Neural(b) => write!(f, "neural:{b}"),
        }
    }
}

/// A player spec that could not be read.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum SpecError {
    /// Not one of the player kinds.
    #[error(
        "unknown player `{0}`: expected random, mcts[:ITERS|TIME], mcts-fresh[:ITERS|TIME], alphabeta[:DEPTH|TIME], perfect[:POSITIONS|TIME] or neural[:SIMULATIONS|TIME]"
    )]
    UnknownKind(String),
    /// The budget after the colon is not a positive count or time.
    #[error("bad budget `{0}`: expected a positive count, or a time like `500ms` or `2s`")]
    BadBudget(String),
    /// The budget is beyond the limits: at most a day per move, a billion MCTS iterations
    /// and alpha-beta depth 64.
    #[error(
        "budget too large in `{0}`: at most 1000000000 iterations, alpha-beta depth 64 and 86400s (a day) per move"
    )]
    TooLarge(String),
}

impl FromStr for PlayerSpec {
    type Err = SpecError;
    fn from_str(text: &str) -> Result<PlayerSpec, SpecError> {
        let text = text.trim();
        let (kind, budget) = match text.split_once(':') {
            Some((k, b)) => (k, Some(b.trim().parse::<Budget>()?)),
            None => (text, None),
        };
        match kind.to_ascii_lowercase().as_str() {
            "random" if budget.is_none() => Ok(PlayerSpec::Random),
            "mcts" => Ok(PlayerSpec::Mcts(
                budget.unwrap_or(Budget::Count(Self::DEFAULT_MCTS_ITERATIONS)),
            )),
            "mcts-fresh" => Ok(PlayerSpec::MctsFresh(
                budget.unwrap_or(Budget::Count(Self::DEFAULT_MCTS_ITERATIONS)),
            )),
            "alphabeta" | "ab" => match budget {
                Some(Budget::Count(depth)) if depth > Self::MAX_ALPHABETA_DEPTH => {
                    Err(SpecError::TooLarge(board_kernel::excerpt(text)))
                }
                _ => Ok(PlayerSpec::AlphaBeta(
                    budget.unwrap_or(Budget::Count(Self::DEFAULT_ALPHABETA_DEPTH)),
                )),
            },
            "perfect" => Ok(PlayerSpec::Perfect(
                budget.unwrap_or(Budget::Count(Self::DEFAULT_PERFECT_POSITIONS)),
            )),
            "neural" => Ok(PlayerSpec::Neural(
                budget.unwrap_or(Budget::Count(Self::DEFAULT_NEURAL_SIMULATIONS)),
            )),
            _ => Err(SpecError::UnknownKind(board_kernel::excerpt(text))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn specs_round_trip() {
        for text in [
            "random",
            "mcts:1000",
            "mcts:2s",
            "mcts:250ms",
            "mcts-fresh:1000",
            "alphabeta:6",
            "alphabeta:1s",
            "perfect",
            "perfect:5000",
            "perfect:2s",
            "perfect:500ms",
            "neural:800",
            "neural:200ms",
        ] {
            assert_eq!(text.parse::<PlayerSpec>().unwrap().to_string(), text);
        }
        assert_eq!(
            "MCTS".parse::<PlayerSpec>().unwrap(),
            PlayerSpec::Mcts(Budget::Count(1000))
        );
        for bad in [
            "",
            "human",
            "mcts:",
            "mcts:-1",
            "mcts:x",
            "random:3",
            "mcts:0s",
            "mcts:1.5s",
            "perfect:0",
            "perfect:0s",
        ] {
            assert!(bad.parse::<PlayerSpec>().is_err(), "{bad}");
        }
    }

    #[test]
    fn budgets_beyond_the_limits_are_too_large_not_misspelt() {
        for text in [
            "alphabeta:18446744073709551615s",
            "alphabeta:18446744073709551616",
            "mcts:18446744073709551615ms",
            "mcts:86401s",
            "mcts:86400001ms",
            "mcts:1000000001",
            "alphabeta:65",
        ] {
            let error = text.parse::<PlayerSpec>().unwrap_err();
            assert!(matches!(error, SpecError::TooLarge(_)), "{text}: {error}");
            assert!(error.to_string().contains("too large"), "{error}");
        }
        for text in [
            "mcts:86400s",
            "mcts:86400000ms",
            "mcts:1000000000",
            "alphabeta:64",
        ] {
            assert!(text.parse::<PlayerSpec>().is_ok(), "{text}");
        }
    }

    #[test]
    fn errors_quote_a_bounded_excerpt() {
        let long = format!("mcts:{}", "x".repeat(100_000));
        let error = long.parse::<PlayerSpec>().unwrap_err().to_string();
        assert!(error.len() < 400, "{} bytes", error.len());
    }
}

// The crate README's examples are compiled and run as doctests.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
