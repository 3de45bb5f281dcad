//! Position text (§4.1a) and the diagram (§2.3): printing, parsing and checking positions.

use std::fmt::{self, Write as _};

use board_kernel::text::{BoardField, Empties, Frame};
use board_kernel::{ParseError, Side, Square, TextKind};

use crate::board::{board_colour, cell, home_rank};
use crate::end::rank_points;
use crate::options::Scoring;
use crate::state::decode;
use crate::{Colour, Options, Phase, Reason, RoundResult, State, Tower};

/// The board field: ranks 8 to 1, a `.` per empty square.
const FIELD: BoardField = BoardField {
    files: 8,
    ranks: 8,
    empties: Empties::Dots,
};

fn side_letter(side: Side) -> char {
    match side {
        Side::White => 'W',
        Side::Black => 'B',
    }
}

impl fmt::Display for State {
    /// The one-line position text of §4.1a.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let board = FIELD.write(|sq, out| match self.tower_at(sq) {
            Some(t) => {
                let _ = write!(out, "{t}");
                true
            }
            None => false,
        });
        f.write_str(&board)?;
        write!(f, " {} ", side_letter(self.to_move))?;
        match self.required {
            Some(c) => write!(f, "{c}")?,
            None => f.write_char('-')?,
        }
        write!(f, " {} ", self.passes)?;
        match self.last {
            Some((s, q)) => write!(f, "{} {q}", side_letter(s))?,
            None => f.write_str("- -")?,
        }
        write!(
            f,
            " {} {} {}:{} {} ",
            self.ply,
            self.round,
            self.scores[0],
            self.scores[1],
            self.phase.word()
        )?;
        match self.result {
            Some(r) => write!(
                f,
                "{}/{}/{}",
                side_letter(r.winner),
                r.reason.keyword(),
                r.colour
            ),
            None => f.write_char('-'),
        }
    }
}

/// The multi-line diagram of §2.3: ranks 8 to 1, one column of four characters per file
/// with a tower's second letter (or the dot) under the file letter (a Sumo's rank digit
/// spills into the next column's margin), files underneath.
pub(crate) fn diagram(state: &State) -> String {
    const FRAME: Frame = Frame {
        files: 8,
        ranks: 8,
        label_width: 1,
        first_column: 4,
        pitch: 4,
    };
    FRAME.draw(|sq, out| match state.tower_at(sq) {
        Some(t) => {
            let _ = write!(out, "{t}");
            1
        }
        None => {
            out.push('.');
            0
        }
    })
}

/// The diagram with every square painted in its board colour (ANSI 256-colour backgrounds),
/// the tower tokens in bold on top: upper case White, lower case Black, the Sumo rank digit
/// after the code, as in the plain diagram.
pub(crate) fn coloured_diagram(state: &State) -> String {
    let mut out = String::new();
    for rank in (0..8u8).rev() {
        let _ = write!(out, "{} ", rank + 1);
        for file in 0..8u8 {
            let sq = Square::at(file, rank);
            let (background, foreground) = ansi_colours(board_colour(sq));
            let token = state
                .tower_at(sq)
                .map_or_else(|| ".".to_owned(), |t| t.to_string());
            let _ = write!(
                out,
                "\x1b[1;48;5;{background};38;5;{foreground}m {token:<3}\x1b[0m"
            );
        }
        out.push('\n');
    }
    out.push_str("   a   b   c   d   e   f   g   h");
    out
}

/// The ANSI 256-colour codes of a square colour: its background and a readable foreground
/// (black on the light colours, white on the dark ones).
const fn ansi_colours(colour: Colour) -> (u8, u8) {
    use Colour::{Blue, Brown, Green, Orange, Pink, Purple, Red, Yellow};
    const BLACK: u8 = 16;
    const WHITE: u8 = 231;
    match colour {
        Orange => (208, BLACK),
        Blue => (25, WHITE),
        Purple => (91, WHITE),
        Pink => (212, BLACK),
        Yellow => (220, BLACK),
        Red => (160, WHITE),
        Green => (28, WHITE),
        Brown => (94, WHITE),
    }
}

fn side_of(text: &str) -> Option<Side> {
    match text {
        "W" => Some(Side::White),
        "B" => Some(Side::Black),
        _ => None,
    }
}

