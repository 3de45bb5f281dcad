//! The course of lessons: positions from the rule book's sections, each asking the player
//! for a move the engine judges.

use board_kernel::lessons::Course;

/// The course (placeholder: lessons to be written).
pub const COURSE: Course = Course {
    lessons: &[],
    untaught: &[],
};
