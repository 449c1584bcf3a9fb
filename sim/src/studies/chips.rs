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

mod sensitivity;

use super::goto::{self, GotoAcc};
use super::table_logs::Recorder;
use super::table_rules::{TableRules, bots_from};
use crate::chart::{self, Bar, Distributions, IntervalBars, Series, StackedBars};
use crate::output::StudyOutput;
use crate::runner::{self, RunPlan, RunReport};
use crate::stats::{Histogram, Interval, Moments, PairedRatio, Rate};
use crate::study::grow::Tracked;
use crate::study::{Coverage, Source, State, Study};
use anyhow::{Result, bail};
use engine::GameSeeds;
use engine::mahjong::Rules;
use engine::mahjong::chips::{ChipItem, ChipLedger, ChipRules, ChipTally, CutBi, SIT_OUT, Timing, dice_stream};
use engine::mahjong::table::{Bot, PEOPLE, RiichiTable, Rotation, Session, TableSettings};
use polars::prelude::*;
use sensitivity::Arm;
use serde::{Deserialize, Serialize};
use std::fmt::Write as _;

/// Seats at the Gotō table.
const SEATS: usize = 3;
/// Chips per person and game with their own bins (beyond: clamped, counted).
const GAME_RANGE: (i64, i64) = (-3000, 3000);
/// Chips per person and session with their own bins.
const SESSION_RANGE: (i64, i64) = (-6000, 6000);
/// Losses per person and game whose chance is reported.
const GAME_LOSSES: [i64; 2] = [50, 100];
/// Session losses whose chance is reported.
const SESSION_LOSSES: [i64; 3] = [50, 100, 200];
/// Quantiles reported.
const QUANTILES: [f64; 5] = [0.01, 0.05, 0.5, 0.95, 0.99];

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

/// Most arms: base, compared, compared with the other cut-bi timing.
const MAX_ARMS: usize = 3;

/// One arm's chips.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ArmAcc {
    /// Chips per person and game (the sit-out included).
    pub game: Histogram,
    /// The same, as moments.
    pub moments: Moments,
    /// Person-games losing at least each of [`GAME_LOSSES`].
    pub losses: Vec<Rate>,
    /// Chips per game by person.
    pub persons: Vec<Moments>,
    /// Chips per game by role: seat 0, 1, 2, the sit-out.
    pub roles: Vec<Moments>,
    /// Per item: Σ |chips| over person-games.
    pub item_abs: Vec<u64>,
    /// Per item: Σ item chips × total chips over person-games (its share of the variance).
    pub item_cross: Vec<i128>,
    /// Per game, chips moved Σ|c| (x) against the base arm's (y).
    pub moved: PairedRatio,
    /// Per game, Σc² (x) against the base arm's (y).
    pub squares: PairedRatio,
    /// Chips per person and session.
    pub session: Histogram,
    /// The same, as moments.
    pub session_moments: Moments,
    /// Worst drawdown per person and session (the lowest running total, 0 if never below).
    pub drawdown: Histogram,
    /// Per session, Σ|session chips| over its persons (x) against the base arm's (y).
    pub session_moved: PairedRatio,
    /// Per session, Σ session chips² over its persons (x) against the base arm's (y).
    pub session_squares: PairedRatio,
    /// Per session, the persons losing more than each of [`SESSION_LOSSES`] (x) against
    /// the base arm's (y): the session, zero-sum among its persons, is the unit.
    pub session_loss_counts: Vec<PairedRatio>,
}

impl ArmAcc {
    fn new() -> Self {
        Self {
            game: Histogram::new(GAME_RANGE.0, GAME_RANGE.1),
            moments: Moments::default(),
            losses: vec![Rate::default(); GAME_LOSSES.len()],
            persons: vec![Moments::default(); PEOPLE],
            roles: vec![Moments::default(); PEOPLE],
            item_abs: vec![0; ChipItem::COUNT],
            item_cross: vec![0; ChipItem::COUNT],
            moved: PairedRatio::default(),
            squares: PairedRatio::default(),
            session: Histogram::new(SESSION_RANGE.0, SESSION_RANGE.1),
            session_moments: Moments::default(),
            drawdown: Histogram::new(0, SESSION_RANGE.1),
            session_moved: PairedRatio::default(),
            session_squares: PairedRatio::default(),
            session_loss_counts: vec![PairedRatio::default(); SESSION_LOSSES.len()],
        }
    }

