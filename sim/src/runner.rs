//! The seeded parallel runner.
//!
//! A run plays the game indices of its [`RunPlan`] (all of them, or one
//! shard's contiguous slice) on a rayon pool of the requested size. Game `i`
//! draws only from `GameSeeds::new(seed).rng(i)`, and results are gathered in
//! per-worker accumulators merged at the end, so the totals do not depend on
//! the thread count, on scheduling, or on how the indices were sharded.

use anyhow::{Context, Result, bail};
use engine::{GameRng, GameSeeds};
use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::ops::{AddAssign, Range};
use std::str::FromStr;
use std::time::{Duration, Instant};

/// Games handed to a worker at a time (also the progress-bar step).
const CHUNK: u64 = 4096;

/// The K-th of N contiguous slices of a run's game indices (`K/N`, 1-based).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Shard {
    /// Which slice, 1..=count.
    pub index: u64,
    /// How many slices the run is cut into.
    pub count: u64,
}

impl Shard {
    /// The whole run as one slice.
    pub const WHOLE: Shard = Shard { index: 1, count: 1 };

    /// The game indices of this slice of a run of `games` games.
    pub fn range(&self, games: u64) -> Range<u64> {
        let cut = |k: u64| (u128::from(games) * u128::from(k) / u128::from(self.count)) as u64;
        cut(self.index - 1)..cut(self.index)
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

impl FromStr for Shard {
    type Err = anyhow::Error;

    fn from_str(s: &str) -> Result<Self> {
        let (k, n) = s.split_once('/').with_context(|| format!("shard `{s}` is not of the form K/N (e.g. 1/4)"))?;
        let parse = |x: &str, what: &str| {
            x.trim().parse::<u64>().with_context(|| format!("shard `{s}`: {what} `{x}` is not a whole number"))
        };
        let (index, count) = (parse(k, "K")?, parse(n, "N")?);
        if count == 0 || index == 0 || index > count {
            bail!("shard `{s}` is out of range: need 1 ≤ K ≤ N");
        }
        Ok(Shard { index, count })
    }
}

/// What to run: how many games, from which master seed, on how many threads.
#[derive(Clone, Copy, Debug)]
pub struct RunPlan {
    /// Total games of the whole (unsharded) run.
    pub games: u64,
    /// Master seed.
    pub seed: u64,
    /// Worker threads.
    pub threads: usize,
    /// The slice of the run to play here.
    pub shard: Shard,
    /// Whether to draw a progress bar.
    pub progress: bool,
}

/// How a run went: games played and time taken.
#[derive(Clone, Copy, Debug)]
pub struct RunReport {
    /// Games played by this run (this shard's slice).
    pub games: u64,
    /// Wall-clock time of the simulation (not of writing the output).
    pub elapsed: Duration,
}

impl RunReport {
    /// Throughput of the run.
    pub fn games_per_second(&self) -> f64 {
        self.games as f64 / self.elapsed.as_secs_f64().max(1e-9)
    }
}

/// Plays every game index of the plan.
///
/// `new_worker` makes the per-worker scratch (a table, the strategies),
/// `new_acc` an empty accumulator, and `play` plays game `index` with its own
/// random stream and records it.
pub fn run<W, A>(
    plan: &RunPlan,
    new_worker: impl Fn() -> W + Sync,
    new_acc: impl Fn() -> A + Sync + Send,
    play: impl Fn(&mut W, u64, &mut GameRng, &mut A) + Sync,
) -> Result<(A, RunReport)>
where
    W: Send,
    A: AddAssign + Send,
{
    let range = plan.shard.range(plan.games);
    let seeds = GameSeeds::new(plan.seed);
    let bar = progress_bar(plan.progress, range.end - range.start);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(plan.threads)
        .build()
        .context("could not start the worker threads")?;
    let chunks = (range.end - range.start).div_ceil(CHUNK);
    let started = Instant::now();
    let total = pool.install(|| {
        (0..chunks)
            .into_par_iter()
            .fold(
                || (new_worker(), new_acc()),
                |(mut worker, mut acc), c| {
                    let start = range.start + c * CHUNK;
                    let end = (start + CHUNK).min(range.end);
                    for index in start..end {
                        let mut rng = seeds.rng(index);
                        play(&mut worker, index, &mut rng, &mut acc);
                    }
                    bar.inc(end - start);
                    (worker, acc)
                },
            )
            .map(|(_, acc)| acc)
            .reduce(&new_acc, |mut a, b| {
                a += b;
                a
            })
    });
    let elapsed = started.elapsed();
    bar.finish_and_clear();
    Ok((total, RunReport { games: range.end - range.start, elapsed }))
}

fn progress_bar(show: bool, len: u64) -> ProgressBar {
    if !show {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(len);
    bar.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} games  {per_sec}  eta {eta}")
            .expect("the template is valid"),
    );
    bar
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::Rng;

    #[test]
    fn shards_tile_the_run() {
        let games = 1_000_003;
        let mut next = 0;
        for k in 1..=7 {
            let r = Shard { index: k, count: 7 }.range(games);
            assert_eq!(r.start, next);
            next = r.end;
        }
        assert_eq!(next, games);
    }

    #[test]
    fn shard_specs_are_checked() {
        assert_eq!("2/3".parse::<Shard>().unwrap(), Shard { index: 2, count: 3 });
        for bad in ["0/2", "3/2", "1/0", "1", "a/2", "1/-2"] {
            assert!(bad.parse::<Shard>().is_err(), "{bad} accepted");
        }
    }

    #[test]
    fn totals_do_not_depend_on_threads_or_shards() {
        let sum = |threads, shard| {
            let plan = RunPlan { games: 50_000, seed: 11, threads, shard, progress: false };
            run(&plan, || (), || 0u64, |_, _, rng, acc| *acc = acc.wrapping_add(rng.next_u64() >> 20)).unwrap().0
        };
        let one = sum(1, Shard::WHOLE);
        assert_eq!(one, sum(2, Shard::WHOLE));
        let halves = sum(2, Shard { index: 1, count: 2 }) + sum(1, Shard { index: 2, count: 2 });
        assert_eq!(one, halves);
    }
}
