//! The engines' benchmarks, every registered game alike (`cargo bench -p towers`): legal-move
//! generation in four positions of a seeded random game (the opening, the middle game, the
//! most crowded position and the last before the end), playing a move, perft at a fixed depth
//! and random playouts. `cargo xtask bench` measures the headline figures for
//! `docs/performance.md`; these show where the time goes.

use board_kernel::perft::perft;
use board_kernel::testing::random_line;
use board_kernel::{Game, SplitMix64};
use divan::Bencher;
use tower_games::registry::{self, GameVisitor};

fn main() {
    divan::main();
}

/// Positions along a seeded random game: opening, middle game, most moves, last before the end.
fn phases<G: Game>(game: &G) -> [G::State; 4] {
    let mut line = random_line(
        game,
        game.initial_state(),
        &mut SplitMix64::new(11),
        usize::MAX,
    );
    line.pop(); // the final position has no moves
    let count = |s: &G::State| {
        let mut m = Vec::new();
        game.legal_moves(s, &mut m);
        m.len()
    };
    let crowded = line
        .iter()
        .max_by_key(|s| count(s))
        .expect("a game has a position")
        .clone();
    [
        line[0].clone(),
        line[line.len() / 2].clone(),
        crowded,
        line[line.len() - 1].clone(),
    ]
}

/// What a benchmark measures, run with the concrete game type.
#[derive(Clone, Copy)]
enum Work {
    LegalMoves(usize),
    Play,
    Perft,
    Playout,
}

/// Perft depths of roughly a million leaves from each game's start.
fn perft_depth(name: &str) -> u32 {
    match name {
        "kamisado" => 5,
        "chain-reaction" => 2,
        _ => 3,
    }
}

struct Run<'a, 'b> {
    bencher: Bencher<'a, 'b>,
    work: Work,
    name: &'static str,
}

impl GameVisitor for Run<'_, '_> {
    type Output = ();
    fn visit<G: Game>(self, game: G) {
        let states = phases(&game);
        let mut moves = Vec::with_capacity(1 << 14);
        match self.work {
            Work::LegalMoves(phase) => {
                let state = &states[phase];
                self.bencher.bench_local(|| {
                    moves.clear();
                    game.legal_moves(divan::black_box(state), &mut moves);
                    moves.len()
                });
            }
            Work::Play => {
                let state = &states[1];
                game.legal_moves(state, &mut moves);
                let mut i = 0;
                self.bencher.bench_local(|| {
                    let mut child = state.clone();
                    i = (i + 1) % moves.len();
                    game.play_unchecked(&mut child, &moves[i]);
                    child
                });
            }
            Work::Perft => {
                let start = game.initial_state();
                let depth = perft_depth(self.name);
                self.bencher
                    .bench_local(|| perft(&game, divan::black_box(&start), depth));
            }
            Work::Playout => {
                let mut seed = 0;
                self.bencher.bench_local(|| {
                    seed += 1;
                    let mut rng = SplitMix64::new(seed);
                    let mut state = game.initial_state();
                    let mut plies = 0;
                    loop {
                        moves.clear();
                        game.legal_moves(&state, &mut moves);
                        let Some(mv) = rng.choose(&moves) else { break };
                        game.play_unchecked(&mut state, mv);
                        plies += 1;
                    }
                    plies
                });
            }
        }
    }
}

fn run(bencher: Bencher, name: &'static str, work: Work) {
    registry::visit(
        name,
        &[],
        Run {
            bencher,
            work,
            name,
        },
    )
    .expect("defaults are valid");
}

const GAMES: &[&str] = &[
    "kamisado",
    "tower-of-power",
    "seven-sages",
    "chain-reaction",
    "queens-courtiers",
];

#[divan::bench(args = GAMES)]
fn legal_moves_opening(bencher: Bencher, name: &'static str) {
    run(bencher, name, Work::LegalMoves(0));
}

#[divan::bench(args = GAMES)]
fn legal_moves_middle_game(bencher: Bencher, name: &'static str) {
    run(bencher, name, Work::LegalMoves(1));
}

#[divan::bench(args = GAMES)]
fn legal_moves_crowded(bencher: Bencher, name: &'static str) {
    run(bencher, name, Work::LegalMoves(2));
}

#[divan::bench(args = GAMES)]
fn legal_moves_endgame(bencher: Bencher, name: &'static str) {
    run(bencher, name, Work::LegalMoves(3));
}

#[divan::bench(args = GAMES)]
fn clone_and_play(bencher: Bencher, name: &'static str) {
    run(bencher, name, Work::Play);
}

#[divan::bench(args = GAMES, sample_count = 10)]
fn perft_fixed_depth(bencher: Bencher, name: &'static str) {
    run(bencher, name, Work::Perft);
}

#[divan::bench(args = GAMES, sample_count = 20)]
fn random_playout(bencher: Bencher, name: &'static str) {
    run(bencher, name, Work::Playout);
}
