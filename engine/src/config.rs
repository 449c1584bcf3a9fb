//! Reading rules presets and other TOML data, with one-line errors that say
//! where the problem is.

use serde::de::{DeserializeOwned, Error as _};
use serde::{Deserialize, Deserializer};
use std::fmt;

/// A TOML document that could not be read into a configuration value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TomlError {
    /// 1-based line of the problem, when known.
    pub line: Option<usize>,
    /// 1-based column of the problem, when known.
    pub column: Option<usize>,
    /// What is wrong, on one line.
    pub message: String,
}

impl fmt::Display for TomlError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.line, self.column) {
            (Some(l), Some(c)) => write!(f, "line {l}, column {c}: {}", self.message),
            _ => f.write_str(&self.message),
        }
    }
}

impl std::error::Error for TomlError {}

/// Parses `text` as TOML into `T` (unknown fields are rejected where `T`
/// says `deny_unknown_fields`).
pub fn from_toml<T: DeserializeOwned>(text: &str) -> Result<T, TomlError> {
    toml::from_str(text).map_err(|e| {
        let (line, column) = e.span().map(|span| line_column(text, span.start)).unzip();
        TomlError { line, column, message: one_line(&e) }
    })
}

/// The 1-based line and column of byte `offset` of `text`.
pub fn line_column(text: &str, offset: usize) -> (usize, usize) {
    let before = &text[..offset.min(text.len())];
    let line = before.matches('\n').count() + 1;
    let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    (line, column)
}

/// The 1-based line and column where the key at `path` (`["yaku", "han", "pinfu"]`) is
/// written in the TOML document `text`, when it is there (for errors found after reading).
pub fn key_position(text: &str, path: &[&str]) -> Option<(usize, usize)> {
    let doc = toml::de::DeTable::parse(text).ok()?;
    let (last, head) = path.split_last()?;
    let mut table = doc.get_ref();
    for part in head {
        table = table.iter().find(|(k, _)| k.get_ref() == part)?.1.get_ref().as_table()?;
    }
    let (key, _) = table.iter().find(|(k, _)| k.get_ref() == last)?;
    Some(line_column(text, key.span().start))
}

/// Reads a strategy file: a TOML table tagged `strategy = "…"` into `T`
/// (an enum tagged by `strategy`). A file of the strategy `tag` may give only
/// the fields it changes: the others take their values from `base`, the
/// shipped file of that strategy; any other strategy takes no settings (a key
/// beside its `strategy` is an error). Errors name line and column where the
/// text itself is at fault.
pub fn strategy_from_toml<T: DeserializeOwned>(text: &str, tag: &str, base: &str) -> Result<T, TomlError> {
    let mut file: toml::Table = from_toml(text)?;
    let name = file.get("strategy").and_then(toml::Value::as_str).map(str::to_string);
    if name.as_deref() == Some(tag) {
        let mut merged: toml::Table = from_toml(base)?;
        merged.extend(file);
        file = merged;
    }
    let stray = file.keys().find(|k| *k != "strategy").cloned();
    let read = file.try_into().map_err(|e| TomlError { line: None, column: None, message: one_line(&e) })?;
    match (name, stray) {
        (Some(name), Some(key)) if name != tag => Err(TomlError {
            line: None,
            column: None,
            message: format!("unknown field `{key}`: the `{name}` strategy takes no settings"),
        }),
        _ => Ok(read),
    }
}

/// Parses `text` as TOML into `T`, where a document may start from another: a top-level
/// `extends = "name"` takes every value of the document `base("name")` (which may extend
/// another in turn) and overrides them with this one's, tables merged key by key. A
/// document without `extends` reads as [`from_toml`] reads it (errors with line and column).
pub fn from_toml_extending<T: DeserializeOwned>(
    text: &str,
    base: &dyn Fn(&str) -> Option<&'static str>,
) -> Result<T, TomlError> {
    let table: toml::Table = from_toml(text)?;
    if !table.contains_key("extends") {
        return from_toml(text);
    }
    extended(text, base, 0)?.try_into().map_err(|e| TomlError { line: None, column: None, message: one_line(&e) })
}

/// `text` as a TOML table with its `extends` chain (if any) merged in: the document a
/// reader of [`from_toml_extending`] sees, for tools that change values before reading.
pub fn resolve_extends(text: &str, base: &dyn Fn(&str) -> Option<&'static str>) -> Result<toml::Table, TomlError> {
    extended(text, base, 0)
}

