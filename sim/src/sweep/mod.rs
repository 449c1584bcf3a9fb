//! The balance lab, `sim sweep FILE`: house-rule variants written as small diffs of a base
//! ruleset ([`file`], [`overrides`]), played on the same seeded games as the base (game i
//! of every arm draws from the stream (seed, i), in the same worker), and compared per game
//! with paired intervals ([`crate::paired`]); `--until` adds fixed batches of games until every
//! variant's difference is narrow enough ([`crate::study::grow`]). A sweep is a study: its state
//! merges across shards like the others'. Each game's `sweep.rs` (in its `games/` folder)
//! builds an [`Arm`] from each arm's documents and names its metrics ([`SweepArm`]); the
//! game a file names comes from the list of games ([`crate::games::each_game`]). With
//! `adapt` ([`adapt`]) every arm is also played with its strategy re-tuned for its rules,
//! and against a simple strategy.

pub mod adapt;
pub mod arm;
pub mod plan;
mod report;

pub use simcore::sweep::{documents, file, overrides};

pub use arm::{Arm, SweepArm};

use crate::games::{self, EachGame, GameKit};
use crate::paired::{Joint, Loaded, Obs, Paired, SavedPaired};
use crate::preset::Named;
use crate::runner::{self, RunPlan, RunReport};
use crate::study::grow::Tracked;
use crate::study::{Coverage, Source, State, Study};
use adapt::{Adapted, GROUPS};
use anyhow::{Context, Result, anyhow, bail};
use documents::Files;
use engine::config::Presets;
use file::{SweepFile, Variant};
use overrides::Documents;
use serde::{Deserialize, Serialize};
use std::cell::RefCell;
use std::ops::AddAssign;
use std::path::Path;
use std::sync::LazyLock;

/// Builds a game's arms from their documents (the base first), an error naming the arm.
type BuildArms = fn(&[Documents], &dyn Fn(usize) -> String) -> Result<BuiltArms>;

/// A sweep's arms with every metric they report and the default ones.
type BuiltArms = (Box<dyn AnyArms>, Vec<String>, Vec<String>);

/// How the game a sweep file names (`game = "…"`) builds its arms, from the list of games.
fn arms_builder(game: &str) -> Option<BuildArms> {
    struct Find<'a>(&'a str, Option<BuildArms>);
    impl EachGame for Find<'_> {
        fn game<K: GameKit>(&mut self) {
            if K::ENTRY.name == self.0 {
                self.1 = Some(arms_of::<K::SweepArm>);
            }
        }
    }
    let mut find = Find(game, None);
    games::each_game(&mut find);
    find.1
}

/// One arm per document set (the base first), an error naming the arm `context(k)`
/// describes, and the metrics they report.
fn arms_of<A: SweepArm>(docs: &[Documents], context: &dyn Fn(usize) -> String) -> Result<BuiltArms> {
    let mut arms = docs
        .iter()
        .enumerate()
        .map(|(k, d)| A::new(d).map_err(arm::unplaced).with_context(|| context(k)))
        .collect::<Result<Vec<_>>>()?;
    if let Some((k, why)) = (1..arms.len()).find_map(|k| arms[k].differs(&arms[0]).map(|why| (k, why))) {
        bail!("{}: {why}", context(k));
    }
    let (all, defaults) = A::metrics(&mut arms).with_context(|| context(0))?;
    Ok((Box::new(arms), all, defaults))
}

/// The arms of one game, as the study holds them: played by the study's loop,
/// monomorphised for the arm type (one dynamic call per run, none per game).
trait AnyArms: Sync {
    /// Plays the game indices `range` of `plan` for `study`.
    fn play_games(
        &self,
        study: &SweepStudy,
        plan: &RunPlan,
        range: std::ops::Range<u64>,
    ) -> Result<(SweepAcc, RunReport)>;
}

impl<A: SweepArm> AnyArms for Vec<A> {
    fn play_games(
        &self,
        study: &SweepStudy,
        plan: &RunPlan,
        range: std::ops::Range<u64>,
    ) -> Result<(SweepAcc, RunReport)> {
        study.play_arms(self, plan, range)
    }
}

/// Everything that defines a sweep (two shards merge only if equal).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SweepParams {
    /// The sweep file.
    pub sweep: Source,
    /// The settings files it read besides presets.
    pub files: Vec<Source>,
    /// `sim sweep --games`: the games of a run (with `--until`, of a batch) instead of the
    /// file's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub games: Option<u64>,
    /// `sim sweep --seed`: the master seed instead of the file's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seed: Option<u64>,
    /// Adapted play: the keys re-tuned and every arm's tuned strategy (`None`: play unchanged
    /// only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub adapted: Option<Adapted>,
}

