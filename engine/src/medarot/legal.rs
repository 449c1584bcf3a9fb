//! The legal actions of the pending decision.
//!
//! Hand cards with the same id are interchangeable: only the first index of
//! each id is offered, so every action has a distinct effect.

use super::cards::{AttackType, Dir, Timing};
use super::game::{Action, MedarotGame};
use super::hand::bits;
use super::rules::PowerChangeCost;
use super::state::{DRAW_UP_TO, MedarotState, NO_CELL, Step, rel, step_cell};

impl MedarotGame<'_> {
    /// Writes the legal actions of the pending decision into `out` (cleared by the caller).
    #[inline(always)]
    pub(crate) fn legal(&self, s: &MedarotState, out: &mut Vec<Action>) {
        let Some(step) = s.top().filter(|_| s.over.is_none()) else {
            return;
        };
        match step {
            Step::OpeningMaster(p) | Step::PickMaster(p) => {
                out.extend(bits(self.hand_kinds(s, p).medarotter).map(Action::Master));
            }
            Step::OpeningStock(p) | Step::DrawStock(p) => {
                out.push(Action::Done);
                self.stock_actions(s, p, self.hand_kinds(s, p).medarotter, out);
            }
            Step::OpeningPlace(p) => bits(self.hand_kinds(s, p).medarot).for_each(|hand| {
                self.opening_cells(s, p, |cell| out.push(Action::Place { hand, cell }));
            }),
            Step::PlaceOwed(p) => bits(self.hand_kinds(s, p).medarot).for_each(|hand| {
                self.owed_cells(s, p, |cell| out.push(Action::Place { hand, cell }));
            }),
            Step::ExtraDraw(p) => {
                out.push(Action::Done);
                let n = s.players[p as usize].deck.len().min(DRAW_UP_TO as usize) as u8;
                out.extend((1..=n).map(Action::ExtraDraw));
            }
            Step::Discard(p, _) => {
                let hand = s.players[p as usize].hand.as_slice();
                out.extend(
                    (0..hand.len()).filter(|&i| !hand[..i].contains(&hand[i])).map(|i| Action::Discard(i as u8)),
                );
            }
            Step::DestroyDraw(p) => {
                let n = s.players[p as usize].deck.len().min(DRAW_UP_TO as usize) as u8;
                out.extend((0..=n).map(Action::Draw));
            }
            Step::PickActor(_) => {
                out.extend((0..3).filter(|b| s.tie & (1 << b) != 0).map(Action::Pick));
            }
            Step::Activation => self.activation_actions(s, out),
            Step::AttackWindow | Step::DefenceWindow => {
                out.push(Action::Done);
                let timing = if step == Step::AttackWindow { Timing::Action } else { Timing::Defence };
                let p = s.decider(step);
                let rotters = self.hand_kinds(s, p).medarotter;
                self.usable(s, p, timing, rotters, |src, evict, force| {
                    out.push(Action::Use { src, evict, force });
                });
            }
            Step::HandLimit(_) | Step::Resolve | Step::WeakCheck | Step::Pierce => {
                unreachable!("automatic step {step:?} left pending")
            }
        }
    }

    /// Putting a medarotter into the first empty stock slot, or over an unused one when full.
    fn stock_actions(&self, s: &MedarotState, p: u8, rotters: u32, out: &mut Vec<Action>) {
        let stock = &s.players[p as usize].stock;
        let empty = stock.iter().position(|x| x.is_none());
        bits(rotters).for_each(|hand| match empty {
            Some(slot) => out.push(Action::Stock { hand, slot: slot as u8 }),
            None => {
                for (slot, x) in stock.iter().enumerate() {
                    if x.is_some_and(|x| !x.used) {
                        out.push(Action::Stock { hand, slot: slot as u8 });
                    }
                }
            }
        });
    }

    /// Everything the acting medarot may do now.
    fn activation_actions(&self, s: &MedarotState, out: &mut Vec<Action>) {
        let act = s.act;
        let (p, slot) = (act.p, act.slot);
        let pl = &s.players[p as usize];
        let u = pl.unit(slot);
        let top = self.pool.card(u.top());
        let free = u.locked_by.is_none();
        let kinds = self.hand_kinds(s, p);
        out.push(Action::Done);
        if !act.moved && free {
            for dir in Dir::ALL {
                if top.arrows.has(dir)
                    && step_cell(p, u.cell, dir).is_some_and(|c| rel(p, c).0 != 2 && s.board[c as usize] == 0)
                {
                    out.push(Action::Move(dir));
                }
            }
        }
        if !act.acted && free {
            let hp = pl.hp;
            let pc = (top.effects.power_change && self.rules.power_change_cost == PowerChangeCost::EachAction) as i16;
            match top.attack {
                AttackType::Special if hp >= pc => {
                    if top.effects.lock {
                        let enemies = s.players[1 - p as usize].units.iter().flatten();
                        out.extend(enemies.map(|e| Action::Special(e.cell)));
                    } else {
                        out.push(Action::Special(NO_CELL));
                    }
                }
                AttackType::Special => {}
                attack => self.attack_targets(s, p, attack, u.cell, |cell, long| {
                    if hp >= pc + long as i16 {
                        out.push(Action::Attack { cell, long });
                    }
                }),
            }
            match u.change {
                Some(_) => out.push(Action::Release),
                None => {
                    for i in bits(kinds.medachange) {
                        let c = pl.hand.as_slice()[i as usize];
                        let on_change = self.rules.power_change_cost == PowerChangeCost::OnChange
                            && self.pool.card(c).effects.power_change;
                        if self.pool.base_of(c) == Some(u.base) && hp >= on_change as i16 {
                            out.push(Action::Medachange(i));
                        }
                    }
                }
            }
            if !act.moved {
                bits(kinds.medarot).for_each(|hand| {
                    if rel(p, u.cell).0 == 0 {
                        out.push(Action::Swap { hand, cell: u.cell });
                    } else {
                        self.replacement_cells(s, p, |cell| out.push(Action::Swap { hand, cell }));
                    }
                });
            }
        }
        self.usable(s, p, Timing::Trigger, kinds.medarotter, |src, evict, force| {
            out.push(Action::Use { src, evict, force })
        });
        self.stock_actions(s, p, kinds.medarotter, out);
    }
}
