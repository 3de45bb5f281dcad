//! Monte Carlo tree search with UCT selection.
//!
//! # The search
//! Each iteration walks down the tree from the root, replaying the moves on one clone of the
//! root state (nodes hold moves, not states). At a node whose children have all been
//! visited it follows the child with the best UCT value
//! `mean + c · sqrt(ln N / n)`, where the mean is taken from the point of view of the side
//! that chose the child's move — asked of the game, never assumed to alternate, so extra
//! turns, pushes that move again and passes are handled like any move. A node's children are
//! created together (one arena of nodes, reused from move to move) the second time the node
//! is reached, in an order shuffled by the player's generator, and are then tried in that
//! order before UCT takes over. The new node's value is estimated by a rollout and the reward
//! is added along the path.
//!
//! # Rollouts and their cap
//! A rollout plays lightly biased moves ([`Rollout::BestOf`], the default: the better by
//! the static evaluation of two sampled legal moves, a winning move counting as best) or
//! uniformly random ones ([`Rollout::Random`]) until the game ends — reward 1, ½ or 0 — or
//! until [`MctsConfig::rollout_plies`] moves have been played. A capped rollout is scored by
//! [`eval::evaluate`](crate::eval::evaluate) mapped from `[-1, 1]` to `[0, 1]`: the game's
//! own evaluation where it has one, else the squashed score difference. A game that offers
//! neither gets long rollouts instead ([`MctsConfig::blind_rollout_plies`]), since a capped
//! rollout would learn nothing there.
//!
//! The default cap is short — 2 moves — on purpose. Random play in these games is long
//! (hundreds of moves in Tower of Power, Queens' Courtiers and Seven Sages, where most
//! random games end by a ply limit or repetition) and a move can be expensive (a Chain
//! Reaction cascade), so long rollouts cost most of the time and tell little: measured
//! against the random player with 1,000 iterations, caps of 8 and 20 moves won no more
//! games than 2 but took 3 to 70 times as long, while a cap of 0 (the evaluation alone, no
//! rollout) drew half its Seven Sages games, where the few rollout moves are what find the
//! kicks that score. The best-of-two bias made Seven Sages games shorter and won all 40
//! games of a seeded sample (20 from each seat), where uniform rollouts had won only 90 of
//! 100 (10 draws), at no cost elsewhere. The exploration
//! constant (0.3) is low because the capped rewards are evaluations, not noisy 0/1 results.
//!
//! # Determinism
//! Everything random comes from the player's [`SplitMix64`], seeded at construction: with an
//! iteration budget the same seed gives the same moves on every machine. With a time budget
//! the number of iterations, hence the move, depends on the machine's speed.

mod reuse;
mod rollout;
mod tree;

use std::collections::HashMap;
use std::time::Duration;

use board_kernel::{Game, Side, SplitMix64};

use crate::control::{Control, Progress, Score};
use crate::eval::outcome;
use crate::{Budget, Player, PlayerSpec, clock};

/// How rollouts pick their moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rollout {
    /// A uniformly random legal move: cheapest, and unbiased.
    Random,
    /// The best of this many randomly sampled legal moves by the static evaluation of the
    /// position it leads to (a winning move always counts as best). Stronger rollouts for
    /// games with a good heuristic, at the cost of one extra move and evaluation per sample.
    BestOf(u8),
}

/// The settings of a [`Mcts`] player.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MctsConfig {
    /// Iterations, or wall time, per move.
    pub budget: Budget,
    /// The UCT exploration constant `c` (rewards are in `[0, 1]`).
    pub exploration: f64,
    /// How rollouts choose moves.
    pub rollout: Rollout,
    /// The longest rollout, in moves, before the position is scored by the static
    /// evaluation.
    pub rollout_plies: u32,
    /// The longest rollout for a game that offers no evaluation (neither
    /// [`Search::heuristic`](board_kernel::Search::heuristic) nor [`Rules::scores`](board_kernel::Rules::scores)): there a capped rollout learns nothing
    /// (it scores ½), so rollouts play on much further towards the end.
    pub blind_rollout_plies: u32,
    /// The tree stops growing at this many nodes (iterations go on, rolling out from the
    /// tree's leaves): a memory bound for long time budgets.
    pub max_nodes: usize,
    /// Whether a search starts from the part of the previous move's tree below the position
    /// reached (its own move and the replies it already explored), keeping their visits.
    pub reuse_tree: bool,
    /// Whether nodes of the same position (reached by different move orders) pool their
    /// statistics in a transposition table, selection reading the pooled figures.
    pub transpositions: bool,
}

impl Default for MctsConfig {
    fn default() -> Self {
        MctsConfig {
            budget: Budget::Count(PlayerSpec::DEFAULT_MCTS_ITERATIONS),
            exploration: 0.3,
            rollout: Rollout::BestOf(2),
            rollout_plies: 2,
            blind_rollout_plies: 500,
            max_nodes: 4_000_000,
            reuse_tree: true,
            transpositions: false,
        }
    }
}

