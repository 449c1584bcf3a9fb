//! The one-parameter deviations of a strategy file, made generically from its TOML: every
//! number at a few values either side (`step` of its size apart, two each side; an integer
//! at least 1 apart, a zero 0.05 or 1 apart), every boolean flipped, every one-of setting
//! (a policy, a plan: [`OneOf`], read from the strategy's type) at each of its other
//! values. Any other string is left as it is: its alternatives are not known. A deviation
//! the game's reader refuses (a threshold pushed out of its range) is left out and counted.

use crate::study::Source;
use anyhow::{Result, anyhow};
use engine::one_of::OneOf;
use simcore::sweep::overrides::{Documents, Override};
use toml::{Table, Value};

/// One deviation: a parameter (a dotted key of the strategy file) set to another value.
#[derive(Clone, Debug, PartialEq)]
pub struct Move {
    /// The dotted key.
    pub parameter: String,
    /// Its new value.
    pub value: Value,
}

impl Move {
    /// `key=value`, as tables and charts name it.
    pub fn name(&self) -> String {
        format!("{}={}", self.parameter, shown(&self.value))
    }
}

/// A value as names show it (a string without quotes).
pub fn shown(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

/// The strategy file's TOML as a table; an error names the file.
pub fn document(strategy: &Source) -> Result<Table> {
    strategy.parse("strategy", engine::config::from_toml)
}

/// The strategy `base` with `moves` applied, named `name`; an error names the key.
pub fn apply(base: &Table, moves: &[Move], name: String) -> Result<Source> {
    let mut docs = Documents { main: base.clone(), others: Vec::new() };
    for m in moves {
        docs.apply(&Override { key: m.parameter.clone(), value: m.value.clone() })
            .map_err(|e| anyhow!("strategy {name}: {e}"))?;
    }
    Ok(Source { name, text: toml::to_string(&docs.main).expect("a TOML table serializes") })
}

/// A float rounded to 6 decimals, so that generated values read as written (0.15, not
/// 0.15000000000000002).
pub fn tidy(x: f64) -> f64 {
    (x * 1e6).round() / 1e6
}

/// Every one-parameter deviation of `doc`, in the file's key order, numbers `step` (a
/// fraction of their size) apart, the one-of settings `one_of` at their other values, and
/// the other string keys left as they are.
pub fn deviations(doc: &Table, step: f64, one_of: &[OneOf]) -> (Vec<Move>, Vec<String>) {
    let mut found = Found { step, one_of, moves: Vec::new(), strings: Vec::new() };
    found.walk("", doc);
    (found.moves, found.strings)
}

/// What [`deviations`] collects as it walks the file.
struct Found<'a> {
    step: f64,
    one_of: &'a [OneOf],
    moves: Vec<Move>,
    strings: Vec<String>,
}

impl Found<'_> {
    fn walk(&mut self, prefix: &str, t: &Table) {
        for (k, v) in t {
            let key = if prefix.is_empty() { k.clone() } else { format!("{prefix}.{k}") };
            let values: Vec<Value> = match v {
                Value::Table(inner) => {
                    self.walk(&key, inner);
                    continue;
                }
                Value::Boolean(b) => vec![Value::Boolean(!b)],
                Value::Integer(i) => {
                    let s = ((*i as f64).abs() * self.step).round().max(1.0) as i64;
                    [-2, -1, 1, 2].map(|k| Value::Integer(i + k * s)).to_vec()
                }
                Value::Float(x) => {
                    let s = if *x == 0.0 { 0.05 } else { x.abs() * self.step };
                    let mut vs: Vec<f64> = [-2.0, -1.0, 1.0, 2.0].map(|k| tidy(x + k * s)).to_vec();
                    vs.dedup();
                    vs.into_iter().filter(|v| v != x).map(Value::Float).collect()
                }
                Value::String(s) if key != "strategy" => match self.one_of.iter().find(|o| o.key == key) {
                    Some(o) => o.values.iter().filter(|v| *v != s).map(|v| Value::String(v.to_string())).collect(),
                    None => {
                        self.strings.push(key);
                        continue;
                    }
                },
                _ => continue,
            };
            self.moves.extend(values.into_iter().map(|value| Move { parameter: key.clone(), value }));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_step_both_ways_booleans_flip_one_ofs_take_their_other_values() {
        let doc: Table = toml::from_str(
            "strategy = \"heuristic\"\nplan = \"charge\"\nt = 0.2\nn = 6\nz = 0\nb = true\nname = \"x\"\n[w]\nx = 100\nkan = \"never\"\n",
        )
        .unwrap();
        let kan = OneOf { key: "w.kan".into(), values: &["never", "after_riichi", "always"] };
        let (moves, strings) =
            deviations(&doc, 0.25, &[OneOf { key: "plan".into(), values: &["plain", "charge"] }, kan]);
        let names: Vec<String> = moves.iter().map(Move::name).collect();
        assert_eq!(
            names,
            [
                "b=false",
                "n=2",
                "n=4",
                "n=8",
                "n=10",
                "plan=plain",
                "t=0.1",
                "t=0.15",
                "t=0.25",
                "t=0.3",
                "w.kan=after_riichi",
                "w.kan=always",
                "w.x=50",
                "w.x=75",
                "w.x=125",
                "w.x=150",
                "z=-2",
                "z=-1",
                "z=1",
                "z=2"
            ]
        );
        assert_eq!(strings, ["name"]);
        assert_eq!(moves[5].value, Value::String("plain".into()));
        let moved = apply(&doc, &moves[6..7], moves[6].name()).unwrap();
        assert!(moved.text.contains("t = 0.1\n") && moved.text.contains("plan = \"charge\""), "{}", moved.text);
        let e = apply(&doc, &[Move { parameter: "q".into(), value: Value::Integer(1) }], "x".into()).unwrap_err();
        assert_eq!(e.to_string(), "strategy x: key `q` is not in the base file");
    }
}
