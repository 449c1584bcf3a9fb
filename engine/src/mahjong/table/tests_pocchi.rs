//! The white pocchi (白ポッチ) at the Gotō table: wild after riichi (G-R6),
//! drawn or held at the declaration, a fifth copy of a kind held four times, and 神ポッチ
//! as an indicator (G-D5); a flower as an indicator (G-F6), an ura one too.

use super::tests_scenarios::{Scene, fixed_wall, t};
use super::*;
use crate::mahjong::{HandScore, TileSet, TileSetSpec, Yaku};

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
    let placed = match first {
        Some(first) => vec![(game.layout.indicator(0), first), (game.layout.indicator(1), PhysTile::Plain(t("1z")))],
        None => Vec::new(),
    };
    scene_with(game, [dealer, OTHERS[0], OTHERS[1]], draws, &placed)
}

/// A wall with the three `hands` (the dealer's first) and the `draws`, each piece of
/// `placed` moved to its place from those nobody holds or draws.
fn scene_with(game: RiichiTable, hands: [&str; 3], draws: &str, placed: &[(usize, PhysTile)]) -> Scene {
    let mut w = fixed_wall(&TileSetSpec::goto(), &hands, draws, 100, "");
    let used = HAND_TILES * 3 + draws.len() / 2;
    for (n, &(at, piece)) in placed.iter().enumerate() {
        let free = |i: usize| !placed[..n].iter().any(|&(p, _)| p == i);
        if w[at] != piece {
            let from = (used..w.len()).find(|&i| free(i) && w[i] == piece).expect("a piece to move");
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

/// The dealer riichis on its second turn on 123p 456p 789s 23s 66z, and rons a 4s two turns
/// later (no ippatsu): riichi alone, unless an indicator of `placed` ([`scene_with`]) says
/// otherwise.
fn second_turn_riichi_ron(game: RiichiTable, placed: &[(usize, PhysTile)]) -> HandScore {
    let draws = "1z2z5z8p7z3z8s4s";
    let mut sc = scene_with(game, ["123p456p789s23s6z6z", OTHERS[0], OTHERS[1]], draws, placed);
    for (seat, a) in [(0, "1z"), (1, "2z"), (2, "5z")] {
        sc.act(seat, Action::Discard(t(a)));
    }
    sc.act(0, Action::Riichi(t("8p")));
    for (seat, a) in [(1, "7z"), (2, "3z"), (0, "8s")] {
        sc.act(seat, Action::Discard(t(a)));
    }
    sc.act(1, Action::Discard(t("4s")));
    sc.game.score_ron(&sc.s, 0, t("4s"), OfferKind::Discard).unwrap()
}

#[test]
fn g_d5_kami_pocchi_may_name_no_dora_keeping_riichi_nomi_ron() {
    // Riichi alone, unless the pocchi indicator shows 6z.
    let ron = |kami: bool| {
        let game = table(|s| s.kami_pocchi = kami);
        let placed =
            [(game.layout.indicator(0), PhysTile::Pocchi), (game.layout.indicator(1), PhysTile::Plain(t("1z")))];
        second_turn_riichi_ron(game, &placed)
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

#[test]
fn g_r6_a_wild_pocchi_may_be_a_fifth_copy_where_the_rules_allow_it() {
    // The dealer holds all four 5p and the pocchi at its riichi; seat 1 deals in an 8p.
    // The pocchi as the fifth 5p (555p 55p 678p) shows five dora under a 4p indicator, as an
    // 8p (555p 567p 88p) four. Nobody else holds a 5p; the other indicators show no hand's.
    let ron = |fifth: bool| {
        let game = table(|s| s.pocchi_fifth_copy = fifth);
        let (dora, ura) = (game.layout.indicator(0), game.layout.ura(0));
        let placed = [(dora, "4p"), (game.layout.indicator(1), "3z"), (ura, "3z"), (game.layout.ura(1), "3z")];
        let placed = placed.map(|(at, k)| (at, PhysTile::Plain(t(k))));
        let hands = ["550g67p789s234s0z", "234p678p345s22s99p", OTHERS[1]];
        let mut sc = scene_with(game, hands, "1z8p", &placed);
        sc.act(0, Action::Riichi(t("1z")));
        sc.act(1, Action::Discard(t("8p")));
        sc.game.score_ron(&sc.s, 0, t("8p"), OfferKind::Discard).unwrap()
    };
    let dora = |r: &HandScore| r.yaku.as_slice().iter().find(|e| e.0 == Yaku::Dora).map(|e| e.1);
    let (five, four) = (ron(true), ron(false));
    assert_eq!((dora(&five), dora(&four)), (Some(5), Some(4)), "{five:?} {four:?}");
    assert_eq!(five.han, four.han + 1);
    assert!(TableSettings::preset("goto").unwrap().pocchi_fifth_copy, "the seed's reading");
}

#[test]
fn g_f6_a_flower_under_the_ura_indicator_cancels_riichi_nomi_ron_only_where_the_rules_say() {
    // The dealer's riichi rons a 4s with riichi alone; spring lies under the first ura
    // indicator. The seed's 「ドラ表示牌に華牌なし」 does not name the ura (the default).
    let ron = |cancels: bool| {
        let mut rules = crate::mahjong::Rules::preset("goto").unwrap();
        rules.yaku.ura_flower_cancels_riichi_only_ron = cancels;
        let game = RiichiTable::with_rules(TableSettings::preset("goto").unwrap(), rules).unwrap();
        let spring = PhysTile::Flower(crate::mahjong::Flower::Spring);
        let plain = |k: &str| PhysTile::Plain(t(k));
        let l = &game.layout;
        let placed =
            [(l.indicator(0), plain("3z")), (l.indicator(1), plain("3z")), (l.ura(0), spring), (l.ura(1), plain("2z"))];
        second_turn_riichi_ron(game, &placed)
    };
    let kept = ron(false);
    assert_eq!(kept.yaku.as_slice().first(), Some(&(Yaku::RiichiNomiRon, 13)), "{kept:?}");
    let cancelled = ron(true);
    assert!(!cancelled.yaku.contains(Yaku::RiichiNomiRon) && cancelled.yakuman == 0, "{cancelled:?}");
}
