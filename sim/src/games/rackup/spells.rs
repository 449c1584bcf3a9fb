//! The regulation spells' break-even: for each spell, player A's paired gain
//! (final points against the baseline, same streams) along the sweep of the
//! machine advantage ([`super::SPELL_ADVANTAGES`]), and the advantage at which
//! the gain crosses 0, read off the curve by linear interpolation between
//! the swept points (its interval: where the interval's upper and lower
//! bounds cross 0). Tables `spell_sweep` and `spell_break_even`, chart
//! `spell_break_even`.

use super::Arm;
use super::acc::{ArmAcc, RackupAcc};
use crate::chart::{self, Band, Bar};
use crate::output::StudyOutput;
use anyhow::Result;
use engine::rackup::Spell;
use polars::prelude::*;

/// The spells swept.
const SPELLS: [Spell; 2] = [Spell::Mirage, Spell::Diet];

/// One spell's sweep: (advantage, arm index) in ascending advantage.
fn sweep(arms: &[Arm], spell: Spell) -> Vec<(f64, usize)> {
    arms.iter()
        .enumerate()
        .filter_map(|(k, &a)| match a {
            Arm::SpellAt(s, x) if s == spell => Some((x, k)),
            _ => None,
        })
        .collect()
}

/// Where the curve `(x, y)` (ascending x) first rises through 0, linearly
/// interpolated; `None` if it never does.
pub(super) fn crossing(points: &[(f64, f64)]) -> Option<f64> {
    points.windows(2).find_map(|w| {
        let ((x0, y0), (x1, y1)) = (w[0], w[1]);
        (y0 < 0.0 && y1 >= 0.0).then(|| x0 + (x1 - x0) * (-y0) / (y1 - y0))
    })
}

/// A spell's break-even: what the sweep says.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) enum BreakEven {
    /// Even with no advantage the spell gains (its ban costs nothing).
    Free,
    /// The gain crosses 0 at this advantage.
    At(f64),
    /// Still a loss at the largest advantage swept.
    Beyond,
}

impl BreakEven {
    fn of(points: &[(f64, f64)]) -> BreakEven {
        match (points.first(), crossing(points)) {
            (Some(&(_, y)), _) if y >= 0.0 => BreakEven::Free,
            (_, Some(x)) => BreakEven::At(x),
            _ => BreakEven::Beyond,
        }
    }

    /// The advantage (0 when free, NaN beyond the sweep).
    fn value(self) -> f64 {
        match self {
            BreakEven::Free => 0.0,
            BreakEven::At(x) => x,
            BreakEven::Beyond => f64::NAN,
        }
    }

    fn status(self) -> &'static str {
        match self {
            BreakEven::Free => "free",
            BreakEven::At(_) => "crossed",
            BreakEven::Beyond => "beyond_sweep",
        }
    }
}

/// Per spell: the break-even of the mean gain, and of the gain's interval's
/// upper and lower bounds (the low and high end of the break-even's interval).
pub(super) fn break_evens(arms: &[Arm], acc: &RackupAcc) -> Vec<(Spell, [BreakEven; 3])> {
    SPELLS
        .iter()
        .map(|&spell| {
            let rows = sweep(arms, spell);
            let curve = |f: &dyn Fn(&ArmAcc) -> f64| -> Vec<(f64, f64)> {
                rows.iter().map(|&(x, k)| (x, f(&acc.arms[k]))).collect()
            };
            let mean = BreakEven::of(&curve(&|a| a.vs_baseline.difference().mean()));
            let early = BreakEven::of(&curve(&|a| a.vs_baseline.difference().mean_interval().high));
            let late = BreakEven::of(&curve(&|a| a.vs_baseline.difference().mean_interval().low));
            (spell, [mean, early, late])
        })
        .collect()
}

/// The spell's name in the tables.
pub(super) fn name(spell: Spell) -> String {
    Arm::Spell(spell).name().trim_start_matches("a_").to_string()
}

