//! The search tree: nodes over the steps of a turn, selection by `Q + U`, leaves gathered
//! into a batch and absorbed once evaluated, and the tree read (visits, policy, value, best
//! action) and moved down as steps are made.

use board_kernel::batch::returns_of;
use board_kernel::observe::ActionSpace;
use board_kernel::steps::TurnCursor;
use board_kernel::{Game, Side, SplitMix64, Status};

use super::noise::gamma;
use super::{EvalBatch, Evaluator, Noise, PuctConfig};

/// How far a node has got.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Kind {
    /// Not yet reached.
    Fresh,
    /// In a batch, waiting for the evaluator.
    Pending,
    /// Evaluated; its children are made.
    Expanded,
    /// The game is over here: the value for White.
    Terminal(f32),
}

#[derive(Clone, Copy, Debug)]
struct Node {
    /// The action from the parent.
    action: u16,
    /// The side that chose the action: values are summed from its point of view.
    chooser: Side,
    kind: Kind,
    prior: f32,
    visits: u32,
    value: f32,
    first_child: u32,
    children: u16,
    /// What is proven of the game here for `chooser`: [`WON`], [`LOST`] or [`UNPROVEN`].
    proof: i8,
}

/// [`Node::proof`]: the side that chose the action wins here with best play.
const WON: i8 = 1;
/// [`Node::proof`]: the side that chose the action loses here with best play.
const LOST: i8 = -1;
/// [`Node::proof`]: nothing proven (also a proven draw: only wins and losses are backed up).
const UNPROVEN: i8 = 0;

impl Node {
    fn new(action: u16, chooser: Side, prior: f32) -> Node {
        Node {
            action,
            chooser,
            kind: Kind::Fresh,
            prior,
            visits: 0,
            value: 0.0,
            first_child: 0,
            children: 0,
            proof: UNPROVEN,
        }
    }

    fn mean(&self) -> f32 {
        if self.visits == 0 {
            0.0
        } else {
            self.value / self.visits as f32
        }
    }
}

/// A leaf waiting in a batch.
#[derive(Clone, Copy, Debug)]
struct Pending {
    node: u32,
    slot: u32,
    /// Its path in [`PuctTree::paths`].
    from: u32,
    to: u32,
    mover: Side,
}

/// The value of a finished game for `side`.
fn value_for(white: f32, side: Side) -> f32 {
    if side == Side::White { white } else { -white }
}

/// A PUCT search tree over the turn so far of one game: the search state a
/// [`Puct`](super::Puct) player keeps between moves, and what self-play drives directly, many trees
/// sharing one [`EvalBatch`] ([`PuctTree::gather`], then [`PuctTree::absorb`]).
#[derive(Clone, Debug)]
pub struct PuctTree<G: Game> {
    config: PuctConfig,
    /// The actions the tree's edges are numbered by; the player reads forced steps with it.
    pub(super) space: ActionSpace,
    nodes: Vec<Node>,
    /// The root's turn so far.
    root: TurnCursor<G>,
    pending: Vec<Pending>,
    paths: Vec<u32>,
    path: Vec<u32>,
    /// Simulations that reached a finished game or a leaf since the tree was made or last
    /// moved down ([`PuctTree::descend`]).
    simulations: u32,
}

impl<G: Game> PuctTree<G> {
    /// A tree at `cursor`'s turn so far; `None` when the game is over there.
    #[must_use]
    pub fn new(game: &G, config: PuctConfig, cursor: TurnCursor<G>) -> Option<PuctTree<G>> {
        if cursor.is_over() {
            return None;
        }
        let mover = game.side_to_move(cursor.start());
        Some(PuctTree {
            config,
            space: ActionSpace::of(game),
            nodes: vec![Node::new(u16::MAX, mover.opponent(), 1.0)],
            root: cursor,
            pending: Vec::new(),
            paths: Vec::new(),
            path: Vec::new(),
            simulations: 0,
        })
    }

    /// The root's turn so far.
    #[must_use]
    pub fn cursor(&self) -> &TurnCursor<G> {
        &self.root
    }

