//! The Gotō chip study (`sim mahjong chips`): how far chips (祝儀) swing, and how much more
//! under cut-bi (カットビ, GOTO-SPEC §14). Sessions of four people at three seats, as the
//! Gotō table study plays them, or at a four-seat table with a `[chips]` section (all four
//! play every game, no sit-out, no cut-bi: the arms compare chip rules, e.g. `ron2-chips`
//! against a file that re-prices its items); each game is played once and settled by the chip ledger
//! under every arm — the base rules (`--rules`), the compared ones (`--compare`), and, when
//! those have cut-bi, the compared ones with the other timing reading (G-B3) — so the arms
//! differ by the chip rules alone, on identical walls, dice and decisions (common random
//! numbers, "with play unchanged": the bots ignore the cut-bi states). Each bot model
//! (`--bots`, repeatable: the first is the study's, the others are [`BotModel`]s in
//! `other_bots`) plays the same sessions from the same streams, so every table has a `bots`
//! column and the cut-bi ratio is reported per model beside the others. A model with
//! `adapted` (`--adapted`, default `goto-stakes`: bots that play for chips and read every
//! seat's cut-bi state) plays each session twice instead, on the same deal streams: at the
//! base table, settled under the base arm, and at the compared table, settled under the
//! compared arms — the ratio "with play adapted", paired over games and sessions (common
//! random numbers, the decisions differing only where the stakes make them). Per person per game
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

use super::goto;
use super::table_logs::Recorder;
use super::table_rules::{TableRules, bots_from};
use crate::games::mahjong::table_rules::{bot_files, table_files};
use crate::output::StudyOutput;
use crate::runner::{self, RunPlan, RunReport};
use crate::stats::Interval;
use crate::study::grow::Tracked;
use crate::study::{Coverage, RulesFile, RulesFiles, Source, State, Study};
use anyhow::{Context, Result, anyhow, bail};
use charts::charts;
use engine::mahjong::chips::{ChipLedger, ChipRules, ChipTally, CutBi, Timing, dice_stream};
use engine::mahjong::table::{Bot, PEOPLE, RiichiTable, Rotation, Session, TableSettings};
use engine::{Game, GameSeeds, Table};
use report::{summary, write_tables};
use sensitivity::Arm;
use serde::{Deserialize, Serialize};
use state::{MAX_ARMS, mean_abs};

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
    /// The table and base chip rules (a table with a `[chips]` section: three seats, or four).
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
    /// Adapted play: each session is played at the base table for the base arm and at the
    /// compared table (its cut-bi states visible to the bots) for the compared arms, rather
    /// than once and settled under every arm.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub adapted: bool,
}

impl BotModel {
    /// The model's name in tables: one name when all four persons share it, else the four.
    pub fn label(&self) -> String {
        let b = &self.bots;
        let names = if b.iter().all(|n| *n == b[0]) { b[0].clone() } else { b.join(",") };
        if self.adapted { format!("{names} (adapted)") } else { names }
    }

    /// How the model plays the compared arms: `adapted` or `unchanged`.
    pub fn play(&self) -> &'static str {
        if self.adapted { "adapted" } else { "unchanged" }
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
    /// The compared table, where adapted models play the compared arms.
    compare: RiichiTable,
    /// Per bot model, the bot of each person and whether it plays adapted.
    models: Vec<([Bot; PEOPLE], bool)>,
    arms: Vec<(Arm, ChipLedger)>,
    /// Every session's start (and the table's seats).
    session: Session,
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

    /// The table's seats and the persons settled per game.
    fn layout(&self) -> Layout {
        let seating = self.session.seating();
        let seats = seating.seated().len();
        Layout { seats, persons: (seats + usize::from(seating.sitting_out.is_some())) as f64 }
    }

