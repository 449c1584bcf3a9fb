//! Playing cards: ranks A=1 … K=13 in four suits, plus jokers (void cards).

use super::DriftError;
use std::fmt;
use std::str::FromStr;

/// A suit. Hearts and diamonds are red, spades and clubs black.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Suit {
    /// ♠
    Spades,
    /// ♥
    Hearts,
    /// ♦ (DiamondCutter counts these)
    Diamonds,
    /// ♣
    Clubs,
}

impl Suit {
    /// All suits, in card-code order.
    pub const ALL: [Suit; 4] = [Suit::Spades, Suit::Hearts, Suit::Diamonds, Suit::Clubs];

    /// `true` for hearts and diamonds.
    pub const fn is_red(self) -> bool {
        matches!(self, Suit::Hearts | Suit::Diamonds)
    }

    const fn letter(self) -> char {
        match self {
            Suit::Spades => 'S',
            Suit::Hearts => 'H',
            Suit::Diamonds => 'D',
            Suit::Clubs => 'C',
        }
    }
}

/// One card in one byte: `0` is a joker, otherwise `suit << 4 | rank` with rank 1..=13.
///
/// Text form: rank `A 2 … 10 J Q K` then suit `S H D C` (`"10H"`, `"KD"`), and `"JK"` for
/// a joker.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Card(u8);

impl Card {
    /// The joker: a void card with no number and no colour (数字を持たない無効カード).
    pub const JOKER: Card = Card(0);

    /// The card of `rank` (1..=13) in `suit`; `None` for a rank out of range.
    pub const fn new(rank: u8, suit: Suit) -> Option<Card> {
        if rank >= 1 && rank <= 13 { Some(Card(((suit as u8) << 4) | rank)) } else { None }
    }

    /// `true` for a joker.
    pub const fn is_joker(self) -> bool {
        self.0 == 0
    }

    /// The number A=1 … K=13, and 0 for a joker.
    #[inline]
    pub(crate) const fn number(self) -> u8 {
        self.0 & 0x0f
    }

    /// The number A=1 … K=13; `None` for a joker.
    pub const fn rank(self) -> Option<u8> {
        if self.is_joker() { None } else { Some(self.0 & 0x0f) }
    }

    /// The suit; `None` for a joker.
    pub const fn suit(self) -> Option<Suit> {
        if self.is_joker() { None } else { Some(Suit::ALL[(self.0 >> 4) as usize]) }
    }

    /// `Some(true)` for red, `Some(false)` for black, `None` for a joker (no colour).
    pub const fn is_red(self) -> Option<bool> {
        match self.suit() {
            Some(s) => Some(s.is_red()),
            None => None,
        }
    }

    /// `true` when both cards have a colour and it is the same (DriftMeister, Concorde, Quadriga).
    pub const fn same_colour(self, other: Card) -> bool {
        match (self.is_red(), other.is_red()) {
            (Some(a), Some(b)) => a == b,
            _ => false,
        }
    }

    /// Parses a space-separated list such as `"AS 10H KD JK"`.
    pub fn parse_list(text: &str) -> Result<Vec<Card>, DriftError> {
        text.split_whitespace().map(str::parse).collect()
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.rank(), self.suit()) {
            (Some(rank), Some(suit)) => {
                let r = match rank {
                    1 => "A".to_string(),
                    11 => "J".to_string(),
                    12 => "Q".to_string(),
                    13 => "K".to_string(),
                    n => n.to_string(),
                };
                write!(f, "{r}{}", suit.letter())
            }
            _ => f.write_str("JK"),
        }
    }
}

impl fmt::Debug for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl FromStr for Card {
    type Err = DriftError;

    fn from_str(s: &str) -> Result<Card, DriftError> {
        let bad = || DriftError::BadCard(s.to_string());
        if s.eq_ignore_ascii_case("JK") {
            return Ok(Card::JOKER);
        }
        let split = s.len().checked_sub(1).filter(|&i| s.is_char_boundary(i)).ok_or_else(bad)?;
        let (rank, suit) = s.split_at(split);
        let suit = match suit.to_ascii_uppercase().as_str() {
            "S" => Suit::Spades,
            "H" => Suit::Hearts,
            "D" => Suit::Diamonds,
            "C" => Suit::Clubs,
            _ => return Err(bad()),
        };
        let rank = match rank.to_ascii_uppercase().as_str() {
            "A" => 1,
            "J" => 11,
            "Q" => 12,
            "K" => 13,
            n => n.parse::<u8>().ok().filter(|r| (2..=10).contains(r)).ok_or_else(bad)?,
        };
        Card::new(rank, suit).ok_or_else(bad)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_round_trips_and_rejects_garbage() {
        for text in ["AS", "10H", "KD", "QC", "JK", "7S"] {
            assert_eq!(text.parse::<Card>().unwrap().to_string(), text);
        }
        for bad in ["", "1S", "11H", "KX", "ZZ", "K", "é"] {
            assert!(bad.parse::<Card>().is_err(), "{bad}");
        }
        let kd: Card = "KD".parse().unwrap();
        assert_eq!((kd.rank(), kd.suit()), (Some(13), Some(Suit::Diamonds)));
        assert_eq!((Card::JOKER.rank(), Card::JOKER.is_red()), (None, None));
    }

    #[test]
    fn colours() {
        let c = |s: &str| s.parse::<Card>().unwrap();
        assert!(c("AH").same_colour(c("KD")));
        assert!(c("AS").same_colour(c("2C")));
        assert!(!c("AS").same_colour(c("2D")));
        assert!(!Card::JOKER.same_colour(Card::JOKER));
    }
}
