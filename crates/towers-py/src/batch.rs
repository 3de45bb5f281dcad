//! `tower_games._native.Batch`: many games of one game stepped in one call by the kernel's
//! batched stepper (`board_kernel::batch`), with the GIL released, for
//! `tower_games.vector` (a Gymnasium `VectorEnv`). Each step writes the observations straight
//! into a new `bytearray` that numpy wraps (levels as they come, or values in float32), and
//! copies the masks, rewards, ends, players and returns (a few bytes a game) into arrays of
//! their own.

use std::sync::Arc;

use board_kernel::batch::{Autoreset, BatchConfig, BatchError, BufferView};
use board_kernel::erased::DynBatch;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyTuple};

use crate::arrays::{self, Dtype};
use crate::state::State;
use crate::{Core, Game, IllegalMoveError};

/// OpenSpiel's id of the player at a terminal state, as `State.current_player()` says.
const TERMINAL_PLAYER: i8 = -4;

/// The most games a batch holds.
const MAX_ENVS: usize = 1 << 20;

/// The owned buffers of a batch, but the observations (written into new arrays).
struct Rest {
    masks: Vec<bool>,
    rewards: Vec<f32>,
    terminated: Vec<bool>,
    truncated: Vec<bool>,
    players: Vec<u8>,
    returns: Vec<f32>,
}

/// Many games of one game under one option set, stepped together.
#[pyclass(module = "tower_games._native")]
pub(crate) struct Batch {
    core: Arc<Core>,
    config: BatchConfig,
    batch: Box<dyn DynBatch>,
    rest: Rest,
    /// Observation levels, for float32 observations and the final observations of
    /// `SameStep` (converted or copied into the arrays handed out).
    levels: Vec<u8>,
    finals: Vec<u8>,
    /// Whether observations are handed out as float32 values (else uint8 levels).
    floats: bool,
}

fn batch_error(error: BatchError) -> PyErr {
    match error {
        BatchError::Illegal {
            env,
            action,
            reason,
        } => IllegalMoveError::new_err(format!(
            "env {env}: action {action} is not legal now ({reason}); no env was stepped"
        )),
        other => PyValueError::new_err(other.to_string()),
    }
}

fn autoreset_of(text: &str) -> PyResult<Autoreset> {
    match text {
        "NextStep" | "next_step" | "NEXT_STEP" => Ok(Autoreset::NextStep),
        "SameStep" | "same_step" | "SAME_STEP" => Ok(Autoreset::SameStep),
        "Disabled" | "disabled" | "DISABLED" => Ok(Autoreset::Disabled),
        other => Err(PyValueError::new_err(format!(
            "unknown autoreset mode {}: expected NextStep, SameStep or Disabled",
            board_kernel::excerpt(other)
        ))),
    }
}

impl Batch {
    fn envs(&self) -> usize {
        self.config.envs
    }

    fn len(&self) -> usize {
        self.core.spec.len()
    }

    /// The shape of the batch's observations.
    fn observation_shape(&self) -> [usize; 4] {
        let (p, r, c) = self.core.shape();
        [self.envs(), p, r, c]
    }

    fn same_step(&self) -> bool {
        self.config.autoreset == Autoreset::SameStep
    }

