//! The Gotō study's tables (per person and per seat, yaku, game length, the summary) and
//! its printed summary.

use super::{Counts, GotoAcc, GotoParams, Results, SEATS};
use crate::output::StudyOutput;
use crate::stats::{Moments, Rate};
use crate::study::Coverage;
use anyhow::Result;
use engine::mahjong::table::{PEOPLE, TENHOU_SANMA, WIN_VALUE_BINS};
use engine::mahjong::{Rules, Yaku};
use polars::prelude::*;
use std::fmt::Write as _;

/// One row per seat or person: places with intervals, points, the bot's per-hand rates.
fn results_frame(key: &str, labels: Vec<String>, bots: Vec<String>, rs: &[Results]) -> PolarsResult<DataFrame> {
    let col = |f: &dyn Fn(&Results) -> f64| rs.iter().map(f).collect::<Vec<_>>();
    let rate = |f: fn(&Counts) -> u64| col(&|r| r.per_hand(f(&r.counts)).value());
    df!(
        key => labels,
        "bot" => bots,
        "games" => rs.iter().map(|r| r.games).collect::<Vec<_>>(),
        "first" => col(&|r| r.place(0).value()),
        "first_ci_low" => col(&|r| r.place(0).interval().low),
        "first_ci_high" => col(&|r| r.place(0).interval().high),
        "second" => col(&|r| r.place(1).value()),
        "third" => col(&|r| r.place(2).value()),
        "third_ci_low" => col(&|r| r.place(2).interval().low),
        "third_ci_high" => col(&|r| r.place(2).interval().high),
        "points_mean" => col(&|r| r.points.mean()),
        "points_ci_half" => col(&|r| r.points.mean_interval().half_width()),
        "points_sd" => col(&|r| r.points.std_dev()),
        "win_rate" => rate(|c| c.wins),
        "deal_in_rate" => rate(|c| c.deal_ins),
        "riichi_rate" => rate(|c| c.riichi),
        "open_riichi_rate" => rate(|c| c.open_riichi),
        "call_rate" => rate(|c| c.open_hands),
        "norths_per_hand" => col(&|r| r.counts.norths as f64 / r.hands.max(1) as f64),
        "flowers_per_hand" => col(&|r| r.counts.flowers as f64 / r.hands.max(1) as f64),
    )
}

/// The table of wins with each yaku (also written by the chip study).
pub(crate) fn yaku_table(acc: &GotoAcc, rules: &Rules, out: &StudyOutput) -> Result<()> {
    let mut yaku = super::super::yaku_frame(rules, &acc.shown_yaku(rules), &acc.yaku, |y| acc.yaku_rate(y))?;
    out.table("yaku", &mut yaku)
}

pub(super) fn write_tables(params: &GotoParams, rules: &Rules, acc: &GotoAcc, out: &StudyOutput) -> Result<()> {
    let rates = acc.rates();
    let mut rate_table = df!(
        "rate" => rates.iter().map(|r| r.0).collect::<Vec<_>>(),
        "value" => rates.iter().map(|r| r.1.value()).collect::<Vec<_>>(),
        "ci_low" => rates.iter().map(|r| r.1.interval().low).collect::<Vec<_>>(),
        "ci_high" => rates.iter().map(|r| r.1.interval().high).collect::<Vec<_>>(),
    )?;
    out.table("rates", &mut rate_table)?;
    // The second calibration table: three-player Tenhou's published rates beside the bots'.
    let real: Vec<(&str, f64, Rate)> = TENHOU_SANMA
        .rate
        .iter()
        .filter_map(|t| rates.iter().find(|r| r.0 == t.name).map(|r| (r.0, t.tenhou, r.1)))
        .collect();
    let mut calibration = df!(
        "rate" => real.iter().map(|r| r.0).collect::<Vec<_>>(),
        "value" => real.iter().map(|r| r.2.value()).collect::<Vec<_>>(),
        "ci_low" => real.iter().map(|r| r.2.interval().low).collect::<Vec<_>>(),
        "ci_high" => real.iter().map(|r| r.2.interval().high).collect::<Vec<_>>(),
        "tenhou_sanma_houou" => real.iter().map(|r| r.1).collect::<Vec<_>>(),
    )?;
    out.table("tenhou_sanma_rates", &mut calibration)?;

    yaku_table(acc, rules, out)?;

    let seat_bots = (0..SEATS).map(|_| "mixed".to_string()).collect();
    let mut seats = results_frame("seat", (0..SEATS).map(|s| s.to_string()).collect(), seat_bots, &acc.seats)?;
    out.table("seats", &mut seats)?;

    let mut persons =
        results_frame("person", (0..PEOPLE).map(|p| p.to_string()).collect(), params.bots.to_vec(), &acc.persons)?;
    persons.with_column(Column::new("sat_out".into(), acc.sat_out.clone()))?;
    let net = |f: &dyn Fn(&Moments) -> f64| acc.session_net.iter().map(f).collect::<Vec<_>>();
    persons.with_column(Column::new("session_net_mean".into(), net(&Moments::mean)))?;
    persons.with_column(Column::new("session_net_ci_half".into(), net(&|m| m.mean_interval().half_width())))?;
    persons.with_column(Column::new("session_net_sd".into(), net(&Moments::std_dev)))?;
    out.table("persons", &mut persons)?;

    let (lv, lc): (Vec<i64>, Vec<u64>) = acc.length.bins().filter(|b| b.1 > 0).unzip();
    let mut length = df!("hands" => lv, "games" => lc)?;
    out.table("length", &mut length)?;
    let (sv, sc): (Vec<i64>, Vec<u64>) = acc.sudden_death.bins().filter(|b| b.1 > 0).unzip();
    let mut sudden = df!("sudden_death_hands" => sv, "games" => sc)?;
    out.table("sudden_death", &mut sudden)?;

    let bins = |dealer: usize| acc.win_value_bins[dealer * WIN_VALUE_BINS..][..WIN_VALUE_BINS].to_vec();
    let mut values = df!(
        "value_thousands" => (0..WIN_VALUE_BINS as u64).collect::<Vec<_>>(),
        "non_dealer_wins" => bins(0),
        "dealer_wins" => bins(1),
    )?;
    out.table("win_values", &mut values)?;

    let wins = acc.total().wins;
    let game_rate = |n: u64| acc.per_game(n);
    let [south, stopped, busts] = [acc.south, acc.stopped, acc.busts].map(game_rate);
    let mut summary = df!(
        "sessions" => [acc.sessions],
        "games" => [acc.games],
        "hands" => [acc.hands],
        "wins" => [wins],
        "average_win" => [acc.win_value as f64 / wins.max(1) as f64],
        "yakuman" => [acc.yakuman],
        "double_rons" => [acc.double_rons],
        "south_entered" => [south.value()],
        "south_ci_low" => [south.interval().low],
        "south_ci_high" => [south.interval().high],
        "dealer_stopped" => [stopped.value()],
        "dealer_stopped_ci_low" => [stopped.interval().low],
        "dealer_stopped_ci_high" => [stopped.interval().high],
        "bust" => [busts.value()],
        "bust_ci_low" => [busts.interval().low],
        "bust_ci_high" => [busts.interval().high],
        "capped" => [acc.capped],
    )?;
    out.table("summary", &mut summary)?;
    Ok(())
}

