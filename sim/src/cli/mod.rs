//! The `sim` command line: clap's definitions, one module per command (its options and
//! what it runs), and the options every study shares ([`RunArgs`], [`PlayArgs`]).

mod bench;
mod deviations;
use crate::games::drift::cli as drift;
mod duel;
use crate::games::mahjong::cli as mahjong;
use crate::games::medarot::cli as medarot;
mod merge;
use crate::games::rackup::cli as rackup;
mod report;
mod sweep;
mod tune;

use crate::console;
use crate::games::mahjong::play::MahjongStudy;
use crate::preset;
use crate::preset::Named;
use crate::runner::RunPlan;
use crate::shard::Shard;
use crate::study;
use crate::study::Growth;
use crate::study::Source;
use crate::study::grow::Target;
use crate::study::{State, Study};
use anyhow::Result;
use anyhow::bail;
use bench::BenchArgs;
use clap::Args;
use clap::FromArgMatches;
use clap::Parser;
use clap::Subcommand;
use deviations::DeviationsCommand;
use drift::DriftArgs;
use duel::DuelCommand;
use engine::config::Presets;
use mahjong::MahjongCommand;
use mahjong::{TableArgs, four_bots, table_params};
use medarot::MedarotArgs;
use merge::MergeArgs;
use rackup::RackupArgs;
use report::ReportArgs;
use std::path::PathBuf;
use sweep::PlanArgs;
use sweep::SweepArgs;
use tune::TuneArgs;

/// Monte Carlo studies of Japanese tabletop games (Midnight Wolves drift battles, riichi
/// mahjong at Ron2's and Gotō's tables with Gotō's chips, Medarot, Rack-up Battle): seeded
/// games played in parallel, aggregated into Parquet/CSV tables, PNG/SVG charts and a
/// summary.
#[derive(Parser)]
#[command(name = "sim", version, propagate_version = true)]
pub struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Midnight Wolves drift battle: battle styles or a line-up's drivers against each other.
    Drift(DriftArgs),
    /// Mahjong: hand tools (score, shanten; JSON lines), the Ron2 four-player table (play,
    /// calibrate), Gotō's three-seat table (play --rules goto) and its chips (chips), mjai
    /// replays (replay).
    #[command(subcommand)]
    Mahjong(MahjongCommand),
    /// Medarot card game, advance mode: deck matrix, acting first, card ablation, stat prices, HP.
    Medarot(MedarotArgs),
    /// Rack-up Battle: yaku frequency, riichi EV, spells and skill, on the same streams.
    Rackup(RackupArgs),
    /// Compare house-rule variants on the same seeded games (a sweep file; see GUIDE.md):
    /// paired differences from the base with 95% intervals, tables and forest plots.
    Sweep(SweepArgs),
    /// Strategy matrices with seat rotation: every strategy against every other, each deal
    /// played once per seating (both sides; each seat of 1-vs-rest at a mahjong table), with
    /// paired intervals, a ranking, Holm-flagged "better than" claims and matrix charts
    /// (`--games` counts deals; default 100,000, mahjong 500).
    #[command(subcommand)]
    Duel(DuelCommand),
    /// Is the strategy beaten by a small change of itself? It plays against itself and
    /// every one-parameter deviation of it against it (numbers two steps either side,
    /// switches flipped), on the same deals with seat rotation: each deviation's gain with a
    /// paired interval, Holm-adjusted (`--games` counts deals; default 10,000, mahjong 500).
    #[command(subcommand)]
    Deviations(DeviationsCommand),
    /// Tune a strategy's parameters (a tune file or a built-in example: tune_rackup,
    /// tune_drift, tune_medarot, tune_mahjong; see GUIDE.md): a search paired on the same
    /// deals, then the tuned strategy against the start on unseen deals; writes the tuned
    /// strategy file, the search trace and a convergence chart.
    Tune(TuneArgs),
    /// Plan a sweep: from a short pilot of the file's games, the games each target needs.
    Plan(PlanArgs),
    /// Add up the results of shards (`--shard K/N` runs) into one study.
    Merge(MergeArgs),
    /// Games per second of every engine's default study at 1, 2, … up to the cores
    /// threads, the scaling efficiency and the allocations per game (results `bench`).
    Bench(BenchArgs),
    /// One shareable page, reports/index.html: every game's default study (sized for a few
    /// minutes), an example sweep and a short bench, or `--from` studies already run.
    Report(ReportArgs),
}

