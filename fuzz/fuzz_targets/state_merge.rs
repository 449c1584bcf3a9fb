//! A `state.json` of the Medarot study read and merged as `sim merge` reads and merges it
//! (the same `sim/src/saved.rs`, `tally.rs` and the study's `state.rs`, included by path)
//! with a valid one of the same run: the committed `notebooks-data/medarot/state.json` as
//! shard 2 of 2, first or second as the first byte says. Medarot is the study whose saved
//! state lives apart from its tables and runner; the others' do not (see fuzz/Cargo.toml).
#![no_main]

// `preset.rs` and `saved.rs` read files through `lines.rs`.
#[allow(dead_code)]
#[path = "../../sim/src/lines.rs"]
mod lines;
#[allow(dead_code)]
#[path = "../../sim/src/preset.rs"]
mod preset;
#[allow(dead_code)]
#[path = "../../sim/src/saved.rs"]
mod saved;
#[allow(dead_code)]
#[path = "../../sim/src/shard.rs"]
mod shard;
#[allow(dead_code)]
#[path = "../../sim/src/stats.rs"]
mod stats;
#[allow(dead_code)]
#[path = "../../sim/src/tally.rs"]
mod tally;
#[allow(dead_code)]
#[path = "../../sim/src/sweep"]
mod sweep {
    pub mod paired;
}
#[allow(dead_code)]
#[path = "../../sim/src/studies"]
mod studies {
    pub mod medarot {
        pub mod ablation;
        pub mod state;
    }
}

use libfuzzer_sys::fuzz_target;
use saved::{Merger, State};
use studies::medarot::state::MedarotStudy;

/// The committed state, as shard 2 of a run in two.
fn other_shard() -> saved::Saved<<MedarotStudy as State>::Params, <MedarotStudy as State>::Acc> {
    let text = include_str!("../../notebooks-data/medarot/state.json");
    let mut valid = saved::parse::<MedarotStudy>(text, "valid", MedarotStudy::from_params).expect("a valid state");
    (valid.coverage.shard_count, valid.coverage.shards) = (2, vec![2]);
    valid
}

fuzz_target!(|data: &[u8]| {
    let Some((&order, rest)) = data.split_first() else { return };
    let Ok(text) = std::str::from_utf8(rest) else { return };
    let Ok(fuzzed) = saved::parse::<MedarotStudy>(text, "fuzzed", MedarotStudy::from_params) else { return };
    let mut merger = Merger::<MedarotStudy>::default();
    let added = match order & 1 {
        0 => merger.push(other_shard(), "valid").and_then(|()| merger.push(fuzzed, "fuzzed")),
        _ => merger.push(fuzzed, "fuzzed").and_then(|()| merger.push(other_shard(), "valid")),
    };
    if added.is_ok() {
        drop(merger.finish(order & 2 != 0));
    }
});
