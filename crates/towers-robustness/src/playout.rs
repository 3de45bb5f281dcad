//! The deep check after an accepted position or option set: a random game from it with every
//! per-state check of the conformance suite, played with the game's concrete type.

use board_kernel::Game;
use board_kernel::conformance::{Config, check_playout};
use tower_games::registry::{self, GameVisitor, RegistryError};

/// Plies of random play checked after an accepted position or option set: enough to reach
/// captures, scoring and ends from most positions, few enough for a fuzzer's pace.
pub const PLAYOUT_PLIES: usize = 200;

/// Plays a fully checked random game of `name` under `pairs` from the position `text`, seeded
/// by `input` so each input plays its own game: `Ok(false)` when the game refuses the text,
/// `Err` when the options do not build.
///
/// # Panics
/// When the game breaks its contract along the way.
pub(crate) fn checked_playout(
    name: &str,
    pairs: &[(String, String)],
    text: &str,
    input: &[u8],
) -> Result<bool, RegistryError> {
    registry::visit(
        name,
        pairs,
        Playout {
            text,
            seed: seed_of(input),
        },
    )
}

/// A 64-bit seed from bytes (FNV-1a).
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

/// Plays a fully checked random game from the position `text`, with the concrete game type:
/// `false` when the game refuses the text.
struct Playout<'a> {
    text: &'a str,
    seed: u64,
}

impl GameVisitor for Playout<'_> {
    type Output = bool;
    fn visit<G: Game>(self, game: G) -> bool {
        let Ok(state) = game.parse_position(self.text) else {
            return false;
        };
        check_playout(&game, state, self.seed, &playout_config(), |_, _| Ok(()));
        true
    }
}
