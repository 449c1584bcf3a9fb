//! Gotō (three players): the seed's payment examples, its own yaku and
//! values, special yakuman, limits beyond yakuman, flowers and norths.

use super::{assert_err, assert_yaku, han_of, hand, meld, ok};
use engine::mahjong::{MeldType, NukiSpec, PaymentOut, Rules, ScoreError, score};

fn goto() -> Rules {
    Rules::goto()
}

const fn ron(x: u32) -> PaymentOut {
    PaymentOut::Ron { ron: x }
}

const fn tsumo(dealer_pays: u32, non_dealer_pays: u32) -> PaymentOut {
    PaymentOut::Tsumo { dealer_pays, non_dealer_pays }
}

#[test]
fn seed_payment_examples() {
    // 1300-2600 (20 fu 4 han: riichi tsumo pinfu dora) → 3000-4000.
    let mut s = hand("123p456p789s234s99p", "4s");
    s.tsumo = true;
    s.riichi = true;
    s.dora_indicators = "1p".into();
    let r = ok(&goto(), &s);
    assert_eq!((r.han, r.fu), (4, 20));
    assert_eq!((r.payment, r.points_total), (tsumo(4000, 3000), 7000));
    // Haneman 3000-6000 → 4000-7000.
    s.dora_indicators = "1p1p1p".into();
    let r = ok(&goto(), &s);
    assert_eq!((r.limit.as_str(), r.payment), ("haneman", tsumo(7000, 4000)));
    // Ron 5200 (40 fu 3 han) → 6000.
    let mut s = hand("222p456p789s234s99p", "4s");
    s.riichi = true;
    s.dora_indicators = "8p".into();
    let r = ok(&goto(), &s);
    assert_eq!((r.han, r.fu, r.payment), (3, 40, ron(6000)));
    // Honba 2,000: +2000 on a ron, +1000 from each payer on a tsumo.
    s.honba = 1;
    assert_eq!(ok(&goto(), &s).payment, ron(8000));
}

#[test]
fn chanta_junchan_honroutou_values() {
    assert_yaku(&ok(&goto(), &hand("123p789p123s999s11z", "1z")), &[("chanta", 4)]);
    let mut s = hand("789p123s999s11z", "1z");
    s.melds = vec![meld(MeldType::Chi, "123p", true)];
    assert_yaku(&ok(&goto(), &s), &[("chanta", 2)]);
    assert_yaku(&ok(&goto(), &hand("123p789p123s999s11p", "1p")), &[("junchan", 6)]);
    let mut s = hand("789p123s999s11p", "1p");
    s.melds = vec![meld(MeldType::Chi, "123p", true)];
    assert_yaku(&ok(&goto(), &s), &[("junchan", 4)]);
    let mut s = hand("111p999p11z", "1z");
    s.melds = vec![meld(MeldType::Pon, "999s", true), meld(MeldType::Pon, "333z", true)];
    assert_yaku(&ok(&goto(), &s), &[("toitoi", 2), ("honroutou", 6)]);
}

#[test]
fn seven_pairs_variants() {
    // 小車輪: closed honitsu seven pairs, 6 han in one yaku.
    assert_yaku(&ok(&goto(), &hand("1133p5577p112233z", "3z")), &[("shousharin", 6)]);
    let r = ok(&goto(), &hand("1133p5577s112233z", "3z"));
    assert_yaku(&r, &[("chiitoitsu", 2)]);
    // Four of a kind as two pairs: +4 each (seed: two of them = 10 han).
    let r = ok(&goto(), &hand("1111p3399p7799s11z", "1z"));
    assert_yaku(&r, &[("chiitoitsu", 2), ("yonmai_chiitoitsu", 4)]);
    let r = ok(&goto(), &hand("11113333p7799s11z", "1z"));
    assert_yaku(&r, &[("chiitoitsu", 2), ("yonmai_chiitoitsu", 8)]);
    assert_eq!(r.han, 10);
    assert_err(&Rules::ron2(), &hand("11113333p7799s11z", "1z"), ScoreError::NotWinning);
    // 大車輪: closed chinitsu seven pairs, a yakuman in any suit.
    let r = ok(&goto(), &hand("22334466778899p", "9p"));
    assert_yaku(&r, &[("daisharin", 13)]);
    assert_yaku(&ok(&goto(), &hand("22334466778899s", "9s")), &[("daisharin", 13)]);
}

