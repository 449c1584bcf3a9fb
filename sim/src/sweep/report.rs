//! A sweep's tables, charts and summary: per variant and metric the base and variant values,
//! the paired difference with its 95% interval, the unpaired half-width beside it and the
//! variance the pairing removed; significance flagged unadjusted and after Holm's step-down
//! adjustment over every comparison (those identical by construction left out); the
//! largest effects per metric by |z|; one forest plot of differences per metric.

use super::SweepStudy;
use crate::chart::{self, Band, Bar, Heatmap, IntervalBars};
use crate::output::StudyOutput;
use crate::paired::{Compared, compare, estimate};
use crate::stats::{Holm, Z95, tested_p};
use crate::study::Coverage;
use anyhow::Result;
use polars::prelude::*;
use std::fmt::Write as _;

/// A difference with its paired interval as a chart's bar.
fn interval(label: String, c: &Compared) -> Bar {
    Bar::new(label, (c.diff, c.diff_ci))
}

/// Writes the `sweep` table and the forest plots; returns the summary.
pub fn write(study: &SweepStudy, acc: &super::SweepAcc, coverage: &Coverage, out: &StudyOutput) -> Result<String> {
    let n = acc.games;
    let metrics = study.metrics();
    let rows: Vec<(usize, usize, Compared)> = (1..acc.sums.len())
        .flat_map(|v| (0..metrics.len()).map(move |m| (v, m)))
        .map(|(v, m)| (v, m, compare(n, &acc.sums[0][m], &acc.sums[v][m])))
        .collect();
    let (p, holm) = Holm::of(&rows.iter().map(|r| (r.2.diff, r.2.diff_ci)).collect::<Vec<_>>());
    let name = |v: usize| study.variants[v - 1].name.clone();
    let col = |f: &dyn Fn(&Compared) -> f64| rows.iter().map(|r| f(&r.2)).collect::<Vec<f64>>();
    let mut df = df!(
        "variant" => rows.iter().map(|r| name(r.0)).collect::<Vec<_>>(),
        "metric" => rows.iter().map(|r| metrics[r.1]).collect::<Vec<_>>(),
        "base" => col(&|c| c.base.value),
        "base_ci_half" => col(&|c| c.base.half),
        "value" => col(&|c| c.variant.value),
        "value_ci_half" => col(&|c| c.variant.half),
        "diff" => col(&|c| c.diff),
        "diff_ci_low" => col(&|c| c.diff_ci.low),
        "diff_ci_high" => col(&|c| c.diff_ci.high),
        "unpaired_ci_half" => col(&|c| c.unpaired_half),
        "variance_reduction" => col(&|c| c.variance_reduction),
        "p_value" => p.clone(),
        "p_holm" => holm.adjusted.clone(),
        "holm_significant" => holm.flags(),
        "games" => vec![n; rows.len()],
    )?;
    out.table("sweep", &mut df)?;
    for (m, metric) in metrics.iter().enumerate() {
        let bars: Vec<Bar> = rows.iter().filter(|r| r.1 == m).map(|r| interval(name(r.0), &r.2)).collect();
        let title = format!("{metric}: variant − base (paired 95% interval)");
        let x = format!("difference in {metric}");
        let chart = IntervalBars { title: &title, x_label: &x, bars: &bars, reference: Some(0.0), log: false };
        chart::save(&out.chart(&format!("forest_{}", metric.replace('.', "_"))), &chart)?;
    }
    grid_charts(study, &rows, out)?;
    Ok(summary(study, acc, coverage, &rows, &p, &holm))
}

/// One chart per metric over the grid's cells (the last variants): the difference along
/// the key with its band for one key, a heatmap of the difference for two.
fn grid_charts(study: &SweepStudy, rows: &[(usize, usize, Compared)], out: &StudyOutput) -> Result<()> {
    if study.grid.is_empty() {
        return Ok(());
    }
    let cells: usize = study.grid.iter().map(|g| g.1.len()).product();
    let first = study.variants.len() + 1 - cells;
    let metrics = study.metrics();
    for (m, metric) in metrics.iter().enumerate() {
        // The rows are variant by variant, each with every metric.
        let of = |cell: usize| {
            let row = rows.get((first + cell - 1) * metrics.len() + m);
            row.filter(|r| r.0 == first + cell && r.1 == m).map(|r| r.2)
        };
        let stem = out.chart(&format!("grid_{}", metric.replace('.', "_")));
        let title = format!("{metric}: variant − base");
        match study.grid.as_slice() {
            [(key, values)] => {
                let points: Vec<Bar> =
                    (0..values.len()).filter_map(|k| of(k).map(|c| interval(String::new(), &c))).collect();
                let y = format!("difference in {metric} (paired 95% band)");
                let series = [(String::new(), points)];
                let band = Band {
                    title: &title,
                    x_label: key,
                    y_label: &y,
                    categories: values,
                    series: &series,
                    reference: Some(0.0),
                };
                chart::save(&stem, &band)?;
            }
            [(k1, v1), (k2, v2)] => {
                let values: Vec<f64> = (0..cells).map(|c| of(c).map_or(f64::NAN, |c| c.diff)).collect();
                let spread = values.iter().filter(|v| v.is_finite()).fold(0.0, |m: f64, v| m.max(v.abs())).max(1e-12);
                let heat = Heatmap {
                    title: &title,
                    rows: v1,
                    cols: v2,
                    values: &values,
                    neutral: 0.0,
                    spread,
                    axes: (k1, k2),
                };
                chart::save(&stem, &heat)?;
            }
            _ => unreachable!("a grid has one or two keys"),
        }
    }
    Ok(())
}

