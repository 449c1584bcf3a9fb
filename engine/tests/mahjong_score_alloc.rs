//! The hot-path scorer allocates nothing: decomposition and `score_hand`
//! over the 10,000 fixture hands (Ron2) and a set of Gotō hands, counted by
//! a wrapping global allocator.

use engine::mahjong::{Hand, Rules, Situation, for_each_standard, hand_of, score_hand};
use serde_json::{Value, json};

#[global_allocator]
static GLOBAL: engine::testing::CountingAlloc = engine::testing::CountingAlloc;

const FIXTURE: &str = include_str!("fixtures/ron2_reference.jsonl");

fn situation(closed: &str, win: &str, extra: Value) -> Situation {
    let mut v = json!({
        "id": 0, "closed": closed, "melds": [], "win": win, "tsumo": false,
        "riichi": false, "double_riichi": false, "ippatsu": false, "rinshan": false,
        "chankan": false, "haitei": false, "houtei": false, "seat_wind": "S",
        "round_wind": "E", "dealer": false, "dora_indicators": "", "ura_indicators": "",
        "honba": 0, "riichi_sticks": 0
    });
    for (k, x) in extra.as_object().unwrap() {
        v[k] = x.clone();
    }
    serde_json::from_value(v).unwrap()
}

fn ron2_hands(rules: &Rules) -> Vec<Hand> {
    FIXTURE
        .lines()
        .map(|line| {
            let v: Value = serde_json::from_str(line).unwrap();
            let s = &v["s"];
            let mut extra = s.clone();
            extra.as_object_mut().unwrap().remove("closed");
            let sit = situation(s["closed"].as_str().unwrap(), s["win"].as_str().unwrap(), extra);
            hand_of(rules, &sit).unwrap()
        })
        .collect()
}

fn goto_hands(rules: &Rules) -> Vec<Hand> {
    [
        situation("1133p5577p112233z", "3z", json!({})),
        situation("11113333p7799s11z", "1z", json!({})),
        situation("22334466778899p", "9p", json!({})),
        situation("123p456p789s234s99p", "3s", json!({"riichi": true, "flowers": "2f"})),
        situation("123p456p789s234s99p", "3s", json!({"riichi": true, "nuki": 4})),
        situation("19m19p19s12345677z", "7z", json!({"dora_indicators": "2f"})),
        situation("123456789p234p99p", "4p", json!({"riichi": true, "dora_indicators": "3p8p"})),
        situation("123p456p789s234s99p", "3s", json!({"nagashi": true})),
    ]
    .iter()
    .map(|s| hand_of(rules, s).unwrap())
    .collect()
}

#[test]
fn decomposition_and_scoring_allocate_nothing() {
    let ron2 = Rules::ron2();
    let goto = Rules::goto();
    let hands = ron2_hands(&ron2);
    let goto_hands = goto_hands(&goto);
    let run = || {
        let (mut points, mut readings) = (0u64, 0u64);
        for h in &hands {
            for_each_standard(&h.concealed, |_, _| readings += 1);
            if let Ok(s) = score_hand(&ron2, h) {
                points += s.points_total as u64;
            }
        }
        for h in &goto_hands {
            points += score_hand(&goto, h).expect("Gotō hand scores").points_total as u64;
        }
        (points, readings)
    };
    let warm = run();
    let before = engine::testing::thread_allocations();
    for _ in 0..3 {
        assert_eq!(run(), warm);
    }
    let after = engine::testing::thread_allocations();
    assert!(warm.0 > 0 && warm.1 > 9_000);
    assert_eq!(after - before, 0, "allocations in the hot path");
}
