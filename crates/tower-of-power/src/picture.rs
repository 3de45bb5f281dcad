//! The position as a picture (§2): the 8×8 board, each stack drawn as tiers of its stones'
//! colours, bottom first, with its height written beside it.

use board_kernel::picture::{Cell, Picture, Piece, PieceKind, Point, Rgb};
use board_kernel::{Side, Square};

use crate::{Move, State};

const fn stone(side: Side) -> Rgb {
    match side {
        Side::White => Rgb::WHITE,
        Side::Black => Rgb::BLACK,
    }
}

/// The picture of `state`.
pub(crate) fn picture(state: &State) -> Picture {
    let mut picture = Picture::board(8, 8);
    for rank in 0..8 {
        for file in 0..8 {
            let sq = Square::at(file, rank);
            let fill = if (file + rank) % 2 == 0 {
                Rgb::DARK
            } else {
                Rgb::LIGHT
            };
            picture.cells.push(Cell::square(sq, fill, None));
            let tower = state.board().tower(sq);
            if tower.is_empty() {
                continue;
            }
            let top = if tower.top() == Some(Side::White) {
                "White"
            } else {
                "Black"
            };
            picture.pieces.push(Piece {
                at: Point::of(sq),
                kind: PieceKind::Stack {
                    stones: tower.stones().map(stone).collect(),
                },
                name: if tower.height() == 1 {
                    format!("a {top} stone")
                } else {
                    format!("a stack of {} ({tower}, {top} on top)", tower.height())
                },
            });
        }
    }
    let (white, black) = (
        state.board().material(Side::White),
        state.board().material(Side::Black),
    );
    let stones = |n: usize| {
        if n == 1 {
            "1 stone".to_owned()
        } else {
            format!("{n} stones")
        }
    };
    picture.legend = vec![
        (Rgb::WHITE, format!("White: {}", stones(white))),
        (Rgb::BLACK, format!("Black: {}", stones(black))),
    ];
    picture
}

/// The squares a move passes through: a row's far end, its base and the last square dealt
/// to; a step's two squares.
pub(crate) fn move_path(mv: &Move) -> Vec<Point> {
    match *mv {
        Move::Row { far, base, end } => vec![Point::of(far), Point::of(base), Point::of(end)],
        Move::Step { from, to } => vec![Point::of(from), Point::of(to)],
    }
}
