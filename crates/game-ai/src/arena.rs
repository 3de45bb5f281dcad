//! Games and seeded series between players, across threads.

use std::fmt;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use board_kernel::playout::SeriesStats;
use board_kernel::{BySide, Game, GameResult, Status};

use crate::{Knowledge, Player, PlayerSpec};

/// What sits at one side of the board in a series or a tournament: it makes a fresh player
/// for each game, seeded for that game. A [`PlayerSpec`] is one; a program adds its own kinds
/// (the `towers` tool's outside engines, which run as child processes). Its text names it in
/// standings.
pub trait Seat<G: Game>: fmt::Display + Sync {
    /// The player for one game, its randomness seeded with `seed`, with the game's
    /// `knowledge` (end-game tables, a trained network).
    fn player(&self, seed: u64, knowledge: &Knowledge<G>) -> Box<dyn Player<G>>;
}

impl<G: Game> Seat<G> for PlayerSpec {
    fn player(&self, seed: u64, knowledge: &Knowledge<G>) -> Box<dyn Player<G>> {
        self.build_with(seed, knowledge)
    }
}

/// A game played by two players.
#[derive(Clone, Debug)]
pub struct Played<G: Game> {
    /// The moves, in order.
    pub moves: Vec<G::Move>,
    /// The final state.
    pub state: G::State,
    /// Its status: ongoing only when the ply cap stopped the game. A player that forfeits
    /// ([`Player::forfeit`]) loses: the status is then finished with the opponent as the
    /// winner and the forfeit's reason, while [`Played::state`] is still ongoing.
    pub status: Status,
}

/// Plays `start` to the end (or `max_plies` moves) with `players` choosing for their sides
/// (boxed players, `BySide<Box<dyn Player<G>>>`, or any other kind).
pub fn play_game<G: Game, P: Player<G>>(
    game: &G,
    start: G::State,
    players: &mut BySide<P>,
    max_plies: usize,
) -> Played<G> {
    play_game_until(game, start, players, max_plies, StopFlag::NONE)
        .expect("a game without a stop flag is never dropped")
}

/// [`play_game`] that gives up between two moves when `stop` is raised: `None` then.
pub(crate) fn play_game_until<G: Game, P: Player<G>>(
    game: &G,
    start: G::State,
    players: &mut BySide<P>,
    max_plies: usize,
    stop: StopFlag,
) -> Option<Played<G>> {
    // The record grows once or twice, not from empty move by move.
    let mut moves = Vec::with_capacity(64);
    let (state, status) = play_out(game, start, players, max_plies, stop, |mv| moves.push(mv))?;
    Some(Played {
        moves,
        state,
        status,
    })
}

/// [`play_game_until`] handing each move to `record` instead of keeping a list (a series
/// keeps only the count): the final state and its status, or `None` when stopped.
fn play_out<G: Game, P: Player<G>>(
    game: &G,
    start: G::State,
    players: &mut BySide<P>,
    max_plies: usize,
    stop: StopFlag,
    mut record: impl FnMut(G::Move),
) -> Option<(G::State, Status)> {
    let mut state = start;
    let mut plies = 0;
    loop {
        let status = game.status(&state);
        if status.is_finished() || plies >= max_plies {
            return Some((state, status));
        }
        if stop.raised() {
            return None;
        }
        let side = game.side_to_move(&state);
        let Some(mv) = players[side].choose(game, &state) else {
            let status = match players[side].forfeit() {
                Some(reason) => Status::Finished(GameResult::win(side.opponent(), reason)),
                None => status,
            };
            return Some((state, status));
        };
        game.play_unchecked(&mut state, &mv);
        record(mv);
        plies += 1;
    }
}

/// A flag another thread raises to end a series or a tournament early (a Ctrl-C handler, a
/// timer): no game starts after it, the games in progress are dropped between two moves, and
/// the result sums the games that finished. `'static`, so a signal handler can hold it.
#[derive(Clone, Copy, Debug, Default)]
pub struct StopFlag(Option<&'static AtomicBool>);

impl StopFlag {
    /// No flag: the series plays every game.
    pub const NONE: StopFlag = StopFlag(None);

    /// Stops when `flag` is raised (set to `true`).
    #[must_use]
    pub const fn new(flag: &'static AtomicBool) -> StopFlag {
        StopFlag(Some(flag))
    }

    /// Whether the flag is raised.
    #[must_use]
    pub fn raised(self) -> bool {
        self.0.is_some_and(|flag| flag.load(Ordering::Relaxed))
    }
}

/// Two stop flags are the same when they watch the same flag.
impl PartialEq for StopFlag {
    fn eq(&self, other: &StopFlag) -> bool {
        match (self.0, other.0) {
            (Some(a), Some(b)) => std::ptr::eq(a, b),
            (a, b) => a.is_none() && b.is_none(),
        }
    }
}

impl Eq for StopFlag {}

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
    /// Ends the series early when raised: the statistics then count fewer games.
    pub stop: StopFlag,
}

