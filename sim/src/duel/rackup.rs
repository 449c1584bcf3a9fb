//! Rack-up duels: the profile's match, player A's and B's skills staying with their seats
//! while the strategies change seats. Metrics: the match win rate (a tie a half) and the
//! final points.

use super::seating::MAX_SEATS;
use super::{Contest, Metric, SeatValues, parse_all, sides, two_player_metrics};
use crate::study::Source;
use anyhow::{Result, anyhow};
use engine::rackup::{Profile, RackupGame, StrategyConfig};
use engine::{GameRng, Strategy, Table};

/// The Rack-up matches of a duel.
pub struct RackupContest {
    game: RackupGame,
    strategies: Vec<StrategyConfig>,
}

impl RackupContest {
    /// The contest of `profile` (the built-in default where `None`).
    pub fn new(profile: &Option<Source>, strategies: &[Source]) -> Result<RackupContest> {
        let profile = match profile {
            Some(src) => Profile::from_toml(&src.text).map_err(|e| anyhow!("profile {}: {e}", src.name))?,
            None => Profile::preset("default").map_err(|e| anyhow!("{e}"))?,
        };
        let game = RackupGame::new(profile).map_err(|e| anyhow!("profile: {e}"))?;
        Ok(RackupContest { game, strategies: parse_all(strategies, StrategyConfig::from_toml)? })
    }
}

impl Contest for RackupContest {
    type Worker<'a> = (Table<RackupGame>, [Vec<Box<dyn Strategy<RackupGame>>>; 2]);

    fn worker(&self) -> Self::Worker<'_> {
        (Table::new(&self.game), sides(&self.strategies))
    }

    fn seats(&self) -> usize {
        2
    }

    fn metrics(&self) -> Vec<Metric> {
        two_player_metrics("points")
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
        for (seat, values) in out.iter_mut().take(2).enumerate() {
            values[0] = o.winner.map_or(1, |w| 2 * i64::from(usize::from(w) == seat));
            values[1] = i64::from(o.points[seat]);
        }
    }
}
