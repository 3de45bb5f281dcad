//! The perfect player: the solver's proofs made into moves, with MCTS where nothing is proven
//! and an end-game oracle asked first where a program has one.

use std::time::Duration;

use board_kernel::prelude::*;

use super::prover::{Prover, Table, by_fewest_replies};
use crate::control::{Control, Progress, Score};
use crate::limits::SolveConfig;
use crate::{Budget, Mcts, MctsConfig, Player, PlayerSpec, clock};

/// An end-game oracle: a perfect move for a position where it knows one (an end-game table
/// built by the game's own analysis), else `None`, with its verdict for the report. The game
/// crates do not depend on this crate, so a program that knows both hands the oracle to
/// [`Perfect::with_oracle`] (the `tower-games` registry does for Tower of Power's tables).
pub type Oracle<G> = std::sync::Arc<
    dyn Fn(
            &G,
            &<G as board_kernel::Rules>::State,
        ) -> Option<(<G as board_kernel::Rules>::Move, String)>
        + Send
        + Sync,
>;

/// The player that plays by the solver: a proven win when there is one, else a proven draw,
/// else (every move lost, or too deep to prove within its budget) what its fallback player,
/// MCTS, chooses — a lost position is played on as a good human would, hoping for a mistake.
///
/// Its budget of positions (`config.max_nodes`) and of time (`config.max_time`) is shared
/// by all the proofs of a move, so a move takes a bounded time even where nothing can be
/// proven; when the time runs out first, it plays the first move not proven lost instead of
/// asking MCTS, whose thousand iterations may take long where positions have hundreds of
/// thousands of moves. Its transposition table lives from move to move, so the first move
/// pays for the proof and the following ones are mostly answered from the table. Among
/// winning moves it takes the one that leaves the opponent the fewest replies (as
/// [`certificate`](super::certificate) does), which keeps the proofs of the next moves small.
/// From Kamisado's initial position as White (a proven win) it never loses, whatever Black
/// does. Where it was given an [`Oracle`] that knows the position, the oracle's move is
/// played without a search.
pub struct Perfect<G: Game> {
    config: SolveConfig,
    table: Table,
    fallback: Mcts<G>,
    oracle: Option<Oracle<G>>,
    report: Option<String>,
}

impl<G: Game> Perfect<G> {
    /// A perfect player whose proofs visit at most `config.max_nodes` positions per move,
    /// its fallback seeded with `seed`.
    #[must_use]
    pub fn new(config: SolveConfig, seed: u64) -> Perfect<G> {
        Perfect {
            config,
            table: Table::new(),
            fallback: Mcts::new(MctsConfig::default(), seed),
            oracle: None,
            report: None,
        }
    }

    /// The player asking `oracle` first in every position, before any search.
    #[must_use]
    pub fn with_oracle(mut self, oracle: Oracle<G>) -> Perfect<G> {
        self.oracle = Some(oracle);
        self
    }
}

impl<G: Game> Player<G> for Perfect<G> {
    fn name(&self) -> String {
        let budget = match (self.config.max_nodes, self.config.max_time) {
            (u64::MAX, Some(time)) => Budget::Time(time),
            (positions, _) => Budget::Count(u32::try_from(positions).unwrap_or(u32::MAX)),
        };
        PlayerSpec::Perfect(budget).to_string()
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
        if game.status(state).is_finished() {
            return None;
        }
        let started = clock::now_ms();
        if let Some((mv, verdict)) = self.oracle.as_ref().and_then(|ask| ask(game, state)) {
            self.report = Some(format!("{verdict} (the end-game table)"));
            if control.listening() {
                control.report(&Progress {
                    depth: 1,
                    nodes: 0,
                    score: Score::Estimate(0.0),
                    elapsed: clock::since(started),
                    line: vec![mv.clone()],
                });
            }
            return Some(mv);
        }
        let me = game.side_to_move(state);
        let mut moves = Vec::new();
        game.legal_moves(state, &mut moves);
        let mut config = self.config;
        if let Some(Budget::Count(positions)) = control.budget {
            config.max_nodes = u64::from(positions);
        }
        // A time budget is a deadline here; the proofs take half of the time, leaving the
        // rest to the fallback when nothing is proven.
        let limit = control.time_limit(control.budget.unwrap_or(Budget::Count(0)), started);
        // One budget (of positions and of time) for the whole move, not one per candidate:
        // with hundreds of moves beyond reach, a budget each would make a single move take
        // hours.
        let mut prover = Prover::new(game, &config, std::mem::take(&mut self.table));
        prover.stop = control.stop.clone();
        prover.deadline = limit.map(|at| started + (at - started) / 2.0);
        let candidates = by_fewest_replies(game, state, moves, config.max_nodes, &prover.limits);
        let (mut draw, mut lost, mut unknown) = (None, 0, 0);
        let (mut win, mut first_unknown) = (None, None);
        for mv in candidates {
            let mut child = state.clone();
            game.play_unchecked(&mut child, &mv);
            match prover.value_for(&child, me) {
                Some(1) => {
                    win = Some(mv);
                    break;
                }
                Some(0) if draw.is_none() => draw = Some(mv),
                Some(0) => {}
                Some(_) => lost += 1,
                None => {
                    unknown += 1;
                    first_unknown.get_or_insert(mv);
                }
            }
        }
        let nodes = prover.nodes;
        let out_of_time = prover.limits.out_of_time() || prover.interrupted;
        self.table = prover.table;
        let proven = |mv: &G::Move, score: Score| Progress {
            depth: 1,
            nodes,
            score,
            elapsed: clock::since(started),
            line: vec![mv.clone()],
        };
        let (choice, verdict) = if let Some(mv) = win {
            if control.listening() {
                control.report(&proven(&mv, Score::Win(None)));
            }
            (Some(mv), "a proven win".to_owned())
        } else if let Some(mv) = draw {
            // A proven draw is kept even when some moves are beyond the budget: they might
            // win, but they might lose.
            if control.listening() {
                control.report(&proven(&mv, Score::Draw));
            }
            (Some(mv), "a proven draw".to_owned())
        } else if let Some(mv) = first_unknown.filter(|_| out_of_time) {
            // The move's time is spent, and MCTS would take more: the first move not proven
            // lost, the most forcing where the moves were ordered.
            let verdict = format!(
                "{lost} moves lose, {unknown} beyond the budget; out of time, the first of those"
            );
            (Some(mv), verdict)
        } else {
            let verdict = if unknown == 0 {
                "every move loses; MCTS plays on".to_owned()
            } else {
                format!("{lost} moves lose, {unknown} beyond the budget; MCTS chooses")
            };
            // The fallback answers to the same flag and deadline, on its own budget.
            let stop = control.stop.clone();
            let deadline =
                limit.map(|at| Duration::from_secs_f64((at - clock::now_ms()).max(0.0) / 1000.0));
            let listening = control.listening();
            let mut forward = |p: &Progress<G::Move>| control.report(p);
            let mut fallback = Control {
                stop,
                budget: None,
                deadline,
                progress: if listening { Some(&mut forward) } else { None },
            };
            (
                Player::choose_with(&mut self.fallback, game, state, &mut fallback),
                verdict,
            )
        };
        let plural = |n: usize, word: &str| format!("{n} {word}{}", if n == 1 { "" } else { "s" });
        self.report = Some(format!(
            "{verdict} ({} searched, {} in the table)",
            plural(usize::try_from(nodes).unwrap_or(usize::MAX), "position"),
            self.table.len()
        ));
        choice
    }

    fn report(&self) -> Option<String> {
        self.report.clone()
    }
}
