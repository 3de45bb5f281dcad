//! Pieces and stacks (rule book section 3): single stones and the one tower of two stones,
//! owned by the colour on top.

use board_kernel::Side;
use serde::{Deserialize, Serialize};

use crate::board::Spot;

/// The tower: two stones on one cell. There is never more than one on the board, so a tower is
/// always exactly two stones high.
///
/// ```
/// use sackson_chain_reaction::{Spot, Tower};
/// use board_kernel::Side;
/// let t = Tower { cell: "d3".parse()?, bottom: Side::Black, top: Side::White };
/// assert_eq!(t.owner(), Side::White);
/// assert_eq!(t.token(), "bw");
/// # Ok::<(), String>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Tower {
    /// The cell it stands on.
    pub cell: Spot,
    /// The lower stone: it lands on the first cell when the tower moves.
    pub bottom: Side,
    /// The upper stone: it lands on the second cell, or scores.
    pub top: Side,
}

impl Tower {
    /// The player who moves it: the colour on top.
    #[must_use]
    pub const fn owner(self) -> Side {
        self.top
    }

    /// The diagram token, bottom first (`bw` = black under white, a White tower).
    #[must_use]
    pub fn token(self) -> String {
        [self.bottom.letter(), self.top.letter()].iter().collect()
    }
}

/// What a cell holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Content {
    /// No stone.
    Empty,
    /// One stone of that colour.
    Stone(Side),
    /// The tower.
    Tower(Tower),
}

impl Content {
    /// Whether the cell holds at least one stone.
    #[must_use]
    pub const fn is_occupied(self) -> bool {
        !matches!(self, Content::Empty)
    }
}
