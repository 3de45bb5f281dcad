//! How a position looks to people: names, diagrams, pictures and the rule book.

use crate::course::Course;
use crate::picture::{self, Mark, Picture, Point, Rgb, SvgStyle};
use crate::{BySide, Illegal, MoveError, RuleBook, Rules, Section, Side, Status};

/// The presentation of a game: what front ends, the docs generator and the pictures show.
/// Nothing here changes the rules.
pub trait Presentation: Rules {
    /// The rule book's name for a side. The default is the kernel's ([`Side`]'s `Display`:
    /// White and Black); Queens' Courtiers says Red and Blue.
    fn side_name(side: Side) -> &'static str {
        side.name()
    }

    /// A multi-line text diagram of the position for people (no trailing newline needed).
    fn diagram(&self, state: &Self::State) -> String;

    /// The diagram with ANSI colours for a terminal (Kamisado's square colours); the plain
    /// [`Presentation::diagram`] by default. Front ends call it only when colour is wanted.
    fn coloured_diagram(&self, state: &Self::State) -> String {
        self.diagram(state)
    }

    /// The board as the game draws it: cells, pieces and edge labels. [`Render::picture`]
    /// adds the title, the caption and the text alternative every game's picture has. The
    /// default draws the text diagram.
    fn draw(&self, state: &Self::State) -> Picture {
        picture::text_picture(&self.diagram(state))
    }

    /// The cells a move passes through, in order, in the picture's grid: its first cell is
    /// the piece or stack that moves and its last where the move ends (a chain, a kick's ball
    /// path...). Front ends draw it as an arrow. Empty for a move without a place (a pass).
    fn move_path(&self, _state: &Self::State, _mv: &Self::Move) -> Vec<Point> {
        Vec::new()
    }

    /// The move `mv`, legal in `state`, in the rule book's words: which piece goes where and
    /// what the move does on the way (what it captures, which towers a push moves and where
    /// each lands, the ball's path of a kick, a chain segment by segment). Every front end
    /// shows these words (the playground's move list, `towers show`, game records), so that
    /// the game that knows its rules says what a move did rather than each front end guessing
    /// from the cells clicked. No side's name (front ends add it, with the score and the end
    /// of the game). The default is the move's notation, for a game without its own words.
    fn describe_move(&self, _state: &Self::State, mv: &Self::Move) -> String {
        mv.to_string()
    }

    /// What each side has in play of the pieces the other side can capture, with the rule
    /// book's word for them, for games whose pieces are captured (Tower of Power's stones,
    /// Queens' Courtiers' Courtiers); `None` where nothing is ever captured. Front ends show
    /// the captures beside each player as the difference between two positions' counts
    /// ([`Material::captured`]): counting what is in play, rather than keeping a tally in
    /// the state, stays true for a position set up from its text.
    fn material(&self, _state: &Self::State) -> Option<Material> {
        None
    }

    /// The rule book: the rules in the crate's words, with examples the docs generator
    /// renders from engine positions.
    fn rule_book() -> RuleBook;

    /// The game's course of lessons ([`crate::lessons`]): positions from the rule book's
    /// sections, each asking the player for a move the engine judges, together covering
    /// every numbered section of the rule book.
    fn course() -> Course;

    /// The rules the game's refusals name ([`Illegal::Breaks`]'s `rule`: a section of the
    /// implementer's specification, such as `§3.2`), each with the anchor of the rule-book
    /// section that states it, so that what a player is shown cites the rule book he can
    /// open, not the specification. The conformance suite fails a game whose refusals name a
    /// rule missing here.
    const RULE_SECTIONS: &'static [(&'static str, &'static str)] = &[];

    /// How to make a move on a board one clicks, in the rule book's words: which pieces to
    /// click and in what order, what the buttons are for, and how the game is won. The
    /// playground shows it beside the board (saying "tap" instead on a touch screen). The
    /// default says only what every game has in common.
    const HOW_TO_MOVE: &'static str = "Click a piece, then where it goes.";

    /// The game's named choices ([`Steps::CHOICES`](crate::Steps::CHOICES)) that have words
    /// of their own for a player, each with its words: the buttons of a front end and the
    /// steps named in its messages (`fill-L`: "refill the home rows from the left"). A choice
    /// not listed is called by its name (`pass`). The conformance suite fails an entry that
    /// names no choice of the game.
    const CHOICE_WORDS: &'static [(&'static str, &'static str)] = &[];

    /// The words of the named choice `choice`, from [`Presentation::CHOICE_WORDS`]; `None`
    /// for a choice called by its name.
    fn choice_words(choice: &str) -> Option<&'static str> {
        Self::CHOICE_WORDS
            .iter()
            .find(|(name, _)| *name == choice)
            .map(|&(_, words)| words)
    }

    /// The anchor of the rule-book section that states `rule`, from
    /// [`Presentation::RULE_SECTIONS`]; `None` for a rule the game does not map.
    fn rule_section(rule: &str) -> Option<&'static str> {
        Self::RULE_SECTIONS
            .iter()
            .find(|(id, _)| *id == rule)
            .map(|&(_, anchor)| anchor)
    }
}

