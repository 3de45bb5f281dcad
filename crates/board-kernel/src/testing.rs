//! Helpers for the games' tests: a toy game (Nim) implementing the contract, for examples and
//! for testing the generic tools (perft, playouts, the conformance suite) independently of
//! the real games; the switch for heavy tests; and the rule-book replay check.

use std::fmt;

use crate::picture::Point;
use crate::steps::{StepRole, TurnStep};
use crate::{
    Block, Game, GameResult, Illegal, ParseError, Presentation, RuleBook, Rules, Search, Setup,
    Side, Status, Steps, TextKind, Valid, zobrist,
};

/// The environment variable that switches on the heavy tests (deep perft, strength series).
pub const HEAVY: &str = "TOWERS_HEAVY";

/// Whether the heavy tests run: `TOWERS_HEAVY` is set to anything but `0` or empty. CI sets it
/// in one dedicated step, so `cargo test` stays quick for a contributor. A heavy test that
/// does not run says so on stderr.
///
/// ```
/// fn deep_perft() {
///     if !board_kernel::testing::heavy("deep_perft") {
///         return;
///     }
///     // … the expensive part
/// }
/// # deep_perft();
/// ```
#[must_use]
pub fn heavy(test: &str) -> bool {
    let on = std::env::var(HEAVY).is_ok_and(|v| !v.is_empty() && v != "0");
    if !on {
        eprintln!("{test}: skipped (a heavy test; set {HEAVY}=1 to run it)");
    }
    on
}

/// Whether the heavy tests are on (`TOWERS_HEAVY` set to anything but `0` or empty), without
/// a note: for tests that need a service CI provides (a database) and must not pass quietly
/// without it there.
#[must_use]
pub fn heavy_on() -> bool {
    std::env::var(HEAVY).is_ok_and(|v| !v.is_empty() && v != "0")
}

/// `quick` normally, `heavy` when the heavy tests are on (silently): for suites that always
/// run but go deeper in CI's heavy step, such as the number of conformance games.
#[must_use]
pub fn scale(quick: usize, heavy: usize) -> usize {
    if std::env::var(HEAVY).is_ok_and(|v| !v.is_empty() && v != "0") {
        heavy
    } else {
        quick
    }
}

/// Replays every setup of `G`'s rule book: its options build, its position parses and
/// re-prints the same, and its moves are legal. Returns how many setups were replayed, or
/// the first failure with the example's caption.
pub fn check_rule_book<G: Game>() -> Result<usize, String> {
    let book = G::rule_book();
    let mut replayed = 0;
    for (caption, setup) in book.setups() {
        let fail = |what: String| format!("{}: rule-book example `{caption}`: {what}", G::NAME);
        let game = G::from_pairs(setup.options.iter().copied()).map_err(|e| fail(e.to_string()))?;
        let mut state = match setup.position {
            Some(text) => {
                let state = game.parse_position(text).map_err(|e| fail(e.to_string()))?;
                if state.to_string() != text {
                    return Err(fail(format!("the position re-prints as `{state}`")));
                }
                state
            }
            None => game.initial_state(),
        };
        for mv in setup.moves {
            game.play_text(&mut state, mv)
                .map_err(|e| fail(format!("`{mv}`: {e}")))?;
        }
        replayed += 1;
    }
    for block in &book.blocks {
        if let Block::LegalMoves { caption, setup, .. } = block
            && let Some(said) = stated_move_count(caption)
        {
            let game = G::from_pairs(setup.options.iter().copied()).map_err(|e| e.to_string())?;
            let mut state = match setup.position {
                Some(text) => game.parse_position(text).map_err(|e| e.to_string())?,
                None => game.initial_state(),
            };
            for mv in setup.moves {
                game.play_text(&mut state, mv).map_err(|e| e.to_string())?;
            }
            let mut moves = Vec::new();
            game.legal_moves(&state, &mut moves);
            if moves.len() != said {
                return Err(format!(
                    "{}: rule-book example `{caption}` says {said} but the position has {} legal moves",
                    G::NAME,
                    moves.len()
                ));
            }
        }
    }
    if !book.blocks.contains(&Block::Options)
        && !<G::Options as crate::GameOptions>::info().is_empty()
    {
        return Err(format!("{}: the rule book has no options table", G::NAME));
    }
    Ok(replayed)
}

/// Nim with one pile: take 1 to `max_take` stones; whoever takes the last stone wins.
#[derive(Clone, Debug, Default)]
pub struct Nim {
    options: NimOptions,
}

crate::game_options! {
    /// Nim's options.
    #[derive(Copy)]
    pub struct NimOptions {
        /// Stones in the pile at the start.
        stones: u32 = 10 => {
            values: "1 to 1000000",
            meaning: "initial pile",
            valid: |v| (1..=1_000_000).contains(v),
        },
        /// The most stones a turn may take.
        max_take: u32 = 3 => {
            values: "1 to 1000",
            meaning: "largest take",
            valid: |v| (1..=1000).contains(v),
        },
    }
}

/// A Nim position: stones left and the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NimState {
    /// Stones left.
    pub stones: u32,
    /// The side to move.
    pub to_move: Side,
}

impl fmt::Display for NimState {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.stones, self.to_move.letter())
    }
}

/// A Nim move: how many stones to take.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Take(pub u32);

