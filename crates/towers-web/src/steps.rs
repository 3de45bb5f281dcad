//! The steps of a turn as the page writes them: short texts it keeps in a JSON array and
//! puts on the board's cells (`data-at`), so that a click names its step without a lookup.

use board_kernel::picture::Point;
use board_kernel::steps::{Step, StepRole};

/// The most steps a turn in progress may have: far beyond any game's longest turn (a Chain
/// Reaction chain of the most segments with its re-placement), so that a hostile list is
/// refused before anything is computed from it.
pub const MAX_STEPS: usize = 64;

/// A step as the page writes it: `"col,row"` for a cell, `"choice:i"` for a named choice,
/// `"finish"` to end a turn that could go on.
pub(crate) fn step_text(step: Step) -> String {
    match step {
        Step::Cell(p) => format!("{},{}", p.col, p.row),
        Step::Choice(i) => format!("choice:{i}"),
        Step::Finish => "finish".to_owned(),
    }
}

/// Reads a step written by [`step_text`].
fn parse_step(text: &str) -> Result<Step, String> {
    if text == "finish" {
        return Ok(Step::Finish);
    }
    if let Some(index) = text.strip_prefix("choice:") {
        return index
            .parse()
            .map(Step::Choice)
            .map_err(|_| format!("step `{text}`: not a choice number"));
    }
    let (col, row) = text
        .split_once(',')
        .ok_or_else(|| format!("step `{text}`: not `col,row`, `choice:N` or `finish`"))?;
    match (col.parse(), row.parse()) {
        (Ok(col), Ok(row)) => Ok(Step::Cell(Point::new(col, row))),
        _ => Err(format!("step `{text}`: not `col,row`")),
    }
}

/// The steps of a JSON array of step texts (`[]` or empty text: none).
pub(crate) fn parse_steps(steps_json: &str) -> Result<Vec<Step>, String> {
    if steps_json.trim().is_empty() {
        return Ok(Vec::new());
    }
    let texts: Vec<String> = serde_json::from_str(steps_json).map_err(|e| format!("steps: {e}"))?;
    if texts.len() > MAX_STEPS {
        return Err(format!("steps: more than {MAX_STEPS}"));
    }
    texts.iter().map(|t| parse_step(t)).collect()
}

/// What a step does, as the page's marks and classes name it (`target-capture`).
pub(crate) fn role_text(role: StepRole) -> &'static str {
    match role {
        StepRole::Select => "select",
        StepRole::Move => "move",
        StepRole::Capture => "capture",
        StepRole::Ball => "ball",
        StepRole::Place => "place",
        StepRole::Choice => "choice",
        StepRole::Finish => "finish",
    }
}
