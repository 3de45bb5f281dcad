//! Typed game options and their `KEY=VALUE` text form, declared once per game as a table.
//!
//! A game declares its options with [`game_options!`](crate::game_options): one row per
//! option with its type, default, the values it takes, what it means, spellings it is also
//! known by and a validity check. The macro writes the struct, its `Default`, serde (with
//! defaults for missing fields and unknown fields refused), the `KEY=VALUE` parsing, the
//! listing and the documentation rows, so these can never disagree. Enumerated values are
//! declared with [`option_enum!`](crate::option_enum). Every game's tests run
//! [`check_table`] over its options.
//!
//! Keys are read case-insensitively with `-` standing for `_`; enumerated values ignore case,
//! `_`, `-` and spaces; numbers are decimal digits without sign or leading zeros, as in
//! position texts; setting the same option twice is an error. A value an option does not take
//! is refused with the option's real limits: "at most N" only when N, the largest value of the
//! option's type, is itself taken, and the documented values otherwise (a number too large
//! for a `u32` that is limited to a million is told the million, not 4294967295).

use std::fmt::Debug;

use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::{OptionError, Side, excerpt};

mod check;
mod declare;

pub use check::check_table;

/// The documentation of one option, for rule books and `--help` texts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OptionInfo {
    /// The key used in `KEY=VALUE` (e.g. `match_target`).
    pub key: &'static str,
    /// Other keys accepted for it (e.g. the rule specification's name when it differs).
    pub aliases: &'static [&'static str],
    /// The values it takes, as text (e.g. `1, 3, 7 or 15`).
    pub values: &'static str,
    /// The default value, as the text [`GameOptions::values`] prints for it.
    pub default: String,
    /// What it changes.
    pub meaning: &'static str,
}

/// A game's variants and options as one typed value with defaults.
///
/// Options are set from text one `KEY=VALUE` pair at a time (the CLI's `--option`), checked as
/// a whole by [`GameOptions::validate`] (called by [`Rules::new`](crate::Rules::new)), and
/// serialised with serde for game records. Games declare them with
/// [`game_options!`](crate::game_options) rather than implementing this by hand.
pub trait GameOptions:
    Default + Clone + Debug + PartialEq + Serialize + DeserializeOwned + Send + Sync + 'static
{
    /// The documentation of every option, in rule-book order.
    fn info() -> &'static [OptionInfo];

    /// Sets the option `key` (or one of its aliases) from its text `value`.
    fn set(&mut self, key: &str, value: &str) -> Result<(), OptionError>;

    /// Every option with its current value as text, in the order of [`GameOptions::info`];
    /// each pair is accepted back by [`GameOptions::set`].
    fn values(&self) -> Vec<(&'static str, String)>;

    /// Rejects values out of range and invalid combinations.
    fn validate(&self) -> Result<(), OptionError> {
        Ok(())
    }

    /// Every single change from the defaults that an option of few values allows (each other
    /// setting of each switch and enumerated option, one at a time, as `KEY`, `VALUE`) and
    /// that is valid on its own: what a test covering every option runs, derived from the
    /// table so that a new option is covered without editing the test.
    fn alternatives() -> Vec<(&'static str, String)>;

    /// Parses `KEY=VALUE` settings over the defaults, then validates. An option set twice
    /// (under any of its names) is an error.
    fn from_pairs<'a>(
        pairs: impl IntoIterator<Item = (&'a str, &'a str)>,
    ) -> Result<Self, OptionError> {
        let mut options = Self::default();
        let mut seen: Vec<&'static str> = Vec::new();
        for (key, value) in pairs {
            let key = key.trim();
            let canonical =
                canonical_key(key, Self::info()).ok_or_else(|| unknown_key(key, Self::info()))?;
            if seen.contains(&canonical) {
                return Err(OptionError::Repeated {
                    key: canonical.to_owned(),
                });
            }
            seen.push(canonical);
            options.set(canonical, value.trim())?;
        }
        options.validate()?;
        Ok(options)
    }
}

/// The canonical key of `key` among `info`: keys and aliases compare case-insensitively, with
/// `-` read as `_`.
#[must_use]
pub fn canonical_key(key: &str, info: &[OptionInfo]) -> Option<&'static str> {
    let wanted = normalise_key(key);
    info.iter()
        .find(|i| i.key == wanted || i.aliases.contains(&wanted.as_str()))
        .map(|i| i.key)
}

