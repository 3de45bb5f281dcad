//! Counting the complete turns of a position without walking them one by one: what perft's
//! last ply needs, and a random player, which counts the turns, draws an index and descends
//! to that turn counting only the subtrees beside its path ([`pick`]).
//!
//! The turn generator ([`crate::turn`]) builds every turn as a path through a tree of
//! segments, copying a working position per branch and judging each direction through the
//! rules' own functions. A count only needs the tree's size, and under the default option
//! `scoring_friendly_tower = Forbidden` each node is decided by a few bit operations on two
//! masks — the occupied cells and the mover's single stones — plus the tower's cell and the
//! colour of its bottom stone: a segment that scores ends the turn, so a node's subtree does
//! not depend on the scores, and every re-placement cell is one more turn (a popcount). The
//! walk follows 4.2–4.7 as the generator does, in the generator's order (so that the turn at
//! an index is the list's), and a test compares the two on random positions under varied
//! options.

use board_kernel::{Direction, Side};

use crate::board::{ALL_CELLS, Spot, cells, tiers};
use crate::options::{Options, ScoringFriendlyTower};
use crate::pieces::replacement_cells;
use crate::state::State;

mod index;

pub(crate) use index::pick;

/// One direction from one cell: the masks of `A` and `B` (0 where not a board cell), the
/// points a stone scores at `B` for each side (0 where `B` is not its scoring position), and
/// whether `A` is the goal cell each side attacks (a free step's target with option
/// `single_step_into_goal`).
#[derive(Clone, Copy)]
struct Step {
    a: u64,
    b: u64,
    points: [u8; 2],
    a_goal: [bool; 2],
    /// The direction's number in [`Direction::ALL`], to name `A` and `B` in a move.
    dir: u8,
}

/// [`Step`] for every board cell (by bit index) and direction.
static STEPS: [[Step; 8]; 56] = {
    let none = Step {
        a: 0,
        b: 0,
        points: [0, 0],
        a_goal: [false, false],
        dir: 0,
    };
    let mut table = [[none; 8]; 56];
    let mut bit = 0;
    while bit < 56 {
        let cell = Spot::from_bit(bit as u32);
        let mut d = 0;
        while d < 8 {
            let dir = Direction::ALL[d];
            table[bit][d].dir = d as u8;
            if let Some(a) = cell.steps(dir, 1) {
                table[bit][d].a = a.bit();
                if a.is_goal() {
                    match a.scorer() {
                        Some(Side::White) => table[bit][d].a_goal[0] = true,
                        Some(Side::Black) => table[bit][d].a_goal[1] = true,
                        None => {}
                    }
                }
            }
            if let Some(b) = cell.steps(dir, 2) {
                table[bit][d].b = b.bit();
                let points = if b.is_goal() { 2 } else { 1 };
                match b.scorer() {
                    Some(Side::White) => table[bit][d].points[0] = points,
                    Some(Side::Black) => table[bit][d].points[1] = points,
                    None => {}
                }
            }
            d += 1;
        }
        bit += 1;
    }
    table
};

/// The directions from each board cell (by bit index) that pass L1 and L2 for each side
/// (by [`Side::index`]): `A` on the board, `B` on the board or on that side's scoring row.
/// Which pass depends only on the cell, so a node tries only these.
static OPEN_STEPS: [[Directions; 56]; 2] = {
    let empty = Directions {
        len: 0,
        steps: [STEPS[0][0]; 8],
        scoring: false,
    };
    let mut table = [[empty; 56]; 2];
    let mut side = 0;
    while side < 2 {
        let mut bit = 0;
        while bit < 56 {
            let mut d = 0;
            while d < 8 {
                let step = STEPS[bit][d];
                if step.a != 0 && (step.b != 0 || step.points[side] != 0) {
                    let list = &mut table[side][bit];
                    list.steps[list.len as usize] = step;
                    list.len += 1;
                    list.scoring |= step.b == 0;
                }
                d += 1;
            }
            bit += 1;
        }
        side += 1;
    }
    table
};

