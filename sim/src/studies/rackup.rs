//! The Rack-up Battle study: yaku frequency, points, first-roller and skill
//! advantages, riichi EV and the price of the regulation spells.
//!
//! Every game index plays the same match (the same random stream) once per
//! *arm*: the profile as given (`baseline`), then with one change for player
//! A: never declaring riichi, the mirage spell (riichi banned), the diet
//! supplement spell (calls banned), and A's accuracy and power scaled by
//! 0.8, 0.9, 1.1 and 1.2. Because the arms share their random streams, the
//! paired difference of A's final points against the baseline measures each
//! change's value with much less noise than independent runs would.

use crate::chart::{self, Bar, Distributions, IntervalBars, Series};
use crate::output::StudyOutput;
use crate::runner::{self, RunPlan, RunReport};
use crate::stats::{Histogram, Moments, Rate};
use crate::study::{Coverage, Source, Study};
use anyhow::{Context, Result, anyhow};
use engine::rackup::{HeuristicStrategy, MatchOutcome, Profile, RackupGame, Spell, StrategyConfig, Yaku};
use engine::{Strategy, Table, WithPair};
use polars::prelude::*;
use serde::{Deserialize, Serialize};
use std::fmt::Write as _;
use std::ops::AddAssign;

/// Highest final point total with its own bin.
const MAX_POINTS: i64 = 20;

/// One variation of the match played on every game index.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Arm {
    Baseline,
    RiichiNever,
    Spell(Spell),
    Skill(f64),
}

const ARMS: [Arm; 8] = [
    Arm::Baseline,
    Arm::RiichiNever,
    Arm::Spell(Spell::Mirage),
    Arm::Spell(Spell::Diet),
    Arm::Skill(0.8),
    Arm::Skill(0.9),
    Arm::Skill(1.1),
    Arm::Skill(1.2),
];

/// The run of a Rack-up study with A's and B's concrete strategy types.
struct Simulate<'a> {
    study: &'a RackupStudy,
    plan: &'a RunPlan,
}

impl WithPair<RackupGame> for Simulate<'_> {
    type Output = Result<(RackupAcc, RunReport)>;

    fn with<A, B>(self, a: A, b: B) -> Self::Output
    where
        A: Strategy<RackupGame> + Clone + Sync + 'static,
        B: Strategy<RackupGame> + Clone + Sync + 'static,
    {
        let games = &self.study.games;
        let never = HeuristicStrategy { config: self.study.strategies[0].riichi_never() };
        runner::run(
            self.plan,
            || (Table::new(&games[0]), a.clone(), b.clone(), never),
            RackupAcc::new,
            |(table, a, b, never), _, rng, acc| {
                let start = rng.clone();
                let mut baseline_points = 0;
                for (arm, (game, kind)) in games.iter().zip(ARMS).enumerate() {
                    let mut stream = start.clone();
                    let outcome = if kind == Arm::RiichiNever {
                        table.play(game, &mut (&mut *never, &mut *b), &mut stream)
                    } else {
                        table.play(game, &mut (&mut *a, &mut *b), &mut stream)
                    };
                    if arm == 0 {
                        baseline_points = i64::from(outcome.points[0]);
                    }
                    acc.arms[arm].record(&outcome, baseline_points);
                }
            },
        )
    }
}

impl Arm {
    fn name(self) -> String {
        match self {
            Arm::Baseline => "baseline".into(),
            Arm::RiichiNever => "a_riichi_never".into(),
            Arm::Spell(Spell::Mirage) => "a_mirage".into(),
            Arm::Spell(Spell::Diet) => "a_diet".into(),
            Arm::Spell(Spell::None) => "a_no_spell".into(),
            Arm::Skill(f) => format!("a_skill_x{f:.1}"),
        }
    }
}

/// Everything that defines a Rack-up study.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RackupParams {
    /// The shot-model profile file (`None`: the built-in default profile).
    pub profile: Option<Source>,
    /// Strategy files of player A (seat 0) and player B (seat 1).
    pub strategies: [Source; 2],
}

