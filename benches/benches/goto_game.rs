//! Classic Gotō table: whole games per second with three bots of one preset.

mod common;

use criterion::{Criterion, criterion_group, criterion_main};

fn bench(c: &mut Criterion) {
    common::table_games(c, "goto_game", "goto");
}

criterion_group!(benches, bench);
criterion_main!(benches);
