//! The playground's engine API, natively: every registered game opens, builds a turn step by
//! step, plays, refuses with a reason, undoes, draws, replays a move's steps, writes and
//! reads records, and lets a computer player choose.

use serde_json::Value;
use towers_web::{Session, choose_move, games, random_walk_move};

fn json(text: &str) -> Value {
    serde_json::from_str(text).unwrap()
}

fn names() -> Vec<String> {
    json(&games())
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["name"].as_str().unwrap().to_owned())
        .collect()
}

/// Builds a whole turn by always taking the first offered step; returns the steps and the
/// move they make.
fn first_turn(session: &Session) -> (Vec<String>, String) {
    let mut steps: Vec<String> = Vec::new();
    loop {
        let turn = json(
            &session
                .try_turn(&serde_json::to_string(&steps).unwrap())
                .unwrap(),
        );
        assert!(turn["refused"].is_null(), "{turn}");
        if let Some(mv) = turn["complete"].as_str() {
            return (steps, mv.to_owned());
        }
        steps.push(turn["next"][0]["step"].as_str().unwrap().to_owned());
    }
}

#[test]
fn every_game_builds_a_turn_step_by_step_plays_and_undoes() {
    assert_eq!(names().len(), tower_games::registry::names().len());
    for name in &names() {
        let mut session = Session::open(name, "", "").unwrap();
        let view = json(&session.view());
        assert!(
            view.get("moves").is_none(),
            "{name}: the view lists no moves"
        );
        let start = view["position"].as_str().unwrap().to_owned();
        let first = json(&session.try_turn("[]").unwrap());
        let offered = first["next"].as_array().unwrap();
        assert!(!offered.is_empty(), "{name}");
        assert!(
            offered
                .iter()
                .all(|s| !s["name"].as_str().unwrap().is_empty())
        );
        let (steps, mv) = first_turn(&session);
        // The board after the steps of a turn in progress draws.
        let board = json(
            &session
                .try_board(0, &serde_json::to_string(&steps[..1]).unwrap(), true)
                .unwrap(),
        );
        assert!(
            board["svg"].as_str().unwrap().contains("class=\"cell\""),
            "{name}"
        );
        assert!(!board["cells"].as_array().unwrap().is_empty());
        let marked = json(&session.try_move_steps(&mv).unwrap());
        let marked: Vec<&str> = marked
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s["step"].as_str().unwrap())
            .collect();
        assert_eq!(
            marked, steps,
            "{name}: a move's steps are the steps that made it"
        );
        assert!(session.try_move_steps("not a move").is_err());
        assert!(session.try_play("not a move").is_err(), "{name}");
        assert_eq!(session.try_play(&mv).unwrap(), mv);
        let view = json(&session.view());
        let played = &view["played"][0];
        assert_eq!(played["text"].as_str().unwrap(), mv);
        assert_eq!(played["side"].as_u64().unwrap(), 0);
        let words = played["words"].as_str().unwrap();
        assert!(
            words.starts_with(view["sides"][0].as_str().unwrap()),
            "{name}: {words}"
        );
        // The move's frames: one per step, the last the position after it.
        let frames = json(&session.try_move_frames(1, false).unwrap());
        assert_eq!(
            frames["frames"].as_array().unwrap().len(),
            steps.len(),
            "{name}"
        );
        let now = json(&session.try_board(1, "", false).unwrap());
        assert_eq!(frames["frames"][steps.len() - 1]["svg"], now["svg"]);
        assert!(session.try_move_frames(2, false).is_err());
        assert_eq!(frames["steps"], json(&session.try_played_steps(1).unwrap()));
        assert!(session.try_played_steps(0).is_err() && session.try_played_steps(2).is_err());
        let reply =
            choose_move(name, &session.options(), &session.snapshot(), "mcts:50", 1).unwrap();
        let reply = json(&reply);
        session.try_play(reply["move"].as_str().unwrap()).unwrap();
        assert!(session.undo() && session.undo() && !session.undo());
        assert_eq!(json(&session.view())["position"].as_str().unwrap(), start);
    }
}

