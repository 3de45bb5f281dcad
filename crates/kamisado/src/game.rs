//! The game contract for Kamisado.

use std::fmt::Write as _;

use board_kernel::{
    BySide, Game, GameOptions, GameResult, MoveError, OptionError, ParseError, RuleBook, Side,
    Square, Status,
};

use crate::board::{board_colour, home_rank};
use crate::state::decode;
use crate::{Move, Options, Phase, State, position, turn};

/// The Kamisado rules engine under a set of options.
///
/// ```
/// use board_kernel::{Game, Status};
/// use kamisado::Kamisado;
/// let game = Kamisado::default();
/// let mut state = game.initial_state();
/// let mut moves = Vec::new();
/// game.legal_moves(&state, &mut moves);
/// assert_eq!(moves.len(), 102);
/// for ply in ["c1-a3", "b8-h2", "a3-e7", "pass", "pass"] {
///     game.apply_text(&mut state, ply)?;
/// }
/// let Status::Finished(result) = game.status(&state) else { panic!() };
/// assert_eq!(result.reason, "deadlock");
/// # Ok::<(), board_kernel::MoveError>(())
/// ```
#[derive(Clone, Debug, Default)]
pub struct Kamisado {
    options: Options,
}

impl Kamisado {
    /// Plays a record (§6): plies separated by whitespace, comments in braces ignored. All or
    /// nothing: on the first bad ply the error is returned and `state` is left unchanged.
    ///
    /// ```
    /// use kamisado::Kamisado;
    /// use board_kernel::Game;
    /// let game = Kamisado::default();
    /// let mut state = game.initial_state();
    /// let plies = game.play_record(&mut state, "c1-a3 {Bl} b8-h2 {Re}")?;
    /// assert_eq!(plies.len(), 2);
    /// assert!(game.play_record(&mut state, "a3-e7 e8-e1").is_err());
    /// assert_eq!(state.ply(), 2);
    /// # Ok::<(), board_kernel::MoveError>(())
    /// ```
    pub fn play_record(&self, state: &mut State, record: &str) -> Result<Vec<Move>, MoveError> {
        let mut work = state.clone();
        let mut played = Vec::new();
        for token in crate::notation::record_tokens(record)? {
            played.push(self.apply_text(&mut work, token)?);
        }
        *state = work;
        Ok(played)
    }

    /// The number of the side to move's towers that could reach the opponent's home row in one
    /// move, ignoring the colour requirement: a cheap measure of threats.
    fn open_lanes(state: &State, side: Side) -> u32 {
        let target = home_rank(side.opponent()) as i8;
        let dr = side.forward_sign();
        let mut lanes = 0;
        for colour in crate::Colour::ALL {
            let c = state.pos[side.index()][colour.index()];
            let Some(t) = decode(state.cells[c as usize]) else {
                continue;
            };
            let (f, r) = ((c & 7) as i8, (c >> 3) as i8);
            let dist = (target - r) * dr;
            if dist <= 0 || dist > t.max_distance() as i8 {
                continue;
            }
            for df in [-1i8, 0, 1] {
                let clear = (1..=dist).all(|k| {
                    let (ff, rr) = (f + df * k, r + dr * k);
                    (0..8).contains(&ff) && state.occ & (1 << (rr * 8 + ff)) == 0
                });
                if clear {
                    lanes += 1;
                    break;
                }
            }
        }
        lanes
    }
}

impl Game for Kamisado {
    const NAME: &'static str = "kamisado";
    const TITLE: &'static str = "Kamisado";

    type Options = Options;
    type State = State;
    type Move = Move;

    fn new(options: Options) -> Result<Self, OptionError> {
        options.validate()?;
        Ok(Kamisado { options })
    }

    fn options(&self) -> &Options {
        &self.options
    }

    fn initial_state(&self) -> State {
        State::initial(self.options.first_player)
    }

    fn side_to_move(&self, state: &State) -> Side {
        state.to_move
    }

