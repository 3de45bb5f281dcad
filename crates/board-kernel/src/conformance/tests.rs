use super::*;
use crate::picture::Point;
use crate::steps::{NextSteps, Step, StepError, StepRole, TurnStep, by_listing};
use crate::testing::{Nim, NimOptions, NimState, Take};
use crate::{Illegal, ParseError, RuleBook, Side, Valid};

#[test]
fn nim_conforms() {
    let game = Nim::pile(30, 4);
    let stats = check_with(&game, &Config::games(300), |_, s| {
        if s.stones > 30 {
            Err("stones appeared".into())
        } else {
            Ok(())
        }
    });
    assert_eq!(stats.games, 300);
    assert_eq!(stats.unfinished, 0);
}

/// Nim with one planted bug, to show that the suite notices it.
#[derive(Clone, Debug)]
struct FlawedNim(Nim, Flaw);

#[derive(Clone, Copy, Debug)]
enum Flaw {
    /// Generates taking 3 but validation rejects it.
    RejectsThree,
    /// Taking 3 prints as text that does not parse.
    BadText,
    /// The position text drops the side to move.
    LosesSide,
    /// The key ignores the side to move.
    WeakKey,
    /// Taking 2 and taking 3 are made of the same step.
    SameSteps,
    /// The game's own `next_steps` offers a step no move goes on with.
    ExtraStep,
    /// Counting says one move more than the list.
    MiscountedMoves,
    /// The game ends drawn, though it says it cannot.
    Draws,
}

impl Rules for FlawedNim {
    const NAME: &'static str = "flawed-nim";
    const TITLE: &'static str = "Flawed Nim";
    const CAN_DRAW: bool = false;
    type Options = NimOptions;
    type State = NimState;
    type Move = Take;
    fn new(options: Valid<NimOptions>) -> Self {
        FlawedNim(Nim::new(options), Flaw::RejectsThree)
    }
    crate::testing::nim_rules_passed_on!();
    fn status(&self, s: &NimState) -> crate::Status {
        match self.0.status(s) {
            crate::Status::Finished(_) if matches!(self.1, Flaw::Draws) => {
                crate::Status::Finished(crate::GameResult::draw("planted"))
            }
            status => status,
        }
    }
    fn check_move(&self, s: &NimState, mv: &Take) -> Result<(), Illegal> {
        if matches!(self.1, Flaw::RejectsThree) && mv.0 == 3 {
            return Err(Illegal::breaks("§0", "planted"));
        }
        self.0.check_move(s, mv)
    }
    fn key(&self, s: &NimState) -> u64 {
        if matches!(self.1, Flaw::WeakKey) {
            u64::from(s.stones)
        } else {
            self.0.key(s)
        }
    }
    fn parse_move(&self, s: &NimState, text: &str) -> Result<Take, ParseError> {
        if matches!(self.1, Flaw::BadText) && text == "3" {
            return Err(ParseError::bad_move(text, "planted"));
        }
        self.0.parse_move(s, text)
    }
    fn parse_position(&self, text: &str) -> Result<NimState, ParseError> {
        let mut state = self.0.parse_position(text)?;
        if matches!(self.1, Flaw::LosesSide) {
            state.to_move = Side::White;
        }
        Ok(state)
    }
}

impl Search for FlawedNim {
    fn count_moves(&self, s: &NimState, scratch: &mut Vec<Take>) -> usize {
        let listed = self.0.count_moves(s, scratch);
        listed + usize::from(matches!(self.1, Flaw::MiscountedMoves))
    }
}

impl crate::observe::Observe for FlawedNim {}

impl Steps for FlawedNim {
    const STEPS_BY_LISTING: bool = false;

    fn move_steps(&self, s: &NimState, mv: &Take, out: &mut Vec<TurnStep>) {
        if matches!(self.1, Flaw::SameSteps) && mv.0 == 3 {
            return self.0.move_steps(s, &Take(2), out);
        }
        self.0.move_steps(s, mv, out)
    }
    fn next_steps(
        &self,
        s: &NimState,
        steps: &[Step],
    ) -> Result<NextSteps<Take, NimState>, StepError> {
        let mut here = by_listing(self, s, steps)?;
        if matches!(self.1, Flaw::ExtraStep) && steps.is_empty() {
            here.next
                .push(TurnStep::cell(Point::new(200, 0), StepRole::Select));
        }
        Ok(here)
    }
}

impl Presentation for FlawedNim {
    fn diagram(&self, s: &NimState) -> String {
        self.0.diagram(s)
    }
    fn rule_book() -> RuleBook {
        Nim::rule_book()
    }
    fn course() -> crate::lessons::Course {
        Nim::course()
    }
    fn rule_section(rule: &str) -> Option<&'static str> {
        Nim::rule_section(rule)
    }
}

fn run_flawed(flaw: Flaw) {
    let game = FlawedNim(Nim::default(), flaw);
    check(&game, &Config::games(20));
}

#[test]
#[should_panic(expected = "rejected by check_move")]
fn a_generated_move_that_validation_rejects_is_caught() {
    run_flawed(Flaw::RejectsThree);
}

#[test]
#[should_panic(expected = "does not parse")]
fn move_text_that_does_not_parse_back_is_caught() {
    run_flawed(Flaw::BadText);
}

#[test]
#[should_panic(expected = "re-prints")]
fn a_position_text_that_loses_a_field_is_caught() {
    run_flawed(Flaw::LosesSide);
}

#[test]
#[should_panic(expected = "is also the key of")]
fn a_key_that_ignores_a_field_is_caught() {
    run_flawed(Flaw::WeakKey);
}

#[test]
#[should_panic(expected = "has the same steps as another legal move")]
fn two_moves_with_the_same_steps_are_caught() {
    run_flawed(Flaw::SameSteps);
}

#[test]
#[should_panic(expected = "the steps offered are")]
fn a_next_step_no_move_goes_on_with_is_caught() {
    run_flawed(Flaw::ExtraStep);
}

#[test]
#[should_panic(expected = "count_moves says")]
fn a_search_hook_that_disagrees_with_the_rules_is_caught() {
    run_flawed(Flaw::MiscountedMoves);
}

#[test]
#[should_panic(expected = "it says it cannot end in a draw")]
fn a_draw_in_a_game_without_draws_is_caught() {
    run_flawed(Flaw::Draws);
}

#[test]
fn the_words_for_people_are_checked() {
    let choices = &["pass", "fill-L"];
    assert_eq!(check_words("Click a stone.", choices, &[]), Ok(()));
    assert_eq!(
        check_words("Click a stone.", choices, &[("fill-L", "from the left")]),
        Ok(())
    );
    assert!(
        check_words(" ", choices, &[])
            .unwrap_err()
            .contains("HOW_TO_MOVE")
    );
    let unknown = check_words("Click.", choices, &[("fill-R", "from the right")]);
    assert!(unknown.unwrap_err().contains("`fill-R`, which is none"));
    assert!(
        check_words("Click.", choices, &[("pass", "")])
            .unwrap_err()
            .contains("empty")
    );
    let twice = check_words("Click.", choices, &[("pass", "a"), ("pass", "b")]);
    assert!(twice.unwrap_err().contains("twice"));
}
