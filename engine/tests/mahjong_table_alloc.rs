//! After warm-up, playing Ron2 riichi hanchan allocates nothing: at the plain table, with
//! the ten shipped local yaku (data yaku) checked at every win, on a set with blue fives,
//! and with the calibrated and the tuned bots (`tenhou-like`, `strong`).

use engine::mahjong::Rules;
use engine::mahjong::table::{Bot, RiichiTable, TableSettings};
use engine::testing::thread_allocations;
use engine::{GameSeeds, Table};
#[global_allocator]
static GLOBAL: engine::testing::CountingAlloc = engine::testing::CountingAlloc;

/// Plays 20 hanchan to warm up, then 200 counted ones.
fn assert_allocation_free(game: &RiichiTable, mut bots: [Bot; 4]) {
    let seeds = GameSeeds::new(11);
    let mut table = Table::new(game);
    let mut play = |i: u64| {
        let mut rng = seeds.rng(i);
        table.play(game, &mut bots, &mut rng)
    };
    for i in 0..20 {
        play(i);
    }
    let before = thread_allocations();
    let mut hands = 0u32;
    for i in 20..220 {
        hands += u32::from(play(i).hands);
    }
    let after = thread_allocations();
    assert_eq!(after, before, "{} allocations in 200 hanchan", after - before);
    assert!(hands >= 200 * 8 / 2, "{hands} hands played");
}

/// Four bots of four styles.
fn mixed() -> [Bot; 4] {
    [Bot::efficiency(), Bot::defensive(), Bot::random(), Bot::value()]
}

#[test]
fn hanchan_do_not_allocate_after_warm_up() {
    assert_allocation_free(&RiichiTable::preset("ron2-dojo").unwrap(), mixed());
}

#[test]
fn hanchan_of_the_calibrated_and_tuned_bots_do_not_allocate_after_warm_up() {
    let [tenhou, strong] = ["tenhou-like", "strong"].map(|name| Bot::by_name(name).unwrap());
    assert_allocation_free(&RiichiTable::preset("ron2-dojo").unwrap(), [tenhou, strong, tenhou, strong]);
}

#[test]
fn hanchan_with_the_ten_local_yaku_do_not_allocate_after_warm_up() {
    let rules =
        Rules::from_toml("extends = \"ron2\"\n[yaku]\nrenhou = \"none\"\n[yaku.local]\ninclude = [\"local_yaku\"]\n")
            .unwrap();
    assert_eq!(rules.yaku.local.len(), 10, "the shipped local yaku");
    let game = RiichiTable::with_rules(TableSettings::preset("ron2-dojo").unwrap(), rules).unwrap();
    assert_allocation_free(&game, mixed());
}

#[test]
fn hanchan_with_blue_fives_do_not_allocate_after_warm_up() {
    let rules = Rules::from_toml(
        "extends = \"ron2\"\ntile_set = { name = \"club\", manzu = \"full\", red_fives = \"5m5p5s\", blue_fives = \"5p5s\" }\n",
    )
    .unwrap();
    assert!(rules.set.has_blue());
    let game = RiichiTable::with_rules(TableSettings::preset("ron2-dojo").unwrap(), rules).unwrap();
    assert_allocation_free(&game, mixed());
}
