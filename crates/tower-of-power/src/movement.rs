//! Movement (§4): what the stones of one side can do on a board — row moves (pile a row of
//! own stones onto its end stone and deal the pile out in a straight line) and single steps
//! of one active stone — listed, counted, found by index, checked and played. The turn
//! ([`crate::turn`]) asks this on a state once the end rules (§5) let the game go on; the end
//! rules ask it whether a side can move at all, so it stands apart from both.

use board_kernel::{Side, Square};

use crate::board::{Bits, Board, RAY, STEP, dir_index, index};
use crate::notation::Move;
use crate::options::Options;

/// Appends every legal move of `me` (the game being on) to `moves`: row moves, then single
/// steps when allowed. Allocates nothing beyond growing `moves`.
pub(crate) fn generate(options: &Options, board: &Board, me: Side, moves: &mut Vec<Move>) {
    let scan = Scan::new(options, board, me);
    for t in Bits(scan.own) {
        scan.rows(t, |mv| moves.push(mv));
    }
    if options.single_step {
        for s in Bits(scan.own) {
            scan.steps(s, |mv| moves.push(mv));
        }
    }
}

/// The squares of `me`'s stones that begin a legal move (the game being on): each stone at
/// the far end of a row that may be dealt, and with single steps each stone that may step.
pub(crate) fn first_squares(options: &Options, board: &Board, me: Side) -> u64 {
    let scan = Scan::new(options, board, me);
    let mut first = scan.row_fars();
    if options.single_step {
        for s in Bits(scan.own & !first) {
            if scan.count_steps(s) > 0 {
                first |= 1 << s;
            }
        }
    }
    first
}

/// Appends to `moves` the legal moves of `me` (the game being on) that begin with the stone
/// on `first`, in the order of [`generate`]: the rows whose far end it is, then its steps.
pub(crate) fn moves_from(
    options: &Options,
    board: &Board,
    me: Side,
    first: Square,
    moves: &mut Vec<Move>,
) {
    let scan = Scan::new(options, board, me);
    let far = index(first);
    if scan.own >> far & 1 == 0 {
        return;
    }
    for t in Bits(scan.own) {
        scan.rows_to(t, far, |mv| moves.push(mv));
    }
    if options.single_step {
        scan.steps(far, |mv| moves.push(mv));
    }
}

/// How many legal moves `me` has (the game being on), without listing them.
pub(crate) fn count(options: &Options, board: &Board, me: Side) -> usize {
    let scan = Scan::new(options, board, me);
    let mut n = scan.all_rows(|_, _| {});
    if options.single_step {
        n += Bits(scan.own).map(|s| scan.count_steps(s)).sum::<usize>();
    }
    n
}

/// The move at the index `pick` chooses (given how many there are) in the list of
/// [`generate`], found by counting each stone's moves and walking only the chosen stone's;
/// `None` (and no call of `pick`) when there is none.
pub(crate) fn pick(
    options: &Options,
    board: &Board,
    me: Side,
    pick: impl FnOnce(usize) -> usize,
) -> Option<Move> {
    let scan = Scan::new(options, board, me);
    // Each stone's row moves, then (when allowed) each stone's steps: the list's order.
    let mut counts = [0u16; 64];
    let mut total = scan.all_rows(|t, n| counts[t] += n as u16);
    let mut steps = [0u8; 64];
    if options.single_step {
        for s in Bits(scan.own) {
            let n = scan.count_steps(s);
            steps[s] = n as u8;
            total += n;
        }
    }
    if total == 0 {
        return None;
    }
    let mut index = pick(total);
    for t in Bits(scan.own) {
        let n = usize::from(counts[t]);
        if index < n {
            if scan.stacks == 0 {
                return scan.nth_row(t, index);
            }
            return nth_move(index, |f| scan.rows(t, f));
        }
        index -= n;
    }
    for s in Bits(scan.own) {
        let n = usize::from(steps[s]);
        if index < n {
            return nth_move(index, |f| scan.steps(s, f));
        }
        index -= n;
    }
    None
}