fn normalise_key(key: &str) -> String {
    key.trim()
        .chars()
        .map(|c| {
            if c == '-' {
                '_'
            } else {
                c.to_ascii_lowercase()
            }
        })
        .collect()
}

/// Splits `KEY=VALUE`.
pub fn split_setting(text: &str) -> Result<(&str, &str), OptionError> {
    text.split_once('=')
        .ok_or_else(|| OptionError::Syntax(excerpt(text)))
}

/// Why a text is not a value of an option type.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ValueError {
    /// Not of the option's kind at all.
    NotAValue,
    /// A number larger than the type holds; the largest one, as text.
    TooLarge(String),
}

/// A type an option can have: read from text and written back.
///
/// Implemented for the unsigned integers, `bool` (`on`/`off`, `true`/`false`, `yes`/`no`,
/// `1`/`0`; written `on`/`off`), [`Side`] (`White`/`Black`, `w`/`b`), and every enum declared
/// with [`option_enum!`](crate::option_enum).
pub trait OptionValue: Sized {
    /// Reads a value.
    fn read_option(text: &str) -> Result<Self, ValueError>;
    /// The text [`OptionValue::read_option`] reads back as this value.
    fn write_option(&self) -> String;
    /// Every other value of a type with few values (`bool`, [`Side`], enums), for tests that
    /// try each setting of each option; none for numbers.
    fn alternatives(&self) -> Vec<Self> {
        Vec::new()
    }
}

macro_rules! unsigned_option_value {
    ($($t:ty),*) => {$(
        impl OptionValue for $t {
            fn read_option(text: &str) -> Result<Self, ValueError> {
                // No sign and no leading zero: one spelling per number, as position texts have.
                let plain = text.bytes().all(|b| b.is_ascii_digit())
                    && (text == "0" || text.bytes().next().is_some_and(|b| b != b'0'));
                if !plain {
                    return Err(ValueError::NotAValue);
                }
                text.parse().map_err(|_| ValueError::TooLarge(<$t>::MAX.to_string()))
            }
            fn write_option(&self) -> String {
                self.to_string()
            }
        }
    )*};
}
unsigned_option_value!(u8, u16, u32, u64, usize);

impl OptionValue for bool {
    fn read_option(text: &str) -> Result<Self, ValueError> {
        match text.to_ascii_lowercase().as_str() {
            "on" | "true" | "yes" | "1" => Ok(true),
            "off" | "false" | "no" | "0" => Ok(false),
            _ => Err(ValueError::NotAValue),
        }
    }
    fn write_option(&self) -> String {
        if *self { "on" } else { "off" }.to_owned()
    }
    fn alternatives(&self) -> Vec<bool> {
        vec![!*self]
    }
}

impl OptionValue for Side {
    fn read_option(text: &str) -> Result<Self, ValueError> {
        match squash(text).as_str() {
            "white" | "w" => Ok(Side::White),
            "black" | "b" => Ok(Side::Black),
            _ => Err(ValueError::NotAValue),
        }
    }
    fn write_option(&self) -> String {
        match self {
            Side::White => "White",
            Side::Black => "Black",
        }
        .to_owned()
    }
    fn alternatives(&self) -> Vec<Side> {
        vec![self.opponent()]
    }
}

/// Reads `value` for the option `key`, which takes the values `takes` accepts, documented as
/// `values`: the one error path every declared option uses.
///
/// A number too large for the type is "too large: at most" the type's largest value only when
/// the option takes that value; otherwise the real limit is narrower, and the error states the
/// documented values instead, so no message names a limit the option does not have.
pub fn read_value<T: OptionValue>(
    key: &str,
    value: &str,
    values: &str,
    takes: impl Fn(&T) -> bool,
) -> Result<T, OptionError> {
    match T::read_option(value.trim()) {
        Ok(parsed) if takes(&parsed) => Ok(parsed),
        Err(ValueError::TooLarge(max)) if T::read_option(&max).is_ok_and(|m| takes(&m)) => {
            Err(OptionError::TooLarge {
                key: key.to_owned(),
                value: excerpt(value),
                max,
            })
        }
        Ok(_) | Err(_) => Err(bad_value(key, value, values)),
    }
}

