//! The turn made one choice at a time (§6), following the same rule functions as the
//! generator ([`crate::turn`]), so that the choices it offers are exactly the ones the
//! generated turns go on with: Chain Reaction's own stepper, which never lists whole turns.

use board_kernel::steps::StepRole;
use board_kernel::{Illegal, Side};

use crate::board::{Spot, cells_by_file, ray};
use crate::notation::{Move, Segment};
use crate::options::Options;
use crate::pieces::{Tower, replacement_cells};
use crate::state::State;
use crate::turn::{Forbidden, Landing, Work, judge, move_tower, next_segment, take_penalty};

/// A choice inside a turn (§6): a cell (a stone to step with, where it steps, where the tower's
/// top stone lands, where a stone is put back) or the penalty.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Choice {
    /// A cell: a board cell, or a scoring position for a stone that scores.
    Cell(Spot),
    /// The penalty of a tower that cannot move (4.7).
    Penalty,
}

/// What a turn in progress waits for.
#[derive(Clone, Copy, Debug)]
enum Wait {
    /// The cell a stone of `colour` is put back on (4.6), then `then`.
    Place { colour: Side, then: Placed },
    /// The stone of the free step (4.3).
    Stone,
    /// The cell the free step's stone on `from` goes to.
    Target { from: Spot },
    /// Where the top stone of the tower lands, or the penalty when it cannot move (4.4, 4.7).
    Tower(Tower),
    /// Nothing: the turn is complete.
    Done,
}

/// What the turn does once the stone is put back.
#[derive(Clone, Copy, Debug)]
enum Placed {
    /// The pending stone (4.2): the turn's body follows.
    Pending,
    /// The stone `seg` scored: the chain goes on with the tower, if any, or the turn ends.
    Scored { seg: Segment, then: Option<Tower> },
    /// The mover's bottom stone of the penalty: the turn ends.
    Penalty,
}

/// A turn made one choice at a time from a position, following the same rule functions as
/// the generator, so that the choices it offers are exactly the ones the generated turns go on
/// with. The position so far is the engine's own mid-turn state: the segment count and the
/// tower as the position text writes them, and a stone scored and not yet put back, or the
/// penalty's bottom stone, as its owner's pending stone.
#[derive(Clone, Debug)]
pub(crate) struct TurnSoFar<'a> {
    options: &'a Options,
    mover: Side,
    /// The points the mover needs to win.
    target: i64,
    work: Work,
    segment: u8,
    pending: Option<Side>,
    mv: Move,
    wait: Wait,
}

