//! Each study's answer to its question in two or three plain sentences with the numbers,
//! what a section of the page opens with: the prose helpers every study's answer
//! ([`crate::study::Words::answer`], written beside the study) shares, and the answers of
//! the cross-game studies and the bench. The numbers come from the study's own state (its
//! headline estimates) and saved tables ([`Table`]), never from its printed summary. A
//! sentence whose numbers are missing (a table written by another version of `sim`) is
//! left out.

use super::tables::Table;
use crate::study::Words;
use crate::study::grow::Tracked;
use std::path::Path;

/// A number as the tables show it: four significant digits (whole numbers from 1000 on).
pub fn number(v: f64) -> String {
    let a = v.abs();
    if a == 0.0 || !a.is_finite() {
        return format!("{v}");
    }
    let decimals = (3 - a.log10().floor() as i32).clamp(0, 12) as usize;
    format!("{v:.decimals$}")
}

/// The answer of a study with `words` whose estimates are `estimates` and whose tables are
/// in `folder`.
pub fn answer(words: &Words, estimates: &[Tracked], folder: &Path) -> Vec<String> {
    (words.answer)(estimates, folder).into_iter().flatten().collect()
}

/// A rate as a percentage, one decimal.
pub(crate) fn pct(v: f64) -> String {
    format!("{:.1}%", 100.0 * v)
}

/// A rate with its interval, as percentages: one decimal, more (up to three) while the
/// interval's ends would print alike (a Wilson interval near 100% is never `[100.0%, 100.0%]`).
pub(crate) fn pct_in(v: f64, low: f64, high: f64) -> String {
    let at = |d: usize, x: f64| format!("{:.d$}%", 100.0 * x);
    let d = (1..=3).find(|&d| at(d, low) != at(d, high)).unwrap_or(3);
    format!("{} [{}, {}]", at(d, v), at(d, low), at(d, high))
}

/// A number with its interval.
pub(crate) fn num_in(v: f64, low: f64, high: f64) -> String {
    format!("{} [{}, {}]", number(v), number(low), number(high))
}

/// Names joined as prose: `a`, `a and b`, `a, b and c`.
pub(crate) fn join(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

/// Every estimate of `metric`.
pub(crate) fn of<'a>(estimates: &'a [Tracked], metric: &'a str) -> impl Iterator<Item = &'a Tracked> + 'a {
    estimates.iter().filter(move |e| e.metric == metric)
}

/// The row of `values` (skipping missing ones, among `keep`) with the largest value by `key`.
pub(crate) fn best(values: &[Option<f64>], keep: impl Fn(usize) -> bool, key: impl Fn(f64) -> f64) -> Option<usize> {
    let rows = values.iter().enumerate().filter(|(i, _)| keep(*i));
    let present = rows.filter_map(|(i, v)| v.map(|v| (i, key(v))));
    present.max_by(|a, b| a.1.total_cmp(&b.1)).map(|(i, _)| i)
}

/// `+1.234 ± 0.045`.
pub(crate) fn signed(v: f64, half: f64) -> String {
    format!("{}{} ± {}", if v >= 0.0 { "+" } else { "" }, number(v), number(half))
}

/// `[low, high]` of an estimate.
pub(crate) fn interval(e: &Tracked) -> String {
    format!("[{}, {}]", number(e.interval.low), number(e.interval.high))
}

