//! A sweep's tables, charts and summary: per variant and metric the base and variant values,
//! the paired difference with its 95% interval, the unpaired half-width beside it and the
//! variance the pairing removed; significance flagged unadjusted and after Holm's step-down
//! adjustment over every comparison (those identical by construction left out); the
//! largest effects per metric by |z|; one forest plot of differences per metric. With adapted
//! play ([`super::adapt`]) the same again for the adapted arms, beside the unchanged ones in
//! the table, the forest plots and the summary, with the shift (adapted effect − unchanged
//! effect) and the skill gaps, each family Holm-adjusted on its own; the `sweep_arms` table
//! and one skill-gap forest per metric give every arm's tuned settings and skill gap.

use super::{SweepAcc, SweepStudy};
use crate::chart::{self, Band, Bar, Heatmap, IntervalBars};
use crate::output::StudyOutput;
use crate::paired::Compared;
use crate::stats::{Holm, Interval, Z95, tested_p};
use crate::study::{Coverage, Words};
use anyhow::Result;
use polars::prelude::*;
use std::fmt::Write as _;

/// A sweep's words.
pub(crate) const WORDS: Words = Words {
    title: "House-rule sweep",
    how_to_read: &[
        "Every variant of the house rules plays the same seeded games as the base, so each \
             metric's difference from the base is paired: its 95% interval is much narrower than \
             comparing two separate runs.",
        "In the forest plots a bar that crosses zero is no detectable change. Claims are \
             Holm-corrected over every variant and metric: only flagged ones survive the many \
             comparisons.",
    ],
    glossary: &[],
    answer: |_, folder| crate::report::answers::sweep(folder),
};

/// A difference with its paired interval as a chart's bar.
fn interval(label: String, c: &Compared) -> Bar {
    Bar::new(label, (c.diff, c.diff_ci))
}

/// Adapted play's estimates of one row (variant, metric) of the sweep table.
struct AdaptedRow {
    /// The adapted variant against the adapted base.
    effect: Compared,
    /// The adapted effect minus the unchanged one.
    shift: (f64, Interval),
    /// The base's and the variant's skill gaps (tuned player A against simple player A).
    skill_base: Compared,
    skill: Compared,
    /// The variant's skill gap minus the base's.
    skill_change: (f64, Interval),
}

/// A family of estimates with their p-values and Holm's adjustment.
struct Family {
    p: Vec<f64>,
    holm: Holm,
}

impl Family {
    fn of(estimates: impl Iterator<Item = (f64, Interval)>) -> Family {
        let (p, holm) = Holm::of(&estimates.collect::<Vec<_>>());
        Family { p, holm }
    }

    /// `**` significant after Holm, `*` p < 0.05 alone, else nothing.
    fn mark(&self, k: usize) -> &'static str {
        if self.holm.significant(k) {
            "**"
        } else if self.p[k] < 0.05 {
            "*"
        } else {
            ""
        }
    }

    /// The verdict of estimate `k` of value `value`: `+` or `−` where Holm finds it, `0` where not.
    fn verdict(&self, k: usize, value: f64) -> char {
        match self.holm.significant(k) {
            false => '0',
            true if value > 0.0 => '+',
            true => '−',
        }
    }
}

/// A mark with a space before it, or nothing.
fn spaced(mark: &str) -> String {
    if mark.is_empty() { String::new() } else { format!(" {mark}") }
}

/// Adapted play's estimates for the rows (variant, metric) and their families: adapted
/// effects, shifts, skill-gap changes.
struct AdaptedRows {
    rows: Vec<AdaptedRow>,
    effects: Family,
    shifts: Family,
    skill_changes: Family,
}

impl AdaptedRows {
    fn of(study: &SweepStudy, acc: &SweepAcc, rows: &[(usize, usize, Compared)]) -> AdaptedRows {
        let (n, per) = (acc.games, study.variants.len() + 1);
        let skill = |arm: usize, m: usize| acc.sums[2 * per + arm][m].compare();
        let rows: Vec<AdaptedRow> = rows
            .iter()
            .map(|&(v, m, _)| AdaptedRow {
                effect: acc.sums[per + v][m].compare(),
                shift: acc.shift[v - 1][m].contrast(n, &[(3, 2), (0, 1)]),
                skill_base: skill(0, m),
                skill: skill(v, m),
                skill_change: acc.skill[v - 1][m].contrast(n, &[(2, 3), (1, 0)]),
            })
            .collect();
        AdaptedRows {
            effects: Family::of(rows.iter().map(|r| (r.effect.diff, r.effect.diff_ci))),
            shifts: Family::of(rows.iter().map(|r| r.shift)),
            skill_changes: Family::of(rows.iter().map(|r| r.skill_change)),
            rows,
        }
    }
}

