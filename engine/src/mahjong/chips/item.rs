//! The chip items (祝儀の種類) a ledger books, and one chip transfer.

/// The sit-out's participant index at a three-seat table (seats are `0..3`); a four-seat
/// table has no sit-out, and participant 3 is its fourth seat.
pub const SIT_OUT: u8 = 3;

/// One kind of chip payment, by its GOTO-SPEC rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ChipItem {
    /// G-C1 一発.
    Ippatsu,
    /// G-C2 赤.
    Red,
    /// G-C3 金.
    Gold,
    /// G-C4 裏.
    Ura,
    /// G-C5 北.
    North,
    /// G-C6 ポッチ一発ツモ.
    PocchiIppatsu,
    /// G-C7 三倍満.
    Sanbaiman,
    /// G-C8 役満 (counted or real, han above 13 included).
    Yakuman,
    /// G-C9 夏 on a yakuman.
    Summer,
    /// G-F2/G-F6 春.
    Spring,
    /// G-F5 冬 アリス.
    Alice,
    /// G-D2 サイコロチャンス.
    Dice,
    /// G-D4 四華四北.
    SuukaSuupei,
    /// G-O2a the sit-out's no-spring chips.
    SitOutNoSpring,
    /// G-O2b the sit-out's draw chips.
    SitOutDraw,
    /// G-O2c the sit-out's South-entry chips.
    SitOutSouth,
    /// G-E2 rank chips (順位祝儀).
    Rank,
    /// G-E3 the 80,000 bonus.
    Over80000,
    /// G-E4 トビ賞.
    Bust,
    /// G-E5 ダブル飛ばし.
    DoubleBust,
    /// G-M1 チョンボ's 5.
    Chombo,
    /// 青 a blue five (a club's per-tile item; last, so that a study's saved items list it
    /// only for a set with blue fives, see [`ChipItem::counted`]).
    Blue,
}

impl ChipItem {
    /// Every item, in table order.
    pub const ALL: [ChipItem; 22] = [
        ChipItem::Ippatsu,
        ChipItem::Red,
        ChipItem::Gold,
        ChipItem::Ura,
        ChipItem::North,
        ChipItem::PocchiIppatsu,
        ChipItem::Sanbaiman,
        ChipItem::Yakuman,
        ChipItem::Summer,
        ChipItem::Spring,
        ChipItem::Alice,
        ChipItem::Dice,
        ChipItem::SuukaSuupei,
        ChipItem::SitOutNoSpring,
        ChipItem::SitOutDraw,
        ChipItem::SitOutSouth,
        ChipItem::Rank,
        ChipItem::Over80000,
        ChipItem::Bust,
        ChipItem::DoubleBust,
        ChipItem::Chombo,
        ChipItem::Blue,
    ];

    /// Number of items.
    pub const COUNT: usize = ChipItem::ALL.len();

    /// The items a study counts and tabulates (a prefix of [`ChipItem::ALL`]): every one, or
    /// all but the last, 青, when the tile set has no blue fives (so the saved tallies and
    /// the tables of such a set are as they were before blue fives existed).
    pub fn counted(blue_fives: bool) -> &'static [ChipItem] {
        &ChipItem::ALL[..if blue_fives { ChipItem::COUNT } else { ChipItem::Blue as usize }]
    }

    /// Its name in tables and in the calculator's answers.
    pub const fn name(self) -> &'static str {
        match self {
            ChipItem::Ippatsu => "ippatsu",
            ChipItem::Red => "red",
            ChipItem::Gold => "gold",
            ChipItem::Ura => "ura",
            ChipItem::North => "north",
            ChipItem::PocchiIppatsu => "pocchi_ippatsu_tsumo",
            ChipItem::Sanbaiman => "sanbaiman",
            ChipItem::Yakuman => "yakuman",
            ChipItem::Summer => "summer",
            ChipItem::Spring => "spring",
            ChipItem::Alice => "alice",
            ChipItem::Dice => "dice",
            ChipItem::SuukaSuupei => "suuka_suupei",
            ChipItem::SitOutNoSpring => "sit_out_no_spring",
            ChipItem::SitOutDraw => "sit_out_draw",
            ChipItem::SitOutSouth => "sit_out_south",
            ChipItem::Rank => "rank",
            ChipItem::Over80000 => "over_80000",
            ChipItem::Bust => "bust",
            ChipItem::DoubleBust => "double_bust",
            ChipItem::Chombo => "chombo",
            ChipItem::Blue => "blue",
        }
    }

    /// The group it belongs to in the variance decomposition (GOTO-SPEC issue groups:
    /// per-tile, tiers, flowers, Alice, dice, sit-out, rank, bust, 80,000).
    pub const fn group(self) -> &'static str {
        match self {
            ChipItem::Ippatsu
            | ChipItem::Red
            | ChipItem::Gold
            | ChipItem::Blue
            | ChipItem::Ura
            | ChipItem::North
            | ChipItem::PocchiIppatsu => "per_tile",
            ChipItem::Sanbaiman | ChipItem::Yakuman | ChipItem::Summer => "tiers",
            ChipItem::Spring | ChipItem::SuukaSuupei => "flowers",
            ChipItem::Alice => "alice",
            ChipItem::Dice => "dice",
            ChipItem::SitOutNoSpring | ChipItem::SitOutDraw | ChipItem::SitOutSouth => "sit_out",
            ChipItem::Rank => "rank",
            ChipItem::Bust | ChipItem::DoubleBust | ChipItem::Chombo => "bust",
            ChipItem::Over80000 => "over_80000",
        }
    }
}

/// One chip transfer: `chips` from `payer` to `receiver` (participants: seats `0..3`,
/// [`SIT_OUT`] for the sit-out), `base × multiplier`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Transfer {
    /// The item.
    pub item: ChipItem,
    /// Who pays.
    pub payer: u8,
    /// Who receives.
    pub receiver: u8,
    /// Chips before cut-bi.
    pub base: i32,
    /// The cut-bi multiplier (1 without cut-bi).
    pub multiplier: i32,
}

impl Transfer {
    /// Chips moved.
    pub const fn chips(&self) -> i32 {
        self.base * self.multiplier
    }
}

/// Where a ledger books its transfers (a tally for studies, a list for the calculator).
pub trait ChipSink {
    /// Books one transfer.
    fn book(&mut self, t: Transfer);
}

impl ChipSink for Vec<Transfer> {
    fn book(&mut self, t: Transfer) {
        self.push(t);
    }
}

/// Net chips per participant and item: what a study adds up per game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ChipTally {
    /// Net chips, `[participant][item as usize]`.
    pub net: [[i32; ChipItem::COUNT]; 4],
}

impl ChipTally {
    /// Each participant's total.
    pub fn totals(&self) -> [i32; 4] {
        self.net.map(|row| row.iter().sum())
    }
}

impl ChipSink for ChipTally {
    fn book(&mut self, t: Transfer) {
        let (i, c) = (t.item as usize, t.chips());
        self.net[usize::from(t.payer)][i] -= c;
        self.net[usize::from(t.receiver)][i] += c;
    }
}
