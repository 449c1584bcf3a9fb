//! After warm-up, playing Ron2 riichi hanchan allocates nothing.

use engine::mahjong::table::{Bot, RiichiTable};
use engine::testing::thread_allocations;
use engine::{GameSeeds, Table};
#[global_allocator]
static GLOBAL: engine::testing::CountingAlloc = engine::testing::CountingAlloc;

#[test]
fn hanchan_do_not_allocate_after_warm_up() {
    let game = RiichiTable::preset("ron2-dojo").unwrap();
    let seeds = GameSeeds::new(11);
    let mut table = Table::new(&game);
    let mut bots = [Bot::efficiency(), Bot::defensive(), Bot::random(), Bot::value()];
    let mut play = |i: u64| {
        let mut rng = seeds.rng(i);
        table.play(&game, &mut bots, &mut rng)
    };
    for i in 0..20 {
        play(i);
    }
    let before = thread_allocations();
    let mut hands = 0u32;
    for i in 20..220 {
        hands += u32::from(play(i).hands);
    }
    let after = thread_allocations();
    assert_eq!(after, before, "{} allocations in 200 hanchan", after - before);
    assert!(hands >= 200 * 8 / 2, "{hands} hands played");
}
