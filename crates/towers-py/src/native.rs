//! What runs in Rust at full speed with the GIL released: series of whole games between
//! computer players (`playouts`), a computer player's choice (`Player`), and the exact
//! solver (`solve`). Each reaches the game's concrete type through the registry's visitor,
//! restoring the Python state from its snapshot.

use std::sync::Mutex;
use std::time::Instant;

use board_kernel::playout::SeriesStats;
use board_kernel::{BySide, Game, Snapshot};
use game_ai::PlayerSpec;
use game_ai::arena::{SeriesConfig, run_series};
use game_ai::solver::{SolveConfig, solve_or_race};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use tower_games::registry::{self, GameVisitor};

use crate::Game as PyGame;
use crate::state::State;

/// The concrete state of `game` from a snapshot made by the same game.
fn restore<G: Game>(game: &G, snapshot: &str) -> Result<G::State, String> {
    let snapshot: Snapshot = serde_json::from_str(snapshot).map_err(|e| e.to_string())?;
    game.restore(&snapshot).map_err(|e| e.to_string())
}

fn spec(text: &str) -> PyResult<PlayerSpec> {
    text.parse()
        .map_err(|e: game_ai::SpecError| PyValueError::new_err(e.to_string()))
}

/// The game's registry name and options, from a `Game` or a name.
fn game_of(game: &Bound<'_, PyAny>) -> PyResult<(String, Vec<(String, String)>)> {
    if let Ok(g) = game.cast::<PyGame>() {
        let core = &g.get().core;
        return Ok((core.game.name().to_owned(), core.options.clone()));
    }
    let name: String = game.extract().map_err(|_| {
        pyo3::exceptions::PyTypeError::new_err("expected a tower_games.Game or a game name")
    })?;
    // Checked now, so that a bad name fails with the registry's message.
    let built = PyGame::build(&name, &[])?;
    Ok((name, built.core.options.clone()))
}

struct Series {
    specs: BySide<PlayerSpec>,
    config: SeriesConfig,
    position: Option<String>,
}

impl GameVisitor for Series {
    type Output = Result<SeriesStats, String>;
    fn visit<G: Game>(self, game: G) -> Result<SeriesStats, String> {
        let start = match &self.position {
            Some(text) => game.parse_position(text).map_err(|e| e.to_string())?,
            None => game.initial_state(),
        };
        Ok(run_series(
            &game,
            &start,
            self.specs,
            &tower_games::knowledge::knowledge(&game),
            &self.config,
            &|_| {},
        ))
    }
}

/// Plays `games` whole games in Rust between the players `white` and `black` describe
/// (`random`, `mcts:100`, `alphabeta:4`, `perfect`), on `threads` threads with the GIL
/// released, as `towers selfplay` does, and returns the series' totals.
#[pyfunction]
#[pyo3(signature = (game, games = 100, seed = 0, threads = None, white = "random", black = "random", max_plies = 20_000, position = None))]
#[allow(clippy::too_many_arguments)]
pub(crate) fn playouts<'py>(
    py: Python<'py>,
    game: &Bound<'py, PyAny>,
    games: u64,
    seed: u64,
    threads: Option<usize>,
    white: &str,
    black: &str,
    max_plies: usize,
    position: Option<String>,
) -> PyResult<Bound<'py, PyDict>> {
    let (name, options) = game_of(game)?;
    if games == 0 || games > 1_000_000_000 {
        return Err(PyValueError::new_err(format!(
            "games must be 1 to 1000000000, not {games}"
        )));
    }
    let threads = match threads {
        Some(t @ 1..=256) => t,
        Some(t) => {
            return Err(PyValueError::new_err(format!(
                "threads must be 1 to 256, not {t}"
            )));
        }
        None => std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get),
    };
    let series = Series {
        specs: BySide::new(spec(white)?, spec(black)?),
        config: SeriesConfig {
            games,
            seed,
            threads,
            max_plies,
            stop: game_ai::arena::StopFlag::NONE,
        },
        position,
    };
    let started = Instant::now();
    let stats = py
        .detach(|| registry::visit(&name, &options, series))
        .map_err(|e| PyValueError::new_err(e.to_string()))?
        .map_err(PyValueError::new_err)?;
    let seconds = started.elapsed().as_secs_f64();
    let dict = PyDict::new(py);
    dict.set_item("games", stats.games)?;
    dict.set_item("wins", [stats.wins.white, stats.wins.black])?;
    dict.set_item("draws", stats.draws)?;
    dict.set_item("unfinished", stats.unfinished)?;
    dict.set_item("total_plies", stats.total_plies)?;
    dict.set_item("max_plies", stats.max_plies)?;
    dict.set_item(
        "total_score",
        [stats.total_score.white, stats.total_score.black],
    )?;
    dict.set_item("seconds", seconds)?;
    dict.set_item(
        "plies_per_second",
        stats.total_plies as f64 / seconds.max(1e-9),
    )?;
    Ok(dict)
}

/// A player for one concrete game, behind an object.
trait ErasedPlayer: Send {
    /// The move for the state with this snapshot, in notation; `None` when the game is over.
    fn choose(&mut self, snapshot: &str) -> Result<Option<String>, String>;
    /// The last search's account.
    fn report(&self) -> Option<String>;
}

struct PlayerFor<G: Game> {
    game: G,
    player: Box<dyn game_ai::Player<G>>,
}

impl<G: Game> ErasedPlayer for PlayerFor<G> {
    fn choose(&mut self, snapshot: &str) -> Result<Option<String>, String> {
        let state = restore(&self.game, snapshot)?;
        Ok(self
            .player
            .choose(&self.game, &state)
            .map(|mv| mv.to_string()))
    }
    fn report(&self) -> Option<String> {
        self.player.report()
    }
}

