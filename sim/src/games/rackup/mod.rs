//! The Rack-up Battle study: yaku frequency and points (and per point
//! variant), tiers, riichi (never, always, the heuristic, a sweep of its
//! declaration threshold; stun or pay), the heuristic's shot plans, the
//! regulation spells (their shipped machines, and a sweep of the machine
//! advantage for each spell's break-even), the value of skill, the initiative.
//!
//! Every game index plays the same match (the same random stream) once per
//! *arm*: the profile as given (`baseline`), then with one change for player
//! A (the list is [`arms`]). Because the arms share their random streams, the
//! paired difference of A's final points against the baseline (and against
//! never declaring riichi) measures each change's value with much less noise
//! than independent runs would. `acc` holds what is counted, `report` the
//! tables, charts and summary, `spells` the break-even of each spell.

mod acc;
pub(crate) mod cli;
pub(crate) mod duel;
mod kit;
mod report;
mod spells;
mod summary;
pub(crate) mod sweep;
mod words;

pub use duel::RackupDuel;
pub use kit::Kit;

pub use acc::{ArmAcc, RackupAcc};

use crate::output::StudyOutput;
use crate::report::rules::{file_or, strategies};
use crate::runner::{self, RunPlan, RunReport};
use crate::study::grow::Tracked;
use crate::study::{Coverage, RulesFile, RulesFiles, Source, State, Study};
use anyhow::{Result, anyhow};
use engine::rackup::{
    HeuristicConfig, HeuristicStrategy, MatchOutcome, PenaltyPolicy, Profile, RackupGame, RiichiPolicy, ShotKind,
    Spell, StrategyConfig,
};
use engine::{Strategy, Table, WithPair};
use serde::{Deserialize, Serialize};

/// The declaration thresholds of the riichi sweep (finishing chance of the
/// shot or active shoot about to be played: [`HeuristicConfig::riichi_threshold`]
/// and [`HeuristicConfig::active_riichi_threshold`] both). Under the default
/// profile the chances at which the shipped heuristic could declare come in
/// steps between about 0.04 and 0.17 (its kans take the rounds with likelier
/// shots), so the grid takes one threshold per step: every step is a different
/// policy, and none repeats never declaring (the `a_riichi_never` arm), as
/// thresholds from 0.18 up would.
pub const RIICHI_THRESHOLDS: [f64; 7] = [0.04, 0.05, 0.06, 0.08, 0.1, 0.14, 0.16];

/// The machine advantages of the spells' break-even sweep: the spell's
/// machine with accuracy, power and weight all `1 + x` (its HP change as in
/// the profile).
pub const SPELL_ADVANTAGES: [f64; 6] = [0.0, 0.1, 0.2, 0.3, 0.4, 0.6];

/// The heuristic's plans compared (its default kind of shot).
pub const PLANS: [ShotKind; 4] = [ShotKind::Plain, ShotKind::Charge, ShotKind::Half, ShotKind::Safe];

/// One variation of the match played on every game index.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Arm {
    /// The profile and strategies as given.
    Baseline,
    /// A's heuristic with this riichi policy (never, always, likely at its own threshold).
    Riichi(RiichiPolicy),
    /// A's heuristic declaring riichi from this finishing chance on, before a
    /// normal shot and an active shoot alike (never declaring is the limit of
    /// the family: the threshold is the one choice that varies).
    RiichiAt(f64),
    /// A's heuristic taking this riichi-failure penalty.
    Penalty(PenaltyPolicy),
    /// A under this regulation spell, on the profile's machine for it.
    Spell(Spell),
    /// A under this regulation spell on a machine of this advantage ([`SPELL_ADVANTAGES`]).
    SpellAt(Spell, f64),
    /// A's heuristic with this plan (its default kind of shot).
    Plan(ShotKind),
    /// A's accuracy and power scaled by this factor.
    Skill(f64),
}

/// The arms in the study's order: the baseline first, never declaring riichi second.
pub fn arms() -> Vec<Arm> {
    let mut arms = vec![Arm::Baseline, Arm::Riichi(RiichiPolicy::Never), Arm::Riichi(RiichiPolicy::Always)];
    arms.push(Arm::Riichi(RiichiPolicy::Likely));
    arms.extend(RIICHI_THRESHOLDS.map(Arm::RiichiAt));
    arms.extend([PenaltyPolicy::Stun, PenaltyPolicy::Pay, PenaltyPolicy::Auto].map(Arm::Penalty));
    arms.extend([Spell::Mirage, Spell::Diet].map(Arm::Spell));
    for spell in [Spell::Mirage, Spell::Diet] {
        arms.extend(SPELL_ADVANTAGES.map(|x| Arm::SpellAt(spell, x)));
    }
    arms.extend(PLANS.map(Arm::Plan));
    arms.extend([0.8, 0.9, 1.1, 1.2].map(Arm::Skill));
    arms
}

