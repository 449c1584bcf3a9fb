//! Reading data yaku: a rules file's `[yaku.local]` table (its `include` list and its own
//! sections) and the built-in yaku files it may include, each section checked into a
//! [`LocalYaku`] with one-line errors naming the yaku and the key.

use super::{Count, Form, LocalYaku, Value, kind_mask};
use crate::config::Presets;
use crate::mahjong::fu::Wait;
use crate::mahjong::hand::WinFlags;
use crate::mahjong::notation::parse_kinds;
use crate::mahjong::tile::NUM_KINDS;
use serde::Deserialize;
use serde::de::{self, DeserializeSeed, Deserializer, MapAccess, Visitor};
use std::fmt;

/// The shipped local yaku (`presets/local_yaku.toml`).
pub const LOCAL_YAKU_TOML: &str = include_str!("../presets/local_yaku.toml");

/// The built-in yaku files an `include` may name.
pub const YAKU_FILES: Presets = Presets { kind: "yaku file", list: &[("local_yaku", LOCAL_YAKU_TOML)] };

/// One data yaku as read: its conditions, its han when its section gives one, and the
/// names its precedence keys list (resolved once every yaku is known).
#[derive(Clone, Debug, PartialEq)]
pub struct LocalDef {
    /// Compiled conditions (precedence bits still empty).
    pub yaku: LocalYaku,
    /// `han = [closed, open]`, if given.
    pub han: Option<[u8; 2]>,
    /// `supersedes`.
    pub supersedes: Vec<String>,
    /// `excludes`.
    pub excludes: Vec<String>,
}

/// A `[yaku.local]` table (or a yaku file) as read.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct LocalFile {
    /// `include`: `"file"` (all its yaku) or `"file.id"` (one).
    pub include: Vec<String>,
    /// The file's own yaku, by id.
    pub own: Vec<(String, LocalDef)>,
}

impl LocalFile {
    /// Every yaku this table defines: the included ones, then its own (an own section
    /// replacing an included yaku of the same id), sorted by id.
    pub fn resolve(&self) -> Result<Vec<(String, LocalDef)>, String> {
        let mut all: Vec<(String, LocalDef)> = Vec::new();
        for entry in &self.include {
            let (file, only) = match entry.split_once('.') {
                Some((f, id)) => (f, Some(id)),
                None => (entry.as_str(), None),
            };
            let text =
                YAKU_FILES.text(file).ok_or_else(|| format!("yaku.local.include: {}", YAKU_FILES.unknown(file)))?;
            let read: LocalFile = crate::config::from_toml(text).map_err(|e| format!("yaku file `{file}`: {e}"))?;
            let picked: Vec<_> = read.own.into_iter().filter(|(id, _)| only.is_none_or(|o| o == id)).collect();
            if picked.is_empty() {
                return Err(format!("yaku.local.include: `{entry}`: no such yaku in `{file}`"));
            }
            for (id, def) in picked {
                if all.iter().any(|(a, _)| *a == id) {
                    return Err(format!("yaku.local.include: `{id}` is included twice"));
                }
                all.push((id, def));
            }
        }
        for (id, def) in &self.own {
            all.retain(|(a, _)| a != id);
            all.push((id.clone(), def.clone()));
        }
        all.sort_by(|a, b| a.0.cmp(&b.0));
        Ok(all)
    }
}

impl<'de> Deserialize<'de> for LocalFile {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_map(FileVisitor)
    }
}

struct FileVisitor;

impl<'de> Visitor<'de> for FileVisitor {
    type Value = LocalFile;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a table of data yaku, one table each, and an optional `include` list")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<LocalFile, A::Error> {
        let mut file = LocalFile::default();
        while let Some(key) = map.next_key::<String>()? {
            if key == "include" {
                file.include = map.next_value()?;
            } else if key.is_empty() || !key.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_') {
                return Err(de::Error::custom(format!("yaku.local: `{key}`: a yaku id is lower_snake_case")));
            } else {
                let def = map.next_value_seed(Section(&key))?;
                file.own.push((key, def));
            }
        }
        Ok(file)
    }
}

/// Gives a data yaku's read error a position in `text` when the reader could not (a file
/// that `extends` a preset is read merged, without positions): the key the message names
/// (`key `k``, `unknown field `k``) in the section of the yaku it names, else that section.
pub(crate) fn locate(text: &str, mut e: crate::config::TomlError) -> crate::config::TomlError {
    let quoted = |after: &str| {
        let rest = &e.message[e.message.find(after)? + after.len()..];
        Some(rest[..rest.find('`')?].to_string())
    };
    let Some(id) = quoted("yaku `").filter(|_| e.line.is_none()) else { return e };
    let key = quoted("key `").or_else(|| quoted("field `"));
    let section = ["yaku", "local", id.as_str()];
    let at = key.and_then(|k| crate::config::key_position(text, &[&section[..], &[k.as_str()]].concat()));
    if let Some((line, column)) = at.or_else(|| crate::config::key_position(text, &section)) {
        (e.line, e.column) = (Some(line), Some(column));
    }
    e
}

