//! The order of play: the steps of a chase and of a round, up to each decision (applied in
//! `decide`).

use super::card::Card;
use super::game::DriftGame;
use super::hand::NONE;
use super::state::{DriftState, LEAD_FOLLOWERS, PRE_ROUND, Round, SLOTS, Step};
use super::style::{EFFECTS, Style};
use super::view::DriftAction;
use crate::GameRng;

use Style::*;

/// The slot and style behind each of [`PRE_ROUND`]'s declarations (the leader's Gungnir:
/// using its revealed card).
const PRE_ROUND_STYLES: [(usize, Style); 7] =
    [(0, SpeedMaster), (1, SpeedMaster), (0, LegalHigh), (1, LegalHigh), (1, Supernova), (1, Indra), (0, Gungnir)];

/// The style behind each chaser declaration of [`Step::chaser`].
const CHASER_STYLES: [Style; 3] = [Gungnir, Illusion, Harlequin];

impl DriftGame {
    /// Resolves what the transitions leave to a loop until a decision with two or more
    /// choices, or the end: the deal of a chase, and a pick with a lone option (the drawn
    /// card is played; returning here keeps a battle without decisions off the stack).
    pub(crate) fn run(&self, st: &mut DriftState, rng: &mut GameRng) {
        while st.to_move.is_none() {
            match st.step {
                Step::Deal => {
                    self.deal(st, rng);
                    self.reveal(st, 0, rng);
                }
                Step::LeaderPick | Step::FollowerLeadPick(_) | Step::ChaserPick(_) | Step::BonusPick => {
                    self.decide(st, DriftAction::PlayDrawn, rng)
                }
                _ => return,
            }
        }
    }

    /// Which declarations can be offered in this chase (from the styles acting): the
    /// others are skipped without asking.
    pub(crate) fn plan_declarations(st: &mut DriftState) {
        st.pre_round = 0;
        for (i, &(slot, style)) in PRE_ROUND_STYLES.iter().enumerate() {
            if st.act[slot].contains(style) {
                st.pre_round |= 1 << i;
            }
        }
        for m in 1..SLOTS {
            st.chaser_asks[m] = 0;
            for (i, &style) in CHASER_STYLES.iter().enumerate() {
                if st.act[m].contains(style) {
                    st.chaser_asks[m] |= 1 << i;
                }
            }
        }
    }

    /// The slot deciding declaration `step` when it has two or more choices now, else
    /// `None` (a lone option is not asked). The declarations of [`PRE_ROUND`] and
    /// [`Step::chaser`] come here only when planned ([`DriftGame::plan_declarations`]: their
    /// style acts), so their style is not checked again.
    #[inline(always)]
    fn offered(&self, st: &DriftState, step: Step) -> Option<usize> {
        let r = &st.round;
        let side = |slot: usize| &st.sides[DriftState::side_index(st.seat_of(slot))];
        let (slot, offered) = match step {
            Step::Reveal(s) => (s as usize, st.act[s as usize].contains(Gungnir) && st.hands[s as usize].len > 0),
            Step::SpeedMaster(s) => {
                let s = s as usize;
                let marked = r.toss_mask.count_ones() as usize;
                let free = st.hands[s].playable_count() - marked;
                (s, side(s).speed_master_left > 0 && marked < EFFECTS.speed_master_cards && free > 0)
            }
            Step::LegalHigh(s) => {
                let (s, side) = (s as usize, side(s as usize));
                let affordable = side.life >= EFFECTS.legal_high_cost || !self.rules.legal_high_needs_life;
                (s, !side.legal_high && affordable)
            }
            Step::Supernova => (1, true),
            Step::Indra => (1, st.hands[1].len > 0),
            Step::LeaderGungnir => (0, st.hands[0].revealed != NONE),
            Step::ChaserGungnir(m) => (m as usize, !r.indra && st.hands[m as usize].revealed != NONE),
            Step::Illusion(m) => (m as usize, !r.indra),
            Step::Harlequin(m) => (m as usize, !r.indra && !r.illusion),
            Step::Phantom => {
                let side = &st.sides[DriftState::side_index(st.chaser_side)];
                let after = self.rules.phantom_every_round || (!r.scored && r.life_lost > 0);
                let offered = st.act[1].contains(Phantom)
                    && after
                    && side.points >= EFFECTS.phantom_points
                    && side.life < side.max_life;
                (1, offered)
            }
            _ => unreachable!("{step:?} is no declaration"),
        };
        offered.then_some(slot)
    }

    /// Poses decision `step` to `slot`: the seat to move (the question and the legal
    /// actions follow from the step).
    #[inline(always)]
    fn pose(st: &mut DriftState, step: Step, slot: usize) {
        st.step = step;
        st.slot = slot as u8;
        st.to_move = Some(st.seat_of(slot));
    }

