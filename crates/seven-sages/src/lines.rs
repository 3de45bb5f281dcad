//! The board's lines as rows of bits, so that how far a slide runs is one bit scan instead of
//! a walk cell by cell (counting turns, where the walk's unpredictable end cost more than the
//! work along it).
//!
//! Every cell lies on four lines: its rank (directions E and W), its file (N and S), its
//! diagonal (NE and SW) and its anti-diagonal (NW and SE). A line is a `u16` whose bit `p`
//! stands for the line's cell at position `p` (the file on a rank, the rank on the other
//! three); every bit that stands for no cell of the board — bit 15, and on a diagonal the
//! ranks it does not cross — is set, so a scan upwards from any cell of the line always ends
//! on a set bit: a piece, or the edge. Downwards, the edge is below bit 0.

use crate::board::{Cell, GOAL_BLACK, GOAL_WHITE, KIND, OFF, SIZE};

/// Lines: 15 ranks, 15 files, 29 diagonals, 29 anti-diagonals.
const LINES: usize = 88;

/// The line of each cell in each family, and the cell's bit on it.
#[derive(Clone, Copy)]
struct Place {
    line: [u8; 4],
    bit: [u8; 4],
}

const fn place(c: usize) -> Place {
    let file = (c % 16) as u8;
    let rank = (c / 16) as u8;
    if file >= SIZE || rank >= SIZE {
        return Place {
            line: [0; 4],
            bit: [0; 4],
        };
    }
    Place {
        line: [rank, 15 + file, 30 + file + 14 - rank, 59 + file + rank],
        bit: [file, rank, rank, rank],
    }
}

static PLACE: [Place; 256] = {
    let mut table = [Place {
        line: [0; 4],
        bit: [0; 4],
    }; 256];
    let mut c = 0;
    while c < 256 {
        table[c] = place(c);
        c += 1;
    }
    table
};

/// For each line, the bits of its cells of a kind (`OFF` gives the bits of no cell).
const fn bits_of_kind(kind: u8) -> [u16; LINES] {
    let mut table = [0u16; LINES];
    let mut line = 0;
    while line < LINES {
        // Bits that stand for a cell of the line are found from the cells; all others are OFF.
        let mut on_board = 0u16;
        let mut of_kind = 0u16;
        let mut c = 0;
        while c < 256 {
            if KIND[c] != OFF {
                let p = place(c);
                let mut f = 0;
                while f < 4 {
                    if p.line[f] as usize == line {
                        on_board |= 1 << p.bit[f];
                        if KIND[c] == kind {
                            of_kind |= 1 << p.bit[f];
                        }
                    }
                    f += 1;
                }
            }
            c += 1;
        }
        table[line] = if kind == OFF { !on_board } else { of_kind };
        line += 1;
    }
    table
}

/// Every line with only its edge bits set: the empty board.
static EDGES: [u16; LINES] = bits_of_kind(OFF);
/// The bits of each line's cells in White's goal area and in Black's.
static GOALS: [[u16; 2]; LINES] = {
    let white = bits_of_kind(GOAL_WHITE);
    let black = bits_of_kind(GOAL_BLACK);
    let mut table = [[0; 2]; LINES];
    let mut line = 0;
    while line < LINES {
        table[line] = [white[line], black[line]];
        line += 1;
    }
    table
};

/// The family of the line a direction (an index of `STEP`) runs along, and whether it runs
/// towards higher bits.
const FAMILY: [(usize, bool); 8] = [
    (1, true),  // N: the file, rank up
    (2, true),  // NE: the diagonal, rank up
    (0, true),  // E: the rank, file up
    (3, false), // SE: the anti-diagonal, rank down
    (1, false), // S
    (2, false), // SW
    (0, false), // W
    (3, true),  // NW: the anti-diagonal, rank up
];

/// The occupied cells of a board, line by line (without the edges' bits).
pub(crate) struct Lines {
    occupied: [u16; LINES],
}

/// Where a slide from one cell in one direction stops.
pub(crate) struct Run {
    /// How many empty cells it crosses.
    pub(crate) len: u32,
    /// Those cells, as bits of the line.
    pub(crate) cells: u16,
    /// The line's index.
    pub(crate) line: usize,
}

