//! After warm-up, playing drift battles allocates nothing.

use engine::drift::strategy::StrategyConfig;
use engine::drift::{DriftGame, DriftRules, Lineup, Team};
use engine::{Game, GameSeeds, StrategyChoice, Table};

#[global_allocator]
static GLOBAL: engine::testing::CountingAlloc = engine::testing::CountingAlloc;

#[test]
fn ten_thousand_battles_allocate_nothing_after_warm_up() {
    let lineup = Lineup::example();
    let teams = Lineup::preset("teams").unwrap();
    let rules = DriftRules::default();
    let drivers: Vec<_> = lineup.drivers.iter().map(|(_, d)| *d).collect();
    let team_list: Vec<Team> = teams.teams.iter().map(|(_, t)| *t).collect();
    // One game value and one table per pairing.
    let mut games: Vec<DriftGame> = Vec::new();
    for &a in &drivers {
        games.push(DriftGame::solo(rules, a));
        games.extend(drivers.iter().map(|&b| DriftGame::chase(rules, a, b)));
    }
    for &a in &team_list {
        games.extend(team_list.iter().map(|&b| DriftGame::team(rules, a, b)));
    }
    let mut tables: Vec<Table<DriftGame>> = games.iter().map(Table::new).collect();
    let seeds = GameSeeds::new(11);
    let strategy = |name| StrategyConfig::preset(name).unwrap().boxed();
    let mut players = [strategy("heuristic"), strategy("random")];
    let mut run = |from: u64, to: u64| {
        for i in from..to {
            let k = (i % tables.len() as u64) as usize;
            let seats = games[k].num_seats();
            tables[k].play(&games[k], &mut players[..seats], &mut seeds.rng(i));
        }
    };
    run(0, 2_000);
    let before = engine::testing::thread_allocations();
    run(2_000, 12_000);
    for (i, &a) in drivers.iter().enumerate() {
        std::hint::black_box(DriftGame::chase(rules, a, drivers[(i + 1) % drivers.len()]));
    }
    let after = engine::testing::thread_allocations();
    assert!(before > 0, "the counter counts");
    assert_eq!(after, before, "battles allocated {} times", after - before);
}
