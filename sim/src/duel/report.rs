//! A duel's tables, charts and summary.
//!
//! Every estimate is a deal-level mean: per deal the focal strategy's values are averaged
//! over its seatings, and the 95% interval is taken over deals (`ci_low`, `ci_high`; a
//! rate at 0 or 1 in every deal gets the Wilson interval over deals, not a zero width);
//! `unpaired_ci_half` is the half-width the same games would give were the seatings
//! independent games (the per-seat variances added), and `variance_removed` the share of
//! variance the pairing took away. "Better than" claims test the first metric (win rate
//! against ½, average rank against the mean rank) for every pair of distinct strategies
//! (two-player games: each unordered pair once, its two orders being the same games), and
//! are flagged after Holm's step-down adjustment over all of them.
//!
//! A permutation duel (every order of one strategy per seat) reports a pair of distinct
//! strategies as the focal value minus the opponent's in the same games (neutral 0, each
//! unordered pair tested once: the two orders are the same difference negated), and a
//! strategy against itself as its own value over every order, which is also its ranking.

use super::{DuelAcc, DuelStudy};
use crate::chart::{self, Bar, Heatmap, IntervalBars};
use crate::contest::{Metric, SeatingMode};
use crate::frame::Frame;
use crate::output::StudyOutput;
use crate::paired::Paired;
use crate::stats::{Holm, Interval, Moments, Rate, Z95, wilson};
use crate::study::grow::Tracked;
use crate::study::{Coverage, Words};
use anyhow::Result;
use std::fmt::Write as _;

/// A duel's words.
pub(super) const WORDS: Words = Words {
    title: "Strategy duel",
    how_to_read: &["Every strategy plays every other, each deal once per seating, so seat advantage \
             cancels. The matrix is the row strategy's result against the column strategy."],
    glossary: &[],
    answer: |_, folder| crate::report::answers::duel(folder),
};

/// A deal-level mean over `per` seatings of values in `metric`'s unit (the focal
/// strategy's, less its rival's where it has one), with its interval and the unpaired
/// half-width from the per-seating `seated` pairs.
#[derive(Clone, Copy, Debug)]
struct Estimate {
    value: f64,
    ci: Interval,
    unpaired_half: f64,
}

impl Estimate {
    fn estimate(&self) -> (f64, Interval) {
        (self.value, self.ci)
    }

    fn of(paired: &Paired, seated: &[&Paired], per: usize, metric: &Metric) -> Estimate {
        let scale = (per as i64 * metric.unit) as f64;
        let paired = paired.difference();
        let ci = paired.mean_interval();
        let unpaired: f64 = seated.iter().map(|s| s.difference()).map(|s| s.variance() / s.n as f64).sum();
        let value = paired.mean() / scale;
        // A rate every deal put at 0 or 1 has no spread to estimate: its interval is the
        // Wilson interval over deals (the widest a deal-level mean in [0, 1] can have).
        let edge = metric.rate && (value == 0.0 || value == 1.0);
        let ci = if edge {
            wilson(value * paired.n as f64, paired.n, Z95)
        } else {
            Interval { low: ci.low / scale, high: ci.high / scale }
        };
        Estimate { value, ci, unpaired_half: Z95 * unpaired.sqrt() / scale }
    }

    /// The share of the unpaired variance the pairing removed (NaN with none to remove).
    fn variance_removed(&self) -> f64 {
        if self.unpaired_half == 0.0 {
            return f64::NAN;
        }
        1.0 - (self.ci.half_width() / self.unpaired_half).powi(2)
    }
}

/// One seating's value with its interval (Wilson for a rate).
fn seat_value(m: &Moments, metric: &Metric) -> (f64, Interval) {
    let unit = metric.unit as f64;
    if metric.rate {
        let r = Rate { half_successes: (m.sum * 2 / i128::from(metric.unit)) as u64, trials: m.n };
        return (r.value(), r.interval());
    }
    let ci = m.mean_interval();
    (m.mean() / unit, Interval { low: ci.low / unit, high: ci.high / unit })
}

/// A "better than" claim's test.
#[derive(Clone, Copy, Debug)]
struct Claim {
    /// Two-sided p-value of the first metric against its neutral value.
    p: f64,
    /// Its Holm-adjusted p-value (`None`: left out of the family, the pair's games the
    /// same value in every deal).
    p_holm: Option<f64>,
    /// The focal strategy is ahead of the opponent.
    ahead: bool,
    /// "Focal better than opponent" survives Holm's adjustment.
    holm: bool,
}

