//! Every regular yaku's han as data: the scoring file's `[yaku.han]` table, one key per
//! yaku by its output name ([`Yaku::name`]), each `[closed, open]`.
//!
//! An open value of 0 means the yaku needs a closed hand (門前 menzen, e.g. `pinfu = [1, 0]`,
//! and 喰いタン kuitan off is `tanyao = [1, 0]`); `[0, 0]` means it is not a yaku under
//! these rules and is never awarded (not listed in a score). The values are read into a
//! fixed array indexed by `Yaku as usize`, so the scorer looks them up without a map.
//!
//! A data yaku of the rules file (`[yaku.local]`, see [`local`](super::local)) may have its
//! key here too: a regular data yaku's han is this key when given (an including table
//! re-pricing a shipped yaku, a sweep re-pricing or removing it), else its section's `han`.
//!
//! Not in the table: yakuman (their value is a multiple, not han, and stays in the
//! rules' yakuman options), the bonuses (dora kinds, 夏 natsu, 四北 `suupei`), Gotō's
//! `chiitoitsu_quad` (han per four-of-a-kind, kept beside the other `[yaku]` fields
//! because it also decides whether seven pairs may hold a quad) and 流し満貫
//! `nagashi_mangan` (a mangan payment, switched on or off).
//!
//! Where one yaku supersedes another (ダブル立直 over 立直, 二盃口 over 一盃口, 純全帯幺九
//! over 混全帯幺九, 清一色 over 混一色), removing the greater one awards the lesser in its
//! place, so an ablation measures what the greater one adds; a data yaku's `supersedes`
//! likewise only while it is a yaku.

use super::local::intern;
use super::yaku::{MAX_LOCAL, Yaku};
use serde::de::{self, Deserialize, DeserializeSeed, Deserializer, MapAccess, Visitor};
use std::fmt;

/// Yaku that need a closed hand by their shape or declaration: their open value must be 0
/// (a file that gives one would change nothing, so it is refused).
const CLOSED_ONLY: [Yaku; 9] = [
    Yaku::MenzenTsumo,
    Yaku::Riichi,
    Yaku::DoubleRiichi,
    Yaku::Ippatsu,
    Yaku::Pinfu,
    Yaku::Iipeikou,
    Yaku::Ryanpeikou,
    Yaku::Chiitoitsu,
    Yaku::OpenRiichi,
];

/// The han of every regular yaku, `[closed, open]`, indexed by `Yaku as usize` (entries of
/// yaku outside the table stay `[0, 0]`; a data yaku's in its `Local*` slot).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct YakuHan {
    han: [[u8; 2]; Yaku::ALL.len()],
    /// Keys that name no built-in yaku, as read: the rules file's data yaku (or typos),
    /// resolved by the loader once it knows them ([`YakuHan::take_other_keys`]).
    others: [(&'static str, [u8; 2]); MAX_LOCAL],
    /// How many of `others` are used.
    other_count: u8,
}

impl YakuHan {
    /// Whether `y` has a key in the table: a built-in yaku that is neither a yakuman nor a
    /// bonus, other than the per-quad `yonmai_chiitoitsu` and the mangan `nagashi_mangan`.
    pub const fn is_priced(y: Yaku) -> bool {
        !y.is_yakuman()
            && !y.is_bonus()
            && y.local_index().is_none()
            && !matches!(y, Yaku::YonmaiChiitoitsu | Yaku::NagashiMangan)
    }

    /// The han `y` scores in a closed or an open hand (0: not awarded).
    #[inline]
    pub const fn get(&self, y: Yaku, closed: bool) -> u8 {
        self.han[y as usize][!closed as usize]
    }

    /// Whether `y` scores in a closed or an open hand at all.
    pub const fn is_yaku(&self, y: Yaku) -> bool {
        let [closed, open] = self.han[y as usize];
        closed > 0 || open > 0
    }

    /// The keys read that name no built-in yaku (the loader prices its data yaku from them
    /// and refuses the rest); none remain after.
    pub(crate) fn take_other_keys(&mut self) -> Vec<(&'static str, [u8; 2])> {
        let keys = self.others[..self.other_count as usize].to_vec();
        self.other_count = 0;
        self.others = [("", [0; 2]); MAX_LOCAL];
        keys
    }

    /// Prices the data yaku slot `y` (the loader).
    pub(crate) fn set_local(&mut self, y: Yaku, han: [u8; 2]) {
        self.han[y as usize] = han;
    }

    /// Sets `y`'s `[closed, open]` han (for tests and tools that build rules in code).
    ///
    /// # Panics
    /// If `y` has no key in the table ([`YakuHan::is_priced`]).
    pub fn set(&mut self, y: Yaku, han: [u8; 2]) {
        assert!(Self::is_priced(y), "`{y}` has no han entry");
        self.han[y as usize] = han;
    }
}

impl<'de> Deserialize<'de> for YakuHan {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_map(TableVisitor)
    }
}

struct TableVisitor;

