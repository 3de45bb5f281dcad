//! The game contract for Tower of Power: glue between the kernel's contract traits and the rule
//! modules.

use board_kernel::observe::{ObservationSpec, TurnView};
use board_kernel::picture::{Picture, Point};
use board_kernel::prelude::*;
use board_kernel::steps::{Step, TurnStep};
use board_kernel::{Illegal, ParseError, RuleBook, Side, SplitMix64, Status, Valid};

use crate::{Move, Options, State, end, notation, observation, position, strategy, turn};

/// The game of Tower of Power under a fixed set of [`Options`].
///
/// ```
/// use tower_of_power::prelude::*;
/// use tower_of_power::TowerOfPower;
/// let rows_only = TowerOfPower::from_pairs([("single_step", "off")])?;
/// let mut moves = Vec::new();
/// rows_only.legal_moves(&rows_only.initial_state(), &mut moves);
/// assert_eq!(moves.len(), 614);
/// # Ok::<(), tower_of_power::OptionError>(())
/// ```
#[derive(Clone, Debug, Default)]
pub struct TowerOfPower {
    options: Options,
}

impl Rules for TowerOfPower {
    const NAME: &'static str = "tower-of-power";
    const TITLE: &'static str = "Tower of Power";

    type Options = Options;
    type State = State;
    type Move = Move;

    fn new(options: Valid<Options>) -> Self {
        TowerOfPower {
            options: options.into_inner(),
        }
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
        end::status(&self.options, state)
    }

    fn legal_moves(&self, state: &State, moves: &mut Vec<Move>) {
        turn::generate(&self.options, state, moves);
    }

    fn play_unchecked(&self, state: &mut State, mv: &Move) {
        turn::play(&self.options, state, mv);
    }

    fn check_move(&self, state: &State, mv: &Move) -> Result<(), Illegal> {
        turn::check(&self.options, state, mv)
    }

    fn parse_move(&self, _state: &State, text: &str) -> Result<Move, ParseError> {
        notation::parse_move(text)
    }

    fn parse_position(&self, text: &str) -> Result<State, ParseError> {
        position::parse(&self.options, text)
    }

    fn key(&self, state: &State) -> u64 {
        state.key()
    }

    fn history<'s>(&self, state: &'s State) -> &'s [u64] {
        state.history.keys()
    }

    fn set_history(&self, state: &mut State, keys: &[u64]) -> Result<(), String> {
        state.restore_history(&self.options, keys)
    }
}

impl Search for TowerOfPower {
    fn heuristic(&self, state: &State, side: Side) -> Option<f64> {
        Some(strategy::evaluate(&self.options, state, side))
    }

    /// Counts each stone's moves and walks only the chosen stone's.
    fn random_move(
        &self,
        state: &State,
        rng: &mut SplitMix64,
        _scratch: &mut Vec<Move>,
    ) -> Option<Move> {
        turn::pick(&self.options, state, |n| rng.below(n))
    }

    fn count_moves(&self, state: &State, _scratch: &mut Vec<Move>) -> usize {
        turn::count(&self.options, state)
    }
}

impl Presentation for TowerOfPower {
    fn diagram(&self, state: &State) -> String {
        position::diagram(&state.board)
    }

    fn draw(&self, state: &State) -> Picture {
        crate::picture::picture(state)
    }

    fn move_path(&self, _state: &State, mv: &Move) -> Vec<Point> {
        crate::picture::move_path(mv)
    }

    fn describe_move(&self, state: &State, mv: &Move) -> String {
        crate::describe::describe(state, mv)
    }

    /// Every stone on the board, pinned ones included: a stone leaves the game only when it
    /// is captured.
    fn material(&self, state: &State) -> Option<board_kernel::Material> {
        Some(board_kernel::Material {
            in_play: board_kernel::BySide::from_fn(|side| state.board.material(side) as u32),
            noun: "stone",
            plural: "stones",
        })
    }

    fn rule_book() -> RuleBook {
        crate::rulebook::rule_book()
    }

    fn course() -> board_kernel::lessons::Course {
        crate::lessons::COURSE
    }

    const RULE_SECTIONS: &'static [(&'static str, &'static str)] = crate::rulebook::RULE_SECTIONS;

    const HOW_TO_MOVE: &'static str = crate::rulebook::HOW_TO_MOVE;
}

impl Steps for TowerOfPower {
    /// Some 200 moves a position, a few from one stone: a turn lists one stone's.
    const STEPS_BY_FIRST_STEP: bool = true;

    fn move_steps(&self, state: &State, mv: &Move, out: &mut Vec<TurnStep>) {
        crate::steps::move_steps(state, mv, out);
    }

    fn first_steps(&self, state: &State, out: &mut Vec<TurnStep>) {
        crate::steps::first_steps(&self.options, state, out);
    }

    fn moves_beginning_with(&self, state: &State, first: Step, out: &mut Vec<Move>) {
        crate::steps::moves_beginning_with(&self.options, state, first, out);
    }

    fn step_refusal(&self, state: &State, made: &[Step], refused: Step) -> Option<Illegal> {
        crate::steps::step_refusal(&self.options, state, made, refused)
    }

    fn drawn_after_steps(&self, state: &State, mv: &Move, done: usize) -> State {
        crate::steps::drawn_after_steps(state, mv, done)
    }
}

impl Observe for TowerOfPower {
    fn grid(&self) -> (usize, usize) {
        observation::grid()
    }

    fn observation_spec(&self) -> ObservationSpec {
        observation::spec(&self.options)
    }

    fn observe(&self, view: &TurnView<'_, Self>, out: &mut [u8]) {
        observation::observe(&self.options, view, out);
    }

    fn max_turns(&self) -> Option<u64> {
        observation::max_turns(&self.options)
    }

    fn max_turn_steps(&self) -> Option<u64> {
        observation::max_turn_steps()
    }
}
