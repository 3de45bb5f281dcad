//! Stacks of two-coloured stones, bottom to top.

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use crate::Side;

/// A stack of stones of the two sides, bottom to top, packed into 128 bits: a square of Tower
/// of Power (any height up to 128) or of Chain Reaction (at most two).
///
/// The top stone decides the owner. Text form: the stones bottom first, `w`/`b`, so `wwb`
/// is two White stones under a Black one (Black controls it); the empty stack is `""`.
///
/// ```
/// use board_kernel::{Side, Stack};
/// let mut stack: Stack = "wwb".parse()?;
/// assert_eq!(stack.owner(), Some(Side::Black));
/// assert_eq!(stack.pop(), Some(Side::Black));
/// assert_eq!(stack.owner(), Some(Side::White));
/// stack.push(Side::Black)?;
/// assert_eq!(stack.to_string(), "wwb");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Stack {
    /// Bit `i` is the stone at height `i` (0 = bottom): 0 White, 1 Black; bits above the
    /// height are zero, so equal stacks have equal bits.
    bits: u128,
    len: u8,
}

/// Errors from stack operations and stack text.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum StackError {
    /// A push onto a stack that already holds [`Stack::CAPACITY`] stones.
    #[error("a stack holds at most {} stones", Stack::CAPACITY)]
    Full,
    /// A character other than `w` or `b` in stack text.
    #[error("`{0}` is not a stone (expected `w` or `b`)")]
    BadStone(char),
}

impl Stack {
    /// The greatest height a stack can have.
    pub const CAPACITY: u8 = 128;

    /// The empty stack.
    pub const EMPTY: Stack = Stack { bits: 0, len: 0 };

    /// A stack of one stone.
    #[must_use]
    pub const fn single(side: Side) -> Stack {
        Stack {
            bits: side as u128,
            len: 1,
        }
    }

    /// The number of stones.
    #[inline]
    #[must_use]
    pub const fn height(self) -> u8 {
        self.len
    }

    /// Whether there is no stone.
    #[inline]
    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.len == 0
    }

    /// The top stone's side, which controls the stack.
    #[inline]
    #[must_use]
    pub const fn owner(self) -> Option<Side> {
        self.get(self.len.wrapping_sub(1))
    }

    /// The top stone, like [`Stack::owner`].
    #[inline]
    #[must_use]
    pub const fn top(self) -> Option<Side> {
        self.owner()
    }

    /// The bottom stone.
    #[inline]
    #[must_use]
    pub const fn bottom(self) -> Option<Side> {
        self.get(0)
    }

    /// The stack of `height` stones (at most [`Stack::CAPACITY`]) whose bit `h` is the stone
    /// at height `h` (1 Black); bits above the height are ignored. The inverse of
    /// [`Stack::bits`] with [`Stack::height`], for games that store stacks as bit columns.
    ///
    /// ```
    /// use board_kernel::{Side, Stack};
    /// let s = Stack::from_bits(0b110, 3);
    /// assert_eq!(s.to_string(), "wbb");
    /// assert_eq!(Stack::from_bits(s.bits(), s.height()), s);
    /// ```
    #[inline]
    #[must_use]
    pub const fn from_bits(bits: u128, height: u8) -> Stack {
        let len = if height > Self::CAPACITY {
            Self::CAPACITY
        } else {
            height
        };
        Stack {
            bits: bits & low_mask(len),
            len,
        }
    }

    /// The stones as bits, bit `h` the stone at height `h` (1 Black); bits above the height
    /// are zero. With [`Stack::height`] it identifies the stack (for hashing).
    #[inline]
    #[must_use]
    pub const fn bits(self) -> u128 {
        self.bits
    }

    /// The stone at `height` (0 = bottom).
    #[inline]
    #[must_use]
    pub const fn get(self, height: u8) -> Option<Side> {
        if height >= self.len {
            None
        } else if self.bits >> height & 1 == 1 {
            Some(Side::Black)
        } else {
            Some(Side::White)
        }
    }

    /// Puts a stone on top.
    #[inline]
    pub fn push(&mut self, side: Side) -> Result<(), StackError> {
        if self.len >= Self::CAPACITY {
            return Err(StackError::Full);
        }
        self.bits |= (side as u128) << self.len;
        self.len += 1;
        Ok(())
    }

    /// Takes the top stone off.
    #[inline]
    pub fn pop(&mut self) -> Option<Side> {
        let top = self.owner()?;
        self.len -= 1;
        self.bits &= !(1u128 << self.len);
        Some(top)
    }

    /// Takes the top `n` stones off as a stack of their own (same order), or `None` if the
    /// stack is lower than `n`.
    pub fn split_off(&mut self, n: u8) -> Option<Stack> {
        if n > self.len {
            return None;
        }
        let keep = self.len - n;
        let upper = Stack {
            bits: self.bits.checked_shr(keep as u32).unwrap_or(0),
            len: n,
        };
        self.len = keep;
        self.bits &= low_mask(keep);
        Some(upper)
    }

    /// Puts `other` on top of this stack (its bottom stone first).
    pub fn stack_on(&mut self, other: Stack) -> Result<(), StackError> {
        if self.len as u32 + other.len as u32 > Self::CAPACITY as u32 {
            return Err(StackError::Full);
        }
        self.bits |= other.bits.checked_shl(self.len as u32).unwrap_or(0);
        self.len += other.len;
        Ok(())
    }

    /// How many stones of `side` the stack holds (pinned ones included).
    #[inline]
    #[must_use]
    pub const fn count(self, side: Side) -> u8 {
        let black = (self.bits & low_mask(self.len)).count_ones() as u8;
        match side {
            Side::Black => black,
            Side::White => self.len - black,
        }
    }

    /// The stones, bottom first.
    pub fn iter(self) -> impl DoubleEndedIterator<Item = Side> + ExactSizeIterator {
        (0..self.len).map(move |h| {
            if self.bits >> h & 1 == 1 {
                Side::Black
            } else {
                Side::White
            }
        })
    }
}

