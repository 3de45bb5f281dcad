//! # towers-web
//!
//! The browser playground's engine: the `towers` registry and the computer players of
//! `game-ai`, compiled to WebAssembly and driven from JavaScript with strings and JSON. Every
//! registered game appears here without web-specific code: a [`Session`] holds one game (its
//! options and the positions played), and [`computer_move`] runs a player on a snapshot, so a
//! Web Worker can think while the page stays responsive.
//!
//! The same API is plain Rust on native targets, which is how it is tested.

use board_kernel::erased::{DynGame, DynState};
use board_kernel::picture::{Mark, Point, Rgb, SvgStyle};
use board_kernel::{Game, Side, Snapshot, Status};
use game_ai::PlayerSpec;
use serde::{Deserialize, Serialize};
use tower_games::registry::{self, GameVisitor};
use wasm_bindgen::prelude::*;

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
fn js(message: String) -> JsError {
    JsError::new(&message)
}

/// One option of a game, for the new-game form.
#[derive(Serialize)]
struct OptionView {
    key: &'static str,
    values: &'static str,
    default: String,
    meaning: &'static str,
}

/// A registered game, for the game list.
#[derive(Serialize)]
struct GameView {
    name: &'static str,
    title: &'static str,
    sides: [&'static str; 2],
    options: Vec<OptionView>,
}

/// Every registered game with its sides and options, as JSON:
/// `[{name, title, sides: [first, second], options: [{key, values, default, meaning}]}]`.
#[wasm_bindgen]
#[must_use]
pub fn games() -> String {
    let list: Vec<GameView> = registry::all()
        .iter()
        .map(|g| GameView {
            name: g.name(),
            title: g.title(),
            sides: [g.side_name(Side::White), g.side_name(Side::Black)],
            options: g
                .option_info()
                .iter()
                .map(|o| OptionView {
                    key: o.key,
                    values: o.values,
                    default: o.default.clone(),
                    meaning: o.meaning,
                })
                .collect(),
        })
        .collect();
    serde_json::to_string(&list).unwrap_or_else(|_| "[]".into())
}

/// `KEY=VALUE` pairs from a JSON object `{"key": "value", …}`.
fn option_pairs(options_json: &str) -> Result<Vec<(String, String)>, String> {
    if options_json.trim().is_empty() {
        return Ok(Vec::new());
    }
    let map: serde_json::Map<String, serde_json::Value> =
        serde_json::from_str(options_json).map_err(|e| format!("options: {e}"))?;
    Ok(map
        .into_iter()
        .map(|(k, v)| {
            let value = match v {
                serde_json::Value::String(s) => s,
                other => other.to_string(),
            };
            (k, value)
        })
        .collect())
}

/// A legal move with the picture cells it passes through (first: what moves; last: where it
/// ends), for click-to-move.
#[derive(Serialize)]
struct MoveView {
    text: String,
    path: Vec<[u8; 2]>,
}

/// What the page shows beside the board.
#[derive(Serialize)]
struct StateView {
    position: String,
    status: String,
    finished: bool,
    winner: Option<&'static str>,
    to_move: &'static str,
    to_move_index: u8,
    scores: Option<[i64; 2]>,
    played: Vec<String>,
    moves: Vec<MoveView>,
}

/// How to draw the board: flipped or not, a selected cell and the cells it can reach.
#[derive(Default, Deserialize)]
#[serde(default, deny_unknown_fields)]
struct View {
    flipped: bool,
    selected: Option<[u8; 2]>,
    targets: Vec<[u8; 2]>,
}

/// One game being played: the game with its options, and every position from the start
/// (for undo), with the moves between them.
#[wasm_bindgen]
pub struct Session {
    name: String,
    options: Vec<(String, String)>,
    game: Box<dyn DynGame>,
    states: Vec<Box<dyn DynState>>,
    played: Vec<String>,
}

#[wasm_bindgen]
impl Session {
    /// A new game of `name` with options (a JSON object of `KEY: VALUE`), from `position` (a
    /// one-line position text) or the initial position when it is empty.
    #[wasm_bindgen(constructor)]
    pub fn new(name: &str, options_json: &str, position: &str) -> Result<Session, JsError> {
        Session::open(name, options_json, position).map_err(js)
    }

    /// [`Session::new`] with the error as text.
    pub fn open(name: &str, options_json: &str, position: &str) -> Result<Session, String> {
        let options = option_pairs(options_json)?;
        let game = registry::build(name, &options).map_err(|e| e.to_string())?;
        let start = if position.trim().is_empty() {
            game.initial_state()
        } else {
            game.parse_position(position.trim())
                .map_err(|e| e.to_string())?
        };
        Ok(Session {
            name: name.to_owned(),
            options,
            game,
            states: vec![start],
            played: Vec::new(),
        })
    }

    fn state(&self) -> &dyn DynState {
        self.states
            .last()
            .map_or_else(|| unreachable_state(), |s| s.as_ref())
    }

