//! Candidate strategies against a field, on the same deals: what `sim deviations` and
//! `sim tune` measure a strategy by.
//!
//! Deal i is played from the stream (seed, i) by every candidate, in each seat in turn
//! against each opponent of the field (the opponent in every other seat), through the
//! game's duel contest ([`AnyContest`]; common random numbers: the walls, decks and dice coincide
//! wherever the strategies' choices let them). A line-up two candidates share (a candidate
//! that is also an opponent, against itself) is played once per deal. Per deal, a
//! candidate's *value* is its metric summed over its games, paired with candidate 0's (the
//! reference) in the same deal; its *gain* is their difference: the mean gain over deals,
//! with its interval, is a paired estimate. All sums are integers, so results never depend on the
//! threads.

use crate::contest::{Contest, MAX_METRICS, MAX_SEATS, Metric, SeatValues};
use crate::duel::seating::EMPTY;
use crate::duel::{AnyContest, contest};
use crate::games::DuelGame;
use crate::paired::Paired;
use crate::runner::{self, RunPlan, RunReport};
use crate::stats::{Interval, Moments};
use crate::study::Source;
use anyhow::{Result, anyhow, bail};
use serde::{Deserialize, Serialize};
use std::ops::Range;

/// Candidates, a field of opponents, and the line-ups that set them against each other.
#[derive(Clone, Debug)]
pub struct Field {
    game: DuelGame,
    /// The distinct strategies (a line-up's entries index it).
    strategies: Vec<Source>,
    /// Per candidate, its strategy's index.
    candidates: Vec<usize>,
    /// Per opponent, its strategy's index.
    opponents: Vec<usize>,
    /// The distinct line-ups of a deal.
    lineups: Vec<[usize; MAX_SEATS]>,
    /// Per candidate, its games: (line-up, the candidate's seat).
    seatings: Vec<Vec<(usize, usize)>>,
    seats: usize,
    metrics: Vec<Metric>,
}

impl Field {
    /// `candidates` (the first the reference) each against every one of `opponents`, at
    /// the table of `game`; an error names the reference if it does not read (the others
    /// are read when the field plays).
    pub fn new(game: &DuelGame, candidates: &[Source], opponents: &[Source]) -> Result<Field> {
        let shape = contest(game, &candidates[..1.min(candidates.len())])?.shape();
        Field::shaped(game, shape, candidates, opponents)
    }

    /// [`Field::new`] with the game's seats and metrics known (`shape`: what
    /// [`AnyContest::shape`] gives), so that no contest is built until the field plays.
    pub fn shaped(
        game: &DuelGame,
        (seats, metrics): (usize, Vec<Metric>),
        candidates: &[Source],
        opponents: &[Source],
    ) -> Result<Field> {
        if candidates.is_empty() || opponents.is_empty() {
            bail!("a field needs at least one candidate and one opponent");
        }
        let mut strategies: Vec<Source> = Vec::new();
        let mut index = |s: &Source| {
            strategies.iter().position(|t| t.text == s.text).unwrap_or_else(|| {
                strategies.push(s.clone());
                strategies.len() - 1
            })
        };
        let candidates: Vec<usize> = candidates.iter().map(&mut index).collect();
        let opponents: Vec<usize> = opponents.iter().map(&mut index).collect();
        let (lineups, seatings) = lay_out(seats, &candidates, &opponents);
        Ok(Field { game: game.clone(), strategies, candidates, opponents, lineups, seatings, seats, metrics })
    }

    /// The field of candidates `keep` (indices into this field's, the first the new
    /// reference) against the same opponents, among the same strategies: it plays in this
    /// field's [`Field::contest`].
    pub fn select(&self, keep: &[usize]) -> Field {
        let candidates: Vec<usize> = keep.iter().map(|&k| self.candidates[k]).collect();
        let (lineups, seatings) = lay_out(self.seats, &candidates, &self.opponents);
        Field { candidates, lineups, seatings, ..self.clone() }
    }

    /// The contest of the field's game among its strategies (built once, played by
    /// [`Field::play_in`] as often as wanted); an error names a strategy that does not read.
    pub fn contest(&self) -> Result<Box<dyn AnyContest>> {
        contest(&self.game, &self.strategies)
    }

    /// The game's seats and metrics.
    pub fn shape(&self) -> (usize, Vec<Metric>) {
        (self.seats, self.metrics.clone())
    }

