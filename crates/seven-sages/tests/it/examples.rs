//! Every worked example of the specification (§2.3, §2.4, §10), with the numbers, move lists
//! and positions it gives.

use crate::common;

use board_kernel::prelude::*;
use board_kernel::{Side, Status};
use common::*;
use seven_sages::{EndReason, Outcome, SevenSages, State};

const INITIAL: &str =
    "7B7/15/3B3B3B3/15/3B3B3B3/15/15/7*7/15/15/3W3W3W3/15/3W3W3W3/15/7W7 w 0 0 0 0 0 ongoing";

const DIAGRAM_SETUP: &str = "\
15 : : : : : _ _ B _ _ : : : : :
14 : : . . . . . . . . . . . : :
13 : . . B . . . B . . . B . . :
12 : . . . . . . . . . . . . . :
11 : . . B . . . B . . . B . . :
10 : . . . . . . . . . . . . . :
 9 : . . . . . . . . . . . . . :
 8 : . . . . . . * . . . . . . :
 7 : . . . . . . . . . . . . . :
 6 : . . . . . . . . . . . . . :
 5 : . . W . . . W . . . W . . :
 4 : . . . . . . . . . . . . . :
 3 : . . W . . . W . . . W . . :
 2 : : . . . . . . . . . . . : :
 1 : : : : : _ _ W _ _ : : : : :
   a b c d e f g h i j k l m n o";

const DIAGRAM_EX2: &str = "\
15 : : : : : B _ _ _ _ : : : : :
14 : : . . B . . W . . . . . : :
13 : . . . B . W . . . . B . . :
12 : . . . . * . . . . . . . . :
11 : . . B . . . B . . . B . . :
10 : . . . . W . . . . . . . . :
 9 : . . . . . . . . . . . . . :
 8 : . . . . . . . . . . . . . :
 7 : . . . . . . . . . . . . . :
 6 : . . . . . . . . . . . . . :
 5 : . . . . . . . . . . . . . :
 4 : . . . . . . . . . . . . . :
 3 : . . W . . . W . . . W . . :
 2 : : . . . . . . . . . . . : :
 1 : : : : : _ _ W _ _ : : : : :
   a b c d e f g h i j k l m n o";

const DIAGRAM_EX3A: &str = "\
15 : : : : : _ _ B _ _ : : : : :
14 : : . . . . . . . . . . . : :
13 : . . B . . . B . . . B . . :
12 : . * . . . . . . . . . . . :
11 : . . B . . . B . . . B . . :
10 : . W . . . . . . . . . . . :
 9 : . . . . . . . . . . . . . :
 8 : . . . . . . . . . . . . . :
 7 : . . . . . . . . . . . . . :
 6 : . . . . . . . . . . . . . :
 5 : . . W . . . W . . . . . . :
 4 : . . . . . . . . . . . . . :
 3 : . . W . . . W . . . W . . :
 2 : : . . . . . . . . . . . : :
 1 : : : : : _ _ W _ _ : : : : :
   a b c d e f g h i j k l m n o";

const DIAGRAM_EX3B: &str = "\
15 : : : : : _ _ B _ _ : : : : :
14 : : . . . . . . . . . . . : :
13 : . . B . . . B . . . B . . :
12 : . . . . . . . . . . . . . :
11 : . . B . . . . . . . B . . :
10 : . . . . . . . . . . . . . :
 9 : . . . . . . B . . . . . . :
 8 : . . . . . . * . . . . . . :
 7 : . . . . . . W . . . . . . :
 6 : . . . . . . . . . . . . . :
 5 : . . W . . . . . . . W . . :
 4 : . . . . . . . . . . . . . :
 3 : . . W . . . W . . . W . . :
 2 : : . . . . . . . . . . . : :
 1 : : : : : _ _ W _ _ : : : : :
   a b c d e f g h i j k l m n o";