/// `DEALS[t][n]`: how many row moves with base `t` have a row length from 1 to `n` along
/// one direction, when no stack blocks a deal — for each length `k`, the directions with `k`
/// squares of board but the row's own.
static DEALS: [[u8; 8]; 64] = {
    let mut table = [[0u8; 8]; 64];
    let mut t = 0;
    while t < 64 {
        let mut n = 1;
        while n < 8 {
            let mut long_enough = 0;
            let mut v = 0;
            while v < 8 {
                if RAY[t][v] as usize >= n {
                    long_enough += 1;
                }
                v += 1;
            }
            table[t][n] = table[t][n - 1] + long_enough - 1;
            n += 1;
        }
        t += 1;
    }
    table
};

/// `HAS_NEXT[u]`: the squares with a square next to them in direction `u`.
static HAS_NEXT: [u64; 8] = {
    let mut table = [0u64; 8];
    let mut u = 0;
    while u < 8 {
        let mut t = 0;
        while t < 64 {
            if RAY[t][u] > 0 {
                table[u] |= 1 << t;
            }
            t += 1;
        }
        u += 1;
    }
    table
};

/// `LINES[u][t]`: the squares from `t` (not included) to the edge in direction `u`.
static LINES: [[u64; 64]; 8] = {
    let mut table = [[0u64; 64]; 8];
    let mut u = 0;
    while u < 8 {
        let mut t = 0;
        while t < 64 {
            let mut k = 1;
            while k <= RAY[t][u] as isize {
                table[u][t] |= 1 << (t as isize + STEP[u] * k);
                k += 1;
            }
            t += 1;
        }
        u += 1;
    }
    table
};

/// The move at `index` of those `walk` gives.
fn nth_move(index: usize, walk: impl FnOnce(&mut dyn FnMut(Move))) -> Option<Move> {
    let mut found = None;
    let mut seen = 0;
    walk(&mut |mv| {
        if seen == index {
            found = Some(mv);
        }
        seen += 1;
    });
    found
}

/// What every stone's moves share: the mover's active stones and the stacks no stone may be
/// dealt onto.
struct Scan {
    own: u64,
    stacks: u64,
}

impl Scan {
    #[inline]
    fn new(options: &Options, board: &Board, me: Side) -> Scan {
        Scan {
            own: board.active(me),
            stacks: forbidden_stacks(options, board),
        }
    }

    /// Walks the rows whose base is the stone on `t`, in list order: each direction `u`, each
    /// length `k`, calling `visit(u, k, far)` with the row's far end `far` (a square index);
    /// the walk goes on that way while `visit` says `true`.
    #[inline(always)]
    fn walk_rows(&self, t: usize, mut visit: impl FnMut(usize, isize, usize) -> bool) {
        let ray = &RAY[t];
        for u in 0..8 {
            let mut k = 0;
            let mut sq = t as isize;
            while (k as u8) < ray[u] {
                sq += STEP[u];
                if self.own >> sq & 1 == 0 {
                    break;
                }
                k += 1;
                if !visit(u, k, sq as usize) {
                    break;
                }
            }
        }
    }

