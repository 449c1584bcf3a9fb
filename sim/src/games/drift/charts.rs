//! The drift study's charts: the win rates, the capped chases, the points and chase-length
//! distributions, the bout matrix and points as chaser against points conceded as leader.

use super::Mode;
use super::report::{CHART_BINS, DriftReport};
use crate::chart::{self, Bar, Distributions, Heatmap, IntervalBars, Series};
use crate::output::StudyOutput;
use crate::stats::{Histogram, Moments, Rate};
use anyhow::Result;

impl DriftReport<'_> {
    pub(super) fn charts(&self, names: &[String], heads: &[Rate], out: &StudyOutput) -> Result<()> {
        let n = self.n();
        let s = &self.acc.subjects;
        let labels: Vec<String> = (0..n).map(|e| self.label(names, e)).collect();
        // A check where every battle tied (a solo baseline on its own stream) says nothing.
        let all_tied = |e: usize| self.is_check(e) && s[e].points.n > 0 && self.tie_rate(e).value() >= 1.0;
        let mut bars: Vec<Bar> = (0..n)
            .filter(|&e| !all_tied(e))
            .map(|e| {
                let check = if self.is_check(e) { " [check: against itself]" } else { "" };
                Bar::new(format!("{}{check}", labels[e]), heads[e].estimate())
            })
            .collect();
        bars.sort_by(|a, b| b.value.total_cmp(&a.value));
        let title = format!(
            "Drift battle ({} mode): win rate against {}",
            format!("{:?}", self.mode()).to_lowercase(),
            self.against()
        );
        let x_label = if (0..n).any(|e| self.unbounded(e)) {
            "win rate, ties half (95% Wilson); UNBOUNDED: the round cap ends their chases"
        } else {
            "win rate, ties count half (95% Wilson intervals)"
        };
        chart::save(
            &out.chart("win_rate"),
            &IntervalBars { title: &title, x_label, bars: &bars, reference: Some(0.5), log: false },
        )?;

        let mut capped: Vec<Bar> = (0..n)
            .map(|e| {
                let r = s[e].capped_rate();
                Bar::new(names[e].clone(), r.estimate())
            })
            .collect();
        capped.sort_by(|a, b| b.value.total_cmp(&a.value));
        let title = format!(
            "Drift battle: share of own chases still running at the round cap ({} rounds)",
            self.study.rules.max_rounds_per_chase
        );
        let x_label = "share of own chases cut by max_rounds_per_chase (95% Wilson intervals)";
        chart::save(
            &out.chart("capped_chases"),
            &IntervalBars { title: &title, x_label, bars: &capped, reference: None, log: false },
        )?;

        self.chaser_vs_leader(names, &labels, out)?;

        let mut by_mean: Vec<usize> = (0..n).collect();
        by_mean.sort_by(|&a, &b| s[b].points.mean().total_cmp(&s[a].points.mean()));
        let shown: Vec<usize> = match self.mode() {
            Mode::Styles | Mode::Chase | Mode::Solo | Mode::Play | Mode::Cars => {
                std::iter::once(0).chain(by_mean.into_iter().filter(|&e| e != 0).take(4)).collect()
            }
            Mode::Team | Mode::Lineup => by_mean.into_iter().take(6).collect(),
        };
        let series = |hists: Vec<&Histogram>, what: &str| -> (Vec<Series>, i64) {
            let hist = |e: usize| hists[e];
            let p99 = shown.iter().map(|&e| hist(e).quantile(0.99)).max().unwrap_or(0);
            let width = (p99 / CHART_BINS + 1).max(1);
            let series = shown
                .iter()
                .map(|&e| {
                    let h = hist(e);
                    let total = h.total().max(1) as f64;
                    let mean = h.bins().map(|(v, c)| v as f64 * c as f64).sum::<f64>() / total;
                    Series {
                        name: format!("{} (mean {mean:.1} {what})", labels[e]),
                        points: h
                            .rebinned(width)
                            .into_iter()
                            .take_while(|b| b.0 <= p99)
                            .map(|(v, c)| (v, c as f64 / total))
                            .collect(),
                    }
                })
                .collect();
            (series, width)
        };
        let (points, width) = series(s.iter().map(|m| &m.points_hist).collect(), "points");
        let title = format!("Drift battle: evaluation points per battle (bins of {width}, up to the 99th percentile)");
        chart::save(
            &out.chart("points_distribution"),
            &Distributions { title: &title, x_label: "evaluation points (bin start)", series: &points, log: false },
        )?;
        let (lengths, width) = series(s.iter().map(|m| &m.chase_len).collect(), "rounds");
        let title =
            format!("Drift battle: rounds per own chase (bins of {width}, up to the 99th percentile; log scale)");
        chart::save(
            &out.chart("chase_lengths"),
            &Distributions { title: &title, x_label: "rounds in the chase (bin start)", series: &lengths, log: true },
        )?;

        if self.mode().is_matrix() {
            let values: Vec<f64> = self.cells().iter().map(Rate::value).collect();
            let map = Heatmap {
                title: "Drift battle: row's win rate against column",
                rows: names,
                cols: names,
                values: &values,
                neutral: 0.5,
                spread: 0.5,
                axes: ("row entrant (side A)", "column entrant (side B)"),
            };
            chart::save(&out.chart("win_rate_matrix"), &map.with_values(2))?;
        }
        Ok(())
    }

    /// Points scored as chaser against points conceded as leader, per subject that led (log
    /// axis: the endless chases score hundreds); pairs kept together, sorted by points scored;
    /// `labels` mark the points scored that the cap drives.
    fn chaser_vs_leader(&self, names: &[String], labels: &[String], out: &StudyOutput) -> Result<()> {
        let s = &self.acc.subjects;
        let mut led: Vec<usize> = (0..self.n()).filter(|&e| s[e].conceded.n > 0).collect();
        if led.is_empty() {
            return Ok(());
        }
        led.sort_by(|&a, &b| s[b].points.mean().total_cmp(&s[a].points.mean()));
        let bar = |label: String, m: &Moments| Bar::new(label, m.estimate());
        let bars: Vec<Bar> = led
            .iter()
            .flat_map(|&e| {
                [
                    bar(format!("{}: scored as chaser", labels[e]), &s[e].points),
                    bar(format!("{}: conceded as leader", names[e]), &s[e].conceded),
                ]
            })
            .collect();
        let title = "Drift battle: points per battle scored as chaser and conceded as leader (log scale)";
        let x_label = "points per battle (95% intervals; pairs sorted by points scored)";
        chart::save(
            &out.chart("chaser_vs_leader"),
            &IntervalBars { title, x_label, bars: &bars, reference: None, log: true },
        )
    }
}
