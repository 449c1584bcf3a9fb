//! The drift-battle study: battle styles (or a line-up's drivers) against
//! each other, with win rates, evaluation points and the chaser's per-round
//! scoring rate.
//!
//! Every game is a chase battle between two *entrants*. In `styles` mode the
//! entrants are one base driver with no style (the baseline) and the same
//! driver with each of the 22 battle styles the seed lists; in `lineup` mode they are the
//! line-up's drivers as written. Game `i` plays cell `i mod n²` of the
//! entrant × entrant matrix (row entrant on side A, column entrant on side B,
//! the diagonal being mirror matches), and every other pass over the matrix
//! lets side B lead first, so neither side gains from the order.

use crate::chart::{self, Bar, Distributions, Heatmap, IntervalBars, Series};
use crate::grow::Tracked;
use crate::output::StudyOutput;
use crate::runner::{self, RunPlan, RunReport};
use crate::stats::{Histogram, Moments, Rate, versus};
use crate::study::{Coverage, Source, Study};
use anyhow::{Context, Result, bail};
use engine::drift::strategy::StrategyConfig;
use engine::drift::{
    DriftGame, DriftOutcome, DriftRules, Driver, Lineup, Style, StyleSet, exact_chaser_score_probability,
};
use engine::{Strategy, Table, WithPair};
use polars::prelude::*;
use serde::{Deserialize, Serialize};
use std::fmt::Write as _;
use std::ops::AddAssign;

/// Highest evaluation-point total kept in its own histogram bin (higher totals
/// are counted in this last bin).
const MAX_POINTS: i64 = 5000;

/// About how many bins the points chart draws up to the 99th percentile.
const CHART_BINS: i64 = 60;

/// Who plays whom.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, clap::ValueEnum)]
pub enum Mode {
    /// One base driver without a style against itself with each battle style.
    Styles,
    /// The line-up's drivers, each with its own styles, against each other.
    Lineup,
}

/// Everything that defines a drift study.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct DriftParams {
    /// Who plays whom.
    pub mode: Mode,
    /// The line-up file (`None`: the built-in example line-up).
    pub lineup: Option<Source>,
    /// The rules preset file (`None`: the seed's defaults).
    pub rules: Option<Source>,
    /// The base driver of `styles` mode (`None`: the line-up's first).
    pub driver: Option<String>,
    /// Strategy names of side A and side B.
    pub strategies: [Source; 2],
}

/// A drift study ready to run.
pub struct DriftStudy {
    params: DriftParams,
    rules: DriftRules,
    entrants: Vec<(String, Driver)>,
    strategies: [StrategyConfig; 2],
}

/// The line-up and rules the files name (the built-in example and the seed's rules where
/// `None`).
pub fn setting(lineup: &Option<Source>, rules: &Option<Source>) -> Result<(Lineup, DriftRules)> {
    let lineup = match lineup {
        Some(src) => Lineup::from_toml_str(&src.text).with_context(|| format!("line-up {}", src.name))?,
        None => Lineup::example(),
    };
    let rules = match rules {
        Some(src) => DriftRules::from_toml_str(&src.text).with_context(|| format!("rules {}", src.name))?,
        None => DriftRules::default(),
    };
    Ok((lineup, rules))
}

/// The entrants of `styles` mode: `base` with no style (`none`), then with each battle
/// style alone (named by its id).
pub fn style_entrants(base: Driver) -> Vec<(String, Driver)> {
    let plain = Driver { styles: StyleSet::EMPTY, ..base };
    std::iter::once(("none".to_string(), plain))
        .chain(Style::ALL.iter().map(|&s| {
            let mut styles = StyleSet::EMPTY;
            styles.insert(s);
            (s.id().to_string(), Driver { styles, ..base })
        }))
        .collect()
}

impl Study for DriftStudy {
    const KIND: &'static str = "drift";
    type Params = DriftParams;
    type Acc = DriftAcc;

    fn params(&self) -> &DriftParams {
        &self.params
    }

