//! The sweep file (`sim sweep FILE`): the game, the base rules and the other settings files
//! the game names (bots, strategies, a line-up, cards, decks), games and seed, the metrics,
//! and the variants, each a name and values overridden by dotted key, or a `[grid]` of one
//! or two keys' value lists. Errors name the file, the line and the variant.

use super::overrides::{Documents, Override};
use anyhow::{Result, anyhow, bail};
use engine::config::{from_toml, line_column};
use serde::Deserialize;
use toml::{Spanned, Table, Value};

/// The file as written.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Raw {
    game: Spanned<String>,
    base: String,
    #[serde(default)]
    bots: Option<Spanned<String>>,
    #[serde(default)]
    strategy: Option<Spanned<String>>,
    #[serde(default)]
    strategy_b: Option<Spanned<String>>,
    #[serde(default)]
    lineup: Option<Spanned<String>>,
    #[serde(default)]
    cards: Option<Spanned<String>>,
    #[serde(default)]
    decks: Option<Spanned<String>>,
    games: u64,
    #[serde(default = "default_seed")]
    seed: u64,
    #[serde(default)]
    metrics: Option<Vec<String>>,
    #[serde(default)]
    variant: Vec<Spanned<Table>>,
    #[serde(default)]
    grid: Option<Spanned<Table>>,
    #[serde(default)]
    ablate: Option<Spanned<String>>,
    #[serde(default)]
    adapt: Option<Spanned<Vec<String>>>,
    #[serde(default)]
    tune: Option<Spanned<String>>,
    #[serde(default)]
    skill_against: Option<Spanned<String>>,
}

const fn default_seed() -> u64 {
    7
}

/// A parsed sweep file, its variants not yet checked against the base.
#[derive(Debug)]
pub struct SweepFile {
    /// Where it was read from.
    pub name: String,
    /// Its text.
    pub text: String,
    /// `mahjong`, `rackup`, `drift` or `medarot`.
    pub game: String,
    /// The base rules: a preset name or a file (resolved by the game).
    pub base: String,
    /// The other settings files named, each a preset name or a file: `(key, name)`.
    settings: Vec<(&'static str, String)>,
    /// Games per run (with `--until`, per batch).
    pub games: u64,
    /// Master seed.
    pub seed: u64,
    /// The metrics asked for (`None`: the game's defaults).
    pub metrics: Option<Vec<String>>,
    variants: Vec<Spanned<Table>>,
    grid: Option<Spanned<Table>>,
    /// `ablate = "yaku"`: one variant per numeric entry of that table of the base, set to 0.
    ablate: Option<Spanned<String>>,
    /// `adapt = ["riichi_threshold", …]`: the strategy parameters re-tuned for every arm
    /// (empty: play unchanged only).
    pub adapt: Vec<String>,
    /// `tune`: the tune file whose values, budget and seed the re-tuning takes (`None`: the
    /// game's shipped `tune_<game>`), with `adapt` or `sim sweep --adapt`.
    pub tune: Option<String>,
    /// `skill_against`: the fixed strategy the tuned one's skill gap is measured against
    /// (`None`: `random`).
    pub skill_against: Option<String>,
}

/// One variant: its name and its overrides.
#[derive(Clone, Debug, PartialEq)]
pub struct Variant {
    /// Its name in tables and charts.
    pub name: String,
    /// The values it changes.
    pub overrides: Vec<Override>,
}

/// The games a sweep can play, each with the keys of the settings files it names besides
/// `base`.
pub const GAMES: [(&str, &[&str]); 4] = [
    ("mahjong", &["bots"]),
    ("rackup", &["strategy", "strategy_b"]),
    ("drift", &["lineup", "strategy", "strategy_b"]),
    ("medarot", &["cards", "decks", "strategy", "strategy_b"]),
];

impl SweepFile {
    /// Parses the sweep file `name` with contents `text`.
    pub fn parse(name: &str, text: &str) -> Result<SweepFile> {
        let raw: Raw = from_toml(text).map_err(|e| anyhow!("sweep file {name}: {e}"))?;
        let at = |offset: usize| {
            let (line, column) = line_column(text, offset);
            format!("sweep file {name}: line {line}, column {column}")
        };
        let Some(&(_, takes)) = GAMES.iter().find(|g| g.0 == raw.game.get_ref()) else {
            let names: Vec<&str> = GAMES.iter().map(|g| g.0).collect();
            bail!(
                "{}: unknown game `{}` (sweeps: {})",
                at(raw.game.span().start),
                raw.game.get_ref(),
                names.join(", ")
            );
        };
        let named = [
            ("bots", raw.bots),
            ("strategy", raw.strategy),
            ("strategy_b", raw.strategy_b),
            ("lineup", raw.lineup),
            ("cards", raw.cards),
            ("decks", raw.decks),
        ];
        let mut settings = Vec::new();
        for (key, value) in named {
            let Some(value) = value else { continue };
            if !takes.contains(&key) {
                bail!(
                    "{}: a {} sweep takes no `{key}` (its settings files: {})",
                    at(value.span().start),
                    raw.game.get_ref(),
                    takes.join(", ")
                );
            }
            settings.push((key, value.into_inner()));
        }
        let adapt = raw.adapt.map(|a| (a.span().start, a.into_inner()));
        if let Some((offset, keys)) = &adapt {
            adapt_allowed(raw.game.get_ref(), keys, settings.iter().any(|s: &(&str, String)| s.0 == "strategy_b"))
                .map_err(|e| anyhow!("{}: {e}", at(*offset)))?;
        }
        if raw.games == 0 {
            bail!("sweep file {name}: `games` must be at least 1");
        }
        if raw.variant.is_empty() && raw.grid.is_none() && raw.ablate.is_none() {
            bail!("sweep file {name}: no variants: give [[variant]] entries, a [grid] or `ablate`");
        }
        Ok(SweepFile {
            name: name.to_string(),
            text: text.to_string(),
            game: raw.game.into_inner(),
            base: raw.base,
            settings,
            games: raw.games,
            seed: raw.seed,
            metrics: raw.metrics,
            variants: raw.variant,
            grid: raw.grid,
            ablate: raw.ablate,
            adapt: adapt.map(|a| a.1).unwrap_or_default(),
            tune: raw.tune.map(Spanned::into_inner),
            skill_against: raw.skill_against.map(Spanned::into_inner),
        })
    }

