//! Classic Gotō table: whole games per second with three bots of one preset (also
//! `goto-stakes`, the bots that play for chips, the chip study's adapted model), and with
//! the efficiency bots' games recorded and settled in chips under the plain and the cut-bi
//! ledgers (what `sim mahjong chips` does per game).

mod common;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use engine::mahjong::chips::{ChipLedger, ChipTally, dice_stream};
use engine::mahjong::table::{Bot, RiichiTable};
use engine::{GameSeeds, Table};
use std::hint::black_box;

fn bench(c: &mut Criterion) {
    let [efficiency, defensive, random] = common::BOTS;
    common::table_games(c, "goto_game", "goto", &[efficiency, defensive, random, "goto-stakes"]);
    let game = RiichiTable::preset("goto").expect("the goto preset").with_hand_log(true);
    let ledgers = ["goto", "goto-cutbi"].map(|p| {
        let rules = RiichiTable::preset(p).expect("a Gotō preset").settings().chips.expect("chip rules");
        ChipLedger::new(rules, &game, true)
    });
    let seeds = GameSeeds::new(42);
    let mut group = c.benchmark_group("goto_game");
    group.throughput(Throughput::Elements(common::GAMES));
    group.bench_function("efficiency_with_chips", |b| {
        let mut table = Table::new(&game);
        let mut bots = [Bot::efficiency(); 3];
        let mut index = 0u64;
        b.iter(|| {
            for _ in 0..common::GAMES {
                let o = table.play(&game, &mut bots, &mut seeds.rng(index));
                for ledger in &ledgers {
                    let mut tally = ChipTally::default();
                    let hands = table.state().hand_log.hands();
                    ledger.settle_game(hands, &o.points, &mut dice_stream(&seeds, index), &mut tally);
                    black_box(tally);
                }
                index += 1;
            }
        });
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
