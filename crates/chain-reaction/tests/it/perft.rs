//! The regression figures of the specification, kept in `perft/chain-reaction.perft`.

#[test]
fn the_perft_figures_hold() {
    board_kernel::testing::check_perft_file::<sackson_chain_reaction::ChainReaction>(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/it/perft/chain-reaction.perft"
    ));
}
