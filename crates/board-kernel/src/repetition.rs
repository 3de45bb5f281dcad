//! The repetition history every game with a repetition rule keeps: the keys of the positions
//! that count for the rule, inline while few ([`Repetition`], [`ShortRepetition`]), and read
//! back from a [`Snapshot`](crate::Snapshot) only after checking.

/// How many keys a [`Repetition`] holds without touching the heap.
const INLINE: usize = 4;

/// A repetition history for a game that can prove it never holds more than `N` keys
/// (Kamisado's holds at most three: positions since the latest actual move, and two passes
/// end the round). It is `Copy` and lives entirely inside the state, so cloning a state is a
/// plain copy of bytes — the cheapest clone search and perft can have. [`Repetition`] keeps
/// its first keys in one of these and moves to the heap beyond.
///
/// Pushing onto a full history forgets its oldest key (a game that keeps its promise never
/// does it).
///
/// ```
/// use board_kernel::ShortRepetition;
/// let mut history = ShortRepetition::<3>::start(7);
/// assert_eq!(history.push(9), 1);
/// assert_eq!(history.push(7), 2);
/// assert_eq!(history.keys(), [7, 9, 7]);
/// history.restart(11);
/// assert_eq!(history.keys(), [11]);
/// ```
#[derive(Clone, Copy, Debug)]
pub struct ShortRepetition<const N: usize> {
    keys: [u64; N],
    len: u8,
}

impl<const N: usize> Default for ShortRepetition<N> {
    fn default() -> Self {
        Self::new()
    }
}

impl<const N: usize> PartialEq for ShortRepetition<N> {
    fn eq(&self, other: &Self) -> bool {
        self.keys() == other.keys()
    }
}

impl<const N: usize> Eq for ShortRepetition<N> {}

impl<const N: usize> std::hash::Hash for ShortRepetition<N> {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.keys().hash(state);
    }
}

impl<const N: usize> ShortRepetition<N> {
    /// The empty history.
    #[must_use]
    pub const fn new() -> Self {
        ShortRepetition {
            keys: [0; N],
            len: 0,
        }
    }

    /// A history holding only the position with `key`.
    #[must_use]
    pub fn start(key: u64) -> Self {
        let mut history = Self::new();
        history.restart(key);
        history
    }

    /// Forgets every earlier position and starts again from the one with `key`.
    #[inline]
    pub fn restart(&mut self, key: u64) {
        self.keys[0] = key;
        self.len = 1;
    }

    /// Adds the position with `key` (the one just reached) and returns how often it has now
    /// occurred. When the history is full its oldest key is forgotten first.
    #[inline]
    pub fn push(&mut self, key: u64) -> usize {
        if self.is_full() {
            self.keys.copy_within(1.., 0);
            self.len -= 1;
        }
        self.keys[usize::from(self.len)] = key;
        self.len += 1;
        self.occurrences(key)
    }

    /// Whether another key would not fit.
    #[inline]
    #[must_use]
    pub fn is_full(&self) -> bool {
        usize::from(self.len) >= N
    }

    /// How often the position with `key` occurs in the history.
    #[inline]
    #[must_use]
    pub fn occurrences(&self, key: u64) -> usize {
        self.keys().iter().filter(|&&k| k == key).count()
    }

    /// The keys, oldest first.
    #[inline]
    #[must_use]
    pub fn keys(&self) -> &[u64] {
        &self.keys[..usize::from(self.len)]
    }

    /// The number of positions held.
    #[must_use]
    pub fn len(&self) -> usize {
        usize::from(self.len)
    }

    /// Whether no position is held.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Empties the history (the rule is off).
    pub fn clear(&mut self) {
        self.len = 0;
    }

    /// A history read from a [`Snapshot`](crate::Snapshot), checked as
    /// [`Repetition::from_keys`] checks one; more than `N` keys are refused.
    pub fn from_keys(
        keys: &[u64],
        current: u64,
        limit: usize,
        max_len: usize,
        may_have_ended: bool,
    ) -> Result<Self, String> {
        check_history(keys, current, limit, max_len.min(N), may_have_ended)?;
        let mut history = Self::new();
        history.keys[..keys.len()].copy_from_slice(keys);
        history.len = keys.len() as u8;
        Ok(history)
    }
}