    /// Visits of the root.
    #[must_use]
    pub fn visits(&self) -> u32 {
        self.nodes[0].visits
    }

    /// Nodes in the tree.
    #[must_use]
    pub fn nodes(&self) -> usize {
        self.nodes.len()
    }

    /// Whether the tree is full ([`PuctConfig::max_nodes`]).
    #[must_use]
    pub fn is_full(&self) -> bool {
        self.nodes.len() >= self.config.max_nodes
    }

    /// The side to move at the root.
    #[must_use]
    pub fn mover(&self) -> Side {
        self.nodes[0].chooser.opponent()
    }

    /// Simulations run since the tree was made or last rerooted.
    #[must_use]
    pub fn simulations(&self) -> u32 {
        self.simulations
    }

    /// Selects up to `leaves` leaves to evaluate and adds them to `batch` (a finished game
    /// met on the way is backed up at once); returns how many simulations it ran. Call
    /// [`PuctTree::absorb`] with the evaluated batch before gathering again.
    pub fn gather(
        &mut self,
        game: &G,
        leaves: usize,
        batch: &mut EvalBatch,
        rng: &mut SplitMix64,
    ) -> u32 {
        let mut simulations = 0;
        let mut attempts = 0;
        while self.pending.len() < leaves && attempts < 2 * leaves + 2 && !self.is_full() {
            attempts += 1;
            match self.simulate(game, batch) {
                Walked::Leaf | Walked::Terminal => simulations += 1,
                Walked::Collision => break,
            }
        }
        let _ = rng;
        self.simulations += simulations;
        simulations
    }

    /// Expands the leaves [`PuctTree::gather`] added to `batch`, now evaluated, and backs
    /// their values up.
    pub fn absorb(&mut self, batch: &EvalBatch, rng: &mut SplitMix64) {
        let pending = std::mem::take(&mut self.pending);
        for p in &pending {
            let slot = p.slot as usize;
            let first = self.nodes.len() as u32;
            let policy = batch.policy(slot);
            let mask = batch.mask(slot);
            let mut total = 0.0;
            for (a, (&legal, &prob)) in mask.iter().zip(policy).enumerate() {
                if legal {
                    let prior = if prob.is_finite() { prob.max(0.0) } else { 0.0 };
                    total += prior;
                    self.nodes.push(Node::new(a as u16, p.mover, prior));
                }
            }
            let count = self.nodes.len() as u32 - first;
            for child in &mut self.nodes[first as usize..] {
                child.prior = if total > 0.0 {
                    child.prior / total
                } else {
                    1.0 / count as f32
                };
            }
            let leaf = &mut self.nodes[p.node as usize];
            leaf.first_child = first;
            leaf.children = count as u16;
            leaf.kind = Kind::Expanded;
            if p.node == 0
                && let Some(noise) = self.config.noise
            {
                self.add_noise(noise, rng);
            }
            let value = batch.values[slot];
            let value = if value.is_finite() {
                value.clamp(-1.0, 1.0)
            } else {
                0.0
            };
            for i in p.from..p.to {
                let node = &mut self.nodes[self.paths[i as usize] as usize];
                // The virtual loss comes off; the visit it counted stays.
                node.value += 1.0
                    + if node.chooser == p.mover {
                        value
                    } else {
                        -value
                    };
            }
        }
        self.paths.clear();
        self.pending = pending;
        self.pending.clear();
    }

    /// Mixes Dirichlet noise into the root's priors (once its children are made).
    pub fn add_noise(&mut self, noise: Noise, rng: &mut SplitMix64) {
        let root = self.nodes[0];
        if root.kind != Kind::Expanded || root.children < 2 {
            return;
        }
        let range = root.first_child as usize..root.first_child as usize + root.children as usize;
        let draws: Vec<f32> = range.clone().map(|_| gamma(noise.alpha, rng)).collect();
        let sum: f32 = draws.iter().sum();
        if sum <= 0.0 || !sum.is_finite() {
            return;
        }
        for (node, draw) in self.nodes[range].iter_mut().zip(draws) {
            node.prior = (1.0 - noise.fraction) * node.prior + noise.fraction * draw / sum;
        }
    }

