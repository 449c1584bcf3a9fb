//! Bot decisions on set-up positions: calls, kans, dama, folding.

use super::plan::{Plan, YAOCHUU, lean, other_suits, toitoi_shanten};
use super::*;
use crate::mahjong::table::{FOUR_PLAYER_WALL, OfferKind, Phase, TableState};
use crate::mahjong::{PhysTile, ShantenRules, TileSet, parse_kinds};
use crate::{Game, GameSeeds};

pub(super) fn counts(s: &str) -> TileCounts {
    let mut c = [0; 34];
    for t in parse_kinds(s).unwrap() {
        c[t.index()] += 1;
    }
    c
}

pub(super) fn t(s: &str) -> Tile {
    s.parse().unwrap()
}

/// A dealt table whose seat 1 (South) holds `hand`, with `indicator` as the
/// only dora indicator and empty rivers.
pub(super) fn table(hand: &str, indicator: &str) -> (RiichiTable, TableState) {
    let game = RiichiTable::preset("ron2-dojo").unwrap();
    let mut s = game.new_state();
    game.reset(&mut s, &mut GameSeeds::new(0).rng(0));
    s.seats[1].hand = counts(hand);
    s.seats[1].marked = crate::mahjong::table::Marked::NONE;
    s.wall[FOUR_PLAYER_WALL.indicator(0)] = PhysTile::Plain(t(indicator));
    (game, s)
}

/// Seat 1's waits, as the table caches them for a 13-tile hand.
fn set_waits(game: &RiichiTable, s: &mut TableState) {
    let h = &s.seats[1].hand;
    let rules = game.shanten_rules();
    s.seats[1].waits = if shanten(h, rules) == 0 { ukeire(h, rules) } else { TileSet::EMPTY };
}

/// What `bot` at seat 1 answers to `tile` discarded by `from`.
pub(super) fn answer(
    bot: Bot,
    game: &RiichiTable,
    s: &mut TableState,
    from: usize,
    tile: &str,
) -> (Action, Vec<Action>) {
    set_waits(game, s);
    s.phase = Phase::Offer { from: from as u8, tile: t(tile), kind: OfferKind::Discard, pending: 1 << 1 };
    choose(bot, game, s)
}

/// What `bot` at seat 1 does on its turn after drawing `drawn` (already in its hand).
pub(super) fn turn(bot: Bot, game: &RiichiTable, s: &mut TableState, drawn: &str) -> (Action, Vec<Action>) {
    s.seats[1].first_turn = false;
    s.seats[1].drawn = Some(t(drawn));
    s.phase = Phase::Turn { seat: 1, called: false, rinshan: false };
    choose(bot, game, s)
}

/// Seat 2 in riichi with `discard` (one kind) as its river.
pub(super) fn riichi_at_2(s: &mut TableState, discard: &str) {
    s.seats[2].riichi = true;
    s.seats[2].river[0] = t(discard);
    s.seats[2].river_len = 1;
}

pub(super) fn choose(mut bot: Bot, game: &RiichiTable, s: &TableState) -> (Action, Vec<Action>) {
    let mut legal = Vec::new();
    game.legal_actions(s, &mut legal);
    let a = bot.choose(&game.view(s, 1), &legal, &mut GameSeeds::new(0).rng(0));
    assert!(legal.contains(&a), "{a:?} not in {legal:?}");
    (a, legal)
}

#[test]
fn toitoi_shanten_counts_triplets_then_pairs() {
    assert_eq!(toitoi_shanten(&counts("111m222p333s4455z")), 0);
    assert_eq!(toitoi_shanten(&counts("111m222p33s44s55s6s7z")), 1);
    assert_eq!(toitoi_shanten(&counts("111m222p333s444z55z")), -1);
    assert_eq!(toitoi_shanten(&counts("1357m2468p13579s")), 8);
    // After two pons: seven tiles, a pair for the head, 33m to grow, a single to grow twice.
    assert_eq!(toitoi_shanten(&counts("1133m5p7p9s")), 2);
}

