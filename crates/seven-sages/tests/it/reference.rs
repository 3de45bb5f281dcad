//! A differential test: a direct, unoptimised transcription of the spec's move rules (§3,
//! §4.1, §4.2 and its pseudocode, with every option) written only against the public API,
//! compared with the engine's move generator on positions from random games.

use crate::common;

use std::collections::{BTreeSet, HashSet};

use board_kernel::prelude::*;
use board_kernel::{Side, SplitMix64};
use common::game;
use seven_sages::{Deviation, KickMode, OwnGoal, SevenSages, State};

type Cell = (i32, i32);

#[derive(PartialEq, Eq, Clone, Copy)]
enum Kind {
    Off,
    Outside,
    Field,
    Goal(Side),
}

fn kind((f, r): Cell) -> Kind {
    if !(0..15).contains(&f) || !(0..15).contains(&r) {
        return Kind::Off;
    }
    if (r == 0 || r == 14) && (5..=9).contains(&f) {
        return Kind::Goal(if r == 0 { Side::White } else { Side::Black });
    }
    if r == 0 || r == 14 || f == 0 || f == 14 || ((f == 1 || f == 13) && (r == 1 || r == 13)) {
        return Kind::Outside;
    }
    Kind::Field
}

fn name((f, r): Cell) -> String {
    format!("{}{}", (b'a' + f as u8) as char, r + 1)
}

/// The eight directions clockwise from north.
const DIRS: [Cell; 8] = [
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
    (-1, 0),
    (-1, 1),
];

fn add(a: Cell, d: Cell) -> Cell {
    (a.0 + d.0, a.1 + d.1)
}

fn sub(a: Cell, d: Cell) -> Cell {
    (a.0 - d.0, a.1 - d.1)
}

fn neg(d: Cell) -> Cell {
    (-d.0, -d.1)
}

fn rotate(d: Cell, eighths: i32) -> Cell {
    let i = DIRS.iter().position(|&x| x == d).unwrap() as i32;
    DIRS[(i + eighths).rem_euclid(8) as usize]
}

