//! `sim bench`: every engine's default study timed at 1, 2, … threads.

use super::args::threads;
use crate::bench;
use crate::games::each_default_study;
use crate::study::EachStudy;
use crate::study::Study;
use anyhow::Result;
use clap::Args;
use std::path::PathBuf;

#[derive(Args)]
pub(super) struct BenchArgs {
    /// Seconds per engine and thread count.
    #[arg(long, default_value_t = 3.0, value_parser = positive_seconds, value_name = "S")]
    pub(super) seconds: f64,
    /// The most threads (default: all cores).
    #[arg(long, value_parser = clap::value_parser!(u16).range(1..))]
    pub(super) threads: Option<u16>,
    /// Folder under which notebooks-data/bench/ and reports/bench/ are written.
    #[arg(long, default_value = "results", value_name = "DIR")]
    pub(super) out: PathBuf,
}

/// A `--seconds` value: a positive number of seconds, at most an hour.
pub(super) fn positive_seconds(s: &str) -> Result<f64, String> {
    match s.parse::<f64>() {
        Ok(v) if v > 0.0 && v <= 3600.0 => Ok(v),
        _ => Err(format!("`{s}` is not a number of seconds in (0, 3600]")),
    }
}

/// The rows of every study measured.
struct Measured {
    bench: bench::Bench,
    rows: Vec<bench::Row>,
}

impl EachStudy for Measured {
    fn study<S: Study>(&mut self, name: &str, study: &S) -> Result<()> {
        self.rows.extend(self.bench.measure(name, study)?);
        Ok(())
    }
}

/// `sim bench`: every engine's default study at 1, 2, … threads.
pub(super) fn run(args: &BenchArgs) -> Result<String> {
    let most = threads(args.threads);
    let b = bench::Bench {
        seconds: args.seconds,
        threads: (1..=most).collect(),
        allocations: engine::testing::allocations,
    };
    let mut measured = Measured { bench: b, rows: Vec::new() };
    each_default_study(&mut measured)?;
    let rows = measured.rows;
    let out = crate::output::StudyOutput::create(&args.out, "bench")?;
    let summary = bench::report(&rows, &out)?;
    out.data_file("summary.txt", &summary)?;
    let (data, reports) = out.commit()?;
    Ok(format!("{summary}\nwrote {} and {}", data.display(), reports.display()))
}
