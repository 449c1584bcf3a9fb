//! Limit hands (満貫 and up) and the base points every payment derives from.

use super::rules::{LimitKind, LimitRules};
use std::fmt;

/// The limit a hand reached.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Limit {
    /// Below mangan: base points from han and fu.
    None,
    /// 満貫 (base 2,000).
    Mangan,
    /// 跳満 (3,000).
    Haneman,
    /// 倍満 (4,000).
    Baiman,
    /// 三倍満 (6,000).
    Sanbaiman,
    /// 数え役満 / Gotō 四倍満 (8,000), from 13 han.
    KazoeYakuman,
    /// Gotō n × mangan for n ≥ 5 (五倍満 …): 15+ han, or rank-ups.
    ManganTimes(u8),
    /// A real yakuman of the given multiple (8,000 each).
    Yakuman(u8),
}

impl Limit {
    /// Base points (基本点) of a limit; `None` has none (they come from han and fu).
    pub const fn base(self) -> u32 {
        match self {
            Limit::None => 0,
            Limit::Mangan => 2000,
            Limit::Haneman => 3000,
            Limit::Baiman => 4000,
            Limit::Sanbaiman => 6000,
            Limit::KazoeYakuman => 8000,
            Limit::ManganTimes(n) => 2000 * n as u32,
            Limit::Yakuman(m) => 8000 * m as u32,
        }
    }

    /// The limit reached by `han` non-yakuman han (before fu is looked at).
    pub const fn from_han(kind: LimitKind, han: u8) -> Limit {
        match han {
            0..=4 => Limit::None,
            5 => Limit::Mangan,
            6..=7 => Limit::Haneman,
            8..=10 => Limit::Baiman,
            11..=12 => Limit::Sanbaiman,
            13..=14 => Limit::KazoeYakuman,
            _ => match kind {
                LimitKind::Standard => Limit::KazoeYakuman,
                LimitKind::Goto => Limit::ManganTimes(5 + (han - 15) / 2),
            },
        }
    }

    /// One rank up (Gotō summer on a mangan or more): mangan → haneman →
    /// baiman → sanbaiman → 四倍満 → 五倍満 …; a yakuman ×m becomes 4m + 1
    /// mangan.
    pub const fn rank_up(self) -> Limit {
        match self {
            Limit::None | Limit::Mangan => Limit::Haneman,
            Limit::Haneman => Limit::Baiman,
            Limit::Baiman => Limit::Sanbaiman,
            Limit::Sanbaiman => Limit::KazoeYakuman,
            Limit::KazoeYakuman => Limit::ManganTimes(5),
            Limit::ManganTimes(n) => Limit::ManganTimes(n + 1),
            Limit::Yakuman(m) => Limit::ManganTimes(4 * m + 1),
        }
    }
}

/// Base points of a hand below yakuman: fu × 2^(han+2), capped at mangan (from 1,920 with
/// [`LimitRules::kiriage_mangan`]), or the limit's.
pub const fn base_points(limits: &LimitRules, han: u8, fu: u8) -> (Limit, u32) {
    let limit = Limit::from_han(limits.kind, han);
    if !matches!(limit, Limit::None) {
        return (limit, limit.base());
    }
    let base = (fu as u32) << (han + 2);
    let mangan_from = if limits.kiriage_mangan { KIRIAGE_BASE } else { Limit::Mangan.base() };
    if base >= mangan_from { (Limit::Mangan, Limit::Mangan.base()) } else { (Limit::None, base) }
}

/// The base points 切り上げ満貫 rounds up: 4 han 30 fu, 3 han 60 fu.
const KIRIAGE_BASE: u32 = 1920;

