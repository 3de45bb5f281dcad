//! The weights file: safetensors, with metadata that says which game, options, observation
//! and architecture the weights are for, so that a file is never used for what it was not
//! trained on. Tensors are stored as 16-bit floats (half the size, and far more precision
//! than the network's decisions need) and read back as 32-bit ones.
//!
//! Tensor names follow the training framework's linear layers (candle's `Linear`):
//! `<layer>.weight` of shape `[outputs, inputs]` and `<layer>.bias` of shape `[outputs]`,
//! for the layers [`LAYER_INPUT`], [`hidden_layer`]`(i)`, [`LAYER_POLICY`],
//! [`LAYER_VALUE_HIDDEN`] and [`LAYER_VALUE_OUT`].

use std::borrow::Cow;
use std::collections::HashMap;

use board_kernel::observe::{ActionSpace, ObservationSpec};
use board_kernel::{Game, GameOptions, Rules};
use safetensors::tensor::{Dtype, SafeTensors, TensorView, View};
use thiserror::Error;

/// The `format` metadata of our files.
pub const FORMAT: &str = "tower-games/net";
/// The version of the format this crate reads and writes.
pub const VERSION: &str = "1";

/// The first layer: observation to hidden.
pub const LAYER_INPUT: &str = "input";
/// The policy head: hidden to one logit per action.
pub const LAYER_POLICY: &str = "policy";
/// The value head's hidden layer.
pub const LAYER_VALUE_HIDDEN: &str = "value_hidden";
/// The value head's output: one number, squashed by `tanh`.
pub const LAYER_VALUE_OUT: &str = "value_out";

/// The name of hidden layer `i` (after the first layer), `hidden0`, `hidden1`, ….
#[must_use]
pub fn hidden_layer(i: usize) -> String {
    format!("hidden{i}")
}

/// Why a weights file is refused.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum WeightsError {
    /// The bytes are not a safetensors file (truncated, corrupted, not one at all).
    #[error("the weights file is not readable safetensors: {0}")]
    Corrupt(String),
    /// A safetensors file, but not one of ours, or of another version.
    #[error("the weights file is not a tower-games network ({0})")]
    Foreign(String),
    /// Our file, for another game, options or observation.
    #[error("the weights were trained for {found}, not for {wanted}")]
    Mismatch {
        /// What the file is for.
        found: String,
        /// What was asked for.
        wanted: String,
    },
    /// A tensor is missing, of the wrong shape or type, or holds a value that is not a
    /// finite number.
    #[error("the weights file has a bad tensor: {0}")]
    BadTensor(String),
}

/// What a weights file is for and how its network is shaped: its safetensors metadata.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NetMeta {
    /// The game's registry name (`kamisado`).
    pub game: String,
    /// The options trained under, as `key=value` pairs joined by commas, in the options
    /// table's order.
    pub options: String,
    /// A digest of the observation planes and the actions ([`spec_digest`]).
    pub spec: String,
    /// Inputs: bytes in an observation.
    pub input: usize,
    /// Outputs of the policy head: the actions.
    pub actions: usize,
    /// Width of the hidden layers.
    pub hidden: usize,
    /// Hidden layers after the first layer.
    pub depth: usize,
    /// Width of the value head's hidden layer.
    pub value_hidden: usize,
    /// The training generation the weights come from.
    pub generation: u64,
    /// How they were made: the training command, seed and time, for people.
    pub note: String,
}

impl NetMeta {
    /// The metadata for `game`'s observations and actions, with this architecture.
    #[must_use]
    pub fn for_game<G: Game>(
        game: &G,
        hidden: usize,
        depth: usize,
        value_hidden: usize,
    ) -> NetMeta {
        let spec = game.observation_spec();
        let actions = ActionSpace::of(game);
        NetMeta {
            game: G::NAME.to_owned(),
            options: options_text(game),
            spec: spec_digest(&spec, &actions),
            input: spec.len(),
            actions: actions.len(),
            hidden,
            depth,
            value_hidden,
            generation: 0,
            note: String::new(),
        }
    }

