//! Engines that speak UGI, as processes: `towers ugi` against itself through `towers
//! tournament` for every game, hostile input on its real standard input, and outside engines
//! that crash, send an illegal move or never answer, each losing cleanly.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use tower_games::record::Record;

const TOWERS: &str = env!("CARGO_BIN_EXE_towers");

fn towers(args: &[&str]) -> Output {
    Command::new(TOWERS)
        .args(args)
        .env("NO_COLOR", "1")
        .stdin(Stdio::null())
        .output()
        .expect("the towers binary runs")
}

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// The lines of a tournament's output that are its results: the pair lines and the totals.
fn results(out: &Output) -> Vec<String> {
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    stdout(out)
        .lines()
        .filter_map(|l| {
            if l.contains(" vs ") {
                // The first's results, score and Elo, without the (differing) names.
                l.find('+').map(|at| l[at..].to_owned())
            } else if l.contains(" games, ") && l.contains("plies a game") {
                l.split(" plies a game").next().map(str::to_owned)
            } else {
                None
            }
        })
        .collect()
}

/// A `towers ugi` engine as a seat (the binary's path quoted, in case it has spaces).
fn engine(game: &str, options: &[&str], player: &str) -> String {
    let mut seat = format!("ugi:\"{TOWERS}\" ugi {game} --player {player}");
    for option in options {
        seat.push_str(&format!(" -o {option}"));
    }
    seat
}

#[test]
fn two_towers_ugi_engines_play_whole_games_as_our_players_would() {
    // Two seeded count-budget players, once in the process and once each behind the
    // protocol: the engines are given the tournament's seeds, so the games — hence the
    // results and their lengths — must be the same, game for game. Every game ends by the
    // rules (a forfeit would change the results). A generous time per move keeps the clock
    // out of it.
    let games: [(&str, &[&str]); 5] = [
        ("kamisado", &[]),
        ("tower-of-power", &[]),
        ("seven-sages", &["points_to_win=1"]),
        ("chain-reaction", &["max_plies=40"]),
        ("queens-courtiers", &[]),
    ];
    for (game, options) in games {
        let mut common = vec![
            "tournament",
            game,
            "--games",
            "2",
            "--seed",
            "9",
            "--threads",
            "2",
        ];
        for option in options {
            common.extend(["-o", option]);
        }
        let mut ours = common.clone();
        ours.extend(["--players", "mcts:30,mcts:10"]);
        let (first, second) = (
            engine(game, options, "mcts:30"),
            engine(game, options, "mcts:10"),
        );
        let players = format!("{first},{second}");
        let mut theirs = common.clone();
        theirs.extend(["--players", &players, "--movetime", "60000"]);
        let expected = results(&towers(&ours));
        assert_eq!(expected.len(), 2, "{game}: {expected:?}");
        assert!(expected[1].starts_with("2 games"), "{game}: {expected:?}");
        assert_eq!(results(&towers(&theirs)), expected, "{game}");
        if game == "kamisado" {
            // A clock for the game instead: `go p1time p2time p1inc p2inc`.
            let last = theirs.len() - 2;
            theirs[last..].copy_from_slice(&["--clock", "60000+100"]);
            assert_eq!(results(&towers(&theirs)), expected, "{game} with a clock");
        }
    }
}

#[test]
fn the_engine_survives_hostile_input_on_its_standard_input() {
    let mut child = Command::new(TOWERS)
        .args(["ugi", "kamisado"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut input = child.stdin.take().unwrap();
    let mut hostile = Vec::new();
    hostile.extend_from_slice(b"frobnicate\n\0\0\0\n\xff\xfe\n");
    hostile.extend(std::iter::repeat_n(b'x', 1 << 20));
    hostile.extend_from_slice(b"\nposition startpos moves d1-d7 zz\ngo before\nstop\n");
    hostile.extend_from_slice(b"setoption name hash value -1\nposition startpos moves d1-d7\n");
    hostile.extend_from_slice(b"query p1turn\nisready\nquit\n");
    input.write_all(&hostile).unwrap();
    drop(input);
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success(), "{out:?}");
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    let errors = lines
        .iter()
        .filter(|l| l.starts_with("info string error: "))
        .count();
    // frobnicate, the NULs, the bytes that are not UTF-8, the 1 MB line, the illegal move,
    // the bad go and the bad hash: one error each; the rest answered.
    assert_eq!(errors, 7, "{text}");
    assert_eq!(
        lines[lines.len() - 2..],
        ["response false", "readyok"],
        "{text}"
    );
    assert!(
        out.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// A fake engine that greets as UGI asks, then misbehaves at `go` as `mode` says: `crash`
/// (exits), `illegal` (answers a move that is not legal), `silent` (never answers), `noisy`
/// (a 100 kB line and 2000 `info` lines, then Kamisado's `d1-d7` — legal only as White's
/// first move).
const FAKE: &str = r#"
mode="$1"
while IFS= read -r line; do
  case "$line" in
    ugi) echo "id name fake $mode"; echo ugiok ;;
    isready) echo readyok ;;
    go*)
      case "$mode" in
        crash) exit 3 ;;
        illegal) echo "bestmove a1-a8" ;;
        noisy)
          head -c 100000 /dev/zero | tr '\0' x; echo
          i=0; while [ $i -lt 2000 ]; do echo "info depth 1 nodes $i"; i=$((i+1)); done
          echo "bestmove d1-d7" ;;
      esac ;;
    quit) exit 0 ;;
  esac
