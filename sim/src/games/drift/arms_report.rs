//! The tables, charts and summary of the `play` and `cars` modes: each arm's win-rate gain
//! over the style-less baseline with its paired interval; in `play` mode the ranks of the
//! styles under each play and the paired differences between plays (Holm over them), in
//! `cars` mode a heatmap of the gain per car and rank, and the stats that move it.

use super::DriftStudy;
use super::arms::{Arms, ArmsAcc, CONTRASTS, HORSEPOWERS, PLAYS, RANKS, SPEEDS};
use super::{Mode, kind_name};
use crate::chart::{self, Heatmap};
use crate::output::StudyOutput;
use crate::paired::Paired;
use crate::stats::{Holm, Interval};
use crate::study::Coverage;
use anyhow::Result;
use polars::prelude::*;
use std::fmt::Write as _;

/// A style whose rank moves by at least this many places between two plays is named.
const RANK_MOVE: f64 = 10.0;

/// The report of an arms mode.
pub(super) struct ArmsReport<'a> {
    pub(super) study: &'a DriftStudy,
    pub(super) acc: &'a ArmsAcc,
}

/// A gain in half wins as a win-rate difference, with its 95% interval.
fn win_rate(p: &Paired) -> (f64, Interval) {
    let m = p.difference();
    let i = m.mean_interval();
    (m.mean() / 2.0, Interval { low: i.low / 2.0, high: i.high / 2.0 })
}

/// Ranks of `values`, 1 for the largest; equal values share their mean rank (a play
/// under which several styles do nothing ranks them together). A NaN value (an arm that
/// played no game: a run of fewer games than arms) has no rank (NaN) and is not counted.
fn ranks(values: &[f64]) -> Vec<f64> {
    let mut order: Vec<usize> = (0..values.len()).filter(|&i| !values[i].is_nan()).collect();
    order.sort_by(|&a, &b| values[b].total_cmp(&values[a]));
    let mut rank = vec![f64::NAN; values.len()];
    let mut start = 0;
    while start < order.len() {
        let end = (start + 1..order.len()).find(|&k| values[order[k]] != values[order[start]]).unwrap_or(order.len());
        let mean = (start + end + 1) as f64 / 2.0;
        order[start..end].iter().for_each(|&i| rank[i] = mean);
        start = end;
    }
    rank
}

/// Spearman's rank correlation of `a` and `b` over the entries where both are numbers: the
/// Pearson correlation of their rankings (ties shared); NaN with fewer than two such entries.
fn spearman(a: &[f64], b: &[f64]) -> f64 {
    let (a, b): (Vec<f64>, Vec<f64>) =
        a.iter().zip(b).filter(|(x, y)| !x.is_nan() && !y.is_nan()).map(|(x, y)| (*x, *y)).unzip();
    let (a, b) = (ranks(&a), ranks(&b));
    let n = a.len() as f64;
    let (ma, mb) = (a.iter().sum::<f64>() / n, b.iter().sum::<f64>() / n);
    let cov: f64 = a.iter().zip(&b).map(|(x, y)| (x - ma) * (y - mb)).sum();
    let var = |v: &[f64], m: f64| v.iter().map(|x| (x - m).powi(2)).sum::<f64>();
    cov / (var(&a, ma) * var(&b, mb)).sqrt()
}

