//! The 37 yaku of the seed's list (役一覧) and the round's score, decided by a
//! pure function of the round log ([`evaluate`]).
//!
//! The seed lists 37 yaku; with the point variants (狙撃 50/100 cm, 遊撃手
//! landed or not, 能動立直 with or without a self ring-out, 流星 50/100/150 cm)
//! they make the "40" of the issue. Their points are data: the profile's
//! `[yaku]` and `[score]` tables ([`points`]). Readings, with W the winner, L
//! the loser and F the finishing shot (the shot that brought L to 0):
//!
//! | yaku | condition read from the log |
//! |---|---|
//! | 立直 | F is W's normal shot declared riichi (and not 二重立直) |
//! | 二重立直 | W took the initiative in the round's first active shoot and F, declared riichi, is the round's first normal action |
//! | 一撃 / 二脱 / 二爆 / 一揃 / 一騎打 | every damage L took was full flip-outs / partial flip-outs / mine hits / beat hits / active outs, or L's own self ring-outs |
//! | 出落 | nobody took a normal action in the round |
//! | 断爆 | F knocked mines off the field |
//! | 破壊 | F is W's normal shot and broke L's barricades |
//! | 箱割 | F is a full flip-out of L at HP 1 |
//! | 直撃 | in F, L's machine or its parts hit L's player (excludes 流星) |
//! | 墓穴 | F is L's self ring-out, unless F is an active shoot with contact; excludes every other yaku, yakuman included, but takes dora |
//! | 無盾 | W took 3+ normal actions, none placing a barricade or stepping (kan and counter blows allowed) |
//! | 転覆 / 登頂 | F is a beat or mine hit leaving L overturned / W on L's chassis (登頂: F is W's `ride` shot) |
//! | 半場 | W took 3+ normal actions, every normal shot of W's a `half` shot (at least one), and never stopped past a centre line (own normal shots and active shoots) |
//! | 照弾 | F is W's `mine` shot touching two mines |
//! | 狙撃 | F is W's normal shot declared snipe, a beat hit, from 50 / 100 cm |
//! | 遊撃手 | F is W's `jump` shot with a vertical half turn, landed / not landed |
//! | 完封 | W took 3+ normal actions and no damage |
//! | 大逆転 | W ends at HP 1, and when W fell to 1, L was at full HP |
//! | 駄目押 | F is W's normal shot flipping L out with a mine, without machine contact |
//! | 猪突猛進 | W took 3+ normal actions, every normal shot of W's a `charge` (at least one), never changing direction |
//! | 能動立直 | F is an active shoot with contact in which W declared riichi; the second value if W also left the field |
//! | 流星 | W declared meteor on F, a flip-out or active out of L flying 50 / 100 / 150 cm (yakuman) |
//! | 小三元 | L's hits (self ring-outs aside) contain beat, mine, flip-out in that order |
//! | 大三元 (yakuman) | L's hits contain beat, beat, mine, full flip-out in that order |
//! | 三暗衝 | 3 consecutive rear contacts in W's own normal shots (active shoots skipped) |
//! | 四暗衝 (yakuman) | W's last 4 shots (own normal shots and active shoots), F included, all rear contacts |
//! | 国士無双 / 純正国士無双 (the second a yakuman) | W suffered a (non-void) self ring-out, a clinch and a stun (純正: a stun other than the riichi penalty) |
//! | 回生 | F is the active shoot of W's counter blow, with contact |
//! | 起死回生 (yakuman) | F is an active out from W's first counter blow of the round, declared with W's last barricade in hand |
//! | 二槓子 (yakuman) | W declared both kans, holds 2+ barricades at the win, and never recovered in the action right after a kan |
//! | 鏡花水月 (yakuman) | W took 3+ normal actions, every normal shot of W's a `safe` shot (at least one), and the machines never touched in the round |
//! | 九連弾燈 (yakuman) | L took no normal action and W shot 9+ times (active shoots count) |
//!
//! The shot kinds (`plain`, `safe`, `beat`, …: [`ShotKind`](super::ShotKind)) are the
//! shooter's choice: the yaku of a way of playing (半場, 猪突猛進, 鏡花水月) and
//! of a technique (遊撃手, 登頂, 照弾) read it, so none of them comes without
//! the choice (and its cost in the kind's chances). 一揃, 一撃, 二脱 and 二爆
//! stay the seed's outcome conditions; the aimed kinds only make them likelier.
//!
//! Scoring: 墓穴 overrides all; otherwise any yakuman drops the ordinary yaku and
//! all dora (yakuman add up unless `rules.stack_yakuman` is off, then the
//! largest counts); otherwise yaku plus dora, capped at `score.cap`. Dora: each
//! die (表, 槓, and after a riichi win 裏, 裏槓) showing the finishing move's face
//! adds 1. No yaku: 和了流局, nothing scores and dora are void. A yaku (or one of
//! its values) worth 0 in the profile is never awarded, as if it were not in
//! the list: it overrides nothing (a 0-point 墓穴 leaves the other yaku, a
//! 0-point 直撃 lets 流星 score, a 0-point 二重立直 leaves 立直).

