//! Each study's answer to its question in two or three plain sentences with the numbers,
//! what a section of the page opens with. The numbers come from the study's own state (its
//! headline estimates) and saved tables ([`Table`]), never from its printed summary; one
//! function per study kind. A sentence whose numbers are missing (a table written by
//! another version of `sim`) is left out.

use super::html::number;
use super::tables::Table;
use crate::study::grow::Tracked;
use std::path::Path;

/// The answer of the study of `kind` whose estimates are `estimates` and whose tables are
/// in `folder`.
pub fn answer(kind: &str, estimates: &[Tracked], folder: &Path) -> Vec<String> {
    let sentences = match kind {
        "drift" => drift(folder),
        "rackup" => rackup(folder),
        "medarot" => medarot(folder),
        "mahjong" => table_game(estimates, 4),
        "goto" => table_game(estimates, 3),
        "goto-chips" => chips(estimates, folder),
        "sweep" => sweep(folder),
        "duel" => duel(folder),
        "bench" => bench(folder),
        _ => Vec::new(),
    };
    sentences.into_iter().flatten().collect()
}

/// A rate as a percentage, one decimal.
fn pct(v: f64) -> String {
    format!("{:.1}%", 100.0 * v)
}

/// A rate with its interval, as percentages: one decimal, more (up to three) while the
/// interval's ends would print alike (a Wilson interval near 100% is never `[100.0%, 100.0%]`).
fn pct_in(v: f64, low: f64, high: f64) -> String {
    let at = |d: usize, x: f64| format!("{:.d$}%", 100.0 * x);
    let d = (1..=3).find(|&d| at(d, low) != at(d, high)).unwrap_or(3);
    format!("{} [{}, {}]", at(d, v), at(d, low), at(d, high))
}

/// A number with its interval.
fn num_in(v: f64, low: f64, high: f64) -> String {
    format!("{} [{}, {}]", number(v), number(low), number(high))
}

/// Names joined as prose: `a`, `a and b`, `a, b and c`.
fn join(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

/// Every estimate of `metric`.
fn of<'a>(estimates: &'a [Tracked], metric: &'a str) -> impl Iterator<Item = &'a Tracked> + 'a {
    estimates.iter().filter(move |e| e.metric == metric)
}

/// The row of `values` (skipping missing ones, among `keep`) with the largest value by `key`.
fn best(values: &[Option<f64>], keep: impl Fn(usize) -> bool, key: impl Fn(f64) -> f64) -> Option<usize> {
    let rows = values.iter().enumerate().filter(|(i, _)| keep(*i));
    let present = rows.filter_map(|(i, v)| v.map(|v| (i, key(v))));
    present.max_by(|a, b| a.1.total_cmp(&b.1)).map(|(i, _)| i)
}

