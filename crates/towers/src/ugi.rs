//! `towers ugi`: a Universal Game Interface engine on standard input and output, for every
//! registered game (docs/ugi.md is the protocol as spoken here).
//!
//! The engine is [`serve`], a loop over any reader and writer, so that tests talk to it in
//! the process. Searches run on a thread of their own: the loop keeps reading, answers
//! `isready` at once and stops a search on `stop` (the searcher answers with its best move
//! so far, through `game_ai::control`). Nothing on the input can make it panic or hold more
//! than a line of [`MAX_LINE`] bytes: a line it cannot use is answered with an
//! `info string error: …` and changes nothing.

use std::io::{self, BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::thread::JoinHandle;
use std::time::Duration;

use board_kernel::{Game, GameOptions, Side, Status};
use clap::Args;
use game_ai::control::{Control, Progress, Score, Stop};
use game_ai::{AlphaBeta, AlphaBetaConfig, Budget, Player, PlayerSpec};
use tower_games::registry::{self, GameVisitor};
use tower_games::ugi::{Line, MAX_LINE, one_word, read_line};

/// The arguments of `towers ugi`.
#[derive(Args, Debug)]
pub(crate) struct UgiArgs {
    /// The game (see `towers list`).
    game: String,
    /// Set a game option, KEY=VALUE (repeatable); `setoption` can change it later.
    #[arg(long = "option", short = 'o', value_name = "KEY=VALUE")]
    options: Vec<String>,
    /// The player that searches: random, mcts[:ITERS|TIME], mcts-fresh[:ITERS|TIME],
    /// alphabeta[:DEPTH|TIME], perfect[:POSITIONS] or neural[:SIMULATIONS|TIME] (the `player`
    /// option).
    #[arg(long, default_value = "mcts")]
    player: PlayerSpec,
    /// The player's seed (the `seed` option).
    #[arg(long, default_value_t = 0)]
    seed: u64,
}

/// How long before a time limit the engine answers: the time the answer takes to reach the
/// match runner.
const MOVE_OVERHEAD: Duration = Duration::from_millis(5);

/// The largest `hash` in megabytes.
const MAX_HASH: u64 = 16_384;

/// Bytes of one alpha-beta transposition-table entry (`AlphaBetaConfig::table_entries`).
const TABLE_ENTRY_BYTES: u64 = 24;

/// Runs `towers ugi`.
pub(crate) fn run(args: &UgiArgs) -> Result<(), String> {
    let pairs = tower_games::record::option_pairs(&args.options)?;
    let settings = Settings {
        options: pairs.clone(),
        player: args.player,
        seed: args.seed,
    };
    registry::visit(&args.game, &pairs, Visitor { settings })
        .map_err(|e| e.to_string())?
        .map_err(|e| crate::output_error(&e))
}

/// What the engine starts with.
#[derive(Clone, Debug)]
pub(crate) struct Settings {
    /// The game options given on the command line, `KEY=VALUE`.
    pub(crate) options: Vec<(String, String)>,
    /// The player.
    pub(crate) player: PlayerSpec,
    /// The player's seed.
    pub(crate) seed: u64,
}

struct Visitor {
    settings: Settings,
}

impl GameVisitor for Visitor {
    type Output = io::Result<()>;
    fn visit<G: Game>(self, game: G) -> io::Result<()> {
        let stdin = io::stdin();
        serve(game, self.settings, &mut stdin.lock(), io::stdout())
    }
}

/// The engine's writer, shared with the search thread; every line is flushed.
struct Output<W>(Arc<Mutex<W>>);

impl<W: Write> Output<W> {
    fn say(&self, line: &str) -> io::Result<()> {
        let mut out = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        writeln!(out, "{line}")?;
        out.flush()
    }
}

impl<W> Clone for Output<W> {
    fn clone(&self) -> Self {
        Output(Arc::clone(&self.0))
    }
}

/// A search running on its thread; the thread hands the player back.
struct Search<G: Game> {
    stop: Stop,
    /// Raised by the thread just before its `bestmove`: a client that has read the answer
    /// may send the next `go` before the thread has quite ended.
    answered: Arc<AtomicBool>,
    /// Whether it runs until `stop` (`go infinite`).
    infinite: bool,
    thread: JoinHandle<Box<dyn Player<G>>>,
}

/// What `go` asked for.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Go {
    movetime: Option<u64>,
    depth: Option<u64>,
    nodes: Option<u64>,
    /// p1time, p2time, p1inc, p2inc in milliseconds.
    clock: [Option<u64>; 4],
    infinite: bool,
}

