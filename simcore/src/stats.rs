//! Streaming statistics: exact counters, integer moments, histograms, and the
//! 95% intervals every printed rate and mean carries.
//!
//! All accumulators hold integers only, so merging per-thread or per-shard
//! partial results in any order gives bit-identical totals: the tables a run
//! writes never depend on the thread count or on how the games were sharded.
//! (This is why the moments are exact integer sums rather than Welford's
//! floating-point update, whose merge is not associative.)

use serde::{Deserialize, Serialize};
use std::ops::AddAssign;

/// The normal quantile for a two-sided 95% interval.
pub const Z95: f64 = 1.959_963_984_540_054;

/// A two-sided confidence interval.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Interval {
    /// Lower bound.
    pub low: f64,
    /// Upper bound.
    pub high: f64,
}

impl Interval {
    /// Half the width of the interval.
    pub fn half_width(&self) -> f64 {
        (self.high - self.low) / 2.0
    }
}

/// Two-sided normal p-value of an estimate `value` against 0, from its 95% interval.
pub fn two_sided_p(value: f64, ci: Interval) -> f64 {
    let half = ci.half_width();
    if value == 0.0 {
        return 1.0;
    }
    if half == 0.0 {
        return 0.0;
    }
    libm::erfc((value / (half / Z95)).abs() / std::f64::consts::SQRT_2)
}

/// The Wilson score interval for `successes` out of `trials` at normal quantile `z`.
///
/// `successes` may be fractional (ties counted as half a win). With no trials
/// the interval is the whole of [0, 1].
pub fn wilson(successes: f64, trials: u64, z: f64) -> Interval {
    if trials == 0 {
        return Interval { low: 0.0, high: 1.0 };
    }
    let n = trials as f64;
    let p = successes / n;
    let z2 = z * z;
    let centre = (p + z2 / (2.0 * n)) / (1.0 + z2 / n);
    let half = z / (1.0 + z2 / n) * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt();
    // At the edges the bounds are exactly 0 and 1; rounding would leave crumbs.
    let low = if successes <= 0.0 { 0.0 } else { (centre - half).max(0.0) };
    let high = if successes >= n { 1.0 } else { (centre + half).min(1.0) };
    Interval { low, high }
}

/// A proportion: successes (in half units, so a tie can count as half) out of trials.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Rate {
    /// Successes counted twice (a full success adds 2, a half success 1).
    pub half_successes: u64,
    /// Trials.
    pub trials: u64,
}

impl Rate {
    /// `successes` (whole ones) out of `trials`.
    pub fn of(successes: u64, trials: u64) -> Rate {
        Rate { half_successes: 2 * successes, trials }
    }

    /// The observed proportion and its 95% Wilson interval.
    pub fn estimate(&self) -> (f64, Interval) {
        (self.value(), self.interval())
    }

    /// Records one trial: a success or a failure.
    pub fn record(&mut self, success: bool) {
        self.trials += 1;
        self.half_successes += 2 * u64::from(success);
    }

    /// Records one trial worth half a success (a tie).
    pub fn record_half(&mut self) {
        self.trials += 1;
        self.half_successes += 1;
    }

    /// Successes (ties as halves).
    pub fn successes(&self) -> f64 {
        self.half_successes as f64 / 2.0
    }

    /// The observed proportion (NaN with no trials).
    pub fn value(&self) -> f64 {
        self.successes() / self.trials as f64
    }

    /// The 95% Wilson interval.
    pub fn interval(&self) -> Interval {
        wilson(self.successes(), self.trials, Z95)
    }
}

impl Rate {
    /// The difference `self − other` of two independent proportions, with
    /// its 95% normal (Wald) interval.
    pub fn difference(&self, other: &Rate) -> (f64, Interval) {
        let (p, q) = (self.value(), other.value());
        let se = (p * (1.0 - p) / self.trials as f64 + q * (1.0 - q) / other.trials as f64).sqrt();
        let d = p - q;
        (d, Interval { low: d - Z95 * se, high: d + Z95 * se })
    }
}