/// Runs one command; its summary, or the error.
pub fn run(cli: &Cli) -> Result<String> {
    match &cli.command {
        Command::Drift(a) => drift::run(a),
        Command::Mahjong(c) => mahjong::run(c),
        Command::Medarot(a) => medarot::run(a),
        Command::Rackup(a) => rackup::run(a),
        Command::Sweep(a) => sweep::sweep(a),
        Command::Duel(c) => duel::run(c),
        Command::Deviations(c) => deviations::run(c),
        Command::Tune(a) => tune::run(a),
        Command::Plan(a) => sweep::plan(a),
        Command::Merge(a) => merge::run(a),
        Command::Bench(a) => bench::run(a),
        Command::Report(a) => report::run(a),
    }
}

/// Something done with each game's default study.
pub trait EachStudy {
    /// Does it with the study `name`d (`drift`, `rackup`, `medarot`, `ron2`, `goto`).
    fn study<S: Study>(&mut self, name: &str, study: &S) -> Result<()>;
}

/// Every game's default study (its command's defaults), in one list: what `sim bench`
/// measures and the generic study check of every game (`sim/tests/every_study.rs`) plays.
pub fn each_default_study(f: &mut impl EachStudy) -> Result<()> {
    let ron2: TableArgs = defaults(&[])?;
    let goto: TableArgs = defaults(&["--rules", "goto"])?;
    let table_study = |a: &TableArgs| table_params(&a.base.rules, four_bots(&a.bots)?);
    f.study("drift", &drift::drift_study(&defaults(&[])?)?)?;
    f.study("rackup", &rackup::rackup_study(&defaults(&[])?)?)?;
    f.study("medarot", &medarot::medarot_study(&defaults(&[])?)?)?;
    f.study("ron2", &MahjongStudy::from_params(table_study(&ron2)?)?)?;
    f.study("goto", &mahjong::goto_study(&goto, table_study(&goto)?)?)
}

/// Options every study takes.
#[derive(Args)]
pub(super) struct RunArgs {
    /// Number of games in the whole run, all shards together (default: 1,000,000 for
    /// drift, 200,000 for rackup and medarot, 10,000 hanchan for mahjong).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    pub(super) games: Option<u64>,
    /// Master seed; game i always plays from the stream (seed, i).
    #[arg(long, default_value_t = 7)]
    pub(super) seed: u64,
    #[command(flatten)]
    pub(super) at: PlayArgs,
}

impl RunArgs {
    pub(super) fn plan(&self, default_games: u64) -> RunPlan {
        self.at.plan(self.games.unwrap_or(default_games), self.seed)
    }
}

