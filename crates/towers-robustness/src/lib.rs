//! Untrusted input end to end, for every registered game: the bodies of the fuzz targets in
//! `fuzz/` and of the robustness tests that always run on stable Rust.
//!
//! Each function takes raw bytes, as a fuzzer hands them: the first byte picks the game, the
//! rest is the input (read as UTF-8, invalid sequences replaced). Each returns whether the
//! input was accepted (`false`: refused cleanly), and **panics** when a promise is broken: a
//! parser, a move or a step panicked, an accepted text does not print back to itself, a refusal
//! changed the state or named no rule, a turn built step by step completes a move that is not
//! legal, or a position that parsed breaks the game contract later
//! ([`board_kernel::conformance::check_playout`] plays a random game from it with every
//! per-state check).
//!
//! For positions, moves and turns the first byte also picks the game's options: the game is
//! the byte modulo the number of games, and the byte divided by it indexes [`option_sets`]
//! (0 is the defaults, so the inputs written before options were chosen keep their meaning).
//!
//! A module per target holds its body and its seeds: [`position`](position_text),
//! [`moves`](move_text), [`turn`](turn_steps), [`options`](option_settings) and
//! [`record`](record_json). Beside them, what the targets share: the option sets a first byte
//! picks ([`option_sets`]), the positions along random games where moves and turns are tried,
//! and the checked random game that follows an accepted position or option set.
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

mod moves;
mod option_sets;
mod options;
mod playout;
mod position;
mod reached;
mod record;
mod turn;

use tower_games::registry;

pub use moves::move_text;
pub use option_sets::option_sets;
pub use options::option_settings;
pub use playout::PLAYOUT_PLIES;
pub use position::position_text;
pub use record::record_json;
pub use turn::turn_steps;

/// Option settings as `KEY=VALUE` pairs, as [`registry::build`] takes them.
pub type Pairs = Vec<(String, String)>;

/// Starting inputs for a target (`position`, `move`, `turn`, `options`, `record`): the rule
/// books' positions and options, positions, moves and turns along seeded random games under
/// every option set of [`option_sets`], and records of such games. The fuzz targets start from
/// these; the robustness tests mutate them. An unknown target has none.
#[must_use]
pub fn seed_corpus(target: &str) -> Vec<Vec<u8>> {
    let mut corpus = Vec::new();
    for (index, &name) in registry::names().iter().enumerate() {
        match target {
            "position" => position::seeds(index, name, &mut corpus),
            "move" => moves::seeds(index, name, &mut corpus),
            "turn" => turn::seeds(index, name, &mut corpus),
            "options" => options::seeds(index, name, &mut corpus),
            "record" => record::seeds(name, &mut corpus),
            _ => {}
        }
    }
    corpus
}

/// The game a fuzz input is for, and the rest of the input.
fn split(data: &[u8]) -> Option<(&'static str, &[u8])> {
    let (&first, rest) = data.split_first()?;
    let names = registry::names();
    Some((names[usize::from(first) % names.len()], rest))
}

/// The game, its option set and the rest of an input whose first byte picks both (see the
/// crate documentation).
fn split_with_options(data: &[u8]) -> Option<(&'static str, usize, &[u8])> {
    let (&first, rest) = data.split_first()?;
    let names = registry::names();
    let name = names[usize::from(first) % names.len()];
    let set = usize::from(first) / names.len() % option_sets(name).len();
    Some((name, set, rest))
}

/// The first byte of an input for game number `game` under its option set number `set`: what
/// [`split_with_options`] reads back.
fn tag(game: usize, set: usize) -> u8 {
    u8::try_from(set * registry::names().len() + game).expect("few games and option sets")
}

/// An input: its first byte `tag` (made by [`tag`]), then `text`.
fn tagged(tag: u8, text: &str) -> Vec<u8> {
    let mut bytes = vec![tag];
    bytes.extend_from_slice(text.as_bytes());
    bytes
}
