//! Distance tables for the standard form, built once on first use.
//!
//! For every way one group of nine kinds can be held (counts 0–4 each, key
//! `Σ count[i]·5^i`, 1,953,125 keys) an [`Entry`] stores, for `k = 0..=4`
//! blocks without a pair (bytes `0..5`) and with one pair (bytes `8..13`),
//! the fewest tiles that must be drawn so that the group contains `k`
//! blocks (and the pair). The suit table allows sequences; the isolated
//! table does not (honors, and sanma manzu 1m/9m).
//!
//! Building: mark every target shape (a multiset of ≤ 4 blocks and ≤ 1 pair
//! with no count above 4) at distance 0, then relax one digit at a time:
//! holding `x` where the target has `t` costs `max(0, t − x)` draws, and the
//! cost is a sum over digits, so nine one-digit passes give the exact minimum.
//!
//! The six spare bytes of an entry hold the group's tallies for seven pairs
//! and thirteen orphans ([`TALLY_LANES`]), so one read serves all forms.
//!
//! [`Rests`] serves hands that differ in one group only (a draw, a
//! discard): the other three groups are combined once, and each variant
//! costs one entry read and one lane-wise sum.

use std::sync::OnceLock;

/// Distances for `k` blocks without (lanes `0..5`) and with a pair
/// (`8..13`); tallies in the other lanes.
pub(super) type Entry = [u8; 16];

/// Lanes of the tallies: kinds held twice or more, held once, terminals and
/// honors held, those held twice or more, kinds held four times, three times.
pub(super) const TALLY_LANES: [usize; 6] = [5, 6, 7, 13, 14, 15];

const KEYS: usize = 1_953_125;
const INF: u8 = 0xff;
pub(super) const POW5: [u32; 10] = [1, 5, 25, 125, 625, 3125, 15625, 78125, 390625, 1953125];

/// The two tables.
pub(super) struct Tables {
    /// Groups whose nine kinds are 1–9 of a suit (sequences allowed).
    pub suit: Box<[Entry]>,
    /// Groups of unrelated kinds (triplets and pairs only).
    pub isolated: Box<[Entry]>,
}

static TABLES: OnceLock<Tables> = OnceLock::new();

/// The tables, built on first call (about half a second, 62 MB).
pub(super) fn tables() -> &'static Tables {
    TABLES.get_or_init(|| Tables { suit: build(true), isolated: build(false) })
}

/// Marks every target shape built from block types `from..` onward.
fn mark_targets(t: &mut [Entry], counts: &mut [u8; 9], from: usize, blocks: usize, sequences: bool) {
    for pair in 0..=9 {
        if pair < 9 {
            counts[pair] += 2;
        }
        if counts.iter().all(|&c| c <= 4) {
            let key: u32 = counts.iter().zip(POW5).map(|(&c, p)| c as u32 * p).sum();
            t[key as usize][blocks + if pair < 9 { 8 } else { 0 }] = 0;
        }
        if pair < 9 {
            counts[pair] -= 2;
        }
    }
    if blocks == 4 {
        return;
    }
    let types = if sequences { 16 } else { 9 };
    for ty in from..types {
        let cells: &[usize] = if ty < 9 { &[ty, ty, ty] } else { &[ty - 9, ty - 8, ty - 7] };
        cells.iter().for_each(|&c| counts[c] += 1);
        mark_targets(t, counts, ty, blocks + 1, sequences);
        cells.iter().for_each(|&c| counts[c] -= 1);
    }
}

fn build(sequences: bool) -> Box<[Entry]> {
    let mut t = vec![[INF; 16]; KEYS].into_boxed_slice();
    mark_targets(&mut t, &mut [0; 9], 0, 0, sequences);
    for digit in 0..9 {
        let stride = POW5[digit] as usize;
        for high in 0..POW5[8 - digit] as usize {
            for low in 0..stride {
                relax_line(&mut t, high * stride * 5 + low, stride);
            }
        }
    }
    for (key, entry) in t.iter_mut().enumerate() {
        let mut tally = [0u8; 6];
        for (digit, power) in POW5[..9].iter().enumerate() {
            let count = (key / *power as usize % 5) as u8;
            // In a suit only 1 and 9 are terminals; isolated groups hold honors and 1m/9m.
            let orphan = !sequences || digit == 0 || digit == 8;
            let flags = [count >= 2, count == 1, orphan && count >= 1, orphan && count >= 2, count == 4, count == 3];
            for (n, flag) in tally.iter_mut().zip(flags) {
                *n += u8::from(flag);
            }
        }
        for (lane, n) in TALLY_LANES.into_iter().zip(tally) {
            entry[lane] = n;
        }
    }
    t
}

