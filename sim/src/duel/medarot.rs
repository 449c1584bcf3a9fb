//! Medarot duels: deal i is cell i mod n² of the deck × deck matrix (the row deck in seat
//! 0), as the Medarot study plays it, and each line-up of the deal plays that game with its
//! strategies in the seats (a deck stays with its seat). Metrics: the win rate and the
//! final HP (`hp`, what is left of the winner's; the loser's is 0 or less, or what was left
//! when it could not pay or decked out).

use super::seating::MAX_SEATS;
use super::{Contest, Metric, SeatValues, parse_all, sides, two_player_metrics};
use crate::study::Source;
use anyhow::{Context, Result, ensure};
use engine::medarot::{CardPool, Deck, MedarotGame, Rules, StrategyConfig};
use engine::{GameRng, Strategy, Table};

/// The Medarot games of a duel.
pub struct MedarotContest {
    pool: CardPool,
    decks: Vec<Deck>,
    rules: Rules,
    strategies: Vec<StrategyConfig>,
}

impl MedarotContest {
    /// The contest of the card list, deck list and rules (the examples and `advance` where `None`).
    pub fn new(
        cards: &Option<Source>,
        decks: &Option<Source>,
        rules: &Option<Source>,
        strategies: &[Source],
    ) -> Result<MedarotContest> {
        let pool = match cards {
            Some(src) => CardPool::from_toml_str(&src.text).with_context(|| format!("card file {}", src.name))?,
            None => CardPool::example(),
        };
        let decks = match decks {
            Some(src) => Deck::from_toml_str(&pool, &src.text).with_context(|| format!("deck file {}", src.name))?,
            None => Deck::examples(&pool).context("example decks")?,
        };
        ensure!(!decks.is_empty(), "no decks to play");
        let rules = match rules {
            Some(src) => Rules::from_toml_str(&src.text, &src.name).with_context(|| format!("rules {}", src.name))?,
            None => Rules::default(),
        };
        Ok(MedarotContest { pool, decks, rules, strategies: parse_all(strategies, StrategyConfig::from_toml)? })
    }

    fn game(&self, seat0: usize, seat1: usize) -> MedarotGame<'_> {
        MedarotGame::new(&self.pool, self.rules, &self.decks[seat0], &self.decks[seat1])
    }
}

impl Contest for MedarotContest {
    type Worker<'a> = (Table<MedarotGame<'a>>, [Vec<Box<dyn Strategy<MedarotGame<'a>>>>; 2]);

    fn worker(&self) -> Self::Worker<'_> {
        (Table::new(&self.game(0, 0)), sides(&self.strategies))
    }

    fn seats(&self) -> usize {
        2
    }

    fn metrics(&self) -> Vec<Metric> {
        two_player_metrics("hp")
    }

    fn play<'a>(
        &'a self,
        (table, [a, b]): &mut Self::Worker<'a>,
        index: u64,
        lineup: &[usize; MAX_SEATS],
        rng: &mut GameRng,
        out: &mut [SeatValues; MAX_SEATS],
    ) {
        let (row, col, _) = crate::studies::matrix_cell(index, self.decks.len());
        let o = table.play(&self.game(row, col), &mut (&mut *a[lineup[0]], &mut *b[lineup[1]]), rng);
        for (seat, values) in out.iter_mut().take(2).enumerate() {
            values[0] = 2 * i64::from(o.winner == seat);
            values[1] = i64::from(o.hp[seat]);
        }
    }
}
