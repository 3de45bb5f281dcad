//! Move notation (rule book section 7): a whole turn as space-separated tokens.
//!
//! ```text
//! turn      := [placement " "] body
//! placement := "=" cell
//! body      := penalty | segment {" " segment} [" " penalty]
//! segment   := cell "-" target ["=" cell]
//! penalty   := "!" ["=" cell]
//! ```
//!
//! A turn may also be written as one word, its tokens joined by commas instead of spaces
//! (`c1-d2,d2-d4,d3-f3`), for line protocols where a move is one token (the `towers ugi`
//! engine writes its moves so); it reads as the spaced form, which stays the canonical text.
//!
//! The notation can be read without the position: a segment of distance 1 is the free step,
//! one of distance 2 in a straight line a tower segment, and a segment scores exactly when it
//! lands on rank 0 or 9. Whether the turn is legal is then the rules' business
//! ([`Rules::check_move`](board_kernel::Rules::check_move) says why not).

use std::fmt;
use std::hash::{Hash, Hasher};
use std::str::FromStr;

use board_kernel::{ParseError, TextKind};

use crate::board::Spot;
use crate::options::MAX_SEGMENTS_LIMIT;

/// One segment of a turn: the free step `S-Q` or the tower segment `P-B`, with the
/// re-placement cell `=Z` when it scores.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Segment {
    /// Where the stone or tower starts.
    pub from: Spot,
    /// Where the (top) stone lands: a board cell, or a scoring position.
    pub to: Spot,
    /// Where the scored stone is put back (scoring segments only).
    pub replace: Option<Spot>,
}

impl Segment {
    const NONE: Segment = Segment {
        from: Spot::MIN,
        to: Spot::MIN,
        replace: None,
    };

    /// Whether this is the free step (distance 1); otherwise it is a tower segment.
    #[must_use]
    pub fn is_free_step(&self) -> bool {
        distance(self.from, self.to) == 1
    }

    /// Whether the stone lands behind an end and scores.
    #[must_use]
    pub const fn scores(&self) -> bool {
        !self.to.is_board()
    }
}

impl fmt::Display for Segment {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.from, self.to)?;
        if let Some(z) = self.replace {
            write!(f, "={z}")?;
        }
        Ok(())
    }
}

fn distance(a: Spot, b: Spot) -> u8 {
    a.file().abs_diff(b.file()).max(a.rank().abs_diff(b.rank()))
}

/// A whole turn: the placement of a pending stone, the segments in order, and the penalty.
///
/// A `Copy` value of fixed size (no heap), compared and hashed by its tokens; its text is the
/// rule book's notation, and serde writes that text.
///
/// ```
/// use sackson_chain_reaction::Move;
/// let mv: Move = "c1-d2 d2-d4 d3-d1 d1-d3 !=c1".parse()?;
/// assert_eq!(mv.segments().len(), 4);
/// assert!(mv.segments()[0].is_free_step());
/// assert_eq!(mv.penalty().map(|p| p.replace.map(|z| z.to_string())), Some(Some("c1".into())));
/// assert_eq!(mv.to_string(), "c1-d2 d2-d4 d3-d1 d1-d3 !=c1");
/// assert!("c1-d3 d2-d4".parse::<Move>().is_err()); // c1-d3 is neither a step nor a line of 2
/// # Ok::<(), sackson_chain_reaction::ParseError>(())
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Move {
    placement: Option<Spot>,
    segments: [Segment; MAX_SEGMENTS_LIMIT as usize],
    len: u8,
    penalty: Option<Penalty>,
}

/// The penalty `!` of a turn whose required tower segment is impossible, with `=Z` when the
/// mover re-places his own bottom stone.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Penalty {
    /// Where the mover puts his bottom stone back; `None` when it is the opponent's.
    pub replace: Option<Spot>,
}

impl Move {
    /// The turn with no tokens yet (not a valid turn by itself).
    pub(crate) const EMPTY: Move = Move {
        placement: None,
        segments: [Segment::NONE; MAX_SEGMENTS_LIMIT as usize],
        len: 0,
        penalty: None,
    };