#[test]
fn plans_keep_their_yaku_in_the_shanten() {
    let rules = ShantenRules::FOUR_PLAYER;
    let h = counts("234m567p678s22s19m1z");
    assert_eq!(Plan::Free.shanten(&h, rules), 1);
    assert_eq!(Plan::Without(YAOCHUU).shanten(&h, rules), 2);
    assert!(Plan::Without(other_suits(0)).shanten(&h, rules) > 2);
    assert_eq!(Plan::Keep(t("1z")).shanten(&h, rules), i8::MAX, "no pair to keep");
    assert!(Plan::Keep(t("1z")).needs(t("1z")) && !Plan::Without(YAOCHUU).uses(t("9m")));
}

#[test]
fn ties_lean_towards_honitsu_then_tanyao() {
    // Four tiles outside manzu and honours: honitsu.
    assert_eq!(lean(&counts("1235678m11z5p6p7s9s"), &[], true), Plan::Without(other_suits(0)));
    // A pinzu chi rules the manzu honitsu out; two terminals and honours: tanyao.
    let chi = [Meld { kind: MeldKind::Chi, tile: t("3p") }];
    assert_eq!(lean(&counts("2345678m1z9s6s"), &chi, false), Plan::Without(YAOCHUU));
    assert_eq!(lean(&counts("234m567p678s1z9s1m"), &[], false), Plan::Free);
}

#[test]
fn pons_a_tile_that_keeps_tanyao() {
    // 2-shanten; the pon of 6s from the seat opposite makes it 1-shanten
    // once the 9p and the East go, all simples.
    let hand = "234m456p66s77s9p1z2s";
    let (game, mut s) = table(hand, "7z");
    assert_eq!(shanten(&counts(hand), game.shanten_rules()), 2);
    let (a, legal) = answer(Bot::defensive(), &game, &mut s, 3, "6s");
    assert!(legal.contains(&Action::Pass));
    assert_eq!(a, Action::Pon);
}

#[test]
fn does_not_call_when_the_call_loses_the_only_yaku() {
    // The same shape with 99s: a pon of 9s leaves no tanyao, no yakuhai, no honitsu.
    let (game, mut s) = table("234m456p99s77s9p1z2s", "7z");
    let (a, legal) = answer(Bot::defensive(), &game, &mut s, 3, "9s");
    assert!(legal.contains(&Action::Pon));
    assert_eq!(a, Action::Pass);
    // A chi of 1m from the left breaks tanyao too (the hand has no other yaku).
    let (game, mut s) = table("23m456p66s77s3p8p2s5s", "7z");
    let (a, legal) = answer(Bot::defensive(), &game, &mut s, 0, "1m");
    assert!(legal.contains(&Action::Chi(t("1m"))));
    assert_eq!(a, Action::Pass);
    assert_eq!(answer(Bot::defensive(), &game, &mut s, 0, "4m").0, Action::Chi(t("2m")));
    // The efficiency bot keeps a closed tenpai hand closed.
    let (game, mut s) = table("234m456p66s789s34p", "7z");
    assert_eq!(answer(Bot::efficiency(), &game, &mut s, 3, "6s").0, Action::Pass);
}

#[test]
fn pons_yakuhai_and_keeps_a_yakuhai_pair_for_later() {
    let (game, mut s) = table("234m456p55z77s3p8p2s", "7z");
    assert_eq!(answer(Bot::defensive(), &game, &mut s, 3, "5z").0, Action::Pon);
    // With the haku pair as its plan, a chi of 9s-7s-8s is made although it is not simples.
    s.seats[1].hand = counts("234m456p55z79s3p8p1z");
    let (a, _) = answer(Bot::defensive(), &game, &mut s, 0, "8s");
    assert_eq!(a, Action::Chi(t("7s")));
}

#[test]
fn declares_a_closed_kan_in_riichi_when_the_waits_stay() {
    let (game, mut s) = table("111m234p567p789s5s", "7z");
    set_waits(&game, &mut s);
    s.seats[1].riichi = true;
    s.seats[1].hand[0] += 1;
    let (a, legal) = turn(Bot::defensive(), &game, &mut s, "1m");
    assert!(legal.contains(&Action::Discard(t("1m"))));
    assert_eq!(a, Action::ClosedKan(t("1m")));
    let mut quiet = Bot::defensive();
    quiet.config.kans = false;
    assert_eq!(turn(quiet, &game, &mut s, "1m").0, Action::Discard(t("1m")));
}

