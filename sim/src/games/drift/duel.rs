//! Drift-battle duels: the entrants of the drift study's `styles` mode (the line-up's first
//! driver with no style and with each battle style), deal i being cell i mod 23² of the
//! entrant × entrant matrix (the row entrant in seat 0, which leads the first chase), so
//! the strategies meet on every pairing of styles; each line-up of the deal plays that
//! battle with its strategies in the seats. Metrics: the win rate (a tie a half) and the
//! evaluation points (評価点) per battle.

use super::{Kit, Mode, rules_files, setting, style_entrants};
use crate::contest::{Contest, one_of, Metric, SeatValues, parse_all, sides, two_player_metrics, two_player_values};
use crate::contest::MAX_SEATS;
use crate::contest::DuelRules;
use crate::games::GameKit;
use crate::study::{RulesFile, Source};
use anyhow::{Context, Result};
use engine::drift::strategy::StrategyConfig;
use engine::drift::{DriftGame, DriftRules, Driver};
use engine::one_of::OneOf;
use engine::{GameRng, Strategy, Table};
use serde::{Deserialize, Serialize};

/// What a drift duel is played under: the styles entrants of the line-up's first driver.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct DriftDuel {
    /// Line-up file (`None`: the built-in example).
    pub lineup: Option<Source>,
    /// Rules file (`None`: the seed's defaults).
    pub rules: Option<Source>,
}

impl DuelRules for DriftDuel {
    fn name(&self, _seats: usize) -> &'static str {
        Kit::ENTRY.name
    }

    type Contest = DriftContest;

    fn contest(&self, strategies: &[Source]) -> Result<DriftContest> {
        DriftContest::new(&self.lineup, &self.rules, strategies)
    }

    fn rules_files(&self) -> Vec<RulesFile> {
        rules_files(&self.lineup, &self.rules, Mode::Styles)
    }
}

/// The drift battles of a duel.
pub struct DriftContest {
    rules: DriftRules,
    entrants: Vec<Driver>,
    strategies: Vec<StrategyConfig>,
}

impl DriftContest {
    /// The contest of the line-up's first driver under `rules` (defaults where `None`).
    pub fn new(lineup: &Option<Source>, rules: &Option<Source>, strategies: &[Source]) -> Result<DriftContest> {
        let (lineup, rules) = setting(lineup, rules, Mode::Styles)?;
        let first = lineup.drivers.first().context("the line-up has no drivers")?.1;
        let entrants = style_entrants(first).into_iter().map(|e| e.1).collect();
        Ok(DriftContest {
            rules,
            entrants,
            strategies: parse_all("drift strategy", strategies, StrategyConfig::from_toml)?,
        })
    }
}

impl Contest for DriftContest {
    type Worker<'a> = (Table<DriftGame>, [Vec<Box<dyn Strategy<DriftGame>>>; 2]);

    fn worker(&self) -> Self::Worker<'_> {
        let any = self.entrants[0];
        (Table::new(&DriftGame::chase(self.rules, any, any)), sides(&self.strategies))
    }

    fn one_of(&self) -> Result<Vec<OneOf>> {
        one_of::<engine::drift::strategy::HeuristicConfig>()
    }

    fn metrics(&self) -> Vec<Metric> {
        two_player_metrics("points", "evaluation points", true)
    }

    fn play<'a>(
        &'a self,
        (table, [a, b]): &mut Self::Worker<'a>,
        index: u64,
        lineup: &[usize; MAX_SEATS],
        rng: &mut GameRng,
        out: &mut [SeatValues; MAX_SEATS],
    ) {
        let (row, col, _) = crate::games::matrix_cell(index, self.entrants.len());
        let game = DriftGame::chase(self.rules, self.entrants[row], self.entrants[col]);
        let o = table.play(&game, &mut (&mut *a[lineup[0]], &mut *b[lineup[1]]), rng);
        two_player_values(out, o.winner, o.points.map(i64::from));
    }
}
