//! `sim`: run a study of one of the games and write its tables, charts and
//! summary. See `sim --help` and GUIDE.md.
#![deny(clippy::print_stdout, clippy::print_stderr)]

use anyhow::{Context, Result, bail};
use clap::{Args, FromArgMatches, Parser, Subcommand, ValueEnum};
use engine::Game;
use engine::config::Presets;
use engine::drift::strategy::StrategyConfig;
use engine::drift::{DriftRules, Lineup};
use engine::mahjong::table;
use engine::mahjong::table::Rotation;
use engine::medarot::{self, CardPool, Deck};
use engine::rackup::{self, Profile};
use indicatif::HumanCount;
use sim::duel::seating::SeatingMode;
use sim::duel::{DuelGame, DuelParams, DuelStudy};
use sim::grow::Target;
use sim::preset::{self, Named};
use sim::runner::RunPlan;
use sim::shard::Shard;
use sim::studies::chips::{BotModel, ChipsParams, ChipsStudy};
use sim::studies::drift::{DriftParams, DriftStudy, Mode};
use sim::studies::goto::{self, GotoParams, GotoStudy};
use sim::studies::mahjong::{MahjongParams, MahjongStudy, TableRules};
use sim::studies::medarot::{MedarotParams, MedarotStudy};
use sim::studies::rackup::{RackupParams, RackupStudy};
use sim::study::{self, Growth, Source, State, Study};
use sim::sweep::SweepStudy;
use sim::{bench, console, mahjong_io, mjai};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Monte Carlo studies of Japanese tabletop games (Midnight Wolves drift battles, riichi
/// mahjong at Ron2's and Gotō's tables with Gotō's chips, Medarot, Rack-up Battle): seeded
/// games played in parallel, aggregated into Parquet/CSV tables, PNG/SVG charts and a
/// summary.
#[derive(Parser)]
#[command(name = "sim", version, propagate_version = true)]
struct Cli {
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

#[derive(Args)]
struct ReportArgs {
    /// Build the page from these results (study folders, `--out` roots, a bench folder)
    /// without playing anything.
    #[arg(long, num_args = 1.., value_name = "DIR")]
    from: Vec<PathBuf>,
    /// Multiplies the game counts of the studies the report runs.
    #[arg(long, default_value_t = 1.0, value_parser = positive_scale, conflicts_with = "from", value_name = "X")]
    games_scale: f64,
    /// Worker threads of the studies it runs (default: all cores).
    #[arg(long, value_parser = clap::value_parser!(u16).range(1..), conflicts_with = "from")]
    threads: Option<u16>,
    /// Folder under which reports/index.html (and the studies it runs) are written.
    #[arg(long, default_value = "results", value_name = "DIR")]
    out: PathBuf,
    /// Do not print each command the report runs.
    #[arg(long)]
    quiet: bool,
}

/// A `--games-scale` value: a positive factor, at most 1000.
fn positive_scale(s: &str) -> Result<f64, String> {
    match s.parse::<f64>() {
        Ok(v) if v > 0.0 && v <= 1000.0 => Ok(v),
        _ => Err(format!("`{s}` is not a scale in (0, 1000]")),
    }
}

/// `sim report`: the studies it runs (or is given), on one page.
fn report(args: &ReportArgs) -> Result<String> {
    let start = std::time::Instant::now();
    let (sections, threads) = if args.from.is_empty() {
        let threads = threads(args.threads);
        let run = |line: &[String]| run(&Cli::try_parse_from(line)?.command).map(drop);
        (sim::report::run_all(&args.out, args.games_scale, threads, args.quiet, run)?, Some(threads))
    } else {
        (args.from.iter().map(|d| sim::report::read(d)).collect::<Result<Vec<_>>>()?, None)
    };
    let manifest = sim::report::manifest::Manifest::here(threads, start.elapsed().as_secs_f64());
    let page = sim::report::write(&args.out, &sections, &manifest)?;
    Ok(format!("wrote {} ({} studies, {:.1} s)", page.display(), sections.len(), manifest.wall_seconds))
}

#[derive(Args)]
struct BenchArgs {
    /// Seconds per engine and thread count.
    #[arg(long, default_value_t = 3.0, value_parser = positive_seconds, value_name = "S")]
    seconds: f64,
    /// The most threads (default: all cores).
    #[arg(long, value_parser = clap::value_parser!(u16).range(1..))]
    threads: Option<u16>,
    /// Folder under which notebooks-data/bench/ and reports/bench/ are written.
    #[arg(long, default_value = "results", value_name = "DIR")]
    out: PathBuf,
}

/// A `--seconds` value: a positive number of seconds, at most an hour.
fn positive_seconds(s: &str) -> Result<f64, String> {
    match s.parse::<f64>() {
        Ok(v) if v > 0.0 && v <= 3600.0 => Ok(v),
        _ => Err(format!("`{s}` is not a number of seconds in (0, 3600]")),
    }
}

#[derive(Args)]
struct PlanArgs {
    /// The sweep file (TOML) or a shipped one's name, as `sim sweep` reads it.
    #[arg(value_name = "FILE")]
    file: String,
    /// The precision wanted: "METRIC ±X" or "METRIC ±X%" (of the base value); repeatable.
    #[arg(long, required = true, value_name = "TARGET")]
    target: Vec<Target>,
    /// Games of the pilot (default: the file's `games`).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(2..))]
    pilot: Option<u64>,
    /// Worker threads (default: all cores); results do not depend on it.
    #[arg(long, value_parser = clap::value_parser!(u16).range(1..))]
    threads: Option<u16>,
}

#[derive(Args)]
struct SweepArgs {
    /// The sweep file (TOML): game, base, games, seed, metrics, [[variant]] entries, [grid];
    /// or a shipped one by name (sweep_rackup_ablate, …: engine/src/*/presets/sweep_*.toml).
    #[arg(value_name = "FILE")]
    file: String,
    /// Games of the run (with --until, of each batch) instead of the file's `games`.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    games: Option<u64>,
    /// Master seed instead of the file's `seed`.
    #[arg(long)]
    seed: Option<u64>,
    #[command(flatten)]
    at: PlayArgs,
}

#[derive(Subcommand)]
enum MahjongCommand {
    /// Score one JSON situation per line of stdin; one JSON result (or error) line each.
    /// With `--rules goto` or `goto-cutbi`, a line's `chips` object is settled in chips.
    Score(HandToolArgs),
    /// Shanten and ukeire of one mpsz hand per line of stdin, as JSON lines.
    Shanten(HandToolArgs),
    /// Table games: Ron2 (four seats: per-round rates beside Tenhou, yaku frequency, seat
    /// advantage) or Gotō (`--rules goto`: sessions of four people at three seats).
    #[command(mut_arg("study", |a| a.help("Name of the results folders (default: mahjong, or goto at a three-seat table)")))]
    Play(TableArgs),
    /// Four `defensive` bots at the Ron2 dojo table, rates beside the Tenhou 2016 figures
    /// (results under the name mahjong-calibrate).
    #[command(mut_arg("study", |a| a.help("Name of the results folders (default: mahjong-calibrate)")))]
    Calibrate(CalibrateArgs),
    /// Replay mjai JSON Lines game records under a table preset; report illegal events
    /// and results that differ (file:line), exit status 1 if any.
    Replay(ReplayArgs),
    /// Gotō chips (祝儀): sessions played once and settled under `--rules` and `--compare`
    /// (default goto vs goto-cutbi) on the same games: chip swings, session risk, the
    /// cut-bi ratio with a paired interval, and which items make the variance.
    #[command(mut_arg("games", |a| a.help(format!(
        "Gotō games per bot model in the whole run, all shards together, a whole number of sessions (default: {})",
        HumanCount(CHIP_GAMES)
    ))))]
    #[command(mut_arg("study", |a| a.help(format!("Name of the results folders (default: {})", ChipsStudy::KIND))))]
    Chips(ChipsArgs),
}

