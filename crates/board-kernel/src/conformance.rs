//! The conformance suite: contract checks that every game crate runs over thousands of seeded
//! random games from its own tests.
//!
//! At every state of every game it checks that
//! - the status is ongoing exactly when there are legal moves, and the moves are distinct;
//! - every move's text parses back to the same move (all moves, or a large sample when there
//!   are very many), and the played move survives a serde round trip;
//! - sampled legal moves pass [`Rules::check_move`] and [`Rules::is_legal`], and
//!   [`GameExt::play`] gives the same state as [`Rules::play_unchecked`];
//! - moves taken from other positions are accepted exactly when they are generated here;
//!   refused ones name the broken rule's section (`§4.2`) and a reason, and in a finished
//!   game the refusal is [`Illegal::GameOver`](crate::Illegal::GameOver);
//! - the search hooks agree with the rules: [`Search::count_moves`], [`Search::count_after`],
//!   [`Search::count_two_plies`] and [`Search::random_move`] answer what listing and playing
//!   answer;
//! - the moves' [`Steps`] are unambiguous, and a sampled move walked step by step through
//!   [`Steps::next_steps`] is offered exactly the steps the legal moves go on with and
//!   completes ([`steps::check_steps`](crate::steps::check_steps));
//! - the position text is one line that parses back to the same text with the same key; its
//!   legal moves and status are the same, or, where they come from the repetition history,
//!   the [`Snapshot`](crate::Snapshot) (text and history) restores them; the snapshot survives
//!   a serde round trip and restores an equal state; a clone is equal;
//! - no two different position texts seen (across games, up to 200,000 at a time) share a
//!   key (a weak key is caught);
//! - the game's own invariants hold (a callback);
//! - the game ends within the given number of plies;
//! - a game that says it cannot end in a draw ([`Rules::CAN_DRAW`]) never ends drawn.
//!
//! Before the games it checks the options table
//! ([`options::check_table`](crate::options::check_table)), that the game declares the walk
//! of a turn it overrides the hooks for
//! ([`steps::check_step_strategy`](crate::steps::check_step_strategy)), and the game's words
//! for people: a way to move ([`Presentation::HOW_TO_MOVE`]) and words only for its own
//! choices ([`Presentation::CHOICE_WORDS`]).
//!
//! A violation panics with the seed, game, ply and position text needed to reproduce it.
//!
//! [`check_playout`] runs the same per-state checks on one random game from any position,
//! such as one read from untrusted text (the fuzz targets and the robustness tests).

use crate::SplitMix64;
use crate::fast_hash::FastMap;
use crate::playout::SeriesStats;
use crate::prelude::*;

mod state;

use state::check_state;

/// How many games to play and how thoroughly to check them.
#[derive(Clone, Debug)]
pub struct Config {
    /// Number of random games.
    pub games: usize,
    /// The seed of the series (game `i` gets its own generator from it).
    pub seed: u64,
    /// A game longer than this fails the suite (the game's termination rule must end it).
    pub max_plies: usize,
    /// Legal moves per state checked through `is_legal`/`apply` (besides the one played).
    pub legal_samples: usize,
    /// Moves from other positions tried per state.
    pub foreign_samples: usize,
    /// Above this many legal moves, only a sample of this size has its text re-parsed.
    pub text_check_limit: usize,
    /// Legal moves per state walked step by step through [`Steps::next_steps`].
    pub step_samples: usize,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            games: 2_000,
            seed: 0x5EED,
            max_plies: 100_000,
            legal_samples: 3,
            foreign_samples: 4,
            text_check_limit: 200,
            step_samples: 1,
        }
    }
}

impl Config {
    /// The default checks over `games` games.
    #[must_use]
    pub fn games(games: usize) -> Config {
        Config {
            games,
            ..Config::default()
        }
    }
}

/// Runs the suite with no game-specific invariant and returns the series statistics.
pub fn check<G: Game>(game: &G, config: &Config) -> SeriesStats {
    check_with(game, config, |_, _| Ok(()))
}

/// Runs the suite, calling `invariant` on every state reached; returns the series
/// statistics.
///
/// # Panics
/// On the first violation, with a message to reproduce it.
pub fn check_with<G: Game>(
    game: &G,
    config: &Config,
    invariant: impl Fn(&G, &G::State) -> Result<(), String>,
) -> SeriesStats {
    if let Err(e) = crate::options::check_table::<G::Options>() {
        panic!("conformance failure: {}: the options table: {e}", G::NAME);
    }
    if let Err(e) = crate::steps::check_step_strategy(game, &game.initial_state()) {
        panic!("conformance failure: the walk of a turn: {e}");
    }
    if let Err(e) = check_words(G::HOW_TO_MOVE, G::CHOICES, G::CHOICE_WORDS) {
        panic!("conformance failure: {}: {e}", G::NAME);
    }
    let mut stats = SeriesStats::default();
    let mut pool: Vec<G::Move> = Vec::new();
    let mut series_rng = SplitMix64::new(config.seed);
    let mut keys: FastMap<u64, String> = FastMap::default();
    for index in 0..config.games {
        let mut rng = series_rng.fork();
        if keys.len() > 200_000 {
            keys.clear();
        }
        let run = Run {
            game,
            config,
            invariant: &invariant,
            seed: config.seed,
            index,
        };
        let (state, plies) = run.play(
            game.initial_state(),
            &mut rng,
            &mut pool,
            Some(&mut keys),
            AtCap::Fail,
        );
        stats.record(&game.status(&state), plies, game.scores(&state));
    }
    stats
}

