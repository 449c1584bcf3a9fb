//! The `tenhou` preset (天鳳's rules): its settlement, 流し満貫, pao for the dragons and
//! winds only, and its own records replaying clean, West entries included.

use super::mjai::Event;
use super::replay::replay;
use super::tests_scenarios::{DEAD_START, Scene, daisangen_calls, feed_seat, noten_wall, t, wall};
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

/// Daisangen's pao on another seat's ron with 2 honba: the liable dealer and the discarder
/// each pay 16,000; the 600 of honba go with the liable seat under Tenhou's rules, with the
/// discarder under the Ron2 seed's (「積み棒は全額放銃者が負担します」).
#[test]
fn a_pao_ron_s_honba_are_paid_by_the_liable_seat_under_tenhou_by_the_discarder_under_ron2() {
    let two_honba = |s: &mut TableState| s.honba = 2;
    let ron = |game: RiichiTable| {
        let mut sc = daisangen_calls(game, two_honba, "");
        sc.act(2, Action::Discard(t("5p")));
        sc.act(1, Action::Ron);
        sc.s.points
    };
    assert_eq!(ron(tenhou()), [25_000 - 16_600, 25_000 + 32_600, 25_000 - 16_000, 25_000]);
    assert_eq!(ron(RiichiTable::preset("ron2-dojo").unwrap()), [14_000, 62_600, 13_400, 30_000]);
    let s = TableSettings::preset("tenhou").unwrap();
    assert_eq!(s.pao_ron_honba, PaoRonHonba::Liable);
}

/// Seat 1 makes an open kan of the dealer's 1z and discards its replacement draw: Tenhou turns
/// the kan's indicator at that discard (a rinshan tsumo would not count it), Ron2 at once.
#[test]
fn an_open_kan_turns_its_indicator_at_the_discard_under_tenhou_at_once_under_ron2() {
    let w = wall(["1z123m456m789m111p", "111z234p567p789p9s", "234s567s888s22z33z", "444m666m777m888m9m"], "2z", "");
    let open_kan = |game: RiichiTable| {
        let mut sc = Scene::new(game.with_event_log(true), |_| {}, &w);
        sc.act(0, Action::Discard(t("1z")));
        sc.act(1, Action::Kan);
        let before = sc.s.indicators;
        sc.act(1, Action::Discard(t("9s")));
        let events = sc.s.events.events();
        let dora = events.iter().rposition(|e| matches!(e, Event::Dora { .. })).unwrap();
        let discard = events.iter().rposition(|e| matches!(e, Event::Dahai { .. })).unwrap();
        (before, sc.s.indicators, dora > discard)
    };
    assert_eq!(open_kan(tenhou()), (1, 2, true), "turned at the replacement's discard");
    assert_eq!(open_kan(RiichiTable::preset("ron2-dojo").unwrap()), (2, 2, false), "turned at once");
    let s = TableSettings::preset("tenhou").unwrap();
    assert_eq!(s.kan_dora_turned.closed, KanDoraTurn::AtOnce);
    // A wall drawn to its indicators cannot wait: the indicator comes off the live wall.
    let mut goto = TableSettings::preset("goto").unwrap();
    goto.kan_dora_turned.open = KanDoraTurn::AfterDiscard;
    assert!(RiichiTable::new(goto).unwrap_err().to_string().contains("kan_dora_turned"));
}

/// South 4 ends in an exhaustive draw with the dealer (seat 3) and seat 0 tenpai: Tenhou stops
/// the game by itself when the dealer is first (and someone has 30,000), and the dealer
/// repeats when it is not; the dealer never chooses.
#[test]
fn the_all_last_dealer_stops_exactly_when_first_under_tenhou() {
    let all_last = |points: [i32; 4]| {
        let mut sc = Scene::new(
            tenhou(),
            |s| {
                s.round = 7;
                s.points = points;
            },
            &noten_wall(true),
        );
        sc.drift_to_end();
        sc
    };
    let first = all_last([21_000, 22_000, 22_000, 35_000]);
    assert_eq!(first.s.phase, Phase::Over, "the dealer is first with 36,500");
    let second = all_last([35_000, 22_000, 22_000, 21_000]);
    assert_eq!((second.s.round, second.s.honba), (7, 1), "the dealer repeats behind seat 0's 36,500");
    assert!(matches!(second.s.phase, Phase::Turn { seat: 3, .. }), "{:?}", second.s.phase);
    // Both would be the dealer's choice under a table where it chooses.
    let mut settings = TableSettings::preset("tenhou").unwrap();
    settings.dealer_stop = DealerStop::Choice;
    let mut sc = Scene::new(
        RiichiTable::new(settings).unwrap(),
        |s| {
            s.round = 7;
            s.points = [35_000, 22_000, 22_000, 21_000];
        },
        &noten_wall(true),
    );
    sc.drift_to_end();
    assert_eq!(sc.s.phase, Phase::Stop { seat: 3 });
}

