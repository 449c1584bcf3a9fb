//! Calibration against real play: each target of a calibration table (the engine's
//! [`TENHOU`], 天鳳 鳳凰卓 2016) beside the bots' estimate, the relative difference with its
//! interval and whether the estimate is within the target's band. The four-player table
//! study writes them as the `calibration` table, its chart and its summary lines.

use crate::chart::{self, Bar, IntervalBars};
use crate::frame::Frame;
use crate::stats::{Interval, Rate};
use anyhow::Result;
use engine::mahjong::table::{TENHOU, Target};
use polars::prelude::DataFrame;
use std::fmt::Write as _;
use std::path::Path;

/// One target beside the bots' estimate.
pub struct Row {
    /// `rate`, `average_win` or `yaku`.
    pub kind: &'static str,
    /// The target.
    pub target: &'static Target,
    /// The bots' estimate with its 95% interval.
    pub bots: (f64, Interval),
}

impl Row {
    /// The target's name (`average_win` for the average win).
    pub fn name(&self) -> &str {
        if self.target.name.is_empty() { self.kind } else { &self.target.name }
    }

    /// The relative difference bots / tenhou − 1 with its interval (the published value
    /// taken as exact: its sample is some forty times the bots' at 4,000 hanchan).
    pub fn relative(&self) -> (f64, Interval) {
        let rel = |v: f64| v / self.target.tenhou - 1.0;
        let (v, ci) = self.bots;
        (rel(v), Interval { low: rel(ci.low), high: rel(ci.high) })
    }

    /// Whether the estimate is within the band (`None`: the target has none).
    pub fn within(&self) -> Option<bool> {
        self.target.within(self.bots.0)
    }

    /// "in band", "OUT of band" or "no band", for the summary.
    fn verdict(&self) -> String {
        match (self.within(), self.target.tolerance) {
            (Some(true), Some(t)) => format!("in band ±{:.0}%", 100.0 * t),
            (Some(false), Some(t)) => format!("OUT of band ±{:.0}%", 100.0 * t),
            _ => "no band".to_string(),
        }
    }
}

/// The rows of [`TENHOU`]: `rates` in the order of its rates, the average win (hand value)
/// with its interval, and each yaku target's share of wins (`share` of its name).
pub fn rows(rates: &[Rate], average_win: (f64, Interval), share: impl Fn(&str) -> Rate) -> Vec<Row> {
    let t = &*TENHOU;
    let rates = t.rate.iter().zip(rates).map(|(target, r)| Row { kind: "rate", target, bots: r.estimate() });
    let average = Row { kind: "average_win", target: &t.average_win, bots: average_win };
    let yaku = t.yaku.iter().map(|target| Row { kind: "yaku", target, bots: share(&target.name).estimate() });
    rates.chain([average]).chain(yaku).collect()
}

/// The `calibration` table: target, kind, tenhou, bots with ci_low and ci_high, the
/// relative difference with its interval, the band (relative tolerance, empty: none),
/// within (empty: no band) and the source.
pub fn frame(rows: &[Row]) -> Result<DataFrame> {
    let relative: Vec<(f64, Interval)> = rows.iter().map(Row::relative).collect();
    Ok(Frame::new()
        .col("target", rows.iter().map(Row::name).collect::<Vec<_>>())
        .col("kind", rows.iter().map(|r| r.kind).collect::<Vec<_>>())
        .col("tenhou", rows.iter().map(|r| r.target.tenhou).collect::<Vec<_>>())
        .estimates("bots", rows.iter().map(|r| r.bots))
        .col("relative", relative.iter().map(|r| r.0).collect::<Vec<_>>())
        .col("relative_ci_low", relative.iter().map(|r| r.1.low).collect::<Vec<_>>())
        .col("relative_ci_high", relative.iter().map(|r| r.1.high).collect::<Vec<_>>())
        .col("band", rows.iter().map(|r| r.target.tolerance).collect::<Vec<_>>())
        .col("within", rows.iter().map(Row::within).collect::<Vec<_>>())
        .col("source", rows.iter().map(|r| TENHOU.sources[&r.target.source].as_str()).collect::<Vec<_>>())
        .build()?)
}

/// The chart: each target's relative difference with its interval, its band shaded.
pub fn chart(rows: &[Row], stem: &Path) -> Result<()> {
    let label = |r: &Row| match r.kind {
        "yaku" => format!("{} (share of wins)", r.name()),
        _ => r.name().to_string(),
    };
    let bars: Vec<Bar> = rows.iter().map(|r| Bar::new(label(r), r.relative())).collect();
    let bands: Vec<Option<(f64, f64)>> = rows.iter().map(|r| r.target.tolerance.map(|t| (-t, t))).collect();
    chart::save(
        stem,
        &IntervalBars {
            title: "Bots beside Tenhou houou 2016: relative difference (95%), the band shaded",
            x_label: "bots / tenhou − 1",
            bars: &bars,
            reference: Some(0.0),
            log: false,
        }
        .with_bands(&bands),
    )
}