    /// The warning for sessions whose length gives the persons unequal sit-outs (three
    /// seats only: at four nobody sits out).
    pub fn uneven_sit_outs(&self) -> Option<String> {
        let p = &self.params;
        let sits_out = self.session.seating().sitting_out.is_some();
        sits_out.then(|| goto::uneven_sit_outs(p.rotation, p.session_games, "--session-games")).flatten()
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

impl RulesFiles for ChipsParams {
    fn rules_files(&self) -> Vec<RulesFile> {
        let mut files = [table_files("table", &self.table), table_files("compared", &self.compare)].concat();
        files.extend(self.models().flat_map(|m| bot_files(&m.bots, &m.bot_files)));
        files
    }
}

impl State for ChipsStudy {
    const KIND: &'static str = "goto-chips";
    type Params = ChipsParams;
    type Acc = ChipsAcc;

    fn params(&self) -> &ChipsParams {
        &self.params
    }

    fn from_params(params: ChipsParams) -> Result<Self> {
        let game = params.table.game()?.with_hand_log(true);
        let base = chip_rules(&params.table, &game)?;
        let seats = game.num_seats();
        let what = format!("--rules {} has", params.table.name());
        let compare = params.compare.seated(seats, &what).with_context(|| {
            "--compare (default goto-cutbi) is the same table with other chips: name a file that `extends` --rules"
        })?;
        let compare = compare.with_hand_log(true);
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
        let session = Session::new(params.rotation, seats).ok_or_else(|| {
            anyhow!(
                "--rotation {:?} sits a person out, but {} is a four-seat table where all four play every game: \
                 use cycle (the first dealer moves round) or fixed",
                params.rotation,
                params.table.name()
            )
        })?;
        let sit_out = session.seating().sitting_out.is_some();
        let other = chip_rules(&params.compare, &compare)?;
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
        let models =
            params.models().map(|m| Ok((bots_from(&m.bots, &m.bot_files)?, m.adapted))).collect::<Result<_>>()?;
        Ok(Self { params, game, compare, models, arms, session })
    }

    fn empty(&self) -> ChipsAcc {
        ChipsAcc::new(self.models.len(), self.arms.len(), self.layout().seats, self.game.rules().set.has_blue())
    }

    /// An index is a session (of every model).
    fn indices(&self, acc: &ChipsAcc) -> u64 {
        acc.first().table.sessions
    }
}

impl Study for ChipsStudy {
    const WORDS: crate::study::Words = super::words::CHIPS;

    /// A session's games, once per bot model (twice for an adapted one).
    fn games_per_index(&self) -> u64 {
        let plays: u64 = self.models.iter().map(|m| 1 + u64::from(m.1)).sum();
        u64::from(self.params.session_games) * plays
    }

    /// Per bot model and arm, the mean absolute chips per person and game
    /// (`mean_abs_chips`) and the chance of losing 100 or more in a game (`p_lose_100`); per
    /// compared arm, its paired ratios to the same model's base (`ratio_mean_abs`,
    /// `ratio_variance`, and per session `ratio_sd_per_session`, `ratio_mean_abs_session`,
    /// `ratio_p_session_loss_over_100`, `ratio_p_session_loss_over_200`).
    fn estimates(&self, acc: &ChipsAcc) -> Vec<Tracked> {
        let per = self.layout().persons;
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
        let sessions = sensitivity::rows(&self.params, &self.arms(), acc, per).into_iter().filter(|r| r.session);
        out.extend(sessions.map(|r| Tracked::new(&format!("ratio_{}", r.measure), &r.series, r.ratio, r.ci)));
        out
    }

    fn simulate(&self, plan: &RunPlan) -> Result<(ChipsAcc, RunReport)> {
        let seeds = GameSeeds::new(plan.seed);
        let per = u64::from(self.params.session_games);
        let recorder = Recorder::new(&self.game, None);
        let (arms, table) = (self.arms.len(), self.layout());
        let seats = table.seats;
        let run = runner::run(
            plan,
            || (recorder.tables(), Table::new(&self.compare)),
            || self.empty(),
            |(tables, compared), session_index, _, acc| {
                for (&(model, adapted), acc) in self.models.iter().zip(acc.models.iter_mut()) {
                    // Play unchanged: one play settled under every arm. Adapted: the base
                    // table's play for the base arm, the compared table's for the others.
                    let plays = if adapted { [0..1, 1..arms] } else { [0..arms, 0..0] };
                    let mut session = [self.session; 2];
                    let mut sessions = [[0i64; PEOPLE]; MAX_ARMS];
                    let mut worst = [[0i64; PEOPLE]; MAX_ARMS];
                    for k in 0..per {
                        let index = session_index * per + k;
                        let mut tallies = [ChipTally::default(); MAX_ARMS];
                        let mut seatings = [session[0].seating(); MAX_ARMS];
                        for (p, settled) in plays.iter().enumerate().filter(|(_, r)| !r.is_empty()) {
                            let seating = session[p].seating();
                            let mut bots = seating.seats.map(|q| model[usize::from(q)]);
                            let (bots, rng) = (&mut bots[..seats], &mut seeds.rng(index));
                            let (o, log) = if p == 0 {
                                let o = recorder.play(tables, index, bots, rng, Vec::new);
                                (o, tables.hand_log())
                            } else {
                                (compared.play(&self.compare, bots, rng), &compared.state().hand_log)
                            };
                            for a in settled.clone() {
                                let (tally, ledger) = (&mut tallies[a], &self.arms[a].1);
                                ledger.settle_game(log.hands(), &o.points, &mut dice_stream(&seeds, index), tally);
                                seatings[a] = seating;
                            }
                            if p == 0 {
                                acc.table.record(&o, seating.seated(), seating.sitting_out);
                            }
                            session[p].next(&o.ranks);
                        }
                        // Participant (seats, then the sit-out) → person, by arm.
                        let person = |a: usize, q: usize| match q {
                            q if q < seats => Some(seatings[a].seats[q]),
                            _ => seatings[a].sitting_out,
                        };
                        acc.record_game(&tallies[..arms], &person);
                        for (a, tally) in tallies[..arms].iter().enumerate() {
                            for (q, total) in tally.totals().into_iter().enumerate() {
                                if let Some(p) = person(a, q) {
                                    let p = usize::from(p);
                                    sessions[a][p] += i64::from(total);
                                    worst[a][p] = worst[a][p].min(sessions[a][p]);
                                }
                            }
                        }
                    }
                    acc.record_session(&sessions[..arms], &worst[..arms], table.persons as usize);
                    acc.table.sessions += 1;
                }
            },
        )?;
        recorder.finish(run)
    }

    fn report(&self, acc: &ChipsAcc, coverage: &Coverage, out: &StudyOutput) -> Result<String> {
        let names = self.names();
        let rules = self.params.table.scoring()?;
        let table = self.layout();
        write_tables(&self.params, &rules, &names, acc, table, out)?;
        let rows = sensitivity::rows(&self.params, &self.arms(), acc, table.persons);
        sensitivity::table(&rows, out)?;
        charts(&self.params, &rules, &names, acc, table, out)?;
        Ok(summary(&self.params, &names, acc, table, coverage) + "\n" + &sensitivity::summary(&self.params, &rows))
    }
}

/// How a study's table seats its persons, for the reports.
#[derive(Clone, Copy, Debug)]
pub(super) struct Layout {
    /// Seats at the table.
    pub(super) seats: usize,
    /// Persons settled per game: the seated and the sit-out, if any (four with a sit-out
    /// or at four seats, three fixed players at three).
    pub(super) persons: f64,
}

impl Layout {
    /// The table's name in chart titles: Gotō at three seats, else the rules' name.
    pub(super) fn label(&self, params: &ChipsParams) -> String {
        if self.seats == 3 { "Gotō".to_string() } else { params.table.name().to_string() }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The study with one bot model played unchanged and the same bots played adapted.
    fn study(bot: &str) -> ChipsStudy {
        let model =
            |adapted| BotModel { bots: [0; PEOPLE].map(|_| bot.to_string()), bot_files: Default::default(), adapted };
        let params = ChipsParams {
            table: TableRules::named("goto").unwrap(),
            compare: TableRules::named("goto-cutbi").unwrap(),
            bots: model(false),
            other_bots: vec![model(true)],
            rotation: Rotation::Cycle,
            session_games: 4,
        };
        ChipsStudy::from_params(params).unwrap()
    }

    fn play(study: &ChipsStudy) -> (String, String) {
        let (acc, _) = study.simulate(&RunPlan::new(6, 3, 1)).unwrap();
        let json = |m: &ModelAcc| serde_json::to_string(&m.arms).unwrap();
        (json(&acc.models[0]), json(&acc.models[1]))
    }

    #[test]
    fn adapted_play_pairs_the_two_tables_on_the_same_deals() {
        // Bots blind to chips and stakes play the same games at both tables: the adapted
        // model's chips are the unchanged model's, arm by arm.
        let (unchanged, adapted) = play(&study("efficiency"));
        assert_eq!(unchanged, adapted);
        // Stake-aware bots see the cut-bi states at the compared table and decide otherwise.
        let (unchanged, adapted) = play(&study("goto-stakes"));
        assert_ne!(unchanged, adapted);
    }
}
