//! Yakuman and their stacking: Ron2 counts each once (doubles only from
//! combining different yakuman); the per-yakuman doubles are options.

use super::{assert_yaku, han_of, hand, meld, ok};
use engine::mahjong::{MeldType, PaymentOut, Rules, score};

fn doubles() -> Rules {
    let mut r = Rules::ron2();
    r.yaku.double_kokushi_13 = true;
    r.yaku.double_suuankou_tanki = true;
    r.yaku.double_junsei_chuuren = true;
    r.yaku.double_daisuushii = true;
    r
}

#[test]
fn kokushi_single_and_thirteen_sided() {
    let r = Rules::ron2();
    let s = hand("19m19p19s12345677z", "1m");
    let res = ok(&r, &s);
    assert_yaku(&res, &[("kokushi_musou", 13)]);
    assert_eq!((res.yakuman_multiplier, res.fu, res.limit.as_str()), (1, 0, "yakuman"));
    assert_eq!(res.payment, PaymentOut::Ron { ron: 32000 });
    // 13-sided (won on the doubled kind): still one yakuman in Ron2.
    let s = hand("19m19p19s12345677z", "7z");
    assert_eq!(ok(&r, &s).yakuman_multiplier, 1);
    assert_eq!(ok(&doubles(), &s).yakuman_multiplier, 2);
    assert_eq!(ok(&doubles(), &hand("19m19p19s12345677z", "1m")).yakuman_multiplier, 1);
    // Near miss: a 2m for the 1m.
    assert!(score(&r, &hand("29m19p19s12345677z", "2m")).is_err());
}

#[test]
fn chuuren_single_and_pure() {
    let r = Rules::ron2();
    let pure = hand("11123455678999m", "5m");
    assert_yaku(&ok(&r, &pure), &[("chuuren_poutou", 13)]);
    assert_eq!(ok(&doubles(), &pure).yakuman_multiplier, 2);
    let impure = hand("11123455678999m", "8m");
    assert_eq!(ok(&doubles(), &impure).yakuman_multiplier, 1);
    // Near miss: an open hand of the same tiles is chinitsu.
    let mut s = hand("11456789m777m", "7m");
    s.melds = vec![meld(MeldType::Chi, "123m", true)];
    let res = ok(&r, &s);
    assert_eq!(res.yakuman_multiplier, 0);
    assert_eq!(han_of(&res, "chinitsu"), Some(5));
}

#[test]
fn suuankou_tsumo_tanki_and_the_ron_near_miss() {
    let r = Rules::ron2();
    let mut s = hand("222m444p666s888s99m", "6s");
    s.tsumo = true;
    assert_yaku(&ok(&r, &s), &[("suuankou", 13)]);
    // Ron on the shanpon: sanankou toitoi.
    s.tsumo = false;
    let res = ok(&r, &s);
    assert_eq!(res.yakuman_multiplier, 0);
    assert_eq!(han_of(&res, "sanankou"), Some(2));
    assert_eq!(han_of(&res, "toitoi"), Some(2));
    // Tanki ron: suuankou, double only with the option.
    let s = hand("222m444p666s888s99m", "9m");
    assert_eq!(ok(&r, &s).yakuman_multiplier, 1);
    assert_eq!(ok(&doubles(), &s).yakuman_multiplier, 2);
}

#[test]
fn dragon_and_wind_yakuman() {
    let r = Rules::ron2();
    assert_yaku(&ok(&r, &hand("555666777z123m99p", "1m")), &[("daisangen", 13)]);
    let mut s = hand("111222333z44z", "4z");
    s.melds = vec![meld(MeldType::Chi, "123m", true)];
    assert_yaku(&ok(&r, &s), &[("shousuushii", 13)]);
    let mut s = hand("111222444z99m", "9m");
    s.melds = vec![meld(MeldType::Pon, "333z", true)];
    assert_yaku(&ok(&r, &s), &[("daisuushii", 13)]);
    assert_eq!(ok(&doubles(), &s).yakuman_multiplier, 2);
}

