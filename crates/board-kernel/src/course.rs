//! A game's course of lessons as data: what [`crate::Presentation::course`] gives. Judging a
//! move and checking a course, which need the whole game contract, are in
//! [`crate::lessons`], which re-exports these types; kept apart so that the contract's
//! presentation can name a course without the contract depending on itself.

use crate::Setup;

/// What a lesson asks for, checked by the engine.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Goal {
    /// One of these moves (the game's notation; each legal in the lesson's position). Any
    /// other notation of the same move counts as well: moves are compared, not texts.
    Moves(&'static [&'static str]),
    /// Any move that ends the game with a win for the side that plays it.
    Win,
}

/// One lesson: a position, a task, and what the player is told.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Lesson {
    /// A short title ("The Sumo push").
    pub title: &'static str,
    /// The anchors of the rule-book sections the lesson teaches, the main one first: the
    /// lesson panel links to them.
    pub sections: &'static [&'static str],
    /// The position the lesson starts from (options, position text, moves played). The side
    /// to move is the player's.
    pub setup: Setup,
    /// What the player is asked to do, in the rule book's terms, one or two sentences.
    pub task: &'static str,
    /// What solves the task.
    pub goal: Goal,
    /// Said when a legal move misses the task: what the task needs that the move did not do.
    pub miss: &'static str,
    /// Said when the task is solved: why the move is the answer, in the rule book's terms.
    pub success: &'static str,
}

impl Lesson {
    /// Whether the task shows, in backticks, the very position text the lesson starts from:
    /// what a lesson that teaches reading the position text must do, so that the player can
    /// read off it what the board does not show (a counter, a target).
    ///
    /// ```
    /// use board_kernel::Setup;
    /// use board_kernel::lessons::{Goal, Lesson};
    /// let lesson = Lesson {
    ///     title: "Reading the position text",
    ///     sections: &["position-text"],
    ///     setup: Setup::position("4 w"),
    ///     task: "The position is `4 w`: take the last stone.",
    ///     goal: Goal::Win,
    ///     miss: "",
    ///     success: "",
    /// };
    /// assert!(lesson.quotes_its_position());
    /// assert!(!Lesson { task: "Take the last stone.", ..lesson }.quotes_its_position());
    /// ```
    #[must_use]
    pub fn quotes_its_position(&self) -> bool {
        self.setup
            .position
            .is_some_and(|text| self.task.contains(&format!("`{text}`")))
    }
}

/// A game's course: its lessons in teaching order, and the rule-book sections no lesson
/// teaches, each with the reason.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Course {
    /// The lessons, easiest first.
    pub lessons: &'static [Lesson],
    /// `(anchor, reason)`: sections that are not taught by a move (a file format, an index of
    /// examples), so that a section left out is a decision the tests see, not an oversight.
    pub untaught: &'static [(&'static str, &'static str)],
}

impl Course {
    /// The lesson titled `title` (titles are unique in a course: `check_course`).
    #[must_use]
    pub fn lesson(&self, title: &str) -> Option<&'static Lesson> {
        self.lessons.iter().find(|lesson| lesson.title == title)
    }
}

/// How a lesson judged a legal move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The move solves the task.
    Solved,
    /// The move is legal but misses the task.
    Missed,
}
