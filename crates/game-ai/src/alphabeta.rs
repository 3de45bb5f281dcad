//! Iterative-deepening alpha-beta search.
//!
//! Values are taken from the point of view of the side to move at the root: a position is a
//! maximising node when that side is to move in it and a minimising node otherwise. The
//! search therefore never assumes that the sides alternate — an extra turn, a push that
//! moves again or a pass is just a move after which the game says who is to move.
//!
//! Leaves are scored by [`eval::heuristic`] (the game's [`Search::heuristic`](board_kernel::Search::heuristic), else the
//! squashed score difference, else 0), all in `[-1, 1]`; a finished game scores beyond that
//! range (`±(2 − ply/1000)`), so a win is preferred to any evaluation and a quicker win to a
//! slower one. Deepening goes one ply at a time up to the depth budget (or until the time
//! budget runs out: the result of the last complete depth is played). Each new depth tries
//! the root moves best first by the previous depth's values. At inner nodes the move a
//! transposition table remembers as best comes first, then a killer move per ply.
//!
//! The transposition table is keyed by the position and its repetition history
//! ([`board_kernel::perft::node_key`], as the solver's is), and stores
//! the value of a node with its remaining depth and whether it is exact or a bound. An entry
//! cuts the search only at the same remaining depth, so the value of a search to depth `d` is
//! exactly plain alpha-beta's (tested), only found with fewer nodes; entries of other depths
//! (the previous iteration's) still order the moves. Win scores, which depend on the ply, are
//! stored relative to the node. The root moves are shuffled once by the player's generator,
//! so equal moves are chosen with variety yet reproducibly for a seed.

use std::time::Duration;

use crate::bound::Bound;
use crate::clock;
use crate::control::{self, Control, Progress, Score, Stop};

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
    /// Transposition-table entries (24 bytes each; 0: no table). The table is made at the
    /// first search and kept between moves.
    pub table_entries: usize,
}

