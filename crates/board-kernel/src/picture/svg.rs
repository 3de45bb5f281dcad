//! The SVG renderer of [`Picture`]s: the geometry of the grid, flipping, and the drawing of
//! cells, labels, marks, pieces and the caption, byte-stable for the same picture.

use std::fmt::{self, Write as _};

use super::{Mark, Pattern, Picture, Point, Rgb};

mod pieces;

/// How to draw a picture.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SvgStyle {
    /// Draw the board turned half round (the top side at the bottom).
    pub flipped: bool,
    /// Pixels per cell at the natural size (the SVG scales cleanly to any size).
    pub cell: u16,
}

impl Default for SvgStyle {
    fn default() -> Self {
        SvgStyle {
            flipped: false,
            cell: 48,
        }
    }
}

/// Escapes text for XML content and attributes.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c if c.is_control() => {}
            c => out.push(c),
        }
    }
    out
}

/// A number in SVG user units with at most one decimal, the same on every platform.
struct Num(f64);

impl fmt::Display for Num {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let tenths = (self.0 * 10.0).round() as i64;
        if tenths % 10 == 0 {
            write!(f, "{}", tenths / 10)
        } else {
            let sign = if tenths < 0 { "-" } else { "" };
            write!(f, "{sign}{}.{}", tenths.abs() / 10, tenths.abs() % 10)
        }
    }
}

impl Picture {
    /// The picture as a standalone SVG document.
    ///
    /// ```
    /// use board_kernel::picture::{Cell, Picture, Point, Rgb, SvgStyle};
    /// let picture = Picture {
    ///     columns: 2,
    ///     rows: 1,
    ///     cells: vec![
    ///         Cell { at: Point::new(0, 0), name: "a1".into(), fill: Rgb::LIGHT, pattern: None },
    ///         Cell { at: Point::new(1, 0), name: "b1".into(), fill: Rgb::DARK, pattern: None },
    ///     ],
    ///     title: "A tiny board".into(),
    ///     caption: "White to move".into(),
    ///     ..Picture::default()
    /// };
    /// let svg = picture.to_svg(&SvgStyle::default());
    /// assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
    /// assert!(svg.contains("<title>A tiny board</title>"));
    /// assert_eq!(svg.matches("class=\"cell\"").count(), 2);
    /// assert_eq!(svg, picture.to_svg(&SvgStyle::default())); // byte-stable
    /// ```
    #[must_use]
    pub fn to_svg(&self, style: &SvgStyle) -> String {
        Renderer::new(self, style).render()
    }
}

/// The geometry of one rendering.
struct Renderer<'a> {
    picture: &'a Picture,
    style: SvgStyle,
    cell: f64,
    margin: f64,
    board_height: f64,
}

