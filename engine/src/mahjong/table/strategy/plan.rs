//! Hand plans: the yaku an open hand is heading for, and the shanten of a
//! hand under a plan (tiles the plan cannot use are dead weight; sequences
//! the plan needs are built first).

use super::super::RiichiView;
use crate::mahjong::{
    Meld, MeldKind, ShantenRules, Tile, TileCounts, TileSet, shanten, shanten_standard_blocks, shanten_standard_without,
};

/// Terminals and honours (幺九牌): what tanyao cannot use.
pub(super) const YAOCHUU: TileSet = {
    let mut bits = 0u64;
    let mut i = 0;
    while i < 34 {
        if i >= 27 || i % 9 == 0 || i % 9 == 8 {
            bits |= 1 << i;
        }
        i += 1;
    }
    TileSet(bits)
};

/// The suited 4s, 5s and 6s: what 混全帯么九 chanta cannot use (every set and the pair hold a
/// terminal or an honour, so the middle kinds never fit; 2s, 3s, 7s and 8s do, in 123 and
/// 789).
pub(super) const MIDDLE: TileSet = {
    let mut bits = 0u64;
    let mut i = 0;
    while i < 27 {
        if matches!(i % 9, 3..=5) {
            bits |= 1 << i;
        }
        i += 1;
    }
    TileSet(bits)
};

/// The suited kinds outside suit `s` (0 m, 1 p, 2 s): what a honitsu in `s` cannot use.
pub(super) const fn other_suits(s: usize) -> TileSet {
    TileSet(((1u64 << 27) - 1) & !(0x1ff << (9 * s)))
}

/// 萬子ホンイツ: the plan without pinzu and souzu (a yakuman where the scoring rules say so).
pub(super) const MANZU_HONITSU: Plan = Plan::Without(other_suits(0));

/// What a hand is built for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Plan {
    /// Any shape: the hand is closed (riichi, menzen tsumo) or already has
    /// a yaku (a yakuhai pon, kan or concealed triplet).
    Free,
    /// Any shape keeping this yakuhai pair, to pon it.
    Keep(Tile),
    /// A shape without these kinds: tanyao ([`YAOCHUU`]), honitsu
    /// ([`other_suits`]) or chanta ([`MIDDLE`]).
    Without(TileSet),
    /// 対々和: triplets and a pair.
    Toitoi,
    /// A shape holding these sequences: sanshoku or ittsu ([`Runs`]).
    Runs(Runs),
}

/// The sequences a plan must hold, those already melded left out: 三色同順 sanshoku (one
/// number in the three suits) or 一気通貫 ittsu (123, 456 and 789 of one suit). Held as
/// their kinds (the sequences never share one), so that a plan stays two words.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Runs {
    /// Every kind of the sequences still to build.
    tiles: TileSet,
}

impl Runs {
    /// The sequences starting at the kinds of `lows` (three, every kind of them `full`) not
    /// yet melded (`chis`, the lowest kinds of the hand's chi, of `melds` melds in all), or
    /// `None` when the melds leave no room for the others.
    fn new(lows: TileSet, full: TileSet, chis: TileSet, melds: usize) -> Option<Runs> {
        let mut out = Runs { tiles: full };
        let mut melded = 0;
        for low in lows.intersection(chis).iter() {
            out.tiles.0 &= !(RUN << low.index());
            melded += 1;
        }
        // The other melds and the sequences still to build fit in four sets.
        (melds - melded + (3 - melded) <= 4).then_some(out)
    }

    /// How many sequences are still to build.
    fn len(&self) -> usize {
        self.tiles.0.count_ones() as usize / 3
    }

