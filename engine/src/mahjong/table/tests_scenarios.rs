//! Scenario tests on fixed walls: first-draw and last-tile wins, double
//! and triple ron, pao (daisangen ron and tsumo, suukantsu, rinshan), four
//! kans, chankan,
//! noten payments, dealer rotation and honba, all-last sticks, bust.

use super::*;
use crate::GameSeeds;
use crate::mahjong::{TileSet, TileSetSpec, Yaku, parse_tiles};

pub(super) fn t(s: &str) -> Tile {
    s.parse().unwrap()
}

/// The first place of the dead wall (its 14 tiles are given in layout order).
pub(super) const DEAD_START: usize = FOUR_PLAYER_WALL.replacement(0);

/// A wall of `set`: the hands (dealer first), the draws in order, then from
/// place `back_at` the pieces `back`; everything else from the rest of the
/// set in kind order, its flowers last (at the back's far end, which no
/// scenario draws).
pub(super) fn fixed_wall(set: &TileSetSpec, hands: &[&str], draws: &str, back_at: usize, back: &str) -> Vec<PhysTile> {
    let mut pool = [PhysTile::default(); crate::mahjong::MAX_WALL_TILES];
    let n = set.fill_wall(&mut pool);
    let mut pool: Vec<Option<PhysTile>> = pool[..n].iter().map(|&p| Some(p)).collect();
    let mut slots: Vec<Option<PhysTile>> = vec![None; n];
    let mut place = |start: usize, text: &str| {
        for (i, p) in parse_tiles(text, set).unwrap().into_iter().enumerate() {
            let k = pool.iter().position(|&q| q == Some(p)).unwrap_or_else(|| panic!("no {p:?} left"));
            pool[k] = None;
            slots[start + i] = Some(p);
        }
    };
    for (i, h) in hands.iter().enumerate() {
        place(HAND_TILES * i, h);
    }
    place(HAND_TILES * hands.len(), draws);
    place(back_at, back);
    let (flowers, plain): (Vec<PhysTile>, Vec<PhysTile>) = pool.into_iter().flatten().partition(|p| p.kind().is_none());
    let mut rest = plain.into_iter().chain(flowers);
    slots.into_iter().map(|s| s.unwrap_or_else(|| rest.next().expect("a piece left"))).collect()
}

/// A four-player wall: the four hands (dealer first), the draws in order, the
/// dead wall's first pieces (4 rinshan, then indicators).
pub(super) fn wall(hands: [&str; 4], draws: &str, dead: &str) -> [PhysTile; WALL_TILES] {
    let w = fixed_wall(&TileSetSpec::four_player(), &hands, draws, DEAD_START, dead);
    w.try_into().expect("136 pieces")
}

/// Rearranges `w` so that `seat` of `players` draws only pieces that pass `keep` (a
/// nagashi's draws) from the live wall before `live_end`, swapping each other piece it
/// would draw with a later one that passes.
pub(super) fn feed_seat(w: &mut [PhysTile], players: usize, seat: usize, live_end: usize, keep: fn(PhysTile) -> bool) {
    let draws =
        |i: usize| (HAND_TILES * players..live_end).contains(&i) && (i - HAND_TILES * players) % players == seat;
    for p in (0..w.len()).filter(|&i| draws(i)) {
        if !keep(w[p]) {
            let q = (p + 1..w.len()).find(|&q| !draws(q) && keep(w[q])).expect("a piece to swap in");
            w.swap(p, q);
        }
    }
}

pub(super) struct Scene {
    pub(super) game: RiichiTable,
    pub(super) s: TableState,
    rng: crate::GameRng,
}

impl Scene {
    pub(super) fn new(game: RiichiTable, setup: impl FnOnce(&mut TableState), w: &[PhysTile]) -> Scene {
        let mut rng = GameSeeds::new(0).rng(0);
        let mut s = game.new_state();
        game.reset(&mut s, &mut rng);
        setup(&mut s);
        game.deal_wall(&mut s, w);
        Scene { game, s, rng }
    }

    /// `game` dealt `hands` from its own tile set, the dealer drawing `draw`, the first
    /// replacement tile (at the layout's first replacement) `replacement`.
    pub(super) fn dealt(game: RiichiTable, hands: &[&str], draw: &str, replacement: &str) -> Scene {
        let w = fixed_wall(&game.rules.set, hands, draw, game.layout.replacement(0), replacement);
        Scene::new(game, |_| {}, &w)
    }

    pub(super) fn legal(&self) -> Vec<Action> {
        let mut v = Vec::new();
        self.game.legal_actions(&self.s, &mut v);
        v
    }

    /// Seat `seat` takes `a`, which must be legal for it.
    pub(super) fn act(&mut self, seat: usize, a: Action) {
        assert_eq!(self.game.to_move(&self.s), Some(seat), "who moves before {a:?}");
        assert!(self.legal().contains(&a), "{a:?} not in {:?}", self.legal());
        self.game.apply(&mut self.s, a, &mut self.rng);
        crate::testing::Validate::validate(&self.game, &self.s).unwrap();
    }

    /// Everyone discards what they draw and passes every offer until `seat`'s next turn.
    pub(super) fn drift_to_end_of_turns(&mut self, seat: usize) {
        loop {
            let now = self.game.to_move(&self.s).unwrap();
            let a = match self.s.phase {
                Phase::Turn { .. } if now == seat => return,
                Phase::Turn { .. } => Action::Discard(self.s.seats[now].drawn.unwrap()),
                _ => Action::Pass,
            };
            self.act(now, a);
        }
    }

    /// Everyone discards what they draw and passes every offer until the hand ends.
    pub(super) fn drift_to_end(&mut self) {
        let (round, hands) = (self.s.round, self.s.record.hands);
        while self.s.record.hands == hands && self.s.round == round && self.s.phase != Phase::Over {
            let seat = self.game.to_move(&self.s).unwrap();
            let a = match self.s.phase {
                Phase::Turn { .. } => Action::Discard(self.s.seats[seat].drawn.unwrap()),
                _ => Action::Pass,
            };
            self.act(seat, a);
        }
    }
}

/// The Gotō table (`presets/table_goto.toml`).
pub(super) fn goto() -> RiichiTable {
    RiichiTable::preset("goto").unwrap()
}

