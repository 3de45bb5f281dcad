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
//! use game_ai::tournament::{Tally, TournamentConfig, round_robin};
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

use std::fmt;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use board_kernel::{BySide, Game, Side, SplitMix64};

use crate::arena::{Seat, StopFlag, game_seed};
use crate::{Knowledge, Player, PlayerSpec};

/// Wins, draws and losses of one player against another. Games stopped by the ply cap count
/// as draws in the score and are also counted in `unfinished`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Games won.
    pub wins: u64,
    /// Games drawn (including unfinished ones).
    pub draws: u64,
    /// Games lost.
    pub losses: u64,
    /// Games the ply cap stopped, among the draws.
    pub unfinished: u64,
}

/// The two-sided 95% normal quantile.
const Z95: f64 = 1.959_963_984_540_054;

impl Tally {
    /// Games counted.
    #[must_use]
    pub fn games(&self) -> u64 {
        self.wins + self.draws + self.losses
    }

    /// The mean score per game (a win 1, a draw ½), or ½ before any game.
    #[must_use]
    pub fn score(&self) -> f64 {
        let n = self.games();
        if n == 0 {
            return 0.5;
        }
        (self.wins as f64 + 0.5 * self.draws as f64) / n as f64
    }

    /// The same games seen from the other player.
    #[must_use]
    pub fn reversed(&self) -> Tally {
        Tally {
            wins: self.losses,
            losses: self.wins,
            ..*self
        }
    }

    /// Adds another tally.
    pub fn merge(&mut self, other: &Tally) {
        self.wins += other.wins;
        self.draws += other.draws;
        self.losses += other.losses;
        self.unfinished += other.unfinished;
    }

    /// The Elo difference the score implies, with its 95% interval.
    ///
    /// The interval is the Wilson score interval of the score at 95%, mapped through the
    /// logistic model. Treating the score as a binomial proportion overstates its variance
    /// when there are draws, so the interval is conservative then; unlike the plain normal
    /// interval it stays meaningful at 0% and 100% (where the estimate itself is infinite
    /// but one bound is finite: 20 wins in 20 games say at least +287).
    #[must_use]
    pub fn elo(&self) -> EloEstimate {
        let n = self.games() as f64;
        if n == 0.0 {
            return EloEstimate {
                elo: 0.0,
                low: f64::NEG_INFINITY,
                high: f64::INFINITY,
            };
        }
        let s = self.score();
        let z2 = Z95 * Z95;
        let centre = (s + z2 / (2.0 * n)) / (1.0 + z2 / n);
        let half = Z95 / (1.0 + z2 / n) * (s * (1.0 - s) / n + z2 / (4.0 * n * n)).sqrt();
        EloEstimate {
            elo: elo_from_score(s),
            low: elo_from_score(centre - half),
            high: elo_from_score(centre + half),
        }
    }
}

impl fmt::Display for Tally {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "+{} ={} -{}", self.wins, self.draws, self.losses)
    }
}

/// The Elo difference of the logistic model for a mean score (±∞ at 1 and 0).
#[must_use]
pub fn elo_from_score(score: f64) -> f64 {
    if score >= 1.0 {
        f64::INFINITY
    } else if score <= 0.0 {
        f64::NEG_INFINITY
    } else {
        -400.0 * (1.0 / score - 1.0).log10()
    }
}

/// The expected score of a player `elo` points stronger.
#[must_use]
pub fn score_from_elo(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// An Elo difference and its 95% interval.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EloEstimate {
    /// The estimate (infinite after a 100% or 0% score).
    pub elo: f64,
    /// The lower end of the 95% interval.
    pub low: f64,
    /// The upper end of the 95% interval.
    pub high: f64,
}

impl fmt::Display for EloEstimate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fn elo(x: f64) -> String {
            if x == f64::INFINITY {
                "+∞".to_owned()
            } else if x == f64::NEG_INFINITY {
                "-∞".to_owned()
            } else {
                format!("{x:+.0}")
            }
        }
        write!(
            f,
            "{} (95%: {} to {})",
            elo(self.elo),
            elo(self.low),
            elo(self.high)
        )
    }
}

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
    pub tally: Tally,
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
    pub tally: Tally,
    /// The first player's results with White only.
    pub first_as_white: Tally,
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

/// One game's result, from the pair's first player's side.
struct GameOutcome {
    result: Option<Option<bool>>,
    first_white: bool,
    plies: u64,
    moves: BySide<u64>,
    thinking: BySide<Duration>,
}

