//! The game contract: what every rules engine of the workspace provides.

use std::borrow::Cow;
use std::fmt::{Debug, Display};
use std::hash::Hash;

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use crate::{
    BySide, GameOptions, Illegal, MoveError, OptionError, ParseError, RuleBook, Side, Snapshot,
    SplitMix64,
};

/// How a finished game ended.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
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

/// One line for people: whose turn it is or how the game ended, with the scores where the
/// game keeps them (`White to move; score White 0, Black 1`, `game over: Black wins (home
/// row); score White 0, Black 1`). Shared by the CLI, the generated docs and the pictures.
pub fn describe_status<G: Game>(game: &G, state: &G::State) -> String {
    let name = |side: Side| G::side_name(side);
    let mut line = match game.status(state) {
        Status::Ongoing => format!("{} to move", name(game.side_to_move(state))),
        Status::Finished(result) => match result.winner {
            Some(side) => format!("game over: {} wins ({})", name(side), result.reason),
            None => format!("game over: draw ({})", result.reason),
        },
    };
    if let Some(scores) = game.scores(state) {
        line += &format!(
            "; score {} {}, {} {}",
            name(Side::White),
            scores.white,
            name(Side::Black),
            scores.black
        );
    }
    line
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
/// # Playing moves: one checked path, one fast path
/// [`Game::check_move`] is the rules' verdict on a move: `Ok`, or the [`Illegal`] reason
/// naming the rule it breaks (and [`Illegal::GameOver`] once the game is finished).
/// [`Game::play`] checks and then plays, and leaves the state untouched on refusal;
/// [`Game::play_unchecked`] plays a move known to be legal (it came from
/// [`Game::legal_moves`]): the fast path of search and perft. [`Game::is_legal`] is
/// `check_move(..).is_ok()`, which a game may answer faster.
///
/// # Text and data
/// Moves print in the rule book's notation ([`Display`]) and parse back with
/// [`Game::parse_move`]; states print as the rule book's one-line position text and parse
/// back with [`Game::parse_position`], which validates them. Both round-trip for every
/// reachable state. The serde form of a state is its [`Snapshot`] (the text plus the
/// repetition history), read back through the same validation by [`Game::restore`]: a state
/// never enters a program without being checked.
///
/// # Keys
/// [`Game::key`] is a 64-bit Zobrist key of the position (what the position text describes):
/// equal positions have equal keys, and a game keeps it up to date incrementally in
/// `play_unchecked`. It serves repetition rules, transposition tables and hashed perft.
///
/// # Example
/// Every game is driven the same way; here with a tiny game from this crate's tests:
/// ```
/// use board_kernel::{Game, testing::Nim};
/// let game = Nim::new(Default::default())?;
/// let mut state = game.initial_state();
/// let mut moves = Vec::new();
/// game.legal_moves(&state, &mut moves);
/// game.play(&mut state, &moves[0])?;
/// assert!(game.play_text(&mut state, "9").is_err()); // refused, and nothing changed
/// let text = state.to_string();
/// assert_eq!(game.parse_position(&text)?.to_string(), text);
/// let json = serde_json::to_string(&game.snapshot(&state))?;
/// assert_eq!(game.restore(&serde_json::from_str(&json)?)?, state);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub trait Game: Clone + Debug + Send + Sync + 'static {
    /// The registry name: lower case with hyphens (`kamisado`, `tower-of-power`).
    const NAME: &'static str;
    /// The game's title for people (`Kamisado`, `Queens' Courtiers`).
    const TITLE: &'static str;

    /// The typed variants and options, with the rule book's defaults.
    type Options: GameOptions;
    /// A game state: everything the rules need to continue from here. Its `Display` is the
    /// one-line position text.
    type State: Clone + Debug + PartialEq + Display + Send + Sync;
    /// A whole turn. Its `Display` is the rule book's notation (and its serde form).
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

    /// How many legal moves `state` has: the length of [`Game::legal_moves`]'s list, which
    /// is what perft counts at its last ply. `scratch` is a buffer the default fills; a game
    /// that can count without listing (Kamisado counts a tower's open lines on bitboards)
    /// overrides this and leaves `scratch` alone. The conformance suite checks that the two
    /// agree.
    fn count_moves(&self, state: &Self::State, scratch: &mut Vec<Self::Move>) -> usize {
        scratch.clear();
        self.legal_moves(state, scratch);
        scratch.len()
    }

    /// How many legal moves the position after `mv` (legal in `state`) has: what perft
    /// counts at its last two plies. The default plays `mv` on a clone
    /// ([`perft::count_by_playing`](crate::perft::count_by_playing)); a game that can tell
    /// from `state` and the move alone overrides this and skips the clone (Kamisado: the
    /// opponent's next tower is the one of the destination's colour, its lines read against
    /// the occupancy with the moved tower shifted). The conformance suite checks that the
    /// answer is the child's [`Game::count_moves`].
    fn count_after(
        &self,
        state: &Self::State,
        mv: &Self::Move,
        scratch: &mut Vec<Self::Move>,
    ) -> usize {
        crate::perft::count_by_playing(self, state, mv, scratch)
    }

    /// How many leaves perft counts two plies below `state`: [`Game::count_after`] summed
    /// over its legal moves. The default lists the moves into `moves` (`scratch` is
    /// `count_after`'s); a game that can name its moves as it counts overrides this and skips
    /// the list (Kamisado: the required tower's steps, each named by its line and distance).
    /// The conformance suite checks the two agree.
    fn count_two_plies(
        &self,
        state: &Self::State,
        moves: &mut Vec<Self::Move>,
        scratch: &mut Vec<Self::Move>,
    ) -> u64 {
        crate::perft::count_two_plies_by_listing(self, state, moves, scratch)
    }

    /// A uniformly random legal move of `state`: the move at index `rng.below(n)` of the `n`
    /// moves [`Game::legal_moves`] lists, drawn with exactly that one call (`None`, without a
    /// draw, when there is none). Random playouts and rollouts call this every ply, so a
    /// seeded game goes the same way whichever way the move is found.
    ///
    /// The default lists the moves into `scratch` and picks one. A game that can count its
    /// moves and find the k-th without listing the others (Tower of Power counts each
    /// stone's rows, then lists only the chosen stone's) overrides it; the conformance suite
    /// checks that the override picks the same move from the same generator state.
    fn random_move(
        &self,
        state: &Self::State,
        rng: &mut SplitMix64,
        scratch: &mut Vec<Self::Move>,
    ) -> Option<Self::Move> {
        scratch.clear();
        // A fresh buffer gets room for a typical list at once rather than growing step by
        // step; an override that lists nothing never pays for it.
        if scratch.capacity() == 0 {
            scratch.reserve(128);
        }
        self.legal_moves(state, scratch);
        rng.choose(scratch).cloned()
    }

    /// Plays `mv`, which the caller guarantees is legal in `state` (it came from
    /// [`Game::legal_moves`] of this very state). The fast path for search and perft; it
    /// allocates nothing.
    ///
    /// With a move that is not legal the resulting state is unspecified (it may be
    /// inconsistent, and the method may panic); use [`Game::play`] for untrusted moves.
    fn play_unchecked(&self, state: &mut Self::State, mv: &Self::Move);

    /// Whether `mv` may be played in `state`, and if not, which rule forbids it. Answers for
    /// every state: in a finished game every move is [`Illegal::GameOver`].
    fn check_move(&self, state: &Self::State, mv: &Self::Move) -> Result<(), Illegal>;

    /// Whether `mv` is legal in `state`: [`Game::check_move`] without the reason, which a
    /// game may answer faster.
    fn is_legal(&self, state: &Self::State, mv: &Self::Move) -> bool {
        self.check_move(state, mv).is_ok()
    }

    /// Plays `mv` after checking it with [`Game::check_move`]; a refused move leaves `state`
    /// unchanged. (Not meant to be overridden: the check and the fast path are the game's.)
    fn play(&self, state: &mut Self::State, mv: &Self::Move) -> Result<(), Illegal> {
        self.check_move(state, mv)?;
        self.play_unchecked(state, mv);
        Ok(())
    }

    /// Reads a move in the game's notation. The state is given for notations that need
    /// context to be read; the result is not necessarily legal (see [`Game::play`]).
    /// Texts longer than [`MAX_TEXT_LEN`](crate::MAX_TEXT_LEN) are refused.
    fn parse_move(&self, state: &Self::State, text: &str) -> Result<Self::Move, ParseError>;

    /// Reads a one-line position text, checking that it describes a valid position under
    /// this game's options. Texts longer than [`MAX_TEXT_LEN`](crate::MAX_TEXT_LEN) are
    /// refused.
    fn parse_position(&self, text: &str) -> Result<Self::State, ParseError>;

    /// The 64-bit Zobrist key of the position: equal for equal position texts. The
    /// repetition history is not part of it.
    fn key(&self, state: &Self::State) -> u64;

    /// The keys of the positions that count for the repetition rule, oldest first (the
    /// current one last while the rule is on); empty for games without the rule.
    fn history<'s>(&self, _state: &'s Self::State) -> &'s [u64] {
        &[]
    }

    /// Gives a state just parsed from its text the repetition history `keys` (from a
    /// [`Snapshot`]), after checking that they fit it (see
    /// [`Repetition::from_keys`](crate::Repetition::from_keys)). Games without the rule
    /// refuse any history.
    fn set_history(&self, _state: &mut Self::State, keys: &[u64]) -> Result<(), String> {
        if keys.is_empty() {
            Ok(())
        } else {
            Err("this game keeps no repetition history".into())
        }
    }

    /// The state as data: its position text and repetition history. The serde form of a
    /// state; read it back with [`Game::restore`].
    fn snapshot(&self, state: &Self::State) -> Snapshot {
        Snapshot {
            position: state.to_string(),
            history: self.history(state).to_vec(),
        }
    }

    /// The state a [`Snapshot`] describes, validated exactly as [`Game::parse_position`]
    /// validates text, with its history checked against it.
    fn restore(&self, snapshot: &Snapshot) -> Result<Self::State, ParseError> {
        let mut state = self.parse_position(&snapshot.position)?;
        self.set_history(&mut state, &snapshot.history)
            .map_err(|reason| {
                ParseError::bad_position(&snapshot.position, reason).at("the history")
            })?;
        Ok(state)
    }

    /// A multi-line text diagram of the position for people (no trailing newline needed).
    fn diagram(&self, state: &Self::State) -> String;

    /// The diagram with ANSI colours for a terminal (Kamisado's square colours); the plain
    /// [`Game::diagram`] by default. Front ends call it only when colour is wanted.
    fn coloured_diagram(&self, state: &Self::State) -> String {
        self.diagram(state)
    }

    /// The position as a [`Picture`](crate::picture::Picture) for the SVG renderer: cells,
    /// pieces and edge labels (the renderer adds title, caption and marks; see
    /// [`picture::svg`](crate::picture::svg)). The default draws the text diagram.
    fn picture(&self, state: &Self::State) -> crate::picture::Picture {
        crate::picture::text_picture(&self.diagram(state))
    }

    /// The cells a move passes through, in order, in the picture's grid: its first cell is
    /// the piece or stack that moves and its last where the move ends (a chain, a kick's ball
    /// path...). Front ends draw it as an arrow and build click-to-move from it. Empty for a
    /// move without a place (a pass).
    fn move_path(&self, _state: &Self::State, _mv: &Self::Move) -> Vec<crate::picture::Point> {
        Vec::new()
    }

    /// The rule book: the rules in the crate's words, with examples the docs generator
    /// renders from engine positions.
    fn rule_book() -> RuleBook;

    /// Parses `text` and plays it: the one call a front end needs for user input. On error
    /// `state` is unchanged.
    fn play_text(&self, state: &mut Self::State, text: &str) -> Result<Self::Move, MoveError> {
        let mv = self.parse_move(state, text)?;
        self.play(state, &mv)
            .map_err(|illegal| MoveError::illegal(&mv, illegal))?;
        Ok(mv)
    }

    /// The game with options given as `KEY=VALUE` pairs over the defaults.
    fn from_pairs<'a>(
        pairs: impl IntoIterator<Item = (&'a str, &'a str)>,
    ) -> Result<Self, OptionError> {
        Self::new(Self::Options::from_pairs(pairs)?)
    }
}
