//! The order of play: the steps of a chase and of a round, automatic or decided.

use super::card::Card;
use super::game::DriftGame;
use super::state::{DriftState, NONE, PRE_ROUND, Round, SLOTS, Step};
use super::style::{EFFECTS, Style};
use super::view::DriftAction;
use crate::GameRng;
use rand::RngExt;

use Style::*;

/// The slot and style behind each of [`PRE_ROUND`]'s declarations (the leader's Gungnir:
/// using its revealed card).
const PRE_ROUND_STYLES: [(usize, Style); 7] =
    [(0, SpeedMaster), (1, SpeedMaster), (0, LegalHigh), (1, LegalHigh), (1, Supernova), (1, Indra), (0, Gungnir)];

/// The style behind each chaser declaration of [`Step::chaser`].
const CHASER_STYLES: [Style; 3] = [Gungnir, Illusion, Harlequin];

impl DriftGame {
    /// Resolves automatic steps and lone options until a decision with two or more
    /// choices, or the end.
    pub(crate) fn run(&self, st: &mut DriftState, rng: &mut GameRng) {
        loop {
            match st.step {
                Step::Deal => {
                    self.deal(st, rng);
                    st.step = Step::Reveal(0);
                }
                Step::RoundStart => self.start_round(st, rng),
                Step::LeaderDraw => self.leader_draw(st, rng),
                Step::ChaserDraw(m) => self.chaser_draw(st, m as usize, rng),
                // A draw that asked its pick already.
                _ if st.to_move.is_some() => return,
                Step::RoundEnd => self.end_round_after_phantom(st, rng),
                Step::Over => {
                    st.to_move = None;
                    return;
                }
                _ => {
                    let (slot, choices, default) = self.decision(st);
                    if choices >= 2 {
                        st.slot = slot as u8;
                        st.to_move = Some(Self::seat_of(st, slot));
                        return;
                    }
                    // A lone option: declining a declaration only moves on.
                    match st.step {
                        Step::SpeedMaster(_) | Step::LeaderPick | Step::ChaserPick(_) | Step::BonusPick => {
                            self.exec(st, default, rng)
                        }
                        step => st.step = Self::after_declaration(st, step),
                    }
                }
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

    /// The first round declaration from index `from` on that can be offered, else the
    /// leader's draw.
    #[inline]
    fn pre_round_from(st: &DriftState, from: u32) -> Step {
        let left = (u32::from(st.pre_round) | 1 << 7) >> from << from;
        PRE_ROUND[left.trailing_zeros() as usize]
    }

    /// Chaser `m`'s first declaration from index `from` on that can be offered, else its draw.
    #[inline]
    fn chaser_from(st: &DriftState, m: usize, from: u32) -> Step {
        let left = (u32::from(st.chaser_asks[m]) | 1 << 3) >> from << from;
        Step::chaser(m as u8, left.trailing_zeros())
    }

    /// At a decision step: (slot deciding, number of choices, the action taken when there
    /// is no real choice).
    fn decision(&self, st: &DriftState) -> (usize, usize, DriftAction) {
        let yes_no = |slot: usize, offered: bool| (slot, if offered { 2 } else { 1 }, DriftAction::No);
        let r = &st.round;
        match st.step {
            Step::Reveal(s) => {
                let (s, h) = (s as usize, &st.hands[s as usize]);
                let offered = st.act[s].contains(Gungnir) && h.len > 0;
                (s, if offered { h.len as usize + 1 } else { 1 }, DriftAction::No)
            }
            Step::SpeedMaster(s) => {
                let s = s as usize;
                let side = &st.sides[Self::seat_of(st, s) as usize];
                let marked = r.toss_mask.count_ones() as usize;
                let free = st.hands[s].playable_count() - marked;
                let offered = st.act[s].contains(SpeedMaster) && side.speed_master_left > 0;
                let choices = if offered && marked < EFFECTS.speed_master_cards && free > 0 { free + 1 } else { 1 };
                (s, choices, DriftAction::No)
            }
            Step::LegalHigh(s) => {
                let s = s as usize;
                let side = &st.sides[Self::seat_of(st, s) as usize];
                yes_no(s, st.act[s].contains(LegalHigh) && !side.legal_high && side.life >= EFFECTS.legal_high_cost)
            }
            Step::Supernova => yes_no(1, st.act[1].contains(Supernova)),
            Step::Indra => {
                let offered = st.act[1].contains(Indra) && st.hands[1].len > 0;
                (1, if offered { st.hands[1].len as usize + 1 } else { 1 }, DriftAction::No)
            }
            Step::LeaderGungnir => yes_no(0, st.hands[0].revealed != NONE),
            Step::ChaserGungnir(m) => yes_no(m as usize, !r.indra && st.hands[m as usize].revealed != NONE),
            Step::Illusion(m) => yes_no(m as usize, !r.indra && st.act[m as usize].contains(Illusion)),
            Step::Harlequin(m) => yes_no(m as usize, !r.indra && !r.illusion && st.act[m as usize].contains(Harlequin)),
            Step::LeaderPick => (0, st.hands[0].playable_count() + 1, DriftAction::PlayDrawn),
            Step::ChaserPick(m) => (m as usize, st.hands[m as usize].playable_count() + 1, DriftAction::PlayDrawn),
            Step::BonusPick => (1, st.hands[1].playable_count() + 1, DriftAction::PlayDrawn),
            Step::Phantom => {
                let side = &st.sides[st.chaser_side as usize];
                let offered = st.act[1].contains(Phantom)
                    && !r.scored
                    && r.life_lost > 0
                    && side.points >= EFFECTS.phantom_points
                    && side.life < side.max_life;
                yes_no(1, offered)
            }
            _ => unreachable!("automatic step {:?} is not a decision", st.step),
        }
    }

    // The automatic steps of a round call the next one directly (no dispatch through the
    // step), stopping at the first decision, which a draw asks itself (`offer_pick`); the end
    // of a round starts the next one. `run` only takes over after a declaration or when a
    // chase ends.

    pub(crate) fn start_round(&self, st: &mut DriftState, rng: &mut GameRng) {
        st.round = Round::default();
        match Self::pre_round_from(st, 0) {
            Step::LeaderDraw => self.leader_draw(st, rng),
            step => st.step = step,
        }
    }

    #[inline(always)]
    fn leader_draw(&self, st: &mut DriftState, rng: &mut GameRng) {
        let card = st.draw(self.fixed, rng);
        if self.is_solo() {
            self.set_target(st, card, false, rng);
        } else if st.round.gungnir[0] {
            let k = self.swap_revealed(st, 0, card);
            self.set_target(st, k, true, rng);
        } else {
            st.drawn = Some(card);
            st.step = Step::LeaderPick;
            Self::offer_pick(st, 0);
        }
    }

    #[inline(always)]
    fn chaser_draw(&self, st: &mut DriftState, m: usize, rng: &mut GameRng) {
        if st.round.indra {
            self.next_member(st, m, rng);
            return;
        }
        let card = st.draw(self.fixed, rng);
        if st.round.gungnir[m] {
            let k = self.swap_revealed(st, m, card);
            self.set_played(st, m, k, true, rng);
        } else {
            st.drawn = Some(card);
            st.step = Step::ChaserPick(m as u8);
            Self::offer_pick(st, m);
        }
    }

    /// All cards are down: score the round, then the extra card, Phantom, or the round end.
    #[inline(always)]
    fn after_cards(&self, st: &mut DriftState, rng: &mut GameRng) {
        self.resolve(st);
        let r = &st.round;
        if r.scored && (r.illusion || r.harlequin) {
            st.drawn = Some(st.draw(self.fixed, rng));
            st.step = Step::BonusPick;
            Self::offer_pick(st, 1);
        } else {
            self.phantom_or_end(st, rng);
        }
    }

    /// After the round's cards (and the extra card): Phantom's question, or the round end.
    #[inline(always)]
    fn phantom_or_end(&self, st: &mut DriftState, rng: &mut GameRng) {
        if st.act[1].contains(Phantom) {
            st.step = Step::Phantom;
        } else {
            self.end_round(st, rng);
        }
    }

    /// The round end after Phantom's question, kept out of the frame of [`DriftGame::run`].
    #[inline(never)]
    fn end_round_after_phantom(&self, st: &mut DriftState, rng: &mut GameRng) {
        self.end_round(st, rng);
    }

    /// Asks `slot` to pick when it has a choice (else [`DriftGame::run`] plays the drawn card).
    #[inline]
    fn offer_pick(st: &mut DriftState, slot: usize) {
        if st.hands[slot].playable_count() > 0 {
            st.slot = slot as u8;
            st.to_move = Some(Self::seat_of(st, slot));
        }
    }

    /// Applies `action` at the pending decision step.
    pub(crate) fn exec(&self, st: &mut DriftState, action: DriftAction, rng: &mut GameRng) {
        let yes = action == DriftAction::Yes;
        match st.step {
            Step::Reveal(s) => {
                if let DriftAction::Hand(i) = action {
                    st.hands[s as usize].revealed = i;
                }
            }
            Step::SpeedMaster(s) => {
                if let DriftAction::Hand(i) = action {
                    st.round.toss_mask |= 1 << i;
                    return;
                }
                self.speed_master(st, s as usize, rng);
            }
            Step::LegalHigh(s) => {
                if yes {
                    let side = &mut st.sides[Self::seat_of(st, s as usize) as usize];
                    side.life -= EFFECTS.legal_high_cost;
                    side.count(LegalHigh);
                    st.set_legal_high(s as usize, true);
                }
            }
            Step::Supernova => {
                if yes {
                    st.round.supernova = true;
                    st.sides[st.chaser_side as usize].count(Supernova);
                }
            }
            Step::Indra => {
                if let DriftAction::Hand(i) = action {
                    self.indra(st, i as usize, rng);
                }
            }
            Step::LeaderGungnir => {
                if yes {
                    st.round.gungnir[0] = true;
                    st.sides[st.leader_side as usize].count(Gungnir);
                }
            }
            Step::LeaderPick => {
                let drawn = st.drawn.take().unwrap_or(Card::JOKER);
                let card = match action {
                    DriftAction::Hand(i) => {
                        let i = if st.act[1].contains(Madness) {
                            st.sides[st.chaser_side as usize].count(Madness);
                            let n = st.hands[0].playable_count();
                            st.hands[0].playable().nth(rng.random_range(0..n)).unwrap_or(i)
                        } else {
                            i
                        };
                        std::mem::replace(&mut st.hands[0].cards[i as usize], drawn)
                    }
                    _ => drawn,
                };
                return self.set_target(st, card, false, rng);
            }
            Step::ChaserGungnir(m) => {
                if yes {
                    st.round.gungnir[m as usize] = true;
                    st.sides[st.chaser_side as usize].count(Gungnir);
                }
            }
            Step::Illusion(_) => {
                if yes {
                    st.round.illusion = true;
                    st.sides[st.chaser_side as usize].count(Illusion);
                }
            }
            Step::Harlequin(_) => {
                if yes {
                    st.round.harlequin = true;
                    st.sides[st.chaser_side as usize].count(Harlequin);
                }
            }
            Step::ChaserPick(m) => {
                let card = Self::pick(st, m as usize, action);
                return self.set_played(st, m as usize, card, false, rng);
            }
            Step::BonusPick => {
                let card = Self::pick(st, 1, action);
                st.put_on_table(card);
                self.extra_card(st, card);
                return self.phantom_or_end(st, rng);
            }
            Step::Phantom => {
                if yes {
                    let side = &mut st.sides[st.chaser_side as usize];
                    side.points -= EFFECTS.phantom_points;
                    side.life += EFFECTS.phantom_life;
                    side.count(Phantom);
                }
            }
            _ => unreachable!("automatic step {:?} has no decision", st.step),
        }
        // A draw next is made at once (no trip through `run`).
        match Self::after_declaration(st, st.step) {
            Step::LeaderDraw => self.leader_draw(st, rng),
            Step::ChaserDraw(m) => self.chaser_draw(st, m as usize, rng),
            step => st.step = step,
        }
    }

    /// The step after declaration step `step`, whatever was answered (SpeedMaster: once done
    /// marking).
    #[inline(always)]
    fn after_declaration(st: &DriftState, step: Step) -> Step {
        match step {
            Step::Reveal(0) => Step::Reveal(1),
            Step::Reveal(_) => Step::RoundStart,
            Step::SpeedMaster(s) => Self::pre_round_from(st, u32::from(s) + 1),
            Step::LegalHigh(s) => Self::pre_round_from(st, u32::from(s) + 3),
            Step::Supernova => Self::pre_round_from(st, 5),
            Step::Indra => Self::pre_round_from(st, 6),
            Step::LeaderGungnir => Step::LeaderDraw,
            Step::ChaserGungnir(m) => Self::chaser_from(st, m as usize, 1),
            Step::Illusion(m) => Self::chaser_from(st, m as usize, 2),
            Step::Harlequin(m) => Step::ChaserDraw(m),
            Step::Phantom => Step::RoundEnd,
            _ => unreachable!("{step:?} is no declaration"),
        }
    }

    /// The card played from `slot`: the drawn card, or hand card `i` (the drawn one takes
    /// its place).
    fn pick(st: &mut DriftState, slot: usize, action: DriftAction) -> Card {
        let drawn = st.drawn.take().unwrap_or(Card::JOKER);
        match action {
            DriftAction::Hand(i) => std::mem::replace(&mut st.hands[slot].cards[i as usize], drawn),
            _ => drawn,
        }
    }

    /// Plays the revealed Gungnir card of `slot`; `drawn` takes its place in the hand.
    fn swap_revealed(&self, st: &mut DriftState, slot: usize, drawn: Card) -> Card {
        let hand = &mut st.hands[slot];
        let at = hand.revealed as usize;
        hand.revealed = NONE;
        std::mem::replace(&mut hand.cards[at], drawn)
    }

    fn set_target(&self, st: &mut DriftState, card: Card, as_k: bool, rng: &mut GameRng) {
        st.put_on_table(card);
        st.round.target = card;
        st.round.target_k = as_k;
        st.round.has_target = true;
        st.round.target_value = self.card_value(st, 0, card, as_k);
        self.chaser_turn(st, 1, rng);
    }

    fn set_played(&self, st: &mut DriftState, m: usize, card: Card, as_k: bool, rng: &mut GameRng) {
        st.put_on_table(card);
        st.round.played[m] = card;
        st.round.played_k[m] = as_k;
        self.next_member(st, m, rng);
    }

    fn next_member(&self, st: &mut DriftState, m: usize, rng: &mut GameRng) {
        if m < st.members as usize {
            self.chaser_turn(st, m + 1, rng);
        } else {
            self.after_cards(st, rng);
        }
    }

    /// Chaser `m`'s turn, skipping the declarations it cannot make.
    fn chaser_turn(&self, st: &mut DriftState, m: usize, rng: &mut GameRng) {
        match Self::chaser_from(st, m, 0) {
            Step::ChaserDraw(_) => self.chaser_draw(st, m, rng),
            step => st.step = step,
        }
    }

    /// Indra: hand card `i` goes face up as this round's card; the hand is refilled at once.
    fn indra(&self, st: &mut DriftState, i: usize, rng: &mut GameRng) {
        let hand = &mut st.hands[1];
        let card = hand.cards[i];
        let as_k = hand.revealed as usize == i;
        if as_k {
            hand.revealed = NONE;
            st.sides[st.chaser_side as usize].count(Gungnir);
        }
        st.put_on_table(card);
        st.round.played[1] = card;
        st.round.played_k[1] = as_k;
        st.round.indra = true;
        st.hands[1].cards[i] = st.draw(self.fixed, rng);
        st.sides[st.chaser_side as usize].count(Indra);
    }
}
