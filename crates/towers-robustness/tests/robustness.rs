//! The fuzz targets' bodies ([`towers_robustness`]) run on stable Rust in every test run:
//! thousands of inputs per target and game, mutated from the seed corpora (rule-book
//! positions and options, positions and moves along random games, game records) or made of
//! arbitrary bytes. Each input is refused cleanly or accepted and then checked deeply; a
//! broken promise panics with the game and the input. The fuzzer (`fuzz/`, nightly) explores
//! the same targets guided by coverage. More inputs in CI's heavy step.

use board_kernel::SplitMix64;
use board_kernel::testing::scale;
use towers_robustness as robustness;

/// A small random edit of `bytes` after the first `keep` bytes (the game tag and, for moves,
/// the ply count): delete, insert, replace, duplicate or swap, or splice in a token that
/// parsers treat specially (huge numbers, separators, signs).
fn mutate(bytes: &[u8], keep: usize, rng: &mut SplitMix64) -> Vec<u8> {
    const ALPHABET: &[u8] = b"0123456789abcdefghopqrwxyzBKMQW*#+-=/!>(). _:\n\xc3\xa9";
    const TOKENS: &[&str] = &[
        "18446744073709551615",
        "18446744073709551616",
        "4294967295",
        "-9223372036854775808",
        "999999999999999999999999",
        "0",
        "-1",
        "=",
        "/",
        " ",
        "\u{0}",
        "é",
    ];
    let keep = keep.min(bytes.len());
    let mut out = bytes.to_vec();
    for _ in 0..1 + rng.below(2) {
        let len = out.len() - keep;
        let at = keep + if len == 0 { 0 } else { rng.below(len) };
        match rng.below(7) {
            0 if len > 0 => {
                out.remove(at);
            }
            1 => out.insert(at, ALPHABET[rng.below(ALPHABET.len())]),
            2 if len > 0 => out[at] = ALPHABET[rng.below(ALPHABET.len())],
            3 if len > 0 => {
                let other = keep + rng.below(len);
                out.swap(at, other);
            }
            4 => {
                let token = TOKENS[rng.below(TOKENS.len())].as_bytes();
                let end = (at + rng.below(4)).min(out.len());
                out.splice(at..end, token.iter().copied());
            }
            5 if len > 0 => {
                // Duplicate a run, as a repeated field or square.
                let end = (at + 1 + rng.below(8)).min(out.len());
                let run: Vec<u8> = out[at..end].to_vec();
                out.splice(at..at, run);
            }
            _ => out.push(ALPHABET[rng.below(ALPHABET.len())]),
        }
    }
    out
}

/// A fuzz target's body: whether the input was accepted.
type Target = fn(&[u8]) -> bool;

fn arbitrary(rng: &mut SplitMix64) -> Vec<u8> {
    (0..rng.below(48))
        .map(|_| (rng.next_u64() & 0xff) as u8)
        .collect()
}

/// Runs `target` on the corpus (every seed accepted), then on `cases` inputs: mutations,
/// one in eight
/// arbitrary. Both outcomes must occur, at least `per_mille` of the inputs each, so neither
/// path goes untested.
fn run(target: &str, keep: usize, cases: usize, per_mille: usize, body: Target) {
    let corpus = robustness::seed_corpus(target);
    assert!(!corpus.is_empty(), "{target}: an empty seed corpus");
    for input in &corpus {
        assert!(
            body(input),
            "{target}: the seed {:?} is refused",
            String::from_utf8_lossy(input)
        );
    }
    let mut rng = SplitMix64::new(0xF022 ^ cases as u64);
    let mut accepted = 0;
    for _ in 0..cases {
        let input = if rng.below(8) == 0 {
            arbitrary(&mut rng)
        } else {
            mutate(&corpus[rng.below(corpus.len())], keep, &mut rng)
        };
        accepted += usize::from(body(&input));
    }
    eprintln!("{target}: {accepted} of {cases} inputs accepted");
    assert!(
        accepted * 1000 >= cases * per_mille && (cases - accepted) * 1000 >= cases * per_mille,
        "{target}: {accepted} of {cases} accepted; the mix no longer exercises both paths"
    );
}

#[test]
fn position_texts_are_refused_or_keep_the_contract() {
    run(
        "position",
        1,
        scale(4_000, 8_000),
        5,
        robustness::position_text,
    );
}

#[test]
fn move_texts_are_refused_without_change_or_legal() {
    run("move", 2, scale(6_000, 12_000), 5, robustness::move_text);
}

#[test]
fn turns_take_exactly_the_offered_steps_and_make_legal_moves() {
    run("turn", 2, scale(1_500, 3_000), 5, robustness::turn_steps);
}

#[test]
fn option_settings_are_refused_or_build_a_working_game() {
    run(
        "options",
        1,
        scale(2_000, 4_000),
        5,
        robustness::option_settings,
    );
}

#[test]
fn records_are_refused_or_replay() {
    // Most edits break the JSON itself; the accepted few replay edited moves and options.
    run("record", 0, scale(1_000, 2_000), 4, robustness::record_json);
}

/// Inputs the fuzzer once crashed on, kept in `tests/regressions/TARGET/` (see
/// `cargo xtask fuzz`): each must now be refused cleanly or pass every check.
#[test]
fn kept_fuzz_findings_stay_fixed() {
    let targets: [(&str, Target); 5] = [
        ("position", robustness::position_text),
        ("move", robustness::move_text),
        ("turn", robustness::turn_steps),
        ("options", robustness::option_settings),
        ("record", robustness::record_json),
    ];
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/regressions");
    let mut kept = 0;
    for (target, body) in targets {
        let Ok(entries) = std::fs::read_dir(root.join(target)) else {
            continue;
        };
        for entry in entries {
            let path = entry.expect("a readable directory").path();
            let input = std::fs::read(&path).expect("a readable input");
            eprintln!("{target}: {}", path.display());
            body(&input);
            kept += 1;
        }
    }
    eprintln!("{kept} kept inputs replayed");
    assert!(
        kept >= 5,
        "the kept inputs are missing from {}",
        root.display()
    );
}
