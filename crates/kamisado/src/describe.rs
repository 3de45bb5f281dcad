//! A ply in the rule book's words (§3, §4, §5.5): the tower and where it lands, with the
//! colour of that square (the colour the opponent must move next, §4.2); a Sumo push with
//! every tower it pushes and where each lands (§3.2); a forced pass; the refill side.

use board_kernel::{Side, Square};

use crate::board::{board_colour, cell, colour_name, on_board};
use crate::{Fill, Move, State, Tower, turn};

/// A tower's name as the rule book gives it: its Sumo rank, if any, then its colour
/// (`Double Sumo red tower`).
fn tower_name(t: Tower) -> String {
    let rank = match t.rank {
        0 => "",
        1 => "Sumo ",
        2 => "Double Sumo ",
        _ => "Triple Sumo ",
    };
    format!("{rank}{} tower", colour_name(t.colour))
}

/// The square `k` squares ahead of `from` along the rank step `dr`, if on the board.
fn ahead(from: Square, dr: i8, k: i8) -> Option<Square> {
    from.offset(0, dr.saturating_mul(k))
}

/// The words of the named choices ([`crate::steps::CHOICES`]) that are more than their name:
/// the two refill sides, as buttons and in messages (§5.5). The forced pass is `pass`.
pub(crate) const CHOICE_WORDS: &[(&str, &str)] = &[
    (
        "fill-L",
        "refill the home rows from the left (the brown corner)",
    ),
    ("fill-R", "refill the home rows from the right"),
];

/// The ply `mv`, legal in `state`, in words: `orange tower d1 → d5 (green)`, or for a push
/// `Sumo green tower f6 → f5, pushing White's purple tower f5 → f4 (blue)`. The square colour
/// in brackets is the colour of the square the ply ends on (for a push, where the farthest
/// pushed tower lands), which decides the tower that moves next (§3.2, §4.2).
pub(crate) fn describe(state: &State, mv: &Move) -> String {
    match *mv {
        Move::Step { from, to } => {
            let name = state
                .tower_at(from)
                .map_or_else(|| "tower".to_owned(), tower_name);
            format!("{name} {from} → {to} ({})", colour_name(board_colour(to)))
        }
        Move::Push { from, to } => describe_push(state, from, to),
        Move::Pass => match state.required {
            Some(colour) => format!(
                "passes: the {} tower on {} is blocked",
                colour_name(colour),
                state.square_of(state.to_move, colour)
            ),
            None => "passes".to_owned(),
        },
        Move::Fill(Fill::Left) => {
            "refills the home rows from the left (the brown corner)".to_owned()
        }
        Move::Fill(Fill::Right) => "refills the home rows from the right".to_owned(),
    }
}

/// A push (§3.2): the Sumo moves one square ahead and the column of the opponent's towers in
/// front of it moves back one square each, the farthest onto the square beyond the column.
fn describe_push(state: &State, from: Square, to: Square) -> String {
    let Some(sumo) = state.tower_at(from) else {
        return format!("push {from} → {to}");
    };
    let dr: i8 = if to.rank() > from.rank() { 1 } else { -1 };
    // The engine's own column length, so that the words name exactly the towers it moves.
    let n = if on_board(from) {
        turn::push_column(state, cell(from), sumo).unwrap_or(0)
    } else {
        0
    };
    let mut pushed = Vec::new();
    let mut last = to;
    for k in 1..=n as i8 {
        let (Some(at), Some(lands)) = (ahead(from, dr, k), ahead(from, dr, k + 1)) else {
            break;
        };
        let Some(t) = state.tower_at(at) else {
            break;
        };
        pushed.push(format!(
            "{}'s {} {at} → {lands}",
            owner_name(t.owner),
            tower_name(t)
        ));
        last = lands;
    }
    let pushed = match pushed.as_slice() {
        [] => String::new(),
        [one] => format!(", pushing {one}"),
        [init @ .., end] => format!(", pushing {} and {end}", init.join(", ")),
    };
    format!(
        "{} {from} → {to}{pushed} ({})",
        tower_name(sumo),
        colour_name(board_colour(last))
    )
}

/// The rule book's name of a player.
fn owner_name(side: Side) -> &'static str {
    side.name()
}

#[cfg(test)]
mod tests {
    use crate::Kamisado;
    use board_kernel::prelude::*;

    fn game(target: &str) -> Kamisado {
        Kamisado::from_pairs([("match_target", target)]).expect("options")
    }

    /// Rule book Example 3: Black's green Sumo on f6 pushes White's purple tower from f5 to
    /// f4, a blue square (the diagram after the push shows PU on f4, gr1 on f5).
    #[test]
    fn example_3_push_names_the_pushed_tower_and_where_it_lands() {
        let game = game("3");
        let state = game
            .parse_position("orblpupiyere.br/......../.....gr1../.....PU../......../......../......../BRGRREYEPI.BLOR B Gr 0 W f5 3 2 0:1 play -")
            .expect("position");
        let mv = game.parse_move(&state, "f6>f5").expect("move");
        assert_eq!(
            game.describe_move(&state, &mv),
            "Sumo green tower f6 → f5, pushing White's purple tower f5 → f4 (blue)"
        );
    }

    /// Rule book Example 4: White's Double Sumo red tower on c4 pushes Black's orange tower
    /// (c5 → c6) and Black's Sumo blue tower (c6 → c7, a pink square).
    #[test]
    fn example_4_double_push_names_both_towers() {
        let game = game("7");
        let state = game
            .parse_position("..pupi.regrbr/......../..bl1...../..or...ye./..RE2...../......../......../BRGR.YEPIPUBLOR W Re 0 B g5 6 4 3:1 play -")
            .expect("position");
        let mv = game.parse_move(&state, "c4>c5").expect("move");
        assert_eq!(
            game.describe_move(&state, &mv),
            "Double Sumo red tower c4 → c5, pushing Black's orange tower c5 → c6 and \
             Black's Sumo blue tower c6 → c7 (pink)"
        );
    }

    /// The opening move d1-d5 from the initial position: White's yellow tower on d1 (the
    /// home row reads brown, green, red, yellow...) lands on d5, an orange square (rank 5
    /// reads pink, purple, blue, orange...).
    #[test]
    fn a_normal_move_names_the_tower_and_the_colour_it_lands_on() {
        let game = Kamisado::default();
        let state = game.initial_state();
        let mv = game.parse_move(&state, "d1-d5").expect("move");
        assert_eq!(
            game.describe_move(&state, &mv),
            "yellow tower d1 → d5 (orange)"
        );
    }
}