    /// The share of persons per session losing more than `SESSION_LOSSES[k]`, averaged over
    /// sessions, with its 95% interval over sessions.
    pub fn session_loss(&self, k: usize, persons: f64) -> (f64, Interval) {
        let (mean, ci) = self.session_loss_counts[k].x_mean();
        (mean / persons, Interval { low: ci.low / persons, high: ci.high / persons })
    }
}

/// Σ|v| and Σv² of one unit's values (a game's or a session's chips by person).
fn spread(values: impl Iterator<Item = i64>) -> (u64, u64) {
    values.fold((0, 0), |(moved, squares), v| (moved + v.unsigned_abs(), squares + v.unsigned_abs().pow(2)))
}

crate::merge_fields!(ArmAcc {
    game,
    moments,
    losses,
    persons,
    roles,
    item_abs,
    item_cross,
    moved,
    squares,
    session,
    session_moments,
    drawdown,
    session_moved,
    session_squares,
    session_loss_counts
});

/// One bot model's games: per arm, and the Gotō table study's own (yaku, length).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct ModelAcc {
    /// Per arm, base first.
    pub arms: Vec<ArmAcc>,
    /// The games as the Gotō study counts them.
    pub table: GotoAcc,
}

/// The chip study's accumulator: one per bot model, the first model first.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct ChipsAcc {
    /// Per bot model, in [`ChipsParams::models`] order.
    pub models: Vec<ModelAcc>,
}

impl ChipsAcc {
    fn new(models: usize, arms: usize) -> Self {
        Self { models: (0..models).map(|_| ModelAcc::new(arms)).collect() }
    }

    /// The first bot model's games (the ones the yaku table counts).
    pub fn first(&self) -> &ModelAcc {
        &self.models[0]
    }
}

crate::merge_fields!(ChipsAcc { models });

impl ModelAcc {
    fn new(arms: usize) -> Self {
        Self { arms: (0..arms).map(|_| ArmAcc::new()).collect(), table: GotoAcc::new() }
    }

    /// Adds one game's tallies (one per arm); `person` maps a participant to its person.
    fn record_game(&mut self, tallies: &[ChipTally], person: &dyn Fn(usize) -> Option<u8>) {
        let stat = |t: &ChipTally| spread(t.totals().into_iter().map(i64::from));
        let base = stat(&tallies[0]);
        for (arm, t) in self.arms.iter_mut().zip(tallies) {
            let (moved, squares) = stat(t);
            arm.moved.record(moved, base.0);
            arm.squares.record(squares, base.1);
            for (q, (row, total)) in t.net.iter().zip(t.totals()).enumerate() {
                let Some(p) = person(q) else { continue };
                let total = i64::from(total);
                arm.game.record(total);
                arm.moments.record(total);
                for (r, &x) in arm.losses.iter_mut().zip(&GAME_LOSSES) {
                    r.record(total <= -x);
                }
                arm.persons[usize::from(p)].record(total);
                arm.roles[q.min(usize::from(SIT_OUT))].record(total);
                for (i, &c) in row.iter().enumerate() {
                    arm.item_abs[i] += u64::from(c.unsigned_abs());
                    arm.item_cross[i] += i128::from(c) * i128::from(total);
                }
            }
        }
    }

    /// Adds one session's chips by arm and person (`net`) and lowest running totals
    /// (`low`), for its first `persons` persons (the others never played).
    fn record_session(&mut self, net: &[[i64; PEOPLE]], low: &[[i64; PEOPLE]], persons: usize) {
        let stat = |net: &[i64; PEOPLE]| {
            let losing = SESSION_LOSSES.map(|x| net[..persons].iter().filter(|&&n| n < -x).count() as u64);
            (spread(net[..persons].iter().copied()), losing)
        };
        let base = stat(&net[0]);
        for ((arm, net), low) in self.arms.iter_mut().zip(net).zip(low) {
            let ((moved, squares), losing) = stat(net);
            arm.session_moved.record(moved, base.0.0);
            arm.session_squares.record(squares, base.0.1);
            for ((r, x), y) in arm.session_loss_counts.iter_mut().zip(losing).zip(base.1) {
                r.record(x, y);
            }
            for (&n, &l) in net[..persons].iter().zip(&low[..persons]) {
                arm.session.record(n);
                arm.session_moments.record(n);
                arm.drawdown.record(-l);
            }
        }
    }
}

crate::merge_fields!(ModelAcc { arms, table });

/// Person-games of an arm.
fn person_games(a: &ArmAcc) -> u64 {
    a.moments.n
}

