//! The order of play: the steps of a chase and of a round, automatic or decided.

use super::card::{Card, Suit};
use super::game::{DriftGame, Mode};
use super::state::{DriftState, Hand, NONE, Round, SLOTS, Side, Step};
use super::style::{Style, StyleSet};
use super::view::DriftAction;
use crate::GameRng;
use rand::RngExt;

/// Cards kept out of the hands, so that every draw finds a card (at most 7 are on the
/// table or drawn at once).
const HAND_RESERVE: usize = 8;

const fn set(styles: &[Style]) -> StyleSet {
    let mut s = StyleSet::EMPTY;
    let mut i = 0;
    while i < styles.len() {
        s = s.with(styles[i]);
        i += 1;
    }
    s
}

use Style::*;
const CHASE_LEADER: StyleSet = set(&[Juggernaut, Centaur, SpeedMaster, LegalHigh, Gungnir, Ballista]);
const CHASE_CHASER: StyleSet = set(&[
    Juggernaut,
    Supernova,
    Barbaroi,
    SpeedMaster,
    Madness,
    Phantom,
    Indra,
    Gungnir,
    Illusion,
    LegalHigh,
    DriftMeister,
    JetStream,
    Ballista,
    Harlequin,
    DiamondCutter,
]);
const SOLO: StyleSet = set(&[
    Juggernaut,
    Supernova,
    Barbaroi,
    SpeedMaster,
    Phantom,
    Gungnir,
    Illusion,
    LegalHigh,
    DriftMeister,
    JetStream,
    Harlequin,
    Swastika,
    DiamondCutter,
]);
const TEAM_LEADER: StyleSet = set(&[Juggernaut, Centaur]);
const TEAM_HEAD: StyleSet = set(&[Juggernaut, Concorde]);
const TEAM_FOLLOWER: StyleSet = set(&[Juggernaut, Remora]);

fn pos(stat: i8) -> usize {
    stat.max(0) as usize
}

fn neg(stat: i8) -> usize {
    (-stat).max(0) as usize
}

impl DriftGame {
    /// Sets up a fresh battle: lives, then the first deal.
    pub(crate) fn start(&self, st: &mut DriftState) {
        st.sides = [Side::default(); 2];
        let sides = if self.is_solo() { 1 } else { 2 };
        for s in 0..sides {
            let d = self.teams[s].leader();
            let side = &mut st.sides[s];
            side.life = i16::from(d.rank);
            if self.rules.apply_home_bonus {
                side.life += i16::from(d.home_bonus);
            }
            if d.has(RoadDancer) && d.home_is_drift {
                side.life += 3;
                side.count(RoadDancer);
            }
            side.max_life = side.life;
        }
        st.chase = 0;
        st.capped = false;
        st.step = Step::Deal;
        st.to_move = None;
    }

    /// Resolves automatic steps until a decision with two or more choices, or the end.
    pub(crate) fn run(&self, st: &mut DriftState, rng: &mut GameRng) {
        loop {
            let (slot, choices, default) = match self.decision(st) {
                Some(d) => d,
                None => {
                    if st.step == Step::Over {
                        st.to_move = None;
                        return;
                    }
                    self.auto(st, rng);
                    continue;
                }
            };
            if choices >= 2 {
                st.to_move = Some(Self::seat_of(st, slot));
                return;
            }
            self.exec(st, default, rng);
        }
    }

