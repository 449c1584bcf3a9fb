//! Tile-set composition ([`TileSetSpec`]): which kinds exist and which
//! copies are red, gold, blue, the pocchi or flowers, and which kinds a table with
//! 抜きドラ sets aside ([`NukiKinds`]); loaded from TOML presets.

use super::notation::{NotationError, NotationErrorKind, parse_kinds, scan};
use super::nuki::NukiKinds;
use super::tile::{Flower, NUM_KINDS, PhysTile, Suit, Tile};
use serde::Deserialize;
use std::fmt;

/// Most pieces a set can hold: 136 kinds' copies plus the four flowers.
pub const MAX_WALL_TILES: usize = 140;

/// A wall before shuffling: `fill_wall` writes the first `len` entries.
pub type WallArray = [PhysTile; MAX_WALL_TILES];

/// The pieces a game is played with.
///
/// Every kind present has four copies; a red, gold or blue five, or the pocchi,
/// replaces a plain copy of its kind. Flowers are extra pieces without a kind.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TileSetSpec {
    name: String,
    sanma: bool,
    red: [u8; 3],
    gold: [u8; 3],
    blue: [u8; 3],
    pocchi: u8,
    flowers: [bool; 4],
    nuki: NukiKinds,
}

/// The TOML form of a tile set (see the presets in `engine/src/mahjong/presets/`).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct TileSetFile {
    /// Name shown in errors and reports.
    name: String,
    /// `"full"` (1m–9m) or `"terminals"` (1m and 9m only: sanma).
    manzu: String,
    /// Red fives, one kind per red copy: `"5m5p5s"`.
    #[serde(default)]
    red_fives: String,
    /// Gold fives, one kind per gold copy: `"5p5s"`.
    #[serde(default)]
    gold_fives: String,
    /// Blue fives (青), one kind per blue copy: `"5p"`.
    #[serde(default)]
    blue_fives: String,
    /// How many of the four haku are the white pocchi (0–4).
    #[serde(default)]
    pocchi: u8,
    /// Flowers in the set as mpsz-style digits with `f`: `"1234f"`.
    #[serde(default)]
    flowers: String,
    /// 抜きドラ: the kinds a table with `north_extraction` sets aside, one or two (`"1m9m"`);
    /// north (`"4z"`) when left out.
    #[serde(default = "north")]
    nuki: String,
}

/// A tile-set file's `nuki` when left out.
fn north() -> String {
    "4z".into()
}

/// Why a tile set could not be loaded.
#[derive(Debug)]
pub enum TileSetError {
    /// Malformed TOML or a missing/unknown field (carries line and column).
    Toml(crate::config::TomlError),
    /// A field has a value the set cannot have.
    Field {
        /// The TOML key.
        field: &'static str,
        /// What is wrong with it.
        message: String,
    },
    /// No preset has this name.
    UnknownPreset(String),
}

impl fmt::Display for TileSetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TileSetError::Toml(e) => write!(f, "tile set: {e}"),
            TileSetError::Field { field, message } => {
                write!(f, "tile set field `{field}`: {message}")
            }
            TileSetError::UnknownPreset(name) => {
                write!(f, "unknown tile set preset `{name}` (known: {})", PRESETS.map(|p| p.0).join(", "))
            }
        }
    }
}

impl std::error::Error for TileSetError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            TileSetError::Toml(e) => Some(e),
            _ => None,
        }
    }
}

const PRESETS: [(&str, &str); 2] = [
    ("four_player", include_str!("presets/tileset_four_player.toml")),
    ("goto", include_str!("presets/tileset_goto.toml")),
];

fn suit_slot(t: Tile) -> usize {
    t.suit() as usize
}

