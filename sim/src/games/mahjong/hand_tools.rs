//! The JSON-lines hand tools behind `sim mahjong score` and `sim mahjong shanten`:
//! one input line in, one JSON line out, a bad line answered with an error
//! line while the run goes on. With a Gotō table's rules (`goto`, `goto-cutbi`, or a table
//! file with a `[chips]` section), `score` is also the one-hand chip calculator: a line's
//! optional `chips` object ([`HandChips`]) is settled by the same ledger the chip study
//! uses, and the answer lists every chip transfer by item, payer and receiver.

use crate::games::mahjong::table_rules::TableRules;
use crate::lines::{Line, Lines};
use crate::study::Source;
use anyhow::{Context, Result};
use engine::GameSeeds;
use engine::mahjong::chips::{
    CalcEnding, ChipLedger, Dice, GivenDice, HandChips, Transfer, hand_record, handless_record, settled_score,
};
use engine::mahjong::table::{HandRecord, PRESETS, RiichiTable, TableSettings, WinRecord};
use engine::mahjong::{Rules, Situation, score, shanten_report};
use serde::de::{Deserialize, Deserializer, MapAccess, SeqAccess, Visitor};
use serde_json::{Value, json};
use std::io::{BufRead, Write};
use std::path::Path;

/// Loads `ron2`, `goto` (built-in presets) or a rules TOML file.
pub fn load_rules(spec: &str) -> Result<Rules> {
    let source = crate::preset::source(spec, &Rules::PRESETS)?;
    source.parse("mahjong rules", Rules::from_toml)
}

/// What `sim mahjong score --rules` names: scoring rules, and the table whose chip rules
/// settle a line's `chips` when it has them.
pub struct ScoreRules {
    /// The scoring rules.
    pub rules: Rules,
    /// A Gotō table with a `[chips]` section.
    pub chips: Option<RiichiTable>,
}

/// `goto`, `goto-cutbi` (table presets with chips), `ron2`, a table settings file or a
/// scoring rules file.
pub fn load_score_rules(spec: &str) -> Result<ScoreRules> {
    let table = if PRESETS.iter().any(|p| p.0 == spec) {
        Some(TableRules::preset(spec).game()?)
    } else if crate::preset::is_path(spec) && Path::new(spec).is_file() {
        let source = Source::read(Path::new(spec))?;
        match TableSettings::from_toml(&source.text) {
            Ok(_) => Some(TableRules::file(source, Path::new(spec))?.game()?),
            Err(_) => None,
        }
    } else {
        None
    };
    Ok(match table.filter(|t| t.settings().chips.is_some()) {
        Some(t) => ScoreRules { rules: t.rules().clone(), chips: Some(t) },
        None => ScoreRules { rules: load_rules(spec)?, chips: None },
    })
}

/// Answers every non-blank line of `input` with one JSON line from `answer`
/// (`Err` = an error line); a line that cannot be read (not UTF-8, longer than
/// [`crate::lines::MAX_LINE`]) gets an error line with `key` null. Returns how many lines failed.
fn each_line(
    input: impl BufRead,
    mut output: impl Write,
    key: &str,
    answer: impl Fn(&str) -> Result<Value, Value>,
) -> Result<usize> {
    let mut failed = 0;
    let mut lines = Lines::new(input);
    while let Some(line) = lines.next() {
        let (n, line) = line.with_context(|| "cannot read the input".to_string())?;
        if line == Line::TooLong {
            lines.skip_rest().context("cannot read the input")?;
        }
        let out = match line.text(n) {
            Ok(text) if text.trim().is_empty() => continue,
            Ok(text) => answer(&text),
            Err(e) => Err(json!({key: null, "error": e})),
        };
        let out = out.unwrap_or_else(|e| {
            failed += 1;
            e
        });
        writeln!(output, "{out}").context("cannot write the output")?;
    }
    output.flush().context("cannot write the output")?;
    Ok(failed)
}

/// A JSON text read only to refuse an object naming a key twice, at any depth (a
/// [`Value`] keeps the last silently): `{"han":1,"han":5}` is an error, not 5 han.
struct UniqueKeys;

impl<'de> Deserialize<'de> for UniqueKeys {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_any(UniqueKeys)
    }
}

