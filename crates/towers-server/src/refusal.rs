//! Why the server refuses a message: one code per reason, the same in every error reply, and
//! what each code means to a page that has sent a move and awaits its acknowledgement.
//!
//! The meanings are the server's to say, not the page's to guess: `GET /api/limits` sends
//! every code with its [`InFlight`] meaning, and the page acts on that.

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
    /// A move the rules refuse (the message is the engine's reason).
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
}

/// A refusal with `code`, saying `message`.
pub(crate) fn refuse(code: Code, message: impl Into<String>) -> Refusal {
    Refusal {
        code,
        message: message.into(),
    }
}

impl Refusal {
    /// The error reply that carries it.
    #[must_use]
    pub fn reply(&self) -> String {
        serde_json::json!({ "type": "error", "code": self.code, "message": self.message })
            .to_string()
    }
}