    /// Shanten of `hand` holding these sequences: the tiles they lack, plus the shanten of
    /// the rest (their held tiles taken out) towards the hand's other sets and the pair.
    fn shanten(&self, hand: &TileCounts, rules: ShantenRules) -> i8 {
        let blocks = usize::from(hand.iter().sum::<u8>() / 3);
        let Some(others) = blocks.checked_sub(self.len()) else {
            return i8::MAX;
        };
        let mut rest = *hand;
        let mut missing = 0;
        for t in self.tiles.iter() {
            match rest[t.index()] {
                0 => missing += 1,
                _ => rest[t.index()] -= 1,
            }
        }
        missing + shanten_standard_blocks(&rest, rules, others)
    }
}

/// The kinds of one sequence, at its lowest kind's bit.
const RUN: u64 = 0b111;

/// Each plan's sequences as their lowest kinds and as all their kinds: the sanshoku (123 to
/// 789 in the three suits), then the ittsu (123, 456, 789 of one suit, manzu to souzu).
const RUN_PLANS: [(TileSet, TileSet); 10] = {
    let mut out = [(TileSet::EMPTY, TileSet::EMPTY); 10];
    let mut k = 0;
    while k < 10 {
        let lows = match k {
            0..7 => 1 << k | 1 << (9 + k) | 1 << (18 + k),
            _ => 0b1001001 << (9 * (k - 7)),
        };
        out[k] = (TileSet(lows), TileSet(lows | lows << 1 | lows << 2));
        k += 1;
    }
    out
};

/// The suited kinds `hand` holds, a bit each at the kind's index: per suit, its first eight
/// counts read as one word, each byte's low three bits (a count is at most 4) folded into
/// its lowest bit, and those eight bits gathered into the top byte by one multiplication;
/// the ninth kind apart.
fn held_suited(hand: &TileCounts) -> u64 {
    const LOW: u64 = 0x0101_0101_0101_0101;
    (0..3).fold(0, |bits, s| {
        let w = u64::from_le_bytes(hand[9 * s..9 * s + 8].try_into().expect("eight counts"));
        let eight = ((w | w >> 1 | w >> 2) & LOW).wrapping_mul(0x0102_0408_1020_4080) >> 56;
        bits | (eight | u64::from(hand[9 * s + 8] != 0) << 8) << (9 * s)
    })
}

/// The sanshoku or ittsu plan of `hand` and `melds` with the fewest missing tiles (kinds
/// of its sequences still to build that `hand` lacks), at most `most` (sanshoku first on
/// ties, in [`RUN_PLANS`] order).
pub(super) fn runs(hand: &TileCounts, melds: &[Meld], most: u8) -> Option<Runs> {
    let held = held_suited(hand);
    let chis = melds.iter().filter(|m| m.kind == MeldKind::Chi).fold(TileSet::EMPTY, |s, m| s.with(m.tile));
    let mut best: Option<(u32, Runs)> = None;
    for &(lows, full) in &RUN_PLANS {
        let Some(r) = Runs::new(lows, full, chis, melds.len()) else { continue };
        let missing = (r.tiles.0 & !held).count_ones();
        if missing <= u32::from(most) && best.is_none_or(|b| missing < b.0) {
            best = Some((missing, r));
        }
    }
    best.map(|b| b.1)
}

impl Plan {
    /// Shanten of a concealed 3n+1 or 3n+2 hand under the plan (a 3n+2
    /// hand: the best after one discard, −1 when complete).
    pub(super) fn shanten(self, hand: &TileCounts, rules: ShantenRules) -> i8 {
        match self {
            Plan::Free => shanten(hand, rules),
            Plan::Keep(t) if hand[t.index()] >= 2 => shanten(hand, rules),
            Plan::Keep(_) => i8::MAX,
            Plan::Without(dead) => shanten_standard_without(hand, rules, dead),
            Plan::Toitoi => toitoi_shanten(hand),
            Plan::Runs(r) => r.shanten(hand, rules),
        }
    }

    /// Whether the plan can use kind `t` at all.
    pub(super) fn uses(self, t: Tile) -> bool {
        match self {
            Plan::Without(dead) => !dead.contains(t),
            _ => true,
        }
    }

