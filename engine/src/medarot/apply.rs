//! Applying a decision to the pending step.

use super::cards::{CardKind, Dir, Timing};
use super::game::{Action, MedarotGame, Source};
use super::rules::PowerChangeCost;
use super::state::{MedarotState, NO_CELL, Step, StockSlot, step_cell};

impl MedarotGame<'_> {
    /// Applies `action` to the decision on top of the stack (the action must be legal).
    #[inline(always)]
    pub(crate) fn act(&self, s: &mut MedarotState, action: Action) {
        let step = s.top().expect("a decision is pending");
        match (step, action) {
            (Step::OpeningMaster(p) | Step::PickMaster(p), Action::Master(i)) => {
                s.pop();
                self.set_master(s, p, i as usize);
            }
            (Step::OpeningStock(p) | Step::DrawStock(p), Action::Stock { hand, slot }) => {
                self.stock(s, p, hand, slot);
            }
            (Step::OpeningPlace(p), Action::Place { hand, cell }) => self.place(s, p, hand as usize, cell),
            (Step::PlaceOwed(p), Action::Place { hand, cell }) => {
                self.place(s, p, hand as usize, cell);
                let pl = &mut s.players[p as usize];
                pl.owed -= 1;
                pl.owed_opening = pl.owed_opening.saturating_sub(1);
            }
            (Step::ExtraDraw(p), Action::ExtraDraw(n)) => {
                s.pop();
                s.players[p as usize].stats.extra_draws += 1;
                self.pay(s, p, 1);
                self.draw_up_to(s, p, n);
            }
            (Step::Discard(p, n), Action::Discard(i)) => {
                self.discard(s, p, i as usize);
                s.set_top(Step::Discard(p, n - 1));
            }
            (Step::DestroyDraw(p), Action::Draw(n)) => {
                s.pop();
                self.draw_up_to(s, p, n);
            }
            (Step::PickActor(p), Action::Pick(slot)) => {
                s.pop();
                self.begin_activation(s, p, slot);
            }
            (Step::Activation, _) => self.activation(s, action),
            (Step::AttackWindow | Step::DefenceWindow, Action::Use { src, evict, force }) => {
                self.use_card(s, s.decider(step), src, evict, force);
            }
            (_, Action::Done) => s.pop(),
            _ => panic!("action {action:?} does not fit the pending step {step:?}"),
        }
    }

    /// A decision of the acting medarot.
    fn activation(&self, s: &mut MedarotState, action: Action) {
        let (p, slot) = (s.act.p, s.act.slot);
        let pi = p as usize;
        match action {
            Action::Done => {
                s.pop();
                if self.move_penalty_due(s) {
                    s.players[pi].stats.move_penalties += 1;
                    self.pay(s, p, 1);
                }
            }
            Action::Move(dir) => self.move_unit(s, p, slot, dir),
            Action::Attack { cell, long } => {
                s.act.acted = true;
                s.act.attacked = true;
                s.players[pi].stats.attacks += 1;
                if long {
                    s.players[pi].stats.long_melee += 1;
                    if !self.pay(s, p, 1) {
                        return;
                    }
                }
                if !self.pay_power_change(s, p, slot) {
                    return;
                }
                let from = s.players[pi].unit(slot).cell;
                let dir =
                    (((cell / 3) as i8 - (from / 3) as i8).signum(), ((cell % 3) as i8 - (from % 3) as i8).signum());
                s.atk = super::state::AttackCtx { p, slot, target: cell, dir, ..Default::default() };
                s.push(Step::Resolve);
                s.push(Step::DefenceWindow);
                s.push(Step::AttackWindow);
            }
            Action::Special(target) => {
                s.act.acted = true;
                s.players[pi].stats.specials += 1;
                if !self.pay_power_change(s, p, slot) {
                    return;
                }
                let e = self.unit_effects(s, p, slot);
                let u = s.players[pi].unit_mut(slot);
                u.boost = e.boost;
                u.shield = e.shield;
                if target != NO_CELL
                    && let Some((q, v)) = s.at(target)
                {
                    s.players[q as usize].unit_mut(v).locked_by = Some(slot);
                }
                self.heal(s, p, e.heal);
                if e.disrupt > 0 {
                    s.push(Step::Discard(1 - p, e.disrupt));
                }
                if e.draw > 0 {
                    self.draw_up_to(s, p, e.draw);
                }
            }
            Action::Medachange(i) => {
                s.act.acted = true;
                let pl = &mut s.players[pi];
                let card = pl.hand.take(i as usize);
                pl.unit_mut(slot).change = Some(card);
                pl.played.insert(card);
                pl.stats.medachanges += 1;
                if self.rules.power_change_cost == PowerChangeCost::OnChange
                    && self.pool.card(card).effects.power_change
                {
                    self.pay(s, p, 1);
                }
            }
            Action::Release => {
                s.act.acted = true;
                let pl = &mut s.players[pi];
                let card = pl.unit_mut(slot).change.take().expect("a stacked medachange");
                pl.trash.push(card);
                pl.stats.releases += 1;
            }
            Action::Swap { hand, cell } => {
                s.pop();
                let old = self.remove_unit(s, p, slot);
                let pl = &mut s.players[pi];
                pl.trash.push(old.base);
                old.change.into_iter().for_each(|c| pl.trash.push(c));
                pl.stats.swaps += 1;
                self.place(s, p, hand as usize, cell);
            }
            Action::Use { src, evict, force } => self.use_card(s, p, src, evict, force),
            Action::Stock { hand, slot } => self.stock(s, p, hand, slot),
            _ => panic!("action {action:?} is not a medarot's action"),
        }
    }

    /// A power form pays 1 HP each time it acts (under `each_action`).
    fn pay_power_change(&self, s: &mut MedarotState, p: u8, slot: u8) -> bool {
        let power_change = self.unit_effects(s, p, slot).power_change;
        !(power_change && self.rules.power_change_cost == PowerChangeCost::EachAction) || self.pay(s, p, 1)
    }

    fn move_unit(&self, s: &mut MedarotState, p: u8, slot: u8, dir: Dir) {
        let u = s.players[p as usize].unit_mut(slot);
        let to = step_cell(p, u.cell, dir).expect("a square on the board");
        let from = std::mem::replace(&mut u.cell, to);
        s.board[to as usize] = s.board[from as usize];
        s.board[from as usize] = 0;
        s.act.moved = true;
        s.players[p as usize].stats.moves += 1;
    }

    /// Puts the medarotter at hand index `hand` into stock `slot`, trashing the unused card there.
    fn stock(&self, s: &mut MedarotState, p: u8, hand: u8, slot: u8) {
        let pl = &mut s.players[p as usize];
        let card = pl.hand.take(hand as usize);
        if let Some(old) = pl.stock[slot as usize].replace(StockSlot { card, used: false }) {
            pl.trash.push(old.card);
        }
    }

    /// Uses a medarotter: pays its cost (`force` from the medaforce reserve, the
    /// rest in HP), marks it used, and applies its effects.
    pub(crate) fn use_card(&self, s: &mut MedarotState, p: u8, src: Source, evict: u8, force: u8) {
        let pl = &mut s.players[p as usize];
        let card = match src {
            Source::Stock(i) => {
                let x = pl.stock[i as usize].as_mut().expect("a stocked card");
                x.used = true;
                pl.stats.medarotters_used += 1;
                x.card
            }
            Source::Hand(i) => {
                if evict != u8::MAX {
                    let old = pl.stock[evict as usize].take().expect("a stocked card");
                    pl.trash.push(old.card);
                }
                let card = pl.hand.take(i as usize);
                let slot = pl.stock.iter().position(|x| x.is_none()).expect("a free stock slot");
                pl.stock[slot] = Some(StockSlot { card, used: true });
                pl.stats.medarotters_used += 1;
                card
            }
            Source::Master => {
                pl.master_used = true;
                pl.stats.master_uses += 1;
                pl.master.expect("a master")
            }
        };
        pl.played.insert(card);
        for _ in 0..force {
            let c = pl.reserve.pop().expect("medaforce in reserve");
            pl.trash.push(c);
        }
        pl.stats.medaforce_spent += force as u16;
        let c = self.pool.card(card);
        debug_assert!(c.kind == CardKind::Medarotter);
        if !self.pay(s, p, c.cost - force) {
            return;
        }
        let e = c.effects;
        match c.timing {
            Timing::Action => s.atk.power_bonus = s.atk.power_bonus.saturating_add(e.power),
            Timing::Defence => {
                s.atk.armour_bonus = s.atk.armour_bonus.saturating_add(e.armour);
                s.atk.cancelled |= e.cancel;
            }
            Timing::Trigger => {}
        }
        self.heal(s, p, e.heal);
        if e.disrupt > 0 {
            s.push(Step::Discard(1 - p, e.disrupt));
        }
        if e.draw > 0 {
            self.draw_up_to(s, p, e.draw);
        }
    }
}
