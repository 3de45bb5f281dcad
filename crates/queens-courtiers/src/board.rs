//! The board: 15×15 cells without the centre square `h8`, split into the Court (the central
//! 9×9) and the Course (the three-wide outer ring), and where the pieces stand.
//!
//! ```
//! use board_kernel::Square;
//! use queens_courtiers::board::{COURT, exists, CENTRE};
//! let d4: Square = "d4".parse().unwrap();
//! assert!(COURT.contains(d4) && exists(d4));
//! assert!(!exists(CENTRE));
//! ```

use board_kernel::{Shape, Square, SquareSet, Zone};

/// Files and ranks of the board.
pub const SIZE: u8 = 15;

/// `h8`: it does not exist, no piece may stand on it, and by default it breaks Queen lines.
pub const CENTRE: Square = Square::at(7, 7);

/// The 224 usable cells (kernel coordinates: file 0 = `a`, rank 0 = `1`).
pub const BOARD: Shape = Shape::rectangle(SIZE, SIZE).without(CENTRE);

/// Whether `sq` is a usable cell: inside 15×15 and not the centre.
#[inline]
#[must_use]
pub const fn exists(sq: Square) -> bool {
    sq.file() < SIZE && sq.rank() < SIZE && !(sq.file() == 7 && sq.rank() == 7)
}

/// Whether `sq` lies in the Court (files `d`–`l`, ranks 4–12), where every Courtier can be
/// captured and from where no double move starts.
#[inline]
#[must_use]
pub const fn in_court(sq: Square) -> bool {
    sq.file() >= 3 && sq.file() <= 11 && sq.rank() >= 3 && sq.rank() <= 11 && exists(sq)
}

/// Whether `sq` lies in the Course: every usable cell outside the Court.
#[inline]
#[must_use]
pub const fn in_course(sq: Square) -> bool {
    exists(sq) && !in_court(sq)
}

const fn cells_where(court: bool) -> SquareSet {
    let mut set = SquareSet::EMPTY;
    let mut i = 0;
    while i < 256 {
        let sq = Square::at((i % 16) as u8, (i / 16) as u8);
        if exists(sq) && in_court(sq) == court {
            set = set.with(sq);
        }
        i += 1;
    }
    set
}

/// The Court: the central 9×9 minus `h8` (80 cells).
pub const COURT: Zone = Zone {
    name: "Court",
    cells: cells_where(true),
};

/// The Course: the outer ring three cells wide (144 cells).
pub const COURSE: Zone = Zone {
    name: "Course",
    cells: cells_where(false),
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn zones_have_the_spec_sizes() {
        assert_eq!(BOARD.len(), 224);
        assert_eq!(COURT.cells.len(), 80);
        assert_eq!(COURSE.cells.len(), 144);
        assert!(!COURT.contains(CENTRE) && !COURSE.contains(CENTRE));
        for text in ["d4", "l12", "d12", "l4", "h12"] {
            assert!(in_court(text.parse().unwrap()), "{text}");
        }
        for text in ["c4", "m12", "d3", "l13", "a1", "o15", "h1"] {
            assert!(in_course(text.parse().unwrap()), "{text}");
        }
        assert!(!exists("p1".parse().unwrap()) && !exists("a16".parse().unwrap()));
    }
}
