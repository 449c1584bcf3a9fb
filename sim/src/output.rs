//! Where a study's results go, written all-or-nothing.
//!
//! A study writes its tables to `<out>/notebooks-data/<study>/` (Parquet and
//! CSV, one pair per table) and its charts to `<out>/reports/<study>/`. Both
//! folders are first written under hidden staging names and only renamed into
//! place by [`StudyOutput::commit`]; a run that fails part-way leaves no
//! partial files behind, and the previous results stay untouched.

use anyhow::{Context, Result};
use polars::prelude::{CsvWriter, DataFrame, ParquetWriter, SerWriter};
use std::fs;
use std::path::{Path, PathBuf};

/// The staging folders of one study's output, committed at the end.
pub struct StudyOutput {
    data: Staged,
    reports: Staged,
}

struct Staged {
    staging: PathBuf,
    target: PathBuf,
}

impl Staged {
    fn new(parent: PathBuf, study: &str) -> Result<Self> {
        let staging = parent.join(format!(".{study}.partial-{}", std::process::id()));
        if staging.exists() {
            fs::remove_dir_all(&staging).with_context(|| format!("cannot clear {}", staging.display()))?;
        }
        fs::create_dir_all(&staging).with_context(|| format!("cannot create {}", staging.display()))?;
        Ok(Self { staging, target: parent.join(study) })
    }

    fn commit(&self) -> Result<()> {
        if self.target.exists() {
            fs::remove_dir_all(&self.target).with_context(|| format!("cannot replace {}", self.target.display()))?;
        }
        fs::rename(&self.staging, &self.target)
            .with_context(|| format!("cannot move results into {}", self.target.display()))
    }
}

impl Drop for Staged {
    fn drop(&mut self) {
        // After a commit the staging folder no longer exists; otherwise discard it.
        let _ = fs::remove_dir_all(&self.staging);
    }
}

impl StudyOutput {
    /// Opens staging folders for `study` under `out`.
    pub fn create(out: &Path, study: &str) -> Result<Self> {
        Ok(Self {
            data: Staged::new(out.join("notebooks-data"), study)?,
            reports: Staged::new(out.join("reports"), study)?,
        })
    }

    /// Writes `df` as `<name>.parquet` and `<name>.csv`.
    pub fn table(&self, name: &str, df: &mut DataFrame) -> Result<()> {
        let parquet = self.data.staging.join(format!("{name}.parquet"));
        let file = fs::File::create(&parquet).with_context(|| format!("cannot create {}", parquet.display()))?;
        ParquetWriter::new(file).finish(df).with_context(|| format!("cannot write {}", parquet.display()))?;
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

    /// The staging path of chart `name` (without extension).
    pub fn chart(&self, name: &str) -> PathBuf {
        self.reports.staging.join(name)
    }

    /// Moves everything into place; returns the final data and report folders.
    pub fn commit(self) -> Result<(PathBuf, PathBuf)> {
        self.data.commit()?;
        self.reports.commit()?;
        Ok((self.data.target.clone(), self.reports.target.clone()))
    }
}
