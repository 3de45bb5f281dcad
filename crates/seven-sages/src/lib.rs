//! # Seven Sages
//!
//! An exact rules engine for *Seven Sages* (*Les 7 sages*, Max Gerchambeau, 1980): a football
//! game on a 15×15 board where each side's seven sages slide like chess queens and kick a
//! neutral ball that ricochets off other sages; driving the ball into the opponent's goal
//! area scores, and the first side to five points wins.
//!
//! The crate follows the rule book's structure: the [`board`](CellKind) and its zones, the
//! pieces ([`Piece`]), a turn ([`Move`], with the ball's flight worked out as a search over
//! pivots), the end of game ([`Outcome`]), the notation and position text, the options
//! ([`Options`]) and the rule book ([`SevenSages::rule_book`](board_kernel::Game::rule_book)).
//!
//! ```
//! use board_kernel::Game;
//! use seven_sages::SevenSages;
//! let game = SevenSages::default();
//! let mut state = game.initial_state();
//! // The only kick of the opening: h5 runs into the ball on h8; the ball bounces off h11.
//! game.apply_text(&mut state, "h5-h8/h9")?;
//! assert_eq!(state.ball().to_string(), "h9");
//! let text = state.to_string();
//! assert_eq!(game.parse_position(&text)?.to_string(), text);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod board;
mod end;
mod game;
mod kick;
mod notation;
mod options;
mod pieces;
mod position;
mod rulebook;
mod state;
mod turn;

pub use board::{BALL_SETUP, BLACK_SETUP, CellKind, SIZE, WHITE_SETUP};
pub use end::{EndReason, Outcome};
pub use game::SevenSages;
pub use options::{Deviation, KickMode, Options, OwnGoal};
pub use pieces::{Piece, SAGES_PER_SIDE};
pub use state::State;
pub use turn::Move;
