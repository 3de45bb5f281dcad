//! The pieces (§2.3, §2.4): dragon towers with an owner, a colour and a Sumo rank.

use std::fmt;

use board_kernel::Side;

use crate::Colour;

/// The highest Sumo rank: a Triple Sumo.
pub const MAX_RANK: u8 = 3;

/// One dragon tower.
///
/// The rank (0 normal, 1 Sumo, 2 Double Sumo, 3 Triple Sumo) only changes when a round of a
/// match ends (§5.5), and limits how far the tower moves and what it may push.
///
/// ```
/// use board_kernel::Side;
/// use kamisado::{Colour, Tower};
/// let sumo = Tower::new(Side::Black, Colour::Green, 1);
/// assert_eq!(sumo.to_string(), "gr1");
/// assert_eq!(sumo.max_distance(), 5);
/// assert_eq!(Tower::new(Side::White, Colour::Brown, 0).to_string(), "BR");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Tower {
    /// The player it belongs to.
    pub owner: Side,
    /// Its colour, which never changes.
    pub colour: Colour,
    /// Its Sumo rank, 0 to [`MAX_RANK`].
    pub rank: u8,
}

impl Tower {
    /// A tower; ranks above [`MAX_RANK`] are clamped to it.
    #[must_use]
    pub const fn new(owner: Side, colour: Colour, rank: u8) -> Tower {
        Tower {
            owner,
            colour,
            rank: if rank > MAX_RANK { MAX_RANK } else { rank },
        }
    }

    /// How many squares a normal move may cover (§2.4): 7, 5, 3 or 1 by rank.
    #[must_use]
    pub const fn max_distance(self) -> u8 {
        match self.rank {
            0 => 7,
            1 => 5,
            2 => 3,
            _ => 1,
        }
    }

    /// The longest column of towers a push may move: the rank itself (0: no push).
    #[must_use]
    pub const fn push_capacity(self) -> u8 {
        self.rank
    }

    /// The diagram token: colour code in upper case for White, lower case for Black, then the
    /// rank digit when non-zero (`GR1`, `bl2`).
    fn letters(self) -> [u8; 2] {
        let code = self.colour.code().as_bytes();
        match self.owner {
            Side::White => [code[0].to_ascii_uppercase(), code[1].to_ascii_uppercase()],
            Side::Black => [code[0].to_ascii_lowercase(), code[1].to_ascii_lowercase()],
        }
    }

    /// Reads a tower token (`BR`, `gr1`); `None` when it is not one. Mixed case (`Br`) is
    /// rejected: the case is what tells the owner.
    #[must_use]
    pub fn from_token(token: &str) -> Option<Tower> {
        let bytes = token.as_bytes();
        if !(2..=3).contains(&bytes.len()) || !token.is_ascii() {
            return None;
        }
        let owner = if bytes[..2].iter().all(u8::is_ascii_uppercase) {
            Side::White
        } else if bytes[..2].iter().all(u8::is_ascii_lowercase) {
            Side::Black
        } else {
            return None;
        };
        let colour = Colour::from_code(&token[..2])?;
        let rank = match bytes.get(2) {
            None => 0,
            Some(d @ b'1'..=b'3') => d - b'0',
            Some(_) => return None,
        };
        Some(Tower {
            owner,
            colour,
            rank,
        })
    }
}

impl fmt::Display for Tower {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [a, b] = self.letters();
        write!(f, "{}{}", a as char, b as char)?;
        if self.rank > 0 {
            write!(f, "{}", self.rank)?;
        }
        Ok(())
    }
}

/// Points a tower of this rank is worth under ring values (§5.5): 0, 1, 3, 7.
#[must_use]
pub const fn ring_worth(rank: u8) -> u32 {
    match rank {
        0 => 0,
        1 => 1,
        2 => 3,
        _ => 7,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_round_trip() {
        for owner in Side::ALL {
            for colour in Colour::ALL {
                for rank in 0..=MAX_RANK {
                    let t = Tower::new(owner, colour, rank);
                    assert_eq!(Tower::from_token(&t.to_string()), Some(t));
                }
            }
        }
        for bad in ["Br", "bR", "BR0", "BR4", "XX", "B", "BRR", "br12", "ÄB"] {
            assert_eq!(Tower::from_token(bad), None, "{bad}");
        }
    }

    #[test]
    fn distance_limits_follow_the_rank_table() {
        let d: Vec<u8> = (0..=3)
            .map(|r| Tower::new(Side::White, Colour::Red, r).max_distance())
            .collect();
        assert_eq!(d, [7, 5, 3, 1]);
        assert_eq!(Tower::new(Side::White, Colour::Red, 9).rank, 3);
    }
}
