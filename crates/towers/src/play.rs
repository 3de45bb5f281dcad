//! `towers play`: a game in the terminal between people and computer players, and the game
//! record it can save.

use std::io::{self, BufRead, IsTerminal, Write};
use std::path::PathBuf;
use std::str::FromStr;
use std::sync::{Arc, Mutex};

use board_kernel::{BySide, Game, GameOptions, GameResult, Side, Status};
use clap::Args;
use game_ai::Player;
use game_ai::arena::game_seed;
use tower_games::record::{Record, option_pairs};
use tower_games::registry::{self, GameVisitor};
use tower_games::ugi::Computer;

use crate::GameArgs;
use crate::input::{self, Line, LineReader, MAX_LINE, MAX_UNENDING};
use crate::record_file::RecordFile;
use crate::referee::RefereeArgs;

/// Who sits at one side of the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Seat {
    /// A person typing moves (or a script piping them in).
    Human,
    /// A computer player: ours, or an outside engine.
    Computer(Computer),
}

impl FromStr for Seat {
    type Err = String;
    fn from_str(text: &str) -> Result<Seat, String> {
        if text.trim().eq_ignore_ascii_case("human") {
            return Ok(Seat::Human);
        }
        text.parse()
            .map(Seat::Computer)
            .map_err(|e| format!("{e} (or human)"))
    }
}

impl std::fmt::Display for Seat {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Seat::Human => f.write_str("human"),
            Seat::Computer(spec) => write!(f, "{spec}"),
        }
    }
}

/// The arguments of `towers play`.
#[derive(Args, Debug)]
pub(crate) struct PlayArgs {
    #[command(flatten)]
    pub(crate) game: GameArgs,
    /// Who plays White (the first seat): human, random, mcts[:ITERS|TIME],
    /// mcts-fresh[:ITERS|TIME] (no tree reuse), alphabeta[:DEPTH|TIME], perfect[:POSITIONS|TIME]
    /// (the exact solver's move), neural[:SIMULATIONS|TIME] (the learned player) or
    /// ugi:COMMAND (an outside engine).
    #[arg(long, default_value = "human")]
    pub(crate) white: Seat,
    /// Who plays Black (the second seat).
    #[arg(long, default_value = "mcts")]
    pub(crate) black: Seat,
    /// Seed of the computer players (default: from the clock; printed at the start).
    #[arg(long)]
    pub(crate) seed: Option<u64>,
    /// Save the game (options, start, players, moves, result) as JSON to FILE, written at
    /// the start and kept up to date as the game goes on (also on Ctrl-C and on errors).
    #[arg(long, value_name = "FILE")]
    pub(crate) record: Option<PathBuf>,
    /// Keep FILE updated with an SVG picture of the current position (the last move marked),
    /// to watch the game in an image viewer or a browser.
    #[arg(long, value_name = "FILE")]
    pub(crate) svg: Option<PathBuf>,
    /// Stop the game after this many moves, left unfinished (1 to 100000000).
    #[arg(long, default_value_t = 20_000, value_parser = clap::value_parser!(u64).range(1..=100_000_000))]
    pub(crate) max_plies: u64,
    #[command(flatten)]
    pub(crate) referee: RefereeArgs,
}

/// Runs `towers play`.
pub(crate) fn run(args: &PlayArgs) -> Result<(), String> {
    let seed = args.seed.unwrap_or_else(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64)
    });
    let pairs = option_pairs(&args.game.options)?;
    let colour = io::stdout().is_terminal()
        && std::env::var_os("NO_COLOR").is_none_or(|value| value.is_empty());
    let seated = |seat: &Seat| match seat {
        Seat::Computer(computer) => Seat::Computer(args.referee.timed(computer.clone())),
        Seat::Human => Seat::Human,
    };
    let settings = Settings {
        seats: BySide::new(seated(&args.white), seated(&args.black)),
        seed,
        position: args.game.position.clone(),
        colour,
        echo: !io::stdin().is_terminal(),
        svg: args.svg.clone(),
        max_plies: usize::try_from(args.max_plies).unwrap_or(usize::MAX),
    };
    let stdin = io::stdin();
    let stdout = io::stdout();
    let visitor = PlayVisitor {
        settings,
        record: args.record.clone(),
        input: stdin.lock(),
        output: stdout.lock(),
    };
    registry::visit(&args.game.game, &pairs, visitor).map_err(|e| e.to_string())??;
    if let Some(path) = &args.record {
        crate::out!("Game saved to {}.", path.display())?;
    }
    Ok(())
}

