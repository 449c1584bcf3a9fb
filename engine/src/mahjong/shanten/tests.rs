//! Shanten and ukeire tests: worked hands, agreement with brute force, and the
//! incremental paths (after-discard shanten, ukeire over combined groups) against the
//! reference computation, for four-player and sanma hands.

use super::*;
use crate::mahjong::tile::counts_of;
use crate::mahjong::tileset::parse_tiles;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn hand(s: &str) -> TileCounts {
    counts_of(&parse_tiles(s, &TileSetSpec::four_player()).unwrap())
}

fn sanma_hand(s: &str) -> TileCounts {
    counts_of(&parse_tiles(s, &TileSetSpec::goto()).unwrap())
}

const FOUR: ShantenRules = ShantenRules::FOUR_PLAYER;
const GOTO: ShantenRules = ShantenRules::GOTO;

/// The obviously-correct reference: the fewest draws that complete the hand,
/// by trying every target. A target is (n/3) blocks and a pair with no kind
/// used more than four times; it is built kind by kind, choosing at each kind
/// a pair, a triplet and some sequences starting there. Blocks that touch no
/// held kind cost their full size wherever they go (some unused kind always
/// exists), so only blocks touching a held kind are placed and the rest are
/// priced at 3 (a pair at 2). The cost from a kind on depends only on
/// (kind, blocks and pair still to place, copies of this and the next kind
/// already claimed by sequences), so results are memoised on that.
fn brute_distance(hand: &TileCounts, sanma: bool) -> u32 {
    let blocks = tile_count(hand) / 3;
    let mut memo = [[[[[u8::MAX; 5]; 5]; 2]; 5]; NUM_KINDS];
    search(hand, sanma, &mut memo, 0, blocks, 1, 0, 0)
}

type Memo = [[[[[u8; 5]; 5]; 2]; 5]; NUM_KINDS];

#[allow(clippy::too_many_arguments)]
fn search(
    hand: &TileCounts,
    sanma: bool,
    memo: &mut Memo,
    i: usize,
    blocks: usize,
    pair: usize,
    u0: u8,
    u1: u8,
) -> u32 {
    if i == NUM_KINDS {
        return (3 * blocks + 2 * pair) as u32;
    }
    if memo[i][blocks][pair][u0 as usize][u1 as usize] != u8::MAX {
        return memo[i][blocks][pair][u0 as usize][u1 as usize].into();
    }
    let held = hand[i] > 0;
    let seq_ok = i < 27 && i % 9 <= 6 && !(sanma && i < 9);
    let near = held || (seq_ok && hand[i + 1] + hand[i + 2] > 0);
    let mut best = u32::MAX;
    for p in 0..=usize::from(held).min(pair) {
        for tr in 0..=usize::from(held).min(blocks) {
            let max_seq = if seq_ok && near { blocks - tr } else { 0 };
            for s in 0..=max_seq {
                let here = u0 as usize + 2 * p + 3 * tr + s;
                if here > 4 || u1 as usize + s > 4 {
                    continue;
                }
                let cost = here.saturating_sub(hand[i] as usize) as u32;
                let rest = search(hand, sanma, memo, i + 1, blocks - tr - s, pair - p, u1 + s as u8, s as u8);
                best = best.min(cost + rest);
            }
        }
    }
    memo[i][blocks][pair][u0 as usize][u1 as usize] = best as u8;
    best
}

fn brute_shanten(hand: &TileCounts, rules: ShantenRules) -> i8 {
    let standard = brute_distance(hand, rules.sanma) as i8 - 1;
    let n = tile_count(hand);
    if n >= 13 { standard.min(chiitoitsu_of(hand, rules)).min(kokushi_of(hand)) } else { standard }
}

/// `n` tiles drawn without replacement from the kinds `pool` allows (four copies each).
fn random_hand(rng: &mut ChaCha8Rng, n: usize, pool: impl Fn(usize) -> bool) -> TileCounts {
    let mut wall: Vec<usize> = (0..NUM_KINDS).filter(|&k| pool(k)).flat_map(|k| [k; 4]).collect();
    let mut h = [0; NUM_KINDS];
    for j in 0..n {
        let pick = rng.random_range(j..wall.len());
        wall.swap(j, pick);
        h[wall[j]] += 1;
    }
    h
}

