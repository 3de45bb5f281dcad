//! The engine in conversation, in the process: the protocol's example exchange for every
//! game, hostile lines, searches stopped and options changed.

use std::io::{self, BufRead, Read, Write};
use std::sync::mpsc::{self, Receiver, Sender};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use board_kernel::Side;
use board_kernel::prelude::*;
use tower_games::registry::{self, GameVisitor};

use super::{Settings, serve};

/// The engine's input: what the test sends, as it sends it (the end of input when the test
/// drops its sender).
struct Input {
    chunks: Receiver<Vec<u8>>,
    buffer: Vec<u8>,
    at: usize,
}

impl Read for Input {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        let available = self.fill_buf()?;
        let n = available.len().min(out.len());
        out[..n].copy_from_slice(&available[..n]);
        self.consume(n);
        Ok(n)
    }
}

impl BufRead for Input {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        while self.at == self.buffer.len() {
            match self.chunks.recv() {
                Ok(chunk) => {
                    self.buffer = chunk;
                    self.at = 0;
                }
                Err(_) => return Ok(&[]),
            }
        }
        Ok(&self.buffer[self.at..])
    }
    fn consume(&mut self, n: usize) {
        self.at += n;
    }
}

/// The engine's output, line by line to the test.
struct Output {
    lines: Sender<String>,
    partial: Vec<u8>,
}

impl Write for Output {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        self.partial.extend_from_slice(bytes);
        while let Some(end) = self.partial.iter().position(|&b| b == b'\n') {
            let line: Vec<u8> = self.partial.drain(..=end).collect();
            let text = String::from_utf8(line[..end].to_vec()).expect("the engine writes UTF-8");
            let _ = self.lines.send(text);
        }
        Ok(bytes.len())
    }
    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// Long enough for any answer on a loaded machine; a hang fails the test instead of
/// blocking it.
const PATIENCE: Duration = Duration::from_secs(60);

/// A conversation with an engine running on its own thread.
struct Talk {
    input: Option<Sender<Vec<u8>>>,
    lines: Receiver<String>,
    engine: Option<JoinHandle<io::Result<()>>>,
}

impl Talk {
    fn start<G: Game>(game: G, player: &str) -> Talk {
        let (send, chunks) = mpsc::channel();
        let (out, lines) = mpsc::channel();
        let settings = Settings {
            options: Vec::new(),
            player: player.parse().unwrap(),
            seed: 1,
        };
        let engine = std::thread::spawn(move || {
            let mut input = Input {
                chunks,
                buffer: Vec::new(),
                at: 0,
            };
            let output = Output {
                lines: out,
                partial: Vec::new(),
            };
            serve(game, settings, &mut input, output)
        });
        Talk {
            input: Some(send),
            lines,
            engine: Some(engine),
        }
    }

    fn send_bytes(&self, bytes: &[u8]) {
        self.input.as_ref().unwrap().send(bytes.to_vec()).unwrap();
    }

    fn send(&self, line: &str) {
        self.send_bytes(format!("{line}\n").as_bytes());
    }

    fn next(&self) -> String {
        self.lines
            .recv_timeout(PATIENCE)
            .expect("the engine answers in time")
    }

    /// The lines up to and including the first that starts with `prefix`.
    fn until(&self, prefix: &str) -> Vec<String> {
        let mut lines = Vec::new();
        loop {
            let line = self.next();
            let done = line.starts_with(prefix);
            lines.push(line);
            if done {
                return lines;
            }
        }
    }

    /// Sends `line` then `isready`: the engine's answer to the line (everything before the
    /// `readyok`).
    fn ask(&self, line: &str) -> Vec<String> {
        self.send(line);
        self.send("isready");
        let mut lines = self.until("readyok");
        lines.pop();
        lines
    }

    /// Asks one question and expects one line.
    fn answer(&self, line: &str) -> String {
        let lines = self.ask(line);
        assert_eq!(lines.len(), 1, "{line}: {lines:?}");
        lines[0].clone()
    }

