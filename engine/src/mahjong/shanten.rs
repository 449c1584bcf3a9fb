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
//! once the tables are built. Ukeire and [`shanten_after_discards`] change
//! one group per candidate tile, so they combine the other three groups once
//! (`Rests`) and then pay one table read and one lane-wise sum per tile.

mod report;
mod table;

pub use report::{HandError, ShantenReport, shanten_report};

use super::tile::{NUM_KINDS, Tile, TileCounts, TileSet};
use super::tileset::TileSetSpec;
use table::{Entry, POW5, Rests, TALLY_LANES, distance, tables};

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
    pub const FOUR_PLAYER: ShantenRules = ShantenRules { sanma: false, chiitoitsu_quads: false };
    /// Gotō sanma: manzu 1m/9m, four of a kind counts as two pairs.
    pub const GOTO: ShantenRules = ShantenRules { sanma: true, chiitoitsu_quads: true };

    /// Rules for a tile set, with the ruleset's seven-pairs reading.
    pub fn new(set: &TileSetSpec, chiitoitsu_quads: bool) -> ShantenRules {
        ShantenRules { sanma: set.is_sanma(), chiitoitsu_quads }
    }

    /// Whether the kind can be drawn at all.
    pub fn kind_exists(self, t: Tile) -> bool {
        !(self.sanma && t.is_sanma_gap())
    }
}

/// Ones in the low bit of every byte.
const LOW: u64 = 0x0101_0101_0101_0101;

/// Eight counts starting at kind `from`, one per byte (little-endian).
#[inline(always)]
fn word(hand: &TileCounts, from: usize) -> u64 {
    u64::from_le_bytes(hand[from..from + 8].try_into().expect("eight counts"))
}

/// The hand as five words: kinds 0–7, 8–15, 16–23, 24–31 and 32–33.
#[inline(always)]
fn words(hand: &TileCounts) -> [u64; 5] {
    [word(hand, 0), word(hand, 8), word(hand, 16), word(hand, 24), word(hand, 26) >> 48]
}

/// Number of tiles in the hand: the five words added byte-wise (each byte
/// stays below 256), then the bytes of the sum added by one multiplication.
#[inline(always)]
fn tile_count(hand: &TileCounts) -> usize {
    let sum = words(hand).into_iter().fold(0, u64::wrapping_add);
    (sum.wrapping_mul(LOW) >> 56) as usize
}

/// Base-5 key of eight counts (byte `i` = digit `i`).
#[inline(always)]
fn key8(w: u64) -> usize {
    let pairs = (w & 0x00ff_00ff_00ff_00ff) + ((w >> 8) & 0x00ff_00ff_00ff_00ff) * 5;
    let quads = (pairs & 0x0000_ffff_0000_ffff) + ((pairs >> 16) & 0x0000_ffff_0000_ffff) * 25;
    ((quads & 0xffff_ffff) + (quads >> 32) * 625) as usize
}

/// Table keys of the four groups: manzu, pinzu, souzu (suit table) and
/// honors (isolated table). In sanma, 1m and 9m join the honors as digits 7
/// and 8 of the isolated group, and the manzu key is 0 (empty).
#[inline(always)]
fn group_keys(hand: &TileCounts, sanma: bool) -> [usize; 4] {
    let suit = |from: usize| key8(word(hand, from)) + hand[from + 8] as usize * POW5[8] as usize;
    let honors = key8(word(hand, 26) >> 8);
    if sanma {
        let iso = honors + hand[0] as usize * POW5[7] as usize + hand[8] as usize * POW5[8] as usize;
        [0, suit(9), suit(18), iso]
    } else {
        [suit(0), suit(9), suit(18), honors]
    }
}

/// The table entries of the four groups.
#[inline(always)]
fn entries(keys: [usize; 4]) -> [&'static Entry; 4] {
    let t = tables();
    [&t.suit[keys[0]], &t.suit[keys[1]], &t.suit[keys[2]], &t.isolated[keys[3]]]
}

#[inline(always)]
fn standard_from(e: [&Entry; 4], blocks: usize) -> i8 {
    distance(e, blocks) as i8 - 1
}

