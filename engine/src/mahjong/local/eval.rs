//! Checking data yaku, allocation-free: the conditions on the hand and the win once per
//! hand ([`hand_mask`]), those on a standard reading's sets once per reading
//! ([`reading_mask`]) and on its wait once per place of the winning tile ([`wait_mask`]);
//! then precedence and the listing ([`award`]). Masks hold one bit per data yaku slot.

use super::{Form, LocalSet, Value, group};
use crate::mahjong::decompose::{Block, BlockKind};
use crate::mahjong::fu::Wait;
use crate::mahjong::han::YakuHan;
use crate::mahjong::hand::{Hand, WinFlags};
use crate::mahjong::tile::{Tile, TileCounts};
use crate::mahjong::yaku::{Yaku, YakuList};

/// Fu of an `unconnected` reading (十三不塔 has no sets to count fu from; its usual value is
/// a yakuman, where fu do not matter).
pub(crate) const UNCONNECTED_FU: u8 = 30;

/// The [`group`] bits present in `present`.
fn groups_of(present: u64) -> u8 {
    let mut g = 0;
    for (bit, mask) in [(group::MAN, 0x1ff), (group::PIN, 0x1ff << 9), (group::SOU, 0x1ff << 18)] {
        if present & mask != 0 {
            g |= bit;
        }
    }
    if present & (0xf << 27) != 0 {
        g |= group::WIND | group::HONOR;
    }
    if present & (0x7 << 31) != 0 {
        g |= group::DRAGON | group::HONOR;
    }
    g
}

/// Whether `want` (None: no condition) agrees with `is`.
#[inline]
fn agrees(want: Option<bool>, is: bool) -> bool {
    want.is_none_or(|w| w == is)
}

/// The slots whose conditions on the hand and the win hold; `present` is the kinds in the
/// hand, melds included.
pub(crate) fn hand_mask(set: &LocalSet, hand: &Hand, present: u64, closed: bool) -> u32 {
    let flags = hand.flags;
    let groups = groups_of(present);
    let number_suits = (groups & (group::MAN | group::PIN | group::SOU)).count_ones() as u8;
    let open_melds = hand.melds().iter().filter(|m| m.is_open()).count() as u8;
    let first = flags.0 & (WinFlags::TENHOU.0 | WinFlags::CHIIHOU.0 | WinFlags::RENHOU.0) != 0;
    let riichi = flags.0 & (WinFlags::RIICHI.0 | WinFlags::DOUBLE_RIICHI.0) != 0;
    let last = flags.0 & (WinFlags::HAITEI.0 | WinFlags::HOUTEI.0) != 0;
    let mut mask = 0;
    for (i, y) in set.yaku.iter().enumerate() {
        let holds = present & !y.tiles_only == 0
            && present & y.tiles_all == y.tiles_all
            && groups & y.groups == y.groups
            && groups & y.no_groups == 0
            && y.number_suits.holds(number_suits)
            && y.open_melds.holds(open_melds)
            && y.red_fives.holds(hand.red)
            && agrees(y.closed, closed)
            && flags.0 & y.flags_set == y.flags_set
            && flags.0 & y.flags_clear == 0
            && agrees(y.first_go_around, first)
            && agrees(y.riichi, riichi)
            && agrees(y.last_tile, last)
            && agrees(y.dealer, hand.is_dealer())
            && y.seat_wind.is_none_or(|w| w == hand.seat_wind)
            && y.round_wind.is_none_or(|w| w == hand.round_wind);
        mask |= (holds as u32) << i;
    }
    mask
}

/// The slots of `form` (or of any form) among `mask`.
#[inline]
pub(crate) fn of_form(set: &LocalSet, mask: u32, form: Form) -> u32 {
    mask & (set.by_form[0] | set.by_form[form as usize])
}

/// The slots of `form` itself among `mask`.
#[inline]
pub(crate) fn only_form(set: &LocalSet, mask: u32, form: Form) -> u32 {
    mask & set.by_form[form as usize]
}

/// The sets of one standard reading, as a data yaku may ask about them.
pub(crate) struct Reading {
    /// Bit per kind holding a triplet or a kan.
    pub triplets: u64,
    /// Bit per kind starting a sequence.
    pub seqs: u64,
    /// Counts.
    pub n_triplets: u8,
    /// Sequences.
    pub n_seqs: u8,
    /// Kans.
    pub kans: u8,
    /// The pair's kind.
    pub pair: Tile,
    /// The four sets.
    pub sets: [Block; 4],
}

