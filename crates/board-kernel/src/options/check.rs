//! The consistency check of an options table ([`check_table`]), which every game's tests run
//! and the conformance suite runs before its games.

use super::GameOptions;
use crate::OptionError;

/// Checks that a game's options table is consistent; every game's tests call it.
///
/// The defaults validate and equal `from_pairs([])`; each documented default is the text the
/// default value prints as; every printed value is read back to the same options (also with
/// the keys in upper case and through each alias); an unknown key, a repeated key and a
/// missing `=` are refused; the serde form round-trips and `{}` reads as the defaults; a
/// number too large for any option states a limit the option takes; a sign or a leading zero
/// before a default is refused.
pub fn check_table<O: GameOptions>() -> Result<(), String> {
    let defaults = O::default();
    defaults
        .validate()
        .map_err(|e| format!("the defaults do not validate: {e}"))?;
    let empty = O::from_pairs([]).map_err(|e| format!("from_pairs([]) fails: {e}"))?;
    if empty != defaults {
        return Err("from_pairs([]) differs from Default".into());
    }
    let info = O::info();
    let values = defaults.values();
    if values.len() != info.len() {
        return Err("values() and info() list different options".into());
    }
    for (i, (key, value)) in info.iter().zip(&values) {
        if i.key != *key {
            return Err(format!(
                "info() lists `{}` where values() lists `{key}`",
                i.key
            ));
        }
        if &i.default != value {
            return Err(format!(
                "`{key}`: documented default `{}` but Default prints `{value}`",
                i.default
            ));
        }
        check_limits::<O>(i.key, value)?;
        for name in std::iter::once(&i.key.to_ascii_uppercase()).chain(
            i.aliases
                .iter()
                .map(|a| a.to_string())
                .collect::<Vec<_>>()
                .iter(),
        ) {
            let back = O::from_pairs([(name.as_str(), value.as_str())])
                .map_err(|e| format!("`{name}={value}` is refused: {e}"))?;
            if back != defaults {
                return Err(format!("`{name}={value}` does not give the default"));
            }
        }
    }
    let pairs: Vec<(&str, &str)> = values.iter().map(|(k, v)| (*k, v.as_str())).collect();
    if O::from_pairs(pairs.iter().copied()).ok().as_ref() != Some(&defaults) {
        return Err("the printed values do not read back as the defaults".into());
    }
    if O::from_pairs([("no_such_option", "1")]).is_ok() {
        return Err("an unknown key is accepted".into());
    }
    if let Some((key, value)) = pairs.first()
        && !matches!(
            O::from_pairs([(*key, *value), (*key, *value)]),
            Err(OptionError::Repeated { .. })
        )
    {
        return Err(format!("`{key}` set twice is not refused as repeated"));
    }
    let json = serde_json::to_string(&defaults).map_err(|e| e.to_string())?;
    if serde_json::from_str::<O>(&json).ok().as_ref() != Some(&defaults) {
        return Err(format!("the serde form {json} does not round-trip"));
    }
    if serde_json::from_str::<O>("{}").ok().as_ref() != Some(&defaults) {
        return Err("`{}` does not deserialise to the defaults".into());
    }
    Ok(())
}

/// The limits the messages of option `key` state are real: the "at most" of a huge number is
/// itself taken, and the default with a sign or a leading zero in front is refused.
fn check_limits<O: GameOptions>(key: &str, default: &str) -> Result<(), String> {
    if let Err(OptionError::TooLarge { max, .. }) =
        O::from_pairs([(key, "99999999999999999999999999")])
        && let Err(e) = O::from_pairs([(key, max.as_str())])
    {
        return Err(format!(
            "`{key}` says a huge number is too large, at most {max}, but refuses {max}: {e}"
        ));
    }
    for spelling in [format!("+{default}"), format!("0{default}")] {
        if O::from_pairs([(key, spelling.as_str())]).is_ok() {
            return Err(format!("`{key}={spelling}` is accepted"));
        }
    }
    Ok(())
}
