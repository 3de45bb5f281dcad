//! Helpers shared by the integration tests.

use board_kernel::prelude::*;
use tower_of_power::TowerOfPower;

/// The game under `pairs` over the defaults.
pub fn game(pairs: &[(&str, &str)]) -> TowerOfPower {
    TowerOfPower::from_pairs(pairs.iter().copied()).unwrap()
}
