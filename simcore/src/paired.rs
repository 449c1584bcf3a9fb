//! Paired differences on common random numbers. Every metric is a ratio of per-game sums,
//! Σa / Σb (a rate per hand, an average win; a plain mean has b = 1), and each arm keeps
//! exact integer sums of its games' `(a, b)`, their squares and products, and their
//! products with the base arm's values of the same game. From those: each arm's value
//! with a delta-method 95% interval, the paired difference from the base with its interval
//! (the covariance between arms on the same games taken out), the unpaired interval
//! beside it, and the share of variance the pairing removed. Integer sums add exactly, so
//! results do not depend on threads or shards.

use crate::stats::{Interval, Z95};
use serde::{Deserialize, Serialize};
use std::ops::AddAssign;

/// One game's observation of a metric: numerator and denominator.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Obs {
    /// Numerator (a count, points, an indicator).
    pub a: i64,
    /// Denominator (1 for a per-game mean; hands, wins, … for a rate).
    pub b: i64,
}

impl Obs {
    /// A per-game value (denominator 1).
    pub const fn mean(a: i64) -> Obs {
        Obs { a, b: 1 }
    }

    /// A count out of `b`.
    pub const fn rate(a: i64, b: i64) -> Obs {
        Obs { a, b }
    }
}

/// One arm's sums for one metric.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Sums {
    /// Σa.
    pub a: i128,
    /// Σb.
    pub b: i128,
    /// Σa².
    pub aa: i128,
    /// Σb².
    pub bb: i128,
    /// Σab.
    pub ab: i128,
    /// Σ a·a₀, with the base arm's (a₀, b₀) of the same game.
    pub a_a0: i128,
    /// Σ a·b₀.
    pub a_b0: i128,
    /// Σ b·a₀.
    pub b_a0: i128,
    /// Σ b·b₀.
    pub b_b0: i128,
    /// Σa³ (for the kurtosis of a per-game mean).
    pub a3: i128,
    /// Σa⁴.
    pub a4: i128,
    /// Σd³ of the per-game difference d = a − a₀ from the base.
    pub d3: i128,
    /// Σd⁴.
    pub d4: i128,
}

impl Sums {
    /// Adds one game: this arm's observation and the base arm's.
    pub fn record(&mut self, o: Obs, base: Obs) {
        let (a, b, a0, b0) = (i128::from(o.a), i128::from(o.b), i128::from(base.a), i128::from(base.b));
        self.a += a;
        self.b += b;
        self.aa += a * a;
        self.bb += b * b;
        self.ab += a * b;
        self.a_a0 += a * a0;
        self.a_b0 += a * b0;
        self.b_a0 += b * a0;
        self.b_b0 += b * b0;
        let d = a - a0;
        self.a3 += a * a * a;
        self.a4 += a * a * a * a;
        self.d3 += d * d * d;
        self.d4 += d * d * d * d;
    }

    /// Σa / Σb (NaN when Σb = 0).
    pub fn value(&self) -> f64 {
        if self.b == 0 { f64::NAN } else { self.a as f64 / self.b as f64 }
    }

    /// Σ(a − R·b)² / (Σb)²: the delta-method variance of the ratio R over `n` games (with
    /// the n/(n − 1) correction).
    fn variance(&self, n: u64) -> f64 {
        let r = self.value();
        let b = self.b as f64;
        let ss = self.aa as f64 - 2.0 * r * self.ab as f64 + r * r * self.bb as f64;
        correction(n) * ss.max(0.0) / (b * b)
    }

    /// Whether every game's denominator was the same (a per-game mean, or a count over a
    /// fixed number such as the seats: a per-game mean scaled, not a ratio of random sums).
    pub fn is_mean(&self, n: u64) -> bool {
        self.b > 0 && self.bb * i128::from(n) == self.b * self.b
    }

    /// The kurtosis (fourth standardized moment) of the per-game values a.
    pub fn kurtosis(&self, n: u64) -> f64 {
        kurtosis(n, [self.a, self.aa, self.a3, self.a4])
    }
}

impl AddAssign for Sums {
    fn add_assign(&mut self, o: Sums) {
        self.a += o.a;
        self.b += o.b;
        self.aa += o.aa;
        self.bb += o.bb;
        self.ab += o.ab;
        self.a_a0 += o.a_a0;
        self.a_b0 += o.a_b0;
        self.b_a0 += o.b_a0;
        self.b_b0 += o.b_b0;
        self.a3 += o.a3;
        self.a4 += o.a4;
        self.d3 += o.d3;
        self.d4 += o.d4;
    }
}

