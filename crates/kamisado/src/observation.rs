//! What a learning program sees of a Kamisado turn: the board from the side of the player to
//! move, and the few counters that decide a round or a match (the kernel's
//! [`Observe`](board_kernel::observe::Observe)).
//!
//! Kamisado is a game of colours: the square a tower lands on names the opponent's tower that
//! must move next (§4.3), and a tower that reaches the opponent's home row wins the round
//! (§5.1). So a learner needs, cell by cell, which tower stands where — whose it is, seen from
//! the mover, its colour, its Sumo rank (how far it moves and what it may push, §2.4) — and the
//! colour of every square; one plane per colour for each side's towers and for the squares lets
//! a network tie "landing here" to "that tower must move" without decoding anything. The home
//! rows say which way the mover goes. What else changes a choice is a marker or a counter: the
//! tower that must move (or the free choice that opens a round), the refill choice between
//! rounds, a pass just made (a second one ends the round as a deadlock, §5.2), who made the
//! latest actual move and where it landed (the deadlock's loser and scoring tower), the scores
//! against the match target and the plies against the backstop (§5.3). The repetition count
//! is left out: no position recurs within a round (§5.3), so it never decides anything.
//!
//! The planes are the mover's and the opponent's, never White's and Black's, so one network
//! plays both seats; the board is not turned round (a plane's cells line up with the cell
//! actions), so a constant plane says when the mover is Black, whose towers go down the board.
//! The turn so far is a tower chosen (a turn is at most two cells: the tower, then where it
//! goes), the legal next cells and the legal named choices (a forced pass, a refill side);
//! Kamisado never offers a finish, so there is no plane for one.
//!
//! Towers are read from the board after the steps made ([`TurnView::board`]); markers and
//! counters from the position the turn began in ([`TurnView::start`]). The grid is the
//! picture's, 8 × 8, cell `(file, rank − 1)`, row 0 at the bottom (White's home row). Each
//! byte is a level from 0 to its plane's scale; the plane stands for `level / scale`.
//!
//! | planes | name | scale | what it shows |
//! |---|---|---|---|
//! | 0 | the mover's towers | 1 | every tower of the player to move |
//! | 1 | the opponent's towers | 1 | every tower of the other player |
//! | 2–9 | the mover's orange tower … the mover's brown tower | 1 | the mover's tower of each colour, one plane per colour in the order orange, blue, purple, pink, yellow, red, green, brown |
//! | 10–17 | the opponent's orange tower … the opponent's brown tower | 1 | the same for the opponent |
//! | 18 | a tower's Sumo rank / 3 | 3 | on every tower its rank: 0 plain, 1 Sumo, 2 Double, 3 Triple |
//! | 19–26 | orange squares … brown squares | 1 | the board's squares of each colour (§2.2), same order |
//! | 27 | the mover's home row | 1 | rank 1 when the mover is White, rank 8 when Black |
//! | 28 | the opponent's home row, the mover's goal | 1 | the row a tower of the mover wins on |
//! | 29 | the mover's tower that must move | 1 | the tower of the required colour; none on a free choice or between rounds |
//! | 30 | the mover may move any tower | 1 | constant: the free first move of a round |
//! | 31 | the mover chooses the refill side | 1 | constant: a round of the match has ended, the mover won it |
//! | 32 | consecutive forced passes / 2 | 2 | constant: 1 level after the opponent's forced pass |
//! | 33 | where the latest actual move landed | 1 | its square (a push's: where the farthest pushed tower went); none at a round's start |
//! | 34 | the mover made the latest actual move | 1 | constant: a deadlock now would be the mover's loss |
//! | 35 | the mover's score / match target | target | constant: the score, at most the target |
//! | 36 | the opponent's score / match target | target | constant: the same for the opponent |
//! | 37 | plies of this round / max plies per round | limit, or 255 | constant: the ply counter against the backstop (the limit when it fits in a byte, else quantised down to 255 levels) |
//! | 38 | the mover is the second player | 1 | constant: the mover is Black (home row at the top), whoever opened the game |
//! | 39 | a cell chosen this turn | 1 | the tower picked as the turn's first step |
//! | 40 | a legal next cell | 1 | every cell the next step may be |
//! | 41–43 | pass is a legal next step, fill-L …, fill-R … | 1 | constant: each named choice the next step may be |

use board_kernel::observe::{ObservationSpec, Plane, TurnView};
use board_kernel::steps::Step;
use board_kernel::{Rules, Side};

use crate::board::{SIZE, cell, cell_colour, home_rank};
use crate::state::{Phase, decode};
use crate::{Options, State};

/// Cells of a plane: the 8 × 8 board.
const AREA: usize = (SIZE as usize) * (SIZE as usize);

