//! The yaku (役) and bonus names a scored hand lists, and the fixed-size
//! list that carries them on the hot path.

use std::fmt;

macro_rules! yaku_enum {
    ($($(#[$doc:meta])* $v:ident = $name:literal,)*) => {
        /// A yaku or bonus as it appears in a score's `yaku` list. Names
        /// ([`Yaku::name`]) are lower snake_case romaji as issue 2 fixes them;
        /// Gotō's own follow the same style.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
        pub enum Yaku { $($(#[$doc])* $v,)* }

        impl Yaku {
            /// Every yaku, in listing order.
            pub const ALL: &'static [Yaku] = &[$(Yaku::$v,)*];

            /// The output name (`"riichi"`, `"yakuhai_haku"`, …).
            pub const fn name(self) -> &'static str {
                match self { $(Yaku::$v => $name,)* }
            }
        }
    };
}

yaku_enum! {
    /// 門前清自摸和
    MenzenTsumo = "menzen_tsumo",
    /// 立直
    Riichi = "riichi",
    /// ダブル立直
    DoubleRiichi = "double_riichi",
    /// 一発
    Ippatsu = "ippatsu",
    /// 搶槓
    Chankan = "chankan",
    /// 嶺上開花
    RinshanKaihou = "rinshan_kaihou",
    /// 海底撈月
    HaiteiRaoyue = "haitei_raoyue",
    /// 河底撈魚
    HouteiRaoyui = "houtei_raoyui",
    /// 平和
    Pinfu = "pinfu",
    /// 断幺九
    Tanyao = "tanyao",
    /// 一盃口
    Iipeikou = "iipeikou",
    /// 役牌 白
    YakuhaiHaku = "yakuhai_haku",
    /// 役牌 發
    YakuhaiHatsu = "yakuhai_hatsu",
    /// 役牌 中
    YakuhaiChun = "yakuhai_chun",
    /// 自風牌
    YakuhaiSeatWind = "yakuhai_seat_wind",
    /// 場風牌
    YakuhaiRoundWind = "yakuhai_round_wind",
    /// 七対子
    Chiitoitsu = "chiitoitsu",
    /// 混全帯幺九
    Chanta = "chanta",
    /// 一気通貫
    Ittsu = "ittsu",
    /// 三色同順
    SanshokuDoujun = "sanshoku_doujun",
    /// 三色同刻
    SanshokuDoukou = "sanshoku_doukou",
    /// 三槓子
    Sankantsu = "sankantsu",
    /// 対々和
    Toitoi = "toitoi",
    /// 三暗刻
    Sanankou = "sanankou",
    /// 小三元
    Shousangen = "shousangen",
    /// 混老頭
    Honroutou = "honroutou",
    /// 二盃口
    Ryanpeikou = "ryanpeikou",
    /// 純全帯幺九
    Junchan = "junchan",
    /// 混一色
    Honitsu = "honitsu",
    /// 清一色
    Chinitsu = "chinitsu",
    /// Gotō 小車輪: closed honitsu seven pairs, one yaku replacing honitsu
    /// and chiitoitsu.
    Shousharin = "shousharin",
    /// Gotō 三連刻: three consecutive triplets of one suit.
    Sanrenkou = "sanrenkou",
    /// Gotō 三風: three wind triplets.
    Sanfuu = "sanfuu",
    /// Gotō 4枚使いの七対子: han for four-of-a-kinds used as two pairs.
    YonmaiChiitoitsu = "yonmai_chiitoitsu",
    /// 国士無双
    KokushiMusou = "kokushi_musou",
    /// 九蓮宝燈
    ChuurenPoutou = "chuuren_poutou",
    /// 四暗刻
    Suuankou = "suuankou",
    /// 大三元
    Daisangen = "daisangen",
    /// 小四喜
    Shousuushii = "shousuushii",
    /// 大四喜
    Daisuushii = "daisuushii",
    /// 緑一色
    Ryuuiisou = "ryuuiisou",
    /// 字一色
    Tsuuiisou = "tsuuiisou",
    /// 清老頭
    Chinroutou = "chinroutou",
    /// 四槓子
    Suukantsu = "suukantsu",
    /// 天和
    Tenhou = "tenhou",
    /// 地和
    Chiihou = "chiihou",
    /// 人和 (Ron2 mangan, Gotō yakuman)
    Renhou = "renhou",
    /// Gotō 大車輪: closed chinitsu seven pairs (any suit).
    Daisharin = "daisharin",
    /// Gotō 四連刻: four consecutive triplets of one suit.
    Suurenkou = "suurenkou",
    /// Gotō 萬子ホンイツ: honitsu in manzu.
    ManzuHonitsu = "manzu_honitsu",
    /// Gotō 立直のみロン和了: a riichi ron with no other han at all.
    RiichiNomiRon = "riichi_nomi_ron",
    /// Gotō 流し役満.
    NagashiYakuman = "nagashi_yakuman",
    /// Gotō 夏 summer flower: +1 han below mangan (the han listed), else one
    /// limit rank up (listed with 0 han).
    Natsu = "natsu",
    /// Gotō 四北: four norths extracted.
    Suupei = "suupei",
    /// ドラ
    Dora = "dora",
    /// 赤ドラ red fives
    AkaDora = "aka_dora",
    /// Gotō 金 gold fives
    KinDora = "kin_dora",
    /// 裏ドラ
    UraDora = "ura_dora",
    /// Gotō 抜きドラ: extracted norths
    NukiDora = "nuki_dora",
    /// オープン立直 (Gotō): the han open riichi adds to riichi, when the rules give it any
    /// (a yaku, listed last so that every other keeps its index in saved study states)
    OpenRiichi = "open_riichi",
    /// 流し満貫 (Tenhou): at an exhaustive draw, every discard a terminal or an honour and none
    /// called away; a mangan tsumo (listed after every other for the same reason).
    NagashiMangan = "nagashi_mangan",
}

impl Yaku {
    /// Whether it is a yakuman (役満).
    pub const fn is_yakuman(self) -> bool {
        (self as u8) >= (Yaku::KokushiMusou as u8) && (self as u8) <= (Yaku::NagashiYakuman as u8)
    }

    /// Whether it is a bonus (dora kinds, summer) rather than a yaku: a hand
    /// needs at least one yaku that is not a bonus.
    pub const fn is_bonus(self) -> bool {
        (self as u8) >= (Yaku::Natsu as u8) && (self as u8) <= (Yaku::NukiDora as u8)
    }
}

impl fmt::Display for Yaku {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Most entries a hand can list.
pub const MAX_YAKU: usize = 24;

/// A fixed-capacity list of `(yaku, han)`; for a yakuman the han is 13 per
/// multiple.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct YakuList {
    items: [(Yaku, u8); MAX_YAKU],
    len: u8,
}

impl Default for YakuList {
    fn default() -> Self {
        YakuList::EMPTY
    }
}

impl YakuList {
    /// No entries.
    pub const EMPTY: YakuList = YakuList { items: [(Yaku::Dora, 0); MAX_YAKU], len: 0 };

    /// Appends an entry.
    pub fn push(&mut self, y: Yaku, han: u8) {
        self.items[self.len as usize] = (y, han);
        self.len += 1;
    }

    /// The entries.
    pub fn as_slice(&self) -> &[(Yaku, u8)] {
        &self.items[..self.len as usize]
    }

    /// Removes every entry.
    pub fn clear(&mut self) {
        self.len = 0;
    }

    /// Whether it lists `y`.
    pub fn contains(&self, y: Yaku) -> bool {
        self.as_slice().iter().any(|&(x, _)| x == y)
    }

    /// Sum of the han column.
    pub fn han(&self) -> u8 {
        self.as_slice().iter().map(|&(_, h)| h).sum()
    }

    /// Whether any entry is a yaku (not only bonuses).
    pub fn has_yaku(&self) -> bool {
        self.as_slice().iter().any(|&(y, _)| !y.is_bonus())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_unique_snake_case() {
        let mut names: Vec<_> = Yaku::ALL.iter().map(|y| y.name()).collect();
        assert!(names.iter().all(|n| n.chars().all(|c| c.is_ascii_lowercase() || c == '_')));
        names.sort();
        names.dedup();
        assert_eq!(names.len(), Yaku::ALL.len());
    }

    #[test]
    fn classes() {
        assert!(Yaku::Daisangen.is_yakuman() && Yaku::NagashiYakuman.is_yakuman());
        assert!(!Yaku::Chinitsu.is_yakuman() && !Yaku::Natsu.is_yakuman());
        assert!(Yaku::UraDora.is_bonus() && !Yaku::Riichi.is_bonus() && !Yaku::OpenRiichi.is_bonus());
    }
}
