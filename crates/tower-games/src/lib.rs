//! # tower-games
//!
//! Every tower-games rules engine by name: the [`registry`] (each game as a type-erased
//! [`DynGame`](board_kernel::erased::DynGame) driven with strings, or visited with its
//! concrete type), game [`record`]s, the computer players of `game-ai` with what the games
//! know beyond their rules ([`knowledge`]: end-game tables, [`endgames`], and trained
//! networks, [`networks`]), outside engines speaking the Universal Game
//! Interface seated beside them ([`ugi`]), and [`files::replace_file`], how the tools write
//! the files others watch. A front end, a server, a language binding
//! or a tool that wants "any game by name" depends on this crate; a program that plays one
//! game depends on that game's crate alone. The `towers` command-line tool is built on it.
//!
//! ```
//! let game = tower_games::registry::build("kamisado", &[])?;
//! let start = game.initial_state();
//! assert_eq!(start.legal_moves().len(), 102);
//! # Ok::<(), tower_games::registry::RegistryError>(())
//! ```

pub mod analysis;
pub mod endgames;
pub mod files;
pub mod knowledge;
pub mod networks;
pub mod record;
pub mod registry;
pub mod ugi;

// The workspace README's Rust examples are compiled and run as doctests.
#[doc = include_str!("../../../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;

// The crate README's examples are compiled and run as doctests.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct CrateReadmeDoctests;
