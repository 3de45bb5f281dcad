//! The solver against exhaustive search: in every game, positions a few moves before the end
//! of seeded random games are solved, and each value — and how fast the win comes
//! (`game_ai::distance`) — is compared with plain minimax to the end of the game (no pruning,
//! no table) wherever that tree is small enough to walk. Eight games per game normally,
//! sixteen with `TOWERS_HEAVY=1`.

use board_kernel::prelude::*;
use board_kernel::testing::{random_line, scale};
use board_kernel::{Side, SplitMix64, Status};
use game_ai::distance::{Race, race};
use game_ai::solver::{SolveConfig, Value, solve};
use tower_games::registry::{self, GameVisitor};

/// Minimax score (1, 0, −1) for the side to move, or `None` past `budget` nodes.
fn minimax<G: Game>(game: &G, state: &G::State, budget: &mut u64, depth: u32) -> Option<i8> {
    let me = game.side_to_move(state);
    let end = |status: Status, side: Side| match status {
        Status::Ongoing => None,
        Status::Finished(r) => Some(match r.winner {
            None => 0,
            Some(w) if w == side => 1,
            Some(_) => -1,
        }),
    };
    if let Some(score) = end(game.status(state), me) {
        return Some(score);
    }
    *budget = budget.checked_sub(1)?;
    if depth >= 200 {
        return None;
    }
    let mut moves = Vec::new();
    game.legal_moves(state, &mut moves);
    let mut best = -2;
    for mv in &moves {
        let mut child = state.clone();
        game.play_unchecked(&mut child, mv);
        let score = match end(game.status(&child), me) {
            Some(s) => s,
            None if game.side_to_move(&child) == me => minimax(game, &child, budget, depth + 1)?,
            None => -minimax(game, &child, budget, depth + 1)?,
        };
        best = best.max(score);
    }
    Some(best)
}

/// The length of `attacker`'s fastest forced win against the longest defence, by plain
/// minimax over plies (no pruning, no table): `Some(None)` when `attacker` cannot force a
/// win, `None` past `budget` nodes.
fn distance<G: Game>(
    game: &G,
    state: &G::State,
    attacker: Side,
    budget: &mut u64,
    depth: u32,
) -> Option<Option<u32>> {
    *budget = budget.checked_sub(1)?;
    if depth >= 200 {
        return None;
    }
    let attacking = game.side_to_move(state) == attacker;
    let mut moves = Vec::new();
    game.legal_moves(state, &mut moves);
    let mut lengths = Vec::new();
    for mv in &moves {
        let mut child = state.clone();
        game.play_unchecked(&mut child, mv);
        lengths.push(match game.status(&child) {
            Status::Finished(r) => (r.winner == Some(attacker)).then_some(1),
            Status::Ongoing => distance(game, &child, attacker, budget, depth + 1)?.map(|n| n + 1),
        });
    }
    Some(if attacking {
        lengths.into_iter().flatten().min()
    } else {
        lengths
            .into_iter()
            .collect::<Option<Vec<u32>>>()
            .and_then(|all| all.into_iter().max())
    })
}

/// The positions near the end of one seeded random game.
struct Compare {
    seed: u64,
}

impl GameVisitor for Compare {
    /// Positions compared, and how many of them also by the length of the win.
    type Output = (usize, usize);
    fn visit<G: Game>(self, game: G) -> (usize, usize) {
        let (mut compared, mut lengths) = (0, 0);
        {
            let line = random_line(
                &game,
                game.initial_state(),
                &mut SplitMix64::new(self.seed),
                2_999,
            );
            let mut moves = Vec::new();
            for back in 1..=5 {
                let Some(state) = line.len().checked_sub(back + 1).map(|i| &line[i]) else {
                    continue;
                };
                // A position with hundreds of moves never has a small tree: skip it unwalked.
                moves.clear();
                game.legal_moves(state, &mut moves);
                if moves.len() > 200 {
                    continue;
                }
                let mut budget = 40_000;
                let Some(expected) = minimax(&game, state, &mut budget, 0) else {
                    continue;
                };
                let solution = solve(&game, state, &SolveConfig::default());
                let expected = match expected {
                    1 => Value::Win,
                    0 => Value::Draw,
                    _ => Value::Loss,
                };
                assert_eq!(solution.value, expected, "{}: `{state}`", G::NAME);
                // How fast: a win as fast as it can be forced, a loss held off as long as
                // it can be, against the same walk with lengths.
                let me = game.side_to_move(state);
                let attacker = if expected == Value::Loss {
                    me.opponent()
                } else {
                    me
                };
                let mut budget = 40_000;
                if let Some(length) = distance(&game, state, attacker, &mut budget, 0) {
                    let config = SolveConfig::default();
                    let found = race(&game, state, attacker, &config);
                    let expected = length.map_or(Race::NoWinWithin(config.max_depth), Race::WinIn);
                    assert_eq!(found.outcome, expected, "{}: `{state}`", G::NAME);
                    assert_eq!(
                        length.is_some(),
                        solution.value != Value::Draw,
                        "{}: `{state}`",
                        G::NAME
                    );
                    lengths += 1;
                }
                compared += 1;
            }
        }
        (compared, lengths)
    }
}

