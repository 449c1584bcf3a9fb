//! The Medarot study's words on the report page: its title, how to read it, its answer.

use crate::report::answers::{best, pct_in};
use crate::report::tables::Table;
use crate::study::Words;
use std::path::Path;

/// The Medarot study's words.
pub(crate) const WORDS: Words = Words {
    title: "Medarot card game, advance mode",
    how_to_read: &[
        "The example decks play each other in every pairing, from both sides. The deck matrix \
             is the row deck's win rate against the column deck; 0.5 is an even match-up. What \
             acting first is worth is read from the games where tied speeds made it a coin flip.",
        "Card ablation swaps every copy of one card for the vanilla card of its kind on the \
             same games: a bar left of zero means the deck wins less without that card, so the \
             card is worth its slot. Stat pricing does the same for one step of a stat.",
    ],
    glossary: &[],
    answer: |_, folder| answer(folder),
};

/// Medarot: the strongest and weakest example deck, and what the card ablation finds.
fn answer(folder: &Path) -> Vec<Option<String>> {
    let decks = Table::read(folder, "decks").and_then(|t| {
        let (deck, rate) = (t.texts("deck")?, t.numbers("win_rate")?);
        let (low, high) = (t.numbers("ci_low")?, t.numbers("ci_high")?);
        let (top, bottom) = (best(&rate, |_| true, |r| r)?, best(&rate, |_| true, |r| -r)?);
        Some(format!(
            "Against the other example decks, {} wins {} of its games and {} {} (0.5 would be an even field).",
            deck[top],
            pct_in(rate[top]?, low[top]?, high[top]?),
            deck[bottom],
            pct_in(rate[bottom]?, low[bottom]?, high[bottom]?)
        ))
    });
    let ablation = Table::read(folder, "ablation").and_then(|t| {
        let (deck, card, value) = (t.texts("deck")?, t.texts("card")?, t.numbers("value_over_vanilla")?);
        let (low, high, holm) = (t.numbers("ci_low")?, t.numbers("ci_high")?, t.flags("holm_significant")?);
        let (up, down) = (best(&value, |_| true, |v| v)?, best(&value, |_| true, |v| -v)?);
        let said = |i: usize| {
            let points = |v: f64| format!("{}{:.1}", if v >= 0.0 { "+" } else { "" }, 100.0 * v);
            let (v, l, h) = (points(value[i]?), points(low[i]?), points(high[i]?));
            Some(format!("{} in {} ({v} [{l}, {h}] percentage points of win rate)", card[i], deck[i]))
        };
        Some(format!(
            "Swapping a card for the vanilla card of its kind changes its deck's win rate in {} of {} cases after Holm's \
             correction; the card worth most is {}, the most over-priced {}.",
            holm.iter().filter(|&&h| h).count(),
            t.rows(),
            said(up)?,
            said(down)?
        ))
    });
    vec![decks, ablation]
}