impl<'a> TurnSoFar<'a> {
    /// The turn of `state` (not finished) before its first choice.
    pub(crate) fn new(options: &'a Options, state: &State) -> TurnSoFar<'a> {
        let mover = state.to_move;
        let mut turn = TurnSoFar {
            options,
            mover,
            target: state.targets[mover.index()],
            work: Work {
                board: state.board,
                scores: state.scores,
            },
            segment: state.segment,
            pending: state.pending,
            mv: Move::EMPTY,
            wait: Wait::Done,
        };
        turn.wait = if state.pending == Some(mover) {
            Wait::Place {
                colour: mover,
                then: Placed::Pending,
            }
        } else {
            turn.body()
        };
        turn
    }

    /// The first choice of the turn's body: the tower's segment, or the free step's stone.
    fn body(&self) -> Wait {
        match self.work.board.tower() {
            Some(tower) => Wait::Tower(tower),
            None => Wait::Stone,
        }
    }

    /// The whole turn, once the choices make one.
    pub(crate) fn complete(&self) -> Option<Move> {
        matches!(self.wait, Wait::Done).then_some(self.mv)
    }

    /// Calls `f` with every choice that may come next and what it does (nothing once the
    /// turn is complete).
    pub(crate) fn each_choice(&self, mut f: impl FnMut(Choice, StepRole)) {
        let mover = self.mover;
        match self.wait {
            Wait::Place { colour, .. } => {
                for z in cells_by_file(replacement_cells(&self.work.board, colour)) {
                    f(Choice::Cell(z), StepRole::Place);
                }
            }
            // Every stone has a neighbouring board cell to step to.
            Wait::Stone => {
                for s in cells_by_file(self.work.board.single_mask(mover)) {
                    f(Choice::Cell(s), StepRole::Select);
                }
            }
            Wait::Target { from } => {
                for dir in 0..8 {
                    if let Some(q) = ray(from, dir).0
                        && self.may_step_to(q)
                    {
                        f(Choice::Cell(q), StepRole::Move);
                    }
                }
            }
            Wait::Tower(tower) => {
                let mut any = false;
                for dir in 0..8 {
                    if let Ok(landing) = self.judge(tower, dir) {
                        any = true;
                        f(Choice::Cell(landing.b), StepRole::Move);
                    }
                }
                if !any {
                    f(Choice::Penalty, StepRole::Choice);
                }
            }
            Wait::Done => {}
        }
    }

    /// Whether `choice` is one of [`TurnSoFar::each_choice`]'s, asked without listing them:
    /// a turn is replayed choice by choice at every step, so this runs once a choice made.
    fn offers(&self, choice: Choice) -> bool {
        match (self.wait, choice) {
            (Wait::Place { colour, .. }, Choice::Cell(z)) => {
                replacement_cells(&self.work.board, colour) & z.bit() != 0
            }
            (Wait::Stone, Choice::Cell(s)) => {
                self.work.board.single_mask(self.mover) & s.bit() != 0
            }
            (Wait::Target { from }, Choice::Cell(q)) => {
                (0..8).any(|dir| ray(from, dir).0 == Some(q)) && self.may_step_to(q)
            }
            (Wait::Tower(tower), Choice::Cell(b)) => self.landing_on(tower, b).is_some(),
            (Wait::Tower(tower), Choice::Penalty) => {
                (0..8).all(|dir| self.judge(tower, dir).is_err())
            }
            _ => false,
        }
    }

    /// The legal segment of `tower` whose top stone lands on `b`, if any.
    fn landing_on(&self, tower: Tower, b: Spot) -> Option<Landing> {
        (0..8)
            .filter_map(|dir| self.judge(tower, dir).ok())
            .find(|landing| landing.b == b)
    }

    /// Whether the free step may go to `q`, a neighbour of its stone (4.3).
    fn may_step_to(&self, q: Spot) -> bool {
        q.is_board()
            || (self.options.single_step_into_goal && q.is_goal() && q.scorer() == Some(self.mover))
    }

    /// The tower's segment in direction `dir`.
    fn judge(&self, tower: Tower, dir: usize) -> Result<Landing, Forbidden> {
        let n = next_segment(self.segment);
        judge(
            self.work.board.occupied(),
            tower,
            dir,
            n,
            self.mover,
            self.options,
        )
    }

    /// Makes `choice` if it may come next (see [`TurnSoFar::each_choice`]); says whether it
    /// did. A refused choice changes nothing.
    pub(crate) fn choose(&mut self, choice: Choice) -> bool {
        // A tower's landing is looked for below, which refuses a cell it does not offer.
        let landing_found_below = matches!((self.wait, choice), (Wait::Tower(_), Choice::Cell(_)));
        if !landing_found_below && !self.offers(choice) {
            return false;
        }
        let mover = self.mover;
        match (self.wait, choice) {
            (Wait::Place { colour, then }, Choice::Cell(z)) => {
                self.work.board.drop_stone(z, colour);
                self.pending = None;
                self.wait = match then {
                    Placed::Pending => {
                        self.mv = self.mv.with_placement(z);
                        self.body()
                    }
                    Placed::Scored { seg, then } => {
                        self.mv.push_segment(Segment {
                            replace: Some(z),
                            ..seg
                        });
                        then.map_or(Wait::Done, Wait::Tower)
                    }
                    Placed::Penalty => {
                        self.mv = self.mv.with_penalty(Some(z));
                        Wait::Done
                    }
                };
            }
            (Wait::Stone, Choice::Cell(from)) => self.wait = Wait::Target { from },
            (Wait::Target { from }, Choice::Cell(q)) => {
                let seg = Segment {
                    from,
                    to: q,
                    replace: None,
                };
                self.segment = next_segment(self.segment);
                self.work.board.lift_single(from);
                if q.is_board() {
                    self.work.board.drop_stone(q, mover);
                    self.mv.push_segment(seg);
                    self.wait = self.work.board.tower().map_or(Wait::Done, Wait::Tower);
                } else {
                    let score = &mut self.work.scores[mover.index()];
                    *score = score.saturating_add(2);
                    self.pending = Some(mover);
                    self.wait = Wait::Place {
                        colour: mover,
                        then: Placed::Scored { seg, then: None },
                    };
                }
            }
            (Wait::Tower(tower), Choice::Cell(b)) => {
                let Some(landing) = self.landing_on(tower, b) else {
                    return false;
                };
                move_tower(&mut self.work, tower, &landing, mover);
                self.segment = next_segment(self.segment);
                let seg = Segment {
                    from: tower.cell,
                    to: b,
                    replace: None,
                };
                if landing.points > 0 {
                    let won = self.work.scores[mover.index()] >= self.target;
                    let then = self.work.board.tower().filter(|_| landing.friendly && !won);
                    self.pending = Some(tower.top);
                    self.wait = Wait::Place {
                        colour: tower.top,
                        then: Placed::Scored { seg, then },
                    };
                } else {
                    self.mv.push_segment(seg);
                    self.wait = match self.work.board.tower() {
                        Some(t) if landing.friendly => Wait::Tower(t),
                        _ => Wait::Done,
                    };
                }
            }
            (Wait::Tower(tower), Choice::Penalty) => {
                let bottom = take_penalty(&mut self.work, tower, mover);
                self.pending = Some(bottom);
                if bottom == mover {
                    self.wait = Wait::Place {
                        colour: mover,
                        then: Placed::Penalty,
                    };
                } else {
                    self.mv = self.mv.with_penalty(None);
                    self.wait = Wait::Done;
                }
            }
            _ => return false,
        }
        true
    }

    /// What the turn waits for, for a player, where it is not the usual choice of a stone
    /// and where it steps: a stone to put back (4.6), a tower that must move on (4.2, 4.4)
    /// or pay the penalty (4.7). The text and the rule book section.
    fn awaited(&self) -> Option<(&'static str, String)> {
        let name = self.mover.name();
        match self.wait {
            Wait::Place { then, .. } => Some((
                "§4.6",
                format!(
                    "{name} first puts back {}",
                    match then {
                        Placed::Pending => "the stone the opponent's penalty took",
                        Placed::Scored { .. } => "the stone that scored",
                        Placed::Penalty => "the bottom stone of the penalty",
                    }
                ),
            )),
            Wait::Tower(tower) => {
                let mut moves = false;
                self.each_choice(|c, _| moves |= matches!(c, Choice::Cell(_)));
                Some(if moves {
                    (
                        "§4.4",
                        format!(
                            "the tower on {} must move on: its top stone lands two cells away",
                            tower.cell
                        ),
                    )
                } else {
                    (
                        "§4.7",
                        format!(
                            "the tower on {} has no legal segment: {name} pays the penalty",
                            tower.cell
                        ),
                    )
                })
            }
            Wait::Stone | Wait::Target { .. } | Wait::Done => None,
        }
    }

    /// [`TurnSoFar::awaited`] as the refusal of anything else; the game words it for the help
    /// line, citing the rule book's section.
    pub(crate) fn prompt(&self) -> Option<Illegal> {
        self.awaited()
            .map(|(rule, text)| Illegal::breaks(rule, text))
    }

    /// Why `choice` may not come next (it is not offered), for a player, naming the rule;
    /// `None` for a step that names no choice of this game.
    pub(crate) fn refusal(&self, choice: Option<Choice>) -> Option<Illegal> {
        let name = self.mover.name();
        let choice = choice?;
        if let Some((rule, text)) = self.awaited() {
            // The turn may only go on one way: that is the reason, with the cell refused.
            let said = match (self.wait, choice) {
                (Wait::Tower(tower), Choice::Cell(z)) if z == tower.cell => {
                    format!("the tower itself is not a step: {text}")
                }
                (Wait::Tower(_), Choice::Cell(z)) => {
                    format!("no legal segment lands the top stone on {z}: {text}")
                }
                (Wait::Place { colour, .. }, Choice::Cell(z)) => format!(
                    "{text}, on the first of {}'s setup rows with a free cell (else in its own \
                     half), not on {z}",
                    colour.name()
                ),
                _ => text,
            };
            return Some(Illegal::breaks(rule, said));
        }
        Some(match (self.wait, choice) {
            (_, Choice::Penalty) => Illegal::breaks(
                "§4.7",
                "the penalty is paid only by a tower that has no legal segment",
            ),
            (Wait::Stone, Choice::Cell(z)) => Illegal::breaks(
                "§4.3",
                format!("there is no single stone of {name}'s on {z} to step with"),
            ),
            (Wait::Target { from }, Choice::Cell(z)) => Illegal::breaks(
                "§4.3",
                format!(
                    "the stone on {from} steps to one of its neighbouring board cells, not {z}"
                ),
            ),
            (_, Choice::Cell(_)) => Illegal::breaks("§4.9", "the turn is complete"),
        })
    }

    /// The position after the choices so far, the turn having started from `state`: the
    /// engine's mid-turn state (see [`TurnSoFar`]), or the position after the turn once it is
    /// complete.
    pub(crate) fn position(&self, state: &State) -> State {
        let mut after = state.clone();
        after.board = self.work.board;
        after.scores = self.work.scores;
        after.pending = self.pending;
        after.segment = self.segment;
        if matches!(self.wait, Wait::Done) {
            after.end_turn(self.options);
        }
        after
    }
}