    /// Whether these weights are for `game` under its options: `Err` with what they are for
    /// otherwise.
    pub fn check<G: Game>(&self, game: &G) -> Result<(), WeightsError> {
        let wanted = NetMeta::for_game(game, self.hidden, self.depth, self.value_hidden);
        let describe = |m: &NetMeta| {
            if m.options.is_empty() {
                m.game.clone()
            } else {
                format!("{} ({})", m.game, m.options)
            }
        };
        if self.game != wanted.game || self.options != wanted.options {
            return Err(WeightsError::Mismatch {
                found: describe(self),
                wanted: describe(&wanted),
            });
        }
        if self.spec != wanted.spec || self.input != wanted.input || self.actions != wanted.actions
        {
            return Err(WeightsError::Mismatch {
                found: format!("{} with another observation ({})", self.game, self.spec),
                wanted: format!("this engine's observation ({})", wanted.spec),
            });
        }
        Ok(())
    }

    fn to_map(&self) -> HashMap<String, String> {
        [
            ("format", FORMAT.to_owned()),
            ("version", VERSION.to_owned()),
            ("game", self.game.clone()),
            ("options", self.options.clone()),
            ("spec", self.spec.clone()),
            ("input", self.input.to_string()),
            ("actions", self.actions.to_string()),
            ("hidden", self.hidden.to_string()),
            ("depth", self.depth.to_string()),
            ("value_hidden", self.value_hidden.to_string()),
            ("generation", self.generation.to_string()),
            ("note", self.note.clone()),
        ]
        .into_iter()
        .map(|(k, v)| (k.to_owned(), v))
        .collect()
    }

    fn from_map(map: &HashMap<String, String>) -> Result<NetMeta, WeightsError> {
        let get = |key: &str| {
            map.get(key)
                .cloned()
                .ok_or_else(|| WeightsError::Foreign(format!("no `{key}` in its metadata")))
        };
        let format = get("format")?;
        if format != FORMAT {
            return Err(WeightsError::Foreign(format!("its format is `{format}`")));
        }
        let version = get("version")?;
        if version != VERSION {
            return Err(WeightsError::Foreign(format!(
                "format version {version}; this build reads {VERSION}"
            )));
        }
        let number = |key: &str| -> Result<usize, WeightsError> {
            get(key)?
                .parse()
                .ok()
                .filter(|&n: &usize| n <= 1 << 24)
                .ok_or_else(|| WeightsError::Foreign(format!("its `{key}` is not a size")))
        };
        // A layer of no units has no rows to step through.
        let units = |key: &str| -> Result<usize, WeightsError> {
            match number(key)? {
                0 => Err(WeightsError::Foreign(format!(
                    "its `{key}` is 0: a layer needs a unit at least"
                ))),
                n => Ok(n),
            }
        };
        Ok(NetMeta {
            game: get("game")?,
            options: get("options")?,
            spec: get("spec")?,
            input: units("input")?,
            actions: units("actions")?,
            hidden: units("hidden")?,
            depth: number("depth")?,
            value_hidden: units("value_hidden")?,
            generation: get("generation")?
                .parse()
                .map_err(|_| WeightsError::Foreign("its `generation` is not a number".into()))?,
            note: map.get("note").cloned().unwrap_or_default(),
        })
    }

    /// The shapes of every tensor a network of this metadata has, `(name, [outputs,
    /// inputs])` per layer, in order.
    #[must_use]
    pub fn layers(&self) -> Vec<(String, usize, usize)> {
        let mut layers = vec![(LAYER_INPUT.to_owned(), self.hidden, self.input)];
        for i in 0..self.depth {
            layers.push((hidden_layer(i), self.hidden, self.hidden));
        }
        layers.push((LAYER_POLICY.to_owned(), self.actions, self.hidden));
        layers.push((
            LAYER_VALUE_HIDDEN.to_owned(),
            self.value_hidden,
            self.hidden,
        ));
        layers.push((LAYER_VALUE_OUT.to_owned(), 1, self.value_hidden));
        layers
    }
}

/// `game`'s options as `key=value` pairs joined by commas, in the options table's order.
#[must_use]
pub fn options_text<G: Rules>(game: &G) -> String {
    game.options()
        .values()
        .into_iter()
        .map(|(k, v)| format!("{k}={v}"))
        .collect::<Vec<_>>()
        .join(",")
}

