//! `sim merge`: shards' saved states added up into one study.

use super::args::study_name;
use crate::kinds::{ForKind, for_kind};
use crate::study::{self, RulesFiles, Study};
use anyhow::Result;
use clap::Args;
use std::path::Path;
use std::path::PathBuf;

#[derive(Args)]
pub(super) struct MergeArgs {
    /// Result folders of the shards (each holding a state.json, e.g. a/notebooks-data/<study>),
    /// or the --out roots the shards wrote to (each holding one study, e.g. a).
    #[arg(required = true, value_name = "DIR")]
    pub(super) shards: Vec<PathBuf>,
    /// Folder under which the merged notebooks-data/<study>/ and reports/<study>/ are written.
    #[arg(long, default_value = "results", value_name = "DIR")]
    pub(super) out: PathBuf,
    /// Name of the merged results folders (default: the game's name).
    #[arg(long, value_name = "NAME")]
    pub(super) study: Option<String>,
    /// Merge an incomplete set of shards (the results are labelled partial); without it,
    /// a missing shard is an error.
    #[arg(long)]
    pub(super) partial: bool,
    /// Replace results of another study, or of a larger run, already under the same name.
    #[arg(long)]
    pub(super) force: bool,
}

pub(super) fn run(args: &MergeArgs) -> Result<String> {
    let folders = args.shards.iter().map(|d| study::study_folder(d)).collect::<Result<Vec<_>>>()?;
    let dirs: Vec<&Path> = folders.iter().map(PathBuf::as_path).collect();
    let kind = study::saved_kind(dirs[0])?;
    let name = study_name(args.study.as_deref().unwrap_or(&kind))?;
    for_kind(&kind, dirs[0], Merge { dirs: &dirs, args, name: &name })
}

/// The shards of one merge.
struct Merge<'a> {
    dirs: &'a [&'a Path],
    args: &'a MergeArgs,
    name: &'a str,
}

impl ForKind for Merge<'_> {
    type Out = String;

    fn run<S: Study>(self) -> Result<String>
    where
        S::Params: RulesFiles,
    {
        let a = self.args;
        study::merge::<S>(self.dirs, &a.out, self.name, a.partial, a.force)
    }
}
