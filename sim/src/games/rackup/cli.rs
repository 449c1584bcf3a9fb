//! `sim rackup`: its options, the profile a duel shares ([`RackupBase`]), and the study they build.

use crate::games::GameBase;
use crate::cli::args::RunArgs;
use crate::cli::args::games_help;
use crate::cli::args::named;
use crate::games::DuelGame;
use crate::games::Settings;
use crate::games::rackup::RackupDuel;
use crate::games::rackup::RackupParams;
use crate::games::rackup::RackupStudy;
use crate::preset;
use crate::study::State;
use anyhow::Result;
use clap::Args;
use engine::config::Presets;
use engine::rackup;
use engine::rackup::Profile;
use engine::rackup::StrategyConfig;

/// Rack-up's shot-model profile (studies and duels).
#[derive(Args)]
pub struct RackupBase {
    /// Shot-model profile: `default` (the built-in profile, the default) or a TOML file.
    #[arg(long, value_name = "NAME|FILE")]
    pub(crate) profile: Option<String>,
}

impl GameBase for RackupBase {
    fn game(&self) -> Result<(DuelGame, Presets)> {
        duel_game(&|_| self.profile.clone())
    }
}

/// `sim rackup`'s games unless told.
const GAMES: u64 = 200_000;

#[derive(Args)]
#[command(mut_arg("games", |a| a.help(games_help(GAMES))))]
pub struct RackupArgs {
    #[command(flatten)]
    pub(crate) run: RunArgs,
    #[command(flatten)]
    pub(crate) base: RackupBase,
    /// Strategy of player A: random, heuristic, heuristic-2026, riichi-never, riichi-always, or a strategy
    /// TOML file (see engine/src/rackup/presets/strategy_heuristic.toml).
    #[arg(long, default_value = "heuristic", value_name = "NAME|FILE")]
    pub(crate) strategy_a: String,
    /// Strategy of player B: random, heuristic, heuristic-2026, riichi-never, riichi-always, or a file.
    #[arg(long, default_value = "heuristic", value_name = "NAME|FILE")]
    pub(crate) strategy_b: String,
}

pub(crate) fn run(args: &RackupArgs) -> Result<String> {
    args.run.at.execute(&rackup_study(args)?, &args.run.plan(GAMES), RackupStudy::KIND)
}

pub(crate) fn rackup_study(args: &RackupArgs) -> Result<RackupStudy> {
    let strategy = |arg: &str| preset::source(arg, &rackup::StrategyConfig::PRESETS);
    let params = RackupParams {
        profile: named(&args.base.profile, &Profile::PRESETS)?,
        strategies: [strategy(&args.strategy_a)?, strategy(&args.strategy_b)?],
    };
    RackupStudy::from_params(params)
}

/// A Rack-up duel's profile as `setting` names it.
pub(super) fn duel_game(setting: &Settings) -> Result<(DuelGame, Presets)> {
    let duel = RackupDuel { profile: named(&setting("profile"), &Profile::PRESETS)? };
    Ok((DuelGame::Rackup(duel), StrategyConfig::PRESETS))
}
