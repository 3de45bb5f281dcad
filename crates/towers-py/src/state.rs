//! A game state for Python: the engine's turn over the position at its start (the steps of
//! the turn so far, and with each whole move the next turn), and the positions before each
//! whole move (for `undo` and `history`).

use std::sync::Arc;

use board_kernel::erased::{DynMove, DynState, DynTurn};
use board_kernel::picture::{Mark, Rgb, SvgStyle};
use board_kernel::steps::{Step, StepError};
use board_kernel::{Illegal, MoveError, Side, Status};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyTuple};
use tower_games::record::{Record, option_pairs};

use crate::actions::player_of;
use crate::arrays::{self, Dtype};
use crate::{Core, Game, IllegalMoveError};

/// OpenSpiel's id of the player at a terminal state.
const TERMINAL_PLAYER: i64 = -4;

/// A position of a game, with the turn in progress.
#[pyclass(module = "tower_games")]
pub(crate) struct State {
    core: Arc<Core>,
    /// The engine's turn: the position at its start, the steps so far and what may come
    /// next (one listing of the legal moves a turn, narrowed step by step). A whole move
    /// moves it on to the next turn without copying the position.
    turn: Box<dyn DynTurn>,
    /// Whether the game is over at the start of the turn, kept: every action asks.
    finished: bool,
    /// The actions of the steps that may come next, ascending.
    actions: Vec<usize>,
    /// The same actions as bits (bit `a % 64` of word `a / 64`), in which the next list is
    /// sorted and an action is looked up; all zero but for `actions`.
    offered: Vec<u64>,
    /// The board after the steps, when there are some (made when first asked).
    board: Option<Box<dyn DynState>>,
    /// The whole moves played, the last first, shared between clones.
    history: Option<Arc<Played>>,
}

/// A whole move played, with the position before it: a list shared between a state and its
/// clones, so that cloning a state deep into a game copies no earlier positions.
struct Played {
    before: Box<dyn DynState>,
    /// The move, written out in notation when asked for.
    mv: DynMove,
    earlier: Option<Arc<Played>>,
}

impl State {
    /// The moves played, the last first.
    fn played(&self) -> impl Iterator<Item = &Played> {
        std::iter::successors(self.history.as_deref(), |p| p.earlier.as_deref())
    }

    fn remember(&mut self, before: Box<dyn DynState>, mv: DynMove) {
        let earlier = self.history.take();
        self.history = Some(Arc::new(Played {
            before,
            mv,
            earlier,
        }));
    }
}

fn illegal(message: impl Into<String>) -> PyErr {
    IllegalMoveError::new_err(message.into())
}

/// A move the engine would not play, as `IllegalMoveError`: the message in a player's words,
/// citing the rule book's section (``illegal move `a8-a7`: the required tower is the green one
/// on g8 (rule 1.2, Which tower moves)``; an unreadable text says what is wrong with it), and for a move
/// that breaks a rule the attributes `rule` (the specification's id, `§4.2`) and `section`
/// (the rule book's section that states it: `number`, `title`, `anchor`, `citation`).
fn refused(core: &Core, error: &MoveError) -> PyErr {
    let err = illegal(core.game.move_error_text(error));
    let MoveError::Illegal {
        illegal: Illegal::Breaks { rule, .. },
        ..
    } = error
    else {
        return err;
    };
    let cited = Python::attach(|py| -> PyResult<()> {
        let value = err.value(py);
        value.setattr("rule", *rule)?;
        if let Some(section) = core.game.rule_citation(rule) {
            let fields = PyDict::new(py);
            fields.set_item("citation", section.citation())?;
            fields.set_item("number", section.number)?;
            fields.set_item("title", section.title)?;
            fields.set_item("anchor", section.anchor)?;
            value.setattr("section", fields)?;
        }
        Ok(())
    });
    match cited {
        Ok(()) => err,
        Err(failed) => failed,
    }
}

/// The element type asked for an observation: `uint8` levels or `float32` values.
fn observation_dtype(dtype: &str) -> PyResult<Dtype> {
    match dtype {
        "uint8" | "u1" => Ok(Dtype::U8),
        "float32" | "f4" => Ok(Dtype::F32),
        other => Err(PyValueError::new_err(format!(
            "an observation's dtype is \"uint8\" (levels) or \"float32\" (values), not {}",
            board_kernel::excerpt(other)
        ))),
    }
}

