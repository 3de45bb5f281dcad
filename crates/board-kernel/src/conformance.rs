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
//!   game the refusal is [`Illegal::GameOver`];
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
//! - the game ends within the given number of plies.
//!
//! Before the games it checks the options table ([`options::check_table`](crate::options::check_table)).
//!
//! A violation panics with the seed, game, ply and position text needed to reproduce it.
//!
//! [`check_playout`] runs the same per-state checks on one random game from any position,
//! such as one read from untrusted text (the fuzz targets and the robustness tests).

use std::collections::{HashMap, HashSet};
use std::hash::{BuildHasherDefault, Hasher};

use crate::playout::SeriesStats;
use crate::prelude::*;
use crate::{Illegal, SplitMix64};

/// A fast, non-cryptographic hasher (multiply and rotate, as rustc's FxHash) for the suite's
/// move sets: their keys are generated moves, not adversarial input, and hashing them is most
/// of the suite's cost besides move generation.
#[derive(Default)]
struct FastHasher(u64);

impl Hasher for FastHasher {
    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.write_u64(u64::from_le_bytes(word));
        }
    }
    #[inline]
    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(5) ^ n).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
    #[inline]
    fn write_u32(&mut self, n: u32) {
        self.write_u64(u64::from(n));
    }
    #[inline]
    fn write_u16(&mut self, n: u16) {
        self.write_u64(u64::from(n));
    }
    #[inline]
    fn write_u8(&mut self, n: u8) {
        self.write_u64(u64::from(n));
    }
    #[inline]
    fn write_usize(&mut self, n: usize) {
        self.write_u64(n as u64);
    }
    #[inline]
    fn finish(&self) -> u64 {
        self.0
    }
}