/// The kurtosis of the per-game differences d = a − a₀ of arm `v` from `base`.
pub fn paired_kurtosis(n: u64, base: &Sums, v: &Sums) -> f64 {
    kurtosis(n, [v.a - base.a, v.aa - 2 * v.a_a0 + base.aa, v.d3, v.d4])
}

/// The effective number of events behind an estimate over `n` games: n / κ, κ the
/// kurtosis of the per-game values a of `base` (or, with `variant`, of its per-game
/// differences from the base), 0 without variation. For a rare 0/1 event, or a difference
/// in a few games, it is about the number of games that had one (n·p(1−p)/(1 − 3p(1−p)));
/// for normal values n/3; a few large values among many small ones make it small.
pub fn effective_events(n: u64, base: &Sums, variant: Option<&Sums>) -> f64 {
    let kurtosis = match variant {
        None => base.kurtosis(n),
        Some(v) => paired_kurtosis(n, base, v),
    };
    if kurtosis.is_finite() && kurtosis > 0.0 { n as f64 / kurtosis } else { 0.0 }
}

/// The kurtosis from the first four power sums over `n` values; NaN without variance.
fn kurtosis(n: u64, [s1, s2, s3, s4]: [i128; 4]) -> f64 {
    let n = n as f64;
    let (s1, s2, s3, s4) = (s1 as f64 / n, s2 as f64 / n, s3 as f64 / n, s4 as f64 / n);
    let var = s2 - s1 * s1;
    let m4 = s4 - 4.0 * s1 * s3 + 6.0 * s1 * s1 * s2 - 3.0 * s1.powi(4);
    if var > 0.0 { m4 / (var * var) } else { f64::NAN }
}

/// n / (n − 1) (1 with fewer than two games).
fn correction(n: u64) -> f64 {
    if n < 2 { 1.0 } else { n as f64 / (n as f64 - 1.0) }
}

/// An estimate with its 95% interval.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Estimate {
    /// The value.
    pub value: f64,
    /// Half the width of its 95% interval.
    pub half: f64,
}

/// A variant arm against the base on the same games.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Compared {
    /// The base arm.
    pub base: Estimate,
    /// The variant arm.
    pub variant: Estimate,
    /// Variant minus base.
    pub diff: f64,
    /// Its paired 95% interval.
    pub diff_ci: Interval,
    /// Half-width of the unpaired interval (as if the arms were played on other games).
    pub unpaired_half: f64,
    /// 1 − paired variance / unpaired variance: what the pairing saved (NaN without variance).
    pub variance_reduction: f64,
}

/// The estimate of one arm over `n` games.
pub fn estimate(n: u64, s: &Sums) -> Estimate {
    Estimate { value: s.value(), half: Z95 * s.variance(n).sqrt() }
}

/// Variant `v` against base `base` over the same `n` games.
pub fn compare(n: u64, base: &Sums, v: &Sums) -> Compared {
    let (r0, rv) = (base.value(), v.value());
    let diff = rv - r0;
    let (var0, varv) = (base.variance(n), v.variance(n));
    // Exactly equal games (a variant that changes nothing): no variance to the difference.
    let identical = v.aa - 2 * v.a_a0 + base.aa == 0 && v.bb - 2 * v.b_b0 + base.bb == 0;
    let paired = if identical {
        0.0
    } else {
        let cross = v.a_a0 as f64 - r0 * v.a_b0 as f64 - rv * v.b_a0 as f64 + rv * r0 * v.b_b0 as f64;
        let cov = correction(n) * cross / (v.b as f64 * base.b as f64);
        (varv + var0 - 2.0 * cov).max(0.0)
    };
    let half = Z95 * paired.sqrt();
    let unpaired = varv + var0;
    Compared {
        base: estimate(n, base),
        variant: estimate(n, v),
        diff,
        diff_ci: Interval { low: diff - half, high: diff + half },
        unpaired_half: Z95 * unpaired.sqrt(),
        variance_reduction: if unpaired > 0.0 { 1.0 - paired / unpaired } else { f64::NAN },
    }
}

