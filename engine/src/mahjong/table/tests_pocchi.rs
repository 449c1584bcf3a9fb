//! The white pocchi (白ポッチ) at the Gotō table: wild after riichi (G-R6),
//! drawn or held at the declaration, and 神ポッチ as an indicator (G-D5); a flower as an
//! indicator (G-F6).

use super::tests_scenarios::{Scene, fixed_wall, t};
use super::*;
use crate::mahjong::{TileSet, TileSetSpec, Yaku};

/// The Gotō table, `edit`ed.
fn table(edit: impl FnOnce(&mut TableSettings)) -> RiichiTable {
    let mut settings = TableSettings::preset("goto").unwrap();
    edit(&mut settings);
    RiichiTable::new(settings).unwrap()
}

/// Seats 1 and 2 hold nothing the dealer's discards or these scenes touch.
const OTHERS: [&str; 2] = ["234p567p345s22s99p", "1199m2378s1z2z3z6z7z"];

/// A wall with the dealer's `dealer` hand and the `draws`; with `first`, that piece is
/// the first dora indicator and a 1z (south as the dora, which no hand here holds) the
/// second.
fn scene(game: RiichiTable, dealer: &str, draws: &str, first: Option<PhysTile>) -> Scene {
    let mut w = fixed_wall(&TileSetSpec::goto(), &[dealer, OTHERS[0], OTHERS[1]], draws, 100, "");
    if let Some(first) = first {
        let used = HAND_TILES * 3 + draws.len() / 2;
        for (place, piece) in [(0, first), (1, PhysTile::Plain(t("1z")))] {
            let at = game.layout.indicator(place);
            let from = (used..w.len()).find(|&i| i != at && w[i] == piece).expect("a piece to move");
            w.swap(at, from);
        }
    }
    Scene::new(game, |_| {}, &w)
}

#[test]
fn g_r6_a_pocchi_drawn_after_riichi_is_always_a_tsumo_win_as_the_best_kind() {
    let game = || table(|s| s.pocchi_wild = PocchiWild::Drawn).with_hand_log(true);
    let after_riichi = |fourth: &str| {
        let mut sc = scene(game(), "123p456p789s23s6z6z", &format!("1z7z5z{fourth}"), None);
        sc.act(0, Action::Riichi(t("1z")));
        sc.act(1, Action::Discard(t("7z")));
        sc.act(2, Action::Discard(t("5z")));
        sc
    };
    let mut sc = after_riichi("0z");
    assert_eq!(sc.legal(), [Action::Tsumo], "the only legal action");
    let wild = sc.game.score_tsumo(&sc.s, 0, false).unwrap();
    let plain = |kind: &str| {
        let sc = after_riichi(kind);
        sc.game.score_tsumo(&sc.s, 0, false).unwrap().points_total
    };
    assert_eq!(wild.points_total, plain("1s").max(plain("4s")), "the pocchi as the better wait: {wild:?}");
    sc.act(0, Action::Tsumo);
    let w = sc.s.hand_log.hands()[0].wins()[0];
    assert!(w.pocchi_tsumo && w.ippatsu && w.riichi, "ポッチ一発ツモ in the hand record (G-C6): {w:?}");
    let mut sc = scene(table(|s| s.pocchi_wild = PocchiWild::Never), "123p456p789s23s6z6z", "1z7z5z0z", None);
    sc.act(0, Action::Riichi(t("1z")));
    sc.act(1, Action::Discard(t("7z")));
    sc.act(2, Action::Discard(t("5z")));
    assert_eq!(sc.legal(), [Action::Discard(t("5z"))], "never wild: a haku, discarded");
}

#[test]
fn g_r6_a_pocchi_held_at_riichi_turns_wild_and_widens_the_waits() {
    let waits = |wild: PocchiWild| {
        let mut sc = scene(table(|s| s.pocchi_wild = wild), "123p456p789s23s0z5z", "1z7z", None);
        sc.act(0, Action::Riichi(t("1z")));
        assert_eq!(sc.game.to_move(&sc.s), Some(1), "the riichi is paid");
        sc.s.seats[0].waits
    };
    let [s1, s4, haku] = [t("1s"), t("4s"), t("5z")];
    assert_eq!(waits(PocchiWild::Held), TileSet::from_iter([s1, s4, haku]), "the pocchi as 1s or 4s: a haku tanki");
    assert_eq!(waits(PocchiWild::Drawn), TileSet::from_iter([s1, s4]), "held, it stays a haku");
}

#[test]
fn g_d5_kami_pocchi_names_the_best_dora_kind() {
    let tsumo = |kami: bool| {
        let mut sc = scene(table(|s| s.kami_pocchi = kami), "123p456p789s23s7z7z", "1z2z5z4s", Some(PhysTile::Pocchi));
        assert!(sc.s.wall[sc.game.layout.indicator(0)].is_pocchi());
        sc.act(0, Action::Discard(t("1z")));
        sc.act(1, Action::Discard(t("2z")));
        sc.act(2, Action::Discard(t("5z")));
        sc.game.score_tsumo(&sc.s, 0, false).unwrap()
    };
    let (named, haku) = (tsumo(true), tsumo(false));
    assert_eq!(named.han, haku.han + 2, "7z named: its pair is two dora; as a haku it shows 6z, held by none");
}

#[test]
fn g_d5_kami_pocchi_may_name_no_dora_keeping_riichi_nomi_ron() {
    // The dealer riichis on its second turn on 123p 456p 789s 23s 66z, and rons a 4s two
    // turns later (no ippatsu): riichi alone, unless the pocchi indicator shows 6z.
    let ron = |kami: bool| {
        let draws = "1z2z5z8p7z3z8s4s";
        let mut sc = scene(table(|s| s.kami_pocchi = kami), "123p456p789s23s6z6z", draws, Some(PhysTile::Pocchi));
        for (seat, a) in [(0, "1z"), (1, "2z"), (2, "5z")] {
            sc.act(seat, Action::Discard(t(a)));
        }
        sc.act(0, Action::Riichi(t("8p")));
        for (seat, a) in [(1, "7z"), (2, "3z"), (0, "8s")] {
            sc.act(seat, Action::Discard(t(a)));
        }
        sc.act(1, Action::Discard(t("4s")));
        sc.game.score_ron(&sc.s, 0, t("4s"), OfferKind::Discard).unwrap()
    };
    let named = ron(true);
    assert_eq!(named.yaku.as_slice().first(), Some(&(Yaku::RiichiNomiRon, 13)), "カラス: no dora, {named:?}");
    let haku = ron(false);
    assert!(haku.yaku.contains(Yaku::Dora) && haku.yakuman == 0, "as a haku it shows 6z: {haku:?}");
}

#[test]
fn g_f6_a_summer_under_an_indicator_works_for_the_winner_as_if_extracted() {
    let tsumo = |first: PhysTile| {
        let mut sc = scene(table(|_| {}), "123p456p789s23s7z7z", "1z2z5z4s", Some(first));
        sc.act(0, Action::Discard(t("1z")));
        sc.act(1, Action::Discard(t("2z")));
        sc.act(2, Action::Discard(t("5z")));
        sc.game.score_tsumo(&sc.s, 0, false).unwrap()
    };
    let summer = tsumo(PhysTile::Flower(crate::mahjong::Flower::Summer));
    assert!(summer.yaku.contains(Yaku::Natsu), "{summer:?}");
    assert!(!tsumo(PhysTile::Plain(t("3z"))).yaku.contains(Yaku::Natsu));
}
