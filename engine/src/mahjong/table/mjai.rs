//! Game records as mjai events (the JSON Lines format read by mjai tools
//! and Mortal): the serde type [`Event`], one JSON object per event
//! (`{"type":"dahai","actor":0,"pai":"5mr","tsumogiri":false}`), and the
//! [`EventLog`] kept in the [`TableState`](super::TableState) when the game
//! was built [`with_event_log`](super::RiichiTable::with_event_log).
//!
//! Tiles are written `1m`…`9m`, `1p`…, `1s`…, `5mr`/`5pr`/`5sr` for red
//! fives, `E S W N` for the winds and `P F C` for haku, hatsu, chun
//! ([`pai_name`], read back by [`parse_pai`]); a hidden tile `?` does not
//! read (a replay needs every tile). Dora indicators are recorded when
//! turned (a kan dora as the table's `kan_dora_turned` says: after the kan, or after its
//! maker's next discard); a `hora` carries the points
//! each seat moved (`deltas`, riichi sticks included), the ura indicators
//! when the winner was in riichi and the rules count ura dora, and the
//! score (`fan`, `fu`, `yakus` as `[name, han]` pairs with the hand core's
//! yaku names); `end_game` carries the final `scores`, after the riichi
//! sticks left on the table went to the first place. `start_game` is
//! written without `names` (the writer adds its players' names).
//!
//! Three-seat games (Gotō) write three hands in `tehais` (`scores` keeps four numbers, the
//! fourth 0; three-number `scores` and `deltas`, as other engines write them, read the
//! same), `nukidora` for an extracted north as the three-player mjai dialect does (`kita`
//! read as its other name),
//! and, as our extensions, `hana` for a flower set aside, `"open":true` on an open
//! riichi's `reach`, and the names `5pg`/`5sg` (gold fives), `5mb`/`5pb`/`5sb` (blue fives),
//! `Pp` (the pocchi) and `1f`–`4f` (flowers). Every piece drawn is a `tsumo`, a flower's and a replacement's
//! too.
//!
//! Reading follows mjai and Mortal where they leave fields out: `deltas`,
//! the `hora` score and `pai` (Mortal's: the last tile), `end_game`
//! `scores` and `tsumogiri` may be missing; `uradora_markers` is read as
//! `ura_markers`; yaku names this engine does not know leave the yaku list
//! empty (han and fu still compare), and a `fan` or `fu` that does not
//! read as a number leaves the score unstated (serde reads the flattened
//! score as optional); fields not listed here (`names`,
//! `reach_accepted`'s `deltas` …) are ignored; Mortal's `none` is
//! [`Event::None`].

use crate::mahjong::{Flower, MAX_YAKU, PhysTile, Tile, Yaku, YakuList};
use serde::de::{self, Deserializer, SeqAccess, Visitor};
use serde::ser::{SerializeSeq, Serializer};
use serde::{Deserialize, Serialize};
use std::fmt;

use super::record::MAX_INDICATORS;
use super::{HAND_TILES, MAX_SEATS};

/// Events a hanchan usually needs; the log grows beyond this if a game is longer.
const CAPACITY: usize = 4096;