/// What a session needs besides the game and its input and output.
#[derive(Clone, Debug)]
pub(crate) struct Settings {
    /// Who plays each side.
    pub(crate) seats: BySide<Seat>,
    /// The computer players' seed.
    pub(crate) seed: u64,
    /// The start position text, if not the initial position.
    pub(crate) position: Option<String>,
    /// Paint diagrams with ANSI colours.
    pub(crate) colour: bool,
    /// Echo each input line after the prompt (the input is not a terminal that echoes it).
    pub(crate) echo: bool,
    /// The SVG file kept up to date with the position.
    pub(crate) svg: Option<PathBuf>,
    /// Moves after which the game stops unfinished.
    pub(crate) max_plies: usize,
}

/// Writes the picture of `state` (with the marks of the move that led to it, from `before`)
/// to `path`, so that a viewer never reads half a picture ([`tower_games::files`]).
fn write_svg<G: Game>(
    game: &G,
    path: &std::path::Path,
    state: &G::State,
    last: Option<(&G::State, &G::Move)>,
) -> Result<(), String> {
    let marks = last.map_or_else(Vec::new, |(before, mv)| {
        board_kernel::presentation::move_marks(game, before, mv)
    });
    let svg = board_kernel::presentation::svg(game, state, &marks, &Default::default());
    tower_games::files::replace_file(path, svg.as_bytes())
        .map_err(|e| format!("cannot write {}: {e}", path.display()))
}

struct PlayVisitor<R, W> {
    settings: Settings,
    record: Option<PathBuf>,
    input: R,
    output: W,
}

impl<R: BufRead, W: Write> GameVisitor for PlayVisitor<R, W> {
    type Output = Result<(), String>;
    fn visit<G: Game>(mut self, game: G) -> Result<(), String> {
        // A start position that does not parse is refused before a record of it is written.
        crate::start_state(&game, self.settings.position.as_deref())?;
        for seat in [&self.settings.seats.white, &self.settings.seats.black] {
            if let Seat::Computer(computer) = seat {
                computer.check(&game)?;
            }
        }
        let header = header(&game, &self.settings);
        let with_file = self.record.is_some();
        let file = Arc::new(Mutex::new(RecordFile::create(self.record, header)?));
        if with_file {
            // Ctrl-C (or the terminal closing) saves the game so far and ends the program.
            let file = Arc::clone(&file);
            crate::interrupt::on_interrupt(move || {
                let mut file = file.lock().unwrap_or_else(|e| e.into_inner());
                let _ = file.save();
                let _ = writeln!(io::stderr(), "\ninterrupted: {}", file.saved_note());
            })?;
        }
        session(
            &game,
            &self.settings,
            &mut self.input,
            &mut self.output,
            &file,
        )
    }
}

/// The record of a game of `game` about to start, without moves.
pub(crate) fn header<G: Game>(game: &G, settings: &Settings) -> Record {
    Record {
        game: G::NAME.to_owned(),
        options: game
            .options()
            .values()
            .into_iter()
            .map(|(k, v)| format!("{k}={v}"))
            .collect(),
        position: settings.position.as_ref().map(|p| p.trim().to_owned()),
        white: settings.seats.white.to_string(),
        black: settings.seats.black.to_string(),
        seed: settings.seed,
        moves: Vec::new(),
        result: None,
        forfeit: None,
    }
}

const HELP: &str = "Type a move in the game's notation, `?` for the legal moves, `undo` to take back your last turn (and the reply to it), `quit` to stop.";

/// Plays one game of `game` reading human moves from `input`, writing the transcript to
/// `output` and keeping the record in `file` as it goes. End of input counts as `quit`. On an
/// error (a closed output, a picture that cannot be written) the record of the moves so far is
/// saved first, and the error says where.
pub(crate) fn session<G: Game>(
    game: &G,
    settings: &Settings,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
    file: &Mutex<RecordFile>,
) -> Result<(), String> {
    let played = play_moves(game, settings, input, out, file);
    let mut file = file.lock().unwrap_or_else(|e| e.into_inner());
    let saved = file.save();
    match played {
        Err(e) if e == crate::CLOSED => Err(e),
        Err(e) if file.path().is_some() => Err(format!("{e} ({})", file.saved_note())),
        Err(e) => Err(e),
        Ok(()) => saved,
    }
}

