//! Taking a decision: one handler per kind, each playing on to the next decision.

use super::card::Card;
use super::game::{Choose, DriftGame};
use super::hand::NONE;
use super::state::{DriftState, Step};
use super::style::{EFFECTS, Style::*};
use super::view::DriftAction;
use crate::GameRng;
use rand::RngExt;

impl DriftGame {
    /// Takes the pending decision, then plays on to the next decision: `choose` answers it
    /// given the state and the decision's step (a constant in each arm, so that what
    /// `choose` derives from the step folds), and the seat is no longer to move once it has
    /// answered. One handler per kind of decision, each running the flow on to the next
    /// decision. The handlers of the decisions most rounds ask (the picks, Legal High,
    /// Illusion) are inlined here, which saves a call frame per decision; the others are
    /// kept out of line.
    #[inline(always)]
    pub(crate) fn decide(&self, st: &mut DriftState, choose: impl Choose, rng: &mut GameRng) {
        let answer = |st: &mut DriftState, step: Step, rng: &mut GameRng| {
            let action = choose.choose(self, st, step, rng);
            st.to_move = None;
            action
        };
        match st.step {
            Step::Reveal(s) => {
                let a = answer(st, Step::Reveal(s), rng);
                self.on_reveal(st, s, a, rng)
            }
            Step::SpeedMaster(s) => {
                let a = answer(st, Step::SpeedMaster(s), rng);
                self.on_speed_master(st, s, a, rng)
            }
            Step::LegalHigh(s) => {
                let a = answer(st, Step::LegalHigh(s), rng);
                self.on_legal_high(st, s, a, rng)
            }
            Step::Supernova => {
                let a = answer(st, Step::Supernova, rng);
                self.on_supernova(st, a, rng)
            }
            Step::Indra => {
                let a = answer(st, Step::Indra, rng);
                self.on_indra(st, a, rng)
            }
            Step::LeaderGungnir => {
                let a = answer(st, Step::LeaderGungnir, rng);
                self.on_leader_gungnir(st, a, rng)
            }
            Step::LeaderPick => {
                let a = answer(st, Step::LeaderPick, rng);
                self.on_leader_pick(st, a, rng)
            }
            Step::FollowerLeadPick(s) => {
                let a = answer(st, Step::FollowerLeadPick(s), rng);
                let card = Self::pick(st, s as usize, a);
                self.set_lead_card(st, s as usize, card, rng)
            }
            Step::ChaserGungnir(m) => {
                let a = answer(st, Step::ChaserGungnir(m), rng);
                self.on_chaser_gungnir(st, m, a, rng)
            }
            Step::Illusion(m) => {
                let a = answer(st, Step::Illusion(m), rng);
                self.on_illusion(st, m, a, rng)
            }
            Step::Harlequin(m) => {
                let a = answer(st, Step::Harlequin(m), rng);
                self.on_harlequin(st, m, a, rng)
            }
            Step::ChaserPick(m) => {
                let a = answer(st, Step::ChaserPick(m), rng);
                self.on_chaser_pick(st, m, a, rng)
            }
            Step::BonusPick => {
                let a = answer(st, Step::BonusPick, rng);
                self.on_bonus_pick(st, a, rng)
            }
            Step::Phantom => {
                let a = answer(st, Step::Phantom, rng);
                self.on_phantom(st, a, rng)
            }
            step => unreachable!("{step:?} has no decision"),
        }
    }

    /// Gungnir's reveal of seat slot `s`: `Hand(i)` reveals card `i`.
    #[inline(never)]
    fn on_reveal(&self, st: &mut DriftState, s: u8, action: DriftAction, rng: &mut GameRng) {
        if let DriftAction::Hand(i) = action {
            st.hands[s as usize].revealed = i;
        }
        self.reveal(st, s + 1, rng);
    }

    /// SpeedMaster of slot `s`: `Hand(i)` marks card `i` (asked again until done).
    #[inline(never)]
    fn on_speed_master(&self, st: &mut DriftState, s: u8, action: DriftAction, rng: &mut GameRng) {
        if let DriftAction::Hand(i) = action {
            st.round.toss_mask |= 1 << i;
            return self.pre_round(st, u32::from(s), rng);
        }
        self.speed_master(st, s as usize, rng);
        self.pre_round(st, u32::from(s) + 1, rng);
    }

    /// Legal High of slot `s`.
    #[inline(always)]
    fn on_legal_high(&self, st: &mut DriftState, s: u8, action: DriftAction, rng: &mut GameRng) {
        if action == DriftAction::Yes {
            let side = st.side_of(s as usize);
            side.life -= EFFECTS.legal_high_cost;
            side.count(LegalHigh);
            st.set_legal_high(s as usize, true);
        }
        self.pre_round(st, u32::from(s) + 3, rng);
    }

    /// The chaser's Supernova.
    #[inline(never)]
    fn on_supernova(&self, st: &mut DriftState, action: DriftAction, rng: &mut GameRng) {
        if action == DriftAction::Yes {
            st.round.supernova = true;
            st.chaser().count(Supernova);
        }
        self.pre_round(st, 5, rng);
    }

