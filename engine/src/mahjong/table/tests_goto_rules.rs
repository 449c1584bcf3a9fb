//! One scenario test per rule of GOTO-SPEC §1–§6 that had none (G-S1, G-S2, G-S3, G-S8,
//! G-W1, G-W2, G-W5, G-W6, G-X2, G-X3, G-X4, G-X6, G-R1, G-R4, G-K1, G-K2, G-K5, G-P1,
//! G-P2), each named after its rule id: mostly fixed 112-piece walls played through the
//! Gotō table, checking what the rule makes observable (points, who deals next, what is
//! legal, the score's yaku and dora).

use super::tests_open_riichi::scene as open_riichi_scene;
use super::tests_scenarios::{Scene, fixed_wall, goto, t};
use super::tests_three::{HANDS, wall};
use super::*;
use crate::mahjong::{HandScore, Nuki, TileSetSpec, WinFlags, Yaku};
use crate::{GameSeeds, Table};
use std::collections::HashMap;

/// The place of the last live tile (海底) of the 112-piece wall at the deal (G-W4).
const HAITEI: usize = 95;
/// The place of the second indicator; its ura, the first indicator and its ura follow.
const SECOND_INDICATOR: usize = 96;

/// A 112-piece wall: the three hands (dealer first), the draws, then from place `at` the
/// pieces `back` in order (everything else from the rest of the set in kind order).
fn goto_wall(hands: [&str; 3], draws: &str, at: usize, back: &str) -> Vec<PhysTile> {
    fixed_wall(&TileSetSpec::goto(), &hands, draws, at, back)
}

/// The back of the wall from [`SECOND_INDICATOR`] on: the second indicator, its ura, the
/// first indicator, its ura (`ura` under both), then the replacement tiles.
fn back(first: &str, second: &str, ura: &str, replacements: &str) -> String {
    format!("{second}{ura}{first}{ura}{replacements}")
}

/// Han of `y` in `score` (0 when it is not listed).
fn han(score: &HandScore, y: Yaku) -> u8 {
    score.yaku.as_slice().iter().filter(|e| e.0 == y).map(|e| e.1).sum()
}

/// Plays on — each seat discarding what it draws, extracting every north it may, passing
/// every offer — until `stop` holds on a seat's turn, or the hand ends.
fn play_on(sc: &mut Scene, stop: impl Fn(&Scene) -> bool) {
    let hands = sc.s.record.hands;
    while sc.s.record.hands == hands && sc.s.phase != Phase::Over {
        let seat = sc.game.to_move(&sc.s).unwrap();
        let a = match sc.s.phase {
            Phase::Turn { .. } if stop(sc) => return,
            Phase::Turn { .. } if sc.legal().contains(&Action::Nuki(Tile::NORTH)) => Action::Nuki(Tile::NORTH),
            Phase::Turn { .. } => Action::Discard(sc.s.seats[seat].drawn.unwrap()),
            _ => Action::Pass,
        };
        sc.act(seat, a);
    }
}

/// Plays the hand to its end as [`play_on`] does.
fn play_out(sc: &mut Scene) {
    play_on(sc, |_| false);
}

// Hands for exhaustive draws: tenpai (T) or not (N), none holding a north.
/// Tenpai on 1s/4s.
const T1: &str = "123p456p789s11s23s";
/// Tenpai on 8s (tanki).
const T2: &str = "111m999m234s567s8s";
/// Tenpai on 2z/3z (shanpon).
const T3: &str = "234p567p678s22z33z";
const N1: &str = "1p4p7p1s4s7s2z5z6z7z9p3s6s";
const N2: &str = "1m9m2p5p8p2s5s8s1z3z5z6z7z";
const N3: &str = "1m9m3p6p9p3s9s1z2z3z5z6z7z";

/// A hand dealt from `hands` (dealer first) and played out to an exhaustive draw.
fn drawn_hand(setup: impl FnOnce(&mut TableState), hands: [&str; 3]) -> Scene {
    let mut sc = Scene::new(goto(), setup, &wall(hands, "", ""));
    let before = sc.s.record.exhaustive_draws;
    play_out(&mut sc);
    assert_eq!(sc.s.record.exhaustive_draws, before + 1, "the hand ends in an exhaustive draw");
    assert_eq!(sc.s.record.total_wins(), 0, "no nagashi: {:?}", sc.s.record.wins);
    sc
}

// Hands for a ron on the dealer's second discard (its 9p): the dealer's, the winner's
// (haku triplet, waiting on 6p/9p), the third's (waiting on 6s/9s).
const JUNK: &str = "19m19s23p57s28s22z3z";
const HAKU_69P: &str = "555z123p456p78p11s";
const HATSU_69S: &str = "666z123s456s78s44p";

/// The hands in seat order from the dealer; the dealer throws a 3z, the next seat a 7z, the
/// last a 1z, the dealer then a 9p (the wall's draws).
fn ron_wall(hands: [&str; 3], last: &str) -> Vec<PhysTile> {
    wall(hands, &format!("3z7z1z{last}"), "")
}