    /// Sends `quit` (unless `None`: the end of input then) and waits for the engine to end;
    /// the lines it wrote meanwhile.
    fn end(mut self, quit: bool) -> Vec<String> {
        if quit {
            self.send("quit");
        }
        self.input = None;
        let engine = self.engine.take().unwrap();
        let began = Instant::now();
        while !engine.is_finished() {
            assert!(began.elapsed() < PATIENCE, "the engine does not end");
            std::thread::sleep(Duration::from_millis(5));
        }
        engine.join().unwrap().unwrap();
        self.lines.try_iter().collect()
    }
}

/// The move of a `bestmove` line, read back as a move of `game` in `state`.
fn best_move<G: Game>(game: &G, state: &G::State, line: &str) -> G::Move {
    let text = line
        .strip_prefix("bestmove ")
        .unwrap_or_else(|| panic!("{line}"));
    let mv = game.parse_move(state, text).unwrap();
    game.check_move(state, &mv).unwrap();
    mv
}

/// The example exchange of the protocol text (cutegames' ugi.md), with alpha-beta at depth 2
/// (its example searches to depth 4: Chain Reaction's depth 3 alone takes minutes).
struct Example;

impl GameVisitor for Example {
    type Output = ();
    fn visit<G: Game>(self, game: G) {
        let talk = Talk::start(game.clone(), "mcts:100");
        talk.send("ugi");
        let hello = talk.until("ugiok");
        assert_eq!(hello[0], format!("id name towers {} 0.1.0", G::NAME));
        assert!(hello[1].starts_with("id author "));
        let options: Vec<&String> = hello
            .iter()
            .filter(|l| l.starts_with("option name "))
            .collect();
        // The player, its seed, hash, threads and every game option, and nothing else.
        assert_eq!(options.len() + 3, hello.len(), "{hello:?}");
        assert_eq!(
            options.len(),
            4 + <G::Options as board_kernel::GameOptions>::info().len(),
            "{hello:?}"
        );
        assert!(options[0].contains(" player type string default mcts:100"));
        assert_eq!(
            talk.ask("setoption name hash value 16"),
            Vec::<String>::new()
        );
        assert_eq!(
            talk.ask("setoption name player value alphabeta"),
            Vec::<String>::new()
        );
        talk.send("uginewgame");
        talk.send("position startpos");
        assert_eq!(talk.answer("query p1turn"), "response true");
        talk.send("go depth 2");
        let search = talk.until("bestmove ");
        let start = game.initial_state();
        let infos: Vec<&String> = search
            .iter()
            .filter(|l| l.starts_with("info depth "))
            .collect();
        assert_eq!(infos.len(), 2, "{search:?}");
        assert!(infos[0].starts_with("info depth 1 nodes "), "{}", infos[0]);
        assert!(infos[1].starts_with("info depth 2 nodes "), "{}", infos[1]);
        let mv = best_move(&game, &start, search.last().unwrap());
        let word = tower_games::ugi::one_word(&mv.to_string());
        assert!(
            infos[1].contains(&format!(" pv {word}")),
            "{}: {word}",
            infos[1]
        );
        talk.send(&format!("position startpos moves {word}"));
        let mut after = start.clone();
        game.play(&mut after, &mv).unwrap();
        let p1 = game.side_to_move(&after) == Side::White;
        assert_eq!(talk.answer("query p1turn"), format!("response {p1}"));
        assert_eq!(talk.answer("query result"), "response none");
        assert_eq!(talk.answer("query gameover"), "response false");
        let mut legal = Vec::new();
        game.legal_moves(&after, &mut legal);
        let listed = talk.answer("validmoves");
        let words: Vec<&str> = listed.split(' ').collect();
        assert_eq!(words[0], "validmoves");
        assert_eq!(words.len() - 1, legal.len());
        for (word, mv) in words[1..].iter().zip(&legal) {
            assert_eq!(*word, tower_games::ugi::one_word(&mv.to_string()));
        }
        assert_eq!(talk.end(true), Vec::<String>::new());
    }
}

