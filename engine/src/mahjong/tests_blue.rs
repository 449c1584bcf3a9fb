//! Blue fives (青ドラ) end to end: on fixed hands their dora line (`ao_dora`, the rules'
//! han per piece) and their chip item at four seats (a club's `ron2-chips` with a blue 5p)
//! and three (Gotō with a blue 5s), on a tsumo and a ron; their notation and mjai names;
//! random play with them keeping every piece.

use super::chips::tests::four_seat_hand;
use super::chips::{ChipItem, ChipLedger, ChipRules, ChipTally, HandChips, States, hand_record, win_of};
use super::table::{Bot, HandRecord, RiichiTable, TableSettings, pai_name, parse_pai};
use super::{Mpsz, PhysTile, Rules, Situation, Yaku, parse_tiles, score};
use crate::testing::{PlayCheck, check_play};
use crate::{GameSeeds, Table};

/// Ron2's scoring on a club's set (the preset `ron2-blue`: one red five of each suit and
/// one blue 5p), a blue five worth `ao_dora` han.
pub(crate) fn four_seat_rules(ao_dora: u8) -> Rules {
    Rules::from_toml(&format!("extends = \"ron2-blue\"\nname = \"ron2-blue-{ao_dora}\"\n[yaku]\nao_dora = {ao_dora}\n"))
        .unwrap()
}

/// Gotō's scoring on its set with one blue 5s beside the red and gold ones.
fn three_seat_rules() -> Rules {
    Rules::from_toml(
        "extends = \"goto\"\nname = \"goto-blue\"\ntile_set = { name = \"goto-blue\", manzu = \"terminals\", \
         red_fives = \"5p5s\", gold_fives = \"5p5s\", blue_fives = \"5s\", pocchi = 1, flowers = \"1234f\" }\n",
    )
    .unwrap()
}

/// A riichi win by `seat_wind` (`E` deals) on `win`, closed `closed`, no dora or ura.
fn situation(closed: &str, win: &str, seat_wind: &str, tsumo: bool) -> Situation {
    serde_json::from_str(&format!(
        r#"{{"id":1,"closed":"{closed}","melds":[],"win":"{win}","tsumo":{tsumo},"riichi":true,
        "double_riichi":false,"ippatsu":false,"rinshan":false,"chankan":false,"haitei":false,"houtei":false,
        "seat_wind":"{seat_wind}","round_wind":"E","dealer":{},"dora_indicators":"1z","ura_indicators":"1z",
        "honba":0,"riichi_sticks":0}}"#,
        seat_wind == "E"
    ))
    .unwrap()
}

/// The han a hand lists for `name`, 0 when it lists none.
fn listed(rules: &Rules, s: &Situation, name: &str) -> u32 {
    score(rules, s).unwrap().yaku.iter().find(|y| y.0 == name).map_or(0, |y| y.1)
}

/// What each participant nets of the blue item in `hand` under `ledger`.
fn blue_chips(ledger: &ChipLedger, hand: &HandRecord) -> [i32; 4] {
    let mut tally = ChipTally::default();
    ledger.settle_hand(hand, false, &mut { States::START }, &mut GameSeeds::new(1).rng(0), &mut tally);
    tally.net.map(|row| row[ChipItem::Blue as usize])
}

#[test]
fn a_blue_five_is_its_rules_dora_and_its_chip_at_four_seats() {
    let hand = "234m4b6p678s345s99p";
    for ao_dora in [1, 2] {
        let rules = four_seat_rules(ao_dora);
        for tsumo in [true, false] {
            let blue = situation(hand, "9p", "S", tsumo);
            let plain = situation(&hand.replace('b', "5"), "9p", "S", tsumo);
            assert_eq!(listed(&rules, &blue, "ao_dora"), u32::from(ao_dora));
            assert_eq!(listed(&rules, &blue, "aka_dora") + listed(&rules, &plain, "ao_dora"), 0);
            let han = |s: &Situation| score(&rules, s).unwrap().han;
            assert_eq!(han(&blue), han(&plain) + u32::from(ao_dora), "tsumo {tsumo}");
        }
    }
    // The chip: 2 per blue five from the discarder on a ron, from each other seat on a tsumo.
    let settings = TableSettings::from_toml("extends = \"ron2-chips\"\nname = \"club\"\n[chips]\nblue = 2\n").unwrap();
    let rules = four_seat_rules(1);
    let table = RiichiTable::with_rules(settings, rules.clone()).unwrap();
    let ledger = ChipLedger::new(table.settings().chips.unwrap(), &table, false);
    let record = |tsumo: bool, from: Option<u8>| {
        let w = win_of(&rules, &situation("234m4b6p678s345s99p", "9p", "S", tsumo)).unwrap();
        assert_eq!((w.seat, w.red, w.blue), (1, 0, 1));
        four_seat_hand(from, w)
    };
    assert_eq!(blue_chips(&ledger, &record(true, None)), [-2, 6, -2, -2]);
    assert_eq!(blue_chips(&ledger, &record(false, Some(3))), [0, 2, 0, -2]);
    // Ron2's own set has none: no blue chip to pay.
    let plain = RiichiTable::preset("ron2-chips").unwrap();
    assert!(!plain.rules().set.has_blue() && plain.settings().chips.unwrap().blue == 0);
}

