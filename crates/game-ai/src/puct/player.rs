//! The PUCT player: a whole move chosen step by step, each decision searched within its
//! share of the move's budget, the tree kept between moves.

use std::time::Duration;

use board_kernel::observe::ActionSpace;
use board_kernel::steps::TurnCursor;
use board_kernel::{Game, SplitMix64};

use super::{EvalBatch, Evaluator, PuctConfig, PuctTree};
use crate::control::{Control, Progress, Score};
use crate::{Budget, Player, clock};

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
                // A decision whose every choice ends the turn is the move's last one and
                // gets all the time left; otherwise some is kept for the decisions after it.
                let last = next.iter().all(|t| {
                    let mut after = tree.cursor().clone();
                    after.push(game, t.step).is_ok()
                        && after.complete().is_some()
                        && after.next().is_empty()
                });
                let remaining_share = match (last, decisions) {
                    (true, _) => 0.95,
                    (false, 1) => 0.7,
                    (false, _) => 0.5,
                };
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
