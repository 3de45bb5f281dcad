//! The command line under hostile use: a reader that stops early, numbers out of range,
//! oversized and malformed files. Every case ends with a clear message and a usage exit code
//! (2), or quietly when the reader went away — never a panic (exit 101), never a hang.

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

use tower_games::registry;

/// `towers ARGS` without colours, its input `input`, its outputs piped.
fn command(args: &[&str], input: impl Into<Stdio>) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_towers"));
    command
        .args(args)
        .env("NO_COLOR", "1")
        .stdin(input)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    command
}

fn towers(args: &[&str]) -> Output {
    command(args, Stdio::null())
        .output()
        .expect("the towers binary runs")
}

/// Runs `towers` with its standard output a pipe whose reading end is already closed, so the
/// first write fails with a broken pipe — what `towers … | head -1` does once `head` has
/// its line, without the race of waiting for it.
fn towers_into_closed_pipe(args: &[&str]) -> Output {
    let (reader, writer) = std::io::pipe().expect("a pipe");
    drop(reader);
    command(args, Stdio::null())
        .stdout(writer)
        .output()
        .expect("the towers binary runs")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

fn temp_file(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!("towers-hardening-{}-{name}", std::process::id()))
}

#[test]
fn every_command_ends_quietly_when_its_reader_stops() {
    let record = temp_file("record.json");
    let first = registry::names()[0];
    let made = towers(&[
        "play",
        first,
        "--white",
        "random",
        "--black",
        "random",
        "--seed",
        "1",
        "--record",
        record.to_str().unwrap(),
    ]);
    assert!(made.status.success(), "{}", text(&made.stderr));
    let mut cases: Vec<Vec<String>> = vec![
        vec!["list".into()],
        vec!["replay".into(), record.to_str().unwrap().into()],
    ];
    for name in registry::names() {
        for args in [
            vec!["options", name],
            vec!["show", name],
            vec!["show", name, "--svg", "-"],
            vec!["moves", name],
            vec!["perft", name, "2"],
            vec!["perft", name, "2", "--divide"],
            vec!["apply", name],
            vec!["play", name, "--white", "random", "--black", "random"],
            vec!["play", name],
            vec!["selfplay", name, "--games", "2", "--threads", "1"],
            vec!["measure", name, "--depth", "1", "--games", "2"],
            vec!["conformance", name, "--games", "2", "--threads", "1"],
            vec![
                "tournament",
                name,
                "--players",
                "random,random",
                "--games",
                "2",
            ],
            vec![
                "tournament",
                name,
                "--players",
                "random,random",
                "--games",
                "2",
                "--sprt",
                "0,50",
            ],
        ] {
            cases.push(args.into_iter().map(str::to_owned).collect());
        }
    }
    for case in &cases {
        let args: Vec<&str> = case.iter().map(String::as_str).collect();
        let out = towers_into_closed_pipe(&args);
        let stderr = text(&out.stderr);
        assert!(
            out.status.success(),
            "towers {}: {:?} {stderr}",
            args.join(" "),
            out.status
        );
        assert!(
            !stderr.contains("panicked") && !stderr.contains("Broken pipe"),
            "towers {}: {stderr}",
            args.join(" ")
        );
    }
    std::fs::remove_file(&record).unwrap();
}

