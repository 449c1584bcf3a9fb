//! Hand settlement (the per-hand seam): scoring a win with the table's
//! situational flags, payments (pao included), exhaustive and abortive
//! draws, dealer rotation and honba, and the end of the game.

use super::config::{DoubleRonHonba, EndSticks, Ending, HandEnd, Next, PaoRonHonba, PaoScope, ranks};
use super::mjai::{Event, HoraScore, UraMarkers};
use super::outcome::{Abort, WIN_VALUE_BINS};
use super::record::{HandEnding, MAX_ALICE, MAX_INDICATORS, WinRecord};
use super::state::{OfferKind, PAO_YAKU, Phase};
use super::{MAX_SEATS, RIICHI_STICK, RiichiTable, TableState};
use crate::GameRng;
use crate::mahjong::payment::pay;
use crate::mahjong::{
    Flower, Hand, HandScore, Limit, Payment, PhysTile, Rules, ScoreError, Tile, TileCounts, WinFlags, Yaku,
    fifth_copy_waits, score_hand, shanten,
};

/// G-R3: a ron forced into an open riichi (手詰まり放銃) is paid as 13 han, 四倍満 (数え役満),
/// unless the hand is worth that or more; its yaku and per-tile counts stay the hand's own.
/// `dealer`: the winner deals; `sticks`: the riichi sticks it collects.
pub fn forced_deal_in(rules: &Rules, score: HandScore, dealer: bool, honba: u8, sticks: u8) -> HandScore {
    if score.limit >= Limit::KazoeYakuman {
        return score;
    }
    let limit = Limit::KazoeYakuman;
    let (payment, points_total) = pay(rules, limit.base(), dealer, false, honba, sticks);
    HandScore { han: score.han.max(13), limit, payment, points_total, ..score }
}

/// How a win was made.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Won {
    Tsumo,
    Ron,
    /// 流し役満 at an exhaustive draw: no winning hand.
    Nagashi,
}

/// The seats liable (責任払い) for a win's pao yakuman: each with the yakuman multiple it
/// answers for (a seat liable for two of them once, their multiples added), in
/// [`PAO_YAKU`] order.
#[derive(Clone, Copy, Debug)]
struct Liable {
    seats: [(usize, u8); PAO_YAKU.len()],
    len: usize,
}

impl Liable {
    const NONE: Liable = Liable { seats: [(0, 0); PAO_YAKU.len()], len: 0 };

    /// The liable seats with their multiples.
    fn as_slice(&self) -> &[(usize, u8)] {
        &self.seats[..self.len]
    }

    /// Adds `multiple` yakuman for `seat`.
    fn add(&mut self, seat: usize, multiple: u8) {
        match self.seats[..self.len].iter_mut().find(|e| e.0 == seat) {
            Some(e) => e.1 += multiple,
            None => {
                self.seats[self.len] = (seat, multiple);
                self.len += 1;
            }
        }
    }
}

impl RiichiTable {
    /// The hand of `seat` winning on `win` (already among its concealed
    /// tiles), with the flags every win shares.
    pub(super) fn hand_of(&self, state: &TableState, seat: usize, win: Tile, mut flags: WinFlags) -> Hand {
        let s = &state.seats[seat];
        let mut hand = Hand::new(s.hand, win);
        hand.melds = s.melds;
        hand.meld_count = s.meld_count;
        hand.seat_wind = state.seat_wind(seat);
        hand.round_wind = state.round_wind();
        if s.riichi {
            flags = flags.with(if s.double_riichi { WinFlags::DOUBLE_RIICHI } else { WinFlags::RIICHI });
            if s.open_riichi {
                flags = flags.with(WinFlags::OPEN_RIICHI);
            }
            if s.ippatsu {
                flags = flags.with(WinFlags::IPPATSU);
            }
        }
        hand.flags = flags;
        let kami = |place: usize| self.settings.kami_pocchi && state.wall[place].is_pocchi();
        let dora = (0..state.indicators).filter(|&i| !kami(state.layout.indicator(i.into())));
        for k in dora.filter_map(|i| state.indicator(i)) {
            hand.dora[hand.dora_count as usize] = self.rules.set.dora_from_indicator(k);
            hand.dora_count += 1;
        }
        if s.riichi && self.settings.ura_dora {
            let ura = (0..self.ura_count(state)).filter(|&i| !kami(state.layout.ura(i.into())));
            for k in ura.filter_map(|i| state.ura_indicator(i)) {
                hand.ura[hand.ura_count as usize] = self.rules.set.dora_from_indicator(k);
                hand.ura_count += 1;
            }
        }
        hand.nuki = s.nuki;
        // G-F6: a flower under a counted indicator works for the winner as if extracted.
        let flowers = s.flowers | self.indicator_flowers(state, s.riichi);
        let has = |f: Flower| flowers & 1 << f as u8 != 0;
        if has(Flower::Summer) {
            hand.flags = hand.flags.with(WinFlags::SUMMER);
        }
        if has(Flower::Autumn) {
            hand.flags = hand.flags.with(WinFlags::AUTUMN);
        }
        // 立直のみロン's 「抜き牌なしかつドラ表示牌に華牌なし」: an ura flower too where the rules say.
        let blocking = match self.rules.yaku.ura_flower_cancels_riichi_only_ron {
            true => flowers,
            false => s.flowers | self.indicator_flowers(state, false),
        };
        if s.nuki.total() > 0 || blocking != 0 {
            hand.flags = hand.flags.with(WinFlags::EXTRACTED);
        }
        hand.red = s.marked.red() + s.meld_marked.red();
        hand.gold = s.marked.gold() + s.meld_marked.gold();
        hand.blue = s.marked.blue() + s.meld_marked.blue();
        hand.honba = state.honba;
        hand
    }

