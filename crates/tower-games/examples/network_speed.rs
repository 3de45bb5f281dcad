//! The shipped networks' own speed: forward passes per second on one core (one position at a
//! time: the observation's bytes to values, the layers, the masked softmax), over the
//! positions of a seeded random game of each game (`cargo run --release -p tower-games
//! --example network_speed [SECONDS]`). A learned player's simulation adds the walk down its
//! tree and the game's steps to this (docs/AI.md).

use std::time::Instant;

use board_kernel::observe::ActionSpace;
use board_kernel::steps::TurnCursor;
use board_kernel::testing::random_line;
use board_kernel::{Game, SplitMix64};
use game_ai::puct::EvalBatch;
use game_net::NetEvaluator;
use tower_games::networks;
use tower_games::registry::{self, GameVisitor};

struct Measure {
    seconds: f64,
}

impl GameVisitor for Measure {
    type Output = Result<f64, String>;
    fn visit<G: Game>(self, game: G) -> Result<f64, String> {
        let mut evaluator =
            NetEvaluator::new(networks::network::<G>()?, &game).map_err(|e| e.to_string())?;
        let space = ActionSpace::of(&game);
        let mut line = random_line(&game, game.initial_state(), &mut SplitMix64::new(5), 400);
        line.pop(); // the last position may be over
        // The observations and masks a search hands its evaluator, made as it makes them.
        let mut inputs = EvalBatch::for_game(&game);
        for state in &line {
            let cursor = TurnCursor::new(&game, state).map_err(|e| e.to_string())?;
            inputs.push(&game, &space, &cursor);
        }
        let mut policy = vec![0.0; space.len()];
        let (mut done, mut sum) = (0_u64, 0.0_f32);
        let start = Instant::now();
        loop {
            for i in 0..inputs.len() {
                sum += evaluator.evaluate_one(inputs.observation(i), inputs.mask(i), &mut policy);
            }
            done += inputs.len() as u64;
            let elapsed = start.elapsed().as_secs_f64();
            if elapsed >= self.seconds {
                std::hint::black_box(sum);
                return Ok(done as f64 / elapsed);
            }
        }
    }
}

fn main() -> Result<(), String> {
    let seconds = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(2.0);
    for &name in registry::names() {
        let rate = registry::visit(name, &[], Measure { seconds }).map_err(|e| e.to_string())??;
        println!("{name:18} {rate:9.0} evaluations/s");
    }
    Ok(())
}