#[test]
fn closed_kan_only_when_it_does_not_set_the_hand_back() {
    // Four norths: dead weight beyond the triplet, so the kan costs nothing.
    let (game, mut s) = table("4444z234m56p78s19p2z", "7z");
    let (a, legal) = turn(Bot::defensive(), &game, &mut s, "4z");
    assert!(legal.contains(&Action::ClosedKan(t("4z"))));
    assert_eq!(a, Action::ClosedKan(t("4z")));
    // Four 1m with 23m: the fourth 1m makes the sequence 123m, kan would break it.
    let (game, mut s) = table("111123m56p78s19p2z3z", "7z");
    let (a, legal) = turn(Bot::defensive(), &game, &mut s, "1m");
    assert!(legal.contains(&Action::ClosedKan(t("1m"))));
    assert!(matches!(a, Action::Discard(_)), "{a:?}");
}

#[test]
fn stays_dama_on_a_valuable_hand_and_riichis_a_cheap_one() {
    // Tenpai on 1s-4s after discarding 9m: tanyao pinfu (on 4s), 2 han: riichi.
    let (game, mut s) = table("234m567p23s678s55p9m", "7z");
    assert_eq!(turn(Bot::defensive(), &game, &mut s, "9m").0, Action::Riichi(t("9m")));
    // With 5p as dora (indicator 4p) the pair adds 2 han: 4 han without riichi, dama.
    let (game, mut s) = table("234m567p23s678s55p9m", "4p");
    assert_eq!(turn(Bot::defensive(), &game, &mut s, "9m").0, Action::Discard(t("9m")));
    // The efficiency bot always declares.
    assert_eq!(turn(Bot::efficiency(), &game, &mut s, "9m").0, Action::Riichi(t("9m")));
}

#[test]
fn folds_against_riichi_far_from_tenpai_and_pushes_a_good_one_shanten() {
    // 2-shanten against a riichi whose river holds 8p: the genbutsu goes.
    let far = "13m57p19s2468s3z8p9p4z";
    let (game, mut s) = table(far, "7z");
    riichi_at_2(&mut s, "8p");
    assert!(shanten(&counts(far), game.shanten_rules()) >= 2);
    assert_eq!(turn(Bot::defensive(), &game, &mut s, "9p").0, Action::Discard(t("8p")));
    // The efficiency bot does not fold.
    assert_ne!(turn(Bot::efficiency(), &game, &mut s, "9p").0, Action::Discard(t("8p")));
    // 1-shanten on two open-ended shapes (16 live tiles): pushes a lone 3s or
    // 9s rather than the genbutsu 4p.
    let (game, mut s) = table("234m45p67s22s888p9s3s", "7z");
    riichi_at_2(&mut s, "4p");
    let (a, _) = turn(Bot::defensive(), &game, &mut s, "3s");
    assert!([Action::Discard(t("3s")), Action::Discard(t("9s"))].contains(&a), "{a:?}");
    let mut timid = Bot::defensive();
    timid.config.push_1shanten_ukeire = 0;
    assert_eq!(turn(timid, &game, &mut s, "3s").0, Action::Discard(t("4p")));
}

#[test]
fn an_open_hand_with_three_melds_is_a_threat() {
    let (game, mut s) = table("234m45p67s22s888p9s3s", "7z");
    let bot = Bot::defensive();
    assert_eq!(bot.threats(&game.view(&s, 1)), 0);
    for (i, low) in ["1m", "4m", "7m"].into_iter().enumerate() {
        s.seats[3].melds[i] = Meld { kind: MeldKind::Chi, tile: t(low) };
    }
    s.seats[3].meld_count = 3;
    assert_eq!(bot.threats(&game.view(&s, 1)), 1 << 3);
    let mut calm = bot;
    calm.config.threat_melds = 5;
    assert_eq!(calm.threats(&game.view(&s, 1)), 0);
}

