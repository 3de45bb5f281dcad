//! What a learning program sees (`observation.rs`): the planes' shape under several option
//! sets, the setup and two positions of the specification's worked examples encoded and
//! checked cell by cell against the rule book, seeded random games checked at every step
//! against the position and the legal next steps, and the game-length bounds.

use std::collections::BTreeMap;

use crate::common::{game, pos, with};
use board_kernel::observe::{ObservationSpec, Observe, TurnView};
use board_kernel::picture::Point;
use board_kernel::prelude::*;
use board_kernel::steps::{Step, TurnCursor};
use board_kernel::{Side, SplitMix64, testing};
use sackson_chain_reaction::{ChainReaction, Content, Spot, State};

// The planes, in the order of the module's table.
const MOVER_SINGLES: usize = 0;
const OPPONENT_SINGLES: usize = 1;
const MOVER_BOTTOM: usize = 2;
const OPPONENT_BOTTOM: usize = 3;
const MOVER_TOP: usize = 4;
const OPPONENT_TOP: usize = 5;
const BOARD_CELLS: usize = 6;
const MOVER_SCORING: usize = 7;
const OPPONENT_SCORING: usize = 8;
const MOVER_RETURN: usize = 9;
const OPPONENT_RETURN: usize = 10;
const SECOND_PLAYER: usize = 11;
const MOVER_SHARE: usize = 12;
const OPPONENT_SHARE: usize = 13;
const MOVER_NEEDS: usize = 14;
const OPPONENT_NEEDS: usize = 15;
const SEGMENTS: usize = 16;
const MOVER_WAITING: usize = 17;
const OPPONENT_WAITING: usize = 18;
const TURNS: usize = 19;
const RULE_CONTINUE: usize = 20;
const RULE_STEP_INTO_GOAL: usize = 21;
const LAST_CELL: usize = 22;
const EARLIER_CELLS: usize = 23;
const NEXT_CELLS: usize = 24;
const NEXT_PENALTY: usize = 25;
const PLANES: usize = 26;

/// The planes that hold one level on every cell.
const CONSTANT: &[usize] = &[
    SECOND_PLAYER,
    MOVER_SHARE,
    OPPONENT_SHARE,
    MOVER_NEEDS,
    OPPONENT_NEEDS,
    SEGMENTS,
    MOVER_WAITING,
    OPPONENT_WAITING,
    TURNS,
    RULE_CONTINUE,
    RULE_STEP_INTO_GOAL,
    NEXT_PENALTY,
];

/// The planes of the mover and of the opponent, which trade places when the turn passes.
const PAIRS: &[(usize, usize)] = &[
    (MOVER_SINGLES, OPPONENT_SINGLES),
    (MOVER_BOTTOM, OPPONENT_BOTTOM),
    (MOVER_TOP, OPPONENT_TOP),
    (MOVER_SCORING, OPPONENT_SCORING),
    (MOVER_RETURN, OPPONENT_RETURN),
    (MOVER_SHARE, OPPONENT_SHARE),
    (MOVER_NEEDS, OPPONENT_NEEDS),
    (MOVER_WAITING, OPPONENT_WAITING),
];

/// The observation of the turn `cursor` stands in.
fn encode(game: &ChainReaction, cursor: &TurnCursor<ChainReaction>) -> Vec<u8> {
    let view = TurnView {
        start: cursor.start(),
        board: cursor.board(game),
        steps: cursor.steps(),
        next: cursor.next(),
    };
    let mut out = vec![0; game.observation_spec().len()];
    game.observe(&view, &mut out);
    out
}

/// The cells of plane `p` holding a level, by name (`d0`–`d9` as the notation writes them),
/// with the level.
fn marked(out: &[u8], p: usize) -> BTreeMap<String, u8> {
    let area = 70;
    out[p * area..(p + 1) * area]
        .iter()
        .enumerate()
        .filter(|(_, b)| **b != 0)
        .map(|(i, &b)| {
            let spot = Spot::new((i % 7) as u8, (i / 7) as u8).unwrap();
            (spot.to_string(), b)
        })
        .collect()
}

/// Every cell of `names` (space-separated) at `level`.
fn at(names: &str, level: u8) -> BTreeMap<String, u8> {
    names
        .split_whitespace()
        .map(|n| (n.to_owned(), level))
        .collect()
}