    /// The game's metrics, in the order the accumulator keeps them.
    pub fn metrics(&self) -> &[Metric] {
        &self.metrics
    }

    /// The index of the metric `name` (`None`: the game's objective, its points where they
    /// rank the results, else the win rate); an error lists the metrics.
    pub fn metric(&self, name: Option<&str>) -> Result<usize> {
        let found = match name {
            Some(n) => self.metrics.iter().position(|m| m.name == n),
            None => self.metrics.iter().position(|m| m.objective),
        };
        found.ok_or_else(|| {
            let names: Vec<&str> = self.metrics.iter().map(|m| m.name).collect();
            anyhow!("unknown objective `{}` (this game's metrics: {})", name.unwrap_or_default(), names.join(", "))
        })
    }

    /// Games one deal plays (its distinct line-ups).
    pub fn games_per_deal(&self) -> u64 {
        self.lineups.len() as u64
    }

    /// Games each candidate plays per deal (seats × opponents).
    pub fn games_per_candidate(&self) -> usize {
        self.seatings[0].len()
    }

    /// Seats at the table.
    pub fn seats(&self) -> usize {
        self.seats
    }

    /// An empty accumulator.
    pub fn empty(&self) -> FieldAcc {
        FieldAcc { deals: 0, pairs: vec![vec![Paired::default(); self.metrics.len()]; self.candidates.len()] }
    }

    /// Plays the deals `range` of `plan` (seed, threads).
    pub fn play(&self, plan: &RunPlan, range: Range<u64>) -> Result<(FieldAcc, RunReport)> {
        self.play_in(self.contest()?.as_ref(), plan, range)
    }

    /// [`Field::play`] in `contest`, the contest of this field (or of the one it was
    /// selected from).
    pub fn play_in(
        &self,
        contest: &dyn AnyContest,
        plan: &RunPlan,
        range: Range<u64>,
    ) -> Result<(FieldAcc, RunReport)> {
        contest.play_field(self, plan, range)
    }

    /// [`Field::play_in`] monomorphised for the contest's type (what
    /// [`AnyContest::play_field`] calls).
    pub fn play_contest<C: Contest>(
        &self,
        contest: &C,
        plan: &RunPlan,
        range: Range<u64>,
    ) -> Result<(FieldAcc, RunReport)> {
        runner::run_range(
            plan,
            range,
            || (contest.worker(), vec![[[0; MAX_METRICS]; MAX_SEATS]; self.lineups.len()]),
            || self.empty(),
            |(worker, results), index, rng, acc| {
                for (lineup, out) in self.lineups.iter().zip(results.iter_mut()) {
                    contest.play(worker, index, lineup, &mut rng.clone(), out);
                }
                acc.record(&self.seatings, results);
            },
        )
    }

    /// Candidate `c`'s mean gain per game over the reference in metric `m`, with its
    /// paired 95% interval, turned so that more is better (a rank's gain is its fall).
    pub fn gain(&self, acc: &FieldAcc, c: usize, m: usize) -> (f64, Interval) {
        self.per_game(&acc.pairs[c][m], m)
    }

    /// Candidate `c`'s mean value per game in metric `m`, with its 95% interval (as the
    /// metric counts, not turned).
    pub fn value(&self, acc: &FieldAcc, c: usize, m: usize) -> (f64, Interval) {
        let metric = &self.metrics[m];
        let scale = 1.0 / (metric.unit as f64 * self.games_per_candidate() as f64);
        let value = acc.pairs[c][m].arm();
        let ci = value.mean_interval();
        (value.mean() * scale, Interval { low: ci.low * scale, high: ci.high * scale })
    }

    /// The mean gain per game of per-deal pairs `pairs` of metric `m` (a candidate's against
    /// the reference's, or their sum over stages), with its 95% interval, turned so that
    /// more is better.
    pub fn per_game(&self, pairs: &Paired, m: usize) -> (f64, Interval) {
        let moments = pairs.difference();
        let metric = &self.metrics[m];
        let sign = if metric.higher_is_better { 1.0 } else { -1.0 };
        let scale = sign / (metric.unit as f64 * self.games_per_candidate() as f64);
        let ci = moments.mean_interval();
        let (a, b) = (ci.low * scale, ci.high * scale);
        (moments.mean() * scale, Interval { low: a.min(b), high: a.max(b) })
    }
}

