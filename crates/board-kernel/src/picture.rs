//! Pictures of positions: a game describes its board as a [`Picture`] (cells with their
//! colours and zones, pieces and stacks, labels on the edges), and [`Picture::to_svg`] draws
//! it as a standalone SVG. The renderer is written once here; a game only says what is where.
//!
//! The picture is a grid of `columns × rows` cells addressed by [`Point`] (column from the
//! left, row from the bottom, both from 0), so games whose squares are not all on one board
//! (Chain Reaction's scoring spots) place them anyway. Output is byte-stable for the same
//! picture, holds no fonts or images, has a `<title>` and a `<desc>` for screen readers, and
//! carries `data-at`/`data-name` attributes on every cell so a front end can tell which
//! square was clicked.

use std::fmt::{self, Write as _};

/// An sRGB colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rgb(pub u8, pub u8, pub u8);

impl Rgb {
    /// Black stones and ink.
    pub const BLACK: Rgb = Rgb(0x1b, 0x1b, 0x1b);
    /// White stones.
    pub const WHITE: Rgb = Rgb(0xf7, 0xf5, 0xee);
    /// The light squares of a plain board.
    pub const LIGHT: Rgb = Rgb(0xee, 0xe0, 0xc2);
    /// The dark squares of a plain board.
    pub const DARK: Rgb = Rgb(0xc9, 0xa8, 0x7a);
    /// A neutral grey for lines and shading.
    pub const GREY: Rgb = Rgb(0x88, 0x88, 0x88);
    /// The highlight of a last move or a selected square.
    pub const HIGHLIGHT: Rgb = Rgb(0xf2, 0xc9, 0x4c);
    /// Paths and arrows.
    pub const PATH: Rgb = Rgb(0xd6, 0x33, 0x2b);

    /// Whether dark ink reads better than light ink on this colour.
    #[must_use]
    pub fn is_light(self) -> bool {
        // Rec. 709 luma, as integers.
        2126 * u32::from(self.0) + 7152 * u32::from(self.1) + 722 * u32::from(self.2) > 10_000 * 140
    }

    /// Ink that reads on this colour.
    #[must_use]
    pub fn ink(self) -> Rgb {
        if self.is_light() {
            Rgb::BLACK
        } else {
            Rgb::WHITE
        }
    }
}

impl fmt::Display for Rgb {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "#{:02x}{:02x}{:02x}", self.0, self.1, self.2)
    }
}

/// A cell of the picture's grid: column from the left, row from the bottom, from 0.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
pub struct Point {
    /// Column, 0 = left.
    pub col: u8,
    /// Row, 0 = bottom.
    pub row: u8,
}

impl Point {
    /// The point at `col`, `row`.
    #[must_use]
    pub const fn new(col: u8, row: u8) -> Point {
        Point { col, row }
    }

    /// The cell of board square `sq` in a picture whose grid is the board (file `a` the
    /// first column, rank 1 the bottom row).
    #[must_use]
    pub const fn of(sq: crate::Square) -> Point {
        Point::new(sq.file(), sq.rank())
    }
}

/// A marking drawn over a cell's fill.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Pattern {
    /// Diagonal hatching (a margin or an area pieces may not enter).
    Hatched,
    /// A small dot in the middle (a marked point on the board).
    Dot,
    /// A cross (a square that does not exist).
    Cross,
}

/// One board cell.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Cell {
    /// Where it is.
    pub at: Point,
    /// The square's name in the game's notation (`d4`), for front ends and screen readers.
    pub name: String,
    /// Its colour.
    pub fill: Rgb,
    /// A marking on it.
    pub pattern: Option<Pattern>,
}

impl Cell {
    /// The cell of board square `sq`, in a picture whose grid is the board ([`Point::of`]),
    /// named as the square prints (`d4`).
    ///
    /// ```
    /// use board_kernel::picture::{Cell, Point, Rgb};
    /// let cell = Cell::square("b3".parse()?, Rgb::DARK, None);
    /// assert_eq!((cell.at, cell.name.as_str()), (Point::new(1, 2), "b3"));
    /// # Ok::<(), board_kernel::SquareParseError>(())
    /// ```
    #[must_use]
    pub fn square(sq: crate::Square, fill: Rgb, pattern: Option<Pattern>) -> Cell {
        Cell {
            at: Point::of(sq),
            name: sq.to_string(),
            fill,
            pattern,
        }
    }
}

/// The shape of a single piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Shape {
    /// A round piece.
    Circle,
    /// A square piece.
    Square,
    /// A diamond (a square on its corner).
    Diamond,
    /// A triangle pointing up.
    Triangle,
    /// A five-pointed crown outline.
    Crown,
}

