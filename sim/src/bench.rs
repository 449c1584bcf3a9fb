//! `sim bench`: how fast each engine runs here, before a big run. Each engine's default
//! study (its default strategies and rules) is played at 1, 2, … up to the machine's
//! cores threads for about `seconds` each (a short pilot sizes the run), and reported as
//! games per second, the scaling efficiency against one thread (rate / (threads × rate at
//! one thread)) and the allocations per game, counted by the binary's counting allocator
//! as the difference between a run of 2N and of N games (so the run's setup cancels; a
//! value below 1/N, N = 64 runner indices, is one allocation of the setup that varied, not
//! an allocation per game).
//! Wall-clock numbers vary from run to run and with what else the machine does; the
//! summary says so. Written as a `bench` table and two charts (`bench_rate`,
//! `bench_scaling`).

use crate::chart::{self, Band, Bar, IntervalBars};
use crate::output::StudyOutput;
use crate::runner::RunPlan;
use crate::study::Study;
use anyhow::Result;
use polars::prelude::*;
use std::fmt::Write as _;

/// One engine at one thread count.
#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    /// The engine (its study's name).
    pub engine: String,
    /// Worker threads.
    pub threads: usize,
    /// Games played in the timed run.
    pub games: u64,
    /// Its wall-clock seconds (play only).
    pub seconds: f64,
    /// Games per second.
    pub rate: f64,
    /// rate / (threads × the one-thread rate).
    pub efficiency: f64,
    /// Allocations per game after the run's setup.
    pub allocations_per_game: f64,
}

/// What a bench measures with.
pub struct Bench {
    /// Seconds per engine and thread count.
    pub seconds: f64,
    /// The thread counts, increasing from 1.
    pub threads: Vec<usize>,
    /// Allocations so far by the whole binary (its counting allocator).
    pub allocations: fn() -> usize,
}

/// Games of the pilot that sizes each timed run, and of the allocation count's N.
const PILOT: u64 = 64;

impl Bench {
    /// Measures `study` (named `engine`) at every thread count.
    pub fn measure<S: Study>(&self, engine: &str, study: &S) -> Result<Vec<Row>> {
        let per = study.games_per_index();
        let play = |indices: u64, threads: usize| -> Result<f64> {
            let (_, run) = study.simulate(&RunPlan::new(indices, 1, threads))?;
            Ok(run.elapsed.as_secs_f64())
        };
        let count = |indices: u64| -> Result<usize> {
            let before = (self.allocations)();
            play(indices, 1)?;
            Ok((self.allocations)() - before)
        };
        let (once, twice) = (count(PILOT)?, count(2 * PILOT)?);
        let allocations_per_game = twice.saturating_sub(once) as f64 / (PILOT * per) as f64;
        let mut rows: Vec<Row> = Vec::new();
        for &threads in &self.threads {
            let pilot = play(PILOT, threads)?.max(1e-6);
            let indices = ((self.seconds / pilot) * PILOT as f64).ceil().max(PILOT as f64) as u64;
            let seconds = play(indices, threads)?;
            let rate = (indices * per) as f64 / seconds.max(1e-9);
            let one = rows.first().map_or(rate, |r| r.rate);
            rows.push(Row {
                engine: engine.to_string(),
                threads,
                games: indices * per,
                seconds,
                rate,
                efficiency: rate / (threads as f64 * one),
                allocations_per_game,
            });
        }
        Ok(rows)
    }
}

/// Writes the `bench` table and charts into `out`; returns the printed summary.
pub fn report(rows: &[Row], out: &StudyOutput) -> Result<String> {
    let col = |f: &dyn Fn(&Row) -> f64| rows.iter().map(f).collect::<Vec<_>>();
    let mut df = df!(
        "engine" => rows.iter().map(|r| r.engine.clone()).collect::<Vec<_>>(),
        "threads" => rows.iter().map(|r| r.threads as u64).collect::<Vec<_>>(),
        "games" => rows.iter().map(|r| r.games).collect::<Vec<_>>(),
        "seconds" => col(&|r| r.seconds),
        "games_per_second" => col(&|r| r.rate),
        "efficiency" => col(&|r| r.efficiency),
        "allocations_per_game" => col(&|r| r.allocations_per_game),
    )?;
    out.table("bench", &mut df)?;
    let point = |label: String, v: f64| Bar { label, value: v, low: v, high: v };
    let bars: Vec<Bar> = rows.iter().map(|r| point(format!("{}, {} thread(s)", r.engine, r.threads), r.rate)).collect();
    let rate = IntervalBars {
        title: "games per second by engine and threads (this machine, this run)",
        x_label: "games per second (log scale)",
        bars: &bars,
        reference: None,
        log: true,
    };
    chart::save(&out.chart("bench_rate"), &rate)?;
    let mut engines: Vec<&str> = rows.iter().map(|r| r.engine.as_str()).collect();
    engines.dedup();
    let threads: Vec<usize> = rows.iter().filter(|r| r.engine == engines[0]).map(|r| r.threads).collect();
    let categories: Vec<String> = threads.iter().map(usize::to_string).collect();
    let series: Vec<(String, Vec<Bar>)> = engines
        .iter()
        .map(|&e| {
            let speedup =
                rows.iter().filter(|r| r.engine == e).map(|r| point(String::new(), r.efficiency * r.threads as f64));
            (e.to_string(), speedup.collect())
        })
        .collect();
    let scaling = Band {
        title: "speed-up over one thread (the dashed line: none)",
        x_label: "threads",
        y_label: "speed-up (rate / one-thread rate)",
        categories: &categories,
        series: &series,
        reference: Some(1.0),
    };
    chart::save(&out.chart("bench_scaling"), &scaling)?;
    let mut s = String::from(
        "Engine speed on this machine (wall clock: numbers vary from run to run and with the machine's load; \
         compare engines and thread counts within one run)\n",
    );
    let _ = writeln!(
        s,
        "  {:<12} {:>7} {:>12} {:>14} {:>10} {:>12}",
        "engine", "threads", "games", "games/s", "efficiency", "allocs/game"
    );
    for r in rows {
        let _ = writeln!(
            s,
            "  {:<12} {:>7} {:>12} {:>14.0} {:>9.0}% {:>12.3}",
            r.engine,
            r.threads,
            r.games,
            r.rate,
            100.0 * r.efficiency,
            r.allocations_per_game
        );
    }
    Ok(s)
}