/// Index of the never-riichi arm in [`arms`].
const NEVER: usize = 1;

impl Arm {
    /// The arm's name in the tables.
    pub fn name(self) -> String {
        match self {
            Arm::Baseline => "baseline".into(),
            Arm::Riichi(RiichiPolicy::Never) => "a_riichi_never".into(),
            Arm::Riichi(RiichiPolicy::Always) => "a_riichi_always".into(),
            Arm::Riichi(RiichiPolicy::Likely) => "a_riichi_heuristic".into(),
            Arm::RiichiAt(t) => format!("a_riichi_at_{t:.2}"),
            Arm::Penalty(PenaltyPolicy::Stun) => "a_penalty_stun".into(),
            Arm::Penalty(PenaltyPolicy::Pay) => "a_penalty_pay".into(),
            Arm::Penalty(PenaltyPolicy::Auto) => "a_penalty_auto".into(),
            Arm::Spell(Spell::Mirage) => "a_mirage".into(),
            Arm::Spell(Spell::Diet) => "a_diet".into(),
            Arm::Spell(Spell::None) => "a_no_spell".into(),
            Arm::SpellAt(spell, x) => format!("{}_adv_{x:.2}", Arm::Spell(spell).name()),
            Arm::Plan(kind) => format!("a_plan_{}", kind.id()),
            Arm::Skill(f) => format!("a_skill_x{f:.1}"),
        }
    }

    /// The heuristic A plays in this arm, from A's own (`base`); `None`: A's
    /// strategy as given.
    fn strategy(self, base: HeuristicConfig) -> Option<HeuristicConfig> {
        match self {
            Arm::Baseline | Arm::Spell(_) | Arm::SpellAt(..) | Arm::Skill(_) => None,
            Arm::Plan(plan) => Some(HeuristicConfig { plan, ..base }),
            Arm::Riichi(riichi) => Some(HeuristicConfig { riichi, ..base }),
            Arm::RiichiAt(t) => Some(HeuristicConfig {
                riichi: RiichiPolicy::Likely,
                riichi_threshold: t,
                active_riichi_threshold: t,
                ..base
            }),
            Arm::Penalty(penalty) => Some(HeuristicConfig { penalty, ..base }),
        }
    }
}

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
        let study = self.study;
        let n = study.arms.len();
        runner::run(
            self.plan,
            || {
                let outcomes = vec![MatchOutcome::new(study.games[0].profile().players); n];
                (Table::new(&study.games[0]), a.clone(), b.clone(), study.overrides.clone(), outcomes)
            },
            || RackupAcc::new(n),
            |(table, a, b, overrides, outcomes), _, rng, acc| {
                let start = rng.clone();
                for ((game, own), outcome) in study.games.iter().zip(overrides.iter_mut()).zip(outcomes.iter_mut()) {
                    let mut stream = start.clone();
                    *outcome = match own {
                        Some(h) => table.play(game, &mut (h, &mut *b), &mut stream),
                        None => table.play(game, &mut (&mut *a, &mut *b), &mut stream),
                    };
                }
                acc.record(&study.arms, outcomes, NEVER);
            },
        )
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
        Some(src) => src.parse("rackup profile", Profile::from_toml),
        None => Profile::preset("default").map_err(|e| anyhow!("{e}")),
    }
}

/// A Rack-up study ready to run.
pub struct RackupStudy {
    params: RackupParams,
    /// The arms, in the order of [`arms`].
    arms: Vec<Arm>,
    /// One game per arm.
    games: Vec<RackupGame>,
    /// Per arm, the heuristic A plays instead of its strategy (riichi and
    /// penalty arms: A's heuristic, or the shipped one when A is random, with
    /// that one change).
    overrides: Vec<Option<HeuristicStrategy>>,
    /// The strategies of A and B.
    strategies: [StrategyConfig; 2],
}

/// The profile file as the report's manifest names it: the file given, else the built-in
/// default.
pub(crate) fn profile_files(profile: &Option<Source>) -> Vec<RulesFile> {
    file_or("profile", profile, &Profile::PRESETS, "default")
}

