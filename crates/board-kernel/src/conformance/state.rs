//! The checks the suite makes at every state it visits ([`check_state`]).

use super::{Config, Context};
use crate::fast_hash::FastSet;
use crate::prelude::*;
use crate::{Illegal, SplitMix64, Status};

#[allow(clippy::too_many_arguments)]
pub(super) fn check_state<G: Game>(
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
        let played = crate::search::count_by_playing(game, state, mv, &mut scratch);
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
            .map(|mv| crate::search::count_by_playing(game, state, mv, &mut scratch) as u64)
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
    if let Status::Finished(result) = &status
        && result.winner.is_none()
        && !G::CAN_DRAW
    {
        ctx.fail(&format!(
            "the game ended drawn ({}), but it says it cannot end in a draw (Rules::CAN_DRAW)",
            result.reason
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
                    if let Illegal::Breaks { rule, .. } = &e
                        && crate::cite::<G>(rule).is_none()
                    {
                        ctx.fail(&format!(
                            "the refusal of {mv} names the rule {rule}, which no section of the \
                             rule book states (Presentation::rule_section)"
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
