//! Offering a discard (or a kan's tile) to the other seats, one at a time,
//! and resolving their choices: ron over pon/kan over chi.

use super::config::{MultipleRon, Pao};
use super::mjai::Event;
use super::outcome::Abort;
use super::state::{Claim, OfferKind, Phase};
use super::{Action, MAX_SEATS, RIICHI_STICK, RiichiTable, TableState};
use crate::GameRng;
use crate::mahjong::{MeldKind, PhysTile, Tile, shanten_kokushi};

/// The sequences (by lowest kind) that `hand` can make with `t` by chi.
pub(crate) fn chi_starts(hand: &[u8; 34], t: Tile) -> impl Iterator<Item = Tile> + '_ {
    let i = t.index();
    let n = t.number() as usize;
    let suited = !t.is_honor();
    // The sequence starts `back` kinds below `t`.
    [2usize, 1, 0].into_iter().filter_map(move |back| {
        if !suited || n <= back || n - back > 7 {
            return None;
        }
        let low = i - back;
        let others = (0..3).filter(|&k| k != back).all(|k| hand[low + k] > 0);
        others.then(|| Tile::from_index(low as u8).expect("a suited kind"))
    })
}

impl RiichiTable {
    /// Whether `seat` may call ron on `t` offered as `kind`.
    pub(super) fn can_ron(&self, state: &TableState, seat: usize, t: Tile, kind: OfferKind) -> bool {
        let s = &state.seats[seat];
        if !s.waits.contains(t) || s.furiten() {
            return false;
        }
        if kind == OfferKind::ClosedKan && shanten_kokushi(&s.hand) != Some(0) {
            return false;
        }
        if kind == OfferKind::Nuki && s.nuki.total() > 0 && !self.settings.north.ron_after_own {
            return false;
        }
        self.score_ron(state, seat, t, kind).is_ok()
    }

    /// Offers `t` from `from` to the other seats: each seat with a choice is
    /// asked in turn; with none, the offer resolves at once. The piece offered
    /// ([`TableState::offer_piece`]) is set by the caller for a discard and for an added
    /// kan (the piece added, a red five goes to its robber); a closed kan or a north
    /// offers a plain piece of the kind.
    pub(super) fn offer(&self, state: &mut TableState, from: usize, t: Tile, kind: OfferKind, rng: &mut GameRng) {
        if matches!(kind, OfferKind::ClosedKan | OfferKind::Nuki) {
            state.offer_piece = PhysTile::Plain(t);
        }
        let mut pending = 0u8;
        let calls = kind == OfferKind::Discard && state.live_left() > 0;
        for o in state.others(from) {
            let s = &state.seats[o];
            let wins = s.waits.contains(t) && self.can_ron(state, o, t, kind);
            let n = s.hand[t.index()];
            let left = o == state.seat_after(from, 1);
            let chi =
                self.settings.chi && left && chi_starts(&s.hand, t).any(|low| self.kuikae_leaves(&s.hand, t, low));
            let call = calls && !s.riichi && (n >= 2 || chi);
            if wins || call {
                pending |= 1 << o;
            } else if s.waits.contains(t) && kind != OfferKind::ClosedKan {
                self.pass_win(state, o);
            }
        }
        state.claims = [Claim::None; MAX_SEATS];
        state.phase = Phase::Offer { from: from as u8, tile: t, kind, pending };
        if pending == 0 {
            self.resolve_offer(state, rng);
        }
    }

    /// A seat let a winning tile go: same-turn furiten, for good in riichi.
    fn pass_win(&self, state: &mut TableState, seat: usize) {
        let s = &mut state.seats[seat];
        s.temp_furiten = true;
        if s.riichi {
            s.riichi_furiten = true;
        }
    }

    pub(super) fn offer_actions(&self, state: &TableState, seat: usize, out: &mut Vec<Action>) {
        let Phase::Offer { from, tile, kind, .. } = state.phase else { unreachable!("offer actions outside an offer") };
        let from = from as usize;
        out.push(Action::Pass);
        if self.can_ron(state, seat, tile, kind) {
            out.push(Action::Ron);
        }
        let s = &state.seats[seat];
        if kind != OfferKind::Discard || s.riichi || state.live_left() == 0 {
            return;
        }
        let n = s.hand[tile.index()];
        if n >= 2 {
            out.push(Action::Pon);
        }
        if n == 3 && self.may_kan(state) {
            out.push(Action::Kan);
        }
        if self.settings.chi && state.seat_after(from, 1) == seat {
            out.extend(
                chi_starts(&s.hand, tile).filter(|&low| self.kuikae_leaves(&s.hand, tile, low)).map(Action::Chi),
            );
        }
    }

