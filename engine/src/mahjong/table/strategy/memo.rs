//! The ukeire of the hand a bot last picked a discard for (the hand it keeps), remembered
//! for the questions that ask it again: riichi, dama and open riichi on the same discard
//! this turn, and next turn the tie that discards the drawn tile again (the same hand).
//! A cache of a pure function: decisions never depend on what it holds.

use crate::mahjong::{ShantenRules, TileCounts, TileSet, ukeire};

/// One remembered hand and its ukeire.
#[derive(Clone, Copy, Debug)]
pub(super) struct WaitsMemo {
    /// The 3n+1 hand, `None` before the first.
    hand: Option<(TileCounts, ShantenRules)>,
    /// Its [`ukeire`].
    waits: TileSet,
}

impl WaitsMemo {
    /// Nothing remembered.
    pub(super) const EMPTY: WaitsMemo = WaitsMemo { hand: None, waits: TileSet::EMPTY };

    /// The [`ukeire`] of `hand`: remembered when it is the hand remembered.
    pub(super) fn waits(&self, hand: &TileCounts, rules: ShantenRules) -> TileSet {
        match self.hand {
            Some((h, r)) if h == *hand && r == rules => self.waits,
            _ => ukeire(hand, rules),
        }
    }

    /// Remembers `waits`, the [`ukeire`] of `hand`.
    pub(super) fn remember(&mut self, hand: &TileCounts, rules: ShantenRules, waits: TileSet) {
        *self = WaitsMemo { hand: Some((*hand, rules)), waits };
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mahjong::tile::counts_of;
    use crate::mahjong::tileset::{TileSetSpec, parse_tiles};

    fn hand(s: &str) -> TileCounts {
        counts_of(&parse_tiles(s, &TileSetSpec::four_player()).unwrap())
    }

    #[test]
    fn remembered_waits_answer_only_the_same_hand_under_the_same_rules() {
        let (kept, other) = (hand("111p456p789s1122z"), hand("111p456p789s1133z"));
        let mut memo = WaitsMemo::EMPTY;
        // Remembered (here deliberately not the true waits, to see which is answered).
        memo.remember(&kept, ShantenRules::FOUR_PLAYER, TileSet::EMPTY);
        assert_eq!(memo.waits(&kept, ShantenRules::FOUR_PLAYER), TileSet::EMPTY);
        // Another hand, or the same hand under other rules, is worked out.
        assert_eq!(memo.waits(&other, ShantenRules::FOUR_PLAYER).to_string(), "13z");
        assert_eq!(memo.waits(&kept, ShantenRules::GOTO).to_string(), "12z");
        assert_eq!(WaitsMemo::EMPTY.waits(&kept, ShantenRules::FOUR_PLAYER).to_string(), "12z");
    }
}