/// Writes the `sweep` table and the forest plots; returns the summary.
pub fn write(study: &SweepStudy, acc: &SweepAcc, coverage: &Coverage, out: &StudyOutput) -> Result<String> {
    let n = acc.games;
    let metrics = study.metrics();
    let rows: Vec<(usize, usize, Compared)> = (1..study.variants.len() + 1)
        .flat_map(|v| (0..metrics.len()).map(move |m| (v, m)))
        .map(|(v, m)| (v, m, acc.sums[v][m].compare()))
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
    let adapted = study.adapted().map(|_| AdaptedRows::of(study, acc, &rows));
    if let Some(a) = &adapted {
        let col = |f: &dyn Fn(&AdaptedRow) -> f64| Column::new("".into(), a.rows.iter().map(f).collect::<Vec<f64>>());
        let named = |name: &str, f: &dyn Fn(&AdaptedRow) -> f64| col(f).with_name(name.into());
        let flags = |name: &str, family: &Family| Column::new(name.into(), family.holm.flags());
        let adjusted = |name: &str, family: &Family| Column::new(name.into(), family.holm.adjusted.clone());
        df.hstack_mut(&[
            named("adapted_base", &|r| r.effect.base.value),
            named("adapted_value", &|r| r.effect.variant.value),
            named("adapted_diff", &|r| r.effect.diff),
            named("adapted_diff_ci_low", &|r| r.effect.diff_ci.low),
            named("adapted_diff_ci_high", &|r| r.effect.diff_ci.high),
            adjusted("adapted_p_holm", &a.effects),
            flags("adapted_holm_significant", &a.effects),
            named("shift", &|r| r.shift.0),
            named("shift_ci_low", &|r| r.shift.1.low),
            named("shift_ci_high", &|r| r.shift.1.high),
            adjusted("shift_p_holm", &a.shifts),
            flags("shift_holm_significant", &a.shifts),
            named("skill_gap_base", &|r| r.skill_base.diff),
            named("skill_gap", &|r| r.skill.diff),
            named("skill_gap_ci_low", &|r| r.skill.diff_ci.low),
            named("skill_gap_ci_high", &|r| r.skill.diff_ci.high),
            named("skill_gap_change", &|r| r.skill_change.0),
            named("skill_gap_change_ci_low", &|r| r.skill_change.1.low),
            named("skill_gap_change_ci_high", &|r| r.skill_change.1.high),
            adjusted("skill_gap_change_p_holm", &a.skill_changes),
            flags("skill_gap_change_holm_significant", &a.skill_changes),
        ])?;
        arms_table(study, acc, out)?;
    }
    out.table("sweep", &mut df)?;
    for (m, metric) in metrics.iter().enumerate() {
        let mut bars: Vec<Bar> = Vec::new();
        for (k, r) in rows.iter().enumerate().filter(|(_, r)| r.1 == m) {
            match &adapted {
                None => bars.push(interval(name(r.0), &r.2)),
                Some(a) => {
                    bars.push(interval(format!("{} (unchanged)", name(r.0)), &r.2));
                    bars.push(interval(format!("{} (adapted)", name(r.0)), &a.rows[k].effect));
                }
            }
        }
        let title = format!("{metric}: variant − base (paired 95% interval)");
        let x = format!("difference in {metric}");
        let chart = IntervalBars { title: &title, x_label: &x, bars: &bars, reference: Some(0.0), log: false };
        chart::save(&out.chart(&format!("forest_{}", metric.replace('.', "_"))), &chart)?;
    }
    grid_charts(study, &rows, out)?;
    Ok(summary(study, acc, coverage, &rows, &Family { p, holm }, adapted.as_ref()))
}

