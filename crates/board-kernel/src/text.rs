//! Text forms shared by the games: the board field of a position line (ranks top first,
//! separated by `/`) and the framed text diagram (rank numbers on the left, file letters
//! below).

use crate::Square;

/// How a board field writes empty cells.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Empties {
    /// A maximal run of empty cells is its length in decimal (`3bbbbb`); two numbers never
    /// follow each other and numbers have no leading zero.
    Runs,
    /// Each empty cell is a `.` (`or..pu`).
    Dots,
}

/// The geometry of a board field: `files` cells per rank, `ranks` ranks, the top rank first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoardField {
    /// Cells per rank (files `a`…).
    pub files: u8,
    /// Ranks, written from the top (rank `ranks`) down to rank 1.
    pub ranks: u8,
    /// How empty cells are written.
    pub empties: Empties,
}

/// What is wrong with a board field, and where (`rank 8, file c`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FieldError {
    /// The place in the field.
    pub at: String,
    /// What is wrong.
    pub reason: String,
}

impl BoardField {
    /// Writes the field: `cell` writes the token of an occupied square into the buffer it is
    /// given and returns `true`, or returns `false` (writing nothing) for an empty one.
    ///
    /// ```
    /// use board_kernel::text::{BoardField, Empties};
    /// let field = BoardField { files: 3, ranks: 2, empties: Empties::Runs };
    /// let text = field.write(|sq, out| {
    ///     let occupied = sq.file() == sq.rank();
    ///     if occupied { out.push('x') }
    ///     occupied
    /// });
    /// assert_eq!(text, "1x1/x2");
    /// ```
    pub fn write(&self, mut cell: impl FnMut(Square, &mut String) -> bool) -> String {
        use std::fmt::Write as _;
        let mut out = String::with_capacity(usize::from(self.files + 1) * usize::from(self.ranks));
        let mut token = String::new();
        for rank in (0..self.ranks).rev() {
            let mut run = 0u32;
            for file in 0..self.files {
                token.clear();
                if cell(Square::at(file, rank), &mut token) {
                    if run > 0 {
                        let _ = write!(out, "{run}");
                        run = 0;
                    }
                    out.push_str(&token);
                } else {
                    match self.empties {
                        Empties::Runs => run += 1,
                        Empties::Dots => out.push('.'),
                    }
                }
            }
            if run > 0 {
                let _ = write!(out, "{run}");
            }
            if rank > 0 {
                out.push('/');
            }
        }
        out
    }

