//! Every other setting of every switch and enumerated option of every registered game, one
//! at a time — taken from each game's options table, so a new option is covered without
//! editing this test — plays seeded random games that keep the contract (the kernel's
//! conformance suite, every per-state check).

use board_kernel::conformance::{Config, check};
use board_kernel::testing::scale;
use board_kernel::{Game, GameOptions};
use tower_games::registry::{self, GameVisitor};

struct EverySetting;

impl GameVisitor for EverySetting {
    type Output = usize;
    fn visit<G: Game>(self, _default: G) -> usize {
        let alternatives = G::Options::alternatives();
        for (key, value) in &alternatives {
            let game = G::from_pairs([(*key, value.as_str())])
                .unwrap_or_else(|e| panic!("{} {key}={value}: {e}", G::NAME));
            let config = Config {
                seed: 0x0A17,
                legal_samples: 1,
                foreign_samples: 1,
                text_check_limit: 16,
                ..Config::games(scale(3, 10))
            };
            let stats = check(&game, &config);
            assert_eq!(stats.unfinished, 0, "{} {key}={value}", G::NAME);
        }
        alternatives.len()
    }
}

#[test]
fn every_setting_of_every_option_keeps_the_contract() {
    let tried = board_kernel::testing::in_parallel(registry::names(), |name| {
        let tried = registry::visit(name, &[], EverySetting).expect("a registered game");
        eprintln!("{name}: {tried} settings");
        tried
    });
    let total: usize = tried.iter().sum();
    assert!(total >= 15, "only {total} settings");
}
