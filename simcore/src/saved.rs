//! `state.json`, a study's mergeable state, and what `sim merge` checks before adding one.
//!
//! The file holds the format version ([`FORMAT`]), the study kind, its parameters, the
//! games it covers ([`Coverage`]), for a run grown by `--until` what it did
//! ([`UntilRecord`]), how the run played when recorded ([`Ran`]), and its
//! accumulator, and ends with a checksum: the
//! SHA-256 of the text before it, `…,"checksum":"<hex>"}`. A file without `format` is of
//! format 1 (written before the checksum existed) and is read without one.
//!
//! Before a shard is added, [`read`] and [`Merger::add`] check it: the checksum; that it
//! reads as the study's state (an error names the field it fails at); its coverage (a
//! positive shard count, shards within 1..=N, none twice, in the file or across files; as
//! many games played as its accumulator counts, [`State::indices`], whatever the format);
//! the same run (games, seed, shard count) and the same parameters as the first file
//! (naming the parameter that differs); its accumulator's shape, settings and counts
//! ([`crate::tally`]); and that adding it keeps every count in range. [`Merger::finish`]
//! refuses an incomplete set of shards unless `--partial` is given, and labels it then.

use crate::shard::Shard;
use crate::tally;
use anyhow::{Context, Result, bail, ensure};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use sha2::{Digest, Sha256};
use std::fmt::{self, Debug};
use std::ops::AddAssign;
use std::path::Path;

/// What a study saves in `state.json` and rebuilds from it: its kind, its parameters and
/// its accumulator (the rest of a study, playing and reporting, is `sim::study::Study`).
pub trait State: Sized {
    /// The name of the study kind (`drift`, …), recorded in saved states.
    const KIND: &'static str;
    /// Everything that defines the study; two shards merge only if equal.
    type Params: Serialize + DeserializeOwned + PartialEq + Debug + Clone;
    /// The merged-by-addition aggregate of the games.
    type Acc: Serialize + DeserializeOwned + AddAssign + Send;

    /// The study's parameters.
    fn params(&self) -> &Self::Params;
    /// Rebuilds a study from saved parameters.
    fn from_params(params: Self::Params) -> Result<Self>;
    /// An empty accumulator (what each worker starts from).
    fn empty(&self) -> Self::Acc;
    /// The runner indices `acc` counts (games, or a Gotō study's sessions), read from its
    /// own counts: a saved state's coverage must say as many ([`parse`]).
    fn indices(&self, acc: &Self::Acc) -> u64;
}

/// The games a set of results covers.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Coverage {
    /// Games of the whole run.
    pub games: u64,
    /// Master seed.
    pub seed: u64,
    /// Number of slices the run was cut into.
    pub shard_count: u64,
    /// Which slices (1-based) these results include, sorted.
    pub shards: Vec<u64>,
}

impl Coverage {
    /// Games actually played in the covered slices.
    pub fn games_played(&self) -> u64 {
        self.shards
            .iter()
            .map(|&k| Shard { index: k, count: self.shard_count }.range(self.games))
            .map(|r| r.end - r.start)
            .sum()
    }

    /// `"all 1000 games"` or `"shards 1,3 of 4 (500 of 1000 games)"`.
    pub fn describe(&self) -> String {
        if self.shards.len() as u64 == self.shard_count {
            format!("{} games, seed {}", self.games, self.seed)
        } else {
            let list: Vec<String> = self.shards.iter().map(u64::to_string).collect();
            format!(
                "shard {} of {} ({} of {} games), seed {}",
                list.join(","),
                self.shard_count,
                self.games_played(),
                self.games,
                self.seed
            )
        }
    }
}

/// A user-supplied data file (line-up, rules preset, card list) kept with the
/// study's parameters, so a saved state can be rebuilt on another machine.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Source {
    /// Where it was read from (for error messages).
    pub name: String,
    /// Its contents.
    pub text: String,
}

impl Source {
    /// Reads a file into a source.
    pub fn read(path: &Path) -> Result<Self> {
        let text = crate::lines::read_file(path, crate::lines::MAX_SETTINGS)?;
        Ok(Self { name: path.display().to_string(), text })
    }

