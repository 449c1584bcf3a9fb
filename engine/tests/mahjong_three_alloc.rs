//! After warm-up, three-player games on Gotō's set (flowers set aside, norths
//! extracted, sudden death) allocate nothing.

use engine::mahjong::table::{Bot, RiichiTable, TableSettings};
use engine::testing::thread_allocations;
use engine::{GameSeeds, Table};
#[global_allocator]
static GLOBAL: engine::testing::CountingAlloc = engine::testing::CountingAlloc;

#[test]
fn three_player_games_do_not_allocate_after_warm_up() {
    let text = include_str!("../src/mahjong/table/testdata/three_player.toml");
    let game = RiichiTable::new(TableSettings::from_toml(text).unwrap()).unwrap();
    let seeds = GameSeeds::new(12);
    let mut table = Table::new(&game);
    let mut bots = [Bot::efficiency(), Bot::defensive(), Bot::random()];
    for i in 0..20 {
        table.play(&game, &mut bots, &mut seeds.rng(i));
    }
    let before = thread_allocations();
    let (mut norths, mut flowers) = (0, 0);
    for i in 20..220 {
        let o = table.play(&game, &mut bots, &mut seeds.rng(i));
        norths += o.norths.iter().sum::<u16>();
        flowers += o.flowers.iter().sum::<u16>();
    }
    let after = thread_allocations();
    assert_eq!(after, before, "{} allocations in 200 three-player games", after - before);
    assert!(norths > 0 && flowers > 0, "{norths} norths, {flowers} flowers set aside");
}
