//! Strategy matrices with seat rotation, `sim duel GAME`: every strategy against every
//! other (and itself), each deal played once per seating so that seat and deal luck cancel.
//!
//! A *deal* is one game index i. Every line-up of the deal ([`seating`]: the focal
//! strategy in each seat in turn, the opponent in the others) plays game i from the same
//! stream (seed, i), cloned per line-up, in the same worker (common random numbers, as a
//! sweep's arms do), so the walls, decks and dice coincide wherever the strategies' choices
//! let them. For each ordered pair (focal, opponent) and metric the focal strategy's
//! values are summed over the pair's seatings per deal, and the mean and its interval are
//! taken over deals: a deal-level, paired estimate. The per-seating sums are kept too (the
//! breakdown by the focal strategy's seat, and the unpaired interval the pairing is
//! compared with), and per strategy the sum over all its other opponents (the round-robin
//! average of the ranking). With `--permutations all` (one strategy per seat, every order)
//! a pair of distinct strategies is measured as the focal value minus the opponent's in
//! the same games, and a strategy's own value over every order makes the ranking.
//!
//! Each game plays a line-up through its [`Contest`] (in its folder's `duel.rs`; a
//! two-player game's strategies boxed because the line-up changes from game to game), what
//! it is played under being its variant of [`DuelGame`] ([`DuelRules`]). [`report`] writes
//! the `duel` tables, the matrix charts and the summary. A duel is a [`Study`]: its state
//! merges across shards.

pub mod field;
mod report;
pub mod seating;

use crate::contest::{Contest, DuelRules, MAX_METRICS, MAX_SEATS, Metric, SeatValues, SeatingMode};
use crate::games::{self, DuelGame};
use crate::output::StudyOutput;
use crate::paired::Paired;
use crate::runner::{self, RunPlan, RunReport};
use crate::study::grow::Tracked;
use crate::study::{Coverage, Source, State, Study};
use anyhow::{Result, bail};
use engine::one_of::OneOf;
use field::{Field, FieldAcc};
use seating::{EMPTY, Seatings};
use serde::{Deserialize, Serialize};
use std::ops::Range;

macro_rules! duel_contest {
    ($($game:ident $variant:ident),*) => {
        /// The contest of `game` among `strategies` (a line-up's index is a position in
        /// `strategies`); an error names a strategy that does not read.
        pub fn contest(game: &DuelGame, strategies: &[Source]) -> Result<Box<dyn AnyContest>> {
            Ok(match game {
                $(DuelGame::$variant(rules) => Box::new(rules.contest(strategies)?),)*
            })
        }
    };
}
games::game_list!(duel_contest);

/// Everything that defines a duel (two shards merge only if equal).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct DuelParams {
    /// The game and its rules.
    pub game: DuelGame,
    /// The strategies compared (a preset's text named by the preset, or a file), at least two.
    pub strategies: Vec<Source>,
    /// 1-vs-rest rotations, or every order of one strategy per seat.
    #[serde(default)]
    pub seating: SeatingMode,
}

/// The per-deal sums of a duel.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct DuelAcc {
    /// Deals played.
    pub deals: u64,
    /// `paired[pair][metric]`: per deal, the focal strategy's values summed over the pair's
    /// seatings (pair `focal * strategies + opponent`), against its rivals' (a permutation
    /// duel's distinct pair: the opponent beside it; else none, 0).
    pub paired: Vec<Vec<Paired>>,
    /// `seated[pair][seating][metric]`: the focal strategy's value in each seating against
    /// its rival's.
    pub seated: Vec<Vec<Vec<Paired>>>,
    /// `overall[strategy][metric]`: per deal, the strategy's values summed over every
    /// seating of its pairs with the other strategies (the round-robin average; a
    /// permutation duel: over every order), against its rivals'.
    pub overall: Vec<Vec<Paired>>,
}

impl DuelAcc {
    fn new(strategies: usize, seatings: &Seatings, metrics: usize) -> DuelAcc {
        let m = vec![Paired::default(); metrics];
        DuelAcc {
            deals: 0,
            paired: vec![m.clone(); strategies * strategies],
            seated: seatings.pairs.iter().map(|p| vec![m.clone(); p.len()]).collect(),
            overall: vec![m; strategies],
        }
    }

    /// Adds one deal: `results[lineup][seat]` of the seatings' line-ups.
    fn record(&mut self, seatings: &Seatings, results: &[[SeatValues; MAX_SEATS]]) {
        self.deals += 1;
        let k = self.overall.len();
        for (focal, overall) in self.overall.iter_mut().enumerate() {
            for (m, total) in overall.iter_mut().enumerate() {
                let mut all = (0, 0);
                for opponent in 0..k {
                    let pair = focal * k + opponent;
                    let mut sum = (0, 0);
                    for (s, seating) in seatings.pairs[pair].iter().enumerate() {
                        let game = &results[seating.lineup];
                        let rival = if seating.rival == EMPTY { 0 } else { game[seating.rival][m] };
                        let x = game[seating.seat][m];
                        self.seated[pair][s][m].record(x, rival);
                        sum = (sum.0 + x, sum.1 + rival);
                    }
                    self.paired[pair][m].record(sum.0, sum.1);
                    let counted = match seatings.mode {
                        SeatingMode::Rotation => opponent != focal,
                        SeatingMode::Permutations => opponent == focal,
                    };
                    if counted {
                        all = (all.0 + sum.0, all.1 + sum.1);
                    }
                }
                total.record(all.0, all.1);
            }
        }
    }
}

