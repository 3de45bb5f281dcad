//! The placements of the strong side's stones: sorted lists of squares (a square twice is a
//! stack of two), each ranked among all the multisets of its size by the combinatorial number
//! system, so that a table is a plain array indexed by rank.

use super::MAX_STRONG_STONES;

/// Binomial coefficients `C(x, k)` for `x < 70`, `k ≤ 5`: the ranks of multisets.
#[derive(Clone)]
pub(super) struct Binomials(pub(super) [[u64; MAX_STRONG_STONES + 1]; 70]);

impl Binomials {
    pub(super) fn new() -> Binomials {
        let mut c = [[0u64; MAX_STRONG_STONES + 1]; 70];
        for x in 0..70 {
            c[x][0] = 1;
            for k in 1..=MAX_STRONG_STONES.min(x) {
                c[x][k] = c[x - 1][k - 1] + c[x - 1][k];
            }
        }
        Binomials(c)
    }

    /// The rank of a sorted multiset of squares among all multisets of its size (the
    /// combinatorial number system applied to `a[i] + i`, which is strictly increasing).
    pub(super) fn rank(&self, sorted: &[u8]) -> usize {
        sorted
            .iter()
            .enumerate()
            .map(|(i, &a)| self.0[usize::from(a) + i][i + 1])
            .sum::<u64>() as usize
    }

    /// How many multisets of `n` squares there are: `C(64 + n − 1, n)`.
    pub(super) fn count(&self, n: usize) -> usize {
        self.0[63 + n][n] as usize
    }
}

/// The strong side's stones as a sorted list of squares (a square twice is a stack of two).
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) struct Stones {
    pub(super) squares: [u8; MAX_STRONG_STONES],
    pub(super) len: usize,
}

impl Stones {
    pub(super) fn as_slice(&self) -> &[u8] {
        &self.squares[..self.len]
    }

    /// Bit `i` set where square `i` holds a stone.
    pub(super) fn occupied(&self) -> u64 {
        self.as_slice().iter().fold(0, |bits, &s| bits | 1 << s)
    }

    /// Stones on each square.
    pub(super) fn heights(&self) -> [u8; 64] {
        let mut h = [0u8; 64];
        for &s in self.as_slice() {
            h[usize::from(s)] += 1;
        }
        h
    }

    /// These stones with one taken from each of `from` and one put on each of `to`.
    pub(super) fn exchanged(&self, from: &[u8], to: &[u8]) -> Stones {
        let mut next = *self;
        let mut slots = [0usize; MAX_STRONG_STONES];
        let mut used = 0u32;
        for (j, &f) in from.iter().enumerate() {
            let at = (0..next.len)
                .find(|&i| next.squares[i] == f && used >> i & 1 == 0)
                .expect("a stone is taken only from an occupied square");
            used |= 1 << at;
            slots[j] = at;
        }
        for (j, &t) in to.iter().enumerate() {
            next.squares[slots[j]] = t;
        }
        next.squares[..next.len].sort_unstable();
        next
    }
}

/// Every multiset of `n` squares, in rank order.
pub(super) fn all_stones(binomial: &Binomials, n: usize) -> Vec<Stones> {
    let mut all = vec![
        Stones {
            squares: [0; MAX_STRONG_STONES],
            len: n,
        };
        binomial.count(n)
    ];
    let mut current = Stones {
        squares: [0; MAX_STRONG_STONES],
        len: n,
    };
    fill(binomial, &mut all, &mut current, 0, 0);
    all
}

fn fill(binomial: &Binomials, all: &mut [Stones], current: &mut Stones, i: usize, from: u8) {
    if i == current.len {
        all[binomial.rank(current.as_slice())] = *current;
        return;
    }
    for sq in from..64 {
        current.squares[i] = sq;
        fill(binomial, all, current, i + 1, sq);
    }
}
