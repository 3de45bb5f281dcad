//! Checks that keep the map of the workspace true (rust-analyzer's `tidy.rs` pattern): every
//! registered game crate has the file map of docs/ARCHITECTURE.md with its `Move` and the
//! move's text in `notation.rs` and a `game.rs` that only delegates; crates depend on each
//! other as ARCHITECTURE.md says; no crate's modules import each other in a cycle; and CI
//! runs every test at its heavy size, with nothing filtered out. `xtask/tests/tidy.rs` runs
//! them in every test run; each returns the list of what is wrong.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

mod map;
pub use map::{ROLES, check_architecture, check_roles, xtask_commands};

/// The files every game crate has, named after the rule book's sections (docs/ARCHITECTURE.md).
pub const GAME_FILES: &[&str] = &[
    "src/lib.rs",
    "src/game.rs",
    "src/options.rs",
    "src/board.rs",
    "src/pieces.rs",
    "src/state.rs",
    "src/turn.rs",
    "src/steps.rs",
    "src/end.rs",
    "src/notation.rs",
    "src/position.rs",
    "src/picture.rs",
    "src/strategy.rs",
    "src/observation.rs",
    "src/rulebook.rs",
    "tests/it/main.rs",
];

/// What a game crate may depend on besides the kernel: the small libraries of the project.
pub const GAME_DEPENDENCIES: &[&str] =
    &["board-kernel", "serde", "thiserror", "strum", "itertools"];

/// The arguments of CI's one test run (`cargo test` with them, and `TOWERS_HEAVY=1`): the
/// README's command. Nothing after them, so that no test can be filtered out.
pub const TEST_ARGS: &[&str] = &["test", "--workspace", "--locked"];

/// The folder of the game crate registered as `name` (the folder is the registry name).
fn game_dir(root: &Path, name: &str) -> PathBuf {
    root.join("crates").join(name)
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_default()
}

/// Source text without comments (line comments, doc comments) and without the test module
/// at the end of a file (`#[cfg(test)]`): the code the checks read.
fn code_of(text: &str) -> String {
    let text = match text.find("#[cfg(test)]") {
        Some(at) => &text[..at],
        None => text,
    };
    text.lines()
        .map(|line| match line.find("//") {
            Some(at) if !line[..at].contains('"') => &line[..at],
            _ => line,
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The file map of each registered game: its files, `Move` with its `Display`, `FromStr` and
/// serde in `notation.rs` (serde through the notation, never derived), and a `game.rs` with
/// no control flow (each method one call into the rule modules).
pub fn check_game_files(root: &Path, games: &[&str]) -> Vec<String> {
    let mut wrong = Vec::new();
    for name in games {
        let dir = game_dir(root, name);
        for file in GAME_FILES {
            if !dir.join(file).is_file() {
                wrong.push(format!("{name}: no {file}"));
            }
        }
        let notation = code_of(&read(&dir.join("src/notation.rs")));
        for (what, needle) in [
            ("the Move type", "Move {"),
            ("Display for Move", "Display for Move"),
            ("FromStr for Move", "FromStr for Move"),
            (
                "the serde of Move through its text",
                "serde_via_text!(Move)",
            ),
        ] {
            let found = match what {
                "the Move type" => {
                    notation.contains("pub enum Move {")
                        || notation.contains("pub struct Move {")
                        || notation.contains("pub struct Move(")
                }
                _ => notation.contains(needle),
            };
            if !found {
                wrong.push(format!("{name}: {what} is not in src/notation.rs"));
            }
        }
        for entry in rust_files(&dir.join("src")) {
            let code = code_of(&read(&entry));
            let relative = entry
                .strip_prefix(&dir)
                .unwrap_or(&entry)
                .display()
                .to_string();
            if relative != "src/notation.rs"
                && (code.contains("pub enum Move {") || code.contains("pub struct Move"))
            {
                wrong.push(format!(
                    "{name}: Move is defined in {relative}, not notation.rs"
                ));
            }
            if derives_serde_for_move(&code) {
                wrong.push(format!(
                    "{name}: {relative} derives serde for Move; its serde form is its notation"
                ));
            }
        }
        let game = code_of(&read(&dir.join("src/game.rs")));
        for (i, line) in game.lines().enumerate() {
            if let Some(keyword) = control_flow(line) {
                wrong.push(format!(
                    "{name}: src/game.rs:{} has `{keyword}`: game.rs only delegates to the rule modules",
                    i + 1
                ));
            }
        }
    }
    wrong
}

/// The control-flow keyword a line of code uses as an expression or statement (`if`,
/// `match`, `for`, `while`, `loop`), if any; an `impl Trait for Type` line has none.
fn control_flow(line: &str) -> Option<&'static str> {
    let line = line.trim();
    if line.starts_with("impl") {
        return None;
    }
    let bytes = line.as_bytes();
    for keyword in ["if", "match", "for", "while", "loop"] {
        for (at, _) in line.match_indices(keyword) {
            let end = at + keyword.len();
            let word_ends = bytes
                .get(end)
                .is_none_or(|c| !c.is_ascii_alphanumeric() && *c != b'_');
            let before = line[..at].trim_end();
            let starts = before.is_empty()
                || before.ends_with(['=', '(', '{', ',', '>', ';', '|'])
                || before.ends_with("else")
                || before.ends_with("return");
            let word_starts =
                at == 0 || !(bytes[at - 1].is_ascii_alphanumeric() || bytes[at - 1] == b'_');
            if word_ends && word_starts && starts {
                return Some(keyword);
            }
        }
    }
    None
}

/// Whether a `#[derive(...)]` with `Serialize` or `Deserialize` stands right above `Move`.
fn derives_serde_for_move(code: &str) -> bool {
    let lines: Vec<&str> = code.lines().collect();
    lines.iter().enumerate().any(|(i, line)| {
        (line.contains("enum Move ") || line.contains("struct Move"))
            && lines[i.saturating_sub(4)..i]
                .iter()
                .any(|l| l.contains("derive(") && l.contains("Serialize"))
    })
}

/// Every `.rs` file below `dir`, sorted.
fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&d) else {
            continue;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                out.push(path);
            }
        }
    }
    out.sort();
    out
}

