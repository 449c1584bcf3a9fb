//! Adapted play in a sweep (`adapt = ["key", …]` in the sweep file, or `sim sweep FILE
//! --adapt KEYS`): a rule is measured under the play that meets it. For every arm (the base
//! and each variant) the strategy both players follow has the named parameters re-tuned
//! under that arm's rules by the tuner's search ([`crate::tune::search`]), with the tune
//! file's values, budget, deals, opponents, objective and seed, the same for every arm
//! (`tune = "…"`, the game's shipped `tune_<game>` unless named). The sweep then plays each
//! game i in four groups of arms from the same stream: every arm as the file says (play
//! unchanged), every arm with its tuned strategy (play adapted), and every arm with the
//! tuned strategy as player A against a fixed simple one as player B (`skill_against`,
//! `random` unless named), and the other way round: an arm's *skill gap* in a metric is
//! player A's value as the tuned player minus as the simple one, on the same games. The
//! tuned strategies are kept in the sweep's parameters ([`Adapted`]), so shards agree and a
//! merge replays nothing.

use super::documents::Files;
use super::file::SweepFile;
use super::overrides::Documents;
use crate::duel::field::Field;
use crate::games::DuelGame;
use crate::study::Source;
use crate::tune::file::TuneFile;
use crate::tune::tunes;
use anyhow::{Result, anyhow, bail};
use serde::{Deserialize, Serialize};
use std::path::Path;
use toml::Table;

/// Groups of arms an adapted sweep plays, each the base then every variant: as the file
/// says, adapted, the tuned strategy as player A against the simple one, and as player B.
pub const GROUPS: usize = 4;

/// The simple strategy a skill gap is measured against unless `skill_against` names one.
pub const SKILL_AGAINST: &str = "random";

/// The strategy document both players follow, and player B's.
const STRATEGY: &str = "strategy";
const STRATEGY_B: &str = "strategy_b";

/// What adapted play re-tuned and what it became.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Adapted {
    /// The strategy parameters re-tuned (dotted keys into the strategy file).
    pub keys: Vec<String>,
    /// The tune file the search took its values, budget and seed from.
    pub tune: String,
    /// Games each arm's search could play.
    pub budget: u64,
    /// The tune file's seed (every arm's search).
    pub seed: u64,
    /// The simple strategy of the skill gap.
    pub against: Source,
    /// Per arm (the base first), its tuned strategy.
    pub tuned: Vec<Source>,
}

/// Re-tunes `keys` of every arm's strategy (`docs`, the base first; `names` what the
/// summary calls each) under its rules, on `threads` worker threads; an arm whose rules and
/// strategy equal an earlier arm's takes that arm's result (the search is deterministic).
pub fn tune(
    file: &SweepFile,
    files: &Files,
    keys: &[String],
    docs: &[Documents],
    names: &[String],
    threads: usize,
) -> Result<Adapted> {
    simcore::sweep::file::adapt_allowed(&file.game, keys, docs[0].others.iter().any(|d| d.0 == STRATEGY_B))?;
    let tune_name = file.tune.clone().unwrap_or_else(|| format!("tune_{}", file.game));
    let template = tune_file(files, &tune_name)?;
    if template.game_name != file.game {
        bail!("tune file {tune_name} tunes a {} strategy, and this is a {} sweep", template.game_name, file.game);
    }
    let parameters = keys
        .iter()
        .map(|k| {
            template.parameters.iter().find(|p| p.key == *k).cloned().ok_or_else(|| {
                let known: Vec<&str> = template.parameters.iter().map(|p| p.key.as_str()).collect();
                anyhow!(
                    "`adapt`: `{k}` is not a parameter of tune file {tune_name} (its parameters: {})",
                    known.join(", ")
                )
            })
        })
        .collect::<Result<Vec<_>>>()?;
    let (_, presets) = DuelGame::from_settings(&file.game, |_| None)?;
    let against_name = file.skill_against.as_deref().unwrap_or(SKILL_AGAINST);
    let against = Source { name: against_name.to_string(), text: files.text(against_name, |n| presets.text(n))? };
    let mut done: Vec<(DuelGame, String, Source)> = Vec::new();
    let mut tuned = Vec::new();
    for (d, name) in docs.iter().zip(names) {
        let game = DuelGame::from_documents(&file.game, d, name)?;
        let start = Source { name: format!("{name} strategy"), text: super::arm::text(strategy(d)) };
        let found = done.iter().find(|(g, s, _)| *g == game && *s == start.text).map(|t| t.2.text.clone());
        let text = match found {
            Some(text) => text,
            None => {
                for k in keys {
                    let as_doc = Documents { main: strategy(d).clone(), others: Vec::new() };
                    as_doc.get(k).ok_or_else(|| anyhow!("`adapt`: the strategy of {name} has no `{k}`"))?;
                }
                let arm = TuneFile {
                    game: game.clone(),
                    strategy: start.clone(),
                    parameters: parameters.clone(),
                    ..template.clone()
                };
                let probe = Field::new(&game, std::slice::from_ref(&start), std::slice::from_ref(&start))?;
                let objective = probe.metric(arm.objective.as_deref())?;
                let found = crate::tune::search::search(&arm, probe.shape(), objective, threads)
                    .map_err(|e| anyhow!("re-tuning {name}: {e:#}"))?;
                done.push((game, start.text, found.tuned.clone()));
                found.tuned.text
            }
        };
        tuned.push(Source { name: format!("{name} tuned"), text });
    }
    Ok(Adapted { keys: keys.to_vec(), tune: tune_name, budget: template.budget, seed: template.seed, against, tuned })
}

