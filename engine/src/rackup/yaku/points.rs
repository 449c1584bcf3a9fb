//! Yaku as data: the profile's `[yaku]` table ([`YakuPoints`], each yaku's
//! point values) and `[score]` table ([`Score`]: the yakuman value, the cap of
//! 数え役満 and the tier thresholds), and [`ScoreRules`], the fixed arrays that
//! [`evaluate`](super::evaluate) reads.
//!
//! `[yaku]` has one key per yaku, its romaji id ([`Yaku::id`]): an integer, or
//! for the four yaku with several values an array ordered as
//! [`Yaku::variants`]. 断爆, 破壊 and 墓穴 give the points per mine, per barricade
//! and per round number. The yakuman (the seven of [`Yaku::is_yakuman`] and
//! 大流星) give a number of yakuman, each worth `score.yakuman` points. A value
//! of 0 means the yaku, or that variant of it, is never awarded. Every yaku
//! must be present; an unknown key, a negative value or a wrong shape is an
//! error naming the key (`yaku.sogeki: …`).

use super::{Tier, Yaku};
use crate::rackup::readings::{Kishikaisei, MujunScope, Tenpuku};
use serde::Deserialize;
use std::collections::BTreeMap;

/// Most point values one yaku has (流星: 小, 中, 大).
pub const MAX_VALUES: usize = 3;
/// The value of 流星 at 150 cm or more (大流星), a yakuman.
pub const DAI_RYUUSEI: usize = 2;
/// Largest value a `[yaku]` entry may hold.
const MAX_VALUE: i64 = 100;

/// The `[yaku]` table as written: each yaku's values by `Yaku as usize`, in
/// points (yakuman: in yakuman); unused variants are 0.
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
#[serde(try_from = "BTreeMap<String, toml::Value>")]
pub struct YakuPoints {
    values: [[u8; MAX_VALUES]; Yaku::COUNT],
}

impl YakuPoints {
    /// The `value`-th value of `yaku` as written in the profile.
    pub const fn get(&self, yaku: Yaku, value: usize) -> u8 {
        self.values[yaku as usize][value]
    }
}

/// Whether the `value`-th value of `yaku` is counted in yakuman.
pub(in crate::rackup) fn in_yakuman(yaku: Yaku, value: usize) -> bool {
    yaku.is_yakuman() || (yaku == Yaku::Ryuusei && value == DAI_RYUUSEI)
}

/// One integer of the entry `key`, in `0..=MAX_VALUE`.
fn integer(key: &str, v: &toml::Value) -> Result<u8, String> {
    match v.as_integer() {
        Some(n @ 0..=MAX_VALUE) => Ok(n as u8),
        Some(n) if n < 0 => Err(format!("{key}: {n} is negative (0 = never awarded)")),
        Some(n) => Err(format!("{key}: {n} is above {MAX_VALUE}")),
        None => Err(format!("{key}: expected an integer, found {}", v.type_str())),
    }
}

impl TryFrom<BTreeMap<String, toml::Value>> for YakuPoints {
    type Error = String;

    fn try_from(mut table: BTreeMap<String, toml::Value>) -> Result<Self, String> {
        let mut values = [[0; MAX_VALUES]; Yaku::COUNT];
        for yaku in Yaku::ALL {
            let key = format!("yaku.{}", yaku.id());
            let entry = table.remove(yaku.id()).ok_or_else(|| format!("{key}: missing ({})", yaku.kanji()))?;
            let row = &mut values[yaku as usize];
            match (yaku.variants(), &entry) {
                ([], v) => row[0] = integer(&key, v)?,
                (names, toml::Value::Array(list)) if list.len() == names.len() => {
                    for (i, v) in list.iter().enumerate() {
                        row[i] = integer(&format!("{key}[{i}]"), v)?;
                    }
                }
                (names, _) => {
                    let n = names.len();
                    return Err(format!("{key}: expected an array of {n} integers [{}]", names.join(", ")));
                }
            }
        }
        match table.into_keys().next() {
            Some(unknown) => Err(format!("yaku.{unknown}: not a yaku of the seed's list")),
            None => Ok(YakuPoints { values }),
        }
    }
}

/// 和了の点数による呼称: the least points of each name (below `mangan`, none).
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct Tiers {
    /// 満貫 (seed: 3).
    pub mangan: u8,
    /// 跳満 (seed: 6).
    pub haneman: u8,
    /// 倍満 (seed: 8).
    pub baiman: u8,
    /// 役満 (seed: 10).
    pub yakuman: u8,
}

impl Tiers {
    /// The name of a score of `points`.
    pub const fn of(&self, points: u8) -> Tier {
        if points >= self.yakuman {
            Tier::Yakuman
        } else if points >= self.baiman {
            Tier::Baiman
        } else if points >= self.haneman {
            Tier::Haneman
        } else if points >= self.mangan {
            Tier::Mangan
        } else {
            Tier::Plain
        }
    }
}

/// The `[score]` table.
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct Score {
    /// 数え役満: the most that ordinary yaku plus dora score (seed: 10).
    pub cap: u8,
    /// 役満: points of one yakuman (seed: 10).
    pub yakuman: u8,
    /// The tier thresholds.
    pub tiers: Tiers,
}

/// What scoring needs from a profile, in fixed arrays (built by `ScoreRules::new`, in
/// `profile/score_rules.rs`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ScoreRules {
    /// Points of each yaku's values by `Yaku as usize` (yakuman multiplied out).
    pub(in crate::rackup) points: [[u8; MAX_VALUES]; Yaku::COUNT],
    /// Yaku with a value of 0 points, as bits `1 << Yaku as usize`.
    pub(in crate::rackup) zero: u64,
    /// 数え役満 cap.
    pub cap: u8,
    /// Several yakuman add up (else the largest counts).
    pub stack_yakuman: bool,
    /// The tier thresholds.
    pub tiers: Tiers,
    /// 転覆: whether an enemy already lying overturned counts.
    pub tenpuku: Tenpuku,
    /// 無盾 「試合中」: the round or the match.
    pub mujun: MujunScope,
    /// 起死回生: the first counter blow of the round, or any.
    pub kishikaisei: Kishikaisei,
}

impl ScoreRules {
    /// Points of the `value`-th value of `yaku` (0: never awarded).
    #[inline(always)]
    pub const fn points(&self, yaku: Yaku, value: usize) -> u8 {
        self.points[yaku as usize][value]
    }
}
