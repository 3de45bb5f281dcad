//! Games and seeded series between players, across threads.

use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};

use board_kernel::playout::SeriesStats;
use board_kernel::{BySide, Game, Status};

use crate::{Player, PlayerSpec};

/// A game played by two players.
#[derive(Clone, Debug)]
pub struct Played<G: Game> {
    /// The moves, in order.
    pub moves: Vec<G::Move>,
    /// The final state.
    pub state: G::State,
    /// Its status: ongoing only when the ply cap stopped the game.
    pub status: Status,
}

/// Plays `start` to the end (or `max_plies` moves) with `players` choosing for their sides.
pub fn play_game<G: Game>(
    game: &G,
    start: G::State,
    players: &mut BySide<Box<dyn Player<G>>>,
    max_plies: usize,
) -> Played<G> {
    let mut state = start;
    let mut moves = Vec::new();
    loop {
        let status = game.status(&state);
        if status.is_finished() || moves.len() >= max_plies {
            return Played {
                moves,
                state,
                status,
            };
        }
        let side = game.side_to_move(&state);
        let Some(mv) = players[side].choose(game, &state) else {
            return Played {
                moves,
                state,
                status,
            };
        };
        game.play_unchecked(&mut state, &mv);
        moves.push(mv);
    }
}

/// The settings of a series.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SeriesConfig {
    /// Games to play.
    pub games: u64,
    /// The series seed: game `i`'s players are seeded from it and `i`, so a game's course
    /// does not depend on the number of threads.
    pub seed: u64,
    /// Worker threads (at least one is used).
    pub threads: usize,
    /// Games stopped after this many moves count as unfinished.
    pub max_plies: usize,
}

impl Default for SeriesConfig {
    fn default() -> Self {
        SeriesConfig {
            games: 100,
            seed: 0,
            threads: 1,
            max_plies: 20_000,
        }
    }
}

/// The seed of one side's player in game `index` of a series.
#[must_use]
pub fn game_seed(seed: u64, index: u64, side: board_kernel::Side) -> u64 {
    let mut rng = board_kernel::SplitMix64::new(
        seed ^ index.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ (side.index() as u64) << 63,
    );
    rng.next_u64()
}

/// Plays `config.games` games from `start` between the players `specs` describe, on
/// `config.threads` threads, calling `progress` with the number of games finished after
/// each game. The statistics are sums over the games, so they are the same for any thread
/// count (with count budgets).
pub fn run_series<G: Game>(
    game: &G,
    start: &G::State,
    specs: BySide<PlayerSpec>,
    config: &SeriesConfig,
    progress: &(dyn Fn(u64) + Sync),
) -> SeriesStats {
    let next = AtomicU64::new(0);
    let done = AtomicU64::new(0);
    // Each worker adds its games to its own statistics, merged at the end: the sums do not
    // depend on the order, and nothing is allocated per requested game, so a huge count is
    // bounded by time, not memory. More workers than games would only wait.
    let workers = config.threads.clamp(
        1,
        usize::try_from(config.games).unwrap_or(usize::MAX).max(1),
    );
    let total = Mutex::new(SeriesStats::default());
    std::thread::scope(|scope| {
        for _ in 0..workers {
            scope.spawn(|| {
                let mut stats = SeriesStats::default();
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= config.games {
                        break;
                    }
                    let mut players = BySide::from_fn(|side| {
                        specs[side].build::<G>(game_seed(config.seed, i, side))
                    });
                    let played = play_game(game, start.clone(), &mut players, config.max_plies);
                    let scores = game.scores(&played.state);
                    stats.record(&played.status, played.moves.len(), scores);
                    progress(done.fetch_add(1, Ordering::Relaxed) + 1);
                }
                total
                    .lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .merge(&stats);
            });
        }
    });
    total.into_inner().unwrap_or_else(|e| e.into_inner())
}