#[derive(Args)]
struct ChipsArgs {
    #[command(flatten)]
    run: RunArgs,
    /// The table and base chip rules: a three-seat preset (goto) or a table settings file.
    #[arg(long, default_value = "goto", value_name = "PRESET|FILE")]
    rules: String,
    /// The compared chip rules: the same table with other chips (goto-cutbi, or a file that
    /// `extends` one).
    #[arg(long, default_value = "goto-cutbi", value_name = "PRESET|FILE")]
    compare: String,
    /// Bots by person, comma-separated, or one for all four (random, efficiency, defensive,
    /// or a bot settings TOML file). Repeat it for more bot models: each plays the same
    /// sessions, and every table and the sensitivity verdict report each model (default:
    /// efficiency, then defensive).
    #[arg(long, default_values = ["efficiency", "defensive"], value_name = "NAMES")]
    bots: Vec<String>,
    /// Who sits out the next game: cycle, last, top, or fixed (three players, no sit-out).
    #[arg(long, default_value = "cycle", value_parser = rotation, value_name = "cycle|last|top|fixed")]
    rotation: Rotation,
    /// Games per session (`--games` counts games, a multiple of it, per bot model); a
    /// multiple of the four persons gives everyone as many sit-outs under the cycle.
    #[arg(long, alias = "session", default_value_t = 8, value_parser = clap::value_parser!(u32).range(1..), value_name = "N")]
    session_games: u32,
}

#[derive(Args)]
struct ReplayArgs {
    /// mjai records (one or more games each, every tile shown).
    #[arg(required = true, value_name = "FILE")]
    files: Vec<PathBuf>,
    /// Table preset (ron2-dojo, ron2-battle, ron2-a, ron2-b, ron2-c, goto, goto-cutbi, tenhou) or a table settings
    /// TOML file.
    #[arg(long, default_value = "ron2-dojo", value_name = "PRESET|FILE")]
    rules: String,
}

/// A riichi table's rules (the table study and duels).
#[derive(Args)]
struct TableBase {
    /// Table preset (ron2-dojo, ron2-battle, ron2-a, ron2-b, ron2-c, goto, goto-cutbi, tenhou) or a table settings
    /// TOML file.
    #[arg(long, default_value = "ron2-dojo", value_name = "PRESET|FILE")]
    rules: String,
}

#[derive(Args)]
struct TableArgs {
    #[command(flatten)]
    run: RunArgs,
    #[command(flatten)]
    base: TableBase,
    /// Bots by seat (Gotō: by person), comma-separated (seat 0 deals first), or one for all
    /// four: random, efficiency, defensive, or a bot settings TOML file (see GUIDE.md).
    #[arg(long, default_value = "efficiency", value_name = "NAMES")]
    bots: String,
    /// Record the run's first K games (indices 0..K) as they are played and write each
    /// as an mjai JSON Lines event log, DIR/game-<index>.jsonl.
    #[arg(long, value_name = "K", requires = "log_dir")]
    log_games: Option<u64>,
    /// Folder for the --log-games files.
    #[arg(long, value_name = "DIR", requires = "log_games")]
    log_dir: Option<PathBuf>,
    /// Three-seat (Gotō) tables: who sits out the next game of a session of four people:
    /// cycle, last (the last place), top, or fixed (three players, nobody sits out).
    #[arg(long, default_value = "cycle", value_parser = rotation, value_name = "cycle|last|top|fixed")]
    rotation: Rotation,
    /// Three-seat (Gotō) tables: games per session (`--games` counts games, a multiple of it).
    #[arg(long, default_value_t = 8, value_parser = clap::value_parser!(u32).range(1..), value_name = "N")]
    session_games: u32,
}

