//! The Ron2 table study's charts: yaku frequency, first place by seat, final points,
//! hand values of wins and game length.

use super::state::{calibration_rows, seat_first, yaku_rate};
use super::{MahjongAcc, MahjongParams, SEATS};
use crate::chart::{self, Bar, Distributions, IntervalBars, Series};
use crate::output::StudyOutput;
use anyhow::Result;
use engine::mahjong::{Rules, Yaku};

pub(super) fn charts(params: &MahjongParams, rules: &Rules, acc: &MahjongAcc, out: &StudyOutput) -> Result<()> {
    let mut shown: Vec<Yaku> = rules.yaku_order().into_iter().filter(|y| acc.yaku[*y as usize] > 0).collect();
    shown.sort_by_key(|y| std::cmp::Reverse(acc.yaku[*y as usize]));
    let bars: Vec<Bar> = shown
        .iter()
        .map(|&y| {
            let r = yaku_rate(acc, y);
            Bar::new(rules.yaku_name(y).to_string(), r.estimate())
        })
        .collect();
    chart::save(
        &out.chart("yaku_frequency"),
        &IntervalBars {
            title: "Ron2 table: share of wins with each yaku (95% Wilson)",
            x_label: "share of wins (log scale)",
            bars: &bars,
            reference: None,
            log: true,
        },
    )?;
    let seats: Vec<Bar> =
        (0..SEATS).map(|s| Bar::new(format!("seat {s} ({})", params.bots[s]), seat_first(acc, s).estimate())).collect();
    chart::save(
        &out.chart("first_place_by_seat"),
        &IntervalBars {
            title: "Ron2 table: first place by seat (seat 0 deals first; 95% Wilson)",
            x_label: "share of games finished first",
            bars: &seats,
            reference: Some(0.25),
            log: false,
        },
    )?;
    let series: Vec<Series> = (0..SEATS)
        .map(|s| {
            let h = &acc.points_hist[s];
            let total = h.total().max(1) as f64;
            let (lo, hi) = (h.quantile(0.001), h.quantile(0.999));
            Series {
                name: format!("seat {s} (mean {:.0})", acc.points[s].mean()),
                points: h.bins().filter(|b| b.0 >= lo && b.0 <= hi).map(|(v, c)| (v, c as f64 / total)).collect(),
            }
        })
        .collect();
    chart::save(
        &out.chart("final_points"),
        &Distributions {
            title: "Ron2 table: final points per seat",
            x_label: "final points (thousands)",
            series: &series,
            log: false,
        },
    )?;
    let values: Vec<Series> = ["non-dealer", "dealer"]
        .iter()
        .enumerate()
        .map(|(dealer, name)| {
            let bins = acc.value_bins(dealer);
            let total = bins.iter().sum::<u64>();
            Series {
                name: format!("{name} wins ({total})"),
                points: (0..).zip(bins).filter(|b| *b.1 > 0).map(|(v, &c)| (v, c as f64 / total as f64)).collect(),
            }
        })
        .collect();
    chart::save(
        &out.chart("win_values"),
        &Distributions {
            title: "Ron2 table: hand value of wins (without honba and sticks)",
            x_label: "hand value (thousands of points; the last bin 49 and more)",
            series: &values,
            log: false,
        },
    )?;
    crate::games::mahjong::calibration::chart(&calibration_rows(acc), &out.chart("calibration"))?;
    let total = acc.length.total().max(1) as f64;
    let length = [Series {
        name: format!("all games (mean {:.1} hands)", acc.hands as f64 / acc.games.max(1) as f64),
        points: acc.length.bins().filter(|b| b.1 > 0).map(|(v, c)| (v, c as f64 / total)).collect(),
    }];
    chart::save(
        &out.chart("game_length"),
        &Distributions { title: "Ron2 table: game length", x_label: "hands", series: &length, log: false },
    )
}