/// One mjai event.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Event {
    /// `start_game`.
    StartGame,
    /// `start_kyoku`: a hand dealt.
    StartKyoku {
        /// Round wind (0 East, 1 South), written `E`, `S`, `W`, `N`.
        #[serde(with = "wind")]
        bakaze: u8,
        /// Hand of the round, 1–4.
        kyoku: u8,
        /// 本場.
        honba: u8,
        /// Riichi sticks on the table (供託).
        kyotaku: u8,
        /// The dealer's seat.
        #[serde(deserialize_with = "seat")]
        oya: u8,
        /// The first dealt dora indicator.
        #[serde(with = "pai")]
        dora_marker: PhysTile,
        /// Points per seat before the hand (read from three numbers too).
        #[serde(deserialize_with = "seat_points::deserialize")]
        scores: [i32; MAX_SEATS],
        /// The 13 dealt tiles per seat, in dealing order.
        #[serde(with = "tehais")]
        tehais: [[PhysTile; HAND_TILES]; MAX_SEATS],
    },
    /// `tsumo`: a draw (live or rinshan).
    Tsumo {
        /// The drawing seat.
        #[serde(deserialize_with = "seat")]
        actor: u8,
        /// The tile.
        #[serde(with = "pai")]
        pai: PhysTile,
    },
    /// `dahai`: a discard.
    Dahai {
        /// The discarding seat.
        #[serde(deserialize_with = "seat")]
        actor: u8,
        /// The tile.
        #[serde(with = "pai")]
        pai: PhysTile,
        /// The drawn tile was discarded (ツモ切り); `None` when the record leaves it out.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        tsumogiri: Option<bool>,
    },
    /// `chi`.
    Chi {
        /// The calling seat.
        #[serde(deserialize_with = "seat")]
        actor: u8,
        /// The discarder.
        #[serde(deserialize_with = "seat")]
        target: u8,
        /// The called tile.
        #[serde(with = "pai")]
        pai: PhysTile,
        /// The two tiles from the hand.
        #[serde(with = "pais")]
        consumed: [PhysTile; 2],
    },
    /// `pon`.
    Pon {
        /// The calling seat.
        #[serde(deserialize_with = "seat")]
        actor: u8,
        /// The discarder.
        #[serde(deserialize_with = "seat")]
        target: u8,
        /// The called tile.
        #[serde(with = "pai")]
        pai: PhysTile,
        /// The two tiles from the hand.
        #[serde(with = "pais")]
        consumed: [PhysTile; 2],
    },
    /// `daiminkan` (大明槓).
    Daiminkan {
        /// The calling seat.
        #[serde(deserialize_with = "seat")]
        actor: u8,
        /// The discarder.
        #[serde(deserialize_with = "seat")]
        target: u8,
        /// The called tile.
        #[serde(with = "pai")]
        pai: PhysTile,
        /// The three tiles from the hand.
        #[serde(with = "pais")]
        consumed: [PhysTile; 3],
    },
    /// `kakan` (加槓).
    Kakan {
        /// The declaring seat.
        #[serde(deserialize_with = "seat")]
        actor: u8,
        /// The added tile.
        #[serde(with = "pai")]
        pai: PhysTile,
        /// The pon's three tiles.
        #[serde(with = "pais")]
        consumed: [PhysTile; 3],
    },
    /// `ankan` (暗槓).
    Ankan {
        /// The declaring seat.
        #[serde(deserialize_with = "seat")]
        actor: u8,
        /// The four tiles.
        #[serde(with = "pais")]
        consumed: [PhysTile; 4],
    },
    /// `nukidora` (抜きドラ, the three-player mjai dialect; read as `kita` too, as other
    /// engines write it, its `pai` then left out): a north (or another nuki kind of the tile
    /// set, named by `pai`) set aside; its replacement draw
    /// follows as a `tsumo`.
    #[serde(alias = "kita")]
    Nukidora {
        /// The extracting seat.
        #[serde(deserialize_with = "seat")]
        actor: u8,
        /// The tile set aside (a north where left out).
        #[serde(with = "pai", default = "north")]
        pai: PhysTile,
    },
    /// `hana` (our extension for Gotō's flowers): a flower drawn or dealt is set aside;
    /// its replacement draw follows as a `tsumo`.
    Hana {
        /// The seat.
        #[serde(deserialize_with = "seat")]
        actor: u8,
        /// The flower (`1f`–`4f`).
        #[serde(with = "pai")]
        pai: PhysTile,
    },
    /// `reach`: riichi declared (its discard follows).
    Reach {
        /// The declaring seat.
        #[serde(deserialize_with = "seat")]
        actor: u8,
        /// オープン立直 (our extension for Gotō, G-R2: `"open":true`, written only when set).
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        open: bool,
    },
    /// `reach_accepted`: the declaring discard was not won on; the stick is paid.
    ReachAccepted {
        /// The declaring seat.
        #[serde(deserialize_with = "seat")]
        actor: u8,
    },
    /// `dora`: a kan dora indicator turned.
    Dora {
        /// The indicator.
        #[serde(with = "pai")]
        dora_marker: PhysTile,
    },
    /// `hora`: a win (one event per winner of a double ron).
    Hora {
        /// The winner.
        #[serde(deserialize_with = "seat")]
        actor: u8,
        /// The discarder (the winner on a tsumo).
        #[serde(deserialize_with = "seat")]
        target: u8,
        /// The winning tile, when the record states it (the table always
        /// does; Mortal does not: the last tile drawn, discarded or added).
        #[serde(default, with = "optional_pai", skip_serializing_if = "Option::is_none")]
        pai: Option<PhysTile>,
        /// Points moved by this win per seat (honba and sticks included),
        /// when the record states them (the table always does).
        #[serde(default, skip_serializing_if = "Option::is_none", deserialize_with = "seat_points::optional")]
        deltas: Option<[i32; MAX_SEATS]>,
        /// The ura indicators that count (none unless the winner was in riichi).
        #[serde(default, alias = "uradora_markers")]
        ura_markers: UraMarkers,
        /// The score, when the record states it (the table always does).
        #[serde(flatten)]
        score: Option<HoraScore>,
    },
    /// `ryukyoku`: an exhaustive or abortive draw.
    Ryukyoku {
        /// Noten payments per seat (zero for an abortive draw), when the
        /// record states them (the table always does).
        #[serde(default, skip_serializing_if = "Option::is_none", deserialize_with = "seat_points::optional")]
        deltas: Option<[i32; MAX_SEATS]>,
    },
    /// `end_kyoku`.
    EndKyoku,
    /// `end_game`.
    EndGame {
        /// Final points per seat, when the record states them (the table
        /// always does).
        #[serde(default, skip_serializing_if = "Option::is_none", deserialize_with = "seat_points::optional")]
        scores: Option<[i32; MAX_SEATS]>,
    },
    /// `none`: nothing happened (Mortal writes it; the table never does,
    /// and a replay wants records without it).
    None,
}

