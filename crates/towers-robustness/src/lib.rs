//! Untrusted input end to end, for every registered game: the bodies of the fuzz targets in
//! `fuzz/` and of the robustness tests that always run on stable Rust.
//!
//! Each function takes raw bytes, as a fuzzer hands them: the first byte picks the game, the
//! rest is the input (read as UTF-8, invalid sequences replaced). Each returns whether the
//! input was accepted (`false`: refused cleanly), and **panics** when a promise is broken: a
//! parser, a move or a step panicked, an accepted text does not print back to itself, a refusal
//! changed the state or named no rule, a turn built step by step completes a move that is not
//! legal, or a position that parsed breaks the game contract later
//! ([`board_kernel::conformance::check_playout`] plays a random game from it with every
//! per-state check).
//!
//! For positions, moves and turns the first byte also picks the game's options: the game is
//! the byte modulo the number of games, and the byte divided by it indexes [`option_sets`]
//! (0 is the defaults, so the inputs written before options were chosen keep their meaning).
//!
//! ```
//! // Kamisado's initial position text, then a random game from it, fully checked.
//! let kamisado = tower_games::registry::names().iter().position(|n| *n == "kamisado").unwrap();
//! let text = tower_games::registry::build("kamisado", &[])?.initial_state().position_text();
//! let mut data = vec![kamisado as u8];
//! data.extend_from_slice(text.as_bytes());
//! towers_robustness::position_text(&data);
//! towers_robustness::position_text(b"\x00 not a position");
//! # Ok::<(), tower_games::registry::RegistryError>(())
//! ```

use std::collections::HashMap;

use std::sync::OnceLock;

use board_kernel::conformance::{Config, check_playout};
use board_kernel::erased::{DynGame, DynState, DynTurn};
use board_kernel::picture::Point;
use board_kernel::steps::{Step, StepError};
use board_kernel::{Game, GameOptions, Illegal, MoveError, SplitMix64};

use tower_games::record::{Record, option_pairs};
use tower_games::registry::{self, GameVisitor};

/// Plies of random play checked after an accepted position or option set: enough to reach
/// captures, scoring and ends from most positions, few enough for a fuzzer's pace.
pub const PLAYOUT_PLIES: usize = 200;

/// The game a fuzz input is for, and the rest of the input.
fn split(data: &[u8]) -> Option<(&'static str, &[u8])> {
    let (&first, rest) = data.split_first()?;
    let names = registry::names();
    Some((names[usize::from(first) % names.len()], rest))
}

/// Option settings as `KEY=VALUE` pairs, as [`registry::build`] takes them.
pub type Pairs = Vec<(String, String)>;

/// How many option sets [`option_sets`] gives a game at most: what one byte divided by the
/// number of games can index.
const MAX_OPTION_SETS: usize = 48;

/// The option sets a fuzz input can pick for the game `name`, in a fixed order: the defaults
/// first, then every single alternative of the game's options table
/// ([`GameOptions::alternatives`]: each other setting of each switch and enumerated option),
/// then the rule book's option sets, then seeded random combinations of alternatives (each
/// kept only when the game accepts it with the others). Every set builds. Numbers are left
/// at the values the rule book uses, so no set makes a move list too long for a fuzzer's pace.
///
/// # Panics
/// When `name` is not a registered game.
#[must_use]
pub fn option_sets(name: &str) -> &'static [Pairs] {
    static SETS: OnceLock<Vec<(&'static str, Vec<Pairs>)>> = OnceLock::new();
    let sets = SETS.get_or_init(|| {
        registry::names()
            .iter()
            .map(|&name| (name, option_sets_of(name)))
            .collect()
    });
    let (_, sets) = sets
        .iter()
        .find(|(n, _)| *n == name)
        .unwrap_or_else(|| panic!("`{name}` is not a registered game"));
    sets
}

