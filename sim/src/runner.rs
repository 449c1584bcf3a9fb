//! The seeded parallel runner.
//!
//! A run plays the game indices of its [`RunPlan`] (all of them, or one
//! shard's contiguous slice) on a rayon pool of the requested size. Each
//! thread makes one worker (its table and strategies) and one accumulator,
//! then takes chunks of consecutive indices from a shared counter until none
//! are left, so a slow chunk never leaves the other threads idle. Game `i`
//! draws only from `GameSeeds::new(seed).rng(i)`, and the accumulators are
//! exact sums merged at the end, so the totals do not depend on the thread
//! count, on scheduling, or on how the indices were sharded.

use crate::shard::Shard;
use anyhow::{Context, Result};
use engine::{GameRng, GameSeeds};
use indicatif::{HumanCount, ProgressBar, ProgressState, ProgressStyle};
use std::fmt;
use std::ops::{AddAssign, Range};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// Chunks per thread a run aims for, so the threads finish close together.
const CHUNKS_PER_THREAD: u64 = 16;
/// The smallest chunk (below it, taking a chunk costs more than playing it).
const MIN_CHUNK: u64 = 16;
/// The largest chunk (also the coarsest progress-bar step).
const MAX_CHUNK: u64 = 4096;

/// Games handed to a thread at a time: several chunks per thread, bounded below and above.
fn chunk_size(games: u64, threads: usize) -> u64 {
    (games / (threads as u64 * CHUNKS_PER_THREAD).max(1)).clamp(MIN_CHUNK, MAX_CHUNK)
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
    /// A batch of a run grown until precise enough (`[start, end)`): these indices instead
    /// of the shard's slice.
    pub batch: Option<(u64, u64)>,
}

impl RunPlan {
    /// The whole run of `games` from `seed` on `threads`, without a progress bar.
    pub fn new(games: u64, seed: u64, threads: usize) -> RunPlan {
        RunPlan { games, seed, threads, shard: Shard::WHOLE, progress: false, batch: None }
    }

    /// The game indices to play: the batch, else the shard's slice of the run.
    pub fn indices(&self) -> Range<u64> {
        match self.batch {
            Some((start, end)) => start..end,
            None => self.shard.range(self.games),
        }
    }

    /// The same plan playing the indices `range` only.
    pub fn batch(&self, range: Range<u64>) -> RunPlan {
        RunPlan { batch: Some((range.start, range.end)), ..*self }
    }
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

/// Plays the game indices of the plan ([`RunPlan::indices`]).
///
/// `new_worker` makes the per-thread scratch (a table, the strategies),
/// `new_acc` an empty accumulator, and `play` plays game `index` with its own
/// random stream and records it.
pub fn run<W, A>(
    plan: &RunPlan,
    new_worker: impl Fn() -> W + Sync,
    new_acc: impl Fn() -> A + Sync + Send,
    play: impl Fn(&mut W, u64, &mut GameRng, &mut A) + Sync,
) -> Result<(A, RunReport)>
where
    A: AddAssign + Send,
{
    run_range(plan, plan.indices(), new_worker, new_acc, play)
}

/// Plays the game indices `range` with the plan's seed and threads (a batch of a run that
/// grows until it is precise enough); see [`run`].
pub fn run_range<W, A>(
    plan: &RunPlan,
    range: Range<u64>,
    new_worker: impl Fn() -> W + Sync,
    new_acc: impl Fn() -> A + Sync + Send,
    play: impl Fn(&mut W, u64, &mut GameRng, &mut A) + Sync,
) -> Result<(A, RunReport)>
where
    A: AddAssign + Send,
{
    let seeds = GameSeeds::new(plan.seed);
    let bar = progress_bar(plan.progress, range.end - range.start);
    let chunk = chunk_size(range.end - range.start, plan.threads);
    // No more threads than chunks of work: an idle thread would only build its worker.
    let threads = plan.threads.min((range.end - range.start).div_ceil(chunk).max(1) as usize).max(1);
    let pool =
        rayon::ThreadPoolBuilder::new().num_threads(threads).build().context("could not start the worker threads")?;
    let next = AtomicU64::new(range.start);
    let started = Instant::now();
    let accs = pool.broadcast(|_| {
        let mut worker = new_worker();
        let mut acc = new_acc();
        loop {
            let start = next.fetch_add(chunk, Ordering::Relaxed);
            if start >= range.end {
                break;
            }
            let end = (start + chunk).min(range.end);
            for index in start..end {
                play(&mut worker, index, &mut seeds.rng(index), &mut acc);
            }
            bar.inc(end - start);
        }
        acc
    });
    let elapsed = started.elapsed();
    bar.finish_and_clear();
    let mut total = new_acc();
    for acc in accs {
        total += acc;
    }
    Ok((total, RunReport { games: range.end - range.start, elapsed }))
}

fn progress_bar(show: bool, len: u64) -> ProgressBar {
    if !show {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(len);
    bar.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} games  {rate}  eta {eta}")
            .expect("the template is valid")
            .with_key("rate", |state: &ProgressState, w: &mut dyn fmt::Write| {
                let _ = write!(w, "{}/s", rounded(state.per_sec()));
            }),
    );
    bar
}

