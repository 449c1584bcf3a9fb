//! What the Rack-up study counts per arm ([`ArmAcc`]) and across arms
//! ([`RackupAcc`]: the paired stun-minus-pay difference).

use super::Arm;
use crate::paired::Paired;
use crate::stats::{Histogram, Moments, Rate};
use engine::rackup::{MatchOutcome, PenaltyPolicy, ShotKind, Yaku};
use serde::{Deserialize, Serialize};

/// Highest final point total with its own bin.
pub const MAX_POINTS: i64 = 20;

/// Tier names of a winning round, in [`MatchOutcome::tiers`] order.
pub const TIERS: [&str; 5] = ["plain", "mangan", "haneman", "baiman", "yakuman"];

/// Chombo cases, in [`MatchOutcome::chombo`] order.
pub const CHOMBO_CASES: [&str; 3] = ["foul", "self_out", "replay"];

/// The aggregate of one arm.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct ArmAcc {
    /// Player A's match result (ties as halves).
    pub a_result: Rate,
    /// Player A's final points.
    pub a_points: Moments,
    /// Distribution of player A's final points.
    pub a_points_hist: Histogram,
    /// Player A's final points (x) against those of the baseline arm on the same stream (y).
    pub vs_baseline: Paired,
    /// Player A's final points (x) against those of the never-riichi arm on the same stream (y).
    pub vs_never: Paired,
    /// Rounds per match.
    pub rounds: Moments,
    /// Matches in which each yaku occurred at least once (either player).
    pub yaku_matches: Vec<u64>,
    /// Winning rounds with each yaku.
    pub yaku_rounds: Vec<u64>,
    /// Winning rounds with each point value of the yaku with several, by
    /// [`Yaku::variant_slot`].
    pub variant_rounds: Vec<u64>,
    /// Player A's normal shots of each kind, by `ShotKind as usize`.
    pub a_shot_kinds: Vec<u64>,
    /// Points each yaku awarded per match (before the cap), both players.
    pub yaku_points: Vec<Moments>,
    /// Rounds won with yaku.
    pub winning_rounds: u64,
    /// Winning rounds per tier (plain, mangan, haneman, baiman, yakuman).
    pub tiers: Vec<u64>,
    /// Yakuman wins per match.
    pub yakuman: Moments,
    /// 和了流局: rounds won without a yaku.
    pub no_yaku_rounds: u64,
    /// Rounds won by the seat that took the initiative in the round's first
    /// active shoot, out of rounds won (with or without yaku).
    pub initiative: Rate,
    /// 相討流局: double ring-out draws.
    pub mutual_rounds: u64,
    /// Riichi declarations and riichi wins of player A.
    pub a_riichi: [u64; 2],
    /// Riichi failures of player A taken as a stun, and paid with a point.
    pub a_riichi_penalty: [u64; 2],
    /// Chombo per match, either player, by case (① foul, ② self ring-out, ③ replay).
    pub chombo: [Moments; 3],
}

impl ArmAcc {
    fn new() -> Self {
        Self {
            a_result: Rate::default(),
            a_points: Moments::default(),
            a_points_hist: Histogram::new(0, MAX_POINTS),
            vs_baseline: Paired::default(),
            vs_never: Paired::default(),
            rounds: Moments::default(),
            yaku_matches: vec![0; Yaku::COUNT],
            yaku_rounds: vec![0; Yaku::COUNT],
            variant_rounds: vec![0; Yaku::VARIANT_SLOTS],
            a_shot_kinds: vec![0; ShotKind::COUNT],
            yaku_points: vec![Moments::default(); Yaku::COUNT],
            winning_rounds: 0,
            tiers: vec![0; TIERS.len()],
            yakuman: Moments::default(),
            no_yaku_rounds: 0,
            initiative: Rate::default(),
            mutual_rounds: 0,
            a_riichi: [0; 2],
            a_riichi_penalty: [0; 2],
            chombo: [Moments::default(); 3],
        }
    }

