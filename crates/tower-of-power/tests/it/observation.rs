//! The observation encoder: its planes, positions of the specification encoded and checked
//! square by square against the rule book, invariants over seeded random games, and the
//! bounds on the length of games and turns.

use std::collections::BTreeSet;

use crate::common::game;
use board_kernel::observe::{ObservationSpec, TurnView};
use board_kernel::picture::Point;
use board_kernel::prelude::*;
use board_kernel::steps::{Step, TurnCursor};
use board_kernel::testing::scale;
use board_kernel::{Side, SplitMix64, Square};
use tower_of_power::{State, TowerOfPower};

// The planes every option set has, in the order of the spec.
const MOVER_TOPS: usize = 0;
const OPPONENT_TOPS: usize = 1;
const MOVER_STONES: usize = 2;
const OPPONENT_STONES: usize = 3;
const MOVER_UNDER: usize = 4;
const OPPONENT_UNDER: usize = 5;
const SECOND_PLAYER: usize = 6;
const MOVER_MATERIAL: usize = 7;
const OPPONENT_MATERIAL: usize = 8;
const FIRST_CHOSEN: usize = 9;
const LATER_CHOSEN: usize = 10;
const ROW_CHOSEN: usize = 11;
const NEXT_CELL: usize = 12;
const FINISH: usize = 13;
// Under the defaults: the material-threshold flags and the no-capture counter.
const MOVER_AT_THRESHOLD: usize = 14;
const OPPONENT_AT_THRESHOLD: usize = 15;
const QUIET: usize = 16;

const WHITE_SETUP: [&str; 15] = [
    "a1", "b1", "c1", "d1", "e1", "a2", "b2", "c2", "d2", "a3", "b3", "c3", "a4", "b4", "a5",
];
const BLACK_SETUP: [&str; 15] = [
    "h4", "g5", "h5", "f6", "g6", "h6", "e7", "f7", "g7", "h7", "d8", "e8", "f8", "g8", "h8",
];

/// An encoded observation, read plane by plane.
struct Obs {
    spec: ObservationSpec,
    bytes: Vec<u8>,
}

impl Obs {
    fn of(game: &TowerOfPower, view: &TurnView<'_, TowerOfPower>) -> Obs {
        let spec = game.observation_spec();
        let mut bytes = vec![0; spec.len()];
        game.observe(view, &mut bytes);
        Obs { spec, bytes }
    }

    fn plane(&self, p: usize) -> &[u8] {
        &self.bytes[p * self.spec.area()..(p + 1) * self.spec.area()]
    }

    fn at(&self, p: usize, square: &str) -> u8 {
        let sq: Square = square.parse().unwrap();
        self.plane(p)[usize::from(sq.rank()) * 8 + usize::from(sq.file())]
    }

    /// The squares where plane `p` is not 0, by name.
    fn squares(&self, p: usize) -> BTreeSet<String> {
        self.plane(p)
            .iter()
            .enumerate()
            .filter(|&(_, &b)| b != 0)
            .map(|(i, _)| Square::at((i % 8) as u8, (i / 8) as u8).to_string())
            .collect()
    }

    /// The level of a constant plane (checking that it is constant).
    fn constant(&self, p: usize) -> u8 {
        let plane = self.plane(p);
        assert!(
            plane.iter().all(|&b| b == plane[0]),
            "plane {p} is constant"
        );
        plane[0]
    }
}

fn names(squares: &[&str]) -> BTreeSet<String> {
    squares.iter().map(|s| (*s).to_owned()).collect()
}

fn cell(square: &str) -> Step {
    Step::Cell(Point::of(square.parse().unwrap()))
}

fn view(cursor: &TurnCursor<TowerOfPower>, game: &TowerOfPower) -> Obs {
    let view = TurnView {
        start: cursor.start(),
        board: cursor.board(game),
        steps: cursor.steps(),
        next: cursor.next(),
    };
    Obs::of(game, &view)
}

