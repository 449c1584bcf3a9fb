//! Tile kinds ([`Tile`]), physical pieces ([`PhysTile`]), count arrays
//! ([`TileCounts`]) and 34-bit kind sets ([`TileSet`]).

use std::fmt;

/// Number of tile kinds: 9 manzu, 9 pinzu, 9 souzu, 4 winds, 3 dragons.
pub const NUM_KINDS: usize = 34;

/// A hand (or any multiset of kinds) as one count per kind, indexed by
/// [`Tile::index`]: the hot-path representation of a hand.
pub type TileCounts = [u8; NUM_KINDS];

/// A suit, or the honors.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Suit {
    /// 萬子 manzu (characters), letter `m`.
    Man,
    /// 筒子 pinzu (dots), letter `p`.
    Pin,
    /// 索子 souzu (bamboo), letter `s`.
    Sou,
    /// 字牌 honors (winds and dragons), letter `z`.
    Honor,
}

impl Suit {
    /// The notation letter: `m`, `p`, `s` or `z`.
    pub const fn letter(self) -> char {
        match self {
            Suit::Man => 'm',
            Suit::Pin => 'p',
            Suit::Sou => 's',
            Suit::Honor => 'z',
        }
    }

    /// The suit of a notation letter.
    pub const fn from_letter(c: char) -> Option<Suit> {
        match c {
            'm' => Some(Suit::Man),
            'p' => Some(Suit::Pin),
            's' => Some(Suit::Sou),
            'z' => Some(Suit::Honor),
            _ => None,
        }
    }

    /// Index of the first kind of the suit (0, 9, 18, 27).
    pub const fn first_index(self) -> u8 {
        match self {
            Suit::Man => 0,
            Suit::Pin => 9,
            Suit::Sou => 18,
            Suit::Honor => 27,
        }
    }
}

/// [`Tile::number`] by index: 1–9 per suit, 1–7 for honors.
const NUMBERS: [u8; NUM_KINDS] = {
    let mut n = [0; NUM_KINDS];
    let mut k = 0;
    while k < NUM_KINDS {
        n[k] = if k >= 27 { k - 26 } else { k % 9 + 1 } as u8;
        k += 1;
    }
    n
};

/// Suited 1s and 9s, one bit per kind.
const TERMINALS: u64 = 1 | 1 << 8 | 1 << 9 | 1 << 17 | 1 << 18 | 1 << 26;
/// Honors (kinds 27–33), one bit per kind.
pub(crate) const HONORS: u64 = 0x7f << 27;
/// Terminals and honors (么九牌), one bit per kind.
pub(crate) const TERMINAL_OR_HONOR: u64 = TERMINALS | HONORS;

/// A tile kind, `0..34`: 0–8 = 1m–9m, 9–17 = 1p–9p, 18–26 = 1s–9s,
/// 27–30 = East South West North, 31 = haku (白), 32 = hatsu (發), 33 = chun (中).
///
/// Text form is mpsz (`"5m"`, `"1z"` = East, `"7z"` = chun); see
/// [`parse_tiles`](super::parse_tiles).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Tile(u8);

impl Tile {
    /// 東 East wind.
    pub const EAST: Tile = Tile(27);
    /// 南 South wind.
    pub const SOUTH: Tile = Tile(28);
    /// 西 West wind.
    pub const WEST: Tile = Tile(29);
    /// 北 North wind (extracted as dora, nuki, in Gotō).
    pub const NORTH: Tile = Tile(30);
    /// 白 haku, the white dragon.
    pub const HAKU: Tile = Tile(31);
    /// 發 hatsu, the green dragon.
    pub const HATSU: Tile = Tile(32);
    /// 中 chun, the red dragon.
    pub const CHUN: Tile = Tile(33);

    /// The kind with this index, or `None` when `index >= 34`.
    pub const fn from_index(index: u8) -> Option<Tile> {
        if (index as usize) < NUM_KINDS { Some(Tile(index)) } else { None }
    }

    /// The kind of `suit` and `number` (1–9 for suits, 1–7 for honors in mpsz
    /// order E S W N haku hatsu chun), or `None` when out of range.
    pub const fn new(suit: Suit, number: u8) -> Option<Tile> {
        let max = if matches!(suit, Suit::Honor) { 7 } else { 9 };
        if number >= 1 && number <= max { Some(Tile(suit.first_index() + number - 1)) } else { None }
    }

