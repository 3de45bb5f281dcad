//! The buffers a batch writes its games into: borrowed ([`BufferView`]) or owned
//! ([`Buffers`]), split between threads, and one game's entries of them.

use super::{Autoreset, Batch, Setup};
use crate::Game;

/// The buffers a batch writes, borrowed from their owner (a [`Buffers`], numpy arrays): for
/// `n` games, `A` actions and observations of `L` bytes.
pub struct BufferView<'a> {
    /// `n × L` observation bytes ([`crate::observe`]).
    pub observations: &'a mut [u8],
    /// `n × A`: whether each action is legal now.
    pub masks: &'a mut [bool],
    /// `n`: the reward of the player who moved (1 for a win, −1 for a loss, 0 otherwise).
    pub rewards: &'a mut [f32],
    /// `n`: whether the game ended by the rules with this step.
    pub terminated: &'a mut [bool],
    /// `n`: whether the game was cut off at
    /// [`BatchConfig::max_actions`](super::BatchConfig::max_actions) with this step.
    pub truncated: &'a mut [bool],
    /// `n`: the player to move now, 0 (the first side) or 1.
    pub players: &'a mut [u8],
    /// `n × 2`: the returns of both players of a game that ended with this step (first side,
    /// then second), else 0.
    pub returns: &'a mut [f32],
    /// `n × L`, with [`Autoreset::SameStep`] only: the last observation of a game that ended
    /// with this step (zeros for the others). Empty otherwise.
    pub final_observations: &'a mut [u8],
    /// Whether every byte of `observations` is zero on entry (a buffer just made, as the
    /// Python package's arrays are), so that a game's bytes need not be cleared again before
    /// its encoder writes them. `false` is always right; `true` over bytes that are not zero
    /// gives wrong observations.
    pub observations_zeroed: bool,
}

impl BufferView<'_> {
    /// The same buffers, borrowed again for a shorter while (to split between threads).
    pub fn reborrow(&mut self) -> BufferView<'_> {
        BufferView {
            observations: self.observations,
            masks: self.masks,
            rewards: self.rewards,
            terminated: self.terminated,
            truncated: self.truncated,
            players: self.players,
            returns: self.returns,
            final_observations: self.final_observations,
            observations_zeroed: self.observations_zeroed,
        }
    }
}

/// Buffers of the right sizes for a batch, owned.
#[derive(Clone, Debug, Default)]
pub struct Buffers {
    /// See [`BufferView::observations`].
    pub observations: Vec<u8>,
    /// See [`BufferView::masks`].
    pub masks: Vec<bool>,
    /// See [`BufferView::rewards`].
    pub rewards: Vec<f32>,
    /// See [`BufferView::terminated`].
    pub terminated: Vec<bool>,
    /// See [`BufferView::truncated`].
    pub truncated: Vec<bool>,
    /// See [`BufferView::players`].
    pub players: Vec<u8>,
    /// See [`BufferView::returns`].
    pub returns: Vec<f32>,
    /// See [`BufferView::final_observations`].
    pub final_observations: Vec<u8>,
}

impl Buffers {
    /// Buffers sized for `batch`.
    #[must_use]
    pub fn for_batch<G: Game>(batch: &Batch<G>) -> Buffers {
        let n = batch.envs();
        let len = batch.spec().len();
        Buffers {
            observations: vec![0; n * len],
            masks: vec![false; n * batch.actions().len()],
            rewards: vec![0.0; n],
            terminated: vec![false; n],
            truncated: vec![false; n],
            players: vec![0; n],
            returns: vec![0.0; 2 * n],
            final_observations: if batch.config().autoreset == Autoreset::SameStep {
                vec![0; n * len]
            } else {
                Vec::new()
            },
        }
    }

    /// The buffers, borrowed for a step.
    pub fn view(&mut self) -> BufferView<'_> {
        BufferView {
            observations: &mut self.observations,
            masks: &mut self.masks,
            rewards: &mut self.rewards,
            terminated: &mut self.terminated,
            truncated: &mut self.truncated,
            players: &mut self.players,
            returns: &mut self.returns,
            final_observations: &mut self.final_observations,
            observations_zeroed: false,
        }
    }
}

/// The first `n` games' part of `view`, and the rest.
pub(super) fn split_view(
    view: BufferView<'_>,
    n: usize,
    len: usize,
    actions: usize,
    final_len: usize,
) -> (BufferView<'_>, BufferView<'_>) {
    let (o, o2) = view.observations.split_at_mut(n * len);
    let (m, m2) = view.masks.split_at_mut(n * actions);
    let (r, r2) = view.rewards.split_at_mut(n);
    let (te, te2) = view.terminated.split_at_mut(n);
    let (tr, tr2) = view.truncated.split_at_mut(n);
    let (p, p2) = view.players.split_at_mut(n);
    let (re, re2) = view.returns.split_at_mut(2 * n);
    let (f, f2) = view.final_observations.split_at_mut(n * final_len);
    (
        BufferView {
            observations: o,
            masks: m,
            rewards: r,
            terminated: te,
            truncated: tr,
            players: p,
            returns: re,
            final_observations: f,
            observations_zeroed: view.observations_zeroed,
        },
        BufferView {
            observations: o2,
            masks: m2,
            rewards: r2,
            terminated: te2,
            truncated: tr2,
            players: p2,
            returns: re2,
            final_observations: f2,
            observations_zeroed: view.observations_zeroed,
        },
    )
}

/// One game's entries in the buffers.
pub(super) struct Slot<'v> {
    pub(super) observation: &'v mut [u8],
    pub(super) mask: &'v mut [bool],
    pub(super) reward: &'v mut f32,
    pub(super) terminated: &'v mut bool,
    pub(super) truncated: &'v mut bool,
    pub(super) player: &'v mut u8,
    pub(super) returns: &'v mut [f32],
    pub(super) final_observation: &'v mut [u8],
    /// Whether `observation` must be cleared before the encoder writes it: unless the
    /// buffer came zeroed and nothing has been written there yet.
    pub(super) dirty: bool,
}

impl<'v> Slot<'v> {
    /// Game `i`'s entries of `view`.
    pub(super) fn of<G: Game>(
        view: &'v mut BufferView<'_>,
        i: usize,
        setup: &Setup<G>,
    ) -> Slot<'v> {
        let len = setup.spec.len();
        let a = setup.actions.len();
        let final_observation = if view.final_observations.is_empty() {
            &mut []
        } else {
            &mut view.final_observations[i * len..(i + 1) * len]
        };
        Slot {
            observation: &mut view.observations[i * len..(i + 1) * len],
            mask: &mut view.masks[i * a..(i + 1) * a],
            reward: &mut view.rewards[i],
            terminated: &mut view.terminated[i],
            truncated: &mut view.truncated[i],
            player: &mut view.players[i],
            returns: &mut view.returns[2 * i..2 * i + 2],
            final_observation,
            dirty: !view.observations_zeroed,
        }
    }

    pub(super) fn clear_ends(&mut self) {
        *self.reward = 0.0;
        *self.terminated = false;
        *self.truncated = false;
        self.returns.fill(0.0);
        // Empty but with `SameStep`.
        if !self.final_observation.is_empty() {
            self.final_observation.fill(0);
        }
    }
}
