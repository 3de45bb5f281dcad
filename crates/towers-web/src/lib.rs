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
//! The same API is plain Rust on native targets, which is how it is tested.

use board_kernel::erased::{DynGame, DynState};
use board_kernel::picture::{Picture, Point, SvgStyle};
use board_kernel::steps::{Step, StepRole, TurnStep};
use board_kernel::{Game, Side, Snapshot, SplitMix64, Status};
use game_ai::PlayerSpec;
use serde::Serialize;
use tower_games::record::{self, Record};
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
    choices: &'static [&'static str],
    options: Vec<OptionView>,
}

/// Every registered game with its sides, named choices and options, as JSON:
/// `[{name, title, sides: [first, second], choices, options: [{key, values, default,
/// meaning}]}]`.
#[wasm_bindgen]
#[must_use]
pub fn games() -> String {
    let list: Vec<GameView> = registry::all()
        .iter()
        .map(|g| GameView {
            name: g.name(),
            title: g.title(),
            sides: [g.side_name(Side::White), g.side_name(Side::Black)],
            choices: g.choices(),
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

/// The most steps a turn in progress may have: far beyond any game's longest turn (a Chain
/// Reaction chain of the most segments with its re-placement), so that a hostile list is
/// refused before anything is computed from it.
pub const MAX_STEPS: usize = 64;

/// A step as the page writes it: `"col,row"` for a cell, `"choice:i"` for a named choice,
/// `"finish"` to end a turn that could go on.
fn step_text(step: Step) -> String {
    match step {
        Step::Cell(p) => format!("{},{}", p.col, p.row),
        Step::Choice(i) => format!("choice:{i}"),
        Step::Finish => "finish".to_owned(),
    }
}

/// Reads a step written by [`step_text`].
fn parse_step(text: &str) -> Result<Step, String> {
    if text == "finish" {
        return Ok(Step::Finish);
    }
    if let Some(index) = text.strip_prefix("choice:") {
        return index
            .parse()
            .map(Step::Choice)
            .map_err(|_| format!("step `{text}`: not a choice number"));
    }
    let (col, row) = text
        .split_once(',')
        .ok_or_else(|| format!("step `{text}`: not `col,row`, `choice:N` or `finish`"))?;
    match (col.parse(), row.parse()) {
        (Ok(col), Ok(row)) => Ok(Step::Cell(Point::new(col, row))),
        _ => Err(format!("step `{text}`: not `col,row`")),
    }
}

/// The steps of a JSON array of step texts (`[]` or empty text: none).
fn parse_steps(steps_json: &str) -> Result<Vec<Step>, String> {
    if steps_json.trim().is_empty() {
        return Ok(Vec::new());
    }
    let texts: Vec<String> = serde_json::from_str(steps_json).map_err(|e| format!("steps: {e}"))?;
    if texts.len() > MAX_STEPS {
        return Err(format!("steps: more than {MAX_STEPS}"));
    }
    texts.iter().map(|t| parse_step(t)).collect()
}

fn role_text(role: StepRole) -> &'static str {
    match role {
        StepRole::Select => "select",
        StepRole::Move => "move",
        StepRole::Capture => "capture",
        StepRole::Ball => "ball",
        StepRole::Place => "place",
        StepRole::Choice => "choice",
        StepRole::Finish => "finish",
    }
}

/// A step offered or made, for the page: the step's text, its role and what it names (the
/// cell's name or the choice's words).
#[derive(Serialize)]
struct StepView {
    step: String,
    role: &'static str,
    name: String,
}

/// A move played, for the move list.
#[derive(Clone, Serialize)]
struct PlayedView {
    /// The move in the game's notation.
    text: String,
    /// The move in words.
    words: String,
    /// Who made it: 0 the first seat, 1 the second.
    side: u8,
}

/// What the page shows beside the board.
#[derive(Serialize)]
struct StateView {
    game: String,
    title: &'static str,
    sides: [&'static str; 2],
    options: Vec<(String, String)>,
    start: String,
    position: String,
    status: String,
    finished: bool,
    winner: Option<&'static str>,
    to_move: &'static str,
    to_move_index: u8,
    scores: Option<[i64; 2]>,
    played: Vec<PlayedView>,
}

/// Where a turn in progress stands, for the page.
#[derive(Serialize)]
struct TurnView {
    /// The steps that may come next (empty once the turn is whole, or when refused).
    next: Vec<StepView>,
    /// The whole move the steps make, when they make one.
    complete: Option<String>,
    /// Why the steps were refused, in the rule book's words where the engine names a rule.
    refused: Option<String>,
}

/// A board to draw: the SVG (the cells and pieces, no marks: the page draws its own), the
/// legend lines and the caption under it, and each piece's name by cell.
#[derive(Serialize)]
struct BoardView {
    svg: String,
    caption: String,
    legend: Vec<(String, String)>,
    pieces: Vec<([u8; 2], String)>,
    cells: Vec<([u8; 2], String)>,
}

/// One game being played: the game with its options, and every position from the start
/// (for undo and for viewing earlier positions), with the moves between them.
#[wasm_bindgen]
pub struct Session {
    name: String,
    options: Vec<(String, String)>,
    game: Box<dyn DynGame>,
    start: Option<String>,
    states: Vec<Box<dyn DynState>>,
    played: Vec<PlayedView>,
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
        Session::with_pairs(name, option_pairs(options_json)?, position)
    }

    fn with_pairs(
        name: &str,
        options: Vec<(String, String)>,
        position: &str,
    ) -> Result<Session, String> {
        let game = registry::build(name, &options).map_err(|e| e.to_string())?;
        let position = position.trim();
        let start = if position.is_empty() {
            game.initial_state()
        } else {
            game.parse_position(position).map_err(|e| e.to_string())?
        };
        Ok(Session {
            name: name.to_owned(),
            options,
            game,
            start: (!position.is_empty()).then(|| start.position_text()),
            states: vec![start],
            played: Vec::new(),
        })
    }

    /// A session from a game record in the format `towers play --record` writes and
    /// `towers replay` reads: the game, options and start of the record with every move
    /// played and checked. A record that does not read or does not play is an error saying
    /// why (the move numbered from 1).
    pub fn from_record(json: &str) -> Result<Session, JsError> {
        Session::read_record(json).map_err(js)
    }

    /// [`Session::from_record`] with the error as text.
    pub fn read_record(json: &str) -> Result<Session, String> {
        let record = Record::from_json(json)?;
        let options = record::option_pairs(&record.options)?;
        let mut session = Session::with_pairs(
            &record.game,
            options,
            record.position.as_deref().unwrap_or(""),
        )?;
        for (i, mv) in record.moves.iter().enumerate() {
            session
                .try_play(mv)
                .map_err(|e| format!("move {}: {e}", i + 1))?;
        }
        Ok(session)
    }

    /// The game as a record that `towers replay` accepts, the seats named `white` and
    /// `black` (`human`, `mcts:1s`…) and the computer players' `seed`: JSON.
    #[must_use]
    pub fn record(&self, white: &str, black: &str, seed: u64) -> String {
        let result = match self.state().status() {
            Status::Finished(result) => Some(result),
            Status::Ongoing => None,
        };
        let record = Record {
            game: self.name.clone(),
            options: self
                .game
                .option_values()
                .into_iter()
                .map(|(k, v)| format!("{k}={v}"))
                .collect(),
            position: self.start.clone(),
            white: white.to_owned(),
            black: black.to_owned(),
            seed,
            moves: self.played.iter().map(|p| p.text.clone()).collect(),
            result,
            forfeit: None,
        };
        serde_json::to_string_pretty(&record).unwrap_or_else(|_| "{}".into())
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

    /// Moves played so far.
    #[must_use]
    pub fn plies(&self) -> usize {
        self.played.len()
    }

    /// The current position and everything the side panel shows, as JSON: `{game, title,
    /// sides, options, start, position, status, finished, winner, to_move, to_move_index,
    /// scores, played: [{text, words, side}]}`. It lists no legal moves: a turn is built
    /// step by step with [`Session::turn`].
    #[must_use]
    pub fn view(&self) -> String {
        let state = self.state();
        let status = state.status();
        let winner = status
            .result()
            .and_then(|r| r.winner)
            .map(|side| self.game.side_name(side));
        let side = state.side_to_move();
        let view = StateView {
            game: self.name.clone(),
            title: self.game.title(),
            sides: [
                self.game.side_name(Side::White),
                self.game.side_name(Side::Black),
            ],
            options: self.options.clone(),
            start: self.start.clone().unwrap_or_default(),
            position: state.position_text(),
            status: state.describe_status(),
            finished: matches!(status, Status::Finished(_)),
            winner,
            to_move: self.game.side_name(side),
            to_move_index: side as u8,
            scores: state.scores().map(|s| [s.white, s.black]),
            played: self.played.clone(),
        };
        serde_json::to_string(&view).unwrap_or_else(|_| "{}".into())
    }

    /// Where a turn made of `steps_json` (a JSON array of steps: `"col,row"`, `"choice:i"`,
    /// `"finish"`) stands in the current position, as JSON `{next: [{step, role, name}],
    /// complete, refused}`: the steps that may come next with what each does (`select`,
    /// `move`, `capture`, `ball`, `place`, `choice`, `finish`) and what it names, the whole
    /// move once the steps make one, or why the steps were refused (then nothing else).
    /// Malformed JSON is an error.
    pub fn turn(&self, steps_json: &str) -> Result<String, JsError> {
        self.try_turn(steps_json).map_err(js)
    }

    /// [`Session::turn`] with the error as text.
    pub fn try_turn(&self, steps_json: &str) -> Result<String, String> {
        let steps = parse_steps(steps_json)?;
        let state = self.state();
        let view = match state.next_steps(&steps) {
            Ok(options) => TurnView {
                next: options
                    .next
                    .iter()
                    .map(|t| self.step_view(state, *t))
                    .collect(),
                complete: options.complete,
                refused: None,
            },
            Err(error) => TurnView {
                next: Vec::new(),
                complete: None,
                refused: Some(self.why(state, &steps, &error.to_string())),
            },
        };
        Ok(serde_json::to_string(&view).unwrap_or_else(|_| "{}".into()))
    }

    fn step_view(&self, state: &dyn DynState, t: TurnStep) -> StepView {
        StepView {
            step: step_text(t.step),
            role: role_text(t.role),
            name: match t.step {
                Step::Cell(p) => cell_name(&state.picture(), p),
                Step::Choice(i) => choice_words(self.game.choices(), i),
                Step::Finish => "end the turn here".to_owned(),
            },
        }
    }

    /// The position before move number `ply` (from 1) and the steps of that move.
    fn played_move(&self, ply: usize) -> Result<(&dyn DynState, Vec<TurnStep>), String> {
        if ply == 0 || ply > self.played.len() {
            return Err(format!("no move number {ply}"));
        }
        let before = self.states[ply - 1].as_ref();
        let steps = before
            .move_steps(&self.played[ply - 1].text)
            .map_err(|e| e.to_string())?;
        Ok((before, steps))
    }

    /// Why no legal turn begins with `steps`: the rule the engine names when the clicks read
    /// as a move (`d1-d5`: "the path is blocked (§3.2)"), else the step mechanism's words.
    fn why(&self, state: &dyn DynState, steps: &[Step], fallback: &str) -> String {
        if matches!(state.status(), Status::Finished(_)) {
            return "The game is over.".to_owned();
        }
        let picture = state.picture();
        let cells: Vec<String> = steps
            .iter()
            .filter_map(|s| match s {
                Step::Cell(p) => Some(cell_name(&picture, *p)),
                _ => None,
            })
            .collect();
        // The clicks as a move text, in each way the games write moves from cell names.
        let mut reasons: Vec<String> = Vec::new();
        if cells.len() >= 2 {
            for joiner in ["-", "", " ", ">"] {
                let text = cells.join(joiner);
                if let Err(e) = state.clone_box().play(&text) {
                    let e = e.to_string();
                    if e.contains('§') {
                        return sentence(&format!("not {}: {}", cells.join(" → "), reason_of(&e)));
                    }
                }
            }
        }
        // A piece that cannot move: the reason its moves to every other cell are refused,
        // the most common one naming a rule (a paralysed King, a blocked tower).
        if cells.len() == 1 {
            for other in &picture.cells {
                for joiner in ["-", "", ">"] {
                    let text = format!("{}{joiner}{}", cells[0], other.name);
                    if let Err(e) = state.clone_box().play(&text) {
                        let e = e.to_string();
                        if e.contains('§') {
                            reasons.push(reason_of(&e).to_owned());
                        }
                    }
                }
            }
            let mut best: Option<(usize, &String)> = None;
            for r in &reasons {
                let count = reasons.iter().filter(|x| *x == r).count();
                if best.is_none_or(|(n, _)| count > n) {
                    best = Some((count, r));
                }
            }
            if let Some((_, reason)) = best {
                return sentence(&format!("not from {}: {reason}", cells[0]));
            }
        }
        let named = cells
            .last()
            .map_or_else(String::new, |c| format!(" on {c}"));
        if steps.len() <= 1 {
            format!("No legal turn starts{named}.")
        } else {
            sentence(&format!("not a legal step{named}: {fallback}"))
        }
    }

    /// The board `ply` moves into the game (0 the start; the current position when `ply` is
    /// the number of moves played or more), after the steps `steps_json` of a turn in
    /// progress when it is the current position, as JSON `{svg, caption, legend: [[colour,
    /// text]], pieces: [[[col, row], name]], cells: [[[col, row], name]]}`. `flipped`
    /// turns the board half round. The SVG carries no marks: the page draws its own over the
    /// cells (`data-at`).
    pub fn board(&self, ply: usize, steps_json: &str, flipped: bool) -> Result<String, JsError> {
        self.try_board(ply, steps_json, flipped).map_err(js)
    }

    /// [`Session::board`] with the error as text.
    pub fn try_board(&self, ply: usize, steps_json: &str, flipped: bool) -> Result<String, String> {
        let steps = parse_steps(steps_json)?;
        let ply = ply.min(self.played.len());
        let state = self.states[ply].as_ref();
        let board = if steps.is_empty() || ply != self.played.len() {
            state.clone_box()
        } else {
            state.next_steps(&steps).map_err(|e| e.to_string())?.board
        };
        Ok(board_json(board.as_ref(), flipped))
    }

    /// The boards of move number `ply` (from 1) as it was made, step by step, for replaying
    /// it: JSON `{steps: [{step, role, name}], frames: [board…]}` where `frames[i]` is the
    /// board (as [`Session::board`] gives it) after the first `i + 1` steps, the last the
    /// position after the move.
    pub fn move_frames(&self, ply: usize, flipped: bool) -> Result<String, JsError> {
        self.try_move_frames(ply, flipped).map_err(js)
    }

    /// [`Session::move_frames`] with the error as text.
    pub fn try_move_frames(&self, ply: usize, flipped: bool) -> Result<String, String> {
        let (before, steps) = self.played_move(ply)?;
        let mut frames = Vec::with_capacity(steps.len());
        let mut made = Vec::with_capacity(steps.len());
        for (i, t) in steps.iter().enumerate() {
            made.push(t.step);
            if i + 1 == steps.len() {
                frames.push(board_json(self.states[ply].as_ref(), flipped));
            } else {
                let board = before.next_steps(&made).map_err(|e| e.to_string())?.board;
                frames.push(board_json(board.as_ref(), flipped));
            }
        }
        let views: Vec<StepView> = steps.iter().map(|t| self.step_view(before, *t)).collect();
        let frames: Vec<serde_json::Value> = frames
            .iter()
            .map(|f| serde_json::from_str(f).unwrap_or_default())
            .collect();
        Ok(serde_json::json!({ "steps": views, "frames": frames }).to_string())
    }

    /// The steps of the move `mv` (notation) in the current position, as JSON `[{step, role,
    /// name}]`: what the page marks to show a hint. An illegal move is an error.
    pub fn move_steps(&self, mv: &str) -> Result<String, JsError> {
        self.try_move_steps(mv).map_err(js)
    }

    /// [`Session::move_steps`] with the error as text.
    pub fn try_move_steps(&self, mv: &str) -> Result<String, String> {
        let state = self.state();
        let steps = state.move_steps(mv).map_err(|e| e.to_string())?;
        let views: Vec<StepView> = steps.iter().map(|t| self.step_view(state, *t)).collect();
        Ok(serde_json::to_string(&views).unwrap_or_else(|_| "[]".into()))
    }

    /// The steps of move number `ply` (from 1) as it was made, as JSON `[{step, role,
    /// name}]`: the cells the page marks as the last move, without drawing its boards.
    pub fn played_steps(&self, ply: usize) -> Result<String, JsError> {
        self.try_played_steps(ply).map_err(js)
    }

    /// [`Session::played_steps`] with the error as text.
    pub fn try_played_steps(&self, ply: usize) -> Result<String, String> {
        let (before, steps) = self.played_move(ply)?;
        let views: Vec<StepView> = steps.iter().map(|t| self.step_view(before, *t)).collect();
        Ok(serde_json::to_string(&views).unwrap_or_else(|_| "[]".into()))
    }

    /// Plays a move given in the game's notation; returns its canonical text. An illegal or
    /// unreadable move is an error saying why, and changes nothing.
    pub fn play(&mut self, mv: &str) -> Result<String, JsError> {
        self.try_play(mv).map_err(js)
    }

    /// [`Session::play`] with the error as text.
    pub fn try_play(&mut self, mv: &str) -> Result<String, String> {
        let before = self.state();
        let mut next = before.clone_box();
        let played = next.play(mv).map_err(|e| sentence(&e.to_string()))?;
        let words = move_words(self.game.as_ref(), before, next.as_ref(), &played);
        let side = before.side_to_move() as u8;
        self.states.push(next);
        self.played.push(PlayedView {
            text: played.clone(),
            words,
            side,
        });
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

    /// Takes back every move after the first `ply`, to go on from an earlier position.
    pub fn truncate(&mut self, ply: usize) {
        self.states.truncate(ply + 1);
        self.played.truncate(ply);
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

/// The reason of a refused move's message, without the move (`illegal move `a1-a3`: the path
/// is blocked (§3.2)` → `the path is blocked (§3.2)`): the clicks did not name that move.
fn reason_of(message: &str) -> &str {
    message
        .split_once("`: ")
        .map_or(message, |(_, reason)| reason)
}

/// A message as a sentence: capitalised, with a full stop.
fn sentence(text: &str) -> String {
    let mut out = board_kernel::picture::capitalise(text.trim());
    if !out.ends_with(['.', '!', '?']) {
        out.push('.');
    }
    out
}

fn cell_name(picture: &Picture, at: Point) -> String {
    picture
        .cells
        .iter()
        .find(|c| c.at == at)
        .map_or_else(|| format!("{},{}", at.col, at.row), |c| c.name.clone())
}

/// A named choice in words (`pass` → "pass", `fill-L` → "refill the home rows from the left…").
fn choice_words(choices: &[&str], index: u8) -> String {
    match choices.get(usize::from(index)).copied() {
        Some("fill-L") => "refill the home rows from the left (the brown corner)".to_owned(),
        Some("fill-R") => "refill the home rows from the right".to_owned(),
        Some(name) => name.to_owned(),
        None => format!("choice {index}"),
    }
}

fn board_json(state: &dyn DynState, flipped: bool) -> String {
    let style = SvgStyle {
        flipped,
        ..SvgStyle::default()
    };
    let picture = state.picture();
    let view = BoardView {
        svg: state.svg(&[], &style),
        caption: board_kernel::picture::capitalise(&state.describe_status()),
        legend: picture
            .legend
            .iter()
            .map(|(colour, text)| (colour.to_string(), text.clone()))
            .collect(),
        pieces: picture
            .pieces
            .iter()
            .map(|p| ([p.at.col, p.at.row], p.name.clone()))
            .collect(),
        cells: picture
            .cells
            .iter()
            .map(|c| ([c.at.col, c.at.row], c.name.clone()))
            .collect(),
    };
    serde_json::to_string(&view).unwrap_or_else(|_| "{}".into())
}

/// A move in words, from its steps and the pieces of the picture before and after it:
/// `White: orange tower d1 → d5`, with what it took, a skipped turn, a changed score and the
/// end of the game.
fn move_words(game: &dyn DynGame, before: &dyn DynState, after: &dyn DynState, mv: &str) -> String {
    let side = before.side_to_move();
    let mut out = format!("{}: ", game.side_name(side));
    let picture = before.picture();
    let piece_at = |p: Point| {
        picture
            .pieces
            .iter()
            .find(|piece| piece.at == p)
            .map(|piece| piece.name.clone())
    };
    let steps = before.move_steps(mv).unwrap_or_default();
    let mut parts: Vec<String> = Vec::new();
    for t in &steps {
        let part = match (t.step, t.role) {
            (Step::Cell(p), StepRole::Select) => match piece_at(p) {
                Some(piece) => format!("{piece} {}", cell_name(&picture, p)),
                None => cell_name(&picture, p),
            },
            (Step::Cell(p), StepRole::Move) => format!("→ {}", cell_name(&picture, p)),
            (Step::Cell(p), StepRole::Capture) => match piece_at(p) {
                Some(piece) => format!("→ {} onto {piece}", cell_name(&picture, p)),
                None => format!("→ {} (capture)", cell_name(&picture, p)),
            },
            (Step::Cell(p), StepRole::Ball) => {
                format!("kicks the ball to {}", cell_name(&picture, p))
            }
            (Step::Cell(p), StepRole::Place) => {
                format!("puts a stone on {}", cell_name(&picture, p))
            }
            (Step::Cell(p), _) => cell_name(&picture, p),
            (Step::Choice(i), _) => choice_words(game.choices(), i),
            (Step::Finish, _) => continue,
        };
        parts.push(part);
    }
    if parts.is_empty() {
        parts.push(mv.to_owned());
    }
    out += &parts
        .join(" ")
        .replace(" kicks", ", kicks")
        .replace(" puts", ", puts");
    if let (Some(old), Some(new)) = (before.scores(), after.scores())
        && old != new
    {
        out += &format!(
            "; score {} {}, {} {}",
            game.side_name(Side::White),
            new.white,
            game.side_name(Side::Black),
            new.black
        );
    }
    match after.status() {
        Status::Finished(result) => {
            out += &match result.winner {
                Some(w) => format!("; {} wins ({})", game.side_name(w), result.reason),
                None => format!("; draw ({})", result.reason),
            };
        }
        Status::Ongoing if after.side_to_move() == side => {
            out += &format!("; {} loses a turn", game.side_name(side.opponent()));
        }
        Status::Ongoing => {}
    }
    out
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
    random_walk_move(name, options_json, snapshot_json, seed).map_err(js)
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