/// The level plane `p` holds on every cell.
fn constant(out: &[u8], p: usize) -> u8 {
    let plane = &out[p * 70..(p + 1) * 70];
    assert!(
        plane.iter().all(|&b| b == plane[0]),
        "plane {p} is not constant: {plane:?}"
    );
    plane[0]
}

/// The grid index of a board cell or scoring position.
fn index(spot: Spot) -> usize {
    usize::from(spot.index())
}

/// Ranks 1 to 8, every file: the board cells.
fn board_cells() -> String {
    (1..=8)
        .flat_map(|r| (b'a'..=b'g').map(move |f| format!("{}{r}", f as char)))
        .collect::<Vec<_>>()
        .join(" ")
}

/// A scoring row worth 1 but its goal cell on file d, worth 2.
fn scoring_row(rank: u8) -> BTreeMap<String, u8> {
    let mut row = at(
        &["a", "b", "c", "e", "f", "g"]
            .iter()
            .map(|f| format!("{f}{rank}"))
            .collect::<Vec<_>>()
            .join(" "),
        1,
    );
    row.insert(format!("d{rank}"), 2);
    row
}

fn check_spec(game: &ChainReaction, spec: &ObservationSpec) {
    let picture = game.draw(&game.initial_state());
    assert_eq!(
        (spec.columns, spec.rows),
        (usize::from(picture.columns), usize::from(picture.rows))
    );
    assert_eq!(game.grid(), (spec.columns, spec.rows));
    assert_eq!((spec.columns, spec.rows), (7, 10));
    assert_eq!(spec.planes.len(), PLANES);
    let mut names: Vec<&str> = spec.planes.iter().map(|p| p.name.as_ref()).collect();
    for name in &names {
        assert!(!name.trim().is_empty());
        assert!(!name.contains('#'), "{name}");
    }
    names.sort_unstable();
    names.dedup();
    assert_eq!(names.len(), PLANES, "plane names are unique");
    for plane in &spec.planes {
        assert!(plane.scale >= 1, "{}", plane.name);
    }
}

#[test]
fn the_planes_have_the_pictures_grid_and_scales_from_the_options() {
    let spec = game().observation_spec();
    check_spec(&game(), &spec);
    let scales: Vec<u8> = spec.planes.iter().map(|p| p.scale).collect();
    let mut expected = vec![1; PLANES];
    expected[MOVER_SCORING] = 2;
    expected[OPPONENT_SCORING] = 2;
    expected[MOVER_SHARE] = 240;
    expected[OPPONENT_SHARE] = 240;
    expected[MOVER_NEEDS] = 48;
    expected[OPPONENT_NEEDS] = 48;
    expected[SEGMENTS] = 5;
    // 500 turns do not fit in a byte: quantised to 250 levels.
    expected[TURNS] = 250;
    assert_eq!(scales, expected);
    assert!(!spec.is_binary());
    assert_eq!(spec.len(), PLANES * 70);

    for (pairs, segments, turns) in [
        (&[("max_segments", "10"), ("max_plies", "100")][..], 10, 100),
        (&[("max_segments", "2"), ("max_plies", "255")][..], 2, 255),
        (&[("max_plies", "256")][..], 5, 250),
        // No turn limit: a plane of zeros.
        (&[("max_plies", "0")][..], 5, 1),
        (
            &[
                ("scoring_friendly_tower", "Continue"),
                ("single_step_into_goal", "on"),
                ("target_white", "20"),
            ][..],
            5,
            250,
        ),
    ] {
        let g = with(pairs);
        let spec = g.observation_spec();
        check_spec(&g, &spec);
        assert_eq!(spec.planes[SEGMENTS].scale, segments, "{pairs:?}");
        assert_eq!(spec.planes[TURNS].scale, turns, "{pairs:?}");
        let names = |s: &ObservationSpec| -> Vec<String> {
            s.planes.iter().map(|p| p.name.to_string()).collect()
        };
        assert_eq!(names(&spec), names(&game().observation_spec()));
    }
}

