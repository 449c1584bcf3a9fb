//! Scoring rules as data: the [`Rules`] value that [`score`](super::score)
//! reads, loaded from the TOML presets in `presets/` (`ron2.toml`,
//! `goto.toml`) or from a user's file with the same fields.
//!
//! Every field is required in a file (no silent defaults), so a rule sheet
//! can be checked line by line against the preset it was copied from; only a field added
//! after files were written (`north_as_honour`) may be left out, and then reads as files
//! read before it existed. The
//! tile set (which fives are red, gold or blue, sanma manzu) is named by
//! `tile_set`, a [`TileSetSpec`] preset, or given in place as a `[tile_set]` table with a
//! tile-set file's fields (e.g. two red 5p: `red_fives = "5m5p5p5s"`).

use super::han::YakuHan;
use super::local::{Form, LocalFile, LocalSet, Value};
use super::tileset::{TileSetError, TileSetSpec};
use super::yaku::Yaku;
use crate::config::Presets;
use serde::Deserialize;
use std::fmt;

/// The Ron2 preset text (`presets/ron2.toml`).
pub const RON2_TOML: &str = include_str!("presets/ron2.toml");
/// The Gotō preset text (`presets/goto.toml`).
pub const GOTO_TOML: &str = include_str!("presets/goto.toml");
/// The Tenhou preset text (`presets/tenhou.toml`, extending `ron2`).
pub const TENHOU_TOML: &str = include_str!("presets/tenhou.toml");
/// Tenhou's three-player preset text (`presets/tenhou_sanma.toml`, extending `tenhou`).
pub const TENHOU_SANMA_TOML: &str = include_str!("presets/tenhou_sanma.toml");
/// A three-player preset setting 1m and 9m aside as nuki (`presets/sanma_1m9m_nuki.toml`,
/// extending `tenhou-sanma`).
pub const SANMA_1M9M_NUKI_TOML: &str = include_str!("presets/sanma_1m9m_nuki.toml");
/// Ron2 on a club's set with a blue 5p (`presets/ron2_blue.toml`, extending `ron2`).
pub const RON2_BLUE_TOML: &str = include_str!("presets/ron2_blue.toml");

/// A complete scoring ruleset.
#[derive(Clone, Debug, PartialEq)]
pub struct Rules {
    /// Preset name, shown in reports (`ron2`, `goto`, or the user's).
    pub name: String,
    /// The tile set (red, gold and blue fives, sanma manzu), from the file's
    /// `tile_set` preset name (`four_player`, `goto`).
    pub set: TileSetSpec,
    /// Seats at the table: 4, or 3 for a sanma set. With 3, a tsumo is
    /// paid by the two other seats only (ツモ損, tsumo loss).
    pub players: u8,
    /// Yaku values and which optional yaku exist.
    pub yaku: YakuRules,
    /// Fu options.
    pub fu: FuRules,
    /// Limit-hand table.
    pub limits: LimitRules,
    /// Payment scheme.
    pub payment: PaymentRules,
}

/// The TOML form of [`Rules`].
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RulesFile {
    name: String,
    /// A tile-set preset name, or a tile set written in place.
    tile_set: TileSetRef,
    yaku: YakuRules,
    fu: FuRules,
    limits: LimitRules,
    payment: PaymentRules,
}

/// A rules file's `tile_set`: a preset's name, or a table with a tile-set file's fields.
#[derive(Deserialize)]
#[serde(untagged)]
enum TileSetRef {
    Preset(String),
    Inline(toml::Table),
}

impl TileSetRef {
    fn load(&self) -> Result<TileSetSpec, TileSetError> {
        match self {
            TileSetRef::Preset(name) => TileSetSpec::preset(name),
            TileSetRef::Inline(table) => {
                TileSetSpec::from_toml(&toml::to_string(table).expect("a TOML table serializes"))
            }
        }
    }
}