impl State {
    pub(crate) fn new(core: Arc<Core>, base: Box<dyn DynState>) -> State {
        State::of_turn(core, base.into_turn(), None)
    }

    fn of_turn(core: Arc<Core>, turn: Box<dyn DynTurn>, history: Option<Arc<Played>>) -> State {
        let mut state = State {
            core: core.clone(),
            turn,
            finished: false,
            actions: Vec::new(),
            offered: vec![0; core.actions.count().div_ceil(64)],
            board: None,
            history,
        };
        state.started();
        state
    }

    /// Takes in a new start of the turn.
    fn started(&mut self) {
        self.finished = self.turn.start().status().is_finished();
        self.stepped();
    }

    /// Takes in the turn's new steps.
    fn stepped(&mut self) {
        self.board = None;
        for &a in &self.actions {
            self.offered[a / 64] = 0;
        }
        self.actions.clear();
        if self.finished {
            return;
        }
        // The steps come in the order of `Step` (column first), the actions row first: the
        // bits put them in order with no sort.
        let actions = &self.core.actions;
        for t in self.turn.next() {
            let a = actions.of(t.step);
            self.offered[a / 64] |= 1 << (a % 64);
        }
        for (word, &bits) in self.offered.iter().enumerate() {
            let mut rest = bits;
            while rest != 0 {
                self.actions
                    .push(word * 64 + rest.trailing_zeros() as usize);
                rest &= rest - 1;
            }
        }
    }

    /// Builds a state of `core` around a turn (a batch's game), with no moves behind it.
    pub(crate) fn from_turn(core: Arc<Core>, turn: Box<dyn DynTurn>) -> State {
        State::of_turn(core, turn, None)
    }