pub(super) fn write(arms: &[Arm], acc: &RackupAcc, out: &StudyOutput) -> Result<()> {
    let mut rows: (Vec<String>, Vec<f64>, Vec<usize>) = Default::default();
    for spell in SPELLS {
        for (x, k) in sweep(arms, spell) {
            rows.0.push(name(spell));
            rows.1.push(x);
            rows.2.push(k);
        }
    }
    let col = |f: &dyn Fn(&ArmAcc) -> f64| rows.2.iter().map(|&k| f(&acc.arms[k])).collect::<Vec<_>>();
    let mut table = df!(
        "spell" => rows.0.clone(),
        "advantage" => rows.1.clone(),
        "a_points_vs_baseline" => col(&|a| a.vs_baseline.difference().mean()),
        "a_points_vs_baseline_ci_low" => col(&|a| a.vs_baseline.difference().mean_interval().low),
        "a_points_vs_baseline_ci_high" => col(&|a| a.vs_baseline.difference().mean_interval().high),
        "a_win_rate" => col(&|a| a.a_result.value()),
        "a_win_rate_ci_half" => col(&|a| a.a_result.interval().half_width()),
    )?;
    out.table("spell_sweep", &mut table)?;

    let found = break_evens(arms, acc);
    let shipped = |spell: Spell| {
        let k = arms.iter().position(|&a| a == Arm::Spell(spell)).expect("a shipped-machine arm per spell");
        acc.arms[k].vs_baseline.difference()
    };
    let mut table = df!(
        "spell" => found.iter().map(|f| name(f.0)).collect::<Vec<_>>(),
        "break_even_advantage" => found.iter().map(|f| f.1[0].value()).collect::<Vec<_>>(),
        "break_even_ci_low" => found.iter().map(|f| f.1[1].value()).collect::<Vec<_>>(),
        "break_even_ci_high" => found.iter().map(|f| f.1[2].value()).collect::<Vec<_>>(),
        "status" => found.iter().map(|f| f.1[0].status()).collect::<Vec<_>>(),
        "shipped_machine_vs_baseline" => found.iter().map(|f| shipped(f.0).mean()).collect::<Vec<_>>(),
        "shipped_machine_vs_baseline_ci_half" =>
            found.iter().map(|f| shipped(f.0).mean_interval().half_width()).collect::<Vec<_>>(),
    )?;
    out.table("spell_break_even", &mut table)?;

    let categories: Vec<String> = crate::games::rackup::SPELL_ADVANTAGES.iter().map(|x| format!("+{x:.2}")).collect();
    let series: Vec<(String, Vec<Bar>)> = SPELLS
        .iter()
        .map(|&spell| {
            let bars = sweep(arms, spell)
                .into_iter()
                .map(|(x, k)| Bar::new(format!("+{x:.2}"), acc.arms[k].vs_baseline.difference().estimate()))
                .collect();
            (name(spell), bars)
        })
        .collect();
    chart::save(
        &out.chart("spell_break_even"),
        &Band {
            title: "Rack-up: a spell's machine advantage against its ban, A's points vs no spell (95%, paired)",
            x_label: "machine advantage: accuracy, power and weight each x (1 + advantage)",
            y_label: "mean paired difference in A's final points",
            categories: &categories,
            series: &series,
            reference: Some(0.0),
        }
        .placed(&crate::games::rackup::SPELL_ADVANTAGES),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_break_even_is_interpolated_where_the_gain_rises_through_zero() {
        let curve = [(0.0, -0.4), (0.1, -0.2), (0.2, 0.2), (0.3, 0.5)];
        assert!((crossing(&curve).unwrap() - 0.15).abs() < 1e-12);
        assert_eq!(BreakEven::of(&curve), BreakEven::At(crossing(&curve).unwrap()));
        assert_eq!(BreakEven::of(&[(0.0, 0.1), (0.1, 0.3)]), BreakEven::Free);
        assert_eq!(BreakEven::of(&[(0.0, -0.3), (0.1, -0.1)]), BreakEven::Beyond);
        assert!(BreakEven::Beyond.value().is_nan());
    }
}
