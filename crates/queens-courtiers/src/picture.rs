//! The position as a picture (§2): the 15×15 board with the Court (the central 9×9) shaded
//! apart from the Course, the missing centre square crossed out, the marked points dotted,
//! and the pieces told apart by shape and letter as well as colour: a King is a crown with
//! `K`, a Queen a diamond with `Q`, a Courtier a disc with `C`, a united King and Queen a
//! crown with `KQ`; Red's are red, Blue's blue.

use board_kernel::picture::{Cell, Mark, Outline, Pattern, Picture, Piece, PieceKind, Point, Rgb};
use board_kernel::{Side, Square};

use crate::board::{CENTRE, SIZE, exists, in_court};
use crate::pieces::{Piece as QcPiece, side_name};
use crate::{Move, RoyalSet, State};

const RED: Rgb = Rgb(0xc6, 0x28, 0x28);
const BLUE: Rgb = Rgb(0x1e, 0x5a, 0xb4);
const COURT: Rgb = Rgb(0xf3, 0xe6, 0xc4);
const COURSE: Rgb = Rgb(0xd8, 0xc3, 0x96);
/// The outline of a checked (paralysed) Royal: apart from both sides' colours and the path.
const CHECKED: Rgb = Rgb(0x8e, 0x24, 0xaa);
/// The decorative points that outline the Court (§2.2).
const MARKED: [&str; 8] = ["d4", "h4", "l4", "d8", "l8", "d12", "h12", "l12"];

/// The picture of `state`, with the game's check rule to name the paralysed Royals.
pub(crate) fn picture(state: &State, checked: RoyalSet) -> Picture {
    let mut picture = Picture::board(SIZE, SIZE);
    for rank in 0..SIZE {
        for file in 0..SIZE {
            let sq = Square::at(file, rank);
            if sq == CENTRE {
                let hole = Cell::square(sq, Rgb(0x6d, 0x5c, 0x4b), Some(Pattern::Cross));
                picture.cells.push(hole);
                continue;
            }
            if !exists(sq) {
                continue;
            }
            let marked = MARKED.iter().any(|m| *m == sq.to_string());
            let fill = if in_court(sq) { COURT } else { COURSE };
            picture
                .cells
                .push(Cell::square(sq, fill, marked.then_some(Pattern::Dot)));
            let Some((side, piece)) = state.board().piece_at(sq) else {
                continue;
            };
            let (shape, letter) = match piece {
                QcPiece::King => (Outline::Crown, "K"),
                QcPiece::Queen => (Outline::Diamond, "Q"),
                QcPiece::Courtier => (Outline::Circle, "C"),
                QcPiece::United => (Outline::Crown, "KQ"),
            };
            let fill = if side == Side::White { RED } else { BLUE };
            let paralysed = piece.is_royal()
                && crate::Royal::ALL
                    .into_iter()
                    .any(|r| r.side == side && checked.contains(r) && state.board().royal(r) == sq);
            if paralysed {
                picture.marks.push(Mark::Highlight {
                    at: Point::of(sq),
                    colour: CHECKED,
                });
            }
            picture.pieces.push(Piece {
                at: Point::of(sq),
                kind: PieceKind::Token {
                    shape,
                    fill,
                    stroke: Rgb::BLACK,
                    letter: Some(letter.to_owned()),
                },
                name: format!(
                    "{} {piece}{}",
                    side_name(side),
                    if paralysed { " (checked)" } else { "" }
                ),
            });
        }
    }
    picture.legend = vec![
        (RED, "Red pieces".to_owned()),
        (BLUE, "Blue pieces".to_owned()),
        (COURT, "Court".to_owned()),
        (COURSE, "Course".to_owned()),
        (CHECKED, "checked Royal (outlined)".to_owned()),
    ];
    picture
}

/// The squares a move passes through: from, (via,) to; nothing for a pass.
pub(crate) fn move_path(mv: &Move) -> Vec<Point> {
    match *mv {
        Move::Pass => Vec::new(),
        Move::Single { from, to, .. } => vec![Point::of(from), Point::of(to)],
        Move::Double { from, via, to, .. } => vec![Point::of(from), Point::of(via), Point::of(to)],
    }
}