/// The per-game sums of every arm (the base first) and metric.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(try_from = "SavedSweepAcc")]
pub struct SweepAcc {
    /// Games played.
    pub games: u64,
    /// `sums[arm][metric]`: each arm (x) paired with its base (y; with adapted play, see
    /// [`adapt::paired_with`]), the base with itself.
    pub sums: Vec<Vec<Paired>>,
    /// With adapted play, `shift[variant][metric]`: the base, the variant, the adapted base
    /// and the adapted variant jointly (how adapting moves the variant's effect).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub shift: Vec<Vec<Joint>>,
    /// With adapted play, `skill[variant][metric]`: the base's and the variant's tuned
    /// player A, then simple player A, jointly (how the variant moves the skill gap).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub skill: Vec<Vec<Joint>>,
}

/// A saved [`SweepAcc`]: its sums as now, or as older files kept them, each arm's without
/// its base's side, which its base's own sums give ([`Paired::from_sweep_sums`]).
#[derive(Deserialize)]
struct SavedSweepAcc {
    games: u64,
    sums: Vec<Vec<SavedPaired>>,
    #[serde(default)]
    shift: Vec<Vec<Joint>>,
    #[serde(default)]
    skill: Vec<Vec<Joint>>,
}

impl TryFrom<SavedSweepAcc> for SweepAcc {
    type Error = String;

    fn try_from(s: SavedSweepAcc) -> Result<SweepAcc, String> {
        let loaded = (s.sums.into_iter())
            .map(|arm| arm.into_iter().map(SavedPaired::load).collect::<Result<Vec<Loaded>, String>>())
            .collect::<Result<Vec<_>, String>>()?;
        let per = per_group(loaded.len(), !s.shift.is_empty());
        let base = |arm: usize, m: usize| {
            let b = (per > 0).then(|| adapt::paired_with(arm, per));
            b.and_then(|b| loaded.get(b)).and_then(|b| b.get(m))
        };
        let paired = |arm: usize, m: usize| match (loaded[arm][m], base(arm, m)) {
            (Loaded::Paired(p), _) => Ok(p),
            (Loaded::Sums(sums), Some(Loaded::Sums(base))) => Ok(Paired::from_sweep_sums(s.games, &sums, base)),
            _ => Err(format!("sums[{arm}][{m}]: an older arm's sums without its base's")),
        };
        let sums = (0..loaded.len())
            .map(|arm| (0..loaded[arm].len()).map(|m| paired(arm, m)).collect::<Result<Vec<Paired>, String>>())
            .collect::<Result<_, String>>()?;
        Ok(SweepAcc { games: s.games, sums, shift: s.shift, skill: s.skill })
    }
}

/// Arms a group holds of `arms`: the base and the variants (all, without adapted play).
fn per_group(arms: usize, adapted: bool) -> usize {
    if adapted { arms / GROUPS } else { arms }
}

impl SweepAcc {
    /// Sums for `arms` arms (the base and `variants` variants in each group) and `metrics`.
    fn new(arms: usize, variants: usize, metrics: usize) -> SweepAcc {
        let joints = if arms > variants + 1 { vec![vec![Joint::new(4); metrics]; variants] } else { Vec::new() };
        SweepAcc { games: 0, sums: vec![vec![Paired::default(); metrics]; arms], shift: joints.clone(), skill: joints }
    }

    /// Adds one game: `obs[arm][metric]`, of the chosen metric indices.
    fn record(&mut self, obs: &[Vec<Obs>], chosen: &[usize]) {
        self.games += 1;
        let per = per_group(self.sums.len(), !self.shift.is_empty());
        for (arm, sums) in self.sums.iter_mut().enumerate() {
            let base = adapt::paired_with(arm, per);
            for (s, &m) in sums.iter_mut().zip(chosen) {
                s.record_obs(obs[arm][m], obs[base][m]);
            }
        }
        for (v, (shift, skill)) in self.shift.iter_mut().zip(self.skill.iter_mut()).enumerate() {
            let v = v + 1;
            for ((joint, skill), &m) in shift.iter_mut().zip(skill.iter_mut()).zip(chosen) {
                joint.record(&[obs[0][m], obs[v][m], obs[per][m], obs[per + v][m]]);
                skill.record(&[obs[2 * per][m], obs[3 * per][m], obs[2 * per + v][m], obs[3 * per + v][m]]);
            }
        }
    }
}

