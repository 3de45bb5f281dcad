//! # Queens' Courtiers
//!
//! An exact rules engine for *Queens' Courtiers* (Julian Wiseman et al., 1991) on the
//! tower-games contract ([`board_kernel::Game`]): a 15×15 board without its centre, a central
//! Court and an outer Course, Kings and Queens that paralyse each other by check, knight-leaping
//! Courtiers, double moves in the Course, and the win by uniting one's own King and Queen.
//!
//! The modules follow the rule book: [`board`] (board, zones), [`pieces`] (pieces and their
//! reach), [`check`] (threat, check, paralysis, capturability), [`turn`] (a turn, the legality
//! filter), [`end`] (end of game), [`notation`] (moves and records), [`position`] (state and
//! position text), [`options`] and [`rulebook`].
//!
//! ```
//! use board_kernel::{Game, Status};
//! use queens_courtiers::QueensCourtiers;
//! let game = QueensCourtiers::default();
//! // Example 4 of the rule book: the Queen moves onto her paralysed King and wins.
//! let mut state = game.parse_position("15/13q1/15/11k3/15/15/15/6Q8/15/15/6K8/4c10/15/15/15 r 0 0 ongoing")?;
//! game.apply_text(&mut state, "g8-g5")?;
//! assert_eq!(state.to_string().split(' ').last(), Some("red_won"));
//! assert!(matches!(game.status(&state), Status::Finished(_)));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod bits;
pub mod board;
pub mod check;
pub mod end;
mod game;
pub mod notation;
pub mod options;
pub mod pieces;
pub mod position;
pub mod rulebook;
pub mod turn;

pub use board::Board;
pub use end::Outcome;
pub use game::QueensCourtiers;
pub use options::{CentreSquare, CycleRule, Options, QueenThreeStep, StartingSetup};
pub use pieces::{Piece, Player, Royal, RoyalSet};
pub use position::State;
pub use turn::{Move, PartKind};
