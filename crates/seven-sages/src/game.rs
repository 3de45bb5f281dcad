//! The rules engine: [`SevenSages`] implements the workspace's game contract.

use board_kernel::picture::{Picture, Point};
use board_kernel::prelude::*;
use board_kernel::steps::TurnStep;
use board_kernel::{
    BySide, Illegal, ParseError, Repetition, RuleBook, Side, SplitMix64, Status, Valid,
};

use crate::board::{KIND, dir_index, goal_of, is_backward_diagonal, square};
use crate::options::{KickMode, Options};
use crate::pieces::{CellSet, on_board};
use crate::state::State;
use crate::turn::{
    Move, Mover, count_sage_moves, may_stop, pick_sage_move, play, ray, ray_moves, sage_moves,
};

/// Seven Sages with its options fixed.
///
/// ```
/// use seven_sages::prelude::*;
/// use seven_sages::{GameOptions, Options, SevenSages};
/// let game = SevenSages::default();
/// let mut state = game.initial_state();
/// let mut moves = Vec::new();
/// game.legal_moves(&state, &mut moves);
/// assert_eq!(moves.len(), 173); // 148 plain moves and 25 kicks (§10, example 1)
/// game.play_text(&mut state, "h5-h8/c10")?;
/// assert_eq!(state.ball().to_string(), "c10");
///
/// let winther = SevenSages::with_options(Options::from_pairs([("kick_mode", "StopBefore")])?)?;
/// moves.clear();
/// winther.legal_moves(&winther.initial_state(), &mut moves);
/// assert_eq!(moves.len(), 172);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, Default)]
pub struct SevenSages {
    options: Options,
}

impl SevenSages {
    /// The longest repetition history a game can need: every ply of one point, up to the
    /// per-point limit (or a generous bound when the limit is off).
    fn history_bound(&self) -> usize {
        Repetition::room_for(self.options.max_plies_per_point)
    }

    /// Whether the sage move `mv` (not a pass) is legal, looking only at its own ray.
    fn sage_move_is_legal(&self, state: &State, mv: &Move) -> bool {
        let (from, to) = match *mv {
            Move::Plain { from, to } | Move::Kick { from, to, .. } => (from, to),
            Move::Pass => return false,
        };
        let (Some(f), Some(_)) = (on_board(from), on_board(to)) else {
            return false;
        };
        let mover = Mover::new(&self.options, state);
        if !mover.own.has(f) {
            return false;
        }
        let Some((dir, _)) = from.line_to(to) else {
            return false;
        };
        let mut found = false;
        ray_moves(&mover, state, f, dir_index(dir), &mut |m| {
            found |= m == *mv;
        });
        found
    }

