//! The drift study's tables, charts and summary.

use super::acc::{DriftAcc, SubjectAcc};
use super::{DriftStudy, KINDS, Mode, acts, kind_name};
use crate::output::StudyOutput;
use crate::stats::{Histogram, Holm, Moments, Rate, versus};
use crate::study::Coverage;
use anyhow::Result;
use engine::drift::strategy::StrategyConfig;
use engine::drift::{Mode as Kind, Style, StyleSet, exact_chaser_score_probability};
use polars::prelude::*;
use std::fmt::Write as _;

/// About how many bins the points and chase-length charts draw up to the 99th percentile.
pub(super) const CHART_BINS: i64 = 60;

/// The styles whose own chases the summary names when the cap cut more than this share.
const UNBOUNDED_SHARE: f64 = 0.01;

/// The report of a finished study.
pub(super) struct DriftReport<'a> {
    pub(super) study: &'a DriftStudy,
    pub(super) acc: &'a DriftAcc,
}

/// Two-sided normal p-value of a rate against ½.
fn p_value(r: &Rate) -> f64 {
    crate::stats::two_sided_p(r.value() - 0.5, r.interval())
}

fn mean_ci(m: &Moments) -> (f64, f64) {
    (m.mean(), m.mean_interval().half_width())
}

impl DriftReport<'_> {
    pub(super) fn n(&self) -> usize {
        self.study.subjects.len()
    }

    pub(super) fn mode(&self) -> Mode {
        self.study.params.mode
    }

    /// The bout results as a square matrix (matrix modes).
    pub(super) fn cells(&self) -> Vec<Rate> {
        self.acc.bouts.iter().map(|b| b.result).collect()
    }

    /// Each subject's headline result: against its kind's baseline (`styles`, `solo`,
    /// `chase`: column `none`), against the rest (`lineup`, `team`). Linear in the bouts.
    pub(super) fn headlines(&self) -> Vec<Rate> {
        let n = self.n();
        if !self.mode().is_matrix() {
            return (0..n).map(|e| self.acc.bouts[e].result).collect();
        }
        let cells = self.cells();
        (0..n)
            .map(|e| match self.mode() {
                Mode::Chase => versus(&cells, n, e, std::iter::once(0)),
                _ => versus(&cells, n, e, (0..n).filter(|&o| o != e)),
            })
            .collect()
    }

    /// The ties among the headline's battles, as a rate.
    pub(super) fn tie_rate(&self, e: usize) -> Rate {
        let n = self.n();
        let bouts: Vec<usize> = match self.mode() {
            Mode::Styles | Mode::Solo | Mode::Play | Mode::Cars => vec![e],
            Mode::Chase => vec![e * n],
            Mode::Team | Mode::Lineup => (0..n).filter(|&o| o != e).flat_map(|o| [e * n + o, o * n + e]).collect(),
        };
        let (ties, games) =
            bouts.iter().map(|&b| &self.acc.bouts[b]).fold((0, 0), |(t, g), b| (t + b.ties, g + b.result.trials));
        Rate::of(ties, games)
    }

    /// Per subject, the result of the side leading the first chase over the battles the
    /// subject played. Linear in the bouts.
    fn first_leaders(&self) -> Vec<Rate> {
        let mut rates = vec![Rate::default(); self.n()];
        for (&(a, b), acc) in self.study.bouts.iter().zip(&self.acc.bouts) {
            rates[a] += acc.first_leader;
            if b != a {
                rates[b] += acc.first_leader;
            }
        }
        rates
    }

    /// Whether the round cap cut so many of a subject's own chases (more than
    /// [`UNBOUNDED_SHARE`]) that its win rate and points are results of the cap: under the
    /// printed rules its battles are endless.
    pub(super) fn unbounded(&self, e: usize) -> bool {
        self.acc.subjects[e].capped_rate().value() > UNBOUNDED_SHARE
    }

    /// Whether a subject's headline is a check, 0.5 by construction: a baseline against
    /// itself (the same driver on both sides, or on the same random stream in a solo run).
    pub(super) fn is_check(&self, e: usize) -> bool {
        self.study.subjects[e].style.is_none() && matches!(self.mode(), Mode::Styles | Mode::Chase | Mode::Solo)
    }

    /// A subject's name in charts, marked when the cap drives its results.
    pub(super) fn label(&self, names: &[String], e: usize) -> String {
        if self.unbounded(e) {
            let cut = 100.0 * self.acc.subjects[e].capped_rate().value();
            format!("{} [UNBOUNDED, cap cut {cut:.0}%]", names[e])
        } else {
            names[e].clone()
        }
    }

    /// Whether the first leader's result is a check, 0.5 by construction: each chase has a
    /// fresh deck and the first leader alternates, so it moves off 0.5 only where the order
    /// of the chases matters (a Legal High paid from life that the first chase spent).
    fn first_leader_is_check(&self) -> bool {
        self.study.rules.fresh_deck_each_chase
    }

    /// Rounds per own chase that ended by life (the cut chases left out; each counts
    /// `max_rounds_per_chase` in its subject's histogram and in "exchanges per battle").
    fn ended_chase_rounds(&self) -> Moments {
        let cap = i128::from(self.study.rules.max_rounds_per_chase);
        self.acc.subjects.iter().fold(Moments::default(), |mut m, s| {
            for (v, c) in s.chase_len.bins() {
                m.n += c;
                m.sum += i128::from(v) * i128::from(c);
                m.sum_sq += i128::from(v) * i128::from(v) * i128::from(c);
            }
            let cut = i128::from(s.capped);
            m.n -= s.capped;
            m.sum -= cap * cut;
            m.sum_sq -= cap * cap * cut;
            m
        })
    }

    /// Whether a subject is a measured style (not a baseline): the comparisons Holm covers.
    fn compared(&self, e: usize) -> bool {
        self.study.subjects[e].style.is_some() && self.mode() != Mode::Lineup && self.mode() != Mode::Team
    }

    pub(super) fn against(&self) -> &'static str {
        match self.mode() {
            Mode::Styles | Mode::Play | Mode::Cars => "the style-less driver in the same kind of battle",
            Mode::Solo => "the style-less driver's run on the same random stream",
            Mode::Chase => "the no-style baseline",
            Mode::Team => "the other teams",
            Mode::Lineup => "the rest of the line-up",
        }
    }

    pub(super) fn write(&self, coverage: &Coverage, out: &StudyOutput) -> Result<String> {
        let n = self.n();
        let subjects = &self.study.subjects;
        let names: Vec<String> = subjects.iter().map(|s| s.name.clone()).collect();
        let heads = self.headlines();
        let leaders = self.first_leaders();
        let led = |e: usize| Some(leaders[e]).filter(|r| r.trials > 0);
        let compared: Vec<usize> = (0..n).filter(|&e| self.compared(e)).collect();
        let p: Vec<f64> = compared.iter().map(|&e| p_value(&heads[e])).collect();
        // A style whose every battle ties with the baseline's (it never acts) is the same
        // games by construction: left out of Holm's family.
        let holm = Holm::new(
            &compared.iter().zip(&p).map(|(&e, &p)| (self.tie_rate(e).value() != 1.0).then_some(p)).collect::<Vec<_>>(),
        );
        let holm_of = |e: usize| compared.iter().position(|&c| c == e);
        let s = &self.acc.subjects;
        let col = |f: &dyn Fn(usize) -> f64| (0..n).map(f).collect::<Vec<f64>>();
        let subj = |f: &dyn Fn(&SubjectAcc) -> f64| s.iter().map(f).collect::<Vec<f64>>();
        let mut entrants = df!(
            "entrant" => names.clone(),
            "style" => subjects.iter().map(|x| x.style.map(|s| s.id().to_string())).collect::<Vec<_>>(),
            "kind" => subjects.iter().map(|x| kind_name(x.kind)).collect::<Vec<_>>(),
            "games" => heads.iter().map(|r| r.trials).collect::<Vec<_>>(),
            "win_rate" => heads.iter().map(Rate::value).collect::<Vec<_>>(),
            "win_rate_ci_low" => heads.iter().map(|r| r.interval().low).collect::<Vec<_>>(),
            "win_rate_ci_high" => heads.iter().map(|r| r.interval().high).collect::<Vec<_>>(),
            "p_value" => (0..n).map(|e| holm_of(e).map(|i| p[i])).collect::<Vec<_>>(),
            "p_holm" => (0..n).map(|e| holm_of(e).and_then(|i| holm.adjusted[i])).collect::<Vec<_>>(),
            "holm_significant" => (0..n).map(|e| holm_of(e).map(|i| holm.significant(i))).collect::<Vec<_>>(),
            "tie_rate" => col(&|e| self.tie_rate(e).value()),
            "tie_rate_ci_low" => col(&|e| self.tie_rate(e).interval().low),
            "tie_rate_ci_high" => col(&|e| self.tie_rate(e).interval().high),
            "first_leader_win_rate" => (0..n).map(|e| led(e).map(|r| r.value())).collect::<Vec<_>>(),
            "first_leader_ci_low" => (0..n).map(|e| led(e).map(|r| r.interval().low)).collect::<Vec<_>>(),
            "first_leader_ci_high" => (0..n).map(|e| led(e).map(|r| r.interval().high)).collect::<Vec<_>>(),
            "battles" => s.iter().map(|m| m.points.n).collect::<Vec<_>>(),
            "points_mean" => subj(&|m| m.points.mean()),
            "points_mean_ci_half" => subj(&|m| m.points.mean_interval().half_width()),
            "points_sd" => subj(&|m| m.points.std_dev()),
            "conceded_mean" => subj(&|m| m.conceded.mean()),
            "conceded_mean_ci_half" => subj(&|m| m.conceded.mean_interval().half_width()),
            "chases" => s.iter().map(|m| m.chases).collect::<Vec<_>>(),
            "capped_chases" => s.iter().map(|m| m.capped).collect::<Vec<_>>(),
            "capped_share" => subj(&|m| m.capped_rate().value()),
            "capped_share_ci_low" => subj(&|m| m.capped_rate().interval().low),
            "capped_share_ci_high" => subj(&|m| m.capped_rate().interval().high),
            "uncapped_points_mean" => subj(&|m| m.uncapped_points.mean()),
            "uncapped_points_mean_ci_half" => subj(&|m| m.uncapped_points.mean_interval().half_width()),
            "style_uses" => s.iter().map(|m| m.style_uses.iter().sum::<u64>()).collect::<Vec<_>>(),
        )?;
        out.table("entrants", &mut entrants)?;

        if self.mode().is_matrix() {
            let mut matrix = super::super::matrix_frame(&names, &self.cells())?;
            out.table("matrix", &mut matrix)?;
        }
        if matches!(self.mode(), Mode::Styles | Mode::Chase | Mode::Solo) {
            let mut styles = self.style_kinds()?;
            out.table("style_kinds", &mut styles)?;
        }

        let mut points = histogram_frame(&names, s.iter().map(|m| &m.points_hist), "points")?;
        out.table("points", &mut points)?;
        let mut lengths = histogram_frame(&names, s.iter().map(|m| &m.chase_len), "rounds")?;
        out.table("chase_lengths", &mut lengths)?;

        let exact = self.exact_chaser_rate();
        let (first, all) = (self.acc.first_exchange, self.acc.exchanges);
        let (chases, capped) = s.iter().fold((0, 0), |(c, k), m| (c + m.chases, k + m.capped));
        let first_leader = self.acc.bouts.iter().fold(Rate::default(), |mut r, b| {
            r += b.first_leader;
            r
        });
        let mut summary = df!(
            "games" => [coverage.games_played()],
            "seed" => [coverage.seed],
            "mode" => [format!("{:?}", self.mode()).to_lowercase()],
            "strategy_a" => [self.study.params.strategies[0].name.clone()],
            "strategy_b" => [self.study.params.strategies[1].name.clone()],
            "max_rounds_per_chase" => [u32::from(self.study.rules.max_rounds_per_chase)],
            "chases" => [chases],
            "capped_chases" => [capped],
            "first_leader_win_rate" => [(first_leader.trials > 0).then(|| first_leader.value())],
            "first_leader_ci_low" => [(first_leader.trials > 0).then(|| first_leader.interval().low)],
            "first_leader_ci_high" => [(first_leader.trials > 0).then(|| first_leader.interval().high)],
            "chaser_first_exchange_rate" => [first.value()],
            "chaser_first_exchange_ci_low" => [first.interval().low],
            "chaser_first_exchange_ci_high" => [first.interval().high],
            "chaser_exchange_rate" => [all.value()],
            "exact_chaser_rate" => [exact],
            "exchanges_per_battle" => [self.acc.length.mean()],
            "ended_chase_rounds_mean" => [self.ended_chase_rounds().mean()],
            "ended_chase_rounds_ci_half" => [self.ended_chase_rounds().mean_interval().half_width()],
        )?;
        out.table("summary", &mut summary)?;

        self.charts(&names, &heads, out)?;
        let mut text = self.summary_text(coverage, &names, &heads, exact, first_leader);
        self.holm_note(&mut text, &names, &compared, &p, &holm);
        Ok(text)
    }

    /// One row per style and kind of battle: whether it acts there for the base driver.
    fn style_kinds(&self) -> PolarsResult<DataFrame> {
        let base = self.study.subjects[0].team.leader();
        let rows: Vec<(Style, Kind)> = Style::ALL.into_iter().flat_map(|s| KINDS.map(|k| (s, k))).collect();
        df!(
            "style" => rows.iter().map(|r| r.0.id()).collect::<Vec<_>>(),
            "kind" => rows.iter().map(|r| kind_name(r.1)).collect::<Vec<_>>(),
            "acts" => rows.iter().map(|r| acts(r.0, &base, r.1)).collect::<Vec<_>>(),
        )
    }

    /// The exact per-exchange scoring chance, meaningful for plain play without styles.
    fn exact_chaser_rate(&self) -> Option<f64> {
        let plain = self.study.strategies.iter().all(|s| *s == StrategyConfig::Plain);
        let styleless =
            self.study.subjects.iter().all(|e| e.team.members().iter().all(|d| d.styles == StyleSet::EMPTY));
        let styles = matches!(self.mode(), Mode::Styles | Mode::Chase | Mode::Solo);
        (plain && (styleless || styles)).then(|| exact_chaser_score_probability(&self.study.rules))
    }

    fn summary_text(
        &self,
        coverage: &Coverage,
        names: &[String],
        heads: &[Rate],
        exact: Option<f64>,
        first_leader: Rate,
    ) -> String {
        let mut t = String::new();
        let p = &self.study.params;
        let s = &self.acc.subjects;
        let leaders = self.first_leaders();
        let _ = writeln!(t, "drift study ({} mode): {}", format!("{:?}", p.mode).to_lowercase(), coverage.describe());
        let _ = writeln!(
            t,
            "strategies: side A {}, side B {}; intervals are 95%",
            p.strategies[0].name, p.strategies[1].name
        );
        if p.mode == super::Mode::Styles {
            let _ = writeln!(
                t,
                "play unchanged: the strategies as given; under adapted play (the heuristic's thresholds re-tuned for \
                 each rule variant) the styles are the sweep sweep-drift-styles: its summary says which verdicts \
                 adapted play changes"
            );
        }
        let f = self.acc.first_exchange;
        let _ = write!(
            t,
            "chaser scores in the first exchange: {:.4} ± {:.4} ({} chases)",
            f.value(),
            f.interval().half_width(),
            f.trials
        );
        match exact {
            Some(x) => {
                let _ = writeln!(t, "; exact from the deck: {x:.4}");
            }
            None => t.push('\n'),
        }
        let l = self.acc.length;
        let cap = self.study.rules.max_rounds_per_chase;
        let ended = self.ended_chase_rounds();
        let _ = writeln!(
            t,
            "exchanges per battle: {:.2} ± {:.2}, counting each chase cut at the cap as {cap} rounds; rounds per own chase that ended by life: {:.2} ± {:.2} ({} chases)",
            l.mean(),
            l.mean_interval().half_width(),
            ended.mean(),
            ended.mean_interval().half_width(),
            ended.n
        );
        if first_leader.trials > 0 {
            let i = first_leader.interval();
            let what = if self.first_leader_is_check() {
                "order check, 0.5 by construction (a fresh deck each chase, the first leader alternating): "
            } else {
                ""
            };
            let _ = writeln!(
                t,
                "{what}first leader (先行 in the first chase) wins {:.3} [{:.3}, {:.3}] of battles, ties half",
                first_leader.value(),
                i.low,
                i.high
            );
        }
        let (chases, capped) = s.iter().fold((0u64, 0u64), |(c, k), m| (c + m.chases, k + m.capped));
        let _ = writeln!(
            t,
            "round cap: max_rounds_per_chase = {cap} (the printed rules have none); {capped} of {chases} chases ({:.2}%) were still running there and were cut",
            100.0 * capped as f64 / chases.max(1) as f64
        );
        let unbounded: Vec<usize> =
            (0..names.len()).filter(|&e| s[e].capped_rate().value() > UNBOUNDED_SHARE).collect();
        if !unbounded.is_empty() {
            let list: Vec<String> = unbounded
                .iter()
                .map(|&e| {
                    let (m, h) = mean_ci(&s[e].points);
                    let (u, uh) = mean_ci(&s[e].uncapped_points);
                    format!(
                        "{} {:.1}% of its own chases (points per chase {m:.1} ± {h:.1} with the cut chases, {u:.1} ± {uh:.1} without)",
                        names[e],
                        100.0 * s[e].capped_rate().value()
                    )
                })
                .collect();
            let _ = writeln!(
                t,
                "UNBOUNDED: under the printed rules these make the battle endless: their chases do not end by life, and the cap cut {}. Their win rates and points are results of the cap, not of the rules; a balance finding, not a footnote.",
                list.join("; ")
            );
        }
        if matches!(p.mode, Mode::Styles | Mode::Chase | Mode::Solo) {
            let base = self.study.subjects[0].team.leader();
            let kinds: &[Kind] = match p.mode {
                Mode::Chase => &[Kind::Chase],
                Mode::Solo => &[Kind::Solo],
                _ => &KINDS,
            };
            let inert: Vec<String> = Style::ALL
                .into_iter()
                .filter_map(|st| {
                    let none: Vec<&str> =
                        kinds.iter().filter(|&&k| !acts(st, &base, k)).map(|&k| kind_name(k)).collect();
                    (!none.is_empty()).then(|| format!("{} ({})", st.id(), none.join(", ")))
                })
                .collect();
            let _ = writeln!(t, "inert, so not measured there: {}", inert.join("; "));
        }
        let _ = writeln!(t, "win rate against {} (ties count half):", self.against());
        let mut order: Vec<usize> = (0..names.len()).filter(|&e| !self.is_check(e)).collect();
        order.sort_by(|&a, &b| heads[b].value().total_cmp(&heads[a].value()));
        for e in order {
            let h = heads[e];
            let (m, mh) = mean_ci(&s[e].points);
            let (c, ch) = mean_ci(&s[e].conceded);
            let _ = write!(
                t,
                "  {:<26} {:.3} ± {:.3}  ({} games)  points {m:.2} ± {mh:.2}",
                names[e],
                h.value(),
                h.interval().half_width(),
                h.trials
            );
            if s[e].conceded.n > 0 {
                let _ = write!(t, "  conceded as leader {c:.2} ± {ch:.2}");
            }
            let ties = self.tie_rate(e);
            let _ = write!(t, "  ties {:.3} [{:.3}, {:.3}]", ties.value(), ties.interval().low, ties.interval().high);
            let first = leaders[e];
            if first.trials > 0 && !self.first_leader_is_check() {
                let i = first.interval();
                let _ = write!(t, "  first leader wins {:.3} [{:.3}, {:.3}]", first.value(), i.low, i.high);
            }
            if self.unbounded(e) {
                let (u, uh) = mean_ci(&s[e].uncapped_points);
                let cut = 100.0 * s[e].capped_rate().value();
                let _ = write!(
                    t,
                    "  UNBOUNDED: the cap cut {cut:.1}% of its chases (points without them {u:.2} ± {uh:.2})"
                );
            }
            t.push('\n');
        }
        self.checks_text(&mut t, names, heads);
        t
    }

    /// The checks, 0.5 by construction: each baseline against itself, and the first
    /// leader's result per subject when each chase has a fresh deck (only those whose
    /// interval misses 0.5 named).
    fn checks_text(&self, t: &mut String, names: &[String], heads: &[Rate]) {
        let checks: Vec<String> = (0..names.len())
            .filter(|&e| self.is_check(e))
            .map(|e| {
                let (h, ties) = (heads[e], self.tie_rate(e));
                if ties.half_successes == 2 * ties.trials {
                    format!("{} every battle tied ({} games)", names[e], h.trials)
                } else {
                    let i = h.interval();
                    format!("{} {:.3} [{:.3}, {:.3}]", names[e], h.value(), i.low, i.high)
                }
            })
            .collect();
        if !checks.is_empty() {
            let _ = writeln!(t, "checks, 0.5 by construction (a baseline against itself): {}", checks.join("; "));
        }
        if !self.first_leader_is_check() {
            return;
        }
        let leaders = self.first_leaders();
        let led: Vec<usize> = (0..names.len()).filter(|&e| leaders[e].trials > 0).collect();
        let off: Vec<String> = led
            .iter()
            .map(|&e| (e, leaders[e]))
            .filter(|(_, r)| !(r.interval().low..=r.interval().high).contains(&0.5))
            .map(|(e, r)| format!("{} {:.3} [{:.3}, {:.3}]", names[e], r.value(), r.interval().low, r.interval().high))
            .collect();
        if !led.is_empty() {
            let _ = writeln!(
                t,
                "order check per subject (first leader wins, 0.5 by construction; about 1 in 20 intervals miss 0.5 by chance): {} of {} miss it{}{}",
                off.len(),
                led.len(),
                if off.is_empty() { "" } else { ": " },
                off.join("; ")
            );
        }
    }

    /// The multiple-comparison note: Holm's step-down over every style compared.
    fn holm_note(&self, t: &mut String, names: &[String], compared: &[usize], p: &[f64], holm: &Holm) {
        if compared.is_empty() {
            return;
        }
        let flagged = holm.flags();
        let sig: Vec<&str> = compared.iter().zip(&flagged).filter(|x| *x.1).map(|x| names[*x.0].as_str()).collect();
        let only_raw: Vec<&str> = compared
            .iter()
            .zip(p.iter().zip(&flagged))
            .filter(|(_, (p, f))| **p < 0.05 && !**f)
            .map(|(&e, _)| names[e].as_str())
            .collect();
        let _ = writeln!(
            t,
            "multiple comparisons: {} styles compared with the baseline; after Holm's step-down (5% familywise) over {} {} differ from 0.5: {}",
            compared.len(),
            holm.describe(),
            sig.len(),
            if sig.is_empty() { "none".to_string() } else { sig.join(", ") }
        );
        if !only_raw.is_empty() {
            let _ =
                writeln!(t, "  p < 0.05 unadjusted but not after Holm (do not read as real): {}", only_raw.join(", "));
        }
    }
}

