//! Shanten throughput on random 13-tile hands (four-player set), generated
//! before the timed loop. Target: at least 25 M hands/s on one core.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use engine::mahjong::{ShantenRules, TileCounts, shanten, shanten_standard, ukeire};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::hint::black_box;

const HANDS: usize = 100_000;

/// `HANDS` random 13-tile hands drawn from a full four-player wall.
fn random_hands(seed: u64) -> Vec<TileCounts> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut wall: Vec<usize> = (0..34).flat_map(|k| [k; 4]).collect();
    (0..HANDS)
        .map(|_| {
            let mut h = [0; 34];
            for j in 0..13 {
                let pick = rng.random_range(j..wall.len());
                wall.swap(j, pick);
                h[wall[j]] += 1;
            }
            h
        })
        .collect()
}

fn bench(c: &mut Criterion) {
    let hands = random_hands(1);
    let rules = ShantenRules::FOUR_PLAYER;
    shanten(&hands[0], rules);
    let mut g = c.benchmark_group("shanten");
    g.throughput(Throughput::Elements(HANDS as u64));
    g.bench_function("min_of_all_forms", |b| {
        b.iter(|| hands.iter().map(|h| shanten(black_box(h), rules) as i64).sum::<i64>())
    });
    g.bench_function("standard", |b| {
        b.iter(|| hands.iter().map(|h| shanten_standard(black_box(h), rules) as i64).sum::<i64>())
    });
    g.throughput(Throughput::Elements(HANDS as u64 / 10));
    g.bench_function("ukeire", |b| {
        b.iter(|| hands[..HANDS / 10].iter().map(|h| ukeire(black_box(h), rules).len() as u64).sum::<u64>())
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
