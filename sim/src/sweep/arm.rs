//! What a game gives a sweep: an [`Arm`] that plays one game of one ruleset and observes
//! its metrics, built from the arm's documents ([`SweepArm`]), and the helpers every game's
//! arm reads its documents with. Each game implements it in its `games/<game>/sweep.rs`.

use crate::paired::Obs;
use anyhow::Result;
use engine::{Game, GameRng, Strategy, StrategyChoice};
use simcore::sweep::overrides::Documents;

/// One arm of a sweep (the base or a variant): plays one game from a stream and observes
/// every metric of its game.
pub trait Arm: Sync {
    /// Per-thread scratch (a table, strategies), which may borrow the arm (a card game
    /// borrows its card pool).
    type Worker<'a>
    where
        Self: 'a;
    /// A new worker.
    fn worker(&self) -> Self::Worker<'_>;
    /// Plays game `index` from `rng` (the index picks the match-up where the game's study
    /// cycles through one) and writes its observations, in the game's metric order.
    fn play<'a>(&'a self, w: &mut Self::Worker<'a>, index: u64, rng: &mut GameRng, out: &mut Vec<Obs>);
}

/// A game's arm as a sweep builds it: read from an arm's documents, with the game's
/// metrics and the check that a variant still plays the base's game.
pub trait SweepArm: Arm + Sized + 'static {
    /// The arm the (overridden) documents describe.
    fn new(docs: &Documents) -> Result<Self>;
    /// Every metric the arms (the base first) let a sweep report, in [`Arm::play`] order,
    /// and those reported unless the file picks others; an arm may learn here what the
    /// others hold (the data yaku every arm reports).
    fn metrics(arms: &mut [Self]) -> Result<(Vec<String>, Vec<String>)>;
    /// Why this variant's arm cannot be compared with the base's, if it cannot.
    fn differs(&self, _base: &Self) -> Option<&'static str> {
        None
    }
}

/// A document's TOML text, as the game's reader takes it.
pub(crate) fn text(t: &toml::Table) -> String {
    toml::to_string(t).expect("a TOML table serializes")
}

/// The strategy texts of players A and B (`strategy_documents`).
pub(crate) fn strategy_texts(docs: &Documents) -> [String; 2] {
    let doc = |prefix: &str| docs.others.iter().find(|d| d.0 == prefix).map(|d| text(&d.1));
    let a = doc("strategy").expect("the strategy documents are read");
    let b = doc("strategy_b").unwrap_or_else(|| a.clone());
    [a, b]
}

/// A game's default metric names, owned.
pub(crate) fn strings(names: &[&str]) -> Vec<String> {
    names.iter().map(|m| m.to_string()).collect()
}

/// Players A's and B's strategies, boxed: an arm's strategy kind is known only when its
/// documents are read, and arms of one sweep may differ in it.
pub(crate) fn boxed<G: Game, C: StrategyChoice<G>>(strategies: [C; 2]) -> [Box<dyn Strategy<G>>; 2] {
    strategies.map(StrategyChoice::boxed)
}