/// Mean absolute chips per person and game with its 95% interval (from the per-game sums).
fn mean_abs(a: &ArmAcc, persons: f64) -> (f64, f64, f64) {
    let (mean, ci) = a.moved.x_mean();
    (mean / persons, ci.low / persons, ci.high / persons)
}

/// Persons settled per game: four with a sit-out, three without.
fn persons(params: &ChipsParams) -> f64 {
    if params.rotation == Rotation::Fixed { SEATS as f64 } else { PEOPLE as f64 }
}

/// One arm of one bot model: a row of the chip tables.
struct ArmRow<'a> {
    /// The bot model's label.
    bots: String,
    /// The arm's name.
    arm: &'a String,
    /// Whether it is its model's base arm.
    base: bool,
    /// Its name in chart series ([`ChipsParams::series`]).
    series: String,
    /// Its bot model.
    model: &'a BotModel,
    /// Its model's games as the Gotō study counts them.
    table: &'a GotoAcc,
    acc: &'a ArmAcc,
}

/// Every (bot model, arm), model by model, base arm first.
fn arm_rows<'a>(params: &'a ChipsParams, names: &'a [String], acc: &'a ChipsAcc) -> Vec<ArmRow<'a>> {
    params
        .models()
        .zip(acc.models.iter())
        .enumerate()
        .flat_map(|(k, (model, m))| {
            names.iter().zip(&m.arms).enumerate().map(move |(i, (arm, a))| ArmRow {
                bots: model.label(),
                arm,
                base: i == 0,
                series: params.series(k, arm),
                model,
                table: &m.table,
                acc: a,
            })
        })
        .collect()
}

