//! The path a study's games really take (the runner, per-thread scratch, each
//! study's strategies and accumulator) allocates nothing per game: a run of
//! 2,000 games makes exactly as many allocations as a run of 1,000, whose
//! allocations are all setup (the thread pool, one table and accumulator per
//! thread, the merge). Sweeps too: every arm of a shipped example sweep plays each game (and
//! of an adapted sweep, every group of arms with the joint sums); and
//! duels, every line-up of a deal (each game's built-in strategies, boxed for the two-player
//! games; the bots at a Ron2 and at the Gotō table); and deviations, every deviation's line-ups.

use engine::mahjong::table::Rotation;
use sim::contest::SeatingMode;
use sim::deviations::{DeviationsParams, DeviationsStudy};
use sim::duel::{DuelParams, DuelStudy};
use sim::games::DuelGame;
use sim::games::drift::{DriftDuel, DriftParams, DriftStudy, Mode};
use sim::games::mahjong::MahjongDuel;
use sim::games::mahjong::chips::{BotModel, ChipsParams, ChipsStudy};
use sim::games::mahjong::goto::{GotoParams, GotoStudy};
use sim::games::mahjong::play::{MahjongParams, MahjongStudy};
use sim::games::mahjong::table_rules::TableRules;
use sim::games::medarot::{MedarotDuel, MedarotParams, MedarotStudy};
use sim::games::rackup::{RackupDuel, RackupParams, RackupStudy};
use sim::runner::RunPlan;
use sim::study::{State, Study};
use sim::sweep::SweepStudy;

#[global_allocator]
static GLOBAL: engine::testing::CountingAlloc = engine::testing::CountingAlloc;

/// Allocations made by simulating `games` games of `study` on `threads` threads.
fn allocations_of<S: Study>(study: &S, games: u64, threads: usize) -> usize {
    let plan = RunPlan::new(games, 5, threads);
    let before = engine::testing::allocations();
    study.simulate(&plan).unwrap();
    engine::testing::allocations() - before
}

/// Allocations a fresh pool may make or not from run to run, whatever the games (its
/// threads' start-up and wake-ups race with the caller's; even a one-thread pool was seen
/// to differ by one).
const POOL_JITTER: usize = 16;

/// A run's allocations do not grow with its games: within the pool's jitter, on one
/// thread and on two, where each thread sets up once (a single allocation per game would
/// add hundreds or thousands).
fn per_game_allocations_are_zero<S: Study>(name: &str, study: &S, games: u64) {
    for threads in [1, 2] {
        allocations_of(study, games, threads);
        let short = allocations_of(study, games, threads);
        let long = allocations_of(study, 2 * games, threads);
        let said =
            format!("{name}, {threads} threads: {short} allocations for {games} games, {long} for twice as many");
        assert!(long.abs_diff(short) <= POOL_JITTER, "{said}");
    }
}