/// How a win scored: han, fu and yaku (`fan`, `fu`, `yakus` in a record).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct HoraScore {
    /// 翻 han (13 per yakuman multiple).
    #[serde(rename = "fan")]
    pub han: u8,
    /// 符 fu (0 for a yakuman).
    pub fu: u8,
    /// Yaku and bonuses with their han (empty when a record names yaku
    /// this engine does not know).
    #[serde(rename = "yakus", default, with = "yakus")]
    pub yaku: YakuList,
}

/// Up to [`MAX_INDICATORS`] ura indicators (`ura_markers`, a list of tiles): Gotō's two at
/// the deal and one per kan make six.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct UraMarkers {
    tiles: [PhysTile; MAX_INDICATORS],
    len: u8,
}

impl UraMarkers {
    /// The first [`MAX_INDICATORS`] (at most) of `tiles`.
    pub fn new(tiles: impl IntoIterator<Item = PhysTile>) -> UraMarkers {
        let mut m = UraMarkers { tiles: [PhysTile::default(); MAX_INDICATORS], len: 0 };
        for (slot, p) in m.tiles.iter_mut().zip(tiles) {
            *slot = p;
            m.len += 1;
        }
        m
    }

    /// The indicators.
    pub fn as_slice(&self) -> &[PhysTile] {
        &self.tiles[..self.len as usize]
    }
}

impl Serialize for UraMarkers {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        pais::serialize(self.as_slice(), s)
    }
}