    /// The observation of the turn so far as an array of `dtype` (levels or values).
    fn observe<'py>(&self, py: Python<'py>, dtype: Dtype) -> PyResult<Bound<'py, PyAny>> {
        let (planes, rows, columns) = self.core.shape();
        let shape = [planes, rows, columns];
        match dtype {
            Dtype::F32 => {
                let mut levels = vec![0; self.core.spec.len()];
                self.turn.observe(&mut levels);
                arrays::make(py, Dtype::F32, &shape, |out| {
                    arrays::levels_to_f32(&levels, rows * columns, &self.core.factors, out);
                })
            }
            _ => arrays::make(py, Dtype::U8, &shape, |out| self.turn.observe(out)),
        }
    }

    /// Checks a player number given from Python (0 or 1).
    fn check_player(player: Option<&Bound<'_, PyAny>>) -> PyResult<Option<usize>> {
        player.map(player_of).transpose()
    }

    /// The game record of the whole moves played since this state's line began.
    fn to_record(&self, white: &str, black: &str, seed: u64) -> Record {
        let start = self.played().last().map_or(self.base(), |p| &*p.before);
        let initial = self.core.game.initial_state();
        let position = (start.position_text() != initial.position_text()
            || start.snapshot_json() != initial.snapshot_json())
        .then(|| start.position_text());
        Record {
            game: self.core.game.name().to_owned(),
            options: self
                .core
                .options
                .iter()
                .map(|(k, v)| format!("{k}={v}"))
                .collect(),
            position,
            white: white.to_owned(),
            black: black.to_owned(),
            seed,
            moves: self.history(),
            result: match self.base().status() {
                Status::Finished(result) => Some(result),
                Status::Ongoing => None,
            },
            forfeit: None,
        }
    }

    /// Whether the step of `action` may come next.
    fn offers(&self, action: usize) -> bool {
        self.offered
            .get(action / 64)
            .is_some_and(|bits| bits >> (action % 64) & 1 != 0)
    }

    fn finished(&self) -> bool {
        self.finished
    }

    fn steps(&self) -> &[Step] {
        self.turn.steps()
    }

    /// The steps that may come next, in the engine's order.
    fn next(&self) -> Vec<Step> {
        if self.finished {
            return Vec::new();
        }
        self.turn.next().iter().map(|t| t.step).collect()
    }

    /// The board as the turn so far leaves it.
    fn board(&mut self) -> &dyn DynState {
        if self.steps().is_empty() {
            return self.turn.start();
        }
        if self.board.is_none() {
            self.board = Some(self.turn.board());
        }
        match self.board.as_deref() {
            Some(board) => board,
            None => self.turn.start(),
        }
    }

    fn step_names(&self) -> Vec<String> {
        self.steps()
            .iter()
            .map(|s| self.core.actions.step_name(*s))
            .collect()
    }

    fn copy(&self) -> State {
        State {
            core: self.core.clone(),
            turn: self.turn.clone(),
            finished: self.finished,
            actions: self.actions.clone(),
            offered: self.offered.clone(),
            board: None,
            history: self.history.clone(),
        }
    }

    /// Plays the step of `action`; on error nothing changes.
    pub(crate) fn play_action(&mut self, action: &Bound<'_, PyAny>) -> PyResult<()> {
        let step = self.core.actions.step_of(action)?.map_err(illegal)?;
        if self.finished {
            return Err(illegal(StepError::GameOver.to_string()));
        }
        if !self.offers(self.core.actions.of(step)) {
            let so_far = if self.steps().is_empty() {
                "as the first step of the turn".to_owned()
            } else {
                format!("after {}", self.step_names().join(" "))
            };
            return Err(illegal(format!(
                "action {action} ({}) is not legal {so_far}: no legal turn goes on with it",
                self.core.actions.step_name(step)
            )));
        }
        // Offered steps always go on; kept as an error rather than a panic.
        self.turn.push(step).map_err(|e| illegal(e.to_string()))?;
        match self.turn.advance() {
            Some((before, mv)) => {
                self.remember(before, mv);
                self.started();
            }
            None => self.stepped(),
        }
        Ok(())
    }

    /// Plays the whole move `text`; on error nothing changes.
    pub(crate) fn play_move(&mut self, text: &str) -> PyResult<String> {
        if !self.steps().is_empty() {
            return Err(illegal(format!(
                "a turn is in progress ({}): finish it with actions or take it back with undo() first",
                self.step_names().join(" ")
            )));
        }
        let before = self.turn.start().clone_box();
        let mut after = before.clone_box();
        let played = after.play(text).map_err(|e| refused(&self.core, &e))?;
        self.turn = after.into_turn();
        self.remember(before, Box::new(played.clone()));
        self.started();
        Ok(played)
    }

    pub(crate) fn side(&self) -> Side {
        self.turn.start().side_to_move()
    }

    pub(crate) fn core(&self) -> &Arc<Core> {
        &self.core
    }

    pub(crate) fn base(&self) -> &dyn DynState {
        self.turn.start()
    }

    pub(crate) fn in_turn(&self) -> bool {
        !self.steps().is_empty()
    }

    /// `text`, followed after `separator` by the turn so far when one is in progress.
    fn with_turn(&self, text: String, separator: &str) -> String {
        if self.steps().is_empty() {
            text
        } else {
            format!(
                "{text}{separator}turn so far: {}",
                self.step_names().join(" ")
            )
        }
    }

    fn text(&self) -> String {
        self.with_turn(self.base().position_text(), " | ")
    }
}

#[pymethods]
impl State {
    /// The game this state belongs to.
    #[getter]
    fn game(&self) -> Game {
        Game {
            core: self.core.clone(),
        }
    }

    /// The player to move, 0 (the first side) or 1; −4 once the game is over (OpenSpiel's
    /// terminal id).
    fn current_player(&self) -> i64 {
        if self.finished() {
            TERMINAL_PLAYER
        } else {
            self.side().index() as i64
        }
    }

    /// Whether the game is over.
    fn is_terminal(&self) -> bool {
        self.finished()
    }

    /// Each player's return: `[1.0, -1.0]` for a win by player 0, `[0.0, 0.0]` for a draw
    /// and while the game goes on.
    fn returns(&self) -> [f64; 2] {
        match self.base().status() {
            Status::Finished(result) => match result.winner {
                Some(Side::White) => [1.0, -1.0],
                Some(Side::Black) => [-1.0, 1.0],
                None => [0.0, 0.0],
            },
            Status::Ongoing => [0.0, 0.0],
        }
    }

    /// The players' points in games that keep them, else `None`.
    fn scores(&self) -> Option<[i64; 2]> {
        self.base().scores().map(|s| [s.white, s.black])
    }

