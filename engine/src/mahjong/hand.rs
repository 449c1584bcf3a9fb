//! Fixed-size input and output of the hot-path scorer
//! [`score_hand`](super::score_hand): a winning hand as counts, melds and
//! flags, and its score. Everything here is `Copy`.

use super::decompose::{Block, BlockKind};
use super::limit::Limit;
use super::nuki::Nuki;
use super::payment::Payment;
use super::tile::{Tile, TileCounts};
use super::yaku::YakuList;

/// How a meld was declared.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MeldKind {
    /// チー a called sequence.
    Chi,
    /// ポン a called triplet.
    Pon,
    /// 明槓 an open kan (called, or added to a pon).
    OpenKan,
    /// 暗槓 a closed kan.
    ClosedKan,
}

/// A declared meld.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Meld {
    /// Chi, pon or kan.
    pub kind: MeldKind,
    /// The kind of its lowest tile.
    pub tile: Tile,
}

impl Meld {
    /// A placeholder used to fill the fixed array.
    pub const EMPTY: Meld = Meld { kind: MeldKind::Chi, tile: Tile::EAST };

    /// The meld as a decomposition block.
    pub const fn block(self) -> Block {
        let (kind, open) = match self.kind {
            MeldKind::Chi => (BlockKind::Sequence, true),
            MeldKind::Pon => (BlockKind::Triplet, true),
            MeldKind::OpenKan => (BlockKind::Kan, true),
            MeldKind::ClosedKan => (BlockKind::Kan, false),
        };
        Block { kind, tile: self.tile, open }
    }

    /// Whether it opens the hand (anything but a closed kan).
    pub const fn is_open(self) -> bool {
        !matches!(self.kind, MeldKind::ClosedKan)
    }

    /// Adds its tiles to `counts`.
    pub fn add_to(self, counts: &mut TileCounts) {
        let t = self.tile.index();
        match self.kind {
            MeldKind::Chi => (t..t + 3).for_each(|k| counts[k] += 1),
            MeldKind::Pon => counts[t] += 3,
            MeldKind::OpenKan | MeldKind::ClosedKan => counts[t] += 4,
        }
    }
}

/// Bit set of the circumstances of a win.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct WinFlags(pub u32);

impl WinFlags {
    /// 自摸 won by self-draw (else ron).
    pub const TSUMO: WinFlags = WinFlags(1);
    /// 立直 declared.
    pub const RIICHI: WinFlags = WinFlags(1 << 1);
    /// ダブル立直 declared on the first turn.
    pub const DOUBLE_RIICHI: WinFlags = WinFlags(1 << 2);
    /// 一発.
    pub const IPPATSU: WinFlags = WinFlags(1 << 3);
    /// 嶺上開花: won on a kan replacement tile.
    pub const RINSHAN: WinFlags = WinFlags(1 << 4);
    /// 搶槓: won on a tile added to a kan.
    pub const CHANKAN: WinFlags = WinFlags(1 << 5);
    /// 海底: won on the last wall tile.
    pub const HAITEI: WinFlags = WinFlags(1 << 6);
    /// 河底: won on the last discard.
    pub const HOUTEI: WinFlags = WinFlags(1 << 7);
    /// 天和.
    pub const TENHOU: WinFlags = WinFlags(1 << 8);
    /// 地和.
    pub const CHIIHOU: WinFlags = WinFlags(1 << 9);
    /// 人和.
    pub const RENHOU: WinFlags = WinFlags(1 << 10);
    /// Gotō 流し役満 (the hand itself is not scored).
    pub const NAGASHI: WinFlags = WinFlags(1 << 11);
    /// Gotō: summer (夏) extracted or shown as a dora indicator: rank-up.
    pub const SUMMER: WinFlags = WinFlags(1 << 12);
    /// Gotō: autumn (秋) extracted or on an indicator: red and gold count double.
    pub const AUTUMN: WinFlags = WinFlags(1 << 13);
    /// Gotō: any flower or north extracted, or a flower on a dora indicator (on an ura
    /// one too with `ura_flower_cancels_riichi_only_ron`): blocks 立直のみロン和了.
    pub const EXTRACTED: WinFlags = WinFlags(1 << 14);
    /// Gotō オープン立直 open riichi (with [`RIICHI`](WinFlags::RIICHI) or
    /// [`DOUBLE_RIICHI`](WinFlags::DOUBLE_RIICHI)): worth the scoring rules'
    /// `yaku.han.open_riichi` more (G-R5).
    pub const OPEN_RIICHI: WinFlags = WinFlags(1 << 15);
    /// Gotō: the wild pocchi (G-R6) stands for a fifth copy of a kind the hand holds four
    /// of (melds included): that one kind counts five (a triplet and a pair, or in
    /// sequences), which is otherwise bad tiles.
    pub const WILD_FIFTH: WinFlags = WinFlags(1 << 16);