    /// Reads a field: `token` reads one occupied cell's token from the start of the text it
    /// is given and returns the value with the bytes it used. Runs (or dots) must be
    /// canonical: maximal, no leading zeros, exactly `files` cells per rank. Returns the
    /// occupied squares with their values, top rank first.
    ///
    /// ```
    /// use board_kernel::text::{BoardField, Empties};
    /// let field = BoardField { files: 3, ranks: 2, empties: Empties::Runs };
    /// let read = |t: &str| match t.as_bytes()[0] {
    ///     b'x' => Ok(('x', 1)),
    ///     _ => Err(format!("`{}` is not a piece", &t[..1])),
    /// };
    /// let cells = field.read("1x1/x2", read).unwrap();
    /// assert_eq!(cells.iter().map(|(sq, _)| sq.to_string()).collect::<Vec<_>>(), ["b2", "a1"]);
    /// let err = field.read("1x1/x11", read).unwrap_err();
    /// assert_eq!(err.at, "rank 1, file b");
    /// assert!(field.read("1x1/x", read).is_err()); // rank 1 too short
    /// ```
    pub fn read<T>(
        &self,
        text: &str,
        mut token: impl FnMut(&str) -> Result<(T, usize), String>,
    ) -> Result<Vec<(Square, T)>, FieldError> {
        let ranks: Vec<&str> = text.split('/').collect();
        if ranks.len() != usize::from(self.ranks) {
            return Err(FieldError {
                at: "the board".into(),
                reason: format!(
                    "expected {} ranks separated by `/`, found {}",
                    self.ranks,
                    ranks.len()
                ),
            });
        }
        let mut cells = Vec::new();
        for (i, rank_text) in ranks.iter().enumerate() {
            let rank = self.ranks - 1 - i as u8;
            let mut file = 0u8;
            let mut rest = *rank_text;
            let mut after_run = false;
            while !rest.is_empty() {
                let here = |reason: String| FieldError {
                    at: if file < self.files {
                        format!("rank {}, file {}", rank + 1, char::from(b'a' + file))
                    } else {
                        format!("rank {}", rank + 1)
                    },
                    reason,
                };
                if file >= self.files {
                    return Err(here(format!("more than {} cells", self.files)));
                }
                let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
                if self.empties == Empties::Runs && digits > 0 {
                    if after_run {
                        return Err(here("two runs of empty cells follow each other".into()));
                    }
                    let number = &rest[..digits];
                    if number.starts_with('0') {
                        return Err(here(format!(
                            "`{number}`: a run of empty cells is written without leading zeros"
                        )));
                    }
                    let run: usize = number.parse().unwrap_or(usize::MAX);
                    if run > usize::from(self.files - file) {
                        return Err(here(format!(
                            "a run of {number} empty cells goes past the edge"
                        )));
                    }
                    file += run as u8;
                    rest = &rest[digits..];
                    after_run = true;
                    continue;
                }
                if self.empties == Empties::Dots && rest.starts_with('.') {
                    file += 1;
                    rest = &rest[1..];
                    continue;
                }
                let (value, used) = token(rest).map_err(here)?;
                if used == 0 || used > rest.len() || !rest.is_char_boundary(used) {
                    return Err(here("unreadable cell".into()));
                }
                cells.push((Square::at(file, rank), value));
                file += 1;
                rest = &rest[used..];
                after_run = false;
            }
            if file != self.files {
                return Err(FieldError {
                    at: format!("rank {}", rank + 1),
                    reason: format!("{file} cells where {} are needed", self.files),
                });
            }
        }
        Ok(cells)
    }
}

/// The layout of a framed text diagram.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Frame {
    /// Cells per rank.
    pub files: u8,
    /// Ranks, drawn from the top.
    pub ranks: u8,
    /// The width the rank numbers are right-aligned to.
    pub label_width: usize,
    /// The column of the first file's letter (and of its cells' anchors).
    pub first_column: usize,
    /// Columns from one file to the next.
    pub pitch: usize,
}

