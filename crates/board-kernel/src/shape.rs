//! Board shapes: a rectangle, possibly with cells that do not exist, and named zones.

use crate::{Direction, Square, SquareSet};

/// The cells of a board: a rectangle of up to 16×16 from which some cells may be missing
/// (the unused centre of Queens' Courtiers), plus cells beyond the rectangle when a game has
/// them (Chain Reaction's two goal cells).
///
/// Rays and steps stop at the edge and at missing cells, so a game never has to check
/// coordinates itself.
///
/// ```
/// use board_kernel::{Direction, Shape, Square};
/// let sq = |s: &str| s.parse::<Square>().unwrap();
/// // 15×15 without its centre.
/// let shape = Shape::rectangle(15, 15).without(sq("h8"));
/// assert_eq!(shape.len(), 224);
/// // A ray from e8 eastward stops before the hole.
/// let ray: Vec<_> = shape.ray(sq("e8"), Direction::E).map(|s| s.to_string()).collect();
/// assert_eq!(ray, ["f8", "g8"]);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Shape {
    width: u8,
    height: u8,
    cells: SquareSet,
}

impl Shape {
    /// All cells of the rectangle of `width` files and `height` ranks.
    ///
    /// # Panics
    /// When either side is 0 or above 16.
    #[must_use]
    #[inline]
    pub const fn rectangle(width: u8, height: u8) -> Shape {
        assert!(
            width >= 1 && width <= 16 && height >= 1 && height <= 16,
            "bad board size"
        );
        Shape {
            width,
            height,
            cells: SquareSet::rectangle(width, height),
        }
    }

    /// This shape with `sq` removed.
    #[must_use]
    #[inline]
    pub const fn without(self, sq: Square) -> Shape {
        Shape {
            cells: self.cells.without(sq),
            ..self
        }
    }

    /// This shape with `sq` added (a cell beyond the rectangle, such as a goal cell). The
    /// bounding rectangle grows to include it.
    #[must_use]
    #[inline]
    pub const fn with(self, sq: Square) -> Shape {
        let width = if sq.file() + 1 > self.width {
            sq.file() + 1
        } else {
            self.width
        };
        let height = if sq.rank() + 1 > self.height {
            sq.rank() + 1
        } else {
            self.height
        };
        Shape {
            width,
            height,
            cells: self.cells.with(sq),
        }
    }

    /// Number of files of the bounding rectangle.
    #[must_use]
    #[inline]
    pub const fn width(&self) -> u8 {
        self.width
    }

    /// Number of ranks of the bounding rectangle.
    #[must_use]
    #[inline]
    pub const fn height(&self) -> u8 {
        self.height
    }

    /// The existing cells.
    #[must_use]
    #[inline]
    pub const fn cells(&self) -> SquareSet {
        self.cells
    }

    /// The number of existing cells.
    #[must_use]
    #[inline]
    pub const fn len(&self) -> usize {
        self.cells.len()
    }

    /// Whether the shape has no cell (never true for a constructed shape).
    #[must_use]
    #[inline]
    pub const fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }

    /// Whether `sq` is a cell of this board.
    #[inline]
    #[must_use]
    pub const fn contains(&self, sq: Square) -> bool {
        self.cells.contains(sq)
    }

    /// The cell one step from `sq` in `dir`, if it exists.
    #[inline]
    #[must_use]
    pub fn step(&self, sq: Square, dir: Direction) -> Option<Square> {
        sq.step(dir).filter(|s| self.contains(*s))
    }

    /// The cell at offset `(df, dr)` from `sq` (a leap: nothing in between matters), if it
    /// exists.
    #[inline]
    #[must_use]
    pub fn leap(&self, sq: Square, df: i8, dr: i8) -> Option<Square> {
        sq.offset(df, dr).filter(|s| self.contains(*s))
    }

    /// The cells from `sq` (excluded) in `dir`, stopping before the edge or the first missing
    /// cell.
    #[must_use]
    #[inline]
    pub fn ray(&self, sq: Square, dir: Direction) -> Ray<'_> {
        Ray {
            shape: self,
            current: sq,
            dir,
        }
    }

    /// Parses a square and checks that it is a cell of this board.
    #[inline]
    pub fn parse_square(&self, text: &str) -> Result<Square, crate::SquareParseError> {
        let sq: Square = text.parse()?;
        if self.contains(sq) {
            Ok(sq)
        } else {
            Err(crate::SquareParseError {
                input: text.to_owned(),
                reason: "not a cell of this board",
            })
        }
    }
}

/// The cells along a direction, see [`Shape::ray`].
#[derive(Clone, Debug)]
pub struct Ray<'a> {
    shape: &'a Shape,
    current: Square,
    dir: Direction,
}

impl Iterator for Ray<'_> {
    type Item = Square;
    #[inline]
    fn next(&mut self) -> Option<Square> {
        let next = self.shape.step(self.current, self.dir)?;
        self.current = next;
        Some(next)
    }
}

/// A named set of cells with a meaning in the rules: a goal area, the Court, a home row.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Zone {
    /// The rule book's name for it.
    pub name: &'static str,
    /// Its cells.
    pub cells: SquareSet,
}

impl Zone {
    /// Whether `sq` lies in the zone.
    #[inline]
    #[must_use]
    pub const fn contains(&self, sq: Square) -> bool {
        self.cells.contains(sq)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(s: &str) -> Square {
        s.parse().unwrap()
    }

    #[test]
    fn rays_stop_at_edges_and_holes() {
        let board = Shape::rectangle(8, 8);
        assert_eq!(board.ray(sq("a1"), Direction::NE).count(), 7);
        assert_eq!(board.ray(sq("a1"), Direction::S).count(), 0);
        let holed = board.without(sq("d4"));
        assert_eq!(holed.ray(sq("a1"), Direction::NE).count(), 2);
        assert_eq!(holed.step(sq("c3"), Direction::NE), None);
        assert_eq!(holed.len(), 63);
    }

    #[test]
    fn extra_cells_extend_the_board() {
        // Chain Reaction: 7×8 plus d9 and d0 (stored one rank up: rank index 0 is "d0").
        let shape = Shape::rectangle(7, 8).with(sq("d9"));
        assert_eq!(shape.len(), 57);
        assert_eq!(shape.height(), 9);
        assert!(shape.contains(sq("d9")));
        assert!(!shape.contains(sq("c9")));
        assert_eq!(shape.ray(sq("d7"), Direction::N).count(), 2);
        assert_eq!(shape.ray(sq("c7"), Direction::N).count(), 1);
        assert_eq!(
            shape.parse_square("c9").unwrap_err().reason,
            "not a cell of this board"
        );
    }

    #[test]
    fn leaps_respect_missing_cells() {
        let shape = Shape::rectangle(15, 15).without(sq("h8"));
        assert_eq!(shape.leap(sq("f7"), 2, 1), None);
        assert_eq!(shape.leap(sq("f7"), 1, 2), Some(sq("g9")));
        assert_eq!(shape.leap(sq("a1"), -1, 2), None);
    }
}
