//! A turn built step by step: Chain Reaction walks its turn choice by choice instead of listing
//! the whole turns, and must answer exactly what the kernel's listing answers (the same next
//! steps in the same order with the same roles, the same whole move, the same board, the same
//! errors), under every option; the board after each step is the engine's own mid-turn
//! position, which the specification writes out for its examples.

use std::collections::BTreeSet;

use crate::common::{pos, with as game};
use board_kernel::picture::Point;
use board_kernel::prelude::*;
use board_kernel::steps::{NextSteps, Step, StepError, StepRole, TurnStep, by_listing, steps_of};
use board_kernel::{Illegal, SplitMix64, testing};
use sackson_chain_reaction::{ChainReaction, Move, State};

/// The option sets the comparisons run under: the rules, each option on its own, every chain
/// length, and the combinations where a chain may go on after scoring or win in its middle.
const OPTION_SETS: &[&[(&str, &str)]] = &[
    &[],
    &[("scoring_friendly_tower", "Continue")],
    &[("single_step_into_goal", "on")],
    &[("max_segments", "2")],
    &[("max_segments", "3")],
    &[("max_segments", "4")],
    &[("max_segments", "6")],
    &[("max_segments", "7")],
    &[("max_segments", "8")],
    &[("max_segments", "9")],
    &[("max_segments", "10")],
    &[
        ("scoring_friendly_tower", "Continue"),
        ("single_step_into_goal", "on"),
        ("max_segments", "10"),
    ],
    &[
        ("scoring_friendly_tower", "Continue"),
        ("target_white", "3"),
        ("target_black", "3"),
    ],
    &[("repetition_limit", "2"), ("max_plies", "60")],
];

/// Asserts that the game's own `next_steps` answers `steps` as the listing does.
fn agree(game: &ChainReaction, state: &State, steps: &[Step]) {
    let native = game.next_steps(state, steps);
    let listed = by_listing(game, state, steps);
    assert_eq!(
        native, listed,
        "`{state}` after {steps:?}: the walk (left) and the listing (right) differ"
    );
}

/// Every step a front end could send: each cell of the picture's 7×10 grid and the cells just
/// beyond it, both a named choice and one that does not exist, and the finish.
fn every_step() -> Vec<Step> {
    let mut steps: Vec<Step> = (0..=7)
        .flat_map(|col| (0..=10).map(move |row| Step::Cell(Point::new(col, row))))
        .collect();
    steps.extend([Step::Choice(0), Step::Choice(1), Step::Finish]);
    steps
}

/// The distinct beginnings of `state`'s legal moves (each move's steps cut after 0, 1, ...,
/// all of them), with how many legal moves there are.
fn prefixes(game: &ChainReaction, state: &State) -> (BTreeSet<Vec<Step>>, usize) {
    let mut moves = Vec::new();
    game.legal_moves(state, &mut moves);
    let mut out = BTreeSet::new();
    for mv in &moves {
        let steps: Vec<Step> = steps_of(game, state, mv).iter().map(|t| t.step).collect();
        for k in 0..=steps.len() {
            out.insert(steps[..k].to_vec());
        }
    }
    (out, moves.len())
}

/// Compares the walk with the listing on every beginning of every legal move of `state`,
/// each followed by `probes` (and, beyond a whole move, by a step too many).
fn agree_on_every_prefix(game: &ChainReaction, state: &State, probes: &[Step]) -> usize {
    let (all, _) = prefixes(game, state);
    for prefix in &all {
        agree(game, state, prefix);
        for &probe in probes {
            let mut longer = prefix.clone();
            longer.push(probe);
            agree(game, state, &longer);
        }
    }
    all.len()
}

