//! The JSON-lines hand tools behind `sim mahjong score` and `sim mahjong shanten`:
//! one input line in, one JSON line out, a bad line answered with an error
//! line while the run goes on.

use anyhow::{Context, Result};
use engine::mahjong::{Rules, Situation, score, shanten_report};
use serde_json::{Value, json};
use std::io::{BufRead, Write};

/// Loads `ron2`, `goto` (built-in presets) or a rules TOML file.
pub fn load_rules(spec: &str) -> Result<Rules> {
    let source = crate::preset::source(spec, &Rules::PRESETS)?;
    Rules::from_toml(&source.text).with_context(|| source.name.clone())
}

/// Answers every non-blank line of `input` with one JSON line from `answer`
/// (`Err` = an error line); returns how many lines failed.
fn each_line(
    input: impl BufRead,
    mut output: impl Write,
    answer: impl Fn(&str) -> Result<Value, Value>,
) -> Result<usize> {
    let mut failed = 0;
    for (n, line) in input.lines().enumerate() {
        let line = line.with_context(|| format!("cannot read input line {}", n + 1))?;
        if line.trim().is_empty() {
            continue;
        }
        let out = answer(&line).unwrap_or_else(|e| {
            failed += 1;
            e
        });
        writeln!(output, "{out}").context("cannot write the output")?;
    }
    output.flush().context("cannot write the output")?;
    Ok(failed)
}

/// Scores one issue-format JSON situation per line.
pub fn score_lines(rules: &Rules, input: impl BufRead, output: impl Write) -> Result<usize> {
    each_line(input, output, |line| {
        let value: Value =
            serde_json::from_str(line).map_err(|e| json!({"id": null, "error": format!("not JSON: {e}")}))?;
        let id = value.get("id").cloned().unwrap_or(Value::Null);
        let fail = |msg: String| json!({"id": id, "error": msg});
        let situation: Situation = serde_json::from_value(value.clone()).map_err(|e| fail(e.to_string()))?;
        let result = score(rules, &situation).map_err(|e| fail(e.to_string()))?;
        serde_json::to_value(result).map_err(|e| fail(e.to_string()))
    })
}

/// Reports shanten and ukeire of one mpsz hand per line.
pub fn shanten_lines(rules: &Rules, input: impl BufRead, output: impl Write) -> Result<usize> {
    each_line(input, output, |line| {
        let hand = line.trim();
        let report = shanten_report(hand, &rules.set, rules.yaku.chiitoitsu_quad > 0)
            .map_err(|e| json!({"hand": hand, "error": e.to_string()}))?;
        serde_json::to_value(report).map_err(|e| json!({"hand": hand, "error": e.to_string()}))
    })
}
