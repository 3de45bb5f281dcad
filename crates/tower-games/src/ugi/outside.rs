//! An outside engine as a player: the child process, the conversation, and the referee's
//! checks of every answer.

use std::io::{BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

use board_kernel::{Game, Side};
use game_ai::Player;

use super::{Line, MAX_LINE, OutsideEngine, TimeControl, one_word, read_line};

/// How long an engine may take to answer `ugi` with `ugiok`, and `isready` with `readyok`
/// before a game: an engine that does not is out of the game.
pub const HANDSHAKE: Duration = Duration::from_secs(5);

/// How long an engine may take to leave after `quit` before it is killed.
const QUIT: Duration = Duration::from_millis(200);

/// The most positions tried when working out the opponent's moves between two of ours.
const INFER_LIMIT: usize = 50_000;

/// Lines an engine may have written ahead of the referee's reading: the reader thread waits
/// beyond that, so an engine that floods its output holds at most this many lines (of at most
/// [`MAX_LINE`] bytes) in memory.
const AHEAD: usize = 256;

/// A running engine: its process, its input, and its output lines arriving from a reader
/// thread (so that every wait has a timeout).
struct Process {
    child: Child,
    input: ChildStdin,
    lines: Receiver<String>,
}

impl Process {
    /// Starts `command` with piped input and output (its error output dropped).
    fn start(command: &[String]) -> Result<Process, String> {
        let (program, arguments) = command.split_first().ok_or("an empty command")?;
        let mut child = Command::new(program)
            .args(arguments)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("cannot start `{program}`: {e}"))?;
        let (Some(input), Some(output)) = (child.stdin.take(), child.stdout.take()) else {
            let _ = child.kill();
            let _ = child.wait();
            return Err("no pipes to the engine".to_owned());
        };
        let (send, lines) = mpsc::sync_channel(AHEAD);
        // Never joined: a grandchild may keep the pipe open after the engine is killed; the
        // thread ends at the pipe's end or when nobody listens any more. A line longer than
        // the cap is dropped: it is no answer the referee waits for.
        std::thread::spawn(move || {
            let mut output = BufReader::new(output);
            let mut line = Vec::new();
            loop {
                match read_line(&mut output, &mut line, MAX_LINE) {
                    Ok(Line::End) | Err(_) => return,
                    Ok(Line::TooLong) => {}
                    Ok(Line::Read) => {
                        let text = String::from_utf8_lossy(&line).into_owned();
                        if send.send(text).is_err() {
                            return;
                        }
                    }
                }
            }
        });
        Ok(Process {
            child,
            input,
            lines,
        })
    }

    fn send(&mut self, line: &str) -> Result<(), String> {
        writeln!(self.input, "{line}")
            .and_then(|()| self.input.flush())
            .map_err(|e| format!("{}: cannot send `{line}` ({e})", self.ended()))
    }

    /// Waits until `until` for a line that `wanted` accepts, handing every line to `each`.
    fn wait(
        &mut self,
        until: Instant,
        what: &str,
        mut each: impl FnMut(&str) -> bool,
    ) -> Result<(), String> {
        loop {
            let left = until.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) => {
                    if each(line.trim()) {
                        return Ok(());
                    }
                }
                Err(RecvTimeoutError::Timeout) => return Err(format!("no {what} in time")),
                Err(RecvTimeoutError::Disconnected) => {
                    return Err(format!("{} before {what}", self.ended()));
                }
            }
        }
    }

    /// What became of the engine, for an error: its exit status when it has ended.
    fn ended(&mut self) -> String {
        match self.child.try_wait() {
            Ok(Some(status)) => format!("the engine ended ({status})"),
            _ => "the engine closed its output".to_owned(),
        }
    }

    /// Ends the engine at once.
    fn kill(mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }

    /// Asks the engine to leave, and kills it when it does not at once.
    fn close(mut self) {
        let _ = writeln!(self.input, "quit").and_then(|()| self.input.flush());
        let asked = Instant::now();
        while asked.elapsed() < QUIT {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Starts `command` and greets it: `ugi` … `ugiok`, the seed when it offers a `seed` option,
/// `uginewgame`, `isready` … `readyok`, each answer within [`HANDSHAKE`].
fn greet(command: &[String], seed: Option<u64>) -> Result<Process, String> {
    let mut process = Process::start(command)?;
    let greeted = (|| {
        process.send("ugi")?;
        let mut seeded = false;
        process.wait(Instant::now() + HANDSHAKE, "`ugiok`", |line| {
            let mut words = line.split_whitespace();
            if words.next() == Some("option") && words.next() == Some("name") {
                seeded |= words.next() == Some("seed");
            }
            line == "ugiok"
        })?;
        if let (true, Some(seed)) = (seeded, seed) {
            process.send(&format!("setoption name seed value {seed}"))?;
        }
        process.send("uginewgame")?;
        process.send("isready")?;
        process.wait(Instant::now() + HANDSHAKE, "`readyok`", |line| {
            line == "readyok"
        })
    })();
    match greeted {
        Ok(()) => Ok(process),
        Err(e) => {
            process.kill();
            Err(e)
        }
    }
}

impl OutsideEngine {
    /// Starts the engine, greets it as a game would and lets it go: whether it can play at
    /// all, asked before a series so that a wrong command is an error, not a series of
    /// forfeits.
    ///
    /// # Errors
    /// The engine does not start, or does not answer `ugi` and `isready` in time.
    pub fn check(&self) -> Result<(), String> {
        greet(&self.command, None).map(Process::close)
    }
}

/// An outside engine playing one game: started when the player is made (so that its start
/// is not counted as thinking), told the game so far with `position … moves …` and asked
/// with `go` under its time control. Every answer is refereed:
/// a move that is not legal, no answer in time, or an engine that ends, and the player
/// forfeits ([`Player::forfeit`] says why) — the game is lost, the engine killed. The process
/// is asked to quit (and killed if it does not) when the player is dropped.
pub struct OutsidePlayer<G: Game> {
    engine: OutsideEngine,
    process: Option<Process>,
    forfeit: Option<String>,
    /// The first position the player saw and the moves (as sent) played since.
    start: Option<G::State>,
    moves: Vec<String>,
    /// The position after its last move.
    after: Option<G::State>,
    /// The clocks of a [`TimeControl::Clock`]: its own and its opponent's (unused with
    /// [`TimeControl::PerMove`]).
    clocks: (Duration, Duration),
    /// When it last answered (the opponent's thinking starts then).
    answered: Option<Instant>,
    /// The last `info` line, for [`Player::report`].
    info: Option<String>,
}

impl<G: Game> OutsidePlayer<G> {
    /// How much later than its limit an engine may answer: process scheduling and the pipes
    /// take a little time that is not the engine's.
    pub const GRACE: Duration = Duration::from_millis(150);

    /// The player of `engine`, started and greeted at once (within [`HANDSHAKE`] for each
    /// answer); `seed` is handed to an engine that offers a `seed` option. An engine that
    /// does not start forfeits its first move.
    #[must_use]
    pub fn new(engine: OutsideEngine, seed: u64) -> Self {
        let clocks = match engine.time {
            TimeControl::Clock { time, .. } => (time, time),
            TimeControl::PerMove(_) => (Duration::ZERO, Duration::ZERO),
        };
        let (process, forfeit) = match greet(&engine.command, Some(seed)) {
            Ok(process) => (Some(process), None),
            Err(e) => (None, Some(e)),
        };
        let mut player = OutsidePlayer {
            engine,
            process,
            forfeit: None,
            start: None,
            moves: Vec::new(),
            after: None,
            clocks,
            answered: None,
            info: None,
        };
        player.forfeit = forfeit.map(|e| player.named(&e));
        player
    }

    /// A forfeit's reason: the engine's name, then why.
    fn named(&self, reason: &str) -> String {
        format!("{} {reason}", Player::<G>::name(self))
    }

    /// Brings the game record up to `state`: the opponent's moves since our last (or, at
    /// the first move, since the initial position), found by trying the legal moves (one, or
    /// two when a side moves twice); from `state` itself when they cannot be found (a game
    /// from another start, whose earlier history the engine then does not see).
    fn follow(&mut self, game: &G, state: &G::State) {
        let same = |a: &G::State, b: &G::State| a == b && game.history(a) == game.history(b);
        let initial = game.initial_state();
        let (from, found) = match (&self.start, &self.after) {
            (Some(_), Some(after)) if same(after, state) => (None, Some(Vec::new())),
            (Some(_), Some(after)) => (None, replies(game, after, state)),
            _ if same(&initial, state) => (Some(initial), Some(Vec::new())),
            _ => {
                let found = replies(game, &initial, state);
                (Some(initial), found)
            }
        };
        match found {
            Some(replies) => {
                if let Some(from) = from {
                    self.start = Some(from);
                    self.moves.clear();
                }
                self.moves
                    .extend(replies.iter().map(|mv| one_word(&mv.to_string())));
            }
            None => {
                self.start = Some(state.clone());
                self.moves.clear();
            }
        }
    }

    /// The `position` command for the game so far.
    fn position(&self, game: &G) -> String {
        let start = self.start.as_ref().expect("set by follow");
        let initial = game.initial_state();
        let mut command = if *start == initial && game.history(start) == game.history(&initial) {
            "position startpos".to_owned()
        } else {
            format!("position fen {start}")
        };
        if !self.moves.is_empty() {
            command.push_str(" moves ");
            command.push_str(&self.moves.join(" "));
        }
        command
    }

    /// One move: the position, `go`, the answer within the time, and the referee's checks.
    fn play(&mut self, game: &G, state: &G::State) -> Result<G::Move, String> {
        self.follow(game, state);
        let side = game.side_to_move(state);
        let increment = match self.engine.time {
            TimeControl::Clock { increment, .. } => increment,
            TimeControl::PerMove(_) => Duration::ZERO,
        };
        if let Some(answered) = self.answered {
            self.clocks.1 = self.clocks.1.saturating_sub(answered.elapsed()) + increment;
        }
        let (go, limit) = match self.engine.time {
            TimeControl::PerMove(time) => (format!("go movetime {}", time.as_millis()), time),
            TimeControl::Clock { .. } => {
                let (mine, theirs) = self.clocks;
                let (p1, p2) = if side == Side::White {
                    (mine, theirs)
                } else {
                    (theirs, mine)
                };
                let inc = increment.as_millis();
                (
                    format!(
                        "go p1time {} p2time {} p1inc {inc} p2inc {inc}",
                        p1.as_millis(),
                        p2.as_millis()
                    ),
                    mine,
                )
            }
        };
        let mut position = self.position(game);
        if position.len() > MAX_LINE {
            // A game too long for one line (thousands of moves): from its current position,
            // whose repetition history the engine then does not know.
            self.start = Some(state.clone());
            self.moves.clear();
            position = self.position(game);
        }
        let process = self.process.as_mut().ok_or("the engine is not running")?;
        process.send(&position)?;
        process.send(&go)?;
        let asked = Instant::now();
        let mut answer = None;
        let info = &mut self.info;
        let waited = process.wait(asked + limit + Self::GRACE, "`bestmove`", |line| {
            if let Some(rest) = line.strip_prefix("info ") {
                *info = Some(rest.to_owned());
            }
            let mut words = line.split_whitespace();
            if words.next() == Some("bestmove") {
                answer = Some(words.next().unwrap_or("").to_owned());
                return true;
            }
            false
        });
        let took = asked.elapsed();
        waited.map_err(|e| match e.strip_prefix("no ") {
            Some(_) => format!("lost on time: no move within {} ms", limit.as_millis()),
            None => e,
        })?;
        if took > limit + Self::GRACE {
            return Err(format!(
                "lost on time: answered after {} ms of {} ms",
                took.as_millis(),
                limit.as_millis()
            ));
        }
        let text = answer.unwrap_or_default();
        let excerpt = board_kernel::excerpt(&text);
        let mv = game
            .parse_move(state, &text)
            .map_err(|e| format!("sent `{excerpt}`, not a move: {}", e.reason))?;
        game.check_move(state, &mv).map_err(|e| {
            format!(
                "sent the illegal move `{excerpt}`: {}",
                board_kernel::refusal_text::<G>(&e)
            )
        })?;
        self.clocks.0 = self.clocks.0.saturating_sub(took) + increment;
        self.moves.push(one_word(&mv.to_string()));
        let mut after = state.clone();
        game.play_unchecked(&mut after, &mv);
        self.after = Some(after);
        self.answered = Some(Instant::now());
        Ok(mv)
    }
}

/// The moves, one or two, that lead from `from` to `to` (two when a side moved twice), within
/// [`INFER_LIMIT`] positions tried.
fn replies<G: Game>(game: &G, from: &G::State, to: &G::State) -> Option<Vec<G::Move>> {
    let same = |a: &G::State| a == to && game.history(a) == game.history(to);
    let mut firsts = Vec::new();
    game.legal_moves(from, &mut firsts);
    let mut tried = 0;
    let mut children = Vec::with_capacity(firsts.len());
    for mv in &firsts {
        let mut child = from.clone();
        game.play_unchecked(&mut child, mv);
        if same(&child) {
            return Some(vec![mv.clone()]);
        }
        children.push(child);
    }
    let mut seconds = Vec::new();
    for (first, child) in firsts.iter().zip(&children) {
        seconds.clear();
        game.legal_moves(child, &mut seconds);
        for second in &seconds {
            tried += 1;
            if tried > INFER_LIMIT {
                return None;
            }
            let mut grandchild = child.clone();
            game.play_unchecked(&mut grandchild, second);
            if same(&grandchild) {
                return Some(vec![first.clone(), second.clone()]);
            }
        }
    }
    None
}

impl<G: Game> Player<G> for OutsidePlayer<G> {
    fn name(&self) -> String {
        super::Computer::Ugi(self.engine.clone()).to_string()
    }

    fn choose(&mut self, game: &G, state: &G::State) -> Option<G::Move> {
        if self.forfeit.is_some() || game.status(state).is_finished() {
            return None;
        }
        match self.play(game, state) {
            Ok(mv) => Some(mv),
            Err(reason) => {
                self.forfeit = Some(self.named(&reason));
                // Out of the game: no need to hear more from it.
                if let Some(process) = self.process.take() {
                    process.kill();
                }
                None
            }
        }
    }

    fn forfeit(&self) -> Option<String> {
        self.forfeit.clone()
    }

    fn report(&self) -> Option<String> {
        self.info.clone()
    }
}

impl<G: Game> Drop for OutsidePlayer<G> {
    fn drop(&mut self) {
        if let Some(process) = self.process.take() {
            process.close();
        }
    }
}
