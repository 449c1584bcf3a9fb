//! One hand of cards, with the count of each number it holds kept up to date as it changes.

use super::card::Card;

/// Most cards one hand can hold.
pub(crate) const HAND_MAX: usize = 32;
/// "No card" marker for hand indices.
pub(crate) const NONE: u8 = u8::MAX;

/// Bits per number in [`NumberCounts`]: room for every copy of a number in two decks (8),
/// and for the jokers (at most 4).
const COUNT_BITS: u32 = 4;
/// The counts of the numbers A..K (not the jokers') in [`NumberCounts`].
const NUMBERED: u64 = (1 << (14 * COUNT_BITS)) - (1 << COUNT_BITS);

/// How many cards of each number a hand holds, [`COUNT_BITS`] bits per number: number `n`
/// (A=1 … K=13, 0 for the jokers) at bit `n × COUNT_BITS`, so that the highest and the
/// lowest number held are one bit scan away.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct NumberCounts(u64);

impl NumberCounts {
    /// The counts of `cards`, from scratch (for the checks of tests).
    #[cfg(test)]
    pub(crate) fn of(cards: &[Card]) -> NumberCounts {
        let mut counts = NumberCounts::default();
        cards.iter().for_each(|&c| counts.add(c));
        counts
    }

    #[inline]
    fn one(card: Card) -> u64 {
        1 << (u32::from(card.number()) * COUNT_BITS)
    }

    #[inline]
    fn add(&mut self, card: Card) {
        self.0 += Self::one(card);
    }

    #[inline]
    fn remove(&mut self, card: Card) {
        self.0 -= Self::one(card);
    }

    /// These counts and `card` (a drawn card beside the hand).
    #[inline]
    pub(crate) fn with(mut self, card: Card) -> NumberCounts {
        self.add(card);
        self
    }

    /// The highest number held (0: jokers only, or no card).
    #[inline]
    pub(crate) fn highest(self) -> u8 {
        ((u64::BITS - 1 - (self.0 | 1).leading_zeros()) / COUNT_BITS) as u8
    }

    /// The lowest number from `least` (1..=14) on that is held.
    #[inline]
    pub(crate) fn lowest_from(self, least: u32) -> Option<u8> {
        let from = self.0 & NUMBERED & (u64::MAX << (least * COUNT_BITS));
        (from != 0).then(|| (from.trailing_zeros() / COUNT_BITS) as u8)
    }

    /// `true` when a joker is held.
    #[inline]
    pub(crate) fn has_joker(self) -> bool {
        self.0 & ((1 << COUNT_BITS) - 1) != 0
    }
}

/// One hand; `revealed` is the index of a Gungnir card shown face up, or [`NONE`]. The cards
/// change only through its methods, which keep [`Hand::numbers`] up to date.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Hand {
    cards: [Card; HAND_MAX],
    /// Cards held (read it; the methods change it).
    pub(crate) len: u8,
    pub(crate) revealed: u8,
    numbers: NumberCounts,
}

impl Hand {
    pub(crate) const EMPTY: Hand =
        Hand { cards: [Card::JOKER; HAND_MAX], len: 0, revealed: NONE, numbers: NumberCounts(0) };

    #[inline]
    pub(crate) fn as_slice(&self) -> &[Card] {
        &self.cards[..self.len as usize]
    }

    /// The count of each number held.
    #[inline]
    pub(crate) fn numbers(&self) -> NumberCounts {
        self.numbers
    }

    pub(crate) fn push(&mut self, card: Card) {
        self.cards[self.len as usize] = card;
        self.len += 1;
        self.numbers.add(card);
    }

    /// Puts `card` in place of card `i`, which it returns.
    #[inline]
    pub(crate) fn replace(&mut self, i: usize, card: Card) -> Card {
        let old = std::mem::replace(&mut self.cards[i], card);
        self.numbers.remove(old);
        self.numbers.add(card);
        old
    }

    /// Takes card `i` out, the last card filling its place.
    pub(crate) fn swap_remove(&mut self, i: usize) -> Card {
        let card = self.cards[i];
        self.len -= 1;
        self.cards[i] = self.cards[self.len as usize];
        self.numbers.remove(card);
        card
    }

    /// The index of the first card of number `n` (A=1 … K=13, 0 for a joker), which the
    /// hand must hold: eight cards at a time, each card's number a byte, the bytes equal to
    /// `n` found at once.
    #[inline]
    pub(crate) fn first_of(&self, n: u8) -> usize {
        const ONES: u64 = u64::from_le_bytes([1; 8]);
        let (chunks, _) = self.cards.as_chunks::<8>();
        for (c, chunk) in chunks.iter().enumerate() {
            let diff = u64::from_le_bytes(chunk.map(Card::number)) ^ (ONES * u64::from(n));
            // Numbers are below 16: only a zero byte borrows, and the lowest flagged byte is
            // the first card of number `n`.
            let zero = diff.wrapping_sub(ONES) & !diff & (ONES << 7);
            if zero != 0 {
                return c * 8 + (zero.trailing_zeros() / 8) as usize;
            }
        }
        0
    }

    /// Hand indices that may be played or chosen (all but a revealed Gungnir card).
    #[inline]
    pub(crate) fn playable(&self) -> impl Iterator<Item = u8> + '_ {
        (0..self.len).filter(move |&i| i != self.revealed)
    }

    #[inline]
    pub(crate) fn playable_count(&self) -> usize {
        self.len as usize - usize::from(self.revealed != NONE)
    }

    /// `true` when a card may be played ([`Hand::playable_count`] is not 0).
    #[inline]
    pub(crate) fn has_playable(&self) -> bool {
        self.len > u8::from(self.revealed != NONE)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_follow_the_hand() {
        let card = |s: &str| s.parse::<Card>().unwrap();
        let mut hand = Hand::EMPTY;
        assert_eq!((hand.numbers().highest(), hand.numbers().lowest_from(1)), (0, None));
        for c in ["7S", "JK", "7H", "KD"] {
            hand.push(card(c));
        }
        let n = hand.numbers();
        assert_eq!((n.highest(), n.lowest_from(1), n.lowest_from(8), n.lowest_from(14)), (13, Some(7), Some(13), None));
        assert!(n.has_joker());
        assert_eq!(hand.replace(1, card("2C")), Card::JOKER);
        assert_eq!(hand.swap_remove(3), card("KD"));
        assert_eq!(hand.numbers(), NumberCounts::of(hand.as_slice()));
        assert_eq!(
            (hand.numbers().highest(), hand.numbers().lowest_from(3), hand.numbers().has_joker()),
            (7, Some(7), false)
        );
        for c in ["AS", "3S", "4S", "5S", "6S", "8S", "9S", "JK", "2H", "QH", "JK"] {
            hand.push(card(c));
        }
        for &c in hand.as_slice() {
            let n = c.number();
            assert_eq!(hand.first_of(n), hand.as_slice().iter().position(|d| d.number() == n).unwrap());
        }
    }
}