#[test]
fn the_spec_names_each_plane_once_on_the_pictures_grid() {
    for (pairs, planes, quiet_scale, repetition_scale) in [
        (&[][..], 17, Some(100), None),
        (
            &[
                ("no_capture_draw_plies", "0"),
                ("material_draw_threshold", "0"),
            ][..],
            14,
            None,
            None,
        ),
        (
            &[("no_capture_draw_plies", "1000"), ("repetition_limit", "3")][..],
            18,
            Some(255),
            Some(3),
        ),
        (
            &[("single_step", "off"), ("deal_onto_stacks", "off")][..],
            17,
            Some(100),
            None,
        ),
    ] {
        let game = game(pairs);
        let spec = game.observation_spec();
        assert_eq!(spec.planes.len(), planes, "{pairs:?}");
        let names: BTreeSet<&str> = spec.planes.iter().map(|p| p.name.as_ref()).collect();
        assert_eq!(names.len(), planes, "unique names under {pairs:?}");
        for plane in &spec.planes {
            assert!(!plane.name.is_empty() && !plane.name.contains('#'));
            assert!(plane.scale >= 1);
        }
        let picture = game.draw(&game.initial_state());
        let grid = (usize::from(picture.columns), usize::from(picture.rows));
        assert_eq!(game.grid(), grid);
        assert_eq!((spec.columns, spec.rows), grid);
        assert_eq!(grid, (8, 8));
        let scale_of = |word: &str| {
            spec.planes
                .iter()
                .find(|p| p.name.contains(word))
                .map(|p| p.scale)
        };
        assert_eq!(scale_of("no-progress"), quiet_scale, "{pairs:?}");
        assert_eq!(scale_of("repetition"), repetition_scale, "{pairs:?}");
        assert_eq!(spec.planes[MOVER_STONES].scale, 15);
        assert_eq!(spec.planes[FINISH].name, "finish is a legal next step");
    }
    let spec = TowerOfPower::default().observation_spec();
    assert_eq!(spec.planes[MOVER_AT_THRESHOLD].scale, 1);
    assert_eq!(spec.planes[OPPONENT_AT_THRESHOLD].scale, 1);
    assert!(spec.planes[QUIET].name.contains("without a capture"));
}

#[test]
fn the_setup_is_seen_from_whites_side() {
    let game = TowerOfPower::default();
    let mut cursor = TurnCursor::new(&game, &game.initial_state()).unwrap();
    let obs = view(&cursor, &game);
    // Section 2.2: White's triangle in the a1 corner, Black's in the h8 corner, single stones.
    assert_eq!(obs.squares(MOVER_TOPS), names(&WHITE_SETUP));
    assert_eq!(obs.squares(OPPONENT_TOPS), names(&BLACK_SETUP));
    assert_eq!(obs.squares(MOVER_STONES), names(&WHITE_SETUP));
    assert_eq!(obs.squares(OPPONENT_STONES), names(&BLACK_SETUP));
    assert!(obs.plane(MOVER_STONES).iter().all(|&b| b <= 1));
    assert!(obs.squares(MOVER_UNDER).is_empty() && obs.squares(OPPONENT_UNDER).is_empty());
    assert_eq!(obs.constant(SECOND_PLAYER), 0, "White moves first");
    assert_eq!(obs.constant(MOVER_MATERIAL), 15);
    assert_eq!(obs.constant(OPPONENT_MATERIAL), 15);
    assert_eq!(obs.constant(MOVER_AT_THRESHOLD), 0);
    assert_eq!(obs.constant(OPPONENT_AT_THRESHOLD), 0);
    assert_eq!(obs.constant(QUIET), 0);
    for p in [FIRST_CHOSEN, LATER_CHOSEN, ROW_CHOSEN] {
        assert!(obs.squares(p).is_empty());
    }
    // Every White stone can step (each square has a neighbour), so every one begins a move.
    assert_eq!(obs.squares(NEXT_CELL), names(&WHITE_SETUP));
    assert_eq!(obs.constant(FINISH), 0);

    // Example 2, b1-d1-d3, step by step. b1: its single steps go to its five neighbours
    // (a1, c1, a2, b2, c2) and it is the far end of rows with bases c1, d1, e1 (east), a1
    // (west), b2, b3, b4 (north), a2 (north-west) and c2 (north-east).
    cursor.push(&game, cell("b1")).unwrap();
    let obs = view(&cursor, &game);
    assert_eq!(obs.squares(FIRST_CHOSEN), names(&["b1"]));
    assert!(obs.squares(LATER_CHOSEN).is_empty() && obs.squares(ROW_CHOSEN).is_empty());
    assert_eq!(
        obs.squares(NEXT_CELL),
        names(&["a1", "c1", "d1", "e1", "a2", "b2", "c2", "b3", "b4"])
    );
    assert_eq!(obs.constant(FINISH), 0);
    assert_eq!(
        obs.squares(MOVER_TOPS),
        names(&WHITE_SETUP),
        "nothing moved yet"
    );

    // d1: the row b1-c1-d1, whose two stones are dealt two squares from d1 in any direction
    // but west that stays on the board: d3 (N), f3 (NE), f1 (E), b3 (NW).
    cursor.push(&game, cell("d1")).unwrap();
    let obs = view(&cursor, &game);
    assert_eq!(obs.squares(FIRST_CHOSEN), names(&["b1"]));
    assert_eq!(obs.squares(LATER_CHOSEN), names(&["d1"]));
    assert_eq!(obs.squares(ROW_CHOSEN), names(&["b1", "c1", "d1"]));
    assert_eq!(obs.squares(NEXT_CELL), names(&["d3", "f3", "f1", "b3"]));
    assert_eq!(obs.constant(FINISH), 0);

    // d3: the move is whole. The board after it (Example 2's diagram): b1 and c1 empty, d2
    // `ww`, d3 a White stone; still seen from White's side, the mover of this turn.
    cursor.push(&game, cell("d3")).unwrap();
    assert!(cursor.complete().is_some());
    let obs = view(&cursor, &game);
    let mut tops = names(&WHITE_SETUP);
    tops.remove("b1");
    tops.remove("c1");
    tops.insert("d3".to_owned());
    assert_eq!(obs.squares(MOVER_TOPS), tops);
    assert_eq!(obs.squares(OPPONENT_TOPS), names(&BLACK_SETUP));
    assert_eq!(obs.at(MOVER_STONES, "d2"), 2);
    assert_eq!(obs.at(MOVER_STONES, "d3"), 1);
    assert_eq!(obs.squares(MOVER_UNDER), names(&["d2"]));
    assert!(obs.squares(OPPONENT_UNDER).is_empty());
    assert_eq!(obs.squares(LATER_CHOSEN), names(&["d1", "d3"]));
    assert_eq!(obs.squares(ROW_CHOSEN), names(&["b1", "c1", "d1"]));
    assert!(obs.squares(NEXT_CELL).is_empty());
    assert_eq!(obs.constant(SECOND_PLAYER), 0);
    assert_eq!(obs.constant(QUIET), 0, "the counter of the turn's start");
}