/// Positions each game must supply. Chain Reaction (thousands of turns a position) and
/// Queens' Courtiers (long forced endings) rarely leave a tree small enough for minimax near
/// the end; they are compared where they do, and not required to.
fn required(name: &str) -> usize {
    match name {
        "kamisado" | "seven-sages" => scale(2, 5),
        "tower-of-power" => scale(0, 2),
        _ => 0,
    }
}

#[test]
fn solved_values_agree_with_exhaustive_minimax_in_every_game() {
    // One work item per game and seed, not per game: Seven Sages' games take most of the
    // time, and split by seed they share every core.
    let seeds = scale(8, 16) as u64;
    let items: Vec<(&str, u64)> = registry::names()
        .iter()
        .flat_map(|&name| (0..seeds).map(move |seed| (name, seed)))
        .collect();
    let counts = board_kernel::testing::in_parallel(items.clone(), |(name, seed)| {
        registry::visit(name, &[], Compare { seed }).expect("defaults are valid")
    });
    for name in registry::names() {
        let (compared, lengths) = items
            .iter()
            .zip(&counts)
            .filter(|((n, _), _)| n == name)
            .fold((0, 0), |(c, l), (_, &(dc, dl))| (c + dc, l + dl));
        eprintln!("{name}: {compared} positions compared, {lengths} also by length");
        assert!(
            compared >= required(name) && lengths >= required(name),
            "{name}: only {compared} positions were small enough ({lengths} for lengths)"
        );
    }
}

#[test]
fn towers_solve_answers_one_word_first() {
    let game = registry::build("kamisado", &[]).expect("defaults are valid");
    let mut state = game.initial_state();
    // Golden trial 2: after these four moves White's a7-b8 reaches Black's home row.
    for mv in ["e1-e7", "b8-e5", "a1-a7", "f8-g7"] {
        state.play(mv).expect("the trial's moves are legal");
    }
    let position = state.position_text();
    let run = |args: &[&str]| {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_towers"))
            .args(args)
            .output()
            .expect("the towers binary runs");
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8_lossy(&out.stdout).into_owned()
    };
    let won = run(&["solve", "kamisado", "--position", &position]);
    assert_eq!(won.lines().next(), Some("win"), "{won}");
    assert!(won.contains("line (1 moves): a7-b8"), "{won}");
    let fastest = run(&["solve", "kamisado", "--position", &position, "--fastest"]);
    assert!(
        fastest.contains("fastest: win in 1 ply (") && fastest.ends_with(": a7-b8\n"),
        "{fastest}"
    );
    // One move earlier Black is to move and lost: the printed line holds the loss off as
    // long as it says, and ends with White's win.
    let mut before = game.initial_state();
    for mv in ["e1-e7", "b8-e5", "a1-a7"] {
        before.play(mv).expect("the trial's moves are legal");
    }
    let lost = run(&[
        "solve",
        "kamisado",
        "--position",
        &before.position_text(),
        "--fastest",
    ]);
    assert_eq!(lost.lines().next(), Some("loss"), "{lost}");
    let fastest = lost
        .lines()
        .find_map(|l| l.strip_prefix("fastest: loss in "))
        .expect("a loss gets its length");
    let plies: usize = fastest
        .split(' ')
        .next()
        .and_then(|n| n.parse().ok())
        .expect("a number of plies");
    let line: Vec<&str> = fastest
        .split(": ")
        .nth(1)
        .expect("a line")
        .split(' ')
        .collect();
    assert_eq!(line.len(), plies, "{lost}");
    for mv in line {
        before.play(mv).expect("the line's moves are legal");
    }
    assert!(
        matches!(before.status(), Status::Finished(r) if r.winner == Some(Side::White)),
        "{lost}"
    );
    let unknown = run(&["solve", "kamisado", "--max-nodes", "1"]);
    assert_eq!(unknown.lines().next(), Some("unknown"), "{unknown}");
}

