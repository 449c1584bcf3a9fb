//! Winning-hand decomposition: every reading of a complete hand as four
//! sets and a pair, seven pairs, thirteen orphans.
//!
//! Works on the concealed part only (`[u8; 34]` counts, 3n+2 tiles); declared
//! melds are added by the caller. Readings are handed to a callback one by
//! one from a stack buffer, so nothing is allocated.

use super::tile::{HONORS, NUM_KINDS, TERMINAL_OR_HONOR, Tile, TileCounts};

/// What kind of set a [`Block`] is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BlockKind {
    /// 順子 three consecutive tiles of one suit.
    Sequence,
    /// 刻子 three of a kind.
    Triplet,
    /// 槓子 four of a kind (only from a declared kan).
    Kan,
}

/// One set of a decomposed hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Block {
    /// Sequence, triplet or kan.
    pub kind: BlockKind,
    /// The kind of its lowest tile.
    pub tile: Tile,
    /// Exposed (a chi, pon or open kan). A concealed triplet completed by a
    /// ron is not marked here; scoring treats it as open.
    pub open: bool,
}

impl Block {
    /// An empty placeholder used to fill fixed arrays.
    pub const EMPTY: Block = Block { kind: BlockKind::Sequence, tile: Tile::EAST, open: false };

    /// Whether it is a triplet or a kan.
    pub const fn is_triplet_like(self) -> bool {
        !matches!(self.kind, BlockKind::Sequence)
    }

    /// Whether `t` is one of its tiles.
    pub const fn contains(self, t: Tile) -> bool {
        let (k, first) = (t.index(), self.tile.index());
        match self.kind {
            BlockKind::Sequence => k >= first && k <= first + 2,
            _ => k == first,
        }
    }

    /// Whether it holds a terminal or an honor (for chanta and junchan).
    pub const fn has_terminal_or_honor(self) -> bool {
        match self.kind {
            BlockKind::Sequence => matches!(self.tile.number(), 1 | 7),
            _ => self.tile.is_terminal_or_honor(),
        }
    }
}

/// The kind at index `k` (< 34 by construction of every caller).
pub(crate) const fn kind(k: usize) -> Tile {
    match Tile::from_index(k as u8) {
        Some(t) => t,
        None => panic!("kind index out of range"),
    }
}

/// Bit `k` set for every kind `k` that satisfies `pred`.
macro_rules! kind_mask {
    ($t:ident => $pred:expr) => {{
        let mut mask = 0u64;
        let mut k = 0;
        while k < NUM_KINDS {
            let $t = kind(k);
            if $pred {
                mask |= 1 << k;
            }
            k += 1;
        }
        mask
    }};
}

/// Kinds that start a sequence (1–7 of a suit).
const SEQUENCE_START: u64 = kind_mask!(t => !t.is_honor() && t.number() <= 7);

/// Bit 0 of each byte of a `u64`.
const LOW_BITS: u64 = 0x0101_0101_0101_0101;

/// Per-kind bits of `counts` (each count at most 7): `(present, at least
/// two)`. Eight counts are read as one `u64` at a time (SWAR): a byte's bit
/// 0 after `| >> 1 | >> 2` says "nonzero", and multiplying by
/// `0x0102_0408_1020_4080` gathers the eight bit-0s into the top byte.
pub(crate) fn kind_masks(counts: &TileCounts) -> (u64, u64) {
    let gather = |x: u64| x.wrapping_mul(0x0102_0408_1020_4080) >> 56;
    let (mut present, mut two) = (0, 0);
    for start in (0..40).step_by(8) {
        let w = if start + 8 <= NUM_KINDS {
            u64::from_le_bytes(counts[start..start + 8].try_into().expect("8 bytes"))
        } else {
            // The last eight counts, shifted down to those from `start`.
            let last = u64::from_le_bytes(counts[NUM_KINDS - 8..].try_into().expect("8 bytes"));
            last >> (8 * (start + 8 - NUM_KINDS))
        };
        present |= gather((w | w >> 1 | w >> 2) & LOW_BITS) << start;
        two |= gather((w >> 1 | w >> 2) & LOW_BITS) << start;
    }
    (present, two)
}

/// Bit `k` set for every kind present in `counts` (counts at most 7).
pub(crate) fn presence(counts: &TileCounts) -> u64 {
    kind_masks(counts).0
}