/// Several arms' observations of one metric on the same games, kept jointly: per arm Σa and
/// Σb, and Σ of the product of every two of the arms' a and b, so that a sum of differences
/// of their ratios, Σ (R_p − R_q), gets a delta-method interval with every covariance
/// between the arms taken out (a difference of two paired differences, say).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Joint {
    /// Σ of each value: a₀, b₀, a₁, b₁, ….
    pub sums: Vec<i128>,
    /// Σ of each product of two values, `products[u * (u + 1) / 2 + v]` for v ≤ u.
    pub products: Vec<i128>,
}

impl Joint {
    /// Joint sums of `arms` arms.
    pub fn new(arms: usize) -> Joint {
        let values = 2 * arms;
        Joint { sums: vec![0; values], products: vec![0; values * (values + 1) / 2] }
    }

    /// Adds one game: each arm's observation, in order (as many as the sums were made for).
    pub fn record(&mut self, obs: &[Obs]) {
        let value = |u: usize| i128::from(if u.is_multiple_of(2) { obs[u / 2].a } else { obs[u / 2].b });
        for u in 0..self.sums.len() {
            let x = value(u);
            self.sums[u] += x;
            for v in 0..=u {
                self.products[u * (u + 1) / 2 + v] += x * value(v);
            }
        }
    }

    fn product(&self, u: usize, v: usize) -> i128 {
        let (u, v) = (u.max(v), u.min(v));
        self.products[u * (u + 1) / 2 + v]
    }

    /// Arm `k`'s ratio Σa / Σb (NaN when Σb = 0).
    pub fn value(&self, k: usize) -> f64 {
        let b = self.sums[2 * k + 1];
        if b == 0 { f64::NAN } else { self.sums[2 * k] as f64 / b as f64 }
    }

    /// Whether arms `p` and `q` observed the same in every game (their difference exactly 0).
    fn identical(&self, p: usize, q: usize) -> bool {
        (0..2).all(|x| {
            let (u, v) = (2 * p + x, 2 * q + x);
            self.product(u, u) - 2 * self.product(u, v) + self.product(v, v) == 0
        })
    }

    /// Σ (R_p − R_q) over `pairs` (p, q) of arms, over `n` games, with its 95% interval.
    /// Arms identical in every game count as one, so terms that cancel between them add
    /// exactly 0, with no width.
    pub fn contrast(&self, n: u64, pairs: &[(usize, usize)]) -> (f64, Interval) {
        let arms = self.sums.len() / 2;
        let same: Vec<usize> = (0..arms).map(|k| (0..k).find(|&j| self.identical(j, k)).unwrap_or(k)).collect();
        let mut w = vec![0i64; arms];
        for &(p, q) in pairs {
            w[same[p]] += 1;
            w[same[q]] -= 1;
        }
        let terms: Vec<(usize, f64)> = (0..arms).filter(|&k| w[k] != 0).map(|k| (k, w[k] as f64)).collect();
        let value = terms.iter().fold(0.0, |sum, &(k, w)| sum + w * self.value(k));
        // A game's influence is Σ w_k (a_k − R_k b_k) / b̄_k: a linear form c·x in its values.
        let mut c = vec![0.0; self.sums.len()];
        for &(k, w) in &terms {
            let mean_b = self.sums[2 * k + 1] as f64 / n as f64;
            c[2 * k] = w / mean_b;
            c[2 * k + 1] = -w * self.value(k) / mean_b;
        }
        let mut ss = 0.0;
        for u in 0..c.len() {
            for v in 0..c.len() {
                ss += c[u] * c[v] * self.product(u, v) as f64;
            }
        }
        let half = Z95 * (correction(n) * ss.max(0.0)).sqrt() / n as f64;
        (value, Interval { low: value - half, high: value + half })
    }
}