#[test]
fn black_to_move_sees_the_board_from_its_side() {
    let game = TowerOfPower::default();
    // Example 2's result: Black to move, one move without a capture.
    let state = game
        .parse_position("3bbbbb/4bbbb/5bbb/w5bb/ww5b/wwww4/www(ww)4/w2ww3 b 1 1")
        .unwrap();
    let mut cursor = TurnCursor::new(&game, &state).unwrap();
    let obs = view(&cursor, &game);
    let white = names(&[
        "a1", "d1", "e1", "a2", "b2", "c2", "d2", "a3", "b3", "c3", "d3", "a4", "b4", "a5",
    ]);
    assert_eq!(obs.squares(MOVER_TOPS), names(&BLACK_SETUP));
    assert_eq!(obs.squares(OPPONENT_TOPS), white);
    assert_eq!(obs.squares(MOVER_STONES), names(&BLACK_SETUP));
    assert_eq!(obs.squares(OPPONENT_STONES), white);
    assert_eq!(obs.at(OPPONENT_STONES, "d2"), 2);
    assert_eq!(obs.at(MOVER_STONES, "d2"), 0);
    assert_eq!(obs.squares(OPPONENT_UNDER), names(&["d2"]));
    assert!(obs.squares(MOVER_UNDER).is_empty());
    assert_eq!(obs.constant(SECOND_PLAYER), 1);
    assert_eq!(obs.constant(MOVER_MATERIAL), 15);
    assert_eq!(obs.constant(OPPONENT_MATERIAL), 15);
    assert_eq!(obs.constant(QUIET), 1);
    assert_eq!(obs.squares(NEXT_CELL), names(&BLACK_SETUP));

    // h4 steps onto its own stone on g5, which could also be the two-stone row h4-g5 dealt
    // one square from g5 anywhere but back to h4: a finish, or one of seven squares.
    cursor.push(&game, cell("h4")).unwrap();
    cursor.push(&game, cell("g5")).unwrap();
    let obs = view(&cursor, &game);
    assert_eq!(obs.squares(FIRST_CHOSEN), names(&["h4"]));
    assert_eq!(obs.squares(LATER_CHOSEN), names(&["g5"]));
    assert_eq!(obs.squares(ROW_CHOSEN), names(&["h4", "g5"]));
    assert_eq!(
        obs.squares(NEXT_CELL),
        names(&["f4", "g4", "f5", "h5", "f6", "g6", "h6"])
    );
    assert_eq!(obs.constant(FINISH), 1);
    cursor.push(&game, Step::Finish).unwrap();
    assert_eq!(cursor.complete().unwrap().to_string(), "h4-g5");
    assert_eq!(
        cursor.steps().len(),
        3,
        "the longest turn: two cells and a finish"
    );
    let obs = view(&cursor, &game);
    assert_eq!(obs.at(MOVER_STONES, "g5"), 2);
    assert_eq!(obs.at(MOVER_STONES, "h4"), 0);
    assert_eq!(obs.squares(MOVER_UNDER), names(&["g5"]));
    assert_eq!(obs.constant(FINISH), 0);
    assert_eq!(obs.constant(SECOND_PLAYER), 1);
}