#[test]
fn a_blue_five_is_one_dora_and_its_chip_at_three_seats() {
    let rules = three_seat_rules();
    let hand = "999m4b6s789s555z11z";
    for tsumo in [true, false] {
        let blue = situation(hand, "9s", "S", tsumo);
        let plain = situation(&hand.replace('b', "5"), "9s", "S", tsumo);
        assert_eq!((listed(&rules, &blue, "ao_dora"), listed(&rules, &plain, "ao_dora")), (1, 0));
        assert_eq!(score(&rules, &blue).unwrap().han, score(&rules, &plain).unwrap().han + 1);
    }
    let settings = TableSettings::from_toml("extends = \"goto\"\nname = \"goto-blue\"\n[chips]\nblue = 3\n").unwrap();
    let table = RiichiTable::with_rules(settings, rules.clone()).unwrap();
    let ledger = ChipLedger::new(table.settings().chips.unwrap(), &table, true);
    let chips = |tsumo: bool, from: Option<u8>| {
        let s = situation(hand, "9s", "S", tsumo);
        let record = hand_record(&rules, &s, &HandChips { from, ..HandChips::default() }).unwrap();
        blue_chips(&ledger, &record)
    };
    // Tsumo: each opponent pays, the sit-out does not (§15.9's default); ron: the discarder.
    assert_eq!(chips(true, None), [-3, 6, -3, 0]);
    assert_eq!(chips(false, Some(0)), [-3, 3, 0, 0]);
}

#[test]
fn blue_fives_round_trip_through_the_notation_and_mjai_names() {
    let rules = four_seat_rules(1);
    let hand = parse_tiles("4b6p0m5s", &rules.set).unwrap();
    assert_eq!(hand[1], PhysTile::Blue(crate::t!(5p)));
    assert_eq!(Mpsz(&hand).to_string(), "4b6p0m5s");
    assert_eq!(parse_tiles(&Mpsz(&hand).to_string(), &rules.set).unwrap(), hand);
    for (name, suit) in [("5mb", crate::t!(5m)), ("5pb", crate::t!(5p)), ("5sb", crate::t!(5s))] {
        assert_eq!((pai_name(PhysTile::Blue(suit)), parse_pai(name)), (name, Some(PhysTile::Blue(suit))));
        assert_eq!(PhysTile::Blue(suit).to_string().parse::<PhysTile>().unwrap(), PhysTile::Blue(suit));
    }
}

/// Seeded games at `game` keep every piece (the table's checks, marked fives included), and
/// some win counts a blue five.
fn random_play_with_blue(game: &RiichiTable, bots: &mut [Bot]) {
    let stats = check_play(game, bots, &PlayCheck { games: 12, seed: 7, max_decisions: 20_000 }).unwrap();
    assert_eq!(stats.games, 12);
    let mut table = Table::new(game);
    let blue: u32 = (0..40)
        .map(|i| u32::from(table.play(game, bots, &mut GameSeeds::new(7).rng(i)).yaku[Yaku::AoDora as usize]))
        .sum();
    assert!(blue > 0, "no win counted a blue five in 40 games");
}

/// The shipped club example `ron2-blue`: `ron2-chips` on the set of [`four_seat_rules`] (its
/// scoring preset of the same name), 2 chips per blue five.
#[test]
fn the_ron2_blue_preset_is_ron2_chips_with_a_blue_5p() {
    let blue = RiichiTable::preset("ron2-blue").unwrap();
    let chips = RiichiTable::preset("ron2-chips").unwrap();
    let mut wall = [PhysTile::default(); crate::mahjong::MAX_WALL_TILES];
    let n = blue.rules().set.fill_wall(&mut wall);
    let count = |f: fn(PhysTile) -> bool| wall[..n].iter().filter(|&&p| f(p)).count();
    assert_eq!((n, count(PhysTile::is_red), count(PhysTile::is_blue)), (136, 3, 1));
    assert_eq!(wall[..n].iter().filter(|p| p.kind() == Some(crate::t!(5p))).count(), 4);
    assert_eq!(blue.rules().yaku.ao_dora, 1);
    let (b, c) = (blue.settings().chips.unwrap(), chips.settings().chips.unwrap());
    assert_eq!((b.blue, c.blue), (2, 0));
    assert_eq!(ChipRules { blue: 0, ..b }, c, "every other chip item as ron2-chips");
}

#[test]
fn random_play_with_blue_fives_keeps_every_piece_at_four_and_three_seats() {
    let four = RiichiTable::preset("ron2-blue").unwrap();
    random_play_with_blue(&four, &mut [Bot::efficiency(), Bot::random(), Bot::defensive(), Bot::efficiency()]);
    let three = RiichiTable::with_rules(TableSettings::preset("goto").unwrap(), three_seat_rules()).unwrap();
    random_play_with_blue(&three, &mut [Bot::efficiency(), Bot::random(), Bot::efficiency()]);
}