/// The `A` and `B` masks of the directions of [`OPEN_STEPS`] that do not score (`B` a board
/// cell), in no particular order: what [`Counter::chain`] and [`Counter::last`] count over.
static PLAIN_STEPS: [[Plain; 56]; 2] = {
    let empty = Plain {
        len: 0,
        ab: [[0; 2]; 8],
    };
    let mut table = [[empty; 56]; 2];
    let mut side = 0;
    while side < 2 {
        let mut bit = 0;
        while bit < 56 {
            let open = &OPEN_STEPS[side][bit];
            let list = &mut table[side][bit];
            let mut i = 0;
            while i < open.len as usize {
                let step = open.steps[i];
                if step.b != 0 {
                    list.ab[list.len as usize] = [step.a, step.b];
                    list.len += 1;
                }
                i += 1;
            }
            bit += 1;
        }
        side += 1;
    }
    table
};

/// Up to eight directions' `A` and `B` masks.
#[derive(Clone, Copy)]
struct Plain {
    len: u8,
    ab: [[u64; 2]; 8],
}

impl Plain {
    #[inline]
    fn as_slice(&self) -> &[[u64; 2]] {
        &self.ab[..self.len as usize]
    }
}

/// Up to eight [`Step`]s, and whether one of them scores.
#[derive(Clone, Copy)]
struct Directions {
    len: u8,
    steps: [Step; 8],
    scoring: bool,
}

impl Directions {
    #[inline]
    fn as_slice(&self) -> &[Step] {
        &self.steps[..self.len as usize]
    }
}

/// How many cells `side` may re-place a stone on when `occupied` is occupied (4.6).
#[inline]
fn replacement_count(occupied: u64, side: Side) -> usize {
    let free = !occupied & ALL_CELLS;
    for tier in tiers(side) {
        if tier & free != 0 {
            return (tier & free).count_ones() as usize;
        }
    }
    0
}

/// The counting walk of one position.
struct Counter {
    mover: Side,
    max_segments: u8,
    single_step_into_goal: bool,
}

/// A tower of the mover's during the turn: the cell (bit index) it stands on, whether its
/// bottom stone is the mover's, and the segment number its next move will have, with
/// `occupied` holding every stone (the tower's cell too) and `mine` the mover's singles.
#[derive(Clone, Copy)]
struct Node {
    occupied: u64,
    mine: u64,
    cell: u32,
    bottom_mine: bool,
    n: u8,
}

impl Node {
    /// The node after the tower moves in `step`'s direction building a friendly tower (B
    /// occupied, or A under the mover's bottom stone; not both).
    #[inline]
    fn friendly_tower(self, step: [u64; 2]) -> Node {
        let [a, b] = step;
        let p = 1u64 << self.cell;
        if self.occupied & b != 0 {
            // The top stone lands on B's single stone: the new tower stands on B; the bottom
            // stone lands on the empty A.
            Node {
                occupied: (self.occupied & !p) | a,
                mine: (self.mine & !p & !b) | if self.bottom_mine { a } else { 0 },
                cell: b.trailing_zeros(),
                bottom_mine: self.mine & b != 0,
                n: self.n + 1,
            }
        } else {
            // The mover's bottom stone lands on A's single stone: the new tower stands on A;
            // the top stone lands on the empty B.
            Node {
                occupied: (self.occupied & !p) | b,
                mine: (self.mine & !p & !a) | b,
                cell: a.trailing_zeros(),
                bottom_mine: self.mine & a != 0,
                n: self.n + 1,
            }
        }
    }
}