    fn from_params(params: DriftParams) -> Result<Self> {
        let (lineup, rules) = setting(&params.lineup, &params.rules)?;
        if lineup.drivers.is_empty() {
            bail!("the line-up has no drivers");
        }
        let entrants = match params.mode {
            Mode::Lineup => {
                if lineup.drivers.len() < 2 {
                    bail!("lineup mode needs at least two drivers");
                }
                lineup.drivers.clone()
            }
            Mode::Styles => {
                let base = match &params.driver {
                    Some(name) => lineup.drivers.iter().find(|(n, _)| n == name).map(|d| d.1).with_context(|| {
                        let names: Vec<&str> = lineup.drivers.iter().map(|(n, _)| n.as_str()).collect();
                        format!("no driver `{name}` in the line-up (it has: {})", names.join(", "))
                    })?,
                    None => lineup.drivers[0].1,
                };
                style_entrants(base)
            }
        };
        let parse =
            |src: &Source| StrategyConfig::from_toml(&src.text).with_context(|| format!("strategy {}", src.name));
        let strategies = [parse(&params.strategies[0])?, parse(&params.strategies[1])?];
        Ok(Self { params, rules, entrants, strategies })
    }

    fn empty(&self) -> DriftAcc {
        DriftAcc::new(self.entrants.len())
    }

    /// Per entrant, the headline win rate (against the baseline, or the rest of the
    /// line-up: `win_rate`) and points per battle (`points`); the chaser's scoring rate per
    /// exchange (`chaser_exchange_rate`) and exchanges per battle (`exchanges`).
    fn estimates(&self, acc: &DriftAcc) -> Vec<Tracked> {
        let report = DriftReport { study: self, acc };
        let names = || self.entrants.iter().map(|e| e.0.as_str()).enumerate();
        let mut out: Vec<Tracked> =
            names().map(|(e, name)| Tracked::rate("win_rate", name, &report.headline(e))).collect();
        out.extend(names().map(|(e, name)| Tracked::mean("points", name, &acc.points[e])));
        out.push(Tracked::rate("chaser_exchange_rate", "", &acc.exchanges));
        out.push(Tracked::mean("exchanges", "", &acc.length));
        out
    }

    fn simulate(&self, plan: &RunPlan) -> Result<(DriftAcc, RunReport)> {
        engine::with_pair(self.strategies[0], self.strategies[1], Simulate { study: self, plan })
    }

    fn report(&self, acc: &DriftAcc, coverage: &Coverage, out: &StudyOutput) -> Result<String> {
        DriftReport { study: self, acc }.write(coverage, out)
    }
}

/// The run of a drift study with side A's and side B's concrete strategy types.
struct Simulate<'a> {
    study: &'a DriftStudy,
    plan: &'a RunPlan,
}

impl WithPair<DriftGame> for Simulate<'_> {
    type Output = Result<(DriftAcc, RunReport)>;

    fn with<A, B>(self, a: A, b: B) -> Self::Output
    where
        A: Strategy<DriftGame> + Clone + Sync + 'static,
        B: Strategy<DriftGame> + Clone + Sync + 'static,
    {
        let study = self.study;
        runner::run(
            self.plan,
            || {
                let any = study.entrants[0].1;
                (Table::new(&DriftGame::chase(study.rules, any, any)), a.clone(), b.clone())
            },
            || DriftAcc::new(study.entrants.len()),
            |(table, a, b), index, rng, acc| {
                let (row, col, swap) = super::matrix_cell(index, study.entrants.len());
                let (d_row, d_col) = (study.entrants[row].1, study.entrants[col].1);
                let outcome = if swap {
                    flip(table.play(&DriftGame::chase(study.rules, d_col, d_row), &mut (&mut *b, &mut *a), rng))
                } else {
                    table.play(&DriftGame::chase(study.rules, d_row, d_col), &mut (&mut *a, &mut *b), rng)
                };
                acc.record(row, col, &outcome);
            },
        )
    }
}

fn flip(mut o: DriftOutcome) -> DriftOutcome {
    o.points.swap(0, 1);
    o.rounds.swap(0, 1);
    o.scored.swap(0, 1);
    o.lives_lost.swap(0, 1);
    o.first_round_scored.swap(0, 1);
    o.style_uses.swap(0, 1);
    o.winner = o.winner.map(|w| 1 - w);
    o
}

