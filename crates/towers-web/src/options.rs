//! A game's options as the page writes them: a JSON object `{"key": "value", …}`, where the
//! registry and records take `KEY=VALUE` pairs.

/// `KEY=VALUE` pairs from a JSON object `{"key": "value", …}` (empty text: none). A value
/// that is not a string counts by its JSON text, so `{"rounds": 3}` reads as `rounds=3`.
pub(crate) fn option_pairs(options_json: &str) -> Result<Vec<(String, String)>, String> {
    if options_json.trim().is_empty() {
        return Ok(Vec::new());
    }
    let map: serde_json::Map<String, serde_json::Value> =
        serde_json::from_str(options_json).map_err(|e| format!("options: {e}"))?;
    Ok(map
        .into_iter()
        .map(|(k, v)| {
            let value = match v {
                serde_json::Value::String(s) => s,
                other => other.to_string(),
            };
            (k, value)
        })
        .collect())
}

/// The JSON object [`option_pairs`] reads back.
pub(crate) fn options_json(pairs: &[(String, String)]) -> String {
    let map: serde_json::Map<String, serde_json::Value> = pairs
        .iter()
        .map(|(k, v)| (k.clone(), serde_json::Value::String(v.clone())))
        .collect();
    serde_json::Value::Object(map).to_string()
}