const FIELDS: [&str; 11] = [
    "board", "to_move", "required", "passes", "last", "land", "ply", "round", "score", "phase",
    "result",
];

fn field_at(i: usize) -> String {
    format!("field {} ({})", i + 1, FIELDS[i])
}

/// Reads the board field: ranks 8..1 separated by `/`, 8 cells each.
fn parse_board(text: &str, field: &str) -> Result<Vec<(Square, Tower)>, ParseError> {
    let bad = |reason: String, at: String| ParseError::bad_position(text, reason).at(at);
    let ranks: Vec<&str> = field.split('/').collect();
    if ranks.len() != 8 {
        return Err(bad(
            format!(
                "the board has 8 ranks separated by `/`, not {}",
                ranks.len()
            ),
            field_at(0),
        ));
    }
    let mut towers = Vec::with_capacity(16);
    for (i, row) in ranks.iter().enumerate() {
        let rank = 7 - i as u8;
        let bytes = row.as_bytes();
        let mut p = 0;
        let mut file = 0u8;
        while p < bytes.len() {
            let at = || format!("rank {}, file {}", rank + 1, (b'a' + file.min(25)) as char);
            if file >= 8 {
                return Err(bad(
                    format!("rank {} has more than 8 cells", rank + 1),
                    format!("rank {}", rank + 1),
                ));
            }
            if bytes[p] == b'.' {
                p += 1;
            } else {
                let end = if bytes.get(p + 2).is_some_and(u8::is_ascii_digit) {
                    p + 3
                } else {
                    p + 2
                };
                let token = row.get(p..end.min(bytes.len())).ok_or_else(|| {
                    bad(
                        "a cell is `.` or a tower code like `BR`, `gr1`".into(),
                        at(),
                    )
                })?;
                let t = Tower::from_token(token).ok_or_else(|| {
                    let reason = if token.len() == 3 && !(b'1'..=b'3').contains(&bytes[p + 2]) {
                        format!("`{token}`: a tower's rank is 1, 2 or 3 (0 is written without a digit)")
                    } else {
                        format!(
                            "`{token}` is not a tower: a colour code (Or Bl Pu Pi Ye Re Gr Br) in upper case for White or lower case for Black, then an optional rank 1-3"
                        )
                    };
                    bad(reason, at())
                })?;
                towers.push((Square::at(file, rank), t));
                p = end;
            }
            file += 1;
        }
        if file != 8 {
            return Err(bad(
                format!("rank {} has {file} cells, not 8", rank + 1),
                format!("rank {}", rank + 1),
            ));
        }
    }
    for side in Side::ALL {
        let mine: Vec<&(Square, Tower)> = towers.iter().filter(|(_, t)| t.owner == side).collect();
        let name = if side == Side::White {
            "White"
        } else {
            "Black"
        };
        if mine.len() != 8 {
            return Err(bad(
                format!("{name} has {} towers, not 8", mine.len()),
                field_at(0),
            ));
        }
        for colour in Colour::ALL {
            if !mine.iter().any(|(_, t)| t.colour == colour) {
                return Err(bad(
                    format!("{name} has no {colour} tower (each side has one of each colour)"),
                    field_at(0),
                ));
            }
        }
    }
    Ok(towers)
}