const DIAGRAM_EX4: &str = "\
15 : : : : W _ _ _ _ _ : : : : :
14 : : B . . . . . . . . . . : :
13 : . . B . . . B . . . B . . :
12 : . . . . . . . . . . . . . :
11 : . . B . . . B . . . B . . :
10 : . . . . . . . . . . . . . :
 9 : . . . . . . . . . . . . . :
 8 : . . . . . . * . . . . . . :
 7 : . . . . . . . . . . . . . :
 6 : . . . . . . . . . . . . . :
 5 : . . W . . . W . . . W . . :
 4 : . . . . . . . . . . . . . :
 3 : . . . . . . . . . . W . . :
 2 : : . . . . . . . . . . . : :
 1 : : : : W _ _ W _ _ : : : : :
   a b c d e f g h i j k l m n o";

const DIAGRAM_EX5A: &str = "\
15 : : : : : _ _ _ _ _ : : : : :
14 : : . . . . . B . . . . . : :
13 : . . B . . B . B . . B . . :
12 : . . . . . . * . . . . . . :
11 : . . B . . W W . . . B . . :
10 : . . . . . . . . . . . . . :
 9 : . . . . . . . . . . . . . :
 8 : . . . . . . . . . . . . . :
 7 : . . . . . . . . . . . . . :
 6 : . . . . . . . . . . . . . :
 5 : . . W . . . . . . . . . . :
 4 : . . . . . . . . . . . . . :
 3 : . . W . . . W . . . W . . :
 2 : : . . . . . . . . . . . : :
 1 : : : : : _ _ W _ _ : : : : :
   a b c d e f g h i j k l m n o";

const DIAGRAM_EX5B: &str = "\
15 : : : : : _ _ B _ _ : : : : :
14 : : . . . . . . . . . . . : :
13 : . . B . . * . . . . B . . :
12 : . B . . . . . . . . . B . :
11 : . . B . . W . . . . B . . :
10 : . . . . . . . . . . . . . :
 9 : . . . . . . . . . . . . . :
 8 : . . . . . . . . . . . . . :
 7 : . . . . . . . . . . . . . :
 6 : . . . . . . . . . . . . . :
 5 : . . W . . . . . . . . . . :
 4 : . . . . . . . . . . . . . :
 3 : . . W W . . W . . . W . . :
 2 : : . . . . . . . . . . . : :
 1 : : : : : _ _ W _ _ : : : : :
   a b c d e f g h i j k l m n o";

const DIAGRAM_EX6: &str = "\
15 : : : : : _ _ _ _ _ : : : : :
14 : : . . . . . . . . . . . : :
13 : . . . . W . . . W . . . . :
12 : B . . . . . . . . B . . . :
11 : . . . . . . . . W . . . . :
10 : . . . . . . . . . . . . . :
 9 : . . . . B W . . . . . . . :
 8 : . W . . . . . . . . . . . :
 7 : . . W . . . . . . . . . . :
 6 : . . . . . B . . . . . . . :
 5 : . . . . * . . . . . . . . :
 4 : . . . . B . . . . . . . . :
 3 : . . . . B . W . . . . . . :
 2 : : . . . . . . . . . . . : :
 1 : : : : : _ _ _ _ _ : : : : :
   a b c d e f g h i j k l m n o";

const DIAGRAM_EX7: &str = "\
15 : : : : : _ _ _ _ _ W : : : :
14 : : . W . . . . . . . . . : :
13 : . . . . . . . . . . . . . :
12 : . . . . . . . . . . . . . :
11 : . . . . . * . . . . . . . :
10 : . . . . . . . . . . W . . :
 9 : . . . . . . . . . . . . . :
 8 : . . . . . . . . . . . . . :
 7 : . . . . . . . . . . . . . :
 6 : B . B . . . . . . . . . . :
 5 : . . . . . . . . . B . . . :
 4 : B . . . . . . . . . . . . :
 3 : . . W . . . . . . . . . . :
 2 : : . . . . . . . . . . . : :
 1 : : : : : _ _ _ _ _ : : : : :
   a b c d e f g h i j k l m n o";

/// The game under `options` and the position `text`, after checking that the position draws
/// as the specification's `diagram`.
fn drawn(options: &[(&str, &str)], text: &str, diagram: &str) -> (SevenSages, State) {
    let g = game(options);
    let s = position(&g, text);
    assert_eq!(g.diagram(&s), diagram);
    (g, s)
}