/// Yaku values and options.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct YakuRules {
    /// Every regular yaku's han `[closed, open]`, the `[yaku.han]` table ([`YakuHan`]).
    pub han: YakuHan,
    /// Han added per four-of-a-kind used as two pairs in seven pairs
    /// (4枚使いの七対子); 0 = seven pairs must be seven different kinds.
    pub chiitoitsu_quad: u8,
    /// 四北 suupei: han added when all four of a nuki kind (north's, unless the tile set's
    /// `nuki` says) were set aside; 0 = none.
    pub suupei: u8,
    /// 青ドラ ao_dora: han per blue five in the hand (a set's `blue_fives`). Parlours that
    /// have them count one like a red five, some two (麻雀ローカル役まとめwiki「青ドラ」,
    /// w.atwiki.jp/mahjlocal/pages/1359.html); 1 when the file leaves it out.
    #[serde(default = "one_han")]
    pub ao_dora: u8,
    /// 人和 renhou value.
    pub renhou: RenhouValue,
    /// Gotō's special yakuman (本役満) that are no hand shape: 立直のみロン riichi_nomi_ron
    /// and 流し役満 nagashi_yakuman (its hand-shape ones, 大車輪 四連刻 萬子ホンイツ, are
    /// data yaku of the `goto` preset's `[yaku.local]`).
    pub goto_yakuman: bool,
    /// 流し満貫 (Tenhou; not with `goto_yakuman`, whose 流し役満 it would replace): at an
    /// exhaustive draw, a seat whose every discard is a terminal or an honour, none of them
    /// called away and no call of its own, is paid a mangan tsumo with neither honba nor
    /// the sticks on the table, and no noten payments are made.
    pub nagashi_mangan: bool,
    /// With `goto_yakuman`: a flower under a counted ura indicator cancels 立直のみロン as one
    /// under a dora indicator does. `false` (the default, the seed's reading): the seed's
    /// 「立直のみロン和了(抜き牌なしかつドラ表示牌に華牌なし)」 names the dora indicators, and it
    /// writes 「(裏ドラ含む)」 where it means the ura ones too; the ura flower still works for
    /// the winner as if extracted (G-F6).
    #[serde(default)]
    pub ura_flower_cancels_riichi_only_ron: bool,
    /// At three seats, a north kept in the hand is an honour like any other (天鳳 三麻, where
    /// a north may be kept, called and discarded); `false`: only in kokushi, shousuushii or
    /// daisuushii (Gotō, whose north is air; the default, for a file written before the
    /// field existed). Unused at four seats, and where north is no nuki kind of the tile set
    /// (its `nuki`, e.g. `"1m9m"`: north is then an honour like any other).
    #[serde(default)]
    pub north_as_honour: bool,
    /// 国士無双十三面待ち counts as double yakuman.
    pub double_kokushi_13: bool,
    /// 四暗刻単騎 counts as double yakuman.
    pub double_suuankou_tanki: bool,
    /// 純正九蓮宝燈 counts as double yakuman.
    pub double_junsei_chuuren: bool,
    /// 大四喜 counts as double yakuman.
    pub double_daisuushii: bool,
    /// The data yaku as the file gives them (`[yaku.local]`: its `include` list and its
    /// own sections; see [`local`](super::local)).
    #[serde(rename = "local")]
    pub local_file: LocalFile,
    /// The data yaku, compiled by the loader from `local_file`.
    #[serde(skip)]
    pub local: LocalSet,
}

/// A han per piece: [`YakuRules::ao_dora`] for a file without it.
fn one_han() -> u8 {
    1
}

impl YakuRules {
    /// Whether 萬子ホンイツ (a honitsu in manzu: in sanma only 1m and 9m beside the honours)
    /// scores as a yakuman: a data yakuman of that id (Gotō's), which the bots' hand plans
    /// chase.
    pub fn manzu_honitsu_is_yakuman(&self) -> bool {
        self.local.is_yakuman("manzu_honitsu")
    }
}

