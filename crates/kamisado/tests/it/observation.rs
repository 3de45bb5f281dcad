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

mod random;
