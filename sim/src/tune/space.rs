//! The search space of a tune: each parameter a dotted key into the strategy file with the
//! values it may take, a list (`plan = ["charge", "plain"]`, `snipe = [true, false]`) or a
//! range (`riichi_threshold = { range = [0.05, 0.6], steps = 12 }`: `steps` evenly spaced
//! values from one end to the other, 5 unless given; an integer key's rounded and each
//! taken once). Every value is checked against the strategy file: the key must exist and
//! the value keep its kind.

use crate::deviations::moves::{Move, tidy};
use anyhow::{Result, bail};
use simcore::sweep::overrides::{Documents, Override};
use toml::{Table, Value};

/// The values a range takes unless `steps` says otherwise.
pub const STEPS: usize = 5;

/// One searched parameter.
#[derive(Clone, Debug, PartialEq)]
pub struct Parameter {
    /// The dotted key into the strategy file.
    pub key: String,
    /// The values it may take, in order.
    pub values: Vec<Value>,
}

impl Parameter {
    /// The move setting the parameter to its `k`-th value.
    pub fn set(&self, k: usize) -> Move {
        Move { parameter: self.key.clone(), value: self.values[k].clone() }
    }
}

/// The parameters `table` (the tune file's `[parameters]`) names, checked against the
/// strategy file `doc`.
pub fn parameters(doc: &Table, table: &Table) -> Result<Vec<Parameter>> {
    let docs = Documents { main: doc.clone(), others: Vec::new() };
    let mut out = Vec::new();
    for leaf in docs.leaves(table) {
        let base = docs.get(&leaf.key).cloned();
        let values = match (&leaf.value, &base) {
            (Value::Array(values), _) if !values.is_empty() => values.clone(),
            (Value::Table(spec), Some(base)) if spec.contains_key("range") => grid(&leaf.key, spec, base)?,
            _ => bail!(
                "parameter `{}`: give a non-empty list of values or {{ range = [low, high], steps = N }}",
                leaf.key
            ),
        };
        for v in &values {
            let mut d = docs.clone();
            d.apply(&Override { key: leaf.key.clone(), value: v.clone() })
                .map_err(|e| anyhow::anyhow!("parameter `{}`: {e}", leaf.key))?;
        }
        if out.iter().any(|p: &Parameter| p.key == leaf.key) {
            bail!("parameter `{}` is named twice", leaf.key);
        }
        out.push(Parameter { key: leaf.key, values });
    }
    if out.is_empty() {
        bail!("[parameters] names no parameter to search");
    }
    Ok(out)
}

/// A range's values: `steps` from low to high, integers where the strategy file's value is one.
fn grid(key: &str, spec: &Table, base: &Value) -> Result<Vec<Value>> {
    if let Some(extra) = spec.keys().find(|k| *k != "range" && *k != "steps") {
        bail!("parameter `{key}`: unknown key `{extra}` (a range takes `range` and `steps`)");
    }
    let number = |v: &Value| v.as_float().or_else(|| v.as_integer().map(|i| i as f64));
    let ends: Option<Vec<f64>> = spec["range"].as_array().and_then(|a| a.iter().map(number).collect());
    let Some([low, high]) = ends.as_deref().and_then(|e| <[f64; 2]>::try_from(e).ok()) else {
        bail!("parameter `{key}`: `range` must be two numbers, [low, high]");
    };
    if low >= high || low.is_nan() || high.is_nan() {
        bail!("parameter `{key}`: the range's low end must be below its high end");
    }
    let steps = match spec.get("steps") {
        None => STEPS,
        Some(Value::Integer(n)) if (2..=100).contains(n) => *n as usize,
        Some(_) => bail!("parameter `{key}`: `steps` must be an integer from 2 to 100"),
    };
    let at = |k: usize| low + (high - low) * k as f64 / (steps - 1) as f64;
    let mut values: Vec<Value> = match base {
        Value::Integer(_) => (0..steps).map(|k| Value::Integer(at(k).round() as i64)).collect(),
        Value::Float(_) => (0..steps).map(|k| Value::Float(tidy(at(k)))).collect(),
        _ => bail!("parameter `{key}`: a range is for a number, and the strategy file's value is not one"),
    };
    values.dedup();
    Ok(values)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn doc() -> Table {
        toml::from_str("t = 0.2\nn = 6\nplan = \"charge\"\nflag = true\n[w]\nx = 100\n").unwrap()
    }

    fn parse(text: &str) -> Result<Vec<Parameter>> {
        parameters(&doc(), &toml::from_str(text).unwrap())
    }

    #[test]
    fn lists_and_ranges_become_values() {
        let p = parse("t = { range = [0.0, 0.6], steps = 4 }\nn = { range = [1, 3], steps = 5 }\nplan = [\"plain\", \"half\"]\nw.x = [50, 150]\nflag = [true, false]\n")
            .unwrap();
        let find = |k: &str| p.iter().find(|q| q.key == k).unwrap().values.clone();
        assert_eq!(find("t"), [0.0, 0.2, 0.4, 0.6].map(Value::Float));
        assert_eq!(find("n"), [1, 2, 3].map(Value::Integer));
        assert_eq!(find("plan").len(), 2);
        assert_eq!(find("w.x"), [50, 150].map(Value::Integer));
        assert_eq!(p.iter().find(|q| q.key == "w.x").unwrap().set(1).name(), "w.x=150");
    }

    #[test]
    fn bad_parameters_are_named() {
        let e = parse("q = [1]").unwrap_err().to_string();
        assert_eq!(e, "parameter `q`: key `q` is not in the base file");
        let e = parse("n = [\"x\"]").unwrap_err().to_string();
        assert!(e.contains("parameter `n`") && e.contains("an integer"), "{e}");
        let e = parse("t = { range = [0.5, 0.1] }").unwrap_err().to_string();
        assert!(e.contains("low end"), "{e}");
        let e = parse("plan = { range = [0, 1] }").unwrap_err().to_string();
        assert!(e.contains("is for a number"), "{e}");
        let e = parse("t = { range = [0, 1], step = 3 }").unwrap_err().to_string();
        assert!(e.contains("unknown key `step`"), "{e}");
        let e = parse("t = []").unwrap_err().to_string();
        assert!(e.contains("non-empty list"), "{e}");
        assert!(parse("").unwrap_err().to_string().contains("no parameter"));
    }
}
