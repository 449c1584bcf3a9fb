//! The Rack-up study's tables, charts and summary.

use super::Arm;
use super::acc::{ArmAcc, CHOMBO_CASES, RackupAcc, TIERS};
use crate::chart::{self, Band, Bar, Distributions, IntervalBars, Series};
use crate::output::StudyOutput;
use crate::stats::{Holm, Interval, Moments, Rate};
use anyhow::{Context, Result};
use engine::rackup::{PenaltyPolicy, RiichiPolicy, ShotKind, Spell, Yaku};
use polars::prelude::*;

/// The arms of the riichi comparison: never, always, the heuristic, then
/// the threshold sweep, as (index, policy name, threshold).
fn riichi_rows(arms: &[Arm]) -> Vec<(usize, &'static str, Option<f64>)> {
    arms.iter()
        .enumerate()
        .filter_map(|(k, &a)| match a {
            Arm::Riichi(RiichiPolicy::Never) => Some((k, "never", None)),
            Arm::Riichi(RiichiPolicy::Always) => Some((k, "always", None)),
            Arm::Riichi(RiichiPolicy::Likely) => Some((k, "heuristic", None)),
            Arm::RiichiAt(t) => Some((k, "threshold", Some(t))),
            _ => None,
        })
        .collect()
}

/// The threshold sweep's arms, their paired gains over never declaring with p-values and
/// Holm's adjustment over them, and the best (highest mean gain).
pub(super) struct Sweep {
    /// (arm index, threshold) per swept arm.
    pub(super) rows: Vec<(usize, f64)>,
    /// The gains' p-values against 0.
    pub(super) p: Vec<f64>,
    /// Holm's adjustment over them (a threshold that plays exactly as never declaring left out).
    pub(super) holm: Holm,
    /// Index into `rows` of the highest mean gain.
    pub(super) best: usize,
}

pub(super) fn sweep(arms: &[Arm], acc: &RackupAcc) -> Sweep {
    let rows: Vec<(usize, f64)> = riichi_rows(arms).into_iter().filter_map(|(k, _, t)| Some((k, t?))).collect();
    let gain = |k: usize| acc.arms[k].vs_never.difference();
    let (p, holm) = Holm::of(&rows.iter().map(|&(k, _)| (gain(k).mean(), gain(k).mean_interval())).collect::<Vec<_>>());
    let best = (0..rows.len()).max_by(|&a, &b| gain(rows[a].0).mean().total_cmp(&gain(rows[b].0).mean())).unwrap_or(0);
    Sweep { p, holm, rows, best }
}

pub(super) fn write_tables(arms: &[Arm], acc: &RackupAcc, out: &StudyOutput) -> Result<()> {
    let a = &acc.arms;
    let names = || arms.iter().map(|a| a.name()).collect::<Vec<_>>();
    let col = |f: &dyn Fn(&ArmAcc) -> f64| a.iter().map(f).collect::<Vec<_>>();
    let count = |f: &dyn Fn(&ArmAcc) -> u64| a.iter().map(f).collect::<Vec<_>>();
    let mut arm_table = df!(
        "arm" => names(),
        "matches" => count(&|x| x.a_result.trials),
        "a_win_rate" => col(&|x| x.a_result.value()),
        "a_win_rate_ci_low" => col(&|x| x.a_result.interval().low),
        "a_win_rate_ci_high" => col(&|x| x.a_result.interval().high),
        "a_points_mean" => col(&|x| x.a_points.mean()),
        "a_points_sd" => col(&|x| x.a_points.std_dev()),
        "a_points_vs_baseline" => col(&|x| x.vs_baseline.difference().mean()),
        "a_points_vs_baseline_ci_half" => col(&|x| x.vs_baseline.difference().mean_interval().half_width()),
        "a_points_vs_never" => col(&|x| x.vs_never.difference().mean()),
        "a_points_vs_never_ci_half" => col(&|x| x.vs_never.difference().mean_interval().half_width()),
        "initiative_round_win_rate" => col(&|x| x.initiative.value()),
        "initiative_ci_low" => col(&|x| x.initiative.interval().low),
        "initiative_ci_high" => col(&|x| x.initiative.interval().high),
        "rounds_mean" => col(&|x| x.rounds.mean()),
        "winning_rounds" => count(&|x| x.winning_rounds),
        "no_yaku_rounds" => count(&|x| x.no_yaku_rounds),
        "mutual_rounds" => count(&|x| x.mutual_rounds),
        "yakuman_per_match" => col(&|x| x.yakuman.mean()),
        "yakuman_per_match_ci_half" => col(&|x| x.yakuman.mean_interval().half_width()),
        "a_riichi_declared" => count(&|x| x.a_riichi[0]),
        "a_riichi_won" => count(&|x| x.a_riichi[1]),
        "a_riichi_stun" => count(&|x| x.a_riichi_penalty[0]),
        "a_riichi_paid" => count(&|x| x.a_riichi_penalty[1]),
        "chombo_foul" => count(&|x| x.chombo[0].sum as u64),
        "chombo_self_out" => count(&|x| x.chombo[1].sum as u64),
        "chombo_replay" => count(&|x| x.chombo[2].sum as u64),
    )?;
    out.table("arms", &mut arm_table)?;
    yaku_table(arms, acc, out)?;
    riichi_tables(arms, acc, out)?;
    baseline_tables(&acc.arms[0], out)?;
    variant_table(&acc.arms[0], out)?;
    shot_kind_table(arms, acc, out)?;

    let mut pts: (Vec<String>, Vec<i64>, Vec<u64>) = Default::default();
    for (arm, x) in arms.iter().zip(a) {
        for (v, c) in x.a_points_hist.bins() {
            pts.0.push(arm.name());
            pts.1.push(v);
            pts.2.push(c);
        }
    }
    let mut points = df!("arm" => pts.0, "a_points" => pts.1, "count" => pts.2)?;
    out.table("points", &mut points).context("points table")
}

