//! Random games and matches: every observation along them checked against the position it
//! shows, independently of the encoder.

use super::*;

/// The squares of `side`'s towers on `board`, sorted.
fn towers_of(board: &State, side: Side) -> Vec<String> {
    let mut v: Vec<String> = board
        .towers()
        .filter(|(_, t)| t.owner == side)
        .map(|(sq, _)| sq.to_string())
        .collect();
    v.sort();
    v
}

/// The per-side planes (a side's towers, then its tower of each colour), the mover's and the
/// opponent's: they swap with the side to move.
fn sided(seen: &Seen) -> (Vec<u8>, Vec<u8>) {
    let side = |whose: &str| -> Vec<u8> {
        let mut bytes = seen.plane(&format!("the {whose}'s towers")).to_vec();
        for (_, name) in COLOURS {
            bytes.extend_from_slice(seen.plane(&format!("the {whose}'s {name} tower")));
        }
        bytes
    };
    (side("mover"), side("opponent"))
}

/// Checks one observation against the position it shows, independently of the encoder.
fn check_view(g: &Kamisado, cursor: &TurnCursor<Kamisado>, seen: &Seen) {
    let (start, board) = (cursor.start(), cursor.board(g));
    let o = g.options();
    let mover = start.to_move();
    for (p, plane) in seen.spec.planes.iter().enumerate() {
        let bytes = &seen.out[p * 64..(p + 1) * 64];
        assert!(bytes.iter().all(|&b| b <= plane.scale), "{}", plane.name);
    }
    // The towers, from the side to move.
    assert_eq!(seen.cells("the mover's towers"), towers_of(board, mover));
    assert_eq!(
        seen.cells("the opponent's towers"),
        towers_of(board, mover.opponent())
    );
    let rank = seen.index("a tower's Sumo rank / 3");
    let mut ranks = 0;
    for (sq, t) in board.towers() {
        let side = if t.owner == mover {
            "mover"
        } else {
            "opponent"
        };
        let name = format!(
            "the {side}'s {} tower",
            kamisado::board::colour_name(t.colour)
        );
        assert_eq!(seen.cells(&name), [sq.to_string()], "{name}");
        let at = usize::from(sq.rank()) * 8 + usize::from(sq.file());
        assert_eq!(seen.out[rank * 64 + at], t.rank);
        ranks += u32::from(t.rank);
    }
    let total: u32 = seen
        .plane("a tower's Sumo rank / 3")
        .iter()
        .map(|&b| u32::from(b))
        .sum();
    assert_eq!(total, ranks);
    let ones: usize = (0..18)
        .map(|p| {
            seen.out[p * 64..(p + 1) * 64]
                .iter()
                .filter(|&&b| b == 1)
                .count()
        })
        .sum();
    assert_eq!(
        ones, 32,
        "16 towers, each on its side's plane and its colour's"
    );
    // The markers and counters, from the start of the turn.
    let required = match (start.phase(), start.required()) {
        (Phase::Play, Some(c)) => vec![start.square_of(mover, c).to_string()],
        _ => Vec::new(),
    };
    assert_eq!(seen.cells("the mover's tower that must move"), required);
    assert_eq!(
        seen.constant("the mover may move any tower"),
        u8::from(start.phase() == Phase::Play && start.required().is_none())
    );
    assert_eq!(
        seen.constant("the mover chooses the refill side"),
        u8::from(start.phase() == Phase::Refill)
    );
    assert_eq!(
        seen.constant("consecutive forced passes / 2"),
        start.consecutive_passes()
    );
    let landed: Vec<String> = start
        .last_landing()
        .iter()
        .map(ToString::to_string)
        .collect();
    assert_eq!(seen.cells("where the latest actual move landed"), landed);
    assert_eq!(
        seen.constant("the mover made the latest actual move"),
        u8::from(start.last_actual_mover() == Some(mover))
    );
    let score = start.score();
    for (name, side) in [
        ("the mover's score / match target", mover),
        ("the opponent's score / match target", mover.opponent()),
    ] {
        let level = seen.constant(name);
        assert_eq!(u32::from(level), score[side].min(o.match_target), "{name}");
    }
    let ply = u32::from(seen.constant("plies of this round / max plies per round"));
    if o.max_plies_per_round <= 255 {
        assert_eq!(ply, start.ply());
    } else {
        assert_eq!(ply, start.ply() * 255 / o.max_plies_per_round);
    }
    assert_eq!(
        seen.constant("the mover is the second player"),
        u8::from(mover == Side::Black)
    );
    // The turn so far, as the cursor has it.
    let chosen: BTreeSet<String> = cursor
        .steps()
        .iter()
        .filter_map(|s| match s {
            Step::Cell(p) => Some(Square::at(p.col, p.row).to_string()),
            _ => None,
        })
        .collect();
    let chosen: Vec<String> = chosen.into_iter().collect();
    assert_eq!(seen.cells("a cell chosen this turn"), chosen);
    let next: BTreeSet<String> = cursor
        .next()
        .iter()
        .filter_map(|t| match t.step {
            Step::Cell(p) => Some(Square::at(p.col, p.row).to_string()),
            _ => None,
        })
        .collect();
    let next: Vec<String> = next.into_iter().collect();
    assert_eq!(seen.cells("a legal next cell"), next);
    for (i, name) in Kamisado::CHOICES.iter().enumerate() {
        let offered = cursor
            .next()
            .iter()
            .any(|t| t.step == Step::Choice(i as u8));
        assert_eq!(
            seen.constant(&format!("{name} is a legal next step")),
            u8::from(offered)
        );
    }
    assert!(cursor.next().iter().all(|t| t.step != Step::Finish));
    // At the start of a turn under a colour requirement, the tower that must move is the
    // only first step (or it passes).
    let passes = cursor.next().iter().any(|t| t.step == Step::Choice(0));
    if cursor.steps().is_empty() && !required.is_empty() && !passes {
        assert_eq!(seen.cells("a legal next cell"), required);
    }
}

