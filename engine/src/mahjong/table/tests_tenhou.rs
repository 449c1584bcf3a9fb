//! The `tenhou` preset (天鳳's rules): its settlement, 流し満貫, pao for the dragons and
//! winds only, and its own records replaying clean, West entries included.

use super::mjai::Event;
use super::replay::replay;
use super::tests_scenarios::{DEAD_START, Scene, daisangen_calls, feed_seat, t, wall};
use super::*;
use crate::mahjong::{Hand, Rules, WinFlags, Yaku, score_hand};
use crate::{GameSeeds, Table};

fn tenhou() -> RiichiTable {
    RiichiTable::preset("tenhou").unwrap()
}

#[test]
fn tenhou_settles_25000_30000_with_uma_10_20_and_the_oka() {
    let s = TableSettings::preset("tenhou").unwrap();
    assert_eq!((s.start_points, s.return_points, s.scoring.as_str()), (25_000, 30_000, "tenhou"));
    let pts = [40_000, 30_000, 20_000, 10_000];
    // +10 +20 +20 (oka), 0 +10, −10 −10, −20 −20.
    assert_eq!(s.final_scores(&pts, &ranks(&pts)), [500, 100, -200, -400]);
    assert_eq!(s.extension, Extension::Target { target: 30_000 });
    assert_eq!((s.double_ron_honba, s.kuikae), (DoubleRonHonba::First, Kuikae::Forbidden));
}

#[test]
fn tenhou_scoring_has_no_renhou_and_gives_rinshan_its_tsumo_fu() {
    let r = Rules::preset("tenhou").unwrap();
    let ron2 = Rules::ron2();
    assert_eq!(r.yaku.renhou, crate::mahjong::RenhouValue::None);
    assert!(r.fu.rinshan_tsumo && !ron2.fu.rinshan_tsumo);
    assert_eq!((r.yaku.han, r.payment.honba, r.players), (ron2.yaku.han, 300, 4));
    // A nagashi is a mangan tsumo under Tenhou's rules and no yaku under Ron2's.
    let mut hand = Hand::new([0; 34], t("1m"));
    hand.flags = WinFlags::NAGASHI.with(WinFlags::TSUMO);
    let s = score_hand(&r, &hand).unwrap();
    assert_eq!((s.points_total, s.yaku.as_slice()), (8000, &[(Yaku::NagashiMangan, 5)][..]));
    assert!(score_hand(&ron2, &hand).is_err());
}

/// Seat 1 draws only terminals and honours and discards each as drawn, with 2 honba and
/// seat 3's stick on the table.
fn nagashi_hand(game: RiichiTable) -> Scene {
    let mut w = wall(["234m567m234p567p2s", "2345m2345p2345s6m", "3456m3456p3456s7p", "4678m4678p4567s8s"], "", "");
    feed_seat(&mut w, 4, 1, DEAD_START, |p| p.kind().is_some_and(Tile::is_terminal_or_honor));
    let mut sc = Scene::new(
        game,
        |s| {
            s.honba = 2;
            s.sticks = 1;
            s.points[3] -= 1000;
        },
        &w,
    );
    sc.drift_to_end();
    sc
}

#[test]
fn nagashi_mangan_is_a_mangan_tsumo_without_honba_or_sticks_and_no_noten_payments() {
    let sc = nagashi_hand(tenhou());
    assert_eq!(sc.s.points, [21_000, 33_000, 23_000, 22_000], "2,000 / 4,000 from the dealer, no honba");
    assert_eq!((sc.s.sticks, sc.s.honba), (1, 3), "the stick stays; a draw adds a honba");
    let r = &sc.s.record;
    assert_eq!((r.exhaustive_draws, r.wins[1], r.win_points[1], r.win_value[1]), (1, 1, 8000, 8000));
    assert_eq!(r.yaku_count(Yaku::NagashiMangan), 1);
    // Under Ron2's rules the same hand is an exhaustive draw with noten payments (seat 0 is
    // tenpai on 2s; the others noten).
    let sc = nagashi_hand(RiichiTable::preset("ron2-dojo").unwrap());
    assert_eq!(sc.s.points, [33_000, 29_000, 29_000, 28_000]);
    assert_eq!(sc.s.record.total_wins(), 0);
}

#[test]
fn tenhou_pao_covers_the_dragons_but_not_a_daiminkan_rinshan() {
    let game = tenhou();
    assert!(game.pao_on(Pao::Daisangen) && game.pao_on(Pao::Daisuushii));
    assert!(!game.pao_on(Pao::Suukantsu) && !game.pao_on(Pao::DaiminkanRinshan));
    let sc = daisangen_calls(tenhou(), |_| {}, "4s8p5p");
    assert!(sc.s.seats[1].pao.iter().any(Option::is_some), "daisangen's pao stands under Tenhou's rules");
}

#[test]
fn tenhou_records_replay_clean_west_entries_included() {
    let game = tenhou().with_event_log(true);
    let mut table = Table::new(&game);
    let (mut west, mut wins) = (0, 0);
    for i in 0..200 {
        // Random bots call and kan a lot; four efficiency bots reach West more often.
        let mut bots = match i % 2 {
            0 => [Bot::random(), Bot::efficiency(), Bot::defensive(), Bot::efficiency()],
            _ => [Bot::efficiency(); 4],
        };
        let o = table.play(&game, &mut bots, &mut GameSeeds::new(3).rng(i));
        let events = table.state().events.events().to_vec();
        let report = replay(&game, &events);
        assert!(report.is_clean(), "game {i}: {:?}", report.findings.first());
        assert_eq!(report.hands, o.hands as usize, "game {i}");
        assert_eq!(o.points.iter().sum::<i32>(), 100_000, "game {i}: the last sticks go to the top");
        west += usize::from(events.iter().any(|e| matches!(e, Event::StartKyoku { bakaze: 2, .. })));
        wins += report.wins;
    }
    assert!(west > 0 && wins > 500, "{west} games entered West, {wins} wins");
}
