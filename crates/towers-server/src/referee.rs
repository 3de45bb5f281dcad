//! What an action does to a game: each action (a move, a resignation, a draw offer, a
//! rematch request, the server's look at the clock) checked against the clock, the seats and
//! the rules, and the row it would leave. Nothing here stores or tells anyone: the room
//! stores a decision and only then announces it.
//!
//! A fallen flag is judged before anything else: whatever the action, the game is then lost
//! on time.

use board_kernel::erased::{DynGame, DynState};
use board_kernel::{GameResult, Side, Status};

use crate::clock::Clock;
use crate::refusal::{Code, Refusal, refuse, refuse_move};
use crate::store::{GameRow, Occupant, StoredMove};

/// The reasons of results the rules did not give: the game ended by resignation, on time or
/// by agreement. Records carry them as the result's reason (`towers replay` accepts them).
pub const RESIGNATION: &str = "resignation";
/// A fallen flag.
pub const TIME: &str = "time";
/// A draw offered and accepted.
pub const AGREEMENT: &str = "agreement";

/// What a seat (or the server, for a fallen flag) asks of a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Action {
    /// Play `text` as move number `ply` (counted from 0): a move sent again after a
    /// reconnection is recognised by its number instead of being played twice.
    Move {
        /// The number of moves before it.
        ply: usize,
        /// The move in the game's notation.
        text: String,
    },
    /// A computer seat's move, which thought `thought_ms`: its clock is charged its search,
    /// not its wait for a thread ([`crate::thinkers`]), and its flag is judged here, when
    /// the move comes, rather than while it waits or thinks.
    ComputerMove {
        /// The number of moves before it.
        ply: usize,
        /// The move in the game's notation.
        text: String,
        /// How long the search took.
        thought_ms: i64,
    },
    /// Give up the game.
    Resign,
    /// Offer a draw (or accept the opponent's standing offer).
    OfferDraw,
    /// Accept the opponent's draw offer.
    AcceptDraw,
    /// Decline the opponent's draw offer.
    DeclineDraw,
    /// Ask for a rematch with colours swapped, once the game is over.
    Rematch,
    /// The server's check of the clock.
    Flag,
}

/// What an accepted action did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Done {
    /// The move was stored as number `ply`, in canonical text.
    Moved {
        /// Its number, from 0.
        ply: usize,
        /// Its canonical text.
        text: String,
    },
    /// Stored (or nothing needed storing).
    Ok,
}

/// A change decided, to be stored.
pub(crate) struct Decision {
    pub(crate) row: GameRow,
    /// The position after a move.
    pub(crate) state: Option<Box<dyn DynState>>,
    pub(crate) done: Done,
    /// The rematch's row, created with this change.
    pub(crate) rematch: Option<GameRow>,
    /// Stored, but the action asked for is refused (a move after the flag fell).
    pub(crate) refusal: Option<Refusal>,
}

impl Decision {
    /// `row` to store, and nothing else.
    fn store(row: GameRow) -> Decision {
        Decision {
            row,
            state: None,
            done: Done::Ok,
            rematch: None,
            refusal: None,
        }
    }
}

/// A decision, `None` when the action changes nothing, or why the action is refused.
pub(crate) type Verdict = Result<Option<Decision>, Refusal>;

/// One game as the referee sees it at one moment: the stored row, the engine's game and the
/// position after the row's moves.
pub(crate) struct Referee<'a> {
    pub(crate) row: &'a GameRow,
    pub(crate) game: &'a dyn DynGame,
    pub(crate) state: &'a dyn DynState,
    pub(crate) now: i64,
}

