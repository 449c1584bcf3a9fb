//! The drift study's words on the report page: its title, how to read it, its answer.

use crate::report::answers::{best, pct, pct_in};
use crate::report::tables::Table;
use crate::study::Words;
use std::path::Path;

/// The drift study's words.
pub(crate) const WORDS: Words = Words {
    title: "Midnight Wolves drift battle",
    how_to_read: &[
        "Each battle style plays against the same driver without a style, in every kind of battle \
             where the style acts (chase, solo run, team). A win rate of 0.5 means the style does \
             not help; ties count half.",
        "The win-rate chart sorts the styles; the bars are 95% Wilson intervals. Styles marked \
             UNBOUNDED (in the summary and the charts) make chases that never end under the printed \
             rules: their numbers are results of the round cap, a balance finding in themselves. \
             Rows marked check are 0.5 by construction (a baseline against itself).",
    ],
    glossary: &[],
    answer: |_, folder| answer(folder),
};

/// Drift: how many styles beat a driver without one, the strongest and weakest among those
/// whose chases end, and which make endless chases.
fn answer(folder: &Path) -> Vec<Option<String>> {
    let Some(t) = Table::read(folder, "entrants") else { return Vec::new() };
    let (Some(names), Some(styles), Some(rate), Some(low), Some(high)) = (
        t.texts("entrant"),
        t.texts("style"),
        t.numbers("win_rate"),
        t.numbers("win_rate_ci_low"),
        t.numbers("win_rate_ci_high"),
    ) else {
        return Vec::new();
    };
    let capped = t.numbers("capped_share").unwrap_or_else(|| vec![None; t.rows()]);
    let is_capped = |i: usize| capped[i].is_some_and(|c| c > 0.0);
    let styled = |i: usize| !styles[i].is_empty();
    let n = (0..t.rows()).filter(|&i| styled(i)).count();
    let counts = t.flags("holm_significant").map(|holm| {
        let side =
            |above: bool| (0..t.rows()).filter(|&i| holm[i] && rate[i].is_some_and(|r| (r > 0.5) == above)).count();
        format!(
            "Of {n} styles (each in the kinds of battle where it acts) against a driver without a style, \
             {} win more than half their battles and {} fewer, after Holm's correction.",
            side(true),
            side(false)
        )
    });
    let entry = |i: usize| {
        format!(
            "{} at {}",
            names[i],
            pct_in(rate[i].unwrap_or(f64::NAN), low[i].unwrap_or(f64::NAN), high[i].unwrap_or(f64::NAN))
        )
    };
    let bounded = |i: usize| styled(i) && !is_capped(i);
    let extremes = best(&rate, bounded, |r| r).zip(best(&rate, bounded, |r| -r)).map(|(top, bottom)| {
        format!(
            "Among those whose chases always end, the strongest is {} and the weakest {}.",
            entry(top),
            entry(bottom)
        )
    });
    let mut endless: Vec<usize> = (0..t.rows()).filter(|&i| is_capped(i)).collect();
    endless.sort_by(|&a, &b| capped[b].unwrap_or(0.0).total_cmp(&capped[a].unwrap_or(0.0)));
    let listed: Vec<String> =
        endless.iter().take(3).map(|&i| format!("{} {}", names[i], pct(capped[i].unwrap_or(0.0)))).collect();
    let more = if endless.len() > 3 { ", …" } else { "" };
    let unbounded = (!endless.is_empty()).then(|| {
        format!(
            "{} make chases that never end under the printed rules (share of their chases cut at the round cap: \
             {}{more}): their win rates are results of the cap, not of the rules.",
            if endless.len() == 1 { "One style entry".to_string() } else { format!("{} style entries", endless.len()) },
            listed.join(", ")
        )
    });
    vec![counts, extremes, unbounded]
}