    /// The kind written as a two-character literal (`"5m"`, `"1z"`), for
    /// the [`t!`](crate::t) macro and const contexts; `None` for anything else
    /// (red fives and other pieces are [`PhysTile`]s, parsed by
    /// [`parse_tiles`](super::parse_tiles)).
    pub const fn from_literal(s: &str) -> Option<Tile> {
        let b = s.as_bytes();
        if b.len() != 2 || b[0] < b'0' || b[0] > b'9' {
            return None;
        }
        match Suit::from_letter(b[1] as char) {
            Some(suit) => Tile::new(suit, b[0] - b'0'),
            None => None,
        }
    }

    /// All 34 kinds in index order.
    pub fn all() -> impl Iterator<Item = Tile> {
        (0..NUM_KINDS as u8).map(Tile)
    }

    /// The index `0..34`, for [`TileCounts`] and tables.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The suit (or [`Suit::Honor`]).
    pub const fn suit(self) -> Suit {
        match self.0 / 9 {
            0 => Suit::Man,
            1 => Suit::Pin,
            2 => Suit::Sou,
            _ => Suit::Honor,
        }
    }

    /// The number: 1–9 for suited tiles; for honors the mpsz digit 1–7
    /// (E S W N haku hatsu chun).
    pub const fn number(self) -> u8 {
        NUMBERS[self.0 as usize]
    }

    /// 字牌: a wind or a dragon.
    pub const fn is_honor(self) -> bool {
        self.0 >= 27
    }

    /// 老頭牌: a suited 1 or 9.
    pub const fn is_terminal(self) -> bool {
        TERMINALS >> self.0 & 1 != 0
    }

    /// 么九牌: a terminal or an honor.
    pub const fn is_terminal_or_honor(self) -> bool {
        TERMINAL_OR_HONOR >> self.0 & 1 != 0
    }

    /// 2m–8m: the kinds a sanma set removes.
    pub const fn is_sanma_gap(self) -> bool {
        self.0 >= 1 && self.0 <= 7
    }

    /// 風牌: East, South, West or North.
    pub const fn is_wind(self) -> bool {
        self.0 >= 27 && self.0 <= 30
    }

    /// 三元牌: haku, hatsu or chun.
    pub const fn is_dragon(self) -> bool {
        self.0 >= 31
    }

    /// The dora shown by this indicator (four-player order): the next number
    /// in the suit (9 → 1), E → S → W → N → E, haku → hatsu → chun → haku.
    pub const fn next_dora(self) -> Tile {
        match self.0 {
            0..=26 => {
                if self.0 % 9 == 8 {
                    Tile(self.0 - 8)
                } else {
                    Tile(self.0 + 1)
                }
            }
            30 => Tile(27),
            33 => Tile(31),
            n => Tile(n + 1),
        }
    }

    /// The dora shown by this indicator in sanma, where manzu has only 1m and
    /// 9m: 1m indicates 9m (and 9m indicates 1m); every other kind as
    /// [`Tile::next_dora`].
    pub const fn next_dora_sanma(self) -> Tile {
        if self.0 == 0 { Tile(8) } else { self.next_dora() }
    }
}

impl fmt::Display for Tile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.number(), self.suit().letter())
    }
}

/// A flower (華牌) of the Gotō set; set aside when drawn, like north.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Flower {
    /// 春 spring (chips per flower extracted), notation `1f`.
    Spring,
    /// 夏 summer (rank-up of the win), notation `2f`.
    Summer,
    /// 秋 autumn (red and gold count double), notation `3f`.
    Autumn,
    /// 冬 winter ("Alice" at the win), notation `4f`.
    Winter,
}

impl Flower {
    /// The four flowers, in notation order.
    pub const ALL: [Flower; 4] = [Flower::Spring, Flower::Summer, Flower::Autumn, Flower::Winter];

    /// The notation digit 1–4 (`1f` spring … `4f` winter).
    pub const fn number(self) -> u8 {
        self as u8 + 1
    }

    /// The flower of a notation digit 1–4.
    pub const fn from_number(n: u8) -> Option<Flower> {
        match n {
            1 => Some(Flower::Spring),
            2 => Some(Flower::Summer),
            3 => Some(Flower::Autumn),
            4 => Some(Flower::Winter),
            _ => None,
        }
    }
}