/// The game itself: the moves until the end, `quit`, the end of input or the ply cap, each
/// added to `file`, and then the result (none when the game was left unfinished).
fn play_moves<G: Game>(
    game: &G,
    settings: &Settings,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
    file: &Mutex<RecordFile>,
) -> Result<(), String> {
    let io_error = |e: io::Error| crate::output_error(&e);
    let record = |change: &dyn Fn(&mut RecordFile) -> Result<(), String>| {
        change(&mut file.lock().unwrap_or_else(|e| e.into_inner()))
    };
    let start = crate::start_state(game, settings.position.as_deref())?;
    let mut players: BySide<Option<Box<dyn Player<G>>>> =
        BySide::from_fn(|side| match &settings.seats[side] {
            Seat::Human => None,
            Seat::Computer(computer) => {
                Some(computer.player(game, game_seed(settings.seed, 0, side)))
            }
        });
    let seat_label = |side: Side| {
        let seat = settings.seats[side].to_string();
        format!(
            "{} ({})",
            G::side_name(side),
            board_kernel::printable(&seat)
        )
    };
    writeln!(
        out,
        "{}: {} against {}, seed {}. {HELP}",
        G::TITLE,
        seat_label(Side::White),
        seat_label(Side::Black),
        settings.seed
    )
    .map_err(io_error)?;
    let both_human = settings.seats.white == Seat::Human && settings.seats.black == Seat::Human;
    // The position, the one before the last move (for the picture's marks), the moves and who
    // made each: one state is kept, not one a move, so a long game stays small; a take-back
    // replays the moves kept from the start.
    let mut state = start.clone();
    let mut before_last: Option<G::State> = None;
    let mut moves: Vec<G::Move> = Vec::new();
    let mut by_human: Vec<bool> = Vec::new();
    let mut show_board = true;
    let mut legal = Vec::new();
    let mut lines = LineReader::default();
    let mut forfeit = None;
    let finished = loop {
        if let Status::Finished(result) = game.status(&state) {
            break Some(result);
        }
        if moves.len() >= settings.max_plies {
            writeln!(
                out,
                "\nStopped after {} moves: the --max-plies limit.",
                moves.len()
            )
            .map_err(io_error)?;
            break None;
        }
        let side = game.side_to_move(&state);
        if let Some(player) = players[side].as_mut() {
            let Some(mv) = player.choose(game, &state) else {
                let reason = player
                    .forfeit()
                    .ok_or("a computer player found no move in an ongoing game")?;
                writeln!(out, "{} forfeits: {reason}", seat_label(side)).map_err(io_error)?;
                forfeit = Some(side);
                break Some(GameResult::win(side.opponent(), reason));
            };
            let mut next = state.clone();
            game.play(&mut next, &mv).map_err(|e| {
                format!(
                    "the computer player chose an illegal move {mv}: {}",
                    board_kernel::refusal_text::<G>(&e)
                )
            })?;
            let report = player
                .report()
                .map(|r| format!("  [{r}]"))
                .unwrap_or_default();
            writeln!(
                out,
                "{}. {} plays {mv}{report}",
                moves.len() + 1,
                seat_label(side)
            )
            .map_err(io_error)?;
            record(&|f| f.push(mv.to_string(), false))?;
            before_last = Some(std::mem::replace(&mut state, next));
            moves.push(mv);
            by_human.push(false);
            show_board = true;
            continue;
        }
        // A person is to move: whatever the computer played is saved before the wait.
        record(&RecordFile::save)?;
        if show_board && let Some(path) = &settings.svg {
            write_svg(game, path, &state, before_last.as_ref().zip(moves.last()))?;
        }
        if show_board {
            let diagram = if settings.colour {
                game.coloured_diagram(&state)
            } else {
                game.diagram(&state)
            };
            writeln!(
                out,
                "\n{}\n{}",
                diagram.trim_end(),
                board_kernel::describe_status(game, &state)
            )
            .map_err(io_error)?;
            show_board = false;
        }
        write!(out, "{}> ", G::side_name(side)).map_err(io_error)?;
        out.flush().map_err(io_error)?;
        let line = lines.read(input).map_err(|e| format!("input: {e}"))?;
        let refused = match line {
            Line::End => {
                writeln!(out, "\n(end of input)").map_err(io_error)?;
                break None;
            }
            Line::Unending => {
                writeln!(
                    out,
                    "\n(no line end in {} MiB of input: not lines of text, stopped reading)",
                    MAX_UNENDING >> 20
                )
                .map_err(io_error)?;
                break None;
            }
            Line::TooLong(bytes, length) => Some((
                input::excerpt(bytes, length),
                format!("a line of {length} bytes; moves and commands are at most {MAX_LINE}"),
            )),
            Line::NotUtf8(bytes) => Some((
                input::excerpt(bytes, bytes.len() as u64),
                "the line is not UTF-8 text".to_owned(),
            )),
            Line::Text(_) => None,
        };
        if let Some((excerpt, why)) = refused {
            if settings.echo {
                writeln!(out, "{excerpt}").map_err(io_error)?;
            }
            writeln!(out, "Not played: {why}.").map_err(io_error)?;
            continue;
        }
        let Line::Text(text) = line else {
            unreachable!("every other line was handled")
        };
        let text = text.trim();
        if settings.echo {
            writeln!(out, "{}", board_kernel::printable(text)).map_err(io_error)?;
        }
        match text {
            "" => {}
            "?" | "moves" => {
                legal.clear();
                game.legal_moves(&state, &mut legal);
                let mut texts: Vec<String> = legal.iter().map(ToString::to_string).collect();
                texts.sort();
                writeln!(
                    out,
                    "{} legal move{}: {}",
                    texts.len(),
                    if texts.len() == 1 { "" } else { "s" },
                    texts.join(" ")
                )
                .map_err(io_error)?;
            }
            "help" => writeln!(out, "{HELP}").map_err(io_error)?,
            "quit" | "exit" => break None,
            "undo" => {
                // Two humans take back one turn each; against a computer, back to before the
                // person's last move (the computer's replies go with it).
                let mut taken = 0;
                if both_human {
                    taken = moves.len().min(2);
                } else if let Some(last) = by_human.iter().rposition(|&h| h) {
                    taken = moves.len() - last;
                }
                if taken == 0 {
                    writeln!(out, "Nothing of yours to take back.").map_err(io_error)?;
                } else {
                    let kept = moves.len() - taken;
                    moves.truncate(kept);
                    by_human.truncate(kept);
                    (state, before_last) = replay(game, &start, &moves);
                    record(&|f| f.take_back(taken))?;
                    writeln!(
                        out,
                        "Took back {taken} move{}.",
                        if taken == 1 { "" } else { "s" }
                    )
                    .map_err(io_error)?;
                    show_board = true;
                }
            }
            _ => {
                let mut next = state.clone();
                match game.play_text(&mut next, text) {
                    Ok(mv) => {
                        writeln!(out, "{}. {} plays {mv}", moves.len() + 1, seat_label(side))
                            .map_err(io_error)?;
                        record(&|f| f.push(mv.to_string(), true))?;
                        before_last = Some(std::mem::replace(&mut state, next));
                        moves.push(mv);
                        by_human.push(true);
                        show_board = true;
                    }
                    Err(e) => {
                        writeln!(
                            out,
                            "Not played: {}. Type `?` for the legal moves.",
                            board_kernel::move_error_text::<G>(&e)
                        )
                        .map_err(io_error)?;
                    }
                }
            }
        }
    };
    record(&|f| f.finish(finished.clone(), forfeit))?;
    if let Some(path) = &settings.svg {
        write_svg(game, path, &state, before_last.as_ref().zip(moves.last()))?;
    }
    match &finished {
        Some(result) if forfeit.is_some() => writeln!(
            out,
            "game over: {} wins (the other side forfeited) after {} moves.",
            result.winner.map_or("nobody", G::side_name),
            moves.len()
        )
        .map_err(io_error)?,
        Some(_) => {
            let diagram = if settings.colour {
                game.coloured_diagram(&state)
            } else {
                game.diagram(&state)
            };
            writeln!(
                out,
                "\n{}\n{} after {} moves.",
                diagram.trim_end(),
                board_kernel::describe_status(game, &state),
                moves.len()
            )
            .map_err(io_error)?;
        }
        None => {
            writeln!(out, "Game left unfinished after {} moves.", moves.len()).map_err(io_error)?
        }
    }
    Ok(())
}

