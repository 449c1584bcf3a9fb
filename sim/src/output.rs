//! Where a study's results go, written all-or-nothing.
//!
//! A study writes its tables to `<out>/notebooks-data/<study>/` (Parquet and
//! CSV, one pair per table) and its charts to `<out>/reports/<study>/`, and a
//! table study its `--log-dir` records. All are first written under hidden
//! staging names and only switched into place together by
//! [`StudyOutput::commit`] ([`crate::commit`]); a run that fails part-way
//! leaves no partial files behind, and the previous results stay untouched.

use crate::commit::{self, Folder, Lock};
use anyhow::{Context, Result, bail};
use polars::prelude::{CsvWriter, DataFrame, ParquetWriter, SerWriter};
use std::fs;
use std::path::{Path, PathBuf};

/// The file in a study's chart folder holding the fingerprint of the `state.json` its
/// charts were drawn from ([`crate::saved::sha256_hex`]).
pub const CHARTS_OF: &str = "state.sha256";

/// The staging folders of one study's output, committed at the end.
pub struct StudyOutput {
    data: Folder,
    reports: Folder,
    /// Further folders the study writes (its `--log-dir`).
    side: Vec<Folder>,
    /// Held from the start of the run to the end of the commit (dropped after the folders).
    lock: Lock,
}

impl StudyOutput {
    /// Locks `out` and opens staging folders for `study` under it.
    pub fn create(out: &Path, study: &str) -> Result<Self> {
        Self::create_with(out, study, &[])
    }

    /// [`StudyOutput::create`], also staging the folders `side` (a study's game-log folder,
    /// which must be new, empty, or hold only `game-<index>.jsonl` files), so a bad one
    /// fails before anything is written.
    pub fn create_with(out: &Path, study: &str, side: &[PathBuf]) -> Result<Self> {
        let lock = Lock::acquire(out)?;
        let results = |kind: &str| Folder::stage(&out.join(kind).join(study), |_| Ok(()));
        Ok(Self {
            data: results("notebooks-data")?,
            reports: results("reports")?,
            side: side.iter().map(|dir| Folder::stage(dir, only_game_logs)).collect::<Result<_>>()?,
            lock,
        })
    }

    /// Writes `df` as `<name>.parquet` and `<name>.csv`. The Parquet file is encoded in
    /// memory first (tables are small), so a full disk is reported as the file system says
    /// it, not as the encoder's "Invalid thrift: transport error".
    pub fn table(&self, name: &str, df: &mut DataFrame) -> Result<()> {
        let parquet = self.data.staging.join(format!("{name}.parquet"));
        let mut bytes = Vec::new();
        ParquetWriter::new(&mut bytes).finish(df).with_context(|| format!("cannot encode {}", parquet.display()))?;
        fs::write(&parquet, bytes).with_context(|| format!("cannot write {}", parquet.display()))?;
        let csv = self.data.staging.join(format!("{name}.csv"));
        let mut file = fs::File::create(&csv).with_context(|| format!("cannot create {}", csv.display()))?;
        let mut writer = CsvWriter::new(&mut file).include_header(true);
        SerWriter::finish(&mut writer, df).with_context(|| format!("cannot write {}", csv.display()))?;
        Ok(())
    }

    /// Writes a small text file (run metadata, mergeable state) beside the tables.
    pub fn data_file(&self, name: &str, contents: &str) -> Result<()> {
        let path = self.data.staging.join(name);
        fs::write(&path, contents).with_context(|| format!("cannot write {}", path.display()))
    }

    /// Writes the fingerprint of the saved state, `state_text`, beside the charts
    /// ([`CHARTS_OF`]), so that a report shows them only with the state they were drawn from.
    pub fn mark_charts(&self, state_text: &str) -> Result<()> {
        let path = self.reports.staging.join(CHARTS_OF);
        fs::write(&path, format!("{}\n", crate::saved::sha256_hex(state_text)))
            .with_context(|| format!("cannot write {}", path.display()))
    }

    /// The staging path of chart `name` (without extension).
    pub fn chart(&self, name: &str) -> PathBuf {
        self.reports.staging.join(name)
    }

    /// Moves everything into place in one step; returns the final data and report folders.
    pub fn commit(self) -> Result<(PathBuf, PathBuf)> {
        let folders: Vec<&Folder> = [&self.data, &self.reports].into_iter().chain(&self.side).collect();
        commit::commit(&self.lock, &folders)?;
        Ok((self.data.target.clone(), self.reports.target.clone()))
    }
}

/// A game-log folder may be replaced only when it holds nothing but `game-<index>.jsonl` files.
fn only_game_logs(dir: &Path) -> Result<()> {
    let entries = fs::read_dir(dir).with_context(|| format!("cannot read {}", dir.display()))?;
    for entry in entries {
        let name = entry.with_context(|| format!("cannot read {}", dir.display()))?.file_name();
        let name = name.to_string_lossy();
        let log = name.strip_prefix("game-").and_then(|n| n.strip_suffix(".jsonl"));
        if !log.is_some_and(|i| !i.is_empty() && i.bytes().all(|b| b.is_ascii_digit())) {
            bail!(
                "--log-dir {} holds `{name}`, not a game log: name a new folder, an empty one, or one of \
                 game-<index>.jsonl logs (which the run replaces)",
                dir.display()
            );
        }
    }
    Ok(())
}