    /// Asks declaration `step` of its slot when it is offered; `false` when it is not.
    #[inline(always)]
    fn ask_declaration(&self, st: &mut DriftState, step: Step) -> bool {
        let Some(slot) = self.offered(st, step) else { return false };
        Self::pose(st, step, slot);
        true
    }

    /// Gungnir's reveal at the deal, from seat slot `s` on; then the first round.
    pub(crate) fn reveal(&self, st: &mut DriftState, s: u8, rng: &mut GameRng) {
        for s in s..2 {
            if self.ask_declaration(st, Step::Reveal(s)) {
                return;
            }
        }
        self.start_round(st, rng);
    }

    /// The round declarations from index `from` of [`PRE_ROUND`] on: asks the first that is
    /// offered (a SpeedMaster with no choice left exchanges the cards marked), else the
    /// leader draws. One test per declaration, each with a constant step: asking it folds
    /// to its own checks.
    #[inline(always)]
    pub(crate) fn pre_round(&self, st: &mut DriftState, from: u32, rng: &mut GameRng) {
        let planned = u32::from(st.pre_round) >> from << from;
        let asked = planned != 0
            && (self.pre_round_ask(st, planned, 0, rng)
                || self.pre_round_ask(st, planned, 1, rng)
                || self.pre_round_ask(st, planned, 2, rng)
                || self.pre_round_ask(st, planned, 3, rng)
                || self.pre_round_ask(st, planned, 4, rng)
                || self.pre_round_ask(st, planned, 5, rng)
                || self.pre_round_ask(st, planned, 6, rng));
        if !asked {
            self.leader_draw(st, rng);
        }
    }

    /// Asks round declaration `i` of [`PRE_ROUND`] when it is `planned` and offered; a
    /// SpeedMaster not asked (any more) exchanges the cards marked.
    #[inline(always)]
    fn pre_round_ask(&self, st: &mut DriftState, planned: u32, i: usize, rng: &mut GameRng) -> bool {
        if planned & 1 << i == 0 {
            return false;
        }
        let step = PRE_ROUND[i];
        if self.ask_declaration(st, step) {
            return true;
        }
        if let Step::SpeedMaster(s) = step {
            self.speed_master(st, s as usize, rng);
        }
        false
    }

    /// Chaser `m`'s declarations before its draw from index `from` of [`Step::chaser`] on:
    /// asks the first that is offered, else the chaser draws. One test per declaration, as
    /// in [`DriftGame::pre_round`].
    #[inline(always)]
    pub(crate) fn chaser_turn(&self, st: &mut DriftState, m: usize, from: u32, rng: &mut GameRng) {
        let planned = u32::from(st.chaser_asks[m]) >> from << from;
        let ask =
            |st: &mut DriftState, i: u32| planned & 1 << i != 0 && self.ask_declaration(st, Step::chaser(m as u8, i));
        if !(planned != 0 && (ask(st, 0) || ask(st, 1) || ask(st, 2))) {
            self.chaser_draw(st, m, rng);
        }
    }

    // The steps of a round call the next one directly, stopping at the first decision,
    // which each step asks itself (`ask_declaration`, `offer_pick`); the end of a round
    // starts the next one. `run` only takes over for a pick with a lone option or when a
    // chase ends.

    /// A new round: its declarations, then the leader's draw.
    #[inline(always)]
    pub(crate) fn start_round(&self, st: &mut DriftState, rng: &mut GameRng) {
        st.round = Round::default();
        if self.rules.speed_master_every_round {
            st.sides.iter_mut().for_each(|side| side.speed_master_left = 1);
        }
        self.pre_round(st, 0, rng);
    }

    /// The leader draws: the target (a solo run's top card, a declared Gungnir card), or its
    /// pick.
    #[inline(always)]
    pub(crate) fn leader_draw(&self, st: &mut DriftState, rng: &mut GameRng) {
        let card = st.draw(self.fixed, rng);
        if self.is_solo() {
            self.set_target(st, card, false, rng);
        } else if st.round.gungnir[0] {
            let k = self.swap_revealed(st, 0, card);
            self.set_target(st, k, true, rng);
        } else {
            st.drawn = Some(card);
            Self::offer_pick(st, Step::LeaderPick, 0);
        }
    }

    /// Chaser `m` draws (not after Indra): its declared Gungnir card, or its pick.
    #[inline(always)]
    pub(crate) fn chaser_draw(&self, st: &mut DriftState, m: usize, rng: &mut GameRng) {
        if st.round.indra {
            return self.played_unasked(st, m, None, rng);
        }
        let card = st.draw(self.fixed, rng);
        if st.round.gungnir[m] {
            let k = self.swap_revealed(st, m, card);
            self.played_unasked(st, m, Some(k), rng);
        } else {
            st.drawn = Some(card);
            Self::offer_pick(st, Step::ChaserPick(m as u8), m);
        }
    }