/// One digit's pass over the five keys `base + j·stride`: afterwards entry
/// `x` holds `min_j (f[j] + max(0, j − x))`.
fn relax_line(t: &mut [Entry], base: usize, stride: usize) {
    let f: [Entry; 5] = std::array::from_fn(|j| t[base + j * stride]);
    let mut up = f[4];
    let mut down = [[INF; 16]; 5];
    down[0] = f[0];
    for x in 1..5 {
        down[x] = std::array::from_fn(|l| down[x - 1][l].min(f[x][l]));
    }
    for x in (0..5).rev() {
        if x < 4 {
            up = std::array::from_fn(|l| f[x][l].min(up[l].saturating_add(1)));
        }
        t[base + x * stride] = std::array::from_fn(|l| down[x][l].min(up[l]));
    }
}

/// The lanes that hold no distance (blocks 5–7: the tallies), as `INF`.
const JUNK: Entry = [0, 0, 0, 0, 0, INF, INF, INF, 0, 0, 0, 0, 0, INF, INF, INF];

/// Fewest draws to `blocks` blocks and a pair from the four groups.
#[inline(always)]
pub(super) fn distance(e: [&Entry; 4], blocks: usize) -> u8 {
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("avx2") {
        // SAFETY: the CPU has AVX2, checked just above.
        return unsafe { avx2::distance(e, blocks) };
    }
    finish(&combine(e[0], e[1]), &combine(e[2], e[3]), blocks)
}

/// Min-plus product of two groups: the best split of `k` blocks (lane `k`)
/// and of `k` blocks and the pair (lane `8 + k`) between them.
pub(super) fn combine(a: &Entry, b: &Entry) -> Entry {
    let mut r = JUNK;
    for k in 0..5 {
        r[k] = INF;
        r[8 + k] = INF;
        for i in 0..=k {
            r[k] = r[k].min(a[i].saturating_add(b[k - i]));
            r[8 + k] = r[8 + k].min(a[i].saturating_add(b[8 + k - i])).min(a[8 + i].saturating_add(b[k - i]));
        }
    }
    r
}

/// Fewest draws to `blocks` blocks and a pair from two (combined) groups.
pub(super) fn finish(a: &Entry, b: &Entry, blocks: usize) -> u8 {
    let mut best = INF;
    for i in 0..=blocks {
        best = best.min(a[i].saturating_add(b[8 + blocks - i])).min(a[8 + i].saturating_add(b[blocks - i]));
    }
    best
}

/// For each `blocks`, the lane of the second product paired with each lane
/// of the first (`0x80` = none): lane `i` with `8 + blocks − i`, lane `8 + i`
/// with `blocks − i`.
const PARTNER: [[u8; 16]; 5] = {
    let mut t = [[0x80; 16]; 5];
    let mut m = 0;
    while m < 5 {
        let mut i = 0;
        while i <= m {
            t[m][i] = (8 + m - i) as u8;
            t[m][8 + i] = (m - i) as u8;
            i += 1;
        }
        m += 1;
    }
    t
};

/// What the other three groups offer each group, for hands that change in
/// one group only (a draw or a discard): for group `g`, the min-plus
/// product of the other three, its lanes laid out against `g`'s entry for a
/// split of `blocks` blocks and a pair ([`PARTNER`]; `INF` where none), so
/// that [`Rests::distance`] is one lane-wise sum and minimum.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Rests([Entry; 4]);

impl Rests {
    /// The rests of the four groups `e`, for `blocks` blocks and a pair.
    #[inline(always)]
    pub(super) fn new(e: [&Entry; 4], blocks: usize) -> Rests {
        #[cfg(target_arch = "x86_64")]
        if std::arch::is_x86_feature_detected!("avx2") {
            // SAFETY: the CPU has AVX2, checked just above.
            return Rests(unsafe { avx2::rests(e, blocks) });
        }
        Rests::portable(e, blocks)
    }

