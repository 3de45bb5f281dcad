//! # game-net
//!
//! The learned players' network for every tower-games engine: a policy over the game's
//! actions (the steps of a turn) and a value for the player to move, computed from the
//! game's own observation encoding ([`board_kernel::observe`]). Trained by self-play with
//! candle (the `game-train` crate); here is what playing needs, with no machine-learning
//! framework: the weights file ([`weights`], safetensors with metadata that ties it to one
//! game, option set and encoding), the forward pass ([`network`]) and the evaluator a PUCT
//! search asks ([`evaluator`], for [`game_ai::puct::Puct`]).
//!
//! A file that is truncated, corrupted, or trained for another game, options or encoding is
//! refused with a [`WeightsError`] that says which; nothing here panics on a bad file.
//!
//! ```
//! use game_net::{Network, WeightsError};
//! assert!(matches!(Network::from_bytes(b"not a network"), Err(WeightsError::Corrupt(_))));
//! ```

pub mod evaluator;
pub mod network;
pub mod weights;

pub use evaluator::NetEvaluator;
pub use network::Network;
pub use weights::{NetMeta, WeightsError, WeightsFile};
