//! The published figures of real play the bots are calibrated against, with their bands:
//! 天鳳 鳳凰卓 (Tenhou's top table), 2016, 159,798 hanchan, read from
//! `presets/calibration_tenhou.toml` ([`TENHOU`]): per-round rates, the average win and
//! yaku shares, each with its value, its tolerance and its source.

use crate::config::{TomlError, from_toml, key_position};
use crate::mahjong::Yaku;
use serde::Deserialize;
use std::collections::BTreeMap;
use std::sync::LazyLock;

/// The per-round rates a table study counts, in this order: per player and hand for a win,
/// a deal-in, a riichi and a hand with an open call; per hand for an exhaustive draw.
pub const RATE_NAMES: [&str; 5] = ["win", "deal_in", "riichi", "call", "exhaustive_draw"];

/// 天鳳 三麻 (three-player Tenhou) per-round rates, `(name, rate)` in the three-seat study's
/// names: 鳳凰卓 東南戦 under Tenhou's rules (ツモ損・抜きドラあり), 2009–2017, as 『データで勝つ
/// 三人麻雀』 (みーにん, ed. 福地誠, 表1-1) gives them in its publisher's excerpt ("【データ三麻】1
/// データから三麻と四麻の違いを読み解く", note.mu/fukuchimakoto): 流局率 15% per hand, and 0.73
/// riichi sticks put out per hand, over three players a riichi per player and hand of 0.73 / 3.
/// The only per-round figures found published; its win and deal-in rates are not quoted.
pub const TENHOU_SANMA_RATES: [(&str, f64); 2] = [("riichi", 0.73 / 3.0), ("exhaustive_draw", 0.15)];

/// The calibration targets of Tenhou 鳳凰卓 2016 (the built-in table, valid by its test).
pub static TENHOU: LazyLock<Calibration> = LazyLock::new(|| {
    Calibration::from_toml(include_str!("presets/calibration_tenhou.toml")).expect("the built-in targets are valid")
});

/// One figure of real play and how close the bots must come to it.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Target {
    /// What is measured: a rate of [`RATE_NAMES`], a yaku name (`yakuhai`: every kind), or
    /// empty for the average win.
    #[serde(default)]
    pub name: String,
    /// The published value.
    pub tenhou: f64,
    /// The band, relative: within `tenhou × (1 ± tolerance)`; none: shown, not calibrated.
    pub tolerance: Option<f64>,
    /// Where the value comes from: a key of [`Calibration::sources`].
    pub source: String,
}

impl Target {
    /// Whether `value` is within the band (`None` without a band).
    pub fn within(&self, value: f64) -> Option<bool> {
        self.tolerance.map(|t| (value / self.tenhou - 1.0).abs() <= t)
    }
}

/// A table of calibration targets.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Calibration {
    /// Each source by key: who published it, the title and where.
    pub sources: BTreeMap<String, String>,
    /// Per-round rates, in the order of [`RATE_NAMES`].
    pub rate: Vec<Target>,
    /// Points per win, the hand value alone (without honba and riichi sticks).
    pub average_win: Target,
    /// Shares of wins with each yaku ([`tenhou_yaku`] says which yaku a name counts).
    pub yaku: Vec<Target>,
}