    /// [`Rests::new`] without vector instructions.
    pub(super) fn portable(e: [&Entry; 4], blocks: usize) -> Rests {
        let ab = combine(e[0], e[1]);
        let cd = combine(e[2], e[3]);
        let rest = [combine(e[1], &cd), combine(e[0], &cd), combine(&ab, e[3]), combine(&ab, e[2])];
        let partner = &PARTNER[blocks];
        Rests(rest.map(|r| std::array::from_fn(|l| if partner[l] == 0x80 { INF } else { r[partner[l] as usize] })))
    }

    /// Fewest draws to the blocks and the pair when group `group` is held as
    /// `entry` and the others as given to [`Rests::new`].
    #[inline(always)]
    pub(super) fn distance(&self, group: usize, entry: &Entry) -> u8 {
        entry.iter().zip(&self.0[group]).fold(INF, |m, (&x, &r)| m.min(x.saturating_add(r)))
    }

    /// What group `group`'s entry must be under in some lane for the hand to be fewer than
    /// `draws` draws from the blocks and the pair ([`Limits::under`]): per lane, `draws`
    /// less what the other groups need beside it (0, never under, where that is `draws` or
    /// more).
    #[inline(always)]
    pub(super) fn limits(&self, group: usize, draws: u8) -> Limits {
        Limits(std::array::from_fn(|l| draws.saturating_sub(self.0[group][l])))
    }
}

/// A group's lane limits ([`Rests::limits`]).
#[derive(Clone, Copy, Debug)]
pub(super) struct Limits(Entry);

impl Limits {
    /// Whether the group held as `entry` takes the hand under the draws the limits were
    /// made for: some lane below its limit (a comparison per lane, no minimum to find,
    /// the same answer as [`Rests::distance`] `< draws`).
    #[inline(always)]
    pub(super) fn under(&self, entry: &Entry) -> bool {
        entry.iter().zip(&self.0).fold(false, |any, (&x, &l)| any | (x < l))
    }
}

/// The same arithmetic on 32-byte vectors: both products at once (groups
/// 0·1 in the low half, 2·3 in the high half), then the final split.
#[cfg(target_arch = "x86_64")]
pub(super) mod avx2 {
    use super::{Entry, INF, JUNK, PARTNER};
    use std::arch::x86_64::*;

    /// Bytes a left shift by `lane` must fill with `INF` for [`combine2`]:
    /// below `lane`, and for a lane of the first factor without the pair
    /// (`lane < 8`) the lanes with the pair that it would read from the
    /// second factor's lanes without it.
    const FILL: [[u8; 16]; 13] = {
        let mut t = [[0; 16]; 13];
        let mut lane = 0;
        while lane < 13 {
            let mut j = 0;
            while j < 16 {
                if j < lane || (lane < 8 && j >= 8 && j < 8 + lane) {
                    t[lane][j] = INF;
                }
                j += 1;
            }
            lane += 1;
        }
        t
    };

    /// Two min-plus products at once: each 16-byte half of the result is
    /// [`super::combine`] of the halves of `a` and `b`.
    #[target_feature(enable = "avx2")]
    fn combine2(a: __m256i, b: __m256i) -> __m256i {
        // SAFETY: every `FILL` row is 16 readable bytes.
        let fill = |lane: usize| unsafe { _mm256_broadcastsi128_si256(_mm_loadu_si128(FILL[lane].as_ptr().cast())) };
        // SAFETY: `JUNK` is 16 readable bytes.
        let junk = unsafe { _mm256_broadcastsi128_si256(_mm_loadu_si128(JUNK.as_ptr().cast())) };
        let b = _mm256_or_si256(b, junk);
        // Lane 0 of `a` (no blocks, no pair) is always 0: that term is `b`.
        let mut r = b;
        macro_rules! term {
            ($($lane:literal),*) => {$(
                let moved = _mm256_or_si256(_mm256_slli_si256::<$lane>(b), fill($lane));
                let value = _mm256_shuffle_epi8(a, _mm256_set1_epi8($lane));
                r = _mm256_min_epu8(r, _mm256_adds_epu8(value, moved));
            )*};
        }
        term!(1, 2, 3, 4, 8, 9, 10, 11, 12);
        _mm256_or_si256(r, junk)
    }

