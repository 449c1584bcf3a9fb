//! What a game gives a sweep: an [`Arm`] that plays one game of one ruleset and observes
//! its metrics, built from the arm's documents ([`SweepArm`]), and the helpers every game's
//! arm reads its documents with. Each game implements it in its `games/<game>/sweep.rs`.

use crate::paired::Obs;
use anyhow::Result;
use engine::{Game, GameRng, Strategy, StrategyChoice};
use simcore::sweep::overrides::Documents;

/// One arm of a sweep (the base or a variant): plays one game from a stream and observes
/// every metric of its game.
pub trait Arm: Sync {
    /// Per-thread scratch (a table, strategies), which may borrow the arm (a card game
    /// borrows its card pool).
    type Worker<'a>
    where
        Self: 'a;
    /// A new worker.
    fn worker(&self) -> Self::Worker<'_>;
    /// Plays game `index` from `rng` (the index picks the match-up where the game's study
    /// cycles through one) and writes its observations, in the game's metric order.
    fn play<'a>(&'a self, w: &mut Self::Worker<'a>, index: u64, rng: &mut GameRng, out: &mut Vec<Obs>);
}

/// A game's arm as a sweep builds it: read from an arm's documents, with the game's
/// metrics and the check that a variant still plays the base's game.
pub trait SweepArm: Arm + Sized + 'static {
    /// The arm the (overridden) documents describe.
    fn new(docs: &Documents) -> Result<Self>;
    /// Every metric the arms (the base first) let a sweep report, in [`Arm::play`] order,
    /// and those reported unless the file picks others; an arm may learn here what the
    /// others hold (the data yaku every arm reports).
    fn metrics(arms: &mut [Self]) -> Result<(Vec<String>, Vec<String>)>;
    /// Why this variant's arm cannot be compared with the base's, if it cannot.
    fn differs(&self, _base: &Self) -> Option<&'static str> {
        None
    }
}

/// An arm's error with the positions its reader gave (`line 65, column 1: `) taken out: they
/// count lines of the document the sweep wrote for the arm (the files merged, the variant's
/// keys applied), which is no file the user has; the message still names the key.
pub(crate) fn unplaced(e: anyhow::Error) -> anyhow::Error {
    let text = format!("{e:#}");
    let mut out = String::with_capacity(text.len());
    let mut rest = text.as_str();
    while let Some(at) = rest.find("line ") {
        out.push_str(&rest[..at]);
        let tail = &rest[at..];
        rest = position_len(tail).map_or_else(
            || {
                out.push_str("line ");
                &tail[5..]
            },
            |n| &tail[n..],
        );
    }
    out.push_str(rest);
    anyhow::anyhow!(out)
}

/// The length of `line N, column M: ` at the start of `s`, if it is there.
fn position_len(s: &str) -> Option<usize> {
    let digits = |t: &str| t.bytes().take_while(u8::is_ascii_digit).count();
    let after_line = s.strip_prefix("line ")?;
    let n = digits(after_line);
    let after_column = after_line[n..].strip_prefix(", column ").filter(|_| n > 0)?;
    let m = digits(after_column);
    after_column[m..].strip_prefix(": ").filter(|_| m > 0)?;
    Some(s.len() - after_column.len() + m + 2)
}

/// A document's TOML text, as the game's reader takes it.
pub(crate) fn text(t: &toml::Table) -> String {
    toml::to_string(t).expect("a TOML table serializes")
}

/// The strategy texts of players A and B (`strategy_documents`).
pub(crate) fn strategy_texts(docs: &Documents) -> [String; 2] {
    let doc = |prefix: &str| docs.others.iter().find(|d| d.0 == prefix).map(|d| text(&d.1));
    let a = doc("strategy").expect("the strategy documents are read");
    let b = doc("strategy_b").unwrap_or_else(|| a.clone());
    [a, b]
}

/// A game's default metric names, owned.
pub(crate) fn strings(names: &[&str]) -> Vec<String> {
    names.iter().map(|m| m.to_string()).collect()
}

/// Players A's and B's strategies, boxed: an arm's strategy kind is known only when its
/// documents are read, and arms of one sweep may differ in it.
pub(crate) fn boxed<G: Game, C: StrategyChoice<G>>(strategies: [C; 2]) -> [Box<dyn Strategy<G>>; 2] {
    strategies.map(StrategyChoice::boxed)
}

#[cfg(test)]
mod tests {
    use super::unplaced;

    #[test]
    fn an_arms_error_loses_the_positions_of_its_merged_document_and_keeps_the_rest() {
        let e = anyhow::anyhow!("line 65, column 1: yaku.local.include: `local_yaku.nope`: no such yaku")
            .context("scoring rules: line 3, column 12: nested")
            .context("sweep file s.toml: variant `bad`");
        assert_eq!(
            unplaced(e).to_string(),
            "sweep file s.toml: variant `bad`: scoring rules: nested: yaku.local.include: `local_yaku.nope`: no such yaku"
        );
        let kept = "the line 4 of a headline, line 5, column x: stays";
        assert_eq!(unplaced(anyhow::anyhow!(kept)).to_string(), kept);
    }
}
