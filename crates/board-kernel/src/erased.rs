//! The type-erased, object-safe face of a game, driven entirely with strings: what the CLI,
//! the docs generator, the playground, the Python package and the server use to list every
//! game by name and play it from text, whole moves or step by step.

use std::fmt;
use std::sync::Arc;

use crate::batch::{Batch, BatchConfig, BatchError, BufferView};
use crate::lessons::{self, Course, Verdict};
use crate::observe::{ActionSpace, ObservationSpec, TurnView};
use crate::picture::{Mark, Picture, Point, SvgStyle};
use crate::prelude::*;
use crate::steps::{Step, StepError, TurnStep, Walk};
use crate::{
    BySide, GameOptions, Illegal, MoveError, OptionError, OptionInfo, ParseError, RuleBook,
    Section, Side, Status, Valid, perft,
};

/// A game with its options fixed, behind a trait object.
pub trait DynGame: Send + Sync {
    /// The registry name (`kamisado`).
    fn name(&self) -> &'static str;
    /// The title for people.
    fn title(&self) -> &'static str;
    /// The rule book's name for a side.
    fn side_name(&self, side: Side) -> &'static str;
    /// Whether the game can end in a draw ([`Rules::CAN_DRAW`]): whether a draw offer
    /// means something.
    fn can_draw(&self) -> bool;
    /// How to make a move by clicks, in the rule book's words ([`Presentation::HOW_TO_MOVE`]).
    fn how_to_move(&self) -> &'static str;
    /// The documentation of the game's options.
    fn option_info(&self) -> &'static [OptionInfo];
    /// The options in force, as `KEY=VALUE` pairs.
    fn option_values(&self) -> Vec<(&'static str, String)>;
    /// The options in force, as JSON (for game records).
    fn options_json(&self) -> String;
    /// The rule book.
    fn rule_book(&self) -> RuleBook;
    /// The rule-book section that states a refusal's `rule` ([`crate::cite`]), for citing
    /// and linking it.
    fn rule_citation(&self, rule: &str) -> Option<Section>;
    /// A refusal in words for a player, citing the rule book's section
    /// ([`crate::refusal_text`]).
    fn refusal_text(&self, illegal: &Illegal) -> String;
    /// A move text that could not be played, in words for a player: a refusal citing the rule
    /// book's section, an unreadable text as it is ([`crate::move_error_text`]). What every
    /// front end prints of a [`DynState::play`] or [`DynState::describe_move`] that failed.
    fn move_error_text(&self, error: &MoveError) -> String;
    /// The game's course of lessons ([`crate::lessons`]).
    fn course(&self) -> Course;
    /// Judges `mv` (the game's notation) as the answer to lesson `index` of the course: how
    /// a legal move fares, or why the move is refused (in a player's words, citing the rule
    /// book), or that there is no such lesson.
    ///
    /// # Errors
    ///
    /// No lesson `index`, a move that does not parse or is illegal in the lesson's position.
    fn judge_lesson(&self, index: usize, mv: &str) -> Result<Verdict, String>;
    /// Every legal move that solves lesson `index`, in notation (sorted): the answers a hint
    /// can show.
    ///
    /// # Errors
    ///
    /// No lesson `index`, or a lesson whose setup does not build.
    fn lesson_answers(&self, index: usize) -> Result<Vec<String>, String>;
    /// The initial position.
    fn initial_state(&self) -> Box<dyn DynState>;
    /// A position from its one-line text.
    fn parse_position(&self, text: &str) -> Result<Box<dyn DynState>, ParseError>;
    /// A state from its [`Snapshot`](crate::Snapshot) as JSON, validated like a position text.
    fn restore_json(&self, json: &str) -> Result<Box<dyn DynState>, ParseError>;
    /// The game's named choices ([`Steps::CHOICES`]): what [`Step::Choice`] indexes.
    fn choices(&self) -> &'static [&'static str];
    /// The named choice `index` of [`DynGame::choices`] in words for a player: the game's
    /// own ([`Presentation::choice_words`]), else the choice's name; `None` for no such
    /// choice.
    fn choice_words(&self, index: u8) -> Option<&'static str>;
    /// The observation planes ([`Observe::observation_spec`]).
    fn observation_spec(&self) -> ObservationSpec;
    /// How steps are numbered as actions.
    fn action_space(&self) -> ActionSpace;
    /// The most whole turns a game takes ([`Observe::max_turns`]).
    fn max_turns(&self) -> Option<u64>;
    /// The most steps a turn takes ([`Observe::max_turn_steps`]).
    fn max_turn_steps(&self) -> Option<u64>;
    /// A batch of games of this game stepped together ([`Batch`]).
    fn batch(&self, config: BatchConfig) -> Result<Box<dyn DynBatch>, BatchError>;
}

