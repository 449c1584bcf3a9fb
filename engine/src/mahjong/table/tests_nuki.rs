//! Nuki of other kinds (issue 35, item 3): the `sanma-1m9m-nuki` table, whose tile set sets
//! 1m and 9m aside instead of north: a 1m set aside and replaced, a dora each (and more under
//! its indicator), north a plain honour (discarded, called, kept in a winning hand), the
//! chips, the refusals, and random games keeping every piece and replaying clean.

use super::mjai::Event;
use super::tests_sanma::random_games_replay_clean;
use super::tests_scenarios::{Scene, t};
use super::*;
use crate::GameSeeds;
use crate::mahjong::chips::{ChipItem, ChipLedger, States, Transfer};
use crate::mahjong::{HandScore, NukiKinds, PhysTile, Rules, ScoreError, Situation, score};

fn nuki_table() -> RiichiTable {
    RiichiTable::preset("sanma-1m9m-nuki").unwrap()
}

/// The dealer holds a 1m and a north and draws a 9m; seat 1 holds two norths; the first
/// replacement tile is a 2s.
fn scene(game: RiichiTable) -> Scene {
    let hands = ["1m123p456p789s4z5z5z", "234p567s4z4z6z6z7z7z9m", "1p1p9p9p1s1s9s9s1z1z2z2z3z"];
    Scene::dealt(game, &hands, "9m", "2s")
}

#[test]
fn a_1m_is_set_aside_and_replaced_and_north_is_discarded_and_called() {
    let mut sc = scene(nuki_table());
    let legal = sc.legal();
    for a in [Action::Nuki(t("1m")), Action::Nuki(t("9m")), Action::Discard(t("1m")), Action::Discard(Tile::NORTH)] {
        assert!(legal.contains(&a), "{a:?} in {legal:?}");
    }
    assert!(!legal.contains(&Action::Nuki(Tile::NORTH)), "north is no nuki kind here");
    sc.act(0, Action::Nuki(t("1m")));
    let me = &sc.s.seats[0];
    assert_eq!((me.nuki.of(t("1m")), me.nuki.of(t("9m")), me.hand[t("1m").index()]), (1, 0, 0));
    assert_eq!((me.drawn, sc.s.replacements), (Some(t("2s")), 1), "the replacement tile");
    sc.act(0, Action::Discard(Tile::NORTH));
    assert!(sc.legal().contains(&Action::Pon), "seat 1 may pon the north: {:?}", sc.legal());
    sc.act(1, Action::Pon);
    assert_eq!(sc.s.seats[1].melds()[0].tile, Tile::NORTH);
}