/// The first go-around of a [`ron_wall`]: every seat throws its first draw, the dealer then
/// its second; the seat after it (waiting on that tile) rons.
fn ron_on_the_dealers_second_discard(sc: &mut Scene) {
    let dealer = sc.s.dealer();
    for i in 0..4 {
        let seat = sc.s.seat_after(dealer, i % 3);
        sc.act(seat, Action::Discard(sc.s.seats[seat].drawn.unwrap()));
    }
    sc.act(sc.s.seat_after(dealer, 1), Action::Ron);
}

#[test]
fn g_s1_35000_to_start_40000_the_return_and_the_sudden_death_line_no_uma() {
    let game = goto();
    let s = game.settings();
    assert_eq!((s.start_points, s.return_points, s.uma, s.oka), (35_000, 40_000, [0; 4], 0));
    assert_eq!(s.length, Length::EastSuddenDeath { target: 40_000, winds: 2 }, "the sudden-death line is 40,000");
    // Final scores are points against 40,000 only: places decide nothing in points (完全順位制).
    let points = [50_000, 35_000, 20_000, 0];
    assert_eq!(s.final_scores(&points, &ranks(&points[..3])), [100, -50, -200, 0]);
    let mut table = Table::new(&game);
    for i in 0..5 {
        let o = table.play(&game, &mut [Bot::efficiency(); 3], &mut GameSeeds::new(21).rng(i));
        assert_eq!(o.points[..3].iter().sum::<i32>(), 3 * 35_000, "three seats of 35,000");
        for seat in 0..3 {
            assert_eq!(o.scores[seat], (o.points[seat] - 40_000) / 100, "game {i}: {o:?}");
        }
    }
    let mut state = game.new_state();
    game.reset(&mut state, &mut GameSeeds::new(21).rng(0));
    assert_eq!(state.points, [35_000, 35_000, 35_000, 0]);
}

#[test]
fn g_s2_three_seats_east_south_west_and_the_east_game_is_three_hands() {
    let game = goto();
    assert_eq!(game.num_seats(), 3);
    let east_hand = |sc: &mut Scene, kyoku: u8| {
        let dealer = sc.s.dealer();
        let w = ron_wall([JUNK, HAKU_69P, HATSU_69S], "9p");
        sc.game.deal_wall(&mut sc.s, &w);
        assert_eq!((sc.s.round_wind(), sc.s.kyoku(), dealer), (0, kyoku, usize::from(kyoku - 1)), "東{kyoku}");
        let winds: Vec<u8> = (0..3).map(|i| sc.s.seat_wind(sc.s.seat_after(dealer, i))).collect();
        assert_eq!(winds, [0, 1, 2], "East, South, West in turn order from the dealer");
        ron_on_the_dealers_second_discard(sc);
        assert_eq!(sc.s.record.wins[sc.s.seat_after(dealer, 1)], 1, "東{kyoku}: the seat after the dealer won");
    };
    let mut sc = Scene::new(goto(), |_| {}, &ron_wall([JUNK, HAKU_69P, HATSU_69S], "9p"));
    assert_eq!(sc.s.players, 3);
    for kyoku in 1..=3 {
        east_hand(&mut sc, kyoku);
    }
    // Each seat has won once and paid once: nobody at 40,000, so South follows (G-S4).
    assert_eq!(sc.s.points[..3], [35_000; 3]);
    assert_eq!((sc.s.record.hands, sc.s.round_wind(), sc.s.kyoku(), sc.s.dealer()), (3, 1, 1, 0), "南1");
    assert_ne!(sc.s.phase, Phase::Over);

    // With the top at 40,000 or more after 東3 the game is over: the East game is 東1–東3.
    let mut sc = Scene::new(goto(), |_| {}, &ron_wall([JUNK, HAKU_69P, HATSU_69S], "9p"));
    for kyoku in 1..=3 {
        if kyoku == 3 {
            sc.s.points = [44_000, 31_000, 30_000, 0];
        }
        east_hand(&mut sc, kyoku);
    }
    assert_eq!((sc.s.phase, sc.s.record.hands, sc.s.record.ranks[0]), (Phase::Over, 3, 0));
}

#[test]
fn g_s3_the_dealer_repeats_on_its_win_and_on_every_draw_tenpai_or_not() {
    for (dealer_tenpai, hands) in [(false, [N1, T1, N2]), (true, [T1, N1, N2])] {
        let sc = drawn_hand(|s| s.honba = 1, hands);
        assert_eq!(sc.s.record.tenpai_at_draw[0], u16::from(dealer_tenpai));
        assert_eq!((sc.s.round, sc.s.honba), (0, 2), "dealer tenpai {dealer_tenpai}: it repeats, honba +1");
    }
    // The dealer rons seat 2's 9p: a repeat, honba +1.
    let hands = [HAKU_69P, HATSU_69S, JUNK];
    let mut sc = Scene::new(goto(), |s| s.honba = 1, &wall(hands, "3z7z9p", ""));
    for seat in 0..3 {
        sc.act(seat, Action::Discard(sc.s.seats[seat].drawn.unwrap()));
    }
    sc.act(0, Action::Ron);
    assert_eq!((sc.s.record.wins[0], sc.s.round, sc.s.honba), (1, 0, 2), "the dealer won: a repeat");
    // A non-dealer alone wins: the deal passes, the honba go back to 0.
    let mut sc = Scene::new(goto(), |s| s.honba = 1, &ron_wall([JUNK, HAKU_69P, HATSU_69S], "9p"));
    ron_on_the_dealers_second_discard(&mut sc);
    assert_eq!((sc.s.record.wins[1], sc.s.round, sc.s.honba), (1, 1, 0));
}

