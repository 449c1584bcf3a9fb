//! The Gotō chip study (`sim mahjong chips`): how far chips (祝儀) swing, and how much more
//! under cut-bi (カットビ, GOTO-SPEC §14). Sessions of four people at three seats, as the
//! Gotō table study plays them; each game is played once and settled by the chip ledger
//! under every arm — the base rules (`--rules`), the compared ones (`--compare`), and, when
//! those have cut-bi, the compared ones with the other timing reading (G-B3) — so the arms
//! differ by the chip rules alone, on identical walls, dice and decisions (common random
//! numbers, "with play unchanged": the bots ignore the cut-bi states). Per person per game
//! it reports chips won and lost (mean absolute chips moved, spread, quantiles, kurtosis,
//! the chance of losing 50+ or 100+), per session the result and the worst drawdown, the
//! arms' ratio of mean absolute chips moved and of variance to the base with paired 95%
//! intervals (over games), a sensitivity table of the cut-bi ratio by measure and state
//! timing ([`sensitivity`]), and which chip items make the variance.

mod sensitivity;

use super::goto::{self, GotoAcc};
use super::mahjong::{TableRules, bots_from};
use super::table_logs::Recorder;
use crate::chart::{self, Bar, Distributions, IntervalBars, Series, StackedBars};
use crate::grow::Tracked;
use crate::output::StudyOutput;
use crate::runner::{self, RunPlan, RunReport};
use crate::stats::{Histogram, Interval, Moments, PairedRatio, Rate};
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
use std::ops::AddAssign;

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
    /// Bot per person: a preset name, or the name of the file in `bot_files`.
    pub bots: [String; PEOPLE],
    /// Bot settings files for the persons that have one.
    #[serde(default)]
    pub bot_files: [Option<Source>; PEOPLE],
    /// Who sits out the next game.
    pub rotation: Rotation,
    /// Games per session.
    pub session_games: u32,
}

/// A chip study ready to run.
pub struct ChipsStudy {
    params: ChipsParams,
    game: RiichiTable,
    bots: [Bot; PEOPLE],
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
        let bots = bots_from(&params.bots, &params.bot_files)?;
        Ok(Self { params, game, bots, arms })
    }

    fn empty(&self) -> ChipsAcc {
        ChipsAcc::new(self.arms.len())
    }

    /// An index is a session.
    fn indices(&self, acc: &ChipsAcc) -> u64 {
        acc.table.sessions
    }
}

impl Study for ChipsStudy {
    fn games_per_index(&self) -> u64 {
        u64::from(self.params.session_games)
    }

    /// Per arm, the mean absolute chips per person and game (`mean_abs_chips`) and the
    /// chance of losing 100 or more in a game (`p_lose_100`); per compared arm, its paired
    /// ratios to the base (`ratio_mean_abs`, `ratio_variance`, and per session
    /// `ratio_sd_per_session`, `ratio_mean_abs_session`, `ratio_p_session_loss_over_100`,
    /// `ratio_p_session_loss_over_200`).
    fn estimates(&self, acc: &ChipsAcc) -> Vec<Tracked> {
        let per = persons(&self.params);
        let names = self.names();
        let mut out: Vec<Tracked> = names
            .iter()
            .zip(&acc.arms)
            .map(|(name, a)| {
                let (mean, low, high) = mean_abs(a, per);
                Tracked::new("mean_abs_chips", name, mean, Interval { low, high })
            })
            .collect();
        out.extend(names.iter().zip(&acc.arms).map(|(name, a)| Tracked::rate("p_lose_100", name, &a.losses[1])));
        for (metric, moved) in [("ratio_mean_abs", true), ("ratio_variance", false)] {
            out.extend(names.iter().zip(&acc.arms).skip(1).map(|(name, a)| {
                let (value, interval) = if moved { a.moved.ratio() } else { a.squares.ratio() };
                Tracked::new(metric, name, value, interval)
            }));
        }
        let sessions = sensitivity::rows(&self.params, &self.arms(), acc).into_iter().filter(|r| r.session);
        out.extend(sessions.map(|r| Tracked::new(&format!("ratio_{}", r.measure), &r.arm, r.ratio, r.ci)));
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
                let mut session = Session::new(self.params.rotation);
                let mut sessions = [[0i64; PEOPLE]; MAX_ARMS];
                let mut worst = [[0i64; PEOPLE]; MAX_ARMS];
                for k in 0..per {
                    let index = session_index * per + k;
                    let seating = session.seating();
                    let mut bots = seating.seats.map(|p| self.bots[usize::from(p)]);
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
            },
        )?;
        recorder.finish(run)
    }

    fn report(&self, acc: &ChipsAcc, coverage: &Coverage, out: &StudyOutput) -> Result<String> {
        let names = self.names();
        let rules = self.params.table.scoring()?;
        write_tables(&self.params, &rules, &names, acc, out)?;
        let rows = sensitivity::rows(&self.params, &self.arms(), acc);
        sensitivity::table(&self.params, &rows, out)?;
        charts(&rules, &names, acc, out)?;
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

impl AddAssign for ArmAcc {
    fn add_assign(&mut self, o: Self) {
        self.game += o.game;
        self.moments += o.moments;
        add_all(&mut self.losses, o.losses);
        add_all(&mut self.persons, o.persons);
        add_all(&mut self.roles, o.roles);
        add_all(&mut self.item_abs, o.item_abs);
        add_all(&mut self.item_cross, o.item_cross);
        self.moved += o.moved;
        self.squares += o.squares;
        self.session += o.session;
        self.session_moments += o.session_moments;
        self.drawdown += o.drawdown;
        self.session_moved += o.session_moved;
        self.session_squares += o.session_squares;
        add_all(&mut self.session_loss_counts, o.session_loss_counts);
    }
}

fn add_all<T: AddAssign>(a: &mut [T], b: Vec<T>) {
    for (x, y) in a.iter_mut().zip(b) {
        *x += y;
    }
}

/// The chip study's accumulator: per arm, and the Gotō table study's own (yaku, length).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct ChipsAcc {
    /// Per arm, base first.
    pub arms: Vec<ArmAcc>,
    /// The games as the Gotō study counts them.
    pub table: GotoAcc,
}