/// Where one choice of a turn leads (a direction of the tower, or a stone's free step).
#[derive(Clone, Copy)]
enum Child {
    /// The turn ends.
    Ends,
    /// A stone scores and is re-placed on one of the mover's cells free in `occupied`: a
    /// turn per cell.
    Scores { occupied: u64 },
    /// The turn goes on with a tower of the mover's.
    Tower(Node),
    /// No direction is legal: the penalty (4.7). The top stone stays, the bottom one is
    /// lifted out and, if it is the mover's, re-placed by him now on a cell free in
    /// `occupied` (a turn per cell), else by the opponent on his next turn.
    Penalty { occupied: u64, bottom_mine: bool },
}

impl Counter {
    /// How many turns go on from `node`.
    fn chain(&self, node: Node) -> usize {
        if node.n >= self.max_segments {
            return self.last(node);
        }
        let occupied = node.occupied;
        let open = &OPEN_STEPS[self.mover.index()][node.cell as usize];
        let plain = PLAIN_STEPS[self.mover.index()][node.cell as usize].as_slice();
        let barred_a = if node.bottom_mine { occupied } else { 0 };
        let mut turns = self.scoring_turns(node, open);
        // The rules of [`Counter::segments`], counted: a direction that builds no tower of
        // the mover's and does not score is one turn; one that builds a friendly tower goes
        // on unless it meets two towers (L3). The directions are judged without a branch,
        // those that go on noted as bits, and followed after.
        let mut go = 0u32;
        for (i, &[a, b]) in plain.iter().enumerate() {
            let friendly = (occupied & b) | (barred_a & a) != 0;
            let two_towers = occupied & a != 0 && occupied & b != 0;
            turns += usize::from(!friendly);
            go |= u32::from(friendly && !two_towers) << i;
        }
        while go != 0 {
            let child = node.friendly_tower(plain[go.trailing_zeros() as usize]);
            go &= go - 1;
            // The last segment's count is made here rather than in a call of `chain`: most
            // nodes are last segments.
            turns += if child.n >= self.max_segments {
                self.last(child)
            } else {
                self.chain(child)
            };
        }
        // Every legal direction leads to at least one turn (a tower's chain ends in a turn
        // or the penalty, a re-placement always has the own half): none means the penalty.
        if turns == 0 {
            turns = self.penalty(occupied, node.bottom_mine);
        }
        turns
    }

    /// The turns of the penalty (4.7) at a tower with the bottom stone the mover's when
    /// `bottom_mine`: the top stone stays, the bottom one is lifted out and re-placed by the
    /// mover now (a turn per cell), or by the opponent on his next turn (one turn).
    #[inline]
    fn penalty(&self, occupied: u64, bottom_mine: bool) -> usize {
        if bottom_mine {
            replacement_count(occupied, self.mover)
        } else {
            1
        }
    }

    /// How many turns `child` leads to.
    #[inline]
    fn size(&self, child: Child) -> usize {
        match child {
            Child::Ends
            | Child::Penalty {
                bottom_mine: false, ..
            } => 1,
            Child::Scores { occupied }
            | Child::Penalty {
                occupied,
                bottom_mine: true,
            } => replacement_count(occupied, self.mover),
            Child::Tower(node) => self.chain(node),
        }
    }

    /// Calls `visit` with each legal direction of `node`'s tower (4.4, L1–L5) and where it
    /// leads, in the generator's order, or once with the penalty (4.7) when there is none;
    /// stops when `visit` returns `true`.
    #[inline]
    fn segments(&self, node: Node, mut visit: impl FnMut(&Step, Child) -> bool) {
        let Node {
            occupied,
            cell,
            bottom_mine,
            n,
            ..
        } = node;
        let p = 1u64 << cell;
        let mut any = false;
        // L1 and L2 hold for these.
        let open = &OPEN_STEPS[self.mover.index()][cell as usize];
        for step in open.as_slice() {
            let a_occupied = occupied & step.a != 0;
            let b_occupied = occupied & step.b != 0;
            // L3: two towers.
            if a_occupied && b_occupied {
                continue;
            }
            let friendly = (a_occupied && bottom_mine) || b_occupied;
            // L4: the last segment; L5: a scoring segment (scoring_friendly_tower = Forbidden).
            if friendly && (n >= self.max_segments || step.b == 0) {
                continue;
            }
            any = true;
            let child = if step.b == 0 {
                // The top stone scores and the turn ends after its re-placement.
                Child::Scores {
                    occupied: (occupied & !p) | step.a,
                }
            } else if !friendly {
                Child::Ends
            } else {
                Child::Tower(node.friendly_tower([step.a, step.b]))
            };
            if visit(step, child) {
                return;
            }
        }
        if !any {
            visit(
                &open.steps[0],
                Child::Penalty {
                    occupied,
                    bottom_mine,
                },
            );
        }
    }

