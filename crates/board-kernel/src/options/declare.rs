//! The two declarations every game's options are written with: [`option_enum!`] for an
//! enumerated value and [`game_options!`] for the table itself. They write the reading,
//! printing, listing and documentation of each option from one row, so these cannot disagree.
//!
//! [`option_enum!`]: crate::option_enum
//! [`game_options!`]: crate::game_options

/// Declares an enumerated option value: the enum with its derives, `ALL`, and an
/// [`OptionValue`](crate::options::OptionValue) that reads the variant's name (case, `_`, `-`
/// and spaces ignored) or any of the extra spellings after `|`, and writes the name.
///
/// ```
/// board_kernel::option_enum! {
///     /// How far the ball turns at a pivot.
///     pub enum Deviation {
///         /// ±90°.
///         #[default]
///         Right | "90",
///         /// ±45°.
///         Half | "45",
///     }
/// }
/// use board_kernel::options::OptionValue;
/// assert_eq!(Deviation::read_option("half"), Ok(Deviation::Half));
/// assert_eq!(Deviation::read_option("90"), Ok(Deviation::Right));
/// assert_eq!(Deviation::Half.write_option(), "Half");
/// assert_eq!(Deviation::ALL, [Deviation::Right, Deviation::Half]);
/// assert_eq!(Deviation::default(), Deviation::Right);
/// ```
#[macro_export]
macro_rules! option_enum {
    (
        $(#[$meta:meta])*
        $vis:vis enum $name:ident {
            $(
                $(#[$vmeta:meta])*
                $variant:ident $(| $alias:literal)*
            ),+ $(,)?
        }
    ) => {
        $(#[$meta])*
        #[derive(
            Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord,
            ::serde::Serialize, ::serde::Deserialize,
        )]
        $vis enum $name {
            $(
                $(#[$vmeta])*
                $variant,
            )+
        }

        impl $name {
            /// Every value, in declaration order.
            pub const ALL: [$name; [$(stringify!($variant)),+].len()] = [$($name::$variant),+];
        }

        impl $crate::options::OptionValue for $name {
            fn read_option(text: &str) -> ::std::result::Result<Self, $crate::options::ValueError> {
                let wanted = $crate::options::squash(text);
                $(
                    if wanted == $crate::options::squash(stringify!($variant))
                        $(|| wanted == $crate::options::squash($alias))*
                    {
                        return Ok($name::$variant);
                    }
                )+
                Err($crate::options::ValueError::NotAValue)
            }
            fn write_option(&self) -> String {
                match self {
                    $($name::$variant => stringify!($variant).to_owned(),)+
                }
            }
            fn alternatives(&self) -> Vec<$name> {
                $name::ALL.into_iter().filter(|v| v != self).collect()
            }
        }

        impl ::std::fmt::Display for $name {
            fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
                f.write_str(&$crate::options::OptionValue::write_option(self))
            }
        }
    };
}

/// Declares a game's options as one table: each row is a field with its type and default,
/// the values it takes and what it means (both for the docs), optional other keys it is known
/// by, and an optional validity check. `combination` checks values that are fine alone but
/// not together.
///
/// The macro writes the struct (fields public, deriving `Clone`, `Debug`, `PartialEq`, `Eq`,
/// `Hash` and serde with `#[serde(default, deny_unknown_fields)]`; add more derives such as
/// `Copy` above it), its `Default`, and its [`GameOptions`](crate::GameOptions). Field types
/// implement [`OptionValue`](crate::options::OptionValue).
///
/// ```
/// use board_kernel::{GameOptions, OptionError, Side};
///
/// board_kernel::option_enum! {
///     /// How a round is scored.
///     pub enum Scoring {
///         /// By rings.
///         #[default]
///         RingValues,
///         /// By rounds.
///         PerRound,
///     }
/// }
///
/// board_kernel::game_options! {
///     /// The options of a small game.
///     #[derive(Copy)]
///     pub struct Options {
///         /// Points that win.
///         match_target: u32 = 1 => {
///             values: "1, 3, 7 or 15",
///             meaning: "points that win",
///             valid: |v| [1, 3, 7, 15].contains(v),
///         },
///         /// Who moves first.
///         first_player: Side = Side::White => {
///             values: "White or Black",
///             meaning: "who moves first",
///         },
///         /// How rounds are scored.
///         scoring: Scoring = Scoring::RingValues => {
///             values: "RingValues or PerRound",
///             meaning: "how rounds are scored",
///         },
///         /// The occurrence of a position that ends the game (0 = off).
///         repetition_limit: u32 = 3 => {
///             values: "0 (off) or an integer ≥ 2",
///             meaning: "the occurrence of a position that ends the game",
///             aliases: ["repetition_draw"],
///             valid: |v| *v != 1,
///         },
///     }
///     combination: |o: &Options| {
///         if o.match_target == 1 && o.scoring == Scoring::PerRound {
///             Err("per-round scoring needs a match".to_owned())
///         } else {
///             Ok(())
///         }
///     }
/// }
///
/// let o = Options::from_pairs([("Match-Target", "7"), ("scoring", "per_round")])?;
/// assert_eq!((o.match_target, o.scoring), (7, Scoring::PerRound));
/// assert_eq!(Options::from_pairs([("repetition_draw", "2")])?.repetition_limit, 2);
/// assert!(matches!(Options::from_pairs([("match_target", "5")]), Err(OptionError::BadValue { .. })));
/// // A number past the type: "at most 4294967295" where that is the option's limit, the
/// // documented values where the option's limit is narrower.
/// assert!(matches!(Options::from_pairs([("repetition_limit", "99999999999")]), Err(OptionError::TooLarge { .. })));
/// assert!(matches!(Options::from_pairs([("match_target", "99999999999")]), Err(OptionError::BadValue { .. })));
/// assert!(matches!(Options::from_pairs([("scoring", "PerRound")]), Err(OptionError::Invalid(_))));
/// assert!(matches!(
///     Options::from_pairs([("repetition_limit", "2"), ("repetition_draw", "4")]),
///     Err(OptionError::Repeated { .. })
/// ));
/// assert_eq!(Options::info()[0].default, "1");
/// board_kernel::options::check_table::<Options>()?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[macro_export]
macro_rules! game_options {
    (
        $(#[$meta:meta])*
        $vis:vis struct $name:ident {
            $(
                $(#[$fmeta:meta])*
                $field:ident : $ty:ty = $default:expr => {
                    values: $values:expr,
                    meaning: $meaning:expr
                    $(, aliases: [$($alias:literal),* $(,)?])?
                    $(, valid: $valid:expr)?
                    $(,)?
                }
            ),+ $(,)?
        }
        $(combination: $combination:expr $(,)?)?
    ) => {
        $(#[$meta])*
        #[derive(Clone, Debug, PartialEq, Eq, Hash, ::serde::Serialize, ::serde::Deserialize)]
        #[serde(default, deny_unknown_fields)]
        $vis struct $name {
            $(
                $(#[$fmeta])*
                pub $field: $ty,
            )+
        }

        impl ::std::default::Default for $name {
            fn default() -> Self {
                $name {
                    $($field: $default,)+
                }
            }
        }

        impl $name {
            #[allow(unused_variables)]
            fn check_field(key: &str, options: &$name) -> ::std::result::Result<(), $crate::OptionError> {
                $(
                    if key == stringify!($field) {
                        $(
                            let valid: fn(&$ty) -> bool = $valid;
                            if !valid(&options.$field) {
                                return Err($crate::options::bad_value(
                                    key,
                                    &$crate::options::OptionValue::write_option(&options.$field),
                                    $values,
                                ));
                            }
                        )?
                        return Ok(());
                    }
                )+
                Ok(())
            }
        }

        impl $crate::GameOptions for $name {
            fn info() -> &'static [$crate::OptionInfo] {
                static INFO: ::std::sync::OnceLock<Vec<$crate::OptionInfo>> =
                    ::std::sync::OnceLock::new();
                INFO.get_or_init(|| {
                    let defaults = <$name as ::std::default::Default>::default();
                    vec![$(
                        $crate::OptionInfo {
                            key: stringify!($field),
                            aliases: &[$($($alias),*)?],
                            values: $values,
                            default: $crate::options::OptionValue::write_option(&defaults.$field),
                            meaning: $meaning,
                        },
                    )+]
                })
            }

            fn set(&mut self, key: &str, value: &str) -> ::std::result::Result<(), $crate::OptionError> {
                let Some(key) = $crate::options::canonical_key(key, Self::info()) else {
                    return Err($crate::options::unknown_key(key, Self::info()));
                };
                $(
                    if key == stringify!($field) {
                        // A refused value changes nothing: candidates are checked on a copy.
                        let takes = |candidate: &$ty| {
                            let mut probe = self.clone();
                            probe.$field = candidate.clone();
                            Self::check_field(key, &probe).is_ok()
                        };
                        self.$field = $crate::options::read_value(key, value, $values, takes)?;
                        return Ok(());
                    }
                )+
                Err($crate::options::unknown_key(key, Self::info()))
            }

            fn values(&self) -> Vec<(&'static str, String)> {
                vec![$(
                    (stringify!($field), $crate::options::OptionValue::write_option(&self.$field)),
                )+]
            }

            fn alternatives() -> Vec<(&'static str, String)> {
                let defaults = <$name as ::std::default::Default>::default();
                let mut out = Vec::new();
                $(
                    for value in $crate::options::OptionValue::alternatives(&defaults.$field) {
                        let changed = $name { $field: value, ..defaults.clone() };
                        if $crate::GameOptions::validate(&changed).is_ok() {
                            out.push((
                                stringify!($field),
                                $crate::options::OptionValue::write_option(&changed.$field),
                            ));
                        }
                    }
                )+
                out
            }

            fn validate(&self) -> ::std::result::Result<(), $crate::OptionError> {
                $(Self::check_field(stringify!($field), self)?;)+
                $(
                    let combination: fn(&$name) -> ::std::result::Result<(), String> = $combination;
                    combination(self).map_err($crate::OptionError::Invalid)?;
                )?
                Ok(())
            }
        }
    };
}
