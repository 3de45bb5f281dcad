//! Measuring players against each other: round robins with colours alternated, Elo
//! differences with 95% intervals, and a sequential probability ratio test (SPRT) for "is A
//! stronger than B".
//!
//! Strength is a statement about a pair of players, so every number here is about a pair:
//! the score of one against the other, turned into an Elo difference by the logistic model
//! (`score = 1 / (1 + 10^(-elo/400))`). No global rating is fitted, because a round robin
//! between players of very different strength is mostly made of 100% scores, where a
//! maximum-likelihood rating does not exist; a ladder of neighbouring pairs says what can be
//! said.
//!
//! ```
//! use board_kernel::prelude::*;
//! use board_kernel::testing::Nim;
//! use game_ai::PlayerSpec;
//! use game_ai::tournament::{TournamentConfig, round_robin};
//! let game = Nim::default();
//! // Any seat (`game_ai::arena::Seat`) can play; here two of our players.
//! let players: [PlayerSpec; 2] = ["random".parse()?, "alphabeta:6".parse()?];
//! let config = TournamentConfig { games_per_pair: 20, ..TournamentConfig::default() };
//! let table = round_robin(&game, &game.initial_state(), &players, &Default::default(), &config, &|_| {});
//! // Perfect Nim play wins every game as the first player and every game the random
//! // player spoils as the second.
//! let pair = &table.pairs[0];
//! assert!(pair.tally.score() < 0.5, "{:?}", pair.tally);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod elo;
mod games;
mod sprt;

use std::time::Duration;

use board_kernel::Game;

use crate::arena::{Seat, StopFlag};
use crate::{Knowledge, PlayerSpec};
pub use elo::{EloEstimate, WinDrawLoss, elo_from_score, score_from_elo};
use games::{pair_seed, play_jobs};
pub use sprt::{SPRT_ROUND, Sprt, SprtOutcome, SprtVerdict, sprt};

/// The settings of a tournament or an SPRT run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TournamentConfig {
    /// Games each pair plays (round robin), or the most an SPRT run may play. The players
    /// take White in turn, so an even count gives each the same number of first moves.
    pub games_per_pair: u64,
    /// The seed: game `i` of pair `p` seeds its players from it, `p` and `i`, so results do
    /// not depend on the number of threads (with count budgets).
    pub seed: u64,
    /// Worker threads (at least one).
    pub threads: usize,
    /// Games stopped after this many moves count as unfinished draws.
    pub max_plies: usize,
    /// Ends the tournament early when raised: the results then count the games finished
    /// (an SPRT is inconclusive unless a bound was reached).
    pub stop: StopFlag,
    /// Each pair of games (the same two players, colours swapped) begins from the same
    /// opening of this many uniformly random whole moves, drawn from the seed and the pair's
    /// number: the players are measured over varied positions, not one line repeated, and
    /// neither is favoured by the colour an opening suits. 0: the start position.
    pub random_opening: u32,
}

impl Default for TournamentConfig {
    fn default() -> Self {
        TournamentConfig {
            games_per_pair: 100,
            seed: 0,
            threads: 1,
            max_plies: 20_000,
            stop: StopFlag::NONE,
            random_opening: 0,
        }
    }
}

/// A player of a tournament and how long it thought.
#[derive(Clone, Debug, PartialEq)]
pub struct Entrant<S = PlayerSpec> {
    /// The player (its [`Seat`]).
    pub spec: S,
    /// Its results against everyone.
    pub tally: WinDrawLoss,
    /// Moves it chose.
    pub moves: u64,
    /// Time spent choosing them.
    pub thinking: Duration,
}

impl<S> Entrant<S> {
    /// Points: a win 1, a draw ½.
    #[must_use]
    pub fn points(&self) -> f64 {
        self.tally.wins as f64 + 0.5 * self.tally.draws as f64
    }

    /// The mean time per move.
    #[must_use]
    pub fn time_per_move(&self) -> Duration {
        if self.moves == 0 {
            Duration::ZERO
        } else {
            self.thinking / u32::try_from(self.moves).unwrap_or(u32::MAX)
        }
    }
}

/// The games between two players of a tournament.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PairResult {
    /// The first player's index in [`Table::entrants`].
    pub first: usize,
    /// The second player's index.
    pub second: usize,
    /// The results from the first player's side.
    pub tally: WinDrawLoss,
    /// The first player's results with White only.
    pub first_as_white: WinDrawLoss,
}