#[test]
fn consecutive_triplets_and_three_winds() {
    let mut s = hand("789s11z", "9s");
    s.melds =
        vec![meld(MeldType::Pon, "222p", true), meld(MeldType::Pon, "333p", true), meld(MeldType::Pon, "444p", true)];
    assert_yaku(&ok(&goto(), &s), &[("sanrenkou", 2)]);
    s.melds[2] = meld(MeldType::Pon, "666p", true);
    assert_err(&goto(), &s, ScoreError::NoYaku);
    // 四連刻 (open allowed): a yakuman.
    let mut s = hand("999p11z", "1z");
    s.melds =
        vec![meld(MeldType::Pon, "666p", true), meld(MeldType::Pon, "777p", true), meld(MeldType::Pon, "888p", true)];
    assert_eq!(han_of(&ok(&goto(), &s), "suurenkou"), Some(13));
    // 三風.
    let mut s = hand("678s99p", "9p");
    s.melds =
        vec![meld(MeldType::Pon, "111z", true), meld(MeldType::Pon, "222z", true), meld(MeldType::Pon, "333z", true)];
    assert_yaku(&ok(&goto(), &s), &[("yakuhai_seat_wind", 1), ("yakuhai_round_wind", 1), ("sanfuu", 2)]);
    s.melds[2] = meld(MeldType::Pon, "555z", true);
    assert_eq!(han_of(&ok(&goto(), &s), "sanfuu"), None);
}

#[test]
fn manzu_honitsu_is_a_yakuman() {
    let mut s = hand("111m999m22233z", "3z");
    s.melds = vec![meld(MeldType::Pon, "111z", true)];
    assert_yaku(&ok(&goto(), &s), &[("manzu_honitsu", 13)]);
    s.closed = "111p999p22233z".into();
    let r = ok(&goto(), &s);
    assert_eq!(r.yakuman_multiplier, 0);
    assert_eq!(han_of(&r, "honitsu"), Some(2));
}

#[test]
fn riichi_only_ron_and_its_conditions() {
    let mut s = hand("123p456p789s234s99p", "3s");
    s.riichi = true;
    let r = ok(&goto(), &s);
    assert_yaku(&r, &[("riichi_nomi_ron", 13)]);
    assert_eq!(r.payment, ron(32000));
    // Ura-dora are turned after the win: still riichi only.
    s.ura_indicators = "8p".into();
    assert_yaku(&ok(&goto(), &s), &[("riichi_nomi_ron", 13)]);
    s.ura_indicators = "".into();
    // Near misses: a tsumo, a red five, a north or flower extracted, a
    // flower indicator, a double riichi.
    let mut t = s.clone();
    t.tsumo = true;
    assert_eq!(ok(&goto(), &t).yakuman_multiplier, 0);
    let mut t = s.clone();
    t.closed = "123p406p789s234s99p".into();
    assert_eq!(ok(&goto(), &t).yakuman_multiplier, 0);
    let mut t = s.clone();
    t.nuki = NukiSpec::Count(1);
    assert_eq!(ok(&goto(), &t).yakuman_multiplier, 0);
    let mut t = s.clone();
    t.flowers = "1f".into();
    assert_yaku(&ok(&goto(), &t), &[("riichi", 1)]);
    let mut t = s.clone();
    t.dora_indicators = "4f".into();
    assert_yaku(&ok(&goto(), &t), &[("riichi", 1)]);
    // A flower under the ura indicator: the seed's 「ドラ表示牌に華牌なし」 names the dora
    // indicators only (issue 34, item 8), unless the rules say otherwise.
    let mut t = s.clone();
    t.ura_indicators = "4f".into();
    assert_yaku(&ok(&goto(), &t), &[("riichi_nomi_ron", 13)]);
    let mut cancels = goto();
    cancels.yaku.ura_flower_cancels_riichi_only_ron = true;
    assert_yaku(&ok(&cancels, &t), &[("riichi", 1)]);
    let mut t = s;
    t.double_riichi = true;
    assert_yaku(&ok(&goto(), &t), &[("double_riichi", 2)]);
}