    /// Scores a tsumo by `seat` on its drawn tile.
    pub(super) fn score_tsumo(&self, state: &TableState, seat: usize, rinshan: bool) -> Result<HandScore, ScoreError> {
        let s = &state.seats[seat];
        let win = s.drawn.expect("a tsumo follows a draw");
        let flags = self.tsumo_flags(state, seat, rinshan);
        let score = self.score_best(state, seat, self.hand_of(state, seat, win, flags), s.drawn_pocchi)?;
        Ok(self.paarenchan(state, seat, score, true))
    }

    /// 八連荘: a dealer's win that completes its run of `paarenchan` wins in a row (or a
    /// later one) is a yakuman (counted as one) unless the hand is worth that or more; its
    /// yaku stay the hand's own.
    fn paarenchan(&self, state: &TableState, seat: usize, score: HandScore, tsumo: bool) -> HandScore {
        let run = self.settings.paarenchan;
        let limit = Limit::Yakuman(1);
        if run == 0 || seat != state.dealer() || state.dealer_wins + 1 < run || score.limit.base() >= limit.base() {
            return score;
        }
        let (payment, points_total) = pay(&self.rules, limit.base(), true, tsumo, state.honba, 0);
        HandScore { han: score.han.max(13), yakuman: 1, limit, payment, points_total, ..score }
    }

    /// The situational flags of a tsumo by `seat` on its drawn tile: 嶺上開花 on a
    /// replacement tile, else 海底 on the last tile; 天和 / 地和 on the first draw.
    pub(super) fn tsumo_flags(&self, state: &TableState, seat: usize, rinshan: bool) -> WinFlags {
        let mut flags = WinFlags::TSUMO;
        if rinshan {
            flags = flags.with(WinFlags::RINSHAN);
        } else if state.live_left() == 0 {
            flags = flags.with(WinFlags::HAITEI);
        }
        if state.seats[seat].first_turn && state.uninterrupted {
            let dealer = seat == state.dealer();
            flags = flags.with(if dealer { WinFlags::TENHOU } else { WinFlags::CHIIHOU });
        }
        flags
    }

    /// Scores `hand` of `seat` with the pocchi's choices made for the most points (then
    /// han, then fu): a wild pocchi (G-R6) as any kind (`win_is_pocchi`: it is the winning
    /// tile too), a pocchi indicator (神ポッチ, G-D5) as any dora kind or none.
    pub(super) fn score_best(
        &self,
        state: &TableState,
        seat: usize,
        hand: Hand,
        win_is_pocchi: bool,
    ) -> Result<HandScore, ScoreError> {
        let s = &state.seats[seat];
        let mut best: Option<Result<HandScore, ScoreError>> = None;
        let mut consider = |h: &Hand| {
            let r = score_hand(&self.rules, h);
            let key =
                |r: &Result<HandScore, ScoreError>| r.as_ref().ok().map(|x| (x.points_total, x.yakuman, x.han, x.fu));
            if best.as_ref().is_none_or(|b| key(&r) > key(b)) {
                best = Some(r);
            }
        };
        if self.wild_pocchi(s) {
            for (kind, concealed) in self.wild_choices(&hand.concealed) {
                let win = if win_is_pocchi { kind } else { hand.win };
                let mut held = concealed;
                hand.melds().iter().for_each(|m| m.add_to(&mut held));
                let fifth = self.settings.pocchi_fifth_copy && held[kind.index()] > 4;
                let flags = if fifth { hand.flags.with(WinFlags::WILD_FIFTH) } else { hand.flags };
                consider(&Hand { concealed, win, flags, ..hand });
            }
        } else if let Some(ura) = self.kami_indicator(state, seat) {
            consider(&hand);
            for d in Tile::all().filter(|&d| self.rules.set.contains(d)) {
                let mut h = hand;
                let (list, n) = if ura { (&mut h.ura, &mut h.ura_count) } else { (&mut h.dora, &mut h.dora_count) };
                list[*n as usize] = d;
                *n += 1;
                consider(&h);
            }
        } else {
            consider(&hand);
        }
        best.expect("at least one reading")
    }

