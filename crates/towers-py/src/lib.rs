//! The Python extension module `tower_games._native`: every registered game through the
//! registry's type-erased face (`board_kernel::erased`), so that a newly registered game is
//! playable from Python with no binding code of its own. The pure-Python package around it
//! (`python/tower_games`) adds `load_game`'s string form and the OpenSpiel and PettingZoo
//! adapters.
//!
//! A whole turn is played as the steps of `board_kernel::steps` (cells of the game's grid,
//! named choices, finish), numbered as integer actions (`actions.rs`, the kernel's
//! `ActionSpace`). The state keeps the engine's answer for the turn so far, so each action asks
//! the engine once. Observations are the game's own encoder (`board_kernel::observe`), and
//! `Batch` (`batch.rs`) steps many games in one call for `tower_games.vector`.

use std::sync::Arc;

use board_kernel::ParseError;
use board_kernel::erased::{DynGame, DynState};
use board_kernel::observe::ObservationSpec;
use pyo3::create_exception;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};

mod actions;
mod arrays;
mod batch;
mod native;
mod raster;
mod state;

use actions::Actions;
use state::State;

create_exception!(
    tower_games,
    IllegalMoveError,
    PyValueError,
    "A move or action the rules do not allow here; the message gives the rule's reason, citing the rule book's section (`rule 1.2, Which tower moves`). The state is unchanged. A move that breaks a rule has `rule`, the rule's id in the implementers' specification (`§4.2`), and `section`, the rule book's section that states it (a dict of `number`, `title`, `anchor` and `citation`); both are None otherwise."
);

/// A game with its options fixed, shared by its states.
pub(crate) struct Core {
    /// The engine.
    pub(crate) game: Box<dyn DynGame>,
    /// The options in force, as `KEY=VALUE` texts (every option, defaults included).
    pub(crate) options: Vec<(String, String)>,
    /// How steps are numbered, and their names.
    pub(crate) actions: Actions,
    /// The game's own observation planes (`board_kernel::observe::Observe`).
    pub(crate) spec: ObservationSpec,
    /// Each plane's factor from a byte level to its value (`1 / scale`).
    pub(crate) factors: Vec<f32>,
}

impl Core {
    /// `(planes, rows, columns)` of an observation.
    pub(crate) fn shape(&self) -> (usize, usize, usize) {
        (self.spec.planes.len(), self.spec.rows, self.spec.columns)
    }
}

/// A game with its options: makes states and says the sizes a learner needs.
#[pyclass(frozen, module = "tower_games")]
pub(crate) struct Game {
    pub(crate) core: Arc<Core>,
}

impl Game {
    /// Builds `name` with `pairs` through the registry.
    pub(crate) fn build(name: &str, pairs: &[(String, String)]) -> PyResult<Game> {
        let game = tower_games::registry::build(name, pairs)
            .map_err(|e| PyValueError::new_err(e.to_string()))?;
        let options = game
            .option_values()
            .into_iter()
            .map(|(k, v)| (k.to_owned(), v))
            .collect();
        let picture = game.initial_state().picture();
        let actions = Actions::new(game.action_space(), &picture, game.choices());
        let spec = game.observation_spec();
        let factors = spec.factors();
        Ok(Game {
            core: Arc::new(Core {
                game,
                options,
                actions,
                spec,
                factors,
            }),
        })
    }
}

impl Game {
    /// A state of this game from a parsed position; a parse error is a `ValueError`.
    fn state(&self, parsed: Result<Box<dyn DynState>, ParseError>) -> PyResult<State> {
        let state = parsed.map_err(|e| PyValueError::new_err(e.to_string()))?;
        Ok(State::new(self.core.clone(), state))
    }
}