/// A [`Batch`] behind the type-erased face.
pub trait DynBatch: Send + Sync {
    /// How many games are stepped together.
    fn envs(&self) -> usize;
    /// The observation planes.
    fn spec(&self) -> &ObservationSpec;
    /// The actions.
    fn actions(&self) -> ActionSpace;
    /// How the batch was set up.
    fn config(&self) -> &BatchConfig;
    /// [`Batch::reset`].
    fn reset(&mut self, out: &mut BufferView<'_>);
    /// [`Batch::reset_envs`].
    fn reset_envs(&mut self, which: &[bool], out: &mut BufferView<'_>) -> Result<(), BatchError>;
    /// [`Batch::step`].
    fn step(&mut self, actions: &[i64], out: &mut BufferView<'_>) -> Result<(), BatchError>;
    /// Game `env`'s turn so far as a type-erased turn (a copy), to replay or inspect it.
    fn turn(&self, env: usize) -> Box<dyn DynTurn>;
}

/// A game state behind a trait object, with its game attached.
pub trait DynState: Send + Sync + fmt::Debug {
    /// The one-line position text.
    fn position_text(&self) -> String;
    /// The multi-line diagram.
    fn diagram(&self) -> String;
    /// The diagram with ANSI colours (the plain one for games without colours).
    fn coloured_diagram(&self) -> String;
    /// The side to move.
    fn side_to_move(&self) -> Side;
    /// Ongoing or finished.
    fn status(&self) -> Status;
    /// The scores, for games that keep them.
    fn scores(&self) -> Option<BySide<i64>>;
    /// The pieces each side has in play that the other can capture, for games with
    /// captures ([`Presentation::material`]).
    fn material(&self) -> Option<crate::Material>;
    /// The legal moves' texts, in the engine's order.
    fn legal_moves(&self) -> Vec<String>;
    /// Parses and plays a move; returns its canonical text. On error nothing changes.
    fn play(&mut self, mv: &str) -> Result<String, MoveError>;
    /// The position's 64-bit Zobrist key.
    fn key(&self) -> u64;
    /// Perft from this state.
    fn perft(&self, depth: u32) -> u64;
    /// Perft using `threads` threads.
    fn perft_parallel(&self, depth: u32, threads: usize) -> u64;
    /// Perft with a transposition table of `megabytes` (same count, less time).
    fn perft_hashed(&self, depth: u32, megabytes: usize) -> u64;
    /// Perft split by the first move.
    fn perft_divide(&self, depth: u32) -> Vec<(String, u64)>;
    /// The state's [`Snapshot`](crate::Snapshot) as JSON.
    fn snapshot_json(&self) -> String;
    /// The one line saying whose turn it is or how the game ended, with the scores.
    fn describe_status(&self) -> String;
    /// The position as a standalone SVG with `marks` over the board (see
    /// [`presentation::svg`](crate::presentation::svg)).
    fn svg(&self, marks: &[Mark], style: &SvgStyle) -> String;
    /// The picture cells the move `mv` (notation, read in this position) passes through; see
    /// [`Presentation::move_path`].
    fn move_path(&self, mv: &str) -> Result<Vec<Point>, ParseError>;
    /// The move `mv` (notation, read in this position) in the rule book's words; see
    /// [`Presentation::describe_move`]. Fails when the text does not read or the move is not
    /// legal: the words describe what a legal move does, so an illegal one has none.
    fn describe_move(&self, mv: &str) -> Result<String, MoveError>;
    /// The marks of the move `mv` played from this position: its path and end cells.
    fn move_marks(&self, mv: &str) -> Result<Vec<Mark>, ParseError>;
    /// The position as the game's complete [`Picture`] (cells, pieces, labels, title and
    /// caption; no marks): what a front end or an observation encoder reads the board from.
    fn picture(&self) -> Picture;
    /// The steps the move `mv` (notation, read in this position) is made of; see
    /// [`Steps::move_steps`], with the finishing step ([`TurnStep::FINISH`]) after them when
    /// they also begin a longer move, so that making them all makes the move. Fails when the
    /// text does not read or the move is not legal.
    fn move_steps(&self, mv: &str) -> Result<Vec<TurnStep>, MoveError>;
    /// Where a turn made of `steps` stands: the next steps, the whole move if they make one
    /// (in notation), and the board after them; see [`Steps::next_steps`].
    fn next_steps(&self, steps: &[Step]) -> Result<DynNextSteps, StepError>;
    /// What the turn after `steps` (a beginning of a legal turn) must go on with, for a
    /// player, where the game says; see [`Steps::turn_prompt`].
    fn turn_prompt(&self, steps: &[Step]) -> Option<String>;
    /// A turn to build step by step from this position, kept from step to step (see
    /// [`TurnCursor`](crate::steps::TurnCursor): at most one listing of the legal moves a turn
    /// instead of one a step); [`StepError::GameOver`] in a finished game.
    fn start_turn(&self) -> Result<Box<dyn DynTurn>, StepError>;
    /// The turn of this position, which it keeps without a copy: a line of turns played with
    /// [`DynTurn::push`] and [`DynTurn::advance`]. In a finished game nothing comes next.
    fn into_turn(self: Box<Self>) -> Box<dyn DynTurn>;
    /// Writes the observation of the position at the start of its turn into `out` (of
    /// [`ObservationSpec::len`] bytes), the legal next steps marked.
    fn observe(&self, out: &mut [u8]);
    /// A copy.
    fn clone_box(&self) -> Box<dyn DynState>;
}

/// [`NextSteps`](crate::steps::NextSteps) behind the type-erased face.
#[derive(Debug)]
pub struct DynNextSteps {
    /// The steps that may come next, in ascending order; empty when the steps make a move.
    pub next: Vec<TurnStep>,
    /// The whole move the steps make, in notation, when they make one.
    pub complete: Option<String>,
    /// The board after the steps (the position after the move when it is complete).
    pub board: Box<dyn DynState>,
}

/// A move played through the type-erased face, for its notation when asked for (formatting
/// every move played would cost more than the rest of a step).
pub type DynMove = Box<dyn fmt::Display + Send + Sync>;

/// A [`TurnCursor`](crate::steps::TurnCursor) behind the type-erased face, owning its
/// position: a turn being built step by step, and with [`DynTurn::advance`] the turns after
/// it, with no copy of a position but the one each move makes.
pub trait DynTurn: Send + Sync + fmt::Debug {
    /// The position the turn began in.
    fn start(&self) -> &dyn DynState;
    /// Whether there is no turn to make: the game is over.
    fn is_over(&self) -> bool;
    /// The steps that may come next, ascending; empty once the turn is complete.
    fn next(&self) -> &[TurnStep];
    /// The whole move the steps make, in notation, once they make one.
    fn complete(&self) -> Option<String>;
    /// The board after the steps so far (the position after the move once it is complete):
    /// what an observation reads ([`crate::steps::Steps::board_after_steps`]).
    fn board(&self) -> Box<dyn DynState>;
    /// The board to draw after the steps so far, as [`DynState::next_steps`] gives it
    /// ([`crate::steps::Steps::drawn_after_steps`]).
    fn drawn(&self) -> Box<dyn DynState>;
    /// The steps so far.
    fn steps(&self) -> &[Step];
    /// Makes `step`, one of [`DynTurn::next`]; on error nothing changes.
    fn push(&mut self, step: Step) -> Result<(), StepError>;
    /// Plays the move the steps complete: the position after it becomes the start and its
    /// turn begins. Returns the position before and the move; `None`, changing nothing, while
    /// the steps make no whole move.
    fn advance(&mut self) -> Option<(Box<dyn DynState>, DynMove)>;
    /// Takes back the steps so far.
    fn restart(&mut self);
    /// Writes the observation of the turn so far into `out` (of [`ObservationSpec::len`]
    /// bytes).
    fn observe(&self, out: &mut [u8]);
    /// A copy.
    fn clone_box(&self) -> Box<dyn DynTurn>;
}

impl Clone for Box<dyn DynTurn> {
    fn clone(&self) -> Self {
        self.clone_box()
    }
}

impl Clone for Box<dyn DynState> {
    fn clone(&self) -> Self {
        self.clone_box()
    }
}

/// Wraps a game value as a [`DynGame`].
pub fn erase<G: Game>(game: G) -> Box<dyn DynGame> {
    Box::new(Erased {
        game: Arc::new(game),
    })
}

/// Builds `G` from `KEY=VALUE` option pairs and erases it: the registry's constructor.
pub fn build<G: Game>(options: &[(String, String)]) -> Result<Box<dyn DynGame>, OptionError> {
    let options = G::Options::from_pairs(options.iter().map(|(k, v)| (k.as_str(), v.as_str())))?;
    Ok(erase(G::new(Valid::new(options)?)))
}

struct Erased<G: Game> {
    game: Arc<G>,
}

struct ErasedState<G: Game> {
    game: Arc<G>,
    state: G::State,
}

impl<G: Game> fmt::Debug for ErasedState<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}({})", G::NAME, self.state)
    }
}

