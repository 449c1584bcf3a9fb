//! The chip study's tables (`chips_summary`, `chips_ratio`, `chips_items`,
//! `chips_sessions`, the distributions, `chips_persons`) and its summary.

use super::super::goto::{self, GotoAcc};
use super::state::{ArmAcc, ChipsAcc, mean_abs, person_games};
use super::{BotModel, ChipsParams, Layout, QUANTILES};
use crate::output::StudyOutput;
use crate::paired::Paired;
use crate::stats::{Histogram, Moments};
use crate::study::Coverage;
use anyhow::Result;
use engine::mahjong::Rules;
use engine::mahjong::chips::ChipItem;
use engine::mahjong::table::PEOPLE;
use polars::prelude::*;
use std::fmt::Write as _;

/// One arm of one bot model: a row of the chip tables.
pub(super) struct ArmRow<'a> {
    /// The bot model's label.
    pub(super) bots: String,
    /// The arm's name.
    pub(super) arm: &'a String,
    /// Whether it is its model's base arm.
    pub(super) base: bool,
    /// Its name in chart series ([`ChipsParams::series`]).
    pub(super) series: String,
    /// Its bot model.
    pub(super) model: &'a BotModel,
    /// Its model's games as the Gotō study counts them.
    pub(super) table: &'a GotoAcc,
    pub(super) acc: &'a ArmAcc,
}

/// Every (bot model, arm), model by model, base arm first.
pub(super) fn arm_rows<'a>(params: &'a ChipsParams, names: &'a [String], acc: &'a ChipsAcc) -> Vec<ArmRow<'a>> {
    params
        .models()
        .zip(acc.models.iter())
        .enumerate()
        .flat_map(|(k, (model, m))| {
            names.iter().zip(&m.arms).enumerate().map(move |(i, (arm, a))| ArmRow {
                bots: model.label(),
                arm,
                base: i == 0,
                series: params.series(k, arm),
                model,
                table: &m.table,
                acc: a,
            })
        })
        .collect()
}

