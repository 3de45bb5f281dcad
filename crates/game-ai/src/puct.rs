//! PUCT: the tree search of AlphaZero, guided by an [`Evaluator`] (a policy over the game's
//! actions and a value for the player to move) instead of rollouts.
//!
//! # Over steps, not whole moves
//! The tree's edges are the steps of a turn, numbered as integer actions
//! ([`board_kernel::observe::ActionSpace`]): a Chain Reaction turn with a thousand chains is
//! a few choices of a few cells each, so the policy has a fixed, small range and the tree
//! stays narrow. A node is the turn so far; when its steps make a whole move the move is
//! played and the node is the next turn's start. The side that chooses a step is the side to
//! move in its turn, asked of the game, so consecutive steps of one turn belong to one
//! player.
//!
//! # The search
//! Each simulation walks down from the root, choosing at each node the child with the most
//! `Q + c · P · sqrt(N) / (1 + n)` (`Q` the child's mean value for the side choosing it, an
//! unvisited child counting as the parent's value less [`PuctConfig::fpu_reduction`]), until
//! it reaches a node not yet evaluated. That node's observation and legal actions go into an
//! [`EvalBatch`]; once the batch is full (several leaves of one tree, kept apart by a virtual
//! loss, or the leaves of several trees in self-play) the evaluator answers for all of them
//! at once, the leaves are expanded with the policy as priors and the values are backed up.
//! A finished game is scored by its result, never by the evaluator.
//!
//! # Self-play
//! Dirichlet noise on the root's priors ([`PuctConfig::noise`]) and a choice in proportion to
//! the visits ([`PuctTree::sample`]) vary the games; [`PuctTree::policy`] is the visit
//! distribution a network learns from.

use std::time::Duration;

use board_kernel::batch::returns_of;
use board_kernel::observe::{ActionSpace, TurnView};
use board_kernel::steps::TurnCursor;
use board_kernel::{Game, Side, SplitMix64, Status};

use crate::clock;
use crate::control::{Control, Progress, Score};
use crate::{Budget, Player};

/// What guides the search: for each position, a policy over the actions and a value.
pub trait Evaluator<G: Game>: Send {
    /// What the evaluator is, for people (`neural kamisado, generation 12`).
    fn describe(&self) -> String;

    /// Answers for every position in `batch`: writes [`EvalBatch::policies`] (for each
    /// position, probabilities over the actions, zero where the mask is false, summing to 1)
    /// and [`EvalBatch::values`] (each in `[-1, 1]`, for the player to move).
    fn evaluate(&mut self, batch: &mut EvalBatch);
}

/// Positions for an [`Evaluator`], as observations and legal-action masks, and its answers.
#[derive(Clone, Debug, Default)]
pub struct EvalBatch {
    /// Bytes an observation has.
    pub observation_len: usize,
    /// Actions a policy has.
    pub actions: usize,
    /// `n × observation_len` observation bytes ([`board_kernel::observe`]).
    pub observations: Vec<u8>,
    /// `n × actions`: the legal actions.
    pub masks: Vec<bool>,
    /// `n × actions`: the evaluator's policies.
    pub policies: Vec<f32>,
    /// `n`: the evaluator's values.
    pub values: Vec<f32>,
}

impl EvalBatch {
    /// An empty batch for observations of `observation_len` bytes and `actions` actions.
    #[must_use]
    pub fn new(observation_len: usize, actions: usize) -> EvalBatch {
        EvalBatch {
            observation_len,
            actions,
            ..EvalBatch::default()
        }
    }

    /// An empty batch for `game`.
    #[must_use]
    pub fn for_game<G: Game>(game: &G) -> EvalBatch {
        EvalBatch::new(game.observation_spec().len(), ActionSpace::of(game).len())
    }

    /// How many positions the batch holds.
    #[must_use]
    pub fn len(&self) -> usize {
        self.values.len()
    }

    /// Whether the batch holds none.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }

    /// Empties the batch, keeping its memory.
    pub fn clear(&mut self) {
        self.observations.clear();
        self.masks.clear();
        self.policies.clear();
        self.values.clear();
    }