/// Lesson `index` of `G`'s course, or the words saying there is none.
fn lesson_at<G: Game>(index: usize) -> Result<lessons::Lesson, String> {
    let course = G::course();
    course.lessons.get(index).copied().ok_or_else(|| {
        format!(
            "{} has {} lessons: there is no lesson {}",
            G::TITLE,
            course.lessons.len(),
            index + 1
        )
    })
}

impl<G: Game> DynGame for Erased<G> {
    fn name(&self) -> &'static str {
        G::NAME
    }
    fn title(&self) -> &'static str {
        G::TITLE
    }
    fn side_name(&self, side: Side) -> &'static str {
        G::side_name(side)
    }
    fn can_draw(&self) -> bool {
        G::CAN_DRAW
    }
    fn how_to_move(&self) -> &'static str {
        G::HOW_TO_MOVE
    }
    fn option_info(&self) -> &'static [OptionInfo] {
        G::Options::info()
    }
    fn option_values(&self) -> Vec<(&'static str, String)> {
        self.game.options().values()
    }
    fn options_json(&self) -> String {
        to_json(self.game.options())
    }
    fn rule_book(&self) -> RuleBook {
        G::rule_book()
    }
    fn rule_citation(&self, rule: &str) -> Option<Section> {
        crate::cite::<G>(rule)
    }
    fn refusal_text(&self, illegal: &Illegal) -> String {
        crate::refusal_text::<G>(illegal)
    }
    fn move_error_text(&self, error: &MoveError) -> String {
        crate::move_error_text::<G>(error)
    }
    fn course(&self) -> Course {
        G::course()
    }
    fn judge_lesson(&self, index: usize, mv: &str) -> Result<Verdict, String> {
        let lesson = lesson_at::<G>(index)?;
        let (game, state) = lessons::lesson_start::<G>(&lesson)?;
        let parsed = game.parse_move(&state, mv).map_err(|e| e.to_string())?;
        if let Err(illegal) = game.check_move(&state, &parsed) {
            return Err(crate::refusal_text::<G>(&illegal));
        }
        Ok(lessons::judge(&game, &state, &lesson.goal, &parsed))
    }
    fn lesson_answers(&self, index: usize) -> Result<Vec<String>, String> {
        let lesson = lesson_at::<G>(index)?;
        let (game, state) = lessons::lesson_start::<G>(&lesson)?;
        let mut answers: Vec<String> = lessons::answers(&game, &state, &lesson.goal)
            .0
            .iter()
            .map(ToString::to_string)
            .collect();
        answers.sort();
        Ok(answers)
    }
    fn initial_state(&self) -> Box<dyn DynState> {
        Box::new(ErasedState {
            game: self.game.clone(),
            state: self.game.initial_state(),
        })
    }
    fn parse_position(&self, text: &str) -> Result<Box<dyn DynState>, ParseError> {
        let state = self.game.parse_position(text)?;
        Ok(Box::new(ErasedState {
            game: self.game.clone(),
            state,
        }))
    }
    fn restore_json(&self, json: &str) -> Result<Box<dyn DynState>, ParseError> {
        let snapshot: crate::Snapshot = serde_json::from_str(json)
            .map_err(|e| ParseError::bad_position(json, format!("not a snapshot: {e}")))?;
        let state = self.game.restore(&snapshot)?;
        Ok(Box::new(ErasedState {
            game: self.game.clone(),
            state,
        }))
    }
    fn choices(&self) -> &'static [&'static str] {
        G::CHOICES
    }
    fn choice_words(&self, index: u8) -> Option<&'static str> {
        let name = G::CHOICES.get(usize::from(index))?;
        Some(G::choice_words(name).unwrap_or(name))
    }
    fn observation_spec(&self) -> ObservationSpec {
        self.game.observation_spec()
    }
    fn action_space(&self) -> ActionSpace {
        ActionSpace::of(&*self.game)
    }
    fn max_turns(&self) -> Option<u64> {
        self.game.max_turns()
    }
    fn max_turn_steps(&self) -> Option<u64> {
        self.game.max_turn_steps()
    }
    fn batch(&self, config: BatchConfig) -> Result<Box<dyn DynBatch>, BatchError> {
        Ok(Box::new(ErasedBatch {
            game: self.game.clone(),
            batch: Batch::new((*self.game).clone(), config)?,
        }))
    }
}

