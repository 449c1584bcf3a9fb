//! The sanshoku, ittsu and chanta plans: their shanten, the ties they break and the calls
//! they make.

use super::plan::{MIDDLE, Plan, keep_value, lean, runs};
use super::tests::{answer, counts, t, table};
use super::*;
use crate::Game;
use crate::mahjong::ShantenRules;

#[test]
fn a_runs_plan_counts_the_missing_tiles_of_its_sequences() {
    let rules = ShantenRules::FOUR_PLAYER;
    // 123m 123p 1_3s: sanshoku waits on the 2s, tenpai as the hand is.
    let h = counts("123m123p13s456m99s");
    let r = runs(&h, &[], 3).expect("a sanshoku one tile short");
    assert_eq!(Plan::Runs(r).shanten(&h, rules), 0);
    // 123m 4_6m 789m: ittsu one tile (5m) short, the rest a set and a pair.
    let h = counts("12346789m234p77s");
    let r = runs(&h, &[], 3).expect("an ittsu one tile short");
    assert_eq!(Plan::Runs(r).shanten(&h, rules), 0);
    assert_eq!(Plan::Runs(r).shanten(&counts("12346789m234p7s9s"), rules), 1);
    // A chi of 123p counts as its sequence; with four melds elsewhere there is no room.
    let chi = [Meld { kind: MeldKind::Chi, tile: t("1p") }];
    let r = runs(&counts("123m13s456m99s"), &chi, 3).expect("sanshoku with the chi");
    assert_eq!(Plan::Runs(r).shanten(&counts("123m13s456m99s"), rules), 0);
    let pons = [t("1z"), t("2z"), t("3z"), t("4z")].map(|tile| Meld { kind: MeldKind::Pon, tile });
    assert_eq!(runs(&counts("1m"), &pons, 3), None);
    // Chanta cannot use 4–6.
    assert!(!Plan::Without(MIDDLE).uses(t("5p")) && Plan::Without(MIDDLE).uses(t("3p")));
}

#[test]
fn closed_ties_lean_towards_a_near_sanshoku_and_keep_its_tiles() {
    let h = counts("123m12p3p13s5z6z7z59p");
    let lean = lean(&h, &[], true);
    let Plan::Runs(_) = lean else { panic!("{lean:?}") };
    assert_eq!(super::plan::lean(&h, &[], false), Plan::Free);
    let (game, s) = table("123m12p3p13s5z6z7z59p", "7z");
    let view = game.view(&s, 1);
    // The lone 1s of the sanshoku outranks the 9p, however well connected.
    assert!(keep_value(&view, &h, t("1s"), lean) > keep_value(&view, &h, t("9p"), lean));
    assert!(keep_value(&view, &h, t("1s"), Plan::Free) < keep_value(&view, &h, t("3p"), Plan::Free));
}

#[test]
fn chis_towards_sanshoku_only_with_sequence_plans() {
    // 1-shanten with no yaku but riichi; the chi of 1p from the left makes 123p, and the
    // open hand is tenpai on sanshoku.
    let hand = "123m23p123s55m78m1z";
    let (game, mut s) = table(hand, "7z");
    let (a, legal) = answer(Bot::defensive(), &game, &mut s, 0, "1p");
    assert!(legal.contains(&Action::Chi(t("1p"))), "{legal:?}");
    assert_eq!(a, Action::Chi(t("1p")));
    let without = Bot::new(BotConfig { sequence_plans: false, ..Bot::defensive().config });
    assert_eq!(answer(without, &game, &mut s, 0, "1p").0, Action::Pass);
}
