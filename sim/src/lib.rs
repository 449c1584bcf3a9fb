//! The simulation side of the toolkit: the seeded parallel runner, streaming
//! statistics, polars tables, plotters charts, and the studies behind the
//! `sim` command-line tool.
//!
//! The path every study follows: seeded games played in parallel
//! ([`runner`]) → per-worker accumulators of exact integer statistics
//! ([`stats`]) merged at the end → polars DataFrames written as Parquet and
//! CSV and charts as PNG and SVG, all-or-nothing ([`output`], [`chart`]) →
//! a printed summary with 95% intervals. [`study`] ties it together and
//! merges shards run on other machines; [`games`] holds one folder per game, and
//! [`sweep`] compares rule variants on the same games and [`duel`] strategies with seat
//! rotation; [`deviations`] asks whether a small change of a strategy beats it and [`tune`]
//! searches its parameters, both playing a [`duel::field`] of candidates on the same deals; [`report`] puts them on one shareable page.
//!
//! Polars runs its own thread pool, so DataFrames are only ever built on the
//! main thread, after the rayon workers have finished.
#![deny(missing_docs)]
// Every word on stdout and stderr goes through `console`, which turns a failed write into
// an error or a non-zero exit instead of a panic.
#![deny(clippy::print_stdout, clippy::print_stderr)]

pub use simcore::{lines, mjai, paired, preset, saved, shard, stats, tally};

pub mod bench;
pub mod chart;
pub mod cli;
pub mod commit;
pub mod console;
pub mod contest;
pub mod deviations;
pub mod duel;
pub mod frame;
pub mod games;
pub mod kinds;
pub mod merge;
pub mod output;
pub mod overwrite;
pub mod report;
pub mod runner;
pub mod sweep;
pub mod tune;

pub mod study;
