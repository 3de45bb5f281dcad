//! Dirichlet noise on the root's priors, which varies self-play games: the settings and the
//! Gamma draws the noise is made of.

use board_kernel::SplitMix64;

/// Dirichlet noise mixed into the root's priors in self-play.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Noise {
    /// The Dirichlet concentration (AlphaZero: 0.3 for chess, 0.03 for Go).
    pub alpha: f32,
    /// The share of the priors the noise takes (AlphaZero: 0.25).
    pub fraction: f32,
}

/// A draw from Gamma(`alpha`, 1) (Marsaglia and Tsang; boosted for `alpha < 1`).
pub(super) fn gamma(alpha: f32, rng: &mut SplitMix64) -> f32 {
    let alpha = f64::from(alpha.max(1e-3));
    let boost = if alpha < 1.0 {
        rng.unit().max(f64::MIN_POSITIVE).powf(1.0 / alpha)
    } else {
        1.0
    };
    let a = if alpha < 1.0 { alpha + 1.0 } else { alpha };
    let d = a - 1.0 / 3.0;
    let c = 1.0 / (9.0 * d).sqrt();
    loop {
        // A standard normal by Box and Muller.
        let (u1, u2) = (rng.unit().max(f64::MIN_POSITIVE), rng.unit());
        let x = (-2.0 * u1.ln()).sqrt() * (std::f64::consts::TAU * u2).cos();
        let v = (1.0 + c * x).powi(3);
        if v <= 0.0 {
            continue;
        }
        let u = rng.unit().max(f64::MIN_POSITIVE);
        if u.ln() < 0.5 * x * x + d - d * v + d * v.ln() {
            return (d * v * boost) as f32;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn noise_keeps_priors_a_distribution() {
        let mut rng = SplitMix64::new(5);
        let draws: Vec<f32> = (0..2000).map(|_| gamma(0.3, &mut rng)).collect();
        let mean = draws.iter().sum::<f32>() / draws.len() as f32;
        assert!((mean - 0.3).abs() < 0.05, "{mean}");
        let draws: Vec<f32> = (0..2000).map(|_| gamma(2.0, &mut rng)).collect();
        let mean = draws.iter().sum::<f32>() / draws.len() as f32;
        assert!((mean - 2.0).abs() < 0.15, "{mean}");
    }
}