/// The keywords of `go` that take a number, in the order of [`Go::clock`] for the clock's.
const CLOCK_WORDS: [&str; 4] = ["p1time", "p2time", "p1inc", "p2inc"];

impl Go {
    fn parse(words: &[&str]) -> Result<Go, String> {
        let mut go = Go::default();
        let mut words = words.iter();
        while let Some(&word) = words.next() {
            if word == "infinite" {
                go.infinite = true;
                continue;
            }
            let slot = match word {
                "movetime" => &mut go.movetime,
                "depth" => &mut go.depth,
                "nodes" => &mut go.nodes,
                _ => match CLOCK_WORDS.iter().position(|w| *w == word) {
                    Some(k) => &mut go.clock[k],
                    None => {
                        return Err(format!(
                            "go: unknown limit `{}` (expected movetime, depth, nodes, p1time, p2time, p1inc, p2inc or infinite)",
                            board_kernel::excerpt(word)
                        ));
                    }
                },
            };
            let number = words
                .next()
                .and_then(|n| n.parse::<u64>().ok())
                .ok_or_else(|| format!("go: {word} needs a number"))?;
            *slot = Some(number);
        }
        Ok(go)
    }

    /// The time this move may take for `side`: `movetime`, or a share of the clock (a
    /// twentieth of what is left and three quarters of the increment, at most half of
    /// what is left), less [`MOVE_OVERHEAD`].
    fn time_limit(&self, side: Side) -> Option<Duration> {
        let own = |k: usize| self.clock[k + side.index()];
        let from_clock = own(0).map(|left| {
            let share = left / 20 + own(2).unwrap_or(0) * 3 / 4;
            share.min(left / 2)
        });
        [self.movetime, from_clock]
            .into_iter()
            .flatten()
            .min()
            .map(|ms| Duration::from_millis(ms).saturating_sub(MOVE_OVERHEAD))
            .map(|t| t.max(Duration::from_millis(1)))
    }
}

/// The engine's state between commands.
struct Engine<G: Game, W> {
    game: G,
    settings: Settings,
    /// The alpha-beta table in megabytes, once `setoption name hash` set it.
    hash: Option<u64>,
    /// The player, while no search holds it.
    player: Option<Box<dyn Player<G>>>,
    state: G::State,
    /// Whether a `position` command set the position since the last new game.
    positioned: bool,
    /// The words of the last `position` command and the state they gave.
    sent: Option<(Vec<String>, G::State)>,
    search: Option<Search<G>>,
    out: Output<W>,
}

/// Whether the loop goes on.
enum Flow {
    Continue,
    Quit,
}

/// Runs the engine on `input` until `quit` (which stops a search) or the end of the input
/// (after which a search still runs to its end, an infinite one excepted), writing to
/// `output`.
///
/// # Errors
/// Only the output's: a closed output ends the engine.
pub(crate) fn serve<G: Game, W: Write + Send + 'static>(
    game: G,
    settings: Settings,
    input: &mut dyn BufRead,
    output: W,
) -> io::Result<()> {
    let state = game.initial_state();
    let mut engine = Engine {
        game,
        settings,
        hash: None,
        player: None,
        state,
        positioned: false,
        sent: None,
        search: None,
        out: Output(Arc::new(Mutex::new(output))),
    };
    engine.player = Some(engine.new_player());
    let mut line = Vec::new();
    let result = loop {
        let text = match read_line(input, &mut line, MAX_LINE) {
            Ok(Line::End) => {
                // A script piped in ends without `quit`: its last search still answers
                // (an infinite one is stopped).
                let infinite = engine.search.as_ref().is_some_and(|s| s.infinite);
                engine.finish_search(infinite);
                break Ok(());
            }
            Ok(Line::TooLong) => {
                let error = format!("a line longer than {MAX_LINE} bytes, ignored");
                match engine.error(&error) {
                    Ok(()) => continue,
                    Err(e) => break Err(e),
                }
            }
            Ok(Line::Read) => String::from_utf8_lossy(&line).into_owned(),
            Err(e) => break Err(e),
        };
        match engine.command(&text) {
            Ok(Flow::Continue) => {}
            Ok(Flow::Quit) => break Ok(()),
            Err(e) => break Err(e),
        }
    };
    engine.finish_search(true);
    result
}