/// The worked positions of the specification, small enough to try every step after every
/// beginning of every turn: a tower that must move (Example 2, also on its last segment),
/// scoring with re-placement (Example 4, Black's mirror, a full setup row, a win in the middle
/// of a chain), the penalty with either colour's bottom stone (Examples 5 and 7), the pending
/// stone's placement, the free step into the goal (Example 6), and a finished game.
const SMALL: &[&str] = &[
    "7/7/7/1w3w1/2ww3/3(bw)3/7/7 w 0 0 0 12 12 - 0",
    "7/7/7/1w3w1/2ww3/3(bw)3/7/7 w 4 0 0 12 12 - 0",
    "7/7/7/1w3(ww)1/2wwb2/7/7/7 w 1 0 0 12 12 - 0",
    "2bb3/3(bw)3/7/7/7/7/7/2w1w2 w 0 0 0 12 12 - 0",
    "2bb3/3(ww)3/7/7/7/7/7/2w1w2 w 0 0 0 12 12 - 0",
    "2bb3/3(ww)3/7/7/7/7/7/2w1w2 w 0 10 0 12 12 - 0",
    "2bb3/3(bw)3/7/7/7/7/1w1w3/2www2 w 0 0 0 12 12 - 0",
    "2b4/7/7/7/7/7/3(wb)3/3w3 b 0 0 0 12 12 - 0",
    "2b4/7/7/7/7/w1w4/bb5/(bw)ww4 w 0 5 0 12 12 - 0",
    "2b4/7/7/7/7/w1w4/bb5/(ww)ww4 w 0 5 0 12 12 - 0",
    "2b4/7/7/7/7/w1w4/bb5/www4 b 0 3 0 12 12 b 1",
    "2bbb2/1bbbbb1/2bbb2/7/3w3/2www2/1ww(ww)ww1/4w2 w 4 0 0 12 12 - 0",
    "3w3/7/7/7/7/7/7/b6 w 0 0 0 12 12 - 0",
    "3b1b1/7/3w1b1/5w1/1w5/7/1w5/1w5 w 0 0 0 12 12 - 0",
    "2b(bb)3/7/7/7/7/7/7/2www2 b 0 12 0 12 12 - 1",
];

/// A few steps that no turn goes on with in most places: both named choices (one unknown),
/// the finish, a scoring cell of each side and a cell off the picture.
const ODD_STEPS: [Step; 6] = [
    Step::Choice(0),
    Step::Choice(1),
    Step::Finish,
    Step::Cell(Point::new(3, 9)),
    Step::Cell(Point::new(3, 0)),
    Step::Cell(Point::new(7, 4)),
];

/// Above this many legal moves, a beginning is followed by [`ODD_STEPS`] only, not by every
/// step (each comparison lists every move again).
const EVERY_STEP_LIMIT: usize = 60;

#[test]
fn every_step_after_every_beginning_of_the_worked_positions_agrees_with_the_listing() {
    let every = every_step();
    let mut scratch = Vec::new();
    let mut checked = 0;
    for pairs in OPTION_SETS {
        let game = game(pairs);
        for text in SMALL {
            // A position with more segments made than the option allows is refused.
            let Ok(state) = game.parse_position(text) else {
                continue;
            };
            let probes = if game.count_moves(&state, &mut scratch) <= EVERY_STEP_LIMIT {
                &every[..]
            } else {
                &ODD_STEPS[..]
            };
            checked += agree_on_every_prefix(&game, &state, probes);
        }
    }
    assert!(checked > 10_000, "{checked} beginnings");
}

#[test]
fn every_beginning_of_every_opening_turn_agrees_with_the_listing() {
    for pairs in [&[][..], &[("max_segments", "2")]] {
        let game = game(pairs);
        let state = game.initial_state();
        assert!(agree_on_every_prefix(&game, &state, &[]) > 79);
    }
}

/// Sparse positions (three to five stones a side), where chains of up to ten segments stay
/// few enough to list every turn.
const SPARSE: &[&str] = &[
    "7/2b1b2/3b3/7/7/3w3/2w1w2/7 w 0 0 0 6 6 - 0",
    "2b1b2/1b3b1/7/3b3/3w3/7/1w3w1/2w1w2 w 0 0 0 4 4 - 0",
    "7/7/2bwb2/2wbw2/7/7/7/7 w 0 0 0 5 5 - 0",
];