    /// Adds the position of `cursor`'s turn so far (its observation and mask; answers 0 until
    /// evaluated) and returns its index.
    pub fn push<G: Game>(
        &mut self,
        game: &G,
        space: &ActionSpace,
        cursor: &TurnCursor<G>,
    ) -> usize {
        let index = self.len();
        let from = self.observations.len();
        self.observations.resize(from + self.observation_len, 0);
        let view = TurnView {
            start: cursor.start(),
            board: cursor.board(game),
            steps: cursor.steps(),
            next: cursor.next(),
        };
        game.observe(&view, &mut self.observations[from..]);
        let from = self.masks.len();
        self.masks.resize(from + self.actions, false);
        for t in cursor.next() {
            if let Some(a) = space.action(t.step) {
                self.masks[from + a] = true;
            }
        }
        self.policies
            .resize(self.policies.len() + self.actions, 0.0);
        self.values.push(0.0);
        index
    }

    /// The observation of position `i`.
    #[must_use]
    pub fn observation(&self, i: usize) -> &[u8] {
        &self.observations[i * self.observation_len..(i + 1) * self.observation_len]
    }

    /// The mask of position `i`.
    #[must_use]
    pub fn mask(&self, i: usize) -> &[bool] {
        &self.masks[i * self.actions..(i + 1) * self.actions]
    }

    /// The policy of position `i`.
    #[must_use]
    pub fn policy(&self, i: usize) -> &[f32] {
        &self.policies[i * self.actions..(i + 1) * self.actions]
    }
}

/// Dirichlet noise mixed into the root's priors in self-play.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Noise {
    /// The Dirichlet concentration (AlphaZero: 0.3 for chess, 0.03 for Go).
    pub alpha: f32,
    /// The share of the priors the noise takes (AlphaZero: 0.25).
    pub fraction: f32,
}

/// The settings of a PUCT search.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PuctConfig {
    /// Simulations, or wall time, per move (shared by the move's decisions).
    pub budget: Budget,
    /// The exploration constant `c`.
    pub c_puct: f32,
    /// An unvisited child counts as its parent's value less this.
    pub fpu_reduction: f32,
    /// Leaves evaluated together per call of the evaluator (with a virtual loss between
    /// them).
    pub batch: usize,
    /// Noise on the root's priors (self-play only).
    pub noise: Option<Noise>,
    /// The tree stops growing at this many nodes: a memory bound for long time budgets.
    pub max_nodes: usize,
    /// Whether a search starts from the part of the previous move's tree below the position
    /// reached.
    pub reuse_tree: bool,
}