/// A player that adds up the time it spends choosing.
struct Timed<G: Game> {
    inner: Box<dyn Player<G>>,
    moves: u64,
    thinking: Duration,
}

impl<G: Game> Player<G> for Timed<G> {
    fn name(&self) -> String {
        self.inner.name()
    }
    fn choose(&mut self, game: &G, state: &G::State) -> Option<G::Move> {
        let began = Instant::now();
        let choice = self.inner.choose(game, state);
        self.thinking += began.elapsed();
        self.moves += u64::from(choice.is_some());
        choice
    }
    fn forfeit(&self) -> Option<String> {
        self.inner.forfeit()
    }
}

/// Game `index` between `first` and `second` (the first has White in even games); `None`
/// when `config.stop` was raised before it ended.
fn play_pair_game<G: Game, S: Seat<G>>(
    game: &G,
    start: &G::State,
    specs: [&S; 2],
    seed: u64,
    index: u64,
    knowledge: &Knowledge<G>,
    config: &TournamentConfig,
) -> Option<GameOutcome> {
    let first_white = index.is_multiple_of(2);
    let spec_of = |side: Side| {
        if (side == Side::White) == first_white {
            specs[0]
        } else {
            specs[1]
        }
    };
    let mut players = BySide::from_fn(|side| Timed {
        inner: spec_of(side).player(game_seed(seed, index, side), knowledge),
        moves: 0,
        thinking: Duration::ZERO,
    });
    let opening = if config.random_opening == 0 {
        start.clone()
    } else {
        // Games 2k and 2k + 1 (colours swapped) share their opening.
        let mut rng = SplitMix64::new(seed ^ (index / 2).wrapping_mul(0x9E37_79B9_7F4A_7C15));
        board_kernel::playout::random_opening(game, start, config.random_opening, &mut rng)
    };
    let played =
        crate::arena::play_game_until(game, opening, &mut players, config.max_plies, config.stop)?;
    let (status, plies) = (played.status, played.moves.len() as u64);
    let first_side = if first_white {
        Side::White
    } else {
        Side::Black
    };
    Some(GameOutcome {
        result: status
            .result()
            .map(|r| r.winner.map(|winner| winner == first_side)),
        first_white,
        plies,
        moves: BySide::from_fn(|side| players[side].moves),
        thinking: BySide::from_fn(|side| players[side].thinking),
    })
}

/// What a batch of games between two players added up to.
#[derive(Clone, Debug, Default)]
struct PairSums {
    tally: Tally,
    first_as_white: Tally,
    plies: u64,
    moves: [u64; 2],
    thinking: [Duration; 2],
}

impl PairSums {
    fn add(&mut self, outcome: &GameOutcome) {
        let mut one = Tally::default();
        match outcome.result {
            Some(Some(true)) => one.wins = 1,
            Some(Some(false)) => one.losses = 1,
            Some(None) => one.draws = 1,
            None => {
                one.draws = 1;
                one.unfinished = 1;
            }
        }
        self.tally.merge(&one);
        if outcome.first_white {
            self.first_as_white.merge(&one);
        }
        self.plies += outcome.plies;
        let (first, second) = if outcome.first_white {
            (Side::White, Side::Black)
        } else {
            (Side::Black, Side::White)
        };
        self.moves[0] += outcome.moves[first];
        self.moves[1] += outcome.moves[second];
        self.thinking[0] += outcome.thinking[first];
        self.thinking[1] += outcome.thinking[second];
    }

    fn merge(&mut self, other: &PairSums) {
        self.tally.merge(&other.tally);
        self.first_as_white.merge(&other.first_as_white);
        self.plies += other.plies;
        for k in 0..2 {
            self.moves[k] += other.moves[k];
            self.thinking[k] += other.thinking[k];
        }
    }
}

/// The seed of pair `pair`'s games.
fn pair_seed(seed: u64, pair: u64) -> u64 {
    SplitMix64::new(seed ^ pair.wrapping_mul(0xD1B5_4A32_D192_ED03)).next_u64()
}