/// Drift: how many styles beat a driver without one, the strongest and weakest among those
/// whose chases end, and which make endless chases.
fn drift(folder: &Path) -> Vec<Option<String>> {
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

/// Rack-up: the baseline's win rate, the best riichi threshold against never declaring,
/// and the arms that help and hurt player A most.
fn rackup(folder: &Path) -> Vec<Option<String>> {
    let riichi = Table::read(folder, "riichi_threshold").and_then(|t| {
        let (threshold, gain) = (t.numbers("threshold")?, t.numbers("a_points_vs_never")?);
        let (low, high) = (t.numbers("a_points_vs_never_ci_low")?, t.numbers("a_points_vs_never_ci_high")?);
        let i = best(&gain, |i| threshold[i].is_some(), |g| g)?;
        let best = format!("the best, at threshold {}, scores {}", threshold[i]?, num_in(gain[i]?, low[i]?, high[i]?));
        let lead = match (low[i]? > 0.0, high[i]? < 0.0) {
            (true, _) => "Declaring riichi pays",
            (_, true) => "No riichi threshold beats never declaring riichi",
            _ => "No riichi threshold is told apart from never declaring riichi",
        };
        Some(format!("{lead}: {best} points per match against never."))
    });
    let arms = Table::read(folder, "arms").and_then(|t| {
        let (arm, win) = (t.texts("arm")?, t.numbers("a_win_rate")?);
        let (gain, half) = (t.numbers("a_points_vs_baseline")?, t.numbers("a_points_vs_baseline_ci_half")?);
        let base = arm.iter().position(|a| a == "baseline")?;
        let others = |i: usize| i != base;
        let (up, down) = (best(&gain, others, |g| g)?, best(&gain, others, |g| -g)?);
        let said = |i: usize| {
            Some(format!("{} ({} points per match over the baseline, winning {})", arm[i], signed(gain[i]?, half[i]?), pct(win[i]?)))
        };
        Some(format!(
            "With the baseline strategies player A wins {} of matches; the arm that helps A most is {}, the one that hurts most {}.",
            pct(win[base]?),
            said(up)?,
            said(down)?
        ))
    });
    vec![arms, riichi]
}

/// `+1.234 ± 0.045`.
fn signed(v: f64, half: f64) -> String {
    format!("{}{} ± {}", if v >= 0.0 { "+" } else { "" }, number(v), number(half))
}

/// Medarot: the strongest and weakest example deck, and what the card ablation finds.
fn medarot(folder: &Path) -> Vec<Option<String>> {
    let decks = Table::read(folder, "decks").and_then(|t| {
        let (deck, rate) = (t.texts("deck")?, t.numbers("win_rate")?);
        let (low, high) = (t.numbers("ci_low")?, t.numbers("ci_high")?);
        let (top, bottom) = (best(&rate, |_| true, |r| r)?, best(&rate, |_| true, |r| -r)?);
        Some(format!(
            "Against the other example decks, {} wins {} of its games and {} {} (0.5 would be an even field).",
            deck[top],
            pct_in(rate[top]?, low[top]?, high[top]?),
            deck[bottom],
            pct_in(rate[bottom]?, low[bottom]?, high[bottom]?)
        ))
    });
    let ablation = Table::read(folder, "ablation").and_then(|t| {
        let (deck, card, value) = (t.texts("deck")?, t.texts("card")?, t.numbers("value_over_vanilla")?);
        let (low, high, holm) = (t.numbers("ci_low")?, t.numbers("ci_high")?, t.flags("holm_significant")?);
        let (up, down) = (best(&value, |_| true, |v| v)?, best(&value, |_| true, |v| -v)?);
        let said = |i: usize| {
            let points = |v: f64| format!("{}{:.1}", if v >= 0.0 { "+" } else { "" }, 100.0 * v);
            let (v, l, h) = (points(value[i]?), points(low[i]?), points(high[i]?));
            Some(format!("{} in {} ({v} [{l}, {h}] percentage points of win rate)", card[i], deck[i]))
        };
        Some(format!(
            "Swapping a card for the vanilla card of its kind changes its deck's win rate in {} of {} cases after Holm's \
             correction; the card worth most is {}, the most over-priced {}.",
            holm.iter().filter(|&&h| h).count(),
            t.rows(),
            said(up)?,
            said(down)?
        ))
    });
    vec![decks, ablation]
}

/// A mahjong table of `seats`: the bots' win and deal-in rates, and first place by seat
/// against an even 1/`seats`.
fn table_game(estimates: &[Tracked], seats: usize) -> Vec<Option<String>> {
    let rate = |metric: &str| of(estimates, metric).next().map(|e| pct_in(e.value, e.interval.low, e.interval.high));
    let rates = rate("win_rate")
        .zip(rate("deal_in_rate"))
        .map(|(win, deal_in)| format!("The bots win {win} of hands and deal in to another player in {deal_in}."));
    let first: Vec<&Tracked> = of(estimates, "first_place").collect();
    let even = 1.0 / seats as f64;
    let by_seat = (!first.is_empty()).then(|| {
        let (low, high) = first.iter().fold((1.0f64, 0.0f64), |(l, h), e| (l.min(e.value), h.max(e.value)));
        let off: Vec<String> = first
            .iter()
            .filter(|e| e.interval.low > even || e.interval.high < even)
            .map(|e| format!("{} ({})", e.series, pct_in(e.value, e.interval.low, e.interval.high)))
            .collect();
        let verdict = match off.as_slice() {
            [] => format!(
                "every seat's interval holds an even {}: no seat advantage is detectable at this size",
                pct(even)
            ),
            _ => format!("away from an even {}: {}", pct(even), join(&off)),
        };
        format!("First place by seat ranges from {} to {}; {verdict}.", pct(low), pct(high))
    });
    vec![rates, by_seat]
}

/// Gotō chips: how many times the chips a game moves under each compared rule, and the
/// chance of a heavy session loss; the sensitivity table's range where it exists.
fn chips(estimates: &[Tracked], folder: &Path) -> Vec<Option<String>> {
    let means: Vec<&Tracked> = of(estimates, "mean_abs_chips").collect();
    let base = means.first().map(|m| m.series.clone()).unwrap_or_default();
    let mean_of = |arm: &str| means.iter().find(|m| m.series == arm).map(|m| number(m.value));
    let ratios: Vec<&Tracked> = of(estimates, "ratio_mean_abs").collect();
    let typical = ratios.split_first().map(|(first, rest)| {
        let moved = |r: &Tracked| format!("{}× {}", number(r.value), interval(r));
        let means = match (mean_of(&first.series), mean_of(&base)) {
            (Some(m), Some(b)) => format!(" (mean |chips| per person-game {m} against {b})"),
            _ => String::new(),
        };
        let others: String = rest.iter().map(|r| format!("; under {}, {}", r.series, moved(r))).collect();
        format!(
            "Under {} a typical game moves {} the chips it moves under {base}{means}{others}.",
            first.series,
            moved(first)
        )
    });
    let sessions = Table::read(folder, "chips_sessions").and_then(|t| {
        let (arm, loss) = (t.texts("arm")?, t.numbers("p_lose_over_100")?);
        let bots = bot_models(&t);
        let each: Option<Vec<String>> = arm
            .iter()
            .zip(&loss)
            .enumerate()
            .map(|(i, (a, p))| Some(format!("{} under {a}{}", pct((*p)?), bots.with(i))))
            .collect();
        Some(format!("The chance to lose more than 100 chips over a session is {}.", join(&each?)))
    });
    vec![typical, sessions, sensitivity(folder)]
}

/// `[low, high]` of an estimate.
fn interval(e: &Tracked) -> String {
    format!("[{}, {}]", number(e.interval.low), number(e.interval.high))
}

/// The bot model of each row of a chips table (its `bots` column), named in prose only
/// when the table holds more than one model.
struct BotModels(Option<Vec<String>>);

impl BotModels {
    /// " with B bots" for row `i`, or nothing when one model played.
    fn with(&self, i: usize) -> String {
        self.0.as_ref().map(|b| format!(" with {} bots", b[i])).unwrap_or_default()
    }
}

/// The `bots` column of `t` when it names more than one model.
fn bot_models(t: &Table) -> BotModels {
    let bots = t.texts("bots").filter(|b| b.iter().any(|x| *x != b[0]));
    BotModels(bots)
}

/// The range of the chips study's sensitivity table (`chips_sensitivity`: a `ratio` per
/// row, named by its `measure` when the table has one), per bot model when it has several.
fn sensitivity(folder: &Path) -> Option<String> {
    let t = Table::read(folder, "chips_sensitivity")?;
    let ratio = t.numbers("ratio")?;
    let what = |i: usize| t.texts("measure").map(|m| format!(" ({})", m[i])).unwrap_or_default();
    let models = bot_models(&t);
    let mut groups: Vec<String> = models.0.clone().unwrap_or_else(|| vec![String::new()]);
    groups.dedup();
    let each: Option<Vec<String>> = groups
        .iter()
        .map(|g| {
            let keep = |i: usize| models.0.as_ref().is_none_or(|b| b[i] == *g);
            let (low, high) = (best(&ratio, keep, |r| -r)?, best(&ratio, keep, |r| r)?);
            Some(format!(
                "from {}×{} to {}×{}{}",
                number(ratio[low]?),
                what(low),
                number(ratio[high]?),
                what(high),
                models.with(low)
            ))
        })
        .collect();
    Some(format!(
        "Over the {} rows of the sensitivity table (measures, state timings, bots) the ratio runs {}.",
        t.rows(),
        join(&each?)
    ))
}

/// A sweep: how many paired differences survive Holm, in how many variants, and the
/// largest change relative to the base.
fn sweep(folder: &Path) -> Vec<Option<String>> {
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
fn duel(folder: &Path) -> Vec<Option<String>> {
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
fn bench(folder: &Path) -> Vec<Option<String>> {
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
    use crate::stats::Interval;

    /// Writes `df` as the table `name` in `dir`.
    fn table(dir: &Path, name: &str, mut df: polars::prelude::DataFrame) {
        let file = std::fs::File::create(dir.join(format!("{name}.parquet"))).unwrap();
        polars::prelude::ParquetWriter::new(file).finish(&mut df).unwrap();
    }

    #[test]
    fn the_chips_answer_reads_its_tables_and_leaves_out_a_missing_one() {
        use polars::df;
        let dir = std::env::temp_dir().join(format!("sim-answers-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let e = |metric: &str, series: &str, v: f64| {
            Tracked::new(metric, series, v, Interval { low: v - 0.01, high: v + 0.01 })
        };
        let estimates = [
            e("mean_abs_chips", "goto", 25.21),
            e("mean_abs_chips", "cutbi", 34.71),
            e("ratio_mean_abs", "cutbi", 1.377),
        ];
        table(&dir, "chips_sessions", df!("arm" => ["goto", "cutbi"], "p_lose_over_100" => [0.1661, 0.2542]).unwrap());
        let said = answer("goto-chips", &estimates, &dir);
        assert_eq!(
            said,
            [
                "Under cutbi a typical game moves 1.377× [1.367, 1.387] the chips it moves under goto (mean |chips| per \
                 person-game 34.71 against 25.21).",
                "The chance to lose more than 100 chips over a session is 16.6% under goto and 25.4% under cutbi."
            ]
        );
        let measures = df!("measure" => ["sd per game", "P(session loss > 200)"], "ratio" => [1.47, 4.7]).unwrap();
        table(&dir, "chips_sensitivity", measures);
        let said = answer("goto-chips", &estimates, &dir);
        assert_eq!(
            said[2],
            "Over the 2 rows of the sensitivity table (measures, state timings, bots) the ratio runs from 1.470× \
             (sd per game) to 4.700× (P(session loss > 200))."
        );
        // Two bot models: each gets its own range, named.
        let models = df!(
            "bots" => ["efficiency", "efficiency", "defensive", "defensive"],
            "measure" => ["sd", "tail", "sd", "tail"],
            "ratio" => [1.4, 8.3, 1.36, 10.9]
        )
        .unwrap();
        table(&dir, "chips_sensitivity", models);
        let sessions =
            df!("bots" => ["efficiency", "defensive"], "arm" => ["goto", "goto"], "p_lose_over_100" => [0.1, 0.2]);
        table(&dir, "chips_sessions", sessions.unwrap());
        let said = answer("goto-chips", &estimates, &dir);
        assert_eq!(
            said[1..],
            [
                "The chance to lose more than 100 chips over a session is 10.0% under goto with efficiency bots and \
                 20.0% under goto with defensive bots.",
                "Over the 4 rows of the sensitivity table (measures, state timings, bots) the ratio runs from 1.400× \
                 (sd) to 8.300× (tail) with efficiency bots and from 1.360× (sd) to 10.90× (tail) with defensive bots."
            ]
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }

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
        table(&dir, "sweep", sweep([0.5, 0.2, 0.1], [true, true, true]));
        assert_eq!(
            answer("sweep", &[], &dir)[2],
            "With the strategy re-tuned for each variant (adapted play), 2 of the 3 verdicts change: `r0` b − → + and \
             `r2` a 0 → +."
        );
        table(&dir, "sweep", sweep([0.7, -0.1, 0.2], [true, true, false]));
        assert_eq!(
            answer("sweep", &[], &dir)[2],
            "With the strategy re-tuned for each variant (adapted play), none of the 3 verdicts changes."
        );
        table(&dir, "sweep", sweep([0.0; 3], [false; 3]).drop("adapted_diff").unwrap());
        assert_eq!(answer("sweep", &[], &dir).len(), 2, "no adapted columns, no sentence");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn prose_lists_join_with_and() {
        assert_eq!(join(&["a".into()]), "a");
        assert_eq!(join(&["a".into(), "b".into(), "c".into()]), "a, b and c");
    }

    #[test]
    fn a_table_game_answers_its_rates_and_names_a_seat_away_from_even() {
        let e = |metric: &str, series: &str, v: f64, l: f64, h: f64| {
            Tracked::new(metric, series, v, Interval { low: l, high: h })
        };
        let estimates = [
            e("win_rate", "", 0.2388, 0.2375, 0.24),
            e("deal_in_rate", "", 0.1752, 0.1741, 0.1763),
            e("first_place", "seat 0", 0.25, 0.24, 0.26),
            e("first_place", "seat 1", 0.29, 0.27, 0.31),
        ];
        let said = answer("mahjong", &estimates, Path::new("/nonexistent"));
        assert_eq!(
            said[0],
            "The bots win 23.9% [23.8%, 24.0%] of hands and deal in to another player in 17.5% [17.4%, 17.6%]."
        );
        assert_eq!(
            said[1],
            "First place by seat ranges from 25.0% to 29.0%; away from an even 25.0%: seat 1 (29.0% [27.0%, 31.0%])."
        );
    }

    #[test]
    fn an_interval_near_one_keeps_the_digits_that_tell_its_ends_apart() {
        assert_eq!(pct_in(0.47, 0.464, 0.477), "47.0% [46.4%, 47.7%]");
        assert_eq!(pct_in(0.9999, 0.9996, 0.99998), "99.99% [99.96%, 100.00%]");
    }
}