/// Everything the tables, charts and summary read.
struct Results<'a> {
    study: &'a DuelStudy,
    /// `pairs[pair][metric]`.
    pairs: Vec<Vec<Estimate>>,
    /// `overall[strategy][metric]`: against all the others.
    overall: Vec<Vec<Estimate>>,
    /// The tested pairs (focal, opponent) with their p-values.
    tests: Vec<(usize, usize, f64)>,
    /// Holm's adjustment over `tests`.
    holm: Holm,
}

/// Whether a permutation duel measures the pair of distinct strategies `focal` and
/// `opponent` as a difference.
fn versus(study: &DuelStudy, focal: usize, opponent: usize) -> bool {
    study.seatings.mode == SeatingMode::Permutations && focal != opponent
}

/// Whether the pair's two orders are one test read both ways (each tested once, as
/// `focal < opponent`): two seats, where the orders are the same games, or a permutation
/// duel's difference, where they are the same difference negated. At three or four seats
/// "focal against three opponents" and "opponent against three focals" are other games.
fn mirrored(study: &DuelStudy, focal: usize, opponent: usize) -> bool {
    study.seatings.seats == 2 || versus(study, focal, opponent)
}

/// Metric `m` as the pair (`focal`, `opponent`) reports it: a permutation duel's difference
/// is no rate and is neutral at 0.
fn pair_metric(study: &DuelStudy, focal: usize, opponent: usize, m: usize) -> Metric {
    let metric = study.metrics[m];
    if versus(study, focal, opponent) { Metric { rate: false, neutral: 0.0, ..metric } } else { metric }
}

