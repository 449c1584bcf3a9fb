//! The polars-free core of `sim`: what a study keeps and checks, free of the runner, the
//! tables and the charts, so that the fuzz targets (`fuzz/`) build on it without polars.
//!
//! Exact integer statistics and their intervals ([`stats`]); a study's saved state, its
//! checksum and the checks `sim merge` makes before adding a shard ([`saved`], [`tally`],
//! [`shard`]); the Medarot study's parameters and accumulator ([`medarot`]); sweep files,
//! their overrides, base documents and paired differences ([`sweep`]); mjai records
//! ([`mjai`]); "a preset name or a file" ([`preset`]); and untrusted input read with
//! bounded memory ([`lines`]). `sim` re-exports every module under its old path
//! (`sim::stats`, `sim::paired`, …), so its code names them as before.
#![deny(missing_docs)]

pub mod lines;
pub mod medarot;
pub mod mjai;
pub mod paired;
pub mod preset;
pub mod saved;
pub mod shard;
pub mod stats;
pub mod sweep;
pub mod tally;