/// A sweep: how many paired differences survive Holm, in how many variants, and the
/// largest change relative to the base.
pub(crate) fn sweep(folder: &Path) -> Vec<Option<String>> {
    let Some(t) = Table::read(folder, "sweep") else { return Vec::new() };
    let (Some(variant), Some(metric), Some(base), Some(diff), Some(low), Some(high), Some(holm)) = (
        t.texts("variant"),
        t.texts("metric"),
        t.numbers("base"),
        t.numbers("diff"),
        t.numbers("diff_ci_low"),
        t.numbers("diff_ci_high"),
        t.flags("holm_significant"),
    ) else {
        return Vec::new();
    };
    let distinct = |names: &[String]| names.iter().collect::<std::collections::BTreeSet<_>>().len();
    let changed: Vec<String> = (0..t.rows()).filter(|&i| holm[i]).map(|i| variant[i].clone()).collect();
    let counts = format!(
        "Every variant plays the same games as the base; of the {} paired differences ({} variants × {} metrics), \
         {} survive Holm's correction, in {} of the variants.",
        t.rows(),
        distinct(&variant),
        distinct(&metric),
        changed.len(),
        distinct(&changed)
    );
    let relative: Vec<Option<f64>> =
        (0..t.rows()).map(|i| Some(diff[i]? / base[i]?).filter(|r| holm[i] && r.is_finite()).map(f64::abs)).collect();
    let largest = best(&relative, |_| true, |r| r).and_then(|i| {
        Some(format!(
            "The largest change relative to the base is `{}` on {}: {} from {} ({}).",
            variant[i],
            metric[i],
            num_in(diff[i]?, low[i]?, high[i]?),
            number(base[i]?),
            signed_pct(diff[i]? / base[i]?)
        ))
    });
    let none =
        changed.is_empty().then(|| "No variant changes any metric detectably at this number of games.".to_string());
    vec![Some(counts), largest, none, adapted_verdicts(&t, &variant, &metric, &diff, &holm)]
}

/// A sweep with adapted play: how many of its verdicts (Holm-significant + or −, else 0)
/// the re-tuned strategy changes, and which.
fn adapted_verdicts(
    t: &Table,
    variant: &[String],
    metric: &[String],
    diff: &[Option<f64>],
    holm: &[bool],
) -> Option<String> {
    let (after, significant) = (t.numbers("adapted_diff")?, t.flags("adapted_holm_significant")?);
    let verdict = |d: Option<f64>, h: bool| match (h, d) {
        (true, Some(d)) if d > 0.0 => "+",
        (true, Some(_)) => "−",
        _ => "0",
    };
    let changed: Vec<String> = (0..t.rows())
        .filter_map(|i| {
            let (before, adapted) = (verdict(diff[i], holm[i]), verdict(after[i], significant[i]));
            (before != adapted).then(|| format!("`{}` {} {before} → {adapted}", variant[i], metric[i]))
        })
        .collect();
    Some(match changed.as_slice() {
        [] => format!(
            "With the strategy re-tuned for each variant (adapted play), none of the {} verdicts changes.",
            t.rows()
        ),
        _ => format!(
            "With the strategy re-tuned for each variant (adapted play), {} of the {} verdicts change: {}.",
            changed.len(),
            t.rows(),
            join(&changed)
        ),
    })
}

/// A relative change as a signed percentage.
fn signed_pct(v: f64) -> String {
    format!("{}{}", if v >= 0.0 { "+" } else { "" }, pct(v))
}

/// A duel: the ranking on the first metric, and the pairings with a better strategy after
/// Holm.
pub(crate) fn duel(folder: &Path) -> Vec<Option<String>> {
    let ranking = Table::read(folder, "duel_ranking").and_then(|t| {
        let (name, metric, value) = (t.texts("strategy")?, t.texts("metric")?, t.numbers("value")?);
        let (low, high) = (t.numbers("ci_low")?, t.numbers("ci_high")?);
        let first = metric.first()?.clone();
        let order: Option<Vec<String>> = (0..t.rows())
            .filter(|&i| metric[i] == first)
            .take(4)
            .map(|i| Some(format!("{} {}", name[i], num_in(value[i]?, low[i]?, high[i]?))))
            .collect();
        Some(format!("Ranked by {first} against all the others (seats rotated, paired): {}.", join(&order?)))
    });
    let better = Table::read(folder, "duel").and_then(|t| {
        let (focal, opponent, metric) = (t.texts("focal")?, t.texts("opponent")?, t.texts("metric")?);
        let holm = t.flags("holm_better")?;
        let first = metric.first()?.clone();
        let pairs: Vec<usize> = (0..t.rows()).filter(|&i| metric[i] == first && focal[i] != opponent[i]).collect();
        let wins: Vec<String> =
            pairs.iter().filter(|&&i| holm[i]).map(|&i| format!("{} > {}", focal[i], opponent[i])).collect();
        Some(match wins.as_slice() {
            [] => format!("None of the {} pairings has a better strategy after Holm's correction.", pairs.len()),
            _ => format!(
                "{} of the {} pairings have a better strategy after Holm's correction: {}.",
                wins.len(),
                pairs.len(),
                join(&wins)
            ),
        })
    });
    vec![ranking, better]
}

