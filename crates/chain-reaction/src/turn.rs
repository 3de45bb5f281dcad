//! A turn (rule book section 4): the placement of a pending stone, the free step, tower
//! segments (L1–L5), scoring with re-placement, the penalty, and the end of the turn.
//!
//! Three walks share the same rule functions: `generate` enumerates every complete turn by a
//! depth-first search over chains (copying a 40-byte working position per branch, no heap);
//! `execute` plays one given turn token by token, checking each token and saying which rule
//! forbids it; and `TurnSoFar` makes a turn one choice at a time (the decision points of
//! §6), saying after each which choices may come next, for the steps a player clicks.

use board_kernel::steps::StepRole;
use board_kernel::{Direction, Illegal, Side};

use crate::board::{Spot, cells, ray};
use crate::end;
use crate::notation::{Move, Segment};
use crate::options::{Options, ScoringFriendlyTower};
use crate::pieces::{Board, Content, Tower, replacement_cells};
use crate::state::State;

/// What a legal tower segment does.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Outcome {
    /// Where the bottom stone lands.
    a: Spot,
    /// Where the top stone lands (a board cell or a scoring position).
    b: Spot,
    /// Whether it builds a friendly tower (the chain must go on).
    friendly: bool,
    /// Points scored (0, 1, or 2 for the goal cell).
    points: i64,
}

/// Why a tower direction is illegal: the rules L1–L5 of 4.4.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Forbidden {
    /// L1: the bottom stone would not land on a board cell.
    BottomOff(Option<Spot>),
    /// L2: the top stone would land neither on a board cell nor on the mover's scoring row.
    TopOff(Option<Spot>),
    /// L3: both cells occupied — two towers.
    TwoTowers(Spot, Spot),
    /// L4: the last segment may not build a friendly tower.
    LastSegment(u8),
    /// L5: a scoring segment may not build a friendly tower.
    ScoringFriendly,
}

impl Forbidden {
    fn reason(self, dir: Direction, mover: Side) -> String {
        match self {
            Forbidden::BottomOff(Some(a)) => format!(
                "moving {dir}, the bottom stone would land on {a}, which is not a board cell (L1)"
            ),
            Forbidden::BottomOff(None) | Forbidden::TopOff(None) => {
                format!("moving {dir} leaves the board sideways (L1/L2)")
            }
            Forbidden::TopOff(Some(b)) => format!(
                "moving {dir}, the top stone would land on {b}, which is not {}'s scoring row (L2)",
                mover.name()
            ),
            Forbidden::TwoTowers(a, b) => {
                format!("moving {dir} would build two towers: {a} and {b} are both occupied (L3)")
            }
            Forbidden::LastSegment(n) => format!(
                "segment {n} is the last of the turn and may not build a friendly tower (L4)"
            ),
            Forbidden::ScoringFriendly => "a scoring segment may not build a friendly tower \
                 (L5; option scoring_friendly_tower = Forbidden)"
                .to_owned(),
        }
    }
}

/// Judges moving `tower` in `dir` as segment number `n` of `mover`'s turn (4.4, L1–L5).
#[inline]
pub(crate) fn judge(
    occupied: u64,
    tower: Tower,
    dir: usize,
    n: u8,
    mover: Side,
    options: &Options,
) -> Result<Outcome, Forbidden> {
    let (a, b) = ray(tower.cell, dir);
    let a = match a {
        Some(a) if a.is_board() => a,
        other => return Err(Forbidden::BottomOff(other)),
    };
    let b = match b {
        Some(b) if b.is_board() || b.scorer() == Some(mover) => b,
        other => return Err(Forbidden::TopOff(other)),
    };
    let a_occupied = occupied & a.bit() != 0;
    let b_occupied = occupied & b.bit() != 0;
    if a_occupied && b_occupied {
        return Err(Forbidden::TwoTowers(a, b));
    }
    let friendly = (a_occupied && tower.bottom == mover) || b_occupied;
    if friendly && n >= options.max_segments {
        return Err(Forbidden::LastSegment(n));
    }
    let scoring = !b.is_board();
    if friendly && scoring && options.scoring_friendly_tower == ScoringFriendlyTower::Forbidden {
        return Err(Forbidden::ScoringFriendly);
    }
    let points = match (scoring, b.is_goal()) {
        (false, _) => 0,
        (true, false) => 1,
        (true, true) => 2,
    };
    Ok(Outcome {
        a,
        b,
        friendly,
        points,
    })
}

