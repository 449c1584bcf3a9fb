//! `sim bench`: every engine's default study timed at 1, 2, … threads.

use super::defaults;
use super::drift::drift_study;
use super::mahjong::TableArgs;
use super::mahjong::four_bots;
use super::mahjong::goto_study;
use super::mahjong::table_params;
use super::medarot::medarot_study;
use super::rackup::rackup_study;
use super::threads;
use crate::bench;
use crate::studies::mahjong::MahjongStudy;
use crate::study::State;
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

/// `sim bench`: every engine's default study at 1, 2, … threads.
pub(super) fn run(args: &BenchArgs) -> Result<String> {
    let most = threads(args.threads);
    let b = bench::Bench {
        seconds: args.seconds,
        threads: (1..=most).collect(),
        allocations: engine::testing::allocations,
    };
    let ron2: TableArgs = defaults(&[])?;
    let goto: TableArgs = defaults(&["--rules", "goto"])?;
    let table_study = |a: &TableArgs| table_params(&a.base.rules, four_bots(&a.bots)?);
    let mut rows = b.measure("drift", &drift_study(&defaults(&[])?)?)?;
    rows.extend(b.measure("rackup", &rackup_study(&defaults(&[])?)?)?);
    rows.extend(b.measure("medarot", &medarot_study(&defaults(&[])?)?)?);
    rows.extend(b.measure("ron2", &MahjongStudy::from_params(table_study(&ron2)?)?)?);
    rows.extend(b.measure("goto", &goto_study(&goto, table_study(&goto)?)?)?);
    let out = crate::output::StudyOutput::create(&args.out, "bench")?;
    let summary = bench::report(&rows, &out)?;
    out.data_file("summary.txt", &summary)?;
    let (data, reports) = out.commit()?;
    Ok(format!("{summary}\nwrote {} and {}", data.display(), reports.display()))
}