#[test]
fn colour_and_terminal_yakuman() {
    let r = Rules::ron2();
    assert_yaku(&ok(&r, &hand("223344s666s888s66z", "6z")), &[("ryuuiisou", 13)]);
    // Green without hatsu still counts (seed: 發が入っていなくても成立).
    assert_yaku(&ok(&r, &hand("223344s666s888s44s", "4s")), &[("ryuuiisou", 13)]);
    // Near miss: a 5s.
    let res = ok(&r, &hand("223344s666s888s55s", "5s"));
    assert_eq!(res.yakuman_multiplier, 0);
    let mut s = hand("111222333z66z", "6z");
    s.melds = vec![meld(MeldType::Pon, "555z", true)];
    assert_yaku(&ok(&r, &s), &[("tsuuiisou", 13)]);
    assert_yaku(&ok(&r, &hand("11223344556677z", "7z")), &[("tsuuiisou", 13)]);
    let mut s = hand("111m999p11s", "1s");
    s.melds = vec![meld(MeldType::Pon, "999s", true), meld(MeldType::Pon, "111p", true)];
    assert_yaku(&ok(&r, &s), &[("chinroutou", 13)]);
    s.melds[1] = meld(MeldType::Pon, "111z", true);
    assert_eq!(ok(&r, &s).yakuman_multiplier, 0);
}

#[test]
fn suukantsu() {
    let r = Rules::ron2();
    let mut s = hand("55p", "5p");
    s.melds = vec![
        meld(MeldType::Kan, "2222m", true),
        meld(MeldType::Kan, "4444p", true),
        meld(MeldType::Kan, "6666s", false),
        meld(MeldType::Kan, "8888s", true),
    ];
    assert_yaku(&ok(&r, &s), &[("suukantsu", 13)]);
}

#[test]
fn different_yakuman_stack_the_seed_example() {
    // 親の字一色、大三元は96,000点.
    let r = Rules::ron2();
    let mut s = hand("555z666z777z22z", "2z");
    s.melds = vec![meld(MeldType::Pon, "111z", true)];
    s.seat_wind = "E".into();
    s.dealer = true;
    let res = ok(&r, &s);
    assert_yaku(&res, &[("daisangen", 13), ("tsuuiisou", 13)]);
    assert_eq!((res.han, res.limit.as_str()), (26, "yakuman_x2"));
    assert_eq!(res.payment, PaymentOut::Ron { ron: 96000 });
}

#[test]
fn first_turn_yakuman_and_renhou() {
    let r = Rules::ron2();
    let mut s = hand("123m456p789s234s99m", "4s");
    s.tsumo = true;
    s.seat_wind = "E".into();
    s.dealer = true;
    s.tenhou = true;
    assert_yaku(&ok(&r, &s), &[("tenhou", 13)]);
    // Chiihou for the dealer is impossible.
    s.tenhou = false;
    s.chiihou = true;
    assert!(score(&r, &s).is_err());
    s.seat_wind = "S".into();
    s.dealer = false;
    assert_yaku(&ok(&r, &s), &[("chiihou", 13)]);
    // Tenhou + suuankou stack.
    let mut s = hand("222m444p666s888s99m", "6s");
    s.tsumo = true;
    s.seat_wind = "E".into();
    s.dealer = true;
    s.tenhou = true;
    assert_eq!(ok(&r, &s).yakuman_multiplier, 2);

    // Ron2 renhou: mangan, alone, even with no other yaku …
    let mut s = hand("123m456p789s234s99m", "3s");
    s.renhou = true;
    let res = ok(&r, &s);
    assert_yaku(&res, &[("renhou", 5)]);
    assert_eq!((res.limit.as_str(), res.fu), ("mangan", 0));
    assert_eq!(res.payment, PaymentOut::Ron { ron: 8000 });
    // … and not combined with a smaller hand (pinfu + red would be less),
    let mut s = hand("123m406p789s234s99m", "4s");
    s.renhou = true;
    assert_yaku(&ok(&r, &s), &[("renhou", 5)]);
    // … but a haneman hand takes its own value (chinitsu 6 + pinfu + ittsu).
    let mut s = hand("123456789m234m99m", "4m");
    s.renhou = true;
    let res = ok(&r, &s);
    assert_eq!(han_of(&res, "renhou"), None);
    assert_eq!(han_of(&res, "chinitsu"), Some(6));
    // Gotō: renhou is a yakuman.
    let mut s = hand("123p456p789s234s99p", "4s");
    s.renhou = true;
    assert_yaku(&ok(&Rules::goto(), &s), &[("renhou", 13)]);
}