    /// See [`super::Rests::new`].
    ///
    /// # Safety
    /// The CPU must support AVX2.
    #[target_feature(enable = "avx2")]
    pub(in super::super) unsafe fn rests(e: [&Entry; 4], blocks: usize) -> [Entry; 4] {
        // SAFETY: every `Entry` and table row is 16 readable bytes.
        let load = |x: &Entry| unsafe { _mm_loadu_si128(x.as_ptr().cast()) };
        let pair = |high: __m128i, low: __m128i| _mm256_set_m128i(high, low);
        // Low half: groups 0·1; high half: groups 2·3.
        let products = combine2(pair(load(e[2]), load(e[0])), pair(load(e[3]), load(e[1])));
        let ab = _mm256_castsi256_si128(products);
        let cd = _mm256_extracti128_si256::<1>(products);
        let rest01 = combine2(pair(load(e[0]), load(e[1])), pair(cd, cd));
        let rest23 = combine2(pair(ab, ab), pair(load(e[2]), load(e[3])));
        let partner = _mm256_broadcastsi128_si256(load(&PARTNER[blocks]));
        // Lanes without a partner read 0 from the shuffle: make them INF.
        let none = _mm256_cmpeq_epi8(partner, _mm256_set1_epi8(0x80u8 as i8));
        let mut out = [[0u8; 16]; 4];
        for (k, rest) in [rest01, rest23].into_iter().enumerate() {
            let laid = _mm256_or_si256(_mm256_shuffle_epi8(rest, partner), none);
            // SAFETY: two entries of `out` are 32 writable bytes.
            unsafe { _mm256_storeu_si256(out[2 * k..].as_mut_ptr().cast(), laid) };
        }
        out
    }

    /// See [`super::distance`].
    ///
    /// # Safety
    /// The CPU must support AVX2.
    #[target_feature(enable = "avx2")]
    pub(in super::super) unsafe fn distance(e: [&Entry; 4], blocks: usize) -> u8 {
        // SAFETY: every `Entry` and table row is 16 readable bytes.
        let load = |x: &Entry| unsafe { _mm_loadu_si128(x.as_ptr().cast()) };
        let junk = load(&JUNK);
        let a = _mm256_set_m128i(load(e[2]), load(e[0]));
        // Tally lanes become INF, so that moving `b` up carries no tally into a distance.
        let b = _mm256_or_si256(_mm256_set_m128i(load(e[3]), load(e[1])), _mm256_set_m128i(junk, junk));
        let ones = _mm256_set1_epi8(-1);
        // Lane 0 of `a` (no blocks, no pair) is always 0: that term is `b`.
        let mut r = b;
        macro_rules! term {
            ($($lane:literal),*) => {$(
                let moved = _mm256_or_si256(
                    _mm256_slli_si256::<$lane>(b),
                    _mm256_xor_si256(_mm256_slli_si256::<$lane>(ones), ones),
                );
                let value = _mm256_shuffle_epi8(a, _mm256_set1_epi8($lane));
                r = _mm256_min_epu8(r, _mm256_adds_epu8(value, moved));
            )*};
        }
        term!(1, 2, 3, 4, 8, 9, 10, 11, 12);
        let x = _mm_or_si128(_mm256_castsi256_si128(r), junk);
        let y = _mm_or_si128(_mm256_extracti128_si256::<1>(r), junk);
        let partner = load(&PARTNER[blocks]);
        // Lanes without a partner read 0 from the shuffle: make them INF.
        let none = _mm_cmpeq_epi8(partner, _mm_set1_epi8(0x80u8 as i8));
        let sums = _mm_or_si128(_mm_adds_epu8(x, _mm_shuffle_epi8(y, partner)), none);
        let m = _mm_min_epu8(sums, _mm_srli_si128::<8>(sums));
        let m = _mm_min_epu8(m, _mm_srli_si128::<4>(m));
        let m = _mm_min_epu8(m, _mm_srli_si128::<2>(m));
        let m = _mm_min_epu8(m, _mm_srli_si128::<1>(m));
        let best = _mm_cvtsi128_si32(m) as u8;
        debug_assert!(best < INF);
        best
    }
}