#[test]
fn the_protocols_example_exchange_for_every_game() {
    for name in registry::names() {
        registry::visit(name, &[], Example).unwrap();
    }
}

#[test]
fn hostile_lines_are_answered_with_an_error_and_change_nothing() {
    let game = kamisado::Kamisado::with_options(Default::default()).unwrap();
    let talk = Talk::start(game.clone(), "mcts:50");
    let start = talk.answer("validmoves");
    talk.send("position startpos moves d1-d7");
    let after = talk.answer("validmoves");
    let error = |line: &str| {
        let answer = talk.ask(line);
        assert_eq!(answer.len(), 1, "{line:?}: {answer:?}");
        assert!(
            answer[0].starts_with("info string error: "),
            "{line:?}: {answer:?}"
        );
        // Bounded, whatever the line was.
        assert!(answer[0].len() < 400, "{line:?}: {} bytes", answer[0].len());
        answer[0].clone()
    };
    let big = format!("go {}", "x".repeat(1 << 20));
    let hostile = [
        "frobnicate",
        "UGI",
        "is\0ready",
        "\u{fffd}\u{1}\u{7f}",
        big.as_str(),
        "position",
        "position startpos extra",
        "position fen",
        "position fen not a position",
        "position startpos moves d1-d7 zz",
        "position startpos moves d1-d7 a8-a1",
        "position startpos moves d1-d7 h8-h1 d1-d2",
        "go movetime abc",
        "go movetime",
        "go sideways 3",
        "go depth 18446744073709551616",
        "setoption",
        "setoption name",
        "setoption value 3",
        "setoption name hash value -5",
        "setoption name hash value 99999999999999999999",
        "setoption name hash value 0",
        "setoption name threads value 4",
        "setoption name player value robot",
        "setoption name player value mcts:0",
        "setoption name seed value -1",
        "setoption name match_target value 2",
        "setoption name no_such_option value 1",
        "query",
        "query nonsense",
        "query p1turn please",
    ];
    let mut answers = Vec::new();
    for line in hostile {
        answers.push(error(line));
    }
    assert!(answers[2].contains(r"`is\u{0}ready`"), "{}", answers[2]);
    assert!(
        answers[4].contains("longer than 65536 bytes"),
        "{}",
        answers[4]
    );
    assert!(answers[9].contains("move 2 `zz`"), "{}", answers[9]);
    assert!(
        answers[9].ends_with("the position is unchanged"),
        "{}",
        answers[9]
    );
    // A move the rules refuse cites the rule book's section (Black must move the green
    // tower, d7 being green: section 1.2 of Kamisado's rule book), not the specification's.
    assert_eq!(
        answers[10],
        "info string error: position: move 2 `a8-a1`: illegal move `a8-a1`: the required \
         tower is the green one on g8 (rule 1.2, Which tower moves); the position is unchanged"
    );
    // Bytes that are not UTF-8, and a line that never ends until the input does.
    talk.send_bytes(b"\xff\xfe\xfd\n");
    assert!(
        talk.next()
            .starts_with("info string error: unknown command")
    );
    // Blank lines and stray white space are nothing; `stop` with no search is nothing.
    for quiet in ["", "   ", "\t", "stop"] {
        assert_eq!(talk.ask(quiet), Vec::<String>::new(), "{quiet:?}");
    }
    talk.send("  isready\t");
    assert_eq!(talk.next(), "readyok");
    // Windows line ends.
    talk.send_bytes(b"query gameover\r\n");
    assert_eq!(talk.next(), "response false");
    // Nothing changed: still after d1-d7, the options as they were.
    assert_eq!(talk.answer("validmoves"), after);
    talk.send("ugi");
    let hello = talk.until("ugiok");
    assert!(hello.contains(&"option name match_target type string default 1".to_owned()));
    assert!(hello.contains(&"option name player type string default mcts:50".to_owned()));
    // A new game goes back to the start; `go` before `position` searches it and says so.
    talk.send("uginewgame");
    assert_eq!(talk.answer("validmoves"), start);
    talk.send("go");
    let search = talk.until("bestmove ");
    assert_eq!(
        search[0],
        "info string no position given: searching the start position"
    );
    best_move(&game, &game.initial_state(), search.last().unwrap());
    // A finished game: no move, said so.
    let finished = format!(
        "position startpos moves {}",
        white_wins_in_three(&game).join(" ")
    );
    assert_eq!(talk.ask(&finished), Vec::<String>::new());
    assert_eq!(talk.answer("query result"), "response p1win");
    talk.send("go");
    let over = talk.until("bestmove ");
    assert!(
        over[0].starts_with("info string error: go: the game is over"),
        "{over:?}"
    );
    assert_eq!(over.last().unwrap(), "bestmove 0000");
    assert_eq!(talk.end(true), Vec::<String>::new());
}

