//! Every standard yaku under Ron2: a hand that has it and a near miss.

use super::{assert_err, assert_yaku, han_of, hand, meld, ok};
use engine::mahjong::{MeldType, Rules, ScoreError};

fn ron2() -> Rules {
    Rules::ron2()
}

#[test]
fn menzen_tsumo_needs_a_closed_hand() {
    let mut s = hand("234m456p678s345s55p", "3m");
    s.tsumo = true;
    assert_eq!(han_of(&ok(&ron2(), &s), "menzen_tsumo"), Some(1));
    s.closed = "234m678s345s55p".into();
    s.melds = vec![meld(MeldType::Chi, "456p", true)];
    let r = ok(&ron2(), &s);
    assert_eq!(han_of(&r, "menzen_tsumo"), None);
    assert_yaku(&r, &[("tanyao", 1)]);
    // A closed kan keeps the hand closed.
    s.closed = "234m678s345s55p".into();
    s.melds = vec![meld(MeldType::Kan, "2222z", false)];
    assert_eq!(han_of(&ok(&ron2(), &s), "menzen_tsumo"), Some(1));
}

#[test]
fn riichi_double_riichi_ippatsu() {
    let mut s = hand("123m456p789s234s99m", "3s");
    assert_err(&ron2(), &s, ScoreError::NoYaku);
    s.riichi = true;
    assert_yaku(&ok(&ron2(), &s), &[("riichi", 1)]);
    s.ippatsu = true;
    assert_yaku(&ok(&ron2(), &s), &[("riichi", 1), ("ippatsu", 1)]);
    s.double_riichi = true;
    assert_yaku(&ok(&ron2(), &s), &[("double_riichi", 2), ("ippatsu", 1)]);
    // Near misses: ippatsu without riichi, riichi with an open meld.
    s.riichi = false;
    s.double_riichi = false;
    assert!(matches!(engine::mahjong::score(&ron2(), &s), Err(ScoreError::Impossible(_))));
    let mut s = hand("123m789s234s99m", "3s");
    s.melds = vec![meld(MeldType::Chi, "456p", true)];
    s.riichi = true;
    assert!(matches!(engine::mahjong::score(&ron2(), &s), Err(ScoreError::Impossible(_))));
}

#[test]
fn last_tile_kan_and_robbing_yaku() {
    let base = hand("123m456p789s234s99m", "3s");
    let mut s = base.clone();
    s.houtei = true;
    assert_yaku(&ok(&ron2(), &s), &[("houtei_raoyui", 1)]);
    s.houtei = false;
    s.chankan = true;
    assert_yaku(&ok(&ron2(), &s), &[("chankan", 1)]);
    s.tsumo = true;
    assert!(engine::mahjong::score(&ron2(), &s).is_err());
    s.chankan = false;
    s.haitei = true;
    assert_yaku(&ok(&ron2(), &s), &[("menzen_tsumo", 1), ("haitei_raoyue", 1)]);
    s.haitei = false;
    s.rinshan = true;
    // No kan: impossible.
    assert!(matches!(engine::mahjong::score(&ron2(), &s), Err(ScoreError::Impossible(_))));
    s.closed = "123m456p234s99m".into();
    s.melds = vec![meld(MeldType::Kan, "7777s", true)];
    assert_yaku(&ok(&ron2(), &s), &[("rinshan_kaihou", 1)]);
    // Houtei on a tsumo is impossible.
    let mut s = base;
    s.tsumo = true;
    s.houtei = true;
    assert!(engine::mahjong::score(&ron2(), &s).is_err());
}

#[test]
fn pinfu_needs_all_sequences_a_plain_pair_and_a_two_sided_wait() {
    let s = hand("123m456p789s234s99m", "4s");
    let r = ok(&ron2(), &s);
    assert_yaku(&r, &[("pinfu", 1)]);
    assert_eq!(r.fu, 30);
    // Kanchan on 3s: no pinfu (and no yaku).
    assert_err(&ron2(), &hand("123m456p789s234s99m", "3s"), ScoreError::NoYaku);
    // Seat-wind pair: no pinfu.
    let mut s = hand("123m456p789s234s22z", "4s");
    s.riichi = true;
    assert_yaku(&ok(&ron2(), &s), &[("riichi", 1)]);
    // Open: no pinfu.
    let mut s = hand("123m789s234s99m", "4s");
    s.melds = vec![meld(MeldType::Chi, "456p", true)];
    assert_err(&ron2(), &s, ScoreError::NoYaku);
}

#[test]
fn tanyao_open_or_closed() {
    let mut s = hand("234m678s345s55p", "3m");
    s.melds = vec![meld(MeldType::Pon, "666p", true)];
    assert_yaku(&ok(&ron2(), &s), &[("tanyao", 1)]);
    s.closed = "234m678s345s99p".into();
    assert_err(&ron2(), &s, ScoreError::NoYaku);
}

