//! The aggregate of a drift study: per bout the results, per subject its points, its own
//! chases (their lengths, how many the round cap cut) and what it conceded as leader.

use super::arms::ArmsAcc;
use crate::stats::{Histogram, Moments, Rate};
use engine::drift::{DriftOutcome, Style};
use serde::{Deserialize, Serialize};

/// Highest evaluation-point total kept in its own histogram bin (higher totals are counted
/// in this last bin).
pub const MAX_POINTS: i64 = 5000;

/// One bout's results (subject A against subject B).
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct BoutAcc {
    /// A's result, ties as halves.
    pub result: Rate,
    /// Battles tied.
    pub ties: u64,
    /// The result of the side that led the first chase (none for solo runs).
    pub first_leader: Rate,
}

/// One subject's play over all its bouts.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct SubjectAcc {
    /// Evaluation points per battle (= in its own chase, or its run).
    pub points: Moments,
    /// Their distribution.
    pub points_hist: Histogram,
    /// Points per own chase, leaving out the chases the round cap cut.
    pub uncapped_points: Moments,
    /// The opponent's points per battle, scored while this subject led (none in solo).
    pub conceded: Moments,
    /// Its own chases (as chaser, or solo runs) …
    pub chases: u64,
    /// … and those the round cap cut with life left.
    pub capped: u64,
    /// Rounds of each own chase (the last bin: the cap).
    pub chase_len: Histogram,
    /// Style activations, indexed like `Style::ALL`.
    pub style_uses: Vec<u64>,
}

impl SubjectAcc {
    fn new(cap: u16) -> Self {
        Self {
            points: Moments::default(),
            points_hist: Histogram::new(0, MAX_POINTS),
            uncapped_points: Moments::default(),
            conceded: Moments::default(),
            chases: 0,
            capped: 0,
            chase_len: Histogram::new(0, i64::from(cap)),
            style_uses: vec![0; Style::COUNT],
        }
    }

    /// The share of its own chases the round cap cut, with its Wilson interval.
    pub fn capped_rate(&self) -> Rate {
        Rate::of(self.capped, self.chases)
    }
}

/// The aggregate of a drift study's battles.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct DriftAcc {
    /// Per bout.
    pub bouts: Vec<BoutAcc>,
    /// Per subject.
    pub subjects: Vec<SubjectAcc>,
    /// Whether the chaser scored in the first exchange of each chase.
    pub first_exchange: Rate,
    /// Every exchange of every chase: did the chaser score.
    pub exchanges: Rate,
    /// Exchanges per battle (both chases, or both runs).
    pub length: Moments,
    /// The paired arms of `play` and `cars` modes (empty otherwise).
    #[serde(default)]
    pub arms: ArmsAcc,
}

impl DriftAcc {
    /// An empty aggregate for `subjects` subjects and `bouts` bouts, chases capped at `cap`.
    pub fn new(subjects: usize, bouts: usize, cap: u16) -> Self {
        Self {
            bouts: vec![BoutAcc::default(); bouts],
            subjects: vec![SubjectAcc::new(cap); subjects],
            first_exchange: Rate::default(),
            exchanges: Rate::default(),
            length: Moments::default(),
            arms: ArmsAcc::default(),
        }
    }

    /// Records bout `bout`'s battle `o` between subjects `a` (side 0) and `b` (side 1);
    /// `first`: the side that led the first chase (`None`: two solo runs). Subject `b`'s
    /// play is counted only when `both` (a matrix, or a mirror bout): a baseline's own
    /// figures come from its mirror bout, not from the styles it is compared with.
    pub fn record(&mut self, bout: usize, (a, b): (usize, usize), o: &DriftOutcome, first: Option<usize>, both: bool) {
        let acc = &mut self.bouts[bout];
        match o.winner {
            Some(0) => acc.result.record(true),
            Some(_) => acc.result.record(false),
            None => {
                acc.result.record_half();
                acc.ties += 1;
            }
        }
        if let Some(f) = first {
            match o.winner {
                Some(w) => acc.first_leader.record(w == f),
                None => acc.first_leader.record_half(),
            }
        }
        for (side, e) in [a, b].into_iter().enumerate().take(if both { 2 } else { 1 }) {
            let s = &mut self.subjects[e];
            let points = i64::from(o.points[side]);
            s.points.record(points);
            s.points_hist.record(points);
            if !o.capped[side] {
                s.uncapped_points.record(points);
            }
            if first.is_some() {
                s.conceded.record(i64::from(o.points[1 - side]));
            }
            s.chases += 1;
            s.capped += u64::from(o.capped[side]);
            s.chase_len.record(i64::from(o.rounds[side]));
            for (k, &uses) in o.style_uses[side].iter().enumerate() {
                s.style_uses[k] += u64::from(uses);
            }
            self.first_exchange.record(o.first_round_scored[side]);
            self.exchanges.trials += u64::from(o.rounds[side]);
            self.exchanges.half_successes += 2 * u64::from(o.scored[side]);
        }
        self.length.record(i64::from(o.rounds[0] + o.rounds[1]));
    }
}

crate::merge_fields!(BoutAcc { result, ties, first_leader });
crate::merge_fields!(SubjectAcc {
    points,
    points_hist,
    uncapped_points,
    conceded,
    chases,
    capped,
    chase_len,
    style_uses
});
crate::merge_fields!(DriftAcc { bouts, subjects, first_exchange, exchanges, length, arms });
