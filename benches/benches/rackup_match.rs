//! Rack-up Battle: whole matches per second under the default profile.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use engine::rackup::{RackupGame, StrategyKind};
use engine::{GameSeeds, StrategyChoice, Table};
use std::hint::black_box;

const MATCHES: u64 = 1_000;

fn bench(c: &mut Criterion) {
    let game = RackupGame::preset("default").expect("default preset");
    let seeds = GameSeeds::new(42);
    let mut group = c.benchmark_group("rackup_match");
    group.throughput(Throughput::Elements(MATCHES));
    for kind in [StrategyKind::Heuristic, StrategyKind::Random] {
        group.bench_function(kind.name(), |b| {
            let mut table = Table::new(&game);
            let mut players = [kind.boxed(), kind.boxed()];
            let mut index = 0u64;
            b.iter(|| {
                for _ in 0..MATCHES {
                    let mut rng = seeds.rng(index);
                    index += 1;
                    black_box(table.play(&game, &mut players, &mut rng));
                }
            });
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
