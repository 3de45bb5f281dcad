//! The network's forward pass in plain Rust: what a learned player runs at every leaf of its
//! search, on one core, in the browser too.
//!
//! The architecture is a multi-layer perceptron over the observation's values (each byte
//! divided by its plane's scale): a first layer to `hidden` units, `depth` hidden layers, all
//! with ReLU, then a policy head (one logit per action; the legal ones are softmaxed) and a
//! value head (a hidden layer of `value_hidden` units, then one unit through `tanh`). It is
//! the network the training crate defines with candle, and the training crate's tests hold
//! this forward pass to candle's.
//!
//! Observations are mostly zeros (one-hot planes), so the first layer adds up the weight
//! rows of the non-zero inputs only, and every layer keeps its weights transposed (a row per
//! input) so that each step is a vectorisable `out += x · row`.

use pulp::{Arch, Simd, WithSimd};

use crate::weights::{
    LAYER_INPUT, LAYER_POLICY, LAYER_VALUE_HIDDEN, LAYER_VALUE_OUT, NetMeta, WeightsError,
    WeightsFile, hidden_layer,
};

/// One dense layer, its weights transposed: `weights[i * outputs + o]` is input `i`'s weight
/// to output `o`.
#[derive(Clone, Debug, PartialEq)]
struct Dense {
    inputs: usize,
    outputs: usize,
    weights: Vec<f32>,
    bias: Vec<f32>,
}

impl Dense {
    fn from_file(file: &WeightsFile, name: &str) -> Result<Dense, WeightsError> {
        let get = |part: &str| {
            file.tensors
                .get(&format!("{name}.{part}"))
                .ok_or_else(|| WeightsError::BadTensor(format!("`{name}.{part}` is missing")))
        };
        let (weight, bias) = (get("weight")?, get("bias")?);
        let (outputs, inputs) = (weight.shape[0], weight.shape[1]);
        let mut weights = vec![0.0; inputs * outputs];
        for o in 0..outputs {
            for i in 0..inputs {
                weights[i * outputs + o] = weight.values[o * inputs + i];
            }
        }
        Ok(Dense {
            inputs,
            outputs,
            weights,
            bias: bias.values.clone(),
        })
    }

    /// `out = bias + Σ x[i] · row(i)` over the non-zero inputs, compiled for the widest
    /// vector instructions `arch` has found on this CPU. Each output adds its terms in the
    /// same order whatever the width (the lanes are outputs), so the answers are the same
    /// to the bit on every machine.
    fn apply(&self, arch: Arch, x: &[f32], out: &mut [f32]) {
        arch.dispatch(Apply {
            dense: self,
            x,
            out,
        });
    }
}

/// [`Dense::apply`]'s work, which `pulp` compiles once per instruction set and runs in the
/// one the CPU has.
struct Apply<'a> {
    dense: &'a Dense,
    x: &'a [f32],
    out: &'a mut [f32],
}

impl WithSimd for Apply<'_> {
    type Output = ();

    #[inline(always)]
    fn with_simd<S: Simd>(self, simd: S) {
        let Apply { dense, x, out } = self;
        out.copy_from_slice(&dense.bias);
        for (&v, row) in x.iter().zip(dense.weights.chunks_exact(dense.outputs)) {
            if v != 0.0 {
                axpy(simd, v, row, out);
            }
        }
    }
}

/// `out += a · row` in `simd`'s vectors: a multiplication then an addition per lane (no
/// fused multiply-add, which would round differently from a CPU without one).
#[inline(always)]
fn axpy<S: Simd>(simd: S, a: f32, row: &[f32], out: &mut [f32]) {
    let (out_head, out_tail) = S::as_mut_simd_f32s(out);
    let (row_head, row_tail) = S::as_simd_f32s(row);
    let factor = simd.splat_f32s(a);
    for (o, &r) in out_head.iter_mut().zip(row_head) {
        *o = simd.add_f32s(*o, simd.mul_f32s(factor, r));
    }
    for (o, r) in out_tail.iter_mut().zip(row_tail) {
        *o += a * r;
    }
}

fn relu(x: &mut [f32]) {
    for v in x {
        *v = v.max(0.0);
    }
}

/// A policy and value network, read from a weights file.
#[derive(Clone, Debug, PartialEq)]
pub struct Network {
    meta: NetMeta,
    input: Dense,
    hidden: Vec<Dense>,
    policy: Dense,
    value_hidden: Dense,
    value_out: Dense,
}

/// The buffers of one forward pass, reused from position to position.
#[derive(Clone, Debug, Default)]
pub struct Scratch {
    a: Vec<f32>,
    b: Vec<f32>,
    v: Vec<f32>,
    one: [f32; 1],
}

impl Network {
    /// The network of a weights file's bytes, after checking them ([`WeightsFile::read`]).
    pub fn from_bytes(bytes: &[u8]) -> Result<Network, WeightsError> {
        Network::from_file(&WeightsFile::read(bytes)?)
    }