/// Random beginnings of random states, from `start`: in every state of a seeded random game,
/// every beginning of a few legal moves, each followed by a few steps chosen at random, when
/// the state has at most `list_limit` moves; beyond it (where listing is what the walk saves)
/// the walk alone, which must complete the drawn move with the position after it.
fn random_states(game: &ChainReaction, start: &State, seed: u64, plies: usize, list_limit: usize) {
    let mut rng = SplitMix64::new(seed);
    let mut state = start.clone();
    let mut scratch = Vec::new();
    let every = every_step();
    for _ in 0..plies {
        let Some(mv) = game.random_move(&state, &mut rng, &mut scratch) else {
            break;
        };
        if game.count_moves(&state, &mut scratch) <= list_limit {
            let mut moves = Vec::new();
            game.legal_moves(&state, &mut moves);
            for _ in 0..3 {
                let steps: Vec<Step> = steps_of(game, &state, &moves[rng.below(moves.len())])
                    .iter()
                    .map(|t| t.step)
                    .collect();
                for k in 0..=steps.len() {
                    agree(game, &state, &steps[..k]);
                    let mut longer = steps[..k].to_vec();
                    longer.push(every[rng.below(every.len())]);
                    agree(game, &state, &longer);
                }
            }
        }
        let mut after = state.clone();
        game.play_unchecked(&mut after, &mv);
        assert_eq!(walk(game, &state, &mv), after, "`{state}`: {mv}");
        state = after;
    }
}

/// Plays `mv` through the walk step by step, checking that each of its steps is offered and
/// that the last completes it; returns the board after it.
fn walk(game: &ChainReaction, state: &State, mv: &Move) -> State {
    let steps = steps_of(game, state, mv);
    let mut done = Vec::new();
    for t in &steps {
        let here = game.next_steps(state, &done).unwrap();
        assert!(here.next.contains(t), "`{state}`: {mv}: {t:?} not offered");
        assert_eq!(here.complete, None);
        done.push(t.step);
    }
    let here = game.next_steps(state, &done).unwrap();
    assert_eq!(here.complete.as_ref(), Some(mv), "`{state}`");
    assert!(here.next.is_empty());
    here.board
}

#[test]
fn random_beginnings_of_random_states_agree_with_the_listing_under_every_option() {
    let games = testing::scale(1, 4);
    for (i, pairs) in OPTION_SETS.iter().enumerate() {
        let game = game(pairs);
        for g in 0..games {
            let seed = 0x57E9 + (i * 100 + g) as u64;
            random_states(&game, &game.initial_state(), seed, 120, 4_000);
            for (j, text) in SPARSE.iter().enumerate() {
                let start = pos(&game, text);
                random_states(&game, &start, seed ^ (j as u64) << 32, 80, 4_000);
            }
        }
    }
}

/// Every beginning of every turn of the states of short random games from [`SPARSE`], where
/// they have at most 600 turns (the larger ones are sampled by the test above).
#[test]
fn every_beginning_of_sparse_positions_agrees_with_the_listing_under_long_chains() {
    let mut rng = SplitMix64::new(0xC4A1);
    let mut scratch = Vec::new();
    let mut checked = 0;
    for pairs in OPTION_SETS {
        let game = game(pairs);
        for text in SPARSE {
            let mut state = pos(&game, text);
            for _ in 0..testing::scale(6, 30) {
                if game.count_moves(&state, &mut scratch) <= 600 {
                    checked += agree_on_every_prefix(&game, &state, &ODD_STEPS);
                }
                let Some(mv) = game.random_move(&state, &mut rng, &mut scratch) else {
                    break;
                };
                game.play_unchecked(&mut state, &mv);
            }
        }
    }
    assert!(checked > 10_000, "{checked} beginnings");
}

fn cell(name: &str, role: StepRole) -> TurnStep {
    let b = name.as_bytes();
    TurnStep::cell(Point::new(b[0] - b'a', b[1] - b'0'), role)
}

fn cells(names: &str, role: StepRole) -> Vec<TurnStep> {
    names.split(' ').map(|n| cell(n, role)).collect()
}

fn step(name: &str) -> Step {
    cell(name, StepRole::Move).step
}

/// Asserts that the steps so far make the whole move `text`, with nothing more to come and
/// the position after it, `board`, as the board.
fn assert_whole(here: &NextSteps<Move, State>, text: &str, board: &str) {
    assert_eq!(here.complete.map(|m| m.to_string()).as_deref(), Some(text));
    assert!(here.next.is_empty());
    assert_eq!(here.board.to_string(), board);
}