/// Entrant `e`'s results against `opponents`, from a square matrix of row
/// results (`cells[row * n + col]` holds the row entrant's results), counting
/// both the games where `e` is the row and those where it is the column.
pub fn versus(cells: &[Rate], n: usize, e: usize, opponents: impl Iterator<Item = usize>) -> Rate {
    let mut total = Rate::default();
    for o in opponents {
        total += cells[e * n + o];
        let as_col = cells[o * n + e];
        total += Rate { half_successes: 2 * as_col.trials - as_col.half_successes, trials: as_col.trials };
    }
    total
}

impl AddAssign for Rate {
    fn add_assign(&mut self, o: Self) {
        self.half_successes += o.half_successes;
        self.trials += o.trials;
    }
}

/// Exact first and second moments of integer observations.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Moments {
    /// Number of observations.
    pub n: u64,
    /// Sum of the observations.
    pub sum: i128,
    /// Sum of their squares.
    pub sum_sq: i128,
}

impl Moments {
    /// Adds one observation.
    pub fn record(&mut self, x: i64) {
        self.n += 1;
        self.sum += i128::from(x);
        self.sum_sq += i128::from(x) * i128::from(x);
    }

    /// The sample mean (NaN when empty).
    pub fn mean(&self) -> f64 {
        self.sum as f64 / self.n as f64
    }

    /// The unbiased sample variance (NaN with fewer than two observations).
    pub fn variance(&self) -> f64 {
        if self.n < 2 {
            return f64::NAN;
        }
        let n = i128::from(self.n);
        // Exact in integers: n·Σx² − (Σx)² = n²·(population variance); in floating point
        // when the products leave i128 (sums of merged runs far beyond any real one).
        let exact = n.checked_mul(self.sum_sq).zip(self.sum.checked_mul(self.sum)).map(|(a, b)| a - b);
        let scaled = exact.map_or_else(|| (n as f64) * (self.sum_sq as f64) - (self.sum as f64).powi(2), |s| s as f64);
        scaled / (n * (n - 1)) as f64
    }

    /// The sample standard deviation.
    pub fn std_dev(&self) -> f64 {
        self.variance().sqrt()
    }

    /// The 95% interval of the mean (normal approximation).
    pub fn mean_interval(&self) -> Interval {
        let half = Z95 * (self.variance() / self.n as f64).sqrt();
        Interval { low: self.mean() - half, high: self.mean() + half }
    }

    /// The mean and its 95% normal interval.
    pub fn estimate(&self) -> (f64, Interval) {
        (self.mean(), self.mean_interval())
    }
}

impl AddAssign for Moments {
    fn add_assign(&mut self, o: Self) {
        self.n += o.n;
        self.sum += o.sum;
        self.sum_sq += o.sum_sq;
    }
}

/// Counts of integer values in a fixed range; values outside it are clamped
/// into the first or last bin and counted as such.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Histogram {
    /// The value of the first bin.
    pub min: i64,
    /// Counts per value, `min`, `min + 1`, ….
    pub counts: Vec<u64>,
    /// Observations below `min` (counted in the first bin too).
    pub below: u64,
    /// Observations above the last bin (counted in the last bin too).
    pub above: u64,
}

impl Histogram {
    /// A histogram for the values `min..=max`.
    pub fn new(min: i64, max: i64) -> Self {
        assert!(max >= min, "empty histogram range");
        Self { min, counts: vec![0; (max - min + 1) as usize], below: 0, above: 0 }
    }

    /// Records one value.
    pub fn record(&mut self, x: i64) {
        let last = self.counts.len() as i64 - 1;
        let mut i = x - self.min;
        if i < 0 {
            self.below += 1;
            i = 0;
        } else if i > last {
            self.above += 1;
            i = last;
        }
        self.counts[i as usize] += 1;
    }

    /// `(value, count)` for every bin.
    pub fn bins(&self) -> impl Iterator<Item = (i64, u64)> + '_ {
        self.counts.iter().enumerate().map(|(i, &c)| (self.min + i as i64, c))
    }

    /// Total observations.
    pub fn total(&self) -> u64 {
        self.counts.iter().sum()
    }

    /// The smallest value with at least a share `q` of the observations at or below it.
    pub fn quantile(&self, q: f64) -> i64 {
        let need = (q * self.total() as f64).ceil() as u64;
        let mut seen = 0;
        for (v, c) in self.bins() {
            seen += c;
            if seen >= need.max(1) {
                return v;
            }
        }
        self.min + self.counts.len() as i64 - 1
    }

    /// Counts merged into bins of `width` values, as `(first value of the bin, count)`.
    pub fn rebinned(&self, width: i64) -> Vec<(i64, u64)> {
        let width = width.max(1);
        let mut out: Vec<(i64, u64)> = Vec::new();
        for (v, c) in self.bins() {
            let start = self.min + (v - self.min) / width * width;
            match out.last_mut() {
                Some(last) if last.0 == start => last.1 += c,
                _ => out.push((start, c)),
            }
        }
        out
    }
}

