//! The learning machinery on games small enough to check by hand: the network's forward pass
//! in `game-net` is candle's, and a few seconds of self-play training teach Nim's winning
//! moves to the network alone, without a search.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use board_kernel::observe::{ActionSpace, TurnView};
use board_kernel::prelude::*;
use board_kernel::testing::Nim;
use board_kernel::{Side, SplitMix64};
use candle_core::{Device, Tensor};
use game_ai::PlayerSpec;
use game_ai::puct::Evaluator as _;
use game_net::{NetEvaluator, NetMeta, Network, WeightsFile};
use game_train::model::Model;
use game_train::{TrainConfig, run};

fn temp_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("game-train-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

#[test]
fn the_plain_forward_pass_is_candles() {
    let game = Nim::pile(30, 5);
    let meta = NetMeta::for_game(&game, 24, 2, 8);
    let model = Model::new(meta.clone(), 7).unwrap();
    let file = model.to_file().unwrap();
    let network = Network::from_file(&file).unwrap();
    let mut rng = SplitMix64::new(1);
    let rows = 5;
    let inputs: Vec<f32> = (0..rows * meta.input)
        .map(|_| {
            if rng.below(3) == 0 {
                rng.unit() as f32
            } else {
                0.0
            }
        })
        .collect();
    let x = Tensor::from_slice(&inputs, (rows, meta.input), &Device::Cpu).unwrap();
    let (logits, values) = model.forward(&x).unwrap();
    let logits = logits.to_vec2::<f32>().unwrap();
    let values = values.to_vec1::<f32>().unwrap();
    let mut scratch = game_net::network::Scratch::default();
    let mut out = vec![0.0; meta.actions];
    for r in 0..rows {
        let value = network.forward(
            &inputs[r * meta.input..(r + 1) * meta.input],
            &mut out,
            &mut scratch,
        );
        assert!(
            (value - values[r]).abs() < 1e-5,
            "value {value} against {}",
            values[r]
        );
        for (a, b) in out.iter().zip(&logits[r]) {
            assert!((a - b).abs() < 1e-4, "logit {a} against {b}");
        }
    }
    // Through a file (16-bit floats) the answers move by little.
    let bytes = file.write().unwrap();
    let read = Network::from_bytes(&bytes).unwrap();
    let value = read.forward(&inputs[..meta.input], &mut out, &mut scratch);
    assert!((value - values[0]).abs() < 1e-2);
    // And a file read back trains on from where it was.
    let again = Model::from_file(&WeightsFile::read(&bytes).unwrap()).unwrap();
    let (_, v) = again.forward(&x).unwrap();
    assert!((v.to_vec1::<f32>().unwrap()[0] - values[0]).abs() < 1e-2);
}

#[test]
fn the_policy_is_zero_off_the_mask() {
    let game = Nim::pile(12, 3);
    let model = Model::new(NetMeta::for_game(&game, 16, 1, 8), 3).unwrap();
    let network = Arc::new(Network::from_file(&model.to_file().unwrap()).unwrap());
    let mut evaluator = NetEvaluator::new(network, &game).unwrap();
    let space = ActionSpace::of(&game);
    let spec = game.observation_spec();
    let mut rng = SplitMix64::new(9);
    for stones in 1..=12 {
        let state = game.parse_position(&format!("{stones} w")).unwrap();
        let mut observation = vec![0; spec.len()];
        game.observe(&TurnView::start_of(&state), &mut observation);
        for _ in 0..20 {
            let mask: Vec<bool> = (0..space.len()).map(|_| rng.below(3) == 0).collect();
            let mut policy = vec![0.5; space.len()];
            let value = evaluator.evaluate_one(&observation, &mask, &mut policy);
            assert!((-1.0..=1.0).contains(&value));
            for (p, m) in policy.iter().zip(&mask) {
                assert!(*m || *p == 0.0, "{policy:?} {mask:?}");
            }
            if mask.iter().any(|m| *m) {
                assert!((policy.iter().sum::<f32>() - 1.0).abs() < 1e-4);
            }
        }
    }
    let _ = evaluator.describe();
}

/// Generations of the Nim training run.
const GENERATIONS: u64 = 30;

/// Seconds of self-play training: the network alone (its most likely action, no search)
/// then plays the winning take in at least 90% of the positions that have one.
#[test]
fn a_few_seconds_of_self_play_learn_nims_winning_moves() {
    let game = Nim::pile(21, 3);
    let out = temp_dir("nim");
    let mut config = TrainConfig::new(out.clone(), PlayerSpec::Random);
    // Counted in generations, not time, so that a slow machine learns as much.
    config.hours = 1.0;
    config.generations = Some(GENERATIONS);
    config.seed = 5;
    config.hidden = 48;
    config.value_hidden = 16;
    config.games_per_generation = 32;
    config.selfplay.simulations = 48;
    config.selfplay.fast_simulations = 16;
    config.selfplay.full_share = 0.5;
    config.selfplay.temperature_decisions = 4;
    config.batch_size = 64;
    config.learning_rate = 3e-3;
    config.sample_reuse = 8.0;
    config.evaluation.games = 0;
    let stop = AtomicBool::new(false);
    let mut progress = Vec::new();
    let state = run(&game, &config, &stop, &mut progress).unwrap();
    assert_eq!(state.generation, GENERATIONS);
    let bytes = std::fs::read(out.join("latest.safetensors")).unwrap();
    let mut evaluator =
        NetEvaluator::new(Arc::new(Network::from_bytes(&bytes).unwrap()), &game).unwrap();
    let space = ActionSpace::of(&game);
    let spec = game.observation_spec();
    let (mut right, mut positions) = (0, 0);
    for stones in 1..=21u32 {
        if stones % 4 == 0 {
            continue;
        }
        for side in [Side::White, Side::Black] {
            let state = game
                .parse_position(&format!("{stones} {}", side.letter()))
                .unwrap();
            let mut observation = vec![0; spec.len()];
            game.observe(&TurnView::start_of(&state), &mut observation);
            let mut mask = vec![false; space.len()];
            let mut moves = Vec::new();
            game.legal_moves(&state, &mut moves);
            for mv in &moves {
                let mut steps = Vec::new();
                game.move_steps(&state, mv, &mut steps);
                mask[space.action(steps[0].step).unwrap()] = true;
            }
            let mut policy = vec![0.0; space.len()];
            evaluator.evaluate_one(&observation, &mask, &mut policy);
            let best = (0..space.len())
                .max_by(|&a, &b| policy[a].total_cmp(&policy[b]))
                .unwrap();
            positions += 1;
            right += usize::from(best as u32 + 1 == stones % 4);
        }
    }
    let log = String::from_utf8_lossy(&progress);
    eprintln!("{right} of {positions}");
    assert!(
        right * 10 >= positions * 9,
        "{right} of {positions} positions after {} generations\n{log}",
        state.generation
    );
    std::fs::remove_dir_all(&out).unwrap();
}

/// A new run can start from weights (the shipped ones, when a run's folder is gone): it
/// counts generations on from theirs and trains them further; weights of another game, or a
/// damaged file, are refused with the reason before anything is played.
#[test]
fn a_run_starts_from_given_weights_and_refuses_unfit_ones() {
    let game = Nim::pile(12, 3);
    let dir = temp_dir("init");
    std::fs::create_dir_all(&dir).unwrap();
    let mut start = Model::new(NetMeta::for_game(&game, 16, 1, 8), 3).unwrap();
    start.set_generation(7, "a test's weights".into());
    let start_bytes = start.to_file().unwrap().write().unwrap();
    let init = dir.join("start.safetensors");
    std::fs::write(&init, &start_bytes).unwrap();
    let mut config = TrainConfig::new(dir.join("run"), PlayerSpec::Random);
    config.init = Some(init.clone());
    config.generations = Some(9);
    config.games_per_generation = 4;
    config.selfplay.simulations = 8;
    config.selfplay.fast_simulations = 4;
    config.batch_size = 16;
    config.evaluation.games = 0;
    // Ignored: the file's architecture is kept.
    config.hidden = 99;
    let stop = AtomicBool::new(false);
    let mut progress = Vec::new();
    let state = run(&game, &config, &stop, &mut progress).unwrap();
    assert_eq!(
        state.generation,
        9,
        "{}",
        String::from_utf8_lossy(&progress)
    );
    let trained =
        WeightsFile::read(&std::fs::read(dir.join("run/latest.safetensors")).unwrap()).unwrap();
    assert_eq!((trained.meta.generation, trained.meta.hidden), (9, 16));
    assert_ne!(
        trained.write().unwrap(),
        start_bytes,
        "the weights were trained"
    );
    let log = std::fs::read_to_string(dir.join("run/log.csv")).unwrap();
    let generations: Vec<&str> = log
        .lines()
        .skip(1)
        .map(|l| &l[..l.find(',').unwrap()])
        .collect();
    assert_eq!(generations, ["8", "9"]);

    // Another game's weights, and a truncated file, are refused.
    let other = Nim::pile(21, 5);
    let mut refused = TrainConfig::new(dir.join("other"), PlayerSpec::Random);
    refused.init = Some(init.clone());
    let error = run(&other, &refused, &stop, &mut Vec::new())
        .unwrap_err()
        .to_string();
    assert!(error.starts_with("the starting weights: "), "{error}");
    assert!(error.contains("start.safetensors"), "{error}");
    std::fs::write(&init, &start_bytes[..start_bytes.len() / 2]).unwrap();
    let error = run(&game, &config, &stop, &mut Vec::new())
        .unwrap_err()
        .to_string();
    assert!(error.starts_with("the starting weights: "), "{error}");
    refused.init = Some(dir.join("missing.safetensors"));
    let error = run(&game, &refused, &stop, &mut Vec::new())
        .unwrap_err()
        .to_string();
    assert!(error.contains("cannot read"), "{error}");
    std::fs::remove_dir_all(&dir).unwrap();
}