/// Plays one seeded random game from `start` — a position read from text a user or a fuzzer
/// supplied — with every per-state check of the suite and the game's `invariant`, and stops
/// quietly after `config.max_plies` plies, or once [`PLAYOUT_MOVE_BUDGET`] legal moves have
/// been generated (options for experiments can make a position's move list huge): a position
/// far from the initial one may take long to finish, but every state on the way must keep the
/// contract. Returns the plies played.
///
/// # Panics
/// On the first violation, with a message to reproduce it.
pub fn check_playout<G: Game>(
    game: &G,
    start: G::State,
    seed: u64,
    config: &Config,
    invariant: impl Fn(&G, &G::State) -> Result<(), String>,
) -> usize {
    let run = Run {
        game,
        config,
        invariant: &invariant,
        seed,
        index: 0,
    };
    let mut rng = SplitMix64::new(seed);
    run.play(start, &mut rng, &mut Vec::new(), None, AtCap::Stop)
        .1
}

/// The legal moves a [`check_playout`] generates at most before it stops (each state's list
/// is checked several times over, so this bounds its work on any input).
pub const PLAYOUT_MOVE_BUDGET: usize = 2_000_000;

/// The game's words for people that the contract asks for: a way to move (`how_to`,
/// [`Presentation::HOW_TO_MOVE`]), and `words` ([`Presentation::CHOICE_WORDS`]) only for
/// the game's `choices`, each once and none empty.
fn check_words(how_to: &str, choices: &[&str], words: &[(&str, &str)]) -> Result<(), String> {
    if how_to.trim().is_empty() {
        return Err("the way to move (Presentation::HOW_TO_MOVE) is empty".into());
    }
    for (i, &(choice, said)) in words.iter().enumerate() {
        if !choices.contains(&choice) {
            return Err(format!(
                "Presentation::CHOICE_WORDS gives words for `{choice}`, which is none of the \
                 game's choices {choices:?}"
            ));
        }
        if said.trim().is_empty() {
            return Err(format!("the words of the choice `{choice}` are empty"));
        }
        if words[..i].iter().any(|&(c, _)| c == choice) {
            return Err(format!("the choice `{choice}` has words twice"));
        }
    }
    Ok(())
}

/// What a game that reaches the ply cap means.
#[derive(Clone, Copy, PartialEq, Eq)]
enum AtCap {
    /// The game's rules should have ended it: a failure.
    Fail,
    /// A step cap on a position from elsewhere: stop there.
    Stop,
}

/// One checked game of a series.
struct Run<'a, G, F> {
    game: &'a G,
    config: &'a Config,
    invariant: &'a F,
    seed: u64,
    index: usize,
}

impl<G: Game, F: Fn(&G, &G::State) -> Result<(), String>> Run<'_, G, F> {
    /// Plays random moves from `state` to the end (or the cap), checking every state;
    /// returns the final state and the plies played.
    fn play(
        &self,
        mut state: G::State,
        rng: &mut SplitMix64,
        pool: &mut Vec<G::Move>,
        mut keys: Option<&mut FastMap<u64, String>>,
        at_cap: AtCap,
    ) -> (G::State, usize) {
        let game = self.game;
        let mut plies = 0;
        let mut generated = 0;
        let mut moves = Vec::new();
        loop {
            let ctx = Context {
                seed: self.seed,
                game: self.index,
                ply: plies,
                state: &state,
            };
            check_state(
                game,
                &state,
                self.config,
                rng,
                pool,
                &mut moves,
                self.invariant,
                &ctx,
            );
            if let Some(keys) = keys.as_deref_mut() {
                let text = state.to_string();
                if let Some(other) = keys.insert(game.key(&state), text.clone())
                    && other != text
                {
                    ctx.fail(&format!(
                        "the key of this position is also the key of `{other}`"
                    ));
                }
            }
            if moves.is_empty() {
                break;
            }
            generated += moves.len();
            if at_cap == AtCap::Stop && generated >= PLAYOUT_MOVE_BUDGET {
                break;
            }
            if plies >= self.config.max_plies {
                if at_cap == AtCap::Stop {
                    break;
                }
                ctx.fail(&format!(
                    "the game did not end within {} plies",
                    self.config.max_plies
                ));
            }
            let mv = moves[rng.below(moves.len())].clone();
            let json = serde_json::to_string(&mv).unwrap_or_default();
            if serde_json::from_str::<G::Move>(&json).ok().as_ref() != Some(&mv) {
                ctx.fail(&format!(
                    "move {mv} does not survive a serde round trip ({json})"
                ));
            }
            if pool.len() < 256 {
                pool.push(mv.clone());
            } else {
                let slot = rng.below(pool.len());
                pool[slot] = mv.clone();
            }
            game.play_unchecked(&mut state, &mv);
            plies += 1;
        }
        (state, plies)
    }
}

struct Context<'a, S> {
    seed: u64,
    game: usize,
    ply: usize,
    state: &'a S,
}

impl<S: std::fmt::Display> Context<'_, S> {
    fn fail(&self, what: &str) -> ! {
        panic!(
            "conformance failure (seed {:#x}, game {}, ply {}):\n  position: {}\n  {what}",
            self.seed, self.game, self.ply, self.state
        )
    }
}

#[cfg(test)]
mod tests;
