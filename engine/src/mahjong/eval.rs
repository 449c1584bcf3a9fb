//! Yaku of one reading of a winning hand: the per-hand facts ([`Ctx`],
//! computed once) and the per-reading patterns (standard form, seven pairs,
//! thirteen orphans).

use super::decompose::{Block, BlockKind, kind, presence};
use super::fu::{FuInput, Wait, standard_fu};
use super::han::YakuHan;
use super::hand::{Hand, WinFlags};
use super::local::Form;
use super::local::eval::{self as local, Reading};
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
    /// Data yaku whose conditions on the hand and the win hold (bit per slot).
    pub local: u32,
}

/// 緑一色 kinds: 2s 3s 4s 6s 8s hatsu.
const GREEN: u64 = 1 << t!(2s).index()
    | 1 << t!(3s).index()
    | 1 << t!(4s).index()
    | 1 << t!(6s).index()
    | 1 << t!(8s).index()
    | 1 << t!(6z).index();

/// Lists `y` at the han the rules give it for a closed or open hand, unless that is 0
/// (then it is not a yaku here).
#[inline]
fn award(list: &mut YakuList, han: &YakuHan, y: Yaku, closed: bool) {
    let h = han.get(y, closed);
    if h > 0 {
        list.push(y, h);
    }
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

        let han = &rules.yaku.han;
        let mut situational = YakuList::default();
        let double_riichi = flags.has(WinFlags::DOUBLE_RIICHI);
        if double_riichi && han.is_yaku(Yaku::DoubleRiichi) {
            award(&mut situational, han, Yaku::DoubleRiichi, closed);
        } else if double_riichi || flags.has(WinFlags::RIICHI) {
            award(&mut situational, han, Yaku::Riichi, closed);
        }
        if flags.has(WinFlags::OPEN_RIICHI) {
            award(&mut situational, han, Yaku::OpenRiichi, closed);
        }
        let pairs = [
            (WinFlags::IPPATSU, Yaku::Ippatsu),
            (WinFlags::CHANKAN, Yaku::Chankan),
            (WinFlags::RINSHAN, Yaku::RinshanKaihou),
            (WinFlags::HAITEI, Yaku::HaiteiRaoyue),
            (WinFlags::HOUTEI, Yaku::HouteiRaoyui),
        ];
        if closed && tsumo {
            award(&mut situational, han, Yaku::MenzenTsumo, closed);
        }
        for (f, y) in pairs {
            if flags.has(f) {
                award(&mut situational, han, y, closed);
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

        let mut tiles = YakuList::default();
        if !any_terminal_honor {
            award(&mut tiles, han, Yaku::Tanyao, closed);
        }
        if only_terminal_honor && has_honors && number_suits > 0 {
            award(&mut tiles, han, Yaku::Honroutou, closed);
        }
        if one_suit {
            let chinitsu = !has_honors && han.is_yaku(Yaku::Chinitsu);
            award(&mut tiles, han, if chinitsu { Yaku::Chinitsu } else { Yaku::Honitsu }, closed);
        }
        let local = if y.local.is_empty() { 0 } else { local::hand_mask(&y.local, hand, present, closed) };
        Ctx { rules, hand, all, fu, situational, yakuman, tiles, has_honors, local }
    }

    /// The candidate of a reading: its yakuman `ym` (the hand's are added) or else its
    /// regular yaku `list` at `fu`, once the data yaku `fired` are listed.
    fn candidate(&self, mut list: YakuList, mut ym: YakuList, fired: u32, fu: u8) -> Candidate {
        for &(y, h) in self.yakuman.as_slice() {
            ym.push(y, h);
        }
        if fired != 0 {
            let y = &self.rules.yaku;
            local::award(&y.local, &y.han, fired, self.fu.closed, &mut list, &mut ym);
        }
        if ym.han() > 0 {
            return Candidate { yakuman: ym.han() / 13, yaku: ym, fu: 0 };
        }
        Candidate { yaku: list, fu, yakuman: 0 }
    }

    /// Thirteen orphans (the caller checked the shape).
    pub fn kokushi(&self) -> Candidate {
        let mut list = YakuList::default();
        let thirteen_sided = self.hand.concealed[self.hand.win.index()] == 2;
        let double = thirteen_sided && self.rules.yaku.double_kokushi_13;
        list.push(Yaku::KokushiMusou, if double { 26 } else { 13 });
        let fired = local::of_form(&self.rules.yaku.local, self.local, Form::Any);
        self.candidate(YakuList::EMPTY, list, fired, 0)
    }

    /// Seven pairs with `quads` four-of-a-kinds used as two pairs.
    pub fn seven_pairs(&self, quads: u8) -> Candidate {
        let y = &self.rules.yaku;
        let mut list = self.situational;
        award(&mut list, &y.han, Yaku::Chiitoitsu, true);
        if quads > 0 {
            list.push(Yaku::YonmaiChiitoitsu, quads * y.chiitoitsu_quad);
        }
        for &(t, h) in self.tiles.as_slice() {
            list.push(t, h);
        }
        let fired = local::of_form(&y.local, self.local, Form::SevenPairs);
        let c = self.candidate(list, YakuList::EMPTY, fired, 25);
        let own_yaku = |c: &Candidate| {
            c.yaku.as_slice().iter().any(|&(t, _)| {
                t == Yaku::Chiitoitsu || t.local_index().is_some_and(|i| y.local.get(i).form == Form::SevenPairs)
            })
        };
        if c.yakuman == 0 && !own_yaku(&c) {
            // Seven pairs is no winning form without its yaku: a reading with none.
            return Candidate { yaku: YakuList::EMPTY, fu: 25, yakuman: 0 };
        }
        c
    }

    /// 十三不塔's form (the caller checked the shape and that a data yaku of the form may
    /// fire): a reading only when one does.
    pub fn unconnected(&self) -> Candidate {
        let y = &self.rules.yaku;
        let mut list = self.situational;
        for &(t, h) in self.tiles.as_slice() {
            list.push(t, h);
        }
        let fired = local::of_form(&y.local, self.local, Form::Unconnected);
        let c = self.candidate(list, YakuList::EMPTY, fired, local::UNCONNECTED_FU);
        let own_yaku = |c: &Candidate| {
            c.yaku
                .as_slice()
                .iter()
                .any(|&(t, _)| t.local_index().is_some_and(|i| y.local.get(i).form == Form::Unconnected))
        };
        if c.yakuman == 0 && !own_yaku(&c) {
            return Candidate { yaku: YakuList::EMPTY, fu: local::UNCONNECTED_FU, yakuman: 0 };
        }
        c
    }

    /// A standard reading: `sets` (the first `n_concealed` concealed, then
    /// the melds) and `pair`. Emits one candidate per set the winning tile
    /// could have completed (the pair counts as set 4); what does not depend
    /// on that choice is worked out once.
    pub fn standard<F: FnMut(Candidate)>(&self, pair: Tile, sets: &[Block; 4], n_concealed: usize, mut emit: F) {
        let y = &self.rules.yaku;
        let han = &y.han;
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
        let mut fired = local::of_form(&y.local, self.local, Form::Standard);
        if fired != 0 {
            let n_triplets = 4 - n_seq;
            let reading = Reading { triplets, seqs, n_triplets, n_seqs: n_seq, kans, pair, sets: *sets };
            fired = local::reading_mask(&y.local, fired, &reading);
        }

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

        // Regular yaku that do not depend on the wait.
        let mut list = self.situational;
        if closed && peikou > 0 {
            let ryanpeikou = peikou == 2 && han.is_yaku(Yaku::Ryanpeikou);
            award(&mut list, han, if ryanpeikou { Yaku::Ryanpeikou } else { Yaku::Iipeikou }, closed);
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
                    award(&mut list, han, yk, closed);
                }
            }
        }
        if chanta_shape && n_seq > 0 {
            let junchan = !self.has_honors && han.is_yaku(Yaku::Junchan);
            award(&mut list, han, if junchan { Yaku::Junchan } else { Yaku::Chanta }, closed);
        }
        // 123 456 789 of one suit: starts 1, 4, 7.
        let ittsu = (0..3).any(|s| seqs >> (9 * s) & 0b1_001_001 == 0b1_001_001);
        let shapes = [
            (ittsu, Yaku::Ittsu),
            (seqs & seqs >> 9 & seqs >> 18 & 0x1ff != 0, Yaku::SanshokuDoujun),
            (triplets & triplets >> 9 & triplets >> 18 & 0x1ff != 0, Yaku::SanshokuDoukou),
            (kans == 3, Yaku::Sankantsu),
            (n_seq == 0, Yaku::Toitoi),
            (dragons == 2 && pair.is_dragon(), Yaku::Shousangen),
            (winds == 3, Yaku::Sanfuu),
        ];
        for (shape, yk) in shapes {
            if shape {
                award(&mut list, han, yk, closed);
            }
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
            let mut ym = ym;
            if concealed == 4 {
                let double = wait == Wait::Tanki && y.double_suuankou_tanki;
                ym.push(Yaku::Suuankou, if double { 26 } else { 13 });
            }
            let mut list = list;
            let pinfu = closed && n_seq == 4 && wait == Wait::Ryanmen && !valued_pair;
            if pinfu {
                award(&mut list, han, Yaku::Pinfu, closed);
            }
            if concealed == 3 {
                award(&mut list, han, Yaku::Sanankou, closed);
            }
            let fired = if fired == 0 { 0 } else { local::wait_mask(&y.local, fired, wait) };
            let c = self.candidate(list, ym, fired, 0);
            if c.yakuman > 0 {
                emit(c);
                continue;
            }
            let fu = standard_fu(self.rules, &self.fu, pair, sets, w, wait, pinfu);
            emit(Candidate { fu, ..c });
        }
    }
}
