//! What every study shares: run the games, write tables and charts, save a
//! mergeable state, and merge the states of shards run elsewhere.
//!
//! A study is its parameters plus an accumulator type. The accumulator is
//! saved as `state.json` beside the tables, so `sim merge` can add up shards
//! played on different machines and write the same tables a single run would.

pub mod convergence;
pub mod grow;

use crate::output::StudyOutput;
use crate::overwrite::{self, Incoming};
use crate::runner::{RunPlan, RunReport};
use crate::saved::UntilRecord;
use crate::saved::{self, FORMAT, Merger, Ran, Saved};
pub use crate::saved::{Coverage, Source, State};
use crate::shard::Shard;
use anyhow::{Context, Result, bail};
use grow::{Target, Tracked};
use serde::Deserialize;
use std::path::Path;
use std::time::Instant;

/// A study: parameters, how to play its games, and how to report them.
///
/// What it saves and how a saved state rebuilds it is its [`State`]: kind, parameters,
/// accumulator.
pub trait Study: State {
    /// Whether its [`Study::estimates`] are differences from a base (a sweep's variants).
    const DIFFERENCES: bool = false;
    /// What the report page says of this kind of study.
    const WORDS: Words = Words::DEFAULT;

    /// Plays the games of `plan` ([`RunPlan::indices`]).
    fn simulate(&self, plan: &RunPlan) -> Result<(Self::Acc, RunReport)>;
    /// The headline estimates of `acc` with their 95% intervals, metric by metric: what
    /// `--until` targets and `--convergence` draws.
    fn estimates(&self, acc: &Self::Acc) -> Vec<Tracked>;
    /// Writes tables and charts into `out` and returns the printed summary.
    fn report(&self, acc: &Self::Acc, coverage: &Coverage, out: &StudyOutput) -> Result<String>;
    /// Games one runner index plays (a session of several games plays them all).
    fn games_per_index(&self) -> u64 {
        1
    }
    /// Folders beyond its tables and charts that a run writes (a `--log-dir`), staged and
    /// switched into place with them.
    fn side_folders(&self) -> Vec<std::path::PathBuf> {
        Vec::new()
    }
}

/// What the report page says of a kind of study: a title and a short "how to read this"
/// for a newcomer who opens the page without having run anything, the glossary terms its
/// section uses, and its answer in a few sentences with the numbers.
#[derive(Clone, Copy, Debug)]
pub struct Words {
    /// The section's title.
    pub title: &'static str,
    /// The "how to read this" paragraphs.
    pub how_to_read: &'static [&'static str],
    /// Its own terms for the page's glossary: (term, what it means here).
    pub glossary: &'static [(&'static str, &'static str)],
    /// The answer to the study's question from its headline estimates and the saved tables
    /// in its folder: one entry per sentence, `None` where the numbers are missing (a
    /// table written by another version of `sim`).
    pub answer: fn(&[Tracked], &Path) -> Vec<Option<String>>,
}

impl Words {
    /// The words of a study that says nothing of its own.
    pub const DEFAULT: Words = Words {
        title: "Study",
        how_to_read: &["The saved results of a study: its summary, headline estimates and charts."],
        glossary: &[],
        answer: |_, _| Vec::new(),
    };
}

/// One rules file a study was played with (for the report's manifest).
#[derive(Clone, Debug, PartialEq)]
pub struct RulesFile {
    /// What it is (`line-up`, `strategy A`, …).
    pub role: String,
    /// The file's path, or the built-in preset's name and `(built-in)`.
    pub name: String,
    /// The SHA-256 of its text, in hex.
    pub sha256: String,
}

/// A study's parameters that name the rules files it was played with.
pub trait RulesFiles {
    /// Every file, user-named or built-in, in the order the study reads them.
    fn rules_files(&self) -> Vec<RulesFile>;
}

/// Something done with each kind of study (a [`Study`] type) a game writes, generic over
/// the type: what a game shows it in [`crate::games::GameKit::kinds`].
pub trait EachKind {
    /// Does it with the study type `S`.
    fn kind<S: Study>(&mut self)
    where
        S::Params: RulesFiles;
}

/// Something done with each game's default study.
pub trait EachStudy {
    /// Does it with the study `name`d (as its game names it).
    fn study<S: Study>(&mut self, name: &str, study: &S) -> Result<()>;
}

/// How a run grows: `--until` targets, the `--max-games` cap, `--convergence`. The default
/// plays the plan once.
#[derive(Clone, Debug, Default)]
pub struct Growth {
    /// Add batches until every target is met.
    pub until: Vec<Target>,
    /// With `until`: the most games to play (default: 100 batches).
    pub max_games: Option<u64>,
    /// Write the estimates after each batch.
    pub convergence: bool,
}

