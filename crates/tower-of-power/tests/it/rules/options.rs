//! The options, the French *Tours* rule among them.

use super::*;

#[test]
fn option_values_and_errors() {
    let o = Options::default();
    assert!(o.single_step);
    assert_eq!(
        (
            o.material_draw_threshold,
            o.no_capture_draw_plies,
            o.repetition_limit
        ),
        (3, 100, 0)
    );
    let o = Options::from_pairs([
        ("single_step", "OFF"),
        ("material_draw_threshold", "2"),
        ("no_capture_draw_plies", "0"),
        ("repetition_draw", "3"),
    ])
    .unwrap();
    assert!(!o.single_step);
    assert_eq!(
        (
            o.material_draw_threshold,
            o.no_capture_draw_plies,
            o.repetition_limit
        ),
        (2, 0, 3)
    );
    let bad: &[(&str, &str)] = &[
        ("single_step", "maybe"),
        ("material_draw_threshold", "-1"),
        ("no_capture_draw_plies", "1.5"),
        ("no_capture_draw_plies", "-100"),
        ("repetition_draw", "-2"),
        ("repetition_draw", "x"),
    ];
    for &(key, value) in bad {
        assert!(
            matches!(
                Options::from_pairs([(key, value)]),
                Err(OptionError::BadValue { .. })
            ),
            "{key}={value}"
        );
    }
    // A limit of 1 would end every game at once: refused, whichever name is used.
    for key in ["repetition_draw", "repetition_limit"] {
        let err = Options::from_pairs([(key, "1")]).unwrap_err();
        assert!(matches!(err, OptionError::BadValue { .. }), "{err}");
        assert!(err.to_string().contains("0 (off) or 2 or more"), "{err}");
    }
    assert!(matches!(
        TowerOfPower::with_options(Options {
            repetition_limit: 1,
            ..Options::default()
        }),
        Err(OptionError::BadValue { .. })
    ));
    assert!(matches!(
        Options::from_pairs([("stack_limit", "3")]),
        Err(OptionError::UnknownKey { .. })
    ));
}

// ---------------------------------------------------------------- the French Tours rule

/// `deal_onto_stacks = off` (the French *Tours* rule, rule book ambiguity 12): a stone may not
/// be dealt or stepped onto a stack. Where stacks block every move, the side to move loses.
#[test]
fn the_tours_rule_forbids_dealing_onto_stacks() {
    let on = TowerOfPower::default();
    let off = TowerOfPower::from_pairs([("deal_onto_stacks", "off")]).unwrap();
    let boxed_in = "8/8/8/8/8/8/(bb)(bb)6/w(bb)6 w 0 0";
    let (a, b) = (pos(&on, boxed_in), pos(&off, boxed_in));
    assert_eq!(on.status(&a), Status::Ongoing);
    let mut moves = Vec::new();
    on.legal_moves(&a, &mut moves);
    assert_eq!(
        moves.len(),
        3,
        "a1 steps onto each of the three stacks around it"
    );
    assert_eq!(
        off.status(&b),
        Status::Finished(GameResult::win(Side::Black, "no legal move"))
    );
    // A step onto a stack is refused with the rule; a step onto a single stone is not.
    let open = "bbbb4/8/8/8/8/8/(bb)b6/w2www2 w 0 0";
    let s = pos(&off, open);
    let mut tried = s.clone();
    let refused = off.play(&mut tried, &"a1-a2".parse().unwrap()).unwrap_err();
    assert!(refused.to_string().contains("stack"), "{refused}");
    assert_eq!(refused.rule(), Some("§4.1"));
    assert_eq!(tried, s);
    off.play(&mut tried, &"a1-b2".parse().unwrap()).unwrap();
}

/// Without stacks on the board, the Tours rule changes nothing: the same 705 opening moves.
#[test]
fn the_tours_rule_changes_nothing_without_stacks() {
    let on = TowerOfPower::default();
    let off = TowerOfPower::from_pairs([("deal_onto_stacks", "off")]).unwrap();
    let (mut a, mut b) = (Vec::new(), Vec::new());
    on.legal_moves(&on.initial_state(), &mut a);
    off.legal_moves(&off.initial_state(), &mut b);
    assert_eq!(a, b);
    assert_eq!(a.len(), 705);
}
