//! Text notation for tiles and hands: tenhou-style mpsz, extended for Gotō.
//!
//! The notation is described on [`parse_tiles`](super::parse_tiles), which reads a hand
//! checked against a tile set (in `tileset.rs`).

use super::tile::{Flower, PhysTile, Suit, Tile};
use std::fmt;
use std::str::FromStr;

/// The literal macro for tile kinds: `t!(5m)`, `t!(1z)`; a bad literal is a
/// compile error.
///
/// ```
/// use engine::{mahjong::Tile, t};
/// assert_eq!(t!(7z), Tile::CHUN);
/// ```
/// ```compile_fail
/// let _ = engine::t!(8z);
/// ```
#[macro_export]
macro_rules! t {
    ($lit:tt) => {
        const {
            match $crate::mahjong::Tile::from_literal(stringify!($lit)) {
                Some(t) => t,
                None => panic!(concat!("not a tile literal: ", stringify!($lit))),
            }
        }
    };
}

/// Where and why a notation string was rejected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NotationError {
    /// Byte position of the offending character in the input.
    pub pos: usize,
    /// What is wrong.
    pub kind: NotationErrorKind,
}

/// The reasons a notation string is rejected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NotationErrorKind {
    /// A character that is no digit, `g`, `b`, suit letter or space.
    UnexpectedChar(char),
    /// A digit and letter that name no piece (`8z`, `5f`, `gz`, `bz`).
    NoSuchTile {
        /// The digit (or `g`, `b`).
        digit: char,
        /// The suit letter.
        letter: char,
    },
    /// Digits not followed by a suit letter (`"123"`, `"12 3m"`).
    DigitsWithoutSuit,
    /// A suit letter with no digits before it.
    SuitWithoutDigits(char),
    /// The kind is not in the tile set (2m in sanma).
    NotInSet(Tile),
    /// More copies of a kind (or of red/gold/blue/pocchi/plain copies, or of a
    /// flower) than the set holds: `piece` exceeds `max`.
    TooMany {
        /// The piece whose copy is one too many.
        piece: PhysTile,
        /// How many the set has of that sort of piece.
        max: u8,
        /// Whether the count exceeded is of the kind as a whole (all copies)
        /// rather than of this sort of piece.
        whole_kind: bool,
    },
    /// A piece where only plain kinds are allowed (a red, gold or blue five, the
    /// pocchi or a flower in a list of kinds).
    NotAKind(PhysTile),
}

impl fmt::Display for NotationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "at byte {}: ", self.pos)?;
        match &self.kind {
            NotationErrorKind::UnexpectedChar(c) => {
                write!(f, "unexpected character '{c}' (expected digits, g, b, or a letter m p s z f)")
            }
            NotationErrorKind::NoSuchTile { digit, letter } => {
                let hint = match letter {
                    'z' => "honors are 1z-7z, pocchi 0z",
                    'f' => "flowers are 1f-4f",
                    _ => "suits take 1-9, 0 (red five), g (gold five) or b (blue five)",
                };
                write!(f, "no such tile {digit}{letter} ({hint})")
            }
            NotationErrorKind::DigitsWithoutSuit => write!(f, "digits without a suit letter"),
            NotationErrorKind::SuitWithoutDigits(c) => {
                write!(f, "suit letter '{c}' without digits")
            }
            NotationErrorKind::NotInSet(t) => write!(f, "{t} is not in this tile set"),
            NotationErrorKind::TooMany { piece, max, whole_kind: true } => {
                write!(f, "one {piece} too many: the set has {max} of that kind")
            }
            NotationErrorKind::TooMany { piece: piece @ PhysTile::Plain(_), max, .. } => {
                write!(f, "one plain {piece} too many: the set has {max} plain (red 0, gold g, blue b)")
            }
            NotationErrorKind::TooMany { piece, max, .. } => {
                write!(f, "one {piece} too many: the set has {max}")
            }
            NotationErrorKind::NotAKind(p) => write!(f, "{p} is not a plain kind"),
        }
    }
}

impl std::error::Error for NotationError {}

/// The piece written as `digit` then `letter`, if any.
fn piece(digit: u8, letter: u8) -> Option<PhysTile> {
    if letter == b'f' {
        return Flower::from_number(digit.wrapping_sub(b'0')).map(PhysTile::Flower);
    }
    let suit = Suit::from_letter(letter as char)?;
    match (digit, suit) {
        (b'0', Suit::Honor) => Some(PhysTile::Pocchi),
        (b'0', _) => Tile::new(suit, 5).map(PhysTile::Red),
        (b'g', Suit::Honor) => None,
        (b'g', _) => Tile::new(suit, 5).map(PhysTile::Gold),
        (b'b', Suit::Honor) => None,
        (b'b', _) => Tile::new(suit, 5).map(PhysTile::Blue),
        _ => Tile::new(suit, digit.wrapping_sub(b'0')).map(PhysTile::Plain),
    }
}

