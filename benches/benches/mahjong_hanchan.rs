//! Ron2 riichi table: whole hanchan per second with four efficiency bots.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use engine::mahjong::table::{Bot, RiichiTable};
use engine::{GameSeeds, Table};
use std::hint::black_box;

const GAMES: u64 = 100;

fn bench(c: &mut Criterion) {
    let game = RiichiTable::preset("ron2-dojo").expect("ron2-dojo preset");
    let seeds = GameSeeds::new(42);
    let mut group = c.benchmark_group("mahjong_hanchan");
    group.throughput(Throughput::Elements(GAMES));
    for name in ["efficiency", "defensive", "random"] {
        group.bench_function(name, |b| {
            let mut table = Table::new(&game);
            let mut bots = [Bot::by_name(name).expect("a bot name"); 4];
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