/// Which kinds a random hand draws from.
type Pool = fn(usize) -> bool;

fn sanma_kind(k: usize) -> bool {
    k == 0 || k >= 8
}

#[test]
fn worked_examples() {
    assert_eq!(shanten(&hand("123m456p789s1122z"), FOUR), 0);
    assert_eq!(shanten(&hand("123m456p789s11122z"), FOUR), -1);
    assert_eq!(shanten(&hand("1112345678999m"), FOUR), 0);
    assert_eq!(ukeire(&hand("1112345678999m"), FOUR).to_string(), "123456789m");
    assert_eq!(shanten_standard(&hand("13579m13579p135s"), FOUR), 4);
    assert_eq!(shanten_standard(&hand("1m"), FOUR), 0);
    assert_eq!(ukeire(&hand("5m"), FOUR).to_string(), "5m");
    assert_eq!(ukeire(&hand("12m"), FOUR).to_string(), "12m");
    assert_eq!(shanten(&hand("12m"), FOUR), 0);
    assert_eq!(shanten(&hand("11m"), FOUR), -1);
    assert_eq!(shanten(&hand("234m55p"), FOUR), -1);
}

#[test]
fn plans_without_some_kinds_count_those_tiles_as_dead() {
    let yaochuu = TileSet(Tile::all().filter(|t| t.is_terminal_or_honor()).fold(0, |b, t| b | 1 << t.index()));
    let h = hand("234m567p678s22s19m1z");
    assert_eq!(shanten_standard(&h, FOUR), 1);
    assert_eq!(shanten_standard_without(&h, FOUR, yaochuu), 2);
    assert_eq!(shanten_standard_without(&h, FOUR, TileSet::EMPTY), 1);
    // Honitsu in manzu: the pinzu and souzu singles are dead.
    let others = TileSet((1 << 27) - (1 << 9));
    let h = hand("123456789m11z5p9s");
    assert_eq!(shanten_standard(&h, FOUR), 1);
    assert_eq!(shanten_standard_without(&h, FOUR, others), 2);
    // Four tiles after three calls: two dead tiles leave a pair and a whole set to draw.
    assert_eq!(shanten_standard(&hand("55m9s1z"), FOUR), 1);
    assert_eq!(shanten_standard_without(&hand("55m9s1z"), FOUR, yaochuu), 2);
}

#[test]
fn a_fifth_copy_is_no_wait() {
    let h = hand("1111m234p567p789s");
    assert_eq!(shanten_standard(&h, FOUR), 1);
    assert!(!ukeire(&h, FOUR).contains(crate::t!(1m)));
    assert_eq!(shanten_standard(&hand("1111m234p567p789s2m"), FOUR), 0);
    assert_eq!(shanten_standard(&hand("111m234p567p789s1z"), FOUR), 0);
}

#[test]
fn fifth_copy_waits_are_karaten_in_shape() {
    let kinds = |s: &str| {
        let mut w = TileSet::EMPTY;
        crate::mahjong::parse_kinds(s).unwrap().into_iter().for_each(|k| w.insert(k));
        w
    };
    assert_eq!(fifth_copy_waits(&hand("1111m234p567p789s"), FOUR), kinds("1m"));
    assert_eq!(fifth_copy_waits(&sanma_hand("1111m234p567p789s"), GOTO), kinds("1m"));
    // Five honours: a triplet and the pair.
    assert_eq!(fifth_copy_waits(&hand("1111z234p567p789s"), FOUR), kinds("1z"));
    // Five 5m as the pair and three sequences (345m 456m 567m), no triplet of them.
    assert!(fifth_copy_waits(&hand("3445550667m111z"), FOUR).contains(crate::t!(5m)));
    assert_eq!(fifth_copy_waits(&hand("1111m235p567p789s"), FOUR), TileSet::EMPTY);
    assert_eq!(fifth_copy_waits(&hand("111m234p567p789s1z"), FOUR), TileSet::EMPTY, "no kind held four times");
}