/// An option value as Python reads it: `on`/`off` as booleans, whole numbers as ints.
fn option_value<'py>(py: Python<'py>, text: &str) -> PyResult<Bound<'py, PyAny>> {
    Ok(match text {
        "on" => true.into_pyobject(py)?.to_owned().into_any(),
        "off" => false.into_pyobject(py)?.to_owned().into_any(),
        _ => match text.parse::<i64>() {
            Ok(n) => n.into_pyobject(py)?.into_any(),
            Err(_) => text.into_pyobject(py)?.into_any(),
        },
    })
}

/// An option value given from Python as the engine's text: booleans as `on`/`off`.
pub(crate) fn option_text(value: &Bound<'_, PyAny>) -> PyResult<String> {
    if let Ok(b) = value.cast::<pyo3::types::PyBool>() {
        return Ok(if b.is_true() { "on" } else { "off" }.to_owned());
    }
    if value.is_instance_of::<pyo3::types::PyInt>() {
        // Any size: the engine says when it is out of range.
        return Ok(value.str()?.to_string());
    }
    if let Ok(s) = value.extract::<String>() {
        return Ok(s);
    }
    Err(PyTypeError::new_err(format!(
        "an option value must be a bool, an int or a str, not {}",
        value.get_type().name()?
    )))
}

#[pymethods]
impl Game {
    /// The registry name (`kamisado`).
    #[getter]
    fn name(&self) -> &'static str {
        self.core.game.name()
    }

    /// The title for people (`Queens' Courtiers`).
    #[getter]
    fn title(&self) -> &'static str {
        self.core.game.title()
    }

    /// Every option in force, defaults included: `on`/`off` as bools, numbers as ints.
    fn options<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let dict = PyDict::new(py);
        for (k, v) in &self.core.options {
            dict.set_item(k, option_value(py, v)?)?;
        }
        Ok(dict)
    }

    /// The options' documentation: key, values, default and meaning of each.
    fn option_info<'py>(&self, py: Python<'py>) -> PyResult<Vec<Bound<'py, PyDict>>> {
        self.core
            .game
            .option_info()
            .iter()
            .map(|info| {
                let dict = PyDict::new(py);
                dict.set_item("key", info.key)?;
                dict.set_item("aliases", info.aliases.to_vec())?;
                dict.set_item("values", info.values)?;
                dict.set_item("default", option_value(py, &info.default)?)?;
                dict.set_item("meaning", info.meaning)?;
                Ok(dict)
            })
            .collect()
    }

    /// The game's named choices, in action order after the cells (`pass`, `fill-L`).
    fn choices(&self) -> Vec<&'static str> {
        self.core.game.choices().to_vec()
    }

    /// The initial position.
    fn new_initial_state(&self) -> State {
        State::new(self.core.clone(), self.core.game.initial_state())
    }

    /// A position from its one-line text; a text that does not read raises `ValueError`
    /// with the parser's reason.
    fn state_from_position(&self, text: &str) -> PyResult<State> {
        self.state(self.core.game.parse_position(text))
    }

    /// A state from its snapshot (`State.snapshot()`): the position and the repetition
    /// history.
    fn state_from_snapshot(&self, json: &str) -> PyResult<State> {
        self.state(self.core.game.restore_json(json))
    }

    /// The number of players: 2.
    fn num_players(&self) -> usize {
        2
    }

    /// The number of integer actions: one per cell of the picture grid, one per named
    /// choice, and the finish.
    fn num_distinct_actions(&self) -> usize {
        self.core.actions.count()
    }

    /// The grid's `(columns, rows)`: a cell action is `row * columns + column`.
    fn grid(&self) -> (usize, usize) {
        (self.core.actions.columns, self.core.actions.rows)
    }

    /// The shape of `State.observation_tensor()` and `State.observation()`:
    /// `(planes, rows, columns)`.
    fn observation_tensor_shape(&self) -> (usize, usize, usize) {
        self.core.shape()
    }

    /// What each observation plane shows, in order, in the game's own words.
    fn observation_planes(&self) -> Vec<String> {
        self.core
            .spec
            .planes
            .iter()
            .map(|p| p.name.to_string())
            .collect()
    }

    /// Each plane's scale: the byte level of `State.observation()` that stands for 1, so
    /// that the plane's value is `level / scale` (what `observation_tensor()` holds).
    fn observation_scales(&self) -> Vec<u32> {
        self.core
            .spec
            .planes
            .iter()
            .map(|p| u32::from(p.scale))
            .collect()
    }

    /// The most actions a game from the initial position can take under these options
    /// (`max_game_plies()` times the most steps a turn takes), or `None` when an option
    /// turns the game's length limit off.
    fn max_game_length(&self) -> Option<u64> {
        self.core
            .game
            .max_turns()?
            .checked_mul(self.core.game.max_turn_steps()?)
    }

    /// The most whole turns a game from the initial position can take, or `None`.
    fn max_game_plies(&self) -> Option<u64> {
        self.core.game.max_turns()
    }

    /// The action's name: a cell's square name (`d4`), a choice's name (`pass`), `finish`.
    fn action_to_string(&self, action: &Bound<'_, PyAny>) -> PyResult<String> {
        self.core.actions.name(action)
    }

    /// The action a name stands for (the inverse of `action_to_string`).
    fn string_to_action(&self, text: &str) -> PyResult<usize> {
        self.core.actions.parse(text)
    }

    fn __repr__(&self) -> String {
        let options: Vec<String> = self
            .core
            .options
            .iter()
            .map(|(k, v)| format!("{k}={v}"))
            .collect();
        format!("{}({})", self.core.game.name(), options.join(","))
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other.cast::<Game>().is_ok_and(|g| {
            let g = g.get();
            g.core.game.name() == self.core.game.name() && g.core.options == self.core.options
        })
    }

    fn __hash__(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        self.core.game.name().hash(&mut h);
        self.core.options.hash(&mut h);
        h.finish()
    }

    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let load = py.import("tower_games._native")?.getattr("_load")?;
        let args = (self.core.game.name(), self.core.options.clone());
        (load, args).into_pyobject(py)
    }
}

