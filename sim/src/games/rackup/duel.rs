//! Rack-up duels: the profile's match, player A's and B's skills staying with their seats
//! while the strategies change seats. Metrics: the match win rate (a tie a half) and the
//! final points.

use crate::duel::contest::{
    Contest, Metric, SeatValues, one_of, parse_all, sides, two_player_metrics, two_player_values,
};
use crate::duel::seating::MAX_SEATS;
use crate::study::Source;
use anyhow::{Result, anyhow};
use engine::one_of::OneOf;
use engine::rackup::{RackupGame, StrategyConfig};
use engine::{GameRng, Strategy, Table};

/// The Rack-up matches of a duel.
pub struct RackupContest {
    game: RackupGame,
    strategies: Vec<StrategyConfig>,
}

impl RackupContest {
    /// The contest of `profile` (the built-in default where `None`).
    pub fn new(profile: &Option<Source>, strategies: &[Source]) -> Result<RackupContest> {
        let game = RackupGame::new(crate::games::rackup::profile(profile)?).map_err(|e| anyhow!("profile: {e}"))?;
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