/// The pieces each side has in play that the other can capture ([`Presentation::material`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Material {
    /// How many each side has in play.
    pub in_play: BySide<u32>,
    /// The rule book's word for one of them ("stone", "Courtier").
    pub noun: &'static str,
    /// The word for more than one ("stones", "Courtiers").
    pub plural: &'static str,
}

impl Material {
    /// What each side has captured between `before` and this position: the other side's
    /// pieces in play then, less those in play now (none where the count grew, as after a
    /// position was set up anew).
    ///
    /// ```
    /// use board_kernel::{BySide, Material};
    /// let start = Material { in_play: BySide::new(12, 12), noun: "stone", plural: "stones" };
    /// let now = Material { in_play: BySide::new(11, 9), ..start };
    /// // White has taken three Black stones, Black one White stone.
    /// assert_eq!(now.captured(&start), BySide::new(3, 1));
    /// assert_eq!(start.captured(&now), BySide::new(0, 0));
    /// ```
    #[must_use]
    pub fn captured(&self, before: &Material) -> BySide<u32> {
        BySide::from_fn(|side| {
            let other = side.opponent();
            before.in_play[other].saturating_sub(self.in_play[other])
        })
    }

    /// `count` of these pieces in words: "1 stone", "3 stones".
    #[must_use]
    pub fn count_words(&self, count: u32) -> String {
        format!(
            "{count} {}",
            if count == 1 { self.noun } else { self.plural }
        )
    }
}

/// The rule-book section that states `rule` (a refusal's rule), when the game maps it to a
/// section its rule book has ([`Presentation::rule_section`]).
#[must_use]
pub fn cite<G: Presentation>(rule: &str) -> Option<Section> {
    G::rule_book().section(G::rule_section(rule)?)
}

/// What a turn must go on with (a game's [`Steps::turn_prompt`](crate::Steps::turn_prompt)),
/// from the refusal of anything else, citing the rule book's section by number only:
/// `the yellow tower must move (rule 1.2)`. The help line it fills keeps to two lines on a
/// phone, so that the board under it does not move when it changes.
#[must_use]
pub fn prompt_text<G: Presentation>(illegal: &Illegal) -> String {
    match illegal {
        Illegal::Breaks { rule, reason } => match cite::<G>(rule) {
            Some(section) => format!("{reason} (rule {})", section.number),
            None => illegal.to_string(),
        },
        Illegal::GameOver => illegal.to_string(),
    }
}

/// A refusal in words for a player, citing the rule book's section:
/// `the yellow tower must move (rule 1.2, Which tower moves)`. A rule without a section of the
/// rule book is named as the refusal names it (`§4.2`).
#[must_use]
pub fn refusal_text<G: Presentation>(illegal: &Illegal) -> String {
    match illegal {
        Illegal::Breaks { rule, reason } => match cite::<G>(rule) {
            Some(section) => format!("{reason} ({})", section.citation()),
            None => illegal.to_string(),
        },
        Illegal::GameOver => illegal.to_string(),
    }
}

/// A move text the engine would not play, in words for a player: a refusal cites the rule
/// book's section as [`refusal_text`] does (``illegal move `d1-d8`: d8 is occupied (rule 1.1,
/// How a tower moves)``), an unreadable text says what is wrong with it as
/// [`MoveError`]'s `Display` does. Every front end words a refused move with it (the CLI, the
/// Python package, the server, the playground), so none shows the specification's `§3.1`.
///
/// ```
/// use board_kernel::prelude::*;
/// use board_kernel::testing::Nim;
/// let game = Nim::default();
/// let mut state = game.initial_state();
/// let err = game.play_text(&mut state, "4").unwrap_err();
/// assert_eq!(err.to_string(), "illegal move `4`: take between 1 and 3 stones (§1)");
/// assert_eq!(
///     board_kernel::move_error_text::<Nim>(&err),
///     "illegal move `4`: take between 1 and 3 stones (rule 1, Taking stones)"
/// );
/// // An unreadable text stays as it was.
/// let err = game.play_text(&mut state, "x").unwrap_err();
/// assert_eq!(board_kernel::move_error_text::<Nim>(&err), err.to_string());
/// ```
#[must_use]
pub fn move_error_text<G: Presentation>(error: &MoveError) -> String {
    match error {
        MoveError::Illegal { mv, illegal } => {
            format!("illegal move `{mv}`: {}", refusal_text::<G>(illegal))
        }
        MoveError::Parse(_) => error.to_string(),
    }
}