#[test]
fn the_setup_seen_by_white() {
    // 2.3, 2.4: White's 11 stones on c1 d1 e1, b2–f2, c3 d3 e3, Black's on the mirror
    // squares; scores 0–0, targets 12, no tower, White to move, no pending stone.
    let g = game();
    let cursor = TurnCursor::new(&g, &g.initial_state()).unwrap();
    let out = encode(&g, &cursor);
    let white = "c1 d1 e1 b2 c2 d2 e2 f2 c3 d3 e3";
    let black = "c8 d8 e8 b7 c7 d7 e7 f7 c6 d6 e6";
    assert_eq!(marked(&out, MOVER_SINGLES), at(white, 1));
    assert_eq!(marked(&out, OPPONENT_SINGLES), at(black, 1));
    for p in [MOVER_BOTTOM, OPPONENT_BOTTOM, MOVER_TOP, OPPONENT_TOP] {
        assert!(marked(&out, p).is_empty(), "no tower: plane {p}");
    }
    assert_eq!(marked(&out, BOARD_CELLS), at(&board_cells(), 1));
    // 2.2: White scores behind rank 8, 2 points in d9; Black behind rank 1, d0.
    assert_eq!(marked(&out, MOVER_SCORING), scoring_row(9));
    assert_eq!(marked(&out, OPPONENT_SCORING), scoring_row(0));
    // 4.6: the three setup rows are full, so a stone goes back on the own half's empty cells.
    assert_eq!(
        marked(&out, MOVER_RETURN),
        at("a1 b1 f1 g1 a2 g2 a3 b3 f3 g3 a4 b4 c4 d4 e4 f4 g4", 1)
    );
    assert_eq!(
        marked(&out, OPPONENT_RETURN),
        at("a8 b8 f8 g8 a7 g7 a6 b6 f6 g6 a5 b5 c5 d5 e5 f5 g5", 1)
    );
    for (p, level) in [
        (SECOND_PLAYER, 0),
        (MOVER_SHARE, 0),
        (OPPONENT_SHARE, 0),
        (MOVER_NEEDS, 12),
        (OPPONENT_NEEDS, 12),
        (SEGMENTS, 0),
        (MOVER_WAITING, 0),
        (OPPONENT_WAITING, 0),
        (TURNS, 0),
        (RULE_CONTINUE, 0),
        (RULE_STEP_INTO_GOAL, 0),
        (NEXT_PENALTY, 0),
    ] {
        assert_eq!(constant(&out, p), level, "plane {p}");
    }
    assert!(marked(&out, LAST_CELL).is_empty());
    assert!(marked(&out, EARLIER_CELLS).is_empty());
    // 4.3: the turn starts with a free step: any White stone.
    assert_eq!(marked(&out, NEXT_CELLS), at(white, 1));

    // The options that change what a chain may do show as their planes.
    let g = with(&[
        ("scoring_friendly_tower", "Continue"),
        ("single_step_into_goal", "on"),
    ]);
    let out = encode(&g, &TurnCursor::new(&g, &g.initial_state()).unwrap());
    assert_eq!(constant(&out, RULE_CONTINUE), 1);
    assert_eq!(constant(&out, RULE_STEP_INTO_GOAL), 1);
}

#[test]
fn black_puts_back_the_pending_stone_of_example_5() {
    // Example 5 after `!`: White took the penalty (5 − 2 = 3 points) and Black, to move,
    // starts by putting the black bottom stone back on setup row 1 (c8 is occupied).
    let g = game();
    let state = pos(&g, "2b4/7/7/7/7/w1w4/bb5/www4 b 0 3 0 12 12 b 1");
    let mut cursor = TurnCursor::new(&g, &state).unwrap();
    let out = encode(&g, &cursor);
    assert_eq!(marked(&out, MOVER_SINGLES), at("c8 a2 b2", 1));
    assert_eq!(marked(&out, OPPONENT_SINGLES), at("a3 c3 a1 b1 c1", 1));
    assert_eq!(marked(&out, MOVER_SCORING), scoring_row(0));
    assert_eq!(marked(&out, OPPONENT_SCORING), scoring_row(9));
    assert_eq!(marked(&out, MOVER_RETURN), at("d8 e8", 1));
    assert_eq!(marked(&out, OPPONENT_RETURN), at("d1 e1", 1));
    for (p, level) in [
        (SECOND_PLAYER, 1),
        (MOVER_SHARE, 0),
        // 3 of 12 points: a quarter of 240.
        (OPPONENT_SHARE, 60),
        (MOVER_NEEDS, 12),
        (OPPONENT_NEEDS, 9),
        (SEGMENTS, 0),
        (MOVER_WAITING, 1),
        (OPPONENT_WAITING, 0),
        // One turn of 500, in 250 levels.
        (TURNS, 0),
        (NEXT_PENALTY, 0),
    ] {
        assert_eq!(constant(&out, p), level, "plane {p}");
    }
    assert_eq!(marked(&out, NEXT_CELLS), at("d8 e8", 1));

    // `=d8`: the stone is back and the free step follows, with any Black stone.
    cursor
        .push(&g, Step::Cell(Point::new(3, 8)))
        .expect("d8 is offered");
    let out = encode(&g, &cursor);
    assert_eq!(marked(&out, MOVER_SINGLES), at("c8 d8 a2 b2", 1));
    assert_eq!(constant(&out, MOVER_WAITING), 0);
    assert_eq!(marked(&out, MOVER_RETURN), at("e8", 1));
    assert_eq!(marked(&out, LAST_CELL), at("d8", 1));
    assert!(marked(&out, EARLIER_CELLS).is_empty());
    assert_eq!(marked(&out, NEXT_CELLS), at("c8 d8 a2 b2", 1));
}