/// The positions that count for a repetition rule, as their 64-bit keys (see
/// [`zobrist`](crate::zobrist)), oldest first; while the rule is on, the current position is
/// the last entry. A game restarts it after an irreversible move (a capture, a point, a new
/// round), since no earlier position can come back.
///
/// Up to four keys live inline (in a [`ShortRepetition`]), so a short history clones without
/// allocating. Longer histories move to the heap. A game that reserves room for its longest
/// possible history when a state is made ([`Repetition::reserve_total`]) never allocates in
/// `play_unchecked` on that state; a clone gets room for a few more keys only (enough for a
/// line played on it, so a search that clones and plays does not allocate per move either),
/// and grows like a `Vec` beyond. A game whose history is provably short keeps a
/// [`ShortRepetition`] instead, which clones as plain bytes.
///
/// ```
/// use board_kernel::Repetition;
/// let mut history = Repetition::start(7);
/// assert_eq!(history.push(9), 1);
/// assert_eq!(history.push(7), 2); // the position with key 7 has now occurred twice
/// assert_eq!(history.occurrences(7), 2);
/// history.restart(11); // after an irreversible move
/// assert_eq!(history.keys(), [11]);
/// ```
#[derive(Debug, Default)]
pub struct Repetition {
    /// Keys while there are at most [`INLINE`] of them; once they have moved to `heap`, its
    /// length is [`SPILLED`] (a marker in the byte it has spare, so that where the keys
    /// live takes no field of its own).
    inline: ShortRepetition<INLINE>,
    heap: Vec<u64>,
    /// How often the newest key occurs (0 when there is none): the count asked for most,
    /// once a step by an observation and once a move by the rule, without reading a history
    /// that may hold hundreds of keys.
    newest: u32,
}

/// The length of [`Repetition::inline`] while the keys live on the heap.
const SPILLED: u8 = u8::MAX;

/// Keys a clone of a history with heap storage can take before it grows: a clone is played
/// on for a move or a short line (a search's child, a tree search's path), not for a game.
const CLONE_ROOM: usize = 16;

impl Clone for Repetition {
    #[inline]
    fn clone(&self) -> Self {
        if !self.spilled() && self.heap.capacity() == 0 {
            // The common case, kept inline in the state's clone: no heap to copy.
            return Repetition {
                inline: self.inline,
                heap: Vec::new(),
                newest: self.newest,
            };
        }
        self.clone_spilled()
    }

    fn clone_from(&mut self, source: &Self) {
        self.inline = source.inline;
        self.heap.clear();
        self.heap.extend_from_slice(&source.heap);
        self.newest = source.newest;
    }
}

impl Repetition {
    /// The clone of a history with heap storage, kept out of line. It has room for
    /// [`CLONE_ROOM`] more keys (beyond the inline ones, if they have not spilled yet), so the
    /// moves played on a clone (the search pattern) allocate nothing; but not the room the
    /// original reserved for its longest history, which would make every clone as large as
    /// that history can grow (512 KB at the reserve's cap) and a search that keeps a clone
    /// per position of its line hold gigabytes.
    #[inline(never)]
    fn clone_spilled(&self) -> Self {
        let mut heap = Vec::with_capacity(self.heap.len().max(INLINE) + CLONE_ROOM);
        heap.extend_from_slice(&self.heap);
        Repetition {
            inline: self.inline,
            heap,
            newest: self.newest,
        }
    }

    /// Whether the keys live on the heap.
    #[inline]
    fn spilled(&self) -> bool {
        self.inline.len == SPILLED
    }
}

impl PartialEq for Repetition {
    fn eq(&self, other: &Self) -> bool {
        self.keys() == other.keys()
    }
}

impl Eq for Repetition {}

impl std::hash::Hash for Repetition {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.keys().hash(state);
    }
}

