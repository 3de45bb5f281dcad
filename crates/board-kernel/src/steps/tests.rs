use super::*;
use crate::testing::{Nim, NimOptions, NimState, Take};
use crate::{Illegal, ParseError, Side, Valid};

/// Nim whose take of `n` stones is two steps, the cell `((n - 1) / 2, 0)` then the cell
/// `((n - 1) % 2, 1)`: takes 1 and 2 begin alike, as do 3 and 4. It turns its cursor's
/// first-step listing on and keeps the defaults of `first_steps` and
/// `moves_beginning_with`, which a real game must not do ([`check_step_strategy`] refuses it)
/// but shows that the cursor walks the defaults right.
#[derive(Clone, Debug)]
struct PairedNim(Nim);

impl Rules for PairedNim {
    const NAME: &'static str = "paired-nim";
    const TITLE: &'static str = "Paired Nim";
    type Options = NimOptions;
    type State = NimState;
    type Move = Take;
    fn new(options: Valid<NimOptions>) -> Self {
        PairedNim(Nim::new(options))
    }
    crate::testing::nim_rules_passed_on!();
    fn status(&self, s: &NimState) -> crate::Status {
        self.0.status(s)
    }
    fn check_move(&self, s: &NimState, mv: &Take) -> Result<(), Illegal> {
        self.0.check_move(s, mv)
    }
    fn key(&self, s: &NimState) -> u64 {
        self.0.key(s)
    }
    fn parse_move(&self, s: &NimState, text: &str) -> Result<Take, ParseError> {
        self.0.parse_move(s, text)
    }
    fn parse_position(&self, text: &str) -> Result<NimState, ParseError> {
        self.0.parse_position(text)
    }
}

impl Steps for PairedNim {
    const STEPS_BY_FIRST_STEP: bool = true;

    fn move_steps(&self, _s: &NimState, mv: &Take, out: &mut Vec<TurnStep>) {
        let index = mv.0 - 1;
        // Below 256: the test's piles are small.
        out.extend([
            TurnStep::cell(Point::new((index / 2) as u8, 0), StepRole::Select),
            TurnStep::cell(Point::new((index % 2) as u8, 1), StepRole::Move),
        ]);
    }

    /// Says why in words of its own, so the tests see the reason carried by every refusal.
    fn step_refusal(&self, s: &NimState, made: &[Step], refused: Step) -> Option<Illegal> {
        Some(Illegal::breaks(
            "§1",
            format!(
                "{} stones are left; {refused} does not go on after {} steps",
                s.stones,
                made.len()
            ),
        ))
    }

    fn turn_prompt(&self, s: &NimState, made: &[Step]) -> Option<String> {
        made.is_empty()
            .then(|| format!("take from the {} stones", s.stones))
    }
}

fn cell(col: u8, row: u8) -> Step {
    Step::Cell(Point::new(col, row))
}

#[test]
fn default_first_steps_and_moves_beginning_with_follow_the_listing() {
    let game = PairedNim(Nim::pile(10, 5));
    let state = game.initial_state();
    let mut firsts = Vec::new();
    game.first_steps(&state, &mut firsts);
    // Takes 1 to 5 begin on columns 0, 0, 1, 1, 2: each column once.
    assert_eq!(
        firsts,
        [0, 1, 2].map(|c| TurnStep::cell(Point::new(c, 0), StepRole::Select))
    );
    let beginning = |first| {
        let mut moves = Vec::new();
        game.moves_beginning_with(&state, first, &mut moves);
        moves
    };
    assert_eq!(beginning(cell(0, 0)), [Take(1), Take(2)]);
    assert_eq!(beginning(cell(1, 0)), [Take(3), Take(4)]);
    assert_eq!(beginning(cell(2, 0)), [Take(5)]);
    assert_eq!(beginning(cell(3, 0)), []);
    assert_eq!(beginning(cell(0, 1)), []);

    // Three stones left: takes 1 to 3, so column 1 begins take 3 alone.
    let three = NimState {
        stones: 3,
        to_move: Side::Black,
    };
    let mut firsts = Vec::new();
    game.first_steps(&three, &mut firsts);
    assert_eq!(
        firsts,
        [0, 1].map(|c| TurnStep::cell(Point::new(c, 0), StepRole::Select))
    );
    let mut moves = Vec::new();
    game.moves_beginning_with(&three, cell(1, 0), &mut moves);
    assert_eq!(moves, [Take(3)]);

    // A finished game has no first step.
    let done = NimState {
        stones: 0,
        to_move: Side::White,
    };
    let mut firsts = Vec::new();
    game.first_steps(&done, &mut firsts);
    assert!(firsts.is_empty());
}

#[test]
fn a_cursor_on_the_defaults_walks_every_move_as_the_listing_does() {
    let game = PairedNim(Nim::pile(12, 5));
    for stones in 0..=12 {
        let state = NimState {
            stones,
            to_move: Side::White,
        };
        let every: Vec<usize> = (0..5).collect();
        if let Err(e) = check_steps(&game, &state, &every) {
            panic!("{stones} stones: {e}");
        }
    }
}

#[test]
fn the_declared_walk_is_checked_against_the_hooks_overridden() {
    let nim = Nim::default();
    assert_eq!(check_step_strategy(&nim, &nim.initial_state()), Ok(()));
    let paired = PairedNim(Nim::default());
    let wrong = check_step_strategy(&paired, &paired.initial_state()).unwrap_err();
    assert!(wrong.contains("lists the moves twice"), "{wrong}");
}

#[test]
fn a_refusal_carries_the_games_reason_for_the_step_refused() {
    let game = PairedNim(Nim::pile(3, 5));
    let state = game.initial_state();
    // Three stones: column 1 begins take 3 only, so its second step on column 1 is refused
    // (take 4), as is a first step on column 2 (take 5).
    let late = StepError::NotLegal {
        index: 2,
        step: cell(1, 1),
        why: Some(Illegal::breaks(
            "§1",
            "3 stones are left; cell 1,1 does not go on after 1 steps",
        )),
    };
    assert_eq!(
        game.next_steps(&state, &[cell(1, 0), cell(1, 1)]),
        Err(late.clone())
    );
    assert!(
        late.to_string()
            .ends_with(": 3 stones are left; cell 1,1 does not go on after 1 steps (§1)")
    );
    let mut cursor = TurnCursor::new(&game, &state).unwrap();
    cursor.push(&game, cell(1, 0)).unwrap();
    assert_eq!(cursor.push(&game, cell(1, 1)), Err(late));
    let first = game.next_steps(&state, &[cell(2, 0)]).unwrap_err();
    assert_eq!(
        first.why().map(ToString::to_string).as_deref(),
        Some("3 stones are left; cell 2,0 does not go on after 0 steps (§1)")
    );
    assert_eq!(
        game.turn_prompt(&state, &[]).as_deref(),
        Some("take from the 3 stones")
    );
    // A finished game is over: no reason is asked for.
    let done = NimState {
        stones: 0,
        to_move: Side::White,
    };
    assert_eq!(
        game.next_steps(&done, &[cell(0, 0)]),
        Err(StepError::GameOver)
    );
}
