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

/// 天鳳 三麻 (three-player Tenhou) 鳳凰卓 per-round rates, read from
/// `presets/calibration_tenhou_sanma.toml` (the source is cited there): shown beside the
/// three-seat studies' rates, not calibrated.
pub static TENHOU_SANMA: LazyLock<Rates> = LazyLock::new(|| {
    Rates::from_toml(include_str!("presets/calibration_tenhou_sanma.toml")).expect("the built-in rates are valid")
});

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
        let names: Vec<&str> = c.rate.iter().map(|t| t.name.as_str()).collect();
        if names != RATE_NAMES {
            return Err(error_at(text, &["rate"], format!("rates {names:?}: expected {RATE_NAMES:?} in this order")));
        }
        if let Some(t) = c.yaku.iter().find(|t| tenhou_yaku(&t.name).next().is_none()) {
            return Err(error_at(text, &["yaku"], format!("unknown yaku `{}`", t.name)));
        }
        check_targets(text, &c.sources, c.rate.iter().chain([&c.average_win]).chain(&c.yaku))?;
        Ok(c)
    }
}

/// A table of per-round rates alone: some of [`RATE_NAMES`], in that order, without bands
/// or yaku (what is published for three-player Tenhou).
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Rates {
    /// Each source by key: who published it, the title and where.
    pub sources: BTreeMap<String, String>,
    /// Per-round rates, a subset of [`RATE_NAMES`] in that order.
    pub rate: Vec<Target>,
}

impl Rates {
    /// Reads a rate table: names of [`RATE_NAMES`] in that order, each value positive and
    /// each source listed, as in a [`Calibration`].
    pub fn from_toml(text: &str) -> Result<Rates, TomlError> {
        let r: Rates = from_toml(text)?;
        let mut known = RATE_NAMES.iter();
        if let Some(t) = r.rate.iter().find(|t| !known.any(|n| *n == t.name)) {
            let message = format!("rate `{}`: not one of {RATE_NAMES:?}, or out of that order", t.name);
            return Err(error_at(text, &["rate"], message));
        }
        check_targets(text, &r.sources, &r.rate)?;
        Ok(r)
    }

    /// The published value of the rate `name`, if there is one.
    pub fn get(&self, name: &str) -> Option<f64> {
        self.rate.iter().find(|t| t.name == name).map(|t| t.tenhou)
    }
}

/// Checks every target of a table: value positive, tolerance within (0, 1), source listed.
fn check_targets<'a>(
    text: &str,
    sources: &BTreeMap<String, String>,
    targets: impl IntoIterator<Item = &'a Target>,
) -> Result<(), TomlError> {
    for t in targets {
        let what = if t.name.is_empty() { "average_win" } else { t.name.as_str() };
        if t.tenhou.is_nan() || t.tenhou <= 0.0 {
            return Err(error_at(text, &[], format!("target `{what}`: tenhou {} is not positive", t.tenhou)));
        }
        if t.tolerance.is_some_and(|x| !(x > 0.0 && x < 1.0)) {
            return Err(error_at(text, &[], format!("target `{what}`: tolerance is not within (0, 1)")));
        }
        if !sources.contains_key(&t.source) {
            return Err(error_at(
                text,
                &["sources"],
                format!("target `{what}`: source `{}` is not in [sources]", t.source),
            ));
        }
    }
    Ok(())
}

/// An error at the key `path` of `text` (its line and column when the key is found).
fn error_at(text: &str, path: &[&str], message: String) -> TomlError {
    let (line, column) = key_position(text, path).unzip();
    TomlError { line, column, message }
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
    fn the_sanma_rates_read_from_their_file_and_bad_ones_are_refused() {
        assert_eq!(TENHOU_SANMA.get("riichi"), Some(0.73 / 3.0), "0.73 riichi sticks per hand over three players");
        assert_eq!(TENHOU_SANMA.get("exhaustive_draw"), Some(0.15));
        assert_eq!(TENHOU_SANMA.get("win"), None, "not published");
        let file = |rates: &str| format!("[sources]\ns = \"a book\"\n{rates}");
        let rate = |name: &str, value: f64| format!("[[rate]]\nname = \"{name}\"\ntenhou = {value}\nsource = \"s\"\n");
        let ok = file(&(rate("riichi", 0.2) + &rate("exhaustive_draw", 0.1)));
        assert_eq!(Rates::from_toml(&ok).unwrap().rate.len(), 2);
        let out_of_order = file(&(rate("exhaustive_draw", 0.1) + &rate("riichi", 0.2)));
        assert!(Rates::from_toml(&out_of_order).unwrap_err().message.contains("rate `riichi`"));
        assert!(Rates::from_toml(&file(&rate("wins", 0.2))).unwrap_err().message.contains("rate `wins`"));
        assert!(Rates::from_toml(&file(&rate("riichi", -0.2))).unwrap_err().message.contains("not positive"));
        let unlisted = file(&rate("riichi", 0.2)).replace("source = \"s\"", "source = \"t\"");
        assert!(Rates::from_toml(&unlisted).unwrap_err().message.contains("source `t`"));
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
