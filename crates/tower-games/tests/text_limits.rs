//! Every game refuses an over-long text before reading it: a move, a position, a position's
//! JSON snapshot. The limit is the kernel's (`board_kernel::MAX_TEXT_LEN`), the same for all,
//! so that a server or a page can bound what it accepts once for every game.

use board_kernel::MAX_TEXT_LEN;

#[test]
fn every_parser_refuses_text_over_the_kernel_limit_without_change() {
    let long = "a".repeat(MAX_TEXT_LEN + 1);
    let said = format!("longer than {MAX_TEXT_LEN} bytes");
    for game in tower_games::registry::all() {
        let name = game.name();
        let mut state = game.initial_state();
        let before = state.position_text();
        let err = state.play(&long).unwrap_err().to_string();
        assert!(err.contains(&said), "{name}: a long move gave {err:?}");
        assert_eq!(
            state.position_text(),
            before,
            "{name}: a refused move changed the state"
        );
        let err = state.move_path(&long).unwrap_err().to_string();
        assert!(
            err.contains(&said),
            "{name}: a long move's path gave {err:?}"
        );
        let Err(err) = game.parse_position(&long) else {
            panic!("{name}: a long position was read");
        };
        let err = err.to_string();
        assert!(err.contains(&said), "{name}: a long position gave {err:?}");
    }
}
