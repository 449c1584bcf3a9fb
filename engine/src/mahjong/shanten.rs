//! Shanten (向聴数) and ukeire (受け入れ) for concealed hands of any size
//! 3n+1 or 3n+2 (1–14 tiles; melds stand aside and need no blocks).
//!
//! Shanten is *exact*: the fewest tiles that must be drawn to complete the
//! hand, minus one, where no kind may be used more than four times. A hand
//! that "waits" only on a fifth copy of a tile it holds four of is therefore
//! not tenpai (shanten 1 for `1111m234p567p789s`), unlike the formula
//! `8 − 2·mentsu − taatsu`. Copies in the player's own melds are not
//! counted against that limit.
//!
//! The standard form uses per-group tables (see `table`), so one call is a
//! few table reads and some small min-plus arithmetic; nothing allocates
//! once the tables are built.

mod report;
mod table;

pub use report::{HandError, ShantenReport, shanten_report};

use super::tile::{NUM_KINDS, Tile, TileCounts, TileSet};
use super::tileset::TileSetSpec;
use table::{Entry, POW5, combine, finish, tables};

/// What shanten depends on beyond the hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct ShantenRules {
    /// Sanma manzu: only 1m and 9m exist, so manzu makes no sequences and
    /// 2m–8m are never drawn (hands must hold none).
    pub sanma: bool,
    /// 七対子 counts four of a kind as two pairs (Gotō's 4枚使い七対子);
    /// otherwise the seven pairs must be of seven different kinds.
    pub chiitoitsu_quads: bool,
}

impl ShantenRules {
    /// Four-player riichi (Ron2): full manzu, seven different pairs.
    pub const FOUR_PLAYER: ShantenRules = ShantenRules {
        sanma: false,
        chiitoitsu_quads: false,
    };
    /// Gotō sanma: manzu 1m/9m, four of a kind counts as two pairs.
    pub const GOTO: ShantenRules = ShantenRules {
        sanma: true,
        chiitoitsu_quads: true,
    };

    /// Rules for a tile set, with the ruleset's seven-pairs reading.
    pub fn new(set: &TileSetSpec, chiitoitsu_quads: bool) -> ShantenRules {
        ShantenRules {
            sanma: set.is_sanma(),
            chiitoitsu_quads,
        }
    }

    /// Whether the kind can be drawn at all.
    pub fn kind_exists(self, t: Tile) -> bool {
        !(self.sanma && t.index() < 9 && !t.is_terminal())
    }
}

/// Number of tiles in the hand.
fn tile_count(hand: &TileCounts) -> usize {
    hand.iter().map(|&c| c as usize).sum()
}

/// Table keys of the four groups: manzu, pinzu, souzu (suit table) and
/// honors (isolated table). In sanma, 1m and 9m join the honors as digits 7
/// and 8 of the isolated group, and the manzu key is 0 (empty).
#[inline(always)]
fn group_keys(hand: &TileCounts, sanma: bool) -> [usize; 4] {
    let key = |from: usize, len: usize| -> usize {
        hand[from..from + len]
            .iter()
            .zip(POW5)
            .map(|(&c, p)| c as u32 * p)
            .sum::<u32>() as usize
    };
    let honors = key(27, 7);
    if sanma {
        let iso =
            honors + hand[0] as usize * POW5[7] as usize + hand[8] as usize * POW5[8] as usize;
        [0, key(9, 9), key(18, 9), iso]
    } else {
        [key(0, 9), key(9, 9), key(18, 9), honors]
    }
}

/// The table entries of the four groups.
#[inline(always)]
fn entries(keys: [usize; 4]) -> [&'static Entry; 4] {
    let t = tables();
    [
        &t.suit[keys[0]],
        &t.suit[keys[1]],
        &t.suit[keys[2]],
        &t.isolated[keys[3]],
    ]
}

#[inline(always)]
fn standard_from(e: [&Entry; 4], blocks: usize) -> i8 {
    finish(&combine(e[0], e[1]), &combine(e[2], e[3]), blocks) as i8 - 1
}

/// Standard-form shanten (four blocks and a pair, fewer blocks for fewer
/// tiles): −1 complete, 0 tenpai, … The hand holds 3n+1 or 3n+2 tiles, at
/// most 14, at most 4 of a kind.
pub fn shanten_standard(hand: &TileCounts, rules: ShantenRules) -> i8 {
    standard_from(entries(group_keys(hand, rules.sanma)), tile_count(hand) / 3)
}

/// Seven-pairs shanten, or `None` unless the hand holds 13 or 14 tiles.
pub fn shanten_chiitoitsu(hand: &TileCounts, rules: ShantenRules) -> Option<i8> {
    let n = tile_count(hand);
    (n >= 13).then(|| chiitoitsu_of(hand, rules))
}