/// The `[dependencies]` of a manifest, by package name (renamed dependencies by their key).
fn dependencies(manifest: &str) -> BTreeSet<String> {
    let mut deps = BTreeSet::new();
    let mut inside = false;
    for line in manifest.lines() {
        let line = line.trim();
        if line.starts_with('[') {
            inside = line == "[dependencies]";
            continue;
        }
        if inside && let Some((key, _)) = line.split_once(['=', '.']) {
            let key = key.trim();
            if !key.is_empty() && !key.starts_with('#') {
                deps.insert(key.to_owned());
            }
        }
    }
    deps
}

/// The package name of a manifest.
fn package_name(manifest: &str) -> Option<String> {
    manifest.lines().find_map(|l| {
        l.trim()
            .strip_prefix("name = ")
            .map(|n| n.trim_matches('"').to_owned())
    })
}

/// The dependency rule of docs/ARCHITECTURE.md: the kernel depends on no crate of the
/// workspace; a game crate on the kernel and the project's small libraries only (so a user
/// of one game pulls in nothing else); `game-ai` on the kernel alone; nothing but the
/// command-line tool and the server uses `clap` or a web framework; nothing depends on the
/// `towers` binary or on `xtask`; the robustness bodies are reached only by `xtask` (and the
/// fuzz targets, outside the workspace); the trainer (`game-train`, which brings candle) only
/// by the `towers` binary, so that no library, page or server builds a training framework.
pub fn check_dependencies(root: &Path, games: &[&str]) -> Vec<String> {
    let mut wrong = Vec::new();
    let mut manifests = BTreeMap::new();
    for dir in std::fs::read_dir(root.join("crates"))
        .into_iter()
        .flatten()
        .flatten()
    {
        let text = read(&dir.path().join("Cargo.toml"));
        if let Some(name) = package_name(&text) {
            manifests.insert(name, dependencies(&text));
        }
    }
    manifests.insert(
        "xtask".into(),
        dependencies(&read(&root.join("xtask/Cargo.toml"))),
    );
    let workspace: BTreeSet<String> = manifests.keys().cloned().collect();
    let package_of_game = |game: &str| {
        package_name(&read(&game_dir(root, game).join("Cargo.toml"))).unwrap_or_default()
    };
    let game_packages: BTreeSet<String> = games.iter().map(|g| package_of_game(g)).collect();
    for (package, deps) in &manifests {
        let inner: Vec<&String> = deps.iter().filter(|d| workspace.contains(*d)).collect();
        if package == "board-kernel" && !inner.is_empty() {
            wrong.push(format!("board-kernel depends on {inner:?}"));
        }
        if game_packages.contains(package) {
            for dep in deps {
                if !GAME_DEPENDENCIES.contains(&dep.as_str()) {
                    wrong.push(format!(
                        "game crate {package} depends on {dep}; a game crate depends on {GAME_DEPENDENCIES:?} only"
                    ));
                }
            }
        }
        if package == "game-ai" && inner.iter().any(|d| d.as_str() != "board-kernel") {
            wrong.push(format!(
                "game-ai depends on {inner:?}; it depends on the kernel only"
            ));
        }
        for dep in deps {
            if dep == "towers" || dep == "xtask" {
                wrong.push(format!("{package} depends on the {dep} binary"));
            }
            if dep == "game-train" && package != "towers" {
                wrong.push(format!(
                    "{package} depends on game-train; only the towers binary trains"
                ));
            }
            if dep == "towers-robustness" && package != "xtask" {
                wrong.push(format!(
                    "{package} depends on the unpublished towers-robustness"
                ));
            }
            if (dep == "clap" || dep == "axum" || dep == "tokio")
                && !matches!(package.as_str(), "towers" | "towers-server" | "xtask")
            {
                wrong.push(format!("library {package} depends on {dep}"));
            }
        }
    }
    wrong
}

