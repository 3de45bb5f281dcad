//! The generator's shortcuts (no check test for a Courtier far from the enemy Royals, no
//! candidate board for a lone Royal) against the rules as written: every candidate made
//! on a board of its own and the whole check relation of all four Royals worked out.

use board_kernel::SplitMix64;

use super::*;
use crate::board::exists;
use crate::options::CycleRule;

/// §5.4 word for word: the generator as it was before the shortcuts.
fn reference_piece_turns(
    rule: &TurnRule,
    board: &Board,
    side: Side,
    c0: RoyalSet,
    from: Square,
    piece: Piece,
    out: &mut Vec<Move>,
) {
    let own = 0b11u8 << (2 * side.index());
    let ok = |b: &Board| rule.check.checked(b).0 & own & !c0.0 == 0;
    let royal = match piece {
        Piece::King | Piece::Queen => {
            let r = Royal::of(side, piece == Piece::Queen);
            if c0.contains(r) {
                return;
            }
            Some(r)
        }
        Piece::Courtier => None,
        Piece::United => return,
    };
    for &to in rule
        .lines()
        .reach(piece, from, board.occupied_bits())
        .as_slice()
    {
        let Some(kind) = classify(board, side, piece, to) else {
            continue;
        };
        let mut b1 = *board;
        b1.move_piece(side, piece, from, to);
        if kind == PartKind::Win {
            out.push(Move::Single { from, to, kind });
            continue;
        }
        if ok(&b1) {
            out.push(Move::Single { from, to, kind });
        }
        if !(in_course(from) && kind == PartKind::Step && in_course(to)) {
            continue;
        }
        let through = royal.is_some_and(|r| rule.check.checked(&b1).contains(r));
        if through && !rule.win_exempts_pass_through {
            continue;
        }
        for &next in rule.lines().reach(piece, to, b1.occupied_bits()).as_slice() {
            if next == from && !rule.allow_return {
                continue;
            }
            let Some(second) = classify(&b1, side, piece, next) else {
                continue;
            };
            let mv = Move::Double {
                from,
                via: to,
                to: next,
                second,
            };
            let mut b2 = b1;
            b2.move_piece(side, piece, to, next);
            let legal = match second {
                PartKind::Win => true,
                _ if through => false,
                PartKind::Capture if !rule.second_part_capture => false,
                _ => ok(&b2),
            };
            if legal {
                out.push(mv);
            }
        }
    }
}

fn reference_turns(rule: &TurnRule, board: &Board, side: Side) -> Vec<Move> {
    let c0 = rule.check.checked(board);
    let mut out = Vec::new();
    for r in Royal::ALL.into_iter().filter(|r| r.side == side) {
        reference_piece_turns(rule, board, side, c0, board.royal(r), r.piece, &mut out);
    }
    for from in board.courtier_bits(side).iter() {
        reference_piece_turns(rule, board, side, c0, from, Piece::Courtier, &mut out);
    }
    out
}

/// Every combination of the options the generator reads (64).
fn rules() -> Vec<TurnRule> {
    (0..64u32)
        .map(|bits| TurnRule {
            check: CheckRule {
                lines: LineRule {
                    centre_blocks: bits & 1 != 0,
                    pieces_block: bits & 2 != 0,
                },
                cycle: if bits & 4 != 0 {
                    CycleRule::BothChecked
                } else {
                    CycleRule::NeitherChecked
                },
            },
            second_part_capture: bits & 8 != 0,
            allow_return: bits & 16 != 0,
            win_exempts_pass_through: bits & 32 != 0,
        })
        .collect()
}

/// A square near `sq` (within `spread` files and ranks), or anywhere when `sq` is `None`.
fn square_near(rng: &mut SplitMix64, sq: Option<Square>, spread: i8) -> Square {
    loop {
        let candidate = match sq {
            None => Some(Square::at(rng.below(15) as u8, rng.below(15) as u8)),
            Some(sq) => sq.offset(
                rng.below(2 * spread as usize + 1) as i8 - spread,
                rng.below(2 * spread as usize + 1) as i8 - spread,
            ),
        };
        if let Some(candidate) = candidate.filter(|c| exists(*c)) {
            return candidate;
        }
    }
}

/// A random board whose pieces crowd around one spot, so that Royals threaten one
/// another, Courtiers threaten Royals and checks come in cycles far more often than in
/// play.
fn crowded_board(rng: &mut SplitMix64) -> Board {
    loop {
        let centre = Some(square_near(rng, None, 0));
        let spread = 2 + rng.below(4) as i8;
        let royals = [(); 4].map(|()| square_near(rng, centre, spread));
        let mut courtiers = [SquareSet::EMPTY; 2];
        for set in &mut courtiers {
            for _ in 0..rng.below(7) {
                set.insert(square_near(rng, centre, spread + 1));
            }
        }
        // A side's King and Queen on one square have already won: nothing moves then.
        if royals[0] == royals[1] || royals[2] == royals[3] {
            continue;
        }
        if let Some(board) = Board::new(royals, courtiers) {
            return board;
        }
    }
}

#[test]
fn the_shortcuts_list_exactly_the_turns_of_the_rules() {
    let mut rng = SplitMix64::new(0x5eed);
    let rules = rules();
    let (mut free, mut watched, mut near) = (0, 0, 0);
    let (mut lone, mut not_lone, mut turns_seen) = (0, 0, 0);
    for _ in 0..1500 {
        let board = crowded_board(&mut rng);
        for side in Side::ALL {
            for rule in &rules {
                let c0 = rule.check.checked(&board);
                match rule.check.courtier_watch(&board, side, c0) {
                    Some(watch) if watch.is_empty() => free += 1,
                    Some(_) => watched += 1,
                    None => near += 1,
                }
                let leaps = courtier_leaps(&board, side.opponent());
                for r in Royal::ALL
                    .into_iter()
                    .filter(|r| r.side == side && !c0.contains(*r))
                {
                    match LoneRoyal::new(rule.check, &board, c0, r, leaps) {
                        Some(_) => lone += 1,
                        None => not_lone += 1,
                    }
                }
                let mut expected = reference_turns(rule, &board, side);
                let mut listed = Vec::new();
                rule.turns(&board, side, &mut listed);
                assert_eq!(rule.count_turns(&board, side), listed.len());
                assert_eq!(rule.has_turn(&board, side), !listed.is_empty());
                expected.sort();
                listed.sort();
                if listed != expected {
                    let extra: Vec<_> = listed.iter().filter(|m| !expected.contains(m)).collect();
                    let missing: Vec<_> = expected.iter().filter(|m| !listed.contains(m)).collect();
                    panic!("{board:?}, {side:?}, {rule:?}: extra {extra:?}, missing {missing:?}");
                }
                turns_seen += listed.len();
            }
        }
    }
    // Both sides of every shortcut were exercised, on boards with turns to compare.
    assert!(
        free > 10_000 && watched > 1000 && near > 10_000,
        "free {free}, watched {watched}, near {near}"
    );
    assert!(
        lone > 10_000 && not_lone > 10_000,
        "lone {lone}, not lone {not_lone}"
    );
    assert!(turns_seen > 1_000_000, "{turns_seen} turns");
}