impl<G: Game, W: Write + Send + 'static> Engine<G, W> {
    fn say(&self, line: &str) -> io::Result<()> {
        self.out.say(line)
    }

    /// Says what was wrong with a line, on one line: control characters the line brought
    /// (a NUL, a carriage return) are written escaped.
    fn error(&self, message: &str) -> io::Result<()> {
        let mut line = String::from("info string error: ");
        for c in message.chars() {
            if c.is_control() {
                line.extend(c.escape_default());
            } else {
                line.push(c);
            }
        }
        self.say(&line)
    }

    /// A fresh player of the current settings: the game's knowledge (end-game tables for a
    /// perfect player, the network for a learned one), the `hash` for alpha-beta's table.
    fn new_player(&self) -> Box<dyn Player<G>> {
        let (spec, seed) = (self.settings.player, self.settings.seed);
        match (spec, self.hash) {
            (PlayerSpec::AlphaBeta(budget), Some(mb)) => Box::new(AlphaBeta::<G>::new(
                AlphaBetaConfig {
                    budget,
                    table_entries: usize::try_from((mb << 20) / TABLE_ENTRY_BYTES)
                        .unwrap_or(usize::MAX),
                    ..AlphaBetaConfig::default()
                },
                seed,
            )),
            _ => tower_games::knowledge::player(&self.game, &spec, seed),
        }
    }

    /// Whether a search is running (and has not given its answer yet).
    fn searching(&self) -> bool {
        self.search
            .as_ref()
            .is_some_and(|s| !s.answered.load(Ordering::Acquire))
    }

    /// Ends the search (stopping it first when `stop`), waits for its `bestmove` and takes
    /// the player back; nothing when no search ran.
    fn finish_search(&mut self, stop: bool) {
        let Some(search) = self.search.take() else {
            return;
        };
        if stop {
            search.stop.stop();
            search.thread.thread().unpark();
        }
        match search.thread.join() {
            Ok(player) => self.player = Some(player),
            // A player that panicked is replaced; the engine goes on.
            Err(_) => {
                let _ = self.error("the search failed; the player was made anew");
                self.player = Some(self.new_player());
            }
        }
    }

    fn command(&mut self, line: &str) -> io::Result<Flow> {
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some((&command, rest)) = words.split_first() else {
            return Ok(Flow::Continue);
        };
        match command {
            "ugi" => self.identify()?,
            "isready" => self.say("readyok")?,
            "setoption" => match self.set_option(rest) {
                Ok(()) => {}
                Err(e) => self.error(&format!("setoption: {e}"))?,
            },
            "uginewgame" => {
                self.finish_search(true);
                self.new_game();
            }
            "position" => {
                if let Err(e) = self.position(rest) {
                    self.error(&format!("position: {e}; the position is unchanged"))?;
                }
            }
            "go" => self.go(rest)?,
            "stop" => self.finish_search(true),
            "query" => self.query(rest)?,
            "validmoves" => {
                let mut moves = Vec::new();
                self.game.legal_moves(&self.state, &mut moves);
                let mut line = String::from("validmoves");
                for mv in &moves {
                    line.push(' ');
                    line.push_str(&one_word(&mv.to_string()));
                }
                self.say(&line)?;
            }
            "quit" => return Ok(Flow::Quit),
            _ => self.error(&format!(
                "unknown command `{}` (expected ugi, isready, setoption, uginewgame, position, go, stop, query, validmoves or quit)",
                board_kernel::excerpt(command)
            ))?,
        }
        Ok(Flow::Continue)
    }

    /// Answers `ugi`: the engine's name, its options, `ugiok`.
    fn identify(&self) -> io::Result<()> {
        self.say(&format!(
            "id name towers {} {}",
            G::NAME,
            env!("CARGO_PKG_VERSION")
        ))?;
        self.say(&format!("id author {}", env!("CARGO_PKG_AUTHORS")))?;
        self.say(&format!(
            "option name player type string default {}",
            self.settings.player
        ))?;
        self.say(&format!(
            "option name seed type spin default {} min 0 max {}",
            self.settings.seed,
            u64::MAX
        ))?;
        let default_mb =
            (AlphaBetaConfig::default().table_entries as u64 * TABLE_ENTRY_BYTES).div_ceil(1 << 20);
        self.say(&format!(
            "option name hash type spin default {default_mb} min 1 max {MAX_HASH}"
        ))?;
        self.say("option name threads type spin default 1 min 1 max 1")?;
        let values = self.game.options().values();
        for info in G::Options::info() {
            let current = values
                .iter()
                .find(|(k, _)| *k == info.key)
                .map_or(info.default.as_str(), |(_, v)| v.as_str());
            self.say(&format!(
                "option name {} type string default {current}",
                info.key
            ))?;
        }
        self.say("ugiok")
    }

    /// A new game: the start position and a fresh player.
    fn new_game(&mut self) {
        self.state = self.game.initial_state();
        self.positioned = false;
        self.sent = None;
        self.player = Some(self.new_player());
    }

    /// `setoption name NAME value VALUE`: all or nothing.
    fn set_option(&mut self, words: &[&str]) -> Result<(), String> {
        if self.searching() {
            return Err("not while searching (send stop first)".to_owned());
        }
        self.finish_search(false);
        let expected = || "expected setoption name NAME value VALUE".to_owned();
        let (Some(&"name"), Some(at)) = (words.first(), words.iter().position(|w| *w == "value"))
        else {
            return Err(expected());
        };
        let name = words[1..at].join(" ");
        let value = words[at + 1..].join(" ");
        if name.is_empty() {
            return Err(expected());
        }
        let excerpt = board_kernel::excerpt(&value);
        match name.to_ascii_lowercase().as_str() {
            "player" => {
                self.settings.player = value.parse().map_err(|e| format!("player: {e}"))?;
            }
            "seed" => {
                self.settings.seed = value
                    .parse()
                    .map_err(|_| format!("seed `{excerpt}`: expected a number from 0"))?;
            }
            "hash" => match value.parse::<u64>() {
                Ok(mb) if (1..=MAX_HASH).contains(&mb) => self.hash = Some(mb),
                _ => {
                    return Err(format!(
                        "hash `{excerpt}`: expected megabytes from 1 to {MAX_HASH}"
                    ));
                }
            },
            "threads" => {
                if value != "1" {
                    return Err(format!(
                        "threads `{excerpt}`: the players search on one thread"
                    ));
                }
            }
            _ => {
                let named = |key: &str| key.eq_ignore_ascii_case(&name);
                let info = G::Options::info()
                    .iter()
                    .find(|i| named(i.key) || i.aliases.iter().any(|a| named(a)))
                    .ok_or_else(|| {
                        format!(
                            "unknown option `{}` (see the option lines of `ugi`)",
                            board_kernel::excerpt(&name)
                        )
                    })?;
                // The new value replaces the one given before, under any of its names.
                let mut options = self.settings.options.clone();
                options.retain(|(k, _)| k != info.key && !info.aliases.contains(&k.as_str()));
                options.push((info.key.to_owned(), value.clone()));
                let game = G::from_pairs(options.iter().map(|(k, v)| (k.as_str(), v.as_str())))
                    .map_err(|e| e.to_string())?;
                self.game = game;
                self.settings.options = options;
                // Other rules: the position starts again.
                self.new_game();
                return Ok(());
            }
        }
        self.player = Some(self.new_player());
        Ok(())
    }

    /// `position startpos|fen TEXT [moves ...]`: the new position, or an error and the old
    /// one kept.
    fn position(&mut self, words: &[&str]) -> Result<(), String> {
        let moves_at = words.iter().position(|w| *w == "moves");
        let (head, moves) = match moves_at {
            Some(at) => (&words[..at], &words[at + 1..]),
            None => (words, &[][..]),
        };
        // A runner sends the whole game each move: the game it sent last, continued, is
        // continued from where it was, not replayed from the start.
        if let Some((sent, reached)) = &self.sent
            && let Some(more) = continued(sent, words)
        {
            let mut state = reached.clone();
            let before = moves.len() - more.len();
            self.play_moves(&mut state, more, before)?;
            self.state = state;
            self.sent = Some((
                words.iter().map(|w| (*w).to_owned()).collect(),
                self.state.clone(),
            ));
            self.positioned = true;
            return Ok(());
        }
        let mut state = match head.split_first() {
            Some((&"startpos", [])) => self.game.initial_state(),
            Some((&"startpos", _)) => return Err("nothing may follow startpos but moves".into()),
            Some((&"fen", [])) => return Err("fen needs a position text".into()),
            Some((&"fen", text)) => self
                .game
                .parse_position(&text.join(" "))
                .map_err(|e| e.to_string())?,
            _ => return Err("expected position startpos or position fen TEXT".into()),
        };
        self.play_moves(&mut state, moves, 0)?;
        self.state = state;
        self.sent = Some((
            words.iter().map(|w| (*w).to_owned()).collect(),
            self.state.clone(),
        ));
        self.positioned = true;
        Ok(())
    }

    /// Plays `moves` on `state`, numbering them after `before` moves in errors.
    fn play_moves(
        &self,
        state: &mut G::State,
        moves: &[&str],
        before: usize,
    ) -> Result<(), String> {
        for (i, mv) in moves.iter().enumerate() {
            self.game.play_text(state, mv).map_err(|e| {
                format!(
                    "move {} `{}`: {}",
                    before + i + 1,
                    board_kernel::excerpt(mv),
                    board_kernel::move_error_text::<G>(&e)
                )
            })?;
        }
        Ok(())
    }

    /// `query gameover|p1turn|result`.
    fn query(&self, words: &[&str]) -> io::Result<()> {
        let status = self.game.status(&self.state);
        let answer = match words {
            ["gameover"] => status.is_finished().to_string(),
            ["p1turn"] => (self.game.side_to_move(&self.state) == Side::White).to_string(),
            ["result"] => match status {
                Status::Ongoing => "none".to_owned(),
                Status::Finished(result) => match result.winner {
                    Some(Side::White) => "p1win".to_owned(),
                    Some(Side::Black) => "p2win".to_owned(),
                    None => "draw".to_owned(),
                },
            },
            _ => {
                return self.error(&format!(
                    "query `{}`: expected query gameover, p1turn or result",
                    board_kernel::excerpt(&words.join(" "))
                ));
            }
        };
        self.say(&format!("response {answer}"))
    }

    /// `go`: starts a search on its thread, which prints `info` lines and the `bestmove`.
    fn go(&mut self, words: &[&str]) -> io::Result<()> {
        let go = match Go::parse(words) {
            Ok(go) => go,
            Err(e) => return self.error(&e),
        };
        if self.searching() {
            return self.error("go: already searching (send stop first)");
        }
        self.finish_search(false);
        if !self.positioned {
            self.say("info string no position given: searching the start position")?;
        }
        if let Status::Finished(result) = self.game.status(&self.state) {
            let winner = result
                .winner
                .map_or("a draw".to_owned(), |w| format!("{} wins", G::side_name(w)));
            self.error(&format!(
                "go: the game is over ({winner}: {}); no move",
                result.reason
            ))?;
            return self.say("bestmove 0000");
        }
        let spec = self.settings.player;
        let count =
            |n: u64, most: u32| Budget::Count(u32::try_from(n).unwrap_or(u32::MAX).clamp(1, most));
        let searches = matches!(
            spec,
            PlayerSpec::Mcts(_)
                | PlayerSpec::MctsFresh(_)
                | PlayerSpec::AlphaBeta(_)
                | PlayerSpec::Neural(_)
        );
        let budget = match spec {
            _ if go.infinite && searches => Some(Budget::Time(Budget::MAX_TIME)),
            PlayerSpec::Mcts(_) | PlayerSpec::MctsFresh(_) | PlayerSpec::Neural(_) => {
                go.nodes.map(|n| count(n, Budget::MAX_COUNT))
            }
            PlayerSpec::AlphaBeta(_) => go.depth.map(|d| count(d, PlayerSpec::MAX_ALPHABETA_DEPTH)),
            PlayerSpec::Perfect(_) => go.nodes.map(|n| count(n, u32::MAX)),
            PlayerSpec::Random => None,
        };
        let ignored: Vec<&str> = [
            (
                go.depth.is_some() && !matches!(spec, PlayerSpec::AlphaBeta(_)),
                "depth",
            ),
            (
                go.nodes.is_some() && matches!(spec, PlayerSpec::AlphaBeta(_) | PlayerSpec::Random),
                "nodes",
            ),
        ]
        .into_iter()
        .filter_map(|(ignored, word)| ignored.then_some(word))
        .collect();
        if !ignored.is_empty() {
            self.say(&format!(
                "info string {} does not apply to {spec}: it plays its own budget",
                ignored.join(" and ")
            ))?;
        }
        let deadline = go.time_limit(self.game.side_to_move(&self.state));
        let Some(mut player) = self.player.take() else {
            return self.error("go: no player (the last search failed)");
        };
        let stop = Stop::new();
        let (game, state, out, held) = (
            self.game.clone(),
            self.state.clone(),
            self.out.clone(),
            stop.clone(),
        );
        let infinite = go.infinite;
        let answered = Arc::new(AtomicBool::new(false));
        let answering = Arc::clone(&answered);
        let thread = std::thread::Builder::new()
            .name("search".to_owned())
            .spawn(move || {
                let mut listen = |p: &Progress<G::Move>| {
                    let _ = out.say(&info_line(p));
                };
                let mut control = Control {
                    stop: Some(held.clone()),
                    budget,
                    deadline,
                    progress: Some(&mut listen),
                };
                let chosen = player.choose_with(&game, &state, &mut control);
                // In infinite mode the answer waits for `stop`, as UCI asks.
                while infinite && !held.is_stopped() {
                    std::thread::park();
                }
                let text = chosen.map_or_else(|| "0000".to_owned(), |mv| one_word(&mv.to_string()));
                answering.store(true, Ordering::Release);
                let _ = out.say(&format!("bestmove {text}"));
                player
            });
        match thread {
            Ok(thread) => {
                self.search = Some(Search {
                    stop,
                    answered,
                    infinite,
                    thread,
                });
            }
            Err(e) => {
                self.player = Some(self.new_player());
                self.error(&format!("go: cannot start the search thread: {e}"))?;
            }
        }
        Ok(())
    }
}