impl AddAssign for SweepAcc {
    fn add_assign(&mut self, o: SweepAcc) {
        self.games += o.games;
        for (mine, theirs) in self.sums.iter_mut().zip(o.sums) {
            for (a, b) in mine.iter_mut().zip(theirs) {
                *a += b;
            }
        }
        for (mine, theirs) in self.shift.iter_mut().chain(self.skill.iter_mut()).zip(o.shift.into_iter().chain(o.skill))
        {
            for (a, b) in mine.iter_mut().zip(theirs) {
                *a += b;
            }
        }
    }
}

/// Where a sweep's adapted play comes from: re-tuned now (`keys` instead of the file's
/// `adapt` where given), or as a saved sweep recorded it.
enum Tuning {
    Run { keys: Option<Vec<String>>, threads: usize },
    Saved(Option<Adapted>),
}

/// A sweep ready to run.
pub struct SweepStudy {
    params: SweepParams,
    file: SweepFile,
    variants: Vec<Variant>,
    /// The grid's keys and values (its cells are the last variants).
    grid: Vec<(String, Vec<String>)>,
    /// Every metric of the game, in observation order.
    all_metrics: Vec<String>,
    /// The reported metrics, as indices into `all_metrics`.
    chosen: Vec<usize>,
    /// Every arm's documents, group by group (the base first in each).
    arm_docs: Vec<Documents>,
    arms: Box<dyn AnyArms>,
}

/// The sweep files shipped in `engine/src/<game>/presets/` (each game's
/// [`games::Entry::sweeps`]), built in by their file name without `.toml`, so `sim sweep
/// NAME` (and `sim report`'s example sweep) works from any folder.
pub fn sweeps() -> Presets {
    static LIST: LazyLock<Vec<(&str, &str)>> =
        LazyLock::new(|| games::entries().iter().flat_map(|e| e.sweeps.iter().copied()).collect());
    Presets { kind: "sweep file", list: LIST.as_slice() }
}

impl SweepStudy {
    /// Reads the sweep file `arg` names (a built-in of [`sweeps`], or a file: see
    /// [`crate::preset`]) and the settings files it names (a file's relative to its folder).
    /// With adapted play (`adapt`, the keys instead of the file's `adapt` where given) every
    /// arm's strategy is re-tuned here, on `threads` worker threads.
    pub fn open(arg: &str, adapt: Option<Vec<String>>, threads: usize) -> Result<SweepStudy> {
        let dir = match crate::preset::resolve(arg, &sweeps())? {
            Named::BuiltIn(_) => Path::new(""),
            Named::File(_) => Path::new(arg).parent().unwrap_or(Path::new("")),
        };
        let files = Files { dir: dir.to_path_buf(), from_disk: true, ..Files::default() };
        SweepStudy::build(crate::preset::source(arg, &sweeps())?, files, Tuning::Run { keys: adapt, threads })
    }

    fn build(sweep: Source, files: Files, tuning: Tuning) -> Result<SweepStudy> {
        let file = SweepFile::parse(&sweep.name, &sweep.text)?;
        let at = |e: anyhow::Error| anyhow!("sweep file {}: {e:#}", sweep.name);
        let docs = documents::base(&files, &file).map_err(at)?;
        let arms_of = arms_builder(&file.game)
            .ok_or_else(|| anyhow!("sweep file {}: unknown game `{}`", sweep.name, file.game))?;
        let variants = file.variants(&docs)?;
        let grid = file.grid_axes(&docs);
        let mut arm_docs = vec![docs.clone()];
        for v in &variants {
            let mut d = docs.clone();
            for o in &v.overrides {
                d.apply(o).map_err(|e| anyhow!("sweep file {}: variant `{}`: {e}", sweep.name, v.name))?;
            }
            arm_docs.push(d);
        }
        let per = arm_docs.len();
        let group = |k: usize| ["", " (adapted)", " (tuned player A)", " (tuned player B)"][k / per];
        let named = |k: usize| match k % per {
            0 => format!("the base{}", group(k)),
            v => format!("variant `{}`{}", variants[v - 1].name, group(k)),
        };
        let adapted = match tuning {
            Tuning::Saved(adapted) => adapted,
            Tuning::Run { keys, threads } => {
                match keys.or_else(|| (!file.adapt.is_empty()).then(|| file.adapt.clone())) {
                    Some(keys) => {
                        let names: Vec<String> = (0..per).map(named).collect();
                        let tuned = adapt::tune(&file, &files, &keys, &arm_docs, &names, threads);
                        Some(tuned.map_err(|e| anyhow!("sweep file {}: {e:#}", sweep.name))?)
                    }
                    None => None,
                }
            }
        };
        if let Some(a) = &adapted {
            if a.tuned.len() != per {
                bail!("sweep file {}: {} adapted strategies for {per} arms", sweep.name, a.tuned.len());
            }
            arm_docs.extend(adapt::documents(&arm_docs, a).map_err(|e| anyhow!("sweep file {}: {e:#}", sweep.name))?);
        }
        let context = |k: usize| format!("sweep file {}: {}", sweep.name, named(k));
        let (arms, all_metrics, defaults) = arms_of(&arm_docs, &context)?;
        let wanted: Vec<String> = file.metrics.clone().unwrap_or(defaults);
        let mut chosen = Vec::new();
        for m in &wanted {
            let k = all_metrics.iter().position(|x| x == m).ok_or_else(|| {
                anyhow!("sweep file {}: unknown metric `{m}` (metrics: {})", sweep.name, all_metrics.join(", "))
            })?;
            chosen.push(k);
        }
        let params = SweepParams { sweep, files: files.sources.into_inner(), games: None, seed: None, adapted };
        Ok(SweepStudy { params, file, variants, grid, all_metrics, chosen, arm_docs, arms })
    }