impl Lines {
    /// The lines of a board with pieces on the cells of `pieces` (as [`SquareSet::words`])
    /// and on `ball`.
    ///
    /// [`SquareSet::words`]: board_kernel::SquareSet::words
    #[inline]
    pub(crate) fn new(pieces: [u64; 4], ball: Cell) -> Lines {
        // The edges are added when a line is read: a zeroed array costs less than a copy.
        let mut lines = Lines {
            occupied: [0; LINES],
        };
        for (word, mut bits) in pieces.into_iter().enumerate() {
            while bits != 0 {
                // A cell index is below 256.
                lines.put((word * 64) as u8 + bits.trailing_zeros() as u8);
                bits &= bits - 1;
            }
        }
        lines.put(ball);
        lines
    }

    /// Adds a piece on `c`.
    #[inline]
    pub(crate) fn put(&mut self, c: Cell) {
        // `place(c)` worked out inline: cheaper than reading its bytes from the table. Cells
        // off the board (file or rank 15) are never put.
        let (file, rank) = (usize::from(c % 16), usize::from(c / 16));
        let (on_rank, on_file) = (1u16 << file, 1u16 << rank);
        self.occupied[rank] |= on_rank;
        self.occupied[15 + file] |= on_file;
        self.occupied[(30 + 14 + file - rank) % LINES] |= on_file;
        self.occupied[(59 + file + rank) % LINES] |= on_file;
    }

    /// The run of a slide from the cell `from` in direction `d` (an index of `STEP`).
    #[inline(always)]
    pub(crate) fn run(&self, from: Cell, d: u8) -> Run {
        let (family, up) = FAMILY[usize::from(d)];
        let place = &PLACE[usize::from(from)];
        let line = usize::from(place.line[family]);
        let bit = u32::from(place.bit[family]);
        let occupied = u32::from(self.occupied[line] | EDGES[line]);
        let (len, cells) = if up {
            // The first set bit above `bit`: there always is one, bit 15 at the latest.
            let len = (occupied >> (bit + 1)).trailing_zeros();
            (len, ((1u32 << len) - 1) << (bit + 1))
        } else {
            // The first set bit below `bit`, numbered from 1, or 0 for the edge.
            let below = (occupied & ((1u32 << bit) - 1)) << 1 | 1;
            let stop = 31 - below.leading_zeros();
            (bit - stop, (1u32 << bit) - (1u32 << stop))
        };
        Run {
            len,
            // The run's cells are on the line, below bit 15.
            cells: cells as u16,
            line,
        }
    }
}

/// The bits of the goal areas on `line`, indexed by the side that defends them.
#[inline]
pub(crate) fn goals(line: usize) -> [u16; 2] {
    GOALS[line]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::STEP;

    /// Runs found by the bit scan agree with a walk cell by cell, on boards with pieces
    /// scattered over every kind of cell.
    #[test]
    fn runs_agree_with_walks() {
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        let board: Vec<Cell> = (0..=255u8).filter(|&c| KIND[c as usize] != OFF).collect();
        for round in 0..400 {
            let pieces: Vec<Cell> = (0..1 + round % 40)
                .map(|_| board[(next() % board.len() as u64) as usize])
                .collect();
            let mut set = board_kernel::SquareSet::EMPTY;
            for &c in &pieces[1..] {
                set.insert_index(usize::from(c));
            }
            let lines = Lines::new(set.words(), pieces[0]);
            for &from in &board {
                for d in 0..8u8 {
                    let step = STEP[usize::from(d)];
                    let (mut c, mut walked) = (from, Vec::new());
                    loop {
                        c = c.wrapping_add(step);
                        if KIND[c as usize] == OFF || pieces.contains(&c) {
                            break;
                        }
                        walked.push(c);
                    }
                    let run = lines.run(from, d);
                    assert_eq!(run.len as usize, walked.len(), "from {from} direction {d}");
                    assert_eq!(run.cells.count_ones() as usize, walked.len());
                    let [white, black] = goals(run.line);
                    let goal_cells = walked
                        .iter()
                        .filter(|&&c| KIND[c as usize] == GOAL_WHITE)
                        .count();
                    assert_eq!((run.cells & white).count_ones() as usize, goal_cells);
                    let goal_cells = walked
                        .iter()
                        .filter(|&&c| KIND[c as usize] == GOAL_BLACK)
                        .count();
                    assert_eq!((run.cells & black).count_ones() as usize, goal_cells);
                }
            }
        }
    }
}
