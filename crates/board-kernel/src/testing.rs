//! A toy game (Nim) implementing the contract: for examples, and for testing the generic
//! tools (perft, playouts, the conformance suite) independently of the real games.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::options::{parse_value, unknown_key};
use crate::{
    Block, Game, GameOptions, GameResult, OptionError, OptionInfo, ParseError, RuleBook, Setup,
    Side, Status,
};

/// Nim with one pile: take 1 to `max_take` stones; whoever takes the last stone wins.
#[derive(Clone, Debug)]
pub struct Nim {
    options: NimOptions,
}

/// Nim's options.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct NimOptions {
    /// Stones in the pile at the start.
    pub stones: u32,
    /// The most stones a turn may take.
    pub max_take: u32,
}

impl Default for NimOptions {
    fn default() -> Self {
        NimOptions {
            stones: 10,
            max_take: 3,
        }
    }
}

const NIM_OPTIONS: &[OptionInfo] = &[
    OptionInfo {
        key: "stones",
        values: "1 or more",
        default: "10",
        meaning: "initial pile",
    },
    OptionInfo {
        key: "max_take",
        values: "1 or more",
        default: "3",
        meaning: "largest take",
    },
];

impl GameOptions for NimOptions {
    fn info() -> &'static [OptionInfo] {
        NIM_OPTIONS
    }
    fn set(&mut self, key: &str, value: &str) -> Result<(), OptionError> {
        match key {
            "stones" => self.stones = parse_value(key, value, "a whole number")?,
            "max_take" => self.max_take = parse_value(key, value, "a whole number")?,
            _ => return Err(unknown_key(key, NIM_OPTIONS)),
        }
        Ok(())
    }
    fn values(&self) -> Vec<(&'static str, String)> {
        vec![
            ("stones", self.stones.to_string()),
            ("max_take", self.max_take.to_string()),
        ]
    }
    fn validate(&self) -> Result<(), OptionError> {
        if self.stones == 0 || self.max_take == 0 {
            return Err(OptionError::Invalid(
                "stones and max_take must be positive".into(),
            ));
        }
        Ok(())
    }
}

/// A Nim position: stones left and the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
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
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Take(pub u32);

impl fmt::Display for Take {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl Game for Nim {
    const NAME: &'static str = "nim";
    const TITLE: &'static str = "Nim";
    type Options = NimOptions;
    type State = NimState;
    type Move = Take;

    fn new(options: NimOptions) -> Result<Self, OptionError> {
        options.validate()?;
        Ok(Nim { options })
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
    fn why_illegal(&self, state: &NimState, _mv: &Take) -> String {
        format!(
            "take between 1 and {} stones",
            self.options.max_take.min(state.stones)
        )
    }
    fn parse_move(&self, _state: &NimState, text: &str) -> Result<Take, ParseError> {
        text.parse()
            .map(Take)
            .map_err(|_| ParseError::bad_move(text, "expected a number"))
    }
    fn parse_position(&self, text: &str) -> Result<NimState, ParseError> {
        let bad = |reason: &str| ParseError::bad_position(text, reason);
        let (stones, side) = text
            .split_once(' ')
            .ok_or_else(|| bad("expected `STONES SIDE`"))?;
        let stones = stones
            .parse()
            .map_err(|_| bad("bad stone count").at("field 1"))?;
        let to_move = match side {
            "w" => Side::White,
            "b" => Side::Black,
            _ => return Err(bad("the side is `w` or `b`").at("field 2")),
        };
        Ok(NimState { stones, to_move })
    }
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
