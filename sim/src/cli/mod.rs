//! The `sim` command line: clap's definitions, one module per command (its options and
//! what it runs; a game's own command in its `games/<game>/cli.rs`), and the options every
//! study shares ([`args`]).

pub mod args;
mod bench;
mod deviations;
mod duel;
mod merge;
mod report;
mod sweep;
mod tune;

use crate::games::drift::cli::{self as drift, DriftArgs};
use crate::games::mahjong::cli::{self as mahjong, MahjongCommand};
use crate::games::medarot::cli::{self as medarot, MedarotArgs};
use crate::games::rackup::cli::{self as rackup, RackupArgs};
use anyhow::Result;
use bench::BenchArgs;
use clap::Parser;
use clap::Subcommand;
use deviations::DeviationsCommand;
use duel::DuelCommand;
use merge::MergeArgs;
use report::ReportArgs;
use sweep::PlanArgs;
use sweep::SweepArgs;
use tune::TuneArgs;

/// Monte Carlo studies of Japanese tabletop games (Midnight Wolves drift battles, riichi
/// mahjong at Ron2's and Gotō's tables with Gotō's chips, Medarot, Rack-up Battle): seeded
/// games played in parallel, aggregated into Parquet/CSV tables, PNG/SVG charts and a
/// summary.
#[derive(Parser)]
#[command(name = "sim", version, propagate_version = true)]
pub struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Midnight Wolves drift battle: battle styles or a line-up's drivers against each other.
    Drift(DriftArgs),
    /// Mahjong: hand tools (score, shanten; JSON lines), the Ron2 four-player table (play,
    /// calibrate), Gotō's three-seat table (play --rules goto) and its chips (chips), mjai
    /// replays (replay).
    #[command(subcommand)]
    Mahjong(MahjongCommand),
    /// Medarot card game, advance mode: deck matrix, acting first, card ablation, stat prices, HP.
    Medarot(MedarotArgs),
    /// Rack-up Battle: yaku frequency, riichi EV, spells and skill, on the same streams.
    Rackup(RackupArgs),
    /// Compare house-rule variants on the same seeded games (a sweep file; see GUIDE.md):
    /// paired differences from the base with 95% intervals, tables and forest plots.
    Sweep(SweepArgs),
    /// Strategy matrices with seat rotation: every strategy against every other, each deal
    /// played once per seating (both sides; each seat of 1-vs-rest at a mahjong table), with
    /// paired intervals, a ranking, Holm-flagged "better than" claims and matrix charts
    /// (`--games` counts deals; default 100,000, mahjong 500).
    #[command(subcommand)]
    Duel(DuelCommand),
    /// Is the strategy beaten by a small change of itself? It plays against itself and
    /// every one-parameter deviation of it against it (numbers two steps either side,
    /// switches flipped), on the same deals with seat rotation: each deviation's gain with a
    /// paired interval, Holm-adjusted (`--games` counts deals; default 10,000, mahjong 500).
    #[command(subcommand)]
    Deviations(DeviationsCommand),
    /// Tune a strategy's parameters (a tune file or a built-in example: tune_rackup,
    /// tune_drift, tune_medarot, tune_mahjong, tune_mahjong_strong,
    /// tune_goto_stakes; see GUIDE.md): a search paired on the same
    /// deals, then the tuned strategy against the start on unseen deals; writes the tuned
    /// strategy file, the search trace and a convergence chart.
    Tune(TuneArgs),
    /// Plan a sweep: from a short pilot of the file's games, the games each target needs.
    Plan(PlanArgs),
    /// Add up the results of shards (`--shard K/N` runs) into one study.
    Merge(MergeArgs),
    /// Games per second of every engine's default study at 1, 2, … up to the cores
    /// threads, the scaling efficiency and the allocations per game (results `bench`).
    Bench(BenchArgs),
    /// One shareable page, reports/index.html: every game's default study (sized for a few
    /// minutes), an example sweep and a short bench, or `--from` studies already run.
    Report(ReportArgs),
}

/// Runs one command; its summary, or the error.
pub fn run(cli: &Cli) -> Result<String> {
    match &cli.command {
        Command::Drift(a) => drift::run(a),
        Command::Mahjong(c) => mahjong::run(c),
        Command::Medarot(a) => medarot::run(a),
        Command::Rackup(a) => rackup::run(a),
        Command::Sweep(a) => sweep::sweep(a),
        Command::Duel(c) => duel::run(c),
        Command::Deviations(c) => deviations::run(c),
        Command::Tune(a) => tune::run(a),
        Command::Plan(a) => sweep::plan(a),
        Command::Merge(a) => merge::run(a),
        Command::Bench(a) => bench::run(a),
        Command::Report(a) => report::run(a),
    }
}
