//! People's input, a line at a time, in bounded memory: `towers play` reads moves from a
//! terminal or a pipe, and a pipe may carry anything (`< /dev/zero`, a 200 MB line, binary).

use std::io::{self, BufRead};

/// The longest line kept: the longest move or position text any parser reads
/// ([`board_kernel::MAX_TEXT_LEN`]), so no move or command is lost to the cap.
pub(crate) const MAX_LINE: usize = board_kernel::MAX_TEXT_LEN;

/// Bytes read at most in search of a line's end. Past them the input is not lines of text
/// (`/dev/zero`, a binary file) and reading stops, as `replay` stops at 16 MiB of record.
pub(crate) const MAX_UNENDING: u64 = 16 << 20;

/// One line of input.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Line<'a> {
    /// The input ended before any byte of a new line.
    End,
    /// A line of text, without its line end.
    Text(&'a str),
    /// A line that is not UTF-8; its bytes for an excerpt.
    NotUtf8(&'a [u8]),
    /// A line longer than [`MAX_LINE`]: its first [`MAX_LINE`] bytes and its length. The rest
    /// was read and dropped.
    TooLong(&'a [u8], u64),
    /// [`MAX_UNENDING`] bytes without a line end: the input is not lines of text.
    Unending,
}

/// Reads lines into one buffer of at most [`MAX_LINE`] bytes, reused from line to line.
#[derive(Debug, Default)]
pub(crate) struct LineReader {
    kept: Vec<u8>,
}

impl LineReader {
    /// Reads the next line of `input`.
    ///
    /// # Errors
    /// A read error of `input` (an interrupted read is retried).
    pub(crate) fn read(&mut self, input: &mut dyn BufRead) -> io::Result<Line<'_>> {
        self.kept.clear();
        let mut length: u64 = 0;
        let mut ended = false;
        while !ended {
            let available = match input.fill_buf() {
                Ok(bytes) => bytes,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if available.is_empty() {
                if length == 0 {
                    return Ok(Line::End);
                }
                break;
            }
            let (taken, used) = match available.iter().position(|&b| b == b'\n') {
                Some(at) => {
                    ended = true;
                    (at, at + 1)
                }
                None => (available.len(), available.len()),
            };
            let room = (MAX_LINE + 1).saturating_sub(self.kept.len());
            self.kept.extend_from_slice(&available[..taken.min(room)]);
            length += taken as u64;
            input.consume(used);
            if !ended && length >= MAX_UNENDING {
                return Ok(Line::Unending);
            }
        }
        if self.kept.last() == Some(&b'\r') && length <= MAX_LINE as u64 + 1 {
            self.kept.pop();
            length -= 1;
        }
        if length > MAX_LINE as u64 {
            self.kept.truncate(MAX_LINE);
            return Ok(Line::TooLong(&self.kept, length));
        }
        Ok(match std::str::from_utf8(&self.kept) {
            Ok(text) => Line::Text(text),
            Err(_) => Line::NotUtf8(&self.kept),
        })
    }
}

/// The start of a line that is not a move, for an echo or a message: at most 60 characters,
/// escaped for the terminal ([`board_kernel::excerpt`]), with its length.
pub(crate) fn excerpt(bytes: &[u8], length: u64) -> String {
    let text = String::from_utf8_lossy(bytes);
    let cut = text.char_indices().nth(60).map_or(text.len(), |(at, _)| at);
    format!(
        "{}… ({length} bytes)",
        board_kernel::printable(&text[..cut])
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every line of `input`, read through a buffer of `capacity` bytes, as text.
    fn lines(input: &[u8], capacity: usize) -> Vec<String> {
        let mut reader = io::BufReader::with_capacity(capacity, input);
        let mut lines = LineReader::default();
        let mut out = Vec::new();
        loop {
            let line = lines.read(&mut reader).unwrap();
            out.push(match line {
                Line::End => break,
                Line::Text(text) => format!("text {text}"),
                Line::NotUtf8(bytes) => format!("not utf-8 {}", bytes.len()),
                Line::TooLong(bytes, length) => format!("too long {} {length}", bytes.len()),
                Line::Unending => "unending".to_owned(),
            });
            if out.last().is_some_and(|l| l == "unending") {
                break;
            }
        }
        out
    }

    #[test]
    fn lines_are_split_trimmed_of_their_ends_and_bounded() {
        for capacity in [1, 7, 8192] {
            assert_eq!(
                lines(b"a1-b2\r\n\nlast", capacity),
                ["text a1-b2", "text ", "text last"]
            );
            let mut input = vec![b'x'; MAX_LINE];
            input.extend_from_slice(b"\n");
            input.extend(vec![b'y'; 200_000]);
            input.extend_from_slice(b"\r\n?\n\xff\xfe\n");
            assert_eq!(
                lines(&input, capacity),
                [
                    format!("text {}", "x".repeat(MAX_LINE)),
                    format!("too long {MAX_LINE} 200001"),
                    "text ?".to_owned(),
                    "not utf-8 2".to_owned(),
                ]
            );
        }
    }

    #[test]
    fn input_without_line_ends_stops_after_the_limit() {
        let zeros = vec![0u8; MAX_UNENDING as usize + 10];
        assert_eq!(lines(&zeros, 8192), ["unending"]);
        // Just under the limit, a line end still makes it a (too long) line.
        let mut almost = vec![0u8; MAX_UNENDING as usize - 1];
        almost.push(b'\n');
        assert_eq!(
            lines(&almost, 8192),
            [format!("too long {MAX_LINE} {}", MAX_UNENDING - 1)]
        );
    }

    #[test]
    fn excerpts_are_short_and_escaped() {
        assert_eq!(excerpt(b"\x1b[2Jab", 6), "\\u{1b}[2Jab… (6 bytes)");
        let long = excerpt(&[b'z'; 500], 10_000_000);
        assert_eq!(long, format!("{}… (10000000 bytes)", "z".repeat(60)));
        assert_eq!(excerpt(b"\xff", 1), "\u{fffd}… (1 bytes)");
    }
}
