//! Medarot advance mode: whole games per second on one core.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use engine::medarot::{CardPool, Deck, MedarotGame, MedarotStrategy, Rules, StrategyKind};
use engine::{GameSeeds, Table};
use std::hint::black_box;

const GAMES: u64 = 1000;

fn bench(c: &mut Criterion) {
    let pool = CardPool::example();
    let decks = Deck::examples(&pool).expect("example decks");
    let rules = Rules::default();
    let mut group = c.benchmark_group("medarot_game");
    group.throughput(Throughput::Elements(GAMES));
    // One game value and table per deck pairing (4 × 4), reused across games.
    let games: Vec<MedarotGame<'_>> = (0..16)
        .map(|k| MedarotGame::new(&pool, rules, &decks[k % 4], &decks[k / 4]))
        .collect();
    let mut tables: Vec<Table<MedarotGame<'_>>> = games.iter().map(Table::new).collect();
    let seeds = GameSeeds::new(1);
    for kinds in [[StrategyKind::Random; 2], [StrategyKind::Heuristic; 2]] {
        let name = format!("{}_vs_{}", kinds[0], kinds[1]);
        let [mut a, mut b] = kinds.map(MedarotStrategy::new);
        group.bench_function(name, |bench| {
            bench.iter(|| {
                let mut wins = 0;
                for i in 0..GAMES {
                    let k = (i % 16) as usize;
                    wins += tables[k]
                        .play(&games[k], &mut [&mut a, &mut b], &mut seeds.rng(i))
                        .winner;
                }
                black_box(wins)
            })
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