pub(super) fn summary(params: &GotoParams, rules: &Rules, acc: &GotoAcc, coverage: &Coverage) -> String {
    let mut s = String::new();
    let _ = writeln!(
        s,
        "Gotō table study ({}): {} sessions of {} games ({} games, {} hands), rotation {:?}",
        params.table.name(),
        acc.sessions,
        params.session_games,
        acc.games,
        acc.hands,
        params.rotation
    );
    let (played, all) = (coverage.games_played(), coverage.games);
    let _ = writeln!(s, "seed {}: {played} of the run's {all} sessions; intervals are 95%", coverage.seed);
    let _ = writeln!(
        s,
        "per-hand rates of the bots (no Gotō calibration data exists; three-player Tenhou's 鳳凰卓 beside):"
    );
    for (name, r) in acc.rates() {
        let real = TENHOU_SANMA.get(name).map_or(String::new(), |t| format!("  tenhou {t:.3}"));
        let _ = writeln!(s, "  {name:<16} {:.4} ± {:.4}{real}", r.value(), r.interval().half_width());
    }
    let wins = acc.total().wins.max(1) as f64;
    let _ = writeln!(
        s,
        "  {:<16} {:.0} (hand value, without honba and sticks)",
        "average_win",
        acc.win_value as f64 / wins
    );
    let game = |n: u64| {
        let r = acc.per_game(n);
        format!("{:.4} ± {:.4}", r.value(), r.interval().half_width())
    };
    let _ = writeln!(
        s,
        "games: South entered {}, dealer stopped {}, bust {}; {:.2} hands per game; {} cut at the hand cap (max_hands)",
        game(acc.south),
        game(acc.stopped),
        game(acc.busts),
        acc.hands as f64 / acc.games.max(1) as f64,
        acc.capped
    );
    let _ = writeln!(s, "per person (first place per game played; net points per session):");
    for p in 0..PEOPLE {
        let r = &acc.persons[p];
        let first = r.place(0);
        let net = &acc.session_net[p];
        let _ = writeln!(
            s,
            "  person {p} {:<11} first {:.4} ± {:.4}  points {:.0} ± {:.0}  net/session {:+.0} ± {:.0} (sd {:.0}), sat out {}",
            params.bots[p],
            first.value(),
            first.interval().half_width(),
            r.points.mean(),
            r.points.mean_interval().half_width(),
            net.mean(),
            net.mean_interval().half_width(),
            net.std_dev(),
            acc.sat_out[p]
        );
    }
    let shares: Vec<String> = acc
        .shown_yaku(rules)
        .iter()
        .take(10)
        .map(|&y| format!("{} {:.3}", rules.yaku_name(y), acc.yaku_rate(y).value()))
        .collect();
    let _ = writeln!(s, "most frequent yaku (share of wins): {}", shares.join(", "));
    let counted = acc.yaku[Yaku::RiichiNomiRon as usize];
    let _ = writeln!(s, "yakuman wins (counted ones included): {} ({counted} of them 立直のみロン)", acc.yakuman);
    s
}
