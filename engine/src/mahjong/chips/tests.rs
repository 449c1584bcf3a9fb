//! The chip ledger against the seed's worked examples (GOTO-SPEC §13) and one scenario per
//! chip item and cut-bi case; the property that cut-bi only multiplies, over seeded games.

use super::*;
use crate::mahjong::table::{Bot, Extracted, HandEnding, HandRecord, RiichiTable, WinRecord};
use crate::mahjong::{Flower, HandScore, Nuki, PhysTile, Tile, Yaku, YakuList};
use crate::{GameRng, GameSeeds, Table};

fn ledger(preset: &str, sit_out: bool) -> ChipLedger {
    let table = RiichiTable::preset(preset).unwrap();
    ChipLedger::new(table.settings().chips.unwrap(), &table, sit_out)
}

fn plain() -> ChipLedger {
    ledger("goto", true)
}

fn cutbi() -> ChipLedger {
    ledger("goto-cutbi", true)
}

/// A winner at `seat` with `han` (and a real yakuman `multiple`), the yaku listed.
fn win(seat: u8, han: u8, multiple: u8, yaku: &[(Yaku, u8)]) -> WinRecord {
    let mut list = YakuList::default();
    yaku.iter().for_each(|&(y, n)| list.push(y, n));
    WinRecord { seat, score: HandScore { han, yakuman: multiple, yaku: list, ..HandScore::EMPTY }, ..WinRecord::EMPTY }
}

/// A hand won by `wins` (a ron off `from`, or a tsumo), from 35,000 each to `after`.
fn hand(from: Option<u8>, wins: &[WinRecord], after: [i32; 3]) -> HandRecord {
    let mut h =
        HandRecord { points_before: [35_000, 35_000, 35_000, 0], ending: HandEnding::Win, from, ..HandRecord::EMPTY };
    h.points_after = [after[0], after[1], after[2], 0];
    wins.iter().for_each(|&w| h.push_win(w));
    h
}

fn dice() -> GameRng {
    GameSeeds::new(1).rng(0)
}

/// The transfers of one hand from the states `states`.
fn settle_from(l: &ChipLedger, h: &HandRecord, states: States) -> Vec<Transfer> {
    let mut out = Vec::new();
    l.settle_hand(h, false, &mut { states }, &mut dice(), &mut out);
    out
}

fn settle(l: &ChipLedger, h: &HandRecord) -> Vec<Transfer> {
    settle_from(l, h, States::START)
}

/// What each participant pays (−) or receives (+) of `item`.
fn net(ts: &[Transfer], item: ChipItem) -> [i32; 4] {
    let mut n = [0; 4];
    for t in ts.iter().filter(|t| t.item == item) {
        n[usize::from(t.payer)] -= t.chips();
        n[usize::from(t.receiver)] += t.chips();
    }
    n
}

/// What `payer` pays `receiver` in all.
fn paid(ts: &[Transfer], payer: u8, receiver: u8) -> i32 {
    ts.iter().filter(|t| t.payer == payer && t.receiver == receiver).map(Transfer::chips).sum()
}

#[test]
fn g_c9_fourteen_han_with_summer_is_8_from_everyone() {
    let h = hand(None, &[win(0, 14, 0, &[(Yaku::Riichi, 1), (Yaku::Natsu, 0)])], [71_000, 17_000, 17_000]);
    let ts = settle(&plain(), &h);
    for payer in [1, 2, SIT_OUT] {
        let tier = net(&ts, ChipItem::Yakuman)[usize::from(payer)] + net(&ts, ChipItem::Summer)[usize::from(payer)];
        assert_eq!(tier, -8, "5 + 1 + 2 from {payer}");
    }
    assert_eq!(net(&ts, ChipItem::Yakuman)[0], 18);
    assert_eq!(net(&ts, ChipItem::Summer)[0], 6);
}

#[test]
fn g_c9_g_c8_eighteen_han_is_10_and_a_real_yakuman_with_summer_7_and_dice() {
    let ts = settle(&plain(), &hand(None, &[win(0, 18, 0, &[(Yaku::Chinitsu, 6)])], [35_000; 3]));
    assert_eq!(net(&ts, ChipItem::Yakuman), [30, -10, -10, -10]);
    let real = win(1, 13, 1, &[(Yaku::Daisangen, 13), (Yaku::Natsu, 0)]);
    let ts = settle(&plain(), &hand(Some(2), &[real], [35_000; 3]));
    let tier: [i32; 4] = std::array::from_fn(|p| net(&ts, ChipItem::Yakuman)[p] + net(&ts, ChipItem::Summer)[p]);
    assert_eq!(tier, [-7, 21, -7, -7], "even on a ron, from everyone");
    assert!(ts.iter().any(|t| t.item == ChipItem::Dice), "a real yakuman earns a dice chance");
    let double = win(1, 26, 2, &[(Yaku::Daisangen, 13), (Yaku::Tsuuiisou, 13)]);
    let ts = settle(&plain(), &hand(Some(2), &[double], [35_000; 3]));
    assert_eq!(net(&ts, ChipItem::Yakuman)[1], 30, "a double yakuman: 10 from each");
    assert_eq!(ts.iter().filter(|t| t.item == ChipItem::Dice).count(), 2 * 3, "two rights, three payers");
}

