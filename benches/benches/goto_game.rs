//! Classic Gotō table: whole games per second with three bots of one preset (efficiency,
//! defensive, random), on one core.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use engine::mahjong::table::{Bot, RiichiTable};
use engine::{GameSeeds, Table};
use std::hint::black_box;

const GAMES: u64 = 100;

fn bench(c: &mut Criterion) {
    let game = RiichiTable::preset("goto").expect("goto preset");
    let seeds = GameSeeds::new(42);
    let mut group = c.benchmark_group("goto_game");
    group.throughput(Throughput::Elements(GAMES));
    for name in ["efficiency", "defensive", "random"] {
        group.bench_function(name, |b| {
            let mut table = Table::new(&game);
            let mut bots = [Bot::by_name(name).expect("a bot name"); 3];
            let mut index = 0u64;
            b.iter(|| {
                for _ in 0..GAMES {
                    let mut rng = seeds.rng(index);
                    index += 1;
                    black_box(table.play(&game, &mut bots, &mut rng));
                }
            });
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
