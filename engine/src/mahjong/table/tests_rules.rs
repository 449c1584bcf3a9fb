//! The table rules as data: each field of a table file changes play as its
//! documentation says (each test fails under the Ron2 value of its field),
//! and a file that cannot be played is refused naming the field.

use super::state::kind;
use super::tests_scenarios::{
    Scene, all_last_draw, chankan_game_on, daisangen_calls, daisangen_suukantsu_kans, daisangen_tsuuiisou_calls, dojo,
    fourth_2m_in_riichi, karaten_wall, noten_wall, t, three_waits, wall,
};
use super::*;
use crate::mahjong::{TileSetSpec, Yaku, parse_tiles};
use crate::testing::{PlayCheck, check_play};

/// The 道場 preset with `change` made to its settings.
fn dojo_with(change: impl FnOnce(&mut TableSettings)) -> RiichiTable {
    let mut settings = TableSettings::preset("ron2-dojo").unwrap();
    change(&mut settings);
    RiichiTable::new(settings).unwrap()
}

/// The 道場 preset without the abortive draw `kind`.
fn without_abort(kind: Abort) -> RiichiTable {
    dojo_with(|s| s.aborts.retain(|&a| a != kind))
}

#[test]
fn without_triple_ron_abort_three_rons_all_win() {
    let mut sc = Scene::new(without_abort(Abort::TripleRon), |_| {}, &three_waits());
    sc.act(0, Action::Discard(t("5p")));
    for seat in 1..4 {
        sc.act(seat, Action::Ron);
    }
    assert_eq!(sc.s.record.abort_count(Abort::TripleRon), 0);
    assert_eq!(sc.s.record.total_wins(), 3);
    assert_eq!(sc.s.points.iter().sum::<i32>(), 120_000);
    assert!(sc.s.points[0] < 30_000 && sc.s.points[1..].iter().all(|&p| p > 30_000), "{:?}", sc.s.points);
}

#[test]
fn without_four_winds_abort_the_hand_goes_on() {
    let w = wall(
        ["123m456m789m123p4p", "123s456s789s11z2z2z", "159m159p159s2z5z6z7z", "268m268p268s4z4z6z6z"],
        "3z3z3z3z",
        "",
    );
    let mut sc = Scene::new(without_abort(Abort::FourWinds), |_| {}, &w);
    for seat in 0..4 {
        sc.act(seat, Action::Discard(t("3z")));
    }
    assert_eq!(sc.s.record.abort_count(Abort::FourWinds), 0);
    assert_eq!((sc.s.record.hands, sc.s.phase), (0, Phase::Turn { seat: 0, called: false, rinshan: false }));
}

#[test]
fn without_four_riichi_abort_the_fourth_riichi_plays_on() {
    let w =
        wall(["123m456m789m123p4p", "123s456s789s11z2z2z", "456p789p234s678s5z", "567m567p234m88s99m"], "7z7z7z7z", "");
    let mut sc = Scene::new(without_abort(Abort::FourRiichi), |_| {}, &w);
    for seat in 0..4 {
        sc.act(seat, Action::Riichi(t("7z")));
    }
    assert_eq!(sc.s.record.abort_count(Abort::FourRiichi), 0);
    assert_eq!((sc.s.sticks, sc.s.record.hands), (4, 0), "four sticks out, the hand goes on");
    assert!(sc.s.seats.iter().all(|s| s.riichi));
}

#[test]
fn without_nine_terminals_there_is_no_such_choice() {
    let mut sc = Scene::new(without_abort(Abort::NineTerminals), |_| {}, &noten_wall(true));
    sc.drift_to_end_of_turns(2);
    assert!(!sc.legal().contains(&Action::NineTerminals), "seat 2 holds 10 kinds, but the abort is off");
}

#[test]
fn without_chi_the_left_seat_cannot_chi() {
    // Seat 1 (left of the dealer) holds 3466p: 5p makes 456p.
    let chi = |game: RiichiTable| {
        let mut sc = Scene::new(game, |_| {}, &three_waits());
        sc.act(0, Action::Discard(t("5p")));
        sc.legal().iter().any(|a| matches!(a, Action::Chi(_)))
    };
    assert!(chi(dojo()));
    assert!(!chi(dojo_with(|s| s.chi = false)));
}