    /// One simulation from the root.
    fn simulate(&mut self, game: &G, batch: &mut EvalBatch) -> Walked {
        let mut cursor = self.root.clone();
        let mut node = 0usize;
        self.path.clear();
        self.path.push(0);
        loop {
            let proof = self.nodes[node].proof;
            if proof != UNPROVEN && node != 0 {
                // A proven position is not searched again: its result is backed up as a
                // finished game's would be, and proofs go up the path as far as they reach.
                let chooser = self.nodes[node].chooser;
                let white = value_for(f32::from(proof), chooser);
                for &i in &self.path {
                    let n = &mut self.nodes[i as usize];
                    n.visits += 1;
                    n.value += value_for(white, n.chooser);
                }
                if self.config.solver {
                    self.prove_up();
                }
                return Walked::Terminal;
            }
            match self.nodes[node].kind {
                Kind::Terminal(white) => {
                    for &i in &self.path {
                        let n = &mut self.nodes[i as usize];
                        n.visits += 1;
                        n.value += value_for(white, n.chooser);
                    }
                    return Walked::Terminal;
                }
                Kind::Pending => return Walked::Collision,
                Kind::Fresh => {
                    let slot = batch.push(game, &self.space, &cursor) as u32;
                    let from = self.paths.len() as u32;
                    for &i in &self.path {
                        self.paths.push(i);
                        let n = &mut self.nodes[i as usize];
                        n.visits += 1;
                        n.value -= 1.0;
                    }
                    self.pending.push(Pending {
                        node: node as u32,
                        slot,
                        from,
                        to: self.paths.len() as u32,
                        mover: game.side_to_move(cursor.start()),
                    });
                    self.nodes[node].kind = Kind::Pending;
                    return Walked::Leaf;
                }
                Kind::Expanded => {
                    let child = self.select(node);
                    let step = self
                        .space
                        .step(usize::from(self.nodes[child].action))
                        .expect("children are actions");
                    cursor
                        .push(game, step)
                        .expect("children are legal next steps");
                    if cursor.complete().is_some() {
                        cursor.advance(game);
                    }
                    if self.nodes[child].kind == Kind::Fresh
                        && let Status::Finished(result) = game.status(cursor.start())
                    {
                        let white = returns_of(&result)[0];
                        let n = &mut self.nodes[child];
                        n.kind = Kind::Terminal(white);
                        if self.config.solver {
                            let mine = value_for(white, n.chooser);
                            n.proof = if mine > 0.0 {
                                WON
                            } else if mine < 0.0 {
                                LOST
                            } else {
                                UNPROVEN
                            };
                        }
                    }
                    self.path.push(child as u32);
                    node = child;
                }
            }
        }
    }

    /// Backs proofs up the current path from its end (the MCTS-Solver rule of Winands et
    /// al., 2008): a node is won for the side choosing among its children when one child is
    /// a proven win for that side, and lost when every child is a proven loss for it. Stops
    /// at the first node it cannot prove.
    fn prove_up(&mut self) {
        for k in (0..self.path.len().saturating_sub(1)).rev() {
            let p = self.path[k] as usize;
            let n = self.nodes[p];
            if n.kind != Kind::Expanded || n.children == 0 || n.proof != UNPROVEN {
                return;
            }
            let first = n.first_child as usize;
            let children = &self.nodes[first..first + n.children as usize];
            let for_chooser = if children.iter().any(|c| c.proof == WON) {
                WON
            } else if children.iter().all(|c| c.proof == LOST) {
                LOST
            } else {
                return;
            };
            let x = children[0].chooser;
            self.nodes[p].proof = if n.chooser == x {
                for_chooser
            } else {
                -for_chooser
            };
        }
    }

    /// Whether the game's result at the root is proven: a proven win among the root's
    /// choices, or every choice a proven loss. The search can stop.
    #[must_use]
    pub fn is_solved(&self) -> bool {
        let children = self.children_nodes();
        !children.is_empty()
            && (children.iter().any(|c| c.proof == WON) || children.iter().all(|c| c.proof == LOST))
    }

