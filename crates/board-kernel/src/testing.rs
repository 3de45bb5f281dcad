//! Helpers for the games' tests: a toy game ([`Nim`]) implementing the contract, for examples
//! and for testing the generic tools (perft, playouts, the conformance suite) independently of
//! the real games; the switch for heavy tests; the rule-book replay check; the perft driver
//! over data files ([`check_perft_file`]); and what every game's own tests ask alike (random
//! lines of play, the key contract along them, the legal moves as texts, a line of moves
//! played, a move refused without change, a board field written from a grid).

use crate::{Block, Game, GameExt, MoveError, Rules, SplitMix64};

mod nim;
mod perft_file;

#[cfg(test)]
pub(crate) use nim::nim_rules_passed_on;
pub use nim::{Nim, NimOptions, NimState, Take};
pub use perft_file::check_perft_file;

/// The environment variable that switches on the heavy tests (deep perft, strength series).
pub const HEAVY: &str = "TOWERS_HEAVY";

/// Whether the heavy tests run: `TOWERS_HEAVY` is set to anything but `0` or empty. CI sets it
/// in one dedicated step, so `cargo test` stays quick for a contributor. A heavy test that
/// does not run says so on stderr.
///
/// ```
/// fn deep_perft() {
///     if !board_kernel::testing::heavy("deep_perft") {
///         return;
///     }
///     // … the expensive part
/// }
/// # deep_perft();
/// ```
#[must_use]
pub fn heavy(test: &str) -> bool {
    let on = std::env::var(HEAVY).is_ok_and(|v| !v.is_empty() && v != "0");
    if !on {
        eprintln!("{test}: skipped (a heavy test; set {HEAVY}=1 to run it)");
    }
    on
}

/// Whether the heavy tests are on (`TOWERS_HEAVY` set to anything but `0` or empty), without
/// a note: for tests that need a service CI provides (a database) and must not pass quietly
/// without it there.
#[must_use]
pub fn heavy_on() -> bool {
    std::env::var(HEAVY).is_ok_and(|v| !v.is_empty() && v != "0")
}

/// `quick` normally, `heavy` when the heavy tests are on (silently): for suites that always
/// run but go deeper in CI's heavy step, such as the number of conformance games.
#[must_use]
pub fn scale(quick: usize, heavy: usize) -> usize {
    if std::env::var(HEAVY).is_ok_and(|v| !v.is_empty() && v != "0") {
        heavy
    } else {
        quick
    }
}

/// `check(item)` for every item, spread over the machine's cores, the results in the items'
/// order: for tests that loop over independent cases (every game, every option set) and
/// would otherwise keep all but one core idle while the longest runs. Each item is checked
/// on its own, so a seeded case gives the same result on any number of threads. A panic
/// (a failed assertion) in any check is raised again here, once every thread has stopped.
///
/// ```
/// let squares = board_kernel::testing::in_parallel(1..=4_u64, |n| n * n);
/// assert_eq!(squares, [1, 4, 9, 16]);
/// ```
pub fn in_parallel<T, R, I, F>(items: I, check: F) -> Vec<R>
where
    I: IntoIterator<Item = T>,
    T: Send,
    R: Send,
    F: Fn(T) -> R + Sync,
{
    use std::sync::Mutex;
    use std::sync::atomic::{AtomicUsize, Ordering};
    let items: Vec<Mutex<Option<T>>> = items.into_iter().map(|t| Mutex::new(Some(t))).collect();
    let results: Vec<Mutex<Option<R>>> = items.iter().map(|_| Mutex::new(None)).collect();
    let next = AtomicUsize::new(0);
    let threads = std::thread::available_parallelism()
        .map_or(1, usize::from)
        .min(items.len());
    let outcome = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|_| {
                scope.spawn(|| {
                    loop {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        let Some(slot) = items.get(i) else { break };
                        let item = slot.lock().ok().and_then(|mut t| t.take());
                        if let Some(item) = item {
                            let result = check(item);
                            if let Ok(mut r) = results[i].lock() {
                                *r = Some(result);
                            }
                        }
                    }
                })
            })
            .collect();
        // Every worker is joined before the first panic is raised again.
        let mut first_panic = None;
        for worker in workers {
            if let Err(panic) = worker.join() {
                first_panic.get_or_insert(panic);
            }
        }
        first_panic
    });
    if let Some(panic) = outcome {
        std::panic::resume_unwind(panic);
    }
    results
        .into_iter()
        .map(|r| {
            r.into_inner()
                .ok()
                .flatten()
                .expect("every item was checked")
        })
        .collect()
}

