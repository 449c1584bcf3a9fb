//! The controlled experiments of the Medarot study: each arm is one deck changed in one
//! way, played on the same games (the same stream) as the unchanged deck.
//!
//! - Card ablation: every copy of one card swapped for the vanilla card of its kind
//!   ([`engine::medarot::VANILLA`], documented in the card file). The change in the
//!   deck's win rate, unchanged minus ablated, is what the card is worth over a plain
//!   card: positive means the card is stronger than the vanilla card of its cost (cheap
//!   for what it does, if the vanilla card is fairly priced), negative weaker. Ablating
//!   a medarot also leaves the deck's medachanges of that name without a base, and the
//!   vanilla medachange stacks on no medarot of any deck (it is a blank card).
//! - Stat steps: every medarot of the deck (and the medachanges of its name) with one
//!   more step of power (+10), armour (+10), speed (+1) or cost (+1), played as renamed
//!   copies appended to the pool, so the opponent's copies of a shared card stay as they
//!   are. The change in win rate per step, and per copy changed, prices the stat.

use anyhow::{Context, Result};
use engine::medarot::{Card, CardId, CardKind, CardPool, Deck, VANILLA};

/// A stat the stat-pricing arms step up.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stat {
    /// Attack power (威力), in steps of 10.
    Power,
    /// Armour (装甲), in steps of 10.
    Armour,
    /// Speed (スピード), in steps of 1.
    Speed,
    /// Cost (コスト) paid when destroyed, in steps of 1.
    Cost,
}

impl Stat {
    /// Every stat, in table order.
    pub const ALL: [Stat; 4] = [Stat::Power, Stat::Armour, Stat::Speed, Stat::Cost];

    /// The stat's name in tables.
    pub fn name(self) -> &'static str {
        match self {
            Stat::Power => "power",
            Stat::Armour => "armour",
            Stat::Speed => "speed",
            Stat::Cost => "cost",
        }
    }

    /// One step of the stat.
    pub fn step(self) -> u8 {
        match self {
            Stat::Power | Stat::Armour => 10,
            Stat::Speed | Stat::Cost => 1,
        }
    }

    /// A copy of `card` one step up (a medachange has no cost of its own: unchanged).
    fn stepped(self, card: &Card) -> Card {
        let mut c = card.clone();
        c.name = format!("{} [{}+{}]", card.name, self.name(), self.step());
        let field = match self {
            Stat::Power => &mut c.power,
            Stat::Armour => &mut c.armour,
            Stat::Speed => &mut c.speed,
            Stat::Cost if card.kind == CardKind::Medarot => &mut c.cost,
            Stat::Cost => return c,
        };
        *field = field.saturating_add(self.step());
        c
    }
}

/// What an arm changes in its deck.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Change {
    /// Every copy of this card swapped for the vanilla card of its kind.
    Ablate(CardId),
    /// Every medarot (and its medachanges) one step up in this stat.
    Step(Stat),
}

/// One deck changed one way.
#[derive(Clone, Debug)]
pub struct Arm {
    /// The deck changed (index into the study's decks).
    pub deck: usize,
    /// The change.
    pub change: Change,
    /// The changed deck.
    pub cards: Deck,
    /// Copies changed.
    pub copies: usize,
}

/// The pool with the stepped copies appended, and every arm: each deck's card
/// ablations (cards with a vanilla card of their kind) and stat steps.
pub fn arms(pool: &CardPool, decks: &[Deck]) -> Result<(CardPool, Vec<Arm>)> {
    let robots: Vec<CardId> = pool
        .iter()
        .filter(|(_, c)| c.kind != CardKind::Medarotter && c.name != VANILLA)
        .filter(|(id, c)| c.kind == CardKind::Medarot || pool.base_of(*id).is_some())
        .map(|(id, _)| id)
        .collect();
    let extra = Stat::ALL.iter().flat_map(|s| robots.iter().map(|&id| s.stepped(pool.card(id))));
    let extended = pool.with_cards(extra.collect::<Vec<_>>()).context("stepped copies of the medarots")?;
    let stepped = |s: usize, id: CardId| {
        robots.iter().position(|&r| r == id).map(|k| CardId((pool.len() + s * robots.len() + k) as u16))
    };
    let mut out = Vec::new();
    for (d, deck) in decks.iter().enumerate() {
        let mut seen: Vec<CardId> = Vec::new();
        for &c in &deck.cards {
            if seen.contains(&c) {
                continue;
            }
            seen.push(c);
            let Some(v) = pool.vanilla(pool.card(c).kind) else { continue };
            let ids: Vec<CardId> = deck.cards.iter().map(|&x| if x == c { v } else { x }).collect();
            let cards = Deck::new(&extended, &deck.name, &ids).context("an ablated deck")?;
            out.push(Arm { deck: d, change: Change::Ablate(c), cards, copies: deck.copies(c) });
        }
        for (s, &stat) in Stat::ALL.iter().enumerate() {
            let ids: Vec<CardId> = deck.cards.iter().map(|&x| stepped(s, x).unwrap_or(x)).collect();
            let copies = deck.cards.iter().filter(|&&x| pool.card(x).kind == CardKind::Medarot).count();
            let cards = Deck::new(&extended, &deck.name, &ids).context("a stepped deck")?;
            out.push(Arm { deck: d, change: Change::Step(stat), cards, copies });
        }
    }
    Ok((extended, out))
}
