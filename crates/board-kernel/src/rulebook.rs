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

/// A numbered section of a rule book: a `##` heading (`2`) or a `###` heading under it
/// (`2.1`) of its [`Block::Text`]s. Refusals cite sections by number and title, and front
/// ends link to them by anchor, so a player can read the rule a move breaks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Section {
    /// The section's number: `2` for the second `##` heading, `2.1` for the first `###`
    /// heading under it. Computed from the order of the headings, so it follows edits.
    pub number: String,
    /// The heading's words, as the rule book writes them (Markdown emphasis and code marks
    /// left out: it is quoted in plain text).
    pub title: String,
    /// The anchor written after the heading (`## Moving {#moving}`): stable when sections are
    /// added or renumbered, so links to it keep working.
    pub anchor: String,
    /// 2 for a section, 3 for a subsection.
    pub level: usize,
}

impl Section {
    /// The section as a refusal cites it: `rule 2.1, Landing`.
    ///
    /// ```
    /// use board_kernel::RuleBook;
    /// use board_kernel::Block;
    /// let book = RuleBook::new(vec![Block::Text("## Moving {#moving}\n\n### The *push* {#push}\n")]);
    /// assert_eq!(book.section("push").unwrap().citation(), "rule 1.1, The push");
    /// ```
    #[must_use]
    pub fn citation(&self) -> String {
        format!("rule {}, {}", self.number, self.title)
    }
}

/// Walks the headings of a rule book's text blocks in order and numbers them: the state the
/// numbering carries from one text block to the next.
#[derive(Clone, Debug, Default)]
pub struct Numbering {
    section: usize,
    subsection: usize,
}

/// The parts of a heading line: its level, its words and its anchor, or `None` for a line
/// that is no `##` or `###` heading.
fn heading(line: &str) -> Option<(usize, &str, Option<&str>)> {
    let level = if line.starts_with("### ") {
        3
    } else if line.starts_with("## ") {
        2
    } else {
        return None;
    };
    let rest = line[level + 1..].trim();
    let (words, anchor) = match rest.strip_suffix('}').and_then(|r| r.rsplit_once("{#")) {
        Some((words, anchor)) => (words.trim_end(), Some(anchor)),
        None => (rest, None),
    };
    Some((level, words, anchor))
}

/// Whether `anchor` is usable as it is in an address and an HTML id: lower-case letters,
/// digits and hyphens.
fn valid_anchor(anchor: &str) -> bool {
    !anchor.is_empty()
        && anchor
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
}

impl Numbering {
    /// The sections whose headings `text` holds, numbered after those already seen. A
    /// heading without a valid anchor is an error: a section a refusal could cite must be
    /// linkable.
    pub fn sections(&mut self, text: &str) -> Result<Vec<Section>, String> {
        let mut out = Vec::new();
        self.walk(text, |section, _| {
            out.push(section);
        })?;
        Ok(out)
    }

    /// `text` with its headings numbered and anchored as the rendered rule book shows them:
    /// `## Moving {#moving}` becomes `## <a id="moving"></a>2. Moving`. The anchor is an HTML
    /// element so that it works the same on GitHub and in the playground's pages, whatever
    /// slug either makes of the heading.
    pub fn render(&mut self, text: &str) -> Result<String, String> {
        let mut lines: Vec<String> = text.lines().map(str::to_owned).collect();
        self.walk(text, |section, index| {
            let hashes = "#".repeat(section.level);
            let words = heading(&lines[index])
                .map_or("", |(_, words, _)| words)
                .to_owned();
            let number = if section.level == 2 {
                format!("{}.", section.number)
            } else {
                section.number.clone()
            };
            lines[index] = format!("{hashes} <a id=\"{}\"></a>{number} {words}", section.anchor);
        })?;
        let mut out = lines.join("\n");
        if text.ends_with('\n') {
            out.push('\n');
        }
        Ok(out)
    }