/// The position after `moves` from `start`, and the one before the last of them.
fn replay<G: Game>(game: &G, start: &G::State, moves: &[G::Move]) -> (G::State, Option<G::State>) {
    let mut state = start.clone();
    let Some((last, first)) = moves.split_last() else {
        return (state, None);
    };
    for mv in first {
        game.play_unchecked(&mut state, mv);
    }
    let before = state.clone();
    game.play_unchecked(&mut state, last);
    (state, Some(before))
}

#[cfg(test)]
mod tests {
    use super::*;
    use board_kernel::testing::Nim;

    fn run_nim(seats: BySide<Seat>, script: &str) -> (Record, String) {
        run_nim_bytes(seats, script.as_bytes(), 20_000)
    }

    fn run_nim_bytes(seats: BySide<Seat>, script: &[u8], max_plies: usize) -> (Record, String) {
        let game = Nim::default();
        let settings = Settings {
            seats,
            seed: 1,
            position: None,
            colour: false,
            echo: true,
            svg: None,
            max_plies,
        };
        let file = Mutex::new(RecordFile::create(None, header(&game, &settings)).unwrap());
        let mut out = Vec::new();
        session(&game, &settings, &mut &script[..], &mut out, &file).unwrap();
        let record = file.into_inner().unwrap().record().clone();
        (record, String::from_utf8(out).unwrap())
    }

