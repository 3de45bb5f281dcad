use super::*;

#[test]
fn ranks_are_a_bijection_onto_0_to_the_count() {
    let binomial = Binomials::new();
    for n in 1..=3 {
        let all = all_stones(&binomial, n);
        assert_eq!(all.len(), binomial.count(n));
        for (rank, stones) in all.iter().enumerate() {
            assert_eq!(binomial.rank(stones.as_slice()), rank);
            assert!(stones.as_slice().windows(2).all(|w| w[0] <= w[1]));
        }
    }
    assert_eq!(binomial.count(4), 766_480);
}

/// The table's distance of `state` (0: no forced win; odd: the side to move wins), read
/// without the counter.
fn raw(table: &LoneStoneTable, state: &State) -> u16 {
    let (at, strong) = table
        .index(state.board(), state.to_move())
        .expect("in the table");
    if strong {
        table.strong_to_move[at]
    } else {
        table.lone_to_move[at]
    }
}

/// Checks every `step`-th position of the table against the engine's moves, for both
/// sides' wins: a position is won in one more ply than its fastest move to a position lost
/// for the opponent (a move that ends the game in the mover's favour counting 0), else drawn
/// when a move reaches a draw (a drawn end of the game included), else lost in one more ply
/// than its slowest move. Distances fall by one along every won line down to an end of the
/// game the engine declares, so together these say the table holds the true values and
/// distances, and they use nothing of the undo rules that built it. Returns the positions
/// won by the side to move and lost by it, per side to move (the strong side's first).
fn check_against_the_engine(options: Options, stones: usize, step: usize) -> [[u64; 2]; 2] {
    let table = LoneStoneTable::build(&options, stones).expect("valid options");
    // The engine without the no-progress draw: the table's distances ignore the counter.
    let game = TowerOfPower::with_options(Options {
        no_capture_draw_plies: 0,
        ..options
    })
    .expect("valid options");
    let all = all_stones(&table.binomial, stones);
    let mut moves = Vec::new();
    let mut counts = [[0u64; 2]; 2];
    for (rank, stones) in all.iter().enumerate().step_by(step) {
        for lone in (0..64).filter(|&l| stones.occupied() >> l & 1 == 0) {
            let strong_state = table.state_at(stones, lone);
            let mut lone_state = strong_state.clone();
            lone_state.to_move = Side::Black;
            for (state, strong) in [(strong_state, true), (lone_state, false)] {
                assert_eq!(game.status(&state), Status::Ongoing, "{state}");
                let me = state.to_move();
                moves.clear();
                game.legal_moves(&state, &mut moves);
                // The fastest move to an opponent's loss, the slowest to its win.
                let (mut fastest, mut slowest, mut drawn) = (None::<u16>, 0u16, false);
                for mv in &moves {
                    let mut next = state.clone();
                    game.play_unchecked(&mut next, mv);
                    // The opponent's distance: 0 when it has lost already, none on a draw.
                    let child = match game.status(&next) {
                        Status::Finished(result) if result.winner == Some(me) => Some(0),
                        Status::Finished(result) => {
                            assert_eq!(result.winner, None, "{state}: {mv} loses");
                            None
                        }
                        Status::Ongoing => Some(raw(&table, &next)).filter(|&d| d > 0),
                    };
                    match child {
                        None => drawn = true,
                        Some(d) if d % 2 == 0 => fastest = Some(fastest.map_or(d, |f| f.min(d))),
                        Some(d) => slowest = slowest.max(d),
                    }
                }
                let expected = match fastest {
                    Some(d) => d + 1,
                    None if drawn => 0,
                    None => slowest + 1,
                };
                assert_eq!(raw(&table, &state), expected, "{state} (rank {rank})");
                if expected > 0 {
                    counts[usize::from(!strong)][usize::from(expected % 2 == 0)] += 1;
                }
            }
        }
    }
    counts
}

#[test]
fn two_against_one_agrees_with_the_engine_everywhere() {
    for deal_onto_stacks in [true, false] {
        let options = Options {
            material_draw_threshold: 1,
            deal_onto_stacks,
            ..Options::default()
        };
        let [strong, lone] = check_against_the_engine(options, 2, 1);
        // The strong side wins every position it moves in and loses none.
        assert_eq!(strong, [129_024, 0]);
        // The lone side wins where the stack of two stands next to it, one position for
        // each of the 2 × 210 ordered pairs of neighbouring squares, with stacks allowed.
        let pins = if deal_onto_stacks { 420 } else { 0 };
        assert_eq!(lone[0], pins, "deal_onto_stacks = {deal_onto_stacks}");
        assert!(lone[1] > 0, "{lone:?}");
    }
}

