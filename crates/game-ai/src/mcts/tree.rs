//! Growing the tree: one iteration selects by UCT (or the next untried child), expands a
//! node's children the second time it is reached, rolls out from the new leaf and backs the
//! reward up the path, pooled by position when transpositions are on.

use board_kernel::perft::node_key;
use board_kernel::{Game, Side};

use super::{Mcts, NONE, Node, reward};
use crate::eval::outcome;

impl<G: Game> Mcts<G> {
    /// One selection, expansion, rollout and backup.
    pub(super) fn iterate(&mut self, game: &G, root: &G::State) {
        let mut state = root.clone();
        let mut node = 0usize;
        self.path.clear();
        self.path.push(0);
        let reward_white = loop {
            if let Some(r) = self.nodes[node].terminal {
                break r;
            }
            if self.nodes[node].first_child == NONE {
                if self.nodes.len() >= self.config.max_nodes {
                    break self.rollout(game, state);
                }
                self.expand(game, node, &state);
                if let Some(r) = self.nodes[node].terminal {
                    break r;
                }
            }
            let n = &self.nodes[node];
            let fresh = n.next_unvisited < n.children;
            let child = if fresh {
                let c = (n.first_child + n.next_unvisited) as usize;
                self.nodes[node].next_unvisited += 1;
                c
            } else {
                self.select(node)
            };
            let mv = self.nodes[child].mv.as_ref().expect("children have moves");
            game.play_unchecked(&mut state, mv);
            if self.config.transpositions && self.nodes[child].key == 0 {
                self.nodes[child].key = node_key(game, &state) | 1;
            }
            self.path.push(child as u32);
            node = child;
            if fresh {
                if let Some(v) = outcome(&game.status(&state), Side::White) {
                    let r = reward(v);
                    self.nodes[child].terminal = Some(r);
                    break r;
                }
                break self.rollout(game, state);
            }
        };
        for &i in &self.path {
            let n = &mut self.nodes[i as usize];
            n.visits += 1;
            n.value += if n.mover == Side::White {
                reward_white
            } else {
                1.0 - reward_white
            };
            if n.key != 0 {
                let pooled = self.table.entry(n.key).or_insert((0, 0.0));
                pooled.0 += 1;
                pooled.1 += reward_white;
            }
        }
    }

    /// Creates the children of `node`, whose position is `state`, in shuffled order.
    fn expand(&mut self, game: &G, node: usize, state: &G::State) {
        self.moves.clear();
        game.legal_moves(state, &mut self.moves);
        if self.moves.is_empty() {
            // An ongoing position without moves breaks the contract: call it a draw
            // rather than loop.
            self.nodes[node].terminal = Some(0.5);
            return;
        }
        for i in (1..self.moves.len()).rev() {
            let j = self.rng.below(i + 1);
            self.moves.swap(i, j);
        }
        let mover = game.side_to_move(state);
        let first = self.nodes.len() as u32;
        self.nodes
            .extend(self.moves.drain(..).map(|m| Node::new(Some(m), mover)));
        let count = self.nodes.len() as u32 - first;
        let n = &mut self.nodes[node];
        n.first_child = first;
        n.children = count;
    }

    /// The child of a fully tried node with the best UCT value.
    fn select(&self, node: usize) -> usize {
        let n = &self.nodes[node];
        let log_n = f64::from(n.visits.max(1)).ln();
        let c = self.config.exploration;
        let mut best = n.first_child as usize;
        let mut best_value = f64::NEG_INFINITY;
        for i in n.first_child as usize..(n.first_child + n.children) as usize {
            let child = &self.nodes[i];
            // With transpositions, the pooled figures of the child's position when they know
            // more than the child itself.
            let (visits, value) = match self.table.get(&child.key) {
                Some(&(v, white)) if child.key != 0 && v > child.visits => (
                    v,
                    if child.mover == Side::White {
                        white
                    } else {
                        f64::from(v) - white
                    },
                ),
                _ => (child.visits, child.value),
            };
            let visits = f64::from(visits.max(1));
            let ucb = value / visits + c * (log_n / visits).sqrt();
            if ucb > best_value {
                best_value = ucb;
                best = i;
            }
        }
        best
    }
}