/// `text` as a table with its `extends` chain merged in.
fn extended(text: &str, base: &dyn Fn(&str) -> Option<&'static str>, depth: u8) -> Result<toml::Table, TomlError> {
    let mut table: toml::Table = from_toml(text)?;
    let Some(name) = table.remove("extends") else { return Ok(table) };
    let error = |message: String| TomlError { line: None, column: None, message };
    let name = name.as_str().ok_or_else(|| error("`extends` must be a name".into()))?.to_string();
    let parent = base(&name).ok_or_else(|| error(format!("`extends`: no built-in `{name}`")))?;
    if depth >= 4 {
        return Err(error(format!("`extends`: `{name}` extends too deep (a cycle?)")));
    }
    let mut merged = extended(parent, base, depth + 1)?;
    merge(&mut merged, table);
    Ok(merged)
}

/// Overrides `into`'s values with `from`'s, merging tables key by key.
fn merge(into: &mut toml::Table, from: toml::Table) {
    for (key, value) in from {
        match (into.get_mut(&key), value) {
            (Some(toml::Value::Table(a)), toml::Value::Table(b)) => merge(a, b),
            (_, value) => {
                into.insert(key, value);
            }
        }
    }
}

/// Reads a fixed-size array that must have exactly `N` entries
/// (`#[serde(deserialize_with = "crate::config::exactly")]`): serde's own array
/// reader, as the TOML reader drives it, takes the first `N` and ignores the rest.
pub fn exactly<'de, D, T, const N: usize>(d: D) -> Result<[T; N], D::Error>
where
    D: Deserializer<'de>,
    T: Deserialize<'de>,
{
    let list = Vec::<T>::deserialize(d)?;
    let len = list.len();
    list.try_into().map_err(|_| D::Error::invalid_length(len, &format!("exactly {N} entries").as_str()))
}

/// Why `name` cannot name something tables and charts show (a driver, a card, a variant):
/// it is empty, or holds a control character (a NUL or a line break would go into a CSV as
/// is).
pub fn bad_name(name: &str) -> Option<String> {
    if name.trim().is_empty() {
        return Some("a name must not be empty".into());
    }
    let c = name.chars().find(|c| c.is_control())?;
    Some(format!("the name {name:?} holds the control character {c:?}"))
}

/// Reads a name (`#[serde(deserialize_with = "crate::config::name")]`), refused as
/// [`bad_name`] says (toml then names the line).
pub fn name<'de, D: Deserializer<'de>>(d: D) -> Result<String, D::Error> {
    let name = String::deserialize(d)?;
    match bad_name(&name) {
        Some(why) => Err(D::Error::custom(why)),
        None => Ok(name),
    }
}

/// Reads a list in which no entry appears twice
/// (`#[serde(deserialize_with = "crate::config::distinct")]`).
pub fn distinct<'de, D, T>(d: D) -> Result<Vec<T>, D::Error>
where
    D: Deserializer<'de>,
    T: Deserialize<'de> + PartialEq + fmt::Debug,
{
    let list = Vec::<T>::deserialize(d)?;
    match list.iter().enumerate().find(|(i, x)| list[..*i].contains(x)) {
        Some((_, x)) => Err(D::Error::custom(format!("{x:?} is listed twice"))),
        None => Ok(list),
    }
}