#[test]
fn without_pao_a_daisangen_tsumo_is_paid_by_all() {
    let mut sc = daisangen_calls(dojo_with(|s| s.pao.clear()), |_| {}, "4s8p5p");
    sc.act(2, Action::Discard(t("3m")));
    sc.drift_to_end_of_turns(1);
    sc.act(1, Action::Tsumo);
    assert_eq!(sc.s.points, [14_000, 62_000, 22_000, 22_000], "a yakuman tsumo: the dealer 16,000, others 8,000");
    assert_eq!(sc.s.record.pao, 0);
}

#[test]
fn pao_scope_whole_hand_the_liable_seat_pays_for_the_whole_composite_yakuman() {
    let whole = || dojo_with(|s| s.pao_scope = PaoScope::WholeHand);
    // 字一色 大三元 (64,000, one honba) on seat 2's 2z: the dealer, liable for daisangen, pays
    // half the whole hand; seat 2 the other half and the honba.
    let mut sc = daisangen_tsuuiisou_calls(whole(), |s| s.honba = 1, "3m");
    sc.act(2, Action::Discard(t("2z")));
    sc.act(1, Action::Ron);
    assert_eq!(sc.s.points, [-2_000, 94_300, -2_300, 30_000]);
    assert_eq!(sc.s.record.pao, 1);
    // By tsumo the dealer pays it all, the honba too.
    let mut sc = daisangen_tsuuiisou_calls(whole(), |s| s.honba = 1, "3m4s8p2z");
    sc.drift_to_end_of_turns(1);
    sc.act(1, Action::Tsumo);
    assert_eq!(sc.s.points, [-34_300, 94_300, 30_000, 30_000]);
    // Two liable seats (大三元 四槓子 字一色, the dealer's 144,000 by rinshan): each pays its
    // own yakuman and half the rest.
    let mut sc = daisangen_suukantsu_kans(whole(), true);
    sc.act(0, Action::Tsumo);
    assert_eq!(sc.s.points, [174_000, -42_000, -42_000, 30_000]);
    // A lone pao yakuman is paid alike under both scopes.
    let mut sc = daisangen_calls(whole(), |_| {}, "");
    sc.act(2, Action::Discard(t("5p")));
    sc.act(1, Action::Ron);
    assert_eq!(sc.s.points, [14_000, 62_000, 14_000, 30_000]);
}

#[test]
fn without_chankan_ippatsu_the_robbed_kan_breaks_ippatsu() {
    let game = dojo_with(|s| s.chankan_keeps_ippatsu = false).with_hand_log(true);
    let mut sc = chankan_game_on(game, true);
    sc.act(3, Action::Ron);
    let w = sc.s.hand_log.hands()[0].wins()[0];
    assert_eq!(sc.s.record.yaku_count(Yaku::Ippatsu), 0, "{:?}", w.score.yaku);
    assert_eq!(sc.s.record.yaku_count(Yaku::Chankan), 1);
    assert!(w.riichi && !w.ippatsu);
}

#[test]
fn pao_scope_and_chankan_ippatsu_are_table_file_fields() {
    for (name, _) in PRESETS {
        let s = TableSettings::preset(name).unwrap();
        assert_eq!((s.pao_scope, s.chankan_keeps_ippatsu), (PaoScope::YakumanShare, true), "{name}");
    }
    let text = PRESETS[0].1;
    let s = TableSettings::from_toml(
        &text
            .replace("pao_scope = \"yakuman_share\"", "pao_scope = \"whole_hand\"")
            .replace("chankan_keeps_ippatsu = true", "chankan_keeps_ippatsu = false"),
    )
    .unwrap();
    assert_eq!((s.pao_scope, s.chankan_keeps_ippatsu), (PaoScope::WholeHand, false));
    let e = TableSettings::from_toml(&text.replace("\"yakuman_share\"", "\"share\"")).unwrap_err().to_string();
    assert!(e.contains("share"), "{e}");
    let e = TableSettings::from_toml(&text.replace("chankan_keeps_ippatsu = true\n", "")).unwrap_err().to_string();
    assert!(e.contains("chankan_keeps_ippatsu"), "{e}");
}

#[test]
fn noten_total_and_the_dealer_repeating_on_every_draw() {
    let game = dojo_with(|s| {
        s.noten_total = 6_000;
        s.dealer_repeats_on_draw = DrawRepeat::Always;
    });
    let mut sc = Scene::new(game, |_| {}, &noten_wall(false));
    sc.drift_to_end();
    assert_eq!(sc.s.points, [28_000, 36_000, 28_000, 28_000], "one tenpai seat takes the 6,000");
    assert_eq!((sc.s.round, sc.s.honba), (0, 1), "the noten dealer repeats");
    let never = dojo_with(|s| s.dealer_repeats_on_draw = DrawRepeat::Never);
    let mut sc = Scene::new(never, |_| {}, &noten_wall(true));
    sc.drift_to_end();
    assert_eq!((sc.s.round, sc.s.honba), (1, 1), "the tenpai dealer passes the deal");
}

