//! The fuzz targets' seed inputs, from files the repository ships: the presets and sweep
//! files, the mjai fixture records, reference score lines and the committed `state.json`
//! files (the Medarot one also as shard 1 of 2, which merges with the target's shard 2).
//! `scripts/fuzz` writes them into each target's corpus (`examples/corpus.rs`); the test
//! below runs every target on them.

use std::fs;
use std::io;
use std::path::{Path, PathBuf};

/// One seed input of one target.
pub struct Seed {
    /// The target it is for.
    pub target: &'static str,
    /// Its file name in the target's corpus.
    pub name: String,
    /// The input: for the targets that take one, the reader-choosing byte first.
    pub bytes: Vec<u8>,
}

/// Hands in mpsz notation, each read under both tile sets.
const HANDS: [&str; 7] = [
    "123m456p789s11z22z",
    "1112345678999m",
    "0m0p0s123456789m",
    "19m19p19s1234567z",
    "11223344556677z",
    "123456789p555s1f",
    "1m9m2p",
];

/// Reference score lines taken from the start of the reference file.
const SCORE_LINES: usize = 40;

/// A reference line's situation with the fields the fixture leaves out to stay small
/// filled in, as `engine/tests/mahjong_reference.rs` fills them: a `sim mahjong score` line.
fn situation(mut s: serde_json::Value) -> serde_json::Value {
    if let Some(fields) = s.as_object_mut() {
        for flag in ["tsumo", "riichi", "double_riichi", "ippatsu", "rinshan", "chankan", "haitei", "houtei", "dealer"]
        {
            fields.entry(flag).or_insert(false.into());
        }
        fields.entry("melds").or_insert(serde_json::Value::Array(Vec::new()));
        fields.entry("ura_indicators").or_insert("".into());
        fields.entry("honba").or_insert(0.into());
        fields.entry("riichi_sticks").or_insert(0.into());
    }
    s
}

/// The repository the fuzz workspace lies in.
pub fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// The files of `dir` whose names start with `prefix` and end in `.toml`, sorted, with
/// their names without `.toml`.
fn presets(dir: &Path, prefix: &str) -> io::Result<Vec<(String, PathBuf)>> {
    let mut found = Vec::new();
    for entry in fs::read_dir(dir)? {
        let path = entry?.path();
        let Some(stem) = path.file_name().and_then(|n| n.to_str()).and_then(|n| n.strip_suffix(".toml")) else {
            continue;
        };
        if stem.starts_with(prefix) {
            found.push((stem.to_string(), path.clone()));
        }
    }
    found.sort();
    Ok(found)
}

/// The seeds being gathered.
#[derive(Default)]
struct Seeds(Vec<Seed>);

impl Seeds {
    /// `text` as the seed `name` of `target`, after the reader-choosing byte `kind` if any.
    fn add(&mut self, target: &'static str, name: &str, kind: Option<u8>, text: &[u8]) {
        let bytes = kind.into_iter().chain(text.iter().copied()).collect();
        self.0.push(Seed { target, name: format!("seed-{name}"), bytes });
    }

    /// Every file of `dir` named `prefix*.toml`, each as a seed named by its file.
    fn files(&mut self, target: &'static str, dir: &Path, prefix: &str, kind: Option<u8>) -> io::Result<()> {
        for (name, path) in presets(dir, prefix)? {
            self.add(target, &name, kind, &fs::read(path)?);
        }
        Ok(())
    }
}