/// A short digest of the observation planes (names, scales, grid) and the actions: weights
/// trained on one encoding are refused by an engine whose encoding differs.
#[must_use]
pub fn spec_digest(spec: &ObservationSpec, actions: &ActionSpace) -> String {
    let mut text = format!(
        "{}x{};{}x{}+{}",
        spec.columns, spec.rows, actions.columns, actions.rows, actions.choices
    );
    for plane in &spec.planes {
        text.push_str(&format!(";{}:{}", plane.name, plane.scale));
    }
    // FNV-1a, 64 bits: a digest to tell encodings apart, not a defence against forgery.
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for b in text.bytes() {
        hash ^= u64::from(b);
        hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
    }
    format!("{hash:016x}")
}

/// One tensor read from a file: its shape and values.
#[derive(Clone, Debug, PartialEq)]
pub struct Tensor {
    /// The shape.
    pub shape: Vec<usize>,
    /// The values, row-major.
    pub values: Vec<f32>,
}

/// A weights file read and checked: its metadata and every tensor its architecture needs,
/// as 32-bit floats.
#[derive(Clone, Debug, PartialEq)]
pub struct WeightsFile {
    /// What the weights are for.
    pub meta: NetMeta,
    /// The tensors by name.
    pub tensors: HashMap<String, Tensor>,
}

/// The largest weights file read: far above any network this crate makes (a few MB).
pub const MAX_FILE_BYTES: usize = 256 << 20;

impl WeightsFile {
    /// Reads a weights file, checking that it is whole, ours, and has every tensor its
    /// metadata's architecture needs with the right shape and finite values.
    pub fn read(bytes: &[u8]) -> Result<WeightsFile, WeightsError> {
        if bytes.len() > MAX_FILE_BYTES {
            return Err(WeightsError::Corrupt(format!(
                "{} bytes is more than the {MAX_FILE_BYTES} a network file may have",
                bytes.len()
            )));
        }
        let (_, header) = SafeTensors::read_metadata(bytes)
            .map_err(|e| WeightsError::Corrupt(format!("{e:?}")))?;
        let map = header
            .metadata()
            .clone()
            .ok_or_else(|| WeightsError::Foreign("it has no metadata".into()))?;
        let meta = NetMeta::from_map(&map)?;
        let file =
            SafeTensors::deserialize(bytes).map_err(|e| WeightsError::Corrupt(format!("{e:?}")))?;
        let mut tensors = HashMap::new();
        for (layer, outputs, inputs) in meta.layers() {
            for (part, shape) in [("weight", vec![outputs, inputs]), ("bias", vec![outputs])] {
                let name = format!("{layer}.{part}");
                let view = file
                    .tensor(&name)
                    .map_err(|_| WeightsError::BadTensor(format!("`{name}` is missing")))?;
                if view.shape() != shape.as_slice() {
                    return Err(WeightsError::BadTensor(format!(
                        "`{name}` has shape {:?}, expected {shape:?}",
                        view.shape()
                    )));
                }
                let values = decode(&view).ok_or_else(|| {
                    WeightsError::BadTensor(format!("`{name}` is not F16 or F32"))
                })?;
                if let Some(bad) = values.iter().position(|v| !v.is_finite()) {
                    return Err(WeightsError::BadTensor(format!(
                        "`{name}` holds {} at index {bad}",
                        values[bad]
                    )));
                }
                tensors.insert(name, Tensor { shape, values });
            }
        }
        Ok(WeightsFile { meta, tensors })
    }

    /// The file's bytes: every tensor as 16-bit floats, with the metadata.
    pub fn write(&self) -> Result<Vec<u8>, WeightsError> {
        let owned: Vec<(String, HalfTensor)> = self
            .tensors
            .iter()
            .map(|(name, t)| {
                (
                    name.clone(),
                    HalfTensor {
                        shape: t.shape.clone(),
                        bytes: t
                            .values
                            .iter()
                            .flat_map(|&v| f32_to_f16(v).to_le_bytes())
                            .collect(),
                    },
                )
            })
            .collect();
        safetensors::serialize(owned, &Some(self.meta.to_map()))
            .map_err(|e| WeightsError::Corrupt(format!("{e:?}")))
    }
}