impl<'de> Deserialize<'de> for UraMarkers {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<UraMarkers, D::Error> {
        let tiles: Vec<Pai> = Vec::deserialize(d)?;
        if tiles.len() > MAX_INDICATORS {
            return Err(de::Error::custom(format!("more than {MAX_INDICATORS} ura indicators")));
        }
        Ok(UraMarkers::new(tiles.into_iter().map(|p| p.0)))
    }
}

/// The events of the game in progress; records nothing unless switched on.
#[derive(Clone, Debug, Default)]
pub struct EventLog {
    on: bool,
    events: Vec<Event>,
}

impl EventLog {
    /// A log, recording (with its buffer allocated now) when `on`.
    pub(crate) fn new(on: bool) -> EventLog {
        EventLog { on, events: if on { Vec::with_capacity(CAPACITY) } else { Vec::new() } }
    }

    /// Whether events are recorded.
    pub fn is_on(&self) -> bool {
        self.on
    }

    /// The events of the current (or last) game.
    pub fn events(&self) -> &[Event] {
        &self.events
    }

    pub(crate) fn clear(&mut self) {
        self.events.clear();
    }

    /// Drops the events from `len` on.
    pub(crate) fn truncate(&mut self, len: usize) {
        self.events.truncate(len);
    }

    pub(crate) fn push(&mut self, e: Event) {
        if self.on {
            self.events.push(e);
        }
    }

    /// The last tile drawn, discarded or added to a kan (the winning tile of a hora).
    pub(crate) fn last_tile(&self) -> PhysTile {
        self.events
            .iter()
            .rev()
            .find_map(|e| match *e {
                Event::Tsumo { pai, .. } | Event::Dahai { pai, .. } | Event::Kakan { pai, .. } => Some(pai),
                Event::Ankan { consumed, .. } => Some(consumed[0]),
                _ => None,
            })
            .expect("a win follows a tile")
    }

    /// The tiles of `actor`'s pon of `pai`'s kind (for an added kan).
    pub(crate) fn pon_tiles(&self, actor: u8, pai: PhysTile) -> [PhysTile; 3] {
        self.events
            .iter()
            .rev()
            .find_map(|e| match *e {
                Event::Pon { actor: a, pai: p, consumed: [c0, c1], .. } if a == actor && p.kind() == pai.kind() => {
                    Some([p, c0, c1])
                }
                _ => None,
            })
            .expect("an added kan needs its pon")
    }
}

/// A piece of kind `t`, red when `red`.
pub(crate) fn piece(t: Tile, red: bool) -> PhysTile {
    if red { PhysTile::Red(t) } else { PhysTile::Plain(t) }
}

const NAMES: [&str; 34] = [
    "1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m", "1p", "2p", "3p", "4p", "5p", "6p", "7p", "8p", "9p", "1s",
    "2s", "3s", "4s", "5s", "6s", "7s", "8s", "9s", "E", "S", "W", "N", "P", "F", "C",
];

/// Our extension of the names: Gotō's gold fives, pocchi and flowers, and blue fives.
const EXTENDED_NAMES: [(&str, PhysTile); 10] = [
    ("5pg", PhysTile::Gold(crate::t!(5p))),
    ("5sg", PhysTile::Gold(crate::t!(5s))),
    ("5mb", PhysTile::Blue(crate::t!(5m))),
    ("5pb", PhysTile::Blue(crate::t!(5p))),
    ("5sb", PhysTile::Blue(crate::t!(5s))),
    ("Pp", PhysTile::Pocchi),
    ("1f", PhysTile::Flower(Flower::Spring)),
    ("2f", PhysTile::Flower(Flower::Summer)),
    ("3f", PhysTile::Flower(Flower::Autumn)),
    ("4f", PhysTile::Flower(Flower::Winter)),
];