struct ErasedBatch<G: Game> {
    game: Arc<G>,
    batch: Batch<G>,
}

impl<G: Game> DynBatch for ErasedBatch<G> {
    fn envs(&self) -> usize {
        self.batch.envs()
    }
    fn spec(&self) -> &ObservationSpec {
        self.batch.spec()
    }
    fn actions(&self) -> ActionSpace {
        self.batch.actions()
    }
    fn config(&self) -> &BatchConfig {
        self.batch.config()
    }
    fn reset(&mut self, out: &mut BufferView<'_>) {
        self.batch.reset(out);
    }
    fn reset_envs(&mut self, which: &[bool], out: &mut BufferView<'_>) -> Result<(), BatchError> {
        self.batch.reset_envs(which, out)
    }
    fn step(&mut self, actions: &[i64], out: &mut BufferView<'_>) -> Result<(), BatchError> {
        self.batch.step(actions, out)
    }
    fn turn(&self, env: usize) -> Box<dyn DynTurn> {
        let cursor = self.batch.cursor(env);
        let start = ErasedState {
            game: self.game.clone(),
            state: cursor.start().clone(),
        };
        let mut turn = Box::new(start).into_turn();
        for &step in cursor.steps() {
            // The steps were legal in this very position.
            let _ = turn.push(step);
        }
        turn
    }
}

