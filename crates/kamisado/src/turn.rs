//! A turn (§3, §4): normal moves, Sumo pushes, forced passes and the refill choice — how
//! they are generated, counted and played; why a ply is refused is `reasons`.

use board_kernel::Side;

use crate::board::{
    cell, cell_colour, destination, home_rank, offset, on_board, open_len, ray_len, square,
};
use crate::end::{Ending, end_round, refill};
use crate::state::{Phase, decode, is_plain_tower};
use crate::{Colour, Fill, Move, Options, State, Tower};

mod reasons;

pub(crate) use reasons::check;

/// The rank step of a forward move.
#[inline]
const fn forward(side: Side) -> i8 {
    side.forward_sign()
}

/// The length of the column a tower on `c` would push, if §3.2 allows the push (ignoring the
/// colour requirement, which the caller checks).
pub(crate) fn push_column(state: &State, c: u8, t: Tower) -> Option<u8> {
    push_check(state, c, t).ok()
}

/// Why a push by `t` on `c` is impossible, or the column length.
fn push_check(state: &State, c: u8, t: Tower) -> Result<u8, &'static str> {
    if t.rank == 0 {
        return Err("only a Sumo (rank 1 or more) can push");
    }
    let dr = forward(t.owner);
    let mut n: u8 = 0;
    loop {
        let Some(q) = offset(c, 0, dr, n as i8 + 1) else {
            return Err(if n == 0 {
                "there is no square ahead"
            } else {
                "there is no empty square behind the column to push it onto"
            });
        };
        let Some(other) = decode(state.cells[q as usize]) else {
            break;
        };
        if other.owner == t.owner {
            return Err("the column ahead holds one of the player's own towers");
        }
        if other.rank >= t.rank {
            return Err("the column ahead holds a tower of equal or higher rank");
        }
        n += 1;
        if n > t.push_capacity() {
            return Err("the column ahead is longer than the Sumo can push");
        }
    }
    if n == 0 {
        Err("the square ahead is empty: there is nothing to push")
    } else {
        Ok(n)
    }
}

/// Appends the moves of the tower `t` on `c`, in canonical order (§6).
#[inline]
pub(crate) fn tower_moves(state: &State, c: u8, t: Tower, may_push: bool, moves: &mut Vec<Move>) {
    let dr = forward(t.owner);
    let max = t.max_distance();
    let from = square(c);
    let left = ray_len(state.occ, c, -1, dr, max);
    let ahead = ray_len(state.occ, c, 0, dr, max);
    let right = ray_len(state.occ, c, 1, dr, max);
    // The destination `k` squares along a line: within the board, as `k` is at most the
    // line's open length.
    let step = |df: i8, k: u8| Move::Step {
        from,
        to: square(destination(c, df, dr, k)),
    };
    // Destinations sorted by file, then rank: the left diagonal farthest first, the column
    // by ascending rank, the right diagonal nearest first.
    for k in (1..=left).rev() {
        moves.push(step(-1, k));
    }
    if dr > 0 {
        for k in 1..=ahead {
            moves.push(step(0, k));
        }
    } else {
        for k in (1..=ahead).rev() {
            moves.push(step(0, k));
        }
    }
    for k in 1..=right {
        moves.push(step(1, k));
    }
    if may_push && push_column(state, c, t).is_some() {
        moves.push(Move::Push {
            from,
            to: square(offset(c, 0, dr, 1).unwrap_or(c)),
        });
    }
}

/// The plies of one tower, as the lengths of its three forward lines and whether it may
/// push: enough to count them and to name the k-th in [`tower_moves`]' order without
/// listing the others.
struct TowerLines {
    c: u8,
    dr: i8,
    left: u8,
    ahead: u8,
    right: u8,
    push: bool,
}

impl TowerLines {
    #[inline(always)]
    fn new(state: &State, c: u8, t: Tower, may_push: bool) -> TowerLines {
        let dr = forward(t.owner);
        let max = t.max_distance();
        TowerLines {
            c,
            dr,
            left: ray_len(state.occ, c, -1, dr, max),
            ahead: ray_len(state.occ, c, 0, dr, max),
            right: ray_len(state.occ, c, 1, dr, max),
            push: may_push && push_column(state, c, t).is_some(),
        }
    }

