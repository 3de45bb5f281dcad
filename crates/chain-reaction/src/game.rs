//! The game contract for Chain Reaction: glue between the kernel's contract traits and the rule
//! modules.

use board_kernel::observe::{ObservationSpec, Observe, TurnView};
use board_kernel::picture::{Picture, Point};
use board_kernel::prelude::*;
use board_kernel::steps::{NextSteps, Step, StepError, TurnStep};
use board_kernel::{BySide, Illegal, ParseError, RuleBook, Side, SplitMix64, Status, Valid};

use crate::{Move, Options, State, end, notation, observation, position, strategy, turn};

/// The Chain Reaction rules engine under one set of [`Options`].
///
/// ```
/// use sackson_chain_reaction::prelude::*;
/// use sackson_chain_reaction::ChainReaction;
/// let game = ChainReaction::from_pairs([("single_step_into_goal", "on")])?;
/// let state = game.parse_position("3w3/7/7/7/7/7/7/b6 w 0 0 0 12 12 - 0").unwrap();
/// let mut moves = Vec::new();
/// game.legal_moves(&state, &mut moves);
/// assert_eq!(moves.len(), 8); // 5 steps + d8-d9 with three re-placement cells
/// # Ok::<(), sackson_chain_reaction::OptionError>(())
/// ```
#[derive(Clone, Debug, Default)]
pub struct ChainReaction {
    options: Options,
}

impl Rules for ChainReaction {
    const NAME: &'static str = "chain-reaction";
    const TITLE: &'static str = "Chain Reaction";

    type Options = Options;
    type State = State;
    type Move = Move;

    fn new(options: Valid<Options>) -> Self {
        ChainReaction {
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

impl Search for ChainReaction {
    fn heuristic(&self, state: &State, side: Side) -> Option<f64> {
        Some(strategy::evaluate(&self.options, state, side))
    }

    fn count_moves(&self, state: &State, _scratch: &mut Vec<Move>) -> usize {
        turn::count(&self.options, state)
    }

    /// Counts the turns on two masks and descends to the chosen one, counting only the
    /// subtrees beside its path (the generator's list where that counter does not apply).
    fn random_move(
        &self,
        state: &State,
        rng: &mut SplitMix64,
        scratch: &mut Vec<Move>,
    ) -> Option<Move> {
        turn::pick(&self.options, state, scratch, |n| rng.below(n))
    }
}

impl Presentation for ChainReaction {
    fn diagram(&self, state: &State) -> String {
        position::diagram(&state.board)
    }

    fn draw(&self, state: &State) -> Picture {
        crate::picture::picture(state)
    }

    fn move_path(&self, state: &State, mv: &Move) -> Vec<Point> {
        crate::describe::path(state, mv)
    }

    fn describe_move(&self, state: &State, mv: &Move) -> String {
        crate::describe::describe(state, mv)
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

impl Steps for ChainReaction {
    const CHOICES: &'static [&'static str] = crate::steps::CHOICES;
    const STEPS_BY_LISTING: bool = false;

    fn move_steps(&self, state: &State, mv: &Move, out: &mut Vec<TurnStep>) {
        crate::steps::move_steps(state, mv, out);
    }

    fn board_after_steps(&self, state: &State, mv: &Move, done: usize) -> Option<State> {
        Some(crate::steps::board_after_steps(
            &self.options,
            state,
            mv,
            done,
        ))
    }

    fn step_refusal(&self, state: &State, made: &[Step], refused: Step) -> Option<Illegal> {
        crate::steps::step_refusal(&self.options, state, made, refused)
    }

    fn turn_prompt(&self, state: &State, made: &[Step]) -> Option<String> {
        // Cited by the rule book's section a player can open.
        crate::steps::turn_prompt(&self.options, state, made)
            .map(|why| board_kernel::prompt_text::<Self>(&why))
    }

    /// Walks the turn choice by choice instead of listing the whole turns.
    fn next_steps(
        &self,
        state: &State,
        steps: &[Step],
    ) -> Result<NextSteps<Move, State>, StepError> {
        crate::steps::next_steps(&self.options, state, steps)
    }
}

impl Observe for ChainReaction {
    fn grid(&self) -> (usize, usize) {
        observation::grid()
    }

    fn observation_spec(&self) -> ObservationSpec {
        observation::spec(&self.options)
    }

    fn observe(&self, view: &TurnView<'_, Self>, out: &mut [u8]) {
        observation::observe(
            &self.options,
            view.start,
            view.board,
            view.steps,
            view.next,
            out,
        );
    }

    fn max_turns(&self) -> Option<u64> {
        observation::max_turns(&self.options)
    }

    fn max_turn_steps(&self) -> Option<u64> {
        observation::max_turn_steps(&self.options)
    }
}
