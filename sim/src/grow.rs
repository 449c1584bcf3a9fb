//! Runs that grow until they are precise enough, for every study and sweep: `--until
//! "METRIC ±X"` (absolute half-width) or `"METRIC ±X%"` (relative to the value, for a sweep
//! the base's), repeatable, with a cap; and the running estimates `--convergence` draws.
//! Games are added in fixed batches (indices `[k·B, (k+1)·B)`), so where a run stops depends
//! only on the seed and the rules, never on threads or timing. A study names the estimates
//! a target may hold for ([`Tracked`], `Study::estimates`); in a sweep a metric's target
//! holds for the paired difference of every variant from the base.

use crate::runner::RunPlan;
use crate::stats::{Interval, Moments, Rate};
use crate::study::Study;
use anyhow::{Context, Result, bail};
use std::fmt::{self, Write as _};
use std::str::FromStr;

/// One precision target.
#[derive(Clone, Debug, PartialEq)]
pub struct Target {
    /// The metric's name.
    pub metric: String,
    /// The half-width asked for (a fraction of the value when `relative`).
    pub half: f64,
    /// `±X%`: relative to the value.
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
    /// The half-width it allows for a value of `reference`.
    pub fn allowed(&self, reference: f64) -> f64 {
        if self.relative { self.half * reference.abs() } else { self.half }
    }

    /// Whether every estimate of its metric among `tracked` is narrow enough.
    pub fn met(&self, tracked: &[Tracked]) -> bool {
        let mine = tracked.iter().filter(|t| t.metric == self.metric);
        let mut any = false;
        for t in mine {
            any = true;
            let half = t.interval.half_width();
            if !(half.is_finite() && half <= self.allowed(t.reference)) {
                return false;
            }
        }
        any
    }
}

/// One estimate a study reports with its 95% interval: a metric of one series (an arm, an
/// entrant, a sweep's variant; empty when the metric has one).
#[derive(Clone, Debug, PartialEq)]
pub struct Tracked {
    /// The metric (what `--until` names).
    pub metric: String,
    /// Which series of the metric (empty if it has one).
    pub series: String,
    /// The estimate.
    pub value: f64,
    /// Its 95% interval.
    pub interval: Interval,
    /// The value a relative target is a fraction of (the estimate itself, or a sweep's
    /// base value).
    pub reference: f64,
}

impl Tracked {
    /// A rate with its Wilson interval.
    pub fn rate(metric: &str, series: &str, r: &Rate) -> Tracked {
        Tracked::new(metric, series, r.value(), r.interval())
    }

    /// A mean with its normal interval.
    pub fn mean(metric: &str, series: &str, m: &Moments) -> Tracked {
        Tracked::new(metric, series, m.mean(), m.mean_interval())
    }

    /// An estimate that is its own reference.
    pub fn new(metric: &str, series: &str, value: f64, interval: Interval) -> Tracked {
        Tracked { metric: metric.to_string(), series: series.to_string(), value, interval, reference: value }
    }
}

/// The metrics of `tracked`, each once, in order.
pub fn metrics(tracked: &[Tracked]) -> Vec<&str> {
    let mut names: Vec<&str> = Vec::new();
    for t in tracked {
        if !names.contains(&t.metric.as_str()) {
            names.push(&t.metric);
        }
    }
    names
}

/// A run grown to its targets.
pub struct Grown<A> {
    /// The aggregate of every game played.
    pub acc: A,
    /// Runner indices played (`0..played`).
    pub played: u64,
    /// Per target, the games it needed (or that the cap stopped it), and the throughput.
    pub note: String,
    /// After each batch, the games played so far and the estimates then.
    pub trace: Vec<(u64, Vec<Tracked>)>,
}

/// Fails unless every target names a metric of `study`.
pub fn check<S: Study>(study: &S, targets: &[Target]) -> Result<()> {
    let known = study.estimates(&study.empty());
    let names = metrics(&known);
    match targets.iter().find(|t| !names.contains(&t.metric.as_str())) {
        Some(t) => bail!("--until `{t}`: `{}` is not a metric of this study ({})", t.metric, names.join(", ")),
        None => Ok(()),
    }
}

/// Plays batches of `batch` runner indices (the last one cut at `cap`) until every target is
/// met (with no target: until `cap`) or `cap` indices are played.
pub fn grow<S: Study>(study: &S, plan: &RunPlan, targets: &[Target], batch: u64, cap: u64) -> Result<Grown<S::Acc>> {
    check(study, targets)?;
    let per = study.games_per_index();
    let mut acc = study.empty();
    let mut trace = Vec::new();
    let mut needed: Vec<Option<u64>> = vec![None; targets.len()];
    let (mut played, mut seconds) = (0, 0.0);
    while played < cap && (targets.is_empty() || needed.iter().any(Option::is_none)) {
        let end = (played + batch).min(cap);
        let (part, run) = study.simulate(&plan.batch(played..end))?;
        seconds += run.elapsed.as_secs_f64();
        played = end;
        acc += part;
        let now = study.estimates(&acc);
        for (t, need) in targets.iter().zip(needed.iter_mut()) {
            if need.is_none() && t.met(&now) {
                *need = Some(played);
            }
        }
        trace.push((played * per, now));
    }
    let mut note = String::new();
    for (t, need) in targets.iter().zip(&needed) {
        let _ = match need {
            Some(n) => writeln!(note, "--until {t}: met after {} games (batches of {})", n * per, batch * per),
            None => writeln!(note, "--until {t}: NOT met: stopped by the cap of {} games", cap * per),
        };
    }
    let games = played * per;
    let _ = write!(
        note,
        "throughput: {:.0} games/s ({games} games in {seconds:.2} s on {} thread{})",
        games as f64 / seconds.max(1e-9),
        plan.threads,
        if plan.threads == 1 { "" } else { "s" }
    );
    Ok(Grown { acc, played, note, trace })
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

    #[test]
    fn a_target_holds_for_every_series_of_its_metric() {
        let at = |half: f64, reference: f64| Tracked {
            metric: "m".into(),
            series: String::new(),
            value: 0.0,
            interval: Interval { low: -half, high: half },
            reference,
        };
        let t: Target = "m ±0.1".parse().unwrap();
        assert!(t.met(&[at(0.1, 5.0), at(0.05, 5.0)]));
        assert!(!t.met(&[at(0.1, 5.0), at(0.11, 5.0)]));
        assert!(!t.met(&[]), "no estimate of the metric is not met");
        assert!(!t.met(&[at(f64::NAN, 5.0)]), "an empty interval is not met");
        let r: Target = "m ±2%".parse().unwrap();
        assert!(r.met(&[at(0.1, 5.0)]) && !r.met(&[at(0.1, 4.0)]), "relative to the reference");
    }
}
