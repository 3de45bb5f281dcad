//! # game-train
//!
//! Self-play training of the tower-games learned players, on CPUs: the policy and value
//! network defined and trained with [candle](https://docs.rs/candle-core) ([`model`]), the
//! self-play games of a PUCT search guided by the current network ([`selfplay`]), the replay
//! buffer of their positions ([`samples`]) and the training run that ties them together,
//! checkpoints it and measures it against fixed opponents ([`trainer`]). The weights it
//! writes are `game-net` files; `towers train GAME` runs it.

pub mod model;
pub mod samples;
pub mod selfplay;
pub mod trainer;

use thiserror::Error;

pub use trainer::{EvalConfig, Opponent, RunState, TrainConfig, run};

/// Why training stopped with an error.
#[derive(Debug, Error)]
pub enum TrainError {
    /// The framework refused an operation (shapes, memory).
    #[error("candle: {0}")]
    Candle(#[from] candle_core::Error),
    /// A weights file could not be used.
    #[error(transparent)]
    Weights(#[from] game_net::WeightsError),
    /// Reading or writing the output folder failed.
    #[error("file: {0}")]
    Io(#[from] std::io::Error),
    /// A samples or state file is damaged.
    #[error("bad training file: {0}")]
    Samples(String),
    /// The weights a new run was to start from (`TrainConfig::init`) cannot be used.
    #[error("the starting weights: {0}")]
    Init(String),
    /// A lock was poisoned by a panic in another thread.
    #[error("a training thread panicked")]
    Poisoned,
}