/// How 人和 renhou scores.
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum RenhouValue {
    /// Not a yaku.
    None,
    /// Mangan, not combined with other yaku; the hand's own value is taken
    /// instead when that is haneman or more (Ron2).
    Mangan,
    /// A yakuman that stacks with other yakuman (Gotō).
    Yakuman,
}

/// Fu options.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct FuRules {
    /// Fu for a pair of the wind that is both seat and round wind (連風牌): 2 or 4.
    pub double_wind_pair: u8,
    /// Whether a 嶺上開花 rinshan win earns the 2 tsumo fu (Ron2: no).
    pub rinshan_tsumo: bool,
}

/// Limit-hand table.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct LimitRules {
    /// Which table.
    pub kind: LimitKind,
    /// 切り上げ満貫: a hand of 4 han 30 fu or 3 han 60 fu (base 1,920) is paid as a mangan
    /// (Ron2 and Tenhou: no, 7,700 / 11,600).
    pub kiriage_mangan: bool,
}

/// Limit-hand tables.
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum LimitKind {
    /// 5 mangan, 6 haneman, 8 baiman, 11 sanbaiman, 13+ kazoe yakuman
    /// (one yakuman, never more); real yakuman stack by combination.
    Standard,
    /// Gotō: as standard to 11 sanbaiman; 13 四倍満 (counted yakuman), 15
    /// 五倍満 and one more mangan per 2 han beyond; a real yakuman is 4
    /// mangan per multiple; summer (夏) raises the result one rank.
    Goto,
}

/// Payment scheme.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct PaymentRules {
    /// Which scheme.
    pub kind: PaymentKind,
    /// Points per honba (本場) on a ron; a tsumo splits it equally among the payers
    /// (Ron2 300 = 100 each of 3; Gotō 2,000 = 1,000 each of 2).
    pub honba: u32,
    /// Points per riichi stick on the table that the winner collects.
    pub riichi_stick: u32,
    /// How a tsumo is paid at three seats (default `tsumo_loss`, as before the option).
    #[serde(default)]
    pub three_seat_tsumo: ThreeSeatTsumo,
}

/// A tsumo at three seats: who pays the absent fourth seat's share.
#[derive(Clone, Copy, Debug, Default, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum ThreeSeatTsumo {
    /// ツモ損 (tsumo loss): nobody; the winner gets less than by ron (天鳳 三麻, Gotō).
    #[default]
    TsumoLoss,
    /// 北家折半 (north split, no tsumo loss): the two payers each add half of what the
    /// absent seat would pay (honba aside), the half rounded up to the payment unit.
    NorthSplit,
}

/// Payment schemes.
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum PaymentKind {
    /// Standard four-player payments, each rounded up to 100 (at three seats: ツモ損, the
    /// absent fourth seat's share of a tsumo is not paid, as 天鳳 三麻).
    FourPlayer,
    /// Gotō sanma: tsumo loss, every payment rounded up to 1,000, then
    /// +1,000 per payer on a tsumo.
    GotoSanma,
}

/// Why a ruleset could not be loaded.
#[derive(Debug)]
pub enum RulesError {
    /// `--rules` named no preset.
    UnknownPreset(String),
    /// The TOML did not parse or a field is missing, unknown or mistyped
    /// (the message carries line and column).
    Toml(crate::config::TomlError),
    /// The `tile_set` preset could not be loaded.
    TileSet(TileSetError),
    /// A data yaku (`[yaku.local]`, or its `[yaku.han]` key) is wrong: the message names
    /// the yaku and the key; the position is the key's in the text, when it is there.
    Local {
        /// What is wrong.
        message: String,
        /// 1-based line and column.
        at: Option<(usize, usize)>,
    },
    /// A field parsed but its value is out of range.
    Invalid {
        /// The field, as `table.key`.
        field: &'static str,
        /// What is wrong.
        reason: &'static str,
    },
}

