//! The position as a picture (§2): the 64 coloured squares in the physical board's colours,
//! each tower a disc of its colour inside a rim of its owner's colour, with one tooth per Sumo
//! rank, and the required colour named under the board.

use board_kernel::picture::{Cell, Mark, Picture, PieceKind, Point, Rgb};
use board_kernel::{Side, Square};

use crate::board::colour_name;
use crate::board::{board_colour, cell, on_board};
use crate::turn::push_column;
use crate::{Colour, Move, Phase, State};

/// The colours of the physical board and towers.
#[must_use]
pub const fn rgb(colour: Colour) -> Rgb {
    match colour {
        Colour::Orange => Rgb(0xe8, 0x76, 0x2b),
        Colour::Blue => Rgb(0x1f, 0x5f, 0xa8),
        Colour::Purple => Rgb(0x6b, 0x3f, 0xa0),
        Colour::Pink => Rgb(0xe8, 0x7f, 0xb0),
        Colour::Yellow => Rgb(0xf2, 0xcf, 0x2e),
        Colour::Red => Rgb(0xc8, 0x20, 0x2f),
        Colour::Green => Rgb(0x2e, 0x8b, 0x3e),
        Colour::Brown => Rgb(0x7a, 0x4a, 0x25),
    }
}

const fn rim(owner: Side) -> Rgb {
    match owner {
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
            picture
                .cells
                .push(Cell::square(sq, rgb(board_colour(sq)), None));
        }
    }
    for (sq, t) in state.towers() {
        let sumo = match t.rank {
            0 => "",
            1 => "Sumo ",
            2 => "Double Sumo ",
            _ => "Triple Sumo ",
        };
        let owner = if t.owner == Side::White {
            "White"
        } else {
            "Black"
        };
        picture.pieces.push(board_kernel::picture::Piece {
            at: Point::of(sq),
            kind: PieceKind::Disc {
                fill: rgb(t.colour),
                rim: rim(t.owner),
                teeth: t.rank,
            },
            name: format!("{owner} {sumo}{} tower", colour_name(t.colour)),
        });
    }
    if state.phase == Phase::Play
        && let Some(colour) = state.required
    {
        let sq = state.square_of(state.to_move, colour);
        picture.marks.push(Mark::Highlight {
            at: Point::of(sq),
            colour: Rgb::HIGHLIGHT,
        });
        picture
            .legend
            .push((rgb(colour), format!("{} must move", colour_name(colour))));
        picture.description = format!("The {} tower on {sq} must move", colour_name(colour));
    }
    picture
}

/// The squares a ply passes through: a move's start and landing square; a push's Sumo, the
/// square it moves to and on along the column to where the farthest pushed tower lands (the
/// square whose colour moves next, §3.2); nothing for a pass or a refill choice.
pub(crate) fn move_path(state: &State, mv: &Move) -> Vec<Point> {
    match *mv {
        Move::Step { from, to } => vec![Point::of(from), Point::of(to)],
        Move::Push { from, to } => {
            let mut path = vec![Point::of(from), Point::of(to)];
            let n = match state.tower_at(from) {
                Some(sumo) if on_board(from) => push_column(state, cell(from), sumo).unwrap_or(0),
                _ => 0,
            };
            let dr: i8 = if to.rank() > from.rank() { 1 } else { -1 };
            for k in 2..=i8::try_from(n).unwrap_or(0).saturating_add(1) {
                if let Some(sq) = from.offset(0, dr.saturating_mul(k)) {
                    path.push(Point::of(sq));
                }
            }
            path
        }
        Move::Pass | Move::Fill(_) => Vec::new(),
    }
}