    #[inline]
    fn count(&self) -> usize {
        usize::from(self.left)
            + usize::from(self.ahead)
            + usize::from(self.right)
            + usize::from(self.push)
    }

    /// The ply at `index` (below [`TowerLines::count`]) in [`tower_moves`]' order: the left
    /// diagonal farthest first, the column by ascending rank, the right diagonal nearest
    /// first, the push.
    #[inline(always)]
    fn nth(&self, index: usize) -> Move {
        let from = square(self.c);
        let step = |df: i8, k: u8| Move::Step {
            from,
            to: square(destination(self.c, df, self.dr, k)),
        };
        let (left, ahead, right) = (
            usize::from(self.left),
            usize::from(self.ahead),
            usize::from(self.right),
        );
        if index < left {
            return step(-1, self.left - index as u8);
        }
        let index = index - left;
        if index < ahead {
            let k = if self.dr > 0 {
                index as u8 + 1
            } else {
                self.ahead - index as u8
            };
            return step(0, k);
        }
        let index = index - ahead;
        if index < right {
            return step(1, index as u8 + 1);
        }
        Move::Push {
            from,
            to: square(offset(self.c, 0, self.dr, 1).unwrap_or(self.c)),
        }
    }
}

/// The ply at the index `pick` chooses (given how many there are) in the list of
/// [`generate`], found from each tower's line lengths without listing; `None` (and no call
/// of `pick`) when the game is over.
pub(crate) fn pick(
    _options: &Options,
    state: &State,
    pick: impl FnOnce(usize) -> usize,
) -> Option<Move> {
    match state.phase {
        Phase::Over => None,
        Phase::Refill => Some(Move::Fill(if pick(2) == 0 {
            Fill::Left
        } else {
            Fill::Right
        })),
        Phase::Play => {
            let side = state.to_move;
            match state.required {
                None => {
                    // Eight towers a side, one of each colour and never taken: their cells,
                    // put in notation order (by file, then rank), rather than a scan of the
                    // board.
                    let mut cells = state.pos[side.index()];
                    cells.sort_unstable_by_key(|&c| (c % 8, c / 8));
                    let mut towers: [Option<TowerLines>; 8] = Default::default();
                    let (mut found, mut total) = (0, 0);
                    for c in cells.map(|c| c & 63) {
                        if let Some(t) = decode(state.cells[usize::from(c)])
                            && t.owner == side
                        {
                            let lines = TowerLines::new(state, c, t, false);
                            total += lines.count();
                            towers[found] = Some(lines);
                            found += 1;
                        }
                    }
                    if total == 0 {
                        return None;
                    }
                    let mut index = pick(total);
                    for lines in towers.iter().flatten() {
                        if index < lines.count() {
                            return Some(lines.nth(index));
                        }
                        index -= lines.count();
                    }
                    None
                }
                Some(colour) => {
                    let c = state.pos[side.index()][colour.index()];
                    let lines = decode(state.cells[c as usize])
                        .map(|t| TowerLines::new(state, c, t, true))
                        .filter(|lines| lines.count() > 0);
                    Some(match lines {
                        Some(lines) => lines.nth(pick(lines.count())),
                        // No ply and no push: the forced pass (§4.2), drawn like any
                        // one-move list.
                        None => {
                            pick(1);
                            Move::Pass
                        }
                    })
                }
            }
        }
    }
}

/// Appends every legal ply of `state` in canonical order (§4.2, §6). The options are given so
/// that a variant's rule can branch here; none of today's options changes which plies exist.
pub(crate) fn generate(_options: &Options, state: &State, moves: &mut Vec<Move>) {
    match state.phase {
        Phase::Over => {}
        Phase::Refill => {
            moves.push(Move::Fill(Fill::Left));
            moves.push(Move::Fill(Fill::Right));
        }
        Phase::Play => {
            let start = moves.len();
            let side = state.to_move;
            match state.required {
                None => {
                    // Squares in notation order: by file, then rank.
                    for f in 0..8 {
                        for r in 0..8 {
                            let c = r * 8 + f;
                            if let Some(t) = decode(state.cells[c as usize])
                                && t.owner == side
                            {
                                tower_moves(state, c, t, false, moves);
                            }
                        }
                    }
                }
                Some(colour) => {
                    let c = state.pos[side.index()][colour.index()];
                    if let Some(t) = decode(state.cells[c as usize]) {
                        tower_moves(state, c, t, true, moves);
                    }
                }
            }
            if moves.len() == start && state.required.is_some() {
                moves.push(Move::Pass);
            }
        }
    }
}