#[test]
fn g_d1_dice_chances_off_roll_no_dice_and_leave_the_tiers() {
    // The double yakuman above at a table without dice chances (`dice = false`).
    let double = win(1, 26, 2, &[(Yaku::Daisangen, 13), (Yaku::Tsuuiisou, 13)]);
    let ts = settle(&ledger_with(|c| c.dice = false), &hand(Some(2), &[double], [35_000; 3]));
    assert!(!ts.iter().any(|t| t.item == ChipItem::Dice), "{ts:?}");
    assert_eq!(net(&ts, ChipItem::Yakuman)[1], 30);
    // The preset ron2-chips has none, and a Gotō file without the key keeps them.
    let four = RiichiTable::preset("ron2-chips").unwrap();
    assert!(!four.settings().chips.unwrap().dice);
    let goto = crate::mahjong::table::TableSettings::preset_text("goto").unwrap().replace("dice = true\n", "");
    let goto = crate::mahjong::table::TableSettings::from_toml(&goto).unwrap();
    assert!(goto.chips.unwrap().dice);
}

#[test]
fn g_c7_g_c10_sanbaiman_is_3_from_everyone_and_summer_does_not_lift_the_tier() {
    let ts = settle(&plain(), &hand(Some(1), &[win(0, 11, 0, &[(Yaku::Chinitsu, 6)])], [35_000; 3]));
    assert_eq!(net(&ts, ChipItem::Sanbaiman), [9, -3, -3, -3]);
    let summer = win(0, 12, 0, &[(Yaku::Chinitsu, 6), (Yaku::Natsu, 0)]);
    let ts = settle(&plain(), &hand(Some(1), &[summer], [35_000; 3]));
    assert_eq!((net(&ts, ChipItem::Sanbaiman)[0], net(&ts, ChipItem::Yakuman)[0]), (9, 0), "by han before summer");
    let after = ledger_with(|c| c.tier_after_summer = true);
    let ts = settle(&after, &hand(Some(1), &[summer], [35_000; 3]));
    assert_eq!((net(&ts, ChipItem::Yakuman)[0], net(&ts, ChipItem::Summer)[0]), (15, 0), "§15.11 option");
    let baiman = win(0, 9, 0, &[(Yaku::Chinitsu, 6), (Yaku::Natsu, 0)]);
    assert_eq!(net(&settle(&after, &hand(Some(1), &[baiman], [35_000; 3])), ChipItem::Sanbaiman)[0], 9);
    assert!(
        settle(&plain(), &hand(Some(1), &[baiman], [35_000; 3])).iter().all(|t| t.item == ChipItem::SitOutNoSpring)
    );
}

/// The `goto` ledger with one option changed.
fn ledger_with(change: impl FnOnce(&mut ChipRules)) -> ChipLedger {
    let table = RiichiTable::preset("goto").unwrap();
    let mut rules = table.settings().chips.unwrap();
    change(&mut rules);
    ChipLedger::new(rules, &table, true)
}

#[test]
fn g_c1_to_g_c6_per_tile_chips_come_from_the_discarder_or_each_opponent() {
    let mut w = win(0, 4, 0, &[(Yaku::Riichi, 1), (Yaku::Ippatsu, 1)]);
    (w.ippatsu, w.red, w.gold, w.ura, w.nuki) = (true, 1, 1, 2, Nuki::norths(1));
    let expect = 1 + 1 + 2 + 2 + 1;
    let ts = settle(&plain(), &hand(Some(2), &[w], [35_000; 3]));
    let per_tile = [ChipItem::Ippatsu, ChipItem::Red, ChipItem::Gold, ChipItem::Ura, ChipItem::North];
    let sum = |ts: &[Transfer], p: usize| per_tile.iter().map(|&i| net(ts, i)[p]).sum::<i32>();
    assert_eq!([sum(&ts, 0), sum(&ts, 1), sum(&ts, 2), sum(&ts, 3)], [expect, 0, -expect, 0], "ron: the discarder");
    w.pocchi_tsumo = true;
    let ts = settle(&plain(), &hand(None, &[w], [35_000; 3]));
    assert_eq!([sum(&ts, 1), sum(&ts, 2), sum(&ts, 3)], [-expect, -expect, 0], "tsumo: each opponent, not the sit-out");
    assert_eq!(net(&ts, ChipItem::PocchiIppatsu), [6, -3, -3, 0], "G-C6: 3 on top of ippatsu's 1");
    let sit_out_too = ledger_with(|c| c.per_tile_sit_out_pays = true);
    assert_eq!(net(&settle(&sit_out_too, &hand(None, &[w], [35_000; 3])), ChipItem::Red), [3, -1, -1, -1], "§15.9");
    // §15.10: two ura of which one is an extracted north under a north ura dora.
    w.ura_nuki = 1;
    let no_norths = ledger_with(|c| c.ura_counts_norths = false);
    assert_eq!(net(&settle(&no_norths, &hand(Some(2), &[w], [35_000; 3])), ChipItem::Ura)[0], 1);
    assert_eq!(net(&settle(&plain(), &hand(Some(2), &[w], [35_000; 3])), ChipItem::Ura)[0], 2);
    assert_eq!(ts.iter().filter(|t| t.item == ChipItem::Dice).count(), 3, "ポッチパッツモ earns a dice chance");
}

#[test]
fn g_c11_nagashi_with_two_norths_and_summer_is_dice_and_9_the_sit_out_7() {
    let mut w = win(1, 13, 1, &[(Yaku::NagashiYakuman, 13), (Yaku::Natsu, 0)]);
    (w.nagashi, w.nuki, w.flowers, w.closed) = (true, Nuki::norths(2), 1 << Flower::Summer as u8, true);
    let mut h = hand(None, &[w], [35_000; 3]);
    h.ending = HandEnding::Draw;
    let ts = settle(&plain(), &h);
    let no_dice = |p: u8| {
        ts.iter()
            .filter(|t| t.payer == p && t.receiver == 1 && t.item != ChipItem::Dice)
            .map(Transfer::chips)
            .sum::<i32>()
    };
    assert_eq!((no_dice(0), no_dice(2)), (9, 9), "5 + 2 norths + 2 summer from each opponent");
    assert_eq!(no_dice(SIT_OUT), 7, "the sit-out pays the tier and summer, not the norths");
    assert_eq!(ts.iter().filter(|t| t.item == ChipItem::Dice).count(), 3);
    assert_eq!(net(&ts, ChipItem::SitOutNoSpring)[3], 6, "§15.27: nagashi is a win for the sit-out");
    assert_eq!(net(&ts, ChipItem::SitOutDraw)[3], 0);
}

