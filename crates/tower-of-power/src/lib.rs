//! # Tower of Power
//!
//! An exact rules engine for *Tower of Power* (Michael Baldwin, *Games & Puzzles* 48, 1976;
//! also known as *Tours* and *Rupsenoorlog*), implementing the tower-games contract
//! [`Game`].
//!
//! Each player has fifteen stones in a corner of an 8×8 board. A turn picks up a straight,
//! unbroken row of the player's own stones, piles it onto the stone at one end (the base,
//! which stays put) and deals the pile out again, one stone per square, in a straight line
//! from the base; stones dealt onto enemy stones capture the top one, stones dealt onto own
//! stones build stacks that pin what lies beneath. A single stone may also step one square.
//! A player who cannot move loses.
//!
//! ```
//! use tower_of_power::prelude::*;
//! use tower_of_power::{Side, Status, TowerOfPower};
//!
//! // Rows only (no single steps), with the repetition draw on.
//! let game = TowerOfPower::from_pairs([("single_step", "off"), ("repetition_limit", "3")])?;
//! let mut state = game.initial_state();
//! let mut moves = Vec::new();
//! game.legal_moves(&state, &mut moves);
//! assert_eq!(moves.len(), 614);
//!
//! // Play from notation (far end, base, last square dealt to); an illegal move is refused
//! // with the rule it breaks and changes nothing.
//! game.play_text(&mut state, "a5-e1-e5")?;
//! game.play_text(&mut state, "h4-e7-e4")?; // captures on e5 and e4
//! assert!(game.play_text(&mut state, "a1-a2").is_err());
//! assert_eq!(state.board().material(Side::White), 13);
//! assert_eq!(game.status(&state), Status::Ongoing);
//!
//! // Serialise with serde: the snapshot (position text and repetition history) is read
//! // back through the same validation as position text.
//! let json = serde_json::to_string(&game.snapshot(&state))?;
//! assert_eq!(game.restore(&serde_json::from_str(&json)?)?, state);
//!
//! println!("{}", game.diagram(&state));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! The crate follows the rule book: [`board`] (squares and setup), [`pieces`] (stacks),
//! [`state`] (the state and its keys), [`movement`] (row moves and single steps on a board),
//! [`turn`] (a move on a state: generated, checked, played), [`end`] (end of the game),
//! [`notation`] (move text), [`position`] (position text and diagrams),
//! [`picture`] (the SVG picture), [`observation`] (what a learning program sees: planes from
//! the mover's point of view, and how long games and turns last), [`strategy`] (the
//! evaluation for computer players),
//! [`endgame`] (stones against a lone stone, solved by retrograde analysis),
//! [`options`] and [`rulebook`]. The rules it implements, with every worked example, are in
//! the generated rule book (`docs/rules/tower-of-power.md` in the repository).

pub mod board;
mod describe;
pub mod end;
pub mod endgame;
mod game;
pub mod lessons;
pub mod movement;
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
pub use game::TowerOfPower;
pub use notation::Move;
pub use options::Options;
pub use pieces::Tower;
pub use state::State;

// The crate README's examples are compiled and run as doctests.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
