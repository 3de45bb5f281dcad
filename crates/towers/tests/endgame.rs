//! Tower of Power's stones-against-one tables (`tower_of_power::endgame`) against forward
//! search: the solver's value and the fastest forced win (`game_ai`), which know nothing of
//! the retrograde analysis, on random positions with a short no-progress limit; and the
//! `towers endgame` command.

use board_kernel::prelude::*;
use board_kernel::{BySide, Side, SplitMix64, Status};
use game_ai::PlayerSpec;
use game_ai::arena::play_game;
use game_ai::distance::{Race, fastest_win};
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
        let expected = match verdict {
            Verdict::Win { .. } => Value::Win,
            Verdict::Draw => Value::Draw,
            Verdict::Loss { .. } => Value::Loss,
        };
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
                let value = if matches!(verdict, Verdict::Win { .. }) {
                    Value::Win
                } else {
                    Value::Loss
                };
                assert_eq!(raced.value, value, "{state}");
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
                let mut players = BySide::from_fn(|side| {
                    tower_games::endgames::player::<TowerOfPower>(&specs[side], 5)
                });
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
            let mut players = BySide::from_fn(|side| {
                tower_games::endgames::player::<TowerOfPower>(&specs[side], 5)
            });
            let played = play_game(&game, lone.clone(), &mut players, 200);
            assert!(
                matches!(&played.status, Status::Finished(r) if r.winner.is_none()),
                "{lone}: {:?}",
                played.status
            );
        }
    }
}
