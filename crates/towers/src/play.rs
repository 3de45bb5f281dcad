//! `towers play`: a game in the terminal between people and computer players, and the game
//! record it can save.

use std::io::{self, BufRead, IsTerminal, Write};
use std::path::PathBuf;
use std::str::FromStr;

use board_kernel::{BySide, Game, GameOptions, Side, Status};
use clap::Args;
use game_ai::arena::game_seed;
use game_ai::{Player, PlayerSpec};
use tower_games::record::{Record, option_pairs};
use tower_games::registry::{self, GameVisitor};

use crate::GameArgs;

/// Who sits at one side of the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Seat {
    /// A person typing moves (or a script piping them in).
    Human,
    /// A computer player.
    Computer(PlayerSpec),
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
    /// mcts-fresh[:ITERS|TIME] (no tree reuse), alphabeta[:DEPTH|TIME] or perfect[:POSITIONS]
    /// (the exact solver's move).
    #[arg(long, default_value = "human")]
    pub(crate) white: Seat,
    /// Who plays Black (the second seat).
    #[arg(long, default_value = "mcts")]
    pub(crate) black: Seat,
    /// Seed of the computer players (default: from the clock; printed at the start).
    #[arg(long)]
    pub(crate) seed: Option<u64>,
    /// Save the game (options, start, players, moves, result) as JSON to FILE at the end.
    #[arg(long, value_name = "FILE")]
    pub(crate) record: Option<PathBuf>,
    /// Keep FILE updated with an SVG picture of the current position (the last move marked),
    /// to watch the game in an image viewer or a browser.
    #[arg(long, value_name = "FILE")]
    pub(crate) svg: Option<PathBuf>,
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
    let settings = Settings {
        seats: BySide::new(args.white, args.black),
        seed,
        position: args.game.position.clone(),
        colour,
        echo: !io::stdin().is_terminal(),
        svg: args.svg.clone(),
    };
    let stdin = io::stdin();
    let stdout = io::stdout();
    let visitor = PlayVisitor {
        settings,
        input: stdin.lock(),
        output: stdout.lock(),
    };
    let record = registry::visit(&args.game.game, &pairs, visitor).map_err(|e| e.to_string())??;
    if let Some(path) = &args.record {
        let json = serde_json::to_string_pretty(&record).map_err(|e| e.to_string())?;
        tower_games::files::replace_file(path, (json + "\n").as_bytes())
            .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
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
        board_kernel::picture::move_marks(game, before, mv)
    });
    let svg = board_kernel::picture::svg(game, state, &marks, &Default::default());
    tower_games::files::replace_file(path, svg.as_bytes())
        .map_err(|e| format!("cannot write {}: {e}", path.display()))
}

struct PlayVisitor<R, W> {
    settings: Settings,
    input: R,
    output: W,
}

impl<R: BufRead, W: Write> GameVisitor for PlayVisitor<R, W> {
    type Output = Result<Record, String>;
    fn visit<G: Game>(mut self, game: G) -> Result<Record, String> {
        session(&game, &self.settings, &mut self.input, &mut self.output)
    }
}

const HELP: &str = "Type a move in the game's notation, `?` for the legal moves, `undo` to take back your last turn (and the reply to it), `quit` to stop.";

