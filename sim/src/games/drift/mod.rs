//! The drift-battle study: battle styles, a line-up's drivers or its teams against each
//! other, in the kind of battle where each can act (追走 chase, 単走 solo run, 団体戦 team).
//!
//! A study is a list of *subjects* (a driver or a team, named, in one kind of battle) and
//! of *bouts* (subject A against subject B); game `i` plays bout `i mod B`, and every
//! other pass over the bouts lets B lead first, so neither side gains from the order.
//! Modes ([`Mode`]):
//! - `styles` (default): each of the 22 styles measured in every kind of battle where it
//!   can act ([`engine::drift::Mode::acting_styles`]) against the style-less base driver
//!   (a team: two copies of it) in the same kind; it is marked inert elsewhere.
//! - `chase`: the base driver with no style and with each style that acts in a chase, every
//!   one against every other (a matrix).
//! - `solo`: the base driver with no style and with each style that acts in a solo run.
//!   A solo run has no opponent: each run is compared with the style-less driver's run on
//!   the same random stream (common random numbers), more points winning.
//! - `team`: the line-up's teams against each other (the built-in `teams` line-up unless
//!   one is given).
//! - `lineup`: the line-up's drivers against each other in chases.
//! - `play`: each style's win-rate gain under plain, random and heuristic play, paired on
//!   common random numbers ([`arms`]).
//! - `cars`: each style's win-rate gain over a grid of car stats and ranks ([`arms`]).

mod acc;
pub mod arms;
mod arms_report;
mod charts;
pub(crate) mod cli;
pub(crate) mod duel;
mod kit;
mod report;
pub(crate) mod sweep;
mod words;

pub use duel::DriftDuel;
pub use kit::Kit;

pub use acc::{BoutAcc, DriftAcc, SubjectAcc};
use arms::{Arms, ArmsAcc, halves};

use crate::report::rules::{file_or, strategies};
use crate::runner::{self, RunPlan, RunReport};
use crate::study::grow::Tracked;
use crate::study::{Coverage, RulesFile, RulesFiles, Source, State, Study};
use anyhow::{Context, Result, bail};
use engine::drift::strategy::{Heuristic, Plain, Random, StrategyConfig};
use engine::drift::{DriftGame, DriftOutcome, DriftRules, Driver, Lineup, Mode as Kind, Style, StyleSet, Team};
use engine::{GameRng, Strategy, Table, WithPair};
use serde::{Deserialize, Serialize};

/// Who plays whom (see the module docs).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, clap::ValueEnum)]
pub enum Mode {
    /// Each style against the style-less driver in every kind of battle where it acts.
    Styles,
    /// The base driver with each chase style, every one against every other, in chases.
    Chase,
    /// The base driver with each solo style, each run against the style-less run.
    Solo,
    /// The line-up's teams against each other in team battles.
    Team,
    /// The line-up's drivers, each with its own styles, against each other in chases.
    Lineup,
    /// Each style's gain under plain, random and heuristic play, on the same games.
    Play,
    /// Each style's gain over a grid of car stats (speed, horsepower) and ranks.
    Cars,
}

impl Mode {
    /// Whether the bouts are every subject against every other.
    fn is_matrix(self) -> bool {
        matches!(self, Mode::Chase | Mode::Team | Mode::Lineup)
    }

    /// Whether the study is paired arms ([`arms`]) rather than subjects and bouts.
    pub fn is_arms(self) -> bool {
        matches!(self, Mode::Play | Mode::Cars)
    }
}

/// Everything that defines a drift study.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct DriftParams {
    /// Who plays whom.
    pub mode: Mode,
    /// The line-up file (`None`: the built-in example line-up; `teams` in team mode).
    pub lineup: Option<Source>,
    /// The rules preset file (`None`: the seed's defaults).
    pub rules: Option<Source>,
    /// The base driver of `styles`, `chase` and `solo` modes (`None`: the line-up's first).
    pub driver: Option<String>,
    /// Strategy names of side A and side B (a solo run is played by side A's).
    pub strategies: [Source; 2],
}

/// One side of a bout: a named driver or team in one kind of battle.
#[derive(Clone, Debug)]
pub struct Subject {
    /// Its name in tables and charts.
    pub name: String,
    /// The style measured (`None`: a baseline, a line-up driver or team).
    pub style: Option<Style>,
    /// The kind of battle it plays.
    pub kind: Kind,
    /// The driver (a team of one) or the team.
    pub team: Team,
}

