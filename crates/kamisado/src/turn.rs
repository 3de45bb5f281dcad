//! A turn (§3, §4): normal moves, Sumo pushes, forced passes and the refill choice — how
//! they are generated, checked and played.

use board_kernel::{Illegal, ParseError, Side, Square};

use crate::board::{cell, cell_colour, home_rank, on_board, square};
use crate::end::{Ending, end_round, refill};
use crate::state::{Phase, decode};
use crate::{Colour, Options, State, Tower};

/// The fill direction chosen by the round winner between two rounds of a match (§5.6), as
/// seen from each player's own seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Fill {
    /// `fill-L`: from the player's left (brown) corner towards the right.
    Left,
    /// `fill-R`: from the player's right corner towards the left.
    Right,
}

/// One ply: a whole turn (§4).
///
/// Printed and parsed in the notation of §6: `c1-a3`, `f6>f5`, `pass`, `fill-L`, `fill-R`
/// (also its serde form).
///
/// ```
/// use kamisado::{Game, Kamisado, Move};
/// let game = Kamisado::default();
/// let state = game.initial_state();
/// let mv = game.parse_move(&state, "c1-a3")?;
/// assert!(matches!(mv, Move::Step { .. }));
/// assert_eq!(mv.to_string(), "c1-a3");
/// assert_eq!(Move::Pass.to_string(), "pass");
/// # Ok::<(), kamisado::ParseError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// A normal move (§3.1): straight or diagonally forward through empty squares.
    Step {
        /// Where the tower stands.
        from: Square,
        /// Where it lands.
        to: Square,
    },
    /// A Sumo push (§3.2); `to` is the square directly ahead, where the Sumo ends.
    Push {
        /// Where the Sumo stands.
        from: Square,
        /// The square directly ahead of it.
        to: Square,
    },
    /// A forced pass: the required tower can neither move nor push.
    Pass,
    /// The round winner's refill choice in phase Refill (§5.5, §5.6).
    Fill(Fill),
}

/// The rank step of a forward move.
#[inline]
const fn forward(side: Side) -> i8 {
    side.forward_sign()
}

/// The cell `k` steps from `c` by (`df`, `dr`), if on the board.
#[inline]
fn offset(c: u8, df: i8, dr: i8, k: i8) -> Option<u8> {
    let f = (c & 7) as i8 + df * k;
    let r = (c >> 3) as i8 + dr * k;
    ((0..8).contains(&f) && (0..8).contains(&r)).then_some((r * 8 + f) as u8)
}

