//! Three-player Tenhou (`tenhou-sanma`): its settlement, payments with the tsumo loss, the
//! dead wall of 14 with 8 replacement tiles, each piece of its north extraction (against the
//! same table with Gotō's reading of that piece), and its own records replaying clean.

use super::mjai::Event;
use super::replay::replay;
use super::state::OfferKind;
use super::tests_scenarios::{Scene, t};
use super::*;
use crate::mahjong::payment::pay;
use crate::mahjong::{Nuki, Payment, Rules};
use crate::testing::{PlayCheck, check_play};
use crate::{Game, GameSeeds, Table};

fn sanma_with(change: impl FnOnce(&mut TableSettings)) -> RiichiTable {
    let mut settings = TableSettings::preset("tenhou-sanma").unwrap();
    change(&mut settings);
    RiichiTable::new(settings).unwrap()
}

/// The dealer holds a north (4z) and a 9m; seat 1 is thirteen orphans waiting on the north;
/// seat 2 holds 99m (a pon of the dealer's 9m) and a north.
fn north_scene(game: RiichiTable) -> Scene {
    let hands = ["9m123p456p789s4z5z6z", "19m19p19s1z1z2z3z5z6z7z", "1199m2378s1z2z3z4z7z"];
    Scene::dealt(game, &hands, "1z", "2z")
}

#[test]
fn tenhou_sanma_settles_35000_40000_with_uma_20_0_20_and_the_oka() {
    let s = TableSettings::preset("tenhou-sanma").unwrap();
    let game = RiichiTable::new(s.clone()).unwrap();
    assert_eq!((game.num_seats(), game.layout.tiles(), game.layout.max_replacements()), (3, 108, 8));
    let pts = [55_000, 35_000, 15_000, 0];
    // +15 +20 +15 (oka); −5 0; −25 −20.
    assert_eq!(s.final_scores(&pts, &ranks(&pts[..3])), [500, -50, -450, 0]);
    assert_eq!((s.chi, s.noten_total, s.extension), (false, 3000, Extension::Target { target: 40_000 }));
}

#[test]
fn tenhou_sanma_pays_the_four_player_way_with_the_tsumo_loss_and_200_a_repeat() {
    let r = Rules::preset("tenhou-sanma").unwrap();
    assert_eq!(r.players, 3);
    let tsumo = |d, n| Payment::Tsumo { dealer_pays: d, non_dealer_pays: n };
    // A non-dealer mangan tsumo: 4,000 from the dealer and 2,000 from the other, 6,000 in all.
    assert_eq!(pay(&r, 2000, false, true, 0, 0), (tsumo(4000, 2000), 6000));
    // The dealer's: 4,000 from each of two, 8,000; one repeat adds 100 from each payer.
    assert_eq!(pay(&r, 2000, true, true, 1, 0), (tsumo(0, 4100), 8200));
    // A ron with one repeat: 8,000 + 200.
    assert_eq!(pay(&r, 2000, false, false, 1, 0).0, Payment::Ron(8200));
    // 1m indicates 9m.
    assert_eq!(r.set.dora_from_indicator(t("1m")), t("9m"));
}

#[test]
fn a_north_may_be_discarded_or_extracted_and_extraction_breaks_ippatsu() {
    let mut sc = north_scene(sanma_with(|_| {}));
    assert!(sc.legal().contains(&Action::Discard(Tile::NORTH)) && sc.legal().contains(&Action::Nuki(Tile::NORTH)));
    sc.act(0, Action::Nuki(Tile::NORTH));
    assert!(!sc.s.uninterrupted, "抜きは鳴きと同じ扱い: the first go-around is over");
    // Gotō's readings: never discarded, and the go-around goes on.
    let goto_north = NorthRules { discard: false, breaks_ippatsu: false, ron_after_own: false, after_pon: true };
    let mut sc = north_scene(sanma_with(|s| s.north = goto_north));
    assert!(!sc.legal().contains(&Action::Discard(Tile::NORTH)));
    sc.act(0, Action::Nuki(Tile::NORTH));
    assert!(sc.s.uninterrupted);
}

#[test]
fn a_seat_that_extracted_may_still_ron_an_extraction() {
    let ron_on_extraction = |game: RiichiTable| {
        let mut sc = north_scene(game);
        sc.s.seats[1].nuki = Nuki::norths(1);
        sc.game.can_ron(&sc.s, 1, Tile::NORTH, OfferKind::Nuki)
    };
    assert!(ron_on_extraction(sanma_with(|_| {})), "抜いた北は役満以外でも和了可能");
    assert!(!ron_on_extraction(sanma_with(|s| s.north.ron_after_own = false)), "G-X5's furiten");
}

#[test]
fn no_extraction_right_after_a_pon() {
    let after_pon = |game: RiichiTable| {
        let mut sc = north_scene(game);
        sc.act(0, Action::Discard(t("9m")));
        sc.act(2, Action::Pon);
        sc.legal().contains(&Action::Nuki(Tile::NORTH))
    };
    assert!(!after_pon(sanma_with(|_| {})), "ポンの直後は抜けない");
    assert!(after_pon(sanma_with(|s| s.north.after_pon = true)));
}

/// Random games at a three-seat `preset` (efficiency, random and defensive bots): each
/// keeps every piece ([`check_play`], 20 games) and 105,000 points, and replays clean from
/// its record (`games` more); returns the records' events and the wins replayed.
pub(super) fn random_games_replay_clean(preset: &str, games: u64) -> (Vec<Event>, usize) {
    let game = RiichiTable::preset(preset).unwrap();
    let check = PlayCheck { games: 20, seed: 7, max_decisions: 20_000 };
    let stats = check_play(&game, &mut [Bot::efficiency(), Bot::random(), Bot::defensive()], &check).unwrap();
    assert_eq!(stats.games, 20);
    let game = game.with_event_log(true);
    let mut table = Table::new(&game);
    let (mut all, mut wins) = (Vec::new(), 0);
    for i in 0..games {
        let mut bots = [Bot::efficiency(), Bot::random(), Bot::defensive()];
        let o = table.play(&game, &mut bots, &mut GameSeeds::new(9).rng(i));
        assert_eq!(o.points[..3].iter().sum::<i32>(), 105_000, "game {i}");
        let events = table.state().events.events();
        let report = replay(&game, events);
        assert!(report.is_clean(), "game {i}: {:?}", report.findings.first());
        let set_aside = events.iter().filter(|e| matches!(e, Event::Nukidora { .. })).count();
        assert_eq!(usize::from(o.norths.iter().sum::<u16>()), set_aside, "game {i}");
        all.extend_from_slice(events);
        wins += report.wins;
    }
    (all, wins)
}

#[test]
fn tenhou_sanma_random_games_keep_every_piece_and_replay_clean() {
    let (events, wins) = random_games_replay_clean("tenhou-sanma", 40);
    let norths = events.iter().filter(|e| matches!(e, Event::Nukidora { .. })).count();
    let north_discards =
        events.iter().filter(|e| matches!(e, Event::Dahai { pai, .. } if pai.kind() == Some(Tile::NORTH))).count();
    assert!(
        norths > 0 && north_discards > 0 && wins > 100,
        "{norths} extracted, {north_discards} discarded, {wins} wins"
    );
}