/// A bout: the subject indices of side A and side B.
type Bout = (usize, usize);

/// A drift study ready to run.
pub struct DriftStudy {
    params: DriftParams,
    rules: DriftRules,
    subjects: Vec<Subject>,
    bouts: Vec<Bout>,
    strategies: [StrategyConfig; 2],
    /// The paired arms of `play` and `cars` modes (empty otherwise).
    arms: Arms,
}

/// The entrants of the sweep's and `chase` mode's matrix: `base` with no style (`none`),
/// then with each battle style alone that acts in a chase (named by its id).
pub fn style_entrants(base: Driver) -> Vec<(String, Driver)> {
    let plain = Driver { styles: StyleSet::EMPTY, ..base };
    let acting = Style::ALL.into_iter().filter(|&s| acts(s, &base, Kind::Chase));
    std::iter::once(("none".to_string(), plain))
        .chain(acting.map(|s| (s.id().to_string(), Driver { styles: StyleSet::of(&[s]), ..base })))
        .collect()
}

/// The kinds of battle a style is measured in, in this order.
pub const KINDS: [Kind; 3] = [Kind::Chase, Kind::Solo, Kind::Team];

/// The lower-case name of a kind of battle.
pub fn kind_name(kind: Kind) -> &'static str {
    match kind {
        Kind::Chase => "chase",
        Kind::Solo => "solo",
        Kind::Team => "team",
    }
}

/// Whether `style` can take effect for `driver` in `kind` (RoadDancer and SpeedMaster need
/// a drift home).
pub fn acts(style: Style, driver: &Driver, kind: Kind) -> bool {
    let home = driver.home_is_drift || !matches!(style, Style::RoadDancer | Style::SpeedMaster);
    home && kind.acting_styles().contains(style)
}

/// A subject of `kind` for `base` holding `style` (a team: two copies of the driver).
fn styled(base: Driver, style: Option<Style>, kind: Kind) -> Subject {
    let d = Driver { styles: style.map_or(StyleSet::EMPTY, |s| StyleSet::of(&[s])), ..base };
    let team = match kind {
        Kind::Team => Team::new(&[d, d]).unwrap_or(Team::solo(d)),
        _ => Team::solo(d),
    };
    Subject { name: style.map_or("none", Style::id).to_string(), style, kind, team }
}

impl DriftStudy {
    /// The subjects and bouts of `mode`.
    fn schedule(mode: Mode, lineup: &Lineup, base: Driver) -> Result<(Vec<Subject>, Vec<Bout>)> {
        let acting = |kind: Kind| Style::ALL.into_iter().filter(move |&s| acts(s, &base, kind));
        let in_kind = |kind: Kind| -> Vec<Subject> {
            std::iter::once(styled(base, None, kind)).chain(acting(kind).map(|s| styled(base, Some(s), kind))).collect()
        };
        let subjects: Vec<Subject> = match mode {
            Mode::Styles => {
                let mut all = Vec::new();
                for kind in KINDS {
                    all.extend(in_kind(kind).into_iter().map(|mut s| {
                        s.name = format!("{} ({})", s.name, kind_name(kind));
                        s
                    }));
                }
                all
            }
            Mode::Play | Mode::Cars => Vec::new(),
            Mode::Chase => in_kind(Kind::Chase),
            Mode::Solo => in_kind(Kind::Solo),
            Mode::Lineup => {
                if lineup.drivers.len() < 2 {
                    bail!("lineup mode needs at least two drivers");
                }
                let driver = |(n, d): &(String, Driver)| Subject {
                    name: n.clone(),
                    style: None,
                    kind: Kind::Chase,
                    team: Team::solo(*d),
                };
                lineup.drivers.iter().map(driver).collect()
            }
            Mode::Team => {
                if lineup.teams.len() < 2 {
                    bail!("team mode needs a line-up with at least two [[team]]s");
                }
                let team =
                    |(n, t): &(String, Team)| Subject { name: n.clone(), style: None, kind: Kind::Team, team: *t };
                lineup.teams.iter().map(team).collect()
            }
        };
        let n = subjects.len();
        let bouts = if mode.is_matrix() {
            (0..n * n).map(|c| (c / n, c % n)).collect()
        } else {
            // Each subject against the baseline of its kind.
            let baseline = |kind| subjects.iter().position(|s| s.kind == kind && s.style.is_none()).unwrap_or(0);
            subjects.iter().enumerate().map(|(i, s)| (i, baseline(s.kind))).collect()
        };
        Ok((subjects, bouts))
    }

