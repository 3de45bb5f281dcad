//! The course judged against the rules: for each lesson, the moves it accepts are exactly the
//! legal moves with the property its task states, and that property is worked out here from
//! the board with the rule book's definitions written out again (reach, check, Court and
//! Course), not read from the lesson or the engine's own check code. The wrong tries a player
//! is likely to make are refused with a rule the rule book cites.

use std::collections::{BTreeMap, BTreeSet};

use board_kernel::lessons::{Lesson, Verdict, judge, lesson_start};
use board_kernel::prelude::*;
use board_kernel::{Side, Square};
use queens_courtiers::{Move, PartKind, Piece, QueensCourtiers, State};

/// A square as (file, rank), both from 0, so that steps off the board are plain numbers.
type At = (i8, i8);

const CENTRE: At = (7, 7);

fn at(text: &str) -> At {
    let sq: Square = text.parse().unwrap();
    (sq.file() as i8, sq.rank() as i8)
}

fn of(sq: Square) -> At {
    (sq.file() as i8, sq.rank() as i8)
}

fn exists((f, r): At) -> bool {
    (0..15).contains(&f) && (0..15).contains(&r) && (f, r) != CENTRE
}

/// The central 9×9 of the rule book's section "The board", files d–l and ranks 4–12.
fn in_court((f, r): At) -> bool {
    (3..=11).contains(&f) && (3..=11).contains(&r) && (f, r) != CENTRE
}

/// The pieces on the board, read square by square.
fn pieces(state: &State) -> BTreeMap<At, (Side, Piece)> {
    let mut out = BTreeMap::new();
    for f in 0..15 {
        for r in 0..15 {
            if exists((f, r)) {
                let sq = Square::at(f as u8, r as u8);
                if let Some(piece) = state.board().piece_at(sq) {
                    out.insert((f, r), piece);
                }
            }
        }
    }
    out
}

/// A piece's reach as the rule book defines it, with the default options (pieces and the
/// missing centre both break a Queen's line).
fn reach(board: &BTreeMap<At, (Side, Piece)>, from: At, piece: Piece) -> Vec<At> {
    let (f, r) = from;
    let around = [
        (1, 0),
        (1, 1),
        (0, 1),
        (-1, 1),
        (-1, 0),
        (-1, -1),
        (0, -1),
        (1, -1),
    ];
    let squares: Vec<At> = match piece {
        Piece::King => around.iter().map(|&(df, dr)| (f + df, r + dr)).collect(),
        Piece::Queen => {
            let mut out: Vec<At> = around
                .iter()
                .filter(|(df, dr)| *df != 0 && *dr != 0)
                .map(|&(df, dr)| (f + df, r + dr))
                .collect();
            for (df, dr) in around {
                let crossed = [(f + df, r + dr), (f + 2 * df, r + 2 * dr)];
                if crossed
                    .iter()
                    .all(|c| *c != CENTRE && !board.contains_key(c))
                {
                    out.push((f + 3 * df, r + 3 * dr));
                }
            }
            out
        }
        Piece::Courtier => [
            (1, 2),
            (2, 1),
            (2, -1),
            (1, -2),
            (-1, -2),
            (-2, -1),
            (-2, 1),
            (-1, 2),
        ]
        .iter()
        .map(|&(df, dr)| (f + df, r + dr))
        .collect(),
        Piece::United => vec![],
    };
    squares.into_iter().filter(|s| exists(*s)).collect()
}

/// The squares of the checked Royals, by the rule book's definition (a Royal is checked when
/// threatened by an enemy Courtier or by an enemy Royal that is not itself checked), with
/// undetermined Royals counted as checked (the default `cycle_rule`): the least and greatest
/// solutions are approached from both sides until they stop moving.
fn checked(board: &BTreeMap<At, (Side, Piece)>) -> BTreeSet<At> {
    let royals: Vec<(At, Side)> = board
        .iter()
        .filter(|(_, (_, p))| matches!(p, Piece::King | Piece::Queen))
        .map(|(&s, &(side, _))| (s, side))
        .collect();
    let threatened_by = |target: At, side: Side, kind_royal: bool| -> Vec<At> {
        board
            .iter()
            .filter(|(_, (owner, p))| *owner != side && (*p != Piece::Courtier) == kind_royal)
            .filter(|&(&s, &(_, p))| reach(board, s, p).contains(&target))
            .map(|(&s, _)| s)
            .collect()
    };
    let possibly = |certain: &BTreeSet<At>| -> BTreeSet<At> {
        royals
            .iter()
            .filter(|&&(s, side)| {
                !threatened_by(s, side, false).is_empty()
                    || threatened_by(s, side, true)
                        .iter()
                        .any(|e| !certain.contains(e))
            })
            .map(|&(s, _)| s)
            .collect()
    };
    let mut certain = BTreeSet::new();
    loop {
        let maybe = possibly(&certain);
        let next = possibly(&maybe);
        if next == certain {
            return maybe;
        }
        certain = next;
    }
}

