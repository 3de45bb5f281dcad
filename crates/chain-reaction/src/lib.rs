//! # chain-reaction
//!
//! An exact rules engine for Sid Sackson's **Chain Reaction** (1965/1990): two players race
//! their stones over the far edge of a 7×8 board. A turn is a chain of up to five segments —
//! a free one-step stone move that may stack onto another stone, then moves of the two-stone
//! tower, which splits as it moves and may build a new tower elsewhere; each friendly tower
//! built lets the chain go on. A stone pushed past the far edge scores 1 point, or 2 in the
//! marked goal cell; the first player to reach his target wins.
//!
//! ```
//! use sackson_chain_reaction::prelude::*;
//! use sackson_chain_reaction::{ChainReaction, Status};
//!
//! // A handicap game: Black needs 18 points.
//! let game = ChainReaction::from_pairs([("target_black", "18")])?;
//! let mut state = game.initial_state();
//! let mut moves = Vec::new();
//! game.legal_moves(&state, &mut moves);
//! assert_eq!(moves.len(), 3404); // whole turns, re-placement choices included
//!
//! // Play a whole turn from notation: a free step onto a stone builds the tower, which then
//! // moves on; an illegal turn is refused with the rule it breaks and changes nothing.
//! game.play_text(&mut state, "c1-d2 d2-d4 d3-f3 e3-e5")?;
//! assert!(game.play_text(&mut state, "a1-a2").is_err());
//! assert_eq!(state.to_string(), "2bbb2/1bbbbb1/2bbb2/4w2/3ww2/2w2w1/1ww1ww1/3ww2 b 0 0 0 12 18 - 1");
//! assert_eq!(game.status(&state), Status::Ongoing);
//! assert_eq!(game.scores(&state).map(|s| (s.white, s.black)), Some((0, 0)));
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
//! The crate follows the rule specification section by section: [`board`] (cells, scoring
//! positions, setup areas), [`pieces`] (stones, the tower and the board that holds them),
//! [`state`] (the state and its keys), [`turn`] (free step, tower segments, scoring,
//! re-placement, penalty: generated, counted without a list, checked token by token), [`steps`] (a turn as the cells a player touches, walked step by
//! step), [`end`] (end of the game), [`notation`] (whole turns as text), [`position`] (the
//! one-line position text and its checks), [`picture`] (the SVG picture), [`strategy`] (the
//! evaluation for computer players), [`observation`] (what a learning program sees of a turn,
//! and how long a game lasts), [`options`] and [`rulebook`]. [`ChainReaction`]
//! implements the tower-games contract [`Game`]. The rules, with every worked example, are in
//! the generated rule book (`docs/rules/chain-reaction.md` in the repository).

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

pub use board::Spot;
pub use board_kernel;
pub use board_kernel::prelude;
pub use board_kernel::{
    BySide, Game, GameExt, GameOptions, GameResult, Illegal, MoveError, OptionError, ParseError,
    Presentation, Rules, Search, Side, Snapshot, Status, Steps, Valid,
};
pub use game::ChainReaction;
pub use notation::{Move, Penalty, Segment};
pub use options::{Options, ScoringFriendlyTower};
pub use pieces::{Board, Content, Tower};
pub use state::State;

// The crate README's examples are compiled and run as doctests.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