    /// Reads this file with `parse` (an engine reader), an error in the one shape every
    /// settings file's error has: `<kind> <file>: <where>: <what>`, the reader's message
    /// giving where (`line L, column C`, or ``field `key` ``) and what, on one line.
    pub fn parse<T, E: std::fmt::Display>(&self, kind: &str, parse: impl FnOnce(&str) -> Result<T, E>) -> Result<T> {
        parse(&self.text).map_err(|e| anyhow::anyhow!("{kind} {}: {e}", self.name))
    }
}

/// Two sources are the same data whatever path they were read from.
impl PartialEq for Source {
    fn eq(&self, other: &Self) -> bool {
        self.text == other.text
    }
}

/// How a run played: its worker threads and wall time. Recorded in `state.json` by a
/// run, kept by a merge of that state alone (absent in files written before it was, and
/// in shards merged together).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Ran {
    /// Worker threads.
    pub threads: usize,
    /// Wall-clock seconds of the run: play, tables and charts.
    pub seconds: f64,
}

/// The format of the `state.json` this version writes.
pub const FORMAT: u32 = 2;

/// The contents of a `state.json`.
#[derive(Serialize, Deserialize)]
pub struct Saved<P, A> {
    /// Format version (1 when missing: the files before the checksum).
    #[serde(default = "format_one")]
    pub format: u32,
    /// The study kind (`drift`, …).
    pub kind: String,
    /// The study's parameters.
    pub params: P,
    /// The games covered.
    pub coverage: Coverage,
    /// Merged from an incomplete set of shards (`sim merge --partial`).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub partial: bool,
    /// What `--until` did, for a run grown to targets.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub until: Option<UntilRecord>,
    /// How the run played (`None`: not recorded, or merged from shards).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ran: Option<Ran>,
    /// The study's accumulator.
    pub acc: A,
}

fn format_one() -> u32 {
    1
}

/// Where the checksum begins.
const CHECKSUM: &str = ",\"checksum\":\"";

/// The SHA-256 of `text`, as 64 lowercase hex digits: a saved state's checksum, a rules
/// file's fingerprint, and what ties a chart folder to the `state.json` it was drawn from.
pub fn sha256_hex(text: &str) -> String {
    Sha256::digest(text.as_bytes()).iter().map(|b| format!("{b:02x}")).collect()
}

/// The text of `saved` as written to `state.json`, its checksum at the end.
pub fn to_text<P: Serialize, A: Serialize>(saved: &Saved<P, A>) -> Result<String> {
    let body = serde_json::to_string(saved)?;
    let open = body.strip_suffix('}').context("a state is a JSON object")?;
    Ok(format!("{open}{CHECKSUM}{}\"}}", sha256_hex(&body)))
}

/// Reads and checks the state of study `S` in `path` ([`parse`]).
pub fn read<S: State>(path: &Path, study_of: impl Fn(S::Params) -> Result<S>) -> Result<Saved<S::Params, S::Acc>> {
    let text = crate::lines::read_file(path, crate::lines::MAX_STATE)?;
    parse(&text, &path.display().to_string(), study_of)
}