fn chiitoitsu_of(hand: &TileCounts, rules: ShantenRules) -> i8 {
    // Each pair slot scores the copies already held (0–2); a kind offers one
    // slot, or two when four of a kind count as two pairs. Take the best seven.
    let (mut twos, mut ones) = (0u8, 0u8);
    for &c in hand {
        twos += u8::from(c >= 2) + u8::from(rules.chiitoitsu_quads && c == 4);
        ones += u8::from(c == 1) + u8::from(rules.chiitoitsu_quads && c == 3);
    }
    let twos = twos.min(7);
    13 - (2 * twos + ones.min(7 - twos)) as i8
}

/// Thirteen-orphans shanten, or `None` unless the hand holds 13 or 14 tiles.
pub fn shanten_kokushi(hand: &TileCounts) -> Option<i8> {
    (tile_count(hand) >= 13).then(|| kokushi_of(hand))
}

const ORPHANS: [usize; 13] = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33];

fn kokushi_of(hand: &TileCounts) -> i8 {
    let (mut kinds, mut pair) = (0i8, false);
    for i in ORPHANS {
        kinds += i8::from(hand[i] > 0);
        pair |= hand[i] >= 2;
    }
    13 - kinds - i8::from(pair)
}

/// Shanten: the best of the standard form and, for 13/14 tiles, seven pairs
/// and thirteen orphans.
pub fn shanten(hand: &TileCounts, rules: ShantenRules) -> i8 {
    let n = tile_count(hand);
    let standard = standard_from(entries(group_keys(hand, rules.sanma)), n / 3);
    if n >= 13 {
        standard
            .min(chiitoitsu_of(hand, rules))
            .min(kokushi_of(hand))
    } else {
        standard
    }
}

/// Ukeire: the kinds whose draw lowers the shanten.
///
/// For a 3n+1 hand: kinds `k` (held fewer than four times, existing in the
/// set) with `shanten(hand + k) < shanten(hand)`. For a 3n+2 hand: the union
/// of the ukeire of every discard that keeps the best 3n+1 shanten (for a
/// complete hand, the waits of its tenpai discards).
pub fn ukeire(hand: &TileCounts, rules: ShantenRules) -> TileSet {
    let n = tile_count(hand);
    if n % 3 == 1 {
        return ukeire_draw(hand, n, rules);
    }
    let mut h = *hand;
    let mut best = i8::MAX;
    let mut out = TileSet::EMPTY;
    for i in 0..NUM_KINDS {
        if h[i] == 0 {
            continue;
        }
        h[i] -= 1;
        let s = shanten(&h, rules);
        if s < best {
            best = s;
            out = TileSet::EMPTY;
        }
        if s == best {
            out = out.union(ukeire_draw(&h, n - 1, rules));
        }
        h[i] += 1;
    }
    out
}

/// Ukeire of a 3n+1 hand of `n` tiles: only the drawn tile's group changes,
/// so each candidate costs one table read and the arithmetic.
fn ukeire_draw(hand: &TileCounts, n: usize, rules: ShantenRules) -> TileSet {
    let base = shanten(hand, rules);
    let keys = group_keys(hand, rules.sanma);
    let e = entries(keys);
    let blocks = (n + 1) / 3;
    let mut h = *hand;
    let mut out = TileSet::EMPTY;
    for tile in Tile::all() {
        let i = tile.index();
        if h[i] >= 4 || !rules.kind_exists(tile) {
            continue;
        }
        let (group, digit) = match (i, rules.sanma) {
            (27.., _) => (3, i - 27),
            (0, true) => (3, 7),
            (8, true) => (3, 8),
            _ => (i / 9, i % 9),
        };
        let mut k = keys;
        k[group] += POW5[digit] as usize;
        let mut g = e;
        g[group] = entries(k)[group];
        let mut s = standard_from(g, blocks);
        if n + 1 >= 13 {
            h[i] += 1;
            s = s.min(chiitoitsu_of(&h, rules)).min(kokushi_of(&h));
            h[i] -= 1;
        }
        if s < base {
            out.insert(tile);
        }
    }
    out
}

/// Tiles left that are in `ukeire`: each kind's copies in `set` less those
/// `visible` to the player (own hand, melds, discards, dora indicators).
pub fn ukeire_count(ukeire: TileSet, visible: &TileCounts, set: &TileSetSpec) -> u32 {
    ukeire
        .iter()
        .map(|t| set.copies(t).saturating_sub(visible[t.index()]) as u32)
        .sum()
}

#[cfg(test)]
mod tests;
