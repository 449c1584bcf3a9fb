//! A deviations run's `deviations` table, forest chart and summary. Each deviation's gain
//! is its objective per game minus the strategy's own on the same deals (more is better
//! for the deviation; a place's gain is its fall), with the paired 95% interval; p-values
//! are Holm-adjusted over the family (deviations identical to the strategy in every deal
//! left out). The summary's first line says whether any deviation gains significantly.

use super::DeviationsStudy;
use crate::chart::{self, Bar, IntervalBars};
use crate::duel::field::FieldAcc;
use crate::output::StudyOutput;
use crate::stats::Holm;
use crate::study::Coverage;
use anyhow::Result;
use polars::prelude::*;
use std::fmt::Write as _;

/// Writes the table and the chart; returns the summary.
pub fn write(study: &DeviationsStudy, acc: &FieldAcc, coverage: &Coverage, out: &StudyOutput) -> Result<String> {
    let field = &study.field;
    let m = study.objective;
    let metric = field.metrics()[m].name;
    let gains: Vec<_> = (1..=study.moves.len()).map(|k| field.gain(acc, k, m)).collect();
    let (p, holm) = Holm::of(&gains);
    let gaining: Vec<bool> = gains.iter().enumerate().map(|(k, g)| holm.significant(k) && g.0 > 0.0).collect();
    let mut df = df!(
        "parameter" => study.moves.iter().map(|d| d.parameter.clone()).collect::<Vec<_>>(),
        "value" => study.moves.iter().map(|d| super::moves::shown(&d.value)).collect::<Vec<_>>(),
        "objective" => vec![metric; gains.len()],
        "gain" => gains.iter().map(|g| g.0).collect::<Vec<_>>(),
        "ci_low" => gains.iter().map(|g| g.1.low).collect::<Vec<_>>(),
        "ci_high" => gains.iter().map(|g| g.1.high).collect::<Vec<_>>(),
        "p_value" => p.clone(),
        "p_holm" => holm.adjusted.clone(),
        "holm_significant" => holm.flags(),
        "gains_significantly" => gaining.clone(),
        "deals" => vec![acc.deals; gains.len()],
        "games_each" => vec![acc.deals * field.games_per_candidate() as u64; gains.len()],
    )?;
    out.table("deviations", &mut df)?;
    let bars: Vec<Bar> = study
        .moves
        .iter()
        .zip(&gains)
        .map(|(d, (g, ci))| Bar { label: d.name(), value: *g, low: ci.low, high: ci.high })
        .collect();
    let title =
        format!("{}: deviation − strategy, {metric} per game (paired 95% interval)", study.params.strategy.name);
    let x = format!("gain in {metric} per game");
    let chart = IntervalBars { title: &title, x_label: &x, bars: &bars, reference: Some(0.0), log: false };
    chart::save(&out.chart("deviations"), &chart)?;

    let mut s = String::new();
    let count = gaining.iter().filter(|g| **g).count();
    if count == 0 {
        let _ = writeln!(s, "No deviation gains significantly (Holm over {}).", holm.describe());
    } else {
        let _ = writeln!(
            s,
            "{count} deviation{} gain{} significantly (Holm over {}): the strategy is beaten by a small change of itself.",
            if count == 1 { "" } else { "s" },
            if count == 1 { "s" } else { "" },
            holm.describe()
        );
    }
    let _ = writeln!(
        s,
        "Deviations of {} ({} game), {}; objective {metric} per game, each deviation in every seat against the \
         strategy, on the same deals as the strategy against itself.",
        study.params.strategy.name,
        study.game_name(),
        coverage.describe()
    );
    let (base, base_ci) = field.value(acc, 0, m);
    let _ = writeln!(s, "the strategy against itself: {metric} {base:.5} [{:.5}, {:.5}]", base_ci.low, base_ci.high);
    let mut order: Vec<usize> = (0..gains.len()).collect();
    order.sort_by(|&a, &b| gains[b].0.total_cmp(&gains[a].0));
    let _ = writeln!(s, "\nlargest gains first (gain [95% interval], Holm-adjusted p; ** gains significantly):");
    for &k in order.iter().take(10) {
        let (g, ci) = gains[k];
        let adjusted = holm.adjusted[k].map_or("identical".to_string(), |p| format!("p_holm {p:.4}"));
        let mark = if gaining[k] { " **" } else { "" };
        let _ =
            writeln!(s, "  {:<32} {g:+.5} [{:+.5}, {:+.5}]  {adjusted}{mark}", study.moves[k].name(), ci.low, ci.high);
    }
    if !study.strings.is_empty() {
        let _ = writeln!(s, "string parameters left as they are: {}", study.strings.join(", "));
    }
    if !study.refused.is_empty() {
        let names: Vec<&str> = study.refused.iter().map(|r| r.0.as_str()).collect();
        let _ = writeln!(s, "deviations the strategy's reader refuses, left out: {}", names.join(", "));
    }
    Ok(s)
}