    /// The rules in force.
    pub fn rules(&self) -> &DriftRules {
        &self.rules
    }
}

/// The built-in line-up a study of `mode` plays when no file is named: `teams` in `team`
/// mode, else `example`.
pub fn default_lineup(mode: Mode) -> &'static str {
    if mode == Mode::Team { "teams" } else { "example" }
}

/// The line-up and rules the files name: where `None`, the built-in example (`teams` in
/// `team` mode) and the seed's rules.
pub fn setting(lineup: &Option<Source>, rules: &Option<Source>, mode: Mode) -> Result<(Lineup, DriftRules)> {
    let lineup = match lineup {
        Some(src) => src.parse("drift line-up", Lineup::from_toml)?,
        None => Lineup::preset(default_lineup(mode))?,
    };
    let rules = match rules {
        Some(src) => src.parse("drift rules", DriftRules::from_toml)?,
        None => DriftRules::default(),
    };
    Ok((lineup, rules))
}

/// The line-up and rules files as the report's manifest names them: each file given, else
/// the built-in preset `mode` falls back on.
pub(crate) fn rules_files(lineup: &Option<Source>, rules: &Option<Source>, mode: Mode) -> Vec<RulesFile> {
    let mut files = file_or("line-up", lineup, &Lineup::PRESETS, default_lineup(mode));
    files.extend(file_or("rules", rules, &DriftRules::PRESETS, "default"));
    files
}

impl RulesFiles for DriftParams {
    fn rules_files(&self) -> Vec<RulesFile> {
        let mut files = rules_files(&self.lineup, &self.rules, self.mode);
        files.extend(strategies(&self.strategies));
        files
    }
}

impl State for DriftStudy {
    const KIND: &'static str = "drift";
    type Params = DriftParams;
    type Acc = DriftAcc;

    fn params(&self) -> &DriftParams {
        &self.params
    }

    fn from_params(params: DriftParams) -> Result<Self> {
        let (lineup, rules) = setting(&params.lineup, &params.rules, params.mode)?;
        let base = match &params.driver {
            Some(name) => lineup.driver(name).with_context(|| {
                let names: Vec<&str> = lineup.drivers.iter().map(|(n, _)| n.as_str()).collect();
                format!("no driver `{name}` in the line-up (it has: {})", names.join(", "))
            })?,
            None => lineup.drivers[0].1,
        };
        if params.driver.is_some() && matches!(params.mode, Mode::Lineup | Mode::Team) {
            bail!(
                "--driver names the base driver of the styles, chase, solo, play and cars modes; {} mode plays \
                 every driver of the line-up: leave --driver out",
                if params.mode == Mode::Lineup { "lineup" } else { "team" }
            );
        }
        let (subjects, bouts) = Self::schedule(params.mode, &lineup, base)?;
        let parse = |src: &Source| src.parse("drift strategy", StrategyConfig::from_toml);
        let strategies = [parse(&params.strategies[0])?, parse(&params.strategies[1])?];
        let arms = match params.mode {
            Mode::Play => Arms::play(&Self::schedule(Mode::Styles, &lineup, base)?.0),
            Mode::Cars => Arms::cars(base),
            _ => Arms::default(),
        };
        Ok(Self { params, rules, subjects, bouts, strategies, arms })
    }

    fn empty(&self) -> DriftAcc {
        let mut acc = DriftAcc::new(self.subjects.len(), self.bouts.len(), self.rules.max_rounds_per_chase);
        acc.arms = ArmsAcc::new(&self.arms, self.params.mode == Mode::Play);
        acc
    }

    /// An index is one battle of a bout; in `cars` mode one arm's pair of battles; in
    /// `play` mode a row's arm under each play, counted once in its first column.
    fn indices(&self, acc: &DriftAcc) -> u64 {
        let ncols = self.arms.cols.len().max(1);
        match self.params.mode {
            Mode::Play => acc.arms.gain.iter().step_by(ncols).map(|m| m.n).sum(),
            Mode::Cars => acc.arms.gain.iter().map(|m| m.n).sum(),
            _ => acc.bouts.iter().map(|b| b.result.trials).sum(),
        }
    }
}

impl Study for DriftStudy {
    const WORDS: crate::study::Words = words::WORDS;

