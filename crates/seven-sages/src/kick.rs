//! The kick and the ball's flight (§4.2): the first leg, the pivots, the bounces, and the set
//! of cells where the kicker may choose to stop the ball.

use std::convert::Infallible;
use std::ops::ControlFlow;

use board_kernel::Side;

use crate::board::{Cell, FIELD, KIND, STEP, goal_of, is_goal};
use crate::options::{Deviation, KickMode, Options, OwnGoal};
use crate::pieces::{CellSet, Cells, SAGES_PER_SIDE};

/// Which cell kinds the ball may enter for a kicker of one side (indexed by kind).
#[derive(Clone, Copy, Debug)]
pub(crate) struct BallRules {
    enter: [bool; 5],
    turn: u8,
    reverse_later: bool,
    first_mandatory: bool,
    stop_before: bool,
    lob: bool,
}

impl BallRules {
    pub(crate) fn new(options: &Options, kicker: Side) -> BallRules {
        let mut enter = [false; 5];
        enter[FIELD as usize] = true;
        enter[goal_of(kicker.opponent()) as usize] = true;
        if options.own_goal == OwnGoal::ScoresForOpponent {
            enter[goal_of(kicker) as usize] = true;
        }
        BallRules {
            enter,
            turn: match options.deviation {
                Deviation::Right => 2,
                Deviation::Half => 1,
            },
            reverse_later: options.reverse_on_later_bounces,
            first_mandatory: options.first_bounce_mandatory,
            stop_before: options.kick_mode == KickMode::StopBefore,
            lob: options.lob,
        }
    }

    #[inline]
    fn enterable(&self, c: Cell) -> bool {
        self.enter[KIND[c as usize] as usize]
    }

    /// The start of the kick [`kick`] and [`ball_path`] describe (same arguments); `None`
    /// when there is no kick in this direction. The first leg: the ball must move (unless
    /// StopBefore lets it pivot on F) and meet a stone.
    #[inline(always)]
    fn start(&self, sages: Cells, from: Cell, d: u8, ball: Cell, run: u32) -> Option<Start> {
        let step = STEP[d as usize];
        let stop_before = self.stop_before && run >= 1;
        let kicker = if stop_before {
            ball.wrapping_sub(step)
        } else {
            ball
        };
        let mut stones = sages;
        stones.take(from);
        stones.put(kicker);
        let ends = |first_leg| {
            Some(Start {
                kicker,
                stones,
                stop_before,
                first_leg,
            })
        };
        let mut c = ball;
        loop {
            let next = c.wrapping_add(step);
            if stones.has(next) {
                if c == ball && !stop_before {
                    return if self.lob && run == 0 {
                        ends(FirstLeg::Lob(next.wrapping_add(step)))
                    } else {
                        None
                    };
                }
                return ends(FirstLeg::Pivot(c));
            }
            if !self.enterable(next) {
                return None;
            }
            c = next;
            if is_goal(KIND[c as usize]) {
                return ends(FirstLeg::Goal(c));
            }
        }
    }

    /// The legs of the ball out of `from`, a pivot it reached in direction `din`: in each
    /// direction it may turn to (the two deviations, and straight back at the first pivot or
    /// under `reverse_on_later_bounces`), the cells it crosses until a stone, a cell it may not
    /// enter, or a goal. `cell` is told each cell crossed and may stop the walk with `Break`;
    /// `pivot` is told each cell in front of a stone, with the direction the ball came in on:
    /// where it bounces next. Continues with whether the ball could leave `from` at all.
    #[inline(always)]
    fn legs<B>(
        &self,
        stones: Cells,
        from: Cell,
        din: u8,
        first: bool,
        mut cell: impl FnMut(Cell) -> ControlFlow<B>,
        mut pivot: impl FnMut(Cell, u8),
    ) -> ControlFlow<B, bool> {
        let mut dirs = [0u8; 3];
        dirs[0] = (din + self.turn) & 7;
        dirs[1] = (din + 8 - self.turn) & 7;
        let mut count = 2;
        if first || self.reverse_later {
            dirs[2] = (din + 4) & 7;
            count = 3;
        }
        let mut moved = false;
        for &e in &dirs[..count] {
            let step = STEP[e as usize];
            let mut c = from.wrapping_add(step);
            while self.enterable(c) && !stones.has(c) {
                moved = true;
                cell(c)?;
                if is_goal(KIND[c as usize]) {
                    break;
                }
                let next = c.wrapping_add(step);
                if stones.has(next) {
                    pivot(c, e);
                    break;
                }
                c = next;
            }
        }
        ControlFlow::Continue(moved)
    }
}

/// A legal kick in one direction: where the kicker ends and where the ball may stop.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Kick {
    /// The kicker's final cell (`F`, or `F − d` in StopBefore mode).
    pub(crate) kicker: Cell,
    /// The ball's legal final cells (never empty).
    pub(crate) finals: Cells,
}

/// How the first leg of a kick ends.
#[derive(Clone, Copy)]
enum FirstLeg {
    /// The ball reaches a goal on the first leg: the kick ends there.
    Goal(Cell),
    /// The ball, against a stone, is lobbed over it to this cell (the kick ends there if the
    /// ball may enter it and it is empty).
    Lob(Cell),
    /// The ball rests in front of a stone, on its first pivot.
    Pivot(Cell),
}

/// The start of a kick, before any bounce: where the kicker ends, the stones the ball meets
/// (the kicker on its final cell), and how the first leg ends.
#[derive(Clone, Copy)]
struct Start {
    kicker: Cell,
    stones: Cells,
    stop_before: bool,
    first_leg: FirstLeg,
}

