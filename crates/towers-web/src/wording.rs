//! Moves and refusals in words: what the move list says of each move played (the game's own
//! description with the side, score and end of the game around it), and why the
//! clicks of a turn in progress were refused, in the words of the step mechanism's refusal
//! (the game's reason, naming the rule), never guessed from the clicks.

use board_kernel::erased::{DynGame, DynState};
use board_kernel::picture::{Picture, Point};
use board_kernel::steps::{Step, StepError};
use board_kernel::{MoveError, Section, Side, Status};
use serde::Serialize;

/// The name the picture gives the cell at `at` (`d5`), or its coordinates when it has none.
pub(crate) fn cell_name(picture: &Picture, at: Point) -> String {
    picture
        .cells
        .iter()
        .find(|c| c.at == at)
        .map_or_else(|| format!("{},{}", at.col, at.row), |c| c.name.clone())
}

/// The named choice `index` of `game` in words, as the game says it
/// ([`DynGame::choice_words`]: Kamisado's `fill-L` is "refill the home rows from the left…",
/// a pass is `pass`).
pub(crate) fn choice_words(game: &dyn DynGame, index: u8) -> String {
    game.choice_words(index)
        .map_or_else(|| format!("choice {index}"), str::to_owned)
}

/// A message as a sentence: capitalised, with a full stop.
pub(crate) fn sentence(text: &str) -> String {
    let mut out = board_kernel::picture::capitalise(text.trim());
    if !out.ends_with(['.', '!', '?']) {
        out.push('.');
    }
    out
}

/// A move in words: the side's name, then the game's own description of the move
/// ([`DynState::describe_move`]: what it captured, pushed, kicked or chained, in the rule
/// book's words), then what every game has alike: a changed score, the end of the game and
/// a turn the opponent loses.
pub(crate) fn move_words(
    game: &dyn DynGame,
    before: &dyn DynState,
    after: &dyn DynState,
    mv: &str,
) -> String {
    let side = before.side_to_move();
    let mut out = format!("{}: ", game.side_name(side));
    // A move just played is legal, so the description exists; the notation stands in if not.
    out += &before.describe_move(mv).unwrap_or_else(|_| mv.to_owned());
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

/// Why the step mechanism refused `steps` in `state`, for the player: the game's reason
/// ([`StepError::NotLegal`]'s `why`, in the rule book's words, citing the rule book's numbered
/// section: "(rule 2.1, The Sumo push)"; [`refusal_rule`] gives it for a link), else which
/// click no legal turn goes on with. When the turn at that point is made with a button only
/// (a forced pass, a refill side), the sentence ends by naming the button.
pub(crate) fn refusal_words(
    game: &dyn DynGame,
    state: &dyn DynState,
    steps: &[Step],
    error: &StepError,
) -> String {
    let StepError::NotLegal { index, step, why } = error else {
        return "The game is over.".to_owned();
    };
    let picture = state.picture();
    let name = |step: Step| match step {
        Step::Cell(p) => cell_name(&picture, p),
        Step::Choice(i) => choice_words(game, i),
        Step::Finish => "the end of the turn".to_owned(),
    };
    let made = &steps[..index.saturating_sub(1).min(steps.len())];
    let mut out = match why {
        Some(why) => sentence(&game.refusal_text(why)),
        None if made.is_empty() => format!("No legal turn starts with {}.", name(*step)),
        None => sentence(&format!(
            "no legal turn goes on with {} after {}",
            name(*step),
            made.iter()
                .map(|&s| name(s))
                .collect::<Vec<_>>()
                .join(" → ")
        )),
    };
    // The buttons the turn may go on with, when it has no click on the board.
    if let Ok(here) = state.next_steps(made)
        && !here.next.is_empty()
        && here.next.iter().all(|t| !matches!(t.step, Step::Cell(_)))
    {
        let buttons: Vec<String> = here
            .next
            .iter()
            .map(|t| board_kernel::picture::capitalise(&name(t.step)))
            .collect();
        out += &match buttons.as_slice() {
            [one] => format!(" Press {one}."),
            _ => " Press a button above the board.".to_owned(),
        };
    }
    out
}

/// The rule-book section the refusal `error` cites, for the page to link the citation of
/// [`refusal_words`] to the rule book at that section: `None` when the refusal names no rule
/// or one the rule book has no section for.
pub(crate) fn refusal_rule(game: &dyn DynGame, error: &StepError) -> Option<RuleView> {
    Some(RuleView::from(game.rule_citation(error.why()?.rule()?)?))
}

/// A move the engine would not play, for the player, as a sentence: the kernel's wording
/// every front end shares ([`DynGame::move_error_text`]): a refusal cites the rule book's
/// section as [`refusal_words`] does, an unreadable text says what is wrong with it.
pub(crate) fn move_error_words(game: &dyn DynGame, error: &MoveError) -> String {
    sentence(&game.move_error_text(error))
}

/// A section of the game's rule book that a refusal cites: the page links `citation`, where
/// the refusal's words quote it, to `rules/<game>.html#<anchor>`.
#[derive(Serialize, Debug, PartialEq, Eq)]
pub(crate) struct RuleView {
    /// The section's number (`2.1`).
    pub(crate) number: String,
    /// Its heading's words.
    pub(crate) title: String,
    /// The anchor of its heading in the rule book's page.
    pub(crate) anchor: String,
    /// The citation as the refusal's words write it (`rule 2.1, The Sumo push`).
    pub(crate) citation: String,
}

impl From<Section> for RuleView {
    fn from(section: Section) -> RuleView {
        RuleView {
            citation: section.citation(),
            number: section.number,
            title: section.title,
            anchor: section.anchor,
        }
    }
}
