//! Rack-up Battle: whole matches per second under the default profile.

use criterion::measurement::WallTime;
use criterion::{BenchmarkGroup, Criterion, Throughput, criterion_group, criterion_main};
use engine::rackup::{HeuristicStrategy, RackupGame, RandomStrategy, StrategyConfig};
use engine::{GameSeeds, Strategy, Table};
use std::hint::black_box;

const MATCHES: u64 = 1_000;

/// Benches `MATCHES` matches with `strategy` in both seats (a concrete type:
/// every decision is a direct call).
fn bench_kind<S>(group: &mut BenchmarkGroup<'_, WallTime>, game: &RackupGame, name: &str, strategy: S)
where
    S: Strategy<RackupGame> + Copy,
{
    let seeds = GameSeeds::new(42);
    group.bench_function(name, |b| {
        let mut table = Table::new(game);
        let mut players = [strategy; 2];
        let mut index = 0u64;
        b.iter(|| {
            for _ in 0..MATCHES {
                let mut rng = seeds.rng(index);
                index += 1;
                black_box(table.play(game, &mut players, &mut rng));
            }
        });
    });
}

fn bench(c: &mut Criterion) {
    let game = RackupGame::preset("default").expect("default preset");
    let mut group = c.benchmark_group("rackup_match");
    group.throughput(Throughput::Elements(MATCHES));
    for name in ["heuristic", "random"] {
        match StrategyConfig::preset(name).expect("a shipped strategy") {
            StrategyConfig::Random => bench_kind(&mut group, &game, name, RandomStrategy),
            StrategyConfig::Heuristic(config) => bench_kind(&mut group, &game, name, HeuristicStrategy { config }),
        }
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
