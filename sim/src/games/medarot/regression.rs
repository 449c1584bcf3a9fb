//! A model of card prices over the ablations: each medarot ablation's per-copy effect
//! (what one copy adds to its deck's win rate over the vanilla medarot) regressed on the
//! card's stat differences from the vanilla medarot (power and armour in steps of 10,
//! speed, cost), by weighted least squares (weights: the inverse variances of the
//! effects). The intercept is what a copy adds with the vanilla card's stats (its arrows,
//! attack type and effects). A model, not a measurement: effects are taken as linear and
//! additive in the stats, and the coefficients' covariance is scaled by the residual
//! dispersion (χ²/df when above 1), since the cards differ in more than their stats.
//! Special-type medarots (power 0, their value in their effect) are left out, and so are
//! ablations whose games did not change at all (no variance: no weight to give them).

use crate::stats::{Interval, Z95};

/// The model's terms, in order.
pub const TERMS: [&str; 5] = ["intercept", "power (+10)", "armour (+10)", "speed (+1)", "cost (+1)"];

/// One observation: a card's stat differences from vanilla and its per-copy effect with the
/// half-width of its 95% interval.
#[derive(Clone, Copy, Debug)]
pub struct Observation {
    /// Power, armour (in steps of 10), speed and cost differences from the vanilla card.
    pub stats: [f64; 4],
    /// Per-copy effect on the deck's win rate.
    pub effect: f64,
    /// Half-width of its 95% interval.
    pub half: f64,
}

/// The fitted model.
#[derive(Clone, Debug)]
pub struct PriceModel {
    /// Each term's coefficient and its 95% interval, in [`TERMS`] order.
    pub coefficients: Vec<(f64, Interval)>,
    /// Observations used.
    pub rows: usize,
    /// χ² / degrees of freedom of the weighted residuals (1 = as noisy as sampling alone).
    pub dispersion: f64,
}

/// Solves the `k × k` system `a x = b` (Gauss–Jordan with partial pivoting) and returns
/// `x` and `a⁻¹`; `None` when `a` is singular.
fn solve(k: usize, mut a: Vec<f64>, b: &[f64]) -> Option<(Vec<f64>, Vec<f64>)> {
    let mut inv: Vec<f64> = (0..k * k).map(|i| f64::from(u8::from(i / k == i % k))).collect();
    for col in 0..k {
        let pivot = (col..k).max_by(|&x, &y| a[x * k + col].abs().total_cmp(&a[y * k + col].abs()))?;
        if a[pivot * k + col].abs() < 1e-12 {
            return None;
        }
        for j in 0..k {
            a.swap(col * k + j, pivot * k + j);
            inv.swap(col * k + j, pivot * k + j);
        }
        let d = a[col * k + col];
        for j in 0..k {
            a[col * k + j] /= d;
            inv[col * k + j] /= d;
        }
        for row in (0..k).filter(|&r| r != col) {
            let f = a[row * k + col];
            for j in 0..k {
                a[row * k + j] -= f * a[col * k + j];
                inv[row * k + j] -= f * inv[col * k + j];
            }
        }
    }
    let x = (0..k).map(|i| (0..k).map(|j| inv[i * k + j] * b[j]).sum()).collect();
    Some((x, inv))
}

/// Fits the model; `None` with fewer observations than terms or a singular design (e.g.
/// every card with the same cost).
pub fn fit(obs: &[Observation]) -> Option<PriceModel> {
    let obs: Vec<Observation> = obs.iter().filter(|o| o.half > 0.0).copied().collect();
    let k = TERMS.len();
    if obs.len() <= k {
        return None;
    }
    let row = |o: &Observation| [1.0, o.stats[0], o.stats[1], o.stats[2], o.stats[3]];
    let weight = |o: &Observation| {
        let se = o.half / Z95;
        1.0 / (se * se)
    };
    let mut xtx = vec![0.0; k * k];
    let mut xty = vec![0.0; k];
    for o in &obs {
        let (x, w) = (row(o), weight(o));
        for i in 0..k {
            xty[i] += w * x[i] * o.effect;
            for j in 0..k {
                xtx[i * k + j] += w * x[i] * x[j];
            }
        }
    }
    let (beta, inv) = solve(k, xtx, &xty)?;
    let chi2: f64 = obs
        .iter()
        .map(|o| {
            let fitted: f64 = row(o).iter().zip(&beta).map(|(x, b)| x * b).sum();
            weight(o) * (o.effect - fitted).powi(2)
        })
        .sum();
    let dispersion = chi2 / (obs.len() - k) as f64;
    let scale = dispersion.max(1.0);
    let coefficients = (0..k)
        .map(|i| {
            let half = Z95 * (inv[i * k + i] * scale).sqrt();
            (beta[i], Interval { low: beta[i] - half, high: beta[i] + half })
        })
        .collect();
    Some(PriceModel { coefficients, rows: obs.len(), dispersion })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn recovers_an_exact_linear_model() {
        // effect = 0.01 + 0.002 power + 0.001 armour + 0.004 speed − 0.003 cost, no noise.
        let truth = [0.01, 0.002, 0.001, 0.004, -0.003];
        let obs: Vec<Observation> = (0..12)
            .map(|i| {
                let stats = [f64::from(i % 3) - 1.0, f64::from(i % 4) - 2.0, f64::from(i % 5) - 2.0, f64::from(i % 2)];
                let effect = truth[0] + stats.iter().zip(&truth[1..]).map(|(s, b)| s * b).sum::<f64>();
                Observation { stats, effect, half: 0.01 }
            })
            .collect();
        let m = fit(&obs).unwrap();
        for ((b, ci), t) in m.coefficients.iter().zip(truth) {
            assert!((b - t).abs() < 1e-9, "{b} vs {t}");
            assert!(ci.low < t && t < ci.high);
        }
        assert!(m.dispersion < 1e-9);
        assert!(fit(&obs[..5]).is_none(), "too few rows");
        let mut frozen = obs.clone();
        frozen[0] = Observation { effect: 1.0, half: 0.0, ..frozen[0] };
        assert_eq!(fit(&frozen).unwrap().rows, obs.len() - 1, "a row without variance is left out");
    }
}