pub(super) fn dojo() -> RiichiTable {
    RiichiTable::preset("ron2-dojo").unwrap()
}

/// Seats 1, 2 and 3 all wait on the dealer's 5p.
pub(super) fn three_waits() -> [PhysTile; WALL_TILES] {
    wall(["111z222z333z444z5p", "234m345m678s3466p", "567m567s222s46p88p", "456m456s333s678p5p"], "9s", "8s8s9s9s4z")
}

#[test]
fn double_ron_pays_both_and_the_sticks_go_to_the_first() {
    // Before their first draw, both winners score renhou (人和, mangan).
    let mut sc = Scene::new(
        dojo(),
        |s| {
            s.sticks = 1;
            s.points[3] -= 1000;
        },
        &three_waits(),
    );
    sc.act(0, Action::Discard(t("5p")));
    sc.act(1, Action::Ron);
    sc.act(2, Action::Ron);
    sc.act(3, Action::Pass);
    assert_eq!(sc.s.points, [30_000 - 16_000, 39_000, 38_000, 29_000]);
    assert_eq!(sc.s.record.yaku_count(Yaku::Renhou), 2);
    assert_eq!(sc.s.record.win_points, [0, 9000, 8000, 0], "the stick goes to the first winner");
    assert_eq!(sc.s.record.win_value, [0, 8000, 8000, 0], "hand values without the stick");
    assert_eq!(sc.s.record.win_value_hist[0][8], 2);
    assert_eq!(sc.s.record.double_rons, 1);
    assert_eq!(sc.s.record.deal_ins[0], 1);
    assert_eq!((sc.s.round, sc.s.honba, sc.s.sticks), (1, 0, 0), "the deal passes");
}

#[test]
fn triple_ron_is_an_abortive_draw() {
    let mut sc = Scene::new(dojo(), |_| {}, &three_waits());
    sc.act(0, Action::Discard(t("5p")));
    for seat in 1..4 {
        sc.act(seat, Action::Ron);
    }
    assert_eq!(sc.s.points, [30_000; 4]);
    assert_eq!(sc.s.record.abort_count(Abort::TripleRon), 1);
    assert_eq!(sc.s.record.total_wins(), 0);
    assert_eq!((sc.s.round, sc.s.honba), (0, 1), "dealer repeats with a honba");
}

/// Seat 1 pons 5z (from 0), 7z (from 2), then 6z from the dealer (pao),
/// and waits on 5p; seat 2 discards it.
fn daisangen_game(game: RiichiTable, setup: impl FnOnce(&mut TableState)) -> Scene {
    let mut sc = daisangen_calls(game, setup, "");
    sc.act(2, Action::Discard(t("5p")));
    sc
}

/// Seat 1 pons 5z from the dealer (then discards 9p), 7z from seat 2 (then discards
/// `second`) and 6z from the dealer, who thereby feeds the third dragon.
fn pon_three_dragons(sc: &mut Scene, second: &str) {
    sc.act(0, Action::Discard(t("5z")));
    sc.act(1, Action::Pon);
    sc.act(1, Action::Discard(t("9p")));
    sc.act(2, Action::Discard(t("7z")));
    sc.act(1, Action::Pon);
    sc.act(1, Action::Discard(t(second)));
    sc.act(2, Action::Discard(t("8m")));
    sc.act(3, Action::Discard(t("7s")));
    sc.act(0, Action::Discard(t("6z")));
    sc.act(1, Action::Pon);
}

/// The calls of [`daisangen_game`], up to seat 2's discard; `later` are
/// the draws after them.
pub(super) fn daisangen_calls(game: RiichiTable, setup: impl FnOnce(&mut TableState), later: &str) -> Scene {
    let w = wall(
        ["56z2468m2468p246s", "55z66z77z234m5p9p9s1s", "7z5p13579s13p12z9m1m", "1234z68s68p1m1s2p9p6m"],
        &format!("1p9p8m7s9s3m{later}"),
        "1z1z2z2z3z",
    );
    let mut sc = Scene::new(game, setup, &w);
    pon_three_dragons(&mut sc, "9s");
    let pao = sc.game.pao_on(Pao::Daisangen).then_some(0);
    assert_eq!(
        sc.s.seats[1].pao_for(Yaku::Daisangen),
        pao,
        "the dealer fed the third dragon (pao when the rule is on)"
    );
    sc.act(1, Action::Discard(t("1s")));
    sc
}

#[test]
fn pao_daisangen_tsumo_is_paid_all_by_the_feeder() {
    let mut sc = daisangen_calls(dojo(), |_| {}, "4s8p5p");
    sc.act(2, Action::Discard(t("3m")));
    sc.drift_to_end_of_turns(1);
    sc.act(1, Action::Tsumo);
    assert_eq!(sc.s.points, [-2_000, 62_000, 30_000, 30_000], "the dealer pays the whole 32,000");
    assert_eq!(sc.s.record.pao, 1);
}

#[test]
fn pao_daisangen_ron_splits_half_and_half() {
    let mut sc = daisangen_game(dojo(), |_| {});
    sc.act(1, Action::Ron);
    assert_eq!(sc.s.points, [14_000, 62_000, 14_000, 30_000]);
    assert_eq!(sc.s.record.pao, 1);
    assert_eq!(sc.s.record.yaku_count(Yaku::Daisangen), 1);
    assert_eq!(sc.s.record.yakuman, 1);
}

#[test]
fn bust_ends_the_game_only_when_the_rule_is_on() {
    let setup = |s: &mut TableState| {
        s.points = [30_000, 30_000, 10_000, 50_000];
    };
    let mut sc = daisangen_game(dojo(), setup);
    sc.act(1, Action::Ron);
    assert_eq!(sc.s.phase, Phase::Over);
    let o = sc.game.outcome(&sc.s);
    assert!(o.bust);
    assert_eq!(o.points, [14_000, 62_000, -6_000, 50_000]);
    assert_eq!(o.ranks, [2, 0, 3, 1]);
    assert_eq!(o.hands, 1);

    let mut settings = TableSettings::preset("ron2-dojo").unwrap();
    settings.bust = false;
    let mut sc = daisangen_game(RiichiTable::new(settings).unwrap(), setup);
    sc.act(1, Action::Ron);
    assert_ne!(sc.s.phase, Phase::Over);
    assert_eq!((sc.s.round, sc.s.points[2]), (1, -6_000));
}