    /// Why the sage move or pass `mv` is illegal in the ongoing `state`, naming the rule.
    fn reason(&self, state: &State, mv: &Move) -> Illegal {
        let side = state.to_move;
        let name = side_name(side);
        let (from, to, ball) = match *mv {
            Move::Pass => {
                return Illegal::breaks(
                    "§4.3",
                    format!("{name} has a move, and a player passes only when he has none"),
                );
            }
            Move::Plain { from, to } => (from, to, None),
            Move::Kick { from, to, ball } => (from, to, Some(ball)),
        };
        let (Some(f), Some(t)) = (on_board(from), on_board(to)) else {
            return Illegal::breaks("§2.1", "a square is off the board");
        };
        let mover = Mover::new(&self.options, state);
        if !mover.own.has(f) {
            return Illegal::breaks("§4.1", format!("there is no {name} sage on {from}"));
        }
        let Some((dir, _)) = from.line_to(to) else {
            return Illegal::breaks(
                "§4.1",
                format!(
                    "a sage slides in a straight line (orthogonally or diagonally); {to} is not on a line from {from}"
                ),
            );
        };
        let d = dir_index(dir);
        let r = ray(&mover, state, f, d);
        let reached = r.cells[..r.len].contains(&t);
        let stop_before = self.options.kick_mode == KickMode::StopBefore;
        match ball {
            None => {
                if is_backward_diagonal(side, d) {
                    return Illegal::breaks(
                        "§4.1",
                        format!(
                            "a plain move may not go diagonally backward ({dir} for {name}); only kicks may"
                        ),
                    );
                }
                if !reached {
                    if r.hits_ball && t == state.ball {
                        return Illegal::breaks(
                            "§4.2",
                            format!(
                                "the ball is on {to}: running into it is a kick, written {from}-{to}/<ball's cell>"
                            ),
                        );
                    }
                    return Illegal::breaks(
                        "§4.1",
                        format!("the way from {from} to {to} is blocked"),
                    );
                }
                if KIND[t as usize] == goal_of(side.opponent()) {
                    return Illegal::breaks(
                        "§2.2",
                        format!(
                            "a sage may pass through the opponent's goal area but not stop there ({to})"
                        ),
                    );
                }
                if !may_stop(&mover, f, t) {
                    return Illegal::breaks(
                        "§2.2",
                        format!("{name} would have more than one sage in its own goal area"),
                    );
                }
                if r.kick.is_some() {
                    return Illegal::breaks(
                        "§4.2",
                        format!(
                            "the sage runs into the ball: with kick_mode = StopBefore, stopping on {to} \
                         in front of the ball is a kick, written {from}-{to}/<ball's cell>"
                        ),
                    );
                }
                Illegal::breaks("§4.1", "it is not a legal plain move")
            }
            Some(b) => {
                if !r.hits_ball {
                    return Illegal::breaks(
                        "§4.2",
                        format!("the slide from {from} towards {to} does not run into the ball"),
                    );
                }
                let Some(k) = r.kick else {
                    return Illegal::breaks(
                        "§4.2",
                        format!(
                            "the ball on {} cannot be kicked {dir}: on its first leg it must move and \
                         meet another stone",
                            square(state.ball)
                        ),
                    );
                };
                if k.kicker != t {
                    let expected = square(k.kicker);
                    return if stop_before && t == state.ball {
                        Illegal::breaks(
                            "§4.2",
                            format!(
                                "with kick_mode = StopBefore the kicker stops in front of the ball, on {expected}"
                            ),
                        )
                    } else {
                        Illegal::breaks("§4.2", format!("this kicker ends on {expected}, not {to}"))
                    };
                }
                let cells: Vec<String> = k.finals.cells().map(|c| square(c).to_string()).collect();
                let reachable = on_board(b).is_some_and(|c| k.finals.has(c));
                if reachable {
                    Illegal::breaks("§4.2", "it is not a legal kick")
                } else {
                    Illegal::breaks(
                        "§4.2",
                        format!(
                            "the ball cannot stop on {b}; this kick may leave it on {}",
                            cells.join(" ")
                        ),
                    )
                }
            }
        }
    }

    fn has_sage_move(&self, state: &State) -> bool {
        let mut any = false;
        sage_moves(&self.options, state, &mut |_| any = true);
        any
    }
}

fn side_name(side: Side) -> &'static str {
    match side {
        Side::White => "White",
        Side::Black => "Black",
    }
}

impl Rules for SevenSages {
    const NAME: &'static str = "seven-sages";
    const TITLE: &'static str = "Seven Sages";

    type Options = Options;
    type State = State;
    type Move = Move;

    fn new(options: Valid<Options>) -> Self {
        SevenSages {
            options: options.into_inner(),
        }
    }

    fn options(&self) -> &Options {
        &self.options
    }

    fn initial_state(&self) -> State {
        let mut state = State::initial();
        state.history.reserve_total(self.history_bound());
        state
    }

    fn side_to_move(&self, state: &State) -> Side {
        state.to_move
    }

    fn status(&self, state: &State) -> Status {
        state.outcome.status()
    }

