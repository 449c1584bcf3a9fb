//! Variants as diffs: values overridden by dotted key (`scoring.payment.honba`) in a
//! settings file's TOML before it is read, so every field of every rules file can be varied
//! with no per-field code. A number segment picks an element of an array, counted from 0
//! (`players.1.accuracy`: the second `[[players]]` table). A key must exist in the base
//! document and keep its value's kind (a number stays a number; a string or a table may
//! become the other, as an enum's spellings do), else the error names the key.

use toml::{Table, Value};

/// One overridden value: the dotted path into the document set, and the new value.
#[derive(Clone, Debug, PartialEq)]
pub struct Override {
    /// Dotted path (`scoring.payment.honba`).
    pub key: String,
    /// The value it takes.
    pub value: Value,
}

/// The documents a game's base is read from: the main one (a table preset, a profile, …)
/// and named others addressed by a first key segment (`scoring.`, `bots.`, `strategy.`).
#[derive(Clone, Debug, PartialEq)]
pub struct Documents {
    /// The main document.
    pub main: Table,
    /// `(prefix, document)`: keys starting `prefix.` address that document.
    pub others: Vec<(&'static str, Table)>,
}

impl Documents {
    /// The document and the path in it that `key` addresses.
    fn route<'a>(&mut self, key: &'a str) -> (&mut Table, &'a str) {
        if let Some((first, rest)) = key.split_once('.')
            && let Some(k) = self.others.iter().position(|(p, _)| *p == first)
        {
            return (&mut self.others[k].1, rest);
        }
        (&mut self.main, key)
    }

    /// Applies `o`, checking that its key exists and its value keeps the kind.
    pub fn apply(&mut self, o: &Override) -> Result<(), String> {
        let (doc, path) = self.route(&o.key);
        let missing = || format!("key `{}` is not in the base file", o.key);
        let mut parts = path.split('.');
        let mut above = parts.next().unwrap_or_default();
        let mut slot = doc.get_mut(above).ok_or_else(missing)?;
        for part in parts {
            slot = match slot {
                Value::Table(t) => t.get_mut(part),
                Value::Array(a) => part.parse::<usize>().ok().and_then(|i| a.get_mut(i)),
                other => {
                    return Err(format!("key `{}`: `{above}` is {} in the base file, not a table", o.key, kind(other)));
                }
            }
            .ok_or_else(missing)?;
            above = part;
        }
        *slot = same_kind(slot, &o.value)
            .ok_or_else(|| format!("key `{}` is {} in the base file, not {}", o.key, kind(slot), kind(&o.value)))?;
        Ok(())
    }

    /// Flattens a variant's table of values into overrides, following the base's tables:
    /// a table value where the base has a table or an array is a level of the path;
    /// anything else (a number, an array, an inline table where the base has a string) is
    /// one value. Keys may also be written dotted and quoted (`"payment.honba" = 1000`).
    pub fn leaves(&self, values: &Table) -> Vec<Override> {
        let mut out = Vec::new();
        self.collect("", values, &mut out);
        out
    }

    fn collect(&self, prefix: &str, values: &Table, out: &mut Vec<Override>) {
        for (k, v) in values {
            let key = if prefix.is_empty() { k.clone() } else { format!("{prefix}.{k}") };
            match v {
                Value::Table(t) if self.is_level(&key) => self.collect(&key, t, out),
                _ => out.push(Override { key, value: v.clone() }),
            }
        }
    }

    /// Whether `key` names a table or an array of the base documents (a prefix counts as a
    /// table).
    fn is_level(&self, key: &str) -> bool {
        self.others.iter().any(|(p, _)| *p == key) || matches!(self.get(key), Some(Value::Table(_) | Value::Array(_)))
    }

    /// The base value at dotted `key`, if there is one.
    pub fn get(&self, key: &str) -> Option<&Value> {
        let (doc, path) = match key.split_once('.') {
            Some((first, rest)) => match self.others.iter().find(|(p, _)| *p == first) {
                Some((_, d)) => (d, rest),
                None => (&self.main, key),
            },
            None => (&self.main, key),
        };
        let mut parts = path.split('.');
        let mut node = doc.get(parts.next().unwrap_or_default());
        for part in parts {
            node = node.and_then(|v| child(v, part));
        }
        node
    }
}

/// The entry `part` of a table, or the element of an array `part` numbers from 0.
fn child<'a>(v: &'a Value, part: &str) -> Option<&'a Value> {
    match v {
        Value::Table(t) => t.get(part),
        Value::Array(a) => a.get(part.parse::<usize>().ok()?),
        _ => None,
    }
}

