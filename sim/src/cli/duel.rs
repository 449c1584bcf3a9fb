//! `sim duel GAME`: the strategies compared and each game's rules options.

use super::args::RunArgs;
use super::drift::DriftBase;
use super::mahjong::TableBase;
use super::medarot::MedarotBase;
use super::rackup::RackupBase;
use crate::duel::DuelGame;
use crate::duel::DuelParams;
use crate::duel::DuelStudy;
use crate::duel::seating::SeatingMode;
use crate::preset;
use crate::study::State;
use anyhow::Result;
use clap::Args;
use clap::Subcommand;
use clap::ValueEnum;
use engine::Game;

#[derive(Subcommand)]
pub(super) enum DuelCommand {
    /// Drift battles on the styles entrants of the line-up's first driver (strategies:
    /// plain, random, heuristic, heuristic-2026, or strategy files).
    Drift(DuelDriftArgs),
    /// Rack-up matches (strategies: random, heuristic, heuristic-2026, riichi-never, riichi-always, or files).
    Rackup(DuelRackupArgs),
    /// Medarot games over the deck list's pairings (strategies: random, heuristic, heuristic-2026, or files).
    Medarot(DuelMedarotArgs),
    /// A riichi table, 1-vs-rest in every seat: a Ron2 preset's four seats, or Gotō's three
    /// with `--rules goto` (bots: random, efficiency, defensive, or bot files; Gotō's default
    /// leaves out random).
    Mahjong(DuelMahjongArgs),
}

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

#[derive(Args)]
pub(super) struct DuelDriftArgs {
    #[command(flatten)]
    pub(super) duel: DuelRun,
    #[command(flatten)]
    pub(super) base: DriftBase,
}

#[derive(Args)]
pub(super) struct DuelRackupArgs {
    #[command(flatten)]
    pub(super) duel: DuelRun,
    #[command(flatten)]
    pub(super) base: RackupBase,
}

#[derive(Args)]
pub(super) struct DuelMedarotArgs {
    #[command(flatten)]
    pub(super) duel: DuelRun,
    #[command(flatten)]
    pub(super) base: MedarotBase,
}

#[derive(Args)]
pub(super) struct DuelMahjongArgs {
    #[command(flatten)]
    pub(super) duel: DuelRun,
    #[command(flatten)]
    pub(super) base: TableBase,
    /// `rotations`: 1-vs-rest, the focal bot in each seat in turn; `all`: one bot per seat
    /// (as many bots as seats), every deal played in every seating order (24 at four seats).
    #[arg(long, value_enum, default_value = "rotations", value_name = "rotations|all")]
    pub(super) permutations: Permutations,
}

/// `sim duel mahjong --permutations`.
#[derive(Clone, Copy, ValueEnum)]
pub(super) enum Permutations {
    Rotations,
    All,
}

/// The bots a three-seat (Gotō) duel compares by default: not `random`, as three random
/// bots at Gotō's table mostly play to the hand cap (nobody wins, the dealer repeats on
/// every draw), hundreds of hands that measure nothing.
pub(super) const GOTO_DUEL_BOTS: [&str; 2] = ["efficiency", "defensive"];

/// `sim duel GAME`: the strategies' matrix, its tables, charts and summary.
pub(super) fn run(command: &DuelCommand) -> Result<String> {
    let seating = match command {
        DuelCommand::Mahjong(DuelMahjongArgs { permutations: Permutations::All, .. }) => SeatingMode::Permutations,
        _ => SeatingMode::Rotation,
    };
    let (duel, (game, presets)) = match command {
        DuelCommand::Drift(a) => (&a.duel, a.base.game()?),
        DuelCommand::Rackup(a) => (&a.duel, a.base.game()?),
        DuelCommand::Medarot(a) => (&a.duel, a.base.game()?),
        DuelCommand::Mahjong(a) => (&a.duel, a.base.game()?),
    };
    let names: Vec<&str> = match (&duel.strategies, &game) {
        (Some(list), _) => list.split(',').map(str::trim).collect(),
        (None, DuelGame::Mahjong { table }) if table.game()?.num_seats() == 3 => GOTO_DUEL_BOTS.to_vec(),
        (None, _) => presets.list.iter().map(|p| p.0).collect(),
    };
    let strategies = names.iter().map(|n| preset::source(n, &presets)).collect::<Result<Vec<_>>>()?;
    let default_deals = if matches!(game, DuelGame::Mahjong { .. }) { 500 } else { 100_000 };
    let study = DuelStudy::from_params(DuelParams { game, strategies, seating })?;
    duel.run.at.execute(&study, &duel.run.plan(default_deals), &format!("duel-{}", study.game_name()))
}
