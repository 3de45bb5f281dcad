//! End-to-end: `towers play`, `replay` and `selfplay` driven through pipes, for every
//! registered game.

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

use board_kernel::Side;
use tower_games::registry;

/// Runs `towers` with `args`, feeding `input` on stdin (then closing it).
fn towers(args: &[&str], input: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_towers"))
        .args(args)
        .env("NO_COLOR", "1")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the towers binary runs");
    let mut stdin = child.stdin.take().unwrap();
    let input = input.to_owned();
    // Write from a thread so a long transcript cannot fill the pipe while we still write.
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(input.as_bytes());
    });
    let output = child.wait_with_output().unwrap();
    writer.join().unwrap();
    output
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

fn temp_file(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!(
        "towers-play-test-{}-{name}.json",
        std::process::id()
    ))
}

#[test]
fn people_play_get_refused_take_back_and_quit_in_every_game() {
    for name in registry::names() {
        let game = registry::build(name, &[]).unwrap();
        let white = game.side_name(Side::White);
        let start = game.initial_state();
        let mut state = start.clone();
        let m1 = start.legal_moves()[0].clone();
        state.play(&m1).unwrap();
        let m2 = state.legal_moves()[0].clone();
        // A move of the start position that is not legal any more, else plain nonsense.
        let refused = start
            .legal_moves()
            .into_iter()
            .find(|m| state.clone().play(m).is_err())
            .unwrap_or_else(|| "zz-not-a-move".to_owned());
        let script = format!("?\n{m1}\nthis is no move\n{refused}\n{m2}\nundo\nquit\n");
        let out = towers(
            &[
                "play", name, "--white", "human", "--black", "human", "--seed", "1",
            ],
            &script,
        );
        let stdout = text(&out.stdout);
        assert!(out.status.success(), "{name}: {}", text(&out.stderr));
        assert!(
            stdout.contains(&format!("1. {white} (human) plays {m1}")),
            "{name}: {stdout}"
        );
        assert!(stdout.contains(" legal move"), "{name}: {stdout}");
        assert_eq!(
            stdout.matches("Not played: ").count(),
            2,
            "{name}: {stdout}"
        );
        let second = stdout.lines().find(|l| l.starts_with("2. ")).unwrap_or("");
        assert!(
            second.ends_with(&format!("(human) plays {m2}")),
            "{name}: {stdout}"
        );
        assert!(stdout.contains("Took back 2 moves."), "{name}: {stdout}");
        assert!(
            stdout.contains("Game left unfinished after 0 moves."),
            "{name}: {stdout}"
        );
        // The board was shown for the person to move, with the status line.
        assert!(
            stdout.contains(&format!("{white} to move")),
            "{name}: {stdout}"
        );
    }
}

#[test]
fn computer_games_finish_record_replay_and_pipe_back_in_every_game() {
    for name in registry::names() {
        let file = temp_file(name);
        let path = file.to_str().unwrap();
        let out = towers(
            &[
                "play", name, "--white", "mcts:200", "--black", "random", "--seed", "3",
                "--record", path,
            ],
            "",
        );
        let stdout = text(&out.stdout);
        assert!(out.status.success(), "{name}: {}", text(&out.stderr));
        assert!(stdout.contains("game over: "), "{name}: {stdout}");
        assert!(stdout.contains("Game saved to"), "{name}: {stdout}");
        let final_line = stdout
            .lines()
            .find(|l| l.starts_with("game over: "))
            .unwrap()
            .to_owned();

        let replay = towers(&["replay", path, "--quiet"], "");
        let replayed = text(&replay.stdout);
        assert!(replay.status.success(), "{name}: {}", text(&replay.stderr));
        assert!(replayed.contains("Record valid"), "{name}: {replayed}");
        assert!(replayed.contains("result confirmed"), "{name}: {replayed}");

        // The same moves piped in by two "people" reach the same end.
        let record: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
        let moves: Vec<String> = record["moves"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m.as_str().unwrap().to_owned())
            .collect();
        assert!(!moves.is_empty());
        let piped = towers(
            &["play", name, "--white", "human", "--black", "human"],
            &(moves.join("\n") + "\n"),
        );
        let piped_out = text(&piped.stdout);
        assert!(piped.status.success(), "{name}");
        assert!(!piped_out.contains("Not played"), "{name}: {piped_out}");
        assert!(piped_out.contains(&final_line), "{name}: {final_line}");

        // A record with a move added after the end is refused.
        let mut bad = record.clone();
        bad["moves"]
            .as_array_mut()
            .unwrap()
            .push(serde_json::Value::from(moves[0].clone()));
        std::fs::write(&file, bad.to_string()).unwrap();
        let refused = towers(&["replay", path], "");
        assert_eq!(refused.status.code(), Some(2), "{name}");
        assert!(
            text(&refused.stderr).contains(&format!("move {}", moves.len() + 1)),
            "{name}: {}",
            text(&refused.stderr)
        );
        std::fs::remove_file(&file).unwrap();
    }
}

#[test]
fn end_of_input_quits_and_bad_seats_are_refused() {
    for name in registry::names() {
        let out = towers(&["play", name, "--seed", "1"], "");
        assert!(out.status.success(), "{name}");
        assert!(text(&out.stdout).contains("(end of input)"), "{name}");
    }
    let out = towers(&["play", registry::names()[0], "--white", "robot"], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("unknown player `robot`"));
}

