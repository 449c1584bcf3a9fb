//! The Gotō chip study (`sim mahjong chips`): how far chips (祝儀) swing, and how much more
//! under cut-bi (カットビ, GOTO-SPEC §14). Sessions of four people at three seats, as the
//! Gotō table study plays them; each game is played once and settled by the chip ledger
//! under every arm — the base rules (`--rules`), the compared ones (`--compare`), and, when
//! those have cut-bi, the compared ones with the other timing reading (G-B3) — so the arms
//! differ by the chip rules alone, on identical walls, dice and decisions (common random
//! numbers, "with play unchanged": the bots ignore the cut-bi states). Each bot model
//! (`--bots`, repeatable: the first is the study's, the others are [`BotModel`]s in
//! `other_bots`) plays the same sessions from the same streams, so every table has a `bots`
//! column and the cut-bi ratio is reported per model beside the others. Per person per game
//! it reports chips won and lost (mean absolute chips moved, spread, quantiles, kurtosis,
//! the chance of losing 50+ or 100+), per session the result and the worst drawdown, the
//! arms' ratio of mean absolute chips moved and of variance to the base with paired 95%
//! intervals (over games), a sensitivity table of the cut-bi ratio by measure and state
//! timing ([`sensitivity`]), and which chip items make the variance.

mod charts;
mod report;
mod sensitivity;
mod state;

pub use state::{ArmAcc, ChipsAcc, ModelAcc};

use super::table_logs::Recorder;
use super::table_rules::{TableRules, bots_from};
use crate::output::StudyOutput;
use crate::runner::{self, RunPlan, RunReport};
use crate::stats::Interval;
use crate::study::grow::Tracked;
use crate::study::{Coverage, Source, State, Study};
use anyhow::{Result, bail};
use charts::charts;
use engine::GameSeeds;
use engine::mahjong::chips::{ChipLedger, ChipRules, ChipTally, CutBi, Timing, dice_stream};
use engine::mahjong::table::{Bot, PEOPLE, RiichiTable, Rotation, Session, TableSettings};
use report::{summary, write_tables};
use sensitivity::Arm;
use serde::{Deserialize, Serialize};
use state::{MAX_ARMS, mean_abs};

/// Seats at the Gotō table.
pub(super) const SEATS: usize = 3;
/// Chips per person and game with their own bins (beyond: clamped, counted).
pub(super) const GAME_RANGE: (i64, i64) = (-3000, 3000);
/// Chips per person and session with their own bins.
pub(super) const SESSION_RANGE: (i64, i64) = (-6000, 6000);
/// Losses per person and game whose chance is reported.
pub(super) const GAME_LOSSES: [i64; 2] = [50, 100];
/// Session losses whose chance is reported.
pub(super) const SESSION_LOSSES: [i64; 3] = [50, 100, 200];
/// Quantiles reported.
pub(super) const QUANTILES: [f64; 5] = [0.01, 0.05, 0.5, 0.95, 0.99];

/// Everything that defines a chip study.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ChipsParams {
    /// The table and base chip rules (a three-seat table with a `[chips]` section).
    #[serde(flatten)]
    pub table: TableRules,
    /// The compared rules: the same table, other chip rules (e.g. `goto-cutbi`).
    pub compare: TableRules,
    /// The first bot model: the one whose games the yaku table counts.
    #[serde(flatten)]
    pub bots: BotModel,
    /// Further bot models, each playing the same sessions (the third dimension of the
    /// sensitivity table).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub other_bots: Vec<BotModel>,
    /// Who sits out the next game.
    pub rotation: Rotation,
    /// Games per session.
    pub session_games: u32,
}

/// One bot model: the bot each person plays.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BotModel {
    /// Bot per person: a preset name, or the name of the file in `bot_files`.
    pub bots: [String; PEOPLE],
    /// Bot settings files for the persons that have one.
    #[serde(default)]
    pub bot_files: [Option<Source>; PEOPLE],
}

impl BotModel {
    /// The model's name in tables: one name when all four persons share it, else the four.
    pub fn label(&self) -> String {
        let b = &self.bots;
        if b.iter().all(|n| *n == b[0]) { b[0].clone() } else { b.join(",") }
    }
}

impl ChipsParams {
    /// Every bot model, the first one first.
    pub fn models(&self) -> impl Iterator<Item = &BotModel> {
        std::iter::once(&self.bots).chain(&self.other_bots)
    }