#[test]
fn g_s8_riichi_sticks_left_at_the_end_go_to_the_top() {
    // 南1 in sudden death with two sticks out: an all-noten draw leaves seat 1 at 44,000,
    // which ends the game; the sticks go to it, not to the dealer.
    let sc = drawn_hand(
        |s| {
            s.round = 3;
            s.points = [30_000, 44_000, 29_000, 0];
            s.sticks = 2;
        },
        [N1, N2, N3],
    );
    assert_eq!(sc.s.phase, Phase::Over);
    let o = sc.game.outcome(&sc.s);
    assert_eq!((o.points, sc.s.sticks), ([30_000, 46_000, 29_000, 0], 0));
    assert_eq!(o.ranks[..3], [1, 0, 2]);
}

#[test]
fn g_w1_the_set_is_108_tiles_with_red_gold_pocchi_and_four_flowers() {
    let game = goto();
    let mut s = game.new_state();
    game.reset(&mut s, &mut GameSeeds::new(3).rng(0));
    assert_eq!(s.layout.tiles(), 112);
    let mut count: HashMap<PhysTile, usize> = HashMap::new();
    for &p in &s.wall[..112] {
        *count.entry(p).or_default() += 1;
    }
    let n = |p: PhysTile| count.get(&p).copied().unwrap_or(0);
    let kind = |k: Tile| count.iter().filter(|(p, _)| p.kind() == Some(k)).map(|(_, &c)| c).sum::<usize>();
    for k in Tile::all() {
        let manzu_middle = k.index() >= 1 && k.index() <= 7;
        assert_eq!(kind(k), if manzu_middle { 0 } else { 4 }, "{k}: 1m and 9m only of manzu");
    }
    for five in [t("5p"), t("5s")] {
        assert_eq!((n(PhysTile::Red(five)), n(PhysTile::Gold(five)), n(PhysTile::Plain(five))), (1, 1, 2), "{five}");
    }
    assert_eq!((n(PhysTile::Pocchi), n(PhysTile::Plain(Tile::HAKU))), (1, 3), "one haku is the pocchi");
    for f in crate::mahjong::Flower::ALL {
        assert_eq!(n(PhysTile::Flower(f)), 1, "{f:?}");
    }
    assert_eq!(count.values().sum::<usize>() - 4, 108);
}

#[test]
fn g_w2_no_chi_by_default_and_chi_when_configured() {
    // The dealer throws a 2p; seat 1 (on its left) holds 1p 3p 4p.
    let w = wall([JUNK, HAKU_69P, HATSU_69S], "3z", "");
    let mut sc = Scene::new(goto(), |_| {}, &w);
    sc.act(0, Action::Discard(t("2p")));
    assert_eq!(sc.s.phase, Phase::Turn { seat: 1, called: false, rinshan: false }, "not asked: it draws");
    let mut settings = goto().settings().clone();
    settings.chi = true;
    let mut sc = Scene::new(RiichiTable::new(settings).unwrap(), |_| {}, &w);
    sc.act(0, Action::Discard(t("2p")));
    assert_eq!(sc.game.to_move(&sc.s), Some(1));
    assert_eq!(sc.legal(), [Action::Pass, Action::Chi(t("1p")), Action::Chi(t("2p"))]);
}

/// The dealer's tsumo on its second draw (1z) with `111m 99m 123p 456p 11z` (a hand of
/// `dealer`'s kinds), the indicators `first` and `second`.
fn dealer_tsumo(dealer: &str, first: &str, second: &str, replacements: &str, log: bool) -> Scene {
    let hands = [dealer, "234p567p345s22s99p", "678s2378p2z3z5z6z9s4s"];
    let w = goto_wall(hands, "7z6z2z1z", SECOND_INDICATOR, &back(first, second, "8p", replacements));
    let mut sc = Scene::new(goto().with_hand_log(log), |_| {}, &w);
    for (seat, a) in [(0, "7z"), (1, "6z"), (2, "2z")] {
        sc.act(seat, Action::Discard(t(a)));
    }
    assert_eq!((sc.s.seats[0].drawn, sc.s.indicators), (Some(t("1z")), 2));
    sc
}