impl<G: Game> DynState for ErasedState<G> {
    fn position_text(&self) -> String {
        self.state.to_string()
    }
    fn diagram(&self) -> String {
        self.game.diagram(&self.state)
    }
    fn coloured_diagram(&self) -> String {
        self.game.coloured_diagram(&self.state)
    }
    fn side_to_move(&self) -> Side {
        self.game.side_to_move(&self.state)
    }
    fn status(&self) -> Status {
        self.game.status(&self.state)
    }
    fn scores(&self) -> Option<BySide<i64>> {
        self.game.scores(&self.state)
    }
    fn material(&self) -> Option<crate::Material> {
        self.game.material(&self.state)
    }
    fn legal_moves(&self) -> Vec<String> {
        let mut moves = Vec::new();
        self.game.legal_moves(&self.state, &mut moves);
        moves.iter().map(ToString::to_string).collect()
    }
    fn play(&mut self, mv: &str) -> Result<String, MoveError> {
        let mv = self.game.play_text(&mut self.state, mv.trim())?;
        Ok(mv.to_string())
    }
    fn key(&self) -> u64 {
        self.game.key(&self.state)
    }
    fn perft(&self, depth: u32) -> u64 {
        perft::perft(&*self.game, &self.state, depth)
    }
    fn perft_parallel(&self, depth: u32, threads: usize) -> u64 {
        perft::perft_parallel(&*self.game, &self.state, depth, threads)
    }
    fn perft_hashed(&self, depth: u32, megabytes: usize) -> u64 {
        perft::perft_hashed(&*self.game, &self.state, depth, megabytes)
    }
    fn perft_divide(&self, depth: u32) -> Vec<(String, u64)> {
        perft::perft_divide(&*self.game, &self.state, depth)
    }
    fn snapshot_json(&self) -> String {
        to_json(&self.game.snapshot(&self.state))
    }
    fn describe_status(&self) -> String {
        crate::describe_status(&*self.game, &self.state)
    }
    fn svg(&self, marks: &[Mark], style: &SvgStyle) -> String {
        crate::presentation::svg(&*self.game, &self.state, marks, style)
    }
    fn move_path(&self, mv: &str) -> Result<Vec<Point>, ParseError> {
        let mv = self.game.parse_move(&self.state, mv.trim())?;
        Ok(self.game.move_path(&self.state, &mv))
    }
    fn describe_move(&self, mv: &str) -> Result<String, MoveError> {
        let parsed = self.game.parse_move(&self.state, mv.trim())?;
        self.game
            .check_move(&self.state, &parsed)
            .map_err(|illegal| MoveError::illegal(&parsed, illegal))?;
        Ok(self.game.describe_move(&self.state, &parsed))
    }
    fn move_marks(&self, mv: &str) -> Result<Vec<Mark>, ParseError> {
        let mv = self.game.parse_move(&self.state, mv.trim())?;
        Ok(crate::presentation::move_marks(
            &*self.game,
            &self.state,
            &mv,
        ))
    }
    fn picture(&self) -> Picture {
        self.game.picture(&self.state)
    }
    fn move_steps(&self, mv: &str) -> Result<Vec<TurnStep>, MoveError> {
        let parsed = self.game.parse_move(&self.state, mv.trim())?;
        self.game
            .check_move(&self.state, &parsed)
            .map_err(|illegal| MoveError::illegal(&parsed, illegal))?;
        let mut steps = crate::steps::steps_of(&*self.game, &self.state, &parsed);
        // A move whose steps begin a longer move's is completed by the finishing step the
        // kernel offers (a Tower of Power single step that could go on as a row move): a
        // front end that makes these steps (a hint, a replay by clicks) needs it too.
        let made: Vec<Step> = steps.iter().map(|t| t.step).collect();
        if let Ok(here) = self.game.next_steps(&self.state, &made)
            && here.complete.is_none()
            && here.next.contains(&TurnStep::FINISH)
        {
            steps.push(TurnStep::FINISH);
        }
        Ok(steps)
    }
    fn start_turn(&self) -> Result<Box<dyn DynTurn>, StepError> {
        let turn = self.clone_box().into_turn();
        if turn.is_over() {
            return Err(StepError::GameOver);
        }
        Ok(turn)
    }
    fn into_turn(self: Box<Self>) -> Box<dyn DynTurn> {
        let mut walk = Walk::new();
        walk.begin(&*self.game, &self.state);
        Box::new(ErasedTurn { start: *self, walk })
    }
    fn turn_prompt(&self, steps: &[Step]) -> Option<String> {
        self.game.turn_prompt(&self.state, steps)
    }
    fn next_steps(&self, steps: &[Step]) -> Result<DynNextSteps, StepError> {
        let here = self.game.next_steps(&self.state, steps)?;
        Ok(DynNextSteps {
            next: here.next,
            complete: here.complete.map(|mv| mv.to_string()),
            board: Box::new(ErasedState {
                game: self.game.clone(),
                state: here.board,
            }),
        })
    }
    fn observe(&self, out: &mut [u8]) {
        out.fill(0);
        let mut walk = Walk::new();
        walk.begin(&*self.game, &self.state);
        let view = TurnView {
            start: &self.state,
            board: &self.state,
            steps: &[],
            next: walk.next(),
        };
        self.game.observe(&view, out);
    }
    fn clone_box(&self) -> Box<dyn DynState> {
        Box::new(ErasedState {
            game: self.game.clone(),
            state: self.state.clone(),
        })
    }
}

