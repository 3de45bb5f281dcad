//! Untrusted input end to end, for every registered game: the bodies of the fuzz targets in
//! `fuzz/` and of the robustness tests that always run on stable Rust.
//!
//! Each function takes raw bytes, as a fuzzer hands them: the first byte picks the game, the
//! rest is the input (read as UTF-8, invalid sequences replaced). Each returns whether the
//! input was accepted (`false`: refused cleanly), and **panics** when a promise is broken: a
//! parser or a move panicked, an accepted text does not print back to itself, a refusal
//! changed the state or named no rule, or a position that parsed breaks the game contract
//! later ([`board_kernel::conformance::check_playout`] plays a random game from it with every
//! per-state check).
//!
//! ```
//! // Kamisado's initial position text, then a random game from it, fully checked.
//! let kamisado = tower_games::registry::names().iter().position(|n| *n == "kamisado").unwrap();
//! let text = tower_games::registry::build("kamisado", &[])?.initial_state().position_text();
//! let mut data = vec![kamisado as u8];
//! data.extend_from_slice(text.as_bytes());
//! towers_robustness::position_text(&data);
//! towers_robustness::position_text(b"\x00 not a position");
//! # Ok::<(), tower_games::registry::RegistryError>(())
//! ```

use std::collections::HashMap;

use board_kernel::conformance::{Config, check_playout};
use board_kernel::erased::DynState;
use board_kernel::{Game, Illegal, MoveError, SplitMix64};

use tower_games::record::{Record, option_pairs};
use tower_games::registry::{self, GameVisitor};

/// Plies of random play checked after an accepted position or option set: enough to reach
/// captures, scoring and ends from most positions, few enough for a fuzzer's pace.
pub const PLAYOUT_PLIES: usize = 200;

/// The game a fuzz input is for, and the rest of the input.
fn split(data: &[u8]) -> Option<(&'static str, &[u8])> {
    let (&first, rest) = data.split_first()?;
    let names = registry::names();
    Some((names[usize::from(first) % names.len()], rest))
}

/// A 64-bit seed from bytes (FNV-1a), so each input plays its own random game.
fn seed_of(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

fn playout_config() -> Config {
    Config {
        games: 1,
        max_plies: PLAYOUT_PLIES,
        ..Config::default()
    }
}

/// Plays a fully checked random game from a parsed state, with the concrete game type.
struct Playout<'a> {
    text: &'a str,
    seed: u64,
}

impl GameVisitor for Playout<'_> {
    type Output = ();
    fn visit<G: Game>(self, game: G) {
        let Ok(state) = game.parse_position(self.text) else {
            return;
        };
        check_playout(&game, state, self.seed, &playout_config(), |_, _| Ok(()));
    }
}

/// A position text: refused, or accepted as a position whose text prints and parses back to
/// itself and from which a checked random game keeps the contract.
///
/// # Panics
/// When a promise is broken (see the module documentation).
pub fn position_text(data: &[u8]) -> bool {
    let Some((name, rest)) = split(data) else {
        return false;
    };
    let text = String::from_utf8_lossy(rest);
    let game = registry::build(name, &[]).expect("defaults are valid");
    let Ok(state) = game.parse_position(&text) else {
        return false;
    };
    let printed = state.position_text();
    let again = game.parse_position(&printed).unwrap_or_else(|e| {
        panic!("{name}: `{text}` was accepted but prints as `{printed}`, which is refused: {e}")
    });
    assert_eq!(
        again.position_text(),
        printed,
        "{name}: `{text}` does not print stably"
    );
    registry::visit(
        name,
        &[],
        Playout {
            text: &text,
            seed: seed_of(rest),
        },
    )
    .expect("defaults are valid");
    true
}