    /// How a model's arm is named where one name must say both (tracked estimates, chart
    /// series): the arm alone when the study has one model.
    fn series(&self, model: usize, arm: &str) -> String {
        if self.other_bots.is_empty() {
            arm.to_string()
        } else {
            format!("{arm} · {}", self.models().nth(model).map(BotModel::label).unwrap_or_default())
        }
    }
}

/// A chip study ready to run.
pub struct ChipsStudy {
    params: ChipsParams,
    game: RiichiTable,
    /// Per bot model, the bot of each person.
    models: Vec<[Bot; PEOPLE]>,
    arms: Vec<(Arm, ChipLedger)>,
}

impl ChipsStudy {
    /// The arms' names, base first.
    fn names(&self) -> Vec<String> {
        self.arms.iter().map(|a| a.0.name.clone()).collect()
    }

    /// The arms, base first.
    fn arms(&self) -> Vec<Arm> {
        self.arms.iter().map(|a| a.0.clone()).collect()
    }
}

/// The chip rules of `rules`, or an error naming them.
fn chip_rules(rules: &TableRules, game: &RiichiTable) -> Result<ChipRules> {
    match game.settings().chips {
        Some(c) => Ok(c),
        None => bail!("table rules {}: no [chips] section to settle in chips", rules.name()),
    }
}

/// The settings that decide play: all but the name and the chips.
fn play_rules(s: &TableSettings) -> TableSettings {
    TableSettings { name: String::new(), chips: None, ..s.clone() }
}

impl State for ChipsStudy {
    const KIND: &'static str = "goto-chips";
    type Params = ChipsParams;
    type Acc = ChipsAcc;

    fn params(&self) -> &ChipsParams {
        &self.params
    }

    fn from_params(params: ChipsParams) -> Result<Self> {
        let game = params.table.seated(SEATS, "the chip study plays")?.with_hand_log(true);
        let compare = params.compare.seated(SEATS, "the chip study plays")?;
        if play_rules(game.settings()) != play_rules(compare.settings()) || game.rules() != compare.rules() {
            bail!(
                "--compare {} differs from --rules {} in more than its [chips] section: the chip study \
                 plays each game once and settles it under both, so only chip rules may differ",
                params.compare.name(),
                params.table.name()
            );
        }
        if params.session_games == 0 {
            bail!("a session needs at least one game");
        }
        let sit_out = params.rotation != Rotation::Fixed;
        let (base, other) = (chip_rules(&params.table, &game)?, chip_rules(&params.compare, &compare)?);
        let arm = |name: String, rules: ChipRules| (Arm { name, timing: rules.cutbi.map(|c| c.timing) }, rules);
        let mut arms = vec![arm(params.table.name().to_string(), base), arm(params.compare.name().to_string(), other)];
        if let Some(c) = other.cutbi {
            let timing = match c.timing {
                Timing::StartOfHand => Timing::EndOfHand,
                Timing::EndOfHand => Timing::StartOfHand,
            };
            let swapped = ChipRules { cutbi: Some(CutBi { timing, ..c }), ..other };
            arms.push(arm(format!("{} ({})", params.compare.name(), sensitivity::timing_label(timing)), swapped));
        }
        let arms = arms.into_iter().map(|(a, rules)| (a, ChipLedger::new(rules, &game, sit_out))).collect();
        let models = params.models().map(|m| bots_from(&m.bots, &m.bot_files)).collect::<Result<_>>()?;
        Ok(Self { params, game, models, arms })
    }

    fn empty(&self) -> ChipsAcc {
        ChipsAcc::new(self.models.len(), self.arms.len())
    }

    /// An index is a session (of every model).
    fn indices(&self, acc: &ChipsAcc) -> u64 {
        acc.first().table.sessions
    }
}

impl Study for ChipsStudy {
    /// A session's games, once per bot model.
    fn games_per_index(&self) -> u64 {
        u64::from(self.params.session_games) * self.models.len() as u64
    }