impl<'de> Visitor<'de> for TableVisitor {
    type Value = YakuHan;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a table of yaku han, each `[closed, open]`")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<YakuHan, A::Error> {
        let mut han = YakuHan { han: [[0; 2]; Yaku::ALL.len()], others: [("", [0; 2]); MAX_LOCAL], other_count: 0 };
        let mut seen = [false; Yaku::ALL.len()];
        while let Some(key) = map.next_key::<String>()? {
            match Yaku::ALL.iter().find(|y| y.name() == key) {
                Some(&y) if YakuHan::is_priced(y) => {
                    han.han[y as usize] =
                        map.next_value_seed(Entry { key: &key, closed_only: CLOSED_ONLY.contains(&y) })?;
                    seen[y as usize] = true;
                }
                Some(_) => {
                    return Err(de::Error::custom(format!(
                        "yaku.han: unknown key `{key}` (not a regular yaku: a yakuman, a bonus or a typo)"
                    )));
                }
                None => {
                    let value = map.next_value_seed(Entry { key: &key, closed_only: false })?;
                    let Some(slot) = han.others.get_mut(han.other_count as usize) else {
                        return Err(de::Error::custom(format!("yaku.han: more than {MAX_LOCAL} keys of data yaku")));
                    };
                    *slot = (intern(&key), value);
                    han.other_count += 1;
                }
            }
        }
        match Yaku::ALL.iter().find(|&&y| YakuHan::is_priced(y) && !seen[y as usize]) {
            Some(y) => Err(de::Error::custom(format!("yaku.han: missing key `{y}`"))),
            None => Ok(han),
        }
    }
}

/// One entry's value, checked with its key named in every error; a built-in closed-only
/// yaku's open value must be 0 (a data yaku's is checked by the loader, which knows it).
struct Entry<'k> {
    key: &'k str,
    closed_only: bool,
}

impl<'de> DeserializeSeed<'de> for Entry<'_> {
    type Value = [u8; 2];

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<[u8; 2], D::Error> {
        let y = self.key;
        let bad =
            |what: String| de::Error::custom(format!("yaku.han.{y}: {}; want `[closed, open]` han", what.trim_end()));
        let values = Vec::<u8>::deserialize(d).map_err(|e| bad(e.to_string()))?;
        let han: [u8; 2] = values.try_into().map_err(|v: Vec<u8>| bad(format!("{} values", v.len())))?;
        if han[1] > 0 && self.closed_only {
            return Err(de::Error::custom(format!("yaku.han.{y}: a closed-only yaku: its open han must be 0")));
        }
        Ok(han)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mahjong::Rules;
    use crate::mahjong::rules::{GOTO_TOML, RON2_TOML};

    /// The one-line error of Ron2's file with `from` replaced by `to`.
    fn error(from: &str, to: &str) -> String {
        assert!(RON2_TOML.contains(from), "{from}");
        Rules::from_toml(&RON2_TOML.replace(from, to)).unwrap_err().to_string()
    }

    #[test]
    fn every_regular_yaku_has_a_key_in_both_presets() {
        // Gotō's keys also price its regular data yaku.
        for (text, data) in [(RON2_TOML, &[][..]), (GOTO_TOML, &["sanrenkou", "shousharin"][..])] {
            let table: toml::Table = toml::from_str(text).unwrap();
            let keys = table["yaku"]["han"].as_table().unwrap();
            let priced: Vec<_> = Yaku::ALL.iter().filter(|&&y| YakuHan::is_priced(y)).map(|y| y.name()).collect();
            assert_eq!(keys.len(), priced.len() + data.len());
            assert!(priced.iter().chain(data).all(|n| keys.contains_key(*n)), "{keys:?}");
        }
        let r = Rules::ron2();
        assert_eq!((r.yaku.han.get(Yaku::Pinfu, true), r.yaku.han.get(Yaku::Pinfu, false)), (1, 0));
        assert_eq!(r.yaku.han.get(Yaku::Chinitsu, false), 5);
        assert!(!r.yaku.han.is_yaku(Yaku::Sanfuu) && Rules::goto().yaku.han.is_yaku(Yaku::Sanfuu));
    }

    #[test]
    fn bad_entries_are_one_line_errors_naming_the_key_and_the_line() {
        for (from, to, key) in [
            ("pinfu = [1, 0]\n", "", "missing key `pinfu`"),
            ("pinfu = [1, 0]\n", "pinfu = [1, 0]\npinfuu = [1, 0]\n", "unknown key `pinfuu`"),
            ("pinfu = [1, 0]\n", "pinfu = [1, 0]\ndaisangen = [13, 13]\n", "unknown key `daisangen`"),
            ("pinfu = [1, 0]", "pinfu = 1", "yaku.han.pinfu"),
            ("toitoi = [2, 2]", "toitoi = [2, 2, 2]", "yaku.han.toitoi"),
            ("toitoi = [2, 2]", "toitoi = [2, 300]", "yaku.han.toitoi"),
            ("toitoi = [2, 2]", "toitoi = [\"2\", 2]", "yaku.han.toitoi"),
            ("pinfu = [1, 0]", "pinfu = [1, 1]", "yaku.han.pinfu: a closed-only yaku"),
        ] {
            let e = error(from, to);
            assert!(e.contains(key) && e.contains("line ") && !e.contains('\n'), "{to}: {e}");
        }
    }

    #[test]
    fn an_extending_file_inherits_the_table_and_may_change_one_entry() {
        let r = Rules::from_toml("extends = \"ron2\"\nname = \"x\"\n[yaku.han]\npinfu = [2, 0]\n").unwrap();
        assert_eq!(r.yaku.han.get(Yaku::Pinfu, true), 2);
        assert_eq!(r.yaku.han.get(Yaku::Tanyao, false), 1);
        let e = Rules::from_toml("extends = \"ron2\"\nname = \"x\"\n[yaku.han]\npinfo = [2, 0]\n").unwrap_err();
        assert!(e.to_string().contains("pinfo"), "{e}");
    }
}
