//! What runs in Rust at full speed with the GIL released: series of whole games between
//! computer players (`playouts`), a computer player's choice and its search's targets
//! (`Player`), and the exact solver (`solve`). Each reaches the game's concrete type through
//! the registry's visitor, restoring the Python state from its snapshot.

use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

use board_kernel::batch::returns_of;
use board_kernel::playout::SeriesStats;
use board_kernel::{BySide, Game, Side, Snapshot, Status};
use game_ai::PlayerSpec;
use game_ai::arena::{Seat, SeriesConfig, game_seed, play_game, run_series};
use game_ai::distance::{Race, race};
use game_ai::solver::{self, SolveConfig, Value};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use tower_games::analysis::{Analysis, PolicyOver, analyse};
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

/// The game's registry name and options, from a `Game`, a name or a name with options in
/// `load_game`'s string form (`chain-reaction(target_white=3)`).
fn game_of(game: &Bound<'_, PyAny>) -> PyResult<(String, Vec<(String, String)>)> {
    let loaded;
    let g = match game.cast::<PyGame>() {
        Ok(g) => g,
        Err(_) => {
            if !game.is_instance_of::<pyo3::types::PyString>() {
                return Err(pyo3::exceptions::PyTypeError::new_err(
                    "expected a tower_games.Game or a game name",
                ));
            }
            // `load_game` reads the string form; a bad name fails with the registry's
            // message.
            loaded = game
                .py()
                .import("tower_games")?
                .getattr("load_game")?
                .call1((game,))?;
            loaded.cast::<PyGame>()?
        }
    };
    let core = &g.get().core;
    Ok((core.game.name().to_owned(), core.options.clone()))
}

/// Checks that the player `spec` can play `game` here (a learned player needs its game's
/// network): the reason it cannot, for a `ValueError`.
fn playable<G: Game>(game: &G, spec: &PlayerSpec) -> Result<(), String> {
    spec.check(&tower_games::knowledge::knowledge(game))
}

/// One game of a recorded series: its moves in notation, its returns and how it ended.
type GameRecord = (Vec<String>, [f32; 2], Status, Option<BySide<i64>>);

struct Series {
    specs: BySide<PlayerSpec>,
    config: SeriesConfig,
    position: Option<String>,
    record: bool,
}

impl GameVisitor for Series {
    type Output = Result<(SeriesStats, Vec<GameRecord>), String>;
    fn visit<G: Game>(self, game: G) -> Self::Output {
        let start = match &self.position {
            Some(text) => game.parse_position(text).map_err(|e| e.to_string())?,
            None => game.initial_state(),
        };
        playable(&game, &self.specs.white)?;
        playable(&game, &self.specs.black)?;
        let knowledge = tower_games::knowledge::knowledge(&game);
        if !self.record {
            let stats = run_series(&game, &start, self.specs, &knowledge, &self.config, &|_| {});
            return Ok((stats, Vec::new()));
        }
        // The same seeded games as `run_series` (each side's player seeded by
        // `game_seed(seed, index, side)`), each kept whole, in the order of their index.
        let count = self.config.games;
        let next = AtomicU64::new(0);
        let games: Mutex<Vec<(u64, GameRecord)>> = Mutex::new(Vec::new());
        let workers = self
            .config
            .threads
            .clamp(1, count.try_into().unwrap_or(1).max(1));
        std::thread::scope(|scope| {
            for _ in 0..workers {
                scope.spawn(|| {
                    let mut mine = Vec::new();
                    loop {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        if i >= count {
                            break;
                        }
                        let mut players = BySide::from_fn(|side| {
                            self.specs[side]
                                .player(game_seed(self.config.seed, i, side), &knowledge)
                        });
                        let played =
                            play_game(&game, start.clone(), &mut players, self.config.max_plies);
                        let returns = match &played.status {
                            Status::Finished(result) => returns_of(result),
                            Status::Ongoing => [0.0, 0.0],
                        };
                        let moves = played.moves.iter().map(ToString::to_string).collect();
                        let scores = game.scores(&played.state);
                        mine.push((i, (moves, returns, played.status, scores)));
                    }
                    games
                        .lock()
                        .unwrap_or_else(std::sync::PoisonError::into_inner)
                        .extend(mine);
                });
            }
        });
        let mut games = games
            .into_inner()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        games.sort_by_key(|(i, _)| *i);
        let mut stats = SeriesStats::default();
        for (_, (moves, _, status, scores)) in &games {
            stats.record(status, moves.len(), *scores);
        }
        Ok((stats, games.into_iter().map(|(_, g)| g).collect()))
    }
}

