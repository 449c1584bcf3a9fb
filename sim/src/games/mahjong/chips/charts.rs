//! The chip study's charts: the chip distributions per game and session, the cut-bi
//! ratios and the variance by chip item group.

use super::super::goto;
use super::report::arm_rows;
use super::state::{ArmAcc, ChipsAcc, person_games};
use super::{ChipsParams, Layout};
use crate::chart::{self, Bar, Distributions, IntervalBars, Series, StackedBars};
use crate::output::StudyOutput;
use crate::stats::Histogram;
use anyhow::Result;
use engine::mahjong::Rules;
use engine::mahjong::chips::ChipItem;

pub(super) fn charts(
    params: &ChipsParams,
    rules: &Rules,
    names: &[String],
    acc: &ChipsAcc,
    table: Layout,
    out: &StudyOutput,
) -> Result<()> {
    let rows = arm_rows(params, names, acc);
    let label = table.label(params);
    let series = |hist: &dyn Fn(&ArmAcc) -> &Histogram, width: i64| -> Vec<Series> {
        rows.iter()
            .map(|r| {
                let h = hist(r.acc);
                let total = h.total().max(1) as f64;
                let (lo, hi) = (h.quantile(0.0005), h.quantile(0.9995));
                let points = h
                    .rebinned(width)
                    .into_iter()
                    .filter(|b| b.1 > 0 && b.0 >= lo - width && b.0 <= hi)
                    .map(|(v, c)| (v, c as f64 / total / width as f64))
                    .collect();
                Series { name: r.series.clone(), points }
            })
            .collect()
    };
    chart::save(
        &out.chart("chip_distribution"),
        &Distributions {
            title: &format!("{}: chips per person and game (density, log scale)", label),
            x_label: "chips won (+) or lost (−) in one game, bins of 5",
            series: &series(&|a| &a.game, 5),
            log: true,
        },
    )?;
    chart::save(
        &out.chart("session_distribution"),
        &Distributions {
            title: &format!("{}: chips per person and session (density)", label),
            x_label: "chips won (+) or lost (−) over one session, bins of 20",
            series: &series(&|a| &a.session, 20),
            log: false,
        },
    )?;
    let mut bars = Vec::new();
    for row in rows.iter().filter(|r| !r.base) {
        for (measure, p) in [("mean |chips|", &row.acc.moved), ("variance", &row.acc.squares)] {
            let (r, ci) = p.ratio();
            bars.push(Bar { label: format!("{measure}: {}", row.series), value: r, low: ci.low, high: ci.high });
        }
    }
    chart::save(
        &out.chart("cutbi_ratio"),
        &IntervalBars {
            title: &format!("Ratio to {} on the same games (95% paired interval)", names[0]),
            x_label: "ratio (1 = no change; the seed claims 1.5–2 for cut-bi)",
            bars: &bars,
            reference: Some(1.0),
            log: false,
        },
    )?;
    let groups = item_groups();
    let stacks: Vec<(String, Vec<f64>)> = rows
        .iter()
        .map(|r| {
            let a = r.acc;
            let n = person_games(a) as f64;
            let shares = groups
                .iter()
                .map(|g| {
                    ChipItem::ALL[..a.item_cross.len()]
                        .iter()
                        .filter(|i| i.group() == *g)
                        .map(|&i| a.item_cross[i as usize] as f64)
                        .sum::<f64>()
                        / n
                })
                .collect();
            (r.series.clone(), shares)
        })
        .collect();
    chart::save(
        &out.chart("variance_by_item"),
        &StackedBars {
            title: &format!("{}: variance of chips per person-game, by chip item group", label),
            x_label: "contribution to the variance (chips², Σ = variance)",
            parts: &groups,
            stacks: &stacks,
        },
    )?;
    goto::yaku_chart(&acc.first().table, rules, out)
}

/// The item groups in table order.
fn item_groups() -> Vec<&'static str> {
    let mut groups: Vec<&'static str> = Vec::new();
    for item in ChipItem::ALL {
        if !groups.contains(&item.group()) {
            groups.push(item.group());
        }
    }
    groups
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn item_groups_cover_every_item_once() {
        let groups = item_groups();
        assert_eq!(groups.len(), 9);
        assert!(ChipItem::ALL.iter().all(|i| groups.contains(&i.group())));
    }
}
