//! Counting the complete turns of a position without walking them one by one: what perft's
//! last ply and a random player need.
//!
//! The turn generator ([`crate::turn`]) builds every turn as a path through a tree of
//! segments, copying a working position per branch and judging each direction through the
//! rules' own functions. A count only needs the tree's size, and under the default option
//! `scoring_friendly_tower = Forbidden` each node is decided by a few bit operations on two
//! masks — the occupied cells and the mover's single stones — plus the tower's cell and the
//! colour of its bottom stone: a segment that scores ends the turn, so a node's subtree does
//! not depend on the scores, and every re-placement cell is one more turn (a popcount). The
//! counter follows 4.2–4.7 exactly as the generator does (the same direction order is not
//! needed: only the number), and a test compares the two on random positions under varied
//! options.

use board_kernel::Side;

use crate::board::{ALL_CELLS, Spot, tiers};
use crate::options::{Options, ScoringFriendlyTower};
use crate::state::State;

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
}

/// [`Step`] for every board cell (by bit index) and direction.
static STEPS: [[Step; 8]; 56] = {
    let none = Step {
        a: 0,
        b: 0,
        points: [0, 0],
        a_goal: [false, false],
    };
    let mut table = [[none; 8]; 56];
    let mut bit = 0;
    while bit < 56 {
        let cell = Spot::from_bit(bit as u32);
        let mut d = 0;
        while d < 8 {
            let dir = board_kernel::Direction::ALL[d];
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
                }
                d += 1;
            }
            bit += 1;
        }
        side += 1;
    }
    table
};

/// Up to eight [`Step`]s.
#[derive(Clone, Copy)]
struct Directions {
    len: u8,
    steps: [Step; 8],
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

impl Counter {
    /// The turns that go on from a tower of the mover on the cell with bit index `cell`,
    /// whose bottom stone is the mover's when `bottom_mine`, as segment number `n`:
    /// `occupied` holds every stone (the tower's cell too), `mine` the mover's single stones.
    fn chain(&self, occupied: u64, mine: u64, cell: u32, bottom_mine: bool, n: u8) -> usize {
        if n >= self.max_segments {
            return self.last(occupied, cell, bottom_mine);
        }
        let p = 1u64 << cell;
        let mut turns = 0;
        let mut any = false;
        // L1 and L2 hold for these.
        for step in OPEN_STEPS[self.mover.index()][cell as usize].as_slice() {
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
            if step.b == 0 {
                // The top stone scores and the turn ends: one turn per re-placement cell.
                turns += replacement_count((occupied & !p) | step.a, self.mover);
            } else if !friendly {
                turns += 1;
            } else if b_occupied {
                // The top stone lands on B's single stone: the new tower stands on B; the
                // bottom stone lands on the empty A.
                let bottom = mine & step.b != 0;
                let mine = (mine & !p & !step.b) | if bottom_mine { step.a } else { 0 };
                let occupied = (occupied & !p) | step.a;
                turns += self.chain(occupied, mine, step.b.trailing_zeros(), bottom, n + 1);
            } else {
                // The mover's bottom stone lands on A's single stone: the new tower stands on
                // A; the top stone lands on the empty B.
                let bottom = mine & step.a != 0;
                let mine = (mine & !p & !step.a) | step.b;
                let occupied = (occupied & !p) | step.b;
                turns += self.chain(occupied, mine, step.a.trailing_zeros(), bottom, n + 1);
            }
        }
        if !any {
            turns += self.penalty(occupied, bottom_mine);
        }
        turns
    }

    /// [`Counter::chain`] for the last segment a turn may have (L4: no friendly tower), where
    /// every legal direction ends the turn.
    #[inline]
    fn last(&self, occupied: u64, cell: u32, bottom_mine: bool) -> usize {
        let p = 1u64 << cell;
        let mut turns = 0;
        let mut any = false;
        for step in OPEN_STEPS[self.mover.index()][cell as usize].as_slice() {
            let a_occupied = occupied & step.a != 0;
            // Not onto an occupied B (two towers, or a friendly one), not the mover's bottom
            // stone onto an occupied A (a friendly tower).
            if occupied & step.b != 0 || (a_occupied && bottom_mine) {
                continue;
            }
            any = true;
            turns += if step.b == 0 {
                replacement_count((occupied & !p) | step.a, self.mover)
            } else {
                1
            };
        }
        if !any {
            turns += self.penalty(occupied, bottom_mine);
        }
        turns
    }

    /// The turns of the penalty (4.7): the top stone stays, the bottom one is lifted out
    /// and, if it is the mover's, re-placed by him now (one turn per cell), else later.
    #[inline]
    fn penalty(&self, occupied: u64, bottom_mine: bool) -> usize {
        if bottom_mine {
            replacement_count(occupied, self.mover)
        } else {
            1
        }
    }