/// Every seed, target by target, read from the repository at `root`.
pub fn all(root: &Path) -> io::Result<Vec<Seed>> {
    let mut seeds = Seeds::default();
    let src = root.join("engine/src");
    let (drift, rackup, medarot) = (src.join("drift/presets"), src.join("rackup/presets"), src.join("medarot/presets"));
    let mahjong = src.join("mahjong/presets");
    seeds.files("toml_drift", &drift, "rules_", Some(0))?;
    seeds.files("toml_drift", &drift, "lineup_", Some(1))?;
    seeds.files("toml_drift", &drift, "strategy_", Some(2))?;
    seeds.files("toml_rackup", &rackup, "default", Some(0))?;
    seeds.files("toml_rackup", &rackup, "strategy_", Some(1))?;
    seeds.files("toml_medarot", &medarot, "rules_", Some(0))?;
    seeds.files("toml_medarot", &medarot, "cards", Some(1))?;
    seeds.files("toml_medarot", &medarot, "decks", Some(2))?;
    seeds.files("toml_medarot", &medarot, "strategy_", Some(4))?;
    for ruleset in ["ron2", "goto", "tenhou"] {
        seeds.files("toml_mahjong", &mahjong, ruleset, Some(0))?;
    }
    seeds.files("toml_mahjong", &mahjong, "table_", Some(1))?;
    seeds.files("toml_mahjong", &mahjong, "tileset_", Some(2))?;
    for (name, path) in presets(&src.join("mahjong/table/strategy/presets"), "")? {
        seeds.add("toml_mahjong", &format!("bot_{name}"), Some(3), &fs::read(path)?);
    }
    for (i, hand) in HANDS.iter().enumerate() {
        seeds.add("mpsz", &format!("hand{}", i + 1), Some(0), hand.as_bytes());
        seeds.add("mpsz", &format!("goto{}", i + 1), Some(1), hand.as_bytes());
    }
    let reference = fs::read_to_string(root.join("engine/tests/fixtures/ron2_reference.jsonl"))?;
    for (i, line) in reference.lines().take(SCORE_LINES).enumerate() {
        let mut case: serde_json::Value = serde_json::from_str(line).map_err(io::Error::other)?;
        let situation = situation(case["s"].take());
        let situation = serde_json::to_vec(&situation).map_err(io::Error::other)?;
        seeds.add("score_line", &format!("ref{}", i + 1), Some((i % 3) as u8), &situation);
    }
    let records = root.join("engine/tests/fixtures/records");
    seeds.add("mjai_replay", "ron2-dojo", Some(0), &fs::read(records.join("ron2-dojo.jsonl"))?);
    seeds.add("mjai_replay", "goto", Some(1), &fs::read(records.join("goto.jsonl"))?);
    for dir in [&drift, &mahjong, &medarot, &rackup] {
        seeds.files("sweep_file", dir, "sweep_", None)?;
    }
    let mut studies = Vec::new();
    for entry in fs::read_dir(root.join("notebooks-data"))? {
        let dir = entry?.path();
        if dir.join("state.json").is_file() {
            studies.push(dir);
        }
    }
    studies.sort();
    for dir in studies {
        let study = dir.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
        seeds.add("state_merge", &study, Some(0), &fs::read(dir.join("state.json"))?);
    }
    let whole = fs::read_to_string(root.join("notebooks-data/medarot/state.json"))?;
    let half = whole.replace(r#""shard_count":1,"shards":[1]"#, r#""shard_count":2,"shards":[1]"#);
    seeds.add("state_merge", "medarot-half", Some(0), half.as_bytes());
    seeds.add("state_merge", "medarot-half-first", Some(1), half.as_bytes());
    Ok(seeds.0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::TARGETS;

    /// The targets whose seeds are shipped files, every one of which must read as valid.
    const EVERY_SEED_VALID: [&str; 6] =
        ["toml_drift", "toml_rackup", "toml_medarot", "toml_mahjong", "mjai_replay", "sweep_file"];
    /// The targets of which some seeds are refused (hands too short for a shanten report or
    /// of tiles the Gotō set lacks; reference hands under the Gotō or Tenhou rules): at
    /// least one must read as valid.
    const SOME_SEEDS_VALID: [&str; 2] = ["mpsz", "score_line"];

    /// Every target runs on its seeds without a panic, and reads them as valid as above.
    /// (`state_merge` refuses its seeds, which are not shard 1 of the committed Medarot run:
    /// a mutated one may be.)
    #[test]
    fn every_target_reads_its_seeds() {
        let seeds = all(&repo_root()).expect("the seed files are read");
        for (target, run) in TARGETS {
            let mine: Vec<&Seed> = seeds.iter().filter(|s| s.target == target).collect();
            assert!(mine.len() >= 2, "{target} has {} seeds", mine.len());
            let refused: Vec<&str> = mine.iter().filter(|s| !run(&s.bytes)).map(|s| s.name.as_str()).collect();
            if EVERY_SEED_VALID.contains(&target) {
                assert!(refused.is_empty(), "{target} refuses {refused:?}");
            }
            if SOME_SEEDS_VALID.contains(&target) {
                assert!(refused.len() < mine.len(), "{target} refuses every seed");
            }
        }
        assert!(seeds.iter().all(|s| TARGETS.iter().any(|t| t.0 == s.target)));
    }
}