#[test]
fn selfplay_reports_shares_lengths_and_speed_in_every_game() {
    for name in registry::names() {
        let out = towers(
            &[
                "selfplay",
                name,
                "--games",
                "2",
                "--white",
                "mcts:20",
                "--black",
                "random",
                "--threads",
                "2",
                "--seed",
                "1",
            ],
            "",
        );
        let stdout = text(&out.stdout);
        assert!(out.status.success(), "{name}: {}", text(&out.stderr));
        assert!(stdout.contains("2 games: "), "{name}: {stdout}");
        assert!(stdout.contains("mean length"), "{name}: {stdout}");
        assert!(stdout.contains("games/s"), "{name}: {stdout}");
        assert!(text(&out.stderr).contains("2/2 games"), "{name}");
    }
}

/// A move the rules refuse is worded citing the numbered section of the game's rule book (the
/// one a player can open, docs/rules), not the implementers' specification (`§3.1`), by every
/// command that plays moves: `play`, `apply`, `show` and `replay`. Each citation was checked
/// against the rule book: Kamisado's 1.1 (How a tower moves) says a tower never lands on
/// another, its 1.2 (Which tower moves) that a player must move his tower of the colour of
/// the square the opponent's last move landed on, and Tower of Power's 3.3 (The single step)
/// that the option `single_step` switches single steps off.
#[test]
fn refusals_cite_the_rule_book_in_play_apply_show_and_replay() {
    let occupied = "illegal move `d1-d8`: d8 is occupied (rule 1.1, How a tower moves)";
    let which = "illegal move `e8-e1`: the required tower is the green one on g8 \
                 (rule 1.2, Which tower moves)";

    let out = towers(&["apply", "kamisado", "d1-d8"], "");
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(text(&out.stderr), format!("error: move 1: {occupied}\n"));

    let out = towers(&["show", "kamisado", "d1-d7", "e8-e1"], "");
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(text(&out.stderr), format!("error: move 2: {which}\n"));

    let out = towers(
        &[
            "apply",
            "tower-of-power",
            "--option",
            "single_step=off",
            "e1-f1",
        ],
        "",
    );
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        text(&out.stderr),
        "error: move 1: illegal move `e1-f1`: single steps are not allowed in this game \
         (option single_step is off); move a row of at least two stones \
         (rule 3.3, The single step)\n"
    );

    let out = towers(
        &["play", "kamisado", "--white", "human", "--black", "human"],
        "d1-d8\nd1-d7\ne8-e1\nquit\n",
    );
    let stdout = text(&out.stdout);
    assert!(out.status.success(), "{}", text(&out.stderr));
    for refusal in [occupied, which] {
        assert!(
            stdout.contains(&format!(
                "Not played: {refusal}. Type `?` for the legal moves."
            )),
            "{stdout}"
        );
    }

    let file = temp_file("refused");
    let record = serde_json::json!({
        "game": "kamisado", "options": [], "white": "human", "black": "human", "seed": 0,
        "moves": ["d1-d7", "e8-e1"], "result": null,
    });
    std::fs::write(&file, record.to_string()).unwrap();
    let out = towers(&["replay", file.to_str().unwrap()], "");
    std::fs::remove_file(&file).unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(text(&out.stderr), format!("error: move 2: {which}\n"));

    // A text that does not read is refused as the parser says, citing no rule.
    let out = towers(&["apply", "kamisado", "zz"], "");
    assert_eq!(
        text(&out.stderr),
        "error: move 1: invalid move `zz` at first: the first square: a square starts with a \
         file letter a..p\n"
    );
}

/// In every game, a refused move a person types cites the rule book's section, never the
/// specification's `§`.
#[test]
fn every_games_refusals_cite_its_rule_book() {
    for name in registry::names() {
        let game = registry::build(name, &[]).unwrap();
        let start = game.initial_state();
        let m1 = start.legal_moves()[0].clone();
        let mut state = start.clone();
        state.play(&m1).unwrap();
        // A move of the start position that breaks a rule after the first move.
        let (refused, error) = start
            .legal_moves()
            .into_iter()
            .find_map(|m| state.clone().play(&m).err().map(|e| (m, e)))
            .unwrap_or_else(|| panic!("{name}: no start move is refused after {m1}"));
        let board_kernel::MoveError::Illegal {
            illegal: board_kernel::Illegal::Breaks { rule, .. },
            ..
        } = &error
        else {
            panic!("{name}: {error}");
        };
        let section = game
            .rule_citation(rule)
            .unwrap_or_else(|| panic!("{name}: {rule} has no section"));
        let out = towers(
            &["play", name, "--white", "human", "--black", "human"],
            &format!("{m1}\n{refused}\nquit\n"),
        );
        let stdout = text(&out.stdout);
        assert!(out.status.success(), "{name}: {}", text(&out.stderr));
        let line = stdout
            .lines()
            .find_map(|l| l.split_once("Not played: ").map(|(_, rest)| rest))
            .unwrap_or_else(|| panic!("{name}: {stdout}"));
        assert!(
            line.starts_with(&format!("illegal move `{refused}`: "))
                && line.ends_with(&format!(
                    " ({}). Type `?` for the legal moves.",
                    section.citation()
                )),
            "{name}: {line}"
        );
        assert!(!stdout.contains('§'), "{name}: {stdout}");
    }
}