/// The modules of a crate (`mod x;` in `lib.rs` or `main.rs`) and, for each, the modules it
/// uses through `crate::` paths — directly or through the names the crate root re-exports.
fn module_graph(src: &Path) -> BTreeMap<String, BTreeSet<String>> {
    let root_file = if src.join("lib.rs").is_file() {
        src.join("lib.rs")
    } else {
        src.join("main.rs")
    };
    let root = code_of(&read(&root_file));
    let mut modules = BTreeSet::new();
    for line in root.lines() {
        let line = line.trim();
        let line = line.strip_prefix("pub ").unwrap_or(line);
        let line = line.strip_prefix("pub(crate) ").unwrap_or(line);
        if let Some(name) = line.strip_prefix("mod ").and_then(|n| n.strip_suffix(';')) {
            modules.insert(name.trim().to_owned());
        }
    }
    // Names the root re-exports from a module: `pub use module::{A, B};`.
    let mut exported: BTreeMap<String, String> = BTreeMap::new();
    let flat = root.replace('\n', " ");
    for part in flat.split("pub use ").skip(1) {
        let Some(end) = part.find(';') else { continue };
        let path = &part[..end];
        let Some((module, names)) = path.split_once("::") else {
            continue;
        };
        if !modules.contains(module.trim()) {
            continue;
        }
        let names = names.trim().trim_start_matches('{').trim_end_matches('}');
        for name in names.split(',') {
            let name = name.trim().rsplit("::").next().unwrap_or("").trim();
            let name = name.split(" as ").last().unwrap_or(name).trim();
            if !name.is_empty() {
                exported.insert(name.to_owned(), module.trim().to_owned());
            }
        }
    }
    let mut graph = BTreeMap::new();
    for module in &modules {
        let file = if src.join(format!("{module}.rs")).is_file() {
            vec![src.join(format!("{module}.rs"))]
        } else {
            rust_files(&src.join(module))
        };
        let code: String = file.iter().map(|f| code_of(&read(f))).collect();
        let mut uses = BTreeSet::new();
        for name in crate_paths(&code) {
            let target = if modules.contains(&name) {
                Some(name)
            } else {
                exported.get(&name).cloned()
            };
            if let Some(target) = target
                && &target != module
            {
                uses.insert(target);
            }
        }
        graph.insert(module.clone(), uses);
    }
    graph
}

/// The first path segments after `crate::` in `code`, braces expanded
/// (`use crate::{a, b::C};` gives `a` and `b`).
fn crate_paths(code: &str) -> Vec<String> {
    let mut names = Vec::new();
    for (at, _) in code.match_indices("crate::") {
        let rest = &code[at + "crate::".len()..];
        if let Some(inner) = rest.strip_prefix('{') {
            let end = matching_brace(inner);
            for item in split_top_level(&inner[..end]) {
                let first = item.trim().split("::").next().unwrap_or("").trim();
                let first = first.trim_start_matches('{').trim();
                if !first.is_empty() {
                    names.push(first.to_owned());
                }
            }
        } else {
            let name: String = rest
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            if !name.is_empty() {
                names.push(name);
            }
        }
    }
    names
}

fn matching_brace(text: &str) -> usize {
    let mut depth = 0usize;
    for (i, c) in text.char_indices() {
        match c {
            '{' => depth += 1,
            '}' if depth == 0 => return i,
            '}' => depth -= 1,
            _ => {}
        }
    }
    text.len()
}

