//! How a computer player judges a Kamisado position: a cheap static evaluation for search.

use board_kernel::Side;

use crate::board::cell_colour;
use crate::state::decode;
use crate::{Colour, Options, Phase, State, turn};

/// The number of `side`'s towers that could reach the opponent's home row in one move,
/// ignoring the colour requirement: a cheap measure of threats (open lanes).
#[must_use]
pub fn open_lanes(state: &State, side: Side) -> u32 {
    Colour::ALL
        .into_iter()
        .filter(|colour| {
            let c = state.pos[side.index()][colour.index()];
            decode(state.cells[usize::from(c)]).is_some_and(|t| turn::has_lane(state.occ, c, t))
        })
        .count() as u32
}

/// What the colour rule makes of the side to move's turn (§4.2): the required tower either
/// has an open lane (it wins now), or each of its moves hands the opponent the tower of the
/// destination's colour, which may have one (that move loses at once).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Forced {
    /// The required tower reaches the home row this turn.
    WinsNow,
    /// How many of the required tower's moves leave the opponent's next tower without an
    /// open lane, of how many moves.
    Safe(u32, u32),
}

/// [`Forced`] for the side to move, when a tower is required (not on a free first move).
pub(crate) fn forced(state: &State) -> Option<Forced> {
    if state.phase != Phase::Play {
        return None;
    }
    let mover = state.to_move;
    let colour = state.required?;
    let c = state.pos[mover.index()][colour.index()];
    let t = decode(state.cells[usize::from(c)])?;
    if turn::has_lane(state.occ, c, t) {
        return Some(Forced::WinsNow);
    }
    let (mut safe, mut moves) = (0, 0);
    let reach = turn::forward_reach(state, c, t);
    let dr = mover.forward_sign();
    for (df, &n) in [-1i8, 0, 1].iter().zip(&reach) {
        for k in 1..=n {
            let q = crate::board::destination(c, *df, dr, k);
            let occ = (state.occ & !(1 << c)) | (1 << q);
            let answer = state.pos[mover.opponent().index()][cell_colour(q).index()];
            let answers = decode(state.cells[usize::from(answer)])
                .is_some_and(|u| turn::has_lane(occ, answer, u));
            moves += 1;
            safe += u32::from(!answers);
        }
    }
    Some(Forced::Safe(safe, moves))
}

/// The evaluation of `state` for `side` in `[-1, 1]`: the match score lead, what the colour
/// rule forces on the side to move (a required tower with an open lane wins this turn; a
/// required tower all of whose moves hand the opponent a tower with an open lane loses next
/// turn; otherwise the share of its moves that do not), open lanes to the home row, and a
/// small bonus for having the move. A round won is worth its share of the match target.
#[must_use]
pub fn evaluate(options: &Options, state: &State, side: Side) -> f64 {
    let sign = |s: Side| if s == side { 1.0 } else { -1.0 };
    if let (Phase::Over, Some(r)) = (state.phase, state.result) {
        return sign(r.winner);
    }
    let target = f64::from(options.match_target.max(1));
    let score = state.score();
    let lead = (f64::from(score[side]) - f64::from(score[side.opponent()])) / target;
    let mover = sign(state.to_move);
    let forced = match forced(state) {
        Some(Forced::WinsNow) => 0.8 * mover / target,
        Some(Forced::Safe(0, moves)) if moves > 0 => -0.7 * mover / target,
        Some(Forced::Safe(safe, moves)) if moves > 0 => {
            0.1 * mover * f64::from(safe) / f64::from(moves)
        }
        _ => 0.0,
    };
    // Open lanes to the home row are threats for whenever the colour rule calls on them.
    let lanes = f64::from(open_lanes(state, side)) - f64::from(open_lanes(state, side.opponent()));
    let tempo = if state.phase == Phase::Play {
        0.05 * mover
    } else {
        0.0
    };
    (0.5 * lead + forced + 0.05 * lanes + tempo).clamp(-0.99, 0.99)
}

#[cfg(test)]
mod tests {
    use board_kernel::prelude::*;
    use board_kernel::{SplitMix64, Status};

    use super::*;
    use crate::{Kamisado, Move};

    /// [`forced`] by the rules alone: play each legal move of the side to move and ask whether
    /// the game ended, or whether one of the opponent's replies ends it.
    fn by_the_rules(game: &Kamisado, state: &State) -> Forced {
        let mut moves = Vec::new();
        game.legal_moves(state, &mut moves);
        let (mut safe, mut steps) = (0, 0);
        for mv in &moves {
            let mut next = state.clone();
            game.play_unchecked(&mut next, mv);
            if matches!(game.status(&next), Status::Finished(_)) {
                return Forced::WinsNow;
            }
            if !matches!(mv, Move::Step { .. }) {
                continue;
            }
            steps += 1;
            let mut replies = Vec::new();
            game.legal_moves(&next, &mut replies);
            let loses = replies.iter().any(|reply| {
                let mut after = next.clone();
                game.play_unchecked(&mut after, reply);
                matches!(game.status(&after), Status::Finished(r) if r.winner == Some(next.to_move))
            });
            safe += u32::from(!loses);
        }
        Forced::Safe(safe, steps)
    }

    #[test]
    fn the_colour_rule_reading_agrees_with_playing_the_moves() {
        let game = Kamisado::default();
        let mut rng = SplitMix64::new(5);
        let (mut compared, mut wins_now, mut all_lose) = (0, 0, 0);
        for _ in 0..300 {
            let mut state = game.initial_state();
            let mut moves = Vec::new();
            loop {
                if let Some(found) = forced(&state) {
                    assert_eq!(found, by_the_rules(&game, &state), "`{state}`");
                    compared += 1;
                    wins_now += usize::from(found == Forced::WinsNow);
                    all_lose += usize::from(matches!(found, Forced::Safe(0, n) if n > 0));
                }
                moves.clear();
                game.legal_moves(&state, &mut moves);
                let Some(mv) = rng.choose(&moves) else { break };
                game.play_unchecked(&mut state, mv);
            }
        }
        assert!(
            compared > 2000 && wins_now > 100 && all_lose > 20,
            "{compared} {wins_now} {all_lose}"
        );
    }

    #[test]
    fn a_required_tower_with_an_open_lane_is_worth_almost_a_win() {
        let game = Kamisado::default();
        let mut state = game.initial_state();
        assert_eq!(forced(&state), None, "the first move is free");
        // Golden trial 2: White's required tower then reaches b8 (§5.1).
        for mv in ["e1-e7", "b8-e5", "a1-a7", "f8-g7"] {
            game.play_text(&mut state, mv).unwrap();
        }
        assert_eq!(forced(&state), Some(Forced::WinsNow));
        assert!(evaluate(game.options(), &state, Side::White) >= 0.8);
        assert!(evaluate(game.options(), &state, Side::Black) <= -0.8);
    }
}
