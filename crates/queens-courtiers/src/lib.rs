//! # Queens' Courtiers
//!
//! An exact rules engine for *Queens' Courtiers* (Julian Wiseman et al., 1991) on the
//! tower-games contract ([`Game`]): a 15×15 board without its centre, a central
//! Court and an outer Course, Kings and Queens that paralyse each other by check, knight-leaping
//! Courtiers, double moves in the Course, and the win by uniting one's own King and Queen.
//!
//! ```
//! use queens_courtiers::prelude::*;
//! use queens_courtiers::{QueensCourtiers, Side, Status};
//!
//! // Mutual threats between Royals cancel out in this variant.
//! let game = QueensCourtiers::from_pairs([("cycle_rule", "NeitherChecked")])?;
//! let mut state = game.initial_state();
//! let mut moves = Vec::new();
//! game.legal_moves(&state, &mut moves);
//! assert_eq!(moves.len(), 142);
//!
//! // Play from notation (a King's double move in the Course); an illegal move is refused
//! // with the rule it breaks and changes nothing.
//! game.play_text(&mut state, "n2-m1-l1")?;
//! assert!(game.play_text(&mut state, "h8-h9").is_err());
//! assert_eq!(game.side_to_move(&state), Side::Black); // Blue's turn
//! assert_eq!(game.status(&state), Status::Ongoing);
//!
//! // Serialise with serde: the snapshot (position text and repetition history) is read
//! // back through the same validation as position text.
//! let json = serde_json::to_string(&game.snapshot(&state))?;
//! assert_eq!(game.restore(&serde_json::from_str(&json)?)?, state);
//!
//! // Example 4 of the rule book: the Queen moves onto her paralysed King and wins.
//! let mut end = game.parse_position("15/13q1/15/11k3/15/15/15/6Q8/15/15/6K8/4c10/15/15/15 r 0 0 ongoing")?;
//! game.play_text(&mut end, "g8-g5")?;
//! assert!(matches!(game.status(&end), Status::Finished(_)));
//! println!("{}", game.diagram(&end));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! The modules follow the rule book: [`board`] (board, zones, where the pieces stand, each
//! piece's reach), [`pieces`] (pieces and players), [`check`] (threat, check, paralysis,
//! capturability), [`state`] (the state and its keys), [`turn`] (a turn, the legality
//! filter), [`end`] (end of game), [`notation`] (moves and records), [`position`] (position
//! text and diagram), [`picture`] (the SVG picture), [`steps`] (a turn as the steps a player
//! touches), [`observation`] (what a learning program sees: the planes of the turn so far from
//! the mover's point of view, and how long a game lasts), [`strategy`] (the evaluation for
//! computer players), [`options`] and [`rulebook`]. The rules, with every worked example, are
//! in the generated rule book (`docs/rules/queens-courtiers.md` in the repository).

pub mod board;
pub mod check;
mod describe;
pub mod end;
mod game;
pub mod lessons;
pub mod notation;
pub mod observation;
pub mod options;
pub mod picture;
pub mod pieces;
pub mod position;
pub mod rulebook;
pub mod state;
pub mod steps;
pub mod strategy;
pub mod turn;

pub use board::Board;
pub use board_kernel;
pub use board_kernel::prelude;
pub use board_kernel::{
    Game, GameExt, GameOptions, GameResult, Illegal, MoveError, OptionError, ParseError,
    Presentation, Rules, Search, Side, Snapshot, Square, Status, Steps, Valid,
};
pub use game::QueensCourtiers;
pub use notation::{Move, PartKind};
pub use options::{CentreSquare, CycleRule, Options, QueenThreeStep, StartingSetup};
pub use pieces::{Colour, Piece, Royal, RoyalSet};
pub use state::{Outcome, State};

// The crate README's examples are compiled and run as doctests.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
