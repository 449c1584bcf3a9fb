//! The Gotō study's charts: yaku frequency, places by seat and by person, final points and
//! game length.

use super::{GotoAcc, GotoParams, Results, SEATS};
use crate::chart::{self, Bar, Distributions, IntervalBars, Series};
use crate::output::StudyOutput;
use crate::stats::Histogram;
use anyhow::Result;
use engine::mahjong::Rules;

/// The chart of the share of wins with each yaku under Gotō (also drawn by the chip study).
pub(crate) fn yaku_chart(acc: &GotoAcc, rules: &Rules, out: &StudyOutput) -> Result<()> {
    let bars: Vec<Bar> = acc
        .shown_yaku(rules)
        .iter()
        .map(|&y| {
            let r = acc.yaku_rate(y);
            Bar::new(rules.yaku_name(y).to_string(), r.estimate())
        })
        .collect();
    chart::save(
        &out.chart("yaku_frequency"),
        &IntervalBars {
            title: "Gotō: share of wins with each yaku (95% Wilson)",
            x_label: "share of wins (log scale)",
            bars: &bars,
            reference: None,
            log: true,
        },
    )
}

pub(super) fn charts(params: &GotoParams, rules: &Rules, acc: &GotoAcc, out: &StudyOutput) -> Result<()> {
    yaku_chart(acc, rules, out)?;
    let place_bars = |rs: &[Results], label: &dyn Fn(usize) -> String| -> Vec<Bar> {
        (0..rs.len())
            .map(|k| {
                let r = rs[k].place(0);
                Bar::new(label(k), r.estimate())
            })
            .collect()
    };
    let persons = place_bars(&acc.persons, &|p| format!("person {p} ({})", params.bots[p]));
    chart::save(
        &out.chart("first_place_by_person"),
        &IntervalBars {
            title: "Gotō: first place by person, per game played (95% Wilson)",
            x_label: "share of its games finished first",
            bars: &persons,
            reference: Some(1.0 / SEATS as f64),
            log: false,
        },
    )?;
    let seats = place_bars(&acc.seats, &|s| format!("seat {s}"));
    chart::save(
        &out.chart("first_place_by_seat"),
        &IntervalBars {
            title: "Gotō: first place by seat (seat 0 deals first; 95% Wilson)",
            x_label: "share of games finished first",
            bars: &seats,
            reference: Some(1.0 / SEATS as f64),
            log: false,
        },
    )?;
    let series: Vec<Series> = (0..SEATS)
        .map(|s| {
            let h = &acc.seats[s].points_hist;
            let total = h.total().max(1) as f64;
            let (lo, hi) = (h.quantile(0.001), h.quantile(0.999));
            Series {
                name: format!("seat {s} (mean {:.0})", acc.seats[s].points.mean()),
                points: h.bins().filter(|b| b.0 >= lo && b.0 <= hi).map(|(v, c)| (v, c as f64 / total)).collect(),
            }
        })
        .collect();
    chart::save(
        &out.chart("final_points"),
        &Distributions {
            title: "Gotō: final points per seat",
            x_label: "final points (thousands)",
            series: &series,
            log: false,
        },
    )?;
    let share = |h: &Histogram| {
        let total = h.total().max(1) as f64;
        h.bins().filter(|b| b.1 > 0).map(|(v, c)| (v, c as f64 / total)).collect()
    };
    let length = [
        Series {
            name: format!("hands per game (mean {:.1})", acc.hands as f64 / acc.games.max(1) as f64),
            points: share(&acc.length),
        },
        Series {
            name: format!(
                "sudden-death hands, when South was entered ({:.1}% of games)",
                100.0 * acc.per_game(acc.south).value()
            ),
            points: share(&acc.sudden_death),
        },
    ];
    chart::save(
        &out.chart("game_length"),
        &Distributions { title: "Gotō: game length", x_label: "hands", series: &length, log: false },
    )
}
