//! Finding the turn at an index of the generator's list without the list: the counts of
//! the choices beside the path are subtracted on the way down ([`pick`]).

use board_kernel::{Direction, Side};

use super::{Child, Counter, Node, STEPS, Step, count, counter, start};
use crate::board::{ALL_CELLS, Spot, cells, tiers};
use crate::notation::{Move, Segment};
use crate::options::Options;
use crate::pieces::replacement_cells;
use crate::state::State;

/// Naming the turn at an index.
impl Counter {
    /// Completes `mv` with the turn at `index` among those `child` leads to, where
    /// `segment` is the segment leading there (unused for the penalty).
    fn nth_of(&self, child: Child, segment: Segment, index: usize, mv: &mut Move) -> Option<()> {
        match child {
            Child::Ends => mv.push_segment(segment),
            Child::Scores { occupied } => mv.push_segment(Segment {
                replace: Some(replacement_at(occupied, self.mover, index)?),
                ..segment
            }),
            Child::Penalty {
                occupied,
                bottom_mine,
            } => {
                let replace = if bottom_mine {
                    Some(replacement_at(occupied, self.mover, index)?)
                } else {
                    None
                };
                *mv = mv.with_penalty(replace);
            }
            Child::Tower(node) => {
                mv.push_segment(segment);
                return self.nth_chain(node, index, mv);
            }
        }
        Some(())
    }

    /// Completes `mv` with the turn at `index` among those [`Counter::chain`] counts for
    /// `node`, counting only the subtrees before the chosen direction.
    fn nth_chain(&self, node: Node, mut index: usize, mv: &mut Move) -> Option<()> {
        let mut found = None;
        self.segments(node, |step, child| {
            let size = self.size(child);
            if index < size {
                found = Some((*step, child));
                return true;
            }
            index -= size;
            false
        });
        let (step, child) = found?;
        self.nth_of(child, tower_segment(node.cell, &step), index, mv)
    }
}

/// The segment of a tower on the cell with bit index `cell` in `step`'s direction: to `B`.
fn tower_segment(cell: u32, step: &Step) -> Segment {
    segment(cell, step, 2)
}

/// The free step of the stone on the cell with bit index `cell` in `step`'s direction: to
/// `A`.
fn free_step(cell: u32, step: &Step) -> Segment {
    segment(cell, step, 1)
}

/// The segment from the cell with bit index `cell` to the spot `k` steps away in `step`'s
/// direction (it exists wherever the step was judged).
fn segment(cell: u32, step: &Step, k: i8) -> Segment {
    let from = Spot::from_bit(cell);
    Segment {
        from,
        to: from
            .steps(Direction::ALL[usize::from(step.dir)], k)
            .unwrap_or(Spot::MIN),
        replace: None,
    }
}

/// The cell at `index` (in the order the generator takes them, by bit) among those
/// `side` re-places a stone on when `occupied` is occupied.
fn replacement_at(occupied: u64, side: Side, index: usize) -> Option<Spot> {
    let free = !occupied & ALL_CELLS;
    let mask = tiers(side)
        .iter()
        .map(|tier| tier & free)
        .find(|m| *m != 0)
        .unwrap_or(0);
    cells(mask).nth(index)
}

/// The turn at the index `pick` chooses (given how many there are) in the generator's list
/// for `state` (not finished), found by counting each first choice's turns once and
/// descending into the chosen one, counting only the subtrees beside the path. `None` where
/// [`count`] does not apply; `Some(None)` (and no call of `pick`) when there is no turn.
pub(crate) fn pick(
    options: &Options,
    state: &State,
    pick: impl FnOnce(usize) -> usize,
) -> Option<Option<Move>> {
    let counter = counter(options, state)?;
    let (occupied, mine) = start(state);
    let mover = state.to_move;
    if state.pending == Some(mover) {
        // Rare: the placement first, then the body counted again below it.
        let total = count(options, state)?;
        if total == 0 {
            return Some(None);
        }
        let mut index = pick(total);
        for z in cells(replacement_cells(&state.board, mover)) {
            let (occupied, mine) = (occupied | z.bit(), mine | z.bit());
            let size = counter.body(state, occupied, mine);
            if index < size {
                let mut mv = Move::EMPTY.with_placement(z);
                return Some(
                    nth_body(&counter, state, occupied, mine, index, &mut mv).map(|()| mv),
                );
            }
            index -= size;
        }
        return Some(None);
    }
    // The first choices (a tower's directions, or every stone's free steps: at most 11 × 8)
    // with their counts.
    let mut firsts = [(0usize, 0u32, STEPS[0][0], Child::Ends); 88];
    let mut len = 0;
    let mut total = 0;
    let mut note = |cell: u32, step: &Step, child: Child| {
        let size = counter.size(child);
        if let Some(slot) = firsts.get_mut(len) {
            *slot = (size, cell, *step, child);
        }
        len += 1;
        total += size;
        false
    };
    let tower = counter.tower_node(state, occupied, mine);
    match tower {
        Some(node) => counter.segments(node, |step, child| note(node.cell, step, child)),
        None => counter.free_steps(occupied, mine, state.segment, note),
    }
    if total == 0 {
        return Some(None);
    }
    let mut index = pick(total);
    let mut mv = Move::EMPTY;
    if len > firsts.len() {
        // More stones than a side owns: descend without the noted counts.
        return Some(nth_body(&counter, state, occupied, mine, index, &mut mv).map(|()| mv));
    }
    for &(size, cell, step, child) in &firsts[..len] {
        if index >= size {
            index -= size;
            continue;
        }
        let segment = match tower {
            Some(_) => tower_segment(cell, &step),
            None => free_step(cell, &step),
        };
        return Some(counter.nth_of(child, segment, index, &mut mv).map(|()| mv));
    }
    Some(None)
}

/// Completes `mv` with the turn at `index` of the body (see [`Counter::body`]).
fn nth_body(
    counter: &Counter,
    state: &State,
    occupied: u64,
    mine: u64,
    mut index: usize,
    mv: &mut Move,
) -> Option<()> {
    match counter.tower_node(state, occupied, mine) {
        Some(node) => counter.nth_chain(node, index, mv),
        None => {
            let mut found = None;
            counter.free_steps(occupied, mine, state.segment, |cell, step, child| {
                let size = counter.size(child);
                if index < size {
                    found = Some((cell, *step, child));
                    return true;
                }
                index -= size;
                false
            });
            let (cell, step, child) = found?;
            counter.nth_of(child, free_step(cell, &step), index, mv)
        }
    }
}