    /// A turn made of `segments`, with an optional placement first and penalty last; `None`
    /// when there are more segments than a turn can hold or no token at all.
    #[must_use]
    pub fn new(
        placement: Option<Spot>,
        segments: &[Segment],
        penalty: Option<Penalty>,
    ) -> Option<Move> {
        if segments.len() > MAX_SEGMENTS_LIMIT as usize
            || (segments.is_empty() && penalty.is_none())
        {
            return None;
        }
        let mut mv = Move::EMPTY;
        mv.placement = placement;
        mv.segments[..segments.len()].copy_from_slice(segments);
        mv.len = segments.len() as u8;
        mv.penalty = penalty;
        Some(mv)
    }

    /// The pending stone's placement `=Z` at the start of the turn.
    #[must_use]
    pub const fn placement(&self) -> Option<Spot> {
        self.placement
    }

    /// The segments, in order.
    #[inline]
    #[must_use]
    pub fn segments(&self) -> &[Segment] {
        &self.segments[..usize::from(self.len).min(self.segments.len())]
    }

    /// The penalty at the end of the turn.
    #[must_use]
    pub const fn penalty(&self) -> Option<Penalty> {
        self.penalty
    }

    #[inline]
    pub(crate) fn with_placement(mut self, spot: Spot) -> Move {
        self.placement = Some(spot);
        self
    }

    /// Appends a segment (the generator never exceeds the capacity; a full turn is left as
    /// it is).
    #[inline]
    pub(crate) fn with_segment(mut self, segment: Segment) -> Move {
        if let Some(slot) = self.segments.get_mut(usize::from(self.len)) {
            *slot = segment;
            self.len += 1;
        }
        self
    }

    /// Appends a segment in place (a full turn is left as it is).
    #[inline]
    pub(crate) fn push_segment(&mut self, segment: Segment) {
        if let Some(slot) = self.segments.get_mut(usize::from(self.len)) {
            *slot = segment;
            self.len += 1;
        }
    }

    /// Removes the last segment in place.
    #[inline]
    pub(crate) fn pop_segment(&mut self) {
        if self.len > 0 {
            self.len -= 1;
            if let Some(slot) = self.segments.get_mut(usize::from(self.len)) {
                *slot = Segment::NONE;
            }
        }
    }

    #[inline]
    pub(crate) fn with_penalty(mut self, replace: Option<Spot>) -> Move {
        self.penalty = Some(Penalty { replace });
        self
    }
}

impl PartialEq for Move {
    fn eq(&self, other: &Move) -> bool {
        self.placement == other.placement
            && self.segments() == other.segments()
            && self.penalty == other.penalty
    }
}

impl Eq for Move {}

impl Hash for Move {
    /// One `write_u64` of a fingerprint of the tokens: hashing the thousands of turns of a
    /// position (the conformance suite's distinctness checks) stays cheap. Equal moves have
    /// equal fingerprints; the rare collision of different moves only costs a comparison.
    fn hash<H: Hasher>(&self, state: &mut H) {
        const K: u64 = 0x9E37_79B9_7F4A_7C15;
        let code = |s: Option<Spot>| s.map_or(0x7F, |s| u64::from(s.index()));
        let mut h = code(self.placement);
        for seg in self.segments() {
            let packed = u64::from(seg.from.index())
                | u64::from(seg.to.index()) << 7
                | code(seg.replace) << 14;
            h = (h ^ packed).wrapping_mul(K).rotate_left(29);
        }
        let tail = self.penalty.map_or(0xFF, |p| code(p.replace));
        h = (h ^ tail << 21).wrapping_mul(K);
        state.write_u64(h);
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut sep = "";
        if let Some(z) = self.placement {
            write!(f, "={z}")?;
            sep = " ";
        }
        for s in self.segments() {
            write!(f, "{sep}{s}")?;
            sep = " ";
        }
        if let Some(p) = self.penalty {
            write!(f, "{sep}!")?;
            if let Some(z) = p.replace {
                write!(f, "={z}")?;
            }
        }
        Ok(())
    }
}