/// What the last search did.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SearchInfo {
    /// Iterations run.
    pub iterations: u32,
    /// Visits the root already had from the previous move's tree (0 without reuse).
    pub reused: u32,
    /// Nodes in the tree at the end.
    pub nodes: usize,
    /// The chosen move's mean reward in `[0, 1]` for the side to move (its expected score).
    pub expected: f64,
    /// How often the chosen move was explored.
    pub visits: u32,
    /// Time spent.
    pub elapsed: Duration,
}

const NONE: u32 = u32::MAX;

/// With a progress listener, the clock is read every this many iterations, and progress
/// reported when [`PROGRESS_INTERVAL`] has passed since the last report.
const PROGRESS_EVERY: u32 = 256;
/// How often a long MCTS search reports its progress.
const PROGRESS_INTERVAL: Duration = Duration::from_millis(500);

#[derive(Clone, Debug)]
struct Node<M> {
    /// The move from the parent (`None` at the root).
    mv: Option<M>,
    /// The side that chose `mv`: rewards are summed from its point of view.
    mover: Side,
    /// The children occupy `first_child .. first_child + children` once expanded.
    first_child: u32,
    children: u32,
    /// Children before this index have been visited at least once.
    next_unvisited: u32,
    /// The reward for White when the node's position is finished.
    terminal: Option<f64>,
    visits: u32,
    value: f64,
    /// The node's position key ([`node_key`](board_kernel::perft::node_key)) once it has
    /// been reached, with transpositions on; 0 before.
    key: u64,
}

impl<M> Node<M> {
    fn new(mv: Option<M>, mover: Side) -> Self {
        Node {
            mv,
            mover,
            first_child: NONE,
            children: 0,
            next_unvisited: 0,
            terminal: None,
            visits: 0,
            value: 0.0,
            key: 0,
        }
    }
}

/// The Monte Carlo tree search player for the game `G`.
#[derive(Clone, Debug)]
pub struct Mcts<G: Game> {
    config: MctsConfig,
    rng: SplitMix64,
    nodes: Vec<Node<G::Move>>,
    path: Vec<u32>,
    moves: Vec<G::Move>,
    last: Option<SearchInfo>,
    /// The rollout cap of the current search.
    cap: u32,
    /// The position of the tree's root, while the tree may be reused.
    root_state: Option<G::State>,
    /// The root's child whose move [`Player::choose`] returned: where the next position is
    /// looked for first.
    chosen: Option<usize>,
    /// With transpositions on: per position key, the visits and White's total reward of
    /// every node of that position.
    table: HashMap<u64, (u32, f64)>,
}

/// Maps a value in `[-1, 1]` for White to a reward in `[0, 1]` for White.
fn reward(value: f64) -> f64 {
    (value + 1.0) * 0.5
}

impl<G: Game> Mcts<G> {
    /// A searcher with these settings whose randomness follows from `seed`.
    #[must_use]
    pub fn new(config: MctsConfig, seed: u64) -> Self {
        Mcts {
            config,
            rng: SplitMix64::new(seed),
            nodes: Vec::new(),
            path: Vec::new(),
            moves: Vec::new(),
            last: None,
            cap: 0,
            root_state: None,
            chosen: None,
            table: HashMap::new(),
        }
    }

    /// What the last call of [`Player::choose`] found (`None` before the first search or
    /// when the move was forced).
    #[must_use]
    pub fn last_search(&self) -> Option<SearchInfo> {
        self.last
    }

    /// Runs the search from `state` and returns the root's children as
    /// `(move, visits, mean reward for the side to move)`, most visited first; empty when the
    /// game is over.
    pub fn analyse(&mut self, game: &G, state: &G::State) -> Vec<(G::Move, u32, f64)> {
        if !self.search(game, state, &mut Control::default()) {
            return Vec::new();
        }
        let root = &self.nodes[0];
        let mut rows: Vec<(G::Move, u32, f64)> = (root.first_child
            ..root.first_child + root.children)
            .map(|i| {
                let n = &self.nodes[i as usize];
                let mean = if n.visits == 0 {
                    0.0
                } else {
                    n.value / f64::from(n.visits)
                };
                (n.mv.clone().expect("children have moves"), n.visits, mean)
            })
            .collect();
        rows.sort_by(|a, b| b.1.cmp(&a.1).then(b.2.total_cmp(&a.2)));
        rows
    }

