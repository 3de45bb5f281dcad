//! # Kamisado
//!
//! An exact, fast rules engine for Peter Burley's Kamisado: single rounds and matches of 3, 7
//! or 15 points with Sumo, Double and Triple Sumo towers, pushes, the refill between rounds,
//! forced passes and deadlocks — implementing the tower-games contract [`Game`].
//!
//! ```
//! use kamisado::prelude::*;
//! use kamisado::{Kamisado, Options, Status};
//!
//! // A Standard match (first to 3 points), set from text as on the command line.
//! let game = Kamisado::from_pairs([("match_target", "3")])?;
//! let mut state = game.initial_state();
//!
//! // The legal moves: every tower moves on the free first move of a round.
//! let mut moves = Vec::new();
//! game.legal_moves(&state, &mut moves);
//! assert_eq!(moves.len(), 102);
//!
//! // Play from notation: White's yellow tower lands on a green square, so Black must move
//! // his green tower next; an illegal move is refused and changes nothing.
//! game.play_text(&mut state, "d1-d7")?;
//! assert!(game.play_text(&mut state, "a8-a7").is_err());
//! assert_eq!(game.status(&state), Status::Ongoing);
//! assert_eq!(game.scores(&state).map(|s| (s.white, s.black)), Some((0, 0)));
//!
//! // Serialise with serde: a state's serde form is its snapshot (position text and
//! // repetition history), read back through the same validation as position text.
//! let json = serde_json::to_string(&game.snapshot(&state))?;
//! let back = game.restore(&serde_json::from_str(&json)?)?;
//! assert_eq!(back, state);
//!
//! println!("{}", game.diagram(&state));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! The crate follows the rule book: [`board`] (squares and their colours, the setup),
//! [`pieces`] (towers and ranks), [`state`] (the state and its keys), [`turn`] (moves,
//! pushes, passes, the refill choice), [`end`] (end of a round, promotion, scores, refill),
//! [`notation`] (move text), [`position`] (position text and diagram), [`picture`] (the SVG
//! picture), [`strategy`] (the evaluation for computer players), [`observation`] (what a
//! learning program sees: the planes of a turn from the mover's side, and how long a game
//! lasts), [`options`] and [`rulebook`]. The rules it implements, with every worked example,
//! are in the generated rule book (`docs/rules/kamisado.md` in the repository).

pub mod board;
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

pub use board::{Colour, board_colour, home_rank, square_colour};
pub use board_kernel;
pub use board_kernel::prelude;
pub use board_kernel::{
    BySide, Game, GameExt, GameOptions, GameResult, Illegal, MoveError, OptionError, ParseError,
    Presentation, Rules, Search, Side, Snapshot, Square, Status, Steps, Valid,
};
pub use game::Kamisado;
pub use notation::{Fill, Move};
pub use options::{Options, RoundStarter, Scoring};
pub use pieces::{MAX_RANK, Tower};
pub use state::{Phase, Reason, RoundResult, State};

// The crate README's examples are compiled and run as doctests.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