    /// [`Counter::chain`] for the last segment a turn may have (L4: no friendly tower), where
    /// every legal direction ends the turn: not onto an occupied B (two towers, or a friendly
    /// one), not the mover's bottom stone onto an occupied A (a friendly tower).
    #[inline(always)]
    fn last(&self, node: Node) -> usize {
        let open = &OPEN_STEPS[self.mover.index()][node.cell as usize];
        let plain = PLAIN_STEPS[self.mover.index()][node.cell as usize].as_slice();
        let barred_a = if node.bottom_mine { node.occupied } else { 0 };
        // A sum of 0s and 1s, without a branch.
        let mut turns = self.scoring_turns(node, open)
            + plain
                .iter()
                .map(|&[a, b]| usize::from((node.occupied & b) | (barred_a & a) == 0))
                .sum::<usize>();
        if turns == 0 {
            turns = self.penalty(node.occupied, node.bottom_mine);
        }
        turns
    }

    /// The turns of `node`'s scoring directions (`open` its directions): the top stone
    /// scores and the turn ends after its re-placement (L5: never onto a friendly tower, so
    /// only with A empty or under the opponent's bottom stone). Each has at least one
    /// re-placement cell: the own half is never full.
    #[inline]
    fn scoring_turns(&self, node: Node, open: &Directions) -> usize {
        if !open.scoring {
            return 0;
        }
        let p = 1u64 << node.cell;
        let barred_a = if node.bottom_mine { node.occupied } else { 0 };
        open.as_slice()
            .iter()
            .filter(|step| step.b == 0 && barred_a & step.a == 0)
            .map(|step| replacement_count((node.occupied & !p) | step.a, self.mover))
            .sum()
    }

    /// Calls `visit` with each free step (4.3) of a position without a tower after `done`
    /// segments: the stone's cell (bit index), the step and where it leads, in the
    /// generator's order; stops when `visit` returns `true`.
    #[inline]
    fn free_steps(
        &self,
        occupied: u64,
        mine: u64,
        done: u8,
        mut visit: impl FnMut(u32, &Step, Child) -> bool,
    ) {
        let mut singles = mine;
        while singles != 0 {
            let cell = singles.trailing_zeros();
            singles &= singles - 1;
            let s = 1u64 << cell;
            for step in &STEPS[cell as usize] {
                let child = if step.a == 0 {
                    // A goal cell next to the stone (option single_step_into_goal): the
                    // stone scores and is re-placed.
                    if !(self.single_step_into_goal && step.a_goal[self.mover.index()]) {
                        continue;
                    }
                    Child::Scores {
                        occupied: occupied & !s,
                    }
                } else if occupied & step.a == 0 {
                    Child::Ends
                } else {
                    // Onto a single stone: the mover's tower, to be moved as segment 2.
                    Child::Tower(Node {
                        occupied: occupied & !s,
                        mine: mine & !s & !step.a,
                        cell: step.a.trailing_zeros(),
                        bottom_mine: mine & step.a != 0,
                        n: done.saturating_add(2),
                    })
                };
                if visit(cell, step, child) {
                    return;
                }
            }
        }
    }

