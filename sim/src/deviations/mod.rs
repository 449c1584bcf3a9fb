//! `sim deviations GAME --strategy S`: is the strategy a good judge of the rules, or does a
//! small change of itself beat it? The strategy plays against itself, and every
//! one-parameter deviation of it ([`moves`]) plays against it, on the same deals with seat
//! rotation ([`crate::duel::field`]); a deviation's gain is its objective per game minus the
//! strategy's own in the same deals, with a paired interval, Holm-adjusted over the family
//! ([`report`]). A deviations run is a [`Study`]: its state merges across shards, and
//! `--until` grows it.

pub mod moves;
mod report;

use crate::duel::contest;
use crate::duel::field::{Field, FieldAcc};
use crate::games::DuelGame;
use crate::output::StudyOutput;
use crate::runner::{RunPlan, RunReport};
use crate::study::grow::Tracked;
use crate::study::{Coverage, Source, State, Study};
use anyhow::Result;
use moves::Move;
use serde::{Deserialize, Serialize};

/// The step of a number's deviations unless `--step` says otherwise: a quarter of its size.
pub const STEP: f64 = 0.25;

/// Everything that defines a deviations run (two shards merge only if equal).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct DeviationsParams {
    /// The game and its rules.
    pub game: DuelGame,
    /// The strategy (a preset's text named by the preset, or a file).
    pub strategy: Source,
    /// A number's deviations are this fraction of its size apart.
    pub step: f64,
    /// The metric a gain is measured in (`None`: the game's objective, [`crate::contest::Metric::objective`]).
    pub objective: Option<String>,
}

/// A deviations run ready to play.
pub struct DeviationsStudy {
    params: DeviationsParams,
    /// The deviations the game's reader accepts, in the file's key order.
    moves: Vec<Move>,
    /// Those it refuses (out of the parameter's range), with the reason.
    refused: Vec<(String, String)>,
    /// The string keys that are no one-of setting, left as they are.
    strings: Vec<String>,
    field: Field,
    objective: usize,
}

impl DeviationsStudy {
    /// The game's name in results.
    pub fn game_name(&self) -> &'static str {
        self.params.game.name(self.field.seats())
    }
}

impl State for DeviationsStudy {
    const KIND: &'static str = "deviations";
    type Params = DeviationsParams;
    type Acc = FieldAcc;

    fn params(&self) -> &DeviationsParams {
        &self.params
    }

    fn from_params(params: DeviationsParams) -> Result<Self> {
        let doc = moves::document(&params.strategy)?;
        let one_of = contest(&params.game, std::slice::from_ref(&params.strategy))?.one_of()?;
        let (all, strings) = moves::deviations(&doc, params.step, &one_of);
        let mut candidates = vec![params.strategy.clone()];
        let (mut kept, mut refused) = (Vec::new(), Vec::new());
        for m in all {
            let source = moves::apply(&doc, std::slice::from_ref(&m), m.name())?;
            match contest(&params.game, std::slice::from_ref(&source)) {
                Ok(_) => {
                    candidates.push(source);
                    kept.push(m);
                }
                Err(e) => refused.push((m.name(), format!("{e:#}"))),
            }
        }
        let field = Field::new(&params.game, &candidates, std::slice::from_ref(&params.strategy))?;
        let objective = field.metric(params.objective.as_deref())?;
        Ok(DeviationsStudy { params, moves: kept, refused, strings, field, objective })
    }

    fn empty(&self) -> FieldAcc {
        self.field.empty()
    }

    fn indices(&self, acc: &FieldAcc) -> u64 {
        acc.deals
    }
}

impl Study for DeviationsStudy {
    const DIFFERENCES: bool = true;

    /// Every deviation's gain in the objective.
    fn estimates(&self, acc: &FieldAcc) -> Vec<Tracked> {
        let metric = self.field.metrics()[self.objective].name;
        let tracked = |(k, m): (usize, &Move)| {
            let (gain, ci) = self.field.gain(acc, k + 1, self.objective);
            Tracked { reference: 0.0, ..Tracked::new(metric, &m.name(), gain, ci) }
        };
        self.moves.iter().enumerate().map(tracked).collect()
    }

    fn simulate(&self, plan: &RunPlan) -> Result<(FieldAcc, RunReport)> {
        self.field.play(plan, plan.indices())
    }

    fn report(&self, acc: &FieldAcc, coverage: &Coverage, out: &StudyOutput) -> Result<String> {
        report::write(self, acc, coverage, out)
    }

    fn games_per_index(&self) -> u64 {
        self.field.games_per_deal()
    }
}