/// The aggregate of a drift study's battles.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct DriftAcc {
    /// Row entrant's result per matrix cell (`row * n + col`), ties as halves.
    pub cells: Vec<Rate>,
    /// Evaluation points per entrant per battle.
    pub points: Vec<Moments>,
    /// Distribution of evaluation points per entrant.
    pub points_hist: Vec<Histogram>,
    /// Style activations per entrant, indexed like `Style::ALL`.
    pub style_uses: Vec<Vec<u64>>,
    /// Whether the chaser scored in the first exchange of each chase.
    pub first_exchange: Rate,
    /// Every exchange of every chase: did the chaser score.
    pub exchanges: Rate,
    /// Exchanges per battle (both chases).
    pub length: Moments,
    /// Battles per entrant in which a chase hit the rules' round cap
    /// (`max_rounds_per_chase`) instead of ending by life.
    pub capped: Vec<u64>,
}

impl DriftAcc {
    fn new(n: usize) -> Self {
        Self {
            cells: vec![Rate::default(); n * n],
            points: vec![Moments::default(); n],
            points_hist: vec![Histogram::new(0, MAX_POINTS); n],
            style_uses: vec![vec![0; Style::ALL.len()]; n],
            first_exchange: Rate::default(),
            exchanges: Rate::default(),
            length: Moments::default(),
            capped: vec![0; n],
        }
    }

    fn record(&mut self, row: usize, col: usize, o: &DriftOutcome) {
        let n = self.points.len();
        let cell = &mut self.cells[row * n + col];
        match o.winner {
            Some(0) => cell.record(true),
            Some(_) => cell.record(false),
            None => cell.record_half(),
        }
        for (side, e) in [row, col].into_iter().enumerate() {
            self.points[e].record(i64::from(o.points[side]));
            self.points_hist[e].record(i64::from(o.points[side]));
            for (k, &uses) in o.style_uses[side].iter().enumerate() {
                self.style_uses[e][k] += u64::from(uses);
            }
            self.first_exchange.record(o.first_round_scored[side]);
            self.exchanges.trials += u64::from(o.rounds[side]);
            self.exchanges.half_successes += 2 * u64::from(o.scored[side]);
        }
        self.length.record(i64::from(o.rounds[0] + o.rounds[1]));
        if o.round_cap_hit {
            self.capped[row] += 1;
            self.capped[col] += 1;
        }
    }
}

impl AddAssign for DriftAcc {
    fn add_assign(&mut self, o: Self) {
        self.cells.iter_mut().zip(o.cells).for_each(|(a, b)| *a += b);
        self.points.iter_mut().zip(o.points).for_each(|(a, b)| *a += b);
        self.points_hist.iter_mut().zip(o.points_hist).for_each(|(a, b)| *a += b);
        for (a, b) in self.style_uses.iter_mut().zip(o.style_uses) {
            a.iter_mut().zip(b).for_each(|(x, y)| *x += y);
        }
        self.first_exchange += o.first_exchange;
        self.exchanges += o.exchanges;
        self.length += o.length;
        self.capped.iter_mut().zip(o.capped).for_each(|(a, b)| *a += b);
    }
}

struct DriftReport<'a> {
    study: &'a DriftStudy,
    acc: &'a DriftAcc,
}