/// The kick of the sage on `from` in direction `d` (an index of `STEP`), whose slide crossed
/// `run` empty cells before reaching the ball on `ball`; `sages` holds every sage on the
/// board. `None` when there is no kick in this direction.
pub(crate) fn kick(
    rules: &BallRules,
    sages: Cells,
    from: Cell,
    d: u8,
    ball: Cell,
    run: u32,
) -> Option<Kick> {
    let Start {
        kicker,
        stones,
        stop_before,
        first_leg,
    } = rules.start(sages, from, d, ball, run)?;
    let mut finals = Cells::EMPTY;
    let p1 = match first_leg {
        FirstLeg::Pivot(p1) => p1,
        FirstLeg::Lob(landing) if !rules.enterable(landing) || stones.has(landing) => return None,
        FirstLeg::Goal(end) | FirstLeg::Lob(end) => {
            finals.put(end);
            return Some(Kick { kicker, finals });
        }
    };

    // Bounces: a search over (pivot, incoming direction), the first pivot apart.
    let mut seen = [0u64; 32];
    // A pivot waits on the stack at most once, and only as the cell in front of a stone in
    // its direction: at most eight per stone, and a valid position has at most fourteen
    // stones (seven sages a side, the kicker among them).
    let mut stack = [0u16; 8 * 2 * SAGES_PER_SIDE as usize];
    let mut top = 0usize;
    let mut pivot = p1;
    let mut din = d;
    let mut first = true;
    loop {
        let ControlFlow::Continue(moved) = rules.legs::<Infallible>(
            stones,
            pivot,
            din,
            first,
            |c| {
                finals.put(c);
                ControlFlow::Continue(())
            },
            |c, e| {
                let id = (c as usize) << 3 | e as usize;
                let bit = 1u64 << (id & 63);
                if seen[id >> 6] & bit == 0
                    && let Some(slot) = stack.get_mut(top)
                {
                    seen[id >> 6] |= bit;
                    *slot = id as u16;
                    top += 1;
                }
            },
        );
        if first && (!moved || !rules.first_mandatory) {
            finals.put(pivot);
        }
        first = false;
        if top == 0 {
            break;
        }
        top -= 1;
        let id = stack[top];
        pivot = (id >> 3) as u8;
        din = (id & 7) as u8;
    }

    if stop_before {
        // A ball back on its own cell is no kick (§4.2, §9.17).
        finals.take(ball);
        if finals.is_empty() {
            return None;
        }
    }
    Some(Kick { kicker, finals })
}

/// The first pivot of the kick [`kick`] describes (same arguments): the cell where the ball
/// rests in front of a stone after its first leg, from which it must bounce (§4.2); `None`
/// when there is no kick in this direction or its first leg ends in a goal or a lob.
pub(crate) fn first_pivot(
    rules: &BallRules,
    sages: Cells,
    from: Cell,
    d: u8,
    ball: Cell,
    run: u32,
) -> Option<Cell> {
    match rules.start(sages, from, d, ball, run)?.first_leg {
        FirstLeg::Pivot(p1) => Some(p1),
        FirstLeg::Goal(_) | FirstLeg::Lob(_) => None,
    }
}

/// The cells the ball passes through on a kick that ends on `target`: from its cell `ball`
/// along the first leg to each pivot in turn and on to `target`, by the fewest pivots. For
/// pictures of a kick; empty when `target` is not a final cell of the kick (`kick` with the
/// same arguments says which are).
pub(crate) fn ball_path(
    rules: &BallRules,
    sages: Cells,
    from: Cell,
    d: u8,
    ball: Cell,
    run: u32,
    target: Cell,
) -> Vec<Cell> {
    let Some(Start {
        stones, first_leg, ..
    }) = rules.start(sages, from, d, ball, run)
    else {
        return Vec::new();
    };
    let p1 = match first_leg {
        FirstLeg::Goal(c) | FirstLeg::Lob(c) if c == target => return vec![ball, c],
        FirstLeg::Goal(_) | FirstLeg::Lob(_) => return Vec::new(),
        FirstLeg::Pivot(p1) => p1,
    };
    // Breadth first over (pivot, incoming direction), remembering where each came from.
    let mut nodes: Vec<(Cell, u8, usize)> = vec![(p1, d, usize::MAX)];
    let mut seen = std::collections::HashSet::new();
    seen.insert((p1, d));
    let chain = |nodes: &[(Cell, u8, usize)], mut i: usize, last: Cell| {
        let mut cells = vec![last];
        while i != usize::MAX {
            cells.push(nodes[i].0);
            i = nodes[i].2;
        }
        cells.push(ball);
        cells.reverse();
        cells.dedup();
        cells
    };
    let mut i = 0;
    while i < nodes.len() {
        let (pivot, din, _) = nodes[i];
        let first = i == 0;
        let reached = rules.legs(
            stones,
            pivot,
            din,
            first,
            |c| {
                if c == target {
                    ControlFlow::Break(c)
                } else {
                    ControlFlow::Continue(())
                }
            },
            |c, e| {
                if seen.insert((c, e)) {
                    nodes.push((c, e, i));
                }
            },
        );
        match reached {
            ControlFlow::Break(c) => return chain(&nodes, i, c),
            ControlFlow::Continue(moved) => {
                if first && (!moved || !rules.first_mandatory) && pivot == target {
                    return chain(&nodes, i, pivot);
                }
            }
        }
        i += 1;
    }
    Vec::new()
}