    /// The turns from a position without a tower after `done` segments: free steps (4.3).
    fn free_steps(&self, occupied: u64, mine: u64, done: u8) -> usize {
        let mut turns = 0;
        let mut singles = mine;
        while singles != 0 {
            let cell = singles.trailing_zeros();
            singles &= singles - 1;
            let s = 1u64 << cell;
            for step in &STEPS[cell as usize] {
                if step.a == 0 {
                    // A goal cell next to the stone (option single_step_into_goal).
                    if self.single_step_into_goal && step.a_goal[self.mover.index()] {
                        turns += replacement_count(occupied & !s, self.mover);
                    }
                } else if occupied & step.a == 0 {
                    turns += 1;
                } else {
                    // Onto a single stone: the mover's tower, to be moved as segment 2.
                    let bottom = mine & step.a != 0;
                    let mine = mine & !s & !step.a;
                    let occupied = occupied & !s;
                    turns += self.chain(
                        occupied,
                        mine,
                        step.a.trailing_zeros(),
                        bottom,
                        done.saturating_add(2),
                    );
                }
            }
        }
        turns
    }
}

/// The number of complete turns of `state` (not finished), or `None` where this counter
/// does not apply (option `scoring_friendly_tower = Continue`, where a scoring segment may
/// go on and the scores matter, or a tower whose top stone is not the mover's).
pub(crate) fn count(options: &Options, state: &State) -> Option<usize> {
    if options.scoring_friendly_tower == ScoringFriendlyTower::Continue {
        return None;
    }
    let mover = state.to_move;
    let counter = Counter {
        mover,
        max_segments: options.max_segments,
        single_step_into_goal: options.single_step_into_goal,
    };
    let board = &state.board;
    let body = |occupied: u64, mine: u64| -> Option<usize> {
        match board.tower() {
            Some(tower) if tower.top != mover => None,
            Some(tower) => Some(counter.chain(
                occupied,
                mine,
                tower.cell.bit().trailing_zeros(),
                tower.bottom == mover,
                state.segment.saturating_add(1),
            )),
            None => Some(counter.free_steps(occupied, mine, state.segment)),
        }
    };
    let (occupied, mine) = (board.occupied(), board.single_mask(mover));
    if state.pending == Some(mover) {
        let mut free = crate::board::replacement_cells(board, mover);
        let mut turns = 0;
        while free != 0 {
            let z = free & free.wrapping_neg();
            free &= free - 1;
            turns += body(occupied | z, mine | z)?;
        }
        Some(turns)
    } else {
        body(occupied, mine)
    }
}

#[cfg(test)]
mod tests {
    use board_kernel::{Game, GameOptions, SplitMix64};

    use super::*;
    use crate::ChainReaction;
    use crate::turn;

    /// The counter against the generator, in every state of seeded random games under
    /// options that change what it reads (segments per turn, free steps into the goal) and
    /// long games (high targets), so that scoring, re-placement, penalties and pending
    /// stones all come up.
    #[test]
    fn counts_what_the_generator_lists() {
        let mut rng = SplitMix64::new(0xc4a1);
        let mut moves = Vec::new();
        let (mut states, mut pending, mut towers) = (0, 0, 0);
        for max_segments in ["2", "3", "5", "7"] {
            for goal in ["off", "on"] {
                let options = Options::from_pairs([
                    ("max_segments", max_segments),
                    ("single_step_into_goal", goal),
                    ("target_white", "40"),
                    ("target_black", "40"),
                ])
                .unwrap();
                let game = ChainReaction::new(options).unwrap();
                for _ in 0..6 {
                    let mut state = game.initial_state();
                    while !game.status(&state).is_finished() {
                        let counted = count(&options, &state).unwrap();
                        assert_eq!(counted, turn::count(&options, &state), "{state:?}");
                        states += 1;
                        if state.pending.is_none() && state.board.tower().is_none() {
                            // The same board with a stone of the mover's waiting to be
                            // placed first (4.8; not always a reachable position, but the
                            // generator and the counter must still agree).
                            let mut waiting = state.clone();
                            waiting.pending = Some(state.to_move);
                            let counted = count(&options, &waiting).unwrap();
                            assert_eq!(counted, turn::count(&options, &waiting), "{waiting:?}");
                            pending += 1;
                        }
                        towers += usize::from(state.board.tower().is_some());
                        moves.clear();
                        game.legal_moves(&state, &mut moves);
                        let mv = moves[rng.below(moves.len())];
                        game.play_unchecked(&mut state, &mv);
                    }
                }
            }
        }
        assert!(
            states > 10_000 && pending > 1000 && towers > 1000,
            "{states} {pending} {towers}"
        );
    }

    #[test]
    fn leaves_the_continue_rule_to_the_generator() {
        let options = Options::from_pairs([("scoring_friendly_tower", "continue")]).unwrap();
        let game = ChainReaction::new(options).unwrap();
        assert_eq!(count(&options, &game.initial_state()), None);
    }
}
