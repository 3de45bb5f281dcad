//! The games of a pair of players: each game set up (colours, seeds, opening) and timed, and
//! a batch of them played across threads into one running sum a pair.

use std::sync::Mutex;
use std::time::{Duration, Instant};

use board_kernel::{BySide, Game, Side, SplitMix64};

use super::TournamentConfig;
use super::elo::WinDrawLoss;
use crate::arena::{Seat, game_seed};
use crate::{Knowledge, Player};

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
pub(super) struct PairSums {
    /// The results from the first player's side.
    pub(super) tally: WinDrawLoss,
    /// The first player's results with White only.
    pub(super) first_as_white: WinDrawLoss,
    pub(super) plies: u64,
    /// Moves chosen by the first and the second player.
    pub(super) moves: [u64; 2],
    /// Their time spent choosing them.
    pub(super) thinking: [Duration; 2],
}

impl PairSums {
    fn add(&mut self, outcome: &GameOutcome) {
        let mut one = WinDrawLoss::default();
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

    pub(super) fn merge(&mut self, other: &PairSums) {
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
pub(super) fn pair_seed(seed: u64, pair: u64) -> u64 {
    SplitMix64::new(seed ^ pair.wrapping_mul(0xD1B5_4A32_D192_ED03)).next_u64()
}

/// Plays games `from..to` of each job (a pair and its seed) on `threads` threads.
///
/// Every worker adds into one shared set of sums, a lock a pair: memory is one `PairSums`
/// a pair whatever the thread count (each worker keeping its own set took pairs × threads,
/// gigabytes for thousands of players), and a game takes far longer than the lock.
pub(super) fn play_jobs<G: Game, S: Seat<G>>(
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
