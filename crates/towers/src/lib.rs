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

pub mod oracles;
pub mod record;
pub mod registry;
pub mod robustness;

// The README's Rust examples are compiled and run as doctests.
#[doc = include_str!("../../../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;

use board_kernel::erased::{DynGame, DynState};

/// One line for people: whose turn it is or how the game ended, with the scores where the
/// game keeps them. Shared by the CLI and the generated rule docs (the kernel's
/// [`board_kernel::describe_status`] behind the type-erased face).
#[must_use]
pub fn describe_status(_game: &dyn DynGame, state: &dyn DynState) -> String {
    state.describe_status()
}

// The crate README's examples are compiled and run as doctests.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct CrateReadmeDoctests;
