//! Strategies: uniform random play and a parameterised heuristic.

use super::RackupGame;
use super::log::{Decl, Distance, Hit, Penalty};
use super::state::{Act, Action, Decision, RackupView};
use crate::{GameRng, Strategy, StrategyChoice, WithStrategy};
use rand::RngExt;
use std::fmt;
use std::str::FromStr;

/// Picks uniformly among the legal actions.
#[derive(Clone, Copy, Debug, Default)]
pub struct RandomStrategy;

impl Strategy<RackupGame> for RandomStrategy {
    fn choose(&mut self, _: &RackupView<'_>, legal: &[Action], rng: &mut GameRng) -> Action {
        legal[rng.random_range(0..legal.len())]
    }
}

/// When to declare riichi.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
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
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PenaltyPolicy {
    /// Always the stun.
    Stun,
    /// Always pay 1.
    Pay,
    /// The stun when the opponent's next shot is unlikely to finish us, else pay.
    Auto,
}

/// Parameters of [`HeuristicStrategy`].
#[derive(Clone, Copy, Debug, PartialEq)]
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
    /// Declare a kan when holding two barricades once riichi is given up.
    pub kan: bool,
    /// Counter the opponent's shot when it finishes us with at least this chance.
    pub counter_threshold: f64,
    /// The riichi-failure penalty.
    pub penalty: PenaltyPolicy,
    /// Place a barricade when own HP is at or below this and none is on the field.
    pub barricade_hp: u8,
}

impl Default for HeuristicConfig {
    fn default() -> Self {
        HeuristicConfig {
            riichi: RiichiPolicy::Likely,
            riichi_threshold: 0.2,
            active_riichi_threshold: 0.08,
            snipe: true,
            meteor: true,
            kan: true,
            counter_threshold: 0.1,
            penalty: PenaltyPolicy::Auto,
            barricade_hp: 3,
        }
    }
}

/// A rule-of-thumb player driven by [`HeuristicConfig`].
#[derive(Clone, Copy, Debug, Default)]
pub struct HeuristicStrategy {
    /// Its parameters.
    pub config: HeuristicConfig,
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

    fn turn(&self, v: &RackupView<'_>) -> Action {
        let me = v.seat as usize;
        let kill = v.shot_kill_chance(v.seat);
        if v.riichi_open() && self.wants_riichi(kill) {
            return Action::Turn { kan: false, act: Act::Shot(Decl::Riichi) };
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
        // A kan also bans riichi: only once riichi is given up or out of reach.
        let riichi_given_up = decl != Decl::None || !v.riichi_open() || self.config.riichi == RiichiPolicy::Never;
        let kan = self.config.kan && v.kan_open() && riichi_given_up;
        // Barricades in hand after a kan, and those a recover could take back.
        let held = v.held()[me] - 2 * u8::from(kan);
        let aside = v.spent()[me] + 2 * u8::from(kan) + v.field()[me];
        let calm = kill < 0.1;
        let act = if held > 0 && calm && v.hp()[me] <= self.config.barricade_hp && v.field()[me] == 0 {
            Act::Place
        } else if held > 0 && calm && v.distance() == Distance::Far {
            Act::Step
        } else if held == 0 && aside > 0 && kill < 0.05 {
            Act::Recover
        } else {
            Act::Shot(decl)
        };
        Action::Turn { kan, act }
    }
}

impl Strategy<RackupGame> for HeuristicStrategy {
    fn choose(&mut self, v: &RackupView<'_>, _: &[Action], _: &mut GameRng) -> Action {
        match v.decision {
            Decision::Declare => self.declare(v),
            Decision::Turn => self.turn(v),
            Decision::Counter(_) => Action::Counter(v.shot_kill_chance(1 - v.seat) >= self.config.counter_threshold),
            Decision::Penalty => Action::Penalty(match self.config.penalty {
                PenaltyPolicy::Stun => Penalty::Stun,
                PenaltyPolicy::Pay => Penalty::Pay,
                PenaltyPolicy::Auto => {
                    if v.shot_kill_chance(1 - v.seat) < 0.15 || v.points()[v.seat as usize] <= 1 {
                        Penalty::Stun
                    } else {
                        Penalty::Pay
                    }
                }
            }),
        }
    }
}

/// Named strategies, parsed from `random`, `heuristic`, `riichi-never`,
/// `riichi-always`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum StrategyKind {
    /// [`RandomStrategy`].
    Random,
    /// [`HeuristicStrategy`] with the default config (riichi when likely to finish).
    Heuristic,
    /// The heuristic that never declares riichi.
    RiichiNever,
    /// The heuristic that declares riichi whenever allowed.
    RiichiAlways,
}

impl StrategyKind {
    /// Every kind, in the order of [`StrategyKind::name`].
    pub const ALL: [StrategyKind; 4] =
        [StrategyKind::Random, StrategyKind::Heuristic, StrategyKind::RiichiNever, StrategyKind::RiichiAlways];

    /// The name `FromStr` accepts.
    pub const fn name(self) -> &'static str {
        match self {
            StrategyKind::Random => "random",
            StrategyKind::Heuristic => "heuristic",
            StrategyKind::RiichiNever => "riichi-never",
            StrategyKind::RiichiAlways => "riichi-always",
        }
    }

    /// The heuristic config of this kind (`None` for random).
    pub fn config(self) -> Option<HeuristicConfig> {
        let riichi = match self {
            StrategyKind::Random => return None,
            StrategyKind::Heuristic => RiichiPolicy::Likely,
            StrategyKind::RiichiNever => RiichiPolicy::Never,
            StrategyKind::RiichiAlways => RiichiPolicy::Always,
        };
        Some(HeuristicConfig { riichi, ..HeuristicConfig::default() })
    }
}

impl StrategyChoice<RackupGame> for StrategyKind {
    fn dispatch<W: WithStrategy<RackupGame>>(self, body: W) -> W::Output {
        match self.config() {
            None => body.with(RandomStrategy),
            Some(config) => body.with(HeuristicStrategy { config }),
        }
    }
}

impl fmt::Display for StrategyKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// An unknown strategy name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownStrategy(pub String);

impl fmt::Display for UnknownStrategy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<&str> = StrategyKind::ALL.iter().map(|k| k.name()).collect();
        write!(f, "unknown rackup strategy {:?} (known: {})", self.0, names.join(", "))
    }
}

impl std::error::Error for UnknownStrategy {}

impl FromStr for StrategyKind {
    type Err = UnknownStrategy;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        StrategyKind::ALL.into_iter().find(|k| k.name() == s).ok_or_else(|| UnknownStrategy(s.to_owned()))
    }
}
