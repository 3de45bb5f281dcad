//! The two sides of a game and values kept once per side.

use std::ops::{Index, IndexMut};

use serde::{Deserialize, Serialize};
use strum::{Display, EnumIter, EnumString};

/// One of the two players.
///
/// Every game in this workspace has two players. The kernel calls them White (the side that
/// sits at the bottom of the diagrams and usually moves first) and Black; a game whose rule
/// book uses other names (Red and Blue in Queens' Courtiers) maps them with
/// [`Presentation::side_name`](crate::Presentation::side_name).
#[derive(
    Clone,
    Copy,
    Debug,
    PartialEq,
    Eq,
    Hash,
    PartialOrd,
    Ord,
    Serialize,
    Deserialize,
    Display,
    EnumIter,
    EnumString,
)]
#[strum(ascii_case_insensitive)]
pub enum Side {
    /// The first seat: bottom of the diagrams.
    White,
    /// The second seat: top of the diagrams.
    Black,
}

impl Side {
    /// Both sides, White first.
    pub const ALL: [Side; 2] = [Side::White, Side::Black];

    /// The other side.
    #[inline]
    #[must_use]
    pub const fn opponent(self) -> Side {
        match self {
            Side::White => Side::Black,
            Side::Black => Side::White,
        }
    }

    /// 0 for White, 1 for Black: an index into per-side arrays.
    #[inline]
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// `+1` for White (who looks towards higher ranks), `-1` for Black.
    #[inline]
    #[must_use]
    pub const fn forward_sign(self) -> i8 {
        match self {
            Side::White => 1,
            Side::Black => -1,
        }
    }

    /// The conventional one-letter code: `w` or `b`.
    #[must_use]
    pub const fn letter(self) -> char {
        match self {
            Side::White => 'w',
            Side::Black => 'b',
        }
    }

    /// The kernel's name for the side, as its `Display` writes it: `White` or `Black`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Side::White => "White",
            Side::Black => "Black",
        }
    }
}

/// A value for each side, indexed by [`Side`].
///
/// ```
/// use board_kernel::{BySide, Side};
/// let mut score = BySide::new(0, 0);
/// score[Side::Black] += 2;
/// assert_eq!(score, BySide::new(0, 2));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct BySide<T> {
    /// White's value.
    pub white: T,
    /// Black's value.
    pub black: T,
}

impl<T> BySide<T> {
    /// White's value, then Black's.
    pub const fn new(white: T, black: T) -> Self {
        BySide { white, black }
    }

    /// Builds both values from a function of the side.
    pub fn from_fn(mut f: impl FnMut(Side) -> T) -> Self {
        BySide {
            white: f(Side::White),
            black: f(Side::Black),
        }
    }

    /// Applies `f` to both values.
    pub fn map<U>(self, mut f: impl FnMut(T) -> U) -> BySide<U> {
        BySide {
            white: f(self.white),
            black: f(self.black),
        }
    }
}

impl<T> Index<Side> for BySide<T> {
    type Output = T;
    #[inline]
    fn index(&self, side: Side) -> &T {
        match side {
            Side::White => &self.white,
            Side::Black => &self.black,
        }
    }
}

impl<T> IndexMut<Side> for BySide<T> {
    #[inline]
    fn index_mut(&mut self, side: Side) -> &mut T {
        match side {
            Side::White => &mut self.white,
            Side::Black => &mut self.black,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn opponent_is_an_involution() {
        for side in Side::ALL {
            assert_ne!(side.opponent(), side);
            assert_eq!(side.opponent().opponent(), side);
        }
    }

    #[test]
    fn names_parse_case_insensitively() {
        assert_eq!("black".parse::<Side>().unwrap(), Side::Black);
        assert_eq!("White".parse::<Side>().unwrap(), Side::White);
        assert!("red".parse::<Side>().is_err());
        assert_eq!(Side::Black.to_string(), "Black");
    }
}
