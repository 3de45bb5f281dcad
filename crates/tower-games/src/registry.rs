//! The registry of games: every game of the workspace by name, as a type-erased
//! [`DynGame`] for string-driven tools, or through a [`GameVisitor`] for generic code that
//! wants the concrete [`Game`] type (search players, statistics) at full speed.
//!
//! Adding a game is one line in [`for_each_game!`](crate::for_each_game).

use board_kernel::erased::{self, DynGame};
use board_kernel::{Game, OptionError};
use thiserror::Error;

/// Calls the macro `$callback!` with the list of every registered game type. The one place
/// a new game is registered.
#[macro_export]
macro_rules! for_each_game {
    ($callback:ident) => {
        $callback! {
            kamisado::Kamisado,
            tower_of_power::TowerOfPower,
            seven_sages::SevenSages,
            sackson_chain_reaction::ChainReaction,
            queens_courtiers::QueensCourtiers,
        }
    };
}

/// An error looking up or configuring a game.
#[derive(Debug, Error)]
pub enum RegistryError {
    /// No game of this name.
    #[error("unknown game `{name}`; the games are: {}", names().join(", "))]
    UnknownGame {
        /// The name given (a bounded excerpt, escaped for printing).
        name: String,
    },
    /// The options were rejected.
    #[error(transparent)]
    Option(#[from] OptionError),
}

/// Generic code run with a concrete game type.
pub trait GameVisitor {
    /// What the visit returns.
    type Output;
    /// Called with the game, built with the requested options.
    fn visit<G: Game>(self, game: G) -> Self::Output;
}

macro_rules! names_of {
    ($($game:ty),* $(,)?) => {
        &[$(<$game as board_kernel::Rules>::NAME),*]
    };
}

/// The registered game names, in registration order.
#[must_use]
pub fn names() -> &'static [&'static str] {
    for_each_game!(names_of)
}

fn pairs(options: &[(String, String)]) -> impl Iterator<Item = (&str, &str)> {
    options.iter().map(|(k, v)| (k.as_str(), v.as_str()))
}

/// Builds the game `name` with `KEY=VALUE` options and runs `visitor` on it.
pub fn visit<V: GameVisitor>(
    name: &str,
    options: &[(String, String)],
    visitor: V,
) -> Result<V::Output, RegistryError> {
    macro_rules! dispatch {
        ($($game:ty),* $(,)?) => {
            $(
                if name == <$game as board_kernel::Rules>::NAME {
                    let game = <$game as board_kernel::GameExt>::from_pairs(pairs(options))?;
                    return Ok(visitor.visit(game));
                }
            )*
        };
    }
    for_each_game!(dispatch);
    Err(RegistryError::UnknownGame {
        name: board_kernel::excerpt(name),
    })
}

/// The game `name` with `KEY=VALUE` options, type-erased.
pub fn build(name: &str, options: &[(String, String)]) -> Result<Box<dyn DynGame>, RegistryError> {
    struct Erase;
    impl GameVisitor for Erase {
        type Output = Box<dyn DynGame>;
        fn visit<G: Game>(self, game: G) -> Box<dyn DynGame> {
            erased::erase(game)
        }
    }
    visit(name, options, Erase)
}

/// Every registered game with default options, type-erased.
#[must_use]
pub fn all() -> Vec<Box<dyn DynGame>> {
    names()
        .iter()
        .filter_map(|name| build(name, &[]).ok())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_name_builds_and_unknown_names_fail() {
        assert_eq!(all().len(), names().len());
        for name in names() {
            assert_eq!(build(name, &[]).unwrap().name(), *name);
        }
        let err = build("chess", &[]).err().unwrap();
        assert!(err.to_string().starts_with("unknown game `chess`"));
    }

    #[test]
    fn bad_options_are_reported() {
        let name = names()[0];
        let err = build(name, &[("no_such_option".into(), "1".into())])
            .err()
            .unwrap();
        assert!(err.to_string().contains("no_such_option"), "{err}");
    }
}
