//! Why the server refuses a message: one code per reason, the same in every error reply, and
//! what each code means to a page that has sent a move and awaits its acknowledgement.
//!
//! The meanings are the server's to say, not the page's to guess: `GET /api/limits` sends
//! every code with its [`InFlight`] meaning, and the page acts on that.

use board_kernel::erased::DynGame;
use board_kernel::{Illegal, MoveError};
use serde::Serialize;

/// The stable code of an error reply (`{"type": "error", "code": …}`), for programs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Code {
    /// Not JSON, an unknown type or field, a binary message, a second hello, a move too long.
    BadMessage,
    /// A message over the protocol's size limit.
    TooLarge,
    /// The first message was not a hello, or none came in time.
    NoHello,
    /// The hello's token opens no seat of the game.
    BadToken,
    /// A spectator acted.
    NotSeated,
    /// A move on the opponent's turn.
    NotYourTurn,
    /// A move the rules refuse (the message is the engine's reason, citing the rule book's
    /// section; the reply's `rule` names it), or a move text that does not read.
    IllegalMove,
    /// A move numbered other than the next one.
    StaleMove,
    /// An action on a finished game.
    GameOver,
    /// A draw offer in a game that cannot be drawn.
    NoDraws,
    /// An answer to a draw offer nobody made.
    NoOffer,
    /// A rematch asked before the end.
    NotOver,
    /// The mover's flag fell first: the game is lost on time.
    Time,
    /// A message over the connection's rate, or a rematch over the address's creations a minute.
    RateLimited,
    /// The database failed: nothing was stored.
    Storage,
}

/// What an error reply tells a page with a move in flight (sent, not yet acknowledged).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum InFlight {
    /// The move was refused: sending it again cannot help.
    MoveNotPlayed,
    /// Nothing was stored: the same message may be sent again.
    SendAgain,
    /// The hello was refused and the connection closes: the link is wrong.
    HelloRefused,
    /// The reply answers another message; the move is still awaited.
    Unrelated,
}

impl Code {
    /// Every code, in the order `docs/server.md` lists them.
    pub const ALL: [Code; 15] = [
        Code::BadMessage,
        Code::TooLarge,
        Code::NoHello,
        Code::BadToken,
        Code::NotSeated,
        Code::NotYourTurn,
        Code::IllegalMove,
        Code::StaleMove,
        Code::GameOver,
        Code::NoDraws,
        Code::NoOffer,
        Code::NotOver,
        Code::Time,
        Code::RateLimited,
        Code::Storage,
    ];

    /// What this code means for a move in flight: the refusals a move can get are final
    /// (the referee's tests check that a move gets no other), storage and rate failures
    /// stored nothing, and a refused hello ends the connection.
    #[must_use]
    pub const fn in_flight(self) -> InFlight {
        match self {
            Code::NotSeated
            | Code::NotYourTurn
            | Code::IllegalMove
            | Code::StaleMove
            | Code::GameOver
            | Code::Time => InFlight::MoveNotPlayed,
            Code::Storage | Code::RateLimited => InFlight::SendAgain,
            Code::NoHello | Code::BadToken => InFlight::HelloRefused,
            Code::BadMessage | Code::TooLarge | Code::NoDraws | Code::NoOffer | Code::NotOver => {
                InFlight::Unrelated
            }
        }
    }
}

/// Why an action was refused (the game is unchanged).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct Refusal {
    /// Which refusal, for programs.
    pub code: Code,
    /// What was wrong, for people.
    pub message: String,
    /// The rule a refused move breaks, for a page to link its citation to the rule book;
    /// `None` for every other refusal. Boxed: refusals are the `Err` of every verdict, kept
    /// small.
    pub rule: Option<Box<RuleCited>>,
}

/// The rule a refused move breaks: the specification's id the engine names it by, and the
/// section of the game's rule book that states it, which the refusal's message cites
/// (`rule 1.1, How a tower moves`) and a page links to (`rules/<game>.html#<anchor>`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RuleCited {
    /// The rule as the implementers' specification numbers it (`§3.1`).
    pub id: &'static str,
    /// The rule book's section that states it; absent when the game maps the rule to none.
    #[serde(flatten, skip_serializing_if = "Option::is_none")]
    pub section: Option<SectionCited>,
}