#[test]
fn riichi_without_stick_points_and_to_the_last_live_tile() {
    let game = dojo_with(|s| {
        s.riichi_needs_stick_points = false;
        s.riichi_min_live_tiles = 1;
    });
    let mut sc = Scene::new(game, |s| s.points = [900, 59_100, 30_000, 30_000], &noten_wall(true));
    let riichi = |sc: &Scene| sc.legal().iter().any(|a| matches!(a, Action::Riichi(_)));
    assert!(riichi(&sc), "900 points may riichi");
    // The dealer keeps its tenpai hand to its last draw, one live tile before the haitei.
    while sc.s.live_left() > 1 {
        let drawn = sc.s.seats[0].drawn.unwrap();
        sc.act(0, Action::Discard(drawn));
        sc.drift_to_end_of_turns(0);
    }
    assert!(riichi(&sc), "riichi with one live tile left");
    let strict = Scene::new(dojo(), |s| s.points = [900, 59_100, 30_000, 30_000], &noten_wall(true));
    assert!(!riichi(&strict));
}

#[test]
fn riichi_kan_waits_allows_a_kan_that_changes_only_the_shape() {
    // 222333444m 11s 78s drawing the fourth 2m: the waits (6s/9s) stay, the shape does not.
    let game = dojo_with(|s| s.riichi_kan = RiichiKan::Waits);
    let sc = fourth_2m_in_riichi(game, "222333444m11s78s");
    assert_eq!(sc.legal(), [Action::ClosedKan(t("2m")), Action::Discard(t("2m"))]);
    let sc = fourth_2m_in_riichi(dojo(), "222333444m11s78s");
    assert_eq!(sc.legal(), [Action::Discard(t("2m"))], "waits_and_shape refuses it");
}

#[test]
fn without_karaten_is_tenpai_a_wait_on_a_fifth_copy_is_noten() {
    let mut sc = Scene::new(dojo_with(|s| s.karaten_is_tenpai = false), |_| {}, &karaten_wall());
    sc.drift_to_end();
    assert_eq!(sc.s.record.tenpai_at_draw, [0, 1, 0, 0]);
    assert_eq!(sc.s.points, [29_000, 33_000, 29_000, 29_000], "only seat 1 is tenpai");
    assert_eq!((sc.s.round, sc.s.honba), (1, 1), "the dealer passes the deal");
}

/// A four-player table with Gotō's wall: the live wall drawn to two indicators, four
/// replacement tiles at the back.
fn drawn_to_indicators() -> RiichiTable {
    dojo_with(|s| {
        s.wall = WallModel::DrawToIndicator { replacement_tiles: 4 };
        s.indicators_at_deal = 2;
    })
}

#[test]
fn g_w4_random_games_keep_the_wall_drawn_to_the_indicators_whole() {
    let game = drawn_to_indicators();
    let check = PlayCheck { games: 20, seed: 11, max_decisions: 20_000 };
    let stats = check_play(&game, &mut [Bot::efficiency(), Bot::random(), Bot::defensive(), Bot::random()], &check);
    assert_eq!(stats.unwrap().games, 20);
}

#[test]
fn g_w3_two_indicators_at_the_deal() {
    let sc = Scene::new(drawn_to_indicators(), |_| {}, &noten_wall(true));
    assert_eq!(sc.s.indicators, 2);
    // 136 tiles: 4 replacement tiles and two indicator stacks at the back.
    assert_eq!(sc.s.live_end, 128);
    assert_eq!((sc.s.indicator(0), sc.s.indicator(1)), (sc.s.wall[130].kind(), sc.s.wall[128].kind()));
}

/// A wall where seat 2 holds 111p and draws the fourth 1p as its tile at live
/// place `at` (126: one live tile is left after it, the haitei).
fn fourth_1p_at(at: usize) -> [PhysTile; WALL_TILES] {
    let hands = ["123m456m789m123s4s", "456s789s234p567m8m", "111p999s222m55z6z7z", "333p444p555p666s7s"];
    let mut w = wall(hands, "", "");
    let one_p = parse_tiles("1p", &TileSetSpec::four_player()).unwrap()[0];
    let k = (52..).find(|&i| w[i] == one_p).expect("the fourth 1p in the wall");
    w.swap(k, at);
    w
}