#[test]
fn numbers_out_of_range_are_refused_with_their_limits() {
    let name = registry::names()[0];
    let cases: &[(&[&str], &str)] = &[
        (
            &["perft", name, "1", "--threads", "18446744073709551615"],
            "--threads",
        ),
        (&["perft", name, "1", "--threads", "1000000"], "--threads"),
        (&["perft", name, "1", "--threads", "0"], "--threads"),
        (&["perft", name, "65"], "DEPTH"),
        (&["perft", name, "3", "--hash", "1000000"], "--hash"),
        (
            &["selfplay", name, "--games", "18446744073709551615"],
            "--games",
        ),
        (&["selfplay", name, "--games", "0"], "--games"),
        (
            &["selfplay", name, "--games", "2", "--threads", "1000000"],
            "--threads",
        ),
        (
            &["selfplay", name, "--games", "2", "--max-plies", "0"],
            "--max-plies",
        ),
        (
            &[
                "selfplay",
                name,
                "--games",
                "1",
                "--white",
                "alphabeta:18446744073709551615s",
            ],
            "too large",
        ),
        (
            &["play", name, "--white", "mcts:99999999999999999999"],
            "too large",
        ),
        (
            &["conformance", name, "--games", "18446744073709551615"],
            "--games",
        ),
        (
            &["conformance", name, "--games", "2", "--threads", "100000"],
            "--threads",
        ),
        (
            &[
                "tournament",
                name,
                "--players",
                "random,random",
                "--games",
                "0",
            ],
            "--games",
        ),
        (
            &["tournament", name, "--players", "random", "--games", "2"],
            "at least two players",
        ),
        (
            &[
                "tournament",
                name,
                "--players",
                "random,mcts:0",
                "--games",
                "2",
            ],
            "bad budget",
        ),
        (
            &[
                "tournament",
                name,
                "--players",
                "random,random",
                "--games",
                "2",
                "--sprt",
                "50,0",
            ],
            "ELO0 must be smaller",
        ),
        (
            &[
                "tournament",
                name,
                "--players",
                "random,random",
                "--games",
                "2",
                "--sprt",
                "0,1e9",
            ],
            "from -2000 to 2000",
        ),
        (
            &[
                "tournament",
                name,
                "--players",
                "random,random,random",
                "--games",
                "2",
                "--sprt",
                "0,50",
            ],
            "exactly two players",
        ),
        (
            &[
                "tournament",
                name,
                "--players",
                "random,random",
                "--games",
                "2",
                "--sprt",
                "0,50",
                "--alpha",
                "0.9",
            ],
            "--alpha",
        ),
    ];
    for (args, expected) in cases {
        let out = towers(args);
        let stderr = text(&out.stderr);
        assert_eq!(
            out.status.code(),
            Some(2),
            "towers {}: {stderr}",
            args.join(" ")
        );
        assert!(
            stderr.contains(expected),
            "towers {}: {stderr}",
            args.join(" ")
        );
        assert!(!stderr.contains("panicked"), "{stderr}");
    }
}