/// A section of a game's rule book, as a refusal cites it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SectionCited {
    /// The section's number (`1.1`).
    pub number: String,
    /// Its heading's words (`How a tower moves`).
    pub title: String,
    /// The anchor of its heading in the rule book's page (`tower-moves`).
    pub anchor: String,
    /// The citation as the message writes it (`rule 1.1, How a tower moves`).
    pub citation: String,
}

/// A refusal with `code`, saying `message`.
pub(crate) fn refuse(code: Code, message: impl Into<String>) -> Refusal {
    Refusal {
        code,
        message: message.into(),
        rule: None,
    }
}

/// The refusal of a move the engine would not play: `illegal_move`, its message in a
/// player's words citing the rule book's section ([`DynGame::move_error_text`]:
/// ``illegal move `d1-d8`: d8 is occupied (rule 1.1, How a tower moves)``), and the rule
/// it breaks with that section. A text that does not read says what is wrong with it.
pub(crate) fn refuse_move(game: &dyn DynGame, error: &MoveError) -> Refusal {
    let rule = match error {
        MoveError::Illegal {
            illegal: Illegal::Breaks { rule, .. },
            ..
        } => Some(Box::new(RuleCited {
            id: rule,
            section: game.rule_citation(rule).map(|section| SectionCited {
                citation: section.citation(),
                number: section.number,
                title: section.title,
                anchor: section.anchor,
            }),
        })),
        _ => None,
    };
    Refusal {
        code: Code::IllegalMove,
        message: game.move_error_text(error),
        rule,
    }
}

impl Refusal {
    /// The error reply that carries it: `{"type": "error", "code", "message"}`, with `rule`
    /// ([`RuleCited`]) for a move that breaks one.
    #[must_use]
    pub fn reply(&self) -> String {
        let mut reply =
            serde_json::json!({ "type": "error", "code": self.code, "message": self.message });
        if let Some(rule) = &self.rule {
            reply["rule"] = serde_json::json!(rule);
        }
        reply.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tower_games::registry;

    /// A refused move cites the rule book a player can open, not the specification, and the
    /// reply names the rule and its section for programs.
    #[test]
    fn a_refused_move_cites_the_rule_book_section() {
        let game = registry::build("kamisado", &[]).unwrap();
        let mut state = game.initial_state();
        state.play("d1-d7").unwrap();
        // Black must move his green tower (d7 is green), on g8.
        let error = state.clone_box().play("a8-a7").unwrap_err();
        assert_eq!(
            error.to_string(),
            "illegal move `a8-a7`: the required tower is the green one on g8 (§4.2)"
        );
        let refusal = refuse_move(game.as_ref(), &error);
        assert_eq!(refusal.code, Code::IllegalMove);
        assert_eq!(
            refusal.message,
            "illegal move `a8-a7`: the required tower is the green one on g8 (rule 1.2, Which tower moves)"
        );
        let reply: serde_json::Value = serde_json::from_str(&refusal.reply()).unwrap();
        assert_eq!(
            reply,
            serde_json::json!({
                "type": "error",
                "code": "illegal_move",
                "message": refusal.message,
                "rule": {
                    "id": "§4.2",
                    "number": "1.2",
                    "title": "Which tower moves",
                    "anchor": "which-tower",
                    "citation": "rule 1.2, Which tower moves",
                },
            })
        );
        assert!(!refusal.message.contains('§'), "{}", refusal.message);
    }

    /// A move text that does not read is refused as the parser says, naming no rule; the
    /// other refusals carry no rule either.
    #[test]
    fn an_unreadable_move_and_other_refusals_name_no_rule() {
        let game = registry::build("kamisado", &[]).unwrap();
        let error = game.initial_state().play("z9-z10").unwrap_err();
        let refusal = refuse_move(game.as_ref(), &error);
        assert_eq!(refusal.code, Code::IllegalMove);
        assert_eq!(refusal.message, error.to_string());
        assert_eq!(refusal.rule, None);
        let reply: serde_json::Value = serde_json::from_str(&refusal.reply()).unwrap();
        assert!(reply.get("rule").is_none(), "{reply}");
        let other: serde_json::Value =
            serde_json::from_str(&refuse(Code::GameOver, "the game is over").reply()).unwrap();
        assert_eq!(
            other,
            serde_json::json!({
                "type": "error",
                "code": "game_over",
                "message": "the game is over",
            })
        );
    }
}