/// Seat 2 pons the dealer's 5s, then draws the red 5s; seat 3 waits on 46s.
fn chankan_game() -> Scene {
    chankan_game_on(dojo(), false)
}

/// [`chankan_game`] at `game`: seat 2 adds the red 5s it drew to its pon of 5s; seat 3
/// (waiting on 46s) declares riichi with its first discard when `riichi`, and the added kan
/// comes before its next draw (its ippatsu turn).
pub(super) fn chankan_game_on(game: RiichiTable, riichi: bool) -> Scene {
    let w = wall(
        ["5s2468m2468p8s34z7z", "13m13p56z2z9s9m9p1s7p3s", "55s7z7m7p1p2z5m9s3s8p1s4z", "46s123m456m789p11z"],
        "7s9m5z6z0s",
        "1z2z3z3z2z",
    );
    let mut sc = Scene::new(game, |_| {}, &w);
    sc.act(0, Action::Discard(t("5s")));
    sc.act(2, Action::Pon);
    // Seat 3 could ron the 5s by renhou alone; it lets it go (furiten until its draw).
    assert!(sc.legal().contains(&Action::Ron));
    sc.act(3, Action::Pass);
    sc.act(2, Action::Discard(t("7z")));
    sc.act(3, if riichi { Action::Riichi(t("9m")) } else { Action::Discard(t("9m")) });
    sc.act(0, Action::Discard(t("5z")));
    sc.act(1, Action::Discard(t("6z")));
    assert_eq!(sc.s.seats[3].ippatsu, riichi);
    sc.act(2, Action::AddedKan(t("5s")));
    sc
}

#[test]
fn chankan_robs_the_added_kan_without_kan_dora() {
    let mut sc = chankan_game();
    sc.act(3, Action::Ron);
    // Chankan 1 han and the red 5s robbed 1 han, 40 fu (closed ron, kanchan, round-wind
    // pair): 2,600.
    assert_eq!(sc.s.points, [30_000, 30_000, 27_400, 32_600]);
    assert_eq!(sc.s.record.yaku_count(Yaku::Chankan), 1);
    assert_eq!(sc.s.record.deal_ins[2], 1);
    assert_eq!(sc.s.indicators, 1, "a robbed kan turns no kan dora");
}

#[test]
fn chankan_of_a_red_five_gives_the_robber_its_aka_dora() {
    let mut sc = chankan_game_on(dojo().with_hand_log(true), false);
    assert!(sc.s.seats[2].meld_marked.red() == 1, "the red 5s went into the kan");
    sc.act(3, Action::Ron);
    let h = sc.s.hand_log.hands()[0];
    let w = h.wins()[0];
    assert_eq!(w.seat, 3);
    assert!(w.score.yaku.as_slice().contains(&(Yaku::AkaDora, 1)), "{:?}", w.score.yaku);
    assert_eq!((w.red, w.gold), (1, 0), "the hand record counts the robbed red five");
    assert_eq!(w.held[t("5s").index()], 1, "the robbed five is in the winning hand");
    assert_eq!(sc.s.record.yaku_count(Yaku::AkaDora), 1);
}

#[test]
fn chankan_in_the_ippatsu_turn_keeps_ippatsu() {
    // The robbed kan never happened: riichi, ippatsu, chankan and the red 5s.
    let mut sc = chankan_game_on(dojo().with_hand_log(true), true);
    sc.act(3, Action::Ron);
    let w = sc.s.hand_log.hands()[0].wins()[0];
    assert_eq!(sc.s.record.yaku_count(Yaku::Ippatsu), 1, "{:?}", w.score.yaku);
    assert_eq!(sc.s.record.yaku_count(Yaku::Chankan), 1);
    assert!(w.ippatsu && w.riichi, "the hand record has the ippatsu (a Gotō chip)");
    assert!(w.score.han >= 4, "{:?}", w.score.yaku);
}

#[test]
fn an_added_kan_not_robbed_turns_the_kan_dora_and_draws_rinshan() {
    let mut sc = chankan_game();
    assert_eq!(sc.s.indicators, 1, "no kan dora before the chankan chance");
    sc.act(3, Action::Pass);
    assert_eq!(sc.s.indicators, 2);
    assert!(matches!(sc.s.phase, Phase::Turn { seat: 2, rinshan: true, .. }));
    assert!(sc.s.seats[3].temp_furiten, "passing a winning tile is furiten");
}

/// Dealer (seat `round % 4`) and the next seat tenpai, the other two not.
pub(super) fn noten_wall(dealer_tenpai: bool) -> [PhysTile; WALL_TILES] {
    let dealer = if dealer_tenpai { "123m456m789m123p4p" } else { "1m4m7m1p4p7p1s4s7s1z3z5z7z" };
    wall([dealer, "123s456s789s11z2z2z", "159m159p159s2356z", "268m268p268s4z4z6z6z"], "", "")
}

#[test]
fn exhaustive_draw_noten_payments_and_dealer_repeat() {
    let mut sc = Scene::new(dojo(), |_| {}, &noten_wall(true));
    sc.drift_to_end();
    assert_eq!(sc.s.points, [31_500, 31_500, 28_500, 28_500]);
    assert_eq!(sc.s.record.exhaustive_draws, 1);
    assert_eq!((sc.s.round, sc.s.honba), (0, 1), "tenpai dealer repeats, honba +1");
    let mut sc = Scene::new(dojo(), |_| {}, &noten_wall(false));
    sc.drift_to_end();
    assert_eq!(sc.s.points, [29_000, 33_000, 29_000, 29_000]);
    assert_eq!((sc.s.round, sc.s.honba), (1, 1), "noten dealer passes the deal, honba +1");
}

/// South 4 played to its exhaustive draw: seat 3 deals (noten); seat 0 is first with 2
/// sticks out; the game is over.
pub(super) fn all_last_draw(game: RiichiTable) -> Scene {
    let mut sc = Scene::new(
        game,
        |s| {
            s.round = 7;
            s.points = [40_000, 29_000, 24_000, 25_000];
            s.sticks = 2;
        },
        &noten_wall(false),
    );
    sc.drift_to_end();
    assert_eq!(sc.s.phase, Phase::Over);
    sc
}

