//! The kick and the ball's flight (§4.2): the first leg, the pivots, the bounces, and the set
//! of cells where the kicker may choose to stop the ball.

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
}

/// A legal kick in one direction: where the kicker ends and where the ball may stop.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Kick {
    /// The kicker's final cell (`F`, or `F − d` in StopBefore mode).
    pub(crate) kicker: Cell,
    /// The ball's legal final cells (never empty).
    pub(crate) finals: Cells,
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
    let step = STEP[d as usize];
    let stop_before = rules.stop_before && run >= 1;
    let kicker = if stop_before {
        ball.wrapping_sub(step)
    } else {
        ball
    };
    let mut stones = sages;
    stones.take(from);
    stones.put(kicker);

    // First leg: the ball must move (unless StopBefore lets it pivot on F) and meet a stone.
    let mut c = ball;
    let p1 = loop {
        let next = c.wrapping_add(step);
        if stones.has(next) {
            if c == ball && !stop_before {
                if rules.lob && run == 0 {
                    let landing = next.wrapping_add(step);
                    if rules.enterable(landing) && !stones.has(landing) {
                        let mut finals = Cells::EMPTY;
                        finals.put(landing);
                        return Some(Kick { kicker, finals });
                    }
                }
                return None;
            }
            break c;
        }
        if !rules.enterable(next) {
            return None;
        }
        c = next;
        if is_goal(KIND[c as usize]) {
            let mut finals = Cells::EMPTY;
            finals.put(c);
            return Some(Kick { kicker, finals });
        }
    };

    // Bounces: a search over (pivot, incoming direction), the first pivot apart.
    let mut finals = Cells::EMPTY;
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
        let mut dirs = [0u8; 3];
        dirs[0] = (din + rules.turn) & 7;
        dirs[1] = (din + 8 - rules.turn) & 7;
        let mut count = 2;
        if first || rules.reverse_later {
            dirs[2] = (din + 4) & 7;
            count = 3;
        }
        let mut moved = false;
        for &e in &dirs[..count] {
            let step = STEP[e as usize];
            let mut c = pivot.wrapping_add(step);
            while rules.enterable(c) && !stones.has(c) {
                moved = true;
                finals.put(c);
                if is_goal(KIND[c as usize]) {
                    break;
                }
                let next = c.wrapping_add(step);
                if stones.has(next) {
                    let id = (c as usize) << 3 | e as usize;
                    let bit = 1u64 << (id & 63);
                    if seen[id >> 6] & bit == 0
                        && let Some(slot) = stack.get_mut(top)
                    {
                        seen[id >> 6] |= bit;
                        *slot = id as u16;
                        top += 1;
                    }
                    break;
                }
                c = next;
            }
        }
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
    let step = STEP[d as usize];
    let stop_before = rules.stop_before && run >= 1;
    let kicker = if stop_before {
        ball.wrapping_sub(step)
    } else {
        ball
    };
    let mut stones = sages;
    stones.take(from);
    stones.put(kicker);
    // The first leg, as in `kick`.
    let mut c = ball;
    let p1 = loop {
        let next = c.wrapping_add(step);
        if stones.has(next) {
            if c == ball && !stop_before {
                let landing = next.wrapping_add(step);
                return if rules.lob && run == 0 && landing == target {
                    vec![ball, landing]
                } else {
                    Vec::new()
                };
            }
            break c;
        }
        if !rules.enterable(next) {
            return Vec::new();
        }
        c = next;
        if is_goal(KIND[c as usize]) {
            return if c == target {
                vec![ball, c]
            } else {
                Vec::new()
            };
        }
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
        let mut dirs = vec![(din + rules.turn) & 7, (din + 8 - rules.turn) & 7];
        if first || rules.reverse_later {
            dirs.push((din + 4) & 7);
        }
        let mut moved = false;
        for e in dirs {
            let step = STEP[e as usize];
            let mut c = pivot.wrapping_add(step);
            while rules.enterable(c) && !stones.has(c) {
                moved = true;
                if c == target {
                    return chain(&nodes, i, c);
                }
                if is_goal(KIND[c as usize]) {
                    break;
                }
                let next = c.wrapping_add(step);
                if stones.has(next) {
                    if seen.insert((c, e)) {
                        nodes.push((c, e, i));
                    }
                    break;
                }
                c = next;
            }
        }
        if first && (!moved || !rules.first_mandatory) && pivot == target {
            return chain(&nodes, i, pivot);
        }
        i += 1;
    }
    Vec::new()
}
