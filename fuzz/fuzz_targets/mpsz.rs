//! mpsz hand notation: tiles under both tile sets, tile kinds, and the `shanten` report.
#![no_main]

use engine::mahjong::{TileSetSpec, parse_kinds, parse_tiles, shanten_report};
use libfuzzer_sys::fuzz_target;
use std::sync::LazyLock;

static SETS: LazyLock<[TileSetSpec; 2]> = LazyLock::new(|| [TileSetSpec::four_player(), TileSetSpec::goto()]);

fuzz_target!(|data: &[u8]| {
    let Some((&kind, rest)) = data.split_first() else { return };
    let Ok(hand) = std::str::from_utf8(rest) else { return };
    let set = &SETS[usize::from(kind & 1)];
    drop(parse_tiles(hand, set));
    drop(parse_kinds(hand));
    drop(shanten_report(hand, set, kind & 2 != 0));
});
