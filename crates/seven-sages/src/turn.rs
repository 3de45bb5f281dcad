//! A turn (§4): one sage move — a plain slide or a kick with its chosen outcome — or a forced
//! pass; generating them, and what happens after the move (goals, reset, end checks).

use board_kernel::{Illegal, Side, Square};

use crate::board::{
    Cell, KIND, OFF, STEP, cell, dir_index, goal_of, is_backward_diagonal, is_goal, square,
};
use crate::end;
use crate::kick::{BallRules, kick};
use crate::lines::{Lines, goals};
use crate::notation::Move;
use crate::options::Options;
use crate::pieces::{CellSet, Cells, on_board};
use crate::state::{State, key_change};

mod reasons;

/// Everything a generator needs about the side to move.
pub(crate) struct Mover {
    pub(crate) side: Side,
    pub(crate) own: Cells,
    pub(crate) all: Cells,
    pub(crate) own_goal: u8,
    pub(crate) opp_goal: u8,
    /// How many own sages stand in the own goal area.
    pub(crate) in_goal: u32,
    pub(crate) rules: BallRules,
}

impl Mover {
    pub(crate) fn new(options: &Options, state: &State) -> Mover {
        Mover::of(options, state, state.to_move)
    }

    /// The generator's view of `side`, whether or not it is to move.
    pub(crate) fn of(options: &Options, state: &State, side: Side) -> Mover {
        let own = state.sages[side.index()];
        let own_goal = goal_of(side);
        Mover {
            side,
            own,
            all: own | state.sages[side.opponent().index()],
            own_goal,
            opp_goal: goal_of(side.opponent()),
            in_goal: own.count_kind(own_goal),
            rules: BallRules::new(options, side),
        }
    }

    /// Every piece on the board, line by line.
    pub(crate) fn lines(&self, state: &State) -> Lines {
        Lines::new(self.all.words(), state.ball)
    }

    /// Which of the goal areas' cells the sage on `from` may not stop on by a plain move
    /// ([`may_stop`]): the opponent's, and the own one while another own sage stands in it.
    #[inline]
    fn barred(&self, from: Cell) -> Barred {
        let others = self.in_goal - u32::from(KIND[from as usize] == self.own_goal);
        Barred {
            own: self.side.index(),
            own_mask: if others == 0 { 0 } else { !0 },
        }
    }
}

/// The goal cells one sage may not stop on, for [`Barred::on`] a line.
#[derive(Clone, Copy)]
pub(crate) struct Barred {
    own: usize,
    own_mask: u16,
}

impl Barred {
    /// The barred cells of `line`, as its bits.
    #[inline]
    fn on(self, line: usize) -> u16 {
        let goals = goals(line);
        goals[self.own ^ 1] | goals[self.own] & self.own_mask
    }
}

/// What a slide in one direction meets.
pub(crate) struct Ray {
    /// Empty cells crossed, in order (at most 14).
    pub(crate) cells: [Cell; 16],
    /// How many.
    pub(crate) len: usize,
    /// The kick that the slide makes, if it runs into the ball and a kick is legal.
    pub(crate) kick: Option<crate::kick::Kick>,
    /// Whether the slide ended against the ball.
    pub(crate) hits_ball: bool,
}

/// Walks from `from` in direction `d` and works out the kick, if any.
pub(crate) fn ray(mover: &Mover, state: &State, from: Cell, d: u8) -> Ray {
    let step = STEP[d as usize];
    let mut ray = Ray {
        cells: [0; 16],
        len: 0,
        kick: None,
        hits_ball: false,
    };
    // The walk keeps its length in a local and writes the cells in place: a counter in
    // memory made every step wait for the store of the one before, and a copied array
    // waited for all of them.
    let mut len = 0;
    let mut c = from;
    loop {
        c = c.wrapping_add(step);
        if KIND[c as usize] == OFF || mover.all.has(c) || len == 15 {
            break;
        }
        if c == state.ball {
            ray.hits_ball = true;
            ray.kick = kick(&mover.rules, mover.all, from, d, c, len as u32);
            break;
        }
        ray.cells[len] = c;
        len += 1;
    }
    ray.len = len;
    ray
}