    /// Chaser `m`'s card is down without a pick: a declared Gungnir card `gungnir`, or
    /// (`None`) its Indra card, played already; the next member follows. Out of line: this
    /// closes the flow's one loop (a chaser's card leads to the next chaser's draw), so that
    /// the compiler inlines the rest of the flow into each handler.
    #[inline(never)]
    fn played_unasked(&self, st: &mut DriftState, m: usize, gungnir: Option<Card>, rng: &mut GameRng) {
        match gungnir {
            Some(k) => self.set_played(st, m, k, true, rng),
            None => self.next_member(st, m, rng),
        }
    }

    /// All cards are down: score the round, then the extra card, Phantom, or the round end.
    #[inline(always)]
    fn after_cards(&self, st: &mut DriftState, rng: &mut GameRng) {
        self.resolve(st);
        let r = &st.round;
        if r.scored && (r.illusion || r.harlequin) {
            st.drawn = Some(st.draw(self.fixed, rng));
            Self::offer_pick(st, Step::BonusPick, 1);
        } else {
            self.phantom_or_end(st, rng);
        }
    }

    /// After the round's cards (and the extra card): Phantom's question, or the round end.
    #[inline(always)]
    pub(crate) fn phantom_or_end(&self, st: &mut DriftState, rng: &mut GameRng) {
        if !self.ask_declaration(st, Step::Phantom) {
            self.end_round(st, rng);
        }
    }

    /// Asks `slot` pick `step` when it has a choice (else [`DriftGame::run`] plays the drawn
    /// card).
    #[inline(always)]
    fn offer_pick(st: &mut DriftState, step: Step, slot: usize) {
        if st.hands[slot].has_playable() {
            Self::pose(st, step, slot);
        } else {
            st.step = step;
        }
    }

    /// Plays the revealed Gungnir card of `slot`; `drawn` takes its place in the hand.
    fn swap_revealed(&self, st: &mut DriftState, slot: usize, drawn: Card) -> Card {
        let hand = &mut st.hands[slot];
        let at = hand.revealed as usize;
        hand.revealed = NONE;
        hand.replace(at, drawn)
    }

    /// The leader's card `card` is the target (`as_k`: a revealed Gungnir card); the
    /// leading team's 後続 follow (team battle), then the chasers.
    #[inline(always)]
    pub(crate) fn set_target(&self, st: &mut DriftState, card: Card, as_k: bool, rng: &mut GameRng) {
        st.put_on_table(card);
        st.round.target = card;
        st.round.target_k = as_k;
        st.round.has_target = true;
        st.round.target_value = self.card_value(st, 0, card, as_k);
        if st.lead_members > 1 {
            return self.lead_follower_draw(st, LEAD_FOLLOWERS, rng);
        }
        self.chaser_turn(st, 1, 0, rng);
    }

    /// The leading team's 後続 in slot `s` draws; its pick follows.
    #[inline(never)]
    fn lead_follower_draw(&self, st: &mut DriftState, s: usize, rng: &mut GameRng) {
        st.drawn = Some(st.draw(self.fixed, rng));
        Self::offer_pick(st, Step::FollowerLeadPick(s as u8), s);
    }

    /// The leading team's 後続 in slot `s` plays `card`: the target is the higher of it and
    /// the target so far (a joker is void: any number is higher). The next 後続 follows, or
    /// the chasers.
    #[inline(never)]
    pub(crate) fn set_lead_card(&self, st: &mut DriftState, s: usize, card: Card, rng: &mut GameRng) {
        st.put_on_table(card);
        let value = self.card_value(st, s, card, false);
        Self::count_modifiers(st, s, value);
        let r = &mut st.round;
        if value.is_some() && (r.target_value.is_none() || value > r.target_value) {
            r.target = card;
            r.target_k = false;
            r.target_value = value;
        }
        if s + 1 < LEAD_FOLLOWERS + usize::from(st.lead_members) - 1 {
            return self.lead_follower_draw(st, s + 1, rng);
        }
        self.chaser_turn(st, 1, 0, rng);
    }

    /// Chaser `m` plays `card` (`as_k`: a revealed Gungnir card); the next member follows.
    #[inline(always)]
    pub(crate) fn set_played(&self, st: &mut DriftState, m: usize, card: Card, as_k: bool, rng: &mut GameRng) {
        st.put_on_table(card);
        st.round.played[m] = card;
        st.round.played_k[m] = as_k;
        self.next_member(st, m, rng);
    }

    /// After chaser `m`'s card: the next member's turn, or the round's result.
    #[inline(always)]
    fn next_member(&self, st: &mut DriftState, m: usize, rng: &mut GameRng) {
        if m < st.members as usize {
            self.chaser_turn(st, m + 1, 0, rng);
        } else {
            self.after_cards(st, rng);
        }
    }
}