mod conditions;
pub mod points;

pub use conditions::evaluate;
pub(crate) use conditions::evaluate_into;
pub use points::ScoreRules;

use super::log::{Hit, RoundEnd};

macro_rules! yaku_list {
    ($($name:ident = $id:literal, $kanji:literal;)*) => {
        /// A yaku of the seed's list, named in Hepburn romaji after the seed's reading.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        #[repr(u8)]
        pub enum Yaku {
            $(
                #[doc = concat!($kanji, " ", $id)]
                $name,
            )*
        }

        impl Yaku {
            /// Every yaku, in the seed's order (`ALL[y as usize] == y`).
            pub const ALL: [Yaku; Yaku::COUNT] = [$(Yaku::$name),*];

            /// The romaji identifier, e.g. `"ichigeki"`.
            pub const fn id(self) -> &'static str {
                match self { $(Yaku::$name => $id,)* }
            }

            /// The name as written in the seed, e.g. `"一撃"`.
            pub const fn kanji(self) -> &'static str {
                match self { $(Yaku::$name => $kanji,)* }
            }
        }
    };
}

yaku_list! {
    Riichi = "riichi", "立直";
    Ichigeki = "ichigeki", "一撃";
    Nidatsu = "nidatsu", "二脱";
    Nibaku = "nibaku", "二爆";
    Pinzoro = "pinzoro", "一揃";
    Ikkiuchi = "ikkiuchi", "一騎打";
    Deochi = "deochi", "出落";
    Tanbaku = "tanbaku", "断爆";
    Hakai = "hakai", "破壊";
    Hakoware = "hakoware", "箱割";
    Chokugeki = "chokugeki", "直撃";
    Boketsu = "boketsu", "墓穴";
    Mujun = "mujun", "無盾";
    Tenpuku = "tenpuku", "転覆";
    Touchou = "touchou", "登頂";
    Hanba = "hanba", "半場";
    Shoudan = "shoudan", "照弾";
    Sogeki = "sogeki", "狙撃";
    Yuugekishu = "yuugekishu", "遊撃手";
    Kanpuu = "kanpuu", "完封";
    Daigyakuten = "daigyakuten", "大逆転";
    Dameoshi = "dameoshi", "駄目押";
    Chototsumoushin = "chototsumoushin", "猪突猛進";
    DaburuRiichi = "daburu_riichi", "二重立直";
    AkutibuRiichi = "akutibu_riichi", "能動立直";
    Ryuusei = "ryuusei", "流星";
    Shousangen = "shousangen", "小三元";
    Daisangen = "daisangen", "大三元";
    Sananshou = "sananshou", "三暗衝";
    Suuanshou = "suuanshou", "四暗衝";
    Kokushimusou = "kokushimusou", "国士無双";
    JunseiKokushimusou = "junsei_kokushimusou", "純正国士無双";
    Kaisei = "kaisei", "回生";
    Kishikaisei = "kishikaisei", "起死回生";
    Ryankantsu = "ryankantsu", "二槓子";
    Kyoukasuigetsu = "kyoukasuigetsu", "鏡花水月";
    Chuurendantou = "chuurendantou", "九連弾燈";
}

/// The yaku that are always yakuman.
pub(crate) const YAKUMAN: [Yaku; 7] = [
    Yaku::Daisangen,
    Yaku::Suuanshou,
    Yaku::JunseiKokushimusou,
    Yaku::Kishikaisei,
    Yaku::Ryankantsu,
    Yaku::Kyoukasuigetsu,
    Yaku::Chuurendantou,
];

impl Yaku {
    /// Number of yaku in the seed's list.
    pub const COUNT: usize = 37;

    /// Whether this yaku is always a yakuman (流星 is one only at 150 cm, its
    /// value [`points::DAI_RYUUSEI`]; see [`YakuResult::yakuman`]).
    pub fn is_yakuman(self) -> bool {
        YAKUMAN.contains(&self)
    }

    /// The yaku with several point values, in list order.
    pub const WITH_VARIANTS: [Yaku; 4] = [Yaku::Sogeki, Yaku::Yuugekishu, Yaku::AkutibuRiichi, Yaku::Ryuusei];

