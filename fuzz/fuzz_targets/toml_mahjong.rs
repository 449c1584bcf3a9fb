//! Mahjong files: scoring rules, table settings (read, then a table built from them),
//! tile sets and bots.
#![no_main]

use engine::mahjong::table::{BotConfig, RiichiTable, TableSettings};
use engine::mahjong::{Rules, TileSetSpec};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&kind, rest)) = data.split_first() else { return };
    let Ok(text) = std::str::from_utf8(rest) else { return };
    match kind % 4 {
        0 => drop(Rules::from_toml(text)),
        1 => {
            if let Ok(settings) = TableSettings::from_toml(text) {
                drop(RiichiTable::new(settings));
            }
        }
        2 => drop(TileSetSpec::from_toml(text)),
        _ => drop(BotConfig::from_toml(text)),
    }
});