/// The shot-model profile the file names (the built-in default where `None`).
pub fn profile(file: &Option<Source>) -> Result<Profile> {
    match file {
        Some(src) => Profile::from_toml(&src.text).map_err(|e| anyhow!("profile {}: {e}", src.name)),
        None => Profile::preset("default").map_err(|e| anyhow!("{e}")),
    }
}

/// A Rack-up study ready to run.
pub struct RackupStudy {
    params: RackupParams,
    /// One game per arm, in the order of `ARMS`.
    games: Vec<RackupGame>,
    /// The strategies of A and B (in the `RiichiNever` arm, A plays its
    /// strategy's [`StrategyConfig::riichi_never`]).
    strategies: [StrategyConfig; 2],
}

impl Study for RackupStudy {
    const KIND: &'static str = "rackup";
    type Params = RackupParams;
    type Acc = RackupAcc;

    fn params(&self) -> &RackupParams {
        &self.params
    }

    fn from_params(params: RackupParams) -> Result<Self> {
        let base = profile(&params.profile)?;
        let parse =
            |src: &Source| StrategyConfig::from_toml(&src.text).map_err(|e| anyhow!("strategy {}: {e}", src.name));
        let strategies = [parse(&params.strategies[0])?, parse(&params.strategies[1])?];
        let mut games = Vec::new();
        for arm in ARMS {
            let mut profile = base;
            match arm {
                Arm::Baseline | Arm::RiichiNever => {}
                Arm::Spell(s) => profile.players[0].spell = s,
                Arm::Skill(f) => {
                    profile.players[0].accuracy *= f;
                    profile.players[0].power *= f;
                }
            }
            let game = RackupGame::new(profile).map_err(|e| anyhow!("arm {}: {e}", arm.name()))?;
            games.push(game);
        }
        Ok(Self { params, games, strategies })
    }

    fn simulate(&self, plan: &RunPlan) -> Result<(RackupAcc, RunReport)> {
        engine::with_pair(self.strategies[0], self.strategies[1], Simulate { study: self, plan })
    }

    fn report(&self, acc: &RackupAcc, coverage: &Coverage, out: &StudyOutput) -> Result<String> {
        write_tables(acc, out)?;
        charts(acc, out)?;
        Ok(summary(&self.params, acc, coverage))
    }
}

/// The aggregate of one arm.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct ArmAcc {
    /// Player A's match result (ties as halves).
    pub a_result: Rate,
    /// The first dora roller's match result.
    pub first_roller: Rate,
    /// Player A's final points.
    pub a_points: Moments,
    /// Distribution of player A's final points.
    pub a_points_hist: Histogram,
    /// Player A's final points minus those of the baseline arm on the same stream.
    pub vs_baseline: Moments,
    /// Rounds per match.
    pub rounds: Moments,
    /// Matches in which each yaku occurred at least once (either player).
    pub yaku_matches: Vec<u64>,
    /// Winning rounds with each yaku.
    pub yaku_rounds: Vec<u64>,
    /// Rounds won with yaku.
    pub winning_rounds: u64,
    /// 和了流局: rounds won without a yaku.
    pub no_yaku_rounds: u64,
    /// 相討流局: double ring-out draws.
    pub mutual_rounds: u64,
    /// Riichi declarations and riichi wins of player A.
    pub a_riichi: [u64; 2],
    /// Chombo of either player.
    pub chombo: u64,
}

impl ArmAcc {
    fn new() -> Self {
        Self {
            a_result: Rate::default(),
            first_roller: Rate::default(),
            a_points: Moments::default(),
            a_points_hist: Histogram::new(0, MAX_POINTS),
            vs_baseline: Moments::default(),
            rounds: Moments::default(),
            yaku_matches: vec![0; Yaku::COUNT],
            yaku_rounds: vec![0; Yaku::COUNT],
            winning_rounds: 0,
            no_yaku_rounds: 0,
            mutual_rounds: 0,
            a_riichi: [0; 2],
            chombo: 0,
        }
    }