/// A record of Tenhou's rules that stops where the rules go on, or goes on where they stop,
/// is a finding: the replay follows the rules' ending, not the record's.
#[test]
fn a_record_stopping_against_the_automatic_stop_is_a_finding() {
    let game = tenhou().with_event_log(true);
    let mut table = Table::new(&game);
    for i in 0..200 {
        let mut bots = [Bot::efficiency(); 4];
        table.play(&game, &mut bots, &mut GameSeeds::new(5).rng(i));
        let events = table.state().events.events().to_vec();
        // The game ended after a dealer's all-last repeat with the dealer first: make the
        // record go on with one more hand (the last one again).
        let n = events.len();
        let Some(last_deal) = events.iter().rposition(|e| matches!(e, Event::StartKyoku { .. })) else { continue };
        let Event::StartKyoku { oya, .. } = events[last_deal] else { unreachable!() };
        let repeat = matches!(events[last_deal..].iter().find(|e| matches!(e, Event::Hora { .. })), Some(Event::Hora { actor, .. }) if *actor == oya);
        let Event::StartKyoku { bakaze: 1, kyoku: 4, .. } = events[last_deal] else { continue };
        if !repeat || table.state().record.bust {
            continue;
        }
        let mut longer = events[..n - 1].to_vec();
        let Event::StartKyoku { bakaze, kyoku, kyotaku, oya, dora_marker, tehais, .. } = events[last_deal] else {
            unreachable!()
        };
        let scores = table.state().points;
        let honba = table.state().honba;
        longer.push(Event::StartKyoku { bakaze, kyoku, honba, kyotaku, oya, dora_marker, scores, tehais });
        longer.extend(events[last_deal + 1..n - 1].iter().copied());
        longer.push(events[n - 1]);
        let report = replay(&game, &longer);
        assert!(replay(&game, &events).is_clean(), "game {i}: the record as played is clean");
        let f = report.findings.first().expect("a finding where the record goes on");
        assert_eq!(f.event, n - 1, "game {i}: {f:?}");
        return;
    }
    panic!("no game ended on the dealer's all-last win in 200 games");
}

/// A table or scoring file written before the Tenhou fields existed (no `extends`, none of
/// `kan_dora_turned`, `pao_ron_honba`, `dealer_stop`, `north`, `north_as_honour`) still
/// loads, and plays as it did then: each preset that keeps the old readings equals its text
/// without those lines.
#[test]
fn a_file_written_before_the_tenhou_fields_loads_with_the_readings_it_had() {
    let old = |text: &str, fields: &[&str]| -> String {
        text.lines().filter(|l| !fields.iter().any(|f| l.starts_with(&format!("{f} ")))).collect::<Vec<_>>().join("\n")
    };
    // `north = {` alone: the `[chips]` section has a `north` of its own.
    let fields = ["kan_dora_turned", "pao_ron_honba", "dealer_stop", "north = {"];
    for (name, text) in PRESETS.iter().filter(|p| !p.0.starts_with("tenhou") && !p.1.contains("extends")) {
        let before = old(text, &fields);
        assert!(fields.iter().all(|f| !before.contains(&format!("\n{f}"))), "{name}");
        assert_eq!(TableSettings::from_toml(&before).unwrap(), TableSettings::preset(name).unwrap(), "{name}");
    }
    let d = TableSettings::from_toml(&old(PRESETS[0].1, &fields)).unwrap();
    assert_eq!(d.kan_dora_turned.open, KanDoraTurn::AtOnce);
    assert_eq!((d.pao_ron_honba, d.dealer_stop), (PaoRonHonba::Discarder, DealerStop::Choice));
    assert_eq!(d.north, NorthRules { discard: false, breaks_ippatsu: false, ron_after_own: false, after_pon: true });
    for (preset, text) in [("ron2", crate::mahjong::rules::RON2_TOML), ("goto", crate::mahjong::rules::GOTO_TOML)] {
        let before = old(text, &["north_as_honour"]);
        assert!(!before.contains("north_as_honour ="), "{preset}");
        assert_eq!(Rules::from_toml(&before).unwrap(), Rules::preset(preset).unwrap(), "{preset}");
    }
}