struct ErasedTurn<G: Game> {
    start: ErasedState<G>,
    walk: Walk<G>,
}

impl<G: Game> fmt::Debug for ErasedTurn<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}({}, {:?})",
            G::NAME,
            self.start.state,
            self.walk.steps()
        )
    }
}

impl<G: Game> DynTurn for ErasedTurn<G> {
    fn start(&self) -> &dyn DynState {
        &self.start
    }
    fn is_over(&self) -> bool {
        self.walk.over()
    }
    fn next(&self) -> &[TurnStep] {
        self.walk.next()
    }
    fn complete(&self) -> Option<String> {
        self.walk.complete().map(ToString::to_string)
    }
    fn board(&self) -> Box<dyn DynState> {
        Box::new(ErasedState {
            game: self.start.game.clone(),
            state: self
                .walk
                .board(&*self.start.game, &self.start.state)
                .clone(),
        })
    }
    fn drawn(&self) -> Box<dyn DynState> {
        Box::new(ErasedState {
            game: self.start.game.clone(),
            state: self.walk.drawn(&*self.start.game, &self.start.state),
        })
    }
    fn steps(&self) -> &[Step] {
        self.walk.steps()
    }
    fn push(&mut self, step: Step) -> Result<(), StepError> {
        self.walk.push(&*self.start.game, &self.start.state, step)
    }
    fn advance(&mut self) -> Option<(Box<dyn DynState>, DynMove)> {
        let game = &*self.start.game;
        self.walk.complete()?;
        let before = self.start.state.clone();
        let mv = self.walk.take_complete(game, &mut self.start.state)?;
        self.walk.begin(game, &self.start.state);
        let before = Box::new(ErasedState {
            game: self.start.game.clone(),
            state: before,
        });
        Some((before, Box::new(mv)))
    }
    fn restart(&mut self) {
        self.walk.begin(&*self.start.game, &self.start.state);
    }
    fn observe(&self, out: &mut [u8]) {
        out.fill(0);
        let game = &*self.start.game;
        let view = TurnView {
            start: &self.start.state,
            board: self.walk.board(game, &self.start.state),
            steps: self.walk.steps(),
            next: self.walk.next(),
        };
        game.observe(&view, out);
    }
    fn clone_box(&self) -> Box<dyn DynTurn> {
        Box::new(ErasedTurn {
            start: ErasedState {
                game: self.start.game.clone(),
                state: self.start.state.clone(),
            },
            walk: self.walk.clone(),
        })
    }
}