/// What stands on a cell.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum PieceKind {
    /// A token of some shape with an optional letter on it, which tells pieces apart without
    /// relying on colour.
    Token {
        /// Its outline.
        shape: Shape,
        /// Its body.
        fill: Rgb,
        /// Its outline colour.
        stroke: Rgb,
        /// A letter or two drawn on it.
        letter: Option<String>,
    },
    /// A two-tone disc: a coloured centre with a rim of the owner's colour, and `teeth`
    /// notches around it (Kamisado's Sumo ranks).
    Disc {
        /// The centre.
        fill: Rgb,
        /// The rim.
        rim: Rgb,
        /// How many teeth stand on the rim (0 for none).
        teeth: u8,
    },
    /// A stack of stones, bottom first, drawn as tiers with its height written beside it
    /// when it has more than one stone.
    Stack {
        /// The stones' colours, bottom first.
        stones: Vec<Rgb>,
    },
    /// A ball.
    Ball {
        /// Its colour.
        fill: Rgb,
    },
}

/// A piece on a cell.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    /// Where it stands.
    pub at: Point,
    /// What it is.
    pub kind: PieceKind,
    /// What it is in words (`White Sumo orange tower`), for the text alternative.
    pub name: String,
}

/// Something drawn over the board to explain a move or a choice.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Mark {
    /// A cell outlined (the squares of the last move, a selected piece).
    Highlight {
        /// The cell.
        at: Point,
        /// The colour.
        colour: Rgb,
    },
    /// A small disc on a cell (a destination a piece can reach).
    Target {
        /// The cell.
        at: Point,
    },
    /// A polyline through cell centres with an arrow head at the end (a move, a chain, the
    /// ball's path).
    Path {
        /// The cells, in order.
        points: Vec<Point>,
        /// The colour.
        colour: Rgb,
    },
}

/// A label on the edge of the board.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Label {
    /// The column (for file letters) or row (for rank numbers) it names.
    pub index: u8,
    /// The text.
    pub text: String,
}

