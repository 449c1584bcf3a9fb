//! The Ron2 table study's tables (rates beside Tenhou, yaku, seats, win values, length,
//! summary) and its printed summary.

use super::state::{calibration_rows, seat_first, yaku_rate};
use super::{MahjongAcc, MahjongParams, SEATS};
use crate::output::StudyOutput;
use crate::stats::Rate;
use crate::study::Coverage;
use anyhow::Result;
use engine::mahjong::table::{Abort, RATE_NAMES, TENHOU, WIN_VALUE_BINS};
use engine::mahjong::{Rules, Yaku};
use polars::prelude::*;
use std::fmt::Write as _;

pub(super) fn write_tables(params: &MahjongParams, rules: &Rules, acc: &MahjongAcc, out: &StudyOutput) -> Result<()> {
    let rates = acc.rates();
    let mut rate_table = df!(
        "rate" => RATE_NAMES.to_vec(),
        "value" => rates.iter().map(Rate::value).collect::<Vec<_>>(),
        "ci_low" => rates.iter().map(|r| r.interval().low).collect::<Vec<_>>(),
        "ci_high" => rates.iter().map(|r| r.interval().high).collect::<Vec<_>>(),
        "tenhou_2016" => TENHOU.rate.iter().map(|r| r.tenhou).collect::<Vec<_>>(),
    )?;
    out.table("rates", &mut rate_table)?;

    let shown: Vec<Yaku> = rules.yaku_order().into_iter().filter(|y| acc.yaku[*y as usize] > 0).collect();
    let mut yaku = super::super::yaku_frame(rules, &shown, &acc.yaku, |y| yaku_rate(acc, y))?;
    out.table("yaku", &mut yaku)?;

    out.table("calibration", &mut crate::games::mahjong::calibration::frame(&calibration_rows(acc))?)?;

    let seat_col = |f: &dyn Fn(usize) -> f64| (0..SEATS).map(f).collect::<Vec<_>>();
    let place = |p: usize| seat_col(&|s| acc.places[s * SEATS + p] as f64 / acc.games.max(1) as f64);
    let mut seats = df!(
        "seat" => (0..SEATS as u64).collect::<Vec<_>>(),
        "bot" => params.bots.to_vec(),
        "first" => place(0), "second" => place(1), "third" => place(2), "fourth" => place(3),
        "first_ci_low" => seat_col(&|s| seat_first(acc, s).interval().low),
        "first_ci_high" => seat_col(&|s| seat_first(acc, s).interval().high),
        "points_mean" => seat_col(&|s| acc.points[s].mean()),
        "points_ci_half" => seat_col(&|s| acc.points[s].mean_interval().half_width()),
        "score_mean" => seat_col(&|s| acc.scores[s].mean()),
        "score_ci_half" => seat_col(&|s| acc.scores[s].mean_interval().half_width()),
        "win_rate" => seat_col(&|s| acc.seat_counts[s][0] as f64 / acc.hands.max(1) as f64),
        "deal_in_rate" => seat_col(&|s| acc.seat_counts[s][1] as f64 / acc.hands.max(1) as f64),
    )?;
    out.table("seats", &mut seats)?;

    let bins = |dealer: usize| acc.value_bins(dealer).to_vec();
    let share = |dealer: usize| {
        let b = acc.value_bins(dealer);
        let total = b.iter().sum::<u64>().max(1) as f64;
        b.iter().map(|&c| c as f64 / total).collect::<Vec<_>>()
    };
    let mut values = df!(
        "value_thousands" => (0..WIN_VALUE_BINS as u64).collect::<Vec<_>>(),
        "non_dealer_wins" => bins(0),
        "dealer_wins" => bins(1),
        "non_dealer_share" => share(0),
        "dealer_share" => share(1),
    )?;
    out.table("win_values", &mut values)?;

    let (lv, lc): (Vec<i64>, Vec<u64>) = acc.length.bins().filter(|b| b.1 > 0).unzip();
    let mut length = df!("hands" => lv, "games" => lc)?;
    out.table("length", &mut length)?;

    let wins = acc.wins();
    let mut summary = df!(
        "games" => [acc.games],
        "hands" => [acc.hands],
        "wins" => [wins],
        "average_win" => [acc.win_value as f64 / wins.max(1) as f64],
        "average_gain" => [acc.win_points as f64 / wins.max(1) as f64],
        "tenhou_2016_average_win" => [TENHOU.average_win.tenhou],
        "busts" => [acc.busts],
        "capped" => [acc.capped],
        "double_rons" => [acc.special[0]],
        "pao" => [acc.special[1]],
        "yakuman" => [acc.special[2]],
        "abort_nine_terminals" => [acc.aborts[Abort::NineTerminals as usize]],
        "abort_four_winds" => [acc.aborts[Abort::FourWinds as usize]],
        "abort_four_riichi" => [acc.aborts[Abort::FourRiichi as usize]],
        "abort_four_kans" => [acc.aborts[Abort::FourKans as usize]],
        "abort_triple_ron" => [acc.aborts[Abort::TripleRon as usize]],
    )?;
    out.table("summary", &mut summary)?;
    Ok(())
}

pub(super) fn summary(params: &MahjongParams, scoring: &Rules, acc: &MahjongAcc, coverage: &Coverage) -> String {
    let mut s = String::new();
    let rules = params.table.name();
    let _ = writeln!(
        s,
        "mahjong table study ({rules}): {}, {} hands; {} games cut at the hand cap (max_hands)",
        coverage.describe(),
        acc.hands,
        acc.capped
    );
    let _ = writeln!(s, "bots by seat (seat 0 deals first): {}; intervals are 95%", params.bots.join(", "));
    let with_sticks = format!("({:.0} with honba and sticks)", acc.win_points as f64 / acc.wins().max(1) as f64);
    crate::games::mahjong::calibration::summary(&calibration_rows(acc), &with_sticks, &mut s);
    let _ = writeln!(s, "first place by seat:");
    for seat in 0..SEATS {
        let r = seat_first(acc, seat);
        let _ = writeln!(
            s,
            "  seat {seat} {:<11} {:.4} ± {:.4}  score {:+.1} ± {:.1}",
            params.bots[seat],
            r.value(),
            r.interval().half_width(),
            acc.scores[seat].mean(),
            acc.scores[seat].mean_interval().half_width()
        );
    }
    let mut top: Vec<Yaku> = scoring.yaku_order();
    top.sort_by_key(|y| std::cmp::Reverse(acc.yaku[*y as usize]));
    let shares: Vec<String> =
        top.iter().take(8).map(|&y| format!("{} {:.3}", scoring.yaku_name(y), yaku_rate(acc, y).value())).collect();
    let _ = writeln!(s, "most frequent yaku (share of wins): {}", shares.join(", "));
    s
}