    /// 神ポッチ (G-D5): whether the pocchi lies under a counted indicator of `seat`'s win,
    /// and whether it is an ura one.
    fn kami_indicator(&self, state: &TableState, seat: usize) -> Option<bool> {
        if !self.settings.kami_pocchi {
            return None;
        }
        let pocchi = |place: usize| state.wall[place].is_pocchi();
        if (0..state.indicators as usize).any(|i| pocchi(state.layout.indicator(i))) {
            return Some(false);
        }
        let ura = state.seats[seat].riichi && self.settings.ura_dora;
        (ura && (0..self.ura_count(state) as usize).any(|i| pocchi(state.layout.ura(i)))).then_some(true)
    }

    /// The situational flags of a ron by `seat` on a tile offered as `kind`: 搶槓 on a kan's
    /// tile (never on an extracted north, G-X6), 河底 on the last discard (not on an
    /// extraction), 人和 before the seat's first discard with no call made.
    pub(super) fn ron_flags(&self, state: &TableState, seat: usize, kind: OfferKind) -> WinFlags {
        let s = &state.seats[seat];
        let mut flags = WinFlags(0);
        if matches!(kind, OfferKind::AddedKan | OfferKind::ClosedKan) {
            flags = flags.with(WinFlags::CHANKAN);
        } else if kind == OfferKind::Discard && state.live_left() == 0 {
            flags = flags.with(WinFlags::HOUTEI);
        }
        if s.first_turn
            && state.uninterrupted
            && seat != state.dealer()
            && (self.rules.yaku.renhou != crate::mahjong::RenhouValue::None
                || self.rules.yaku.local.uses_first_go_around())
        {
            flags = flags.with(WinFlags::RENHOU);
        }
        flags
    }

    /// Scores a ron by `seat` on `t` offered by `from`.
    pub(super) fn score_ron(
        &self,
        state: &TableState,
        seat: usize,
        t: Tile,
        kind: OfferKind,
    ) -> Result<HandScore, ScoreError> {
        let s = &state.seats[seat];
        let mut hand = self.hand_of(state, seat, t, self.ron_flags(state, seat, kind));
        if self.robbed_kan_ippatsu(state, seat, kind) {
            hand.flags = hand.flags.with(WinFlags::IPPATSU);
        }
        hand.concealed[t.index()] += 1;
        add_offered_piece(&mut hand, state);
        let score = self.score_best(state, seat, hand, false)?;
        let forced = s.in_open_riichi() && matches!(kind, OfferKind::Discard | OfferKind::Nuki);
        let score = if forced { self.forced_deal_in(state, seat, score) } else { score };
        Ok(self.paarenchan(state, seat, score, false))
    }

    /// 搶槓の一発: whether a ron by `seat` on a kan's tile (`kind`) keeps the ippatsu that
    /// only the robbed kan broke ([`chankan_keeps_ippatsu`](super::TableSettings::chankan_keeps_ippatsu)).
    fn robbed_kan_ippatsu(&self, state: &TableState, seat: usize, kind: OfferKind) -> bool {
        self.settings.chankan_keeps_ippatsu
            && matches!(kind, OfferKind::AddedKan | OfferKind::ClosedKan)
            && state.kan_ippatsu & 1 << seat != 0
    }

    /// G-R3: a ron by an open riichi seat on a discard or an extraction was forced (no one
    /// may deal into it otherwise): [`forced_deal_in`].
    fn forced_deal_in(&self, state: &TableState, seat: usize, score: HandScore) -> HandScore {
        forced_deal_in(&self.rules, score, seat == state.dealer(), state.honba, 0)
    }

    /// The flowers among the counted indicators of a win (the ura ones for a `riichi`
    /// winner when the rules count ura), bit `Flower as u8`.
    fn indicator_flowers(&self, state: &TableState, riichi: bool) -> u8 {
        if !self.flowers {
            return 0;
        }
        let flower = |place: usize| match state.wall[place] {
            PhysTile::Flower(f) => 1 << f as u8,
            _ => 0,
        };
        let dora = (0..usize::from(state.indicators)).map(|i| flower(state.layout.indicator(i)));
        let ura_count = if riichi && self.settings.ura_dora { self.ura_count(state) } else { 0 };
        let ura = (0..usize::from(ura_count)).map(|i| flower(state.layout.ura(i)));
        dora.chain(ura).fold(0, |m, f| m | f)
    }

