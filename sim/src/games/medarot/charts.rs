//! The Medarot study's charts and printed summary.

use super::ablation::Stat;
use super::regression;
use super::report::{ArmRow, Report};
use super::{LOSS_NAMES, MAX_SPEED_GAP, STATS};
use crate::chart::{self, Band, Bar, Distributions, Heatmap, IntervalBars, Series, StackedBars, ValuedHeatmap};
use crate::output::StudyOutput;
use crate::stats::Rate;
use crate::study::Coverage;
use anyhow::Result;
use engine::medarot::{HP_TURNS, PlayerStats};
use std::fmt::Write as _;

/// Turns drawn on the HP curve: the first turns that at least this share of every
/// deck's games (those that ended turn 1) also ended.
const HP_CURVE_MIN_SHARE: f64 = 0.01;

impl Report<'_> {
    /// An ablation's label: card, deck, and `**` when it survives Holm's adjustment.
    fn ablation_label(&self, r: &ArmRow) -> String {
        let card = self.arm_card(r).expect("an ablation");
        format!("{} in {}{}", self.card_label(card), self.deck_name(r), if r.holm { " **" } else { "" })
    }

    pub(super) fn charts(
        &self,
        names: &[String],
        rates: &[Rate],
        ablations: &[ArmRow],
        steps: &[ArmRow],
        out: &StudyOutput,
    ) -> Result<()> {
        let acc = self.acc;
        let mut bars = vec![
            Bar::new("won turn 1's coin flip (tied speeds)".into(), acc.coin_flip.estimate()),
            Bar::new("faster medarot in turn 1 (association)".into(), acc.faster.estimate()),
            Bar::new("check: seat resolving phases first".into(), acc.seat_order.estimate()),
        ];
        bars.extend(names.iter().zip(rates).map(|(name, r)| Bar::new(format!("deck {name}"), r.estimate())));
        let title = "Medarot: win rate of the side acting first by coin flip, the faster side, each deck (95% Wilson)";
        let chart = IntervalBars { title, x_label: "win rate", bars: &bars, reference: Some(0.5), log: false };
        chart::save(&out.chart("win_rates"), &chart)?;
        let values: Vec<f64> = acc.cells.iter().map(Rate::value).collect();
        chart::save(&out.chart("deck_matrix"), &deck_matrix(names, &values))?;
        let total = acc.turns_hist.total().max(1) as f64;
        let last = acc.turns_hist.quantile(0.999);
        let series = [Series {
            name: format!("all games (mean {:.1} turns)", acc.turns.mean()),
            points: acc.turns_hist.bins().take_while(|b| b.0 <= last).map(|(v, c)| (v, c as f64 / total)).collect(),
        }];
        let chart = Distributions { title: "Medarot: game length", x_label: "turns", series: &series, log: false };
        chart::save(&out.chart("game_length"), &chart)?;

        let mut sorted: Vec<&ArmRow> = ablations.iter().collect();
        sorted.sort_by(|a, b| b.effect.total_cmp(&a.effect));
        let bars: Vec<Bar> = sorted.iter().map(|r| Bar::new(self.ablation_label(r), (r.effect, r.ci))).collect();
        let chart = IntervalBars {
            title: "Medarot: deck win rate with the card minus with vanilla copies instead (paired 95%; ** Holm)",
            x_label: "what the card adds over the vanilla card of its kind (win rate)",
            bars: &bars,
            reference: Some(0.0),
            log: false,
        };
        if !bars.is_empty() {
            chart::save(&out.chart("card_ablation"), &chart)?;
        }

        let mut bars: Vec<Bar> = self
            .pooled(steps)
            .into_iter()
            .map(|(s, v, ci)| Bar::new(format!("all decks: {}", step_name(s)), (v, ci)))
            .collect();
        bars.extend(steps.iter().map(|r| {
            let copies = self.study.arms[r.arm].copies.max(1) as f64;
            let s = self.arm_stat(r).expect("a stat step");
            let ci = crate::stats::Interval { low: r.ci.low / copies, high: r.ci.high / copies };
            Bar::new(
                format!("{}: {}{}", self.deck_name(r), step_name(s), if r.holm { " **" } else { "" }),
                (r.effect / copies, ci),
            )
        }));
        let chart = IntervalBars {
            title: "Medarot: win rate per medarot copy one stat step up (paired 95%; ** Holm)",
            x_label: "change in the deck's win rate per copy",
            bars: &bars,
            reference: Some(0.0),
            log: false,
        };
        if !steps.is_empty() {
            chart::save(&out.chart("stat_pricing"), &chart)?;
        }

        let bars: Vec<Bar> = (0..acc.speed_gap.len())
            .filter(|&g| acc.speed_gap[g].trials >= 100)
            .map(|g| Bar::new(format!("{:+}", g as i64 - MAX_SPEED_GAP), acc.speed_gap[g].estimate()))
            .collect();
        let chart = IntervalBars {
            title: "Medarot: row deck's win rate by its fastest medarot's speed lead in turn 1 (association)",
            x_label: "row deck's win rate (95% Wilson)",
            bars: &bars,
            reference: Some(0.5),
            log: false,
        }
        .with_row_title("speed lead: row deck's fastest medarot minus the column deck's, turn 1");
        if !bars.is_empty() {
            chart::save(&out.chart("speed_advantage"), &chart)?;
        }
        self.hp_charts(names, out)
    }

    fn hp_charts(&self, names: &[String], out: &StudyOutput) -> Result<()> {
        let acc = self.acc;
        let enough = |d: usize, t: usize| {
            let n = acc.hp_curve[d * HP_TURNS + t].n;
            n >= 2 && n as f64 >= HP_CURVE_MIN_SHARE * acc.hp_curve[d * HP_TURNS].n as f64
        };
        let shown = (0..HP_TURNS).take_while(|&t| (0..names.len()).all(|d| enough(d, t))).count();
        let categories: Vec<String> = (1..=shown).map(|t| t.to_string()).collect();
        let series: Vec<(String, Vec<Bar>)> = names
            .iter()
            .enumerate()
            .map(|(d, name)| {
                let points = (0..shown).map(|t| {
                    let m = acc.hp_curve[d * HP_TURNS + t];
                    Bar::new(String::new(), m.estimate())
                });
                (name.clone(), points.collect())
            })
            .collect();
        let chart = Band {
            title: "Medarot: mean HP at the end of each turn, games still running (95%)",
            x_label: "turn",
            y_label: "HP of the deck's side",
            categories: &categories,
            series: &series,
            reference: None,
        };
        chart::save(&out.chart("hp_curve"), &chart)?;
        let n = names.len();
        let stacks: Vec<(String, Vec<f64>)> = names
            .iter()
            .enumerate()
            .map(|(d, name)| {
                let games = (self.deck_rate(d).trials + 2 * acc.cells[d * n + d].trials).max(1) as f64;
                (name.clone(), (0..3).map(|c| acc.deck_losses[d * 3 + c] as f64 / games).collect())
            })
            .collect();
        let chart = StackedBars {
            title: "Medarot: how each deck loses (share of its games)",
            x_label: "share of the deck's games lost",
            parts: &LOSS_NAMES,
            stacks: &stacks,
        };
        chart::save(&out.chart("loss_conditions"), &chart)
    }

    pub(super) fn summary_text(
        &self,
        coverage: &Coverage,
        names: &[String],
        rates: &[Rate],
        ablations: &[ArmRow],
        steps: &[ArmRow],
    ) -> String {
        let mut s = String::new();
        let (p, acc) = (&self.study.params, self.acc);
        let rate = |r: &Rate| format!("{:.4} ± {:.4}", r.value(), r.interval().half_width());
        let _ = writeln!(s, "medarot study: {}", coverage.describe());
        let _ = writeln!(
            s,
            "strategies: row deck {}, column deck {}; intervals are 95%",
            p.strategies[0].name, p.strategies[1].name
        );
        let _ = writeln!(
            s,
            "play unchanged: the strategies as given; under adapted play (the heuristic's card weights re-tuned for \
             each arm's decks) every card ablation is measured again in the sweep sweep-medarot-ablation: its summary says \
             which verdicts adapted play changes"
        );
        let _ = writeln!(s, "{}", coin_flip_line(&acc.coin_flip, acc.turns.n));
        let _ = writeln!(
            s,
            "side with the faster medarot in turn 1 wins: {} (an association, pooled over deck pairings: faster decks differ in more than speed)",
            rate(&acc.faster)
        );
        let _ = writeln!(s, "check, seat resolving phases first wins: {}", rate(&acc.seat_order));
        let t = acc.turns;
        let _ = writeln!(
            s,
            "turns per game: {:.2} ± {:.2} (sd {:.2})",
            t.mean(),
            t.mean_interval().half_width(),
            t.std_dev()
        );
        let games = acc.losses.iter().sum::<u64>().max(1) as f64;
        let losses: Vec<String> =
            LOSS_NAMES.iter().zip(acc.losses).map(|(n, c)| format!("{n} {:.3}", c as f64 / games)).collect();
        let _ = writeln!(s, "how games end: {}", losses.join(", "));
        let _ = writeln!(
            s,
            "deck win rates against the other decks, and per game its side's HP paid / regained / move penalties:"
        );
        let stat = |d: usize, name: &str| {
            let k = PlayerStats::NAMES.iter().position(|n| *n == name).expect("a stat name");
            acc.stats[d * STATS + k].mean()
        };
        for (d, (name, r)) in names.iter().zip(rates).enumerate() {
            let _ = writeln!(
                s,
                "  {name:<20} {}  ({} games)  HP paid {:.1}, regained {:.1}, move penalties {:.2}",
                rate(r),
                r.trials,
                stat(d, "hp_paid"),
                stat(d, "hp_regained"),
                stat(d, "move_penalties")
            );
        }
        if ablations.is_empty() {
            let _ = writeln!(s, "no card ablation or stat pricing (--ablation-games 0, or no vanilla cards)");
            return s;
        }
        let mut sorted: Vec<&ArmRow> = ablations.iter().collect();
        sorted.sort_by(|a, b| b.effect.total_cmp(&a.effect));
        let show =
            |r: &&ArmRow| format!("{} {:+.3} [{:+.3}, {:+.3}]", self.ablation_label(r), r.effect, r.ci.low, r.ci.high);
        let flagged = ablations.iter().filter(|r| r.holm).count();
        let family = ablations.iter().filter(|r| r.p_holm.is_some()).count();
        let left_out = match ablations.len() - family {
            0 => String::new(),
            n => format!("; {n} left out of Holm, identical by construction: the same games as the deck's own"),
        };
        let _ = writeln!(
            s,
            "card ablation (copies swapped for the vanilla card, paired on {} games per deck; {flagged} of {family} survive Holm{left_out}):",
            ablations.first().map_or(0, |r| r.games),
        );
        let top: Vec<String> = sorted.iter().take(3).map(show).collect();
        let bottom: Vec<String> = sorted.iter().rev().take(3).map(show).collect();
        let _ = writeln!(s, "  most under-priced (add most over vanilla): {}", top.join("; "));
        let _ = writeln!(s, "  most over-priced (the deck wins more with vanilla): {}", bottom.join("; "));
        let pooled: Vec<String> = self
            .pooled(steps)
            .into_iter()
            .map(|(st, v, ci)| format!("{} {:+.4} ± {:.4}", step_name(st), v, ci.half_width()))
            .collect();
        let _ =
            writeln!(s, "stat pricing, win rate per medarot copy one step up (mean over decks): {}", pooled.join("; "));
        if let Some(m) = self.price_model(ablations) {
            let terms: Vec<String> = regression::TERMS
                .iter()
                .zip(&m.coefficients)
                .map(|(t, (b, ci))| format!("{t} {b:+.4} [{:+.4}, {:+.4}]", ci.low, ci.high))
                .collect();
            let _ = writeln!(
                s,
                "price model (a model, not a measurement: weighted least squares of {} medarot ablations' per-copy effect on the stat differences from the vanilla medarot, special medarots left out; dispersion {:.1}, intervals scaled by it): {}",
                m.rows,
                m.dispersion,
                terms.join("; ")
            );
        }
        s
    }
}