/// A `--rotation` value.
fn rotation(s: &str) -> Result<Rotation, String> {
    match s {
        "cycle" => Ok(Rotation::Cycle),
        "last" => Ok(Rotation::LastSitsOut),
        "top" => Ok(Rotation::TopSitsOut),
        "fixed" => Ok(Rotation::Fixed),
        other => Err(format!("unknown rotation `{other}` (cycle, last, top, fixed)")),
    }
}

#[derive(Args)]
struct CalibrateArgs {
    #[command(flatten)]
    run: RunArgs,
}

#[derive(Args)]
struct HandToolArgs {
    /// Ruleset: `ron2`, `goto`, `goto-cutbi` (score: with chips), a rules TOML file, or a
    /// table settings file (its scoring rules).
    #[arg(long, default_value = "ron2", value_name = "ron2|goto|goto-cutbi|FILE")]
    rules: String,
}

/// Options every study takes.
#[derive(Args)]
struct RunArgs {
    /// Number of games in the whole run, all shards together (default: 1,000,000 for
    /// drift, 200,000 for rackup and medarot, 10,000 hanchan for mahjong).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    games: Option<u64>,
    /// Master seed; game i always plays from the stream (seed, i).
    #[arg(long, default_value_t = 7)]
    seed: u64,
    #[command(flatten)]
    at: PlayArgs,
}

impl RunArgs {
    fn plan(&self, default_games: u64) -> RunPlan {
        self.at.plan(self.games.unwrap_or(default_games), self.seed)
    }
}

/// Where and how a run plays and writes (studies and sweeps).
#[derive(Args)]
struct PlayArgs {
    /// Worker threads (default: all cores); results do not depend on it.
    #[arg(long, value_parser = clap::value_parser!(u16).range(1..))]
    threads: Option<u16>,
    /// Play only the K-th of N equal slices of the game indices, e.g. 2/4; `auto` takes K/N
    /// from a Slurm array task's environment, `auto/N` from a Kubernetes Indexed Job's
    /// (JOB_COMPLETION_INDEX, N completions).
    #[arg(long, default_value = "1/1", value_name = "K/N|auto|auto/N")]
    shard: Shard,
    /// Folder under which notebooks-data/<study>/ and reports/<study>/ are written.
    #[arg(long, default_value = "results", value_name = "DIR")]
    out: PathBuf,
    /// Name of the results folders (default: the game's name; `sweep` for a sweep,
    /// duel-<game> for a duel).
    #[arg(long, value_name = "NAME")]
    study: Option<String>,
    /// No progress bar.
    #[arg(long)]
    quiet: bool,
    /// Replace results of another study, or of a larger run, already under the same name.
    #[arg(long)]
    force: bool,
    /// Add batches of the run's games (a sweep: `--games` or the file's) until the metric's 95%
    /// interval is this narrow (in a sweep, every variant's paired difference): "METRIC ±X"
    /// or "METRIC ±X%" (of the value; in a sweep, of the base's); repeatable.
    #[arg(long, value_name = "TARGET")]
    until: Vec<Target>,
    /// Write the running estimates after each batch (`convergence` table and charts): with
    /// --until, after each of its batches; alone, at 20 points of the run's games.
    #[arg(long)]
    convergence: bool,
    /// With --until: the most games to play (default: 100 batches).
    #[arg(long, value_name = "N", requires = "until", value_parser = clap::value_parser!(u64).range(1..))]
    max_games: Option<u64>,
}

impl PlayArgs {
    fn plan(&self, games: u64, seed: u64) -> RunPlan {
        let threads = threads(self.threads);
        RunPlan { games, seed, threads, shard: self.shard, progress: !self.quiet, batch: None }
    }

    fn name(&self, default: &str) -> Result<String> {
        study_name(self.study.as_deref().unwrap_or(default))
    }

    /// Runs `study` as `plan` and the growth options say, its results named `default`
    /// unless `--study` says otherwise.
    fn execute<S: Study>(&self, study: &S, plan: &RunPlan, default: &str) -> Result<String> {
        let growth = Growth { until: self.until.clone(), max_games: self.max_games, convergence: self.convergence };
        study::execute(study, plan, &growth, &self.out, &self.name(default)?, self.force)
    }
}