pub(super) fn write_tables(
    params: &ChipsParams,
    rules: &Rules,
    names: &[String],
    acc: &ChipsAcc,
    table: Layout,
    out: &StudyOutput,
) -> Result<()> {
    let per = table.persons;
    let rows = arm_rows(params, names, acc);
    let text = |f: &dyn Fn(&ArmRow) -> String| rows.iter().map(f).collect::<Vec<_>>();
    let col = |f: &dyn Fn(&ArmAcc) -> f64| rows.iter().map(|r| f(r.acc)).collect::<Vec<_>>();
    let quantile =
        |h: &dyn Fn(&ArmAcc) -> &Histogram, q: f64| rows.iter().map(|r| h(r.acc).quantile(q)).collect::<Vec<_>>();
    let mut summary = df!(
        "bots" => text(&|r| r.bots.clone()),
        "arm" => text(&|r| r.arm.clone()),
        "games" => rows.iter().map(|r| r.acc.moved.n).collect::<Vec<_>>(),
        "person_games" => rows.iter().map(|r| person_games(r.acc)).collect::<Vec<_>>(),
        "mean_abs_chips" => col(&|a| mean_abs(a, per).0),
        "mean_abs_ci_low" => col(&|a| mean_abs(a, per).1),
        "mean_abs_ci_high" => col(&|a| mean_abs(a, per).2),
        "sd" => col(&|a| a.moments.std_dev()),
        "variance" => col(&|a| a.moments.variance()),
        "q01" => quantile(&|a| &a.game, QUANTILES[0]),
        "q05" => quantile(&|a| &a.game, QUANTILES[1]),
        "q50" => quantile(&|a| &a.game, QUANTILES[2]),
        "q95" => quantile(&|a| &a.game, QUANTILES[3]),
        "q99" => quantile(&|a| &a.game, QUANTILES[4]),
        "excess_kurtosis" => col(&|a| a.game.kurtosis()),
        "p_lose_50" => col(&|a| a.losses[0].value()),
        "p_lose_50_ci_low" => col(&|a| a.losses[0].interval().low),
        "p_lose_50_ci_high" => col(&|a| a.losses[0].interval().high),
        "p_lose_100" => col(&|a| a.losses[1].value()),
        "p_lose_100_ci_low" => col(&|a| a.losses[1].interval().low),
        "p_lose_100_ci_high" => col(&|a| a.losses[1].interval().high),
        "clamped" => rows.iter().map(|r| r.acc.game.below + r.acc.game.above).collect::<Vec<_>>(),
    )?;
    out.table("chips_summary", &mut summary)?;

    let ratios: Vec<(&ArmRow, &str, &Paired)> = rows
        .iter()
        .filter(|r| !r.base)
        .flat_map(|r| [(r, "mean_abs_chips", &r.acc.moved), (r, "variance", &r.acc.squares)])
        .collect();
    let ratio_col = |f: &dyn Fn(&Paired) -> f64| ratios.iter().map(|r| f(r.2)).collect::<Vec<_>>();
    let mut ratio = df!(
        "bots" => ratios.iter().map(|r| r.0.bots.clone()).collect::<Vec<_>>(),
        "arm" => ratios.iter().map(|r| r.0.arm.clone()).collect::<Vec<_>>(),
        "base" => vec![names[0].clone(); ratios.len()],
        "measure" => ratios.iter().map(|r| r.1).collect::<Vec<_>>(),
        "ratio" => ratio_col(&|p| p.ratio().0),
        "ci_low" => ratio_col(&|p| p.ratio().1.low),
        "ci_high" => ratio_col(&|p| p.ratio().1.high),
    )?;
    out.table("chips_ratio", &mut ratio)?;

    let items: Vec<(&ArmRow, ChipItem)> =
        rows.iter().flat_map(|r| ChipItem::ALL[..r.acc.item_abs.len()].iter().map(move |&item| (r, item))).collect();
    let variance_share =
        |a: &ArmAcc, i: ChipItem| a.item_cross[i as usize] as f64 / a.item_cross.iter().sum::<i128>() as f64;
    let mut item_table = df!(
        "bots" => items.iter().map(|r| r.0.bots.clone()).collect::<Vec<_>>(),
        "arm" => items.iter().map(|r| r.0.arm.clone()).collect::<Vec<_>>(),
        "item" => items.iter().map(|r| r.1.name()).collect::<Vec<_>>(),
        "group" => items.iter().map(|r| r.1.group()).collect::<Vec<_>>(),
        "mean_abs_per_person_game" => items
            .iter()
            .map(|r| r.0.acc.item_abs[r.1 as usize] as f64 / person_games(r.0.acc) as f64)
            .collect::<Vec<_>>(),
        "variance_share" => items.iter().map(|r| variance_share(r.0.acc, r.1)).collect::<Vec<_>>(),
    )?;
    out.table("chips_items", &mut item_table)?;

    let mut sessions = df!(
        "bots" => text(&|r| r.bots.clone()),
        "arm" => text(&|r| r.arm.clone()),
        "session_games" => vec![params.session_games; rows.len()],
        "person_sessions" => rows.iter().map(|r| r.acc.session_moments.n).collect::<Vec<_>>(),
        "mean" => col(&|a| a.session_moments.mean()),
        "sd" => col(&|a| a.session_moments.std_dev()),
        "q01" => quantile(&|a| &a.session, QUANTILES[0]),
        "q05" => quantile(&|a| &a.session, QUANTILES[1]),
        "q50" => quantile(&|a| &a.session, QUANTILES[2]),
        "q95" => quantile(&|a| &a.session, QUANTILES[3]),
        "q99" => quantile(&|a| &a.session, QUANTILES[4]),
        "drawdown_q50" => quantile(&|a| &a.drawdown, 0.5),
        "drawdown_q95" => quantile(&|a| &a.drawdown, 0.95),
        "drawdown_q99" => quantile(&|a| &a.drawdown, 0.99),
        "p_lose_over_50" => col(&|a| a.session_loss(0, per).0),
        "p_lose_over_50_ci_low" => col(&|a| a.session_loss(0, per).1.low),
        "p_lose_over_50_ci_high" => col(&|a| a.session_loss(0, per).1.high),
        "p_lose_over_100" => col(&|a| a.session_loss(1, per).0),
        "p_lose_over_100_ci_low" => col(&|a| a.session_loss(1, per).1.low),
        "p_lose_over_100_ci_high" => col(&|a| a.session_loss(1, per).1.high),
        "p_lose_over_200" => col(&|a| a.session_loss(2, per).0),
        "p_lose_over_200_ci_low" => col(&|a| a.session_loss(2, per).1.low),
        "p_lose_over_200_ci_high" => col(&|a| a.session_loss(2, per).1.high),
    )?;
    out.table("chips_sessions", &mut sessions)?;

    for (table, session) in [("chips_distribution", false), ("chips_session_distribution", true)] {
        let bins: Vec<(&ArmRow, i64, u64)> = rows
            .iter()
            .flat_map(|r| {
                let h = if session { &r.acc.session } else { &r.acc.game };
                h.bins().filter(|b| b.1 > 0).map(move |(v, c)| (r, v, c))
            })
            .collect();
        let mut df = df!(
            "bots" => bins.iter().map(|b| b.0.bots.clone()).collect::<Vec<_>>(),
            "arm" => bins.iter().map(|b| b.0.arm.clone()).collect::<Vec<_>>(),
            "chips" => bins.iter().map(|b| b.1).collect::<Vec<_>>(),
            "count" => bins.iter().map(|b| b.2).collect::<Vec<_>>(),
        )?;
        out.table(table, &mut df)?;
    }

    let who: Vec<(&ArmRow, String, String, &Moments, Option<u64>)> = rows
        .iter()
        .flat_map(|r| {
            let sat_out = &r.table.sat_out;
            let persons = (0..PEOPLE)
                .map(move |p| (r, format!("person {p}"), r.model.bots[p].clone(), &r.acc.persons[p], Some(sat_out[p])));
            let role = move |q| (r, role(q, table.seats), "mixed".to_string(), &r.acc.roles[q], None);
            persons.chain((0..PEOPLE).map(role))
        })
        .collect();
    let who_col = |f: &dyn Fn(&Moments) -> f64| who.iter().map(|w| f(w.3)).collect::<Vec<_>>();
    let mut persons = df!(
        "bots" => who.iter().map(|w| w.0.bots.clone()).collect::<Vec<_>>(),
        "arm" => who.iter().map(|w| w.0.arm.clone()).collect::<Vec<_>>(),
        "who" => who.iter().map(|w| w.1.clone()).collect::<Vec<_>>(),
        "bot" => who.iter().map(|w| w.2.clone()).collect::<Vec<_>>(),
        "games" => who.iter().map(|w| w.3.n).collect::<Vec<_>>(),
        "mean_chips" => who_col(&Moments::mean),
        "ci_half" => who_col(&|m| m.mean_interval().half_width()),
        "sd" => who_col(&Moments::std_dev),
        "sat_out" => who.iter().map(|w| w.4).collect::<Vec<_>>(),
    )?;
    out.table("chips_persons", &mut persons)?;
    goto::yaku_table(&acc.first().table, rules, out)
}

