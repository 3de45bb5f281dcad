//! The option sets an input's first byte picks among, per game, and the games they build:
//! every target that reads a position or a move runs under all of a game's rule variants.

use std::collections::HashMap;
use std::rc::Rc;
use std::sync::OnceLock;

use board_kernel::erased::DynGame;
use board_kernel::{Game, GameOptions, SplitMix64};
use tower_games::registry::{self, GameVisitor};

use crate::Pairs;

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

/// Games built under an option set, by name and set number.
type Built = HashMap<(&'static str, usize), Rc<dyn DynGame>>;

/// The game `name` under its option set number `set`, kept per thread.
pub(crate) fn game_with(name: &'static str, set: usize) -> Rc<dyn DynGame> {
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

/// The option values of `game`, one `KEY=VALUE` a line, as settings and records write them.
pub(crate) fn option_lines(game: &dyn DynGame) -> Vec<String> {
    game.option_values()
        .into_iter()
        .map(|(k, v)| format!("{k}={v}"))
        .collect()
}