    /// The network of a weights file already read.
    pub fn from_file(file: &WeightsFile) -> Result<Network, WeightsError> {
        let meta = file.meta.clone();
        Ok(Network {
            input: Dense::from_file(file, LAYER_INPUT)?,
            hidden: (0..meta.depth)
                .map(|i| Dense::from_file(file, &hidden_layer(i)))
                .collect::<Result<_, _>>()?,
            policy: Dense::from_file(file, LAYER_POLICY)?,
            value_hidden: Dense::from_file(file, LAYER_VALUE_HIDDEN)?,
            value_out: Dense::from_file(file, LAYER_VALUE_OUT)?,
            meta,
        })
    }

    /// What the weights are for.
    #[must_use]
    pub fn meta(&self) -> &NetMeta {
        &self.meta
    }

    /// The network's output for one input (`meta().input` values): the logits of every
    /// action into `logits`, and the value in `[-1, 1]` for the player to move.
    ///
    /// # Panics
    /// When `input` or `logits` is not the network's size.
    pub fn forward(&self, input: &[f32], logits: &mut [f32], scratch: &mut Scratch) -> f32 {
        assert_eq!(input.len(), self.input.inputs, "input size");
        assert_eq!(logits.len(), self.policy.outputs, "policy size");
        let hidden = self.input.outputs;
        scratch.a.resize(hidden, 0.0);
        scratch.b.resize(hidden, 0.0);
        scratch.v.resize(self.value_hidden.outputs, 0.0);
        let arch = Arch::new();
        self.input.apply(arch, input, &mut scratch.a);
        relu(&mut scratch.a);
        for layer in &self.hidden {
            layer.apply(arch, &scratch.a, &mut scratch.b);
            relu(&mut scratch.b);
            std::mem::swap(&mut scratch.a, &mut scratch.b);
        }
        self.policy.apply(arch, &scratch.a, logits);
        self.value_hidden.apply(arch, &scratch.a, &mut scratch.v);
        relu(&mut scratch.v);
        self.value_out.apply(arch, &scratch.v, &mut scratch.one);
        scratch.one[0].tanh()
    }
}

/// Softmax of `logits` over the actions whose `mask` is true, into `out` (zero elsewhere);
/// uniform when the logits are not finite.
pub fn masked_softmax(logits: &[f32], mask: &[bool], out: &mut [f32]) {
    let max = logits
        .iter()
        .zip(mask)
        .filter(|(_, m)| **m)
        .map(|(l, _)| *l)
        .fold(f32::NEG_INFINITY, f32::max);
    let mut total = 0.0;
    for ((o, &l), &m) in out.iter_mut().zip(logits).zip(mask) {
        *o = if m { (l - max).exp() } else { 0.0 };
        total += *o;
    }
    let legal = mask.iter().filter(|m| **m).count();
    for (o, &m) in out.iter_mut().zip(mask) {
        *o = if total > 0.0 && total.is_finite() {
            *o / total
        } else if m {
            1.0 / legal as f32
        } else {
            0.0
        };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A layer's answers are the same to the bit in plain scalar code and in the vector
    /// instructions this CPU has, so a search with a count budget plays the same moves on
    /// every machine.
    #[test]
    fn vector_instructions_change_no_bit() {
        let mut rng = board_kernel::SplitMix64::new(3);
        let mut value = |zero_in: usize| {
            if rng.below(zero_in) == 0 {
                0.0
            } else {
                (rng.unit() as f32 - 0.5) * 3.7
            }
        };
        // 77 outputs: whole vectors and a tail in every width.
        let (inputs, outputs) = (150, 77);
        let dense = Dense {
            inputs,
            outputs,
            weights: (0..inputs * outputs).map(|_| value(10)).collect(),
            bias: (0..outputs).map(|_| value(10)).collect(),
        };
        for _ in 0..20 {
            let x: Vec<f32> = (0..inputs).map(|_| value(2)).collect();
            let mut scalar = vec![0.0; outputs];
            Apply {
                dense: &dense,
                x: &x,
                out: &mut scalar,
            }
            .with_simd(pulp::Scalar);
            let mut vector = vec![0.0; outputs];
            dense.apply(Arch::new(), &x, &mut vector);
            let bits = |v: &[f32]| v.iter().map(|f| f.to_bits()).collect::<Vec<_>>();
            assert_eq!(bits(&scalar), bits(&vector));
            // And both are the sum a person would write.
            for (o, &got) in scalar.iter().enumerate() {
                let mut sum = dense.bias[o];
                for (i, &v) in x.iter().enumerate() {
                    if v != 0.0 {
                        sum += v * dense.weights[i * outputs + o];
                    }
                }
                assert_eq!(sum.to_bits(), got.to_bits());
            }
        }
    }
}