/// The moves `words` (a `position` command's) adds to the command `sent` before it, when it
/// repeats it and only adds moves; `None` when it is another position.
fn continued<'a, 'w>(sent: &[String], words: &'a [&'w str]) -> Option<&'a [&'w str]> {
    if words.len() < sent.len() || sent.iter().zip(words).any(|(a, b)| a != b) {
        return None;
    }
    let rest = &words[sent.len()..];
    if sent.iter().any(|w| w == "moves") {
        Some(rest)
    } else {
        match rest.split_first() {
            None => Some(rest),
            Some((&"moves", more)) => Some(more),
            Some(_) => None,
        }
    }
}

/// A progress report as an `info` line: `info depth D nodes N score cp X|mate N time MS nps
/// N pv MOVES`. Estimates are on a scale of ±1000 centipawns (1000: certainly won); a proven
/// result is `mate` with its plies (negative when lost), or ±1000 when its length is not known.
fn info_line<M: std::fmt::Display>(progress: &Progress<M>) -> String {
    let score = match progress.score {
        Score::Estimate(v) => format!("cp {}", (v.clamp(-1.0, 1.0) * 1000.0).round() as i64),
        Score::Win(Some(plies)) => format!("mate {plies}"),
        Score::Loss(Some(plies)) => format!("mate -{plies}"),
        Score::Win(None) => "cp 1000".to_owned(),
        Score::Loss(None) => "cp -1000".to_owned(),
        Score::Draw => "cp 0".to_owned(),
    };
    let ms = progress.elapsed.as_millis();
    let nps = u128::from(progress.nodes) * 1000 / ms.max(1);
    let mut line = format!(
        "info depth {} nodes {} score {score} time {ms} nps {nps} pv",
        progress.depth, progress.nodes
    );
    for mv in &progress.line {
        line.push(' ');
        line.push_str(&one_word(&mv.to_string()));
    }
    line
}

#[cfg(test)]
mod tests;
