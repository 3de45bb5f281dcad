//! The batched stepper's own cost, without Python: nanoseconds a game-step of
//! `board_kernel::batch::Batch` with a random legal action a game drawn from the masks,
//! at 64 and 1,024 games on one and two threads, for every game (`cargo run --release -p
//! tower-games --example batch_step [SECONDS [GAME]]`).

use std::time::Instant;

use board_kernel::batch::{Batch, BatchConfig, Buffers};
use board_kernel::{Game, SplitMix64};
use tower_games::registry::{self, GameVisitor};

struct Measure {
    envs: usize,
    threads: usize,
    seconds: f64,
}

impl GameVisitor for Measure {
    type Output = f64;
    fn visit<G: Game>(self, game: G) -> f64 {
        let config = BatchConfig {
            envs: self.envs,
            threads: self.threads,
            seed: 1,
            ..BatchConfig::default()
        };
        let mut batch = Batch::new(game, config).expect("a batch");
        let mut out = Buffers::for_batch(&batch);
        batch.reset(&mut out.view());
        let a = batch.actions().len();
        let mut rng = SplitMix64::new(1);
        let mut actions = vec![0_i64; self.envs];
        let mut legal = Vec::with_capacity(a);
        let mut steps = 0_u64;
        let start = Instant::now();
        loop {
            for _ in 0..8 {
                for (env, action) in actions.iter_mut().enumerate() {
                    legal.clear();
                    legal.extend(
                        out.masks[env * a..(env + 1) * a]
                            .iter()
                            .enumerate()
                            .filter(|(_, m)| **m)
                            .map(|(i, _)| i as i64),
                    );
                    *action = rng.choose(&legal).copied().unwrap_or(0);
                }
                batch.step(&actions, &mut out.view()).expect("legal");
            }
            steps += 8 * self.envs as u64;
            let elapsed = start.elapsed().as_secs_f64();
            if elapsed >= self.seconds {
                return elapsed * 1e9 / steps as f64;
            }
        }
    }
}

fn main() {
    let seconds = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(2.0);
    let only = std::env::args().nth(2);
    for &name in registry::names() {
        if only.as_deref().is_some_and(|o| o != name) {
            continue;
        }
        for (envs, threads) in [(64, 1), (64, 2), (1024, 1), (1024, 2)] {
            let ns = registry::visit(
                name,
                &[],
                Measure {
                    envs,
                    threads,
                    seconds,
                },
            )
            .expect("defaults are valid");
            println!("{name:18} {envs:5} x {threads}: {ns:7.0} ns a game-step");
        }
    }
}