fn summary(
    study: &SweepStudy,
    acc: &super::SweepAcc,
    coverage: &Coverage,
    rows: &[(usize, usize, Compared)],
    p: &[f64],
    holm: &Holm,
) -> String {
    let metrics = study.metrics();
    let mut s = String::new();
    let _ = writeln!(
        s,
        "Sweep {} ({} game, base {}), {}",
        study.file.name,
        study.file.game,
        study.file.base,
        coverage.describe()
    );
    let _ = writeln!(s, "Every arm plays game i from the stream (seed, i); differences are per game (paired).");
    let _ = writeln!(s, "\nbase:");
    for (m, metric) in metrics.iter().enumerate() {
        let e = estimate(acc.games, &acc.sums[0][m]);
        let _ = writeln!(s, "  {metric:<22} {:>12.5} ±{:.5}", e.value, e.half);
    }
    // The rows are variant by variant, in order: a heading where the variant changes.
    for (k, (v, m, c)) in rows.iter().enumerate() {
        if k == 0 || rows[k - 1].0 != *v {
            let _ = writeln!(
                s,
                "\nvariant `{}` (variant − base, paired 95% interval; unpaired ±; variance removed by pairing):",
                study.variants[v - 1].name
            );
        }
        let mark = if holm.significant(k) {
            "**"
        } else if p[k] < 0.05 {
            "*"
        } else {
            ""
        };
        let _ = writeln!(
            s,
            "  {:<22} {:>12.5} → {:>12.5}  {:+.5} [{:+.5}, {:+.5}] ±{:.5} {:>4.0}% {mark}",
            metrics[*m],
            c.base.value,
            c.variant.value,
            c.diff,
            c.diff_ci.low,
            c.diff_ci.high,
            c.unpaired_half,
            100.0 * c.variance_reduction
        );
    }
    if acc.sums.len() > 4 {
        let _ = writeln!(
            s,
            "\nlargest effects per metric, largest |z| first (z = difference / its paired standard error; \
             variants identical to the base left out):"
        );
        for (m, metric) in metrics.iter().enumerate() {
            let _ = writeln!(s, "  {metric:<22} {}", largest(study, rows, m));
        }
    }
    let _ = writeln!(
        s,
        "\n{} comparisons: * p < 0.05 taken alone (read with care); ** significant after Holm's adjustment over {}.",
        rows.len(),
        holm.describe()
    );
    if !study.grid.is_empty() {
        let keys: Vec<&str> = study.grid.iter().map(|g| g.0.as_str()).collect();
        let _ = writeln!(s, "grid over {}: reports/<study>/grid_<metric>.png", keys.join(" × "));
    }
    s
}

/// The standardized effect of a difference: z = difference / its paired standard error
/// (±∞ for a difference with no variance; `None` for a variant identical to the base or
/// without a value).
fn z(c: &Compared) -> Option<f64> {
    tested_p(c.diff, c.diff_ci)?;
    let z = c.diff / (c.diff_ci.half_width() / Z95);
    (!z.is_nan()).then_some(z)
}

/// Metric `m`'s three largest effects by |z|, each with its difference and z.
fn largest(study: &SweepStudy, rows: &[(usize, usize, Compared)], m: usize) -> String {
    let mut by: Vec<(usize, f64, f64)> =
        rows.iter().filter(|r| r.1 == m).filter_map(|r| Some((r.0, r.2.diff, z(&r.2)?))).collect();
    if by.is_empty() {
        return "none: every variant is identical to the base".to_string();
    }
    by.sort_by(|a, b| b.2.abs().total_cmp(&a.2.abs()));
    let effect = |&(v, diff, z): &(usize, f64, f64)| {
        let z = if z.is_finite() { format!("z {z:+.1}") } else { "exact, no variance".to_string() };
        format!("{} ({diff:+.5}, {z})", study.variants[v - 1].name)
    };
    by.iter().take(3).map(effect).collect::<Vec<_>>().join("; ")
}