    fn status(&self, state: &State) -> Status {
        match (state.phase, state.result) {
            (Phase::Over, Some(r)) => {
                // The match winner is the winner of the deciding round.
                Status::Finished(GameResult::win(r.winner, r.reason.words()))
            }
            _ => Status::Ongoing,
        }
    }

    fn scores(&self, state: &State) -> Option<BySide<i64>> {
        Some(state.score().map(i64::from))
    }

    fn heuristic(&self, state: &State, side: Side) -> Option<f64> {
        let sign = |s: Side| if s == side { 1.0 } else { -1.0 };
        if let (Phase::Over, Some(r)) = (state.phase, state.result) {
            return Some(sign(r.winner));
        }
        let target = f64::from(self.options.match_target.max(1));
        let score = state.score();
        let lead = (f64::from(score[side]) - f64::from(score[side.opponent()])) / target;
        // Open lanes to the home row are threats; the side to move can use one at once if
        // its required tower has one, which the lane count only approximates.
        let lanes = f64::from(Self::open_lanes(state, side))
            - f64::from(Self::open_lanes(state, side.opponent()));
        let tempo = if state.phase == Phase::Play {
            0.05 * sign(state.to_move)
        } else {
            0.0
        };
        Some((0.5 * lead + 0.1 * lanes + tempo).clamp(-0.99, 0.99))
    }

    fn legal_moves(&self, state: &State, moves: &mut Vec<Move>) {
        turn::generate(state, moves);
    }

    fn play_unchecked(&self, state: &mut State, mv: &Move) {
        turn::play(&self.options, state, mv);
    }

    fn is_legal(&self, state: &State, mv: &Move) -> bool {
        turn::check(state, mv).is_ok()
    }

    fn why_illegal(&self, state: &State, mv: &Move) -> String {
        turn::check(state, mv)
            .err()
            .unwrap_or_else(|| "it is legal".to_owned())
    }

    fn parse_move(&self, _state: &State, text: &str) -> Result<Move, ParseError> {
        crate::notation::parse_ply(text)
    }

    fn parse_position(&self, text: &str) -> Result<State, ParseError> {
        let state = position::parse_structure(text)?;
        position::check_options(text, &self.options, &state)?;
        Ok(state)
    }

    fn diagram(&self, state: &State) -> String {
        position::diagram(state)
    }

    /// The diagram with every square painted in its board colour (ANSI 256-colour
    /// backgrounds), the tower tokens in bold on top: upper case White, lower case Black,
    /// the Sumo rank digit after the code, as in the plain diagram.
    fn coloured_diagram(&self, state: &State) -> String {
        let mut out = String::new();
        for rank in (0..8u8).rev() {
            let _ = write!(out, "{} ", rank + 1);
            for file in 0..8u8 {
                let sq = Square::at(file, rank);
                let (background, foreground) = ansi_colours(board_colour(sq));
                let token = state
                    .tower_at(sq)
                    .map_or_else(|| ".".to_owned(), |t| t.to_string());
                let _ = write!(
                    out,
                    "\x1b[1;48;5;{background};38;5;{foreground}m {token:<3}\x1b[0m"
                );
            }
            out.push('\n');
        }
        out.push_str("   a   b   c   d   e   f   g   h");
        out
    }

    fn rule_book() -> RuleBook {
        crate::rulebook::rule_book()
    }
}

/// The ANSI 256-colour codes of a square colour: its background and a readable foreground
/// (black on the light colours, white on the dark ones).
const fn ansi_colours(colour: crate::Colour) -> (u8, u8) {
    use crate::Colour::{Blue, Brown, Green, Orange, Pink, Purple, Red, Yellow};
    const BLACK: u8 = 16;
    const WHITE: u8 = 231;
    match colour {
        Orange => (208, BLACK),
        Blue => (25, WHITE),
        Purple => (91, WHITE),
        Pink => (212, BLACK),
        Yellow => (220, BLACK),
        Red => (160, WHITE),
        Green => (28, WHITE),
        Brown => (94, WHITE),
    }
}
