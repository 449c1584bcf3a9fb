//! Three seats at the Gotō table (GOTO-SPEC §1–§3, §5, §6): the wall drawn to two
//! indicators, flowers set aside as they come, norths extracted and robbed, the game's
//! length, the forced kan, nagashi.

use super::config::{Ending, HandEnd, Next};
use super::tests_scenarios::{Scene, feed_seat, fixed_wall, goto, t};
use super::*;
use crate::mahjong::TileSetSpec;
use crate::testing::{PlayCheck, check_play};
use crate::{Game, GameSeeds, Strategy, Table};

/// Replacement tiles at the back of the 112-piece wall (G-W4: 4 kans, 4 norths, 4 flowers).
pub(super) const FIRST_REPLACEMENT: usize = 100;

/// A 112-piece wall: the three hands (dealer first), the draws in order, the
/// replacement tiles in order.
pub(super) fn wall(hands: [&str; 3], draws: &str, replacements: &str) -> Vec<PhysTile> {
    fixed_wall(&TileSetSpec::goto(), &hands, draws, FIRST_REPLACEMENT, replacements)
}

/// The dealer holds a north (4z); seat 1 is thirteen orphans waiting on the north (a
/// north stays in a hand only for kokushi or 四喜和, G-X1, so only such a hand rons one).
pub(super) const HANDS: [&str; 3] = ["9m123p456p789s4z5z6z", "19m19p19s1z1z2z3z5z6z7z", "1199m2378s1z2z3z6z7z"];

#[test]
fn three_player_random_games_keep_every_piece() {
    let game = goto();
    assert_eq!(game.num_seats(), 3);
    let check = PlayCheck { games: 30, seed: 5, max_decisions: 20_000 };
    let stats = check_play(&game, &mut [Bot::efficiency(), Bot::random(), Bot::defensive()], &check).unwrap();
    assert_eq!(stats.games, 30);
    // Extraction happens in these games: norths and flowers were taken out.
    let mut table = Table::new(&game);
    let (mut norths, mut flowers) = (0, 0);
    for i in 0..10 {
        let o = table.play(&game, &mut [Bot::efficiency(); 3], &mut GameSeeds::new(5).rng(i));
        assert_eq!(o.points[..3].iter().sum::<i32>(), 3 * 35_000);
        assert_eq!((o.points[3], o.ranks[3]), (0, NO_SEAT), "no fourth seat");
        norths += o.norths.iter().sum::<u16>();
        flowers += o.flowers.iter().sum::<u16>();
    }
    assert!(norths > 0 && flowers > 0, "{norths} norths, {flowers} flowers");
}

#[test]
fn g_x1_g_x2_a_north_is_extracted_never_discarded_and_replaced_from_the_back() {
    let mut sc = Scene::new(goto(), |_| {}, &wall(HANDS, "1z", "2z"));
    assert!(!sc.legal().contains(&Action::Discard(Tile::NORTH)), "north is air");
    sc.act(0, Action::Nuki(Tile::NORTH));
    // Seat 1 waits on the north: it is asked first (G-X5).
    assert_eq!(sc.game.to_move(&sc.s), Some(1));
    sc.act(1, Action::Pass);
    assert_eq!(sc.s.phase, Phase::Turn { seat: 0, called: false, rinshan: true });
    assert_eq!((sc.s.seats[0].nuki.total(), sc.s.seats[0].drawn, sc.s.replacements), (1, Some(t("2z")), 1));
    assert!(sc.s.seats[1].temp_furiten, "a passed north is a passed winning tile");
}

#[test]
fn g_x5_others_may_ron_an_extracted_north() {
    let mut sc = Scene::new(goto(), |_| {}, &wall(HANDS, "1z", "2z"));
    sc.act(0, Action::Nuki(Tile::NORTH));
    sc.act(1, Action::Ron);
    assert_eq!(sc.s.record.wins[1], 1);
    assert_eq!(sc.s.record.deal_ins[0], 1, "the extracting seat pays");
    assert!(sc.s.points[1] > 35_000 && sc.s.points[0] < 35_000 && sc.s.points[2] == 35_000, "{:?}", sc.s.points);
}