    /// The node of the tower on `state`'s board, if there is one (4.2 step 3), with
    /// `occupied` and `mine` its masks: where the body of the turn starts.
    fn tower_node(&self, state: &State, occupied: u64, mine: u64) -> Option<Node> {
        state.board.tower().map(|tower| Node {
            occupied,
            mine,
            cell: tower.cell.bit().trailing_zeros(),
            bottom_mine: tower.bottom == self.mover,
            n: state.segment.saturating_add(1),
        })
    }

    /// The turns of the body of a turn (4.2 steps 2–4): the tower's chain, or free steps.
    fn body(&self, state: &State, occupied: u64, mine: u64) -> usize {
        match self.tower_node(state, occupied, mine) {
            Some(node) => self.chain(node),
            None => {
                let mut turns = 0;
                self.free_steps(occupied, mine, state.segment, |_, _, child| {
                    turns += self.size(child);
                    false
                });
                turns
            }
        }
    }
}

/// The number of complete turns of `state` (not finished), or `None` where this counter
/// does not apply (option `scoring_friendly_tower = Continue`, where a scoring segment may
/// go on and the scores matter, or a tower whose top stone is not the mover's).
pub(crate) fn count(options: &Options, state: &State) -> Option<usize> {
    let counter = counter(options, state)?;
    let (occupied, mine) = start(state);
    if state.pending == Some(state.to_move) {
        Some(
            cells(replacement_cells(&state.board, state.to_move))
                .map(|z| counter.body(state, occupied | z.bit(), mine | z.bit()))
                .sum(),
        )
    } else {
        Some(counter.body(state, occupied, mine))
    }
}

/// The most points the side to move can gain in its turn: 2 or 1 for a turn that scores (its
/// goal cell, or another scoring position), 0 for one that does not, −2 when every turn ends
/// in the penalty (4.7). A static evaluation reads it as the threat of the side to move: a
/// chain that scores now. `None` where [`count`] does not apply or a stone waits to be placed.
pub(crate) fn best_gain(options: &Options, state: &State) -> Option<i32> {
    let counter = counter(options, state)?;
    if state.pending.is_some() {
        return None;
    }
    let (occupied, mine) = start(state);
    let mut best = i32::MIN;
    match counter.tower_node(state, occupied, mine) {
        Some(node) => best = counter.best_chain(node),
        None => counter.free_steps(occupied, mine, state.segment, |_, _, child| {
            // A free step scores only into the goal cell: 2 points.
            best = best.max(match child {
                Child::Scores { .. } => 2,
                child => counter.best_after(2, child),
            });
            best >= 2
        }),
    }
    (best != i32::MIN).then_some(best)
}

impl Counter {
    /// The most points a turn gains after the choice leading to `child`, a scoring one
    /// worth `points`.
    fn best_after(&self, points: i32, child: Child) -> i32 {
        match child {
            Child::Ends => 0,
            Child::Scores { .. } => points,
            Child::Penalty { .. } => -2,
            Child::Tower(node) => self.best_chain(node),
        }
    }

    /// The most points a turn gains from `node`'s tower on; stops at 2, the most there is.
    fn best_chain(&self, node: Node) -> i32 {
        let mut best = i32::MIN;
        self.segments(node, |step, child| {
            let points = i32::from(step.points[self.mover.index()]);
            best = best.max(self.best_after(points, child));
            best >= 2
        });
        best
    }
}

/// The counter for `state`, where it applies (see [`count`]).
fn counter(options: &Options, state: &State) -> Option<Counter> {
    let mover = state.to_move;
    if options.scoring_friendly_tower == ScoringFriendlyTower::Continue
        || state.board.tower().is_some_and(|tower| tower.top != mover)
    {
        return None;
    }
    Some(Counter {
        mover,
        max_segments: options.max_segments,
        single_step_into_goal: options.single_step_into_goal,
    })
}

/// The occupied cells and the mover's single stones of `state`.
fn start(state: &State) -> (u64, u64) {
    (
        state.board.occupied(),
        state.board.single_mask(state.to_move),
    )
}

#[cfg(test)]
mod tests;