done
"#;

/// A directory of its own for a test's files.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("towers-ugi-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn fake_engine(dir: &Path) -> String {
    let script = dir.join("fake.sh");
    std::fs::write(&script, FAKE).unwrap();
    format!("ugi:sh \"{}\"", script.display())
}

#[cfg(unix)]
#[test]
fn engines_that_crash_cheat_or_fall_silent_lose_every_game_cleanly() {
    let dir = scratch("bad");
    let fake = fake_engine(&dir);
    for (mode, time) in [
        ("crash", ["--movetime", "200"]),
        ("illegal", ["--movetime", "200"]),
        ("silent", ["--movetime", "200"]),
        ("silent", ["--clock", "300+50"]),
    ] {
        let began = Instant::now();
        let players = format!("{fake} {mode},random");
        let mut args = vec![
            "tournament",
            "kamisado",
            "--players",
            &players,
            "--games",
            "4",
            "--threads",
            "2",
        ];
        args.extend(time);
        let out = towers(&args);
        let took = began.elapsed();
        assert!(out.status.success(), "{mode}: {out:?}");
        let text = stdout(&out);
        // The fake engine lost all four games, with either colour.
        let pair = text.lines().find(|l| l.contains(" vs ")).unwrap();
        assert!(pair.contains("+0 =0 -4"), "{mode}: {text}");
        assert!(took < Duration::from_secs(30), "{mode}: {took:?}");
    }
    // In `towers play` the forfeit is said, and the record keeps it.
    let record = dir.join("illegal.json");
    let white = format!("{fake} illegal");
    let out = towers(&[
        "play",
        "kamisado",
        "--white",
        &white,
        "--black",
        "random",
        "--seed",
        "1",
        "--record",
        record.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{out:?}");
    let text = stdout(&out);
    assert!(text.contains("forfeits: "), "{text}");
    // The referee's reason cites the rule book's section (1.1: a tower never lands on
    // another), not the specification's `§3.1`.
    assert!(
        text.contains(
            "sent the illegal move `a1-a8`: a8 is occupied (rule 1.1, How a tower moves)"
        ),
        "{text}"
    );
    let saved = Record::from_json(&std::fs::read_to_string(&record).unwrap()).unwrap();
    assert_eq!(saved.forfeit, Some(board_kernel::Side::White));
    assert!(saved.moves.is_empty());
    let result = saved.result.as_ref().unwrap();
    assert_eq!(result.winner, Some(board_kernel::Side::Black));
    assert!(result.reason.contains("illegal move"), "{}", result.reason);
    let replayed = towers(&["replay", record.to_str().unwrap()]);
    assert!(replayed.status.success(), "{replayed:?}");
    assert!(
        stdout(&replayed).contains("forfeited by White"),
        "{}",
        stdout(&replayed)
    );
    // Noise is no answer and no fault: the first move counts, the second (the same move
    // again) is illegal.
    let noisy = format!("{fake} noisy");
    let record = dir.join("noisy.json");
    let out = towers(&[
        "play",
        "kamisado",
        "--white",
        &noisy,
        "--black",
        "random",
        "--record",
        record.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{out:?}");
    let saved = Record::from_json(&std::fs::read_to_string(&record).unwrap()).unwrap();
    assert_eq!(saved.moves[0], "d1-d7");
    assert_eq!(saved.forfeit, Some(board_kernel::Side::White));
    let reason = &saved.result.as_ref().unwrap().reason;
    assert!(reason.contains("illegal move `d1-d7`"), "{reason}");
    // A series: the crashing engine loses every game as Black.
    let black = format!("{fake} crash");
    let out = towers(&[
        "selfplay", "kamisado", "--white", "random", "--black", &black, "--games", "3",
    ]);
    assert!(out.status.success(), "{out:?}");
    assert!(
        stdout(&out).contains("White (random) won 100.0%"),
        "{}",
        stdout(&out)
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[cfg(unix)]
#[test]
fn an_engine_that_never_starts_or_never_greets_is_an_error_not_a_hang() {
    let dir = scratch("mute");
    let mute = dir.join("mute.sh");
    std::fs::write(&mute, "while IFS= read -r line; do :; done\n").unwrap();
    let began = Instant::now();
    let players = format!("ugi:sh \"{}\",random", mute.display());
    let out = towers(&[
        "tournament",
        "kamisado",
        "--players",
        &players,
        "--games",
        "2",
    ]);
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    let error = String::from_utf8_lossy(&out.stderr);
    assert!(error.contains("no `ugiok` in time"), "{error}");
    assert!(began.elapsed() < Duration::from_secs(30));
    let out = towers(&[
        "tournament",
        "kamisado",
        "--players",
        "ugi:./no-such-engine,random",
        "--games",
        "2",
    ]);
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    let error = String::from_utf8_lossy(&out.stderr);
    assert!(error.contains("cannot start `./no-such-engine`"), "{error}");
    let _ = std::fs::remove_dir_all(&dir);
}