/// One line for people: whose turn it is or how the game ended, with the scores where the
/// game keeps them (`White to move; score White 0, Black 1`, `game over: Black wins (home
/// row); score White 0, Black 1`). Shared by the CLI, the generated docs and the pictures.
pub fn describe_status<G: Presentation>(game: &G, state: &G::State) -> String {
    let name = |side: Side| G::side_name(side);
    let mut line = match game.status(state) {
        Status::Ongoing => format!("{} to move", name(game.side_to_move(state))),
        Status::Finished(result) => match result.winner {
            Some(side) => format!("game over: {} wins ({})", name(side), result.reason),
            None => format!("game over: draw ({})", result.reason),
        },
    };
    if let Some(scores) = game.scores(state) {
        line += &format!(
            "; score {} {}, {} {}",
            name(Side::White),
            scores.white,
            name(Side::Black),
            scores.black
        );
    }
    line
}

/// The pictures every game has through its [`Presentation`], written once: a blanket
/// implementation covers every game, so the title, caption and text alternative are the same
/// everywhere.
///
/// ```
/// use board_kernel::prelude::*;
/// use board_kernel::testing::Nim;
/// let game = Nim::default();
/// let picture = game.picture(&game.initial_state());
/// assert_eq!(picture.title, "Nim: White to move");
/// assert_eq!(picture.caption, "White to move");
/// assert!(game.svg(&game.initial_state(), &[], &Default::default()).contains("<title>Nim"));
/// ```
pub trait Render: Presentation {
    /// The position as a complete [`Picture`]: the game's drawing ([`Presentation::draw`])
    /// with a title, a caption saying whose turn it is or how the game ended with the score
    /// ([`describe_status`]), and the position text as text alternative.
    fn picture(&self, state: &Self::State) -> Picture {
        picture(self, state)
    }

    /// The picture as a standalone SVG document with `marks` over the board; see [`svg`].
    fn svg(&self, state: &Self::State, marks: &[Mark], style: &SvgStyle) -> String {
        svg(self, state, marks, style)
    }
}

impl<G: Presentation> Render for G {}

/// The complete picture of `state`: see [`Render::picture`].
fn picture<G: Presentation>(game: &G, state: &G::State) -> Picture {
    let mut picture = game.draw(state);
    let status = describe_status(game, state);
    picture.title = format!("{}: {status}", G::TITLE);
    picture.caption = picture::capitalise(&status);
    // A text picture's description is its diagram; a drawn one starts with the position.
    if !picture.cells.is_empty() {
        let position = format!("Position {state}");
        picture.description = if picture.description.is_empty() {
            position
        } else {
            format!("{position}. {}", picture.description)
        };
    }
    picture
}

/// Everything a front end shows of a position as one SVG: [`Render::picture`] with `marks`
/// over the board.
pub fn svg<G: Presentation>(
    game: &G,
    state: &G::State,
    marks: &[Mark],
    style: &SvgStyle,
) -> String {
    let mut picture = picture(game, state);
    picture.marks.extend_from_slice(marks);
    picture.to_svg(style)
}

/// The marks of a move played from `before`: its path as an arrow over the board, and its
/// first and last cells highlighted. Empty for moves without a path (a pass).
pub fn move_marks<G: Presentation>(game: &G, before: &G::State, mv: &G::Move) -> Vec<Mark> {
    let points = game.move_path(before, mv);
    let mut marks = Vec::new();
    if let (Some(first), Some(last)) = (points.first(), points.last()) {
        marks.push(Mark::Highlight {
            at: *first,
            colour: Rgb::HIGHLIGHT,
        });
        if last != first {
            marks.push(Mark::Highlight {
                at: *last,
                colour: Rgb::HIGHLIGHT,
            });
        }
        if points.len() > 1 {
            marks.push(Mark::Path {
                points,
                colour: Rgb::PATH,
            });
        }
    }
    marks
}