/// A hand with these extractions in order and no win (an exhaustive draw).
fn extracting(order: &[(u8, Extracted)]) -> HandRecord {
    let mut h = hand(None, &[], [35_000; 3]);
    h.ending = HandEnding::Draw;
    order.iter().for_each(|&(s, p)| h.push_extraction(usize::from(s), p));
    h
}

#[test]
fn g_f2_spring_pays_the_flowers_set_aside_at_once_and_one_per_later_flower() {
    let f = Extracted::Flower;
    let h = extracting(&[(0, f(Flower::Spring)), (0, f(Flower::Summer)), (0, f(Flower::Autumn))]);
    assert_eq!(net(&settle(&plain(), &h), ChipItem::Spring), [9, -3, -3, -3], "spring, then summer +1, autumn +1");
    let h = extracting(&[(2, f(Flower::Summer)), (2, f(Flower::Autumn)), (2, f(Flower::Spring))]);
    assert_eq!(
        net(&settle(&plain(), &h), ChipItem::Spring),
        [-3, -3, 9, -3],
        "summer and autumn held, then spring = 3"
    );
    let h = extracting(&[(1, f(Flower::Summer)), (0, f(Flower::Spring))]);
    assert_eq!(net(&settle(&plain(), &h), ChipItem::Spring), [3, -1, -1, -1], "another's flowers do not count");
}

#[test]
fn g_f6_a_spring_indicator_pays_the_winner_its_flowers_plus_one() {
    let mut w = win(0, 3, 0, &[(Yaku::Riichi, 1)]);
    w.flowers = 1 << Flower::Autumn as u8;
    let mut h = hand(Some(1), &[w], [35_000; 3]);
    h.indicators[0] = (PhysTile::Flower(Flower::Spring), PhysTile::Plain(Tile::EAST));
    h.indicator_count = 1;
    assert_eq!(net(&settle(&plain(), &h), ChipItem::Spring), [6, -2, -2, -2]);
    assert_eq!(net(&settle(&plain(), &h), ChipItem::SitOutNoSpring)[3], 6, "§15.16: not extracted");
}

#[test]
fn g_f5_alice_reveals_until_the_first_miss() {
    let mut w = win(0, 3, 0, &[(Yaku::Riichi, 1)]);
    (w.flowers, w.held[Tile::EAST.index()], w.held[Tile::WEST.index()]) = (1 << Flower::Winter as u8, 3, 2);
    let mut h = hand(Some(1), &[w], [35_000; 3]);
    let alice =
        [PhysTile::Plain(Tile::EAST), PhysTile::Pocchi, PhysTile::Flower(Flower::Spring), PhysTile::Plain(Tile::SOUTH)];
    h.alice = alice;
    h.alice_count = 4;
    let ts = settle(&plain(), &h);
    assert_eq!(
        net(&ts, ChipItem::Alice),
        [6, -6, 0, 0],
        "east, pocchi, a flower (it set winter aside): 3 hits; south misses; ron: the discarder"
    );
    let per_copy = ledger_with(|c| c.alice_per_copy = true);
    assert_eq!(net(&settle(&per_copy, &h), ChipItem::Alice)[0], 2 * (3 + 1 + 1), "§15.15: per copy held");
    h.from = None;
    w.closed = false;
    h.wins[0] = w;
    assert_eq!(net(&settle(&plain(), &h), ChipItem::Alice), [9, -3, -3, -3], "tsumo: everyone; open: 1 a hit");
}

/// G-F5 against the seed's text (issue 34, item 8): a revealed north is 現物 when the winner
/// holds one in its hand; its extracted norths count only with `alice_north_counts_extracted`.
#[test]
fn g_f5_a_revealed_north_hits_through_extracted_norths_only_as_an_option() {
    let mut w = win(0, 3, 0, &[(Yaku::Riichi, 1)]);
    (w.flowers, w.nuki) = (1 << Flower::Winter as u8, Nuki::norths(2));
    let mut h = hand(Some(1), &[w], [35_000; 3]);
    h.alice[0] = PhysTile::Plain(Tile::NORTH);
    h.alice_count = 1;
    assert_eq!(net(&settle(&plain(), &h), ChipItem::Alice)[0], 0, "extracted norths are not in the hand");
    let extracted = ledger_with(|c| c.alice_north_counts_extracted = true);
    assert_eq!(net(&settle(&extracted, &h), ChipItem::Alice)[0], 2);
    h.wins[0].held[Tile::NORTH.index()] = 3;
    assert_eq!(net(&settle(&plain(), &h), ChipItem::Alice)[0], 2, "a north held (kokushi, the winds) hits");
}

#[test]
fn g_d1_g_d4_four_flowers_and_four_norths_earn_two_dice_chances_and_100() {
    let mut w = win(0, 4, 0, &[(Yaku::Riichi, 1), (Yaku::Suupei, 1)]);
    (w.flowers, w.nuki) = (0b1111, Nuki::norths(4));
    let ts = settle(&plain(), &hand(None, &[w], [35_000; 3]));
    assert_eq!(ts.iter().filter(|t| t.item == ChipItem::Dice).count(), 2 * 3);
    assert!(ts.iter().filter(|t| t.item == ChipItem::Dice).all(|t| t.chips() >= 6));
    assert_eq!(net(&ts, ChipItem::SuukaSuupei), [200, -100, -100, 0], "from each opponent, not the sit-out");
    let mut h = hand(None, &[w], [35_000; 3]);
    h.indicators[0] = (PhysTile::Plain(Tile::NORTH), PhysTile::Plain(Tile::EAST));
    h.indicator_count = 1;
    let ts = settle(&plain(), &h);
    assert_eq!(ts.iter().filter(|t| t.item == ChipItem::Dice).count(), 3, "a north indicator voids 四北's chance only");
    assert_eq!(net(&ts, ChipItem::SuukaSuupei), [0; 4]);
}

