//! # chain-reaction
//!
//! An exact rules engine for Sid Sackson's **Chain Reaction** (1965/1990): two players race
//! their stones over the far edge of a 7×8 board. A turn is a chain of up to five segments —
//! a free one-step stone move that may stack onto another stone, then moves of the two-stone
//! tower, which splits as it moves and may build a new tower elsewhere; each friendly tower
//! built lets the chain go on. A stone pushed past the far edge scores 1 point, or 2 in the
//! marked goal cell; the first player to reach his target wins.
//!
//! The crate follows the rule specification section by section: [`board`] (cells, scoring
//! positions, setup areas), [`pieces`] (stones and the tower), [`turn`] (free step, tower
//! segments, scoring, re-placement, penalty), [`end_of_game`], [`notation`] (whole turns as
//! text), [`position`] (the one-line position text and its checks), [`options`] and
//! [`rulebook`]. [`ChainReaction`] implements the workspace's [`Game`] contract.
//!
//! ```
//! use board_kernel::{Game, perft::perft};
//! use chain_reaction::ChainReaction;
//! let game = ChainReaction::default();
//! let mut state = game.initial_state();
//! let mut moves = Vec::new();
//! game.legal_moves(&state, &mut moves);
//! assert_eq!(moves.len(), 3404); // whole turns, re-placement choices included
//! game.apply_text(&mut state, "c1-d2 d2-d4 d3-f3 e3-e5")?;
//! assert_eq!(state.to_string(), "2bbb2/1bbbbb1/2bbb2/4w2/3ww2/2w2w1/1ww1ww1/3ww2 b 0 0 0 12 12 - 1");
//! # Ok::<(), board_kernel::MoveError>(())
//! ```

pub mod board;
pub mod end_of_game;
pub mod notation;
pub mod options;
pub mod pieces;
pub mod position;
pub mod rulebook;
pub mod turn;

use board_kernel::{
    BySide, Game, GameOptions, MoveError, OptionError, ParseError, RuleBook, Side, Status,
};

pub use board::{Board, Spot};
pub use notation::{Move, Penalty, Segment};
pub use options::{Options, ScoringFriendlyTower};
pub use pieces::{Content, Tower};
pub use position::State;

/// The Chain Reaction rules engine under one set of [`Options`].
///
/// ```
/// use board_kernel::Game;
/// use chain_reaction::ChainReaction;
/// let game = ChainReaction::from_pairs([("single_step_into_goal", "on")])?;
/// let state = game.parse_position("3w3/7/7/7/7/7/7/b6 w 0 0 0 12 12 - 0").unwrap();
/// let mut moves = Vec::new();
/// game.legal_moves(&state, &mut moves);
/// assert_eq!(moves.len(), 8); // 5 steps + d8-d9 with three re-placement cells
/// # Ok::<(), board_kernel::OptionError>(())
/// ```
#[derive(Clone, Debug, Default)]
pub struct ChainReaction {
    options: Options,
}

impl Game for ChainReaction {
    const NAME: &'static str = "chain-reaction";
    const TITLE: &'static str = "Chain Reaction";

    type Options = Options;
    type State = State;
    type Move = Move;

    fn new(options: Options) -> Result<Self, OptionError> {
        options.validate()?;
        Ok(ChainReaction { options })
    }

    fn options(&self) -> &Options {
        &self.options
    }

    fn initial_state(&self) -> State {
        State::initial(&self.options)
    }

    fn side_to_move(&self, state: &State) -> Side {
        state.to_move
    }

    fn status(&self, state: &State) -> Status {
        end_of_game::status(&self.options, state)
    }

    fn scores(&self, state: &State) -> Option<BySide<i64>> {
        Some(BySide::new(state.scores[0], state.scores[1]))
    }

    fn heuristic(&self, state: &State, side: Side) -> Option<f64> {
        Some(end_of_game::heuristic(&self.options, state, side))
    }

    fn legal_moves(&self, state: &State, moves: &mut Vec<Move>) {
        if !self.status(state).is_finished() {
            turn::generate(&self.options, state, moves);
        }
    }

    fn play_unchecked(&self, state: &mut State, mv: &Move) {
        // A legal move always executes; an illegal one leaves the state unspecified, as the
        // contract allows.
        let _ = turn::execute(&self.options, state, mv);
    }

    fn is_legal(&self, state: &State, mv: &Move) -> bool {
        if self.status(state).is_finished() {
            return false;
        }
        let mut copy = state.clone();
        turn::execute(&self.options, &mut copy, mv).is_ok()
    }

    fn why_illegal(&self, state: &State, mv: &Move) -> String {
        if self.status(state).is_finished() {
            return "the game is over".to_owned();
        }
        let mut copy = state.clone();
        match turn::execute(&self.options, &mut copy, mv) {
            Err(reason) => reason,
            Ok(()) => "it is legal".to_owned(),
        }
    }

    fn apply(&self, state: &mut State, mv: &Move) -> Result<(), MoveError> {
        if self.status(state).is_finished() {
            return Err(MoveError::GameOver);
        }
        let mut copy = state.clone();
        match turn::execute(&self.options, &mut copy, mv) {
            Ok(()) => {
                *state = copy;
                Ok(())
            }
            Err(reason) => Err(MoveError::Illegal {
                mv: mv.to_string(),
                reason,
            }),
        }
    }

    fn parse_move(&self, _state: &State, text: &str) -> Result<Move, ParseError> {
        text.parse()
            .map_err(|reason: String| ParseError::bad_move(text, reason))
    }

    fn parse_position(&self, text: &str) -> Result<State, ParseError> {
        position::parse(text, &self.options)
    }

    fn diagram(&self, state: &State) -> String {
        position::diagram(&state.board)
    }

    fn rule_book() -> RuleBook {
        rulebook::rule_book()
    }
}