/// Parses a position text and checks everything that does not depend on the options.
pub(crate) fn parse_structure(text: &str) -> Result<State, ParseError> {
    ParseError::check_length(TextKind::Position, text)?;
    let bad = |reason: String, i: usize| ParseError::bad_position(text, reason).at(field_at(i));
    let fields: Vec<&str> = text.split_ascii_whitespace().collect();
    if fields.len() != 11 {
        return Err(ParseError::bad_position(
            text,
            format!(
                "a position has 11 space-separated fields (board to_move required passes last land ply round score phase result), not {}",
                fields.len()
            ),
        ));
    }
    let towers = parse_board(text, fields[0])?;
    let to_move =
        side_of(fields[1]).ok_or_else(|| bad("the side to move is `W` or `B`".into(), 1))?;
    let required = match fields[2] {
        "-" => None,
        code if code.len() == 2 && code.as_bytes()[0].is_ascii_uppercase() => Some(
            Colour::from_code(code)
                .ok_or_else(|| bad(format!("`{code}` is not a colour code (Or … Br) or `-`"), 2))?,
        ),
        code => {
            return Err(bad(
                format!("`{code}` is not a colour code (Or … Br) or `-`"),
                2,
            ));
        }
    };
    let passes = match fields[3] {
        "0" => 0,
        "1" => 1,
        "2" => 2,
        p => {
            return Err(bad(
                format!("consecutive passes are 0, 1 or 2, not `{p}`"),
                3,
            ));
        }
    };
    let last_side = match fields[4] {
        "-" => None,
        s => Some(
            side_of(s).ok_or_else(|| bad("the last actual mover is `W`, `B` or `-`".into(), 4))?,
        ),
    };
    let land = match fields[5] {
        "-" => None,
        s => {
            let sq: Square = s
                .parse()
                .map_err(|_| bad(format!("`{s}` is not a square a1…h8 or `-`"), 5))?;
            if !crate::board::on_board(sq) {
                return Err(bad(format!("{sq} is off the board"), 5));
            }
            Some(sq)
        }
    };
    let number = |i: usize, what: &str| -> Result<u32, ParseError> {
        let s = fields[i];
        if s.is_empty()
            || !s.bytes().all(|b| b.is_ascii_digit())
            || (s.len() > 1 && s.starts_with('0'))
        {
            return Err(bad(
                format!("{what} is a whole number without sign or leading zeros, not `{s}`"),
                i,
            ));
        }
        s.parse()
            .map_err(|_| bad(format!("{what} `{s}` is too large"), i))
    };
    let ply = number(6, "the ply count")?;
    let round = number(7, "the round number")?;
    if round == 0 {
        return Err(bad("rounds are numbered from 1".into(), 7));
    }
    let (w, b) = fields[8]
        .split_once(':')
        .ok_or_else(|| bad("the score is `<White>:<Black>`, e.g. `0:0`".into(), 8))?;
    let score_part = |s: &str| -> Result<u32, ParseError> {
        if s.is_empty()
            || !s.bytes().all(|b| b.is_ascii_digit())
            || (s.len() > 1 && s.starts_with('0'))
        {
            return Err(bad(format!("`{s}` is not a score (a whole number)"), 8));
        }
        s.parse()
            .map_err(|_| bad(format!("score `{s}` is too large"), 8))
    };
    let scores = [score_part(w)?, score_part(b)?];
    let phase = match fields[9] {
        "play" => Phase::Play,
        "refill" => Phase::Refill,
        "over" => Phase::Over,
        p => {
            return Err(bad(
                format!("the phase is `play`, `refill` or `over`, not `{p}`"),
                9,
            ));
        }
    };
    let result = match fields[10] {
        "-" => None,
        r => {
            let parts: Vec<&str> = r.split('/').collect();
            let fmt_err = || {
                bad(
                    format!("`{r}` is not `-` or `<winner>/<reason>/<colour>` (e.g. `W/home/Ye`)"),
                    10,
                )
            };
            if parts.len() != 3 {
                return Err(fmt_err());
            }
            let winner = side_of(parts[0]).ok_or_else(fmt_err)?;
            let reason = Reason::from_keyword(parts[1]).ok_or_else(|| {
                bad(
                    format!(
                        "`{}` is not a reason (home, deadlock, repetition, backstop)",
                        parts[1]
                    ),
                    10,
                )
            })?;
            let colour = (parts[2].len() == 2 && parts[2].as_bytes()[0].is_ascii_uppercase())
                .then(|| Colour::from_code(parts[2]))
                .flatten()
                .ok_or_else(|| bad(format!("`{}` is not a colour code (Or … Br)", parts[2]), 10))?;
            Some(RoundResult {
                winner,
                reason,
                colour,
            })
        }
    };

    let mut state = State::with_towers(&towers, to_move);
    state.required = required;
    state.passes = passes;
    state.ply = ply;
    state.round = round;
    state.scores = scores;
    state.phase = phase;
    state.result = result;
    state.last = match (last_side, land) {
        (Some(s), Some(q)) => Some((s, q)),
        (None, None) => None,
        _ => {
            return Err(bad(
                "the last actual mover and its landing square are both given or both `-`".into(),
                if last_side.is_none() { 4 } else { 5 },
            ));
        }
    };
    // A position read from text starts a new repetition history (§4.1a).
    state.restart_history();
    check_consistency(text, &state)?;
    Ok(state)
}