/// The error for a value that does not fit an option.
pub fn bad_value(key: &str, value: &str, expected: &str) -> OptionError {
    OptionError::BadValue {
        key: key.to_owned(),
        value: excerpt(value),
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

/// The error for a key that is not among `info`.
pub fn unknown_key(key: &str, info: &[OptionInfo]) -> OptionError {
    OptionError::UnknownKey {
        key: excerpt(key),
        known: info.iter().map(|i| i.key).collect::<Vec<_>>().join(", "),
    }
}

/// Options for a game that has none (`{}` in JSON).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NoOptions {}

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
    fn alternatives() -> Vec<(&'static str, String)> {
        Vec::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    crate::game_options! {
        /// Test options.
        #[derive(Copy)]
        pub struct Small {
            /// A count.
            count: u8 = 3 => { values: "1 to 9", meaning: "a count", valid: |v| (1..=9).contains(v) },
            /// A switch.
            switch: bool = true => { values: "on or off", meaning: "a switch", aliases: ["toggle"] },
        }
    }

    #[test]
    fn alternatives_flip_each_switch_and_skip_numbers() {
        assert_eq!(Small::alternatives(), [("switch", "off".to_owned())]);
    }

    #[test]
    fn settings_split_on_the_first_equals() {
        assert_eq!(split_setting("a=b=c").unwrap(), ("a", "b=c"));
        assert!(matches!(split_setting("abc"), Err(OptionError::Syntax(_))));
    }

    #[test]
    fn booleans() {
        assert_eq!(bool::read_option("On"), Ok(true));
        assert_eq!(bool::read_option("0"), Ok(false));
        assert_eq!(bool::read_option("maybe"), Err(ValueError::NotAValue));
        assert_eq!(true.write_option(), "on");
    }

    #[test]
    fn integers_say_too_large_and_not_a_number() {
        assert_eq!(u8::read_option("255"), Ok(255));
        assert_eq!(u8::read_option("0"), Ok(0));
        // One spelling per number, as in position texts: no sign, no leading zero.
        for text in ["+7", "07", "00", "+0", " 7", "7 "] {
            assert_eq!(u8::read_option(text), Err(ValueError::NotAValue), "{text}");
        }
        assert_eq!(
            u8::read_option("256"),
            Err(ValueError::TooLarge("255".into()))
        );
        assert_eq!(u8::read_option("-1"), Err(ValueError::NotAValue));
        assert_eq!(u8::read_option(""), Err(ValueError::NotAValue));
        let err = Small::from_pairs([("count", "99999999999999999999999")]).unwrap_err();
        assert_eq!(
            err.to_string(),
            "bad value `99999999999999999999999` for option `count`: expected 1 to 9"
        );
    }

    crate::game_options! {
        /// Test options with limits below their types'.
        #[derive(Copy)]
        pub struct Limited {
            /// A count limited to a thousand.
            plies: u32 = 5 => { values: "0 (off) to 1000", meaning: "a limit", valid: |v| *v <= 1000 },
            /// A count its type limits.
            target: u32 = 12 => { values: "1 or more", meaning: "a target", valid: |v| *v >= 1 },
            /// A few values.
            rounds: u8 = 1 => { values: "1, 3 or 7", meaning: "rounds", valid: |v| [1, 3, 7].contains(v) },
        }
    }

    #[test]
    fn messages_state_the_real_limits() {
        check_table::<Limited>().unwrap();
        let message =
            |key: &str, value: &str| Limited::from_pairs([(key, value)]).unwrap_err().to_string();
        // Past the type's range, the option's own limit is told, as within it.
        for value in ["1001", "4294967295", "99999999999"] {
            assert_eq!(
                message("plies", value),
                format!("bad value `{value}` for option `plies`: expected 0 (off) to 1000")
            );
        }
        assert_eq!(
            message("rounds", "256"),
            "bad value `256` for option `rounds`: expected 1, 3 or 7"
        );
        // The type's largest value is the option's: then "at most" it is the truth.
        assert_eq!(
            message("target", "99999999999"),
            "value `99999999999` for option `target` is too large: at most 4294967295"
        );
        assert_eq!(
            Limited::from_pairs([("target", "4294967295")])
                .unwrap()
                .target,
            u32::MAX
        );
        assert_eq!(
            message("plies", "+5"),
            "bad value `+5` for option `plies`: expected 0 (off) to 1000"
        );
        assert_eq!(
            message("plies", "007"),
            "bad value `007` for option `plies`: expected 0 (off) to 1000"
        );
    }

    /// Options written by hand that state the type's limit for a narrower option, as the
    /// kernel did before: `check_table` must refuse them.
    #[derive(Clone, Debug, Default, PartialEq, Serialize, serde::Deserialize)]
    struct TypeLimit {
        plies: u32,
    }

    impl GameOptions for TypeLimit {
        fn info() -> &'static [OptionInfo] {
            static INFO: std::sync::OnceLock<Vec<OptionInfo>> = std::sync::OnceLock::new();
            INFO.get_or_init(|| {
                vec![OptionInfo {
                    key: "plies",
                    aliases: &[],
                    values: "0 to 1000",
                    default: "0".into(),
                    meaning: "a limit",
                }]
            })
        }
        fn set(&mut self, key: &str, value: &str) -> Result<(), OptionError> {
            match u32::read_option(value) {
                Ok(v) if v <= 1000 => self.plies = v,
                Err(ValueError::TooLarge(max)) => {
                    return Err(OptionError::TooLarge {
                        key: key.into(),
                        value: value.into(),
                        max,
                    });
                }
                _ => return Err(bad_value(key, value, "0 to 1000")),
            }
            Ok(())
        }
        fn values(&self) -> Vec<(&'static str, String)> {
            vec![("plies", self.plies.to_string())]
        }
        fn alternatives() -> Vec<(&'static str, String)> {
            Vec::new()
        }
    }

    #[test]
    fn check_table_refuses_a_limit_the_option_does_not_take() {
        let error = check_table::<TypeLimit>().unwrap_err();
        assert!(error.contains("at most 4294967295, but refuses"), "{error}");
    }

    #[test]
    fn a_declared_table_reads_checks_and_documents() {
        check_table::<Small>().unwrap();
        let s = Small::from_pairs([("COUNT", "9"), ("toggle", "off")]).unwrap();
        assert_eq!((s.count, s.switch), (9, false));
        let err = Small::from_pairs([("count", "0")]).unwrap_err();
        assert_eq!(
            err.to_string(),
            "bad value `0` for option `count`: expected 1 to 9"
        );
        // A refused value leaves the option as it was.
        let mut s = Small::default();
        assert!(s.set("count", "12").is_err());
        assert_eq!(s.count, 3);
        assert!(matches!(
            Small::from_pairs([("switch", "on"), ("toggle", "on")]),
            Err(OptionError::Repeated { .. })
        ));
        let long = "k".repeat(500);
        let err = Small::from_pairs([(long.as_str(), "1")]).unwrap_err();
        assert!(err.to_string().len() < 200, "{err}");
        // Deserialised options are validated by `validate`, and missing fields default.
        let bad: Small = serde_json::from_str(r#"{"count": 0}"#).unwrap();
        assert!(bad.validate().is_err());
        let partial: Small = serde_json::from_str(r#"{"switch": false}"#).unwrap();
        assert_eq!(partial.count, 3);
        assert!(serde_json::from_str::<Small>(r#"{"colour": 1}"#).is_err());
    }

    #[test]
    fn no_options_rejects_every_key() {
        let err = NoOptions::from_pairs([("foo", "1")]).unwrap_err();
        assert!(err.to_string().contains("unknown option `foo`"));
        assert_eq!(NoOptions::from_pairs([]).unwrap(), NoOptions {});
        check_table::<NoOptions>().unwrap();
    }
}
