//! # board-kernel
//!
//! The shared ground of the tower-games rules engines: coordinates ([`Square`]), board shapes
//! with missing cells and zones ([`Shape`], [`Zone`], [`SquareSet`]), the eight
//! [`Direction`]s, stacks of stones ([`Stack`]), the two [`Side`]s — and the game contract
//! that every game crate implements: the [`Rules`], the optional [`Search`] hooks, the
//! [`Presentation`] and the [`Steps`] of a turn, bound together as [`Game`], with the methods
//! every game shares in [`GameExt`]. Bring them into scope with [`prelude`]. Beside the
//! contract, what every game shares: declared [`options`] (built into [`Valid`] options),
//! the [`Repetition`] history and the [`Snapshot`] serde form of a state, [`zobrist`] keys,
//! the board field and framed diagram of [`text`], and the tools written once over the
//! contract: [`perft`], seeded random playouts ([`playout`]), the [`conformance`] suite and a
//! type-erased face ([`erased`]) for driving any game with strings.
//!
//! ```
//! use board_kernel::{Direction, Shape, Square};
//! let board = Shape::rectangle(8, 8);
//! let c1: Square = "c1".parse()?;
//! let diagonal: Vec<String> =
//!     board.ray(c1, Direction::NE).map(|s| s.to_string()).collect();
//! assert_eq!(diagonal, ["d2", "e3", "f4", "g5", "h6"]);
//! # Ok::<(), board_kernel::SquareParseError>(())
//! ```

mod course;
mod direction;
mod error;
mod fast_hash;
mod game;
mod repetition;
mod rng;
mod rulebook;
mod rules;
mod set;
mod shape;
mod side;
mod snapshot;
mod square;
mod stack;
mod status;
mod valid;

pub mod batch;
pub mod conformance;
pub mod erased;
pub mod lessons;
pub mod observe;
pub mod options;
pub mod perft;
pub mod picture;
pub mod playout;
pub mod presentation;
pub mod search;
pub mod sink;
pub mod steps;
pub mod testing;
pub mod text;
pub mod zobrist;

pub use direction::{Direction, KNIGHT_LEAPS, leaps};
pub use error::{
    Illegal, MAX_TEXT_LEN, MoveError, OptionError, ParseError, TextKind, excerpt, printable,
};
pub use game::{Game, GameExt};
pub use options::{GameOptions, OptionInfo};
pub use presentation::{
    Material, Presentation, Render, cite, describe_status, move_error_text, prompt_text,
    refusal_text,
};
pub use repetition::{Repetition, ShortRepetition};
pub use rng::SplitMix64;
pub use rulebook::{Block, Numbering, RuleBook, Section, Setup};
pub use rules::Rules;
pub use search::Search;
pub use set::{SquareSet, SquareSetIter};
pub use shape::{Ray, Shape, Zone};
pub use side::{BySide, Side};
pub use snapshot::Snapshot;
pub use square::{MAX_SIDE, Square, SquareParseError};
pub use stack::{Stack, StackError};
pub use status::{GameResult, Status};
pub use steps::Steps;
pub use valid::Valid;

/// The contract's traits, to bring every game method into scope at once:
/// `use board_kernel::prelude::*;` (each game crate re-exports it as its own `prelude`).
pub mod prelude {
    pub use crate::observe::Observe;
    pub use crate::{Game, GameExt, Presentation, Render, Rules, Search, Steps};
}

/// Implements `Serialize` through `Display` and `Deserialize` through `FromStr`, so a type
/// (a move, a square) appears in JSON and game records as its notation.
///
/// ```
/// #[derive(Debug, PartialEq)]
/// struct Token(u8);
/// impl std::fmt::Display for Token {
///     fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
///         write!(f, "t{}", self.0)
///     }
/// }
/// impl std::str::FromStr for Token {
///     type Err = String;
///     fn from_str(s: &str) -> Result<Token, String> {
///         s.strip_prefix('t').and_then(|n| n.parse().ok()).map(Token).ok_or(s.to_owned())
///     }
/// }
/// board_kernel::serde_via_text!(Token);
/// assert_eq!(serde_json::to_string(&Token(7)).unwrap(), "\"t7\"");
/// assert_eq!(serde_json::from_str::<Token>("\"t7\"").unwrap(), Token(7));
/// ```
#[macro_export]
macro_rules! serde_via_text {
    ($type:ty) => {
        impl ::serde::Serialize for $type {
            fn serialize<S: ::serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.collect_str(self)
            }
        }

        impl<'de> ::serde::Deserialize<'de> for $type {
            fn deserialize<D: ::serde::Deserializer<'de>>(
                deserializer: D,
            ) -> Result<$type, D::Error> {
                let text = <::std::borrow::Cow<'de, str> as ::serde::Deserialize>::deserialize(
                    deserializer,
                )?;
                text.parse().map_err(::serde::de::Error::custom)
            }
        }
    };
}

// The crate README's examples are compiled and run as doctests.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