    /// The settings file the sweep file names under `key` (`bots`, `strategy`, …), if any.
    pub fn setting(&self, key: &str) -> Option<&str> {
        self.settings.iter().find(|s| s.0 == key).map(|s| s.1.as_str())
    }

    /// `"sweep file F: line L, column C"` of byte `offset`.
    fn at(&self, offset: usize) -> String {
        let (line, column) = line_column(&self.text, offset);
        format!("sweep file {}: line {line}, column {column}", self.name)
    }

    /// The variants, their keys checked against `docs` (each applied to a copy): the
    /// `[[variant]]` entries in order, then the grid's cells.
    pub fn variants(&self, docs: &Documents) -> Result<Vec<Variant>> {
        let mut out: Vec<(Variant, usize)> = Vec::new();
        for (k, v) in self.variants.iter().enumerate() {
            let mut values = v.get_ref().clone();
            let name = match values.remove("name") {
                Some(Value::String(s)) => match engine::config::bad_name(&s) {
                    None => s,
                    Some(why) => bail!("{}: variant {}: `name`: {why}", self.at(v.span().start), k + 1),
                },
                Some(_) => bail!("{}: variant {}: `name` must be a non-empty string", self.at(v.span().start), k + 1),
                None => bail!("{}: variant {} has no `name`", self.at(v.span().start), k + 1),
            };
            let overrides = docs.leaves(&values);
            if overrides.is_empty() {
                bail!("{}: variant `{name}` changes nothing", self.at(v.span().start));
            }
            out.push((Variant { name, overrides }, v.span().start));
        }
        if let Some(key) = &self.ablate {
            out.extend(self.ablation(key, docs)?.into_iter().map(|v| (v, key.span().start)));
        }
        if let Some(grid) = &self.grid {
            out.extend(self.grid_cells(grid, docs)?.into_iter().map(|v| (v, grid.span().start)));
        }
        for (i, (v, offset)) in out.iter().enumerate() {
            let mut copy = docs.clone();
            for o in &v.overrides {
                copy.apply(o).map_err(|e| anyhow!("{}: variant `{}`: {e}", self.at(*offset), v.name))?;
            }
            if out[..i].iter().any(|(w, _)| w.name == v.name) {
                bail!("{}: two variants are named `{}`", self.at(*offset), v.name);
            }
        }
        Ok(out.into_iter().map(|(v, _)| v).collect())
    }