    /// Calls `found` with each heading's section and line index, outside code blocks.
    fn walk(&mut self, text: &str, mut found: impl FnMut(Section, usize)) -> Result<(), String> {
        let mut fenced = false;
        for (index, line) in text.lines().enumerate() {
            if line.trim_start().starts_with("```") {
                fenced = !fenced;
                continue;
            }
            if fenced {
                continue;
            }
            let Some((level, words, anchor)) = heading(line) else {
                continue;
            };
            let anchor = match anchor {
                Some(anchor) if valid_anchor(anchor) => anchor,
                _ => {
                    return Err(format!(
                        "the heading `{line}` has no anchor `{{#lower-case-words}}`"
                    ));
                }
            };
            let number = if level == 2 {
                self.section += 1;
                self.subsection = 0;
                self.section.to_string()
            } else {
                if self.section == 0 {
                    return Err(format!("the subsection `{line}` comes before any section"));
                }
                self.subsection += 1;
                format!("{}.{}", self.section, self.subsection)
            };
            found(
                Section {
                    number,
                    title: words.replace(['*', '`'], ""),
                    anchor: anchor.to_owned(),
                    level,
                },
                index,
            );
        }
        Ok(())
    }
}

impl RuleBook {
    /// The numbered sections of the rule book, in reading order, or what is wrong with a
    /// heading (no anchor, an anchor used twice).
    pub fn sections(&self) -> Result<Vec<Section>, String> {
        let mut numbering = Numbering::default();
        let mut sections: Vec<Section> = Vec::new();
        for block in &self.blocks {
            if let Block::Text(text) = block {
                for section in numbering.sections(text)? {
                    if sections.iter().any(|s| s.anchor == section.anchor) {
                        return Err(format!("the anchor `{}` is used twice", section.anchor));
                    }
                    sections.push(section);
                }
            }
        }
        Ok(sections)
    }

    /// The section with the anchor `anchor`, if the rule book has it.
    #[must_use]
    pub fn section(&self, anchor: &str) -> Option<Section> {
        self.sections()
            .ok()?
            .into_iter()
            .find(|s| s.anchor == anchor)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const BOOK: &[Block] = &[
        Block::Text("# Game\n\nIntro.\n\n## Moving {#moving}\n\nText.\n\n### The *push* {#push}\n"),
        Block::Options,
        Block::Text(
            "```\n## not a heading\n```\n\n## End of the game {#end}\n\n### Draws {#draws}\n",
        ),
    ];

    #[test]
    fn sections_are_numbered_across_text_blocks_outside_code() {
        let book = RuleBook::new(BOOK.to_vec());
        let sections = book.sections().unwrap();
        let seen: Vec<(&str, &str, &str)> = sections
            .iter()
            .map(|s| (s.number.as_str(), s.title.as_str(), s.anchor.as_str()))
            .collect();
        assert_eq!(
            seen,
            [
                ("1", "Moving", "moving"),
                ("1.1", "The push", "push"),
                ("2", "End of the game", "end"),
                ("2.1", "Draws", "draws"),
            ]
        );
        assert_eq!(book.section("draws").unwrap().citation(), "rule 2.1, Draws");
        assert_eq!(book.section("nowhere"), None);
    }

    #[test]
    fn rendering_numbers_headings_and_puts_the_anchor_in_them() {
        let mut numbering = Numbering::default();
        let Block::Text(first) = BOOK[0] else {
            panic!("a text block")
        };
        let Block::Text(second) = BOOK[2] else {
            panic!("a text block")
        };
        assert_eq!(
            numbering.render(first).unwrap(),
            "# Game\n\nIntro.\n\n## <a id=\"moving\"></a>1. Moving\n\nText.\n\n\
             ### <a id=\"push\"></a>1.1 The *push*\n"
        );
        assert_eq!(
            numbering.render(second).unwrap(),
            "```\n## not a heading\n```\n\n## <a id=\"end\"></a>2. End of the game\n\n\
             ### <a id=\"draws\"></a>2.1 Draws\n"
        );
    }

    #[test]
    fn a_heading_without_anchor_or_a_repeated_anchor_is_refused() {
        let bare = RuleBook::new(vec![Block::Text("## Moving\n")]);
        assert!(bare.sections().unwrap_err().contains("no anchor"));
        let bad = RuleBook::new(vec![Block::Text("## Moving {#Moving Fast}\n")]);
        assert!(bad.sections().is_err());
        let twice = RuleBook::new(vec![Block::Text("## A {#a}\n\n### B {#a}\n")]);
        assert!(twice.sections().unwrap_err().contains("twice"));
        let orphan = RuleBook::new(vec![Block::Text("### B {#b}\n")]);
        assert!(orphan.sections().is_err());
    }
}
