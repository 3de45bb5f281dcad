//! # Tower of Power
//!
//! An exact rules engine for *Tower of Power* (Michael Baldwin, *Games & Puzzles* 48, 1976;
//! also known as *Tours* and *Rupsenoorlog*), implementing the workspace's
//! [`board_kernel::Game`] contract.
//!
//! Each player has fifteen stones in a corner of an 8×8 board. A turn picks up a straight,
//! unbroken row of the player's own stones, piles it onto the stone at one end (the base,
//! which stays put) and deals the pile out again, one stone per square, in a straight line
//! from the base; stones dealt onto enemy stones capture the top one, stones dealt onto own
//! stones build stacks that pin what lies beneath. A single stone may also step one square.
//! A player who cannot move loses.
//!
//! The crate follows the rule book: [`board`] (squares and setup), [`pieces`] (stacks),
//! [`turn`] (moves and their execution), [`end`] (end of the game), [`notation`] (move
//! text), [`position`] (position text and diagrams), [`options`] and [`rulebook`].
//!
//! ```
//! use board_kernel::{Game, Status};
//! use tower_of_power::TowerOfPower;
//! let game = TowerOfPower::default();
//! let mut state = game.initial_state();
//! let mut moves = Vec::new();
//! game.legal_moves(&state, &mut moves);
//! assert_eq!(moves.len(), 705);
//! game.apply_text(&mut state, "a5-e1-e5")?;
//! game.apply_text(&mut state, "h4-e7-e4")?; // captures on e5 and e4
//! assert_eq!(state.board().material(board_kernel::Side::White), 13);
//! assert_eq!(game.status(&state), Status::Ongoing);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub mod board;
pub mod end;
pub mod notation;
pub mod options;
pub mod pieces;
pub mod position;
pub mod rulebook;
pub mod turn;

use board_kernel::{Game, MoveError, OptionError, ParseError, RuleBook, Side, Status};

pub use board::Board;
pub use options::Options;
pub use pieces::Tower;
pub use position::State;
pub use turn::Move;

/// The game of Tower of Power under a fixed set of [`Options`].
///
/// ```
/// use board_kernel::{Game, GameOptions};
/// use tower_of_power::TowerOfPower;
/// let rows_only = TowerOfPower::from_pairs([("single_step", "off")])?;
/// let mut moves = Vec::new();
/// rows_only.legal_moves(&rows_only.initial_state(), &mut moves);
/// assert_eq!(moves.len(), 614);
/// # Ok::<(), board_kernel::OptionError>(())
/// ```
#[derive(Clone, Debug, Default)]
pub struct TowerOfPower {
    options: Options,
}

impl TowerOfPower {
    /// How many legal moves `state` has, without listing them (perft's last ply, search
    /// move-count heuristics).
    #[must_use]
    pub fn count_moves(&self, state: &State) -> usize {
        if end::draw_reason(&self.options, state).is_some() {
            return 0;
        }
        turn::count(&state.board, state.to_move, self.options.single_step)
    }

    fn fresh_history(&self, state: &mut State) {
        state.history.clear();
        if self.options.repetition_draw >= 2 {
            state.history.push(state.board.key(state.to_move));
        }
    }
}

impl Game for TowerOfPower {
    const NAME: &'static str = "tower-of-power";
    const TITLE: &'static str = "Tower of Power";
    type Options = Options;
    type State = State;
    type Move = Move;

    fn new(options: Options) -> Result<Self, OptionError> {
        board_kernel::GameOptions::validate(&options)?;
        Ok(TowerOfPower { options })
    }

    fn options(&self) -> &Options {
        &self.options
    }

    fn initial_state(&self) -> State {
        let mut state = State::new(Board::initial(), Side::White, 0, 0);
        self.fresh_history(&mut state);
        state
    }

    fn side_to_move(&self, state: &State) -> Side {
        state.to_move
    }

    fn status(&self, state: &State) -> Status {
        end::status(&self.options, state)
    }

    /// Material and mobility: the stone difference counts most, the difference in active
    /// stones (those not pinned) a quarter as much, squashed into `(-1, 1)`; a finished game
    /// is worth 1, 0 or -1.
    fn heuristic(&self, state: &State, side: Side) -> Option<f64> {
        if let Status::Finished(result) = self.status(state) {
            return Some(match result.winner {
                Some(w) if w == side => 1.0,
                Some(_) => -1.0,
                None => 0.0,
            });
        }
        let board = &state.board;
        let them = side.opponent();
        let material = board.material(side) as f64 - board.material(them) as f64;
        let active =
            f64::from(board.active(side).count_ones()) - f64::from(board.active(them).count_ones());
        let x = (material + 0.25 * active) / 4.0;
        Some(x / (1.0 + x.abs()))
    }

    fn legal_moves(&self, state: &State, moves: &mut Vec<Move>) {
        if end::draw_reason(&self.options, state).is_some() {
            return;
        }
        turn::generate(&state.board, state.to_move, self.options.single_step, moves);
    }

    fn play_unchecked(&self, state: &mut State, mv: &Move) {
        let captured = turn::play(&mut state.board, state.to_move, *mv);
        state.quiet = if captured {
            0
        } else {
            state.quiet.saturating_add(1)
        };
        state.turns = state.turns.saturating_add(1);
        state.to_move = state.to_move.opponent();
        if self.options.repetition_draw >= 2 {
            if captured {
                state.history.clear();
            }
            state.history.push(state.board.key(state.to_move));
        }
    }

    fn is_legal(&self, state: &State, mv: &Move) -> bool {
        turn::check(&state.board, state.to_move, self.options.single_step, *mv).is_ok()
            && end::draw_reason(&self.options, state).is_none()
    }

    fn why_illegal(&self, state: &State, mv: &Move) -> String {
        if let Status::Finished(result) = self.status(state) {
            return format!("the game is over ({})", result.reason);
        }
        match turn::check(&state.board, state.to_move, self.options.single_step, *mv) {
            Err(why) => why.to_string(),
            Ok(()) => "it is not among the legal moves of this position".to_owned(),
        }
    }

    fn apply(&self, state: &mut State, mv: &Move) -> Result<(), MoveError> {
        if self.status(state).is_finished() {
            return Err(MoveError::GameOver);
        }
        if let Err(why) = turn::check(&state.board, state.to_move, self.options.single_step, *mv) {
            return Err(MoveError::Illegal {
                mv: mv.to_string(),
                reason: why.to_string(),
            });
        }
        self.play_unchecked(state, mv);
        Ok(())
    }

    fn parse_move(&self, _state: &State, text: &str) -> Result<Move, ParseError> {
        text.parse()
    }

    fn parse_position(&self, text: &str) -> Result<State, ParseError> {
        let mut state = position::parse(text)?;
        self.fresh_history(&mut state);
        Ok(state)
    }

    fn diagram(&self, state: &State) -> String {
        position::diagram(&state.board)
    }

    fn rule_book() -> RuleBook {
        rulebook::rule_book()
    }
}