/// What the random games went through, so that a test knows its checks were exercised.
#[derive(Debug, Default)]
struct Sightings {
    /// Turns after which the side to move changed, and after which it did not (a push).
    swapped: usize,
    kept: usize,
    /// Turns that began with a forced pass offered, or in the refill phase.
    passes: usize,
    refills: usize,
    /// Turns that began with a Sumo on the board.
    sumos: usize,
}

/// Plays `games` random games under `pairs`, checking the observation at every step and the
/// bounds on turns and steps.
fn random_games(pairs: &[(&str, &str)], games: usize, seed: u64) -> Sightings {
    let g = game(pairs);
    let max_turns = g.max_turns().unwrap();
    let max_steps = g.max_turn_steps().unwrap();
    let mut rng = SplitMix64::new(seed);
    let mut seen_in_games = Sightings::default();
    for _ in 0..games {
        let mut cursor = TurnCursor::new(&g, &g.initial_state()).unwrap();
        let mut turns = 0;
        let mut before: Option<(Side, Seen)> = None;
        while !cursor.is_over() {
            let seen = view_of(&g, &cursor);
            check_view(&g, &cursor, &seen);
            seen_in_games.passes += usize::from(seen.constant("pass is a legal next step") == 1);
            seen_in_games.refills +=
                usize::from(seen.constant("the mover chooses the refill side") == 1);
            seen_in_games.sumos +=
                usize::from(seen.plane("a tower's Sumo rank / 3").iter().any(|&b| b > 0));
            if let Some((side, done)) = before.take() {
                // The board the last turn ended on, seen by the new mover: the per-side planes
                // swap exactly when the side to move changed (not after a push).
                let (was_mover, was_opponent) = sided(&done);
                let (mover, opponent) = sided(&seen);
                if side == cursor.start().to_move() {
                    seen_in_games.kept += 1;
                    assert_eq!((mover, opponent), (was_mover, was_opponent));
                } else {
                    seen_in_games.swapped += 1;
                    assert_eq!((mover, opponent), (was_opponent, was_mover));
                }
            }
            let mut steps = 0;
            while cursor.complete().is_none() {
                let next = cursor.next();
                let step = next[rng.below(next.len())].step;
                cursor.push(&g, step).unwrap();
                steps += 1;
                let seen = view_of(&g, &cursor);
                check_view(&g, &cursor, &seen);
                if cursor.complete().is_some() {
                    before = Some((cursor.start().to_move(), seen));
                }
            }
            assert!(steps <= max_steps, "{steps} steps in a turn");
            cursor.advance(&g).unwrap();
            turns += 1;
        }
        assert!(turns <= max_turns, "{turns} turns");
    }
    seen_in_games
}

#[test]
fn random_single_rounds_are_seen_as_they_are() {
    let seen = random_games(&[], scale(200, 2000), 1);
    assert!(seen.swapped > 0 && seen.passes > 0, "{seen:?}");
    assert_eq!(
        (seen.kept, seen.refills, seen.sumos),
        (0, 0, 0),
        "no Sumo, no refill"
    );
    let seen = random_games(&[("first_player", "Black")], scale(50, 500), 2);
    assert!(seen.swapped > 0, "{seen:?}");
}

#[test]
fn random_matches_are_seen_as_they_are() {
    let seen = random_games(&[("match_target", "3")], scale(30, 300), 3);
    assert!(seen.refills > 0 && seen.sumos > 0, "{seen:?}");
    let seen = random_games(
        &[
            ("match_target", "7"),
            ("next_round_starter", "Winner"),
            ("scoring", "PerRound"),
            ("max_plies_per_round", "40"),
        ],
        scale(10, 100),
        4,
    );
    assert!(seen.refills > 0 && seen.kept > 0, "{seen:?}");
    // A backstop of one ply: every round is its first move, then a refill.
    let seen = random_games(
        &[("match_target", "3"), ("max_plies_per_round", "1")],
        scale(50, 500),
        5,
    );
    assert!(seen.refills > 0 && seen.kept == 0, "{seen:?}");
}

#[test]
fn a_game_lasts_as_long_as_the_backstop_allows() {
    // One round of at most 1000 plies (§5.3, §8); a turn is a tower and its square, or one
    // choice (a pass, a refill side).
    let g = game(&[]);
    assert_eq!(g.max_turns(), Some(1000 + 1));
    assert_eq!(g.max_turn_steps(), Some(2));
    assert_eq!(g.max_actions(), Some(2 * 1001));
    // A match to 3 has at most 5 rounds (each scores a point), each of at most 1000 plies
    // and a refill ply but the last (counted for every round: one ply to spare).
    assert_eq!(game(&[("match_target", "3")]).max_turns(), Some(5 * 1001));
    assert_eq!(
        game(&[("match_target", "3"), ("max_plies_per_round", "1")]).max_turns(),
        Some(5 * 2)
    );
    assert_eq!(
        game(&[("match_target", "15"), ("max_plies_per_round", "1000000")]).max_turns(),
        Some(29 * 1_000_001)
    );
    // No option turns the backstop off: it is at least one ply.
    assert!(Options::from_pairs([("max_plies_per_round", "0")]).is_err());
    for target in ["1", "3", "7", "15"] {
        let g = game(&[("match_target", target)]);
        assert!(g.max_turns().is_some() && g.max_turn_steps() == Some(2));
    }
}
