//! The fixed-size state of a battle in progress: piles, per-side tallies, the round.

use super::card::Card;
use super::hand::Hand;
use super::rules::MAX_DECK;
use super::style::{EFFECTS, Style, StyleSet};
use crate::GameRng;
use rand::RngExt;

/// Card slots in a round: 0 = the leader (先行 or the leading team's 先導), 1..=4 the chasers
/// (the chasing team's 先導 first), [`LEAD_FOLLOWERS`].. the leading team's 後続.
pub(crate) const SLOTS: usize = 8;

/// The slot of the leading team's first 後続 (the others follow).
pub(crate) const LEAD_FOLLOWERS: usize = 5;

/// A pile of cards used as a stack: the top is the last card.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Pile {
    pub(crate) cards: [Card; MAX_DECK],
    pub(crate) len: u8,
}

impl Pile {
    pub(crate) const EMPTY: Pile = Pile { cards: [Card::JOKER; MAX_DECK], len: 0 };

    #[inline]
    pub(crate) fn as_slice(&self) -> &[Card] {
        &self.cards[..self.len as usize]
    }

    pub(crate) fn push(&mut self, card: Card) {
        self.cards[self.len as usize] = card;
        self.len += 1;
    }

    /// Puts `card` at the bottom (cards returned to the deck).
    pub(crate) fn push_bottom(&mut self, card: Card) {
        let n = self.len as usize;
        self.cards.copy_within(0..n, 1);
        self.cards[0] = card;
        self.len += 1;
    }
}

/// What one side (a driver, or a team) has done so far.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Side {
    pub(crate) life: i16,
    pub(crate) max_life: i16,
    pub(crate) points: i32,
    pub(crate) rounds: u32,
    pub(crate) scored: u32,
    pub(crate) lives_lost: i32,
    pub(crate) first_scored: bool,
    /// Consecutive scoring rounds in the current chase.
    pub(crate) streak: u16,
    /// Legal High in force (as leader or chaser, reset at each chase).
    pub(crate) legal_high: bool,
    /// SpeedMaster uses left in this chase.
    pub(crate) speed_master_left: u8,
    pub(crate) uses: [u16; Style::COUNT],
}

impl Side {
    /// A scoring round worth `points`.
    #[inline]
    pub(crate) fn score(&mut self, points: i32) {
        self.points += points;
        self.scored += 1;
        self.streak += 1;
    }

    /// A failed round costing `loss` lives: the streak ends (and the own Legal High, see
    /// [`DriftState::set_legal_high`]).
    #[inline]
    pub(crate) fn fail(&mut self, loss: i16) {
        self.life -= loss;
        self.lives_lost += i32::from(loss);
        self.streak = 0;
    }

    pub(crate) fn count(&mut self, style: Style) {
        let u = &mut self.uses[style as usize];
        *u = u.saturating_add(1);
    }
}

/// Where the battle stands: the decision pending, or the step the flow resumes at.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Step {
    Deal,
    Reveal(u8),
    SpeedMaster(u8),
    LegalHigh(u8),
    Supernova,
    Indra,
    LeaderGungnir,
    LeaderPick,
    /// The pick of the leading team's 後続 in slot `s` (team battle).
    FollowerLeadPick(u8),
    ChaserGungnir(u8),
    Illusion(u8),
    Harlequin(u8),
    ChaserPick(u8),
    BonusPick,
    Phantom,
    Over,
}

/// The declarations before the leader's draw, in order.
pub(crate) const PRE_ROUND: [Step; 7] = [
    Step::SpeedMaster(0),
    Step::SpeedMaster(1),
    Step::LegalHigh(0),
    Step::LegalHigh(1),
    Step::Supernova,
    Step::Indra,
    Step::LeaderGungnir,
];

impl Step {
    /// Chaser `m`'s declaration `i` before its draw: 0 Gungnir, 1 Illusion, 2 Harlequin.
    #[inline]
    pub(crate) const fn chaser(m: u8, i: u32) -> Step {
        match i {
            0 => Step::ChaserGungnir(m),
            1 => Step::Illusion(m),
            _ => Step::Harlequin(m),
        }
    }
}

