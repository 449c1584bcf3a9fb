//! Shanten, ukeire and fifth-copy waits allocate nothing once the tables are built.

use engine::mahjong::{
    ShantenRules, TileCounts, TileSetSpec, fifth_copy_waits, shanten, shanten_chiitoitsu, shanten_kokushi,
    shanten_standard, ukeire, ukeire_count,
};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

#[global_allocator]
static GLOBAL: engine::testing::CountingAlloc = engine::testing::CountingAlloc;

/// Random hands of 13 and 14 tiles (and some smaller) from a four-player wall.
fn hands(count: usize) -> Vec<TileCounts> {
    let mut rng = ChaCha8Rng::seed_from_u64(9);
    let mut wall: Vec<usize> = (0..34).flat_map(|k| [k; 4]).collect();
    (0..count)
        .map(|i| {
            let n = [13, 14, 10, 8, 5, 1][i % 6];
            let mut h = [0; 34];
            for j in 0..n {
                let pick = rng.random_range(j..wall.len());
                wall.swap(j, pick);
                h[wall[j]] += 1;
            }
            h
        })
        .collect()
}

#[test]
fn shanten_and_ukeire_do_not_allocate_after_warm_up() {
    let mut hands = hands(3_000);
    // 1111m 234p 567p 789s: 空聴牌, a wait on a fifth copy only.
    let mut karaten = [0; 34];
    for k in [0, 0, 0, 0, 10, 11, 12, 13, 14, 15, 24, 25, 26] {
        karaten[k] += 1;
    }
    hands.push(karaten);
    let set = TileSetSpec::four_player();
    let visible = [1; 34];
    let rules = [ShantenRules::FOUR_PLAYER, ShantenRules { sanma: false, chiitoitsu_quads: true }];
    let mut total = 0i64;
    let mut run = |hands: &[TileCounts]| {
        for h in hands {
            for r in rules {
                total += i64::from(shanten(h, r)) + i64::from(shanten_standard(h, r));
                total += i64::from(shanten_chiitoitsu(h, r).unwrap_or(0) + shanten_kokushi(h).unwrap_or(0));
                total += i64::from(ukeire_count(ukeire(h, r), &visible, &set));
                total += i64::from(fifth_copy_waits(h, r).len());
            }
        }
    };
    run(&hands[..10]);
    let before = engine::testing::thread_allocations();
    run(&hands);
    assert_eq!(engine::testing::thread_allocations(), before);
    assert_ne!(total, 0);
}