    /// Whether a chi of `t` making the sequence from `low` leaves `hand` a tile to discard
    /// (always, unless 喰い替え is forbidden; a pon always leaves one: the hand of four or more
    /// holds at most three of the kind).
    pub(super) fn kuikae_leaves(&self, hand: &[u8; 34], t: Tile, low: Tile) -> bool {
        let banned = self.settings.kuikae.banned(t, Some(low));
        banned == 0
            || (0..34).any(|k| {
                let used = u8::from(k != t.index() && (low.index()..low.index() + 3).contains(&k));
                hand[k] > used && banned & (1 << k) == 0
            })
    }

    pub(super) fn apply_offer(&self, state: &mut TableState, seat: usize, action: Action, rng: &mut GameRng) {
        let Phase::Offer { tile, pending, from, kind } = state.phase else {
            unreachable!("offer actions outside an offer")
        };
        state.claims[seat] = match action {
            Action::Pass => {
                if state.seats[seat].waits.contains(tile) {
                    self.pass_win(state, seat);
                }
                Claim::None
            }
            Action::Ron => Claim::Ron,
            Action::Pon => Claim::Pon,
            Action::Kan => Claim::Kan,
            Action::Chi(low) => Claim::Chi(low),
            other => panic!("{other:?} is not an answer to an offer"),
        };
        let pending = pending & !(1 << seat);
        state.phase = Phase::Offer { from, tile, kind, pending };
        if pending == 0 {
            self.resolve_offer(state, rng);
        }
    }

    /// Everyone asked has answered: ron, else the kan goes on or the
    /// discard stands (riichi paid, aborts checked), then pon/kan, chi, or
    /// the next draw.
    fn resolve_offer(&self, state: &mut TableState, rng: &mut GameRng) {
        let Phase::Offer { from, tile, kind, .. } = state.phase else { unreachable!("resolving outside an offer") };
        let from = from as usize;
        let mut winners = [0usize; MAX_SEATS];
        let mut n = 0;
        for o in state.others(from) {
            if state.claims[o] == Claim::Ron {
                winners[n] = o;
                n += 1;
            }
        }
        match n {
            0 => {}
            3 if self.aborts_on(Abort::TripleRon) => return self.abort(state, Abort::TripleRon, rng),
            // 頭ハネ: the first in turn order from the discarder alone wins.
            _ if self.settings.multiple_ron == MultipleRon::HeadBump => {
                return self.settle_ron(state, from, tile, kind, &winners[..1], rng);
            }
            _ => return self.settle_ron(state, from, tile, kind, &winners[..n], rng),
        }
        if kind != OfferKind::Discard {
            if kind == OfferKind::AddedKan {
                state.kan_blocked = !self.kan_indicator_fits(state);
                if !state.kan_blocked {
                    self.kan_dora(state, self.settings.kan_dora_turned.added);
                }
            }
            if state.kan_blocked {
                return self.exhaustive_draw(state, rng);
            }
            return self.draw(state, from, true);
        }
        state.kan_feeder = None;
        let s = &mut state.seats[from];
        if s.riichi_pending {
            s.riichi_pending = false;
            s.riichi = true;
            s.ippatsu = true;
            let sticks = if s.open_riichi { self.settings.open_riichi.sticks } else { 1 };
            state.points[from] -= RIICHI_STICK * i32::from(sticks);
            state.sticks += sticks;
            state.record.riichi[from] += 1;
            state.record.open_riichi[from] += u16::from(s.open_riichi);
            if s.marked.pocchi() {
                // The pocchi held at the declaration may turn wild (G-R6).
                self.update_waits(state, from);
            }
            state.events.push(Event::ReachAccepted { actor: from as u8 });
            if self.aborts_on(Abort::FourRiichi) && state.seats[..state.players()].iter().all(|s| s.riichi) {
                return self.abort(state, Abort::FourRiichi, rng);
            }
        }
        if state.four_kan_abort {
            return self.abort(state, Abort::FourKans, rng);
        }
        let claims = state.claims;
        let caller = (0..state.players())
            .find(|&o| matches!(claims[o], Claim::Pon | Claim::Kan))
            .or_else(|| (0..state.players()).find(|&o| matches!(claims[o], Claim::Chi(_))));
        match caller {
            Some(o) => self.call(state, o, from, tile, claims[o], rng),
            None if state.live_left() == 0 => self.exhaustive_draw(state, rng),
            None => self.draw(state, state.seat_after(from, 1), false),
        }
    }

