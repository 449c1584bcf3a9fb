//! The record of one finished game (半荘 or 東風): fixed-size and `Copy`.

use super::MAX_SEATS;
use crate::mahjong::Yaku;
use serde::Deserialize;

/// Yaku kinds counted (every [`Yaku`], by `Yaku as usize`).
pub const YAKU_KINDS: usize = Yaku::ALL.len();

/// Bins of [`HanchanOutcome::win_value_hist`]: 1,000 points each, the last
/// one open-ended (49,000 points and more).
pub const WIN_VALUE_BINS: usize = 50;

/// Abortive draws (途中流局) by kind (in a table file: `nine_terminals`,
/// `four_winds`, `four_riichi`, `four_kans`, `triple_ron`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Abort {
    /// 九種九牌 nine kinds of terminals and honours on the first draw.
    NineTerminals = 0,
    /// 四風連打 the same wind discarded by all four on the first go-around.
    FourWinds = 1,
    /// 四人リーチ all four in riichi.
    FourRiichi = 2,
    /// 四槓散了 four kans by two or more seats.
    FourKans = 3,
    /// 三家和 three rons on one discard.
    TripleRon = 4,
}

impl Abort {
    /// Every kind, in index order.
    pub const ALL: [Abort; 5] =
        [Abort::NineTerminals, Abort::FourWinds, Abort::FourRiichi, Abort::FourKans, Abort::TripleRon];
}

/// Everything a study aggregates about one game. Seats are fixed for the
/// game; seat 0 is the first dealer (起家).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HanchanOutcome {
    /// Final points per seat (after the last riichi sticks went to the top).
    pub points: [i32; MAX_SEATS],
    /// Place per seat, 0 = first (ties broken by seat order).
    pub ranks: [u8; MAX_SEATS],
    /// Final score (成績) per seat in units of 100 points, under the game's preset.
    pub scores: [i32; MAX_SEATS],
    /// Hands (局) played, repeats included.
    pub hands: u16,
    /// Hands played after the first round wind (South, or Gotō's sudden death).
    pub late_hands: u16,
    /// The dealer ended the game after its own win (和了やめ, G-S5).
    pub dealer_stopped: bool,
    /// Whether the game ended by the bust rule (トビ).
    pub bust: bool,
    /// Whether the game was cut at the table's hand cap (`max_hands`) before its end.
    pub capped: bool,
    /// Wins per seat, tsumo and ron.
    pub wins: [u16; MAX_SEATS],
    /// Tsumo wins per seat.
    pub tsumo_wins: [u16; MAX_SEATS],
    /// Wins per seat while dealer.
    pub dealer_wins: [u16; MAX_SEATS],
    /// Discards per seat that were won on (放銃), chankan included.
    pub deal_ins: [u16; MAX_SEATS],
    /// Riichi declared (and paid) per seat, open riichi included.
    pub riichi: [u16; MAX_SEATS],
    /// オープン立直 declared (and paid) per seat.
    pub open_riichi: [u16; MAX_SEATS],
    /// Deal-ins per seat forced into an open riichi (G-R3: paid as 13 han or more).
    pub forced_deal_ins: [u16; MAX_SEATS],
    /// Calls per seat (chi, pon, daiminkan, kakan; not closed kans).
    pub calls: [u16; MAX_SEATS],
    /// Hands in which the seat made at least one open call.
    pub open_hands: [u16; MAX_SEATS],
    /// Points gained by wins per seat (payments received, honba and sticks included).
    pub win_points: [u32; MAX_SEATS],
    /// Hand values of the wins per seat: the points paid for the hand
    /// itself, without honba and riichi sticks (和了点, what Tenhou's
    /// statistics average).
    pub win_value: [u32; MAX_SEATS],
    /// Wins by hand value, `[non-dealer, dealer][value / 1000]` (the last
    /// bin holds 49,000 points and more).
    pub win_value_hist: [[u16; WIN_VALUE_BINS]; 2],
    /// Exhaustive draws (荒牌流局).
    pub exhaustive_draws: u16,
    /// Seats tenpai at exhaustive draws, per seat.
    pub tenpai_at_draw: [u16; MAX_SEATS],
    /// Abortive draws by [`Abort`] index.
    pub aborts: [u16; 5],
    /// Discards won on by two seats at once.
    pub double_rons: u16,
    /// Wins paid under pao (責任払い), rinshan after a daiminkan included.
    pub pao: u16,
    /// Yaku among all wins, by `Yaku as usize` (dora kinds: hands that had any).
    pub yaku: [u16; YAKU_KINDS],
    /// Yakuman wins (real or counted).
    pub yakuman: u16,
    /// Tiles set aside (抜きドラ: norths, or the tile set's other nuki kinds) per seat.
    pub norths: [u16; MAX_SEATS],
    /// Flowers set aside per seat.
    pub flowers: [u16; MAX_SEATS],
}

impl HanchanOutcome {
    /// All zeros.
    pub const EMPTY: HanchanOutcome = HanchanOutcome {
        points: [0; MAX_SEATS],
        ranks: [0; MAX_SEATS],
        scores: [0; MAX_SEATS],
        hands: 0,
        late_hands: 0,
        dealer_stopped: false,
        bust: false,
        capped: false,
        wins: [0; MAX_SEATS],
        tsumo_wins: [0; MAX_SEATS],
        dealer_wins: [0; MAX_SEATS],
        deal_ins: [0; MAX_SEATS],
        riichi: [0; MAX_SEATS],
        open_riichi: [0; MAX_SEATS],
        forced_deal_ins: [0; MAX_SEATS],
        calls: [0; MAX_SEATS],
        open_hands: [0; MAX_SEATS],
        win_points: [0; MAX_SEATS],
        win_value: [0; MAX_SEATS],
        win_value_hist: [[0; WIN_VALUE_BINS]; 2],
        exhaustive_draws: 0,
        tenpai_at_draw: [0; MAX_SEATS],
        aborts: [0; 5],
        norths: [0; MAX_SEATS],
        flowers: [0; MAX_SEATS],
        double_rons: 0,
        pao: 0,
        yaku: [0; YAKU_KINDS],
        yakuman: 0,
    };

    /// Times `y` appeared among the wins.
    pub fn yaku_count(&self, y: Yaku) -> u16 {
        self.yaku[y as usize]
    }

    /// Abortive draws of kind `a`.
    pub fn abort_count(&self, a: Abort) -> u16 {
        self.aborts[a as usize]
    }

    /// All wins.
    pub fn total_wins(&self) -> u16 {
        self.wins.iter().sum()
    }
}