/// One test: the counter is global, so the studies are measured one after another.
#[test]
fn studies_allocate_nothing_per_game() {
    let heuristic = sim::preset::source("heuristic", &engine::drift::strategy::StrategyConfig::PRESETS).unwrap();
    let drift = DriftStudy::from_params(DriftParams {
        mode: Mode::Styles,
        lineup: None,
        rules: None,
        driver: None,
        strategies: [heuristic.clone(), heuristic],
    })
    .unwrap();
    per_game_allocations_are_zero("drift", &drift, 1_000);
    for mode in [Mode::Play, Mode::Cars] {
        let heuristic = sim::preset::source("heuristic", &engine::drift::strategy::StrategyConfig::PRESETS).unwrap();
        let params =
            DriftParams { mode, lineup: None, rules: None, driver: None, strategies: [heuristic.clone(), heuristic] };
        per_game_allocations_are_zero("drift arms", &DriftStudy::from_params(params).unwrap(), 1_000);
    }
    let heuristic = sim::preset::source("heuristic", &engine::rackup::StrategyConfig::PRESETS).unwrap();
    let rackup =
        RackupStudy::from_params(RackupParams { profile: None, strategies: [heuristic.clone(), heuristic] }).unwrap();
    per_game_allocations_are_zero("rackup", &rackup, 1_000);
    let heuristic = sim::preset::source("heuristic", &engine::medarot::StrategyConfig::PRESETS).unwrap();
    let strategies = [heuristic.clone(), heuristic];
    let medarot = MedarotStudy::from_params(MedarotParams {
        cards: None,
        decks: None,
        rules: None,
        strategies,
        ablation_games: 1_000,
    })
    .unwrap();
    per_game_allocations_are_zero("medarot", &medarot, 1_000);
    let mahjong = MahjongStudy::from_params(MahjongParams {
        table: TableRules::preset("ron2-dojo"),
        bots: ["efficiency", "defensive", "random", "efficiency"].map(String::from),
        bot_files: Default::default(),
    })
    .unwrap();
    per_game_allocations_are_zero("mahjong", &mahjong, 200);
    // Gotō: a runner index is a session of 5 games; the chip study settles each under three arms.
    let bots = ["efficiency", "defensive", "random", "efficiency"].map(String::from);
    let goto = GotoStudy::from_params(GotoParams {
        table: TableRules::preset("goto"),
        bots: bots.clone(),
        bot_files: Default::default(),
        rotation: Rotation::Cycle,
        session_games: 5,
    })
    .unwrap();
    per_game_allocations_are_zero("goto", &goto, 60);
    let chips = ChipsStudy::from_params(ChipsParams {
        table: TableRules::preset("goto"),
        compare: TableRules::preset("goto-cutbi"),
        bots: BotModel { bots: bots.clone(), bot_files: Default::default(), adapted: false },
        // The adapted path too: a second table, the compared one, played per session.
        other_bots: vec![BotModel {
            bots: bots.clone().map(|_| "goto-stakes".to_string()),
            bot_files: Default::default(),
            adapted: true,
        }],
        rotation: Rotation::Cycle,
        session_games: 5,
    })
    .unwrap();
    per_game_allocations_are_zero("goto-chips", &chips, 60);
    for (name, games) in [
        ("sweep_ron2", 40),
        ("sweep_goto_chips", 40),
        ("sweep_tenhou_sanma", 40),
        ("sweep_rackup", 500),
        ("sweep_drift", 500),
        ("sweep_medarot", 300),
    ] {
        let sweep = SweepStudy::open(name, None, 1).unwrap();
        per_game_allocations_are_zero(name, &sweep, games);
    }
    // Adapted play: four groups of arms and the joint sums of the shifts and skill gaps.
    let dir = std::env::temp_dir().join(format!("sim-alloc-adapt-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(
        dir.join("tune.toml"),
        "game = \"rackup\"\nstrategy = \"heuristic\"\nbudget = 2000\ndeals = 100\n[parameters]\nkan = [\"never\", \"always\"]\n",
    )
    .unwrap();
    let file = dir.join("adapt.toml");
    let text = "game = \"rackup\"\nbase = \"default\"\ngames = 10\nadapt = [\"kan\"]\ntune = \"tune.toml\"\n\
                [[variant]]\nname = \"cap 8\"\nscore.cap = 8\n";
    std::fs::write(&file, text).unwrap();
    let adapted = SweepStudy::open(file.to_str().unwrap(), None, 1).unwrap();
    std::fs::remove_dir_all(&dir).unwrap();
    per_game_allocations_are_zero("adapted sweep", &adapted, 300);
    let presets = |p: &engine::config::Presets, names: &[&str]| -> Vec<sim::study::Source> {
        names.iter().map(|n| sim::preset::source(n, p).unwrap()).collect()
    };
    let bots = engine::config::Presets { kind: "bot", list: &engine::mahjong::table::BOT_PRESETS };
    let table = |preset: &str| DuelGame::Mahjong(MahjongDuel { table: TableRules::preset(preset) });
    for (name, game, strategies, deals) in [
        (
            "drift duel",
            DuelGame::Drift(DriftDuel { lineup: None, rules: None }),
            presets(&engine::drift::strategy::StrategyConfig::PRESETS, &["plain", "random", "heuristic"]),
            300,
        ),
        (
            "rackup duel",
            DuelGame::Rackup(RackupDuel { profile: None }),
            presets(&engine::rackup::StrategyConfig::PRESETS, &["random", "heuristic"]),
            200,
        ),
        (
            "medarot duel",
            DuelGame::Medarot(MedarotDuel { cards: None, decks: None, rules: None }),
            presets(&engine::medarot::StrategyConfig::PRESETS, &["random", "heuristic"]),
            200,
        ),
        ("mahjong duel", table("ron2-dojo"), presets(&bots, &["efficiency", "random"]), 6),
        ("goto duel", table("goto"), presets(&bots, &["efficiency", "defensive"]), 6),
    ] {
        let duel = DuelStudy::from_params(DuelParams { game, strategies, seating: SeatingMode::Rotation }).unwrap();
        per_game_allocations_are_zero(name, &duel, deals);
    }
    let strategies = presets(&bots, &["efficiency", "defensive", "random"]);
    let params = DuelParams { game: table("goto"), strategies, seating: SeatingMode::Permutations };
    per_game_allocations_are_zero("goto duel, every seating order", &DuelStudy::from_params(params).unwrap(), 2);
    // Deviations (and tune's stages, which play the same field): every deviation's line-ups.
    for (game, presets, deals) in [
        (DuelGame::Rackup(RackupDuel { profile: None }), engine::rackup::StrategyConfig::PRESETS, 20),
        (
            DuelGame::Drift(DriftDuel { lineup: None, rules: None }),
            engine::drift::strategy::StrategyConfig::PRESETS,
            50,
        ),
    ] {
        let strategy = sim::preset::source("heuristic", &presets).unwrap();
        let params = DeviationsParams { game, strategy, step: sim::deviations::STEP, objective: None };
        per_game_allocations_are_zero("deviations", &DeviationsStudy::from_params(params).unwrap(), deals);
    }
}
