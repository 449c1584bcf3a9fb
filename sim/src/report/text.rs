//! The bench's report words ([`Words`]; every other study says its own beside it), and the
//! glossary of the words the page uses once explained.

use super::answers;
use crate::kinds::each_kind;
use crate::study::{EachKind, RulesFiles, Study, Words};

/// The glossary's terms of every page: (term, what it means here), alphabetical; each kind
/// of study adds its own ([`crate::study::Words::glossary`]).
pub const GLOSSARY: &[(&str, &str)] = &[
    (
        "95% interval",
        "The range that holds the true value in 95% of runs like this one: only the \
      randomness of the simulated games, not doubts about the rules' reading or the bots.",
    ),
    (
        "ablation",
        "Replaying the same games with one thing removed or swapped (a card for its vanilla \
      card, a yaku switched off), so the difference is that thing's effect.",
    ),
    (
        "arm",
        "One setting compared on the same games: a rule reading, a strategy option, a spell. \
      The baseline arm is what the others are compared with.",
    ),
    (
        "base, variant",
        "In a sweep, the base rules and each changed version of them (a variant); every \
      variant replays the base's games.",
    ),
    (
        "bot",
        "A scripted player (efficiency, defensive, random, …). Bots are not people: compare rules \
      with each other under the same bots, not with your group's results.",
    ),
    ("focal, opponent", "In a duel, the strategy a row is about, and the one it plays against."),
    (
        "Holm's correction",
        "Many comparisons at once find some differences by chance. Holm's method \
      raises the bar for each so that, over the whole family of comparisons, the chance of any false \
      finding stays under 5%; a flagged (**) result survives it.",
    ),
    ("p-value", "How often a difference at least this large would appear by chance if there were none."),
    (
        "paired",
        "Both sides of a comparison play the same seeded games, so luck of the deal cancels and \
      the interval of the difference is much narrower than comparing two separate runs.",
    ),
    (
        "seed",
        "The number every game's randomness is derived from: the same seed and settings replay \
      exactly the same games, on any machine and any number of threads.",
    ),
    (
        "shard",
        "One slice of a run's games played on its own (on another machine); `sim merge` adds \
      the slices up to the whole run's tables.",
    ),
    ("tie counts half", "A drawn battle or match counts as half a win, so 0.5 is an even contest."),
    (
        "Wilson interval",
        "The 95% interval used for rates (win rates, shares); unlike the plain \
      estimate ± 2 standard errors it stays within 0–1 and is right for rare events.",
    ),
];

/// The page's glossary: [`GLOSSARY`] and every kind of study's own terms, alphabetical.
pub fn glossary() -> Vec<(&'static str, &'static str)> {
    struct Terms(Vec<(&'static str, &'static str)>);
    impl EachKind for Terms {
        fn kind<S: Study>(&mut self)
        where
            S::Params: RulesFiles,
        {
            self.0.extend(S::WORDS.glossary);
        }
    }
    let mut terms = Terms(GLOSSARY.to_vec());
    each_kind(&mut terms);
    terms.0.sort_by_key(|(t, _)| t.to_lowercase());
    terms.0.dedup();
    terms.0
}

/// A bench's words.
pub const BENCH: Words = Words {
    title: "Engine speed on this machine",
    how_to_read: &["Games per second of each engine's default study at 1, 2, … threads, the speed-up over \
             one thread and the allocations per game after warm-up (0 is the engines' \
             guarantee). Wall-clock numbers vary from run to run and with the machine's load: \
             compare within one run only."],
    glossary: &[],
    answer: |_, folder| answers::bench(folder),
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_glossary_is_alphabetical_and_explains_the_pages_jargon() {
        let terms: Vec<String> = glossary().iter().map(|(t, _)| t.to_lowercase()).collect();
        assert!(terms.windows(2).all(|w| w[0] < w[1]), "{terms:?}");
        for word in ["arm", "holm", "paired", "wilson"] {
            assert!(terms.iter().any(|t| t.contains(word)), "{word}");
        }
    }

    #[test]
    fn every_kind_of_study_has_its_own_words() {
        struct Titles(Vec<(&'static str, &'static str)>);
        impl EachKind for Titles {
            fn kind<S: Study>(&mut self)
            where
                S::Params: RulesFiles,
            {
                self.0.push((S::KIND, S::WORDS.title));
            }
        }
        let mut titles = Titles(Vec::new());
        each_kind(&mut titles);
        for (kind, title) in titles.0 {
            // `sim deviations` has no words of its own yet.
            if kind != "deviations" {
                assert_ne!(title, Words::DEFAULT.title, "{kind}");
            }
        }
    }
}