fn write_tables(
    params: &ChipsParams,
    rules: &Rules,
    names: &[String],
    acc: &ChipsAcc,
    out: &StudyOutput,
) -> Result<()> {
    let per = persons(params);
    let rows = arm_rows(params, names, acc);
    let text = |f: &dyn Fn(&ArmRow) -> String| rows.iter().map(f).collect::<Vec<_>>();
    let col = |f: &dyn Fn(&ArmAcc) -> f64| rows.iter().map(|r| f(r.acc)).collect::<Vec<_>>();
    let quantile =
        |h: &dyn Fn(&ArmAcc) -> &Histogram, q: f64| rows.iter().map(|r| h(r.acc).quantile(q)).collect::<Vec<_>>();
    let mut summary = df!(
        "bots" => text(&|r| r.bots.clone()),
        "arm" => text(&|r| r.arm.clone()),
        "games" => rows.iter().map(|r| r.acc.moved.n).collect::<Vec<_>>(),
        "person_games" => rows.iter().map(|r| person_games(r.acc)).collect::<Vec<_>>(),
        "mean_abs_chips" => col(&|a| mean_abs(a, per).0),
        "mean_abs_ci_low" => col(&|a| mean_abs(a, per).1),
        "mean_abs_ci_high" => col(&|a| mean_abs(a, per).2),
        "sd" => col(&|a| a.moments.std_dev()),
        "variance" => col(&|a| a.moments.variance()),
        "q01" => quantile(&|a| &a.game, QUANTILES[0]),
        "q05" => quantile(&|a| &a.game, QUANTILES[1]),
        "q50" => quantile(&|a| &a.game, QUANTILES[2]),
        "q95" => quantile(&|a| &a.game, QUANTILES[3]),
        "q99" => quantile(&|a| &a.game, QUANTILES[4]),
        "excess_kurtosis" => col(&|a| a.game.kurtosis()),
        "p_lose_50" => col(&|a| a.losses[0].value()),
        "p_lose_50_ci_low" => col(&|a| a.losses[0].interval().low),
        "p_lose_50_ci_high" => col(&|a| a.losses[0].interval().high),
        "p_lose_100" => col(&|a| a.losses[1].value()),
        "p_lose_100_ci_low" => col(&|a| a.losses[1].interval().low),
        "p_lose_100_ci_high" => col(&|a| a.losses[1].interval().high),
        "clamped" => rows.iter().map(|r| r.acc.game.below + r.acc.game.above).collect::<Vec<_>>(),
    )?;
    out.table("chips_summary", &mut summary)?;

    let ratios: Vec<(&ArmRow, &str, &PairedRatio)> = rows
        .iter()
        .filter(|r| !r.base)
        .flat_map(|r| [(r, "mean_abs_chips", &r.acc.moved), (r, "variance", &r.acc.squares)])
        .collect();
    let ratio_col = |f: &dyn Fn(&PairedRatio) -> f64| ratios.iter().map(|r| f(r.2)).collect::<Vec<_>>();
    let mut ratio = df!(
        "bots" => ratios.iter().map(|r| r.0.bots.clone()).collect::<Vec<_>>(),
        "arm" => ratios.iter().map(|r| r.0.arm.clone()).collect::<Vec<_>>(),
        "base" => vec![names[0].clone(); ratios.len()],
        "measure" => ratios.iter().map(|r| r.1).collect::<Vec<_>>(),
        "ratio" => ratio_col(&|p| p.ratio().0),
        "ci_low" => ratio_col(&|p| p.ratio().1.low),
        "ci_high" => ratio_col(&|p| p.ratio().1.high),
    )?;
    out.table("chips_ratio", &mut ratio)?;

    let items: Vec<(&ArmRow, ChipItem)> = rows.iter().flat_map(|r| ChipItem::ALL.map(|item| (r, item))).collect();
    let variance_share =
        |a: &ArmAcc, i: ChipItem| a.item_cross[i as usize] as f64 / a.item_cross.iter().sum::<i128>() as f64;
    let mut item_table = df!(
        "bots" => items.iter().map(|r| r.0.bots.clone()).collect::<Vec<_>>(),
        "arm" => items.iter().map(|r| r.0.arm.clone()).collect::<Vec<_>>(),
        "item" => items.iter().map(|r| r.1.name()).collect::<Vec<_>>(),
        "group" => items.iter().map(|r| r.1.group()).collect::<Vec<_>>(),
        "mean_abs_per_person_game" => items
            .iter()
            .map(|r| r.0.acc.item_abs[r.1 as usize] as f64 / person_games(r.0.acc) as f64)
            .collect::<Vec<_>>(),
        "variance_share" => items.iter().map(|r| variance_share(r.0.acc, r.1)).collect::<Vec<_>>(),
    )?;
    out.table("chips_items", &mut item_table)?;

    let mut sessions = df!(
        "bots" => text(&|r| r.bots.clone()),
        "arm" => text(&|r| r.arm.clone()),
        "session_games" => vec![params.session_games; rows.len()],
        "person_sessions" => rows.iter().map(|r| r.acc.session_moments.n).collect::<Vec<_>>(),
        "mean" => col(&|a| a.session_moments.mean()),
        "sd" => col(&|a| a.session_moments.std_dev()),
        "q01" => quantile(&|a| &a.session, QUANTILES[0]),
        "q05" => quantile(&|a| &a.session, QUANTILES[1]),
        "q50" => quantile(&|a| &a.session, QUANTILES[2]),
        "q95" => quantile(&|a| &a.session, QUANTILES[3]),
        "q99" => quantile(&|a| &a.session, QUANTILES[4]),
        "drawdown_q50" => quantile(&|a| &a.drawdown, 0.5),
        "drawdown_q95" => quantile(&|a| &a.drawdown, 0.95),
        "drawdown_q99" => quantile(&|a| &a.drawdown, 0.99),
        "p_lose_over_50" => col(&|a| a.session_loss(0, per).0),
        "p_lose_over_50_ci_low" => col(&|a| a.session_loss(0, per).1.low),
        "p_lose_over_50_ci_high" => col(&|a| a.session_loss(0, per).1.high),
        "p_lose_over_100" => col(&|a| a.session_loss(1, per).0),
        "p_lose_over_100_ci_low" => col(&|a| a.session_loss(1, per).1.low),
        "p_lose_over_100_ci_high" => col(&|a| a.session_loss(1, per).1.high),
        "p_lose_over_200" => col(&|a| a.session_loss(2, per).0),
        "p_lose_over_200_ci_low" => col(&|a| a.session_loss(2, per).1.low),
        "p_lose_over_200_ci_high" => col(&|a| a.session_loss(2, per).1.high),
    )?;
    out.table("chips_sessions", &mut sessions)?;

    for (table, session) in [("chips_distribution", false), ("chips_session_distribution", true)] {
        let bins: Vec<(&ArmRow, i64, u64)> = rows
            .iter()
            .flat_map(|r| {
                let h = if session { &r.acc.session } else { &r.acc.game };
                h.bins().filter(|b| b.1 > 0).map(move |(v, c)| (r, v, c))
            })
            .collect();
        let mut df = df!(
            "bots" => bins.iter().map(|b| b.0.bots.clone()).collect::<Vec<_>>(),
            "arm" => bins.iter().map(|b| b.0.arm.clone()).collect::<Vec<_>>(),
            "chips" => bins.iter().map(|b| b.1).collect::<Vec<_>>(),
            "count" => bins.iter().map(|b| b.2).collect::<Vec<_>>(),
        )?;
        out.table(table, &mut df)?;
    }

    let who: Vec<(&ArmRow, String, String, &Moments, Option<u64>)> = rows
        .iter()
        .flat_map(|r| {
            let sat_out = &r.table.sat_out;
            let persons = (0..PEOPLE)
                .map(move |p| (r, format!("person {p}"), r.model.bots[p].clone(), &r.acc.persons[p], Some(sat_out[p])));
            persons.chain((0..PEOPLE).map(move |q| (r, role(q), "mixed".to_string(), &r.acc.roles[q], None)))
        })
        .collect();
    let who_col = |f: &dyn Fn(&Moments) -> f64| who.iter().map(|w| f(w.3)).collect::<Vec<_>>();
    let mut persons = df!(
        "bots" => who.iter().map(|w| w.0.bots.clone()).collect::<Vec<_>>(),
        "arm" => who.iter().map(|w| w.0.arm.clone()).collect::<Vec<_>>(),
        "who" => who.iter().map(|w| w.1.clone()).collect::<Vec<_>>(),
        "bot" => who.iter().map(|w| w.2.clone()).collect::<Vec<_>>(),
        "games" => who.iter().map(|w| w.3.n).collect::<Vec<_>>(),
        "mean_chips" => who_col(&Moments::mean),
        "ci_half" => who_col(&|m| m.mean_interval().half_width()),
        "sd" => who_col(&Moments::std_dev),
        "sat_out" => who.iter().map(|w| w.4).collect::<Vec<_>>(),
    )?;
    out.table("chips_persons", &mut persons)?;
    goto::yaku_table(&acc.first().table, rules, out)
}