#[test]
fn three_against_one_agrees_with_the_engine_on_a_sample() {
    for (deal_onto_stacks, step) in [(true, 97), (false, 101)] {
        let options = Options {
            material_draw_threshold: 2,
            deal_onto_stacks,
            ..Options::default()
        };
        let [strong, lone] = check_against_the_engine(options, 3, step);
        assert!(
            strong[0] > 0 && strong[1] == 0 && lone[1] > 0,
            "{strong:?} {lone:?}"
        );
    }
}

/// The positions of issue 29: the lone stone next to the one stack that holds all the
/// strong side's stones captures its top, the rest is pinned, and the strong side has no
/// move (rule 5.4 checks that before the material draw).
#[test]
fn the_lone_stone_wins_by_pinning_the_only_stack() {
    for (threshold, text) in [
        (1, "6(ww)b/8/8/8/8/8/8/8 b 0 0"),
        (1, "8/8/8/3b4/3(ww)4/8/8/8 b 0 0"),
        // The last ply before the no-progress draw still wins.
        (1, "6(ww)b/8/8/8/8/8/8/8 b 99 0"),
        // Three against one, and the strong side Black.
        (2, "8/8/8/8/8/8/1(www)6/b7 b 0 0"),
        (1, "8/8/8/8/8/2w5/2(bb)5/8 w 0 0"),
    ] {
        let options = Options {
            material_draw_threshold: threshold,
            ..Options::default()
        };
        let table = LoneStoneTable::build(&options, threshold as usize + 1).expect("valid");
        let game = TowerOfPower::with_options(options).expect("valid options");
        let state = game.parse_position(text).expect("a valid position");
        assert_eq!(
            table.probe(&state),
            Some(Verdict::Win { plies: 1 }),
            "{text}"
        );
        let mut next = state.clone();
        let mv = table.best_move(&game, &state).expect("a move");
        game.play(&mut next, &mv).expect("a legal move");
        let winner = state.to_move();
        assert_eq!(
            game.status(&next),
            Status::Finished(board_kernel::GameResult::win(
                winner,
                crate::end::NO_LEGAL_MOVE
            )),
            "{text}: {mv}"
        );
        // Under the French rule the lone stone cannot capture a stack: with time enough
        // to be caught, it is lost.
        let french = Options {
            deal_onto_stacks: false,
            ..options
        };
        let table = LoneStoneTable::build(&french, threshold as usize + 1).expect("valid");
        let early = State::new(state.board().clone(), state.to_move(), 0, 0);
        assert!(
            matches!(table.probe(&early), Some(Verdict::Loss { .. })),
            "{early}: {:?}",
            table.probe(&early)
        );
    }
}

/// The strong side never walks into that capture: a move that gathers its stones next to
/// the lone stone starts from a stone that captures it at once.
#[test]
fn the_strong_side_captures_rather_than_gather_next_to_the_lone_stone() {
    let options = Options {
        material_draw_threshold: 1,
        ..Options::default()
    };
    let table = LoneStoneTable::build(&options, 2).expect("valid options");
    let game = TowerOfPower::with_options(options).expect("valid options");
    // White f8 and g8, Black h8; f8-g8 would gather both next to h8.
    let state = game
        .parse_position("5wwb/8/8/8/8/8/8/8 w 0 0")
        .expect("a valid position");
    assert_eq!(table.probe(&state), Some(Verdict::Win { plies: 1 }));
    let mut gathered = state.clone();
    game.play(&mut gathered, &"f8-g8".parse().expect("a move"))
        .expect("a legal move");
    assert_eq!(table.probe(&gathered), Some(Verdict::Win { plies: 1 }));
    let mut next = state.clone();
    game.play(&mut next, &table.best_move(&game, &state).expect("a move"))
        .expect("a legal move");
    assert_eq!(
        game.status(&next),
        Status::Finished(board_kernel::GameResult::win(
            Side::White,
            crate::end::NO_LEGAL_MOVE
        ))
    );
}

#[test]
fn an_exchange_moves_one_stone_per_square() {
    let stones = Stones {
        squares: [3, 3, 9, 0, 0],
        len: 3,
    };
    let next = stones.exchanged(&[3, 9], &[1, 60]);
    assert_eq!(next.as_slice(), &[1, 3, 60]);
}
