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
    // One table for every game; a game value per game, as the study builds it (cheap, no allocation).
    let mut table = Table::new(&MedarotGame::new(&pool, rules, &decks[0], &decks[0]));
    let seeds = GameSeeds::new(1);
    for kinds in [[StrategyKind::Random; 2], [StrategyKind::Heuristic; 2]] {
        let name = format!("{}_vs_{}", kinds[0], kinds[1]);
        let [mut a, mut b] = kinds.map(MedarotStrategy::new);
        group.bench_function(name, |bench| {
            bench.iter(|| {
                let mut wins = 0;
                for i in 0..GAMES {
                    let game = MedarotGame::new(&pool, rules, &decks[(i % 4) as usize], &decks[(i / 4 % 4) as usize]);
                    wins += table.play(&game, &mut [&mut a, &mut b], &mut seeds.rng(i)).winner;
                }
                black_box(wins)
            })
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