/// The steps of Example 2 (§8) one by one: the tower's landing cells, the friendly tower of
/// `d3-f5` standing at segment 1 as the specification's position table writes it, then the
/// chain going on from f5 and from e4, and the enemy tower that ends it.
#[test]
fn example_2_step_by_step_shows_each_segment() {
    let game = game(&[]);
    let start = pos(&game, "7/7/7/1w3w1/2ww3/3(bw)3/7/7 w 0 0 0 12 12 - 0");
    let first = game.next_steps(&start, &[]).unwrap();
    // d3-b1, d3-b3, d3-d1, d3-d5, d3-f1, d3-f3, d3-f5: the seven segments, by cell.
    assert_eq!(first.next, cells("b1 b3 d1 d5 f1 f3 f5", StepRole::Move));
    assert_eq!(first.board, start);
    let f5 = game.next_steps(&start, &[step("f5")]).unwrap();
    assert_eq!(f5.complete, None);
    assert_eq!(
        f5.board.to_string(),
        "7/7/7/1w3(ww)1/2wwb2/7/7/7 w 1 0 0 12 12 - 0"
    );
    assert_eq!(f5.next, cells("d3 d5 d7 f3 f7", StepRole::Move));
    let d3 = game.next_steps(&start, &[step("f5"), step("d3")]).unwrap();
    assert_eq!(
        game.diagram(&d3.board).lines().nth(4),
        Some("4  .  .  w  w  bw .  .")
    );
    assert_eq!(d3.board.segment(), 2);
    assert_eq!(d3.next, cells("c2 c6 e2 e6 g2 g4 g6", StepRole::Move));
    let done = game
        .next_steps(&start, &[step("f5"), step("d3"), step("c2")])
        .unwrap();
    assert_whole(
        &done,
        "d3-f5 f5-d3 e4-c2",
        "7/7/7/1w5/2ww3/3(wb)3/2w4/7 b 0 0 0 12 12 - 1",
    );
    // The segment that cannot be made (two towers) is refused, as is a step after the end.
    assert_eq!(
        game.next_steps(&start, &[step("b5")]),
        Err(StepError::NotLegal {
            index: 1,
            step: step("b5"),
            why: Some(Illegal::breaks(
                "§4.4",
                "no legal segment lands the top stone on b5: the tower on d3 must move on: \
                 its top stone lands two cells away"
            )),
        })
    );
    assert_eq!(
        game.next_steps(&start, &[step("f3"), step("a1")]),
        Err(StepError::NotLegal {
            index: 2,
            step: step("a1"),
            why: Some(Illegal::breaks("§4.9", "the turn is complete")),
        })
    );
}

/// Example 7 (§8) one step at a time: the free step c1 onto d2, three segments, then no
/// legal fifth segment, so the penalty is the only choice; the bottom stone is White's, so it
/// waits as White's pending stone until White puts it back on c1 or d1.
#[test]
fn example_7_step_by_step_ends_in_the_penalty_and_its_re_placement() {
    let game = game(&[]);
    let start = game.initial_state();
    let stones = game.next_steps(&start, &[]).unwrap();
    assert_eq!(
        stones.next,
        cells("b2 c1 c2 c3 d1 d2 d3 e1 e2 e3 f2", StepRole::Select)
    );
    let c1 = game.next_steps(&start, &[step("c1")]).unwrap();
    assert_eq!(c1.next, cells("b1 b2 c2 d1 d2", StepRole::Move));
    assert_eq!(c1.board, start, "a selected stone has not moved yet");
    let chain = [step("c1"), step("d2"), step("d4"), step("d1"), step("d3")];
    let tower = game.next_steps(&start, &chain[..2]).unwrap();
    assert_eq!(
        tower.board.to_string(),
        "2bbb2/1bbbbb1/2bbb2/7/7/2www2/1ww(ww)ww1/3ww2 w 1 0 0 12 12 - 0"
    );
    let stuck = game.next_steps(&start, &chain).unwrap();
    assert_eq!(
        stuck.board.to_string(),
        "2bbb2/1bbbbb1/2bbb2/7/3w3/2www2/1ww(ww)ww1/4w2 w 4 0 0 12 12 - 0"
    );
    assert_eq!(stuck.next, vec![TurnStep::choice(0)]);
    let mut penalty = chain.to_vec();
    penalty.push(Step::Choice(0));
    let lifted = game.next_steps(&start, &penalty).unwrap();
    assert_eq!(lifted.next, cells("c1 d1", StepRole::Place));
    assert_eq!(
        lifted.board.to_string(),
        "2bbb2/1bbbbb1/2bbb2/7/3w3/2www2/1wwwww1/4w2 w 4 -2 0 12 12 w 0"
    );
    penalty.push(step("c1"));
    let done = game.next_steps(&start, &penalty).unwrap();
    assert_whole(
        &done,
        "c1-d2 d2-d4 d3-d1 d1-d3 !=c1",
        "2bbb2/1bbbbb1/2bbb2/7/3w3/2www2/1wwwww1/2w1w2 b 0 -2 0 12 12 - 1",
    );
}