/// The check written out above agrees with the rule book's worked examples (their checked
/// Royals as the specification lists them), so the lessons' tests stand on a sound reading.
#[test]
fn the_check_written_out_agrees_with_the_worked_examples() {
    use queens_courtiers::rulebook::{EXAMPLE_2, EXAMPLE_6, EXAMPLE_8, EXAMPLE_9, EXAMPLE_10};
    let game = QueensCourtiers::default();
    let cases: [(&str, &[&str]); 5] = [
        (EXAMPLE_2, &["e5"]),
        (EXAMPLE_6, &["l4"]),
        (EXAMPLE_8, &["g7", "l4"]),
        (EXAMPLE_9, &["e5", "f5", "g5"]),
        (EXAMPLE_10, &["c10", "d11", "e5", "f5"]),
    ];
    for (position, squares) in cases {
        let board = pieces(&game.parse_position(position).unwrap());
        let expected: BTreeSet<At> = squares.iter().map(|s| at(s)).collect();
        assert_eq!(checked(&board), expected, "{position}");
    }
}

fn course_lesson(title: &str) -> &'static Lesson {
    QueensCourtiers::course()
        .lesson(title)
        .unwrap_or_else(|| panic!("no lesson `{title}`"))
}

fn after(game: &QueensCourtiers, state: &State, mv: &Move) -> State {
    let mut next = state.clone();
    game.play(&mut next, mv).unwrap();
    next
}

/// Checks that the lesson titled `title` solves exactly the legal moves with `property`, and
/// returns them as text.
fn solves_exactly(
    title: &str,
    property: impl Fn(&QueensCourtiers, &State, &Move) -> bool,
) -> Vec<String> {
    let lesson = course_lesson(title);
    let (game, state) = lesson_start::<QueensCourtiers>(lesson).unwrap();
    let mut legal = Vec::new();
    game.legal_moves(&state, &mut legal);
    let mut solving = Vec::new();
    for mv in &legal {
        let wanted = property(&game, &state, mv);
        let verdict = judge(&game, &state, &lesson.goal, mv);
        assert_eq!(
            verdict == Verdict::Solved,
            wanted,
            "{title}: {mv} is judged {verdict:?}"
        );
        if wanted {
            solving.push(mv.to_string());
        }
    }
    assert!(!solving.is_empty(), "{title}: nothing solves it");
    solving.sort();
    solving
}

fn path(mv: &Move) -> Vec<At> {
    mv.path().into_iter().map(of).collect()
}

#[test]
fn court_and_course_accepts_every_leap_from_f12_into_the_course() {
    let solving = solves_exactly("Court and Course", |_, _, mv| {
        let p = path(mv);
        p[0] == at("f12") && !in_court(*p.last().unwrap())
    });
    assert_eq!(solving, ["f12-d13", "f12-e14", "f12-g14", "f12-h13"]);
}

#[test]
fn the_queens_lines_accepts_every_three_square_move_and_no_blocked_one() {
    let solving = solves_exactly("The Queen's lines", |_, _, mv| {
        let p = path(mv);
        let (df, dr) = (p[1].0 - p[0].0, p[1].1 - p[0].1);
        p[0] == at("g8") && df.abs().max(dr.abs()) == 3
    });
    // The same squares from the Queen's reach written out here: the blocked lines to g11
    // (own Courtier on g9) and j8 (the missing h8) are absent from both.
    let (_, state) = lesson_start::<QueensCourtiers>(course_lesson("The Queen's lines")).unwrap();
    let board = pieces(&state);
    let mut three: Vec<String> = reach(&board, at("g8"), Piece::Queen)
        .into_iter()
        .filter(|&(f, r)| (f - 6).abs().max((r - 7).abs()) == 3)
        .map(|(f, r)| format!("g8-{}", Square::at(f as u8, r as u8)))
        .collect();
    three.sort();
    assert_eq!(solving, three);
    assert!(!solving.contains(&"g8-j8".to_owned()) && !solving.contains(&"g8-g11".to_owned()));
}

#[test]
fn capturing_a_courtier_accepts_every_capture() {
    let blue_courtiers = |s: &State| {
        pieces(s)
            .values()
            .filter(|&&p| p == (Side::Black, Piece::Courtier))
            .count()
    };
    let solving = solves_exactly("Capturing a Courtier", |game, state, mv| {
        blue_courtiers(&after(game, state, mv)) < blue_courtiers(state)
    });
    assert_eq!(solving, ["d6xc4", "d6xe4", "f7xc4"]);
}

#[test]
fn check_and_paralysis_accepts_the_moves_that_check_the_blue_queen() {
    let blue_queen = |s: &State| {
        pieces(s)
            .into_iter()
            .find(|(_, p)| *p == (Side::Black, Piece::Queen))
            .unwrap()
            .0
    };
    let solving = solves_exactly("Check and paralysis", |game, state, mv| {
        let next = after(game, state, mv);
        checked(&pieces(&next)).contains(&blue_queen(&next))
    });
    assert_eq!(solving, ["e6-f7"]);
}

