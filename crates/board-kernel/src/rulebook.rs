//! Rule books: the rules of a game in prose, with examples the docs generator renders from
//! real engine positions.

/// Where an example starts and what is played from there.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Setup {
    /// Options as `KEY=VALUE` pairs over the defaults.
    pub options: &'static [(&'static str, &'static str)],
    /// A one-line position text, or `None` for the initial position.
    pub position: Option<&'static str>,
    /// Moves played from there, in the game's notation.
    pub moves: &'static [&'static str],
}

impl Setup {
    /// The initial position under default options.
    pub const INITIAL: Setup = Setup {
        options: &[],
        position: None,
        moves: &[],
    };

    /// A position text under default options.
    #[must_use]
    pub const fn position(text: &'static str) -> Setup {
        Setup {
            options: &[],
            position: Some(text),
            moves: &[],
        }
    }

    /// Moves played from the initial position under default options.
    #[must_use]
    pub const fn moves(moves: &'static [&'static str]) -> Setup {
        Setup {
            options: &[],
            position: None,
            moves,
        }
    }
}

/// One piece of a rule book.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Block {
    /// Markdown, copied as it is.
    Text(&'static str),
    /// The game's options table, rendered from [`GameOptions::info`](crate::GameOptions::info).
    Options,
    /// A position rendered by the engine: diagram, position line, side to move, status.
    Position {
        /// The heading of the example (a short sentence).
        caption: &'static str,
        /// Where it starts.
        setup: Setup,
    },
    /// A position and its legal moves, computed by the engine (sorted; at most `limit` shown,
    /// with the total count).
    LegalMoves {
        /// The heading of the example.
        caption: &'static str,
        /// Where it starts.
        setup: Setup,
        /// How many moves to list at most.
        limit: usize,
    },
    /// A sequence of moves played from a setup, each checked by the engine, followed by the
    /// resulting position.
    Line {
        /// The heading of the example.
        caption: &'static str,
        /// Where it starts; its moves are the line.
        setup: Setup,
    },
}

/// A game's rule book: an ordered list of blocks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RuleBook {
    /// The blocks, in reading order.
    pub blocks: Vec<Block>,
}

impl RuleBook {
    /// A rule book from its blocks.
    #[must_use]
    pub fn new(blocks: Vec<Block>) -> RuleBook {
        RuleBook { blocks }
    }

    /// Every setup of the rule book (for tests that replay them all).
    pub fn setups(&self) -> impl Iterator<Item = (&'static str, Setup)> + '_ {
        self.blocks.iter().filter_map(|b| match *b {
            Block::Position { caption, setup }
            | Block::LegalMoves { caption, setup, .. }
            | Block::Line { caption, setup } => Some((caption, setup)),
            Block::Text(_) | Block::Options => None,
        })
    }
}
