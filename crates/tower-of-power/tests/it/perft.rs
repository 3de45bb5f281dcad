//! The regression figures of the rule specification, kept in `perft/tower-of-power.perft`.

#[test]
fn the_perft_figures_hold() {
    board_kernel::testing::check_perft_file::<tower_of_power::TowerOfPower>(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/it/perft/tower-of-power.perft"
    ));
}