/// Standard-form shanten (four blocks and a pair, fewer blocks for fewer
/// tiles): −1 complete, 0 tenpai, … The hand holds 3n+1 or 3n+2 tiles, at
/// most 14, at most 4 of a kind.
pub fn shanten_standard(hand: &TileCounts, rules: ShantenRules) -> i8 {
    standard_from(entries(group_keys(hand, rules.sanma)), tile_count(hand) / 3)
}

/// Standard-form shanten of a plan that may not use the kinds in `unused`
/// (tanyao: terminals and honours; honitsu: the other suits): their tiles
/// stay in the hand as dead weight, still counted for the number of blocks
/// the hand needs. Draws are not restricted: a block may still be completed
/// by a kind in `unused` (`78m` counts as waiting on 6m and 9m).
pub fn shanten_standard_without(hand: &TileCounts, rules: ShantenRules, unused: TileSet) -> i8 {
    let mut usable = *hand;
    for t in unused.iter() {
        usable[t.index()] = 0;
    }
    standard_from(entries(group_keys(&usable, rules.sanma)), tile_count(hand) / 3)
}

/// Standard-form shanten of `hand` towards only `blocks` sets and a pair, the tiles beyond
/// them dead weight: for a plan that fixes the hand's other sets itself (a sanshoku's
/// three sequences), `hand` holding what is left once their tiles are taken out.
pub fn shanten_standard_blocks(hand: &TileCounts, rules: ShantenRules, blocks: usize) -> i8 {
    standard_from(entries(group_keys(hand, rules.sanma)), blocks)
}

/// Seven-pairs shanten, or `None` unless the hand holds 13 or 14 tiles.
pub fn shanten_chiitoitsu(hand: &TileCounts, rules: ShantenRules) -> Option<i8> {
    let n = tile_count(hand);
    (n >= 13).then(|| chiitoitsu_of(hand, rules))
}

/// What seven pairs and thirteen orphans need from a hand.
#[derive(Clone, Copy)]
struct Tallies {
    /// Seven-pairs slots already full: kinds held twice or more (a second
    /// slot for four of a kind when quads count as two pairs).
    twos: u32,
    /// Seven-pairs slots half full: kinds held once (and three times, when
    /// quads count as two pairs).
    ones: u32,
    /// Kinds of terminals and honors held.
    orphan_kinds: u32,
    /// Whether a terminal or honor is held twice or more.
    orphan_pair: bool,
}

/// The tallies of a hand: the sums of its four groups' tally lanes.
#[inline(always)]
fn tallies(e: [&Entry; 4], quads: bool) -> Tallies {
    let lane = |i: usize| e.iter().map(|g| u32::from(g[TALLY_LANES[i]])).sum::<u32>();
    let (fours, threes) = if quads { (lane(4), lane(5)) } else { (0, 0) };
    Tallies { twos: lane(0) + fours, ones: lane(1) + threes, orphan_kinds: lane(2), orphan_pair: lane(3) > 0 }
}

impl Tallies {
    /// Seven-pairs shanten: the best seven slots.
    #[inline(always)]
    fn chiitoitsu(self) -> i8 {
        let twos = self.twos.min(7);
        13 - (2 * twos + self.ones.min(7 - twos)) as i8
    }

    /// Thirteen-orphans shanten.
    #[inline(always)]
    fn kokushi(self) -> i8 {
        13 - self.orphan_kinds as i8 - i8::from(self.orphan_pair)
    }

    /// The tallies after drawing `tile`, held `count` times before.
    #[inline(always)]
    fn after_draw(self, tile: Tile, count: u8, quads: bool) -> Tallies {
        let slots = |c: u8| -> (u32, u32) {
            match (c, quads) {
                (0, _) => (0, 0),
                (1, _) => (0, 1),
                (4, true) => (2, 0),
                (3, true) => (1, 1),
                _ => (1, 0),
            }
        };
        let ((two0, one0), (two1, one1)) = (slots(count), slots(count + 1));
        let orphan = tile.is_terminal_or_honor();
        Tallies {
            twos: self.twos + two1 - two0,
            ones: self.ones + one1 - one0,
            orphan_kinds: self.orphan_kinds + u32::from(orphan && count == 0),
            orphan_pair: self.orphan_pair || (orphan && count == 1),
        }
    }
}

fn chiitoitsu_of(hand: &TileCounts, rules: ShantenRules) -> i8 {
    tallies(entries(group_keys(hand, rules.sanma)), rules.chiitoitsu_quads).chiitoitsu()
}

