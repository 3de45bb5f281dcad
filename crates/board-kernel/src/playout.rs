//! Seeded random playouts and their statistics.

use crate::{BySide, Search, SplitMix64, Status};

/// A game played to its end (or to a ply cap) by uniformly random moves.
#[derive(Clone, Debug)]
pub struct Playout<G: Search> {
    /// The moves, in order.
    pub moves: Vec<G::Move>,
    /// The state reached.
    pub state: G::State,
    /// Its status (ongoing only when the cap was hit).
    pub status: Status,
}

/// Plays uniformly random legal moves from `state` until the game ends or `max_plies` moves
/// have been made.
pub fn random_playout<G: Search>(
    game: &G,
    mut state: G::State,
    rng: &mut SplitMix64,
    max_plies: usize,
) -> Playout<G> {
    let mut moves = Vec::new();
    let mut buffer = Vec::new();
    loop {
        let status = game.status(&state);
        if status.is_finished() || moves.len() >= max_plies {
            return Playout {
                moves,
                state,
                status,
            };
        }
        let Some(mv) = game.random_move(&state, rng, &mut buffer) else {
            // An ongoing state with no legal move breaks the contract; stop rather than spin.
            return Playout {
                moves,
                state,
                status,
            };
        };
        game.play_unchecked(&mut state, &mv);
        moves.push(mv);
    }
}

/// A varied start: `start` after `turns` uniformly random whole moves, drawn again (up to
/// eight times) when they end the game, and `start` itself when every draw did. Self-play,
/// batched environments and paired tournament games begin from such openings.
pub fn random_opening<G: Search>(
    game: &G,
    start: &G::State,
    turns: u32,
    rng: &mut SplitMix64,
) -> G::State {
    let mut scratch = Vec::new();
    let mut state = start.clone();
    for _attempt in 0..8 {
        state.clone_from(start);
        for _ in 0..turns {
            let Some(mv) = game.random_move(&state, rng, &mut scratch) else {
                break;
            };
            game.play_unchecked(&mut state, &mv);
        }
        if game.status(&state) == Status::Ongoing {
            return state;
        }
    }
    start.clone()
}

/// Outcome shares and lengths of a series of games.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SeriesStats {
    /// Games played.
    pub games: u64,
    /// Games won by each side.
    pub wins: BySide<u64>,
    /// Drawn games.
    pub draws: u64,
    /// Games stopped by the ply cap before they ended.
    pub unfinished: u64,
    /// Plies over all games.
    pub total_plies: u64,
    /// The longest game, in plies.
    pub max_plies: u64,
    /// Final scores summed over all games (games that keep a score).
    pub total_score: BySide<i64>,
}

impl SeriesStats {
    /// Adds one finished (or capped) game.
    pub fn record(&mut self, status: &Status, plies: usize, scores: Option<BySide<i64>>) {
        self.games += 1;
        self.total_plies += plies as u64;
        self.max_plies = self.max_plies.max(plies as u64);
        match status.result() {
            None => self.unfinished += 1,
            Some(r) => match r.winner {
                Some(side) => self.wins[side] += 1,
                None => self.draws += 1,
            },
        }
        if let Some(s) = scores {
            self.total_score.white += s.white;
            self.total_score.black += s.black;
        }
    }

    /// Adds another series.
    pub fn merge(&mut self, other: &SeriesStats) {
        self.games += other.games;
        self.wins.white += other.wins.white;
        self.wins.black += other.wins.black;
        self.draws += other.draws;
        self.unfinished += other.unfinished;
        self.total_plies += other.total_plies;
        self.max_plies = self.max_plies.max(other.max_plies);
        self.total_score.white += other.total_score.white;
        self.total_score.black += other.total_score.black;
    }

    /// Mean game length in plies.
    #[must_use]
    pub fn mean_plies(&self) -> f64 {
        if self.games == 0 {
            0.0
        } else {
            self.total_plies as f64 / self.games as f64
        }
    }

    /// A one-paragraph summary: shares, mean and maximum length, mean score.
    #[must_use]
    pub fn summary(&self, white: &str, black: &str) -> String {
        let pct = |n: u64| 100.0 * n as f64 / self.games.max(1) as f64;
        let mut text = format!(
            "{} games: {white} won {:.1}%, {black} won {:.1}%, drawn {:.1}%{}; mean length {:.1} plies, longest {}",
            self.games,
            pct(self.wins.white),
            pct(self.wins.black),
            pct(self.draws),
            if self.unfinished > 0 {
                format!(", unfinished {:.1}%", pct(self.unfinished))
            } else {
                String::new()
            },
            self.mean_plies(),
            self.max_plies,
        );
        if self.total_score != BySide::default() {
            let g = self.games.max(1) as f64;
            text += &format!(
                "; mean score {white} {:.2}, {black} {:.2}",
                self.total_score.white as f64 / g,
                self.total_score.black as f64 / g
            );
        }
        text
    }
}

/// Plays `games` random games from the initial state, game `i` seeded from `seed` and `i`,
/// and gathers their statistics.
pub fn random_series<G: Search>(game: &G, games: u64, seed: u64, max_plies: usize) -> SeriesStats {
    let mut stats = SeriesStats::default();
    for i in 0..games {
        let mut rng = SplitMix64::new(seed ^ i.wrapping_mul(0x9E37_79B9_7F4A_7C15));
        let p = random_playout(game, game.initial_state(), &mut rng, max_plies);
        stats.record(&p.status, p.moves.len(), game.scores(&p.state));
    }
    stats
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Rules;
    use crate::testing::Nim;

    #[test]
    fn playouts_are_reproducible_and_end() {
        let game = Nim::default();
        let a = random_playout(&game, game.initial_state(), &mut SplitMix64::new(3), 100);
        let b = random_playout(&game, game.initial_state(), &mut SplitMix64::new(3), 100);
        assert_eq!(a.moves, b.moves);
        assert!(a.status.is_finished());
        assert_eq!(a.moves.iter().map(|m| m.0).sum::<u32>(), 10);
        let capped = random_playout(&game, game.initial_state(), &mut SplitMix64::new(3), 1);
        assert_eq!(capped.moves.len(), 1);
        assert!(!capped.status.is_finished());
    }

    #[test]
    fn series_counts_every_game() {
        let game = Nim::default();
        let stats = random_series(&game, 200, 9, 100);
        assert_eq!(stats.games, 200);
        assert_eq!(stats.wins.white + stats.wins.black, 200);
        assert!(stats.mean_plies() >= 4.0 && stats.max_plies <= 10);
        assert!(
            stats
                .summary("White", "Black")
                .starts_with("200 games: White won")
        );
    }
}