impl Calibration {
    /// Reads a calibration table: the rates named as [`RATE_NAMES`] in that order, every
    /// yaku name known, every value positive, every tolerance in (0, 1), every source listed.
    pub fn from_toml(text: &str) -> Result<Calibration, TomlError> {
        let c: Calibration = from_toml(text)?;
        let at = |path: &[&str], message: String| {
            let (line, column) = key_position(text, path).unzip();
            TomlError { line, column, message }
        };
        let names: Vec<&str> = c.rate.iter().map(|t| t.name.as_str()).collect();
        if names != RATE_NAMES {
            return Err(at(&["rate"], format!("rates {names:?}: expected {RATE_NAMES:?} in this order")));
        }
        if let Some(t) = c.yaku.iter().find(|t| tenhou_yaku(&t.name).next().is_none()) {
            return Err(at(&["yaku"], format!("unknown yaku `{}`", t.name)));
        }
        let all = c.rate.iter().chain([&c.average_win]).chain(&c.yaku);
        for t in all {
            let what = if t.name.is_empty() { "average_win" } else { t.name.as_str() };
            if t.tenhou.is_nan() || t.tenhou <= 0.0 {
                return Err(at(&[], format!("target `{what}`: tenhou {} is not positive", t.tenhou)));
            }
            if t.tolerance.is_some_and(|x| !(x > 0.0 && x < 1.0)) {
                return Err(at(&[], format!("target `{what}`: tolerance is not within (0, 1)")));
            }
            if !c.sources.contains_key(&t.source) {
                return Err(at(&["sources"], format!("target `{what}`: source `{}` is not in [sources]", t.source)));
            }
        }
        Ok(c)
    }
}

/// The yaku a yaku target's name counts: every yakuhai kind for `yakuhai`, else the yaku of
/// that name.
pub fn tenhou_yaku(name: &str) -> impl Iterator<Item = Yaku> + '_ {
    Yaku::ALL
        .iter()
        .copied()
        .filter(move |y| if name == "yakuhai" { y.name().starts_with("yakuhai_") } else { y.name() == name })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_built_in_targets_read_with_their_bands() {
        let t = &*TENHOU;
        assert_eq!(t.rate.iter().map(|r| r.name.as_str()).collect::<Vec<_>>(), RATE_NAMES);
        assert_eq!(t.rate[0].tenhou, 0.211);
        assert_eq!(t.average_win.tenhou, 5647.0);
        assert_eq!(t.average_win.tolerance, Some(0.05));
        let banded: Vec<&str> = t.yaku.iter().filter(|y| y.tolerance == Some(0.20)).map(|y| y.name.as_str()).collect();
        assert_eq!(
            banded,
            ["menzen_tsumo", "tanyao", "pinfu", "honitsu", "iipeikou", "sanshoku_doujun", "chiitoitsu", "toitoi"]
        );
        assert!(t.yaku.iter().all(|y| y.tolerance.is_none() || y.tolerance == Some(0.20)));
        assert_eq!(tenhou_yaku("yakuhai").count(), 5, "three dragons, seat and round wind");
    }

    #[test]
    fn a_value_is_within_its_band_up_to_the_tolerance() {
        let t = Target { name: "win".into(), tenhou: 0.2, tolerance: Some(0.05), source: String::new() };
        assert_eq!(t.within(0.2099), Some(true));
        assert_eq!(t.within(0.1901), Some(true));
        assert_eq!(t.within(0.2101), Some(false));
        assert_eq!(t.within(0.1899), Some(false));
        assert_eq!(Target { tolerance: None, ..t }.within(0.2), None);
    }

    #[test]
    fn bad_tables_are_refused_with_where() {
        let text = include_str!("presets/calibration_tenhou.toml");
        let err = |text: &str| Calibration::from_toml(text).unwrap_err().to_string();
        assert!(err(&text.replace("\"deal_in\"", "\"dealin\"")).contains("expected [\"win\", \"deal_in\""));
        assert!(err(&text.replace("\"toitoi\"", "\"toitoy\"")).contains("unknown yaku `toitoy`"));
        let e = err(&text.replace("tenhou = 0.211", "tenhou = 0.211\ntoleranse = 0.1"));
        assert!(e.starts_with("line ") && e.contains("toleranse"), "{e}");
        let e = err(&text.replace("tolerance = 0.20", "tolerance = 2.0"));
        assert!(e.contains("target `menzen_tsumo`: tolerance is not within (0, 1)"), "{e}");
        let e = err(&text.replacen("source = \"kobalab-2016\"", "source = \"nowhere\"", 1));
        assert!(e.contains("target `win`: source `nowhere` is not in [sources]"), "{e}");
    }
}