/// Plays one game of `game` reading human moves from `input`, writing the transcript to
/// `output`; returns its record. End of input counts as `quit`.
pub(crate) fn session<G: Game>(
    game: &G,
    settings: &Settings,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
) -> Result<Record, String> {
    let io_error = |e: io::Error| crate::output_error(&e);
    let start = crate::start_state(game, settings.position.as_deref())?;
    let mut players: BySide<Option<Box<dyn Player<G>>>> =
        BySide::from_fn(|side| match settings.seats[side] {
            Seat::Human => None,
            Seat::Computer(spec) => Some(tower_games::endgames::player::<G>(
                &spec,
                game_seed(settings.seed, 0, side),
            )),
        });
    let seat_label = |side: Side| format!("{} ({})", G::side_name(side), settings.seats[side]);
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
    // states[i] is the position after i moves; by_human[i] says who made move i + 1.
    let mut states = vec![start];
    let mut moves: Vec<G::Move> = Vec::new();
    let mut by_human: Vec<bool> = Vec::new();
    let mut show_board = true;
    let mut legal = Vec::new();
    let finished = loop {
        let state = states.last().expect("the start is kept").clone();
        if let Status::Finished(result) = game.status(&state) {
            break Some(result);
        }
        let side = game.side_to_move(&state);
        if let Some(player) = players[side].as_mut() {
            let Some(mv) = player.choose(game, &state) else {
                return Err("a computer player found no move in an ongoing game".into());
            };
            let mut next = state;
            game.play(&mut next, &mv)
                .map_err(|e| format!("the computer player chose an illegal move {mv}: {e}"))?;
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
            states.push(next);
            moves.push(mv);
            by_human.push(false);
            show_board = true;
            continue;
        }
        if show_board && let Some(path) = &settings.svg {
            let n = states.len();
            let last = (n >= 2).then(|| (&states[n - 2], &moves[n - 2]));
            write_svg(game, path, &state, last)?;
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
        let mut line = String::new();
        let read = input
            .read_line(&mut line)
            .map_err(|e| format!("input: {e}"))?;
        if read == 0 {
            writeln!(out, "\n(end of input)").map_err(io_error)?;
            break None;
        }
        let text = line.trim();
        if settings.echo {
            writeln!(out, "{text}").map_err(io_error)?;
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
                    for _ in 0..taken {
                        states.pop();
                        moves.pop();
                        by_human.pop();
                    }
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
                let mut next = state;
                match game.play_text(&mut next, text) {
                    Ok(mv) => {
                        writeln!(out, "{}. {} plays {mv}", moves.len() + 1, seat_label(side))
                            .map_err(io_error)?;
                        states.push(next);
                        moves.push(mv);
                        by_human.push(true);
                        show_board = true;
                    }
                    Err(e) => {
                        writeln!(out, "Not played: {e}. Type `?` for the legal moves.")
                            .map_err(io_error)?;
                    }
                }
            }
        }
    };
    let last = states.last().expect("the start is kept");
    if let Some(path) = &settings.svg {
        let n = states.len();
        let previous = (n >= 2).then(|| (&states[n - 2], &moves[n - 2]));
        write_svg(game, path, last, previous)?;
    }
    match &finished {
        Some(_) => {
            let diagram = if settings.colour {
                game.coloured_diagram(last)
            } else {
                game.diagram(last)
            };
            writeln!(
                out,
                "\n{}\n{} after {} moves.",
                diagram.trim_end(),
                board_kernel::describe_status(game, last),
                moves.len()
            )
            .map_err(io_error)?;
        }
        None => {
            writeln!(out, "Game left unfinished after {} moves.", moves.len()).map_err(io_error)?
        }
    }
    Ok(Record {
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
        moves: moves.iter().map(ToString::to_string).collect(),
        result: finished,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use board_kernel::testing::Nim;

    fn run_nim(seats: BySide<Seat>, script: &str) -> (Record, String) {
        let game = Nim::new(Default::default()).unwrap();
        let settings = Settings {
            seats,
            seed: 1,
            position: None,
            colour: false,
            echo: true,
            svg: None,
        };
        let mut out = Vec::new();
        let record = session(&game, &settings, &mut script.as_bytes(), &mut out).unwrap();
        (record, String::from_utf8(out).unwrap())
    }

    #[test]
    fn humans_list_play_refuse_undo_and_finish() {
        let script = "?\n3\n4\n0\nundo\n2\n3\n3\n2\n";
        let (record, out) = run_nim(BySide::new(Seat::Human, Seat::Human), script);
        assert!(out.contains("3 legal moves: 1 2 3"), "{out}");
        assert!(out.contains("1. White (human) plays 3"), "{out}");
        assert!(out.contains("Not played: illegal move `4`: take between 1 and 3"));
        assert!(out.contains("Not played: illegal move `0`"));
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
            Seat::Computer(PlayerSpec::Random),
            Seat::Computer("alphabeta:3".parse().unwrap()),
        );
        let (record, out) = run_nim(seats, "");
        assert!(record.result.is_some());
        assert!(out.contains("game over:"), "{out}");
        let json = serde_json::to_string(&record).unwrap();
        assert_eq!(serde_json::from_str::<Record>(&json).unwrap(), record);
    }

    #[test]
    fn seats_parse() {
        assert_eq!("human".parse::<Seat>().unwrap(), Seat::Human);
        assert_eq!(
            "mcts:50".parse::<Seat>().unwrap().to_string(),
            "mcts:50".to_owned()
        );
        assert!("robot".parse::<Seat>().is_err());
    }
}
