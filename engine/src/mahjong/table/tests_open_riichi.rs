//! オープン立直 open riichi at the Gotō table (GOTO-SPEC G-R2, G-R3, G-R5):
//! who may declare it, its deposit, the discards no one may make into it, the forced
//! deal-in paid as 13 han.

use super::tests_scenarios::{Scene, fixed_wall, goto, t};
use super::*;
use crate::mahjong::{Limit, Payment, TileSet, TileSetSpec, Yaku};
use record::HandEnding;

/// The dealer (seat 0) draws 7s to `123p 456p 789s 11s 67s` + 3z, waiting on 5s/8s once the
/// 3z goes; seat 1 is tenpai on 2s/9p after its first draw (a 1z to throw); seat 2 holds an
/// 8s. Then seat 2 draws 5z, the dealer `dealer_second`, seat 1 an 8s.
pub(super) fn scene(game: RiichiTable, dealer_second: &str) -> Scene {
    let hands = ["123p456p789s11s6s3z", "234p567p345s22s99p", "1199m2378s1z2z3z6z7z"];
    let draws = format!("7s1z5z{dealer_second}8s");
    Scene::new(game, |_| {}, &fixed_wall(&TileSetSpec::goto(), &hands, &draws, 100, ""))
}

/// The dealer's open riichi, seat 1's riichi, then seat 1 forced to deal in its drawn 8s.
fn forced_deal_in(sc: &mut Scene) {
    sc.act(0, Action::OpenRiichi(t("3z")));
    sc.act(1, Action::Riichi(t("1z")));
    sc.act(2, Action::Discard(t("5z")));
    sc.act(0, Action::Discard(t("6z")));
    sc.act(1, Action::Discard(t("8s")));
    sc.act(0, Action::Ron);
}

#[test]
fn g_r2_open_riichi_for_the_first_two_declarers_with_two_sticks() {
    let mut sc = scene(goto(), "6z");
    let legal = sc.legal();
    assert!(legal.contains(&Action::Riichi(t("3z"))) && legal.contains(&Action::OpenRiichi(t("3z"))));
    sc.s.riichi_declared = 2;
    let legal = sc.legal();
    assert!(legal.contains(&Action::Riichi(t("3z"))) && !legal.contains(&Action::OpenRiichi(t("3z"))), "a third");
    sc.s.riichi_declared = 0;
    sc.s.points[0] = 1_500;
    assert!(sc.legal().contains(&Action::OpenRiichi(t("3z"))), "allowed below 2,000 points (G-R2)");
    sc.s.points[0] = 35_000;
    sc.act(0, Action::OpenRiichi(t("3z")));
    assert_eq!((sc.s.points[0], sc.s.sticks), (33_000, 2), "a 2,000 deposit once the discard passes");
    assert_eq!(sc.s.record.open_riichi[0], 1);
    let view = sc.game.view(&sc.s, 1);
    assert_eq!(view.open_waits(0), Some(TileSet::from_iter([t("5s"), t("8s")])), "the waits are shown");
}

#[test]
fn g_r3_no_one_deals_into_an_open_riichi_unless_forced_and_then_it_is_13_han() {
    let mut sc = scene(goto(), "6z");
    sc.act(0, Action::OpenRiichi(t("3z")));
    // Seat 1 holds a 5s, a wait of the open riichi: it may not let it go.
    let legal = sc.legal();
    assert!(!legal.contains(&Action::Discard(t("5s"))) && legal.contains(&Action::Riichi(t("1z"))), "{legal:?}");
    sc.act(1, Action::Riichi(t("1z")));
    assert!(!sc.legal().contains(&Action::Discard(t("8s"))), "seat 2 keeps its 8s");
    sc.act(2, Action::Discard(t("5z")));
    sc.act(0, Action::Discard(t("6z")));
    // Seat 1, in riichi, draws the 8s: its only discard wins for the open riichi (forced).
    assert_eq!(sc.legal(), [Action::Discard(t("8s"))]);
    sc.act(1, Action::Discard(t("8s")));
    let score = sc.game.score_ron(&sc.s, 0, t("8s"), OfferKind::Discard).unwrap();
    assert_eq!((score.limit, score.han), (Limit::KazoeYakuman, 13), "{score:?}");
    assert!(score.yaku.contains(Yaku::DoubleRiichi), "its own yaku stay listed: {score:?}");
    assert_eq!(score.payment, Payment::Ron(48_000), "a dealer 四倍満: 8,000 × 6");
    sc.act(0, Action::Ron);
    assert_eq!((sc.s.record.forced_deal_ins[1], sc.s.record.deal_ins[1]), (1, 1));
    // 48,000 and the three sticks (the open riichi's two, seat 1's one).
    assert_eq!(sc.s.points[..3], [33_000 + 48_000 + 3_000, 34_000 - 48_000, 35_000]);
}

