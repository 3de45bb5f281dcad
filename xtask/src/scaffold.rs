//! The skeleton of a new game: a crate with a small but real rule set (N in a row on a square
//! board, with a misère variant) on the tower-games contract, wired to everything a game of the
//! workspace has, and registered in the workspace, the `towers` registry and its dependencies.

use std::path::{Path, PathBuf};

/// The template files, relative to the new crate, with `{{name}}`, `{{crate}}`, `{{Type}}` and
/// `{{title}}` to fill in.
const TEMPLATES: &[(&str, &str)] = &[
    (
        "Cargo.toml",
        include_str!("../templates/game/Cargo.toml.tmpl"),
    ),
    (
        "README.md",
        include_str!("../templates/game/README.md.tmpl"),
    ),
    (
        "rulebook/rules.md",
        include_str!("../templates/game/rulebook/rules.md.tmpl"),
    ),
    (
        "src/lib.rs",
        include_str!("../templates/game/src/lib.rs.tmpl"),
    ),
    (
        "src/game.rs",
        include_str!("../templates/game/src/game.rs.tmpl"),
    ),
    (
        "src/options.rs",
        include_str!("../templates/game/src/options.rs.tmpl"),
    ),
    (
        "src/board.rs",
        include_str!("../templates/game/src/board.rs.tmpl"),
    ),
    (
        "src/pieces.rs",
        include_str!("../templates/game/src/pieces.rs.tmpl"),
    ),
    (
        "src/state.rs",
        include_str!("../templates/game/src/state.rs.tmpl"),
    ),
    (
        "src/turn.rs",
        include_str!("../templates/game/src/turn.rs.tmpl"),
    ),
    (
        "src/end.rs",
        include_str!("../templates/game/src/end.rs.tmpl"),
    ),
    (
        "src/notation.rs",
        include_str!("../templates/game/src/notation.rs.tmpl"),
    ),
    (
        "src/position.rs",
        include_str!("../templates/game/src/position.rs.tmpl"),
    ),
    (
        "src/picture.rs",
        include_str!("../templates/game/src/picture.rs.tmpl"),
    ),
    (
        "src/strategy.rs",
        include_str!("../templates/game/src/strategy.rs.tmpl"),
    ),
    (
        "src/observation.rs",
        include_str!("../templates/game/src/observation.rs.tmpl"),
    ),
    (
        "src/steps.rs",
        include_str!("../templates/game/src/steps.rs.tmpl"),
    ),
    (
        "src/rulebook.rs",
        include_str!("../templates/game/src/rulebook.rs.tmpl"),
    ),
    (
        "tests/it/main.rs",
        include_str!("../templates/game/tests/it/main.rs.tmpl"),
    ),
    (
        "tests/it/perft.rs",
        include_str!("../templates/game/tests/it/perft.rs.tmpl"),
    ),
    (
        "tests/it/conformance.rs",
        include_str!("../templates/game/tests/it/conformance.rs.tmpl"),
    ),
    (
        "tests/it/rules.rs",
        include_str!("../templates/game/tests/it/rules.rs.tmpl"),
    ),
    (
        "tests/it/rulebook.rs",
        include_str!("../templates/game/tests/it/rulebook.rs.tmpl"),
    ),
];

/// The names a game's `name` gives: the crate's library name, the game type's name and the
/// title.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Names {
    /// The registry and package name (`three-in-a-row`).
    pub name: String,
    /// The library name (`three_in_a_row`).
    pub krate: String,
    /// The game type (`ThreeInARow`).
    pub type_name: String,
    /// The title (`Three In A Row`).
    pub title: String,
}