#[derive(Args)]
struct DriftArgs {
    #[command(flatten)]
    run: RunArgs,
    /// Who plays whom: `styles` (each of the 22 styles against the style-less driver in
    /// every kind of battle where it acts), `chase` (the chase styles, every one against
    /// every other), `solo` (solo runs, 単走), `team` (the line-up's teams, 団体戦; the
    /// built-in `teams` line-up by default), `lineup` (the line-up's drivers in chases),
    /// `play` (each style's gain under plain, random and heuristic play, paired) or `cars`
    /// (each style's gain over a grid of car speed, horsepower and driver rank, paired).
    #[arg(long, value_enum, default_value_t = Mode::Styles)]
    mode: Mode,
    #[command(flatten)]
    base: DriftBase,
    /// Base driver of `styles`, `chase` and `solo` modes, by name (default: the line-up's first).
    #[arg(long, value_name = "NAME")]
    driver: Option<String>,
    /// Strategy of side A: plain, random, heuristic, heuristic-2026, or a strategy TOML file (see
    /// engine/src/drift/presets/strategy_heuristic.toml).
    #[arg(long, default_value = "heuristic", value_name = "NAME|FILE")]
    strategy_a: String,
    /// Strategy of side B: plain, random, heuristic, heuristic-2026, or a strategy TOML file.
    #[arg(long, default_value = "heuristic", value_name = "NAME|FILE")]
    strategy_b: String,
}

/// A drift battle's line-up and rules (studies and duels).
#[derive(Args)]
struct DriftBase {
    /// Line-up of drivers, cars and styles: a built-in one (example, styles, teams) or a
    /// TOML file (default: the built-in example).
    #[arg(long, value_name = "NAME|FILE")]
    lineup: Option<String>,
    /// Rules: a built-in preset (default, continuous_deck, no_jokers) or a TOML file
    /// (default: the seed's rules).
    #[arg(long, value_name = "NAME|FILE")]
    rules: Option<String>,
}

/// Medarot's cards, decks and rules (studies and duels).
#[derive(Args)]
struct MedarotBase {
    /// Card list: `example` (the invented pool, the default) or a TOML file.
    #[arg(long, value_name = "NAME|FILE")]
    cards: Option<String>,
    /// Deck list, checked against the card list: `example` (the default) or a TOML file.
    #[arg(long, value_name = "NAME|FILE")]
    decks: Option<String>,
    /// Rules: a built-in preset (advance, advance-long-shot, advance-transform-cost) or a
    /// TOML file (default: advance, the readings documented in the engine).
    #[arg(long, value_name = "NAME|FILE")]
    rules: Option<String>,
}

/// Rack-up's shot-model profile (studies and duels).
#[derive(Args)]
struct RackupBase {
    /// Shot-model profile: `default` (the built-in profile, the default) or a TOML file.
    #[arg(long, value_name = "NAME|FILE")]
    profile: Option<String>,
}

#[derive(Args)]
struct MedarotArgs {
    #[command(flatten)]
    run: RunArgs,
    #[command(flatten)]
    base: MedarotBase,
    /// Strategy of the row deck's player: random, heuristic, or a strategy TOML file
    /// (copy engine/src/medarot/presets/strategy_heuristic.toml to tune its weights).
    #[arg(long, default_value = "heuristic", value_name = "NAME|FILE")]
    strategy_a: String,
    /// Strategy of the column deck's player: random, heuristic, or a strategy TOML file.
    #[arg(long, default_value = "heuristic", value_name = "NAME|FILE")]
    strategy_b: String,
    /// Game indices below this that pair two different decks are replayed once per card
    /// ablation and stat step of either deck (paired on the same streams; 0 turns it off).
    #[arg(long, default_value_t = 20_000, value_name = "N")]
    ablation_games: u64,
}

#[derive(Args)]
struct RackupArgs {
    #[command(flatten)]
    run: RunArgs,
    #[command(flatten)]
    base: RackupBase,
    /// Strategy of player A: random, heuristic, heuristic-2026, riichi-never, riichi-always, or a strategy
    /// TOML file (see engine/src/rackup/presets/strategy_heuristic.toml).
    #[arg(long, default_value = "heuristic", value_name = "NAME|FILE")]
    strategy_a: String,
    /// Strategy of player B: random, heuristic, heuristic-2026, riichi-never, riichi-always, or a file.
    #[arg(long, default_value = "heuristic", value_name = "NAME|FILE")]
    strategy_b: String,
}

#[derive(Subcommand)]
enum DuelCommand {
    /// Drift battles on the styles entrants of the line-up's first driver (strategies:
    /// plain, random, heuristic, heuristic-2026, or strategy files).
    Drift(DuelDriftArgs),
    /// Rack-up matches (strategies: random, heuristic, heuristic-2026, riichi-never, riichi-always, or files).
    Rackup(DuelRackupArgs),
    /// Medarot games over the deck list's pairings (strategies: random, heuristic, or files).
    Medarot(DuelMedarotArgs),
    /// A riichi table, 1-vs-rest in every seat: a Ron2 preset's four seats, or Gotō's three
    /// with `--rules goto` (bots: random, efficiency, defensive, or bot files; Gotō's default
    /// leaves out random).
    Mahjong(DuelMahjongArgs),
}

/// What every duel takes.
#[derive(Args)]
struct DuelRun {
    #[command(flatten)]
    run: RunArgs,
    /// The strategies compared, comma-separated: presets or files (default: every built-in
    /// strategy of the game).
    #[arg(long, value_name = "NAMES")]
    strategies: Option<String>,
}

#[derive(Args)]
struct DuelDriftArgs {
    #[command(flatten)]
    duel: DuelRun,
    #[command(flatten)]
    base: DriftBase,
}

#[derive(Args)]
struct DuelRackupArgs {
    #[command(flatten)]
    duel: DuelRun,
    #[command(flatten)]
    base: RackupBase,
}

#[derive(Args)]
struct DuelMedarotArgs {
    #[command(flatten)]
    duel: DuelRun,
    #[command(flatten)]
    base: MedarotBase,
}

