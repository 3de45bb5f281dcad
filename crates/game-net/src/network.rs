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
//!
//! Most of the non-zero inputs that remain are in planes that say one thing everywhere (the
//! side to move, a counter's level, "pass is legal") or that are the same in every position
//! (the board's shape, the Court). A search evaluates position after position of one game,
//! so the evaluator reads the first layer plane by plane: a plane of one value `x` adds `x`
//! times the sum of its rows (one row's work instead of a plane's), and a plane whose values
//! are those it had at its last evaluation adds what it added then (but a plane of one or two
//! non-zero values is added row by row). In Queens' Courtiers, of an observation's about
//! 1,000 non-zero values about 600 are in planes of one value and 300 in the board's and the
//! Court's planes.

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

/// `out += src` in `simd`'s vectors.
#[inline(always)]
fn add<S: Simd>(simd: S, src: &[f32], out: &mut [f32]) {
    let (out_head, out_tail) = S::as_mut_simd_f32s(out);
    let (src_head, src_tail) = S::as_simd_f32s(src);
    for (o, &r) in out_head.iter_mut().zip(src_head) {
        *o = simd.add_f32s(*o, r);
    }
    for (o, r) in out_tail.iter_mut().zip(src_tail) {
        *o += r;
    }
}

/// The first layer read plane by plane, for a run of evaluations of one game's observations
/// by one network (see the module's documentation). Each plane adds its part to the bias in
/// plane order, and a part is worked out the same way whether it is reused or made afresh,
/// so the answer for an input does not depend on what was evaluated before it; it differs
/// from [`Network::forward`]'s in the last bits only, as the sums are grouped otherwise.
///
/// It belongs to the network it was made by ([`Network::plane_input`]): the evaluator keeps
/// the two together.
#[derive(Clone, Debug)]
pub(crate) struct PlaneInput {
    /// Inputs in a plane.
    area: usize,
    /// Outputs of the first layer.
    outputs: usize,
    /// The sum of each plane's weight rows (`outputs` values a plane).
    sums: Vec<f32>,
    /// Each plane's values at its last evaluation that was not of one value, and whether
    /// there was one.
    seen: Vec<f32>,
    known: Vec<bool>,
    /// What each plane then added (`outputs` values a plane).
    parts: Vec<f32>,
}

impl PlaneInput {
    fn new(dense: &Dense, area: usize) -> PlaneInput {
        // Planes of `area` inputs; an area that does not divide the inputs is one plane.
        let area = if area > 0 && dense.inputs.is_multiple_of(area) {
            area
        } else {
            dense.inputs.max(1)
        };
        let planes = dense.inputs.div_ceil(area);
        let outputs = dense.outputs;
        let mut sums = vec![0.0; planes * outputs];
        for (i, row) in dense.weights.chunks_exact(outputs).enumerate() {
            let sum = &mut sums[(i / area) * outputs..(i / area + 1) * outputs];
            for (s, w) in sum.iter_mut().zip(row) {
                *s += w;
            }
        }
        PlaneInput {
            area,
            outputs,
            sums,
            seen: vec![0.0; dense.inputs],
            known: vec![false; planes],
            parts: vec![0.0; planes * outputs],
        }
    }
}

/// A plane with at most this many non-zero values (a Kamisado tower's plane has one) is
/// added row by row: keeping its part would cost more than it saves.
const FEW: usize = 2;

/// [`PlaneInput`]'s first layer, compiled per instruction set like [`Apply`].
struct ApplyPlanes<'a> {
    dense: &'a Dense,
    planes: &'a mut PlaneInput,
    x: &'a [f32],
    out: &'a mut [f32],
}

