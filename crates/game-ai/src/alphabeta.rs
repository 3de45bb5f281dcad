//! Iterative-deepening alpha-beta search.
//!
//! Values are taken from the point of view of the side to move at the root: a position is a
//! maximising node when that side is to move in it and a minimising node otherwise. The
//! search therefore never assumes that the sides alternate — an extra turn, a push that
//! moves again or a pass is just a move after which the game says who is to move.
//!
//! Leaves are scored by [`eval::heuristic`] (the game's [`Game::heuristic`], else the
//! squashed score difference, else 0), all in `[-1, 1]`; a finished game scores beyond that
//! range (`±(2 − ply/1000)`), so a win is preferred to any evaluation and a quicker win to a
//! slower one. Deepening goes one ply at a time up to the depth budget (or until the time
//! budget runs out: the result of the last complete depth is played). Each new depth tries
//! the root moves best first by the previous depth's values, and a killer move per ply is
//! tried first at inner nodes. The root moves are shuffled once by the player's generator, so
//! equal moves are chosen with variety yet reproducibly for a seed.

use std::time::Duration;

use crate::clock;

use board_kernel::{Game, Side, SplitMix64};

use crate::eval::{self, outcome};
use crate::{Budget, Player, PlayerSpec};

/// The value of a win found at ply 0; each ply deeper costs [`WIN_PLY_COST`].
pub const WIN: f64 = 2.0;
/// How much a win loses per ply of delay (and a loss gains).
pub const WIN_PLY_COST: f64 = 0.001;

/// The settings of an [`AlphaBeta`] player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AlphaBetaConfig {
    /// The depth in plies (whole turns), or the time per move.
    pub budget: Budget,
    /// The deepest iteration with a time budget.
    pub max_depth: u32,
}

impl Default for AlphaBetaConfig {
    fn default() -> Self {
        AlphaBetaConfig {
            budget: Budget::Count(PlayerSpec::DEFAULT_ALPHABETA_DEPTH),
            max_depth: 64,
        }
    }
}

/// What the last search found.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SearchInfo {
    /// The deepest completed iteration.
    pub depth: u32,
    /// The chosen move's value for the side to move.
    pub value: f64,
    /// Positions visited over all iterations.
    pub nodes: u64,
    /// Time spent.
    pub elapsed: Duration,
}

/// The alpha-beta player for the game `G`.
#[derive(Clone, Debug)]
pub struct AlphaBeta<G: Game> {
    config: AlphaBetaConfig,
    rng: SplitMix64,
    /// One move buffer per ply, reused.
    buffers: Vec<Vec<G::Move>>,
    killers: Vec<Option<G::Move>>,
    me: Side,
    nodes: u64,
    /// The time ([`clock::now_ms`]) the search must stop at.
    deadline: Option<f64>,
    aborted: bool,
    last: Option<SearchInfo>,
}

impl<G: Game> AlphaBeta<G> {
    /// A searcher with these settings; `seed` orders equal moves.
    #[must_use]
    pub fn new(config: AlphaBetaConfig, seed: u64) -> Self {
        AlphaBeta {
            config,
            rng: SplitMix64::new(seed),
            buffers: Vec::new(),
            killers: Vec::new(),
            me: Side::White,
            nodes: 0,
            deadline: None,
            aborted: false,
            last: None,
        }
    }

    /// What the last call of [`Player::choose`] found (`None` when the move was forced).
    #[must_use]
    pub fn last_search(&self) -> Option<SearchInfo> {
        self.last
    }

    /// The root moves with their values for the side to move after a search to `depth`,
    /// best first (only the first value is exact; the others are bounds that alpha-beta
    /// proved it need not refine). Empty when the game is over.
    pub fn analyse(&mut self, game: &G, state: &G::State, depth: u32) -> Vec<(G::Move, f64)> {
        let mut moves = Vec::new();
        game.legal_moves(state, &mut moves);
        if moves.is_empty() {
            return Vec::new();
        }
        self.me = game.side_to_move(state);
        self.deadline = None;
        self.aborted = false;
        let mut rows: Vec<(G::Move, f64)> = moves.into_iter().map(|m| (m, 0.0)).collect();
        self.search_root(game, state, depth.max(1), &mut rows);
        rows
    }

    /// Searches every root move to `depth`, fills in their values and sorts them best
    /// first. Returns `false` when the time ran out (the values are then incomplete).
    fn search_root(
        &mut self,
        game: &G,
        state: &G::State,
        depth: u32,
        rows: &mut [(G::Move, f64)],
    ) -> bool {
        let mut alpha = f64::NEG_INFINITY;
        for row in rows.iter_mut() {
            let mut child = state.clone();
            game.play_unchecked(&mut child, &row.0);
            let v = self.search(game, &child, depth - 1, 1, alpha, f64::INFINITY);
            if self.aborted {
                return false;
            }
            row.1 = v;
            alpha = alpha.max(v);
        }
        // Stable: among equal values the (shuffled) earlier move stays first.
        rows.sort_by(|a, b| b.1.total_cmp(&a.1));
        true
    }