/// A game, a seed and a number of plies: where [`reachable`] goes.
type Reached = (&'static str, u64, usize);

/// Positions along a seeded random game of `plies` moves from the initial position, kept
/// per thread: a fuzzer asks for the same few hundred positions millions of times.
fn reachable(name: &'static str, seed: u64, plies: usize) -> Box<dyn DynState> {
    thread_local! {
        static CACHE: std::cell::RefCell<HashMap<Reached, Box<dyn DynState>>> =
            std::cell::RefCell::new(HashMap::new());
    }
    CACHE.with(|cache| {
        cache
            .borrow_mut()
            .entry((name, seed, plies))
            .or_insert_with(|| play_random(name, seed, plies))
            .clone_box()
    })
}

fn play_random(name: &str, seed: u64, plies: usize) -> Box<dyn DynState> {
    let game = registry::build(name, &[]).expect("defaults are valid");
    let mut rng = SplitMix64::new(seed);
    let mut state = game.initial_state();
    for _ in 0..plies {
        let moves = state.legal_moves();
        let Some(mv) = rng.choose(&moves) else { break };
        let mv = mv.clone();
        state.play(&mv).expect("generated moves are legal");
    }
    state
}

/// A move text tried in a reachable position (the second byte of `data`, modulo 128, is the
/// number of random plies that reach it): refused with the position unchanged and, when illegal, the
/// broken rule's section named; or accepted as one of the legal moves.
///
/// # Panics
/// When a promise is broken (see the module documentation).
pub fn move_text(data: &[u8]) -> bool {
    let Some((name, rest)) = split(data) else {
        return false;
    };
    let Some((&plies, text)) = rest.split_first() else {
        return false;
    };
    let text = String::from_utf8_lossy(text);
    let plies = plies % 128;
    let state = reachable(name, u64::from(plies), usize::from(plies));
    let legal = state.legal_moves();
    let before = state.position_text();
    let mut tried = state.clone_box();
    match tried.play(&text) {
        Ok(played) => {
            assert!(
                legal.contains(&played),
                "{name}: `{text}` in `{before}` was accepted as `{played}`, which is not a legal move"
            );
            let mut again = state.clone_box();
            assert_eq!(
                again.play(&played).as_deref(),
                Ok(played.as_str()),
                "{name}: `{played}` does not replay"
            );
            assert_eq!(again.position_text(), tried.position_text());
            true
        }
        Err(e) => {
            assert_eq!(
                tried.position_text(),
                before,
                "{name}: the refused `{text}` changed the position"
            );
            match &e {
                MoveError::Illegal {
                    illegal: Illegal::Breaks { rule, .. },
                    ..
                } => assert!(rule.starts_with('§'), "{name}: `{e}` names no rule"),
                MoveError::Illegal {
                    illegal: Illegal::GameOver,
                    ..
                } => assert!(legal.is_empty(), "{name}: game over with legal moves"),
                MoveError::Parse(_) => {}
            }
            assert!(
                e.to_string().len() < 1_000,
                "{name}: a {}-byte error",
                e.to_string().len()
            );
            false
        }
    }
}

/// Option settings, one `KEY=VALUE` a line: refused, or a game whose options print back to
/// the same game and whose initial position keeps the contract through a checked random game.
///
/// # Panics
/// When a promise is broken (see the module documentation).
pub fn option_settings(data: &[u8]) -> bool {
    let Some((name, rest)) = split(data) else {
        return false;
    };
    let text = String::from_utf8_lossy(rest);
    let settings: Vec<String> = text.lines().map(str::to_owned).collect();
    let Ok(pairs) = option_pairs(&settings) else {
        return false;
    };
    let Ok(game) = registry::build(name, &pairs) else {
        return false;
    };
    let printed: Vec<(String, String)> = game
        .option_values()
        .into_iter()
        .map(|(k, v)| (k.to_owned(), v))
        .collect();
    let again = registry::build(name, &printed)
        .unwrap_or_else(|e| panic!("{name}: options {pairs:?} print as {printed:?}, refused: {e}"));
    assert_eq!(again.option_values(), game.option_values(), "{name}");
    let start = game.initial_state().position_text();
    struct Options<'a> {
        start: &'a str,
        seed: u64,
    }
    impl GameVisitor for Options<'_> {
        type Output = ();
        fn visit<G: Game>(self, game: G) {
            let state = game
                .parse_position(self.start)
                .expect("the initial position parses");
            check_playout(&game, state, self.seed, &playout_config(), |_, _| Ok(()));
        }
    }
    registry::visit(
        name,
        &pairs,
        Options {
            start: &start,
            seed: seed_of(rest),
        },
    )
    .expect("the options were accepted once");
    true
}