#[test]
fn iipeikou_and_ryanpeikou_closed_only() {
    let s = hand("223344m456p678s55p", "3m");
    assert_yaku(&ok(&ron2(), &s), &[("tanyao", 1), ("iipeikou", 1)]);
    let s = hand("223344m556677p88s", "2m");
    let r = ok(&ron2(), &s);
    assert_eq!(han_of(&r, "ryanpeikou"), Some(3));
    assert_eq!(han_of(&r, "chiitoitsu"), None);
    let mut s = hand("223344m678s55p", "3m");
    s.melds = vec![meld(MeldType::Chi, "456p", true)];
    assert_yaku(&ok(&ron2(), &s), &[("tanyao", 1)]);
}

#[test]
fn yakuhai_each_kind() {
    for (tiles, name) in [
        ("555z", "yakuhai_haku"),
        ("666z", "yakuhai_hatsu"),
        ("777z", "yakuhai_chun"),
        ("222z", "yakuhai_seat_wind"),
        ("111z", "yakuhai_round_wind"),
    ] {
        let mut s = hand("123m456p789s99m", "9m");
        s.melds = vec![meld(MeldType::Pon, tiles, true)];
        assert_yaku(&ok(&ron2(), &s), &[(name, 1)]);
    }
    // North is neither seat (S) nor round (E) wind; a dragon pair is no yaku.
    let mut s = hand("123m456p789s99m", "9m");
    s.melds = vec![meld(MeldType::Pon, "444z", true)];
    assert_err(&ron2(), &s, ScoreError::NoYaku);
    let mut s = hand("123m456p789s55z", "5z");
    s.melds = vec![meld(MeldType::Chi, "234s", true)];
    assert_err(&ron2(), &s, ScoreError::NoYaku);
    // Double wind: dealer East in the East round counts both.
    let mut s = hand("123m456p789s99m", "9m");
    s.melds = vec![meld(MeldType::Pon, "111z", true)];
    s.seat_wind = "E".into();
    s.dealer = true;
    assert_yaku(&ok(&ron2(), &s), &[("yakuhai_seat_wind", 1), ("yakuhai_round_wind", 1)]);
}

#[test]
fn chiitoitsu_seven_different_pairs() {
    let r = ok(&ron2(), &hand("1133m5577p2299s11z", "1z"));
    assert_yaku(&r, &[("chiitoitsu", 2)]);
    assert_eq!(r.fu, 25);
    assert_eq!(r.payment, engine::mahjong::PaymentOut::Ron { ron: 1600 });
    assert_err(&ron2(), &hand("1111m5577p2299s11z", "1z"), ScoreError::NotWinning);
}

#[test]
fn chanta_and_junchan() {
    let r = ok(&ron2(), &hand("123m789p123s999s11z", "1z"));
    assert_yaku(&r, &[("chanta", 2)]);
    let mut s = hand("789p123s999s11z", "1z");
    s.melds = vec![meld(MeldType::Chi, "123m", true)];
    assert_yaku(&ok(&ron2(), &s), &[("chanta", 1)]);
    // 234s has no terminal; the East pair (round wind) gives no pinfu either.
    assert_err(&ron2(), &hand("123m789p234s999s11z", "2s"), ScoreError::NoYaku);
    let r = ok(&ron2(), &hand("123m789p123s999s11m", "1m"));
    assert_yaku(&r, &[("junchan", 3)]);
    let mut s = hand("789p123s999s11m", "1m");
    s.melds = vec![meld(MeldType::Chi, "123m", true)];
    assert_yaku(&ok(&ron2(), &s), &[("junchan", 2)]);
}

#[test]
fn ittsu_and_sanshoku() {
    let r = ok(&ron2(), &hand("123456789m234p55s", "5s"));
    assert_eq!(han_of(&r, "ittsu"), Some(2));
    let mut s = hand("456789m234p55s", "5s");
    s.melds = vec![meld(MeldType::Chi, "123m", true)];
    assert_yaku(&ok(&ron2(), &s), &[("ittsu", 1)]);
    let mut s = hand("123456m678m234p55s", "5s");
    s.riichi = true;
    assert_eq!(han_of(&ok(&ron2(), &s), "ittsu"), None);

    let r = ok(&ron2(), &hand("234m234p234s678s55p", "5p"));
    assert_eq!(han_of(&r, "sanshoku_doujun"), Some(2));
    let mut s = hand("234p234s678s55p", "5p");
    s.melds = vec![meld(MeldType::Chi, "234m", true)];
    assert_yaku(&ok(&ron2(), &s), &[("sanshoku_doujun", 1), ("tanyao", 1)]);
    let r = ok(&ron2(), &hand("234m234p345s678s55p", "5p"));
    assert_eq!(han_of(&r, "sanshoku_doujun"), None);

    let mut s = hand("222p456s55p", "5p");
    s.melds = vec![meld(MeldType::Pon, "222m", true), meld(MeldType::Pon, "222s", true)];
    assert_yaku(&ok(&ron2(), &s), &[("sanshoku_doukou", 2), ("tanyao", 1)]);
    s.melds[1] = meld(MeldType::Pon, "333s", true);
    assert_yaku(&ok(&ron2(), &s), &[("tanyao", 1)]);
}

