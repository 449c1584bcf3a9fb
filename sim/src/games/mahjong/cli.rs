//! `sim mahjong`: the hand tools, the Ron2 and Gotō table studies, calibration, the chips
//! study and mjai replay; the table rules and bots a duel shares ([`TableBase`]).

use crate::games::GameBase;
use crate::cli::args::RunArgs;
use crate::cli::args::file_arg;
use crate::cli::args::games_help;
use crate::games::DuelGame;
use crate::contest::SeatingMode;
use crate::games::Settings;
use crate::games::mahjong::chips::ChipsStudy;
use crate::games::mahjong::chips::{BotModel, ChipsParams};
use crate::games::mahjong::duel::MahjongDuel;
use crate::games::mahjong::goto;
use crate::games::mahjong::goto::GotoParams;
use crate::games::mahjong::goto::GotoStudy;
use crate::games::mahjong::hand_tools;
use crate::games::mahjong::play::MahjongParams;
use crate::games::mahjong::play::MahjongStudy;
use crate::games::mahjong::table_rules::BOT_FILES;
use crate::games::mahjong::table_rules::TableRules;
use crate::mjai;
use crate::runner::RunPlan;
use crate::study::State;
use anyhow::Result;
use anyhow::bail;
use clap::Args;
use clap::Subcommand;
use clap::ValueEnum;
use engine::Game;
use engine::config::Presets;
use engine::mahjong::table::Rotation;
use indicatif::HumanCount;
use std::fmt::Write as _;
use std::path::Path;
use std::path::PathBuf;

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
    #[command(mut_arg("games", |a| a.help(games_help(TABLE_GAMES))))]
    Play(TableArgs),
    /// Four bots (default `tenhou-like`) at the Ron2 dojo table beside the Tenhou 鳳凰卓 2016
    /// figures: each rate, the average win and the yaku shares in or out of its band
    /// (results under the name mahjong-calibrate).
    #[command(mut_arg("study", |a| a.help("Name of the results folders (default: mahjong-calibrate)")))]
    #[command(mut_arg("games", |a| a.help(games_help(TABLE_GAMES))))]
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
pub(crate) struct ChipsArgs {
    #[command(flatten)]
    pub(crate) run: RunArgs,
    /// The table and base chip rules: a preset with a `[chips]` section (goto at three seats,
    /// ron2-chips and ron2-blue at four) or a table settings file with one.
    #[arg(long, default_value = "goto", value_name = "PRESET|FILE")]
    pub(crate) rules: String,
    /// The compared chip rules: the same table with other chips (goto-cutbi, or a file that
    /// `extends` one).
    #[arg(long, default_value = "goto-cutbi", value_name = "PRESET|FILE")]
    pub(crate) compare: String,
    /// Bots by person, comma-separated, or one for all four (random, efficiency, defensive,
    /// or a bot settings TOML file). Repeat it for more bot models: each plays the same
    /// sessions, and every table and the sensitivity verdict report each model (default:
    /// efficiency, then defensive).
    #[arg(long, default_values = ["efficiency", "defensive"], value_name = "NAMES")]
    pub(crate) bots: Vec<String>,
    /// Bots for adapted play (as `--bots`; `none`: no adapted model): they play every
    /// session twice on the same deals, at the base table for the base arm and at the
    /// compared table, seeing its cut-bi states, for the compared arms, so the ratio is
    /// reported with play adapted beside play unchanged.
    #[arg(long, default_value = "goto-stakes", value_name = "NAMES|none")]
    pub(crate) adapted: String,
    /// Who sits out the next game: cycle, last, top, or fixed (three players, no sit-out); at
    /// four seats nobody sits out: cycle moves the first dealer round, fixed keeps the seats.
    #[arg(long, default_value = "cycle", value_parser = rotation, value_name = "cycle|last|top|fixed")]
    pub(crate) rotation: Rotation,
    /// Games per session (`--games` counts games, a multiple of it, per bot model); a
    /// multiple of the four persons gives everyone as many sit-outs under the cycle.
    #[arg(long, alias = "session", default_value_t = 8, value_parser = clap::value_parser!(u32).range(1..), value_name = "N")]
    pub(crate) session_games: u32,
}

#[derive(Args)]
pub(crate) struct ReplayArgs {
    /// mjai records (one or more games each, every tile shown).
    #[arg(required = true, value_name = "FILE")]
    pub(crate) files: Vec<PathBuf>,
    /// Table preset (ron2-dojo, ron2-battle, ron2-a, ron2-b, ron2-c, ron2-chips, ron2-blue, goto,
    /// goto-cutbi, tenhou, tenhou-sanma, sanma-1m9m-nuki) or a table settings TOML file.
    #[arg(long, default_value = "ron2-dojo", value_name = "PRESET|FILE")]
    pub(crate) rules: String,
}

