//! The position as an RGB image for PettingZoo's `rgb_array` render mode: the picture's
//! cells as squares of their colour and each piece as a disc of its colour (a stack as its
//! top stone, ringed by the one under it; a Kamisado tower as its colour, ringed by its
//! owner's), row 0 of the image at the top, as images count.

use board_kernel::picture::{Picture, PieceKind, Rgb};

/// The background where the picture draws no cell.
const BACKGROUND: Rgb = Rgb(0xff, 0xff, 0xff);

/// `(height, width, bytes)`: the image, `cell` pixels per cell, RGB bytes row by row.
pub(crate) fn rgb(picture: &Picture, cell: usize) -> (usize, usize, Vec<u8>) {
    let (columns, rows) = (usize::from(picture.columns), usize::from(picture.rows));
    let (width, height) = (columns * cell, rows * cell);
    let mut image = vec![0_u8; width * height * 3];
    let mut put = |x: usize, y: usize, c: Rgb| {
        let i = (y * width + x) * 3;
        image[i..i + 3].copy_from_slice(&[c.0, c.1, c.2]);
    };
    let mut fills = vec![BACKGROUND; columns * rows];
    for c in &picture.cells {
        let (col, row) = (usize::from(c.at.col), usize::from(c.at.row));
        if col < columns && row < rows {
            fills[row * columns + col] = c.fill;
        }
    }
    // Each piece's body and rim colours.
    let mut pieces: Vec<Option<(Rgb, Rgb)>> = vec![None; columns * rows];
    for p in &picture.pieces {
        let (col, row) = (usize::from(p.at.col), usize::from(p.at.row));
        if col >= columns || row >= rows {
            continue;
        }
        let look = match &p.kind {
            PieceKind::Token { fill, stroke, .. } => Some((*fill, *stroke)),
            PieceKind::Disc { fill, rim, .. } => Some((*fill, *rim)),
            PieceKind::Ball { fill } => Some((*fill, *fill)),
            PieceKind::Stack { stones } => stones
                .last()
                .map(|top| (*top, *stones.iter().rev().nth(1).unwrap_or(top))),
        };
        pieces[row * columns + col] = look;
    }
    let radius = cell as f64 * 0.4;
    let inner = cell as f64 * 0.28;
    for y in 0..height {
        // The picture's row 0 is at the bottom.
        let row = rows - 1 - y / cell;
        for x in 0..width {
            let col = x / cell;
            let index = row * columns + col;
            let (dx, dy) = (
                (x % cell) as f64 + 0.5 - cell as f64 / 2.0,
                (y % cell) as f64 + 0.5 - cell as f64 / 2.0,
            );
            let distance = (dx * dx + dy * dy).sqrt();
            let colour = match pieces[index] {
                Some((body, _)) if distance <= inner => body,
                Some((_, rim)) if distance <= radius => rim,
                _ => fills[index],
            };
            put(x, y, colour);
        }
    }
    (height, width, image)
}