/// Three moves after which White has won Kamisado (a tower on Black's home row), found by
/// trying every line.
fn white_wins_in_three(game: &kamisado::Kamisado) -> Vec<String> {
    let start = game.initial_state();
    let mut moves = Vec::new();
    game.legal_moves(&start, &mut moves);
    for first in &moves {
        let mut one = start.clone();
        game.play_unchecked(&mut one, first);
        let mut replies = Vec::new();
        game.legal_moves(&one, &mut replies);
        for reply in &replies {
            let mut two = one.clone();
            game.play_unchecked(&mut two, reply);
            let mut thirds = Vec::new();
            game.legal_moves(&two, &mut thirds);
            for third in &thirds {
                let mut three = two.clone();
                game.play_unchecked(&mut three, third);
                if game
                    .status(&three)
                    .result()
                    .is_some_and(|r| r.winner == Some(Side::White))
                {
                    return [first, reply, third].map(ToString::to_string).to_vec();
                }
            }
        }
    }
    panic!("no win in three");
}

#[test]
fn isready_is_answered_while_searching_and_stop_answers_at_once() {
    let game = kamisado::Kamisado::with_options(Default::default()).unwrap();
    let talk = Talk::start(game.clone(), "mcts");
    talk.send("position startpos");
    talk.send("go infinite");
    // Infinite: nothing but progress until `stop`, and `isready` meanwhile.
    std::thread::sleep(Duration::from_millis(300));
    let waiting = talk.ask("go depth 3");
    assert_eq!(
        waiting
            .iter()
            .filter(|l| !l.starts_with("info depth "))
            .collect::<Vec<_>>(),
        ["info string error: go: already searching (send stop first)"]
    );
    let began = Instant::now();
    talk.send("stop");
    let stopped = talk.until("bestmove ");
    assert!(
        began.elapsed() < Duration::from_secs(10),
        "{:?}",
        began.elapsed()
    );
    best_move(&game, &game.initial_state(), stopped.last().unwrap());
    // The final report comes before the move, and names it first.
    let report = &stopped[stopped.len() - 2];
    let mv = stopped.last().unwrap().strip_prefix("bestmove ").unwrap();
    assert!(report.contains(&format!(" pv {mv}")), "{report}");
    // A second stop has nothing to stop.
    assert_eq!(talk.ask("stop"), Vec::<String>::new());
    assert_eq!(talk.end(true), Vec::<String>::new());
}