#[test]
fn danger_orders_genbutsu_suji_one_chance_and_the_rest() {
    let (game, mut s) = table("555s777s234m9p123z", "7z");
    riichi_at_2(&mut s, "4p");
    let view = game.view(&s, 1);
    let visible = view.visible();
    let d = |x: &str| Bot::danger(&view, &Bot::genbutsu(&view, 1 << 2), 1 << 2, t(x), &visible);
    assert_eq!([d("4p"), d("1p"), d("7p"), d("6s"), d("1z"), d("9m"), d("5m")], [0, 2, 2, 3, 3, 4, 6]);
    // Against nobody, nothing is dangerous.
    assert_eq!(Bot::danger(&view, &Bot::genbutsu(&view, 0), 0, t("5m"), &visible), 0);
}

#[test]
fn tiles_let_pass_after_a_riichi_are_genbutsu_and_suji_against_it() {
    let (game, mut s) = table("555s777s234m9p123z", "7z");
    s.seats[2].riichi = true;
    s.seats[2].let_pass.insert(t("5m"));
    let view = game.view(&s, 1);
    let visible = view.visible();
    let d = |x: &str| Bot::danger(&view, &Bot::genbutsu(&view, 1 << 2), 1 << 2, t(x), &visible);
    assert_eq!([d("5m"), d("2m"), d("8m"), d("3m")], [0, 2, 2, 6], "5m passed: genbutsu, and 2m/8m suji");
    // The table notes every discard made after a riichi, by any other seat.
    let mut noted = 0;
    for i in 0..20 {
        let mut rng = GameSeeds::new(4).rng(i);
        let mut s = game.new_state();
        game.reset(&mut s, &mut rng);
        let mut legal = Vec::new();
        while let Some(seat) = game.to_move(&s) {
            game.legal_actions(&s, &mut legal);
            let a = Bot::efficiency().choose(&game.view(&s, seat), &legal, &mut rng);
            let riichi: Vec<usize> = (0..4).filter(|&o| o != seat && s.seats[o].riichi).collect();
            let hand = (s.round, s.record.hands);
            game.apply(&mut s, a, &mut rng);
            if let (Action::Discard(x), true) = (a, (s.round, s.record.hands) == hand && !riichi.is_empty()) {
                assert!(riichi.iter().all(|&o| s.seats[o].let_pass.contains(x)), "game {i}: {x} not noted");
                noted += 1;
            }
        }
    }
    assert!(noted > 0);
}

#[test]
fn daiminkan_only_in_an_open_hand_it_does_not_set_back() {
    // Open on a hatsu pon, tenpai with 777p: the kan keeps it tenpai.
    let (game, mut s) = table("777p234m56s99p", "7z");
    s.seats[1].melds[0] = Meld { kind: MeldKind::Pon, tile: t("6z") };
    s.seats[1].meld_count = 1;
    let (a, legal) = answer(Bot::defensive(), &game, &mut s, 3, "7p");
    assert!(legal.contains(&Action::Pon));
    assert_eq!(a, Action::Kan);
    // Closed, the same triplet is not called: the hand stays closed.
    let (game, mut s) = table("777p234m56s99p1z2z3z", "7z");
    let (a, legal) = answer(Bot::defensive(), &game, &mut s, 3, "7p");
    assert!(legal.contains(&Action::Kan));
    assert_eq!(a, Action::Pass);
}

#[test]
fn sanma_terminals_of_manzu_are_read_like_honours_against_riichi() {
    for (preset, manzu) in [("goto", 3), ("ron2-dojo", 4)] {
        let game = RiichiTable::preset(preset).unwrap();
        let mut s = game.new_state();
        game.reset(&mut s, &mut GameSeeds::new(0).rng(0));
        s.seats[1].riichi = true;
        s.seats[1].river_len = 0;
        let view = game.view(&s, 0);
        let visible = [0; 34];
        assert_eq!(Bot::danger(&view, &Bot::genbutsu(&view, 1 << 1), 1 << 1, t("1m"), &visible), manzu, "{preset}: 1m");
        assert_eq!(
            Bot::danger(&view, &Bot::genbutsu(&view, 1 << 1), 1 << 1, t("1p"), &visible),
            4,
            "{preset}: 1p, a terminal sequences run through"
        );
    }
}

