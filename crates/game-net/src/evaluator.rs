//! The network as a PUCT search's [`Evaluator`]: observations in, masked policies and values
//! out, position by position.

use std::marker::PhantomData;
use std::sync::Arc;

use board_kernel::Game;
use game_ai::puct::{EvalBatch, Evaluator};

use crate::network::{Network, PlaneInput, Scratch, masked_softmax};
use crate::weights::WeightsError;

/// A [`Network`] answering for a PUCT search of game `G`.
#[derive(Clone, Debug)]
pub struct NetEvaluator<G: Game> {
    net: Arc<Network>,
    /// `net`'s first layer read plane by plane, with what it remembers of the last
    /// positions (made by `net`, and kept with it).
    planes: PlaneInput,
    /// Each observation byte's factor to its value (`1 / scale` of its plane).
    factors: Vec<f32>,
    input: Vec<f32>,
    logits: Vec<f32>,
    scratch: Scratch,
    evaluated: u64,
    game: PhantomData<fn() -> G>,
}

impl<G: Game> NetEvaluator<G> {
    /// The evaluator of `net` for `game`, after checking that the weights were trained for
    /// this game, its options and its observation.
    pub fn new(net: Arc<Network>, game: &G) -> Result<NetEvaluator<G>, WeightsError> {
        net.meta().check(game)?;
        let spec = game.observation_spec();
        let area = spec.area();
        let factors = spec
            .factors()
            .into_iter()
            .flat_map(|f| std::iter::repeat_n(f, area))
            .collect();
        Ok(NetEvaluator {
            planes: net.plane_input(area),
            input: vec![0.0; spec.len()],
            logits: vec![0.0; net.meta().actions],
            net,
            factors,
            scratch: Scratch::default(),
            evaluated: 0,
            game: PhantomData,
        })
    }

    /// Positions evaluated so far.
    #[must_use]
    pub fn evaluated(&self) -> u64 {
        self.evaluated
    }

    /// The network's policy (masked, summing to 1) and value for one observation and mask.
    pub fn evaluate_one(&mut self, observation: &[u8], mask: &[bool], policy: &mut [f32]) -> f32 {
        for ((x, &b), &f) in self.input.iter_mut().zip(observation).zip(&self.factors) {
            *x = f32::from(b) * f;
        }
        let value = self.net.forward_planes(
            &self.input,
            &mut self.planes,
            &mut self.logits,
            &mut self.scratch,
        );
        masked_softmax(&self.logits, mask, policy);
        self.evaluated += 1;
        value
    }
}

impl<G: Game> Evaluator<G> for NetEvaluator<G> {
    fn describe(&self) -> String {
        let meta = self.net.meta();
        format!("{} network, generation {}", meta.game, meta.generation)
    }

    fn evaluate(&mut self, batch: &mut EvalBatch) {
        let (len, actions) = (batch.observation_len, batch.actions);
        for i in 0..batch.len() {
            let observation = &batch.observations[i * len..(i + 1) * len];
            let mask = &batch.masks[i * actions..(i + 1) * actions];
            let policy = &mut batch.policies[i * actions..(i + 1) * actions];
            batch.values[i] = self.evaluate_one(observation, mask, policy);
        }
    }
}