/// Where and how a run plays and writes (studies and sweeps).
#[derive(Args)]
pub(super) struct PlayArgs {
    /// Worker threads (default: all cores); results do not depend on it.
    #[arg(long, value_parser = clap::value_parser!(u16).range(1..))]
    pub(super) threads: Option<u16>,
    /// Play only the K-th of N equal slices of the game indices, e.g. 2/4; `auto` takes K/N
    /// from a Slurm array task's environment, `auto/N` from a Kubernetes Indexed Job's
    /// (JOB_COMPLETION_INDEX, N completions).
    #[arg(long, default_value = "1/1", value_name = "K/N|auto|auto/N")]
    pub(super) shard: Shard,
    /// Folder under which notebooks-data/<study>/ and reports/<study>/ are written.
    #[arg(long, default_value = "results", value_name = "DIR")]
    pub(super) out: PathBuf,
    /// Name of the results folders (default: the game's name; `sweep` for a sweep,
    /// duel-<game> for a duel).
    #[arg(long, value_name = "NAME")]
    pub(super) study: Option<String>,
    /// No progress bar.
    #[arg(long)]
    pub(super) quiet: bool,
    /// Replace results of another study, or of a larger run, already under the same name.
    #[arg(long)]
    pub(super) force: bool,
    /// Add batches of the run's games (a sweep: `--games` or the file's) until the metric's 95%
    /// interval is this narrow (in a sweep, every variant's paired difference): "METRIC ±X"
    /// or "METRIC ±X%" (of the value; in a sweep, of the base's); repeatable.
    #[arg(long, value_name = "TARGET")]
    pub(super) until: Vec<Target>,
    /// Write the running estimates after each batch (`convergence` table and charts): with
    /// --until, after each of its batches; alone, at 20 points of the run's games.
    #[arg(long)]
    pub(super) convergence: bool,
    /// With --until: the most games to play (default: 100 batches).
    #[arg(long, value_name = "N", requires = "until", value_parser = clap::value_parser!(u64).range(1..))]
    pub(super) max_games: Option<u64>,
}

impl PlayArgs {
    pub(super) fn plan(&self, games: u64, seed: u64) -> RunPlan {
        let threads = threads(self.threads);
        RunPlan { games, seed, threads, shard: self.shard, progress: !self.quiet, batch: None }
    }

    pub(super) fn name(&self, default: &str) -> Result<String> {
        study_name(self.study.as_deref().unwrap_or(default))
    }

    /// Runs `study` as `plan` and the growth options say, its results named `default`
    /// unless `--study` says otherwise.
    pub(super) fn execute<S: Study>(&self, study: &S, plan: &RunPlan, default: &str) -> Result<String> {
        let growth = Growth { until: self.until.clone(), max_games: self.max_games, convergence: self.convergence };
        study::execute(study, plan, &growth, &self.out, &self.name(default)?, self.force)
    }
}

/// The worker threads of `--threads` (default: all cores), at most the cores: more only
/// time-share them (results do not depend on the count), so a larger count is lowered, with a note.
pub(super) fn threads(requested: Option<u16>) -> usize {
    let cores = std::thread::available_parallelism().map_or(1, usize::from);
    match requested.map(usize::from) {
        Some(n) if n > cores => {
            console::note(&format!("note: --threads {n} lowered to {cores}, the cores available here"));
            cores
        }
        Some(n) => n,
        None => cores,
    }
}

pub(super) fn study_name(name: &str) -> Result<String> {
    let ok = !name.is_empty() && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_');
    if !ok {
        bail!("study name `{name}` must be letters, digits, `-` or `_`");
    }
    Ok(name.to_string())
}

/// An optional "preset name or file" argument as the settings text it names
/// (`None`: the study's built-in default).
pub(super) fn named(arg: &Option<String>, presets: &Presets) -> Result<Option<Source>> {
    arg.as_deref().map(|a| preset::source(a, presets)).transpose()
}

/// A file named where a preset name could stand (`None` for a built-in name).
pub(super) fn file_arg(arg: &str, presets: &Presets) -> Result<Option<Source>> {
    Ok(match preset::resolve(arg, presets)? {
        Named::BuiltIn(_) => None,
        Named::File(source) => Some(source),
    })
}

/// A command's options at their defaults, after `args` (e.g. `["--rules", "goto"]`).
pub(super) fn defaults<A: Args + FromArgMatches>(args: &[&str]) -> Result<A> {
    let matches = A::augment_args(clap::Command::new("sim")).try_get_matches_from([&["sim"], args].concat())?;
    Ok(A::from_arg_matches(&matches)?)
}