impl AddAssign for Histogram {
    fn add_assign(&mut self, o: Self) {
        assert_eq!((self.min, self.counts.len()), (o.min, o.counts.len()), "histogram ranges differ");
        for (a, b) in self.counts.iter_mut().zip(o.counts) {
            *a += b;
        }
        self.below += o.below;
        self.above += o.above;
    }
}

impl Histogram {
    /// The excess kurtosis of the binned values (m4 / m2² − 3; clamped values count at the
    /// edge bins; NaN when empty or constant).
    pub fn kurtosis(&self) -> f64 {
        let n = self.total() as f64;
        let mean = self.bins().map(|(v, c)| v as f64 * c as f64).sum::<f64>() / n;
        let central = |k: i32| self.bins().map(|(v, c)| (v as f64 - mean).powi(k) * c as f64).sum::<f64>() / n;
        central(4) / central(2).powi(2) - 3.0
    }
}

/// The familywise error rate Holm's adjustment holds.
pub const FAMILYWISE: f64 = 0.05;

/// A comparison's two-sided p-value for Holm's family ([`two_sided_p`] of its estimate's
/// distance from the neutral value), or `None` when its two arms are identical by
/// construction: a distance of exactly 0 with a zero-width interval, the same value in
/// every game (a variant that changes nothing, a style that never acts).
pub fn tested_p(value: f64, ci: Interval) -> Option<f64> {
    (value != 0.0 || ci.low != ci.high).then(|| two_sided_p(value, ci))
}

/// Holm's step-down adjustment over a family of comparisons (5% familywise).
///
/// Comparisons identical by construction (`None`, see [`tested_p`]) and those without a
/// p-value (NaN) are left out: they neither count in the family's size nor get an adjusted
/// p-value or a flag.
#[derive(Clone, Debug, PartialEq)]
pub struct Holm {
    /// Per comparison, its adjusted p-value (`None`: left out of the family). With the m
    /// p-values of the family sorted, p₍₁₎ ≤ … ≤ p₍ₘ₎, the i-th is adjusted to
    /// min(1, max over j ≤ i of (m − j + 1)·p₍ⱼ₎), as R's `p.adjust(p, "holm")`.
    pub adjusted: Vec<Option<f64>>,
    /// How many comparisons were left out as identical by construction.
    pub identical: usize,
}

impl Holm {
    /// The adjustment of the p-values `p` (`None`: identical by construction).
    pub fn new(p: &[Option<f64>]) -> Holm {
        let mut family: Vec<(usize, f64)> =
            p.iter().enumerate().filter_map(|(i, p)| p.filter(|p| !p.is_nan()).map(|p| (i, p))).collect();
        family.sort_by(|a, b| a.1.total_cmp(&b.1));
        let m = family.len();
        let mut adjusted = vec![None; p.len()];
        let mut running = 0.0f64;
        for (rank, &(i, p)) in family.iter().enumerate() {
            running = running.max(((m - rank) as f64 * p).min(1.0));
            adjusted[i] = Some(running);
        }
        Holm { adjusted, identical: p.iter().filter(|p| p.is_none()).count() }
    }

    /// Each estimate's p-value ([`two_sided_p`] of its distance from the neutral value, with
    /// its interval) and the adjustment over them, those identical by construction
    /// ([`tested_p`]) left out.
    pub fn of(estimates: &[(f64, Interval)]) -> (Vec<f64>, Holm) {
        let p = estimates.iter().map(|&(d, ci)| two_sided_p(d, ci)).collect();
        (p, Holm::new(&estimates.iter().map(|&(d, ci)| tested_p(d, ci)).collect::<Vec<_>>()))
    }