impl Names {
    /// The names for `name`, which must be lower case letters, digits and single hyphens,
    /// starting with a letter.
    pub fn of(name: &str) -> Result<Names, String> {
        let valid = name.starts_with(|c: char| c.is_ascii_lowercase())
            && name
                .chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
            && !name.ends_with('-')
            && !name.contains("--")
            && name.len() <= 40;
        if !valid {
            return Err(format!(
                "`{name}` is not a game name: lower case letters, digits and single hyphens, starting with a letter"
            ));
        }
        let words: Vec<&str> = name.split('-').collect();
        let capital = |w: &str| {
            let mut c = w.chars();
            c.next()
                .map(|f| f.to_ascii_uppercase().to_string() + c.as_str())
                .unwrap_or_default()
        };
        Ok(Names {
            name: name.to_owned(),
            krate: name.replace('-', "_"),
            type_name: words.iter().map(|w| capital(w)).collect(),
            title: words
                .iter()
                .map(|w| capital(w))
                .collect::<Vec<_>>()
                .join(" "),
        })
    }

    fn fill(&self, template: &str) -> String {
        template
            .replace("{{name}}", &self.name)
            .replace("{{crate}}", &self.krate)
            .replace("{{Type}}", &self.type_name)
            .replace("{{title}}", &self.title)
    }
}

fn edit(path: &Path, change: impl FnOnce(&str) -> Result<String, String>) -> Result<(), String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let changed = change(&text)?;
    tower_games::files::replace_file(path, changed.as_bytes())
        .map_err(|e| format!("{}: {e}", path.display()))
}

/// Writes `crates/NAME` in the workspace at `root` and registers the game: the workspace
/// dependency, the `towers` dependency and the `for_each_game!` line. Returns the files
/// written. Refuses a name already taken.
pub fn new_game(root: &Path, name: &str) -> Result<Vec<PathBuf>, String> {
    let names = Names::of(name)?;
    if tower_games::registry::names().contains(&name) {
        return Err(format!("`{name}` is already a registered game"));
    }
    let dir = root.join("crates").join(name);
    if dir.exists() {
        return Err(format!("{} already exists", dir.display()));
    }
    let mut written = Vec::new();
    for (file, template) in TEMPLATES {
        let path = dir.join(file);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent).map_err(|e| e.to_string())?;
        }
        // A new file in a directory made just now: nothing to keep a reader from.
        std::fs::write(&path, names.fill(template)).map_err(|e| e.to_string())?;
        written.push(path);
    }
    edit(&root.join("Cargo.toml"), |text| {
        let anchor = "thiserror = \"2\"";
        let line =
            format!("{name} = {{ path = \"crates/{name}\", version = \"0.1.0\" }}\n{anchor}");
        text.contains(anchor)
            .then(|| text.replacen(anchor, &line, 1))
            .ok_or("the workspace Cargo.toml has no `thiserror = \"2\"` line to add after".into())
    })?;
    edit(&root.join("crates/tower-games/Cargo.toml"), |text| {
        let anchor = "queens-courtiers.workspace = true";
        text.contains(anchor)
            .then(|| text.replacen(anchor, &format!("{anchor}\n{name}.workspace = true"), 1))
            .ok_or("crates/tower-games/Cargo.toml lists no games to add to".into())
    })?;
    edit(&root.join("crates/tower-games/src/registry.rs"), |text| {
        let anchor = "queens_courtiers::QueensCourtiers,";
        text.contains(anchor)
            .then(|| {
                text.replacen(
                    anchor,
                    &format!(
                        "{anchor}\n            {}::{},",
                        names.krate, names.type_name
                    ),
                    1,
                )
            })
            .ok_or("the registry's for_each_game! list was not found".into())
    })?;
    Ok(written)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_follow_the_game_name() {
        let n = Names::of("three-in-a-row").unwrap();
        assert_eq!(
            (n.krate.as_str(), n.type_name.as_str(), n.title.as_str()),
            ("three_in_a_row", "ThreeInARow", "Three In A Row")
        );
        for bad in ["", "Kamisado", "3d", "a--b", "a-", "with space", "x_y"] {
            assert!(Names::of(bad).is_err(), "{bad}");
        }
    }
}
