//! Mahjong duels: a riichi table of a Ron2 preset (four seats: the focal bot in each seat in
//! turn against three of the opponent bot) or Gotō's three-seat `goto` (three rotations of
//! one against two), single games without Gotō's sessions of four people. Seat 0 deals
//! first. Metrics: the average place (1 = first), the first-place rate, the final points,
//! at a table with placement (uma or oka) the final score (成績: the points less the return,
//! in hundreds, plus the place's uma and the first's oka, as the table settles it), and at a
//! table with chip rules (Gotō's `[chips]`) the chips (祝儀) each seat nets in the
//! game, cut-bi's multipliers included where the table has them (each game its own: the
//! cut-bi states start afresh, and nobody sits out), the dice chances rolled from the
//! game's own dice stream, so every line-up of a deal rolls the same dice.

use super::Kit;
use super::table_rules::{TableRules, table_files};
use crate::contest::{Contest, one_of, Metric, SeatValues, parse_all};
use crate::contest::MAX_SEATS;
use crate::contest::DuelRules;
use crate::games::GameKit;
use crate::study::{RulesFile, Source};
use anyhow::Result;
use engine::config::Presets;
use engine::mahjong::chips::{ChipLedger, ChipTally, dice_of};
use engine::mahjong::table::{Bot, BotConfig, RiichiTable};
use engine::one_of::OneOf;
use engine::{Game, GameRng, Table};
use serde::{Deserialize, Serialize};

/// What a mahjong duel is played under: a riichi table, a Ron2 preset's four seats or
/// Gotō's three.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MahjongDuel {
    /// The table's rules.
    pub table: TableRules,
}

/// The bots a three-seat (Gotō) duel compares by default: not `random`, as three random
/// bots at Gotō's table mostly play to the hand cap (nobody wins, the dealer repeats on
/// every draw), hundreds of hands that measure nothing.
const GOTO_DUEL_BOTS: [&str; 2] = ["efficiency", "defensive"];

impl DuelRules for MahjongDuel {
    /// `goto` at a table of three seats.
    fn name(&self, seats: usize) -> &'static str {
        if seats == 3 { "goto" } else { Kit::ENTRY.name }
    }

    type Contest = MahjongContest;

    fn contest(&self, strategies: &[Source]) -> Result<MahjongContest> {
        MahjongContest::new(&self.table, strategies)
    }

    fn rules_files(&self) -> Vec<RulesFile> {
        table_files("table", &self.table)
    }

    fn duel_strategies(&self, presets: &Presets) -> Result<Vec<&'static str>> {
        Ok(match self.table.game()?.num_seats() {
            3 => GOTO_DUEL_BOTS.to_vec(),
            _ => presets.list.iter().map(|p| p.0).collect(),
        })
    }

    fn duel_deals(&self) -> u64 {
        500
    }

    fn deviations_defaults(&self) -> (&'static str, u64) {
        ("efficiency", 500)
    }
}

/// The table games of a duel.
pub struct MahjongContest {
    game: RiichiTable,
    bots: Vec<Bot>,
    /// The table's chip ledger (no sit-out), when it has chip rules.
    chips: Option<ChipLedger>,
    /// The table settles with placement (uma or oka): its final scores are a metric.
    placement: bool,
}

impl MahjongContest {
    /// The contest at the table `table` describes, with one bot per strategy (bot settings).
    pub fn new(table: &TableRules, strategies: &[Source]) -> Result<MahjongContest> {
        let bots = parse_all("mahjong bot file", strategies, BotConfig::from_toml)?.into_iter().map(Bot::new).collect();
        let game = table.game()?;
        let settings = game.settings();
        let chips = settings.chips.map(|rules| ChipLedger::new(rules, &game, false));
        let placement = settings.uma.iter().any(|&u| u != 0) || settings.oka != 0;
        Ok(MahjongContest { game: game.with_hand_log(chips.is_some()), bots, chips, placement })
    }
}

impl Contest for MahjongContest {
    type Worker<'a> = (Table<RiichiTable>, Vec<Bot>);