    fn record(&mut self, o: &MatchOutcome, baseline_points: i64) {
        let result = |seat: u8| o.winner.map(|w| w == seat);
        match result(0) {
            Some(won) => self.a_result.record(won),
            None => self.a_result.record_half(),
        }
        match result(o.first_roller) {
            Some(won) => self.first_roller.record(won),
            None => self.first_roller.record_half(),
        }
        let a = i64::from(o.points[0]);
        self.a_points.record(a);
        self.a_points_hist.record(a);
        self.vs_baseline.record(a - baseline_points);
        self.rounds.record(i64::from(o.rounds));
        for y in 0..Yaku::COUNT {
            let times = u64::from(o.yaku[0][y]) + u64::from(o.yaku[1][y]);
            self.yaku_rounds[y] += times;
            self.yaku_matches[y] += u64::from(times > 0);
        }
        self.winning_rounds += u64::from(o.wins[0]) + u64::from(o.wins[1]);
        self.no_yaku_rounds += u64::from(o.no_yaku[0]) + u64::from(o.no_yaku[1]);
        self.mutual_rounds += u64::from(o.mutual);
        self.a_riichi[0] += u64::from(o.riichi_declared[0]);
        self.a_riichi[1] += u64::from(o.riichi_won[0]);
        self.chombo += o.chombo.iter().flatten().map(|&c| u64::from(c)).sum::<u64>();
    }
}

impl AddAssign for ArmAcc {
    fn add_assign(&mut self, o: Self) {
        self.a_result += o.a_result;
        self.first_roller += o.first_roller;
        self.a_points += o.a_points;
        self.a_points_hist += o.a_points_hist;
        self.vs_baseline += o.vs_baseline;
        self.rounds += o.rounds;
        self.yaku_matches.iter_mut().zip(o.yaku_matches).for_each(|(a, b)| *a += b);
        self.yaku_rounds.iter_mut().zip(o.yaku_rounds).for_each(|(a, b)| *a += b);
        self.winning_rounds += o.winning_rounds;
        self.no_yaku_rounds += o.no_yaku_rounds;
        self.mutual_rounds += o.mutual_rounds;
        self.a_riichi[0] += o.a_riichi[0];
        self.a_riichi[1] += o.a_riichi[1];
        self.chombo += o.chombo;
    }
}

/// The aggregate of a Rack-up study: one [`ArmAcc`] per arm.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct RackupAcc {
    /// Per arm, in the study's arm order.
    pub arms: Vec<ArmAcc>,
}

impl RackupAcc {
    fn new() -> Self {
        Self { arms: ARMS.iter().map(|_| ArmAcc::new()).collect() }
    }
}

impl AddAssign for RackupAcc {
    fn add_assign(&mut self, o: Self) {
        self.arms.iter_mut().zip(o.arms).for_each(|(a, b)| *a += b);
    }
}

fn rate(successes: u64, trials: u64) -> Rate {
    Rate { half_successes: 2 * successes, trials }
}