impl RulesFiles for RackupParams {
    fn rules_files(&self) -> Vec<RulesFile> {
        let mut files = profile_files(&self.profile);
        files.extend(strategies(&self.strategies));
        files
    }
}

impl State for RackupStudy {
    const KIND: &'static str = "rackup";
    type Params = RackupParams;
    type Acc = RackupAcc;

    fn params(&self) -> &RackupParams {
        &self.params
    }

    fn from_params(params: RackupParams) -> Result<Self> {
        let base = profile(&params.profile)?;
        let parse = |src: &Source| src.parse("rackup strategy", StrategyConfig::from_toml);
        let strategies = [parse(&params.strategies[0])?, parse(&params.strategies[1])?];
        let own = strategies[0].heuristic_or_shipped();
        let arms = arms();
        let mut games = Vec::new();
        for &arm in &arms {
            let mut profile = base;
            match arm {
                Arm::Spell(s) => profile.players[0].spell = s,
                Arm::SpellAt(s, x) => {
                    profile.players[0].spell = s;
                    if let Some(m) = profile.spells.modifier_mut(s) {
                        (m.accuracy, m.power, m.weight) = (1.0 + x, 1.0 + x, 1.0 + x);
                    }
                }
                Arm::Skill(f) => {
                    profile.players[0].accuracy *= f;
                    profile.players[0].power *= f;
                }
                _ => {}
            }
            let game = RackupGame::new(profile).map_err(|e| anyhow!("arm {}: {e}", arm.name()))?;
            games.push(game);
        }
        let overrides = arms.iter().map(|a| a.strategy(own).map(|config| HeuristicStrategy { config })).collect();
        Ok(Self { params, arms, games, overrides, strategies })
    }

    fn empty(&self) -> RackupAcc {
        RackupAcc::new(self.arms.len())
    }

    /// Every index plays one match per arm: the first arm's results count them.
    fn indices(&self, acc: &RackupAcc) -> u64 {
        acc.arms.first().map_or(0, |a| a.a_result.trials)
    }
}

impl Study for RackupStudy {
    const WORDS: crate::study::Words = words::WORDS;

    /// Per arm, player A's match result (`a_win_rate`, ties as halves) and final points
    /// (`a_points`), and rounds per match (`rounds`).
    fn estimates(&self, acc: &RackupAcc) -> Vec<Tracked> {
        let arms = || self.arms.iter().map(|a| a.name()).zip(&acc.arms);
        let mut out: Vec<Tracked> = arms().map(|(arm, a)| Tracked::rate("a_win_rate", &arm, &a.a_result)).collect();
        out.extend(arms().map(|(arm, a)| Tracked::mean("a_points", &arm, &a.a_points)));
        out.extend(arms().map(|(arm, a)| Tracked::mean("rounds", &arm, &a.rounds)));
        out
    }

    fn simulate(&self, plan: &RunPlan) -> Result<(RackupAcc, RunReport)> {
        engine::with_pair(self.strategies[0], self.strategies[1], Simulate { study: self, plan })
    }

    fn report(&self, acc: &RackupAcc, coverage: &Coverage, out: &StudyOutput) -> Result<String> {
        report::write_tables(&self.arms, acc, out)?;
        report::charts(&self.arms, acc, out)?;
        spells::write(&self.arms, acc, out)?;
        Ok(summary::summary(&self.params, &self.arms, acc, coverage))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::GameSeeds;

    /// Every step of the riichi grid is a policy of its own: on the same
    /// matches, A declares riichi strictly less often at each higher threshold,
    /// and still declares at the highest (a step past the highest finishing
    /// chance would repeat never declaring).
    #[test]
    fn every_riichi_threshold_is_a_different_policy() {
        let game = RackupGame::new(Profile::preset("default").unwrap()).unwrap();
        let shipped = HeuristicStrategy::shipped();
        let mut table = Table::new(&game);
        let seeds = GameSeeds::new(5);
        let counts: Vec<u32> = RIICHI_THRESHOLDS
            .iter()
            .map(|&t| {
                let a = HeuristicStrategy { config: Arm::RiichiAt(t).strategy(shipped.config).unwrap() };
                (0..2000)
                    .map(|i| u32::from(table.play(&game, &mut (a, shipped), &mut seeds.rng(i)).riichi_declared[0]))
                    .sum()
            })
            .collect();
        assert!(counts.windows(2).all(|w| w[0] > w[1]) && counts[counts.len() - 1] > 0, "{counts:?}");
    }
}