impl DriftReport<'_> {
    fn n(&self) -> usize {
        self.study.entrants.len()
    }

    /// The comparison each entrant's bar shows: against the baseline in
    /// `styles` mode, against the rest of the field in `lineup` mode.
    fn headline(&self, e: usize) -> Rate {
        match self.study.params.mode {
            Mode::Styles => versus(&self.acc.cells, self.n(), e, std::iter::once(0)),
            Mode::Lineup => versus(&self.acc.cells, self.n(), e, (0..self.n()).filter(|&o| o != e)),
        }
    }

    fn against(&self) -> &'static str {
        match self.study.params.mode {
            Mode::Styles => "the no-style baseline",
            Mode::Lineup => "the rest of the line-up",
        }
    }

    fn write(&self, coverage: &Coverage, out: &StudyOutput) -> Result<String> {
        let n = self.n();
        let names: Vec<String> = self.study.entrants.iter().map(|e| e.0.clone()).collect();
        let heads: Vec<Rate> = (0..n).map(|e| self.headline(e)).collect();

        let mut entrants = df!(
            "entrant" => names.clone(),
            "games" => heads.iter().map(|r| r.trials).collect::<Vec<_>>(),
            "win_rate" => heads.iter().map(Rate::value).collect::<Vec<_>>(),
            "win_rate_ci_low" => heads.iter().map(|r| r.interval().low).collect::<Vec<_>>(),
            "win_rate_ci_high" => heads.iter().map(|r| r.interval().high).collect::<Vec<_>>(),
            "battles" => self.acc.points.iter().map(|m| m.n).collect::<Vec<_>>(),
            "points_mean" => self.acc.points.iter().map(Moments::mean).collect::<Vec<_>>(),
            "points_mean_ci_half" => self.acc.points.iter().map(|m| m.mean_interval().half_width()).collect::<Vec<_>>(),
            "points_sd" => self.acc.points.iter().map(Moments::std_dev).collect::<Vec<_>>(),
            "style_uses" => self.acc.style_uses.iter().map(|u| u.iter().sum::<u64>()).collect::<Vec<_>>(),
            "capped_battles" => self.acc.capped.clone(),
        )?;
        out.table("entrants", &mut entrants)?;

        let mut matrix = super::matrix_frame(&names, &self.acc.cells)?;
        out.table("matrix", &mut matrix)?;

        let mut hist_rows: (Vec<String>, Vec<i64>, Vec<u64>, Vec<f64>) = Default::default();
        for (e, h) in self.acc.points_hist.iter().enumerate() {
            let total = self.acc.points[e].n.max(1) as f64;
            for (v, c) in h.bins().filter(|b| b.1 > 0) {
                hist_rows.0.push(names[e].clone());
                hist_rows.1.push(v);
                hist_rows.2.push(c);
                hist_rows.3.push(c as f64 / total);
            }
        }
        let mut points = df!(
            "entrant" => hist_rows.0, "points" => hist_rows.1, "count" => hist_rows.2, "share" => hist_rows.3,
        )?;
        out.table("points", &mut points)?;

        let exact = self.exact_chaser_rate();
        let (first, all) = (self.acc.first_exchange, self.acc.exchanges);
        let mut summary = df!(
            "games" => [coverage.games_played()],
            "seed" => [coverage.seed],
            "mode" => [format!("{:?}", self.study.params.mode).to_lowercase()],
            "strategy_a" => [self.study.params.strategies[0].name.clone()],
            "strategy_b" => [self.study.params.strategies[1].name.clone()],
            "chaser_first_exchange_rate" => [first.value()],
            "chaser_first_exchange_ci_low" => [first.interval().low],
            "chaser_first_exchange_ci_high" => [first.interval().high],
            "chaser_exchange_rate" => [all.value()],
            "exact_chaser_rate" => [exact],
            "exchanges_per_battle" => [self.acc.length.mean()],
        )?;
        out.table("summary", &mut summary)?;

        self.charts(&names, &heads, out)?;
        Ok(self.summary_text(coverage, &names, &heads, exact))
    }

    /// The exact per-exchange scoring chance, meaningful for plain play without styles.
    fn exact_chaser_rate(&self) -> Option<f64> {
        let plain = self.study.strategies.iter().all(|s| *s == StrategyConfig::Plain);
        let styleless = self.study.entrants.iter().all(|e| e.1.styles == StyleSet::EMPTY);
        (plain && (styleless || self.study.params.mode == Mode::Styles))
            .then(|| exact_chaser_score_probability(&self.study.rules))
    }

    fn charts(&self, names: &[String], heads: &[Rate], out: &StudyOutput) -> Result<()> {
        let n = self.n();
        let bars: Vec<Bar> = (0..n)
            .map(|e| {
                let i = heads[e].interval();
                Bar { label: names[e].clone(), value: heads[e].value(), low: i.low, high: i.high }
            })
            .collect();
        let title = format!("Drift battle: win rate against {} (95% Wilson intervals)", self.against());
        chart::save(
            &out.chart("win_rate"),
            &IntervalBars {
                title: &title,
                x_label: "win rate (ties count half)",
                bars: &bars,
                reference: Some(0.5),
                log: false,
            },
        )?;

        let mut by_mean: Vec<usize> = (0..n).collect();
        by_mean.sort_by(|&a, &b| self.acc.points[b].mean().total_cmp(&self.acc.points[a].mean()));
        let shown: Vec<usize> = match self.study.params.mode {
            Mode::Styles => std::iter::once(0).chain(by_mean.into_iter().filter(|&e| e != 0).take(3)).collect(),
            Mode::Lineup => by_mean.into_iter().take(6).collect(),
        };
        let p99 = shown.iter().map(|&e| self.acc.points_hist[e].quantile(0.99)).max().unwrap_or(0);
        let width = (p99 / CHART_BINS + 1).max(1);
        let series: Vec<Series> = shown
            .iter()
            .map(|&e| {
                let h = &self.acc.points_hist[e];
                let total = h.total().max(1) as f64;
                Series {
                    name: format!("{} (mean {:.1})", names[e], self.acc.points[e].mean()),
                    points: h
                        .rebinned(width)
                        .into_iter()
                        .take_while(|b| b.0 <= p99)
                        .map(|(v, c)| (v, c as f64 / total))
                        .collect(),
                }
            })
            .collect();
        let title = if width == 1 {
            "Drift battle: evaluation points per battle".to_string()
        } else {
            format!("Drift battle: evaluation points per battle (bins of {width}, up to the 99th percentile)")
        };
        chart::save(
            &out.chart("points_distribution"),
            &Distributions { title: &title, x_label: "evaluation points (bin start)", series: &series, log: false },
        )?;

        let values: Vec<f64> = self.acc.cells.iter().map(Rate::value).collect();
        chart::save(
            &out.chart("win_rate_matrix"),
            &Heatmap {
                title: "Drift battle: row's win rate against column",
                rows: names,
                cols: names,
                values: &values,
                neutral: 0.5,
                spread: 0.5,
                axes: ("row entrant (side A)", "column entrant (side B)"),
            },
        )
    }

    fn summary_text(&self, coverage: &Coverage, names: &[String], heads: &[Rate], exact: Option<f64>) -> String {
        let mut s = String::new();
        let p = &self.study.params;
        let _ = writeln!(s, "drift study ({} mode): {}", format!("{:?}", p.mode).to_lowercase(), coverage.describe());
        let _ = writeln!(
            s,
            "strategies: side A {}, side B {}; intervals are 95%",
            p.strategies[0].name, p.strategies[1].name
        );
        let f = self.acc.first_exchange;
        let _ = write!(
            s,
            "chaser scores in the first exchange: {:.4} ± {:.4} ({} chases)",
            f.value(),
            f.interval().half_width(),
            f.trials
        );
        match exact {
            Some(x) => {
                let _ = writeln!(s, "; exact from the deck: {x:.4}");
            }
            None => s.push('\n'),
        }
        let l = self.acc.length;
        let _ = writeln!(s, "exchanges per battle: {:.2} ± {:.2}", l.mean(), l.mean_interval().half_width());
        let capped: Vec<String> = (0..names.len())
            .filter(|&e| self.acc.capped[e] > 0)
            .map(|e| format!("{} {:.1}%", names[e], 100.0 * self.acc.capped[e] as f64 / self.acc.points[e].n as f64))
            .collect();
        if !capped.is_empty() {
            let _ = writeln!(
                s,
                "warning: some chases never ran out of life and stopped at the rules' round cap \
                 (max_rounds_per_chase); their points are cut off. Share of each entrant's battles with a capped chase (either side): {}",
                capped.join(", ")
            );
        }
        let _ = writeln!(s, "win rate against {} (ties count half):", self.against());
        let mut order: Vec<usize> = (0..names.len()).collect();
        order.sort_by(|&a, &b| heads[b].value().total_cmp(&heads[a].value()));
        for e in order {
            let h = heads[e];
            let m = self.acc.points[e];
            let _ = writeln!(
                s,
                "  {:<16} {:.3} ± {:.3}  ({} games)  points {:.2} ± {:.2}",
                names[e],
                h.value(),
                h.interval().half_width(),
                h.trials,
                m.mean(),
                m.mean_interval().half_width()
            );
        }
        s
    }
}