/// Per arm (the base first) and metric, the arm adapted − as it was, with its paired
/// interval: the base's from the first variant's joint sums (base, variant, adapted base,
/// adapted variant), a variant's from its own.
fn adaptations(study: &SweepStudy, acc: &SweepAcc) -> Vec<(usize, usize, (f64, Interval))> {
    let (per, metrics) = (study.variants.len() + 1, study.metrics().len());
    (0..per)
        .flat_map(|k| (0..metrics).map(move |m| (k, m)))
        .map(|(k, m)| match k {
            0 => (k, m, acc.shift[0][m].contrast(acc.games, &[(2, 0)])),
            v => (k, m, acc.shift[v - 1][m].contrast(acc.games, &[(3, 1)])),
        })
        .collect()
}

/// The `sweep_arms` table (per arm and metric: its tuned settings, its value under play
/// unchanged and adapted with the paired difference, and its skill gap with the paired
/// interval) and one forest of skill gaps per metric.
fn arms_table(study: &SweepStudy, acc: &SweepAcc, out: &StudyOutput) -> Result<()> {
    let adapted = study.adapted().expect("an adapted sweep");
    let (n, per, metrics) = (acc.games, study.variants.len() + 1, study.metrics());
    let arm_name = |k: usize| if k == 0 { "base".to_string() } else { study.variants[k - 1].name.clone() };
    let cells: Vec<(usize, usize, Compared)> = (0..per)
        .flat_map(|k| (0..metrics.len()).map(move |m| (k, m)))
        .map(|(k, m)| (k, m, acc.sums[2 * per + k][m].compare()))
        .collect();
    let adaptation = adaptations(study, acc);
    let value = |arm: usize, m: usize| acc.sums[arm][m].arm_estimate().value;
    let mut df = df!(
        "arm" => cells.iter().map(|c| arm_name(c.0)).collect::<Vec<_>>(),
        "tuned" => cells.iter().map(|c| super::adapt::settings(adapted, &study.arm_docs[per + c.0])).collect::<Vec<_>>(),
        "metric" => cells.iter().map(|c| metrics[c.1]).collect::<Vec<_>>(),
        "unchanged" => cells.iter().map(|c| value(c.0, c.1)).collect::<Vec<_>>(),
        "adapted" => cells.iter().map(|c| value(per + c.0, c.1)).collect::<Vec<_>>(),
        "adaptation" => adaptation.iter().map(|a| a.2.0).collect::<Vec<_>>(),
        "adaptation_ci_low" => adaptation.iter().map(|a| a.2.1.low).collect::<Vec<_>>(),
        "adaptation_ci_high" => adaptation.iter().map(|a| a.2.1.high).collect::<Vec<_>>(),
        "tuned_player" => cells.iter().map(|c| c.2.variant.value).collect::<Vec<_>>(),
        "simple_player" => cells.iter().map(|c| c.2.base.value).collect::<Vec<_>>(),
        "skill_gap" => cells.iter().map(|c| c.2.diff).collect::<Vec<_>>(),
        "skill_gap_ci_low" => cells.iter().map(|c| c.2.diff_ci.low).collect::<Vec<_>>(),
        "skill_gap_ci_high" => cells.iter().map(|c| c.2.diff_ci.high).collect::<Vec<_>>(),
        "games" => vec![n; cells.len()],
    )?;
    out.table("sweep_arms", &mut df)?;
    for (m, metric) in metrics.iter().enumerate() {
        let bars: Vec<Bar> = cells.iter().filter(|c| c.1 == m).map(|c| interval(arm_name(c.0), &c.2)).collect();
        let title =
            format!("{metric}: skill gap, player A tuned − player A {} (paired 95% interval)", adapted.against.name);
        let x = format!("skill gap in {metric}");
        let chart = IntervalBars { title: &title, x_label: &x, bars: &bars, reference: Some(0.0), log: false };
        chart::save(&out.chart(&format!("skill_gap_{}", metric.replace('.', "_"))), &chart)?;
    }
    Ok(())
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
    acc: &SweepAcc,
    coverage: &Coverage,
    rows: &[(usize, usize, Compared)],
    family: &Family,
    adapted: Option<&AdaptedRows>,
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
    if let (Some(a), Some(adapted)) = (study.adapted(), adapted) {
        adapted_head(&mut s, study, acc, a, rows, family, adapted);
    }
    let _ = writeln!(s, "\nbase:");
    for (m, metric) in metrics.iter().enumerate() {
        let e = acc.sums[0][m].base_estimate();
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
        let mark = family.mark(k);
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
        if let Some(a) = adapted {
            let r = &a.rows[k];
            let _ = writeln!(
                s,
                "    adapted {:>12.5} → {:>12.5}  {:+.5} [{:+.5}, {:+.5}]{}; shift {:+.5} [{:+.5}, {:+.5}]{}; \
                 skill gap {:+.5} → {:+.5}, change {:+.5} [{:+.5}, {:+.5}]{}",
                r.effect.base.value,
                r.effect.variant.value,
                r.effect.diff,
                r.effect.diff_ci.low,
                r.effect.diff_ci.high,
                spaced(a.effects.mark(k)),
                r.shift.0,
                r.shift.1.low,
                r.shift.1.high,
                spaced(a.shifts.mark(k)),
                r.skill_base.diff,
                r.skill.diff,
                r.skill_change.0,
                r.skill_change.1.low,
                r.skill_change.1.high,
                spaced(a.skill_changes.mark(k)),
            );
        }
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
        family.holm.describe()
    );
    if let Some(a) = adapted {
        let _ = writeln!(
            s,
            "adapted effects, shifts and skill-gap changes are Holm-adjusted each in a family of their own: {}; {}; {}.",
            a.effects.holm.describe(),
            a.shifts.holm.describe(),
            a.skill_changes.holm.describe()
        );
    }
    if !study.grid.is_empty() {
        let keys: Vec<&str> = study.grid.iter().map(|g| g.0.as_str()).collect();
        let _ = writeln!(s, "grid over {}: reports/<study>/grid_<metric>.png", keys.join(" × "));
    }
    s
}

