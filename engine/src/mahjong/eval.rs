//! Yaku of one reading of a winning hand: the per-hand facts ([`Ctx`],
//! computed once) and the per-reading patterns (standard form, seven pairs,
//! thirteen orphans).

use super::decompose::{Block, BlockKind, kind, presence};
use super::fu::{FuInput, Wait, standard_fu};
use super::hand::{Hand, WinFlags};
use super::rules::{RenhouValue, Rules};
use super::tile::{HONORS, TERMINAL_OR_HONOR, Tile, TileCounts};
use super::yaku::{Yaku, YakuList};
use crate::t;

/// One scored reading before limits: its yaku (yakuman only, or regular
/// yaku without dora), fu, and yakuman multiple.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Candidate {
    pub yaku: YakuList,
    pub fu: u8,
    pub yakuman: u8,
}

/// Facts about the whole hand that do not depend on the reading.
pub(crate) struct Ctx<'a> {
    pub rules: &'a Rules,
    pub hand: &'a Hand,
    /// Concealed plus melded tiles.
    pub all: TileCounts,
    pub fu: FuInput,
    /// Situational yaku (riichi, tsumo, …), valid for every reading.
    pub situational: YakuList,
    /// Situational and tile-level yakuman, valid for every reading.
    pub yakuman: YakuList,
    /// Tile-level regular yaku: tanyao, honroutou, honitsu/chinitsu.
    pub tiles: YakuList,
    pub has_honors: bool,
    /// Tiles of one suit only (with or without honors).
    pub one_suit: bool,
}

/// 緑一色 kinds: 2s 3s 4s 6s 8s hatsu.
const GREEN: u64 = 1 << t!(2s).index()
    | 1 << t!(3s).index()
    | 1 << t!(4s).index()
    | 1 << t!(6s).index()
    | 1 << t!(8s).index()
    | 1 << t!(6z).index();

const fn han_of(rules_pair: [u8; 2], closed: bool) -> u8 {
    rules_pair[if closed { 0 } else { 1 }]
}

impl<'a> Ctx<'a> {
    pub fn new(rules: &'a Rules, hand: &'a Hand) -> Ctx<'a> {
        let flags = hand.flags;
        let mut all = hand.concealed;
        let mut closed = true;
        for m in hand.melds() {
            m.add_to(&mut all);
            closed &= !m.is_open();
        }
        let tsumo = flags.has(WinFlags::TSUMO);
        let fu = FuInput {
            closed,
            tsumo,
            rinshan: flags.has(WinFlags::RINSHAN),
            seat: kind(27 + hand.seat_wind as usize),
            round: kind(27 + hand.round_wind as usize),
        };

        let mut situational = YakuList::default();
        if flags.has(WinFlags::DOUBLE_RIICHI) {
            situational.push(Yaku::DoubleRiichi, 2);
        } else if flags.has(WinFlags::RIICHI) {
            situational.push(Yaku::Riichi, 1);
        }
        if flags.has(WinFlags::OPEN_RIICHI) && rules.yaku.open_riichi_bonus > 0 {
            situational.push(Yaku::OpenRiichi, rules.yaku.open_riichi_bonus);
        }
        let pairs = [
            (WinFlags::IPPATSU, Yaku::Ippatsu),
            (WinFlags::CHANKAN, Yaku::Chankan),
            (WinFlags::RINSHAN, Yaku::RinshanKaihou),
            (WinFlags::HAITEI, Yaku::HaiteiRaoyue),
            (WinFlags::HOUTEI, Yaku::HouteiRaoyui),
        ];
        if closed && tsumo {
            situational.push(Yaku::MenzenTsumo, 1);
        }
        for (f, y) in pairs {
            if flags.has(f) {
                situational.push(y, 1);
            }
        }

        let present = presence(&all);
        let only_terminal_honor = present & !TERMINAL_OR_HONOR == 0;
        let any_terminal_honor = present & TERMINAL_OR_HONOR != 0;
        let green = present & !GREEN == 0;
        let has_honors = present & HONORS != 0;
        let number_suits = (0..3).filter(|s| present & (0x1ff << (9 * s)) != 0).count();
        let one_suit = number_suits == 1;

