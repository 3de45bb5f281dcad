//! The rules engine: [`QueensCourtiers`] implements the workspace's game contract.

use board_kernel::observe::{ObservationSpec, TurnView};
use board_kernel::picture::{Picture, Point};
use board_kernel::prelude::*;
use board_kernel::search::count_by_playing;
use board_kernel::steps::{Step, TurnStep};
use board_kernel::{Illegal, ParseError, RuleBook, Side, Square, Status, Valid};

use crate::notation::Move;
use crate::options::Options;
use crate::pieces::{RoyalSet, side_name};
use crate::state::State;
use crate::turn::{self, TurnRule};
use crate::{check, end, notation, position, strategy};

/// Queens' Courtiers under one set of options.
///
/// ```
/// use queens_courtiers::prelude::*;
/// use queens_courtiers::QueensCourtiers;
/// let game = QueensCourtiers::default();
/// let mut state = game.initial_state();
/// let mut moves = Vec::new();
/// game.legal_moves(&state, &mut moves);
/// assert_eq!(moves.len(), 142);
/// game.play_text(&mut state, "n2-m1-l1")?;
/// assert_eq!(state.ply(), 1);
/// # Ok::<(), queens_courtiers::MoveError>(())
/// ```
#[derive(Clone, Debug)]
pub struct QueensCourtiers {
    options: Options,
    rule: TurnRule,
}

impl Default for QueensCourtiers {
    fn default() -> Self {
        QueensCourtiers::new(Valid::default())
    }
}

impl QueensCourtiers {
    /// The Royals checked in `state` (§4.2), under this game's cycle rule.
    #[must_use]
    pub fn checked_royals(&self, state: &State) -> RoyalSet {
        self.rule.check.checked(&state.board)
    }

    /// Whether the enemy Courtier on `sq` may be captured by `side` (§4.4); `false` when no
    /// enemy Courtier stands there.
    #[must_use]
    pub fn capturable(&self, state: &State, sq: Square, side: Side) -> bool {
        check::enemy_courtier_capturable(&state.board, sq, side)
    }
}

impl Rules for QueensCourtiers {
    const NAME: &'static str = "queens-courtiers";
    const TITLE: &'static str = "Queens' Courtiers";

    type Options = Options;
    type State = State;
    type Move = Move;

    fn new(options: Valid<Options>) -> Self {
        let options = options.into_inner();
        let rule = TurnRule::new(&options);
        QueensCourtiers { options, rule }
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
        turn::generate(&self.rule, state, moves);
    }

    fn play_unchecked(&self, state: &mut State, mv: &Move) {
        turn::play(&self.options, state, mv);
    }

    fn is_legal(&self, state: &State, mv: &Move) -> bool {
        turn::is_legal(&self.rule, state, mv)
    }

    fn check_move(&self, state: &State, mv: &Move) -> Result<(), Illegal> {
        turn::check(&self.rule, state, mv)
    }

    /// Reads the notation; with the position, either separator is accepted and `#` is
    /// optional: each part takes the kind the board gives it (step, capture or win). The
    /// result is not necessarily legal; [`GameExt::play`] refuses it with the rule it breaks.
    fn parse_move(&self, state: &State, text: &str) -> Result<Move, ParseError> {
        notation::parse_move(state, text)
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

impl Search for QueensCourtiers {
    fn heuristic(&self, state: &State, side: Side) -> Option<f64> {
        Some(strategy::evaluate(&self.rule, state, side))
    }

    fn count_moves(&self, state: &State, _scratch: &mut Vec<Move>) -> usize {
        turn::count(&self.rule, state)
    }

    /// Plays the move on a copy of the board only (the history is read, not copied) and
    /// counts the opponent's turns there.
    fn count_after(&self, state: &State, mv: &Move, scratch: &mut Vec<Move>) -> usize {
        turn::count_after(&self.rule, &self.options, state, mv)
            .unwrap_or_else(|| count_by_playing(self, state, mv, scratch))
    }
}

impl Presentation for QueensCourtiers {
    fn side_name(side: Side) -> &'static str {
        side_name(side)
    }

    fn diagram(&self, state: &State) -> String {
        position::diagram(&state.board)
    }

    fn draw(&self, state: &State) -> Picture {
        crate::picture::picture(state, self.checked_royals(state))
    }

    fn move_path(&self, _state: &State, mv: &Move) -> Vec<Point> {
        crate::picture::move_path(mv)
    }

    fn describe_move(&self, state: &State, mv: &Move) -> String {
        crate::describe::describe(state, mv)
    }

    /// The Courtiers: Royals are never captured (§4.4), so they are not counted.
    fn material(&self, state: &State) -> Option<board_kernel::Material> {
        Some(board_kernel::Material {
            in_play: board_kernel::BySide::from_fn(|side| {
                state.board().courtier_count(side) as u32
            }),
            noun: "Courtier",
            plural: "Courtiers",
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

impl Steps for QueensCourtiers {
    const CHOICES: &'static [&'static str] = crate::steps::CHOICES;
    /// Hundreds of turns a position, a few dozen from one piece: a turn lists one piece's.
    const STEPS_BY_FIRST_STEP: bool = true;

    fn move_steps(&self, state: &State, mv: &Move, out: &mut Vec<TurnStep>) {
        crate::steps::move_steps(state, mv, out);
    }

    fn first_steps(&self, state: &State, out: &mut Vec<TurnStep>) {
        crate::steps::first_steps(&self.rule, state, out);
    }

    fn moves_beginning_with(&self, state: &State, first: Step, out: &mut Vec<Move>) {
        crate::steps::moves_beginning_with(&self.rule, state, first, out);
    }

    fn drawn_after_steps(&self, state: &State, mv: &Move, done: usize) -> State {
        crate::steps::drawn_after_steps(state, mv, done)
    }

    fn step_refusal(&self, state: &State, made: &[Step], refused: Step) -> Option<Illegal> {
        crate::steps::step_refusal(&self.rule, state, made, refused)
    }
}

impl Observe for QueensCourtiers {
    fn grid(&self) -> (usize, usize) {
        crate::observation::grid()
    }

    fn observation_spec(&self) -> ObservationSpec {
        crate::observation::spec(&self.options)
    }

    fn observe(&self, view: &TurnView<'_, Self>, out: &mut [u8]) {
        crate::observation::observe(&self.rule, &self.options, view, out);
    }

    fn max_turns(&self) -> Option<u64> {
        crate::observation::max_turns(&self.options)
    }

    fn max_turn_steps(&self) -> Option<u64> {
        crate::observation::max_turn_steps()
    }
}
