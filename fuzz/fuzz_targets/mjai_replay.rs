//! An mjai record: read as `sim mahjong replay` reads it (the same `sim/src/mjai.rs`,
//! included by path), then replayed under a four-seat or a Gotō table.
#![no_main]

// `mjai.rs` reads a record file through `crate::lines`.
#[allow(dead_code)]
#[path = "../../sim/src/lines.rs"]
mod lines;
#[allow(dead_code)]
#[path = "../../sim/src/mjai.rs"]
mod mjai;

use engine::mahjong::table::{RiichiTable, replay};
use libfuzzer_sys::fuzz_target;
use std::sync::LazyLock;

static TABLES: LazyLock<[RiichiTable; 2]> =
    LazyLock::new(|| ["ron2-dojo", "goto"].map(|n| RiichiTable::preset(n).expect("a built-in table")));

fuzz_target!(|data: &[u8]| {
    let Some((&kind, rest)) = data.split_first() else { return };
    let Ok(text) = std::str::from_utf8(rest) else { return };
    if let Ok((events, _)) = mjai::read_record(text) {
        drop(replay(&TABLES[usize::from(kind & 1)], &events));
    }
});
