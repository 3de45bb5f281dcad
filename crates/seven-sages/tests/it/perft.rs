//! The regression figures of §4.4 (default options, initial position), kept in
//! `perft/seven-sages.perft`.

#[test]
fn the_perft_figures_hold() {
    board_kernel::testing::check_perft_file::<seven_sages::SevenSages>(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/it/perft/seven-sages.perft"
    ));
}
