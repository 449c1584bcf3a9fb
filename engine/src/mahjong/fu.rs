//! Fu (符) of a standard-form reading. Seven pairs is a flat 25 fu and is
//! not counted here.
//!
//! 20 base; +10 closed ron; +2 tsumo (not with pinfu, and not on a rinshan
//! win when the rules say so, as Ron2 does); sets 2 / 4 / 8 / 16 / 32 by
//! open-concealed, simple-terminal and triplet-kan (a triplet completed by
//! ron counts as open); pair of a dragon, seat or round wind 2 (a wind both
//! seat and round: the rules' value, Ron2 4); kanchan, penchan, tanki 2;
//! rounded up to 10; an open hand with no fu at all (open pinfu shape) 30.

use super::decompose::{Block, BlockKind};
use super::rules::Rules;
use super::tile::Tile;

/// How the winning tile completed the hand (named in snake case in a data yaku's `wait`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Wait {
    /// 両面 two-sided sequence wait.
    Ryanmen,
    /// 嵌張 middle of a sequence.
    Kanchan,
    /// 辺張 3 of 123 or 7 of 789.
    Penchan,
    /// 双碰 completed a triplet.
    Shanpon,
    /// 単騎 completed the pair.
    Tanki,
}

impl Wait {
    /// The wait for the winning kind `win` completing `block`.
    pub const fn of(block: Block, win: Tile) -> Wait {
        match block.kind {
            BlockKind::Triplet | BlockKind::Kan => Wait::Shanpon,
            BlockKind::Sequence => {
                let (n, first, w) = (block.tile.number(), block.tile.index(), win.index());
                if w == first + 1 {
                    Wait::Kanchan
                } else if (w == first && n == 7) || (w == first + 2 && n == 1) {
                    Wait::Penchan
                } else {
                    Wait::Ryanmen
                }
            }
        }
    }
}

/// Facts about the win that fu needs.
#[derive(Clone, Copy, Debug)]
pub struct FuInput {
    /// No open meld.
    pub closed: bool,
    /// Won by self-draw.
    pub tsumo: bool,
    /// Won on a kan replacement tile.
    pub rinshan: bool,
    /// Seat wind.
    pub seat: Tile,
    /// Round wind.
    pub round: Tile,
}

/// Fu of a pair kind (dragon, seat wind, round wind).
pub fn pair_fu(rules: &Rules, f: &FuInput, pair: Tile) -> u8 {
    if pair.is_dragon() {
        2
    } else if pair == f.seat && pair == f.round {
        rules.fu.double_wind_pair
    } else if pair == f.seat || pair == f.round {
        2
    } else {
        0
    }
}

/// Fu of one set; `ron_completed` marks a concealed triplet finished by ron.
pub const fn set_fu(b: Block, ron_completed: bool) -> u8 {
    let mut fu = match b.kind {
        BlockKind::Sequence => return 0,
        BlockKind::Triplet => 2,
        BlockKind::Kan => 8,
    };
    if b.tile.is_terminal_or_honor() {
        fu *= 2;
    }
    if !b.open && !ron_completed {
        fu *= 2;
    }
    fu
}

