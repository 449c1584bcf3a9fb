//! Rack-up files: profiles (read, then a game built from them) and strategies.
#![no_main]

use engine::rackup::{Profile, RackupGame, strategy::StrategyConfig};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&kind, rest)) = data.split_first() else { return };
    let Ok(text) = std::str::from_utf8(rest) else { return };
    match kind % 2 {
        0 => {
            if let Ok(profile) = Profile::from_toml(text) {
                drop(RackupGame::new(profile));
            }
        }
        _ => drop(StrategyConfig::from_toml(text)),
    }
});