impl Repetition {
    /// The empty history (the repetition rule is off, or nothing has been played).
    #[must_use]
    pub const fn new() -> Repetition {
        Repetition {
            inline: ShortRepetition::new(),
            heap: Vec::new(),
            newest: 0,
        }
    }

    /// A history holding only the position with `key`.
    #[must_use]
    pub fn start(key: u64) -> Repetition {
        let mut history = Repetition::new();
        history.restart(key);
        history
    }

    /// Reserves room for `entries` keys in all (at most 65,536), so pushing up to that many
    /// never allocates.
    pub fn reserve_total(&mut self, entries: usize) {
        if entries > INLINE {
            let entries = entries.min(1 << 16);
            self.heap.reserve(entries.saturating_sub(self.heap.len()));
        }
    }

    /// Forgets every earlier position and starts again from the one with `key` (the heap
    /// room, if any, is kept for later).
    #[inline]
    pub fn restart(&mut self, key: u64) {
        self.heap.clear();
        self.inline.restart(key);
        self.newest = 1;
    }

    /// Adds the position with `key` (the one just reached) and returns how often it has now
    /// occurred.
    #[inline]
    pub fn push(&mut self, key: u64) -> usize {
        if self.spilled() {
            self.heap.push(key);
        } else if !self.inline.is_full() {
            self.inline.push(key);
        } else {
            self.heap.extend_from_slice(self.inline.keys());
            self.heap.push(key);
            self.inline.len = SPILLED;
        }
        self.count_newest()
    }

    /// Counts the newest key's occurrences afresh into [`Repetition::newest`].
    #[inline]
    fn count_newest(&mut self) -> usize {
        let count = match self.keys().last() {
            Some(&newest) => self.keys().iter().filter(|&&k| k == newest).count(),
            None => 0,
        };
        // More than `u32::MAX` keys would take 32 GiB: no history gets there.
        self.newest = u32::try_from(count).unwrap_or(u32::MAX);
        count
    }

    /// How often the position with `key` occurs in the history.
    #[inline]
    #[must_use]
    pub fn occurrences(&self, key: u64) -> usize {
        if self.keys().last() == Some(&key) {
            return self.newest as usize;
        }
        self.keys().iter().filter(|&&k| k == key).count()
    }

    /// The keys, oldest first.
    #[inline]
    #[must_use]
    pub fn keys(&self) -> &[u64] {
        if self.spilled() {
            &self.heap
        } else {
            self.inline.keys()
        }
    }

    /// The number of positions held.
    #[must_use]
    pub fn len(&self) -> usize {
        self.keys().len()
    }