/// Total fu of a standard reading (rounded); `win_block` is the index of
/// the set holding the winning tile, or `sets.len()` for the pair.
pub fn standard_fu(
    rules: &Rules,
    f: &FuInput,
    pair: Tile,
    sets: &[Block; 4],
    win_block: usize,
    wait: Wait,
    pinfu: bool,
) -> u8 {
    if pinfu {
        return if f.tsumo { 20 } else { 30 };
    }
    let mut fu = 20u8;
    if f.closed && !f.tsumo {
        fu += 10;
    }
    for (i, &b) in sets.iter().enumerate() {
        fu += set_fu(b, !f.tsumo && i == win_block);
    }
    fu += pair_fu(rules, f, pair);
    if matches!(wait, Wait::Kanchan | Wait::Penchan | Wait::Tanki) {
        fu += 2;
    }
    if f.tsumo && (!f.rinshan || rules.fu.rinshan_tsumo) {
        fu += 2;
    }
    if fu == 20 && !f.closed {
        return 30;
    }
    fu.div_ceil(10) * 10
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::t;

    const fn seq(t: Tile) -> Block {
        Block { kind: BlockKind::Sequence, tile: t, open: false }
    }
    const fn trip(t: Tile, open: bool) -> Block {
        Block { kind: BlockKind::Triplet, tile: t, open }
    }
    const fn kan(t: Tile, open: bool) -> Block {
        Block { kind: BlockKind::Kan, tile: t, open }
    }
    const EAST_SOUTH: FuInput =
        FuInput { closed: true, tsumo: false, rinshan: false, seat: Tile::SOUTH, round: Tile::EAST };

    #[test]
    fn waits() {
        assert_eq!(Wait::of(seq(t!(2m)), t!(2m)), Wait::Ryanmen);
        assert_eq!(Wait::of(seq(t!(2m)), t!(4m)), Wait::Ryanmen);
        assert_eq!(Wait::of(seq(t!(2m)), t!(3m)), Wait::Kanchan);
        assert_eq!(Wait::of(seq(t!(1m)), t!(3m)), Wait::Penchan);
        assert_eq!(Wait::of(seq(t!(1m)), t!(1m)), Wait::Ryanmen);
        assert_eq!(Wait::of(seq(t!(7m)), t!(7m)), Wait::Penchan);
        assert_eq!(Wait::of(seq(t!(7m)), t!(9m)), Wait::Ryanmen);
        assert_eq!(Wait::of(trip(t!(5m), false), t!(5m)), Wait::Shanpon);
    }

    #[test]
    fn set_components() {
        assert_eq!(set_fu(seq(t!(4m)), false), 0);
        assert_eq!(set_fu(trip(t!(5m), true), false), 2);
        assert_eq!(set_fu(trip(t!(1m), true), false), 4);
        assert_eq!(set_fu(trip(t!(5m), false), false), 4);
        assert_eq!(set_fu(trip(t!(5m), false), true), 2);
        assert_eq!(set_fu(trip(t!(7z), false), false), 8);
        assert_eq!(set_fu(trip(t!(7z), false), true), 4);
        assert_eq!(set_fu(kan(t!(5m), true), false), 8);
        assert_eq!(set_fu(kan(t!(1z), true), false), 16);
        assert_eq!(set_fu(kan(t!(5m), false), false), 16);
        assert_eq!(set_fu(kan(t!(9m), false), false), 32);
    }

    #[test]
    fn pair_components() {
        let r = Rules::ron2();
        assert_eq!(pair_fu(&r, &EAST_SOUTH, t!(5z)), 2);
        assert_eq!(pair_fu(&r, &EAST_SOUTH, t!(1z)), 2);
        assert_eq!(pair_fu(&r, &EAST_SOUTH, t!(2z)), 2);
        assert_eq!(pair_fu(&r, &EAST_SOUTH, t!(3z)), 0);
        assert_eq!(pair_fu(&r, &EAST_SOUTH, t!(5m)), 0);
        let double = FuInput { seat: Tile::EAST, ..EAST_SOUTH };
        assert_eq!(pair_fu(&r, &double, t!(1z)), 4);
    }

    #[test]
    fn totals() {
        let r = Rules::ron2();
        let sets = [seq(t!(1m)), seq(t!(2p)), seq(t!(3s)), trip(t!(5m), false)];
        // Closed ron, concealed simple triplet, ryanmen on 123m: 20+10+4 = 34 → 40.
        assert_eq!(standard_fu(&r, &EAST_SOUTH, t!(5p), &sets, 0, Wait::Ryanmen, false), 40);
        // Same but ron completed the triplet (shanpon): 20+10+2 = 32 → 40.
        assert_eq!(standard_fu(&r, &EAST_SOUTH, t!(5p), &sets, 3, Wait::Shanpon, false), 40);
        // Tanki: +2.
        let all_seq = [seq(t!(1m)), seq(t!(2p)), seq(t!(3s)), seq(t!(4m))];
        assert_eq!(standard_fu(&r, &EAST_SOUTH, t!(5p), &all_seq, 4, Wait::Tanki, false), 40);
        // Pinfu: ron 30, tsumo 20.
        assert_eq!(standard_fu(&r, &EAST_SOUTH, t!(5p), &all_seq, 0, Wait::Ryanmen, true), 30);
        let tsumo = FuInput { tsumo: true, ..EAST_SOUTH };
        assert_eq!(standard_fu(&r, &tsumo, t!(5p), &all_seq, 0, Wait::Ryanmen, true), 20);
        // Closed tsumo with a kanchan: 20+2+2 = 24 → 30.
        assert_eq!(standard_fu(&r, &tsumo, t!(5p), &all_seq, 0, Wait::Kanchan, false), 30);
        // Open pinfu shape ron: 30; open ron with a kanchan: 22 → 30.
        let open = FuInput { closed: false, ..EAST_SOUTH };
        let mut open_sets = all_seq;
        open_sets[1].open = true;
        assert_eq!(standard_fu(&r, &open, t!(5p), &open_sets, 0, Wait::Ryanmen, false), 30);
    }

    #[test]
    fn rinshan_tsumo_fu_per_ruleset() {
        // Closed hand, closed kan of 5m, rinshan tsumo on a tanki.
        let sets = [seq(t!(1m)), seq(t!(2p)), seq(t!(3s)), kan(t!(5m), false)];
        let f = FuInput { tsumo: true, rinshan: true, ..EAST_SOUTH };
        // 20 + 16 kan + 2 South pair + 2 tanki = 40; the tsumo 2 makes 50.
        assert_eq!(standard_fu(&Rules::ron2(), &f, t!(2z), &sets, 4, Wait::Tanki, false), 40);
        assert_eq!(standard_fu(&Rules::goto(), &f, t!(2z), &sets, 4, Wait::Tanki, false), 50);
        let plain = FuInput { rinshan: false, ..f };
        assert_eq!(standard_fu(&Rules::ron2(), &plain, t!(2z), &sets, 4, Wait::Tanki, false), 50);
    }
}
