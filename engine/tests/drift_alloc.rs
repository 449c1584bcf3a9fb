//! After warm-up, playing drift battles allocates nothing.

use engine::drift::strategy::StrategyKind;
use engine::drift::{DriftGame, DriftRules, Lineup, Team};
use engine::{Game, GameSeeds, Table};
use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};

struct Counting;

static ALLOCATIONS: AtomicUsize = AtomicUsize::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

#[test]
fn ten_thousand_battles_allocate_nothing_after_warm_up() {
    let lineup = Lineup::example();
    let teams = Lineup::preset("teams").unwrap();
    let rules = DriftRules::default();
    let drivers: Vec<_> = lineup.drivers.iter().map(|(_, d)| *d).collect();
    let team_list: Vec<Team> = teams.teams.iter().map(|(_, t)| *t).collect();
    // One game value per pairing (a Table borrows its game and owns its buffers).
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
    let mut players = [StrategyKind::Heuristic.build(), StrategyKind::Random.build()];
    let mut run = |from: u64, to: u64| {
        for i in from..to {
            let k = (i % tables.len() as u64) as usize;
            let seats = games[k].num_seats();
            let [p0, p1] = &mut players;
            let mut both: [&mut dyn engine::Strategy<DriftGame>; 2] = [p0, p1];
            tables[k].play(&games[k], &mut both[..seats], &mut seeds.rng(i));
        }
    };
    run(0, 2_000);
    let before = ALLOCATIONS.load(Ordering::Relaxed);
    run(2_000, 12_000);
    for (i, &a) in drivers.iter().enumerate() {
        std::hint::black_box(DriftGame::chase(rules, a, drivers[(i + 1) % drivers.len()]));
    }
    let after = ALLOCATIONS.load(Ordering::Relaxed);
    assert!(before > 0, "the counter counts");
    assert_eq!(after, before, "battles allocated {} times", after - before);
}