#[test]
fn triplet_yaku() {
    // Toitoi: all pons.
    let mut s = hand("888s55p", "5p");
    s.melds =
        vec![meld(MeldType::Pon, "222m", true), meld(MeldType::Pon, "444p", true), meld(MeldType::Pon, "666s", true)];
    assert_yaku(&ok(&ron2(), &s), &[("toitoi", 2), ("tanyao", 1)]);
    s.closed = "678s55p".into();
    assert_yaku(&ok(&ron2(), &s), &[("tanyao", 1)]);
    // Sanankou: three concealed triplets, tsumo; a ron on the shanpon opens one.
    let mut s = hand("222m444p666s678s99m", "6s");
    s.tsumo = true;
    let r = ok(&ron2(), &s);
    assert_eq!(han_of(&r, "sanankou"), Some(2));
    s.tsumo = false;
    s.riichi = true;
    s.closed = "222m444p666s789s55m".into();
    s.win = "5m".into();
    assert_eq!(han_of(&ok(&ron2(), &s), "sanankou"), Some(2));
    s.closed = "222m444p789s55m666s".into();
    s.win = "6s".into();
    assert_eq!(han_of(&ok(&ron2(), &s), "sanankou"), None);
    // Sankantsu: three kans.
    let mut s = hand("789s55p", "5p");
    s.melds = vec![
        meld(MeldType::Kan, "2222m", true),
        meld(MeldType::Kan, "4444p", true),
        meld(MeldType::Kan, "6666s", false),
    ];
    assert_yaku(&ok(&ron2(), &s), &[("sankantsu", 2)]);
    s.melds[2] = meld(MeldType::Pon, "666s", true);
    s.closed = "789s55p".into();
    assert_err(&ron2(), &s, ScoreError::NoYaku);
}

#[test]
fn shousangen_and_honroutou() {
    let mut s = hand("123m456p77z", "7z");
    s.melds = vec![meld(MeldType::Pon, "555z", true), meld(MeldType::Pon, "666z", true)];
    let r = ok(&ron2(), &s);
    assert_yaku(&r, &[("shousangen", 2), ("yakuhai_haku", 1), ("yakuhai_hatsu", 1)]);
    s.closed = "123m456p99m".into();
    s.win = "9m".into();
    assert_eq!(han_of(&ok(&ron2(), &s), "shousangen"), None);
    let mut s = hand("111m999p11z", "1z");
    s.melds = vec![meld(MeldType::Pon, "999s", true), meld(MeldType::Pon, "444z", true)];
    assert_yaku(&ok(&ron2(), &s), &[("toitoi", 2), ("honroutou", 2)]);
    // Chiitoitsu honroutou.
    let r = ok(&ron2(), &hand("1199m1199p11s1122z", "2z"));
    assert_yaku(&r, &[("chiitoitsu", 2), ("honroutou", 2)]);
}

#[test]
fn honitsu_and_chinitsu() {
    let r = ok(&ron2(), &hand("123456m789m111z99m", "9m"));
    assert_eq!(han_of(&r, "honitsu"), Some(3));
    let mut s = hand("456m789m111z99m", "9m");
    s.melds = vec![meld(MeldType::Chi, "123m", true)];
    assert_eq!(han_of(&ok(&ron2(), &s), "honitsu"), Some(2));
    let r = ok(&ron2(), &hand("123456m789m234m99m", "9m"));
    assert_eq!(han_of(&r, "chinitsu"), Some(6));
    assert_eq!(han_of(&r, "honitsu"), None);
    let mut s = hand("456m789m234m99m", "9m");
    s.melds = vec![meld(MeldType::Chi, "123m", true)];
    assert_eq!(han_of(&ok(&ron2(), &s), "chinitsu"), Some(5));
    // Two suits: neither.
    let mut s = hand("123456m789p111z99m", "9m");
    s.riichi = true;
    let r = ok(&ron2(), &s);
    assert_eq!((han_of(&r, "honitsu"), han_of(&r, "chinitsu")), (None, None));
}