#[test]
fn stacks_show_their_top_the_stone_under_it_and_their_counts() {
    let game = TowerOfPower::default();
    // Example 5: c3 `bw`, d3 `w`, e3 `ww`, f3 `b`, e5 `wb`, e6 `b`; White to move.
    let state = game
        .parse_position("8/8/4b3/4(wb)3/8/2(bw)w(ww)b2/8/8 w 0 0")
        .unwrap();
    let obs = Obs::of(&game, &TurnView::start_of(&state));
    assert_eq!(obs.squares(MOVER_TOPS), names(&["c3", "d3", "e3"]));
    assert_eq!(obs.squares(OPPONENT_TOPS), names(&["e5", "e6", "f3"]));
    assert_eq!(obs.squares(MOVER_UNDER), names(&["e3", "e5"]));
    assert_eq!(obs.squares(OPPONENT_UNDER), names(&["c3"]));
    for (square, white, black) in [
        ("c3", 1, 1),
        ("d3", 1, 0),
        ("e3", 2, 0),
        ("e5", 1, 1),
        ("e6", 0, 1),
        ("f3", 0, 1),
    ] {
        assert_eq!(obs.at(MOVER_STONES, square), white, "{square}");
        assert_eq!(obs.at(OPPONENT_STONES, square), black, "{square}");
    }
    assert_eq!(obs.squares(MOVER_STONES).len(), 4);
    assert_eq!(obs.squares(OPPONENT_STONES).len(), 4);
    assert_eq!(obs.constant(MOVER_MATERIAL), 5);
    assert_eq!(obs.constant(OPPONENT_MATERIAL), 4);
    assert_eq!(obs.constant(MOVER_AT_THRESHOLD), 0);
    assert_eq!(obs.constant(OPPONENT_AT_THRESHOLD), 0);
    assert!(
        obs.squares(NEXT_CELL).is_empty(),
        "start_of shows no next step"
    );

    // Example 7 after d4-d5-d6: White d5 and d6, Black a8, h1, h8: both at the threshold
    // (the game is drawn), seen from Black's side.
    let mut state = game
        .parse_position("b6b/8/3b4/3w4/3w4/8/8/7b w 0 0")
        .unwrap();
    game.play_text(&mut state, "d4-d5-d6").unwrap();
    let obs = Obs::of(&game, &TurnView::start_of(&state));
    assert_eq!(obs.squares(MOVER_TOPS), names(&["a8", "h1", "h8"]));
    assert_eq!(obs.squares(OPPONENT_TOPS), names(&["d5", "d6"]));
    assert_eq!(obs.constant(MOVER_MATERIAL), 3);
    assert_eq!(obs.constant(OPPONENT_MATERIAL), 2);
    assert_eq!(obs.constant(MOVER_AT_THRESHOLD), 1);
    assert_eq!(obs.constant(OPPONENT_AT_THRESHOLD), 1);
    assert_eq!(obs.constant(QUIET), 0, "the move captured");
    assert_eq!(obs.constant(SECOND_PLAYER), 1);
    // With the threshold at 2 only White's side is at it.
    let two = crate::common::game(&[("material_draw_threshold", "2")]);
    let obs = Obs::of(&two, &TurnView::start_of(&state));
    assert_eq!(obs.constant(MOVER_AT_THRESHOLD), 0);
    assert_eq!(obs.constant(OPPONENT_AT_THRESHOLD), 1);
}

