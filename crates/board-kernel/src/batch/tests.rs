use super::*;
use crate::testing::Nim;

fn batch(envs: usize, threads: usize, autoreset: Autoreset) -> (Batch<Nim>, Buffers) {
    let batch = Batch::new(
        Nim::pile(5, 3),
        BatchConfig {
            envs,
            threads,
            autoreset,
            ..BatchConfig::default()
        },
    )
    .unwrap();
    let out = Buffers::for_batch(&batch);
    (batch, out)
}

#[test]
fn a_refused_action_changes_no_game() {
    let (mut batch, mut out) = batch(3, 2, Autoreset::NextStep);
    batch.reset(&mut out.view());
    let before = out.clone();
    for bad in [vec![0, 0, 7], vec![0, -1, 0], vec![0, 4, 0], vec![0, 0]] {
        assert!(batch.step(&bad, &mut out.view()).is_err(), "{bad:?}");
        assert_eq!(out.observations, before.observations);
    }
    let error = batch.step(&[0, 0, 4], &mut out.view()).unwrap_err();
    assert!(error.to_string().starts_with("game 2: action 4"), "{error}");
    for i in 0..3 {
        assert_eq!(batch.cursor(i).start().stones, 5);
    }
}

#[test]
fn the_mover_gets_the_reward_and_the_next_step_starts_again() {
    let (mut batch, mut out) = batch(2, 1, Autoreset::NextStep);
    batch.reset(&mut out.view());
    batch.step(&[2, 0], &mut out.view()).unwrap(); // 5 -> 2, 5 -> 4
    batch.step(&[1, 0], &mut out.view()).unwrap(); // Black takes the last two; 4 -> 3
    assert_eq!(out.terminated, [true, false]);
    assert_eq!(out.rewards, [1.0, 0.0]);
    assert_eq!(out.returns, [-1.0, 1.0, 0.0, 0.0]);
    assert!(
        out.masks[..6].iter().all(|&m| !m),
        "a finished game offers nothing"
    );
    // The ended game's action is ignored; it starts again.
    batch.step(&[99, 2], &mut out.view()).unwrap(); // 3 -> 0: White wins game 1
    assert_eq!(out.terminated, [false, true]);
    assert_eq!(out.rewards, [0.0, 1.0]);
    assert_eq!(batch.cursor(0).start().stones, 5);
    assert_eq!(out.players, [0, 1]);
}

#[test]
fn same_step_starts_again_at_once_and_keeps_the_last_observation() {
    let (mut batch, mut out) = batch(1, 1, Autoreset::SameStep);
    batch.reset(&mut out.view());
    batch.step(&[1], &mut out.view()).unwrap(); // 5 -> 3
    batch.step(&[2], &mut out.view()).unwrap(); // Black takes 3: wins
    assert_eq!((out.terminated[0], out.rewards[0]), (true, 1.0));
    assert_eq!(batch.cursor(0).start().stones, 5);
    assert_eq!(out.observations[..5], [1, 1, 1, 1, 1]);
    assert_eq!(out.final_observations[..5], [0, 0, 0, 0, 0]);
    assert_eq!(out.players, [0]);
}

#[test]
fn disabled_refuses_a_finished_game_until_it_is_reset() {
    let (mut batch, mut out) = batch(2, 1, Autoreset::Disabled);
    batch.reset(&mut out.view());
    batch.step(&[2, 0], &mut out.view()).unwrap();
    batch.step(&[1, 0], &mut out.view()).unwrap();
    let error = batch.step(&[0, 0], &mut out.view()).unwrap_err();
    assert!(error.to_string().contains("game 0"), "{error}");
    batch.reset_envs(&[true, false], &mut out.view()).unwrap();
    batch.step(&[0, 0], &mut out.view()).unwrap();
}

#[test]
fn truncation_cuts_a_game_at_its_action_limit() {
    let mut batch = Batch::new(
        Nim::pile(9, 1),
        BatchConfig {
            max_actions: Some(3),
            ..BatchConfig::default()
        },
    )
    .unwrap();
    let mut out = Buffers::for_batch(&batch);
    batch.reset(&mut out.view());
    for expected in [false, false, true] {
        batch.step(&[0], &mut out.view()).unwrap();
        assert_eq!(out.truncated[0], expected);
        assert!(!out.terminated[0]);
    }
}