/// Calls `f(pair, sets)` once for every way to split the concealed `counts`
/// (3n+2 tiles, n ≤ 4, each count at most 4, or 5 where a wild pocchi is a fifth copy)
/// into n sets and one pair. Sets come in kind order;
/// identical readings are not repeated.
pub fn for_each_standard<F: FnMut(Tile, &[Block])>(counts: &TileCounts, mut f: F) {
    // Per suit: tile count and Σ number × count (mod 3 only matters, so
    // only numbers 1 4 7 (×1) and 2 5 8 (×2) count), eight counts at a time.
    let byte_sum = |w: u64| (w.wrapping_mul(0x0101_0101_0101_0101) >> 56) as u32;
    let mut sums = [0u32; 4];
    let mut weighted = [0u32; 3];
    for s in 0..3 {
        let w = u64::from_le_bytes(counts[9 * s..9 * s + 8].try_into().expect("8 bytes"));
        sums[s] = byte_sum(w) + counts[9 * s + 8] as u32;
        weighted[s] = byte_sum(w & 0x00ff_0000_ff00_00ff) + 2 * byte_sum(w & 0xff00_00ff_0000_ff00);
    }
    // The seven honor counts, one per byte: a lone honor (bit 0 alone) or
    // four of one (bit 2, but for five: a triplet and a pair) never fits.
    let honors = u64::from_le_bytes(counts[26..].try_into().expect("8 bytes")) >> 8;
    let lone = honors & !(honors >> 1) & !(honors >> 2);
    if (lone | (honors >> 2) & !(honors & !(honors >> 1))) & LOW_BITS != 0 {
        return;
    }
    sums[3] = byte_sum(honors);
    let (present, pairable) = kind_masks(counts);
    let total: u32 = sums.iter().sum();
    if total % 3 != 2 || total > 14 {
        return;
    }
    // A pair sits in the one group whose count is 2 mod 3. Σ number × count
    // is 0 mod 3 for a suit of sets (3i+6 per sequence, 3i per triplet), and
    // 2 × the pair's number more with the pair: so the pair suit admits only
    // numbers n ≡ 2Σ (mod 3), and every other suit needs Σ ≡ 0.
    let mut candidates = 0u64;
    for s in 0..3 {
        if sums[s] % 3 == 2 {
            let residue = 2 * weighted[s] % 3;
            candidates |= NUMBERS_BY_RESIDUE[residue as usize] << (9 * s);
        } else if weighted[s] % 3 != 0 {
            return;
        }
    }
    if sums[3] % 3 == 2 {
        candidates |= HONORS;
    }
    candidates &= pairable;
    let mut c = *counts;
    let mut sets = [Block::EMPTY; 4];
    while candidates != 0 {
        let p = candidates.trailing_zeros() as usize;
        candidates &= candidates - 1;
        let pair = kind(p);
        c[p] -= 2;
        let left = if c[p] == 0 { present & !(1 << p) } else { present };
        split(&mut c, left, NO_SEQUENCE, &mut sets, 0, &mut |s: &[Block]| f(pair, s));
        c[p] += 2;
    }
}

/// Numbers 1–9 (bits 0–8) whose value is ≡ 0, 1, 2 (mod 3).
const NUMBERS_BY_RESIDUE: [u64; 3] = [0b100_100_100, 0b001_001_001, 0b010_010_010];

/// No sequence was just taken (see [`split`]).
const NO_SEQUENCE: usize = 64;

/// Splits what is left of `c` (`left`: the kinds still present) into sets
/// after `sets[..n]`. `seq_at` is the kind where a sequence was just taken:
/// a triplet there would repeat a reading already found.
fn split<F: FnMut(&[Block])>(c: &mut TileCounts, left: u64, seq_at: usize, sets: &mut [Block; 4], n: usize, f: &mut F) {
    if left == 0 {
        f(&sets[..n]);
        return;
    }
    if n == 4 {
        return;
    }
    let i = left.trailing_zeros() as usize;
    let k = kind(i);
    if i != seq_at && c[i] >= 3 {
        c[i] -= 3;
        let rest = if c[i] == 0 { left & !(1 << i) } else { left };
        sets[n] = Block { kind: BlockKind::Triplet, tile: k, open: false };
        split(c, rest, NO_SEQUENCE, sets, n + 1, f);
        c[i] += 3;
    }
    if SEQUENCE_START & (1 << i) != 0 && c[i + 1] > 0 && c[i + 2] > 0 {
        let mut emptied = 0u64;
        for j in 0..3 {
            c[i + j] -= 1;
            emptied |= ((c[i + j] == 0) as u64) << j;
        }
        let rest = left & !(emptied << i);
        sets[n] = Block { kind: BlockKind::Sequence, tile: k, open: false };
        split(c, rest, i, sets, n + 1, f);
        c[i..i + 3].iter_mut().for_each(|n| *n += 1);
    }
}

/// Seven pairs (七対子): 14 concealed tiles in pairs. Returns the number of
/// four-of-a-kinds used as two pairs, or `None` if the hand is not seven
/// pairs. With `allow_quads` false a four-of-a-kind does not count.
pub fn seven_pairs(counts: &TileCounts, allow_quads: bool) -> Option<u8> {
    let mut pairs = 0u8;
    let mut quads = 0u8;
    for &c in counts {
        match c {
            0 => {}
            2 => pairs += 1,
            4 if allow_quads => {
                pairs += 2;
                quads += 1;
            }
            _ => return None,
        }
    }
    (pairs == 7).then_some(quads)
}

