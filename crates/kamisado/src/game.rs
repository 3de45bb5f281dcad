//! The game contract for Kamisado: glue between the kernel's contract traits and the rule
//! modules.

use board_kernel::observe::{ObservationSpec, TurnView};
use board_kernel::picture::{Picture, Point};
use board_kernel::prelude::*;
use board_kernel::steps::{Step, TurnStep};
use board_kernel::{
    BySide, Illegal, MoveError, ParseError, RuleBook, Side, SplitMix64, Status, Valid,
};

use crate::{Move, Options, State, end, notation, position, strategy, turn};

/// The Kamisado rules engine under a set of options.
///
/// ```
/// use kamisado::prelude::*;
/// use kamisado::{Kamisado, Status};
/// let game = Kamisado::default();
/// let mut state = game.initial_state();
/// let mut moves = Vec::new();
/// game.legal_moves(&state, &mut moves);
/// assert_eq!(moves.len(), 102);
/// for ply in ["c1-a3", "b8-h2", "a3-e7", "pass", "pass"] {
///     game.play_text(&mut state, ply)?;
/// }
/// let Status::Finished(result) = game.status(&state) else { panic!() };
/// assert_eq!(result.reason, "deadlock");
/// # Ok::<(), kamisado::MoveError>(())
/// ```
#[derive(Clone, Debug, Default)]
pub struct Kamisado {
    options: Options,
}

impl Kamisado {
    /// Plays a record (§6): plies separated by whitespace, comments in braces ignored. All or
    /// nothing: on the first bad ply the error is returned and `state` is left unchanged.
    ///
    /// ```
    /// use kamisado::Kamisado;
    /// use kamisado::prelude::*;
    /// let game = Kamisado::default();
    /// let mut state = game.initial_state();
    /// let plies = game.play_record(&mut state, "c1-a3 {Bl} b8-h2 {Re}")?;
    /// assert_eq!(plies.len(), 2);
    /// assert!(game.play_record(&mut state, "a3-e7 e8-e1").is_err());
    /// assert_eq!(state.ply(), 2);
    /// # Ok::<(), kamisado::MoveError>(())
    /// ```
    pub fn play_record(&self, state: &mut State, record: &str) -> Result<Vec<Move>, MoveError> {
        notation::play_record(self, state, record)
    }
}

impl Rules for Kamisado {
    const NAME: &'static str = "kamisado";
    const TITLE: &'static str = "Kamisado";
    /// Kamisado has no draw: every round has a winner. A deadlock is lost by the player who
    /// caused it (who made the last actual move, §5.2), and the safety nets that end a round
    /// under the options `repetition_limit` and `max_plies_per_round` end it as a deadlock,
    /// lost by the same player (§5.3); no other option touches the end of a round, and the
    /// rules know no draw by agreement.
    const CAN_DRAW: bool = false;

    type Options = Options;
    type State = State;
    type Move = Move;

    fn new(options: Valid<Options>) -> Self {
        Kamisado {
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

impl Search for Kamisado {
    fn count_moves(&self, state: &State, _scratch: &mut Vec<Move>) -> usize {
        turn::count(&self.options, state)
    }

    fn count_after(&self, state: &State, mv: &Move, scratch: &mut Vec<Move>) -> usize {
        turn::count_after(&self.options, state, mv)
            .unwrap_or_else(|| board_kernel::search::count_by_playing(self, state, mv, scratch))
    }

    /// Names the required tower's steps from its line lengths and counts after each, without
    /// a list (the default where a Sumo may push or the tower must pass).
    fn count_two_plies(
        &self,
        state: &State,
        moves: &mut Vec<Move>,
        scratch: &mut Vec<Move>,
    ) -> u64 {
        turn::count_two_plies(&self.options, state, |mv| {
            self.count_after(state, mv, scratch)
        })
        .unwrap_or_else(|| {
            board_kernel::search::count_two_plies_by_listing(self, state, moves, scratch)
        })
    }

    /// Names the chosen ply from the line lengths of the tower to move, without a list.
    fn random_move(
        &self,
        state: &State,
        rng: &mut SplitMix64,
        _scratch: &mut Vec<Move>,
    ) -> Option<Move> {
        turn::pick(&self.options, state, |n| rng.below(n))
    }

    fn heuristic(&self, state: &State, side: Side) -> Option<f64> {
        Some(strategy::evaluate(&self.options, state, side))
    }
}

impl Presentation for Kamisado {
    fn diagram(&self, state: &State) -> String {
        position::diagram(state)
    }

    fn coloured_diagram(&self, state: &State) -> String {
        position::coloured_diagram(state)
    }

    fn draw(&self, state: &State) -> Picture {
        crate::picture::picture(state)
    }

    fn move_path(&self, state: &State, mv: &Move) -> Vec<Point> {
        crate::picture::move_path(state, mv)
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

    const CHOICE_WORDS: &'static [(&'static str, &'static str)] = crate::describe::CHOICE_WORDS;
}

impl Steps for Kamisado {
    const CHOICES: &'static [&'static str] = crate::steps::CHOICES;
    // A turn is one tower's move: the cursor names the tower that must move without listing
    // (mostly one), then lists that tower's moves alone.
    const STEPS_BY_FIRST_STEP: bool = true;

    fn first_steps(&self, state: &State, out: &mut Vec<TurnStep>) {
        crate::steps::first_steps(state, out);
    }

    fn moves_beginning_with(&self, state: &State, first: Step, out: &mut Vec<Move>) {
        crate::steps::moves_beginning_with(&self.options, state, first, out);
    }

    fn move_steps(&self, state: &State, mv: &Move, out: &mut Vec<TurnStep>) {
        crate::steps::move_steps(state, mv, out);
    }

    fn step_refusal(&self, state: &State, made: &[Step], refused: Step) -> Option<Illegal> {
        crate::steps::step_refusal(&self.options, state, made, refused)
    }

    fn turn_prompt(&self, state: &State, made: &[Step]) -> Option<String> {
        // Cited by the rule book's section a player can open.
        crate::steps::turn_prompt(&self.options, state, made)
            .map(|why| board_kernel::prompt_text::<Self>(&why))
    }
}

impl Observe for Kamisado {
    fn grid(&self) -> (usize, usize) {
        crate::observation::grid()
    }

    fn observation_spec(&self) -> ObservationSpec {
        crate::observation::spec(&self.options)
    }

    fn observe(&self, view: &TurnView<'_, Self>, out: &mut [u8]) {
        crate::observation::observe(&self.options, view, out);
    }

    fn max_turns(&self) -> Option<u64> {
        crate::observation::max_turns(&self.options)
    }

    fn max_turn_steps(&self) -> Option<u64> {
        crate::observation::max_turn_steps()
    }
}