/// A bench: the engines' speeds on one thread, the best speed-up, and allocations per game.
pub(crate) fn bench(folder: &Path) -> Vec<Option<String>> {
    let Some(t) = Table::read(folder, "bench") else { return Vec::new() };
    let (Some(engine), Some(threads), Some(speed)) =
        (t.texts("engine"), t.numbers("threads"), t.numbers("games_per_second"))
    else {
        return Vec::new();
    };
    let one = |i: usize| threads[i] == Some(1.0);
    let speeds = best(&speed, one, |s| -s).zip(best(&speed, one, |s| s)).map(|(slow, fast)| {
        format!(
            "On one thread the engines play from {:.0} games per second ({}) to {:.0} ({}); wall-clock figures of this \
             machine at the time of the run.",
            speed[slow].unwrap_or(0.0),
            engine[slow],
            speed[fast].unwrap_or(0.0),
            engine[fast]
        )
    });
    let allocations = t.numbers("allocations_per_game").and_then(|a| {
        let i = best(&a, |_| true, |v| v)?;
        Some(match a[i]? {
            0.0 => "No engine allocates memory per game after warm-up.".to_string(),
            most => {
                format!("After warm-up the engines allocate at most {} times per game ({}).", number(most), engine[i])
            }
        })
    });
    vec![speeds, allocations]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_keep_four_significant_digits() {
        assert_eq!(number(0.500132), "0.5001");
        assert_eq!(number(107.8023), "107.8");
        assert_eq!(number(5143.64), "5144");
        assert_eq!(number(-0.000091), "-0.00009100");
        assert_eq!(number(0.0), "0");
    }
    use crate::report::tables::write_table;

    #[test]
    fn a_sweep_with_adapted_play_counts_the_verdicts_it_changes() {
        use polars::df;
        let dir = std::env::temp_dir().join(format!("sim-answers-adapted-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let sweep = |adapted: [f64; 3], significant: [bool; 3]| {
            df!(
                "variant" => ["r0", "r0", "r2"], "metric" => ["a", "b", "a"], "base" => [1.0, 1.0, 1.0],
                "diff" => [0.5, -0.2, 0.1], "diff_ci_low" => [0.4, -0.3, -0.1], "diff_ci_high" => [0.6, -0.1, 0.3],
                "holm_significant" => [true, true, false],
                "adapted_diff" => adapted, "adapted_holm_significant" => significant
            )
            .unwrap()
        };
        write_table(&dir, "sweep", sweep([0.5, 0.2, 0.1], [true, true, true]));
        assert_eq!(
            super::sweep(&dir).into_iter().flatten().collect::<Vec<_>>()[2],
            "With the strategy re-tuned for each variant (adapted play), 2 of the 3 verdicts change: `r0` b − → + and \
             `r2` a 0 → +."
        );
        write_table(&dir, "sweep", sweep([0.7, -0.1, 0.2], [true, true, false]));
        assert_eq!(
            super::sweep(&dir).into_iter().flatten().collect::<Vec<_>>()[2],
            "With the strategy re-tuned for each variant (adapted play), none of the 3 verdicts changes."
        );
        write_table(&dir, "sweep", sweep([0.0; 3], [false; 3]).drop("adapted_diff").unwrap());
        assert_eq!(
            super::sweep(&dir).into_iter().flatten().collect::<Vec<_>>().len(),
            2,
            "no adapted columns, no sentence"
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn prose_lists_join_with_and() {
        assert_eq!(join(&["a".into()]), "a");
        assert_eq!(join(&["a".into(), "b".into(), "c".into()]), "a, b and c");
    }

    #[test]
    fn an_interval_near_one_keeps_the_digits_that_tell_its_ends_apart() {
        assert_eq!(pct_in(0.47, 0.464, 0.477), "47.0% [46.4%, 47.7%]");
        assert_eq!(pct_in(0.9999, 0.9996, 0.99998), "99.99% [99.96%, 100.00%]");
    }
}