impl TileSetSpec {
    /// A preset by name: `four_player` (136 tiles, one red 5m/5p/5s) or
    /// `goto` (Gotō sanma: 108 tiles + 4 flowers, red 5p/5s, gold 5p/5s, one pocchi).
    pub fn preset(name: &str) -> Result<TileSetSpec, TileSetError> {
        match PRESETS.iter().find(|p| p.0 == name) {
            Some(p) => TileSetSpec::from_toml(p.1),
            None => Err(TileSetError::UnknownPreset(name.to_string())),
        }
    }

    /// The four-player set: 136 tiles, three red fives (one each 5m/5p/5s).
    pub fn four_player() -> TileSetSpec {
        TileSetSpec::preset("four_player").expect("embedded preset is valid")
    }

    /// The Gotō sanma set: manzu 1m/9m only (108 tiles) + 春夏秋冬, one red
    /// 5p, one red 5s, one gold 5p, one gold 5s, one pocchi haku.
    pub fn goto() -> TileSetSpec {
        TileSetSpec::preset("goto").expect("embedded preset is valid")
    }

    /// Parses and checks a tile set written in TOML.
    pub fn from_toml(text: &str) -> Result<TileSetSpec, TileSetError> {
        let file: TileSetFile = crate::config::from_toml(text).map_err(TileSetError::Toml)?;
        let field = |field, message: String| TileSetError::Field { field, message };
        let sanma = match file.manzu.as_str() {
            "full" => false,
            "terminals" => true,
            other => {
                return Err(field("manzu", format!("`{other}`: expected \"full\" or \"terminals\"")));
            }
        };
        let nuki = NukiKinds::parse(&file.nuki).map_err(|e| field("nuki", e))?;
        let mut spec = TileSetSpec {
            name: file.name,
            sanma,
            red: [0; 3],
            gold: [0; 3],
            blue: [0; 3],
            pocchi: file.pocchi,
            flowers: [false; 4],
            nuki,
        };
        for (key, text, slots) in [
            ("red_fives", &file.red_fives, &mut spec.red),
            ("gold_fives", &file.gold_fives, &mut spec.gold),
            ("blue_fives", &file.blue_fives, &mut spec.blue),
        ] {
            for t in parse_kinds(text).map_err(|e| field(key, e.to_string()))? {
                if t.is_honor() || t.number() != 5 {
                    return Err(field(key, format!("{t}: only fives can be red, gold or blue")));
                }
                if sanma && t.suit() == Suit::Man {
                    return Err(field(key, format!("{t}: not in a set whose manzu is 1m and 9m only")));
                }
                slots[suit_slot(t)] += 1;
            }
        }
        for s in 0..3 {
            let marked = spec.red[s] + spec.gold[s] + spec.blue[s];
            if marked > 4 {
                let five = Tile::from_index(9 * s as u8 + 4).expect("a suit's five");
                let key = if spec.blue[s] > 0 { "blue_fives" } else { "gold_fives" };
                return Err(field(key, format!("{five}: {marked} red, gold and blue copies, but a kind has four")));
            }
        }
        if spec.pocchi > 4 {
            return Err(field("pocchi", format!("{}: there are only four haku", spec.pocchi)));
        }
        let flowers = file.flowers.trim();
        let digits = match flowers {
            "" => Some(""),
            _ => flowers.strip_suffix('f').filter(|d| d.bytes().all(|b| b.is_ascii_digit())),
        };
        for b in digits.ok_or_else(|| field("flowers", format!("`{flowers}`: expected digits 1-4 then `f`")))?.bytes() {
            let f = Flower::from_number(b - b'0')
                .ok_or_else(|| field("flowers", format!("{}f: no such flower", b as char)))?;
            if std::mem::replace(&mut spec.flowers[f as usize], true) {
                return Err(field("flowers", format!("{}f listed twice", f.number())));
            }
        }
        for &t in nuki.as_slice() {
            let problem = if !spec.contains(t) {
                "not in the set"
            } else if spec.red(t) + spec.gold(t) + spec.blue(t) > 0 {
                "has red, gold or blue copies"
            } else if spec.pocchi(t) > 0 {
                "holds the pocchi"
            } else {
                continue;
            };
            return Err(field("nuki", format!("{t}: {problem}")));
        }
        Ok(spec)
    }

