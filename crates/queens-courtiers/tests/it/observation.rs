//! The observation encoder: its planes, positions of the specification encoded and checked by
//! hand, seeded random games checked step by step against the position, and the bounds on a
//! game's length.

use crate::common;

use std::collections::{BTreeMap, BTreeSet};

use board_kernel::observe::{ObservationSpec, TurnView};
use board_kernel::picture::Point;
use board_kernel::prelude::*;
use board_kernel::steps::{Step, TurnCursor};
use board_kernel::testing::scale;
use board_kernel::{Side, SplitMix64, Square, SquareSet};
use common::{game, sq};
use queens_courtiers::board::{CENTRE, exists, in_court};
use queens_courtiers::{QueensCourtiers, Royal, State};

const MOVER_KING: &str = "the mover's King";
const MOVER_QUEEN: &str = "the mover's Queen";
const MOVER_COURTIERS: &str = "the mover's Courtiers";
const OPPONENT_KING: &str = "the opponent's King";
const OPPONENT_QUEEN: &str = "the opponent's Queen";
const OPPONENT_COURTIERS: &str = "the opponent's Courtiers";
const MOVER_CHECKED: &str = "a checked Royal of the mover (paralysed)";
const OPPONENT_CHECKED: &str = "a checked Royal of the opponent";
const MOVER_CAPTURES: &str = "an opponent's Courtier the mover may capture";
const OPPONENT_CAPTURES: &str = "a Courtier of the mover the opponent may capture";
const MOVER_REACH: &str = "a square the mover's pieces reach";
const OPPONENT_REACH: &str = "a square the opponent's pieces reach";
const BOARD: &str = "a square of the board";
const COURT: &str = "the Court";
const BLUE: &str = "the mover is Blue";
const PLIES: &str = "plies played / ply limit";
const OCCURRENCES: &str = "occurrences of this position / repetition limit";
const PASSED: &str = "the last ply was a forced pass";
const CHOSEN: &str = "the piece chosen this turn";
const MOVED_TO: &str = "a square the chosen piece moved to this turn";
const NEXT: &str = "a legal next cell";
const PASS: &str = "pass is a legal next step";
const FINISH: &str = "finish is a legal next step";

/// The planes that swap with each other when the side to move changes on the same board.
const SWAPPED: [(&str, &str); 6] = [
    (MOVER_KING, OPPONENT_KING),
    (MOVER_QUEEN, OPPONENT_QUEEN),
    (MOVER_COURTIERS, OPPONENT_COURTIERS),
    (MOVER_CHECKED, OPPONENT_CHECKED),
    (MOVER_CAPTURES, OPPONENT_CAPTURES),
    (MOVER_REACH, OPPONENT_REACH),
];

/// An encoded observation with its spec, read plane by plane by name.
struct Seen {
    spec: ObservationSpec,
    bytes: Vec<u8>,
}

impl Seen {
    fn of(game: &QueensCourtiers, view: &TurnView<'_, QueensCourtiers>) -> Seen {
        let spec = game.observation_spec();
        let mut bytes = vec![0; spec.len()];
        game.observe(view, &mut bytes);
        Seen { spec, bytes }
    }

    fn start(game: &QueensCourtiers, state: &State) -> Seen {
        Seen::of(game, &TurnView::start_of(state))
    }

    fn cursor(game: &QueensCourtiers, cursor: &TurnCursor<QueensCourtiers>) -> Seen {
        Seen::of(
            game,
            &TurnView {
                start: cursor.start(),
                board: cursor.board(game),
                steps: cursor.steps(),
                next: cursor.next(),
            },
        )
    }

    fn index(&self, name: &str) -> usize {
        self.spec
            .planes
            .iter()
            .position(|p| p.name == name)
            .unwrap_or_else(|| panic!("no plane {name:?}"))
    }

    fn plane(&self, name: &str) -> &[u8] {
        let (i, area) = (self.index(name), self.spec.area());
        &self.bytes[i * area..(i + 1) * area]
    }

    /// The squares where the plane is not zero.
    fn squares(&self, name: &str) -> SquareSet {
        self.plane(name)
            .iter()
            .enumerate()
            .filter(|(_, b)| **b != 0)
            .map(|(i, _)| Square::at((i % 15) as u8, (i / 15) as u8))
            .collect()
    }