/// The most games `playouts(record=True)` keeps.
const MAX_RECORDED_GAMES: u64 = 1_000_000;

/// Plays `games` whole games in Rust between the players `white` and `black` describe
/// (`random`, `mcts:100`, `alphabeta:4`, `perfect`, `neural`), on `threads` threads with the
/// GIL released, as `towers selfplay` does, and returns the series' totals; with
/// `record=True` also each game's moves (`moves`, a list of lists of notation) and returns
/// (`returns`), in the order of the games' seeds.
#[pyfunction]
#[pyo3(signature = (game, games = 100, seed = 0, threads = None, white = "random", black = "random", max_plies = 20_000, position = None, record = false))]
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
    record: bool,
) -> PyResult<Bound<'py, PyDict>> {
    let (name, options) = game_of(game)?;
    if games == 0 || games > 1_000_000_000 {
        return Err(PyValueError::new_err(format!(
            "games must be 1 to 1000000000, not {games}"
        )));
    }
    if record && games > MAX_RECORDED_GAMES {
        return Err(PyValueError::new_err(format!(
            "playouts(record=True) keeps at most {MAX_RECORDED_GAMES} games, not {games}"
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
        record,
    };
    let started = Instant::now();
    let (stats, recorded) = py
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
    if record {
        let moves = PyList::empty(py);
        let returns = PyList::empty(py);
        for (played, result, _, _) in recorded {
            moves.append(played)?;
            returns.append(result.map(f64::from))?;
        }
        dict.set_item("moves", moves)?;
        dict.set_item("returns", returns)?;
    }
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
    type Output = Result<Box<dyn ErasedPlayer>, String>;
    fn visit<G: Game>(self, game: G) -> Self::Output {
        playable(&game, &self.spec)?;
        Ok(Box::new(PlayerFor {
            player: tower_games::knowledge::player(&game, &self.spec, self.seed),
            game,
        }))
    }
}

/// A search's targets for a position (`tower_games::analysis`).
struct Analyse {
    snapshot: String,
    spec: PlayerSpec,
    seed: u64,
}

impl GameVisitor for Analyse {
    type Output = Result<Analysis, String>;
    fn visit<G: Game>(self, game: G) -> Self::Output {
        let state = restore(&game, &self.snapshot)?;
        analyse(&game, &state, &self.spec, self.seed)
    }
}

/// A game by its registry name and its options as `KEY=VALUE` texts.
type GameKey = (String, Vec<(String, String)>);

/// The game and the snapshot of a state at the start of a turn, for a search; `doing` says
/// what refuses a turn in progress.
fn position_of(state: &Bound<'_, State>, doing: &str) -> PyResult<(GameKey, String)> {
    let state = state.borrow();
    if state.in_turn() {
        return Err(PyValueError::new_err(format!(
            "a turn is in progress: {doing} from the start of a turn"
        )));
    }
    let core = state.core();
    Ok((
        (core.game.name().to_owned(), core.options.clone()),
        state.base().snapshot_json(),
    ))
}

/// The player built for one game, with the game it was built for.
struct Built {
    game: GameKey,
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
        let (game, snapshot) = position_of(state, "a player chooses whole moves")?;
        let (spec, seed) = (self.spec, self.seed);
        py.detach(|| {
            let mut built = self.built.lock().unwrap_or_else(|e| e.into_inner());
            if built.as_ref().is_none_or(|b| b.game != game) {
                let player = registry::visit(&game.0, &game.1, MakePlayer { spec, seed })
                    .map_err(|e| e.to_string())??;
                *built = Some(Built { game, player });
            }
            let built = built.as_mut().expect("just built");
            built.player.choose(&snapshot)
        })
        .map_err(PyValueError::new_err)
    }

    /// The search's targets for `state` (at the start of a turn), from a fresh search seeded
    /// with the player's seed, with the GIL released: a dict of `player` (the spec), `move`
    /// (the move it chooses, in notation; `None` when the game is over), `value` (what it
    /// expects for the side to move, in `[-1, 1]`, or `None`), `proven` (a proven result
    /// stands behind the value), `policy_over` (`"moves"` for MCTS, `"actions"` for the
    /// learned player, `"none"`), `policy` (each move's notation, or each action's number,
    /// to its share of the search, largest first, summing to 1), `line` (the principal line)
    /// and `nodes` (positions or simulations searched). The same as `towers analyse`.
    fn search<'py>(
        &self,
        py: Python<'py>,
        state: &Bound<'py, State>,
    ) -> PyResult<Bound<'py, PyDict>> {
        let ((name, options), snapshot) = position_of(state, "a player searches")?;
        let analyse = Analyse {
            snapshot,
            spec: self.spec,
            seed: self.seed,
        };
        let analysis = py
            .detach(|| registry::visit(&name, &options, analyse))
            .map_err(|e| PyValueError::new_err(e.to_string()))?
            .map_err(PyValueError::new_err)?;
        let dict = PyDict::new(py);
        dict.set_item("player", &analysis.player)?;
        dict.set_item("move", &analysis.mv)?;
        dict.set_item("value", analysis.value)?;
        dict.set_item("proven", analysis.proven)?;
        dict.set_item(
            "policy_over",
            match analysis.policy_over {
                PolicyOver::Moves => "moves",
                PolicyOver::Actions => "actions",
                PolicyOver::None => "none",
            },
        )?;
        let policy = PyDict::new(py);
        for (key, share) in &analysis.policy {
            match (analysis.policy_over, key.parse::<u64>()) {
                (PolicyOver::Actions, Ok(action)) => policy.set_item(action, share)?,
                _ => policy.set_item(key, share)?,
            }
        }
        dict.set_item("policy", policy)?;
        dict.set_item("line", &analysis.line)?;
        dict.set_item("nodes", analysis.nodes)?;
        Ok(dict)
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
        let (value, line, nodes) = solve_within(&game, &state, &self.config);
        Ok((
            value.to_string(),
            line.iter().map(ToString::to_string).collect(),
            nodes,
        ))
    }
}