#[test]
fn g_x5_a_seat_that_extracted_a_north_may_not_ron_one() {
    // Seat 1 draws a north and extracts it rather than winning on it, then the dealer
    // extracts its own: seat 1 is not asked.
    let mut sc = Scene::new(goto(), |_| {}, &wall(HANDS, "1z4z3z9s", "2z5s"));
    sc.act(0, Action::Discard(t("1z")));
    sc.act(1, Action::Pass);
    assert!(sc.legal().contains(&Action::Tsumo), "kokushi drew its north");
    sc.act(1, Action::Nuki(Tile::NORTH));
    sc.act(1, Action::Discard(t("2z")));
    sc.act(2, Action::Discard(t("3z")));
    sc.act(0, Action::Nuki(Tile::NORTH));
    assert_eq!(sc.s.phase, Phase::Turn { seat: 0, called: false, rinshan: true }, "nobody asked");
    assert_eq!((sc.s.seats[0].drawn, sc.s.seats[1].nuki.total()), (Some(t("5s")), 1));
}

#[test]
fn g_x1_flowers_are_set_aside_at_the_deal_and_as_they_are_drawn() {
    let hands = ["9m123p456p789s1f5z6z", HANDS[1], HANDS[2]];
    let mut sc = Scene::new(goto().with_hand_log(true), |_| {}, &wall(hands, "1z2f", "7z9p"));
    let dealer = &sc.s.seats[0];
    assert_eq!((dealer.flowers, dealer.concealed_len()), (1 << Flower::Spring as u8, 14));
    assert_eq!(sc.s.replacements, 1, "the dealt spring was replaced by the first replacement tile");
    sc.act(0, Action::Discard(t("1z")));
    sc.act(1, Action::Pass);
    assert_eq!(sc.s.seats[1].flowers, 1 << Flower::Summer as u8);
    assert_eq!(sc.s.seats[1].drawn, Some(t("9p")), "summer drawn, replaced at once");
    let order = sc.s.hand.extractions().iter().map(|e| (e.seat, e.piece)).collect::<Vec<_>>();
    assert_eq!(order, [(0, Extracted::Flower(Flower::Spring)), (1, Extracted::Flower(Flower::Summer))], "in order");
    assert_eq!(sc.s.phase, Phase::Turn { seat: 1, called: false, rinshan: true });
    assert_eq!(sc.s.replacements, 2);
}

/// What follows a hand of a three-seat game ending in round `round` with the top at `top`.
fn after(round: u8, renchan: bool, dealer_won: bool, top: i32, may_stop: bool) -> Next {
    let length = Length::EastSuddenDeath { target: 40_000, winds: 2 };
    length.after(
        HandEnd { round, renchan, dealer_won, dealer_tenpai: false, top, dealer_first: false, players: 3 },
        Ending { may_stop, ..Ending::NONE },
    )
}

#[test]
fn g_s4_east_then_south_in_sudden_death_with_a_hard_stop() {
    assert_eq!(after(1, false, false, 52_000, true), Next::Play, "東2: the East is played out");
    assert_eq!(after(2, false, false, 40_000, true), Next::End, "東3 passes with the top at 40,000");
    assert_eq!(after(2, false, false, 39_000, true), Next::Play, "the top below 40,000: South");
    assert_eq!(after(3, false, false, 41_000, true), Next::End, "南1 leaves someone at 40,000 or more");
    assert_eq!(after(3, true, false, 40_000, true), Next::End, "a draw that leaves someone there too");
    assert_eq!(after(4, false, false, 39_000, true), Next::Play, "南2: nobody there yet");
    assert_eq!(after(5, true, false, 39_000, true), Next::Play, "南3 repeats");
    assert_eq!(after(5, false, false, 39_000, true), Next::End, "the hard stop after 南3");
}

#[test]
fn g_s5_the_all_last_dealer_may_stop_after_its_win_only_when_someone_has_40000() {
    assert_eq!(after(2, true, true, 45_000, true), Next::DealerChooses, "東3 won by its dealer");
    assert_eq!(after(2, true, true, 39_000, true), Next::Play, "nobody at 40,000: no stop");
    assert_eq!(after(2, true, false, 45_000, true), Next::Play, "no stop on a draw: the dealer repeats");
    assert_eq!(after(1, true, true, 45_000, true), Next::Play, "東2 is not the all-last");
    assert_eq!(after(4, true, true, 41_000, true), Next::DealerChooses, "sudden death, the dealer won");
    assert_eq!(after(4, true, true, 41_000, false), Next::End, "without 和了やめ the target ends it");
    // Ron2's hanchan is unchanged: South 4 ends unless the dealer repeats.
    let ron2 = |renchan| {
        Length::Hanchan.after(
            HandEnd {
                round: 7,
                renchan,
                dealer_won: renchan,
                dealer_tenpai: false,
                top: 0,
                dealer_first: false,
                players: 4,
            },
            Ending::NONE,
        )
    };
    assert_eq!((ron2(false), ron2(true)), (Next::End, Next::Play));
}

