//! Mahjong duels: a riichi table of a Ron2 preset (four seats: the focal bot in each seat in
//! turn against three of the opponent bot) or Gotō's three-seat `goto` (three rotations of
//! one against two), single games without Gotō's sessions of four people. Seat 0 deals
//! first. Metrics: the average place (1 = first), the first-place rate and the final points.

use super::Kit;
use super::table_rules::{TableRules, table_files};
use crate::duel::contest::{Contest, one_of, Metric, SeatValues, parse_all};
use crate::duel::seating::MAX_SEATS;
use crate::duel::{AnyContest, DuelRules};
use crate::games::GameKit;
use crate::study::{RulesFile, Source};
use anyhow::Result;
use engine::config::Presets;
use engine::mahjong::table::{Bot, BotConfig, RiichiTable};
use engine::one_of::OneOf;
use engine::{Game, GameRng, Table};
use serde::{Deserialize, Serialize};

/// What a mahjong duel is played under: a riichi table, a Ron2 preset's four seats or
/// Gotō's three.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MahjongDuel {
    /// The table's rules.
    pub table: TableRules,
}

/// The bots a three-seat (Gotō) duel compares by default: not `random`, as three random
/// bots at Gotō's table mostly play to the hand cap (nobody wins, the dealer repeats on
/// every draw), hundreds of hands that measure nothing.
const GOTO_DUEL_BOTS: [&str; 2] = ["efficiency", "defensive"];

impl DuelRules for MahjongDuel {
    /// `goto` at a table of three seats.
    fn name(&self, seats: usize) -> &'static str {
        if seats == 3 { "goto" } else { Kit::ENTRY.name }
    }

    fn contest(&self, strategies: &[Source]) -> Result<Box<dyn AnyContest>> {
        Ok(Box::new(MahjongContest::new(&self.table, strategies)?))
    }

    fn rules_files(&self) -> Vec<RulesFile> {
        table_files("table", &self.table)
    }

    fn duel_strategies(&self, presets: &Presets) -> Result<Vec<&'static str>> {
        Ok(match self.table.game()?.num_seats() {
            3 => GOTO_DUEL_BOTS.to_vec(),
            _ => presets.list.iter().map(|p| p.0).collect(),
        })
    }

    fn duel_deals(&self) -> u64 {
        500
    }

    fn deviations_defaults(&self) -> (&'static str, u64) {
        ("efficiency", 500)
    }
}

/// The table games of a duel.
pub struct MahjongContest {
    game: RiichiTable,
    bots: Vec<Bot>,
}

impl MahjongContest {
    /// The contest at the table `table` describes, with one bot per strategy (bot settings).
    pub fn new(table: &TableRules, strategies: &[Source]) -> Result<MahjongContest> {
        let bots = parse_all("mahjong bot file", strategies, BotConfig::from_toml)?.into_iter().map(Bot::new).collect();
        Ok(MahjongContest { game: table.game()?, bots })
    }
}

impl Contest for MahjongContest {
    type Worker<'a> = (Table<RiichiTable>, Vec<Bot>);

    fn worker(&self) -> Self::Worker<'_> {
        (Table::new(&self.game), vec![self.bots[0]; self.game.num_seats()])
    }

    fn seats(&self) -> usize {
        self.game.num_seats()
    }

    fn one_of(&self) -> Result<Vec<OneOf>> {
        one_of::<engine::mahjong::table::BotConfig>()
    }

    fn metrics(&self) -> Vec<Metric> {
        let n = self.seats() as f64;
        vec![
            Metric {
                name: "average_rank",
                label: "average place (1 = first; lower is better)",
                unit: 1,
                rate: false,
                neutral: (n + 1.0) / 2.0,
                higher_is_better: false,
                objective: false,
            },
            Metric {
                name: "first_place",
                label: "first-place rate",
                unit: 1,
                rate: true,
                neutral: 1.0 / n,
                higher_is_better: true,
                objective: false,
            },
            Metric {
                name: "points",
                label: "final points",
                unit: 1,
                rate: false,
                neutral: f64::NAN,
                higher_is_better: true,
                objective: true,
            },
        ]
    }

    fn play<'a>(
        &'a self,
        (table, seated): &mut Self::Worker<'a>,
        _: u64,
        lineup: &[usize; MAX_SEATS],
        rng: &mut GameRng,
        out: &mut [SeatValues; MAX_SEATS],
    ) {
        for (bot, &s) in seated.iter_mut().zip(lineup) {
            *bot = self.bots[s];
        }
        let o = table.play(&self.game, seated.as_mut_slice(), rng);
        for (seat, values) in out.iter_mut().take(seated.len()).enumerate() {
            values[0] = i64::from(o.ranks[seat]) + 1;
            values[1] = i64::from(o.ranks[seat] == 0);
            values[2] = i64::from(o.points[seat]);
        }
    }
}
