//! Tower of Power's stones-against-one tables (`tower_of_power::endgame`) against forward
//! search: the solver's value and the fastest forced win (`game_ai`), which know nothing of
//! the retrograde analysis, on random positions with a short no-progress limit; and the
//! `towers endgame` command.

use board_kernel::prelude::*;
use board_kernel::testing::scale;
use board_kernel::{BySide, Side, SplitMix64, Status};
use game_ai::PlayerSpec;
use game_ai::arena::play_game;
use game_ai::distance::{Race, fastest_win, race};
use game_ai::solver::{SolveConfig, Value, solve, solve_or_race};
use tower_of_power::endgame::{LoneStoneTable, Verdict};
use tower_of_power::{Board, Options, State, Tower, TowerOfPower};

/// A random position of `stones` stones (stacks allowed) of `strong` against one lone stone.
fn random_position(rng: &mut SplitMix64, stones: usize, strong: Side, limit: u32) -> State {
    let mut board = Board::empty();
    for _ in 0..stones {
        let sq = board_kernel::Square::at(rng.below(8) as u8, rng.below(8) as u8);
        let mut tower = board.tower(sq);
        tower.push(strong).expect("a few stones fit");
        board.set(sq, tower);
    }
    loop {
        let sq = board_kernel::Square::at(rng.below(8) as u8, rng.below(8) as u8);
        if board.tower(sq).is_empty() {
            board.set(sq, Tower::single(strong.opponent()));
            break;
        }
    }
    let to_move = if rng.below(2) == 0 {
        Side::White
    } else {
        Side::Black
    };
    State::new(board, to_move, rng.below(limit as usize) as u32, 0)
}

/// The table of `stones` against one (the material draw at one stone fewer) and the game, with
/// the no-progress draw after `limit` quiet plies.
fn table_and_game(stones: usize, limit: u32) -> (LoneStoneTable, TowerOfPower) {
    let options = Options {
        material_draw_threshold: stones as u32 - 1,
        no_capture_draw_plies: limit,
        ..Options::default()
    };
    let table = LoneStoneTable::build(&options, stones).expect("valid options");
    (
        table,
        TowerOfPower::with_options(options).expect("valid options"),
    )
}

/// All `stones` stones of `strong` in one stack, the lone stone on a random neighbour of it.
fn gathered_position(rng: &mut SplitMix64, stones: usize, strong: Side, limit: u32) -> State {
    let at = board_kernel::Square::at(rng.below(8) as u8, rng.below(8) as u8);
    let mut tower = Tower::EMPTY;
    for _ in 0..stones {
        tower.push(strong).expect("a few stones fit");
    }
    let neighbours: Vec<_> = (-1i8..=1)
        .flat_map(|df| (-1i8..=1).map(move |dr| (df, dr)))
        .filter(|&d| d != (0, 0))
        .filter_map(|(df, dr)| at.offset(df, dr))
        .filter(|sq| sq.file() < 8 && sq.rank() < 8)
        .collect();
    let mut board = Board::empty();
    board.set(at, tower);
    board.set(
        neighbours[rng.below(neighbours.len())],
        Tower::single(strong.opponent()),
    );
    let to_move = if rng.below(2) == 0 {
        strong
    } else {
        strong.opponent()
    };
    State::new(board, to_move, rng.below(limit.max(1) as usize) as u32, 0)
}

/// The solver's value for a table verdict.
fn value_of(verdict: Verdict) -> Value {
    match verdict {
        Verdict::Win { .. } => Value::Win,
        Verdict::Draw => Value::Draw,
        Verdict::Loss { .. } => Value::Loss,
    }
}