/// The legal moves of `s` by the spec's rules alone, as texts: shared with the lesson tests so
/// that a lesson's answers are checked against moves the engine did not generate.
pub(crate) fn reference_moves(g: &SevenSages, s: &State) -> BTreeSet<String> {
    let o = g.options();
    let me = s.side_to_move();
    let cells = |side: Side| -> HashSet<Cell> {
        s.sages(side)
            .iter()
            .map(|q| (q.file() as i32, q.rank() as i32))
            .collect()
    };
    let own = cells(me);
    let sages: HashSet<Cell> = own.union(&cells(me.opponent())).copied().collect();
    let ball = (s.ball().file() as i32, s.ball().rank() as i32);
    let enterable = |x: Cell| match kind(x) {
        Kind::Field => true,
        Kind::Goal(side) => side != me || o.own_goal == OwnGoal::ScoresForOpponent,
        _ => false,
    };
    let is_goal = |x: Cell| matches!(kind(x), Kind::Goal(_));
    let backward = |d: Cell| d.0 != 0 && d.1 == -me.forward_sign() as i32;
    let mut out = BTreeSet::new();
    for &s0 in &own {
        for d in DIRS {
            // Walk over empty cells.
            let mut path = Vec::new();
            let mut c = add(s0, d);
            while kind(c) != Kind::Off && !sages.contains(&c) && c != ball {
                path.push(c);
                c = add(c, d);
            }
            let hits_ball = c == ball;
            // The kick (§4.2 pseudocode).
            let mut kick: Option<(Cell, BTreeSet<Cell>)> = None;
            if hits_ball {
                let f = ball;
                let stop_before = o.kick_mode == KickMode::StopBefore && !path.is_empty();
                let kicker = if stop_before { sub(f, d) } else { f };
                let mut stones = sages.clone();
                stones.remove(&s0);
                stones.insert(kicker);
                let mut c = f;
                let mut p1 = None;
                let mut result = None;
                loop {
                    let n = add(c, d);
                    if stones.contains(&n) {
                        if c == f && !stop_before {
                            if o.lob && path.is_empty() {
                                let l = add(n, d);
                                if enterable(l) && !stones.contains(&l) {
                                    result = Some(BTreeSet::from([l]));
                                }
                            }
                            break;
                        }
                        p1 = Some(c);
                        break;
                    }
                    if !enterable(n) {
                        break;
                    }
                    c = n;
                    if is_goal(c) {
                        result = Some(BTreeSet::from([c]));
                        break;
                    }
                }
                if let Some(p1) = p1 {
                    let mut finals = BTreeSet::new();
                    let mut seen = HashSet::new();
                    let mut stack = vec![(p1, d, true)];
                    while let Some((p, din, first)) = stack.pop() {
                        if !seen.insert((p, din, first)) {
                            continue;
                        }
                        let turn = if o.deviation == Deviation::Half { 1 } else { 2 };
                        let mut dirs = vec![rotate(din, turn), rotate(din, -turn)];
                        if first || o.reverse_on_later_bounces {
                            dirs.push(neg(din));
                        }
                        let mut moved = false;
                        for e in dirs {
                            let mut c = add(p, e);
                            while kind(c) != Kind::Off && !stones.contains(&c) && enterable(c) {
                                moved = true;
                                finals.insert(c);
                                if is_goal(c) {
                                    break;
                                }
                                let n = add(c, e);
                                if stones.contains(&n) {
                                    stack.push((c, e, false));
                                    break;
                                }
                                if !enterable(n) {
                                    break;
                                }
                                c = n;
                            }
                        }
                        if first && (!moved || !o.first_bounce_mandatory) {
                            finals.insert(p);
                        }
                    }
                    result = Some(finals);
                }
                if let Some(mut finals) = result {
                    if stop_before {
                        finals.remove(&f);
                    }
                    if !finals.is_empty() {
                        kick = Some((kicker, finals));
                    }
                }
            }
            // Plain moves (§4.1), minus the StopBefore cell in front of a kickable ball.
            if !backward(d) {
                let own_in_goal = own
                    .iter()
                    .filter(|&&x| x != s0 && kind(x) == Kind::Goal(me))
                    .count();
                for &t in &path {
                    if let Some((k, _)) = &kick
                        && *k == t
                    {
                        continue;
                    }
                    match kind(t) {
                        Kind::Goal(side) if side != me => continue,
                        Kind::Goal(_) if own_in_goal > 0 => continue,
                        _ => {}
                    }
                    out.insert(format!("{}-{}", name(s0), name(t)));
                }
            }
            if let Some((k, finals)) = kick {
                for b in finals {
                    let plus = if is_goal(b) { "+" } else { "" };
                    out.insert(format!("{}-{}/{}{plus}", name(s0), name(k), name(b)));
                }
            }
        }
    }
    if out.is_empty() {
        out.insert("pass".to_owned());
    }
    out
}

fn compare(options: &[(&str, &str)], games: usize, seed: u64) {
    let g = game(options);
    let mut rng = SplitMix64::new(seed);
    let mut buffer = Vec::new();
    let mut checked = 0;
    for _ in 0..games {
        let mut s = g.initial_state();
        for _ in 0..200 {
            buffer.clear();
            g.legal_moves(&s, &mut buffer);
            if buffer.is_empty() {
                break;
            }
            let engine: BTreeSet<String> = buffer.iter().map(|m| m.to_string()).collect();
            assert_eq!(engine.len(), buffer.len(), "duplicate texts at {s}");
            let reference = reference_moves(&g, &s);
            assert_eq!(engine, reference, "{options:?} at {s}");
            checked += 1;
            let mv = buffer[rng.below(buffer.len())];
            g.play_unchecked(&mut s, &mv);
        }
    }
    assert!(checked > games * 50);
}

#[test]
fn matches_the_reference_under_default_options() {
    compare(&[], 25, 1);
}

#[test]
fn matches_the_reference_under_every_option() {
    // Each other setting of each option, from the options table: a new option is covered
    // without editing this test.
    let alternatives = <seven_sages::Options as board_kernel::GameOptions>::alternatives();
    assert!(alternatives.len() >= 6, "{alternatives:?}");
    for (seed, (key, value)) in alternatives.iter().enumerate() {
        compare(&[(key, value.as_str())], 8, 2 + seed as u64);
    }
    compare(&[("kick_mode", "StopBefore"), ("lob", "true")], 8, 3);
    compare(
        &[
            ("kick_mode", "StopBefore"),
            ("deviation", "Half"),
            ("reverse_on_later_bounces", "true"),
            ("first_bounce_mandatory", "false"),
            ("own_goal", "ScoresForOpponent"),
            ("lob", "true"),
        ],
        8,
        9,
    );
}
