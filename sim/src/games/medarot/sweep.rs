//! Medarot sweeps: the base is a rules preset (`advance`, `advance-long-shot`,
//! `advance-transform-cost`) or a rules file (`base_hp = 25`); keys under `cards.` address
//! the card list (`cards = "example"` unless the sweep file names a file;
//! `cards.card.0.cost = 2` changes the first card's cost), keys under `decks.` the deck
//! list (`decks = "example"`), and keys under `strategy.` the strategy file both players
//! follow (`strategy = "heuristic"`; with `strategy_b` named, `strategy_b.` keys address
//! the column deck's player's).
//!
//! Game i of every arm is the game the Medarot study plays for index i: cell i mod n² of
//! the deck × deck matrix (row deck in seat 0), with the seats swapped on every other
//! pass.
//!
//! Metrics, per game: `first_actor` (the win rate of the side whose medarot acted first
//! in turn 1; games ended before it left out), `seat_order` (a check: the win rate of the
//! player who resolves phases first), `row_deck` (the row deck's win rate), `turns`, `loss.<condition>` (the share of
//! games lost by `cannot_pay`, `deck_out` or `no_medarot`), and `deck.<name>` for each
//! deck: its win rate against the other decks, mirror matches left out (as the study's
//! deck table counts it). A variant may change the decks' cards, not their names or number.

use crate::paired::Obs;
use crate::sweep::overrides::Documents;
use crate::sweep::{Arm, SweepArm, boxed, strategy_texts, text};
use anyhow::{Context, Result, anyhow, ensure};
use engine::medarot::{CardPool, Deck, LossCondition, MedarotGame, MedarotOutcome, Rules, StrategyConfig};
use engine::{GameRng, Strategy, Table};

/// The metrics before the decks, in [`MedarotArm::play`] order.
const GAME_METRICS: [&str; 7] =
    ["first_actor", "seat_order", "row_deck", "turns", "loss.cannot_pay", "loss.deck_out", "loss.no_medarot"];

/// Whether a Medarot sweep reports metric `m` unless the file picks others: the win rate
/// of the side acting first, game length and every deck's win rate.
pub fn is_default(m: &str) -> bool {
    m == "first_actor" || m == "turns" || m.starts_with("deck.")
}

/// Every metric a Medarot sweep can report, in the order [`MedarotArm::play`] writes them,
/// for the decks `names`.
pub fn metric_names(names: &[String]) -> Vec<String> {
    let mut out: Vec<String> = GAME_METRICS.map(String::from).to_vec();
    out.extend(names.iter().map(|n| format!("deck.{n}")));
    out
}

/// One variant's cards, decks, rules and player strategies.
pub struct MedarotArm {
    pool: CardPool,
    decks: Vec<Deck>,
    rules: Rules,
    strategies: [StrategyConfig; 2],
}

impl SweepArm for MedarotArm {
    fn new(docs: &Documents) -> Result<MedarotArm> {
        let rules = Rules::from_toml(&text(&docs.main), "rules").context("rules")?;
        let pool = CardPool::from_toml(&text(&docs.others[0].1)).context("card list")?;
        let decks = Deck::from_toml(&pool, &text(&docs.others[1].1)).context("deck list")?;
        ensure!(!decks.is_empty(), "no decks to play");
        let [a, b] = strategy_texts(docs).map(|t| StrategyConfig::from_toml(&t).map_err(|e| anyhow!("{e}")));
        Ok(MedarotArm { pool, decks, rules, strategies: [a?, b?] })
    }

    fn metrics(arms: &mut [MedarotArm]) -> Result<(Vec<String>, Vec<String>)> {
        let names = metric_names(&arms[0].deck_names());
        let defaults = names.iter().filter(|m| is_default(m)).cloned().collect();
        Ok((names, defaults))
    }

    fn differs(&self, base: &MedarotArm) -> Option<&'static str> {
        (self.deck_names() != base.deck_names()).then_some("the decks' names and number must stay the base's")
    }
}

impl MedarotArm {
    /// The decks' names, in file order.
    pub fn deck_names(&self) -> Vec<String> {
        self.decks.iter().map(|d| d.name.clone()).collect()
    }

    fn game(&self, seat0: usize, seat1: usize) -> MedarotGame<'_> {
        MedarotGame::new(&self.pool, self.rules, &self.decks[seat0], &self.decks[seat1])
    }
}

impl Arm for MedarotArm {
    type Worker<'a> = (Table<MedarotGame<'a>>, [Box<dyn Strategy<MedarotGame<'a>>>; 2]);

    fn worker(&self) -> Self::Worker<'_> {
        (Table::new(&self.game(0, 0)), boxed(self.strategies))
    }

    fn play<'a>(&'a self, (table, [a, b]): &mut Self::Worker<'a>, index: u64, rng: &mut GameRng, out: &mut Vec<Obs>) {
        let n = self.decks.len();
        let (row, col, swap) = crate::games::matrix_cell(index, n);
        let o = if swap {
            table.play(&self.game(col, row), &mut (&mut **b, &mut **a), rng)
        } else {
            table.play(&self.game(row, col), &mut (&mut **a, &mut **b), rng)
        };
        observe(&o, usize::from(swap), out);
        let row_won = i64::from(o.winner == usize::from(swap));
        out.extend((0..n).map(|d| match (row == d, col == d) {
            (true, true) if n == 1 => Obs::rate(1, 2),
            (true, false) => Obs::rate(row_won, 1),
            (false, true) => Obs::rate(1 - row_won, 1),
            _ => Obs::rate(0, 0),
        }));
    }
}

/// One game's observations before the decks, in [`metric_names`] order, with the row
/// deck at seat `row` of the outcome.
fn observe(o: &MedarotOutcome, row: usize, out: &mut Vec<Obs>) {
    out.clear();
    let lost_by = |l: LossCondition| Obs::mean(i64::from(o.loss == l));
    out.extend([
        Obs::rate(i64::from(o.first_actor == Some(o.winner)), i64::from(o.first_actor.is_some())),
        Obs::mean(i64::from(o.winner == o.first_player)),
        Obs::mean(i64::from(o.winner == row)),
        Obs::mean(i64::from(o.turns)),
        lost_by(LossCondition::CannotPay),
        lost_by(LossCondition::DeckOut),
        lost_by(LossCondition::NoMedarot),
    ]);
}