fn write_tables(acc: &RackupAcc, out: &StudyOutput) -> Result<()> {
    let arms = &acc.arms;
    let col = |f: &dyn Fn(&ArmAcc) -> f64| arms.iter().map(f).collect::<Vec<_>>();
    let mut arm_table = df!(
        "arm" => ARMS.iter().map(|a| a.name()).collect::<Vec<_>>(),
        "matches" => arms.iter().map(|a| a.a_result.trials).collect::<Vec<_>>(),
        "a_win_rate" => col(&|a| a.a_result.value()),
        "a_win_rate_ci_low" => col(&|a| a.a_result.interval().low),
        "a_win_rate_ci_high" => col(&|a| a.a_result.interval().high),
        "a_points_mean" => col(&|a| a.a_points.mean()),
        "a_points_sd" => col(&|a| a.a_points.std_dev()),
        "a_points_vs_baseline" => col(&|a| a.vs_baseline.mean()),
        "a_points_vs_baseline_ci_half" => col(&|a| a.vs_baseline.mean_interval().half_width()),
        "first_roller_win_rate" => col(&|a| a.first_roller.value()),
        "first_roller_ci_low" => col(&|a| a.first_roller.interval().low),
        "first_roller_ci_high" => col(&|a| a.first_roller.interval().high),
        "rounds_mean" => col(&|a| a.rounds.mean()),
        "winning_rounds" => arms.iter().map(|a| a.winning_rounds).collect::<Vec<_>>(),
        "no_yaku_rounds" => arms.iter().map(|a| a.no_yaku_rounds).collect::<Vec<_>>(),
        "mutual_rounds" => arms.iter().map(|a| a.mutual_rounds).collect::<Vec<_>>(),
        "a_riichi_declared" => arms.iter().map(|a| a.a_riichi[0]).collect::<Vec<_>>(),
        "a_riichi_won" => arms.iter().map(|a| a.a_riichi[1]).collect::<Vec<_>>(),
        "chombo" => arms.iter().map(|a| a.chombo).collect::<Vec<_>>(),
    )?;
    out.table("arms", &mut arm_table)?;

    let pairs: Vec<(usize, Yaku)> = (0..arms.len()).flat_map(|k| Yaku::ALL.map(move |y| (k, y))).collect();
    let per_match = |&(k, y): &(usize, Yaku)| rate(arms[k].yaku_matches[y as usize], arms[k].a_result.trials);
    let per_round = |&(k, y): &(usize, Yaku)| rate(arms[k].yaku_rounds[y as usize], arms[k].winning_rounds);
    let col = |f: &dyn Fn(&(usize, Yaku)) -> f64| pairs.iter().map(f).collect::<Vec<_>>();
    let count =
        |f: &dyn Fn(&ArmAcc, usize) -> u64| pairs.iter().map(|&(k, y)| f(&arms[k], y as usize)).collect::<Vec<_>>();
    let mut yaku = df!(
        "arm" => pairs.iter().map(|p| ARMS[p.0].name()).collect::<Vec<_>>(),
        "yaku" => pairs.iter().map(|p| p.1.id()).collect::<Vec<_>>(),
        "matches_with" => count(&|a, y| a.yaku_matches[y]),
        "per_match" => col(&|p| per_match(p).value()),
        "per_match_ci_low" => col(&|p| per_match(p).interval().low),
        "per_match_ci_high" => col(&|p| per_match(p).interval().high),
        "winning_rounds_with" => count(&|a, y| a.yaku_rounds[y]),
        "per_winning_round" => col(&|p| per_round(p).value()),
        "per_winning_round_ci_low" => col(&|p| per_round(p).interval().low),
        "per_winning_round_ci_high" => col(&|p| per_round(p).interval().high),
    )?;
    out.table("yaku", &mut yaku)?;

    let mut pts: (Vec<String>, Vec<i64>, Vec<u64>) = Default::default();
    for (k, a) in arms.iter().enumerate() {
        for (v, c) in a.a_points_hist.bins() {
            pts.0.push(ARMS[k].name());
            pts.1.push(v);
            pts.2.push(c);
        }
    }
    let mut points = df!("arm" => pts.0, "a_points" => pts.1, "count" => pts.2)?;
    out.table("points", &mut points).context("points table")
}

