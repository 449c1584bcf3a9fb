//! A `sim mahjong score` line: a JSON situation scored under Ron2, Gotō or Tenhou rules,
//! and its `chips` object turned into the hand record the chip ledger settles.
#![no_main]

use engine::mahjong::chips::{HandChips, hand_record};
use engine::mahjong::{Rules, Situation, score};
use libfuzzer_sys::fuzz_target;
use std::sync::LazyLock;

static RULES: LazyLock<[Rules; 3]> =
    LazyLock::new(|| ["ron2", "goto", "tenhou"].map(|n| Rules::preset(n).expect("a built-in ruleset")));

fuzz_target!(|data: &[u8]| {
    let Some((&kind, rest)) = data.split_first() else { return };
    let Ok(mut value) = serde_json::from_slice::<serde_json::Value>(rest) else { return };
    let rules = &RULES[usize::from(kind) % 3];
    let chips = value.as_object_mut().and_then(|o| o.remove("chips"));
    let Ok(situation) = serde_json::from_value::<Situation>(value) else { return };
    drop(score(rules, &situation));
    if let Some(Ok(chips)) = chips.map(serde_json::from_value::<HandChips>) {
        drop(hand_record(rules, &situation, &chips));
    }
});