/// The batches `--convergence` alone cuts a run into.
const CHECKPOINTS: u64 = 20;

/// Runs `study` as `plan` and `growth` say and writes its results under `out_root` as
/// `name`. A run that grows (`--until`, `--convergence`) adds batches of the plan's games
/// (runner indices `[k·B, (k+1)·B)`) and cannot be sharded.
/// Results already under that name are replaced only as [`crate::overwrite`] allows
/// (`force`: always).
pub fn execute<S: Study>(
    study: &S,
    plan: &RunPlan,
    growth: &Growth,
    out_root: &Path,
    name: &str,
    force: bool,
) -> Result<String> {
    let started = Started { threads: plan.threads, at: Instant::now() };
    if !growth.until.is_empty() || growth.convergence {
        return execute_grown(study, plan, growth, out_root, name, force, started);
    }
    if plan.indices().is_empty() {
        bail!(
            "shard {} of a run of {} holds no games: cut it into at most {} shards; nothing written",
            plan.shard,
            plan.games * study.games_per_index(),
            plan.games
        );
    }
    let games = plan.indices().end - plan.indices().start;
    overwrite::check(out_root, name, &Incoming { kind: S::KIND, games }, force)?;
    let out = StudyOutput::create_with(out_root, name, &study.side_folders())?;
    let (acc, run) = study.simulate(plan)?;
    let coverage =
        Coverage { games: plan.games, seed: plan.seed, shard_count: plan.shard.count, shards: vec![plan.shard.index] };
    let summary = finish(study, acc, coverage, None, &[], out, started)?;
    let per = study.games_per_index();
    Ok(format!("{summary}\n{}\n", throughput(run.games * per, run.elapsed.as_secs_f64(), plan.threads)))
}

/// `throughput: G games/s (N games in S s on T threads)`.
fn throughput(games: u64, seconds: f64, threads: usize) -> String {
    format!(
        "throughput: {:.0} games/s ({games} games in {seconds:.2} s on {threads} thread{})",
        games as f64 / seconds.max(1e-9),
        if threads == 1 { "" } else { "s" }
    )
}

/// [`execute`] for a run that grows: `--until` adds batches of the plan's games up to the
/// cap, `--convergence` alone plays the plan's games in [`CHECKPOINTS`] batches.
fn execute_grown<S: Study>(
    study: &S,
    plan: &RunPlan,
    growth: &Growth,
    out_root: &Path,
    name: &str,
    force: bool,
    started: Started,
) -> Result<String> {
    if plan.shard != Shard::WHOLE {
        bail!("--until and --convergence grow one run batch by batch: they do not take --shard");
    }
    let per = study.games_per_index();
    let (batch, cap) = match growth.until.is_empty() {
        true => (plan.games.div_ceil(CHECKPOINTS), plan.games),
        false => (plan.games, growth.max_games.map_or(100 * plan.games, |m| (m / per).max(1))),
    };
    grow::check(study, &growth.until)?;
    overwrite::check(out_root, name, &Incoming { kind: S::KIND, games: cap }, force)?;
    let out = StudyOutput::create_with(out_root, name, &study.side_folders())?;
    let grown = grow::grow(study, plan, &growth.until, batch, cap)?;
    let coverage = Coverage { games: grown.played, seed: plan.seed, shard_count: 1, shards: vec![1] };
    let trace = if growth.convergence { grown.trace.as_slice() } else { &[] };
    let summary = finish(study, grown.acc, coverage, grown.until, trace, out, started)?;
    let games = grown.played * per;
    Ok(format!("{summary}\n{}\n", throughput(games, grown.seconds, plan.threads)))
}

/// When a run started and on how many threads (its [`Ran`], once its results are written).
#[derive(Clone, Copy)]
struct Started {
    threads: usize,
    at: Instant,
}

fn finish<S: Study>(
    study: &S,
    acc: S::Acc,
    coverage: Coverage,
    until: Option<UntilRecord>,
    trace: &[(u64, Vec<Tracked>)],
    out: StudyOutput,
    started: Started,
) -> Result<String> {
    let saved = Saved {
        format: FORMAT,
        kind: S::KIND.to_string(),
        params: study.params().clone(),
        coverage,
        partial: false,
        until,
        ran: None,
        acc,
    };
    finish_saved(study, saved, trace, out, Some(started))
}