#[test]
fn all_last_draw_gives_the_sticks_to_the_top() {
    let sc = all_last_draw(dojo());
    let o = sc.game.outcome(&sc.s);
    // Seat 3 (dealer, dealt the first hand) and seats 1, 2 noten pay 1,000
    // each to seat 0, which then takes the 2 sticks.
    assert_eq!(o.points, [40_000 + 3_000 + 2_000, 28_000, 23_000, 24_000]);
    assert_eq!(o.ranks, [0, 1, 3, 2]);
    assert_eq!(o.scores, [150 + 150, -20 + 50, -70 - 150, -60 - 50]);
}

#[test]
fn riichi_needs_1000_points_and_on_the_first_turn_is_double() {
    let poor = Scene::new(dojo(), |s| s.points = [900, 59_100, 30_000, 30_000], &noten_wall(true));
    assert!(poor.legal().contains(&Action::Discard(t("1m"))));
    assert!(!poor.legal().iter().any(|a| matches!(a, Action::Riichi(_))), "900 points: no riichi");
    let mut sc = Scene::new(dojo(), |s| s.points = [1_000, 59_000, 30_000, 30_000], &noten_wall(true));
    assert!(!sc.legal().contains(&Action::Riichi(t("9m"))), "riichi only with a tenpai discard");
    sc.act(0, Action::Riichi(t("1m")));
    let dealer = &sc.s.seats[0];
    assert!(dealer.riichi && dealer.double_riichi && dealer.ippatsu);
    assert_eq!((sc.s.points[0], sc.s.sticks), (0, 1));
    // In riichi only the drawn tile may be discarded; ippatsu lasts until then.
    sc.drift_to_end_of_turns(0);
    let drawn = sc.s.seats[0].drawn.unwrap();
    let discards: Vec<_> = sc.legal().into_iter().filter(|a| matches!(a, Action::Discard(_))).collect();
    assert_eq!(discards, [Action::Discard(drawn)]);
    assert!(sc.s.seats[0].ippatsu);
    sc.act(0, Action::Discard(drawn));
    assert!(!sc.s.seats[0].ippatsu);
}

#[test]
fn a_passed_or_discarded_winning_tile_is_furiten() {
    let w = wall(
        ["111z222z333z444z5p", "234m345m678s3466p", "567m567s222s46p88p", "456m456s333s678p5p"],
        "9s5p",
        "8s8s9s9s4z",
    );
    let mut sc = Scene::new(dojo(), |_| {}, &w);
    sc.act(0, Action::Discard(t("5p")));
    for seat in 1..4 {
        sc.act(seat, Action::Pass);
        assert!(sc.s.seats[seat].temp_furiten);
    }
    // Seat 1 draws the 5p (its furiten ends with the draw), could tsumo, discards it instead.
    assert!(!sc.s.seats[1].temp_furiten);
    assert!(sc.legal().contains(&Action::Tsumo));
    sc.act(1, Action::Discard(t("5p")));
    // Seats 2 and 3 are still furiten from the dealer's 5p: seat 2 may only
    // chi, seat 3 is not asked.
    assert_eq!(sc.legal(), [Action::Pass, Action::Chi(t("4p"))]);
    sc.act(2, Action::Pass);
    assert!(matches!(sc.s.phase, Phase::Turn { seat: 2, .. }));
    assert!(sc.s.seats[1].furiten(), "its own discard is among its waits");
}

#[test]
fn nine_terminals_on_the_first_draw_aborts_and_the_dealer_repeats() {
    let mut sc = Scene::new(dojo(), |_| {}, &noten_wall(true));
    assert!(!sc.legal().contains(&Action::NineTerminals), "the dealer has 4 kinds");
    sc.drift_to_end_of_turns(2);
    assert!(sc.legal().contains(&Action::NineTerminals), "seat 2 holds 10 kinds");
    sc.act(2, Action::NineTerminals);
    assert_eq!(sc.s.record.abort_count(Abort::NineTerminals), 1);
    assert_eq!((sc.s.round, sc.s.honba, sc.s.points), (0, 1, [30_000; 4]));
}

#[test]
fn rinshan_after_a_daiminkan_is_paid_by_the_feeder() {
    let w = wall(
        ["2m135p79p1s7s2z5z6z7z3z", "222m345m678p99s45s", "13579m2p4p8s2z5z6z7z3z", "468m3p6p9p2s6s8s4z5z6z7z"],
        "9m",
        "3s1z1z1z4z4z",
    );
    let mut sc = Scene::new(dojo(), |_| {}, &w);
    sc.act(0, Action::Discard(t("2m")));
    assert!(sc.legal().contains(&Action::Pon) && sc.legal().contains(&Action::Chi(t("2m"))));
    sc.act(1, Action::Kan);
    assert_eq!(sc.s.indicators, 2, "the kan dora is turned at once");
    assert!(matches!(sc.s.phase, Phase::Turn { seat: 1, rinshan: true, .. }));
    sc.act(1, Action::Tsumo);
    // Rinshan 1 han 30 fu (open kan 8 fu, no tsumo fu): 300/500 = 1,100, all from the dealer.
    assert_eq!(sc.s.points, [28_900, 31_100, 30_000, 30_000]);
    assert_eq!(sc.s.record.pao, 1);
    assert_eq!(sc.s.record.yaku_count(Yaku::RinshanKaihou), 1);
    assert_eq!(sc.s.record.calls[1], 1);
}

#[test]
fn closed_kan_in_riichi_with_the_drawn_tile_keeping_the_waits() {
    let w = wall(
        ["111m234p567s99s45m", "123s456s789s11z2z2z", "59m159p19s2356z8p8s", "268m268p268s4z4z6z6z"],
        "7z3z3z7z1m",
        "1z1z3z5z4z",
    );
    let mut sc = Scene::new(dojo(), |_| {}, &w);
    sc.act(0, Action::Riichi(t("7z")));
    sc.drift_to_end_of_turns(0);
    assert_eq!(sc.s.seats[0].drawn, Some(t("1m")));
    assert!(sc.s.seats[0].ippatsu);
    sc.act(0, Action::ClosedKan(t("1m")));
    assert!(!sc.s.seats[0].ippatsu, "a kan breaks ippatsu");
    assert_eq!(sc.s.indicators, 2);
    assert!(matches!(sc.s.phase, Phase::Turn { seat: 0, rinshan: true, .. }));
    assert_eq!(sc.s.seats[0].waits, waits("36m"));
}