    /// The game's registry name.
    #[must_use]
    pub fn name(&self) -> String {
        self.name.clone()
    }

    /// The current position and everything the side panel shows, as JSON: `{position,
    /// status, finished, winner, to_move, to_move_index, scores, played, moves: [{text,
    /// path}]}`.
    #[must_use]
    pub fn view(&self) -> String {
        let state = self.state();
        let status = state.status();
        let winner = status
            .result()
            .and_then(|r| r.winner)
            .map(|side| self.game.side_name(side));
        let side = state.side_to_move();
        let moves = state
            .legal_moves()
            .into_iter()
            .map(|text| {
                let path = state
                    .move_path(&text)
                    .unwrap_or_default()
                    .into_iter()
                    .map(|p| [p.col, p.row])
                    .collect();
                MoveView { text, path }
            })
            .collect();
        let view = StateView {
            position: state.position_text(),
            status: state.describe_status(),
            finished: matches!(status, Status::Finished(_)),
            winner,
            to_move: self.game.side_name(side),
            to_move_index: side as u8,
            scores: state.scores().map(|s| [s.white, s.black]),
            played: self.played.clone(),
            moves,
        };
        serde_json::to_string(&view).unwrap_or_else(|_| "{}".into())
    }

    /// Plays a move given in the game's notation; returns its canonical text. An illegal or
    /// unreadable move is an error saying why, and changes nothing.
    pub fn play(&mut self, mv: &str) -> Result<String, JsError> {
        self.try_play(mv).map_err(js)
    }

    /// [`Session::play`] with the error as text.
    pub fn try_play(&mut self, mv: &str) -> Result<String, String> {
        let mut next = self.state().clone_box();
        let played = next.play(mv).map_err(|e| e.to_string())?;
        self.states.push(next);
        self.played.push(played.clone());
        Ok(played)
    }

    /// Takes back the last move; `false` at the start.
    pub fn undo(&mut self) -> bool {
        if self.states.len() <= 1 {
            return false;
        }
        self.states.pop();
        self.played.pop();
        true
    }

    /// The position as SVG, the last move marked; `view_json` is `{flipped, selected,
    /// targets}` (all optional): a selected cell is outlined and the cells its moves reach
    /// get a dot.
    pub fn svg(&self, view_json: &str) -> Result<String, JsError> {
        self.try_svg(view_json).map_err(js)
    }

    /// [`Session::svg`] with the error as text.
    pub fn try_svg(&self, view_json: &str) -> Result<String, String> {
        let view: View = if view_json.trim().is_empty() {
            View::default()
        } else {
            serde_json::from_str(view_json).map_err(|e| format!("view: {e}"))?
        };
        let mut marks = match (self.states.len(), self.played.last()) {
            (n, Some(last)) if n >= 2 => self.states[n - 2].move_marks(last).unwrap_or_default(),
            _ => Vec::new(),
        };
        if let Some([col, row]) = view.selected {
            marks.push(Mark::Highlight {
                at: Point::new(col, row),
                colour: Rgb(0x2e, 0x7d, 0x32),
            });
        }
        for [col, row] in view.targets {
            marks.push(Mark::Target {
                at: Point::new(col, row),
            });
        }
        let style = SvgStyle {
            flipped: view.flipped,
            ..SvgStyle::default()
        };
        Ok(self.state().svg(&marks, &style))
    }

    /// The current state's snapshot (position text and repetition history) as JSON, for a
    /// Web Worker's [`computer_move`].
    #[must_use]
    pub fn snapshot(&self) -> String {
        self.state().snapshot_json()
    }

    /// The options in force as a JSON object, for a Web Worker's [`computer_move`].
    #[must_use]
    pub fn options(&self) -> String {
        let map: serde_json::Map<String, serde_json::Value> = self
            .options
            .iter()
            .map(|(k, v)| (k.clone(), serde_json::Value::String(v.clone())))
            .collect();
        serde_json::Value::Object(map).to_string()
    }

    /// Perft from the current position (leaves at `depth`), for measuring the engine in the
    /// browser.
    #[must_use]
    pub fn perft(&self, depth: u32) -> f64 {
        self.state().perft(depth.min(12)) as f64
    }
}

#[cold]
fn unreachable_state() -> &'static dyn DynState {
    // A session always holds its start position; this is never reached.
    panic!("a session without a position")
}

/// The move a computer player chooses in the state of `snapshot_json` (a [`Session`]'s
/// `snapshot()`), for the game `name` under `options_json`, as the move's text and a report:
/// `{move, report}`. `spec` is a player spec: `random`, `mcts:1000`, `mcts:500ms`,
/// `alphabeta:4`, `alphabeta:1s`.
#[wasm_bindgen]
pub fn computer_move(
    name: &str,
    options_json: &str,
    snapshot_json: &str,
    spec: &str,
    seed: u64,
) -> Result<String, JsError> {
    choose_move(name, options_json, snapshot_json, spec, seed).map_err(js)
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