/// The cards and declarations of the round in progress.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Round {
    pub(crate) target: Card,
    pub(crate) has_target: bool,
    /// The target's effective number (`None`: a joker target).
    pub(crate) target_value: Option<i16>,
    /// The target is a revealed Gungnir card (counts as a K).
    pub(crate) target_k: bool,
    pub(crate) played: [Card; SLOTS],
    pub(crate) played_k: [bool; SLOTS],
    pub(crate) supernova: bool,
    pub(crate) indra: bool,
    pub(crate) gungnir: [bool; SLOTS],
    pub(crate) illusion: bool,
    pub(crate) harlequin: bool,
    pub(crate) scored: bool,
    pub(crate) life_lost: i16,
    /// SpeedMaster: hand indices marked for exchange.
    pub(crate) toss_mask: u32,
}

/// Whether card slot `slot` plays for the leading side (its 先導 or a 後続).
#[inline]
pub(crate) const fn is_lead_slot(slot: usize) -> bool {
    slot == 0 || slot >= LEAD_FOLLOWERS
}

/// A drift battle in progress. Fixed size: playing allocates nothing.
#[derive(Clone, Debug)]
pub struct DriftState {
    pub(crate) deck: Pile,
    pub(crate) discard: Pile,
    pub(crate) hands: [Hand; SLOTS],
    /// Cards in play this round (go to the discards at its end).
    pub(crate) table: [Card; 8],
    pub(crate) table_len: u8,
    /// A drawn card waiting for the pick (play it or exchange it).
    pub(crate) drawn: Option<Card>,
    pub(crate) sides: [Side; 2],
    pub(crate) act: [StyleSet; SLOTS],
    /// What each slot's modifiers add to its card numbers now: Juggernaut, Swastika, Remora
    /// for the chase, and Legal High while in force.
    pub(crate) bonus: [i16; SLOTS],
    pub(crate) quadriga: bool,
    pub(crate) brotherhood: bool,
    /// The chase needs [`DriftGame::resolve_styled`](super::game::DriftGame): its chasers hold
    /// a style changing points or lives beyond Indra and Supernova.
    pub(crate) styled_scoring: bool,
    pub(crate) chase: u8,
    pub(crate) leader_side: u8,
    pub(crate) chaser_side: u8,
    pub(crate) members: u8,
    /// Members of the leading team (1 outside team battle).
    pub(crate) lead_members: u8,
    /// Round declarations that can be offered in this chase, bit `i` for [`PRE_ROUND`]`[i]`.
    pub(crate) pre_round: u8,
    /// Per chaser slot: its declarations that can be offered, bit `i` for
    /// [`Step::chaser`]`(m, i)` (Gungnir, Illusion, Harlequin).
    pub(crate) chaser_asks: [u8; SLOTS],
    pub(crate) chase_rounds: u32,
    /// Per side: its chase stopped at the round cap.
    pub(crate) capped: [bool; 2],
    pub(crate) round: Round,
    pub(crate) step: Step,
    pub(crate) to_move: Option<u8>,
    /// The card slot whose decision is pending.
    pub(crate) slot: u8,
}

impl DriftState {
    pub(crate) fn new() -> DriftState {
        DriftState {
            deck: Pile::EMPTY,
            discard: Pile::EMPTY,
            hands: [Hand::EMPTY; SLOTS],
            table: [Card::JOKER; 8],
            table_len: 0,
            drawn: None,
            sides: [Side::default(); 2],
            act: [StyleSet::EMPTY; SLOTS],
            bonus: [0; SLOTS],
            quadriga: false,
            brotherhood: false,
            styled_scoring: false,
            chase: 0,
            leader_side: 0,
            chaser_side: 1,
            members: 1,
            lead_members: 1,
            pre_round: 0,
            chaser_asks: [0; SLOTS],
            chase_rounds: 0,
            capped: [false; 2],
            round: Round::default(),
            step: Step::Over,
            to_move: None,
            slot: 0,
        }
    }

    /// The index in [`DriftState::sides`] of seat `seat`, which is 0 or 1: the mask says so
    /// to the compiler, which then checks no bounds.
    #[inline]
    pub(crate) fn side_index(seat: u8) -> usize {
        usize::from(seat & 1)
    }

    /// The chaser's side.
    #[inline]
    pub(crate) fn chaser(&mut self) -> &mut Side {
        &mut self.sides[Self::side_index(self.chaser_side)]
    }

    /// The leader's side.
    #[inline]
    pub(crate) fn leader(&mut self) -> &mut Side {
        &mut self.sides[Self::side_index(self.leader_side)]
    }

