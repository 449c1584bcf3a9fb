//! Playing medarot games allocates nothing once a table has warmed up, with a
//! game value built per game.

use engine::medarot::{CardPool, Deck, MedarotGame, Rules, StrategyConfig};
use engine::{GameSeeds, StrategyChoice, Table};

#[global_allocator]
static GLOBAL: engine::testing::CountingAlloc = engine::testing::CountingAlloc;

/// One test (the counter is global: parallel tests would disturb each other). Each
/// game gets its own game value, built from the pool and two decks as the deck-pairing
/// study does, and is played on one reused table.
#[test]
fn games_do_not_allocate_after_warm_up() {
    let pool = CardPool::example();
    let decks = Deck::examples(&pool).unwrap();
    let rules = Rules::default();
    let seeds = GameSeeds::new(11);
    let game_of = |i: u64| MedarotGame::new(&pool, rules, &decks[(i % 4) as usize], &decks[(i / 4 % 4) as usize]);
    let mut table = Table::new(&game_of(0));
    let heuristic = StrategyConfig::preset("heuristic").unwrap();
    let kinds_list = [[StrategyConfig::Random; 2], [heuristic; 2], [heuristic, StrategyConfig::Random]];
    for kinds in kinds_list {
        let mut players = kinds.map(StrategyConfig::boxed);
        for i in 0..200 {
            table.play(&game_of(i), &mut players, &mut seeds.rng(i));
        }
        let before = engine::testing::thread_allocations();
        let mut turns = 0;
        for i in 200..2200 {
            turns += u64::from(table.play(&game_of(i), &mut players, &mut seeds.rng(i)).turns);
        }
        let after = engine::testing::thread_allocations();
        assert!(turns > 2000);
        assert_eq!(after, before, "{kinds:?}: {} allocations in 2000 games", after - before);
    }
}
