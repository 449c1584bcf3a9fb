//! After warm-up, playing Rack-up Battle matches allocates nothing.

use engine::rackup::{RackupGame, StrategyConfig};
use engine::{GameSeeds, StrategyChoice, Table};

#[global_allocator]
static GLOBAL: engine::testing::CountingAlloc = engine::testing::CountingAlloc;

#[test]
fn matches_do_not_allocate_after_warm_up() {
    let game = RackupGame::preset("default").unwrap();
    let seeds = GameSeeds::new(9);
    for name in ["random", "heuristic"] {
        let kind = StrategyConfig::preset(name).unwrap();
        let mut table = Table::new(&game);
        let mut players = [kind.boxed(), kind.boxed()];
        let mut play = |i: u64| {
            let mut rng = seeds.rng(i);
            table.play(&game, &mut players, &mut rng)
        };
        for i in 0..100 {
            play(i);
        }
        let before = engine::testing::thread_allocations();
        let mut points = 0u64;
        for i in 100..5_100 {
            let o = play(i);
            points += u64::from(o.points[0]);
        }
        let after = engine::testing::thread_allocations();
        assert_eq!(after, before, "{name}: {} allocations in 5,000 matches", after - before);
        assert!(points > 0);
    }
}
