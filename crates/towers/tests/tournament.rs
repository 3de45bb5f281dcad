//! `towers tournament` as a person runs it: the round-robin table and the SPRT verdict.

use std::process::Command;

fn towers(args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_towers"))
        .args(args)
        .output()
        .expect("the towers binary runs");
    assert!(
        out.status.success(),
        "towers {}: {}",
        args.join(" "),
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("UTF-8 output")
}

#[test]
fn a_round_robin_prints_standings_and_every_pair() {
    let round_robin = |threads: &str| {
        towers(&[
            "tournament",
            "kamisado",
            "--players",
            "random,mcts:200,alphabeta:2",
            "--games",
            "12",
            "--threads",
            threads,
            "--seed",
            "5",
        ])
    };
    let out = round_robin("2");
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines[0].starts_with("Kamisado: round robin of 3 players, 12 games a pair"));
    // The standings: a header, then the three players; random, which never beats a
    // searcher at Kamisado's forced-colour tactics here, is last with every game lost.
    assert!(lines[1].starts_with("rank"), "{out}");
    assert!(lines[4].starts_with("3    random"), "{out}");
    assert!(lines[4].contains("+0 =0 -24"), "{out}");
    // Every pair once, first player's view, with an Elo interval.
    let pairs: Vec<&&str> = lines.iter().filter(|l| l.contains(" vs ")).collect();
    assert_eq!(pairs.len(), 3, "{out}");
    assert!(pairs[0].starts_with("random vs mcts:200"), "{out}");
    assert!(pairs.iter().all(|l| l.contains("(95%: ")), "{out}");
    assert!(lines.last().unwrap().starts_with("36 games"), "{out}");
    // Same seed, one thread: the same table (count budgets are reproducible).
    let again = round_robin("1");
    let results = |text: &str| -> Vec<String> {
        text.lines()
            .filter(|l| l.contains(" vs "))
            .map(str::to_owned)
            .collect()
    };
    assert_eq!(results(&out), results(&again));
}

#[test]
fn an_sprt_accepts_that_search_beats_chance() {
    let out = towers(&[
        "tournament",
        "kamisado",
        "--players",
        "mcts:200,random",
        "--games",
        "400",
        "--sprt",
        "0,50",
    ]);
    let verdict = out.lines().nth(1).unwrap();
    assert!(verdict.starts_with("H1 accepted (LLR +"), "{out}");
    assert!(out.contains("time per move: mcts:200 "), "{out}");
}

#[test]
fn a_ladder_measures_each_step_from_the_stronger_side() {
    let out = towers(&[
        "tournament",
        "kamisado",
        "--ladder",
        "--players",
        "random,mcts:100,mcts:1000",
        "--games",
        "10",
        "--seed",
        "2",
    ]);
    let steps: Vec<&str> = out.lines().filter(|l| l.contains(" over ")).collect();
    assert_eq!(steps.len(), 2, "{out}");
    assert!(steps[0].starts_with("mcts:100 over random"), "{out}");
    assert!(steps[1].starts_with("mcts:1000 over mcts:100"), "{out}");
    // Search beats chance: the first step's lower bound is positive.
    assert!(steps[0].contains("(95%: +"), "{out}");
    assert!(
        out.lines()
            .any(|l| l.starts_with("mcts:1000 ") && l.ends_with('s'))
    );
    assert!(out.lines().last().unwrap().starts_with("20 games"), "{out}");
}
