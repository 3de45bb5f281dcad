//! Zobrist keys: fixed pseudo-random 64-bit numbers, one per feature of a position (a piece on
//! a square, the side to move…), whose XOR is the position's key. Moving a piece updates the
//! key with two XORs, so a game keeps its key up to date in `play_unchecked` at almost no
//! cost.
//!
//! The tables are computed at compile time from a seed, so keys are the same in every build
//! and on every platform: they are part of the [`Snapshot`](crate::Snapshot) format (its
//! repetition history is a list of keys), and each game pins one known key in its tests.

use crate::SplitMix64;

/// `N` keys drawn from SplitMix64 seeded with `seed`; usable in a `const`.
///
/// ```
/// use board_kernel::zobrist;
/// const PIECE_ON_SQUARE: [u64; 64] = zobrist::table(0x6b61_6d69);
/// const WHITE_TO_MOVE: u64 = zobrist::table::<1>(0x7475_726e)[0];
/// assert_ne!(PIECE_ON_SQUARE[0], PIECE_ON_SQUARE[1]);
/// assert_ne!(WHITE_TO_MOVE, 0);
/// ```
#[must_use]
pub const fn table<const N: usize>(seed: u64) -> [u64; N] {
    let mut rng = SplitMix64::new(seed);
    let mut keys = [0u64; N];
    let mut i = 0;
    while i < N {
        keys[i] = rng.next_u64();
        i += 1;
    }
    keys
}

/// [`table`] for a two-dimensional feature (`[kind][square]`).
#[must_use]
pub const fn table2<const K: usize, const N: usize>(seed: u64) -> [[u64; N]; K] {
    let mut rng = SplitMix64::new(seed);
    let mut keys = [[0u64; N]; K];
    let mut k = 0;
    while k < K {
        let mut i = 0;
        while i < N {
            keys[k][i] = rng.next_u64();
            i += 1;
        }
        k += 1;
    }
    keys
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_are_fixed_and_distinct() {
        const T: [u64; 4] = table(1);
        // Pinned: a change here changes every stored snapshot history.
        assert_eq!(T[0], 0x910a_2dec_8902_5cc1);
        let mut sorted = T.to_vec();
        sorted.sort_unstable();
        sorted.dedup();
        assert_eq!(sorted.len(), 4);
        const U: [[u64; 4]; 2] = table2(1);
        assert_eq!(U[0], T);
    }
}