    /// Whether no position is held.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.keys().is_empty()
    }

    /// Empties the history (the rule is off).
    pub fn clear(&mut self) {
        self.heap.clear();
        self.inline.clear();
        self.newest = 0;
    }

    /// Room for the history of a game whose positions can recur for at most `plies` plies
    /// (its ply limit since the last irreversible move; 0: no limit, room for 65,536 keys
    /// reserved at first and grown beyond), so that play never allocates within the limit.
    #[must_use]
    pub const fn room_for(plies: u32) -> usize {
        match plies {
            0 => 1 << 16,
            n => n as usize + 1,
        }
    }

    /// The occurrence limit of a game that keeps its history with the repetition rule off
    /// (`limit` 0): then no count ends the game, so the limit is unbounded.
    #[must_use]
    pub const fn kept_limit(limit: u32) -> usize {
        match limit {
            0 => usize::MAX,
            n => n as usize,
        }
    }

    /// The history a state read from a [`Snapshot`](crate::Snapshot) gets: `keys` checked as
    /// [`Repetition::from_keys`] checks them, with room for `longest` keys reserved so that
    /// playing on never allocates; `None` when `keys` is empty (the state keeps the history
    /// its position text started). What every game that keeps its history in a `Repetition`
    /// does in [`Rules::set_history`](crate::Rules::set_history).
    ///
    /// ```
    /// use board_kernel::Repetition;
    /// let restored = Repetition::restore(&[5, 9, 5], 5, 3, 100, false)?.unwrap();
    /// assert_eq!(restored.occurrences(5), 2);
    /// assert!(Repetition::restore(&[5, 9], 5, 3, 100, false).is_err()); // ends elsewhere
    /// assert!(Repetition::restore(&[], 5, 3, 100, false)?.is_none());
    /// # Ok::<(), String>(())
    /// ```
    pub fn restore(
        keys: &[u64],
        current: u64,
        limit: usize,
        longest: usize,
        may_have_ended: bool,
    ) -> Result<Option<Repetition>, String> {
        if keys.is_empty() {
            return Ok(None);
        }
        let mut history = Repetition::from_keys(keys, current, limit, longest, may_have_ended)?;
        history.reserve_total(longest);
        Ok(Some(history))
    }

    /// A history read from a [`Snapshot`](crate::Snapshot), checked against the position it
    /// belongs to: it must end with `current` (the key of that position) and hold at most
    /// `max_len` keys; no position may occur `limit` times or more unless the game may
    /// already be over (`may_have_ended`) (`limit` 0: the rule is off and the history must be
    /// empty).
    pub fn from_keys(
        keys: &[u64],
        current: u64,
        limit: usize,
        max_len: usize,
        may_have_ended: bool,
    ) -> Result<Repetition, String> {
        check_history(keys, current, limit, max_len, may_have_ended)?;
        let mut history = Repetition::new();
        if keys.is_empty() {
            return Ok(history);
        }
        if keys.len() <= INLINE {
            for &key in keys {
                history.inline.push(key);
            }
        } else {
            history.heap = keys.to_vec();
            history.inline.len = SPILLED;
        }
        history.count_newest();
        history.reserve_total(max_len);
        Ok(history)
    }
}

