//! The Ron2 table study's accumulator: per-seat and per-hand counts of one run, merged
//! field by field, and the rates read from them.

use super::SEATS;
use crate::games::mahjong::calibration;
use crate::paired::Paired;
use crate::stats::{Histogram, Moments, Rate};
use engine::mahjong::Yaku;
use engine::mahjong::table::{Abort, HanchanOutcome, WIN_VALUE_BINS, tenhou_yaku};
use serde::{Deserialize, Serialize};

/// Lowest and highest final points, in thousands, with their own bins.
const POINTS_RANGE: (i64, i64) = (-60, 160);

/// The aggregate of a table study.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct MahjongAcc {
    /// Games played.
    pub games: u64,
    /// Hands (局) played, repeats included.
    pub hands: u64,
    /// Per seat: wins, deal-ins, riichi, hands with an open call, tsumo wins.
    pub seat_counts: Vec<[u64; 5]>,
    /// Points gained by wins, all seats (honba and riichi sticks included).
    pub win_points: u64,
    /// Hand values of the wins, all seats (without honba and sticks).
    pub win_value: u64,
    /// Wins by hand value: `[non-dealer bins…, dealer bins…]`, bins of
    /// 1,000 points ([`WIN_VALUE_BINS`] each, the last open-ended).
    pub win_value_bins: Vec<u64>,
    /// Exhaustive draws.
    pub exhaustive: u64,
    /// Abortive draws by kind.
    pub aborts: [u64; 5],
    /// Wins with each yaku (by `Yaku as usize`; the [`Yaku::counted`] ones of the set).
    pub yaku: Vec<u64>,
    /// Games per seat and place (`seat * 4 + place`).
    pub places: Vec<u64>,
    /// Final points per seat.
    pub points: Vec<Moments>,
    /// Final score (成績, units of 100) per seat under the game's preset.
    pub scores: Vec<Moments>,
    /// Final points per seat, in thousands.
    pub points_hist: Vec<Histogram>,
    /// Hands per game.
    pub length: Histogram,
    /// Games ended by the bust rule.
    pub busts: u64,
    /// Games cut at the table's hand cap (`max_hands`).
    #[serde(default)]
    pub capped: u64,
    /// Double rons, pao payments, yakuman wins.
    pub special: [u64; 3],
    /// Per game, the hand value of its wins beside their number: the average win with an
    /// interval over games.
    #[serde(default)]
    pub win_ratio: Paired,
}

impl MahjongAcc {
    /// No games yet, at a table whose set has blue fives or not.
    pub(super) fn new(blue_fives: bool) -> Self {
        Self {
            games: 0,
            hands: 0,
            seat_counts: vec![[0; 5]; SEATS],
            win_points: 0,
            win_value: 0,
            win_value_bins: vec![0; 2 * WIN_VALUE_BINS],
            exhaustive: 0,
            aborts: [0; 5],
            yaku: vec![0; Yaku::counted(blue_fives)],
            places: vec![0; SEATS * SEATS],
            points: vec![Moments::default(); SEATS],
            scores: vec![Moments::default(); SEATS],
            points_hist: vec![Histogram::new(POINTS_RANGE.0, POINTS_RANGE.1); SEATS],
            length: Histogram::new(0, 40),
            busts: 0,
            capped: 0,
            special: [0; 3],
            win_ratio: Paired::default(),
        }
    }

    pub(super) fn record(&mut self, o: &HanchanOutcome) {
        self.games += 1;
        self.hands += u64::from(o.hands);
        for s in 0..SEATS {
            let c = &mut self.seat_counts[s];
            for (k, v) in
                [o.wins[s], o.deal_ins[s], o.riichi[s], o.open_hands[s], o.tsumo_wins[s]].into_iter().enumerate()
            {
                c[k] += u64::from(v);
            }
            self.win_points += u64::from(o.win_points[s]);
            self.win_value += u64::from(o.win_value[s]);
            self.places[s * SEATS + usize::from(o.ranks[s])] += 1;
            self.points[s].record(i64::from(o.points[s]));
            self.scores[s].record(i64::from(o.scores[s]));
            self.points_hist[s].record(i64::from(o.points[s]).div_euclid(1000));
        }
        self.exhaustive += u64::from(o.exhaustive_draws);
        for (a, b) in self.win_value_bins.iter_mut().zip(o.win_value_hist.iter().flatten()) {
            *a += u64::from(*b);
        }
        for a in Abort::ALL {
            self.aborts[a as usize] += u64::from(o.aborts[a as usize]);
        }
        self.yaku.iter_mut().zip(o.yaku).for_each(|(a, b)| *a += u64::from(b));
        self.length.record(i64::from(o.hands));
        self.busts += u64::from(o.bust);
        self.capped += u64::from(o.capped);
        for (k, v) in [o.double_rons, o.pao, o.yakuman].into_iter().enumerate() {
            self.special[k] += u64::from(v);
        }
        let sum = |a: &[_]| a.iter().map(|&x| i64::from(x)).sum::<i64>();
        self.win_ratio.record(o.win_value.iter().map(|&x| i64::from(x)).sum(), sum(&o.wins));
    }

    /// Wins by hand value in 1,000-point bins, of non-dealers (`dealer` 0) or dealers (1).
    pub(super) fn value_bins(&self, dealer: usize) -> &[u64] {
        &self.win_value_bins[dealer * WIN_VALUE_BINS..][..WIN_VALUE_BINS]
    }

    /// All wins.
    pub(super) fn wins(&self) -> u64 {
        self.seat_counts.iter().map(|c| c[0]).sum()
    }

    /// The per-round rates, in the order of [`engine::mahjong::table::RATE_NAMES`]: per player and
    /// hand for win, deal-in, riichi and call; per hand for exhaustive draws.
    pub(super) fn rates(&self) -> [Rate; 5] {
        let player_hands = self.hands * SEATS as u64;
        let total = |k: usize| self.seat_counts.iter().map(|c| c[k]).sum::<u64>();
        let rate = Rate::of;
        [
            rate(total(0), player_hands),
            rate(total(1), player_hands),
            rate(total(2), player_hands),
            rate(total(3), player_hands),
            rate(self.exhaustive, self.hands),
        ]
    }
}

crate::merge_fields!(MahjongAcc {
    games,
    hands,
    seat_counts,
    win_points,
    win_value,
    win_value_bins,
    exhaustive,
    aborts,
    yaku,
    places,
    points,
    scores,
    points_hist,
    length,
    busts,
    capped,
    special,
    win_ratio
});

pub(super) fn seat_first(acc: &MahjongAcc, s: usize) -> Rate {
    Rate::of(acc.places[s * SEATS], acc.games)
}

pub(super) fn yaku_rate(acc: &MahjongAcc, y: Yaku) -> Rate {
    Rate::of(acc.yaku[y as usize], acc.wins())
}

/// Our share of wins for a calibration yaku target's name (`yakuhai`: wins with each
/// yakuhai kind added up, a hand with two kinds counted twice, as Tenhou's 翻牌 count).
fn tenhou_comparable_share(acc: &MahjongAcc, name: &str) -> Rate {
    Rate::of(tenhou_yaku(name).map(|y| acc.yaku[y as usize]).sum(), acc.wins())
}

/// The calibration rows: the rates, the average win (hand value) and the yaku shares
/// beside Tenhou's.
pub(super) fn calibration_rows(acc: &MahjongAcc) -> Vec<calibration::Row> {
    calibration::rows(&acc.rates(), acc.win_ratio.ratio(), |name| tenhou_comparable_share(acc, name))
}