/// The working part of a position during a turn.
#[derive(Clone, Copy, Debug)]
struct Work {
    board: Board,
    scores: [i64; 2],
}

/// Executes a legal tower segment: both stones leave `P`, the bottom one lands on `A`, the
/// top one on `B` or scores (re-placement is the caller's business).
#[inline]
fn move_tower(work: &mut Work, tower: Tower, outcome: &Outcome, mover: Side) {
    work.board.take_tower();
    work.board.drop_stone(outcome.a, tower.bottom);
    if outcome.b.is_board() {
        work.board.drop_stone(outcome.b, tower.top);
    } else {
        let score = &mut work.scores[mover.index()];
        *score = score.saturating_add(outcome.points);
    }
}

/// The penalty of 4.7 without the re-placement: −2, the bottom stone lifted out, the top
/// stone left as a single. Returns the bottom stone's colour.
#[inline]
fn take_penalty(work: &mut Work, tower: Tower, mover: Side) -> Side {
    let score = &mut work.scores[mover.index()];
    *score = score.saturating_sub(2);
    work.board.take_tower();
    work.board.drop_stone(tower.cell, tower.top);
    tower.bottom
}

/// The segment number the tower's next move will have.
#[inline]
fn next_segment(done: u8) -> u8 {
    done.saturating_add(1)
}

struct Generator<'a> {
    options: &'a Options,
    mover: Side,
    target: i64,
    out: Sink<'a>,
    /// The turn so far: segments are pushed on the way down and popped on the way back, and
    /// a leaf copies it into `out` before writing its last token there (writing a token just
    /// before copying the whole move would stall the copy on the fresh store).
    cur: Move,
}

/// Where the complete turns go: into a list, or only counted (perft's last ply, where
/// copying each turn out was most of the time).
enum Sink<'a> {
    List(&'a mut Vec<Move>),
    Count(usize),
}

/// Appends every legal turn of `state` to `out`: none once the game is over.
pub(crate) fn legal_moves(options: &Options, state: &State, out: &mut Vec<Move>) {
    if !end::status(options, state).is_finished() {
        generate(options, state, out);
    }
}

/// The rules' verdict on `mv` in `state`: the game is over, or the rule a token breaks. The
/// turn is checked by playing it out token by token on a copy.
pub(crate) fn check(options: &Options, state: &State, mv: &Move) -> Result<(), Illegal> {
    if end::status(options, state).is_finished() {
        return Err(Illegal::GameOver);
    }
    execute(options, &mut state.clone(), mv)
}

/// Appends every complete turn of `state` (not finished) to `out`.
pub(crate) fn generate(options: &Options, state: &State, out: &mut Vec<Move>) {
    walk(options, state, Sink::List(out));
}

/// How many complete turns [`generate`] appends.
pub(crate) fn count(options: &Options, state: &State) -> usize {
    match walk(options, state, Sink::Count(0)) {
        Sink::Count(n) => n,
        Sink::List(_) => 0,
    }
}

fn walk<'a>(options: &'a Options, state: &State, out: Sink<'a>) -> Sink<'a> {
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
    walker.out
}