/// Example 5 (§8): the penalty whose bottom stone is Black's ends White's turn at once, and
/// Black's turn starts by putting it back on d8 or e8.
#[test]
fn example_5_the_opponents_bottom_stone_waits_for_his_turn() {
    let game = game(&[]);
    let start = pos(&game, "2b4/7/7/7/7/w1w4/bb5/(bw)ww4 w 0 5 0 12 12 - 0");
    assert_eq!(
        game.next_steps(&start, &[]).unwrap().next,
        vec![TurnStep::choice(0)]
    );
    let done = game.next_steps(&start, &[Step::Choice(0)]).unwrap();
    assert_whole(&done, "!", "2b4/7/7/7/7/w1w4/bb5/www4 b 0 3 0 12 12 b 1");
    let black = game.next_steps(&done.board, &[]).unwrap();
    assert_eq!(black.next, cells("d8 e8", StepRole::Place));
    let placed = game.next_steps(&done.board, &[step("d8")]).unwrap();
    assert_eq!(
        placed.board.to_string(),
        "2bb3/7/7/7/7/w1w4/bb5/www4 b 0 3 0 12 12 - 1"
    );
    assert_eq!(placed.next.first().map(|t| t.role), Some(StepRole::Select));
}

/// Example 4 (§8): a segment into the goal scores at once and the stone waits, as White's
/// pending stone, to be put back on d1; with `Continue` the tower it built then moves on, and
/// when the score reaches the target the turn ends with the tower standing.
#[test]
fn example_4_a_scored_stone_waits_to_be_put_back() {
    let game = game(&[]);
    let start = pos(&game, "2bb3/3(bw)3/7/7/7/7/7/2w1w2 w 0 0 0 12 12 - 0");
    let scored = game.next_steps(&start, &[step("d9")]).unwrap();
    assert_eq!(scored.next, cells("d1", StepRole::Place));
    assert_eq!(
        scored.board.to_string(),
        "2b(bb)3/7/7/7/7/7/7/2w1w2 w 1 2 0 12 12 w 0"
    );
    let done = game.next_steps(&start, &[step("d9"), step("d1")]).unwrap();
    assert_whole(
        &done,
        "d7-d9=d1",
        "2b(bb)3/7/7/7/7/7/7/2www2 b 0 2 0 12 12 - 1",
    );

    let go_on = self::game(&[("scoring_friendly_tower", "Continue")]);
    let ww = pos(&go_on, "2bb3/3(ww)3/7/7/7/7/7/2w1w2 w 0 0 0 12 12 - 0");
    let placed = go_on.next_steps(&ww, &[step("d9"), step("d1")]).unwrap();
    assert_eq!(placed.complete, None);
    assert_eq!(
        placed.board.to_string(),
        "2b(bw)3/7/7/7/7/7/7/2www2 w 1 2 0 12 12 - 0"
    );
    assert_eq!(placed.next, cells("b6 b8 d6 f6 f8", StepRole::Move));
    let ten = pos(&go_on, "2bb3/3(ww)3/7/7/7/7/7/2w1w2 w 0 10 0 12 12 - 0");
    let won = go_on.next_steps(&ten, &[step("d9"), step("d1")]).unwrap();
    assert_whole(
        &won,
        "d7-d9=d1",
        "2b(bw)3/7/7/7/7/7/7/2www2 b 0 12 0 12 12 - 1",
    );
}

/// Example 6 (§8): with `single_step_into_goal` the stone on d8 may step into d9 and is put
/// back on c1, d1 or e1; without it d9 is not offered.
#[test]
fn example_6_the_free_step_into_the_goal() {
    let text = "3w3/7/7/7/7/7/7/b6 w 0 0 0 12 12 - 0";
    let plain = game(&[]);
    let state = pos(&plain, text);
    assert_eq!(
        plain.next_steps(&state, &[step("d8")]).unwrap().next,
        cells("c7 c8 d7 e7 e8", StepRole::Move)
    );
    let goal = game(&[("single_step_into_goal", "on")]);
    let state = pos(&goal, text);
    assert_eq!(
        goal.next_steps(&state, &[step("d8")]).unwrap().next,
        cells("c7 c8 d7 d9 e7 e8", StepRole::Move)
    );
    let stepped = goal.next_steps(&state, &[step("d8"), step("d9")]).unwrap();
    assert_eq!(stepped.next, cells("c1 d1 e1", StepRole::Place));
    assert_eq!(
        stepped.board.to_string(),
        "7/7/7/7/7/7/7/b6 w 1 2 0 12 12 w 0"
    );
}

