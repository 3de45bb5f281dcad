//! Pieces: stones and the stacks (towers) they form on a square.
//!
//! Only the top stone of a stack is active; everything below it is pinned until the stones
//! above it have left or been captured (rule 3 of the rule book).

use std::fmt;
use std::str::FromStr;

use board_kernel::{ParseError, Side};

/// The most stones a single stack can hold, and so the most stones a position may hold in
/// total (stones are never added, so no stack of a valid position can outgrow it).
///
/// The rules set no height limit; a standard game has 30 stones. 128 leaves room for any
/// test position with up to two stones per square on average.
pub const MAX_STONES: usize = 128;

/// The stones on one square, bottom to top: a tower.
///
/// The top stone decides who controls the square and is the only one that can move. Text
/// form (as in the rule book's diagrams): the stones bottom first, `w`/`b`, so `wwb` is two
/// White stones under a Black one; the empty square is `.`.
///
/// The kernel's [`board_kernel::Stack`] holds at most 32 stones, fewer than a test position
/// may put on a square, so this crate keeps its own 128-stone stack.
///
/// ```
/// use board_kernel::Side;
/// use tower_of_power::Tower;
/// let tower: Tower = "wwb".parse()?;
/// assert_eq!(tower.top(), Some(Side::Black));
/// assert_eq!((tower.count(Side::White), tower.height()), (2, 3));
/// assert_eq!(tower.to_string(), "wwb");
/// # Ok::<(), board_kernel::ParseError>(())
/// ```
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Tower {
    /// Bit `h` is the stone at height `h` (0 = bottom): 0 White, 1 Black; bits above the
    /// height are zero, so equal towers have equal bits.
    pub(crate) bits: u128,
    pub(crate) height: u8,
}

impl Tower {
    /// The empty square.
    pub const EMPTY: Tower = Tower { bits: 0, height: 0 };

    /// A single stone.
    #[must_use]
    pub const fn single(side: Side) -> Tower {
        Tower {
            bits: side as u128,
            height: 1,
        }
    }

    /// The number of stones.
    #[must_use]
    pub const fn height(self) -> usize {
        self.height as usize
    }

    /// Whether the square is empty.
    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.height == 0
    }

    /// The top stone: the side that controls the square and may move that stone.
    #[must_use]
    pub const fn top(self) -> Option<Side> {
        if self.height == 0 {
            None
        } else {
            Some(side_of_bit(self.bits >> (self.height - 1) & 1))
        }
    }

    /// The stone at `height` (0 = bottom).
    #[must_use]
    pub const fn get(self, height: usize) -> Option<Side> {
        if height >= self.height as usize {
            None
        } else {
            Some(side_of_bit(self.bits >> height & 1))
        }
    }

    /// How many stones of `side` the tower holds, pinned ones included.
    #[must_use]
    pub const fn count(self, side: Side) -> usize {
        let black = self.bits.count_ones() as usize;
        match side {
            Side::Black => black,
            Side::White => self.height as usize - black,
        }
    }

    /// The stones, bottom first.
    pub fn stones(self) -> impl DoubleEndedIterator<Item = Side> + ExactSizeIterator {
        (0..self.height as usize).map(move |h| side_of_bit(self.bits >> h & 1))
    }

    /// Puts a stone on top; `false` (and no change) when the tower is full.
    pub fn push(&mut self, side: Side) -> bool {
        if self.height as usize >= MAX_STONES {
            return false;
        }
        self.bits |= (side as u128) << self.height;
        self.height += 1;
        true
    }

    /// Takes the top stone off.
    pub fn pop(&mut self) -> Option<Side> {
        let top = self.top()?;
        self.height -= 1;
        self.bits &= !(1u128 << self.height);
        Some(top)
    }
}

const fn side_of_bit(bit: u128) -> Side {
    if bit == 1 { Side::Black } else { Side::White }
}

impl fmt::Display for Tower {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_empty() {
            return f.write_str(".");
        }
        for side in self.stones() {
            write!(f, "{}", side.letter())?;
        }
        Ok(())
    }
}

impl fmt::Debug for Tower {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Tower({self})")
    }
}

impl FromStr for Tower {
    type Err = ParseError;

    /// Reads the diagram token: `.` or the stones bottom first.
    fn from_str(text: &str) -> Result<Tower, ParseError> {
        let bad = |reason: String| ParseError {
            kind: board_kernel::TextKind::Position,
            input: text.to_owned(),
            at: None,
            reason,
        };
        if text == "." {
            return Ok(Tower::EMPTY);
        }
        if text.is_empty() {
            return Err(bad("an empty square is written `.`".into()));
        }
        let mut tower = Tower::EMPTY;
        for c in text.chars() {
            let side = match c {
                'w' => Side::White,
                'b' => Side::Black,
                other => return Err(bad(format!("`{other}` is not a stone (`w` or `b`)"))),
            };
            if !tower.push(side) {
                return Err(bad(format!("a stack holds at most {MAX_STONES} stones")));
            }
        }
        Ok(tower)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn push_pop_top_and_counts() {
        let mut t = Tower::EMPTY;
        assert_eq!(t.top(), None);
        assert!(t.push(Side::White));
        assert!(t.push(Side::Black));
        assert_eq!(t.top(), Some(Side::Black));
        assert_eq!((t.count(Side::White), t.count(Side::Black)), (1, 1));
        assert_eq!(t.pop(), Some(Side::Black));
        assert_eq!(t, Tower::single(Side::White));
        assert_eq!(t.pop(), Some(Side::White));
        assert_eq!(t.pop(), None);
        assert_eq!(t, Tower::EMPTY);
    }

    #[test]
    fn text_round_trips_and_capacity_holds() {
        for text in [".", "w", "b", "wwb", "bwbw"] {
            assert_eq!(text.parse::<Tower>().unwrap().to_string(), text);
        }
        assert!("".parse::<Tower>().is_err());
        assert!("wx".parse::<Tower>().is_err());
        let full: Tower = "b".repeat(MAX_STONES).parse().unwrap();
        assert_eq!(full.count(Side::Black), MAX_STONES);
        assert_eq!(full.top(), Some(Side::Black));
        let mut full2 = full;
        assert!(!full2.push(Side::White));
        assert_eq!(full2, full);
        assert!("w".repeat(MAX_STONES + 1).parse::<Tower>().is_err());
    }
}