fn waits(s: &str) -> TileSet {
    let mut w = TileSet::EMPTY;
    for k in crate::mahjong::parse_kinds(s).unwrap() {
        w.insert(k);
    }
    w
}

#[test]
fn tonpuu_plays_the_east_round_only() {
    let mut settings = TableSettings::preset("ron2-dojo").unwrap();
    settings.length = Length::Tonpuu;
    let short = RiichiTable::new(settings).unwrap();
    let long = dojo();
    let mut hands = [0u32; 2];
    for (k, game) in [&short, &long].into_iter().enumerate() {
        let mut table = crate::Table::new(game);
        for i in 0..30 {
            let mut bots = [Bot::efficiency(); 4];
            let [a, b, c, d] = &mut bots;
            let mut players: [&mut dyn crate::Strategy<RiichiTable>; 4] = [a, b, c, d];
            let o = table.play(game, &mut players, &mut GameSeeds::new(8).rng(i));
            hands[k] += u32::from(o.hands);
            let last = [4, 8][k];
            assert!(table.state().round <= last, "round {}", table.state().round);
            assert!(o.bust || table.state().round == last);
        }
    }
    assert!(hands[0] >= 30 * 4 && hands[0] * 3 / 2 < hands[1], "{hands:?}");
}

#[test]
fn four_winds_on_the_first_go_around_is_an_abortive_draw() {
    let w = wall(
        ["123m456m789m123p4p", "123s456s789s11z2z2z", "159m159p159s2z5z6z7z", "268m268p268s4z4z6z6z"],
        "3z3z3z3z",
        "",
    );
    let mut sc = Scene::new(dojo(), |_| {}, &w);
    for seat in 0..3 {
        sc.act(seat, Action::Discard(t("3z")));
    }
    assert_eq!(sc.s.record.abort_count(Abort::FourWinds), 0);
    sc.act(3, Action::Discard(t("3z")));
    assert_eq!(sc.s.record.abort_count(Abort::FourWinds), 1);
    assert_eq!((sc.s.round, sc.s.honba), (0, 1));
}

#[test]
fn four_riichi_is_an_abortive_draw_and_the_sticks_stay() {
    let w =
        wall(["123m456m789m123p4p", "123s456s789s11z2z2z", "456p789p234s678s5z", "567m567p234m88s99m"], "7z7z7z7z", "");
    let mut sc = Scene::new(dojo(), |_| {}, &w);
    for seat in 0..4 {
        sc.act(seat, Action::Riichi(t("7z")));
    }
    assert_eq!(sc.s.record.abort_count(Abort::FourRiichi), 1);
    assert_eq!(sc.s.record.riichi, [1; 4]);
    assert_eq!((sc.s.points, sc.s.sticks), ([29_000; 4], 4));
    assert_eq!((sc.s.round, sc.s.honba), (0, 1));
}

#[test]
fn thirteen_orphans_may_ron_a_closed_kan() {
    let w = wall(["111z234m567p234s5s", "19m19p19s234567z1m", "258m258p258s6m6p6s7m", "789p789s456m33p4s8m"], "1z", "");
    let mut sc = Scene::new(dojo(), |_| {}, &w);
    sc.act(0, Action::ClosedKan(t("1z")));
    assert_eq!(sc.legal(), [Action::Pass, Action::Ron]);
    sc.act(1, Action::Ron);
    let o = sc.game.outcome(&sc.s);
    assert_eq!(o.points, [-2_000, 62_000, 30_000, 30_000]);
    assert_eq!(o.yaku[Yaku::KokushiMusou as usize], 1);
    assert!(o.bust && sc.s.phase == Phase::Over);
}

#[test]
fn no_closed_kan_in_riichi_when_the_waits_change() {
    // 1112m waits 2m and 3m; a kan of 1m would leave the 2m tanki alone.
    let w = wall(
        ["1112m456p789s234s", "123s456s789s11z2z2z", "59m159p19s2356z8p8s", "268m268p268s4z4z6z6z"],
        "7z3z3z7z1m",
        "1z1z3z5z4z",
    );
    let mut sc = Scene::new(dojo(), |_| {}, &w);
    sc.act(0, Action::Riichi(t("7z")));
    assert_eq!(sc.s.seats[0].waits, waits("23m"));
    sc.drift_to_end_of_turns(0);
    assert_eq!(sc.s.seats[0].drawn, Some(t("1m")));
    assert_eq!(sc.legal(), [Action::Discard(t("1m"))]);
}

/// The dealer declares riichi on `dealer` (13 tiles holding 222m) with a 7z and draws
/// the fourth 2m on its next turn.
pub(super) fn fourth_2m_in_riichi(game: RiichiTable, dealer: &str) -> Scene {
    let hands = [dealer, "123s456s789s11z2z2z", "69m159p19s2356z8p8s", "368m268p268s4z4z6z6z"];
    let mut sc = Scene::new(game, |_| {}, &wall(hands, "7z3z3z7z2m", ""));
    sc.act(0, Action::Riichi(t("7z")));
    sc.drift_to_end_of_turns(0);
    assert_eq!(sc.s.seats[0].drawn, Some(t("2m")));
    sc
}

#[test]
fn no_closed_kan_in_riichi_when_the_shape_changes() {
    // 222333444m 11s 78s waits on 6s/9s, and 333444m 11s 78s after a kan of 2m still
    // does; but the kan loses the 234m 234m 234m reading: 待ちと牌姿が変わらないときだけ.
    let sc = fourth_2m_in_riichi(dojo(), "222333444m11s78s");
    assert_eq!(sc.s.seats[0].waits, waits("69s"));
    assert_eq!(sc.legal(), [Action::Discard(t("2m"))]);
    // 22234555m 11s 789s waits on 2m, 5m and 1s: the drawn 2m wins, and a kan of it would
    // keep those waits (34555m: 2m/5m, 5m/1s) but not the 22m 234m 555m reading.
    let sc = fourth_2m_in_riichi(dojo(), "22234555m11s789s");
    assert_eq!(sc.s.seats[0].waits, waits("25m1s"));
    assert_eq!(sc.legal(), [Action::Tsumo, Action::Discard(t("2m"))]);
}