/// The adapted-play lines at the head of the summary: which bots, what each arm's tuning
/// chose, what adapting moved in each arm (Holm-significant), and where the verdicts (Holm-significant +, −, or 0) of play unchanged and play
/// adapted differ.
fn adapted_head(
    s: &mut String,
    study: &SweepStudy,
    acc: &SweepAcc,
    a: &super::adapt::Adapted,
    rows: &[(usize, usize, Compared)],
    family: &Family,
    adapted: &AdaptedRows,
) {
    let per = study.variants.len() + 1;
    let strategy = study.file.setting("strategy").unwrap_or("the game's default strategy");
    let _ = writeln!(
        s,
        "Play unchanged: both players follow {strategy}. Play adapted: its {} re-tuned for every arm by tune file {} \
         ({} games each, seed {}). Skill gap: player A's value as the tuned player minus as {} (player B the other).",
        a.keys.join(", "),
        a.tune,
        a.budget,
        a.seed,
        a.against.name
    );
    let arm = |k: usize| if k == 0 { "base".to_string() } else { format!("`{}`", study.variants[k - 1].name) };
    let tuned: Vec<String> =
        (0..per).map(|k| format!("{}: {}", arm(k), super::adapt::settings(a, &study.arm_docs[per + k]))).collect();
    let _ = writeln!(s, "tuned: {}", tuned.join("; "));
    let metrics = study.metrics();
    let moved = adaptations(study, acc);
    let moves = Family::of(moved.iter().map(|a| a.2));
    let shown: Vec<String> = moved
        .iter()
        .enumerate()
        .filter(|(k, _)| moves.holm.significant(*k))
        .map(|(_, &(arm_k, m, (d, ci)))| {
            format!("{} {} {d:+.5} [{:+.5}, {:+.5}]", arm(arm_k), metrics[m], ci.low, ci.high)
        })
        .collect();
    let _ = writeln!(
        s,
        "Adapted − unchanged, per arm (Holm over {} arm × metric, significant only): {}.",
        moved.len(),
        if shown.is_empty() { "none".to_string() } else { shown.join("; ") }
    );
    let changed: Vec<String> = rows
        .iter()
        .enumerate()
        .filter_map(|(k, (v, m, c))| {
            let (before, after) = (family.verdict(k, c.diff), adapted.effects.verdict(k, adapted.rows[k].effect.diff));
            (before != after).then(|| format!("{} {}: {before} → {after}", arm(*v), metrics[*m]))
        })
        .collect();
    let _ = match changed.is_empty() {
        true => writeln!(s, "Verdicts (Holm-significant +/−, else 0): adapted play changes none of {}.", rows.len()),
        false => writeln!(
            s,
            "Verdicts (Holm-significant +/−, else 0) that adapted play changes, {} of {}: {}.",
            changed.len(),
            rows.len(),
            changed.join("; ")
        ),
    };
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