/// One section, read and checked with its id named in every error.
struct Section<'k>(&'k str);

impl<'de> DeserializeSeed<'de> for Section<'_> {
    type Value = LocalDef;

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<LocalDef, D::Error> {
        let id = self.0;
        let raw = Raw::deserialize(d).map_err(|e| de::Error::custom(format!("yaku `{id}`: {e}")))?;
        raw.compile().map_err(|(key, why)| de::Error::custom(format!("yaku `{id}`, key `{key}`: {why}")))
    }
}

/// A count: a number (exactly) or `{ min, max }`.
#[derive(Deserialize)]
#[serde(untagged)]
enum RawCount {
    Exactly(u8),
    Range(RawRange),
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawRange {
    min: Option<u8>,
    max: Option<u8>,
}

impl RawCount {
    fn count(&self) -> Count {
        match *self {
            RawCount::Exactly(n) => Count { min: n, max: n },
            RawCount::Range(RawRange { min, max }) => {
                Count { min: min.unwrap_or(Count::ANY.min), max: max.unwrap_or(Count::ANY.max) }
            }
        }
    }
}

#[derive(Clone, Copy, Deserialize)]
#[serde(rename_all = "snake_case")]
enum RawWin {
    Tsumo,
    Ron,
}

#[derive(Clone, Copy, Deserialize)]
#[serde(rename_all = "snake_case")]
enum RawWind {
    East,
    South,
    West,
    North,
}

#[derive(Clone, Copy, Deserialize)]
#[serde(rename_all = "snake_case")]
enum RawGroup {
    Man,
    Pin,
    Sou,
    Wind,
    Dragon,
    Honor,
}

/// A section's keys (every condition optional).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Raw {
    /// The yaku's name in Japanese (documentation only).
    #[serde(rename = "title")]
    _title: Option<String>,
    /// Where its definition is published (documentation only).
    #[serde(rename = "source")]
    _source: Option<String>,
    han: Option<Vec<u8>>,
    yakuman: Option<u8>,
    #[serde(default)]
    supersedes: Vec<String>,
    #[serde(default)]
    excludes: Vec<String>,
    #[serde(default = "any_form")]
    form: Form,
    closed: Option<bool>,
    tiles_only: Option<String>,
    tiles_all: Option<String>,
    #[serde(default)]
    groups: Vec<RawGroup>,
    #[serde(default)]
    no_groups: Vec<RawGroup>,
    number_suits: Option<RawCount>,
    open_melds: Option<RawCount>,
    red_fives: Option<RawCount>,
    win: Option<RawWin>,
    dealer: Option<bool>,
    riichi: Option<bool>,
    first_go_around: Option<bool>,
    after_kan: Option<bool>,
    last_tile: Option<bool>,
    seat_wind: Option<RawWind>,
    round_wind: Option<RawWind>,
    wait: Option<Vec<Wait>>,
    triplets: Option<RawCount>,
    sequences: Option<RawCount>,
    kans: Option<RawCount>,
    wind_triplets: Option<RawCount>,
    dragon_triplets: Option<RawCount>,
    triplet_run: Option<RawCount>,
    same_sequence: Option<RawCount>,
    suit_sequences: Option<Vec<u8>>,
    pair: Option<String>,
}

fn any_form() -> Form {
    Form::Any
}