/// Every option set the tables cover — 2, 3 and 4 stones against one, `deal_onto_stacks` on
/// and off, several no-progress limits (0, off, included), either side to move and either
/// colour strong — on random positions and on positions with every strong stone in one stack
/// next to the lone stone: the table's value is the solver's, and its distance the race's for
/// whichever side wins. The positions are drawn until each kind of verdict has its share (as
/// far as the option set has it). The quick run builds one table of three against one; the
/// heavy tests build every option set's of three against one (and with `TOWERS_ENDGAME_FOUR=1`
/// one of four against one).
#[test]
fn every_verdict_agrees_with_the_solver_in_every_option_set() {
    let heavy = board_kernel::testing::heavy(
        "every_verdict_agrees_with_the_solver_in_every_option_set (three against one under every \
         option set)",
    );
    let share = scale(3, 10);
    let all: &[u32] = &[0, 1, 4, 9];
    // Four against one is the costliest table by far: building one of its option sets took
    // about 70 s of CI's 25 minutes, more than all the rest of this file, so CI builds none
    // (`TOWERS_ENDGAME_FOUR=1` adds the one it built before: stones dealt onto stacks, a
    // no-progress limit of 6). The tables are one generic retrograde analysis over the number
    // of stones, which two and three against one check under every option set.
    let four: &[u32] = if std::env::var_os("TOWERS_ENDGAME_FOUR").is_some() {
        &[6]
    } else {
        &[]
    };
    let (three_on, three_off, four_on, four_off): (&[u32], &[u32], &[u32], &[u32]) = if heavy {
        (&[0, 7], &[0, 7], four, &[])
    } else {
        (&[7], &[], &[], &[])
    };
    // (stones, deal_onto_stacks, no-progress limits)
    let sets = [
        (2, true, all),
        (2, false, all),
        (3, true, three_on),
        (3, false, three_off),
        (4, true, four_on),
        (4, false, four_off),
    ];
    let mut cases: Vec<_> = sets
        .into_iter()
        .flat_map(|(stones, deal_onto_stacks, limits)| {
            limits
                .iter()
                .map(move |&limit| (stones, deal_onto_stacks, limit))
        })
        .collect();
    // The four-against-one table first: the longest, while the others share the other cores.
    cases.sort_by_key(|&(stones, _, _)| std::cmp::Reverse(stones));
    board_kernel::testing::in_parallel(cases, |(stones, deal_onto_stacks, limit)| {
        let options = Options {
            material_draw_threshold: stones as u32 - 1,
            no_capture_draw_plies: limit,
            deal_onto_stacks,
            ..Options::default()
        };
        let table = LoneStoneTable::build(&options, stones).expect("valid options");
        let game = TowerOfPower::with_options(options).expect("valid options");
        let seen = check_verdicts(&table, &game, limit, share);
        let what = format!("{stones} against one, {options:?}: {seen:?}");
        // The strong side wins at once somewhere, and the lone stone wins exactly where it
        // may capture a stack.
        assert_eq!(seen[0], share, "{what}");
        assert_eq!(seen[4] > 0, deal_onto_stacks, "{what}");
        // A loss (or a longer win) takes two plies at least, which a limit of one never
        // leaves; with more every kind shows.
        if limit != 1 {
            assert!(seen[..4].iter().all(|&n| n > 0), "{what}");
        }
    });
}

/// Draws positions of `table`'s material until `share` of each kind of verdict (the strong
/// side's win in one ply, its longer win, a draw, the lone side's loss, its win) is checked
/// against the solver, or 20,000 have been drawn; returns how many of each were checked.
fn check_verdicts(
    table: &LoneStoneTable,
    game: &TowerOfPower,
    limit: u32,
    share: usize,
) -> [usize; 5] {
    let stones = table.stones();
    // Without the no-progress rule draws never end: the solver proves what is decided
    // within this depth, and nothing else.
    let depth = if limit == 0 { 7 } else { limit };
    let config = SolveConfig {
        max_depth: depth + 1,
        ..SolveConfig::default()
    };
    let mut rng = SplitMix64::new(29 + stones as u64 * 100 + u64::from(limit));
    let mut seen = [0usize; 5];
    for drawn in 0..20_000 {
        if seen.iter().all(|&n| n >= share) {
            break;
        }
        let strong = [Side::White, Side::Black][rng.below(2)];
        let state = match drawn % 3 {
            0 => gathered_position(&mut rng, stones, strong, limit),
            // With the whole limit ahead, where the longer wins are.
            1 => {
                let state = random_position(&mut rng, stones, strong, 1);
                State::new(state.board().clone(), state.to_move(), 0, 0)
            }
            _ => random_position(&mut rng, stones, strong, limit.max(1)),
        };
        if game.status(&state) != Status::Ongoing {
            continue;
        }
        let me = state.to_move();
        let verdict = table
            .probe(&state)
            .unwrap_or_else(|| panic!("{state} is in the table"));
        let lone_to_move = state.board().material(me) == 1;
        let kind = match verdict {
            Verdict::Win { .. } if lone_to_move => 4,
            Verdict::Win { plies: 1 } => 0,
            Verdict::Win { .. } => 1,
            Verdict::Draw => 2,
            Verdict::Loss { .. } => 3,
        };
        if seen[kind] >= share {
            continue;
        }
        seen[kind] += 1;
        let what = format!("{state} ({:?}): table {verdict}", game.options());
        let decided = match verdict {
            Verdict::Win { plies } | Verdict::Loss { plies } => Some(plies),
            Verdict::Draw => None,
        };
        let solved = solve_or_race(game, &state, &config).value;
        // Without the no-progress rule the solver may not reach a long win or a draw; what
        // it does prove must be the table's.
        let beyond = limit == 0 && decided.is_none_or(|plies| plies > depth);
        if !(beyond && solved == Value::Unknown) {
            assert_eq!(solved, value_of(verdict), "{what}");
        }
        if let Some(plies) = decided.filter(|&p| p <= depth) {
            let winner = if matches!(verdict, Verdict::Win { .. }) {
                me
            } else {
                me.opponent()
            };
            let raced = race(game, &state, winner, &config);
            assert_eq!(raced.outcome, Race::WinIn(plies), "{what}");
        }
    }
    seen
}