    /// Runs `work` on the batch and buffers with the GIL released, the observations written
    /// into a new array; returns that array, or the error (then nothing changed).
    fn run<'py>(
        &mut self,
        py: Python<'py>,
        work: impl FnOnce(&mut dyn DynBatch, &mut BufferView<'_>) -> Result<(), BatchError> + Send,
    ) -> PyResult<Bound<'py, PyAny>> {
        let shape = self.observation_shape();
        let total = shape.iter().product::<usize>();
        let floats = self.floats;
        let mut outcome = Ok(());
        let (batch, rest, levels, finals) = (
            &mut self.batch,
            &mut self.rest,
            &mut self.levels,
            &mut self.finals,
        );
        let area = self.core.spec.area();
        let factors = &self.core.factors;
        let envs = self.config.envs;
        let fill = |out: &mut [u8]| {
            py.detach(|| {
                let observations: &mut [u8] = if floats { levels } else { out };
                let mut view = BufferView {
                    observations,
                    masks: &mut rest.masks,
                    rewards: &mut rest.rewards,
                    terminated: &mut rest.terminated,
                    truncated: &mut rest.truncated,
                    players: &mut rest.players,
                    returns: &mut rest.returns,
                    final_observations: finals,
                    // The new array starts zeroed (the float32 levels are reused).
                    observations_zeroed: !floats,
                };
                outcome = work(&mut **batch, &mut view);
                if floats && outcome.is_ok() {
                    let len = levels.len() / envs.max(1);
                    for (i, source) in levels.chunks_exact(len).enumerate() {
                        arrays::levels_to_f32(
                            source,
                            area,
                            factors,
                            &mut out[i * len * 4..(i + 1) * len * 4],
                        );
                    }
                }
            });
        };
        let dtype = if floats { Dtype::F32 } else { Dtype::U8 };
        let buffer = arrays::bytes(py, total * dtype.size(), fill)?;
        outcome.map_err(batch_error)?;
        arrays::wrap(py, buffer.as_any(), dtype, &shape)
    }

    /// The final observations of `SameStep` as an array of the observations' dtype.
    fn final_observations<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let shape = self.observation_shape();
        if self.floats {
            let len = self.len();
            let area = self.core.spec.area();
            arrays::make(py, Dtype::F32, &shape, |out| {
                for (i, source) in self.finals.chunks_exact(len).enumerate() {
                    arrays::levels_to_f32(
                        source,
                        area,
                        &self.core.factors,
                        &mut out[i * len * 4..(i + 1) * len * 4],
                    );
                }
            })
        } else {
            arrays::make(py, Dtype::U8, &shape, |out| {
                out.copy_from_slice(&self.finals);
            })
        }
    }

    /// The masks and the players to move, as arrays (a finished game's player is −4 unless
    /// it started again in the same step).
    fn masks_and_players<'py>(
        &self,
        py: Python<'py>,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyAny>)> {
        let n = self.envs();
        let a = self.core.actions.count();
        let masks = arrays::make(py, Dtype::Bool, &[n, a], |out| {
            for (o, &m) in out.iter_mut().zip(&self.rest.masks) {
                *o = u8::from(m);
            }
        })?;
        let over = !self.same_step();
        let players = arrays::make(py, Dtype::I8, &[n], |out| {
            for (i, o) in out.iter_mut().enumerate() {
                let player = if over && self.rest.terminated[i] {
                    TERMINAL_PLAYER
                } else {
                    self.rest.players[i] as i8
                };
                *o = player.to_ne_bytes()[0];
            }
        })?;
        Ok((masks, players))
    }

    fn flags<'py>(&self, py: Python<'py>, flags: &[bool]) -> PyResult<Bound<'py, PyAny>> {
        arrays::make(py, Dtype::Bool, &[flags.len()], |out| {
            for (o, &f) in out.iter_mut().zip(flags) {
                *o = u8::from(f);
            }
        })
    }

    fn floats<'py>(
        &self,
        py: Python<'py>,
        values: &[f32],
        shape: &[usize],
    ) -> PyResult<Bound<'py, PyAny>> {
        arrays::make(py, Dtype::F32, shape, |out| {
            arrays::put_f32(out, values.iter().copied());
        })
    }

    /// What a reset hands back: the observations, the masks and the players.
    fn after_reset<'py>(
        &self,
        py: Python<'py>,
        observations: Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyTuple>> {
        let (masks, players) = self.masks_and_players(py)?;
        PyTuple::new(py, [observations, masks, players])
    }

    fn make_batch(core: &Core, config: BatchConfig) -> PyResult<Box<dyn DynBatch>> {
        core.game
            .batch(config)
            .map_err(|e| PyValueError::new_err(e.to_string()))
    }
}