#[test]
fn each_1m_or_9m_set_aside_is_a_dora_and_north_scores_as_a_plain_honour() {
    let rules = Rules::preset("sanma-1m9m-nuki").unwrap();
    // Riichi, a concealed north triplet (a guest wind), the haku pair's wait; two 1m and a 9m
    // set aside under a 9m indicator (dora 1m): 3 nuki dora and 2 dora.
    let line = |nuki: &str| {
        format!(
            r#"{{"id":1,"closed":"123p456p789s444z5z5z","melds":[],"win":"5z","tsumo":false,"riichi":true,
            "double_riichi":false,"ippatsu":false,"rinshan":false,"chankan":false,"haitei":false,"houtei":false,
            "seat_wind":"S","round_wind":"E","dealer":false,"dora_indicators":"9m","ura_indicators":"",
            "honba":0,"riichi_sticks":0,"nuki":{nuki}}}"#
        )
    };
    let situation = |nuki: &str| serde_json::from_str::<Situation>(&line(nuki)).unwrap();
    let r = score(&rules, &situation(r#""1m1m9m""#)).unwrap();
    assert_eq!(r.yaku, [("riichi", 1), ("dora", 2), ("nuki_dora", 3)]);
    assert_eq!(r.han, 6);
    let err = |nuki: &str| score(&rules, &situation(nuki)).unwrap_err().to_string();
    assert!(err("2").contains("name the tiles"), "a count is for one nuki kind: {}", err("2"));
    assert!(err(r#""4z""#).contains("no nuki kind"), "{}", err(r#""4z""#));
    // Gotō's north is air, kept only for kokushi or 四喜和; with 1m/9m its nuki, a north is a
    // plain honour there too.
    let goto = Rules::preset("goto").unwrap();
    let set = "{ name = \"g\", manzu = \"terminals\", red_fives = \"5p5s\", gold_fives = \"5p5s\", pocchi = 1, \
               flowers = \"1234f\", nuki = \"1m9m\" }";
    let goto_1m9m = Rules::from_toml(&format!("extends = \"goto\"\ntile_set = {set}\n")).unwrap();
    assert_eq!(goto_1m9m.set.nuki(), NukiKinds::parse("1m9m").unwrap());
    assert_eq!(score(&goto, &situation("0")), Err(ScoreError::NorthInHand));
    assert!(score(&goto_1m9m, &situation(r#""1m""#)).is_ok());
}

#[test]
fn a_1m_set_aside_earns_the_north_chip_and_four_1m_the_suupei_dice() {
    // The Gotō chips at the 1m/9m table (the item is named for north, the rule's origin).
    let mut settings = TableSettings::preset("sanma-1m9m-nuki").unwrap();
    settings.chips = TableSettings::preset("goto").unwrap().chips;
    let game = RiichiTable::new(settings).unwrap();
    let ledger = ChipLedger::new(game.settings().chips.unwrap(), &game, false);
    let mut w = WinRecord { seat: 1, score: HandScore { han: 3, ..HandScore::EMPTY }, ..WinRecord::EMPTY };
    w.nuki = game.rules().set.nuki().none();
    (0..2).for_each(|_| w.nuki.add(t("1m")));
    w.nuki.add(t("9m"));
    let settle = |w: WinRecord, from: Option<u8>, shown: Option<&str>| {
        let mut h = HandRecord { ending: HandEnding::Win, from, ..HandRecord::EMPTY };
        h.push_win(w);
        if let Some(k) = shown {
            (h.indicators[0], h.indicator_count) = ((PhysTile::Plain(t(k)), PhysTile::Plain(Tile::EAST)), 1);
        }
        let mut out: Vec<Transfer> = Vec::new();
        ledger.settle_hand(&h, false, &mut { States::START }, &mut GameSeeds::new(1).rng(0), &mut out);
        out
    };
    let received = |out: &[Transfer], item| -> i32 {
        out.iter().filter(|t| t.item == item && t.receiver == 1).map(|t| t.chips()).sum()
    };
    assert_eq!(received(&settle(w, Some(0), None), ChipItem::North), 3, "a chip per 1m or 9m set aside");
    // 四北's dice chance (G-D1) for all four 1m, unless a 1m is shown on an indicator.
    w.nuki = game.rules().set.nuki().none();
    (0..4).for_each(|_| w.nuki.add(t("1m")));
    let chances = |shown| settle(w, None, shown).iter().filter(|t| t.item == ChipItem::Dice).count();
    assert!(chances(None) > 0);
    assert_eq!((chances(Some("9m")), chances(Some("1m"))), (chances(None), 0));
}

#[test]
fn nuki_at_four_seats_or_without_the_replacement_tiles_is_refused() {
    let mut four = TableSettings::preset("ron2-dojo").unwrap();
    four.north_extraction = true;
    let e = RiichiTable::new(four).unwrap_err().to_string();
    assert_eq!(e, "field `north_extraction`: nuki (抜きドラ) is a three-seat rule");
    let mut short = TableSettings::preset("tenhou-sanma").unwrap();
    short.scoring = "sanma-1m9m-nuki".into();
    let e = RiichiTable::new(short).unwrap_err().to_string();
    assert!(e.starts_with("field `wall`: needs a replacement tile for every kan (4), nuki tile"), "{e}");
}

#[test]
fn random_games_at_the_1m9m_table_keep_every_piece_and_replay_clean() {
    let (events, wins) = random_games_replay_clean("sanma-1m9m-nuki", 30);
    let mut set_aside = 0;
    for e in &events {
        if let Event::Nukidora { pai, .. } = e {
            assert!(pai.kind().is_some_and(|k| k == t("1m") || k == t("9m")), "{pai:?}");
            set_aside += 1;
        }
    }
    let north_discards =
        events.iter().filter(|e| matches!(e, Event::Dahai { pai, .. } if pai.kind() == Some(Tile::NORTH))).count();
    assert!(
        set_aside > 0 && north_discards > 0 && wins > 50,
        "{set_aside} set aside, {north_discards} norths discarded"
    );
}