fn yaku_table(arms: &[Arm], acc: &RackupAcc, out: &StudyOutput) -> Result<()> {
    let a = &acc.arms;
    let pairs: Vec<(usize, Yaku)> = (0..a.len()).flat_map(|k| Yaku::ALL.map(move |y| (k, y))).collect();
    let per_match = |&(k, y): &(usize, Yaku)| Rate::of(a[k].yaku_matches[y as usize], a[k].a_result.trials);
    let per_round = |&(k, y): &(usize, Yaku)| Rate::of(a[k].yaku_rounds[y as usize], a[k].winning_rounds);
    let points = |&(k, y): &(usize, Yaku)| a[k].yaku_points[y as usize];
    let col = |f: &dyn Fn(&(usize, Yaku)) -> f64| pairs.iter().map(f).collect::<Vec<_>>();
    let count =
        |f: &dyn Fn(&ArmAcc, usize) -> u64| pairs.iter().map(|&(k, y)| f(&a[k], y as usize)).collect::<Vec<_>>();
    let mut yaku = df!(
        "arm" => pairs.iter().map(|p| arms[p.0].name()).collect::<Vec<_>>(),
        "yaku" => pairs.iter().map(|p| p.1.id()).collect::<Vec<_>>(),
        "matches_with" => count(&|x, y| x.yaku_matches[y]),
        "per_match" => col(&|p| per_match(p).value()),
        "per_match_ci_low" => col(&|p| per_match(p).interval().low),
        "per_match_ci_high" => col(&|p| per_match(p).interval().high),
        "winning_rounds_with" => count(&|x, y| x.yaku_rounds[y]),
        "per_winning_round" => col(&|p| per_round(p).value()),
        "per_winning_round_ci_low" => col(&|p| per_round(p).interval().low),
        "per_winning_round_ci_high" => col(&|p| per_round(p).interval().high),
        "points" => count(&|x, y| x.yaku_points[y].sum as u64),
        "points_per_match" => col(&|p| points(p).mean()),
        "points_per_match_ci_half" => col(&|p| points(p).mean_interval().half_width()),
    )?;
    out.table("yaku", &mut yaku)?;
    Ok(())
}

