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

/// The key of a number-valued feature (a ply count, a score): `value` mixed with `salt` by
/// SplitMix64's finaliser, so counters need no table. `0` for the value 0, so a feature at
/// its initial value costs nothing.
///
/// ```
/// use board_kernel::zobrist::number;
/// assert_eq!(number(7, 0), 0);
/// assert_ne!(number(7, 1), number(7, 2));
/// assert_ne!(number(7, 1), number(8, 1));
/// ```
#[inline]
#[must_use]
pub const fn number(salt: u64, value: u64) -> u64 {
    if value == 0 {
        return 0;
    }
    SplitMix64::new(salt ^ value.wrapping_mul(0xD1B5_4A32_D192_ED03)).next_u64()
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