        let mut yakuman = YakuList::default();
        let y = &rules.yaku;
        if flags.has(WinFlags::TENHOU) {
            yakuman.push(Yaku::Tenhou, 13);
        }
        if flags.has(WinFlags::CHIIHOU) {
            yakuman.push(Yaku::Chiihou, 13);
        }
        if flags.has(WinFlags::RENHOU) && y.renhou == RenhouValue::Yakuman {
            yakuman.push(Yaku::Renhou, 13);
        }
        if number_suits == 0 {
            yakuman.push(Yaku::Tsuuiisou, 13);
        }
        if only_terminal_honor && !has_honors {
            yakuman.push(Yaku::Chinroutou, 13);
        }
        if green {
            yakuman.push(Yaku::Ryuuiisou, 13);
        }
        if hand.meld_count == 0 && one_suit && !has_honors {
            let extra = hand.win.number() as usize - 1;
            let s = hand.win.index() - extra;
            let c = &hand.concealed[s..s + 9];
            let nine_gates = c[0] >= 3 && c[8] >= 3 && c[1..8].iter().all(|&n| n >= 1);
            if nine_gates {
                let pure = c[extra] == if extra == 0 || extra == 8 { 4 } else { 2 };
                let han = if pure && y.double_junsei_chuuren { 26 } else { 13 };
                yakuman.push(Yaku::ChuurenPoutou, han);
            }
        }
        if y.goto_yakuman && one_suit && has_honors && all[..9].iter().any(|&c| c > 0) {
            yakuman.push(Yaku::ManzuHonitsu, 13);
        }

