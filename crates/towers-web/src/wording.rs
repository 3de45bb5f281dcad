//! Moves and refusals in words: what the move list says of each move played, and why the
//! clicks of a turn in progress were refused, in the rule book's words where the engine
//! names a rule.

use board_kernel::erased::{DynGame, DynState};
use board_kernel::picture::{Picture, Point};
use board_kernel::steps::{Step, StepRole};
use board_kernel::{Side, Status};

/// The name the picture gives the cell at `at` (`d5`), or its coordinates when it has none.
pub(crate) fn cell_name(picture: &Picture, at: Point) -> String {
    picture
        .cells
        .iter()
        .find(|c| c.at == at)
        .map_or_else(|| format!("{},{}", at.col, at.row), |c| c.name.clone())
}

/// A named choice in words (`pass` → "pass", `fill-L` → "refill the home rows from the left…").
pub(crate) fn choice_words(choices: &[&str], index: u8) -> String {
    match choices.get(usize::from(index)).copied() {
        Some("fill-L") => "refill the home rows from the left (the brown corner)".to_owned(),
        Some("fill-R") => "refill the home rows from the right".to_owned(),
        Some(name) => name.to_owned(),
        None => format!("choice {index}"),
    }
}

/// The reason of a refused move's message, without the move (`illegal move `a1-a3`: the path
/// is blocked (§3.2)` → `the path is blocked (§3.2)`): the clicks did not name that move.
fn reason_of(message: &str) -> &str {
    message
        .split_once("`: ")
        .map_or(message, |(_, reason)| reason)
}

/// A message as a sentence: capitalised, with a full stop.
pub(crate) fn sentence(text: &str) -> String {
    let mut out = board_kernel::picture::capitalise(text.trim());
    if !out.ends_with(['.', '!', '?']) {
        out.push('.');
    }
    out
}

/// A move in words, from its steps and the pieces of the picture before and after it:
/// `White: orange tower d1 → d5`, with what it took, a skipped turn, a changed score and the
/// end of the game.
pub(crate) fn move_words(
    game: &dyn DynGame,
    before: &dyn DynState,
    after: &dyn DynState,
    mv: &str,
) -> String {
    let side = before.side_to_move();
    let mut out = format!("{}: ", game.side_name(side));
    let picture = before.picture();
    let piece_at = |p: Point| {
        picture
            .pieces
            .iter()
            .find(|piece| piece.at == p)
            .map(|piece| piece.name.clone())
    };
    let steps = before.move_steps(mv).unwrap_or_default();
    let mut parts: Vec<String> = Vec::new();
    for t in &steps {
        let part = match (t.step, t.role) {
            (Step::Cell(p), StepRole::Select) => match piece_at(p) {
                Some(piece) => format!("{piece} {}", cell_name(&picture, p)),
                None => cell_name(&picture, p),
            },
            (Step::Cell(p), StepRole::Move) => format!("→ {}", cell_name(&picture, p)),
            (Step::Cell(p), StepRole::Capture) => match piece_at(p) {
                Some(piece) => format!("→ {} onto {piece}", cell_name(&picture, p)),
                None => format!("→ {} (capture)", cell_name(&picture, p)),
            },
            (Step::Cell(p), StepRole::Ball) => {
                format!("kicks the ball to {}", cell_name(&picture, p))
            }
            (Step::Cell(p), StepRole::Place) => {
                format!("puts a stone on {}", cell_name(&picture, p))
            }
            (Step::Cell(p), _) => cell_name(&picture, p),
            (Step::Choice(i), _) => choice_words(game.choices(), i),
            (Step::Finish, _) => continue,
        };
        parts.push(part);
    }
    if parts.is_empty() {
        parts.push(mv.to_owned());
    }
    out += &parts
        .join(" ")
        .replace(" kicks", ", kicks")
        .replace(" puts", ", puts");
    if let (Some(old), Some(new)) = (before.scores(), after.scores())
        && old != new
    {
        out += &format!(
            "; score {} {}, {} {}",
            game.side_name(Side::White),
            new.white,
            game.side_name(Side::Black),
            new.black
        );
    }
    match after.status() {
        Status::Finished(result) => {
            out += &match result.winner {
                Some(w) => format!("; {} wins ({})", game.side_name(w), result.reason),
                None => format!("; draw ({})", result.reason),
            };
        }
        Status::Ongoing if after.side_to_move() == side => {
            out += &format!("; {} loses a turn", game.side_name(side.opponent()));
        }
        Status::Ongoing => {}
    }
    out
}

/// Why no legal turn begins with `steps`: the rule the engine names when the clicks read
/// as a move (`d1-d5`: "the path is blocked (§3.2)"), else the step mechanism's words.
pub(crate) fn refusal_words(state: &dyn DynState, steps: &[Step], fallback: &str) -> String {
    if matches!(state.status(), Status::Finished(_)) {
        return "The game is over.".to_owned();
    }
    let picture = state.picture();
    let cells: Vec<String> = steps
        .iter()
        .filter_map(|s| match s {
            Step::Cell(p) => Some(cell_name(&picture, *p)),
            _ => None,
        })
        .collect();
    // The clicks as a move text, in each way the games write moves from cell names.
    let mut reasons: Vec<String> = Vec::new();
    if cells.len() >= 2 {
        for joiner in ["-", "", " ", ">"] {
            let text = cells.join(joiner);
            if let Err(e) = state.clone_box().play(&text) {
                let e = e.to_string();
                if e.contains('§') {
                    return sentence(&format!("not {}: {}", cells.join(" → "), reason_of(&e)));
                }
            }
        }
    }
    // A piece that cannot move: the reason its moves to every other cell are refused,
    // the most common one naming a rule (a paralysed King, a blocked tower).
    if cells.len() == 1 {
        for other in &picture.cells {
            for joiner in ["-", "", ">"] {
                let text = format!("{}{joiner}{}", cells[0], other.name);
                if let Err(e) = state.clone_box().play(&text) {
                    let e = e.to_string();
                    if e.contains('§') {
                        reasons.push(reason_of(&e).to_owned());
                    }
                }
            }
        }
        let mut best: Option<(usize, &String)> = None;
        for r in &reasons {
            let count = reasons.iter().filter(|x| *x == r).count();
            if best.is_none_or(|(n, _)| count > n) {
                best = Some((count, r));
            }
        }
        if let Some((_, reason)) = best {
            return sentence(&format!("not from {}: {reason}", cells[0]));
        }
    }
    let named = cells
        .last()
        .map_or_else(String::new, |c| format!(" on {c}"));
    if steps.len() <= 1 {
        format!("No legal turn starts{named}.")
    } else {
        sentence(&format!("not a legal step{named}: {fallback}"))
    }
}
