//! `sim report`: the studies it runs, or is given, on one page.

use super::Cli;
use super::args::threads;
use anyhow::Result;
use clap::Args;
use clap::Parser;
use std::path::PathBuf;

#[derive(Args)]
pub(super) struct ReportArgs {
    /// Build the page from these results (study folders, `--out` roots, a bench folder)
    /// without playing anything.
    #[arg(long, num_args = 1.., value_name = "DIR")]
    pub(super) from: Vec<PathBuf>,
    /// Multiplies the game counts of the studies the report runs.
    #[arg(long, default_value_t = 1.0, value_parser = positive_scale, conflicts_with = "from", value_name = "X")]
    pub(super) games_scale: f64,
    /// Worker threads of the studies it runs (default: all cores).
    #[arg(long, value_parser = clap::value_parser!(u16).range(1..), conflicts_with = "from")]
    pub(super) threads: Option<u16>,
    /// Folder under which reports/index.html (and the studies it runs) are written.
    #[arg(long, default_value = "results", value_name = "DIR")]
    pub(super) out: PathBuf,
    /// Do not print each command the report runs.
    #[arg(long)]
    pub(super) quiet: bool,
}

/// A `--games-scale` value: a positive factor, at most 1000.
pub(super) fn positive_scale(s: &str) -> Result<f64, String> {
    match s.parse::<f64>() {
        Ok(v) if v > 0.0 && v <= 1000.0 => Ok(v),
        _ => Err(format!("`{s}` is not a scale in (0, 1000]")),
    }
}

/// `sim report`: the studies it runs (or is given), on one page.
pub(super) fn run(args: &ReportArgs) -> Result<String> {
    let start = std::time::Instant::now();
    let (sections, threads) = if args.from.is_empty() {
        let threads = threads(args.threads);
        let run = |line: &[String]| super::run(&Cli::try_parse_from(line)?).map(drop);
        (crate::report::run_all(&args.out, args.games_scale, threads, args.quiet, run)?, Some(threads))
    } else {
        (args.from.iter().map(|d| crate::report::read(d)).collect::<Result<Vec<_>>>()?, None)
    };
    let manifest = crate::report::manifest::Manifest::here(threads, start.elapsed().as_secs_f64());
    let page = crate::report::write(&args.out, &sections, &manifest)?;
    Ok(format!("wrote {} ({} studies, {:.1} s)", page.display(), sections.len(), manifest.wall_seconds))
}
