//! After warm-up, playing Rack-up Battle matches allocates nothing.

use engine::rackup::{RackupGame, StrategyKind};
use engine::{GameSeeds, Strategy, Table};
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
fn matches_do_not_allocate_after_warm_up() {
    let game = RackupGame::preset("default").unwrap();
    let seeds = GameSeeds::new(9);
    for kind in [StrategyKind::Random, StrategyKind::Heuristic] {
        let mut table = Table::new(&game);
        let (mut a, mut b) = (kind.strategy(), kind.strategy());
        let mut play = |i: u64| {
            let mut rng = seeds.rng(i);
            let mut players: [&mut dyn Strategy<RackupGame>; 2] = [&mut a, &mut b];
            table.play(&mut players, &mut rng)
        };
        for i in 0..100 {
            play(i);
        }
        let before = ALLOCATIONS.load(Ordering::Relaxed);
        let mut points = 0u64;
        for i in 100..5_100 {
            let o = play(i);
            points += u64::from(o.points[0]);
        }
        let after = ALLOCATIONS.load(Ordering::Relaxed);
        assert_eq!(after, before, "{kind}: {} allocations in 5,000 matches", after - before);
        assert!(points > 0);
    }
}