/// The first plane of each group, in the order of the table above.
const MOVER_TOWERS: usize = 0;
const OPPONENT_TOWERS: usize = 1;
const MOVER_COLOURS: usize = 2;
const OPPONENT_COLOURS: usize = 10;
const RANK: usize = 18;
const SQUARE_COLOURS: usize = 19;
const MOVER_HOME: usize = 27;
const MOVER_GOAL: usize = 28;
const MUST_MOVE: usize = 29;
const FREE_CHOICE: usize = 30;
const REFILL: usize = 31;
const PASSES: usize = 32;
const LAST_LANDING: usize = 33;
const MOVER_MOVED_LAST: usize = 34;
const MOVER_SCORE: usize = 35;
const OPPONENT_SCORE: usize = 36;
const PLY: usize = 37;
const SECOND_PLAYER: usize = 38;
const CHOSEN: usize = 39;
const NEXT_CELLS: usize = 40;
const NEXT_CHOICES: usize = 41;
/// How many planes there are, whatever the options.
pub const PLANES: usize = NEXT_CHOICES + CHOICE_NAMES.len();

const MOVER_COLOUR_NAMES: [&str; 8] = [
    "the mover's orange tower",
    "the mover's blue tower",
    "the mover's purple tower",
    "the mover's pink tower",
    "the mover's yellow tower",
    "the mover's red tower",
    "the mover's green tower",
    "the mover's brown tower",
];
const OPPONENT_COLOUR_NAMES: [&str; 8] = [
    "the opponent's orange tower",
    "the opponent's blue tower",
    "the opponent's purple tower",
    "the opponent's pink tower",
    "the opponent's yellow tower",
    "the opponent's red tower",
    "the opponent's green tower",
    "the opponent's brown tower",
];
const SQUARE_COLOUR_NAMES: [&str; 8] = [
    "orange squares",
    "blue squares",
    "purple squares",
    "pink squares",
    "yellow squares",
    "red squares",
    "green squares",
    "brown squares",
];
/// One per [`crate::steps::CHOICES`], in its order.
const CHOICE_NAMES: [&str; 3] = [
    "pass is a legal next step",
    "fill-L is a legal next step",
    "fill-R is a legal next step",
];
const _: () = assert!(CHOICE_NAMES.len() == crate::steps::CHOICES.len());

/// The eight square-colour planes, which never change: byte `colour * 64 + cell` is 1 where
/// the cell has that colour.
const SQUARE_COLOUR_PLANES: [u8; 8 * AREA] = {
    let mut planes = [0; 8 * AREA];
    let mut c = 0;
    while c < AREA {
        planes[cell_colour(c as u8).index() * AREA + c] = 1;
        c += 1;
    }
    planes
};

/// The grid of the cell steps, `(columns, rows)`: the picture's 8 × 8 board.
#[must_use]
pub const fn grid() -> (usize, usize) {
    (SIZE as usize, SIZE as usize)
}

/// The levels of the ply plane under `options`: the backstop itself when it fits in a byte,
/// else 255 levels.
fn ply_scale(options: &Options) -> u8 {
    u8::try_from(options.max_plies_per_round).unwrap_or(u8::MAX)
}

/// The levels of the score planes: the match target (1, 3, 7 or 15).
fn score_scale(options: &Options) -> u8 {
    u8::try_from(options.match_target).unwrap_or(u8::MAX)
}

/// The planes under `options`, in the order of the module's table. Only the scales of the
/// score and ply planes depend on the options.
#[must_use]
pub fn spec(options: &Options) -> ObservationSpec {
    let mut planes = Vec::with_capacity(PLANES);
    planes.push(Plane::flag("the mover's towers"));
    planes.push(Plane::flag("the opponent's towers"));
    planes.extend(MOVER_COLOUR_NAMES.map(Plane::flag));
    planes.extend(OPPONENT_COLOUR_NAMES.map(Plane::flag));
    planes.push(Plane::levels("a tower's Sumo rank / 3", crate::MAX_RANK));
    planes.extend(SQUARE_COLOUR_NAMES.map(Plane::flag));
    planes.extend([
        Plane::flag("the mover's home row"),
        Plane::flag("the opponent's home row, the mover's goal"),
        Plane::flag("the mover's tower that must move"),
        Plane::flag("the mover may move any tower"),
        Plane::flag("the mover chooses the refill side"),
        Plane::levels("consecutive forced passes / 2", 2),
        Plane::flag("where the latest actual move landed"),
        Plane::flag("the mover made the latest actual move"),
        Plane::levels("the mover's score / match target", score_scale(options)),
        Plane::levels("the opponent's score / match target", score_scale(options)),
        Plane::levels(
            "plies of this round / max plies per round",
            ply_scale(options),
        ),
        Plane::flag("the mover is the second player"),
        Plane::flag("a cell chosen this turn"),
        Plane::flag("a legal next cell"),
    ]);
    planes.extend(CHOICE_NAMES.map(Plane::flag));
    debug_assert_eq!(planes.len(), PLANES);
    let (columns, rows) = grid();
    ObservationSpec {
        planes,
        rows,
        columns,
    }
}

/// Sets every cell of plane `plane` to `level`.
#[inline]
fn fill(out: &mut [u8], plane: usize, level: u8) {
    out[plane * AREA..(plane + 1) * AREA].fill(level);
}

