//! The computer's moves, for the page's Web Worker: a player's choice on a snapshot of the
//! position, and a legal move found at once for when the player's time runs out. Both take
//! the game by name and options, so the worker needs no [`Session`](crate::Session) of its
//! own.

use board_kernel::{Game, Snapshot, SplitMix64};
use game_ai::PlayerSpec;
use tower_games::registry::{self, GameVisitor};
use wasm_bindgen::prelude::*;

use crate::js_error;
use crate::options::option_pairs;
use crate::steps::MAX_STEPS;

/// The move a computer player chooses in the state of `snapshot_json` (a
/// [`Session`](crate::Session)'s `snapshot()`), for the game `name` under `options_json`, as
/// the move's text and a report: `{move, report}`. `spec` is a player spec: `random`,
/// `mcts:1000`, `mcts:500ms`, `alphabeta:4`, `alphabeta:1s`.
#[wasm_bindgen]
pub fn computer_move(
    name: &str,
    options_json: &str,
    snapshot_json: &str,
    spec: &str,
    seed: u64,
) -> Result<String, JsError> {
    choose_move(name, options_json, snapshot_json, spec, seed).map_err(js_error)
}

/// [`computer_move`] with the error as text.
pub fn choose_move(
    name: &str,
    options_json: &str,
    snapshot_json: &str,
    spec: &str,
    seed: u64,
) -> Result<String, String> {
    struct Choose<'a> {
        snapshot: &'a Snapshot,
        spec: PlayerSpec,
        seed: u64,
    }
    impl GameVisitor for Choose<'_> {
        type Output = Result<(String, Option<String>), String>;
        fn visit<G: Game>(self, game: G) -> Self::Output {
            let state = game.restore(self.snapshot).map_err(|e| e.to_string())?;
            let mut player = self.spec.build::<G>(self.seed);
            let mv = player
                .choose(&game, &state)
                .ok_or("the game is over: there is no move to choose")?;
            Ok((mv.to_string(), player.report()))
        }
    }
    let options = option_pairs(options_json)?;
    let snapshot: Snapshot =
        serde_json::from_str(snapshot_json).map_err(|e| format!("snapshot: {e}"))?;
    let spec: PlayerSpec = spec
        .parse()
        .map_err(|e: game_ai::SpecError| e.to_string())?;
    let (mv, report) = registry::visit(
        name,
        &options,
        Choose {
            snapshot: &snapshot,
            spec,
            seed,
        },
    )
    .map_err(|e| e.to_string())??;
    Ok(serde_json::json!({ "move": mv, "report": report }).to_string())
}

/// A legal move found without listing the position's moves: a random walk through the step
/// mechanism, one offered step at a time. The computer's answer of last resort when its
/// search cannot finish within its time (the page asks for it first, so it has a move to
/// play the moment the time is up).
#[wasm_bindgen]
pub fn quick_move(
    name: &str,
    options_json: &str,
    snapshot_json: &str,
    seed: u64,
) -> Result<String, JsError> {
    random_walk_move(name, options_json, snapshot_json, seed).map_err(js_error)
}

/// [`quick_move`] with the error as text.
pub fn random_walk_move(
    name: &str,
    options_json: &str,
    snapshot_json: &str,
    seed: u64,
) -> Result<String, String> {
    let game = registry::build(name, &option_pairs(options_json)?).map_err(|e| e.to_string())?;
    let state = game
        .restore_json(snapshot_json)
        .map_err(|e| e.to_string())?;
    let mut rng = SplitMix64::new(seed);
    let mut steps = Vec::new();
    loop {
        let options = state.next_steps(&steps).map_err(|e| e.to_string())?;
        if let Some(mv) = options.complete {
            return Ok(mv);
        }
        let step = rng
            .choose(&options.next)
            .ok_or("the step mechanism offered nothing")?;
        steps.push(step.step);
        if steps.len() > MAX_STEPS {
            return Err("a turn of more steps than any game has".to_owned());
        }
    }
}