impl Default for PuctConfig {
    fn default() -> PuctConfig {
        PuctConfig {
            budget: Budget::Count(400),
            c_puct: 1.5,
            fpu_reduction: 0.2,
            batch: 8,
            noise: None,
            max_nodes: 2_000_000,
            reuse_tree: true,
        }
    }
}

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
}

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
/// [`Puct`] player keeps between moves, and what self-play drives directly, many trees
/// sharing one [`EvalBatch`] ([`PuctTree::gather`], then [`PuctTree::absorb`]).
#[derive(Clone, Debug)]
pub struct PuctTree<G: Game> {
    config: PuctConfig,
    space: ActionSpace,
    nodes: Vec<Node>,
    /// The root's turn so far.
    root: TurnCursor<G>,
    pending: Vec<Pending>,
    paths: Vec<u32>,
    path: Vec<u32>,
    /// Simulations that reached a finished game or a leaf since the last [`PuctTree::reset`]
    /// of the count.
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
                        self.nodes[child].kind = Kind::Terminal(returns_of(&result)[0]);
                    }
                    self.path.push(child as u32);
                    node = child;
                }
            }
        }
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
            let q = if c.visits == 0 { fpu } else { c.mean() };
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
        let children = self.children();
        let total: u32 = children.iter().map(|c| c.1).sum();
        if total == 0 {
            return 0.0;
        }
        children.iter().map(|c| c.2 * c.1 as f32).sum::<f32>() / total as f32
    }

    /// The most visited action at the root (ties: the better value, then the higher prior);
    /// `None` before the root is expanded.
    #[must_use]
    pub fn best(&self) -> Option<usize> {
        self.children()
            .into_iter()
            .max_by(|a, b| {
                a.1.cmp(&b.1)
                    .then(a.2.total_cmp(&b.2))
                    .then(a.3.total_cmp(&b.3))
            })
            .map(|c| c.0)
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
            if done(simulations, self) || self.is_full() {
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

/// A draw from Gamma(`alpha`, 1) (Marsaglia and Tsang; boosted for `alpha < 1`).
fn gamma(alpha: f32, rng: &mut SplitMix64) -> f32 {
    let alpha = f64::from(alpha.max(1e-3));
    let boost = if alpha < 1.0 {
        rng.unit().max(f64::MIN_POSITIVE).powf(1.0 / alpha)
    } else {
        1.0
    };
    let a = if alpha < 1.0 { alpha + 1.0 } else { alpha };
    let d = a - 1.0 / 3.0;
    let c = 1.0 / (9.0 * d).sqrt();
    loop {
        // A standard normal by Box and Muller.
        let (u1, u2) = (rng.unit().max(f64::MIN_POSITIVE), rng.unit());
        let x = (-2.0 * u1.ln()).sqrt() * (std::f64::consts::TAU * u2).cos();
        let v = (1.0 + c * x).powi(3);
        if v <= 0.0 {
            continue;
        }
        let u = rng.unit().max(f64::MIN_POSITIVE);
        if u.ln() < 0.5 * x * x + d - d * v + d * v.ln() {
            return (d * v * boost) as f32;
        }
    }
}

/// What the last search of a [`Puct`] player did.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PuctInfo {
    /// Simulations run for the move (all its decisions).
    pub simulations: u32,
    /// Decisions searched (steps with a choice).
    pub decisions: u32,
    /// The value of the move's first decision for the side to move, in `[-1, 1]`.
    pub value: f32,
    /// Time spent.
    pub elapsed: Duration,
}

/// The PUCT player: a whole move chosen step by step, each step with a choice searched
/// (forced steps are made at once), the tree kept from step to step and, when the opponent's
/// reply was explored, from move to move.
pub struct Puct<G: Game> {
    config: PuctConfig,
    evaluator: Box<dyn Evaluator<G>>,
    rng: SplitMix64,
    batch: EvalBatch,
    /// The tree after the player's last move, to be found again below the reply.
    kept: Option<PuctTree<G>>,
    last: Option<PuctInfo>,
    /// The first decision's search targets of the last move: the visit shares over the
    /// actions and the value for the side to move.
    targets: Option<(Vec<f32>, f32)>,
    name: String,
}

impl<G: Game> std::fmt::Debug for Puct<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Puct")
            .field("config", &self.config)
            .field("evaluator", &self.evaluator.describe())
            .finish_non_exhaustive()
    }
}

impl<G: Game> Puct<G> {
    /// A player searching with `evaluator`, its random choices (ties, noise) from `seed`,
    /// named `name` (its spec text).
    #[must_use]
    pub fn new(
        name: String,
        config: PuctConfig,
        evaluator: Box<dyn Evaluator<G>>,
        seed: u64,
    ) -> Puct<G> {
        Puct {
            config,
            evaluator,
            rng: SplitMix64::new(seed),
            batch: EvalBatch::default(),
            kept: None,
            last: None,
            targets: None,
            name,
        }
    }

    /// The search targets of the last move's first decision (a searched one): the visit
    /// shares over the actions and the value for the side to move. `None` when every step
    /// of the move was forced.
    #[must_use]
    pub fn last_targets(&self) -> Option<&(Vec<f32>, f32)> {
        self.targets.as_ref()
    }

    /// What the last move's search did.
    #[must_use]
    pub fn last_search(&self) -> Option<PuctInfo> {
        self.last
    }

