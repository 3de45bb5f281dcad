//! The conformance suite: contract checks that every game crate runs over thousands of seeded
//! random games from its own tests.
//!
//! At every state of every game it checks that
//! - the status is ongoing exactly when there are legal moves, and the moves are distinct;
//! - every move's text parses back to the same move (all moves, or a large sample when there
//!   are very many), and the played move survives a serde round trip;
//! - sampled legal moves are accepted by [`Game::is_legal`] and [`Game::apply`], and `apply`
//!   gives the same state as [`Game::play_unchecked`];
//! - moves taken from other positions are accepted exactly when they are generated here, and
//!   rejected ones leave the state unchanged;
//! - the position text is one line that parses back to the same text with the same legal
//!   moves, the state survives a serde round trip, and a clone is equal;
//! - the game's own invariants hold (a callback);
//! - the game ends within the given number of plies.
//!
//! A violation panics with the seed, game, ply and position text needed to reproduce it.

use std::collections::HashSet;

use crate::playout::SeriesStats;
use crate::{Game, MoveError, SplitMix64};

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
    let mut stats = SeriesStats::default();
    let mut pool: Vec<G::Move> = Vec::new();
    let mut series_rng = SplitMix64::new(config.seed);
    for index in 0..config.games {
        let mut rng = series_rng.fork();
        let mut state = game.initial_state();
        let mut plies = 0;
        let mut moves = Vec::new();
        loop {
            let ctx = Context {
                seed: config.seed,
                game: index,
                ply: plies,
                state: &state,
            };
            check_state(
                game, &state, config, &mut rng, &mut pool, &mut moves, &invariant, &ctx,
            );
            if moves.is_empty() {
                break;
            }
            if plies >= config.max_plies {
                ctx.fail(&format!(
                    "the game did not end within {} plies",
                    config.max_plies
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
        stats.record(&game.status(&state), plies, game.scores(&state));
    }
    stats
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

#[allow(clippy::too_many_arguments)]
fn check_state<G: Game>(
    game: &G,
    state: &G::State,
    config: &Config,
    rng: &mut SplitMix64,
    pool: &mut [G::Move],
    moves: &mut Vec<G::Move>,
    invariant: &impl Fn(&G, &G::State) -> Result<(), String>,
    ctx: &Context<'_, G::State>,
) {
    moves.clear();
    game.legal_moves(state, moves);
    let status = game.status(state);
    if status.is_finished() != moves.is_empty() {
        ctx.fail(&format!(
            "status {status:?} but {} legal moves",
            moves.len()
        ));
    }

    // Distinct moves, distinct texts, texts that parse back.
    let distinct: HashSet<&G::Move> = moves.iter().collect();
    if distinct.len() != moves.len() {
        ctx.fail("the legal moves contain a duplicate");
    }
    let text_checks: Vec<usize> = if moves.len() <= config.text_check_limit {
        (0..moves.len()).collect()
    } else {
        (0..config.text_check_limit)
            .map(|_| rng.below(moves.len()))
            .collect()
    };
    let mut texts = HashSet::new();
    for &i in &text_checks {
        let mv = &moves[i];
        let text = mv.to_string();
        match game.parse_move(state, &text) {
            Ok(parsed) if &parsed == mv => {}
            Ok(parsed) => ctx.fail(&format!(
                "move text `{text}` parses to another move {parsed:?}"
            )),
            Err(e) => ctx.fail(&format!("move text `{text}` does not parse: {e}")),
        }
        if text.trim() != text || text.contains('\n') || text.is_empty() {
            ctx.fail(&format!(
                "move text `{text}` is empty, spans lines or has outer spaces"
            ));
        }
        if moves.len() <= config.text_check_limit && !texts.insert(text.clone()) {
            ctx.fail(&format!("two legal moves print as `{text}`"));
        }
    }

    // Sampled legal moves are accepted, and apply agrees with play_unchecked.
    for _ in 0..config.legal_samples.min(moves.len()) {
        let mv = &moves[rng.below(moves.len())];
        if !game.is_legal(state, mv) {
            ctx.fail(&format!("generated move {mv} is rejected by is_legal"));
        }
        let mut applied = state.clone();
        if let Err(e) = game.apply(&mut applied, mv) {
            ctx.fail(&format!("generated move {mv} is rejected by apply: {e}"));
        }
        let mut played = state.clone();
        game.play_unchecked(&mut played, mv);
        if applied != played {
            ctx.fail(&format!("apply and play_unchecked disagree on {mv}"));
        }
    }

    // Moves from elsewhere: accepted exactly when generated; rejections change nothing.
    if !pool.is_empty() {
        for _ in 0..config.foreign_samples {
            let mv = &pool[rng.below(pool.len())];
            let generated = distinct.contains(mv);
            if game.is_legal(state, mv) != generated {
                ctx.fail(&format!(
                    "is_legal({mv}) is {} but the move is {}generated",
                    !generated,
                    if generated { "" } else { "not " }
                ));
            }
            let mut tried = state.clone();
            match game.apply(&mut tried, mv) {
                Ok(()) if generated => {}
                Ok(()) => ctx.fail(&format!("apply accepted {mv}, which is not generated")),
                Err(e) if generated => ctx.fail(&format!("apply rejected generated {mv}: {e}")),
                Err(e) => {
                    if &tried != state {
                        ctx.fail(&format!("rejected move {mv} changed the state"));
                    }
                    if status.is_finished() && e != MoveError::GameOver {
                        ctx.fail(&format!(
                            "a move in a finished game gave `{e}`, not GameOver"
                        ));
                    }
                    if e.to_string().is_empty() {
                        ctx.fail("an empty error message");
                    }
                }
            }
        }
    }

    // Position text, serde and clones.
    let text = state.to_string();
    if text.contains('\n') || text.trim() != text {
        ctx.fail("the position text is not one trimmed line");
    }
    match game.parse_position(&text) {
        Err(e) => ctx.fail(&format!("the position text does not parse: {e}")),
        Ok(parsed) => {
            if parsed.to_string() != text {
                ctx.fail(&format!("the position text re-prints as `{parsed}`"));
            }
            let mut again = Vec::new();
            game.legal_moves(&parsed, &mut again);
            if again.len() != moves.len() || again.iter().any(|m| !distinct.contains(m)) {
                ctx.fail("the re-parsed position has other legal moves");
            }
            if game.status(&parsed) != status {
                ctx.fail("the re-parsed position has another status");
            }
        }
    }
    let json = serde_json::to_string(state).unwrap_or_default();
    match serde_json::from_str::<G::State>(&json) {
        Ok(back) if &back == state => {}
        _ => ctx.fail("the state does not survive a serde round trip"),
    }
    if &state.clone() != state {
        ctx.fail("a clone is not equal to its original");
    }
    if game.diagram(state).trim().is_empty() {
        ctx.fail("the diagram is empty");
    }
    if let Err(e) = invariant(game, state) {
        ctx.fail(&format!("game invariant: {e}"));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{Nim, NimOptions, NimState, Take};
    use crate::{GameOptions, OptionError, ParseError, RuleBook, Side, Status};

    #[test]
    fn nim_conforms() {
        let game = Nim::new(NimOptions {
            stones: 30,
            max_take: 4,
        })
        .unwrap();
        let stats = check_with(&game, &Config::games(300), |_, s| {
            if s.stones > 30 {
                Err("stones appeared".into())
            } else {
                Ok(())
            }
        });
        assert_eq!(stats.games, 300);
        assert_eq!(stats.unfinished, 0);
    }

    /// Nim with one planted bug, to show that the suite notices it.
    #[derive(Clone, Debug)]
    struct FlawedNim(Nim, Flaw);

    #[derive(Clone, Copy, Debug)]
    enum Flaw {
        /// Generates taking 3 but validation rejects it.
        RejectsThree,
        /// Taking 3 prints as text that does not parse.
        BadText,
        /// The position text drops the side to move.
        LosesSide,
    }

    impl Game for FlawedNim {
        const NAME: &'static str = "flawed-nim";
        const TITLE: &'static str = "Flawed Nim";
        type Options = NimOptions;
        type State = NimState;
        type Move = Take;
        fn new(options: NimOptions) -> Result<Self, OptionError> {
            options.validate()?;
            Ok(FlawedNim(Nim::new(options)?, Flaw::RejectsThree))
        }
        fn options(&self) -> &NimOptions {
            self.0.options()
        }
        fn initial_state(&self) -> NimState {
            self.0.initial_state()
        }
        fn side_to_move(&self, s: &NimState) -> Side {
            s.to_move
        }
        fn status(&self, s: &NimState) -> Status {
            self.0.status(s)
        }
        fn legal_moves(&self, s: &NimState, moves: &mut Vec<Take>) {
            self.0.legal_moves(s, moves)
        }
        fn is_legal(&self, s: &NimState, mv: &Take) -> bool {
            let rejects = matches!(self.1, Flaw::RejectsThree) && mv.0 == 3;
            !rejects && self.0.is_legal(s, mv)
        }
        fn play_unchecked(&self, s: &mut NimState, mv: &Take) {
            self.0.play_unchecked(s, mv)
        }
        fn parse_move(&self, s: &NimState, text: &str) -> Result<Take, ParseError> {
            if matches!(self.1, Flaw::BadText) && text == "3" {
                return Err(ParseError::bad_move(text, "planted"));
            }
            self.0.parse_move(s, text)
        }
        fn parse_position(&self, text: &str) -> Result<NimState, ParseError> {
            let mut state = self.0.parse_position(text)?;
            if matches!(self.1, Flaw::LosesSide) {
                state.to_move = Side::White;
            }
            Ok(state)
        }
        fn diagram(&self, s: &NimState) -> String {
            self.0.diagram(s)
        }
        fn rule_book() -> RuleBook {
            Nim::rule_book()
        }
    }

    fn run_flawed(flaw: Flaw) {
        let game = FlawedNim(Nim::new(NimOptions::default()).unwrap(), flaw);
        check(&game, &Config::games(20));
    }

    #[test]
    #[should_panic(expected = "rejected by is_legal")]
    fn a_generated_move_that_validation_rejects_is_caught() {
        run_flawed(Flaw::RejectsThree);
    }

    #[test]
    #[should_panic(expected = "does not parse")]
    fn move_text_that_does_not_parse_back_is_caught() {
        run_flawed(Flaw::BadText);
    }

    #[test]
    #[should_panic(expected = "re-prints")]
    fn a_position_text_that_loses_a_field_is_caught() {
        run_flawed(Flaw::LosesSide);
    }
}
