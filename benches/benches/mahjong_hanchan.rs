//! Ron2 riichi table: whole hanchan per second with four bots of one preset.

mod common;

use criterion::{Criterion, criterion_group, criterion_main};

fn bench(c: &mut Criterion) {
    common::table_games(c, "mahjong_hanchan", "ron2-dojo", &common::BOTS);
}

criterion_group!(benches, bench);
criterion_main!(benches);