    /// Makes a chi, pon or daiminkan of `tile` discarded by `from`.
    fn call(&self, state: &mut TableState, seat: usize, from: usize, tile: Tile, claim: Claim, rng: &mut GameRng) {
        self.interrupt(state);
        let chi = if let Claim::Chi(low) = claim { Some(low) } else { None };
        state.kuikae = self.settings.kuikae.banned(tile, chi);
        let pai = state.offer_piece;
        let f = &mut state.seats[from];
        f.called_mask |= 1 << (f.river_len - 1);
        let s = &mut state.seats[seat];
        s.temp_furiten = false;
        s.meld_marked.add(pai);
        state.record.calls[seat] += 1;
        if !s.is_open() {
            state.record.open_hands[seat] += 1;
        }
        let (actor, target) = (seat as u8, from as u8);
        match claim {
            Claim::Chi(low) => {
                let mut consumed = [pai; 2];
                let mut n = 0;
                for k in 0..3 {
                    let t = Tile::from_index(low.index() as u8 + k).expect("a suited kind");
                    if t != tile {
                        let taken = s.take(t, 1);
                        s.meld_marked.add_all(&taken);
                        consumed[n] = taken.first();
                        n += 1;
                    }
                }
                s.push_meld(MeldKind::Chi, low, from);
                state.events.push(Event::Chi { actor, target, pai, consumed });
            }
            Claim::Pon | Claim::Kan => {
                let kan = claim == Claim::Kan;
                let taken = s.take(tile, if kan { 3 } else { 2 });
                s.meld_marked.add_all(&taken);
                s.push_meld(if kan { MeldKind::OpenKan } else { MeldKind::Pon }, tile, from);
                let c = taken.as_slice();
                state.events.push(if kan {
                    Event::Daiminkan { actor, target, pai, consumed: [c[0], c[1], c[2]] }
                } else {
                    Event::Pon { actor, target, pai, consumed: [c[0], c[1]] }
                });
                self.check_pao(state, seat, from, tile, kan);
                if kan {
                    if self.pao_on(Pao::DaiminkanRinshan) {
                        state.kan_feeder = Some(from as u8);
                    }
                    let fits = self.kan_indicator_fits(state);
                    self.after_kan(state, seat, fits.then_some(self.settings.kan_dora_turned.open));
                    return if fits { self.draw(state, seat, true) } else { self.exhaustive_draw(state, rng) };
                }
            }
            Claim::None | Claim::Ron => unreachable!("not a call"),
        }
        state.seats[seat].drawn = None;
        state.phase = Phase::Turn { seat: seat as u8, called: true, rinshan: false };
    }

    /// Marks `from` liable when `tile` called by `seat` completes the
    /// dragons, the winds or (a daiminkan) the fourth kan, each in its own
    /// slot of [`SeatState::pao`](super::SeatState::pao) (one call may fill two),
    /// where that pao is in force.
    fn check_pao(&self, state: &mut TableState, seat: usize, from: usize, tile: Tile, kan: bool) {
        let s = &mut state.seats[seat];
        let sets =
            |pred: fn(Tile) -> bool| s.melds().iter().filter(|m| m.kind != MeldKind::Chi && pred(m.tile)).count();
        let dragons = self.pao_on(Pao::Daisangen) && tile.is_dragon() && sets(Tile::is_dragon) == 3;
        let winds = self.pao_on(Pao::Daisuushii) && tile.is_wind() && sets(Tile::is_wind) == 4;
        let kans = self.pao_on(Pao::Suukantsu)
            && kan
            && s.melds().iter().filter(|m| matches!(m.kind, MeldKind::OpenKan | MeldKind::ClosedKan)).count() == 4;
        // In the order of PAO_YAKU.
        for (slot, decided) in s.pao.iter_mut().zip([dragons, winds, kans]) {
            if decided {
                *slot = Some(from as u8);
            }
        }
    }
}