#[test]
fn black_scores_in_its_goal_in_example_4() {
    // Example 4, Black scoring: Black's tower on d2 (white under black), a white stone on d1,
    // a black stone on c8. All eight directions are legal; south drops the white bottom
    // stone on d1 (a White tower) and scores the black top stone in d0 for 2 points.
    let g = game();
    let state = pos(&g, "2b4/7/7/7/7/7/3(wb)3/3w3 b 0 0 0 12 12 - 0");
    let mut cursor = TurnCursor::new(&g, &state).unwrap();
    let out = encode(&g, &cursor);
    assert_eq!(marked(&out, MOVER_SINGLES), at("c8", 1));
    assert_eq!(marked(&out, OPPONENT_SINGLES), at("d1", 1));
    assert_eq!(marked(&out, OPPONENT_BOTTOM), at("d2", 1));
    assert_eq!(marked(&out, MOVER_TOP), at("d2", 1));
    assert!(marked(&out, MOVER_BOTTOM).is_empty());
    assert!(marked(&out, OPPONENT_TOP).is_empty());
    assert_eq!(constant(&out, SECOND_PLAYER), 1);
    assert_eq!(marked(&out, NEXT_CELLS), at("d4 f4 f2 f0 d0 b0 b2 b4", 1));

    // `d2-d0`: the White tower stands on d1, Black has 2 points and puts the stone back on
    // d8 or e8.
    cursor
        .push(&g, Step::Cell(Point::new(3, 0)))
        .expect("d0 is offered");
    let out = encode(&g, &cursor);
    assert_eq!(marked(&out, MOVER_SINGLES), at("c8", 1));
    assert!(marked(&out, OPPONENT_SINGLES).is_empty());
    assert_eq!(marked(&out, OPPONENT_BOTTOM), at("d1", 1));
    assert_eq!(marked(&out, OPPONENT_TOP), at("d1", 1));
    assert!(marked(&out, MOVER_TOP).is_empty());
    assert_eq!(constant(&out, MOVER_SHARE), 40);
    assert_eq!(constant(&out, MOVER_NEEDS), 10);
    assert_eq!(constant(&out, SEGMENTS), 1);
    assert_eq!(constant(&out, MOVER_WAITING), 1);
    assert_eq!(marked(&out, LAST_CELL), at("d0", 1));
    assert_eq!(marked(&out, NEXT_CELLS), at("d8 e8", 1));

    // `=e8` completes the turn: nothing comes next, and the view is still Black's.
    cursor
        .push(&g, Step::Cell(Point::new(4, 8)))
        .expect("e8 is offered");
    assert_eq!(
        cursor.complete().map(ToString::to_string).as_deref(),
        Some("d2-d0=e8")
    );
    let out = encode(&g, &cursor);
    assert_eq!(marked(&out, MOVER_SINGLES), at("c8 e8", 1));
    assert_eq!(constant(&out, SECOND_PLAYER), 1);
    assert_eq!(constant(&out, MOVER_WAITING), 0);
    assert_eq!(constant(&out, SEGMENTS), 0);
    assert_eq!(marked(&out, LAST_CELL), at("e8", 1));
    assert_eq!(marked(&out, EARLIER_CELLS), at("d0", 1));
    assert!(marked(&out, NEXT_CELLS).is_empty());
}

