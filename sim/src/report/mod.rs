//! `sim report`: one shareable page, `<out>/reports/index.html`, with every chart, the
//! headline estimates with their 95% intervals, the printed summary and a "how to read
//! this" of each study, and a reproducibility manifest. The page is built from results
//! folders (`--from`: study folders or `--out` roots, read from their saved state without
//! playing anything), or from the [`runs`] the report plays first.
//!
//! Each kind of study says what the page writes of it ([`Words`]: title, how to read it,
//! its answer) beside its own code. `answers` holds the prose helpers of those answers,
//! `tables` reads the saved tables they come from, `html` writes the page, `manifest` says
//! what built it and where, `rules` names and hashes rules files, `text` holds the
//! cross-game studies' words and the glossary.

pub mod answers;
pub mod html;
pub mod manifest;
pub mod rules;
pub mod runs;
pub mod tables;
pub mod text;

use crate::games;
use crate::kinds::{ForKind, for_kind};
use crate::output::CHARTS_OF;
pub use crate::saved::Ran;
use crate::saved::sha256_hex;
use crate::study::grow::Tracked;
use crate::study::{self, Loaded, RulesFile, RulesFiles, Study, Words};
use anyhow::{Context, Result};
use manifest::Manifest;
use runs::Run;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// One study (or bench) on the page.
#[derive(Clone, Debug)]
pub struct Section {
    /// Its results folder's name (the page's anchor).
    pub name: String,
    /// The study kind (a game's study, `sweep`, `duel`, …, `bench`).
    pub kind: String,
    /// What the page says of its kind: title, how to read it, glossary terms.
    pub words: Words,
    /// The answer to the study's question, in a few sentences with its numbers.
    pub answer: Vec<String>,
    /// The results folder as given.
    pub folder: String,
    /// What the results cover (games, seed, shards).
    pub coverage: String,
    /// Games played (`None` for a bench).
    pub games: Option<u64>,
    /// Master seed (`None` for a bench).
    pub seed: Option<u64>,
    /// The headline estimates with their intervals.
    pub estimates: Vec<Tracked>,
    /// The printed summary (`summary.txt`).
    pub summary: String,
    /// Its charts (PNG), sorted.
    pub charts: Vec<PathBuf>,
    /// The rules files it was played with.
    pub files: Vec<RulesFile>,
    /// Its threads and wall time, from its saved state or as the report ran it.
    pub ran: Option<Ran>,
}

/// Reads the results in `dir` (a study folder, an `--out` root holding one study, or a
/// `sim bench` folder) into a section, playing nothing.
pub fn read(dir: &Path) -> Result<Section> {
    if dir.join("bench.csv").is_file() && !dir.join("state.json").exists() {
        return bench(dir);
    }
    let folder = study::study_folder(dir)?;
    let kind = study::saved_kind(&folder)?;
    for_kind(&kind, &folder, Saved(&folder))
}

/// Reading a saved study's section from its folder.
struct Saved<'a>(&'a Path);

impl ForKind for Saved<'_> {
    type Out = Section;

    fn run<S: Study>(self) -> Result<Section>
    where
        S::Params: RulesFiles,
    {
        saved::<S>(self.0)
    }
}

/// A saved study's section.
fn saved<S: Study>(folder: &Path) -> Result<Section>
where
    S::Params: RulesFiles,
{
    let Loaded { study, acc, coverage, ran } = study::load::<S>(folder)?;
    let per = study.games_per_index();
    let covers = match per {
        1 => coverage.describe(),
        per => {
            format!("sessions, {per} games played in each: {}", coverage.describe().replacen(" games", " sessions", 1))
        }
    };
    let estimates = study.estimates(&acc);
    Ok(Section {
        kind: S::KIND.to_string(),
        words: S::WORDS,
        answer: answers::answer(&S::WORDS, &estimates, folder),
        coverage: covers,
        games: Some(coverage.games_played() * per),
        seed: Some(coverage.seed),
        estimates,
        files: study.params().rules_files(),
        ran,
        ..common(folder)?
    })
}

/// A `sim bench` folder's section.
fn bench(folder: &Path) -> Result<Section> {
    let coverage = "wall-clock speed of this machine at the time of the run".to_string();
    let answer = answers::answer(&text::BENCH, &[], folder);
    Ok(Section { kind: "bench".into(), words: text::BENCH, answer, coverage, ..common(folder)? })
}

