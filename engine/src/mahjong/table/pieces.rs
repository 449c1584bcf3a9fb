//! The marked pieces (赤 red fives, 金 Gotō's gold fives, 青 blue fives, 白ポッチ the
//! pocchi) among a seat's concealed tiles, kept beside its per-kind counts so that a
//! discard or a call knows which physical piece goes: a plain one while the seat holds
//! one, keeping the marked pieces (the red before the blue, the blue before the gold, the
//! pocchi last), unless a replay's record names the marked ones that went.

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

    /// The marked pieces among `pieces` (a record's discard or a call's pieces).
    pub fn of(pieces: &[PhysTile]) -> Marked {
        let mut m = Marked::NONE;
        pieces.iter().for_each(|&p| m.add(p));
        m
    }

    /// Takes `n` of the `held` pieces of kind `t`: first the marked ones `first` names (a
    /// replay's record), then the plain ones, then the other marked ones in the order of
    /// [`Marked`]'s doc.
    #[inline]
    pub fn take(&mut self, t: Tile, held: u8, n: u8, first: Marked) -> Taken {
        let taken = Taken { pieces: [PhysTile::Plain(t); 4], len: n };
        match five_suit(t) {
            Some(s) => take_marked(
                taken,
                held,
                [
                    (&mut self.red[s], first.red[s], PhysTile::Red(t)),
                    (&mut self.blue[s], first.blue[s], PhysTile::Blue(t)),
                    (&mut self.gold[s], first.gold[s], PhysTile::Gold(t)),
                ],
            ),
            None if t == Tile::HAKU => take_marked(taken, held, [(&mut self.pocchi, first.pocchi, PhysTile::Pocchi)]),
            None => taken,
        }
    }
}

/// Fills `taken` (its `len` pieces of one kind, of `held` held) from `marked`, each a count
/// held, how many of those to take first and the piece: the ones to take first, then the
/// plain pieces, then the other marked ones in order; the marked pieces are listed first.
#[inline]
fn take_marked<const K: usize>(mut taken: Taken, held: u8, marked: [(&mut u8, u8, PhysTile); K]) -> Taken {
    let held_marked: u8 = marked.iter().map(|m| *m.0).sum();
    if held_marked == 0 {
        return taken;
    }
    let mut left = taken.len;
    let mut from = [0u8; K];
    for (f, m) in from.iter_mut().zip(&marked) {
        *f = m.1.min(*m.0).min(left);
        left -= *f;
    }
    left -= left.min(held - held_marked);
    for (f, m) in from.iter_mut().zip(&marked) {
        let more = (*m.0 - *f).min(left);
        *f += more;
        left -= more;
    }
    let mut at = 0;
    for (f, (count, _, piece)) in from.into_iter().zip(marked) {
        *count -= f;
        taken.pieces[at..at + f as usize].fill(piece);
        at += f as usize;
    }
    taken
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
        assert_eq!(m.take(five, 3, 1, Marked::NONE).as_slice(), pieces("5p"));
        assert_eq!(m.take(five, 2, 1, Marked::NONE).as_slice(), pieces("0p"));
        assert_eq!((m.red(), m.gold()), (0, 1));
        assert_eq!(m.take(five, 1, 1, Marked::NONE).as_slice(), pieces("gp"));
        assert_eq!(m, Marked::NONE);
    }

    #[test]
    fn a_call_lists_the_marked_pieces_first_and_a_record_may_take_them_first() {
        let mut m = Marked::NONE;
        pieces("0z").into_iter().for_each(|p| m.add(p));
        assert_eq!(m.take(Tile::HAKU, 3, 3, Marked::NONE).as_slice(), pieces("0z5z5z"));
        let mut m = Marked::NONE;
        pieces("0s").into_iter().for_each(|p| m.add(p));
        let five = Tile::from_index(22).unwrap();
        assert_eq!(m.take(five, 3, 1, Marked::of(&pieces("0s"))).as_slice(), pieces("0s"));
        assert_eq!(m.red(), 0);
    }

    #[test]
    fn a_record_names_which_marked_piece_goes_and_the_rest_keep_their_order() {
        let five = Tile::from_index(13).unwrap();
        let (red, blue, gold, plain) =
            (PhysTile::Red(five), PhysTile::Blue(five), PhysTile::Gold(five), PhysTile::Plain(five));
        let mut m = Marked::of(&[gold, blue, red]);
        // Four held: the record's blue goes on a discard, not the red before it.
        assert_eq!(m.take(five, 4, 1, Marked::of(&[blue])).as_slice(), [blue]);
        // A pon of the gold and a plain one: the gold, then the plain piece, not the red.
        let mut pon = m;
        assert_eq!(pon.take(five, 3, 2, Marked::of(&[gold, plain])).as_slice(), [gold, plain]);
        assert_eq!(pon, Marked::of(&[red]));
        // A record naming a piece not held takes the plain one, then the marked in order.
        assert_eq!(m.take(five, 3, 2, Marked::of(&[blue])).as_slice(), [red, plain]);
        assert_eq!(m, Marked::of(&[gold]));
    }
}