/// How many empty squares a tower on `c` can cover in direction (`df`, `dr`), at most `max`.
#[inline]
fn ray_len(occ: u64, c: u8, df: i8, dr: i8, max: u8) -> u8 {
    let mut n = 0;
    while n < max {
        match offset(c, df, dr, n as i8 + 1) {
            Some(q) if occ & (1 << q) == 0 => n += 1,
            _ => break,
        }
    }
    n
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
fn tower_moves(state: &State, c: u8, t: Tower, may_push: bool, moves: &mut Vec<Move>) {
    let dr = forward(t.owner);
    let max = t.max_distance();
    let from = square(c);
    let left = ray_len(state.occ, c, -1, dr, max);
    let ahead = ray_len(state.occ, c, 0, dr, max);
    let right = ray_len(state.occ, c, 1, dr, max);
    let step = |df: i8, k: u8| Move::Step {
        from,
        to: square(offset(c, df, dr, k as i8).unwrap_or(c)),
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

/// Whether the required tower of `side` has a move or a push (so no pass is allowed).
fn required_can_move(state: &State, colour: Colour) -> bool {
    let side = state.to_move;
    let c = state.pos[side.index()][colour.index()];
    let Some(t) = decode(state.cells[c as usize]) else {
        return false;
    };
    let dr = forward(side);
    [-1, 0, 1]
        .into_iter()
        .any(|df| ray_len(state.occ, c, df, dr, 1) > 0)
        || push_column(state, c, t).is_some()
}

/// The rule book section of each kind of refusal.
const PHASES: &str = "§4.3";
const MOVEMENT: &str = "§3.1";
const PUSH: &str = "§3.2";
const REQUIRED: &str = "§4.2";

/// Why `mv` is illegal in `state`, or `Ok` when it is legal (§4.2). Agrees exactly with
/// [`generate`], without building the move list.
pub(crate) fn check(_options: &Options, state: &State, mv: &Move) -> Result<(), Illegal> {
    match state.phase {
        Phase::Over => return Err(Illegal::GameOver),
        Phase::Refill => {
            return match mv {
                Move::Fill(_) => Ok(()),
                _ => Err(Illegal::breaks(
                    PHASES,
                    format!(
                        "the round is over: {} (the round winner) must choose `fill-L` or `fill-R`",
                        side_name(state.to_move)
                    ),
                )),
            };
        }
        Phase::Play => {}
    }
    let side = state.to_move;
    let required_tower = |colour: Colour| square(state.pos[side.index()][colour.index()]);
    match *mv {
        Move::Fill(_) => Err(Illegal::breaks(
            PHASES,
            "the refill choice is only made between two rounds of a match",
        )),
        Move::Pass => match state.required {
            None => Err(Illegal::breaks(
                REQUIRED,
                "the first move of a round is a free choice: it is never a pass",
            )),
            Some(colour) if required_can_move(state, colour) => Err(Illegal::breaks(
                REQUIRED,
                format!(
                    "a pass is only allowed when the required tower cannot move; the {} tower on {} can",
                    colour_name(colour),
                    required_tower(colour)
                ),
            )),
            Some(_) => Ok(()),
        },
        Move::Step { from, to } | Move::Push { from, to } => {
            if !on_board(from) || !on_board(to) {
                return Err(Illegal::breaks(
                    MOVEMENT,
                    "the squares of a move are a1 to h8",
                ));
            }
            let c = cell(from);
            let Some(t) = decode(state.cells[c as usize]) else {
                return Err(Illegal::breaks(
                    MOVEMENT,
                    format!("there is no tower on {from}"),
                ));
            };
            if t.owner != side {
                return Err(Illegal::breaks(
                    REQUIRED,
                    format!(
                        "the tower on {from} belongs to {}; {} is to move",
                        side_name(t.owner),
                        side_name(side)
                    ),
                ));
            }
            if let Some(colour) = state.required
                && t.colour != colour
            {
                return Err(Illegal::breaks(
                    REQUIRED,
                    format!(
                        "the required tower is the {} one on {}",
                        colour_name(colour),
                        required_tower(colour)
                    ),
                ));
            }
            let dr = forward(side);
            let df = to.file() as i8 - from.file() as i8;
            let dist = (to.rank() as i8 - from.rank() as i8) * dr;
            if let Move::Push { .. } = mv {
                if state.required.is_none() {
                    return Err(Illegal::breaks(
                        PUSH,
                        "the free first move of a round cannot be a push",
                    ));
                }
                if df != 0 || dist != 1 {
                    return Err(Illegal::breaks(
                        PUSH,
                        format!(
                            "a push names the square directly ahead of the Sumo ({})",
                            offset(c, 0, dr, 1).map_or("none".into(), |q| square(q).to_string())
                        ),
                    ));
                }
                return push_check(state, c, t)
                    .map(|_| ())
                    .map_err(|why| Illegal::breaks(PUSH, why));
            }
            if dist <= 0 {
                return Err(Illegal::breaks(MOVEMENT, "towers only move forward"));
            }
            if df != 0 && df.abs() != dist {
                return Err(Illegal::breaks(
                    MOVEMENT,
                    "towers move straight ahead or diagonally forward",
                ));
            }
            if dist as u8 > t.max_distance() {
                return Err(Illegal::breaks(
                    MOVEMENT,
                    format!(
                        "a tower of rank {} moves at most {} squares",
                        t.rank,
                        t.max_distance()
                    ),
                ));
            }
            let sdf = df.signum();
            for k in 1..=dist {
                let Some(q) = offset(c, sdf, dr, k) else {
                    return Err(Illegal::breaks(MOVEMENT, "the move leaves the board"));
                };
                if state.occ & (1 << q) != 0 {
                    return Err(Illegal::breaks(
                        MOVEMENT,
                        if k == dist {
                            format!("{to} is occupied")
                        } else {
                            format!("the way is blocked on {}", square(q))
                        },
                    ));
                }
            }
            Ok(())
        }
    }
}

fn side_name(side: Side) -> &'static str {
    match side {
        Side::White => "White",
        Side::Black => "Black",
    }
}

/// The colour's name in words (`orange`).
#[must_use]
pub fn colour_name(c: Colour) -> &'static str {
    match c {
        Colour::Orange => "orange",
        Colour::Blue => "blue",
        Colour::Purple => "purple",
        Colour::Pink => "pink",
        Colour::Yellow => "yellow",
        Colour::Red => "red",
        Colour::Green => "green",
        Colour::Brown => "brown",
    }
}

/// How far the tower on `c` could travel towards the opponent's home row in each forward
/// direction (left diagonal, straight, right diagonal), through empty squares: what the
/// strategy module reads as open lanes.
pub(crate) fn forward_reach(state: &State, c: u8, t: Tower) -> [u8; 3] {
    let dr = forward(t.owner);
    let max = t.max_distance();
    [-1, 0, 1].map(|df| ray_len(state.occ, c, df, dr, max))
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
    match *mv {
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
        }
        Move::Pass => {
            let Some(colour) = state.required else { return };
            let c = state.pos[side.index()][colour.index()];
            state.required = Some(cell_colour(c));
            state.to_move = side.opponent();
            state.passes += 1;
        }
        Move::Fill(_) => return,
    }
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
        let loser = state.last.map_or(side, |(s, _)| s);
        let colour = state
            .last
            .map_or(Colour::Orange, |(_, sq)| cell_colour(cell(sq)));
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

impl std::str::FromStr for Move {
    type Err = ParseError;
    fn from_str(text: &str) -> Result<Move, ParseError> {
        crate::notation::parse_ply(text)
    }
}

board_kernel::serde_via_text!(Move);
