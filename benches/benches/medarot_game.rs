//! Medarot advance mode: whole games per second on one core.

use criterion::measurement::WallTime;
use criterion::{BenchmarkGroup, Criterion, Throughput, criterion_group, criterion_main};
use engine::medarot::{CardPool, Deck, Heuristic, MedarotGame, Random, Rules};
use engine::{GameSeeds, Strategy, Table};
use std::hint::black_box;

const GAMES: u64 = 1000;

fn bench(c: &mut Criterion) {
    let pool = CardPool::example();
    let decks = Deck::examples(&pool).expect("example decks");
    let mut group = c.benchmark_group("medarot_game");
    group.throughput(Throughput::Elements(GAMES));
    bench_pair(&mut group, "random_vs_random", &pool, &decks, [Random; 2]);
    bench_pair(&mut group, "heuristic_vs_heuristic", &pool, &decks, [Heuristic::shipped(); 2]);
    group.finish();
}

/// Games of the four example decks against each other, both sides playing `players`.
fn bench_pair<'p, S: Strategy<MedarotGame<'p>>>(
    group: &mut BenchmarkGroup<'_, WallTime>,
    name: &str,
    pool: &'p CardPool,
    decks: &'p [Deck],
    mut players: [S; 2],
) {
    let rules = Rules::default();
    // One table for every game; a game value per game, as the study builds it (cheap, no allocation).
    let mut table = Table::new(&MedarotGame::new(pool, rules, &decks[0], &decks[0]));
    let seeds = GameSeeds::new(1);
    group.bench_function(name, |bench| {
        bench.iter(|| {
            let mut wins = 0;
            for i in 0..GAMES {
                let game = MedarotGame::new(pool, rules, &decks[(i % 4) as usize], &decks[(i / 4 % 4) as usize]);
                wins += table.play(&game, &mut players, &mut seeds.rng(i)).winner;
            }
            black_box(wins)
        })
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