fn riichi_tables(arms: &[Arm], acc: &RackupAcc, out: &StudyOutput) -> Result<()> {
    let rows = riichi_rows(arms);
    let s = sweep(arms, acc);
    let a = |k: usize| &acc.arms[k];
    let col = |f: &dyn Fn(&ArmAcc) -> f64| rows.iter().map(|r| f(a(r.0))).collect::<Vec<_>>();
    let won = |x: &ArmAcc| Rate::of(x.a_riichi[1], x.a_riichi[0]);
    let swept = |k: usize| s.rows.iter().position(|r| r.0 == k);
    let mut table = df!(
        "policy" => rows.iter().map(|r| r.1).collect::<Vec<_>>(),
        "threshold" => rows.iter().map(|r| r.2).collect::<Vec<_>>(),
        "a_points_vs_never" => col(&|x| x.vs_never.difference().mean()),
        "a_points_vs_never_ci_low" => col(&|x| x.vs_never.difference().mean_interval().low),
        "a_points_vs_never_ci_high" => col(&|x| x.vs_never.difference().mean_interval().high),
        "a_points_vs_baseline" => col(&|x| x.vs_baseline.difference().mean()),
        "a_points_vs_baseline_ci_half" => col(&|x| x.vs_baseline.difference().mean_interval().half_width()),
        "p_value" => rows.iter().map(|r| swept(r.0).map(|i| s.p[i])).collect::<Vec<_>>(),
        "p_holm" => rows.iter().map(|r| swept(r.0).and_then(|i| s.holm.adjusted[i])).collect::<Vec<_>>(),
        "holm_significant" => rows.iter().map(|r| swept(r.0).map(|i| s.holm.significant(i))).collect::<Vec<_>>(),
        "a_win_rate" => col(&|x| x.a_result.value()),
        "a_win_rate_ci_half" => col(&|x| x.a_result.interval().half_width()),
        "riichi_per_match" => col(&|x| x.a_riichi[0] as f64 / x.a_result.trials as f64),
        "riichi_won_share" => col(&|x| won(x).value()),
        "riichi_won_share_ci_low" => col(&|x| won(x).interval().low),
        "riichi_won_share_ci_high" => col(&|x| won(x).interval().high),
    )?;
    out.table("riichi_threshold", &mut table)?;

    let penalties: Vec<(usize, PenaltyPolicy)> = arms
        .iter()
        .enumerate()
        .filter_map(|(k, &arm)| if let Arm::Penalty(p) = arm { Some((k, p)) } else { None })
        .collect();
    let col = |f: &dyn Fn(&ArmAcc) -> f64| penalties.iter().map(|r| f(a(r.0))).collect::<Vec<_>>();
    let count = |f: &dyn Fn(&ArmAcc) -> u64| penalties.iter().map(|r| f(a(r.0))).collect::<Vec<_>>();
    let mut table = df!(
        "penalty" => penalties.iter().map(|r| arms[r.0].name()).collect::<Vec<_>>(),
        "a_points_vs_baseline" => col(&|x| x.vs_baseline.difference().mean()),
        "a_points_vs_baseline_ci_half" => col(&|x| x.vs_baseline.difference().mean_interval().half_width()),
        "a_points_vs_never" => col(&|x| x.vs_never.difference().mean()),
        "a_points_vs_never_ci_half" => col(&|x| x.vs_never.difference().mean_interval().half_width()),
        "a_riichi_stun" => count(&|x| x.a_riichi_penalty[0]),
        "a_riichi_paid" => count(&|x| x.a_riichi_penalty[1]),
    )?;
    out.table("riichi_penalty", &mut table)?;
    Ok(())
}

/// The baseline's tier distribution and chombo by case.
fn baseline_tables(base: &ArmAcc, out: &StudyOutput) -> Result<()> {
    let share = |t: usize| Rate::of(base.tiers[t], base.winning_rounds);
    let col = |f: &dyn Fn(usize) -> f64| (0..TIERS.len()).map(f).collect::<Vec<_>>();
    let mut tiers = df!(
        "tier" => TIERS.to_vec(),
        "winning_rounds" => base.tiers.clone(),
        "share" => col(&|t| share(t).value()),
        "share_ci_low" => col(&|t| share(t).interval().low),
        "share_ci_high" => col(&|t| share(t).interval().high),
    )?;
    out.table("tiers", &mut tiers)?;
    let per_match = |c: &Moments| c.mean();
    let mut chombo = df!(
        "case" => CHOMBO_CASES.to_vec(),
        "count" => base.chombo.iter().map(|c| c.sum as u64).collect::<Vec<_>>(),
        "per_match" => base.chombo.iter().map(per_match).collect::<Vec<_>>(),
        "per_match_ci_half" => base.chombo.iter().map(|c| c.mean_interval().half_width()).collect::<Vec<_>>(),
    )?;
    out.table("chombo", &mut chombo)?;
    Ok(())
}