    /// Per bot model and arm, the mean absolute chips per person and game
    /// (`mean_abs_chips`) and the chance of losing 100 or more in a game (`p_lose_100`); per
    /// compared arm, its paired ratios to the same model's base (`ratio_mean_abs`,
    /// `ratio_variance`, and per session `ratio_sd_per_session`, `ratio_mean_abs_session`,
    /// `ratio_p_session_loss_over_100`, `ratio_p_session_loss_over_200`).
    fn estimates(&self, acc: &ChipsAcc) -> Vec<Tracked> {
        let per = persons(&self.params);
        let names = self.names();
        let mut out: Vec<Tracked> = Vec::new();
        for (m, model) in acc.models.iter().enumerate() {
            let series = |name: &str| self.params.series(m, name);
            let arms = || names.iter().zip(&model.arms);
            out.extend(arms().map(|(name, a)| {
                let (mean, low, high) = mean_abs(a, per);
                Tracked::new("mean_abs_chips", &series(name), mean, Interval { low, high })
            }));
            out.extend(arms().map(|(name, a)| Tracked::rate("p_lose_100", &series(name), &a.losses[1])));
            for (metric, moved) in [("ratio_mean_abs", true), ("ratio_variance", false)] {
                out.extend(arms().skip(1).map(|(name, a)| {
                    let (value, interval) = if moved { a.moved.ratio() } else { a.squares.ratio() };
                    Tracked::new(metric, &series(name), value, interval)
                }));
            }
        }
        let sessions = sensitivity::rows(&self.params, &self.arms(), acc).into_iter().filter(|r| r.session);
        out.extend(sessions.map(|r| Tracked::new(&format!("ratio_{}", r.measure), &r.series, r.ratio, r.ci)));
        out
    }

    fn simulate(&self, plan: &RunPlan) -> Result<(ChipsAcc, RunReport)> {
        let seeds = GameSeeds::new(plan.seed);
        let per = u64::from(self.params.session_games);
        let recorder = Recorder::new(&self.game, None);
        let arms = self.arms.len();
        let run = runner::run(
            plan,
            || recorder.tables(),
            || self.empty(),
            |tables, session_index, _, acc| {
                for (model, acc) in self.models.iter().zip(acc.models.iter_mut()) {
                    let mut session = Session::new(self.params.rotation);
                    let mut sessions = [[0i64; PEOPLE]; MAX_ARMS];
                    let mut worst = [[0i64; PEOPLE]; MAX_ARMS];
                    for k in 0..per {
                        let index = session_index * per + k;
                        let seating = session.seating();
                        let mut bots = seating.seats.map(|p| model[usize::from(p)]);
                        let o = recorder.play(tables, index, &mut bots, &mut seeds.rng(index), Vec::new);
                        let log = tables.hand_log();
                        let mut tallies = [ChipTally::default(); MAX_ARMS];
                        for (tally, (_, ledger)) in tallies.iter_mut().zip(&self.arms) {
                            ledger.settle_game(log.hands(), &o.points, &mut dice_stream(&seeds, index), tally);
                        }
                        // Participant (seats, then the sit-out) → person.
                        let person = |q: usize| match q {
                            q if q < SEATS => Some(seating.seats[q]),
                            _ => seating.sitting_out,
                        };
                        acc.record_game(&tallies[..arms], &person);
                        for (a, tally) in tallies[..arms].iter().enumerate() {
                            for (q, total) in tally.totals().into_iter().enumerate() {
                                if let Some(p) = person(q) {
                                    let p = usize::from(p);
                                    sessions[a][p] += i64::from(total);
                                    worst[a][p] = worst[a][p].min(sessions[a][p]);
                                }
                            }
                        }
                        acc.table.record(&o, &seating.seats, seating.sitting_out);
                        session.next(&[o.ranks[0], o.ranks[1], o.ranks[2]]);
                    }
                    acc.record_session(&sessions[..arms], &worst[..arms], persons(&self.params) as usize);
                    acc.table.sessions += 1;
                }
            },
        )?;
        recorder.finish(run)
    }

    fn report(&self, acc: &ChipsAcc, coverage: &Coverage, out: &StudyOutput) -> Result<String> {
        let names = self.names();
        let rules = self.params.table.scoring()?;
        write_tables(&self.params, &rules, &names, acc, out)?;
        let rows = sensitivity::rows(&self.params, &self.arms(), acc);
        sensitivity::table(&rows, out)?;
        charts(&self.params, &rules, &names, acc, out)?;
        Ok(summary(&self.params, &names, acc, coverage) + "\n" + &sensitivity::summary(&self.params, &rows))
    }
}

/// Persons settled per game: four with a sit-out, three without.
pub(super) fn persons(params: &ChipsParams) -> f64 {
    if params.rotation == Rotation::Fixed { SEATS as f64 } else { PEOPLE as f64 }
}
