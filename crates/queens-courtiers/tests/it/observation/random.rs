//! Random games: every observation of every step checked against the position and the turn
//! it shows, and each finished turn seen again from the other side.

use super::*;

/// The option sets of the random games: each short enough for the test's time.
const RANDOM_OPTIONS: [&[(&str, &str)]; 3] = [
    &[("max_plies", "120")],
    &[
        ("first_player", "Blue"),
        ("centre_square", "PassOver"),
        ("queen_three_step", "Leaps"),
        ("cycle_rule", "NeitherChecked"),
        ("repetition_limit", "2"),
        ("max_plies", "90"),
    ],
    &[
        ("setup", "DiagramFiveCourtiers"),
        ("allow_return_double_move", "on"),
        ("second_part_capture", "off"),
        ("max_plies", "300"),
        ("repetition_limit", "0"),
    ],
];

/// Checks an observation of the turn in `cursor` against the position and the turn.
fn check_step(g: &QueensCourtiers, cursor: &TurnCursor<QueensCourtiers>, seen: &Seen) {
    for (i, p) in seen.spec.planes.iter().enumerate() {
        let area = seen.spec.area();
        assert!(
            seen.bytes[i * area..(i + 1) * area]
                .iter()
                .all(|b| *b <= p.scale),
            "{} over its scale",
            p.name
        );
    }
    let (start, board) = (cursor.start(), cursor.board(g));
    let mover = start.to_move();
    let b = board.board();
    // The pieces: one King and one Queen a side (on one square when united), the Courtiers.
    for (side, king, queen, courtiers) in [
        (mover, MOVER_KING, MOVER_QUEEN, MOVER_COURTIERS),
        (
            mover.opponent(),
            OPPONENT_KING,
            OPPONENT_QUEEN,
            OPPONENT_COURTIERS,
        ),
    ] {
        assert_eq!(
            seen.squares(king),
            SquareSet::EMPTY.with(b.royal(Royal::of(side, false)))
        );
        assert_eq!(
            seen.squares(queen),
            SquareSet::EMPTY.with(b.royal(Royal::of(side, true)))
        );
        assert_eq!(seen.squares(courtiers), b.courtiers(side).iter().collect());
    }
    let pieces: usize = SWAPPED[..3]
        .iter()
        .map(|(m, o)| seen.squares(m).len() + seen.squares(o).len())
        .sum();
    let united = Side::ALL.iter().filter(|s| b.united(**s)).count();
    assert_eq!(pieces, b.piece_count() + united);
    // Checked Royals, Courtiers that may be captured, reaches.
    let checked = g.checked_royals(board);
    for (side, name) in [(mover, MOVER_CHECKED), (mover.opponent(), OPPONENT_CHECKED)] {
        let want: SquareSet = checked
            .iter()
            .filter(|r| r.side == side)
            .map(|r| b.royal(r))
            .collect();
        assert_eq!(seen.squares(name), want);
    }
    assert_eq!(
        seen.squares(MOVER_CAPTURES),
        capturable(g, board, mover.opponent())
    );
    assert_eq!(seen.squares(OPPONENT_CAPTURES), capturable(g, board, mover));
    assert_eq!(seen.squares(MOVER_REACH), side_reach(g, board, mover));
    assert_eq!(
        seen.squares(OPPONENT_REACH),
        side_reach(g, board, mover.opponent())
    );
    assert_eq!(seen.squares(BOARD).len(), 224);
    assert_eq!(seen.squares(COURT).len(), 80);
    // The counters, from the start of the turn.
    let options = g.options();
    assert_eq!(seen.level(BLUE), u8::from(mover == Side::Black));
    let plies_scale = seen.spec.planes[seen.index(PLIES)].scale;
    let want = if options.max_plies <= 255 {
        start.ply()
    } else {
        start.ply() * 250 / options.max_plies
    };
    assert_eq!(
        u32::from(seen.level(PLIES)),
        want.min(u32::from(plies_scale))
    );
    let occurrences = if options.repetition_limit == 0 {
        0
    } else {
        start.occurrences()
    };
    assert_eq!(usize::from(seen.level(OCCURRENCES)), occurrences);
    assert_eq!(seen.level(PASSED), u8::from(start.passes() > 0));
    // The turn so far and what may come next.
    let cells: Vec<Square> = cursor
        .steps()
        .iter()
        .filter_map(|s| match s {
            Step::Cell(p) => Some(Square::at(p.col, p.row)),
            _ => None,
        })
        .collect();
    assert_eq!(
        seen.squares(CHOSEN),
        cells.first().copied().into_iter().collect()
    );
    assert_eq!(
        seen.squares(MOVED_TO),
        cells.iter().skip(1).copied().collect()
    );
    let next: SquareSet = cursor
        .next()
        .iter()
        .filter_map(|t| match t.step {
            Step::Cell(p) => Some(Square::at(p.col, p.row)),
            _ => None,
        })
        .collect();
    assert_eq!(seen.squares(NEXT), next);
    let offers = |step: Step| u8::from(cursor.next().iter().any(|t| t.step == step));
    assert_eq!(seen.level(PASS), offers(Step::Choice(0)));
    assert_eq!(seen.level(FINISH), offers(Step::Finish));
}

/// Checks that `before` (the completed turn's last observation) and `after` (the next turn
/// before its first step, on the same board) are the same board seen from each side.
fn check_swap(before: &Seen, after: &Seen) {
    for (mover, opponent) in SWAPPED {
        assert_eq!(before.plane(mover), after.plane(opponent), "{mover}");
        assert_eq!(before.plane(opponent), after.plane(mover), "{opponent}");
    }
    for same in [BOARD, COURT] {
        assert_eq!(before.plane(same), after.plane(same));
    }
    assert_eq!(before.level(BLUE) + after.level(BLUE), 1);
}

#[test]
fn random_games_are_seen_as_their_positions_step_by_step() {
    let games = scale(150, 400);
    let mut longest = 0;
    let mut steps_seen = 0;
    for n in 0..games {
        let options = RANDOM_OPTIONS[n % RANDOM_OPTIONS.len()];
        let g = game(options);
        let limit = g.max_turn_steps().unwrap();
        let mut rng = SplitMix64::new(0x0b5e_0000 + n as u64);
        let mut cursor = TurnCursor::new(&g, &g.initial_state()).unwrap();
        let mut turns = 0;
        loop {
            let seen = Seen::cursor(&g, &cursor);
            check_step(&g, &cursor, &seen);
            steps_seen += 1;
            if cursor.complete().is_some() {
                let taken = cursor.steps().len() as u64;
                assert!(taken <= limit, "{taken} steps in a turn");
                longest = longest.max(taken);
                cursor.advance(&g).unwrap();
                turns += 1;
                // The same board, the other side to move (also once the game is over).
                let after = if cursor.is_over() {
                    Seen::start(&g, cursor.start())
                } else {
                    Seen::cursor(&g, &cursor)
                };
                check_swap(&seen, &after);
                if cursor.is_over() {
                    break;
                }
                continue;
            }
            let next = cursor.next();
            let step = next[rng.below(next.len())].step;
            cursor.push(&g, step).unwrap();
        }
        assert!(turns <= g.max_turns().unwrap(), "{turns} turns");
    }
    assert_eq!(longest, 3, "some turn takes the most steps");
    assert!(steps_seen > games * 50);
}