impl AddAssign for Joint {
    fn add_assign(&mut self, o: Joint) {
        for (a, b) in self.sums.iter_mut().chain(self.products.iter_mut()).zip(o.sums.iter().chain(&o.products)) {
            *a += b;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sums(pairs: &[(Obs, Obs)]) -> (Sums, Sums) {
        let (mut base, mut v) = (Sums::default(), Sums::default());
        for &(o0, o) in pairs {
            base.record(o0, o0);
            v.record(o, o0);
        }
        (base, v)
    }

    #[test]
    fn an_identical_arm_differs_by_exactly_zero_with_no_width() {
        let games: Vec<(Obs, Obs)> =
            (0..50).map(|i| (Obs::rate(i % 7, 3 + i % 2), Obs::rate(i % 7, 3 + i % 2))).collect();
        let (base, v) = sums(&games);
        let c = compare(50, &base, &v);
        assert_eq!((c.diff, c.diff_ci.low, c.diff_ci.high), (0.0, 0.0, 0.0));
        assert!(c.unpaired_half > 0.0 && c.variance_reduction == 1.0);
    }

    #[test]
    fn a_shifted_mean_has_the_exact_paired_variance() {
        // v = base + 1 + e, e alternating ±1: the difference has mean 1 and variance n/(n−1).
        let games: Vec<(Obs, Obs)> = (0..100)
            .map(|i| (Obs::mean(i * 37 % 101), Obs::mean(i * 37 % 101 + 1 + if i % 2 == 0 { 1 } else { -1 })))
            .collect();
        let (base, v) = sums(&games);
        let c = compare(100, &base, &v);
        assert!((c.diff - 1.0).abs() < 1e-12);
        let se = (100.0 / 99.0_f64 / 100.0).sqrt();
        assert!((c.diff_ci.half_width() - Z95 * se).abs() < 1e-9, "{c:?}");
        assert!(c.unpaired_half > 10.0 * c.diff_ci.half_width());
    }

    #[test]
    fn effective_events_count_a_rare_difference_and_none_without_one() {
        // The variant differs by one in games 7 and 157 of 300.
        let games: Vec<(Obs, Obs)> =
            (0..300).map(|i| (Obs::mean(i % 2), Obs::mean(i % 2 + i64::from(i % 150 == 7)))).collect();
        let (base, v) = sums(&games);
        let e = effective_events(300, &base, Some(&v));
        assert!((1.9..2.1).contains(&e), "{e}");
        assert_eq!(effective_events(300, &base, Some(&base)), 0.0, "no difference, no events");
        assert!((effective_events(300, &base, None) - 300.0).abs() < 1e-9, "a fair coin: every game counts");
    }

    #[test]
    fn a_ratio_matches_the_delta_method() {
        // Independent arms' ratio variances add up when there is no covariance.
        let (base, _) = sums(&[(Obs::rate(1, 2), Obs::rate(1, 2)), (Obs::rate(3, 2), Obs::rate(3, 2))]);
        // R = 4/4 = 1; residuals a − b = −1, 1: Σ = 2, / (Σb)² = 16 → 1/8, × n/(n−1) = 2 → 1/4.
        assert!((estimate(2, &base).half - Z95 * 0.5).abs() < 1e-12);
    }

    #[test]
    fn a_joint_contrast_matches_compare_and_cancels_identical_pairs() {
        let games: Vec<(Obs, Obs)> = (0..200)
            .map(|i| (Obs::rate(i * 37 % 11, 2 + i % 3), Obs::rate(i * 37 % 11 + i % 4, 2 + i % 3 + i % 2)))
            .collect();
        let (base, v) = sums(&games);
        let mut joint = Joint::new(4);
        for &(o0, o) in &games {
            joint.record(&[o0, o, o0, o]);
        }
        let c = compare(200, &base, &v);
        let (d, ci) = joint.contrast(200, &[(1, 0)]);
        assert!((d - c.diff).abs() < 1e-12 && (ci.half_width() - c.diff_ci.half_width()).abs() < 1e-9, "{c:?} {ci:?}");
        // The same difference twice: twice the value and width.
        let (d2, ci2) = joint.contrast(200, &[(1, 0), (3, 2)]);
        assert!((d2 - 2.0 * c.diff).abs() < 1e-12 && (ci2.half_width() - 2.0 * ci.half_width()).abs() < 1e-9);
        // Arms 2 and 3 equal to 0 and 1 game by game: (3 − 1) and (2 − 0) are exactly 0, and
        // so is (1 − 0) + (2 − 3), the same arms met the other way round.
        assert_eq!(joint.contrast(200, &[(3, 1), (0, 2)]), (0.0, Interval { low: 0.0, high: 0.0 }));
        assert_eq!(joint.contrast(200, &[(1, 0), (2, 3)]), (0.0, Interval { low: 0.0, high: 0.0 }));
        let mut halves = (Joint::new(4), Joint::new(4));
        for (i, &(o0, o)) in games.iter().enumerate() {
            if i < 77 { &mut halves.0 } else { &mut halves.1 }.record(&[o0, o, o0, o]);
        }
        halves.0 += halves.1;
        assert_eq!(halves.0, joint, "sums add up across shards");
    }
}