fn split_top_level(text: &str) -> Vec<&str> {
    let (mut parts, mut depth, mut start) = (Vec::new(), 0usize, 0);
    for (i, c) in text.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => depth = depth.saturating_sub(1),
            ',' if depth == 0 => {
                parts.push(&text[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    parts.push(&text[start..]);
    parts
}

/// A cycle in `graph`, as the modules around it, if there is one.
fn find_cycle(graph: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
    fn visit(
        node: &str,
        graph: &BTreeMap<String, BTreeSet<String>>,
        path: &mut Vec<String>,
        done: &mut BTreeSet<String>,
    ) -> Option<Vec<String>> {
        if let Some(at) = path.iter().position(|n| n == node) {
            let mut cycle = path[at..].to_vec();
            cycle.push(node.to_owned());
            return Some(cycle);
        }
        if done.contains(node) {
            return None;
        }
        path.push(node.to_owned());
        for next in graph.get(node).into_iter().flatten() {
            if let Some(cycle) = visit(next, graph, path, done) {
                return Some(cycle);
            }
        }
        path.pop();
        done.insert(node.to_owned());
        None
    }
    let mut done = BTreeSet::new();
    for node in graph.keys() {
        if let Some(cycle) = visit(node, graph, &mut Vec::new(), &mut done) {
            return Some(cycle);
        }
    }
    None
}

/// No crate of the workspace has modules that import each other in a cycle.
pub fn check_module_cycles(root: &Path) -> Vec<String> {
    let mut wrong = Vec::new();
    let mut crates: Vec<PathBuf> = std::fs::read_dir(root.join("crates"))
        .into_iter()
        .flatten()
        .flatten()
        .map(|e| e.path())
        .collect();
    crates.push(root.join("xtask"));
    crates.sort();
    for dir in crates {
        let graph = module_graph(&dir.join("src"));
        if let Some(cycle) = find_cycle(&graph) {
            wrong.push(format!(
                "{}: modules import each other in a cycle: {}",
                dir.file_name().unwrap_or_default().to_string_lossy(),
                cycle.join(" → ")
            ));
        }
    }
    wrong
}

/// CI runs every test at its heavy size and filters none out: its test step is `cargo`
/// with [`TEST_ARGS`] (which hold no filter) and `TOWERS_HEAVY=1`, the README gives the same
/// command, and no test is `#[ignore]`d (an ignored test is skipped by `cargo test`).
pub fn check_scaled_tests(root: &Path) -> Vec<String> {
    let mut wrong = Vec::new();
    if TEST_ARGS
        .iter()
        .any(|a| *a == "--" || a.starts_with("--skip") || *a == "--exact")
    {
        wrong.push(format!("CI's test command filters tests: {TEST_ARGS:?}"));
    }
    let ci = read(&root.join("xtask/src/ci.rs"));
    if !ci.contains("tidy::TEST_ARGS")
        || !ci.contains("(testing::HEAVY, \"1\")")
        || !ci.contains("(\"TOWERS_TEST_POSTGRES\", &postgres.url)")
    {
        wrong.push(
            "xtask/src/ci.rs does not run tidy::TEST_ARGS with TOWERS_HEAVY=1 (testing::HEAVY) \
             and a PostgreSQL (TOWERS_TEST_POSTGRES)"
                .into(),
        );
    }
    let readme = read(&root.join("README.md"));
    let command = format!("cargo {}", TEST_ARGS[..2].join(" "));
    if !readme.contains(&command) {
        wrong.push(format!(
            "README.md does not give the test command `{command}`"
        ));
    }
    let mut dirs: Vec<PathBuf> = std::fs::read_dir(root.join("crates"))
        .into_iter()
        .flatten()
        .flatten()
        .map(|e| e.path())
        .collect();
    dirs.push(root.join("xtask"));
    for dir in dirs {
        for file in rust_files(&dir) {
            let text = read(&file);
            if text.lines().any(|l| l.trim_start().starts_with("#[ignore")) {
                wrong.push(format!("{} ignores a test", file.display()));
            }
        }
    }
    wrong
}

/// The largest file the repository may hold: generated tables and trained weights included.
pub const MAX_FILE_BYTES: u64 = 2 << 20;

/// Every file git tracks stays within [`MAX_FILE_BYTES`]. Outside a git checkout (a copy of
/// the tree) there is no list of tracked files, and nothing is checked.
pub fn check_file_sizes(root: &Path) -> Vec<String> {
    let Ok(output) = std::process::Command::new("git")
        .args(["ls-files", "-z"])
        .current_dir(root)
        .output()
    else {
        return Vec::new();
    };
    if !output.status.success() {
        return Vec::new();
    }
    let mut wrong = Vec::new();
    for name in output.stdout.split(|b| *b == 0).filter(|n| !n.is_empty()) {
        let name = String::from_utf8_lossy(name);
        // A tracked file deleted in the work tree is not a large file.
        let Ok(meta) = std::fs::metadata(root.join(name.as_ref())) else {
            continue;
        };
        if meta.len() > MAX_FILE_BYTES {
            wrong.push(format!(
                "{name}: {} bytes, above the {MAX_FILE_BYTES} a tracked file may hold",
                meta.len()
            ));
        }
    }
    wrong
}

/// The feature set of every package in a build selection, as `cargo tree` prints it: one
/// `name version [features]` line per package.
fn feature_sets(root: &Path, selection: &[&str], edges: &str) -> Result<BTreeSet<String>, String> {
    let mut args = vec!["tree", "--offline", "--prefix", "none", "-e", edges];
    args.extend(["-f", "{p} [{f}]"]);
    args.extend(selection);
    let output =
        std::process::Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".into()))
            .args(&args)
            .current_dir(root)
            .output()
            .map_err(|e| format!("cargo tree: {e}"))?;
    if !output.status.success() {
        return Err(format!(
            "cargo {}: {}",
            args.join(" "),
            String::from_utf8_lossy(&output.stderr)
        ));
    }
    Ok(String::from_utf8_lossy(&output.stdout)
        .lines()
        .map(|line| line.trim_end_matches(" (*)").to_owned())
        .collect())
}

/// The Python package's build (maturin's `cargo build` of `towers-py` alone) turns on, in
/// every dependency it shares with the workspace's test build, the features the test build
/// turns on: otherwise cargo compiles that dependency, and all that depends on it, a second
/// time (CI's Python step recompiled serde, the kernel and the five games: about 40 s).
pub fn check_python_features(root: &Path) -> Vec<String> {
    let sets = feature_sets(root, &["--workspace"], "normal,build,dev").and_then(|workspace| {
        feature_sets(root, &["-p", "towers-py"], "normal,build").map(|python| (workspace, python))
    });
    let (workspace, python) = match sets {
        Ok(sets) => sets,
        Err(e) => return vec![e],
    };
    // `name version` of a line, without the features.
    let package = |line: &str| line.split(" [").next().unwrap_or(line).to_owned();
    let in_workspace: BTreeMap<String, &String> =
        workspace.iter().map(|line| (package(line), line)).collect();
    python
        .iter()
        .filter(|line| !line.starts_with("towers-py "))
        .filter_map(|line| {
            let theirs = in_workspace.get(&package(line))?;
            (*theirs != line).then(|| {
                format!(
                    "crates/towers-py/Cargo.toml: `{line}` where the test build has `{theirs}`: \
                     name the missing features among its feature-unifying dependencies"
                )
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn crate_paths_expand_braces() {
        assert_eq!(
            crate_paths("use crate::{board::Board, Move, end};\nlet x = crate::turn::play();"),
            ["board", "Move", "end", "turn"]
        );
    }

    #[test]
    fn a_cycle_is_found_and_a_tree_passes() {
        let graph = |edges: &[(&str, &str)]| {
            let mut g: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
            for (a, b) in edges {
                g.entry((*a).into()).or_default().insert((*b).into());
                g.entry((*b).into()).or_default();
            }
            g
        };
        assert_eq!(
            find_cycle(&graph(&[
                ("end", "turn"),
                ("turn", "notation"),
                ("notation", "end")
            ])),
            Some(vec![
                "end".into(),
                "turn".into(),
                "notation".into(),
                "end".into()
            ])
        );
        assert_eq!(
            find_cycle(&graph(&[("a", "b"), ("a", "c"), ("b", "c")])),
            None
        );
    }

    #[test]
    fn control_flow_in_game_rs_and_serde_derives_are_found() {
        let code = "#[derive(Clone, Serialize, Deserialize)]\npub enum Move {\n";
        assert!(derives_serde_for_move(code));
        assert!(!derives_serde_for_move(
            "#[derive(Clone)]\npub enum Move {\n"
        ));
        assert_eq!(
            code_of("let a = 1; // if this\n#[cfg(test)]\nif x {}"),
            "let a = 1; "
        );
        assert_eq!(control_flow("impl Rules for Kamisado {"), None);
        assert_eq!(control_flow("let x = if a { 1 } else { 2 };"), Some("if"));
        assert_eq!(control_flow("    for mv in moves {"), Some("for"));
        assert_eq!(control_flow("turn::play(&self.options, state, mv)"), None);
        assert_eq!(control_flow("Some(x).map(|s| match s {"), Some("match"));
    }
}