#[test]
fn g_s5_bots_meet_the_dealers_choice_and_take_it_when_first() {
    let game = goto();
    let (mut asked, mut stopped) = (0, 0);
    let mut legal = Vec::new();
    for i in 0..40 {
        let mut rng = GameSeeds::new(9).rng(i);
        let mut s = game.new_state();
        game.reset(&mut s, &mut rng);
        let mut bots = [Bot::efficiency(); 3];
        while let Some(seat) = game.to_move(&s) {
            game.legal_actions(&s, &mut legal);
            let a = bots[seat].choose(&game.view(&s, seat), &legal, &mut rng);
            if legal.contains(&Action::Stop) {
                asked += 1;
                let first = (0..3).filter(|&o| o != seat).all(|o| s.points[o] < s.points[seat]);
                assert_eq!(a == Action::Stop, first, "the bot stops exactly when first");
                stopped += usize::from(a == Action::Stop);
            }
            game.apply(&mut s, a, &mut rng);
        }
    }
    assert!(asked > 0 && stopped > 0, "{asked} choices, {stopped} stops");
}

/// The dealer in riichi on `dealer` (after throwing a 1z) draws `fourth` (G-K4's examples).
fn fourth_in_riichi(game: RiichiTable, dealer: &str, fourth: &str) -> Scene {
    let hands = [dealer, HANDS[1], HANDS[2]];
    let mut sc = Scene::new(game, |_| {}, &wall(hands, &format!("1z3z5s{fourth}"), "2z"));
    sc.act(0, Action::Riichi(t("1z")));
    sc.act(1, Action::Pass);
    sc.act(1, Action::Discard(t("3z")));
    sc.act(2, Action::Discard(t("5s")));
    assert_eq!(sc.s.seats[0].drawn, Some(t(fourth)));
    sc
}

#[test]
fn g_k4_a_kan_keeping_the_waits_after_riichi_is_forced() {
    let sc = fourth_in_riichi(goto(), "222333444p11s78s", "2p");
    assert_eq!(sc.legal(), [Action::ClosedKan(t("2p"))], "333444p 11s 78s still waits on 6s/9s");
    for fourth in ["2p", "5p"] {
        let sc = fourth_in_riichi(goto(), "2223450gp11s789s", fourth);
        // Either draw also wins; not winning, the seat must make the kan (no discard).
        let legal = [Action::Tsumo, Action::ClosedKan(t(fourth))];
        assert_eq!(sc.legal(), legal, "22234555p drawing {fourth}: the waits stay");
    }
    let mut settings = goto().settings().clone();
    settings.riichi_kan = RiichiKan::Waits;
    let sc = fourth_in_riichi(RiichiTable::new(settings).unwrap(), "222333444p11s78s", "2p");
    assert_eq!(sc.legal(), [Action::ClosedKan(t("2p")), Action::Discard(t("2p"))], "allowed, not forced");
}

/// Whether `p` is a terminal or an honour other than the north (which is extracted).
fn nagashi_piece(p: PhysTile) -> bool {
    p.kind().is_some_and(|t| t.is_terminal_or_honor() && t != Tile::NORTH)
}

#[test]
fn g_p3_nagashi_yakuman_is_paid_as_a_tsumo_instead_of_noten_payments() {
    // Seat 1 draws only terminals and honours (no north), and discards each as drawn.
    let mut w = wall(HANDS, "", "");
    feed_seat(&mut w, 3, 1, 96, nagashi_piece);
    let mut sc = Scene::new(goto().with_hand_log(true), |_| {}, &w);
    while sc.s.record.hands == 0 {
        let seat = sc.game.to_move(&sc.s).unwrap();
        let a = match sc.s.phase {
            Phase::Turn { .. } if sc.legal().contains(&Action::Nuki(Tile::NORTH)) => Action::Nuki(Tile::NORTH),
            Phase::Turn { .. } => Action::Discard(sc.s.seats[seat].drawn.unwrap()),
            _ => Action::Pass,
        };
        sc.act(seat, a);
    }
    let r = &sc.s.record;
    assert_eq!((r.exhaustive_draws, r.wins[1], r.tsumo_wins[1]), (1, 1, 1));
    assert_eq!(r.yaku_count(crate::mahjong::Yaku::NagashiYakuman), 1);
    let gained = sc.s.points[1] - 35_000;
    assert!(gained > 0 && sc.s.points.iter().sum::<i32>() == 3 * 35_000, "{:?}", sc.s.points);
    assert_eq!(r.win_points[1], gained as u32, "no noten payments on top");
    let h = &sc.s.hand_log.hands()[0];
    assert_eq!(
        (h.ending, h.win_count, h.wins[0].nagashi, h.wins[0].red, h.wins[0].ippatsu),
        (HandEnding::Draw, 1, true, 0, false)
    );
    assert_eq!((sc.s.round, sc.s.honba), (0, 1), "the dealer repeats on the draw");
}