#[derive(Args)]
struct DuelMahjongArgs {
    #[command(flatten)]
    duel: DuelRun,
    #[command(flatten)]
    base: TableBase,
    /// `rotations`: 1-vs-rest, the focal bot in each seat in turn; `all`: one bot per seat
    /// (as many bots as seats), every deal played in every seating order (24 at four seats).
    #[arg(long, value_enum, default_value = "rotations", value_name = "rotations|all")]
    permutations: Permutations,
}

/// `sim duel mahjong --permutations`.
#[derive(Clone, Copy, ValueEnum)]
enum Permutations {
    Rotations,
    All,
}

#[derive(Args)]
struct MergeArgs {
    /// Result folders of the shards (each holding a state.json, e.g. a/notebooks-data/drift),
    /// or the --out roots the shards wrote to (each holding one study, e.g. a).
    #[arg(required = true, value_name = "DIR")]
    shards: Vec<PathBuf>,
    /// Folder under which the merged notebooks-data/<study>/ and reports/<study>/ are written.
    #[arg(long, default_value = "results", value_name = "DIR")]
    out: PathBuf,
    /// Name of the merged results folders (default: the game's name).
    #[arg(long, value_name = "NAME")]
    study: Option<String>,
    /// Merge an incomplete set of shards (the results are labelled partial); without it,
    /// a missing shard is an error.
    #[arg(long)]
    partial: bool,
    /// Replace results of another study, or of a larger run, already under the same name.
    #[arg(long)]
    force: bool,
}

/// The worker threads of `--threads` (default: all cores), at most the cores: more only
/// time-share them (results do not depend on the count), so a larger count is lowered, with a note.
fn threads(requested: Option<u16>) -> usize {
    let cores = std::thread::available_parallelism().map_or(1, usize::from);
    match requested.map(usize::from) {
        Some(n) if n > cores => {
            console::note(&format!("note: --threads {n} lowered to {cores}, the cores available here"));
            cores
        }
        Some(n) => n,
        None => cores,
    }
}

fn study_name(name: &str) -> Result<String> {
    let ok = !name.is_empty() && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_');
    if !ok {
        bail!("study name `{name}` must be letters, digits, `-` or `_`");
    }
    Ok(name.to_string())
}

fn drift(args: &DriftArgs) -> Result<String> {
    args.run.at.execute(&drift_study(args)?, &args.run.plan(1_000_000), DriftStudy::KIND)
}

fn drift_study(args: &DriftArgs) -> Result<DriftStudy> {
    let strategy = |arg: &str| preset::source(arg, &StrategyConfig::PRESETS);
    let params = DriftParams {
        mode: args.mode,
        lineup: named(&args.base.lineup, &Lineup::PRESETS)?,
        rules: named(&args.base.rules, &DriftRules::PRESETS)?,
        driver: args.driver.clone(),
        strategies: [strategy(&args.strategy_a)?, strategy(&args.strategy_b)?],
    };
    DriftStudy::from_params(params)
}

fn medarot(args: &MedarotArgs) -> Result<String> {
    args.run.at.execute(&medarot_study(args)?, &args.run.plan(200_000), MedarotStudy::KIND)
}

fn medarot_study(args: &MedarotArgs) -> Result<MedarotStudy> {
    let strategy = |arg: &str| preset::source(arg, &medarot::StrategyConfig::PRESETS);
    let params = MedarotParams {
        cards: named(&args.base.cards, &CardPool::PRESETS)?,
        decks: named(&args.base.decks, &Deck::PRESETS)?,
        rules: named(&args.base.rules, &medarot::Rules::PRESETS)?,
        strategies: [strategy(&args.strategy_a)?, strategy(&args.strategy_b)?],
        ablation_games: args.ablation_games,
    };
    MedarotStudy::from_params(params)
}

fn rackup(args: &RackupArgs) -> Result<String> {
    args.run.at.execute(&rackup_study(args)?, &args.run.plan(200_000), RackupStudy::KIND)
}

fn rackup_study(args: &RackupArgs) -> Result<RackupStudy> {
    let strategy = |arg: &str| preset::source(arg, &rackup::StrategyConfig::PRESETS);
    let params = RackupParams {
        profile: named(&args.base.profile, &Profile::PRESETS)?,
        strategies: [strategy(&args.strategy_a)?, strategy(&args.strategy_b)?],
    };
    RackupStudy::from_params(params)
}

/// Runs a hand tool over stdin; fails (exit status 1) if any line failed.
fn mahjong(command: &MahjongCommand) -> Result<String> {
    let (stdin, stdout) = (std::io::stdin().lock(), std::io::stdout().lock());
    let failed = match command {
        MahjongCommand::Score(a) => mahjong_io::score_lines(&mahjong_io::load_score_rules(&a.rules)?, stdin, stdout)?,
        MahjongCommand::Shanten(a) => {
            mahjong_io::shanten_lines(&mahjong_io::load_score_rules(&a.rules)?.rules, stdin, stdout)?
        }
        MahjongCommand::Play(a) => return play(a),
        MahjongCommand::Calibrate(a) => {
            let params = table_params("ron2-dojo", four_bots("defensive")?)?;
            return table(&a.run, "mahjong-calibrate", params, None);
        }
        MahjongCommand::Replay(a) => return replay(a),
        MahjongCommand::Chips(a) => return chips(a),
    };
    if failed > 0 {
        bail!("{failed} input line(s) could not be answered (see their error lines)");
    }
    Ok(String::new())
}