#[test]
fn g_w5_sanma_dora_order_north_shows_east_1m_and_9m_show_each_other() {
    // The winning hand holds 1m ×3, 9m ×2, 1p ×1, East ×3; the second indicator (6s) shows
    // 7s, which it does not hold.
    let dora = |first: &str| {
        let sc = dealer_tsumo("111m99m123p456p11z", first, "6s", "", false);
        han(&sc.game.score_tsumo(&sc.s, 0, false).unwrap(), Yaku::Dora)
    };
    assert_eq!(dora("4z"), 3, "north shows East");
    assert_eq!(dora("9m"), 3, "9m shows 1m");
    assert_eq!(dora("1m"), 2, "1m shows 9m");
    assert_eq!(dora("9p"), 1, "the rest standard: 9p shows 1p");
    assert_eq!(dora("1f"), 0, "a flower shows no dora");
}

#[test]
fn g_w6_a_red_or_gold_five_is_one_dora_and_two_under_autumn() {
    // Autumn (3f) dealt is set aside and replaced by the 1z.
    let tsumo = |dealer: &str| {
        let mut sc = dealer_tsumo(dealer, "6s", "2s", "1z", true);
        let score = sc.game.score_tsumo(&sc.s, 0, false).unwrap();
        sc.act(0, Action::Tsumo);
        let w = sc.s.hand_log.hands()[0].wins()[0];
        (han(&score, Yaku::AkaDora), han(&score, Yaku::KinDora), w.red, w.gold)
    };
    assert_eq!(tsumo("111m99m123p406p11z"), (1, 0, 1, 0), "a red five");
    assert_eq!(tsumo("111m99m123p406p1z3f"), (2, 0, 1, 0), "under autumn: 2 dora, still one red for the chips");
    assert_eq!(tsumo("111m99m123p4g6p11z"), (0, 1, 0, 1), "a gold five");
    assert_eq!(tsumo("111m99m123p4g6p1z3f"), (0, 2, 0, 1), "under autumn");
}

#[test]
fn g_x2_several_extractions_at_once_a_forgotten_one_later_and_after_a_call() {
    let hands = ["9m123p456p789s4z4z6z", "22z4z123s456s78p9p1s", "1199m2378s1z3z5z6z7z"];
    let mut sc = Scene::new(goto(), |_| {}, &wall(hands, "1z5z3z7z", "2z3s7p"));
    // Forgetting costs nothing: the dealer keeps its norths and discards.
    assert!(sc.legal().contains(&Action::Nuki(Tile::NORTH)));
    sc.act(0, Action::Discard(t("1z")));
    sc.act(1, Action::Discard(t("5z")));
    sc.act(2, Action::Discard(t("3z")));
    assert_eq!((sc.s.seats[0].nuki.total(), sc.s.seats[0].hand[Tile::NORTH.index()]), (0, 2));
    // At its next turn it extracts both, each followed by a replacement draw.
    sc.act(0, Action::Nuki(Tile::NORTH));
    assert_eq!(sc.s.phase, Phase::Turn { seat: 0, called: false, rinshan: true });
    assert_eq!((sc.s.seats[0].nuki.total(), sc.s.seats[0].drawn), (1, Some(t("2z"))));
    sc.act(0, Action::Nuki(Tile::NORTH));
    assert_eq!((sc.s.seats[0].nuki.total(), sc.s.seats[0].drawn, sc.s.replacements), (2, Some(t("3s")), 2));
    // Not on another's turn: seat 1 holds a north but may only pass or pon the 2z.
    sc.act(0, Action::Discard(t("2z")));
    assert_eq!(sc.legal(), [Action::Pass, Action::Pon]);
    sc.act(1, Action::Pon);
    // After a call it is seat 1's own turn: it may extract.
    assert_eq!(sc.s.phase, Phase::Turn { seat: 1, called: true, rinshan: false });
    sc.act(1, Action::Nuki(Tile::NORTH));
    assert_eq!((sc.s.seats[1].nuki.total(), sc.s.seats[1].drawn, sc.s.replacements), (1, Some(t("7p")), 3));
}

#[test]
fn g_x3_each_extracted_north_is_a_dora_and_four_are_suupei_plus_4_han() {
    // The dealer keeps its four norths on its first turn (on its first draw the win would be
    // a tenhou), then extracts them on its second; the fourth replacement completes
    // 123p 456p 789s 123s 55z (a rinshan tsumo).
    let tsumo = |first: &str| {
        let hands = ["4z4z4z4z123p456p789s", "234p567p345s22s99p", "678s2378p2z3z5z6z9s4s"];
        let w = goto_wall(hands, "7z1z3z1s", SECOND_INDICATOR, &back(first, "2z", "8p", "2s3s5z5z"));
        let mut sc = Scene::new(goto().with_hand_log(true), |_| {}, &w);
        for (seat, a) in [(0, "7z"), (1, "1z"), (2, "3z")] {
            sc.act(seat, Action::Discard(t(a)));
        }
        for _ in 0..4 {
            sc.act(0, Action::Nuki(Tile::NORTH));
        }
        assert_eq!((sc.s.seats[0].nuki.total(), sc.s.seats[0].drawn), (4, Some(t("5z"))));
        let score = sc.game.score_tsumo(&sc.s, 0, true).unwrap();
        sc.act(0, Action::Tsumo);
        let w = sc.s.hand_log.hands()[0].wins()[0];
        assert_eq!(w.nuki, Nuki::norths(4), "four norths for the chip ledger (chips stay 4)");
        score
    };
    let plain = tsumo("6z");
    assert_eq!((han(&plain, Yaku::NukiDora), han(&plain, Yaku::Suupei), han(&plain, Yaku::Dora)), (4, 4, 0));
    assert!(Yaku::Suupei.is_bonus() && !Yaku::Suupei.is_yakuman(), "四北 is a bonus, not a yaku");
    // West as an indicator makes north a dora: each extracted north counts one more.
    let north_dora = tsumo("3z");
    assert_eq!((han(&north_dora, Yaku::NukiDora), han(&north_dora, Yaku::Dora)), (4, 4));
    assert_eq!(north_dora.han, plain.han + 4);
}