    fn scores(&self, state: &State) -> Option<BySide<i64>> {
        Some(BySide::new(
            i64::from(state.score[0]),
            i64::from(state.score[1]),
        ))
    }

    fn legal_moves(&self, state: &State, moves: &mut Vec<Move>) {
        if state.outcome.is_finished() {
            return;
        }
        let before = moves.len();
        sage_moves(&self.options, state, &mut |m| moves.push(m));
        if moves.len() == before {
            moves.push(Move::Pass);
        }
    }

    fn play_unchecked(&self, state: &mut State, mv: &Move) {
        play(&self.options, state, mv);
    }

    fn is_legal(&self, state: &State, mv: &Move) -> bool {
        if state.outcome.is_finished() {
            return false;
        }
        match mv {
            Move::Pass => !self.has_sage_move(state),
            _ => self.sage_move_is_legal(state, mv),
        }
    }

    fn check_move(&self, state: &State, mv: &Move) -> Result<(), Illegal> {
        if state.outcome.is_finished() {
            return Err(Illegal::GameOver);
        }
        if self.is_legal(state, mv) {
            Ok(())
        } else {
            Err(self.reason(state, mv))
        }
    }

    fn parse_move(&self, _state: &State, text: &str) -> Result<Move, ParseError> {
        crate::notation::parse_move(text)
    }

    fn parse_position(&self, text: &str) -> Result<State, ParseError> {
        let mut state = crate::position::parse(text)?;
        state.history.reserve_total(self.history_bound());
        Ok(state)
    }

    fn key(&self, state: &State) -> u64 {
        state.full_key()
    }

    fn history<'s>(&self, state: &'s State) -> &'s [u64] {
        state.history.keys()
    }

    fn set_history(&self, state: &mut State, keys: &[u64]) -> Result<(), String> {
        // The history is kept even with the rule off (0): then no count ends the game.
        let limit = Repetition::kept_limit(self.options.repetition_limit);
        let finished = state.outcome.is_finished();
        if let Some(history) =
            Repetition::restore(keys, state.key(), limit, self.history_bound(), finished)?
        {
            state.history = history;
        }
        Ok(())
    }
}

impl Search for SevenSages {
    fn heuristic(&self, state: &State, side: Side) -> Option<f64> {
        Some(crate::strategy::evaluate(&self.options, state, side))
    }

    /// Counts each sage's moves in each direction and makes only the chosen direction's.
    fn random_move(
        &self,
        state: &State,
        rng: &mut SplitMix64,
        _scratch: &mut Vec<Move>,
    ) -> Option<Move> {
        if state.outcome.is_finished() {
            return None;
        }
        let picked = pick_sage_move(&self.options, state, |n| rng.below(n));
        Some(picked.unwrap_or_else(|| {
            // The list is the pass alone (§4.2): drawn like any one-move list.
            rng.below(1);
            Move::Pass
        }))
    }

    fn count_moves(&self, state: &State, _scratch: &mut Vec<Move>) -> usize {
        if state.outcome.is_finished() {
            return 0;
        }
        // No sage move: the pass (§4.2).
        count_sage_moves(&self.options, state).max(1)
    }
}

impl Presentation for SevenSages {
    fn diagram(&self, state: &State) -> String {
        crate::position::diagram(state)
    }

    fn picture(&self, state: &State) -> Picture {
        crate::picture::picture(state)
    }

    fn move_path(&self, state: &State, mv: &Move) -> Vec<Point> {
        crate::picture::move_path(&self.options, state, mv)
    }

    fn rule_book() -> RuleBook {
        crate::rulebook::rule_book()
    }
}

impl Steps for SevenSages {
    const CHOICES: &'static [&'static str] = crate::steps::CHOICES;

    fn move_steps(&self, state: &State, mv: &Move, out: &mut Vec<TurnStep>) {
        crate::steps::move_steps(state, mv, out);
    }
}