    fn worker(&self) -> Self::Worker<'_> {
        (Table::new(&self.game), vec![self.bots[0]; self.game.num_seats()])
    }

    fn seats(&self) -> usize {
        self.game.num_seats()
    }

    fn one_of(&self) -> Result<Vec<OneOf>> {
        one_of::<engine::mahjong::table::BotConfig>()
    }

    /// The final score is the objective where the table settles with placement (the 成績 a
    /// Ron2 or Tenhou player is ranked by: points alone are blind to the uma a place is
    /// worth), else the final points.
    fn metrics(&self) -> Vec<Metric> {
        let n = self.seats() as f64;
        let score = Metric {
            name: "score",
            label: "final score with uma and oka",
            unit: 1,
            rate: false,
            neutral: f64::NAN,
            higher_is_better: true,
            objective: true,
        };
        let chips = Metric {
            name: "chips",
            label: "chips per game",
            unit: 1,
            rate: false,
            neutral: 0.0,
            higher_is_better: true,
            objective: false,
        };
        let mut metrics = vec![
            Metric {
                name: "average_rank",
                label: "average place (1 = first; lower is better)",
                unit: 1,
                rate: false,
                neutral: (n + 1.0) / 2.0,
                higher_is_better: false,
                objective: false,
            },
            Metric {
                name: "first_place",
                label: "first-place rate",
                unit: 1,
                rate: true,
                neutral: 1.0 / n,
                higher_is_better: true,
                objective: false,
            },
            Metric {
                name: "points",
                label: "final points",
                unit: 1,
                rate: false,
                neutral: f64::NAN,
                higher_is_better: true,
                objective: !self.placement,
            },
        ];
        metrics.extend(self.placement.then_some(score));
        metrics.extend(self.chips.map(|_| chips));
        metrics
    }

    fn play<'a>(
        &'a self,
        (table, seated): &mut Self::Worker<'a>,
        _: u64,
        lineup: &[usize; MAX_SEATS],
        rng: &mut GameRng,
        out: &mut [SeatValues; MAX_SEATS],
    ) {
        for (bot, &s) in seated.iter_mut().zip(lineup) {
            *bot = self.bots[s];
        }
        let mut dice = dice_of(rng);
        let o = table.play(&self.game, seated.as_mut_slice(), rng);
        let mut tally = ChipTally::default();
        if let Some(ledger) = &self.chips {
            ledger.settle_game(table.state().hand_log.hands(), &o.points, &mut dice, &mut tally);
        }
        let chips = tally.totals();
        let chips_at = 3 + usize::from(self.placement);
        for (seat, values) in out.iter_mut().take(seated.len()).enumerate() {
            values[0] = i64::from(o.ranks[seat]) + 1;
            values[1] = i64::from(o.ranks[seat] == 0);
            values[2] = i64::from(o.points[seat]);
            values[3] = i64::from(o.scores[seat]);
            values[chips_at] = i64::from(chips[seat]);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::mahjong::table_rules::BOT_FILES;
    use engine::GameSeeds;

    /// Each deal's values of the metric `name` per seat, `bot` in every seat at the table
    /// `rules`.
    fn values(rules: &str, bot: &str, name: &str, deals: u64) -> Vec<[i64; MAX_SEATS]> {
        let strategy = crate::preset::source(bot, &BOT_FILES).unwrap();
        let contest = MahjongContest::new(&TableRules::named(rules).unwrap(), &[strategy]).unwrap();
        let m = contest.metrics().iter().position(|m| m.name == name).expect("the metric");
        let mut worker = contest.worker();
        let seeds = GameSeeds::new(3);
        let mut out = [[0; crate::contest::MAX_METRICS]; MAX_SEATS];
        (0..deals)
            .map(|i| {
                contest.play(&mut worker, i, &[0; MAX_SEATS], &mut seeds.rng(i), &mut out);
                out.map(|seat| seat[m])
            })
            .collect()
    }

    /// Each deal's chips per seat, `bot` in every seat at the three-seat table `rules`.
    fn chips(rules: &str, bot: &str, deals: u64) -> Vec<[i64; 3]> {
        values(rules, bot, "chips", deals).into_iter().map(|v| [v[0], v[1], v[2]]).collect()
    }

    /// The 成績 of the seed's Ron2 rules table (seeds/003): 素点 (points − 30,000 返し) / 100,
    /// plus 順位点 `uma[place − 1]`, plus `oka` to the first.
    fn seed_score(points: i64, place: i64, uma: [i64; 4], oka: i64) -> i64 {
        (points - 30_000) / 100 + uma[place as usize - 1] + if place == 1 { oka } else { 0 }
    }

    #[test]
    fn the_score_is_the_seeds_ron2_result_and_the_objective_at_a_table_with_placement() {
        const DOJO: [i64; 4] = [150, 50, -50, -150];
        const BATTLE: [i64; 4] = [200, 100, -100, -200];
        // The seed's worked examples: the dojo (30,000 start) and リーチバトル (25,000 start,
        // oka +200 to the first).
        let dojo = [40_600, 32_700, 27_300, 19_400].map(|p| p as i64);
        assert_eq!([1, 2, 3, 4].map(|r| seed_score(dojo[r as usize - 1], r, DOJO, 0)), [256, 77, -77, -256]);
        let battle = [35_600, 27_700, 22_300, 14_400].map(|p| p as i64);
        assert_eq!([1, 2, 3, 4].map(|r| seed_score(battle[r as usize - 1], r, BATTLE, 200)), [456, 77, -177, -356]);
        // Every game's score is that result of its points and place at the table's preset.
        for (rules, uma, oka) in [("ron2-dojo", DOJO, 0), ("ron2-battle", BATTLE, 200)] {
            let [points, places, scores] = ["points", "average_rank", "score"].map(|m| values(rules, "strong", m, 6));
            for ((p, r), s) in points.iter().zip(&places).zip(&scores) {
                assert_eq!(std::array::from_fn(|seat| seed_score(p[seat], r[seat], uma, oka)), *s, "{rules}: {p:?} {r:?}");
                assert_eq!(s.iter().sum::<i64>(), 0, "{rules}: {s:?}");
            }
        }
        // The score is the objective there; at Gotō's table (no uma, no oka) there is no
        // score, and the points are.
        let objective = |rules: &str| {
            let contest = MahjongContest::new(&TableRules::named(rules).unwrap(), &[]).unwrap();
            let names: Vec<&str> = contest.metrics().iter().map(|m| m.name).collect();
            (names, contest.metrics().iter().find(|m| m.objective).unwrap().name)
        };
        assert_eq!(objective("ron2-battle"), (vec!["average_rank", "first_place", "points", "score"], "score"));
        assert_eq!(objective("goto"), (vec!["average_rank", "first_place", "points", "chips"], "points"));
    }

    #[test]
    fn chips_are_settled_at_a_table_with_chip_rules_cut_bi_included() {
        let (plain, cutbi) = (chips("goto", "efficiency", 12), chips("goto-cutbi", "efficiency", 12));
        // Chips move between the seats: every game sums to 0, and some game moves some.
        for game in plain.iter().chain(&cutbi) {
            assert_eq!(game.iter().sum::<i64>(), 0, "{game:?}");
        }
        assert!(plain.iter().any(|g| g[0] != 0));
        // A bot blind to the stakes plays the same games at both tables: only cut-bi's
        // multipliers differ, and they move more chips in all.
        let moved = |games: &[[i64; 3]]| games.iter().flatten().map(|c| c.abs()).sum::<i64>();
        assert!(moved(&cutbi) > moved(&plain), "{} vs {}", moved(&cutbi), moved(&plain));
        // A table without chip rules has no chips metric.
        let ron2 = MahjongContest::new(&TableRules::named("ron2-dojo").unwrap(), &[]).unwrap();
        let names: Vec<&str> = ron2.metrics().iter().map(|m| m.name).collect();
        assert_eq!(names, ["average_rank", "first_place", "points", "score"]);
    }
}