    /// The directions `v` a row of length `k` from the base `t` along `u` may be dealt in,
    /// ascending.
    #[inline(always)]
    fn deals(&self, t: usize, u: usize, k: isize) -> impl Iterator<Item = usize> + '_ {
        let ray = &RAY[t];
        (0..8).filter(move |&v| v != u && ray[v] >= k as u8 && deal_is_clear(self.stacks, t, v, k))
    }

    /// The far ends of the rows [`Scan::rows`] gives over every base, as a set of squares.
    fn row_fars(&self) -> u64 {
        let mut fars = 0_u64;
        for t in Bits(self.own) {
            self.walk_rows(t, |u, k, sq| {
                if fars >> sq & 1 == 0 && self.deals(t, u, k).next().is_some() {
                    fars |= 1 << sq;
                }
                true
            });
        }
        fars
    }

    /// Gives `f` the row moves of base `t` and length `k` along `u` (far end `far`), in
    /// list order.
    #[inline(always)]
    fn rows_of(&self, t: usize, u: usize, k: isize, far: usize, f: &mut impl FnMut(Move)) {
        let (base, far) = (crate::board::square(t), crate::board::square(far));
        for v in self.deals(t, u, k) {
            let end = crate::board::square((t as isize + STEP[v] * k) as usize);
            f(Move::Row { far, base, end });
        }
    }

    /// The moves [`Scan::rows`] gives from the base `t` whose far end is `far`, in its order.
    fn rows_to(&self, t: usize, far: usize, mut f: impl FnMut(Move)) {
        self.walk_rows(t, |u, k, sq| {
            if sq != far {
                return true;
            }
            self.rows_of(t, u, k, sq, &mut f);
            false
        });
    }

    /// The row moves whose base is the stone on `t`, in list order: each direction `u` of
    /// the row, each length `k`, each deal direction `v`.
    #[inline]
    fn rows(&self, t: usize, mut f: impl FnMut(Move)) {
        self.walk_rows(t, |u, k, sq| {
            self.rows_of(t, u, k, sq, &mut f);
            true
        });
    }

    /// How many row moves every stone has: the total, with `add(t, n)` told of the `n` more
    /// that the stone on `t` has, in no particular order.
    #[inline]
    fn all_rows(&self, mut add: impl FnMut(usize, usize)) -> usize {
        let mut total = 0;
        if self.stacks == 0 {
            // Every deal direction long enough is clear: a row of length `k` deals in each
            // of them but its own, and `DEALS[t][run]` sums that over the lengths of a run.
            // Only a stone with a stone of its own next to it that way has a row.
            for (u, &step) in STEP.iter().enumerate() {
                let next = if step > 0 {
                    self.own >> step
                } else {
                    self.own << -step
                };
                for t in Bits(self.own & next & HAS_NEXT[u]) {
                    let n = usize::from(DEALS[t][self.run(t, u)]);
                    add(t, n);
                    total += n;
                }
            }
        } else {
            for t in Bits(self.own) {
                let n = self.count_rows(t);
                add(t, n);
                total += n;
            }
        }
        total
    }

    /// How many moves [`Scan::rows`] gives, walking them.
    #[inline]
    fn count_rows(&self, t: usize) -> usize {
        let mut n = 0;
        self.walk_rows(t, |u, k, _| {
            n += self.deals(t, u, k).count();
            true
        });
        n
    }

    /// The row move at `index` in the list of [`Scan::rows`] of `t` when no stack blocks a
    /// deal, found from [`DEALS`] without walking the moves before it (`None` for an index
    /// past the stone's moves).
    fn nth_row(&self, t: usize, mut index: usize) -> Option<Move> {
        let base = crate::board::square(t);
        let ray = &RAY[t];
        for (u, &step) in STEP.iter().enumerate() {
            let run = self.run(t, u);
            if index >= usize::from(DEALS[t][run]) {
                index -= usize::from(DEALS[t][run]);
                continue;
            }
            for k in 1..=run {
                let deals = usize::from(DEALS[t][k] - DEALS[t][k - 1]);
                if index >= deals {
                    index -= deals;
                    continue;
                }
                let far = crate::board::square((t as isize + step * k as isize) as usize);
                let v = (0..8)
                    .filter(|&v| v != u && usize::from(ray[v]) >= k)
                    .nth(index)?;
                let end = crate::board::square((t as isize + STEP[v] * k as isize) as usize);
                return Some(Move::Row { far, base, end });
            }
        }
        None
    }

    /// How many of the mover's active stones follow `t` in direction `u` without a gap
    /// (the longest row with base `t` that way).
    ///
    /// The nearest square along the line that is not an active stone of the mover's is the
    /// lowest or highest bit of the line's mask without those stones (one bit scan); the run
    /// ends just before it, or at the edge.
    #[inline]
    fn run(&self, t: usize, u: usize) -> usize {
        let gaps = LINES[u][t] & !self.own;
        if gaps == 0 {
            return usize::from(RAY[t][u]);
        }
        let gap = if STEP[u] > 0 {
            gaps.trailing_zeros()
        } else {
            63 - gaps.leading_zeros()
        } as usize;
        // Squares along a line differ by the same number of files or ranks at every step.
        let (files, ranks) = ((gap % 8).abs_diff(t % 8), (gap / 8).abs_diff(t / 8));
        files.max(ranks) - 1
    }

    /// The single steps of the stone on `s`, in list order.
    #[inline]
    fn steps(&self, s: usize, mut f: impl FnMut(Move)) {
        let from = crate::board::square(s);
        for v in 0..8 {
            if RAY[s][v] > 0 && deal_is_clear(self.stacks, s, v, 1) {
                let to = crate::board::square((s as isize + STEP[v]) as usize);
                f(Move::Step { from, to });
            }
        }
    }

    /// How many moves [`Scan::steps`] gives.
    #[inline]
    fn count_steps(&self, s: usize) -> usize {
        if self.stacks == 0 {
            // Every neighbour on the board.
            return usize::from(DEALS[s][1]) + 1;
        }
        (0..8)
            .filter(|&v| RAY[s][v] > 0 && deal_is_clear(self.stacks, s, v, 1))
            .count()
    }
}

