//! Where a move generator puts the moves it finds: a list, a count, or a flag. A game whose
//! generator is written once over a [`MoveSink`] lists (for `legal_moves`), counts (for
//! perft's last ply, where copying each move out is most of the time) and answers "is there
//! any move?" (a forced pass) with one walk of its rules, so the three cannot disagree.
//!
//! ```
//! use board_kernel::sink::{Any, Count, MoveSink};
//!
//! /// Every even number below `n`, into any sink.
//! fn evens(n: u32, out: &mut impl MoveSink<u32>) {
//!     for m in (0..n).step_by(2) {
//!         if out.full() {
//!             return;
//!         }
//!         out.add(m);
//!     }
//! }
//! let mut list = Vec::new();
//! evens(7, &mut list);
//! assert_eq!(list, [0, 2, 4, 6]);
//! let mut count = Count::default();
//! evens(7, &mut count);
//! assert_eq!(count.0, 4);
//! let mut any = Any::default();
//! evens(7, &mut any);
//! assert!(any.0);
//! ```

/// Where generated moves go.
pub trait MoveSink<M> {
    /// Takes one legal move.
    fn add(&mut self, mv: M);

    /// Takes the legal move `mv` once `complete` has written its last part: a list copies
    /// `mv` into its slot first and completes it there, since writing into a move just
    /// before copying the whole of it stalls the copy on the fresh store (Chain Reaction's
    /// turns, written token by token); a count never completes it.
    #[inline]
    fn add_completed(&mut self, mut mv: M, complete: impl FnOnce(&mut M)) {
        complete(&mut mv);
        self.add(mv);
    }

    /// Whether the sink wants no more moves: a generator may stop as soon as this says so
    /// (a constant `false` for the sinks that take every move, so that they pay nothing).
    #[inline(always)]
    fn full(&self) -> bool {
        false
    }
}

impl<M> MoveSink<M> for Vec<M> {
    #[inline]
    fn add(&mut self, mv: M) {
        self.push(mv);
    }

    #[inline]
    fn add_completed(&mut self, mv: M, complete: impl FnOnce(&mut M)) {
        self.push(mv);
        if let Some(last) = self.last_mut() {
            complete(last);
        }
    }
}

/// A [`MoveSink`] that only counts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Count(pub usize);

impl<M> MoveSink<M> for Count {
    #[inline]
    fn add(&mut self, _mv: M) {
        self.0 += 1;
    }

    #[inline]
    fn add_completed(&mut self, _mv: M, _complete: impl FnOnce(&mut M)) {
        self.0 += 1;
    }
}

/// A [`MoveSink`] that only learns whether there is a move: full after the first.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Any(pub bool);

impl<M> MoveSink<M> for Any {
    #[inline(always)]
    fn add(&mut self, _mv: M) {
        self.0 = true;
    }

    #[inline(always)]
    fn add_completed(&mut self, _mv: M, _complete: impl FnOnce(&mut M)) {
        self.0 = true;
    }

    #[inline(always)]
    fn full(&self) -> bool {
        self.0
    }
}