/// Whether the sage of `mover` on `from` may stop on the empty cell `to` by a plain move
/// (§4.1): not in the opponent's goal area, and at most one own sage in the own goal area
/// afterwards.
#[inline]
pub(crate) fn may_stop(mover: &Mover, from: Cell, to: Cell) -> bool {
    let kind = KIND[to as usize];
    if kind == mover.opp_goal {
        return false;
    }
    if kind == mover.own_goal {
        let others = mover.in_goal - u32::from(KIND[from as usize] == mover.own_goal);
        return others == 0;
    }
    true
}

/// The plain destinations of one ray that are legal, in order.
pub(crate) fn plain_stops<'a>(
    mover: &'a Mover,
    from: Cell,
    d: u8,
    ray: &'a Ray,
) -> impl Iterator<Item = Cell> + 'a {
    let allowed = !is_backward_diagonal(mover.side, d);
    // With a kick in this direction a StopBefore kicker cannot stop in front of the ball.
    let blocked_last = ray.kick.is_some() && ray.len > 0 && {
        let k = ray.kick.as_ref().map_or(0, |k| k.kicker);
        k == ray.cells[ray.len - 1]
    };
    let usable = if blocked_last { ray.len - 1 } else { ray.len };
    ray.cells[..if allowed { usable } else { 0 }]
        .iter()
        .copied()
        .filter(move |&t| may_stop(mover, from, t))
}

/// Calls `emit` with every move of the sage on `from` in direction `d`.
#[inline]
pub(crate) fn ray_moves(
    mover: &Mover,
    state: &State,
    from: Cell,
    d: u8,
    emit: &mut impl FnMut(Move),
) {
    let ray = ray(mover, state, from, d);
    let from_sq = crate::board::square(from);
    for t in plain_stops(mover, from, d, &ray) {
        emit(Move::Plain {
            from: from_sq,
            to: crate::board::square(t),
        });
    }
    if let Some(k) = ray.kick {
        let to = crate::board::square(k.kicker);
        for b in k.finals.cells() {
            emit(Move::Kick {
                from: from_sq,
                to,
                ball: crate::board::square(b),
            });
        }
    }
}

/// Calls `emit` with every sage move of the side to move (no pass).
pub(crate) fn sage_moves(options: &Options, state: &State, emit: &mut impl FnMut(Move)) {
    let mover = Mover::new(options, state);
    for from in mover.own.cells() {
        for d in 0..8 {
            ray_moves(&mover, state, from, d, emit);
        }
    }
}

/// Calls `emit` with the square of every sage of the side to move that has a move, in the
/// order of [`sage_moves`] (its moves counted, not made).
pub(crate) fn movable_sages(options: &Options, state: &State, emit: &mut impl FnMut(Square)) {
    let mover = Mover::new(options, state);
    let lines = mover.lines(state);
    for from in mover.own.cells() {
        if sage_can_move(&mover, &lines, state, from) {
            emit(square(from));
        }
    }
}

/// Calls `emit` with every move of the side to move's sage on `from` (none when no sage of
/// that side stands there), in the order of [`sage_moves`].
pub(crate) fn moves_of_sage(
    options: &Options,
    state: &State,
    from: Square,
    emit: &mut impl FnMut(Move),
) {
    let mover = Mover::new(options, state);
    if let Some(from) = mover.own.cells().find(|&c| square(c) == from) {
        for d in 0..8 {
            ray_moves(&mover, state, from, d, emit);
        }
    }
}

/// How many moves [`sage_moves`] emits, counted without making them (perft's last ply).
pub(crate) fn count_sage_moves(options: &Options, state: &State) -> usize {
    let mover = Mover::new(options, state);
    let lines = mover.lines(state);
    let mut n = 0;
    for from in mover.own.cells() {
        n += sage_counts(&mover, &lines, state, from)
            .iter()
            .sum::<usize>();
    }
    n
}