/// Checks `text`, the state of study `S` read from `place`: checksum, fields, coverage,
/// accumulator (errors begin with `place`).
pub fn parse<S: State>(
    text: &str,
    place: &str,
    study_of: impl Fn(S::Params) -> Result<S>,
) -> Result<Saved<S::Params, S::Acc>> {
    let text = text.trim_end();
    match text.rsplit_once(CHECKSUM) {
        Some((open, sum)) => {
            let sum = sum.strip_suffix("\"}").with_context(|| format!("{place}: field checksum: not at the end"))?;
            ensure!(
                sha256_hex(&format!("{open}}}")) == sum,
                "{place}: field checksum: does not match the contents (the file was damaged or edited)"
            );
        }
        None if text.contains("\"format\"") => bail!("{place}: field checksum: missing"),
        None => {}
    }
    let mut de = serde_json::Deserializer::from_str(text);
    let saved: Saved<S::Params, S::Acc> = serde_path_to_error::deserialize(&mut de).map_err(|e| {
        anyhow::anyhow!("{place} is not a saved {} study state: field {}: {}", S::KIND, e.path(), e.inner())
    })?;
    ensure!(saved.format <= FORMAT, "{place}: field format: {} is newer than this sim reads ({FORMAT})", saved.format);
    ensure!(saved.kind == S::KIND, "{place} holds a {} study, not {}", saved.kind, S::KIND);
    let c = &saved.coverage;
    ensure!(c.shard_count > 0, "{place}: field coverage.shard_count: 0");
    ensure!(!c.shards.is_empty(), "{place}: field coverage.shards: empty");
    if let Some(k) = c.shards.iter().find(|&&k| k == 0 || k > c.shard_count) {
        bail!("{place}: field coverage.shards: shard {k} is not within 1..={}", c.shard_count);
    }
    let mut sorted = c.shards.clone();
    sorted.sort_unstable();
    if let Some(w) = sorted.windows(2).find(|w| w[0] == w[1]) {
        bail!("{place}: field coverage.shards: shard {} appears twice", w[0]);
    }
    let study = study_of(saved.params.clone()).with_context(|| format!("{place}: field params"))?;
    let shape = tally::tree(&study.empty())?;
    tally::check(&tally::tree(&saved.acc)?, &shape, "acc").map_err(|e| anyhow::anyhow!("{place}: field {e}"))?;
    let (covered, counted) = (c.games_played(), study.indices(&saved.acc));
    ensure!(
        covered == counted,
        "{place}: field coverage: {covered} games played, but acc counts {counted} (the file was damaged or edited)"
    );
    Ok(saved)
}

/// The first parameter where `a` and `b` differ, as a path (`params.rules.text`); a data
/// file's `name` (where it was read from) is not a difference.
fn difference(a: &Value, b: &Value, path: &str) -> Option<String> {
    match (a, b) {
        (Value::Object(x), Value::Object(y)) => {
            let source = x.contains_key("text") && x.contains_key("name");
            let keys = x.keys().chain(y.keys().filter(|k| !x.contains_key(*k)));
            keys.filter(|k| !(source && *k == "name")).find_map(|k| match (x.get(k), y.get(k)) {
                (Some(p), Some(q)) => difference(p, q, &format!("{path}.{k}")),
                _ => Some(format!("{path}.{k}")),
            })
        }
        (Value::Array(x), Value::Array(y)) if x.len() == y.len() => {
            x.iter().zip(y).enumerate().find_map(|(i, (p, q))| difference(p, q, &format!("{path}[{i}]")))
        }
        _ => (a != b).then(|| path.to_string()),
    }
}

/// Shards added up one by one, each checked against the first.
pub struct Merger<S: State> {
    merged: Option<Saved<S::Params, S::Acc>>,
}

impl<S: State> Default for Merger<S> {
    fn default() -> Self {
        Merger { merged: None }
    }
}

impl<S: State> Merger<S> {
    /// Reads the state in `dir` and adds it.
    pub fn add(&mut self, dir: &Path) -> Result<()> {
        let path = dir.join("state.json");
        self.push(read::<S>(&path, S::from_params)?, &path.display().to_string())
    }

    /// Adds `saved`, read (and checked) from `place`, after checking it against the others.
    pub fn push(&mut self, saved: Saved<S::Params, S::Acc>, place: &str) -> Result<()> {
        let Some(m) = &mut self.merged else {
            self.merged = Some(saved);
            return Ok(());
        };
        if m.params != saved.params {
            let (a, b) = (serde_json::to_value(&m.params)?, serde_json::to_value(&saved.params)?);
            let which = difference(&a, &b, "params").unwrap_or_else(|| "params".into());
            bail!("{place} was run with other study parameters: {which} differs");
        }
        let (a, b) = (&m.coverage, &saved.coverage);
        ensure!(
            (a.games, a.seed, a.shard_count) == (b.games, b.seed, b.shard_count),
            "{place} covers another run ({}; expected {} games, seed {}, in {} shards)",
            b.describe(),
            a.games,
            a.seed,
            a.shard_count
        );
        if let Some(k) = b.shards.iter().find(|k| a.shards.contains(k)) {
            bail!("shard {k} appears twice (again in {place})");
        }
        // Shards ran apart: no one run's threads and wall time describe their sum.
        m.ran = None;
        tally::check_sum(&tally::tree(&m.acc)?, &tally::tree(&saved.acc)?, "acc")
            .map_err(|e| anyhow::anyhow!("{place}: adding it overflows: field {e}"))?;
        m.coverage.shards.extend(&saved.coverage.shards);
        m.coverage.shards.sort_unstable();
        m.partial |= saved.partial;
        m.acc += saved.acc;
        Ok(())
    }

