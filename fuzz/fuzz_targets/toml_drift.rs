//! Drift files: rules, line-ups and strategies, the first byte choosing the reader.
#![no_main]

use engine::drift::{DriftRules, Lineup, strategy::StrategyConfig};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&kind, rest)) = data.split_first() else { return };
    let Ok(text) = std::str::from_utf8(rest) else { return };
    match kind % 3 {
        0 => drop(DriftRules::from_toml_str(text)),
        1 => drop(Lineup::from_toml_str(text)),
        _ => drop(StrategyConfig::from_toml(text)),
    }
});
