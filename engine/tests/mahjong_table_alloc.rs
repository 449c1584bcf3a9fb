//! After warm-up, playing Ron2 riichi hanchan allocates nothing.

use engine::mahjong::table::{Bot, RiichiTable};
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
fn hanchan_do_not_allocate_after_warm_up() {
    let game = RiichiTable::preset("ron2-dojo").unwrap();
    let seeds = GameSeeds::new(11);
    let mut table = Table::new(&game);
    let mut bots = [Bot::efficiency(), Bot::defensive(), Bot::random(), Bot::efficiency()];
    let mut play = |i: u64| {
        let mut rng = seeds.rng(i);
        let [a, b, c, d] = &mut bots;
        let mut players: [&mut dyn Strategy<RiichiTable>; 4] = [a, b, c, d];
        table.play(&game, &mut players, &mut rng)
    };
    for i in 0..20 {
        play(i);
    }
    let before = ALLOCATIONS.load(Ordering::Relaxed);
    let mut hands = 0u32;
    for i in 20..220 {
        hands += u32::from(play(i).hands);
    }
    let after = ALLOCATIONS.load(Ordering::Relaxed);
    assert_eq!(after, before, "{} allocations in 200 hanchan", after - before);
    assert!(hands >= 200 * 8 / 2, "{hands} hands played");
}
