//! `sim sweep` and `sim plan`: a sweep file played, or piloted to plan its games.

use super::args::PlayArgs;
use super::args::threads;
use crate::runner::RunPlan;
use crate::study::State;
use crate::study::grow::Target;
use crate::sweep::SweepStudy;
use anyhow::Context;
use anyhow::Result;
use clap::Args;

#[derive(Args)]
pub(super) struct SweepArgs {
    /// The sweep file (TOML): game, base, games, seed, metrics, [[variant]] entries, [grid];
    /// or a shipped one by name (engine/src/<game>/presets/sweep_*.toml without `.toml`).
    #[arg(value_name = "FILE")]
    pub(super) file: String,
    /// Games of the run (with --until, of each batch) instead of the file's `games`.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    pub(super) games: Option<u64>,
    /// Master seed instead of the file's `seed`.
    #[arg(long)]
    pub(super) seed: Option<u64>,
    /// Re-tune these strategy parameters (comma-separated dotted keys) for every arm and
    /// report every effect under play unchanged and play adapted, instead of the file's `adapt`.
    #[arg(long, value_delimiter = ',', value_name = "KEYS")]
    pub(super) adapt: Option<Vec<String>>,
    #[command(flatten)]
    pub(super) at: PlayArgs,
}

#[derive(Args)]
pub(super) struct PlanArgs {
    /// The sweep file (TOML) or a shipped one's name, as `sim sweep` reads it.
    #[arg(value_name = "FILE")]
    pub(super) file: String,
    /// The precision wanted: "METRIC ±X" or "METRIC ±X%" (of the base value); repeatable.
    #[arg(long, required = true, value_name = "TARGET")]
    pub(super) target: Vec<Target>,
    /// Games of the pilot (default: the file's `games`).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(2..))]
    pub(super) pilot: Option<u64>,
    /// Worker threads (default: all cores); results do not depend on it.
    #[arg(long, value_parser = clap::value_parser!(u16).range(1..))]
    pub(super) threads: Option<u16>,
}

pub(super) fn sweep(args: &SweepArgs) -> Result<String> {
    let threads = threads(args.at.threads);
    let study = SweepStudy::open(&args.file, args.adapt.clone(), threads)?.run_as(args.games, args.seed);
    let (games, seed) = study.games_and_seed();
    args.at.execute(&study, &args.at.plan(games, seed), SweepStudy::KIND)
}

pub(super) fn plan(args: &PlanArgs) -> Result<String> {
    let threads = threads(args.threads);
    let study = SweepStudy::open(&args.file, None, threads)?;
    let (games, seed) = study.games_and_seed();
    let pilot = args.pilot.unwrap_or(games);
    let run = RunPlan::new(pilot, seed, threads);
    let metrics = study.metrics();
    let targets = args
        .target
        .iter()
        .map(|t| Ok((t.clone(), study.metric_index(t).context("--target")?)))
        .collect::<Result<Vec<_>>>()?;
    let (acc, _) = study.play(&run, 0..pilot)?;
    Ok(crate::sweep::plan::table(&acc, &metrics, &study.variant_names(), &targets))
}
