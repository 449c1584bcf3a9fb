//! The report's words for each kind of study: a title and a short "how to read this" for
//! a newcomer who opens the page without having run anything; and the glossary of the
//! words the page uses once explained.

/// The glossary: (term, what it means here), alphabetical.
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
    (
        "cut-bi (ホームランVer.)",
        "The Gotō chip variant of the chips study: each person is in a pinch or a \
      chance state (満塁 / ホームラン) and chips are doubled by those states. Start of hand and end of \
      hand are two readings of when the states count.",
    ),
    (
        "delta method",
        "How the interval of a ratio (cut-bi's chips over the base's) is computed from the \
      intervals of its two parts and how they move together.",
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
        "person-game",
        "One person's result in one game; a four-person Gotō session of ten games has \
      40 person-games (each person also sits some games out).",
    ),
    (
        "seed",
        "The number every game's randomness is derived from: the same seed and settings replay \
      exactly the same games, on any machine and any number of threads.",
    ),
    (
        "session",
        "A Gotō evening: four people take turns at the three seats for a fixed number of games; \
      what a person takes home is the session's total.",
    ),
    (
        "shard",
        "One slice of a run's games played on its own (on another machine); `sim merge` adds \
      the slices up to the whole run's tables.",
    ),
    ("sit-out", "In a Gotō session four people share three seats: each game one person sits out."),
    ("tie counts half", "A drawn battle or match counts as half a win, so 0.5 is an even contest."),
    (
        "Wilson interval",
        "The 95% interval used for rates (win rates, shares); unlike the plain \
      estimate ± 2 standard errors it stays within 0–1 and is right for rare events.",
    ),
];

/// The section title of a study of `kind`.
pub fn title(kind: &str) -> &'static str {
    match kind {
        "drift" => "Midnight Wolves drift battle",
        "rackup" => "Rack-up Battle",
        "medarot" => "Medarot card game, advance mode",
        "mahjong" => "Mahjong, Ron2 four-player table",
        "goto" => "Mahjong, Classic Gotō sanma table",
        "goto-chips" => "Mahjong, Gotō chips (祝儀)",
        "sweep" => "House-rule sweep",
        "duel" => "Strategy duel",
        "bench" => "Engine speed on this machine",
        _ => "Study",
    }
}

/// The "how to read this" paragraphs of a study of `kind`.
pub fn how_to_read(kind: &str) -> &'static [&'static str] {
    match kind {
        "drift" => &[
            "Each battle style plays against the same driver without a style, in every kind of battle \
             where the style acts (chase, solo run, team). A win rate of 0.5 means the style does \
             not help; ties count half.",
            "The win-rate chart sorts the styles; the bars are 95% Wilson intervals. Styles marked \
             UNBOUNDED in the summary make chases that never end under the printed rules: their \
             numbers are results of the round cap, a balance finding in themselves.",
        ],
        "rackup" => &[
            "Two players play hanchan matches of Rack-up Battle. Every arm (riichi policy, \
             penalty reading, spell, skill) replays the same seeded matches, so differences \
             between arms are paired and their intervals are narrow.",
            "Read the yaku chart as how often each yaku is made per winning round, the riichi \
             threshold chart as the points the player gains by each riichi policy against the \
             baseline (above zero: the policy helps).",
        ],
        "medarot" => &[
            "The example decks play each other in every pairing, from both sides. The deck matrix \
             is the row deck's win rate against the column deck; 0.5 is an even match-up.",
            "Card ablation swaps every copy of one card for the vanilla card of its kind on the \
             same games: a bar left of zero means the deck wins less without that card, so the \
             card is worth its slot. Stat pricing does the same for one step of a stat.",
        ],
        "mahjong" => &[
            "Four bots play hanchan under the Ron2 table rules; each hand's rates (wins, deals-in, \
             riichi, draws) are printed beside the Tenhou 2016 figures the bots are calibrated \
             against. Bots are not people: compare rules with each other, not with your group.",
            "First place by seat shows the dealer-order advantage (0.25 is none). The win-value \
             chart is the distribution of points won per winning hand.",
        ],
        "goto" => &[
            "Sessions of four people at three seats (one sits out each game) under Classic Gotō \
             sanma rules. Game length, sudden death and busts are per game; first place is shown \
             by seat and by person.",
            "A three-player table wins far more points per hand than a four-player one: compare \
             the win values with each other, not with the Ron2 table.",
        ],
        "goto-chips" => &[
            "Each session is played once and settled in chips under the base rules and under the \
             compared rules (cut-bi), so the ratio of chips moved has a paired interval.",
            "The session distribution is what a person takes home after a whole session; the tail \
             (losing 50 or 100 chips) is the risk a group agrees to. Variance by item names the \
             chip items that make the swings.",
        ],
        "sweep" => &[
            "Every variant of the house rules plays the same seeded games as the base, so each \
             metric's difference from the base is paired: its 95% interval is much narrower than \
             comparing two separate runs.",
            "In the forest plots a bar that crosses zero is no detectable change. Claims are \
             Holm-corrected over every variant and metric: only flagged ones survive the many \
             comparisons.",
        ],
        "duel" => &["Every strategy plays every other, each deal once per seating, so seat advantage \
             cancels. The matrix is the row strategy's result against the column strategy."],
        "bench" => &["Games per second of each engine's default study at 1, 2, … threads, the speed-up over \
             one thread and the allocations per game after warm-up (0 is the engines' \
             guarantee). Wall-clock numbers vary from run to run and with the machine's load: \
             compare within one run only."],
        _ => &["The saved results of a study: its summary, headline estimates and charts."],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_glossary_is_alphabetical_and_explains_the_pages_jargon() {
        let terms: Vec<String> = GLOSSARY.iter().map(|(t, _)| t.to_lowercase()).collect();
        assert!(terms.windows(2).all(|w| w[0] < w[1]), "{terms:?}");
        for word in ["arm", "holm", "person-game", "paired", "wilson"] {
            assert!(terms.iter().any(|t| t.contains(word)), "{word}");
        }
    }

    #[test]
    fn every_default_study_has_its_own_words() {
        for kind in ["drift", "rackup", "medarot", "mahjong", "goto", "goto-chips", "sweep", "duel", "bench"] {
            assert_ne!(title(kind), title("unknown"), "{kind}");
            assert_ne!(how_to_read(kind), how_to_read("unknown"), "{kind}");
        }
    }
}