    /// The tree for the turn starting in `state`: the kept one when the opponent's reply
    /// leads from its position to `state` through explored nodes, else a new one.
    fn tree_for(&mut self, game: &G, state: &G::State) -> Option<PuctTree<G>> {
        if let Some(mut kept) = self.kept.take()
            && self.config.reuse_tree
        {
            let before = kept.cursor().start().clone();
            if before == *state && game.history(&before) == game.history(state) {
                return Some(kept);
            }
            let mut moves = Vec::new();
            game.legal_moves(&before, &mut moves);
            let reply = moves.into_iter().find(|mv| {
                let mut after = before.clone();
                game.play_unchecked(&mut after, mv);
                after == *state && game.history(&after) == game.history(state)
            });
            if let Some(mv) = reply {
                let mut steps = Vec::new();
                game.move_steps(&before, &mv, &mut steps);
                let space = ActionSpace::of(game);
                let reached = steps.iter().all(|t| {
                    space
                        .action(t.step)
                        .is_some_and(|a| kept.descend(game, a).is_ok())
                });
                if reached && kept.cursor().start() == state && kept.cursor().steps().is_empty() {
                    return Some(kept);
                }
            }
        }
        let cursor = TurnCursor::new(game, state).ok()?;
        PuctTree::new(game, self.config, cursor)
    }

    /// Searches the turn in `state` and returns the move, under `control`.
    fn search(
        &mut self,
        game: &G,
        state: &G::State,
        control: &mut Control<'_, G::Move>,
    ) -> Option<G::Move> {
        let started = clock::now_ms();
        let mut tree = self.tree_for(game, state)?;
        if self.batch.observation_len == 0 {
            self.batch = EvalBatch::for_game(game);
        }
        let budget = control.budget.unwrap_or(self.config.budget);
        let limit = control.time_limit(budget, started);
        let (mut simulations, mut decisions, mut first_value) = (0, 0, None);
        loop {
            let next = tree.cursor().next();
            let action = if next.len() == 1 {
                tree.space.action(next[0].step)?
            } else {
                decisions += 1;
                let remaining_share = if decisions == 1 { 0.7 } else { 0.5 };
                let decision_limit = limit.map(|at| {
                    let now = clock::now_ms();
                    now + (at - now).max(0.0) * remaining_share
                });
                let wanted = match budget {
                    Budget::Count(n) => n.max(1),
                    Budget::Time(_) => u32::MAX,
                };
                let floor = tree.visits();
                if let Some(noise) = self.config.noise {
                    tree.add_noise(noise, &mut self.rng);
                }
                let stop = control.stop.clone();
                simulations += tree.run(
                    game,
                    &mut *self.evaluator,
                    &mut self.batch,
                    &mut self.rng,
                    |ran, t| {
                        ran > 0
                            && (t.visits() >= wanted.max(floor + wanted / 8)
                                || decision_limit.is_some_and(|at| clock::now_ms() >= at)
                                || stop.as_ref().is_some_and(|s| s.is_stopped()))
                    },
                );
                if first_value.is_none() {
                    first_value = Some(tree.value());
                    self.targets = Some((tree.policy(), tree.value()));
                }
                if control.listening() && decisions == 1 {
                    let progress = Progress {
                        depth: tree.line().len() as u32,
                        nodes: u64::from(simulations),
                        score: Score::Estimate(f64::from(tree.value())),
                        elapsed: clock::since(started),
                        line: Vec::new(),
                    };
                    control.report(&progress);
                }
                tree.best()?
            };
            if let Some(mv) = tree.descend(game, action).ok()? {
                self.last = Some(PuctInfo {
                    simulations,
                    decisions,
                    value: first_value.unwrap_or(0.0),
                    elapsed: clock::since(started),
                });
                if !tree.cursor().is_over() {
                    self.kept = Some(tree);
                }
                return Some(mv);
            }
        }
    }
}

impl<G: Game> Player<G> for Puct<G> {
    fn name(&self) -> String {
        self.name.clone()
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
        self.targets = None;
        self.search(game, state, control)
    }