#[test]
fn counters_are_scaled_to_their_limits() {
    // The no-capture counter over a limit of 1000 is quantised to 255 levels; the
    // repetition count is exact over a limit of 3. With the material draw off, planes 14 and
    // 15 are the counter and the repetitions.
    let game = game(&[
        ("no_capture_draw_plies", "1000"),
        ("repetition_limit", "3"),
        ("material_draw_threshold", "0"),
    ]);
    let spec = game.observation_spec();
    assert_eq!(spec.planes.len(), 16);
    assert_eq!(spec.planes[14].scale, 255);
    assert_eq!(spec.planes[15].scale, 3);
    let mut state = game.parse_position("8/8/8/8/8/8/8/ww4bb w 500 9").unwrap();
    let obs = Obs::of(&game, &TurnView::start_of(&state));
    assert_eq!(obs.constant(14), 127, "500 × 255 / 1000, rounded down");
    assert_eq!(
        obs.constant(15),
        1,
        "the loaded position is its first occurrence"
    );
    for mv in ["a1-a2", "g1-g2", "a2-a1", "g2-g1"] {
        game.play_text(&mut state, mv).unwrap();
    }
    let obs = Obs::of(&game, &TurnView::start_of(&state));
    assert_eq!(obs.constant(14), 128, "504 × 255 / 1000, rounded down");
    assert_eq!(obs.constant(15), 2, "the position came back once");
}

/// Bytes of the fixed planes of an observation with the mover's and the opponent's planes
/// exchanged and the second-player plane turned over.
fn swapped(obs: &Obs) -> Vec<u8> {
    let mut planes: Vec<Vec<u8>> = (0..FINISH + 1).map(|p| obs.plane(p).to_vec()).collect();
    for (a, b) in [
        (MOVER_TOPS, OPPONENT_TOPS),
        (MOVER_STONES, OPPONENT_STONES),
        (MOVER_UNDER, OPPONENT_UNDER),
        (MOVER_MATERIAL, OPPONENT_MATERIAL),
    ] {
        planes.swap(a, b);
    }
    for b in &mut planes[SECOND_PLAYER] {
        *b ^= 1;
    }
    planes.concat()
}