/// The deck matrix: each cell the row deck's win rate against the column deck, written in it.
fn deck_matrix<'a>(names: &'a [String], values: &'a [f64]) -> ValuedHeatmap<'a> {
    Heatmap {
        title: "Medarot: row deck's win rate against column deck",
        rows: names,
        cols: names,
        values,
        neutral: 0.5,
        spread: 0.5,
        axes: ("row deck", "column deck"),
    }
    .with_values(3)
}

/// What acting first is worth: the results of turn 1's coin-flip winners, where the players'
/// fastest medarots tied and a coin chose who acted first, with a Wilson interval.
fn coin_flip_line(flip: &Rate, games: u64) -> String {
    if flip.trials == 0 {
        return "acting first, by coin flip: no turn-1 coin flip recorded (no speeds tied, or a state saved before flips were counted: rerun), so no causal estimate".to_string();
    }
    let i = flip.interval();
    format!(
        "acting first, by coin flip: in the {} games ({:.1}%) whose fastest medarots tied in turn 1 (speed, arrows, cost) the flip's winner won {:.4} [{:.4}, {:.4}] (the causal effect of acting first)",
        flip.trials,
        100.0 * flip.trials as f64 / games.max(1) as f64,
        flip.value(),
        i.low,
        i.high
    )
}