/// How many moves [`tower_moves`] lists for the mover's tower `t` on `c`, without listing
/// them.
pub(crate) fn tower_count(state: &State, c: u8, t: Tower, may_push: bool) -> usize {
    let dr = forward(state.to_move);
    let max = t.max_distance();
    let steps = [-1, 0, 1]
        .into_iter()
        .map(|df| usize::from(ray_len(state.occ, c, df, dr, max)))
        .sum::<usize>();
    steps + usize::from(may_push && t.rank > 0 && push_column(state, c, t).is_some())
}

/// How many plies [`generate`] lists, counted without listing them: perft's last ply.
pub(crate) fn count(_options: &Options, state: &State) -> usize {
    match state.phase {
        Phase::Over => 0,
        Phase::Refill => 2,
        Phase::Play => {
            let side = state.to_move;
            match state.required {
                None => (0..64u8)
                    .filter_map(|c| {
                        decode(state.cells[usize::from(c)])
                            .filter(|t| t.owner == side)
                            .map(|t| tower_count(state, c, t, false))
                    })
                    .sum(),
                Some(colour) => {
                    let c = state.pos[side.index()][colour.index()];
                    let n = decode(state.cells[usize::from(c)])
                        .map_or(0, |t| tower_count(state, c, t, true));
                    // No move and no push: the forced pass (§4.2).
                    n.max(1)
                }
            }
        }
    }
}

/// How many plies the position after the legal ply `mv` has, when that is quick to tell
/// without playing it: a step that does not end the round, answered by a tower that cannot
/// push. The tower to move next is the opponent's of the destination's colour (§4.2); its
/// lines are read against the occupancy with the moved tower shifted. `None` otherwise.
pub(crate) fn count_after(options: &Options, state: &State, mv: &Move) -> Option<usize> {
    let Move::Step { from, to } = *mv else {
        return None;
    };
    let side = state.to_move;
    let opponent = side.opponent();
    if state.phase != Phase::Play
        || !on_board(from)
        || !on_board(to)
        || to.rank() == home_rank(opponent)
        || state.ply + 1 >= options.max_plies_per_round
    {
        return None;
    }
    let (p, q) = (cell(from), cell(to));
    let occ = (state.occ & !(1 << p)) | (1 << q);
    let c = state.pos[opponent.index()][cell_colour(q).index()];
    if c == p || c == q || !is_plain_tower(state.cells[usize::from(c)]) {
        return None;
    }
    let forward = usize::from(opponent == Side::Black);
    let steps =
        open_len(occ, c, forward, 0) + open_len(occ, c, forward, 1) + open_len(occ, c, forward, 2);
    // No step: the forced pass (§4.2).
    Some(usize::from(steps).max(1))
}

/// Perft's last two plies of `state` (the sum of the counts after each ply) where the plies
/// are the steps of a required plain tower: each named from its line lengths as
/// [`tower_moves`] would list it and counted by `count_after` (the game's). `None` where the
/// list holds anything else (the first ply's free choice, a Sumo's push, the forced pass,
/// the refill).
pub(crate) fn count_two_plies(
    _options: &Options,
    state: &State,
    mut count_after: impl FnMut(&Move) -> usize,
) -> Option<u64> {
    if state.phase != Phase::Play {
        return None;
    }
    let side = state.to_move;
    let c = state.pos[side.index()][state.required?.index()];
    let t = decode(state.cells[usize::from(c)]).filter(|t| t.rank == 0)?;
    let (dr, max, from) = (forward(side), t.max_distance(), square(c));
    let mut leaves = 0;
    let mut plies = 0;
    for df in [-1, 0, 1] {
        let len = ray_len(state.occ, c, df, dr, max);
        plies += len;
        for k in 1..=len {
            let mv = Move::Step {
                from,
                to: square(destination(c, df, dr, k)),
            };
            leaves += count_after(&mv) as u64;
        }
    }
    (plies > 0).then_some(leaves)
}

