//! The observation encoder: its planes, the opening and a position with Black to move checked
//! by hand against the rule book, the turn so far step by step, seeded random games under
//! several option sets, and the bounds on a game's length.

use crate::common::{game, position};

use std::collections::BTreeSet;

use board_kernel::observe::{ObservationSpec, TurnView};
use board_kernel::prelude::*;
use board_kernel::steps::{Step, TurnCursor};
use board_kernel::testing::scale;
use board_kernel::{Side, SplitMix64, Square};
use seven_sages::{SevenSages, State};

const MOVER: usize = 0;
const OPPONENT: usize = 1;
const BALL: usize = 2;
const FIELD: usize = 3;
const OUTSIDE: usize = 4;
const MOVER_GOAL: usize = 5;
const OPPONENT_GOAL: usize = 6;
const MOVER_POINTS: usize = 7;
const OPPONENT_POINTS: usize = 8;
const SINCE: usize = 9;
const REPETITIONS: usize = 10;
const PASSES: usize = 11;
const SECOND: usize = 12;
const CHOSEN_SAGE: usize = 13;
const DESTINATION: usize = 14;
const BALL_TARGET: usize = 15;
const NEXT_CELLS: usize = 16;
const PASS_NEXT: usize = 17;

/// The encoding of a turn so far.
fn encode(
    game: &SevenSages,
    start: &State,
    board: &State,
    steps: &[Step],
    next: &[board_kernel::steps::TurnStep],
) -> Vec<u8> {
    let spec = game.observation_spec();
    let mut out = vec![0; spec.len()];
    game.observe(
        &TurnView {
            start,
            board,
            steps,
            next,
        },
        &mut out,
    );
    out
}

/// The encoding of the turn a cursor holds.
fn encode_cursor(game: &SevenSages, cursor: &TurnCursor<SevenSages>) -> Vec<u8> {
    encode(
        game,
        cursor.start(),
        cursor.board(game),
        cursor.steps(),
        cursor.next(),
    )
}

fn plane(out: &[u8], p: usize) -> &[u8] {
    &out[p * 225..(p + 1) * 225]
}

/// The squares where plane `p` is not zero, sorted.
fn squares(out: &[u8], p: usize) -> BTreeSet<String> {
    plane(out, p)
        .iter()
        .enumerate()
        .filter(|&(_, &b)| b != 0)
        .map(|(i, _)| name(i % 15, i / 15))
        .collect()
}

fn name(col: usize, row: usize) -> String {
    format!("{}{}", char::from(b'a' + col as u8), row + 1)
}

fn set(text: &str) -> BTreeSet<String> {
    text.split_whitespace().map(str::to_owned).collect()
}

/// The single level of a constant plane.
fn constant(out: &[u8], p: usize) -> u8 {
    let bytes = plane(out, p);
    assert!(
        bytes.iter().all(|&b| b == bytes[0]),
        "plane {p} is not constant"
    );
    bytes[0]
}

fn cell(square: &str) -> Step {
    Step::Cell(board_kernel::picture::Point::of(square.parse().unwrap()))
}

fn check_spec(game: &SevenSages, scales: [u8; 4]) -> ObservationSpec {
    let spec = game.observation_spec();
    assert_eq!(spec.planes.len(), 18);
    let names: BTreeSet<&str> = spec.planes.iter().map(|p| p.name.as_ref()).collect();
    assert_eq!(names.len(), spec.planes.len(), "plane names are unique");
    for p in &spec.planes {
        assert!(!p.name.is_empty() && !p.name.contains('#'), "{:?}", p.name);
        assert!(p.scale >= 1);
    }
    let picture = game.draw(&game.initial_state());
    let grid = (usize::from(picture.columns), usize::from(picture.rows));
    assert_eq!(grid, (15, 15));
    assert_eq!(game.grid(), grid);
    assert_eq!((spec.columns, spec.rows), grid);
    let levels: Vec<u8> = [MOVER_POINTS, SINCE, REPETITIONS, PASSES]
        .iter()
        .map(|&p| spec.planes[p].scale)
        .collect();
    assert_eq!(levels, scales);
    assert_eq!(spec.planes[OPPONENT_POINTS].scale, scales[0]);
    let binary = spec
        .planes
        .iter()
        .enumerate()
        .filter(|(_, p)| p.scale == 1)
        .count();
    // Seven board planes and six of the mover and the turn, plus the counters of scale 1.
    let ones = |s: u8| usize::from(s == 1);
    assert_eq!(
        binary,
        13 + 2 * ones(scales[0]) + ones(scales[1]) + ones(scales[2])
    );
    spec
}