// ---------------------------------------------------------------- §2.3, §2.4: the setup

#[test]
fn initial_position_line_and_diagram() {
    let g = game(&[]);
    let start = g.initial_state();
    assert_eq!(start.to_string(), INITIAL);
    assert_eq!(
        line(
            &["h1", "d3", "h3", "l3", "d5", "h5", "l5"],
            &["h15", "d13", "h13", "l13", "d11", "h11", "l11"],
            "h8",
            'w'
        ),
        INITIAL
    );
    assert_eq!(g.diagram(&start), DIAGRAM_SETUP);
    assert_eq!(g.side_to_move(&start), Side::White);
    assert_eq!(position(&g, INITIAL), start);
}

#[test]
fn status_tokens_of_section_2_4() {
    for token in ["white_won_points", "draw_repetition", "black_won_max_plies"] {
        let outcome: Outcome = token.parse().unwrap();
        assert_eq!(outcome.to_string(), token);
    }
    assert!("draw_points".parse::<Outcome>().is_err());
}

// ---------------------------------------------------------------- Example 1

#[test]
fn example_1_initial_position() {
    let g = game(&[]);
    let s = g.initial_state();
    assert_eq!(moves(&g, &s).len(), 173);
    assert_eq!(split(&g, &s), (148, 25));
    assert_plain_counts(
        &g,
        &s,
        &[
            ("h1", 21),
            ("d3", 19),
            ("h3", 22),
            ("l3", 19),
            ("d5", 22),
            ("h5", 23),
            ("l5", 22),
        ],
    );
    assert_eq!(
        suffixes(&g, &s, "h1-"),
        list("h2 i2 j3 k4 g2 f3 e4 i1 j1 k1 l1 m1 n1 o1 g1 f1 e1 d1 c1 b1 a1")
    );
    // Only h5 kicks.
    let kicks = kicks(&g, &s);
    assert!(kicks.iter().all(|k| k.starts_with("h5-h8/")));
    assert_eq!(
        suffixes(&g, &s, "h5-h8/"),
        list(
            "b9 b10 c9 c10 d9 d10 e9 e10 f9 f10 g9 g10 h9 i9 i10 j9 j10 k9 k10 l9 l10 m9 m10 \
             n9 n10"
        )
    );
}

#[test]
fn example_1_option_checks() {
    let base = list(
        "b9 b10 c9 c10 d9 d10 e9 e10 f9 f10 g9 g10 h9 i9 i10 j9 j10 k9 k10 l9 l10 m9 m10 n9 n10",
    );
    let mut with_h10 = base.clone();
    with_h10.push("h10".into());
    with_h10.sort_by_key(|s| square_key(s));

    let g = game(&[("first_bounce_mandatory", "false")]);
    assert_eq!(suffixes(&g, &g.initial_state(), "h5-h8/"), with_h10);

    let g = game(&[("reverse_on_later_bounces", "true")]);
    assert_eq!(suffixes(&g, &g.initial_state(), "h5-h8/"), with_h10);

    let g = game(&[("kick_mode", "StopBefore")]);
    let s = g.initial_state();
    assert_eq!(
        suffixes(&g, &s, "h5-h7/"),
        list(
            "b10 c10 d10 e10 f10 g10 i10 j10 k10 l10 m10 n10 h9 \
             b8 c8 d8 e8 f8 g8 i8 j8 k8 l8 m8 n8"
        )
    );
    assert!(!texts(&g, &s).contains(&"h5-h7".to_owned()));
    assert!(!texts(&g, &s).contains(&"h5-h7/h8".to_owned()));
    assert_eq!(split(&g, &s), (147, 25));
    assert_eq!(moves(&g, &s).len(), 172);

    let g = game(&[("deviation", "Half")]);
    assert_eq!(
        suffixes(&g, &g.initial_state(), "h5-h8/"),
        list(
            "b6 c6 d6 d14 e2 e3 e4 e5 e6 e13 f7 f12 g8 g11 h9 i8 i11 j7 j12 k2 k3 k4 k5 k6 k13 \
             l6 l14 m6 n6"
        )
    );
}

mod kicks_and_goals;