    /// Ura indicators that count for a riichi win: one under each indicator turned at the
    /// deal, and under each kan indicator with カン裏.
    fn ura_count(&self, state: &TableState) -> u8 {
        if self.settings.kan_ura_dora { state.indicators } else { self.settings.indicators_at_deal }
    }

    /// The seats liable for this win (pao): for each yakuman of [`PAO_YAKU`] in the score
    /// whose deciding set a seat let be called, that seat and the yakuman's multiple.
    fn liable(&self, state: &TableState, seat: usize, score: &HandScore) -> Liable {
        let mut liable = Liable::NONE;
        for (&y, p) in PAO_YAKU.iter().zip(state.seats[seat].pao) {
            let listed = score.yaku.as_slice().iter().find(|e| e.0 == y);
            if let (Some(p), Some(&(_, han))) = (p, listed) {
                liable.add(usize::from(p), (han / 13).max(1));
            }
        }
        liable
    }

    /// What each liable seat answers for (in the order of `liable`) out of a win worth
    /// `value` (honba aside), `share(m)` being what `m` yakuman of the win are worth:
    /// its pao yakuman's share, and under [`PaoScope::WholeHand`] the rest of the hand in
    /// equal parts too (the first seat the odd hundreds).
    fn pao_owed(&self, liable: &Liable, value: i32, share: impl Fn(u8) -> i32) -> [i32; PAO_YAKU.len()] {
        let mut owed = [0; PAO_YAKU.len()];
        for (o, &(_, m)) in owed.iter_mut().zip(liable.as_slice()) {
            *o = share(m);
        }
        let n = liable.len as i32;
        if self.settings.pao_scope == PaoScope::WholeHand && n > 0 {
            let rest = value - owed.iter().sum::<i32>();
            let part = rest / n / 100 * 100;
            for o in owed[..liable.len].iter_mut() {
                *o += part;
            }
            owed[0] += rest - part * n;
        }
        owed
    }

    /// The payment of `multiple` yakuman won by `seat` (no honba).
    fn yakuman_payment(&self, state: &TableState, seat: usize, multiple: u8, tsumo: bool) -> (Payment, i32) {
        let base = Limit::Yakuman(multiple).base();
        let (payment, total) = pay(&self.rules, base, seat == state.dealer(), tsumo, 0, 0);
        (payment, total as i32)
    }

    /// Records the win of `seat` on a tile from `target`, scored `score`,
    /// that moved points from `before`.
    fn log_hora(
        &self,
        state: &mut TableState,
        seat: usize,
        target: usize,
        score: &HandScore,
        before: [i32; MAX_SEATS],
    ) {
        if !state.events.is_on() {
            return;
        }
        let deltas = Some(std::array::from_fn(|s| state.points[s] - before[s]));
        let ura_count = if state.seats[seat].riichi && self.settings.ura_dora { self.ura_count(state) } else { 0 };
        let ura_markers = UraMarkers::new((0..ura_count as usize).map(|i| state.wall[state.layout.ura(i)]));
        let pai = Some(state.events.last_tile());
        let score = Some(HoraScore { han: score.han, fu: score.fu, yaku: score.yaku });
        let (actor, target) = (seat as u8, target as u8);
        state.events.push(Event::Hora { actor, target, pai, deltas, ura_markers, score });
    }

    pub(super) fn settle_tsumo(&self, state: &mut TableState, seat: usize, rinshan: bool, rng: &mut GameRng) {
        let before = state.points;
        let score = self.score_tsumo(state, seat, rinshan).expect("a legal tsumo scores");
        let Payment::Tsumo { dealer_pays, non_dealer_pays } = score.payment else {
            unreachable!("a tsumo is paid as a tsumo")
        };
        let dealer = state.dealer();
        let liable = self.liable(state, seat, &score);
        let feeder = if rinshan { state.kan_feeder.map(usize::from) } else { None };
        let total = self.collect_tsumo(state, seat, [dealer_pays, non_dealer_pays], &liable, feeder);
        let gained = total + RIICHI_STICK * state.sticks as i32;
        state.points[seat] += gained;
        state.sticks = 0;
        self.log_hora(state, seat, seat, &score, before);
        let value = total - self.honba_points(state);
        self.record_win(state, seat, &score, [gained, value], Won::Tsumo);
        let renchan = seat == dealer;
        let honba = if renchan { state.honba + 1 } else { 0 };
        self.end_hand(state, renchan, renchan.then_some(true), honba, rng);
    }