impl Referee<'_> {
    /// The row after `action` by `seat` (`None`: a spectator or the server), with the new
    /// position for a move.
    pub(crate) fn decide(&self, seat: Option<usize>, action: &Action) -> Verdict {
        if let Some(lost) = self.flag_fallen(action) {
            return Ok(Some(lost));
        }
        if *action == Action::Flag {
            return Ok(None);
        }
        let seat = seat.ok_or_else(|| {
            refuse(
                Code::NotSeated,
                "spectators cannot play: open a seat's link to play",
            )
        })?;
        match action {
            Action::Move { ply, text } => self.play(seat, *ply, text, None),
            Action::ComputerMove {
                ply,
                text,
                thought_ms,
            } => self.play(seat, *ply, text, Some(*thought_ms)),
            Action::Resign => self.resign(seat),
            Action::OfferDraw | Action::AcceptDraw | Action::DeclineDraw => self.draw(seat, action),
            Action::Rematch => self.rematch(seat),
            Action::Flag => Ok(None),
        }
    }

    fn to_move(&self) -> usize {
        self.state.side_to_move().index()
    }

    /// The seat that made stored move number `ply` (counted from 0), found by replaying the
    /// moves before it (a side may move twice in a row: a Kamisado round's loser starts the
    /// next); `None` if the row cannot be replayed so far.
    fn mover_of(&self, ply: usize) -> Option<usize> {
        let mut state = match &self.row.position {
            Some(text) => self.game.parse_position(text).ok()?,
            None => self.game.initial_state(),
        };
        for stored in self.row.moves.get(..ply)? {
            state.play(&stored.text).ok()?;
        }
        Some(state.side_to_move().index())
    }

    fn side_name(&self, seat: usize) -> &'static str {
        self.game.side_name(Side::ALL[seat])
    }

    /// Refuses any action on a finished game.
    fn ensure_ongoing(&self) -> Result<(), Refusal> {
        match self.row.result {
            Some(_) => Err(refuse(Code::GameOver, "the game is over")),
            None => Ok(()),
        }
    }

    /// The game lost on time when the mover's flag has fallen, whatever the action; the
    /// action itself is then refused, unless it was the server's look at the clock.
    fn flag_fallen(&self, action: &Action) -> Option<Decision> {
        let row = self.row;
        let to_move = self.to_move();
        let deadline = row.clock.deadline(&row.clock_spec, to_move)?;
        let fallen = match (&row.players[to_move], action) {
            // A computer seat's time is its search's: judged when its move comes.
            (Occupant::Computer(_), Action::ComputerMove { thought_ms, .. }) => {
                let started = row.clock.turn_started_ms.unwrap_or(self.now);
                started.saturating_add(*thought_ms) >= deadline
            }
            (Occupant::Computer(_), _) => false,
            (Occupant::Person(_), _) => self.now >= deadline,
        };
        if row.result.is_some() || !fallen {
            return None;
        }
        let mut next = row.clone();
        let winner = Side::ALL[1 - to_move];
        finish(&mut next, GameResult::win(winner, TIME), to_move, self.now);
        Some(Decision {
            refusal: (*action != Action::Flag).then(|| {
                refuse(
                    Code::Time,
                    format!("{}'s time ran out", self.side_name(to_move)),
                )
            }),
            ..Decision::store(next)
        })
    }

    /// Move number `ply`: acknowledged again when it is already stored (sent again after a
    /// reconnection), else checked in turn and by the rules, and played on the clock.
    fn play(&self, seat: usize, ply: usize, text: &str, thought_ms: Option<i64>) -> Verdict {
        let row = self.row;
        if row.moves.get(ply).is_some_and(|stored| stored.text == text) {
            // Only the seat that made it may hear it acknowledged: the opponent replaying it
            // is refused, as any move out of turn.
            let mover = self.mover_of(ply);
            if mover != Some(seat) {
                return Err(refuse(
                    Code::NotYourTurn,
                    format!(
                        "move number {} was {}'s",
                        ply + 1,
                        self.side_name(mover.unwrap_or(1 - seat))
                    ),
                ));
            }
            return Ok(Some(Decision {
                done: Done::Moved {
                    ply,
                    text: text.to_owned(),
                },
                ..Decision::store(row.clone())
            }));
        }
        self.ensure_ongoing()?;
        if ply != row.moves.len() {
            return Err(refuse(
                Code::StaleMove,
                format!(
                    "move number {} was sent, but {} moves have been played",
                    ply + 1,
                    row.moves.len()
                ),
            ));
        }
        let to_move = self.to_move();
        if seat != to_move {
            return Err(refuse(
                Code::NotYourTurn,
                format!("it is {}'s turn", self.side_name(to_move)),
            ));
        }
        let mut state = self.state.clone_box();
        let played = state.play(text).map_err(|e| refuse_move(self.game, &e))?;
        let mut next = row.clone();
        // A computer seat is charged its search only (its flag was judged above).
        let charged_until = match (thought_ms, row.clock.turn_started_ms) {
            (Some(thought), Some(started)) => started.saturating_add(thought).min(self.now),
            _ => self.now,
        };
        let clock = row
            .clock
            .after_move_charged(&row.clock_spec, seat, charged_until, self.now);
        next.moves.push(StoredMove {
            text: played.clone(),
            played_ms: self.now,
            remaining_ms: clock.remaining_ms,
        });
        next.clock = clock;
        if next.draw_offer == Some(1 - seat) {
            next.draw_offer = None;
        }
        let after = state.side_to_move().index();
        match state.status() {
            Status::Finished(result) => finish(&mut next, result, after, self.now),
            // A computer's flag is judged only at its move (`flag_fallen`): no timer waits
            // on it, and the sweep does not look at its game for a deadline.
            Status::Ongoing => {
                next.deadline_ms = match next.players[after] {
                    Occupant::Person(_) => next.clock.deadline(&next.clock_spec, after),
                    Occupant::Computer(_) => None,
                }
            }
        }
        Ok(Some(Decision {
            state: Some(state),
            done: Done::Moved { ply, text: played },
            ..Decision::store(next)
        }))
    }

    /// `seat` gives up: the opponent wins.
    fn resign(&self, seat: usize) -> Verdict {
        self.ensure_ongoing()?;
        let mut next = self.row.clone();
        let winner = Side::ALL[1 - seat];
        finish(
            &mut next,
            GameResult::win(winner, RESIGNATION),
            self.to_move(),
            self.now,
        );
        Ok(Some(Decision::store(next)))
    }

    /// A draw offered, accepted or declined by `seat`; offering a draw the opponent has
    /// offered accepts it.
    fn draw(&self, seat: usize, action: &Action) -> Verdict {
        let row = self.row;
        self.ensure_ongoing()?;
        // A draw offer means something only where the game can end drawn (its own answer:
        // Kamisado's every round has a winner).
        if !self.game.can_draw() {
            return Err(refuse(
                Code::NoDraws,
                format!("{} cannot end in a draw", self.game.title()),
            ));
        }
        let offered = row.draw_offer == Some(1 - seat);
        let mut next = row.clone();
        match action {
            Action::OfferDraw if row.draw_offer == Some(seat) => return Ok(None),
            Action::OfferDraw if !offered => next.draw_offer = Some(seat),
            Action::OfferDraw | Action::AcceptDraw if offered => {
                let draw = GameResult::draw(AGREEMENT);
                finish(&mut next, draw, self.to_move(), self.now);
            }
            Action::DeclineDraw if offered => next.draw_offer = None,
            _ => {
                return Err(refuse(Code::NoOffer, "your opponent has offered no draw"));
            }
        }
        Ok(Some(Decision::store(next)))
    }

    /// `seat` asks for a rematch (a computer seat always agrees); once both seats have, the
    /// rematch is created with this change.
    fn rematch(&self, seat: usize) -> Verdict {
        let row = self.row;
        if row.result.is_none() {
            return Err(refuse(
                Code::NotOver,
                "a rematch can follow only a finished game",
            ));
        }
        if row.rematch_id.is_some() || row.rematch_requests & (1 << seat) != 0 {
            return Ok(None);
        }
        let mut next = row.clone();
        next.rematch_requests |= 1 << seat;
        for (i, player) in row.players.iter().enumerate() {
            if matches!(player, Occupant::Computer(_)) {
                next.rematch_requests |= 1 << i;
            }
        }
        if next.rematch_requests != 3 {
            return Ok(Some(Decision::store(next)));
        }
        let rematch = rematch_of(row, self.now);
        next.rematch_id = Some(rematch.id.clone());
        Ok(Some(Decision {
            rematch: Some(rematch),
            ..Decision::store(next)
        }))
    }
}

