//! Decisions, actions and the per-seat view strategies decide from.

use super::DriftGame;
use super::card::Card;
use super::hand::{NONE, NumberCounts};
use super::state::{DriftState, LEAD_FOLLOWERS, SLOTS, is_lead_slot};
use super::style::{EFFECTS, Style, StyleSet};
use crate::Seat;

/// One decision. What `Hand(i)`, `Yes` and `No` mean depends on the [`Ask`] of the view.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DriftAction {
    /// Pick: use the card just drawn.
    PlayDrawn,
    /// Pick: use hand card `i` (the drawn card takes its place, 交換). Reveal, Indra and
    /// SpeedMaster: choose hand card `i`.
    Hand(u8),
    /// Declare the style offered.
    Yes,
    /// Decline (Reveal, Indra: choose no card; SpeedMaster: done marking).
    No,
}

/// What the seat to move is asked. Only decisions with two or more legal actions are asked;
/// a single legal action is applied without asking.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ask {
    /// グングニル at the deal: `Hand(i)` reveals card `i` (it counts as a K), `No` reveals none.
    Reveal,
    /// スピードマスター at a round start: `Hand(i)` marks card `i` for exchange (up to 3),
    /// `No` exchanges the marked cards (none marked: the chance is not used).
    SpeedMaster,
    /// リーガルハイ before the round: `Yes` pays 1 life for +2.
    LegalHigh,
    /// スーパーノヴァ before the round (chaser): `Yes` for 3 points or 3 lives.
    Supernova,
    /// インドラ before the leader draws (chaser): `Hand(i)` plays card `i` face up for 2 points.
    Indra,
    /// グングニル before a draw: `Yes` uses the revealed card as a K this round.
    Gungnir,
    /// イリュージョン before the chaser's draw: `Yes` declares 魅せる走り.
    Illusion,
    /// アルルカン before the chaser's draw: `Yes` declares 受ける走り.
    Harlequin,
    /// After a draw: `PlayDrawn`, or `Hand(i)` to play card `i` and keep the drawn card.
    Pick,
    /// After scoring with Illusion/Harlequin: the extra card drawn, picked like [`Ask::Pick`].
    BonusPick,
    /// ファントム after losing life: `Yes` trades 1 point for 1 life.
    Phantom,
}

/// The part a seat plays in the current chase.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    /// 先行: sets the target (in team battle, the leading team's 先導).
    Leader,
    /// 後追い: plays against the target (in team battle, every member of the chasing team).
    Chaser,
}

/// What one seat knows when it decides: its own hand, the table, public tallies.
#[derive(Clone, Copy)]
pub struct DriftView<'a> {
    pub(crate) game: &'a DriftGame,
    pub(crate) state: &'a DriftState,
    pub(crate) seat: Seat,
    /// The card slot deciding.
    pub(crate) slot: usize,
    /// The question of the pending decision.
    pub(crate) ask: Ask,
}

impl<'a> DriftView<'a> {
    #[inline]
    fn slot(&self) -> usize {
        self.slot
    }

    /// The seat this view belongs to.
    pub fn seat(&self) -> Seat {
        self.seat
    }

    /// The question asked (meaningful when this seat is to move).
    pub fn ask(&self) -> Ask {
        self.ask
    }

    /// This seat's role in the current chase.
    pub fn role(&self) -> Role {
        if is_lead_slot(self.slot()) { Role::Leader } else { Role::Chaser }
    }

    /// The team member deciding (0 = the 先導; always 0 outside team battle).
    pub fn member(&self) -> usize {
        match self.slot() {
            0 => 0,
            s if s >= LEAD_FOLLOWERS => s + 1 - LEAD_FOLLOWERS,
            s => s - 1,
        }
    }

    /// `true` in a solo run (target drawn from the deck, no leader).
    pub fn is_solo(&self) -> bool {
        self.game.is_solo()
    }

