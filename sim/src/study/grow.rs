//! Runs that grow until they are precise enough, for every study and sweep: `--until
//! "METRIC ±X"` (absolute half-width) or `"METRIC ±X%"` (relative to the value, for a sweep
//! the base's), repeatable, with a cap; and the running estimates `--convergence` draws.
//! Games are added in fixed batches (indices `[k·B, (k+1)·B)`), so where a run stops depends
//! only on the seed and the rules, never on threads or timing. A study names the estimates
//! a target may hold for ([`Tracked`], `Study::estimates`); in a sweep a metric's target
//! holds for the paired difference of every variant from the base.
//!
//! An interval too sure of itself meets nothing: a zero-width one (a pilot where an event
//! never happened, or a variant that never differed from the base, shows [0, 0], which is
//! no precision at all), nor one resting on fewer than [`MIN_EVENTS`] effective events
//! where the study counts them (a sweep's differences: [`crate::paired::effective_events`]).
//! What a run did ([`UntilRecord`]) is saved in `state.json` and heads `summary.txt`.

use crate::runner::RunPlan;
use crate::saved::{Reached, UntilRecord};
use crate::stats::{Interval, Moments, Rate};
use crate::study::Study;
use anyhow::{Context, Result, bail};
use std::fmt;
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

    /// Whether every estimate of its metric among `tracked` is narrow enough (and there is
    /// one): [`Target::shortfalls`] finds nothing.
    pub fn met(&self, tracked: &[Tracked]) -> bool {
        tracked.iter().any(|t| t.metric == self.metric) && self.shortfalls(tracked).is_empty()
    }

    /// Why each estimate of its metric among `tracked` does not meet it, one line per series
    /// (`series: reason`): an interval wider than allowed or empty; a zero-width one (no
    /// variation seen, which is no precision); fewer than [`MIN_EVENTS`] effective events.
    pub fn shortfalls(&self, tracked: &[Tracked]) -> Vec<String> {
        let mut out = Vec::new();
        for t in tracked.iter().filter(|t| t.metric == self.metric) {
            let half = t.interval.half_width();
            let allowed = self.allowed(t.reference);
            let why = if !half.is_finite() {
                "no interval yet".to_string()
            } else if half == 0.0 {
                "no variation seen: a zero-width interval is no precision".to_string()
            } else if half > allowed {
                format!("±{half:.4} is wider than ±{allowed:.4}")
            } else {
                match t.events {
                    Some(e) if e < MIN_EVENTS => format!("{e:.1} effective events, fewer than {MIN_EVENTS}"),
                    _ => continue,
                }
            };
            let series = if t.series.is_empty() { &t.metric } else { &t.series };
            out.push(format!("{series}: {why}"));
        }
        out
    }
}

/// The fewest effective events behind an interval before a target counts it as met or the
/// planner extrapolates from it: with fewer, a normal interval has not yet seen the tail
/// that decides its width (for a rare event: fewer than ten occurrences).
pub const MIN_EVENTS: f64 = 10.0;

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
    /// The effective number of events behind the interval, where the study counts them (a
    /// sweep's paired differences); a target needs [`MIN_EVENTS`].
    pub events: Option<f64>,
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
        Tracked {
            metric: metric.to_string(),
            series: series.to_string(),
            value,
            interval,
            reference: value,
            events: None,
        }
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
    /// What `--until` did (none without targets).
    pub until: Option<UntilRecord>,
    /// Seconds spent playing.
    pub seconds: f64,
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
    let last = trace.last().map_or(&[][..], |(_, now)| now.as_slice());
    let reached = targets.iter().zip(&needed).map(|(t, need)| Reached {
        target: t.to_string(),
        met_after: need.map(|n| n * per),
        short: if need.is_some() { Vec::new() } else { t.shortfalls(last) },
    });
    let until =
        (!targets.is_empty()).then(|| UntilRecord { batch: batch * per, cap: cap * per, targets: reached.collect() });
    Ok(Grown { acc, played, until, seconds, trace })
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
            events: None,
        };
        let t: Target = "m ±0.1".parse().unwrap();
        assert!(t.met(&[at(0.1, 5.0), at(0.05, 5.0)]));
        assert!(!t.met(&[at(0.1, 5.0), at(0.11, 5.0)]));
        assert!(!t.met(&[]), "no estimate of the metric is not met");
        assert!(!t.met(&[at(f64::NAN, 5.0)]), "an empty interval is not met");
        let r: Target = "m ±2%".parse().unwrap();
        assert!(r.met(&[at(0.1, 5.0)]) && !r.met(&[at(0.1, 4.0)]), "relative to the reference");
    }

    /// Issue 29 item 3: the [0, 0] of a pilot where an event never happened is no
    /// precision, and neither is an interval on fewer than MIN_EVENTS effective events.
    #[test]
    fn a_zero_width_interval_or_one_on_few_events_is_not_met() {
        let t: Target = "m ±0.1".parse().unwrap();
        let never = Tracked::new("m", "rare", 0.0, Interval { low: 0.0, high: 0.0 });
        assert!(!t.met(std::slice::from_ref(&never)), "a zero-width interval met a target");
        assert_eq!(t.shortfalls(&[never]), ["rare: no variation seen: a zero-width interval is no precision"]);
        let narrow = Tracked::new("m", "v", 0.01, Interval { low: 0.0, high: 0.02 });
        assert!(t.met(std::slice::from_ref(&narrow)));
        let few = Tracked { events: Some(4.0), ..narrow.clone() };
        assert_eq!(t.shortfalls(&[few]), ["v: 4.0 effective events, fewer than 10"]);
        assert!(t.met(&[Tracked { events: Some(MIN_EVENTS), ..narrow }]));
    }
}