    fn record(&mut self, o: &MatchOutcome, baseline_points: i64, never_points: i64) {
        match o.winner {
            Some(w) => self.a_result.record(w == 0),
            None => self.a_result.record_half(),
        }
        let a = i64::from(o.points[0]);
        self.a_points.record(a);
        self.a_points_hist.record(a);
        self.vs_baseline.record(a, baseline_points);
        self.vs_never.record(a, never_points);
        self.rounds.record(i64::from(o.rounds));
        for y in 0..Yaku::COUNT {
            let times = u64::from(o.yaku[0][y]) + u64::from(o.yaku[1][y]);
            self.yaku_rounds[y] += times;
            self.yaku_matches[y] += u64::from(times > 0);
            self.yaku_points[y].record(i64::from(o.yaku_points[0][y]) + i64::from(o.yaku_points[1][y]));
        }
        for (v, total) in self.variant_rounds.iter_mut().enumerate() {
            *total += u64::from(o.variants[0][v]) + u64::from(o.variants[1][v]);
        }
        for (k, total) in self.a_shot_kinds.iter_mut().enumerate() {
            *total += u64::from(o.shot_kinds[0][k]);
        }
        for (t, total) in self.tiers.iter_mut().enumerate() {
            *total += u64::from(o.tiers[0][t]) + u64::from(o.tiers[1][t]);
        }
        self.yakuman.record(i64::from(o.tiers[0][4]) + i64::from(o.tiers[1][4]));
        self.winning_rounds += u64::from(o.wins[0]) + u64::from(o.wins[1]);
        let no_yaku = u64::from(o.no_yaku[0]) + u64::from(o.no_yaku[1]);
        self.no_yaku_rounds += no_yaku;
        let decided = u64::from(o.wins[0]) + u64::from(o.wins[1]) + no_yaku;
        self.initiative += Rate::of(u64::from(o.initiative_wins), decided);
        self.mutual_rounds += u64::from(o.mutual);
        self.a_riichi[0] += u64::from(o.riichi_declared[0]);
        self.a_riichi[1] += u64::from(o.riichi_won[0]);
        self.a_riichi_penalty[0] += u64::from(o.riichi_stun[0]);
        self.a_riichi_penalty[1] += u64::from(o.riichi_paid[0]);
        for (c, total) in self.chombo.iter_mut().enumerate() {
            total.record(i64::from(o.chombo[0][c]) + i64::from(o.chombo[1][c]));
        }
    }
}

crate::merge_fields!(ArmAcc {
    a_result,
    a_points,
    a_points_hist,
    vs_baseline,
    vs_never,
    rounds,
    yaku_matches,
    yaku_rounds,
    variant_rounds,
    a_shot_kinds,
    yaku_points,
    winning_rounds,
    tiers,
    yakuman,
    no_yaku_rounds,
    initiative,
    mutual_rounds,
    a_riichi,
    a_riichi_penalty,
    chombo
});

/// The aggregate of a Rack-up study.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct RackupAcc {
    /// Per arm, in the study's arm order.
    pub arms: Vec<ArmAcc>,
    /// Player A's final points with the stun as riichi penalty (x) against with paying (y),
    /// same stream.
    pub stun_minus_pay: Paired,
}

impl RackupAcc {
    /// An empty aggregate of `arms` arms.
    pub fn new(arms: usize) -> Self {
        Self { arms: (0..arms).map(|_| ArmAcc::new()).collect(), stun_minus_pay: Paired::default() }
    }

    /// Records one game index's matches, one per arm (`outcomes` in `arms`
    /// order; the baseline first, the never-riichi arm at `never`).
    pub fn record(&mut self, arms: &[Arm], outcomes: &[MatchOutcome], never: usize) {
        let points = |k: usize| i64::from(outcomes[k].points[0]);
        let (baseline, never) = (points(0), points(never));
        for (acc, o) in self.arms.iter_mut().zip(outcomes) {
            acc.record(o, baseline, never);
        }
        let at = |p: PenaltyPolicy| arms.iter().position(|&a| a == Arm::Penalty(p));
        if let (Some(stun), Some(pay)) = (at(PenaltyPolicy::Stun), at(PenaltyPolicy::Pay)) {
            self.stun_minus_pay.record(points(stun), points(pay));
        }
    }
}

crate::merge_fields!(RackupAcc { arms, stun_minus_pay });