#[test]
fn a_time_limit_bounds_even_the_perfect_players_proofs() {
    // Tower of Power's opening is far beyond any proof: a billion positions would take
    // hours, `movetime` stops them (the proofs get half, MCTS the rest).
    let game = tower_of_power::TowerOfPower::with_options(Default::default()).unwrap();
    let talk = Talk::start(game.clone(), "perfect:1000000000");
    talk.send("position startpos");
    let began = Instant::now();
    talk.send("go movetime 300");
    let search = talk.until("bestmove ");
    assert!(
        began.elapsed() < Duration::from_secs(20),
        "{:?}",
        began.elapsed()
    );
    best_move(&game, &game.initial_state(), search.last().unwrap());
    // The end of input lets a search finish and answer.
    talk.send("go nodes 20");
    let rest = talk.end(false);
    let last = rest.last().unwrap();
    best_move(&game, &game.initial_state(), last);
}

#[test]
fn game_options_change_the_rules_and_restart_the_position() {
    let game = kamisado::Kamisado::with_options(Default::default()).unwrap();
    let talk = Talk::start(game, "random");
    talk.send("position startpos moves d1-d7");
    assert_eq!(talk.answer("query p1turn"), "response false");
    assert_eq!(
        talk.ask("setoption name match_target value 3"),
        Vec::<String>::new()
    );
    // A new rule, a new game: White to move at the start again.
    assert_eq!(talk.answer("query p1turn"), "response true");
    talk.send("ugi");
    let hello = talk.until("ugiok");
    assert!(hello.contains(&"option name match_target type string default 3".to_owned()));
    // Names are read in any case.
    assert_eq!(
        talk.ask("setoption name MATCH_TARGET value 1"),
        Vec::<String>::new()
    );
    talk.send("ugi");
    assert!(
        talk.until("ugiok")
            .contains(&"option name match_target type string default 1".to_owned())
    );
    assert_eq!(
        talk.ask("setoption name threads value 1"),
        Vec::<String>::new()
    );
    assert_eq!(talk.end(true), Vec::<String>::new());
}

#[test]
fn a_position_that_continues_the_last_one_adds_only_its_new_moves() {
    fn continued(before: &[&str], now: &[&'static str]) -> Option<Vec<&'static str>> {
        let sent: Vec<String> = before.iter().map(|w| (*w).to_owned()).collect();
        super::continued(&sent, now).map(<[&str]>::to_vec)
    }
    assert_eq!(
        continued(&["startpos"], &["startpos", "moves", "a"]),
        Some(vec!["a"])
    );
    assert_eq!(
        continued(
            &["startpos", "moves", "a"],
            &["startpos", "moves", "a", "b", "c"]
        ),
        Some(vec!["b", "c"])
    );
    assert_eq!(
        continued(&["startpos", "moves", "a"], &["startpos", "moves", "a"]),
        Some(vec![])
    );
    // Another game, another start, a shorter game, or a longer position text: from scratch.
    assert_eq!(
        continued(&["startpos", "moves", "a"], &["startpos", "moves", "b"]),
        None
    );
    assert_eq!(continued(&["fen", "x", "w"], &["startpos"]), None);
    assert_eq!(
        continued(
            &["startpos", "moves", "a", "b"],
            &["startpos", "moves", "a"]
        ),
        None
    );
    assert_eq!(continued(&["fen", "x", "w"], &["fen", "x", "w", "0"]), None);
    // In conversation: a continued game reaches the same position as a fresh engine told it
    // whole.
    let game = kamisado::Kamisado::with_options(Default::default()).unwrap();
    let line = white_wins_in_three(&game);
    let talk = Talk::start(game.clone(), "random");
    let fresh = Talk::start(game, "random");
    for n in 1..=line.len() {
        let command = format!("position startpos moves {}", line[..n].join(" "));
        talk.send(&command);
        assert_eq!(talk.answer("validmoves"), {
            fresh.send("uginewgame");
            fresh.send(&command);
            fresh.answer("validmoves")
        });
    }
    assert_eq!(talk.answer("query result"), "response p1win");
    talk.end(true);
    fresh.end(true);
}
