//! The map of the workspace holds (`xtask::tidy`): the file map and the roles of every
//! registered game, the dependency rule, docs/ARCHITECTURE.md's lists, no module cycles, no
//! test that CI can skip, no tracked file above 2 MiB, and the Python build's dependencies
//! compiled with the test build's features.

use tower_games::registry;
use xtask::tidy;

fn assert_none(what: &str, wrong: Vec<String>) {
    assert!(wrong.is_empty(), "{what}:\n  {}", wrong.join("\n  "));
}

#[test]
fn every_game_crate_has_the_file_map() {
    let root = xtask::workspace_root();
    assert_none(
        "the file map of docs/ARCHITECTURE.md",
        tidy::check_game_files(&root, registry::names()),
    );
}

#[test]
fn crates_depend_on_each_other_as_the_architecture_says() {
    let root = xtask::workspace_root();
    assert_none(
        "the dependency rule of docs/ARCHITECTURE.md",
        tidy::check_dependencies(&root, registry::names()),
    );
}

#[test]
fn every_game_reaches_each_role_through_one_module_and_verb() {
    let root = xtask::workspace_root();
    assert_none(
        "the roles of docs/ARCHITECTURE.md",
        tidy::check_roles(&root, registry::names()),
    );
}

#[test]
fn the_architecture_document_names_every_crate_command_file_and_dependency() {
    assert_none(
        "docs/ARCHITECTURE.md",
        tidy::check_architecture(&xtask::workspace_root(), registry::names()),
    );
}

#[test]
fn no_crate_has_modules_that_import_each_other_in_a_cycle() {
    assert_none(
        "module cycles",
        tidy::check_module_cycles(&xtask::workspace_root()),
    );
}

#[test]
fn ci_runs_every_scaled_test_at_its_heavy_size() {
    assert_none(
        "tests CI could skip",
        tidy::check_scaled_tests(&xtask::workspace_root()),
    );
}

#[test]
fn the_python_build_reuses_the_test_builds_dependencies() {
    assert_none(
        "features the Python package's build would turn on differently",
        tidy::check_python_features(&xtask::workspace_root()),
    );
}

#[test]
fn no_tracked_file_passes_two_mebibytes() {
    assert_none(
        "files too large for the repository",
        tidy::check_file_sizes(&xtask::workspace_root()),
    );
}