/// The sage move at the index `pick` chooses (given how many there are) in the order of
/// [`sage_moves`], found by counting each sage's moves in each direction and making only the
/// chosen direction's; `None` (and no call of `pick`) when there is none.
pub(crate) fn pick_sage_move(
    options: &Options,
    state: &State,
    pick: impl FnOnce(usize) -> usize,
) -> Option<Move> {
    let mover = Mover::new(options, state);
    // Seven sages a side, eight directions each, in the order of the list.
    let mut counts = [(0u8, 0u8, 0u16); 64];
    let mut groups = 0;
    let mut total = 0;
    let lines = mover.lines(state);
    for from in mover.own.cells() {
        let sage = sage_counts(&mover, &lines, state, from);
        for (d, n) in (0..8).zip(sage) {
            if n > 0 {
                if let Some(slot) = counts.get_mut(groups) {
                    *slot = (from, d, n as u16);
                }
                groups += 1;
                total += n;
            }
        }
    }
    if total == 0 {
        return None;
    }
    let mut index = pick(total);
    if groups > counts.len() {
        // More sages than a valid position holds: walk the whole list.
        let mut found = None;
        sage_moves(options, state, &mut |mv| {
            if index == 0 {
                found.get_or_insert(mv);
            }
            index = index.wrapping_sub(1);
        });
        return found;
    }
    for &(from, d, n) in &counts[..groups] {
        let n = usize::from(n);
        if index < n {
            return nth_ray_move(&mover, &lines, state, from, d, index);
        }
        index -= n;
    }
    None
}

/// The move at `index` in the order [`ray_moves`] emits the moves of the sage on `from` in
/// direction `d`: the plain stops along the slide, then the kick's final cells in increasing
/// order. Read off the run where no goal cell lies in it (the stops are then the run's cells,
/// less the last when a StopBefore kicker ends there); made by [`ray_moves`] otherwise.
fn nth_ray_move(
    mover: &Mover,
    lines: &Lines,
    state: &State,
    from: Cell,
    d: u8,
    mut index: usize,
) -> Option<Move> {
    let run = lines.run(from, d);
    if run.cells & mover.barred(from).on(run.line) != 0 {
        let mut found = None;
        ray_moves(mover, state, from, d, &mut |mv| {
            if index == 0 {
                found.get_or_insert(mv);
            }
            index = index.wrapping_sub(1);
        });
        return found;
    }
    let step = STEP[d as usize];
    let end = from.wrapping_add(step.wrapping_mul(run.len as u8 + 1));
    let kick = if end == state.ball {
        kick(&mover.rules, mover.all, from, d, end, run.len)
    } else {
        None
    };
    let stops = if is_backward_diagonal(mover.side, d) {
        0
    } else {
        let last = end.wrapping_sub(step);
        let blocked_last = run.len > 0 && kick.is_some_and(|k| k.kicker == last);
        (run.len - u32::from(blocked_last)) as usize
    };
    let from_sq = crate::board::square(from);
    if index < stops {
        // The stop `index + 1` cells along, as a cell index below 256.
        let to = from.wrapping_add(step.wrapping_mul(index as u8 + 1));
        return Some(Move::Plain {
            from: from_sq,
            to: crate::board::square(to),
        });
    }
    let k = kick?;
    let ball = k.finals.cells().nth(index - stops)?;
    Some(Move::Kick {
        from: from_sq,
        to: crate::board::square(k.kicker),
        ball: crate::board::square(ball),
    })
}

/// How many moves [`ray_moves`] emits in each direction for the sage on `from`.
#[inline(always)]
fn sage_counts(mover: &Mover, lines: &Lines, state: &State, from: Cell) -> [usize; 8] {
    let barred = mover.barred(from);
    // Written out so that each direction is a constant: its line family, the scan's sense and
    // whether plain moves may take it are then chosen when compiling.
    [
        count_ray_moves(mover, lines, barred, state, from, 0),
        count_ray_moves(mover, lines, barred, state, from, 1),
        count_ray_moves(mover, lines, barred, state, from, 2),
        count_ray_moves(mover, lines, barred, state, from, 3),
        count_ray_moves(mover, lines, barred, state, from, 4),
        count_ray_moves(mover, lines, barred, state, from, 5),
        count_ray_moves(mover, lines, barred, state, from, 6),
        count_ray_moves(mover, lines, barred, state, from, 7),
    ]
}