#[test]
fn g_d2_dice_follow_the_stream_and_doubles_roll_again() {
    let (mut a, mut b) = (dice(), dice());
    let rolls = |d: &mut GameRng| (0..2000).map(|_| super::ledger::roll(d, true)).collect::<Vec<_>>();
    let (x, y) = (rolls(&mut a), rolls(&mut b));
    assert_eq!(x, y, "the same stream rolls the same dice");
    assert!(x.iter().all(|&c| c >= 4) && x.iter().any(|&c| c > 24), "doubles re-roll past two rolls' 24");
    let once = (0..2000).map(|_| super::ledger::roll(&mut a, false)).collect::<Vec<_>>();
    assert!(once.iter().all(|&c| c <= 48), "unchained: at most two re-rolls");
    let mean = x.iter().sum::<i32>() as f64 / x.len() as f64;
    // Each roll is 7 on average; 2 rolls plus a geometric number of re-rolls (p = 1/6 each): 2 × 6/5 = 2.4.
    assert!((mean - 16.8).abs() < 0.6, "mean {mean}");
}

#[test]
fn g_d1_all_star_is_every_red_and_gold_five_in_a_closed_hand() {
    let mut w = win(0, 8, 0, &[(Yaku::Riichi, 1), (Yaku::AkaDora, 2), (Yaku::KinDora, 2)]);
    (w.red, w.gold) = (2, 2);
    assert_eq!(
        settle(&plain(), &hand(Some(1), &[w], [35_000; 3])).iter().filter(|t| t.item == ChipItem::Dice).count(),
        3
    );
    let pocchi = ledger_with(|c| c.all_star_needs_pocchi = true);
    assert_eq!(
        settle(&pocchi, &hand(Some(1), &[w], [35_000; 3])).iter().filter(|t| t.item == ChipItem::Dice).count(),
        0
    );
    w.closed = false;
    assert_eq!(
        settle(&plain(), &hand(Some(1), &[w], [35_000; 3])).iter().filter(|t| t.item == ChipItem::Dice).count(),
        0
    );
}

#[test]
fn g_e4_bust_prizes_from_the_seed_and_0_survives() {
    let prize = |after: i32| {
        net(
            &settle(&plain(), &hand(Some(1), &[win(0, 3, 0, &[(Yaku::Riichi, 1)])], [60_000, after, 35_000])),
            ChipItem::Bust,
        )[0]
    };
    assert_eq!(prize(-12_000), 6, "the seed: −12,000 pays 6");
    assert_eq!((prize(-10_000), prize(-11_000), prize(-1_000)), (5, 6, 5));
    assert_eq!(prize(0), 0, "G-S6: 0 survives");
    let multiples = ledger_with(|c| c.bust_steps_at_multiples = true);
    let h = hand(Some(1), &[win(0, 3, 0, &[(Yaku::Riichi, 1)])], [60_000, -10_000, 35_000]);
    assert_eq!(net(&settle(&multiples, &h), ChipItem::Bust)[0], 6, "§15.7 option");
    let noten = extracting(&[]);
    let mut noten = noten;
    noten.points_after = [39_000, -1_000, 37_000, 0];
    assert_eq!(net(&settle(&plain(), &noten), ChipItem::Bust), [0; 4], "no prize when no win caused it");
}

#[test]
fn g_e4_double_ron_bust_prize_goes_to_the_winner_nearest_the_discarder() {
    let h = hand(
        Some(0),
        &[win(1, 3, 0, &[(Yaku::Riichi, 1)]), win(2, 3, 0, &[(Yaku::Riichi, 1)])],
        [-2_000, 40_000, 40_000],
    );
    assert_eq!(net(&settle(&plain(), &h), ChipItem::Bust), [-5, 5, 0, 0]);
    let each = ledger_with(|c| c.bust_pays_each_winner = true);
    assert_eq!(net(&settle(&each, &h), ChipItem::Bust), [-10, 5, 5, 0]);
}

#[test]
fn g_e5_a_tsumo_busting_both_earns_the_double_bust_from_each_opponent() {
    let h = hand(None, &[win(0, 11, 0, &[(Yaku::Chinitsu, 6)])], [105_000, -1_000, -2_000]);
    let ts = settle(&plain(), &h);
    assert_eq!(net(&ts, ChipItem::DoubleBust), [10, -5, -5, 0]);
    assert_eq!(net(&ts, ChipItem::Bust), [10, -5, -5, 0]);
}

#[test]
fn g_o2_the_sit_out_earns_on_a_win_without_spring_a_draw_and_south_entry() {
    let ts = settle(&plain(), &hand(Some(1), &[win(0, 3, 0, &[(Yaku::Riichi, 1)])], [35_000; 3]));
    assert_eq!(net(&ts, ChipItem::SitOutNoSpring), [-2, -2, -2, 6]);
    let spring = extracting(&[(1, Extracted::Flower(Flower::Spring))]);
    let mut won = spring;
    won.ending = HandEnding::Win;
    won.from = Some(2);
    won.push_win(win(0, 3, 0, &[(Yaku::Riichi, 1)]));
    assert_eq!(net(&settle(&plain(), &won), ChipItem::SitOutNoSpring), [0; 4], "someone extracted spring");
    let ts = settle(&plain(), &extracting(&[]));
    assert_eq!(net(&ts, ChipItem::SitOutDraw), [-2, -2, -2, 6]);
    let mut out = Vec::new();
    let mut states = States::START;
    plain().settle_hand(&extracting(&[]), true, &mut states, &mut dice(), &mut out);
    assert_eq!(net(&out, ChipItem::SitOutSouth), [-2, -2, -2, 6]);
    let fixed = ledger("goto", false);
    assert!(settle(&fixed, &extracting(&[])).is_empty(), "G-O3: three fixed players, no sit-out items");
}

