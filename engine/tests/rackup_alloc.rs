//! After warm-up, playing Rack-up Battle matches allocates nothing.

use engine::rackup::{RackupGame, StrategyKind};
use engine::{GameSeeds, Strategy, Table};

mod common;

#[global_allocator]
static GLOBAL: common::CountingAlloc = common::CountingAlloc;

#[test]
fn matches_do_not_allocate_after_warm_up() {
    let game = RackupGame::preset("default").unwrap();
    let seeds = GameSeeds::new(9);
    for kind in [StrategyKind::Random, StrategyKind::Heuristic] {
        let mut table = Table::new(&game);
        let (mut a, mut b) = (kind.strategy(), kind.strategy());
        let mut play = |i: u64| {
            let mut rng = seeds.rng(i);
            let mut players: [&mut dyn Strategy<RackupGame>; 2] = [&mut a, &mut b];
            table.play(&game, &mut players, &mut rng)
        };
        for i in 0..100 {
            play(i);
        }
        let before = common::allocations();
        let mut points = 0u64;
        for i in 100..5_100 {
            let o = play(i);
            points += u64::from(o.points[0]);
        }
        let after = common::allocations();
        assert_eq!(after, before, "{kind}: {} allocations in 5,000 matches", after - before);
        assert!(points > 0);
    }
}