    /// The name given in the file.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Sanma manzu: only 1m and 9m exist (2m–8m are removed).
    pub fn is_sanma(&self) -> bool {
        self.sanma
    }

    /// Whether the kind is in the set.
    pub fn contains(&self, t: Tile) -> bool {
        !(self.sanma && t.is_sanma_gap())
    }

    /// Copies of the kind in the set (4, or 0 for a removed kind), special copies included.
    pub fn copies(&self, t: Tile) -> u8 {
        if self.contains(t) { 4 } else { 0 }
    }

    /// Red copies of the kind (only fives have any).
    pub fn red(&self, t: Tile) -> u8 {
        if t.is_honor() || t.number() != 5 { 0 } else { self.red[suit_slot(t)] }
    }

    /// Gold copies of the kind (only fives have any).
    pub fn gold(&self, t: Tile) -> u8 {
        if t.is_honor() || t.number() != 5 { 0 } else { self.gold[suit_slot(t)] }
    }

    /// Blue copies of the kind (only fives have any).
    pub fn blue(&self, t: Tile) -> u8 {
        if t.is_honor() || t.number() != 5 { 0 } else { self.blue[suit_slot(t)] }
    }

    /// Whether the set has any blue five (its yaku counts and chip items list 青 only then).
    pub fn has_blue(&self) -> bool {
        self.blue != [0; 3]
    }

    /// Pocchi copies of the kind (only haku has any).
    pub fn pocchi(&self, t: Tile) -> u8 {
        if t == Tile::HAKU { self.pocchi } else { 0 }
    }

    /// Plain copies of the kind: all copies less red, gold, blue and pocchi ones.
    pub fn plain(&self, t: Tile) -> u8 {
        self.copies(t) - self.red(t) - self.gold(t) - self.blue(t) - self.pocchi(t)
    }

    /// 抜きドラ: the kinds a table with `north_extraction` sets aside.
    pub fn nuki(&self) -> NukiKinds {
        self.nuki
    }

    /// Whether the flower is in the set.
    pub fn has_flower(&self, f: Flower) -> bool {
        self.flowers[f as usize]
    }

    /// Pieces in the set (136 four-player, 112 Gotō).
    pub fn total_tiles(&self) -> usize {
        Tile::all().map(|t| self.copies(t) as usize).sum::<usize>() + self.flowers.iter().filter(|&&f| f).count()
    }

    /// The dora shown by an indicator: the next kind in its cycle that the set
    /// holds (so in sanma 1m indicates 9m, see [`Tile::next_dora_sanma`]).
    pub fn dora_from_indicator(&self, indicator: Tile) -> Tile {
        if self.sanma { indicator.next_dora_sanma() } else { indicator.next_dora() }
    }

    /// Writes every piece of the set, in kind order (plain, red, gold, blue, pocchi
    /// copies, then flowers), to the front of `wall`; returns how many.
    /// The caller shuffles `wall[..len]`.
    pub fn fill_wall(&self, wall: &mut WallArray) -> usize {
        let mut len = 0;
        let mut push = |p: PhysTile, n: u8| {
            for _ in 0..n {
                wall[len] = p;
                len += 1;
            }
        };
        for t in Tile::all() {
            push(PhysTile::Plain(t), self.plain(t));
            push(PhysTile::Red(t), self.red(t));
            push(PhysTile::Gold(t), self.gold(t));
            push(PhysTile::Blue(t), self.blue(t));
            push(PhysTile::Pocchi, self.pocchi(t));
        }
        for f in Flower::ALL {
            push(PhysTile::Flower(f), u8::from(self.has_flower(f)));
        }
        len
    }