/// The dealer holds 1111m 234p 567p 789s: its only wait is a fifth 1m (空聴牌); seat 1 is
/// tenpai on 1z/2z, seats 2 and 3 are noten.
pub(super) fn karaten_wall() -> [PhysTile; WALL_TILES] {
    wall(["1111m234p567p789s", "123s456s789s11z2z2z", "258m258p258s1z3z5z7z", "369m369p369s4z4z6z6z"], "", "")
}

#[test]
fn karaten_is_tenpai_at_the_exhaustive_draw() {
    // 流局: 「形式聴牌、空聴牌ともに聴牌と認めます」.
    let mut sc = Scene::new(dojo(), |_| {}, &karaten_wall());
    sc.drift_to_end();
    assert_eq!(sc.s.record.exhaustive_draws, 1);
    assert_eq!(sc.s.record.tenpai_at_draw, [1, 1, 0, 0]);
    assert_eq!(sc.s.points, [31_500, 31_500, 28_500, 28_500], "two tenpai seats share the 3,000");
    assert_eq!((sc.s.round, sc.s.honba), (0, 1), "the karaten dealer repeats");
}

/// The dealer declares (double) riichi on 111m 234p 567s 99s 45m, makes a closed kan of
/// the drawn 1m and wins on its replacement tile 3m. Indicators: 4z at the deal, 3p for
/// the kan (dora 4p, one held); ura 8s (dora 9s, two held) and 1p (dora 2p, one held).
fn riichi_kan_rinshan_win(preset: &str) -> Scene {
    let w = wall(
        ["111m234p567s99s45m", "123s456s789s11z2z2z", "59m159p19s2356z8p8s", "268m268p268s4z4z6z6z"],
        "7z3z3z7z1m",
        "3m7p7p7p4z3p7p9p9p8s1p",
    );
    let mut sc = Scene::new(RiichiTable::preset(preset).unwrap().with_hand_log(true), |_| {}, &w);
    sc.act(0, Action::Riichi(t("7z")));
    sc.drift_to_end_of_turns(0);
    sc.act(0, Action::ClosedKan(t("1m")));
    assert_eq!(sc.s.seats[0].drawn, Some(t("3m")));
    sc.act(0, Action::Tsumo);
    sc
}

#[test]
fn ron2_a_has_no_ura_kan_or_kan_ura_dora_and_ron2_b_has_them() {
    // ドラ: 「一部ルールによって裏ドラ、カンドラ、カン裏ドラはありません」, read as 競技ルールA.
    let a = riichi_kan_rinshan_win("ron2-a");
    assert_eq!(a.s.hand_log.hands()[0].indicator_count, 1, "no kan dora turned after the kan");
    let win = a.s.hand_log.hands()[0].wins[0];
    assert_eq!((win.ura, win.score.han), (0, 4), "double riichi, tsumo, rinshan: no ura, no kan dora");
    let b = riichi_kan_rinshan_win("ron2-b");
    assert_eq!(b.s.hand_log.hands()[0].indicator_count, 2, "the kan dora is turned");
    let win = b.s.hand_log.hands()[0].wins[0];
    assert_eq!((win.ura, win.score.han), (3, 8), "plus the kan dora 4p and ura 9s 9s 2p");
}

#[test]
fn tenhou_and_chiihou_on_the_first_draw() {
    let hands = ["123m456m789p123s5s", "111z222z333z444z5p", "11p", "22p"];
    let mut sc = Scene::new(dojo(), |s| s.honba = 2, &wall(hands, "5s", ""));
    sc.act(0, Action::Tsumo);
    assert_eq!(sc.s.record.yaku_count(Yaku::Tenhou), 1, "天和 for the dealer");
    assert_eq!((sc.s.record.win_points[0], sc.s.record.win_value[0]), (48_600, 48_000), "2 honba on top");
    assert_eq!(sc.s.record.win_value_hist[1][48], 1, "a dealer win in the 48,000 bin");
    let hands = ["111z222z333z444z5p", "123m456m789p123s5s", "11p", "22p"];
    let mut sc = Scene::new(dojo(), |_| {}, &wall(hands, "9s5s", ""));
    sc.drift_to_end_of_turns(1);
    sc.act(1, Action::Tsumo);
    assert_eq!(sc.s.record.yaku_count(Yaku::Chiihou), 1, "地和 for a non-dealer before any call");
}

/// Seat 1 draws the last live tile (no calls: 70 draws after the deal).
fn last_draw_wall(hands: [&str; 4], last: &str) -> [PhysTile; WALL_TILES] {
    let mut w = wall(hands, "", "");
    let k = (52..DEAD_START).find(|&i| w[i] == parse_tiles(last, &TileSetSpec::four_player()).unwrap()[0]);
    w.swap(k.expect("a copy in the live wall"), DEAD_START - 1);
    w
}

#[test]
fn haitei_tsumo_on_the_last_live_tile() {
    let hands = ["159m159p159s1234z", "123m456m789p123s5s", "11p", "22p"];
    let mut sc = Scene::new(dojo(), |_| {}, &last_draw_wall(hands, "5s"));
    sc.drift_to_end_of_turns(1);
    while sc.s.live_left() > 0 {
        sc.act(1, Action::Discard(sc.s.seats[1].drawn.unwrap()));
        sc.drift_to_end_of_turns(1);
    }
    sc.act(1, Action::Tsumo);
    assert_eq!(sc.s.record.yaku_count(Yaku::HaiteiRaoyue), 1, "海底摸月");
}

#[test]
fn houtei_ron_on_the_last_discard() {
    // Seat 2 waits on 9p alone; the other two copies sit in seat 0's hand.
    let hands = ["159m1p99p159s2345z", "111z555z666z777z1m", "123m456m789s123s9p", "22p"];
    let mut sc = Scene::new(dojo(), |_| {}, &last_draw_wall(hands, "9p"));
    loop {
        let seat = sc.game.to_move(&sc.s).unwrap();
        if sc.s.live_left() == 0 && matches!(sc.s.phase, Phase::Offer { .. }) && seat == 2 {
            break;
        }
        let a = match sc.s.phase {
            Phase::Turn { .. } => Action::Discard(sc.s.seats[seat].drawn.unwrap()),
            _ => Action::Pass,
        };
        sc.act(seat, a);
    }
    sc.act(2, Action::Ron);
    assert_eq!(sc.s.record.yaku_count(Yaku::HouteiRaoyui), 1, "河底撈魚");
}

