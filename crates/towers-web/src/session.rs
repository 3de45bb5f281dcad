//! One game being played on the page: its options, every position from the start and the
//! moves between them, and everything the page asks of it (the side panel, a turn built
//! step by step, the boards to draw, records).

use board_kernel::erased::{DynGame, DynState};
use board_kernel::steps::{Step, TurnStep};
use board_kernel::{Side, Status};
use tower_games::record::{self, Record};
use tower_games::registry;
use wasm_bindgen::prelude::*;

use crate::js_error;
use crate::options::{option_pairs, options_json};
use crate::steps::{parse_steps, step_text};
use crate::view::{CapturesView, PlayedView, StateView, TurnView, board_json, step_views, to_json};
use crate::wording::{move_error_words, move_words, refusal_rule, refusal_words, sentence};

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
        Session::open(name, options_json, position).map_err(js_error)
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
        Session::read_record(json).map_err(js_error)
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

    /// The captures since the session's start (its first position: the initial one, or the
    /// one it was set up from), for games that count them.
    fn captures(&self) -> Option<CapturesView> {
        let now = self.state().material()?;
        let start = self.states.first()?.material()?;
        let taken = now.captured(&start);
        let words = Side::ALL.map(|side| {
            let other = side.opponent();
            let (count, other_name) = (taken[side], self.game.side_name(other));
            format!(
                "{} has captured {count} {other_name} {}; {other_name} has {} in play.",
                self.game.side_name(side),
                if count == 1 { now.noun } else { now.plural },
                now.count_words(now.in_play[other]),
            )
        });
        Some(CapturesView {
            taken: [taken.white, taken.black],
            in_play: [now.in_play.white, now.in_play.black],
            words,
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
            captures: self.captures(),
            played: self.played.clone(),
        };
        to_json(&view, "{}")
    }

    /// Where a turn made of `steps_json` (a JSON array of steps: `"col,row"`, `"choice:i"`,
    /// `"finish"`) stands in the current position, as JSON `{next: [{step, role, name}],
    /// complete, refused, rule, prompt}`: the steps that may come next with what each does
    /// (`select`, `move`, `capture`, `ball`, `place`, `choice`, `finish`) and what it names,
    /// the whole move once the steps make one, or why the steps were refused (then nothing
    /// else), in the game's words, with `rule: {number, title, anchor, citation}` the
    /// rule-book section the refusal cites; `prompt` says what the turn must go on with where the game
    /// says it (a tower that must move on, a stone to put back, a forced pass).
    /// Malformed JSON is an error.
    pub fn turn(&self, steps_json: &str) -> Result<String, JsError> {
        self.try_turn(steps_json).map_err(js_error)
    }

    /// [`Session::turn`] with the error as text.
    pub fn try_turn(&self, steps_json: &str) -> Result<String, String> {
        let steps = parse_steps(steps_json)?;
        let state = self.state();
        let view = match state.next_steps(&steps) {
            Ok(options) => TurnView {
                next: step_views(self.game.as_ref(), state, &options.next),
                prompt: options
                    .complete
                    .is_none()
                    .then(|| state.turn_prompt(&steps))
                    .flatten()
                    .map(|prompt| sentence(&prompt)),
                complete: options.complete,
                refused: None,
                rule: None,
            },
            Err(error) => TurnView {
                next: Vec::new(),
                complete: None,
                refused: Some(refusal_words(self.game.as_ref(), state, &steps, &error)),
                rule: refusal_rule(self.game.as_ref(), &error),
                prompt: None,
            },
        };
        Ok(to_json(&view, "{}"))
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

    /// The board `ply` moves into the game (0 the start; the current position when `ply` is
    /// the number of moves played or more), after the steps `steps_json` of a turn in
    /// progress when it is the current position, as JSON `{svg, caption, legend: [[colour,
    /// text]], pieces: [[[col, row], name]], cells: [[[col, row], name]]}`. `flipped`
    /// turns the board half round. The SVG carries no marks: the page draws its own over the
    /// cells (`data-at`).
    pub fn board(&self, ply: usize, steps_json: &str, flipped: bool) -> Result<String, JsError> {
        self.try_board(ply, steps_json, flipped).map_err(js_error)
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
        self.try_move_frames(ply, flipped).map_err(js_error)
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
        let views = step_views(self.game.as_ref(), before, &steps);
        let frames: Vec<serde_json::Value> = frames
            .iter()
            .map(|f| serde_json::from_str(f).unwrap_or_default())
            .collect();
        Ok(serde_json::json!({ "steps": views, "frames": frames }).to_string())
    }

    /// The steps of the move `mv` (notation) in the current position, as JSON `[{step, role,
    /// name}]`: what the page marks to show a hint. An illegal move is an error.
    pub fn move_steps(&self, mv: &str) -> Result<String, JsError> {
        self.try_move_steps(mv).map_err(js_error)
    }

    /// [`Session::move_steps`] with the error as text.
    pub fn try_move_steps(&self, mv: &str) -> Result<String, String> {
        self.try_move_steps_at(self.played.len(), mv)
    }

    /// The steps of the move `mv` in the position `ply` moves into the game (0 the start), as
    /// [`Session::move_steps`] gives them: the better move the analysis shows while that
    /// earlier position is reviewed. An illegal move or a `ply` past the game is an error.
    pub fn move_steps_at(&self, ply: usize, mv: &str) -> Result<String, JsError> {
        self.try_move_steps_at(ply, mv).map_err(js_error)
    }

    /// [`Session::move_steps_at`] with the error as text.
    pub fn try_move_steps_at(&self, ply: usize, mv: &str) -> Result<String, String> {
        let state = self
            .states
            .get(ply)
            .ok_or_else(|| {
                format!(
                    "no position {ply}: the game has {} moves",
                    self.played.len()
                )
            })?
            .as_ref();
        let steps = state
            .move_steps(mv)
            .map_err(|e| self.game.move_error_text(&e))?;
        Ok(to_json(
            &step_views(self.game.as_ref(), state, &steps),
            "[]",
        ))
    }

    /// The steps of move number `ply` (from 1) as it was made, as JSON `[{step, role,
    /// name}]`: the cells the page marks as the last move, without drawing its boards.
    pub fn played_steps(&self, ply: usize) -> Result<String, JsError> {
        self.try_played_steps(ply).map_err(js_error)
    }

    /// [`Session::played_steps`] with the error as text.
    pub fn try_played_steps(&self, ply: usize) -> Result<String, String> {
        let (before, steps) = self.played_move(ply)?;
        Ok(to_json(
            &step_views(self.game.as_ref(), before, &steps),
            "[]",
        ))
    }

    /// The path of move number `ply` (from 1) as the game draws it ([`DynState::move_path`]),
    /// as JSON `["col,row", ...]`: the cells the page joins with a line to mark the last move.
    /// It follows what the move did (a kick's ball through its pivots, a chain from tower to
    /// tower, a push to where the farthest pushed tower lands), which the cells clicked do not.
    pub fn played_path(&self, ply: usize) -> Result<String, JsError> {
        self.try_played_path(ply).map_err(js_error)
    }

    /// [`Session::played_path`] with the error as text.
    pub fn try_played_path(&self, ply: usize) -> Result<String, String> {
        if ply == 0 || ply > self.played.len() {
            return Err(format!("no move number {ply}"));
        }
        let path = self.states[ply - 1]
            .move_path(&self.played[ply - 1].text)
            .map_err(|e| e.to_string())?;
        let cells: Vec<String> = path.into_iter().map(|p| step_text(Step::Cell(p))).collect();
        Ok(to_json(&cells, "[]"))
    }

    /// Plays a move given in the game's notation; returns its canonical text. An illegal or
    /// unreadable move is an error saying why, and changes nothing.
    pub fn play(&mut self, mv: &str) -> Result<String, JsError> {
        self.try_play(mv).map_err(js_error)
    }

    /// [`Session::play`] with the error as text.
    pub fn try_play(&mut self, mv: &str) -> Result<String, String> {
        let before = self.state();
        let mut next = before.clone_box();
        let played = next
            .play(mv)
            .map_err(|e| move_error_words(self.game.as_ref(), &e))?;
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
    /// Web Worker's [`computer_move`](crate::computer_move).
    #[must_use]
    pub fn snapshot(&self) -> String {
        self.state().snapshot_json()
    }

    /// Every position's snapshot from the start to now, as a JSON array of
    /// [`Session::snapshot`]'s objects: the positions a Web Worker analyses one by one
    /// ([`analyse_position`](crate::analyse_position)).
    #[must_use]
    pub fn snapshots(&self) -> String {
        let all: Vec<serde_json::Value> = self
            .states
            .iter()
            .map(|s| serde_json::from_str(&s.snapshot_json()).unwrap_or_default())
            .collect();
        serde_json::Value::Array(all).to_string()
    }

    /// The options in force as a JSON object, for a Web Worker's
    /// [`computer_move`](crate::computer_move).
    #[must_use]
    pub fn options(&self) -> String {
        options_json(&self.options)
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