/// Replays every setup of `G`'s rule book: its options build, its position parses and
/// re-prints the same, and its moves are legal. Returns how many setups were replayed, or
/// the first failure with the example's caption.
pub fn check_rule_book<G: Game>() -> Result<usize, String> {
    let book = G::rule_book();
    let mut replayed = 0;
    for (caption, setup) in book.setups() {
        let fail = |what: String| format!("{}: rule-book example `{caption}`: {what}", G::NAME);
        let game = G::from_pairs(setup.options.iter().copied()).map_err(|e| fail(e.to_string()))?;
        let mut state = match setup.position {
            Some(text) => {
                let state = game.parse_position(text).map_err(|e| fail(e.to_string()))?;
                if state.to_string() != text {
                    return Err(fail(format!("the position re-prints as `{state}`")));
                }
                state
            }
            None => game.initial_state(),
        };
        for mv in setup.moves {
            game.play_text(&mut state, mv)
                .map_err(|e| fail(format!("`{mv}`: {e}")))?;
        }
        replayed += 1;
    }
    for block in &book.blocks {
        if let Block::LegalMoves { caption, setup, .. } = block
            && let Some(said) = stated_move_count(caption)
        {
            let game = G::from_pairs(setup.options.iter().copied()).map_err(|e| e.to_string())?;
            let mut state = match setup.position {
                Some(text) => game.parse_position(text).map_err(|e| e.to_string())?,
                None => game.initial_state(),
            };
            for mv in setup.moves {
                game.play_text(&mut state, mv).map_err(|e| e.to_string())?;
            }
            let mut moves = Vec::new();
            game.legal_moves(&state, &mut moves);
            if moves.len() != said {
                return Err(format!(
                    "{}: rule-book example `{caption}` says {said} but the position has {} legal moves",
                    G::NAME,
                    moves.len()
                ));
            }
        }
    }
    if !book.blocks.contains(&Block::Options)
        && !<G::Options as crate::GameOptions>::info().is_empty()
    {
        return Err(format!("{}: the rule book has no options table", G::NAME));
    }
    Ok(replayed)
}

/// The states of a random game from `start`: each move drawn by `rng` from the full list of
/// legal moves ([`SplitMix64::choose`]), until the game ends or `max_plies` moves have been
/// played (`usize::MAX` for no limit), so the line holds at most `max_plies + 1` states,
/// `start` first. The same `rng` state gives the same line, so a test that draws its games
/// this way replays them exactly.
///
/// ```
/// use board_kernel::prelude::*;
/// use board_kernel::SplitMix64;
/// use board_kernel::testing::{Nim, random_line};
/// let game = Nim::default();
/// let line = random_line(&game, game.initial_state(), &mut SplitMix64::new(1), usize::MAX);
/// assert_eq!(line[0], game.initial_state());
/// assert!(game.status(line.last().unwrap()).is_finished());
/// assert_eq!(random_line(&game, game.initial_state(), &mut SplitMix64::new(1), 2).len(), 3);
/// ```
pub fn random_line<G: Rules>(
    game: &G,
    start: G::State,
    rng: &mut SplitMix64,
    max_plies: usize,
) -> Vec<G::State> {
    let mut line = vec![start];
    let mut moves = Vec::new();
    for _ in 0..max_plies {
        let state = line.last().expect("a line starts with a state");
        moves.clear();
        game.legal_moves(state, &mut moves);
        let Some(mv) = rng.choose(&moves) else { break };
        let mut next = state.clone();
        game.play_unchecked(&mut next, mv);
        line.push(next);
    }
    line
}

/// Checks [`Rules::key`]'s contract along `games` random games from the start, drawn as
/// [`random_line`] draws them with one generator seeded with `seed` for the whole series, at
/// most `max_plies` moves a game: every state's key equals the key of the state read back
/// from its position text, so a key kept up to date move by move is the key of the position,
/// and depends on nothing the text does not say. `also` runs on each state and its read-back
/// copy, for a game's own checks (a board key against one computed from scratch). Returns how
/// many states were checked; panics with the position text where a check fails.
///
/// ```
/// use board_kernel::testing::{Nim, check_keys};
/// let checked = check_keys(&Nim::default(), 7, 5, usize::MAX, |state, read| {
///     assert_eq!(state, read);
/// });
/// assert!(checked > 5);
/// ```
pub fn check_keys<G: Rules>(
    game: &G,
    seed: u64,
    games: usize,
    max_plies: usize,
    mut also: impl FnMut(&G::State, &G::State),
) -> usize {
    let mut rng = SplitMix64::new(seed);
    let mut checked = 0;
    for _ in 0..games {
        for state in random_line(game, game.initial_state(), &mut rng, max_plies) {
            let read = game
                .parse_position(&state.to_string())
                .unwrap_or_else(|e| panic!("{state}: its own text is refused: {e}"));
            assert_eq!(game.key(&state), game.key(&read), "{state}");
            also(&state, &read);
            checked += 1;
        }
    }
    checked
}