    #[test]
    fn humans_list_play_refuse_undo_and_finish() {
        let script = "?\n3\n4\n0\nundo\n2\n3\n3\n2\n";
        let (record, out) = run_nim(BySide::new(Seat::Human, Seat::Human), script);
        assert!(out.contains("3 legal moves: 1 2 3"), "{out}");
        assert!(out.contains("1. White (human) plays 3"), "{out}");
        // Refused citing the rule book's section, not the specification's `§1`.
        assert!(
            out.contains(
                "Not played: illegal move `4`: take between 1 and 3 stones (rule 1, Taking \
                 stones). Type `?` for the legal moves."
            ),
            "{out}"
        );
        assert!(out.contains("Not played: illegal move `0`"), "{out}");
        assert!(!out.contains('§'), "{out}");
        assert!(out.contains("Took back 1 move."), "{out}");
        assert_eq!(record.moves, ["2", "3", "3", "2"]);
        let result = record.result.unwrap();
        assert_eq!(result.winner, Some(Side::Black));
        assert!(out.contains("game over: Black wins (took the last stone) after 4 moves."));
    }

    #[test]
    fn undo_against_a_computer_takes_back_the_pair_and_eof_quits() {
        let computer = Seat::Computer("mcts:200".parse().unwrap());
        let (record, out) = run_nim(BySide::new(Seat::Human, computer), "1\nundo\nundo\n3\n");
        assert!(out.contains("2. Black (mcts:200) plays"), "{out}");
        assert!(out.contains("Took back 2 moves."), "{out}");
        assert!(out.contains("Nothing of yours to take back."), "{out}");
        assert!(out.contains("(end of input)"), "{out}");
        assert_eq!(record.moves.len(), 2);
        assert_eq!(record.moves[0], "3");
        assert!(record.result.is_none());
        assert!(out.ends_with("Game left unfinished after 2 moves.\n"));
    }

    #[test]
    fn computers_play_to_the_end() {
        let seats = BySide::new(
            Seat::Computer(Computer::Ours(game_ai::PlayerSpec::Random)),
            Seat::Computer("alphabeta:3".parse().unwrap()),
        );
        let (record, out) = run_nim(seats, "");
        assert!(record.result.is_some());
        assert!(out.contains("game over:"), "{out}");
        let json = serde_json::to_string(&record).unwrap();
        assert_eq!(serde_json::from_str::<Record>(&json).unwrap(), record);
    }