impl<'de> Visitor<'de> for UniqueKeys {
    type Value = UniqueKeys;

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("JSON")
    }
    fn visit_bool<E>(self, _: bool) -> Result<Self, E> {
        Ok(self)
    }
    fn visit_i64<E>(self, _: i64) -> Result<Self, E> {
        Ok(self)
    }
    fn visit_u64<E>(self, _: u64) -> Result<Self, E> {
        Ok(self)
    }
    fn visit_f64<E>(self, _: f64) -> Result<Self, E> {
        Ok(self)
    }
    fn visit_str<E>(self, _: &str) -> Result<Self, E> {
        Ok(self)
    }
    fn visit_unit<E>(self) -> Result<Self, E> {
        Ok(self)
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Self, A::Error> {
        while seq.next_element::<UniqueKeys>()?.is_some() {}
        Ok(self)
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self, A::Error> {
        let mut keys: Vec<String> = Vec::new();
        while let Some(key) = map.next_key::<String>()? {
            if keys.contains(&key) {
                return Err(serde::de::Error::custom(format!("the key `{key}` appears twice")));
            }
            map.next_value::<UniqueKeys>()?;
            keys.push(key);
        }
        Ok(self)
    }
}

/// Scores one issue-format JSON situation per line (and settles its `chips`, when the rules
/// have chips).
pub fn score_lines(rules: &ScoreRules, input: impl BufRead, output: impl Write) -> Result<usize> {
    each_line(input, output, "id", |line| {
        let mut value: Value =
            serde_json::from_str(line).map_err(|e| json!({"id": null, "error": format!("not JSON: {e}")}))?;
        let id = value.get("id").cloned().unwrap_or(Value::Null);
        let fail = |msg: String| json!({"id": id, "error": msg});
        serde_json::from_str::<UniqueKeys>(line).map_err(|e| fail(e.to_string()))?;
        let chips = match value.as_object_mut().and_then(|o| o.remove("chips")) {
            None => None,
            Some(_) if rules.chips.is_none() => {
                return Err(fail("chips: these rules have no chips (use --rules goto or goto-cutbi)".into()));
            }
            Some(c) => Some(serde_json::from_value::<HandChips>(c).map_err(|e| fail(format!("chips: {e}")))?),
        };
        let (Some(table), Some(chips)) = (&rules.chips, &chips) else {
            let situation: Situation = serde_json::from_value(value).map_err(|e| fail(e.to_string()))?;
            let result = score(&rules.rules, &situation).map_err(|e| fail(e.to_string()))?;
            return serde_json::to_value(result).map_err(|e| fail(e.to_string()));
        };
        if chips.ending != CalcEnding::Win {
            // A draw or a chombo: no hand of the line's own to score.
            if let Some(key) = value.as_object().and_then(|o| o.keys().find(|k| *k != "id")) {
                return Err(fail(format!("chips: a line with `ending` other than \"win\" holds no hand (`{key}`)")));
            }
            let (record, tenpai) = handless_record(&rules.rules, chips).map_err(|e| fail(e.to_string()))?;
            return Ok(json!({"id": id, "chips": settle(table, &record, &tenpai, chips).map_err(fail)?}));
        }
        let situation: Situation = serde_json::from_value(value).map_err(|e| fail(e.to_string()))?;
        let record = hand_record(&rules.rules, &situation, chips).map_err(|e| fail(e.to_string()))?;
        // The points as the ledger settles them (a forced deal-in's 13 han, G-R3).
        let result = settled_score(&rules.rules, &situation, chips.forced).map_err(|e| fail(e.to_string()))?;
        let mut out = serde_json::to_value(result).map_err(|e| fail(e.to_string()))?;
        if let Some(other) = &chips.double_ron {
            let second = score(&rules.rules, other).map_err(|e| fail(format!("chips: double_ron: {e}")))?;
            out["double_ron"] = serde_json::to_value(second).map_err(|e| fail(e.to_string()))?;
        }
        out["chips"] = settle(table, &record, &[], chips).map_err(fail)?;
        Ok(out)
    })
}

/// Who a participant of a chip transfer is: a seat by its wind, or the sit-out.
const PARTICIPANTS: [&str; 4] = ["E", "S", "W", "sit_out"];

/// Settles one hand's chips from its `record` (a chombo's with its `tenpai` seats), and the
/// game's end when `final_points` is given: every transfer, and each participant's total.
fn settle(table: &RiichiTable, record: &HandRecord, tenpai: &[WinRecord], chips: &HandChips) -> Result<Value, String> {
    let rules = table.settings().chips.expect("a table with chips");
    let ledger = ChipLedger::new(rules, table, !chips.no_sit_out);
    let mut transfers: Vec<Transfer> = Vec::new();
    match &chips.dice {
        Some(faces) => {
            let mut dice = GivenDice::new(faces);
            book(&ledger, record, tenpai, chips, &mut dice, &mut transfers);
            if dice.missing > 0 || dice.unused() > 0 {
                return Err(format!(
                    "chips: dice: {} faces given, the dice chances rolled {}",
                    faces.len(),
                    faces.len() + dice.missing - dice.unused()
                ));
            }
        }
        None => book(&ledger, record, tenpai, chips, &mut GameSeeds::new(chips.seed).rng(0), &mut transfers),
    }
    if let Some(p) = chips.final_points {
        ledger.settle_end(&[p[0], p[1], p[2], 0], chips.first_dealer, &mut transfers);
    }
    let mut totals = serde_json::Map::new();
    for (q, name) in PARTICIPANTS.iter().enumerate() {
        let net: i32 = transfers
            .iter()
            .map(|t| match q as u8 {
                q if q == t.receiver => t.chips(),
                q if q == t.payer => -t.chips(),
                _ => 0,
            })
            .sum();
        if q < 3 || !chips.no_sit_out {
            totals.insert((*name).to_string(), json!(net));
        }
    }
    let list: Vec<Value> = transfers
        .iter()
        .map(|t| {
            json!({
                "item": t.item.name(),
                "payer": PARTICIPANTS[usize::from(t.payer)],
                "receiver": PARTICIPANTS[usize::from(t.receiver)],
                "base": t.base,
                "multiplier": t.multiplier,
                "chips": t.chips(),
            })
        })
        .collect();
    Ok(json!({"transfers": list, "totals": totals}))
}

/// Books one hand: a chombo by `chips.offender` (its `tenpai` seats ronning off it), or the
/// hand `record` describes, from the cut-bi states of `chips`.
fn book(
    ledger: &ChipLedger,
    record: &HandRecord,
    tenpai: &[WinRecord],
    chips: &HandChips,
    dice: &mut impl Dice,
    out: &mut Vec<Transfer>,
) {
    let mut states = chips.start_states();
    match chips.offender {
        Some(o) => ledger.settle_chombo(o, record, tenpai, &states, dice, out),
        None => ledger.settle_hand(record, chips.south_entry, &mut states, dice, out),
    }
}

/// Reports shanten and ukeire of one mpsz hand per line.
pub fn shanten_lines(rules: &Rules, input: impl BufRead, output: impl Write) -> Result<usize> {
    each_line(input, output, "hand", |line| {
        let hand = line.trim();
        let report = shanten_report(hand, &rules.set, rules.yaku.chiitoitsu_quad > 0)
            .map_err(|e| json!({"hand": hand, "error": e.to_string()}))?;
        serde_json::to_value(report).map_err(|e| json!({"hand": hand, "error": e.to_string()}))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_score_line_naming_a_key_twice_is_an_error_line_not_its_last_value() {
        let rules = load_score_rules("ron2").unwrap();
        let line = r#"{"id":17,"closed":"123m406p789s11z666p","melds":[],"win":"6p","tsumo":false,"riichi":true,"double_riichi":false,"ippatsu":false,"rinshan":false,"chankan":false,"haitei":false,"houtei":false,"seat_wind":"E","round_wind":"S","dealer":true,"dora_indicators":"3m9s","ura_indicators":"1p","honba":1,"riichi_sticks":0}"#;
        let answer = |input: &str| {
            let mut out = Vec::new();
            let failed = score_lines(&rules, input.as_bytes(), &mut out).unwrap();
            (failed, String::from_utf8(out).unwrap())
        };
        assert_eq!(answer(line).0, 0, "the line as it is scores");
        let (failed, out) = answer(&line.replace(r#""honba":1"#, r#""honba":5,"honba":1"#));
        assert_eq!(failed, 1, "{out}");
        assert!(out.starts_with(r#"{"id":17,"error":"the key `honba` appears twice at line 1"#), "{out}");
        let (failed, out) = answer(&line.replace(r#""melds":[]"#, r#""melds":[{"a":1,"a":2}]"#));
        assert_eq!(failed, 1, "a key twice deeper down too: {out}");
    }
}