    /// Whether every bit of `f` is set.
    pub const fn has(self, f: WinFlags) -> bool {
        self.0 & f.0 == f.0
    }

    /// Union.
    pub const fn with(self, f: WinFlags) -> WinFlags {
        WinFlags(self.0 | f.0)
    }
}

/// A winning hand for [`score_hand`](super::score_hand).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Hand {
    /// Concealed tiles per kind, winning tile included (14 − 3 × melds).
    pub concealed: TileCounts,
    /// Declared melds; the first `meld_count` are used.
    pub melds: [Meld; 4],
    /// How many melds.
    pub meld_count: u8,
    /// The winning tile's kind.
    pub win: Tile,
    /// Circumstances.
    pub flags: WinFlags,
    /// Seat wind 0..4 (E S W N); the dealer is East.
    pub seat_wind: u8,
    /// Round wind 0..4.
    pub round_wind: u8,
    /// Dora kinds (already advanced from the indicators), one per indicator.
    pub dora: [Tile; 8],
    /// How many of `dora` are used.
    pub dora_count: u8,
    /// Ura-dora kinds (counted only with riichi), one per indicator.
    pub ura: [Tile; 8],
    /// How many of `ura` are used.
    pub ura_count: u8,
    /// Red fives in the hand (melds included).
    pub red: u8,
    /// Gotō gold fives in the hand (melds included).
    pub gold: u8,
    /// Blue fives (青) in the hand (melds included).
    pub blue: u8,
    /// 抜きドラ: the tiles set aside (Gotō's and 天鳳's norths, a count per nuki kind).
    pub nuki: Nuki,
    /// 本場 counters.
    pub honba: u8,
    /// Riichi sticks the winner collects.
    pub riichi_sticks: u8,
}

impl Hand {
    /// A closed ron hand with no bonuses: set the fields you need.
    pub const fn new(concealed: TileCounts, win: Tile) -> Hand {
        Hand {
            concealed,
            melds: [Meld::EMPTY; 4],
            meld_count: 0,
            win,
            flags: WinFlags(0),
            seat_wind: 1,
            round_wind: 0,
            dora: [Tile::EAST; 8],
            dora_count: 0,
            ura: [Tile::EAST; 8],
            ura_count: 0,
            red: 0,
            gold: 0,
            blue: 0,
            nuki: Nuki::NONE,
            honba: 0,
            riichi_sticks: 0,
        }
    }

    /// The used melds.
    pub fn melds(&self) -> &[Meld] {
        &self.melds[..self.meld_count as usize]
    }

    /// Whether the seat is the dealer (East).
    pub const fn is_dealer(&self) -> bool {
        self.seat_wind == 0
    }
}

/// A scored hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HandScore {
    /// Total han: the real count (counted yakuman included), 13 × multiplier
    /// for a real yakuman, 5 for Ron2's mangan renhou.
    pub han: u8,
    /// Fu (0 for a yakuman or a mangan renhou).
    pub fu: u8,
    /// Yaku and bonuses with their han in this hand.
    pub yaku: YakuList,
    /// Real yakuman multiple (0 when none; a counted yakuman is 0).
    pub yakuman: u8,
    /// Limit reached.
    pub limit: Limit,
    /// Who pays what, honba included.
    pub payment: Payment,
    /// Everything the winner gains, riichi sticks included.
    pub points_total: u32,
}

impl HandScore {
    /// No score (a placeholder in fixed-size records).
    pub const EMPTY: HandScore = HandScore {
        han: 0,
        fu: 0,
        yaku: YakuList::EMPTY,
        yakuman: 0,
        limit: Limit::None,
        payment: Payment::Ron(0),
        points_total: 0,
    };
}