/// Ends the game with `result`, stopping the clock of `to_move`.
fn finish(row: &mut GameRow, result: GameResult, to_move: usize, now: i64) {
    row.clock = row.clock.stopped(to_move, now);
    row.result = Some(result);
    row.draw_offer = None;
    row.deadline_ms = None;
}

/// The rematch of a finished game: the seats (and their tokens) swapped, the same game,
/// options, start and clock.
fn rematch_of(row: &GameRow, now: i64) -> GameRow {
    GameRow {
        id: crate::new_id(),
        players: [row.players[1].clone(), row.players[0].clone()],
        tokens: [row.tokens[1].clone(), row.tokens[0].clone()],
        clock: Clock::new(&row.clock_spec),
        seed: row.seed.wrapping_add(1),
        version: 1,
        moves: Vec::new(),
        draw_offer: None,
        rematch_requests: 0,
        rematch_id: None,
        rematch_of: Some(row.id.clone()),
        result: None,
        deadline_ms: None,
        created_ms: now,
        updated_ms: now,
        ..row.clone()
    }
}

/// The result of a game the rules left going, in words.
pub(crate) fn describe_adjudication(game: &dyn DynGame, result: &GameResult) -> String {
    match (result.winner, result.reason.as_ref()) {
        (Some(winner), RESIGNATION) => format!(
            "{} wins: {} resigned",
            game.side_name(winner),
            game.side_name(winner.opponent())
        ),
        (Some(winner), TIME) => format!(
            "{} wins on time: {}'s flag fell",
            game.side_name(winner),
            game.side_name(winner.opponent())
        ),
        (None, AGREEMENT) => "drawn by agreement".to_owned(),
        (Some(winner), reason) => format!("{} wins ({reason})", game.side_name(winner)),
        (None, reason) => format!("drawn ({reason})"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::new_game::NewGame;
    use crate::refusal::InFlight;
    use tower_games::registry;

    /// A Kamisado game between two people on a one-second Fischer clock, as created.
    fn new_row() -> GameRow {
        let new: NewGame = serde_json::from_value(serde_json::json!({
            "game": "kamisado",
            "players": [{ "person": "Ann" }, { "person": "Bob" }],
            "clock": { "kind": "fischer", "base_ms": 1000, "increment_ms": 0 },
        }))
        .unwrap();
        new.into_row().unwrap()
    }

    /// The refusal of `action` by `seat` at `now`, whether refused outright or stored with
    /// the refusal (a fallen flag).
    fn refusal_of(
        row: &GameRow,
        state: &dyn DynState,
        seat: Option<usize>,
        action: &Action,
        now: i64,
    ) -> Refusal {
        let game = registry::build("kamisado", &[]).unwrap();
        let referee = Referee {
            row,
            game: game.as_ref(),
            state,
            now,
        };
        match referee.decide(seat, action) {
            Err(refusal) => refusal,
            Ok(Some(Decision {
                refusal: Some(refusal),
                ..
            })) => refusal,
            Ok(_) => panic!("{action:?} by {seat:?} was not refused"),
        }
    }

    /// A draw is offered only in a game that says it can end drawn: every game but Kamisado,
    /// whose rounds always have a winner, refused with `no_draws`.
    #[test]
    fn a_draw_offer_follows_the_game_s_own_answer() {
        for name in registry::names() {
            let game = registry::build(name, &[]).unwrap();
            assert_eq!(game.can_draw(), *name != "kamisado", "{name}");
            let mut row = new_row();
            row.game = name.to_string();
            let start = game.initial_state();
            let verdict = Referee {
                row: &row,
                game: game.as_ref(),
                state: start.as_ref(),
                now: 0,
            }
            .decide(Some(0), &Action::OfferDraw);
            match verdict {
                Ok(Some(decision)) => {
                    assert!(game.can_draw(), "{name}: a draw offered");
                    assert_eq!(decision.row.draw_offer, Some(0), "{name}");
                }
                Err(refusal) => {
                    assert!(!game.can_draw(), "{name}: {refusal:?}");
                    assert_eq!(refusal.code, Code::NoDraws);
                }
                Ok(None) => panic!("{name}: the offer changed nothing"),
            }
        }
    }

    /// A person's move on the clock sets the deadline the server's timer waits on when a
    /// person is to move, and none when a computer is: its flag is judged at its move.
    #[test]
    fn only_a_person_to_move_has_a_deadline() {
        let game = registry::build("kamisado", &[]).unwrap();
        let start = game.initial_state();
        let first = start.legal_moves()[0].clone();
        let after_first_move = |row: &GameRow| {
            Referee {
                row,
                game: game.as_ref(),
                state: start.as_ref(),
                now: 0,
            }
            .decide(
                Some(0),
                &Action::Move {
                    ply: 0,
                    text: first.clone(),
                },
            )
            .unwrap()
            .unwrap()
            .row
        };
        let people = new_row();
        assert_eq!(after_first_move(&people).deadline_ms, Some(1000));
        let mut against_computer = new_row();
        against_computer.players[1] = Occupant::Computer("random".to_owned());
        assert_eq!(after_first_move(&against_computer).deadline_ms, None);
    }

    /// The page drops a move in flight on exactly the codes `GET /api/limits` calls
    /// `move_not_played`: every refusal the referee gives a move must be one of them.
    #[test]
    fn every_refusal_of_a_move_is_final() {
        let game = registry::build("kamisado", &[]).unwrap();
        let start = game.initial_state();
        let first = start.legal_moves()[0].clone();
        let row = new_row();
        let mv = |ply: usize, text: &str| Action::Move {
            ply,
            text: text.to_owned(),
        };
        let mut refused = vec![
            refusal_of(&row, start.as_ref(), None, &mv(0, &first), 0),
            refusal_of(&row, start.as_ref(), Some(1), &mv(0, &first), 0),
            refusal_of(&row, start.as_ref(), Some(0), &mv(3, &first), 0),
            refusal_of(&row, start.as_ref(), Some(0), &mv(0, "z9-z10"), 0),
        ];
        let mut over = new_row();
        over.result = Some(GameResult::win(Side::White, RESIGNATION));
        refused.push(refusal_of(
            &over,
            start.as_ref(),
            Some(0),
            &mv(0, &first),
            0,
        ));
        // White's first move starts Black's clock, and Black's flag falls a second later.
        let played = Referee {
            row: &row,
            game: game.as_ref(),
            state: start.as_ref(),
            now: 0,
        }
        .decide(Some(0), &mv(0, &first))
        .unwrap()
        .unwrap();
        let after = played.state.unwrap();
        let reply = after.legal_moves()[0].clone();
        refused.push(refusal_of(
            &played.row,
            after.as_ref(),
            Some(1),
            &mv(1, &reply),
            5000,
        ));
        let codes: Vec<Code> = refused.iter().map(|r| r.code).collect();
        assert_eq!(
            codes,
            [
                Code::NotSeated,
                Code::NotYourTurn,
                Code::StaleMove,
                Code::IllegalMove,
                Code::GameOver,
                Code::Time
            ]
        );
        for code in codes {
            assert_eq!(code.in_flight(), InFlight::MoveNotPlayed, "{code:?}");
        }
    }
}