    /// The one level of a constant plane.
    fn level(&self, name: &str) -> u8 {
        let plane = self.plane(name);
        assert!(
            plane.iter().all(|b| *b == plane[0]),
            "{name} is not constant"
        );
        plane[0]
    }
}

fn squares(texts: &[&str]) -> SquareSet {
    texts.iter().map(|t| sq(t)).collect()
}

/// The squares a piece reaches (§3), written from the rule text apart from the engine: the
/// King's eight neighbours, the Courtier's eight leaps, the Queen's four diagonal neighbours
/// and her three-step lines whose crossed squares are free (a piece blocks unless Queens
/// leap; `h8` blocks unless it may be passed over).
fn reach_of(
    game: &QueensCourtiers,
    state: &State,
    royal_queen: Option<bool>,
    from: Square,
) -> SquareSet {
    let options = game.options();
    let centre_blocks = options.centre_square == queens_courtiers::CentreSquare::Absent;
    let pieces_block = options.queen_three_step == queens_courtiers::QueenThreeStep::NeedsEmptyPath;
    let occupied = state.board().occupied();
    let at = |df: i32, dr: i32| {
        let (f, r) = (i32::from(from.file()) + df, i32::from(from.rank()) + dr);
        ((0..15).contains(&f) && (0..15).contains(&r))
            .then(|| Square::at(f as u8, r as u8))
            .filter(|s| exists(*s))
    };
    let eight = [
        (-1, -1),
        (0, -1),
        (1, -1),
        (-1, 0),
        (1, 0),
        (-1, 1),
        (0, 1),
        (1, 1),
    ];
    let knight = [
        (1, 2),
        (2, 1),
        (2, -1),
        (1, -2),
        (-1, -2),
        (-2, -1),
        (-2, 1),
        (-1, 2),
    ];
    let mut out = SquareSet::EMPTY;
    match royal_queen {
        Some(false) => out = eight.iter().filter_map(|&(df, dr)| at(df, dr)).collect(),
        None => out = knight.iter().filter_map(|&(df, dr)| at(df, dr)).collect(),
        Some(true) => {
            for &(df, dr) in &eight {
                if let Some(diagonal) = at(df, dr).filter(|_| df != 0 && dr != 0) {
                    out.insert(diagonal);
                }
                let Some(target) = at(3 * df, 3 * dr) else {
                    continue;
                };
                let free = (1..=2).all(|k| {
                    let crossed = Square::at(
                        (i32::from(from.file()) + k * df) as u8,
                        (i32::from(from.rank()) + k * dr) as u8,
                    );
                    let hole = crossed == CENTRE && centre_blocks;
                    let blocker = pieces_block && occupied.contains(crossed);
                    !hole && !blocker
                });
                if free {
                    out.insert(target);
                }
            }
        }
    }
    out
}

/// The squares `side`'s pieces reach on the board of `state`.
fn side_reach(game: &QueensCourtiers, state: &State, side: Side) -> SquareSet {
    let board = state.board();
    let mut out = reach_of(
        game,
        state,
        Some(false),
        board.royal(Royal::of(side, false)),
    ) | reach_of(game, state, Some(true), board.royal(Royal::of(side, true)));
    for c in board.courtiers(side) {
        out |= reach_of(game, state, None, c);
    }
    out
}

/// `side`'s Courtiers its opponent may capture (§4.4): in the Court, or leaping onto one of
/// the opponent's Royals.
fn capturable(game: &QueensCourtiers, state: &State, side: Side) -> SquareSet {
    let board = state.board();
    let enemy = side.opponent();
    let royals = [
        board.royal(Royal::of(enemy, false)),
        board.royal(Royal::of(enemy, true)),
    ];
    board
        .courtiers(side)
        .iter()
        .filter(|&c| {
            in_court(c)
                || royals
                    .iter()
                    .any(|&r| reach_of(game, state, None, c).contains(r))
        })
        .collect()
}