#[test]
fn g_e1_g_e2_g_e3_rank_chips_by_kubi_and_the_80000_bonus() {
    let end = |l: &ChipLedger, points: [i32; 3]| {
        let mut out = Vec::new();
        l.settle_end(&[points[0], points[1], points[2], 0], 0, &mut out);
        out
    };
    let ts = end(&plain(), [50_000, 40_000, 15_000]);
    assert_eq!(net(&ts, ChipItem::Rank), [20, 0, -20, 0], "2nd at 40,000: クビあり");
    assert_eq!(net(&end(&plain(), [56_000, 39_000, 10_000]), ChipItem::Rank), [30, -10, -20, 0]);
    let strict = ledger_with(|c| c.kubi_at_line = false);
    assert_eq!(net(&end(&strict, [50_000, 40_000, 15_000]), ChipItem::Rank), [30, -10, -20, 0], "§15.4 option");
    assert_eq!(net(&end(&plain(), [35_000, 35_000, 35_000]), ChipItem::Rank), [30, -10, -20, 0], "ties: seat order");
    let split = ledger_with(|c| c.split_ties = true);
    assert_eq!(net(&end(&split, [40_000, 40_000, 25_000]), ChipItem::Rank), [10, 10, -20, 0], "§15.3: split");
    let over = |p| net(&end(&plain(), [p, 10_000, 105_000 - p - 10_000]), ChipItem::Over80000)[0];
    assert_eq!(
        (over(80_000), over(81_000), over(90_000), over(91_000)),
        (0, 9, 9, 12),
        "3 from everyone, strict steps"
    );
    let multiples = ledger_with(|c| c.over_steps_at_multiples = true);
    assert_eq!(net(&end(&multiples, [90_000, 10_000, 5_000]), ChipItem::Over80000)[0], 12, "§15.6: 90,000 → 4");
}

#[test]
fn g_b4_cutbi_home_run_winner_busting_one_bases_player() {
    // §13: an HR winner's tsumo sanbaiman busting one Bases opponent.
    let mut start = States::START;
    start.0[0] = State::HomeRun;
    let h = hand(None, &[win(0, 11, 0, &[(Yaku::Chinitsu, 6)])], [85_000, 8_000, -3_000]);
    let ts = settle_from(&cutbi(), &h, start);
    let tier =
        |p| ts.iter().filter(|t| t.item == ChipItem::Sanbaiman && t.payer == p).map(Transfer::chips).sum::<i32>();
    assert_eq!((tier(2), tier(1), tier(SIT_OUT)), (12, 6, 6), "busted 3×4, the other 3×2, the sit-out 3×2");
    assert_eq!(net(&ts, ChipItem::Bust)[0], 20, "the bust prize 5×4");
    assert_eq!(net(&ts, ChipItem::SitOutNoSpring)[3], 4 + 4 + 8, "the sit-out's 2 doubled, ×2 again from the busted");
    let plain_ts = settle_from(&plain(), &h, start);
    assert_eq!(paid(&plain_ts, 2, 0), 3 + 5, "without cut-bi");
}

#[test]
fn g_b4_cutbi_home_run_winner_busting_both_is_times_six() {
    let mut start = States::START;
    start.0[0] = State::HomeRun;
    let h = hand(None, &[win(0, 11, 0, &[(Yaku::Chinitsu, 6)])], [105_000, -1_000, -1_000]);
    let ts = settle_from(&cutbi(), &h, start);
    for p in [1, 2] {
        let tier =
            ts.iter().filter(|t| t.item == ChipItem::Sanbaiman && t.payer == p).map(Transfer::chips).sum::<i32>();
        assert_eq!(tier, 18, "3×6");
        let bust = ts.iter().filter(|t| t.item == ChipItem::Bust && t.payer == p).map(Transfer::chips).sum::<i32>();
        assert_eq!(bust, 30, "5×6");
    }
    assert_eq!(net(&ts, ChipItem::DoubleBust), [10, -5, -5, 0], "G-B6: never doubled");
    // A Bases winner: the busted pay ×2 only.
    let ts = settle(&cutbi(), &h);
    assert_eq!(
        ts.iter().filter(|t| t.item == ChipItem::Sanbaiman && t.payer == 1).map(Transfer::chips).sum::<i32>(),
        6
    );
}

#[test]
fn g_b2_g_b3_states_move_after_the_hand_and_multipliers_read_the_start() {
    let h = hand(Some(1), &[win(0, 11, 0, &[(Yaku::Chinitsu, 6)])], [35_000; 3]);
    let after = States::START.after(&h, 3);
    assert_eq!(after.0, [State::HomeRun, State::Bases, State::Bases, State::HomeRun]);
    let ts = settle(&cutbi(), &h);
    assert_eq!(net(&ts, ChipItem::Sanbaiman)[0], 9, "a Bases winner at the start: not doubled (G-B3)");
    let end = ledger_with(|c| c.cutbi = Some(CutBi { timing: Timing::EndOfHand, ..cutbi().rules().cutbi.unwrap() }));
    assert_eq!(net(&settle(&end, &h), ChipItem::Sanbaiman)[0], 18, "the alternative reading: the winner is HomeRun");
    // A tsumo: both opponents become Bases; a double ron: the discarder Bases, both winners HomeRun.
    let mut hr = States([State::HomeRun; 4]);
    hr = hr.after(&hand(None, &[win(2, 3, 0, &[])], [35_000; 3]), 3);
    assert_eq!(hr.0, [State::Bases, State::Bases, State::HomeRun, State::HomeRun]);
    let double = hand(Some(2), &[win(0, 3, 0, &[]), win(1, 3, 0, &[])], [35_000; 3]);
    assert_eq!(hr.after(&double, 3).0, [State::HomeRun, State::HomeRun, State::Bases, State::HomeRun]);
    assert_eq!(hr.after(&extracting(&[]), 3), hr, "a draw changes nothing");
}