#[test]
fn g_k3_a_kan_on_the_tile_before_the_haitei_ends_the_hand() {
    let mut sc = Scene::new(drawn_to_indicators(), |_| {}, &fourth_1p_at(126));
    sc.drift_to_end_of_turns(2);
    while sc.s.next < 127 {
        let now = sc.game.to_move(&sc.s).unwrap();
        sc.act(now, Action::Discard(sc.s.seats[now].drawn.unwrap()));
        sc.drift_to_end_of_turns(2);
    }
    assert_eq!((sc.s.live_left(), sc.s.seats[2].drawn), (1, Some(t("1p"))));
    sc.act(2, Action::ClosedKan(t("1p")));
    assert_eq!(sc.s.record.exhaustive_draws, 1, "no indicator beside: an exhaustive draw at once");
    assert_eq!(sc.s.record.hands, 1);
}

#[test]
fn g_w4_a_kan_indicator_comes_off_the_live_wall_end() {
    // Seat 2 draws the fourth 1p as its first tile (wall place 54).
    let mut sc = Scene::new(drawn_to_indicators(), |_| {}, &fourth_1p_at(54));
    sc.drift_to_end_of_turns(2);
    let live = sc.s.live_left();
    sc.act(2, Action::ClosedKan(t("1p")));
    assert_eq!((sc.s.indicators, sc.s.replacements), (3, 1));
    assert_eq!(sc.s.live_left(), live - 2, "the new indicator's stack leaves the live wall");
    assert_eq!(sc.s.indicator(2), sc.s.wall[126].kind());
    assert_eq!(sc.s.seats[2].drawn, Some(kind(sc.s.wall[132])), "the replacement from the back");
}

#[test]
fn unplayable_table_files_name_the_field() {
    let refused = |change: fn(&mut TableSettings)| {
        let mut settings = TableSettings::preset("ron2-dojo").unwrap();
        change(&mut settings);
        RiichiTable::new(settings).unwrap_err().to_string()
    };
    assert!(refused(|s| s.noten_total = 4_000).contains("`noten_total`"));
    let few = refused(|s| s.wall = WallModel::DrawToIndicator { replacement_tiles: 3 });
    assert!(few.contains("`wall`") && few.contains("every kan"), "{few}");
    let text = PRESETS[0].1;
    let e = TableSettings::from_toml(&text.replace("indicators_at_deal = 1", "indicators_at_deal = 3")).unwrap_err();
    assert!(e.to_string().contains("`indicators_at_deal`"), "{e}");
    let e = TableSettings::from_toml(&text.replace("\"four_kans\"", "\"four_kongs\"")).unwrap_err().to_string();
    assert!(e.contains("four_kongs") && !e.contains('\n'), "{e}");
}

#[test]
fn head_bump_only_the_first_ron_from_the_discarder_wins() {
    // Seats 1 and 2 both ron the dealer's 5p (人和, mangan each).
    let bump = || dojo_with(|s| s.multiple_ron = MultipleRon::HeadBump);
    let double = |game: RiichiTable| {
        let mut sc = Scene::new(game, |s| s.sticks = 1, &three_waits());
        sc.s.points[3] -= 1_000;
        sc.act(0, Action::Discard(t("5p")));
        sc.act(1, Action::Ron);
        sc.act(2, Action::Ron);
        sc.act(3, Action::Pass);
        sc
    };
    let sc = double(bump());
    assert_eq!(sc.s.points, [22_000, 39_000, 30_000, 29_000], "seat 1 alone wins, the stick too");
    assert_eq!((sc.s.record.total_wins(), sc.s.record.double_rons, sc.s.record.deal_ins[0]), (1, 0, 1));
    assert_eq!((sc.s.round, sc.s.honba, sc.s.sticks), (1, 0, 0), "the deal passes");
    let sc = double(dojo());
    assert_eq!(sc.s.points, [14_000, 39_000, 38_000, 29_000], "under `all` both win");
    // Three rons: the abort where it is listed, else the first alone.
    let triple = |game: RiichiTable| {
        let mut sc = Scene::new(game, |_| {}, &three_waits());
        sc.act(0, Action::Discard(t("5p")));
        for seat in 1..4 {
            sc.act(seat, Action::Ron);
        }
        sc
    };
    let sc = triple(bump());
    assert_eq!((sc.s.record.abort_count(Abort::TripleRon), sc.s.points), (1, [30_000; 4]));
    let unlisted = dojo_with(|s| {
        s.multiple_ron = MultipleRon::HeadBump;
        s.aborts.retain(|&a| a != Abort::TripleRon);
    });
    let sc = triple(unlisted);
    assert_eq!(sc.s.points, [22_000, 38_000, 30_000, 30_000]);
    assert_eq!(sc.s.record.total_wins(), 1);
}

