//! Rack-up duels: the profile's match, player A's and B's skills staying with their seats
//! while the strategies change seats. Metrics: the match win rate (a tie a half) and the
//! final points.

use super::{Kit, profile_files};
use crate::contest::{Contest, one_of, Metric, SeatValues, parse_all, sides, two_player_metrics, two_player_values};
use crate::contest::MAX_SEATS;
use crate::contest::DuelRules;
use crate::games::GameKit;
use crate::study::{RulesFile, Source};
use anyhow::{Result, anyhow};
use engine::one_of::OneOf;
use engine::rackup::{RackupGame, StrategyConfig};
use engine::{GameRng, Strategy, Table};
use serde::{Deserialize, Serialize};

/// What a Rack-up duel is played under.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RackupDuel {
    /// Shot-model profile (`None`: the built-in default).
    pub profile: Option<Source>,
}

impl DuelRules for RackupDuel {
    fn name(&self, _seats: usize) -> &'static str {
        Kit::ENTRY.name
    }

    type Contest = RackupContest;

    fn contest(&self, strategies: &[Source]) -> Result<RackupContest> {
        RackupContest::new(&self.profile, strategies)
    }

    fn rules_files(&self) -> Vec<RulesFile> {
        profile_files(&self.profile)
    }
}

/// The Rack-up matches of a duel.
pub struct RackupContest {
    game: RackupGame,
    strategies: Vec<StrategyConfig>,
}

impl RackupContest {
    /// The contest of `profile` (the built-in default where `None`).
    pub fn new(profile: &Option<Source>, strategies: &[Source]) -> Result<RackupContest> {
        let game = RackupGame::new(super::profile(profile)?).map_err(|e| anyhow!("profile: {e}"))?;
        Ok(RackupContest { game, strategies: parse_all("rackup strategy", strategies, StrategyConfig::from_toml)? })
    }
}

impl Contest for RackupContest {
    type Worker<'a> = (Table<RackupGame>, [Vec<Box<dyn Strategy<RackupGame>>>; 2]);

    fn worker(&self) -> Self::Worker<'_> {
        (Table::new(&self.game), sides(&self.strategies))
    }

    fn one_of(&self) -> Result<Vec<OneOf>> {
        one_of::<engine::rackup::strategy::HeuristicConfig>()
    }

    fn metrics(&self) -> Vec<Metric> {
        two_player_metrics("points", "final points", true)
    }

    fn play<'a>(
        &'a self,
        (table, [a, b]): &mut Self::Worker<'a>,
        _: u64,
        lineup: &[usize; MAX_SEATS],
        rng: &mut GameRng,
        out: &mut [SeatValues; MAX_SEATS],
    ) {
        let o = table.play(&self.game, &mut (&mut *a[lineup[0]], &mut *b[lineup[1]]), rng);
        two_player_values(out, o.winner.map(usize::from), o.points.map(i64::from));
    }
}
