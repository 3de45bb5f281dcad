//! Nim with one pile, the toy game that implements the whole contract: the examples of the
//! docs and the tests of the generic tools (perft, playouts, the conformance suite, the turn
//! cursor) run on it, independently of the real games.

use std::fmt;

use crate::lessons::{Course, Goal, Lesson};
use crate::observe::{ObservationSpec, Observe, Plane, TurnView};
use crate::picture::Point;
use crate::steps::{StepRole, TurnStep};
use crate::{
    Block, GameExt, GameResult, Illegal, ParseError, Presentation, RuleBook, Rules, Search, Setup,
    Side, Status, Steps, TextKind, Valid, zobrist,
};

/// The [`Rules`] methods of a test game that wraps [`Nim`] (as its field `0`) and passes them
/// on unchanged: what each such wrapper would otherwise spell out again (all but `status`,
/// which a test game may change).
#[cfg(test)]
macro_rules! nim_rules_passed_on {
    () => {
        fn options(&self) -> &$crate::testing::NimOptions {
            self.0.options()
        }
        fn initial_state(&self) -> $crate::testing::NimState {
            self.0.initial_state()
        }
        fn side_to_move(&self, s: &$crate::testing::NimState) -> $crate::Side {
            s.to_move
        }
        fn legal_moves(
            &self,
            s: &$crate::testing::NimState,
            moves: &mut Vec<$crate::testing::Take>,
        ) {
            self.0.legal_moves(s, moves);
        }
        fn play_unchecked(&self, s: &mut $crate::testing::NimState, mv: &$crate::testing::Take) {
            self.0.play_unchecked(s, mv);
        }
    };
}
#[cfg(test)]
pub(crate) use nim_rules_passed_on;

/// Nim with one pile: take 1 to `max_take` stones; whoever takes the last stone wins.
#[derive(Clone, Debug, Default)]
pub struct Nim {
    options: NimOptions,
}

impl Nim {
    /// Nim with a pile of `stones`, taking 1 to `max_take` stones a turn; panics when either
    /// is outside its option's range (a mistake of the test that asks).
    ///
    /// ```
    /// use board_kernel::prelude::*;
    /// use board_kernel::testing::Nim;
    /// assert_eq!(Nim::pile(4, 2).initial_state().to_string(), "4 w");
    /// ```
    #[must_use]
    pub fn pile(stones: u32, max_take: u32) -> Nim {
        Nim::with_options(NimOptions { stones, max_take }).unwrap_or_else(|e| panic!("{e}"))
    }
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
    /// Whoever takes the last stone wins: every game has a winner.
    const CAN_DRAW: bool = false;
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

/// Nim seen by a learner: a row of cells, one per stone that could be taken (the cell of
/// the step that takes that many), and who is to move.
impl Observe for Nim {
    fn grid(&self) -> (usize, usize) {
        (
            self.options.stones.max(self.options.max_take).clamp(1, 256) as usize,
            1,
        )
    }

    fn observation_spec(&self) -> ObservationSpec {
        let (columns, rows) = self.grid();
        ObservationSpec {
            planes: vec![
                Plane::flag("a stone left in the pile (cell k: at least k + 1 stones)"),
                Plane::flag("the mover is the second player"),
            ],
            rows,
            columns,
        }
    }

    fn observe(&self, view: &TurnView<'_, Self>, out: &mut [u8]) {
        let (columns, _) = self.grid();
        let stones = (view.board.stones as usize).min(columns);
        out[..stones].fill(1);
        if view.start.to_move == Side::Black {
            out[columns..2 * columns].fill(1);
        }
    }

    fn max_turns(&self) -> Option<u64> {
        Some(u64::from(self.options.stones))
    }

    fn max_turn_steps(&self) -> Option<u64> {
        Some(1)
    }
}

/// Nim's course: one lesson.
const NIM_COURSE: Course = Course {
    lessons: &[Lesson {
        title: "Take the last stone",
        sections: &["taking"],
        setup: Setup::position("3 w"),
        task: "Three stones are left: take the last one and win.",
        goal: Goal::Win,
        miss: "Whoever takes the last stone wins: leave none.",
        success: "You took the last stone.",
    }],
    untaught: &[],
};

impl Presentation for Nim {
    fn diagram(&self, state: &NimState) -> String {
        format!(
            "{} ({} stones)",
            "o".repeat(state.stones as usize),
            state.stones
        )
    }
    fn rule_section(rule: &str) -> Option<&'static str> {
        (rule == "§1").then_some("taking")
    }
    fn course() -> Course {
        NIM_COURSE
    }
    fn rule_book() -> RuleBook {
        RuleBook::new(vec![
            Block::Text(
                "## Taking stones {#taking}\n\nTake one to three stones; whoever takes the last \
                 stone wins.",
            ),
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