fn option_sets_of(name: &str) -> Vec<Pairs> {
    struct Alternatives;
    impl GameVisitor for Alternatives {
        type Output = Vec<(&'static str, String)>;
        fn visit<G: Game>(self, _default: G) -> Self::Output {
            G::Options::alternatives()
        }
    }
    let alternatives: Vec<Pairs> = registry::visit(name, &[], Alternatives)
        .expect("a registered game")
        .into_iter()
        .map(|(k, v)| vec![(k.to_owned(), v)])
        .collect();
    let book = registry::build(name, &[])
        .expect("defaults are valid")
        .rule_book();
    let mut sets: Vec<Pairs> = Vec::new();
    // The games the sets build, as their option values: two spellings of one set count once.
    let mut built: Vec<Vec<(&'static str, String)>> = Vec::new();
    // An input's first byte names the game and the set: with more games registered (a new
    // one made by `cargo xtask new-game`), each game gets fewer sets.
    let most = MAX_OPTION_SETS.min(256 / registry::names().len());
    let mut add = |sets: &mut Vec<Pairs>, pairs: Pairs| {
        if sets.len() < most
            && let Ok(game) = registry::build(name, &pairs)
            && !built.contains(&game.option_values())
        {
            built.push(game.option_values());
            sets.push(pairs);
        }
    };
    add(&mut sets, Vec::new());
    for pairs in &alternatives {
        add(&mut sets, pairs.clone());
    }
    for (_, setup) in book.setups() {
        let pairs = setup
            .options
            .iter()
            .map(|&(k, v)| (k.to_owned(), v.to_owned()))
            .collect();
        add(&mut sets, pairs);
    }
    // Combinations over a base set (the defaults or a rule book's: an alternative may matter
    // only with a book setting, as the next round's starter in a match).
    let bases = sets.clone();
    let mut rng = SplitMix64::new(0x0F7_5E75);
    for _ in 0..4 * MAX_OPTION_SETS {
        let mut pairs = bases[rng.below(bases.len())].clone();
        for alternative in &alternatives {
            let (key, _) = &alternative[0];
            if rng.below(3) == 0 && pairs.iter().all(|(k, _)| k != key) {
                pairs.push(alternative[0].clone());
                if registry::build(name, &pairs).is_err() {
                    pairs.pop();
                }
            }
        }
        add(&mut sets, pairs);
    }
    sets
}

/// The game, its option set and the rest of an input whose first byte picks both (see the
/// module documentation).
fn split_with_options(data: &[u8]) -> Option<(&'static str, usize, &[u8])> {
    let (&first, rest) = data.split_first()?;
    let names = registry::names();
    let name = names[usize::from(first) % names.len()];
    let set = usize::from(first) / names.len() % option_sets(name).len();
    Some((name, set, rest))
}

/// The first byte of an input for game number `game` under its option set number `set`: what
/// [`split_with_options`] reads back.
fn tag(game: usize, set: usize) -> u8 {
    u8::try_from(set * registry::names().len() + game).expect("few games and option sets")
}

/// Games built under an option set, by name and set number.
type Built = HashMap<(&'static str, usize), std::rc::Rc<dyn DynGame>>;

/// The game `name` under its option set number `set`, kept per thread.
fn game_with(name: &'static str, set: usize) -> std::rc::Rc<dyn DynGame> {
    thread_local! {
        static GAMES: std::cell::RefCell<Built> =
            std::cell::RefCell::new(HashMap::new());
    }
    GAMES.with(|games| {
        games
            .borrow_mut()
            .entry((name, set))
            .or_insert_with(|| {
                registry::build(name, &option_sets(name)[set])
                    .expect("option sets build")
                    .into()
            })
            .clone()
    })
}

/// A 64-bit seed from bytes (FNV-1a), so each input plays its own random game.
fn seed_of(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

fn playout_config() -> Config {
    Config {
        games: 1,
        max_plies: PLAYOUT_PLIES,
        ..Config::default()
    }
}

/// Plays a fully checked random game from the position `text`, with the concrete game type:
/// `false` when the game refuses the text.
struct Playout<'a> {
    text: &'a str,
    seed: u64,
}

impl GameVisitor for Playout<'_> {
    type Output = bool;
    fn visit<G: Game>(self, game: G) -> bool {
        let Ok(state) = game.parse_position(self.text) else {
            return false;
        };
        check_playout(&game, state, self.seed, &playout_config(), |_, _| Ok(()));
        true
    }
}

/// A position text under the option set the first byte picks: refused, or accepted as a
/// position whose text prints and parses back to itself and from which a checked random game
/// keeps the contract.
///
/// # Panics
/// When a promise is broken (see the module documentation).
pub fn position_text(data: &[u8]) -> bool {
    let Some((name, set, rest)) = split_with_options(data) else {
        return false;
    };
    let text = String::from_utf8_lossy(rest);
    let pairs = &option_sets(name)[set];
    let game = game_with(name, set);
    let Ok(state) = game.parse_position(&text) else {
        return false;
    };
    let printed = state.position_text();
    let again = game.parse_position(&printed).unwrap_or_else(|e| {
        panic!("{name} {pairs:?}: `{text}` was accepted but prints as `{printed}`, which is refused: {e}")
    });
    assert_eq!(
        again.position_text(),
        printed,
        "{name} {pairs:?}: `{text}` does not print stably"
    );
    registry::visit(
        name,
        pairs,
        Playout {
            text: &text,
            seed: seed_of(rest),
        },
    )
    .expect("option sets build");
    true
}

/// A game, its option set and a number of plies: where [`reachable`] goes.
type Reached = (&'static str, usize, usize);

/// How many reached positions a thread keeps: every game, option set and ply count would be
/// tens of thousands of states, too many to hold beside a fuzzer.
const REACHED_KEPT: usize = 4_096;

/// The position after a random game of `plies` moves (seeded by `plies`) from the initial
/// position of `name` under its option set number `set`, kept per thread: a fuzzer asks for
/// the same few hundred positions millions of times.
fn reachable(name: &'static str, set: usize, plies: usize) -> Box<dyn DynState> {
    thread_local! {
        static CACHE: std::cell::RefCell<HashMap<Reached, Box<dyn DynState>>> =
            std::cell::RefCell::new(HashMap::new());
    }
    CACHE.with(|cache| {
        let mut cache = cache.borrow_mut();
        if cache.len() >= REACHED_KEPT && !cache.contains_key(&(name, set, plies)) {
            cache.clear();
        }
        cache
            .entry((name, set, plies))
            .or_insert_with(|| play_random(&*game_with(name, set), plies as u64, plies))
            .clone_box()
    })
}

fn play_random(game: &dyn DynGame, seed: u64, plies: usize) -> Box<dyn DynState> {
    let mut rng = SplitMix64::new(seed);
    let mut state = game.initial_state();
    for _ in 0..plies {
        let moves = state.legal_moves();
        let Some(mv) = rng.choose(&moves) else { break };
        let mv = mv.clone();
        state.play(&mv).expect("generated moves are legal");
    }
    state
}

/// A move text tried in a reachable position under the option set the first byte picks (the
/// second byte, modulo 128, is the number of random plies that reach it): refused with the
/// position unchanged and, when illegal, the broken rule's section named; or accepted as one
/// of the legal moves.
///
/// # Panics
/// When a promise is broken (see the module documentation).
pub fn move_text(data: &[u8]) -> bool {
    let Some((name, set, rest)) = split_with_options(data) else {
        return false;
    };
    let Some((&plies, text)) = rest.split_first() else {
        return false;
    };
    let text = String::from_utf8_lossy(text);
    let pairs = &option_sets(name)[set];
    let state = reachable(name, set, usize::from(plies % 128));
    let legal = state.legal_moves();
    let before = state.position_text();
    let mut tried = state.clone_box();
    match tried.play(&text) {
        Ok(played) => {
            assert!(
                legal.contains(&played),
                "{name} {pairs:?}: `{text}` in `{before}` was accepted as `{played}`, which is not a legal move"
            );
            let mut again = state.clone_box();
            assert_eq!(
                again.play(&played).as_deref(),
                Ok(played.as_str()),
                "{name} {pairs:?}: `{played}` does not replay"
            );
            assert_eq!(again.position_text(), tried.position_text());
            true
        }
        Err(e) => {
            assert_eq!(
                tried.position_text(),
                before,
                "{name} {pairs:?}: the refused `{text}` changed the position"
            );
            match &e {
                MoveError::Illegal {
                    illegal: Illegal::Breaks { rule, .. },
                    ..
                } => assert!(
                    rule.starts_with('§'),
                    "{name} {pairs:?}: `{e}` names no rule"
                ),
                MoveError::Illegal {
                    illegal: Illegal::GameOver,
                    ..
                } => assert!(
                    legal.is_empty(),
                    "{name} {pairs:?}: game over with legal moves"
                ),
                MoveError::Parse(_) => {}
            }
            assert!(
                e.to_string().len() < 1_000,
                "{name} {pairs:?}: a {}-byte error",
                e.to_string().len()
            );
            false
        }
    }
}

/// A step a [`turn_steps`] input asks for: one of the offered steps by number, or a step of
/// its own that may not be offered.
enum Asked {
    Offered(usize),
    Own(Step),
}

/// Reads the next step of a [`turn_steps`] input: a byte below `0xC0` picks an offered step
/// by number (modulo how many there are); `0xC0..=0xDF` a cell whose column and row are the
/// high and low halves of the next byte; `0xE0..=0xEF` the choice of the low half's number;
/// `0xF0..` a finish.
fn asked(bytes: &mut std::slice::Iter<'_, u8>) -> Option<Asked> {
    let &b = bytes.next()?;
    Some(match b {
        0x00..=0xBF => Asked::Offered(usize::from(b)),
        0xC0..=0xDF => {
            let at = bytes.next().copied().unwrap_or(b);
            Asked::Own(Step::Cell(Point::new(at >> 4, at & 0x0F)))
        }
        0xE0..=0xEF => Asked::Own(Step::Choice(b & 0x0F)),
        0xF0..=0xFF => Asked::Own(Step::Finish),
    })
}

/// The byte [`asked`] reads as `step` asked for as a step of its own (a cell beyond column or
/// row 15 cannot be written and is asked for as offered step 0).
fn own_step_bytes(step: Step, out: &mut Vec<u8>) {
    match step {
        Step::Cell(p) if p.col < 16 && p.row < 16 => out.extend([0xC0, p.col << 4 | p.row]),
        Step::Choice(i) if i < 16 => out.push(0xE0 | i),
        Step::Finish => out.push(0xF0),
        Step::Cell(_) | Step::Choice(_) => out.push(0),
    }
}

/// Where a turn stands, to see that a refused step changed nothing.
fn turn_view(turn: &dyn DynTurn) -> (Vec<Step>, Vec<String>, Option<String>, String) {
    (
        turn.steps().to_vec(),
        turn.next().iter().map(|t| format!("{t:?}")).collect(),
        turn.complete(),
        turn.board().position_text(),
    )
}

/// Turns built step by step ([`DynState::start_turn`]) from a reachable position under the
/// option set the first byte picks (the second byte, modulo 128, is the number of random
/// plies that reach it), with the steps the rest of the bytes ask for, turn
/// after turn until the bytes or the game run out. A step is accepted exactly when it is
/// offered; a refused step changes nothing and is refused the same way by
/// [`DynState::next_steps`], which also agrees with the turn after every accepted step; a turn
/// that completes makes one of the legal moves, which plays to the board the turn showed. The
/// input is accepted when it completes at least one turn.
///
/// Each step is one byte: below `0xC0` the offered step of that number (modulo how many are
/// offered); `0xC0..=0xDF` a cell whose column and row are the high and low halves of the next
/// byte; `0xE0..=0xEF` the choice numbered by the low half; `0xF0` and above a finish.
///
/// # Panics
/// When a promise is broken (see the module documentation).
pub fn turn_steps(data: &[u8]) -> bool {
    let Some((name, set, rest)) = split_with_options(data) else {
        return false;
    };
    let Some((&plies, rest)) = rest.split_first() else {
        return false;
    };
    let pairs = &option_sets(name)[set];
    let mut state = reachable(name, set, usize::from(plies % 128));
    let mut bytes = rest.iter();
    let mut turns = 0;
    'turns: loop {
        let legal = state.legal_moves();
        let mut turn = match state.start_turn() {
            Ok(turn) => turn,
            Err(e) => {
                assert!(
                    matches!(e, StepError::GameOver) && legal.is_empty(),
                    "{name} {pairs:?}: no turn ({e}) in `{}` with {} legal moves",
                    state.position_text(),
                    legal.len()
                );
                break;
            }
        };
        assert!(
            !legal.is_empty(),
            "{name} {pairs:?}: a turn in a finished game"
        );
        loop {
            let here = state.position_text();
            let next = turn.next();
            assert!(
                !next.is_empty() && turn.complete().is_none(),
                "{name} {pairs:?}: in `{here}` after {:?} nothing is offered and no move made",
                turn.steps()
            );
            let Some(asked) = asked(&mut bytes) else {
                break 'turns;
            };
            let step = match asked {
                Asked::Offered(i) => next[i % next.len()].step,
                Asked::Own(step) => step,
            };
            let offered = next.iter().any(|t| t.step == step);
            let before = turn_view(&*turn);
            let mut steps = before.0.clone();
            steps.push(step);
            let index = steps.len();
            match turn.push(step) {
                Ok(()) => {
                    assert!(
                        offered,
                        "{name} {pairs:?}: in `{here}` after {:?} `{step}` was taken, not offered",
                        before.0
                    );
                    assert_eq!(turn.steps(), steps, "{name} {pairs:?}: in `{here}`");
                    let listed = state.next_steps(&steps).unwrap_or_else(|e| {
                        panic!("{name} {pairs:?}: in `{here}` the turn took {steps:?}, next_steps refuses them: {e}")
                    });
                    assert_eq!(
                        (
                            listed.next.as_slice(),
                            listed.complete.as_ref(),
                            listed.board.position_text()
                        ),
                        (
                            turn.next(),
                            turn.complete().as_ref(),
                            turn.board().position_text()
                        ),
                        "{name} {pairs:?}: in `{here}` the turn and next_steps disagree after {steps:?}"
                    );
                }
                Err(e) => {
                    assert!(
                        !offered,
                        "{name} {pairs:?}: in `{here}` after {:?} the offered `{step}` was refused: {e}",
                        before.0
                    );
                    assert_eq!(
                        e,
                        StepError::NotLegal { index, step },
                        "{name} {pairs:?}: in `{here}`"
                    );
                    assert_eq!(
                        turn_view(&*turn),
                        before,
                        "{name} {pairs:?}: in `{here}` the refused `{step}` changed the turn"
                    );
                    assert!(
                        matches!(state.next_steps(&steps), Err(StepError::NotLegal { index: i, .. }) if i == index),
                        "{name} {pairs:?}: in `{here}` next_steps does not refuse {steps:?} at step {index}"
                    );
                    continue;
                }
            }
            let Some(mv) = turn.complete() else {
                continue;
            };
            assert!(
                legal.contains(&mv),
                "{name} {pairs:?}: in `{here}` the steps {steps:?} make `{mv}`, not a legal move"
            );
            let mut after = state.clone_box();
            assert_eq!(
                after.play(&mv).as_deref(),
                Ok(mv.as_str()),
                "{name} {pairs:?}: in `{here}` the turn's `{mv}` does not play"
            );
            assert_eq!(
                after.position_text(),
                turn.board().position_text(),
                "{name} {pairs:?}: in `{here}` `{mv}` plays to another board than the turn's"
            );
            state = after;
            turns += 1;
            continue 'turns;
        }
    }
    turns > 0
}

/// Option settings, one `KEY=VALUE` a line: refused, or a game whose options print back to
/// the same game and whose initial position keeps the contract through a checked random game.
///
/// # Panics
/// When a promise is broken (see the module documentation).
pub fn option_settings(data: &[u8]) -> bool {
    let Some((name, rest)) = split(data) else {
        return false;
    };
    let text = String::from_utf8_lossy(rest);
    let settings: Vec<String> = text.lines().map(str::to_owned).collect();
    let Ok(pairs) = option_pairs(&settings) else {
        return false;
    };
    let Ok(game) = registry::build(name, &pairs) else {
        return false;
    };
    let printed: Vec<(String, String)> = game
        .option_values()
        .into_iter()
        .map(|(k, v)| (k.to_owned(), v))
        .collect();
    let again = registry::build(name, &printed)
        .unwrap_or_else(|e| panic!("{name}: options {pairs:?} print as {printed:?}, refused: {e}"));
    assert_eq!(again.option_values(), game.option_values(), "{name}");
    let start = game.initial_state().position_text();
    let played = registry::visit(
        name,
        &pairs,
        Playout {
            text: &start,
            seed: seed_of(rest),
        },
    )
    .expect("the options were accepted once");
    assert!(played, "{name}: the initial position `{start}` is refused");
    true
}

/// A game record's JSON (all of `data`; records name their game): refused, or replayed with
/// every move validated and a final position that prints back to itself.
///
/// # Panics
/// When a promise is broken (see the module documentation).
pub fn record_json(data: &[u8]) -> bool {
    let text = String::from_utf8_lossy(data);
    let Ok(record) = Record::from_json(&text) else {
        return false;
    };
    if let Ok(replayed) = record.replay() {
        let printed = replayed.state.position_text();
        let again = replayed
            .game
            .parse_position(&printed)
            .unwrap_or_else(|e| panic!("a replayed record ends in `{printed}`, refused: {e}"));
        assert_eq!(again.position_text(), printed);
        let _ = record.verify();
        return true;
    }
    false
}

/// Whether a rule book's options are the pairs `pairs`.
fn same_pairs(book: &[(&str, &str)], pairs: &[(String, String)]) -> bool {
    book.len() == pairs.len()
        && book
            .iter()
            .zip(pairs)
            .all(|(&(k, v), (pk, pv))| k == pk && v == pv)
}

/// Starting inputs for a target (`position`, `move`, `turn`, `options`, `record`): the rule
/// books' positions and options, positions, moves and turns along seeded random games under
/// every option set of [`option_sets`], and records of such games. The fuzz targets start from these; the robustness tests mutate them.
#[must_use]
pub fn seed_corpus(target: &str) -> Vec<Vec<u8>> {
    let mut corpus = Vec::new();
    for (index, name) in registry::names().iter().enumerate() {
        let with_tag = |text: &str| {
            let mut bytes = vec![tag(index, 0)];
            bytes.extend_from_slice(text.as_bytes());
            bytes
        };
        let game = registry::build(name, &[]).expect("defaults are valid");
        let book = game.rule_book();
        match target {
            "position" => {
                for (set, pairs) in option_sets(name).iter().enumerate() {
                    let tag = tag(index, set);
                    let with_tag = |text: &str| {
                        let mut bytes = vec![tag];
                        bytes.extend_from_slice(text.as_bytes());
                        bytes
                    };
                    for (_, setup) in book.setups() {
                        if let Some(p) = setup.position
                            && same_pairs(setup.options, pairs)
                        {
                            corpus.push(with_tag(p));
                        }
                    }
                    // Under the defaults more positions, deeper; one of each option set.
                    let plies: &[usize] = if set == 0 {
                        &[0, 5, 20, 60, 150]
                    } else {
                        &[[0, 5, 20, 60, 150][set % 5]]
                    };
                    for &plies in plies {
                        corpus.push(with_tag(&reachable(name, set, plies).position_text()));
                    }
                }
            }
            "move" => {
                for set in 0..option_sets(name).len() {
                    let plies: &[u8] = if set == 0 {
                        &[0, 3, 10, 40]
                    } else {
                        &[[0, 3, 10, 40][set % 4]]
                    };
                    for &plies in plies {
                        let state = reachable(name, set, usize::from(plies));
                        for mv in state.legal_moves().iter().take(3) {
                            let mut bytes = vec![tag(index, set), plies];
                            bytes.extend_from_slice(mv.as_bytes());
                            corpus.push(bytes);
                        }
                    }
                }
            }
            "turn" => {
                for set in 0..option_sets(name).len() {
                    // A position along the random game that is not over.
                    let Some((plies, state, legal)) = (0..4)
                        .map(|i| [0u8, 3, 10, 40][(set + i) % 4])
                        .map(|plies| {
                            let state = reachable(name, set, usize::from(plies));
                            let legal = state.legal_moves();
                            (plies, state, legal)
                        })
                        .find(|(_, _, legal)| !legal.is_empty())
                    else {
                        continue;
                    };
                    let mut bytes = vec![tag(index, set), plies];
                    // The steps of a legal move asked for as steps of their own, then offered
                    // steps by number, a few turns' worth.
                    if let Some(mv) = legal.get(set % legal.len().max(1)) {
                        for step in state.move_steps(mv).expect("a legal move has steps") {
                            own_step_bytes(step.step, &mut bytes);
                        }
                    }
                    bytes.extend((0..24u8).map(|i| i.wrapping_mul(7) % 11));
                    corpus.push(bytes);
                }
            }
            "options" => {
                for (_, setup) in book.setups() {
                    let lines: Vec<String> = setup
                        .options
                        .iter()
                        .map(|(k, v)| format!("{k}={v}"))
                        .collect();
                    corpus.push(with_tag(&lines.join("\n")));
                }
                let defaults: Vec<String> = game
                    .option_values()
                    .into_iter()
                    .map(|(k, v)| format!("{k}={v}"))
                    .collect();
                corpus.push(with_tag(&defaults.join("\n")));
            }
            "record" => {
                let mut rng = SplitMix64::new(7);
                let mut moves = Vec::new();
                let mut s = game.initial_state();
                for _ in 0..30 {
                    let legal = s.legal_moves();
                    let Some(mv) = rng.choose(&legal) else { break };
                    let mv = mv.clone();
                    s.play(&mv).expect("generated moves are legal");
                    moves.push(mv);
                }
                let record = Record {
                    game: (*name).to_owned(),
                    options: game
                        .option_values()
                        .into_iter()
                        .map(|(k, v)| format!("{k}={v}"))
                        .collect(),
                    position: None,
                    white: "random".into(),
                    black: "random".into(),
                    seed: 7,
                    moves,
                    result: None,
                    forfeit: None,
                };
                corpus.push(
                    serde_json::to_string(&record)
                        .expect("records serialise")
                        .into_bytes(),
                );
            }
            _ => {}
        }
    }
    corpus
}
