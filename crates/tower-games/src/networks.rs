//! The trained networks of the learned players, shipped in the crate: one per game, trained
//! by self-play under the game's default options (`towers train`; docs/AI.md says how each
//! was made). A game without one, or other options than the network was trained under, has
//! no learned player, and says why.

use std::any::TypeId;
use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock, PoisonError};

use board_kernel::Game;
use game_ai::EvaluatorMaker;
use game_ai::puct::Evaluator;
use game_net::{NetEvaluator, Network};

/// The weights files, by game name: compiled in with the `networks` feature (on by default),
/// left out without it (the playground's WebAssembly, whose levels do not use them, would
/// otherwise carry every file's bytes).
#[cfg(feature = "networks")]
const NETWORKS: &[(&str, &[u8])] = &[
    (
        "kamisado",
        include_bytes!("../networks/kamisado.safetensors"),
    ),
    (
        "tower-of-power",
        include_bytes!("../networks/tower-of-power.safetensors"),
    ),
    (
        "chain-reaction",
        include_bytes!("../networks/chain-reaction.safetensors"),
    ),
    (
        "queens-courtiers",
        include_bytes!("../networks/queens-courtiers.safetensors"),
    ),
    (
        "seven-sages",
        include_bytes!("../networks/seven-sages.safetensors"),
    ),
];
#[cfg(not(feature = "networks"))]
const NETWORKS: &[(&str, &[u8])] = &[];

/// Why a game has no network in this build.
const NOT_SHIPPED: &str = if cfg!(feature = "networks") {
    "no trained network ships for"
} else {
    "tower-games was built without its `networks` feature: no trained network for"
};

/// The bytes of `name`'s weights file, if one ships.
#[must_use]
pub fn weights(name: &str) -> Option<&'static [u8]> {
    NETWORKS.iter().find(|(n, _)| *n == name).map(|(_, b)| *b)
}

/// Each game's network as read (or why it cannot be), by the game's type.
type ReadNetworks = Mutex<HashMap<TypeId, Result<Arc<Network>, String>>>;

/// `G`'s network, read once per process.
pub fn network<G: Game>() -> Result<Arc<Network>, String> {
    static READ: OnceLock<ReadNetworks> = OnceLock::new();
    let mut read = READ
        .get_or_init(Mutex::default)
        .lock()
        .unwrap_or_else(PoisonError::into_inner);
    read.entry(TypeId::of::<G>())
        .or_insert_with(|| {
            let bytes = weights(G::NAME).ok_or_else(|| format!("{NOT_SHIPPED} {}", G::NAME))?;
            Network::from_bytes(bytes)
                .map(Arc::new)
                .map_err(|e| format!("the shipped network of {} cannot be read: {e}", G::NAME))
        })
        .clone()
}

/// The evaluators of `game`'s network, after checking that it was trained for `game`'s
/// options and observation.
pub fn evaluators<G: Game>(game: &G) -> Result<EvaluatorMaker<G>, String> {
    let prototype = NetEvaluator::new(network::<G>()?, game).map_err(|e| e.to_string())?;
    Ok(Arc::new(move || {
        Box::new(prototype.clone()) as Box<dyn Evaluator<G>>
    }))
}
