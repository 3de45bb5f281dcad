//! The policy and value network in candle: the model that is trained, and its exchange with
//! the weights files `game-net` plays from.

use std::collections::HashMap;

use board_kernel::SplitMix64;
use candle_core::{D, DType, Device, Tensor};
use candle_nn::{Linear, Module, VarBuilder, VarMap, linear};
use game_net::weights::{
    LAYER_INPUT, LAYER_POLICY, LAYER_VALUE_HIDDEN, LAYER_VALUE_OUT, Tensor as FileTensor,
    hidden_layer,
};
use game_net::{NetMeta, WeightsFile};

use crate::TrainError;

/// The network: the same layers, names and shapes as `game_net::Network` reads.
pub struct Model {
    meta: NetMeta,
    varmap: VarMap,
    input: Linear,
    hidden: Vec<Linear>,
    policy: Linear,
    value_hidden: Linear,
    value_out: Linear,
}

impl std::fmt::Debug for Model {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Model")
            .field("meta", &self.meta)
            .finish_non_exhaustive()
    }
}

/// The losses of one batch.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Losses {
    /// Cross-entropy of the policy against the search's visit shares.
    pub policy: f32,
    /// Mean squared error of the value against the game's result.
    pub value: f32,
}

impl Model {
    /// A freshly initialised network for `meta`'s shapes: every weight and bias uniform in
    /// `±1/sqrt(inputs)` of its layer (the usual default of linear layers), drawn from
    /// `seed`, so that a run is reproducible (candle's own generator cannot be seeded on the
    /// CPU).
    pub fn new(meta: NetMeta, seed: u64) -> Result<Model, TrainError> {
        let mut model = Model::unseeded(meta)?;
        let mut rng = SplitMix64::new(seed);
        let mut names: Vec<(String, Vec<usize>)> = {
            let data = model
                .varmap
                .data()
                .lock()
                .map_err(|_| TrainError::Poisoned)?;
            data.iter()
                .map(|(name, var)| (name.clone(), var.as_tensor().dims().to_vec()))
                .collect()
        };
        names.sort();
        for (name, shape) in names {
            let layer = name.rsplit_once('.').map_or(name.as_str(), |(l, _)| l);
            let inputs = model
                .meta
                .layers()
                .into_iter()
                .find(|(n, _, _)| n == layer)
                .map_or(1, |(_, _, inputs)| inputs);
            let bound = 1.0 / (inputs.max(1) as f64).sqrt();
            let count: usize = shape.iter().product();
            let values: Vec<f32> = (0..count)
                .map(|_| ((2.0 * rng.unit() - 1.0) * bound) as f32)
                .collect();
            let value = Tensor::from_vec(values, shape.as_slice(), &Device::Cpu)?;
            model.varmap.set_one(&name, value)?;
        }
        Ok(model)
    }

    /// The network with candle's (unseeded) initialisation.
    fn unseeded(meta: NetMeta) -> Result<Model, TrainError> {
        let device = Device::Cpu;
        let varmap = VarMap::new();
        let vb = VarBuilder::from_varmap(&varmap, DType::F32, &device);
        let input = linear(meta.input, meta.hidden, vb.pp(LAYER_INPUT))?;
        let hidden = (0..meta.depth)
            .map(|i| linear(meta.hidden, meta.hidden, vb.pp(hidden_layer(i))))
            .collect::<Result<Vec<_>, _>>()?;
        let policy = linear(meta.hidden, meta.actions, vb.pp(LAYER_POLICY))?;
        let value_hidden = linear(meta.hidden, meta.value_hidden, vb.pp(LAYER_VALUE_HIDDEN))?;
        let value_out = linear(meta.value_hidden, 1, vb.pp(LAYER_VALUE_OUT))?;
        Ok(Model {
            meta,
            varmap,
            input,
            hidden,
            policy,
            value_hidden,
            value_out,
        })
    }

    /// The network of a weights file (to go on training it).
    pub fn from_file(file: &WeightsFile) -> Result<Model, TrainError> {
        let mut model = Model::unseeded(file.meta.clone())?;
        for (name, tensor) in &file.tensors {
            let value = Tensor::from_slice(&tensor.values, tensor.shape.as_slice(), &Device::Cpu)?;
            model.varmap.set_one(name, value)?;
        }
        Ok(model)
    }

    /// The metadata (shapes, game, generation).
    #[must_use]
    pub fn meta(&self) -> &NetMeta {
        &self.meta
    }

    /// Sets the generation written into the weights.
    pub fn set_generation(&mut self, generation: u64, note: String) {
        self.meta.generation = generation;
        self.meta.note = note;
    }

    /// The variables the optimiser trains.
    #[must_use]
    pub fn vars(&self) -> Vec<candle_core::Var> {
        self.varmap.all_vars()
    }

    /// The logits `[batch, actions]` and values `[batch]` (through `tanh`) of inputs
    /// `[batch, input]`.
    pub fn forward(&self, x: &Tensor) -> Result<(Tensor, Tensor), TrainError> {
        let mut h = self.input.forward(x)?.relu()?;
        for layer in &self.hidden {
            h = layer.forward(&h)?.relu()?;
        }
        let logits = self.policy.forward(&h)?;
        let v = self.value_hidden.forward(&h)?.relu()?;
        let value = self.value_out.forward(&v)?.tanh()?.squeeze(D::Minus1)?;
        Ok((logits, value))
    }

    /// The loss of a batch: `inputs [b, input]`, legal-action `masks [b, actions]` (1 or 0),
    /// visit-share `targets [b, actions]` and results `outcomes [b]`. The policy is softmaxed
    /// over the legal actions only.
    pub fn loss(
        &self,
        inputs: &Tensor,
        masks: &Tensor,
        targets: &Tensor,
        outcomes: &Tensor,
    ) -> Result<(Tensor, Losses), TrainError> {
        let (logits, values) = self.forward(inputs)?;
        // Illegal actions are pushed far down before the softmax; their targets are zero.
        let masked = (logits + ((masks - 1.0)? * 1e9)?)?;
        let log_probs = candle_nn::ops::log_softmax(&masked, D::Minus1)?;
        let policy = (targets * log_probs)?.sum(D::Minus1)?.neg()?.mean_all()?;
        let value = (values - outcomes)?.sqr()?.mean_all()?;
        let losses = Losses {
            policy: policy.to_scalar::<f32>()?,
            value: value.to_scalar::<f32>()?,
        };
        Ok(((policy + value)?, losses))
    }

    /// The weights as a file `game-net` reads.
    pub fn to_file(&self) -> Result<WeightsFile, TrainError> {
        let data = self
            .varmap
            .data()
            .lock()
            .map_err(|_| TrainError::Poisoned)?;
        let mut tensors = HashMap::new();
        for (name, var) in data.iter() {
            let t = var.as_tensor();
            tensors.insert(
                name.clone(),
                FileTensor {
                    shape: t.dims().to_vec(),
                    values: t.flatten_all()?.to_vec1::<f32>()?,
                },
            );
        }
        Ok(WeightsFile {
            meta: self.meta.clone(),
            tensors,
        })
    }
}