    /// The value of `state` for `self.me`, searched `depth` plies deep.
    fn search(
        &mut self,
        game: &G,
        state: &G::State,
        depth: u32,
        ply: usize,
        mut alpha: f64,
        mut beta: f64,
    ) -> f64 {
        self.nodes += 1;
        if self.nodes & 1023 == 0
            && let Some(deadline) = self.deadline
            && clock::now_ms() >= deadline
        {
            self.aborted = true;
        }
        if self.aborted {
            return 0.0;
        }
        if let Some(v) = outcome(&game.status(state), self.me) {
            return v * (WIN - WIN_PLY_COST * ply as f64);
        }
        if depth == 0 {
            return eval::heuristic(game, state, self.me);
        }
        if self.buffers.len() <= ply {
            self.buffers.resize_with(ply + 1, Vec::new);
            self.killers.resize(ply + 1, None);
        }
        let mut moves = std::mem::take(&mut self.buffers[ply]);
        moves.clear();
        game.legal_moves(state, &mut moves);
        if let Some(killer) = &self.killers[ply]
            && let Some(k) = moves.iter().position(|m| m == killer)
        {
            moves.swap(0, k);
        }
        let maximising = game.side_to_move(state) == self.me;
        let mut best = if maximising {
            f64::NEG_INFINITY
        } else {
            f64::INFINITY
        };
        for mv in &moves {
            let mut child = state.clone();
            game.play_unchecked(&mut child, mv);
            let v = self.search(game, &child, depth - 1, ply + 1, alpha, beta);
            if self.aborted {
                break;
            }
            if maximising {
                best = best.max(v);
                alpha = alpha.max(v);
            } else {
                best = best.min(v);
                beta = beta.min(v);
            }
            if alpha >= beta {
                self.killers[ply] = Some(mv.clone());
                break;
            }
        }
        self.buffers[ply] = moves;
        if best.is_infinite() {
            // No moves in an ongoing position breaks the contract: call it even.
            0.0
        } else {
            best
        }
    }
}

impl<G: Game> Player<G> for AlphaBeta<G> {
    fn name(&self) -> String {
        PlayerSpec::AlphaBeta(self.config.budget).to_string()
    }

    fn choose(&mut self, game: &G, state: &G::State) -> Option<G::Move> {
        self.last = None;
        let mut moves = Vec::new();
        game.legal_moves(state, &mut moves);
        if moves.len() <= 1 {
            return moves.pop();
        }
        let started = clock::now_ms();
        for i in (1..moves.len()).rev() {
            let j = self.rng.below(i + 1);
            moves.swap(i, j);
        }
        let (max_depth, deadline) = match self.config.budget {
            Budget::Count(d) => (d.max(1), None),
            Budget::Time(t) => (
                self.config.max_depth.max(1),
                Some(started + t.as_secs_f64() * 1000.0),
            ),
        };
        self.me = game.side_to_move(state);
        self.deadline = deadline;
        self.aborted = false;
        self.nodes = 0;
        self.killers.iter_mut().for_each(|k| *k = None);
        let mut rows: Vec<(G::Move, f64)> = moves.into_iter().map(|m| (m, 0.0)).collect();
        let mut best: Option<(G::Move, f64, u32)> = None;
        for depth in 1..=max_depth {
            let mut trial = rows.clone();
            if !self.search_root(game, state, depth, &mut trial) {
                break;
            }
            rows = trial;
            best = Some((rows[0].0.clone(), rows[0].1, depth));
            // A proven result cannot change with depth.
            if rows[0].1.abs() > 1.5 {
                break;
            }
        }
        let (mv, value, depth) = best.unwrap_or_else(|| (rows[0].0.clone(), 0.0, 0));
        self.last = Some(SearchInfo {
            depth,
            value,
            nodes: self.nodes,
            elapsed: clock::since(started),
        });
        Some(mv)
    }

    fn report(&self) -> Option<String> {
        self.last.map(|s| {
            let value = if s.value.abs() > 1.5 {
                let plies = ((WIN - s.value.abs()) / WIN_PLY_COST).round();
                format!(
                    "{} in {plies} plies",
                    if s.value > 0.0 { "wins" } else { "loses" }
                )
            } else {
                format!("value {:+.2}", s.value)
            };
            format!(
                "depth {}, {} nodes, {value} ({:.2} s)",
                s.depth,
                s.nodes,
                s.elapsed.as_secs_f64()
            )
        })
    }
}