#[test]
fn a_tower_that_cannot_move_offers_the_penalty() {
    // Example 5 before `!`: the tower on a1 has no legal direction.
    let g = game();
    let state = pos(&g, "2b4/7/7/7/7/w1w4/bb5/(bw)ww4 w 0 5 0 12 12 - 0");
    let cursor = TurnCursor::new(&g, &state).unwrap();
    let out = encode(&g, &cursor);
    assert_eq!(marked(&out, OPPONENT_BOTTOM), at("a1", 1));
    assert_eq!(marked(&out, MOVER_TOP), at("a1", 1));
    assert!(marked(&out, NEXT_CELLS).is_empty());
    assert_eq!(constant(&out, NEXT_PENALTY), 1);
    assert_eq!(constant(&out, MOVER_NEEDS), 7);
}

/// The cells of `out`'s plane `p` holding a 1, as grid indices.
fn ones(out: &[u8], p: usize) -> Vec<usize> {
    (0..70).filter(|&i| out[p * 70 + i] == 1).collect()
}

/// The grid indices of `cells`, sorted.
fn indices(cells: impl Iterator<Item = Spot>) -> Vec<usize> {
    let mut v: Vec<usize> = cells.map(index).collect();
    v.sort_unstable();
    v
}

/// Checks the observation `out` of the turn `cursor` stands in against the position and the
/// turn.
fn check_step(
    game: &ChainReaction,
    spec: &ObservationSpec,
    cursor: &TurnCursor<ChainReaction>,
    out: &[u8],
) {
    for (p, plane) in spec.planes.iter().enumerate() {
        for &b in &out[p * 70..(p + 1) * 70] {
            assert!(b <= plane.scale, "{}: {b} > {}", plane.name, plane.scale);
        }
    }
    for &p in CONSTANT {
        constant(out, p);
    }
    let start: &State = cursor.start();
    let after: &State = cursor.board(game);
    let mover = start.to_move();
    let opponent = mover.opponent();
    let board = after.board();

    // The stones, by owner, from the board after the steps.
    assert_eq!(ones(out, MOVER_SINGLES), indices(board.singles(mover)));
    assert_eq!(
        ones(out, OPPONENT_SINGLES),
        indices(board.singles(opponent))
    );
    let tower = board.tower();
    let tower_at = |side_of: fn(&sackson_chain_reaction::Tower) -> Side, side: Side| {
        tower
            .filter(|t| side_of(t) == side)
            .map(|t| vec![index(t.cell)])
            .unwrap_or_default()
    };
    assert_eq!(ones(out, MOVER_BOTTOM), tower_at(|t| t.bottom, mover));
    assert_eq!(ones(out, OPPONENT_BOTTOM), tower_at(|t| t.bottom, opponent));
    assert_eq!(ones(out, MOVER_TOP), tower_at(|t| t.top, mover));
    assert_eq!(ones(out, OPPONENT_TOP), tower_at(|t| t.top, opponent));
    if let Some(t) = tower {
        assert!(matches!(board.content(t.cell), Content::Tower(_)));
    }
    let on_board = board.stones(Side::White) + board.stones(Side::Black);
    let pieces: usize = (MOVER_SINGLES..=OPPONENT_TOP)
        .map(|p| ones(out, p).len())
        .sum();
    assert_eq!(pieces, on_board as usize);
    // Stones are never captured: on the board or waiting to be put back, 11 a side.
    let waiting = constant(out, MOVER_WAITING) + constant(out, OPPONENT_WAITING);
    assert_eq!(on_board + u32::from(waiting), 22);
    assert_eq!(
        constant(out, MOVER_WAITING) == 1,
        after.pending() == Some(mover)
    );

    // The counters.
    assert_eq!(constant(out, SECOND_PLAYER), u8::from(mover == Side::Black));
    for (p, side) in [(MOVER_NEEDS, mover), (OPPONENT_NEEDS, opponent)] {
        let needed = (after.target(side) - after.score(side)).clamp(0, 48);
        assert_eq!(i64::from(constant(out, p)), needed);
    }
    assert_eq!(constant(out, SEGMENTS), after.segment());

    // The turn so far and what may come next.
    let steps = cursor.steps();
    let cell = |s: &Step| match s {
        Step::Cell(p) => Some(usize::from(p.row) * 7 + usize::from(p.col)),
        _ => None,
    };
    let last: Vec<usize> = steps.last().and_then(cell).into_iter().collect();
    assert_eq!(ones(out, LAST_CELL), last);
    let mut earlier: Vec<usize> = steps[..steps.len().saturating_sub(1)]
        .iter()
        .filter_map(cell)
        .collect();
    earlier.sort_unstable();
    earlier.dedup();
    assert_eq!(ones(out, EARLIER_CELLS), earlier);
    let mut next: Vec<usize> = cursor.next().iter().filter_map(|t| cell(&t.step)).collect();
    next.sort_unstable();
    next.dedup();
    assert_eq!(ones(out, NEXT_CELLS), next);
    assert_eq!(
        constant(out, NEXT_PENALTY) == 1,
        cursor.next().iter().any(|t| t.step == Step::Choice(0))
    );
    assert!(cursor.next().iter().all(|t| t.step != Step::Finish));
}