impl<'a> Results<'a> {
    fn new(study: &'a DuelStudy, acc: &DuelAcc) -> Results<'a> {
        let k = study.names.len();
        let (metrics, seatings) = (&study.metrics, &study.seatings);
        let pairs: Vec<Vec<Estimate>> = (0..k * k)
            .map(|p| {
                let est = |m| {
                    let seated: Vec<&Paired> = acc.seated[p].iter().map(|s| &s[m]).collect();
                    let per = seatings.pairs[p].len();
                    Estimate::of(&acc.paired[p][m], &seated, per, &pair_metric(study, p / k, p % k, m))
                };
                (0..metrics.len()).map(est).collect()
            })
            .collect();
        let overall = (0..k)
            .map(|f| {
                let opponents: Vec<usize> = match seatings.mode {
                    SeatingMode::Rotation => (0..k).filter(|&o| o != f).collect(),
                    SeatingMode::Permutations => vec![f],
                };
                let est = |(m, metric)| {
                    let seated: Vec<&Paired> =
                        opponents.iter().flat_map(|o| acc.seated[f * k + o].iter().map(move |s| &s[m])).collect();
                    Estimate::of(&acc.overall[f][m], &seated, seated.len(), metric)
                };
                metrics.iter().enumerate().map(est).collect()
            })
            .collect();
        let tested: Vec<(usize, usize)> = (0..k)
            .flat_map(|f| (0..k).map(move |o| (f, o)))
            .filter(|&(f, o)| if mirrored(study, f, o) { f < o } else { f != o })
            .collect();
        let against = |&(f, o): &(usize, usize)| {
            let e: &Estimate = &pairs[f * k + o][0];
            (e.value - pair_metric(study, f, o, 0).neutral, e.ci)
        };
        let (p, holm) = Holm::of(&tested.iter().map(against).collect::<Vec<_>>());
        let tests = tested.iter().zip(p).map(|(t, p)| (t.0, t.1, p)).collect();
        Results { study, pairs, overall, tests, holm }
    }

    /// For a pair of distinct strategies: the p-value, whether the focal strategy is ahead,
    /// and whether "focal better than opponent" survives Holm: the pair's own test, or where
    /// the two orders are one test ([`mirrored`]) that test read the other way.
    fn claim(&self, focal: usize, opponent: usize) -> Option<Claim> {
        let k = self.study.names.len();
        let primary = pair_metric(self.study, focal, opponent, 0);
        let test = |pair: (usize, usize)| self.tests.iter().position(|t| (t.0, t.1) == pair);
        let mirror = || mirrored(self.study, focal, opponent).then(|| test((opponent, focal))).flatten();
        let i = test((focal, opponent)).or_else(mirror)?;
        let (p, p_holm) = (self.tests[i].2, self.holm.adjusted[i]);
        let e = self.pairs[focal * k + opponent][0];
        let ahead = (e.value - primary.neutral) * if primary.higher_is_better { 1.0 } else { -1.0 } > 0.0;
        Some(Claim { p, p_holm, ahead, holm: self.holm.significant(i) && ahead })
    }

    /// The strategies best first by the first metric against all the others.
    fn ranking(&self) -> Vec<usize> {
        let primary = &self.study.metrics[0];
        let mut order: Vec<usize> = (0..self.study.names.len()).collect();
        order.sort_by(|&a, &b| {
            let (x, y) = (self.overall[a][0].value, self.overall[b][0].value);
            if primary.higher_is_better { y.total_cmp(&x) } else { x.total_cmp(&y) }
        });
        order
    }
}

/// Writes the `duel`, `duel_seats` and `duel_ranking` tables, the matrix charts and the
/// ranking chart; returns the summary.
/// Per metric, every ordered pair's deal-level estimate (series `focal vs opponent`), for
/// `--until` and `--convergence`.
pub fn estimates(study: &DuelStudy, acc: &DuelAcc) -> Vec<Tracked> {
    let r = Results::new(study, acc);
    let k = study.names.len();
    let mut out = Vec::new();
    for (m, metric) in study.metrics.iter().enumerate() {
        for (f, o) in (0..k).flat_map(|f| (0..k).map(move |o| (f, o))).filter(|(f, o)| f != o) {
            let e = &r.pairs[f * k + o][m];
            let series = format!("{} vs {}", study.names[f], study.names[o]);
            out.push(Tracked::new(metric.name, &series, e.value, e.ci));
        }
    }
    out
}

pub fn write(study: &DuelStudy, acc: &DuelAcc, coverage: &Coverage, out: &StudyOutput) -> Result<String> {
    let r = Results::new(study, acc);
    tables(&r, acc, out)?;
    charts(&r, out)?;
    Ok(summary(&r, acc, coverage))
}

fn tables(r: &Results, acc: &DuelAcc, out: &StudyOutput) -> Result<()> {
    let study = r.study;
    let (names, metrics, k, seats) = (&study.names, &study.metrics, study.names.len(), study.seatings.seats);
    let pairs = &study.seatings.pairs;
    let rows: Vec<(usize, usize)> = (0..k * k).flat_map(|p| (0..metrics.len()).map(move |m| (p, m))).collect();
    let est = |f: &dyn Fn(&Estimate) -> f64| rows.iter().map(|&(p, m)| f(&r.pairs[p][m])).collect::<Vec<f64>>();
    let claim = |p: usize, m: usize| if m == 0 { r.claim(p / k, p % k) } else { None };
    let mut df = Frame::new()
        .col("focal", rows.iter().map(|&(p, _)| names[p / k].clone()).collect::<Vec<_>>())
        .col("opponent", rows.iter().map(|&(p, _)| names[p % k].clone()).collect::<Vec<_>>())
        .col("metric", rows.iter().map(|&(_, m)| metrics[m].name).collect::<Vec<_>>())
        .estimates("value", rows.iter().map(|&(p, m)| r.pairs[p][m].estimate()))
        .col("unpaired_ci_half", est(&|e| e.unpaired_half))
        .col("variance_removed", est(&Estimate::variance_removed))
        .col("deals", vec![acc.deals; rows.len()])
        .col("games", rows.iter().map(|&(p, _)| acc.deals * pairs[p].len() as u64).collect::<Vec<_>>())
        .col("p_value", rows.iter().map(|&(p, m)| claim(p, m).map(|c| c.p)).collect::<Vec<_>>())
        .col("p_holm", rows.iter().map(|&(p, m)| claim(p, m).and_then(|c| c.p_holm)).collect::<Vec<_>>())
        .col("holm_better", rows.iter().map(|&(p, m)| claim(p, m).map(|c| c.holm)).collect::<Vec<_>>())
        .build()?;
    out.table("duel", &mut df)?;
    let rows: Vec<(usize, usize, usize)> =
        (0..k * k).flat_map(|p| (0..seats).flat_map(move |s| (0..metrics.len()).map(move |m| (p, s, m)))).collect();
    let by_seat: Vec<Vec<Vec<Moments>>> = (0..k * k).map(|p| by_seat(study, acc, p)).collect();
    let value =
        |&(p, s, m): &(usize, usize, usize)| seat_value(&by_seat[p][s][m], &pair_metric(study, p / k, p % k, m));
    let mut df = Frame::new()
        .col("focal", rows.iter().map(|&(p, _, _)| names[p / k].clone()).collect::<Vec<_>>())
        .col("opponent", rows.iter().map(|&(p, _, _)| names[p % k].clone()).collect::<Vec<_>>())
        .col("seat", rows.iter().map(|&(_, s, _)| s as u32).collect::<Vec<_>>())
        .col("metric", rows.iter().map(|&(_, _, m)| metrics[m].name).collect::<Vec<_>>())
        .estimates("value", rows.iter().map(value))
        .col("games", rows.iter().map(|&(p, s, m)| by_seat[p][s][m].n).collect::<Vec<_>>())
        .build()?;
    out.table("duel_seats", &mut df)?;
    let order = r.ranking();
    let rows: Vec<(usize, usize, usize)> =
        order.iter().enumerate().flat_map(|(place, &s)| (0..metrics.len()).map(move |m| (place, s, m))).collect();
    let all = |f: &dyn Fn(&Estimate) -> f64| rows.iter().map(|&(_, s, m)| f(&r.overall[s][m])).collect::<Vec<f64>>();
    let mut df = Frame::new()
        .col("rank", rows.iter().map(|&(place, _, _)| place as u32 + 1).collect::<Vec<_>>())
        .col("strategy", rows.iter().map(|&(_, s, _)| names[s].clone()).collect::<Vec<_>>())
        .col("metric", rows.iter().map(|&(_, _, m)| metrics[m].name).collect::<Vec<_>>())
        .estimates("value", rows.iter().map(|&(_, s, m)| r.overall[s][m].estimate()))
        .col("unpaired_ci_half", all(&|e| e.unpaired_half))
        .col("deals", vec![acc.deals; rows.len()])
        .build()?;
    out.table("duel_ranking", &mut df)?;
    Ok(())
}

/// `[seat][metric]`: pair `p`'s per-seating values gathered by the focal strategy's seat
/// (a rotation has one seating per seat; a permutation duel's orders with the focal
/// strategy in the same seat are pooled, their intervals taking the orders as independent).
fn by_seat(study: &DuelStudy, acc: &DuelAcc, p: usize) -> Vec<Vec<Moments>> {
    let mut seats = vec![vec![Moments::default(); study.metrics.len()]; study.seatings.seats];
    for (seating, values) in study.seatings.pairs[p].iter().zip(&acc.seated[p]) {
        seats[seating.seat].iter_mut().zip(values).for_each(|(a, b)| *a += b.difference());
    }
    seats
}

fn charts(r: &Results, out: &StudyOutput) -> Result<()> {
    let study = r.study;
    let (names, k) = (&study.names, study.names.len());
    let game = study.game_name();
    let permutations = study.seatings.mode == SeatingMode::Permutations;
    for m in 0..study.metrics.len() {
        // The off-diagonal cells' metric (a permutation duel: the difference, neutral 0;
        // its diagonal, a strategy's own value, is drawn as that neutral).
        let metric = pair_metric(study, 0, 1, m);
        if !metric.neutral.is_finite() {
            continue;
        }
        let values: Vec<f64> =
            (0..k * k).map(|p| if p / k == p % k && permutations { 0.0 } else { r.pairs[p][m].value }).collect();
        let spread = values.iter().fold(0.0, |s: f64, v| s.max((v - metric.neutral).abs())).max(1e-3);
        let title = if permutations {
            format!("{game}: {}, row minus column, same games, all seat orders", metric.label)
        } else {
            format!("{game}: {} of the row strategy against the column's, seats rotated", metric.label)
        };
        let heat = Heatmap {
            title: &title,
            rows: names,
            cols: names,
            values: &values,
            neutral: metric.neutral,
            spread,
            axes: ("focal strategy (row)", "opponent strategy (column)"),
        };
        chart::save(&out.chart(&format!("matrix_{}", metric.name)), &heat.with_values(3))?;
    }
    let primary = &study.metrics[0];
    let bars: Vec<Bar> = r
        .ranking()
        .into_iter()
        .map(|s| {
            let e = &r.overall[s][0];
            Bar::new(names[s].clone(), e.estimate())
        })
        .collect();
    let over = if permutations { "over every seating order (" } else { "against all the others (round-robin, " };
    let title = format!("{game}: {} {over}paired 95% interval)", primary.label);
    let chart = IntervalBars {
        title: &title,
        x_label: primary.label,
        bars: &bars,
        reference: Some(primary.neutral),
        log: false,
    };
    chart::save(&out.chart("ranking"), &chart)
}

fn summary(r: &Results, acc: &DuelAcc, coverage: &Coverage) -> String {
    let study = r.study;
    let (names, metrics, k, seats) = (&study.names, &study.metrics, study.names.len(), study.seatings.seats);
    let permutations = study.seatings.mode == SeatingMode::Permutations;
    let mut s = String::new();
    let _ = writeln!(
        s,
        "duel ({}, {} strategies; a game index is a deal, played once per {}: {} games): {}",
        study.game_name(),
        k,
        if permutations { "seating order of the strategies" } else { "seating" },
        study.seatings.games_per_deal(),
        coverage.describe().replacen("games", "deals", 1),
    );
    let show = |e: &Estimate| format!("{:.4} [{:.4}, {:.4}]", e.value, e.ci.low, e.ci.high);
    let _ = writeln!(
        s,
        "\nranking {} (paired 95% intervals):",
        if permutations {
            "over every seating order"
        } else {
            "against all the other strategies (round-robin average)"
        }
    );
    for (place, &f) in r.ranking().iter().enumerate() {
        let cols: Vec<String> =
            metrics.iter().zip(&r.overall[f]).map(|(m, e)| format!("{} {}", m.name, show(e))).collect();
        let _ = writeln!(s, "  {}. {:<14} {}", place + 1, names[f], cols.join("  "));
    }
    let primary = &metrics[0];
    let _ = writeln!(
        s,
        "\n{} of the focal strategy against each opponent ({}; paired 95% interval, unpaired half-width; \
         by the focal strategy's seat 0, 1, …):",
        primary.name,
        if permutations { "focal minus opponent in the same games" } else { "seats rotated" }
    );
    for f in 0..k {
        for o in (0..k).filter(|&o| o != f) {
            let e = &r.pairs[f * k + o][0];
            let c = r.claim(f, o).expect("distinct strategies are tested");
            let flag = match (c.holm, c.ahead && c.p < 0.05) {
                (true, _) => "  ** better",
                (false, true) => "  * better at p < 0.05 alone",
                _ => "",
            };
            let metric = pair_metric(study, f, o, 0);
            let by_seat: Vec<String> =
                by_seat(study, acc, f * k + o).iter().map(|m| format!("{:.3}", seat_value(&m[0], &metric).0)).collect();
            let _ = writeln!(
                s,
                "  {:<14} vs {:<14} {}  ±{:.4} unpaired  seats {}{flag}",
                names[f],
                names[o],
                show(e),
                e.unpaired_half,
                by_seat.join("/")
            );
        }
    }
    let claims: Vec<String> = (0..k)
        .flat_map(|f| (0..k).map(move |o| (f, o)))
        .filter(|&(f, o)| f != o && r.claim(f, o).is_some_and(|c| c.holm))
        .map(|(f, o)| format!("{} > {}", names[f], names[o]))
        .collect();
    let _ = writeln!(
        s,
        "\n** survives Holm's adjustment over the tests of {} against {}, {}; * p < 0.05 taken alone.\nbetter after Holm: {}",
        primary.name,
        pair_metric(study, 0, 1, 0).neutral,
        r.holm.describe(),
        if claims.is_empty() { "none".to_string() } else { claims.join(", ") }
    );
    if permutations {
        // Every game seats each strategy once: the own values of a per-seat share sum to
        // its whole, e.g. the average places to 1 + 2 + … + n.
        let total: f64 = (0..k).map(|f| r.overall[f][0].value).sum();
        let whole = primary.neutral * k as f64;
        let _ = writeln!(s, "check: the strategies' {} sum to {total:.4} (must be {whole})", primary.name);
    } else {
        let mirror: Vec<String> = (0..k).map(|f| format!("{} {:.4}", names[f], r.pairs[f * k + f][0].value)).collect();
        let _ = writeln!(
            s,
            "check: each strategy against itself, {} (must be {}): {}",
            primary.name,
            primary.neutral,
            mirror.join(", ")
        );
    }
    let _ = writeln!(s, "the focal strategy by seat (of {seats}; seat 0 leads or deals first): the duel_seats table");
    s
}
