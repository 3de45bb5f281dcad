//! `cargo xtask pictures [--png]`: every SVG of the rule books must render in headless
//! Chromium; with `--png`, each game's initial and mid-game pictures are written as PNGs to
//! `docs/rules/img/png` (to be looked at and committed, not compared: a browser's rendering
//! changes between versions).

use crate::tools;

pub(crate) fn run(png: bool) -> Result<(), String> {
    tools::ensure_chromium()?;
    tools::ensure_npm_packages()?;
    let root = xtask::workspace_root();
    let mut args = vec!["web/tests/pictures.mjs", "docs/rules/img"];
    if png {
        std::fs::create_dir_all(root.join("docs/rules/img/png")).map_err(|e| e.to_string())?;
        args.extend(["--png", "docs/rules/img/png"]);
    }
    tools::run_in(&root, "node", &args, &[])
}