/// Thirteen-orphans shanten, or `None` unless the hand holds 13 or 14 tiles.
pub fn shanten_kokushi(hand: &TileCounts) -> Option<i8> {
    (tile_count(hand) >= 13).then(|| kokushi_of(hand))
}

fn kokushi_of(hand: &TileCounts) -> i8 {
    tallies(entries(group_keys(hand, false)), false).kokushi()
}

/// Shanten: the best of the standard form and, for 13/14 tiles, seven pairs
/// and thirteen orphans.
pub fn shanten(hand: &TileCounts, rules: ShantenRules) -> i8 {
    let n = tile_count(hand);
    let e = entries(group_keys(hand, rules.sanma));
    let standard = standard_from(e, n / 3);
    if n >= 13 {
        let t = tallies(e, rules.chiitoitsu_quads);
        standard.min(t.chiitoitsu()).min(t.kokushi())
    } else {
        standard
    }
}

/// Shanten after discarding one tile of each kind from a 3n+2 hand (打牌候補
/// the discard candidates): entry `k` is [`shanten`] of the hand less one
/// `k`, `i8::MAX` for kinds not held. Only the discarded tile's group
/// changes, so each kind costs one table read against what the other groups
/// offer, not a whole shanten.
pub fn shanten_after_discards(hand: &TileCounts, rules: ShantenRules) -> [i8; NUM_KINDS] {
    let n = tile_count(hand);
    let keys = group_keys(hand, rules.sanma);
    let e = entries(keys);
    let rests = Rests::new(e, (n - 1) / 3);
    // A discard never lowers seven pairs or thirteen orphans (they count
    // from 13 tiles): only when they are below a discard's standard form
    // are they worked out for it.
    let t = tallies(e, rules.chiitoitsu_quads);
    let others = if n > 13 { t.chiitoitsu().min(t.kokushi()) } else { i8::MAX };
    let tables = tables();
    let mut out = [i8::MAX; NUM_KINDS];
    for (group, kinds) in groups(rules.sanma) {
        let table = if group == 3 { &tables.isolated } else { &tables.suit };
        for (&kind, power) in kinds.iter().zip(POW5) {
            if hand[usize::from(kind)] == 0 {
                continue;
            }
            let entry = &table[keys[group] - power as usize];
            let standard = rests.distance(group, entry) as i8 - 1;
            out[usize::from(kind)] = if others < standard {
                let mut g = e;
                g[group] = entry;
                let t = tallies(g, rules.chiitoitsu_quads);
                standard.min(t.chiitoitsu()).min(t.kokushi())
            } else {
                standard
            };
        }
    }
    out
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

/// The kinds of each group by digit (see [`group_keys`]), four-player and
/// sanma: suits 1–9; honors, and in sanma 1m/9m as digits 7 and 8. A group
/// has the first [`GROUP_LEN`] of them (sanma's manzu group none).
const GROUP_KINDS: [[[u8; 9]; 4]; 2] = {
    let mut t = [[[0; 9]; 4]; 2];
    let mut d = 0;
    while d < 9 {
        let mut suit = 0;
        while suit < 3 {
            t[0][suit][d] = (9 * suit + d) as u8;
            if suit > 0 {
                t[1][suit][d] = (9 * suit + d) as u8;
            }
            suit += 1;
        }
        if d < 7 {
            t[0][3][d] = 27 + d as u8;
            t[1][3][d] = 27 + d as u8;
        }
        d += 1;
    }
    t[1][3][7] = 0;
    t[1][3][8] = 8;
    t
};

/// How many digits of each group hold a kind ([`GROUP_KINDS`]).
const GROUP_LEN: [[usize; 4]; 2] = [[9, 9, 9, 7], [0, 9, 9, 9]];

/// Each group's index and its kinds by digit, four-player or `sanma`.
#[inline(always)]
fn groups(sanma: bool) -> impl Iterator<Item = (usize, &'static [u8])> {
    let layout = usize::from(sanma);
    GROUP_KINDS[layout].iter().zip(GROUP_LEN[layout]).map(|(kinds, n)| &kinds[..n]).enumerate()
}

/// Ukeire of a 3n+1 hand of `n` tiles: only the drawn tile's group changes,
/// so each candidate costs one table read and a lane-wise comparison with the
/// limits that what the other groups offer sets ([`Rests::limits`]).
fn ukeire_draw(hand: &TileCounts, n: usize, rules: ShantenRules) -> TileSet {
    let keys = group_keys(hand, rules.sanma);
    let e = entries(keys);
    let blocks = (n + 1) / 3;
    let standard = standard_from(e, blocks);
    let t = tallies(e, rules.chiitoitsu_quads);
    let base = if n >= 13 { standard.min(t.chiitoitsu()).min(t.kokushi()) } else { standard };
    let mut out = TileSet::EMPTY;
    // A draw lowers the standard form by at most one: only when it is at `base` can it go
    // below, to fewer than `base + 1` draws.
    if standard <= base {
        let rests = Rests::new(e, blocks);
        let tables = tables();
        for (group, kinds) in groups(rules.sanma) {
            let table = if group == 3 { &tables.isolated } else { &tables.suit };
            let limits = rests.limits(group, (base + 1) as u8);
            for (&kind, power) in kinds.iter().zip(POW5) {
                if hand[usize::from(kind)] < 4 && limits.under(&table[keys[group] + power as usize]) {
                    out.0 |= 1 << kind;
                }
            }
        }
    }
    // Seven pairs and thirteen orphans count only once the hand has 14 tiles,
    // and a draw lowers each of them by at most one: they can beat `base`
    // only when they are at it already.
    if n + 1 >= 13 && t.chiitoitsu().min(t.kokushi()) <= base {
        for (_, kinds) in groups(rules.sanma) {
            for &kind in kinds.iter().filter(|&&k| hand[usize::from(k)] < 4) {
                let tile = Tile::from_index(kind).expect("a kind");
                let drawn = t.after_draw(tile, hand[usize::from(kind)], rules.chiitoitsu_quads);
                if drawn.chiitoitsu().min(drawn.kokushi()) < base {
                    out.0 |= 1 << kind;
                }
            }
        }
    }
    out
}

/// 空聴牌 (karaten): the kinds a 3n+1 `hand` holds four of whose fifth copy would complete
/// it in the standard form (sets and a pair). Exact [`shanten`] never counts such a wait,
/// so `1111m234p567p789s` is 1-shanten, yet it waits on 1m "in shape"; a rule that calls
/// 空聴牌 tenpai (Ron2) asks this when the shanten is not 0. Seven pairs and thirteen orphans
/// never wait on a fifth copy. Allocation-free: each candidate is a pair choice and a
/// greedy split into sets.
pub fn fifth_copy_waits(hand: &TileCounts, rules: ShantenRules) -> TileSet {
    let mut out = TileSet::EMPTY;
    for (k, &n) in hand.iter().enumerate() {
        if n == 4 {
            let mut h = *hand;
            h[k] = 5;
            if complete_beyond_four(&h, rules.sanma) {
                out.0 |= 1 << k;
            }
        }
    }
    out
}

/// Whether `counts` (3n+2 tiles, a kind may be held more than four times) splits into
/// sets and one pair.
fn complete_beyond_four(counts: &TileCounts, sanma: bool) -> bool {
    (0..NUM_KINDS).any(|p| {
        counts[p] >= 2 && {
            let mut c = *counts;
            c[p] -= 2;
            all_sets(&mut c, sanma)
        }
    })
}

/// Whether `c` splits into sets only. From the lowest kind up, its copies beyond a
/// multiple of three must start sequences (three sequences from a kind hold the same
/// tiles as three triplets), so one greedy pass decides.
fn all_sets(c: &mut TileCounts, sanma: bool) -> bool {
    for i in 0..NUM_KINDS {
        let n = c[i] % 3;
        if n == 0 {
            continue;
        }
        let t = Tile::from_index(i as u8).expect("a kind");
        let starts = !t.is_honor() && t.number() <= 7 && !(sanma && i < 9);
        if !starts || c[i + 1] < n || c[i + 2] < n {
            return false;
        }
        c[i + 1] -= n;
        c[i + 2] -= n;
    }
    true
}

/// Tiles left that are in `ukeire`: each kind's copies in `set` less those
/// `visible` to the player (own hand, melds, discards, dora indicators).
pub fn ukeire_count(ukeire: TileSet, visible: &TileCounts, set: &TileSetSpec) -> u32 {
    ukeire.iter().map(|t| set.copies(t).saturating_sub(visible[t.index()]) as u32).sum()
}

#[cfg(test)]
mod tests;