impl Frame {
    /// Draws the diagram: rank numbers on the left, file letters below, each cell's token
    /// written by `cell` (into the buffer it is given) with the returned anchor — the index
    /// of the token's character that sits under the file letter (0 for left-aligned tokens).
    /// A token too wide for its column pushes the rest of the rank right, keeping one space.
    /// Lines carry no trailing spaces and the last line is the letters (no newline after it).
    ///
    /// ```
    /// use board_kernel::text::Frame;
    /// let frame = Frame { files: 3, ranks: 2, label_width: 1, first_column: 3, pitch: 3 };
    /// let text = frame.draw(|sq, out| {
    ///     out.push_str(if sq.file() == 1 && sq.rank() == 0 { "wwbw" } else { "." });
    ///     0
    /// });
    /// assert_eq!(text, "2  .  .  .\n1  .  wwbw .\n   a  b  c");
    /// ```
    pub fn draw(&self, mut cell: impl FnMut(Square, &mut String) -> usize) -> String {
        let mut out = String::new();
        let mut token = String::new();
        for rank in (0..self.ranks).rev() {
            let line_start = out.len();
            out += &format!("{:>w$}", rank + 1, w = self.label_width);
            let mut anchor_column = self.first_column;
            for file in 0..self.files {
                token.clear();
                let anchor = cell(Square::at(file, rank), &mut token).min(token.len());
                let used = out.len() - line_start;
                if file > 0 {
                    anchor_column = (anchor_column + self.pitch).max(used + 1 + anchor);
                }
                let start = anchor_column.saturating_sub(anchor).max(used + 1);
                out.extend(std::iter::repeat_n(' ', start - used));
                out += &token;
            }
            let trimmed = out.trim_end().len();
            out.truncate(trimmed);
            out.push('\n');
        }
        let mut letters = String::new();
        for file in 0..self.files {
            let column = self.first_column + self.pitch * usize::from(file);
            letters.extend(std::iter::repeat_n(' ', column - letters.len()));
            letters.push(char::from(b'a' + file));
        }
        out + &letters
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn field(empties: Empties) -> BoardField {
        BoardField {
            files: 8,
            ranks: 2,
            empties,
        }
    }

    fn stack_token(t: &str) -> Result<(String, usize), String> {
        if let Some(body) = t.strip_prefix('(') {
            let end = body.find(')').ok_or("unclosed `(`")?;
            return Ok((body[..end].to_owned(), end + 2));
        }
        match t.as_bytes()[0] {
            b'w' | b'b' => Ok((t[..1].to_owned(), 1)),
            _ => Err(format!(
                "`{}` is not a stone",
                t.chars().next().unwrap_or(' ')
            )),
        }
    }

    #[test]
    fn runs_round_trip_with_stacks() {
        let f = field(Empties::Runs);
        let text = "3b(wb)3/8";
        let cells = f.read(text, stack_token).unwrap();
        assert_eq!(cells.len(), 2);
        let back = f.write(|sq, out| match cells.iter().find(|(s, _)| *s == sq) {
            Some((_, t)) if t.len() > 1 => {
                out.push('(');
                out.push_str(t);
                out.push(')');
                true
            }
            Some((_, t)) => {
                out.push_str(t);
                true
            }
            None => false,
        });
        assert_eq!(back, text);
    }

    #[test]
    fn non_canonical_fields_are_refused_with_a_place() {
        let f = field(Empties::Runs);
        for (text, at) in [
            ("3b31/8", "rank 2, file e"), // `31` is one run, past the edge
            ("03b4/8", "rank 2, file a"), // leading zero
            ("9/8", "rank 2, file a"),    // past the edge
            ("8/7", "rank 1"),            // too short
            ("8/8b", "rank 1"),           // too long
            ("8/x7", "rank 1, file a"),   // a bad token
            ("8", "the board"),
        ] {
            assert_eq!(f.read(text, stack_token).unwrap_err().at, at, "{text}");
        }
    }

    #[test]
    fn dots_are_single_cells() {
        let f = field(Empties::Dots);
        let cells = f.read("...b..../wwwwwwww", stack_token).unwrap();
        assert_eq!(cells.len(), 9);
        assert!(f.read("8/wwwwwwww", stack_token).is_err());
    }

    #[test]
    fn frames_anchor_tokens_and_push_wide_ones() {
        // Kamisado-like: two-letter tokens whose second letter sits under the file letter.
        let frame = Frame {
            files: 3,
            ranks: 1,
            label_width: 1,
            first_column: 4,
            pitch: 4,
        };
        let text = frame.draw(|sq, out| {
            if sq.file() == 1 {
                out.push_str("or");
                1
            } else {
                out.push('.');
                0
            }
        });
        assert_eq!(text, "1   .  or   .\n    a   b   c");
        // Wide stacks push what follows, keeping a space.
        let frame = Frame {
            files: 3,
            ranks: 1,
            label_width: 2,
            first_column: 3,
            pitch: 2,
        };
        let text = frame.draw(|sq, out| {
            out.push_str(if sq.file() == 0 { "wbw" } else { "b" });
            0
        });
        assert_eq!(text, " 1 wbw b b\n   a b c");
    }
}
