//! A fixed-size grid storing one value per cell, inline (no heap), so states that hold one
//! are cheap to clone.

use std::fmt;
use std::marker::PhantomData;
use std::ops::{Index, IndexMut};

use serde::de::{self, SeqAccess, Visitor};
use serde::ser::SerializeSeq;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::Square;

/// One value per cell of a `W`×`H` rectangle (files `0..W`, ranks `0..H`), stored inline.
///
/// Index it with a [`Square`]; a square outside the rectangle panics like an out-of-range
/// slice index, so game code checks membership with its [`Shape`](crate::Shape) first
/// (and [`Grid::get`] never panics).
///
/// ```
/// use board_kernel::{Grid, Square};
/// let mut grid: Grid<u8, 8, 8> = Grid::default();
/// let e4: Square = "e4".parse().unwrap();
/// grid[e4] = 3;
/// assert_eq!(grid[e4], 3);
/// assert_eq!(grid.get("h9".parse().unwrap()), None);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Grid<T, const W: usize, const H: usize> {
    cells: [[T; W]; H],
}

impl<T: Default + Copy, const W: usize, const H: usize> Default for Grid<T, W, H> {
    fn default() -> Self {
        Grid {
            cells: [[T::default(); W]; H],
        }
    }
}

impl<T, const W: usize, const H: usize> Grid<T, W, H> {
    /// A grid with `value` in every cell.
    pub fn filled(value: T) -> Self
    where
        T: Copy,
    {
        Grid {
            cells: [[value; W]; H],
        }
    }

    /// A grid whose cell at each square is `f(square)`.
    pub fn from_fn(mut f: impl FnMut(Square) -> T) -> Self {
        Grid {
            cells: std::array::from_fn(|rank| {
                std::array::from_fn(|file| f(Square::at(file as u8, rank as u8)))
            }),
        }
    }

    /// Whether `sq` lies within the rectangle.
    #[inline]
    #[must_use]
    pub const fn in_bounds(sq: Square) -> bool {
        (sq.file() as usize) < W && (sq.rank() as usize) < H
    }

    /// The value at `sq`, or `None` outside the rectangle.
    #[inline]
    pub fn get(&self, sq: Square) -> Option<&T> {
        self.cells.get(sq.rank() as usize)?.get(sq.file() as usize)
    }

    /// The value at `sq` mutably, or `None` outside the rectangle.
    #[inline]
    pub fn get_mut(&mut self, sq: Square) -> Option<&mut T> {
        self.cells
            .get_mut(sq.rank() as usize)?
            .get_mut(sq.file() as usize)
    }

    /// Every square of the rectangle with its value, rank-major from `a1`.
    pub fn iter(&self) -> impl Iterator<Item = (Square, &T)> {
        self.cells.iter().enumerate().flat_map(|(rank, row)| {
            row.iter()
                .enumerate()
                .map(move |(file, v)| (Square::at(file as u8, rank as u8), v))
        })
    }

    /// The rows, rank 1 first.
    pub fn rows(&self) -> &[[T; W]; H] {
        &self.cells
    }
}

impl<T, const W: usize, const H: usize> Index<Square> for Grid<T, W, H> {
    type Output = T;
    #[inline]
    fn index(&self, sq: Square) -> &T {
        &self.cells[sq.rank() as usize][sq.file() as usize]
    }
}

impl<T, const W: usize, const H: usize> IndexMut<Square> for Grid<T, W, H> {
    #[inline]
    fn index_mut(&mut self, sq: Square) -> &mut T {
        &mut self.cells[sq.rank() as usize][sq.file() as usize]
    }
}

impl<T: fmt::Debug, const W: usize, const H: usize> fmt::Debug for Grid<T, W, H> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.cells.iter().rev()).finish()
    }
}

// serde implements arrays only for fixed lengths, so a grid is written as a flat sequence
// of W×H values, rank 1 first.
impl<T: Serialize, const W: usize, const H: usize> Serialize for Grid<T, W, H> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut seq = serializer.serialize_seq(Some(W * H))?;
        for row in &self.cells {
            for v in row {
                seq.serialize_element(v)?;
            }
        }
        seq.end()
    }
}

impl<'de, T: Deserialize<'de>, const W: usize, const H: usize> Deserialize<'de> for Grid<T, W, H> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct GridVisitor<T, const W: usize, const H: usize>(PhantomData<T>);
        impl<'de, T: Deserialize<'de>, const W: usize, const H: usize> Visitor<'de>
            for GridVisitor<T, W, H>
        {
            type Value = Grid<T, W, H>;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, "a sequence of {} cells", W * H)
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
                let mut values = Vec::with_capacity(W * H);
                while let Some(v) = seq.next_element()? {
                    if values.len() == W * H {
                        return Err(de::Error::invalid_length(W * H + 1, &self));
                    }
                    values.push(v);
                }
                if values.len() != W * H {
                    return Err(de::Error::invalid_length(values.len(), &self));
                }
                let mut it = values.into_iter();
                // The length was checked above, so every `next` succeeds.
                let cells = std::array::from_fn(|_| {
                    std::array::from_fn(|_| it.next().expect("length checked"))
                });
                Ok(Grid { cells })
            }
        }
        deserializer.deserialize_seq(GridVisitor::<T, W, H>(PhantomData))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn indexing_and_iteration_are_rank_major() {
        let grid: Grid<u16, 3, 2> = Grid::from_fn(|s| s.index() as u16);
        let squares: Vec<String> = grid.iter().map(|(s, _)| s.to_string()).collect();
        assert_eq!(squares, ["a1", "b1", "c1", "a2", "b2", "c2"]);
        assert_eq!(grid[Square::at(2, 1)], 18);
        assert_eq!(grid.get(Square::at(3, 0)), None);
        assert!(!Grid::<u8, 3, 2>::in_bounds(Square::at(0, 2)));
    }

    #[test]
    fn serde_round_trip_and_length_check() {
        let grid: Grid<u8, 15, 15> = Grid::from_fn(|s| s.file() ^ s.rank());
        let json = serde_json::to_string(&grid).unwrap();
        assert_eq!(
            serde_json::from_str::<Grid<u8, 15, 15>>(&json).unwrap(),
            grid
        );
        assert!(serde_json::from_str::<Grid<u8, 2, 2>>("[1,2,3]").is_err());
        assert!(serde_json::from_str::<Grid<u8, 2, 2>>("[1,2,3,4,5]").is_err());
    }
}