impl Default for AlphaBetaConfig {
    fn default() -> Self {
        AlphaBetaConfig {
            budget: Budget::Count(PlayerSpec::DEFAULT_ALPHABETA_DEPTH),
            max_depth: 64,
            table_entries: 1 << 18,
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

/// A transposition-table entry.
#[derive(Clone, Copy, Debug)]
struct Entry {
    key: u64,
    /// For the root's side, wins relative to this node (see [`AlphaBeta::to_table`]).
    value: f64,
    /// The index of the best move in the generated order (`u16::MAX`: none).
    best: u16,
    depth: u8,
    bound: Bound,
}

/// The alpha-beta player for the game `G`.
#[derive(Clone, Debug)]
pub struct AlphaBeta<G: Game> {
    config: AlphaBetaConfig,
    rng: SplitMix64,
    /// One move buffer per ply, reused.
    buffers: Vec<Vec<G::Move>>,
    killers: Vec<Option<G::Move>>,
    table: Vec<Option<Entry>>,
    me: Side,
    nodes: u64,
    /// The time ([`clock::now_ms`]) the search must stop at.
    deadline: Option<f64>,
    /// The flag of the current search's control.
    stop: Option<Stop>,
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
            table: Vec::new(),
            me: Side::White,
            nodes: 0,
            deadline: None,
            stop: None,
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
        self.prepare(game.side_to_move(state));
        self.deadline = None;
        self.stop = None;
        self.aborted = false;
        let mut rows: Vec<(G::Move, f64)> = moves.into_iter().map(|m| (m, 0.0)).collect();
        self.search_root(game, state, depth.max(1), &mut rows);
        rows
    }

    /// The line the table gives after `first` from `state`, at most `depth` moves long:
    /// each position's remembered best move, as far as the table has one.
    fn principal_line(
        &self,
        game: &G,
        state: &G::State,
        first: &G::Move,
        depth: u32,
    ) -> Vec<G::Move> {
        let mut line = vec![first.clone()];
        let mut position = state.clone();
        game.play_unchecked(&mut position, first);
        let mut moves = Vec::new();
        while line.len() < depth as usize && !self.table.is_empty() {
            if game.status(&position).is_finished() {
                break;
            }
            let key = board_kernel::perft::node_key(game, &position);
            let slot = (key % self.table.len() as u64) as usize;
            let Some(entry) = self.table[slot].filter(|e| e.key == key) else {
                break;
            };
            moves.clear();
            game.legal_moves(&position, &mut moves);
            let Some(mv) = moves.get(usize::from(entry.best)) else {
                break;
            };
            game.play_unchecked(&mut position, mv);
            line.push(mv.clone());
        }
        line
    }

    /// Makes the table at the first search, and empties it when the side searched for
    /// changes (its values are from that side's point of view).
    fn prepare(&mut self, me: Side) {
        if self.table.len() != self.config.table_entries {
            self.table = vec![None; self.config.table_entries];
        } else if me != self.me {
            self.table.iter_mut().for_each(|e| *e = None);
        }
        self.me = me;
    }

    /// A value as stored: a win or loss found `ply` plies below the root is stored as seen
    /// from the node, so that the same position reached at another ply reads it right.
    fn to_table(value: f64, ply: usize) -> f64 {
        if value > 1.5 {
            value + WIN_PLY_COST * ply as f64
        } else if value < -1.5 {
            value - WIN_PLY_COST * ply as f64
        } else {
            value
        }
    }

    /// A stored value read at `ply`.
    fn from_table(value: f64, ply: usize) -> f64 {
        if value > 1.5 {
            value - WIN_PLY_COST * ply as f64
        } else if value < -1.5 {
            value + WIN_PLY_COST * ply as f64
        } else {
            value
        }
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
        if self.nodes & 1023 == 0 && control::due(self.stop.as_ref(), self.deadline) {
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
        let (alpha_in, beta_in) = (alpha, beta);
        // The key walks the repetition history: only worth computing with a table.
        let key = if self.table.is_empty() {
            0
        } else {
            board_kernel::perft::node_key(game, state)
        };
        let slot = (!self.table.is_empty()).then(|| (key % self.table.len() as u64) as usize);
        let mut first = None;
        if let Some(entry) = slot.and_then(|i| self.table[i]).filter(|e| e.key == key) {
            if u32::from(entry.depth) == depth {
                let value = Self::from_table(entry.value, ply);
                if entry.bound.settles(value, alpha, beta) {
                    return value;
                }
            }
            first = Some(usize::from(entry.best));
        }
        let mut moves = std::mem::take(&mut self.buffers[ply]);
        moves.clear();
        game.legal_moves(state, &mut moves);
        let first = first.filter(|&i| i < moves.len());
        let killer = self.killers[ply]
            .as_ref()
            .and_then(|killer| moves.iter().position(|m| m == killer))
            .filter(|&k| Some(k) != first);
        let maximising = game.side_to_move(state) == self.me;
        let mut best = if maximising {
            f64::NEG_INFINITY
        } else {
            f64::INFINITY
        };
        let mut best_index = None;
        // The table's move, the killer, then the rest in generated order; indices stay
        // those of the generated order, which is what the table stores.
        let order = first
            .into_iter()
            .chain(killer)
            .chain((0..moves.len()).filter(|&i| Some(i) != first && Some(i) != killer));
        for i in order {
            let mv = &moves[i];
            let mut child = state.clone();
            game.play_unchecked(&mut child, mv);
            let v = self.search(game, &child, depth - 1, ply + 1, alpha, beta);
            if self.aborted {
                break;
            }
            let better = if maximising { v > best } else { v < best };
            if better {
                best = v;
                best_index = Some(i);
            }
            if maximising {
                alpha = alpha.max(v);
            } else {
                beta = beta.min(v);
            }
            if alpha >= beta {
                self.killers[ply] = Some(mv.clone());
                break;
            }
        }
        if !self.aborted
            && !best.is_infinite()
            && let Some(i) = slot
        {
            let bound = Bound::of(best, alpha_in, beta_in);
            self.table[i] = Some(Entry {
                key,
                value: Self::to_table(best, ply),
                // After a fail low every move was refuted, none is known to be best: the
                // move the table had is kept.
                best: if bound == Bound::Upper {
                    first
                } else {
                    best_index
                }
                .map_or(u16::MAX, |b| u16::try_from(b).unwrap_or(u16::MAX)),
                depth: u8::try_from(depth).unwrap_or(u8::MAX),
                bound,
            });
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

/// A search value as a [`Score`]: a win or loss found by the search (beyond ±1.5) with its
/// plies, else the estimate.
fn score(value: f64) -> Score {
    if value.abs() > 1.5 {
        let plies = ((WIN - value.abs()) / WIN_PLY_COST).round() as u32;
        if value > 0.0 {
            Score::Win(Some(plies))
        } else {
            Score::Loss(Some(plies))
        }
    } else {
        Score::Estimate(value)
    }
}

impl<G: Game> Player<G> for AlphaBeta<G> {
    fn name(&self) -> String {
        PlayerSpec::AlphaBeta(self.config.budget).to_string()
    }

    fn choose(&mut self, game: &G, state: &G::State) -> Option<G::Move> {
        self.choose_with(game, state, &mut Control::default())
    }

    fn choose_with(
        &mut self,
        game: &G,
        state: &G::State,
        control: &mut Control<'_, G::Move>,
    ) -> Option<G::Move> {
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
        let budget = control.budget.unwrap_or(self.config.budget);
        let max_depth = match budget {
            Budget::Count(d) => d.max(1),
            Budget::Time(_) => self.config.max_depth.max(1),
        };
        self.prepare(game.side_to_move(state));
        self.deadline = control.time_limit(budget, started);
        self.stop = control.stop.clone();
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
            if control.listening() {
                let line = self.principal_line(game, state, &rows[0].0, depth);
                control.report(&Progress {
                    depth,
                    nodes: self.nodes,
                    score: score(rows[0].1),
                    elapsed: clock::since(started),
                    line,
                });
            }
            // A proven result cannot change with depth.
            if rows[0].1.abs() > 1.5 {
                break;
            }
        }
        self.stop = None;
        let (mv, value, depth) = best.unwrap_or_else(|| (rows[0].0.clone(), 0.0, 0));
        if depth == 0 && control.listening() {
            // Stopped before depth 1 was complete: the first move of the shuffled order.
            control.report(&Progress {
                depth: 0,
                nodes: self.nodes,
                score: Score::Estimate(0.0),
                elapsed: clock::since(started),
                line: vec![mv.clone()],
            });
        }
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