/// Whether [`ray_moves`] emits a move for the sage on `from` in any direction: the directions
/// of [`sage_counts`], counted one by one until one has a move.
#[inline(always)]
fn sage_can_move(mover: &Mover, lines: &Lines, state: &State, from: Cell) -> bool {
    let barred = mover.barred(from);
    let moves = |d| count_ray_moves(mover, lines, barred, state, from, d) > 0;
    // Each direction a constant, as in `sage_counts`.
    moves(0) || moves(1) || moves(2) || moves(3) || moves(4) || moves(5) || moves(6) || moves(7)
}

/// How many moves [`ray_moves`] emits, from the run the lines give instead of a walk (the
/// same rules as [`plain_stops`]).
#[inline(always)]
fn count_ray_moves(
    mover: &Mover,
    lines: &Lines,
    barred: Barred,
    state: &State,
    from: Cell,
    d: u8,
) -> usize {
    let run = lines.run(from, d);
    let step = STEP[d as usize];
    let allowed = !is_backward_diagonal(mover.side, d);
    let stops = if allowed {
        // At most one goal cell at each end of a line, except along the goal row.
        let barred = run.cells & barred.on(run.line);
        let second = barred & barred.wrapping_sub(1);
        let more = second & second.wrapping_sub(1);
        run.len
            - u32::from(barred != 0)
            - u32::from(second != 0)
            - if more == 0 { 0 } else { cells_in(more) }
    } else {
        0
    } as usize;
    // The cell the slide runs into: a piece or the edge.
    let end = from.wrapping_add(step.wrapping_mul(run.len as u8 + 1));
    if end != state.ball {
        return stops;
    }
    let Some(k) = kick(&mover.rules, mover.all, from, d, end, run.len) else {
        return stops;
    };
    // A kicker that must stop in front of the ball cannot also stop there plainly.
    let last = end.wrapping_sub(step);
    let blocked_last = run.len > 0 && k.kicker == last && allowed && may_stop(mover, from, last);
    stops - usize::from(blocked_last) + k.finals.len()
}

/// How many cells a line's bits hold. Out of line, for the rare run along a goal row: a
/// popcount is a dozen instructions on the baseline x86-64, which the compiler would otherwise
/// spend on every run.
#[cold]
#[inline(never)]
fn cells_in(bits: u16) -> u32 {
    bits.count_ones()
}

/// Plays a legal move: moves the pieces, then scores, resets and checks the end (§4.3, §5).
pub(crate) fn play(options: &Options, state: &mut State, mv: &Move) {
    let side = state.to_move;
    let ball_before = state.ball;
    let mut scorer = None;
    let change = match *mv {
        Move::Pass => key_change(side, 0, 0, 0, 0),
        Move::Plain { from, to } => {
            let set = &mut state.sages[side.index()];
            set.take(cell(from));
            set.put(cell(to));
            key_change(side, cell(from), cell(to), ball_before, ball_before)
        }
        Move::Kick { from, to, ball } => {
            let set = &mut state.sages[side.index()];
            set.take(cell(from));
            set.put(cell(to));
            state.ball = cell(ball);
            let kind = KIND[state.ball as usize];
            if is_goal(kind) {
                // The side attacking that goal area scores.
                scorer = Some(if kind == goal_of(Side::Black) {
                    Side::White
                } else {
                    Side::Black
                });
            }
            key_change(side, cell(from), cell(to), ball_before, state.ball)
        }
    };
    state.ply = state.ply.saturating_add(1);
    if let Some(scorer) = scorer {
        let points = &mut state.score[scorer.index()];
        *points = points.saturating_add(1);
        state.since = 0;
        state.passes = 0;
        state.to_move = scorer.opponent();
        let outcome = end::outcome_after_point(options, scorer, *points);
        if outcome.is_finished() {
            state.outcome = outcome;
        } else {
            state.reset_pieces();
        }
        // A point is irreversible: no earlier position can come back.
        state.restart_history();
        return;
    }
    state.since = state.since.saturating_add(1);
    state.passes = if *mv == Move::Pass {
        state.passes.saturating_add(1)
    } else {
        0
    };
    state.to_move = side.opponent();
    // The key from the one before it where the history holds that (it always does, unless
    // a snapshot's history was empty), instead of from every piece.
    let key = match state.history.keys().last() {
        Some(&before) => before ^ change,
        None => state.key(),
    };
    debug_assert_eq!(key, state.key(), "the key changed by {mv}");
    let occurrences = state.history.push(key);
    let outcome = end::outcome_after(options, state, occurrences);
    if outcome.is_finished() {
        state.outcome = outcome;
    }
}

