//! The wall's layout (牌山): which places of the shuffled wall are the live draws, the
//! replacement draws (嶺上牌), the dora indicators and the ura indicators beneath them, and
//! how the live wall's end (海底) moves as replacements are drawn and kan indicators turned.
//! Data per ruleset, so one table deals Ron2's fixed dead wall and Gotō's
//! 「ドラ隣まで取り切り」 (GOTO-SPEC G-W4).
//!
//! A place is an index into the wall in draw order: the deal and the live draws take
//! `0, 1, 2, …` from the front; everything else lies at the back.

use serde::Deserialize;

/// How the back of the wall is used (in a table file: `wall = "dead_wall"`, or
/// `wall = { draw_to_indicator = { replacement_tiles = 12 } }`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum WallModel {
    /// 王牌: a dead wall of the last 14 tiles, kept at 14 — 4 replacement tiles in draw order,
    /// 5 dora indicators, the 5 ura indicators beneath them; each replacement draw is made
    /// good from the live wall, whose end moves one tile closer (Ron2, Tenhou).
    DeadWall,
    /// A dead wall of 14 as [`WallModel::DeadWall`] with more replacement tiles (in a table
    /// file: `wall = { dead_wall_with = { replacement_tiles = 8 } }`; 天鳳 三麻: 8, for the
    /// kans and the extracted norths, 「嶺上牌は8枚」). The replacements past the dead wall's
    /// four are the tiles it took from the live wall's end, in the order it took them.
    DeadWallWith {
        /// Replacement draws a hand can have (4 to 12: four kans and four of each of two nuki
        /// kinds).
        replacement_tiles: u8,
    },
    /// ドラ隣まで取り切り (G-W4): no fixed dead wall. From the back: the replacement tiles in
    /// draw order, then the indicator stacks (an indicator above its ura), the first next to
    /// the replacement tiles. The live wall is drawn up to the tile beside the turned
    /// indicators; a kan's new indicator is the next stack, taken off the live wall's end
    /// (two tiles); replacement draws leave the live wall's end where it is.
    DrawToIndicator {
        /// Replacement tiles at the back: the most replacement draws (kans, and in Gotō
        /// extracted norths and flowers) a hand can have.
        replacement_tiles: u8,
    },
}

/// Tiles of the dead wall under [`WallModel::DeadWall`].
const DEAD_WALL: usize = 14;
/// Replacement tiles in the dead wall under [`WallModel::DeadWall`].
const DEAD_WALL_REPLACEMENTS: usize = 4;
/// Indicator (and ura) places in the dead wall under [`WallModel::DeadWall`].
const DEAD_WALL_INDICATORS: usize = 5;

/// Where everything lies in a wall of a given length under a [`WallModel`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WallLayout {
    /// Tiles in the wall.
    len: usize,
    model: WallModel,
    /// Replacement tiles at the back.
    replacements: usize,
}

impl WallLayout {
    /// The layout of a wall of `len` tiles under `model`.
    pub const fn new(len: usize, model: WallModel) -> WallLayout {
        let replacements = match model {
            WallModel::DeadWall => DEAD_WALL_REPLACEMENTS,
            WallModel::DeadWallWith { replacement_tiles } | WallModel::DrawToIndicator { replacement_tiles } => {
                replacement_tiles as usize
            }
        };
        WallLayout { len, model, replacements }
    }

    /// Tiles in the wall.
    pub const fn tiles(&self) -> usize {
        self.len
    }

    /// How many replacement tiles the back holds: the most replacement draws of a hand.
    pub const fn max_replacements(&self) -> usize {
        self.replacements
    }

    /// The first place past the live wall at the deal, with `indicators` turned.
    pub const fn live_end_at_deal(&self, indicators: usize) -> usize {
        match self.model {
            WallModel::DeadWall | WallModel::DeadWallWith { .. } => self.len - DEAD_WALL,
            WallModel::DrawToIndicator { .. } => self.len - self.replacements - 2 * indicators,
        }
    }

    /// The place of replacement draw `k` (0 = the first of the hand).
    pub const fn replacement(&self, k: usize) -> usize {
        match self.model {
            WallModel::DeadWall | WallModel::DeadWallWith { .. } if k < DEAD_WALL_REPLACEMENTS => {
                self.len - DEAD_WALL + k
            }
            // The live wall's end as the first replacements took it: len − 15, len − 16, ….
            WallModel::DeadWall | WallModel::DeadWallWith { .. } => {
                self.len - DEAD_WALL + DEAD_WALL_REPLACEMENTS - 1 - k
            }
            WallModel::DrawToIndicator { .. } => self.len - self.replacements + k,
        }
    }

    /// The place of dora indicator `i` (0 = the first turned).
    pub const fn indicator(&self, i: usize) -> usize {
        match self.model {
            WallModel::DeadWall | WallModel::DeadWallWith { .. } => self.len - DEAD_WALL + DEAD_WALL_REPLACEMENTS + i,
            WallModel::DrawToIndicator { .. } => self.len - self.replacements - 2 * (i + 1),
        }
    }