/// Reads the groups of `s`, calling `each(pos, piece)` for every piece in order.
pub(super) fn scan(
    s: &str,
    mut each: impl FnMut(usize, PhysTile) -> Result<(), NotationErrorKind>,
) -> Result<(), NotationError> {
    let b = s.as_bytes();
    let mut start: Option<usize> = None;
    for (i, &c) in b.iter().enumerate() {
        match c {
            b'0'..=b'9' | b'g' | b'b' => {
                start.get_or_insert(i);
            }
            b'm' | b'p' | b's' | b'z' | b'f' => {
                let first = start
                    .take()
                    .ok_or(NotationError { pos: i, kind: NotationErrorKind::SuitWithoutDigits(c as char) })?;
                for (pos, &d) in b.iter().enumerate().take(i).skip(first) {
                    let p = piece(d, c).ok_or(NotationError {
                        pos,
                        kind: NotationErrorKind::NoSuchTile { digit: d as char, letter: c as char },
                    })?;
                    each(pos, p).map_err(|kind| NotationError { pos, kind })?;
                }
            }
            _ if c.is_ascii_whitespace() && start.is_none() => {}
            _ if c.is_ascii_whitespace() => {
                return Err(NotationError { pos: start.unwrap_or(i), kind: NotationErrorKind::DigitsWithoutSuit });
            }
            _ => {
                let ch = s[i..].chars().next().unwrap_or('?');
                return Err(NotationError { pos: i, kind: NotationErrorKind::UnexpectedChar(ch) });
            }
        }
    }
    match start {
        Some(pos) => Err(NotationError { pos, kind: NotationErrorKind::DigitsWithoutSuit }),
        None => Ok(()),
    }
}

/// Parses a list of plain kinds (`"5m5p5s"`, `"3m9s"`), with no set check
/// and repeats allowed; red/gold/blue fives, the pocchi and flowers are rejected.
pub fn parse_kinds(s: &str) -> Result<Vec<Tile>, NotationError> {
    let mut out = Vec::new();
    scan(s, |_, p| match p {
        PhysTile::Plain(t) => {
            out.push(t);
            Ok(())
        }
        other => Err(NotationErrorKind::NotAKind(other)),
    })?;
    Ok(out)
}

/// Writes pieces in mpsz, in the order given, neighbours of one suit sharing
/// the letter: `Mpsz(&hand).to_string()`.
#[derive(Clone, Copy, Debug)]
pub struct Mpsz<'a>(pub &'a [PhysTile]);

/// The notation digit and letter of a piece.
fn digit_letter(p: PhysTile) -> (char, char) {
    let num = |t: Tile| (b'0' + t.number()) as char;
    match p {
        PhysTile::Plain(t) => (num(t), t.suit().letter()),
        PhysTile::Red(t) => ('0', t.suit().letter()),
        PhysTile::Gold(t) => ('g', t.suit().letter()),
        PhysTile::Blue(t) => ('b', t.suit().letter()),
        PhysTile::Pocchi => ('0', 'z'),
        PhysTile::Flower(f) => ((b'0' + f.number()) as char, 'f'),
    }
}

impl fmt::Display for Mpsz<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut it = self.0.iter().map(|&p| digit_letter(p)).peekable();
        while let Some((d, l)) = it.next() {
            write!(f, "{d}")?;
            if it.peek().is_none_or(|&(_, next)| next != l) {
                write!(f, "{l}")?;
            }
        }
        Ok(())
    }
}

impl fmt::Display for PhysTile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (d, l) = digit_letter(*self);
        write!(f, "{d}{l}")
    }
}

/// Parses one piece (`"0p"`, `"gs"`, `"bm"`, `"0z"`, `"2f"`), with no set check.
impl FromStr for PhysTile {
    type Err = NotationError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let mut found = None;
        scan(s, |_, p| match found.replace(p) {
            None => Ok(()),
            Some(_) => Err(NotationErrorKind::UnexpectedChar(p.to_string().chars().next().unwrap_or('?'))),
        })?;
        found.ok_or(NotationError { pos: s.len(), kind: NotationErrorKind::DigitsWithoutSuit })
    }
}

/// Parses one kind (`"5m"`, `"1z"`); red/gold/blue fives, the pocchi and flowers
/// are rejected (parse them as [`PhysTile`]).
impl FromStr for Tile {
    type Err = NotationError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.parse::<PhysTile>()? {
            PhysTile::Plain(t) => Ok(t),
            other => Err(NotationError { pos: 0, kind: NotationErrorKind::NotAKind(other) }),
        }
    }
}

#[cfg(test)]
mod tests;
