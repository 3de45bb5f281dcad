//! A turn (§4): one sage move — a plain slide or a kick with its chosen outcome — or a forced
//! pass; generating them, and what happens after the move (goals, reset, end checks).

use board_kernel::{Side, Square};
use serde::{Deserialize, Serialize};

use crate::board::{Cell, KIND, OFF, STEP, cell, goal_of, is_backward_diagonal, is_goal};
use crate::end::{self, EndReason, Outcome, winner_on_score};
use crate::kick::{BallRules, kick};
use crate::lines::{Lines, goals};
use crate::options::Options;
use crate::pieces::{CellSet, Cells};
use crate::state::State;

/// One whole turn.
///
/// A kick is identified by its result: the kicker's start and end cells and the ball's final
/// cell (different bounce paths to the same cell are the same move). It prints in the spec's
/// notation (§6).
///
/// ```
/// use board_kernel::prelude::*;
/// use seven_sages::{Move, SevenSages};
/// let game = SevenSages::default();
/// let start = game.initial_state();
/// let kick = game.parse_move(&start, "h5-h8/h9")?;
/// assert!(matches!(kick, Move::Kick { .. }));
/// assert_eq!(kick.to_string(), "h5-h8/h9");
/// assert!(game.is_legal(&start, &kick));
/// # Ok::<(), board_kernel::ParseError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Move {
    /// A forced pass: only legal when the side to move has no other move.
    Pass,
    /// A plain slide of the sage on `from` to the empty cell `to`.
    Plain {
        /// The sage's cell.
        from: Square,
        /// Its destination.
        to: Square,
    },
    /// A kick: the sage on `from` slides into the ball and ends on `to`; the ball ends on
    /// `ball`.
    Kick {
        /// The kicker's cell.
        from: Square,
        /// The kicker's final cell (the ball's former cell, or the cell before it in
        /// StopBefore mode).
        to: Square,
        /// The ball's final cell.
        ball: Square,
    },
}

impl Move {
    /// The move packed into one number (kind and three cell indices), for hashing.
    fn packed(&self) -> u32 {
        match *self {
            Move::Pass => 0,
            Move::Plain { from, to } => 1 | (from.index() as u32) << 8 | (to.index() as u32) << 16,
            Move::Kick { from, to, ball } => {
                2 | (ball.index() as u32) << 2
                    | (from.index() as u32) << 10
                    | (to.index() as u32) << 18
            }
        }
    }
}

// One hasher write per move instead of one per coordinate: move sets are hashed a lot by
// callers (distinctness checks, transposition tables). Equal moves pack to equal numbers.
impl std::hash::Hash for Move {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        state.write_u32(self.packed());
    }
}

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
        Move::Pass => end::key_change(side, 0, 0, 0, 0),
        Move::Plain { from, to } => {
            let set = &mut state.sages[side.index()];
            set.take(cell(from));
            set.put(cell(to));
            end::key_change(side, cell(from), cell(to), ball_before, ball_before)
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
            end::key_change(side, cell(from), cell(to), ball_before, state.ball)
        }
    };
    state.ply = state.ply.saturating_add(1);
    if let Some(scorer) = scorer {
        let points = &mut state.score[scorer.index()];
        *points = points.saturating_add(1);
        state.since = 0;
        state.passes = 0;
        state.to_move = scorer.opponent();
        if *points >= options.points_to_win {
            state.outcome = Outcome::Finished {
                winner: Some(scorer),
                reason: EndReason::Points,
            };
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
    let reason = if state.passes >= 2 {
        Some(EndReason::DoublePass)
    } else if options.repetition_limit > 0 && occurrences >= options.repetition_limit as usize {
        Some(EndReason::Repetition)
    } else if options.max_plies_per_point > 0 && state.since >= options.max_plies_per_point {
        Some(EndReason::MaxPlies)
    } else {
        None
    };
    if let Some(reason) = reason {
        state.outcome = Outcome::Finished {
            winner: winner_on_score(state.score),
            reason,
        };
    }
}