#[test]
fn double_ron_honba_first_only_the_first_winner_takes_the_honba() {
    // One honba (300 a win); seats 1 and 2 ron the dealer's 5p for 8,000 each.
    let double = |game: RiichiTable| {
        let mut sc = Scene::new(game, |s| s.honba = 1, &three_waits());
        sc.act(0, Action::Discard(t("5p")));
        sc.act(1, Action::Ron);
        sc.act(2, Action::Ron);
        sc.act(3, Action::Pass);
        sc
    };
    let sc = double(dojo());
    assert_eq!(sc.s.points, [13_400, 38_300, 38_300, 30_000], "`each`: both take the honba");
    let sc = double(dojo_with(|s| s.double_ron_honba = DoubleRonHonba::First));
    assert_eq!(sc.s.points, [13_700, 38_300, 38_000, 30_000], "`first`: seat 1 alone");
    assert_eq!(sc.s.record.win_points, [0, 8_300, 8_000, 0]);
    assert_eq!(sc.s.record.win_value, [0, 8_000, 8_000, 0], "hand values without the honba");
}

#[test]
fn end_sticks_lost_the_last_sticks_go_to_nobody() {
    // South 4, an exhaustive draw with 2 sticks out (as `all_last_draw_gives_the_sticks_to_the_top`).
    let sc = all_last_draw(dojo_with(|s| s.end_sticks = EndSticks::Lost));
    let o = sc.game.outcome(&sc.s);
    assert_eq!(o.points, [43_000, 28_000, 23_000, 24_000]);
    assert_eq!((o.points.iter().sum::<i32>(), sc.s.sticks), (118_000, 2), "2,000 points lost");
    assert_eq!(o.scores, [130 + 150, -20 + 50, -70 - 150, -60 - 50]);
    let sc = all_last_draw(dojo());
    let o = sc.game.outcome(&sc.s);
    assert_eq!(o.points, [45_000, 28_000, 23_000, 24_000], "`top`: seat 0 takes them");
}

#[test]
fn bust_at_zero_ends_the_game_at_exactly_zero() {
    // Seat 2 deals into daisangen: it pays 16,000, the liable dealer the other half.
    let at_zero = |game: RiichiTable| {
        let mut sc = daisangen_calls(game, |s| s.points = [30_000, 30_000, 16_000, 44_000], "");
        sc.act(2, Action::Discard(t("5p")));
        sc.act(1, Action::Ron);
        assert_eq!(sc.s.points, [14_000, 62_000, 0, 44_000]);
        (sc.s.phase == Phase::Over, sc.s.record.bust)
    };
    assert_eq!(at_zero(dojo()), (false, false), "0 points plays on");
    assert_eq!(at_zero(dojo_with(|s| s.bust_at_zero = true)), (true, true), "0 points busts");
}

#[test]
fn multiple_ron_honba_end_sticks_and_bust_line_are_table_file_fields() {
    // Tenhou's presets, and those extending them, set them otherwise (tests_tenhou.rs).
    for (name, _) in PRESETS.iter().filter(|p| !p.0.starts_with("tenhou") && !p.1.contains("extends = \"tenhou")) {
        let s = TableSettings::preset(name).unwrap();
        let got = (s.multiple_ron, s.double_ron_honba, s.end_sticks, s.bust_at_zero);
        assert_eq!(got, (MultipleRon::All, DoubleRonHonba::Each, EndSticks::Top, false), "{name}");
    }
    let text = PRESETS[0].1;
    let s = TableSettings::from_toml(
        &text
            .replace("multiple_ron = \"all\"", "multiple_ron = \"head_bump\"")
            .replace("double_ron_honba = \"each\"", "double_ron_honba = \"first\"")
            .replace("end_sticks = \"top\"", "end_sticks = \"lost\"")
            .replace("bust_at_zero = false", "bust_at_zero = true"),
    )
    .unwrap();
    let got = (s.multiple_ron, s.double_ron_honba, s.end_sticks, s.bust_at_zero);
    assert_eq!(got, (MultipleRon::HeadBump, DoubleRonHonba::First, EndSticks::Lost, true));
    let e = TableSettings::from_toml(&text.replace("multiple_ron = \"all\"", "multiple_ron = \"atama\""));
    assert!(e.unwrap_err().to_string().contains("atama"));
    for field in ["multiple_ron", "double_ron_honba", "end_sticks", "bust_at_zero"] {
        let line = text.lines().find(|l| l.starts_with(field)).unwrap();
        let e = TableSettings::from_toml(&text.replace(line, "")).unwrap_err().to_string();
        assert!(e.contains(field), "{e}");
    }
}

