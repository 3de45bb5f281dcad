//! An exact solver: who wins a position with perfect play.
//!
//! Alpha-beta over the three values win, draw and loss (for the side to move), searched to
//! the end of the game with no depth limit and no evaluation, and a transposition table keyed
//! by [`board_kernel::perft::node_key`] (the position and its repetition history, so positions
//! are merged only when their futures are the same). Moves that end the game at once are tried
//! first, then the move the table remembers. The search stops with [`Value::Unknown`] when it
//! has visited `max_nodes` positions, or reached its time or memory bound ([`SolveConfig`]):
//! games whose lines run long (Tower of Power, Queens' Courtiers from the start) are out of
//! reach, and the answer says so instead of guessing.
//!
//! Besides the value: [`certificate`]s (winning strategies a checker replays with nothing but
//! the game's moves and texts) and the [`Perfect`] player, which plays by the proofs.
//!
//! ```
//! use board_kernel::prelude::*;
//! use board_kernel::testing::{Nim, NimOptions};
//! use game_ai::solver::{SolveConfig, Value, solve};
//! // Nim with 10 stones, taking 1 to 3: the side to move wins.
//! let game = Nim::with_options(NimOptions::default())?;
//! let start = game.initial_state();
//! let solution = solve(&game, &start, &SolveConfig::default());
//! assert_eq!(solution.value, Value::Win);
//! # Ok::<(), board_kernel::OptionError>(())
//! ```

mod certificate;
mod perfect;
mod prover;

use std::fmt;

use board_kernel::Status;
use board_kernel::perft::node_key;
use board_kernel::prelude::*;

use crate::limits::Limits;
pub use crate::limits::SolveConfig;
pub use certificate::{certificate, check_certificate, check_strategy, strategy_table};
pub use perfect::{Oracle, Perfect};
use prover::{Prover, Table};

/// The value of a position for the side to move, with perfect play by both sides.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Value {
    /// The side to move wins.
    Win,
    /// Neither side can force a win.
    Draw,
    /// The side to move loses.
    Loss,
    /// The budget (of positions, depth, time or memory) ran out first.
    Unknown,
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Value::Win => "win",
            Value::Draw => "draw",
            Value::Loss => "loss",
            Value::Unknown => "unknown",
        })
    }
}

impl Value {
    fn from_score(score: i8) -> Value {
        match score {
            1 => Value::Win,
            0 => Value::Draw,
            _ => Value::Loss,
        }
    }
}

/// What the solver found.
#[derive(Clone, Debug, PartialEq)]
pub struct Solution<M> {
    /// The value for the side to move.
    pub value: Value,
    /// A principal variation: best moves for both sides from the position, as far as the
    /// table proves them (empty when the value is unknown). It proves the value along one
    /// line only; it is not the shortest win.
    pub line: Vec<M>,
    /// Positions visited to find the value (the line's searches not counted).
    pub nodes: u64,
}

/// Solves `state`: its value for the side to move with perfect play, a line of best moves and
/// the nodes visited.
pub fn solve<G: Game>(game: &G, state: &G::State, config: &SolveConfig) -> Solution<G::Move> {
    let mut prover = Prover::new(game, config, Table::new());
    let Some(score) = prover.score(state, -1, 1, 0) else {
        return Solution {
            value: Value::Unknown,
            line: Vec::new(),
            nodes: prover.nodes,
        };
    };
    let nodes = prover.nodes;
    // The line: from each position, a move whose child keeps the value (searched again with a
    // full window, mostly answered by the table), on a budget of its own.
    prover.config.max_nodes = nodes.saturating_add(config.max_nodes);
    let mut line = Vec::new();
    let mut position = state.clone();
    let mut target = score;
    while line.len() < 500 && game.status(&position) == Status::Ongoing {
        let me = game.side_to_move(&position);
        let mut moves = Vec::new();
        game.legal_moves(&position, &mut moves);
        // The table's best move first: it usually keeps the value, and trying others first
        // could spend the line's budget on a move beyond reach.
        if let Some(&(_, _, best)) = prover.table.get(&node_key(game, &position))
            && usize::from(best) < moves.len()
        {
            moves.swap(0, usize::from(best));
        }
        let mut next = None;
        for mv in moves {
            let mut child = position.clone();
            game.play_unchecked(&mut child, &mv);
            let child_score = prover.value_for(&child, me);
            match child_score {
                Some(s) if s == target => {
                    next = Some((mv, child));
                    break;
                }
                // The time is up: the line ends here.
                None if prover.limits.out_of_time() => break,
                // Beyond the budget: another move may still be proven.
                Some(_) | None => {}
            }
        }
        let Some((mv, child)) = next else { break };
        line.push(mv);
        if game.status(&child) == Status::Ongoing && game.side_to_move(&child) != me {
            target = -target;
        }
        position = child;
    }
    Solution {
        value: Value::from_score(score),
        line,
        nodes,
    }
}

/// [`solve`], and where it answers [`Value::Unknown`], races: a win the side to move can
/// force within `config.max_depth` plies proves a win, one its opponent can force proves a
/// loss ([`crate::distance::race`], each on a budget of `config.max_nodes` positions). This
/// reaches end games whose whole tree is out of reach but whose decisive lines are short — a
/// Seven Sages point a few plies away, a Tower of Power capture — where [`solve`]'s
/// depth-first search follows long lines past its depth budget first. A draw is never proven
/// this way. The line is the race's: a fastest win against the longest defence.
pub fn solve_or_race<G: Game>(
    game: &G,
    state: &G::State,
    config: &SolveConfig,
) -> Solution<G::Move> {
    let limits = Limits::new(config);
    let solution = solve(game, state, config);
    if solution.value != Value::Unknown || game.status(state) != Status::Ongoing {
        return solution;
    }
    let me = game.side_to_move(state);
    let mut nodes = solution.nodes;
    for (attacker, value) in [(me, Value::Win), (me.opponent(), Value::Loss)] {
        let config = SolveConfig {
            max_time: limits.left(),
            ..*config
        };
        let found = crate::distance::race(game, state, attacker, &config);
        nodes += found.nodes;
        if let crate::distance::Race::WinIn(_) = found.outcome {
            return Solution {
                value,
                line: found.line,
                nodes,
            };
        }
    }
    Solution {
        value: Value::Unknown,
        line: Vec::new(),
        nodes,
    }
}

/// The value of each legal move of `state` for the side to move (the value of the position
/// after it, seen from the mover), in the engine's move order, with the positions visited so
/// far. One table serves every move, so what one move's proof learns shortens the next; the
/// budget `max_nodes` applies to each move.
pub fn solve_moves<G: Game>(
    game: &G,
    state: &G::State,
    config: &SolveConfig,
) -> Vec<(G::Move, Value, u64)> {
    let me = game.side_to_move(state);
    let mut prover = Prover::new(game, config, Table::new());
    let mut moves = Vec::new();
    game.legal_moves(state, &mut moves);
    moves
        .into_iter()
        .map(|mv| {
            let mut child = state.clone();
            game.play_unchecked(&mut child, &mv);
            prover.config.max_nodes = prover.nodes.saturating_add(config.max_nodes);
            let score = prover.value_for(&child, me);
            let value = score.map_or(Value::Unknown, Value::from_score);
            (mv, value, prover.nodes)
        })
        .collect()
}

#[cfg(test)]
mod tests;
