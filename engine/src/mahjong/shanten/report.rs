//! One hand in notation → its shanten figures, for the `sim mahjong shanten`
//! command (one JSON line per hand).

use super::{ShantenRules, shanten_chiitoitsu, shanten_kokushi, shanten_standard, tile_count, ukeire};
use crate::mahjong::notation::{Mpsz, NotationError};
use crate::mahjong::tile::{TileCounts, counts_of};
use crate::mahjong::tileset::TileSetSpec;
use crate::mahjong::tileset::parse_tiles;
use serde::Serialize;
use std::fmt;

/// The shanten figures of one hand; serialises to the command's JSON line.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ShantenReport {
    /// The hand as parsed, written back in mpsz.
    pub hand: String,
    /// The best of the forms below.
    pub shanten: i8,
    /// Standard form (blocks and a pair).
    pub standard: i8,
    /// Seven pairs; `None` unless the hand holds 13 or 14 tiles (melds make it impossible).
    pub chiitoitsu: Option<i8>,
    /// Thirteen orphans; `None` unless the hand holds 13 or 14 tiles.
    pub kokushi: Option<i8>,
    /// The kinds that lower `shanten` (see [`ukeire`](super::ukeire)), in mpsz.
    pub ukeire: String,
}

/// Why a hand could not be reported.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HandError {
    /// The notation is wrong or does not fit the tile set.
    Notation(NotationError),
    /// A flower is set aside when drawn, never part of a hand (byte of its letter).
    Flower {
        /// Byte position of the `f`.
        pos: usize,
    },
    /// A concealed hand holds 3n+1 or 3n+2 tiles, 1 to 14.
    TileCount(usize),
}

impl fmt::Display for HandError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HandError::Notation(e) => e.fmt(f),
            HandError::Flower { pos } => write!(f, "at byte {pos}: flowers are set aside, not part of a hand"),
            HandError::TileCount(n) => {
                write!(f, "{n} tiles: a concealed hand holds 3n+1 or 3n+2 tiles (1, 2, 4, 5, … 13, 14)")
            }
        }
    }
}

impl std::error::Error for HandError {}

/// Parses `hand` against `set` and reports all its shanten figures;
/// `chiitoitsu_quads` is the ruleset's seven-pairs reading (Gotō: true).
///
/// ```
/// use engine::mahjong::{shanten_report, TileSetSpec};
/// let set = TileSetSpec::four_player();
/// let r = shanten_report("123m456p789s1122z", &set, false).unwrap();
/// assert_eq!((r.shanten, r.ukeire.as_str()), (0, "12z"));
/// ```
pub fn shanten_report(hand: &str, set: &TileSetSpec, chiitoitsu_quads: bool) -> Result<ShantenReport, HandError> {
    let rules = ShantenRules::new(set, chiitoitsu_quads);
    let tiles = parse_tiles(hand, set).map_err(HandError::Notation)?;
    if tiles.iter().any(|t| t.flower().is_some()) {
        return Err(HandError::Flower { pos: hand.find('f').unwrap_or(0) });
    }
    let counts: TileCounts = counts_of(&tiles);
    let n = tile_count(&counts);
    if n == 0 || n > 14 || n.is_multiple_of(3) {
        return Err(HandError::TileCount(n));
    }
    let standard = shanten_standard(&counts, rules);
    let chiitoitsu = shanten_chiitoitsu(&counts, rules);
    let kokushi = shanten_kokushi(&counts);
    Ok(ShantenReport {
        hand: Mpsz(&tiles).to_string(),
        shanten: standard.min(chiitoitsu.unwrap_or(i8::MAX)).min(kokushi.unwrap_or(i8::MAX)),
        standard,
        chiitoitsu,
        kokushi,
        ukeire: ukeire(&counts, rules).to_string(),
    })
}