#[pymethods]
impl Batch {
    /// `envs` games of `game` stepped together on `threads` threads; `autoreset` is
    /// `NextStep`, `SameStep` or `Disabled` (Gymnasium's modes); `max_actions` cuts a game
    /// off (truncates it) after that many actions; `random_opening` whole turns of random
    /// moves, drawn from `seed`, begin every game; `dtype` is `uint8` (observation levels)
    /// or `float32` (values).
    #[new]
    #[pyo3(signature = (game, envs, threads = 1, seed = 0, autoreset = "NextStep", max_actions = None, random_opening = 0, dtype = "uint8"))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        game: &Game,
        envs: usize,
        threads: usize,
        seed: u64,
        autoreset: &str,
        max_actions: Option<u64>,
        random_opening: u32,
        dtype: &str,
    ) -> PyResult<Batch> {
        if !(1..=MAX_ENVS).contains(&envs) {
            return Err(PyValueError::new_err(format!(
                "the number of envs must be 1 to {MAX_ENVS}, not {envs}"
            )));
        }
        if !(1..=256).contains(&threads) {
            return Err(PyValueError::new_err(format!(
                "threads must be 1 to 256, not {threads}"
            )));
        }
        if max_actions == Some(0) {
            return Err(PyValueError::new_err(
                "max_actions must be at least 1 (or None: no cut-off)",
            ));
        }
        let floats = match dtype {
            "uint8" => false,
            "float32" => true,
            other => {
                return Err(PyValueError::new_err(format!(
                    "an observation's dtype is \"uint8\" or \"float32\", not {}",
                    board_kernel::excerpt(other)
                )));
            }
        };
        let config = BatchConfig {
            envs,
            threads,
            max_actions,
            random_opening,
            seed,
            autoreset: autoreset_of(autoreset)?,
        };
        let core = game.core.clone();
        let batch = Batch::make_batch(&core, config)?;
        let len = core.spec.len();
        let a = core.actions.count();
        let same_step = config.autoreset == Autoreset::SameStep;
        Ok(Batch {
            rest: Rest {
                masks: vec![false; envs * a],
                rewards: vec![0.0; envs],
                terminated: vec![false; envs],
                truncated: vec![false; envs],
                players: vec![0; envs],
                returns: vec![0.0; 2 * envs],
            },
            levels: if floats {
                vec![0; envs * len]
            } else {
                Vec::new()
            },
            finals: if same_step {
                vec![0; envs * len]
            } else {
                Vec::new()
            },
            floats,
            core,
            config,
            batch,
        })
    }

    /// The game.
    #[getter]
    fn game(&self) -> Game {
        Game {
            core: self.core.clone(),
        }
    }

    /// How many games are stepped together.
    #[getter]
    fn num_envs(&self) -> usize {
        self.envs()
    }

    /// The seed of the random openings.
    #[getter]
    fn seed(&self) -> u64 {
        self.config.seed
    }

    /// The autoreset mode: `NextStep`, `SameStep` or `Disabled`.
    #[getter]
    fn autoreset(&self) -> &'static str {
        match self.config.autoreset {
            Autoreset::NextStep => "NextStep",
            Autoreset::SameStep => "SameStep",
            Autoreset::Disabled => "Disabled",
        }
    }

    /// Starts every game afresh (with `seed`, the random openings are drawn anew from it, as
    /// from a new batch); returns `(observations, masks, players)`.
    #[pyo3(signature = (seed = None))]
    fn reset<'py>(&mut self, py: Python<'py>, seed: Option<u64>) -> PyResult<Bound<'py, PyTuple>> {
        if let Some(seed) = seed {
            let config = BatchConfig {
                seed,
                ..self.config
            };
            self.batch = Batch::make_batch(&self.core, config)?;
            self.config = config;
        }
        let observations = self.run(py, |batch, view| {
            batch.reset(view);
            Ok(())
        })?;
        self.after_reset(py, observations)
    }

    /// Starts afresh the games whose entry of `which` (bytes, one a game, non-zero to reset)
    /// is set; returns `(observations, masks, players)`, where the observations of the other
    /// games are zero (the caller keeps theirs).
    fn reset_envs<'py>(&mut self, py: Python<'py>, which: &[u8]) -> PyResult<Bound<'py, PyTuple>> {
        if which.len() != self.envs() {
            return Err(PyValueError::new_err(format!(
                "expected {} reset flags (one an env), got {}",
                self.envs(),
                which.len()
            )));
        }
        let which: Vec<bool> = which.iter().map(|&b| b != 0).collect();
        let observations = self.run(py, |batch, view| batch.reset_envs(&which, view))?;
        self.after_reset(py, observations)
    }

    /// Takes one action a game, given as the native-endian bytes of `num_envs` int64s, and
    /// returns `(observations, rewards, terminated, truncated, masks, players, returns,
    /// final_observations)` (the last `None` but with `SameStep`). An illegal action raises
    /// `IllegalMoveError` naming the env, and then no game changes.
    fn step<'py>(
        &mut self,
        py: Python<'py>,
        actions: &Bound<'py, PyBytes>,
    ) -> PyResult<Bound<'py, PyTuple>> {
        let bytes = actions.as_bytes();
        if bytes.len() != 8 * self.envs() {
            return Err(PyValueError::new_err(format!(
                "expected {} actions (one an env) as int64 bytes, got {} bytes",
                self.envs(),
                bytes.len()
            )));
        }
        let actions: Vec<i64> = bytes
            .chunks_exact(8)
            .map(|b| i64::from_ne_bytes(b.try_into().unwrap_or([0; 8])))
            .collect();
        let observations = self.run(py, |batch, view| batch.step(&actions, view))?;
        let n = self.envs();
        let rewards = self.floats(py, &self.rest.rewards, &[n])?;
        let terminated = self.flags(py, &self.rest.terminated)?;
        let truncated = self.flags(py, &self.rest.truncated)?;
        let (masks, players) = self.masks_and_players(py)?;
        let returns = self.floats(py, &self.rest.returns, &[n, 2])?;
        let finals = if self.same_step() {
            self.final_observations(py)?
        } else {
            py.None().into_bound(py)
        };
        PyTuple::new(
            py,
            [
                observations,
                rewards,
                terminated,
                truncated,
                masks,
                players,
                returns,
                finals,
            ],
        )
    }

    /// A copy of game `env`'s state: its position and the turn so far (no earlier moves).
    fn state(&self, env: usize) -> PyResult<State> {
        if env >= self.envs() {
            return Err(PyValueError::new_err(format!(
                "no env {env}: the envs are 0 to {}",
                self.envs() - 1
            )));
        }
        Ok(State::from_turn(self.core.clone(), self.batch.turn(env)))
    }

    fn __repr__(&self) -> String {
        format!(
            "Batch({}, envs={}, threads={}, autoreset={})",
            self.core.game.name(),
            self.envs(),
            self.config.threads,
            self.autoreset()
        )
    }
}
