//! The published figures of real play the bots are calibrated against:
//! 天鳳 鳳凰卓 (Tenhou's top table), 2016, 159,798 hanchan.

use crate::mahjong::Yaku;

/// Per-round rates, `(name, rate)`: per player and hand for a win, a
/// deal-in, a riichi and a hand with an open call; per hand for an
/// exhaustive draw.
pub const TENHOU_RATES: [(&str, f64); 5] =
    [("win", 0.211), ("deal_in", 0.125), ("riichi", 0.170), ("call", 0.344), ("exhaustive_draw", 0.162)];

/// 天鳳 三麻 (three-player Tenhou) per-round rates, `(name, rate)` in the three-seat study's
/// names: 鳳凰卓 東南戦 under Tenhou's rules (ツモ損・抜きドラあり), 2009–2017, as 『データで勝つ
/// 三人麻雀』 (みーにん, ed. 福地誠, 表1-1) gives them in its publisher's excerpt ("【データ三麻】1
/// データから三麻と四麻の違いを読み解く", note.mu/fukuchimakoto): 流局率 15% per hand, and 0.73
/// riichi sticks put out per hand, over three players a riichi per player and hand of 0.73 / 3.
/// The only per-round figures found published; its win and deal-in rates are not quoted.
pub const TENHOU_SANMA_RATES: [(&str, f64); 2] = [("riichi", 0.73 / 3.0), ("exhaustive_draw", 0.15)];

/// Average win, in points.
pub const TENHOU_AVERAGE_WIN: f64 = 5647.0;

/// Shares of wins with each yaku, `(name, share)`; `yakuhai` stands for
/// every yakuhai kind, the other names are the hand core's
/// ([`Yaku::name`](crate::mahjong::Yaku::name)).
pub const TENHOU_YAKU: [(&str, f64); 12] = [
    ("riichi", 0.389),
    ("yakuhai", 0.396),
    ("menzen_tsumo", 0.242),
    ("tanyao", 0.227),
    ("pinfu", 0.197),
    ("ippatsu", 0.073),
    ("honitsu", 0.043),
    ("iipeikou", 0.038),
    ("sanshoku_doujun", 0.038),
    ("chiitoitsu", 0.027),
    ("toitoi", 0.016),
    ("chinitsu", 0.0052),
];

/// The yaku a [`TENHOU_YAKU`] name counts: every yakuhai kind for
/// `yakuhai`, else the yaku of that name.
pub fn tenhou_yaku(name: &str) -> impl Iterator<Item = Yaku> + '_ {
    Yaku::ALL
        .iter()
        .copied()
        .filter(move |y| if name == "yakuhai" { y.name().starts_with("yakuhai_") } else { y.name() == name })
}
