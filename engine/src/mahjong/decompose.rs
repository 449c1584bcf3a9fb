//! Winning-hand decomposition: every reading of a complete hand as four
//! sets and a pair, seven pairs, thirteen orphans.
//!
//! Works on the concealed part only (`[u8; 34]` counts, 3n+2 tiles); declared
//! melds are added by the caller. Readings are handed to a callback one by
//! one from a stack buffer, so nothing is allocated.

use super::tile::{NUM_KINDS, Tile, TileCounts};

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
    pub const EMPTY: Block = Block {
        kind: BlockKind::Sequence,
        tile: Tile::EAST,
        open: false,
    };

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

/// Calls `f(pair, sets)` once for every way to split the concealed `counts`
/// (3n+2 tiles, n ≤ 4) into n sets and one pair. Sets come in kind order;
/// identical readings are not repeated.
pub fn for_each_standard<F: FnMut(Tile, &[Block])>(counts: &TileCounts, mut f: F) {
    let total: u32 = counts.iter().map(|&c| c as u32).sum();
    if total % 3 != 2 || total > 14 {
        return;
    }
    // A pair can only sit in the one group whose tile count is 2 mod 3.
    let mut sums = [0u8; 4];
    for (k, &c) in counts.iter().enumerate() {
        sums[kind(k).suit() as usize] += c;
    }
    if counts[27..].iter().any(|&c| c == 1 || c == 4) {
        return;
    }
    let mut c = *counts;
    let mut sets = [Block::EMPTY; 4];
    for p in 0..NUM_KINDS {
        let pair = kind(p);
        if c[p] < 2 || sums[pair.suit() as usize] % 3 != 2 {
            continue;
        }
        c[p] -= 2;
        split(&mut c, 0, true, &mut sets, 0, &mut |s: &[Block]| f(pair, s));
        c[p] += 2;
    }
}

/// Splits the rest of `c` (from kind `i` on) into sets; `triplet_ok` is
/// false when a sequence was already taken at `i` (so a triplet there would
/// repeat a reading).
fn split<F: FnMut(&[Block])>(
    c: &mut TileCounts,
    mut i: usize,
    mut triplet_ok: bool,
    sets: &mut [Block; 4],
    n: usize,
    f: &mut F,
) {
    while i < NUM_KINDS && c[i] == 0 {
        i += 1;
        triplet_ok = true;
    }
    if i == NUM_KINDS {
        f(&sets[..n]);
        return;
    }
    if n == 4 {
        return;
    }
    let k = kind(i);
    if triplet_ok && c[i] >= 3 {
        c[i] -= 3;
        sets[n] = Block {
            kind: BlockKind::Triplet,
            tile: k,
            open: false,
        };
        split(c, i, true, sets, n + 1, f);
        c[i] += 3;
    }
    if !k.is_honor() && k.number() <= 7 && c[i + 1] > 0 && c[i + 2] > 0 {
        c[i] -= 1;
        c[i + 1] -= 1;
        c[i + 2] -= 1;
        sets[n] = Block {
            kind: BlockKind::Sequence,
            tile: k,
            open: false,
        };
        split(c, i, false, sets, n + 1, f);
        c[i] += 1;
        c[i + 1] += 1;
        c[i + 2] += 1;
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
    let total: u32 = counts.iter().map(|&c| c as u32).sum();
    total == 14
        && counts
            .iter()
            .enumerate()
            .all(|(k, &c)| (c >= 1) == kind(k).is_terminal_or_honor())
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