    /// Builds the tree for `state` within the budget (the control's, else the player's),
    /// until the control stops it. `false` when the game is over.
    fn search(&mut self, game: &G, state: &G::State, control: &mut Control<'_, G::Move>) -> bool {
        let started = clock::now_ms();
        let chosen = self.chosen.take();
        let kept = match self.root_state.take() {
            Some(previous) if self.config.reuse_tree => self.find(game, &previous, chosen, state),
            _ => None,
        };
        let mut reused = 0;
        match kept {
            Some(node) => {
                self.reroot(node);
                reused = self.nodes[0].visits;
            }
            None => {
                self.nodes.clear();
                let mut root = Node::new(None, game.side_to_move(state));
                if let Some(v) = outcome(&game.status(state), Side::White) {
                    root.terminal = Some(reward(v));
                }
                self.nodes.push(root);
            }
        }
        self.table.clear();
        let finished = self.nodes[0].terminal.is_some();
        if self.config.reuse_tree && !finished {
            self.root_state = Some(state.clone());
        }
        let blind = game.heuristic(state, Side::White).is_none() && game.scores(state).is_none();
        self.cap = if blind {
            self.config.blind_rollout_plies
        } else {
            self.config.rollout_plies
        };
        if finished {
            return false;
        }
        let budget = control.budget.unwrap_or(self.config.budget);
        let watched = control.stop.is_some() || control.deadline.is_some();
        let mut reported = started;
        let mut iterations = 0u32;
        loop {
            let done = match budget {
                Budget::Count(n) => iterations >= n.max(1),
                Budget::Time(limit) => iterations > 0 && clock::since(started) >= limit,
            };
            // At least one iteration, so that a stopped search still has a move to play.
            if done || (watched && iterations > 0 && control.expired(started)) {
                break;
            }
            self.iterate(game, state);
            iterations += 1;
            if control.listening()
                && iterations.is_multiple_of(PROGRESS_EVERY)
                && clock::since(reported) >= PROGRESS_INTERVAL
            {
                reported = clock::now_ms();
                control.report(&self.progress(iterations, started));
            }
        }
        if control.listening() {
            control.report(&self.progress(iterations, started));
        }
        let best = self.best_child();
        let n = &self.nodes[best];
        self.last = Some(SearchInfo {
            iterations,
            reused,
            nodes: self.nodes.len(),
            expected: n.value / f64::from(n.visits.max(1)),
            visits: n.visits,
            elapsed: clock::since(started),
        });
        true
    }

    /// The search so far as [`Progress`]: the most visited line from the root (as far as the
    /// tree's nodes were visited) and the mean reward of its first move.
    fn progress(&self, iterations: u32, started: f64) -> Progress<G::Move> {
        let best = self.best_child();
        let first = &self.nodes[best];
        let expected = first.value / f64::from(first.visits.max(1));
        let mut line = vec![first.mv.clone().expect("children have moves")];
        let mut node = best;
        // The walk stops at a leaf, an unvisited child, or (cheaply bounding it) 64 plies.
        while line.len() < 64 {
            let n = &self.nodes[node];
            if n.first_child == NONE || n.children == 0 {
                break;
            }
            let range = n.first_child as usize..(n.first_child + n.children) as usize;
            let Some(next) = range.max_by_key(|&i| self.nodes[i].visits) else {
                break;
            };
            if self.nodes[next].visits == 0 {
                break;
            }
            line.push(self.nodes[next].mv.clone().expect("children have moves"));
            node = next;
        }
        Progress {
            depth: line.len() as u32,
            nodes: u64::from(iterations),
            score: Score::Estimate(2.0 * expected - 1.0),
            elapsed: clock::since(started),
            line,
        }
    }

    /// The root's most visited child (ties: the better mean, then the first).
    fn best_child(&self) -> usize {
        let root = &self.nodes[0];
        let mut best = root.first_child as usize;
        for i in root.first_child as usize..(root.first_child + root.children) as usize {
            let (n, b) = (&self.nodes[i], &self.nodes[best]);
            if n.visits > b.visits
                || (n.visits == b.visits
                    && n.value * f64::from(b.visits) > b.value * f64::from(n.visits))
            {
                best = i;
            }
        }
        best
    }
}

impl<G: Game> Player<G> for Mcts<G> {
    fn name(&self) -> String {
        if self.config.reuse_tree {
            PlayerSpec::Mcts(self.config.budget).to_string()
        } else {
            PlayerSpec::MctsFresh(self.config.budget).to_string()
        }
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
        self.moves.clear();
        game.legal_moves(state, &mut self.moves);
        match self.moves.len() {
            0 => return None,
            1 => return self.moves.pop(),
            _ => {}
        }
        if !self.search(game, state, control) {
            return None;
        }
        let best = self.best_child();
        self.chosen = Some(best);
        self.nodes[best].mv.clone()
    }

    fn report(&self) -> Option<String> {
        self.last.map(|s| {
            format!(
                "{} iterations, {} nodes, expects {:.0}% ({:.2} s)",
                s.iterations,
                s.nodes,
                100.0 * s.expected,
                s.elapsed.as_secs_f64()
            )
        })
    }
}