#[test]
fn selfplay_with_more_threads_than_games_finishes() {
    let name = registry::names()[0];
    let out = towers(&["selfplay", name, "--games", "2", "--threads", "256"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(
        text(&out.stdout).contains(", 2 threads"),
        "{}",
        text(&out.stdout)
    );
}

#[test]
fn replay_refuses_oversized_binary_and_unknown_records() {
    let file = temp_file("bad.json");
    let path = file.to_str().unwrap();

    // Larger than the 16 MiB cap: refused after reading just past the cap.
    {
        let mut f = std::fs::File::create(&file).unwrap();
        let block = vec![b' '; 1 << 20];
        for _ in 0..17 {
            f.write_all(&block).unwrap();
        }
    }
    let out = towers(&["replay", path]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("larger than 16 MiB"),
        "{}",
        text(&out.stderr)
    );

    std::fs::write(&file, [0xff, 0xfe, 0x00]).unwrap();
    let out = towers(&["replay", path]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("not UTF-8"),
        "{}",
        text(&out.stderr)
    );

    let name = registry::names()[0];
    std::fs::write(
        &file,
        format!(
            r#"{{"game":"{name}","options":[],"white":"human","black":"human","seed":0,"moves":[],"result":null,"comment":"hi"}}"#
        ),
    )
    .unwrap();
    let out = towers(&["replay", path]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("unknown field `comment`"),
        "{}",
        text(&out.stderr)
    );
    std::fs::remove_file(&file).unwrap();
}

#[test]
fn errors_quote_a_bounded_excerpt_of_huge_inputs() {
    let huge = "x".repeat(100_000);
    for name in registry::names() {
        for args in [
            vec!["show", name, "--position", huge.as_str()],
            vec!["apply", name, huge.as_str()],
            vec!["show", name, "--option", huge.as_str()],
        ] {
            let out = towers(&args);
            let stderr = text(&out.stderr);
            assert_eq!(out.status.code(), Some(2), "{name}: {}", &stderr[..200]);
            assert!(
                stderr.len() < 1000,
                "{name}: {} bytes of error",
                stderr.len()
            );
        }
    }
}

#[test]
fn option_messages_state_each_option_real_limit() {
    // A number past the type's range is told the option's own limit, not the type's.
    for (game, key, limit) in [
        ("queens-courtiers", "max_plies", "0 (off) to 1000000"),
        ("kamisado", "max_plies_per_round", "1 to 1000000"),
        ("tower-of-power", "no_capture_draw_plies", "0 to 1000000000"),
        ("chain-reaction", "max_segments", "2 to 10"),
    ] {
        let setting = format!("{key}=99999999999");
        let out = towers(&["options", game, "--option", &setting]);
        let stderr = text(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{game}: {stderr}");
        assert!(
            stderr.contains(limit) && !stderr.contains("4294967295"),
            "{game} {setting}: {stderr}"
        );
    }
    // Where the type's limit is the option's, "at most" it is right.
    let out = towers(&["options", "chain-reaction", "-o", "max_plies=99999999999"]);
    assert!(
        text(&out.stderr).contains("too large: at most 4294967295"),
        "{}",
        text(&out.stderr)
    );
    // Numbers have one spelling, as in position texts.
    for value in ["+5", "007", "05"] {
        let setting = format!("repetition_limit={value}");
        let out = towers(&["options", "kamisado", "-o", &setting]);
        assert_eq!(out.status.code(), Some(2), "{setting}");
        assert!(
            text(&out.stderr).contains("bad value"),
            "{setting}: {}",
            text(&out.stderr)
        );
    }
}

/// A fresh directory for one test.
fn temp_dir(name: &str) -> PathBuf {
    let dir = temp_file(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[cfg(unix)]
#[test]
fn writers_follow_links_keep_fifos_and_spare_neighbours() {
    use std::os::unix::fs::{FileTypeExt, symlink};
    let dir = temp_dir("writers");
    let at = |name: &str| dir.join(name).to_str().unwrap().to_owned();
    // Links to the real files, and a neighbour named like the old temporary.
    for (link, real) in [
        ("view.svg", "real.svg"),
        ("game.json", "real.json"),
        ("win.txt", "real.txt"),
    ] {
        std::fs::write(dir.join(real), "old").unwrap();
        symlink(real, dir.join(link)).unwrap();
    }
    std::fs::write(dir.join("view.svg.part"), "keep").unwrap();
    let (white, black) = ("random", "random");
    let args = [
        "play", "kamisado", "--white", white, "--black", black, "--seed", "1",
    ];
    let out = towers(
        &[
            &args[..],
            &["--svg", &at("view.svg"), "--record", &at("game.json")],
        ]
        .concat(),
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    // Golden trial 2 of Kamisado: White wins at once with a7-b8.
    let applied = towers(&["apply", "kamisado", "e1-e7", "b8-e5", "a1-a7", "f8-g7"]);
    let position = text(&applied.stdout).lines().next().unwrap().to_owned();
    let out = towers(&[
        "solve",
        "kamisado",
        "--position",
        &position,
        "--hash",
        "1",
        "--certificate",
        &at("win.txt"),
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    for (link, real, start) in [
        ("view.svg", "real.svg", "<svg"),
        ("game.json", "real.json", "{"),
        ("win.txt", "real.txt", "# towers solve"),
    ] {
        let meta = std::fs::symlink_metadata(dir.join(link)).unwrap();
        assert!(meta.file_type().is_symlink(), "{link} was replaced");
        let written = std::fs::read_to_string(dir.join(real)).unwrap();
        assert!(written.starts_with(start), "{real}: {written}");
    }
    assert_eq!(
        std::fs::read_to_string(dir.join("view.svg.part")).unwrap(),
        "keep"
    );
    // A FIFO is written through (a viewer reading it gets the picture) and stays a FIFO.
    let fifo = dir.join("pipe.svg");
    let made = Command::new("mkfifo").arg(&fifo).status().unwrap();
    assert!(made.success());
    let reader = {
        let fifo = fifo.clone();
        std::thread::spawn(move || std::fs::read_to_string(fifo).unwrap())
    };
    let out = towers(&[&args[..], &["--svg", &at("pipe.svg")]].concat());
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(std::fs::metadata(&fifo).unwrap().file_type().is_fifo());
    assert!(reader.join().unwrap().starts_with("<svg"));
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(
        names,
        [
            "game.json",
            "pipe.svg",
            "real.json",
            "real.svg",
            "real.txt",
            "view.svg",
            "view.svg.part",
            "win.txt"
        ]
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A running `towers` whose standard output is gathered as it comes.
struct Running {
    child: std::process::Child,
    stdout: std::sync::Arc<std::sync::Mutex<String>>,
    reader: std::thread::JoinHandle<()>,
}

impl Running {
    fn start(args: &[&str]) -> Running {
        let mut child = command(args, Stdio::piped())
            .spawn()
            .expect("the towers binary runs");
        let stdout = std::sync::Arc::new(std::sync::Mutex::new(String::new()));
        let mut pipe = child.stdout.take().unwrap();
        let gathered = std::sync::Arc::clone(&stdout);
        let reader = std::thread::spawn(move || {
            let mut buffer = [0u8; 4096];
            while let Ok(n @ 1..) = std::io::Read::read(&mut pipe, &mut buffer) {
                gathered
                    .lock()
                    .unwrap()
                    .push_str(&String::from_utf8_lossy(&buffer[..n]));
            }
        });
        Running {
            child,
            stdout,
            reader,
        }
    }

    /// Waits (at most a minute) until the output so far satisfies `ready`.
    fn wait_for(&self, ready: impl Fn(&str) -> bool) {
        let started = std::time::Instant::now();
        while !ready(&self.stdout.lock().unwrap()) {
            assert!(
                started.elapsed().as_secs() < 60,
                "still waiting: {}",
                self.stdout.lock().unwrap()
            );
            std::thread::sleep(std::time::Duration::from_millis(20));
        }
    }

    /// Sends SIGINT, as Ctrl-C in a terminal does.
    fn interrupt(&self) {
        let sent = Command::new("kill")
            .args(["-INT", &self.child.id().to_string()])
            .status()
            .unwrap();
        assert!(sent.success());
    }

    /// The exit code, all of standard output and standard error, once the program ended by
    /// itself: its input stays open meanwhile, so that the end of input cannot end it first.
    fn finish(mut self) -> (Option<i32>, String, String) {
        let mut stderr = String::new();
        std::io::Read::read_to_string(self.child.stderr.as_mut().unwrap(), &mut stderr).unwrap();
        let status = self.child.wait().unwrap();
        drop(self.child.stdin.take());
        self.reader.join().unwrap();
        let stdout = self.stdout.lock().unwrap().clone();
        (status.code(), stdout, stderr)
    }
}

#[cfg(unix)]
#[test]
fn ctrl_c_in_play_saves_the_game_so_far() {
    let dir = temp_dir("ctrl-c-play");
    let record = dir.join("game.json");
    let path = record.to_str().unwrap();
    let mut play = Running::start(&[
        "play", "kamisado", "--white", "human", "--black", "random", "--seed", "1", "--record",
        path,
    ]);
    let first = registry::build("kamisado", &[])
        .unwrap()
        .initial_state()
        .legal_moves()[0]
        .clone();
    writeln!(play.child.stdin.as_mut().unwrap(), "{first}").unwrap();
    // Black's reply is made and the game waits for White's second move.
    play.wait_for(|out| out.contains("2. Black (random) plays") && out.ends_with("White> "));
    play.interrupt();
    let (code, _, stderr) = play.finish();
    assert_eq!(code, Some(130), "{stderr}");
    assert!(
        stderr.contains("interrupted: the game so far (2 moves) is saved in"),
        "{stderr}"
    );
    let replayed = towers(&["replay", path]);
    let stdout = text(&replayed.stdout);
    assert!(replayed.status.success(), "{}", text(&replayed.stderr));
    assert!(
        stdout.contains("Record valid: 2 legal moves, game unfinished."),
        "{stdout}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn play_checks_its_record_path_first_and_refuses_bad_lines() {
    let dir = temp_dir("record-path");
    let missing = dir.join("no/such/dir/game.json");
    let out = towers(&[
        "play",
        "kamisado",
        "--white",
        "random",
        "--black",
        "random",
        "--record",
        missing.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("cannot write"),
        "{}",
        text(&out.stderr)
    );
    assert!(!text(&out.stdout).contains("1. "), "{}", text(&out.stdout));
    // A line that is not UTF-8 is a refused move; the game goes on and is saved.
    let record = dir.join("game.json");
    let first = registry::build("kamisado", &[])
        .unwrap()
        .initial_state()
        .legal_moves()[0]
        .clone();
    let args = [
        "play", "kamisado", "--black", "random", "--seed", "1", "--record",
    ];
    let mut child = command(&args, Stdio::piped()).arg(&record).spawn().unwrap();
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(b"\xff\xfe\x1b[2J\n").unwrap();
    writeln!(stdin, "{first}").unwrap();
    drop(stdin);
    let out = child.wait_with_output().unwrap();
    let stdout = text(&out.stdout);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(
        stdout.contains("Not played: the line is not UTF-8 text."),
        "{stdout}"
    );
    assert!(!stdout.contains('\u{1b}'), "{stdout:?}");
    assert!(stdout.contains("Game saved to"), "{stdout}");
    let saved = std::fs::read_to_string(&record).unwrap();
    assert!(saved.contains(&format!("\"{first}\"")), "{saved}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn play_reads_dev_zero_in_bounded_memory_and_stops() {
    let zeros = std::fs::File::open("/dev/zero").unwrap();
    let out = command(&["play", "kamisado"], zeros).output().unwrap();
    let stdout = text(&out.stdout);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(
        stdout.contains("(no line end in 16 MiB of input: not lines of text, stopped reading)"),
        "{stdout}"
    );
    assert!(stdout.len() < 10_000, "{} bytes", stdout.len());
}

#[test]
fn seat_names_and_game_names_reach_the_terminal_escaped() {
    let dir = temp_dir("escapes");
    let file = dir.join("evil.json");
    std::fs::write(
        &file,
        r#"{"game":"kamisado","options":[],"white":"\u001b[2J\u001b[31mevil","black":"human","seed":0,"moves":[],"result":null}"#,
    )
    .unwrap();
    let out = towers(&["replay", file.to_str().unwrap()]);
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr.contains("name `\\u{1b}[2J\\u{1b}[31mevil` holds a control character"),
        "{stderr}"
    );
    let out = towers(&["show", "\u{1b}[2Jkamisado"]);
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr.contains("unknown game `\\u{1b}[2Jkamisado`"),
        "{stderr}"
    );
    for stream in [&out.stdout, &out.stderr] {
        assert!(!stream.contains(&0x1b), "{stderr:?}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn play_stops_at_its_ply_cap() {
    // Computers with Tower of Power's end rules off would play on; the cap ends the game.
    let out = towers(&[
        "play",
        "tower-of-power",
        "--option",
        "no_capture_draw_plies=0",
        "--option",
        "material_draw_threshold=0",
        "--white",
        "random",
        "--black",
        "random",
        "--seed",
        "1",
        "--max-plies",
        "7",
    ]);
    let stdout = text(&out.stdout);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(stdout.contains("7. White (random) plays"), "{stdout}");
    assert!(!stdout.contains("8. "), "{stdout}");
    assert!(
        stdout.contains("Stopped after 7 moves: the --max-plies limit."),
        "{stdout}"
    );
    let out = towers(&["play", "kamisado", "--max-plies", "0"]);
    assert_eq!(out.status.code(), Some(2));
}

#[cfg(unix)]
#[test]
fn selfplay_and_tournaments_report_what_they_played_when_stopped() {
    let selfplay = Running::start(&[
        "selfplay",
        "kamisado",
        "--games",
        "1000000000",
        "--threads",
        "2",
    ]);
    selfplay.wait_for(|out| out.contains("1000000000 games"));
    std::thread::sleep(std::time::Duration::from_millis(300));
    selfplay.interrupt();
    let (code, stdout, stderr) = selfplay.finish();
    assert_eq!(code, Some(130), "{stderr}");
    assert!(stdout.contains(" games: White (random) won "), "{stdout}");
    assert!(
        stdout.contains("Stopped early (interrupted): ")
            && stdout.contains(" of 1000000000 games played."),
        "{stdout}"
    );
    let started = std::time::Instant::now();
    let out = towers(&[
        "tournament",
        "kamisado",
        "--players",
        "random,random,mcts:10",
        "--games",
        "1000000000",
        "--time-limit",
        "1s",
    ]);
    let stdout = text(&out.stdout);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(started.elapsed().as_secs() < 30);
    assert!(
        stdout.contains("Stopped early (the time limit was reached): "),
        "{stdout}"
    );
    // Equal specs are told apart in the standings.
    assert!(
        stdout.contains("random#1") && stdout.contains("random#2"),
        "{stdout}"
    );
    assert!(stdout.contains("random#1 vs random#2"), "{stdout}");
}

#[test]
fn tournaments_cap_their_players() {
    let many = vec!["random"; 10_000].join(",");
    let started = std::time::Instant::now();
    let out = towers(&["tournament", "kamisado", "--players", &many, "--games", "1"]);
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("10000 players: a tournament takes at most 100"),
        "{stderr}"
    );
    assert!(started.elapsed().as_secs() < 10);
    let hundred = vec!["random"; 100].join(",");
    let out = towers(&[
        "tournament",
        "kamisado",
        "--players",
        &hundred,
        "--games",
        "1",
        "--ladder",
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(text(&out.stdout).contains("random#100 over random#99"));
}