#[test]
fn extension_kuikae_and_tenpai_stop_are_table_file_fields() {
    // Tenhou's presets, and those extending them, set them otherwise (tests_tenhou.rs).
    for (name, _) in PRESETS.iter().filter(|p| !p.0.starts_with("tenhou") && !p.1.contains("extends = \"tenhou")) {
        let s = TableSettings::preset(name).unwrap();
        let today = (s.extension, s.dealer_may_stop_tenpai, s.kuikae);
        assert_eq!(today, (Extension::None, false, Kuikae::Allowed), "{name}");
    }
    let text = PRESETS[0].1;
    let s = TableSettings::from_toml(
        &text
            .replace("extension = \"none\"", "extension = { target = 30000 }")
            .replace("dealer_may_stop_tenpai = false", "dealer_may_stop_tenpai = true")
            .replace("kuikae = \"allowed\"", "kuikae = \"forbidden\""),
    )
    .unwrap();
    assert_eq!(
        (s.extension, s.dealer_may_stop_tenpai, s.kuikae),
        (Extension::Target { target: 30_000 }, true, Kuikae::Forbidden)
    );
    for (from, to, field) in [
        ("extension = \"none\"\n", "", "extension"),
        ("kuikae = \"allowed\"\n", "", "kuikae"),
        ("dealer_may_stop_tenpai = false\n", "", "dealer_may_stop_tenpai"),
        ("extension = \"none\"", "extension = { target = 0 }", "extension"),
        ("extension = \"none\"", "extension = { target = 30000, winds = 3 }", "extension"),
        ("kuikae = \"allowed\"", "kuikae = \"suji\"", "kuikae"),
    ] {
        let e = TableSettings::from_toml(&text.replace(from, to)).unwrap_err().to_string();
        assert!(e.to_lowercase().contains(field) || e.contains("suji"), "{to}: {e}");
    }
    let goto = PRESETS.iter().find(|p| p.0 == "goto").unwrap().1;
    let e = TableSettings::from_toml(&goto.replace("extension = \"none\"", "extension = { target = 40000 }"));
    assert!(e.unwrap_err().to_string().contains("extension"), "sudden death has its own end");
}

#[test]
fn extension_plays_west_until_someone_reaches_the_target() {
    let west = || dojo_with(|s| s.extension = Extension::Target { target: 35_000 });
    // South 4: seat 3 deals, noten; seat 0 tenpai ends at 34,000, below the target.
    let south4 = |s: &mut TableState| {
        s.round = 7;
        s.points = [31_000, 31_000, 29_000, 29_000];
    };
    let mut sc = Scene::new(dojo(), south4, &noten_wall(false));
    sc.drift_to_end();
    assert_eq!(sc.s.phase, Phase::Over, "without the extension South 4 ends the game");
    let mut sc = Scene::new(west(), south4, &noten_wall(false));
    sc.drift_to_end();
    assert_eq!(sc.s.points, [34_000, 30_000, 28_000, 28_000]);
    assert_eq!((sc.s.round, sc.s.round_wind(), sc.s.phase != Phase::Over), (8, 2, true), "西入: West 1");
    // West 1, the dealer (seat 0) tenpai repeats, but its 35,500 ends the game.
    let west1 = |s: &mut TableState| {
        s.round = 8;
        s.points = [34_000, 30_000, 28_000, 28_000];
    };
    let mut sc = Scene::new(west(), west1, &noten_wall(true));
    sc.drift_to_end();
    assert_eq!((sc.s.points[0], sc.s.phase), (35_500, Phase::Over), "someone at the target");
    // Nobody there after West 4: the game ends at the latest there.
    let west4 = |s: &mut TableState| {
        s.round = 11;
        s.points = [31_000, 31_000, 29_000, 29_000];
    };
    let mut sc = Scene::new(west(), west4, &noten_wall(false));
    sc.drift_to_end();
    assert_eq!(sc.s.phase, Phase::Over, "no North round");
}

