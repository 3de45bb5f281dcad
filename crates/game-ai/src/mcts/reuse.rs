//! Keeping the tree from move to move: the position reached after the player's move and the
//! reply is looked for a few plies below the old root, and its subtree becomes the new tree.

use board_kernel::Game;

use super::{Mcts, NONE};

/// How many plies below the previous root a reused tree's new root may lie: the player's own
/// move and a reply, or a few more where a side moves twice (extra turns, passes).
const REUSE_PLIES: usize = 4;

/// The most positions the search for the next root replays before giving up (a huge tree
/// of a long time budget is not worth walking).
const REUSE_WALK: usize = 100_000;

impl<G: Game> Mcts<G> {
    /// The node of the tree searched from `previous` whose position is `state`, at most
    /// [`REUSE_PLIES`] plies down, found by replaying the tree's moves: below the `chosen`
    /// child when the player's own move is known (so only its subtree is walked), else below
    /// the root, giving up past [`REUSE_WALK`] positions.
    pub(super) fn find(
        &self,
        game: &G,
        previous: &G::State,
        chosen: Option<usize>,
        state: &G::State,
    ) -> Option<usize> {
        let root = self.nodes.first()?;
        let mut level = vec![(0usize, previous.clone())];
        let mut plies = REUSE_PLIES;
        if let Some(c) = chosen.filter(|&c| {
            root.first_child != NONE
                && (root.first_child as usize..(root.first_child + root.children) as usize)
                    .contains(&c)
        }) {
            let mut reached = previous.clone();
            game.play_unchecked(&mut reached, self.nodes[c].mv.as_ref()?);
            if reached == *state && game.history(&reached) == game.history(state) {
                return Some(c);
            }
            level = vec![(c, reached)];
            plies -= 1;
        }
        let mut walked = 0;
        for _ in 0..plies {
            let mut next = Vec::new();
            for (node, position) in &level {
                let n = &self.nodes[*node];
                if n.first_child == NONE {
                    continue;
                }
                for child in n.first_child as usize..(n.first_child + n.children) as usize {
                    if self.nodes[child].visits == 0 {
                        continue;
                    }
                    let mut reached = position.clone();
                    let mv = self.nodes[child].mv.as_ref().expect("children have moves");
                    game.play_unchecked(&mut reached, mv);
                    if reached == *state && game.history(&reached) == game.history(state) {
                        return Some(child);
                    }
                    walked += 1;
                    if walked > REUSE_WALK {
                        return None;
                    }
                    next.push((child, reached));
                }
            }
            level = next;
        }
        None
    }

    /// Makes `node` the root, keeping its subtree (copied to the front of the arena, each
    /// node's children still side by side) and dropping the rest.
    pub(super) fn reroot(&mut self, node: usize) {
        let old = std::mem::take(&mut self.nodes);
        let mut root = old[node].clone();
        root.mv = None;
        self.nodes.push(root);
        let mut i = 0;
        while i < self.nodes.len() {
            let n = &self.nodes[i];
            if n.first_child != NONE {
                let (first, count) = (n.first_child as usize, n.children as usize);
                let placed = self.nodes.len() as u32;
                self.nodes.extend_from_slice(&old[first..first + count]);
                self.nodes[i].first_child = placed;
            }
            i += 1;
        }
    }
}
