//! The Medarot study: which deck beats which, who acts first and whether it matters, where
//! HP goes, and which cards and stats are over- or under-priced.
//!
//! Game `i` plays cell `i mod n²` of the deck × deck matrix (row deck in seat 0, the
//! diagonal being mirror matches), with the seats swapped on every other pass. The seed
//! has no first player (medarots act by speed): the study reports the win rate of the
//! side whose medarot acted first in turn 1 and of the side with the faster medarot, and
//! keeps the seat that resolves phases first only as a check of the seat order.
//!
//! The first `ablation_games` indices that pair two different decks are also played
//! once per [`ablation::Arm`] of either deck, from the same stream as the unchanged
//! game: the card ablations and stat steps are paired differences on common random
//! numbers (the [`crate::paired`] sums a sweep keeps too). A card's win rate when played
//! against when not, within its deck, is kept as an association only.

mod charts;
pub(crate) mod cli;
pub(crate) mod duel;
mod kit;
pub mod regression;
mod report;
pub(crate) mod sweep;
mod words;

pub use duel::MedarotDuel;
pub use kit::Kit;

pub use simcore::medarot::ablation;
use simcore::medarot::state;

use state::{LOSS_NAMES, MAX_SPEED_GAP, STATS};
pub use state::{MedarotAcc, MedarotParams, MedarotStudy, setting};

use crate::report::rules::{file_or, strategies};
use crate::runner::{self, RunPlan, RunReport};
use crate::study::grow::Tracked;
use crate::study::{Coverage, RulesFile, RulesFiles, Source, State, Study};
use anyhow::Result;
use engine::medarot::{CardPool, Deck, MedarotGame, MedarotOutcome, Rules};
use engine::{GameRng, Strategy, Table, WithPair};

/// The card list, deck list and rules files as the report's manifest names them: each file
/// given, else the built-in example (`advance` rules).
pub(crate) fn rules_files(cards: &Option<Source>, decks: &Option<Source>, rules: &Option<Source>) -> Vec<RulesFile> {
    let mut files = file_or("cards", cards, &CardPool::PRESETS, "example");
    files.extend(file_or("decks", decks, &Deck::PRESETS, "example"));
    files.extend(file_or("rules", rules, &Rules::PRESETS, "advance"));
    files
}

impl RulesFiles for MedarotParams {
    fn rules_files(&self) -> Vec<RulesFile> {
        let mut files = rules_files(&self.cards, &self.decks, &self.rules);
        files.extend(strategies(&self.strategies));
        files
    }
}

impl Study for MedarotStudy {
    const WORDS: crate::study::Words = words::WORDS;

    /// The win rate of the side that won turn 1's coin flip where tied speeds made acting
    /// first random (`coin_flip_win_rate`, the causal effect of acting first), the
    /// seat-order check (`seat_order_win_rate`), turns per game (`turns`), and each deck's
    /// win rate against the others (`deck_win_rate`).
    fn estimates(&self, acc: &MedarotAcc) -> Vec<Tracked> {
        let report = report::Report { study: self, acc };
        let mut out = vec![
            Tracked::rate("coin_flip_win_rate", "", &acc.coin_flip),
            Tracked::rate("seat_order_win_rate", "", &acc.seat_order),
            Tracked::mean("turns", "", &acc.turns),
        ];
        out.extend(
            self.decks
                .iter()
                .enumerate()
                .map(|(d, deck)| Tracked::rate("deck_win_rate", &deck.name, &report.deck_rate(d))),
        );
        out
    }

    fn simulate(&self, plan: &RunPlan) -> Result<(MedarotAcc, RunReport)> {
        engine::with_pair(self.strategies[0], self.strategies[1], Simulate { study: self, plan })
    }

    fn report(&self, acc: &MedarotAcc, coverage: &Coverage, out: &crate::output::StudyOutput) -> Result<String> {
        report::Report { study: self, acc }.write(coverage, out)
    }
}

/// The run of a Medarot study with each side's concrete strategy type.
struct Simulate<'a> {
    study: &'a MedarotStudy,
    plan: &'a RunPlan,
}

impl<'a> WithPair<MedarotGame<'a>> for Simulate<'a> {
    type Output = Result<(MedarotAcc, RunReport)>;

    fn with<A, B>(self, a: A, b: B) -> Self::Output
    where
        A: Strategy<MedarotGame<'a>> + Clone + Sync + 'static,
        B: Strategy<MedarotGame<'a>> + Clone + Sync + 'static,
    {
        let study = self.study;
        let n = study.decks.len();
        runner::run(
            self.plan,
            || (Table::new(&study.game(&study.decks[0], &study.decks[0])), a.clone(), b.clone()),
            || study.empty(),
            |(table, a, b), index, rng, acc| {
                let (row, col, swap) = super::matrix_cell(index, n);
                let start = rng.clone();
                let mut play = |rd: &Deck, cd: &Deck, rng: &mut GameRng| {
                    if swap {
                        flip(table.play(&study.game(cd, rd), &mut (&mut *b, &mut *a), rng))
                    } else {
                        table.play(&study.game(rd, cd), &mut (&mut *a, &mut *b), rng)
                    }
                };
                let o = play(&study.decks[row], &study.decks[col], rng);
                acc.record(&study.decks, row, col, &o);
                if index >= study.params.ablation_games || row == col {
                    return;
                }
                for (k, arm) in study.arms.iter().enumerate() {
                    let (seat, changed) = match arm.deck {
                        d if d == row => (0, play(&arm.cards, &study.decks[col], &mut start.clone())),
                        d if d == col => (1, play(&study.decks[row], &arm.cards, &mut start.clone())),
                        _ => continue,
                    };
                    let won = |o: &MedarotOutcome| i64::from(o.winner == seat);
                    acc.arms[k].record(won(&changed), won(&o));
                }
            },
        )
    }
}

/// The outcome with the seats swapped (the row deck's side back in seat 0).
fn flip(mut o: MedarotOutcome) -> MedarotOutcome {
    o.winner = 1 - o.winner;
    o.first_player = 1 - o.first_player;
    o.first_actor = o.first_actor.map(|p| 1 - p);
    o.turn1_speed.swap(0, 1);
    o.hp_by_turn.iter_mut().for_each(|hp| hp.swap(0, 1));
    o.hp.swap(0, 1);
    o.master.swap(0, 1);
    o.stats.swap(0, 1);
    o.played.swap(0, 1);
    o
}