#[test]
fn g_x1_bots_extract_norths_except_for_kokushi() {
    // The dealer: 12 kinds of terminals and honours with the north (kokushi 1-shanten).
    let hands = ["19m19p19s1z2z3z4z5z6z5p", HANDS[1], HANDS[2]];
    let sc = Scene::new(goto(), |_| {}, &wall(hands, "5s", ""));
    let choose = |sc: &Scene| {
        let legal = sc.legal();
        Bot::efficiency().choose(&sc.game.view(&sc.s, 0), &legal, &mut GameSeeds::new(1).rng(0))
    };
    assert!(sc.legal().contains(&Action::Nuki(Tile::NORTH)));
    assert_ne!(choose(&sc), Action::Nuki(Tile::NORTH), "kept for kokushi");
    let sc = Scene::new(goto(), |_| {}, &wall(HANDS, "1z", ""));
    assert_eq!(choose(&sc), Action::Nuki(Tile::NORTH), "any other hand extracts it at once");
}

#[test]
fn the_hand_log_accounts_for_every_hand_of_a_game() {
    let game = goto().with_hand_log(true);
    let mut table = Table::new(&game);
    let (mut wins, mut extracted) = (0, 0);
    for i in 0..60 {
        let o = table.play(
            &game,
            &mut [Bot::efficiency(), Bot::defensive(), Bot::efficiency()],
            &mut GameSeeds::new(8).rng(i),
        );
        let hands = table.state().hand_log.hands();
        assert_eq!((hands.len(), table.state().hand_log.dropped), (usize::from(o.hands), 0));
        assert_eq!(hands[0].points_before[..3], [35_000; 3]);
        for pair in hands.windows(2) {
            assert_eq!(pair[0].points_after, pair[1].points_before, "game {i}: each hand starts where the last ended");
        }
        for h in hands {
            let gained = |w: &WinRecord| h.points_after[usize::from(w.seat)] > h.points_before[usize::from(w.seat)];
            assert!(h.wins().iter().all(gained), "game {i}: a winner gains");
            assert_eq!(h.ending == HandEnding::Win, h.wins().iter().any(|w| !w.nagashi));
            wins += h.wins().len();
            extracted += h.extractions().len();
        }
        assert_eq!(hands.iter().map(|h| h.wins().len()).sum::<usize>(), usize::from(o.total_wins()));
        let set_aside = o.norths.iter().chain(&o.flowers).map(|&n| usize::from(n)).sum::<usize>();
        assert_eq!(hands.iter().map(|h| h.extractions().len()).sum::<usize>(), set_aside, "game {i}");
    }
    assert!(wins > 100 && extracted > 100, "{wins} wins, {extracted} extractions");
}

#[test]
fn g_s7_double_ron_pays_each_winner_its_honba() {
    // Seats 1 and 2 wait on 6p/9p (haku and hatsu triplets); the dealer throws a 9p on its
    // second turn, with one honba on the table.
    let hands = ["19m19s23p57s28s22z3z", "555z123p456p78p11s", "666z123s456s78p22s"];
    let mut sc = Scene::new(goto(), |s| s.honba = 1, &wall(hands, "3z7z1z9p", ""));
    for (seat, a) in [(0, "3z"), (1, "7z"), (2, "1z")] {
        sc.act(seat, Action::Discard(t(a)));
    }
    sc.act(0, Action::Discard(t("9p")));
    let ron = |s: &TableState, seat: usize| match sc.game.score_ron(s, seat, t("9p"), OfferKind::Discard) {
        Ok(score) => match score.payment {
            crate::mahjong::Payment::Ron(x) => x as i32,
            other => panic!("{other:?}"),
        },
        Err(e) => panic!("{e}"),
    };
    let mut no_honba = sc.s.clone();
    no_honba.honba = 0;
    let pays = [ron(&sc.s, 1), ron(&sc.s, 2)];
    assert_eq!([pays[0] - ron(&no_honba, 1), pays[1] - ron(&no_honba, 2)], [2_000, 2_000], "honba to each");
    let before = sc.s.points;
    sc.act(1, Action::Ron);
    sc.act(2, Action::Ron);
    assert_eq!(sc.s.record.double_rons, 1);
    let gained = |s: usize| sc.s.points[s] - before[s];
    assert_eq!([gained(0), gained(1), gained(2)], [-pays[0] - pays[1], pays[0], pays[1]]);
}

