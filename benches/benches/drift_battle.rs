//! Drift battles per second on one core: heuristic against heuristic, and plain play.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use engine::drift::strategy::{Heuristic, Plain};
use engine::drift::{DriftGame, DriftRules, Driver, Lineup};
use engine::{GameSeeds, Strategy, Table};
use std::hint::black_box;

const BATTLES: u64 = 10_000;

/// Benchmarks battles of `a` against `b`, both seats played by `S` (static dispatch).
fn bench_pair<S: Strategy<DriftGame>>(c: &mut Criterion, name: &str, a: Driver, b: Driver, mut players: (S, S)) {
    let game = DriftGame::chase(DriftRules::default(), a, b);
    let seeds = GameSeeds::new(1);
    let mut table = Table::new(&game);
    let mut group = c.benchmark_group("drift_battle");
    group.throughput(Throughput::Elements(BATTLES));
    group.bench_function(name, |bench| {
        let mut next = 0u64;
        bench.iter(|| {
            let mut points = 0i32;
            for _ in 0..BATTLES {
                let o = table.play(&game, &mut players, &mut seeds.rng(next));
                points += o.points[0];
                next += 1;
            }
            black_box(points)
        });
    });
    group.finish();
}

fn drift_battle(c: &mut Criterion) {
    let lineup = Lineup::example();
    let (a, b) = (lineup.drivers[0].1, lineup.drivers[1].1);
    bench_pair(c, "heuristic_example_pair", a, b, (Heuristic::shipped(), Heuristic::shipped()));
    let plain = Lineup::preset("styles").unwrap().drivers[0].1;
    bench_pair(c, "heuristic_no_styles", plain, plain, (Heuristic::shipped(), Heuristic::shipped()));
    bench_pair(c, "plain_no_styles", plain, plain, (Plain, Plain));
}

criterion_group!(benches, drift_battle);
criterion_main!(benches);
