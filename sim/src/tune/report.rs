//! A tune's results: the tuned strategy file (`tuned.toml`, complete, usable wherever a
//! strategy file is), the `tune` table (the search trace: every stage's candidates with
//! their gains over the incumbent), the `tune_rounds` table and `convergence` chart (the
//! incumbent's gain over the start at each round's confirmation, against games played)
//! and the summary, which leads with the tuned-vs-start gain on unseen deals.

use super::Tuned;
use super::file::TuneFile;
use crate::chart::{self, Band, Bar};
use crate::output::StudyOutput;
use crate::stats::two_sided_p;
use anyhow::Result;
use polars::prelude::*;
use std::fmt::Write as _;

/// Writes the strategy file, the tables and the chart; returns the summary.
pub fn write(file: &TuneFile, t: &Tuned, out: &StudyOutput) -> Result<String> {
    let f = &t.found;
    let changed: Vec<String> = f.changes.iter().map(|m| m.name()).collect();
    let header = format!(
        "# Tuned by `sim tune {}` (seed {}) from {}: {}.\n",
        file.name,
        file.seed,
        file.strategy.name,
        if changed.is_empty() { "nothing changed".to_string() } else { changed.join(", ") }
    );
    out.data_file("tuned.toml", &format!("{header}{}", f.tuned.text))?;

    let rows = &f.trace;
    let mut df = df!(
        "round" => rows.iter().map(|r| r.round).collect::<Vec<_>>(),
        "stage" => rows.iter().map(|r| if r.stage == 0 { "confirm".to_string() } else { r.stage.to_string() }).collect::<Vec<_>>(),
        "candidate" => rows.iter().map(|r| r.candidate.clone()).collect::<Vec<_>>(),
        "deals" => rows.iter().map(|r| r.deals).collect::<Vec<_>>(),
        "gain" => rows.iter().map(|r| r.gain).collect::<Vec<_>>(),
        "ci_low" => rows.iter().map(|r| r.interval.low).collect::<Vec<_>>(),
        "ci_high" => rows.iter().map(|r| r.interval.high).collect::<Vec<_>>(),
        "kept" => rows.iter().map(|r| r.kept).collect::<Vec<_>>(),
        "games" => rows.iter().map(|r| r.games).collect::<Vec<_>>(),
    )?;
    out.table("tune", &mut df)?;
    let points = &f.points;
    let mut df = df!(
        "round" => points.iter().map(|p| p.round).collect::<Vec<_>>(),
        "games" => points.iter().map(|p| p.games).collect::<Vec<_>>(),
        "gain_over_start" => points.iter().map(|p| p.gain).collect::<Vec<_>>(),
        "ci_low" => points.iter().map(|p| p.interval.low).collect::<Vec<_>>(),
        "ci_high" => points.iter().map(|p| p.interval.high).collect::<Vec<_>>(),
    )?;
    out.table("tune_rounds", &mut df)?;
    let categories: Vec<String> = points.iter().map(|p| p.games.to_string()).collect();
    let positions: Vec<f64> = points.iter().map(|p| p.games as f64).collect();
    let bars: Vec<Bar> = points
        .iter()
        .map(|p| Bar { label: String::new(), value: p.gain, low: p.interval.low, high: p.interval.high })
        .collect();
    let series = [(String::new(), bars)];
    let title = format!("{}: the incumbent against the start, each round", file.name);
    let y = format!("gain in {} per game (paired 95% band)", t.objective);
    let band = Band {
        title: &title,
        x_label: "games played by the search",
        y_label: &y,
        categories: &categories,
        series: &series,
        reference: Some(0.0),
    };
    chart::save(&out.chart("convergence"), &band.placed(&positions))?;

    let (gain, ci) = t.confirmed;
    let p = two_sided_p(gain, ci);
    let mut s = String::new();
    let verdict = if ci.low > 0.0 {
        "beats the start"
    } else if ci.high < 0.0 {
        "LOSES to the start"
    } else {
        "is not distinguishable from the start"
    };
    let _ = writeln!(
        s,
        "Tuned strategy {verdict}: {} {gain:+.5} per game [{:+.5}, {:+.5}], p {p:.4}, on {} unseen deals ({} games).",
        t.objective, ci.low, ci.high, file.confirm, t.confirm_games
    );
    let _ = writeln!(
        s,
        "Tune {} ({} game, strategy {}, seed {}): {} round(s), {} move(s) accepted, {} games of a budget of {}.",
        file.name,
        file.game_name,
        file.strategy.name,
        file.seed,
        points.len(),
        f.accepted,
        f.games,
        file.budget
    );
    let _ = writeln!(
        s,
        "changes from the start: {}",
        if changed.is_empty() { "none".to_string() } else { changed.join(", ") }
    );
    let playing = f.playing.as_secs_f64();
    let wall = f.wall.as_secs_f64();
    let _ = writeln!(
        s,
        "search: {wall:.2} s, of which {playing:.2} s in the runner playing games: the tuner's own work {:.1}% of that",
        100.0 * (wall - playing) / playing.max(1e-9)
    );
    let _ = writeln!(s, "the tuned strategy file: notebooks-data/<study>/tuned.toml");
    Ok(s)
}