/// The tune file `name` names: a built-in, else a file beside the sweep file.
fn tune_file(files: &Files, name: &str) -> Result<TuneFile> {
    if let Some(text) = tunes().text(name) {
        return TuneFile::parse(name, text, Path::new(""));
    }
    let text = files.text(name, |_| None)?;
    let path = files.dir.join(name);
    TuneFile::parse(name, &text, path.parent().unwrap_or(Path::new("")))
}

/// The strategy document both players follow.
fn strategy(docs: &Documents) -> &Table {
    &docs.others.iter().find(|d| d.0 == STRATEGY).expect("a two-player sweep reads its strategy").1
}

/// The documents of the three groups after the unchanged one: each arm with its tuned
/// strategy, then with it as player A against the simple one, then as player B.
pub fn documents(docs: &[Documents], adapted: &Adapted) -> Result<Vec<Documents>> {
    let table = |s: &Source| s.parse("strategy", engine::config::from_toml::<Table>);
    let against = table(&adapted.against)?;
    let with = |d: &Documents, a: Table, b: Option<Table>| {
        let mut d = d.clone();
        d.others.retain(|o| o.0 != STRATEGY_B);
        d.others.iter_mut().find(|o| o.0 == STRATEGY).expect("a two-player sweep reads its strategy").1 = a;
        d.others.extend(b.map(|b| (STRATEGY_B, b)));
        d
    };
    let tuned: Vec<Table> = adapted.tuned.iter().map(table).collect::<Result<_>>()?;
    let mut out: Vec<Documents> = docs.iter().zip(&tuned).map(|(d, t)| with(d, t.clone(), None)).collect();
    out.extend(docs.iter().zip(&tuned).map(|(d, t)| with(d, t.clone(), Some(against.clone()))));
    out.extend(docs.iter().zip(&tuned).map(|(d, t)| with(d, against.clone(), Some(t.clone()))));
    Ok(out)
}

/// The arm whose observations arm `arm`'s sums are paired with, `per` arms a group: the
/// base for an unchanged arm, the adapted base for an adapted one, and for the tuned
/// player A the same arm with the tuned player B (so their comparison is the skill gap).
pub fn paired_with(arm: usize, per: usize) -> usize {
    match arm / per {
        0 => 0,
        1 => per,
        2 => arm + per,
        _ => arm,
    }
}

/// The values of the re-tuned keys in an arm's adapted documents, as `key=value` joined by
/// `, `.
pub fn settings(adapted: &Adapted, docs: &Documents) -> String {
    let doc = Documents { main: strategy(docs).clone(), others: Vec::new() };
    let value = |k: &String| doc.get(k).map_or_else(|| "?".to_string(), crate::deviations::moves::shown);
    adapted.keys.iter().map(|k| format!("{k}={}", value(k))).collect::<Vec<_>>().join(", ")
}
