//! # Seven Sages
//!
//! An exact rules engine for *Seven Sages* (*Les 7 sages*, Max Gerchambeau, 1980): a football
//! game on a 15×15 board where each side's seven sages slide like chess queens and kick a
//! neutral ball that ricochets off other sages; driving the ball into the opponent's goal
//! area scores, and the first side to five points wins.
//!
//! The crate follows the rule book's structure: [`board`] (the field, goal areas and
//! outside), [`pieces`] (sages and ball), [`state`] (the state and its keys), [`turn`] (plain
//! moves and kicks), [`kick`] (the ball's flight, worked out as a search over pivots),
//! [`end`] (end of game), [`notation`] (move text), [`position`] (position text and
//! diagram), [`picture`] (the SVG picture), [`strategy`] (the evaluation for computer
//! players), [`observation`] (what a learning program sees: the observation planes and how
//! long a game lasts), [`options`] and [`rulebook`].
//!
//! ```
//! use seven_sages::prelude::*;
//! use seven_sages::{SevenSages, Status};
//!
//! // Winther's variant: a kicker that slides stops in front of the ball.
//! let game = SevenSages::from_pairs([("kick_mode", "StopBefore")])?;
//! let mut state = game.initial_state();
//! let mut moves = Vec::new();
//! game.legal_moves(&state, &mut moves);
//! assert_eq!(moves.len(), 172);
//!
//! // Play from notation (a plain move); an illegal move is refused with the rule it breaks
//! // and changes nothing.
//! game.play_text(&mut state, "d5-d6")?;
//! assert!(game.play_text(&mut state, "d13-d3").is_err());
//! assert_eq!(game.status(&state), Status::Ongoing);
//! assert_eq!(game.scores(&state).map(|s| (s.white, s.black)), Some((0, 0)));
//!
//! // Serialise with serde: the snapshot (position text and repetition history) is read
//! // back through the same validation as position text.
//! let json = serde_json::to_string(&game.snapshot(&state))?;
//! assert_eq!(game.restore(&serde_json::from_str(&json)?)?, state);
//!
//! // The original rules: the only kick of the opening runs into the ball on h8, which
//! // bounces off h11.
//! let original = SevenSages::default();
//! let mut start = original.initial_state();
//! original.play_text(&mut start, "h5-h8/h9")?;
//! assert_eq!(start.ball().to_string(), "h9");
//! println!("{}", original.diagram(&start));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! The rules it implements, with every worked example, are in the generated rule book
//! (`docs/rules/seven-sages.md` in the repository).

pub mod board;
mod describe;
pub mod end;
mod game;
pub mod kick;
pub mod lessons;
mod lines;
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

pub use board::{BALL_SETUP, BLACK_SETUP, CellKind, SIZE, WHITE_SETUP};
pub use board_kernel;
pub use board_kernel::prelude;
pub use board_kernel::{
    BySide, Game, GameExt, GameOptions, GameResult, Illegal, MoveError, OptionError, ParseError,
    Presentation, Rules, Search, Side, Snapshot, Square, Status, Steps, Valid,
};
pub use game::SevenSages;
pub use notation::Move;
pub use options::{Deviation, KickMode, Options, OwnGoal};
pub use pieces::{Piece, SAGES_PER_SIDE};
pub use state::{EndReason, Outcome, State};

// The crate README's examples are compiled and run as doctests.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