const fn low_mask(n: u8) -> u128 {
    if n >= 128 {
        u128::MAX
    } else {
        (1u128 << n) - 1
    }
}

impl fmt::Display for Stack {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for side in self.iter() {
            write!(f, "{}", side.letter())?;
        }
        Ok(())
    }
}

impl fmt::Debug for Stack {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Stack(\"{self}\")")
    }
}

impl FromStr for Stack {
    type Err = StackError;
    fn from_str(text: &str) -> Result<Stack, StackError> {
        let mut stack = Stack::EMPTY;
        for c in text.chars() {
            stack.push(match c {
                'w' => Side::White,
                'b' => Side::Black,
                other => return Err(StackError::BadStone(other)),
            })?;
        }
        Ok(stack)
    }
}

crate::serde_via_text!(Stack);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn push_pop_and_owner() {
        let mut s = Stack::EMPTY;
        assert_eq!(s.owner(), None);
        s.push(Side::White).unwrap();
        s.push(Side::Black).unwrap();
        assert_eq!(
            (s.height(), s.owner(), s.bottom()),
            (2, Some(Side::Black), Some(Side::White))
        );
        assert_eq!(s.count(Side::White), 1);
        assert_eq!(s.pop(), Some(Side::Black));
        assert_eq!(s.pop(), Some(Side::White));
        assert_eq!(s.pop(), None);
        assert_eq!(s, Stack::EMPTY);
    }

    #[test]
    fn split_and_restack() {
        let mut s: Stack = "wbbwb".parse().unwrap();
        let top = s.split_off(2).unwrap();
        assert_eq!(
            (s.to_string(), top.to_string()),
            ("wbb".into(), "wb".into())
        );
        assert_eq!(s.split_off(4), None);
        s.stack_on(top).unwrap();
        assert_eq!(s.to_string(), "wbbwb");
        let all = s.split_off(5).unwrap();
        assert_eq!((s, all.to_string()), (Stack::EMPTY, "wbbwb".into()));
    }

    #[test]
    fn capacity_is_enforced() {
        let mut s: Stack = "b".repeat(128).parse().unwrap();
        assert_eq!(s.count(Side::Black), 128);
        assert_eq!(s.push(Side::White), Err(StackError::Full));
        assert_eq!(
            s.stack_on(Stack::single(Side::White)),
            Err(StackError::Full)
        );
        assert_eq!(s.split_off(128).unwrap().height(), 128);
        assert_eq!("wx".parse::<Stack>(), Err(StackError::BadStone('x')));
    }

    #[test]
    fn serde_uses_text() {
        let s: Stack = "wwb".parse().unwrap();
        assert_eq!(serde_json::to_string(&s).unwrap(), "\"wwb\"");
        assert_eq!(serde_json::from_str::<Stack>("\"wwb\"").unwrap(), s);
    }
}