    /// Adapted play, if the sweep has it.
    pub fn adapted(&self) -> Option<&Adapted> {
        self.params.adapted.as_ref()
    }

    /// The sweep with `games` and `seed`, where given, instead of the file's (recorded in its
    /// parameters).
    pub fn run_as(mut self, games: Option<u64>, seed: Option<u64>) -> SweepStudy {
        (self.params.games, self.params.seed) = (games, seed);
        self
    }

    /// The games and seed of a run: the file's unless [`SweepStudy::run_as`] says otherwise.
    pub fn games_and_seed(&self) -> (u64, u64) {
        (self.params.games.unwrap_or(self.file.games), self.params.seed.unwrap_or(self.file.seed))
    }

    /// The variants' names.
    pub fn variant_names(&self) -> Vec<String> {
        self.variants.iter().map(|v| v.name.clone()).collect()
    }

    /// The index among [`SweepStudy::metrics`] of a target's metric.
    pub fn metric_index(&self, t: &crate::study::grow::Target) -> Result<usize> {
        let metrics = self.metrics();
        metrics
            .iter()
            .position(|m| *m == t.metric)
            .with_context(|| format!("`{t}`: `{}` is not a metric of this sweep ({})", t.metric, metrics.join(", ")))
    }

    /// The reported metrics' names.
    pub fn metrics(&self) -> Vec<&str> {
        self.chosen.iter().map(|&k| self.all_metrics[k].as_str()).collect()
    }

    /// Plays the game indices `range` of `plan` for every arm.
    pub fn play(&self, plan: &RunPlan, range: std::ops::Range<u64>) -> Result<(SweepAcc, RunReport)> {
        self.arms.play_games(self, plan, range)
    }

    fn play_arms<A: SweepArm>(
        &self,
        arms: &[A],
        plan: &RunPlan,
        range: std::ops::Range<u64>,
    ) -> Result<(SweepAcc, RunReport)> {
        let chosen = &self.chosen;
        runner::run_range(
            plan,
            range,
            || (arms.iter().map(Arm::worker).collect::<Vec<_>>(), vec![Vec::new(); arms.len()]),
            || self.empty(),
            |(workers, obs), index, rng, acc| {
                for ((arm, w), out) in arms.iter().zip(workers.iter_mut()).zip(obs.iter_mut()) {
                    arm.play(w, index, &mut rng.clone(), out);
                }
                acc.record(obs, chosen);
            },
        )
    }
}

impl State for SweepStudy {
    const KIND: &'static str = "sweep";
    type Params = SweepParams;
    type Acc = SweepAcc;

    fn params(&self) -> &SweepParams {
        &self.params
    }

    fn from_params(params: SweepParams) -> Result<Self> {
        let files = Files { sources: RefCell::new(params.files.clone()), from_disk: false, dir: Default::default() };
        let study = SweepStudy::build(params.sweep, files, Tuning::Saved(params.adapted))?;
        Ok(study.run_as(params.games, params.seed))
    }

    fn empty(&self) -> SweepAcc {
        SweepAcc::new(self.arm_docs.len(), self.variants.len(), self.chosen.len())
    }

    fn indices(&self, acc: &SweepAcc) -> u64 {
        acc.games
    }
}