    /// The sum, refused when shards are missing unless `partial` (then labelled so).
    pub fn finish(self, partial: bool) -> Result<Saved<S::Params, S::Acc>> {
        let Some(mut saved) = self.merged else { bail!("nothing to merge: name at least one results folder") };
        let c = &saved.coverage;
        let missing: Vec<String> =
            (1..=c.shard_count).filter(|k| !c.shards.contains(k)).take(20).map(|k| k.to_string()).collect();
        if !missing.is_empty() && !partial {
            bail!(
                "shard(s) {} of {} are missing: name their results too, or merge an incomplete set with --partial",
                missing.join(","),
                c.shard_count
            );
        }
        saved.partial = !missing.is_empty();
        saved.format = FORMAT;
        Ok(saved)
    }
}

/// What `--until` did: per target the games it needed, or that the cap stopped the run
/// (and why it was not met then). Saved in `state.json`; its lines head `summary.txt`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct UntilRecord {
    /// Games per batch.
    pub batch: u64,
    /// The most games the run could play.
    pub cap: u64,
    /// Every target, in the order given.
    pub targets: Vec<Reached>,
}

/// One target of an [`UntilRecord`].
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Reached {
    /// The target as given (`METRIC ±X`).
    pub target: String,
    /// The games after which it was first met; none when the cap came first.
    pub met_after: Option<u64>,
    /// When not met: why, per series, at the end (`sim::study::grow::Target::shortfalls`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub short: Vec<String>,
}

impl fmt::Display for UntilRecord {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for r in &self.targets {
            match r.met_after {
                Some(n) => writeln!(f, "--until {}: met after {n} games (batches of {})", r.target, self.batch)?,
                None => writeln!(
                    f,
                    "--until {}: NOT met: stopped by the cap of {} games ({})",
                    r.target,
                    self.cap,
                    r.short.join("; ")
                )?,
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::medarot::state::MedarotStudy;

    /// The committed Medarot state (the one the `state_merge` fuzz target merges with) as
    /// shard `k` of a run in two.
    fn half(k: u64) -> Saved<<MedarotStudy as State>::Params, <MedarotStudy as State>::Acc> {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../notebooks-data/medarot/state.json");
        let text = std::fs::read_to_string(path).unwrap();
        let mut saved = parse::<MedarotStudy>(&text, "medarot", MedarotStudy::from_params).unwrap();
        (saved.coverage.shard_count, saved.coverage.shards) = (2, vec![k]);
        saved
    }

    #[test]
    fn two_shards_pushed_merge_to_the_sum_without_a_shards_run_record_and_one_pushed_twice_is_refused() {
        let mut merger = Merger::<MedarotStudy>::default();
        let mut first = half(2);
        first.ran = Some(Ran { threads: 2, seconds: 1.5 });
        merger.push(first, "b").unwrap();
        let e = merger.push(half(2), "c").unwrap_err();
        assert_eq!(e.to_string(), "shard 2 appears twice (again in c)");
        merger.push(half(1), "a").unwrap();
        let whole = merger.finish(false).unwrap();
        assert!(!whole.partial);
        assert_eq!(whole.ran, None, "a merge records no one shard's threads and wall time");
        assert_eq!(whole.coverage.shards, [1, 2]);
        let one = half(1).acc;
        assert_eq!((whole.acc.turns.n, whole.acc.losses), (2 * one.turns.n, one.losses.map(|l| 2 * l)));
        // One state merged alone (redrawn from its folder) keeps its run record.
        let mut merger = Merger::<MedarotStudy>::default();
        let mut alone = half(1);
        (alone.coverage.shard_count, alone.ran) = (1, Some(Ran { threads: 2, seconds: 1.5 }));
        merger.push(alone, "a").unwrap();
        assert_eq!(merger.finish(false).unwrap().ran, Some(Ran { threads: 2, seconds: 1.5 }));
    }
}
