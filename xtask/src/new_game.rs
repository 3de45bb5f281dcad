//! `cargo xtask new-game NAME`: writes a compiling skeleton of a new game (see
//! [`xtask::scaffold::new_game`]) and says what to do next.

pub(crate) fn run(name: &str) -> Result<(), String> {
    let root = xtask::workspace_root();
    let written = xtask::scaffold::new_game(&root, name)?;
    for path in &written {
        println!("wrote {}", path.display());
    }
    println!(
        "\n{name} is registered. Next:\n  \
         cargo test -p {name}          # the new game's own tests\n  \
         cargo xtask docs              # its rule book in docs/rules, with pictures\n  \
         cargo insta review            # read and accept its cross-game snapshots\n  \
         cargo xtask ci                # everything CI checks\n\
         Then replace the rules module by module (docs/ARCHITECTURE.md, docs/CONTRIBUTING.md)."
    );
    Ok(())
}
