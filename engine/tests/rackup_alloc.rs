//! After warm-up, playing Rack-up Battle matches allocates nothing.

use engine::rackup::{Profile, RackupGame, Spell, StrategyConfig};
use engine::{GameSeeds, StrategyChoice, Table};

#[global_allocator]
static GLOBAL: engine::testing::CountingAlloc = engine::testing::CountingAlloc;

#[test]
fn matches_do_not_allocate_after_warm_up() {
    let plain = RackupGame::preset("default").unwrap();
    // Both spells' machines, and a heuristic playing another plan.
    let mut p = Profile::preset("default").unwrap();
    p.players[0].spell = Spell::Mirage;
    p.players[1].spell = Spell::Diet;
    p.spells.diet.hp = 2;
    let spells = RackupGame::new(p).unwrap();
    let half = "strategy = \"heuristic\"\nplan = \"half\"";
    let seeds = GameSeeds::new(9);
    for (game, name) in [(&plain, "random"), (&plain, "heuristic"), (&spells, "heuristic"), (&plain, half)] {
        let game = game.clone();
        let kind = StrategyConfig::preset(name).or_else(|_| StrategyConfig::from_toml(name)).unwrap();
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
