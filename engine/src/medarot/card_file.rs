//! Reading a card file: field by field, so that every error names the card and the field.

use super::MedarotError;
use super::cards::{Arrows, AttackType, Card, CardKind, CardPool, Dir, Effects, Timing, card_err};

impl CardPool {
    /// Parses a card file (its format: [`cards`](super::cards)).
    pub fn from_toml(text: &str) -> Result<Self, MedarotError> {
        let table: toml::Table = crate::config::from_toml(text).map_err(|source| MedarotError::Toml { source })?;
        let mut cards = Vec::new();
        if let Some(key) = table.keys().find(|k| k.as_str() != "card") {
            return Err(card_err(0, "?", key, "unknown top-level key (cards are `[[card]]` tables)"));
        }
        let entries = match table.get("card") {
            None => return Err(card_err(0, "?", "card", "the card file has no `[[card]]` tables")),
            Some(toml::Value::Array(a)) => a.as_slice(),
            Some(_) => {
                return Err(card_err(0, "?", "card", "must be an array of tables `[[card]]`"));
            }
        };
        for (i, entry) in entries.iter().enumerate() {
            let Some(t) = entry.as_table() else {
                return Err(card_err(i + 1, "?", "card", "must be a table"));
            };
            cards.push(parse_card(i + 1, t)?);
        }
        Self::from_cards(cards)
    }
}

/// Reads the fields of one `[[card]]` table.
fn parse_card(index: usize, t: &toml::Table) -> Result<Card, MedarotError> {
    let name = match t.get("name") {
        Some(toml::Value::String(s)) => match crate::config::bad_name(s) {
            None => s.clone(),
            Some(why) => return Err(card_err(index, "?", "name", &why)),
        },
        Some(_) => return Err(card_err(index, "?", "name", "must be a non-empty string")),
        None => return Err(card_err(index, "?", "name", "missing")),
    };
    let err = |field: &str, problem: &str| card_err(index, &name, field, problem);
    let kind = match t.get("kind").and_then(|v| v.as_str()) {
        Some("medarot") => CardKind::Medarot,
        Some("medachange") => CardKind::Medachange,
        Some("medarotter") => CardKind::Medarotter,
        Some(other) => {
            return Err(err("kind", &format!("unknown kind '{other}' (medarot, medachange, medarotter)")));
        }
        None => return Err(err("kind", "missing (medarot, medachange or medarotter)")),
    };
    let robot = kind != CardKind::Medarotter;
    let allowed: &[&str] = match kind {
        CardKind::Medarot => &["kind", "name", "power", "armour", "speed", "cost", "arrows", "attack", "effects"],
        CardKind::Medachange => &["kind", "name", "power", "armour", "speed", "arrows", "attack", "effects"],
        CardKind::Medarotter => &["kind", "name", "cost", "timing", "hp", "effects"],
    };
    if let Some(key) = t.keys().find(|k| !allowed.contains(&k.as_str())) {
        return Err(err(key, &format!("unknown field for a {kind} (allowed: {})", allowed.join(", "))));
    }
    let int = |field: &str, lo: i64, hi: i64, required: bool| -> Result<i64, MedarotError> {
        match t.get(field) {
            None if required => Err(err(field, "missing")),
            None => Ok(0),
            Some(v) => match v.as_integer() {
                Some(n) if (lo..=hi).contains(&n) => Ok(n),
                Some(n) => Err(err(field, &format!("{n} is out of range {lo}..={hi}"))),
                None => Err(err(field, "must be an integer")),
            },
        }
    };
    let mut card = Card {
        kind,
        name: name.clone(),
        power: int("power", 0, 250, robot)? as u8,
        armour: int("armour", 0, 250, robot)? as u8,
        speed: int("speed", 0, 99, robot)? as u8,
        cost: int("cost", 0, 50, kind != CardKind::Medachange)? as u8,
        arrows: Arrows(0),
        attack: AttackType::Shoot,
        timing: Timing::Action,
        hp: int("hp", -19, 50, false)? as i8,
        effects: Effects::default(),
    };
    if robot {
        card.arrows = parse_arrows(t.get("arrows")).map_err(|p| err("arrows", &p))?;
        card.attack = match t.get("attack").and_then(|v| v.as_str()) {
            Some("shoot") => AttackType::Shoot,
            Some("melee") => AttackType::Melee,
            Some("special") => AttackType::Special,
            Some(o) => {
                return Err(err("attack", &format!("unknown attack type '{o}' (shoot, melee, special)")));
            }
            None => return Err(err("attack", "missing (shoot, melee or special)")),
        };
    } else {
        card.timing = match t.get("timing").and_then(|v| v.as_str()) {
            Some("action") => Timing::Action,
            Some("defence") => Timing::Defence,
            Some("trigger") => Timing::Trigger,
            Some(o) => {
                return Err(err("timing", &format!("unknown timing '{o}' (action, defence, trigger)")));
            }
            None => return Err(err("timing", "missing (action, defence or trigger)")),
        };
    }
    if let Some(v) = t.get("effects") {
        let Some(et) = v.as_table() else {
            return Err(err("effects", "must be a table of keywords"));
        };
        for (key, value) in et {
            let field = format!("effects.{key}");
            if !keyword_allowed(&card, key) {
                return Err(err(&field, &keyword_problem(&card, key)));
            }
            let e = &mut card.effects;
            let flag = |value: &toml::Value| value.as_bool().ok_or_else(|| err(&field, "must be true or false"));
            let amount = |value: &toml::Value| match value.as_integer() {
                Some(n) if (0..=100).contains(&n) => Ok(n as u8),
                _ => Err(err(&field, "must be an integer in 0..=100")),
            };
            match key.as_str() {
                "power" => e.power = amount(value)?,
                "armour" => e.armour = amount(value)?,
                "cancel" => e.cancel = flag(value)?,
                "heal" => e.heal = amount(value)?,
                "draw" => e.draw = amount(value)?,
                "disrupt" => e.disrupt = amount(value)?,
                "shield" => e.shield = amount(value)?,
                "boost" => e.boost = amount(value)?,
                "lock" => e.lock = flag(value)?,
                "pierce" => e.pierce = flag(value)?,
                "end_heal" => e.end_heal = amount(value)?,
                _ => e.power_change = flag(value)?,
            }
        }
    }
    Ok(card)
}

