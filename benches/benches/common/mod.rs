//! What the riichi-table benches share: whole games per second of one table preset with
//! every seat played by one bot preset (efficiency, defensive, random, and at Gotō
//! goto-stakes), on one core.

use criterion::{Criterion, Throughput};
use engine::mahjong::table::{Bot, MAX_SEATS, RiichiTable};
use engine::{Game, GameSeeds, Table};
use std::hint::black_box;

/// Games per measured iteration.
pub const GAMES: u64 = 100;

/// The three bot presets every riichi-table bench plays.
pub const BOTS: [&str; 3] = ["efficiency", "defensive", "random"];

/// The criterion group `group`: games of the table preset `preset`, one bench per bot
/// preset of `bots`.
pub fn table_games(c: &mut Criterion, group: &str, preset: &str, bots: &[&str]) {
    let game = RiichiTable::preset(preset).expect("a table preset");
    let seeds = GameSeeds::new(42);
    let mut group = c.benchmark_group(group);
    group.throughput(Throughput::Elements(GAMES));
    for &name in bots {
        group.bench_function(name, |b| {
            let mut table = Table::new(&game);
            let mut bots = [Bot::by_name(name).expect("a bot name"); MAX_SEATS];
            let bots = &mut bots[..game.num_seats()];
            let mut index = 0u64;
            b.iter(|| {
                for _ in 0..GAMES {
                    let mut rng = seeds.rng(index);
                    index += 1;
                    black_box(table.play(&game, &mut *bots, &mut rng));
                }
            });
        });
    }
    group.finish();
}
