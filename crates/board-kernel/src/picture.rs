//! Pictures of positions: a game describes its board as a [`Picture`] (cells with their
//! colours and zones, pieces and stacks, labels on the edges), and [`Picture::to_svg`] draws
//! it as a standalone SVG. The renderer is written once, in the `svg` module; a game only says
//! what is where.
//!
//! The picture is a grid of `columns × rows` cells addressed by [`Point`] (column from the
//! left, row from the bottom, both from 0), so games whose squares are not all on one board
//! (Chain Reaction's scoring spots) place them anyway. Output is byte-stable for the same
//! picture, holds no fonts or images, has a `<title>` and a `<desc>` for screen readers, and
//! carries `data-at`/`data-name` attributes on every cell so a front end can tell which
//! square was clicked.

use std::fmt;

mod svg;

pub use svg::SvgStyle;

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

/// The outline of a single piece (a board's outline is the kernel's [`Shape`](crate::Shape)).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outline {
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
        shape: Outline,
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