/// A long table of per-subject histograms: only the values that occurred.
fn histogram_frame<'h>(
    names: &[String],
    hists: impl Iterator<Item = &'h Histogram>,
    value: &str,
) -> PolarsResult<DataFrame> {
    let mut rows: (Vec<String>, Vec<i64>, Vec<u64>, Vec<f64>) = Default::default();
    for (e, h) in hists.enumerate() {
        let total = h.total().max(1) as f64;
        for (v, c) in h.bins().filter(|b| b.1 > 0) {
            rows.0.push(names[e].clone());
            rows.1.push(v);
            rows.2.push(c);
            rows.3.push(c as f64 / total);
        }
    }
    df!("entrant" => rows.0, value => rows.1, "count" => rows.2, "share" => rows.3)
}

#[cfg(test)]
mod tests {
    use super::super::{DriftParams, DriftStudy, Mode};
    use super::DriftReport;
    use crate::saved::Source;
    use crate::stats::{Rate, versus};
    use crate::study::{State, Study};
    use engine::drift::strategy::StrategyConfig;
    use std::sync::mpsc;
    use std::time::Duration;

    /// A lineup-mode study of `n` generated drivers.
    fn lineup_study(n: usize) -> DriftStudy {
        let drivers: String = (0..n)
            .map(|i| format!("[[driver]]\nname = \"d{i}\"\nrank = 3\nspeed = 4\nhorsepower = 4\nstyles = []\n\n"))
            .collect();
        let heuristic = crate::preset::source("heuristic", &StrategyConfig::PRESETS).unwrap();
        DriftStudy::from_params(DriftParams {
            mode: Mode::Lineup,
            lineup: Some(Source { name: "generated".into(), text: drivers }),
            rules: None,
            driver: None,
            strategies: [heuristic.clone(), heuristic],
        })
        .unwrap()
    }