/// The option sets the random games run under, each with the most steps its turns may take
/// by the rules (a placement, a free step's two cells, then one cell per tower segment and a
/// single re-placement or penalty with its re-placement at the end; with `Continue` each
/// segment may also score and put its stone back).
const RANDOM_SETS: &[(&[(&str, &str)], usize)] = &[
    (&[("max_plies", "100")], 5 + 3),
    (
        &[
            ("scoring_friendly_tower", "Continue"),
            ("single_step_into_goal", "on"),
            ("target_white", "6"),
            ("target_black", "8"),
            ("max_plies", "150"),
        ],
        2 * 5 + 1,
    ),
    (&[("max_segments", "10"), ("max_plies", "80")], 10 + 3),
    (
        &[
            ("max_segments", "2"),
            ("target_white", "4"),
            ("target_black", "4"),
            ("repetition_limit", "3"),
            ("max_plies", "300"),
        ],
        2 + 3,
    ),
];

#[test]
fn random_games_are_seen_as_they_stand_at_every_step() {
    let games = testing::scale(200, 400);
    let mut longest = vec![0; RANDOM_SETS.len()];
    for seed in 0..games {
        let set = seed % RANDOM_SETS.len();
        let (pairs, most) = RANDOM_SETS[set];
        let g = with(pairs);
        let spec = g.observation_spec();
        let bound = g.max_turn_steps().unwrap() as usize;
        let mut rng = SplitMix64::new(seed as u64);
        let mut cursor = TurnCursor::new(&g, &g.initial_state()).unwrap();
        while !cursor.is_over() {
            let out = encode(&g, &cursor);
            check_step(&g, &spec, &cursor, &out);
            if cursor.complete().is_some() {
                let steps = cursor.steps().len();
                assert!(steps <= bound && steps <= most, "{pairs:?}: {steps} steps");
                longest[set] = longest[set].max(steps);
                let mover = cursor.start().to_move();
                cursor.advance(&g).unwrap();
                if cursor.is_over() {
                    break;
                }
                // The next turn's start is this turn's last board, seen from the other side.
                assert_ne!(cursor.start().to_move(), mover);
                let next = encode(&g, &cursor);
                for &(m, o) in PAIRS {
                    assert_eq!(ones(&out, m), ones(&next, o), "planes {m} and {o}");
                    assert_eq!(ones(&out, o), ones(&next, m), "planes {o} and {m}");
                    assert_eq!(out[m * 70..(m + 1) * 70], next[o * 70..(o + 1) * 70]);
                }
                assert_eq!(
                    constant(&out, SECOND_PLAYER),
                    1 - constant(&next, SECOND_PLAYER)
                );
                continue;
            }
            let next = cursor.next();
            let step = next[rng.below(next.len())].step;
            cursor.push(&g, step).unwrap();
        }
    }
    // Long turns come up: the chains do reach several segments.
    assert!(longest.iter().all(|&n| n >= 4), "{longest:?}");
}

#[test]
fn a_game_lasts_at_most_max_plies_turns_of_bounded_steps() {
    // 5.3: `max_plies` (500) complete turns, then a draw; 0 turns the limit off.
    assert_eq!(game().max_turns(), Some(500));
    assert_eq!(with(&[("max_plies", "80")]).max_turns(), Some(80));
    assert_eq!(with(&[("max_plies", "0")]).max_turns(), None);
    assert_eq!(with(&[("max_plies", "0")]).max_actions(), None);
    // The bound counts per segment a free step's two cells and a re-placement (3 × 5), a
    // placement, the penalty and its re-placement, and a finish: 1 + 15 + 2 + 1.
    assert_eq!(game().max_turn_steps(), Some(19));
    assert_eq!(with(&[("max_segments", "10")]).max_turn_steps(), Some(34));
    assert_eq!(with(&[("max_segments", "2")]).max_turn_steps(), Some(10));
    assert_eq!(game().max_actions(), Some(500 * 19));
}
