//! The rules engine: [`SevenSages`] implements the workspace's game contract.

use board_kernel::observe::{ObservationSpec, TurnView};
use board_kernel::picture::{Picture, Point};
use board_kernel::prelude::*;
use board_kernel::steps::{Step, TurnStep};
use board_kernel::{BySide, Illegal, ParseError, RuleBook, Side, SplitMix64, Status, Valid};

use crate::notation::Move;
use crate::options::Options;
use crate::state::State;
use crate::{end, notation, position, strategy, turn};

/// Seven Sages with its options fixed.
///
/// ```
/// use seven_sages::prelude::*;
/// use seven_sages::{GameOptions, Options, SevenSages};
/// let game = SevenSages::default();
/// let mut state = game.initial_state();
/// let mut moves = Vec::new();
/// game.legal_moves(&state, &mut moves);
/// assert_eq!(moves.len(), 173); // 148 plain moves and 25 kicks (§10, example 1)
/// game.play_text(&mut state, "h5-h8/c10")?;
/// assert_eq!(state.ball().to_string(), "c10");
///
/// let winther = SevenSages::with_options(Options::from_pairs([("kick_mode", "StopBefore")])?)?;
/// moves.clear();
/// winther.legal_moves(&winther.initial_state(), &mut moves);
/// assert_eq!(moves.len(), 172);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, Default)]
pub struct SevenSages {
    options: Options,
}

impl Rules for SevenSages {
    const NAME: &'static str = "seven-sages";
    const TITLE: &'static str = "Seven Sages";

    type Options = Options;
    type State = State;
    type Move = Move;

    fn new(options: Valid<Options>) -> Self {
        SevenSages {
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

    fn scores(&self, state: &State) -> Option<BySide<i64>> {
        Some(end::scores(state))
    }

    fn legal_moves(&self, state: &State, moves: &mut Vec<Move>) {
        turn::generate(&self.options, state, moves);
    }

    fn play_unchecked(&self, state: &mut State, mv: &Move) {
        turn::play(&self.options, state, mv);
    }

    fn is_legal(&self, state: &State, mv: &Move) -> bool {
        turn::is_legal(&self.options, state, mv)
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
        state.full_key()
    }

    fn history<'s>(&self, state: &'s State) -> &'s [u64] {
        state.history.keys()
    }

    fn set_history(&self, state: &mut State, keys: &[u64]) -> Result<(), String> {
        state.restore_history(&self.options, keys)
    }
}

impl Search for SevenSages {
    fn heuristic(&self, state: &State, side: Side) -> Option<f64> {
        Some(strategy::evaluate(&self.options, state, side))
    }

    /// Counts each sage's moves in each direction and makes only the chosen direction's.
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

impl Presentation for SevenSages {
    fn diagram(&self, state: &State) -> String {
        crate::position::diagram(state)
    }

    fn draw(&self, state: &State) -> Picture {
        crate::picture::picture(state)
    }

    fn move_path(&self, state: &State, mv: &Move) -> Vec<Point> {
        crate::picture::move_path(&self.options, state, mv)
    }

    fn describe_move(&self, state: &State, mv: &Move) -> String {
        crate::describe::describe(&self.options, state, mv)
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

impl Steps for SevenSages {
    const CHOICES: &'static [&'static str] = crate::steps::CHOICES;
    /// Hundreds of moves a turn, up to a hundred from one sage: a turn lists one sage's.
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

    fn drawn_after_steps(&self, state: &State, mv: &Move, done: usize) -> State {
        crate::steps::drawn_after_steps(state, mv, done)
    }

    fn step_refusal(&self, state: &State, made: &[Step], refused: Step) -> Option<Illegal> {
        crate::steps::step_refusal(&self.options, state, made, refused)
    }
}

impl Observe for SevenSages {
    fn grid(&self) -> (usize, usize) {
        crate::observation::grid()
    }

    fn observation_spec(&self) -> ObservationSpec {
        crate::observation::spec(&self.options)
    }

    fn observe(&self, view: &TurnView<'_, Self>, out: &mut [u8]) {
        crate::observation::observe(
            &self.options,
            view.start,
            view.board,
            view.steps,
            view.next,
            out,
        );
    }

    fn max_turns(&self) -> Option<u64> {
        crate::observation::max_turns(&self.options)
    }

    fn max_turn_steps(&self) -> Option<u64> {
        crate::observation::max_turn_steps(&self.options)
    }
}
