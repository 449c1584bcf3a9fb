//! Playing medarot games allocates nothing once a table has warmed up, and a
//! game value built per pairing allocates nothing either.

use engine::medarot::{Action, CardPool, Deck, MedarotGame, MedarotStrategy, Rules, StrategyKind};
use engine::{Game, GameSeeds, Strategy, Table};
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

const KINDS: [[StrategyKind; 2]; 3] = [
    [StrategyKind::Random; 2],
    [StrategyKind::Heuristic; 2],
    [StrategyKind::Heuristic, StrategyKind::Random],
];

/// One test (the counter is global: parallel tests would disturb each other).
#[test]
fn games_do_not_allocate_after_warm_up() {
    table_games();
    a_game_per_pairing();
}

/// Games on a warmed-up table.
fn table_games() {
    let pool = CardPool::example();
    let decks = Deck::examples(&pool).unwrap();
    let seeds = GameSeeds::new(11);
    for kinds in KINDS {
        let game = MedarotGame::new(&pool, Rules::default(), &decks[0], &decks[1]);
        let mut table = Table::new(&game);
        let [mut a, mut b] = kinds.map(MedarotStrategy::new);
        for i in 0..200 {
            table.play(&game, &mut [&mut a, &mut b], &mut seeds.rng(i));
        }
        let before = ALLOCATIONS.load(Ordering::Relaxed);
        let mut turns = 0;
        for i in 200..2200 {
            turns += table.play(&game, &mut [&mut a, &mut b], &mut seeds.rng(i)).turns as u64;
        }
        let after = ALLOCATIONS.load(Ordering::Relaxed);
        assert!(turns > 2000);
        assert_eq!(
            after,
            before,
            "{kinds:?}: {} allocations in 2000 games",
            after - before
        );
    }
}

/// A game value built per game (as a deck-pairing study would) allocates nothing either.
fn a_game_per_pairing() {
    let pool = CardPool::example();
    let decks = Deck::examples(&pool).unwrap();
    let rules = Rules::default();
    let seeds = GameSeeds::new(12);
    let mut legal: Vec<Action> = Vec::with_capacity(256);
    let mut players = [StrategyKind::Heuristic, StrategyKind::Random].map(MedarotStrategy::new);
    let before = ALLOCATIONS.load(Ordering::Relaxed);
    let mut wins = [0; 2];
    for i in 0..2000u64 {
        let game = MedarotGame::new(
            &pool,
            rules,
            &decks[(i % 4) as usize],
            &decks[(i / 4 % 4) as usize],
        );
        let mut rng = seeds.rng(i);
        let mut state = game.new_state();
        game.reset(&mut state, &mut rng);
        while let Some(seat) = game.to_move(&state) {
            game.legal_actions(&state, &mut legal);
            let action = players[seat].choose(&game.view(&state, seat), &legal, &mut rng);
            game.apply(&mut state, action, &mut rng);
        }
        wins[game.outcome(&state).winner] += 1;
    }
    let after = ALLOCATIONS.load(Ordering::Relaxed);
    assert!(wins[0] > wins[1]);
    assert_eq!(
        after,
        before,
        "{} allocations in 2000 games",
        after - before
    );
}