/// The baseline's winning rounds per point value of the yaku with several.
fn variant_table(base: &ArmAcc, out: &StudyOutput) -> Result<()> {
    let rows: Vec<(Yaku, usize, &str)> = Yaku::WITH_VARIANTS
        .iter()
        .flat_map(|&y| y.variants().iter().enumerate().map(move |(v, &name)| (y, v, name)))
        .collect();
    let count = |&(y, v, _): &(Yaku, usize, &str)| base.variant_rounds[y.variant_slot(v as u8)];
    let share = |r: &(Yaku, usize, &str)| Rate::of(count(r), base.winning_rounds);
    let of_yaku = |r: &(Yaku, usize, &str)| Rate::of(count(r), base.yaku_rounds[r.0 as usize]);
    let col = |f: &dyn Fn(&(Yaku, usize, &str)) -> f64| rows.iter().map(f).collect::<Vec<_>>();
    let mut table = df!(
        "yaku" => rows.iter().map(|r| r.0.id()).collect::<Vec<_>>(),
        "value" => rows.iter().map(|r| r.1 as u32).collect::<Vec<_>>(),
        "variant" => rows.iter().map(|r| r.2).collect::<Vec<_>>(),
        "winning_rounds_with" => rows.iter().map(count).collect::<Vec<_>>(),
        "per_winning_round" => col(&|r| share(r).value()),
        "per_winning_round_ci_low" => col(&|r| share(r).interval().low),
        "per_winning_round_ci_high" => col(&|r| share(r).interval().high),
        "share_of_yaku" => col(&|r| of_yaku(r).value()),
    )?;
    out.table("yaku_variants", &mut table).context("yaku_variants table")
}

/// Player A's normal shots by kind, per arm.
fn shot_kind_table(arms: &[Arm], acc: &RackupAcc, out: &StudyOutput) -> Result<()> {
    let mut t: (Vec<String>, Vec<&str>, Vec<u64>, Vec<f64>) = Default::default();
    for (arm, a) in arms.iter().zip(&acc.arms) {
        let total = a.a_shot_kinds.iter().sum::<u64>().max(1) as f64;
        for kind in ShotKind::ALL {
            let n = a.a_shot_kinds[kind as usize];
            t.0.push(arm.name());
            t.1.push(kind.id());
            t.2.push(n);
            t.3.push(n as f64 / total);
        }
    }
    let mut table = df!("arm" => t.0, "kind" => t.1, "a_shots" => t.2, "share" => t.3)?;
    out.table("shot_kinds", &mut table).context("shot_kinds table")
}

/// The baseline's yaku by share of winning rounds, most frequent first; a yaku never seen
/// is labelled so.
fn yaku_bars(base: &ArmAcc) -> Vec<Bar> {
    let mut order: Vec<Yaku> = Yaku::ALL.to_vec();
    order.sort_by_key(|y| std::cmp::Reverse(base.yaku_rounds[*y as usize]));
    order
        .iter()
        .map(|&y| {
            let r = Rate::of(base.yaku_rounds[y as usize], base.winning_rounds);
            let seen = if r.half_successes == 0 { " (not seen)" } else { "" };
            Bar::new(format!("{}{seen}", y.id()), r.estimate())
        })
        .collect()
}

/// The yaku chart of [`yaku_bars`], on a log axis: a yaku never seen draws no bar, only its
/// interval (0 to the upper end).
fn yaku_chart(bars: &[Bar]) -> IntervalBars<'_> {
    IntervalBars {
        title: "Rack-up: share of winning rounds with each yaku (baseline, 95% Wilson)",
        x_label: "share of winning rounds (log scale; a yaku not seen: no bar, its interval only)",
        bars,
        reference: None,
        log: true,
    }
}

