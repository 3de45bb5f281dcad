//! A turn (rule book section 4): the placement of a pending stone, the free step, tower
//! segments (L1–L5), scoring with re-placement, the penalty, and the end of the turn.
//!
//! Three walks share the rule functions of this module (`judge` and the moves of stones):
//! `generation` enumerates every complete turn by a depth-first search over chains
//! (copying a 40-byte working position per branch, no heap), and `counting` counts them on
//! two masks without the list; `reasons` plays one given turn token by token, checking each
//! token and saying which rule forbids it; and the stepper of [`crate::steps`] makes a turn
//! one choice at a time (the decision points of §6), saying after each which choices may come
//! next, for the steps a player clicks.

use board_kernel::{Direction, Illegal, Side};

use crate::board::{Spot, ray};
use crate::end;
use crate::notation::Move;
use crate::options::{Options, ScoringFriendlyTower};
use crate::pieces::{Board, Tower};
use crate::state::State;

pub(crate) mod counting;
mod generation;
mod reasons;

/// What a legal tower segment does.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Landing {
    /// Where the bottom stone lands.
    pub(crate) a: Spot,
    /// Where the top stone lands (a board cell or a scoring position).
    pub(crate) b: Spot,
    /// Whether it builds a friendly tower (the chain must go on).
    pub(crate) friendly: bool,
    /// Points scored (0, 1, or 2 for the goal cell).
    pub(crate) points: i64,
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
    pub(crate) fn reason(self, dir: Direction, mover: Side) -> String {
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
) -> Result<Landing, Forbidden> {
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
    Ok(Landing {
        a,
        b,
        friendly,
        points,
    })
}

/// The working part of a position during a turn.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Work {
    pub(crate) board: Board,
    pub(crate) scores: [i64; 2],
}

/// Executes a legal tower segment: both stones leave `P`, the bottom one lands on `A`, the
/// top one on `B` or scores (re-placement is the caller's business).
#[inline]
pub(crate) fn move_tower(work: &mut Work, tower: Tower, landing: &Landing, mover: Side) {
    work.board.take_tower();
    work.board.drop_stone(landing.a, tower.bottom);
    if landing.b.is_board() {
        work.board.drop_stone(landing.b, tower.top);
    } else {
        let score = &mut work.scores[mover.index()];
        *score = score.saturating_add(landing.points);
    }
}

/// The penalty of 4.7 without the re-placement: −2, the bottom stone lifted out, the top
/// stone left as a single. Returns the bottom stone's colour.
#[inline]
pub(crate) fn take_penalty(work: &mut Work, tower: Tower, mover: Side) -> Side {
    let score = &mut work.scores[mover.index()];
    *score = score.saturating_sub(2);
    work.board.take_tower();
    work.board.drop_stone(tower.cell, tower.top);
    tower.bottom
}

/// The segment number the tower's next move will have.
#[inline]
pub(crate) fn next_segment(done: u8) -> u8 {
    done.saturating_add(1)
}

/// Appends every legal turn of `state` to `out`: none once the game is over.
pub(crate) fn generate(options: &Options, state: &State, out: &mut Vec<Move>) {
    if !end::status(options, state).is_finished() {
        generation::turns(options, state, out);
    }
}

/// How many legal turns `state` has: none once the game is over; otherwise counted on two
/// masks ([`counting::count`]), or by the generator where that counter does not apply.
pub(crate) fn count(options: &Options, state: &State) -> usize {
    if end::status(options, state).is_finished() {
        0
    } else {
        counting::count(options, state).unwrap_or_else(|| generation::count_turns(options, state))
    }
}

/// The legal turn at index `pick(n)` of the generator's list of `n`, drawn with that one call
/// (`None`, without a call, once the game is over): found by counting ([`counting::pick`]),
/// or from the list (into `scratch`) where the counter does not apply.
pub(crate) fn pick(
    options: &Options,
    state: &State,
    scratch: &mut Vec<Move>,
    mut pick: impl FnMut(usize) -> usize,
) -> Option<Move> {
    if end::status(options, state).is_finished() {
        return None;
    }
    match counting::pick(options, state, &mut pick) {
        Some(picked) => picked,
        None => {
            scratch.clear();
            generation::turns(options, state, scratch);
            (!scratch.is_empty()).then(|| scratch[pick(scratch.len())])
        }
    }
}

/// The rules' verdict on `mv` in `state`: the game is over, or the rule a token breaks. The
/// turn is checked by playing it out token by token on a copy.
pub(crate) fn check(options: &Options, state: &State, mv: &Move) -> Result<(), Illegal> {
    if end::status(options, state).is_finished() {
        return Err(Illegal::GameOver);
    }
    reasons::play_checked(options, &mut state.clone(), mv)
}

/// Plays the legal turn `mv`. An illegal one leaves the state unspecified, as the contract
/// allows (its tokens are played up to the first that breaks a rule).
pub(crate) fn play(options: &Options, state: &mut State, mv: &Move) {
    let _ = reasons::play_checked(options, state, mv);
}