/// The texts of `state`'s legal moves, in the order [`Rules::legal_moves`] lists them.
///
/// ```
/// use board_kernel::prelude::*;
/// use board_kernel::testing::{Nim, move_texts};
/// let game = Nim::default();
/// assert_eq!(move_texts(&game, &game.initial_state()), ["1", "2", "3"]);
/// ```
pub fn move_texts<G: Rules>(game: &G, state: &G::State) -> Vec<String> {
    let mut moves = Vec::new();
    game.legal_moves(state, &mut moves);
    moves.iter().map(ToString::to_string).collect()
}

/// The texts of `state`'s legal moves in byte order: for comparing with a list written by
/// hand, whatever order the game lists its moves in.
///
/// ```
/// use board_kernel::prelude::*;
/// use board_kernel::testing::{Nim, NimOptions, sorted_move_texts};
/// let game = Nim::with_options(NimOptions { stones: 20, max_take: 12 }).unwrap();
/// assert_eq!(sorted_move_texts(&game, &game.initial_state())[..4], ["1", "10", "11", "12"]);
/// ```
pub fn sorted_move_texts<G: Rules>(game: &G, state: &G::State) -> Vec<String> {
    let mut texts = move_texts(game, state);
    texts.sort();
    texts
}

/// Plays the moves of `line`, as texts, one after another on `state`; panics naming the first
/// one refused, the position it was tried in and why.
///
/// ```
/// use board_kernel::prelude::*;
/// use board_kernel::testing::{Nim, play_line};
/// let game = Nim::default();
/// let mut state = game.initial_state();
/// play_line(&game, &mut state, "3 3".split_whitespace());
/// play_line(&game, &mut state, ["1"]);
/// assert_eq!(state.to_string(), "3 b");
/// ```
pub fn play_line<G: Rules>(
    game: &G,
    state: &mut G::State,
    line: impl IntoIterator<Item: AsRef<str>>,
) {
    for mv in line {
        let mv = mv.as_ref();
        if let Err(e) = game.play_text(state, mv) {
            panic!("{mv} refused in {state}: {e}");
        }
    }
}

/// Tries `mv` on a copy of `state` and asserts that it is refused with a message containing
/// `words` and that the copy is unchanged. Returns the error, for a test that checks more
/// (which rule it names).
///
/// ```
/// use board_kernel::prelude::*;
/// use board_kernel::testing::{Nim, assert_refused};
/// let game = Nim::default();
/// let err = assert_refused(&game, &game.initial_state(), "4", "between 1 and 3");
/// assert!(matches!(err, board_kernel::MoveError::Illegal { .. }));
/// ```
pub fn assert_refused<G: Rules>(game: &G, state: &G::State, mv: &str, words: &str) -> MoveError {
    let mut tried = state.clone();
    let Err(err) = game.play_text(&mut tried, mv) else {
        panic!("{mv} was accepted in {state}");
    };
    let message = err.to_string();
    assert!(
        message.contains(words),
        "{mv}: `{message}` does not mention `{words}`"
    );
    assert_eq!(&tried, state, "{mv}: a refused move changed the state");
    err
}

/// A board field written from a grid of characters, `cells[rank][file]` with rank 1 first and
/// `.` for an empty cell: the ranks top first, separated by `/`, a maximal run of empty cells
/// written as its length. Tests that build positions from piece lists write them with this
/// instead of a game's printer ([`BoardField::write`](crate::text::BoardField::write)), so a
/// position they build does not depend on the code they test.
///
/// ```
/// let mut cells = [['.'; 3]; 2];
/// cells[0][0] = 'W';
/// cells[1][2] = 'b';
/// assert_eq!(board_kernel::testing::runs_field(&cells), "2b/W2");
/// ```
#[must_use]
pub fn runs_field<const FILES: usize>(cells: &[[char; FILES]]) -> String {
    let mut ranks = Vec::with_capacity(cells.len());
    for rank in cells.iter().rev() {
        let mut text = String::new();
        let mut run = 0;
        for &c in rank {
            if c == '.' {
                run += 1;
                continue;
            }
            if run > 0 {
                text += &run.to_string();
                run = 0;
            }
            text.push(c);
        }
        if run > 0 {
            text += &run.to_string();
        }
        ranks.push(text);
    }
    ranks.join("/")
}