#[test]
fn g_b5_g_b6_the_sit_out_is_home_run_and_rank_chips_are_never_doubled() {
    let ts = settle(&cutbi(), &extracting(&[]));
    assert_eq!(net(&ts, ChipItem::SitOutDraw), [-4, -4, -4, 12], "the sit-out's draw chips become 4");
    let mut out = Vec::new();
    cutbi().settle_end(&[90_000, 10_000, 5_000, 0], 0, &mut out);
    assert!(out.iter().all(|t| t.multiplier == 1));
}

#[test]
fn g_m1_to_g_m5_chombo_pays_5_to_everyone_and_every_tenpai_players_chips() {
    let mut record = extracting(&[]);
    record.ending = HandEnding::Win;
    let mut tenpai = win(0, 11, 0, &[(Yaku::Chinitsu, 6)]);
    tenpai.red = 1;
    let mut out = Vec::new();
    plain().settle_chombo(2, &record, &[tenpai], &States::START, &mut dice(), &mut out);
    assert_eq!(net(&out, ChipItem::Chombo), [5, 5, -15, 5], "5 to everyone, the sit-out included");
    assert_eq!(net(&out, ChipItem::Sanbaiman), [9, 0, -9, 0], "the offender pays all three shares");
    assert_eq!(net(&out, ChipItem::Red), [1, 0, -1, 0]);
    assert_eq!(net(&out, ChipItem::SitOutNoSpring), [0, 0, -6, 6], "G-M4: no spring, all three shares");
    let mut out = Vec::new();
    let mut home = States::START;
    home.0[0] = State::HomeRun;
    cutbi().settle_chombo(2, &record, &[tenpai], &home, &mut dice(), &mut out);
    assert_eq!(net(&out, ChipItem::Chombo)[2], -15, "G-M5: the 5 never doubled");
    assert_eq!(net(&out, ChipItem::Sanbaiman)[0], 18, "the chips to a HomeRun tenpai player follow cut-bi");
    // G-M3: a spring on an indicator pays every tenpai player, all from the offender.
    record.indicators[0] = (PhysTile::Flower(Flower::Spring), PhysTile::Plain(Tile::EAST));
    record.indicator_count = 1;
    let other = win(1, 3, 0, &[(Yaku::Riichi, 1)]);
    let mut out = Vec::new();
    plain().settle_chombo(2, &record, &[tenpai, other], &States::START, &mut dice(), &mut out);
    assert_eq!(net(&out, ChipItem::Spring), [3, 3, -6, 0], "1 flower + 1, three shares each, the offender pays");
}

#[test]
fn g_c13_g_o1_g_b1_yakuman_hand_chips_the_sit_outs_share_and_the_starting_states() {
    let mut real = win(0, 13, 1, &[(Yaku::Suuankou, 13)]);
    (real.red, real.ippatsu) = (1, true);
    let h = hand(None, &[real], [35_000; 3]);
    assert_eq!(net(&settle(&plain(), &h), ChipItem::Red), [2, -1, -1, 0], "G-C13: yes by default");
    let no = ledger_with(|c| c.yakuman_earns_hand_chips = false);
    assert!(settle(&no, &h).iter().all(|t| ![ChipItem::Red, ChipItem::Ippatsu].contains(&t.item)));
    // G-O1: the sit-out pays the yakuman tier and the dice, no per-tile chip.
    let ts = settle(&plain(), &h);
    let sit_out_pays: std::collections::BTreeSet<ChipItem> =
        ts.iter().filter(|t| t.payer == SIT_OUT).map(|t| t.item).collect();
    assert_eq!(sit_out_pays.into_iter().collect::<Vec<_>>(), [ChipItem::Yakuman, ChipItem::Dice]);
    // G-B1: every seat starts Bases, the sit-out HomeRun.
    assert_eq!(States::START.0, [State::Bases, State::Bases, State::Bases, State::HomeRun]);
}

