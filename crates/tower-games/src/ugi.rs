//! The Universal Game Interface (UGI, the protocol of the `cutegames` match runner: UCI with
//! `uginewgame` and `query`), as both sides need it: moves as one word on the wire, lines read
//! with a cap, and outside engines seated as players ([`Computer::Ugi`]), run as child
//! processes and refereed move by move. The engine side is `towers ugi`; `docs/ugi.md` is the
//! protocol as we speak it.
//!
//! ```
//! use tower_games::ugi::{Computer, one_word};
//! // Chain Reaction's turns have spaces; on the wire they are one word, which it also reads.
//! assert_eq!(one_word("c1-d2 d2-d4 d3-f3"), "c1-d2,d2-d4,d3-f3");
//! let seat: Computer = "ugi:./engine --level 'very hard'".parse()?;
//! assert_eq!(seat.to_string(), r#"ugi:./engine --level "very hard""#);
//! assert_eq!("mcts:500".parse::<Computer>()?.to_string(), "mcts:500");
//! # Ok::<(), String>(())
//! ```

mod outside;

use std::fmt;
use std::io::{self, BufRead};
use std::str::FromStr;
use std::time::Duration;

use board_kernel::Game;
use game_ai::arena::Seat;

use game_ai::{Knowledge, Player, PlayerSpec};

pub use outside::{HANDSHAKE, OutsidePlayer};

/// The longest line either side reads: 64 KiB holds a position text and thousands of moves;
/// the rest of a longer line is discarded.
pub const MAX_LINE: usize = 64 << 10;

/// A move's text as one word: the game's notation with its spaces (Chain Reaction's segments)
/// turned into commas, which every game's move parser reads as the spaced form. The other
/// games' moves have no spaces and are unchanged.
#[must_use]
pub fn one_word(notation: &str) -> String {
    notation.replace(' ', ",")
}

/// What [`read_line`] found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Line {
    /// A line, now in the buffer (without its end of line).
    Read,
    /// A line longer than the cap: its first [`MAX_LINE`] bytes are in the buffer, the rest
    /// was read and discarded.
    TooLong,
    /// The end of the input.
    End,
}

/// Reads one line of at most `cap` bytes into `line` (without the `\n` or `\r\n`), reading
/// and discarding the rest of a longer line, so that no input can make the reader hold more
/// than `cap` bytes. A last line without an end of line counts as a line.
///
/// # Errors
/// The reader's errors, except interruptions (retried).
pub fn read_line(input: &mut dyn BufRead, line: &mut Vec<u8>, cap: usize) -> io::Result<Line> {
    line.clear();
    let (mut any, mut too_long) = (false, false);
    loop {
        let available = match input.fill_buf() {
            Ok(bytes) => bytes,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if available.is_empty() {
            if !any {
                return Ok(Line::End);
            }
            break;
        }
        any = true;
        let end = available.iter().position(|&b| b == b'\n');
        let chunk = &available[..end.unwrap_or(available.len())];
        let room = cap.saturating_sub(line.len());
        line.extend_from_slice(&chunk[..chunk.len().min(room)]);
        too_long |= chunk.len() > room;
        let used = end.map_or(available.len(), |i| i + 1);
        input.consume(used);
        if end.is_some() {
            break;
        }
    }
    if line.last() == Some(&b'\r') {
        line.pop();
    }
    Ok(if too_long { Line::TooLong } else { Line::Read })
}

/// Splits a command line into words as a shell would for simple quoting: words are separated
/// by white space; `'…'` keeps everything inside as it is; `"…"` too, except that `\"` and
/// `\\` stand for `"` and `\`; outside quotes `\` keeps the next character as it is.
///
/// # Errors
/// An unterminated quote, a `\` at the end, or no word at all.
pub fn split_command(text: &str) -> Result<Vec<String>, String> {
    let excerpt = || board_kernel::excerpt(text);
    let mut words = Vec::new();
    let mut word: Option<String> = None;
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        match c {
            c if c.is_whitespace() => {
                words.extend(word.take());
            }
            '\'' => {
                let current = word.get_or_insert_with(String::new);
                loop {
                    match chars.next() {
                        Some('\'') => break,
                        Some(c) => current.push(c),
                        None => return Err(format!("`{}`: a `'` is not closed", excerpt())),
                    }
                }
            }
            '"' => {
                let current = word.get_or_insert_with(String::new);
                loop {
                    match chars.next() {
                        Some('"') => break,
                        Some('\\') => match chars.next() {
                            Some(c @ ('"' | '\\')) => current.push(c),
                            Some(c) => {
                                current.push('\\');
                                current.push(c);
                            }
                            None => return Err(format!("`{}`: a `\"` is not closed", excerpt())),
                        },
                        Some(c) => current.push(c),
                        None => return Err(format!("`{}`: a `\"` is not closed", excerpt())),
                    }
                }
            }
            '\\' => match chars.next() {
                Some(c) => word.get_or_insert_with(String::new).push(c),
                None => return Err(format!("`{}`: a `\\` ends the command", excerpt())),
            },
            c => word.get_or_insert_with(String::new).push(c),
        }
    }
    words.extend(word);
    if words.is_empty() {
        return Err("an empty command: expected ugi:PROGRAM [ARGUMENTS...]".to_owned());
    }
    Ok(words)
}

