//! The proof that White wins a single Kamisado round with perfect play, checked here without
//! the solver that found it. `towers solve kamisado --certificate` writes it in two forms;
//! the repository keeps the small one:
//!
//! - `docs/solutions/kamisado-round.txt`, White's moves alone, one a line, in the order of
//!   the depth-first walk its header describes (Black's replies pushed on a stack sorted by
//!   their text, each position with its history since the last actual move walked once).
//!   Walked exactly so here, which gives the table below.
//! - the table (`.tsv`, 3.9 MB, not kept: no file in the repository passes 2 MiB, and the
//!   walk rebuilds it): one line per White position the strategy reaches (its text, a tab,
//!   White's move). Checked with nothing but `legal_moves`, `play` and `status`: from the
//!   root, every Black reply is followed, the table's move is played in every White
//!   position, every line must end in White's win and every line of the table be reached.
//!   No order of moves is assumed.

use std::collections::{BTreeMap, HashSet};
use std::sync::OnceLock;

use board_kernel::perft::node_key;
use kamisado::prelude::*;
use kamisado::{Kamisado, Move, Side, State, Status};

fn solution(name: &str) -> String {
    let path = format!("{}/../../docs/solutions/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The game and the root position a certificate's header names: the first line gives the
/// root between backticks, then `# game:` and `# options:` lines.
fn header(text: &str) -> (Kamisado, State) {
    let mut lines = text.lines();
    let first = lines.next().expect("a header");
    let root = first
        .split('`')
        .nth(1)
        .unwrap_or_else(|| panic!("no root between backticks in `{first}`"));
    assert_eq!(lines.next(), Some("# game: kamisado"));
    let options = lines
        .next()
        .and_then(|l| l.strip_prefix("# options: "))
        .expect("an options line");
    let pairs = options.split(' ').map(|pair| {
        pair.split_once('=')
            .unwrap_or_else(|| panic!("`{pair}` is not KEY=VALUE"))
    });
    let game = Kamisado::from_pairs(pairs).expect("valid options");
    let root = game.parse_position(root).expect("a valid root position");
    (game, root)
}

/// The legal move of `state` spelt `text`.
fn legal(game: &Kamisado, state: &State, text: &str) -> Move {
    let mut moves = Vec::new();
    game.legal_moves(state, &mut moves);
    moves
        .into_iter()
        .find(|m| m.to_string() == text)
        .unwrap_or_else(|| panic!("`{text}` is not legal in `{state}`"))
}

/// Walks the strategy `table` from `root` with `legal_moves`, `play` and `status` alone, and
/// returns how many White positions were reached (each listed, with a legal move) and the
/// lines of the table they used.
fn check_table(
    game: &Kamisado,
    root: &State,
    table: &BTreeMap<String, String>,
) -> Result<HashSet<String>, String> {
    let mut used = HashSet::new();
    let mut seen = HashSet::new();
    let mut stack = vec![root.clone()];
    while let Some(state) = stack.pop() {
        if let Status::Finished(result) = game.status(&state) {
            if result.winner != Some(Side::White) {
                return Err(format!("the line ending in `{state}` is not won"));
            }
            continue;
        }
        if !seen.insert(state.clone()) {
            continue;
        }
        let mut moves = Vec::new();
        game.legal_moves(&state, &mut moves);
        let moves = if game.side_to_move(&state) == Side::White {
            let text = state.to_string();
            let listed = table
                .get(&text)
                .ok_or_else(|| format!("`{text}` is not in the table"))?;
            used.insert(text.clone());
            let mv = moves
                .into_iter()
                .find(|m| m.to_string() == *listed)
                .ok_or_else(|| format!("`{listed}` is not legal in `{text}`"))?;
            vec![mv]
        } else {
            moves
        };
        for mv in moves {
            let mut next = state.clone();
            game.play(&mut next, &mv)
                .map_err(|e| format!("{mv}: {e}"))?;
            stack.push(next);
        }
    }
    Ok(used)
}

/// The certificate's game and root, and the table its walk gives: White's move in every
/// White position the walk reaches. The walk must use every listed move, in a position
/// where it is legal. Walked once for all the tests that read it.
fn walked_table() -> (Kamisado, State, BTreeMap<String, String>) {
    static WALKED: OnceLock<(Kamisado, State, BTreeMap<String, String>)> = OnceLock::new();
    WALKED.get_or_init(walk).clone()
}

fn walk() -> (Kamisado, State, BTreeMap<String, String>) {
    let text = solution("kamisado-round.txt");
    let (game, root) = header(&text);
    let mut strategy = text.lines().filter(|l| !l.starts_with('#'));
    let mut seen = HashSet::new();
    let mut stack = vec![root.clone()];
    let mut reached = BTreeMap::new();
    let mut black_positions = 0;
    while let Some(position) = stack.pop() {
        if let Status::Finished(result) = game.status(&position) {
            assert_eq!(result.winner, Some(Side::White), "lost line: `{position}`");
            continue;
        }
        // A node: the position with its history since the last actual move.
        if !seen.insert(node_key(&game, &position)) {
            continue;
        }
        if game.side_to_move(&position) == Side::White {
            let listed = strategy.next().expect("a move for every White position");
            let mv = legal(&game, &position, listed);
            let mut child = position.clone();
            game.play_unchecked(&mut child, &mv);
            stack.push(child);
            let earlier = reached.insert(position.to_string(), listed.to_owned());
            assert!(
                earlier.is_none_or(|m| m == listed),
                "`{position}` is given two moves"
            );
        } else {
            black_positions += 1;
            let mut moves = Vec::new();
            game.legal_moves(&position, &mut moves);
            // Sorted by text, as the header says, whatever order the engine lists them in.
            moves.sort_by_key(ToString::to_string);
            for mv in &moves {
                let mut child = position.clone();
                game.play_unchecked(&mut child, mv);
                stack.push(child);
            }
        }
    }
    assert_eq!(strategy.next(), None, "moves left over");
    assert!(black_positions > 0);
    (game, root, reached)
}

#[test]
fn the_walk_follows_its_header_from_the_opening() {
    let text = solution("kamisado-round.txt");
    let (game, root) = header(&text);
    assert_eq!(root, game.initial_state());
    assert!(
        text.lines().next().is_some_and(
            |l| l.starts_with("# towers solve kamisado: a winning strategy for White from `")
        ),
        "the header's first line"
    );
    let (_, _, table) = walked_table();
    // White's strategy opens with the move of the first White position walked.
    assert_eq!(
        table.get(&root.to_string()).map(String::as_str),
        Some("b1-b7")
    );
}

#[test]
fn the_table_wins_against_every_defence_and_every_line_is_reached() {
    let (game, root, table) = walked_table();
    let used = check_table(&game, &root, &table).unwrap();
    let unreached: Vec<&String> = table.keys().filter(|p| !used.contains(*p)).collect();
    assert!(unreached.is_empty(), "lines never reached: {unreached:?}");
    // The figure `towers solve kamisado --certificate` reported.
    assert_eq!(table.len(), 31_950);
}

#[test]
fn a_table_with_a_position_missing_a_wrong_move_or_a_losing_move_fails() {
    let (game, root, table) = walked_table();
    // A position missing.
    let mut missing = table.clone();
    let opening = root.to_string();
    missing.remove(&opening);
    let error = check_table(&game, &root, &missing).unwrap_err();
    assert!(error.contains("is not in the table"), "{error}");
    // A move that is not legal there.
    let mut illegal = table.clone();
    illegal.insert(opening.clone(), "b1-b8".to_owned());
    let error = check_table(&game, &root, &illegal).unwrap_err();
    assert!(error.contains("is not legal"), "{error}");
    // A legal move after which Black wins at once, listed in place of a winning one: the
    // walk meets Black's winning reply first (the last one listed is walked first).
    let mut losing = table.clone();
    let (position, mv) = table
        .keys()
        .find_map(|text| {
            let state = game.parse_position(text).unwrap();
            let mut moves = Vec::new();
            game.legal_moves(&state, &mut moves);
            moves.into_iter().find_map(|mv| {
                let mut after = state.clone();
                game.play(&mut after, &mv).unwrap();
                let mut replies = Vec::new();
                game.legal_moves(&after, &mut replies);
                let last = replies.last()?;
                game.play(&mut after, last).unwrap();
                let won = game.status(&after).result()?.winner == Some(Side::Black);
                won.then(|| (text.clone(), mv.to_string()))
            })
        })
        .expect("some White position has a move that loses at once");
    losing.insert(position, mv);
    let error = check_table(&game, &root, &losing).unwrap_err();
    assert!(error.contains("is not won"), "{error}");
}
