//! The position as a picture (§2): the 7×8 board between its two scoring rows (the goal
//! cells d0 and d9 marked, the other scoring positions hatched), every single stone and the
//! tower's two stones, the scores and the pending stone in the caption.

use board_kernel::Side;
use board_kernel::picture::{Cell, Label, Pattern, Picture, Piece, PieceKind, Point, Rgb};

use crate::board::{FILES, Spot};
use crate::{Content, State};

const fn stone(side: Side) -> Rgb {
    match side {
        Side::White => Rgb::WHITE,
        Side::Black => Rgb::BLACK,
    }
}

fn point(spot: Spot) -> Point {
    Point::new(spot.file(), spot.rank())
}

/// The picture of `state`: rows 0 to 9 are the scoring row behind rank 1, ranks 1 to 8 and
/// the scoring row behind rank 8.
pub(crate) fn picture(state: &State) -> Picture {
    let mut picture = Picture {
        columns: FILES,
        rows: 10,
        files: (0..FILES)
            .map(|i| Label {
                index: i,
                text: char::from(b'a' + i).to_string(),
            })
            .collect(),
        ranks: (0..10)
            .map(|i| Label {
                index: i,
                text: i.to_string(),
            })
            .collect(),
        ..Picture::default()
    };
    for rank in 0..10 {
        for file in 0..FILES {
            let Some(spot) = Spot::new(file, rank) else {
                continue;
            };
            let (fill, pattern) = if spot.is_board() {
                let light = (file + rank) % 2 == 1;
                (if light { Rgb::LIGHT } else { Rgb::DARK }, None)
            } else if spot.is_goal() {
                (Rgb(0xe8, 0xc5, 0x5a), Some(Pattern::Dot))
            } else {
                (Rgb(0xd9, 0xd4, 0xc7), Some(Pattern::Hatched))
            };
            picture.cells.push(Cell {
                at: point(spot),
                name: spot.to_string(),
                fill,
                pattern,
            });
            if !spot.is_board() {
                continue;
            }
            let (stones, name) = match state.board().content(spot) {
                Content::Empty => continue,
                Content::Stone(s) => (vec![stone(s)], format!("a {} stone", s.name())),
                Content::Tower(t) => (
                    vec![stone(t.bottom), stone(t.top)],
                    format!(
                        "{}'s tower ({} under {})",
                        t.top.name(),
                        t.bottom.name(),
                        t.top.name()
                    ),
                ),
            };
            picture.pieces.push(Piece {
                at: point(spot),
                kind: PieceKind::Stack { stones },
                name,
            });
        }
    }
    for side in Side::ALL {
        picture.legend.push((
            stone(side),
            format!(
                "{}: {} of {}",
                side.name(),
                state.score(side),
                state.target(side)
            ),
        ));
    }
    if let Some(side) = state.pending() {
        picture
            .legend
            .push((stone(side), format!("{} puts a stone back", side.name())));
    }
    picture
}
