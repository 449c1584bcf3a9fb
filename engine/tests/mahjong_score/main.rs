//! Scoring rule cases through the JSON-shaped API: each yaku with a hand
//! that has it and a near miss that does not, fu components, limits,
//! payments, yakuman stacking, and Gotō's own yaku and seed examples.

mod goto;
mod han_table;
mod limits;
mod local_yaku;
mod ron2_yaku;
mod yakuman;

use engine::mahjong::{MeldSpec, MeldType, Rules, ScoreError, ScoreResult, Situation, score};
use serde_json::json;

/// A non-dealer (South seat, East round) closed ron with no dora; set
/// the fields a case needs.
pub fn hand(closed: &str, win: &str) -> Situation {
    serde_json::from_value(json!({
        "id": 1, "closed": closed, "melds": [], "win": win, "tsumo": false,
        "riichi": false, "double_riichi": false, "ippatsu": false, "rinshan": false,
        "chankan": false, "haitei": false, "houtei": false, "seat_wind": "S",
        "round_wind": "E", "dealer": false, "dora_indicators": "", "ura_indicators": "",
        "honba": 0, "riichi_sticks": 0
    }))
    .expect("test situation parses")
}

/// A meld.
pub fn meld(kind: MeldType, tiles: &str, open: bool) -> MeldSpec {
    MeldSpec { kind, tiles: tiles.to_string(), open }
}

/// Scores, panicking with the situation on error.
pub fn ok(rules: &Rules, s: &Situation) -> ScoreResult {
    score(rules, s).unwrap_or_else(|e| panic!("{s:?}: {e}"))
}

/// The han listed for `name`, if listed.
pub fn han_of(r: &ScoreResult, name: &str) -> Option<u32> {
    r.yaku.iter().find(|(n, _)| *n == name).map(|&(_, h)| h)
}

/// Asserts the yaku list exactly (in any order).
pub fn assert_yaku(r: &ScoreResult, want: &[(&str, u32)]) {
    let mut got = r.yaku.clone();
    got.sort();
    let mut want = want.to_vec();
    want.sort();
    assert_eq!(got, want, "{r:?}");
}

/// Asserts an error kind.
pub fn assert_err(rules: &Rules, s: &Situation, want: ScoreError) {
    assert_eq!(score(rules, s).map(|r| r.yaku), Err(want), "{s:?}");
}

#[test]
fn output_json_in_issue_2_format() {
    // Issue 2's example, made a legal hand (its `closed` had 11 tiles
    // beside two melds): 123m 4p0p6p 11z + pon haku + closed kan 1s,
    // dealer, 1 honba. Haku 1 + dora 4 (9s shows 1s) + red 1 = 6 han.
    let mut s = hand("123m406p11z", "6p");
    s.id = 17;
    s.melds = vec![meld(MeldType::Pon, "555z", true), meld(MeldType::Kan, "1111s", false)];
    s.seat_wind = "E".into();
    s.round_wind = "S".into();
    s.dealer = true;
    s.dora_indicators = "3m9s".into();
    s.ura_indicators = "1p".into();
    s.honba = 1;
    let v = serde_json::to_value(ok(&Rules::ron2(), &s)).unwrap();
    assert_eq!(
        v,
        json!({"id": 17, "han": 6, "fu": 60,
               "yaku": [["yakuhai_haku", 1], ["dora", 4], ["aka_dora", 1]],
               "yakuman_multiplier": 0, "limit": "haneman",
               "payment": {"ron": 18300}, "points_total": 18300})
    );
    s.tsumo = true;
    s.riichi_sticks = 2;
    let v = serde_json::to_value(ok(&Rules::ron2(), &s)).unwrap();
    assert_eq!(v["payment"], json!({"dealer_pays": 0, "non_dealer_pays": 6100}));
    assert_eq!(v["points_total"], 6100 * 3 + 2000);
}

#[test]
fn bad_input_is_an_error_not_a_panic() {
    let r = Rules::ron2();
    let notation = [("123m406p789s11z8z", "6p"), ("123m456p789s11122z", "2z2z"), ("123m456p789s11122x", "2z")];
    for (closed, win) in notation {
        let e = score(&r, &hand(closed, win)).unwrap_err();
        assert!(matches!(e, ScoreError::Notation(_)), "{e}");
    }
    // 13 tiles; winning tile absent; five 1m across hand and kan.
    let e = score(&r, &hand("123m456p789s1122z", "1z")).unwrap_err();
    assert!(matches!(e, ScoreError::BadTiles(_)), "{e}");
    let e = score(&r, &hand("123m456p789s11122z", "5z")).unwrap_err();
    assert!(matches!(e, ScoreError::BadTiles(_)), "{e}");
    let mut s = hand("123m456p789s33s", "3s");
    s.melds = vec![meld(MeldType::Kan, "1111m", false)];
    assert!(matches!(score(&r, &s), Err(ScoreError::BadTiles(_))));

    assert_err(&r, &hand("123m456p789s22z358s", "3s"), ScoreError::NotWinning);
    let mut s = hand("123m456p789s234s33s", "3s");
    assert_err(&r, &s, ScoreError::NoYaku);
    s.ippatsu = true;
    assert!(matches!(score(&r, &s), Err(ScoreError::Impossible(_))));
    let mut s = hand("123m456p789s234s33s", "3s");
    s.riichi = true;
    s.dealer = true;
    assert!(matches!(score(&r, &s), Err(ScoreError::Impossible(_))));
}
