//! `sim drift`: its options, the line-up and rules a duel shares ([`DriftBase`]), and the study they build.

use crate::games::GameBase;
use crate::cli::args::RunArgs;
use crate::cli::args::games_help;
use crate::cli::args::named;
use crate::games::DuelGame;
use crate::games::Settings;
use crate::games::drift::DriftDuel;
use crate::games::drift::DriftParams;
use crate::games::drift::DriftStudy;
use crate::games::drift::Mode;
use crate::preset;
use crate::study::State;
use anyhow::Result;
use clap::Args;
use engine::config::Presets;
use engine::drift::DriftRules;
use engine::drift::Lineup;
use engine::drift::strategy::StrategyConfig;

/// `sim drift`'s games unless told.
const GAMES: u64 = 1_000_000;

#[derive(Args)]
#[command(mut_arg("games", |a| a.help(games_help(GAMES))))]
pub struct DriftArgs {
    #[command(flatten)]
    pub(crate) run: RunArgs,
    /// Who plays whom: `styles` (each of the 22 styles against the style-less driver in
    /// every kind of battle where it acts), `chase` (the chase styles, every one against
    /// every other), `solo` (solo runs, 単走), `team` (the line-up's teams, 団体戦; the
    /// built-in `teams` line-up by default), `lineup` (the line-up's drivers in chases),
    /// `play` (each style's gain under plain, random and heuristic play, paired) or `cars`
    /// (each style's gain over a grid of car speed, horsepower and driver rank, paired).
    #[arg(long, value_enum, default_value_t = Mode::Styles)]
    pub(crate) mode: Mode,
    #[command(flatten)]
    pub(crate) base: DriftBase,
    /// Base driver of `styles`, `chase` and `solo` modes, by name (default: the line-up's first).
    #[arg(long, value_name = "NAME")]
    pub(crate) driver: Option<String>,
    /// Strategy of side A: plain, random, heuristic, heuristic-2026, or a strategy TOML file (see
    /// engine/src/drift/presets/strategy_heuristic.toml).
    #[arg(long, default_value = "heuristic", value_name = "NAME|FILE")]
    pub(crate) strategy_a: String,
    /// Strategy of side B: plain, random, heuristic, heuristic-2026, or a strategy TOML file.
    #[arg(long, default_value = "heuristic", value_name = "NAME|FILE")]
    pub(crate) strategy_b: String,
}

/// A drift battle's line-up and rules (studies and duels).
#[derive(Args)]
pub struct DriftBase {
    /// Line-up of drivers, cars and styles: a built-in one (example, styles, teams) or a
    /// TOML file (default: the built-in example).
    #[arg(long, value_name = "NAME|FILE")]
    pub(crate) lineup: Option<String>,
    /// Rules: a built-in preset (default, continuous_deck, no_jokers) or a TOML file
    /// (default: the seed's rules).
    #[arg(long, value_name = "NAME|FILE")]
    pub(crate) rules: Option<String>,
}

impl GameBase for DriftBase {
    fn game(&self) -> Result<(DuelGame, Presets)> {
        duel_game(&|k| if k == "lineup" { self.lineup.clone() } else { self.rules.clone() })
    }
}

pub(crate) fn run(args: &DriftArgs) -> Result<String> {
    args.run.at.execute(&drift_study(args)?, &args.run.plan(GAMES), DriftStudy::KIND)
}

pub(crate) fn drift_study(args: &DriftArgs) -> Result<DriftStudy> {
    let strategy = |arg: &str| preset::source(arg, &StrategyConfig::PRESETS);
    let params = DriftParams {
        mode: args.mode,
        lineup: named(&args.base.lineup, &Lineup::PRESETS)?,
        rules: named(&args.base.rules, &DriftRules::PRESETS)?,
        driver: args.driver.clone(),
        strategies: [strategy(&args.strategy_a)?, strategy(&args.strategy_b)?],
    };
    DriftStudy::from_params(params)
}

/// A drift duel's line-up and rules as `setting` names them by key.
pub(super) fn duel_game(setting: &Settings) -> Result<(DuelGame, Presets)> {
    let duel = DriftDuel {
        lineup: named(&setting("lineup"), &Lineup::PRESETS)?,
        rules: named(&setting("rules"), &DriftRules::PRESETS)?,
    };
    Ok((DuelGame::Drift(duel), StrategyConfig::PRESETS))
}