impl fmt::Display for RulesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RulesError::UnknownPreset(n) => f.write_str(&Rules::PRESETS.unknown(n)),
            RulesError::Toml(e) => write!(f, "{e}"),
            RulesError::TileSet(e) => write!(f, "field `tile_set`: {e}"),
            RulesError::Local { message, at: Some((line, column)) } => {
                write!(f, "line {line}, column {column}: {message}")
            }
            RulesError::Local { message, at: None } => f.write_str(message),
            RulesError::Invalid { field, reason } => {
                write!(f, "field `{field}`: {reason}")
            }
        }
    }
}

impl std::error::Error for RulesError {}

impl Rules {
    /// The built-in scoring rulesets: `ron2`, `tenhou` and `ron2-blue` (four players), `goto`,
    /// `tenhou-sanma` and `sanma-1m9m-nuki` (three).
    pub const PRESETS: Presets = Presets {
        kind: "mahjong ruleset",
        list: &[
            ("ron2", RON2_TOML),
            ("goto", GOTO_TOML),
            ("tenhou", TENHOU_TOML),
            ("tenhou-sanma", TENHOU_SANMA_TOML),
            ("sanma-1m9m-nuki", SANMA_1M9M_NUKI_TOML),
            ("ron2-blue", RON2_BLUE_TOML),
        ],
    };

    /// The built-in preset `ron2`, `goto`, `tenhou`, `tenhou-sanma`, `sanma-1m9m-nuki` or
    /// `ron2-blue`.
    pub fn preset(name: &str) -> Result<Rules, RulesError> {
        match Self::PRESETS.text(name) {
            Some(text) => Rules::from_toml(text),
            None => Err(RulesError::UnknownPreset(name.to_string())),
        }
    }

    /// Ron2 (four players).
    pub fn ron2() -> Rules {
        Rules::preset("ron2").expect("built-in preset parses")
    }

    /// Gotō (three players).
    pub fn goto() -> Rules {
        Rules::preset("goto").expect("built-in preset parses")
    }

    /// Parses and checks a ruleset from TOML text; `extends = "ron2"` starts it from a
    /// built-in preset, overriding only the values it gives.
    pub fn from_toml(text: &str) -> Result<Rules, RulesError> {
        let base = |name: &str| Self::PRESETS.text(name);
        let file: RulesFile = crate::config::from_toml_extending(text, &base)
            .map_err(|e| RulesError::Toml(super::local::locate(text, e)))?;
        let set = file.tile_set.load().map_err(RulesError::TileSet)?;
        let mut rules = Rules {
            name: file.name,
            players: if set.is_sanma() { 3 } else { 4 },
            set,
            yaku: file.yaku,
            fu: file.fu,
            limits: file.limits,
            payment: file.payment,
        };
        rules.load_local(text)?;
        rules.check()?;
        Ok(rules)
    }