/// An optional "preset name or file" argument as the settings text it names
/// (`None`: the study's built-in default).
fn named(arg: &Option<String>, presets: &Presets) -> Result<Option<Source>> {
    arg.as_deref().map(|a| preset::source(a, presets)).transpose()
}

/// A file named where a preset name could stand (`None` for a built-in name).
fn file_arg(arg: &str, presets: &Presets) -> Result<Option<Source>> {
    Ok(match preset::resolve(arg, presets)? {
        Named::BuiltIn(_) => None,
        Named::File(source) => Some(source),
    })
}

/// The table rules `--rules` names: a preset name or a settings file.
fn table_rules(rules: &str) -> Result<TableRules> {
    match file_arg(rules, &TABLE_PRESETS)? {
        Some(settings) => TableRules::file(settings, Path::new(rules)),
        None => Ok(TableRules::preset(rules)),
    }
}

/// The table study's parameters for `rules` and `bots` (each a preset name or a file).
fn table_params(rules: &str, bots: [String; 4]) -> Result<MahjongParams> {
    let BotModel { bots, bot_files } = bot_model(bots)?;
    Ok(MahjongParams { table: table_rules(rules)?, bots, bot_files })
}

/// Four bots (each a preset name or a file) with the files read.
fn bot_model(bots: [String; 4]) -> Result<BotModel> {
    let bot_files = bots.iter().map(|b| file_arg(b, &BOT_FILES)).collect::<Result<Vec<_>>>()?;
    Ok(BotModel { bots, bot_files: bot_files.try_into().expect("four seats") })
}

/// The table presets (Ron2 and Gotō), for the resolver.
const TABLE_PRESETS: Presets = Presets { kind: "mahjong table preset", list: &table::PRESETS };
/// The bot presets, for the resolver.
const BOT_FILES: Presets = Presets { kind: "mahjong bot", list: &table::BOT_PRESETS };

/// `--bots`: one name for all four seats (or people), or four.
fn four_bots(bots: &str) -> Result<[String; 4]> {
    let names: Vec<String> = bots.split(',').map(|b| b.trim().to_string()).collect();
    Ok(match names.len() {
        1 => std::array::from_fn(|_| names[0].clone()),
        4 => std::array::from_fn(|i| names[i].clone()),
        n => bail!("--bots needs one name or four (one per seat, or per person at Gotō), got {n}"),
    })
}

/// `sim mahjong play`: the Ron2 table study, or the Gotō one on a three-seat table.
fn play(a: &TableArgs) -> Result<String> {
    let logs = a.log_games.zip(a.log_dir.as_deref());
    let params = table_params(&a.base.rules, four_bots(&a.bots)?)?;
    if params.table.game()?.num_seats() == 4 {
        return table(&a.run, MahjongStudy::KIND, params, logs);
    }
    let k = u64::from(a.session_games);
    let plan = a.run.plan(10_000);
    if !plan.games.is_multiple_of(k) {
        bail!("--games {} is not a whole number of sessions of --session-games {k}", plan.games);
    }
    let mut study = goto_study(a, params)?;
    if let Some(w) = goto::uneven_sit_outs(a.rotation, a.session_games, "--session-games") {
        sim::console::note(&w);
    }
    if let Some((count, dir)) = logs {
        check_log_count(count, plan.games)?;
        study = study.with_game_logs(count, dir);
    }
    let sessions = RunPlan { games: plan.games / k, ..plan };
    let mut summary = a.run.at.execute(&study, &sessions, GotoStudy::KIND)?;
    if let Some((count, dir)) = logs {
        let range = sessions.shard.range(sessions.games);
        let written = count.min(range.end * k).saturating_sub(range.start * k);
        let _ = writeln!(summary, "wrote {written} mjai game log(s) to {}", dir.display());
    }
    Ok(summary)
}

/// The Gotō table study of `a`'s sessions with the table and bots of `params`.
fn goto_study(a: &TableArgs, params: MahjongParams) -> Result<GotoStudy> {
    let MahjongParams { table, bots, bot_files } = params;
    GotoStudy::from_params(GotoParams { table, bots, bot_files, rotation: a.rotation, session_games: a.session_games })
}

/// A command's options at their defaults, after `args` (e.g. `["--rules", "goto"]`).
fn defaults<A: Args + FromArgMatches>(args: &[&str]) -> Result<A> {
    let matches = A::augment_args(clap::Command::new("sim")).try_get_matches_from([&["sim"], args].concat())?;
    Ok(A::from_arg_matches(&matches)?)
}

/// `sim bench`: every engine's default study at 1, 2, … threads.
fn bench(args: &BenchArgs) -> Result<String> {
    let most = threads(args.threads);
    let b = bench::Bench {
        seconds: args.seconds,
        threads: (1..=most).collect(),
        allocations: engine::testing::allocations,
    };
    let ron2: TableArgs = defaults(&[])?;
    let goto: TableArgs = defaults(&["--rules", "goto"])?;
    let table_study = |a: &TableArgs| table_params(&a.base.rules, four_bots(&a.bots)?);
    let mut rows = b.measure("drift", &drift_study(&defaults(&[])?)?)?;
    rows.extend(b.measure("rackup", &rackup_study(&defaults(&[])?)?)?);
    rows.extend(b.measure("medarot", &medarot_study(&defaults(&[])?)?)?);
    rows.extend(b.measure("ron2", &MahjongStudy::from_params(table_study(&ron2)?)?)?);
    rows.extend(b.measure("goto", &goto_study(&goto, table_study(&goto)?)?)?);
    let out = sim::output::StudyOutput::create(&args.out, "bench")?;
    let summary = bench::report(&rows, &out)?;
    out.data_file("summary.txt", &summary)?;
    let (data, reports) = out.commit()?;
    Ok(format!("{summary}\nwrote {} and {}", data.display(), reports.display()))
}

