//! Runs as a cluster makes them: `--shard auto` from a Slurm array task's or a Kubernetes
//! Indexed Job's environment, each shard into its own `--out` root, and `sim merge` of
//! those roots equal to the merge of their study folders and to the unsharded run; and
//! `sim bench`, which sizes a machine before such a run.

mod common;

use common::{csv, scratch, sim};
use std::path::Path;
use std::process::Command;

/// Runs `sim args` with the environment variables `env` (and none of the schedulers' own).
fn sim_env(args: &[&str], env: &[(&str, &str)]) -> String {
    let mut c = Command::new(env!("CARGO_BIN_EXE_sim"));
    c.args(args);
    for v in ["SLURM_ARRAY_TASK_ID", "SLURM_ARRAY_TASK_COUNT", "SLURM_ARRAY_TASK_MIN", "JOB_COMPLETION_INDEX"] {
        c.env_remove(v);
    }
    let o = c.envs(env.iter().copied()).output().unwrap();
    assert!(o.status.success(), "{args:?} {env:?}: {}", String::from_utf8_lossy(&o.stderr));
    String::from_utf8(o.stdout).unwrap()
}

fn rackup(out: &Path, extra: &[&str], env: &[(&str, &str)]) -> String {
    let out = out.to_str().unwrap();
    sim_env(&[&["rackup", "--games", "900", "--seed", "5", "--out", out, "--quiet"], extra].concat(), env)
}

#[test]
fn slurm_array_tasks_merge_from_their_out_roots_to_the_whole_run() {
    let dir = scratch("cluster-slurm");
    rackup(&dir.join("whole"), &[], &[]);
    let roots: Vec<_> = (1..=3).map(|k| dir.join(format!("task{k}"))).collect();
    for (k, root) in roots.iter().enumerate() {
        let id = (k + 1).to_string();
        let env =
            [("SLURM_ARRAY_TASK_ID", id.as_str()), ("SLURM_ARRAY_TASK_COUNT", "3"), ("SLURM_ARRAY_TASK_MIN", "1")];
        let s = rackup(root, &["--shard", "auto"], &env);
        assert!(s.contains(&format!("shard {} of 3", k + 1)), "{s}");
    }
    let merged = dir.join("merged");
    let mut args = vec!["merge".to_string()];
    args.extend(roots.iter().map(|r| r.to_str().unwrap().to_string()));
    args.extend(["--out".into(), merged.to_str().unwrap().into()]);
    sim_env(&args.iter().map(String::as_str).collect::<Vec<_>>(), &[]);
    let folders = dir.join("folders");
    let mut args = vec!["merge".to_string()];
    args.extend(roots.iter().map(|r| r.join("notebooks-data/rackup").to_str().unwrap().to_string()));
    args.extend(["--out".into(), folders.to_str().unwrap().into()]);
    sim_env(&args.iter().map(String::as_str).collect::<Vec<_>>(), &[]);
    for table in ["arms", "yaku"] {
        let whole = csv(&dir.join("whole"), "rackup", table);
        assert_eq!(csv(&merged, "rackup", table), whole, "{table}: roots");
        assert_eq!(csv(&folders, "rackup", table), whole, "{table}: folders");
    }
}

#[test]
fn a_kubernetes_indexed_job_takes_its_count_from_the_option() {
    let dir = scratch("cluster-k8s");
    let s = rackup(&dir.join("a"), &["--shard", "auto/2"], &[("JOB_COMPLETION_INDEX", "1")]);
    assert!(s.contains("shard 2 of 2"), "{s}");
    let o = Command::new(env!("CARGO_BIN_EXE_sim"))
        .args(["rackup", "--games", "10", "--shard", "auto", "--out", dir.to_str().unwrap()])
        .env_remove("SLURM_ARRAY_TASK_ID")
        .env_remove("JOB_COMPLETION_INDEX")
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        !o.status.success() && err.contains("SLURM_ARRAY_TASK_ID") && err.contains("JOB_COMPLETION_INDEX"),
        "{err}"
    );
}

#[test]
fn merge_names_a_root_holding_several_studies() {
    let dir = scratch("cluster-several");
    rackup(&dir, &["--study", "one"], &[]);
    rackup(&dir, &["--study", "two"], &[]);
    let o = sim(&["merge", dir.to_str().unwrap()], "");
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(!o.status.success() && err.contains("holds several studies (one, two)"), "{err}");
}

#[test]
fn bench_measures_every_engine_and_writes_its_table() {
    let dir = scratch("bench");
    let s = String::from_utf8(
        sim(&["bench", "--seconds", "0.05", "--threads", "1", "--out", dir.to_str().unwrap()], "").stdout,
    )
    .unwrap();
    assert!(s.contains("numbers vary from run to run"), "{s}");
    let table = csv(&dir, "bench", "bench");
    let rows: Vec<Vec<&str>> = table.lines().skip(1).map(|l| l.split(',').collect()).collect();
    let engines: Vec<&str> = rows.iter().map(|r| r[0]).collect();
    assert_eq!(engines, ["drift", "rackup", "medarot", "ron2", "goto"]);
    for r in &rows {
        // threads, games, seconds, games_per_second, efficiency, allocations_per_game
        assert_eq!((r[1], r[5]), ("1", "1.0"), "{r:?}");
        assert!(r[3].parse::<f64>().unwrap() > 0.0 && r[6].parse::<f64>().unwrap() < 0.05, "{r:?}");
    }
    assert!(dir.join("reports/bench/bench_scaling.png").exists());
}