    /// Whether comparison `i` is significant after the adjustment (adjusted p ≤ 5%).
    pub fn significant(&self, i: usize) -> bool {
        self.adjusted[i].is_some_and(|p| p <= FAMILYWISE)
    }

    /// [`Holm::significant`] for every comparison.
    pub fn flags(&self) -> Vec<bool> {
        (0..self.adjusted.len()).map(|i| self.significant(i)).collect()
    }

    /// The number of comparisons in the family.
    pub fn family(&self) -> usize {
        self.adjusted.iter().flatten().count()
    }

    /// The family's size and what was left out of it, for a summary: "12 comparisons (3
    /// left out: identical by construction, …)".
    pub fn describe(&self) -> String {
        let untested = self.adjusted.len() - self.family() - self.identical;
        let mut out: Vec<String> = Vec::new();
        if self.identical > 0 {
            out.push(format!("{} identical by construction, the same value in every game", self.identical));
        }
        if untested > 0 {
            out.push(format!("{untested} without a p-value (no games)"));
        }
        let family = format!("{} comparison{}", self.family(), if self.family() == 1 { "" } else { "s" });
        if out.is_empty() { family } else { format!("{family} (left out: {})", out.join("; ")) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn holm_steps_down_until_the_first_failure() {
        let flags = |p: &[f64]| Holm::new(&p.iter().map(|&p| Some(p)).collect::<Vec<_>>()).flags();
        assert_eq!(flags(&[0.01, 0.04, 0.03, 0.5]), [true, false, false, false]);
        assert_eq!(flags(&[0.001, 0.012, 0.02]), [true, true, true]);
        assert_eq!(flags(&[0.2, 0.001]), [false, true]);
    }

    #[test]
    fn holm_adjusted_p_values_match_r_p_adjust() {
        // R: p.adjust(c(0.01, 0.04, 0.03, 0.005), "holm") = 0.03 0.06 0.06 0.02: sorted
        // 0.005·4 = 0.02, 0.01·3 = 0.03, 0.03·2 = 0.06, 0.04·1 = 0.04 raised to 0.06.
        let h = Holm::new(&[Some(0.01), Some(0.04), Some(0.03), Some(0.005)]);
        let expected = [0.03, 0.06, 0.06, 0.02];
        for (a, e) in h.adjusted.iter().zip(expected) {
            assert!((a.unwrap() - e).abs() < 1e-12, "{:?}", h.adjusted);
        }
        assert_eq!(h.flags(), [true, false, false, true]);
        // p.adjust(c(0.5, 0.6), "holm") = 1 1: capped at 1, kept monotone.
        assert_eq!(Holm::new(&[Some(0.5), Some(0.6)]).adjusted, [Some(1.0), Some(1.0)]);
    }

    #[test]
    fn holm_leaves_identical_and_untested_comparisons_out_of_the_family() {
        // A family of two: 0.01·2 = 0.02 and 0.04; the identical and the NaN count in neither.
        let h = Holm::new(&[Some(0.01), None, Some(0.04), Some(f64::NAN)]);
        assert_eq!(h.family(), 2);
        assert_eq!(h.identical, 1);
        assert!((h.adjusted[0].unwrap() - 0.02).abs() < 1e-12 && h.adjusted[2] == Some(0.04), "{h:?}");
        assert_eq!((h.adjusted[1], h.adjusted[3]), (None, None));
        assert_eq!(h.flags(), [true, false, true, false]);
        let said = h.describe();
        assert!(
            said.starts_with("2 comparisons") && said.contains("1 identical") && said.contains("1 without"),
            "{said}"
        );
        let zero = Interval { low: 0.0, high: 0.0 };
        assert_eq!(tested_p(0.0, zero), None, "the same value in every game");
        assert_eq!(tested_p(0.0, Interval { low: -0.1, high: 0.1 }), Some(1.0), "a zero estimate that varies");
        assert_eq!(tested_p(0.2, zero), Some(0.0));
    }

    #[test]
    fn wilson_matches_a_textbook_value() {
        // 81 of 263 at 95%: Wilson gives [0.2553, 0.3662] (Newcombe 1998 style check).
        let i = wilson(81.0, 263, Z95);
        assert!((i.low - 0.2553).abs() < 5e-4, "{i:?}");
        assert!((i.high - 0.3662).abs() < 5e-4, "{i:?}");
        let edge = wilson(0.0, 10, Z95);
        assert_eq!(edge.low, 0.0);
        assert!((edge.high - 0.2775).abs() < 5e-4, "{edge:?}");
    }

    #[test]
    fn rate_counts_ties_as_halves() {
        let mut r = Rate::default();
        r.record(true);
        r.record(false);
        r.record_half();
        r.record_half();
        assert_eq!(r.trials, 4);
        assert_eq!(r.value(), 0.5);
        let other = Rate::of(30, 100);
        let (d, i) = Rate::of(60, 100).difference(&other);
        assert!((d - 0.3).abs() < 1e-12);
        // se = sqrt(0.24/100 + 0.21/100) = 0.0671; half-width 1.96 se = 0.1315.
        assert!((i.half_width() - 0.1315).abs() < 1e-3, "{i:?}");
    }

    #[test]
    fn versus_reads_both_orientations() {
        // Two entrants: row 0 beat column 1 in 3 of 4; row 1 beat column 0 in 1 of 2.
        let r = Rate::of;
        let cells = [r(0, 0), r(3, 4), r(1, 2), r(0, 0)];
        let zero = versus(&cells, 2, 0, std::iter::once(1));
        assert_eq!((zero.successes(), zero.trials), (4.0, 6));
        let one = versus(&cells, 2, 1, std::iter::once(0));
        assert_eq!((one.successes(), one.trials), (2.0, 6));
    }

    #[test]
    fn moments_are_exact_and_merge_in_any_order() {
        let xs = [3i64, -7, 12, 0, 5, 5, -1];
        let mut all = Moments::default();
        xs.iter().for_each(|&x| all.record(x));
        let mean = xs.iter().sum::<i64>() as f64 / 7.0;
        let var = xs.iter().map(|&x| (x as f64 - mean).powi(2)).sum::<f64>() / 6.0;
        assert!((all.mean() - mean).abs() < 1e-12);
        assert!((all.variance() - var).abs() < 1e-9);
        let (mut a, mut b) = (Moments::default(), Moments::default());
        xs[..3].iter().for_each(|&x| a.record(x));
        xs[3..].iter().for_each(|&x| b.record(x));
        let mut ba = b;
        ba += a;
        a += b;
        assert_eq!(a, all);
        assert_eq!(ba, all);
    }

    #[test]
    fn histogram_clamps_and_merges() {
        let mut h = Histogram::new(0, 3);
        for x in [-2, 0, 1, 3, 9] {
            h.record(x);
        }
        assert_eq!(h.counts, vec![2, 1, 0, 2]);
        assert_eq!((h.below, h.above), (1, 1));
        let mut g = Histogram::new(0, 3);
        g.record(2);
        h += g;
        assert_eq!(h.counts, vec![2, 1, 1, 2]);
        assert_eq!(h.rebinned(2), vec![(0, 3), (2, 3)]);
        assert_eq!(h.rebinned(3), vec![(0, 4), (3, 2)]);
        assert_eq!((h.quantile(0.0), h.quantile(0.5), h.quantile(1.0)), (0, 1, 3));
    }

    #[test]
    fn kurtosis_of_a_normal_like_and_a_heavy_tail() {
        let mut h = Histogram::new(-10, 10);
        [-1, 0, 0, 1].iter().for_each(|&x| h.record(x));
        assert!((h.kurtosis() - (-1.0)).abs() < 1e-12, "m2 = 1/2, m4 = 1/2: 2 − 3 = −1, got {}", h.kurtosis());
        let mut t = Histogram::new(-100, 100);
        (0..98).for_each(|_| t.record(0));
        [100, -100].iter().for_each(|&x| t.record(x));
        assert!(t.kurtosis() > 40.0);
    }

    #[test]
    fn two_sided_p_of_an_estimate_at_its_half_width_is_five_percent() {
        let ci = |half: f64| Interval { low: -half, high: half };
        assert!((two_sided_p(0.3, ci(0.3)) - 0.05).abs() < 1e-9);
        assert_eq!((two_sided_p(0.0, ci(0.0)), two_sided_p(-0.1, ci(0.0))), (1.0, 0.0));
    }
}
