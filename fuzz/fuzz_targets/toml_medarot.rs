//! Medarot files: rules, card lists, deck lists (against the example pool and against a
//! fuzzed pool) and strategies.
#![no_main]

use engine::medarot::{CardPool, Deck, Rules, StrategyConfig};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&kind, rest)) = data.split_first() else { return };
    let Ok(text) = std::str::from_utf8(rest) else { return };
    match kind % 5 {
        0 => drop(Rules::from_toml_str(text, "fuzz")),
        1 => drop(CardPool::from_toml_str(text)),
        2 => drop(Deck::from_toml_str(&CardPool::example(), text)),
        3 => {
            // A card file and a deck file, split at the first NUL.
            let (cards, decks) = text.split_once('\0').unwrap_or((text, ""));
            if let Ok(pool) = CardPool::from_toml_str(cards) {
                drop(Deck::from_toml_str(&pool, decks));
            }
        }
        _ => drop(StrategyConfig::from_toml(text)),
    }
});