impl fmt::Display for Take {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl std::str::FromStr for Take {
    type Err = ParseError;
    fn from_str(text: &str) -> Result<Take, ParseError> {
        ParseError::check_length(TextKind::Move, text)?;
        text.parse()
            .map(Take)
            .map_err(|_| ParseError::bad_move(text, "expected a number"))
    }
}

crate::serde_via_text!(Take);

const SIDE_KEY: u64 = zobrist::table::<1>(0x006e_696d)[0];

impl Rules for Nim {
    const NAME: &'static str = "nim";
    const TITLE: &'static str = "Nim";
    type Options = NimOptions;
    type State = NimState;
    type Move = Take;

    fn new(options: Valid<NimOptions>) -> Self {
        Nim {
            options: options.into_inner(),
        }
    }
    fn options(&self) -> &NimOptions {
        &self.options
    }
    fn initial_state(&self) -> NimState {
        NimState {
            stones: self.options.stones,
            to_move: Side::White,
        }
    }
    fn side_to_move(&self, state: &NimState) -> Side {
        state.to_move
    }
    fn status(&self, state: &NimState) -> Status {
        if state.stones == 0 {
            Status::Finished(GameResult::win(
                state.to_move.opponent(),
                "took the last stone",
            ))
        } else {
            Status::Ongoing
        }
    }
    fn legal_moves(&self, state: &NimState, moves: &mut Vec<Take>) {
        moves.extend((1..=self.options.max_take.min(state.stones)).map(Take));
    }
    fn play_unchecked(&self, state: &mut NimState, mv: &Take) {
        state.stones -= mv.0;
        state.to_move = state.to_move.opponent();
    }
    fn check_move(&self, state: &NimState, mv: &Take) -> Result<(), Illegal> {
        if state.stones == 0 {
            return Err(Illegal::GameOver);
        }
        let most = self.options.max_take.min(state.stones);
        if mv.0 == 0 || mv.0 > most {
            return Err(Illegal::breaks(
                "§1",
                format!("take between 1 and {most} stones"),
            ));
        }
        Ok(())
    }
    fn parse_move(&self, _state: &NimState, text: &str) -> Result<Take, ParseError> {
        text.parse()
    }
    fn parse_position(&self, text: &str) -> Result<NimState, ParseError> {
        ParseError::check_length(TextKind::Position, text)?;
        let bad = |reason: &str| ParseError::bad_position(text, reason);
        let (stones, side) = text
            .split_once(' ')
            .ok_or_else(|| bad("expected `STONES SIDE`"))?;
        let stones = stones
            .parse()
            .ok()
            .filter(|&n| n <= self.options.stones)
            .ok_or_else(|| bad("bad stone count").at("field 1"))?;
        let to_move = match side {
            "w" => Side::White,
            "b" => Side::Black,
            _ => return Err(bad("the side is `w` or `b`").at("field 2")),
        };
        Ok(NimState { stones, to_move })
    }
    fn key(&self, state: &NimState) -> u64 {
        let side = if state.to_move == Side::Black {
            SIDE_KEY
        } else {
            0
        };
        u64::from(state.stones).wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ side
    }
}

impl Search for Nim {}

/// Nim's turn is one step: the count taken, as the cell of that number in a row of cells.
impl Steps for Nim {
    fn move_steps(&self, _state: &NimState, mv: &Take, out: &mut Vec<TurnStep>) {
        let index = mv.0.saturating_sub(1);
        let at = Point::new((index % 256) as u8, (index / 256) as u8);
        out.push(TurnStep::cell(at, StepRole::Select));
    }
}

impl Presentation for Nim {
    fn diagram(&self, state: &NimState) -> String {
        format!(
            "{} ({} stones)",
            "o".repeat(state.stones as usize),
            state.stones
        )
    }
    fn rule_book() -> RuleBook {
        RuleBook::new(vec![
            Block::Text("Take one to three stones; whoever takes the last stone wins."),
            Block::Options,
            Block::LegalMoves {
                caption: "The start",
                setup: Setup::INITIAL,
                limit: 10,
            },
            Block::Line {
                caption: "A short game",
                setup: Setup::moves(&["3", "3", "3", "1"]),
            },
        ])
    }
}

/// The total a caption states: the first number written as `N turns`, `N moves` or `N legal
/// moves` (a count of one kind, `25 kicks`, is not a total and is not read).
fn stated_move_count(caption: &str) -> Option<usize> {
    let words: Vec<&str> = caption.split_whitespace().collect();
    words
        .windows(3)
        .find_map(|w| {
            let n: usize = w[0].trim_start_matches('(').parse().ok()?;
            let next = w[1].trim_end_matches([',', ')', ';', '.', ':']);
            let after = w[2].trim_end_matches([',', ')', ';', '.', ':']);
            (matches!(next, "turns" | "moves") || (next == "legal" && after == "moves"))
                .then_some(n)
        })
        .or_else(|| {
            // A count at the very end: `…: 8 turns`.
            let n = words.len();
            (n >= 2 && matches!(words[n - 1].trim_end_matches('.'), "turns" | "moves"))
                .then(|| words[n - 2].parse().ok())
                .flatten()
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn captions_state_totals_that_are_read() {
        assert_eq!(
            stated_move_count("Example 1 — the opening: 173 moves, 148 plain"),
            Some(173)
        );
        assert_eq!(
            stated_move_count("Red has 142 turns (37 King, 25 Queen)"),
            Some(142)
        );
        assert_eq!(stated_move_count("with d8-d9 scoring: 8 turns"), Some(8));
        assert_eq!(stated_move_count("26 kicks (adds h5-h8/h10)"), None);
        assert_eq!(stated_move_count("The start"), None);
    }

    #[test]
    fn nim_rule_book_replays_and_its_options_are_consistent() {
        assert_eq!(check_rule_book::<Nim>(), Ok(2));
        crate::options::check_table::<NimOptions>().unwrap();
    }
}
