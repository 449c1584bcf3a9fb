//! `sim deviations GAME`: every one-parameter deviation of a strategy against it, with
//! each game's rules options.

use super::args::RunArgs;
use super::drift::DriftBase;
use super::mahjong::TableBase;
use super::medarot::MedarotBase;
use super::rackup::RackupBase;
use crate::deviations::{DeviationsParams, DeviationsStudy};
use crate::duel::DuelGame;
use crate::preset;
use crate::study::State;
use anyhow::Result;
use clap::{Args, Subcommand};

#[derive(Subcommand)]
pub(super) enum DeviationsCommand {
    /// Drift battles on the styles entrants of the line-up's first driver.
    Drift(DeviationsDriftArgs),
    /// Rack-up matches.
    Rackup(DeviationsRackupArgs),
    /// Medarot games over the deck list's pairings.
    Medarot(DeviationsMedarotArgs),
    /// A riichi table, the deviation in each seat against the bot in the others.
    Mahjong(DeviationsMahjongArgs),
}

/// What every deviations run takes.
#[derive(Args)]
pub(super) struct DeviationsRun {
    #[command(flatten)]
    run: RunArgs,
    /// The strategy: a preset or a file (default: heuristic; mahjong: efficiency).
    #[arg(long, value_name = "NAME|FILE")]
    strategy: Option<String>,
    /// A number's deviations lie this fraction of its size apart, two each side.
    #[arg(long, default_value_t = crate::deviations::STEP, value_name = "X")]
    step: f64,
    /// The metric a gain is measured in (default: the game's points; Medarot: the win
    /// rate): win_rate, points, hp (Medarot), average_rank, first_place (mahjong).
    #[arg(long, value_name = "METRIC")]
    objective: Option<String>,
}

#[derive(Args)]
pub(super) struct DeviationsDriftArgs {
    #[command(flatten)]
    run: DeviationsRun,
    #[command(flatten)]
    base: DriftBase,
}

#[derive(Args)]
pub(super) struct DeviationsRackupArgs {
    #[command(flatten)]
    run: DeviationsRun,
    #[command(flatten)]
    base: RackupBase,
}

#[derive(Args)]
pub(super) struct DeviationsMedarotArgs {
    #[command(flatten)]
    run: DeviationsRun,
    #[command(flatten)]
    base: MedarotBase,
}

#[derive(Args)]
pub(super) struct DeviationsMahjongArgs {
    #[command(flatten)]
    run: DeviationsRun,
    #[command(flatten)]
    base: TableBase,
}

/// `sim deviations GAME`: the deviations' table, forest chart and Holm summary.
pub(super) fn run(command: &DeviationsCommand) -> Result<String> {
    let (run, (game, presets)) = match command {
        DeviationsCommand::Drift(a) => (&a.run, a.base.game()?),
        DeviationsCommand::Rackup(a) => (&a.run, a.base.game()?),
        DeviationsCommand::Medarot(a) => (&a.run, a.base.game()?),
        DeviationsCommand::Mahjong(a) => (&a.run, a.base.game()?),
    };
    let mahjong = matches!(game, DuelGame::Mahjong { .. });
    let default = if mahjong { "efficiency" } else { "heuristic" };
    let strategy = preset::source(run.strategy.as_deref().unwrap_or(default), &presets)?;
    let params = DeviationsParams { game, strategy, step: run.step, objective: run.objective.clone() };
    let study = DeviationsStudy::from_params(params)?;
    let default_deals = if mahjong { 500 } else { 10_000 };
    run.run.at.execute(&study, &run.run.plan(default_deals), &format!("deviations-{}", study.game_name()))
}