    /// Per subject (`name (kind)`), the headline win rate (against its kind's baseline, or
    /// the rest: `win_rate`) and points per battle (`points`); the chaser's scoring rate per
    /// exchange (`chaser_exchange_rate`) and exchanges per battle (`exchanges`). In `play`
    /// and `cars` modes: each arm's win-rate gain in half wins (`gain`, `style (kind) / column`).
    fn estimates(&self, acc: &DriftAcc) -> Vec<Tracked> {
        if self.params.mode.is_arms() {
            let a = &self.arms;
            let name = |i: usize| format!("{} / {}", a.rows[i / a.cols.len()], a.cols[i % a.cols.len()]);
            return acc.arms.gain.iter().enumerate().map(|(i, m)| Tracked::mean("gain", &name(i), &m.difference())).collect();
        }
        let report = report::DriftReport { study: self, acc };
        let names = || self.subjects.iter().map(|s| format!("{} ({})", s.name, kind_name(s.kind))).enumerate();
        let heads = report.headlines();
        let mut out: Vec<Tracked> = names().map(|(e, name)| Tracked::rate("win_rate", &name, &heads[e])).collect();
        out.extend(names().map(|(e, name)| Tracked::mean("points", &name, &acc.subjects[e].points)));
        out.push(Tracked::rate("chaser_exchange_rate", "", &acc.exchanges));
        out.push(Tracked::mean("exchanges", "", &acc.length));
        out
    }

    fn simulate(&self, plan: &RunPlan) -> Result<(DriftAcc, RunReport)> {
        if self.params.mode == Mode::Play {
            return self.simulate_play(plan);
        }
        engine::with_pair(self.strategies[0], self.strategies[1], Simulate { study: self, plan })
    }

    fn report(&self, acc: &DriftAcc, coverage: &Coverage, out: &crate::output::StudyOutput) -> Result<String> {
        if self.params.mode.is_arms() {
            return arms_report::ArmsReport { study: self, acc: &acc.arms }.write(coverage, out);
        }
        report::DriftReport { study: self, acc }.write(coverage, out)
    }
}

/// The run of a drift study with side A's and side B's concrete strategy types.
struct Simulate<'a> {
    study: &'a DriftStudy,
    plan: &'a RunPlan,
}

impl WithPair<DriftGame> for Simulate<'_> {
    type Output = Result<(DriftAcc, RunReport)>;

    fn with<A, B>(self, a: A, b: B) -> Self::Output
    where
        A: Strategy<DriftGame> + Clone + Sync + 'static,
        B: Strategy<DriftGame> + Clone + Sync + 'static,
    {
        let study = self.study;
        let rules = study.rules;
        runner::run(
            self.plan,
            || (new_table(rules), a.clone(), b.clone()),
            || study.empty(),
            |(table, a, b), index, rng, acc| {
                if study.params.mode == Mode::Cars {
                    let (arm, swap) = study.arm_of(index);
                    let ncols = study.arms.cols.len();
                    let g = arm_results(table, rules, &study.arms.arms[arm], (a, b), swap, rng);
                    acc.arms.record(ncols, arm / ncols, &[arm % ncols], &[g]);
                    return;
                }
                let nb = study.bouts.len() as u64;
                let bout = (index % nb) as usize;
                let swap = (index / nb) % 2 == 1;
                let (sa, sb) = study.bouts[bout];
                let teams = (study.subjects[sa].team, study.subjects[sb].team);
                let (outcome, first) = battle(table, rules, study.subjects[sa].kind, teams, (a, b), swap, rng);
                acc.record(bout, (sa, sb), &outcome, first, study.params.mode.is_matrix() || sa == sb);
            },
        )
    }
}

impl DriftStudy {
    /// `play` mode: a row's arm under each play, all from game `index`'s stream.
    fn simulate_play(&self, plan: &RunPlan) -> Result<(DriftAcc, RunReport)> {
        let heuristic = match self.strategies[0] {
            StrategyConfig::Heuristic(config) => Heuristic { config },
            _ => Heuristic::shipped(),
        };
        let rules = self.rules;
        let ncols = self.arms.cols.len();
        runner::run(
            plan,
            || (new_table(rules), heuristic),
            || self.empty(),
            |(table, other), index, rng, acc| {
                let (row, swap) = self.arm_of(index);
                let x = self.arms.at(row, 0);
                let results = [
                    arm_results(table, rules, x, (&mut Plain, &mut Plain), swap, rng),
                    arm_results(table, rules, x, (&mut Random, &mut Random), swap, rng),
                    arm_results(table, rules, x, (&mut heuristic.clone(), other), swap, rng),
                ];
                acc.arms.record(ncols, row, &[0, 1, 2], &results);
            },
        )
    }
}