type FastSet<T> = HashSet<T, BuildHasherDefault<FastHasher>>;

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
    let mut stats = SeriesStats::default();
    let mut pool: Vec<G::Move> = Vec::new();
    let mut series_rng = SplitMix64::new(config.seed);
    let mut keys: HashMap<u64, String> = HashMap::new();
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
        mut keys: Option<&mut HashMap<u64, String>>,
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
    let mut scratch = Vec::new();
    let counted = game.count_moves(state, &mut scratch);
    if counted != moves.len() {
        ctx.fail(&format!(
            "count_moves says {counted} but there are {} legal moves",
            moves.len()
        ));
    }
    // One move a state: the default plays the move, so checking all would cost a generation
    // per move.
    if let Some(mv) = rng.choose(moves) {
        let after = game.count_after(state, mv, &mut scratch);
        let played = crate::perft::count_by_playing(game, state, mv, &mut scratch);
        if after != played {
            ctx.fail(&format!(
                "count_after says {after} after {mv} but the position reached has {played} legal moves"
            ));
        }
    }
    // Perft's last two plies: each move played and its replies counted, so only where the
    // moves are few.
    if moves.len() <= 32 {
        let mut listed = Vec::new();
        let two_plies = game.count_two_plies(state, &mut listed, &mut scratch);
        let played: u64 = moves
            .iter()
            .map(|mv| crate::perft::count_by_playing(game, state, mv, &mut scratch) as u64)
            .sum();
        if two_plies != played {
            ctx.fail(&format!(
                "count_two_plies says {two_plies} but the positions after the moves have {played} legal moves"
            ));
        }
    }
    // The random move: the one the list gives for the same draw, with the generator left in
    // the same state. Its generator is seeded from the state, so the series' own draws (and
    // with them the games played) do not change.
    let mut listed_rng = SplitMix64::new(game.key(state) ^ 0x7261_6e64_6f6d);
    let mut drawn_rng = listed_rng.clone();
    let listed = listed_rng.choose(moves);
    let drawn = game.random_move(state, &mut drawn_rng, &mut scratch);
    if drawn.as_ref() != listed || drawn_rng != listed_rng {
        ctx.fail(&format!(
            "random_move gives {} where the list gives {}{}",
            drawn.map_or("nothing".to_owned(), |m| m.to_string()),
            listed.map_or("nothing".to_owned(), |m| m.to_string()),
            if drawn_rng == listed_rng {
                ""
            } else {
                ", and draws differently"
            }
        ));
    }
    // The steps of a turn, walked for a sample of moves drawn from a generator seeded from the
    // state (the series' own draws stay as they were).
    let mut step_rng = SplitMix64::new(game.key(state) ^ 0x0073_7465_7073);
    let sample: Vec<usize> = (0..config.step_samples)
        .map(|_| step_rng.below(moves.len().max(1)))
        .collect();
    if let Err(e) = crate::steps::check_steps(game, state, &sample) {
        ctx.fail(&format!("steps: {e}"));
    }
    let status = game.status(state);
    if status.is_finished() != moves.is_empty() {
        ctx.fail(&format!(
            "status {status:?} but {} legal moves",
            moves.len()
        ));
    }

    // Distinct moves, distinct texts, texts that parse back.
    let distinct: FastSet<&G::Move> = moves.iter().collect();
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
    let mut texts = FastSet::default();
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

    // Sampled legal moves are accepted, and play agrees with play_unchecked.
    for _ in 0..config.legal_samples.min(moves.len()) {
        let mv = &moves[rng.below(moves.len())];
        if let Err(e) = game.check_move(state, mv) {
            ctx.fail(&format!(
                "generated move {mv} is rejected by check_move: {e}"
            ));
        }
        if !game.is_legal(state, mv) {
            ctx.fail(&format!("generated move {mv} is rejected by is_legal"));
        }
        let mut checked = state.clone();
        if let Err(e) = game.play(&mut checked, mv) {
            ctx.fail(&format!("generated move {mv} is rejected by play: {e}"));
        }
        let mut played = state.clone();
        game.play_unchecked(&mut played, mv);
        if checked != played {
            ctx.fail(&format!("play and play_unchecked disagree on {mv}"));
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
            if game.check_move(state, mv).is_ok() != generated {
                ctx.fail(&format!("check_move({mv}) disagrees with generation"));
            }
            match game.play(&mut state.clone(), mv) {
                Ok(()) if generated => {}
                Ok(()) => ctx.fail(&format!("play accepted {mv}, which is not generated")),
                Err(e) if generated => ctx.fail(&format!("play rejected generated {mv}: {e}")),
                Err(e) => {
                    if status.is_finished() != (e == Illegal::GameOver) {
                        ctx.fail(&format!(
                            "a move refused with `{e}` in a game whose status is {status:?}"
                        ));
                    }
                    if e.to_string().trim().is_empty() {
                        ctx.fail("an empty error message");
                    }
                    if let Illegal::Breaks { rule, reason } = &e
                        && (!rule.starts_with('§') || reason.trim().is_empty())
                    {
                        ctx.fail(&format!(
                            "the refusal of {mv} does not name a rule section and a reason: `{e}`"
                        ));
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
    let same_moves = |other: &G::State| {
        let mut again = Vec::new();
        game.legal_moves(other, &mut again);
        again.len() == moves.len() && again.iter().all(|m| distinct.contains(m))
    };
    match game.parse_position(&text) {
        Err(e) => ctx.fail(&format!("the position text does not parse: {e}")),
        Ok(parsed) => {
            if parsed.to_string() != text {
                ctx.fail(&format!("the position text re-prints as `{parsed}`"));
            }
            if game.key(&parsed) != game.key(state) {
                ctx.fail("the key differs from the key of the re-parsed position");
            }
            // The text alone carries the status and moves, except what the repetition
            // history decides; the snapshot below carries that too.
            let from_history = !game.history(state).is_empty();
            if !same_moves(&parsed) && !from_history {
                ctx.fail("the re-parsed position has other legal moves");
            }
            if game.status(&parsed) != status && !from_history {
                ctx.fail("the re-parsed position has another status");
            }
        }
    }
    let snapshot = game.snapshot(state);
    let json = serde_json::to_string(&snapshot).unwrap_or_default();
    match serde_json::from_str::<crate::Snapshot>(&json) {
        Ok(back) if back == snapshot => match game.restore(&back) {
            Ok(restored) => {
                if &restored != state {
                    ctx.fail("the restored snapshot is not equal to the state");
                }
                if game.status(&restored) != status || !same_moves(&restored) {
                    ctx.fail("the restored snapshot has another status or other moves");
                }
            }
            Err(e) => ctx.fail(&format!("the snapshot does not restore: {e}")),
        },
        _ => ctx.fail(&format!(
            "the snapshot does not survive a serde round trip: {json}"
        )),
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
    use crate::picture::Point;
    use crate::steps::{Step, StepError, StepOptions, StepRole, TurnStep, by_listing};
    use crate::testing::{Nim, NimOptions, NimState, Take};
    use crate::{Illegal, ParseError, RuleBook, Side, Valid};

    #[test]
    fn nim_conforms() {
        let game = Nim::pile(30, 4);
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
        /// The key ignores the side to move.
        WeakKey,
        /// Taking 2 and taking 3 are made of the same step.
        SameSteps,
        /// The game's own `next_steps` offers a step no move goes on with.
        ExtraStep,
        /// Counting says one move more than the list.
        MiscountedMoves,
    }

    impl Rules for FlawedNim {
        const NAME: &'static str = "flawed-nim";
        const TITLE: &'static str = "Flawed Nim";
        type Options = NimOptions;
        type State = NimState;
        type Move = Take;
        fn new(options: Valid<NimOptions>) -> Self {
            FlawedNim(Nim::new(options), Flaw::RejectsThree)
        }
        crate::testing::nim_rules_passed_on!();
        fn check_move(&self, s: &NimState, mv: &Take) -> Result<(), Illegal> {
            if matches!(self.1, Flaw::RejectsThree) && mv.0 == 3 {
                return Err(Illegal::breaks("§0", "planted"));
            }
            self.0.check_move(s, mv)
        }
        fn key(&self, s: &NimState) -> u64 {
            if matches!(self.1, Flaw::WeakKey) {
                u64::from(s.stones)
            } else {
                self.0.key(s)
            }
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
    }

    impl Search for FlawedNim {
        fn count_moves(&self, s: &NimState, scratch: &mut Vec<Take>) -> usize {
            let listed = self.0.count_moves(s, scratch);
            listed + usize::from(matches!(self.1, Flaw::MiscountedMoves))
        }
    }

    impl crate::observe::Observe for FlawedNim {}

    impl Steps for FlawedNim {
        const STEPS_BY_LISTING: bool = false;

        fn move_steps(&self, s: &NimState, mv: &Take, out: &mut Vec<TurnStep>) {
            if matches!(self.1, Flaw::SameSteps) && mv.0 == 3 {
                return self.0.move_steps(s, &Take(2), out);
            }
            self.0.move_steps(s, mv, out)
        }
        fn next_steps(
            &self,
            s: &NimState,
            steps: &[Step],
        ) -> Result<StepOptions<Take, NimState>, StepError> {
            let mut options = by_listing(self, s, steps)?;
            if matches!(self.1, Flaw::ExtraStep) && steps.is_empty() {
                options
                    .next
                    .push(TurnStep::cell(Point::new(200, 0), StepRole::Select));
            }
            Ok(options)
        }
    }

    impl Presentation for FlawedNim {
        fn diagram(&self, s: &NimState) -> String {
            self.0.diagram(s)
        }
        fn rule_book() -> RuleBook {
            Nim::rule_book()
        }
    }

    fn run_flawed(flaw: Flaw) {
        let game = FlawedNim(Nim::default(), flaw);
        check(&game, &Config::games(20));
    }

    #[test]
    #[should_panic(expected = "rejected by check_move")]
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

    #[test]
    #[should_panic(expected = "is also the key of")]
    fn a_key_that_ignores_a_field_is_caught() {
        run_flawed(Flaw::WeakKey);
    }

    #[test]
    #[should_panic(expected = "has the same steps as another legal move")]
    fn two_moves_with_the_same_steps_are_caught() {
        run_flawed(Flaw::SameSteps);
    }

    #[test]
    #[should_panic(expected = "the steps offered are")]
    fn a_next_step_no_move_goes_on_with_is_caught() {
        run_flawed(Flaw::ExtraStep);
    }

    #[test]
    #[should_panic(expected = "count_moves says")]
    fn a_search_hook_that_disagrees_with_the_rules_is_caught() {
        run_flawed(Flaw::MiscountedMoves);
    }
}
