//! Pieces: stones and the stacks (towers) they form on a square.
//!
//! Only the top stone of a stack is active; everything below it is pinned until the stones
//! above it have left or been captured (rule 3 of the rule book).

use std::fmt;
use std::str::FromStr;

use board_kernel::{ParseError, Side, Stack, StackError};

/// The most stones a single stack can hold, and so the most stones a position may hold in
/// total (stones are never added, so no stack of a valid position can outgrow it): the
/// kernel [`Stack`]'s capacity.
///
/// The rules set no height limit; a standard game has 30 stones. 128 leaves room for any
/// test position with up to two stones per square on average.
pub const MAX_STONES: usize = Stack::CAPACITY as usize;

/// The stones on one square, bottom to top: a tower, as Tower of Power writes it.
///
/// A kernel [`Stack`] (every stack operation is the kernel's, through `Deref`) whose text is
/// this game's diagram token: the stones bottom first, `w`/`b`, so `wwb` is two White stones
/// under a Black one; the empty square is `.`. The top stone decides who controls the square
/// and is the only one that can move.
///
/// ```
/// use tower_of_power::{Side, Tower};
/// let tower: Tower = "wwb".parse()?;
/// assert_eq!(tower.top(), Some(Side::Black));
/// assert_eq!((tower.count(Side::White), tower.height()), (2, 3));
/// assert_eq!(tower.to_string(), "wwb");
/// assert_eq!(Tower::EMPTY.to_string(), ".");
/// # Ok::<(), tower_of_power::ParseError>(())
/// ```
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Tower(pub Stack);

impl Tower {
    /// The empty square.
    pub const EMPTY: Tower = Tower(Stack::EMPTY);

    /// A single stone.
    #[must_use]
    pub const fn single(side: Side) -> Tower {
        Tower(Stack::single(side))
    }

    /// The stones, bottom first.
    pub fn stones(self) -> impl DoubleEndedIterator<Item = Side> + ExactSizeIterator {
        self.0.iter()
    }
}

impl std::ops::Deref for Tower {
    type Target = Stack;
    fn deref(&self) -> &Stack {
        &self.0
    }
}

impl std::ops::DerefMut for Tower {
    fn deref_mut(&mut self) -> &mut Stack {
        &mut self.0
    }
}

impl fmt::Display for Tower {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_empty() {
            f.write_str(".")
        } else {
            write!(f, "{}", self.0)
        }
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
        let bad = |reason: String| ParseError::bad_position(text, reason);
        if text == "." {
            return Ok(Tower::EMPTY);
        }
        if text.is_empty() {
            return Err(bad("an empty square is written `.`".into()));
        }
        text.parse::<Stack>().map(Tower).map_err(|e| match e {
            StackError::Full => bad(format!("a stack holds at most {MAX_STONES} stones")),
            StackError::BadStone(other) => bad(format!("`{other}` is not a stone (`w` or `b`)")),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn push_pop_top_and_counts() {
        let mut t = Tower::EMPTY;
        assert_eq!(t.top(), None);
        assert!(t.push(Side::White).is_ok());
        assert!(t.push(Side::Black).is_ok());
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
        assert_eq!(usize::from(full.count(Side::Black)), MAX_STONES);
        assert_eq!(full.top(), Some(Side::Black));
        let mut full2 = full;
        assert!(full2.push(Side::White).is_err());
        assert_eq!(full2, full);
        assert!("w".repeat(MAX_STONES + 1).parse::<Tower>().is_err());
    }
}