#[test]
fn the_spec_has_named_planes_on_the_picture_grid() {
    // Points to 5, 500 plies a point (levels of two plies: 250), repetition at 3, passes of 2.
    let spec = check_spec(&SevenSages::default(), [5, 250, 3, 2]);
    assert_eq!(spec.planes[MOVER].name, "the mover's sages");
    assert_eq!(spec.planes[SECOND].name, "the mover is the second player");
    assert_eq!(spec.planes[NEXT_CELLS].name, "a legal next cell");
    assert_eq!(spec.len(), 18 * 225);
    // Points to 300 (levels of two points), no ply limit, no repetition rule.
    check_spec(
        &game(&[
            ("points_to_win", "300"),
            ("max_plies_per_point", "0"),
            ("repetition_limit", "0"),
        ]),
        [150, 1, 1, 2],
    );
    // The ZRF's game to one point, short limits, Winther's kicks.
    check_spec(
        &game(&[
            ("points_to_win", "1"),
            ("max_plies_per_point", "80"),
            ("repetition_limit", "4"),
            ("kick_mode", "StopBefore"),
            ("lob", "on"),
        ]),
        [1, 80, 4, 2],
    );
    // 509 plies: a prime, levels of two plies up to 254.
    check_spec(&game(&[("max_plies_per_point", "509")]), [5, 254, 3, 2]);
}

#[test]
fn the_opening_is_seen_as_the_rule_book_sets_it_up() {
    let game = SevenSages::default();
    let start = game.initial_state();
    let mut cursor = TurnCursor::new(&game, &start).unwrap();
    let out = encode_cursor(&game, &cursor);
    // §2.3: White (the mover) on h1 d3 h3 l3 d5 h5 l5, Black on the mirror, the ball on h8.
    assert_eq!(squares(&out, MOVER), set("h1 d3 h3 l3 d5 h5 l5"));
    assert_eq!(squares(&out, OPPONENT), set("h15 d13 h13 l13 d11 h11 l11"));
    assert_eq!(squares(&out, BALL), set("h8"));
    // §2.2: White defends f1-j1 and scores in f15-j15; 165 field cells, 50 outside.
    assert_eq!(squares(&out, MOVER_GOAL), set("f1 g1 h1 i1 j1"));
    assert_eq!(squares(&out, OPPONENT_GOAL), set("f15 g15 h15 i15 j15"));
    let field = squares(&out, FIELD);
    let outside = squares(&out, OUTSIDE);
    assert_eq!((field.len(), outside.len()), (165, 50));
    for sq in [
        "a1", "e1", "k1", "o1", "a8", "o8", "b2", "n2", "b14", "n14", "e15", "k15",
    ] {
        assert!(outside.contains(sq), "{sq}");
    }
    for sq in ["c2", "m2", "b3", "n13", "h8", "c14"] {
        assert!(field.contains(sq), "{sq}");
    }
    // No points, no plies played; the position has occurred once (of 3); White to move.
    assert_eq!(constant(&out, MOVER_POINTS), 0);
    assert_eq!(constant(&out, OPPONENT_POINTS), 0);
    assert_eq!(constant(&out, SINCE), 0);
    assert_eq!(constant(&out, REPETITIONS), 1);
    assert_eq!(constant(&out, PASSES), 0);
    assert_eq!(constant(&out, SECOND), 0);
    // Every White sage has a move (example 1), no pass; nothing chosen yet.
    assert_eq!(squares(&out, NEXT_CELLS), set("h1 d3 h3 l3 d5 h5 l5"));
    assert_eq!(constant(&out, PASS_NEXT), 0);
    for p in [CHOSEN_SAGE, DESTINATION, BALL_TARGET] {
        assert!(squares(&out, p).is_empty());
    }

    // h5: its 23 plain destinations (example 1) and the ball's cell, which it kicks from.
    cursor.push(&game, cell("h5")).unwrap();
    let out = encode_cursor(&game, &cursor);
    assert_eq!(squares(&out, CHOSEN_SAGE), set("h5"));
    assert_eq!(
        squares(&out, NEXT_CELLS),
        set("h6 h7 h8 i6 j7 k8 l9 m10 n11 o12 g6 f7 e8 d9 c10 b11 a12 \
             i5 j5 k5 g5 f5 e5 h4")
    );
    assert_eq!(squares(&out, MOVER), set("h1 d3 h3 l3 d5 h5 l5"));

    // Onto the ball: its 25 outcomes (example 1).
    cursor.push(&game, cell("h8")).unwrap();
    let out = encode_cursor(&game, &cursor);
    assert_eq!(squares(&out, CHOSEN_SAGE), set("h5"));
    assert_eq!(squares(&out, DESTINATION), set("h8"));
    assert_eq!(
        squares(&out, NEXT_CELLS),
        set(
            "b9 b10 c9 c10 d9 d10 e9 e10 f9 f10 g9 g10 h9 i9 i10 j9 j10 k9 k10 l9 l10 m9 m10 \
             n9 n10"
        )
    );

    // The ball to c10: the whole move, drawn on the board after it; nothing more to choose.
    cursor.push(&game, cell("c10")).unwrap();
    assert_eq!(cursor.complete().unwrap().to_string(), "h5-h8/c10");
    let out = encode_cursor(&game, &cursor);
    assert_eq!(squares(&out, BALL_TARGET), set("c10"));
    assert_eq!(squares(&out, MOVER), set("h1 d3 h3 l3 d5 h8 l5"));
    assert_eq!(squares(&out, BALL), set("c10"));
    assert!(squares(&out, NEXT_CELLS).is_empty());
    assert_eq!(
        constant(&out, SECOND),
        0,
        "the turn began with White to move"
    );
}