    /// The card slot whose decision is pending, capped at the last slot (which it never
    /// exceeds), so that the compiler checks no bounds where it indexes a slot's hand,
    /// styles and bonus.
    #[inline]
    pub(crate) fn deciding_slot(&self) -> usize {
        usize::from(self.slot).min(SLOTS - 1)
    }

    /// The seat playing card slot `slot` (0 and the leading 後続: the leader).
    #[inline]
    pub(crate) fn seat_of(&self, slot: usize) -> u8 {
        if is_lead_slot(slot) { self.leader_side } else { self.chaser_side }
    }

    /// The side playing card slot `slot`.
    #[inline]
    pub(crate) fn side_of(&mut self, slot: usize) -> &mut Side {
        &mut self.sides[Self::side_index(self.seat_of(slot))]
    }

    /// Puts the Legal High of `slot`'s side in or out of force, and its bonus on `slot`'s
    /// card numbers (only slots 0 and 1 hold Legal High).
    #[inline]
    pub(crate) fn set_legal_high(&mut self, slot: usize, on: bool) {
        let side = self.side_of(slot);
        if side.legal_high != on {
            side.legal_high = on;
            self.bonus[slot] += if on { EFFECTS.legal_high_bonus } else { -EFFECTS.legal_high_bonus };
        }
    }

    /// Draws one card: a uniform card of the deck (lazy Fisher–Yates), or the top card
    /// with a fixed deck order. An empty deck first takes the discards back.
    #[inline(always)]
    pub(crate) fn draw(&mut self, fixed: bool, rng: &mut GameRng) -> Card {
        if self.deck.len == 0 {
            self.refill();
        }
        let n = self.deck.len as usize;
        debug_assert!(n > 0, "hand caps keep cards in the deck or discards");
        if n == 0 {
            return Card::JOKER;
        }
        if !fixed {
            let j = rng.random_range(0..n as u32) as usize;
            self.deck.cards.swap(j, n - 1);
        }
        self.deck.len -= 1;
        self.deck.cards[n - 1]
    }

    /// The discards become the deck, the first discarded on top (drawn first with a fixed
    /// order; the order is irrelevant to random draws).
    #[cold]
    #[inline(never)]
    fn refill(&mut self) {
        let n = self.discard.len as usize;
        self.deck.cards[..n].copy_from_slice(&self.discard.cards[..n]);
        self.deck.cards[..n].reverse();
        self.deck.len = n as u8;
        self.discard.len = 0;
    }

    /// Puts `card` on the table. At most 5 cards are on it at once (a team's round), so
    /// the index is masked to the table's 8 places, which the compiler then checks no more.
    #[inline]
    pub(crate) fn put_on_table(&mut self, card: Card) {
        self.table[usize::from(self.table_len) & 7] = card;
        self.table_len += 1;
    }

    pub(crate) fn clear_table(&mut self) {
        let (n, at) = (self.table_len as usize, self.discard.len as usize);
        if at + self.table.len() <= MAX_DECK {
            // A fixed-size copy is a single move; the cards past `n` are not counted.
            self.discard.cards[at..at + self.table.len()].copy_from_slice(&self.table);
        } else {
            self.discard.cards[at..at + n].copy_from_slice(&self.table[..n]);
        }
        self.discard.len += n as u8;
        self.table_len = 0;
    }

    /// Cards held in all hands.
    pub(crate) fn cards_in_hands(&self) -> usize {
        self.hands.iter().map(|h| h.len as usize).sum()
    }

    /// Counts of every card (index 0 = joker, else `suit * 13 + rank`) over deck, discards,
    /// hands, table and the drawn card: conservation holds when this equals the full deck's.
    pub(crate) fn card_census(&self) -> [u16; 53] {
        let mut census = [0u16; 53];
        let mut add = |c: Card| {
            let i = match (c.rank(), c.suit()) {
                (Some(r), Some(s)) => s as usize * 13 + r as usize,
                _ => 0,
            };
            census[i] += 1;
        };
        self.deck.as_slice().iter().for_each(|&c| add(c));
        self.discard.as_slice().iter().for_each(|&c| add(c));
        self.hands.iter().for_each(|h| h.as_slice().iter().for_each(|&c| add(c)));
        self.table[..self.table_len as usize].iter().for_each(|&c| add(c));
        self.drawn.into_iter().for_each(add);
        census
    }
}
