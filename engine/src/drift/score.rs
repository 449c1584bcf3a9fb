//! The end of a round: comparing cards, points and lives, the extra card of Illusion and
//! Harlequin, and the end of a chase.

use super::card::{Card, Suit};
use super::game::DriftGame;
use super::state::{DriftState, Step};
use super::style::Style::*;
use super::style::StyleSet;
use crate::GameRng;

/// The lasting modifiers counted per numbered card played.
const MODIFIERS: StyleSet = StyleSet::of(&[Juggernaut, Swastika, Remora]);

/// Whether a card of effective number `value` reaches `target`: a joker card (`None`) never
/// does, and any number beats a joker target (`None`).
fn reaches(value: Option<i16>, target: Option<i16>) -> bool {
    match (value, target) {
        (None, _) => false,
        (Some(_), None) => true,
        (Some(v), Some(t)) => v >= t,
    }
}

impl DriftGame {
    /// Compares the round's cards and scores it.
    pub(crate) fn resolve(&self, st: &mut DriftState) {
        let target = st.round.target_value;
        let first = st.round.played[1];
        let (indra, supernova) = (st.round.indra, st.round.supernova);
        let leader_side = st.leader_side as usize;
        if target.is_some() && st.act[0].contains(Juggernaut) {
            st.sides[leader_side].count(Juggernaut);
        }
        let members = st.members as usize;
        let cs = st.chaser_side as usize;
        let mut all = true;
        for m in 1..=members {
            let card = st.round.played[m];
            let value = self.card_value(st, m, card, st.round.played_k[m]);
            all &= reaches(value, target);
            if value.is_some() && !st.act[m].intersect(MODIFIERS).is_empty() {
                for style in [Juggernaut, Swastika, Remora] {
                    if st.act[m].contains(style) {
                        st.sides[cs].count(style);
                    }
                }
            }
        }
        // All chasers' cards one colour (Quadriga, Concorde: teams of two or more).
        let played = st.round.played;
        let same_colour = || (1..=members).all(|m| played[m].same_colour(first));
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
            if indra {
                points = points.max(2);
            }
            if supernova {
                points = 3;
            }
            if st.quadriga && same_colour() {
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
            let mut loss = if supernova { 3 } else { 1 };
            if act.contains(DriftMeister) && st.round.target.same_colour(first) {
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
        let diamond = || first.suit() == Some(Suit::Diamonds);
        if act.contains(DiamondCutter) && diamond() && (all || !self.rules.diamond_cutter_needs_score) {
            side.points += 1;
            side.count(DiamondCutter);
        }
        if act.contains(Concorde) && members >= 2 && same_colour() && side.life < side.max_life {
            side.life += 1;
            side.count(Concorde);
        }
        st.round.scored = all;
    }

    /// Illusion / Harlequin: the extra card `card` against the target.
    pub(crate) fn extra_card(&self, st: &mut DriftState, card: Card) {
        let target = st.round.target_value;
        let value = self.card_value(st, 1, card, false);
        if !reaches(value, target) {
            return;
        }
        let side = &mut st.sides[st.chaser_side as usize];
        if st.round.illusion {
            side.points += 1;
        } else if side.life < side.max_life {
            side.life += 1;
        }
    }

    /// End of a round: discard the table; start the next, or end the chase when the chaser
    /// is out.
    #[inline(always)]
    pub(crate) fn end_round(&self, st: &mut DriftState, rng: &mut GameRng) {
        st.clear_table();
        let cs = st.chaser_side as usize;
        let capped = st.chase_rounds >= u32::from(self.rules.max_rounds_per_chase);
        st.capped |= capped;
        let out = st.sides[cs].life < 0 || self.teams[cs].leader().rank < 0 || capped;
        st.step = if !out {
            return self.start_round(st, rng);
        } else if !self.is_solo() && st.chase == 0 {
            st.chase = 1;
            Step::Deal
        } else {
            Step::Over
        };
    }
}
