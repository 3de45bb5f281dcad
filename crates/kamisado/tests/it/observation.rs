//! The observation encoder: its planes, positions of the specification checked by hand, the
//! invariants over random games, and how long a game lasts.

use std::collections::{BTreeSet, HashSet};

use board_kernel::observe::{ObservationSpec, Observe, TurnView};
use board_kernel::prelude::*;
use board_kernel::steps::{Step, TurnCursor};
use board_kernel::testing::scale;
use board_kernel::{GameOptions, Side, SplitMix64, Square};
use kamisado::{Kamisado, Options, Phase, State};

use crate::common::{after, after_position, game};

/// The square colours of §2.2, as the specification draws them.
const SQUARE_COLOURS: &str = "
 8   Or Bl Pu Pi Ye Re Gr Br
 7   Re Or Pi Gr Bl Ye Br Pu
 6   Gr Pi Or Re Pu Br Ye Bl
 5   Pi Pu Bl Or Br Gr Re Ye
 4   Ye Re Gr Br Or Bl Pu Pi
 3   Bl Ye Br Pu Re Or Pi Gr
 2   Pu Br Ye Bl Gr Pi Or Re
 1   Br Gr Re Ye Pi Pu Bl Or
";

/// The colours' codes and names, in the planes' order.
const COLOURS: [(&str, &str); 8] = [
    ("Or", "orange"),
    ("Bl", "blue"),
    ("Pu", "purple"),
    ("Pi", "pink"),
    ("Ye", "yellow"),
    ("Re", "red"),
    ("Gr", "green"),
    ("Br", "brown"),
];

fn colour_name(code: &str) -> &'static str {
    COLOURS.iter().find(|(c, _)| *c == code).unwrap().1
}

/// An observation with its spec, read plane by plane by name.
struct Seen {
    spec: ObservationSpec,
    out: Vec<u8>,
}

impl Seen {
    fn of(game: &Kamisado, view: &TurnView<'_, Kamisado>) -> Seen {
        let spec = game.observation_spec();
        let mut out = vec![0; spec.len()];
        game.observe(view, &mut out);
        Seen { spec, out }
    }

    fn index(&self, name: &str) -> usize {
        self.spec
            .planes
            .iter()
            .position(|p| p.name == name)
            .unwrap_or_else(|| panic!("no plane `{name}`"))
    }

    fn plane(&self, name: &str) -> &[u8] {
        let p = self.index(name);
        &self.out[p * 64..(p + 1) * 64]
    }

    /// The squares where plane `name` is not zero, sorted.
    fn cells(&self, name: &str) -> Vec<String> {
        let mut v: Vec<String> = self
            .plane(name)
            .iter()
            .enumerate()
            .filter(|(_, b)| **b != 0)
            .map(|(i, _)| Square::at(i as u8 % 8, i as u8 / 8).to_string())
            .collect();
        v.sort();
        v
    }

    /// The one level a constant plane has on every cell.
    fn constant(&self, name: &str) -> u8 {
        let plane = self.plane(name);
        assert!(
            plane.iter().all(|&b| b == plane[0]),
            "`{name}` is not constant"
        );
        plane[0]
    }
}

/// Square names, sorted.
fn set(squares: &str) -> Vec<String> {
    let mut v: Vec<String> = squares.split_whitespace().map(str::to_owned).collect();
    v.sort();
    v
}

/// The observation of a turn before its first step, with the next steps offered.
fn at_start(game: &Kamisado, state: &State) -> Seen {
    let cursor = TurnCursor::new(game, state).unwrap();
    view_of(game, &cursor)
}

