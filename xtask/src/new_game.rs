//! `cargo xtask new-game NAME`: a compiling skeleton of a new game.

pub(crate) fn run(_name: &str) -> Result<(), String> {
    Err("not written yet".into())
}
