//! The game contract: what every rules engine of the workspace provides.

use std::borrow::Cow;
use std::fmt::{Debug, Display};
use std::hash::Hash;

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use crate::{BySide, GameOptions, MoveError, OptionError, ParseError, RuleBook, Side};

/// How a finished game ended.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct GameResult {
    /// The winner, or `None` for a draw.
    pub winner: Option<Side>,
    /// Why the game ended, in the rule book's words (`home row`, `deadlock`, `repetition`,
    /// `no legal move`, `points` …).
    pub reason: Cow<'static, str>,
}

impl GameResult {
    /// A win for `side`.
    pub fn win(side: Side, reason: impl Into<Cow<'static, str>>) -> GameResult {
        GameResult {
            winner: Some(side),
            reason: reason.into(),
        }
    }

    /// A draw.
    pub fn draw(reason: impl Into<Cow<'static, str>>) -> GameResult {
        GameResult {
            winner: None,
            reason: reason.into(),
        }
    }
}

/// Whether a game goes on.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Status {
    /// The side to move has at least one legal move.
    Ongoing,
    /// The game is over; there are no legal moves.
    Finished(GameResult),
}

impl Status {
    /// Whether the game is over.
    #[must_use]
    pub fn is_finished(&self) -> bool {
        matches!(self, Status::Finished(_))
    }

    /// The result of a finished game.
    #[must_use]
    pub fn result(&self) -> Option<&GameResult> {
        match self {
            Status::Ongoing => None,
            Status::Finished(r) => Some(r),
        }
    }
}