#[test]
fn random_games_with_an_extension_play_into_the_next_wind_and_end() {
    // Tonpuu into South with a target few reach: games go past the East, and end.
    let game = dojo_with(|s| {
        s.length = Length::Tonpuu;
        s.extension = Extension::Target { target: 45_000 };
    });
    let mut table = crate::Table::new(&game);
    let mut late = 0;
    for i in 0..20 {
        let mut bots = [Bot::efficiency(); 4];
        let [a, b, c, d] = &mut bots;
        let mut players: [&mut dyn crate::Strategy<RiichiTable>; 4] = [a, b, c, d];
        let o = table.play(&game, &mut players, &mut crate::GameSeeds::new(3).rng(i));
        let (round, top) = (table.state().round, o.points.iter().copied().max().unwrap());
        assert!(round <= 8, "round {round}");
        assert!(o.bust || top >= 45_000 || round == 8, "ended early: round {round}, top {top}");
        late += o.late_hands;
    }
    assert!(late > 0, "some games reached South");
    let check = PlayCheck { games: 10, seed: 4, max_decisions: 30_000 };
    let stats = check_play(&game, &mut [Bot::efficiency(), Bot::random(), Bot::defensive(), Bot::random()], &check);
    assert_eq!(stats.unwrap().games, 10);
}

#[test]
fn dealer_may_stop_tenpai_at_the_all_last_draw() {
    let all_last = |s: &mut TableState| s.round = 7;
    let game = || dojo_with(|s| s.dealer_may_stop_tenpai = true);
    // South 4: the dealer (seat 3) is tenpai at the draw and may stop.
    let mut sc = Scene::new(game(), all_last, &noten_wall(true));
    sc.drift_to_end();
    assert_eq!(sc.s.phase, Phase::Stop { seat: 3 });
    assert_eq!(sc.legal(), [Action::Stop, Action::Continue]);
    sc.act(3, Action::Stop);
    assert!(sc.s.phase == Phase::Over && sc.s.record.dealer_stopped);
    // Or plays on: the repeat.
    let mut sc = Scene::new(game(), all_last, &noten_wall(true));
    sc.drift_to_end();
    sc.act(3, Action::Continue);
    assert_eq!((sc.s.round, sc.s.honba, sc.s.phase), (7, 1, Phase::Turn { seat: 3, called: false, rinshan: false }));
    // Not before the all-last, nor without the rule (和了やめ alone stops after a win only).
    let mut sc = Scene::new(game(), |s| s.round = 6, &noten_wall(true));
    sc.drift_to_end();
    assert!(matches!(sc.s.phase, Phase::Turn { seat: 2, .. }), "South 3 repeats");
    let mut sc = Scene::new(dojo_with(|s| s.dealer_may_stop = true), all_last, &noten_wall(true));
    sc.drift_to_end();
    assert!(matches!(sc.s.phase, Phase::Turn { seat: 3, .. }), "the dealer repeats");
}

/// 道場's deal with the dealer's 2m and 7p for seat 1 (2345m: chi 2m with 34m) and seat 2
/// (777p: pon).
fn kuikae_wall() -> [PhysTile; WALL_TILES] {
    wall(["2m7p1s9s1p9p11z22z33z4z", "2345m789s456p55z6z", "777p123s456s888m9m", "111m666m234p69p77z"], "", "")
}

#[test]
fn kuikae_forbidden_bars_the_called_kind_and_its_suji_swap() {
    let discards = |game: RiichiTable, first: &str, caller: usize, call: Action| {
        let mut sc = Scene::new(game, |_| {}, &kuikae_wall());
        sc.act(0, Action::Discard(t(first)));
        while sc.game.to_move(&sc.s) != Some(caller) {
            let seat = sc.game.to_move(&sc.s).unwrap();
            sc.act(seat, Action::Pass);
        }
        sc.act(caller, call);
        assert_eq!(sc.s.phase, Phase::Turn { seat: caller as u8, called: true, rinshan: false });
        sc.legal().into_iter().filter_map(Action::gives).collect::<Vec<_>>()
    };
    let forbidden = || dojo_with(|s| s.kuikae = Kuikae::Forbidden);
    // Chi 2m with 34m: 2m (現物) and 5m (筋) are barred.
    let chi = Action::Chi(t("2m"));
    let (free, barred) = (discards(dojo(), "2m", 1, chi), discards(forbidden(), "2m", 1, chi));
    assert!(free.contains(&t("2m")) && free.contains(&t("5m")), "{free:?}");
    assert!(!barred.contains(&t("2m")) && !barred.contains(&t("5m")), "{barred:?}");
    assert_eq!(free.len(), barred.len() + 2, "{free:?} {barred:?}");
    // Pon 7p holding 777p: the fourth 7p is barred.
    let (free, barred) = (discards(dojo(), "7p", 2, Action::Pon), discards(forbidden(), "7p", 2, Action::Pon));
    assert!(free.contains(&t("7p")) && !barred.contains(&t("7p")), "{free:?} {barred:?}");
    assert_eq!(free.len(), barred.len() + 1);
}