#[test]
fn g_x4_a_north_or_flower_drawn_as_the_haitei_is_extracted_and_replaced() {
    // Seat 2 draws the haitei (place 95).
    for haitei in ["4z", "1f"] {
        let w = goto_wall([N1, T1, T2], "", HAITEI, haitei);
        let mut sc = Scene::new(goto(), |_| {}, &w);
        play_on(&mut sc, |sc| sc.s.next as usize > HAITEI);
        assert_eq!((sc.game.to_move(&sc.s), sc.s.live_left()), (Some(2), 0));
        if haitei == "4z" {
            assert_eq!(sc.s.seats[2].drawn, Some(Tile::NORTH));
            assert!(!sc.legal().contains(&Action::Discard(Tile::NORTH)));
            sc.act(2, Action::Nuki(Tile::NORTH));
            assert_eq!(sc.s.seats[2].nuki.total(), 1);
        } else {
            assert_eq!(sc.s.seats[2].flowers, 1 << crate::mahjong::Flower::Spring as u8, "set aside at once");
        }
        assert_eq!(sc.s.phase, Phase::Turn { seat: 2, called: false, rinshan: true }, "{haitei}: replaced");
        let last = sc.s.wall[sc.game.layout.replacement(usize::from(sc.s.replacements) - 1)];
        assert_eq!((sc.s.seats[2].drawn, sc.s.live_left()), (last.kind(), 0));
        sc.act(2, Action::Discard(sc.s.seats[2].drawn.unwrap()));
        assert_eq!(sc.s.record.exhaustive_draws, 1, "{haitei}: the hand ends after the replacement's discard");
    }
}

#[test]
fn g_x6_extraction_keeps_ippatsu_and_the_first_go_around_and_its_replacement_is_rinshan() {
    // The dealer riichis on its first discard (1s/4s); seat 1 extracts a north before its
    // first discard, then riichis; the dealer draws a north in riichi, extracts it and
    // wins on the replacement 4s.
    let hands = [T1, "234p567p345s22s4z9p", "1199m2378s7p2z3z5z6z"];
    let mut sc = Scene::new(goto(), |_| {}, &wall(hands, "7z1z3z4z", "9p4s"));
    sc.act(0, Action::Riichi(t("7z")));
    sc.act(1, Action::Nuki(Tile::NORTH));
    assert!(sc.s.uninterrupted && sc.s.seats[0].ippatsu, "no call made: the first go-around goes on");
    sc.act(1, Action::Riichi(t("1z")));
    assert!(sc.s.seats[1].riichi && sc.s.seats[1].double_riichi, "ダブル立直 after an extraction");
    sc.act(2, Action::Discard(t("3z")));
    assert_eq!(sc.legal(), [Action::Nuki(Tile::NORTH)], "a riichi seat extracts a north it draws");
    sc.act(0, Action::Nuki(Tile::NORTH));
    assert!(sc.s.seats[0].ippatsu, "extraction breaks no ippatsu");
    assert_eq!(sc.s.seats[0].drawn, Some(t("4s")));
    sc.act(0, Action::Tsumo);
    let r = &sc.s.record;
    assert_eq!(r.wins[0], 1);
    for y in [Yaku::DoubleRiichi, Yaku::Ippatsu, Yaku::RinshanKaihou] {
        assert_eq!(r.yaku_count(y), 1, "{y:?}");
    }
}

#[test]
fn g_x6_a_ron_on_an_extracted_north_is_no_chankan() {
    // Seat 1 (thirteen orphans) is asked on the dealer's extracted north (G-X5).
    let mut sc = Scene::new(goto(), |_| {}, &wall(HANDS, "1z", "2z"));
    sc.act(0, Action::Nuki(Tile::NORTH));
    assert_eq!(sc.game.to_move(&sc.s), Some(1));
    let flags = |kind| sc.game.ron_flags(&sc.s, 1, kind);
    assert!(!flags(OfferKind::Nuki).has(WinFlags::CHANKAN), "not 搶槓");
    assert!(flags(OfferKind::ClosedKan).has(WinFlags::CHANKAN), "as a kan's tile would be");
    sc.act(1, Action::Ron);
    assert_eq!(sc.s.record.yaku_count(Yaku::Chankan), 0);
}

