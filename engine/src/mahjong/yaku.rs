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
    /// Data yaku slot 0 (a rules file's `[yaku.local]`; named by [`Rules::yaku_name`](super::Rules::yaku_name)).
    Local0 = "local_a",
    /// Data yaku slot 1 (a rules file's `[yaku.local]`; named by [`Rules::yaku_name`](super::Rules::yaku_name)).
    Local1 = "local_b",
    /// Data yaku slot 2 (a rules file's `[yaku.local]`; named by [`Rules::yaku_name`](super::Rules::yaku_name)).
    Local2 = "local_c",
    /// Data yaku slot 3 (a rules file's `[yaku.local]`; named by [`Rules::yaku_name`](super::Rules::yaku_name)).
    Local3 = "local_d",
    /// Data yaku slot 4 (a rules file's `[yaku.local]`; named by [`Rules::yaku_name`](super::Rules::yaku_name)).
    Local4 = "local_e",
    /// Data yaku slot 5 (a rules file's `[yaku.local]`; named by [`Rules::yaku_name`](super::Rules::yaku_name)).
    Local5 = "local_f",
    /// Data yaku slot 6 (a rules file's `[yaku.local]`; named by [`Rules::yaku_name`](super::Rules::yaku_name)).
    Local6 = "local_g",
    /// Data yaku slot 7 (a rules file's `[yaku.local]`; named by [`Rules::yaku_name`](super::Rules::yaku_name)).
    Local7 = "local_h",
    /// Data yaku slot 8 (a rules file's `[yaku.local]`; named by [`Rules::yaku_name`](super::Rules::yaku_name)).
    Local8 = "local_i",
    /// Data yaku slot 9 (a rules file's `[yaku.local]`; named by [`Rules::yaku_name`](super::Rules::yaku_name)).
    Local9 = "local_j",
    /// Data yaku slot 10 (a rules file's `[yaku.local]`; named by [`Rules::yaku_name`](super::Rules::yaku_name)).
    Local10 = "local_k",
    /// Data yaku slot 11 (a rules file's `[yaku.local]`; named by [`Rules::yaku_name`](super::Rules::yaku_name)).
    Local11 = "local_l",
    /// Data yaku slot 12 (a rules file's `[yaku.local]`; named by [`Rules::yaku_name`](super::Rules::yaku_name)).
    Local12 = "local_m",
    /// Data yaku slot 13 (a rules file's `[yaku.local]`; named by [`Rules::yaku_name`](super::Rules::yaku_name)).
    Local13 = "local_n",
    /// Data yaku slot 14 (a rules file's `[yaku.local]`; named by [`Rules::yaku_name`](super::Rules::yaku_name)).
    Local14 = "local_o",
    /// Data yaku slot 15 (a rules file's `[yaku.local]`; named by [`Rules::yaku_name`](super::Rules::yaku_name)).
    Local15 = "local_p",
    /// 青ドラ blue fives (a bonus; last, so that a study's saved yaku counts list it only
    /// for a set with blue fives, see [`Yaku::counted`]).
    AoDora = "ao_dora",
}

/// How many data yaku (a rules file's `[yaku.local]`) one ruleset may define: the `Local*`
/// slots of [`Yaku`].
pub const MAX_LOCAL: usize = 16;

impl Yaku {
    /// How many yaku a study counts (a prefix of [`Yaku::ALL`]): every one, or all but the
    /// last, 青ドラ, when the tile set has no blue fives (so the saved counts of a set
    /// without them are as they were before blue fives existed).
    pub const fn counted(blue_fives: bool) -> usize {
        if blue_fives { Yaku::ALL.len() } else { Yaku::AoDora as usize }
    }

    /// The slot of the `i`-th data yaku (`i < MAX_LOCAL`).
    pub const fn local(i: usize) -> Yaku {
        Yaku::ALL[Yaku::Local0 as usize + i]
    }

    /// Which data yaku slot it is, if it is one.
    pub const fn local_index(self) -> Option<usize> {
        match (self as usize).checked_sub(Yaku::Local0 as usize) {
            Some(i) if i < MAX_LOCAL => Some(i),
            _ => None,
        }
    }

    /// Whether it is a yakuman (役満) built in (a data yaku's value is its rules').
    pub const fn is_yakuman(self) -> bool {
        (self as u8) >= (Yaku::KokushiMusou as u8) && (self as u8) <= (Yaku::NagashiYakuman as u8)
    }

    /// Whether it is a bonus (dora kinds, summer) rather than a yaku: a hand
    /// needs at least one yaku that is not a bonus.
    pub const fn is_bonus(self) -> bool {
        ((self as u8) >= (Yaku::Natsu as u8) && (self as u8) <= (Yaku::NukiDora as u8)) || matches!(self, Yaku::AoDora)
    }
}

impl fmt::Display for Yaku {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Most entries a hand can list (the built-in ones and a few data yaku).
pub const MAX_YAKU: usize = 32;

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

    /// Removes `y`'s entry, if any, keeping the others' order.
    pub fn remove(&mut self, y: Yaku) {
        if let Some(i) = self.as_slice().iter().position(|&(x, _)| x == y) {
            self.items.copy_within(i + 1..self.len as usize, i);
            self.len -= 1;
        }
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
        assert!(Yaku::AoDora.is_bonus() && !Yaku::Local15.is_bonus());
        assert_eq!((Yaku::counted(false), Yaku::counted(true)), (72, 73), "saved studies' lengths");
        assert_eq!(
            (Yaku::local(3), Yaku::Local3.local_index(), Yaku::Riichi.local_index(), Yaku::AoDora.local_index()),
            (Yaku::Local3, Some(3), None, None)
        );
        assert_eq!(Yaku::AoDora as usize - Yaku::Local0 as usize, MAX_LOCAL);
    }

    #[test]
    fn remove_keeps_the_order() {
        let mut list = YakuList::default();
        for (y, h) in [(Yaku::Riichi, 1), (Yaku::Honitsu, 3), (Yaku::Local2, 6), (Yaku::Dora, 2)] {
            list.push(y, h);
        }
        list.remove(Yaku::Honitsu);
        list.remove(Yaku::Chinitsu);
        assert_eq!(list.as_slice(), &[(Yaku::Riichi, 1), (Yaku::Local2, 6), (Yaku::Dora, 2)]);
    }
}
