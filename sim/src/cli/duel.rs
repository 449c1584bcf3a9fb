//! `sim duel GAME`: the strategies compared and the game's rules options.

use super::args::RunArgs;
use crate::duel::{DuelParams, DuelStudy};
use crate::games::GameBase;
use crate::games::{self, GameKit};
use crate::preset;
use crate::study::State;
use anyhow::Result;
use clap::{Args, Subcommand};

macro_rules! duel_command {
    ($($game:ident $variant:ident),*) => {
        #[derive(Subcommand)]
        pub(super) enum DuelCommand {
            $(
                #[command(about = <games::$game::Kit as GameKit>::ENTRY.duel_about, long_about = None)]
                $variant(DuelArgs<<games::$game::Kit as GameKit>::DuelBase>),
            )*
        }

        impl DuelCommand {
            /// What every duel takes, and the game's options.
            fn parts(&self) -> (&DuelRun, &dyn GameBase) {
                match self {
                    $(DuelCommand::$variant(a) => (&a.duel, &a.base),)*
                }
            }
        }
    };
}
games::game_list!(duel_command);

/// What every duel takes.
#[derive(Args)]
pub(super) struct DuelRun {
    #[command(flatten)]
    pub(super) run: RunArgs,
    /// The strategies compared, comma-separated: presets or files (default: every built-in
    /// strategy of the game).
    #[arg(long, value_name = "NAMES")]
    pub(super) strategies: Option<String>,
}

/// A duel of the game whose options are `B`.
#[derive(Args)]
pub(super) struct DuelArgs<B: GameBase + Args> {
    #[command(flatten)]
    pub(super) duel: DuelRun,
    #[command(flatten)]
    pub(super) base: B,
}

/// `sim duel GAME`: the strategies' matrix, its tables, charts and summary.
pub(super) fn run(command: &DuelCommand) -> Result<String> {
    let (duel, base) = command.parts();
    let (game, presets) = base.game()?;
    let names: Vec<&str> = match &duel.strategies {
        Some(list) => list.split(',').map(str::trim).collect(),
        None => game.rules().duel_strategies(&presets)?,
    };
    let strategies = names.iter().map(|n| preset::source(n, &presets)).collect::<Result<Vec<_>>>()?;
    let default_deals = game.rules().duel_deals();
    let study = DuelStudy::from_params(DuelParams { game, strategies, seating: base.seating() })?;
    duel.run.at.execute(&study, &duel.run.plan(default_deals), &format!("duel-{}", study.game_name()))
}