/// A physical piece: what a wall holds and what dora counting looks at.
///
/// Red, gold and blue pieces are always fives ([`TileSetSpec`](super::TileSetSpec)
/// and the notation only make those); the pocchi is one of the haku.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PhysTile {
    /// An ordinary piece of its kind.
    Plain(Tile),
    /// 赤 a red five (aka dora), notation `0m`/`0p`/`0s`.
    Red(Tile),
    /// 金 a Gotō gold five, notation `gm`/`gp`/`gs` (`g` in place of the 5).
    Gold(Tile),
    /// 青 a blue five (青ドラ, a parlour's marked five), notation `bm`/`bp`/`bs` (`b` in
    /// place of the 5).
    Blue(Tile),
    /// 白ポッチ the white pocchi, a haku with a mark, notation `0z`.
    Pocchi,
    /// A flower (not a kind: never part of a hand), notation `1f`–`4f`.
    Flower(Flower),
}

impl Default for PhysTile {
    fn default() -> Self {
        PhysTile::Plain(Tile(0))
    }
}

impl PhysTile {
    /// The kind this piece plays as; `None` for a flower.
    pub const fn kind(self) -> Option<Tile> {
        match self {
            PhysTile::Plain(t) | PhysTile::Red(t) | PhysTile::Gold(t) | PhysTile::Blue(t) => Some(t),
            PhysTile::Pocchi => Some(Tile::HAKU),
            PhysTile::Flower(_) => None,
        }
    }

    /// A red five.
    pub const fn is_red(self) -> bool {
        matches!(self, PhysTile::Red(_))
    }

    /// A gold five.
    pub const fn is_gold(self) -> bool {
        matches!(self, PhysTile::Gold(_))
    }

    /// A blue five.
    pub const fn is_blue(self) -> bool {
        matches!(self, PhysTile::Blue(_))
    }

    /// The white pocchi.
    pub const fn is_pocchi(self) -> bool {
        matches!(self, PhysTile::Pocchi)
    }

    /// The flower, if this piece is one.
    pub const fn flower(self) -> Option<Flower> {
        match self {
            PhysTile::Flower(f) => Some(f),
            _ => None,
        }
    }
}

impl From<Tile> for PhysTile {
    fn from(t: Tile) -> Self {
        PhysTile::Plain(t)
    }
}

/// Counts per kind of the pieces that have a kind (flowers are skipped).
pub fn counts_of(tiles: &[PhysTile]) -> TileCounts {
    let mut counts = [0; NUM_KINDS];
    for t in tiles.iter().filter_map(|t| t.kind()) {
        counts[t.index()] += 1;
    }
    counts
}

/// A set of kinds as 34 bits (bit `i` = kind `i`): waits, ukeire, furiten.
///
/// Displays in mpsz (`"14m25p"`), empty as `""`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct TileSet(pub u64);

impl TileSet {
    /// The empty set.
    pub const EMPTY: TileSet = TileSet(0);

    /// Whether the set holds `t`.
    pub const fn contains(self, t: Tile) -> bool {
        self.0 >> t.0 & 1 == 1
    }

    /// The set with `t` added.
    pub const fn with(self, t: Tile) -> TileSet {
        TileSet(self.0 | 1 << t.0)
    }

    /// Adds `t`.
    pub fn insert(&mut self, t: Tile) {
        self.0 |= 1 << t.0;
    }

    /// Number of kinds in the set.
    pub const fn len(self) -> u32 {
        self.0.count_ones()
    }

    /// Whether the set is empty.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Kinds in both sets.
    pub const fn intersection(self, other: TileSet) -> TileSet {
        TileSet(self.0 & other.0)
    }

    /// Kinds in either set.
    pub const fn union(self, other: TileSet) -> TileSet {
        TileSet(self.0 | other.0)
    }

    /// The kinds in index order.
    pub fn iter(self) -> impl Iterator<Item = Tile> {
        let mut bits = self.0;
        std::iter::from_fn(move || {
            if bits == 0 {
                return None;
            }
            let i = bits.trailing_zeros() as u8;
            bits &= bits - 1;
            Some(Tile(i))
        })
    }
}

impl FromIterator<Tile> for TileSet {
    fn from_iter<I: IntoIterator<Item = Tile>>(iter: I) -> Self {
        iter.into_iter().fold(TileSet::EMPTY, TileSet::with)
    }
}

