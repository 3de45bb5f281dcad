//! # Kamisado
//!
//! An exact, fast rules engine for Peter Burley's Kamisado: single rounds and matches of 3, 7
//! or 15 points with Sumo, Double and Triple Sumo towers, pushes, the refill between rounds,
//! forced passes and deadlocks — implementing [`board_kernel::Game`].
//!
//! The crate follows the rule book: [`board`] (squares and their colours, the setup),
//! [`pieces`] (towers and ranks), [`turn`] (moves, pushes, passes, the refill choice),
//! [`end`] (end of a round, promotion, scores, refill), [`notation`] (move text),
//! [`position`] (position text and diagram), [`options`] and [`rulebook`].
//!
//! ```
//! use board_kernel::Game;
//! use kamisado::{Colour, Kamisado};
//! let game = Kamisado::default();
//! let mut state = game.initial_state();
//! game.apply_text(&mut state, "d1-d7")?; // White's yellow tower lands on green…
//! assert_eq!(state.required(), Some(Colour::Green)); // …so Black must move green.
//! println!("{}", game.diagram(&state));
//! # Ok::<(), board_kernel::MoveError>(())
//! ```

pub mod board;
pub mod end;
mod game;
pub mod notation;
pub mod options;
pub mod pieces;
pub mod position;
pub mod rulebook;
mod state;
pub mod turn;

pub use board::{Colour, board_colour, home_rank, square_colour};
pub use game::Kamisado;
pub use options::{Options, RoundStarter, Scoring};
pub use pieces::{MAX_RANK, Tower};
pub use state::{Phase, Reason, RoundResult, State};
pub use turn::{Fill, Move};