/// The summary's lines: each target, the bots' estimate ± its half-width, Tenhou's value,
/// the relative difference with its interval, in or out of band; then how many banded
/// targets are within. `average_note` follows the average win's line (e.g. the average
/// with honba and sticks).
pub fn summary(rows: &[Row], average_note: &str, s: &mut String) {
    let _ = writeln!(s, "calibration beside 天鳳 鳳凰卓 2016 (bots, tenhou, relative difference, band):");
    let mut heading = "";
    for r in rows {
        if r.kind != heading {
            heading = r.kind;
            let title = match r.kind {
                "rate" => "per-round rates",
                "yaku" => "yaku shares of wins",
                _ => "average win (hand value, as Tenhou's figure)",
            };
            let _ = writeln!(s, " {title}:");
        }
        let (v, ci) = r.bots;
        let (rel, rci) = r.relative();
        let digits = if r.kind == "average_win" { 0 } else { 4 };
        let _ = write!(
            s,
            "  {:<16} {v:.digits$} ± {:.digits$}   tenhou {:.digits$}   {:+.1}% [{:+.1}, {:+.1}]   {}",
            r.name(),
            ci.half_width(),
            r.target.tenhou,
            100.0 * rel,
            100.0 * rci.low,
            100.0 * rci.high,
            r.verdict()
        );
        let note = if r.kind == "average_win" { average_note } else { "" };
        let _ = writeln!(s, "{}{note}", if note.is_empty() { "" } else { "   " });
    }
    let banded: Vec<&Row> = rows.iter().filter(|r| r.within().is_some()).collect();
    let out: Vec<&str> = banded.iter().filter(|r| r.within() == Some(false)).map(|r| r.name()).collect();
    let _ = writeln!(
        s,
        " within their bands: {} of {}{}",
        banded.len() - out.len(),
        banded.len(),
        if out.is_empty() { String::new() } else { format!(" (out: {})", out.join(", ")) }
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(kind: &'static str, target: &'static Target, value: f64, half: f64) -> Row {
        Row { kind, target, bots: (value, Interval { low: value - half, high: value + half }) }
    }

    #[test]
    fn the_relative_difference_and_band_follow_the_target() {
        let t = &TENHOU.rate[0];
        let r = row("rate", t, 0.2, 0.002);
        let (rel, ci) = r.relative();
        assert!((rel - (0.2 / 0.211 - 1.0)).abs() < 1e-12);
        assert!((ci.low - (0.198 / 0.211 - 1.0)).abs() < 1e-12 && (ci.high - (0.202 / 0.211 - 1.0)).abs() < 1e-12);
        assert_eq!(r.within(), Some(false), "-5.2%");
        assert_eq!(row("rate", t, 0.201, 0.0).verdict(), "in band ±5%");
        assert_eq!(row("rate", t, 0.2, 0.0).verdict(), "OUT of band ±5%");
        let riichi = TENHOU.yaku.iter().find(|y| y.name == "riichi").unwrap();
        assert_eq!(row("yaku", riichi, 0.1, 0.0).verdict(), "no band");
    }

    #[test]
    fn rows_cover_every_target_in_order_and_the_summary_counts_the_bands() {
        let rates =
            [Rate::of(211, 1000), Rate::of(100, 1000), Rate::of(170, 1000), Rate::of(344, 1000), Rate::of(162, 1000)];
        let rows = rows(&rates, (5647.0, Interval { low: 5600.0, high: 5700.0 }), |name| match name {
            "toitoi" => Rate::of(5, 1000),
            _ => Rate::of((TENHOU.yaku.iter().find(|y| y.name == name).unwrap().tenhou * 1000.0).round() as u64, 1000),
        });
        assert_eq!(rows.len(), 5 + 1 + TENHOU.yaku.len());
        assert_eq!(rows[5].name(), "average_win");
        let mut s = String::new();
        summary(&rows, "(5780 with honba and sticks)", &mut s);
        assert!(s.contains("  deal_in          0.1000 ±"), "{s}");
        assert!(s.contains("OUT of band ±5%"), "{s}");
        assert!(s.contains("in band ±5%   (5780 with honba and sticks)"), "{s}");
        assert!(s.contains(" within their bands: 12 of 14 (out: deal_in, toitoi)"), "{s}");
        let df = frame(&rows).unwrap();
        assert_eq!(df.height(), rows.len());
        let within = df.column("within").unwrap().bool().unwrap();
        assert_eq!(within.get(1), Some(false));
        assert_eq!(within.get(6), None);
    }
}