    /// Whose turn it is or how the game ended, in one line for people.
    fn status(&self) -> String {
        self.base().describe_status()
    }

    /// The legal whole turns in the game's notation, from the position at the start of the
    /// turn in progress.
    fn legal_moves(&self) -> Vec<String> {
        self.base().legal_moves()
    }

    /// Plays a whole turn given in notation and returns its canonical text. An illegal or
    /// unreadable move raises `IllegalMoveError` (citing the rule book's section) and changes
    /// nothing.
    fn apply_move(&mut self, text: &str) -> PyResult<String> {
        self.play_move(text)
    }

    /// The whole turn `text` (notation), legal in the position at the start of the turn in
    /// progress, in the rule book's words: which piece goes where and what the move does on
    /// the way (what it captures, which towers a push moves and where each lands, a kick's
    /// path, a chain segment by segment), as the playground's move list and `towers show`
    /// say it: `Sumo green tower f6 → f5, pushing White's purple tower f5 → f4 (blue)`. No
    /// side's name. An illegal or unreadable move raises `IllegalMoveError` (citing the rule
    /// book's section); nothing is played.
    fn describe_move(&self, text: &str) -> PyResult<String> {
        self.base()
            .describe_move(text)
            .map_err(|e| refused(&self.core, &e))
    }

    /// The legal actions, ascending (none for the player not to move; a player other than
    /// 0 and 1 raises `ValueError`).
    #[pyo3(signature = (player = None))]
    fn legal_actions<'py>(
        &self,
        py: Python<'py>,
        player: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyList>> {
        let player = State::check_player(player)?;
        if self.finished || player.is_some_and(|p| p != self.side().index()) {
            return Ok(PyList::empty(py));
        }
        PyList::new(py, &self.actions)
    }