    #[test]
    fn bad_lines_are_refused_moves_and_the_game_goes_on() {
        let humans = BySide::new(Seat::Human, Seat::Human);
        let mut script = b"3\n\xff\xfe\n\x1b[2J\n".to_vec();
        script.extend(vec![b'9'; 1 << 20]);
        script.extend_from_slice(b"\n3\n");
        let (record, out) = run_nim_bytes(humans, &script, 20_000);
        assert_eq!(record.moves, ["3", "3"]);
        assert!(
            out.contains("\u{fffd}\u{fffd}… (2 bytes)\nNot played: the line is not UTF-8 text."),
            "{out}"
        );
        // The escape sequence is echoed and quoted escaped, never raw.
        assert!(!out.contains('\u{1b}'), "{out:?}");
        assert!(out.contains("Black> \\u{1b}[2J\n"), "{out}");
        assert!(
            out.contains(&format!(
                "{}… (1048576 bytes)\nNot played: a line of 1048576 bytes; moves and commands are at most 4096.",
                "9".repeat(60)
            )),
            "{out}"
        );
        assert!(out.len() < 10_000, "{} bytes of transcript", out.len());
    }

    #[test]
    fn input_that_is_not_lines_ends_the_game() {
        let humans = BySide::new(Seat::Human, Seat::Human);
        let zeros = vec![0u8; (MAX_UNENDING + 1) as usize];
        let (record, out) = run_nim_bytes(humans, &zeros, 20_000);
        assert!(record.moves.is_empty() && record.result.is_none());
        assert!(out.contains("(no line end in 16 MiB of input"), "{out}");
        assert!(
            out.ends_with("Game left unfinished after 0 moves.\n"),
            "{out}"
        );
    }

    #[test]
    fn the_ply_cap_stops_computers() {
        let computers = BySide::new(
            Seat::Computer(Computer::Ours(game_ai::PlayerSpec::Random)),
            Seat::Computer(Computer::Ours(game_ai::PlayerSpec::Random)),
        );
        let (record, out) = run_nim_bytes(computers, b"", 2);
        assert_eq!(record.moves.len(), 2);
        assert!(record.result.is_none());
        assert!(
            out.contains("Stopped after 2 moves: the --max-plies limit."),
            "{out}"
        );
    }

    /// An output that breaks, as a closed pipe does, after `room` bytes.
    struct Breaking {
        room: usize,
    }

    impl Write for Breaking {
        fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
            if bytes.len() > self.room {
                return Err(io::ErrorKind::BrokenPipe.into());
            }
            self.room -= bytes.len();
            Ok(bytes.len())
        }
        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn a_mid_game_error_saves_the_moves_so_far() {
        let game = Nim::default();
        let settings = Settings {
            seats: BySide::new(
                Seat::Computer(Computer::Ours(game_ai::PlayerSpec::Random)),
                Seat::Computer(Computer::Ours(game_ai::PlayerSpec::Random)),
            ),
            seed: 1,
            position: None,
            colour: false,
            echo: true,
            svg: None,
            max_plies: 100,
        };
        let path =
            std::env::temp_dir().join(format!("towers-mid-game-{}.json", std::process::id()));
        let file = |path: Option<PathBuf>| {
            Mutex::new(RecordFile::create(path, header(&game, &settings)).unwrap())
        };
        let mut whole = Vec::new();
        session(&game, &settings, &mut &b""[..], &mut whole, &file(None)).unwrap();
        let whole = String::from_utf8(whole).unwrap();
        // The output breaks at the second move's line: one computer move was made, and is
        // saved although computer moves are saved at most once a second.
        let mut out = Breaking {
            room: whole.find("\n2. ").unwrap() + 1,
        };
        let kept = file(Some(path.clone()));
        let error = session(&game, &settings, &mut &b""[..], &mut out, &kept).unwrap_err();
        assert_eq!(error, crate::CLOSED);
        let saved = Record::from_json(&std::fs::read_to_string(&path).unwrap()).unwrap();
        assert_eq!(saved.moves.len(), 1, "{saved:?}");
        assert!(saved.result.is_none());
        std::fs::remove_file(&path).unwrap();
    }

    #[test]
    fn seats_parse() {
        assert_eq!("human".parse::<Seat>().unwrap(), Seat::Human);
        assert_eq!(
            "mcts:50".parse::<Seat>().unwrap().to_string(),
            "mcts:50".to_owned()
        );
        assert!("robot".parse::<Seat>().is_err());
        let outside = "ugi:./engine --level 3".parse::<Seat>().unwrap();
        assert_eq!(outside.to_string(), "ugi:./engine --level 3");
    }
}