/// Plays games `from..to` of each job (a pair and its seed) on `threads` threads.
///
/// Every worker adds into one shared set of sums, a lock a pair: memory is one `PairSums`
/// a pair whatever the thread count (each worker keeping its own set took pairs × threads,
/// gigabytes for thousands of players), and a game takes far longer than the lock.
fn play_jobs<G: Game, S: Seat<G>>(
    game: &G,
    start: &G::State,
    jobs: &[([&S; 2], u64)],
    range: std::ops::Range<u64>,
    knowledge: &Knowledge<G>,
    config: &TournamentConfig,
    progress: &(dyn Fn(u64) + Sync),
) -> Vec<PairSums> {
    let per_job = range.end - range.start;
    let sums: Vec<Mutex<PairSums>> = jobs.iter().map(|_| Mutex::default()).collect();
    crate::arena::share_out(
        per_job * jobs.len() as u64,
        config.threads,
        config.stop,
        progress,
        || (),
        |k, ()| {
            // Game-major order: every pair advances together, so an interrupted progress
            // bar still means something for each pair.
            let (job, index) = ((k % jobs.len() as u64) as usize, k / jobs.len() as u64);
            let (specs, seed) = jobs[job];
            let Some(outcome) = play_pair_game(
                game,
                start,
                specs,
                seed,
                range.start + index,
                knowledge,
                config,
            ) else {
                return false;
            };
            sums[job]
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .add(&outcome);
            true
        },
        |(), ()| {},
    );
    sums.into_iter()
        .map(|sum| sum.into_inner().unwrap_or_else(|e| e.into_inner()))
        .collect()
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
            tally: Tally::default(),
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

/// A sequential probability ratio test between two Elo hypotheses, H0: the difference is
/// `elo0`, H1: it is `elo1`, with error rates `alpha` (accepting H1 when H0 holds) and
/// `beta` (accepting H0 when H1 holds).
///
/// The log-likelihood ratio is the generalised SPRT's (as in chess engine testing): each
/// hypothesis is the win/draw/loss distribution of greatest likelihood among those whose
/// mean score is the one the hypothesis predicts, and the ratio compares the results' chances
/// under the two. The likelihoods are taken from the results with half a game added to each
/// of win, draw and loss, so that a run of identical results (which no distribution with a
/// middling mean can explain) does not decide the test by itself: 16 wins in 16 games give
/// about `16 ln(s1/s0)`, as a plain win/loss test would.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    /// The Elo difference of H0.
    pub elo0: f64,
    /// The Elo difference of H1 (greater than `elo0`).
    pub elo1: f64,
    /// The chance of accepting H1 when H0 holds.
    pub alpha: f64,
    /// The chance of accepting H0 when H1 holds.
    pub beta: f64,
}

/// What an SPRT concluded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SprtVerdict {
    /// H1: the first player is `elo1` stronger (or more).
    AcceptH1,
    /// H0: the first player is only `elo0` stronger (or less).
    AcceptH0,
    /// Neither bound was reached within the games allowed.
    Inconclusive,
}

impl fmt::Display for SprtVerdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            SprtVerdict::AcceptH1 => "H1 accepted",
            SprtVerdict::AcceptH0 => "H0 accepted",
            SprtVerdict::Inconclusive => "inconclusive",
        })
    }
}

impl Sprt {
    /// The test with the usual error rates of 5%.
    #[must_use]
    pub fn new(elo0: f64, elo1: f64) -> Sprt {
        Sprt {
            elo0,
            elo1,
            alpha: 0.05,
            beta: 0.05,
        }
    }

    /// The log-likelihood ratio of H1 against H0 after `tally`.
    #[must_use]
    pub fn llr(&self, tally: &Tally) -> f64 {
        if tally.games() == 0 {
            return 0.0;
        }
        let counts = [tally.wins as f64, tally.draws as f64, tally.losses as f64];
        let total: f64 = counts.iter().sum::<f64>() + 1.5;
        let observed = counts.map(|n| (n + 0.5) / total);
        let h0 = closest_with_mean(observed, score_from_elo(self.elo0));
        let h1 = closest_with_mean(observed, score_from_elo(self.elo1));
        (0..3).map(|k| counts[k] * (h1[k] / h0[k]).ln()).sum()
    }

    /// The bounds: H0 is accepted at or below the first, H1 at or above the second.
    #[must_use]
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// The verdict after `tally`, if a bound is reached.
    #[must_use]
    pub fn verdict(&self, tally: &Tally) -> Option<SprtVerdict> {
        let llr = self.llr(tally);
        let (lower, upper) = self.bounds();
        if llr >= upper {
            Some(SprtVerdict::AcceptH1)
        } else if llr <= lower {
            Some(SprtVerdict::AcceptH0)
        } else {
            None
        }
    }
}

/// The scores of a win, a draw and a loss.
const OUTCOME_SCORES: [f64; 3] = [1.0, 0.5, 0.0];

