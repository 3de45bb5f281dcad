//! # towers
//!
//! The registry of every tower-games engine ([`registry`]) and the `towers` command-line
//! tool built on it. A front end or a tool that wants "any game by name" depends on this
//! crate; a program that plays one game depends on that game's crate alone.
//!
//! ```
//! let game = towers::registry::build(towers::registry::names()[0], &[])?;
//! let start = game.initial_state();
//! assert!(!start.legal_moves().is_empty());
//! # Ok::<(), towers::registry::RegistryError>(())
//! ```

pub mod registry;

// The README's Rust examples are compiled and run as doctests.
#[doc = include_str!("../../../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;

use board_kernel::erased::{DynGame, DynState};
use board_kernel::{Side, Status};

/// One line for people: whose turn it is or how the game ended, with the scores where the
/// game keeps them. Shared by the CLI and the generated rule docs.
#[must_use]
pub fn describe_status(game: &dyn DynGame, state: &dyn DynState) -> String {
    let name = |side: Side| game.side_name(side);
    let mut line = match state.status() {
        Status::Ongoing => format!("{} to move", name(state.side_to_move())),
        Status::Finished(result) => match result.winner {
            Some(side) => format!("game over: {} wins ({})", name(side), result.reason),
            None => format!("game over: draw ({})", result.reason),
        },
    };
    if let Some(scores) = state.scores() {
        line += &format!(
            "; score {} {}, {} {}",
            name(Side::White),
            scores.white,
            name(Side::Black),
            scores.black
        );
    }
    line
}