/// toml's message on one line.
fn one_line(e: &toml::de::Error) -> String {
    e.message().split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The built-in presets of one kind of settings file (line-ups, rules,
/// profiles, bots, …): each a name and its TOML text. Every `preset(name)`
/// looks its text up here, and `sim` resolves every "preset name or file"
/// argument against one of these by the same rule.
#[derive(Clone, Copy, Debug)]
pub struct Presets {
    /// What one such file is called in messages (`"drift line-up"`).
    pub kind: &'static str,
    /// The presets, `(name, TOML text)`, in the order they are listed to users.
    pub list: &'static [(&'static str, &'static str)],
}

impl Presets {
    /// The TOML text of the preset called `name`.
    pub fn text(&self, name: &str) -> Option<&'static str> {
        self.list.iter().find(|(n, _)| *n == name).map(|(_, text)| *text)
    }

    /// The names, comma-separated (`"example, styles, teams"`).
    pub fn names(&self) -> String {
        self.list.iter().map(|(n, _)| *n).collect::<Vec<_>>().join(", ")
    }

    /// The one-line error for a name that is not a preset.
    pub fn unknown(&self, name: &str) -> String {
        format!("unknown {} `{name}` (built-in: {})", self.kind, self.names())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Deserialize;

    #[derive(Debug, Deserialize)]
    #[serde(deny_unknown_fields)]
    struct Sample {
        name: String,
        count: u8,
    }

    #[test]
    fn key_position_finds_a_nested_key() {
        let text = "a = 1\n[b]\nc = 2\n\n[b.d]\ne = [1, 2]\n";
        assert_eq!(key_position(text, &["b", "d", "e"]), Some((6, 1)));
        assert_eq!(key_position(text, &["b", "c"]), Some((3, 1)));
        assert_eq!(key_position(text, &["b", "x"]), None);
        assert_eq!(key_position("not toml [", &["a"]), None);
    }

    #[test]
    fn errors_name_line_and_column_on_one_line() {
        let e = from_toml::<Sample>("name = \"a\"\ncount = 300\n").unwrap_err();
        assert_eq!((e.line, e.column), (Some(2), Some(9)));
        assert!(!e.to_string().contains('\n'));
        let e = from_toml::<Sample>("name = \"a\"\ncount = 3\ncolour = 1\n").unwrap_err();
        assert_eq!(e.line, Some(3));
        assert!(e.message.contains("colour"), "{e}");
        let ok = from_toml::<Sample>("name = \"a\"\ncount = 3\n").unwrap();
        assert_eq!((ok.name.as_str(), ok.count), ("a", 3));
    }

    #[test]
    fn a_fixed_size_array_takes_exactly_its_entries() {
        #[derive(Debug, Deserialize)]
        struct Pair {
            #[serde(deserialize_with = "exactly")]
            pair: [u8; 2],
        }
        assert_eq!(from_toml::<Pair>("pair = [1, 2]\n").unwrap().pair, [1, 2]);
        for bad in ["pair = [1]\n", "pair = [1, 2, 3]\n"] {
            let e = from_toml::<Pair>(bad).unwrap_err();
            assert!(e.message.contains("expected exactly 2 entries") && e.line == Some(1), "{bad}: {e}");
        }
    }

    #[derive(Debug, PartialEq, Deserialize)]
    #[serde(tag = "strategy", rename_all = "snake_case")]
    enum Player {
        Lazy,
        Keen(Keen),
    }

    #[derive(Debug, PartialEq, Deserialize)]
    #[serde(deny_unknown_fields)]
    struct Keen {
        speed: u8,
        care: u8,
    }

    #[test]
    fn strategy_files_fill_missing_fields_from_the_shipped_one() {
        let base = "strategy = \"keen\"\nspeed = 3\ncare = 4\n";
        let read = |text: &str| strategy_from_toml::<Player>(text, "keen", base);
        assert_eq!(read("strategy = \"keen\"\ncare = 9\n").unwrap(), Player::Keen(Keen { speed: 3, care: 9 }));
        assert_eq!(read("strategy = \"lazy\"\n").unwrap(), Player::Lazy);
        assert!(read("strategy = \"keen\"\nspede = 1\n").unwrap_err().message.contains("spede"));
        assert!(read("strategy = \"keen\"\ncare = 300\n").is_err());
        assert!(read("strategy = \"sleepy\"\n").unwrap_err().message.contains("sleepy"));
        assert!(read("strategy = \"lazy\"\nspeed = 1\n").unwrap_err().message.contains("`speed`"));
        assert_eq!(read("strategy = \"keen\"\ncare = \n").unwrap_err().line, Some(2));
    }

    #[test]
    fn a_document_may_extend_another_overriding_key_by_key() {
        #[derive(Debug, PartialEq, Deserialize)]
        #[serde(deny_unknown_fields)]
        struct Doc {
            name: String,
            inner: Inner,
        }
        #[derive(Debug, PartialEq, Deserialize)]
        #[serde(deny_unknown_fields)]
        struct Inner {
            a: u8,
            b: u8,
        }
        let base = |n: &str| match n {
            "root" => Some("name = \"root\"\ninner = { a = 1, b = 2 }\n"),
            "loop" => Some("extends = \"loop\"\n"),
            _ => None,
        };
        let read = |text: &str| from_toml_extending::<Doc>(text, &base);
        let d = read("extends = \"root\"\nname = \"leaf\"\n[inner]\nb = 5\n").unwrap();
        assert_eq!(d, Doc { name: "leaf".into(), inner: Inner { a: 1, b: 5 } });
        assert!(read("extends = \"nowhere\"\n").unwrap_err().message.contains("nowhere"));
        assert!(read("extends = \"loop\"\n").unwrap_err().message.contains("too deep"));
        assert!(read("extends = \"root\"\n[inner]\nc = 1\n").unwrap_err().message.contains('c'));
        assert_eq!(read("name = \"x\"\ninner = { a = 1 }\n").unwrap_err().line, Some(2), "no extends: lines kept");
    }

    #[test]
    fn presets_are_found_by_name_and_unknown_names_listed() {
        let presets = Presets { kind: "sample", list: &[("one", "count = 1"), ("two", "count = 2")] };
        assert_eq!(presets.text("two"), Some("count = 2"));
        assert_eq!(presets.text("three"), None);
        assert_eq!(presets.unknown("three"), "unknown sample `three` (built-in: one, two)");
    }
}