impl<'a> Renderer<'a> {
    fn new(picture: &'a Picture, style: &SvgStyle) -> Renderer<'a> {
        let cell = f64::from(style.cell.max(8));
        Renderer {
            picture,
            style: *style,
            cell,
            margin: cell * 0.6,
            board_height: cell * f64::from(picture.rows),
        }
    }

    /// The top-left corner of the cell at `p`.
    fn corner(&self, p: Point) -> (f64, f64) {
        let (mut col, mut row) = (f64::from(p.col), f64::from(p.row));
        if self.style.flipped {
            col = f64::from(self.picture.columns) - 1.0 - col;
            row = f64::from(self.picture.rows) - 1.0 - row;
        }
        let x = self.margin + col * self.cell;
        let y = self.margin + (f64::from(self.picture.rows) - 1.0 - row) * self.cell;
        (x, y)
    }

    fn centre(&self, p: Point) -> (f64, f64) {
        let (x, y) = self.corner(p);
        (x + self.cell / 2.0, y + self.cell / 2.0)
    }

    fn render(&self) -> String {
        let p = self.picture;
        let width = 2.0 * self.margin + self.cell * f64::from(p.columns);
        let caption_lines = 1 + p.legend.len().div_ceil(3);
        let caption_height = self.cell * 0.5 * caption_lines as f64 + self.cell * 0.2;
        let height = 2.0 * self.margin + self.board_height + caption_height;
        let mut out = String::with_capacity(8192);
        let _ = writeln!(
            out,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {w} {h}\" width=\"{w}\" height=\"{h}\" \
             role=\"img\" font-family=\"sans-serif\">",
            w = Num(width),
            h = Num(height)
        );
        let _ = writeln!(out, "<title>{}</title>", escape(&p.title));
        let mut desc = p.description.clone();
        if !p.pieces.is_empty() {
            let names: Vec<String> = p
                .pieces
                .iter()
                .map(|piece| {
                    let at = p
                        .cells
                        .iter()
                        .find(|c| c.at == piece.at)
                        .map_or_else(String::new, |c| format!(" on {}", c.name));
                    format!("{}{at}", piece.name)
                })
                .collect();
            if !desc.is_empty() {
                desc.push_str(". ");
            }
            desc.push_str(&names.join(", "));
            desc.push('.');
        }
        let _ = writeln!(out, "<desc>{}</desc>", escape(&desc));
        let _ = writeln!(
            out,
            "<rect width=\"{}\" height=\"{}\" fill=\"#faf8f2\"/>",
            Num(width),
            Num(height)
        );
        if p.cells.is_empty() {
            self.text_lines(&mut out);
        }
        self.cells(&mut out);
        self.labels(&mut out);
        self.marks(&mut out, false);
        self.pieces(&mut out);
        self.marks(&mut out, true);
        self.caption(&mut out, self.margin * 2.0 + self.board_height);
        out.push_str("</svg>\n");
        out
    }

    /// A game without its own picture: its description (the text diagram) in monospace.
    fn text_lines(&self, out: &mut String) {
        let size = self.cell * 0.55;
        let _ = writeln!(
            out,
            "<text font-family=\"monospace\" font-size=\"{}\" fill=\"#222222\" xml:space=\"preserve\">",
            Num(size)
        );
        for (i, line) in self.picture.description.lines().enumerate() {
            let _ = writeln!(
                out,
                "<tspan x=\"{}\" y=\"{}\">{}</tspan>",
                Num(self.margin),
                Num(self.margin + self.cell * (i as f64 + 0.7)),
                escape(line)
            );
        }
        out.push_str("</text>\n");
    }

    fn cells(&self, out: &mut String) {
        let c = self.cell;
        let _ = writeln!(
            out,
            "<g class=\"board\" stroke=\"#5a4a3a\" stroke-width=\"{}\">",
            Num(c / 48.0)
        );
        for cell in &self.picture.cells {
            let (x, y) = self.corner(cell.at);
            let _ = writeln!(
                out,
                "<rect class=\"cell\" data-at=\"{},{}\" data-name=\"{}\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{}\"/>",
                cell.at.col,
                cell.at.row,
                escape(&cell.name),
                Num(x),
                Num(y),
                Num(c),
                Num(c),
                cell.fill
            );
            let ink = cell.fill.ink();
            match cell.pattern {
                None => {}
                Some(Pattern::Hatched) => {
                    let step = c / 4.0;
                    let mut path = String::new();
                    for i in 1..8 {
                        let k = step * f64::from(i);
                        // Lines from the left/bottom edges to the top/right edges.
                        let (x0, y0) = if k <= c {
                            (x, y + k)
                        } else {
                            (x + k - c, y + c)
                        };
                        let (x1, y1) = if k <= c {
                            (x + k, y)
                        } else {
                            (x + c, y + k - c)
                        };
                        let _ = write!(path, "M{} {}L{} {}", Num(x0), Num(y0), Num(x1), Num(y1));
                    }
                    let _ = writeln!(
                        out,
                        "<path d=\"{path}\" stroke=\"{ink}\" stroke-opacity=\"0.35\" stroke-width=\"{}\" pointer-events=\"none\"/>",
                        Num(c / 24.0)
                    );
                }
                Some(Pattern::Dot) => {
                    let _ = writeln!(
                        out,
                        "<circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"{ink}\" fill-opacity=\"0.6\" pointer-events=\"none\"/>",
                        Num(x + c / 2.0),
                        Num(y + c / 2.0),
                        Num(c / 12.0)
                    );
                }
                Some(Pattern::Cross) => {
                    let (a, b) = (c * 0.25, c * 0.75);
                    let _ = writeln!(
                        out,
                        "<path d=\"M{} {}L{} {}M{} {}L{} {}\" stroke=\"{ink}\" stroke-width=\"{}\" pointer-events=\"none\"/>",
                        Num(x + a),
                        Num(y + a),
                        Num(x + b),
                        Num(y + b),
                        Num(x + b),
                        Num(y + a),
                        Num(x + a),
                        Num(y + b),
                        Num(c / 16.0)
                    );
                }
            }
        }
        out.push_str("</g>\n");
    }

    fn labels(&self, out: &mut String) {
        let p = self.picture;
        let size = self.cell * 0.3;
        out.push_str(&format!(
            "<g class=\"coordinates\" font-size=\"{}\" fill=\"#5a4a3a\" text-anchor=\"middle\" pointer-events=\"none\">\n",
            Num(size)
        ));
        let bottom = self.margin + self.board_height + self.margin * 0.65;
        let top = self.margin * 0.65;
        for label in &p.files {
            let (x, _) = self.centre(Point::new(label.index, 0));
            for y in [bottom, top] {
                let _ = writeln!(
                    out,
                    "<text x=\"{}\" y=\"{}\">{}</text>",
                    Num(x),
                    Num(y),
                    escape(&label.text)
                );
            }
        }
        let left = self.margin * 0.5;
        let right = self.margin * 1.5 + self.cell * f64::from(p.columns);
        for label in &p.ranks {
            let (_, y) = self.centre(Point::new(0, label.index));
            for x in [left, right] {
                let _ = writeln!(
                    out,
                    "<text x=\"{}\" y=\"{}\">{}</text>",
                    Num(x),
                    Num(y + size * 0.35),
                    escape(&label.text)
                );
            }
        }
        out.push_str("</g>\n");
    }

    /// Highlights and targets go under the pieces (`over == false`), paths over them.
    fn marks(&self, out: &mut String, over: bool) {
        let c = self.cell;
        for mark in &self.picture.marks {
            match (mark, over) {
                (Mark::Highlight { at, colour }, false) => {
                    let (x, y) = self.corner(*at);
                    let inset = c * 0.06;
                    let _ = writeln!(
                        out,
                        "<rect class=\"highlight\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"none\" stroke=\"{colour}\" stroke-width=\"{}\" pointer-events=\"none\"/>",
                        Num(x + inset),
                        Num(y + inset),
                        Num(c - 2.0 * inset),
                        Num(c - 2.0 * inset),
                        Num(c * 0.1)
                    );
                }
                (Mark::Target { at }, true) => {
                    let (x, y) = self.centre(*at);
                    let _ = writeln!(
                        out,
                        "<circle class=\"target\" cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"#2e7d32\" fill-opacity=\"0.75\" stroke=\"#ffffff\" stroke-width=\"{}\" pointer-events=\"none\"/>",
                        Num(x),
                        Num(y),
                        Num(c * 0.14),
                        Num(c / 24.0)
                    );
                }
                (Mark::Path { points, colour }, true) if !points.is_empty() => {
                    let mut d = String::new();
                    for (i, point) in points.iter().enumerate() {
                        let (x, y) = self.centre(*point);
                        let _ =
                            write!(d, "{}{} {}", if i == 0 { "M" } else { "L" }, Num(x), Num(y));
                    }
                    let _ = writeln!(
                        out,
                        "<path class=\"path\" d=\"{d}\" fill=\"none\" stroke=\"{colour}\" stroke-opacity=\"0.85\" stroke-width=\"{}\" stroke-linecap=\"round\" stroke-linejoin=\"round\" pointer-events=\"none\"/>",
                        Num(c * 0.09)
                    );
                    if let [.., from, to] = points.as_slice() {
                        self.arrow_head(out, *from, *to, *colour);
                    } else {
                        let (x, y) = self.centre(points[0]);
                        let _ = writeln!(
                            out,
                            "<circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"{colour}\" pointer-events=\"none\"/>",
                            Num(x),
                            Num(y),
                            Num(c * 0.12)
                        );
                    }
                }
                _ => {}
            }
        }
    }

    fn arrow_head(&self, out: &mut String, from: Point, to: Point, colour: Rgb) {
        let (x0, y0) = self.centre(from);
        let (x1, y1) = self.centre(to);
        let (dx, dy) = (x1 - x0, y1 - y0);
        let length = (dx * dx + dy * dy).sqrt();
        if length < 1e-9 {
            return;
        }
        let (ux, uy) = (dx / length, dy / length);
        let size = self.cell * 0.28;
        let (bx, by) = (x1 - ux * size, y1 - uy * size);
        let (px, py) = (-uy * size * 0.55, ux * size * 0.55);
        let _ = writeln!(
            out,
            "<path d=\"M{} {}L{} {}L{} {}Z\" fill=\"{colour}\" pointer-events=\"none\"/>",
            Num(x1),
            Num(y1),
            Num(bx + px),
            Num(by + py),
            Num(bx - px),
            Num(by - py)
        );
    }

    fn caption(&self, out: &mut String, top: f64) {
        let p = self.picture;
        let size = self.cell * 0.32;
        let _ = writeln!(
            out,
            "<text class=\"caption\" x=\"{}\" y=\"{}\" font-size=\"{}\" fill=\"#222222\">{}</text>",
            Num(self.margin),
            Num(top + size * 0.4),
            Num(size),
            escape(&p.caption)
        );
        let column = (self.cell * f64::from(p.columns)) / 3.0;
        for (i, (colour, text)) in p.legend.iter().enumerate() {
            let x = self.margin + column * (i % 3) as f64;
            let y = top + self.cell * 0.5 * (1 + i / 3) as f64 + size * 0.4;
            let _ = writeln!(
                out,
                "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{colour}\" stroke=\"#222222\" stroke-width=\"1\"/><text x=\"{}\" y=\"{}\" font-size=\"{}\" fill=\"#222222\">{}</text>",
                Num(x),
                Num(y - size * 0.8),
                Num(size),
                Num(size),
                Num(x + size * 1.3),
                Num(y),
                Num(size * 0.85),
                escape(text)
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::picture::{Cell, Outline, Piece, PieceKind};

    fn board() -> Picture {
        let mut cells = Vec::new();
        for row in 0..3 {
            for col in 0..3 {
                if (col, row) == (1, 1) {
                    continue; // a hole
                }
                cells.push(Cell {
                    at: Point::new(col, row),
                    name: format!("{}{}", char::from(b'a' + col), row + 1),
                    fill: if (col + row) % 2 == 0 {
                        Rgb::DARK
                    } else {
                        Rgb::LIGHT
                    },
                    pattern: if row == 2 {
                        Some(Pattern::Hatched)
                    } else {
                        None
                    },
                });
            }
        }
        Picture {
            cells,
            pieces: vec![
                Piece {
                    at: Point::new(0, 0),
                    kind: PieceKind::Stack {
                        stones: vec![Rgb::WHITE, Rgb::BLACK, Rgb::WHITE],
                    },
                    name: "a stack of three".into(),
                },
                Piece {
                    at: Point::new(2, 0),
                    kind: PieceKind::Token {
                        shape: Outline::Crown,
                        fill: Rgb::PATH,
                        stroke: Rgb::BLACK,
                        letter: Some("K".into()),
                    },
                    name: "Red King".into(),
                },
                Piece {
                    at: Point::new(0, 2),
                    kind: PieceKind::Disc {
                        fill: Rgb(0xf0, 0x80, 0x20),
                        rim: Rgb::BLACK,
                        teeth: 2,
                    },
                    name: "Black Double Sumo <orange>".into(),
                },
            ],
            marks: vec![
                Mark::Highlight {
                    at: Point::new(0, 0),
                    colour: Rgb::HIGHLIGHT,
                },
                Mark::Path {
                    points: vec![Point::new(0, 0), Point::new(2, 2)],
                    colour: Rgb::PATH,
                },
                Mark::Target {
                    at: Point::new(2, 1),
                },
            ],
            title: "Test & board".into(),
            caption: "White to move".into(),
            description: "a test".into(),
            legend: vec![(Rgb::BLACK, "Black".into())],
            ..Picture::board(3, 3)
        }
    }

    #[test]
    fn the_svg_has_every_part_and_escapes_text() {
        let svg = board().to_svg(&SvgStyle::default());
        assert_eq!(svg.matches("class=\"cell\"").count(), 8);
        assert_eq!(svg.matches("class=\"piece\"").count(), 3);
        assert!(svg.contains("<title>Test &amp; board</title>"));
        assert!(svg.contains("Black Double Sumo &lt;orange&gt; on a3"));
        assert!(svg.contains(">3</text>")); // the stack's height
        assert!(svg.contains("class=\"highlight\""));
        assert!(svg.contains("class=\"path\""));
        assert!(svg.contains("class=\"target\""));
        assert!(!svg.contains("NaN") && !svg.contains("inf"));
    }

    #[test]
    fn flipping_moves_the_bottom_left_cell_to_the_top_right() {
        let picture = board();
        let plain = picture.to_svg(&SvgStyle::default());
        let flipped = picture.to_svg(&SvgStyle {
            flipped: true,
            ..SvgStyle::default()
        });
        let a1 = |svg: &str| {
            let at = svg.find("data-name=\"a1\" x=\"").unwrap();
            svg[at..].split('"').nth(3).unwrap().to_owned()
        };
        assert_eq!(a1(&plain), "28.8");
        assert_eq!(a1(&flipped), "124.8");
    }

    #[test]
    fn numbers_print_with_one_decimal_at_most() {
        assert_eq!(Num(3.0).to_string(), "3");
        assert_eq!(Num(2.25).to_string(), "2.3");
        assert_eq!(Num(-0.5).to_string(), "-0.5");
        assert_eq!(Num(-12.04).to_string(), "-12");
    }
}