impl ArmsReport<'_> {
    fn arms(&self) -> &Arms {
        &self.study.arms
    }

    /// The gain of `row` in `col`, as a win-rate difference.
    fn gain(&self, row: usize, col: usize) -> (f64, Interval) {
        win_rate(&self.acc.gain[row * self.arms().cols.len() + col])
    }

    pub(super) fn write(&self, coverage: &Coverage, out: &StudyOutput) -> Result<String> {
        let mut t = String::new();
        let p = &self.study.params;
        let mode = format!("{:?}", p.mode).to_lowercase();
        let _ = writeln!(t, "drift study ({mode} mode): {}", coverage.describe());
        let _ = writeln!(
            t,
            "gain = the styled side's win rate minus the style-less side's, on the same random streams (paired); 95% intervals"
        );
        match p.mode {
            Mode::Play => self.play(&mut t, out)?,
            _ => self.cars(&mut t, out)?,
        }
        Ok(t)
    }

    /// The gains of every arm, one row per arm, with Holm over all of them (an arm whose
    /// style never acts, the same games as the baseline's, left out); appends to `t` how
    /// many survive it.
    fn gain_frame(&self, t: &mut String, extra: &[(&str, Column)]) -> PolarsResult<DataFrame> {
        let a = self.arms();
        let n = a.arms.len();
        let cell = |i: usize| (i / a.cols.len(), i % a.cols.len());
        let g: Vec<(f64, Interval)> = (0..n).map(|i| self.gain(cell(i).0, cell(i).1)).collect();
        let (pv, holm) = Holm::of(&g);
        let mut df = df!(
            "entrant" => (0..n).map(|i| a.rows[cell(i).0].clone()).collect::<Vec<_>>(),
            "style" => (0..n).map(|i| a.row_styles[cell(i).0].0.id()).collect::<Vec<_>>(),
            "kind" => (0..n).map(|i| kind_name(a.row_styles[cell(i).0].1)).collect::<Vec<_>>(),
            "column" => (0..n).map(|i| a.cols[cell(i).1].clone()).collect::<Vec<_>>(),
            "games" => self.acc.gain.iter().map(|m| m.n).collect::<Vec<_>>(),
            "gain" => g.iter().map(|x| x.0).collect::<Vec<_>>(),
            "ci_low" => g.iter().map(|x| x.1.low).collect::<Vec<_>>(),
            "ci_high" => g.iter().map(|x| x.1.high).collect::<Vec<_>>(),
            "p_value" => pv,
            "p_holm" => holm.adjusted.clone(),
            "holm_significant" => holm.flags(),
        )?;
        for (name, values) in extra {
            df.with_column(values.clone().with_name((*name).into()))?;
        }
        let sig = holm.flags().iter().filter(|&&f| f).count();
        let _ = writeln!(
            t,
            "gains differing from 0 after Holm's step-down (5% familywise): {sig} over {}",
            holm.describe()
        );
        Ok(df)
    }

    fn play(&self, t: &mut String, out: &StudyOutput) -> Result<()> {
        let a = self.arms();
        let (rows, cols) = (a.rows.len(), a.cols.len());
        let gains: Vec<Vec<f64>> = (0..cols).map(|c| (0..rows).map(|r| self.gain(r, c).0).collect()).collect();
        let rank: Vec<Vec<f64>> = gains.iter().map(|g| ranks(g)).collect();
        let rank_col: Vec<f64> = (0..rows * cols).map(|i| rank[i % cols][i / cols]).collect();
        let mut table = self.gain_frame(t, &[("rank", Column::new("rank".into(), rank_col))])?;
        out.table("play", &mut table)?;

        let nk = CONTRASTS.len();
        let diffs: Vec<(f64, Interval)> = self.acc.contrast.iter().map(win_rate).collect();
        let (pv, holm) = Holm::of(&diffs);
        let label = |k: usize| format!("{} - {}", PLAYS[CONTRASTS[k].0], PLAYS[CONTRASTS[k].1]);
        let mut contrasts = df!(
            "entrant" => (0..rows * nk).map(|i| a.rows[i / nk].clone()).collect::<Vec<_>>(),
            "contrast" => (0..rows * nk).map(|i| label(i % nk)).collect::<Vec<_>>(),
            "games" => self.acc.contrast.iter().map(|m| m.n).collect::<Vec<_>>(),
            "difference" => diffs.iter().map(|x| x.0).collect::<Vec<_>>(),
            "ci_low" => diffs.iter().map(|x| x.1.low).collect::<Vec<_>>(),
            "ci_high" => diffs.iter().map(|x| x.1.high).collect::<Vec<_>>(),
            "p_value" => pv,
            "p_holm" => holm.adjusted.clone(),
            "holm_significant" => holm.flags(),
        )?;
        out.table("play_contrast", &mut contrasts)?;

        // Rows sorted by the heuristic's gain, for both charts.
        let heuristic = PLAYS.len() - 1;
        let mut order: Vec<usize> = (0..rows).collect();
        order.sort_by(|&x, &y| gains[heuristic][y].total_cmp(&gains[heuristic][x]));
        let labels: Vec<String> = order.iter().map(|&r| a.rows[r].clone()).collect();
        let values: Vec<f64> =
            order.iter().flat_map(|&r| (0..cols).map(move |c| (r, c))).map(|(r, c)| gains[c][r]).collect();
        let spread = values.iter().fold(0.05f64, |m, v| m.max(v.abs()));
        let map = Heatmap {
            title: "Drift battle: each style's win-rate gain over the style-less driver, by play",
            rows: &labels,
            cols: &a.cols,
            values: &values,
            neutral: 0.0,
            spread,
            axes: ("style (kind of battle), by the heuristic's gain", "play (both sides)"),
        };
        chart::save(&out.chart("play_gain"), &map.with_values(2))?;
        let values: Vec<f64> =
            order.iter().flat_map(|&r| (0..cols).map(move |c| (r, c))).map(|(r, c)| rank[c][r]).collect();
        let mid = (rows as f64 + 1.0) / 2.0;
        let map = Heatmap {
            title: "Drift battle: each style's rank by gain (1 = largest, blue; last red), by play",
            rows: &labels,
            cols: &a.cols,
            values: &values,
            neutral: mid,
            spread: mid,
            axes: ("style (kind of battle), by the heuristic's gain", "play (both sides)"),
        };
        chart::save(&out.chart("play_rank"), &map.with_values(0))?;

        let pairs: Vec<String> = CONTRASTS
            .iter()
            .map(|&(x, y)| format!("{} vs {} {:.2}", PLAYS[x], PLAYS[y], spearman(&gains[x], &gains[y])))
            .collect();
        let _ = writeln!(t, "rank correlation (Spearman) of the styles' gains between plays: {}", pairs.join("; "));
        let mut moved: Vec<(usize, f64)> = (0..rows)
            .map(|r| {
                let rs = (0..cols).map(|c| rank[c][r]);
                (r, rs.clone().fold(f64::MIN, f64::max) - rs.fold(f64::MAX, f64::min))
            })
            .filter(|&(_, m)| m >= RANK_MOVE)
            .collect();
        moved.sort_by(|x, y| y.1.total_cmp(&x.1).then(x.0.cmp(&y.0)));
        let list: Vec<String> = moved
            .iter()
            .map(|&(r, _)| {
                let by: Vec<String> = (0..cols)
                    .map(|c| {
                        let (g, i) = self.gain(r, c);
                        format!("{} #{} {g:+.3} ± {:.3}", PLAYS[c], rank[c][r], i.half_width())
                    })
                    .collect();
                format!("{} ({})", a.rows[r], by.join(", "))
            })
            .collect();
        let _ = writeln!(
            t,
            "rankings that depend on play (rank moves {RANK_MOVE}+ places among {rows}; equal gains share their mean rank): {}",
            if list.is_empty() { "none".to_string() } else { list.join("; ") }
        );
        let sig = holm.flags().iter().filter(|&&f| f).count();
        let _ = writeln!(
            t,
            "paired differences between plays: {sig} significant after Holm's step-down (5% familywise) over {}; the play_contrast table lists them",
            holm.describe()
        );
        let _ = writeln!(t, "gain by play (plain, random, heuristic), sorted by the heuristic's:");
        for &r in &order {
            let by: Vec<String> = (0..cols)
                .map(|c| {
                    let (g, i) = self.gain(r, c);
                    format!("{g:+.3} ± {:.3}", i.half_width())
                })
                .collect();
            let _ = writeln!(t, "  {:<26} {}", a.rows[r], by.join("   "));
        }
        Ok(())
    }

    fn cars(&self, t: &mut String, out: &StudyOutput) -> Result<()> {
        let a = self.arms();
        let (rows, cols) = (a.rows.len(), a.cols.len());
        let stat = |name: &str, f: fn(&(i8, i8, i8)) -> i8| {
            let values: Vec<i64> = (0..rows * cols).map(|i| i64::from(f(&a.cells[i % cols]))).collect();
            Column::new(name.into(), values)
        };
        let extra = [
            ("speed", stat("speed", |c| c.0)),
            ("horsepower", stat("horsepower", |c| c.1)),
            ("rank", stat("rank", |c| c.2)),
        ];
        let mut table = self.gain_frame(t, &extra)?;
        out.table("cars", &mut table)?;

        let per_rank = SPEEDS.len() * HORSEPOWERS.len();
        let car_labels: Vec<String> =
            a.cells[..per_rank].iter().map(|(s, h, _)| format!("speed {s} / hp {h}")).collect();
        let spread = self.acc.gain.iter().map(|m| win_rate(m).0.abs()).fold(0.05f64, f64::max);
        for (k, rank) in RANKS.iter().enumerate() {
            let values: Vec<f64> = (0..rows)
                .flat_map(|r| (0..per_rank).map(move |c| (r, k * per_rank + c)))
                .map(|(r, c)| self.gain(r, c).0)
                .collect();
            let title = format!("Drift battle: each style's win-rate gain by car, driver rank {rank}");
            let map = Heatmap {
                title: &title,
                rows: &a.rows,
                cols: &car_labels,
                values: &values,
                neutral: 0.0,
                spread,
                axes: ("style (kind of battle)", "the driver's car: speed / horsepower"),
            };
            chart::save(&out.chart(&format!("car_gain_rank_{rank}")), &map.with_values(2))?;
        }

        // Main effects: per stat, the mean over styles and the other cells of the gain at
        // the stat's highest value minus at its lowest.
        let effect = |f: fn(&(i8, i8, i8)) -> i8, lo: i8, hi: i8| {
            let mean_at = |v: i8| {
                let cells: Vec<usize> = (0..cols).filter(|&c| f(&a.cells[c]) == v).collect();
                let sum: f64 =
                    (0..rows).flat_map(|r| cells.iter().map(move |&c| (r, c))).map(|(r, c)| self.gain(r, c).0).sum();
                sum / (rows * cells.len()).max(1) as f64
            };
            mean_at(hi) - mean_at(lo)
        };
        let last = |xs: &[i8]| xs[xs.len() - 1];
        let _ = writeln!(
            t,
            "main effects on the mean gain over styles (highest minus lowest value, other stats averaged): speed {} → {}: {:+.3}; horsepower {} → {}: {:+.3}; rank {} → {}: {:+.3}",
            SPEEDS[0],
            last(&SPEEDS),
            effect(|c| c.0, SPEEDS[0], last(&SPEEDS)),
            HORSEPOWERS[0],
            last(&HORSEPOWERS),
            effect(|c| c.1, HORSEPOWERS[0], last(&HORSEPOWERS)),
            RANKS[0],
            last(&RANKS),
            effect(|c| c.2, RANKS[0], last(&RANKS)),
        );
        let _ =
            writeln!(t, "per style: mean gain over the {cols} cars, and the cars where it is smallest and largest:");
        for r in 0..rows {
            let g: Vec<(f64, Interval)> = (0..cols).map(|c| self.gain(r, c)).collect();
            let mean = g.iter().map(|x| x.0).sum::<f64>() / cols as f64;
            let lo = (0..cols).min_by(|&x, &y| g[x].0.total_cmp(&g[y].0)).unwrap_or(0);
            let hi = (0..cols).max_by(|&x, &y| g[x].0.total_cmp(&g[y].0)).unwrap_or(0);
            let show = |c: usize| format!("{:+.3} [{:+.3}, {:+.3}] at {}", g[c].0, g[c].1.low, g[c].1.high, a.cols[c]);
            let _ = writeln!(t, "  {:<26} mean {mean:+.3}; min {}; max {}", a.rows[r], show(lo), show(hi));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::{ranks, spearman};
    use std::sync::mpsc;
    use std::time::Duration;

    #[test]
    fn an_arm_without_games_has_no_rank_and_the_others_rank_without_a_hang() {
        // An arm that played no game (a play-mode run or shard of fewer games than arms) has
        // a NaN gain; ranking never ended on one. Bounded: a hang fails the test.
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || tx.send(ranks(&[f64::NAN, 0.2, f64::NAN, 0.5, 0.2])));
        let r = rx.recv_timeout(Duration::from_secs(60)).expect("ranks ends");
        assert!(r[0].is_nan() && r[2].is_nan(), "{r:?}");
        assert_eq!([r[1], r[3], r[4]], [2.5, 1.0, 2.5]);
        assert_eq!(ranks(&[3.0, 1.0, 2.0]), [1.0, 3.0, 2.0]);
    }

    #[test]
    fn spearman_leaves_out_entries_without_a_number() {
        let a = [0.1, 0.2, f64::NAN, 0.3];
        let b = [0.3, 0.2, 0.9, 0.1];
        assert!((spearman(&a, &b) + 1.0).abs() < 1e-12);
        assert!((spearman(&a, &a) - 1.0).abs() < 1e-12);
        assert!(spearman(&[f64::NAN, 1.0], &[1.0, f64::NAN]).is_nan());
    }
}
