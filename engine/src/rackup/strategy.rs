//! Strategies: uniform random play and a parameterised heuristic, chosen by
//! a strategy file ([`StrategyConfig`]; the shipped ones are
//! `presets/strategy_*.toml`).

use super::RackupGame;
use super::log::{Decl, Distance, Hit, Penalty, ShotKind};
use super::state::{Act, Action, Decision, RackupView};
use crate::config::{Presets, strategy_from_toml};
use crate::{GameRng, Strategy, StrategyChoice, WithStrategy};
use rand::RngExt;
use serde::Deserialize;
use std::fmt;

/// Picks uniformly among the legal actions.
#[derive(Clone, Copy, Debug, Default)]
pub struct RandomStrategy;

impl Strategy<RackupGame> for RandomStrategy {
    fn choose(&mut self, _: &RackupView<'_>, legal: &[Action], rng: &mut GameRng) -> Action {
        legal[rng.random_range(0..legal.len())]
    }
}

/// When to declare riichi.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RiichiPolicy {
    /// Never.
    Never,
    /// Before every shot and active shoot where it is allowed.
    Always,
    /// When the shot about to be played finishes the round with at least
    /// [`HeuristicConfig::riichi_threshold`] chance.
    Likely,
}

/// Which riichi-failure penalty to take.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PenaltyPolicy {
    /// Always the stun.
    Stun,
    /// Always pay 1.
    Pay,
    /// The stun when the opponent's next shot is unlikely to finish us, else pay.
    Auto,
}

/// When to declare a kan (槓: two barricades from the hand; a kan bans riichi for
/// the round). Read apart from [`RiichiPolicy`], so that a study of riichi
/// varies riichi alone.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum KanPolicy {
    /// Never.
    Never,
    /// Only once riichi is given up for the round: a call on this shot, or
    /// riichi no longer open.
    AfterRiichi,
    /// On every turn that declares no riichi.
    Always,
}

/// Parameters of [`HeuristicStrategy`] (the shipped values and what each
/// does are in `presets/strategy_heuristic.toml`).
#[derive(Clone, Copy, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HeuristicConfig {
    /// When to declare riichi.
    pub riichi: RiichiPolicy,
    /// Finishing chance at which [`RiichiPolicy::Likely`] declares before a normal shot.
    pub riichi_threshold: f64,
    /// Finishing chance at which [`RiichiPolicy::Likely`] declares before an active shoot.
    pub active_riichi_threshold: f64,
    /// Declare snipe when a beat hit would finish and the distance allows (when
    /// riichi is not declared on that shot; a call gives up riichi for the round).
    pub snipe: bool,
    /// Declare meteor when a flip-out or active out would finish (same proviso).
    pub meteor: bool,
    /// When to declare a kan (holding two barricades).
    pub kan: KanPolicy,
    /// Counter the opponent's shot when it finishes us with at least this chance.
    pub counter_threshold: f64,
    /// The riichi-failure penalty.
    pub penalty: PenaltyPolicy,
    /// Place a barricade when own HP is at or below this and none is on the field.
    pub barricade_hp: u8,
    /// [`PenaltyPolicy::Auto`] takes the stun when the opponent's next shot
    /// finishes us with less than this chance (or when we hold 1 point).
    pub stun_below: f64,
    /// A barricade is placed or stepped with only when our own shot would
    /// finish the round with less than this chance.
    pub calm_below: f64,
    /// Barricades are recovered only when our own shot would finish the round
    /// with less than this chance.
    pub recover_below: f64,
    /// The kind of shot played by default (a way of playing: `charge` for
    /// 猪突猛進, `half` for 半場, `safe` for 鏡花水月, or `plain`).
    pub plan: ShotKind,
    /// The plan gives way to the aimed kind (plain, beat, mine, flip) that
    /// finishes the round most likely when that kind's finishing chance is
    /// more than the plan's by this much.
    pub aim_margin: f64,
    /// At or below this own HP, a safe shot is played when no aimed kind
    /// finishes the round with at least [`HeuristicConfig::safe_below`].
    pub safe_hp: u8,
    /// See [`HeuristicConfig::safe_hp`].
    pub safe_below: f64,
    /// A jump (遊撃手) is played when it finishes the round with at least this
    /// chance (of a jump and a ride both at their thresholds, the likelier).
    pub jump_at: f64,
    /// A ride (登頂) is played when it finishes the round with at least this chance.
    pub ride_at: f64,
}

/// The kinds aimed at a result, among which the heuristic looks for the likeliest finish.
const AIMED: [ShotKind; 4] = [ShotKind::Plain, ShotKind::Beat, ShotKind::Mine, ShotKind::Flip];