    /// The tsumo payments to `seat` (`[dealer_pays, others_pay]`, honba included) from the
    /// others. Under pao each `liable` seat pays its pao yakuman's share in full (the first
    /// of them the honba too), and the rest of the hand is paid as [`PaoScope`] says; the
    /// `feeder` of a daiminkan whose rinshan this is pays what the others would (with pao
    /// yakuman, under `yakuman_share`, the rest beyond their shares). Returns the total
    /// (not yet added to `seat`'s points).
    fn collect_tsumo(
        &self,
        state: &mut TableState,
        seat: usize,
        payment: [u32; 2],
        liable: &Liable,
        feeder: Option<usize>,
    ) -> i32 {
        let dealer = state.dealer();
        let due =
            |o: usize, [dealer_pays, others_pay]: [u32; 2]| if o == dealer { dealer_pays } else { others_pay } as i32;
        let total = state.others(seat).map(|o| due(o, payment)).sum();
        let Some(&(first, _)) = liable.as_slice().first() else {
            // No pao yakuman: each payer pays its due, or the feeder of the daiminkan all.
            match feeder {
                Some(f) => {
                    state.points[f] -= total;
                    state.record.pao += 1;
                }
                None => state.others(seat).for_each(|o| state.points[o] -= due(o, payment)),
            }
            return total;
        };
        let payers = state.players() as i32 - 1;
        let honba_each = self.honba_points(state) / payers;
        // What each payer would owe beyond the pao yakuman shares and the honba.
        let mut rest = [0; MAX_SEATS];
        state.others(seat).for_each(|o| rest[o] = due(o, payment) - honba_each);
        for &(_, m) in liable.as_slice() {
            let Payment::Tsumo { dealer_pays, non_dealer_pays } = self.yakuman_payment(state, seat, m, true).0 else {
                unreachable!("a tsumo is paid as a tsumo")
            };
            state.others(seat).for_each(|o| rest[o] -= due(o, [dealer_pays, non_dealer_pays]));
        }
        let mut pays = [0; MAX_SEATS];
        let owed = self.pao_owed(liable, total - honba_each * payers, |m| self.yakuman_payment(state, seat, m, true).1);
        for (&(p, _), part) in liable.as_slice().iter().zip(owed) {
            pays[p] += part;
        }
        pays[first] += honba_each * payers;
        if self.settings.pao_scope == PaoScope::YakumanShare {
            match feeder {
                Some(f) => pays[f] += rest.iter().sum::<i32>(),
                None => state.others(seat).for_each(|o| pays[o] += rest[o]),
            }
        }
        state.record.pao += 1;
        state.others(seat).for_each(|o| state.points[o] -= pays[o]);
        total
    }

    /// 流し役満 (G-P3) or 流し満貫 (without honba) of `seat` at an exhaustive draw: every
    /// discard a terminal or an honour, none called away, no call made, and the scoring
    /// rules have it as a yaku.
    fn nagashi(&self, state: &TableState, seat: usize) -> Option<HandScore> {
        let s = &state.seats[seat];
        let clean = s.river_len > 0 && s.called_mask == 0 && !s.is_open();
        if !clean || !s.river().iter().all(|t| t.is_terminal_or_honor()) {
            return None;
        }
        let flags = WinFlags::NAGASHI.with(WinFlags::TSUMO);
        let mut hand = self.hand_of(state, seat, s.river()[0], flags);
        if self.rules.yaku.nagashi_mangan {
            hand.honba = 0;
        }
        score_hand(&self.rules, &hand).ok()
    }