/// A position as a picture: what the renderer draws.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Picture {
    /// Columns of the grid.
    pub columns: u8,
    /// Rows of the grid.
    pub rows: u8,
    /// The cells drawn; grid places without a cell are left empty (holes).
    pub cells: Vec<Cell>,
    /// File letters along the bottom (and top) edge.
    pub files: Vec<Label>,
    /// Rank numbers along the left (and right) edge.
    pub ranks: Vec<Label>,
    /// The pieces.
    pub pieces: Vec<Piece>,
    /// Marks over the board.
    pub marks: Vec<Mark>,
    /// The title: the game and its state in a few words.
    pub title: String,
    /// The caption under the board: whose turn, the score, the result.
    pub caption: String,
    /// A longer text alternative (the position text, what the picture shows).
    pub description: String,
    /// Colours named in the legend under the caption (`Black: Sumo teeth`…), if any.
    pub legend: Vec<(Rgb, String)>,
}

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
    /// An empty picture of a board of `columns` × `rows` cells, labelled as the kernel's
    /// squares are named: files `a`, `b`… along the bottom, ranks `1`, `2`… up the side. The
    /// frame every square board draws its cells and pieces into.
    ///
    /// ```
    /// use board_kernel::picture::Picture;
    /// let frame = Picture::board(8, 8);
    /// assert_eq!((frame.columns, frame.rows), (8, 8));
    /// assert_eq!(frame.files[7].text, "h");
    /// assert_eq!(frame.ranks[0].text, "1");
    /// ```
    #[must_use]
    pub fn board(columns: u8, rows: u8) -> Picture {
        Picture {
            columns,
            rows,
            files: (0..columns)
                .map(|i| Label {
                    index: i,
                    text: char::from(b'a' + i).to_string(),
                })
                .collect(),
            ranks: (0..rows)
                .map(|i| Label {
                    index: i,
                    text: (i + 1).to_string(),
                })
                .collect(),
            ..Picture::default()
        }
    }

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

    fn pieces(&self, out: &mut String) {
        out.push_str("<g class=\"pieces\" pointer-events=\"none\">\n");
        for piece in &self.picture.pieces {
            let name = self
                .picture
                .cells
                .iter()
                .find(|c| c.at == piece.at)
                .map_or("", |c| c.name.as_str());
            let _ = writeln!(
                out,
                "<g class=\"piece\" data-at=\"{},{}\" data-name=\"{}\"><title>{}</title>",
                piece.at.col,
                piece.at.row,
                escape(name),
                escape(&piece.name)
            );
            match &piece.kind {
                PieceKind::Token {
                    shape,
                    fill,
                    stroke,
                    letter,
                } => self.token(out, piece.at, *shape, *fill, *stroke, letter.as_deref()),
                PieceKind::Disc { fill, rim, teeth } => {
                    self.disc(out, piece.at, *fill, *rim, *teeth);
                }
                PieceKind::Stack { stones } => self.stack(out, piece.at, stones),
                PieceKind::Ball { fill } => {
                    let (x, y) = self.centre(piece.at);
                    let c = self.cell;
                    let _ = writeln!(
                        out,
                        "<circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"{fill}\" stroke=\"{}\" stroke-width=\"{}\"/>",
                        Num(x),
                        Num(y),
                        Num(c * 0.22),
                        Rgb::BLACK,
                        Num(c / 20.0)
                    );
                    // Seams, so the ball reads as a ball without colour.
                    let _ = writeln!(
                        out,
                        "<path d=\"M{} {}L{} {}M{} {}L{} {}\" stroke=\"{}\" stroke-width=\"{}\"/>",
                        Num(x - c * 0.22),
                        Num(y),
                        Num(x + c * 0.22),
                        Num(y),
                        Num(x),
                        Num(y - c * 0.22),
                        Num(x),
                        Num(y + c * 0.22),
                        Rgb::BLACK,
                        Num(c / 40.0)
                    );
                }
            }
            out.push_str("</g>\n");
        }
        out.push_str("</g>\n");
    }

    fn token(
        &self,
        out: &mut String,
        at: Point,
        shape: Shape,
        fill: Rgb,
        stroke: Rgb,
        letter: Option<&str>,
    ) {
        let (x, y) = self.centre(at);
        let c = self.cell;
        let r = c * 0.38;
        let width = Num(c / 24.0);
        let attrs = format!("fill=\"{fill}\" stroke=\"{stroke}\" stroke-width=\"{width}\"");
        match shape {
            Shape::Circle => {
                let _ = writeln!(
                    out,
                    "<circle cx=\"{}\" cy=\"{}\" r=\"{}\" {attrs}/>",
                    Num(x),
                    Num(y),
                    Num(r)
                );
            }
            Shape::Square => {
                let s = r * 0.85;
                let _ = writeln!(
                    out,
                    "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" rx=\"{}\" {attrs}/>",
                    Num(x - s),
                    Num(y - s),
                    Num(2.0 * s),
                    Num(2.0 * s),
                    Num(c / 16.0)
                );
            }
            Shape::Diamond => {
                let _ = writeln!(
                    out,
                    "<path d=\"M{} {}L{} {}L{} {}L{} {}Z\" {attrs}/>",
                    Num(x),
                    Num(y - r),
                    Num(x + r),
                    Num(y),
                    Num(x),
                    Num(y + r),
                    Num(x - r),
                    Num(y)
                );
            }
            Shape::Triangle => {
                let _ = writeln!(
                    out,
                    "<path d=\"M{} {}L{} {}L{} {}Z\" {attrs}/>",
                    Num(x),
                    Num(y - r),
                    Num(x + r * 0.95),
                    Num(y + r * 0.7),
                    Num(x - r * 0.95),
                    Num(y + r * 0.7)
                );
            }
            Shape::Crown => {
                let (l, rr, t, b) = (x - r, x + r, y - r * 0.75, y + r * 0.6);
                let _ = writeln!(
                    out,
                    "<path d=\"M{} {}L{} {}L{} {}L{} {}L{} {}L{} {}L{} {}Z\" {attrs}/>",
                    Num(l),
                    Num(b),
                    Num(l),
                    Num(t),
                    Num(x - r * 0.5),
                    Num(y - r * 0.1),
                    Num(x),
                    Num(t - r * 0.1),
                    Num(x + r * 0.5),
                    Num(y - r * 0.1),
                    Num(rr),
                    Num(t),
                    Num(rr),
                    Num(b)
                );
            }
        }
        if let Some(letter) = letter {
            let size = if letter.chars().count() > 1 {
                0.3
            } else {
                0.42
            };
            let dy = if shape == Shape::Triangle {
                r * 0.3
            } else {
                0.0
            };
            let _ = writeln!(
                out,
                "<text x=\"{}\" y=\"{}\" font-size=\"{}\" font-weight=\"bold\" text-anchor=\"middle\" fill=\"{}\">{}</text>",
                Num(x),
                Num(y + dy + c * size * 0.36),
                Num(c * size),
                fill.ink(),
                escape(letter)
            );
        }
    }

    fn disc(&self, out: &mut String, at: Point, fill: Rgb, rim: Rgb, teeth: u8) {
        let (x, y) = self.centre(at);
        let c = self.cell;
        let outer = c * 0.36;
        let inner = c * 0.22;
        let _ = writeln!(
            out,
            "<circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"{rim}\" stroke=\"{}\" stroke-width=\"{}\"/>",
            Num(x),
            Num(y),
            Num(outer),
            rim.ink(),
            Num(c / 32.0)
        );
        let _ = writeln!(
            out,
            "<circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"{fill}\" stroke=\"{}\" stroke-width=\"{}\"/>",
            Num(x),
            Num(y),
            Num(inner),
            rim.ink(),
            Num(c / 48.0)
        );
        // Teeth: triangles standing out of the rim over the top, in the rim's colour outlined
        // in its ink, so they read on any square.
        for i in 0..teeth {
            let angle =
                std::f64::consts::PI * (0.5 + (f64::from(i) - f64::from(teeth - 1) / 2.0) * 0.28);
            let tip = (x + angle.cos() * outer * 1.3, y - angle.sin() * outer * 1.3);
            let base = outer * 0.92;
            let half = 0.2;
            let (a1, a2) = (angle - half, angle + half);
            let _ = writeln!(
                out,
                "<path d=\"M{} {}L{} {}L{} {}Z\" fill=\"{rim}\" stroke=\"{}\" stroke-width=\"{}\" stroke-linejoin=\"round\"/>",
                Num(tip.0),
                Num(tip.1),
                Num(x + a1.cos() * base),
                Num(y - a1.sin() * base),
                Num(x + a2.cos() * base),
                Num(y - a2.sin() * base),
                rim.ink(),
                Num(c / 40.0)
            );
        }
    }

    fn stack(&self, out: &mut String, at: Point, stones: &[Rgb]) {
        let c = self.cell;
        match stones {
            [] => {}
            // A single stone, seen from above: a disc.
            [stone] => {
                let (x, y) = self.centre(at);
                let _ = writeln!(
                    out,
                    "<circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"{stone}\" stroke=\"{}\" stroke-width=\"{}\"/>",
                    Num(x),
                    Num(y),
                    Num(c * 0.3),
                    Rgb::BLACK,
                    Num(c / 24.0)
                );
            }
            // A stack, seen from the side: a tier per stone, bottom first (at most eight, the
            // top ones), with the height written beside it.
            _ => {
                let (x, y) = self.corner(at);
                const SHOWN: usize = 8;
                let shown = &stones[stones.len().saturating_sub(SHOWN)..];
                let tier = (c * 0.66 / shown.len() as f64).min(c * 0.22);
                let width = c * 0.72;
                let left = x + (c - width) / 2.0;
                let bottom = y + c * 0.86;
                for (i, stone) in shown.iter().enumerate() {
                    let top = bottom - tier * (i as f64 + 1.0);
                    let _ = writeln!(
                        out,
                        "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" rx=\"{}\" fill=\"{stone}\" stroke=\"{}\" stroke-width=\"{}\"/>",
                        Num(left),
                        Num(top),
                        Num(width),
                        Num(tier),
                        Num((tier / 2.0).min(c * 0.08)),
                        Rgb::BLACK,
                        Num(c / 40.0)
                    );
                }
                let _ = writeln!(
                    out,
                    "<text x=\"{}\" y=\"{}\" font-size=\"{}\" font-weight=\"bold\" text-anchor=\"end\" fill=\"{}\" stroke=\"#ffffff\" stroke-width=\"{}\" paint-order=\"stroke\">{}</text>",
                    Num(x + c * 0.97),
                    Num(y + c * 0.27),
                    Num(c * 0.26),
                    Rgb::BLACK,
                    Num(c / 16.0),
                    stones.len()
                );
            }
        }
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

/// The picture a game without its own drawing gets: its text diagram in a monospace block.
#[must_use]
pub fn text_picture(diagram: &str) -> Picture {
    let lines: Vec<&str> = diagram.lines().collect();
    let widest = lines.iter().map(|l| l.chars().count()).max().unwrap_or(1);
    Picture {
        columns: u8::try_from(widest.div_ceil(3)).unwrap_or(u8::MAX).max(1),
        rows: u8::try_from(lines.len()).unwrap_or(u8::MAX).max(1),
        description: diagram.to_owned(),
        ..Picture::default()
    }
}

/// `text` with its first letter in upper case.
#[must_use]
pub fn capitalise(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().collect::<String>() + chars.as_str(),
        None => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
            columns: 3,
            rows: 3,
            cells,
            files: (0..3)
                .map(|i| Label {
                    index: i,
                    text: char::from(b'a' + i).to_string(),
                })
                .collect(),
            ranks: (0..3)
                .map(|i| Label {
                    index: i,
                    text: (i + 1).to_string(),
                })
                .collect(),
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
                        shape: Shape::Crown,
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