/// The printed line of a proven win starts from the table's best move: with a budget barely
/// above the proof's 5,267,645 positions, trying White's first moves in generated order
/// (a1-a2 first, whose proof needs about 25 million) spent the line's budget and printed none.
#[test]
fn a_proven_round_prints_its_line_even_on_a_tight_budget() {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_towers"))
        .args(["solve", "kamisado", "--max-nodes", "6000000"])
        .output()
        .expect("the towers binary runs");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(text.lines().next(), Some("win"), "{text}");
    // The winning first moves, from `towers solve kamisado --moves` (docs/AI.md).
    let winning = [
        "a1-a2", "a1-a5", "b1-b6", "b1-b7", "c1-c4", "c1-c7", "d1-d5", "d1-d6", "e1-e5", "e1-e6",
        "f1-f4", "f1-f7", "g1-g6", "g1-g7", "h1-h2", "h1-h5",
    ];
    let line = text.lines().nth(1).unwrap_or_default();
    let first = line.split(": ").nth(1).and_then(|l| l.split(' ').next());
    assert!(
        first.is_some_and(|mv| winning.contains(&mv)),
        "the line should open with a winning move: {line}"
    );
}

/// Chain Reaction with ten segments a turn has 398,257 moves at the start. A budget of one
/// position answers at once (before, the races counted the replies of every move, each a
/// listing as long, and no answer came in minutes), and `--max-time` stops a budget of a
/// million positions, each a listing of that length; a time that is not one is refused.
#[test]
fn towers_solve_keeps_its_budgets_where_positions_are_widest() {
    let widest = [
        "solve",
        "chain-reaction",
        "-o",
        "max_segments=10",
        "-o",
        "scoring_friendly_tower=Continue",
        "-o",
        "single_step_into_goal=on",
    ];
    // A generous bound for a loaded machine: unbounded, either run takes hours.
    let limit = std::time::Duration::from_secs(90);
    let run = |extra: &[&str]| {
        let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_towers"))
            .args(widest.iter().chain(extra))
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .expect("the towers binary runs");
        let started = std::time::Instant::now();
        while child
            .try_wait()
            .expect("the run can be waited for")
            .is_none()
        {
            if started.elapsed() > limit {
                child.kill().expect("the run can be stopped");
                panic!("{extra:?}: no answer in {limit:?}");
            }
            std::thread::sleep(std::time::Duration::from_millis(50));
        }
        child.wait_with_output().expect("the output is read")
    };
    for extra in [&["--max-nodes", "1"][..], &["--max-time", "2s"]] {
        let out = run(extra);
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(out.status.success(), "{extra:?}: {text}");
        assert_eq!(text.lines().next(), Some("unknown"), "{extra:?}: {text}");
    }
    for bad in ["2", "0s", "1.5s", "86401s"] {
        let out = run(&["--max-time", bad]);
        assert_eq!(out.status.code(), Some(2), "{bad}");
        let error = String::from_utf8_lossy(&out.stderr);
        assert!(error.contains("is not a time"), "{bad}: {error}");
    }
}

/// The `perfect` seat as White in Kamisado's single round never loses: one player (its table
/// kept, so the proof of the first move is paid once) against random defences and against
/// MCTS, each game from the initial position.
#[test]
fn the_perfect_kamisado_player_never_loses_as_white() {
    use board_kernel::BySide;
    use game_ai::PlayerSpec;
    use game_ai::arena::play_game;
    let game = kamisado::Kamisado::with_options(Default::default()).unwrap();
    // The `perfect` seat's budget of positions without its minute a move, which a loaded
    // machine could reach before the proof and so change the game.
    let perfect = |seed| -> Box<dyn game_ai::Player<kamisado::Kamisado>> {
        Box::new(game_ai::solver::Perfect::new(
            game_ai::solver::SolveConfig {
                max_nodes: u64::from(PlayerSpec::DEFAULT_PERFECT_POSITIONS),
                ..Default::default()
            },
            seed,
        ))
    };
    let mut players = BySide::new(perfect(1), PlayerSpec::Random.build(1));
    let defences = ["random", "mcts:200", "alphabeta:3", "mcts:1000"];
    for (k, defence) in defences.iter().cycle().take(scale(12, 24)).enumerate() {
        players.black = defence.parse::<PlayerSpec>().unwrap().build(k as u64);
        let played = play_game(&game, game.initial_state(), &mut players, 1_000);
        let result = played.status.result().expect("a Kamisado round ends");
        assert_eq!(
            result.winner,
            Some(Side::White),
            "game {k} against {defence}: {:?}",
            played.moves
        );
        let report = players.white.report().unwrap();
        assert!(report.starts_with("a proven win"), "{report}");
    }
    // As Black the round is lost: the player says so and plays on.
    let mut black = perfect(2);
    let mut state = game.initial_state();
    game.play_text(&mut state, "b1-b7").unwrap();
    assert!(black.choose(&game, &state).is_some());
    let report = black.report().unwrap();
    assert!(report.starts_with("every move loses"), "{report}");
}
