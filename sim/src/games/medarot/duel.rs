//! Medarot duels: deal i is cell i mod n² of the deck × deck matrix (the row deck in seat
//! 0), as the Medarot study plays it, and each line-up of the deal plays that game with its
//! strategies in the seats (a deck stays with its seat). Metrics: the win rate and the
//! final HP (`hp`, what is left of the winner's; the loser's is 0 or less, or what was left
//! when it could not pay or decked out).

use super::{Kit, rules_files, setting};
use crate::contest::{Contest, one_of, Metric, SeatValues, parse_all, sides, two_player_metrics, two_player_values};
use crate::contest::MAX_SEATS;
use crate::contest::DuelRules;
use crate::games::GameKit;
use crate::study::{RulesFile, Source};
use anyhow::Result;
use engine::medarot::{CardPool, Deck, MedarotGame, Rules, StrategyConfig};
use engine::one_of::OneOf;
use engine::{GameRng, Strategy, Table};
use serde::{Deserialize, Serialize};

/// What a Medarot duel is played under: advance mode, the deck list's pairings.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MedarotDuel {
    /// Card list (`None`: the example pool).
    pub cards: Option<Source>,
    /// Deck list (`None`: the example decks).
    pub decks: Option<Source>,
    /// Rules file (`None`: `advance`).
    pub rules: Option<Source>,
}

impl DuelRules for MedarotDuel {
    fn name(&self, _seats: usize) -> &'static str {
        Kit::ENTRY.name
    }

    type Contest = MedarotContest;

    fn contest(&self, strategies: &[Source]) -> Result<MedarotContest> {
        MedarotContest::new(&self.cards, &self.decks, &self.rules, strategies)
    }

    fn rules_files(&self) -> Vec<RulesFile> {
        rules_files(&self.cards, &self.decks, &self.rules)
    }
}

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
        let (pool, decks, rules) = setting(cards, decks, rules)?;
        Ok(MedarotContest {
            pool,
            decks,
            rules,
            strategies: parse_all("medarot strategy", strategies, StrategyConfig::from_toml)?,
        })
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

    fn one_of(&self) -> Result<Vec<OneOf>> {
        one_of::<engine::medarot::strategy::HeuristicConfig>()
    }

    fn metrics(&self) -> Vec<Metric> {
        two_player_metrics("hp", "final HP", false)
    }

    fn play<'a>(
        &'a self,
        (table, [a, b]): &mut Self::Worker<'a>,
        index: u64,
        lineup: &[usize; MAX_SEATS],
        rng: &mut GameRng,
        out: &mut [SeatValues; MAX_SEATS],
    ) {
        let (row, col, _) = crate::games::matrix_cell(index, self.decks.len());
        let o = table.play(&self.game(row, col), &mut (&mut *a[lineup[0]], &mut *b[lineup[1]]), rng);
        two_player_values(out, Some(o.winner), o.hp.map(i64::from));
    }
}
