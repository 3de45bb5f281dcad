//! The proof search every part of the solver runs: alpha-beta over win, draw and loss to the
//! end of the game, its transposition table kept by whoever asks (a call of [`super::solve`],
//! or the perfect player from move to move), and the order in which moves are proven.

use std::collections::HashMap;

use board_kernel::perft::node_key;
use board_kernel::prelude::*;
use board_kernel::{Side, Status};

use crate::bound::Bound;
use crate::control::{self, Stop};
use crate::limits::{Limits, SolveConfig, path_bytes};

/// Up to this many legal moves, children are ordered by the replies they allow (Kamisado has
/// at most 102; the wide games skip it).
const THREAT_WIDTH: usize = 110;

/// Proven scores by [`node_key`]: the score, what it bounds, and the index of the best move
/// in the engine's order. The perfect player keeps it from move to move.
pub(super) type Table = HashMap<u64, (i8, Bound, u16)>;

/// One proof search: the game, its limits and what it has proven so far.
pub(super) struct Prover<'g, G: Game> {
    game: &'g G,
    /// The limits; callers that prove several positions in turn move `max_nodes` on, so
    /// each proof gets a budget of its own.
    pub(super) config: SolveConfig,
    /// Positions visited so far.
    pub(super) nodes: u64,
    pub(super) table: Table,
    pub(super) limits: Limits,
    /// The flag of the perfect player's control.
    pub(super) stop: Option<Stop>,
    /// The time ([`clock::now_ms`](crate::clock::now_ms)) the control's budget says the
    /// proofs must stop at.
    pub(super) deadline: Option<f64>,
    /// Set once the flag or the deadline stopped the search: every proof then answers
    /// "beyond the budget".
    pub(super) interrupted: bool,
}

/// A move of a position on the path, as the search orders it: the move's index in the list,
/// the score for the mover when it ends the game at once, and the sort key.
struct Child {
    /// Not a win at once, not the table's best move, a win at once for the opponent after it,
    /// ends the game at once, the opponent's replies.
    key: (bool, bool, bool, bool, usize),
    index: usize,
    end: Option<i8>,
}

impl<'g, G: Game> Prover<'g, G> {
    /// A search of `game` under `config` with `table` (empty, or kept from earlier proofs),
    /// its clock starting now.
    pub(super) fn new(game: &'g G, config: &SolveConfig, table: Table) -> Self {
        Prover {
            game,
            config: *config,
            nodes: 0,
            table,
            limits: Limits::new(config),
            stop: None,
            deadline: None,
            interrupted: false,
        }
    }

    /// The score of a finished state for `side`: 1 won, 0 drawn, −1 lost.
    pub(super) fn terminal(status: Status, side: Side) -> Option<i8> {
        match status {
            Status::Ongoing => None,
            Status::Finished(result) => Some(match result.winner {
                None => 0,
                Some(winner) if winner == side => 1,
                Some(_) => -1,
            }),
        }
    }

    /// The proven value of `child` (a position just reached) for `side`, whoever moves in it
    /// (extra turns keep the mover); `None` beyond the budget.
    pub(super) fn value_for(&mut self, child: &G::State, side: Side) -> Option<i8> {
        match Self::terminal(self.game.status(child), side) {
            Some(end) => Some(end),
            None if self.game.side_to_move(child) == side => self.score(child, -1, 1, 0),
            None => self.score(child, -1, 1, 0).map(|s| -s),
        }
    }

    /// Whether the side to move in `state` can end the game with its win at once, and how
    /// many moves it has; `None` when the time is up.
    fn threat(&self, state: &G::State) -> Option<(bool, usize)> {
        if self.limits.out_of_time() {
            return None;
        }
        let side = self.game.side_to_move(state);
        let mut moves = Vec::new();
        self.game.legal_moves(state, &mut moves);
        let wins = moves.iter().any(|mv| {
            let mut child = state.clone();
            self.game.play_unchecked(&mut child, mv);
            Self::terminal(self.game.status(&child), side) == Some(1)
        });
        Some((wins, moves.len()))
    }