#[test]
fn g_x1_bots_keep_norths_for_four_winds() {
    let game = RiichiTable::preset("goto").unwrap();
    let mut s = game.new_state();
    game.reset(&mut s, &mut GameSeeds::new(0).rng(0));
    let mut bot_choice = |hand: &str| {
        s.seats[1].hand = counts(hand);
        s.seats[1].marked = crate::mahjong::table::Marked::NONE;
        turn(Bot::efficiency(), &game, &mut s, "4z").0
    };
    assert_ne!(
        bot_choice("111z22z33z44z5p6p7p9p9p"),
        Action::Nuki(Tile::NORTH),
        "east, south, west sets and two norths"
    );
    assert_eq!(bot_choice("11z44z123p456p78p99s"), Action::Nuki(Tile::NORTH), "two wind pairs only");
}

/// A dealt Gotō table whose seat 1 (South) holds `hand` (no marked pieces), on its turn
/// after drawing `drawn`: what `bot` does.
fn goto_turn(bot: Bot, hand: &str, drawn: &str) -> Action {
    let game = RiichiTable::preset("goto").unwrap();
    let mut s = game.new_state();
    game.reset(&mut s, &mut GameSeeds::new(0).rng(0));
    s.seats[1].hand = counts(hand);
    s.seats[1].marked = crate::mahjong::table::Marked::NONE;
    turn(bot, &game, &mut s, drawn).0
}

/// `bot` with its 萬子ホンイツ bias set to `bias`.
fn manzu_bias(mut bot: Bot, bias: i8) -> Bot {
    bot.config.manzu_honitsu_bias = bias;
    bot
}

/// 111m 99m 11z, lone hatsu, chun and west, 34p 56s: two shanten (a pinzu or souzu discard
/// would make it three), four from 萬子ホンイツ.
const NEAR_MANZU: &str = "111m99m11z6z7z3z34p56s";

#[test]
fn a_goto_hand_near_manzu_honitsu_heads_for_the_yakuman() {
    let rules = RiichiTable::preset("goto").unwrap().shanten_rules();
    let h = counts(NEAR_MANZU);
    assert_eq!((shanten(&h, rules), super::plan::MANZU_HONITSU.shanten(&h, rules)), (2, 4));
    for bot in [Bot::efficiency(), Bot::defensive()] {
        assert_eq!(bot.config.manzu_honitsu_bias, 2, "the shipped bias");
        let a = goto_turn(bot, NEAR_MANZU, "3z");
        let Action::Discard(d) = a else { panic!("{a:?}") };
        assert!(!d.is_honor() && d.index() >= 9, "{:?}: a pinzu or souzu goes, not {d}", bot.config.style);
        // Never (−1): the hand plays for efficiency, and the lone west goes first.
        assert_eq!(
            goto_turn(manzu_bias(bot, -1), NEAR_MANZU, "3z"),
            Action::Discard(t("3z")),
            "{:?}",
            bot.config.style
        );
    }
    // Further than the bias (1): efficiency again.
    assert_eq!(goto_turn(manzu_bias(Bot::efficiency(), 1), NEAR_MANZU, "3z"), Action::Discard(t("3z")));
}

#[test]
fn an_open_goto_hand_near_manzu_honitsu_keeps_to_it() {
    // Seat 1 has pon'd 9m: 11m 11z 66z 7z 3z 34p 67s + the drawn tile.
    let game = RiichiTable::preset("goto").unwrap();
    let choice = |bot: Bot| {
        let mut s = game.new_state();
        game.reset(&mut s, &mut GameSeeds::new(0).rng(0));
        s.seats[1].hand = counts("11m11z66z7z3z34p67s");
        s.seats[1].marked = crate::mahjong::table::Marked::NONE;
        s.seats[1].melds[0] = Meld { kind: MeldKind::Pon, tile: t("9m") };
        s.seats[1].meld_count = 1;
        s.seats[1].meld_from[0] = 0;
        turn(bot, &game, &mut s, "3z").0
    };
    let Action::Discard(d) = choice(Bot::efficiency()) else { panic!() };
    assert!(!d.is_honor() && d.index() >= 9, "a pinzu or souzu goes, not {d}");
    assert_eq!(choice(manzu_bias(Bot::efficiency(), -1)), Action::Discard(t("3z")));
}