#[test]
fn seven_pairs_with_and_without_quads() {
    assert_eq!(shanten_chiitoitsu(&hand("11223344556677z"), FOUR), Some(-1));
    assert_eq!(shanten_chiitoitsu(&hand("1111m2233p4455s66z"), FOUR), Some(1));
    assert_eq!(shanten_chiitoitsu(&hand("1111m2233p4455s66z"), GOTO), Some(-1));
    assert_eq!(shanten_chiitoitsu(&hand("1111m223344p55s6z"), FOUR), Some(2));
    assert_eq!(shanten_chiitoitsu(&hand("1111m223344p55s6z"), GOTO), Some(0));
    assert_eq!(shanten_chiitoitsu(&hand("111m223344p55s66z"), GOTO), Some(0));
    assert_eq!(shanten_chiitoitsu(&hand("1357m1357p1357s1z"), FOUR), Some(6));
    assert_eq!(shanten_chiitoitsu(&hand("1122m33p"), FOUR), None);
    assert_eq!(shanten(&hand("1122m3344p5566s7z"), FOUR), 0);
    assert_eq!(ukeire(&hand("1122m3344p5566s7z"), FOUR).to_string(), "7z");
}

#[test]
fn thirteen_orphans() {
    assert_eq!(shanten_kokushi(&hand("19m19p19s1234567z")), Some(0));
    assert_eq!(ukeire(&hand("19m19p19s1234567z"), FOUR).to_string(), "19m19p19s1234567z");
    assert_eq!(shanten_kokushi(&hand("19m19p19s12345677z")), Some(-1));
    assert_eq!(shanten_kokushi(&hand("119m19p19s123456z")), Some(0));
    assert_eq!(shanten_kokushi(&hand("2345678m2345p23s")), Some(13));
    assert_eq!(shanten_kokushi(&hand("19m19p")), None);
    assert_eq!(shanten(&hand("119m19p19s123456z"), FOUR), 0);
}

#[test]
fn sanma_manzu_makes_no_sequences() {
    let h = sanma_hand("19m55z");
    assert_eq!(shanten_standard(&h, GOTO), 1);
    assert_eq!(ukeire(&h, GOTO).to_string(), "19m5z");
    assert_eq!(ukeire(&h, FOUR).to_string(), "123789m5z");
    assert_eq!(shanten_standard(&sanma_hand("11999m"), GOTO), -1);
}

#[test]
fn table_matches_brute_force_on_random_hands() {
    let mut rng = ChaCha8Rng::seed_from_u64(2);
    let mut checked = 0;
    let cases: [(usize, usize, bool, Pool); 9] = [
        (13, 100_000, false, |_| true),
        (14, 40_000, false, |_| true),
        (13, 30_000, false, |k| k < 9),
        (14, 20_000, false, |k| (9..18).contains(&k) || k >= 27),
        (13, 20_000, false, |k| k < 18),
        (10, 20_000, false, |_| true),
        (8, 20_000, false, |k| k < 9),
        (13, 40_000, true, sanma_kind),
        (11, 20_000, true, sanma_kind),
    ];
    for (n, hands, sanma, pool) in cases {
        let rules = ShantenRules { sanma, chiitoitsu_quads: false };
        for _ in 0..hands {
            let h = random_hand(&mut rng, n, pool);
            let fast = shanten_standard(&h, rules);
            assert_eq!(fast, brute_distance(&h, sanma) as i8 - 1, "{h:?}");
            checked += 1;
        }
    }
    for n in [1, 2, 4, 5, 7] {
        for _ in 0..5_000 {
            let h = random_hand(&mut rng, n, |k| !(9..27).contains(&k));
            assert_eq!(shanten_standard(&h, FOUR), brute_distance(&h, false) as i8 - 1, "{h:?}");
        }
    }
    assert_eq!(checked, 310_000);
}

fn brute_ukeire_draw(h: &TileCounts, rules: ShantenRules) -> TileSet {
    let base = brute_shanten(h, rules);
    let mut out = TileSet::EMPTY;
    for t in Tile::all().filter(|&t| h[t.index()] < 4 && rules.kind_exists(t)) {
        let mut h2 = *h;
        h2[t.index()] += 1;
        if brute_shanten(&h2, rules) < base {
            out.insert(t);
        }
    }
    out
}

