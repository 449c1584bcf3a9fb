//! Fu components on whole hands, limit boundaries and payments under Ron2.

use super::{hand, meld, ok};
use engine::mahjong::{MeldType, PaymentOut, Rules};

const fn ron(x: u32) -> PaymentOut {
    PaymentOut::Ron { ron: x }
}

const fn tsumo(dealer_pays: u32, non_dealer_pays: u32) -> PaymentOut {
    PaymentOut::Tsumo { dealer_pays, non_dealer_pays }
}

#[test]
fn pinfu_tsumo_is_20_fu_2_han() {
    let mut s = hand("123m456p789s234s99m", "4s");
    s.tsumo = true;
    let r = ok(&Rules::ron2(), &s);
    assert_eq!((r.han, r.fu, r.payment), (2, 20, tsumo(700, 400)));
    s.seat_wind = "E".into();
    s.dealer = true;
    assert_eq!(ok(&Rules::ron2(), &s).payment, tsumo(0, 700));
}

#[test]
fn double_wind_pair_is_4_fu() {
    // 20 + 10 closed ron + 8 concealed 1m + 4 pair = 42 → 50 (40 with 2 fu).
    let mut s = hand("111m456p789s234s11z", "4s");
    s.seat_wind = "E".into();
    s.dealer = true;
    s.riichi = true;
    assert_eq!(ok(&Rules::ron2(), &s).fu, 50);
    let mut two = Rules::ron2();
    two.fu.double_wind_pair = 2;
    assert_eq!(ok(&two, &s).fu, 40);
    // A pair of the round wind only: 2 fu → 40.
    s.seat_wind = "S".into();
    s.dealer = false;
    assert_eq!(ok(&Rules::ron2(), &s).fu, 40);
}

#[test]
fn rinshan_earns_no_tsumo_fu_in_ron2() {
    // Open kan 6m (8) + kanchan/tanki 2p (2): 30 fu; with tsumo fu 32 → 40.
    let mut s = hand("123p456p789s22p", "2p");
    s.melds = vec![meld(MeldType::Kan, "6666m", true)];
    s.tsumo = true;
    s.rinshan = true;
    let r = ok(&Rules::ron2(), &s);
    assert_eq!((r.han, r.fu, r.payment), (1, 30, tsumo(500, 300)));
    let mut with = Rules::ron2();
    with.fu.rinshan_tsumo = true;
    assert_eq!(ok(&with, &s).fu, 40);
    // A plain tsumo of the same hand does get the 2 fu.
    s.rinshan = false;
    s.haitei = true;
    assert_eq!(ok(&Rules::ron2(), &s).fu, 40);
}

#[test]
fn open_pinfu_shape_ron_is_30_fu() {
    let mut s = hand("234m678s345s55p", "3m");
    s.melds = vec![meld(MeldType::Chi, "456p", true)];
    let r = ok(&Rules::ron2(), &s);
    assert_eq!((r.han, r.fu, r.payment), (1, 30, ron(1000)));
    // The same shape on a tsumo: 20 + 2 → 30 as well.
    s.tsumo = true;
    assert_eq!(ok(&Rules::ron2(), &s).fu, 30);
}

#[test]
fn han_limits_on_a_pinfu_hand() {
    // Pinfu ron, 30 fu; riichi; dora from the indicators.
    let cases = [
        ("", "", 2, "", 2000),
        ("8m", "", 4, "", 7700),
        ("8m3s", "", 5, "mangan", 8000),
        ("8m3s1m", "", 6, "haneman", 12000),
        ("8m3s1m", "3s", 7, "haneman", 12000),
        ("8m3s1m", "8m", 8, "baiman", 16000),
    ];
    for (dora, ura, han, limit, pay) in cases {
        let mut s = hand("123m456p789s234s99m", "4s");
        s.riichi = true;
        s.dora_indicators = dora.into();
        s.ura_indicators = ura.into();
        let r = ok(&Rules::ron2(), &s);
        assert_eq!((r.han, r.limit.as_str(), r.payment), (han, limit, ron(pay)), "{dora} {ura}");
    }
}

#[test]
fn sanbaiman_and_kazoe_on_a_chinitsu_hand() {
    // Chinitsu 6 + ittsu 2 + pinfu 1 = 9 han.
    let cases = [
        (false, "", 9, "baiman", 16000),
        (false, "3m", 11, "sanbaiman", 24000),
        (true, "3m", 12, "sanbaiman", 24000),
        (true, "3m5m", 13, "kazoe_yakuman", 32000),
        (true, "3m5m8m", 16, "kazoe_yakuman", 32000),
    ];
    for (riichi, dora, han, limit, pay) in cases {
        let mut s = hand("123456789m234m99m", "4m");
        s.riichi = riichi;
        s.dora_indicators = dora.into();
        let r = ok(&Rules::ron2(), &s);
        assert_eq!((r.han, r.limit.as_str(), r.payment), (han, limit, ron(pay)), "{dora}");
        assert_eq!(r.yakuman_multiplier, 0);
    }
}

#[test]
fn fu_limits_without_kiriage() {
    // 40 fu (concealed 2m triplet): riichi + 3 dora = 4 han 40 fu → mangan.
    let mut s = hand("222m456p789s234s99m", "4s");
    s.riichi = true;
    s.dora_indicators = "1m".into();
    let r = ok(&Rules::ron2(), &s);
    assert_eq!((r.han, r.fu, r.limit.as_str()), (4, 40, "mangan"));
    // 70 fu: closed kan of East (32) + kanchan + closed ron.
    let mut s = hand("123m456p123s55p", "2s");
    s.melds = vec![meld(MeldType::Kan, "1111z", false)];
    let r = ok(&Rules::ron2(), &s);
    assert_eq!((r.han, r.fu, r.payment), (1, 70, ron(2300)));
    s.riichi = true;
    s.dora_indicators = "5p".into();
    let r = ok(&Rules::ron2(), &s);
    assert_eq!((r.han, r.fu, r.limit.as_str(), r.payment), (3, 70, "mangan", ron(8000)));
    s.dora_indicators = "".into();
    let r = ok(&Rules::ron2(), &s);
    assert_eq!((r.han, r.payment), (2, ron(4500)));
}

#[test]
fn honba_and_sticks() {
    let mut s = hand("123m456p789s234s99m", "4s");
    s.honba = 2;
    s.riichi_sticks = 3;
    let r = ok(&Rules::ron2(), &s);
    assert_eq!((r.payment, r.points_total), (ron(1600), 4600));
    s.tsumo = true;
    let r = ok(&Rules::ron2(), &s);
    // Pinfu tsumo 2 han 20 fu: 400-700, +200 each.
    assert_eq!((r.payment, r.points_total), (tsumo(900, 600), 900 + 1200 + 3000));
}