/// How far the tower on `c` could travel towards the opponent's home row in each forward
/// direction (left diagonal, straight, right diagonal), through empty squares: what the
/// strategy module reads as open lanes.
pub(crate) fn forward_reach(state: &State, c: u8, t: Tower) -> [u8; 3] {
    reach_on(state.occ, c, t)
}

/// [`forward_reach`] on the occupancy `occ` (a board with a tower moved, say).
pub(crate) fn reach_on(occ: u64, c: u8, t: Tower) -> [u8; 3] {
    let dr = forward(t.owner);
    let max = t.max_distance();
    [-1, 0, 1].map(|df| ray_len(occ, c, df, dr, max))
}

/// Whether the tower `t` on `c` reaches the opponent's home row in one normal move on the
/// occupancy `occ`: an open lane, a win on its next turn (§5.1).
pub(crate) fn has_lane(occ: u64, c: u8, t: Tower) -> bool {
    let distance = (c >> 3).abs_diff(home_rank(t.owner.opponent()));
    distance > 0 && reach_on(occ, c, t).iter().any(|&reach| reach >= distance)
}

/// Plays a legal ply (§4.3). With an illegal one the state may become inconsistent but
/// nothing panics.
pub(crate) fn play(options: &Options, state: &mut State, mv: &Move) {
    if state.phase == Phase::Refill {
        if let Move::Fill(dir) = *mv {
            refill(options, state, dir);
        }
        return;
    }
    if state.phase == Phase::Over {
        return;
    }
    let side = state.to_move;
    let mut ending = None;
    // The latest actual move after this ply, kept in a local so that the end checks below
    // need not read back what was just stored (a store-forwarding stall that cost perft a
    // third of its time).
    let last = match *mv {
        Move::Step { from, to } => {
            if !on_board(from) || !on_board(to) {
                return;
            }
            let (p, q) = (cell(from), cell(to));
            let Some(t) = state.take(p) else { return };
            state.put(q, t);
            state.last = Some((side, to));
            state.passes = 0;
            state.to_move = side.opponent();
            state.required = Some(cell_colour(q));
            if to.rank() == home_rank(side.opponent()) {
                ending = Some(Ending::home(side, t.colour));
            }
            Some((side, to))
        }
        Move::Push { from, .. } => {
            if !on_board(from) {
                return;
            }
            let p = cell(from);
            let Some(t) = decode(state.cells[p as usize]) else {
                return;
            };
            let n = push_column(state, p, t).unwrap_or(0);
            let dr = forward(side);
            // Move the column back one square, farthest tower first, then the Sumo.
            for k in (1..=n as i8).rev() {
                if let (Some(a), Some(b)) = (offset(p, 0, dr, k), offset(p, 0, dr, k + 1))
                    && let Some(pushed) = state.take(a)
                {
                    state.put(b, pushed);
                }
            }
            let (Some(q), Some(r)) = (offset(p, 0, dr, 1), offset(p, 0, dr, n as i8 + 1)) else {
                return;
            };
            state.take(p);
            state.put(q, t);
            state.last = Some((side, square(r)));
            state.passes = 0;
            state.required = Some(cell_colour(r));
            state.last
        }
        Move::Pass => {
            let Some(colour) = state.required else { return };
            let c = state.pos[side.index()][colour.index()];
            state.required = Some(cell_colour(c));
            state.to_move = side.opponent();
            state.passes += 1;
            state.last
        }
        Move::Fill(_) => return,
    };
    // Bounded: `ply < max_plies_per_round ≤ 1,000,000` in phase Play (checked when a
    // position is parsed), and the round ends when it reaches the limit.
    state.ply += 1;
    let occurrences = if let Move::Pass = mv {
        state.record_pass()
    } else {
        state.restart_history();
        1
    };
    if ending.is_none() {
        let loser = last.map_or(side, |(s, _)| s);
        let colour = last.map_or(Colour::Orange, |(_, sq)| cell_colour(cell(sq)));
        if state.passes >= 2 {
            ending = Some(Ending::caused_by(loser, crate::Reason::Deadlock, colour));
        } else if occurrences >= options.repetition_limit as usize {
            ending = Some(Ending::caused_by(loser, crate::Reason::Repetition, colour));
        } else if state.ply >= options.max_plies_per_round {
            ending = Some(Ending::caused_by(loser, crate::Reason::Backstop, colour));
        }
    }
    if let Some(e) = ending {
        end_round(options, state, e);
    }
}