#[test]
fn nagashi_yakuman_pays_as_a_tsumo() {
    let mut s = hand("123p456p789s234s99p", "3s");
    s.nagashi = true;
    let r = ok(&goto(), &s);
    assert_yaku(&r, &[("nagashi_yakuman", 13)]);
    assert_eq!((r.payment, r.points_total), (tsumo(17000, 9000), 26000));
    assert!(matches!(score(&Rules::ron2(), &s), Err(ScoreError::Impossible(_))));
}

#[test]
fn norths_extracted_and_in_hand() {
    // Four norths: 4 nuki dora + 4 han (四北).
    let mut s = hand("123p456p789s234s99p", "3s");
    s.riichi = true;
    s.nuki = NukiSpec::Count(4);
    let r = ok(&goto(), &s);
    assert_yaku(&r, &[("riichi", 1), ("nuki_dora", 4), ("suupei", 4)]);
    assert_eq!(r.limit, "baiman");
    s.nuki = NukiSpec::Count(3);
    assert_yaku(&ok(&goto(), &s), &[("riichi", 1), ("nuki_dora", 3)]);
    // A north indicator makes each extracted north a dora too.
    s.dora_indicators = "3z".into();
    assert_eq!(han_of(&ok(&goto(), &s), "dora"), Some(3));
    // North may stay in the hand only for kokushi and the four winds.
    let mut s = hand("123p456p789s234s44z", "4z");
    s.riichi = true;
    assert_err(&goto(), &s, ScoreError::NorthInHand);
    assert_yaku(&ok(&goto(), &hand("19m19p19s12345677z", "7z")), &[("kokushi_musou", 13)]);
    // Sanma: no 2m in the set, no North seat.
    assert!(matches!(score(&goto(), &hand("234m456p789s234s99p", "3s")), Err(ScoreError::Notation(_))));
}

#[test]
fn rinshan_on_the_replacement_of_an_extracted_north_or_flower() {
    // G-X6: a tsumo on the replacement tile after an extraction is 嶺上開花, without a kan.
    let mut s = hand("123p456p789s234s99p", "3s");
    s.tsumo = true;
    s.rinshan = true;
    assert!(matches!(score(&goto(), &s), Err(ScoreError::Impossible(_))), "neither a kan nor an extraction");
    s.nuki = NukiSpec::Count(1);
    assert_yaku(&ok(&goto(), &s), &[("menzen_tsumo", 1), ("rinshan_kaihou", 1), ("nuki_dora", 1)]);
    s.nuki = NukiSpec::Count(0);
    s.flowers = "1f".into();
    assert_eq!(han_of(&ok(&goto(), &s), "rinshan_kaihou"), Some(1));
}

#[test]
fn summer_ranks_up_and_autumn_doubles_red_and_gold() {
    // Below mangan: +1 han (riichi + summer, 40 fu: 2560 → 3000).
    let mut s = hand("123p456p789s234s99p", "3s");
    s.riichi = true;
    s.flowers = "2f".into();
    let r = ok(&goto(), &s);
    assert_yaku(&r, &[("riichi", 1), ("natsu", 1)]);
    assert_eq!(r.payment, ron(3000));
    // Haneman → baiman.
    s.dora_indicators = "1p1p1p8p".into();
    let r = ok(&goto(), &s);
    assert_eq!((r.limit.as_str(), r.payment), ("baiman", ron(16000)));
    // Yakuman → 五倍満; a summer on a dora indicator works the same.
    let mut s = hand("19m19p19s12345677z", "7z");
    s.dora_indicators = "2f".into();
    let r = ok(&goto(), &s);
    assert_eq!((r.limit.as_str(), r.payment), ("mangan_x5", ron(40000)));
    // Autumn: red and gold count double.
    let mut s = hand("123p4g6p789s340s99p", "3s");
    s.riichi = true;
    s.flowers = "3f".into();
    let r = ok(&goto(), &s);
    assert_eq!((han_of(&r, "aka_dora"), han_of(&r, "kin_dora")), (Some(2), Some(2)));
    s.flowers = "".into();
    let r = ok(&goto(), &s);
    assert_eq!((han_of(&r, "aka_dora"), han_of(&r, "kin_dora")), (Some(1), Some(1)));
}