#[test]
fn hostile_steps_are_refused_without_a_panic() {
    let session = Session::open("kamisado", "", "").unwrap();
    for bad in [
        "{",
        "[1]",
        r#"["x"]"#,
        r#"["1"]"#,
        r#"["choice:x"]"#,
        r#"["300,1"]"#,
        r#"["-1,0"]"#,
    ] {
        assert!(session.try_turn(bad).is_err(), "{bad}");
    }
    let many = serde_json::to_string(&vec!["0,0"; 65]).unwrap();
    assert!(session.try_turn(&many).is_err());
    // Well-formed steps that no turn begins with are refused in the answer, not as errors.
    let turn = json(&session.try_turn(r#"["0,3"]"#).unwrap());
    let why = turn["refused"].as_str().unwrap();
    assert_eq!(
        why,
        "There is no tower on a4 (rule 1.1, How a tower moves)."
    );
    assert!(session.try_board(0, r#"["0,3"]"#, false).is_err());
}

#[test]
fn a_refusal_names_the_rule() {
    // Kamisado from the start: a tower cannot move sideways (forward only).
    let session = Session::open("kamisado", "", "").unwrap();
    let turn = json(&session.try_turn(r#"["0,0", "1,0"]"#).unwrap());
    let why = turn["refused"].as_str().unwrap();
    // The rule book's numbered section, which the page links to its anchor; not the
    // specification's `§`.
    assert!(why.ends_with("(rule 1.1, How a tower moves)."), "{why}");
    assert_eq!(
        turn["rule"],
        serde_json::json!({
            "number": "1.1",
            "title": "How a tower moves",
            "anchor": "tower-moves",
            "citation": "rule 1.1, How a tower moves",
        })
    );
    // A move typed in is refused with the same citation.
    let mut typed = Session::open("kamisado", "", "").unwrap();
    let why = typed.try_play("a1-a8").unwrap_err();
    assert!(why.ends_with("(rule 1.1, How a tower moves)."), "{why}");
    // And so is a hint's move that is not legal, in the words every front end shares.
    let why = typed.try_move_steps("a1-a8").unwrap_err();
    assert_eq!(
        why,
        "illegal move `a1-a8`: a8 is occupied (rule 1.1, How a tower moves)"
    );
}

#[test]
fn records_go_out_and_come_back() {
    let mut session = Session::open("tower-of-power", "", "").unwrap();
    for _ in 0..3 {
        let (_, mv) = first_turn(&session);
        session.try_play(&mv).unwrap();
    }
    let record = session.record("human", "mcts:1s", 7);
    let parsed = tower_games::record::Record::from_json(&record).unwrap();
    let replayed = parsed.verify().unwrap();
    assert_eq!(
        replayed.state.position_text(),
        json(&session.view())["position"].as_str().unwrap()
    );
    let back = Session::read_record(&record).unwrap();
    let (back, here) = (json(&back.view()), json(&session.view()));
    assert_eq!(back["position"], here["position"]);
    assert_eq!(back["played"], here["played"]);
    let broken = record.replace(&parsed.moves[1], "a1-a1");
    let error = Session::read_record(&broken).err().unwrap();
    assert!(error.starts_with("move 2"), "{error}");
    assert!(Session::read_record("{}").is_err());
}

#[test]
fn the_quick_move_is_legal_in_every_game() {
    for name in &names() {
        let session = Session::open(name, "", "").unwrap();
        for seed in 0..5 {
            let mv = random_walk_move(name, "", &session.snapshot(), seed).unwrap();
            let mut copy = Session::open(name, "", "").unwrap();
            copy.try_play(&mv).unwrap();
        }
    }
}

#[test]
fn options_and_positions_are_checked() {
    assert!(Session::open("kamisado", r#"{"match_target": "3"}"#, "").is_ok());
    assert!(Session::open("kamisado", r#"{"match_target": 5}"#, "").is_err());
    assert!(Session::open("chess", "", "").is_err());
    assert!(Session::open("kamisado", "", "not a position").is_err());
    assert!(choose_move("kamisado", "", "{}", "mcts:10", 1).is_err());
    assert!(choose_move("kamisado", "", r#"{"position":"x"}"#, "mcts:10", 1).is_err());
    let start = Session::open("kamisado", "", "").unwrap();
    assert!(choose_move("kamisado", "", &start.snapshot(), "wizard", 1).is_err());
    let timed = choose_move("kamisado", "", &start.snapshot(), "mcts:20ms", 1).unwrap();
    assert!(timed.contains("\"move\""));
}

/// The refusals the playground issue names, each in the rule book's words with its section:
/// a paralysed King, a Chain Reaction tower that must move, the refill choice, a Kamisado
/// tower other than the required one.
#[test]
fn the_named_refusals_give_their_rules() {
    let qc = "15/15/15/11k3/15/15/9q5/15/1c3Q9/3C11/4K10/2c1c10/15/15/15 r 0 0 ongoing";
    let cr = "7/7/7/1w3w1/2ww3/3(bw)3/7/7 w 0 0 0 12 12 - 0";
    let round = [
        "d1-d7", "g8-g6", "pass", "g6-g2", "h1-h4", "d8-e7", "g1-e3", "f8-h6", "e3-d4", "h8-h7",
        "f1-f7", "pass", "d7-d8",
    ];
    /// The game, its options, a position, moves from there, the refused steps and words the
    /// refusal must hold.
    type Case<'a> = (&'a str, &'a str, &'a str, &'a [&'a str], &'a str, &'a str);
    let cases: [Case; 5] = [
        ("queens-courtiers", "", qc, &[], r#"["4,4"]"#, "paralysed"),
        (
            "queens-courtiers",
            "",
            qc,
            &[],
            r#"["4,4", "4,5"]"#,
            "paralysed",
        ),
        (
            "chain-reaction",
            "",
            cr,
            &[],
            r#"["1,4", "1,5"]"#,
            "must move",
        ),
        (
            "kamisado",
            r#"{"match_target": "3"}"#,
            "",
            &round,
            r#"["0,0"]"#,
            "chooses the refill side",
        ),
        (
            "kamisado",
            "",
            "",
            &["d1-d4"],
            r#"["0,7"]"#,
            "required tower",
        ),
    ];
    for (game, options, position, moves, steps, words) in cases {
        let mut session = Session::open(game, options, position).unwrap();
        for mv in moves {
            session.try_play(mv).unwrap();
        }
        let turn = json(&session.try_turn(steps).unwrap());
        let why = turn["refused"].as_str().unwrap();
        assert!(
            why.contains(words) && why.contains("(rule ") && !why.contains('§'),
            "{game} {steps}: {why}"
        );
    }
    // The refill choice is offered as the named choices, in words.
    let mut session = Session::open("kamisado", r#"{"match_target": "3"}"#, "").unwrap();
    for mv in round {
        session.try_play(mv).unwrap();
    }
    let turn = json(&session.try_turn("[]").unwrap());
    let names: Vec<&str> = turn["next"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["name"].as_str().unwrap())
        .collect();
    assert_eq!(
        names,
        [
            "refill the home rows from the left (the brown corner)",
            "refill the home rows from the right"
        ]
    );
}

/// Issue 38: a refusal comes from the step mechanism in the game's words (never a guess at a
/// move from the clicks), the help line's prompt from the turn's state, and the board of a
/// turn in progress shows the steps made.
#[test]
fn refusals_and_prompts_come_from_the_step_mechanism() {
    let refused = |game: &str, moves: &[&str], steps: &str| {
        let mut session = Session::open(game, "", "").unwrap();
        for mv in moves {
            session.try_play(mv).unwrap();
        }
        json(&session.try_turn(steps).unwrap())["refused"]
            .as_str()
            .unwrap_or_default()
            .to_owned()
    };
    // Kamisado Example 2: the blocked tower passes, with the button named; no Sumo.
    assert_eq!(
        refused("kamisado", &["d1-d7", "g8-g6"], r#"["3,6"]"#),
        "The yellow tower on d7, which White must move, is blocked: it passes \
         (rule 1.2, Which tower moves). Press Pass."
    );
    let mut blocked = Session::open("kamisado", "", "").unwrap();
    for mv in ["d1-d7", "g8-g6"] {
        blocked.try_play(mv).unwrap();
    }
    assert_eq!(
        json(&blocked.try_turn("[]").unwrap())["prompt"],
        "The yellow tower on d7, which White must move, is blocked: it passes (rule 1.2)."
    );
    // Tower of Power a1, c3, d4 and Seven Sages h5, h8, h10: the squares and the rule.
    assert_eq!(
        refused("tower-of-power", &[], r#"["0,0", "2,2", "3,3"]"#),
        "The row a1-c3 lifts 2 stones, which are dealt one per square in a line starting next \
         to the base c3, so the last lands 2 squares from c3: e5, not d4 (rule 3.2, The row \
         move)."
    );
    let sages = refused("seven-sages", &[], r#"["7,4", "7,7", "7,9"]"#);
    assert!(
        sages.starts_with("The ball cannot stop on h10: it must leave h10, its first pivot "),
        "{sages}"
    );
    // Chain Reaction: the tower that must move says so before any click.
    let cr = "7/7/7/1w3w1/2ww3/3(bw)3/7/7 w 0 0 0 12 12 - 0";
    let session = Session::open("chain-reaction", "", cr).unwrap();
    assert_eq!(
        json(&session.try_turn("[]").unwrap())["prompt"],
        "The tower on d3 must move on: its top stone lands two cells away (rule 2.1)."
    );
    // A free turn has no prompt.
    let start = Session::open("queens-courtiers", "", "").unwrap();
    assert!(json(&start.try_turn("[]").unwrap())["prompt"].is_null());
}

/// Issue 38: mid-turn the board shows the steps made: Tower of Power's lifted stones leave
/// the row.
#[test]
fn the_board_of_a_turn_in_progress_shows_the_steps_made() {
    let session = Session::open("tower-of-power", "", "").unwrap();
    let board = json(&session.try_board(0, r#"["0,0", "2,2"]"#, false).unwrap());
    let pieces = board["pieces"].as_array().unwrap();
    let on = |col: u64, row: u64| {
        pieces
            .iter()
            .any(|p| p[0][0].as_u64() == Some(col) && p[0][1].as_u64() == Some(row))
    };
    assert!(!on(0, 0) && !on(1, 1) && on(2, 2), "{pieces:?}");
}

/// Tower of Power's single step a1-a2 also begins the row moves a1-a2-…: its steps end with
/// the finishing step, and making them all makes the move (what a hint numbers and a replay
/// clicks); a row move's steps need none.
#[test]
fn a_move_that_begins_a_longer_one_ends_with_finish() {
    let session = Session::open("tower-of-power", "", "").unwrap();
    let steps: Vec<String> = json(&session.try_move_steps("a1-a2").unwrap())
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["step"].as_str().unwrap().to_owned())
        .collect();
    assert_eq!(steps, ["0,0", "0,1", "finish"]);
    let turn = json(
        &session
            .try_turn(&serde_json::to_string(&steps).unwrap())
            .unwrap(),
    );
    assert_eq!(turn["complete"], "a1-a2");
    let row = json(&session.try_move_steps("a1-a2-a3").unwrap());
    assert_eq!(row.as_array().unwrap().len(), 3);
    assert!(
        row.as_array()
            .unwrap()
            .iter()
            .all(|s| s["step"] != "finish")
    );
}

/// The terms a rule book sets in bold (`**Sumo**`), in lower case, but for the sides' names.
fn bold_terms(book: &board_kernel::RuleBook) -> Vec<String> {
    let mut terms = Vec::new();
    for block in &book.blocks {
        if let board_kernel::Block::Text(text) = block {
            for (i, part) in text.split("**").enumerate() {
                let term = part.trim().trim_end_matches([':', '.']).to_lowercase();
                if i % 2 == 1 && !term.is_empty() && term != "white" && term != "black" {
                    terms.push(term);
                }
            }
        }
    }
    terms
}

/// Whether `text` (lower case) holds `term` as whole words.
fn has_words(text: &str, term: &str) -> bool {
    text.match_indices(term).any(|(at, _)| {
        let before = text[..at].chars().next_back();
        let after = text[at + term.len()..].chars().next();
        !before.is_some_and(char::is_alphanumeric) && !after.is_some_and(char::is_alphanumeric)
    })
}

/// How to move comes from each game, through the games list: the game's own words, saying
/// "click" (the page says "tap" on a touch screen) and in the terms of its rule book.
#[test]
fn every_game_says_how_to_move_in_its_rule_book_s_terms() {
    for entry in json(&games()).as_array().unwrap() {
        let name = entry["name"].as_str().unwrap();
        let how_to = entry["how_to"].as_str().unwrap();
        let game = tower_games::registry::build(name, &[]).unwrap();
        assert_eq!(how_to, game.how_to_move(), "{name}");
        assert_ne!(
            how_to, "Click a piece, then where it goes.",
            "{name}: the game says how to move in its own words"
        );
        let lower = how_to.to_lowercase();
        assert!(has_words(&lower, "click"), "{name}: {how_to}");
        let terms: Vec<String> = bold_terms(&game.rule_book())
            .into_iter()
            .filter(|t| has_words(&lower, t))
            .collect();
        assert!(
            terms.len() >= 2,
            "{name}: the way to move uses the rule book's terms ({terms:?}): {how_to}"
        );
    }
    // The browser tests read these: Kamisado's names the Sumo, and Seven Sages' (shown on a
    // phone) begins with the word that becomes "Tap".
    let how_to = |name: &str| {
        tower_games::registry::build(name, &[])
            .unwrap()
            .how_to_move()
    };
    assert!(how_to("kamisado").contains("Sumo"));
    assert!(how_to("seven-sages").starts_with("Click"));
}

/// The words of a named choice are the game's: Kamisado's refill sides say what they do, a
/// choice without words of its own is called by its name.
#[test]
fn named_choices_are_in_the_game_s_words() {
    let kamisado = tower_games::registry::build("kamisado", &[]).unwrap();
    let words: Vec<Option<&str>> = (0..4).map(|i| kamisado.choice_words(i)).collect();
    assert_eq!(
        words,
        [
            Some("pass"),
            Some("refill the home rows from the left (the brown corner)"),
            Some("refill the home rows from the right"),
            None
        ]
    );
}

#[test]
fn the_player_panels_count_captures_where_the_game_has_them() {
    // Tower of Power's Example 5: c3-e3-e5 captures the Black top stone on e5; White has 5
    // stones, Black 4 before it (counted by hand from the rule book's diagram).
    let position = "8/8/4b3/4(wb)3/8/2(bw)w(ww)b2/8/8 w 0 0";
    let mut session = Session::open("tower-of-power", "", position).unwrap();
    let before = json(&session.view());
    assert_eq!(before["captures"]["taken"], serde_json::json!([0, 0]));
    assert_eq!(before["captures"]["in_play"], serde_json::json!([5, 4]));
    session.try_play("c3-e3-e5").unwrap();
    let after = json(&session.view());
    assert_eq!(after["captures"]["taken"], serde_json::json!([1, 0]));
    assert_eq!(after["captures"]["in_play"], serde_json::json!([5, 3]));
    assert_eq!(
        after["captures"]["words"][0],
        "White has captured 1 Black stone; Black has 3 stones in play."
    );
    assert_eq!(
        after["captures"]["words"][1],
        "Black has captured 0 White stones; White has 5 stones in play."
    );
    assert!(session.undo());
    assert_eq!(
        json(&session.view())["captures"]["taken"],
        serde_json::json!([0, 0])
    );
    // Games whose pieces are never captured say nothing; those with points show the points.
    for name in ["kamisado", "chain-reaction", "seven-sages"] {
        let view = json(&Session::open(name, "", "").unwrap().view());
        assert!(view["captures"].is_null(), "{name}: {view}");
    }
    let courtiers = json(&Session::open("queens-courtiers", "", "").unwrap().view());
    assert_eq!(courtiers["captures"]["taken"], serde_json::json!([0, 0]));
}
