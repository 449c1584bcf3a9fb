//! What a game gives the commands that play its strategies against each other (duels,
//! `sim deviations`, `sim tune`, a sweep's adapted play): what it is played under
//! ([`DuelRules`], its variant of [`crate::games::DuelGame`]), a [`Contest`] that plays one
//! deal with a line-up of strategies at its seats and writes each seat's [`Metric`] values,
//! a sweep arm's documents as rules files ([`ArmFiles`]), and the helpers the games'
//! contests share. Each game implements them in its `games/<game>/duel.rs`. This module
//! imports neither the games nor the duel: the registry ([`crate::games`]) and the commands
//! ([`crate::duel`]) both stand on it.

use crate::study::{RulesFile, Source};
use anyhow::{Result, anyhow};
use engine::config::Presets;
use engine::one_of::OneOf;
use engine::{Game, GameRng, Strategy, StrategyChoice};
use simcore::sweep::overrides::Documents;

/// The most seats at any table (a four-seat table).
pub const MAX_SEATS: usize = 4;

/// How a duel seats its strategies ([`crate::duel::seating`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SeatingMode {
    /// 1-vs-rest: the focal strategy in each seat in turn, the opponent in the others.
    #[default]
    Rotation,
    /// Every order of one strategy per seat.
    Permutations,
}

/// What a game's duels are played under besides the strategies (its rules files), as the
/// parameters of a duel, `sim deviations` and `sim tune` save it.
pub trait DuelRules {
    /// The game's name in results (`duel-<name>`), `seats` its contest's.
    fn name(&self, seats: usize) -> &'static str;
    /// Its contest's type.
    type Contest: Contest
    where
        Self: Sized;
    /// Its contest among `strategies` (a line-up's index is a position in `strategies`);
    /// an error names a strategy that does not read.
    fn contest(&self, strategies: &[Source]) -> Result<Self::Contest>
    where
        Self: Sized;
    /// The rules files it names, for the report's manifest.
    fn rules_files(&self) -> Vec<RulesFile>;
    /// The strategies a duel compares unless told: every one of `presets`.
    fn duel_strategies(&self, presets: &Presets) -> Result<Vec<&'static str>> {
        Ok(presets.list.iter().map(|p| p.0).collect())
    }
    /// Deals of a duel unless told.
    fn duel_deals(&self) -> u64 {
        100_000
    }
    /// The strategy `sim deviations` deviates unless told, and its deals.
    fn deviations_defaults(&self) -> (&'static str, u64) {
        ("heuristic", 10_000)
    }
}

/// The most metrics a game reports per seat.
pub const MAX_METRICS: usize = 5;

/// One seat's values of a game's metrics, in the game's [`Metric`] order.
pub type SeatValues = [i64; MAX_METRICS];

/// A metric of the focal strategy, observed per seat as an integer count of `1 / unit`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Metric {
    /// Column name (`win_rate`, `average_rank`, `first_place`, `points`, `hp`, `chips`).
    pub name: &'static str,
    /// What charts call it.
    pub label: &'static str,
    /// What one game's observation counts in (2: a win counts 2, a tie 1).
    pub unit: i64,
    /// A 0/1 rate (the per-seat rows get a Wilson interval).
    pub rate: bool,
    /// The value of two equal strategies (NaN where none is known), the null of the
    /// "better than" tests and the white of the matrix chart.
    pub neutral: f64,
    /// Whether more is better for the focal strategy (not for a rank).
    pub higher_is_better: bool,
    /// The game's points: what `sim deviations` and `sim tune` optimise unless told
    /// otherwise, a metric that ranks the results (a better result never scores less).
    pub objective: bool,
}

/// A two-player game's metrics: the win rate (a tie a half) and the points (`name`, `label`).
/// The points are the objective when they rank the results (`points_rank`), else the win
/// rate is (a final HP does not: a loss by deck-out with HP left can outscore a narrow
/// win).
pub(crate) fn two_player_metrics(name: &'static str, label: &'static str, points_rank: bool) -> Vec<Metric> {
    vec![
        Metric {
            name: "win_rate",
            label: "win rate (a tie ½)",
            unit: 2,
            rate: true,
            neutral: 0.5,
            higher_is_better: true,
            objective: !points_rank,
        },
        Metric { name, label, unit: 1, rate: false, neutral: f64::NAN, higher_is_better: true, objective: points_rank },
    ]
}