    /// One variant per entry of the base's table `key` that is a number or a list of numbers
    /// not all 0, named `no <entry>`, setting it to 0 (every element of a list): a yaku
    /// worth nothing is never awarded, so each variant plays the rules without that yaku.
    fn ablation(&self, key: &Spanned<String>, docs: &Documents) -> Result<Vec<Variant>> {
        let at = self.at(key.span().start);
        let Some(Value::Table(table)) = docs.get(key.get_ref()) else {
            bail!("{at}: `ablate = \"{}\"`: the base has no table of that name", key.get_ref());
        };
        let zero = |v: &Value| match v {
            Value::Integer(i) if *i != 0 => Some(Value::Integer(0)),
            Value::Float(f) if *f != 0.0 => Some(Value::Float(0.0)),
            Value::Array(a) if a.iter().all(|x| x.is_integer()) && a.iter().any(|x| x.as_integer() != Some(0)) => {
                Some(Value::Array(vec![Value::Integer(0); a.len()]))
            }
            _ => None,
        };
        let cuts: Vec<Variant> = table
            .iter()
            .filter_map(|(entry, v)| {
                let value = zero(v)?;
                Some(Variant {
                    name: format!("no {entry}"),
                    overrides: vec![Override { key: format!("{}.{entry}", key.get_ref()), value }],
                })
            })
            .collect();
        if cuts.is_empty() {
            bail!("{at}: `ablate = \"{}\"`: no entry of that table is a number to set to 0", key.get_ref());
        }
        Ok(cuts)
    }

    /// The cartesian product of the grid's one or two keys' value lists.
    fn grid_cells(&self, grid: &Spanned<Table>, docs: &Documents) -> Result<Vec<Variant>> {
        let at = self.at(grid.span().start);
        let axes = docs.leaves(grid.get_ref());
        if !(1..=2).contains(&axes.len()) {
            bail!("{at}: [grid] takes one or two keys, not {}", axes.len());
        }
        let mut lists = Vec::new();
        for axis in &axes {
            match &axis.value {
                Value::Array(values) if !values.is_empty() => lists.push(values.clone()),
                _ => bail!("{at}: [grid] key `{}` needs a non-empty list of values", axis.key),
            }
        }
        let cell = |picks: &[(&str, &Value)]| Variant {
            name: picks.iter().map(|(k, v)| format!("{k}={}", show(v))).collect::<Vec<_>>().join(", "),
            overrides: picks.iter().map(|(k, v)| Override { key: k.to_string(), value: (*v).clone() }).collect(),
        };
        let mut cells = Vec::new();
        for a in &lists[0] {
            match lists.get(1) {
                None => cells.push(cell(&[(&axes[0].key, a)])),
                Some(second) => {
                    for b in second {
                        cells.push(cell(&[(&axes[0].key, a), (&axes[1].key, b)]));
                    }
                }
            }
        }
        Ok(cells)
    }

