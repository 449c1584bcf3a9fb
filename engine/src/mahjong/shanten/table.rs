//! Distance tables for the standard form, built once on first use.
//!
//! For every way one group of nine kinds can be held (counts 0–4 each, key
//! `Σ count[i]·5^i`, 1,953,125 keys) an [`Entry`] stores, for `k = 0..=4`
//! blocks without a pair (bytes `0..5`) and with one pair (bytes `5..10`),
//! the fewest tiles that must be drawn so that the group contains `k`
//! blocks (and the pair). The suit table allows sequences; the isolated
//! table does not (honors, and sanma manzu 1m/9m).
//!
//! Building: mark every target shape (a multiset of ≤ 4 blocks and ≤ 1 pair
//! with no count above 4) at distance 0, then relax one digit at a time:
//! holding `x` where the target has `t` costs `max(0, t − x)` draws, and the
//! cost is a sum over digits, so nine one-digit passes give the exact minimum.

use std::sync::OnceLock;

/// Distances for `k` blocks without (`0..5`) and with a pair (`5..10`).
pub(super) type Entry = [u8; 16];

const KEYS: usize = 1_953_125;
const INF: u8 = 0x3f;
pub(super) const POW5: [u32; 10] = [1, 5, 25, 125, 625, 3125, 15625, 78125, 390625, 1953125];

/// The two tables.
pub(super) struct Tables {
    /// Groups whose nine kinds are 1–9 of a suit (sequences allowed).
    pub suit: Box<[Entry]>,
    /// Groups of unrelated kinds (triplets and pairs only).
    pub isolated: Box<[Entry]>,
}

static TABLES: OnceLock<Tables> = OnceLock::new();

/// The tables, built on first call (about a tenth of a second, 62 MB).
pub(super) fn tables() -> &'static Tables {
    TABLES.get_or_init(|| Tables {
        suit: build(true),
        isolated: build(false),
    })
}

/// Marks every target shape built from block types `from..` onward.
fn mark_targets(
    t: &mut [Entry],
    counts: &mut [u8; 9],
    from: usize,
    blocks: usize,
    sequences: bool,
) {
    for pair in 0..=9 {
        if pair < 9 {
            counts[pair] += 2;
        }
        if counts.iter().all(|&c| c <= 4) {
            let key: u32 = counts.iter().zip(POW5).map(|(&c, p)| c as u32 * p).sum();
            t[key as usize][blocks + if pair < 9 { 5 } else { 0 }] = 0;
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
        let cells: &[usize] = if ty < 9 {
            &[ty, ty, ty]
        } else {
            &[ty - 9, ty - 8, ty - 7]
        };
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
            up = std::array::from_fn(|l| f[x][l].min(up[l] + 1));
        }
        t[base + x * stride] = std::array::from_fn(|l| down[x][l].min(up[l]));
    }
}

/// Min-plus product of two groups: best split of `k` blocks (and the pair).
#[inline(always)]
pub(super) fn combine(a: &Entry, b: &Entry) -> Entry {
    let mut r = [INF; 16];
    for k in 0..5 {
        for i in 0..=k {
            r[k] = r[k].min(a[i] + b[k - i]);
            r[5 + k] = r[5 + k].min((a[i] + b[5 + k - i]).min(a[5 + i] + b[k - i]));
        }
    }
    r
}

/// Fewest draws to `blocks` blocks and a pair from two (combined) groups.
#[inline(always)]
pub(super) fn finish(a: &Entry, b: &Entry, blocks: usize) -> u8 {
    let mut best = INF;
    for i in 0..=blocks {
        best = best.min((a[i] + b[5 + blocks - i]).min(a[5 + i] + b[blocks - i]));
    }
    best
}
