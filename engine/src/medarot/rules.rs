//! Rules presets: the readings of the seed that are default assumptions,
//! as data (`presets/rules_*.toml`).

use super::MedarotError;
use crate::config::Presets;
use serde::Deserialize;
use std::collections::BTreeMap;

/// Who is the first player (先攻): resolves opening, start- and end-phase steps first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FirstPlayer {
    /// A coin flip at the start of each game (the seed does not say; default).
    Random,
    /// Seat 0 always.
    Seat0,
    /// Seat 1 always.
    Seat1,
}

/// When a power form (パワー変形) pays its 1 HP.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PowerChangeCost {
    /// Each time the changed medarot attacks or uses its special (default reading of 行動時).
    EachAction,
    /// Once, when the medachange card is stacked.
    OnChange,
}

/// Which turns pay the 1-HP movement penalty (「攻撃の前後に移動しない(できない)場合 ペナルティとしてHPを1支払う」).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MovePenalty {
    /// A turn in which the medarot attacked and moved neither before nor after (the text; default).
    Attack,
    /// Every turn that ends without a move (attack, special, medachange or nothing at all).
    EveryTurn,
}

/// The configurable rules of the advance mode.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Rules {
    /// Starting HP before the master's modifier (seed: 20).
    pub base_hp: u8,
    /// Who resolves phases first.
    pub first_player: FirstPlayer,
    /// Whether shooting may also hit 1 square ahead (the seed says "2マス先": default false).
    pub shoot_adjacent: bool,
    /// When a power form pays its HP.
    pub power_change_cost: PowerChangeCost,
    /// Mulligans allowed before a player starts with no medarot (the seed repeats without bound).
    pub max_mulligans: u8,
    /// Whether a replacement medarot may go to the own centre square when both
    /// other own squares are taken (the seed says "中央以外": default false).
    pub centre_fallback: bool,
    /// Which turns pay the movement penalty.
    pub move_penalty: MovePenalty,
}

impl Default for Rules {
    /// The `advance` preset.
    fn default() -> Self {
        Self::preset("advance").expect("the embedded `advance` preset is valid")
    }
}

impl Rules {
    /// The embedded rules presets (`advance` is the default).
    pub const PRESETS: Presets = Presets {
        kind: "medarot rules preset",
        list: &[
            ("advance", include_str!("presets/rules_advance.toml")),
            ("advance-long-shot", include_str!("presets/rules_advance_long_shot.toml")),
            ("advance-transform-cost", include_str!("presets/rules_advance_transform_cost.toml")),
            ("advance-every-turn-penalty", include_str!("presets/rules_advance_every_turn_penalty.toml")),
            ("advance-centre-fallback", include_str!("presets/rules_advance_centre_fallback.toml")),
        ],
    };

    /// An embedded preset by name (see [`Rules::PRESETS`]).
    pub fn preset(name: &str) -> Result<Self, MedarotError> {
        let text = Self::PRESETS
            .text(name)
            .ok_or_else(|| MedarotError::Rules { preset: name.to_string(), problem: Self::PRESETS.unknown(name) })?;
        Self::from_toml(text, name)
    }

    /// Rules from a rules file, which is either one preset (every field at the
    /// top level, as in `presets/rules_advance.toml`; `name` then only labels
    /// errors) or several `[name]` tables (`name` picks one).
    pub fn from_toml(text: &str, name: &str) -> Result<Self, MedarotError> {
        let table: toml::Table = crate::config::from_toml(text).map_err(|source| MedarotError::Toml { source })?;
        // A file of one preset gives its fields at the top level (an empty one too: its
        // error names the first missing field); a file of several, only `[name]` tables.
        let single = table.contains_key("base_hp") || !table.values().any(toml::Value::is_table);
        let rules = if single {
            crate::config::from_toml(text).map_err(|source| MedarotError::Toml { source })?
        } else {
            let mut all = parse_all(text)?;
            all.remove(name).ok_or_else(|| MedarotError::Rules {
                preset: name.to_string(),
                problem: format!("unknown preset (known: {})", all.keys().cloned().collect::<Vec<_>>().join(", ")),
            })?
        };
        if rules.base_hp == 0 {
            return Err(MedarotError::Rules { preset: name.into(), problem: "base_hp must be at least 1".into() });
        }
        Ok(rules)
    }
}

fn parse_all(text: &str) -> Result<BTreeMap<String, Rules>, MedarotError> {
    crate::config::from_toml(text).map_err(|source| MedarotError::Toml { source })
}
