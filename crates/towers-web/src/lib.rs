//! # towers-web
//!
//! The browser playground's engine: the `towers` registry and the computer players of
//! `game-ai`, compiled to WebAssembly and driven from JavaScript with strings and JSON. Every
//! registered game appears here without web-specific code: a [`Session`] holds one game (its
//! options and the positions played), and [`computer_move`] runs a player on a snapshot, so a
//! Web Worker can think while the page stays responsive.
//!
//! A person builds a turn step by step ([`Session::turn`]): the page sends the steps made so
//! far and is told the steps that may come next, or the whole move they make, and draws the
//! board as it stands after them ([`Session::board`]). Nothing here lists a position's
//! moves whole, so a game whose move lists run to hundreds of thousands (Chain Reaction with
//! long chains) costs the page only what its step mechanism costs.
//!
//! The same API is plain Rust on native targets, which is how it is tested: every export
//! that can fail has a twin returning its error as text (`turn` and `try_turn`).
//!
//! The modules follow the page's questions: `session` (one game being played), `computer`
//! (the moves computer players choose, for the Web Worker), `lessons` (each game's
//! course and the engine's judgement of a lesson's move), `analysis` (how good each
//! position of a game is, for the Web Worker's analysis of a finished game), `view` (the JSON the page
//! reads), `wording` (moves and refusals in words), `steps` and `options` (how the page
//! writes steps and options).

use wasm_bindgen::prelude::*;

mod analysis;
mod computer;
mod lessons;
mod options;
mod session;
mod steps;
mod view;
mod wording;

pub use analysis::{PositionAnalysis, analyse_position, position_analysis};
pub use computer::{choose_move, computer_move, quick_move, random_walk_move};
pub use lessons::{
    Judgement, judge_lesson, judgement, lesson_answers, lessons, try_lesson_answers, try_lessons,
};
pub use session::Session;
pub use steps::MAX_STEPS;
pub use view::games;

#[cfg(target_arch = "wasm32")]
#[wasm_bindgen]
extern "C" {
    #[wasm_bindgen(js_namespace = performance, js_name = now)]
    fn performance_now() -> f64;
}

/// Sets up the module: the clock of the computer players' time budgets.
#[wasm_bindgen(start)]
pub fn start() {
    #[cfg(target_arch = "wasm32")]
    game_ai::clock::set_clock(performance_now);
}

/// An error for JavaScript (`JsError` only exists inside a browser; the Rust API and its
/// tests use the message).
fn js_error(message: String) -> JsError {
    JsError::new(&message)
}
