//! 抜きドラ nuki: the kinds a tile set sets aside as dora ([`NukiKinds`]: north unless the
//! set's `nuki` says, at most two kinds, e.g. `"1m9m"`) and what a seat has set aside this
//! hand ([`Nuki`]: a count per kind, carrying its kinds so that scoring, the hand record and
//! the chip ledger read it without the set).
//!
//! Readings (each refused with a one-line error where a set asks otherwise, see
//! [`NukiKinds::parse`]): one or two kinds, each a kind the set holds; never a kind with red,
//! gold or blue copies (5p in a set with a red 5p: which piece is the dora and which the chip
//! would need a reading no parlour gives) nor haku where the set has the pocchi. A nuki kind
//! other than north kept in the hand is a plain tile; north, when it is not a nuki kind, is
//! an honour like any other (a guest wind at three seats: no yakuhai).

use super::notation::parse_kinds;
use super::tile::{Tile, TileSet};

/// Most kinds one set may set aside (a count per kind is kept in the hot loop).
pub const MAX_NUKI_KINDS: usize = 2;

/// The kinds set aside as nuki dora, in the set's order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NukiKinds {
    kinds: [Tile; MAX_NUKI_KINDS],
    len: u8,
}

impl NukiKinds {
    /// North alone (三麻's 北抜き, Gotō's G-X2): every preset's.
    pub const NORTH: NukiKinds = NukiKinds { kinds: [Tile::NORTH; MAX_NUKI_KINDS], len: 1 };

    /// Reads a set's `nuki` (`"4z"`, `"1m9m"`): one or two different kinds, or the reason
    /// not. The checks against the set's composition are [`TileSetSpec`]'s.
    ///
    /// [`TileSetSpec`]: super::TileSetSpec
    pub fn parse(text: &str) -> Result<NukiKinds, String> {
        let kinds = parse_kinds(text).map_err(|e| e.to_string())?;
        match kinds[..] {
            [a] => Ok(NukiKinds { kinds: [a; MAX_NUKI_KINDS], len: 1 }),
            [a, b] if a != b => Ok(NukiKinds { kinds: [a, b], len: 2 }),
            [a, _] => Err(format!("{a} listed twice")),
            _ => Err(format!("`{text}`: one or two kinds (e.g. \"4z\" or \"1m9m\")")),
        }
    }

    /// The kinds, in order.
    pub fn as_slice(&self) -> &[Tile] {
        &self.kinds[..usize::from(self.len)]
    }

    /// Whether `t` is set aside.
    pub fn contains(self, t: Tile) -> bool {
        self.as_slice().contains(&t)
    }

    /// The kinds as a set (for the hot loop's tests).
    pub fn set(self) -> TileSet {
        self.as_slice().iter().fold(TileSet::EMPTY, |s, &k| s.with(k))
    }

    /// None set aside yet.
    pub const fn none(self) -> Nuki {
        Nuki { kinds: self, counts: [0; MAX_NUKI_KINDS] }
    }
}

/// 抜きドラ: the tiles a seat set aside this hand, a count per nuki kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Nuki {
    kinds: NukiKinds,
    counts: [u8; MAX_NUKI_KINDS],
}

impl Nuki {
    /// None, of north (a hand or record before its table's kinds are known).
    pub const NONE: Nuki = NukiKinds::NORTH.none();

    /// `n` norths set aside (Gotō's and 天鳳's hands).
    pub const fn norths(n: u8) -> Nuki {
        Nuki { kinds: NukiKinds::NORTH, counts: [n, 0] }
    }

    /// The kinds counted.
    pub fn kinds(self) -> NukiKinds {
        self.kinds
    }

    /// One more of `t`, a nuki kind.
    pub fn add(&mut self, t: Tile) {
        let slot = self.kinds.as_slice().iter().position(|&k| k == t).expect("a nuki kind");
        self.counts[slot] += 1;
    }

    /// How many of `t` were set aside (0 for a kind that is none). Branch-free: a set of one
    /// kind repeats it in the unused slot, whose count stays 0.
    pub fn of(self, t: Tile) -> u8 {
        let [a, b] = self.kinds.kinds;
        u8::from(a == t) * self.counts[0] + u8::from(b == t) * self.counts[1]
    }

    /// How many tiles were set aside, of every kind: the 抜きドラ han and chips.
    pub fn total(self) -> u8 {
        self.counts[0] + self.counts[1]
    }

    /// The kind of which all four were set aside (四北 suupei for north), if one.
    pub fn four(self) -> Option<Tile> {
        let [a, b] = self.kinds.kinds;
        match self.counts {
            [4, _] => Some(a),
            [_, 4] => Some(b),
            _ => None,
        }
    }

    /// The set-aside tiles that are dora of the kinds `dora` (one per indicator): each counts
    /// once per indicator showing its kind.
    pub fn dora(self, dora: impl Iterator<Item = Tile>) -> u8 {
        if self.total() == 0 { 0 } else { dora.map(|k| self.of(k)).sum() }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::t;

    #[test]
    fn one_or_two_different_kinds_each_counted_apart() {
        assert_eq!(NukiKinds::parse("4z"), Ok(NukiKinds::NORTH));
        let kinds = NukiKinds::parse("1m9m").unwrap();
        assert_eq!(kinds.as_slice(), [t!(1m), t!(9m)]);
        let mut n = kinds.none();
        for t in [t!(1m), t!(9m), t!(1m)] {
            n.add(t);
        }
        assert_eq!((n.of(t!(1m)), n.of(t!(9m)), n.of(t!(4z)), n.total(), n.four()), (2, 1, 0, 3, None));
        assert_eq!(n.dora([t!(1m), t!(1m), t!(9m), t!(5p)].into_iter()), 5, "two 1m indicated twice, one 9m once");
        n.add(t!(1m));
        n.add(t!(1m));
        assert_eq!(n.four(), Some(t!(1m)));
        assert_eq!(Nuki::norths(4).four(), Some(t!(4z)));
    }

    #[test]
    fn none_three_kinds_a_repeat_or_a_piece_that_is_no_kind_are_refused() {
        for (text, why) in [("", "one or two"), ("1m9m4z", "one or two"), ("1m1m", "twice"), ("0p", "")] {
            let e = NukiKinds::parse(text).unwrap_err();
            assert!(e.contains(why), "{text}: {e}");
        }
    }
}