    /// The deciding driver's hand.
    #[inline]
    pub fn hand(&self) -> &'a [Card] {
        self.state.hands[self.slot()].as_slice()
    }

    /// How many cards of each number [`DriftView::hand`] holds.
    #[inline]
    pub(crate) fn numbers(&self) -> NumberCounts {
        self.state.hands[self.slot()].numbers()
    }

    /// Index in [`DriftView::hand`] of the first card of number `n`, which it must hold.
    #[inline]
    pub(crate) fn first_of(&self, n: u8) -> usize {
        self.state.hands[self.slot()].first_of(n)
    }

    /// Index of the own revealed Gungnir card in [`DriftView::hand`].
    pub fn revealed(&self) -> Option<usize> {
        let r = self.state.hands[self.slot()].revealed;
        (r != NONE).then_some(r as usize)
    }

    /// The card just drawn by this seat (the card waiting in [`Ask::Pick`] and
    /// [`Ask::BonusPick`]); `None` for a seat not to move.
    #[inline]
    pub fn drawn(&self) -> Option<Card> {
        self.state.drawn.filter(|_| self.state.to_move == Some(self.seat as u8))
    }

    /// The deciding driver's battle styles that act in this role and mode.
    pub fn styles(&self) -> StyleSet {
        self.state.act[self.slot()]
    }

    /// The styles of the other side's driver acting now (the chaser for a leader, the leader
    /// for a chaser; none in a solo run).
    pub fn opponent_styles(&self) -> StyleSet {
        if self.role() == Role::Leader { self.state.act[1] } else { self.state.act[0] }
    }

    /// What the deciding driver's modifiers add to a card number now (Juggernaut, Legal High
    /// in force, Swastika, Remora).
    #[inline]
    pub fn bonus(&self) -> i16 {
        self.state.bonus[self.slot]
    }

    /// The effective number of `card` if this driver played it now (its modifiers
    /// included); `None` for a joker.
    #[inline]
    pub fn value(&self, card: Card) -> Option<i16> {
        card.rank().map(|r| i16::from(r) + self.bonus())
    }

    /// The effective number of the own revealed Gungnir card (a K plus modifiers).
    pub fn revealed_value(&self) -> Option<i16> {
        self.revealed().map(|_| EFFECTS.gungnir_number + self.bonus())
    }

    /// The target card and its effective number (`None` number: a joker target, which the
    /// chaser beats with any numbered card); `None` before the target is set.
    pub fn target(&self) -> Option<(Card, Option<i16>)> {
        let r = &self.state.round;
        r.has_target.then_some((r.target, r.target_value))
    }

    /// For the leader: the chaser's card played face up with Indra this round, and its
    /// effective number.
    pub fn chaser_face_up(&self) -> Option<(Card, Option<i16>)> {
        let r = &self.state.round;
        r.indra.then(|| (r.played[1], self.game.card_value(self.state, 1, r.played[1], r.played_k[1])))
    }

    /// Own side's life now, and at the start of the battle.
    pub fn life(&self) -> (i16, i16) {
        let s = &self.state.sides[self.seat];
        (s.life, s.max_life)
    }

    /// Evaluation points of (own side, other side).
    pub fn points(&self) -> (i32, i32) {
        let s = &self.state.sides;
        (s[self.seat].points, s[1 - self.seat].points)
    }

    /// The target's candidates this round as a chaser sees them: how many cards the
    /// leading side will choose the target from (its hands, unseen, and one draw per
    /// leading member; one deck card in a solo run), and what the leader's modifiers add to
    /// the target (Juggernaut, Legal High in force; 0 in a solo run).
    pub fn target_candidates(&self) -> (usize, i16) {
        let held: usize = (0..SLOTS).filter(|&s| is_lead_slot(s)).map(|s| self.state.hands[s].as_slice().len()).sum();
        (held + usize::from(self.state.lead_members), self.state.bonus[0])
    }

    /// The rules' deck: 52-card decks and jokers.
    pub fn deck(&self) -> (u8, u8) {
        (self.game.rules.decks, self.game.rules.jokers)
    }

    /// The own side's consecutive scoring rounds in this chase so far (Barbaroi and Jet
    /// Stream read it).
    pub fn streak(&self) -> u16 {
        self.state.sides[self.seat].streak
    }

    /// Own Legal High in force.
    pub fn legal_high(&self) -> bool {
        self.state.sides[self.seat].legal_high
    }

    /// Supernova declared this round (by the chaser).
    pub fn supernova(&self) -> bool {
        self.state.round.supernova
    }

    /// Rounds played so far in this chase.
    pub fn chase_round(&self) -> u32 {
        self.state.chase_rounds
    }

    /// `true` when the own driver holds `style` and it acts now.
    pub fn has(&self, style: Style) -> bool {
        self.styles().contains(style)
    }
}