/// A two-player game's values per seat: the result out of 2 (`winner`, `None` a tie) and
/// the seat's `points`.
pub(crate) fn two_player_values(out: &mut [SeatValues; MAX_SEATS], winner: Option<usize>, points: [i64; 2]) {
    for (seat, values) in out.iter_mut().take(2).enumerate() {
        values[0] = winner.map_or(1, |w| 2 * i64::from(w == seat));
        values[1] = points[seat];
    }
}

/// A game the duel plays: a line-up of strategies (by index) at its seats.
pub trait Contest: Sync {
    /// Per-thread scratch (a table, the strategies), which may borrow the contest.
    type Worker<'a>
    where
        Self: 'a;
    /// A new worker.
    fn worker(&self) -> Self::Worker<'_>;
    /// Seats at the table (two unless the game says otherwise).
    fn seats(&self) -> usize {
        2
    }
    /// The metrics [`Contest::play`] writes, in order.
    fn metrics(&self) -> Vec<Metric>;
    /// The one-of settings of the game's configurable strategy, read from its type
    /// ([`engine::one_of`]): `sim deviations` tries each other value of them.
    fn one_of(&self) -> Result<Vec<OneOf>>;
    /// Plays deal `index` from `rng` with strategy `lineup[seat]` in each seat and writes
    /// each seat's metric values into `out[seat]`.
    fn play<'a>(
        &'a self,
        w: &mut Self::Worker<'a>,
        index: u64,
        lineup: &[usize; MAX_SEATS],
        rng: &mut GameRng,
        out: &mut [SeatValues; MAX_SEATS],
    );
}

/// The strategies of a two-player game, boxed, one set per side: a line-up picks one of
/// each per game, so the types are not known outside the loop.
pub(crate) fn sides<G: Game, C: StrategyChoice<G>>(strategies: &[C]) -> [Vec<Box<dyn Strategy<G>>>; 2] {
    std::array::from_fn(|_| strategies.iter().map(|s| s.boxed()).collect())
}

/// The one-of settings of the configuration type `T`, an error naming it.
pub(crate) fn one_of<T: for<'de> serde::Deserialize<'de>>() -> Result<Vec<OneOf>> {
    engine::one_of::one_of::<T>().map_err(|e| anyhow!("the settings of {}: {e}", std::any::type_name::<T>()))
}

/// Parses every strategy source with `parse`, an error naming the strategy as a `kind`.
pub(crate) fn parse_all<T, E: std::fmt::Display>(
    kind: &str,
    strategies: &[Source],
    parse: impl Fn(&str) -> Result<T, E>,
) -> Result<Vec<T>> {
    strategies.iter().map(|s| s.parse(kind, &parse)).collect()
}

/// A sweep arm's documents as the rules files of its duel game, each named after the arm
/// and its role (`<arm> rules`).
pub struct ArmFiles<'a> {
    /// The arm's documents.
    pub docs: &'a Documents,
    /// The arm's name.
    pub arm: &'a str,
}

impl ArmFiles<'_> {
    fn source(&self, role: &str, table: &toml::Table) -> Source {
        Source { name: format!("{} {role}", self.arm), text: toml::to_string(table).expect("a TOML table serializes") }
    }

    /// The main document (the one the sweep's variants change) as the file `role`.
    pub fn main(&self, role: &str) -> Option<Source> {
        Some(self.source(role, &self.docs.main))
    }

    /// The other document `role`; an error when the sweep has none.
    pub fn other(&self, role: &str) -> Result<Source> {
        let found = self.docs.others.iter().find(|d| d.0 == role);
        found.map(|d| self.source(role, &d.1)).ok_or_else(|| anyhow!("the sweep has no {role} document"))
    }
}