    #[test]
    fn a_lineup_of_1200_drivers_is_reported_in_time_quadratic_in_the_drivers() {
        // Each subject's result against the rest and its first-leader rate were each a pass
        // over all n² bouts per subject (n³: minutes at 1,200 drivers in a debug build); one
        // pass now (milliseconds). The bound is a hang guard, far above either.
        let n = 1200;
        let study = lineup_study(n);
        let mut acc = study.empty();
        for (k, b) in acc.bouts.iter_mut().enumerate() {
            b.result = Rate { trials: 4, half_successes: (k % 9) as u64 };
            b.first_leader = Rate { trials: 2, half_successes: (k % 5) as u64 };
        }
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || {
            let report = DriftReport { study: &study, acc: &acc };
            let (heads, leaders, estimates) = (report.headlines(), report.first_leaders(), study.estimates(&acc));
            let cells = report.cells();
            let expected = |e: usize| versus(&cells, n, e, (0..n).filter(|&o| o != e));
            let led = |e: usize| {
                let battles = study.bouts.iter().zip(&acc.bouts).filter(|((a, b), _)| *a == e || *b == e);
                battles.fold(Rate::default(), |mut r, (_, b)| {
                    r += b.first_leader;
                    r
                })
            };
            let checked = [0, 1, n / 2, n - 1].map(|e| heads[e] == expected(e) && leaders[e] == led(e));
            tx.send((checked, heads.len(), leaders.len(), estimates.len()))
        });
        let (checked, heads, leaders, estimates) =
            rx.recv_timeout(Duration::from_secs(120)).expect("the report's per-driver results within two minutes");
        assert_eq!(checked, [true; 4]);
        assert_eq!((heads, leaders, estimates), (n, n, 2 * n + 2));
    }
}