/// The cell index of a picture point, when it is on the board.
#[inline]
fn cell_of(step: Step) -> Option<usize> {
    match step {
        Step::Cell(p) if p.col < SIZE && p.row < SIZE => {
            Some(usize::from(p.row) * usize::from(SIZE) + usize::from(p.col))
        }
        _ => None,
    }
}

/// Writes the observation of the turn in `view` under `options` into `out` (all zero on
/// entry, [`PLANES`] × 64 bytes), from the side to move in `view.start`. Allocates nothing.
///
/// # Panics
/// When `out` is shorter than the spec's length.
pub fn observe<G: Rules<State = State>>(options: &Options, view: &TurnView<'_, G>, out: &mut [u8]) {
    let (start, board) = (view.start, view.board);
    let mover = start.to_move;
    let opponent = mover.opponent();

    // The towers, from the board after the steps made.
    for (side, all, colours) in [
        (mover, MOVER_TOWERS, MOVER_COLOURS),
        (opponent, OPPONENT_TOWERS, OPPONENT_COLOURS),
    ] {
        for (colour, &c) in board.pos[side.index()].iter().enumerate() {
            let c = usize::from(c);
            out[all * AREA + c] = 1;
            out[(colours + colour) * AREA + c] = 1;
            out[RANK * AREA + c] = decode(board.cells[c]).map_or(0, |t| t.rank);
        }
    }
    out[SQUARE_COLOURS * AREA..(SQUARE_COLOURS + 8) * AREA].copy_from_slice(&SQUARE_COLOUR_PLANES);
    for (plane, side) in [(MOVER_HOME, mover), (MOVER_GOAL, opponent)] {
        let row = plane * AREA + usize::from(home_rank(side)) * 8;
        out[row..row + 8].fill(1);
    }

    // Markers and counters, from the position the turn began in.
    match (start.phase, start.required) {
        (Phase::Play, Some(colour)) => {
            let c = usize::from(start.pos[mover.index()][colour.index()]);
            out[MUST_MOVE * AREA + c] = 1;
        }
        (Phase::Play, None) => fill(out, FREE_CHOICE, 1),
        (Phase::Refill, _) => fill(out, REFILL, 1),
        (Phase::Over, _) => {}
    }
    if start.passes > 0 {
        fill(out, PASSES, start.passes.min(2));
    }
    if let Some((side, square)) = start.last {
        out[LAST_LANDING * AREA + usize::from(cell(square))] = 1;
        if side == mover {
            fill(out, MOVER_MOVED_LAST, 1);
        }
    }
    let target = score_scale(options);
    for (plane, side) in [(MOVER_SCORE, mover), (OPPONENT_SCORE, opponent)] {
        let score = u8::try_from(start.scores[side.index()]).map_or(target, |s| s.min(target));
        if score > 0 {
            fill(out, plane, score);
        }
    }
    let ply = ply_level(options, start.ply);
    if ply > 0 {
        fill(out, PLY, ply);
    }
    if mover == Side::Black {
        fill(out, SECOND_PLAYER, 1);
    }

    // The turn so far.
    for &step in view.steps {
        if let Some(c) = cell_of(step) {
            out[CHOSEN * AREA + c] = 1;
        }
    }
    for next in view.next {
        if let Some(c) = cell_of(next.step) {
            out[NEXT_CELLS * AREA + c] = 1;
        } else if let Step::Choice(i) = next.step
            && usize::from(i) < CHOICE_NAMES.len()
        {
            fill(out, NEXT_CHOICES + usize::from(i), 1);
        }
        // Kamisado never offers a finish: no move's steps begin another's.
    }
}

/// The level of the ply plane for `ply` plies played: the count itself when the backstop fits
/// in a byte, else `ply × 255 / limit` rounded down (so only the backstop itself reaches 255).
fn ply_level(options: &Options, ply: u32) -> u8 {
    let limit = u64::from(options.max_plies_per_round.max(1));
    let scale = u64::from(ply_scale(options));
    let ply = u64::from(ply).min(limit);
    // At most `scale` (≤ 255): `ply ≤ limit`, and when `limit ≤ 255` it is `ply` itself.
    u8::try_from(if limit <= 255 {
        ply
    } else {
        ply * scale / limit
    })
    .unwrap_or(u8::MAX)
}

/// The most whole turns a game from the initial position takes under `options` (always
/// known: the backstop `max_plies_per_round` cannot be turned off).
#[must_use]
pub fn max_turns(options: &Options) -> Option<u64> {
    // Each round gives the winner at least one point, so a match to N points has at most
    // 2N - 1 rounds; a round ends at `max_plies_per_round` plies at the latest, and a
    // refill ply follows each round but the last.
    let rounds = u64::from(options.max_rounds());
    Some(rounds * (u64::from(options.max_plies_per_round) + 1))
}

/// The most steps one turn takes: 2.
#[must_use]
pub const fn max_turn_steps() -> Option<u64> {
    // Select and destination; a pass or refill is one choice.
    Some(2)
}