#[test]
fn after_a_point_black_to_move_sees_the_board_from_its_side() {
    // Example 5b: White scores with g11-g13/g15+; the board is reset and Black, who
    // conceded, moves first with the score 1-0 for White.
    let game = SevenSages::default();
    let mut state = position(
        &game,
        "7B7/15/3B2*4B3/2B9B2/3B2W4B3/15/15/15/15/15/3W11/15/3WW2W3W3/15/7W7 w 0 0 0 0 0 ongoing",
    );
    game.play_text(&mut state, "g11-g13/g15+").unwrap();
    assert_eq!(game.side_to_move(&state), Side::Black);
    let cursor = TurnCursor::new(&game, &state).unwrap();
    let out = encode_cursor(&game, &cursor);
    assert_eq!(squares(&out, MOVER), set("h15 d13 h13 l13 d11 h11 l11"));
    assert_eq!(squares(&out, OPPONENT), set("h1 d3 h3 l3 d5 h5 l5"));
    assert_eq!(squares(&out, BALL), set("h8"));
    assert_eq!(squares(&out, MOVER_GOAL), set("f15 g15 h15 i15 j15"));
    assert_eq!(squares(&out, OPPONENT_GOAL), set("f1 g1 h1 i1 j1"));
    assert_eq!(constant(&out, SECOND), 1);
    // Black has none of 5 points, White one; the point restarted the counters.
    assert_eq!(constant(&out, MOVER_POINTS), 0);
    assert_eq!(constant(&out, OPPONENT_POINTS), 1);
    assert_eq!(constant(&out, SINCE), 0);
    assert_eq!(constant(&out, REPETITIONS), 1);
    // Every Black sage can move.
    assert_eq!(
        squares(&out, NEXT_CELLS),
        set("h15 d13 h13 l13 d11 h11 l11")
    );
}

#[test]
fn the_counters_count_plies_and_repetitions() {
    let game = game(&[("max_plies_per_point", "10"), ("repetition_limit", "4")]);
    let mut state = game.initial_state();
    for mv in ["d5-d6", "d11-d10", "d6-d5"] {
        game.play_text(&mut state, mv).unwrap();
    }
    // Black to move after three plies; each position has occurred once.
    let out = encode(&game, &state, &state, &[], &[]);
    assert_eq!(constant(&out, SECOND), 1);
    assert_eq!(constant(&out, SINCE), 3);
    assert_eq!(constant(&out, REPETITIONS), 1);
    assert_eq!(squares(&out, MOVER), set("h15 d13 h13 l13 d10 h11 l11"));
    assert_eq!(squares(&out, OPPONENT), set("h1 d3 h3 l3 d5 h5 l5"));
    // Back to the opening position: its second occurrence of 4, White to move.
    game.play_text(&mut state, "d10-d11").unwrap();
    let out = encode(&game, &state, &state, &[], &[]);
    assert_eq!(constant(&out, SECOND), 0);
    assert_eq!(constant(&out, SINCE), 4);
    assert_eq!(constant(&out, REPETITIONS), 2);
    assert_eq!(squares(&out, MOVER), set("h1 d3 h3 l3 d5 h5 l5"));
}