/// A role's label: a seat (seat 0 deals first) or the sit-out.
fn role(r: usize) -> String {
    if r == usize::from(SIT_OUT) { "sit-out".to_string() } else { format!("seat {r}") }
}

fn charts(params: &ChipsParams, rules: &Rules, names: &[String], acc: &ChipsAcc, out: &StudyOutput) -> Result<()> {
    let rows = arm_rows(params, names, acc);
    let series = |hist: &dyn Fn(&ArmAcc) -> &Histogram, width: i64| -> Vec<Series> {
        rows.iter()
            .map(|r| {
                let h = hist(r.acc);
                let total = h.total().max(1) as f64;
                let (lo, hi) = (h.quantile(0.0005), h.quantile(0.9995));
                let points = h
                    .rebinned(width)
                    .into_iter()
                    .filter(|b| b.1 > 0 && b.0 >= lo - width && b.0 <= hi)
                    .map(|(v, c)| (v, c as f64 / total / width as f64))
                    .collect();
                Series { name: r.series.clone(), points }
            })
            .collect()
    };
    chart::save(
        &out.chart("chip_distribution"),
        &Distributions {
            title: "Gotō: chips per person and game (density, log scale)",
            x_label: "chips won (+) or lost (−) in one game, bins of 5",
            series: &series(&|a| &a.game, 5),
            log: true,
        },
    )?;
    chart::save(
        &out.chart("session_distribution"),
        &Distributions {
            title: "Gotō: chips per person and session (density)",
            x_label: "chips won (+) or lost (−) over one session, bins of 20",
            series: &series(&|a| &a.session, 20),
            log: false,
        },
    )?;
    let mut bars = Vec::new();
    for row in rows.iter().filter(|r| !r.base) {
        for (measure, p) in [("mean |chips|", &row.acc.moved), ("variance", &row.acc.squares)] {
            let (r, ci) = p.ratio();
            bars.push(Bar { label: format!("{measure}: {}", row.series), value: r, low: ci.low, high: ci.high });
        }
    }
    chart::save(
        &out.chart("cutbi_ratio"),
        &IntervalBars {
            title: &format!("Ratio to {} on the same games (95% paired interval)", names[0]),
            x_label: "ratio (1 = no change; the seed claims 1.5–2 for cut-bi)",
            bars: &bars,
            reference: Some(1.0),
            log: false,
        },
    )?;
    let groups = item_groups();
    let stacks: Vec<(String, Vec<f64>)> = rows
        .iter()
        .map(|r| {
            let a = r.acc;
            let n = person_games(a) as f64;
            let shares = groups
                .iter()
                .map(|g| {
                    ChipItem::ALL
                        .iter()
                        .filter(|i| i.group() == *g)
                        .map(|&i| a.item_cross[i as usize] as f64)
                        .sum::<f64>()
                        / n
                })
                .collect();
            (r.series.clone(), shares)
        })
        .collect();
    chart::save(
        &out.chart("variance_by_item"),
        &StackedBars {
            title: "Gotō: variance of chips per person-game, by chip item group",
            x_label: "contribution to the variance (chips², Σ = variance)",
            parts: &groups,
            stacks: &stacks,
        },
    )?;
    goto::yaku_chart(&acc.first().table, rules, out)
}