fn charts(acc: &RackupAcc, out: &StudyOutput) -> Result<()> {
    let base = &acc.arms[0];
    let mut order: Vec<Yaku> = Yaku::ALL.to_vec();
    order.sort_by_key(|y| std::cmp::Reverse(base.yaku_rounds[*y as usize]));
    let bars: Vec<Bar> = order
        .iter()
        .map(|&y| {
            let r = rate(base.yaku_rounds[y as usize], base.winning_rounds);
            Bar { label: y.id().to_string(), value: r.value(), low: r.interval().low, high: r.interval().high }
        })
        .collect();
    chart::save(
        &out.chart("yaku_frequency"),
        &IntervalBars {
            title: "Rack-up: share of winning rounds with each yaku (baseline, 95% Wilson)",
            x_label: "share of winning rounds (log scale)",
            bars: &bars,
            reference: None,
            log: true,
        },
    )?;

    let arm_bars = |f: &dyn Fn(&ArmAcc) -> (f64, f64, f64)| -> Vec<Bar> {
        ARMS.iter()
            .zip(&acc.arms)
            .map(|(arm, a)| {
                let (value, low, high) = f(a);
                Bar { label: arm.name(), value, low, high }
            })
            .collect()
    };
    let wins = arm_bars(&|a| (a.a_result.value(), a.a_result.interval().low, a.a_result.interval().high));
    chart::save(
        &out.chart("a_win_rate"),
        &IntervalBars {
            title: "Rack-up: player A's match win rate per arm (95% Wilson)",
            x_label: "match win rate (ties count half); dashed: baseline",
            bars: &wins,
            reference: Some(base.a_result.value()),
            log: false,
        },
    )?;
    let ev = arm_bars(&|a| {
        let i = a.vs_baseline.mean_interval();
        (a.vs_baseline.mean(), i.low, i.high)
    });
    chart::save(
        &out.chart("a_points_vs_baseline"),
        &IntervalBars {
            title: "Rack-up: player A's final points against the baseline, same streams (95%)",
            x_label: "mean paired difference in final points",
            bars: &ev,
            reference: Some(0.0),
            log: false,
        },
    )?;

    let series: Vec<Series> = ARMS[..4]
        .iter()
        .zip(&acc.arms)
        .map(|(arm, a)| {
            let total = a.a_points_hist.total().max(1) as f64;
            Series {
                name: format!("{} (mean {:.2})", arm.name(), a.a_points.mean()),
                points: a.a_points_hist.bins().map(|(v, c)| (v, c as f64 / total)).collect(),
            }
        })
        .collect();
    chart::save(
        &out.chart("a_points_distribution"),
        &Distributions {
            title: "Rack-up: player A's final points",
            x_label: "final points",
            series: &series,
            log: false,
        },
    )
}

fn summary(params: &RackupParams, acc: &RackupAcc, coverage: &Coverage) -> String {
    let mut s = String::new();
    let base = &acc.arms[0];
    let _ =
        writeln!(s, "rackup study: {} (each played in {} arms on the same streams)", coverage.describe(), ARMS.len());
    let _ =
        writeln!(s, "strategies: A {}, B {}; intervals are 95%", params.strategies[0].name, params.strategies[1].name);
    let f = base.first_roller;
    let _ = writeln!(s, "first dora roller wins: {:.4} ± {:.4}", f.value(), f.interval().half_width());
    let _ = writeln!(
        s,
        "rounds per match: {:.2}; winning rounds {}, won without yaku (和了流局) {}, double ring-out draws (相討流局) {}",
        base.rounds.mean(),
        base.winning_rounds,
        base.no_yaku_rounds,
        base.mutual_rounds
    );
    let _ = writeln!(s, "player A per arm: win rate, final points, paired difference against the baseline:");
    for (arm, a) in ARMS.iter().zip(&acc.arms) {
        let _ = writeln!(
            s,
            "  {:<16} {:.4} ± {:.4}   {:.3}   {:+.3} ± {:.3}",
            arm.name(),
            a.a_result.value(),
            a.a_result.interval().half_width(),
            a.a_points.mean(),
            a.vs_baseline.mean(),
            a.vs_baseline.mean_interval().half_width()
        );
    }
    let missing: Vec<&str> = Yaku::ALL.iter().filter(|y| base.yaku_rounds[**y as usize] == 0).map(|y| y.id()).collect();
    let _ = writeln!(
        s,
        "yaku never seen in the baseline arm: {}",
        if missing.is_empty() { "none".to_string() } else { missing.join(", ") }
    );
    s
}