    /// Compiles the data yaku: includes resolved, values and precedence checked, their
    /// `[yaku.han]` keys priced. `text` is the file, for the positions of errors.
    fn load_local(&mut self, text: &str) -> Result<(), RulesError> {
        let error =
            |message: String, path: &[&str]| RulesError::Local { at: crate::config::key_position(text, path), message };
        let y = &mut self.yaku;
        let defs = y.local_file.resolve().map_err(|m| error(m, &["yaku", "local", "include"]))?;
        let slot = |id: &str| defs.iter().position(|(n, _)| n == id);
        let others = y.han.take_other_keys();
        for (key, _) in &others {
            match slot(key) {
                Some(i) if defs[i].1.yaku.is_yakuman() => {
                    return Err(error(format!("yaku.han.{key}: a data yakuman has no han"), &["yaku", "han", key]));
                }
                Some(_) => {}
                None => {
                    let why =
                        format!("yaku.han: unknown key `{key}` (not a regular yaku nor a data yaku of this file)");
                    return Err(error(why, &["yaku", "han", key]));
                }
            }
        }
        let mut list = Vec::with_capacity(defs.len());
        for (i, (id, def)) in defs.iter().enumerate() {
            let at = ["yaku", "local", id.as_str()];
            let bad = |why: String| error(format!("yaku `{id}`: {why}"), &at);
            if let Some(&b) = Yaku::ALL.iter().find(|b| b.name() == id) {
                let off = match b {
                    Yaku::Renhou => y.renhou == RenhouValue::None,
                    b => YakuHan::is_priced(b) && !y.han.is_yaku(b),
                };
                if !off {
                    return Err(bad(format!("the built-in `{id}` is awarded here: switch it off to replace it")));
                }
            }
            let priced = others.iter().find(|(k, _)| k == id).map(|&(_, h)| h).or(def.han);
            if def.yaku.value == Value::Han {
                let Some(han) = priced else {
                    return Err(bad("no value: give `han = [closed, open]` or `yakuman = N`".into()));
                };
                let closed_only = def.yaku.closed == Some(true) || !matches!(def.yaku.form, Form::Any | Form::Standard);
                if han[1] > 0 && closed_only {
                    return Err(bad("a closed-only yaku: its open han must be 0".into()));
                }
                y.han.set_local(Yaku::local(i), han);
            }
            let mut compiled = def.yaku;
            for (key, names, builtin, local) in [
                ("supersedes", &def.supersedes, &mut compiled.supersedes, &mut compiled.supersedes_local),
                ("excludes", &def.excludes, &mut compiled.excludes, &mut compiled.excludes_local),
            ] {
                for name in names {
                    if let Some(j) = slot(name) {
                        *local |= 1 << j;
                    } else if let Some(&b) = Yaku::ALL.iter().find(|b| b.local_index().is_none() && b.name() == name) {
                        *builtin |= 1 << b as u32;
                    } else {
                        return Err(bad(format!("key `{key}`: unknown yaku `{name}`")));
                    }
                }
            }
            list.push((id.clone(), compiled));
        }
        y.local = LocalSet::new(list).map_err(|m| error(m, &["yaku", "local"]))?;
        Ok(())
    }

