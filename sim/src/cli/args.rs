//! The options every study shares ([`RunArgs`], [`PlayArgs`]) and the helpers each command reads its arguments with: a command's
//! defaults, a preset name or file, the threads and the results folder's name.

use crate::console;
use crate::preset;
use crate::preset::Named;
use crate::runner::RunPlan;
use crate::shard::Shard;
use crate::study;
use crate::study::Growth;
use crate::study::Source;
use crate::study::Study;
use crate::study::grow::Target;
use anyhow::Result;
use anyhow::bail;
use clap::Args;
use clap::FromArgMatches;
use engine::config::Presets;
use indicatif::HumanCount;
use std::path::PathBuf;

/// Options every study takes.
#[derive(Args)]
pub(crate) struct RunArgs {
    /// Number of games in the whole run, all shards together (default: the command's own).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    pub(crate) games: Option<u64>,
    /// Master seed; game i always plays from the stream (seed, i).
    #[arg(long, default_value_t = 7)]
    pub(crate) seed: u64,
    #[command(flatten)]
    pub(crate) at: PlayArgs,
}

impl RunArgs {
    pub(crate) fn plan(&self, default_games: u64) -> RunPlan {
        self.at.plan(self.games.unwrap_or(default_games), self.seed)
    }
}

/// Where and how a run plays and writes (studies and sweeps).
#[derive(Args)]
pub(crate) struct PlayArgs {
    /// Worker threads (default: all cores); results do not depend on it.
    #[arg(long, value_parser = clap::value_parser!(u16).range(1..))]
    pub(crate) threads: Option<u16>,
    /// Play only the K-th of N equal slices of the game indices, e.g. 2/4; `auto` takes K/N
    /// from a Slurm array task's environment, `auto/N` from a Kubernetes Indexed Job's
    /// (JOB_COMPLETION_INDEX, N completions).
    #[arg(long, default_value = "1/1", value_name = "K/N|auto|auto/N")]
    pub(crate) shard: Shard,
    /// Folder under which notebooks-data/<study>/ and reports/<study>/ are written.
    #[arg(long, default_value = "results", value_name = "DIR")]
    pub(crate) out: PathBuf,
    /// Name of the results folders (default: the game's name; `sweep` for a sweep,
    /// duel-<game> for a duel).
    #[arg(long, value_name = "NAME")]
    pub(crate) study: Option<String>,
    /// No progress bar.
    #[arg(long)]
    pub(crate) quiet: bool,
    /// Replace results of another study, or of a larger run, already under the same name.
    #[arg(long)]
    pub(crate) force: bool,
    /// Add batches of the run's games (a sweep: `--games` or the file's) until the metric's 95%
    /// interval is this narrow (in a sweep, every variant's paired difference): "METRIC ±X"
    /// or "METRIC ±X%" (of the value; in a sweep, of the base's); repeatable.
    #[arg(long, value_name = "TARGET")]
    pub(crate) until: Vec<Target>,
    /// Write the running estimates after each batch (`convergence` table and charts): with
    /// --until, after each of its batches; alone, at 20 points of the run's games.
    #[arg(long)]
    pub(crate) convergence: bool,
    /// With --until: the most games to play (default: 100 batches).
    #[arg(long, value_name = "N", requires = "until", value_parser = clap::value_parser!(u64).range(1..))]
    pub(crate) max_games: Option<u64>,
}

impl PlayArgs {
    pub(crate) fn plan(&self, games: u64, seed: u64) -> RunPlan {
        let threads = threads(self.threads);
        RunPlan { games, seed, threads, shard: self.shard, progress: !self.quiet, batch: None }
    }

    pub(crate) fn name(&self, default: &str) -> Result<String> {
        study_name(self.study.as_deref().unwrap_or(default))
    }

    /// Runs `study` as `plan` and the growth options say, its results named `default`
    /// unless `--study` says otherwise.
    pub(crate) fn execute<S: Study>(&self, study: &S, plan: &RunPlan, default: &str) -> Result<String> {
        let growth = Growth { until: self.until.clone(), max_games: self.max_games, convergence: self.convergence };
        study::execute(study, plan, &growth, &self.out, &self.name(default)?, self.force)
    }
}

/// The worker threads of `--threads` (default: all cores), at most the cores: more only
/// time-share them (results do not depend on the count), so a larger count is lowered, with a note.
pub(crate) fn threads(requested: Option<u16>) -> usize {
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

pub(crate) fn study_name(name: &str) -> Result<String> {
    let ok = !name.is_empty() && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_');
    if !ok {
        bail!("study name `{name}` must be letters, digits, `-` or `_`");
    }
    Ok(name.to_string())
}

/// An optional "preset name or file" argument as the settings text it names
/// (`None`: the study's built-in default).
pub(crate) fn named(arg: &Option<String>, presets: &Presets) -> Result<Option<Source>> {
    arg.as_deref().map(|a| preset::source(a, presets)).transpose()
}

/// A file named where a preset name could stand (`None` for a built-in name).
pub(crate) fn file_arg(arg: &str, presets: &Presets) -> Result<Option<Source>> {
    Ok(match preset::resolve(arg, presets)? {
        Named::BuiltIn(_) => None,
        Named::File(source) => Some(source),
    })
}

/// The help of a game's `--games`, its `default` count named.
pub(crate) fn games_help(default: u64) -> String {
    format!("Number of games in the whole run, all shards together (default: {})", HumanCount(default))
}

/// A command's options at their defaults, after `args` (e.g. `["--rules", NAME]`).
pub(crate) fn defaults<A: Args + FromArgMatches>(args: &[&str]) -> Result<A> {
    let matches = A::augment_args(clap::Command::new("sim")).try_get_matches_from([&["sim"], args].concat())?;
    Ok(A::from_arg_matches(&matches)?)
}
