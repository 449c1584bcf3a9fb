//! Placement decisions on set-up all-last positions: wins declined for a better place in
//! reach, and 九種九牌 kept for kokushi or aborted.

use super::tests::{answer, choose, counts, t, table, turn};
use super::*;
use crate::mahjong::table::{Phase, TableState};

/// South 4 (the all-last of a hanchan, seat 3 dealing) with these points, past seat 1's
/// first discard (no 人和).
fn all_last(s: &mut TableState, points: [i32; 4]) {
    s.round = 7;
    s.points = points;
    s.seats[1].first_turn = false;
}

/// A bot that takes every win (placement off).
fn without_placement() -> Bot {
    Bot::new(BotConfig { placement: false, ..Bot::defensive().config })
}

#[test]
fn declines_a_ron_that_keeps_it_last_when_a_tsumo_lifts_it() {
    // Tanyao pinfu on 3m-6m: a ron is 2,000, a tsumo 700/1,300. Seat 1 is last, 2,500
    // behind seat 2: a ron from the leader (seat 3) leaves it last, a tsumo or a ron from
    // seat 2 lifts it to third.
    let hand = "234m456p678s22s45m";
    let points = [32_000, 25_000, 27_500, 35_500];
    let (game, mut s) = table(hand, "7z");
    all_last(&mut s, points);
    assert_eq!(answer(Bot::defensive(), &game, &mut s, 3, "3m").0, Action::Pass);
    assert_eq!(answer(Bot::defensive(), &game, &mut s, 2, "3m").0, Action::Ron);
    assert_eq!(answer(without_placement(), &game, &mut s, 3, "3m").0, Action::Ron);
    // Not the all-last: every win is taken.
    let (game, mut s) = table(hand, "7z");
    all_last(&mut s, points);
    s.round = 6;
    assert_eq!(answer(Bot::defensive(), &game, &mut s, 3, "3m").0, Action::Ron);
}

#[test]
fn takes_a_ron_that_keeps_it_last_when_nothing_better_is_in_reach() {
    // 5,000 behind third: no win of this hand moves seat 1 up, so it takes the points.
    let (game, mut s) = table("234m456p678s22s45m", "7z");
    all_last(&mut s, [32_000, 25_000, 30_000, 33_000]);
    assert_eq!(answer(Bot::defensive(), &game, &mut s, 3, "3m").0, Action::Ron);
}

#[test]
fn declines_a_cheap_tsumo_when_the_other_wait_lifts_it() {
    // 1s-4s pinfu: a tsumo of 1s adds sanshoku (5,200 in all), of 4s only 1,500, which
    // leaves seat 1 last, 100 behind seat 2. It discards the 4s and waits on.
    let hand = "123m123p23s456m99s";
    let points = [33_000, 25_000, 27_000, 35_000];
    let (game, mut s) = table(&format!("{hand}4s"), "7z");
    all_last(&mut s, points);
    assert_eq!(tsumo_turn(Bot::defensive(), &game, &mut s, hand, "4s"), Action::Discard(t("4s")));
    assert_eq!(tsumo_turn(without_placement(), &game, &mut s, hand, "4s"), Action::Tsumo);
    let (game, mut s) = table(&format!("{hand}1s"), "7z");
    all_last(&mut s, points);
    assert_eq!(tsumo_turn(Bot::defensive(), &game, &mut s, hand, "1s"), Action::Tsumo);
}

/// [`turn`] after setting seat 1's waits, those of `hand` (13 tiles), as the table keeps them.
fn tsumo_turn(bot: Bot, game: &RiichiTable, s: &mut TableState, hand: &str, drawn: &str) -> Action {
    s.seats[1].waits = ukeire(&counts(hand), game.shanten_rules());
    turn(bot, game, s, drawn).0
}

/// What `bot` at seat 1 does on its first draw holding `hand` (14 tiles, `drawn` last).
fn first_turn(bot: Bot, s: &mut TableState, game: &RiichiTable, drawn: &str) -> Action {
    s.seats[1].first_turn = true;
    s.seats[1].drawn = Some(t(drawn));
    s.phase = Phase::Turn { seat: 1, called: false, rinshan: false };
    let (a, legal) = choose(bot, game, s);
    assert!(legal.contains(&Action::NineTerminals), "{legal:?}");
    a
}

#[test]
fn nine_terminals_aborts_unless_kokushi_is_near_or_last_at_the_all_last() {
    // Nine kinds: abort; ten: play for kokushi (a discard).
    let nine = "19m19p19s123z23455m";
    let (game, mut s) = table(nine, "7z");
    assert_eq!(first_turn(Bot::defensive(), &mut s, &game, "5m"), Action::NineTerminals);
    let ten = "19m19p19s1234z3455m";
    let (game, mut s) = table(ten, "7z");
    assert!(matches!(first_turn(Bot::defensive(), &mut s, &game, "5m"), Action::Discard(_)));
    let always = Bot::new(BotConfig { kokushi_kinds: 14, placement: false, ..Bot::defensive().config });
    assert_eq!(first_turn(always, &mut s, &game, "5m"), Action::NineTerminals);
    // Last at the all-last: the abort would only repeat the hand; nine kinds play on.
    let (game, mut s) = table(nine, "7z");
    all_last(&mut s, [32_000, 20_000, 30_000, 38_000]);
    assert!(matches!(first_turn(Bot::defensive(), &mut s, &game, "5m"), Action::Discard(_)));
    all_last(&mut s, [32_000, 31_000, 20_000, 37_000]);
    assert_eq!(first_turn(Bot::defensive(), &mut s, &game, "5m"), Action::NineTerminals);
}