    /// The chaser's Indra: `Hand(i)` plays card `i` face up.
    #[inline(never)]
    fn on_indra(&self, st: &mut DriftState, action: DriftAction, rng: &mut GameRng) {
        if let DriftAction::Hand(i) = action {
            self.indra(st, i as usize, rng);
        }
        self.pre_round(st, 6, rng);
    }

    /// The leader's Gungnir before its draw.
    #[inline(never)]
    fn on_leader_gungnir(&self, st: &mut DriftState, action: DriftAction, rng: &mut GameRng) {
        if action == DriftAction::Yes {
            st.round.gungnir[0] = true;
            st.leader().count(Gungnir);
        }
        self.leader_draw(st, rng);
    }

    /// The leader's pick: the target (a swap with Madness takes a random playable card).
    #[inline(always)]
    fn on_leader_pick(&self, st: &mut DriftState, action: DriftAction, rng: &mut GameRng) {
        let drawn = st.drawn.take().unwrap_or(Card::JOKER);
        let card = match action {
            DriftAction::Hand(i) => {
                let i = if st.act[1].contains(Madness) {
                    st.chaser().count(Madness);
                    let n = st.hands[0].playable_count();
                    st.hands[0].playable().nth(rng.random_range(0..n)).unwrap_or(i)
                } else {
                    i
                };
                st.hands[0].replace(i as usize, drawn)
            }
            _ => drawn,
        };
        self.set_target(st, card, false, rng);
    }

    /// Chaser `m`'s Gungnir before its draw.
    #[inline(never)]
    fn on_chaser_gungnir(&self, st: &mut DriftState, m: u8, action: DriftAction, rng: &mut GameRng) {
        if action == DriftAction::Yes {
            st.round.gungnir[m as usize] = true;
            st.chaser().count(Gungnir);
        }
        self.chaser_turn(st, m as usize, 1, rng);
    }

    /// Chaser `m`'s Illusion.
    #[inline(always)]
    fn on_illusion(&self, st: &mut DriftState, m: u8, action: DriftAction, rng: &mut GameRng) {
        if action == DriftAction::Yes {
            st.round.illusion = true;
            st.chaser().count(Illusion);
        }
        self.chaser_turn(st, m as usize, 2, rng);
    }

    /// Chaser `m`'s Harlequin.
    #[inline(never)]
    fn on_harlequin(&self, st: &mut DriftState, m: u8, action: DriftAction, rng: &mut GameRng) {
        if action == DriftAction::Yes {
            st.round.harlequin = true;
            st.chaser().count(Harlequin);
        }
        self.chaser_draw(st, m as usize, rng);
    }

    /// Chaser `m`'s pick: its card.
    #[inline(always)]
    fn on_chaser_pick(&self, st: &mut DriftState, m: u8, action: DriftAction, rng: &mut GameRng) {
        let card = Self::pick(st, m as usize, action);
        self.set_played(st, m as usize, card, false, rng);
    }

    /// The pick of Illusion's or Harlequin's extra card.
    #[inline(always)]
    fn on_bonus_pick(&self, st: &mut DriftState, action: DriftAction, rng: &mut GameRng) {
        let card = Self::pick(st, 1, action);
        st.put_on_table(card);
        self.extra_card(st, card);
        self.phantom_or_end(st, rng);
    }

    /// The chaser's Phantom after losing life.
    #[inline(never)]
    fn on_phantom(&self, st: &mut DriftState, action: DriftAction, rng: &mut GameRng) {
        if action == DriftAction::Yes {
            let side = st.chaser();
            side.points -= EFFECTS.phantom_points;
            side.life += EFFECTS.phantom_life;
            side.count(Phantom);
        }
        self.end_round(st, rng);
    }

    /// The card played from `slot`: the drawn card, or hand card `i` (the drawn one takes
    /// its place).
    fn pick(st: &mut DriftState, slot: usize, action: DriftAction) -> Card {
        let drawn = st.drawn.take().unwrap_or(Card::JOKER);
        match action {
            DriftAction::Hand(i) => st.hands[slot].replace(i as usize, drawn),
            _ => drawn,
        }
    }

    /// Indra: hand card `i` goes face up as this round's card; the hand is refilled at once.
    fn indra(&self, st: &mut DriftState, i: usize, rng: &mut GameRng) {
        let hand = &mut st.hands[1];
        let card = hand.as_slice()[i];
        let as_k = hand.revealed as usize == i;
        if as_k {
            hand.revealed = NONE;
            st.chaser().count(Gungnir);
        }
        st.put_on_table(card);
        st.round.played[1] = card;
        st.round.played_k[1] = as_k;
        st.round.indra = true;
        let drawn = st.draw(self.fixed, rng);
        st.hands[1].replace(i, drawn);
        st.chaser().count(Indra);
    }
}
