//! A study's saved tables (`<folder>/<name>.parquet`) as the report's answers read them:
//! by column name, rows as plain values, and anything missing (a table, a column, a
//! value) as absent rather than an error, so an answer built from an older or newer
//! study leaves out what it cannot say instead of failing the page.

use polars::prelude::{DataFrame, DataType, ParquetReader, SerReader};
use std::path::Path;

/// One saved table.
pub struct Table {
    frame: DataFrame,
}

impl Table {
    /// The table `name` of the study in `folder`, if it is there and readable.
    pub fn read(folder: &Path, name: &str) -> Option<Table> {
        let file = std::fs::File::open(folder.join(format!("{name}.parquet"))).ok()?;
        ParquetReader::new(file).finish().ok().map(|frame| Table { frame })
    }

    /// Its rows.
    pub fn rows(&self) -> usize {
        self.frame.height()
    }

    /// A numeric column (`None` where a value is missing or not a number).
    pub fn numbers(&self, column: &str) -> Option<Vec<Option<f64>>> {
        let c = self.frame.column(column).ok()?.cast(&DataType::Float64).ok()?;
        Some(c.f64().ok()?.iter().map(|v| v.filter(|v| v.is_finite())).collect())
    }

    /// A text column (missing values empty).
    pub fn texts(&self, column: &str) -> Option<Vec<String>> {
        let c = self.frame.column(column).ok()?.cast(&DataType::String).ok()?;
        Some(c.str().ok()?.iter().map(|v| v.unwrap_or_default().to_string()).collect())
    }

    /// A true/false column (missing values false).
    pub fn flags(&self, column: &str) -> Option<Vec<bool>> {
        let c = self.frame.column(column).ok()?.cast(&DataType::Boolean).ok()?;
        Some(c.bool().ok()?.iter().map(|v| v.unwrap_or(false)).collect())
    }
}

/// Writes `df` as the table `name` in `dir`, as a study writes it (for tests of what reads it).
#[cfg(test)]
pub(crate) fn write_table(dir: &Path, name: &str, mut df: polars::prelude::DataFrame) {
    let file = std::fs::File::create(dir.join(format!("{name}.parquet"))).unwrap();
    polars::prelude::ParquetWriter::new(file).finish(&mut df).unwrap();
}