/// A compile error: the key and why.
type Bad = (&'static str, String);

fn kinds(key: &'static str, text: &str) -> Result<u64, Bad> {
    let list = parse_kinds(text).map_err(|e| (key, e.to_string()))?;
    if list.is_empty() {
        return Err((key, "names no tile kind".into()));
    }
    Ok(kind_mask(&list))
}

fn groups(list: &[RawGroup]) -> u8 {
    list.iter().fold(0, |m, &g| m | 1 << g as u8)
}

impl Raw {
    /// The compiled conditions, or the first key that is wrong or cannot hold.
    fn compile(self) -> Result<LocalDef, Bad> {
        let mut y = LocalYaku::OPEN;
        let han = match self.han.as_deref() {
            None => None,
            Some(&[closed, open]) => Some([closed, open]),
            Some(v) => return Err(("han", format!("{} values; want `[closed, open]` han", v.len()))),
        };
        y.value = match (han, self.yakuman) {
            (Some(_), Some(_)) => return Err(("yakuman", "give `han` or `yakuman`, not both".into())),
            (_, Some(0)) => return Err(("yakuman", "a multiple of at least 1".into())),
            (_, Some(m)) if m > 6 => return Err(("yakuman", "at most 6 times".into())),
            (_, Some(m)) => Value::Yakuman(m),
            (_, None) => Value::Han,
        };
        y.form = self.form;
        y.closed = self.closed;
        let closed_form = matches!(y.form, Form::SevenPairs | Form::Unconnected);
        if closed_form && self.closed == Some(false) {
            return Err(("closed", "seven pairs and unconnected hands are closed".into()));
        }
        if let Some(t) = &self.tiles_only {
            y.tiles_only = kinds("tiles_only", t)?;
        }
        if let Some(t) = &self.tiles_all {
            y.tiles_all = kinds("tiles_all", t)?;
            if y.tiles_all & !y.tiles_only != 0 {
                return Err(("tiles_all", "names a kind outside `tiles_only`".into()));
            }
        }
        y.groups = groups(&self.groups);
        y.no_groups = groups(&self.no_groups);
        if y.groups & y.no_groups != 0 {
            return Err(("no_groups", "a group both required and refused".into()));
        }
        let counts = [
            ("number_suits", &self.number_suits, &mut y.number_suits),
            ("open_melds", &self.open_melds, &mut y.open_melds),
            ("red_fives", &self.red_fives, &mut y.red_fives),
            ("triplets", &self.triplets, &mut y.triplets),
            ("sequences", &self.sequences, &mut y.sequences),
            ("kans", &self.kans, &mut y.kans),
            ("wind_triplets", &self.wind_triplets, &mut y.wind_triplets),
            ("dragon_triplets", &self.dragon_triplets, &mut y.dragon_triplets),
            ("triplet_run", &self.triplet_run, &mut y.triplet_run),
            ("same_sequence", &self.same_sequence, &mut y.same_sequence),
        ];
        for (key, raw, slot) in counts {
            if let Some(raw) = raw {
                *slot = raw.count();
                if slot.min > slot.max {
                    return Err((key, format!("min {} above max {}", slot.min, slot.max)));
                }
            }
        }
        if y.open_melds.min > 0 && (y.closed == Some(true) || closed_form) {
            return Err(("open_melds", "open melds in a closed hand".into()));
        }
        if y.number_suits.min > 3 {
            return Err(("number_suits", "there are three number suits".into()));
        }
        let sets =
            [("open_melds", y.open_melds), ("triplets", y.triplets), ("sequences", y.sequences), ("kans", y.kans)];
        if let Some((key, _)) = sets.iter().find(|(_, c)| c.min > 4) {
            return Err((key, "a hand has four sets".into()));
        }
        let flags =
            [(self.win.map(|w| matches!(w, RawWin::Tsumo)), WinFlags::TSUMO), (self.after_kan, WinFlags::RINSHAN)];
        for (want, flag) in flags {
            match want {
                Some(true) => y.flags_set |= flag.0,
                Some(false) => y.flags_clear |= flag.0,
                None => {}
            }
        }
        y.dealer = self.dealer;
        y.riichi = self.riichi;
        y.first_go_around = self.first_go_around;
        y.last_tile = self.last_tile;
        if self.first_go_around == Some(true) && self.riichi == Some(true) {
            return Err(("first_go_around", "a first go-around win has no riichi before it".into()));
        }
        if self.riichi == Some(true) && (self.closed == Some(false) || y.open_melds.min > 0) {
            return Err(("riichi", "riichi needs a closed hand".into()));
        }
        y.seat_wind = self.seat_wind.map(|w| w as u8);
        y.round_wind = self.round_wind.map(|w| w as u8);
        if let Some(waits) = &self.wait {
            if waits.is_empty() {
                return Err(("wait", "an empty list never holds".into()));
            }
            y.waits = waits.iter().fold(0, |m, &w| m | 1 << w as u8);
        }
        if let Some(starts) = &self.suit_sequences {
            for &n in starts {
                if !(1..=7).contains(&n) {
                    return Err(("suit_sequences", format!("{n}: a sequence starts at 1 to 7")));
                }
                y.suit_sequences |= 1 << (n - 1);
            }
            if starts.is_empty() || starts.len() > 4 {
                return Err(("suit_sequences", "one to four starting numbers".into()));
            }
        }
        if let Some(p) = &self.pair {
            y.pair = kinds("pair", p)?;
        }
        if y.needs_sets() && y.form != Form::Standard {
            return Err(("form", "a condition on sets or the wait needs form = \"standard\"".into()));
        }
        if let Some([_, open]) = han
            && open > 0
            && (y.closed == Some(true) || closed_form)
        {
            return Err(("han", "a closed-only yaku: its open han must be 0".into()));
        }
        debug_assert!(y.tiles_only >> NUM_KINDS == 0);
        Ok(LocalDef { yaku: y, han, supersedes: self.supersedes, excludes: self.excludes })
    }
}
