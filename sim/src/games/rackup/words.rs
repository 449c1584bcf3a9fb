//! The Rack-up study's words on the report page: its title, how to read it, its answer.

use crate::report::answers::{best, num_in, pct, signed};
use crate::report::tables::Table;
use crate::study::Words;
use std::path::Path;

/// The Rack-up study's words.
pub(crate) const WORDS: Words = Words {
    title: "Rack-up Battle",
    how_to_read: &[
        "Two players play hanchan matches of Rack-up Battle. Every arm (riichi policy, \
             penalty reading, spell, skill) replays the same seeded matches, so differences \
             between arms are paired and their intervals are narrow.",
        "Read the yaku chart as how often each yaku is made per winning round, the riichi \
             threshold chart as the points the player gains by each riichi policy against the \
             baseline (above zero: the policy helps).",
    ],
    glossary: &[],
    answer: |_, folder| answer(folder),
};

/// Rack-up: the baseline's win rate, the best riichi threshold against never declaring,
/// and the arms that help and hurt player A most.
fn answer(folder: &Path) -> Vec<Option<String>> {
    let riichi = Table::read(folder, "riichi_threshold").and_then(|t| {
        let (threshold, gain) = (t.numbers("threshold")?, t.numbers("a_points_vs_never")?);
        let (low, high) = (t.numbers("a_points_vs_never_ci_low")?, t.numbers("a_points_vs_never_ci_high")?);
        let i = best(&gain, |i| threshold[i].is_some(), |g| g)?;
        let best = format!("the best, at threshold {}, scores {}", threshold[i]?, num_in(gain[i]?, low[i]?, high[i]?));
        let lead = match (low[i]? > 0.0, high[i]? < 0.0) {
            (true, _) => "Declaring riichi pays",
            (_, true) => "No riichi threshold beats never declaring riichi",
            _ => "No riichi threshold is told apart from never declaring riichi",
        };
        Some(format!("{lead}: {best} points per match against never."))
    });
    let arms = Table::read(folder, "arms").and_then(|t| {
        let (arm, win) = (t.texts("arm")?, t.numbers("a_win_rate")?);
        let (gain, half) = (t.numbers("a_points_vs_baseline")?, t.numbers("a_points_vs_baseline_ci_half")?);
        let base = arm.iter().position(|a| a == "baseline")?;
        let others = |i: usize| i != base;
        let (up, down) = (best(&gain, others, |g| g)?, best(&gain, others, |g| -g)?);
        let said = |i: usize| {
            Some(format!("{} ({} points per match over the baseline, winning {})", arm[i], signed(gain[i]?, half[i]?), pct(win[i]?)))
        };
        Some(format!(
            "With the baseline strategies player A wins {} of matches; the arm that helps A most is {}, the one that hurts most {}.",
            pct(win[base]?),
            said(up)?,
            said(down)?
        ))
    });
    vec![arms, riichi]
}