/// The task names one move in notation, so the property is that move; what it means is
/// checked by its parts: a step to c2 in the Course, then a capture on d4.
#[test]
fn a_double_move_written_out_accepts_only_the_written_turn() {
    let solving = solves_exactly("A double move, written out", |game, state, mv| {
        *mv == game.parse_move(state, "a1-c2xd4").unwrap()
    });
    assert_eq!(solving, ["a1-c2xd4"]);
    let (game, state) =
        lesson_start::<QueensCourtiers>(course_lesson("A double move, written out")).unwrap();
    let mv = game.parse_move(&state, "a1-c2-d4").unwrap();
    assert_eq!(
        mv,
        Move::Double {
            from: "a1".parse().unwrap(),
            via: "c2".parse().unwrap(),
            to: "d4".parse().unwrap(),
            second: PartKind::Capture,
        }
    );
    assert!(!in_court(at("c2")) && in_court(at("d4")));
}

#[test]
fn two_paths_accepts_every_king_turn_ending_on_b11() {
    let solving = solves_exactly("Two paths to one square", |_, _, mv| {
        let p = path(mv);
        p[0] == at("b9") && *p.last().unwrap() == at("b11")
    });
    assert_eq!(solving, ["b9-a10-b11", "b9-c10-b11"]);
}

#[test]
fn a_revealed_check_accepts_every_move_of_the_shielding_courtier() {
    let solving = solves_exactly("A revealed check", |_, _, mv| path(mv)[0] == at("e7"));
    assert_eq!(solving, ["e7-c8", "e7-g8"]);
    // They are exactly the leaps from e7 that land where the Courtier threatens the Blue
    // Queen on e9: every other leap would leave the King open to her.
    let (_, state) = lesson_start::<QueensCourtiers>(course_lesson("A revealed check")).unwrap();
    let board = pieces(&state);
    let mut shielding: Vec<String> = reach(&board, at("e7"), Piece::Courtier)
        .into_iter()
        .filter(|&s| reach(&board, s, Piece::Courtier).contains(&at("e9")))
        .map(|(f, r)| format!("e7-{}", Square::at(f as u8, r as u8)))
        .collect();
    shielding.sort();
    assert_eq!(solving, shielding);
}

#[test]
fn king_meets_queen_accepts_only_the_move_onto_the_own_king() {
    let solving = solves_exactly("King meets Queen", |_, state, mv| {
        let p = path(mv);
        pieces(state).get(p.last().unwrap()) == Some(&(Side::White, Piece::King))
    });
    assert_eq!(solving, ["g8-g5#"]);
}

/// The forced pass: the property is being the only legal move; after it the game is drawn.
#[test]
fn no_turn_left_accepts_the_forced_pass_which_draws() {
    let solving = solves_exactly("No turn left", |game, state, mv| {
        let mut legal = Vec::new();
        game.legal_moves(state, &mut legal);
        legal == [*mv] && *mv == Move::Pass
    });
    assert_eq!(solving, ["pass"]);
    let (game, state) = lesson_start::<QueensCourtiers>(course_lesson("No turn left")).unwrap();
    let end = after(&game, &state, &Move::Pass);
    let result = game.status(&end).result().cloned().unwrap();
    assert_eq!(result.winner, None);
}

#[test]
fn crossing_the_centre_accepts_every_queen_line_over_h8() {
    let solving = solves_exactly("Crossing the centre", |_, state, mv| {
        let p = path(mv);
        let (from, to) = (p[0], *p.last().unwrap());
        let (df, dr) = ((to.0 - from.0).signum(), (to.1 - from.1).signum());
        pieces(state).get(&from).map(|p| p.1) == Some(Piece::Queen)
            && (1..3).any(|k| (from.0 + k * df, from.1 + k * dr) == CENTRE)
            && (to.0 - from.0).abs().max((to.1 - from.1).abs()) == 3
    });
    assert_eq!(solving, ["g8-j8"]);
}

/// The wrong tries a player new to the game is likely to make in each lesson are refused, and
/// the refusal names the rule-book section that forbids them.
#[test]
fn typical_wrong_tries_are_refused_with_the_rule() {
    let cases = [
        ("The Queen's lines", "g8-j8", "The pieces and their reach"),
        ("The Queen's lines", "g8-g11", "The pieces and their reach"),
        ("The Queen's lines", "g8-g7", "The pieces and their reach"),
        ("Capturing a Courtier", "d6xb7", "Captures"),
        ("Capturing a Courtier", "e5xe4", "Paralysis"),
        ("Check and paralysis", "e6-f6", "Check rules"),
        ("Check and paralysis", "l4-l1", "Paralysis"),
        ("Two paths to one square", "b9-b10-b11", "Check rules"),
        ("A revealed check", "e7-d5", "Check rules"),
        ("A double move, written out", "a1-b3-a1", "Double move"),
    ];
    for (title, text, section) in cases {
        let (game, state) = lesson_start::<QueensCourtiers>(course_lesson(title)).unwrap();
        let mv = game.parse_move(&state, text).unwrap();
        let illegal = game
            .check_move(&state, &mv)
            .expect_err(&format!("{title}: {text} should be refused"));
        let refusal = board_kernel::refusal_text::<QueensCourtiers>(&illegal);
        assert!(
            refusal.contains("rule ") && refusal.contains(section),
            "{title}: {text}: {refusal}"
        );
    }
}