/// A rules engine: one game with its options fixed.
///
/// The value holds the options (variants), so every call is answered under the same rules; a
/// state is only meaningful for the game value that made or parsed it.
///
/// # The shape of a turn
/// A [`Game::Move`] is a WHOLE TURN: a pass, a multi-step chain, a double move, a kick with
/// its outcome. A state whose [`Game::status`] is [`Status::Ongoing`] always has at least one
/// legal move (a forced pass is a move); a finished state has none.
///
/// # Text
/// Moves print in the rule book's notation ([`Display`]) and parse back with
/// [`Game::parse_move`]; states print as the rule book's one-line position text and parse
/// back with [`Game::parse_position`]. Both round-trip for every reachable state.
///
/// # Example
/// Every game is driven the same way; here with a tiny game from this crate's tests:
/// ```
/// use board_kernel::{Game, testing::Nim};
/// let game = Nim::new(Default::default())?;
/// let mut state = game.initial_state();
/// let mut moves = Vec::new();
/// game.legal_moves(&state, &mut moves);
/// let first = moves[0];
/// game.apply(&mut state, &first)?;
/// let text = state.to_string();
/// assert_eq!(game.parse_position(&text)?.to_string(), text);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub trait Game: Clone + Debug + Send + Sync + 'static {
    /// The registry name: lower case with hyphens (`kamisado`, `tower-of-power`).
    const NAME: &'static str;
    /// The game's title for people (`Kamisado`, `Queens' Courtiers`).
    const TITLE: &'static str;

    /// The typed variants and options, with the rule book's defaults.
    type Options: GameOptions;
    /// A game state: everything the rules need to continue from here.
    type State: Clone + Debug + PartialEq + Display + Serialize + DeserializeOwned + Send + Sync;
    /// A whole turn.
    type Move: Clone
        + Debug
        + PartialEq
        + Eq
        + Hash
        + Display
        + Serialize
        + DeserializeOwned
        + Send
        + Sync;

    /// The game under `options`, which are validated.
    fn new(options: Self::Options) -> Result<Self, OptionError>;

    /// The options this game was made with.
    fn options(&self) -> &Self::Options;

    /// The position the game starts from.
    fn initial_state(&self) -> Self::State;

    /// The side whose turn it is (in a finished game: the side that would move next, as the
    /// rule book defines it).
    fn side_to_move(&self, state: &Self::State) -> Side;

    /// The rule book's name for a side (Queens' Courtiers says Red and Blue).
    fn side_name(side: Side) -> &'static str {
        match side {
            Side::White => "White",
            Side::Black => "Black",
        }
    }

    /// Ongoing, or finished with its result.
    fn status(&self, state: &Self::State) -> Status;

    /// The points each side has, for games that keep a score.
    fn scores(&self, _state: &Self::State) -> Option<BySide<i64>> {
        None
    }

    /// A cheap static evaluation of `state` from `side`'s point of view, in `[-1, 1]` (1: `side`
    /// is winning), for search players. `None` (the default) means the game offers none and
    /// searchers fall back to the score difference or playouts.
    fn heuristic(&self, _state: &Self::State, _side: Side) -> Option<f64> {
        None
    }

    /// Appends every legal move of `state` to `moves` (without clearing it first), each
    /// exactly once. Nothing is appended when the game is finished.
    ///
    /// Implementations allocate nothing beyond growing `moves`, so a caller that reuses its
    /// buffer generates moves without touching the heap.
    fn legal_moves(&self, state: &Self::State, moves: &mut Vec<Self::Move>);

    /// Plays `mv`, which the caller guarantees is legal in `state` (it came from
    /// [`Game::legal_moves`] of this very state). The fast path for search and perft.
    ///
    /// With a move that is not legal the resulting state is unspecified (it may be
    /// inconsistent, and the method may panic); use [`Game::apply`] for untrusted moves.
    fn play_unchecked(&self, state: &mut Self::State, mv: &Self::Move);

    /// Whether `mv` is legal in `state`. The default looks it up among the legal moves.
    fn is_legal(&self, state: &Self::State, mv: &Self::Move) -> bool {
        let mut moves = Vec::new();
        self.legal_moves(state, &mut moves);
        moves.contains(mv)
    }

    /// Why `mv` is not legal in `state`, in words for a player. Only called for an illegal
    /// move; games override it to name the rule that forbids it.
    fn why_illegal(&self, _state: &Self::State, _mv: &Self::Move) -> String {
        "it is not among the legal moves of this position".to_owned()
    }

    /// Plays `mv` after checking that it is legal; an illegal move is an error and leaves
    /// `state` unchanged.
    fn apply(&self, state: &mut Self::State, mv: &Self::Move) -> Result<(), MoveError> {
        if self.status(state).is_finished() {
            return Err(MoveError::GameOver);
        }
        if !self.is_legal(state, mv) {
            return Err(MoveError::Illegal {
                mv: mv.to_string(),
                reason: self.why_illegal(state, mv),
            });
        }
        self.play_unchecked(state, mv);
        Ok(())
    }

    /// Reads a move in the game's notation. The state is given for notations that need
    /// context to be read; the result is not necessarily legal (see [`Game::apply`]).
    fn parse_move(&self, state: &Self::State, text: &str) -> Result<Self::Move, ParseError>;

    /// Reads a one-line position text, checking that it describes a valid position.
    fn parse_position(&self, text: &str) -> Result<Self::State, ParseError>;

    /// A multi-line text diagram of the position for people (no trailing newline needed).
    fn diagram(&self, state: &Self::State) -> String;

    /// The diagram with ANSI colours for a terminal (Kamisado's square colours); the plain
    /// [`Game::diagram`] by default. Front ends call it only when colour is wanted.
    fn coloured_diagram(&self, state: &Self::State) -> String {
        self.diagram(state)
    }

    /// The rule book: the rules in the crate's words, with examples the docs generator
    /// renders from engine positions.
    fn rule_book() -> RuleBook;

    /// Parses `text` and applies it: the one call a front end needs for user input.
    fn apply_text(&self, state: &mut Self::State, text: &str) -> Result<Self::Move, MoveError> {
        let mv = self.parse_move(state, text)?;
        self.apply(state, &mv)?;
        Ok(mv)
    }

    /// The game with options given as `KEY=VALUE` pairs over the defaults.
    fn from_pairs<'a>(
        pairs: impl IntoIterator<Item = (&'a str, &'a str)>,
    ) -> Result<Self, OptionError> {
        Self::new(Self::Options::from_pairs(pairs)?)
    }
}
