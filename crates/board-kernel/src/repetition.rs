//! The repetition history every game with a repetition rule keeps, and the [`Snapshot`]: the
//! one serde form of a game state, read back only through the game's validating parser.

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// How many keys a [`Repetition`] holds without touching the heap.
const INLINE: usize = 4;

/// The positions that count for a repetition rule, as their 64-bit keys (see
/// [`zobrist`](crate::zobrist)), oldest first; while the rule is on, the current position is
/// the last entry. A game restarts it after an irreversible move (a capture, a point, a new
/// round), since no earlier position can come back.
///
/// Up to four keys live inline, so a game whose history is short (Kamisado's holds at most
/// three) clones states without allocating. Longer histories move to the heap; cloning keeps
/// the capacity, so a game that reserves room for its longest possible history when a state is
/// made ([`Repetition::reserve_total`]) never allocates in `play_unchecked`.
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
    /// Keys while there are at most [`INLINE`] of them and `spilled` is false.
    inline: [u64; INLINE],
    len: u8,
    /// Whether the keys live in `heap`.
    spilled: bool,
    heap: Vec<u64>,
}

impl Clone for Repetition {
    #[inline]
    fn clone(&self) -> Self {
        if !self.spilled && self.heap.capacity() == 0 {
            // The common case, kept inline in the state's clone: no heap to copy.
            return Repetition {
                inline: self.inline,
                len: self.len,
                spilled: false,
                heap: Vec::new(),
            };
        }
        self.clone_spilled()
    }

    fn clone_from(&mut self, source: &Self) {
        self.inline = source.inline;
        self.len = source.len;
        self.spilled = source.spilled;
        self.heap.clear();
        self.heap.extend_from_slice(&source.heap);
    }
}

impl Repetition {
    /// The clone of a history with heap storage, kept out of line. It keeps room for a few
    /// more keys, so the move played on a clone (the search pattern) allocates nothing.
    #[inline(never)]
    fn clone_spilled(&self) -> Self {
        let heap = if self.spilled || self.heap.capacity() > 0 {
            let mut heap = Vec::with_capacity(self.heap.capacity().max(self.heap.len() + 8));
            heap.extend_from_slice(&self.heap);
            heap
        } else {
            Vec::new()
        };
        Repetition {
            inline: self.inline,
            len: self.len,
            spilled: self.spilled,
            heap,
        }
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
            inline: [0; INLINE],
            len: 0,
            spilled: false,
            heap: Vec::new(),
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
        self.spilled = false;
        self.inline[0] = key;
        self.len = 1;
    }

    /// Adds the position with `key` (the one just reached) and returns how often it has now
    /// occurred.
    #[inline]
    pub fn push(&mut self, key: u64) -> usize {
        if self.spilled {
            self.heap.push(key);
        } else if usize::from(self.len) < INLINE {
            self.inline[usize::from(self.len)] = key;
            self.len += 1;
        } else {
            self.heap.extend_from_slice(&self.inline);
            self.heap.push(key);
            self.spilled = true;
        }
        self.occurrences(key)
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
        if self.spilled {
            &self.heap
        } else {
            &self.inline[..usize::from(self.len)]
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
        self.spilled = false;
        self.len = 0;
    }

    /// A history read from a [`Snapshot`], checked against the position it belongs to: it must
    /// end with `current` (the key of that position) and hold at most `max_len` keys; no
    /// position may occur `limit` times or more unless the game may already be over
    /// (`may_have_ended`) (`limit` 0: the rule is off and the history must be empty).
    pub fn from_keys(
        keys: &[u64],
        current: u64,
        limit: usize,
        max_len: usize,
        may_have_ended: bool,
    ) -> Result<Repetition, String> {
        if keys.is_empty() {
            return Ok(Repetition::new());
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
        let mut history = Repetition::new();
        if keys.len() <= INLINE {
            history.inline[..keys.len()].copy_from_slice(keys);
            history.len = keys.len() as u8;
        } else {
            history.heap = keys.to_vec();
            history.spilled = true;
        }
        history.reserve_total(max_len);
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
        Ok(history)
    }
}

/// A game state as data: its one-line position text and, for games with a repetition rule,
/// the keys of the positions that count for it (oldest first, the current one last).
///
/// The serde form of every game's states. It is read back only through
/// [`Game::restore`](crate::Game::restore), which parses the text with the game's own
/// validating parser and checks the history against it, so a stored or received state can
/// never be invalid. In JSON the keys are 16 hex digits each (JavaScript numbers cannot hold
/// 64 bits):
///
/// ```
/// use board_kernel::Snapshot;
/// let s = Snapshot { position: "5 w".into(), history: vec![1, 0xabc] };
/// let json = serde_json::to_string(&s)?;
/// assert_eq!(json, r#"{"position":"5 w","history":["0000000000000001","0000000000000abc"]}"#);
/// assert_eq!(serde_json::from_str::<Snapshot>(&json)?, s);
/// let no_history: Snapshot = serde_json::from_str(r#"{"position":"5 w"}"#)?;
/// assert!(no_history.history.is_empty());
/// assert!(serde_json::from_str::<Snapshot>(r#"{"position":"5 w","moves":[]}"#).is_err());
/// # Ok::<(), serde_json::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Snapshot {
    /// The one-line position text.
    pub position: String,
    /// The repetition history's keys, oldest first (empty for games without the rule).
    #[serde(
        default,
        skip_serializing_if = "Vec::is_empty",
        serialize_with = "hex_keys",
        deserialize_with = "keys_from_hex"
    )]
    pub history: Vec<u64>,
}

impl Snapshot {
    /// A snapshot of a position without history.
    #[must_use]
    pub fn of_text(position: impl Into<String>) -> Snapshot {
        Snapshot {
            position: position.into(),
            history: Vec::new(),
        }
    }
}

fn hex_keys<S: Serializer>(keys: &[u64], serializer: S) -> Result<S::Ok, S::Error> {
    serializer.collect_seq(keys.iter().map(|k| format!("{k:016x}")))
}

fn keys_from_hex<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Vec<u64>, D::Error> {
    use serde::de::Error;
    let texts = Vec::<String>::deserialize(deserializer)?;
    texts
        .iter()
        .map(|t| {
            if t.len() == 16 {
                u64::from_str_radix(t, 16).ok()
            } else {
                None
            }
            .ok_or_else(|| {
                D::Error::custom(format!("`{}` is not 16 hex digits", crate::excerpt(t)))
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clones_keep_their_capacity() {
        let mut h = Repetition::start(1);
        h.reserve_total(100);
        let c = h.clone();
        assert!(c.heap.capacity() >= 100);
        assert_eq!(c, h);
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
    fn bad_hex_is_refused() {
        for json in [
            r#"{"position":"x","history":["12"]}"#,
            r#"{"position":"x","history":["zzzzzzzzzzzzzzzz"]}"#,
            r#"{"position":"x","history":[12]}"#,
        ] {
            assert!(serde_json::from_str::<Snapshot>(json).is_err(), "{json}");
        }
    }
}
