//! The turn sequence: opening, start, action-order and end phases, and the
//! bookkeeping shared by every step (drawing, paying, destroying, placing).

use super::cards::{CardKind, Timing};
use super::game::MedarotGame;
use super::outcome::LossCondition;
use super::rules::{FirstPlayer, MovePenalty};
use super::state::{Cursor, HAND_LIMIT, MedarotState, OPENING_HAND, Step, UNITS, Unit, abs_cell};
use crate::GameRng;
use rand::RngExt;

impl MedarotState {
    /// The seat that decides `step`.
    pub(crate) fn decider(&self, step: Step) -> u8 {
        match step {
            Step::OpeningMaster(p)
            | Step::OpeningStock(p)
            | Step::OpeningPlace(p)
            | Step::ExtraDraw(p)
            | Step::DrawStock(p)
            | Step::PickMaster(p)
            | Step::PlaceOwed(p)
            | Step::HandLimit(p)
            | Step::Discard(p, _)
            | Step::DestroyDraw(p)
            | Step::PickActor(p) => p,
            Step::Activation => self.act.p,
            Step::AttackWindow | Step::Resolve | Step::WeakCheck | Step::Pierce => self.atk.p,
            Step::DefenceWindow => 1 - self.atk.p,
        }
    }
}

impl MedarotGame<'_> {
    /// Deals a new game and runs it to the first decision.
    pub(crate) fn start(&self, s: &mut MedarotState, rng: &mut GameRng) {
        s.clear();
        s.first = match self.rules.first_player {
            FirstPlayer::Random => rng.random_bool(0.5) as u8,
            FirstPlayer::Seat0 => 0,
            FirstPlayer::Seat1 => 1,
        };
        for (pl, deck) in s.players.iter_mut().zip(&s.decks) {
            pl.hp = self.rules.base_hp as i16;
            pl.hp_start = pl.hp;
            deck.iter().for_each(|&c| pl.deck.push(c));
        }
        self.run(s, rng);
    }

    /// Resolves automatic steps and phases until a seat must decide or the game ends.
    pub(crate) fn run(&self, s: &mut MedarotState, rng: &mut GameRng) {
        while s.over.is_none() {
            match s.top() {
                None => self.next_phase(s, rng),
                Some(step) => {
                    if !self.auto(s, step) {
                        return;
                    }
                }
            }
        }
    }

    /// Advances the turn sequence when no step is pending.
    fn next_phase(&self, s: &mut MedarotState, rng: &mut GameRng) {
        match s.cursor {
            Cursor::Opening(k) if k < 2 => {
                let p = s.order(k);
                s.cursor = Cursor::Opening(k + 1);
                self.deal(s, p, rng);
                s.push(Step::OpeningPlace(p));
                s.push(Step::OpeningStock(p));
                s.push(Step::OpeningMaster(p));
            }
            Cursor::Opening(_) => s.cursor = Cursor::Start(0),
            Cursor::Start(k) if k < 2 => {
                if k == 0 {
                    s.turn += 1;
                    for pl in &mut s.players {
                        pl.master_used = false;
                        pl.units.iter_mut().flatten().for_each(|u| u.face_up = true);
                    }
                }
                let p = s.order(k);
                s.cursor = Cursor::Start(k + 1);
                if self.draw(s, p, 1) {
                    s.push(Step::ExtraDraw(p));
                    self.after_draw(s, p, 1);
                }
            }
            Cursor::Start(_) => {
                for k in 0..2 {
                    let p = s.order(k);
                    if s.players[p as usize].unit_count() == 0 {
                        return self.lose(s, p, LossCondition::NoMedarot);
                    }
                }
                s.cursor = Cursor::Action;
            }
            Cursor::Action => self.select_actor(s, rng),
            Cursor::End => {
                self.end_phase(s);
                s.cursor = Cursor::Start(0);
            }
        }
    }

    /// Resolves `step` (on top of the stack) when it needs no decision; false when a seat must decide.
    fn auto(&self, s: &mut MedarotState, step: Step) -> bool {
        match step {
            Step::OpeningMaster(p) | Step::PickMaster(p) => {
                let pl = &s.players[p as usize];
                let mut rotters = pl
                    .hand
                    .as_slice()
                    .iter()
                    .enumerate()
                    .filter(|(_, c)| self.is(**c, CardKind::Medarotter))
                    .map(|(i, _)| i);
                let (first, second, has_master) = (rotters.next(), rotters.next(), pl.master.is_some());
                match (first, second) {
                    (Some(_), Some(_)) if !has_master => return false,
                    (Some(only), None) if !has_master => {
                        s.pop();
                        self.set_master(s, p, only);
                    }
                    _ => s.pop(),
                }
            }
            Step::OpeningStock(p) | Step::DrawStock(p) => {
                if !self.can_stock(s, p) {
                    s.pop();
                } else {
                    return false;
                }
            }
            Step::OpeningPlace(p) => {
                let pl = &s.players[p as usize];
                if pl.unit_count() == UNITS || !self.has_kind(s, p, CardKind::Medarot) {
                    let short = (UNITS - pl.unit_count()) as u8;
                    let pl = &mut s.players[p as usize];
                    (pl.owed, pl.owed_opening) = (short, short);
                    s.pop();
                } else {
                    return false;
                }
            }
            Step::ExtraDraw(p) => {
                let pl = &s.players[p as usize];
                if pl.hp < 1 || pl.deck.is_empty() {
                    s.pop();
                } else {
                    return false;
                }
            }
            Step::PlaceOwed(p) => {
                let mut any_cell = false;
                self.owed_cells(s, p, |_| any_cell = true);
                if s.players[p as usize].owed == 0 || !any_cell || !self.has_kind(s, p, CardKind::Medarot) {
                    s.pop();
                } else {
                    return false;
                }
            }
            Step::HandLimit(p) => {
                s.pop();
                let excess = s.players[p as usize].hand.len().saturating_sub(HAND_LIMIT);
                if excess > 0 {
                    s.push(Step::Discard(p, excess as u8));
                }
            }
            Step::Discard(p, n) => {
                let hand = s.players[p as usize].hand.len();
                if n == 0 || hand == 0 {
                    s.pop();
                } else if hand <= n as usize {
                    s.pop();
                    for _ in 0..hand {
                        self.discard(s, p, 0);
                    }
                } else {
                    return false;
                }
            }
            Step::DestroyDraw(p) => {
                if s.players[p as usize].deck.is_empty() {
                    s.pop();
                    self.after_draw(s, p, 0);
                } else {
                    return false;
                }
            }
            Step::AttackWindow | Step::DefenceWindow => {
                let (p, timing) = match step {
                    Step::AttackWindow => (s.atk.p, Timing::Action),
                    _ => (1 - s.atk.p, Timing::Defence),
                };
                let mut any = false;
                self.usable(s, p, timing, self.hand_kinds(s, p).medarotter, |_, _, _| any = true);
                if !any {
                    s.pop();
                } else {
                    return false;
                }
            }
            Step::Resolve => {
                s.pop();
                self.resolve(s);
            }
            Step::WeakCheck => {
                s.pop();
                self.weak_check(s);
            }
            Step::Pierce => {
                s.pop();
                self.pierce(s);
            }
            Step::PickActor(_) | Step::Activation => return false,
        }
        true
    }

    /// Opening deal for player `p` (whose deck is in place): shuffle, draw 7, mulligan while no medarot was drawn.
    fn deal(&self, s: &mut MedarotState, p: u8, rng: &mut GameRng) {
        let mut mulligans = 0;
        loop {
            let cards = s.players[p as usize].deck.as_mut_slice();
            for i in (1..cards.len()).rev() {
                cards.swap(i, rng.random_range(0..=i));
            }
            self.draw(s, p, OPENING_HAND);
            if self.has_kind(s, p, CardKind::Medarot) || mulligans == self.rules.max_mulligans {
                return;
            }
            mulligans += 1;
            let pl = &mut s.players[p as usize];
            pl.stats.mulligans += 1;
            while let Some(c) = pl.hand.pop() {
                pl.deck.push(c);
            }
        }
    }

    /// Forced draw of `n` cards; false (and the game lost) if the deck runs out.
    pub(crate) fn draw(&self, s: &mut MedarotState, p: u8, n: usize) -> bool {
        for _ in 0..n {
            let pl = &mut s.players[p as usize];
            let Some(c) = pl.deck.pop() else {
                self.lose(s, p, LossCondition::DeckOut);
                return false;
            };
            pl.hand.push(c);
            pl.stats.cards_drawn += 1;
        }
        true
    }

    /// An optional or effect draw: as many of `n` as the deck holds, then the follow-ups.
    pub(crate) fn draw_up_to(&self, s: &mut MedarotState, p: u8, n: u8) {
        let n = (n as usize).min(s.players[p as usize].deck.len());
        self.draw(s, p, n);
        self.after_draw(s, p, n);
    }

    /// After drawing `drawn` cards: a first medarotter becomes the master, owed
    /// medarots are placed, the hand limit applies, then, if cards came, the player
    /// may stock medarotters (「ドローした時…いつでも伏せて置くことができる」; steps run top first).
    pub(crate) fn after_draw(&self, s: &mut MedarotState, p: u8, drawn: usize) {
        if drawn > 0 {
            s.push(Step::DrawStock(p));
        }
        s.push(Step::HandLimit(p));
        s.push(Step::PlaceOwed(p));
        s.push(Step::PickMaster(p));
    }

    /// Whether ending the acting medarot's turn now pays the 1-HP movement penalty:
    /// it has not moved and (under `move_penalty = "attack"`) it attacked.
    pub(crate) fn move_penalty_due(&self, s: &MedarotState) -> bool {
        !s.act.moved
            && match self.rules.move_penalty {
                MovePenalty::Attack => s.act.attacked,
                MovePenalty::EveryTurn => true,
            }
    }

    /// Pays `n` HP; paying below 0 loses the game.
    pub(crate) fn pay(&self, s: &mut MedarotState, p: u8, n: u8) -> bool {
        let pl = &mut s.players[p as usize];
        if pl.hp < n as i16 {
            self.lose(s, p, LossCondition::CannotPay);
            return false;
        }
        pl.hp -= n as i16;
        pl.stats.hp_paid += n as u16;
        true
    }

    /// Regains `n` HP.
    pub(crate) fn heal(&self, s: &mut MedarotState, p: u8, n: u8) {
        let pl = &mut s.players[p as usize];
        pl.hp += n as i16;
        pl.stats.hp_regained += n as u16;
    }

    /// Player `p` loses (the first loss stands).
    pub(crate) fn lose(&self, s: &mut MedarotState, p: u8, why: LossCondition) {
        if s.over.is_none() {
            s.over = Some((p, why));
            s.clear_steps();
        }
    }

    /// Makes the medarotter at hand index `i` the master and applies its HP modifier.
    pub(crate) fn set_master(&self, s: &mut MedarotState, p: u8, i: usize) {
        let pl = &mut s.players[p as usize];
        let card = pl.hand.take(i);
        pl.master = Some(card);
        pl.played.insert(card);
        let hp = (pl.hp + self.pool.card(card).hp as i16).max(0);
        pl.hp_start += hp - pl.hp;
        pl.hp = hp;
    }

    /// Discards the card at hand index `i`.
    pub(crate) fn discard(&self, s: &mut MedarotState, p: u8, i: usize) {
        let pl = &mut s.players[p as usize];
        let card = pl.hand.take(i);
        pl.trash.push(card);
        pl.stats.discarded += 1;
    }

    pub(crate) fn is(&self, card: super::CardId, kind: CardKind) -> bool {
        self.pool.card(card).kind == kind
    }

    pub(crate) fn has_kind(&self, s: &MedarotState, p: u8, kind: CardKind) -> bool {
        s.players[p as usize].hand.as_slice().iter().any(|&c| self.is(c, kind))
    }

    /// Whether `p` could put a medarotter from hand into the stock.
    fn can_stock(&self, s: &MedarotState, p: u8) -> bool {
        let pl = &s.players[p as usize];
        self.has_kind(s, p, CardKind::Medarotter) && pl.stock.iter().any(|slot| slot.is_none_or(|x| !x.used))
    }

    /// Places the medarot at hand index `i` face down on `cell`.
    pub(crate) fn place(&self, s: &mut MedarotState, p: u8, i: usize, cell: u8) {
        let pl = &mut s.players[p as usize];
        let card = pl.hand.take(i);
        let slot = pl.units.iter().position(|u| u.is_none()).expect("a free unit slot");
        pl.units[slot] = Some(Unit::new(cell, card));
        pl.played.insert(card);
        s.board[cell as usize] = 1 + 3 * p + slot as u8;
    }

    /// Takes a unit off the field, lifting the locks it placed.
    pub(crate) fn remove_unit(&self, s: &mut MedarotState, p: u8, slot: u8) -> Unit {
        let unit = s.players[p as usize].units[slot as usize].take().expect("unit present");
        s.board[unit.cell as usize] = 0;
        for u in s.players[1 - p as usize].units.iter_mut().flatten() {
            if u.locked_by == Some(slot) {
                u.locked_by = None;
            }
        }
        unit
    }

    /// Destroys a unit: its owner pays `cost`, its cards go to the medaforce
    /// reserve, and it owes a replacement after drawing up to 3 cards.
    pub(crate) fn destroy(&self, s: &mut MedarotState, q: u8, slot: u8, cost: u8, weak: bool) {
        let attacker = &mut s.players[1 - q as usize].stats;
        if weak {
            attacker.weak_destroys += 1;
        } else {
            attacker.destroys += 1;
        }
        s.players[q as usize].stats.lost += 1;
        if !self.pay(s, q, cost) {
            return;
        }
        let unit = self.remove_unit(s, q, slot);
        let pl = &mut s.players[q as usize];
        pl.reserve.push(unit.base);
        unit.change.into_iter().for_each(|c| pl.reserve.push(c));
        pl.owed += 1;
        s.push(Step::DestroyDraw(q));
    }

    /// Free squares on the own side (any square in the opening).
    pub(crate) fn opening_cells(&self, s: &MedarotState, p: u8, mut f: impl FnMut(u8)) {
        for col in 0..3 {
            let cell = abs_cell(p, 0, col);
            if s.board[cell as usize] == 0 {
                f(cell);
            }
        }
    }

    /// Squares the next owed medarot may go to: any free own square while a short
    /// opening's medarots are owed (its rule says nothing of the centre), else the
    /// replacement squares.
    pub(crate) fn owed_cells(&self, s: &MedarotState, p: u8, f: impl FnMut(u8)) {
        if s.players[p as usize].owed_opening > 0 {
            self.opening_cells(s, p, f);
        } else {
            self.replacement_cells(s, p, f);
        }
    }

    /// Squares a replacement may go to: own side but not the centre; the centre
    /// only when both others are taken and the rules allow it.
    pub(crate) fn replacement_cells(&self, s: &MedarotState, p: u8, mut f: impl FnMut(u8)) {
        let mut any = false;
        for col in [0, 2] {
            let cell = abs_cell(p, 0, col);
            if s.board[cell as usize] == 0 {
                any = true;
                f(cell);
            }
        }
        let centre = abs_cell(p, 0, 1);
        if !any && self.rules.centre_fallback && s.board[centre as usize] == 0 {
            f(centre);
        }
    }

    /// Picks the next medarot to act: speed, then more arrows, then lower cost;
    /// a tie between the players is a coin flip, a tie among one player's own is their choice.
    pub(crate) fn select_actor(&self, s: &mut MedarotState, rng: &mut GameRng) {
        let mut best = 0u32;
        let mut mask = [0u8; 2];
        for p in 0..2 {
            for (slot, u) in s.players[p].units.iter().enumerate() {
                let Some(u) = u.filter(|u| u.face_up && !u.acted) else {
                    continue;
                };
                let key = self.order_key(&u);
                if key > best {
                    best = key;
                    mask = [0, 0];
                }
                if key == best {
                    mask[p] |= 1 << slot;
                }
            }
        }
        if best == 0 {
            s.cursor = Cursor::End;
            return;
        }
        let (p, by_coin) = match mask {
            [0, _] => (1, false),
            [_, 0] => (0, false),
            _ => (rng.random_bool(0.5) as u8, true),
        };
        if s.turn == 1 && s.first_actor.is_none() {
            s.first_actor = Some(p);
            s.first_actor_by_coin = by_coin;
            s.turn1_speed = [0, 1].map(|q: usize| {
                let speeds = s.players[q].units.iter().flatten().filter(|u| u.face_up);
                speeds.map(|u| self.pool.card(u.top()).speed).max().unwrap_or(0)
            });
        }
        let m = mask[p as usize];
        if m.count_ones() == 1 {
            self.begin_activation(s, p, m.trailing_zeros() as u8);
        } else {
            s.tie = m;
            s.push(Step::PickActor(p));
        }
    }

    /// The action-order key of a unit (higher acts first; never 0).
    pub(crate) fn order_key(&self, u: &Unit) -> u32 {
        let top = self.pool.card(u.top());
        let cost = self.pool.card(u.base).cost;
        1 + ((top.speed as u32) << 16 | top.arrows.count() << 8 | (255 - cost) as u32)
    }

    /// Starts a unit's turn: the effects it placed on its last turn end now.
    pub(crate) fn begin_activation(&self, s: &mut MedarotState, p: u8, slot: u8) {
        let u = s.players[p as usize].unit_mut(slot);
        u.acted = true;
        u.boost = 0;
        u.shield = 0;
        for e in s.players[1 - p as usize].units.iter_mut().flatten() {
            if e.locked_by == Some(slot) {
                e.locked_by = None;
            }
        }
        s.act = super::state::Activation { p, slot, ..Default::default() };
        s.push(Step::Activation);
    }

    /// End phase: end-of-turn effects, used medarotters to the trash, HP per own medarot in the neutral zone.
    pub(crate) fn end_phase(&self, s: &mut MedarotState) {
        for k in 0..2 {
            let p = s.order(k);
            let pl = &s.players[p as usize];
            let end_heal: u8 = pl.units.iter().flatten().map(|u| self.pool.card(u.top()).effects.end_heal).sum();
            let neutral = pl.units.iter().flatten().filter(|u| (3..6).contains(&(u.cell as usize))).count() as u8;
            self.heal(s, p, end_heal + neutral);
            let pl = &mut s.players[p as usize];
            pl.stats.neutral_hp += neutral as u16;
            for slot in &mut pl.stock {
                if let Some(x) = slot.filter(|x| x.used) {
                    pl.trash.push(x.card);
                    *slot = None;
                }
            }
            pl.units.iter_mut().flatten().for_each(|u| u.acted = false);
        }
        if let Some(hp) = s.hp_log.get_mut(s.turns_ended as usize) {
            *hp = [s.players[0].hp, s.players[1].hp];
        }
        s.turns_ended += 1;
    }
}