/// The checks of a parsed state that do not depend on the options.
fn check_consistency(text: &str, s: &State) -> Result<(), ParseError> {
    let bad = |reason: &str, i: usize| ParseError::bad_position(text, reason).at(field_at(i));
    match s.phase {
        Phase::Play => {
            if s.result.is_some() {
                return Err(bad("a round in play has no result: write `-`", 10));
            }
            // The counters (ply, round) are bookkeeping: a hand-made position may leave
            // them at 0 or 1 while naming a required colour; only what changes the rules
            // below is checked.
            if s.passes > 1 {
                return Err(bad("two consecutive passes end the round (deadlock)", 3));
            }
        }
        Phase::Refill | Phase::Over => {
            let Some(r) = s.result else {
                return Err(bad(
                    "a finished round has a result `<winner>/<reason>/<colour>`",
                    10,
                ));
            };
            if s.required.is_some() {
                return Err(bad("no colour is required once a round has ended", 2));
            }
            if s.last.is_none() {
                return Err(bad(
                    "a round ends after an actual move: give the last mover and its landing square",
                    4,
                ));
            }
            if (r.reason == Reason::Deadlock) != (s.passes == 2) {
                return Err(bad("a deadlock is exactly two consecutive passes", 3));
            }
            if s.phase == Phase::Refill && s.to_move != r.winner {
                return Err(bad(
                    "in phase refill the round winner (the Defender) is to move",
                    1,
                ));
            }
        }
    }
    let Some((mover, land)) = s.last else {
        return Ok(());
    };
    let Some(on_land) = s.tower_at(land) else {
        return Err(bad("the last actual move's landing square is empty", 5));
    };
    // A move leaves the mover's tower on its landing square; a push leaves an opponent's.
    let pushed = on_land.owner != mover;
    if let Some(r) = s.result {
        if r.reason == Reason::HomeRow {
            if mover != r.winner || pushed || on_land.colour != r.colour {
                return Err(bad(
                    "a home-row win is the winner's move of his tower of the result colour onto the landing square",
                    10,
                ));
            }
            if land.rank() != home_rank(r.winner.opponent()) {
                return Err(bad("a home-row win lands on the loser's home row", 5));
            }
            if s.passes != 0 {
                return Err(bad("a home-row win is a move, so no pass is pending", 3));
            }
            if s.phase == Phase::Over && s.to_move != mover.opponent() {
                return Err(bad("after a home-row win the loser is to move", 1));
            }
            return Ok(());
        }
        if mover != r.winner.opponent() {
            return Err(bad(
                "a deadlock, repetition or backstop is lost by the last actual mover",
                10,
            ));
        }
        if r.colour != board_colour(land) {
            return Err(bad(
                "the scoring tower has the colour of the last landing square",
                10,
            ));
        }
        if s.phase != Phase::Over {
            return Ok(());
        }
    } else if land.rank() == home_rank(mover.opponent()) && !pushed {
        return Err(bad("a move onto the opponent's home row ends the round", 9));
    }
    // Who moves: the opponent after a move, the pusher after a push, flipped by each pass.
    let after_move = if pushed { mover } else { mover.opponent() };
    let expected = if s.passes.is_multiple_of(2) {
        after_move
    } else {
        after_move.opponent()
    };
    if s.to_move != expected {
        return Err(bad(
            "the side to move does not follow from the last actual move and the passes",
            1,
        ));
    }
    if s.phase == Phase::Play {
        let Some(req) = s.required else { return Ok(()) };
        if s.passes == 0 && req != board_colour(land) {
            return Err(bad(
                "after an actual move the required colour is that of its landing square",
                2,
            ));
        }
        if s.passes == 1 {
            let passer = s.to_move.opponent();
            if !Colour::ALL
                .into_iter()
                .any(|c| board_colour(s.square_of(passer, c)) == req)
            {
                return Err(bad(
                    "after a pass the required colour is that of the square of the blocked tower",
                    2,
                ));
            }
        }
    }
    Ok(())
}

