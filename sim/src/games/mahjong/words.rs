//! The words of mahjong's studies on the report page (the Ron2 table, Gotō's table, Gotō's
//! chips): their titles, how to read them, the glossary's Gotō terms and their answers.

use crate::report::answers::{best, interval, join, of, pct, pct_in};
use crate::report::answers::number;
use crate::report::tables::Table;
use crate::study::Words;
use crate::study::grow::Tracked;
use std::path::Path;

/// The four-player (Ron2) table study's words.
pub(crate) const TABLE: Words = Words {
    title: "Mahjong, Ron2 four-player table",
    how_to_read: &[
        "Four bots play hanchan under the Ron2 table rules; each hand's rates (wins, deals-in, \
             riichi, draws) are printed beside the Tenhou 2016 figures the bots are calibrated \
             against. Bots are not people: compare rules with each other, not with your group.",
        "First place by seat shows the dealer-order advantage (0.25 is none). The win-value \
             chart is the distribution of points won per winning hand.",
    ],
    glossary: &[],
    answer: |estimates, _| table_game(estimates, 4),
};

/// Gotō's table study's words.
pub(crate) const GOTO: Words = Words {
    title: "Mahjong, Classic Gotō sanma table",
    how_to_read: &[
        "Sessions of four people at three seats (one sits out each game) under Classic Gotō \
             sanma rules. Game length, sudden death and busts are per game; first place is shown \
             by seat and by person.",
        "A three-player table wins far more points per hand than a four-player one: compare \
             the win values with each other, not with the Ron2 table.",
    ],
    glossary: &[
        (
            "person-game",
            "One person's result in one game; a four-person Gotō session of ten games has \
      40 person-games (each person also sits some games out).",
        ),
        (
            "session",
            "A Gotō evening: four people take turns at the three seats for a fixed number of games; \
      what a person takes home is the session's total.",
        ),
        ("sit-out", "In a Gotō session four people share three seats: each game one person sits out."),
    ],
    answer: |estimates, _| table_game(estimates, 3),
};

/// Gotō's chips study's words.
pub(crate) const CHIPS: Words = Words {
    title: "Mahjong, Gotō chips (祝儀)",
    how_to_read: &[
        "Each session is played once and settled in chips under the base rules and under the \
             compared rules (cut-bi), so the ratio of chips moved has a paired interval.",
        "The session distribution is what a person takes home after a whole session; the tail \
             (losing 50 or 100 chips) is the risk a group agrees to. Variance by item names the \
             chip items that make the swings.",
    ],
    glossary: &[
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
    ],
    answer: chips,
};

/// A mahjong table of `seats`: the bots' win and deal-in rates, and first place by seat
/// against an even 1/`seats`.
fn table_game(estimates: &[Tracked], seats: usize) -> Vec<Option<String>> {
    let rate = |metric: &str| of(estimates, metric).next().map(|e| pct_in(e.value, e.interval.low, e.interval.high));
    let rates = rate("win_rate")
        .zip(rate("deal_in_rate"))
        .map(|(win, deal_in)| format!("The bots win {win} of hands and deal in to another player in {deal_in}."));
    let first: Vec<&Tracked> = of(estimates, "first_place").collect();
    let even = 1.0 / seats as f64;
    let by_seat = (!first.is_empty()).then(|| {
        let (low, high) = first.iter().fold((1.0f64, 0.0f64), |(l, h), e| (l.min(e.value), h.max(e.value)));
        let off: Vec<String> = first
            .iter()
            .filter(|e| e.interval.low > even || e.interval.high < even)
            .map(|e| format!("{} ({})", e.series, pct_in(e.value, e.interval.low, e.interval.high)))
            .collect();
        let verdict = match off.as_slice() {
            [] => format!(
                "every seat's interval holds an even {}: no seat advantage is detectable at this size",
                pct(even)
            ),
            _ => format!("away from an even {}: {}", pct(even), join(&off)),
        };
        format!("First place by seat ranges from {} to {}; {verdict}.", pct(low), pct(high))
    });
    vec![rates, by_seat]
}

/// Gotō chips: how many times the chips a game moves under each compared rule, and the
/// chance of a heavy session loss; the sensitivity table's range where it exists.
fn chips(estimates: &[Tracked], folder: &Path) -> Vec<Option<String>> {
    let means: Vec<&Tracked> = of(estimates, "mean_abs_chips").collect();
    let base = means.first().map(|m| m.series.clone()).unwrap_or_default();
    let mean_of = |arm: &str| means.iter().find(|m| m.series == arm).map(|m| number(m.value));
    let ratios: Vec<&Tracked> = of(estimates, "ratio_mean_abs").collect();
    let typical = ratios.split_first().map(|(first, rest)| {
        let moved = |r: &Tracked| format!("{}× {}", number(r.value), interval(r));
        let means = match (mean_of(&first.series), mean_of(&base)) {
            (Some(m), Some(b)) => format!(" (mean |chips| per person-game {m} against {b})"),
            _ => String::new(),
        };
        let others: String = rest.iter().map(|r| format!("; under {}, {}", r.series, moved(r))).collect();
        format!(
            "Under {} a typical game moves {} the chips it moves under {base}{means}{others}.",
            first.series,
            moved(first)
        )
    });
    let sessions = Table::read(folder, "chips_sessions").and_then(|t| {
        let (arm, loss) = (t.texts("arm")?, t.numbers("p_lose_over_100")?);
        let bots = bot_models(&t);
        let each: Option<Vec<String>> = arm
            .iter()
            .zip(&loss)
            .enumerate()
            .map(|(i, (a, p))| Some(format!("{} under {a}{}", pct((*p)?), bots.with(i))))
            .collect();
        Some(format!("The chance to lose more than 100 chips over a session is {}.", join(&each?)))
    });
    vec![typical, sessions, sensitivity(folder)]
}