/// A dealt hand of a seat not in play (the fourth at a three-seat table): not written.
pub const NO_HAND: [PhysTile; HAND_TILES] = [PhysTile::Plain(Tile::EAST); HAND_TILES];

/// The mjai name of a piece (`5mr` for a red five, `P` for haku; Gotō's gold fives
/// `5pg`/`5sg`, pocchi `Pp` and flowers `1f`–`4f`, and blue fives `5mb`/`5pb`/`5sb` are our
/// extension).
pub fn pai_name(p: PhysTile) -> &'static str {
    if let Some(&(name, _)) = EXTENDED_NAMES.iter().find(|g| g.1 == p) {
        return name;
    }
    let t = p.kind().expect("every flower is named above");
    match (p.is_red(), t.index()) {
        (true, 4) => "5mr",
        (true, 13) => "5pr",
        (true, 22) => "5sr",
        (_, i) => NAMES[i],
    }
}

/// The piece an mjai name stands for (`5pr` a red five, `P` haku, `Pp` the pocchi), if any.
pub fn parse_pai(name: &str) -> Option<PhysTile> {
    if let Some(&(_, p)) = EXTENDED_NAMES.iter().find(|g| g.0 == name) {
        return Some(p);
    }
    let (plain, red) = match name.strip_suffix('r') {
        Some(p @ ("5m" | "5p" | "5s")) => (p, true),
        _ => (name, false),
    };
    let i = NAMES.iter().position(|&n| n == plain)?;
    Some(piece(Tile::from_index(i as u8)?, red))
}

/// A tile as read from a record.
struct Pai(PhysTile);

impl<'de> Deserialize<'de> for Pai {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Pai, D::Error> {
        struct Name;
        impl Visitor<'_> for Name {
            type Value = Pai;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("an mjai tile name")
            }
            fn visit_str<E: de::Error>(self, name: &str) -> Result<Pai, E> {
                if name == "?" {
                    return Err(E::custom("hidden tile `?`: a replay needs a record that shows every tile"));
                }
                parse_pai(name).map(Pai).ok_or_else(|| E::custom(format!("unknown tile `{name}`")))
            }
        }
        d.deserialize_str(Name)
    }
}

/// One tile.
mod pai {
    use super::*;

    pub fn serialize<S: Serializer>(p: &PhysTile, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(pai_name(*p))
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<PhysTile, D::Error> {
        Pai::deserialize(d).map(|p| p.0)
    }
}

/// A tile that may be missing.
mod optional_pai {
    use super::*;

    pub fn serialize<S: Serializer>(p: &Option<PhysTile>, s: S) -> Result<S::Ok, S::Error> {
        match p {
            Some(p) => s.serialize_str(pai_name(*p)),
            None => s.serialize_none(),
        }
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<PhysTile>, D::Error> {
        Ok(Option::<Pai>::deserialize(d)?.map(|p| p.0))
    }
}

/// A list of exactly `N` tiles.
mod pais {
    use super::*;

    pub fn serialize<S: Serializer>(ps: &[PhysTile], s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(ps.iter().map(|&p| pai_name(p)))
    }

    pub fn deserialize<'de, D: Deserializer<'de>, const N: usize>(d: D) -> Result<[PhysTile; N], D::Error> {
        let tiles: Vec<Pai> = Vec::deserialize(d)?;
        let n = tiles.len();
        let tiles: Vec<PhysTile> = tiles.into_iter().map(|p| p.0).collect();
        tiles.try_into().map_err(|_| de::Error::custom(format!("{N} tiles expected, got {n}")))
    }
}

/// The four dealt hands.
mod tehais {
    use super::*;

    struct Hand<'a>(&'a [PhysTile; HAND_TILES]);