pub(super) fn charts(arms: &[Arm], acc: &RackupAcc, out: &StudyOutput) -> Result<()> {
    let base = &acc.arms[0];
    chart::save(&out.chart("yaku_frequency"), &yaku_chart(&yaku_bars(base)))?;
    let tiers: Vec<Bar> = (0..TIERS.len())
        .map(|t| {
            let r = Rate::of(base.tiers[t], base.winning_rounds);
            Bar::new(TIERS[t].to_string(), r.estimate())
        })
        .collect();
    chart::save(
        &out.chart("tiers"),
        &IntervalBars {
            title: "Rack-up: winning rounds by tier (baseline, 95% Wilson)",
            x_label: "share of winning rounds",
            bars: &tiers,
            reference: None,
            log: false,
        },
    )?;

    let arm_bars = |f: &dyn Fn(&ArmAcc) -> (f64, Interval)| -> Vec<Bar> {
        arms.iter()
            .zip(&acc.arms)
            .map(|(arm, a)| {
                let (v, ci) = f(a);
                Bar::new(arm.name(), (v, ci))
            })
            .collect()
    };
    let wins = arm_bars(&|a| (a.a_result.value(), a.a_result.interval()));
    chart::save(
        &out.chart("a_win_rate"),
        &IntervalBars {
            title: "Rack-up: player A's match win rate per arm (95% Wilson)",
            x_label: "match win rate (ties count half); dashed: baseline",
            bars: &wins,
            reference: Some(base.a_result.value()),
            log: false,
        },
    )?;
    let ev = arm_bars(&|a| (a.vs_baseline.difference().mean(), a.vs_baseline.difference().mean_interval()));
    chart::save(
        &out.chart("a_points_vs_baseline"),
        &IntervalBars {
            title: "Rack-up: player A's final points against the baseline, same streams (95%)",
            x_label: "mean paired difference in final points",
            bars: &ev,
            reference: Some(0.0),
            log: false,
        },
    )?;

    let s = sweep(arms, acc);
    let categories: Vec<String> = s.rows.iter().map(|r| format!("{:.2}", r.1)).collect();
    let thresholds: Vec<f64> = s.rows.iter().map(|r| r.1).collect();
    let curve: Vec<Bar> =
        s.rows.iter().map(|&(k, t)| Bar::new(format!("{t:.2}"), acc.arms[k].vs_never.difference().estimate())).collect();
    chart::save(
        &out.chart("riichi_threshold"),
        &Band {
            title: "Rack-up: riichi declaration threshold, A's points against never declaring (95%, paired)",
            x_label: "declare riichi when the shot finishes the round with at least this chance",
            y_label: "mean paired difference in A's final points",
            categories: &categories,
            series: &[("vs never".to_string(), curve)],
            reference: Some(0.0),
        }
        .placed(&thresholds),
    )?;

    let shown = [Arm::Baseline, Arm::Riichi(RiichiPolicy::Never), Arm::Spell(Spell::Mirage), Arm::Spell(Spell::Diet)];
    let series: Vec<Series> = arms
        .iter()
        .zip(&acc.arms)
        .filter(|(arm, _)| shown.contains(arm))
        .map(|(arm, a)| {
            let total = a.a_points_hist.total().max(1) as f64;
            Series {
                name: format!("{} (mean {:.2})", arm.name(), a.a_points.mean()),
                points: a.a_points_hist.bins().map(|(v, c)| (v, c as f64 / total)).collect(),
            }
        })
        .collect();
    chart::save(
        &out.chart("a_points_distribution"),
        &Distributions {
            title: "Rack-up: player A's final points",
            x_label: "final points",
            series: &series,
            log: false,
        },
    )
}

#[cfg(test)]
mod tests {
    use super::{yaku_bars, yaku_chart};
    use crate::chart::{svg_text, svg_texts};
    use crate::games::rackup::acc::RackupAcc;
    use engine::rackup::Yaku;

    #[test]
    fn the_yaku_chart_draws_no_bar_for_a_yaku_never_seen() {
        let mut base = RackupAcc::new(1).arms.remove(0);
        base.winning_rounds = 1000;
        base.yaku_rounds[Yaku::ALL[0] as usize] = 400;
        base.yaku_rounds[Yaku::ALL[1] as usize] = 3;
        let svg = svg_text(&yaku_chart(&yaku_bars(&base)));
        assert_eq!(svg.matches("opacity=\"0.45\" fill=\"#0000FF\"").count(), 2, "one bar per yaku seen");
        let texts = svg_texts(&svg);
        let unseen = texts.iter().filter(|t| t.ends_with(" (not seen)")).count();
        assert_eq!(unseen, Yaku::COUNT - 2, "{texts:?}");
    }
}