/// [`finish`] for a state as it will be saved (a merge's, maybe partial, with no `started`:
/// a merge keeps the run record of a state merged alone, and records none for shards).
fn finish_saved<S: Study>(
    study: &S,
    mut saved: Saved<S::Params, S::Acc>,
    trace: &[(u64, Vec<Tracked>)],
    out: StudyOutput,
    started: Option<Started>,
) -> Result<String> {
    let mut summary = study.report(&saved.acc, &saved.coverage, &out)?;
    if let Some(until) = &saved.until {
        summary.insert_str(0, &until.to_string());
    }
    if saved.partial {
        summary.insert_str(0, &format!("PARTIAL MERGE (--partial): {}\n", saved.coverage.describe()));
    }
    if !trace.is_empty() {
        convergence::write(trace, S::DIFFERENCES, &out)?;
    }
    if let Some(s) = started {
        saved.ran = Some(Ran { threads: s.threads, seconds: s.at.elapsed().as_secs_f64() });
    }
    let state = saved::to_text(&saved)?;
    out.data_file("state.json", &state)?;
    out.mark_charts(&state)?;
    out.data_file("summary.txt", &summary)?;
    let (data, reports) = out.commit()?;
    Ok(format!("{summary}\nwrote {} and {}", data.display(), reports.display()))
}

/// The results folder `dir` names: itself when it holds a `state.json` (a study folder,
/// `OUT/notebooks-data/<study>`), else the one study folder under it when it is an `--out`
/// root (`OUT`, holding `notebooks-data/<study>/state.json`).
pub fn study_folder(dir: &Path) -> Result<std::path::PathBuf> {
    if dir.join("state.json").is_file() {
        return Ok(dir.to_path_buf());
    }
    let data = dir.join("notebooks-data");
    let entries = std::fs::read_dir(&data)
        .with_context(|| format!("{} holds neither a state.json nor a notebooks-data folder", dir.display()))?;
    let mut found: Vec<std::path::PathBuf> =
        entries.filter_map(|e| e.ok().map(|e| e.path())).filter(|p| p.join("state.json").is_file()).collect();
    found.sort();
    match found.as_slice() {
        [one] => Ok(one.clone()),
        [] => bail!("{} holds no study results (no notebooks-data/<study>/state.json)", dir.display()),
        many => {
            let names: Vec<String> =
                many.iter().filter_map(|p| p.file_name()).map(|n| n.to_string_lossy().into_owned()).collect();
            bail!(
                "{} holds several studies ({}): name the study folder, e.g. {}",
                dir.display(),
                names.join(", "),
                many[0].display()
            )
        }
    }
}

/// Reads the saved study kind of a results folder (`<dir>/state.json`).
pub fn saved_kind(dir: &Path) -> Result<String> {
    #[derive(Deserialize)]
    struct Kind {
        kind: String,
    }
    let path = dir.join("state.json");
    let text = crate::lines::read_file(&path, crate::lines::MAX_STATE)?;
    let k: Kind =
        serde_json::from_str(&text).with_context(|| format!("{} is not a saved study state", path.display()))?;
    Ok(k.kind)
}

/// A study read back from its results folder: rebuilt from its saved parameters, with its
/// accumulator and the games it covers.
pub struct Loaded<S: Study> {
    /// The study.
    pub study: S,
    /// Its aggregate.
    pub acc: S::Acc,
    /// The games the aggregate covers.
    pub coverage: Coverage,
    /// How the run played, when its state records it.
    pub ran: Option<Ran>,
}

/// Reads the study saved in `dir` (`<dir>/state.json`, checked as merge checks it) without
/// playing anything.
pub fn load<S: Study>(dir: &Path) -> Result<Loaded<S>> {
    let saved = crate::saved::read::<S>(&dir.join("state.json"), S::from_params)?;
    let study = S::from_params(saved.params).with_context(|| format!("{}: saved parameters", dir.display()))?;
    Ok(Loaded { study, acc: saved.acc, coverage: saved.coverage, ran: saved.ran })
}

/// Adds up the saved states of shard results and writes the merged study; every state is
/// checked first ([`crate::saved`]). An incomplete set of shards is refused unless
/// `partial`, and is then labelled so in the summary and the state.
/// The merged results replace others under `name` only as [`crate::overwrite`] allows.
pub fn merge<S: Study>(dirs: &[&Path], out_root: &Path, name: &str, partial: bool, force: bool) -> Result<String> {
    let mut merger = Merger::<S>::default();
    for dir in dirs {
        merger.add(dir)?;
    }
    let saved = merger.finish(partial)?;
    let games = saved.coverage.games_played();
    overwrite::check(out_root, name, &Incoming { kind: S::KIND, games }, force)?;
    let study = S::from_params(saved.params.clone())?;
    let out = StudyOutput::create(out_root, name)?;
    finish_saved(&study, saved, &[], out, None)
}