    pub(super) fn settle_ron(
        &self,
        state: &mut TableState,
        from: usize,
        t: Tile,
        kind: OfferKind,
        winners: &[usize],
        rng: &mut GameRng,
    ) {
        let honba_points = self.honba_points(state);
        if self.log_hands {
            state.hand.from = Some(from as u8);
        }
        for (k, &w) in winners.iter().enumerate() {
            let before = state.points;
            let score = self.score_ron(state, w, t, kind).expect("a legal ron scores");
            let Payment::Ron(x) = score.payment else { unreachable!("a ron is paid as a ron") };
            // The honba this winner takes: all but the first lose theirs under `first`.
            let each = self.settings.double_ron_honba == DoubleRonHonba::Each;
            let honba = if k == 0 || each { honba_points } else { 0 };
            let x = x as i32 - (honba_points - honba);
            // Pao: each liable seat but the discarder pays half of what it answers for.
            let liable = self.liable(state, w, &score);
            let owed = self.pao_owed(&liable, x - honba, |m| self.yakuman_payment(state, w, m, false).1);
            let mut by_pao = 0;
            for (&(p, _), part) in liable.as_slice().iter().zip(owed).filter(|e| e.0.0 != from) {
                state.points[p] -= part / 2;
                by_pao += part / 2;
            }
            let liable_other = liable.as_slice().iter().map(|e| e.0).find(|&p| p != from);
            if let (Some(p), PaoRonHonba::Liable) = (liable_other, self.settings.pao_ron_honba) {
                state.points[p] -= honba;
                by_pao += honba;
            }
            state.points[from] -= x - by_pao;
            if liable.as_slice().iter().any(|e| e.0 != from) {
                state.record.pao += 1;
            }
            let gained = x + if k == 0 { RIICHI_STICK * state.sticks as i32 } else { 0 };
            state.points[w] += gained;
            self.log_hora(state, w, from, &score, before);
            self.record_win(state, w, &score, [gained, x - honba], Won::Ron);
        }
        state.sticks = 0;
        state.record.deal_ins[from] += 1;
        if winners.iter().any(|&w| state.seats[w].in_open_riichi())
            && matches!(kind, OfferKind::Discard | OfferKind::Nuki)
        {
            state.record.forced_deal_ins[from] += 1;
        }
        if winners.len() == 2 {
            state.record.double_rons += 1;
        }
        let renchan = winners.contains(&state.dealer());
        let honba = if renchan { state.honba + 1 } else { 0 };
        self.end_hand(state, renchan, renchan.then_some(true), honba, rng);
    }

    /// The honba part of one win's payment.
    fn honba_points(&self, state: &TableState) -> i32 {
        self.rules.payment.honba as i32 * state.honba as i32
    }

    /// Counts a win (`how` it was made) that gained the winner `gained` points (honba and
    /// sticks included) for a hand worth `value`, and adds it to the hand record.
    fn record_win(&self, state: &mut TableState, seat: usize, score: &HandScore, [gained, value]: [i32; 2], how: Won) {
        if self.log_hands {
            let win = self.win_record(state, seat, score, how);
            state.hand.push_win(win);
            if how != Won::Nagashi {
                state.hand.ending = HandEnding::Win;
            }
        }
        let tsumo = how != Won::Ron;
        // Cut-bi states (G-B2): the winner HomeRun, who paid the win Bases.
        let paid = match state.phase {
            Phase::Offer { from, .. } if !tsumo => 1 << from,
            _ => !0,
        };
        state.home_run = (state.home_run & !paid) | 1 << seat;
        let dealer = seat == state.dealer();
        let r = &mut state.record;
        r.wins[seat] += 1;
        r.tsumo_wins[seat] += u16::from(tsumo);
        r.dealer_wins[seat] += u16::from(dealer);
        r.win_points[seat] += gained as u32;
        r.win_value[seat] += value as u32;
        r.win_value_hist[usize::from(dealer)][(value as usize / 1000).min(WIN_VALUE_BINS - 1)] += 1;
        for &(y, _) in score.yaku.as_slice() {
            r.yaku[y as usize] += 1;
        }
        if score.yakuman > 0 || score.limit == Limit::KazoeYakuman {
            r.yakuman += 1;
        }
    }

    /// The hand record's account of a win by `seat` scored `score` (before the hand's end
    /// clears the seat).
    fn win_record(&self, state: &TableState, seat: usize, score: &HandScore, how: Won) -> WinRecord {
        let s = &state.seats[seat];
        let robbed = matches!(state.phase, Phase::Offer { kind: OfferKind::Discard | OfferKind::Nuki, .. });
        let ron_piece = if how == Won::Ron { Some(state.offer_piece) } else { None };
        let offered = match state.phase {
            Phase::Offer { kind, .. } if how == Won::Ron => Some(kind),
            _ => None,
        };
        let count = |f: fn(PhysTile) -> bool| u8::from(ron_piece.is_some_and(f));
        let mut held = s.hand;
        for m in s.melds() {
            m.add_to(&mut held);
        }
        if let Some(p) = ron_piece.and_then(PhysTile::kind) {
            held[p.index()] += 1;
        }
        let counted = if s.riichi && self.settings.ura_dora { self.ura_count(state) } else { 0 };
        let ura_kinds =
            (0..counted).filter_map(|i| state.ura_indicator(i)).map(|k| self.rules.set.dora_from_indicator(k));
        let ura_nuki = s.nuki.dora(ura_kinds.clone());
        let ura = match score.yakuman {
            0 => score.yaku.as_slice().iter().filter(|e| e.0 == Yaku::UraDora).map(|e| e.1).sum(),
            _ => super::record::ura_held(&held, s.nuki, ura_kinds),
        };
        let w = WinRecord {
            seat: seat as u8,
            score: *score,
            red: s.marked.red() + s.meld_marked.red() + count(PhysTile::is_red),
            gold: s.marked.gold() + s.meld_marked.gold() + count(PhysTile::is_gold),
            blue: s.marked.blue() + s.meld_marked.blue() + count(PhysTile::is_blue),
            ura,
            ura_nuki: ura_nuki.min(ura),
            riichi: s.riichi,
            open_riichi: s.in_open_riichi(),
            ippatsu: s.ippatsu || offered.is_some_and(|k| self.robbed_kan_ippatsu(state, seat, k)),
            pocchi_tsumo: how == Won::Tsumo && s.drawn_pocchi,
            forced: how == Won::Ron && s.in_open_riichi() && robbed,
            nagashi: false,
            closed: !s.is_open(),
            held,
            pocchi: s.marked.pocchi() || s.meld_marked.pocchi() || ron_piece.is_some_and(PhysTile::is_pocchi),
            nuki: s.nuki,
            flowers: s.flowers,
        };
        if how == Won::Nagashi { w.as_nagashi() } else { w }
    }