/// The win/draw/loss distribution with mean score `mean` that makes `observed` (a
/// distribution with no zero entry) most likely. By Lagrange, it is `observed[k] / (1 +
/// λ·(a_k − mean))` for the λ that gives the mean; the mean of that is decreasing in λ on the
/// interval where every denominator is positive, so bisection finds λ.
fn closest_with_mean(observed: [f64; 3], mean: f64) -> [f64; 3] {
    let shifted = OUTCOME_SCORES.map(|a| a - mean);
    let excess = |lambda: f64| -> f64 {
        (0..3)
            .map(|k| observed[k] * shifted[k] / (1.0 + lambda * shifted[k]))
            .sum()
    };
    let (mut low, mut high) = (-1.0 / (1.0 - mean), 1.0 / mean);
    for _ in 0..200 {
        let middle = 0.5 * (low + high);
        if excess(middle) > 0.0 {
            low = middle;
        } else {
            high = middle;
        }
    }
    let lambda = 0.5 * (low + high);
    let p = [0, 1, 2].map(|k| observed[k] / (1.0 + lambda * shifted[k]));
    let sum: f64 = p.iter().sum();
    p.map(|x| x / sum)
}

/// The outcome of an SPRT run.
#[derive(Clone, Debug, PartialEq)]
pub struct SprtOutcome<S = PlayerSpec> {
    /// The verdict.
    pub verdict: SprtVerdict,
    /// The log-likelihood ratio at the end.
    pub llr: f64,
    /// Both players, the tested one first, with their results and thinking time.
    pub entrants: [Entrant<S>; 2],
    /// Plies over all games.
    pub plies: u64,
}

/// Games between two players are played in rounds of this many, each player taking White in
/// half of them, and the test is checked after each round: the verdict then does not depend
/// on the number of threads.
pub const SPRT_ROUND: u64 = 16;

