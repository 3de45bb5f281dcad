//! What self-play teaches: positions (as observations) with the search's visit shares over
//! the legal actions and the game's result for the player to move, kept in a replay buffer
//! and saved beside the weights so that a training run resumes where it stopped.

use std::collections::VecDeque;
use std::io::{Read, Write};
use std::path::Path;

use board_kernel::SplitMix64;
use candle_core::{Device, Tensor};

use crate::TrainError;

/// One position to learn from.
#[derive(Clone, Debug, PartialEq)]
pub struct Sample {
    /// The observation bytes of the position (the turn so far).
    pub observation: Vec<u8>,
    /// The legal actions.
    pub legal: Vec<u16>,
    /// The search's visit share of each legal action (same order), summing to 1.
    pub policy: Vec<f32>,
    /// The game's result for the player to move: 1 won, −1 lost, 0 drawn (or the score
    /// lead's value for a game cut off).
    pub outcome: f32,
}

/// The most recent samples, up to a capacity.
#[derive(Clone, Debug, Default)]
pub struct Replay {
    samples: VecDeque<Sample>,
    capacity: usize,
}

/// The first bytes of a samples file.
const MAGIC: &[u8; 4] = b"TGS1";

impl Replay {
    /// An empty buffer keeping at most `capacity` samples.
    #[must_use]
    pub fn new(capacity: usize) -> Replay {
        Replay {
            samples: VecDeque::new(),
            capacity: capacity.max(1),
        }
    }

    /// How many samples it holds.
    #[must_use]
    pub fn len(&self) -> usize {
        self.samples.len()
    }

