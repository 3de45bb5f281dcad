//! What a game knows beyond its rules, handed to the players that use it: end-game tables
//! for the perfect player ([`Oracle`]) and a trained network for the learned player
//! ([`EvaluatorMaker`]). The game crates depend on neither this crate nor the network's, so
//! a program gathers a game's knowledge where both are known (`tower_games::knowledge`) and
//! builds its players with it ([`PlayerSpec::build_with`](crate::PlayerSpec::build_with)).

use std::sync::Arc;

use board_kernel::Game;

use crate::Player;
use crate::puct::Evaluator;
use crate::solver::Oracle;

/// Makes a fresh evaluator for a learned player (one per player: evaluators keep buffers).
pub type EvaluatorMaker<G> = Arc<dyn Fn() -> Box<dyn Evaluator<G>> + Send + Sync>;

/// A game's end-game oracle and trained network, for the players that use them.
pub struct Knowledge<G: Game> {
    /// The end-game tables the perfect player asks first, if the game has any.
    pub oracle: Option<Oracle<G>>,
    /// The trained network's evaluators, or why there is none for this game and options
    /// (the learned player then refuses to play rather than play weaker).
    pub network: Result<EvaluatorMaker<G>, String>,
}

impl<G: Game> Clone for Knowledge<G> {
    fn clone(&self) -> Self {
        Knowledge {
            oracle: self.oracle.clone(),
            network: self.network.clone(),
        }
    }
}

impl<G: Game> std::fmt::Debug for Knowledge<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Knowledge")
            .field("oracle", &self.oracle.is_some())
            .field("network", &self.network.as_ref().map(|_| "loaded"))
            .finish()
    }
}

impl<G: Game> Default for Knowledge<G> {
    /// Nothing known: no oracle, no network.
    fn default() -> Self {
        Knowledge {
            oracle: None,
            network: Err(format!("no trained network was given for {}", G::NAME)),
        }
    }
}

impl<G: Game> Knowledge<G> {
    /// Only an oracle.
    #[must_use]
    pub fn with_oracle(oracle: Option<Oracle<G>>) -> Knowledge<G> {
        Knowledge {
            oracle,
            ..Knowledge::default()
        }
    }
}

/// The player of a spec that cannot play here (a learned player without its network): it
/// never moves and says why, so that a game or a series ends with the reason rather than a
/// weaker player standing in.
#[derive(Clone, Debug)]
pub struct Unavailable {
    name: String,
    why: String,
}

impl Unavailable {
    /// The player `name` that cannot play, and why.
    #[must_use]
    pub fn new(name: String, why: String) -> Unavailable {
        Unavailable { name, why }
    }
}

impl<G: Game> Player<G> for Unavailable {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn choose(&mut self, _game: &G, _state: &G::State) -> Option<G::Move> {
        None
    }

    fn forfeit(&self) -> Option<String> {
        Some(format!("{} cannot play: {}", self.name, self.why))
    }
}
