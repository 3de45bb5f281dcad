//! The search on Nim guided by an evaluator that knows the game, sometimes with a misleading
//! policy.

use board_kernel::SplitMix64;
use board_kernel::prelude::*;
use board_kernel::steps::TurnCursor;
use board_kernel::testing::Nim;

use super::*;
use crate::Player;

/// Knows Nim: a pile that is a multiple of `max_take + 1` is lost for the mover. Reads
/// the observation only (the stones are the ones of plane 0).
struct NimOracle {
    max_take: usize,
    /// A pile where the policy misleads: most of it on taking one.
    mislead_at: Option<usize>,
}

impl Evaluator<Nim> for NimOracle {
    fn describe(&self) -> String {
        "nim oracle".into()
    }
    fn evaluate(&mut self, batch: &mut EvalBatch) {
        let columns = batch.actions - 1;
        for i in 0..batch.len() {
            let stones = batch.observation(i)[..columns]
                .iter()
                .filter(|&&b| b == 1)
                .count();
            batch.values[i] = if stones % (self.max_take + 1) == 0 {
                -1.0
            } else {
                1.0
            };
            let legal: Vec<usize> = (0..batch.actions).filter(|&a| batch.mask(i)[a]).collect();
            let policy = &mut batch.policies[i * batch.actions..(i + 1) * batch.actions];
            for &a in &legal {
                policy[a] = 1.0 / legal.len() as f32;
            }
            if self.mislead_at == Some(stones) && legal.len() > 1 {
                for &a in &legal {
                    policy[a] = 0.2 / (legal.len() - 1) as f32;
                }
                policy[legal[0]] = 0.8;
            }
        }
    }
}

#[test]
fn the_search_finds_the_winning_take_from_values_alone() {
    for stones in [5, 6, 7, 9, 10, 11] {
        let game = Nim::pile(stones, 3);
        for mislead_at in [None, Some(stones as usize)] {
            let mut player = Puct::new(
                "neural".into(),
                PuctConfig {
                    budget: Budget::Count(200),
                    ..PuctConfig::default()
                },
                Box::new(NimOracle {
                    max_take: 3,
                    mislead_at,
                }),
                1,
            );
            let mv = player.choose(&game, &game.initial_state()).unwrap();
            assert_eq!((stones - mv.0) % 4, 0, "{stones} stones: took {}", mv.0);
        }
    }
}

#[test]
fn policy_counts_visits_and_descend_keeps_the_subtree() {
    let game = Nim::pile(10, 3);
    let cursor = TurnCursor::new(&game, &game.initial_state()).unwrap();
    let mut tree = PuctTree::new(&game, PuctConfig::default(), cursor).unwrap();
    let mut batch = EvalBatch::for_game(&game);
    let mut rng = SplitMix64::new(3);
    let mut oracle = NimOracle {
        max_take: 3,
        mislead_at: None,
    };
    tree.run(&game, &mut oracle, &mut batch, &mut rng, |_, t| {
        t.visits() >= 200
    });
    let policy = tree.policy();
    assert!((policy.iter().sum::<f32>() - 1.0).abs() < 1e-5);
    assert!(
        policy[3..].iter().all(|&p| p == 0.0),
        "only takes of 1 to 3"
    );
    assert_eq!(tree.best(), Some(1), "take 2, leaving 8");
    assert!(tree.value() > 0.5, "{}", tree.value());
    let visits = tree.children()[1].1;
    let mv = tree.descend(&game, 1).unwrap();
    assert_eq!(mv.map(|m| m.0), Some(2));
    assert_eq!(tree.visits(), visits);
    assert_eq!(tree.cursor().start().stones, 8);
    assert!(tree.descend(&game, 9).is_err());
}

#[test]
fn a_finished_game_has_no_tree() {
    let game = Nim::pile(1, 1);
    let mut state = game.initial_state();
    game.play_text(&mut state, "1").unwrap();
    assert!(TurnCursor::new(&game, &state).is_err());
}

/// Knows nothing: every position is worth 0 and every action as likely.
struct Blind;

impl Evaluator<Nim> for Blind {
    fn describe(&self) -> String {
        "blind".into()
    }
    fn evaluate(&mut self, batch: &mut EvalBatch) {
        for i in 0..batch.len() {
            batch.values[i] = 0.0;
            let legal: Vec<usize> = (0..batch.actions).filter(|&a| batch.mask(i)[a]).collect();
            for &a in &legal {
                batch.policies[i * batch.actions + a] = 1.0 / legal.len() as f32;
            }
        }
    }
}

/// Searches `stones` of Nim (takes of 1 to 3) with the blind evaluator for up to 5,000
/// visits: the tree and the simulations run.
fn blind_search(stones: u32, solver: bool) -> (PuctTree<Nim>, u32) {
    let game = Nim::pile(stones, 3);
    let cursor = TurnCursor::new(&game, &game.initial_state()).unwrap();
    let config = PuctConfig {
        solver,
        ..PuctConfig::default()
    };
    let mut tree = PuctTree::new(&game, config, cursor).unwrap();
    let mut batch = EvalBatch::for_game(&game);
    let mut rng = SplitMix64::new(5);
    let ran = tree.run(&game, &mut Blind, &mut batch, &mut rng, |_, t| {
        t.visits() >= 5_000
    });
    (tree, ran)
}

#[test]
fn the_solver_proves_wins_and_losses_the_values_cannot_see() {
    // Six stones: taking two leaves four, lost for the opponent whatever it takes. The
    // evaluator says nothing; only the finished games at the bottom of the tree do.
    let (won, ran) = blind_search(6, true);
    assert!(won.is_solved());
    assert_eq!(won.best(), Some(1), "take 2, leaving 4");
    assert_eq!(won.value(), 1.0);
    assert!(
        ran < 5_000,
        "the search stops once the root is proven ({ran})"
    );
    // Eight stones: every take leaves a pile the opponent wins from.
    let (lost, _) = blind_search(8, true);
    assert!(lost.is_solved());
    assert_eq!(lost.value(), -1.0);
    // Without the solver the same search proves nothing and runs its whole budget.
    let (unproven, ran) = blind_search(6, false);
    assert!(!unproven.is_solved());
    assert!(unproven.value() < 1.0);
    assert!(ran >= 4_990, "{ran}");
}