/// The bot model of each row of a chips table (its `bots` column), named in prose only
/// when the table holds more than one model.
struct BotModels(Option<Vec<String>>);

impl BotModels {
    /// " with B bots" for row `i`, or nothing when one model played.
    fn with(&self, i: usize) -> String {
        self.0.as_ref().map(|b| format!(" with {} bots", b[i])).unwrap_or_default()
    }
}

/// The `bots` column of `t` when it names more than one model.
fn bot_models(t: &Table) -> BotModels {
    let bots = t.texts("bots").filter(|b| b.iter().any(|x| *x != b[0]));
    BotModels(bots)
}

/// The range of the chips study's sensitivity table (`chips_sensitivity`: a `ratio` per
/// row, named by its `measure` when the table has one), per bot model when it has several.
fn sensitivity(folder: &Path) -> Option<String> {
    let t = Table::read(folder, "chips_sensitivity")?;
    let ratio = t.numbers("ratio")?;
    let what = |i: usize| t.texts("measure").map(|m| format!(" ({})", m[i])).unwrap_or_default();
    let models = bot_models(&t);
    let mut groups: Vec<String> = models.0.clone().unwrap_or_else(|| vec![String::new()]);
    groups.dedup();
    let each: Option<Vec<String>> = groups
        .iter()
        .map(|g| {
            let keep = |i: usize| models.0.as_ref().is_none_or(|b| b[i] == *g);
            let (low, high) = (best(&ratio, keep, |r| -r)?, best(&ratio, keep, |r| r)?);
            Some(format!(
                "from {}×{} to {}×{}{}",
                number(ratio[low]?),
                what(low),
                number(ratio[high]?),
                what(high),
                models.with(low)
            ))
        })
        .collect();
    Some(format!(
        "Over the {} rows of the sensitivity table (measures, state timings, bots) the ratio runs {}.",
        t.rows(),
        join(&each?)
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::answers::answer;
    use crate::report::tables::write_table;
    use crate::stats::Interval;

    #[test]
    fn the_chips_answer_reads_its_tables_and_leaves_out_a_missing_one() {
        use polars::df;
        let dir = std::env::temp_dir().join(format!("sim-answers-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let e = |metric: &str, series: &str, v: f64| {
            Tracked::new(metric, series, v, Interval { low: v - 0.01, high: v + 0.01 })
        };
        let estimates = [
            e("mean_abs_chips", "goto", 25.21),
            e("mean_abs_chips", "cutbi", 34.71),
            e("ratio_mean_abs", "cutbi", 1.377),
        ];
        write_table(&dir, "chips_sessions", df!("arm" => ["goto", "cutbi"], "p_lose_over_100" => [0.1661, 0.2542]).unwrap());
        let said = answer(&CHIPS, &estimates, &dir);
        assert_eq!(
            said,
            [
                "Under cutbi a typical game moves 1.377× [1.367, 1.387] the chips it moves under goto (mean |chips| per \
                 person-game 34.71 against 25.21).",
                "The chance to lose more than 100 chips over a session is 16.6% under goto and 25.4% under cutbi."
            ]
        );
        let measures = df!("measure" => ["sd per game", "P(session loss > 200)"], "ratio" => [1.47, 4.7]).unwrap();
        write_table(&dir, "chips_sensitivity", measures);
        let said = answer(&CHIPS, &estimates, &dir);
        assert_eq!(
            said[2],
            "Over the 2 rows of the sensitivity table (measures, state timings, bots) the ratio runs from 1.470× \
             (sd per game) to 4.700× (P(session loss > 200))."
        );
        // Two bot models: each gets its own range, named.
        let models = df!(
            "bots" => ["efficiency", "efficiency", "defensive", "defensive"],
            "measure" => ["sd", "tail", "sd", "tail"],
            "ratio" => [1.4, 8.3, 1.36, 10.9]
        )
        .unwrap();
        write_table(&dir, "chips_sensitivity", models);
        let sessions =
            df!("bots" => ["efficiency", "defensive"], "arm" => ["goto", "goto"], "p_lose_over_100" => [0.1, 0.2]);
        write_table(&dir, "chips_sessions", sessions.unwrap());
        let said = answer(&CHIPS, &estimates, &dir);
        assert_eq!(
            said[1..],
            [
                "The chance to lose more than 100 chips over a session is 10.0% under goto with efficiency bots and \
                 20.0% under goto with defensive bots.",
                "Over the 4 rows of the sensitivity table (measures, state timings, bots) the ratio runs from 1.400× \
                 (sd) to 8.300× (tail) with efficiency bots and from 1.360× (sd) to 10.90× (tail) with defensive bots."
            ]
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_table_game_answers_its_rates_and_names_a_seat_away_from_even() {
        let e = |metric: &str, series: &str, v: f64, l: f64, h: f64| {
            Tracked::new(metric, series, v, Interval { low: l, high: h })
        };
        let estimates = [
            e("win_rate", "", 0.2388, 0.2375, 0.24),
            e("deal_in_rate", "", 0.1752, 0.1741, 0.1763),
            e("first_place", "seat 0", 0.25, 0.24, 0.26),
            e("first_place", "seat 1", 0.29, 0.27, 0.31),
        ];
        let said = answer(&TABLE, &estimates, Path::new("/nonexistent"));
        assert_eq!(
            said[0],
            "The bots win 23.9% [23.8%, 24.0%] of hands and deal in to another player in 17.5% [17.4%, 17.6%]."
        );
        assert_eq!(
            said[1],
            "First place by seat ranges from 25.0% to 29.0%; away from an even 25.0%: seat 1 (29.0% [27.0%, 31.0%])."
        );
    }
}