/// The distinct line-ups of a deal, and each candidate's games in them: (line-up, seat).
#[allow(clippy::type_complexity)]
fn lay_out(
    seats: usize,
    candidates: &[usize],
    opponents: &[usize],
) -> (Vec<[usize; MAX_SEATS]>, Vec<Vec<(usize, usize)>>) {
    let mut lineups: Vec<[usize; MAX_SEATS]> = Vec::new();
    let seatings = candidates
        .iter()
        .map(|&c| {
            let mut games = Vec::with_capacity(seats * opponents.len());
            for &o in opponents {
                for seat in 0..seats {
                    let mut lineup = [EMPTY; MAX_SEATS];
                    lineup[..seats].fill(o);
                    lineup[seat] = c;
                    let k = lineups.iter().position(|l| *l == lineup).unwrap_or_else(|| {
                        lineups.push(lineup);
                        lineups.len() - 1
                    });
                    games.push((k, seat));
                }
            }
            games
        })
        .collect();
    (lineups, seatings)
}

/// Per candidate and metric, its value paired with the reference's, summed over deals.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(from = "SavedField")]
pub struct FieldAcc {
    /// Deals played.
    pub deals: u64,
    /// `pairs[candidate][metric]`: per deal, the metric summed over the candidate's games
    /// (x) against the same sum of the reference's (candidate 0, y).
    pub pairs: Vec<Vec<Paired>>,
}

/// A saved [`FieldAcc`], of this form or of the files written before, which kept per
/// candidate and metric the moments of its value and of its gain over the reference
/// (candidate 0, whose values are the pairs' y).
#[derive(Deserialize)]
struct SavedField {
    deals: u64,
    #[serde(default)]
    pairs: Vec<Vec<Paired>>,
    #[serde(default)]
    value: Vec<Vec<Moments>>,
    #[serde(default)]
    gain: Vec<Vec<Moments>>,
}

impl From<SavedField> for FieldAcc {
    fn from(s: SavedField) -> FieldAcc {
        let SavedField { deals, mut pairs, value, gain } = s;
        if let Some(reference) = value.first() {
            let pair = |(values, gains): (&Vec<Moments>, &Vec<Moments>)| {
                values.iter().zip(gains).zip(reference).map(|((x, d), y)| Paired::from_moments(x, y, d)).collect()
            };
            pairs = value.iter().zip(&gain).map(pair).collect();
        }
        FieldAcc { deals, pairs }
    }
}

impl FieldAcc {
    /// Adds one deal: `results[lineup][seat]`.
    fn record(&mut self, seatings: &[Vec<(usize, usize)>], results: &[[SeatValues; MAX_SEATS]]) {
        self.deals += 1;
        let value = |c: usize, m: usize| seatings[c].iter().map(|&(l, s)| results[l][s][m]).sum::<i64>();
        for m in 0..self.pairs[0].len() {
            let reference = value(0, m);
            for (c, pairs) in self.pairs.iter_mut().enumerate() {
                pairs[m].record(value(c, m), reference);
            }
        }
    }
}

crate::merge_fields!(FieldAcc { deals, pairs });

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_field_saved_as_values_and_gains_loads_as_pairs() {
        // Three deals of the reference (candidate 0) and candidate 1, one metric.
        let deals = [(5i64, 7i64), (-2, 3), (4, 4)];
        let mut pairs = vec![vec![Paired::default()], vec![Paired::default()]];
        for &(reference, candidate) in &deals {
            pairs[0][0].record(reference, reference);
            pairs[1][0].record(candidate, reference);
        }
        let moments = |f: fn(&Paired) -> Moments| {
            serde_json::to_string(&pairs.iter().map(|p| vec![f(&p[0])]).collect::<Vec<_>>()).unwrap()
        };
        let old = format!(r#"{{"deals":3,"value":{},"gain":{}}}"#, moments(Paired::arm), moments(Paired::difference));
        let loaded: FieldAcc = serde_json::from_str(&old).unwrap();
        let expected = pairs.iter().map(|p| vec![Paired { third: [0; 4], fourth: [0; 5], ..p[0] }]).collect();
        assert_eq!(loaded, FieldAcc { deals: 3, pairs: expected });
        let now = FieldAcc { deals: 3, pairs };
        assert_eq!(serde_json::from_str::<FieldAcc>(&serde_json::to_string(&now).unwrap()).unwrap(), now);
    }
}