    /// Per-kind copies as a count array (for remaining-tile counts).
    pub fn kind_counts(&self) -> [u8; NUM_KINDS] {
        let mut c = [0; NUM_KINDS];
        for t in Tile::all() {
            c[t.index()] = self.copies(t);
        }
        c
    }
}

/// Running counts of what has been parsed, checked against the set.
struct Tally<'a> {
    set: &'a TileSetSpec,
    kind: [u8; NUM_KINDS],
    plain: [u8; NUM_KINDS],
    red: [u8; NUM_KINDS],
    gold: [u8; NUM_KINDS],
    blue: [u8; NUM_KINDS],
    pocchi: u8,
    flowers: [u8; 4],
}

impl Tally<'_> {
    fn add(&mut self, p: PhysTile) -> Result<(), NotationErrorKind> {
        let too_many = |max, whole_kind| Err(NotationErrorKind::TooMany { piece: p, max, whole_kind });
        let Some(k) = p.kind() else {
            let f = p.flower().map_or(0, |f| f as usize);
            self.flowers[f] += 1;
            let max = p.flower().map_or(0, |f| u8::from(self.set.has_flower(f)));
            return if self.flowers[f] > max { too_many(max, false) } else { Ok(()) };
        };
        let i = k.index();
        if !self.set.contains(k) {
            return Err(NotationErrorKind::NotInSet(k));
        }
        self.kind[i] += 1;
        if self.kind[i] > self.set.copies(k) {
            return too_many(self.set.copies(k), true);
        }
        let (n, max) = match p {
            PhysTile::Red(_) => (&mut self.red[i], self.set.red(k)),
            PhysTile::Gold(_) => (&mut self.gold[i], self.set.gold(k)),
            PhysTile::Blue(_) => (&mut self.blue[i], self.set.blue(k)),
            PhysTile::Pocchi => (&mut self.pocchi, self.set.pocchi(k)),
            _ => (&mut self.plain[i], self.set.plain(k)),
        };
        *n += 1;
        if *n > max { too_many(max, false) } else { Ok(()) }
    }
}