    /// The score (−1, 0, 1) of `state` for its side to move within `alpha..beta`, or `None`
    /// when the budget ran out.
    pub(super) fn score(
        &mut self,
        state: &G::State,
        alpha: i8,
        beta: i8,
        depth: u32,
    ) -> Option<i8> {
        let me = self.game.side_to_move(state);
        if let Some(score) = Self::terminal(self.game.status(state), me) {
            return Some(score);
        }
        self.nodes += 1;
        if self.nodes > self.config.max_nodes
            || depth >= self.config.max_depth
            || self.limits.out_of_time()
        {
            return None;
        }
        if self.nodes & 1023 == 0 && control::due(self.stop.as_ref(), self.deadline) {
            self.interrupted = true;
        }
        if self.interrupted {
            return None;
        }
        let key = node_key(self.game, state);
        let mut first = None;
        if let Some(&(score, bound, best)) = self.table.get(&key) {
            if bound.settles(score, alpha, beta) {
                return Some(score);
            }
            first = Some(usize::from(best));
        }
        let mut moves = Vec::new();
        self.game.legal_moves(state, &mut moves);
        // The children are kept as moves and played again when searched: a state per move
        // on every level of the path would hold the path's width times its depth in states.
        let mut children = Vec::with_capacity(moves.len());
        let mut win_at_once = None;
        for (i, mv) in moves.iter().enumerate() {
            let mut child = state.clone();
            self.game.play_unchecked(&mut child, mv);
            let end = Self::terminal(self.game.status(&child), me);
            if end == Some(1) {
                // Nothing beats it, and it would be searched first.
                win_at_once = Some(i);
                break;
            }
            // Order: the table's best move first, then moves after which the opponent
            // cannot win at once, fewest replies first (forcing moves prove fastest); moves
            // that end the game otherwise last. Looking one reply ahead pays where moves are
            // few (Kamisado); in wide games it would cost more than it saves.
            let (threat, replies) = match end {
                None if moves.len() <= THREAT_WIDTH => self.threat(&child)?,
                _ => (false, 0),
            };
            children.push(Child {
                key: (true, Some(i) != first, threat, end.is_some(), replies),
                index: i,
                end,
            });
        }
        let (best_score, best_index) = match win_at_once {
            Some(i) => (1, i),
            None => {
                children.sort_by_key(|c| c.key);
                let held = path_bytes(self.game, state, &moves, std::mem::size_of::<Child>());
                if !self.limits.hold(held) {
                    return None;
                }
                let searched = self.search_children(state, &moves, &children, alpha, beta, depth);
                self.limits.release(held);
                searched?
            }
        };
        let bound = Bound::of(best_score, alpha, beta);
        if self.table.len() >= self.config.table_entries {
            self.table.clear();
        }
        self.table.insert(
            key,
            (
                best_score,
                bound,
                u16::try_from(best_index).unwrap_or(u16::MAX),
            ),
        );
        Some(best_score)
    }

    /// The best score of `state`'s `children` (in their order) within `alpha..beta`, and the
    /// index of the move that gives it; `None` beyond the budget.
    fn search_children(
        &mut self,
        state: &G::State,
        moves: &[G::Move],
        children: &[Child],
        mut alpha: i8,
        beta: i8,
        depth: u32,
    ) -> Option<(i8, usize)> {
        let me = self.game.side_to_move(state);
        let mut best_score = -2;
        let mut best_index = 0;
        for child in children {
            let i = child.index;
            let score = match child.end {
                Some(end) => end,
                None => {
                    let mut next = state.clone();
                    self.game.play_unchecked(&mut next, &moves[i]);
                    if self.game.side_to_move(&next) == me {
                        self.score(&next, alpha, beta, depth + 1)?
                    } else {
                        -self.score(&next, -beta, -alpha, depth + 1)?
                    }
                }
            };
            if score > best_score {
                best_score = score;
                best_index = i;
            }
            alpha = alpha.max(score);
            if alpha >= beta {
                break;
            }
        }
        Some((best_score, best_index))
    }
}

/// `moves` of `state`, the moves that leave the fewest replies first (a win at once has
/// none), ties in the engine's order: the order in which winning moves are chosen, so that
/// strategies and proofs stay small. Counting a move's replies lists them, as visiting its
/// position would; so the moves keep the engine's order when there are more of them than
/// `budget` (the positions the proofs may visit: the count then at most doubles the work),
/// or when `limits`' time runs out while they are counted.
pub(super) fn by_fewest_replies<G: Game>(
    game: &G,
    state: &G::State,
    moves: Vec<G::Move>,
    budget: u64,
    limits: &Limits,
) -> Vec<G::Move> {
    if u64::try_from(moves.len()).unwrap_or(u64::MAX) > budget {
        return moves;
    }
    let mut replies = Vec::new();
    let mut counts = Vec::with_capacity(moves.len());
    for mv in &moves {
        if limits.out_of_time() {
            return moves;
        }
        let mut child = state.clone();
        game.play_unchecked(&mut child, mv);
        counts.push(if game.status(&child).is_finished() {
            0
        } else {
            game.count_moves(&child, &mut replies)
        });
    }
    let mut order: Vec<(usize, G::Move)> = counts.into_iter().zip(moves).collect();
    order.sort_by_key(|(replies, _)| *replies);
    order.into_iter().map(|(_, mv)| mv).collect()
}