/// A rate to three significant figures, with thousands separators (`2,260`).
fn rounded(rate: f64) -> String {
    if !rate.is_finite() || rate < 1.0 {
        return format!("{rate:.1}");
    }
    let scale = 10f64.powi(rate.log10().floor() as i32 - 2).max(1.0);
    HumanCount(((rate / scale).round() * scale) as u64).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::Rng;

    #[test]
    fn chunks_are_several_per_thread_and_bounded() {
        assert_eq!(chunk_size(4_000, 2), 125);
        assert_eq!(chunk_size(100, 2), MIN_CHUNK);
        assert_eq!(chunk_size(1 << 30, 2), MAX_CHUNK);
        assert_eq!(chunk_size(20_000, 64), 19.max(MIN_CHUNK));
    }

    #[test]
    fn every_thread_gets_work_in_a_short_run() {
        // 300 games per thread; each takes a little while, as a hanchan does.
        let plan = RunPlan::new(600, 1, 2);
        #[derive(Default)]
        struct PerThread([u64; 2]);
        impl AddAssign for PerThread {
            fn add_assign(&mut self, other: Self) {
                self.0[0] += other.0[0];
                self.0[1] += other.0[1];
            }
        }
        let (PerThread(per_thread), report) = run(
            &plan,
            || (),
            PerThread::default,
            |_, _, _, acc| {
                std::thread::sleep(std::time::Duration::from_micros(200));
                acc.0[rayon::current_thread_index().expect("a pool thread")] += 1;
            },
        )
        .unwrap();
        assert_eq!(report.games, 600);
        assert_eq!(per_thread.iter().sum::<u64>(), 600);
        assert!(per_thread.iter().all(|&n| n >= 100), "games per thread: {per_thread:?}");
    }

    #[test]
    fn rates_are_rounded_for_the_progress_bar() {
        assert_eq!(rounded(2_258.769_6), "2,260");
        assert_eq!(rounded(987_654.3), "988,000");
        assert_eq!(rounded(12.34), "12");
        assert_eq!(rounded(0.5), "0.5");
    }

    #[test]
    fn totals_do_not_depend_on_threads_or_shards() {
        let sum = |threads, shard| {
            let plan = RunPlan { shard, ..RunPlan::new(50_000, 11, threads) };
            run(&plan, || (), || 0u64, |_, _, rng, acc| *acc = acc.wrapping_add(rng.next_u64() >> 20)).unwrap().0
        };
        let one = sum(1, Shard::WHOLE);
        assert_eq!(one, sum(2, Shard::WHOLE));
        let halves = sum(2, Shard { index: 1, count: 2 }) + sum(1, Shard { index: 2, count: 2 });
        assert_eq!(one, halves);
    }
}