/// The total a caption states: the first number written as `N turns`, `N moves` or `N legal
/// moves` (a count of one kind, `25 kicks`, is not a total and is not read).
fn stated_move_count(caption: &str) -> Option<usize> {
    let words: Vec<&str> = caption.split_whitespace().collect();
    words
        .windows(3)
        .find_map(|w| {
            let n: usize = w[0].trim_start_matches('(').parse().ok()?;
            let next = w[1].trim_end_matches([',', ')', ';', '.', ':']);
            let after = w[2].trim_end_matches([',', ')', ';', '.', ':']);
            (matches!(next, "turns" | "moves") || (next == "legal" && after == "moves"))
                .then_some(n)
        })
        .or_else(|| {
            // A count at the very end: `…: 8 turns`.
            let n = words.len();
            (n >= 2 && matches!(words[n - 1].trim_end_matches('.'), "turns" | "moves"))
                .then(|| words[n - 2].parse().ok())
                .flatten()
        })
}

/// Checks that every rule a game's refusals can name is cited from its rule book: each string
/// literal `"§…"` in the Rust files under `src` (the rule ids [`Illegal::breaks`] is given,
/// written as literals or as constants) maps through [`Presentation::rule_section`] to a
/// section the rule book has. Returns the rule ids found, sorted, or the first that is not
/// cited (and a rule book whose headings lack anchors). Reading the sources rather than a
/// list the game declares means a new refusal cannot be forgotten.
///
/// [`Illegal::breaks`]: crate::Illegal::breaks
/// [`Presentation::rule_section`]: crate::Presentation::rule_section
pub fn check_refusal_rules<G: crate::Presentation>(
    src: &std::path::Path,
) -> Result<Vec<String>, String> {
    let sections = G::rule_book().sections()?;
    let mut files = vec![src.to_path_buf()];
    let mut rules = std::collections::BTreeSet::new();
    while let Some(path) = files.pop() {
        if path.is_dir() {
            let entries =
                std::fs::read_dir(&path).map_err(|e| format!("{}: {e}", path.display()))?;
            for entry in entries {
                files.push(entry.map_err(|e| e.to_string())?.path());
            }
            continue;
        }
        if path.extension().is_none_or(|e| e != "rs") {
            continue;
        }
        let text =
            std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
        for (at, _) in text.match_indices("\"§") {
            let rest = &text[at + 1..];
            if let Some(end) = rest.find('"') {
                rules.insert((rest[..end].to_owned(), path.display().to_string()));
            }
        }
    }
    if rules.is_empty() {
        return Err(format!("no rule id `\"§…\"` under {}", src.display()));
    }
    let mut ids: Vec<String> = Vec::new();
    for (rule, file) in rules {
        let Some(anchor) = G::rule_section(&rule) else {
            return Err(format!(
                "{}: the rule {rule} (in {file}) has no rule-book section (rule_section)",
                G::NAME
            ));
        };
        if !sections.iter().any(|s| s.anchor == anchor) {
            return Err(format!(
                "{}: the rule {rule} maps to `#{anchor}`, which the rule book has no heading for",
                G::NAME
            ));
        }
        if !ids.contains(&rule) {
            ids.push(rule);
        }
    }
    Ok(ids)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn captions_state_totals_that_are_read() {
        assert_eq!(
            stated_move_count("Example 1 — the opening: 173 moves, 148 plain"),
            Some(173)
        );
        assert_eq!(
            stated_move_count("Red has 142 turns (37 King, 25 Queen)"),
            Some(142)
        );
        assert_eq!(stated_move_count("with d8-d9 scoring: 8 turns"), Some(8));
        assert_eq!(stated_move_count("26 kicks (adds h5-h8/h10)"), None);
        assert_eq!(stated_move_count("The start"), None);
    }

    #[test]
    fn nim_rule_book_replays_and_its_options_are_consistent() {
        assert_eq!(check_rule_book::<Nim>(), Ok(2));
        crate::options::check_table::<NimOptions>().unwrap();
    }

    #[test]
    #[should_panic(expected = "item 3 fails")]
    fn in_parallel_raises_a_failed_check_again() {
        let _ = super::in_parallel(0..6, |i| assert_ne!(i, 3, "item 3 fails"));
    }

    #[test]
    fn in_parallel_checks_every_item_once_and_keeps_their_order() {
        let seen = std::sync::atomic::AtomicUsize::new(0);
        let out = super::in_parallel((0..100).rev(), |i| {
            seen.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            i * 2
        });
        assert_eq!(seen.into_inner(), 100);
        assert_eq!(out, (0..100).rev().map(|i| i * 2).collect::<Vec<_>>());
    }
}