impl HeuristicConfig {
    /// Checks that every chance threshold is in `[0, 1]`; names the first bad field.
    pub fn validate(&self) -> Result<(), StrategyError> {
        for (field, p) in [
            ("riichi_threshold", self.riichi_threshold),
            ("active_riichi_threshold", self.active_riichi_threshold),
            ("counter_threshold", self.counter_threshold),
            ("stun_below", self.stun_below),
            ("calm_below", self.calm_below),
            ("recover_below", self.recover_below),
            ("aim_margin", self.aim_margin),
            ("safe_below", self.safe_below),
            ("jump_at", self.jump_at),
            ("ride_at", self.ride_at),
        ] {
            if !(0.0..=1.0).contains(&p) {
                return Err(StrategyError(format!("field `{field}`: {p} is not a chance in [0, 1]")));
            }
        }
        Ok(())
    }
}

/// A rule-of-thumb player driven by [`HeuristicConfig`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct HeuristicStrategy {
    /// Its parameters.
    pub config: HeuristicConfig,
}

impl HeuristicStrategy {
    /// The shipped heuristic (`presets/strategy_heuristic.toml`).
    pub fn shipped() -> Self {
        match StrategyConfig::preset("heuristic") {
            Ok(StrategyConfig::Heuristic(config)) => HeuristicStrategy { config },
            other => unreachable!("the shipped heuristic preset: {other:?}"),
        }
    }
}

impl HeuristicStrategy {
    fn wants_riichi(&self, kill: f64) -> bool {
        match self.config.riichi {
            RiichiPolicy::Never => false,
            RiichiPolicy::Always => true,
            RiichiPolicy::Likely => kill >= self.config.riichi_threshold,
        }
    }

    fn declare(&self, v: &RackupView<'_>) -> Action {
        let kill = v.active_kill_chance(v.seat);
        let riichi = match self.config.riichi {
            RiichiPolicy::Never => false,
            RiichiPolicy::Always => true,
            RiichiPolicy::Likely => kill >= self.config.active_riichi_threshold,
        };
        if v.riichi_open() && riichi {
            Action::Declare(Decl::Riichi)
        } else if self.config.meteor && v.calls_open() && kill > 0.0 {
            Action::Declare(Decl::Meteor)
        } else {
            Action::Declare(Decl::None)
        }
    }

    /// The kind of the next normal shot, and its finishing chance.
    fn kind(&self, v: &RackupView<'_>) -> (ShotKind, f64) {
        let c = &self.config;
        let chances = v.shot_kill_chances(v.seat);
        let kill = |kind: ShotKind| chances[kind as usize];
        let (best, best_kill) = AIMED.iter().fold((ShotKind::Plain, -1.0), |(k, p), &kind| {
            let q = kill(kind);
            if q > p { (kind, q) } else { (k, p) }
        });
        if v.hp()[v.seat as usize] <= c.safe_hp && best_kill < c.safe_below {
            return (ShotKind::Safe, kill(ShotKind::Safe));
        }
        // The likelier of the technique shots that reach their threshold.
        let (jump, ride) = (kill(ShotKind::Jump), kill(ShotKind::Ride));
        match (jump >= c.jump_at, ride >= c.ride_at) {
            (true, ride_too) if !ride_too || jump >= ride => return (ShotKind::Jump, jump),
            (_, true) => return (ShotKind::Ride, ride),
            _ => {}
        }
        let plan = kill(c.plan);
        if best_kill > plan + c.aim_margin { (best, best_kill) } else { (c.plan, plan) }
    }

    fn turn(&self, v: &RackupView<'_>) -> Action {
        let me = v.seat as usize;
        let (kind, kill) = self.kind(v);
        if v.riichi_open() && self.wants_riichi(kill) {
            return Action::Turn { kan: false, act: Act::Shot(Decl::Riichi, kind) };
        }
        // A call that can score on this shot is taken, giving up riichi for the round.
        let target_hp = v.hp()[1 - me];
        let decl = if !v.calls_open() {
            Decl::None
        } else if self.config.snipe && v.distance() >= Distance::Mid && v.damage(Hit::BeatHit) >= target_hp {
            Decl::Snipe
        } else if self.config.meteor && v.damage(Hit::FlipOutPartial) >= target_hp {
            Decl::Meteor
        } else {
            Decl::None
        };
        // A kan also bans riichi for the round.
        let kan = v.kan_open()
            && match self.config.kan {
                KanPolicy::Never => false,
                KanPolicy::AfterRiichi => decl != Decl::None || !v.riichi_open(),
                KanPolicy::Always => true,
            };
        // Barricades in hand after a kan, and those a recover could take back.
        let held = v.held()[me] - 2 * u8::from(kan);
        let aside = v.spent()[me] + 2 * u8::from(kan) + v.field()[me];
        let calm = kill < self.config.calm_below;
        let act = if held > 0 && calm && v.hp()[me] <= self.config.barricade_hp && v.field()[me] == 0 {
            Act::Place
        } else if held > 0 && calm && v.distance() == Distance::Far {
            Act::Step
        } else if held == 0 && aside > 0 && kill < self.config.recover_below {
            Act::Recover
        } else {
            Act::Shot(decl, kind)
        };
        Action::Turn { kan, act }
    }
}