/// Thirteen orphans (国士無双): one of each terminal and honor plus one more.
pub fn thirteen_orphans(counts: &TileCounts) -> bool {
    counts[0] > 0
        && counts[8] > 0
        && counts[27] > 0
        && presence(counts) == TERMINAL_OR_HONOR
        && counts.iter().map(|&c| c as u32).sum::<u32>() == 14
}

#[cfg(test)]
mod tests {
    use super::*;

    fn counts(kinds: &[u8]) -> [u8; 34] {
        let mut c = [0u8; 34];
        for &k in kinds {
            c[k as usize] += 1;
        }
        c
    }

    fn readings(c: &[u8; 34]) -> Vec<(Tile, Vec<Block>)> {
        let mut out = Vec::new();
        for_each_standard(c, |p, s| out.push((p, s.to_vec())));
        out
    }

    #[test]
    fn triple_triplets_read_three_ways() {
        // 111222333m 456p 77s: triplets, or three identical sequences.
        let c = counts(&[0, 0, 0, 1, 1, 1, 2, 2, 2, 12, 13, 14, 24, 24]);
        let r = readings(&c);
        assert_eq!(r.len(), 2);
        assert!(r.iter().all(|(p, s)| p.index() == 24 && s.len() == 4));
    }

    #[test]
    fn nine_gates_wins_on_every_tile_and_readings_recompose() {
        for extra in 0..9u8 {
            let mut kinds = vec![0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 8, 8];
            kinds.push(extra);
            let c = counts(&kinds);
            let r = readings(&c);
            assert!(!r.is_empty(), "1112345678999m + {}m", extra + 1);
            check_recompose(&c, &r);
        }
    }

    fn check_recompose(c: &[u8; 34], r: &[(Tile, Vec<Block>)]) {
        for (p, s) in r {
            let mut back = [0u8; 34];
            back[p.index()] += 2;
            for b in s {
                let t = b.tile.index();
                match b.kind {
                    BlockKind::Sequence => (t..t + 3).for_each(|k| back[k] += 1),
                    _ => back[t] += 3,
                }
            }
            assert_eq!(&back, c);
        }
    }

    #[test]
    fn no_reading_for_a_broken_hand() {
        let c = counts(&[0, 1, 3, 9, 10, 11, 18, 19, 20, 27, 27, 27, 31, 31]);
        assert!(readings(&c).is_empty());
        // A lone honor never fits.
        let c = counts(&[0, 1, 2, 9, 10, 11, 18, 19, 20, 27, 27, 31, 33, 33]);
        assert!(readings(&c).is_empty());
    }

    #[test]
    fn five_of_a_kind_is_a_triplet_and_a_pair_or_in_sequences() {
        // A wild pocchi's fifth copy: 77777z 123p 456p 789s, and 55555p 678p 789s 234s.
        let honor = counts(&[33, 33, 33, 33, 33, 9, 10, 11, 12, 13, 14, 24, 25, 26]);
        let r = readings(&honor);
        assert_eq!(r.len(), 1);
        assert!(r[0].0.index() == 33 && r[0].1[3] == Block { kind: BlockKind::Triplet, tile: kind(33), open: false });
        check_recompose(&honor, &r);
        let five = counts(&[13, 13, 13, 13, 13, 14, 15, 16, 24, 25, 26, 19, 20, 21]);
        let r = readings(&five);
        assert!(!r.is_empty() && r.iter().all(|(p, _)| p.index() == 13), "{r:?}");
        check_recompose(&five, &r);
        // Four of an honor still never fit.
        let four = counts(&[33, 33, 33, 33, 9, 10, 11, 12, 13, 14, 24, 25, 26, 26]);
        assert!(readings(&four).is_empty());
    }

    #[test]
    fn seven_pairs_and_quads() {
        let c = counts(&[0, 0, 2, 2, 4, 4, 9, 9, 11, 11, 27, 27, 33, 33]);
        assert_eq!(seven_pairs(&c, false), Some(0));
        let q = counts(&[0, 0, 0, 0, 4, 4, 9, 9, 11, 11, 27, 27, 33, 33]);
        assert_eq!(seven_pairs(&q, false), None);
        assert_eq!(seven_pairs(&q, true), Some(1));
        let bad = counts(&[0, 0, 0, 4, 4, 4, 9, 9, 11, 11, 27, 27, 33, 33]);
        assert_eq!(seven_pairs(&bad, true), None);
    }

    #[test]
    fn thirteen_orphans_needs_every_kind() {
        let mut k = vec![0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33];
        k.push(33);
        assert!(thirteen_orphans(&counts(&k)));
        k[0] = 1; // 2m instead of 1m
        assert!(!thirteen_orphans(&counts(&k)));
    }
}
