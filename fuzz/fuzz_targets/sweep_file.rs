//! A sweep file read as `sim sweep` reads it (the same `sim/src/sweep/file.rs`,
//! `overrides.rs` and `documents.rs`, included by path): parsed, its game's base documents
//! read (built-in presets only: the fuzzer names no files), and its variants, ablation and
//! grid checked and applied to copies of them. Building each arm's game from its documents
//! lives with the runner in `sim/src/sweep/<game>.rs` and is left out (its readers are the
//! `toml_*` targets').
#![no_main]

// `preset.rs` and `saved.rs` read files through `lines.rs`.
#[allow(dead_code)]
#[path = "../../sim/src/lines.rs"]
mod lines;
#[allow(dead_code)]
#[path = "../../sim/src/preset.rs"]
mod preset;
// `Files` keeps `Source`s, from `saved.rs` (with what it uses).
#[allow(dead_code)]
#[path = "../../sim/src/saved.rs"]
mod saved;
#[allow(dead_code)]
#[path = "../../sim/src/shard.rs"]
mod shard;
#[allow(dead_code)]
#[path = "../../sim/src/tally.rs"]
mod tally;
#[allow(dead_code)]
#[path = "../../sim/src/sweep"]
mod sweep {
    pub mod documents;
    pub mod file;
    pub mod overrides;
}

use libfuzzer_sys::fuzz_target;
use sweep::documents::{self, Files};
use sweep::file::SweepFile;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let Ok(file) = SweepFile::parse("fuzzed.toml", text) else { return };
    let Ok(docs) = documents::base(&Files::default(), &file) else { return };
    if file.variants(&docs).is_ok() {
        drop(file.grid_axes(&docs));
    }
});
