//! Rack-up Battle sweeps: the base is a shot-model profile (`default` or a profile file), so
//! every key of it can be varied (`rules.start_points`, `shots.plain.beat_hit`,
//! `players.0.accuracy` for player A's, `yaku.ryuusei = [1, 3, 1]` for 流星's points,
//! `score.cap`); keys under `strategy.` address the strategy file both players follow
//! (`strategy = "heuristic"` unless the sweep file names another preset or a file), and
//! with `strategy_b` named, keys under `strategy_b.` address player B's. Game i of every
//! arm is the match the Rack-up study plays as its baseline for index i.
//!
//! Metrics, per match: `a_result` (player A's result, a win 1, a tie ½, as the study
//! counts it), `first_roller` (the same for the first dora roller, 親), `a_points` (A's
//! final points), `rounds`, `winning_rounds` (rounds won with yaku, either player),
//! `no_yaku_rounds` (和了流局), `mutual_rounds` (相討流局), `a_riichi` (A's riichi
//! declarations), and `yaku.<id>` for each yaku: the share of matches in which it was
//! scored at least once (either player).

use crate::paired::Obs;
use crate::sweep::overrides::Documents;
use crate::sweep::{Arm, SweepArm, boxed, strategy_texts, strings, text};
use anyhow::{Result, anyhow};
use engine::rackup::{MatchOutcome, Profile, RackupGame, StrategyConfig, Yaku};
use engine::{GameRng, Strategy, Table};

/// The metrics a Rack-up sweep reports unless the file picks others.
pub const DEFAULT_METRICS: [&str; 9] = [
    "a_result",
    "first_roller",
    "a_points",
    "rounds",
    "yaku.riichi",
    "yaku.ichigeki",
    "yaku.nidatsu",
    "yaku.sogeki",
    "yaku.ryuusei",
];

/// The metrics before the yaku, in [`observe`] order.
const MATCH_METRICS: [&str; 8] =
    ["a_result", "first_roller", "a_points", "rounds", "winning_rounds", "no_yaku_rounds", "mutual_rounds", "a_riichi"];

/// Every metric a Rack-up sweep can report, in the order [`RackupArm::play`] writes them.
pub fn metric_names() -> Vec<String> {
    let mut names: Vec<String> = MATCH_METRICS.map(String::from).to_vec();
    names.extend(Yaku::ALL.iter().map(|y| format!("yaku.{}", y.id())));
    names
}

/// One variant's game and the strategies of players A and B.
pub struct RackupArm {
    game: RackupGame,
    strategies: [StrategyConfig; 2],
}

impl SweepArm for RackupArm {
    fn new(docs: &Documents) -> Result<RackupArm> {
        let profile = Profile::from_toml(&text(&docs.main)).map_err(|e| anyhow!("profile: {e}"))?;
        let game = RackupGame::new(profile).map_err(|e| anyhow!("profile: {e}"))?;
        let [a, b] = strategy_texts(docs).map(|t| StrategyConfig::from_toml(&t).map_err(|e| anyhow!("{e}")));
        Ok(RackupArm { game, strategies: [a?, b?] })
    }

    fn metrics(_: &mut [RackupArm]) -> Result<(Vec<String>, Vec<String>)> {
        Ok((metric_names(), strings(&DEFAULT_METRICS)))
    }
}

impl Arm for RackupArm {
    type Worker<'a> = (Table<RackupGame>, [Box<dyn Strategy<RackupGame>>; 2]);

    fn worker(&self) -> Self::Worker<'_> {
        (Table::new(&self.game), boxed(self.strategies))
    }

    fn play(&self, (table, players): &mut Self::Worker<'_>, _: u64, rng: &mut GameRng, out: &mut Vec<Obs>) {
        let o = table.play(&self.game, players, rng);
        observe(&o, out);
    }
}

/// A match result out of 2 for `seat`: 2 a win, 1 a tie, 0 a loss.
fn result(o: &MatchOutcome, seat: u8) -> Obs {
    Obs::rate(o.winner.map_or(1, |w| 2 * i64::from(w == seat)), 2)
}

/// One match's observations, in [`metric_names`] order.
fn observe(o: &MatchOutcome, out: &mut Vec<Obs>) {
    out.clear();
    let both = |x: [u8; 2]| Obs::mean(i64::from(x[0]) + i64::from(x[1]));
    out.extend([
        result(o, 0),
        result(o, o.first_roller),
        Obs::mean(i64::from(o.points[0])),
        Obs::mean(i64::from(o.rounds)),
        both(o.wins),
        both(o.no_yaku),
        Obs::mean(i64::from(o.mutual)),
        Obs::mean(i64::from(o.riichi_declared[0])),
    ]);
    out.extend((0..Yaku::COUNT).map(|y| Obs::mean(i64::from(o.yaku[0][y] > 0 || o.yaku[1][y] > 0))));
}