/// `game_ai::solver::solve_or_race` with `config.max_nodes` as the budget of all its
/// searches together (each search there gets the whole budget, so it could visit three
/// times as many): the exact search gets half of it, and where it cannot decide, a race for
/// a forced win of the side to move gets half of what is left and a race for one of its
/// opponent the rest. A search stops on the position after its budget, so each budget is
/// one less. The line of a proven value is read after the proof (mostly from its table, with
/// a budget of its own, as `solve` reads it) and is not counted.
fn solve_within<G: Game>(
    game: &G,
    state: &G::State,
    config: &SolveConfig,
) -> (Value, Vec<G::Move>, u64) {
    let total = config.max_nodes;
    let budget = |share: u64| SolveConfig {
        max_nodes: share.saturating_sub(1),
        ..*config
    };
    let exact = solver::solve(game, state, &budget(total.div_ceil(2)));
    let mut nodes = exact.nodes;
    if exact.value != Value::Unknown || game.status(state) != Status::Ongoing {
        return (exact.value, exact.line, nodes);
    }
    let me = game.side_to_move(state);
    let races: [(Side, Value); 2] = [(me, Value::Win), (me.opponent(), Value::Loss)];
    for (round, (attacker, value)) in races.into_iter().enumerate() {
        let left = total.saturating_sub(nodes);
        let share = if round == 0 { left / 2 } else { left };
        if share < 2 {
            break;
        }
        let found = race(game, state, attacker, &budget(share));
        nodes += found.nodes;
        if let Race::WinIn(_) = found.outcome {
            return (value, found.line, nodes);
        }
    }
    (Value::Unknown, Vec::new(), nodes)
}

/// Bytes a solver table entry takes, with the map's overhead (as `towers solve` counts).
const ENTRY_BYTES: usize = 40;

/// The exact value of `state` for the side to move with perfect play: `win`, `draw`, `loss`
/// or `unknown` when `max_nodes` positions (all the searches together) were not enough, with
/// a line proving it and the positions visited (at most `max_nodes`). Runs with the GIL
/// released.
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
    let ((name, options), snapshot) = position_of(state, "the solver reads positions")?;
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