    fn children_nodes(&self) -> &[Node] {
        let root = &self.nodes[0];
        if root.kind != Kind::Expanded {
            return &[];
        }
        let first = root.first_child as usize;
        &self.nodes[first..first + root.children as usize]
    }

    /// The child of an expanded node with the most `Q + U`.
    fn select(&self, node: usize) -> usize {
        let n = &self.nodes[node];
        let first = n.first_child as usize;
        let children = &self.nodes[first..first + n.children as usize];
        let chooser = children[0].chooser;
        let parent = if n.visits == 0 {
            0.0
        } else if n.chooser == chooser {
            n.mean()
        } else {
            -n.mean()
        };
        let fpu = (parent - self.config.fpu_reduction).max(-1.0);
        let scale = self.config.c_puct * (n.visits.max(1) as f32).sqrt();
        let mut best = 0;
        let mut best_score = f32::NEG_INFINITY;
        for (i, c) in children.iter().enumerate() {
            let q = match c.proof {
                // A proven win is the choice; a proven loss only when all are (and then
                // this node is proven and no longer searched, but the root still is).
                WON => return first + i,
                LOST => -2.0,
                _ if c.visits == 0 => fpu,
                _ => c.mean(),
            };
            let score = q + scale * c.prior / (1.0 + c.visits as f32);
            if score > best_score {
                best_score = score;
                best = i;
            }
        }
        first + best
    }

    /// The root's children as `(action, visits, mean value for the side to move, prior)`.
    #[must_use]
    pub fn children(&self) -> Vec<(usize, u32, f32, f32)> {
        let root = &self.nodes[0];
        if root.kind != Kind::Expanded {
            return Vec::new();
        }
        let first = root.first_child as usize;
        self.nodes[first..first + root.children as usize]
            .iter()
            .map(|c| (usize::from(c.action), c.visits, c.mean(), c.prior))
            .collect()
    }

    /// The visit distribution over the actions (zero where not legal): what the search
    /// learned of the root, the policy target of self-play. All zero before a search.
    #[must_use]
    pub fn policy(&self) -> Vec<f32> {
        let mut out = vec![0.0; self.space.len()];
        let children = self.children();
        let total: u32 = children.iter().map(|c| c.1).sum();
        if total > 0 {
            for (a, visits, _, _) in children {
                out[a] = visits as f32 / total as f32;
            }
        }
        out
    }

    /// The value of the root for the side to move, from its visits (0 before a search).
    #[must_use]
    pub fn value(&self) -> f32 {
        let proven = self.children_nodes();
        if proven.iter().any(|c| c.proof == WON) {
            return 1.0;
        }
        if !proven.is_empty() && proven.iter().all(|c| c.proof == LOST) {
            return -1.0;
        }
        let children = self.children();
        let total: u32 = children.iter().map(|c| c.1).sum();
        if total == 0 {
            return 0.0;
        }
        children.iter().map(|c| c.2 * c.1 as f32).sum::<f32>() / total as f32
    }

    /// The most visited action at the root (ties: the better value, then the higher prior),
    /// but a proven win before anything and a proven loss after anything; `None` before the
    /// root is expanded.
    #[must_use]
    pub fn best(&self) -> Option<usize> {
        self.children_nodes()
            .iter()
            .max_by(|a, b| {
                a.proof
                    .cmp(&b.proof)
                    .then(a.visits.cmp(&b.visits))
                    .then(a.mean().total_cmp(&b.mean()))
                    .then(a.prior.total_cmp(&b.prior))
            })
            .map(|c| usize::from(c.action))
    }