#[test]
fn counted_limits_beyond_yakuman() {
    // Chinitsu 6 + ittsu 2 + pinfu 1 + riichi 1 = 10; dora from indicators.
    let cases = [
        ("3p", "", 12, "sanbaiman", 24000),
        ("3p6p", "", 13, "kazoe_yakuman", 32000),
        ("3p6p", "6p", 14, "kazoe_yakuman", 32000),
        ("3p8p", "", 15, "mangan_x5", 40000),
        ("3p8p", "6p", 16, "mangan_x5", 40000),
        ("3p8p", "1p", 17, "mangan_x6", 48000),
        ("3p8p", "1p6p", 18, "mangan_x6", 48000),
        ("3p8p3p", "1p", 19, "mangan_x7", 56000),
    ];
    for (dora, ura, han, limit, pay) in cases {
        let mut s = hand("123456789p234p99p", "4p");
        s.riichi = true;
        s.dora_indicators = dora.into();
        s.ura_indicators = ura.into();
        let r = ok(&goto(), &s);
        assert_eq!((r.han, r.limit.as_str(), r.payment), (han, limit, ron(pay)), "{dora} {ura}");
    }
}

/// Issue 34, item 8: the wild pocchi as a fifth copy of a kind (G-R6) scores where the
/// table says it is one (`WinFlags::WILD_FIFTH`): five of a kind are a triplet and a pair;
/// without the flag they are bad tiles, and the flag needs the five, riichi and a pocchi.
#[test]
fn a_wild_pocchis_fifth_copy_scores_with_its_flag() {
    use engine::mahjong::{Hand, HandScore, Tile, WinFlags, parse_kinds, score_hand};
    let hand = |tiles: &str, win: &str, flags: WinFlags| {
        let mut c = [0u8; 34];
        parse_kinds(tiles).unwrap().iter().for_each(|k| c[k.index()] += 1);
        let mut h = Hand::new(c, win.parse::<Tile>().unwrap());
        h.flags = flags;
        h
    };
    let fifth = WinFlags::RIICHI.with(WinFlags::WILD_FIFTH);
    let scored = |rules: &Rules, tiles: &str, win: &str, flags: WinFlags| -> Result<HandScore, ScoreError> {
        score_hand(rules, &hand(tiles, win, flags))
    };
    // 555p 55p 678p 789s 234s: riichi and tsumo; 777z 77z 123p 456p 789s: riichi and chun.
    let tsumo = fifth.with(WinFlags::TSUMO);
    assert_eq!(scored(&goto(), "55555678p789234s", "8p", tsumo).map(|r| r.han), Ok(2));
    assert_eq!(scored(&goto(), "123456p789s77777z", "1p", fifth).map(|r| r.han), Ok(2));
    let bad = |r: Result<HandScore, ScoreError>| matches!(r, Err(ScoreError::BadTiles(_)));
    assert!(bad(scored(&goto(), "55555678p789234s", "8p", WinFlags::RIICHI)), "no flag, no fifth copy");
    assert!(bad(scored(&goto(), "55567p678p789234s", "8p", fifth)), "the flag without five");
    let impossible = |r: Result<HandScore, ScoreError>| matches!(r, Err(ScoreError::Impossible(_)));
    assert!(impossible(scored(&goto(), "55555678p789234s", "8p", WinFlags::WILD_FIFTH)), "no riichi");
    assert!(impossible(scored(&Rules::ron2(), "55555678p789234s", "8p", fifth)), "no pocchi in the set");
}
