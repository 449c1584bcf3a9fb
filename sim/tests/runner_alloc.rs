//! The path a study's games really take (the runner, per-thread scratch, each
//! study's strategies and accumulator) allocates nothing per game: a run of
//! 2,000 games makes exactly as many allocations as a run of 1,000, whose
//! allocations are all setup (the thread pool, one table and accumulator per
//! thread, the merge).

use sim::runner::{RunPlan, Shard};
use sim::studies::drift::{DriftParams, DriftStudy, Mode};
use sim::studies::mahjong::{MahjongParams, MahjongStudy, TableRules};
use sim::studies::medarot::{MedarotParams, MedarotStudy};
use sim::studies::rackup::{RackupParams, RackupStudy};
use sim::study::Study;

#[global_allocator]
static GLOBAL: engine::testing::CountingAlloc = engine::testing::CountingAlloc;

/// Allocations made by simulating `games` games of `study` on `threads` threads.
fn allocations_of<S: Study>(study: &S, games: u64, threads: usize) -> usize {
    let plan = RunPlan { games, seed: 5, threads, shard: Shard::WHOLE, progress: false };
    let before = engine::testing::allocations();
    study.simulate(&plan).unwrap();
    engine::testing::allocations() - before
}

/// Allocations a fresh two-thread pool may make or not from run to run,
/// whatever the games (its threads' start-up and wake-ups race).
const POOL_JITTER: usize = 16;

/// A run's allocations do not grow with its games: exactly the same count on
/// one thread, and within the pool's jitter on two, where each thread sets up
/// once (a single allocation per game would add thousands).
fn per_game_allocations_are_zero<S: Study>(name: &str, study: &S, games: u64) {
    for threads in [1, 2] {
        allocations_of(study, games, threads);
        let short = allocations_of(study, games, threads);
        let long = allocations_of(study, 2 * games, threads);
        let said =
            format!("{name}, {threads} threads: {short} allocations for {games} games, {long} for twice as many");
        if threads == 1 {
            assert_eq!(long, short, "{said}");
        } else {
            assert!(long.abs_diff(short) <= POOL_JITTER, "{said}");
        }
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
    let heuristic = sim::preset::source("heuristic", &engine::rackup::StrategyConfig::PRESETS).unwrap();
    let rackup =
        RackupStudy::from_params(RackupParams { profile: None, strategies: [heuristic.clone(), heuristic] }).unwrap();
    per_game_allocations_are_zero("rackup", &rackup, 1_000);
    let heuristic = sim::preset::source("heuristic", &engine::medarot::StrategyConfig::PRESETS).unwrap();
    let strategies = [heuristic.clone(), heuristic];
    let medarot =
        MedarotStudy::from_params(MedarotParams { cards: None, decks: None, rules: None, strategies }).unwrap();
    per_game_allocations_are_zero("medarot", &medarot, 1_000);
    let mahjong = MahjongStudy::from_params(MahjongParams {
        table: TableRules::preset("ron2-dojo"),
        bots: ["efficiency", "defensive", "random", "efficiency"].map(String::from),
        bot_files: Default::default(),
    })
    .unwrap();
    per_game_allocations_are_zero("mahjong", &mahjong, 200);
}