#[test]
fn an_extension_plays_the_next_wind_until_someone_reaches_the_target() {
    let ending = Ending { extension: super::Extension::Target { target: 30_000 }, ..Ending::NONE };
    let tonpuu = |round, renchan, top| {
        let h =
            HandEnd { round, renchan, dealer_won: false, dealer_tenpai: false, top, dealer_first: false, players: 4 };
        (Length::Tonpuu.after(h, ending), Length::Tonpuu.after(h, Ending::NONE))
    };
    assert_eq!(tonpuu(2, false, 29_000), (Next::Play, Next::Play), "東3");
    assert_eq!(tonpuu(3, false, 31_000), (Next::End, Next::End), "東4 with someone at 30,000");
    assert_eq!(tonpuu(3, false, 29_000), (Next::Play, Next::End), "南入");
    assert_eq!(tonpuu(3, true, 29_000), (Next::Play, Next::Play), "東4 repeats");
    assert_eq!(tonpuu(3, true, 31_000), (Next::Play, Next::Play), "東4 repeats, as without the extension");
    assert_eq!(tonpuu(4, true, 30_000), (Next::End, Next::Play), "南1: a repeat reaching the target ends it");
    assert_eq!(tonpuu(6, false, 29_000).0, Next::Play, "南3");
    assert_eq!(tonpuu(7, true, 29_000).0, Next::Play, "南4 repeats");
    assert_eq!(tonpuu(7, false, 29_000).0, Next::End, "the end of South at the latest");
}

#[test]
fn tenpai_stop_lets_the_dealer_choose_at_a_draw_when_the_game_could_end() {
    let ending = Ending { may_stop_tenpai: true, ..Ending::NONE };
    let draw = |length: Length, round, top, players| {
        let h =
            HandEnd { round, renchan: true, dealer_won: false, dealer_tenpai: true, top, dealer_first: false, players };
        (length.after(h, ending), length.after(h, Ending { may_stop: true, ..Ending::NONE }))
    };
    assert_eq!(draw(Length::Hanchan, 7, 0, 4), (Next::DealerChooses, Next::Play), "南4");
    assert_eq!(draw(Length::Hanchan, 6, 0, 4), (Next::Play, Next::Play), "南3");
    let sudden = Length::EastSuddenDeath { target: 40_000, winds: 2 };
    assert_eq!(draw(sudden, 2, 45_000, 3), (Next::DealerChooses, Next::Play), "東3 with someone at 40,000");
    assert_eq!(draw(sudden, 4, 41_000, 3), (Next::DealerChooses, Next::End), "sudden death");
    assert_eq!(draw(sudden, 4, 39_000, 3), (Next::Play, Next::Play), "nobody there");
}

#[test]
fn three_random_bots_at_goto_end_at_the_hand_cap_with_every_point_kept() {
    // Random bots never win, and Gotō's dealer repeats on every draw (G-S3): without the
    // cap the game never ends (and the honba count overflowed).
    let game = goto();
    assert_eq!(game.settings().max_hands, 200);
    let mut table = Table::new(&game);
    let mut capped = 0;
    for i in 0..10 {
        let o = table.play(&game, &mut [Bot::random(); 3], &mut GameSeeds::new(11).rng(i));
        assert!(o.hands <= 200 && o.capped == (o.hands == 200), "game {i}: capped {}, {} hands", o.capped, o.hands);
        assert_eq!(o.points[..3].iter().sum::<i32>(), 3 * 35_000);
        capped += usize::from(o.capped);
    }
    assert!(capped > 0, "no random game reached the cap");
    // A cap of one hand ends a game that was going on, and only then counts as capped.
    let one = |cap: &str| {
        let text = format!("extends = \"goto\"\nname = \"short\"\nmax_hands = {cap}\n");
        TableSettings::from_toml(&text).map(|s| RiichiTable::new(s).unwrap())
    };
    let short = one("1").unwrap();
    let o = Table::new(&short).play(&short, &mut [Bot::efficiency(); 3], &mut GameSeeds::new(11).rng(0));
    assert!(o.capped && o.hands == 1, "{} hands", o.hands);
    let o = Table::new(&game).play(&game, &mut [Bot::efficiency(); 3], &mut GameSeeds::new(11).rng(0));
    assert!(!o.capped && o.hands < 200, "{} hands", o.hands);
    for bad in ["0", "251"] {
        let e = one(bad).unwrap_err().to_string();
        assert!(e.contains("max_hands"), "{bad}: {e}");
    }
}