/// Reads `=cell` (the whole of `text`), a board cell.
fn replacement(text: &str, what: &str) -> Result<Spot, String> {
    let Some(rest) = text.strip_prefix('=') else {
        return Err(format!("expected `=` and a cell after {what}"));
    };
    let spot: Spot = rest.parse()?;
    if !spot.is_board() {
        return Err(format!(
            "a stone is put back on a board cell (ranks 1–8), not on {spot}"
        ));
    }
    Ok(spot)
}

fn parse_segment(token: &str) -> Result<Segment, String> {
    let (from, rest) = Spot::parse_prefix(token)?;
    if !from.is_board() {
        return Err(format!(
            "a segment starts on a board cell (ranks 1–8), not on {from}"
        ));
    }
    let Some(rest) = rest.strip_prefix('-') else {
        return Err(format!(
            "expected `-` after {from} (a segment is written FROM-TO)"
        ));
    };
    let (to, rest) = Spot::parse_prefix(rest)?;
    let dist = distance(from, to);
    let straight = from.file() == to.file()
        || from.rank() == to.rank()
        || from.file().abs_diff(to.file()) == from.rank().abs_diff(to.rank());
    match dist {
        1 if !to.is_board() && !to.is_goal() => {
            return Err(format!(
                "a free step goes to a neighbouring board cell (or, with single_step_into_goal, the goal cell), not to {to}"
            ));
        }
        1 => {}
        2 if straight => {}
        _ => {
            return Err(format!(
                "{from}-{to} is neither a free step (to a neighbour) nor a tower segment (two cells in a straight line)"
            ));
        }
    }
    let replace = if rest.is_empty() {
        None
    } else {
        Some(replacement(rest, &format!("{from}-{to}"))?)
    };
    match (to.is_board(), replace) {
        (false, None) => Err(format!(
            "{from}-{to} scores: write where the stone is put back, e.g. `{from}-{to}=c1`"
        )),
        (true, Some(_)) => Err(format!(
            "{from}-{to} does not score, so it takes no re-placement `=cell`"
        )),
        _ => Ok(Segment { from, to, replace }),
    }
}

impl FromStr for Move {
    type Err = ParseError;

    /// Reads a whole turn in the notation of section 7 (tokens separated by single spaces).
    fn from_str(text: &str) -> Result<Move, ParseError> {
        parse_move(text)
    }
}

/// Reads a whole turn in the notation of section 7: tokens separated by single spaces, or by
/// single commas (the one-word form). The result is not necessarily legal.
pub(crate) fn parse_move(text: &str) -> Result<Move, ParseError> {
    ParseError::check_length(TextKind::Move, text)?;
    tokens_to_move(text).map_err(|reason| ParseError::bad_move(text, reason))
}

/// The separator of a turn's tokens: single spaces (the rule book's notation) or single
/// commas (the one-word form), never both.
fn separator(text: &str) -> Result<char, String> {
    match (text.contains(' '), text.contains(',')) {
        (true, true) => Err("tokens are separated by spaces or by commas, not both".to_owned()),
        (false, true) => Ok(','),
        _ => Ok(' '),
    }
}