/// The board a front end draws after each step of a move is the one `board_after_steps`
/// gives, which the walk and the listing share.
#[test]
fn board_after_steps_is_the_board_the_walk_shows() {
    let game = game(&[]);
    let start = game.initial_state();
    let mv: Move = "c1-d2 d2-d4 d3-d1 d1-d3 !=c1".parse().unwrap();
    let steps: Vec<Step> = steps_of(&game, &start, &mv)
        .iter()
        .map(|t| t.step)
        .collect();
    for done in 1..steps.len() {
        assert_eq!(
            game.board_after_steps(&start, &mv, done).as_ref(),
            Some(&game.next_steps(&start, &steps[..done]).unwrap().board),
            "after {done} steps"
        );
    }
}

#[test]
fn a_finished_game_has_no_steps() {
    let game = game(&[]);
    let won = pos(&game, "2b(bb)3/7/7/7/7/7/7/2www2 b 0 12 0 12 12 - 1");
    assert_eq!(game.next_steps(&won, &[]), Err(StepError::GameOver));
    assert_eq!(
        game.next_steps(&won, &[step("c8")]),
        Err(StepError::GameOver)
    );
}

/// The turn that must begin otherwise than with a stone of the mover's says so, and says why
/// a click elsewhere is refused (issue 38): the tower that must move, the stone to put back.
#[test]
fn a_turn_that_must_begin_otherwise_says_what_it_waits_for() {
    let game = game(&[]);
    // Example 2: the tower on d3 must move; clicking the tower itself is refused, saying so.
    let tower = pos(&game, "7/7/7/1w3w1/2ww3/3(bw)3/7/7 w 0 0 0 12 12 - 0");
    assert_eq!(
        game.turn_prompt(&tower, &[]).as_deref(),
        Some("the tower on d3 must move on: its top stone lands two cells away (rule 2.1)")
    );
    let refused = game.next_steps(&tower, &[step("d3")]).unwrap_err();
    assert_eq!(
        refused.why().map(ToString::to_string).as_deref(),
        Some(
            "the tower itself is not a step: the tower on d3 must move on: its top stone \
             lands two cells away (§4.4)"
        )
    );
    // Example 5: the tower with no segment pays the penalty; then Black puts the stone back.
    let stuck = pos(&game, "2b4/7/7/7/7/w1w4/bb5/(bw)ww4 w 0 5 0 12 12 - 0");
    assert_eq!(
        game.turn_prompt(&stuck, &[]).as_deref(),
        Some("the tower on a1 has no legal segment: White pays the penalty (rule 4)")
    );
    let put_back = pos(&game, "2b4/7/7/7/7/w1w4/bb5/www4 b 0 3 0 12 12 b 1");
    assert_eq!(
        game.turn_prompt(&put_back, &[]).as_deref(),
        Some("Black first puts back the stone the opponent's penalty took (rule 3)")
    );
    let on_c6 = game.next_steps(&put_back, &[step("c6")]).unwrap_err();
    assert_eq!(
        on_c6.why().map(ToString::to_string).as_deref(),
        Some(
            "Black first puts back the stone the opponent's penalty took, on the first of \
             Black's setup rows with a free cell (else in its own half), not on c6 (§4.6)"
        )
    );
    // A free step needs no prompt, and its refusals name the free step's rule.
    let free = game.next_steps(&put_back, &[step("d8")]).unwrap();
    assert!(free.complete.is_none());
    assert_eq!(game.turn_prompt(&put_back, &[step("d8")]), None);
    let empty = game
        .next_steps(&put_back, &[step("d8"), step("d5")])
        .unwrap_err();
    assert_eq!(
        empty.why().map(ToString::to_string).as_deref(),
        Some("there is no single stone of Black's on d5 to step with (§4.3)")
    );
}
