//! The scoring file's `[yaku.han]` table: a yaku priced `[0, 0]` is never awarded, a
//! re-priced one scores its new han, and a yaku that supersedes another gives way to it
//! when removed.

use super::{assert_err, assert_yaku, han_of, hand, meld, ok};
use engine::mahjong::{MeldType, Rules, ScoreError};

/// A preset with some `[yaku.han]` entries replaced (`("pinfu", "[2, 0]")`).
fn priced(preset: &str, entries: &[(&str, &str)]) -> Rules {
    let mut text = Rules::PRESETS.text(preset).unwrap().to_string();
    for (key, value) in entries {
        let line = text.lines().find(|l| l.starts_with(&format!("{key} = ["))).unwrap().to_string();
        text = text.replace(&line, &format!("{key} = {value}"));
    }
    Rules::from_toml(&text).unwrap_or_else(|e| panic!("{entries:?}: {e}"))
}

#[test]
fn a_yaku_priced_zero_is_never_awarded() {
    let pinfu_only = hand("123m456p789s234s99m", "4s");
    assert_err(&priced("ron2", &[("pinfu", "[0, 0]")]), &pinfu_only, ScoreError::NoYaku);
    let mut riichi = pinfu_only.clone();
    riichi.riichi = true;
    assert_yaku(&ok(&priced("ron2", &[("pinfu", "[0, 0]")]), &riichi), &[("riichi", 1)]);
    // 喰いタン off: tanyao = [1, 0].
    let mut open = hand("234m678s345s55p", "3m");
    open.melds = vec![meld(MeldType::Pon, "666p", true)];
    assert_err(&priced("ron2", &[("tanyao", "[1, 0]")]), &open, ScoreError::NoYaku);
    assert_yaku(&ok(&priced("ron2", &[("tanyao", "[1, 0]")]), &hand("234m678s345s55p666p", "3m")), &[("tanyao", 1)]);
    // Gotō's 三連刻 removed.
    let mut s = hand("789s11z", "9s");
    s.melds =
        vec![meld(MeldType::Pon, "222p", true), meld(MeldType::Pon, "333p", true), meld(MeldType::Pon, "444p", true)];
    assert_err(&priced("goto", &[("sanrenkou", "[0, 0]")]), &s, ScoreError::NoYaku);
}

#[test]
fn seven_pairs_is_no_winning_form_without_chiitoitsu() {
    let mut s = hand("1133m5577p2299s11z", "1z");
    s.riichi = true;
    assert_yaku(&ok(&Rules::ron2(), &s), &[("riichi", 1), ("chiitoitsu", 2)]);
    assert_err(&priced("ron2", &[("chiitoitsu", "[0, 0]")]), &s, ScoreError::NoYaku);
    // Gotō's 小車輪 removed: a honitsu seven pairs is chiitoitsu and honitsu again.
    let r = ok(&priced("goto", &[("shousharin", "[0, 0]")]), &hand("1133p5577p112233z", "3z"));
    assert_yaku(&r, &[("chiitoitsu", 2), ("honitsu", 3)]);
}

#[test]
fn a_re_priced_yaku_scores_its_new_han() {
    let r = ok(&priced("ron2", &[("pinfu", "[2, 0]")]), &hand("123m456p789s234s99m", "4s"));
    assert_yaku(&r, &[("pinfu", 2)]);
    assert_eq!((r.han, r.fu), (2, 30));
    let mut s = hand("789p123s999s11z", "1z");
    s.melds = vec![meld(MeldType::Chi, "123m", true)];
    assert_yaku(&ok(&priced("ron2", &[("chanta", "[3, 2]")]), &s), &[("chanta", 2)]);
    let mut s = hand("123m456p789s234s99m", "3s");
    s.riichi = true;
    assert_yaku(&ok(&priced("ron2", &[("riichi", "[2, 0]")]), &s), &[("riichi", 2)]);
}

#[test]
fn removing_a_yaku_that_supersedes_another_awards_the_lesser() {
    let mut s = hand("123m456p789s234s99m", "3s");
    s.double_riichi = true;
    assert_yaku(&ok(&priced("ron2", &[("double_riichi", "[0, 0]")]), &s), &[("riichi", 1)]);
    let r =
        ok(&priced("ron2", &[("ryanpeikou", "[0, 0]"), ("chiitoitsu", "[0, 0]")]), &hand("223344m556677p88s", "2m"));
    assert_eq!((han_of(&r, "ryanpeikou"), han_of(&r, "iipeikou")), (None, Some(1)));
    let r = ok(&priced("ron2", &[("junchan", "[0, 0]")]), &hand("123m789p123s999s11m", "1m"));
    assert_yaku(&r, &[("chanta", 2)]);
    let r = ok(&priced("ron2", &[("chinitsu", "[0, 0]")]), &hand("123456m789m234m99m", "9m"));
    assert_eq!((han_of(&r, "chinitsu"), han_of(&r, "honitsu")), (None, Some(3)));
}