    /// Whether it holds none.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.samples.is_empty()
    }

    /// Adds samples, dropping the oldest beyond the capacity.
    pub fn extend(&mut self, samples: impl IntoIterator<Item = Sample>) {
        self.samples.extend(samples);
        while self.samples.len() > self.capacity {
            self.samples.pop_front();
        }
    }

    /// A training batch of `size` samples drawn uniformly (with replacement): `inputs
    /// [size, len]` (bytes times `factors`), `masks` and `targets [size, actions]`,
    /// `outcomes [size]`.
    pub fn batch(
        &self,
        size: usize,
        factors: &[f32],
        actions: usize,
        rng: &mut SplitMix64,
    ) -> Result<[Tensor; 4], TrainError> {
        let len = factors.len();
        let mut inputs = vec![0.0f32; size * len];
        let mut masks = vec![0.0f32; size * actions];
        let mut targets = vec![0.0f32; size * actions];
        let mut outcomes = vec![0.0f32; size];
        for row in 0..size {
            let s = &self.samples[rng.below(self.samples.len())];
            for ((x, &b), &f) in inputs[row * len..(row + 1) * len]
                .iter_mut()
                .zip(&s.observation)
                .zip(factors)
            {
                *x = f32::from(b) * f;
            }
            for (&a, &p) in s.legal.iter().zip(&s.policy) {
                masks[row * actions + usize::from(a)] = 1.0;
                targets[row * actions + usize::from(a)] = p;
            }
            outcomes[row] = s.outcome;
        }
        let device = Device::Cpu;
        Ok([
            Tensor::from_vec(inputs, (size, len), &device)?,
            Tensor::from_vec(masks, (size, actions), &device)?,
            Tensor::from_vec(targets, (size, actions), &device)?,
            Tensor::from_vec(outcomes, size, &device)?,
        ])
    }

    /// Writes `samples` to `path` (a file of the format [`Replay::read_file`] reads).
    pub fn write_file(path: &Path, samples: &[Sample]) -> Result<(), TrainError> {
        let mut out = Vec::new();
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(&(samples.len() as u32).to_le_bytes());
        for s in samples {
            out.extend_from_slice(&(s.observation.len() as u32).to_le_bytes());
            out.extend_from_slice(&s.observation);
            out.extend_from_slice(&(s.legal.len() as u16).to_le_bytes());
            for &a in &s.legal {
                out.extend_from_slice(&a.to_le_bytes());
            }
            for &p in &s.policy {
                out.extend_from_slice(&p.to_le_bytes());
            }
            out.extend_from_slice(&s.outcome.to_le_bytes());
        }
        let temporary = path.with_extension("partial");
        std::fs::File::create(&temporary)?.write_all(&out)?;
        std::fs::rename(&temporary, path)?;
        Ok(())
    }

    /// Reads a samples file whose observations have `observation_len` bytes and whose
    /// actions are below `actions`.
    pub fn read_file(
        path: &Path,
        observation_len: usize,
        actions: usize,
    ) -> Result<Vec<Sample>, TrainError> {
        let mut bytes = Vec::new();
        std::fs::File::open(path)?.read_to_end(&mut bytes)?;
        let bad = |what: &str| TrainError::Samples(format!("{}: {what}", path.display()));
        let mut at = 0usize;
        let mut take = |n: usize| -> Result<&[u8], TrainError> {
            let slice = bytes.get(at..at + n).ok_or_else(|| bad("truncated"))?;
            at += n;
            Ok(slice)
        };
        if take(4)? != MAGIC {
            return Err(bad("not a samples file"));
        }
        let u32_of = |b: &[u8]| u32::from_le_bytes([b[0], b[1], b[2], b[3]]);
        let f32_of = |b: &[u8]| f32::from_le_bytes([b[0], b[1], b[2], b[3]]);
        let count = u32_of(take(4)?) as usize;
        let mut samples = Vec::with_capacity(count.min(1 << 20));
        for _ in 0..count {
            let n = u32_of(take(4)?) as usize;
            if n != observation_len {
                return Err(bad("an observation of another size"));
            }
            let observation = take(n)?.to_vec();
            let b = take(2)?;
            let legal_count = usize::from(u16::from_le_bytes([b[0], b[1]]));
            let mut legal = Vec::with_capacity(legal_count);
            for _ in 0..legal_count {
                let b = take(2)?;
                let a = u16::from_le_bytes([b[0], b[1]]);
                if usize::from(a) >= actions {
                    return Err(bad("an action out of range"));
                }
                legal.push(a);
            }
            let mut policy = Vec::with_capacity(legal_count);
            for _ in 0..legal_count {
                policy.push(f32_of(take(4)?));
            }
            let outcome = f32_of(take(4)?);
            samples.push(Sample {
                observation,
                legal,
                policy,
                outcome,
            });
        }
        Ok(samples)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn samples_files_round_trip_and_refuse_damage() {
        let dir = std::env::temp_dir().join(format!("game-train-samples-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("0.samples");
        let samples = vec![
            Sample {
                observation: vec![1, 0, 2],
                legal: vec![0, 4],
                policy: vec![0.25, 0.75],
                outcome: -1.0,
            },
            Sample {
                observation: vec![0, 0, 0],
                legal: vec![3],
                policy: vec![1.0],
                outcome: 0.5,
            },
        ];
        Replay::write_file(&path, &samples).unwrap();
        assert_eq!(Replay::read_file(&path, 3, 5).unwrap(), samples);
        assert!(Replay::read_file(&path, 4, 5).is_err());
        assert!(Replay::read_file(&path, 3, 4).is_err());
        let bytes = std::fs::read(&path).unwrap();
        std::fs::write(&path, &bytes[..bytes.len() - 1]).unwrap();
        assert!(Replay::read_file(&path, 3, 5).is_err());
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn the_buffer_keeps_the_newest() {
        let mut replay = Replay::new(2);
        let sample = |outcome| Sample {
            observation: vec![0],
            legal: vec![0],
            policy: vec![1.0],
            outcome,
        };
        replay.extend([sample(1.0), sample(2.0), sample(3.0)]);
        assert_eq!(replay.len(), 2);
        let mut rng = SplitMix64::new(1);
        let [_, _, _, outcomes] = replay.batch(16, &[1.0], 1, &mut rng).unwrap();
        let seen = outcomes.to_vec1::<f32>().unwrap();
        assert!(seen.iter().all(|&o| o == 2.0 || o == 3.0), "{seen:?}");
    }
}
