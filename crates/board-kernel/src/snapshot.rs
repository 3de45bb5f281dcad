//! The [`Snapshot`]: the one serde form of a game state, read back only through the game's
//! validating parser.

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// A game state as data: its one-line position text and, for games with a repetition rule,
/// the keys of the positions that count for it (oldest first, the current one last).
///
/// The serde form of every game's states. It is read back only through
/// [`GameExt::restore`](crate::GameExt::restore), which parses the text with the game's own
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