#[test]
fn g_r1_riichi_needs_a_closed_tenpai_hand() {
    // Seat 1 pons the dealer's 2p and is tenpai on 2s/5s (66s 345p 678p 34s), but open.
    let mut sc = Scene::new(goto(), |_| {}, &wall([N2, "22p66s345p678p34s7s", N1], "9s1z9p", ""));
    sc.act(0, Action::Discard(t("2p")));
    sc.act(1, Action::Pon);
    sc.act(1, Action::Discard(t("7s")));
    sc.act(2, Action::Discard(t("1z")));
    sc.act(0, Action::Discard(t("9p")));
    assert_eq!(sc.game.to_move(&sc.s), Some(1));
    assert_eq!(sc.s.seats[1].waits, [t("2s"), t("5s")].into_iter().collect());
    assert!(!sc.legal().iter().any(|a| matches!(a, Action::Riichi(_) | Action::OpenRiichi(_))), "open: no riichi");
}

#[test]
fn g_r1_riichi_below_1000_points_goes_into_negative() {
    let mut sc = Scene::new(goto(), |s| s.points = [0, 70_000, 35_000, 0], &wall([T1, N1, N2], "", ""));
    let drawn = sc.s.seats[0].drawn.unwrap();
    sc.act(0, Action::Riichi(drawn));
    play_on(&mut sc, |sc| sc.s.seats[0].riichi);
    assert_eq!((sc.s.points[0], sc.s.sticks), (-1_000, 1), "the stick is paid into negative");
    assert_ne!(sc.s.phase, Phase::Over, "a bust is settled at the hand's end (G-S6)");
}

#[test]
fn g_r1_riichi_without_a_further_own_draw_but_not_on_the_haitei_discard() {
    // Seats 1 and 2 are tenpai; seat 1 draws the tile before the haitei (no own draw left),
    // seat 2 the haitei.
    let riichi = |sc: &Scene| sc.legal().iter().any(|a| matches!(a, Action::Riichi(_)));
    let mut sc = Scene::new(goto(), |_| {}, &wall([N1, T1, T2], "", ""));
    assert!(!riichi(&sc), "the dealer is not tenpai");
    play_on(&mut sc, |sc| sc.s.live_left() == 1 && sc.game.to_move(&sc.s) == Some(1));
    assert!(riichi(&sc), "one live tile left, drawn by another: riichi allowed");
    sc.act(1, Action::Riichi(sc.s.seats[1].drawn.unwrap()));
    play_on(&mut sc, |sc| sc.s.live_left() == 0);
    assert!(sc.s.seats[1].riichi, "paid");
    assert_eq!(sc.game.to_move(&sc.s), Some(2));
    assert!(!riichi(&sc), "no riichi on the haitei discard");
    // A four-player reading (four live tiles) would refuse seat 1's riichi.
    let mut settings = goto().settings().clone();
    settings.riichi_min_live_tiles = 4;
    let mut sc = Scene::new(RiichiTable::new(settings).unwrap(), |_| {}, &wall([N1, T1, T2], "", ""));
    play_on(&mut sc, |sc| sc.s.live_left() == 1 && sc.game.to_move(&sc.s) == Some(1));
    assert!(!riichi(&sc));
}

#[test]
fn g_r1_furiten_riichi_and_passing_a_win_after_riichi_is_furiten_for_good() {
    // The dealer (1s/4s) draws a 4s, a wait of its own: riichi discarding it is furiten.
    let mut sc = Scene::new(goto(), |_| {}, &wall([T1, N2, N3], "4s", ""));
    assert!(sc.legal().contains(&Action::Riichi(t("4s"))), "furiten riichi is allowed");
    sc.act(0, Action::Riichi(t("4s")));
    assert!(sc.s.seats[0].furiten());
    // The dealer riichis on a 7z; seat 1 throws a 1s, which it passes; seat 2's 4s is then
    // not offered to it; its own 1s draw is still a tsumo.
    let mut sc = Scene::new(goto(), |_| {}, &wall([T1, N2, N3], "7z1s4s1s", ""));
    sc.act(0, Action::Riichi(t("7z")));
    sc.act(1, Action::Discard(t("1s")));
    assert_eq!(sc.legal(), [Action::Pass, Action::Ron]);
    sc.act(0, Action::Pass);
    assert!(sc.s.seats[0].riichi_furiten);
    sc.act(2, Action::Discard(t("4s")));
    assert_eq!(sc.s.phase, Phase::Turn { seat: 0, called: false, rinshan: false }, "the 4s is not offered");
    assert!(sc.s.seats[0].riichi_furiten, "for good: its own draw does not end it");
    assert!(sc.legal().contains(&Action::Tsumo));
}

#[test]
fn g_r4_an_open_riichi_may_pass_a_ron() {
    // As in G-R3's forced deal-in: seat 1, in riichi, must give the open riichi its 8s.
    let mut sc = open_riichi_scene(goto(), "6z");
    sc.act(0, Action::OpenRiichi(t("3z")));
    sc.act(1, Action::Riichi(t("1z")));
    sc.act(2, Action::Discard(t("5z")));
    sc.act(0, Action::Discard(t("6z")));
    sc.act(1, Action::Discard(t("8s")));
    assert_eq!(sc.legal(), [Action::Pass, Action::Ron]);
    sc.act(0, Action::Pass);
    assert!(sc.s.seats[0].riichi_furiten, "見逃し: furiten for good, like any riichi");
    assert_eq!((sc.s.record.hands, sc.s.record.wins[0]), (0, 0));
    // It can no longer ron its waits, so seat 2 may let its 8s go (G-R3 bars only a tile
    // the open riichi can ron on).
    assert_eq!(sc.game.to_move(&sc.s), Some(2));
    assert!(sc.legal().contains(&Action::Discard(t("8s"))));
}