/// A riichi table's rules (the table study and duels).
#[derive(Args)]
pub struct TableBase {
    /// Table preset (ron2-dojo, ron2-battle, ron2-a, ron2-b, ron2-c, ron2-chips, ron2-blue, goto,
    /// goto-cutbi, tenhou, tenhou-sanma, sanma-1m9m-nuki) or a table settings TOML file.
    #[arg(long, default_value = "ron2-dojo", value_name = "PRESET|FILE")]
    pub(crate) rules: String,
}

impl GameBase for TableBase {
    fn game(&self) -> Result<(DuelGame, Presets)> {
        duel_game(&|_| Some(self.rules.clone()))
    }
}

/// `sim duel mahjong`'s options besides the bots.
#[derive(Args)]
pub struct DuelTableArgs {
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

impl GameBase for DuelTableArgs {
    fn game(&self) -> Result<(DuelGame, Presets)> {
        self.base.game()
    }

    fn seating(&self) -> SeatingMode {
        match self.permutations {
            Permutations::Rotations => SeatingMode::Rotation,
            Permutations::All => SeatingMode::Permutations,
        }
    }
}

/// `sim mahjong`: one of its commands.
#[derive(Args)]
pub struct MahjongArgs {
    #[command(subcommand)]
    command: MahjongCommand,
}

#[derive(Args)]
pub struct TableArgs {
    #[command(flatten)]
    pub(crate) run: RunArgs,
    #[command(flatten)]
    pub(crate) base: TableBase,
    /// Bots by seat (Gotō: by person), comma-separated (seat 0 deals first), or one for all
    /// four: random, efficiency, defensive, value, goto-stakes, tenhou-like, strong, or a bot
    /// settings TOML file (see GUIDE.md).
    #[arg(long, default_value = "efficiency", value_name = "NAMES")]
    pub(crate) bots: String,
    /// Record the run's first K games (indices 0..K) as they are played and write each
    /// as an mjai JSON Lines event log, DIR/game-<index>.jsonl.
    #[arg(long, value_name = "K", requires = "log_dir")]
    pub(crate) log_games: Option<u64>,
    /// Folder for the --log-games files.
    #[arg(long, value_name = "DIR", requires = "log_games")]
    pub(crate) log_dir: Option<PathBuf>,
    /// Three-seat (Gotō) tables: who sits out the next game of a session of four people:
    /// cycle, last (the last place), top, or fixed (three players, nobody sits out).
    #[arg(long, default_value = "cycle", value_parser = rotation, value_name = "cycle|last|top|fixed")]
    pub(crate) rotation: Rotation,
    /// Three-seat (Gotō) tables: games per session (`--games` counts games, a multiple of it).
    #[arg(long, default_value_t = 8, value_parser = clap::value_parser!(u32).range(1..), value_name = "N")]
    pub(crate) session_games: u32,
}

/// A `--rotation` value.
pub(crate) fn rotation(s: &str) -> Result<Rotation, String> {
    match s {
        "cycle" => Ok(Rotation::Cycle),
        "last" => Ok(Rotation::LastSitsOut),
        "top" => Ok(Rotation::TopSitsOut),
        "fixed" => Ok(Rotation::Fixed),
        other => Err(format!("unknown rotation `{other}` (cycle, last, top, fixed)")),
    }
}

#[derive(Args)]
pub(crate) struct CalibrateArgs {
    #[command(flatten)]
    pub(crate) run: RunArgs,
    /// Bots by seat, comma-separated, or one for all four (a preset name or a bot settings
    /// TOML file).
    #[arg(long, default_value = "tenhou-like", value_name = "NAMES")]
    pub(crate) bots: String,
}

#[derive(Args)]
pub(crate) struct HandToolArgs {
    /// Ruleset: `ron2`, `goto`, `goto-cutbi` (score: with chips), a rules TOML file, or a
    /// table settings file (its scoring rules).
    #[arg(long, default_value = "ron2", value_name = "ron2|goto|goto-cutbi|FILE")]
    pub(crate) rules: String,
}

/// Runs a hand tool over stdin; fails (exit status 1) if any line failed.
pub(crate) fn run(args: &MahjongArgs) -> Result<String> {
    let (stdin, stdout) = (std::io::stdin().lock(), std::io::stdout().lock());
    let failed = match &args.command {
        MahjongCommand::Score(a) => hand_tools::score_lines(&hand_tools::load_score_rules(&a.rules)?, stdin, stdout)?,
        MahjongCommand::Shanten(a) => {
            hand_tools::shanten_lines(&hand_tools::load_score_rules(&a.rules)?.rules, stdin, stdout)?
        }
        MahjongCommand::Play(a) => return play(a),
        MahjongCommand::Calibrate(a) => {
            let params = table_params("ron2-dojo", four_bots(&a.bots)?)?;
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

/// The table study's parameters for `rules` and `bots` (each a preset name or a file).
pub(crate) fn table_params(rules: &str, bots: [String; 4]) -> Result<MahjongParams> {
    let BotModel { bots, bot_files, .. } = bot_model(bots)?;
    Ok(MahjongParams { table: TableRules::named(rules)?, bots, bot_files })
}

/// Four bots (each a preset name or a file) with the files read.
fn bot_model(bots: [String; 4]) -> Result<BotModel> {
    let bot_files = bots.iter().map(|b| file_arg(b, &BOT_FILES)).collect::<Result<Vec<_>>>()?;
    Ok(BotModel { bots, bot_files: bot_files.try_into().expect("four seats"), adapted: false })
}

/// `--bots`: one name for all four seats (or people), or four.
pub(crate) fn four_bots(bots: &str) -> Result<[String; 4]> {
    let names: Vec<String> = bots.split(',').map(|b| b.trim().to_string()).collect();
    Ok(match names.len() {
        1 => std::array::from_fn(|_| names[0].clone()),
        4 => std::array::from_fn(|i| names[i].clone()),
        n => bail!("--bots needs one name or four (one per seat, or per person at Gotō), got {n}"),
    })
}

/// `sim mahjong play`: the Ron2 table study, or the Gotō one on a three-seat table.
pub(crate) fn play(a: &TableArgs) -> Result<String> {
    let logs = a.log_games.zip(a.log_dir.as_deref());
    let params = table_params(&a.base.rules, four_bots(&a.bots)?)?;
    if params.table.game()?.num_seats() == 4 {
        return table(&a.run, MahjongStudy::KIND, params, logs);
    }
    let k = u64::from(a.session_games);
    let plan = a.run.plan(TABLE_GAMES);
    if !plan.games.is_multiple_of(k) {
        bail!("--games {} is not a whole number of sessions of --session-games {k}", plan.games);
    }
    let mut study = goto_study(a, params)?;
    if let Some(w) = goto::uneven_sit_outs(a.rotation, a.session_games, "--session-games") {
        crate::console::note(&w);
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
pub(crate) fn goto_study(a: &TableArgs, params: MahjongParams) -> Result<GotoStudy> {
    let MahjongParams { table, bots, bot_files } = params;
    GotoStudy::from_params(GotoParams { table, bots, bot_files, rotation: a.rotation, session_games: a.session_games })
}

/// `sim mahjong chips`: the paired chip study.
pub(crate) fn chips(a: &ChipsArgs) -> Result<String> {
    let k = u64::from(a.session_games);
    let plan = a.run.plan(CHIP_GAMES);
    if !plan.games.is_multiple_of(k) {
        bail!("--games {} is not a whole number of sessions of --session-games {k}", plan.games);
    }
    let mut models = a.bots.iter().map(|b| bot_model(four_bots(b)?)).collect::<Result<Vec<_>>>()?;
    if a.adapted != "none" {
        models.push(BotModel { adapted: true, ..bot_model(four_bots(&a.adapted)?)? });
    }
    let bots = models.remove(0);
    let params = ChipsParams {
        table: TableRules::named(&a.rules)?,
        compare: TableRules::named(&a.compare)?,
        bots,
        other_bots: models,
        rotation: a.rotation,
        session_games: a.session_games,
    };
    let study = ChipsStudy::from_params(params)?;
    if let Some(w) = study.uneven_sit_outs() {
        crate::console::note(&w);
    }
    let sessions = RunPlan { games: plan.games / k, ..plan };
    a.run.at.execute(&study, &sessions, ChipsStudy::KIND)
}

/// Games of `sim mahjong chips` by default: the 1,000,000 per ruleset the question needs.
pub(crate) const CHIP_GAMES: u64 = 1_000_000;

/// Games of a table study (`play`, `calibrate`) unless told: hanchan, or Gotō's games.
const TABLE_GAMES: u64 = 10_000;

/// `--log-games K` may not ask for more games than the run plays.
pub(crate) fn check_log_count(count: u64, games: u64) -> Result<()> {
    if count > games {
        bail!("--log-games {count} is more than the run's {games} games");
    }
    Ok(())
}

/// Runs the four-player table study (results named `name` unless `--study` says otherwise);
/// with `logs` (K, DIR), records its first K games as mjai logs.
pub(crate) fn table(run: &RunArgs, name: &str, params: MahjongParams, logs: Option<(u64, &Path)>) -> Result<String> {
    let mut study = MahjongStudy::from_params(params)?;
    let plan = run.plan(TABLE_GAMES);
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
pub(crate) fn replay(args: &ReplayArgs) -> Result<String> {
    let game = TableRules::named(&args.rules)?.game()?;
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

/// A mahjong duel's table as `setting` names its `rules` (default `ron2-dojo`).
pub(super) fn duel_game(setting: &Settings) -> Result<(DuelGame, Presets)> {
    let rules = setting("rules").unwrap_or_else(|| "ron2-dojo".to_string());
    Ok((DuelGame::Mahjong(MahjongDuel { table: TableRules::named(&rules)? }), BOT_FILES))
}