/// Counts every allocation, for `sim bench`'s allocations per game.
#[global_allocator]
static GLOBAL: engine::testing::CountingAlloc = engine::testing::CountingAlloc;

/// `sim mahjong chips`: the paired chip study.
fn chips(a: &ChipsArgs) -> Result<String> {
    let k = u64::from(a.session_games);
    let plan = a.run.plan(CHIP_GAMES);
    if !plan.games.is_multiple_of(k) {
        bail!("--games {} is not a whole number of sessions of --session-games {k}", plan.games);
    }
    let mut models = a.bots.iter().map(|b| bot_model(four_bots(b)?)).collect::<Result<Vec<_>>>()?;
    let bots = models.remove(0);
    let params = ChipsParams {
        table: table_rules(&a.rules)?,
        compare: table_rules(&a.compare)?,
        bots,
        other_bots: models,
        rotation: a.rotation,
        session_games: a.session_games,
    };
    let study = ChipsStudy::from_params(params)?;
    if let Some(w) = goto::uneven_sit_outs(a.rotation, a.session_games, "--session-games") {
        sim::console::note(&w);
    }
    let sessions = RunPlan { games: plan.games / k, ..plan };
    a.run.at.execute(&study, &sessions, ChipsStudy::KIND)
}

/// Games of `sim mahjong chips` by default: the 1,000,000 per ruleset the question needs.
const CHIP_GAMES: u64 = 1_000_000;

/// `--log-games K` may not ask for more games than the run plays.
fn check_log_count(count: u64, games: u64) -> Result<()> {
    if count > games {
        bail!("--log-games {count} is more than the run's {games} games");
    }
    Ok(())
}

/// Runs the four-player table study (results named `name` unless `--study` says otherwise);
/// with `logs` (K, DIR), records its first K games as mjai logs.
fn table(run: &RunArgs, name: &str, params: MahjongParams, logs: Option<(u64, &Path)>) -> Result<String> {
    let mut study = MahjongStudy::from_params(params)?;
    let plan = run.plan(10_000);
    if let Some((count, dir)) = logs {
        check_log_count(count, plan.games)?;
        study = study.with_game_logs(count, dir);
    }
    let mut summary = run.at.execute(&study, &plan, name)?;
    if let Some((count, dir)) = logs {
        let range = plan.shard.range(plan.games);
        let written = count.min(range.end).saturating_sub(range.start);
        let _ = writeln!(summary, "wrote {written} mjai game log(s) to {}", dir.display());
    }
    Ok(summary)
}

/// Replays mjai records; fails if any file is unreadable or any finding was made.
fn replay(args: &ReplayArgs) -> Result<String> {
    let game = table_rules(&args.rules)?.game()?;
    let files: Vec<&Path> = args.files.iter().map(PathBuf::as_path).collect();
    let mut out = String::new();
    let t = mjai::replay_files(&game, &files, &mut out);
    let _ = write!(
        out,
        "replayed {} file(s): {} game(s), {} hand(s), {} win(s) compared; {} illegal event(s), \
         {} differing result(s), {} unreadable file(s)",
        t.files, t.games, t.hands, t.wins, t.illegal, t.mismatches, t.unreadable
    );
    if t.illegal + t.mismatches + t.unreadable > 0 {
        bail!("{out}");
    }
    Ok(out)
}

/// The bots a three-seat (Gotō) duel compares by default: not `random`, as three random
/// bots at Gotō's table mostly play to the hand cap (nobody wins, the dealer repeats on
/// every draw), hundreds of hands that measure nothing.
const GOTO_DUEL_BOTS: [&str; 2] = ["efficiency", "defensive"];

/// `sim duel GAME`: the strategies' matrix, its tables, charts and summary.
fn duel(command: &DuelCommand) -> Result<String> {
    let seating = match command {
        DuelCommand::Mahjong(DuelMahjongArgs { permutations: Permutations::All, .. }) => SeatingMode::Permutations,
        _ => SeatingMode::Rotation,
    };
    let (duel, game, presets) = match command {
        DuelCommand::Drift(a) => {
            let game = DuelGame::Drift {
                lineup: named(&a.base.lineup, &Lineup::PRESETS)?,
                rules: named(&a.base.rules, &DriftRules::PRESETS)?,
            };
            (&a.duel, game, StrategyConfig::PRESETS)
        }
        DuelCommand::Rackup(a) => {
            let game = DuelGame::Rackup { profile: named(&a.base.profile, &Profile::PRESETS)? };
            (&a.duel, game, rackup::StrategyConfig::PRESETS)
        }
        DuelCommand::Medarot(a) => {
            let game = DuelGame::Medarot {
                cards: named(&a.base.cards, &CardPool::PRESETS)?,
                decks: named(&a.base.decks, &Deck::PRESETS)?,
                rules: named(&a.base.rules, &medarot::Rules::PRESETS)?,
            };
            (&a.duel, game, medarot::StrategyConfig::PRESETS)
        }
        DuelCommand::Mahjong(a) => (&a.duel, DuelGame::Mahjong { table: table_rules(&a.base.rules)? }, BOT_FILES),
    };
    let names: Vec<&str> = match (&duel.strategies, &game) {
        (Some(list), _) => list.split(',').map(str::trim).collect(),
        (None, DuelGame::Mahjong { table }) if table.game()?.num_seats() == 3 => GOTO_DUEL_BOTS.to_vec(),
        (None, _) => presets.list.iter().map(|p| p.0).collect(),
    };
    let strategies = names.iter().map(|n| preset::source(n, &presets)).collect::<Result<Vec<_>>>()?;
    let default_deals = if matches!(game, DuelGame::Mahjong { .. }) { 500 } else { 100_000 };
    let study = DuelStudy::from_params(DuelParams { game, strategies, seating })?;
    duel.run.at.execute(&study, &duel.run.plan(default_deals), &format!("duel-{}", study.game_name()))
}

