//! `towers analyse`: one search's targets for a position as JSON (`tower_games::analysis`).

use board_kernel::Game;
use clap::Args;
use game_ai::PlayerSpec;
use tower_games::record::option_pairs;
use tower_games::registry::{self, GameVisitor};

use crate::GameArgs;

/// The arguments of `towers analyse`.
#[derive(Args, Debug)]
pub(crate) struct AnalyseArgs {
    #[command(flatten)]
    game: GameArgs,
    /// The player that searches: random, mcts[:ITERS|TIME], mcts-fresh[:ITERS|TIME],
    /// alphabeta[:DEPTH|TIME], perfect[:POSITIONS|TIME] or neural[:SIMULATIONS|TIME].
    #[arg(long, default_value = "mcts")]
    player: PlayerSpec,
    /// The player's seed.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Moves to play first, in the game's notation, one argument each.
    moves: Vec<String>,
}

struct Analyse<'a> {
    args: &'a AnalyseArgs,
}

impl GameVisitor for Analyse<'_> {
    type Output = Result<(), String>;
    fn visit<G: Game>(self, game: G) -> Result<(), String> {
        let args = self.args;
        let mut state = crate::start_state(&game, args.game.position.as_deref())?;
        for (i, mv) in args.moves.iter().enumerate() {
            game.play_text(&mut state, mv).map_err(|e| {
                format!("move {}: {}", i + 1, board_kernel::move_error_text::<G>(&e))
            })?;
        }
        let analysis = tower_games::analysis::analyse(&game, &state, &args.player, args.seed)?;
        let json = serde_json::to_string(&analysis).map_err(|e| e.to_string())?;
        crate::out!("{json}")
    }
}

/// Runs `towers analyse`.
pub(crate) fn run(args: &AnalyseArgs) -> Result<(), String> {
    let pairs = option_pairs(&args.game.options)?;
    registry::visit(&args.game.game, &pairs, Analyse { args }).map_err(|e| e.to_string())?
}
