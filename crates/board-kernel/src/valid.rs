//! Options that have been checked: what a game is built from.

use std::ops::Deref;

use crate::{GameOptions, OptionError};

/// Options that passed [`GameOptions::validate`]. [`Rules::new`](crate::Rules::new) takes
/// one, so a game never re-checks its options and cannot be built from unchecked ones; the
/// only ways to make one are [`Valid::new`] (which checks) and the defaults (which the
/// options table guarantees, see [`check_table`](crate::options::check_table)).
///
/// ```
/// use board_kernel::Valid;
/// use board_kernel::testing::NimOptions;
/// let options = Valid::new(NimOptions { stones: 7, max_take: 3 })?;
/// assert_eq!(options.stones, 7);
/// assert!(Valid::new(NimOptions { stones: 7, max_take: 0 }).is_err());
/// # Ok::<(), board_kernel::OptionError>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct Valid<O>(O);

impl<O: GameOptions> Valid<O> {
    /// `options`, if they are valid.
    pub fn new(options: O) -> Result<Valid<O>, OptionError> {
        options.validate()?;
        Ok(Valid(options))
    }

    /// The options.
    #[must_use]
    pub fn into_inner(self) -> O {
        self.0
    }
}

impl<O: GameOptions> Default for Valid<O> {
    /// The rule book's defaults, which every options table keeps valid (its tests check it).
    fn default() -> Valid<O> {
        Valid(O::default())
    }
}

impl<O> Deref for Valid<O> {
    type Target = O;
    fn deref(&self) -> &O {
        &self.0
    }
}
