//! Weights files are refused, with a reason, when they are damaged or made for something
//! else; never a panic, never a player silently weaker.

use std::collections::HashMap;
use std::sync::Arc;

use board_kernel::SplitMix64;
use board_kernel::testing::Nim;
use game_net::weights::Tensor;
use game_net::{NetEvaluator, NetMeta, Network, WeightsError, WeightsFile};

/// A small network for `game` with seeded values.
fn file_for(game: &Nim) -> WeightsFile {
    file_shaped(game, 8, 4)
}

/// A network for `game` with layers of `hidden` and a value head of `value_hidden` units.
fn file_shaped(game: &Nim, hidden: usize, value_hidden: usize) -> WeightsFile {
    let meta = NetMeta::for_game(game, hidden, 1, value_hidden);
    let mut rng = SplitMix64::new(3);
    let mut tensors = HashMap::new();
    for (layer, outputs, inputs) in meta.layers() {
        for (part, shape) in [("weight", vec![outputs, inputs]), ("bias", vec![outputs])] {
            let count = shape.iter().product();
            let values = (0..count).map(|_| rng.unit() as f32 - 0.5).collect();
            tensors.insert(format!("{layer}.{part}"), Tensor { shape, values });
        }
    }
    WeightsFile { meta, tensors }
}

#[test]
fn a_file_round_trips_through_bytes() {
    let game = Nim::pile(10, 3);
    let file = file_for(&game);
    let bytes = file.write().unwrap();
    let read = WeightsFile::read(&bytes).unwrap();
    assert_eq!(read.meta, file.meta);
    for (name, t) in &file.tensors {
        let back = &read.tensors[name];
        assert_eq!(back.shape, t.shape);
        for (a, b) in back.values.iter().zip(&t.values) {
            assert!((a - b).abs() < 1e-3, "{name}: {a} against {b}");
        }
    }
    let network = Arc::new(Network::from_bytes(&bytes).unwrap());
    assert!(NetEvaluator::new(network, &game).is_ok());
}

#[test]
fn truncated_or_corrupted_bytes_are_refused() {
    let bytes = file_for(&Nim::pile(10, 3)).write().unwrap();
    for cut in [0, 1, 7, 8, 20, bytes.len() / 2, bytes.len() - 1] {
        let error = Network::from_bytes(&bytes[..cut]).unwrap_err();
        assert!(
            matches!(error, WeightsError::Corrupt(_) | WeightsError::BadTensor(_)),
            "cut at {cut}: {error}"
        );
    }
    let mut rng = SplitMix64::new(11);
    for _ in 0..300 {
        let mut damaged = bytes.clone();
        for _ in 0..=rng.below(4) {
            let at = rng.below(damaged.len());
            damaged[at] ^= 1 << rng.below(8);
        }
        // Damage to the values may still read (as other numbers): only no panic is asked.
        let _ = Network::from_bytes(&damaged);
    }
    assert!(matches!(
        Network::from_bytes(b"\xff\xff\xff\xff\xff\xff\xff\xffjunk"),
        Err(WeightsError::Corrupt(_))
    ));
}

/// A layer of no units would leave the player nothing to compute with (and a row of no
/// values to step through): such a file is refused when read, not when played.
#[test]
fn layers_of_no_units_are_refused() {
    let game = Nim::pile(10, 3);
    for (hidden, value_hidden) in [(0, 4), (8, 0)] {
        let bytes = file_shaped(&game, hidden, value_hidden).write().unwrap();
        let error = Network::from_bytes(&bytes).unwrap_err();
        assert!(matches!(error, WeightsError::Foreign(_)), "{error}");
        assert!(error.to_string().contains("hidden"), "{error}");
    }
}

#[test]
fn values_that_are_not_numbers_are_refused() {
    let game = Nim::pile(10, 3);
    let mut file = file_for(&game);
    file.tensors.get_mut("policy.bias").unwrap().values[0] = f32::NAN;
    let error = Network::from_bytes(&file.write().unwrap()).unwrap_err();
    assert!(error.to_string().contains("policy.bias"), "{error}");
    let mut file = file_for(&game);
    file.tensors.remove("input.weight");
    let error = Network::from_bytes(&file.write().unwrap()).unwrap_err();
    assert!(matches!(error, WeightsError::BadTensor(_)), "{error}");
    assert!(
        error.to_string().contains("input.weight is missing")
            || error.to_string().contains("`input.weight` is missing"),
        "{error}"
    );
}

#[test]
fn weights_for_another_game_or_options_are_refused() {
    let trained = Nim::pile(10, 3);
    let bytes = file_for(&trained).write().unwrap();
    let network = Arc::new(Network::from_bytes(&bytes).unwrap());
    let other = Nim::pile(10, 2);
    let error = NetEvaluator::new(network.clone(), &other).unwrap_err();
    assert!(matches!(error, WeightsError::Mismatch { .. }), "{error}");
    assert!(error.to_string().contains("max_take=3"), "{error}");
    assert!(error.to_string().contains("max_take=2"), "{error}");
    let mut file = file_for(&trained);
    file.meta.game = "kamisado".into();
    let network = Arc::new(Network::from_bytes(&file.write().unwrap()).unwrap());
    let error = NetEvaluator::new(network, &trained).unwrap_err();
    assert!(
        error
            .to_string()
            .starts_with("the weights were trained for kamisado"),
        "{error}"
    );
}

#[test]
fn a_safetensors_file_of_someone_else_is_refused() {
    let mut file = file_for(&Nim::pile(10, 3));
    file.meta.spec = "0".into();
    let bytes = file.write().unwrap();
    // The format's name rewritten in place (same length): someone else's file.
    let mut foreign = bytes.clone();
    let at = foreign
        .windows(15)
        .position(|w| w == b"tower-games/net")
        .unwrap();
    foreign[at..at + 15].copy_from_slice(b"someone-else/ne");
    let error = Network::from_bytes(&foreign);
    assert!(matches!(error, Err(WeightsError::Foreign(_))), "{error:?}");
}