/// A word as [`split_command`] reads it back: bare when it is plain, else in double quotes.
fn quote(word: &str) -> String {
    let plain = !word.is_empty()
        && word
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "-_./:=+@%".contains(c));
    if plain {
        word.to_owned()
    } else {
        format!("\"{}\"", word.replace('\\', "\\\\").replace('"', "\\\""))
    }
}

/// Splits a list of seats at the commas outside quotes: `mcts:500,ugi:./engine "a,b"` is two.
///
/// # Errors
/// An empty item, or one that is not a seat.
pub fn split_seats(text: &str) -> Result<Vec<Computer>, String> {
    let mut items = Vec::new();
    let (mut start, mut quote) = (0, None);
    let mut escaped = false;
    for (i, c) in text.char_indices() {
        match (quote, c) {
            _ if escaped => escaped = false,
            (Some('"') | None, '\\') => escaped = true,
            (None, '\'' | '"') => quote = Some(c),
            (Some(q), c) if c == q => quote = None,
            (None, ',') => {
                items.push(&text[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    items.push(&text[start..]);
    items
        .into_iter()
        .map(|item| {
            if item.trim().is_empty() {
                Err(format!(
                    "`{}`: an empty player between commas",
                    board_kernel::excerpt(text)
                ))
            } else {
                item.parse()
            }
        })
        .collect()
}

/// How much time the referee gives an outside engine. Our own players play their budgets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TimeControl {
    /// `go movetime MS` for every move: the engine loses when it answers later than this
    /// (and [`OutsidePlayer::GRACE`]).
    PerMove(Duration),
    /// A clock for the whole game, `go p1time p2time p1inc p2inc`: the engine loses when it
    /// runs out (beyond the grace). The opponent's time is the time between the engine's
    /// moves as the referee measured it.
    Clock {
        /// Time for the whole game.
        time: Duration,
        /// Time added after each move.
        increment: Duration,
    },
}

impl Default for TimeControl {
    /// A second a move.
    fn default() -> Self {
        TimeControl::PerMove(Duration::from_secs(1))
    }
}

impl TimeControl {
    /// The longest time a control may give: a day.
    pub const MAX: Duration = Duration::from_secs(24 * 60 * 60);

    /// Reads a clock `TIME[+INCREMENT]` in milliseconds (`60000+500`).
    ///
    /// # Errors
    /// Not numbers, a time of zero, or beyond a day.
    pub fn clock(text: &str) -> Result<TimeControl, String> {
        let (time, increment) = text.split_once('+').unwrap_or((text, "0"));
        let time = milliseconds(time)?;
        if time.is_zero() {
            return Err("a clock needs a time above 0 ms".to_owned());
        }
        Ok(TimeControl::Clock {
            time,
            increment: milliseconds(increment)?,
        })
    }

    /// Reads a time per move in milliseconds.
    ///
    /// # Errors
    /// Not a number, zero, or beyond a day.
    pub fn per_move(text: &str) -> Result<TimeControl, String> {
        let time = milliseconds(text)?;
        if time.is_zero() {
            return Err("a time per move needs more than 0 ms".to_owned());
        }
        Ok(TimeControl::PerMove(time))
    }
}

/// A count of milliseconds up to a day.
fn milliseconds(text: &str) -> Result<Duration, String> {
    let excerpt = board_kernel::excerpt(text);
    let ms: u64 = text
        .trim()
        .parse()
        .map_err(|_| format!("`{excerpt}`: expected a number of milliseconds"))?;
    let time = Duration::from_millis(ms);
    if time > TimeControl::MAX {
        return Err(format!("`{excerpt}` ms: at most a day (86400000 ms)"));
    }
    Ok(time)
}

/// An outside engine: the command that starts it and the time it is given.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OutsideEngine {
    /// The program and its arguments.
    pub command: Vec<String>,
    /// The referee's time control.
    pub time: TimeControl,
}

/// A computer player as a command line names it: one of ours (`mcts:1000`) or an outside
/// engine speaking UGI (`ugi:PROGRAM ARGUMENTS...`, the command split by [`split_command`]).
/// It seats in series and tournaments ([`Seat`]), and in `towers play`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Computer {
    /// One of the `game-ai` players, with the games' end-game tables ([`crate::endgames`]).
    Ours(PlayerSpec),
    /// An outside engine, run as a child process for each game.
    Ugi(OutsideEngine),
}

impl Computer {
    /// The player for one game of `game`, seeded with `seed`: ours with the game's
    /// knowledge (end-game tables, trained network), or an outside engine (started at its
    /// first move).
    #[must_use]
    pub fn player<G: Game>(&self, game: &G, seed: u64) -> Box<dyn Player<G>> {
        self.seat_player(seed, &crate::knowledge::knowledge(game))
    }

    /// Whether the player can play `game`: `Err` with the reason for a learned player
    /// without a network for the game and its options.
    pub fn check<G: Game>(&self, game: &G) -> Result<(), String> {
        match self {
            Computer::Ours(spec) => spec.check(&crate::knowledge::knowledge(game)),
            Computer::Ugi(_) => Ok(()),
        }
    }

    /// Gives every outside engine among `seats` the time control `time`.
    pub fn set_time<'a>(seats: impl IntoIterator<Item = &'a mut Computer>, time: TimeControl) {
        for seat in seats {
            if let Computer::Ugi(engine) = seat {
                engine.time = time;
            }
        }
    }

    fn seat_player<G: Game>(&self, seed: u64, knowledge: &Knowledge<G>) -> Box<dyn Player<G>> {
        match self {
            Computer::Ours(spec) => spec.build_with(seed, knowledge),
            Computer::Ugi(engine) => Box::new(OutsidePlayer::<G>::new(engine.clone(), seed)),
        }
    }
}

impl<G: Game> Seat<G> for Computer {
    fn player(&self, seed: u64, knowledge: &Knowledge<G>) -> Box<dyn Player<G>> {
        self.seat_player(seed, knowledge)
    }
}

impl fmt::Display for Computer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Computer::Ours(spec) => write!(f, "{spec}"),
            Computer::Ugi(engine) => {
                let words: Vec<String> = engine.command.iter().map(|w| quote(w)).collect();
                write!(f, "ugi:{}", words.join(" "))
            }
        }
    }
}