impl Default for SeriesConfig {
    fn default() -> Self {
        SeriesConfig {
            games: 100,
            seed: 0,
            threads: 1,
            max_plies: 20_000,
            stop: StopFlag::NONE,
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

/// Plays `config.games` games from `start` between the players `seats` make, on
/// `config.threads` threads, calling `progress` with the number of games finished after
/// each game. The statistics are sums over the games, so they are the same for any thread
/// count (with count budgets). When `config.stop` is raised, they sum the games finished.
pub fn run_series<G: Game, S: Seat<G>>(
    game: &G,
    start: &G::State,
    seats: BySide<S>,
    knowledge: &Knowledge<G>,
    config: &SeriesConfig,
    progress: &(dyn Fn(u64) + Sync),
) -> SeriesStats {
    share_out(
        config.games,
        config.threads,
        config.stop,
        progress,
        SeriesStats::default,
        |i, stats| {
            let mut players = BySide::from_fn(|side| {
                seats[side].player(game_seed(config.seed, i, side), knowledge)
            });
            let mut plies = 0;
            let Some((state, status)) = play_out(
                game,
                start.clone(),
                &mut players,
                config.max_plies,
                config.stop,
                |_| plies += 1,
            ) else {
                return false;
            };
            stats.record(&status, plies, game.scores(&state));
            true
        },
        SeriesStats::merge,
    )
}

/// Runs `work(i, part)` for every `i` in `0..count` on up to `threads` threads, calling
/// `progress` with the number of items finished after each; `work` says whether it finished
/// its item (it may give up when `stop` is raised), and no item starts once `stop` is raised.
/// Each worker adds into its own part (made by `make`), and the parts are merged at the end
/// by `merge`: with sums the result does not depend on the thread count, and nothing is
/// allocated per item, so a huge count is bounded by time, not memory. More workers than
/// items would only wait.
pub(crate) fn share_out<S: Send>(
    count: u64,
    threads: usize,
    stop: StopFlag,
    progress: &(dyn Fn(u64) + Sync),
    make: impl Fn() -> S + Sync,
    work: impl Fn(u64, &mut S) -> bool + Sync,
    merge: impl Fn(&mut S, &S) + Sync,
) -> S {
    let next = AtomicU64::new(0);
    let done = AtomicU64::new(0);
    let workers = threads.clamp(1, usize::try_from(count).unwrap_or(usize::MAX).max(1));
    let total = Mutex::new(make());
    std::thread::scope(|scope| {
        for _ in 0..workers {
            scope.spawn(|| {
                let mut part = make();
                while !stop.raised() {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= count {
                        break;
                    }
                    if work(i, &mut part) {
                        progress(done.fetch_add(1, Ordering::Relaxed) + 1);
                    }
                }
                merge(&mut total.lock().unwrap_or_else(|e| e.into_inner()), &part);
            });
        }
    });
    total.into_inner().unwrap_or_else(|e| e.into_inner())
}

#[cfg(test)]
mod tests {
    use super::*;
    use board_kernel::testing::{Nim, NimOptions, NimState, Take};
    use board_kernel::{GameExt, Rules};
    use std::sync::atomic::AtomicBool;

    /// Takes one stone, raising `flag` at its `at`-th move, as a Ctrl-C during a long game.
    struct Interrupting {
        flag: &'static AtomicBool,
        at: u32,
        moves: u32,
    }

    impl Player<Nim> for Interrupting {
        fn name(&self) -> String {
            "interrupting".into()
        }
        fn choose(&mut self, game: &Nim, state: &NimState) -> Option<Take> {
            self.moves += 1;
            if self.moves == self.at {
                self.flag.store(true, Ordering::Relaxed);
            }
            (!game.status(state).is_finished()).then_some(Take(1))
        }
    }

    #[test]
    fn a_game_in_progress_is_dropped_between_two_moves() {
        static FLAG: AtomicBool = AtomicBool::new(false);
        let game = Nim::with_options(NimOptions {
            stones: 100,
            max_take: 1,
        })
        .unwrap();
        let players = |at| {
            BySide::from_fn(|_| Interrupting {
                flag: &FLAG,
                at,
                moves: 0,
            })
        };
        let whole = play_game_until(
            &game,
            game.initial_state(),
            &mut players(0),
            1000,
            StopFlag::new(&FLAG),
        );
        assert_eq!(whole.map(|p| p.moves.len()), Some(100));
        assert!(!FLAG.load(Ordering::Relaxed));
        let dropped = play_game_until(
            &game,
            game.initial_state(),
            &mut players(3),
            1000,
            StopFlag::new(&FLAG),
        );
        assert!(dropped.is_none());
        // Without a flag the same interruption changes nothing.
        let played = play_game(&game, game.initial_state(), &mut players(3), 1000);
        assert_eq!(played.moves.len(), 100);
    }
}