impl Strategy<RackupGame> for HeuristicStrategy {
    fn choose(&mut self, v: &RackupView<'_>, _: &[Action], _: &mut GameRng) -> Action {
        match v.decision {
            Decision::Declare => self.declare(v),
            Decision::Turn => self.turn(v),
            Decision::Counter(_, kind) => {
                Action::Counter(v.shot_kill_chance(1 - v.seat, kind) >= self.config.counter_threshold)
            }
            Decision::Penalty => Action::Penalty(match self.config.penalty {
                PenaltyPolicy::Stun => Penalty::Stun,
                PenaltyPolicy::Pay => Penalty::Pay,
                PenaltyPolicy::Auto => {
                    if v.shot_kill_chance(1 - v.seat, ShotKind::Plain) < self.config.stun_below
                        || v.points()[v.seat as usize] <= 1
                    {
                        Penalty::Stun
                    } else {
                        Penalty::Pay
                    }
                }
            }),
        }
    }
}

/// A Rack-up player's settings, as a strategy file: `strategy = "random"`,
/// or `strategy = "heuristic"` with any of the [`HeuristicConfig`] fields,
/// the others taking the shipped heuristic's values (so
/// `presets/strategy_riichi_never.toml` is that heuristic with `riichi =
/// "never"`).
#[derive(Clone, Copy, Debug, PartialEq, Deserialize)]
#[serde(tag = "strategy", rename_all = "snake_case")]
pub enum StrategyConfig {
    /// [`RandomStrategy`].
    Random,
    /// [`HeuristicStrategy`] with these parameters.
    Heuristic(HeuristicConfig),
}

/// The shipped heuristic, the base of every heuristic strategy file.
const SHIPPED_HEURISTIC: &str = include_str!("presets/strategy_heuristic.toml");

impl StrategyConfig {
    /// The shipped strategy files.
    pub const PRESETS: Presets = Presets {
        kind: "rackup strategy",
        list: &[
            ("random", include_str!("presets/strategy_random.toml")),
            ("heuristic", SHIPPED_HEURISTIC),
            ("heuristic-2026", include_str!("presets/strategy_heuristic_2026.toml")),
            ("riichi-never", include_str!("presets/strategy_riichi_never.toml")),
            ("riichi-always", include_str!("presets/strategy_riichi_always.toml")),
        ],
    };

    /// A shipped strategy by name (see [`StrategyConfig::PRESETS`]).
    pub fn preset(name: &str) -> Result<Self, StrategyError> {
        Self::from_toml(Self::PRESETS.text(name).ok_or_else(|| StrategyError(Self::PRESETS.unknown(name)))?)
    }

    /// Reads a strategy file; a heuristic's missing fields take the shipped
    /// heuristic's values. Errors name line and column, or the field whose
    /// value is out of range.
    pub fn from_toml(text: &str) -> Result<Self, StrategyError> {
        let config =
            strategy_from_toml(text, "heuristic", SHIPPED_HEURISTIC).map_err(|e| StrategyError(e.to_string()))?;
        if let StrategyConfig::Heuristic(h) = &config {
            h.validate()?;
        }
        Ok(config)
    }

    /// This heuristic's parameters (the shipped heuristic's when this is
    /// random): the base of the study's riichi and penalty arms.
    pub fn heuristic_or_shipped(self) -> HeuristicConfig {
        match self {
            StrategyConfig::Heuristic(config) => config,
            StrategyConfig::Random => HeuristicStrategy::shipped().config,
        }
    }

    /// A heuristic that never declares riichi, otherwise as this one (the
    /// shipped heuristic's values when this is random).
    pub fn riichi_never(self) -> HeuristicConfig {
        HeuristicConfig { riichi: RiichiPolicy::Never, ..self.heuristic_or_shipped() }
    }
}

impl StrategyChoice<RackupGame> for StrategyConfig {
    fn dispatch<W: WithStrategy<RackupGame>>(self, body: W) -> W::Output {
        match self {
            StrategyConfig::Random => body.with(RandomStrategy),
            StrategyConfig::Heuristic(config) => body.with(HeuristicStrategy { config }),
        }
    }
}

/// A strategy file that cannot be read, or an unknown strategy name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StrategyError(pub String);

impl fmt::Display for StrategyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for StrategyError {}