/// The dealer makes three closed kans on its first turn (1m, 2m, 3m; the
/// rinshan tiles are 9p, 5s, E) and discards E, keeping 999p 5s; seat 1
/// holds `seat1` and draws 6m.
fn three_closed_kans(seat1: &str, last_rinshan: &str) -> Scene {
    let hands = ["1111m2222m3333m9p", seat1, "1s2s3s1p2p3p7s8s9s6z6z7z7z", "4p5p6p7p8p6s7s8s9m9m9m2z2z"];
    let mut sc = Scene::new(dojo(), |_| {}, &wall(hands, "9p6m", &format!("9p5s1z{last_rinshan}")));
    for k in ["1m", "2m", "3m"] {
        sc.act(0, Action::ClosedKan(t(k)));
        assert!(matches!(sc.s.phase, Phase::Turn { seat: 0, rinshan: true, .. }));
    }
    sc.act(0, Action::Discard(t("1z")));
    sc
}

#[test]
fn pao_suukantsu_when_the_fourth_kan_is_called() {
    let mut sc = three_closed_kans("9p4m7m5p8p3s6s9s1z2z3z4z5z", "5s");
    sc.act(1, Action::Discard(t("9p")));
    sc.act(0, Action::Kan);
    assert_eq!(sc.s.seats[0].pao, [None, None, Some(1)], "seat 1 fed the fourth kan");
    sc.act(0, Action::Tsumo);
    assert_eq!(sc.s.record.yaku_count(Yaku::Suukantsu), 1);
    assert_eq!(sc.s.points, [78_000, -18_000, 30_000, 30_000], "seat 1 pays the dealer's 48,000");
    assert_eq!(sc.s.record.abort_count(Abort::FourKans), 0, "one seat's four kans do not abort");
}

#[test]
fn four_kans_by_two_seats_abort_after_the_next_discard() {
    let mut sc = three_closed_kans("4444s4m7m5p8p2z3z4z5z", "7p");
    sc.act(1, Action::ClosedKan(t("4s")));
    assert_eq!(sc.s.kans, 4);
    assert!(!sc.legal().contains(&Action::ClosedKan(t("6m"))));
    sc.act(1, Action::Discard(t("7p")));
    assert_eq!(sc.s.record.abort_count(Abort::FourKans), 1);
    assert_eq!((sc.s.round, sc.s.honba, sc.s.points), (0, 1, [30_000; 4]));
}

/// Seat 1 (all honours) pons 5z from the dealer, 7z from seat 2 and 6z from the dealer (pao
/// for daisangen), discarding 9p, 3z and 4z, and waits on 2z alone: 字一色 大三元, a double
/// yakuman. Seat 2 is to play next; `later` are its draw and the draws after it.
pub(super) fn daisangen_tsuuiisou_calls(game: RiichiTable, setup: impl FnOnce(&mut TableState), later: &str) -> Scene {
    let w = wall(
        ["56z2468m2468p246s", "55z66z77z111z2z3z4z9p", "7z2z5p13579s13p9m1m4p", "1234z68s68p1m1s2p9p6m"],
        &format!("1p9p8m7s9s{later}"),
        "7p7p9m9m7m",
    );
    let mut sc = Scene::new(game, setup, &w);
    pon_three_dragons(&mut sc, "3z");
    assert_eq!(sc.s.seats[1].pao_for(Yaku::Daisangen), Some(0));
    sc.act(1, Action::Discard(t("4z")));
    sc
}

#[test]
fn pao_on_a_composite_yakuman_ron_the_liable_seat_pays_half_its_yakuman_only() {
    // 字一色 大三元 on seat 2's 2z: 64,000 and one honba. The dealer fed the third dragon: it
    // pays half the daisangen yakuman (16,000); seat 2 pays the rest and the honba.
    let mut sc = daisangen_tsuuiisou_calls(dojo(), |s| s.honba = 1, "3m");
    sc.act(2, Action::Discard(t("2z")));
    sc.act(1, Action::Ron);
    assert_eq!(sc.s.record.yaku_count(Yaku::Tsuuiisou), 1);
    assert_eq!(sc.s.record.yaku_count(Yaku::Daisangen), 1);
    assert_eq!(sc.s.points, [14_000, 94_300, -18_300, 30_000]);
    assert_eq!(sc.s.record.pao, 1);
}

#[test]
fn pao_on_a_composite_yakuman_tsumo_the_liable_seat_pays_its_yakuman_in_full() {
    // 字一色 大三元 by tsumo with one honba: the dealer pays the daisangen yakuman whole
    // (16,000 + 8,000 + 8,000) and the honba; the tsuuiisou yakuman is paid as a tsumo by
    // all (16,000 from the dealer, 8,000 from each other seat).
    let mut sc = daisangen_tsuuiisou_calls(dojo(), |s| s.honba = 1, "3m4s8p2z");
    sc.drift_to_end_of_turns(1);
    sc.act(1, Action::Tsumo);
    assert_eq!(sc.s.points, [30_000 - 32_300 - 16_000, 94_300, 22_000, 22_000]);
    assert_eq!(sc.s.record.pao, 1);
}

