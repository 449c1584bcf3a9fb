//! What a player's hand and stock allow: the hand's cards by kind, and every
//! way to use a medarotter (source, stock slot to clear, medaforce spent).

use super::cards::{CardKind, CardSet, Timing};
use super::game::{MedarotGame, Source};
use super::state::MedarotState;

/// Hand indices by card kind, one bit per index (a hand holds at most 30 cards).
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct HandKinds {
    pub medarot: u32,
    pub medachange: u32,
    pub medarotter: u32,
}

/// The set bits of `mask`, ascending, as hand indices.
pub(crate) fn bits(mut mask: u32) -> impl Iterator<Item = u8> {
    std::iter::from_fn(move || {
        let i = mask.trailing_zeros();
        mask &= mask.wrapping_sub(1);
        (i < 32).then_some(i as u8)
    })
}

impl MedarotGame<'_> {
    /// The hand indices (first copy of each card id) of each kind, as bit masks.
    pub(crate) fn hand_kinds(&self, s: &MedarotState, p: u8) -> HandKinds {
        let hand = s.players[p as usize].hand.as_slice();
        let mut kinds = HandKinds::default();
        // The ids met so far: a later copy is skipped without searching the hand.
        let mut seen = CardSet::EMPTY;
        for (i, &c) in hand.iter().enumerate() {
            if seen.contains(c) {
                continue;
            }
            seen.insert(c);
            let mask = match self.pool.card(c).kind {
                CardKind::Medarot => &mut kinds.medarot,
                CardKind::Medachange => &mut kinds.medachange,
                CardKind::Medarotter => &mut kinds.medarotter,
            };
            *mask |= 1 << i;
        }
        kinds
    }

    /// Calls `f(src, evict, force)` for every way `p` can use a medarotter of `timing` now.
    pub(crate) fn usable(
        &self,
        s: &MedarotState,
        p: u8,
        timing: Timing,
        rotters: u32,
        mut f: impl FnMut(Source, u8, u8),
    ) {
        let pl = &s.players[p as usize];
        let mut pay = |src: Source, evict: u8, cost: u8| {
            let lo = (cost as i16 - pl.hp).max(0) as u8;
            let hi = cost.min(pl.reserve.len() as u8);
            for force in lo..=hi {
                f(src, evict, force);
            }
        };
        for (i, slot) in pl.stock.iter().enumerate() {
            if let Some(x) = slot.filter(|x| !x.used) {
                let card = self.pool.card(x.card);
                if card.timing == timing {
                    pay(Source::Stock(i as u8), u8::MAX, card.cost);
                }
            }
        }
        let free = pl.stock.iter().any(|x| x.is_none());
        for i in bits(rotters) {
            let card = self.pool.card(pl.hand.as_slice()[i as usize]);
            if card.timing != timing {
                continue;
            }
            if free {
                pay(Source::Hand(i), u8::MAX, card.cost);
            } else {
                for (slot, x) in pl.stock.iter().enumerate() {
                    if x.is_some_and(|x| !x.used) {
                        pay(Source::Hand(i), slot as u8, card.cost);
                    }
                }
            }
        }
        if let Some(m) = pl.master {
            let card = self.pool.card(m);
            if card.timing == timing && timing != Timing::Trigger && !pl.master_used {
                pay(Source::Master, u8::MAX, card.cost);
            }
        }
    }
}