#[test]
fn three_against_one_agrees_with_the_solver_and_the_fastest_win() {
    let limit = 9;
    let (table, game) = table_and_game(3, limit);
    let mut rng = SplitMix64::new(2026);
    // Wins in one ply, longer wins, draws, losses (after a longer win's best move).
    let mut seen = [0usize; 4];
    let wanted = [10, 25, 40];
    while seen[..3].iter().zip(wanted).any(|(&n, w)| n < w) {
        let strong = if rng.below(2) == 0 {
            Side::White
        } else {
            Side::Black
        };
        let state = random_position(&mut rng, 3, strong, limit);
        if game.status(&state) != Status::Ongoing {
            continue;
        }
        let verdict = table.probe(&state).expect("the position is in the table");
        let bucket = match verdict {
            Verdict::Win { plies: 1 } => 0,
            Verdict::Win { .. } => 1,
            _ => 2,
        };
        if seen[bucket] >= wanted[bucket] {
            continue;
        }
        seen[bucket] += 1;
        let solved = solve(&game, &state, &SolveConfig::default());
        let expected = value_of(verdict);
        assert_eq!(solved.value, expected, "{state}: table {verdict}");
        match verdict {
            Verdict::Win { plies } => {
                let race = fastest_win(&game, &state, &SolveConfig::default());
                assert_eq!(race.outcome, Race::WinIn(plies), "{state}");
            }
            Verdict::Draw | Verdict::Loss { .. } => {}
        }
        // The table's best move keeps the value.
        let mv = table.best_move(&game, &state).expect("a move");
        let mut next = state.clone();
        game.play(&mut next, &mv).expect("the best move is legal");
        let after = match game.status(&next) {
            Status::Finished(result) => match result.winner {
                Some(w) if w == state.to_move() => Value::Win,
                Some(_) => Value::Loss,
                None => Value::Draw,
            },
            Status::Ongoing => match table.probe(&next).expect("still in the table") {
                Verdict::Win { .. } => Value::Loss,
                Verdict::Draw => Value::Draw,
                Verdict::Loss { .. } => Value::Win,
            },
        };
        assert_eq!(after, expected, "{state}: {mv}");
        // After a winning move the lone side is to move and lost (random positions seldom
        // are): the solver agrees on those too.
        if let (Verdict::Win { plies }, Status::Ongoing) = (verdict, game.status(&next)) {
            assert_eq!(table.probe(&next), Some(Verdict::Loss { plies: plies - 1 }));
            assert_eq!(
                solve(&game, &next, &SolveConfig::default()).value,
                Value::Loss
            );
            seen[3] += 1;
        }
    }
    assert_eq!(
        seen[3], wanted[1],
        "every longer win's best move leaves a loss"
    );
}

#[test]
fn positions_outside_the_table_are_not_probed() {
    let (table, game) = table_and_game(2, 100);
    for text in [
        // Three stones against one: another table.
        "8/8/8/8/8/2b5/8/w1w1w3 w 0 0",
        // The lone stone pins a stone of the strong side.
        "8/8/8/8/8/2(wb)5/8/w7 w 0 0",
        // Two against two.
        "8/8/8/8/8/2b4b/8/w1w5 w 0 0",
    ] {
        let state = game.parse_position(text).expect("a valid position");
        assert_eq!(table.probe(&state), None, "{text}");
        assert_eq!(table.best_move(&game, &state), None, "{text}");
    }
    assert_eq!(
        LoneStoneTable::build(&Options::default(), 2)
            .expect_err("the default threshold is 3")
            .to_string(),
        "2 stones against one needs material_draw_threshold = 1, so that the lone stone's \
         capture is a draw; it is 3"
    );
}