    /// An abortive draw: the dealer repeats with one more honba.
    pub(super) fn abort(&self, state: &mut TableState, kind: Abort, rng: &mut GameRng) {
        state.record.aborts[kind as usize] += 1;
        if self.log_hands {
            state.hand.ending = HandEnding::Abort;
        }
        state.events.push(Event::Ryukyoku { deltas: Some([0; MAX_SEATS]) });
        self.end_hand(state, true, None, state.honba + 1, rng);
    }

    /// 荒牌流局: noten payments (the table's `noten_total`); the dealer repeats as the
    /// table's `dealer_repeats_on_draw` says.
    pub(super) fn exhaustive_draw(&self, state: &mut TableState, rng: &mut GameRng) {
        let players = state.players();
        let before = state.points;
        let tenpai: [bool; MAX_SEATS] =
            std::array::from_fn(|s| s < players && self.tenpai_at_draw(&state.seats[s].hand));
        let n = tenpai.iter().filter(|&&t| t).count() as i32;
        if !self.pay_nagashi(state) && (1..players as i32).contains(&n) {
            for (s, &t) in tenpai[..players].iter().enumerate() {
                let total = self.settings.noten_total;
                state.points[s] += if t { total / n } else { -total / (players as i32 - n) };
            }
        }
        let deltas = std::array::from_fn(|s| state.points[s] - before[s]);
        state.events.push(Event::Ryukyoku { deltas: Some(deltas) });
        for (s, &t) in tenpai.iter().enumerate() {
            state.record.tenpai_at_draw[s] += u16::from(t);
        }
        if self.log_hands {
            state.hand.tenpai = (0..players).fold(0, |m, s| m | u8::from(tenpai[s]) << s);
            state.hand.ending = HandEnding::Draw;
        }
        state.record.exhaustive_draws += 1;
        let renchan = self.settings.dealer_repeats_on_draw.repeats(tenpai[state.dealer()]);
        let dealer_tenpai = tenpai[state.dealer()].then_some(false);
        self.end_hand(state, renchan, dealer_tenpai, state.honba + 1, rng);
    }

    /// Whether concealed tiles `hand` count as tenpai at an exhaustive draw: exact shanten 0
    /// (形式聴牌 included: a wait whose copies are all visible still counts), or with
    /// `karaten_is_tenpai` a wait only on a fifth copy of a kind held four times (空聴牌).
    fn tenpai_at_draw(&self, hand: &TileCounts) -> bool {
        match shanten(hand, self.shanten) {
            0 => true,
            1 => self.settings.karaten_is_tenpai && !fifth_copy_waits(hand, self.shanten).is_empty(),
            _ => false,
        }
    }

    /// Pays each 流し役満 of the hand as a yakuman tsumo (honba included), or each 流し満貫
    /// as a mangan tsumo (none), the riichi sticks left on the table, in turn order from
    /// the dealer; whether any was paid (then there are no noten payments).
    fn pay_nagashi(&self, state: &mut TableState) -> bool {
        let mut paid = false;
        for i in 0..state.players() {
            let seat = state.seat_after(state.dealer(), i);
            let Some(score) = self.nagashi(state, seat) else { continue };
            let Payment::Tsumo { dealer_pays, non_dealer_pays } = score.payment else {
                unreachable!("a nagashi is paid as a tsumo")
            };
            let total = self.collect_tsumo(state, seat, [dealer_pays, non_dealer_pays], &Liable::NONE, None);
            state.points[seat] += total;
            let honba = if self.rules.yaku.nagashi_mangan { 0 } else { self.honba_points(state) };
            self.record_win(state, seat, &score, [total, total - honba], Won::Nagashi);
            paid = true;
        }
        paid
    }

