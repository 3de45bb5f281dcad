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

#[test]
fn every_rule_book_page_links_each_example_to_the_playground() {
    let pages = xtask::rule_book_pages().expect("the pages render");
    for name in registry::names() {
        let game = registry::build(name, &[]).expect("default options are valid");
        let page = pages
            .iter()
            .find(|(path, _)| path.to_str() == Some(&format!("rules/{name}.html")))
            .map(|(_, html)| html)
            .unwrap_or_else(|| panic!("{name}: no rule-book page"));
        let links = page
            .matches(&format!("href=\"../index.html?game={name}"))
            .count();
        assert_eq!(links, game.rule_book().setups().count(), "{name}");
        assert!(page.contains("<img src=\"img/"), "{name}: the pictures");
    }
    let index = &pages
        .iter()
        .find(|(path, _)| path.to_str() == Some("rules/index.html"))
        .expect("an index")
        .1;
    assert!(
        index.contains("href=\"kamisado.html\""),
        "links go to the HTML pages"
    );
}

#[test]
fn a_playground_link_holds_options_position_and_moves() {
    let setup = board_kernel::Setup {
        options: &[("match_target", "3")],
        position: Some("a b/c"),
        moves: &["f6>f5", "c1-d1 d1-f3"],
    };
    assert_eq!(
        xtask::playground_link("kamisado", &setup),
        "../index.html?game=kamisado&o.match_target=3&position=a%20b%2Fc\
         &moves=f6%3Ef5%2Cc1-d1%20d1-f3&seats=person,person"
    );
}