impl WithSimd for ApplyPlanes<'_> {
    type Output = ();

    #[inline(always)]
    fn with_simd<S: Simd>(self, simd: S) {
        let ApplyPlanes {
            dense,
            planes,
            x,
            out,
        } = self;
        let PlaneInput {
            area,
            outputs,
            sums,
            seen,
            known,
            parts,
        } = planes;
        let (area, outputs) = (*area, *outputs);
        out.copy_from_slice(&dense.bias);
        for (p, values) in x.chunks(area).enumerate() {
            let first = values[0];
            let (mut uniform, mut nonzero) = (true, 0);
            for &v in values {
                uniform &= v == first;
                nonzero += usize::from(v != 0.0);
            }
            if uniform {
                if first != 0.0 {
                    axpy(simd, first, &sums[p * outputs..(p + 1) * outputs], out);
                }
                continue;
            }
            let rows = dense.weights[p * area * outputs..].chunks_exact(outputs);
            if nonzero <= FEW {
                // Cheaper added straight away than kept.
                for (&v, row) in values.iter().zip(rows) {
                    if v != 0.0 {
                        axpy(simd, v, row, out);
                    }
                }
                continue;
            }
            let part = &mut parts[p * outputs..(p + 1) * outputs];
            let last = &mut seen[p * area..p * area + values.len()];
            if !known[p] || last != values {
                part.fill(0.0);
                for (&v, row) in values.iter().zip(rows) {
                    if v != 0.0 {
                        axpy(simd, v, row, part);
                    }
                }
                last.copy_from_slice(values);
                known[p] = true;
            }
            add(simd, part, out);
        }
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
        let arch = Arch::new();
        scratch.a.resize(self.input.outputs, 0.0);
        self.input.apply(arch, input, &mut scratch.a);
        self.after_input(arch, logits, scratch)
    }

    /// The first layer read plane by plane for observations whose planes have `area`
    /// inputs each (an area that does not divide the inputs makes one plane of them all).
    pub(crate) fn plane_input(&self, area: usize) -> PlaneInput {
        PlaneInput::new(&self.input, area)
    }

    /// [`Network::forward`] with the first layer read plane by plane through `planes`,
    /// which this network made.
    ///
    /// # Panics
    /// When `input` or `logits` is not the network's size, or `planes` were made for a
    /// network of another shape.
    pub(crate) fn forward_planes(
        &self,
        input: &[f32],
        planes: &mut PlaneInput,
        logits: &mut [f32],
        scratch: &mut Scratch,
    ) -> f32 {
        assert_eq!(input.len(), self.input.inputs, "input size");
        assert!(
            planes.seen.len() == self.input.inputs && planes.outputs == self.input.outputs,
            "planes made for a network of another shape"
        );
        let arch = Arch::new();
        scratch.a.resize(self.input.outputs, 0.0);
        arch.dispatch(ApplyPlanes {
            dense: &self.input,
            planes,
            x: input,
            out: &mut scratch.a,
        });
        self.after_input(arch, logits, scratch)
    }

    /// The rest of the forward pass from the first layer's sums in `scratch.a`.
    fn after_input(&self, arch: Arch, logits: &mut [f32], scratch: &mut Scratch) -> f32 {
        assert_eq!(logits.len(), self.policy.outputs, "policy size");
        let hidden = self.input.outputs;
        scratch.b.resize(hidden, 0.0);
        scratch.v.resize(self.value_hidden.outputs, 0.0);
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

    /// Observations of `planes` planes of `area` inputs in the shapes a game's have: planes
    /// of one value (zero or not), a plane the same in every observation, and one-hot
    /// planes that change.
    fn observations(rng: &mut board_kernel::SplitMix64, planes: usize, area: usize) -> Vec<f32> {
        let mut x = vec![0.0; planes * area];
        for (p, plane) in x.chunks_mut(area).enumerate() {
            match p % 4 {
                // The side to move, a counter: one value, often zero.
                0 => plane.fill([0.0, 1.0, 0.25][rng.below(3)]),
                // The board's shape: the same every time.
                1 => plane.iter_mut().step_by(3).for_each(|v| *v = 1.0),
                // Pieces: a few ones that move.
                _ => {
                    for _ in 0..rng.below(4) {
                        plane[rng.below(area)] = 1.0;
                    }
                }
            }
        }
        x
    }

    fn dense(rng: &mut board_kernel::SplitMix64, inputs: usize, outputs: usize) -> Dense {
        let mut weight = || (rng.unit() as f32 - 0.5) * 0.4;
        Dense {
            inputs,
            outputs,
            weights: (0..inputs * outputs).map(|_| weight()).collect(),
            bias: (0..outputs).map(|_| weight()).collect(),
        }
    }

    /// Reading the first layer plane by plane gives what adding every row gives (to the
    /// last bits), the same bits whatever was evaluated before, and the same bits in plain
    /// scalar code as in this CPU's vector instructions.
    #[test]
    fn the_first_layer_read_plane_by_plane_is_the_plain_one() {
        let mut rng = board_kernel::SplitMix64::new(5);
        let (planes, area, outputs) = (9, 30, 37);
        let dense = dense(&mut rng, planes * area, outputs);
        let inputs: Vec<Vec<f32>> = (0..40)
            .map(|_| observations(&mut rng, planes, area))
            .collect();
        let run = |order: &mut dyn Iterator<Item = usize>, scalar: bool| {
            let mut state = PlaneInput::new(&dense, area);
            let mut answers = vec![Vec::new(); inputs.len()];
            for i in order {
                let mut out = vec![0.0; outputs];
                let work = ApplyPlanes {
                    dense: &dense,
                    planes: &mut state,
                    x: &inputs[i],
                    out: &mut out,
                };
                if scalar {
                    work.with_simd(pulp::Scalar);
                } else {
                    Arch::new().dispatch(work);
                }
                answers[i] = out.iter().map(|v| v.to_bits()).collect::<Vec<_>>();
            }
            answers
        };
        let forward = run(&mut (0..inputs.len()), false);
        assert_eq!(forward, run(&mut (0..inputs.len()).rev(), false));
        assert_eq!(
            forward,
            run(&mut (0..inputs.len()).map(|i| (i * 7) % 40), true)
        );
        for (x, bits) in inputs.iter().zip(&forward) {
            let mut plain = vec![0.0; outputs];
            dense.apply(Arch::new(), x, &mut plain);
            for (&b, p) in bits.iter().zip(plain) {
                let v = f32::from_bits(b);
                assert!((v - p).abs() < 1e-4, "{v} against {p}");
            }
        }
    }

    /// Each kind of plane is read the quick way: a plane of one value as one row, a plane
    /// seen before as what it added then (a wrong sum or a stale part shows).
    #[test]
    fn a_plane_of_one_value_and_a_plane_seen_before_take_their_shortcuts() {
        let mut rng = board_kernel::SplitMix64::new(8);
        let (area, outputs) = (6, 5);
        let dense = dense(&mut rng, 2 * area, outputs);
        let mut state = PlaneInput::new(&dense, area);
        let mut out = vec![0.0; outputs];
        let mut first = |x: &[f32], state: &mut PlaneInput| {
            Arch::new().dispatch(ApplyPlanes {
                dense: &dense,
                planes: state,
                x,
                out: &mut out,
            });
            out.clone()
        };
        let plain = |x: &[f32]| {
            let mut o = vec![0.0; outputs];
            dense.apply(Arch::new(), x, &mut o);
            o
        };
        let close = |a: &[f32], b: &[f32]| a.iter().zip(b).all(|(x, y)| (x - y).abs() < 1e-5);
        // Plane 0 all 0.5, plane 1 a pattern.
        let x = [0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 1.0, 0.0, 1.0, 0.0, 0.0, 1.0];
        assert!(close(&first(&x, &mut state), &plain(&x)));
        assert!(state.known == [false, true]);
        assert!(close(&first(&x, &mut state), &plain(&x)));
        // Plane 1 changes: its part is worked out again, not reused.
        let y = [0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.0, 1.0, 1.0, 0.0, 0.0, 1.0];
        assert!(close(&first(&y, &mut state), &plain(&y)));
        assert_eq!(&state.seen[area..], &y[area..]);
        // All zeros: the bias.
        let zero = [0.0; 12];
        assert_eq!(first(&zero, &mut state), dense.bias);
    }
}