    /// For a decision step: (slot deciding, number of choices, the action taken when there
    /// is no real choice). `None` for automatic steps.
    fn decision(&self, st: &DriftState) -> Option<(usize, usize, DriftAction)> {
        let yes_no = |slot: usize, offered: bool| (slot, if offered { 2 } else { 1 }, DriftAction::No);
        let r = &st.round;
        Some(match st.step {
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
                let choices = if offered && marked < 3 && free > 0 { free + 1 } else { 1 };
                (s, choices, DriftAction::No)
            }
            Step::LegalHigh(s) => {
                let s = s as usize;
                let side = &st.sides[Self::seat_of(st, s) as usize];
                yes_no(s, st.act[s].contains(LegalHigh) && !side.legal_high && side.life >= 1)
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
                    && side.points >= 1
                    && side.life < side.max_life;
                yes_no(1, offered)
            }
            _ => return None,
        })
    }

    /// Performs an automatic step.
    pub(crate) fn auto(&self, st: &mut DriftState, rng: &mut GameRng) {
        match st.step {
            Step::Deal => {
                self.deal(st, rng);
                st.step = Step::Reveal(0);
            }
            Step::RoundStart => {
                st.round = Round::default();
                st.step = Step::SpeedMaster(0);
            }
            Step::LeaderDraw => {
                let card = st.draw(self.fixed, rng);
                if self.is_solo() {
                    self.set_target(st, card, false);
                } else if st.round.gungnir[0] {
                    let k = self.swap_revealed(st, 0, card);
                    self.set_target(st, k, true);
                } else {
                    st.drawn = Some(card);
                    st.step = Step::LeaderPick;
                }
            }
            Step::ChaserDraw(m) => {
                let m = m as usize;
                if st.round.indra {
                    self.next_member(st, m);
                    return;
                }
                let card = st.draw(self.fixed, rng);
                if st.round.gungnir[m] {
                    let k = self.swap_revealed(st, m, card);
                    self.set_played(st, m, k, true);
                } else {
                    st.drawn = Some(card);
                    st.step = Step::ChaserPick(m as u8);
                }
            }
            Step::Resolve => {
                self.resolve(st);
                let r = &st.round;
                if r.scored && (r.illusion || r.harlequin) {
                    st.drawn = Some(st.draw(self.fixed, rng));
                    st.step = Step::BonusPick;
                } else {
                    st.step = Step::Phantom;
                }
            }
            Step::RoundEnd => self.end_round(st),
            _ => unreachable!("decision step {:?} handled by exec", st.step),
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
                st.step = if s == 0 { Step::Reveal(1) } else { Step::RoundStart };
            }
            Step::SpeedMaster(s) => {
                if let DriftAction::Hand(i) = action {
                    st.round.toss_mask |= 1 << i;
                    return;
                }
                self.speed_master(st, s as usize, rng);
                st.step = if s == 0 { Step::SpeedMaster(1) } else { Step::LegalHigh(0) };
            }
            Step::LegalHigh(s) => {
                if yes {
                    let side = &mut st.sides[Self::seat_of(st, s as usize) as usize];
                    side.life -= 1;
                    side.legal_high = true;
                    side.count(LegalHigh);
                }
                st.step = if s == 0 { Step::LegalHigh(1) } else { Step::Supernova };
            }
            Step::Supernova => {
                if yes {
                    st.round.supernova = true;
                    st.sides[st.chaser_side as usize].count(Supernova);
                }
                st.step = Step::Indra;
            }
            Step::Indra => {
                if let DriftAction::Hand(i) = action {
                    self.indra(st, i as usize, rng);
                }
                st.step = Step::LeaderGungnir;
            }
            Step::LeaderGungnir => {
                if yes {
                    st.round.gungnir[0] = true;
                    st.sides[st.leader_side as usize].count(Gungnir);
                }
                st.step = Step::LeaderDraw;
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
                self.set_target(st, card, false);
            }
            Step::ChaserGungnir(m) => {
                if yes {
                    st.round.gungnir[m as usize] = true;
                    st.sides[st.chaser_side as usize].count(Gungnir);
                }
                st.step = Step::Illusion(m);
            }
            Step::Illusion(m) => {
                if yes {
                    st.round.illusion = true;
                    st.sides[st.chaser_side as usize].count(Illusion);
                }
                st.step = Step::Harlequin(m);
            }
            Step::Harlequin(m) => {
                if yes {
                    st.round.harlequin = true;
                    st.sides[st.chaser_side as usize].count(Harlequin);
                }
                st.step = Step::ChaserDraw(m);
            }
            Step::ChaserPick(m) => {
                let card = Self::pick(st, m as usize, action);
                self.set_played(st, m as usize, card, false);
            }
            Step::BonusPick => {
                let card = Self::pick(st, 1, action);
                st.put_on_table(card);
                self.bonus(st, card);
                st.step = Step::Phantom;
            }
            Step::Phantom => {
                if yes {
                    let side = &mut st.sides[st.chaser_side as usize];
                    side.points -= 1;
                    side.life += 1;
                    side.count(Phantom);
                }
                st.step = Step::RoundEnd;
            }
            _ => unreachable!("automatic step {:?} has no decision", st.step),
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

    fn set_target(&self, st: &mut DriftState, card: Card, as_k: bool) {
        st.put_on_table(card);
        st.round.target = card;
        st.round.target_k = as_k;
        st.round.has_target = true;
        st.step = Step::ChaserGungnir(1);
    }

    fn set_played(&self, st: &mut DriftState, m: usize, card: Card, as_k: bool) {
        st.put_on_table(card);
        st.round.played[m] = card;
        st.round.played_k[m] = as_k;
        self.next_member(st, m);
    }

    fn next_member(&self, st: &mut DriftState, m: usize) {
        st.step = if m < st.members as usize { Step::ChaserGungnir(m as u8 + 1) } else { Step::Resolve };
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

    /// SpeedMaster: the marked cards are replaced by deck cards, then go to the deck bottom.
    fn speed_master(&self, st: &mut DriftState, slot: usize, rng: &mut GameRng) {
        let mask = std::mem::take(&mut st.round.toss_mask);
        if mask == 0 {
            return;
        }
        let mut old = [Card::JOKER; 3];
        let mut n = 0;
        for i in (0..st.hands[slot].len as usize).filter(|&i| mask & 1 << i != 0) {
            let card = st.draw(self.fixed, rng);
            old[n] = std::mem::replace(&mut st.hands[slot].cards[i], card);
            n += 1;
        }
        old[..n].iter().for_each(|&c| st.deck.push_bottom(c));
        let side = &mut st.sides[Self::seat_of(st, slot) as usize];
        side.speed_master_left -= 1;
        side.count(SpeedMaster);
    }

    /// Start of a chase: roles, cards, active styles, hands, Ballista.
    fn deal(&self, st: &mut DriftState, rng: &mut GameRng) {
        let solo = self.is_solo();
        let (l, c) = if solo || st.chase == 1 { (1, 0) } else { (0, 1) };
        st.leader_side = l;
        st.chaser_side = c;
        let team = self.teams[c as usize];
        st.members = team.len() as u8;
        if st.chase == 0 || (self.rules.fresh_deck_each_chase && !self.fixed) {
            st.deck.cards = self.deck;
            st.deck.len = self.deck_len;
            st.discard.len = 0;
            st.hands = [Hand::EMPTY; SLOTS];
        } else {
            for h in 0..SLOTS {
                for k in 0..st.hands[h].len as usize {
                    st.discard.push(st.hands[h].cards[k]);
                }
                st.hands[h] = Hand::EMPTY;
            }
        }
        st.table_len = 0;
        st.drawn = None;
        st.round = Round::default();
        st.chase_rounds = 0;
        for side in &mut st.sides {
            side.streak = 0;
            side.legal_high = false;
            side.speed_master_left = self.rules.speed_master_uses_per_chase;
        }
        let active = |d: super::Driver, mask: StyleSet| {
            let s = d.styles.intersect(mask);
            if d.home_is_drift { s } else { s.without(SpeedMaster) }
        };
        st.act = [StyleSet::EMPTY; SLOTS];
        let leader = self.teams[l as usize].leader();
        let mut want = [0usize; SLOTS];
        match self.mode {
            Mode::Chase => {
                st.act[0] = active(leader, CHASE_LEADER);
                st.act[1] = active(team.leader(), CHASE_CHASER);
            }
            Mode::Solo => st.act[1] = active(team.leader(), SOLO),
            Mode::Team => {
                st.act[0] = active(leader, TEAM_LEADER);
                for (m, &d) in team.members().iter().enumerate() {
                    st.act[m + 1] = active(d, if m == 0 { TEAM_HEAD } else { TEAM_FOLLOWER });
                }
            }
        }
        let multi = self.mode == Mode::Team && team.len() >= 2;
        st.quadriga = multi && team.all_have(Quadriga);
        st.brotherhood = multi && team.all_have(Brotherhood);
        if !solo {
            want[0] = pos(leader.speed) + if st.act[0].contains(Centaur) { 3 } else { 0 };
            want[1] = neg(leader.speed);
        }
        for (m, d) in team.members().iter().enumerate() {
            want[m + 1] += pos(d.horsepower);
            if !solo {
                want[0] += neg(d.horsepower);
            }
        }
        for (slot, &n) in want.iter().enumerate() {
            self.deal_cards(st, slot, n, rng);
        }
        if st.act[0].contains(Centaur) {
            st.sides[l as usize].count(Centaur);
        }
        if st.act[0].contains(Ballista) {
            self.ballista(st, 0, 1, rng);
        }
        if st.act[1].contains(Ballista) {
            self.ballista(st, 1, 0, rng);
        }
    }

    /// Deals up to `n` cards to `slot`, within the hand size and the deck's reserve.
    fn deal_cards(&self, st: &mut DriftState, slot: usize, n: usize, rng: &mut GameRng) {
        let room = (self.deck_len as usize - HAND_RESERVE).saturating_sub(st.cards_in_hands());
        let n = n.min(room).min(super::state::HAND_MAX - st.hands[slot].len as usize);
        for _ in 0..n {
            let card = st.draw(self.fixed, rng);
            st.hands[slot].push(card);
        }
    }

    /// Ballista of `from` on `to`: up to 3 random cards of `to` go back to the deck; each
    /// one short of 3 is drawn into `from`'s hand instead.
    fn ballista(&self, st: &mut DriftState, from: usize, to: usize, rng: &mut GameRng) {
        let taken = st.hands[to].len.min(3);
        for _ in 0..taken {
            let hand = &mut st.hands[to];
            let j = rng.random_range(0..hand.len as usize);
            let card = hand.cards[j];
            hand.len -= 1;
            hand.cards[j] = hand.cards[hand.len as usize];
            st.deck.push_bottom(card);
        }
        self.deal_cards(st, from, 3 - taken as usize, rng);
        st.sides[Self::seat_of(st, from) as usize].count(Ballista);
    }

    /// Compares the round's cards and scores it.
    fn resolve(&self, st: &mut DriftState) {
        let r = st.round;
        let target = self.card_value(st, 0, r.target, r.target_k);
        let leader_side = st.leader_side as usize;
        if target.is_some() && st.act[0].contains(Juggernaut) {
            st.sides[leader_side].count(Juggernaut);
        }
        let members = st.members as usize;
        let cs = st.chaser_side as usize;
        let mut all = true;
        let mut same_colour = true;
        for m in 1..=members {
            let card = r.played[m];
            let value = self.card_value(st, m, card, r.played_k[m]);
            all &= value.is_some_and(|v| target.is_none_or(|t| v >= t));
            same_colour &= card.same_colour(r.played[1]);
            if value.is_some() {
                for style in [Juggernaut, Swastika, Remora] {
                    if st.act[m].contains(style) {
                        st.sides[cs].count(style);
                    }
                }
            }
        }
        let act = st.act[1];
        let side = &mut st.sides[cs];
        side.rounds += 1;
        if side.rounds == 1 {
            side.first_scored = all;
        }
        st.chase_rounds += 1;
        if all {
            let mut points = 1;
            if act.contains(Barbaroi) && side.streak > 0 {
                points = 2;
                side.count(Barbaroi);
            }
            if act.contains(JetStream) && side.streak > 0 {
                points = points.max(i32::from(side.streak + 1).min(6));
                side.count(JetStream);
            }
            if r.indra {
                points = points.max(2);
            }
            if r.supernova {
                points = 3;
            }
            if st.quadriga && same_colour {
                points *= 2;
                side.count(Quadriga);
            }
            if st.brotherhood {
                points += 2 * (members as i32 - 1);
                side.count(Brotherhood);
            }
            side.points += points;
            side.scored += 1;
            side.streak += 1;
            st.sides[leader_side].legal_high = false;
        } else {
            let mut loss = if r.supernova { 3 } else { 1 };
            if act.contains(DriftMeister) && r.target.same_colour(r.played[1]) {
                loss = 0;
                side.count(DriftMeister);
            }
            side.life -= loss;
            side.lives_lost += i32::from(loss);
            side.streak = 0;
            side.legal_high = false;
            st.round.life_lost = loss;
        }
        let side = &mut st.sides[cs];
        let diamond = r.played[1].suit() == Some(Suit::Diamonds);
        if act.contains(DiamondCutter) && diamond && (all || !self.rules.diamond_cutter_needs_score) {
            side.points += 1;
            side.count(DiamondCutter);
        }
        if act.contains(Concorde) && members >= 2 && same_colour && side.life < side.max_life {
            side.life += 1;
            side.count(Concorde);
        }
        st.round.scored = all;
    }

    /// Illusion / Harlequin: the extra card `card` against the target.
    fn bonus(&self, st: &mut DriftState, card: Card) {
        let target = self.card_value(st, 0, st.round.target, st.round.target_k);
        let value = self.card_value(st, 1, card, false);
        if !value.is_some_and(|v| target.is_none_or(|t| v >= t)) {
            return;
        }
        let side = &mut st.sides[st.chaser_side as usize];
        if st.round.illusion {
            side.points += 1;
        } else if side.life < side.max_life {
            side.life += 1;
        }
    }

    /// End of a round: discard the table; end the chase when the chaser is out.
    fn end_round(&self, st: &mut DriftState) {
        st.clear_table();
        let cs = st.chaser_side as usize;
        let capped = st.chase_rounds >= u32::from(self.rules.max_rounds_per_chase);
        st.capped |= capped;
        let out = st.sides[cs].life < 0 || self.teams[cs].leader().rank < 0 || capped;
        st.step = if !out {
            Step::RoundStart
        } else if !self.is_solo() && st.chase == 0 {
            st.chase = 1;
            Step::Deal
        } else {
            Step::Over
        };
    }
}