const KEYWORDS: [&str; 12] = [
    "power",
    "armour",
    "cancel",
    "heal",
    "draw",
    "disrupt",
    "shield",
    "boost",
    "lock",
    "pierce",
    "end_heal",
    "power_change",
];

/// Whether effect `key` makes sense on `card` (see the table in the module docs).
fn keyword_allowed(card: &Card, key: &str) -> bool {
    let special = card.attack == AttackType::Special;
    match card.kind {
        CardKind::Medarotter => match card.timing {
            Timing::Action => matches!(key, "power" | "heal" | "draw"),
            Timing::Defence => matches!(key, "armour" | "cancel" | "heal" | "draw"),
            Timing::Trigger => matches!(key, "heal" | "draw" | "disrupt"),
        },
        CardKind::Medarot | CardKind::Medachange => match key {
            "heal" | "draw" | "disrupt" | "shield" | "boost" => special,
            "pierce" => !special,
            "lock" | "end_heal" => true,
            "power_change" => card.kind == CardKind::Medachange,
            _ => false,
        },
    }
}

fn keyword_problem(card: &Card, key: &str) -> String {
    if !KEYWORDS.contains(&key) {
        return format!("unknown effect keyword (known: {})", KEYWORDS.join(", "));
    }
    match card.kind {
        CardKind::Medarotter => format!("not allowed on a {:?}-timing medarotter", card.timing).to_lowercase(),
        _ => format!("not allowed on a {} with attack type {:?}", card.kind, card.attack).to_lowercase(),
    }
}

fn parse_arrows(value: Option<&toml::Value>) -> Result<Arrows, String> {
    let Some(list) = value.and_then(|v| v.as_array()) else {
        return Err("must be a list of directions (F B L R FL FR BL BR)".into());
    };
    if list.is_empty() {
        return Err("is empty: a medarot needs at least one direction (F B L R FL FR BL BR)".into());
    }
    let mut arrows = Arrows(0);
    for v in list {
        let dir =
            v.as_str().and_then(Dir::parse).ok_or_else(|| format!("{v} is not a direction (F B L R FL FR BL BR)"))?;
        arrows.0 |= 1 << dir as u8;
    }
    Ok(arrows)
}