#[test]
fn ron2_bots_never_see_manzu_honitsu_as_a_yakuman() {
    for (name, _) in crate::mahjong::table::PRESETS {
        let game = RiichiTable::preset(name).unwrap();
        let s = {
            let mut s = game.new_state();
            game.reset(&mut s, &mut GameSeeds::new(0).rng(0));
            s
        };
        assert_eq!(game.view(&s, 0).manzu_honitsu_is_yakuman(), name.starts_with("goto"), "{name}");
    }
    // The same shape at the dojo table: the bias changes nothing.
    let hand = NEAR_MANZU;
    let (game, mut s) = table(hand, "2z");
    for bot in [Bot::efficiency(), Bot::defensive()] {
        let never = turn(manzu_bias(bot, -1), &game, &mut s, "3z").0;
        assert_eq!(turn(manzu_bias(bot, 4), &game, &mut s, "3z").0, never);
    }
    // Whole seeded games: the same outcome whatever the bias.
    let game = RiichiTable::preset("ron2-battle").unwrap();
    let mut table = crate::Table::new(&game);
    for i in 0..6 {
        let mut play = |bias| {
            let [a, b] = [manzu_bias(Bot::efficiency(), bias), manzu_bias(Bot::defensive(), bias)];
            table.play(&game, &mut [a, b, a, b], &mut GameSeeds::new(13).rng(i))
        };
        let never = play(-1);
        assert_eq!(play(3), never, "game {i}");
    }
}

#[test]
fn toitoi_bias_heads_an_open_hand_for_toitoi() {
    // Seat 1 has pon'd 2p and holds three pairs and five loose tiles: 2-shanten, 3 towards
    // toitoi. Honitsu's bias (`plan_bias`) does not move toitoi; its own bias does.
    let (game, mut s) = table("33m55s88s7p9p46m7s", "7z");
    s.seats[1].melds[0] = Meld { kind: MeldKind::Pon, tile: t("2p") };
    s.seats[1].meld_count = 1;
    s.seats[1].meld_from[0] = 0;
    let view = game.view(&s, 1);
    let hand = counts("33m55s88s7p9p46m7s");
    let best = |plan_bias: i8, toitoi_bias: i8| {
        let plans = plan::plans(&view, &s.seats[1].melds[..1], &hand, &hand, (-1, toitoi_bias), false);
        plans.best(&hand, game.shanten_rules(), plan_bias).map(|b| (b.0, b.1))
    };
    assert_eq!(toitoi_shanten(&hand), 3);
    assert_ne!(best(3, 1).unwrap().0, Plan::Toitoi);
    assert_eq!(best(0, 2), Some((Plan::Toitoi, 3)));
}

#[test]
fn ukeire_max_shanten_counts_live_tiles_from_that_far() {
    // Two shanten; any of the four lone tiles (7m, 1s, 8s, North) can go. By keep value
    // the North goes first (a lone honour, not yakuhai for South), but every other 1s, 2s
    // and 3s is in the rivers: the 1s can no longer grow, the North can still pair.
    let hand = "234m13p678p55s7m1s8s4z";
    let (game, mut s) = table(hand, "7z");
    assert_eq!(shanten(&counts(hand), game.shanten_rules()), 2);
    for (seat, river) in [(0, "1s1s1s2s"), (2, "2s2s2s3s"), (3, "3s3s3s")] {
        let tiles = parse_kinds(river).unwrap();
        s.seats[seat].river[..tiles.len()].copy_from_slice(&tiles);
        s.seats[seat].river_len = tiles.len() as u8;
    }
    let counting = |most: i8| {
        let mut bot = Bot::defensive();
        bot.config.ukeire_max_shanten = most;
        bot
    };
    // Counting only from 1-shanten, the keep values decide; from 2-shanten, live tiles.
    assert_eq!(turn(counting(1), &game, &mut s, "4z").0, Action::Discard(t("4z")));
    assert_eq!(turn(counting(2), &game, &mut s, "4z").0, Action::Discard(t("1s")));
    // With the 1s, 2s and 3s live, counting keeps the 1s too.
    for seat in [0, 2, 3] {
        s.seats[seat].river_len = 0;
    }
    assert_eq!(turn(counting(2), &game, &mut s, "4z").0, Action::Discard(t("4z")));
}