    impl Serialize for Hand<'_> {
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            pais::serialize(self.0, s)
        }
    }

    pub fn serialize<S: Serializer>(hands: &[[PhysTile; HAND_TILES]; MAX_SEATS], s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(hands.iter().filter(|h| **h != NO_HAND).map(Hand))
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<[[PhysTile; HAND_TILES]; MAX_SEATS], D::Error> {
        struct Hands;
        impl<'de> Visitor<'de> for Hands {
            type Value = [[PhysTile; HAND_TILES]; MAX_SEATS];
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("three or four hands of 13 tiles")
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
                #[derive(Deserialize)]
                struct Hand(#[serde(with = "pais")] [PhysTile; HAND_TILES]);
                let mut hands = [NO_HAND; MAX_SEATS];
                let mut n = 0;
                while let Some(h) = seq.next_element::<Hand>()? {
                    if n == MAX_SEATS {
                        return Err(de::Error::custom("three or four hands expected"));
                    }
                    hands[n] = h.0;
                    n += 1;
                }
                if n < 3 {
                    return Err(de::Error::custom("three or four hands expected"));
                }
                Ok(hands)
            }
        }
        d.deserialize_seq(Hands)
    }
}

/// A north, the piece of a `kita` that does not name it.
fn north() -> PhysTile {
    PhysTile::Plain(Tile::NORTH)
}

/// Points per seat: four numbers, or three at a three-seat table as other engines write
/// them (the fourth read as 0).
mod seat_points {
    use super::*;

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<[i32; MAX_SEATS], D::Error> {
        let points: Vec<i32> = Vec::deserialize(d)?;
        match points.len() {
            3 | 4 => Ok(std::array::from_fn(|s| points.get(s).copied().unwrap_or(0))),
            n => Err(de::Error::custom(format!("three or four seats' points expected, got {n}"))),
        }
    }

    pub fn optional<'de, D: Deserializer<'de>>(d: D) -> Result<Option<[i32; MAX_SEATS]>, D::Error> {
        #[derive(Deserialize)]
        struct Points(#[serde(deserialize_with = "deserialize")] [i32; MAX_SEATS]);
        Ok(Option::<Points>::deserialize(d)?.map(|p| p.0))
    }
}

/// The round wind, `E` `S` `W` `N`.
mod wind {
    use super::*;

    const WINDS: [&str; 4] = ["E", "S", "W", "N"];

    pub fn serialize<S: Serializer>(w: &u8, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(WINDS[*w as usize % 4])
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<u8, D::Error> {
        let w = String::deserialize(d)?;
        let i = WINDS.iter().position(|&x| x == w);
        i.map(|i| i as u8).ok_or_else(|| de::Error::custom(format!("round wind `{w}` is not E, S, W or N")))
    }
}

/// A seat 0–3.
fn seat<'de, D: Deserializer<'de>>(d: D) -> Result<u8, D::Error> {
    let s = u64::deserialize(d)?;
    match u8::try_from(s) {
        Ok(s) if (s as usize) < MAX_SEATS => Ok(s),
        _ => Err(de::Error::custom(format!("seat {s} is not 0–3"))),
    }
}

/// Yaku as `[name, han]` pairs.
mod yakus {
    use super::*;

    pub fn serialize<S: Serializer>(yaku: &YakuList, s: S) -> Result<S::Ok, S::Error> {
        let mut seq = s.serialize_seq(Some(yaku.as_slice().len()))?;
        for &(y, han) in yaku.as_slice() {
            seq.serialize_element(&(y.name(), han))?;
        }
        seq.end()
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<YakuList, D::Error> {
        let named: Vec<(String, u8)> = Vec::deserialize(d)?;
        let known: Option<Vec<(Yaku, u8)>> = named
            .iter()
            .map(|(name, han)| Some((Yaku::ALL.iter().copied().find(|y| y.name() == name)?, *han)))
            .collect();
        let mut yaku = YakuList::default();
        for (y, han) in known.filter(|k| k.len() <= MAX_YAKU).unwrap_or_default() {
            yaku.push(y, han);
        }
        Ok(yaku)
    }
}