#[test]
fn g_k1_four_kans_by_two_seats_go_on_and_there_is_no_fifth() {
    let hands = ["1111p2222p3333p9m", "4444s1m9m2z3z5z6z7z1s9s", "6666p1m9m1z2z3z7z7s8s9s"];
    let mut sc = Scene::new(goto(), |_| {}, &wall(hands, "5z3s2s", "1s9s8p7p"));
    for k in ["1p", "2p", "3p"] {
        sc.act(0, Action::ClosedKan(t(k)));
    }
    sc.act(0, Action::Discard(t("5z")));
    sc.act(1, Action::ClosedKan(t("4s")));
    assert_eq!((sc.s.kans, sc.s.indicators), (4, 6));
    sc.act(1, Action::Discard(t("7p")));
    assert_eq!(sc.s.record.abort_count(Abort::FourKans), 0);
    assert_eq!((sc.s.record.hands, sc.s.phase), (0, Phase::Turn { seat: 2, called: false, rinshan: false }));
    assert_eq!(sc.s.seats[2].hand[t("6p").index()], 4);
    assert!(!sc.legal().contains(&Action::ClosedKan(t("6p"))), "no fifth kan");
}

#[test]
fn g_k2_no_kan_on_the_haitei_tile() {
    // Seat 2 holds 111m; its fourth 1m comes three tiles before the end, or as the haitei.
    let kan_on = |at: usize| {
        let mut sc = Scene::new(goto(), |_| {}, &goto_wall([N1, T1, T2], "", at, "1m"));
        play_on(&mut sc, |sc| sc.s.seats[2].drawn == Some(t("1m")) && sc.game.to_move(&sc.s) == Some(2));
        assert_eq!(sc.s.next as usize, at + 1);
        (sc.s.live_left(), sc.legal().contains(&Action::ClosedKan(t("1m"))))
    };
    assert_eq!(kan_on(HAITEI - 3), (3, true));
    assert_eq!(kan_on(HAITEI), (0, false));
}

#[test]
fn g_k5_thirteen_orphans_robs_a_closed_kan() {
    let hands = ["1111z123p456p78s9p", "19m19p199s234567z", "234567s88s23p3z6z7z"];
    let mut sc = Scene::new(goto(), |_| {}, &wall(hands, "5z", "8s"));
    sc.act(0, Action::ClosedKan(Tile::EAST));
    assert!(matches!(sc.s.phase, Phase::Offer { kind: OfferKind::ClosedKan, pending: 0b10, .. }), "kokushi only");
    assert_eq!(sc.legal(), [Action::Pass, Action::Ron]);
    sc.act(1, Action::Ron);
    assert_eq!((sc.s.record.yaku_count(Yaku::KokushiMusou), sc.s.record.deal_ins[0]), (1, 1));
    let gained = sc.s.points[1] - 35_000;
    assert!(gained >= 32_000 && sc.s.points[0] == 35_000 - gained, "{:?}", sc.s.points);
}

#[test]
fn g_k5_a_rinshan_after_a_daiminkan_is_paid_as_a_normal_tsumo() {
    let hands = ["2p1m9m1s7s2z3z5z6z7z9p8p4z", "222p345p678s99s45s", HANDS[2]];
    let mut sc = Scene::new(goto(), |_| {}, &wall(hands, "1z", "3s"));
    sc.act(0, Action::Discard(t("2p")));
    assert_eq!(sc.legal(), [Action::Pass, Action::Pon, Action::Kan]);
    sc.act(1, Action::Kan);
    sc.act(1, Action::Tsumo);
    let p = sc.s.points;
    assert_eq!(sc.s.record.yaku_count(Yaku::RinshanKaihou), 1);
    assert!(p[0] < 35_000 && p[2] < 35_000, "both opponents pay, no pao: {p:?}");
    assert_eq!((p[1] - 35_000, sc.s.record.pao), (70_000 - p[0] - p[2], 0));
}

/// Seat 1 wins; the dealer throws a 7z, seat 1 a 6z, seat 2 a 5z, then the dealer `fourth`
/// (and seat 1 draws `fifth`). Indicators 9s (1s is the dora) and `second`.
fn seat1_wins(hands: [&str; 3], second: &str, fourth: &str, fifth: &str, honba: u8) -> Scene {
    let draws = format!("7z6z5z{fourth}{fifth}");
    let w = goto_wall(hands, &draws, SECOND_INDICATOR, &back("9s", second, "8p", ""));
    let mut sc = Scene::new(goto(), |s| s.honba = honba, &w);
    for (seat, a) in [(0, "7z"), (1, "6z"), (2, "5z"), (0, fourth)] {
        sc.act(seat, Action::Discard(t(a)));
    }
    sc
}