fn sweep(args: &SweepArgs) -> Result<String> {
    let study = SweepStudy::open(&args.file)?.run_as(args.games, args.seed);
    let (games, seed) = study.games_and_seed();
    args.at.execute(&study, &args.at.plan(games, seed), SweepStudy::KIND)
}

fn plan(args: &PlanArgs) -> Result<String> {
    let study = SweepStudy::open(&args.file)?;
    let (games, seed) = study.games_and_seed();
    let threads = threads(args.threads);
    let pilot = args.pilot.unwrap_or(games);
    let run = RunPlan::new(pilot, seed, threads);
    let metrics = study.metrics();
    let targets = args
        .target
        .iter()
        .map(|t| Ok((t.clone(), study.metric_index(t).context("--target")?)))
        .collect::<Result<Vec<_>>>()?;
    let (acc, _) = study.play(&run, 0..pilot)?;
    Ok(sim::sweep::plan::table(&acc, &metrics, &study.variant_names(), &targets))
}

fn merge(args: &MergeArgs) -> Result<String> {
    let folders = args.shards.iter().map(|d| study::study_folder(d)).collect::<Result<Vec<_>>>()?;
    let dirs: Vec<&Path> = folders.iter().map(PathBuf::as_path).collect();
    let kind = study::saved_kind(dirs[0])?;
    let name = study_name(args.study.as_deref().unwrap_or(&kind))?;
    match kind.as_str() {
        DriftStudy::KIND => study::merge::<DriftStudy>(&dirs, &args.out, &name, args.partial, args.force),
        MedarotStudy::KIND => study::merge::<MedarotStudy>(&dirs, &args.out, &name, args.partial, args.force),
        MahjongStudy::KIND => study::merge::<MahjongStudy>(&dirs, &args.out, &name, args.partial, args.force),
        GotoStudy::KIND => study::merge::<GotoStudy>(&dirs, &args.out, &name, args.partial, args.force),
        ChipsStudy::KIND => study::merge::<ChipsStudy>(&dirs, &args.out, &name, args.partial, args.force),
        RackupStudy::KIND => study::merge::<RackupStudy>(&dirs, &args.out, &name, args.partial, args.force),
        SweepStudy::KIND => study::merge::<SweepStudy>(&dirs, &args.out, &name, args.partial, args.force),
        DuelStudy::KIND => study::merge::<DuelStudy>(&dirs, &args.out, &name, args.partial, args.force),
        other => bail!("{} holds an unknown study kind `{other}`", dirs[0].display()),
    }
}

/// Runs one command; its summary, or the error.
fn run(command: &Command) -> Result<String> {
    match command {
        Command::Drift(a) => drift(a),
        Command::Mahjong(c) => mahjong(c),
        Command::Medarot(a) => medarot(a),
        Command::Rackup(a) => rackup(a),
        Command::Sweep(a) => sweep(a),
        Command::Duel(c) => duel(c),
        Command::Plan(a) => plan(a),
        Command::Merge(a) => merge(a),
        Command::Bench(a) => bench(a),
        Command::Report(a) => report(a),
    }
}

fn main() -> ExitCode {
    // SAFETY: still single-threaded; restores the default action, so writing to a closed
    // pipe (`sim … | head`) ends the process quietly, as it ends other Unix tools.
    #[cfg(unix)]
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL)
    };
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => return usage(&e),
    };
    if std::env::var_os("POLARS_MAX_THREADS").is_none() {
        // SAFETY: still single-threaded here: no thread (polars' pool included) has started.
        unsafe { std::env::set_var("POLARS_MAX_THREADS", "2") };
    }
    let said = run(&cli.command).and_then(|summary| if summary.is_empty() { Ok(()) } else { console::say(&summary) });
    match said {
        Ok(()) if !console::stderr_failed() => ExitCode::SUCCESS,
        Ok(()) => ExitCode::FAILURE,
        Err(e) => {
            console::note(&format!("error: {}", one_line(&e)));
            ExitCode::FAILURE
        }
    }
}

/// Prints clap's help, version or usage error and gives its exit status; one that cannot
/// be written (help on a full stdout) is an error, status 1 (clap's own exit ignores it).
fn usage(e: &clap::Error) -> ExitCode {
    match e.print() {
        Ok(()) => ExitCode::from(e.exit_code() as u8),
        Err(w) => {
            if !e.use_stderr() {
                console::note(&format!("error: cannot write to stdout: {w}"));
            }
            ExitCode::FAILURE
        }
    }
}

/// The error and its causes on one line, `a: b: c`, a cause left out when the message
/// before it already says it (polars' I/O errors repeat their source's text).
fn one_line(e: &anyhow::Error) -> String {
    let mut line = String::new();
    for cause in e.chain().map(ToString::to_string) {
        if !line.ends_with(&cause) {
            if !line.is_empty() {
                line.push_str(": ");
            }
            line.push_str(&cause);
        }
    }
    line
}
