//! One generic check that every game's default study passes, in the spirit of the
//! engine's `check_play` harness: the games come from the registry ([`sim::games::each_game`],
//! each game's default studies, the list `sim bench` measures), so a game added there is
//! checked here without a line of this file changing, and must have a default study. For
//! each study:
//! - a seed replays: the same plan gives the same aggregate, and another seed another;
//! - `--threads 1` equals `--threads 2`;
//! - the two shards of a run, merged, equal the whole run;
//! - no allocation per game (a run of twice the games allocates as much, within the
//!   thread pool's jitter).
//!
//! Aggregates are compared as their saved JSON (what `state.json` holds).

use sim::games::{EachGame, GameKit, each_game};
use sim::runner::RunPlan;
use sim::shard::Shard;
use sim::study::EachStudy;
use sim::study::Study;

#[global_allocator]
static GLOBAL: engine::testing::CountingAlloc = engine::testing::CountingAlloc;

/// Allocations a fresh thread pool may make or not from run to run (as in `runner_alloc.rs`).
const POOL_JITTER: usize = 16;

/// Runner indices each check plays (a Gotō index is a session of eight games).
fn indices(name: &str) -> u64 {
    match name {
        "ron2" | "goto" => 4,
        _ => 60,
    }
}

/// The aggregate of `plan` as saved JSON.
fn played<S: Study>(study: &S, plan: &RunPlan) -> String {
    serde_json::to_string(&study.simulate(plan).unwrap().0).unwrap()
}

/// Allocations made by simulating `plan`.
fn allocations<S: Study>(study: &S, plan: &RunPlan) -> usize {
    let before = engine::testing::allocations();
    study.simulate(plan).unwrap();
    engine::testing::allocations() - before
}

/// The studies checked so far.
struct Checked(Vec<String>);

impl EachStudy for Checked {
    fn study<S: Study>(&mut self, name: &str, study: &S) -> anyhow::Result<()> {
        let n = indices(name);
        let whole = played(study, &RunPlan::new(n, 11, 1));
        assert_eq!(played(study, &RunPlan::new(n, 11, 1)), whole, "{name}: the seed did not replay");
        assert_ne!(played(study, &RunPlan::new(n, 12, 1)), whole, "{name}: another seed played the same games");
        assert_eq!(played(study, &RunPlan::new(n, 11, 2)), whole, "{name}: two threads differ from one");
        let shard = |index: u64| RunPlan { shard: Shard { index, count: 2 }, ..RunPlan::new(n, 11, 2) };
        let (mut first, _) = study.simulate(&shard(1)).unwrap();
        first += study.simulate(&shard(2)).unwrap().0;
        assert_eq!(serde_json::to_string(&first).unwrap(), whole, "{name}: the shards do not add up to the run");
        for threads in [1, 2] {
            allocations(study, &RunPlan::new(n, 11, threads));
            let short = allocations(study, &RunPlan::new(n, 11, threads));
            let long = allocations(study, &RunPlan::new(2 * n, 11, threads));
            assert!(
                long.abs_diff(short) <= POOL_JITTER,
                "{name}, {threads} threads: {short} allocations for {n} indices, {long} for twice as many"
            );
        }
        self.0.push(name.to_string());
        Ok(())
    }
}

/// Every game of the registry: its default studies checked, and how many it had.
struct EveryGame(Checked, Vec<(&'static str, usize)>);

impl EachGame for EveryGame {
    fn game<K: GameKit>(&mut self) {
        let before = self.0.0.len();
        K::default_studies(&mut self.0).unwrap();
        self.1.push((K::ENTRY.name, self.0.0.len() - before));
    }
}

/// One test: the allocation counter is global, so the studies run one after another.
#[test]
fn every_default_study_replays_shards_and_threads_alike_without_allocating_per_game() {
    let mut every = EveryGame(Checked(Vec::new()), Vec::new());
    each_game(&mut every);
    assert!(every.1.len() >= 4, "the registry lists the games: {:?}", every.1);
    assert!(every.1.iter().all(|&(_, studies)| studies > 0), "a game without a default study: {:?}", every.1);
}
