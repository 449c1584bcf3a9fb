//! The value and placement settings (preset `value`) on set-up positions: dora kept,
//! waits by worth, calls by value, dama on a poor wait, riichi and folding by place at
//! the all-last. Each test fails if its setting is ignored.

use super::tests::{answer, counts, riichi_at_2, t, table, turn};
use super::*;
use crate::mahjong::table::TableState;

/// `defensive` changed by `f`.
fn defensive(f: impl FnOnce(&mut BotConfig)) -> Bot {
    let mut bot = Bot::defensive();
    f(&mut bot.config);
    bot
}

/// The tile `a` discards (with or without riichi).
fn discarded(a: Action) -> Tile {
    match a {
        Action::Discard(t) | Action::Riichi(t) | Action::OpenRiichi(t) => t,
        _ => panic!("no discard: {a:?}"),
    }
}

#[test]
fn dora_keep_keeps_a_dora_among_equal_discards() {
    // Two shanten; the lone West and North are worth the same, and the West is dora
    // (indicator South): the plain bot lets the West go first, `dora_keep` the North.
    let hand = "123m456p78s13s9m5p3z4z";
    let (game, mut s) = table(hand, "2z");
    assert_eq!(shanten(&counts(hand), game.shanten_rules()), 2);
    assert_eq!(turn(Bot::defensive(), &game, &mut s, "4z").0, Action::Discard(t("3z")));
    assert_eq!(turn(Bot::value(), &game, &mut s, "4z").0, Action::Discard(t("4z")));
    // One shanten (ties by live tiles, equal here): the same, among the lone honours.
    let hand = "123m456p78s11s3z4z45m";
    let (game, mut s) = table(hand, "2z");
    assert_eq!(shanten(&counts(hand), game.shanten_rules()), 1);
    let keeps = defensive(|c| c.dora_keep = 16);
    assert_eq!(discarded(turn(keeps, &game, &mut s, "5m").0), t("4z"));
    assert_eq!(discarded(turn(Bot::defensive(), &game, &mut s, "5m").0), t("3z"));
}

#[test]
fn wait_value_waits_on_the_dora_tanki() {
    // Ittsu tenpai on a tanki either way, three live tiles each: the 9s (dora, indicator
    // 8s) is worth 3 han, the North 2. By live tiles alone it is a tie, kept by order.
    let (game, mut s) = table("123456789m123s9s4z", "8s");
    let plain = defensive(|c| c.dama_han = 0);
    assert_eq!(discarded(turn(plain, &game, &mut s, "4z").0), t("9s"));
    let valued = defensive(|c| (c.dama_han, c.wait_value) = (0, true));
    assert_eq!(discarded(turn(valued, &game, &mut s, "4z").0), t("4z"));
}

#[test]
fn call_min_han_calls_only_for_a_hand_worth_it() {
    // The tanyao pon of 6s (1 han) is made by `defensive`, not with 2 han required.
    let hand = "234m456p66s77s9p1z2s";
    let two = defensive(|c| c.call_min_han = 2);
    let (game, mut s) = table(hand, "7z");
    assert_eq!(answer(Bot::defensive(), &game, &mut s, 3, "6s").0, Action::Pon);
    assert_eq!(answer(two, &game, &mut s, 3, "6s").0, Action::Pass);
    // With 2s as dora (indicator 1s) the open tanyao holds a dora: 2 han, called.
    let (game, mut s) = table(hand, "1s");
    assert_eq!(answer(two, &game, &mut s, 3, "6s").0, Action::Pon);
}

#[test]
fn dama_max_waits_stays_dama_on_a_poor_wait_with_a_yaku() {
    // Tanyao on the 3s kanchan (4 live tiles) after the 9m goes: riichi, or dama with 4.
    let (game, mut s) = table("234m567p24s678s55p9m", "7z");
    assert_eq!(turn(Bot::defensive(), &game, &mut s, "9m").0, Action::Riichi(t("9m")));
    let poor = defensive(|c| c.dama_max_waits = 4);
    assert_eq!(turn(poor, &game, &mut s, "9m").0, Action::Discard(t("9m")));
    // Without a yaku the poor wait is declared all the same.
    let (game, mut s) = table("234m567p24s678s11p9m", "7z");
    assert_eq!(turn(poor, &game, &mut s, "9m").0, Action::Riichi(t("9m")));
}

/// South 4 (the all-last, seat 3 dealing) with these points, past the first go-around.
fn all_last(s: &mut TableState, points: [i32; 4]) {
    s.round = 7;
    s.points = points;
}

#[test]
fn placement_riichi_stays_dama_when_a_dama_tsumo_changes_the_rank() {
    // Tanyao pinfu on 1s-4s: a dama tsumo is 1,500 (1s) or 2,700 (4s). Last, 1,800
    // behind third: either tsumo lifts seat 1 to third, so it stays dama.
    let hand = "234m567p23s678s55p9m";
    let dama = defensive(|c| (c.dama_han, c.placement_riichi) = (1, true));
    let (game, mut s) = table(hand, "7z");
    all_last(&mut s, [32_000, 25_000, 26_800, 36_200]);
    let placed = defensive(|c| c.placement_riichi = true);
    assert_eq!(turn(placed, &game, &mut s, "9m").0, Action::Discard(t("9m")));
    assert_eq!(turn(Bot::defensive(), &game, &mut s, "9m").0, Action::Riichi(t("9m")));
    // 3,000 behind: the 1s tsumo leaves it last, so it declares, even with `dama_han` 1.
    all_last(&mut s, [32_000, 25_000, 28_000, 35_000]);
    assert_eq!(turn(dama, &game, &mut s, "9m").0, Action::Riichi(t("9m")));
    let unplaced = defensive(|c| c.dama_han = 1);
    assert_eq!(turn(unplaced, &game, &mut s, "9m").0, Action::Discard(t("9m")));
    // Not the all-last: `dama_han` decides.
    s.round = 6;
    assert_eq!(turn(dama, &game, &mut s, "9m").0, Action::Discard(t("9m")));
}

#[test]
fn first_folds_folds_when_first_at_the_all_last() {
    // Tenpai on 1s-4s (8 live tiles) against seat 2's riichi, whose river holds the 5p:
    // `defensive` pushes; first at the all-last with `first_folds`, the genbutsu goes.
    let (game, mut s) = table("234m567p23s678s55p9m", "7z");
    riichi_at_2(&mut s, "5p");
    let folds = defensive(|c| c.first_folds = true);
    all_last(&mut s, [25_000, 40_000, 20_000, 15_000]);
    assert_eq!(turn(folds, &game, &mut s, "9m").0, Action::Discard(t("5p")));
    assert_eq!(discarded(turn(Bot::defensive(), &game, &mut s, "9m").0), t("9m"));
    // Second: it pushes.
    all_last(&mut s, [25_000, 30_000, 20_000, 35_000]);
    assert_eq!(discarded(turn(folds, &game, &mut s, "9m").0), t("9m"));
}