/// Output names: `""`, `mangan`, `haneman`, `baiman`, `sanbaiman`,
/// `kazoe_yakuman`, `yakuman`, `yakuman_x2` …, Gotō `mangan_x5` ….
impl fmt::Display for Limit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Limit::None => Ok(()),
            Limit::Mangan => f.write_str("mangan"),
            Limit::Haneman => f.write_str("haneman"),
            Limit::Baiman => f.write_str("baiman"),
            Limit::Sanbaiman => f.write_str("sanbaiman"),
            Limit::KazoeYakuman => f.write_str("kazoe_yakuman"),
            Limit::ManganTimes(n) => write!(f, "mangan_x{n}"),
            Limit::Yakuman(1) => f.write_str("yakuman"),
            Limit::Yakuman(m) => write!(f, "yakuman_x{m}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use LimitKind::{Goto, Standard};

    #[test]
    fn han_boundaries() {
        let cases = [
            (4, Limit::None),
            (5, Limit::Mangan),
            (6, Limit::Haneman),
            (7, Limit::Haneman),
            (8, Limit::Baiman),
            (10, Limit::Baiman),
            (11, Limit::Sanbaiman),
            (12, Limit::Sanbaiman),
            (13, Limit::KazoeYakuman),
        ];
        for (han, limit) in cases {
            assert_eq!(Limit::from_han(Standard, han), limit, "{han} han");
            assert_eq!(Limit::from_han(Goto, han), limit, "{han} han");
        }
        assert_eq!(Limit::from_han(Standard, 20), Limit::KazoeYakuman);
        assert_eq!(Limit::from_han(Goto, 14), Limit::KazoeYakuman);
        assert_eq!(Limit::from_han(Goto, 15), Limit::ManganTimes(5));
        assert_eq!(Limit::from_han(Goto, 16), Limit::ManganTimes(5));
        assert_eq!(Limit::from_han(Goto, 17), Limit::ManganTimes(6));
        assert_eq!(Limit::from_han(Goto, 18), Limit::ManganTimes(6));
        assert_eq!(Limit::from_han(Goto, 19), Limit::ManganTimes(7));
    }

    const PLAIN: LimitRules = LimitRules { kind: Standard, kiriage_mangan: false };
    const KIRIAGE: LimitRules = LimitRules { kind: Standard, kiriage_mangan: true };

    #[test]
    fn fu_boundaries_without_kiriage() {
        assert_eq!(base_points(&PLAIN, 4, 30), (Limit::None, 1920));
        assert_eq!(base_points(&PLAIN, 4, 40), (Limit::Mangan, 2000));
        assert_eq!(base_points(&PLAIN, 3, 60), (Limit::None, 1920));
        assert_eq!(base_points(&PLAIN, 3, 70), (Limit::Mangan, 2000));
        assert_eq!(base_points(&PLAIN, 1, 30), (Limit::None, 240));
    }

    #[test]
    fn kiriage_rounds_1920_up_and_nothing_below() {
        assert_eq!(base_points(&KIRIAGE, 4, 30), (Limit::Mangan, 2000));
        assert_eq!(base_points(&KIRIAGE, 3, 60), (Limit::Mangan, 2000));
        assert_eq!(base_points(&KIRIAGE, 4, 25), (Limit::None, 1600));
        assert_eq!(base_points(&KIRIAGE, 3, 50), (Limit::None, 1600));
        assert_eq!(base_points(&KIRIAGE, 2, 110), (Limit::None, 1760));
    }

    #[test]
    fn summer_rank_ups_from_the_seed() {
        assert_eq!(Limit::Haneman.rank_up(), Limit::Baiman);
        assert_eq!(Limit::Yakuman(1).rank_up(), Limit::ManganTimes(5));
        assert_eq!(Limit::Yakuman(2).rank_up(), Limit::ManganTimes(9));
        assert_eq!(Limit::Yakuman(3).rank_up(), Limit::ManganTimes(13));
        assert_eq!(Limit::ManganTimes(6).rank_up(), Limit::ManganTimes(7));
        assert_eq!(Limit::KazoeYakuman.rank_up(), Limit::ManganTimes(5));
    }

    #[test]
    fn names() {
        assert_eq!(Limit::None.to_string(), "");
        assert_eq!(Limit::Yakuman(1).to_string(), "yakuman");
        assert_eq!(Limit::Yakuman(2).to_string(), "yakuman_x2");
        assert_eq!(Limit::ManganTimes(5).to_string(), "mangan_x5");
        assert_eq!(Limit::KazoeYakuman.to_string(), "kazoe_yakuman");
    }
}