/// `new` as the base `old`'s kind: equal kinds, an integer where a float was, a string
/// and a table for each other (enum spellings); `None` otherwise.
fn same_kind(old: &Value, new: &Value) -> Option<Value> {
    match (old, new) {
        (Value::Float(_), Value::Integer(i)) => Some(Value::Float(*i as f64)),
        (Value::String(_) | Value::Table(_), Value::String(_) | Value::Table(_)) => Some(new.clone()),
        _ if std::mem::discriminant(old) == std::mem::discriminant(new) => Some(new.clone()),
        _ => None,
    }
}

/// A value's kind in words.
fn kind(v: &Value) -> &'static str {
    match v {
        Value::String(_) => "a string",
        Value::Integer(_) => "an integer",
        Value::Float(_) => "a number",
        Value::Boolean(_) => "a boolean",
        Value::Datetime(_) => "a date",
        Value::Array(_) => "an array",
        Value::Table(_) => "a table",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn docs() -> Documents {
        let main: Table =
            toml::from_str("start = 25000\nratio = 0.5\nmode = \"none\"\n[inner]\nflag = true\n").unwrap();
        let scoring: Table = toml::from_str("[payment]\nhonba = 300\n").unwrap();
        Documents { main, others: vec![("scoring", scoring)] }
    }

    fn players() -> Documents {
        let main: Table = toml::from_str("[[players]]\npower = 1.0\n[[players]]\npower = 1.0\n").unwrap();
        Documents { main, others: Vec::new() }
    }

    fn set(key: &str, value: Value) -> Override {
        Override { key: key.into(), value }
    }

    #[test]
    fn values_replace_by_dotted_key_in_the_document_the_prefix_names() {
        let mut d = docs();
        d.apply(&set("start", Value::Integer(30000))).unwrap();
        d.apply(&set("ratio", Value::Integer(1))).unwrap();
        d.apply(&set("inner.flag", Value::Boolean(false))).unwrap();
        d.apply(&set("scoring.payment.honba", Value::Integer(1000))).unwrap();
        d.apply(&set("mode", Value::Table(toml::from_str("target = 30000").unwrap()))).unwrap();
        assert_eq!(d.main["start"].as_integer(), Some(30000));
        assert_eq!(d.main["ratio"].as_float(), Some(1.0));
        assert_eq!(d.main["inner"]["flag"].as_bool(), Some(false));
        assert_eq!(d.others[0].1["payment"]["honba"].as_integer(), Some(1000));
        assert!(d.main["mode"].is_table());
    }

    #[test]
    fn unknown_keys_and_wrong_kinds_are_named() {
        let mut d = docs();
        let e = d.apply(&set("strat", Value::Integer(1))).unwrap_err();
        assert_eq!(e, "key `strat` is not in the base file");
        let e = d.apply(&set("scoring.payment.hnba", Value::Integer(1))).unwrap_err();
        assert!(e.contains("scoring.payment.hnba"), "{e}");
        let e = d.apply(&set("start", Value::String("x".into()))).unwrap_err();
        assert_eq!(e, "key `start` is an integer in the base file, not a string");
        let e = d.apply(&set("start.deep", Value::Integer(1))).unwrap_err();
        assert!(e.contains("not a table"), "{e}");
    }

    #[test]
    fn a_variant_table_flattens_along_the_base_tables() {
        let d = docs();
        let v: Table =
            toml::from_str("start = 1\nscoring.payment.honba = 2\n\"inner.flag\" = false\nmode = { target = 3 }")
                .unwrap();
        let mut keys: Vec<String> = d.leaves(&v).into_iter().map(|o| o.key).collect();
        keys.sort();
        assert_eq!(keys, ["inner.flag", "mode", "scoring.payment.honba", "start"]);
    }

    #[test]
    fn a_number_picks_an_array_element() {
        let mut d = players();
        let v: Table = toml::from_str("players.1.power = 1.2").unwrap();
        let overrides = d.leaves(&v);
        assert_eq!(overrides, [set("players.1.power", Value::Float(1.2))]);
        d.apply(&overrides[0]).unwrap();
        assert_eq!(d.main["players"][0]["power"].as_float(), Some(1.0));
        assert_eq!(d.main["players"][1]["power"].as_float(), Some(1.2));
        for key in ["players.2.power", "players.first.power", "players.0.speed"] {
            let e = d.apply(&set(key, Value::Float(1.0))).unwrap_err();
            assert_eq!(e, format!("key `{key}` is not in the base file"));
        }
    }
}
