//! # board-kernel
//!
//! The shared ground of the tower-games rules engines: coordinates ([`Square`]), board shapes
//! with missing cells and zones ([`Shape`], [`Zone`], [`SquareSet`]), per-cell storage
//! ([`Grid`]), the eight [`Direction`]s, stacks of stones ([`Stack`]), the two [`Side`]s —
//! and the game contract ([`Game`]) that every game crate implements, with the tools written
//! once over it: [`perft`], seeded random playouts ([`playout`]), the [`conformance`] suite and
//! a type-erased face ([`erased`]) for driving any game with strings.
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

mod direction;
mod error;
mod game;
mod grid;
mod rng;
mod rulebook;
mod set;
mod shape;
mod side;
mod square;
mod stack;

pub mod conformance;
pub mod erased;
pub mod options;
pub mod perft;
pub mod playout;
pub mod testing;

pub use direction::{Direction, KNIGHT_LEAPS, leaps};
pub use error::{MoveError, OptionError, ParseError, TextKind};
pub use game::{Game, GameResult, Status};
pub use grid::Grid;
pub use options::{GameOptions, OptionInfo};
pub use rng::SplitMix64;
pub use rulebook::{Block, RuleBook, Setup};
pub use set::{SquareSet, SquareSetIter};
pub use shape::{Ray, Shape, Zone};
pub use side::{BySide, Side};
pub use square::{MAX_SIDE, Square, SquareParseError};
pub use stack::{Stack, StackError};