fn to_json<T: serde::Serialize>(value: &T) -> String {
    // Options and states are plain data (no maps with non-string keys), so this cannot fail.
    serde_json::to_string(value).unwrap_or_else(|e| format!("{{\"error\":\"{e}\"}}"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::Nim;

    /// The game's own answers pass through the erased face: Nim cannot be drawn, says how to
    /// move only the default way and has no named choices.
    #[test]
    fn the_game_s_facts_pass_through() {
        let game = erase(Nim::default());
        assert!(!game.can_draw());
        assert_eq!(game.how_to_move(), Nim::HOW_TO_MOVE);
        assert_eq!(game.how_to_move(), "Click a piece, then where it goes.");
        assert_eq!(game.choice_words(0), None);
        assert_eq!(Nim::choice_words("pass"), None);
    }

    /// A refused move is worded citing the rule book's section, not the specification's
    /// rule; an unreadable text and a finished game as their errors say.
    #[test]
    fn a_refused_move_cites_the_rule_book() {
        let game = erase(Nim::default());
        let mut state = game.initial_state();
        let refused = state.play("4").unwrap_err();
        assert_eq!(
            refused.to_string(),
            "illegal move `4`: take between 1 and 3 stones (§1)"
        );
        assert_eq!(
            game.move_error_text(&refused),
            "illegal move `4`: take between 1 and 3 stones (rule 1, Taking stones)"
        );
        let described = state.describe_move("0").unwrap_err();
        assert_eq!(
            game.move_error_text(&described),
            "illegal move `0`: take between 1 and 3 stones (rule 1, Taking stones)"
        );
        let unreadable = state.play("many").unwrap_err();
        assert!(matches!(unreadable, MoveError::Parse(_)));
        assert_eq!(game.move_error_text(&unreadable), unreadable.to_string());
        let mut over = game.parse_position("0 w").unwrap();
        let finished = over.play("1").unwrap_err();
        assert_eq!(
            game.move_error_text(&finished),
            "illegal move `1`: the game is over: no move is legal"
        );
    }
}