/// The slots among `mask` (standard form) whose conditions on the sets hold.
pub(crate) fn reading_mask(set: &LocalSet, mask: u32, r: &Reading) -> u32 {
    let standard = mask & set.by_form[Form::Standard as usize];
    let mut fired = mask & !standard;
    if standard == 0 {
        return fired;
    }
    let winds = (r.triplets >> Tile::EAST.index() & 0xf).count_ones() as u8;
    let dragons = (r.triplets >> Tile::HAKU.index()).count_ones() as u8;
    let run = if set.needs_runs { longest_triplet_run(r.triplets) } else { 0 };
    let same = if set.needs_same { most_copies(&r.sets) } else { 0 };
    let mut bits = standard;
    while bits != 0 {
        let i = bits.trailing_zeros() as usize;
        bits &= bits - 1;
        let y = &set.yaku[i];
        let suit_seqs = y.suit_sequences as u64;
        let holds = y.triplets.holds(r.n_triplets)
            && y.sequences.holds(r.n_seqs)
            && y.kans.holds(r.kans)
            && y.wind_triplets.holds(winds)
            && y.dragon_triplets.holds(dragons)
            && y.triplet_run.holds(run)
            && y.same_sequence.holds(same)
            && (suit_seqs == 0 || (0..3).any(|s| r.seqs >> (9 * s) & suit_seqs == suit_seqs))
            && y.pair & 1 << r.pair.index() != 0;
        fired |= (holds as u32) << i;
    }
    fired
}

/// The slots among `mask` that hold with the winning tile's place giving `wait`.
#[inline]
pub(crate) fn wait_mask(set: &LocalSet, mask: u32, wait: Wait) -> u32 {
    let mut out = mask & !set.by_wait;
    let mut bits = mask & set.by_wait;
    while bits != 0 {
        let i = bits.trailing_zeros() as usize;
        bits &= bits - 1;
        out |= ((set.yaku[i].waits >> wait as u8 & 1) as u32) << i;
    }
    out
}

/// Lists the data yaku of `fired` that are yaku here (a regular one priced 0 for this
/// hand's openness is not), after precedence: regular ones into `list`, yakuman into `ym`.
/// Returns the slots listed.
pub(crate) fn award(
    set: &LocalSet,
    han: &YakuHan,
    fired: u32,
    closed: bool,
    list: &mut YakuList,
    ym: &mut YakuList,
) -> u32 {
    let mut fired = fired;
    let mut bits = fired;
    while bits != 0 {
        let i = bits.trailing_zeros() as usize;
        bits &= bits - 1;
        if set.yaku[i].value == Value::Han && han.get(Yaku::local(i), closed) == 0 {
            fired &= !(1 << i);
        }
    }
    if fired & set.ranked != 0 {
        for &i in &set.order {
            let (i, bit) = (i as usize, 1u32 << i);
            if fired & bit == 0 {
                continue;
            }
            let y = &set.yaku[i];
            let listed = |l: &YakuList| l.as_slice().iter().any(|&(b, _)| y.excludes & 1u128 << b as u32 != 0);
            if fired & y.excludes_local != 0 || (y.excludes != 0 && (listed(list) || listed(ym))) {
                fired &= !bit;
                continue;
            }
            fired &= !y.supersedes_local;
            let mut gone = y.supersedes;
            while gone != 0 {
                let b = Yaku::ALL[gone.trailing_zeros() as usize];
                gone &= gone - 1;
                list.remove(b);
                ym.remove(b);
            }
        }
    }
    let mut bits = fired;
    while bits != 0 {
        let i = bits.trailing_zeros() as usize;
        bits &= bits - 1;
        match set.yaku[i].value {
            Value::Yakuman(m) => ym.push(Yaku::local(i), 13 * m),
            Value::Han => list.push(Yaku::local(i), han.get(Yaku::local(i), closed)),
        }
    }
    fired
}

/// Longest run of consecutive suited triplet kinds within one suit.
pub(crate) fn longest_triplet_run(triplets: u64) -> u8 {
    let mut best = 0;
    for s in 0..3 {
        let mut bits = (triplets >> (9 * s)) & 0x1ff;
        let mut run = 0;
        while bits != 0 {
            bits &= bits << 1;
            run += 1;
        }
        best = best.max(run);
    }
    best
}

/// The most copies of one sequence among `sets`.
fn most_copies(sets: &[Block; 4]) -> u8 {
    let seq = |b: &Block| b.kind == BlockKind::Sequence;
    sets.iter()
        .filter(|a| seq(a))
        .map(|a| sets.iter().filter(|b| seq(b) && b.tile == a.tile).count() as u8)
        .max()
        .unwrap_or(0)
}

/// 十三不塔: fourteen concealed tiles, one pair, every other kind once, and no two kinds
/// of one suit within two numbers of each other.
pub(crate) fn unconnected(counts: &TileCounts) -> bool {
    let mut pairs = 0;
    for &c in counts.iter() {
        match c {
            0 | 1 => {}
            2 => pairs += 1,
            _ => return false,
        }
    }
    if pairs != 1 || counts.iter().map(|&c| c as u32).sum::<u32>() != 14 {
        return false;
    }
    (0..3).all(|s| {
        let bits = (0..9).filter(|&n| counts[9 * s + n] > 0).fold(0u32, |m, n| m | 1 << n);
        bits & (bits >> 1 | bits >> 2) == 0
    })
}