    /// The grid's axes, in order: each key with its values as variant names show them
    /// (empty without a grid). The grid's cells are the last variants, the first axis
    /// outermost.
    pub fn grid_axes(&self, docs: &Documents) -> Vec<(String, Vec<String>)> {
        let Some(grid) = &self.grid else { return Vec::new() };
        let shown = |v: &Value| v.as_array().map_or_else(Vec::new, |vs| vs.iter().map(show).collect());
        docs.leaves(grid.get_ref()).into_iter().map(|o| (o.key, shown(&o.value))).collect()
    }
}

/// Why a sweep of `game` cannot re-tune `keys` (`strategy_b`: whether it names player B's
/// strategy), if it cannot: adapted play re-tunes the strategy both players of a two-player
/// game follow, so the keys must be some, each once, and player B must follow player A's.
pub fn adapt_allowed(game: &str, keys: &[String], strategy_b: bool) -> Result<()> {
    let takes = GAMES.iter().find(|g| g.0 == game).map_or(&[][..], |g| g.1);
    if !takes.contains(&"strategy_b") {
        bail!("a {game} sweep takes no `adapt` (it re-tunes the strategy both players of a two-player game follow)");
    }
    if strategy_b {
        bail!("`adapt` re-tunes the strategy both players follow: a sweep with `strategy_b` takes none");
    }
    if keys.is_empty() {
        bail!("`adapt` names no parameter");
    }
    if let Some((i, k)) = keys.iter().enumerate().find(|(i, k)| keys[..*i].contains(k)) {
        bail!("`adapt` names `{k}` twice (entries {} and {})", keys.iter().position(|x| x == k).unwrap() + 1, i + 1);
    }
    Ok(())
}

/// A value as a variant name shows it (`1000`, `0.2`, `"none"` as `none`).
fn show(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn docs() -> Documents {
        let main: Table = toml::from_str("start_points = 25000\nlength = \"hanchan\"\n").unwrap();
        let scoring: Table = toml::from_str("[payment]\nhonba = 300\n").unwrap();
        Documents { main, others: vec![("scoring", scoring)] }
    }

    const HEAD: &str = "game = \"mahjong\"\nbase = \"ron2-dojo\"\ngames = 100\n";

    fn err(text: &str) -> String {
        match SweepFile::parse("s.toml", text) {
            Ok(f) => f.variants(&docs()).unwrap_err().to_string(),
            Err(e) => e.to_string(),
        }
    }

    #[test]
    fn ablation_zeroes_each_numeric_entry_of_a_table() {
        let f = SweepFile::parse("s.toml", &format!("{HEAD}ablate = \"scoring.payment\"\n")).unwrap();
        let v = f.variants(&docs()).unwrap();
        assert_eq!(v.len(), 1);
        assert_eq!((v[0].name.as_str(), v[0].overrides[0].key.as_str()), ("no honba", "scoring.payment.honba"));
        assert_eq!(v[0].overrides[0].value, Value::Integer(0));
        let e = err(&format!("{HEAD}ablate = \"length\"\n"));
        assert!(e.contains("line 4") && e.contains("no table of that name"), "{e}");
    }

    #[test]
    fn variants_then_grid_cells() {
        let text = format!(
            "{HEAD}[[variant]]\nname = \"short\"\nlength = \"tonpuu\"\n[grid]\nscoring.payment.honba = [100, 1000]\n"
        );
        let f = SweepFile::parse("s.toml", &text).unwrap();
        let names: Vec<String> = f.variants(&docs()).unwrap().into_iter().map(|v| v.name).collect();
        assert_eq!(names, ["short", "scoring.payment.honba=100", "scoring.payment.honba=1000"]);
        let axes = f.grid_axes(&docs());
        assert_eq!(axes, [("scoring.payment.honba".to_string(), vec!["100".to_string(), "1000".to_string()])]);
    }

    #[test]
    fn bad_files_are_named_with_their_position() {
        let e = err(&format!("{HEAD}[[variant]]\nname = \"x\"\nstart_point = 1\n"));
        assert_eq!(e, "sweep file s.toml: line 4, column 1: variant `x`: key `start_point` is not in the base file");
        let e = err(&format!("{HEAD}[[variant]]\nname = \"x\"\nstart_points = \"many\"\n"));
        assert!(e.contains("variant `x`") && e.contains("an integer"), "{e}");
        let e = err("game = \"chess\"\nbase = \"x\"\ngames = 1\n[[variant]]\nname = \"a\"\n");
        assert!(e.starts_with("sweep file s.toml: line 1, column 8: unknown game `chess`"), "{e}");
        let e = err(HEAD);
        assert!(e.contains("no variants"), "{e}");
        let e = err(&format!("{HEAD}[grid]\nscoring.payment.honbaa = [1, 2]\n"));
        assert!(e.contains("scoring.payment.honbaa") && e.contains("not in the base file"), "{e}");
        let e = err(&format!("{HEAD}lineup = \"example\"\n[[variant]]\nname = \"x\"\nchi = false\n"));
        assert!(e.contains("line 4, column 10") && e.contains("a mahjong sweep takes no `lineup`"), "{e}");
        let e = err(&format!("{HEAD}gmes = 3\n"));
        assert!(e.contains("line 4") && e.contains("gmes"), "{e}");
        let e = err(&format!("{HEAD}[[variant]]\nlength = \"tonpuu\"\n"));
        assert!(e.contains("line 4") && e.contains("no `name`"), "{e}");
    }

    #[test]
    fn adapt_takes_a_two_player_sweep_with_one_strategy() {
        let rackup = "game = \"rackup\"\nbase = \"default\"\ngames = 10\n[[variant]]\nname = \"x\"\nscore.cap = 8\n";
        let f = SweepFile::parse("s.toml", &format!("adapt = [\"kan\", \"plan\"]\n{rackup}")).unwrap();
        assert_eq!(
            (f.adapt.as_slice(), f.tune.as_deref(), f.skill_against.as_deref()),
            (&["kan".into(), "plan".into()][..], None, None)
        );
        let e = err(&format!("adapt = [\"plan\"]\n{HEAD}[[variant]]\nname = \"x\"\nchi = false\n"));
        assert!(e.contains("line 1, column 9") && e.contains("a mahjong sweep takes no `adapt`"), "{e}");
        let e = err(&format!("adapt = [\"plan\", \"plan\"]\n{rackup}"));
        assert!(e.contains("names `plan` twice"), "{e}");
        let e = err(&format!("adapt = []\n{rackup}"));
        assert!(e.contains("no parameter"), "{e}");
        let e = err(&format!("adapt = [\"plan\"]\nstrategy_b = \"random\"\n{rackup}"));
        assert!(e.contains("takes none"), "{e}");
    }

    #[test]
    fn a_variant_name_with_a_nul_byte_is_refused_before_it_reaches_a_csv() {
        let e = err(&format!("{HEAD}[[variant]]\nname = \"a\\u0000b\"\nlength = \"tonpuu\"\n"));
        assert!(e.contains("line 4") && e.contains("`name`") && e.contains("control character"), "{e}");
        assert!(!e.contains('\0'), "{e:?}");
    }
}
