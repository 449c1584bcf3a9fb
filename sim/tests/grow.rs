//! `--until` and `--convergence` on plain studies: a run grown batch by batch stops at the
//! first batch that meets every target (and never passes the cap), equals a plain run of
//! the games it played and keeps its `--until` record in `summary.txt` and `state.json`,
//! counts a Gotō session's games, and refuses a metric it does not have or a shard, with
//! nothing written.

mod common;

use common::{csv, scratch, sim};

fn run(args: &[&str]) -> String {
    let o = sim(args, "");
    assert!(o.status.success(), "{args:?}: {}", String::from_utf8_lossy(&o.stderr));
    String::from_utf8(o.stdout).unwrap()
}

/// The convergence table's rows of `metric`: (games, ci_low, ci_high).
fn trace(root: &std::path::Path, study: &str, metric: &str) -> Vec<(u64, f64, f64)> {
    csv(root, study, "convergence")
        .lines()
        .skip(1)
        .map(|l| l.split(',').collect::<Vec<_>>())
        .filter(|r| r[1] == metric)
        .map(|r| (r[0].parse().unwrap(), r[4].parse().unwrap(), r[5].parse().unwrap()))
        .collect()
}

/// The games a target was met after, from the run's note.
fn met_after(summary: &str) -> u64 {
    summary.split("met after ").nth(1).unwrap().split(' ').next().unwrap().parse().unwrap()
}

#[test]
fn a_study_grows_to_its_target_and_equals_a_plain_run_of_those_games() {
    let dir = scratch("grow-rackup");
    let out = dir.to_str().unwrap();
    let s = run(&[
        "rackup",
        "--games",
        "300",
        "--until",
        "rounds ±0.06",
        "--max-games",
        "30000",
        "--convergence",
        "--study",
        "grown",
        "--out",
        out,
        "--quiet",
    ]);
    let needed = met_after(&s);
    assert!(needed.is_multiple_of(300) && (600..30000).contains(&needed), "{s}");
    // The record is kept with the results, not only printed (issue 29 item 5).
    let kept = |file: &str| std::fs::read_to_string(dir.join("notebooks-data/grown").join(file)).unwrap();
    assert!(
        kept("summary.txt").starts_with(&format!("--until rounds ±0.06: met after {needed} games (batches of 300)"))
    );
    let record =
        format!(r#""until":{{"batch":300,"cap":30000,"targets":[{{"target":"rounds ±0.06","met_after":{needed}}}]}}"#);
    assert!(kept("state.json").contains(&record), "{record}");
    // Every arm's interval is narrow enough after the last batch, and some arm's was not
    // one batch before.
    let rows = trace(&dir, "grown", "rounds");
    let widest = |games: u64| rows.iter().filter(|r| r.0 == games).map(|r| (r.2 - r.1) / 2.0).fold(0.0, f64::max);
    assert!(widest(needed) <= 0.06 && widest(needed - 300) > 0.06, "stopped at the first batch that met it");
    assert_eq!(rows.iter().map(|r| r.0).max(), Some(needed), "and played no further");
    // The same numbers as one plain run of those games.
    run(&["rackup", "--games", &needed.to_string(), "--study", "plain", "--out", out, "--quiet"]);
    assert_eq!(csv(&dir, "grown", "arms"), csv(&dir, "plain", "arms"));
}

#[test]
fn an_impossible_target_stops_at_the_cap() {
    let dir = scratch("grow-cap");
    let out = dir.to_str().unwrap();
    let s =
        run(&["medarot", "--games", "40", "--until", "turns ±0.0001", "--max-games", "100", "--out", out, "--quiet"]);
    assert!(s.contains("--until turns ±0.0001: NOT met: stopped by the cap of 100 games (turns: ±"), "{s}");
    run(&["medarot", "--games", "100", "--study", "plain", "--out", out, "--quiet"]);
    assert_eq!(csv(&dir, "medarot", "summary"), csv(&dir, "plain", "summary"), "the cap cuts the last batch");
}

#[test]
fn convergence_alone_leaves_the_result_alone_and_counts_session_games() {
    let dir = scratch("grow-goto");
    let out = dir.to_str().unwrap();
    let goto = ["mahjong", "play", "--rules", "goto", "--games", "8", "--session-games", "4", "--out", out, "--quiet"];
    run(&goto);
    run(&[&goto[..], &["--convergence", "--study", "traced"]].concat());
    assert_eq!(csv(&dir, "goto", "seats"), csv(&dir, "traced", "seats"));
    let games: Vec<u64> = trace(&dir, "traced", "win_rate").iter().map(|r| r.0).collect();
    assert_eq!(games, [4, 8], "two sessions of four games, one per batch");
    assert!(dir.join("reports/traced/convergence_first_place.png").exists());
}

#[test]
fn growth_refuses_an_unknown_metric_or_a_shard_and_writes_nothing() {
    let dir = scratch("grow-bad");
    let out = dir.to_str().unwrap();
    for (args, expected) in [
        (vec!["--until", "wins ±0.1"], "`wins` is not a metric of this study (win_rate, points, chaser_exchange_rate"),
        (vec!["--convergence", "--shard", "1/2"], "do not take --shard"),
    ] {
        let o = sim(&[&["drift", "--games", "100", "--out", out, "--quiet"], &args[..]].concat(), "");
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(!o.status.success() && err.contains(expected) && err.lines().count() == 1, "{args:?}: {err}");
        assert!(!dir.join("notebooks-data").exists(), "{args:?} wrote output");
    }
}
