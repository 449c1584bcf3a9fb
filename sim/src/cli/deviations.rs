//! `sim deviations GAME`: every one-parameter deviation of a strategy against it, with the
//! game's rules options.

use super::args::RunArgs;
use crate::deviations::{DeviationsParams, DeviationsStudy};
use crate::games::GameBase;
use crate::games::{self, GameKit};
use crate::preset;
use crate::study::State;
use anyhow::Result;
use clap::{Args, Subcommand};

macro_rules! deviations_command {
    ($($game:ident $variant:ident),*) => {
        #[derive(Subcommand)]
        pub(super) enum DeviationsCommand {
            $(
                #[command(about = <games::$game::Kit as GameKit>::ENTRY.deviations_about, long_about = None)]
                $variant(DeviationsArgs<<games::$game::Kit as GameKit>::Base>),
            )*
        }

        impl DeviationsCommand {
            /// What every deviations run takes, and the game's options.
            fn parts(&self) -> (&DeviationsRun, &dyn GameBase) {
                match self {
                    $(DeviationsCommand::$variant(a) => (&a.run, &a.base),)*
                }
            }
        }
    };
}
games::game_list!(deviations_command);

/// What every deviations run takes.
#[derive(Args)]
pub(super) struct DeviationsRun {
    #[command(flatten)]
    run: RunArgs,
    /// The strategy: a preset or a file (default: the game's usual one).
    #[arg(long, value_name = "NAME|FILE")]
    strategy: Option<String>,
    /// A number's deviations lie this fraction of its size apart, two each side.
    #[arg(long, default_value_t = crate::deviations::STEP, value_name = "X")]
    step: f64,
    /// The metric a gain is measured in (default: the game's objective, its points unless
    /// they do not rank the results; at a table with uma: the final score): one of the
    /// game's duel metrics (win_rate, points, score, …).
    #[arg(long, value_name = "METRIC")]
    objective: Option<String>,
}

/// Deviations in the game whose options are `B`.
#[derive(Args)]
pub(super) struct DeviationsArgs<B: GameBase + Args> {
    #[command(flatten)]
    run: DeviationsRun,
    #[command(flatten)]
    base: B,
}

/// `sim deviations GAME`: the deviations' table, forest chart and Holm summary.
pub(super) fn run(command: &DeviationsCommand) -> Result<String> {
    let (run, base) = command.parts();
    let (game, presets) = base.game()?;
    let (default, default_deals) = game.rules().deviations_defaults();
    let strategy = preset::source(run.strategy.as_deref().unwrap_or(default), &presets)?;
    let params = DeviationsParams { game, strategy, step: run.step, objective: run.objective.clone() };
    let study = DeviationsStudy::from_params(params)?;
    run.run.at.execute(&study, &run.run.plan(default_deals), &format!("deviations-{}", study.game_name()))
}