/// A role's label at a table of `seats`: a seat (seat 0 deals first) or the sit-out.
fn role(r: usize, seats: usize) -> String {
    if r < seats { format!("seat {r}") } else { "sit-out".to_string() }
}

pub(super) fn summary(
    params: &ChipsParams,
    names: &[String],
    acc: &ChipsAcc,
    table: Layout,
    coverage: &Coverage,
) -> String {
    let per = table.persons;
    let first = &acc.first().table;
    let what = if table.seats == 3 { "Gotō chips".to_string() } else { format!("Chips at {}", params.table.name()) };
    let mut s = format!(
        "{what}: {} sessions of {} games ({} games) per bot model, bots {}, rotation {:?}; seed {}: {} of the \
         run's {} sessions; each game played once per bot model and settled under every arm (play unchanged), an \
         adapted model's twice (at the base table for the base arm, at the compared one, its cut-bi states seen, for \
         the others)\n",
        first.sessions,
        params.session_games,
        first.games,
        params.models().map(BotModel::label).collect::<Vec<_>>().join(" and "),
        params.rotation,
        coverage.seed,
        coverage.games_played(),
        coverage.games,
    );
    let rows = arm_rows(params, names, acc);
    for r in &rows {
        let a = r.acc;
        let (m, lo, hi) = mean_abs(a, per);
        let _ = writeln!(
            s,
            "  {} ({} bots): mean |chips| per person-game {m:.2} [{lo:.2}, {hi:.2}], sd {:.1}, 1%–99% {}..{}, \
             P(lose ≥100 in a game) {:.4}, P(session loss > 100) {:.4}",
            r.arm,
            r.bots,
            a.moments.std_dev(),
            a.game.quantile(0.01),
            a.game.quantile(0.99),
            a.losses[1].value(),
            a.session_loss(1, per).0,
        );
    }
    for r in rows.iter().filter(|r| !r.base) {
        let (m, ci) = r.acc.moved.ratio();
        let (v, vci) = r.acc.squares.ratio();
        let _ = writeln!(
            s,
            "  {} / {} ({} bots): mean |chips| ×{m:.3} [{:.3}, {:.3}], variance ×{v:.3} [{:.3}, {:.3}] (paired, over \
             games)",
            r.arm, names[0], r.bots, ci.low, ci.high, vci.low, vci.high
        );
    }
    // At four seats every person plays every game.
    for (model, m) in params.models().zip(acc.models.iter()).filter(|_| table.seats < PEOPLE) {
        let _ = writeln!(
            s,
            "  games sat out by person 0–3 ({} bots): {}",
            model.label(),
            m.table.sat_out.iter().map(u64::to_string).collect::<Vec<_>>().join(", ")
        );
    }
    s
}
