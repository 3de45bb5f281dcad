//! The complete turns of a position, by a depth-first search over chains that copies a
//! 40-byte working position per branch and allocates nothing: into a list, or only counted.

use board_kernel::Side;
use board_kernel::sink::{Count, MoveSink};

use super::{Work, judge, move_tower, next_segment, take_penalty};
use crate::board::{Spot, cells, ray};
use crate::notation::{Move, Segment};
use crate::options::Options;
use crate::pieces::{Tower, replacement_cells};
use crate::state::State;

struct Generator<'a, S: MoveSink<Move>> {
    options: &'a Options,
    mover: Side,
    target: i64,
    out: &'a mut S,
    /// The turn so far: segments are pushed on the way down and popped on the way back, and
    /// a leaf copies it into `out` before writing its last token there (writing a token just
    /// before copying the whole move would stall the copy on the fresh store).
    cur: Move,
}

/// Appends every complete turn of `state` (not finished) to `out`.
pub(crate) fn turns(options: &Options, state: &State, out: &mut impl MoveSink<Move>) {
    let mover = state.to_move;
    let mut walker = Generator {
        options,
        mover,
        target: state.targets[mover.index()],
        out,
        cur: Move::EMPTY,
    };
    let work = Work {
        board: state.board,
        scores: state.scores,
    };
    if state.pending == Some(mover) {
        for z in cells(replacement_cells(&work.board, mover)) {
            let mut placed = work;
            placed.board.drop_stone(z, mover);
            walker.cur = Move::EMPTY.with_placement(z);
            walker.body(placed, state.segment);
        }
    } else {
        walker.body(work, state.segment);
    }
}

/// How many complete turns [`turns`] appends.
pub(crate) fn count_turns(options: &Options, state: &State) -> usize {
    let mut count = Count::default();
    turns(options, state, &mut count);
    count.0
}

impl<S: MoveSink<Move>> Generator<'_, S> {
    fn body(&mut self, work: Work, done: u8) {
        match work.board.tower() {
            Some(tower) => self.chain(work, tower, done),
            None => self.free_steps(work, done),
        }
    }

    /// A complete turn: the current one with `last` appended.
    #[inline]
    fn leaf(&mut self, last: Segment) {
        self.out.add_completed(self.cur, |mv| mv.push_segment(last));
    }

    /// A complete turn ending in a penalty.
    #[inline]
    fn penalty(&mut self, replace: Option<Spot>) {
        self.out.add(self.cur.with_penalty(replace));
    }

    /// The chain goes on with the friendly tower `tower` after `seg`.
    fn deeper(&mut self, work: Work, tower: Tower, done: u8, seg: Segment) {
        self.cur.push_segment(seg);
        self.chain(work, tower, done);
        self.cur.pop_segment();
    }

    fn free_steps(&mut self, work: Work, done: u8) {
        let mover = self.mover;
        let occupied = work.board.occupied();
        for s in cells(work.board.single_mask(mover)) {
            for dir in 0..8 {
                let Some(q) = ray(s, dir).0 else { continue };
                if q.is_board() {
                    let seg = Segment {
                        from: s,
                        to: q,
                        replace: None,
                    };
                    if occupied & q.bit() == 0 {
                        self.leaf(seg);
                    } else {
                        let mut next = work;
                        next.board.lift_single(s);
                        next.board.drop_stone(q, mover);
                        if let Some(tower) = next.board.tower() {
                            self.deeper(next, tower, next_segment(done), seg);
                        }
                    }
                } else if self.options.single_step_into_goal
                    && q.is_goal()
                    && q.scorer() == Some(mover)
                {
                    let mut next = work;
                    next.board.lift_single(s);
                    for z in cells(replacement_cells(&next.board, mover)) {
                        self.leaf(Segment {
                            from: s,
                            to: q,
                            replace: Some(z),
                        });
                    }
                }
            }
        }
    }

    fn chain(&mut self, work: Work, tower: Tower, done: u8) {
        let mover = self.mover;
        let n = next_segment(done);
        let mut any = false;
        let occupied = work.board.occupied();
        for dir in 0..8 {
            let Ok(landing) = judge(occupied, tower, dir, n, mover, self.options) else {
                continue;
            };
            any = true;
            let seg = Segment {
                from: tower.cell,
                to: landing.b,
                replace: None,
            };
            if landing.points == 0 && !landing.friendly {
                // No tower of the mover's: the turn ends here.
                self.leaf(seg);
                continue;
            }
            let mut next = work;
            move_tower(&mut next, tower, &landing, mover);
            if landing.points > 0 {
                for z in cells(replacement_cells(&next.board, tower.top)) {
                    let mut placed = next;
                    placed.board.drop_stone(z, tower.top);
                    let seg = Segment {
                        replace: Some(z),
                        ..seg
                    };
                    let won = placed.scores[mover.index()] >= self.target;
                    match placed.board.tower() {
                        Some(t) if landing.friendly && !won => self.deeper(placed, t, n, seg),
                        _ => self.leaf(seg),
                    }
                }
            } else {
                match next.board.tower() {
                    Some(t) => self.deeper(next, t, n, seg),
                    None => self.leaf(seg),
                }
            }
        }
        if !any {
            let mut next = work;
            let bottom = take_penalty(&mut next, tower, mover);
            if bottom == mover {
                for z in cells(replacement_cells(&next.board, mover)) {
                    self.penalty(Some(z));
                }
            } else {
                self.penalty(None);
            }
        }
    }
}