impl ChipsAcc {
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

impl AddAssign for ChipsAcc {
    fn add_assign(&mut self, o: Self) {
        add_all(&mut self.arms, o.arms);
        self.table += o.table;
    }
}

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

fn write_tables(
    params: &ChipsParams,
    rules: &Rules,
    names: &[String],
    acc: &ChipsAcc,
    out: &StudyOutput,
) -> Result<()> {
    let per = persons(params);
    let arms = &acc.arms;
    let col = |f: &dyn Fn(&ArmAcc) -> f64| arms.iter().map(f).collect::<Vec<_>>();
    let mut summary = df!(
        "arm" => names.to_vec(),
        "games" => arms.iter().map(|a| a.moved.n).collect::<Vec<_>>(),
        "person_games" => arms.iter().map(person_games).collect::<Vec<_>>(),
        "mean_abs_chips" => col(&|a| mean_abs(a, per).0),
        "mean_abs_ci_low" => col(&|a| mean_abs(a, per).1),
        "mean_abs_ci_high" => col(&|a| mean_abs(a, per).2),
        "sd" => col(&|a| a.moments.std_dev()),
        "variance" => col(&|a| a.moments.variance()),
        "q01" => arms.iter().map(|a| a.game.quantile(QUANTILES[0])).collect::<Vec<_>>(),
        "q05" => arms.iter().map(|a| a.game.quantile(QUANTILES[1])).collect::<Vec<_>>(),
        "q50" => arms.iter().map(|a| a.game.quantile(QUANTILES[2])).collect::<Vec<_>>(),
        "q95" => arms.iter().map(|a| a.game.quantile(QUANTILES[3])).collect::<Vec<_>>(),
        "q99" => arms.iter().map(|a| a.game.quantile(QUANTILES[4])).collect::<Vec<_>>(),
        "excess_kurtosis" => col(&|a| a.game.kurtosis()),
        "p_lose_50" => col(&|a| a.losses[0].value()),
        "p_lose_50_ci_low" => col(&|a| a.losses[0].interval().low),
        "p_lose_50_ci_high" => col(&|a| a.losses[0].interval().high),
        "p_lose_100" => col(&|a| a.losses[1].value()),
        "p_lose_100_ci_low" => col(&|a| a.losses[1].interval().low),
        "p_lose_100_ci_high" => col(&|a| a.losses[1].interval().high),
        "clamped" => arms.iter().map(|a| a.game.below + a.game.above).collect::<Vec<_>>(),
    )?;
    out.table("chips_summary", &mut summary)?;

    let ratios: Vec<(&String, &str, &PairedRatio)> = names
        .iter()
        .zip(arms)
        .skip(1)
        .flat_map(|(name, a)| [(name, "mean_abs_chips", &a.moved), (name, "variance", &a.squares)])
        .collect();
    let ratio_col = |f: &dyn Fn(&PairedRatio) -> f64| ratios.iter().map(|r| f(r.2)).collect::<Vec<_>>();
    let mut ratio = df!(
        "arm" => ratios.iter().map(|r| r.0.clone()).collect::<Vec<_>>(),
        "base" => vec![names[0].clone(); ratios.len()],
        "measure" => ratios.iter().map(|r| r.1).collect::<Vec<_>>(),
        "ratio" => ratio_col(&|p| p.ratio().0),
        "ci_low" => ratio_col(&|p| p.ratio().1.low),
        "ci_high" => ratio_col(&|p| p.ratio().1.high),
    )?;
    out.table("chips_ratio", &mut ratio)?;

    let items: Vec<(&String, &ArmAcc, ChipItem)> =
        names.iter().zip(arms).flat_map(|(name, a)| ChipItem::ALL.map(|item| (name, a, item))).collect();
    let variance_share =
        |a: &ArmAcc, i: ChipItem| a.item_cross[i as usize] as f64 / a.item_cross.iter().sum::<i128>() as f64;
    let mut item_table = df!(
        "arm" => items.iter().map(|r| r.0.clone()).collect::<Vec<_>>(),
        "item" => items.iter().map(|r| r.2.name()).collect::<Vec<_>>(),
        "group" => items.iter().map(|r| r.2.group()).collect::<Vec<_>>(),
        "mean_abs_per_person_game" =>
            items.iter().map(|r| r.1.item_abs[r.2 as usize] as f64 / person_games(r.1) as f64).collect::<Vec<_>>(),
        "variance_share" => items.iter().map(|r| variance_share(r.1, r.2)).collect::<Vec<_>>(),
    )?;
    out.table("chips_items", &mut item_table)?;

    let mut sessions = df!(
        "arm" => names.to_vec(),
        "session_games" => vec![params.session_games; arms.len()],
        "person_sessions" => arms.iter().map(|a| a.session_moments.n).collect::<Vec<_>>(),
        "mean" => col(&|a| a.session_moments.mean()),
        "sd" => col(&|a| a.session_moments.std_dev()),
        "q01" => arms.iter().map(|a| a.session.quantile(QUANTILES[0])).collect::<Vec<_>>(),
        "q05" => arms.iter().map(|a| a.session.quantile(QUANTILES[1])).collect::<Vec<_>>(),
        "q50" => arms.iter().map(|a| a.session.quantile(QUANTILES[2])).collect::<Vec<_>>(),
        "q95" => arms.iter().map(|a| a.session.quantile(QUANTILES[3])).collect::<Vec<_>>(),
        "q99" => arms.iter().map(|a| a.session.quantile(QUANTILES[4])).collect::<Vec<_>>(),
        "drawdown_q50" => arms.iter().map(|a| a.drawdown.quantile(0.5)).collect::<Vec<_>>(),
        "drawdown_q95" => arms.iter().map(|a| a.drawdown.quantile(0.95)).collect::<Vec<_>>(),
        "drawdown_q99" => arms.iter().map(|a| a.drawdown.quantile(0.99)).collect::<Vec<_>>(),
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
        let bins: Vec<(&String, i64, u64)> = names
            .iter()
            .zip(arms)
            .flat_map(|(name, a)| {
                let h = if session { &a.session } else { &a.game };
                h.bins().filter(|b| b.1 > 0).map(move |(v, c)| (name, v, c))
            })
            .collect();
        let mut df = df!(
            "arm" => bins.iter().map(|b| b.0.clone()).collect::<Vec<_>>(),
            "chips" => bins.iter().map(|b| b.1).collect::<Vec<_>>(),
            "count" => bins.iter().map(|b| b.2).collect::<Vec<_>>(),
        )?;
        out.table(table, &mut df)?;
    }

    let who: Vec<(&String, String, String, &Moments, Option<u64>)> = names
        .iter()
        .zip(arms)
        .flat_map(|(name, a)| {
            let sat_out = &acc.table.sat_out;
            let persons = (0..PEOPLE)
                .map(move |p| (name, format!("person {p}"), params.bots[p].clone(), &a.persons[p], Some(sat_out[p])));
            persons.chain((0..PEOPLE).map(move |r| (name, role(r), "mixed".to_string(), &a.roles[r], None)))
        })
        .collect();
    let who_col = |f: &dyn Fn(&Moments) -> f64| who.iter().map(|w| f(w.3)).collect::<Vec<_>>();
    let mut persons = df!(
        "arm" => who.iter().map(|w| w.0.clone()).collect::<Vec<_>>(),
        "who" => who.iter().map(|w| w.1.clone()).collect::<Vec<_>>(),
        "bot" => who.iter().map(|w| w.2.clone()).collect::<Vec<_>>(),
        "games" => who.iter().map(|w| w.3.n).collect::<Vec<_>>(),
        "mean_chips" => who_col(&Moments::mean),
        "ci_half" => who_col(&|m| m.mean_interval().half_width()),
        "sd" => who_col(&Moments::std_dev),
        "sat_out" => who.iter().map(|w| w.4).collect::<Vec<_>>(),
    )?;
    out.table("chips_persons", &mut persons)?;
    goto::yaku_table(&acc.table, rules, out)
}

/// A role's label: a seat (seat 0 deals first) or the sit-out.
fn role(r: usize) -> String {
    if r == usize::from(SIT_OUT) { "sit-out".to_string() } else { format!("seat {r}") }
}

fn charts(rules: &Rules, names: &[String], acc: &ChipsAcc, out: &StudyOutput) -> Result<()> {
    let series = |hist: &dyn Fn(&ArmAcc) -> &Histogram, width: i64| -> Vec<Series> {
        names
            .iter()
            .zip(&acc.arms)
            .map(|(name, a)| {
                let h = hist(a);
                let total = h.total().max(1) as f64;
                let (lo, hi) = (h.quantile(0.0005), h.quantile(0.9995));
                let points = h
                    .rebinned(width)
                    .into_iter()
                    .filter(|b| b.1 > 0 && b.0 >= lo - width && b.0 <= hi)
                    .map(|(v, c)| (v, c as f64 / total / width as f64))
                    .collect();
                Series { name: name.clone(), points }
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
    for (name, a) in names.iter().zip(&acc.arms).skip(1) {
        for (measure, p) in [("mean |chips|", &a.moved), ("variance", &a.squares)] {
            let (r, ci) = p.ratio();
            bars.push(Bar { label: format!("{measure}: {name}"), value: r, low: ci.low, high: ci.high });
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
    let stacks: Vec<(String, Vec<f64>)> = names
        .iter()
        .zip(&acc.arms)
        .map(|(name, a)| {
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
            (name.clone(), shares)
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
    goto::yaku_chart(&acc.table, rules, out)
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
    let mut s = format!(
        "Gotō chips: {} sessions of {} games ({} games), bots {}, rotation {:?}; seed {}: {} of the run's {} \
         sessions; each game played once and settled under every arm (with play unchanged)\n",
        acc.table.sessions,
        params.session_games,
        acc.table.games,
        params.bots.join(","),
        params.rotation,
        coverage.seed,
        coverage.games_played(),
        coverage.games,
    );
    for (name, a) in names.iter().zip(&acc.arms) {
        let (m, lo, hi) = mean_abs(a, per);
        let _ = writeln!(
            s,
            "  {name}: mean |chips| per person-game {m:.2} [{lo:.2}, {hi:.2}], sd {:.1}, 1%–99% {}..{}, \
             P(lose ≥100 in a game) {:.4}, P(session loss > 100) {:.4}",
            a.moments.std_dev(),
            a.game.quantile(0.01),
            a.game.quantile(0.99),
            a.losses[1].value(),
            a.session_loss(1, per).0,
        );
    }
    for (name, a) in names.iter().zip(&acc.arms).skip(1) {
        let (r, ci) = a.moved.ratio();
        let (v, vci) = a.squares.ratio();
        let _ = writeln!(
            s,
            "  {name} / {}: mean |chips| ×{r:.3} [{:.3}, {:.3}], variance ×{v:.3} [{:.3}, {:.3}] (paired, over games)",
            names[0], ci.low, ci.high, vci.low, vci.high
        );
    }
    let _ = writeln!(
        s,
        "  games sat out by person 0–3: {}",
        acc.table.sat_out.iter().map(u64::to_string).collect::<Vec<_>>().join(", ")
    );
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
        let mut acc = ChipsAcc::new(1);
        for k in 0..100 {
            let net = [[-150, 50, 50 + k, 50 - k]];
            acc.record_session(&net, &net.map(|n| n.map(|v| v.min(0))), PEOPLE);
        }
        let (share, ci) = acc.arms[0].session_loss(1, PEOPLE as f64);
        assert_eq!((share, ci.low, ci.high), (0.25, 0.25, 0.25));
        // Three fixed players: the fourth person never plays and is not counted.
        let mut fixed = ChipsAcc::new(1);
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