#[test]
fn g_p1_seed_payments_ron_5200_pays_6000_tsumo_1300_2600_pays_3000_4000_and_honba() {
    // 南 triplet (seat 1's wind), kanchan 8s, two 1s dora: 3 han 40 fu, 5,200 → 6,000.
    for honba in [0, 1] {
        let mut sc = seat1_wins([N1, "222z123p456p79s11s", N2], "3z", "8s", "", honba);
        let score = sc.game.score_ron(&sc.s, 1, t("8s"), OfferKind::Discard).unwrap();
        assert_eq!((score.han, score.fu), (3, 40), "{score:?}");
        sc.act(1, Action::Ron);
        let x = 6_000 + 2_000 * i32::from(honba);
        assert_eq!(sc.s.points[..3], [35_000 - x, 35_000 + x, 35_000], "honba {honba}: 2,000 each");
    }
    // Pinfu tsumo (allowed), two 1s dora: 4 han 20 fu, 1,300/2,600 → 3,000/4,000, and
    // 1,000 more from each payer per honba.
    for honba in [0, 1] {
        let mut sc = seat1_wins([N1, T1, N2], "2z", "3z", "4s", honba);
        let score = sc.game.score_tsumo(&sc.s, 1, false).unwrap();
        assert_eq!((score.han, score.fu, han(&score, Yaku::Pinfu)), (4, 20, 1), "{score:?}");
        sc.act(1, Action::Tsumo);
        let h = 1_000 * i32::from(honba);
        assert_eq!(sc.s.points[..3], [35_000 - 4_000 - h, 35_000 + 7_000 + 2 * h, 35_000 - 3_000 - h]);
    }
}

#[test]
fn g_p1_chiitoitsu_is_25_fu() {
    let mut sc = seat1_wins([N1, "22p33p66p88s99s3z3z7p", N2], "3z", "7p", "", 0);
    let score = sc.game.score_ron(&sc.s, 1, t("7p"), OfferKind::Discard).unwrap();
    assert_eq!((score.fu, han(&score, Yaku::Chiitoitsu)), (25, 2), "{score:?}");
    sc.act(1, Action::Ron);
    assert_eq!(sc.s.record.yaku_count(Yaku::Chiitoitsu), 1);
}

#[test]
fn g_p1_open_tanyao_and_a_yaku_only_on_the_winning_tile_atozuke() {
    // Seat 1 pons the dealer's 2p, throws its 7s: 66s 345p 678p 34s, open, all simples.
    let mut sc = Scene::new(goto(), |_| {}, &wall([N2, "22p66s345p678p34s7s", N1], "9s1z5s", ""));
    sc.act(0, Action::Discard(t("2p")));
    sc.act(1, Action::Pon);
    sc.act(1, Action::Discard(t("7s")));
    sc.act(2, Action::Discard(t("1z")));
    sc.act(0, Action::Discard(t("5s")));
    assert!(sc.legal().contains(&Action::Ron), "喰いタン");
    sc.act(1, Action::Ron);
    assert_eq!((sc.s.record.yaku_count(Yaku::Tanyao), sc.s.record.wins[1]), (1, 1));
    // Seat 1 pons the 2p and waits on 6z (hatsu) / 9s: the 9s gives no yaku, the 6z does.
    let draws = "9p1z9s3z4p8s";
    let mut sc = Scene::new(goto(), |_| {}, &wall([N2, "22p66z99s345p678p7s", N1], draws, ""));
    sc.act(0, Action::Discard(t("2p")));
    sc.act(1, Action::Pon);
    sc.act(1, Action::Discard(t("7s")));
    sc.act(2, Action::Discard(t("1z")));
    sc.act(0, Action::Discard(t("9s")));
    assert_eq!(sc.legal(), [Action::Pass, Action::Pon], "no yaku on the 9s: no ron");
    sc.act(1, Action::Pass);
    sc.act(1, Action::Discard(t("3z")));
    sc.act(2, Action::Discard(t("4p")));
    sc.act(0, Action::Discard(t("6z")));
    assert!(sc.legal().contains(&Action::Ron), "後付け: the yaku comes with the winning tile");
    sc.act(1, Action::Ron);
    assert_eq!(sc.s.record.yaku_count(Yaku::YakuhaiHatsu), 1);
}

#[test]
fn g_p2_noten_payments_total_4000() {
    let points = |hands| drawn_hand(|_| {}, hands).s.points;
    assert_eq!(points([N1, T1, N2])[..3], [33_000, 39_000, 33_000], "one tenpai: +4,000, each noten −2,000");
    assert_eq!(points([N1, T1, T2])[..3], [31_000, 37_000, 37_000], "two tenpai: +2,000 each, the noten −4,000");
    assert_eq!(points([N1, N2, N3])[..3], [35_000; 3], "none tenpai: nothing");
    assert_eq!(points([T1, T2, T3])[..3], [35_000; 3], "all tenpai: nothing");
}
