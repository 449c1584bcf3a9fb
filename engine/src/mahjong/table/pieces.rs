//! The marked pieces (赤 red fives, 金 Gotō's gold fives, 青 blue fives, 白ポッチ the
//! pocchi) among a seat's concealed tiles, kept beside its per-kind counts so that a
//! discard or a call knows which physical piece goes: a plain one while the seat holds
//! one, keeping the marked pieces (the red before the blue, the blue before the gold, the
//! pocchi last), unless a replay's record says a marked one went first.

use crate::mahjong::{PhysTile, Tile};

/// Marked pieces held: fives by suit (0 m, 1 p, 2 s), and pocchi.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Marked {
    red: [u8; 3],
    gold: [u8; 3],
    blue: [u8; 3],
    pocchi: u8,
}

/// The suit of a five (0 m, 1 p, 2 s); `None` for any other kind.
fn five_suit(t: Tile) -> Option<usize> {
    (!t.is_honor() && t.number() == 5).then(|| t.index() / 9)
}

impl Marked {
    /// None held.
    pub const NONE: Marked = Marked { red: [0; 3], gold: [0; 3], blue: [0; 3], pocchi: 0 };

    /// Notes `p` as held (a plain piece changes nothing).
    pub fn add(&mut self, p: PhysTile) {
        match p {
            PhysTile::Red(t) => self.red[five_suit(t).expect("a red five")] += 1,
            PhysTile::Gold(t) => self.gold[five_suit(t).expect("a gold five")] += 1,
            PhysTile::Blue(t) => self.blue[five_suit(t).expect("a blue five")] += 1,
            PhysTile::Pocchi => self.pocchi += 1,
            PhysTile::Plain(_) | PhysTile::Flower(_) => {}
        }
    }

    /// Notes every piece of `taken` as held (a meld's pieces).
    pub fn add_all(&mut self, taken: &Taken) {
        taken.as_slice().iter().for_each(|&p| self.add(p));
    }

    /// Red fives held.
    pub fn red(&self) -> u8 {
        self.red.iter().sum()
    }

    /// Gold fives held.
    pub fn gold(&self) -> u8 {
        self.gold.iter().sum()
    }

    /// Blue fives held.
    pub fn blue(&self) -> u8 {
        self.blue.iter().sum()
    }

    /// Red, gold and blue fives of kind `t` held (0 for any other kind).
    pub fn fives(&self, t: Tile) -> u8 {
        five_suit(t).map_or(0, |s| self.red[s] + self.gold[s] + self.blue[s])
    }

    /// Whether the pocchi is held.
    pub fn pocchi(&self) -> bool {
        self.pocchi > 0
    }

    /// Takes `n` of the `held` pieces of kind `t`: the plain ones first, then the marked
    /// ones in the order of [`Marked`]'s doc (`marked_first`: the marked ones first).
    #[inline]
    pub fn take(&mut self, t: Tile, held: u8, n: u8, marked_first: bool) -> Taken {
        let mut taken = Taken { pieces: [PhysTile::Plain(t); 4], len: n };
        let counts = match five_suit(t) {
            Some(s) => [&mut self.red[s], &mut self.blue[s], &mut self.gold[s]],
            None if t == Tile::HAKU => return self.take_pocchi(held, n, marked_first, taken),
            None => return taken,
        };
        let marked = *counts[0] + *counts[1] + *counts[2];
        if marked == 0 {
            return taken;
        }
        let mut from_marked = if marked_first { n.min(marked) } else { n.saturating_sub(held - marked) };
        let mut at = 0;
        for (count, piece) in counts.into_iter().zip([PhysTile::Red(t), PhysTile::Blue(t), PhysTile::Gold(t)]) {
            let k = from_marked.min(*count);
            *count -= k;
            from_marked -= k;
            for _ in 0..k {
                taken.pieces[at] = piece;
                at += 1;
            }
        }
        taken
    }

    /// [`Marked::take`] of haku: the pocchi is the marked piece.
    fn take_pocchi(&mut self, held: u8, n: u8, marked_first: bool, mut taken: Taken) -> Taken {
        let goes = self.pocchi > 0 && (marked_first || n > held - self.pocchi);
        if goes {
            self.pocchi -= 1;
            taken.pieces[0] = PhysTile::Pocchi;
        }
        taken
    }
}

/// Up to four pieces of one kind taken from a hand (a discard, a call's tiles, a kan),
/// the marked ones first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Taken {
    pieces: [PhysTile; 4],
    len: u8,
}

impl Taken {
    /// The pieces.
    pub fn as_slice(&self) -> &[PhysTile] {
        &self.pieces[..self.len as usize]
    }

    /// The first piece (the one a discard gives).
    pub fn first(&self) -> PhysTile {
        self.pieces[0]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mahjong::TileSetSpec;
    use crate::mahjong::parse_tiles;

    fn pieces(s: &str) -> Vec<PhysTile> {
        parse_tiles(s, &TileSetSpec::goto()).unwrap()
    }

    #[test]
    fn plain_pieces_go_first_and_the_gold_is_kept_longest() {
        let mut m = Marked::NONE;
        pieces("50gp").into_iter().for_each(|p| m.add(p));
        let five = Tile::from_index(13).unwrap();
        assert_eq!((m.red(), m.gold()), (1, 1));
        assert_eq!(m.take(five, 3, 1, false).as_slice(), pieces("5p"));
        assert_eq!(m.take(five, 2, 1, false).as_slice(), pieces("0p"));
        assert_eq!((m.red(), m.gold()), (0, 1));
        assert_eq!(m.take(five, 1, 1, false).as_slice(), pieces("gp"));
        assert_eq!(m, Marked::NONE);
    }

    #[test]
    fn a_call_lists_the_marked_pieces_first_and_a_record_may_take_them_first() {
        let mut m = Marked::NONE;
        pieces("0z").into_iter().for_each(|p| m.add(p));
        assert_eq!(m.take(Tile::HAKU, 3, 3, false).as_slice(), pieces("0z5z5z"));
        let mut m = Marked::NONE;
        pieces("0s").into_iter().for_each(|p| m.add(p));
        let five = Tile::from_index(22).unwrap();
        assert_eq!(m.take(five, 3, 1, true).as_slice(), pieces("0s"));
        assert_eq!(m.red(), 0);
    }
}
