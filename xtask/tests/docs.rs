//! The generated rule docs are committed; these tests fail when they are stale or when a
//! rule-book example no longer plays.

use tower_games::registry;

#[test]
fn every_rule_book_example_plays() {
    for name in registry::names() {
        let game = registry::build(name, &[]).expect("default options are valid");
        for (caption, setup) in game.rule_book().setups() {
            if let Err(e) = xtask::realise(name, &setup) {
                panic!("{name}: rule-book example `{caption}` does not play: {e}");
            }
        }
    }
}

#[test]
fn generated_docs_are_fresh() {
    let stale = xtask::stale_docs().expect("the docs render");
    assert!(
        stale.is_empty(),
        "stale generated docs, run `cargo xtask docs`: {stale:?}"
    );
}