/// A tensor's values as 32-bit floats, from F16 or F32 storage.
fn decode(view: &TensorView<'_>) -> Option<Vec<f32>> {
    let data = view.data();
    match view.dtype() {
        Dtype::F32 => Some(
            data.chunks_exact(4)
                .map(|b| f32::from_le_bytes([b[0], b[1], b[2], b[3]]))
                .collect(),
        ),
        Dtype::F16 => Some(
            data.chunks_exact(2)
                .map(|b| f16_to_f32(u16::from_le_bytes([b[0], b[1]])))
                .collect(),
        ),
        _ => None,
    }
}

/// A tensor of 16-bit floats to write.
struct HalfTensor {
    shape: Vec<usize>,
    bytes: Vec<u8>,
}

impl View for HalfTensor {
    fn dtype(&self) -> Dtype {
        Dtype::F16
    }
    fn shape(&self) -> &[usize] {
        &self.shape
    }
    fn data(&self) -> Cow<'_, [u8]> {
        Cow::Borrowed(&self.bytes)
    }
    fn data_len(&self) -> usize {
        self.bytes.len()
    }
}

/// An IEEE half-precision float's value.
#[must_use]
pub fn f16_to_f32(h: u16) -> f32 {
    let sign = if h & 0x8000 == 0 { 1.0 } else { -1.0 };
    let exponent = i32::from((h >> 10) & 0x1f);
    let fraction = f32::from(h & 0x3ff);
    match exponent {
        0 => sign * fraction * 2f32.powi(-24),
        31 if fraction == 0.0 => sign * f32::INFINITY,
        31 => f32::NAN,
        e => sign * (1.0 + fraction / 1024.0) * 2f32.powi(e - 15),
    }
}

/// The nearest IEEE half-precision float (ties to even; beyond its range, infinity).
#[must_use]
pub fn f32_to_f16(value: f32) -> u16 {
    let bits = value.to_bits();
    let sign = ((bits >> 16) & 0x8000) as u16;
    let exponent = ((bits >> 23) & 0xff) as i32;
    let mantissa = bits & 0x007f_ffff;
    if exponent == 0xff {
        return sign | 0x7c00 | if mantissa != 0 { 0x200 } else { 0 };
    }
    let e = exponent - 127 + 15;
    if e >= 31 {
        return sign | 0x7c00;
    }
    if e <= 0 {
        if e < -10 {
            return sign;
        }
        // A subnormal half: the implicit bit made explicit, shifted into place, rounded.
        let m = mantissa | 0x0080_0000;
        let shift = (14 - e) as u32;
        let half = 1u32 << (shift - 1);
        let rest = m & ((1 << shift) - 1);
        let mut out = m >> shift;
        if rest > half || (rest == half && out & 1 == 1) {
            out += 1;
        }
        return sign | out as u16;
    }
    let mut out = ((e as u32) << 10) | (mantissa >> 13);
    let rest = mantissa & 0x1fff;
    if rest > 0x1000 || (rest == 0x1000 && out & 1 == 1) {
        // May carry into the exponent, which is the right answer (up to infinity).
        out += 1;
    }
    sign | out as u16
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn halves_round_trip_and_round_to_nearest() {
        for v in [0.0f32, 1.0, -2.5, 0.333_333, 65504.0, 6.1e-5, 1e-7, -1e-6] {
            let back = f16_to_f32(f32_to_f16(v));
            let tolerance = (v.abs() * 1e-3).max(6e-8);
            assert!((back - v).abs() <= tolerance, "{v} -> {back}");
        }
        assert_eq!(f32_to_f16(1.0), 0x3c00);
        assert_eq!(f32_to_f16(-2.0), 0xc000);
        assert_eq!(f32_to_f16(1e6), 0x7c00);
        assert!(f16_to_f32(0x7e00).is_nan());
        for h in 0..0x7c00u16 {
            assert_eq!(f32_to_f16(f16_to_f32(h)), h, "{h:#x}");
        }
    }
}