#[test]
fn the_spec_has_named_planes_on_the_picture_grid() {
    // The options, then the scales of the ply and repetition planes.
    type Case = (&'static [(&'static str, &'static str)], u8, u8);
    let cases: [Case; 5] = [
        (&[], 250, 3),
        (&[("max_plies", "200"), ("repetition_limit", "0")], 200, 1),
        (&[("max_plies", "0"), ("repetition_limit", "2")], 1, 2),
        (
            &[("max_plies", "100000"), ("repetition_limit", "300")],
            250,
            250,
        ),
        (
            &[
                ("first_player", "Blue"),
                ("setup", "DiagramFiveCourtiers"),
                ("max_plies", "255"),
            ],
            255,
            3,
        ),
    ];
    for (pairs, plies, occurrences) in cases {
        let g = game(pairs);
        let spec = g.observation_spec();
        assert_eq!(spec.planes.len(), 23, "{pairs:?}");
        let names: BTreeSet<&str> = spec.planes.iter().map(|p| p.name.as_ref()).collect();
        assert_eq!(names.len(), spec.planes.len(), "unique names");
        for p in &spec.planes {
            assert!(
                !p.name.trim().is_empty() && !p.name.contains('#'),
                "{:?}",
                p.name
            );
            assert!(p.scale >= 1);
        }
        let scales: BTreeMap<&str, u8> = spec
            .planes
            .iter()
            .map(|p| (p.name.as_ref(), p.scale))
            .collect();
        assert_eq!(scales[PLIES], plies, "{pairs:?}");
        assert_eq!(scales[OCCURRENCES], occurrences, "{pairs:?}");
        assert_eq!(
            scales.values().filter(|s| **s == 1).count(),
            21 + usize::from(plies == 1) + usize::from(occurrences == 1)
        );
        let picture = g.draw(&g.initial_state());
        let grid = (usize::from(picture.columns), usize::from(picture.rows));
        assert_eq!(g.grid(), grid);
        assert_eq!((spec.columns, spec.rows), grid);
        assert_eq!(grid, (15, 15));
    }
}

#[test]
fn the_initial_position_as_red_sees_it() {
    let g = game(&[]);
    let state = g.initial_state();
    let mut cursor = TurnCursor::new(&g, &state).unwrap();
    let seen = Seen::cursor(&g, &cursor);
    // §2.3: Red is to move.
    assert_eq!(seen.squares(MOVER_KING), squares(&["n2"]));
    assert_eq!(seen.squares(MOVER_QUEEN), squares(&["b14"]));
    let red = ["c13", "f12", "d10", "l6", "j4", "m3"];
    let blue = ["m13", "j12", "l10", "d6", "f4", "c3"];
    assert_eq!(seen.squares(MOVER_COURTIERS), squares(&red));
    assert_eq!(seen.squares(OPPONENT_KING), squares(&["b2"]));
    assert_eq!(seen.squares(OPPONENT_QUEEN), squares(&["n14"]));
    assert_eq!(seen.squares(OPPONENT_COURTIERS), squares(&blue));
    // Example 1: nobody is checked.
    assert!(seen.squares(MOVER_CHECKED).is_empty());
    assert!(seen.squares(OPPONENT_CHECKED).is_empty());
    // §4.4: the Courtiers in the Court; those in the Course (c3, m13 and c13, m3) check
    // nobody.
    assert_eq!(
        seen.squares(MOVER_CAPTURES),
        squares(&["j12", "l10", "d6", "f4"])
    );
    assert_eq!(
        seen.squares(OPPONENT_CAPTURES),
        squares(&["f12", "d10", "l6", "j4"])
    );
    // Example 1: the Red Queen reaches a15 c15 a13 c13, b11 and e14, not e11 (blocked by
    // c13) and no Red piece leaps there; the King n2 its eight neighbours.
    let reach = seen.squares(MOVER_REACH);
    for s in ["a15", "c15", "a13", "c13", "b11", "e14", "m1", "o3", "m3"] {
        assert!(reach.contains(sq(s)), "{s}");
    }
    for s in ["e11", "b13", "b12", "h8", "a1", "o15"] {
        assert!(!reach.contains(sq(s)), "{s}");
    }
    assert_eq!(reach, side_reach(&g, &state, Side::White));
    assert_eq!(
        seen.squares(OPPONENT_REACH),
        side_reach(&g, &state, Side::Black)
    );
    // §2.1, §2.2: 224 squares, h8 missing; the Court d4..l12 less h8.
    let board = seen.squares(BOARD);
    assert_eq!(board.len(), 224);
    assert!(!board.contains(sq("h8")));
    let court = seen.squares(COURT);
    assert_eq!(court.len(), 80);
    let files = "defghijkl";
    for f in files.chars() {
        for r in 4..=12 {
            let s = format!("{f}{r}");
            assert_eq!(court.contains(sq(&s)), s != "h8", "{s}");
        }
    }
    assert!(!court.contains(sq("c4")) && !court.contains(sq("d13")));
    assert_eq!(seen.level(BLUE), 0);
    assert_eq!(seen.level(PLIES), 0);
    // The position has occurred once, of the three that draw.
    assert_eq!(seen.level(OCCURRENCES), 1);
    assert_eq!(seen.level(PASSED), 0);
    assert!(seen.squares(CHOSEN).is_empty() && seen.squares(MOVED_TO).is_empty());
    // Example 1: every Red piece has a turn.
    assert_eq!(
        seen.squares(NEXT),
        squares(&["n2", "b14", "c13", "f12", "d10", "l6", "j4", "m3"])
    );
    assert_eq!((seen.level(PASS), seen.level(FINISH)), (0, 0));

    // The King n2 chosen: its seven single steps (m3 holds a Red Courtier).
    cursor.push(&g, Step::Cell(Point::of(sq("n2")))).unwrap();
    let seen = Seen::cursor(&g, &cursor);
    assert_eq!(seen.squares(CHOSEN), squares(&["n2"]));
    assert!(seen.squares(MOVED_TO).is_empty());
    assert_eq!(
        seen.squares(NEXT),
        squares(&["m1", "n1", "o1", "m2", "o2", "n3", "o3"])
    );
    assert_eq!(
        seen.squares(MOVER_KING),
        squares(&["n2"]),
        "the turn is not complete"
    );
    assert_eq!((seen.level(PASS), seen.level(FINISH)), (0, 0));

    // Then m1: the single move may end there, or go on (not back to n2).
    cursor.push(&g, Step::Cell(Point::of(sq("m1")))).unwrap();
    let seen = Seen::cursor(&g, &cursor);
    assert_eq!(seen.squares(CHOSEN), squares(&["n2"]));
    assert_eq!(seen.squares(MOVED_TO), squares(&["m1"]));
    assert_eq!(seen.squares(NEXT), squares(&["l1", "l2", "m2", "n1"]));
    assert_eq!(seen.level(FINISH), 1);

    // Then l1: the move is complete; the board is the position after it, still seen by Red.
    cursor.push(&g, Step::Cell(Point::of(sq("l1")))).unwrap();
    assert_eq!(
        cursor.complete().map(ToString::to_string).as_deref(),
        Some("n2-m1-l1")
    );
    let seen = Seen::cursor(&g, &cursor);
    assert_eq!(seen.squares(MOVED_TO), squares(&["m1", "l1"]));
    assert_eq!(seen.squares(MOVER_KING), squares(&["l1"]));
    assert!(seen.squares(NEXT).is_empty());
    assert_eq!((seen.level(BLUE), seen.level(FINISH)), (0, 0));

    // Blue's turn on the same board: the sides swap.
    cursor.advance(&g).unwrap();
    let seen = Seen::cursor(&g, &cursor);
    assert_eq!(seen.squares(MOVER_KING), squares(&["b2"]));
    assert_eq!(seen.squares(MOVER_QUEEN), squares(&["n14"]));
    assert_eq!(seen.squares(MOVER_COURTIERS), squares(&blue));
    assert_eq!(seen.squares(OPPONENT_KING), squares(&["l1"]));
    assert_eq!(seen.squares(OPPONENT_QUEEN), squares(&["b14"]));
    assert_eq!(seen.squares(OPPONENT_COURTIERS), squares(&red));
    assert_eq!(
        seen.squares(MOVER_CAPTURES),
        squares(&["f12", "d10", "l6", "j4"])
    );
    assert_eq!(seen.level(BLUE), 1);
    // One ply of 1,000: a level is four plies.
    assert_eq!(seen.level(PLIES), 0);
    assert!(seen.squares(CHOSEN).is_empty() && seen.squares(MOVED_TO).is_empty());
    assert_eq!(
        seen.squares(NEXT),
        squares(&["b2", "n14", "m13", "j12", "l10", "d6", "f4", "c3"])
    );
}

#[test]
fn example_9_after_the_forced_pass_as_blue_sees_it() {
    // Example 9: Red (K e5, Q g5) can only pass; then Blue (K f5, Q o15) moves, with a
    // limit of 100 plies so that one ply is one level.
    let g = game(&[("max_plies", "100")]);
    let mut state = g
        .parse_position("14q/15/15/15/15/15/15/15/15/15/4KkQ8/15/15/15/15 r 0 0 ongoing")
        .unwrap();
    let seen = Seen::start(&g, &state);
    assert_eq!(seen.squares(MOVER_KING), squares(&["e5"]));
    assert_eq!(seen.squares(MOVER_CHECKED), squares(&["e5", "g5"]));
    assert_eq!(seen.squares(OPPONENT_CHECKED), squares(&["f5"]));
    let cursor = TurnCursor::new(&g, &state).unwrap();
    let seen = Seen::cursor(&g, &cursor);
    assert!(seen.squares(NEXT).is_empty());
    assert_eq!(seen.level(PASS), 1);

    g.play_text(&mut state, "pass").unwrap();
    assert_eq!(
        state.to_string(),
        "14q/15/15/15/15/15/15/15/15/15/4KkQ8/15/15/15/15 b 1 1 ongoing"
    );
    let cursor = TurnCursor::new(&g, &state).unwrap();
    let seen = Seen::cursor(&g, &cursor);
    assert_eq!(seen.squares(MOVER_KING), squares(&["f5"]));
    assert_eq!(seen.squares(MOVER_QUEEN), squares(&["o15"]));
    assert!(seen.squares(MOVER_COURTIERS).is_empty());
    assert_eq!(seen.squares(OPPONENT_KING), squares(&["e5"]));
    assert_eq!(seen.squares(OPPONENT_QUEEN), squares(&["g5"]));
    assert!(seen.squares(OPPONENT_COURTIERS).is_empty());
    // The Kings' cycle and the Red Queen threatened from it are checked (BothChecked).
    assert_eq!(seen.squares(MOVER_CHECKED), squares(&["f5"]));
    assert_eq!(seen.squares(OPPONENT_CHECKED), squares(&["e5", "g5"]));
    assert!(seen.squares(MOVER_CAPTURES).is_empty() && seen.squares(OPPONENT_CAPTURES).is_empty());
    // The Blue King's neighbours; the Blue Queen's diagonal n14 and lines to o12, l15, l12.
    assert_eq!(
        seen.squares(MOVER_REACH),
        squares(&[
            "e4", "e5", "e6", "f4", "f6", "g4", "g5", "g6", "n14", "o12", "l15", "l12"
        ])
    );
    // The Red King's neighbours; the Red Queen's diagonals and every line but the one west,
    // which the Blue King on f5 blocks (example 9 lists her moves).
    assert_eq!(
        seen.squares(OPPONENT_REACH),
        squares(&[
            "d4", "d5", "d6", "e4", "e6", "f4", "f5", "f6", "h4", "h6", "d2", "d8", "g2", "g8",
            "j2", "j5", "j8"
        ])
    );
    assert_eq!(seen.level(BLUE), 1);
    assert_eq!(seen.level(PLIES), 1);
    assert_eq!(seen.spec.planes[seen.index(PLIES)].scale, 100);
    assert_eq!(seen.level(OCCURRENCES), 1);
    assert_eq!(seen.level(PASSED), 1);
    // Blue's 22 turns are all the Queen's.
    assert_eq!(seen.squares(NEXT), squares(&["o15"]));
    assert_eq!((seen.level(PASS), seen.level(FINISH)), (0, 0));
}

#[test]
fn the_bounds_follow_the_ply_limit() {
    // §6: the game is drawn when the ply counter, which every turn (a forced pass too) moves
    // on by one, reaches `max_plies`: at most 1,000 turns by default. A turn is at most three
    // steps (§5.2: the piece and two parts; a single move that could go on is two cells and
    // the finish).
    let g = game(&[]);
    assert_eq!(g.max_turns(), Some(1000));
    assert_eq!(g.max_turn_steps(), Some(3));
    assert_eq!(g.max_actions(), Some(3000));
    let short = game(&[("max_plies", "37")]);
    assert_eq!(short.max_turns(), Some(37));
    let endless = game(&[("max_plies", "0")]);
    assert_eq!(endless.max_turns(), None);
    assert_eq!(endless.max_turn_steps(), Some(3));
    assert_eq!(endless.max_actions(), None);
}

mod random;