/// Plays seeded random games step by step under `game`, checking every observation of every
/// turn so far; returns the most steps a turn took and the longest game.
fn random_games(game: &TowerOfPower, games: u64, ply_cap: usize) -> (usize, usize) {
    let spec = game.observation_spec();
    let area = spec.area();
    let max_steps = game.max_turn_steps().unwrap() as usize;
    let (mut longest_turn, mut longest_game) = (0, 0);
    for seed in 0..games {
        let mut rng = SplitMix64::new(seed);
        let mut cursor = TurnCursor::new(game, &game.initial_state()).unwrap();
        let mut plies = 0;
        while !cursor.is_over() && plies < ply_cap {
            loop {
                let obs = view(&cursor, game);
                let start = cursor.start();
                let board = cursor.board(game).board();
                let me = start.to_move();
                for (p, plane) in spec.planes.iter().enumerate() {
                    assert!(
                        obs.plane(p).iter().all(|&b| b <= plane.scale),
                        "{}",
                        plane.name
                    );
                }
                // The legal next cells and the finish are exactly the cursor's.
                let next: BTreeSet<String> = cursor
                    .next()
                    .iter()
                    .filter_map(|t| match t.step {
                        Step::Cell(p) => Some(Square::at(p.col, p.row).to_string()),
                        _ => None,
                    })
                    .collect();
                assert_eq!(obs.squares(NEXT_CELL), next);
                let finish = cursor.next().iter().any(|t| t.step == Step::Finish);
                assert_eq!(obs.constant(FINISH), u8::from(finish));
                // The chosen cells are the steps'.
                let cells: Vec<String> = cursor
                    .steps()
                    .iter()
                    .filter_map(|s| match s {
                        Step::Cell(p) => Some(Square::at(p.col, p.row).to_string()),
                        _ => None,
                    })
                    .collect();
                assert_eq!(
                    obs.squares(FIRST_CHOSEN),
                    cells.iter().take(1).cloned().collect()
                );
                assert_eq!(
                    obs.squares(LATER_CHOSEN),
                    cells.iter().skip(1).cloned().collect()
                );
                // The row: from the first cell to the second, both included, once there are two.
                let row = obs.squares(ROW_CHOSEN);
                if let [far, base, ..] = &cells[..] {
                    let (f, b): (Square, Square) = (far.parse().unwrap(), base.parse().unwrap());
                    let length = f.file().abs_diff(b.file()).max(f.rank().abs_diff(b.rank()));
                    assert_eq!(row.len(), usize::from(length) + 1);
                    assert!(row.contains(far) && row.contains(base));
                } else {
                    assert!(row.is_empty());
                }
                // The stones: tops and counts add up to the board after the steps.
                let bits = |p: usize| {
                    obs.plane(p)
                        .iter()
                        .enumerate()
                        .fold(0u64, |acc, (i, &b)| acc | (u64::from(b != 0) << i))
                };
                assert_eq!(bits(MOVER_TOPS), board.active(me));
                assert_eq!(bits(OPPONENT_TOPS), board.active(me.opponent()));
                let sum = |p: usize| obs.plane(p).iter().map(|&b| usize::from(b)).sum::<usize>();
                assert_eq!(sum(MOVER_STONES), board.material(me));
                assert_eq!(sum(OPPONENT_STONES), board.material(me.opponent()));
                let stacks = (0..64)
                    .filter(|&i| board.tower(Square::at(i % 8, i / 8)).height() >= 2)
                    .count();
                assert_eq!(sum(MOVER_UNDER) + sum(OPPONENT_UNDER), stacks);
                assert_eq!(
                    usize::from(obs.constant(MOVER_MATERIAL)),
                    board.material(me).min(15)
                );
                assert_eq!(obs.constant(SECOND_PLAYER), u8::from(me == Side::Black));
                if cursor.steps().is_empty() {
                    // The same board with the other side to move: the mover's planes and the
                    // opponent's trade places.
                    let other = State::new(
                        board.clone(),
                        me.opponent(),
                        start.no_capture_count(),
                        start.turn_count(),
                    );
                    let turned = Obs::of(game, &TurnView::start_of(&other));
                    let fixed = (FINISH + 1) * area;
                    let mut ours = obs.bytes[..fixed].to_vec();
                    ours[NEXT_CELL * area..(NEXT_CELL + 1) * area].fill(0);
                    assert_eq!(swapped(&turned), ours);
                }
                if cursor.complete().is_some() {
                    break;
                }
                let next = cursor.next();
                let step = next[rng.below(next.len())].step;
                cursor.push(game, step).unwrap();
            }
            let steps = cursor.steps().len();
            assert!(steps <= max_steps, "{steps} steps");
            longest_turn = longest_turn.max(steps);
            cursor.advance(game).unwrap();
            plies += 1;
        }
        longest_game = longest_game.max(plies);
        if let Some(most) = game.max_turns() {
            assert!(plies as u64 <= most);
        }
    }
    (longest_turn, longest_game)
}

#[test]
fn random_games_observe_their_positions() {
    let default = TowerOfPower::default();
    let (turn, _) = random_games(&default, scale(60, 240) as u64, usize::MAX);
    assert_eq!(turn, 3, "a step onto an own stone takes a finish");
    for pairs in [
        &[("single_step", "off")][..],
        &[
            ("deal_onto_stacks", "off"),
            ("material_draw_threshold", "0"),
        ][..],
        &[("repetition_limit", "2"), ("no_capture_draw_plies", "300")][..],
    ] {
        let game = game(pairs);
        random_games(&game, scale(15, 60) as u64, 400);
    }
}

#[test]
fn games_and_turns_are_bounded_by_the_rules() {
    // Section 5.3: at most 30 captures (15 stones a side); before each fewer than 100
    // capture-free moves, after the last at most 100: 31 × 100 moves. A turn is a row's
    // three squares, or a step's two and a finish.
    let default = TowerOfPower::default();
    assert_eq!(default.max_turns(), Some(3100));
    assert_eq!(default.max_turn_steps(), Some(3));
    assert_eq!(default.max_actions(), Some(9300));
    let short = game(&[("no_capture_draw_plies", "7")]);
    assert_eq!(short.max_turns(), Some(217));
    // With the no-progress rule off nothing bounds a game (two lone stones shuffle for ever).
    let endless = game(&[("no_capture_draw_plies", "0"), ("repetition_limit", "3")]);
    assert_eq!(endless.max_turns(), None);
    assert_eq!(endless.max_turn_steps(), Some(3));
    assert_eq!(endless.max_actions(), None);
}