/// Whether the sage move `mv` (not a pass) is legal, looking only at its own ray.
fn sage_move_is_legal(options: &Options, state: &State, mv: &Move) -> bool {
    let (from, to) = match *mv {
        Move::Plain { from, to } | Move::Kick { from, to, .. } => (from, to),
        Move::Pass => return false,
    };
    let (Some(f), Some(_)) = (on_board(from), on_board(to)) else {
        return false;
    };
    let mover = Mover::new(options, state);
    if !mover.own.has(f) {
        return false;
    }
    let Some((dir, _)) = from.line_to(to) else {
        return false;
    };
    let mut found = false;
    ray_moves(&mover, state, f, dir_index(dir), &mut |m| {
        found |= m == *mv;
    });
    found
}

fn has_sage_move(options: &Options, state: &State) -> bool {
    let mut any = false;
    sage_moves(options, state, &mut |_| any = true);
    any
}

/// The legal moves of `state`: its sage moves, or the pass when it has none (§4.2); none once
/// the game is over.
pub(crate) fn generate(options: &Options, state: &State, moves: &mut Vec<Move>) {
    if state.outcome.is_finished() {
        return;
    }
    let before = moves.len();
    sage_moves(options, state, &mut |m| moves.push(m));
    if moves.len() == before {
        moves.push(Move::Pass);
    }
}

/// Whether `mv` is legal in `state`, looking only at what it needs (its own ray).
pub(crate) fn is_legal(options: &Options, state: &State, mv: &Move) -> bool {
    if state.outcome.is_finished() {
        return false;
    }
    match mv {
        Move::Pass => !has_sage_move(options, state),
        _ => sage_move_is_legal(options, state, mv),
    }
}

/// Whether `mv` may be played in `state`, and if not, the rule it breaks.
pub(crate) fn check(options: &Options, state: &State, mv: &Move) -> Result<(), Illegal> {
    if state.outcome.is_finished() {
        return Err(Illegal::GameOver);
    }
    if is_legal(options, state, mv) {
        Ok(())
    } else {
        Err(reasons::reason(options, state, mv))
    }
}

/// The move at index `pick(n)` of the `n` legal moves: each sage's moves counted in each
/// direction and only the chosen direction's made; the pass when there is no sage move.
pub(crate) fn pick(
    options: &Options,
    state: &State,
    mut pick: impl FnMut(usize) -> usize,
) -> Option<Move> {
    if state.outcome.is_finished() {
        return None;
    }
    let picked = pick_sage_move(options, state, &mut pick);
    Some(picked.unwrap_or_else(|| {
        // The list is the pass alone (§4.2): drawn like any one-move list.
        pick(1);
        Move::Pass
    }))
}

/// How many legal moves `state` has, without listing them.
pub(crate) fn count(options: &Options, state: &State) -> usize {
    if state.outcome.is_finished() {
        return 0;
    }
    // No sage move: the pass (§4.2).
    count_sage_moves(options, state).max(1)
}