/// The dealer holds 5555z 6666z 777z 11m: on its first draw (9p) it makes two closed kans
/// (replacements 1m and 2p) and discards 2p; it calls a daiminkan of seat 1's 7z (the third
/// dragon set: daisangen pao on seat 1; replacement 9s, discarded), then of seat 2's 1m (the
/// fourth kan: suukantsu pao on seat 2), whose replacement is its 9p tanki. With `honours`
/// the 1m are 1z and the 9p 2z: 字一色 too, a triple yakuman.
pub(super) fn daisangen_suukantsu_kans(game: RiichiTable, honours: bool) -> Scene {
    let w = match honours {
        false => wall(
            ["5555z6666z777z11m", "7z147s147p258m123z", "1m369s369p479m124z", "258s258p35689m34z"],
            "9p4m8p6m",
            "1m2p9s9p",
        ),
        true => wall(
            ["5555z6666z777z11z", "7z147s147p258m34z9m", "1z369s369p479m34z5m", "258s258p35689m34z"],
            "2z4m8p6m",
            "1z2p9s2z",
        ),
    };
    let fourth = if honours { "1z" } else { "1m" };
    let mut sc = Scene::new(game, |_| {}, &w);
    sc.act(0, Action::ClosedKan(t("5z")));
    sc.act(0, Action::ClosedKan(t("6z")));
    sc.act(0, Action::Discard(t("2p")));
    sc.act(1, Action::Discard(t("7z")));
    sc.act(0, Action::Kan);
    sc.act(0, Action::Discard(t("9s")));
    sc.act(1, Action::Discard(t("8p")));
    sc.act(2, Action::Discard(t(fourth)));
    sc.act(0, Action::Kan);
    assert!(matches!(sc.s.phase, Phase::Turn { seat: 0, rinshan: true, .. }));
    assert_eq!(sc.s.seats[0].pao, [Some(1), None, Some(2)], "both liable seats are kept");
    sc
}

#[test]
fn pao_two_liable_seats_each_pay_their_own_yakuman() {
    let mut sc = daisangen_suukantsu_kans(dojo(), false);
    sc.act(0, Action::Tsumo);
    assert_eq!(sc.s.record.yaku_count(Yaku::Daisangen), 1);
    assert_eq!(sc.s.record.yaku_count(Yaku::Suukantsu), 1);
    // A dealer's double yakuman (96,000): seat 1 pays the daisangen one (48,000), seat 2
    // the suukantsu one (48,000, its rinshan liability adding nothing more).
    assert_eq!(sc.s.points, [126_000, -18_000, -18_000, 30_000]);
    assert_eq!(sc.s.record.pao, 1);
}

#[test]
fn pao_two_liable_seats_and_the_rest_of_a_rinshan_paid_by_the_kan_feeder() {
    // 大三元 四槓子 字一色, the dealer's triple yakuman (144,000) on the replacement of seat 2's
    // daiminkan: seat 1 pays the daisangen yakuman (48,000); seat 2 the suukantsu one, and
    // the tsuuiisou one that its rinshan liability covers (96,000).
    let mut sc = daisangen_suukantsu_kans(dojo(), true);
    sc.act(0, Action::Tsumo);
    assert_eq!(sc.s.record.yaku_count(Yaku::Tsuuiisou), 1);
    assert_eq!(sc.s.points, [174_000, -18_000, -66_000, 30_000]);
}

/// Seat 1 pons 1z from the dealer, 2z from seat 2, 3z and then 4z from seat 3 (the fourth
/// wind set: daisuushii pao on seat 3), discarding 9p, 9s, 1s and 2m, and waits on 5p alone.
/// Seat 2 is to play next; `later` are its draw and the draws after it.
fn daisuushii_calls(game: RiichiTable, later: &str) -> Scene {
    let w = wall(
        ["1z2468m2468p2468s", "11z22z33z44z5p9p1s9s2m", "2z5p13579s13p9m1m4p7z", "3z4z68s68p136m29p5z1s"],
        &format!("5s7m9m3s8m4s{later}"),
        "7p7p8p8p9m",
    );
    let mut sc = Scene::new(game, |_| {}, &w);
    sc.act(0, Action::Discard(t("1z")));
    sc.act(1, Action::Pon);
    sc.act(1, Action::Discard(t("9p")));
    sc.act(2, Action::Discard(t("2z")));
    sc.act(1, Action::Pon);
    sc.act(1, Action::Discard(t("9s")));
    sc.act(2, Action::Discard(t("9m")));
    sc.act(3, Action::Discard(t("3z")));
    sc.act(1, Action::Pon);
    sc.act(1, Action::Discard(t("1s")));
    sc.act(2, Action::Discard(t("8m")));
    sc.act(3, Action::Discard(t("4z")));
    sc.act(1, Action::Pon);
    assert_eq!(sc.s.seats[1].pao, [None, Some(3), None], "seat 3 fed the fourth wind set");
    sc.act(1, Action::Discard(t("2m")));
    sc
}

#[test]
fn pao_daisuushii_the_feeder_of_the_fourth_wind_set_is_liable() {
    let mut sc = daisuushii_calls(dojo(), "5m");
    sc.act(2, Action::Discard(t("5p")));
    sc.act(1, Action::Ron);
    assert_eq!(sc.s.record.yaku_count(Yaku::Daisuushii), 1);
    assert_eq!(sc.s.points, [30_000, 62_000, 14_000, 14_000], "seat 3 pays half, the discarder half");
    assert_eq!(sc.s.record.pao, 1);
    let mut sc = daisuushii_calls(dojo(), "5m6p7p5p");
    sc.drift_to_end_of_turns(1);
    sc.act(1, Action::Tsumo);
    assert_eq!(sc.s.points, [30_000, 62_000, 30_000, -2_000], "seat 3 pays the whole tsumo");
}

#[test]
fn rinshan_after_a_daiminkan_and_a_closed_kan_is_still_paid_by_the_feeder() {
    // The seed: 途中で暗カン、加カンが入った場合も責任払いとなります. Seat 1 calls a
    // daiminkan of the dealer's 2m, makes a closed kan of 4s on its replacement, and wins
    // on the next replacement.
    let w = wall(
        ["2m135p79p1s7s2z5z6z7z3z", "222m345m678p9s444s", "13579m2p4p8s2z5z6z7z3z", "468m3p6p9p2s6s8s4z5z6z7z"],
        "9m",
        "4s9s1z1z4z4z",
    );
    let mut sc = Scene::new(dojo(), |_| {}, &w);
    sc.act(0, Action::Discard(t("2m")));
    sc.act(1, Action::Kan);
    sc.act(1, Action::ClosedKan(t("4s")));
    assert!(matches!(sc.s.phase, Phase::Turn { seat: 1, rinshan: true, .. }));
    sc.act(1, Action::Tsumo);
    assert_eq!(sc.s.record.yaku_count(Yaku::RinshanKaihou), 1);
    let paid: Vec<i32> = sc.s.points.iter().map(|p| p - 30_000).collect();
    assert!(paid[0] < 0 && paid[2] == 0 && paid[3] == 0, "the dealer pays it all: {paid:?}");
    assert_eq!(sc.s.record.pao, 1);
}
