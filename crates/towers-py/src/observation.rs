//! The observation tensor: fixed planes over the picture grid, read from the position's
//! picture (`DynState::picture`), so every game, a newly registered one too, has one with no
//! code of its own. The planes are fixed by the game and its options, from its initial
//! picture: the kinds of pieces it shows (a Kamisado tower is its colour and its owner's rim,
//! a Queens' Courtiers piece its letter and colour), the colours of stacked stones, the cell
//! colours. `Game.observation_planes()` names them; docs/python.md lists each game's.

use board_kernel::Side;
use board_kernel::picture::{Picture, PieceKind, Rgb};
use board_kernel::steps::Step;

/// A single piece's look (not a stack): its picture, less a disc's teeth (the Sumo rank has
/// a plane of its own), which tells one kind of piece from another.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Look(PieceKind);

impl Look {
    fn of(kind: &PieceKind) -> Option<Look> {
        match kind {
            PieceKind::Stack { .. } => None,
            PieceKind::Disc { fill, rim, .. } => Some(Look(PieceKind::Disc {
                fill: *fill,
                rim: *rim,
                teeth: 0,
            })),
            other => Some(Look(other.clone())),
        }
    }

    fn name(&self, picture: &Picture) -> String {
        // The piece's own words where the initial picture names one of this look.
        let named = picture
            .pieces
            .iter()
            .find(|p| Look::of(&p.kind).as_ref() == Some(self))
            .map(|p| p.name.clone());
        let looks = match &self.0 {
            PieceKind::Token {
                shape,
                fill,
                letter,
                ..
            } => format!(
                "{shape:?} {fill}{}",
                letter.as_ref().map(|l| format!(" {l}")).unwrap_or_default()
            ),
            PieceKind::Disc { fill, rim, .. } => format!("disc {fill} rim {rim}"),
            PieceKind::Ball { fill } => format!("ball {fill}"),
            PieceKind::Stack { stones } => format!("stack of {}", stones.len()),
        };
        match named {
            Some(name) => format!("piece: {looks} (as {name})"),
            None => format!("piece: {looks}"),
        }
    }
}

/// Which planes a game's observation has.
pub(crate) struct Layout {
    columns: usize,
    rows: usize,
    cell_fills: Vec<Rgb>,
    looks: Vec<Look>,
    look_names: Vec<String>,
    teeth: bool,
    stack_colours: Vec<Rgb>,
    choices: usize,
    choice_names: Vec<String>,
    scores: bool,
}

/// Planes of the stack group per stone colour: the top stone, the one under it, the count.
const STACK_PLANES_PER_COLOUR: usize = 3;

impl Layout {
    /// The layout of the game whose initial picture is `picture`.
    pub(crate) fn new(picture: &Picture, choices: &[&str], scores: bool) -> Layout {
        let mut cell_fills: Vec<Rgb> = Vec::new();
        for cell in &picture.cells {
            if !cell_fills.contains(&cell.fill) {
                cell_fills.push(cell.fill);
            }
        }
        let mut looks: Vec<Look> = Vec::new();
        let mut stack_colours: Vec<Rgb> = Vec::new();
        let mut teeth = false;
        for piece in &picture.pieces {
            match &piece.kind {
                PieceKind::Stack { stones } => {
                    for stone in stones {
                        if !stack_colours.contains(stone) {
                            stack_colours.push(*stone);
                        }
                    }
                }
                kind => {
                    teeth |= matches!(kind, PieceKind::Disc { .. });
                    if let Some(look) = Look::of(kind)
                        && !looks.contains(&look)
                    {
                        looks.push(look);
                    }
                }
            }
        }
        let look_names = looks.iter().map(|l| l.name(picture)).collect();
        Layout {
            columns: usize::from(picture.columns),
            rows: usize::from(picture.rows),
            cell_fills,
            looks,
            look_names,
            teeth,
            stack_colours,
            choices: choices.len(),
            choice_names: choices.iter().map(|c| (*c).to_owned()).collect(),
            scores,
        }
    }

    /// The plane names, in order.
    pub(crate) fn names(&self) -> Vec<String> {
        let mut names = vec!["cell: the picture draws a cell here".to_owned()];
        names.extend(self.cell_fills.iter().map(|c| format!("cell colour {c}")));
        names.extend(self.look_names.iter().cloned());
        names.push("piece: any other single piece".to_owned());
        if self.teeth {
            names.push("disc teeth (Sumo rank)".to_owned());
        }
        if !self.stack_colours.is_empty() {
            names.push("stack height (stones)".to_owned());
            for c in &self.stack_colours {
                names.push(format!("stack: top stone {c}"));
                names.push(format!("stack: second stone from the top {c}"));
                names.push(format!("stack: stones {c} in it"));
            }
        }
        names.push("player 1 (the second side) to move".to_owned());
        names.push("turn so far: the n-th cell chosen this turn holds n".to_owned());
        names.push("legal next cell".to_owned());
        names.extend(
            self.choice_names
                .iter()
                .map(|c| format!("legal next choice {c}")),
        );
        names.push("legal next finish".to_owned());
        if self.scores {
            names.push("score of player 0".to_owned());
            names.push("score of player 1".to_owned());
        }
        names
    }