crate::merge_fields!(DuelAcc { deals, paired, seated, overall });

/// A [`Contest`] of any game, as a study holds it: its shape, and its deals played by the
/// study's loop, monomorphised for the contest's type (one dynamic call per run, none per
/// game). [`contest`] builds one; duels, `sim deviations` and `sim tune` play through it.
pub trait AnyContest: Sync {
    /// Seats and metrics.
    fn shape(&self) -> (usize, Vec<Metric>);
    /// The one-of settings of its strategy ([`Contest::one_of`]).
    fn one_of(&self) -> Result<Vec<OneOf>>;
    /// Plays `plan`'s deals for `study`.
    fn play_deals(&self, study: &DuelStudy, plan: &RunPlan) -> Result<(DuelAcc, RunReport)>;
    /// Plays the deals `range` of `plan` for `field` (this contest is the field's).
    fn play_field(&self, field: &Field, plan: &RunPlan, range: Range<u64>) -> Result<(FieldAcc, RunReport)>;
}

impl<C: Contest> AnyContest for C {
    fn shape(&self) -> (usize, Vec<Metric>) {
        (self.seats(), self.metrics())
    }

    fn one_of(&self) -> Result<Vec<OneOf>> {
        Contest::one_of(self)
    }

    fn play_deals(&self, study: &DuelStudy, plan: &RunPlan) -> Result<(DuelAcc, RunReport)> {
        study.play(self, plan)
    }

    fn play_field(&self, field: &Field, plan: &RunPlan, range: Range<u64>) -> Result<(FieldAcc, RunReport)> {
        field.play_contest(self, plan, range)
    }
}

/// A duel ready to run.
pub struct DuelStudy {
    params: DuelParams,
    /// The strategies' names, as given.
    names: Vec<String>,
    metrics: Vec<Metric>,
    seatings: Seatings,
    contest: Box<dyn AnyContest>,
}

impl DuelStudy {
    /// The strategies' names, in the order given.
    pub fn names(&self) -> &[String] {
        &self.names
    }

    /// The game's name in results (`duel-<name>`).
    pub fn game_name(&self) -> &'static str {
        self.params.game.name(self.seatings.seats)
    }

    fn play<C: Contest>(&self, contest: &C, plan: &RunPlan) -> Result<(DuelAcc, RunReport)> {
        let seatings = &self.seatings;
        runner::run(
            plan,
            || (contest.worker(), vec![[[0; MAX_METRICS]; MAX_SEATS]; seatings.games_per_deal()]),
            || self.empty(),
            |(worker, results), index, rng, acc| {
                for (lineup, out) in seatings.lineups.iter().zip(results.iter_mut()) {
                    contest.play(worker, index, lineup, &mut rng.clone(), out);
                }
                acc.record(seatings, results);
            },
        )
    }
}

impl State for DuelStudy {
    const KIND: &'static str = "duel";
    type Params = DuelParams;
    type Acc = DuelAcc;

    fn params(&self) -> &DuelParams {
        &self.params
    }

    fn from_params(params: DuelParams) -> Result<Self> {
        let names: Vec<String> = params.strategies.iter().map(|s| s.name.clone()).collect();
        if names.len() < 2 {
            bail!("a duel needs at least two strategies, got {}", names.len());
        }
        if let Some((i, n)) = names.iter().enumerate().find(|(i, n)| names[..*i].contains(n)) {
            bail!(
                "strategy `{n}` is named twice (entries {} and {})",
                names[..i].iter().position(|m| m == n).unwrap() + 1,
                i + 1
            );
        }
        let contest = contest(&params.game, &params.strategies)?;
        let (seats, metrics) = contest.shape();
        let seatings = match params.seating {
            SeatingMode::Rotation => Seatings::rotations(names.len(), seats),
            SeatingMode::Permutations if seats == 2 => {
                bail!("a two-player game already plays both seatings: --permutations all is for tables of more seats")
            }
            SeatingMode::Permutations if names.len() != seats => {
                bail!(
                    "--permutations all seats one strategy per seat: this table has {seats} seats, got {} strategies",
                    names.len()
                )
            }
            SeatingMode::Permutations => Seatings::permutations(seats),
        };
        Ok(DuelStudy { params, names, metrics, seatings, contest })
    }

    fn empty(&self) -> DuelAcc {
        DuelAcc::new(self.names.len(), &self.seatings, self.metrics.len())
    }

    /// An index is a deal.
    fn indices(&self, acc: &DuelAcc) -> u64 {
        acc.deals
    }
}

impl Study for DuelStudy {
    const WORDS: crate::study::Words = report::WORDS;

    /// Per metric, every ordered pair's deal-level estimate (`focal vs opponent`).
    fn estimates(&self, acc: &DuelAcc) -> Vec<Tracked> {
        report::estimates(self, acc)
    }

    fn simulate(&self, plan: &RunPlan) -> Result<(DuelAcc, RunReport)> {
        self.contest.play_deals(self, plan)
    }

    fn report(&self, acc: &DuelAcc, coverage: &Coverage, out: &StudyOutput) -> Result<String> {
        report::write(self, acc, coverage, out)
    }

    /// Games a deal plays: one per distinct line-up.
    fn games_per_index(&self) -> u64 {
        self.seatings.games_per_deal() as u64
    }
}
