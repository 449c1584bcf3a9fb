//! Golden transcripts: seeded hanchan kept decision by decision in `golden/`,
//! each with the rules it shows checked on its outcome. A change that alters
//! play shows as a diff of these files (rewrite them with `BLESS=1`).

use super::*;
use crate::GameSeeds;
use crate::testing::{assert_golden, transcript};

/// Four efficiency bots at the dojo table (seed 7, game 0). The final score
/// of each seat is its points against the 30,000 return, in tenths of a
/// thousand, plus the uma of its place (+15, +5, −5, −15; no oka): the scores
/// add up to zero, and the places follow the points.
#[test]
fn dojo_hanchan_scores_are_points_plus_uma() {
    let game = RiichiTable::preset("ron2-dojo").unwrap();
    let (text, o) = transcript(&game, &mut [Bot::efficiency(); 4], &mut GameSeeds::new(7).rng(0));
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/src/mahjong/table/golden/dojo_efficiency.txt");
    assert_golden(path, include_str!("golden/dojo_efficiency.txt"), &text);
    let uma = [150, 50, -50, -150];
    for s in 0..MAX_SEATS {
        assert_eq!(o.scores[s], (o.points[s] - 30_000) / 100 + uma[o.ranks[s] as usize], "{o:?}");
    }
    assert_eq!(o.scores.iter().sum::<i32>(), 0);
    assert!(o.hands >= 8, "an east-south game of at least eight hands");
}

/// A mixed table under the riichi-battle preset (seed 7, game 1): random,
/// efficiency, defensive and efficiency bots. Every win is a tsumo or a ron
/// off a discard, and a double ron is one deal-in and two wins, so the wins
/// add up to the tsumo wins, the deal-ins and the double rons.
#[test]
fn battle_hanchan_wins_are_tsumo_or_deal_ins() {
    let game = RiichiTable::preset("ron2-battle").unwrap();
    let mut bots = [Bot::random(), Bot::efficiency(), Bot::defensive(), Bot::efficiency()];
    let (text, o) = transcript(&game, &mut bots, &mut GameSeeds::new(7).rng(1));
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/src/mahjong/table/golden/battle_mixed.txt");
    assert_golden(path, include_str!("golden/battle_mixed.txt"), &text);
    let sum = |x: [u16; MAX_SEATS]| x.iter().sum::<u16>();
    assert_eq!(sum(o.wins), sum(o.tsumo_wins) + sum(o.deal_ins) + o.double_rons, "{o:?}");
}

/// Four `tenhou-like` bots at the dojo table (seed 7, game 2) and three `goto-stakes` bots
/// at the Gotō cut-bi table (seed 7, game 3): the value, placement, chip and stake settings
/// decision by decision, so that a speed-up of the bots (cached per-turn facts, skipped
/// scans) shows as a diff if it changes any decision. Every win is a tsumo or a ron off a
/// discard, as in the battle game.
#[test]
fn value_bots_play_the_same_hanchan_decision_by_decision() {
    for (preset, bot, index, file, golden) in [
        ("ron2-dojo", "tenhou-like", 2, "dojo_tenhou_like.txt", include_str!("golden/dojo_tenhou_like.txt")),
        ("goto-cutbi", "goto-stakes", 3, "goto_stakes.txt", include_str!("golden/goto_stakes.txt")),
    ] {
        let game = RiichiTable::preset(preset).unwrap();
        let mut bots = [Bot::by_name(bot).unwrap(); MAX_SEATS];
        let seats = game.num_seats();
        let (text, o) = transcript(&game, &mut bots[..seats], &mut GameSeeds::new(7).rng(index));
        let path = format!("{}/src/mahjong/table/golden/{file}", env!("CARGO_MANIFEST_DIR"));
        assert_golden(&path, golden, &text);
        let sum = |x: [u16; MAX_SEATS]| x.iter().sum::<u16>();
        assert_eq!(sum(o.wins), sum(o.tsumo_wins) + sum(o.deal_ins) + o.double_rons, "{o:?}");
    }
}