/// A table for drift battles of any kind.
fn new_table(rules: DriftRules) -> Table<DriftGame> {
    let any = Driver::new(0, 0, 0);
    Table::new(&DriftGame::chase(rules, any, any))
}

/// One battle of `kind` between `x` (side A, strategy `a`) and `y` (side B, strategy `b`);
/// `swap`: `y` leads the first chase. A solo run compares `x`'s run with `y`'s on the same
/// stream, both played by `a`. The outcome is seen from side A, with the side that led the
/// first chase (`None` for solo runs).
fn battle<A: Strategy<DriftGame>, B: Strategy<DriftGame>>(
    table: &mut Table<DriftGame>,
    rules: DriftRules,
    kind: Kind,
    (x, y): (Team, Team),
    (a, b): (&mut A, &mut B),
    swap: bool,
    rng: &mut GameRng,
) -> (DriftOutcome, Option<usize>) {
    let game = |p: Team, q: Team| match kind {
        Kind::Team => DriftGame::team(rules, p, q),
        _ => DriftGame::chase(rules, p.leader(), q.leader()),
    };
    match kind {
        Kind::Solo => {
            let mut same = rng.clone();
            let own = table.play(&DriftGame::solo(rules, x.leader()), &mut [&mut *a], rng);
            let base = table.play(&DriftGame::solo(rules, y.leader()), &mut [&mut *a], &mut same);
            (solo_pair(&own, &base), None)
        }
        _ if swap => (flip(table.play(&game(y, x), &mut (b, a), rng)), Some(1)),
        _ => (table.play(&game(x, y), &mut (a, b), rng), Some(0)),
    }
}

/// An arm's results in one game, in half wins: its styled battle's and its baseline's
/// mirror battle's, both from a copy of `rng` (common random numbers).
fn arm_results<A: Strategy<DriftGame>, B: Strategy<DriftGame>>(
    table: &mut Table<DriftGame>,
    rules: DriftRules,
    arm: &arms::Arm,
    (a, b): (&mut A, &mut B),
    swap: bool,
    rng: &GameRng,
) -> (i64, i64) {
    let styled = battle(table, rules, arm.kind, (arm.styled, arm.base), (&mut *a, &mut *b), swap, &mut rng.clone());
    let base = battle(table, rules, arm.kind, (arm.base, arm.base), (a, b), swap, &mut rng.clone());
    (halves(&styled.0), halves(&base.0))
}

/// Two solo runs as one outcome: `a`'s run on side 0, `b`'s on side 1, more points winning.
fn solo_pair(a: &DriftOutcome, b: &DriftOutcome) -> DriftOutcome {
    let pick = |x: [u32; 2], y: [u32; 2]| [x[0], y[0]];
    DriftOutcome {
        points: [a.points[0], b.points[0]],
        winner: match a.points[0].cmp(&b.points[0]) {
            std::cmp::Ordering::Greater => Some(0),
            std::cmp::Ordering::Less => Some(1),
            std::cmp::Ordering::Equal => None,
        },
        rounds: pick(a.rounds, b.rounds),
        scored: pick(a.scored, b.scored),
        lives_lost: [a.lives_lost[0], b.lives_lost[0]],
        life_left: [a.life_left[0], b.life_left[0]],
        first_round_scored: [a.first_round_scored[0], b.first_round_scored[0]],
        round_cap_hit: a.round_cap_hit || b.round_cap_hit,
        capped: [a.capped[0], b.capped[0]],
        style_uses: [a.style_uses[0], b.style_uses[0]],
    }
}

/// An outcome with its sides swapped.
fn flip(mut o: DriftOutcome) -> DriftOutcome {
    o.points.swap(0, 1);
    o.rounds.swap(0, 1);
    o.scored.swap(0, 1);
    o.lives_lost.swap(0, 1);
    o.life_left.swap(0, 1);
    o.first_round_scored.swap(0, 1);
    o.capped.swap(0, 1);
    o.style_uses.swap(0, 1);
    o.winner = o.winner.map(|w| 1 - w);
    o
}