/// "+10 power" and the like.
fn step_name(s: Stat) -> String {
    format!("+{} {}", s.step(), s.name())
}

#[cfg(test)]
mod tests {
    use super::{coin_flip_line, deck_matrix};
    use crate::chart::{svg_text, svg_texts};
    use crate::stats::Rate;

    #[test]
    fn the_deck_matrix_writes_each_win_rate_in_its_cell() {
        let names = ["Shooters".to_string(), "Brawlers".to_string()];
        let texts = svg_texts(&svg_text(&deck_matrix(&names, &[0.5, 0.197, 0.803, 0.5])));
        for v in ["0.500", "0.197", "0.803"] {
            assert!(texts.iter().any(|t| t == v), "cell {v} missing from {texts:?}");
        }
    }

    #[test]
    fn the_coin_flip_line_gives_the_flip_winners_rate_with_its_wilson_interval() {
        let flip = Rate::of(120, 200);
        let line = coin_flip_line(&flip, 1000);
        let i = flip.interval();
        let want = format!("the {} games (20.0%)", 200);
        assert!(line.contains(&want) && line.contains(&format!("won 0.6000 [{:.4}, {:.4}]", i.low, i.high)), "{line}");
        assert!(coin_flip_line(&Rate::default(), 1000).contains("no causal estimate"));
    }
}