/// Plays the first of `players` against the second from `start` until `test` accepts a
/// hypothesis, `config.games_per_pair` games are played (rounded up to a whole round) or
/// `config.stop` is raised.
pub fn sprt<G: Game, S: Seat<G>>(
    game: &G,
    start: &G::State,
    [first, second]: [S; 2],
    test: &Sprt,
    knowledge: &Knowledge<G>,
    config: &TournamentConfig,
    progress: &(dyn Fn(u64, f64) + Sync),
) -> SprtOutcome<S> {
    let jobs = [([&first, &second], pair_seed(config.seed, 0))];
    let mut sums = PairSums::default();
    let mut played = 0;
    let verdict = loop {
        if let Some(verdict) = test.verdict(&sums.tally) {
            break verdict;
        }
        if played >= config.games_per_pair || config.stop.raised() {
            break SprtVerdict::Inconclusive;
        }
        let round = play_jobs(
            game,
            start,
            &jobs,
            played..played + SPRT_ROUND,
            knowledge,
            config,
            &|_| {},
        );
        sums.merge(&round[0]);
        played += SPRT_ROUND;
        progress(played, test.llr(&sums.tally));
    };
    let moves = sums.moves;
    let thinking = sums.thinking;
    let entrant = |k: usize, spec: S, tally: Tally| Entrant {
        spec,
        tally,
        moves: moves[k],
        thinking: thinking[k],
    };
    SprtOutcome {
        verdict,
        llr: test.llr(&sums.tally),
        entrants: [
            entrant(0, first, sums.tally),
            entrant(1, second, sums.tally.reversed()),
        ],
        plies: sums.plies,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tally(wins: u64, draws: u64, losses: u64) -> Tally {
        Tally {
            wins,
            draws,
            losses,
            unfinished: 0,
        }
    }

    #[test]
    fn elo_follows_the_logistic_model() {
        // 75% is 400·log10(3) = 190.85 Elo; 50% is 0; the map is odd.
        assert!((elo_from_score(0.75) - 190.848_501_887_864_9).abs() < 1e-9);
        assert_eq!(elo_from_score(0.5), 0.0);
        assert!((elo_from_score(0.25) + elo_from_score(0.75)).abs() < 1e-9);
        assert!((score_from_elo(190.848_501_887_864_9) - 0.75).abs() < 1e-12);
        assert_eq!(elo_from_score(1.0), f64::INFINITY);
        assert_eq!(elo_from_score(0.0), f64::NEG_INFINITY);
    }

    #[test]
    fn the_interval_is_wilsons_and_finite_on_one_side_at_full_scores() {
        // 15 wins in 20: Wilson 95% is 0.5313 to 0.8881 (checked by hand:
        // centre (0.75 + 0.0960)/1.1921 = 0.7097, half 1.6442·sqrt(0.009375 + 0.0024009) = 0.1784).
        let e = tally(15, 0, 5).elo();
        assert!((e.low - elo_from_score(0.531_3)).abs() < 0.5, "{e:?}");
        assert!((e.high - elo_from_score(0.888_1)).abs() < 0.5, "{e:?}");
        // 20 of 20: the lower bound n/(n + z²) = 0.8389 is +286.6 Elo; no upper bound.
        let all = tally(20, 0, 0).elo();
        assert_eq!(all.elo, f64::INFINITY);
        assert_eq!(all.high, f64::INFINITY);
        assert!((all.low - elo_from_score(20.0 / (20.0 + Z95 * Z95))).abs() < 1e-6);
        assert!((all.low - 286.6).abs() < 0.1, "{}", all.low);
        assert_eq!(
            all.to_string(),
            format!("+∞ (95%: {:+.0} to +∞)", all.low),
            "{all}"
        );
        // The interval narrows with more games and always holds the estimate.
        let (few, many) = (tally(6, 2, 2).elo(), tally(60, 20, 20).elo());
        assert!(many.high - many.low < few.high - few.low);
        assert!(few.low < few.elo && few.elo < few.high);
    }

    #[test]
    fn the_sprt_accepts_what_the_results_say() {
        let test = Sprt::new(0.0, 50.0);
        let (lower, upper) = test.bounds();
        assert!((upper - 19f64.ln()).abs() < 1e-12 && (lower + 19f64.ln()).abs() < 1e-12);
        // Nothing is concluded from nothing, nor from a few wins.
        assert_eq!(test.verdict(&Tally::default()), None);
        assert_eq!(test.verdict(&tally(3, 0, 0)), None);
        // A 60% score over 400 games is far beyond +50 Elo (57%): H1.
        assert_eq!(
            test.verdict(&tally(200, 80, 120)),
            Some(SprtVerdict::AcceptH1)
        );
        // An even score over 1000 games: H0.
        assert_eq!(
            test.verdict(&tally(400, 200, 400)),
            Some(SprtVerdict::AcceptH0)
        );
        // 16 straight wins weigh what a win/loss test gives them, 16·ln(s1/s0) = 2.138: not
        // yet enough (the bound is ln 19 = 2.944); 32 are.
        let s1 = score_from_elo(50.0);
        let llr = test.llr(&tally(16, 0, 0));
        assert!((llr - 16.0 * (s1 / 0.5).ln()).abs() < 0.01, "{llr}");
        assert_eq!(test.verdict(&tally(16, 0, 0)), None);
        assert_eq!(test.verdict(&tally(32, 0, 0)), Some(SprtVerdict::AcceptH1));
        // 60-20-20 and 108-0-100, computed independently (a bisection for λ in Python):
        // 5.9559 and -0.9952.
        let llr = test.llr(&tally(60, 20, 20));
        assert!((llr - 5.955_9).abs() < 1e-3, "{llr}");
        let llr = test.llr(&tally(108, 0, 100));
        assert!((llr + 0.995_2).abs() < 1e-3, "{llr}");
    }

    #[test]
    fn the_closest_distribution_has_the_mean_asked_for() {
        let observed = [0.6, 0.25, 0.15];
        for mean in [0.2, 0.5, 0.7227, 0.9] {
            let p = closest_with_mean(observed, mean);
            let got: f64 = (0..3).map(|k| p[k] * OUTCOME_SCORES[k]).sum();
            assert!((got - mean).abs() < 1e-9, "{mean}: {p:?}");
            assert!((p.iter().sum::<f64>() - 1.0).abs() < 1e-12);
        }
        // The observed distribution is its own closest at its own mean (0.6 + 0.125).
        let p = closest_with_mean(observed, 0.725);
        assert!((0..3).all(|k| (p[k] - observed[k]).abs() < 1e-9), "{p:?}");
    }

    #[test]
    fn reversing_a_tally_mirrors_its_elo() {
        let t = tally(7, 3, 2);
        let (e, r) = (t.elo(), t.reversed().elo());
        assert!((e.elo + r.elo).abs() < 1e-9);
        assert!((e.low + r.high).abs() < 1e-9 && (e.high + r.low).abs() < 1e-9);
        assert_eq!(t.to_string(), "+7 =3 -2");
    }
}
