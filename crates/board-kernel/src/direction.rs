//! The eight compass directions and knight-like leaps.

use serde::{Deserialize, Serialize};
use strum::{Display, EnumIter, EnumString};

use crate::Side;

/// A compass direction on a board seen from White's side: `N` is towards higher ranks, `E`
/// towards later files.
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
pub enum Direction {
    /// Towards higher ranks.
    N,
    /// North-east.
    NE,
    /// Towards later files.
    E,
    /// South-east.
    SE,
    /// Towards lower ranks.
    S,
    /// South-west.
    SW,
    /// Towards earlier files.
    W,
    /// North-west.
    NW,
}

impl Direction {
    /// All eight, clockwise from north.
    pub const ALL: [Direction; 8] = [
        Direction::N,
        Direction::NE,
        Direction::E,
        Direction::SE,
        Direction::S,
        Direction::SW,
        Direction::W,
        Direction::NW,
    ];
    /// The four orthogonal directions.
    pub const ORTHOGONAL: [Direction; 4] = [Direction::N, Direction::E, Direction::S, Direction::W];
    /// The four diagonal directions.
    pub const DIAGONAL: [Direction; 4] =
        [Direction::NE, Direction::SE, Direction::SW, Direction::NW];

    /// The (file, rank) step of this direction.
    #[inline]
    #[must_use]
    pub const fn delta(self) -> (i8, i8) {
        match self {
            Direction::N => (0, 1),
            Direction::NE => (1, 1),
            Direction::E => (1, 0),
            Direction::SE => (1, -1),
            Direction::S => (0, -1),
            Direction::SW => (-1, -1),
            Direction::W => (-1, 0),
            Direction::NW => (-1, 1),
        }
    }

    /// The direction of a unit step, if `(df, dr)` is one (each in `-1..=1`, not both 0).
    #[must_use]
    #[inline]
    pub const fn from_delta(df: i8, dr: i8) -> Option<Direction> {
        Some(match (df, dr) {
            (0, 1) => Direction::N,
            (1, 1) => Direction::NE,
            (1, 0) => Direction::E,
            (1, -1) => Direction::SE,
            (0, -1) => Direction::S,
            (-1, -1) => Direction::SW,
            (-1, 0) => Direction::W,
            (-1, 1) => Direction::NW,
            _ => return None,
        })
    }

    /// The direction turned by 180°.
    #[inline]
    #[must_use]
    pub const fn opposite(self) -> Direction {
        Direction::ALL[(self as usize + 4) % 8]
    }

    /// The direction turned clockwise by `eighths` × 45°.
    #[inline]
    #[must_use]
    pub const fn rotate(self, eighths: i8) -> Direction {
        Direction::ALL[((self as i16 + eighths as i16).rem_euclid(8)) as usize]
    }

    /// Whether this is one of NE, SE, SW, NW.
    #[inline]
    #[must_use]
    pub const fn is_diagonal(self) -> bool {
        (self as u8) % 2 == 1
    }

    /// Whether this is one of N, E, S, W.
    #[inline]
    #[must_use]
    pub const fn is_orthogonal(self) -> bool {
        !self.is_diagonal()
    }

    /// The direction `self` has for `side` when `self` is read from that side's seat: for
    /// White it is unchanged, for Black it is turned by 180°. So `N.relative_to(side)` is
    /// `side`'s forward direction.
    #[inline]
    #[must_use]
    pub const fn relative_to(self, side: Side) -> Direction {
        match side {
            Side::White => self,
            Side::Black => self.opposite(),
        }
    }

    /// Straight ahead for `side`: `N` for White, `S` for Black.
    #[inline]
    #[must_use]
    pub const fn forward(side: Side) -> Direction {
        Direction::N.relative_to(side)
    }

    /// The three forward directions of `side`: left-diagonal, straight, right-diagonal as
    /// seen from White (`NW`, `N`, `NE` for White; `SE`, `S`, `SW` for Black).
    #[must_use]
    #[inline]
    pub const fn forward_three(side: Side) -> [Direction; 3] {
        [
            Direction::NW.relative_to(side),
            Direction::N.relative_to(side),
            Direction::NE.relative_to(side),
        ]
    }

    /// Whether a step in this direction gains ground for `side` (moves towards the
    /// opponent's edge).
    #[inline]
    #[must_use]
    pub const fn is_forward_for(self, side: Side) -> bool {
        self.delta().1 * side.forward_sign() > 0
    }

    /// Whether a step in this direction loses ground for `side`.
    #[inline]
    #[must_use]
    pub const fn is_backward_for(self, side: Side) -> bool {
        self.delta().1 * side.forward_sign() < 0
    }
}

/// The eight knight leaps `(±1, ±2)`, `(±2, ±1)` as (file, rank) offsets.
pub const KNIGHT_LEAPS: [(i8, i8); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];

/// The leaps `(±a, ±b)` and `(±b, ±a)` of an (a, b)-leaper, without repeats (so the
/// (1, 2)-leaper is the knight; (0, 3) gives four leaps).
#[must_use]
pub fn leaps(a: i8, b: i8) -> Vec<(i8, i8)> {
    let mut out = Vec::with_capacity(8);
    for (x, y) in [(a, b), (b, a)] {
        for sx in [1, -1] {
            for sy in [1, -1] {
                let leap = (x * sx, y * sy);
                if !out.contains(&leap) {
                    out.push(leap);
                }
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn opposite_and_rotation() {
        for d in Direction::ALL {
            let (df, dr) = d.delta();
            assert_eq!(d.opposite().delta(), (-df, -dr));
            assert_eq!(d.rotate(8), d);
            assert_eq!(d.rotate(-1).rotate(1), d);
            assert_eq!(Direction::from_delta(df, dr), Some(d));
            assert_eq!(d.is_diagonal(), df != 0 && dr != 0);
        }
        assert_eq!(Direction::N.rotate(2), Direction::E);
        assert_eq!(Direction::from_delta(0, 0), None);
    }

    #[test]
    fn forward_depends_on_the_side() {
        assert_eq!(Direction::forward(Side::White), Direction::N);
        assert_eq!(Direction::forward(Side::Black), Direction::S);
        assert!(Direction::NE.is_forward_for(Side::White));
        assert!(Direction::NE.is_backward_for(Side::Black));
        assert!(!Direction::E.is_forward_for(Side::White));
        assert!(!Direction::E.is_backward_for(Side::Black));
        assert_eq!(
            Direction::forward_three(Side::Black),
            [Direction::SE, Direction::S, Direction::SW]
        );
    }

    #[test]
    fn leap_sets() {
        let knight = leaps(1, 2);
        assert_eq!(knight.len(), 8);
        for l in KNIGHT_LEAPS {
            assert!(knight.contains(&l));
        }
        assert_eq!(leaps(0, 3).len(), 4);
        assert_eq!(leaps(1, 1).len(), 4);
    }

    #[test]
    fn names() {
        assert_eq!(Direction::SW.to_string(), "SW");
        assert_eq!("ne".parse::<Direction>().unwrap(), Direction::NE);
    }
}