/// The checks of a parsed state that depend on the options (§4.1a: scores, ranks, rounds).
pub(crate) fn check_options(text: &str, options: &Options, s: &State) -> Result<(), ParseError> {
    let bad = |reason: String, at: String| ParseError::bad_position(text, reason).at(at);
    // The counters are bounded so that no ply can overflow them: a round ends at ply
    // `max_plies_per_round` (at most 1,000,000), and a match has at most 2 × match_target − 1
    // rounds.
    if s.ply > options.max_plies_per_round
        || (s.phase == Phase::Play && s.ply == options.max_plies_per_round)
    {
        return Err(bad(
            format!(
                "a round ends at ply {} (max_plies_per_round)",
                options.max_plies_per_round
            ),
            field_at(6),
        ));
    }
    // A refill starts the next round, which must still be within the bound.
    let last_round = options.max_rounds() - u32::from(s.phase == Phase::Refill);
    if s.round > last_round {
        return Err(bad(
            format!(
                "with match_target {} there are at most {} rounds{}",
                options.match_target,
                options.max_rounds(),
                if s.phase == Phase::Refill {
                    ", so a refill comes at the latest after the one before the last"
                } else {
                    ""
                }
            ),
            field_at(7),
        ));
    }
    if !options.is_match() {
        // Sumo ranks cannot arise in a single round, but a hand-made position may have them
        // (the moves are well defined), so only the score is checked.
        match (s.phase, s.result) {
            (Phase::Refill, _) => {
                return Err(bad("a single round has no refill".into(), field_at(9)));
            }
            (Phase::Over, Some(r)) => {
                let mut want = [0, 0];
                want[r.winner.index()] = 1;
                if s.scores != want {
                    return Err(bad(
                        "a single round ends 1:0 to the winner".into(),
                        field_at(8),
                    ));
                }
            }
            _ => {
                if s.scores != [0, 0] {
                    return Err(bad(
                        "the score of a single round in play is 0:0".into(),
                        field_at(8),
                    ));
                }
            }
        }
    } else {
        // A score can be no more than the rings its towers show (plus one Triple's extra in
        // the deciding round), and only the match winner's reaches the target. Lower scores
        // and the round number are bookkeeping a hand-made position may leave out.
        let bonus = match options.scoring {
            Scoring::RingValues => 8,
            Scoring::PerRound => 15,
        };
        for side in Side::ALL {
            let earned: u32 = s
                .towers()
                .filter(|(_, t)| t.owner == side)
                .map(|(_, t)| rank_points(options.scoring, t.rank))
                .sum();
            let score = s.scores[side.index()];
            let finisher = s.phase == Phase::Over
                && s.result.is_some_and(|r| {
                    r.winner == side
                        && decode(s.cells[cell(s.square_of(side, r.colour)) as usize])
                            .is_some_and(|t| t.rank == crate::MAX_RANK)
                });
            let most = earned + if finisher { bonus } else { 0 };
            if score > most {
                return Err(bad(
                    format!(
                        "{}'s score {score} is more than his towers' rings earned ({most})",
                        if side == Side::White {
                            "White"
                        } else {
                            "Black"
                        }
                    ),
                    field_at(8),
                ));
            }
            let target = options.match_target;
            let decided = s.phase == Phase::Over && s.result.is_some_and(|r| r.winner == side);
            if decided != (score >= target) {
                return Err(bad(
                    format!(
                        "with match_target {target} a score of {score} {}",
                        if decided {
                            "cannot have won the match"
                        } else {
                            "would have ended the match"
                        }
                    ),
                    field_at(8),
                ));
            }
        }
        if let Some(r) = s.result
            && decode(s.cells[cell(s.square_of(r.winner, r.colour)) as usize])
                .is_some_and(|t| t.rank == 0)
        {
            return Err(bad(
                "the scoring tower of a match round has been promoted".into(),
                field_at(10),
            ));
        }
    }
    if s.phase == Phase::Play && s.required.is_none() {
        let mut moves = Vec::new();
        crate::turn::generate(options, s, &mut moves);
        if moves.is_empty() {
            return Err(bad(
                "the side to move has no move for the round's first move".into(),
                field_at(0),
            ));
        }
    }
    Ok(())
}