/// The item groups in table order.
fn item_groups() -> Vec<&'static str> {
    let mut groups: Vec<&'static str> = Vec::new();
    for item in ChipItem::ALL {
        if !groups.contains(&item.group()) {
            groups.push(item.group());
        }
    }
    groups
}

fn summary(params: &ChipsParams, names: &[String], acc: &ChipsAcc, coverage: &Coverage) -> String {
    let per = persons(params);
    let first = &acc.first().table;
    let mut s = format!(
        "Gotō chips: {} sessions of {} games ({} games) per bot model, bots {}, rotation {:?}; seed {}: {} of the \
         run's {} sessions; each game played once per bot model and settled under every arm (with play unchanged)\n",
        first.sessions,
        params.session_games,
        first.games,
        params.models().map(BotModel::label).collect::<Vec<_>>().join(" and "),
        params.rotation,
        coverage.seed,
        coverage.games_played(),
        coverage.games,
    );
    let rows = arm_rows(params, names, acc);
    for r in &rows {
        let a = r.acc;
        let (m, lo, hi) = mean_abs(a, per);
        let _ = writeln!(
            s,
            "  {} ({} bots): mean |chips| per person-game {m:.2} [{lo:.2}, {hi:.2}], sd {:.1}, 1%–99% {}..{}, \
             P(lose ≥100 in a game) {:.4}, P(session loss > 100) {:.4}",
            r.arm,
            r.bots,
            a.moments.std_dev(),
            a.game.quantile(0.01),
            a.game.quantile(0.99),
            a.losses[1].value(),
            a.session_loss(1, per).0,
        );
    }
    for r in rows.iter().filter(|r| !r.base) {
        let (m, ci) = r.acc.moved.ratio();
        let (v, vci) = r.acc.squares.ratio();
        let _ = writeln!(
            s,
            "  {} / {} ({} bots): mean |chips| ×{m:.3} [{:.3}, {:.3}], variance ×{v:.3} [{:.3}, {:.3}] (paired, over \
             games)",
            r.arm, names[0], r.bots, ci.low, ci.high, vci.low, vci.high
        );
    }
    for (model, m) in params.models().zip(acc.models.iter()) {
        let _ = writeln!(
            s,
            "  games sat out by person 0–3 ({} bots): {}",
            model.label(),
            m.table.sat_out.iter().map(u64::to_string).collect::<Vec<_>>().join(", ")
        );
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn issue_29_session_loss_rates_take_the_session_as_the_unit() {
        // Every session has exactly one person of four down more than 100 (a zero-sum
        // session): the share is 1/4 in each, so its interval over sessions has no width,
        // where Wilson over the 400 person-sessions as independent trials gives ±0.04.
        let mut acc = ModelAcc::new(1);
        for k in 0..100 {
            let net = [[-150, 50, 50 + k, 50 - k]];
            acc.record_session(&net, &net.map(|n| n.map(|v| v.min(0))), PEOPLE);
        }
        let (share, ci) = acc.arms[0].session_loss(1, PEOPLE as f64);
        assert_eq!((share, ci.low, ci.high), (0.25, 0.25, 0.25));
        // Three fixed players: the fourth person never plays and is not counted.
        let mut fixed = ModelAcc::new(1);
        fixed.record_session(&[[-150, 100, 50, 0]], &[[-150, 0, 0, 0]], SEATS);
        assert_eq!((fixed.arms[0].session_moments.n, fixed.arms[0].session_loss(1, SEATS as f64).0), (3, 1.0 / 3.0));
    }

    #[test]
    fn item_groups_cover_every_item_once() {
        let groups = item_groups();
        assert_eq!(groups.len(), 9);
        assert!(ChipItem::ALL.iter().all(|i| groups.contains(&i.group())));
    }
}
