//! The chip and cut-bi settings (preset `goto-stakes`) on set-up Gotō positions, and the
//! cut-bi states the table keeps for them (G-B2) against the chip ledger's over seeded
//! games. Each decision test fails if its setting is ignored.

use super::tests::{counts, riichi_at_2, t, turn};
use super::*;
use crate::mahjong::chips::{State, States};
use crate::mahjong::table::{Marked, TableState};
use crate::mahjong::{Nuki, PhysTile};
use crate::{Game, GameSeeds, Table};

/// Tenpai on 2s, 5s and 8s (9 live tiles) once the 1m goes.
const TENPAI: &str = "234p567p234s55s67s1m";

/// A dealt `preset` table (Gotō) whose seat 1 holds [`TENPAI`] (no marked pieces), the
/// dora indicator 9p, against seat 2's riichi with the 2p in its river.
fn against_riichi(preset: &str) -> (RiichiTable, TableState) {
    let game = RiichiTable::preset(preset).unwrap();
    let mut s = game.new_state();
    game.reset(&mut s, &mut GameSeeds::new(0).rng(0));
    s.seats[1].hand = counts(TENPAI);
    s.seats[1].marked = Marked::NONE;
    s.wall[s.layout.indicator(0)] = PhysTile::Plain(t("9p"));
    riichi_at_2(&mut s, "2p");
    (game, s)
}

/// Whether `bot` pushes (discards the 1m) rather than folds (the genbutsu 2p).
fn pushes(bot: Bot, game: &RiichiTable, s: &mut TableState) -> bool {
    match turn(bot, game, s, "1m").0 {
        Action::Discard(x) | Action::Riichi(x) | Action::OpenRiichi(x) => x == t("1m"),
        a => panic!("{a:?}"),
    }
}

/// `goto-stakes` pushing tenpai with 5 live waits, changed by `f`.
fn stakes(f: impl FnOnce(&mut BotConfig)) -> Bot {
    let mut bot = Bot::by_name("goto-stakes").unwrap();
    bot.config.push_ukeire = 5;
    f(&mut bot.config);
    bot
}

#[test]
fn stakes_fold_a_middling_tenpai_against_a_home_run_riichi() {
    let (game, mut s) = against_riichi("goto-cutbi");
    let bot = stakes(|_| {});
    // Everyone Bases: 9 live waits clear the push threshold of 5.
    assert!(pushes(bot, &game, &mut s));
    // The riichi is HomeRun: a deal-in pays it double, the threshold is 10.
    s.home_run = 1 << 2;
    assert!(!pushes(bot, &game, &mut s));
    assert!(pushes(stakes(|c| c.stakes = false), &game, &mut s));
    // Seat 1 HomeRun too: its win takes double, the threshold is 5 again.
    s.home_run = 1 << 2 | 1 << 1;
    assert!(pushes(bot, &game, &mut s));
    // Without cut-bi there are no stakes.
    let (game, mut s) = against_riichi("goto");
    s.home_run = 1 << 2;
    assert!(pushes(bot, &game, &mut s));
}

#[test]
fn chip_push_pushes_a_tenpai_holding_chips() {
    let (game, mut s) = against_riichi("goto-cutbi");
    s.home_run = 1 << 2;
    // Three extracted norths: 3 chips, pushed whatever the stakes.
    s.seats[1].nuki = Nuki::norths(3);
    assert!(pushes(stakes(|_| {}), &game, &mut s));
    assert!(!pushes(stakes(|c| c.chip_push = 0), &game, &mut s));
}

#[test]
fn chip_riichi_declares_where_ura_and_ippatsu_pay() {
    // Closed ittsu (2 han) on 5s-8s once the 1m goes: with `dama_han` 2 it would stay
    // dama, but at Gotō's table a riichi earns ura and ippatsu chips.
    let game = RiichiTable::preset("goto").unwrap();
    let mut s = game.new_state();
    game.reset(&mut s, &mut GameSeeds::new(0).rng(0));
    s.seats[1].hand = counts("123456789p55s67s1m");
    s.seats[1].marked = Marked::NONE;
    s.wall[s.layout.indicator(0)] = PhysTile::Plain(t("9m"));
    let dama = stakes(|c| (c.dama_han, c.chip_riichi) = (2, false));
    assert_eq!(turn(dama, &game, &mut s, "1m").0, Action::Discard(t("1m")));
    let chips = stakes(|c| c.dama_han = 2);
    assert_eq!(turn(chips, &game, &mut s, "1m").0, Action::Riichi(t("1m")));
}

#[test]
fn the_table_keeps_the_cut_bi_states_the_chip_ledger_reads() {
    let table = RiichiTable::preset("goto-cutbi").unwrap().with_hand_log(true);
    let mut play = Table::new(&table);
    let seeds = GameSeeds::new(7);
    let mut changed = 0;
    for i in 0..60 {
        play.play(&table, &mut [Bot::by_name("goto-stakes").unwrap(); 3], &mut seeds.rng(i));
        let states = play.state().hand_log.hands().iter().fold(States::START, |st, h| st.after(h, 3));
        let bits = (0..3).filter(|&s| states.0[s] == State::HomeRun).fold(0, |b, s| b | 1 << s);
        assert_eq!(play.state().home_run, bits, "game {i}");
        changed += usize::from(bits != 0);
    }
    assert!(changed > 0);
}