impl Generator<'_> {
    fn body(&mut self, work: Work, done: u8) {
        match work.board.tower() {
            Some(tower) => self.chain(work, tower, done),
            None => self.free_steps(work, done),
        }
    }

    /// A complete turn: the current one with `last` appended.
    #[inline]
    fn leaf(&mut self, last: Segment) {
        match &mut self.out {
            Sink::List(out) => {
                out.push(self.cur);
                if let Some(mv) = out.last_mut() {
                    mv.push_segment(last);
                }
            }
            Sink::Count(n) => *n += 1,
        }
    }

    /// A complete turn ending in a penalty.
    #[inline]
    fn penalty(&mut self, replace: Option<Spot>) {
        match &mut self.out {
            Sink::List(out) => out.push(self.cur.with_penalty(replace)),
            Sink::Count(n) => *n += 1,
        }
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
            let Ok(outcome) = judge(occupied, tower, dir, n, mover, self.options) else {
                continue;
            };
            any = true;
            let seg = Segment {
                from: tower.cell,
                to: outcome.b,
                replace: None,
            };
            if outcome.points == 0 && !outcome.friendly {
                // No tower of the mover's: the turn ends here.
                self.leaf(seg);
                continue;
            }
            let mut next = work;
            move_tower(&mut next, tower, &outcome, mover);
            if outcome.points > 0 {
                for z in cells(replacement_cells(&next.board, tower.top)) {
                    let mut placed = next;
                    placed.board.drop_stone(z, tower.top);
                    let seg = Segment {
                        replace: Some(z),
                        ..seg
                    };
                    let won = placed.scores[mover.index()] >= self.target;
                    match placed.board.tower() {
                        Some(t) if outcome.friendly && !won => self.deeper(placed, t, n, seg),
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

/// A choice inside a turn (§6): a cell (a stone to step with, where it steps, where the tower's
/// top stone lands, where a stone is put back) or the penalty.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Choice {
    /// A cell: a board cell, or a scoring position for a stone that scores.
    Cell(Spot),
    /// The penalty of a tower that cannot move (4.7).
    Penalty,
}

/// What a turn in progress waits for.
#[derive(Clone, Copy, Debug)]
enum Wait {
    /// The cell a stone of `colour` is put back on (4.6), then `then`.
    Place { colour: Side, then: Placed },
    /// The stone of the free step (4.3).
    Stone,
    /// The cell the free step's stone on `from` goes to.
    Target { from: Spot },
    /// Where the top stone of the tower lands, or the penalty when it cannot move (4.4, 4.7).
    Tower(Tower),
    /// Nothing: the turn is complete.
    Done,
}

/// What the turn does once the stone is put back.
#[derive(Clone, Copy, Debug)]
enum Placed {
    /// The pending stone (4.2): the turn's body follows.
    Pending,
    /// The stone `seg` scored: the chain goes on with the tower, if any, or the turn ends.
    Scored { seg: Segment, then: Option<Tower> },
    /// The mover's bottom stone of the penalty: the turn ends.
    Penalty,
}

/// A turn made one choice at a time from a position, following the same rule functions as
/// [`generate`], so that the choices it offers are exactly the ones the generated turns go on
/// with. The position so far is the engine's own mid-turn state: the segment count and the
/// tower as the position text writes them, and a stone scored and not yet put back, or the
/// penalty's bottom stone, as its owner's pending stone.
#[derive(Clone, Debug)]
pub(crate) struct TurnSoFar<'a> {
    options: &'a Options,
    mover: Side,
    /// The points the mover needs to win.
    target: i64,
    work: Work,
    segment: u8,
    pending: Option<Side>,
    mv: Move,
    wait: Wait,
}

impl<'a> TurnSoFar<'a> {
    /// The turn of `state` (not finished) before its first choice.
    pub(crate) fn new(options: &'a Options, state: &State) -> TurnSoFar<'a> {
        let mover = state.to_move;
        let mut turn = TurnSoFar {
            options,
            mover,
            target: state.targets[mover.index()],
            work: Work {
                board: state.board,
                scores: state.scores,
            },
            segment: state.segment,
            pending: state.pending,
            mv: Move::EMPTY,
            wait: Wait::Done,
        };
        turn.wait = if state.pending == Some(mover) {
            Wait::Place {
                colour: mover,
                then: Placed::Pending,
            }
        } else {
            turn.body()
        };
        turn
    }

    /// The first choice of the turn's body: the tower's segment, or the free step's stone.
    fn body(&self) -> Wait {
        match self.work.board.tower() {
            Some(tower) => Wait::Tower(tower),
            None => Wait::Stone,
        }
    }

    /// The whole turn, once the choices make one.
    pub(crate) fn complete(&self) -> Option<Move> {
        matches!(self.wait, Wait::Done).then_some(self.mv)
    }

    /// Calls `f` with every choice that may come next and what it does (nothing once the
    /// turn is complete).
    pub(crate) fn each_choice(&self, mut f: impl FnMut(Choice, StepRole)) {
        let mover = self.mover;
        match self.wait {
            Wait::Place { colour, .. } => {
                for z in cells(replacement_cells(&self.work.board, colour)) {
                    f(Choice::Cell(z), StepRole::Place);
                }
            }
            // Every stone has a neighbouring board cell to step to.
            Wait::Stone => {
                for s in cells(self.work.board.single_mask(mover)) {
                    f(Choice::Cell(s), StepRole::Select);
                }
            }
            Wait::Target { from } => {
                for dir in 0..8 {
                    if let Some(q) = ray(from, dir).0
                        && self.may_step_to(q)
                    {
                        f(Choice::Cell(q), StepRole::Move);
                    }
                }
            }
            Wait::Tower(tower) => {
                let mut any = false;
                for dir in 0..8 {
                    if let Ok(outcome) = self.judge(tower, dir) {
                        any = true;
                        f(Choice::Cell(outcome.b), StepRole::Move);
                    }
                }
                if !any {
                    f(Choice::Penalty, StepRole::Choice);
                }
            }
            Wait::Done => {}
        }
    }

    /// Whether the free step may go to `q`, a neighbour of its stone (4.3).
    fn may_step_to(&self, q: Spot) -> bool {
        q.is_board()
            || (self.options.single_step_into_goal && q.is_goal() && q.scorer() == Some(self.mover))
    }

    /// The tower's segment in direction `dir`.
    fn judge(&self, tower: Tower, dir: usize) -> Result<Outcome, Forbidden> {
        let n = next_segment(self.segment);
        judge(
            self.work.board.occupied(),
            tower,
            dir,
            n,
            self.mover,
            self.options,
        )
    }

    /// Makes `choice` if it may come next (see [`TurnSoFar::each_choice`]); says whether it
    /// did. A refused choice changes nothing.
    pub(crate) fn choose(&mut self, choice: Choice) -> bool {
        let mut offered = false;
        self.each_choice(|c, _| offered |= c == choice);
        if !offered {
            return false;
        }
        let mover = self.mover;
        match (self.wait, choice) {
            (Wait::Place { colour, then }, Choice::Cell(z)) => {
                self.work.board.drop_stone(z, colour);
                self.pending = None;
                self.wait = match then {
                    Placed::Pending => {
                        self.mv = self.mv.with_placement(z);
                        self.body()
                    }
                    Placed::Scored { seg, then } => {
                        self.mv.push_segment(Segment {
                            replace: Some(z),
                            ..seg
                        });
                        then.map_or(Wait::Done, Wait::Tower)
                    }
                    Placed::Penalty => {
                        self.mv = self.mv.with_penalty(Some(z));
                        Wait::Done
                    }
                };
            }
            (Wait::Stone, Choice::Cell(from)) => self.wait = Wait::Target { from },
            (Wait::Target { from }, Choice::Cell(q)) => {
                let seg = Segment {
                    from,
                    to: q,
                    replace: None,
                };
                self.segment = next_segment(self.segment);
                self.work.board.lift_single(from);
                if q.is_board() {
                    self.work.board.drop_stone(q, mover);
                    self.mv.push_segment(seg);
                    self.wait = self.work.board.tower().map_or(Wait::Done, Wait::Tower);
                } else {
                    let score = &mut self.work.scores[mover.index()];
                    *score = score.saturating_add(2);
                    self.pending = Some(mover);
                    self.wait = Wait::Place {
                        colour: mover,
                        then: Placed::Scored { seg, then: None },
                    };
                }
            }
            (Wait::Tower(tower), Choice::Cell(b)) => {
                let Some(outcome) = (0..8)
                    .filter_map(|dir| self.judge(tower, dir).ok())
                    .find(|o| o.b == b)
                else {
                    return false;
                };
                move_tower(&mut self.work, tower, &outcome, mover);
                self.segment = next_segment(self.segment);
                let seg = Segment {
                    from: tower.cell,
                    to: b,
                    replace: None,
                };
                if outcome.points > 0 {
                    let won = self.work.scores[mover.index()] >= self.target;
                    let then = self.work.board.tower().filter(|_| outcome.friendly && !won);
                    self.pending = Some(tower.top);
                    self.wait = Wait::Place {
                        colour: tower.top,
                        then: Placed::Scored { seg, then },
                    };
                } else {
                    self.mv.push_segment(seg);
                    self.wait = match self.work.board.tower() {
                        Some(t) if outcome.friendly => Wait::Tower(t),
                        _ => Wait::Done,
                    };
                }
            }
            (Wait::Tower(tower), Choice::Penalty) => {
                let bottom = take_penalty(&mut self.work, tower, mover);
                self.pending = Some(bottom);
                if bottom == mover {
                    self.wait = Wait::Place {
                        colour: mover,
                        then: Placed::Penalty,
                    };
                } else {
                    self.mv = self.mv.with_penalty(None);
                    self.wait = Wait::Done;
                }
            }
            _ => return false,
        }
        true
    }

    /// The position after the choices so far, the turn having started from `state`: the
    /// engine's mid-turn state (see [`TurnSoFar`]), or the position after the turn once it is
    /// complete.
    pub(crate) fn position(&self, state: &State) -> State {
        let mut after = state.clone();
        after.board = self.work.board;
        after.scores = self.work.scores;
        after.pending = self.pending;
        after.segment = self.segment;
        if matches!(self.wait, Wait::Done) {
            after.end_turn(self.options);
        }
        after
    }
}

/// The directions the tower may take as segment `n`.
fn legal_directions(
    board: &Board,
    tower: Tower,
    n: u8,
    mover: Side,
    options: &Options,
) -> Vec<String> {
    (0..8)
        .filter_map(|dir| {
            judge(board.occupied(), tower, dir, n, mover, options)
                .ok()
                .map(|o| {
                    Segment {
                        from: tower.cell,
                        to: o.b,
                        replace: None,
                    }
                    .to_string()
                })
        })
        .collect()
}

fn cell_list(mask: u64) -> String {
    let names: Vec<String> = cells(mask).map(|c| c.to_string()).collect();
    names.join(", ")
}

/// The rule book sections a refused turn can break.
const FREE_STEP: &str = "§4.3";
const SEGMENT: &str = "§4.4";
const REPLACE: &str = "§4.6";
const PENALTY: &str = "§4.7";
const PENDING: &str = "§4.8";
const END_OF_TURN: &str = "§4.9";

/// Checks the re-placement cell `z` of a `colour` stone.
fn check_replacement(board: &Board, colour: Side, z: Spot) -> Result<(), Illegal> {
    let free = replacement_cells(board, colour);
    if free & z.bit() != 0 {
        Ok(())
    } else {
        Err(Illegal::breaks(
            REPLACE,
            format!(
                "{z} is not where the stone goes back: the first setup row with room (or the own half) leaves {}",
                cell_list(free)
            ),
        ))
    }
}

/// Plays `mv` on `state`, checking every token against the rule it must follow. On an error
/// the state is left part-way and the caller discards it.
pub(crate) fn execute(options: &Options, state: &mut State, mv: &Move) -> Result<(), Illegal> {
    let mover = state.to_move;
    let target = state.targets[mover.index()];
    let mut work = Work {
        board: state.board,
        scores: state.scores,
    };
    match (state.pending, mv.placement()) {
        (Some(c), Some(z)) if c == mover => {
            check_replacement(&work.board, mover, z)?;
            work.board.drop_stone(z, mover);
            state.pending = None;
        }
        (Some(c), None) if c == mover => {
            return Err(Illegal::breaks(
                PENDING,
                format!(
                    "your pending stone goes back first: start the turn with `=cell`, one of {}",
                    cell_list(replacement_cells(&work.board, mover))
                ),
            ));
        }
        (_, Some(_)) => {
            return Err(Illegal::breaks(
                PENDING,
                "there is no stone of yours waiting to be put back",
            ));
        }
        _ => {}
    }
    let segs = mv.segments();
    let mut i = 0;
    let mut done = state.segment;
    let mut ended = false;
    let mut tower = work.board.tower();
    if tower.is_none() {
        let Some(seg) = segs.first() else {
            return Err(Illegal::breaks(
                FREE_STEP,
                "there is no tower, so the turn is a free step; the penalty `!` is only for a tower that cannot move",
            ));
        };
        if !seg.is_free_step() {
            return Err(Illegal::breaks(
                FREE_STEP,
                format!(
                    "there is no tower: the turn starts with a free step of one stone, not the tower segment {seg}"
                ),
            ));
        }
        if work.board.content(seg.from) != Content::Stone(mover) {
            return Err(Illegal::breaks(
                FREE_STEP,
                format!("{} holds no stone of yours", seg.from),
            ));
        }
        i = 1;
        done = next_segment(done);
        if seg.to.is_board() && seg.replace.is_some() {
            return Err(Illegal::breaks(
                REPLACE,
                format!(
                    "{}-{} does not score, so it takes no re-placement",
                    seg.from, seg.to
                ),
            ));
        }
        if seg.to.is_board() {
            let occupied = work.board.content(seg.to).is_occupied();
            work.board.lift_single(seg.from);
            work.board.drop_stone(seg.to, mover);
            if occupied {
                tower = work.board.tower();
            } else {
                ended = true;
            }
        } else {
            if !options.single_step_into_goal {
                return Err(Illegal::breaks(
                    FREE_STEP,
                    format!(
                        "{} is not a board cell: a free step may enter the goal only with option single_step_into_goal",
                        seg.to
                    ),
                ));
            }
            if !seg.to.is_goal() || seg.to.scorer() != Some(mover) {
                return Err(Illegal::breaks(
                    FREE_STEP,
                    format!("{} is not the goal cell you attack", seg.to),
                ));
            }
            work.board.lift_single(seg.from);
            let score = &mut work.scores[mover.index()];
            *score = score.saturating_add(2);
            let z = seg.replace.ok_or(Illegal::breaks(
                REPLACE,
                "a scoring step needs its re-placement `=cell`",
            ))?;
            check_replacement(&work.board, mover, z)?;
            work.board.drop_stone(z, mover);
            ended = true;
        }
    }
    let mut penalty_used = false;
    while !ended {
        let Some(t) = tower else {
            return Err(Illegal::breaks(SEGMENT, "no tower to move"));
        };
        let n = next_segment(done);
        if let Some(seg) = segs.get(i) {
            if seg.is_free_step() {
                return Err(Illegal::breaks(
                    SEGMENT,
                    format!(
                        "the tower on {} must move: there is no free step while a tower stands",
                        t.cell
                    ),
                ));
            }
            if seg.from != t.cell {
                return Err(Illegal::breaks(
                    SEGMENT,
                    format!(
                        "the tower stands on {}: segment {n} must start there, not on {}",
                        t.cell, seg.from
                    ),
                ));
            }
            let df = (seg.to.file() as i8 - seg.from.file() as i8) / 2;
            let dr = (seg.to.rank() as i8 - seg.from.rank() as i8) / 2;
            let dir = Direction::from_delta(df, dr)
                .ok_or(Illegal::breaks(SEGMENT, "not a tower segment"))?;
            let outcome = judge(work.board.occupied(), t, dir as usize, n, mover, options)
                .map_err(|f| {
                    Illegal::breaks(SEGMENT, format!("{seg}: {}", f.reason(dir, mover)))
                })?;
            if outcome.b != seg.to {
                return Err(Illegal::breaks(
                    SEGMENT,
                    format!(
                        "{}-{} is not a tower segment: the top stone lands two cells away in a straight line",
                        seg.from, seg.to
                    ),
                ));
            }
            if outcome.points == 0 && seg.replace.is_some() {
                return Err(Illegal::breaks(
                    REPLACE,
                    format!(
                        "{}-{} does not score, so it takes no re-placement",
                        seg.from, seg.to
                    ),
                ));
            }
            move_tower(&mut work, t, &outcome, mover);
            done = n;
            i += 1;
            let mut won = false;
            if outcome.points > 0 {
                let z = seg.replace.ok_or(Illegal::breaks(
                    REPLACE,
                    "a scoring segment needs its re-placement `=cell`",
                ))?;
                check_replacement(&work.board, t.top, z)?;
                work.board.drop_stone(z, t.top);
                won = work.scores[mover.index()] >= target;
            }
            if outcome.friendly && !won {
                tower = work.board.tower();
            } else {
                ended = true;
            }
        } else if let Some(p) = mv.penalty() {
            let legal = legal_directions(&work.board, t, n, mover, options);
            if !legal.is_empty() {
                return Err(Illegal::breaks(
                    PENALTY,
                    format!(
                        "the tower on {} can move ({}), so there is no penalty",
                        t.cell,
                        legal.join(", ")
                    ),
                ));
            }
            let bottom = take_penalty(&mut work, t, mover);
            match (bottom == mover, p.replace) {
                (true, Some(z)) => {
                    check_replacement(&work.board, mover, z)?;
                    work.board.drop_stone(z, mover);
                }
                (true, None) => {
                    return Err(Illegal::breaks(
                        PENALTY,
                        format!(
                            "the bottom stone is yours: put it back with `!=cell`, one of {}",
                            cell_list(replacement_cells(&work.board, mover))
                        ),
                    ));
                }
                (false, Some(_)) => {
                    return Err(Illegal::breaks(
                        PENALTY,
                        "the bottom stone is your opponent's: he puts it back at the start of his turn, so write `!` alone",
                    ));
                }
                (false, None) => state.pending = Some(bottom),
            }
            penalty_used = true;
            ended = true;
        } else {
            let legal = legal_directions(&work.board, t, n, mover, options);
            return Err(Illegal::breaks(
                END_OF_TURN,
                if legal.is_empty() {
                    format!(
                        "the turn is not over: the tower on {} cannot move, so the turn ends with the penalty `!`",
                        t.cell
                    )
                } else {
                    format!(
                        "the turn is not over: the tower on {} must move on ({})",
                        t.cell,
                        legal.join(", ")
                    )
                },
            ));
        }
    }
    if let Some(extra) = segs.get(i) {
        return Err(Illegal::breaks(
            END_OF_TURN,
            format!("the turn is already over before {extra}"),
        ));
    }
    if mv.penalty().is_some() && !penalty_used {
        return Err(Illegal::breaks(
            END_OF_TURN,
            "the turn is already over: there is no penalty",
        ));
    }
    state.board = work.board;
    state.scores = work.scores;
    state.end_turn(options);
    Ok(())
}