    /// Whether the plan is worth more than the hand's other plans: honitsu
    /// or toitoi.
    fn valuable(self) -> bool {
        match self {
            Plan::Without(dead) => dead != YAOCHUU && dead != MIDDLE,
            Plan::Toitoi => true,
            _ => false,
        }
    }

    /// Han the plan's yaku are worth in an open hand: 2 for honitsu (萬子ホンイツ too, a
    /// yakuman only where the rules say so) and toitoi, 1 for the others (tanyao, chanta,
    /// sanshoku, ittsu, a yakuhai kept or held: `Free` in an open hand has one).
    pub(super) fn open_han(self) -> u8 {
        1 + u8::from(self.valuable())
    }

    /// Whether discarding `t` gives the plan up.
    pub(super) fn needs(self, t: Tile) -> bool {
        self == Plan::Keep(t)
    }
}

/// Shanten towards four triplets and a pair (the blocks a concealed hand of
/// this size still needs): triplets first, then pairs grown to triplets (one
/// draw each), then singles (two draws each); the pair from a pair held, else
/// one draw.
pub(super) fn toitoi_shanten(hand: &TileCounts) -> i8 {
    let n: u8 = hand.iter().sum();
    let blocks = (n / 3) as i8;
    let (mut triplets, mut pairs) = (0i8, 0i8);
    for &c in hand {
        match c {
            3 | 4 => triplets += 1,
            2 => pairs += 1,
            _ => {}
        }
    }
    let sets = triplets.min(blocks);
    let (head, pairs) = match (triplets > blocks, pairs > 0) {
        (true, _) => (0, pairs),
        (false, true) => (0, pairs - 1),
        (false, false) => (1, 0),
    };
    let rest = blocks - sets;
    let grown = rest.min(pairs);
    head + grown + 2 * (rest - grown) - 1
}

/// Whether a meld has only simples (2–8).
fn simple(m: &Meld) -> bool {
    match m.kind {
        MeldKind::Chi => (1..=5).contains(&(m.tile.index() % 9)),
        _ => !m.tile.is_terminal_or_honor(),
    }
}

/// Whether a meld holds a terminal or an honour (fits chanta).
fn outside(m: &Meld) -> bool {
    match m.kind {
        MeldKind::Chi => matches!(m.tile.index() % 9, 0 | 6),
        _ => m.tile.is_terminal_or_honor(),
    }
}

/// Whether `t` is a yakuhai for the viewing seat.
pub(super) fn yakuhai(view: &RiichiView<'_>, t: Tile) -> bool {
    let seat_wind = Tile::from_index(27 + view.seat_wind(view.seat())).expect("a wind");
    let round_wind = Tile::from_index(27 + view.round_wind()).expect("a wind");
    t.is_dragon() || t == seat_wind || t == round_wind
}