/// The checks of [`Repetition::from_keys`].
fn check_history(
    keys: &[u64],
    current: u64,
    limit: usize,
    max_len: usize,
    may_have_ended: bool,
) -> Result<(), String> {
    if keys.is_empty() {
        return Ok(());
    }
    if limit == 0 {
        return Err("the repetition rule is off, so there is no history".into());
    }
    if keys.len() > max_len {
        return Err(format!(
            "the history holds {} positions; at most {max_len} can count",
            keys.len()
        ));
    }
    if keys.last() != Some(&current) {
        return Err("the history does not end with the current position".into());
    }
    if !may_have_ended {
        // Count equal keys in a sorted copy: linear after the sort, however long.
        let mut sorted = keys.to_vec();
        sorted.sort_unstable();
        if let Some(run) = sorted
            .chunk_by(|a, b| a == b)
            .find(|run| run.len() >= limit)
        {
            return Err(format!(
                "a position ({:016x}) occurs {} times, which would have ended the game",
                run[0],
                run.len()
            ));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clones_have_room_for_a_line_but_not_the_reserve() {
        let mut h = Repetition::start(1);
        h.reserve_total(1 << 16);
        let c = h.clone();
        assert_eq!(c, h);
        // Room to spill and play on: the inline keys and CLONE_ROOM more.
        assert!(c.heap.capacity() >= INLINE + CLONE_ROOM);
        // Not the original's reserve (512 KB at the cap).
        assert!(c.heap.capacity() < 64, "{}", c.heap.capacity());
        for k in 2..=40 {
            h.push(k);
        }
        let mut c = h.clone();
        assert_eq!(c, h);
        assert!(c.heap.capacity() < 40 + 64, "{}", c.heap.capacity());
        // Its room holds the keys of CLONE_ROOM moves without growing.
        let room = c.heap.capacity();
        for k in 0..CLONE_ROOM as u64 {
            c.push(100 + k);
        }
        assert_eq!(c.heap.capacity(), room);
    }

    /// The newest key's count is kept, not read, so every way a history changes must keep
    /// it: pushes inline and spilled, restarts, clears, clones and histories read back.
    #[test]
    fn the_newest_count_is_the_count_of_the_keys() {
        fn scan(h: &Repetition, key: u64) -> usize {
            h.keys().iter().filter(|&&k| k == key).count()
        }
        let mut rng = crate::SplitMix64::new(5);
        let mut h = Repetition::new();
        assert_eq!(h.occurrences(0), 0);
        for _ in 0..5_000 {
            match rng.below(40) {
                0 => h.restart(rng.below(3) as u64),
                1 => h.clear(),
                2 => h = h.clone(),
                3 => {
                    let mut c = Repetition::start(77);
                    c.clone_from(&h);
                    h = c;
                }
                4 if !h.is_empty() => {
                    let newest = *h.keys().last().expect("not empty");
                    h = Repetition::from_keys(h.keys(), newest, usize::MAX, 1 << 16, true)
                        .expect("a history of keys checks");
                }
                _ => {
                    let key = rng.below(4) as u64;
                    assert_eq!(h.push(key), scan(&h, key));
                }
            }
            for key in 0..4 {
                assert_eq!(h.occurrences(key), scan(&h, key), "{:?}", h.keys());
            }
        }
    }

    #[test]
    fn short_histories_stay_inline_and_long_ones_spill() {
        let mut h = Repetition::start(1);
        for k in 2..=4 {
            h.push(k);
        }
        assert_eq!(h.keys(), [1, 2, 3, 4]);
        assert_eq!(h.heap.capacity(), 0);
        assert_eq!(h.clone().heap.capacity(), 0);
        assert_eq!(h.push(1), 2);
        assert_eq!(h.keys(), [1, 2, 3, 4, 1]);
        let c = h.clone();
        assert_eq!(c, h);
        h.restart(9);
        assert_eq!((h.keys(), h.len()), (&[9][..], 1));
        assert_ne!(c, h);
        let mut d = Repetition::new();
        d.clone_from(&c);
        assert_eq!(d, c);
        d.clear();
        assert!(d.is_empty());
    }

    #[test]
    fn histories_from_snapshots_are_checked() {
        assert_eq!(
            Repetition::from_keys(&[1, 2, 1], 1, 3, 10, false)
                .unwrap()
                .occurrences(1),
            2
        );
        assert!(Repetition::from_keys(&[1, 2], 1, 3, 10, false).is_err()); // wrong last
        assert!(Repetition::from_keys(&[1, 1, 1], 1, 3, 10, false).is_err()); // would have ended
        assert!(Repetition::from_keys(&[1, 1, 1], 1, 3, 10, true).is_ok());
        assert!(Repetition::from_keys(&[1], 1, 0, 10, false).is_err()); // rule off
        assert!(Repetition::from_keys(&[2, 1], 1, 3, 1, false).is_err()); // too long
        assert!(
            Repetition::from_keys(&[], 1, 0, 10, false)
                .unwrap()
                .is_empty()
        );
    }

    #[test]
    fn short_histories_are_plain_copies_checked_like_long_ones() {
        let mut h = ShortRepetition::<3>::start(5);
        assert_eq!((h.push(6), h.push(5)), (1, 2));
        assert!(h.is_full());
        // Full: the oldest key (5) goes, so 5 now occurs once before this push.
        assert_eq!(h.push(5), 2);
        assert_eq!(h.keys(), [6, 5, 5]);
        let copy = h;
        assert_eq!(copy, h);
        h.restart(9);
        assert_eq!((h.keys(), copy.keys()), (&[9][..], &[6, 5, 5][..]));
        // Equality looks at the keys held, not at stale slots.
        assert_eq!(ShortRepetition::<3>::start(9), h);
        assert_eq!(
            ShortRepetition::<3>::from_keys(&[1, 2, 1], 1, 3, 10, false)
                .unwrap()
                .occurrences(1),
            2
        );
        // More keys than fit are refused whatever the game allows.
        assert!(ShortRepetition::<3>::from_keys(&[1, 2, 3, 1], 1, 3, 10, false).is_err());
        assert!(ShortRepetition::<3>::from_keys(&[1, 1, 1], 1, 3, 10, false).is_err());
        assert!(ShortRepetition::<3>::from_keys(&[1], 1, 0, 10, false).is_err());
        assert!(
            ShortRepetition::<3>::from_keys(&[], 1, 0, 10, false)
                .unwrap()
                .is_empty()
        );
    }
}
