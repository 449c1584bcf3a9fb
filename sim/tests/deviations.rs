//! `sim deviations`: a Rack-up strategy countering at a finishing chance of 0.1 is beaten,
//! Holm-significantly, by its deviation to 0.05, and the summary says so first; the table
//! has its columns and does not depend on the threads; a one-of setting (the plan) is tried
//! at each of its other values, and a planted bad plan is found; the run exits 0 either way.

mod common;

use common::{csv, scratch, sim};

fn run(args: &[&str]) -> String {
    let o = sim(args, "");
    assert!(o.status.success(), "{args:?}: {}", String::from_utf8_lossy(&o.stderr));
    String::from_utf8(o.stdout).unwrap()
}

#[test]
fn a_gaining_deviation_is_found_and_the_table_is_the_same_at_any_thread_count() {
    let dir = scratch("deviations");
    let file = dir.join("detuned.toml");
    std::fs::write(&file, "strategy = \"heuristic\"\ncounter_threshold = 0.1\n").unwrap();
    let out = dir.to_str().unwrap();
    let args = |study: &'static str, threads: &'static str| {
        vec![
            "deviations",
            "rackup",
            "--strategy",
            file.to_str().unwrap(),
            "--games",
            "1000",
            "--threads",
            threads,
            "--out",
            out,
            "--study",
            study,
            "--quiet",
        ]
    };
    let summary = run(&args("one", "1"));
    let first = summary.lines().next().unwrap();
    assert!(first.starts_with("1 deviation gains significantly (Holm"), "{summary}");
    run(&args("two", "2"));
    let table = csv(&dir, "one", "deviations");
    assert_eq!(table, csv(&dir, "two", "deviations"));
    let header: Vec<&str> = table.lines().next().unwrap().split(',').collect();
    for column in ["parameter", "value", "gain", "ci_low", "ci_high", "p_value", "holm_significant"] {
        assert!(header.contains(&column), "{header:?}");
    }
    let col = |c: &str| header.iter().position(|h| *h == c).unwrap();
    let row = table
        .lines()
        .map(|l| l.split(',').collect::<Vec<_>>())
        .find(|r| r[col("parameter")] == "counter_threshold" && r[col("value")] == "0.05")
        .expect("the deviation to half the threshold");
    assert_eq!(row[col("holm_significant")], "true", "{row:?}");
    assert!(row[col("ci_low")].parse::<f64>().unwrap() > 0.0, "{row:?}");
    assert!(dir.join("reports/one/deviations.png").is_file());
}

#[test]
fn the_shipped_strategy_runs_and_exits_zero_whatever_it_finds() {
    let dir = scratch("deviations-drift");
    let out = dir.to_str().unwrap();
    let summary = run(&["deviations", "drift", "--games", "100", "--out", out, "--quiet", "--threads", "1"]);
    let first = summary.lines().next().unwrap();
    assert!(first.starts_with("No deviation gains") || first.contains("significantly (Holm"), "{first}");
}

#[test]
fn a_one_of_setting_takes_each_other_value_and_a_planted_bad_one_is_found() {
    let dir = scratch("deviations-one-of");
    let file = dir.join("safe.toml");
    std::fs::write(&file, "strategy = \"heuristic\"\nplan = \"safe\"\n").unwrap();
    let out = dir.to_str().unwrap();
    let args = ["deviations", "rackup", "--strategy", file.to_str().unwrap(), "--games", "1000", "--out", out];
    let summary = run(&[&args[..], &["--study", "one", "--quiet", "--threads", "1"]].concat());
    assert!(summary.starts_with("1 deviation gains significantly (Holm over 8 comparisons)"), "{summary}");
    let table = csv(&dir, "one", "deviations");
    let header: Vec<&str> = table.lines().next().unwrap().split(',').collect();
    let col = |c: &str| header.iter().position(|h| *h == c).unwrap();
    let rows: Vec<Vec<&str>> = table.lines().skip(1).map(|l| l.split(',').collect()).collect();
    let values: Vec<&str> = rows.iter().map(|r| r[col("value")]).collect();
    assert_eq!(values, ["plain", "beat", "mine", "flip", "charge", "half", "jump", "ride"], "every kind but safe");
    assert!(rows.iter().all(|r| r[col("parameter")] == "plan"));
    let gaining: Vec<&str> =
        rows.iter().filter(|r| r[col("gains_significantly")] == "true").map(|r| r[col("value")]).collect();
    assert_eq!(gaining, ["charge"], "the charge (猪突猛進) the shipped heuristic plays");
}
