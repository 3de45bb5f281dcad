//! The checks that keep docs/ARCHITECTURE.md and the game crates' roles in step: every game
//! (and the scaffold's template) reaches each role of a turn through the same module and verb,
//! and the architecture document names every crate, every `xtask` command, every file of the
//! game-crate map and every dependency a game crate may have, so a crate or a command added
//! without its line in the map fails a test.

use std::path::Path;

use super::{GAME_DEPENDENCIES, GAME_FILES, game_dir, read};

/// The roles every game's `game.rs` delegates, each to one module and one verb: a contributor
/// who knows where one game generates its moves knows where the others do.
pub const ROLES: &[(&str, &str)] = &[
    ("turn::generate", "the legal moves"),
    (
        "turn::check",
        "the verdict on a move, with the rule-named reason",
    ),
    ("turn::play", "playing a checked or generated move"),
    ("end::status", "whether the game is over and who won"),
    ("notation::parse_move", "reading a move's text"),
    ("position::parse", "reading a position's text"),
    ("steps::move_steps", "a move as the steps a player touches"),
    ("picture::picture", "the position as a picture"),
    ("strategy::evaluate", "the evaluation of computer players"),
    (
        "observation::observe",
        "the position as network input planes",
    ),
];

/// The scaffold's `game.rs`, which a new game starts from.
const TEMPLATE_GAME: &str = "xtask/templates/game/src/game.rs.tmpl";

/// Every registered game's `game.rs`, and the scaffold's, call each of [`ROLES`].
pub fn check_roles(root: &Path, games: &[&str]) -> Vec<String> {
    let mut files: Vec<(String, String)> = games
        .iter()
        .map(|name| {
            let path = game_dir(root, name).join("src/game.rs");
            (format!("{name}: src/game.rs"), read(&path))
        })
        .collect();
    files.push((TEMPLATE_GAME.into(), read(&root.join(TEMPLATE_GAME))));
    let mut wrong = Vec::new();
    for (file, text) in &files {
        for (call, role) in ROLES {
            if !text.contains(&format!("{call}(")) {
                wrong.push(format!("{file} does not reach {role} through `{call}`"));
            }
        }
    }
    wrong
}

/// The paragraph of `doc` that starts with the line beginning `start` and runs to the next
/// blank line or list item.
fn paragraph(doc: &str, start: &str) -> Option<String> {
    let mut lines = doc.lines().skip_while(|l| !l.starts_with(start));
    let first = lines.next()?;
    let mut text = vec![first];
    text.extend(lines.take_while(|l| !l.trim().is_empty() && !l.starts_with("- ")));
    Some(text.join("\n"))
}

/// The subcommands of `cargo xtask`, read from the variants of `enum Command` in
/// `xtask/src/main.rs` and spelled as clap spells them (`NewGame` → `new-game`).
pub fn xtask_commands(main_rs: &str) -> Vec<String> {
    let Some(start) = main_rs.find("enum Command {") else {
        return Vec::new();
    };
    let body = &main_rs[start..];
    let body = &body[..body.find("\n}").unwrap_or(body.len())];
    body.lines()
        .filter_map(|l| l.strip_prefix("    "))
        .filter(|l| l.starts_with(|c: char| c.is_ascii_uppercase()))
        .map(|l| {
            let name: String = l.chars().take_while(char::is_ascii_alphanumeric).collect();
            let mut kebab = String::new();
            for (i, c) in name.chars().enumerate() {
                if c.is_ascii_uppercase() && i > 0 {
                    kebab.push('-');
                }
                kebab.push(c.to_ascii_lowercase());
            }
            kebab
        })
        .collect()
}

/// docs/ARCHITECTURE.md names every crate folder (`crates/<name>`) but the registered games'
/// (its `crates/<game>` entry and the game-crate map cover a new game), every `xtask` command
/// in its `xtask` entry, every file of the game-crate map, and every library a game crate may
/// depend on in its dependency rule.
pub fn check_architecture(root: &Path, games: &[&str]) -> Vec<String> {
    let doc = read(&root.join("docs/ARCHITECTURE.md"));
    let mut wrong = Vec::new();
    let mut crates: Vec<String> = std::fs::read_dir(root.join("crates"))
        .into_iter()
        .flatten()
        .flatten()
        .filter(|e| e.path().join("Cargo.toml").is_file())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|name| !games.contains(&name.as_str()))
        .collect();
    crates.sort();
    for name in crates {
        if !doc.contains(&format!("`crates/{name}`")) {
            wrong.push(format!(
                "docs/ARCHITECTURE.md does not name `crates/{name}`"
            ));
        }
    }
    let xtask = paragraph(&doc, "- **`xtask`**").unwrap_or_default();
    for command in xtask_commands(&read(&root.join("xtask/src/main.rs"))) {
        let named = [format!("`{command}`"), format!("xtask {command}")]
            .iter()
            .any(|spelling| xtask.contains(spelling.as_str()));
        if !named {
            wrong.push(format!(
                "the `xtask` entry of docs/ARCHITECTURE.md does not name `{command}`"
            ));
        }
    }
    for file in GAME_FILES {
        if !doc.contains(&format!("| `{file}`")) {
            wrong.push(format!(
                "the game-crate map of docs/ARCHITECTURE.md has no row for `{file}`"
            ));
        }
    }
    let rule = paragraph(&doc, "Dependencies point one way").unwrap_or_default();
    for dep in GAME_DEPENDENCIES {
        if !rule.contains(&format!("`{dep}`")) {
            wrong.push(format!(
                "the dependency rule of docs/ARCHITECTURE.md does not allow games `{dep}`, which tidy does"
            ));
        }
    }
    wrong
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn xtask_commands_are_spelled_as_clap_spells_them() {
        let main = "enum Command {\n    /// Docs.\n    Docs {\n        check: bool,\n    },\n    NewGame {\n        name: String,\n    },\n    Ci,\n}\n";
        assert_eq!(xtask_commands(main), ["docs", "new-game", "ci"]);
    }

    #[test]
    fn a_paragraph_ends_at_a_blank_line_or_the_next_item() {
        let doc = "- **`a`** one\n  two\n- **`b`** three\n\nfour";
        assert_eq!(paragraph(doc, "- **`a`**").unwrap(), "- **`a`** one\n  two");
        assert_eq!(paragraph(doc, "- **`b`**").unwrap(), "- **`b`** three");
        assert_eq!(paragraph(doc, "nothing"), None);
    }
}
