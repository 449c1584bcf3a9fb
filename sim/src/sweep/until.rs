//! Stopping at a target precision: `--until "METRIC ±X"` (absolute half-width) or
//! `"METRIC ±X%"` (half-width relative to the base value), repeatable, with a cap. Games
//! are added in fixed batches (indices `[k·B, (k+1)·B)`), so where a run stops depends only
//! on the seed and the rules, never on threads or timing. In a sweep a target holds for the
//! paired difference of every variant from the base.

use super::paired::{Sums, compare, estimate};
use super::{SweepAcc, SweepStudy};
use crate::runner::RunPlan;
use anyhow::{Context, Result, bail};
use std::fmt::{self, Write as _};
use std::str::FromStr;

/// One precision target.
#[derive(Clone, Debug, PartialEq)]
pub struct Target {
    /// The metric's name.
    pub metric: String,
    /// The half-width asked for (a fraction of the base value when `relative`).
    pub half: f64,
    /// `±X%`: relative to the base value.
    pub relative: bool,
}

impl FromStr for Target {
    type Err = anyhow::Error;

    fn from_str(s: &str) -> Result<Target> {
        let (metric, rest) = s
            .split_once('±')
            .or_else(|| s.split_once("+-"))
            .with_context(|| format!("`{s}`: write METRIC ±X or METRIC ±X% (e.g. \"win_rate ±0.002\")"))?;
        let metric = metric.trim();
        let rest = rest.trim();
        let (number, relative) = match rest.strip_suffix('%') {
            Some(n) => (n.trim(), true),
            None => (rest, false),
        };
        let half: f64 = number.parse().with_context(|| format!("`{s}`: `{number}` is not a number"))?;
        if metric.is_empty() || !(half.is_finite() && half > 0.0) {
            bail!("`{s}`: needs a metric and a positive half-width");
        }
        Ok(Target { metric: metric.to_string(), half: if relative { half / 100.0 } else { half }, relative })
    }
}

impl fmt::Display for Target {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.relative {
            write!(f, "{} ±{}%", self.metric, self.half * 100.0)
        } else {
            write!(f, "{} ±{}", self.metric, self.half)
        }
    }
}

impl Target {
    /// The half-width it allows for a base value of `base`.
    fn allowed(&self, base: f64) -> f64 {
        if self.relative { self.half * base.abs() } else { self.half }
    }

    /// Whether the metric's sums (`arms[0]` the base) over `n` games meet it: the base's own
    /// interval when there is no variant, else every variant's paired difference.
    pub fn met(&self, n: u64, arms: &[&Sums]) -> bool {
        let base = estimate(n, arms[0]);
        let allowed = self.allowed(base.value);
        let within = |half: f64| half.is_finite() && half <= allowed;
        match arms {
            [only] => within(estimate(n, only).half),
            [b, variants @ ..] => variants.iter().all(|v| within(compare(n, b, v).diff_ci.half_width())),
            [] => false,
        }
    }
}

/// A run grown to its targets.
pub struct Grown {
    /// The sums over every game played.
    pub acc: SweepAcc,
    /// Per target, the games it needed (or that the cap stopped it), and the throughput.
    pub note: String,
    /// The sums after each batch (the running estimates: `--convergence`).
    pub trace: Vec<SweepAcc>,
}

/// Plays batches of `batch` games (the last one cut at `cap`) until every target is met
/// (with no target: until `cap`) or `cap` games are played.
pub fn grow(study: &SweepStudy, plan: &RunPlan, targets: &[Target], batch: u64, cap: u64) -> Result<Grown> {
    let index: Vec<usize> = targets.iter().map(|t| study.metric_index(t).context("--until")).collect::<Result<_>>()?;
    let mut acc: Option<SweepAcc> = None;
    let mut trace = Vec::new();
    let mut needed: Vec<Option<u64>> = vec![None; targets.len()];
    let (mut played, mut seconds) = (0, 0.0);
    while played < cap && (targets.is_empty() || needed.iter().any(Option::is_none)) {
        let end = (played + batch).min(cap);
        let (part, run) = study.play(plan, played..end)?;
        seconds += run.elapsed.as_secs_f64();
        played = end;
        let total = match acc.as_mut() {
            Some(a) => {
                *a += part;
                a
            }
            None => acc.insert(part),
        };
        for ((t, &m), need) in targets.iter().zip(&index).zip(needed.iter_mut()) {
            let arms: Vec<&Sums> = total.sums.iter().map(|arm| &arm[m]).collect();
            if need.is_none() && t.met(total.games, &arms) {
                *need = Some(played);
            }
        }
        trace.push(total.clone());
    }
    let acc = acc.expect("at least one batch");
    let mut note = String::new();
    for (t, need) in targets.iter().zip(&needed) {
        let _ = match need {
            Some(n) => writeln!(note, "--until {t}: met after {n} games (batches of {batch})"),
            None => writeln!(note, "--until {t}: NOT met: stopped by the cap of {cap} games"),
        };
    }
    let _ = write!(
        note,
        "throughput: {:.0} games/s per arm ({played} games in {seconds:.2} s)",
        played as f64 / seconds.max(1e-9)
    );
    Ok(Grown { acc, note, trace })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn targets_read_absolute_and_relative() {
        let t: Target = "win_rate ±0.002".parse().unwrap();
        assert_eq!(t, Target { metric: "win_rate".into(), half: 0.002, relative: false });
        let t: Target = "average_win +- 1%".parse().unwrap();
        assert_eq!((t.metric.as_str(), t.relative), ("average_win", true));
        assert!((t.half - 0.01).abs() < 1e-15);
        for bad in ["win_rate", "±1", "win_rate ±x", "win_rate ±-1", "win_rate ±0"] {
            assert!(bad.parse::<Target>().is_err(), "{bad} accepted");
        }
    }
}