impl FromStr for Computer {
    type Err = String;
    fn from_str(text: &str) -> Result<Computer, String> {
        let trimmed = text.trim();
        match trimmed.get(..4) {
            Some(prefix) if prefix.eq_ignore_ascii_case("ugi:") => {
                Ok(Computer::Ugi(OutsideEngine {
                    command: split_command(&trimmed[4..])?,
                    time: TimeControl::default(),
                }))
            }
            _ => trimmed
                .parse()
                .map(Computer::Ours)
                .map_err(|e| format!("{e}, or ugi:COMMAND (an outside engine)")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(input: &[u8], cap: usize) -> Vec<(Line, String)> {
        let mut reader = io::BufReader::with_capacity(7, input);
        let mut line = Vec::new();
        let mut found = Vec::new();
        loop {
            let kind = read_line(&mut reader, &mut line, cap).unwrap();
            if kind == Line::End {
                return found;
            }
            found.push((kind, String::from_utf8_lossy(&line).into_owned()));
        }
    }

    #[test]
    fn every_games_moves_read_back_from_one_word() {
        let mut spaced = 0;
        for game in crate::registry::all() {
            let mut state = game.initial_state();
            let mut rng = board_kernel::SplitMix64::new(1);
            for _ in 0..40 {
                let moves = state.legal_moves();
                if moves.is_empty() {
                    break;
                }
                for mv in &moves {
                    let word = one_word(mv);
                    assert!(!word.contains(char::is_whitespace), "{word}");
                    spaced += usize::from(word != *mv);
                    let mut tried = state.clone();
                    assert_eq!(tried.play(&word).unwrap(), *mv, "{}", game.name());
                }
                state.play(&moves[rng.below(moves.len())]).unwrap();
            }
        }
        // Chain Reaction's turns of several segments were among them.
        assert!(spaced > 100, "{spaced}");
    }

    #[test]
    fn lines_are_capped_and_the_rest_discarded() {
        let long = format!("go {}\nisready\r\n\nlast", "x".repeat(100));
        assert_eq!(
            lines(long.as_bytes(), 20),
            [
                (Line::TooLong, format!("go {}", "x".repeat(17))),
                (Line::Read, "isready".to_owned()),
                (Line::Read, String::new()),
                (Line::Read, "last".to_owned()),
            ]
        );
        // Exactly the cap is a line, one byte more is not.
        assert_eq!(lines(b"abcd\nabcde\n", 4)[0].0, Line::Read);
        assert_eq!(
            lines(b"abcd\nabcde\n", 4)[1],
            (Line::TooLong, "abcd".into())
        );
        assert!(lines(b"", 4).is_empty());
    }

    #[test]
    fn commands_split_as_a_shell_would() {
        let split = |t: &str| split_command(t).unwrap();
        assert_eq!(split("  ./e  --flag "), ["./e", "--flag"]);
        assert_eq!(
            split(r#"e 'a b' "c \"d\" \\" e\ f"#),
            ["e", "a b", r#"c "d" \"#, "e f"]
        );
        assert_eq!(split(r#"e "" x''y"#), ["e", "", "xy"]);
        for bad in ["", "   ", "e 'a", "e \"a", "e \\"] {
            assert!(split_command(bad).is_err(), "{bad:?}");
        }
        // What a seat prints reads back as the same command.
        for command in [
            vec!["./e", "--x"],
            vec!["e", "a b", "c\"d", "", "x,y", "\\"],
        ] {
            let seat = Computer::Ugi(OutsideEngine {
                command: command.iter().map(|w| (*w).to_owned()).collect(),
                time: TimeControl::default(),
            });
            assert_eq!(seat.to_string().parse::<Computer>().unwrap(), seat);
        }
    }

    #[test]
    fn seat_lists_split_at_commas_outside_quotes() {
        let seats = split_seats(r#"random,ugi:./e "a,b" 'c,d',MCTS:50"#).unwrap();
        assert_eq!(seats.len(), 3);
        assert_eq!(seats[0], Computer::Ours(PlayerSpec::Random));
        assert_eq!(seats[1].to_string(), r#"ugi:./e "a,b" "c,d""#);
        assert_eq!(seats[2].to_string(), "mcts:50");
        for bad in ["random,,mcts", "random,", "robot", "ugi:", "ugi:'x"] {
            assert!(split_seats(bad).is_err(), "{bad:?}");
        }
        let error = split_seats("robot").unwrap_err();
        assert!(error.contains("ugi:COMMAND"), "{error}");
    }

    #[test]
    fn time_controls_read_milliseconds() {
        assert_eq!(
            TimeControl::clock("60000+500"),
            Ok(TimeControl::Clock {
                time: Duration::from_secs(60),
                increment: Duration::from_millis(500)
            })
        );
        assert_eq!(
            TimeControl::clock("100"),
            Ok(TimeControl::Clock {
                time: Duration::from_millis(100),
                increment: Duration::ZERO
            })
        );
        assert_eq!(
            TimeControl::per_move("250"),
            Ok(TimeControl::PerMove(Duration::from_millis(250)))
        );
        for bad in ["0", "-1", "x", "1+x", "86400001", ""] {
            assert!(TimeControl::clock(bad).is_err(), "{bad}");
        }
        assert!(TimeControl::per_move("0").is_err());
    }
}