        let mut tiles = YakuList::default();
        if !any_terminal_honor && (closed || y.open_tanyao) {
            tiles.push(Yaku::Tanyao, 1);
        }
        if only_terminal_honor && has_honors && number_suits > 0 {
            tiles.push(Yaku::Honroutou, y.honroutou);
        }
        if one_suit {
            if has_honors {
                tiles.push(Yaku::Honitsu, if closed { 3 } else { 2 });
            } else {
                tiles.push(Yaku::Chinitsu, if closed { 6 } else { 5 });
            }
        }
        Ctx { rules, hand, all, fu, situational, yakuman, tiles, has_honors, one_suit }
    }

    fn yakuman_candidate(&self, mut list: YakuList) -> Candidate {
        for &(y, h) in self.yakuman.as_slice() {
            list.push(y, h);
        }
        Candidate { yakuman: list.han() / 13, yaku: list, fu: 0 }
    }

    /// Thirteen orphans (the caller checked the shape).
    pub fn kokushi(&self) -> Candidate {
        let mut list = YakuList::default();
        let thirteen_sided = self.hand.concealed[self.hand.win.index()] == 2;
        let double = thirteen_sided && self.rules.yaku.double_kokushi_13;
        list.push(Yaku::KokushiMusou, if double { 26 } else { 13 });
        self.yakuman_candidate(list)
    }

    /// Seven pairs with `quads` four-of-a-kinds used as two pairs.
    pub fn seven_pairs(&self, quads: u8) -> Candidate {
        let y = &self.rules.yaku;
        let mut ym = YakuList::default();
        if y.goto_yakuman && self.one_suit && !self.has_honors {
            ym.push(Yaku::Daisharin, 13);
        }
        if ym.han() > 0 || self.yakuman.han() > 0 {
            return self.yakuman_candidate(ym);
        }
        let mut list = self.situational;
        let shousharin = y.shousharin > 0 && self.one_suit && self.has_honors;
        if shousharin {
            list.push(Yaku::Shousharin, y.shousharin);
        } else {
            list.push(Yaku::Chiitoitsu, 2);
        }
        if quads > 0 {
            list.push(Yaku::YonmaiChiitoitsu, quads * y.chiitoitsu_quad);
        }
        for &(t, h) in self.tiles.as_slice() {
            if !(shousharin && t == Yaku::Honitsu) {
                list.push(t, h);
            }
        }
        Candidate { yaku: list, fu: 25, yakuman: 0 }
    }

    /// A standard reading: `sets` (the first `n_concealed` concealed, then
    /// the melds) and `pair`. Emits one candidate per set the winning tile
    /// could have completed (the pair counts as set 4); what does not depend
    /// on that choice is worked out once.
    pub fn standard<F: FnMut(Candidate)>(&self, pair: Tile, sets: &[Block; 4], n_concealed: usize, mut emit: F) {
        let y = &self.rules.yaku;
        let closed = self.fu.closed;
        let win = self.hand.win;

        // Bit per kind: triplets (or kans), sequence starts; a sequence
        // seen an odd number of times so far (for the peikou count).
        let mut triplets = 0u64;
        let mut seqs = 0u64;
        let mut odd_seqs = 0u64;
        let mut peikou = 0u8;
        let mut n_seq = 0;
        let mut concealed_triplets = 0;
        let mut kans = 0;
        let mut chanta_shape = pair.is_terminal_or_honor();
        for &b in sets {
            chanta_shape &= b.has_terminal_or_honor();
            let bit = 1u64 << b.tile.index();
            match b.kind {
                BlockKind::Sequence => {
                    peikou += (odd_seqs & bit != 0) as u8;
                    odd_seqs ^= bit;
                    seqs |= bit;
                    n_seq += 1;
                }
                kind => {
                    triplets |= bit;
                    kans += (kind == BlockKind::Kan) as u8;
                    concealed_triplets += !b.open as u8;
                }
            }
        }
        let has = |t: Tile| triplets & (1 << t.index()) != 0;
        let dragons = (triplets >> Tile::HAKU.index()).count_ones();
        let winds = (triplets >> Tile::EAST.index() & 0xf).count_ones();
        // Only Gotō's sanrenkou and suurenkou look at runs of triplets.
        let run = if y.goto_yakuman || y.sanrenkou > 0 { longest_triplet_run(triplets) } else { 0 };

        // Yakuman of the reading, but suuankou (it depends on the wait).
        let mut ym = YakuList::default();
        if dragons == 3 {
            ym.push(Yaku::Daisangen, 13);
        }
        if winds == 4 {
            ym.push(Yaku::Daisuushii, if y.double_daisuushii { 26 } else { 13 });
        } else if winds == 3 && pair.is_wind() {
            ym.push(Yaku::Shousuushii, 13);
        }
        if kans == 4 {
            ym.push(Yaku::Suukantsu, 13);
        }
        if y.goto_yakuman && run >= 4 {
            ym.push(Yaku::Suurenkou, 13);
        }
        let any_yakuman = ym.han() > 0 || self.yakuman.han() > 0;

        // Regular yaku that do not depend on the wait.
        let mut list = self.situational;
        if closed {
            match peikou {
                1 => list.push(Yaku::Iipeikou, 1),
                2 => list.push(Yaku::Ryanpeikou, 3),
                _ => {}
            }
        }
        if triplets & HONORS != 0 {
            for (k, yk) in [
                (Tile::HAKU, Yaku::YakuhaiHaku),
                (Tile::HATSU, Yaku::YakuhaiHatsu),
                (Tile::CHUN, Yaku::YakuhaiChun),
                (self.fu.seat, Yaku::YakuhaiSeatWind),
                (self.fu.round, Yaku::YakuhaiRoundWind),
            ] {
                if has(k) {
                    list.push(yk, 1);
                }
            }
        }
        if chanta_shape && n_seq > 0 {
            if self.has_honors {
                list.push(Yaku::Chanta, han_of(y.chanta, closed));
            } else {
                list.push(Yaku::Junchan, han_of(y.junchan, closed));
            }
        }
        // 123 456 789 of one suit: starts 1, 4, 7.
        let ittsu = (0..3).any(|s| seqs >> (9 * s) & 0b1_001_001 == 0b1_001_001);
        if ittsu {
            list.push(Yaku::Ittsu, if closed { 2 } else { 1 });
        }
        if seqs & seqs >> 9 & seqs >> 18 & 0x1ff != 0 {
            list.push(Yaku::SanshokuDoujun, if closed { 2 } else { 1 });
        }
        if triplets & triplets >> 9 & triplets >> 18 & 0x1ff != 0 {
            list.push(Yaku::SanshokuDoukou, 2);
        }
        if kans == 3 {
            list.push(Yaku::Sankantsu, 2);
        }
        if n_seq == 0 {
            list.push(Yaku::Toitoi, 2);
        }
        if dragons == 2 && pair.is_dragon() {
            list.push(Yaku::Shousangen, 2);
        }
        if y.sanrenkou > 0 && run >= 3 {
            list.push(Yaku::Sanrenkou, y.sanrenkou);
        }
        if y.sanfuu > 0 && winds == 3 {
            list.push(Yaku::Sanfuu, y.sanfuu);
        }
        for &(t, h) in self.tiles.as_slice() {
            list.push(t, h);
        }
        let valued_pair = pair.is_dragon() || pair == self.fu.seat || pair == self.fu.round;

        // Each place the winning tile could have gone.
        for w in (0..n_concealed).chain([4]) {
            let wait = if w == 4 {
                if pair != win {
                    continue;
                }
                Wait::Tanki
            } else {
                let b = sets[w];
                if !b.contains(win) || sets[..w].contains(&b) {
                    continue;
                }
                Wait::of(b, win)
            };
            // A triplet finished by a ron counts as open.
            let ron_completed = !self.fu.tsumo && wait == Wait::Shanpon;
            let concealed = concealed_triplets - ron_completed as u8;
            if concealed == 4 || any_yakuman {
                let mut ym = ym;
                if concealed == 4 {
                    let double = wait == Wait::Tanki && y.double_suuankou_tanki;
                    ym.push(Yaku::Suuankou, if double { 26 } else { 13 });
                }
                emit(self.yakuman_candidate(ym));
                continue;
            }
            let mut list = list;
            let pinfu = closed && n_seq == 4 && wait == Wait::Ryanmen && !valued_pair;
            if pinfu {
                list.push(Yaku::Pinfu, 1);
            }
            if concealed == 3 {
                list.push(Yaku::Sanankou, 2);
            }
            let fu = standard_fu(self.rules, &self.fu, pair, sets, w, wait, pinfu);
            emit(Candidate { yaku: list, fu, yakuman: 0 });
        }
    }
}

/// Longest run of consecutive suited triplet kinds within one suit.
fn longest_triplet_run(triplets: u64) -> u32 {
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
