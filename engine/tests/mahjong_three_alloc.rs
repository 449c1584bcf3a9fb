//! After warm-up, Gotō sessions (four people in rotation at the three-seat table: flowers
//! set aside, norths extracted, open riichi, sudden death, every hand recorded) allocate
//! nothing, and neither does settling each game in chips under the plain and the cut-bi
//! ledgers; nor do games at the table setting 1m and 9m aside as nuki.

use engine::mahjong::chips::{ChipLedger, ChipTally, dice_stream};
use engine::mahjong::table::{Bot, RiichiTable, Rotation, Session};
use engine::testing::thread_allocations;
use engine::{GameSeeds, Table};
#[global_allocator]
static GLOBAL: engine::testing::CountingAlloc = engine::testing::CountingAlloc;

#[test]
fn goto_sessions_do_not_allocate_after_warm_up() {
    // The cut-bi table, so that the stake-aware bot reads the states.
    let game = RiichiTable::preset("goto-cutbi").unwrap().with_hand_log(true);
    let seeds = GameSeeds::new(12);
    let mut table = Table::new(&game);
    let stakes = Bot::by_name("goto-stakes").unwrap();
    let people = [Bot::efficiency(), Bot::defensive(), Bot::random(), stakes];
    let mut session = Session::new(Rotation::LastSitsOut, 3).unwrap();
    let ledgers = ["goto", "goto-cutbi"].map(|p| {
        let rules = RiichiTable::preset(p).unwrap().settings().chips.unwrap();
        ChipLedger::new(rules, &game, true)
    });
    let mut moved = 0;
    let mut play = |i: u64| {
        let seating = session.seating();
        let mut bots = seating.seats.map(|p| people[usize::from(p)]);
        let o = table.play(&game, &mut bots[..3], &mut seeds.rng(i));
        for ledger in &ledgers {
            let mut tally = ChipTally::default();
            ledger.settle_game(table.state().hand_log.hands(), &o.points, &mut dice_stream(&seeds, i), &mut tally);
            moved += tally.totals().iter().map(|c| c.unsigned_abs()).sum::<u32>();
        }
        session.next(&o.ranks);
        o
    };
    for i in 0..20 {
        play(i);
    }
    let before = thread_allocations();
    let (mut norths, mut flowers, mut open) = (0, 0, 0);
    for i in 20..220 {
        let o = play(i);
        norths += o.norths.iter().sum::<u16>();
        flowers += o.flowers.iter().sum::<u16>();
        open += o.open_riichi.iter().sum::<u16>();
    }
    let after = thread_allocations();
    assert_eq!(after, before, "{} allocations in 200 Gotō games and their chips", after - before);
    assert!(moved > 0, "chips were settled");
    assert!(norths > 0 && flowers > 0 && open > 0, "{norths} norths, {flowers} flowers, {open} open riichi");
}

#[test]
fn games_setting_1m_and_9m_aside_do_not_allocate_after_warm_up() {
    let game = RiichiTable::preset("sanma-1m9m-nuki").unwrap().with_hand_log(true);
    let seeds = GameSeeds::new(13);
    let mut table = Table::new(&game);
    let mut bots = [Bot::efficiency(), Bot::defensive(), Bot::random()];
    for i in 0..20 {
        table.play(&game, &mut bots, &mut seeds.rng(i));
    }
    let before = thread_allocations();
    let mut set_aside = 0;
    for i in 20..120 {
        set_aside += table.play(&game, &mut bots, &mut seeds.rng(i)).norths.iter().sum::<u16>();
    }
    let after = thread_allocations();
    assert_eq!(after, before, "{} allocations in 100 games setting 1m and 9m aside", after - before);
    assert!(set_aside > 0, "1m and 9m were set aside");
}