/// The stacks no stone may be dealt onto: none by default; every stack with the French
/// *Tours* rule (`deal_onto_stacks` off).
#[inline]
fn forbidden_stacks(options: &Options, board: &Board) -> u64 {
    if options.deal_onto_stacks {
        0
    } else {
        board.stacks()
    }
}

/// Whether dealing `k` stones from square `t` in direction `v` meets none of `stacks`.
#[inline]
fn deal_is_clear(stacks: u64, t: usize, v: usize, k: isize) -> bool {
    stacks == 0 || (1..=k).all(|i| stacks >> (t as isize + STEP[v] * i) & 1 == 0)
}

/// Whether `me` has at least one legal move (rule 5.1): any active stone when single steps
/// are allowed, else two adjacent active stones (which always give at least two row moves:
/// the base has at least three neighbours, only one of which is back along the row).
pub(crate) fn has_move(options: &Options, board: &Board, me: Side) -> bool {
    if !options.deal_onto_stacks {
        // Stacks can block every deal: count the moves.
        return count(options, board, me) > 0;
    }
    let single_step = options.single_step;
    let own = board.active(me);
    if single_step {
        return own != 0;
    }
    const NOT_A: u64 = !0x0101_0101_0101_0101;
    const NOT_H: u64 = !0x8080_8080_8080_8080;
    // Each own square with an own neighbour to the east, north, north-east or north-west.
    let east = own & (own >> 1) & NOT_H;
    let north = own & (own >> 8);
    let north_east = own & (own >> 9) & NOT_H;
    let north_west = own & (own >> 7) & NOT_A;
    east | north | north_east | north_west != 0
}

/// Plays a legal `mv` for `me`; returns whether it captured.
pub(crate) fn play(board: &mut Board, me: Side, mv: Move) -> bool {
    match mv {
        Move::Step { from, to } => {
            board.lift(index(from));
            board.drop_stone(index(to), me)
        }
        Move::Row { far, base, end } => {
            let (Some((u, k)), Some((v, _))) = (base.line_to(far), base.line_to(end)) else {
                return false;
            };
            let t = index(base) as isize;
            let (su, sv) = (STEP[dir_index(u)], STEP[dir_index(v)]);
            for i in 1..=k as isize {
                board.lift((t + su * i) as usize);
            }
            let mut captured = false;
            for i in 1..=k as isize {
                captured |= board.drop_stone((t + sv * i) as usize, me);
            }
            captured
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_setup_has_705_moves_and_count_agrees() {
        let board = Board::initial();
        let mut moves = Vec::new();
        let on = Options::default();
        let off = Options {
            single_step: false,
            ..on
        };
        generate(&on, &board, Side::White, &mut moves);
        assert_eq!(moves.len(), 705);
        assert_eq!(count(&on, &board, Side::White), 705);
        assert_eq!(count(&off, &board, Side::White), 614);
    }

    #[test]
    fn adjacency_test_for_rows() {
        let mut board = Board::empty();
        let w = board_kernel::Side::White;
        board.set(Square::at(0, 0), crate::Tower::single(w));
        board.set(Square::at(7, 1), crate::Tower::single(w));
        let on = Options::default();
        let off = Options {
            single_step: false,
            ..on
        };
        assert!(!has_move(&off, &board, w), "a1 and h2 are not adjacent");
        board.set(Square::at(7, 0), crate::Tower::single(w));
        assert!(has_move(&off, &board, w));
        assert!(has_move(&on, &board, w));
    }
}