    /// Number of point values of all [`Yaku::WITH_VARIANTS`] together.
    pub const VARIANT_SLOTS: usize = 9;

    /// The slot of this yaku's `value`-th point value among all the variants
    /// of [`Yaku::WITH_VARIANTS`], in order (狙撃 0–1, 遊撃手 2–3, 能動立直
    /// 4–5, 流星 6–8; a yaku with one value has no slot: 0).
    pub const fn variant_slot(self, value: u8) -> usize {
        let first = match self {
            Yaku::Yuugekishu => 2,
            Yaku::AkutibuRiichi => 4,
            Yaku::Ryuusei => 6,
            _ => 0,
        };
        first + value as usize
    }

    /// What each of the yaku's point values is for, in the order of its
    /// `[yaku]` array; empty for a yaku with one value.
    pub const fn variants(self) -> &'static [&'static str] {
        match self {
            Yaku::Sogeki => &["50 cm", "100 cm"],
            Yaku::Yuugekishu => &["landed", "not landed"],
            Yaku::AkutibuRiichi => &["without self ring-out", "with self ring-out"],
            Yaku::Ryuusei => &["小流星 50 cm", "中流星 100 cm", "大流星 150 cm, in yakuman"],
            _ => &[],
        }
    }
}

impl std::fmt::Display for Yaku {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.id())
    }
}

/// Names of a winning score (和了の点数による呼称), from the least points of
/// each in the profile ([`points::Tiers`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Tier {
    /// Below 満貫.
    #[default]
    Plain,
    /// 満貫.
    Mangan,
    /// 跳満.
    Haneman,
    /// 倍満.
    Baiman,
    /// 役満 (counted or real).
    Yakuman,
}

/// How a round scored.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Verdict {
    /// The round is not over.
    #[default]
    Open,
    /// A win with yaku: `points` go from the loser to the winner.
    Win,
    /// 和了流局: a win without yaku; nothing scores.
    NoYaku,
    /// 相討流局: both machines at HP 0 in one active shoot.
    Mutual,
}

/// The yaku and score of one round, from [`evaluate`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct YakuResult {
    /// How the round ended.
    pub end: RoundEnd,
    /// The verdict.
    pub verdict: Verdict,
    /// The finishing move (決め手) of a win.
    pub finish: Hit,
    /// Points of each awarded yaku, indexed by `Yaku as usize` (0 = not awarded;
    /// yakuman show their points, `score.yakuman` each).
    pub values: [u8; Yaku::COUNT],
    /// Which of its point values ([`Yaku::variants`]) each awarded yaku took,
    /// indexed by `Yaku as usize` (0 for a yaku with one value; read only
    /// where `values` is above 0).
    pub variant: [u8; Yaku::COUNT],
    /// The awarded yaku (those above 0 in `values`), as bits `1 << (Yaku as usize)`.
    pub awarded_bits: u64,
    /// Awarded yaku that count as yakuman, as bits `1 << (Yaku as usize)`.
    pub yakuman: u64,
    /// Dora points counted (表, 槓 and, after riichi, 裏 and 裏槓); 0 with yakuman or 流局.
    pub dora: u8,
    /// Of `dora`, the points from ura and ura-kan dora.
    pub ura: u8,
    /// Total points the winner takes (before limiting to what the loser holds).
    pub points: u8,
    /// Name of the score.
    pub tier: Tier,
    /// Whether the winner declared riichi on the finishing shot (ura dora are rolled).
    pub riichi_win: bool,
}

impl Default for YakuResult {
    fn default() -> Self {
        YakuResult {
            end: RoundEnd::Open,
            verdict: Verdict::Open,
            finish: Hit::None,
            values: [0; Yaku::COUNT],
            variant: [0; Yaku::COUNT],
            awarded_bits: 0,
            yakuman: 0,
            dora: 0,
            ura: 0,
            points: 0,
            tier: Tier::Plain,
            riichi_win: false,
        }
    }
}

impl YakuResult {
    /// Whether `yaku` was awarded.
    pub const fn has(&self, yaku: Yaku) -> bool {
        self.awarded_bits & (1 << yaku as u64) != 0
    }

    /// The [`Yaku::variant_slot`] of each awarded yaku that has several values.
    pub fn variant_slots(&self) -> impl Iterator<Item = usize> + '_ {
        Yaku::WITH_VARIANTS.into_iter().filter(|&y| self.has(y)).map(|y| y.variant_slot(self.variant[y as usize]))
    }

    /// The awarded yaku, in list order.
    pub fn awarded(&self) -> impl Iterator<Item = Yaku> + '_ {
        Yaku::ALL.into_iter().filter(|&y| self.has(y))
    }
}