impl Study for SweepStudy {
    const WORDS: crate::study::Words = report::WORDS;

    const DIFFERENCES: bool = true;

    /// Per metric, every variant's paired difference from the base (its reference the
    /// base's value, its effective events those of the per-game differences); with adapted
    /// play, then the adapted variant's from the adapted base (series `<variant> (adapted)`).
    fn estimates(&self, acc: &SweepAcc) -> Vec<Tracked> {
        let per = self.variants.len() + 1;
        let groups = if self.adapted().is_some() { 2 } else { 1 };
        let mut out = Vec::new();
        for (m, metric) in self.metrics().into_iter().enumerate() {
            for g in 0..groups {
                for (v, variant) in self.variants.iter().enumerate() {
                    let arm = &acc.sums[g * per + v + 1][m];
                    let c = arm.compare();
                    out.push(Tracked {
                        metric: metric.to_string(),
                        series: if g == 0 { variant.name.clone() } else { format!("{} (adapted)", variant.name) },
                        value: c.diff,
                        interval: c.diff_ci,
                        reference: c.base.value,
                        events: Some(arm.difference_events()),
                    });
                }
            }
        }
        out
    }

    fn simulate(&self, plan: &RunPlan) -> Result<(SweepAcc, RunReport)> {
        self.play(plan, plan.indices())
    }

    fn report(&self, acc: &SweepAcc, coverage: &Coverage, out: &crate::output::StudyOutput) -> Result<String> {
        report::write(self, acc, coverage, out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_shipped_sweep_file_builds_by_name_and_by_path() {
        let presets = Path::new(env!("CARGO_MANIFEST_DIR")).join("../engine/src");
        for &(name, text) in sweeps().list {
            let study = SweepStudy::open(name, None, 1).unwrap_or_else(|e| panic!("{name}: {e:#}"));
            assert!(!study.variants.is_empty() && !study.metrics().is_empty(), "{name}");
            let game = &study.file.game;
            let path = presets.join(game).join("presets").join(format!("{name}.toml"));
            assert_eq!(std::fs::read_to_string(&path).unwrap(), text, "{name} is {}", path.display());
            SweepStudy::open(path.to_str().unwrap(), None, 1).unwrap_or_else(|e| panic!("{name}: {e:#}"));
        }
    }

    /// An adapted sweep's state as files kept it before `Paired` held both arms (each arm's
    /// own sums and its products with its base's observation) loads with every comparison
    /// the same: each arm finds its base through `adapt::paired_with`.
    #[test]
    fn an_older_adapted_sweeps_sums_load_with_every_arm_paired_as_it_was() {
        let (per, metrics) = (3, 2);
        let mut acc = SweepAcc::new(GROUPS * per, per - 1, metrics);
        for g in 0..40i64 {
            let obs: Vec<Vec<Obs>> = (0..GROUPS as i64 * per as i64)
                .map(|k| vec![Obs::mean((g * (k + 3) + k) % 7), Obs::rate((g + k) % 5, 1 + (g * k) % 3)])
                .collect();
            acc.record(&obs, &[0, 1]);
        }
        // The older form of an arm's sums: its own, its products with its base's, and the
        // third and fourth powers of its values and of its differences from the base.
        let older = |p: &Paired| {
            let [x3, x2y, xy2, y3] = p.third;
            let [x4, x3y, x2y2, xy3, y4] = p.fourth;
            serde_json::json!({
                "a": p.sx, "b": p.su, "aa": p.sxx, "bb": p.suu, "ab": p.sxu,
                "a_a0": p.sxy, "a_b0": p.sxv, "b_a0": p.syu, "b_b0": p.suv, "a3": x3, "a4": x4,
                "d3": x3 - 3 * x2y + 3 * xy2 - y3, "d4": x4 - 4 * x3y + 6 * x2y2 - 4 * xy3 + y4,
            })
        };
        let mut saved = serde_json::to_value(&acc).unwrap();
        saved["sums"] = acc.sums.iter().map(|arm| arm.iter().map(older).collect::<serde_json::Value>()).collect();
        let loaded: SweepAcc = serde_json::from_value(saved).unwrap();
        for (now, then) in acc.sums.iter().flatten().zip(loaded.sums.iter().flatten()) {
            // As printed (every digit, NaN equal to NaN).
            let shown = |p: &Paired| format!("{:?} {:?} {:?}", p.compare(), p.difference_events(), p.base_events());
            assert_eq!(shown(now), shown(then));
        }
        assert_eq!((loaded.shift, loaded.skill), (acc.shift, acc.skill));
    }
}