#[test]
fn threads_change_nothing() {
    // `pooled`: the batch's own pool where the `rayon` feature gives one, else threads
    // started each step.
    let run = |threads: usize, pooled: bool| {
        let mut batch = Batch::new(
            Nim::pile(21, 4),
            BatchConfig {
                envs: 37,
                threads,
                random_opening: 2,
                seed: 9,
                autoreset: Autoreset::SameStep,
                ..BatchConfig::default()
            },
        )
        .unwrap();
        #[cfg(feature = "rayon")]
        {
            assert_eq!(batch.pool.is_some(), threads > 1);
            if !pooled {
                batch.pool = None;
            }
        }
        #[cfg(not(feature = "rayon"))]
        let _ = pooled;
        let mut out = Buffers::for_batch(&batch);
        batch.reset(&mut out.view());
        let mut rng = SplitMix64::new(3);
        let mut seen = Vec::new();
        let a = batch.actions().len();
        for _ in 0..200 {
            let actions: Vec<i64> = (0..37)
                .map(|i| {
                    let legal: Vec<usize> = (0..a).filter(|&k| out.masks[i * a + k]).collect();
                    *rng.choose(&legal).unwrap() as i64
                })
                .collect();
            batch.step(&actions, &mut out.view()).unwrap();
            seen.push(out.clone().observations);
            seen.push(out.rewards.iter().map(|r| *r as u8).collect());
        }
        seen
    };
    let one = run(1, true);
    assert_eq!(one, run(3, true));
    assert_eq!(one, run(3, false));
    assert_eq!(one, run(2, true));
    // 37 games on 12 threads are 9 parts of 4 and one of 1: fewer parts than threads.
    assert_eq!(one, run(12, true));
}

#[test]
fn a_zeroed_buffer_is_not_cleared_again_and_gives_the_same_observations() {
    // As the Python package steps: a new zeroed observation buffer every step, said to be
    // zeroed, against one buffer cleared by the batch; in both autoreset modes that write
    // a game's observation once or twice a step.
    for autoreset in [Autoreset::NextStep, Autoreset::SameStep] {
        let config = BatchConfig {
            envs: 23,
            // A new game's observation (a whole pile, White to move) covers less than some
            // final ones (Black to move), so an observation written over one uncleared
            // shows.
            random_opening: 0,
            autoreset,
            ..BatchConfig::default()
        };
        let mut cleared = Batch::new(Nim::pile(9, 3), config).unwrap();
        let mut fresh = Batch::new(Nim::pile(9, 3), config).unwrap();
        let mut a = Buffers::for_batch(&cleared);
        let mut b = Buffers::for_batch(&fresh);
        cleared.reset(&mut a.view());
        fresh.reset(&mut b.view());
        let mut rng = SplitMix64::new(8);
        let n = cleared.actions().len();
        for _ in 0..300 {
            let actions: Vec<i64> = (0..23)
                .map(|i| {
                    let legal: Vec<usize> = (0..n).filter(|&k| a.masks[i * n + k]).collect();
                    rng.choose(&legal).map_or(0, |&k| k as i64)
                })
                .collect();
            cleared.step(&actions, &mut a.view()).unwrap();
            b.observations.fill(0);
            b.final_observations.fill(0);
            let mut view = b.view();
            view.observations_zeroed = true;
            fresh.step(&actions, &mut view).unwrap();
            assert_eq!(a.observations, b.observations);
            assert_eq!(a.final_observations, b.final_observations);
            assert_eq!(a.masks, b.masks);
        }
    }
}

#[test]
fn on_several_threads_the_first_refused_game_is_named_and_none_moves() {
    // Each part checks its own games; a refusal in any part stops every part, and the error
    // names the batch's first illegal game whichever part found it.
    for threads in [2, 3, 4] {
        let (mut batch, mut out) = batch(10, threads, Autoreset::NextStep);
        batch.reset(&mut out.view());
        let before = out.clone();
        let mut actions = vec![0_i64; 10];
        actions[9] = 7;
        actions[6] = -1;
        let error = batch.step(&actions, &mut out.view()).unwrap_err();
        assert!(
            error.to_string().starts_with("game 6: action -1"),
            "{error}"
        );
        assert_eq!(out.observations, before.observations);
        assert!((0..10).all(|i| batch.cursor(i).start().stones == 5));
        // The next step, all legal, moves every game.
        batch.step(&[0; 10], &mut out.view()).unwrap();
        assert!((0..10).all(|i| batch.cursor(i).start().stones == 4));
    }
}
