//! The game contract, split along its seams: [`Rules`] is the game itself; [`Search`] the
//! optional hooks that make counting, random play and evaluation fast; [`Presentation`] how a
//! position looks to people; [`Steps`] how a whole turn decomposes into the clicks a player
//! makes; [`Observe`] what a learning program sees of it; [`GameExt`] the methods every game gets and none overrides; and [`Game`] the one
//! bound generic code writes, which a type has as soon as it implements the five.

use crate::observe::Observe;
use crate::{
    GameOptions, Illegal, MoveError, OptionError, ParseError, Presentation, Render, Rules, Search,
    Snapshot, Steps, Valid,
};

/// The methods every game has through its [`Rules`], written once here. A blanket
/// implementation covers every type, so no game can override them: the checked path is
/// always `check_move` then `play_unchecked`, and a snapshot is always read back through
/// `parse_position`.
pub trait GameExt: Rules {
    /// The game under `options`, after checking them ([`Valid::new`]).
    fn with_options(options: Self::Options) -> Result<Self, OptionError> {
        Ok(Self::new(Valid::new(options)?))
    }

    /// The game with options given as `KEY=VALUE` pairs over the defaults.
    fn from_pairs<'a>(
        pairs: impl IntoIterator<Item = (&'a str, &'a str)>,
    ) -> Result<Self, OptionError> {
        Self::with_options(Self::Options::from_pairs(pairs)?)
    }

    /// Plays `mv` after checking it with [`Rules::check_move`]; a refused move leaves
    /// `state` unchanged.
    fn play(&self, state: &mut Self::State, mv: &Self::Move) -> Result<(), Illegal> {
        self.check_move(state, mv)?;
        self.play_unchecked(state, mv);
        Ok(())
    }

    /// Parses `text` and plays it: the one call a front end needs for user input. On error
    /// `state` is unchanged.
    fn play_text(&self, state: &mut Self::State, text: &str) -> Result<Self::Move, MoveError> {
        let mv = self.parse_move(state, text)?;
        self.play(state, &mv)
            .map_err(|illegal| MoveError::illegal(&mv, illegal))?;
        Ok(mv)
    }

    /// The state as data: its position text and repetition history. The serde form of a
    /// state; read it back with [`GameExt::restore`].
    fn snapshot(&self, state: &Self::State) -> Snapshot {
        Snapshot {
            position: state.to_string(),
            history: self.history(state).to_vec(),
        }
    }

    /// The state a [`Snapshot`] describes, validated exactly as [`Rules::parse_position`]
    /// validates text, with its history checked against it.
    fn restore(&self, snapshot: &Snapshot) -> Result<Self::State, ParseError> {
        let mut state = self.parse_position(&snapshot.position)?;
        self.set_history(&mut state, &snapshot.history)
            .map_err(|reason| {
                ParseError::bad_position(&snapshot.position, reason).at("the history")
            })?;
        Ok(state)
    }
}

impl<G: Rules> GameExt for G {}

/// A whole game: its [`Rules`], [`Search`] hooks, [`Presentation`], [`Steps`] and what a
/// learner sees of it ([`Observe`]), with the provided [`GameExt`]. The one bound generic code over "any game" writes; implemented for
/// every type that implements the five. Code that only searches bounds on [`Search`]
/// (perft, playouts).
///
/// A bound `G: Game` brings every method into scope; code that names a concrete game brings
/// them with `use board_kernel::prelude::*` (each game crate re-exports it as its own
/// `prelude`).
pub trait Game: Rules + Search + Presentation + Steps + Observe + GameExt + Render {}

impl<G: Rules + Search + Presentation + Steps + Observe> Game for G {}
