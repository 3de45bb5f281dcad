//! What the page reads: the games list, a game's side panel, a turn in progress and a board
//! to draw, each one JSON text with the fields the page's scripts name.

use board_kernel::Side;
use board_kernel::erased::{DynGame, DynState};
use board_kernel::picture::SvgStyle;
use board_kernel::steps::{Step, TurnStep};
use serde::Serialize;
use tower_games::registry;
use wasm_bindgen::prelude::*;

use crate::steps::{role_text, step_text};
use crate::wording::{RuleView, cell_name, choice_words};

/// `value` as JSON, or `fallback` (`{}`, `[]`): the page always gets something it can parse.
pub(crate) fn to_json(value: &impl Serialize, fallback: &str) -> String {
    serde_json::to_string(value).unwrap_or_else(|_| fallback.to_owned())
}

/// One option of a game, for the new-game form.
#[derive(Serialize)]
struct OptionView {
    key: &'static str,
    values: &'static str,
    default: String,
    meaning: &'static str,
}

/// A registered game, for the game list.
#[derive(Serialize)]
struct GameView {
    name: &'static str,
    title: &'static str,
    sides: [&'static str; 2],
    choices: &'static [&'static str],
    /// How to move by clicks, in the game's words ([`DynGame::how_to_move`]); the page says
    /// "tap" instead on a touch screen.
    how_to: &'static str,
    options: Vec<OptionView>,
}

/// Every registered game with its sides, named choices, how to move and options, as JSON:
/// `[{name, title, sides: [first, second], choices, how_to, options: [{key, values, default,
/// meaning}]}]`.
#[wasm_bindgen]
#[must_use]
pub fn games() -> String {
    let list: Vec<GameView> = registry::all()
        .iter()
        .map(|g| GameView {
            name: g.name(),
            title: g.title(),
            sides: [g.side_name(Side::White), g.side_name(Side::Black)],
            choices: g.choices(),
            how_to: g.how_to_move(),
            options: g
                .option_info()
                .iter()
                .map(|o| OptionView {
                    key: o.key,
                    values: o.values,
                    default: o.default.clone(),
                    meaning: o.meaning,
                })
                .collect(),
        })
        .collect();
    to_json(&list, "[]")
}

/// A step offered or made, for the page: the step's text, its role and what it names (the
/// cell's name or the choice's words).
#[derive(Serialize)]
pub(crate) struct StepView {
    step: String,
    role: &'static str,
    name: String,
}

/// The views of `steps` in `state`: what the page marks, and says, for each.
pub(crate) fn step_views(
    game: &dyn DynGame,
    state: &dyn DynState,
    steps: &[TurnStep],
) -> Vec<StepView> {
    steps
        .iter()
        .map(|t| StepView {
            step: step_text(t.step),
            role: role_text(t.role),
            name: match t.step {
                Step::Cell(p) => cell_name(&state.picture(), p),
                Step::Choice(i) => choice_words(game, i),
                Step::Finish => "end the turn here".to_owned(),
            },
        })
        .collect()
}

/// A move played, for the move list.
#[derive(Clone, Serialize)]
pub(crate) struct PlayedView {
    /// The move in the game's notation.
    pub(crate) text: String,
    /// The move in words.
    pub(crate) words: String,
    /// Who made it: 0 the first seat, 1 the second.
    pub(crate) side: u8,
}

/// What the page shows beside the board.
#[derive(Serialize)]
pub(crate) struct StateView {
    pub(crate) game: String,
    pub(crate) title: &'static str,
    pub(crate) sides: [&'static str; 2],
    pub(crate) options: Vec<(String, String)>,
    pub(crate) start: String,
    pub(crate) position: String,
    pub(crate) status: String,
    pub(crate) finished: bool,
    pub(crate) winner: Option<&'static str>,
    pub(crate) to_move: &'static str,
    pub(crate) to_move_index: u8,
    pub(crate) scores: Option<[i64; 2]>,
    pub(crate) captures: Option<CapturesView>,
    pub(crate) played: Vec<PlayedView>,
}

/// What each side has captured since the session's start, for the player panels of games
/// whose pieces are captured.
#[derive(Serialize)]
pub(crate) struct CapturesView {
    /// The other side's pieces each side has captured: the first seat's, then the second's.
    pub(crate) taken: [u32; 2],
    /// Each side's pieces in play now.
    pub(crate) in_play: [u32; 2],
    /// For each side, its captures in a sentence ("White has captured 1 Black stone; Black
    /// has 3 stones in play.").
    pub(crate) words: [String; 2],
}

/// Where a turn in progress stands, for the page.
#[derive(Serialize)]
pub(crate) struct TurnView {
    /// The steps that may come next (empty once the turn is whole, or when refused).
    pub(crate) next: Vec<StepView>,
    /// The whole move the steps make, when they make one.
    pub(crate) complete: Option<String>,
    /// Why the steps were refused, in the rule book's words where the engine names a rule.
    pub(crate) refused: Option<String>,
    /// The rule-book section `refused` cites, for a link to it.
    pub(crate) rule: Option<RuleView>,
    /// What the turn must go on with, as a sentence, where the game says it (the step
    /// mechanism's state: a tower that must move on, a stone to put back, a forced pass).
    pub(crate) prompt: Option<String>,
}

/// A board to draw: the SVG (the cells and pieces, no marks: the page draws its own), the
/// legend lines and the caption under it, and each piece's name by cell.
#[derive(Serialize)]
struct BoardView {
    svg: String,
    caption: String,
    legend: Vec<(String, String)>,
    pieces: Vec<([u8; 2], String)>,
    cells: Vec<([u8; 2], String)>,
}

/// The board of `state` as [`BoardView`] JSON, turned half round when `flipped`.
pub(crate) fn board_json(state: &dyn DynState, flipped: bool) -> String {
    let style = SvgStyle {
        flipped,
        ..SvgStyle::default()
    };
    let picture = state.picture();
    let view = BoardView {
        svg: state.svg(&[], &style),
        caption: board_kernel::picture::capitalise(&state.describe_status()),
        legend: picture
            .legend
            .iter()
            .map(|(colour, text)| (colour.to_string(), text.clone()))
            .collect(),
        pieces: picture
            .pieces
            .iter()
            .map(|p| ([p.at.col, p.at.row], p.name.clone()))
            .collect(),
        cells: picture
            .cells
            .iter()
            .map(|c| ([c.at.col, c.at.row], c.name.clone()))
            .collect(),
    };
    to_json(&view, "{}")
}