#[test]
fn kuikae_bars_each_side_of_a_chi_and_refuses_a_call_leaving_no_discard() {
    let bits = |kinds: &[&str]| kinds.iter().fold(0u64, |m, k| m | 1 << t(k).index());
    let f = Kuikae::Forbidden;
    assert_eq!(f.banned(t("2m"), Some(t("2m"))), bits(&["2m", "5m"]), "34m chi 2m");
    assert_eq!(f.banned(t("5m"), Some(t("3m"))), bits(&["5m", "2m"]), "34m chi 5m");
    assert_eq!(f.banned(t("4m"), Some(t("3m"))), bits(&["4m"]), "35m chi 4m: 嵌張");
    assert_eq!(f.banned(t("7s"), Some(t("7s"))), bits(&["7s"]), "89s chi 7s: nothing above 9s");
    assert_eq!(f.banned(t("3p"), Some(t("1p"))), bits(&["3p"]), "12p chi 3p: nothing below 1p");
    assert_eq!(f.banned(t("1z"), None), bits(&["1z"]), "a pon");
    assert_eq!(Kuikae::Allowed.banned(t("2m"), Some(t("2m"))), 0);
    let counts = |s: &str| {
        let mut h = [0u8; 34];
        for k in crate::mahjong::parse_kinds(s).unwrap() {
            h[k.index()] += 1;
        }
        h
    };
    let (strict, free) = (dojo_with(|s| s.kuikae = Kuikae::Forbidden), dojo());
    // 2344m chi 1m leaves 44m, both barred; 2345m chi 1m leaves 5m.
    assert!(!strict.kuikae_leaves(&counts("2344m"), t("1m"), t("1m")));
    assert!(free.kuikae_leaves(&counts("2344m"), t("1m"), t("1m")));
    assert!(strict.kuikae_leaves(&counts("2345m"), t("1m"), t("1m")));
}

/// The dealer (234m 456m 678p 234s 5s, tanyao waiting on 5s) rons seat 1's first discard,
/// 5s, after `wins` dealer wins in a row: returns the dealer's gain and its run after.
fn dealer_ron_after(game: RiichiTable, wins: u8) -> (i32, u8) {
    let hands = ["234m456m678p234s5s", "111z222z333z444z9p", "11p", "22p"];
    let mut sc = Scene::new(game, |s| s.dealer_wins = wins, &wall(hands, "9s5s", ""));
    sc.drift_to_end_of_turns(1);
    sc.act(1, Action::Discard(t("5s")));
    sc.act(0, Action::Ron);
    (sc.s.points[0] - 30_000, sc.s.dealer_wins)
}

#[test]
fn paarenchan_makes_the_dealers_eighth_win_in_a_row_a_yakuman() {
    let eight = || dojo_with(|s| s.paarenchan = 8);
    // 40 fu 1 han: 2,000 from a dealer; the eighth win in a row: 48,000.
    assert_eq!(dealer_ron_after(eight(), 6), (2_000, 7), "the seventh win is the hand's own");
    assert_eq!(dealer_ron_after(eight(), 7), (48_000, 8), "八連荘");
    assert_eq!(dealer_ron_after(eight(), 9), (48_000, 10), "and every later one");
    assert_eq!(dealer_ron_after(dojo(), 7), (2_000, 8), "Ron2 has no such rule (the default)");
    // A tenpai draw keeps the deal but ends the run.
    let mut sc = Scene::new(eight(), |s| s.dealer_wins = 7, &karaten_wall());
    sc.drift_to_end();
    assert_eq!((sc.s.round, sc.s.dealer_wins), (0, 0));
    let bad = TableSettings::preset_text("ron2-dojo").unwrap().replace("paarenchan = 0", "paarenchan = 1");
    assert!(TableSettings::from_toml(&bad).unwrap_err().to_string().contains("paarenchan"));
}