/// The squares of a set of squares, as names.
fn names(set: board_kernel::SquareSet) -> BTreeSet<String> {
    set.iter().map(|s: Square| s.to_string()).collect()
}

/// The level of `value` against `limit` on `scale`, as the spec documents it.
fn level(value: u32, limit: u32, scale: u8) -> u8 {
    if limit == 0 {
        0
    } else {
        (u64::from(value.min(limit)) * u64::from(scale) / u64::from(limit)) as u8
    }
}

/// Plays `games` seeded random games step by step, checking the encoding at every step;
/// returns the most steps a turn took, the number of turns of the longest game and how many
/// turns began with a point on the board.
fn random_games(game: &SevenSages, games: u64, seed: u64) -> (usize, u64, usize) {
    let spec = game.observation_spec();
    let o = *game.options();
    let (mut most_steps, mut longest, mut after_points) = (0, 0, 0);
    for g in 0..games {
        let mut rng = SplitMix64::new(seed ^ g.wrapping_mul(0x9E37_79B9_7F4A_7C15));
        let mut cursor = TurnCursor::new(game, &game.initial_state()).unwrap();
        let mut turns = 0_u64;
        // The mover's sages on the board after the last whole move, and who moved.
        let mut last: Option<(Side, BTreeSet<String>)> = None;
        loop {
            let out = encode_cursor(game, &cursor);
            let start = cursor.start();
            let board = cursor.board(game);
            let mover = game.side_to_move(start);
            for (p, plane_spec) in spec.planes.iter().enumerate() {
                assert!(
                    plane(&out, p).iter().all(|&b| b <= plane_spec.scale),
                    "{}: over its scale",
                    plane_spec.name
                );
            }
            // The pieces: the mover's and the opponent's sages and the ball on the board.
            let mine = names(board.sages(mover));
            assert_eq!(squares(&out, MOVER), mine);
            assert_eq!(
                squares(&out, OPPONENT),
                names(board.sages(mover.opponent()))
            );
            assert_eq!(squares(&out, BALL), set(&board.ball().to_string()));
            let ones = |p: usize| plane(&out, p).iter().filter(|&&b| b == 1).count();
            assert_eq!(ones(MOVER) + ones(OPPONENT), 14);
            assert_eq!(ones(BALL), 1);
            if cursor.steps().is_empty()
                && let Some((side, before)) = &last
            {
                // The mover of the last turn is the opponent now, unless it conceded an own
                // goal (then it moves again and the board was reset).
                if *side != mover {
                    assert_eq!(&squares(&out, OPPONENT), before);
                }
            }
            // The zones follow the mover.
            assert_eq!(
                squares(&out, MOVER_GOAL),
                set(match mover {
                    Side::White => "f1 g1 h1 i1 j1",
                    Side::Black => "f15 g15 h15 i15 j15",
                })
            );
            assert_eq!(
                (ones(FIELD), ones(OUTSIDE), ones(OPPONENT_GOAL)),
                (165, 50, 5)
            );
            // The counters of the start position.
            let score = start.score();
            if cursor.steps().is_empty() && score.white + score.black > 0 {
                after_points += 1;
            }
            let (me, them) = match mover {
                Side::White => (score.white, score.black),
                Side::Black => (score.black, score.white),
            };
            let points = spec.planes[MOVER_POINTS].scale;
            assert_eq!(
                constant(&out, MOVER_POINTS),
                level(me, o.points_to_win, points)
            );
            assert_eq!(
                constant(&out, OPPONENT_POINTS),
                level(them, o.points_to_win, points)
            );
            assert_eq!(
                constant(&out, SINCE),
                level(
                    start.plies_since_point(),
                    o.max_plies_per_point,
                    spec.planes[SINCE].scale
                )
            );
            assert_eq!(
                constant(&out, REPETITIONS),
                level(
                    start.repetitions() as u32,
                    o.repetition_limit,
                    spec.planes[REPETITIONS].scale
                )
            );
            assert_eq!(constant(&out, PASSES), start.passes());
            assert_eq!(constant(&out, SECOND), u8::from(mover == Side::Black));
            // The turn so far: each cell step on its own plane.
            let chosen: Vec<BTreeSet<String>> = (0..3)
                .map(|i| match cursor.steps().get(i) {
                    Some(Step::Cell(p)) => set(&name(p.col.into(), p.row.into())),
                    _ => BTreeSet::new(),
                })
                .collect();
            for (i, cells) in chosen.iter().enumerate() {
                assert_eq!(&squares(&out, CHOSEN_SAGE + i), cells);
            }
            // The legal next steps: exactly the cursor's cells, the pass, never a finish.
            let next = cursor.next();
            let cells: BTreeSet<String> = next
                .iter()
                .filter_map(|t| match t.step {
                    Step::Cell(p) => Some(name(p.col.into(), p.row.into())),
                    _ => None,
                })
                .collect();
            assert_eq!(squares(&out, NEXT_CELLS), cells);
            assert_eq!(
                constant(&out, PASS_NEXT),
                u8::from(next.iter().any(|t| t.step == Step::Choice(0)))
            );
            assert!(next.iter().all(|t| t.step != Step::Finish));

            if cursor.complete().is_some() {
                most_steps = most_steps.max(cursor.steps().len());
                last = Some((mover, names(cursor.board(game).sages(mover))));
                cursor.advance(game).unwrap();
                turns += 1;
                if cursor.is_over() {
                    break;
                }
            } else {
                let step = next[rng.below(next.len())].step;
                cursor.push(game, step).unwrap();
            }
        }
        longest = longest.max(turns);
        if let Some(limit) = game.max_turns() {
            assert!(turns <= limit, "a game of {turns} turns, over {limit}");
        }
    }
    (most_steps, longest, after_points)
}