/// Reads a whole turn; the error says what is wrong.
fn tokens_to_move(text: &str) -> Result<Move, String> {
    if text.is_empty() {
        return Err("empty move".to_owned());
    }
    if let Some(c) = text
        .chars()
        .find(|c| !matches!(c, 'a'..='g' | '0'..='9' | '-' | '=' | '!' | ' ' | ','))
    {
        return Err(format!(
            "`{c}` is not allowed: tokens use lower-case files a–g, digits, `-`, `=` and `!`"
        ));
    }
    let sep = separator(text)?;
    let tokens: Vec<&str> = text.split(sep).collect();
    if tokens.iter().any(|t| t.is_empty()) {
        let name = if sep == ' ' { "spaces" } else { "commas" };
        return Err(format!("tokens are separated by single {name}"));
    }
    let mut mv = Move::EMPTY;
    let mut body = &tokens[..];
    if let Some(first) = body.first()
        && first.starts_with('=')
    {
        mv.placement = Some(replacement(first, "the placement")?);
        body = &body[1..];
    }
    if let Some(last) = body.last()
        && let Some(rest) = last.strip_prefix('!')
    {
        let replace = if rest.is_empty() {
            None
        } else {
            Some(replacement(rest, "`!`")?)
        };
        mv.penalty = Some(Penalty { replace });
        body = &body[..body.len() - 1];
    }
    if body.is_empty() && mv.penalty.is_none() {
        return Err("a turn needs at least one segment or the penalty `!`".to_owned());
    }
    if body.len() > MAX_SEGMENTS_LIMIT as usize {
        return Err(format!("a turn has at most {MAX_SEGMENTS_LIMIT} segments"));
    }
    for (i, token) in body.iter().enumerate() {
        if token.starts_with('=') {
            return Err(format!(
                "`{token}`: a placement `=cell` comes only first, before every segment"
            ));
        }
        if token.starts_with('!') {
            return Err(format!("`{token}`: the penalty `!` comes only last"));
        }
        let seg = parse_segment(token).map_err(|e| format!("`{token}`: {e}"))?;
        if i > 0 && seg.is_free_step() {
            return Err(format!(
                "`{token}`: only the first segment of a turn can be a free step; later ones move the tower two cells"
            ));
        }
        mv = mv.with_segment(seg);
    }
    Ok(mv)
}

// Moves and cells appear in JSON and game records as their notation.
board_kernel::serde_via_text!(Move);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_token_kind_round_trips() {
        for text in [
            "d3-d4",
            "c1-d2 d2-d4 d3-f3 e3-e5",
            "c1-d2 d2-d4 d3-d1 d1-d3 !=c1",
            "d7-d9=d1",
            "!",
            "!=e1",
            "=d8 d8-d7",
            "d8-d9=c1",
            "=d8 c8-c7",
        ] {
            let mv: Move = text.parse().unwrap();
            assert_eq!(mv.to_string(), text);
        }
    }

    #[test]
    fn malformed_turns_are_rejected() {
        for bad in [
            "",
            " d3-d4",
            "d3-d4 ",
            "d3-d4  d4-d6",
            "D3-D4",
            "d3d4",
            "d3-d5=c1",
            "d7-d9",
            "d3-d6",
            "d3-e5",
            "d3-d3",
            "d8-c9=c1",
            "d3-d4 d4-d5",
            "=d8",
            "! d3-d4",
            "d3-d4 =d8",
            "=d9 d3-d4",
            "d0-d2",
            "h1-h2",
            "!=",
            "!=d0",
            "d1-d2 d2-d4 d4-d6 d6-d8 d8-b8 b8-b6 b6-b4 b4-b2 b2-d2 d2-f2 f2-f4",
        ] {
            assert!(bad.parse::<Move>().is_err(), "{bad:?} parsed");
        }
    }

    #[test]
    fn the_one_word_form_reads_as_the_spaced_one() {
        for text in [
            "c1-d2 d2-d4 d3-f3 e3-e5",
            "c1-d2 d2-d4 d3-d1 d1-d3 !=c1",
            "=d8 d8-d7",
            "d3-d4",
        ] {
            let word = text.replace(' ', ",");
            let mv: Move = word.parse().unwrap();
            assert_eq!(mv, text.parse::<Move>().unwrap(), "{word}");
            assert_eq!(mv.to_string(), text);
        }
        for bad in [
            "c1-d2,d2-d4 d3-f3",
            "c1-d2,,d2-d4",
            ",d3-d4",
            "d3-d4,",
            "c1-d2,d2-d5",
            ",",
        ] {
            assert!(bad.parse::<Move>().is_err(), "{bad:?} parsed");
        }
    }

    #[test]
    fn equality_ignores_unused_slots() {
        let a: Move = "d3-d4".parse().unwrap();
        let mut b = Move::EMPTY.with_segment(a.segments()[0]);
        assert_eq!(a, b);
        b.segments[3].from = Spot::MAX;
        assert_eq!(a, b);
    }
}
