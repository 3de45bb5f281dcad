//! Bad input never panics, in any registered game: thousands of mutated position texts and
//! move texts go through the type-erased face. A mutated position that is accepted must print
//! as a text that parses back to itself; a mutated move that is accepted must be one of the
//! legal moves, and a refused one must leave the state unchanged.

use board_kernel::SplitMix64;
use board_kernel::erased::DynState;
use towers::registry;

const MUTATIONS: usize = 3_000;

/// A small random edit: delete, insert, replace or duplicate a character, or swap two.
fn mutate(text: &str, rng: &mut SplitMix64) -> String {
    const ALPHABET: &[u8] = b"0123456789abcdefghopqrwxyzBKMQW*#+-=/!>(). _:";
    let mut bytes = text.as_bytes().to_vec();
    let edits = 1 + rng.below(3);
    for _ in 0..edits {
        let at = if bytes.is_empty() {
            0
        } else {
            rng.below(bytes.len())
        };
        let c = ALPHABET[rng.below(ALPHABET.len())];
        match rng.below(5) {
            0 if !bytes.is_empty() => {
                bytes.remove(at);
            }
            1 => bytes.insert(at, c),
            2 if !bytes.is_empty() => bytes[at] = c,
            3 if !bytes.is_empty() => {
                let other = rng.below(bytes.len());
                bytes.swap(at, other);
            }
            _ if !bytes.is_empty() => {
                let b = bytes[at];
                bytes.insert(at, b);
            }
            _ => bytes.push(c),
        }
    }
    String::from_utf8_lossy(&bytes).into_owned()
}

/// Positions along a seeded random game, for a variety of texts to mutate.
fn sample_states(start: Box<dyn DynState>, rng: &mut SplitMix64) -> Vec<Box<dyn DynState>> {
    let mut states = vec![start.clone()];
    let mut state = start;
    for _ in 0..60 {
        let moves = state.legal_moves();
        let Some(mv) = rng.choose(&moves) else { break };
        let mv = mv.clone();
        state.play(&mv).expect("generated moves are legal");
        states.push(state.clone());
    }
    states
}

#[test]
fn mutated_position_texts_are_rejected_or_round_trip() {
    for name in registry::names() {
        let game = registry::build(name, &[]).expect("defaults are valid");
        let mut rng = SplitMix64::new(17);
        let texts: Vec<String> = sample_states(game.initial_state(), &mut rng)
            .iter()
            .map(|s| s.position_text())
            .collect();
        for _ in 0..MUTATIONS {
            let text = mutate(&texts[rng.below(texts.len())], &mut rng);
            if let Ok(state) = game.parse_position(&text) {
                let printed = state.position_text();
                let again = game
                    .parse_position(&printed)
                    .unwrap_or_else(|e| panic!("{name}: `{text}` prints as `{printed}`: {e}"));
                assert_eq!(again.position_text(), printed, "{name}: `{text}`");
            }
        }
    }
}

#[test]
fn mutated_move_texts_are_refused_or_legal() {
    for name in registry::names() {
        let game = registry::build(name, &[]).expect("defaults are valid");
        let mut rng = SplitMix64::new(29);
        let states = sample_states(game.initial_state(), &mut rng);
        for _ in 0..MUTATIONS {
            let state = &states[rng.below(states.len())];
            let legal = state.legal_moves();
            let Some(base) = rng.choose(&legal) else {
                continue;
            };
            let text = mutate(base, &mut rng);
            let mut tried = state.clone();
            match tried.play(&text) {
                Ok(played) => assert!(
                    legal.contains(&played),
                    "{name}: `{text}` was accepted as `{played}`, which is not a legal move"
                ),
                Err(e) => {
                    assert_eq!(
                        tried.position_text(),
                        state.position_text(),
                        "{name}: `{text}`"
                    );
                    assert!(!e.to_string().is_empty());
                }
            }
        }
    }
}