/// The registered games' names.
#[pyfunction]
fn game_names() -> Vec<&'static str> {
    tower_games::registry::names().to_vec()
}

/// The game `name` with `KEY=VALUE` options (the engine's texts).
#[pyfunction]
fn _load(name: &str, options: Vec<(String, String)>) -> PyResult<Game> {
    Game::build(name, &options)
}

/// The game `name` with options from Python values.
#[pyfunction]
fn _load_values(name: &str, options: &Bound<'_, PyDict>) -> PyResult<Game> {
    let mut pairs = Vec::with_capacity(options.len());
    for (k, v) in options.iter() {
        pairs.push((k.extract::<String>()?, option_text(&v)?));
    }
    Game::build(name, &pairs)
}

#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let illegal = m.py().get_type::<IllegalMoveError>();
    // What a refusal that breaks no rule has (a finished game, an unreadable text, an
    // action): `state::refused` sets both on a move's refusal.
    illegal.setattr("rule", m.py().None())?;
    illegal.setattr("section", m.py().None())?;
    m.add("IllegalMoveError", illegal)?;
    m.add_class::<Game>()?;
    m.add_class::<State>()?;
    m.add_class::<native::Player>()?;
    m.add_class::<batch::Batch>()?;
    m.add_function(wrap_pyfunction!(game_names, m)?)?;
    m.add_function(wrap_pyfunction!(_load, m)?)?;
    m.add_function(wrap_pyfunction!(_load_values, m)?)?;
    m.add_function(wrap_pyfunction!(state::_restore_state, m)?)?;
    m.add_function(wrap_pyfunction!(native::playouts, m)?)?;
    m.add_function(wrap_pyfunction!(native::solve, m)?)?;
    m.add_function(wrap_pyfunction!(state::replay, m)?)?;
    Ok(())
}