struct MakePlayer {
    spec: PlayerSpec,
    seed: u64,
}

impl GameVisitor for MakePlayer {
    type Output = Box<dyn ErasedPlayer>;
    fn visit<G: Game>(self, game: G) -> Box<dyn ErasedPlayer> {
        Box::new(PlayerFor {
            player: tower_games::knowledge::player(&game, &self.spec, self.seed),
            game,
        })
    }
}

/// The player built for one game, with the game it was built for.
struct Built {
    game: (String, Vec<(String, String)>),
    player: Box<dyn ErasedPlayer>,
}

/// A computer player from `game-ai`: `random`, `mcts[:ITERS|TIME]`, `alphabeta[:DEPTH|TIME]`
/// or `perfect[:POSITIONS]`, seeded. It keeps what it learnt between moves of one game (the
/// MCTS tree) and starts afresh when handed a state of another game.
#[pyclass(frozen, module = "tower_games")]
pub(crate) struct Player {
    spec: PlayerSpec,
    seed: u64,
    built: Mutex<Option<Built>>,
}

#[pymethods]
impl Player {
    #[new]
    #[pyo3(signature = (spec = "mcts", seed = 0))]
    fn new(spec: &str, seed: u64) -> PyResult<Player> {
        Ok(Player {
            spec: self::spec(spec)?,
            seed,
            built: Mutex::new(None),
        })
    }

    /// The player's spec (`mcts:1000`).
    #[getter]
    fn spec(&self) -> String {
        self.spec.to_string()
    }

    /// The whole move the player makes in `state`, in notation (play it with
    /// `state.apply_move`), or `None` when the game is over. Searches with the GIL released.
    fn choose(&self, py: Python<'_>, state: &Bound<'_, State>) -> PyResult<Option<String>> {
        let (game, snapshot) = {
            let state = state.borrow();
            if state.in_turn() {
                return Err(PyValueError::new_err(
                    "a turn is in progress: a player chooses whole moves from the start of a turn",
                ));
            }
            let core = state.core();
            (
                (core.game.name().to_owned(), core.options.clone()),
                state.base().snapshot_json(),
            )
        };
        let (spec, seed) = (self.spec, self.seed);
        py.detach(|| {
            let mut built = self.built.lock().unwrap_or_else(|e| e.into_inner());
            if built.as_ref().is_none_or(|b| b.game != game) {
                let player = registry::visit(&game.0, &game.1, MakePlayer { spec, seed })
                    .map_err(|e| e.to_string())?;
                *built = Some(Built { game, player });
            }
            let built = built.as_mut().expect("just built");
            built.player.choose(&snapshot)
        })
        .map_err(PyValueError::new_err)
    }

    /// A one-line account of the last search, when the player searched.
    fn report(&self) -> Option<String> {
        let built = self.built.lock().unwrap_or_else(|e| e.into_inner());
        built.as_ref().and_then(|b| b.player.report())
    }

    fn __repr__(&self) -> String {
        format!("Player('{}', seed={})", self.spec, self.seed)
    }
}

struct Solve {
    snapshot: String,
    config: SolveConfig,
}

impl GameVisitor for Solve {
    type Output = Result<(String, Vec<String>, u64), String>;
    fn visit<G: Game>(self, game: G) -> Self::Output {
        let state = restore(&game, &self.snapshot)?;
        let solution = solve_or_race(&game, &state, &self.config);
        Ok((
            solution.value.to_string(),
            solution.line.iter().map(ToString::to_string).collect(),
            solution.nodes,
        ))
    }
}

/// Bytes a solver table entry takes, with the map's overhead (as `towers solve` counts).
const ENTRY_BYTES: usize = 40;

/// The exact value of `state` for the side to move with perfect play: `win`, `draw`, `loss`
/// or `unknown` when `max_nodes` positions were not enough, with a line proving it and the
/// positions visited. Runs with the GIL released.
#[pyfunction]
#[pyo3(signature = (state, max_nodes = 1_000_000, max_depth = 256, hash_mb = 64))]
pub(crate) fn solve<'py>(
    py: Python<'py>,
    state: &Bound<'py, State>,
    max_nodes: u64,
    max_depth: u32,
    hash_mb: usize,
) -> PyResult<Bound<'py, PyDict>> {
    if max_nodes == 0 || !(1..=2000).contains(&max_depth) || !(1..=16_384).contains(&hash_mb) {
        return Err(PyValueError::new_err(
            "max_nodes must be at least 1, max_depth 1 to 2000 and hash_mb 1 to 16384",
        ));
    }
    let (name, options, snapshot) = {
        let state = state.borrow();
        if state.in_turn() {
            return Err(PyValueError::new_err(
                "a turn is in progress: the solver reads positions at the start of a turn",
            ));
        }
        let core = state.core();
        (
            core.game.name().to_owned(),
            core.options.clone(),
            state.base().snapshot_json(),
        )
    };
    let config = SolveConfig {
        max_nodes,
        table_entries: (hash_mb << 20) / ENTRY_BYTES,
        max_depth,
        // As `towers solve --hash`: the path's memory bounded as the table's.
        max_path_bytes: hash_mb << 20,
        ..SolveConfig::default()
    };
    let (value, line, nodes) = py
        .detach(|| registry::visit(&name, &options, Solve { snapshot, config }))
        .map_err(|e| PyValueError::new_err(e.to_string()))?
        .map_err(PyValueError::new_err)?;
    let dict = PyDict::new(py);
    dict.set_item("value", value)?;
    dict.set_item("line", line)?;
    dict.set_item("nodes", nodes)?;
    Ok(dict)
}