/// What every section reads: the folder's name and summary, and the charts of its
/// `reports/<name>/` folder beside `notebooks-data/`. A study's charts are shown only when
/// they were drawn from its `state.json` ([`CHARTS_OF`]); others (another study's, another
/// run's) are left out with a note.
fn common(folder: &Path) -> Result<Section> {
    let abs = folder.canonicalize().with_context(|| format!("cannot open {}", folder.display()))?;
    let name = abs.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    let summary_path = abs.join("summary.txt");
    let summary = crate::lines::read_file(&summary_path, crate::lines::MAX_STATE)
        .with_context(|| format!("cannot read {} (not a results folder?)", summary_path.display()))?;
    let charts_dir = abs.parent().and_then(Path::parent).map(|root| root.join("reports").join(&name));
    let mut charts: Vec<PathBuf> = match charts_dir.as_ref().and_then(|d| std::fs::read_dir(d).ok()) {
        Some(entries) => entries
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "png"))
            .collect(),
        None => Vec::new(),
    };
    charts.sort();
    let mut summary = summary;
    if let Ok(state) = crate::lines::read_file(&abs.join("state.json"), crate::lines::MAX_STATE) {
        let drawn = charts_dir.as_deref().and_then(|d| std::fs::read_to_string(d.join(CHARTS_OF)).ok());
        if !charts.is_empty() && drawn.as_deref().map(str::trim) != Some(sha256_hex(&state).as_str()) {
            let state = abs.join("state.json");
            let note = match drawn {
                Some(_) => {
                    format!("charts not shown: reports/{name}/ holds charts of other results than {}", state.display())
                }
                None => format!(
                    "charts not shown: reports/{name}/ does not say which results its charts are of (no {CHARTS_OF}: \
                     written by an older sim; rerun the study)"
                ),
            };
            crate::console::note(&format!("warning: {note}"));
            summary.insert_str(0, &format!("({note})\n"));
            charts.clear();
        }
    }
    Ok(Section {
        name,
        kind: String::new(),
        words: Words::DEFAULT,
        answer: Vec::new(),
        folder: folder.display().to_string(),
        coverage: String::new(),
        games: None,
        seed: None,
        estimates: Vec::new(),
        summary,
        charts,
        files: Vec::new(),
        ran: None,
    })
}

/// Every run of the report when not given `--from`, in page order: each game's
/// ([`games::Entry::report_runs`]), the example sweep (the first game's
/// [`games::Entry::report_sweep`]) and a short bench.
pub fn runs() -> Vec<Run> {
    let entries = games::entries();
    let mut all: Vec<Run> = entries.iter().flat_map(|e| e.report_runs.iter().copied()).collect();
    all.extend(entries.iter().find_map(|e| e.report_sweep));
    all.push(runs::BENCH);
    all
}

/// Plays every run of [`runs()`] at `scale` with `threads` under `out`, each through
/// `run` (the `sim` command line: `run` parses and executes it), and reads their sections.
pub fn run_all(
    out: &Path,
    scale: f64,
    threads: usize,
    quiet: bool,
    mut run: impl FnMut(&[String]) -> Result<()>,
) -> Result<Vec<Section>> {
    let mut sections = Vec::new();
    for r in &runs() {
        let line = r.command_line(scale, out, threads);
        if !quiet {
            crate::console::note(&format!("report: {}", line.join(" ")));
        }
        let start = Instant::now();
        run(&line).with_context(|| line.join(" "))?;
        let mut section = read(&out.join("notebooks-data").join(r.folder))?;
        section.ran = Some(Ran { threads, seconds: start.elapsed().as_secs_f64() });
        sections.push(section);
    }
    Ok(sections)
}

/// Writes the page of `sections` to `<out>/reports/index.html` (whole or not at all);
/// returns its path.
pub fn write(out: &Path, sections: &[Section], manifest: &Manifest) -> Result<PathBuf> {
    let dir = out.join("reports");
    std::fs::create_dir_all(&dir).with_context(|| format!("cannot create {}", dir.display()))?;
    let dir = dir.canonicalize().with_context(|| format!("cannot open {}", dir.display()))?;
    let page = html::page(sections, manifest, &dir)?;
    let target = dir.join("index.html");
    let staging = dir.join(format!(".index.html.partial-{}", std::process::id()));
    let written =
        std::fs::write(&staging, page).with_context(|| format!("cannot write {}", staging.display())).and_then(|()| {
            std::fs::rename(&staging, &target).with_context(|| format!("cannot write {}", target.display()))
        });
    if written.is_err() {
        let _ = std::fs::remove_file(&staging);
    }
    written.map(|()| target)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_example_sweep_opens_from_any_folder() {
        let sweep = runs().into_iter().find(|r| r.args[0] == "sweep").expect("the page has a sweep");
        // The unit tests run in `sim/`, not the repository's root.
        let study = crate::sweep::SweepStudy::open(sweep.args[1], None, 1).unwrap_or_else(|e| panic!("{e:#}"));
        assert_eq!(study.games_and_seed(), (20_000, 7));
    }
}
