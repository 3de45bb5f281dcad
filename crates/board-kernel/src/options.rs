//! Typed game options and their `KEY=VALUE` text form.

use std::fmt::Debug;
use std::str::FromStr;

use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::OptionError;

/// The documentation of one option, for rule books and `--help` texts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OptionInfo {
    /// The key used in `KEY=VALUE` (the rule specification's name, e.g. `match_target`).
    pub key: &'static str,
    /// The values it takes, as text (e.g. `1, 3, 7 or 15`).
    pub values: &'static str,
    /// The default value, as text.
    pub default: &'static str,
    /// What it changes.
    pub meaning: &'static str,
}

/// A game's variants and options as one typed value with defaults.
///
/// Options are set from text one `KEY=VALUE` pair at a time (the CLI's `--option`), checked as
/// a whole by [`GameOptions::validate`] (called by [`Game::new`](crate::Game::new)), and
/// serialised with serde for game records.
pub trait GameOptions:
    Default + Clone + Debug + PartialEq + Serialize + DeserializeOwned + Send + Sync + 'static
{
    /// The documentation of every option, in rule-book order.
    fn info() -> &'static [OptionInfo];

    /// Sets the option `key` from its text `value`.
    fn set(&mut self, key: &str, value: &str) -> Result<(), OptionError>;

    /// Every option with its current value as text, in the order of [`GameOptions::info`];
    /// each pair is accepted back by [`GameOptions::set`].
    fn values(&self) -> Vec<(&'static str, String)>;

    /// Rejects values out of range and invalid combinations.
    fn validate(&self) -> Result<(), OptionError> {
        Ok(())
    }

    /// Parses `KEY=VALUE` settings over the defaults, then validates.
    fn from_pairs<'a>(
        pairs: impl IntoIterator<Item = (&'a str, &'a str)>,
    ) -> Result<Self, OptionError> {
        let mut options = Self::default();
        for (key, value) in pairs {
            options.set(key.trim(), value.trim())?;
        }
        options.validate()?;
        Ok(options)
    }
}

/// Splits `KEY=VALUE`.
pub fn split_setting(text: &str) -> Result<(&str, &str), OptionError> {
    text.split_once('=')
        .ok_or_else(|| OptionError::Syntax(text.to_owned()))
}

/// Parses one option value with `FromStr`, reporting failures as [`OptionError::BadValue`].
///
/// ```
/// use board_kernel::options::parse_value;
/// let n: u32 = parse_value("max_plies", "500", "a whole number")?;
/// assert_eq!(n, 500);
/// assert!(parse_value::<u32>("max_plies", "-1", "a whole number").is_err());
/// # Ok::<(), board_kernel::OptionError>(())
/// ```
pub fn parse_value<T: FromStr>(key: &str, value: &str, expected: &str) -> Result<T, OptionError> {
    value.parse().map_err(|_| bad_value(key, value, expected))
}

/// The error for a value that does not fit an option.
pub fn bad_value(key: &str, value: &str, expected: &str) -> OptionError {
    OptionError::BadValue {
        key: key.to_owned(),
        value: value.to_owned(),
        expected: expected.to_owned(),
    }
}

/// An enumerated option value in a canonical form: lower case without `_`, `-` and spaces, so
/// `PerRound`, `per_round` and `per-round` compare equal.
///
/// ```
/// assert_eq!(board_kernel::options::squash("Per_Round"), "perround");
/// ```
#[must_use]
pub fn squash(value: &str) -> String {
    value
        .chars()
        .filter(|c| !matches!(c, '_' | '-' | ' '))
        .flat_map(char::to_lowercase)
        .collect()
}

/// Parses a boolean option: `on`/`off`, `true`/`false`, `yes`/`no`, `1`/`0`.
pub fn parse_bool(key: &str, value: &str) -> Result<bool, OptionError> {
    match value.to_ascii_lowercase().as_str() {
        "on" | "true" | "yes" | "1" => Ok(true),
        "off" | "false" | "no" | "0" => Ok(false),
        _ => Err(bad_value(key, value, "on or off")),
    }
}

/// The error for a key that is not among `info`.
pub fn unknown_key(key: &str, info: &[OptionInfo]) -> OptionError {
    OptionError::UnknownKey {
        key: key.to_owned(),
        known: info.iter().map(|i| i.key).collect::<Vec<_>>().join(", "),
    }
}

/// Options for a game that has none.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, serde::Deserialize)]
pub struct NoOptions;

impl GameOptions for NoOptions {
    fn info() -> &'static [OptionInfo] {
        &[]
    }
    fn set(&mut self, key: &str, _value: &str) -> Result<(), OptionError> {
        Err(unknown_key(key, &[]))
    }
    fn values(&self) -> Vec<(&'static str, String)> {
        Vec::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn settings_split_on_the_first_equals() {
        assert_eq!(split_setting("a=b=c").unwrap(), ("a", "b=c"));
        assert!(matches!(split_setting("abc"), Err(OptionError::Syntax(_))));
    }

    #[test]
    fn booleans() {
        assert!(parse_bool("x", "On").unwrap());
        assert!(!parse_bool("x", "0").unwrap());
        assert!(parse_bool("x", "maybe").is_err());
    }

    #[test]
    fn no_options_rejects_every_key() {
        let err = NoOptions::from_pairs([("foo", "1")]).unwrap_err();
        assert!(err.to_string().contains("unknown option `foo`"));
        assert_eq!(NoOptions::from_pairs([]).unwrap(), NoOptions);
    }
}
