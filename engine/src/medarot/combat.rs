//! Attacks: ranges, power against armour, weak defence and weak destruction, pierce.

use super::cards::{AttackType, Effects};
use super::game::MedarotGame;
use super::state::{MedarotState, Step, abs_cell, rel};

impl MedarotGame<'_> {
    /// Calls `f(target square, long melee)` for every enemy a medarot of `p`
    /// with this attack type could attack from square `from`.
    ///
    /// Shooting hits 2 squares ahead over anything (also 1 ahead with
    /// `shoot_adjacent`); melee hits 1 ahead, or 2 ahead when the square
    /// between is empty (for 1 HP); from the neutral zone both may also hit
    /// the squares left and right.
    pub(crate) fn attack_targets(
        &self,
        s: &MedarotState,
        p: u8,
        attack: AttackType,
        from: u8,
        mut f: impl FnMut(u8, bool),
    ) {
        let (r, c) = rel(p, from);
        let enemy = |cell: u8| s.at(cell).is_some_and(|(q, _)| q != p);
        let ahead = |d: u8| (r + d <= 2).then(|| abs_cell(p, r + d, c));
        match attack {
            AttackType::Special => return,
            AttackType::Melee => {
                if let Some(one) = ahead(1) {
                    if enemy(one) {
                        f(one, false);
                    } else if let Some(two) = ahead(2).filter(|&t| s.board[one as usize] == 0 && enemy(t)) {
                        f(two, true);
                    }
                }
            }
            AttackType::Shoot => {
                if let Some(one) = ahead(1).filter(|&t| self.rules.shoot_adjacent && enemy(t)) {
                    f(one, false);
                }
                if let Some(two) = ahead(2).filter(|&t| enemy(t)) {
                    f(two, false);
                }
            }
        }
        if r == 1 {
            for side in [c.wrapping_sub(1), c + 1] {
                if side <= 2 && enemy(abs_cell(p, 1, side)) {
                    f(abs_cell(p, 1, side), false);
                }
            }
        }
    }

    /// A unit's power with its side's active boosts.
    pub(crate) fn power(&self, s: &MedarotState, p: u8, slot: u8) -> u16 {
        let pl = &s.players[p as usize];
        let boost: u16 = pl.units.iter().flatten().map(|u| u.boost as u16).sum();
        self.pool.card(pl.unit(slot).top()).power as u16 + boost
    }

    /// A unit's armour with its side's active shields.
    pub(crate) fn armour(&self, s: &MedarotState, p: u8, slot: u8) -> u16 {
        let pl = &s.players[p as usize];
        let shield: u16 = pl.units.iter().flatten().map(|u| u.shield as u16).sum();
        self.pool.card(pl.unit(slot).top()).armour as u16 + shield
    }

    /// The effects of the card on top of a unit.
    pub(crate) fn unit_effects(&self, s: &MedarotState, p: u8, slot: u8) -> Effects {
        self.pool.card(s.players[p as usize].unit(slot).top()).effects
    }

    /// Power ≥ armour destroys (the owner pays the medarot's cost); otherwise the
    /// defender discards power/10 cards of their choice (弱防御).
    pub(crate) fn resolve(&self, s: &mut MedarotState) {
        let a = s.atk;
        let q = 1 - a.p;
        let Some((_, v)) = s.at(a.target) else { return };
        if a.cancelled {
            return;
        }
        let power = self.power(s, a.p, a.slot) + a.power_bonus as u16;
        let armour = self.armour(s, q, v) + a.armour_bonus as u16;
        let effects = self.unit_effects(s, a.p, a.slot);
        if power >= armour {
            if effects.pierce {
                s.push(Step::Pierce);
            }
            let cost = self.pool.card(s.players[q as usize].unit(v).base).cost;
            self.destroy(s, q, v, cost, false);
        } else {
            s.players[q as usize].stats.weak_defences += 1;
            let n = (power / 10).min(u8::MAX as u16) as u8;
            if n == 0 {
                self.lock_after_hit(s);
            } else {
                s.push(Step::WeakCheck);
                s.push(Step::Discard(q, n));
            }
        }
    }

    /// After a weak defence: an empty hand means weak destruction (弱破壊),
    /// costing 1, plus 1 for a medachanged medarot.
    pub(crate) fn weak_check(&self, s: &mut MedarotState) {
        let a = s.atk;
        let q = 1 - a.p;
        let Some((_, v)) = s.at(a.target) else { return };
        if !s.players[q as usize].hand.is_empty() {
            return self.lock_after_hit(s);
        }
        if self.unit_effects(s, a.p, a.slot).pierce {
            s.push(Step::Pierce);
        }
        let cost = 1 + s.players[q as usize].unit(v).change.is_some() as u8;
        self.destroy(s, q, v, cost, true);
    }

    /// An attacker with `lock` locks the target it hit but did not destroy.
    fn lock_after_hit(&self, s: &mut MedarotState) {
        let a = s.atk;
        if let Some((q, v)) = s.at(a.target)
            && self.unit_effects(s, a.p, a.slot).lock
        {
            s.players[q as usize].unit_mut(v).locked_by = Some(a.slot);
        }
    }

    /// A piercing attack goes on to the enemy right behind its destroyed target,
    /// with the same power; that target's owner gets its own 【防御】 window.
    pub(crate) fn pierce(&self, s: &mut MedarotState) {
        let a = s.atk;
        let (r, c) = ((a.target / 3) as i8 + a.dir.0, (a.target % 3) as i8 + a.dir.1);
        if !(0..3).contains(&r) || !(0..3).contains(&c) {
            return;
        }
        let behind = (r * 3 + c) as u8;
        if s.at(behind).is_some_and(|(q, _)| q != a.p) {
            s.atk.target = behind;
            s.atk.armour_bonus = 0;
            s.push(Step::Resolve);
            s.push(Step::DefenceWindow);
        }
    }
}