/// The plans open to a hand with these melds and concealed tiles, at most
/// `MAX_PLANS` of them (in order of preference); none when an open hand has
/// no yaku left to reach. Where 萬子ホンイツ is a yakuman and `manzu_bias` is 0 or more, a
/// hand (closed too) with at most [`MAX_OFF_SUIT`] pinzu and souzu and no meld there has
/// [`MANZU_HONITSU`] first, counted `manzu_bias` shanten closer (so it is taken when at
/// most that many shanten further than the best other plan). With `runs`, an open hand
/// may also head for sanshoku or ittsu (at most [`MAX_RUNS_MISSING`] tiles missing) and
/// for chanta (every meld with a terminal or an honour). Toitoi counts `toitoi_bias`
/// shanten closer in [`Plans::best`].
pub(super) fn plans(
    view: &RiichiView<'_>,
    melds: &[Meld],
    hand: &TileCounts,
    visible: &TileCounts,
    (manzu_bias, toitoi_bias): (i8, i8),
    runs_too: bool,
) -> Plans {
    let mut out = Plans { list: [Plan::Free; MAX_PLANS], len: 0, manzu_bias: None, toitoi_bias };
    let off = |dead: TileSet| dead.iter().map(|t| hand[t.index()]).sum::<u8>();
    let honitsu = |dead: TileSet| off(dead) <= MAX_OFF_SUIT && melds.iter().all(|m| !dead.contains(m.tile));
    let manzu = manzu_bias >= 0 && view.manzu_honitsu_is_yakuman() && honitsu(other_suits(0));
    if manzu {
        out.manzu_bias = Some(manzu_bias);
        out.push(MANZU_HONITSU);
    }
    let open = melds.iter().any(|m| m.is_open());
    let yakuhai_set = |m: &Meld| m.kind != MeldKind::Chi && yakuhai(view, m.tile);
    let yakuhai_triplet =
        (27..34).any(|i| hand[i] >= 3 && yakuhai(view, Tile::from_index(i as u8).expect("an honour")));
    if !open || melds.iter().any(yakuhai_set) || yakuhai_triplet {
        out.push(Plan::Free);
        return out;
    }
    if let Some(t) = (27..34u8)
        .map(|i| Tile::from_index(i).expect("an honour"))
        .find(|&t| hand[t.index()] == 2 && visible[t.index()] < 4 && yakuhai(view, t))
    {
        out.push(Plan::Keep(t));
    }
    if melds.iter().all(simple) {
        out.push(Plan::Without(YAOCHUU));
    }
    for s in 0..3 {
        let dead = other_suits(s);
        if honitsu(dead) && !(manzu && s == 0) {
            out.push(Plan::Without(dead));
        }
    }
    if melds.iter().all(|m| m.kind != MeldKind::Chi) {
        out.push(Plan::Toitoi);
    }
    if runs_too {
        if let Some(r) = runs(hand, melds, MAX_RUNS_MISSING) {
            out.push(Plan::Runs(r));
        }
        if melds.iter().all(outside) {
            out.push(Plan::Without(MIDDLE));
        }
    }
    out
}

/// The plan a hand of any plan leans towards, for breaking ties between
/// discards only: honitsu with at most [`LEAN_OFF_SUIT`] tiles of the other
/// suits and no meld there, else (with `runs_too`) sanshoku or ittsu with at most
/// [`LEAN_RUNS_MISSING`] tiles missing, else tanyao with at most [`LEAN_YAOCHUU`]
/// terminals and honours and simple melds, else `Free`.
pub(super) fn lean(hand: &TileCounts, melds: &[Meld], runs_too: bool) -> Plan {
    let off = |dead: TileSet| dead.iter().map(|t| hand[t.index()]).sum::<u8>();
    let honitsu = (0..3)
        .map(other_suits)
        .find(|&dead| off(dead) <= LEAN_OFF_SUIT && melds.iter().all(|m| !dead.contains(m.tile)));
    if let Some(dead) = honitsu {
        return Plan::Without(dead);
    }
    if let Some(r) = runs(hand, melds, LEAN_RUNS_MISSING).filter(|_| runs_too) {
        return Plan::Runs(r);
    }
    match () {
        _ if off(YAOCHUU) <= LEAN_YAOCHUU && melds.iter().all(simple) => Plan::Without(YAOCHUU),
        _ => Plan::Free,
    }
}

/// A hand leans towards sanshoku or ittsu with at most this many of their tiles missing.
const LEAN_RUNS_MISSING: u8 = 2;

/// An open hand heads for sanshoku or ittsu only with at most this many of their tiles
/// missing.
const MAX_RUNS_MISSING: u8 = 3;

/// The keep value of a lone tile of a sequence the plan needs: above any other (the most
/// is 3 + 4·3 + 3·8 + 2·4 = 47).
const RUN_TILE_KEEP: u8 = 64;

/// A hand leans towards tanyao with at most this many terminals and honours.
const LEAN_YAOCHUU: u8 = 2;