fn towers(args: &[&str]) -> (bool, String, String) {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_towers"))
        .args(args)
        .output()
        .expect("the towers binary runs");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn towers_endgame_answers_one_word_first_and_plays_the_line_out() {
    let threshold = ["-o", "material_draw_threshold=2"];
    // The stack of three on a1 and the lone stone on c2: the table's longest win, 33 plies.
    let (ok, out, err) = towers(&[&["endgame", "tower-of-power"][..], &threshold[..]].concat());
    assert!(ok, "{err}");
    assert!(
        out.contains("longest forced win: 33 plies, from 8/8/8/8/8/8/2b5/(www)7 w 0 0"),
        "{out}"
    );
    let position = "8/8/8/8/8/8/2b5/(www)7 w 0 0";
    let (ok, out, err) = towers(
        &[
            &["endgame", "tower-of-power", "--position", position][..],
            &threshold[..],
        ]
        .concat(),
    );
    assert!(ok, "{err}");
    assert_eq!(out.lines().next(), Some("win"), "{out}");
    assert!(out.contains("line (33 moves): "), "{out}");
    assert!(out.contains("win in 33 plies for White to move"), "{out}");
    assert!(out.trim_end().ends_with("White wins"), "{out}");
    // With 32 plies left before the no-progress draw, the same position is a draw.
    let (ok, out, _) = towers(
        &[
            &[
                "endgame",
                "tower-of-power",
                "--position",
                "8/8/8/8/8/8/2b5/(www)7 w 68 0",
            ][..],
            &threshold[..],
        ]
        .concat(),
    );
    assert!(ok);
    assert_eq!(out.lines().next(), Some("draw"), "{out}");
    // Errors say what is wrong.
    let (ok, _, err) = towers(&["endgame", "kamisado"]);
    assert!(
        !ok && err.contains("end-game tables exist for tower-of-power only"),
        "{err}"
    );
    let (ok, _, err) = towers(&["endgame", "tower-of-power", "--position", position]);
    assert!(!ok && err.contains("material_draw_threshold = 2"), "{err}");
    let (ok, _, err) = towers(&["endgame", "tower-of-power", "--stones", "6"]);
    assert!(
        !ok && err.contains("2 to 5 stones against one, not 6"),
        "{err}"
    );
    let (ok, _, err) = towers(
        &[
            &[
                "endgame",
                "tower-of-power",
                "--position",
                "8/8/8/8/8/2b4b/8/w1w5 w 0 0",
            ][..],
            &threshold[..],
        ]
        .concat(),
    );
    assert!(!ok && err.contains("2 White and 2 Black stones"), "{err}");
}

/// `towers endgame` answers what `towers solve` proves, for the lone stone's win by capturing
/// the only stack (issue 29: it said `draw`), the strong side's win and the lone side's loss;
/// and the perfect player, asking the table, reports the lone stone's win.
#[test]
fn towers_endgame_says_what_towers_solve_proves() {
    let threshold = ["-o", "material_draw_threshold=1"];
    for (position, first, last) in [
        (
            "6(ww)b/8/8/8/8/8/8/8 b 0 0",
            "win",
            "win in 1 ply for Black to move",
        ),
        (
            "6(ww)b/8/8/8/8/8/8/8 w 0 0",
            "win",
            "win in 1 ply for White to move",
        ),
        (
            "8/8/8/8/8/1w6/2w5/b7 b 0 0",
            "loss",
            "loss in 2 plies for Black to move",
        ),
    ] {
        let run = |command: &str| {
            let (ok, out, err) = towers(
                &[
                    &[command, "tower-of-power", "--position", position][..],
                    &threshold[..],
                ]
                .concat(),
            );
            assert!(ok, "{command} {position}: {err}");
            out
        };
        let (endgame, solved) = (run("endgame"), run("solve"));
        assert_eq!(endgame.lines().next(), Some(first), "{position}: {endgame}");
        assert_eq!(solved.lines().next(), Some(first), "{position}: {solved}");
        assert!(endgame.contains(last), "{position}: {endgame}");
        // The line of best play ends the game as the verdict says.
        let winner = if (first == "win") == position.contains(" b ") {
            "Black wins"
        } else {
            "White wins"
        };
        assert!(
            endgame.trim_end().ends_with(winner),
            "{position}: {endgame}"
        );
    }
    let (ok, out, err) = towers(
        &[
            &[
                "play",
                "tower-of-power",
                "--position",
                "8/8/8/3b4/3(ww)4/8/8/8 b 0 0",
                "--white",
                "random",
                "--black",
                "perfect",
            ][..],
            &threshold[..],
        ]
        .concat(),
    );
    assert!(ok, "{err}");
    assert!(
        out.contains("1. Black (perfect) plays d5-d4  [win in 1 ply (the end-game table)]"),
        "{out}"
    );
    assert!(
        out.contains("game over: Black wins (no legal move) after 1 moves."),
        "{out}"
    );
}

/// Where the depth-first solver runs out of depth, the races of `solve_or_race` still prove
/// short wins and losses — with the table's distances — and never call a draw anything else.
#[test]
fn races_prove_what_the_depth_budget_hides() {
    let (table, game) = table_and_game(3, 100);
    let config = SolveConfig {
        max_depth: 6,
        max_nodes: 2_000_000,
        ..SolveConfig::default()
    };
    let mut rng = SplitMix64::new(7);
    let (mut wins, mut losses, mut draws, mut hidden) = (0, 0, 0, 0);
    while wins < 6 || losses < 6 || draws < 3 {
        let state = random_position(&mut rng, 3, Side::White, 1);
        if game.status(&state) != Status::Ongoing {
            continue;
        }
        let verdict = table.probe(&state).expect("in the table");
        let counted = match verdict {
            Verdict::Win { plies } if (3..=5).contains(&plies) && wins < 6 => &mut wins,
            Verdict::Loss { plies } if (2..=6).contains(&plies) && losses < 6 => &mut losses,
            Verdict::Draw if draws < 3 => &mut draws,
            _ => continue,
        };
        *counted += 1;
        let plain = solve(&game, &state, &config);
        hidden += usize::from(plain.value == Value::Unknown);
        let raced = solve_or_race(&game, &state, &config);
        match verdict {
            Verdict::Win { plies } | Verdict::Loss { plies } => {
                assert_eq!(raced.value, value_of(verdict), "{state}");
                assert_eq!(raced.line.len(), plies as usize, "{state}");
                let mut end = state.clone();
                for mv in &raced.line {
                    game.play(&mut end, mv).expect("the line is legal");
                }
                assert!(
                    matches!(game.status(&end), Status::Finished(r) if r.winner == Some(Side::White)),
                    "{state}"
                );
            }
            // The solver proves a draw the lone stone takes at once; races prove none.
            Verdict::Draw => assert!(
                matches!(raced.value, Value::Draw | Value::Unknown),
                "{state}: {}",
                raced.value
            ),
        }
    }
    assert!(
        hidden >= 6,
        "the plain solver answered {hidden} of 15 unknown"
    );
}

/// The perfect player asks the table (`tower_games::endgames`): from positions the table wins it
/// wins, as fast as the table says, against MCTS and random defences; as the lone stone in a
/// drawn position it holds the draw.
#[test]
fn the_perfect_player_plays_the_table() {
    let (table, game) = table_and_game(3, 100);
    let mut rng = SplitMix64::new(11);
    let (mut wins, mut draws) = (0, 0);
    while wins < 6 || draws < 3 {
        let state = random_position(&mut rng, 3, Side::White, 1);
        if game.status(&state) != Status::Ongoing || state.to_move() != Side::White {
            continue;
        }
        let Some(verdict) = table.probe(&state) else {
            continue;
        };
        let defence = ["random", "mcts:200", "alphabeta:3"][wins % 3];
        let specs: BySide<PlayerSpec> = BySide {
            white: "perfect".parse().expect("a player"),
            black: defence.parse().expect("a player"),
        };
        match verdict {
            Verdict::Win { plies } if wins < 6 => {
                wins += 1;
                let mut players =
                    BySide::from_fn(|side| tower_games::knowledge::player(&game, &specs[side], 5));
                let played = play_game(&game, state.clone(), &mut players, 200);
                assert!(
                    matches!(&played.status, Status::Finished(r) if r.winner == Some(Side::White)),
                    "{state} against {defence}"
                );
                assert!(
                    played.moves.len() <= plies as usize,
                    "{state}: {} moves, the table's {verdict}",
                    played.moves.len()
                );
            }
            _ => {}
        }
        // The same stones with the lone stone to move next to one of them: a draw it keeps.
        let lone = State::new(state.board().clone(), Side::Black, 0, 0);
        if draws < 3 && table.probe(&lone) == Some(Verdict::Draw) {
            draws += 1;
            let specs = BySide {
                white: "mcts:200".parse::<PlayerSpec>().expect("a player"),
                black: "perfect".parse().expect("a player"),
            };
            let mut players =
                BySide::from_fn(|side| tower_games::knowledge::player(&game, &specs[side], 5));
            let played = play_game(&game, lone.clone(), &mut players, 200);
            assert!(
                matches!(&played.status, Status::Finished(r) if r.winner.is_none()),
                "{lone}: {:?}",
                played.status
            );
        }
    }
}