/// The outcome of a round robin.
#[derive(Clone, Debug, PartialEq)]
pub struct Table<S = PlayerSpec> {
    /// The players in the order given.
    pub entrants: Vec<Entrant<S>>,
    /// The pairs played: every pair in the order (0,1), (0,2), …, (1,2), … for a round robin,
    /// (0,1), (1,2), … for a ladder.
    pub pairs: Vec<PairResult>,
    /// Games played.
    pub games: u64,
    /// Plies over all games.
    pub plies: u64,
}

impl<S> Table<S> {
    /// The entrants' indices, best first by points, then by fewer losses, then as given.
    #[must_use]
    pub fn ranking(&self) -> Vec<usize> {
        let mut order: Vec<usize> = (0..self.entrants.len()).collect();
        order.sort_by(|&a, &b| {
            let (ea, eb) = (&self.entrants[a], &self.entrants[b]);
            eb.points()
                .total_cmp(&ea.points())
                .then(ea.tally.losses.cmp(&eb.tally.losses))
                .then(a.cmp(&b))
        });
        order
    }
}

/// Plays every pair of `players` `config.games_per_pair` times from `start`, the players of
/// a pair taking White in turn, calling `progress` with the number of games finished.
pub fn round_robin<G: Game, S: Seat<G> + Clone>(
    game: &G,
    start: &G::State,
    players: &[S],
    knowledge: &Knowledge<G>,
    config: &TournamentConfig,
    progress: &(dyn Fn(u64) + Sync),
) -> Table<S> {
    let mut pairs = Vec::new();
    for first in 0..players.len() {
        for second in first + 1..players.len() {
            pairs.push((first, second));
        }
    }
    play_pairs(game, start, players, &pairs, knowledge, config, progress)
}

/// Plays each player against the next one only (a ladder: `players` in the order of the
/// strength they are expected to have, each step measured on its own), `config.games_per_pair`
/// games a step.
pub fn ladder<G: Game, S: Seat<G> + Clone>(
    game: &G,
    start: &G::State,
    players: &[S],
    knowledge: &Knowledge<G>,
    config: &TournamentConfig,
    progress: &(dyn Fn(u64) + Sync),
) -> Table<S> {
    let pairs: Vec<(usize, usize)> = (1..players.len()).map(|k| (k - 1, k)).collect();
    play_pairs(game, start, players, &pairs, knowledge, config, progress)
}

/// Plays the given pairs of `players`.
fn play_pairs<G: Game, S: Seat<G> + Clone>(
    game: &G,
    start: &G::State,
    players: &[S],
    pairs: &[(usize, usize)],
    knowledge: &Knowledge<G>,
    config: &TournamentConfig,
    progress: &(dyn Fn(u64) + Sync),
) -> Table<S> {
    let jobs: Vec<([&S; 2], u64)> = pairs
        .iter()
        .enumerate()
        .map(|(k, &(first, second))| {
            (
                [&players[first], &players[second]],
                pair_seed(config.seed, k as u64),
            )
        })
        .collect();
    let sums = play_jobs(
        game,
        start,
        &jobs,
        0..config.games_per_pair,
        knowledge,
        config,
        progress,
    );
    let mut entrants: Vec<Entrant<S>> = players
        .iter()
        .map(|spec| Entrant {
            spec: spec.clone(),
            tally: WinDrawLoss::default(),
            moves: 0,
            thinking: Duration::ZERO,
        })
        .collect();
    let mut table_pairs = Vec::new();
    let (mut games, mut plies) = (0, 0);
    for (&(first, second), sum) in pairs.iter().zip(&sums) {
        entrants[first].tally.merge(&sum.tally);
        entrants[second].tally.merge(&sum.tally.reversed());
        entrants[first].moves += sum.moves[0];
        entrants[second].moves += sum.moves[1];
        entrants[first].thinking += sum.thinking[0];
        entrants[second].thinking += sum.thinking[1];
        games += sum.tally.games();
        plies += sum.plies;
        table_pairs.push(PairResult {
            first,
            second,
            tally: sum.tally,
            first_as_white: sum.first_as_white,
        });
    }
    Table {
        entrants,
        pairs: table_pairs,
        games,
        plies,
    }
}