    fn report(&self) -> Option<String> {
        self.last.map(|s| {
            format!(
                "{} simulations, {} decisions, expects {:.0}% ({:.2} s)",
                s.simulations,
                s.decisions,
                50.0 * (1.0 + s.value),
                s.elapsed.as_secs_f64()
            )
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use board_kernel::prelude::*;
    use board_kernel::testing::Nim;

    /// Knows Nim: a pile that is a multiple of `max_take + 1` is lost for the mover. Reads
    /// the observation only (the stones are the ones of plane 0).
    struct NimOracle {
        max_take: usize,
        /// A pile where the policy misleads: most of it on taking one.
        mislead_at: Option<usize>,
    }

    impl Evaluator<Nim> for NimOracle {
        fn describe(&self) -> String {
            "nim oracle".into()
        }
        fn evaluate(&mut self, batch: &mut EvalBatch) {
            let columns = batch.actions - 1;
            for i in 0..batch.len() {
                let stones = batch.observation(i)[..columns]
                    .iter()
                    .filter(|&&b| b == 1)
                    .count();
                batch.values[i] = if stones % (self.max_take + 1) == 0 {
                    -1.0
                } else {
                    1.0
                };
                let legal: Vec<usize> = (0..batch.actions).filter(|&a| batch.mask(i)[a]).collect();
                let policy = &mut batch.policies[i * batch.actions..(i + 1) * batch.actions];
                for &a in &legal {
                    policy[a] = 1.0 / legal.len() as f32;
                }
                if self.mislead_at == Some(stones) && legal.len() > 1 {
                    for &a in &legal {
                        policy[a] = 0.2 / (legal.len() - 1) as f32;
                    }
                    policy[legal[0]] = 0.8;
                }
            }
        }
    }

    #[test]
    fn the_search_finds_the_winning_take_from_values_alone() {
        for stones in [5, 6, 7, 9, 10, 11] {
            let game = Nim::pile(stones, 3);
            for mislead_at in [None, Some(stones as usize)] {
                let mut player = Puct::new(
                    "neural".into(),
                    PuctConfig {
                        budget: Budget::Count(200),
                        ..PuctConfig::default()
                    },
                    Box::new(NimOracle {
                        max_take: 3,
                        mislead_at,
                    }),
                    1,
                );
                let mv = player.choose(&game, &game.initial_state()).unwrap();
                assert_eq!((stones - mv.0) % 4, 0, "{stones} stones: took {}", mv.0);
            }
        }
    }

    #[test]
    fn policy_counts_visits_and_descend_keeps_the_subtree() {
        let game = Nim::pile(10, 3);
        let cursor = TurnCursor::new(&game, &game.initial_state()).unwrap();
        let mut tree = PuctTree::new(&game, PuctConfig::default(), cursor).unwrap();
        let mut batch = EvalBatch::for_game(&game);
        let mut rng = SplitMix64::new(3);
        let mut oracle = NimOracle {
            max_take: 3,
            mislead_at: None,
        };
        tree.run(&game, &mut oracle, &mut batch, &mut rng, |_, t| {
            t.visits() >= 200
        });
        let policy = tree.policy();
        assert!((policy.iter().sum::<f32>() - 1.0).abs() < 1e-5);
        assert!(
            policy[3..].iter().all(|&p| p == 0.0),
            "only takes of 1 to 3"
        );
        assert_eq!(tree.best(), Some(1), "take 2, leaving 8");
        assert!(tree.value() > 0.5, "{}", tree.value());
        let visits = tree.children()[1].1;
        let mv = tree.descend(&game, 1).unwrap();
        assert_eq!(mv.map(|m| m.0), Some(2));
        assert_eq!(tree.visits(), visits);
        assert_eq!(tree.cursor().start().stones, 8);
        assert!(tree.descend(&game, 9).is_err());
    }

    #[test]
    fn noise_keeps_priors_a_distribution() {
        let mut rng = SplitMix64::new(5);
        let draws: Vec<f32> = (0..2000).map(|_| gamma(0.3, &mut rng)).collect();
        let mean = draws.iter().sum::<f32>() / draws.len() as f32;
        assert!((mean - 0.3).abs() < 0.05, "{mean}");
        let draws: Vec<f32> = (0..2000).map(|_| gamma(2.0, &mut rng)).collect();
        let mean = draws.iter().sum::<f32>() / draws.len() as f32;
        assert!((mean - 2.0).abs() < 0.15, "{mean}");
    }

    #[test]
    fn a_finished_game_has_no_tree() {
        let game = Nim::pile(1, 1);
        let mut state = game.initial_state();
        game.play_text(&mut state, "1").unwrap();
        assert!(TurnCursor::new(&game, &state).is_err());
    }
}