    /// After a hand: bust check, dealer rotation, then the next deal, the end of the
    /// game, or the dealer's choice ([`Phase::Stop`]), as the game's length says. `dealer`:
    /// `Some(true)` the dealer won, `Some(false)` it was tenpai at an exhaustive draw.
    fn end_hand(&self, state: &mut TableState, renchan: bool, dealer: Option<bool>, honba: u8, rng: &mut GameRng) {
        state.record.hands += 1;
        state.record.late_hands += u16::from(state.round >= state.players);
        if self.log_hands {
            self.finish_record(state);
        }
        state.events.push(Event::EndKyoku);
        state.honba = honba;
        state.dealer_wins = if dealer == Some(true) { state.dealer_wins.saturating_add(1) } else { 0 };
        if self.busts(state, &state.points) {
            state.record.bust = true;
            return self.end_game(state);
        }
        let top = state.points[..state.players()].iter().copied().max().unwrap_or(0);
        let mut next = self.next_after(state, renchan, dealer, top);
        if next != Next::End && state.record.hands >= self.settings.max_hands {
            state.record.capped = true;
            next = Next::End;
        }
        if !renchan {
            state.round += 1;
        }
        match next {
            Next::Play => self.start_hand(state, rng),
            Next::End => self.end_game(state),
            Next::DealerChooses => state.phase = Phase::Stop { seat: state.dealer() as u8 },
        }
    }

    /// Whether a hand leaving `points` busts a seat (トビ), which ends the game.
    pub(super) fn busts(&self, state: &TableState, points: &[i32; MAX_SEATS]) -> bool {
        let busts = |p: i32| p < 0 || (p == 0 && self.settings.bust_at_zero);
        self.settings.bust && points[..state.players()].iter().any(|&p| busts(p))
    }

    /// What follows the current hand by the game's length, when it ends with the dealer
    /// repeating or not (`renchan`; `dealer` as `end_hand` takes it) and
    /// the table's top at `top` points (no seat bust).
    pub(super) fn next_after(&self, state: &TableState, renchan: bool, dealer: Option<bool>, top: i32) -> Next {
        let (dealer_won, dealer_tenpai) = (dealer == Some(true), dealer == Some(false));
        let dealer_first = ranks(&state.points[..state.players()])[state.dealer()] == 0;
        let hand = HandEnd {
            round: state.round,
            renchan,
            dealer_won,
            dealer_tenpai,
            top,
            dealer_first,
            players: state.players,
        };
        let st = &self.settings;
        let ending = Ending {
            may_stop: st.dealer_may_stop,
            may_stop_tenpai: st.dealer_may_stop_tenpai,
            stop: st.dealer_stop,
            extension: st.extension,
        };
        st.length.after(hand, ending)
    }

    /// Completes the hand record (points after, indicators, Alice's tiles) and logs it.
    fn finish_record(&self, state: &mut TableState) {
        let r = &mut state.hand;
        r.points_after = state.points;
        let n = usize::from(state.indicators).min(MAX_INDICATORS);
        for i in 0..n {
            r.indicators[i] = (state.wall[state.layout.indicator(i)], state.wall[state.layout.ura(i)]);
        }
        r.indicator_count = n as u8;
        // Alice's source (G-F5): the unturned indicator places in kan-dora order, while
        // they are still in the wall.
        let unturned = (n..n + MAX_ALICE).map(|i| state.layout.indicator(i)).take_while(|&p| p >= state.next as usize);
        r.alice_count = 0;
        for p in unturned {
            r.alice[usize::from(r.alice_count)] = state.wall[p];
            r.alice_count += 1;
        }
        state.hand_log.push(&state.hand);
    }

    /// Sticks left go to the first place (or are lost, staying on the table:
    /// [`EndSticks`]); ranks and final scores.
    pub(super) fn end_game(&self, state: &mut TableState) {
        let seated = ..state.players();
        if self.settings.end_sticks == EndSticks::Top {
            let top = ranks(&state.points[seated]).iter().position(|&r| r == 0).expect("someone is first");
            state.points[top] += RIICHI_STICK * state.sticks as i32;
            state.sticks = 0;
        }
        let r = ranks(&state.points[seated]);
        state.record.points = state.points;
        state.record.ranks = r;
        state.record.scores = self.settings.final_scores(&state.points, &r);
        state.phase = Phase::Over;
        state.events.push(Event::EndGame { scores: Some(state.points) });
    }
}

/// Counts the offered piece's red, gold or blue five in a ron's hand (the piece is not the
/// seat's).
pub(super) fn add_offered_piece(hand: &mut Hand, state: &TableState) {
    hand.red += u8::from(state.offer_piece.is_red());
    hand.gold += u8::from(state.offer_piece.is_gold());
    hand.blue += u8::from(state.offer_piece.is_blue());
}