#[test]
fn the_hand_record_of_a_forced_deal_in_names_winner_discarder_and_the_reason() {
    let mut sc = scene(goto().with_hand_log(true), "6z");
    forced_deal_in(&mut sc);
    let [r] = sc.s.hand_log.hands() else { panic!("one hand: {:?}", sc.s.hand_log.hands().len()) };
    assert_eq!((r.ending, r.from, r.round, r.honba), (HandEnding::Win, Some(1), 0, 0));
    let [w] = r.wins() else { panic!("one winner") };
    assert_eq!((w.seat, w.riichi, w.open_riichi, w.forced, w.ippatsu, w.closed), (0, true, true, true, false, true));
    assert_eq!(w.score.limit, Limit::KazoeYakuman);
    assert!(w.held[t("8s").index()] > 0 && w.held[t("1p").index()] > 0 && w.held[t("3z").index()] == 0, "{:?}", w.held);
    assert_eq!(r.points_before[..3], [35_000; 3]);
    assert_eq!(r.points_after, sc.s.points, "the next hand starts from them");
    assert_eq!(r.indicator_count, 2, "Gotō turns two");
    let places = (2..2 + usize::from(r.alice_count)).map(|i| sc.s.wall[sc.game.layout.indicator(i)]);
    assert!(r.alice_count > 0 && places.eq(r.alice().iter().copied()), "Alice reveals the next indicator places");
}

#[test]
fn g_r5_open_riichi_scores_as_riichi_or_one_han_more_as_an_option() {
    let han = |bonus: u8| {
        let mut rules = goto().rules().clone();
        rules.yaku.han.set(Yaku::OpenRiichi, [bonus, 0]);
        let game = RiichiTable::with_rules(goto().settings().clone(), rules).unwrap();
        let mut sc = scene(game, "8s");
        sc.act(0, Action::OpenRiichi(t("3z")));
        sc.act(1, Action::Discard(t("1z")));
        sc.act(2, Action::Discard(t("5z")));
        let score = sc.game.score_tsumo(&sc.s, 0, false).unwrap();
        (score.han, score.yaku.contains(Yaku::OpenRiichi))
    };
    let (plain, listed) = han(0);
    assert!(!listed, "by default open riichi is riichi (G-R5)");
    assert_eq!(han(1), (plain + 1, true), "the 2-han reading");
}

#[test]
fn g_r3_bots_give_an_open_riichi_its_wait_only_when_every_tile_would() {
    let game = goto();
    let mut bots = [Bot::efficiency(), Bot::defensive(), Bot::efficiency()];
    let (mut state, mut legal) = (game.new_state(), Vec::new());
    let (mut opened, mut forced) = (0, 0);
    for i in 0..300 {
        let mut rng = crate::GameSeeds::new(11).rng(i);
        game.reset(&mut state, &mut rng);
        while let Some(seat) = game.to_move(&state) {
            game.legal_actions(&state, &mut legal);
            let a = crate::Strategy::choose(&mut bots[seat], &game.view(&state, seat), &legal, &mut rng);
            let deals_in = |a: &Action| {
                let kind = if *a == Action::Nuki(Tile::NORTH) { OfferKind::Nuki } else { OfferKind::Discard };
                a.gives().is_some_and(|t| {
                    state.others(seat).any(|o| state.seats[o].in_open_riichi() && game.can_ron(&state, o, t, kind))
                })
            };
            if deals_in(&a) {
                assert!(legal.iter().filter(|a| a.gives().is_some()).all(deals_in), "unforced: {a:?} of {legal:?}");
            }
            game.apply(&mut state, a, &mut rng);
        }
        opened += state.record.open_riichi.iter().sum::<u16>();
        forced += state.record.forced_deal_ins.iter().sum::<u16>();
    }
    assert!(opened > 0 && forced > 0, "{opened} open riichi, {forced} forced deal-ins");
}

#[test]
fn g_s6_exactly_zero_survives_and_below_zero_busts_at_the_end_of_the_hand() {
    // Seat 1 pays the forced deal-in's 48,000 after its own 1,000 riichi stick.
    let end = |seat1: i32| {
        let mut sc = scene(goto(), "6z");
        sc.s.points = [35_000, seat1, 105_000 - 35_000 - seat1, 0];
        forced_deal_in(&mut sc);
        (sc.s.points[1], sc.s.phase == Phase::Over, sc.s.record.bust)
    };
    assert_eq!(end(49_000), (0, false, false), "0 points: the game goes on");
    assert_eq!(end(48_000), (-1_000, true, true), "below zero: it ends");
}