fn view_of(game: &Kamisado, cursor: &TurnCursor<Kamisado>) -> Seen {
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

fn cell(square: &str) -> Step {
    Step::Cell(board_kernel::picture::Point::of(square.parse().unwrap()))
}

#[test]
fn the_spec_names_every_plane_once_on_the_picture_grid() {
    for pairs in [
        &[][..],
        &[("match_target", "3")],
        &[("match_target", "15"), ("max_plies_per_round", "200")],
        &[
            ("first_player", "Black"),
            ("max_plies_per_round", "1000000"),
        ],
    ] {
        let g = game(pairs);
        let spec = g.observation_spec();
        assert_eq!(spec.planes.len(), 44, "{pairs:?}");
        let names: HashSet<&str> = spec.planes.iter().map(|p| p.name.as_ref()).collect();
        assert_eq!(names.len(), spec.planes.len(), "plane names are unique");
        for p in &spec.planes {
            assert!(!p.name.trim().is_empty() && !p.name.contains('#'), "{p:?}");
            assert!(p.scale >= 1, "{p:?}");
        }
        let picture = g.draw(&g.initial_state());
        let grid = (usize::from(picture.columns), usize::from(picture.rows));
        assert_eq!(grid, (8, 8));
        assert_eq!(g.grid(), grid);
        assert_eq!((spec.columns, spec.rows), grid);
        // Every cell step of the picture lies on the grid.
        assert!(
            picture
                .cells
                .iter()
                .all(|c| usize::from(c.at.col) < grid.0 && usize::from(c.at.row) < grid.1)
        );
    }
    // Only the scales of the counters follow the options.
    let scale_of = |pairs: &[(&str, &str)], name: &str| {
        let spec = game(pairs).observation_spec();
        spec.planes.iter().find(|p| p.name == name).unwrap().scale
    };
    let score = "the mover's score / match target";
    let plies = "plies of this round / max plies per round";
    assert_eq!(scale_of(&[], score), 1);
    assert_eq!(scale_of(&[("match_target", "7")], score), 7);
    assert_eq!(scale_of(&[("match_target", "15")], score), 15);
    assert_eq!(scale_of(&[], plies), 255, "1000 plies, quantised");
    assert_eq!(scale_of(&[("max_plies_per_round", "200")], plies), 200);
    assert_eq!(scale_of(&[], "a tower's Sumo rank / 3"), 3);
    assert_eq!(scale_of(&[], "consecutive forced passes / 2"), 2);
    // Levels: the rank, the passes and the plies, and in a match the two scores.
    let levels = |pairs: &[(&str, &str)]| {
        let spec = game(pairs).observation_spec();
        spec.planes.iter().filter(|p| p.scale > 1).count()
    };
    assert_eq!(levels(&[]), 3);
    assert_eq!(levels(&[("match_target", "3")]), 5);
}

#[test]
fn the_initial_position_is_the_setup_of_the_rule_book() {
    let g = game(&[]);
    let seen = at_start(&g, &g.initial_state());
    // §2.3: White (to move) on rank 1, Black on rank 8, each tower on its own colour.
    let rank1 = "a1 b1 c1 d1 e1 f1 g1 h1";
    let rank8 = "a8 b8 c8 d8 e8 f8 g8 h8";
    assert_eq!(seen.cells("the mover's towers"), set(rank1));
    assert_eq!(seen.cells("the opponent's towers"), set(rank8));
    let white = "a1 Br b1 Gr c1 Re d1 Ye e1 Pi f1 Pu g1 Bl h1 Or";
    let black = "a8 Or b8 Bl c8 Pu d8 Pi e8 Ye f8 Re g8 Gr h8 Br";
    for (side, towers) in [("mover", white), ("opponent", black)] {
        let words: Vec<&str> = towers.split_whitespace().collect();
        for pair in words.chunks(2) {
            let name = format!("the {side}'s {} tower", colour_name(pair[1]));
            assert_eq!(seen.cells(&name), [pair[0]], "{name}");
        }
    }
    assert_eq!(seen.cells("a tower's Sumo rank / 3"), Vec::<String>::new());
    // §2.2, square by square.
    for line in SQUARE_COLOURS.lines().filter(|l| !l.trim().is_empty()) {
        let words: Vec<&str> = line.split_whitespace().collect();
        for (file, code) in words[1..].iter().enumerate() {
            let square = format!("{}{}", char::from(b'a' + file as u8), words[0]);
            let name = format!("{} squares", colour_name(code));
            assert!(seen.cells(&name).contains(&square), "{square} is {name}");
        }
    }
    for (_, name) in COLOURS {
        assert_eq!(seen.cells(&format!("{name} squares")).len(), 8);
    }
    assert_eq!(seen.cells("the mover's home row"), set(rank1));
    assert_eq!(
        seen.cells("the opponent's home row, the mover's goal"),
        set(rank8)
    );
    // The free first move: no required tower, every tower may be picked (Example 1).
    assert_eq!(
        seen.cells("the mover's tower that must move"),
        Vec::<String>::new()
    );
    assert_eq!(seen.constant("the mover may move any tower"), 1);
    assert_eq!(seen.cells("a legal next cell"), set(rank1));
    for zero in [
        "the mover chooses the refill side",
        "consecutive forced passes / 2",
        "the mover made the latest actual move",
        "the mover's score / match target",
        "the opponent's score / match target",
        "plies of this round / max plies per round",
        "the mover is the second player",
        "pass is a legal next step",
        "fill-L is a legal next step",
        "fill-R is a legal next step",
    ] {
        assert_eq!(seen.constant(zero), 0, "{zero}");
    }
    for none in [
        "where the latest actual move landed",
        "a cell chosen this turn",
    ] {
        assert_eq!(seen.cells(none), Vec::<String>::new(), "{none}");
    }

    // Black opening the game sees the same board from the other side.
    let g = game(&[("first_player", "Black")]);
    let seen = at_start(&g, &g.initial_state());
    assert_eq!(seen.cells("the mover's towers"), set(rank8));
    assert_eq!(seen.cells("the opponent's towers"), set(rank1));
    assert_eq!(seen.cells("the mover's orange tower"), ["a8"]);
    assert_eq!(seen.cells("the opponent's orange tower"), ["h1"]);
    assert_eq!(seen.cells("the mover's home row"), set(rank8));
    assert_eq!(seen.cells("a legal next cell"), set(rank8));
    assert_eq!(seen.constant("the mover is the second player"), 1);
    assert_eq!(seen.constant("the mover may move any tower"), 1);
}

#[test]
fn example_4_is_seen_from_blacks_side_through_the_push() {
    // Example 4: Black to move, required green, his green Sumo on f6 facing White's purple
    // tower on f5; White's last move f1-f5; round 2 of a Standard match, 3 plies, 0–1.
    let g = game(&[("match_target", "3"), ("max_plies_per_round", "100")]);
    let start = g.parse_position(kamisado::rulebook::EXAMPLE_4).unwrap();
    let mut cursor = TurnCursor::new(&g, &start).unwrap();
    let seen = view_of(&g, &cursor);
    assert_eq!(
        seen.cells("the mover's towers"),
        set("a8 b8 c8 d8 e8 f8 f6 h8")
    );
    assert_eq!(
        seen.cells("the opponent's towers"),
        set("a1 b1 c1 d1 e1 f5 g1 h1")
    );
    assert_eq!(seen.cells("the mover's green tower"), ["f6"]);
    assert_eq!(seen.cells("the mover's red tower"), ["f8"]);
    assert_eq!(seen.cells("the opponent's purple tower"), ["f5"]);
    assert_eq!(seen.cells("the opponent's green tower"), ["b1"]);
    let rank = seen.index("a tower's Sumo rank / 3");
    assert_eq!(seen.cells("a tower's Sumo rank / 3"), ["f6"]);
    assert_eq!(seen.out[rank * 64 + 5 * 8 + 5], 1, "a Sumo: rank 1 of 3");
    assert_eq!(
        seen.cells("the mover's home row"),
        set("a8 b8 c8 d8 e8 f8 g8 h8")
    );
    assert_eq!(
        seen.cells("the opponent's home row, the mover's goal"),
        set("a1 b1 c1 d1 e1 f1 g1 h1")
    );
    assert_eq!(seen.cells("the mover's tower that must move"), ["f6"]);
    assert_eq!(seen.constant("the mover may move any tower"), 0);
    assert_eq!(seen.cells("where the latest actual move landed"), ["f5"]);
    assert_eq!(seen.constant("the mover made the latest actual move"), 0);
    assert_eq!(seen.constant("the mover's score / match target"), 1);
    assert_eq!(seen.constant("the opponent's score / match target"), 0);
    assert_eq!(
        seen.constant("plies of this round / max plies per round"),
        3
    );
    assert_eq!(seen.constant("the mover is the second player"), 1);
    assert_eq!(seen.cells("a legal next cell"), ["f6"]);

    // The Sumo picked: its seven moves (Example 4), the push onto f5 among them.
    cursor.push(&g, cell("f6")).unwrap();
    let seen = view_of(&g, &cursor);
    assert_eq!(seen.cells("a cell chosen this turn"), ["f6"]);
    assert_eq!(seen.cells("a legal next cell"), set("b2 c3 d4 e5 g5 h4 f5"));
    assert_eq!(
        seen.cells("the mover's green tower"),
        ["f6"],
        "nothing moved yet"
    );

    // After the push White's turn is skipped: Black moves again, his blue tower (f4 is
    // blue), and the push is the latest actual move, landing on f4.
    cursor.push(&g, cell("f5")).unwrap();
    assert_eq!(cursor.complete().unwrap().to_string(), "f6>f5");
    cursor.advance(&g).unwrap();
    let seen = view_of(&g, &cursor);
    assert_eq!(seen.constant("the mover is the second player"), 1);
    assert_eq!(seen.cells("the mover's green tower"), ["f5"]);
    assert_eq!(seen.cells("the opponent's purple tower"), ["f4"]);
    assert_eq!(seen.cells("the mover's tower that must move"), ["b8"]);
    assert_eq!(seen.cells("where the latest actual move landed"), ["f4"]);
    assert_eq!(seen.constant("the mover made the latest actual move"), 1);
    assert_eq!(
        seen.constant("plies of this round / max plies per round"),
        4
    );
}

#[test]
fn example_3_passes_and_the_refill_are_seen_from_each_side() {
    // Example 3: after c1-a3 b8-h2 a3-e7 Black must move blue (h2), which is blocked.
    let g = game(&[("match_target", "3")]);
    let s = after(&g, "c1-a3 b8-h2 a3-e7");
    let seen = at_start(&g, &s);
    assert_eq!(seen.constant("the mover is the second player"), 1);
    assert_eq!(seen.cells("the mover's tower that must move"), ["h2"]);
    assert_eq!(seen.cells("a legal next cell"), Vec::<String>::new());
    assert_eq!(seen.constant("pass is a legal next step"), 1);
    assert_eq!(seen.constant("fill-L is a legal next step"), 0);
    assert_eq!(seen.constant("consecutive forced passes / 2"), 0);
    assert_eq!(seen.cells("where the latest actual move landed"), ["e7"]);
    assert_eq!(seen.constant("the mover made the latest actual move"), 0);
    assert_eq!(seen.cells("the opponent's red tower"), ["e7"]);
    assert_eq!(seen.cells("the mover's blue tower"), ["h2"]);

    // Black passes; h2 is red, so White must move red (e7), also blocked: a second pass
    // would end the round as a deadlock that White, the latest actual mover, loses.
    let s = after(&g, "c1-a3 b8-h2 a3-e7 pass");
    let seen = at_start(&g, &s);
    assert_eq!(seen.constant("the mover is the second player"), 0);
    assert_eq!(seen.cells("the mover's tower that must move"), ["e7"]);
    assert_eq!(seen.cells("the mover's red tower"), ["e7"]);
    assert_eq!(seen.cells("the opponent's blue tower"), ["h2"]);
    assert_eq!(seen.constant("consecutive forced passes / 2"), 1);
    assert_eq!(seen.constant("the mover made the latest actual move"), 1);
    assert_eq!(seen.constant("pass is a legal next step"), 1);
    assert_eq!(
        seen.constant("plies of this round / max plies per round"),
        1
    );

    // The deadlock: Black won the round (score 0–1) and, as the Defender, chooses the side.
    let s = after(&g, "c1-a3 b8-h2 a3-e7 pass pass");
    assert_eq!(s.phase(), Phase::Refill);
    let seen = at_start(&g, &s);
    assert_eq!(seen.constant("the mover is the second player"), 1);
    assert_eq!(seen.constant("the mover chooses the refill side"), 1);
    assert_eq!(seen.constant("the mover may move any tower"), 0);
    assert_eq!(
        seen.cells("the mover's tower that must move"),
        Vec::<String>::new()
    );
    assert_eq!(seen.constant("fill-L is a legal next step"), 1);
    assert_eq!(seen.constant("fill-R is a legal next step"), 1);
    assert_eq!(seen.constant("pass is a legal next step"), 0);
    assert_eq!(seen.constant("the mover's score / match target"), 1);
    assert_eq!(seen.constant("the opponent's score / match target"), 0);
    assert_eq!(seen.constant("consecutive forced passes / 2"), 2);
    // Black's blue tower (the colour of e7) became a Sumo.
    assert_eq!(seen.cells("a tower's Sumo rank / 3"), ["h2"]);
    assert_eq!(seen.cells("the mover's blue tower"), ["h2"]);

    // fill-L: a new round, which White (the loser) opens with a free choice from rank 1.
    let s = after_position(&g, &s.to_string(), "fill-L");
    let seen = at_start(&g, &s);
    assert_eq!(seen.constant("the mover is the second player"), 0);
    assert_eq!(seen.constant("the mover may move any tower"), 1);
    assert_eq!(seen.constant("the mover's score / match target"), 0);
    assert_eq!(seen.constant("the opponent's score / match target"), 1);
    assert_eq!(
        seen.cells("a legal next cell"),
        set("a1 b1 c1 d1 e1 f1 g1 h1")
    );
    assert_eq!(
        seen.cells("where the latest actual move landed"),
        Vec::<String>::new()
    );
}

/// The squares of `side`'s towers on `board`, sorted.
fn towers_of(board: &State, side: Side) -> Vec<String> {
    let mut v: Vec<String> = board
        .towers()
        .filter(|(_, t)| t.owner == side)
        .map(|(sq, _)| sq.to_string())
        .collect();
    v.sort();
    v
}

/// The per-side planes (a side's towers, then its tower of each colour), the mover's and the
/// opponent's: they swap with the side to move.
fn sided(seen: &Seen) -> (Vec<u8>, Vec<u8>) {
    let side = |whose: &str| -> Vec<u8> {
        let mut bytes = seen.plane(&format!("the {whose}'s towers")).to_vec();
        for (_, name) in COLOURS {
            bytes.extend_from_slice(seen.plane(&format!("the {whose}'s {name} tower")));
        }
        bytes
    };
    (side("mover"), side("opponent"))
}

/// Checks one observation against the position it shows, independently of the encoder.
fn check_view(g: &Kamisado, cursor: &TurnCursor<Kamisado>, seen: &Seen) {
    let (start, board) = (cursor.start(), cursor.board(g));
    let o = g.options();
    let mover = start.to_move();
    for (p, plane) in seen.spec.planes.iter().enumerate() {
        let bytes = &seen.out[p * 64..(p + 1) * 64];
        assert!(bytes.iter().all(|&b| b <= plane.scale), "{}", plane.name);
    }
    // The towers, from the side to move.
    assert_eq!(seen.cells("the mover's towers"), towers_of(board, mover));
    assert_eq!(
        seen.cells("the opponent's towers"),
        towers_of(board, mover.opponent())
    );
    let rank = seen.index("a tower's Sumo rank / 3");
    let mut ranks = 0;
    for (sq, t) in board.towers() {
        let side = if t.owner == mover {
            "mover"
        } else {
            "opponent"
        };
        let name = format!(
            "the {side}'s {} tower",
            kamisado::board::colour_name(t.colour)
        );
        assert_eq!(seen.cells(&name), [sq.to_string()], "{name}");
        let at = usize::from(sq.rank()) * 8 + usize::from(sq.file());
        assert_eq!(seen.out[rank * 64 + at], t.rank);
        ranks += u32::from(t.rank);
    }
    let total: u32 = seen
        .plane("a tower's Sumo rank / 3")
        .iter()
        .map(|&b| u32::from(b))
        .sum();
    assert_eq!(total, ranks);
    let ones: usize = (0..18)
        .map(|p| {
            seen.out[p * 64..(p + 1) * 64]
                .iter()
                .filter(|&&b| b == 1)
                .count()
        })
        .sum();
    assert_eq!(
        ones, 32,
        "16 towers, each on its side's plane and its colour's"
    );
    // The markers and counters, from the start of the turn.
    let required = match (start.phase(), start.required()) {
        (Phase::Play, Some(c)) => vec![start.square_of(mover, c).to_string()],
        _ => Vec::new(),
    };
    assert_eq!(seen.cells("the mover's tower that must move"), required);
    assert_eq!(
        seen.constant("the mover may move any tower"),
        u8::from(start.phase() == Phase::Play && start.required().is_none())
    );
    assert_eq!(
        seen.constant("the mover chooses the refill side"),
        u8::from(start.phase() == Phase::Refill)
    );
    assert_eq!(
        seen.constant("consecutive forced passes / 2"),
        start.consecutive_passes()
    );
    let landed: Vec<String> = start
        .last_landing()
        .iter()
        .map(ToString::to_string)
        .collect();
    assert_eq!(seen.cells("where the latest actual move landed"), landed);
    assert_eq!(
        seen.constant("the mover made the latest actual move"),
        u8::from(start.last_actual_mover() == Some(mover))
    );
    let score = start.score();
    for (name, side) in [
        ("the mover's score / match target", mover),
        ("the opponent's score / match target", mover.opponent()),
    ] {
        let level = seen.constant(name);
        assert_eq!(u32::from(level), score[side].min(o.match_target), "{name}");
    }
    let ply = u32::from(seen.constant("plies of this round / max plies per round"));
    if o.max_plies_per_round <= 255 {
        assert_eq!(ply, start.ply());
    } else {
        assert_eq!(ply, start.ply() * 255 / o.max_plies_per_round);
    }
    assert_eq!(
        seen.constant("the mover is the second player"),
        u8::from(mover == Side::Black)
    );
    // The turn so far, as the cursor has it.
    let chosen: BTreeSet<String> = cursor
        .steps()
        .iter()
        .filter_map(|s| match s {
            Step::Cell(p) => Some(Square::at(p.col, p.row).to_string()),
            _ => None,
        })
        .collect();
    let chosen: Vec<String> = chosen.into_iter().collect();
    assert_eq!(seen.cells("a cell chosen this turn"), chosen);
    let next: BTreeSet<String> = cursor
        .next()
        .iter()
        .filter_map(|t| match t.step {
            Step::Cell(p) => Some(Square::at(p.col, p.row).to_string()),
            _ => None,
        })
        .collect();
    let next: Vec<String> = next.into_iter().collect();
    assert_eq!(seen.cells("a legal next cell"), next);
    for (i, name) in Kamisado::CHOICES.iter().enumerate() {
        let offered = cursor
            .next()
            .iter()
            .any(|t| t.step == Step::Choice(i as u8));
        assert_eq!(
            seen.constant(&format!("{name} is a legal next step")),
            u8::from(offered)
        );
    }
    assert!(cursor.next().iter().all(|t| t.step != Step::Finish));
    // At the start of a turn under a colour requirement, the tower that must move is the
    // only first step (or it passes).
    let passes = cursor.next().iter().any(|t| t.step == Step::Choice(0));
    if cursor.steps().is_empty() && !required.is_empty() && !passes {
        assert_eq!(seen.cells("a legal next cell"), required);
    }
}

/// What the random games went through, so that a test knows its checks were exercised.
#[derive(Debug, Default)]
struct Tally {
    /// Turns after which the side to move changed, and after which it did not (a push).
    swapped: usize,
    kept: usize,
    /// Turns that began with a forced pass offered, or in the refill phase.
    passes: usize,
    refills: usize,
    /// Turns that began with a Sumo on the board.
    sumos: usize,
}

/// Plays `games` random games under `pairs`, checking the observation at every step and the
/// bounds on turns and steps.
fn random_games(pairs: &[(&str, &str)], games: usize, seed: u64) -> Tally {
    let g = game(pairs);
    let max_turns = g.max_turns().unwrap();
    let max_steps = g.max_turn_steps().unwrap();
    let mut rng = SplitMix64::new(seed);
    let mut tally = Tally::default();
    for _ in 0..games {
        let mut cursor = TurnCursor::new(&g, &g.initial_state()).unwrap();
        let mut turns = 0;
        let mut before: Option<(Side, Seen)> = None;
        while !cursor.is_over() {
            let seen = view_of(&g, &cursor);
            check_view(&g, &cursor, &seen);
            tally.passes += usize::from(seen.constant("pass is a legal next step") == 1);
            tally.refills += usize::from(seen.constant("the mover chooses the refill side") == 1);
            tally.sumos +=
                usize::from(seen.plane("a tower's Sumo rank / 3").iter().any(|&b| b > 0));
            if let Some((side, done)) = before.take() {
                // The board the last turn ended on, seen by the new mover: the per-side planes
                // swap exactly when the side to move changed (not after a push).
                let (was_mover, was_opponent) = sided(&done);
                let (mover, opponent) = sided(&seen);
                if side == cursor.start().to_move() {
                    tally.kept += 1;
                    assert_eq!((mover, opponent), (was_mover, was_opponent));
                } else {
                    tally.swapped += 1;
                    assert_eq!((mover, opponent), (was_opponent, was_mover));
                }
            }
            let mut steps = 0;
            while cursor.complete().is_none() {
                let next = cursor.next();
                let step = next[rng.below(next.len())].step;
                cursor.push(&g, step).unwrap();
                steps += 1;
                let seen = view_of(&g, &cursor);
                check_view(&g, &cursor, &seen);
                if cursor.complete().is_some() {
                    before = Some((cursor.start().to_move(), seen));
                }
            }
            assert!(steps <= max_steps, "{steps} steps in a turn");
            cursor.advance(&g).unwrap();
            turns += 1;
        }
        assert!(turns <= max_turns, "{turns} turns");
    }
    tally
}

#[test]
fn random_single_rounds_are_seen_as_they_are() {
    let seen = random_games(&[], scale(200, 2000), 1);
    assert!(seen.swapped > 0 && seen.passes > 0, "{seen:?}");
    assert_eq!(
        (seen.kept, seen.refills, seen.sumos),
        (0, 0, 0),
        "no Sumo, no refill"
    );
    let seen = random_games(&[("first_player", "Black")], scale(50, 500), 2);
    assert!(seen.swapped > 0, "{seen:?}");
}

#[test]
fn random_matches_are_seen_as_they_are() {
    let seen = random_games(&[("match_target", "3")], scale(30, 300), 3);
    assert!(seen.refills > 0 && seen.sumos > 0, "{seen:?}");
    let seen = random_games(
        &[
            ("match_target", "7"),
            ("next_round_starter", "Winner"),
            ("scoring", "PerRound"),
            ("max_plies_per_round", "40"),
        ],
        scale(10, 100),
        4,
    );
    assert!(seen.refills > 0 && seen.kept > 0, "{seen:?}");
    // A backstop of one ply: every round is its first move, then a refill.
    let seen = random_games(
        &[("match_target", "3"), ("max_plies_per_round", "1")],
        scale(50, 500),
        5,
    );
    assert!(seen.refills > 0 && seen.kept == 0, "{seen:?}");
}

#[test]
fn a_game_lasts_as_long_as_the_backstop_allows() {
    // One round of at most 1000 plies (§5.3, §8); a turn is a tower and its square, or one
    // choice (a pass, a refill side).
    let g = game(&[]);
    assert_eq!(g.max_turns(), Some(1000 + 1));
    assert_eq!(g.max_turn_steps(), Some(2));
    assert_eq!(g.max_actions(), Some(2 * 1001));
    // A match to 3 has at most 5 rounds (each scores a point), each of at most 1000 plies
    // and a refill ply but the last (counted for every round: one ply to spare).
    assert_eq!(game(&[("match_target", "3")]).max_turns(), Some(5 * 1001));
    assert_eq!(
        game(&[("match_target", "3"), ("max_plies_per_round", "1")]).max_turns(),
        Some(5 * 2)
    );
    assert_eq!(
        game(&[("match_target", "15"), ("max_plies_per_round", "1000000")]).max_turns(),
        Some(29 * 1_000_001)
    );
    // No option turns the backstop off: it is at least one ply.
    assert!(Options::from_pairs([("max_plies_per_round", "0")]).is_err());
    for target in ["1", "3", "7", "15"] {
        let g = game(&[("match_target", target)]);
        assert!(g.max_turns().is_some() && g.max_turn_steps() == Some(2));
    }
}
