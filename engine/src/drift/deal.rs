//! The start of a battle and of each chase: lives, roles, hands, Ballista, SpeedMaster.

use super::card::Card;
use super::game::{DriftGame, Mode};
use super::hand::{HAND_MAX, Hand};
use super::score::SCORING;
use super::state::{DriftState, LEAD_FOLLOWERS, Round, SLOTS, Side, Step};
use super::style::{EFFECTS, Style::*, StyleSet};
use crate::GameRng;
use rand::RngExt;

const CHASE_LEADER: StyleSet = StyleSet::of(&[Juggernaut, Centaur, SpeedMaster, LegalHigh, Gungnir, Ballista]);

const CHASE_CHASER: StyleSet = StyleSet::of(&[
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

const SOLO: StyleSet = StyleSet::of(&[
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

/// The leading team's 先導 in team battle: the styles the seed does not restrict to a
/// chase or a solo run that act for a leader.
const TEAM_LEADER: StyleSet = StyleSet::of(&[Juggernaut, SpeedMaster, LegalHigh, Gungnir]);

/// The chasing team's 先導, who holds the team's life and declares for it: the unrestricted
/// styles of a chaser, and Concorde.
const TEAM_HEAD: StyleSet = StyleSet::of(&[
    Juggernaut,
    Supernova,
    Barbaroi,
    SpeedMaster,
    Phantom,
    Gungnir,
    LegalHigh,
    DriftMeister,
    JetStream,
    Concorde,
]);

/// A 後続 of either team: the modifiers of its own card.
const TEAM_FOLLOWER: StyleSet = StyleSet::of(&[Juggernaut, Remora]);

impl Mode {
    /// The styles that can take effect in this kind of battle, in some role (RoadDancer
    /// and SpeedMaster only for a driver whose home is 自動車競技・ドリフト).
    pub const fn acting_styles(self) -> StyleSet {
        let roles = match self {
            Mode::Chase => [CHASE_LEADER, CHASE_CHASER, StyleSet::EMPTY],
            Mode::Solo => [SOLO, StyleSet::EMPTY, StyleSet::EMPTY],
            Mode::Team => [TEAM_LEADER, TEAM_HEAD, TEAM_FOLLOWER.with(Quadriga).with(Brotherhood)],
        };
        roles[0].union(roles[1]).union(roles[2]).with(RoadDancer)
    }
}

/// Cards kept out of the hands, so that every draw finds a card (at most 9 are on the
/// table or drawn at once: a team round's eight cards and a drawn one).
const HAND_RESERVE: usize = 10;

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
                side.life += EFFECTS.road_dancer_life;
                side.count(RoadDancer);
            }
            side.max_life = side.life;
        }
        st.chase = 0;
        st.capped = [false; 2];
        st.step = Step::Deal;
        st.to_move = None;
    }

    /// Start of a chase: roles, cards, active styles, hands, Ballista.
    #[inline(never)] // once per chase: kept out of the frame of `run`
    pub(crate) fn deal(&self, st: &mut DriftState, rng: &mut GameRng) {
        let solo = self.is_solo();
        let (l, c) = if solo || st.chase == 1 { (1, 0) } else { (0, 1) };
        st.leader_side = l;
        st.chaser_side = c;
        let team = self.teams[c as usize];
        let lead_team = self.teams[l as usize];
        st.members = team.len() as u8;
        st.lead_members = if self.mode == Mode::Team { lead_team.len() as u8 } else { 1 };
        if st.chase == 0 || (self.rules.fresh_deck_each_chase && !self.fixed) {
            st.deck.cards = self.deck;
            st.deck.len = self.deck_len;
            st.discard.len = 0;
            st.hands = [Hand::EMPTY; SLOTS];
        } else {
            for h in 0..SLOTS {
                for &card in st.hands[h].as_slice() {
                    st.discard.push(card);
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
                for (m, &d) in lead_team.members().iter().enumerate().skip(1) {
                    st.act[LEAD_FOLLOWERS + m - 1] = active(d, TEAM_FOLLOWER);
                }
            }
        }
        let multi = self.mode == Mode::Team && team.len() >= 2;
        st.quadriga = multi && team.all_have(Quadriga);
        st.brotherhood = multi && team.all_have(Brotherhood);
        st.styled_scoring = st.quadriga || st.brotherhood || !st.act[1].intersect(SCORING).is_empty();
        Self::plan_declarations(st);
        for (bonus, act) in st.bonus.iter_mut().zip(st.act) {
            *bonus = EFFECTS.juggernaut_bonus * i16::from(act.contains(Juggernaut))
                + EFFECTS.swastika_bonus * i16::from(act.contains(Swastika))
                + EFFECTS.remora_bonus * i16::from(act.contains(Remora));
        }
        if !solo {
            want[0] = pos(leader.speed) + if st.act[0].contains(Centaur) { EFFECTS.centaur_cards } else { 0 };
            want[1] = neg(leader.speed);
        }
        for (m, d) in lead_team.members().iter().enumerate().skip(1).take(usize::from(st.lead_members) - 1) {
            want[LEAD_FOLLOWERS + m - 1] = pos(d.speed);
            want[1] += neg(d.speed);
        }
        for (m, d) in team.members().iter().enumerate() {
            want[m + 1] += pos(d.horsepower);
            if !solo {
                want[0] += neg(d.horsepower);
            }
        }
        for (slot, &n) in want.iter().enumerate().filter(|&(_, &n)| n > 0) {
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
        let n = n.min(room).min(HAND_MAX - st.hands[slot].len as usize);
        for _ in 0..n {
            let card = st.draw(self.fixed, rng);
            st.hands[slot].push(card);
        }
    }

    /// Ballista of `from` on `to`: up to [`EFFECTS`]`.ballista_cards` random cards of `to` go
    /// back to the deck; each one short is drawn into `from`'s hand instead.
    fn ballista(&self, st: &mut DriftState, from: usize, to: usize, rng: &mut GameRng) {
        let taken = st.hands[to].len.min(EFFECTS.ballista_cards);
        for _ in 0..taken {
            let j = rng.random_range(0..st.hands[to].len as usize);
            let card = st.hands[to].swap_remove(j);
            st.deck.push_bottom(card);
        }
        self.deal_cards(st, from, usize::from(EFFECTS.ballista_cards - taken), rng);
        st.side_of(from).count(Ballista);
    }

    /// SpeedMaster: the marked cards are replaced by deck cards, then go to the deck bottom.
    pub(crate) fn speed_master(&self, st: &mut DriftState, slot: usize, rng: &mut GameRng) {
        let mask = std::mem::take(&mut st.round.toss_mask);
        if mask == 0 {
            return;
        }
        let mut old = [Card::JOKER; EFFECTS.speed_master_cards];
        let mut n = 0;
        for i in (0..st.hands[slot].len as usize).filter(|&i| mask & 1 << i != 0) {
            let card = st.draw(self.fixed, rng);
            old[n] = st.hands[slot].replace(i, card);
            n += 1;
        }
        old[..n].iter().for_each(|&c| st.deck.push_bottom(c));
        let side = st.side_of(slot);
        side.speed_master_left -= 1;
        side.count(SpeedMaster);
    }
}