/// Property: over seeded sessions, the cut-bi ledger books exactly the plain ledger's
/// transfers (same items, payers, receivers and bases, with the same dice), each multiplied
/// by 1, 2, 4 or 6; chips and points balance.
#[test]
fn cutbi_only_multiplies_the_plain_transfers_over_seeded_games() {
    let table = RiichiTable::preset("goto-cutbi").unwrap().with_hand_log(true);
    let (p, c) = (plain(), cutbi());
    let mut t = Table::new(&table);
    let seeds = GameSeeds::new(3);
    let (mut doubled, mut items) = (0, std::collections::BTreeSet::new());
    for i in 0..300 {
        let mut rng = seeds.rng(i);
        let o = t.play(&table, &mut [Bot::efficiency(); 3], &mut rng);
        let log = t.state().hand_log.hands();
        assert_eq!(t.state().hand_log.dropped, 0);
        let (mut a, mut b) = (Vec::new(), Vec::new());
        p.settle_game(log, &o.points, &mut rng.clone(), &mut a);
        c.settle_game(log, &o.points, &mut rng.clone(), &mut b);
        assert_eq!(a.len(), b.len(), "game {i}");
        for (x, y) in a.iter().zip(&b) {
            assert_eq!((x.item, x.payer, x.receiver, x.base, x.multiplier), (y.item, y.payer, y.receiver, y.base, 1));
            assert!(x.base > 0 && x.payer != x.receiver, "{x:?}");
            assert!([1, 2, 4, 6].contains(&y.multiplier), "{y:?}");
            doubled += i32::from(y.multiplier > 1);
            items.insert(x.item);
        }
        let mut tally = ChipTally::default();
        b.iter().for_each(|&t| tally.book(t));
        assert_eq!(tally.totals().iter().sum::<i32>(), 0);
        assert_eq!(o.points[..3].iter().sum::<i32>(), 105_000, "points balance once the sticks are given out");
    }
    assert!(doubled > 0);
    for item in [ChipItem::Rank, ChipItem::Red, ChipItem::North, ChipItem::Spring, ChipItem::Bust, ChipItem::SitOutDraw]
    {
        assert!(items.contains(&item), "{item:?} never booked in 300 games: {items:?}");
    }
}

#[test]
fn g_b3_g_b4_spring_follows_the_extractors_start_state_and_a_busted_payer() {
    let mut start = States::START;
    start.0[1] = State::HomeRun;
    let mut h = extracting(&[(1, Extracted::Flower(Flower::Spring))]);
    h.points_after = [36_000, 40_000, -1_000, 0];
    let ts = settle_from(&cutbi(), &h, start);
    let from =
        |p: u8| ts.iter().filter(|t| t.item == ChipItem::Spring && t.payer == p).map(Transfer::chips).sum::<i32>();
    assert_eq!((from(0), from(2), from(SIT_OUT)), (2, 4, 2), "HomeRun extractor ×2; the Bases seat that busts ×2 more");
}

#[test]
fn g_b7_suuka_suupei_doubled_as_a_win_chip_and_south_entry_not_by_default() {
    let mut w = win(0, 4, 0, &[(Yaku::Riichi, 1), (Yaku::Suupei, 1)]);
    (w.flowers, w.nuki) = (0b1111, Nuki::norths(4));
    let mut home = States::START;
    home.0[0] = State::HomeRun;
    let ts = settle_from(&cutbi(), &hand(None, &[w], [35_000; 3]), home);
    assert_eq!(net(&ts, ChipItem::SuukaSuupei)[0], 400);
    let table = RiichiTable::preset("goto-cutbi").unwrap();
    let mut rules = table.settings().chips.unwrap();
    let mut c = rules.cutbi.unwrap();
    (c.double_suuka_suupei, c.double_south_entry) = (false, true);
    rules.cutbi = Some(c);
    rules.suuka_suupei_sit_out_pays = true;
    let options = ChipLedger::new(rules, &table, true);
    let ts = settle_from(&options, &hand(None, &[w], [35_000; 3]), home);
    assert_eq!(net(&ts, ChipItem::SuukaSuupei)[0], 300, "not doubled; the sit-out pays too");
    let (mut plain_out, mut doubled_out) = (Vec::new(), Vec::new());
    let (mut a, mut b) = (States::START, States::START);
    cutbi().settle_hand(&extracting(&[]), true, &mut a, &mut dice(), &mut plain_out);
    options.settle_hand(&extracting(&[]), true, &mut b, &mut dice(), &mut doubled_out);
    assert_eq!((net(&plain_out, ChipItem::SitOutSouth)[3], net(&doubled_out, ChipItem::SitOutSouth)[3]), (6, 12));
}

/// Property: under every chip option flipped from the default (and cut-bi's other timing),
/// over seeded games, every transfer moves a positive amount between two different
/// participants of the game, the never-doubled items keep multiplier 1, and chips balance.
#[test]
fn every_chip_option_keeps_transfers_well_formed_over_seeded_games() {
    let table = RiichiTable::preset("goto-cutbi").unwrap().with_hand_log(true);
    let base = table.settings().chips.unwrap();
    let flips: [fn(&mut ChipRules); 22] = [
        |r| r.alice_north_counts_extracted ^= true,
        |r| r.tier_after_summer ^= true,
        |r| r.yakuman_earns_hand_chips ^= true,
        |r| r.alice_per_copy ^= true,
        |r| r.dice_per_yakuman ^= true,
        |r| r.all_star_needs_pocchi ^= true,
        |r| r.dice_doubles_chain ^= true,
        |r| r.suuka_suupei_sit_out_pays ^= true,
        |r| r.spring_on_indicator_counts ^= true,
        |r| r.nagashi_as_draw ^= true,
        |r| r.kubi_at_line ^= true,
        |r| r.split_ties ^= true,
        |r| r.over_steps_at_multiples ^= true,
        |r| r.bust_steps_at_multiples ^= true,
        |r| r.bust_pays_each_winner ^= true,
        |r| r.double_bust_sit_out_pays ^= true,
        |r| r.cutbi = None,
        |r| r.cutbi = r.cutbi.map(|c| CutBi { timing: Timing::EndOfHand, ..c }),
        |r| r.cutbi = r.cutbi.map(|c| CutBi { double_suuka_suupei: !c.double_suuka_suupei, ..c }),
        |r| r.cutbi = r.cutbi.map(|c| CutBi { double_south_entry: !c.double_south_entry, ..c }),
        |r| r.ura_counts_norths ^= true,
        |r| r.per_tile_sit_out_pays ^= true,
    ];
    let mut t = Table::new(&table);
    let seeds = GameSeeds::new(11);
    for (k, flip) in flips.iter().enumerate() {
        let mut rules = base;
        flip(&mut rules);
        for sit_out in [true, false] {
            let ledger = ChipLedger::new(rules, &table, sit_out);
            for i in 0..25 {
                let o =
                    t.play(&table, &mut [Bot::efficiency(), Bot::defensive(), Bot::efficiency()], &mut seeds.rng(i));
                let mut out = Vec::new();
                ledger.settle_game(t.state().hand_log.hands(), &o.points, &mut dice_stream(&seeds, i), &mut out);
                let mut tally = ChipTally::default();
                for &x in &out {
                    let valid = |q: u8| q < 3 || sit_out && q == SIT_OUT;
                    assert!(x.base > 0 && x.payer != x.receiver && valid(x.payer) && valid(x.receiver), "{k}: {x:?}");
                    let never = [ChipItem::Rank, ChipItem::Over80000, ChipItem::DoubleBust, ChipItem::Chombo];
                    assert!(!never.contains(&x.item) || x.multiplier == 1, "{k}: {x:?}");
                    tally.book(x);
                }
                assert_eq!(tally.totals().iter().sum::<i32>(), 0);
                assert!(out.iter().any(|x| x.item == ChipItem::Rank), "{k}: every game pays rank chips");
            }
        }
    }
}

