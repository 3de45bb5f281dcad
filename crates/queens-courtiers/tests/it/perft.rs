//! The regression figures of the specification (§5.5) and the perft of example 10, kept in
//! `perft/queens-courtiers.perft`.

#[test]
fn the_perft_figures_hold() {
    board_kernel::testing::check_perft_file::<queens_courtiers::QueensCourtiers>(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/it/perft/queens-courtiers.perft"
    ));
}
