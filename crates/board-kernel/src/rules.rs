//! The rules of a game: the heart of the contract.

use std::fmt::{Debug, Display};
use std::hash::Hash;

use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::{BySide, GameOptions, Illegal, ParseError, Side, Status, Valid};

/// The rules of one game with its options fixed: what a state is, which moves are legal,
/// what they do, how the game ends, and the texts of positions and moves.
///
/// The value holds the options (variants), so every call is answered under the same rules; a
/// state is only meaningful for the game value that made or parsed it.
///
/// # The shape of a turn
/// A [`Rules::Move`] is a WHOLE TURN: a pass, a multi-step chain, a double move, a kick with
/// its outcome. A state whose [`Rules::status`] is [`Status::Ongoing`] always has at least
/// one legal move (a forced pass is a move); a finished state has none.
///
/// # Playing moves: one checked path, one fast path
/// [`Rules::check_move`] is the rules' verdict on a move: `Ok`, or the [`Illegal`] reason
/// naming the rule it breaks (and [`Illegal::GameOver`] once the game is finished).
/// [`GameExt::play`](crate::GameExt::play) checks and then plays, and leaves the state untouched on refusal;
/// [`Rules::play_unchecked`] plays a move known to be legal (it came from
/// [`Rules::legal_moves`]): the fast path of search and perft.
///
/// # Text and data
/// Moves print in the rule book's notation ([`Display`]) and parse back with
/// [`Rules::parse_move`]; states print as the rule book's one-line position text and parse
/// back with [`Rules::parse_position`], which validates them. Both round-trip for every
/// reachable state. The serde form of a state is its [`Snapshot`](crate::Snapshot) (the text plus the
/// repetition history), read back through the same validation by [`GameExt::restore`](crate::GameExt::restore): a
/// state never enters a program without being checked.
///
/// # Keys
/// [`Rules::key`] is a 64-bit Zobrist key of the position (what the position text
/// describes): equal positions have equal keys, and a game keeps it up to date incrementally
/// in `play_unchecked`. It serves repetition rules, transposition tables and hashed perft.
///
/// # Example
/// Every game is driven the same way; here with a tiny game from this crate's tests:
/// ```
/// use board_kernel::prelude::*;
/// use board_kernel::testing::Nim;
/// let game = Nim::default();
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
pub trait Rules: Clone + Debug + Send + Sync + 'static {
    /// The registry name: lower case with hyphens (`kamisado`, `tower-of-power`).
    const NAME: &'static str;
    /// The game's title for people (`Kamisado`, `Queens' Courtiers`).
    const TITLE: &'static str;
    /// Whether the game can end in a draw, under some options or by the players' agreement:
    /// a front end or a game server offers a draw only where one means something. `false`
    /// for a game every end of which has a winner under every option (Kamisado); the
    /// conformance suite fails such a game when one of its games ends drawn.
    const CAN_DRAW: bool = true;

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

    /// The game under `options`, which were validated on the way in (see [`Valid`]; build
    /// from unchecked options with [`GameExt::with_options`](crate::GameExt::with_options) or [`GameExt::from_pairs`](crate::GameExt::from_pairs)).
    fn new(options: Valid<Self::Options>) -> Self;

    /// The options this game was made with.
    fn options(&self) -> &Self::Options;

    /// The position the game starts from.
    fn initial_state(&self) -> Self::State;

    /// The side whose turn it is (in a finished game: the side that would move next, as the
    /// rule book defines it).
    fn side_to_move(&self, state: &Self::State) -> Side;

    /// Ongoing, or finished with its result.
    fn status(&self, state: &Self::State) -> Status;

    /// The points each side has, for games that keep a score.
    fn scores(&self, _state: &Self::State) -> Option<BySide<i64>> {
        None
    }

    /// Appends every legal move of `state` to `moves` (without clearing it first), each
    /// exactly once. Nothing is appended when the game is finished.
    ///
    /// Implementations allocate nothing beyond growing `moves`, so a caller that reuses its
    /// buffer generates moves without touching the heap.
    fn legal_moves(&self, state: &Self::State, moves: &mut Vec<Self::Move>);

    /// Plays `mv`, which the caller guarantees is legal in `state` (it came from
    /// [`Rules::legal_moves`] of this very state). The fast path for search and perft; it
    /// allocates nothing.
    ///
    /// With a move that is not legal the resulting state is unspecified (it may be
    /// inconsistent, and the method may panic); use [`GameExt::play`](crate::GameExt::play) for untrusted moves.
    fn play_unchecked(&self, state: &mut Self::State, mv: &Self::Move);

    /// Whether `mv` may be played in `state`, and if not, which rule forbids it. Answers for
    /// every state: in a finished game every move is [`Illegal::GameOver`].
    fn check_move(&self, state: &Self::State, mv: &Self::Move) -> Result<(), Illegal>;

    /// Whether `mv` is legal in `state`: [`Rules::check_move`] without the reason, which a
    /// game may answer faster.
    fn is_legal(&self, state: &Self::State, mv: &Self::Move) -> bool {
        self.check_move(state, mv).is_ok()
    }

    /// Reads a move in the game's notation. The state is given for notations that need
    /// context to be read; the result is not necessarily legal (see [`GameExt::play`](crate::GameExt::play)).
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
    /// [`Snapshot`](crate::Snapshot)), after checking that they fit it (see
    /// [`Repetition::restore`](crate::Repetition::restore), which does the checking for a
    /// game that keeps its history in a [`Repetition`](crate::Repetition)). Games without
    /// the rule refuse any history.
    fn set_history(&self, _state: &mut Self::State, keys: &[u64]) -> Result<(), String> {
        if keys.is_empty() {
            Ok(())
        } else {
            Err("this game keeps no repetition history".into())
        }
    }
}