    /// The legal actions as a numpy bool array over all `num_distinct_actions()`.
    #[pyo3(signature = (player = None))]
    fn legal_action_mask<'py>(
        &self,
        py: Python<'py>,
        player: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let player = State::check_player(player)?;
        let count = self.core.actions.count();
        let offered = !self.finished && player.is_none_or(|p| p == self.side().index());
        arrays::make(py, Dtype::Bool, &[count], |mask| {
            if offered {
                for &a in &self.actions {
                    mask[a] = 1;
                }
            }
        })
    }

    /// Plays one step of the turn. An action the rules do not allow here raises
    /// `IllegalMoveError` and changes nothing.
    fn apply_action(&mut self, action: &Bound<'_, PyAny>) -> PyResult<()> {
        self.play_action(action)
    }

    /// The action's name: a cell's square name (`d4`), a choice (`pass`), `finish`. Takes
    /// `(action)` or OpenSpiel's `(player, action)`, where the player is 0 or 1.
    #[pyo3(signature = (first, second = None))]
    fn action_to_string(
        &self,
        first: &Bound<'_, PyAny>,
        second: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<String> {
        match second {
            Some(action) => {
                player_of(first)?;
                self.core.actions.name(action)
            }
            None => self.core.actions.name(first),
        }
    }

    /// The action a name stands for. Takes `(text)` or OpenSpiel's `(player, text)`, where
    /// the player is 0 or 1.
    #[pyo3(signature = (first, second = None))]
    fn string_to_action(&self, first: &Bound<'_, PyAny>, second: Option<&str>) -> PyResult<usize> {
        match second {
            Some(text) => {
                player_of(first)?;
                self.core.actions.parse(text)
            }
            None => self.core.actions.parse(&first.extract::<String>()?),
        }
    }

    /// The actions that play the whole move `text` from the start of a turn: what a
    /// learner's sequence for that move is. Fails like `apply_move` on an illegal move.
    fn move_to_actions(&self, text: &str) -> PyResult<Vec<usize>> {
        let steps = self
            .base()
            .move_steps(text)
            .map_err(|e| refused(&self.core, &e))?;
        // The steps end with the finish where they also begin a longer move (Tower of
        // Power's a1-a2): `move_steps` adds it, so each step is one action.
        Ok(steps.iter().map(|t| self.core.actions.of(t.step)).collect())
    }

    /// The actions of the turn in progress so far.
    fn turn_actions(&self) -> Vec<usize> {
        self.steps()
            .iter()
            .map(|s| self.core.actions.of(*s))
            .collect()
    }

    /// The observation as values: float32 planes of shape
    /// `Game.observation_tensor_shape()`, each byte level of `observation()` divided by its
    /// plane's scale (so in `[0, 1]`). The game's own encoder sees the turn so far from the
    /// side to move; the games have no hidden information, so `player` (0 or 1, checked)
    /// changes nothing.
    #[pyo3(signature = (player = None))]
    fn observation_tensor<'py>(
        &self,
        py: Python<'py>,
        player: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        State::check_player(player)?;
        self.observe(py, Dtype::F32)
    }

    /// The observation in its compact form: `uint8` levels of shape
    /// `Game.observation_tensor_shape()` (plane `p`'s value is `level / scale[p]`,
    /// `Game.observation_scales()`), or with `dtype="float32"` the values, as
    /// `observation_tensor()`. `player` as there.
    #[pyo3(signature = (dtype = "uint8", player = None))]
    fn observation<'py>(
        &self,
        py: Python<'py>,
        dtype: &str,
        player: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        State::check_player(player)?;
        self.observe(py, observation_dtype(dtype)?)
    }

    /// The one-line position text of the position at the start of the turn in progress.
    fn position(&self) -> String {
        self.base().position_text()
    }

    /// The position text, and the turn so far when one is in progress.
    #[pyo3(name = "str")]
    fn str_(&self) -> String {
        self.text()
    }

    fn __str__(&self) -> String {
        self.text()
    }

    fn __repr__(&self) -> String {
        format!("<{} state {}>", self.core.game.name(), self.text())
    }

    /// The state's snapshot as JSON: the position and its repetition history
    /// (`Game.state_from_snapshot` reads it back).
    fn snapshot(&self) -> String {
        self.base().snapshot_json()
    }

    /// The board as text for people, over several lines.
    fn diagram(&self) -> String {
        self.with_turn(self.base().diagram(), "\n")
    }

    /// The position as a standalone SVG picture: the last move marked, or the turn so far
    /// with the cells it may go on to.
    fn svg(&mut self) -> String {
        let mut marks = Vec::new();
        if self.steps().is_empty() {
            if let Some(last) = self.played().next() {
                marks = last
                    .before
                    .move_marks(&last.mv.to_string())
                    .unwrap_or_default();
            }
        } else {
            let next = self.next();
            for step in self.steps() {
                if let Step::Cell(at) = step {
                    marks.push(Mark::Highlight {
                        at: *at,
                        colour: Rgb::HIGHLIGHT,
                    });
                }
            }
            for step in next {
                if let Step::Cell(at) = step {
                    marks.push(Mark::Target { at });
                }
            }
        }
        self.board().svg(&marks, &SvgStyle::default())
    }

    /// The board as an RGB image, a numpy uint8 array of shape `(rows * cell, columns * cell,
    /// 3)` (PettingZoo's `rgb_array`).
    #[pyo3(signature = (cell = 32))]
    fn rgb_array<'py>(&mut self, py: Python<'py>, cell: usize) -> PyResult<Bound<'py, PyAny>> {
        if !(1..=256).contains(&cell) {
            return Err(PyValueError::new_err(format!(
                "cell must be 1 to 256 pixels, not {cell}"
            )));
        }
        let (height, width, bytes) = crate::raster::rgb(&self.board().picture(), cell);
        arrays::make(py, Dtype::U8, &[height, width, 3], |out| {
            out.copy_from_slice(&bytes);
        })
    }

    /// Jupyter's rich display: the board as SVG.
    fn _repr_svg_(&mut self) -> String {
        self.svg()
    }

    /// A copy with its own history.
    fn clone(&self) -> State {
        self.copy()
    }

    fn __copy__(&self) -> State {
        self.copy()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> State {
        self.copy()
    }

    /// Takes back the turn in progress if there is one, else the last whole move; returns
    /// the move taken back (`None` for a turn in progress). Raises `ValueError` when there is
    /// nothing to take back.
    fn undo(&mut self) -> PyResult<Option<String>> {
        if !self.steps().is_empty() {
            self.turn.restart();
            self.stepped();
            return Ok(None);
        }
        let last = self
            .history
            .take()
            .ok_or_else(|| PyValueError::new_err("nothing to undo: no move has been played"))?;
        self.turn = last.before.clone().into_turn();
        self.history = last.earlier.clone();
        self.started();
        Ok(Some(last.mv.to_string()))
    }

    /// The position's 64-bit key, told apart by the turn in progress.
    fn key(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let key = self.base().key();
        if self.steps().is_empty() {
            return key;
        }
        let mut h = std::collections::hash_map::DefaultHasher::new();
        self.steps().hash(&mut h);
        key ^ h.finish()
    }

    /// The game record of this state's line as JSON, in the format `towers replay` reads
    /// (and `tower_games.replay`): the game, its options, the start position when it is not
    /// the initial one, the seats' names, the seed, the whole moves played and the result
    /// (`null` while the game goes on). A turn in progress is not part of it.
    #[pyo3(signature = (white = "python", black = "python", seed = 0))]
    fn record(&self, white: &str, black: &str, seed: u64) -> PyResult<String> {
        let record = self.to_record(white, black, seed);
        record.check_seats().map_err(PyValueError::new_err)?;
        serde_json::to_string_pretty(&record).map_err(|e| PyValueError::new_err(e.to_string()))
    }

    /// The whole moves played since this state's line began, in notation.
    fn history(&self) -> Vec<String> {
        let mut moves: Vec<String> = self.played().map(|p| p.mv.to_string()).collect();
        moves.reverse();
        moves
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        match other.cast::<State>() {
            Ok(other) => match other.try_borrow() {
                Ok(other) => {
                    self.core.game.name() == other.core.game.name()
                        && self.core.options == other.core.options
                        && self.steps() == other.steps()
                        && self.base().snapshot_json() == other.base().snapshot_json()
                }
                // The same object, borrowed mutably elsewhere: equal to itself.
                Err(_) => true,
            },
            Err(_) => false,
        }
    }

    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let restore = py
            .import("tower_games._native")?
            .getattr("_restore_state")?;
        let start = self
            .played()
            .last()
            .map_or_else(|| self.base().snapshot_json(), |p| p.before.snapshot_json());
        let args = (
            self.game(),
            start,
            PyList::new(py, self.history())?,
            self.turn_actions(),
        );
        (restore, args).into_pyobject(py)
    }
}