/// A game record's JSON (all of `data`; records name their game): refused, or replayed with
/// every move validated and a final position that prints back to itself.
///
/// # Panics
/// When a promise is broken (see the module documentation).
pub fn record_json(data: &[u8]) -> bool {
    let text = String::from_utf8_lossy(data);
    let Ok(record) = Record::from_json(&text) else {
        return false;
    };
    if let Ok(replayed) = record.replay() {
        let printed = replayed.state.position_text();
        let again = replayed
            .game
            .parse_position(&printed)
            .unwrap_or_else(|e| panic!("a replayed record ends in `{printed}`, refused: {e}"));
        assert_eq!(again.position_text(), printed);
        let _ = record.verify();
        return true;
    }
    false
}

/// Starting inputs for a target (`position`, `move`, `options`, `record`): the rule books'
/// positions and options, positions and moves along seeded random games, and records of
/// such games. The fuzz targets start from these; the robustness tests mutate them.
#[must_use]
pub fn seed_corpus(target: &str) -> Vec<Vec<u8>> {
    let mut corpus = Vec::new();
    for (index, name) in registry::names().iter().enumerate() {
        let tag = index as u8;
        let with_tag = |text: &str| {
            let mut bytes = vec![tag];
            bytes.extend_from_slice(text.as_bytes());
            bytes
        };
        let game = registry::build(name, &[]).expect("defaults are valid");
        let book = game.rule_book();
        match target {
            "position" => {
                // The target reads positions under the default options.
                for (_, setup) in book.setups() {
                    if let (Some(p), []) = (setup.position, setup.options) {
                        corpus.push(with_tag(p));
                    }
                }
                for plies in [0, 5, 20, 60, 150] {
                    corpus.push(with_tag(
                        &reachable(name, plies as u64, plies).position_text(),
                    ));
                }
            }
            "move" => {
                for plies in [0u8, 3, 10, 40] {
                    let state = reachable(name, u64::from(plies), usize::from(plies));
                    for mv in state.legal_moves().iter().take(3) {
                        let mut bytes = vec![tag, plies];
                        bytes.extend_from_slice(mv.as_bytes());
                        corpus.push(bytes);
                    }
                }
            }
            "options" => {
                for (_, setup) in book.setups() {
                    let lines: Vec<String> = setup
                        .options
                        .iter()
                        .map(|(k, v)| format!("{k}={v}"))
                        .collect();
                    corpus.push(with_tag(&lines.join("\n")));
                }
                let defaults: Vec<String> = game
                    .option_values()
                    .into_iter()
                    .map(|(k, v)| format!("{k}={v}"))
                    .collect();
                corpus.push(with_tag(&defaults.join("\n")));
            }
            "record" => {
                let mut rng = SplitMix64::new(7);
                let mut moves = Vec::new();
                let mut s = game.initial_state();
                for _ in 0..30 {
                    let legal = s.legal_moves();
                    let Some(mv) = rng.choose(&legal) else { break };
                    let mv = mv.clone();
                    s.play(&mv).expect("generated moves are legal");
                    moves.push(mv);
                }
                let record = Record {
                    game: (*name).to_owned(),
                    options: game
                        .option_values()
                        .into_iter()
                        .map(|(k, v)| format!("{k}={v}"))
                        .collect(),
                    position: None,
                    white: "random".into(),
                    black: "random".into(),
                    seed: 7,
                    moves,
                    result: None,
                    forfeit: None,
                };
                corpus.push(
                    serde_json::to_string(&record)
                        .expect("records serialise")
                        .into_bytes(),
                );
            }
            _ => {}
        }
    }
    corpus
}
