//! The position as a picture (§2): the 15×15 field with the two goal areas and the outside
//! margin shaded, the sages (White and Black discs) and the ball; a kick is drawn as the
//! kicker's slide followed by the ball's path through its pivots.

use board_kernel::picture::{Cell, Outline, Pattern, Picture, Piece, PieceKind, Point, Rgb};
use board_kernel::{Side, Square};

use crate::board::{CellKind, SIZE, cell, dir_index, square};
use crate::kick::ball_path;
use crate::options::Options;
use crate::turn::{Mover, ray};
use crate::{Move, State};

const FIELD: Rgb = Rgb(0x7c, 0xb3, 0x6a);
const OUTSIDE: Rgb = Rgb(0xc9, 0xc2, 0xad);
const GOAL: Rgb = Rgb(0xf2, 0xf0, 0xe6);

/// The picture of `state`.
pub(crate) fn picture(state: &State) -> Picture {
    let mut picture = Picture::board(SIZE, SIZE);
    for rank in 0..SIZE {
        for file in 0..SIZE {
            let sq = Square::at(file, rank);
            let (fill, pattern) = match CellKind::of(sq) {
                CellKind::Field => (FIELD, None),
                CellKind::Outside | CellKind::OffBoard => (OUTSIDE, Some(Pattern::Hatched)),
                CellKind::Goal(_) => (GOAL, Some(Pattern::Dot)),
            };
            picture.cells.push(Cell::square(sq, fill, pattern));
        }
    }
    for side in Side::ALL {
        let (fill, name) = match side {
            Side::White => (Rgb::WHITE, "White sage"),
            Side::Black => (Rgb::BLACK, "Black sage"),
        };
        for sq in state.sages(side) {
            picture.pieces.push(Piece {
                at: Point::of(sq),
                kind: PieceKind::Token {
                    shape: Outline::Circle,
                    fill,
                    stroke: Rgb::BLACK,
                    letter: Some(if side == Side::White { "W" } else { "B" }.to_owned()),
                },
                name: name.to_owned(),
            });
        }
    }
    picture.pieces.push(Piece {
        at: Point::of(state.ball()),
        kind: PieceKind::Ball {
            fill: Rgb(0xff, 0xd5, 0x4f),
        },
        name: "the ball".to_owned(),
    });
    picture.legend = vec![
        (GOAL, "goal areas".to_owned()),
        (OUTSIDE, "outside (no ball)".to_owned()),
    ];
    picture
}

/// The cells a move passes through: a plain move's two cells; a kick's start, the kicker's
/// final cell, then the ball's path through its pivots to where it stops; nothing for a pass.
pub(crate) fn move_path(options: &Options, state: &State, mv: &Move) -> Vec<Point> {
    match *mv {
        Move::Pass => Vec::new(),
        Move::Plain { from, to } => vec![Point::of(from), Point::of(to)],
        Move::Kick { from, to, ball } => {
            let mut path = vec![Point::of(from), Point::of(to)];
            for sq in ball_cells(options, state, from, to, ball) {
                let p = Point::of(sq);
                if path.last() != Some(&p) {
                    path.push(p);
                }
            }
            path
        }
    }
}

/// The cells the ball of the kick `from`-`to`/`ball` passes through, from its cell before
/// the kick along each leg to where it stops (just that last cell when the path cannot be
/// found, which a legal kick never lacks).
pub(crate) fn ball_cells(
    options: &Options,
    state: &State,
    from: Square,
    to: Square,
    ball: Square,
) -> Vec<Square> {
    let Some((dir, _)) = from.line_to(to).or_else(|| from.line_to(state.ball())) else {
        return vec![ball];
    };
    let mover = Mover::new(options, state);
    let d = dir_index(dir);
    let slide = ray(&mover, state, cell(from), d);
    let cells = ball_path(
        &mover.rules,
        mover.all,
        cell(from),
        d,
        cell(state.ball()),
        slide.len as u32,
        cell(ball),
    );
    if cells.is_empty() {
        return vec![ball];
    }
    cells.into_iter().map(square).collect()
}
