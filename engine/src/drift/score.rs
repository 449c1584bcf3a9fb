//! The end of a round: comparing cards, points and lives, the extra card of Illusion and
//! Harlequin, and the end of a chase.

use super::card::{Card, Suit};
use super::game::DriftGame;
use super::state::{DriftState, Step};
use super::style::Style::*;
use super::style::{EFFECTS, Style, StyleSet};
use crate::GameRng;

/// The lasting modifiers counted per numbered card played.
const MODIFIER_STYLES: [Style; 3] = [Juggernaut, Swastika, Remora];
/// [`MODIFIER_STYLES`] as a set.
const MODIFIERS: StyleSet = StyleSet::of(&MODIFIER_STYLES);

/// The first chaser's styles that change a round's points or lives beyond Indra and
/// Supernova (a chase holding one of them, or a Quadriga or Brotherhood team, is scored by
/// [`DriftGame::resolve_styled`]).
pub(crate) const SCORING: StyleSet = StyleSet::of(&[Barbaroi, JetStream, DriftMeister, DiamondCutter, Concorde]);

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
    #[inline(always)]
    pub(crate) fn resolve(&self, st: &mut DriftState) {
        let all = self.cards_reach(st);
        let cs = DriftState::side_index(st.chaser_side);
        let side = &mut st.sides[cs];
        side.rounds += 1;
        if side.rounds == 1 {
            side.first_scored = all;
        }
        st.chase_rounds += 1;
        st.round.scored = all;
        if st.styled_scoring {
            return self.resolve_styled(st, all);
        }
        let (r, e) = (&st.round, &EFFECTS);
        if all {
            let points = if r.supernova {
                e.supernova_points
            } else if r.indra {
                e.indra_points
            } else {
                1
            };
            st.sides[cs].score(points);
            st.set_legal_high(0, false);
        } else {
            let loss = if r.supernova { e.supernova_lives } else { 1 };
            st.sides[cs].fail(loss);
            st.set_legal_high(1, false);
            st.round.life_lost = loss;
        }
    }

    /// Whether a chaser's card reaches the target (in team battle: any member's, so that a
    /// 後続 never lowers the chance); counts the modifiers that acted.
    #[inline(always)]
    fn cards_reach(&self, st: &mut DriftState) -> bool {
        let target = st.round.target_value;
        if target.is_some() && st.act[0].contains(Juggernaut) {
            st.leader().count(Juggernaut);
        }
        if st.members == 1 {
            // A lone chaser (a chase, a solo run): no loop over the members.
            return self.card_reaches(st, 1, target);
        }
        (1..=st.members as usize).fold(false, |any, m| self.card_reaches(st, m, target) | any)
    }

    /// Whether chaser `m`'s card reaches `target`; counts the modifiers that acted on it.
    #[inline(always)]
    fn card_reaches(&self, st: &mut DriftState, m: usize, target: Option<i16>) -> bool {
        let value = self.card_value(st, m, st.round.played[m], st.round.played_k[m]);
        Self::count_modifiers(st, m, value);
        reaches(value, target)
    }

    /// Counts the lasting modifiers of `slot` that acted on its card of effective number
    /// `value` (none on a joker).
    #[inline(always)]
    pub(crate) fn count_modifiers(st: &mut DriftState, slot: usize, value: Option<i16>) {
        let act = st.act[slot];
        if value.is_some() && !act.intersect(MODIFIERS).is_empty() {
            for style in MODIFIER_STYLES {
                if act.contains(style) {
                    st.side_of(slot).count(style);
                }
            }
        }
    }

    /// The result of a round whose chasers hold styles that change points or lives
    /// ([`SCORING`], Quadriga, Brotherhood).
    #[inline(never)]
    fn resolve_styled(&self, st: &mut DriftState, all: bool) {
        let e = &EFFECTS;
        let first = st.round.played[1];
        let (indra, supernova) = (st.round.indra, st.round.supernova);
        let members = st.members as usize;
        let cs = DriftState::side_index(st.chaser_side);
        // All chasers' cards one colour (Quadriga, Concorde: teams of two or more).
        let played = st.round.played;
        let same_colour = || (1..=members).all(|m| played[m].same_colour(first));
        let act = st.act[1];
        let side = &mut st.sides[cs];
        if all {
            let mut points = 1;
            if act.contains(Barbaroi) && side.streak > 0 {
                points = e.barbaroi_points;
                side.count(Barbaroi);
            }
            if act.contains(JetStream) && side.streak > 0 {
                points = points.max(i32::from(side.streak + 1).min(e.jet_stream_max));
                side.count(JetStream);
            }
            if indra {
                points = points.max(e.indra_points);
            }
            if supernova {
                points = points.max(e.supernova_points);
            }
            if st.quadriga && same_colour() {
                points *= e.quadriga_factor;
                side.count(Quadriga);
            }
            if st.brotherhood {
                points += e.brotherhood_points * (members as i32 - 1);
                side.count(Brotherhood);
            }
            side.score(points);
            st.set_legal_high(0, false);
        } else {
            let mut loss = if supernova { e.supernova_lives } else { 1 };
            if act.contains(DriftMeister) && st.round.target.same_colour(first) {
                loss = 0;
                side.count(DriftMeister);
            }
            side.fail(loss);
            st.set_legal_high(1, false);
            st.round.life_lost = loss;
        }
        let side = &mut st.sides[cs];
        let diamond = || first.suit() == Some(Suit::Diamonds);
        if act.contains(DiamondCutter) && diamond() && (all || !self.rules.diamond_cutter_needs_score) {
            side.points += e.diamond_cutter_points;
            side.count(DiamondCutter);
        }
        if act.contains(Concorde) && members >= 2 && same_colour() && side.life < side.max_life {
            side.life += e.concorde_life;
            side.count(Concorde);
        }
    }

    /// Illusion / Harlequin: the extra card `card` against the target.
    pub(crate) fn extra_card(&self, st: &mut DriftState, card: Card) {
        let target = st.round.target_value;
        let value = self.card_value(st, 1, card, false);
        if !reaches(value, target) {
            return;
        }
        let illusion = st.round.illusion;
        let side = st.chaser();
        if illusion {
            side.points += EFFECTS.illusion_points;
        } else if side.life < side.max_life {
            side.life += EFFECTS.harlequin_life;
        }
    }

    /// End of a round: discard the table; start the next, or end the chase when the chaser
    /// is out.
    #[inline(always)]
    pub(crate) fn end_round(&self, st: &mut DriftState, rng: &mut GameRng) {
        st.clear_table();
        let cs = DriftState::side_index(st.chaser_side);
        let capped = st.chase_rounds >= u32::from(self.rules.max_rounds_per_chase);
        st.capped[cs] |= capped && st.sides[cs].life >= 0;
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
