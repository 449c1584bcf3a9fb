//! Scoring throughput: `score_hand` (all readings, yaku, fu, limit,
//! payment) on the 10,000 winning situations of the Ron2 reference fixture,
//! a mix of closed and open hands, seven pairs, kokushi and yakuman.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use engine::mahjong::{Hand, Rules, Situation, hand_of, score_hand};
use serde_json::{Value, json};
use std::hint::black_box;

const FIXTURE: &str = include_str!("../../engine/tests/fixtures/ron2_reference.jsonl");

/// The fixture's situations as hands (its omitted `false`/empty fields filled in).
fn hands(rules: &Rules) -> Vec<Hand> {
    FIXTURE
        .lines()
        .map(|line| {
            let mut v: Value = serde_json::from_str(line).unwrap();
            let s = v["s"].as_object_mut().unwrap();
            for (k, d) in [
                ("tsumo", json!(false)),
                ("riichi", json!(false)),
                ("double_riichi", json!(false)),
                ("ippatsu", json!(false)),
                ("rinshan", json!(false)),
                ("chankan", json!(false)),
                ("haitei", json!(false)),
                ("houtei", json!(false)),
                ("dealer", json!(false)),
                ("melds", json!([])),
                ("ura_indicators", json!("")),
                ("honba", json!(0)),
                ("riichi_sticks", json!(0)),
            ] {
                s.entry(k).or_insert(d);
            }
            let sit: Situation = serde_json::from_value(v["s"].clone()).unwrap();
            hand_of(rules, &sit).unwrap()
        })
        .collect()
}

fn bench(c: &mut Criterion) {
    let rules = Rules::ron2();
    let hands = hands(&rules);
    let mut g = c.benchmark_group("score");
    g.throughput(Throughput::Elements(hands.len() as u64));
    g.bench_function("ron2_fixture_hands", |b| {
        b.iter(|| {
            let mut total = 0u32;
            for h in &hands {
                if let Ok(s) = score_hand(&rules, black_box(h)) {
                    total = total.wrapping_add(s.points_total);
                }
            }
            black_box(total)
        })
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