#[test]
fn ukeire_matches_brute_force() {
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    for (rules, pool) in [(FOUR, (|_| true) as Pool), (FOUR, |k| k < 9), (GOTO, sanma_kind)] {
        for _ in 0..1_500 {
            let h = random_hand(&mut rng, 13, pool);
            assert_eq!(shanten(&h, rules), brute_shanten(&h, rules));
            assert_eq!(ukeire(&h, rules), brute_ukeire_draw(&h, rules), "{h:?}");
        }
        for _ in 0..60 {
            let h = random_hand(&mut rng, 14, pool);
            let discards = || {
                Tile::all().filter(|t| h[t.index()] > 0).map(|t| {
                    let mut h2 = h;
                    h2[t.index()] -= 1;
                    (brute_shanten(&h2, rules), h2)
                })
            };
            let best = discards().map(|d| d.0).min().unwrap();
            let expect =
                discards().filter(|d| d.0 == best).fold(TileSet::EMPTY, |u, d| u.union(brute_ukeire_draw(&d.1, rules)));
            assert_eq!(ukeire(&h, rules), expect, "{h:?}");
        }
    }
}

#[test]
fn ukeire_is_the_draws_that_lower_shanten_at_every_size() {
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    for (rules, pool) in [(FOUR, (|_| true) as Pool), (FOUR, |k| k < 9), (GOTO, sanma_kind)] {
        for n in [1, 4, 7, 10, 13] {
            for _ in 0..2_000 {
                let h = random_hand(&mut rng, n, pool);
                let base = shanten(&h, rules);
                let mut expect = TileSet::EMPTY;
                for t in Tile::all().filter(|&t| h[t.index()] < 4 && rules.kind_exists(t)) {
                    let mut drawn = h;
                    drawn[t.index()] += 1;
                    if shanten(&drawn, rules) < base {
                        expect.insert(t);
                    }
                }
                assert_eq!(ukeire(&h, rules), expect, "{h:?}");
            }
        }
    }
}

#[test]
fn fourteen_tile_ukeire_is_the_union_over_best_discards() {
    let complete = hand("123m456p789s11122z");
    assert_eq!(shanten(&complete, FOUR), -1);
    assert_eq!(ukeire(&complete, FOUR).to_string(), "1234m34567p6789s12z");
}

#[test]
fn ukeire_count_subtracts_visible_tiles() {
    let h = hand("123m456p789s1122z");
    let set = TileSetSpec::four_player();
    let u = ukeire(&h, FOUR);
    assert_eq!(ukeire_count(u, &h, &set), 4);
    let mut visible = h;
    visible[Tile::EAST.index()] += 1;
    assert_eq!(ukeire_count(u, &visible, &set), 3);
}

#[test]
fn report_fields_and_errors() {
    let four = TileSetSpec::four_player();
    let goto = TileSetSpec::goto();
    let r = shanten_report("123m 406p 789s 1122z", &four, false).unwrap();
    assert_eq!(r.hand, "123m406p789s1122z");
    assert_eq!((r.shanten, r.standard, r.chiitoitsu, r.kokushi), (0, 0, Some(4), Some(8)));
    let r = shanten_report("1111m2233p4455s6z", &goto, true).unwrap();
    assert_eq!((r.chiitoitsu, r.ukeire.as_str()), (Some(0), "6z"));
    let r = shanten_report("1111m2233p4455s6z", &goto, false).unwrap();
    assert_eq!(r.chiitoitsu, Some(2));
    assert!(matches!(shanten_report("1234m", &goto, true), Err(HandError::Notation(_))));
    let r = shanten_report("1199m2233p4455s6z", &goto, true).unwrap();
    assert_eq!((r.chiitoitsu, r.ukeire.as_str()), (Some(0), "6z"));
    let r = shanten_report("123m", &four, false).unwrap_err();
    assert_eq!(r.to_string(), "3 tiles: a concealed hand holds 3n+1 or 3n+2 tiles (1, 2, 4, 5, … 13, 14)");
    assert_eq!(shanten_report("19m1f5z", &goto, true).unwrap_err(), HandError::Flower { pos: 4 });
    let r = shanten_report("1234m", &four, false).unwrap();
    assert_eq!((r.chiitoitsu, r.kokushi), (None, None));
    assert_eq!(shanten_report("", &four, false).unwrap_err(), HandError::TileCount(0));
}