impl Drop for State {
    /// Frees the moves no clone shares one by one: dropping a long list recursively could
    /// overflow the stack.
    fn drop(&mut self) {
        let mut next = self.history.take();
        while let Some(node) = next {
            match Arc::try_unwrap(node) {
                Ok(mut played) => next = played.earlier.take(),
                Err(_) => break,
            }
        }
    }
}

/// A state from its pickle: the start's snapshot, the moves since and the turn so far.
#[pyfunction]
pub(crate) fn _restore_state(
    game: &Game,
    start: &str,
    moves: Vec<String>,
    actions: Vec<Bound<'_, PyAny>>,
) -> PyResult<State> {
    let base = game
        .core
        .game
        .restore_json(start)
        .map_err(|e| PyValueError::new_err(e.to_string()))?;
    let mut state = State::new(game.core.clone(), base);
    for mv in &moves {
        state.play_move(mv)?;
    }
    for a in &actions {
        state.play_action(a)?;
    }
    Ok(state)
}

/// The state a game record (`State.record()`, `towers play --record`) ends in, every move
/// checked and the recorded result compared with the game's, as `towers replay` does; its
/// `history()` is the record's moves. A record that does not read or replay raises
/// `ValueError` with the reason.
#[pyfunction]
pub(crate) fn replay(json: &str) -> PyResult<State> {
    let record = Record::from_json(json).map_err(PyValueError::new_err)?;
    record.verify().map_err(PyValueError::new_err)?;
    let pairs = option_pairs(&record.options).map_err(PyValueError::new_err)?;
    let game = Game::build(&record.game, &pairs)?;
    let start = match &record.position {
        Some(text) => game
            .core
            .game
            .parse_position(text)
            .map_err(|e| PyValueError::new_err(e.to_string()))?,
        None => game.core.game.initial_state(),
    };
    let mut state = State::new(game.core.clone(), start);
    for mv in &record.moves {
        state.play_move(mv)?;
    }
    Ok(state)
}