impl fmt::Display for TileSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut pending: Option<Suit> = None;
        for t in self.iter() {
            if pending.is_some_and(|s| s != t.suit()) {
                write!(f, "{}", pending.map_or(' ', Suit::letter))?;
            }
            pending = Some(t.suit());
            write!(f, "{}", t.number())?;
        }
        match pending {
            Some(s) => write!(f, "{}", s.letter()),
            None => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::t;

    #[test]
    fn kind_layout_and_predicates() {
        assert_eq!(t!(1m).index(), 0);
        assert_eq!(t!(9m).index(), 8);
        assert_eq!(t!(1p).index(), 9);
        assert_eq!(t!(9s).index(), 26);
        assert_eq!(t!(1z), Tile::EAST);
        assert_eq!(t!(4z), Tile::NORTH);
        assert_eq!(t!(5z), Tile::HAKU);
        assert_eq!(t!(7z), Tile::CHUN);
        assert_eq!(t!(7s).suit(), Suit::Sou);
        assert_eq!(t!(7s).number(), 7);
        assert!(t!(9p).is_terminal() && !t!(8p).is_terminal() && !t!(1z).is_terminal());
        assert!(t!(1z).is_wind() && !t!(5z).is_wind() && t!(5z).is_dragon() && !t!(4z).is_dragon());
        assert!(t!(1s).is_terminal_or_honor() && t!(6z).is_terminal_or_honor());
        assert!(!t!(2s).is_terminal_or_honor() && !t!(2s).is_honor());
        assert_eq!(Tile::all().filter(|t| t.is_terminal_or_honor()).count(), 13);
        assert!(t!(2m).is_sanma_gap() && t!(8m).is_sanma_gap());
        assert!(!t!(1m).is_sanma_gap() && !t!(9m).is_sanma_gap() && !t!(5p).is_sanma_gap());
        assert_eq!(Tile::new(Suit::Honor, 8), None);
        assert_eq!(Tile::from_index(34), None);
    }

    #[test]
    fn dora_wraps_within_each_group() {
        assert_eq!(t!(3m).next_dora(), t!(4m));
        assert_eq!(t!(9m).next_dora(), t!(1m));
        assert_eq!(t!(9s).next_dora(), t!(1s));
        assert_eq!(t!(4z).next_dora(), t!(1z));
        assert_eq!(t!(3z).next_dora(), t!(4z));
        assert_eq!(t!(5z).next_dora(), t!(6z));
        assert_eq!(t!(7z).next_dora(), t!(5z));
        assert_eq!(t!(1m).next_dora(), t!(2m));
        assert_eq!(t!(1m).next_dora_sanma(), t!(9m));
        assert_eq!(t!(9m).next_dora_sanma(), t!(1m));
        assert_eq!(t!(1p).next_dora_sanma(), t!(2p));
    }

    #[test]
    fn tile_set_operations_and_display() {
        let s: TileSet = [t!(4m), t!(1m), t!(2p), t!(5p), t!(7z)].into_iter().collect();
        assert_eq!(s.len(), 5);
        assert!(s.contains(t!(5p)) && !s.contains(t!(6p)));
        assert_eq!(s.to_string(), "14m25p7z");
        assert_eq!(TileSet::EMPTY.to_string(), "");
        assert_eq!(s.iter().collect::<Vec<_>>(), vec![t!(1m), t!(4m), t!(2p), t!(5p), t!(7z)]);
        let all: TileSet = Tile::all().collect();
        assert_eq!(all.len(), 34);
        assert_eq!(all.intersection(TileSet::EMPTY.with(t!(9s))).len(), 1);
    }

    #[test]
    fn phys_tiles_play_as_their_kind() {
        assert_eq!(PhysTile::Pocchi.kind(), Some(Tile::HAKU));
        assert_eq!(PhysTile::Red(t!(5p)).kind(), Some(t!(5p)));
        assert_eq!(PhysTile::Flower(Flower::Summer).kind(), None);
        let c = counts_of(&[PhysTile::Gold(t!(5s)), PhysTile::Plain(t!(5s)), PhysTile::Flower(Flower::Winter)]);
        assert_eq!(c[t!(5s).index()], 2);
        assert_eq!(c.iter().map(|&n| n as u32).sum::<u32>(), 2);
    }
}
