//! The analysis of a game, one position at a time, for the page's Web Worker: how good each
//! position is and the move the engine prefers there, so the page can draw an evaluation graph
//! and point at the moves that threw a game away.
//!
//! A position is first given to the exact solver for a short time (it proves Kamisado's end
//! games and any short decisive line in a few milliseconds, and then its value is certain and
//! no search is needed); where it proves nothing, the player the page names (the playground's
//! strongest level, on a budget per position) searches it, built as [`crate::computer_move`]
//! builds it for play, and its progress gives the value.
//!
//! Alpha-beta's value is taken from its deepest completed search of an even depth
//! ([`game_ai::control::settled_report`]), as `towers analyse` takes it: values compared
//! across positions must not swing with the parity of the depth each search reached.

use std::time::Duration;

use board_kernel::{Game, Side, Snapshot, Status};
use game_ai::PlayerSpec;
use game_ai::control::{Control, Progress, settled_report};
use game_ai::solver::{self, SolveConfig, Value};
use serde::Serialize;
use tower_games::registry::{self, GameVisitor};
use wasm_bindgen::prelude::*;

use crate::js_error;
use crate::options::option_pairs;

/// The solver's transposition table is cleared beyond this many entries: about 2 MB, enough
/// for what a proof of a fraction of a second visits, and a bound on the page's memory.
const PROOF_TABLE_ENTRIES: usize = 1 << 16;

/// One position's analysis, as the page reads it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PositionAnalysis {
    /// The value for the side to move, in `[-1, 1]` (1: it wins); `None` when the search
    /// said nothing.
    pub value: Option<f64>,
    /// The same value from White's (the first side's) point of view, for the graph.
    pub white: Option<f64>,
    /// Whether the value is proven (by the solver, a win or loss alpha-beta saw to the end,
    /// or the game being over) rather than estimated.
    pub proven: bool,
    /// The best move in notation (`None` when the game is over).
    pub best: Option<String>,
    /// The side to move: 0 White, 1 Black (the first and second side).
    pub side: u8,
    /// Who gave the value: `solver`, the player's spec, or `result` for a finished game.
    pub by: String,
}

/// The analysis of the position `snapshot_json` (a [`Session`](crate::Session)'s snapshot) of
/// the game `name` under `options_json`: the solver first for up to `prove_ms` milliseconds,
/// then, where it proved nothing, the player `spec` (`alphabeta:350ms`) seeded with `seed`.
/// JSON `{value, white, proven, best, side, by}` ([`PositionAnalysis`]).
#[wasm_bindgen]
pub fn analyse_position(
    name: &str,
    options_json: &str,
    snapshot_json: &str,
    spec: &str,
    prove_ms: u32,
    seed: u64,
) -> Result<String, JsError> {
    position_analysis(name, options_json, snapshot_json, spec, prove_ms, seed)
        .and_then(|a| serde_json::to_string(&a).map_err(|e| e.to_string()))
        .map_err(js_error)
}

/// [`analyse_position`] with the error as text and the answer as a value.
pub fn position_analysis(
    name: &str,
    options_json: &str,
    snapshot_json: &str,
    spec: &str,
    prove_ms: u32,
    seed: u64,
) -> Result<PositionAnalysis, String> {
    struct Analyse<'a> {
        snapshot: &'a Snapshot,
        spec: PlayerSpec,
        prove: Duration,
        seed: u64,
    }
    impl GameVisitor for Analyse<'_> {
        type Output = Result<PositionAnalysis, String>;
        fn visit<G: Game>(self, game: G) -> Self::Output {
            let state = game.restore(self.snapshot).map_err(|e| e.to_string())?;
            let side = game.side_to_move(&state);
            let answer =
                |value: f64, proven: bool, best: Option<String>, by: String| PositionAnalysis {
                    value: Some(value),
                    white: Some(if side == Side::White { value } else { -value }),
                    proven,
                    best,
                    side: side as u8,
                    by,
                };
            if let Status::Finished(result) = game.status(&state) {
                let value = match result.winner {
                    None => 0.0,
                    Some(winner) if winner == side => 1.0,
                    Some(_) => -1.0,
                };
                return Ok(answer(value, true, None, "result".to_owned()));
            }
            if !self.prove.is_zero() {
                let config = SolveConfig {
                    max_nodes: u64::MAX,
                    table_entries: PROOF_TABLE_ENTRIES,
                    max_time: Some(self.prove),
                    ..SolveConfig::default()
                };
                let solution = solver::solve(&game, &state, &config);
                let value = match solution.value {
                    Value::Win => Some(1.0),
                    Value::Draw => Some(0.0),
                    Value::Loss => Some(-1.0),
                    Value::Unknown => None,
                };
                // A proof whose line the time cut short names no move: the search finds one.
                if let (Some(value), Some(mv)) = (value, solution.line.first()) {
                    return Ok(answer(
                        value,
                        true,
                        Some(mv.to_string()),
                        "solver".to_owned(),
                    ));
                }
            }
            let mut player = self.spec.build::<G>(self.seed);
            let mut heard: Vec<Progress<G::Move>> = Vec::new();
            let mut listen = |p: &Progress<G::Move>| heard.push(p.clone());
            let mut control = Control {
                progress: Some(&mut listen),
                ..Control::default()
            };
            let best = player
                .choose_with(&game, &state, &mut control)
                .map(|m| m.to_string());
            let even_depths = matches!(self.spec, PlayerSpec::AlphaBeta(_));
            let by = self.spec.to_string();
            Ok(match settled_report(&heard, even_depths) {
                Some(report) => answer(report.score.value(), report.score.is_proven(), best, by),
                None => PositionAnalysis {
                    value: None,
                    white: None,
                    proven: false,
                    best,
                    side: side as u8,
                    by,
                },
            })
        }
    }
    let options = option_pairs(options_json)?;
    let snapshot: Snapshot =
        serde_json::from_str(snapshot_json).map_err(|e| format!("snapshot: {e}"))?;
    let spec: PlayerSpec = spec
        .parse()
        .map_err(|e: game_ai::SpecError| e.to_string())?;
    registry::visit(
        name,
        &options,
        Analyse {
            snapshot: &snapshot,
            spec,
            prove: Duration::from_millis(u64::from(prove_ms)),
            seed,
        },
    )
    .map_err(|e| e.to_string())?
}