    /// `(planes, rows, columns)`.
    pub(crate) fn shape(&self) -> (usize, usize, usize) {
        let stacks = if self.stack_colours.is_empty() {
            0
        } else {
            1 + STACK_PLANES_PER_COLOUR * self.stack_colours.len()
        };
        let planes = 1
            + self.cell_fills.len()
            + self.looks.len()
            + 1
            + usize::from(self.teeth)
            + stacks
            + 3
            + self.choices
            + 1
            + if self.scores { 2 } else { 0 };
        (planes, self.rows, self.columns)
    }

    /// The observation of `picture` (the board after the turn so far), with `side` to move,
    /// `steps` made this turn, `next` the steps that may follow and `scores`.
    pub(crate) fn encode(
        &self,
        picture: &Picture,
        side: Side,
        steps: &[Step],
        next: &[Step],
        scores: Option<[i64; 2]>,
    ) -> Vec<f32> {
        let (planes, rows, columns) = self.shape();
        let area = rows * columns;
        let mut out = vec![0.0_f32; planes * area];
        let at = |col: u8, row: u8| -> Option<usize> {
            let (c, r) = (usize::from(col), usize::from(row));
            (c < columns && r < rows).then_some(r * columns + c)
        };
        let mut plane = 0;
        for cell in &picture.cells {
            if let Some(i) = at(cell.at.col, cell.at.row) {
                out[i] = 1.0;
                if let Some(k) = self.cell_fills.iter().position(|c| *c == cell.fill) {
                    out[(1 + k) * area + i] = 1.0;
                }
            }
        }
        plane += 1 + self.cell_fills.len();
        let looks = plane;
        let other = looks + self.looks.len();
        let teeth = other + 1;
        let stacks = teeth + usize::from(self.teeth);
        for piece in &picture.pieces {
            let Some(i) = at(piece.at.col, piece.at.row) else {
                continue;
            };
            match &piece.kind {
                PieceKind::Stack { stones } if !self.stack_colours.is_empty() => {
                    out[stacks * area + i] = stones.len() as f32;
                    let colour = |c: &Rgb| self.stack_colours.iter().position(|s| s == c);
                    if let Some(k) = stones.last().and_then(colour) {
                        out[(stacks + 1 + STACK_PLANES_PER_COLOUR * k) * area + i] = 1.0;
                    }
                    if let Some(k) = stones.iter().rev().nth(1).and_then(colour) {
                        out[(stacks + 2 + STACK_PLANES_PER_COLOUR * k) * area + i] = 1.0;
                    }
                    for stone in stones {
                        if let Some(k) = colour(stone) {
                            out[(stacks + 3 + STACK_PLANES_PER_COLOUR * k) * area + i] += 1.0;
                        }
                    }
                }
                kind => {
                    let look = Look::of(kind);
                    match self.looks.iter().position(|l| Some(l) == look.as_ref()) {
                        Some(k) => out[(looks + k) * area + i] = 1.0,
                        None => out[other * area + i] = 1.0,
                    }
                    if let PieceKind::Disc { teeth: t, .. } = kind
                        && self.teeth
                    {
                        out[teeth * area + i] = f32::from(*t);
                    }
                }
            }
        }
        plane = stacks
            + if self.stack_colours.is_empty() {
                0
            } else {
                1 + STACK_PLANES_PER_COLOUR * self.stack_colours.len()
            };
        let fill = |out: &mut [f32], plane: usize, value: f32| {
            out[plane * area..(plane + 1) * area].fill(value);
        };
        if side == Side::Black {
            fill(&mut out, plane, 1.0);
        }
        plane += 1;
        for (n, step) in steps.iter().enumerate() {
            if let Step::Cell(p) = step
                && let Some(i) = at(p.col, p.row)
            {
                out[plane * area + i] = (n + 1) as f32;
            }
        }
        plane += 1;
        let (cells, choices, finish) = (plane, plane + 1, plane + 1 + self.choices);
        for step in next {
            match step {
                Step::Cell(p) => {
                    if let Some(i) = at(p.col, p.row) {
                        out[cells * area + i] = 1.0;
                    }
                }
                Step::Choice(k) if usize::from(*k) < self.choices => {
                    fill(&mut out, choices + usize::from(*k), 1.0);
                }
                Step::Choice(_) => {}
                Step::Finish => fill(&mut out, finish, 1.0),
            }
        }
        plane = finish + 1;
        if let (true, Some([white, black])) = (self.scores, scores) {
            fill(&mut out, plane, white as f32);
            fill(&mut out, plane + 1, black as f32);
        }
        out
    }
}