/// A hand leans towards honitsu with at most this many tiles of other suits.
const LEAN_OFF_SUIT: u8 = 4;

/// Most plans a hand can have: keep a pair, tanyao, three honitsu suits
/// (only when no meld and few off-suit tiles; the manzu one first when it is a yakuman),
/// toitoi, sanshoku or ittsu, chanta.
const MAX_PLANS: usize = 8;

/// A honitsu plan is tried only with at most this many tiles of other suits.
const MAX_OFF_SUIT: u8 = 4;

/// A short list of plans.
#[derive(Clone, Copy, Debug)]
pub(super) struct Plans {
    list: [Plan; MAX_PLANS],
    len: usize,
    /// The bias of [`MANZU_HONITSU`] as a yakuman, when it is one of the list as such.
    manzu_bias: Option<i8>,
    /// The bias of [`Plan::Toitoi`].
    toitoi_bias: i8,
}

impl Plans {
    fn push(&mut self, p: Plan) {
        self.list[self.len] = p;
        self.len += 1;
    }

    /// The plans, most preferred first.
    pub(super) fn iter(&self) -> impl Iterator<Item = Plan> + '_ {
        self.list[..self.len].iter().copied()
    }

    /// The plan with the fewest shanten for `hand`, where honitsu counts `bias` shanten
    /// fewer, toitoi its own bias, and 萬子ホンイツ as a yakuman its own bias if that is more
    /// (the first on ties), with its real and its biased shanten; `None` when there is none.
    pub(super) fn best(&self, hand: &TileCounts, rules: ShantenRules, bias: i8) -> Option<(Plan, i8, i8)> {
        let mut best: Option<(Plan, i8, i8)> = None;
        for p in self.iter() {
            let s = p.shanten(hand, rules);
            if s == i8::MAX {
                continue;
            }
            let valued = s - match self.manzu_bias {
                Some(manzu) if p == MANZU_HONITSU => manzu.max(bias),
                _ if p == Plan::Toitoi => self.toitoi_bias,
                _ if p.valuable() => bias,
                _ => 0,
            };
            if best.is_none_or(|b| valued < b.2) {
                best = Some((p, s, valued));
            }
        }
        best
    }
}

/// How much a tile is worth keeping, for ties: tiles the plan cannot use
/// lowest, then lone non-yakuhai honours, then lone yakuhai, then suited
/// tiles by their neighbours within two and their distance from the edge; a
/// lone tile of a sequence the plan needs above them all.
pub(super) fn keep_value(view: &RiichiView<'_>, hand: &TileCounts, t: Tile, plan: Plan) -> u8 {
    if !plan.uses(t) {
        return 0;
    }
    let c = hand[t.index()];
    if t.is_honor() {
        return 1 + 4 * (c - 1) + u8::from(yakuhai(view, t));
    }
    if c == 1 && matches!(plan, Plan::Runs(r) if r.tiles.contains(t)) {
        return RUN_TILE_KEEP;
    }
    let n = t.number() as usize;
    let i = t.index();
    // The tiles of its suit within two, itself left out.
    let near = hand[i - (n - 1).min(2)..=i + (9 - n).min(2)].iter().sum::<u8>() - c;
    3 + 4 * (c - 1) + 3 * near + 2 * (n - 1).min(9 - n) as u8
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{RngExt, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    #[test]
    fn held_suited_has_a_bit_for_each_suited_kind_held() {
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        for _ in 0..2_000 {
            let mut hand = [0u8; 34];
            for _ in 0..14 {
                let k = rng.random_range(0..34);
                hand[k] = (hand[k] + 1).min(4);
            }
            let naive = (0..27).filter(|&i| hand[i] > 0).fold(0u64, |b, i| b | 1 << i);
            assert_eq!(held_suited(&hand), naive, "{hand:?}");
        }
        assert_eq!(held_suited(&[4; 34]), (1 << 27) - 1);
    }
}