/// A four-seat Ron2 table with Gotō's chip amounts, four rank places and 一発ツモ 1, each of
/// `edits` (a line of the chips section and its replacement) made.
fn four_seat_table(edits: &[(&str, &str)]) -> Result<RiichiTable, crate::mahjong::table::TableError> {
    let goto = crate::mahjong::table::TableSettings::preset_text("goto").unwrap();
    let mut chips = goto[goto.find("[chips]").unwrap()..]
        .replace("rank_kubi = [20, 0, -20]", "rank_kubi = [20, 10, -10, -20]")
        .replace("rank = [30, -10, -20]", "rank = [30, 10, -10, -30]")
        .replace("pocchi_ippatsu_tsumo = 3", "pocchi_ippatsu_tsumo = 3\nippatsu_tsumo = 1");
    for (from, to) in edits {
        chips = chips.replace(from, to);
    }
    let text = format!("extends = \"ron2-dojo\"\nname = \"ron2-chips\"\n{chips}");
    RiichiTable::new(crate::mahjong::table::TableSettings::from_toml(&text)?)
}

/// A four-seat hand won by `w` (a ron off `from`, or a tsumo), nobody busted.
pub(crate) fn four_seat_hand(from: Option<u8>, w: WinRecord) -> HandRecord {
    let mut h = HandRecord {
        points_before: [25_000; 4],
        points_after: [25_000; 4],
        ending: HandEnding::Win,
        from,
        ..HandRecord::EMPTY
    };
    h.push_win(w);
    h
}

#[test]
fn per_item_chips_and_four_rank_places_at_a_four_seat_table() {
    let table = four_seat_table(&[]).unwrap().with_hand_log(true);
    // A sit-out asked for: a four-seat table has none, participant 3 is North.
    let l = ChipLedger::new(table.settings().chips.unwrap(), &table, true);
    let mut w = win(3, 4, 0, &[(Yaku::Riichi, 1), (Yaku::Ippatsu, 1)]);
    (w.ippatsu, w.red, w.gold, w.ura) = (true, 1, 1, 1);
    let per_tile = |ts: &[Transfer]| {
        let items = [ChipItem::Ippatsu, ChipItem::Red, ChipItem::Gold, ChipItem::Ura];
        std::array::from_fn::<i32, 4, _>(|p| items.iter().map(|&i| net(ts, i)[p]).sum())
    };
    // Tsumo: each of the three others pays ippatsu 1 + 一発ツモ 1, red 1, gold 2, ura 1.
    let tsumo = settle(&l, &four_seat_hand(None, w));
    assert_eq!(per_tile(&tsumo), [-6, -6, -6, 18], "{tsumo:?}");
    assert_eq!(net(&tsumo, ChipItem::SitOutNoSpring), [0; 4], "no sit-out");
    // Ron off West: the discarder alone, no 一発ツモ.
    assert_eq!(per_tile(&settle(&l, &four_seat_hand(Some(2), w))), [0, 0, -5, 5]);
    // Four places: 2nd below the クビ line, the plain chips; 1st and 4th settle first.
    let mut end = Vec::new();
    l.settle_end(&[40_000, 20_000, 30_000, 10_000], 0, &mut end);
    assert_eq!(net(&end, ChipItem::Rank), [30, -10, 10, -30], "{end:?}");
    // Seeded hanchan: chips sum to zero and reach every seat.
    let mut t = Table::new(&table);
    let mut reached = [false; 4];
    for i in 0..40 {
        let mut rng = GameSeeds::new(5).rng(i);
        let o = t.play(&table, &mut [Bot::efficiency(); 4], &mut rng);
        let mut tally = ChipTally::default();
        l.settle_game(t.state().hand_log.hands(), &o.points, &mut rng, &mut tally);
        assert_eq!(tally.totals().iter().sum::<i32>(), 0);
        tally.totals().iter().enumerate().for_each(|(s, &c)| reached[s] |= c != 0);
    }
    assert_eq!(reached, [true; 4]);
    // Three rank places at four seats, and cut-bi, are refused.
    let e = four_seat_table(&[("rank = [30, 10, -10, -30]", "rank = [30, -10, -20]")]).err().unwrap();
    assert!(e.to_string().contains("one value per seat"), "{e}");
    let cutbi = crate::mahjong::table::TableSettings::preset_text("goto-cutbi").unwrap();
    let cutbi = &cutbi[cutbi.find("[chips.cutbi]").unwrap()..];
    let e = four_seat_table(&[("chombo = 5", &format!("chombo = 5\n{cutbi}"))]).err().unwrap();
    assert!(e.to_string().contains("three-seat"), "{e}");
}
