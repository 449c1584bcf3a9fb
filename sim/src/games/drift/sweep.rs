//! Drift-battle sweeps: the base is a rules preset (`default`, `continuous_deck`,
//! `no_jokers`) or a rules file (`jokers = 0`, `speed_master_uses_per_chase = 2`); keys
//! under `lineup.` address the line-up (`lineup = "example"` unless the sweep file names
//! another preset or a file; `lineup.driver.0.rank = 4` changes its first driver's rank)
//! and keys under `strategy.` the strategy file both sides follow (`strategy =
//! "heuristic"` unless named; with `strategy_b` named, `strategy_b.` keys address side B's).
//!
//! Every arm plays the drift study's `chase` mode: the line-up's first driver with no style
//! and with each battle style that acts in a chase, game i being cell i mod n² of the
//! entrant × entrant matrix (row entrant on side A), with the sides swapped on every other
//! pass, exactly as the study plays game i. Only the first driver of the line-up matters.
//!
//! Metrics, per battle: `a_result` (side A's, the row entrant's, result: a win 1, a tie
//! ½), `first_leader` (the result of the side that leads the first chase, 先行), `a_points`
//! and `points` (side A's and both sides' mean evaluation points, 評価点), `rounds`
//! (exchanges in both chases), `chaser_scores` (the share of exchanges the chaser,
//! 後追い, scored in), `round_cap` (battles stopped by `max_rounds_per_chase`), and
//! `style.<id>` for each style: that driver's result against the no-style driver, from the
//! battles between the two, as the study's chart counts it.

use crate::games::drift::style_entrants;
use crate::paired::Obs;
use crate::sweep::overrides::Documents;
use crate::sweep::{Arm, SweepArm, boxed, strategy_texts, strings, text};
use anyhow::{Context, Result, anyhow};
use engine::drift::strategy::StrategyConfig;
use engine::drift::{DriftGame, DriftOutcome, DriftRules, Driver, Lineup};
use engine::{GameRng, Strategy, Table};

/// The metrics a drift sweep reports unless the file picks others.
pub const DEFAULT_METRICS: [&str; 6] = ["a_result", "first_leader", "a_points", "points", "rounds", "chaser_scores"];

/// The metrics before the styles, in [`DriftArm::play`] order.
const BATTLE_METRICS: [&str; 7] =
    ["a_result", "first_leader", "a_points", "points", "rounds", "chaser_scores", "round_cap"];

/// Every metric a drift sweep can report, in the order [`DriftArm::play`] writes them, for
/// the entrants `names` (the no-style driver first).
pub fn metric_names(names: &[String]) -> Vec<String> {
    let mut out: Vec<String> = BATTLE_METRICS.map(String::from).to_vec();
    out.extend(names[1..].iter().map(|n| format!("style.{n}")));
    out
}

/// One variant's rules, entrants and side strategies.
pub struct DriftArm {
    rules: DriftRules,
    /// The no-style driver, then one per chase style (as in the study's `chase` mode).
    entrants: Vec<(String, Driver)>,
    strategies: [StrategyConfig; 2],
}

impl SweepArm for DriftArm {
    fn new(docs: &Documents) -> Result<DriftArm> {
        let rules = DriftRules::from_toml(&text(&docs.main)).context("rules")?;
        let lineup = Lineup::from_toml(&text(&docs.others[0].1)).context("line-up")?;
        let entrants = style_entrants(lineup.drivers.first().context("the line-up has no drivers")?.1);
        let [a, b] = strategy_texts(docs).map(|t| StrategyConfig::from_toml(&t).map_err(|e| anyhow!("{e}")));
        Ok(DriftArm { rules, entrants, strategies: [a?, b?] })
    }

    fn metrics(arms: &mut [DriftArm]) -> Result<(Vec<String>, Vec<String>)> {
        Ok((metric_names(&arms[0].entrant_names()), strings(&DEFAULT_METRICS)))
    }
}

impl DriftArm {
    /// The entrants' names, the no-style driver first.
    pub fn entrant_names(&self) -> Vec<String> {
        self.entrants.iter().map(|e| e.0.clone()).collect()
    }
}

impl Arm for DriftArm {
    type Worker<'a> = (Table<DriftGame>, [Box<dyn Strategy<DriftGame>>; 2]);

    fn worker(&self) -> Self::Worker<'_> {
        let any = self.entrants[0].1;
        (Table::new(&DriftGame::chase(self.rules, any, any)), boxed(self.strategies))
    }

    fn play(&self, (table, [a, b]): &mut Self::Worker<'_>, index: u64, rng: &mut GameRng, out: &mut Vec<Obs>) {
        let (row, col, swap) = crate::games::matrix_cell(index, self.entrants.len());
        let (d_row, d_col) = (self.entrants[row].1, self.entrants[col].1);
        let o = if swap {
            table.play(&DriftGame::chase(self.rules, d_col, d_row), &mut (&mut **b, &mut **a), rng)
        } else {
            table.play(&DriftGame::chase(self.rules, d_row, d_col), &mut (&mut **a, &mut **b), rng)
        };
        let row_side = usize::from(swap);
        observe(&o, row_side, out);
        let row_result = result(&o, row_side);
        out.extend((1..self.entrants.len()).map(|e| match (row, col) {
            (r, 0) if r == e => row_result,
            (0, c) if c == e => Obs::rate(2 - row_result.a, 2),
            _ => Obs::rate(0, 0),
        }));
    }
}

/// A battle result out of 2 for `side`: 2 a win, 1 a tie, 0 a loss.
fn result(o: &DriftOutcome, side: usize) -> Obs {
    Obs::rate(o.winner.map_or(1, |w| 2 * i64::from(w == side)), 2)
}

/// One battle's observations before the styles, in [`metric_names`] order, with side A
/// (the row entrant) at `a` in the outcome; seat 0 leads the first chase.
fn observe(o: &DriftOutcome, a: usize, out: &mut Vec<Obs>) {
    out.clear();
    let both = |x: [u32; 2]| i64::from(x[0]) + i64::from(x[1]);
    out.extend([
        result(o, a),
        result(o, 0),
        Obs::mean(i64::from(o.points[a])),
        Obs::rate(i64::from(o.points[0]) + i64::from(o.points[1]), 2),
        Obs::mean(both(o.rounds)),
        Obs::rate(both(o.scored), both(o.rounds)),
        Obs::mean(i64::from(o.round_cap_hit)),
    ]);
}