    /// The place of the ura indicator beneath indicator `i`.
    pub const fn ura(&self, i: usize) -> usize {
        match self.model {
            WallModel::DeadWall | WallModel::DeadWallWith { .. } => self.indicator(i) + DEAD_WALL_INDICATORS,
            WallModel::DrawToIndicator { .. } => self.indicator(i) + 1,
        }
    }

    /// How far the live wall's end moves towards the front per replacement draw.
    pub const fn live_tiles_per_replacement(&self) -> usize {
        match self.model {
            WallModel::DeadWall | WallModel::DeadWallWith { .. } => 1,
            WallModel::DrawToIndicator { .. } => 0,
        }
    }

    /// How far the live wall's end moves towards the front per kan indicator turned.
    pub const fn live_tiles_per_indicator(&self) -> usize {
        match self.model {
            WallModel::DeadWall | WallModel::DeadWallWith { .. } => 0,
            WallModel::DrawToIndicator { .. } => 2,
        }
    }

    /// The most indicators the back has places for (`None`: limited by the live wall only).
    pub const fn max_indicators(&self) -> Option<usize> {
        match self.model {
            WallModel::DeadWall | WallModel::DeadWallWith { .. } => Some(DEAD_WALL_INDICATORS),
            WallModel::DrawToIndicator { .. } => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every place of the back is used once: replacements, indicators and uras are distinct
    /// and lie past the live wall's end at the deal.
    fn places_are_distinct(w: WallLayout, indicators: usize, at_deal: usize) {
        let mut places: Vec<usize> = (0..w.max_replacements()).map(|k| w.replacement(k)).collect();
        places.extend((0..indicators).flat_map(|i| [w.indicator(i), w.ura(i)]));
        let n = places.len();
        places.sort_unstable();
        places.dedup();
        assert_eq!(places.len(), n, "{w:?}: a place used twice");
        let end = w.live_end_at_deal(at_deal);
        let kan_indicators = (indicators - at_deal) * w.live_tiles_per_indicator();
        assert!(places.iter().all(|&p| p >= end - kan_indicators && p < w.len), "{w:?}: {places:?}");
    }

    #[test]
    fn a_dead_wall_is_the_last_14_of_136() {
        let w = WallLayout::new(136, WallModel::DeadWall);
        assert_eq!(w.live_end_at_deal(1), 122);
        assert_eq!((0..4).map(|k| w.replacement(k)).collect::<Vec<_>>(), [122, 123, 124, 125]);
        assert_eq!((w.indicator(0), w.indicator(4)), (126, 130));
        assert_eq!((w.ura(0), w.ura(4)), (131, 135));
        assert_eq!((w.live_tiles_per_replacement(), w.live_tiles_per_indicator()), (1, 0));
        places_are_distinct(w, 5, 1);
    }

    /// 天鳳 三麻: 108 tiles, a dead wall of 14 and 8 replacement tiles, the last four the live
    /// wall's end as the first four replacements took it.
    #[test]
    fn a_sanma_dead_wall_has_eight_replacement_tiles() {
        let w = WallLayout::new(108, WallModel::DeadWallWith { replacement_tiles: 8 });
        assert_eq!((w.live_end_at_deal(1), w.max_replacements()), (94, 8));
        assert_eq!((0..8).map(|k| w.replacement(k)).collect::<Vec<_>>(), [94, 95, 96, 97, 93, 92, 91, 90]);
        // Replacement 4 and on lie past the live wall's end once four replacements moved it.
        assert!((4..8).all(|k| w.replacement(k) >= w.live_end_at_deal(1) - 4 * w.live_tiles_per_replacement()));
        assert_eq!((w.indicator(0), w.ura(4)), (98, 107));
        let mut places: Vec<usize> = (0..8).map(|k| w.replacement(k)).collect();
        places.extend((0..5).flat_map(|i| [w.indicator(i), w.ura(i)]));
        places.sort_unstable();
        places.dedup();
        assert_eq!(places.len(), 18);
    }

    /// G-W4: two indicators at the start beside the replacement tiles; the live wall ends
    /// beside them, and each kan indicator comes off its end.
    #[test]
    fn g_w4_the_live_wall_is_drawn_to_the_indicators() {
        let w = WallLayout::new(112, WallModel::DrawToIndicator { replacement_tiles: 12 });
        assert_eq!(w.live_end_at_deal(2), 112 - 12 - 4);
        assert_eq!((w.replacement(0), w.replacement(11)), (100, 111));
        assert_eq!((w.indicator(0), w.ura(0), w.indicator(1), w.ura(1)), (98, 99, 96, 97));
        // The first kan indicator is the stack the live wall ended on.
        assert_eq!((w.indicator(2), w.ura(2)), (94, 95));
        assert_eq!(w.live_end_at_deal(2) - w.live_tiles_per_indicator(), w.indicator(2));
        assert_eq!((w.live_tiles_per_replacement(), w.max_indicators()), (0, None));
        places_are_distinct(w, 6, 2);
    }
}
