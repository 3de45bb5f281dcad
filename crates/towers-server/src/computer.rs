//! Computer seats: which players a seat may have (a bounded budget) and the move one chooses.
//! [`crate::room`] runs the choice on a blocking thread, never on the threads that answer
//! requests, a few at a time; the move then goes through the same checks and storage as a
//! person's.

use std::time::Duration;

use board_kernel::{Game, Snapshot};
use game_ai::{Budget, PlayerSpec};
use tower_games::record::option_pairs;
use tower_games::registry::{self, GameVisitor};

/// The most MCTS iterations a computer seat may use a move.
pub const MAX_ITERATIONS: u32 = 20_000;
/// The deepest alpha-beta search a computer seat may use.
pub const MAX_DEPTH: u32 = 6;
/// The most time a computer seat may think a move.
pub const MAX_THINK: Duration = Duration::from_secs(3);
/// The most positions a perfect player's proofs may visit a move.
pub const MAX_POSITIONS: u32 = 1_000_000;
/// The most simulations a learned player may run a move.
pub const MAX_SIMULATIONS: u32 = 20_000;

/// Checks a computer seat's spec and that its budget is within the server's bounds.
///
/// # Errors
/// An unreadable spec or a budget over the bounds, saying which.
pub fn validate(spec: &str) -> Result<PlayerSpec, String> {
    let parsed: PlayerSpec = spec
        .parse()
        .map_err(|e: game_ai::SpecError| format!("computer player `{spec}`: {e}"))?;
    let within = match parsed {
        PlayerSpec::Random => true,
        PlayerSpec::Mcts(budget) | PlayerSpec::MctsFresh(budget) => {
            within_budget(budget, MAX_ITERATIONS)
        }
        PlayerSpec::AlphaBeta(budget) => within_budget(budget, MAX_DEPTH),
        PlayerSpec::Perfect(budget) => within_budget(budget, MAX_POSITIONS),
        PlayerSpec::Neural(budget) => within_budget(budget, MAX_SIMULATIONS),
    };
    if within {
        Ok(parsed)
    } else {
        Err(format!(
            "computer player `{spec}` thinks too long for this server: at most \
             {MAX_ITERATIONS} MCTS iterations, alpha-beta depth {MAX_DEPTH}, {} s a move, \
             {MAX_POSITIONS} positions for `perfect` or {MAX_SIMULATIONS} simulations for \
             `neural`",
            MAX_THINK.as_secs()
        ))
    }
}

fn within_budget(budget: Budget, max_count: u32) -> bool {
    match budget {
        Budget::Count(n) => n <= max_count,
        Budget::Time(t) => t <= MAX_THINK,
    }
}

/// The move `spec` chooses in the position of `snapshot`: run on a blocking thread.
pub(crate) fn choose(
    name: &str,
    options: &[String],
    snapshot: &str,
    spec: &str,
    seed: u64,
) -> Result<String, String> {
    struct Choose<'a> {
        snapshot: &'a Snapshot,
        spec: PlayerSpec,
        seed: u64,
    }
    impl GameVisitor for Choose<'_> {
        type Output = Result<String, String>;
        fn visit<G: Game>(self, game: G) -> Self::Output {
            let state = game.restore(self.snapshot).map_err(|e| e.to_string())?;
            let mut player = tower_games::knowledge::player(&game, &self.spec, self.seed);
            let mv = player
                .choose(&game, &state)
                .ok_or("the game is over: there is no move to choose")?;
            Ok(mv.to_string())
        }
    }
    let snapshot: Snapshot =
        serde_json::from_str(snapshot).map_err(|e| format!("snapshot: {e}"))?;
    let spec = validate(spec)?;
    let pairs = option_pairs(options)?;
    registry::visit(
        name,
        &pairs,
        Choose {
            snapshot: &snapshot,
            spec,
            seed,
        },
    )
    .map_err(|e| e.to_string())?
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn budgets_are_bounded() {
        assert!(validate("mcts:1000").is_ok());
        assert!(validate("alphabeta:4").is_ok());
        assert!(validate("random").is_ok());
        assert!(validate("mcts:1000000").unwrap_err().contains("too long"));
        assert!(validate("alphabeta:10s").unwrap_err().contains("too long"));
        assert!(
            validate("wizard")
                .unwrap_err()
                .contains("computer player `wizard`")
        );
    }

    #[test]
    fn a_computer_chooses_a_legal_move() {
        let game = registry::build("kamisado", &[]).unwrap();
        let start = game.initial_state();
        let mv = choose("kamisado", &[], &start.snapshot_json(), "random", 1).unwrap();
        assert!(start.legal_moves().contains(&mv), "{mv}");
    }
}