/// Parses a hand or any list of pieces, checked against `set`.
///
/// A hand is a run of groups, each some digits followed by a suit letter:
/// `123m406p789s11z`. Spaces may separate groups (`"123m 456p"`), never a
/// group's digits from its letter.
///
/// | written | piece |
/// |---|---|
/// | `1m`–`9m`, `1p`–`9p`, `1s`–`9s` | suited kinds |
/// | `1z`–`7z` | East, South, West, North, haku (白), hatsu (發), chun (中) |
/// | `0m` `0p` `0s` | a red five (赤) |
/// | `gm` `gp` `gs` | a gold five (金, Gotō): the letter `g` stands in for the 5 |
/// | `bm` `bp` `bs` | a blue five (青): the letter `b` stands in for the 5 |
/// | `0z` | the white pocchi (白ポッチ): the marked haku, as `0` marks the special five |
/// | `1f`–`4f` | flowers 春 spring, 夏 summer, 秋 autumn, 冬 winter |
///
/// So `4g6p` is 4p, gold 5p, 6p and `550z` is two haku and the pocchi.
/// [`Mpsz`] writes pieces back in the order given, merging neighbours of one
/// suit, so parsing its output gives the same pieces back.
///
/// Parsing checks the pieces against a [`TileSetSpec`]: a kind the set lacks
/// (2m in sanma), a fifth copy of a kind, more red/gold/blue/pocchi/flower pieces
/// (or more plain copies) than the set has. Every error names the byte
/// position of the offending character and why.
///
/// ```
/// use engine::mahjong::{parse_tiles, Mpsz, TileSetSpec};
/// let set = TileSetSpec::four_player();
/// let hand = parse_tiles("123m406p789s11z", &set).unwrap();
/// assert_eq!(hand.len(), 11);
/// assert_eq!(Mpsz(&hand).to_string(), "123m406p789s11z");
/// let err = parse_tiles("123m8z", &set).unwrap_err();
/// assert_eq!(err.pos, 4);
/// ```
pub fn parse_tiles(s: &str, set: &TileSetSpec) -> Result<Vec<PhysTile>, NotationError> {
    let mut tally = Tally {
        set,
        kind: [0; NUM_KINDS],
        plain: [0; NUM_KINDS],
        red: [0; NUM_KINDS],
        gold: [0; NUM_KINDS],
        blue: [0; NUM_KINDS],
        pocchi: 0,
        flowers: [0; 4],
    };
    let mut out = Vec::with_capacity(s.len());
    scan(s, |_, p| {
        tally.add(p)?;
        out.push(p);
        Ok(())
    })?;
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::t;

    #[test]
    fn four_player_set_has_136_tiles_and_three_reds() {
        let set = TileSetSpec::four_player();
        let mut wall = [PhysTile::default(); MAX_WALL_TILES];
        assert_eq!(set.fill_wall(&mut wall), 136);
        assert_eq!(set.total_tiles(), 136);
        let reds: Vec<_> = wall[..136].iter().filter(|p| p.is_red()).filter_map(|p| p.kind()).collect();
        assert_eq!(reds, vec![t!(5m), t!(5p), t!(5s)]);
        assert_eq!(wall[..136].iter().filter(|p| p.kind() == Some(t!(5p))).count(), 4);
        assert!(!wall[..136].iter().any(|p| p.is_gold() || p.is_pocchi() || p.flower().is_some()));
        assert_eq!(set.dora_from_indicator(t!(1m)), t!(2m));
    }

    #[test]
    fn nuki_is_north_unless_the_set_says_and_never_a_kind_it_lacks_or_marks() {
        assert_eq!(TileSetSpec::goto().nuki(), NukiKinds::NORTH);
        let set = |extra: &str| {
            TileSetSpec::from_toml(&format!(
                "name = \"s\"\nmanzu = \"terminals\"\nred_fives = \"5p\"\npocchi = 1\n{extra}"
            ))
        };
        assert_eq!(set("nuki = \"1m9m\"").unwrap().nuki().as_slice(), [t!(1m), t!(9m)]);
        for (nuki, why) in [
            ("2m", "tile set field `nuki`: 2m: not in the set"),
            ("5p", "tile set field `nuki`: 5p: has red, gold or blue copies"),
            ("5s\"\nblue_fives = \"5s", "tile set field `nuki`: 5s: has red, gold or blue copies"),
            ("5z", "tile set field `nuki`: 5z: holds the pocchi"),
            ("1m9m4z", "tile set field `nuki`: `1m9m4z`: one or two kinds"),
        ] {
            assert!(set(&format!("nuki = \"{nuki}\"")).unwrap_err().to_string().starts_with(why), "{nuki}");
        }
    }

    #[test]
    fn goto_set_is_sanma_with_flowers_gold_and_pocchi() {
        let set = TileSetSpec::goto();
        let mut wall = [PhysTile::default(); MAX_WALL_TILES];
        let n = set.fill_wall(&mut wall);
        assert_eq!(n, 112);
        let w = &wall[..n];
        assert_eq!(w.iter().filter(|p| p.flower().is_some()).count(), 4);
        assert_eq!(w.iter().filter(|p| p.kind().is_some_and(|k| k.suit() == Suit::Man)).count(), 8);
        assert!(!w.iter().any(|p| p.kind() == Some(t!(2m))));
        assert_eq!(w.iter().filter(|p| p.is_red()).count(), 2);
        assert_eq!(w.iter().filter(|p| p.is_gold()).count(), 2);
        assert_eq!(w.iter().filter(|p| p.kind() == Some(Tile::HAKU)).count(), 4);
        assert_eq!(w.iter().filter(|p| p.is_pocchi()).count(), 1);
        assert_eq!(set.plain(t!(5p)), 2);
        assert_eq!(set.dora_from_indicator(t!(1m)), t!(9m));
        assert_eq!(set.dora_from_indicator(t!(9m)), t!(1m));
    }

    #[test]
    fn blue_fives_replace_plain_copies_beside_the_red_ones() {
        let text = "name = \"club\"\nmanzu = \"full\"\nred_fives = \"5m5p5s\"\nblue_fives = \"5p5p\"";
        let set = TileSetSpec::from_toml(text).unwrap();
        assert!(set.has_blue() && !TileSetSpec::four_player().has_blue() && !TileSetSpec::goto().has_blue());
        assert_eq!((set.red(t!(5p)), set.blue(t!(5p)), set.plain(t!(5p)), set.blue(t!(5s))), (1, 2, 1, 0));
        let mut wall = [PhysTile::default(); MAX_WALL_TILES];
        let n = set.fill_wall(&mut wall);
        let w = &wall[..n];
        assert_eq!(n, 136, "blue copies replace plain ones");
        assert_eq!(w.iter().filter(|p| p.kind() == Some(t!(5p))).count(), 4);
        assert_eq!(w.iter().filter(|p| p.is_blue()).count(), 2);
        let hand = parse_tiles("bbp0p5p", &set).unwrap();
        assert_eq!(
            hand,
            [PhysTile::Blue(t!(5p)), PhysTile::Blue(t!(5p)), PhysTile::Red(t!(5p)), PhysTile::Plain(t!(5p))]
        );
        let e = parse_tiles("bbbp", &set).unwrap_err();
        assert_eq!((e.pos, e.to_string()), (2, "at byte 2: one bp too many: the set has 2".to_string()));
        assert!(parse_tiles("bs", &set).is_err() && parse_tiles("bz", &set).is_err());
        // Red, gold and blue copies of one five add up to four at most: refused in one line.
        let e = TileSetSpec::from_toml(&text.replace("\"5p5p\"", "\"5p5p5p5p\"")).unwrap_err().to_string();
        assert_eq!(e, "tile set field `blue_fives`: 5p: 5 red, gold and blue copies, but a kind has four");
        assert!(TileSetSpec::from_toml(&text.replace("\"5p5p\"", "\"5p5p5p\"")).is_ok(), "exactly four");
        let e = TileSetSpec::from_toml(&text.replace("\"5p5p\"", "\"4p\"")).unwrap_err().to_string();
        assert!(e.contains("`blue_fives`: 4p: only fives"), "{e}");
    }

    #[test]
    fn bad_files_name_the_field() {
        let base = "name = \"x\"\nmanzu = \"full\"\n";
        let err = |extra: &str| TileSetSpec::from_toml(&format!("{base}{extra}")).unwrap_err().to_string();
        assert!(err("red_fives = \"4m\"").contains("`red_fives`: 4m: only fives"), "{}", err("red_fives = \"4m\""));
        assert!(err("red_fives = \"8z\"").contains("red_fives"));
        assert!(err("pocchi = 5").contains("`pocchi`"));
        assert!(err("flowers = \"15f\"").contains("5f: no such flower"));
        assert!(err("flowers = \"11f\"").contains("twice"));
        assert!(err("colour = 1").contains("unknown field"));
        let e = TileSetSpec::from_toml("name = \"x\"\nmanzu = \"half\"").unwrap_err().to_string();
        assert!(e.contains("`manzu`") && e.contains("half"), "{e}");
        let e = TileSetSpec::from_toml("name = \"x\"\nmanzu = \"terminals\"\nred_fives = \"5m\"").unwrap_err();
        assert!(e.to_string().contains("1m and 9m only"));
        assert!(TileSetSpec::preset("mahjong").unwrap_err().to_string().contains("four_player, goto"));
        assert!(TileSetSpec::from_toml(base).is_ok());
    }
}