    /// The output name of `y`: a data yaku's id, else [`Yaku::name`].
    pub fn yaku_name(&self, y: Yaku) -> &'static str {
        match y.local_index() {
            Some(i) => self.yaku.local.name(i),
            None => y.name(),
        }
    }

    /// Every yaku of these rules in listing order (tables, charts): the built-in ones in
    /// [`Yaku::ALL`]'s order, the regular data yaku after the last regular one (清一色
    /// chinitsu) and the data yakuman after the last built-in yakuman of a hand (人和
    /// renhou), each by id; 青ドラ ao_dora after 金 kin_dora, and only for a set with blue
    /// fives (the yaku a study counts, [`Yaku::counted`]).
    pub fn yaku_order(&self) -> Vec<Yaku> {
        let local = &self.yaku.local;
        let data =
            |yakuman: bool| (0..local.len()).filter(move |&i| local.get(i).is_yakuman() == yakuman).map(Yaku::local);
        let mut order = Vec::with_capacity(Yaku::ALL.len());
        for &b in Yaku::ALL.iter().filter(|b| b.local_index().is_none() && **b != Yaku::AoDora) {
            order.push(b);
            match b {
                Yaku::Chinitsu => order.extend(data(false)),
                Yaku::Renhou => order.extend(data(true)),
                Yaku::KinDora if self.set.has_blue() => order.push(Yaku::AoDora),
                _ => {}
            }
        }
        order
    }

    fn check(&self) -> Result<(), RulesError> {
        let bad = |field, reason| Err(RulesError::Invalid { field, reason });
        if self.yaku.nagashi_mangan && self.yaku.goto_yakuman {
            return bad("yaku.nagashi_mangan", "cannot stand with goto_yakuman's 流し役満");
        }
        if self.fu.double_wind_pair != 2 && self.fu.double_wind_pair != 4 {
            return bad("fu.double_wind_pair", "must be 2 or 4");
        }
        if self.payment.kind == PaymentKind::GotoSanma && self.players != 3 {
            return bad("payment.kind", "goto_sanma needs a sanma tile_set");
        }
        if self.payment.three_seat_tsumo == ThreeSeatTsumo::NorthSplit && self.players != 3 {
            return bad("payment.three_seat_tsumo", "north_split needs a sanma tile_set (three seats)");
        }
        if !self.payment.honba.is_multiple_of(self.players as u32 - 1) {
            return bad("payment.honba", "must split evenly among the tsumo payers");
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn presets_load() {
        use crate::mahjong::Yaku;
        let r = Rules::ron2();
        assert_eq!((r.name.as_str(), r.players), ("ron2", 4));
        assert_eq!(r.yaku.renhou, RenhouValue::Mangan);
        assert!(!r.fu.rinshan_tsumo);
        let g = Rules::goto();
        assert_eq!((g.name.as_str(), g.players), ("goto", 3));
        let han = |y, closed| g.yaku.han.get(y, closed);
        assert_eq!((han(Yaku::Chanta, false), han(Yaku::Junchan, true), han(Yaku::Honroutou, false)), (2, 6, 6));
        assert_eq!(g.payment.kind, PaymentKind::GotoSanma);
        assert_eq!(g.payment.honba, 2000);
    }

    #[test]
    fn bad_files_say_what_and_where() {
        assert!(matches!(Rules::preset("ron3"), Err(RulesError::UnknownPreset(_))));
        let missing = RON2_TOML.replace("suupei = 0\n", "");
        let e = Rules::from_toml(&missing).unwrap_err();
        assert!(e.to_string().contains("suupei"), "{e}");
        let unknown = RON2_TOML.replace("suupei = 0\n", "suupei = 0\nsuupe = 2\n");
        let e = Rules::from_toml(&unknown).unwrap_err();
        assert!(e.to_string().contains("suupe"), "{e}");
        let wrong_type = RON2_TOML.replace("goto_yakuman = false", "goto_yakuman = 1");
        let e = Rules::from_toml(&wrong_type).unwrap_err();
        assert!(e.to_string().contains("line"), "{e}");
        let bad_value = RON2_TOML.replace("double_wind_pair = 4", "double_wind_pair = 3");
        let e = Rules::from_toml(&bad_value).unwrap_err();
        assert!(e.to_string().contains("fu.double_wind_pair"), "{e}");
        let bad_set = RON2_TOML.replace("tile_set = \"four_player\"", "tile_set = \"five\"");
        assert!(matches!(Rules::from_toml(&bad_set), Err(RulesError::TileSet(_))));
        let two_red_5p = RON2_TOML.replace(
            "tile_set = \"four_player\"",
            "tile_set = { name = \"two\", manzu = \"full\", red_fives = \"5m5p5p5s\", gold_fives = \"\", pocchi = 0, flowers = \"\" }",
        );
        let r = Rules::from_toml(&two_red_5p).unwrap();
        let five_pin = crate::mahjong::Tile::new(crate::mahjong::Suit::Pin, 5).unwrap();
        assert_eq!((r.set.red(five_pin), r.players), (2, 4));
        let bad_inline = two_red_5p.replace("5m5p5p5s", "4m");
        assert!(Rules::from_toml(&bad_inline).unwrap_err().to_string().contains("red_fives"));
        let mixed = RON2_TOML.replace("tile_set = \"four_player\"", "tile_set = \"goto\"");
        assert_eq!(Rules::from_toml(&mixed).unwrap().players, 3, "four-player payments at three seats");
        let odd_honba = mixed.replace("honba = 300", "honba = 301");
        assert!(Rules::from_toml(&odd_honba).unwrap_err().to_string().contains("payment.honba"));
        let four_seats_goto = GOTO_TOML.replace("tile_set = \"goto\"", "tile_set = \"four_player\"");
        let e = Rules::from_toml(&four_seats_goto).unwrap_err();
        assert!(e.to_string().contains("payment.kind"), "{e}");
    }
}