    /// An action drawn in proportion to `visits^(1 / temperature)`; the most visited at
    /// temperature 0.
    pub fn sample(&self, temperature: f32, rng: &mut SplitMix64) -> Option<usize> {
        if temperature <= 0.0 {
            return self.best();
        }
        let children = self.children();
        let weights: Vec<f64> = children
            .iter()
            .map(|c| f64::from(c.1).powf(1.0 / f64::from(temperature)))
            .collect();
        let total: f64 = weights.iter().sum();
        if total <= 0.0 || !total.is_finite() {
            return self.best();
        }
        let mut x = rng.unit() * total;
        for (c, w) in children.iter().zip(&weights) {
            if x < *w {
                return Some(c.0);
            }
            x -= w;
        }
        children.last().map(|c| c.0)
    }

    /// The principal line from the root: the most visited action at each node, while the
    /// nodes are visited.
    #[must_use]
    pub fn line(&self) -> Vec<usize> {
        let mut line = Vec::new();
        let mut node = 0;
        while line.len() < 64 {
            let n = &self.nodes[node];
            if n.kind != Kind::Expanded || n.children == 0 {
                break;
            }
            let first = n.first_child as usize;
            let best = (first..first + n.children as usize).max_by_key(|&i| self.nodes[i].visits);
            match best {
                Some(b) if self.nodes[b].visits > 0 => {
                    line.push(usize::from(self.nodes[b].action));
                    node = b;
                }
                _ => break,
            }
        }
        line
    }

    /// Makes `action` at the root: the tree keeps the chosen child's subtree (with its
    /// visits) as its new root, and the root's turn goes on with the step (playing the move
    /// when the steps make one). `Err` when the action is not a legal next step; the tree is
    /// then unchanged. Returns the move the step completed, if any.
    pub fn descend(&mut self, game: &G, action: usize) -> Result<Option<G::Move>, String> {
        let step = self
            .space
            .step(action)
            .ok_or_else(|| format!("action {action} is out of range"))?;
        self.root.push(game, step).map_err(|e| e.to_string())?;
        let mv = self.root.advance(game);
        let root = self.nodes[0];
        let child = (root.kind == Kind::Expanded)
            .then(|| {
                (root.first_child as usize..root.first_child as usize + root.children as usize)
                    .find(|&i| usize::from(self.nodes[i].action) == action)
            })
            .flatten();
        match child {
            Some(c) if self.config.reuse_tree && self.nodes[c].kind != Kind::Pending => {
                self.reroot(c);
            }
            _ => {
                let mover = game.side_to_move(self.root.start());
                self.nodes.clear();
                self.nodes.push(Node::new(u16::MAX, mover.opponent(), 1.0));
            }
        }
        self.simulations = 0;
        Ok(mv)
    }

    /// Makes `node` the root, keeping its subtree, each node's children side by side.
    fn reroot(&mut self, node: usize) {
        let old = std::mem::take(&mut self.nodes);
        self.nodes.push(old[node]);
        let mut i = 0;
        while i < self.nodes.len() {
            let n = self.nodes[i];
            if n.kind == Kind::Expanded {
                let placed = self.nodes.len() as u32;
                let first = n.first_child as usize;
                self.nodes
                    .extend_from_slice(&old[first..first + n.children as usize]);
                self.nodes[i].first_child = placed;
            }
            i += 1;
        }
    }

    /// Runs simulations with `evaluator` until `done` says so (asked after each batch, with
    /// the simulations run so far), or the tree is full. Returns the simulations run.
    pub fn run(
        &mut self,
        game: &G,
        evaluator: &mut dyn Evaluator<G>,
        batch: &mut EvalBatch,
        rng: &mut SplitMix64,
        mut done: impl FnMut(u32, &PuctTree<G>) -> bool,
    ) -> u32 {
        let mut simulations = 0;
        loop {
            if done(simulations, self) || self.is_full() || self.is_solved() {
                break;
            }
            batch.clear();
            let ran = self.gather(game, self.config.batch.max(1), batch, rng);
            if !batch.is_empty() {
                evaluator.evaluate(batch);
                self.absorb(batch, rng);
            }
            if ran == 0 {
                break;
            }
            simulations += ran;
        }
        simulations
    }
}

/// What one simulation came to.
enum Walked {
    /// A leaf went into the batch.
    Leaf,
    /// A finished game was backed up.
    Terminal,
    /// It met a leaf already in the batch.
    Collision,
}