#[test]
fn random_games_are_encoded_consistently_at_every_step() {
    let sets: [&[(&str, &str)]; 4] = [
        &[("points_to_win", "2"), ("max_plies_per_point", "40")],
        &[
            ("points_to_win", "2"),
            ("max_plies_per_point", "30"),
            ("kick_mode", "StopBefore"),
            ("lob", "on"),
            ("own_goal", "ScoresForOpponent"),
        ],
        &[
            ("points_to_win", "1"),
            ("max_plies_per_point", "60"),
            ("deviation", "Half"),
            ("first_bounce_mandatory", "off"),
            ("reverse_on_later_bounces", "on"),
            ("repetition_limit", "2"),
        ],
        &[
            ("points_to_win", "300"),
            ("max_plies_per_point", "25"),
            ("kick_mode", "StopBefore"),
        ],
    ];
    let games = scale(75, 300) as u64;
    let mut after_points = 0;
    for (i, options) in sets.iter().enumerate() {
        let game = game(options);
        let (most_steps, longest, points) = random_games(&game, games, 0x5E7E_0000 + i as u64);
        assert!(most_steps as u64 <= game.max_turn_steps().unwrap());
        assert_eq!(most_steps, 3, "{options:?}: some turn is a kick");
        assert!(longest > 0);
        after_points += points;
    }
    assert!(after_points > 0, "some game goes on after a point");
}

#[test]
fn the_bounds_follow_the_limits() {
    // Defaults: at most 2 × 5 - 1 = 9 points, each within 500 plies of the one before.
    let default = SevenSages::default();
    assert_eq!(default.max_turns(), Some(9 * 500));
    assert_eq!(default.max_turn_steps(), Some(3));
    assert_eq!(default.max_actions(), Some(9 * 500 * 3));
    // The ZRF's game to one point with 80 plies: one point, or 80 plies without one.
    let zrf = game(&[("points_to_win", "1"), ("max_plies_per_point", "80")]);
    assert_eq!(zrf.max_turns(), Some(80));
    assert_eq!(
        game(&[("points_to_win", "2"), ("max_plies_per_point", "40")]).max_turns(),
        Some(3 * 40)
    );
    // No ply limit: sages may shuffle for ever.
    let endless = game(&[("max_plies_per_point", "0")]);
    assert_eq!(endless.max_turns(), None);
    assert_eq!(endless.max_actions(), None);
    assert_eq!(endless.max_turn_steps(), Some(3));
    // Winther's options change no turn's length.
    let winther = game(&[
        ("kick_mode", "StopBefore"),
        ("lob", "on"),
        ("deviation", "Half"),
    ]);
    assert_eq!(winther.max_turn_steps(), Some(3));
    assert_eq!(winther.max_turns(), Some(4500));
}