#[test]
fn vector_and_portable_arithmetic_agree() {
    let mut rng = ChaCha8Rng::seed_from_u64(4);
    for n in [1, 2, 4, 5, 7, 8, 10, 11, 13, 14] {
        for _ in 0..2_000 {
            let h = random_hand(&mut rng, n, |_| true);
            let e = entries(group_keys(&h, false));
            let portable = table::finish(&table::combine(e[0], e[1]), &table::combine(e[2], e[3]), n / 3);
            assert_eq!(table::distance(e, n / 3), portable, "{h:?}");
        }
    }
}

#[test]
fn rests_give_the_same_distance_for_every_group() {
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    for n in [1, 2, 4, 5, 7, 8, 10, 11, 13, 14] {
        for _ in 0..2_000 {
            let h = random_hand(&mut rng, n, |_| true);
            let e = entries(group_keys(&h, false));
            let rests = table::Rests::new(e, n / 3);
            assert_eq!(rests, table::Rests::portable(e, n / 3), "{h:?}");
            for (g, entry) in e.into_iter().enumerate() {
                let d = table::distance(e, n / 3);
                assert_eq!(rests.distance(g, entry), d, "{h:?} group {g}");
                // Under the limits for `draws` exactly when fewer draws are needed.
                for draws in 0..=d + 1 {
                    assert_eq!(rests.limits(g, draws).under(entry), d < draws, "{h:?} group {g} {draws}");
                }
            }
        }
    }
}

#[test]
fn shanten_after_discards_is_shanten_of_each_discard() {
    let mut rng = ChaCha8Rng::seed_from_u64(6);
    for (rules, pool) in [(FOUR, (|_| true) as Pool), (FOUR, |k| k < 9), (GOTO, sanma_kind)] {
        for n in [2, 5, 8, 11, 14] {
            for _ in 0..2_000 {
                let h = random_hand(&mut rng, n, pool);
                let after = shanten_after_discards(&h, rules);
                for k in 0..NUM_KINDS {
                    let mut d = h;
                    let expect = if d[k] == 0 {
                        i8::MAX
                    } else {
                        d[k] -= 1;
                        shanten(&d, rules)
                    };
                    assert_eq!(after[k], expect, "{h:?} less kind {k}");
                }
            }
        }
    }
}

/// Seven pairs and thirteen orphans counted kind by kind (the table tallies'
/// reference): best seven pair slots; orphan kinds held plus one for a pair.
fn simple_other_forms(h: &TileCounts, quads: bool) -> (i8, i8) {
    let (mut twos, mut ones, mut kinds, mut pair) = (0, 0, 0, 0);
    for t in Tile::all() {
        let c = h[t.index()];
        twos += i8::from(c >= 2) + i8::from(quads && c == 4);
        ones += i8::from(c == 1) + i8::from(quads && c == 3);
        if t.is_terminal_or_honor() {
            kinds += i8::from(c > 0);
            pair = pair.max(i8::from(c >= 2));
        }
    }
    let twos = twos.min(7);
    (13 - 2 * twos - ones.min(7 - twos), 13 - kinds - pair)
}

#[test]
fn table_tallies_match_kind_by_kind_counts() {
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    for (rules, pool) in [(FOUR, (|_| true) as Pool), (GOTO, sanma_kind), (FOUR, |k| k >= 18)] {
        for quads in [false, true] {
            let rules = ShantenRules { chiitoitsu_quads: quads, ..rules };
            for n in [13, 14] {
                for _ in 0..5_000 {
                    let h = random_hand(&mut rng, n, pool);
                    let (pairs, orphans) = simple_other_forms(&h, quads);
                    assert_eq!(shanten_chiitoitsu(&h, rules), Some(pairs), "{h:?}");
                    assert_eq!(shanten_kokushi(&h), Some(orphans), "{h:?}");
                }
            }
        }
    }
}
