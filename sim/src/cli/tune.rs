//! `sim tune FILE`: a tune file (or a built-in example) searched and confirmed.

use super::args::{study_name, threads};
use anyhow::Result;
use clap::Args;
use std::path::PathBuf;

#[derive(Args)]
pub(super) struct TuneArgs {
    /// The tune file, or a built-in example's name.
    #[arg(value_name = "FILE")]
    file: String,
    /// Worker threads (default: all cores); results do not depend on it.
    #[arg(long, value_parser = clap::value_parser!(u16).range(1..))]
    threads: Option<u16>,
    /// Folder under which notebooks-data/<study>/ and reports/<study>/ are written.
    #[arg(long, default_value = "results", value_name = "DIR")]
    out: PathBuf,
    /// Name of the results folders (default: tune-<game>).
    #[arg(long, value_name = "NAME")]
    study: Option<String>,
    /// Replace results of another study already under the same name.
    #[arg(long)]
    force: bool,
}

/// `sim tune FILE`: the search, the confirmation, the tuned strategy file and its report.
pub(super) fn run(args: &TuneArgs) -> Result<String> {
    let file = crate::tune::open(&args.file)?;
    let name = study_name(args.study.as_deref().unwrap_or(&format!("tune-{}", file.game_name)))?;
    crate::tune::execute(&file, threads(args.threads), &args.out, &name, args.force)
}
