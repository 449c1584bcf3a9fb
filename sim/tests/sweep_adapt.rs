//! `sim sweep` with adapted play (`adapt`, `--adapt`): a variant identical to the base has
//! identical adapted and unchanged effects, exactly 0, and so do its shift and skill-gap
//! change; the re-tuning moves a detuned strategy; the tables are the same at 1 and 2
//! threads, from `--adapt` as from the file, and from merged shards; bad adapt settings
//! are refused in one line with nothing written.

mod common;

use common::{csv, scratch, sim};
use std::path::Path;

/// The shipped heuristic with its counter threshold far off (what `sim tune`'s test
/// recovers from).
fn detuned() -> String {
    let mut doc: toml::Table =
        toml::from_str(engine::rackup::StrategyConfig::PRESETS.text("heuristic").unwrap()).unwrap();
    doc.insert("counter_threshold".into(), toml::Value::Float(0.9));
    toml::to_string(&doc).unwrap()
}

const TUNE: &str = "game = \"rackup\"\nstrategy = \"heuristic\"\nbudget = 30000\ndeals = 500\nconfirm = 100\n\
                    [parameters]\ncounter_threshold = [0.05, 0.1, 0.9]\nkan = [\"never\", \"always\"]\n";

/// A Rack-up sweep of the detuned strategy with `head` first: a variant identical to the
/// base (the profile's own cap) and one that changes the cap.
fn sweep(head: &str) -> String {
    format!(
        "{head}game = \"rackup\"\nbase = \"default\"\nstrategy = \"detuned.toml\"\ntune = \"tune.toml\"\n\
         games = 300\nseed = 5\nmetrics = [\"a_result\", \"a_points\", \"rounds\"]\n\
         [[variant]]\nname = \"same\"\nscore.cap = 10\n[[variant]]\nname = \"cap 6\"\nscore.cap = 6\n"
    )
}

fn run(args: &[&str]) {
    let o = sim(args, "");
    assert!(o.status.success(), "{args:?}: {}", String::from_utf8_lossy(&o.stderr));
}

/// The `sweep` table's rows, by header name.
fn table(root: &Path, study: &str, name: &str) -> Vec<std::collections::HashMap<String, String>> {
    let text = csv(root, study, name);
    let mut lines = text.lines();
    let header: Vec<String> = lines.next().unwrap().split(',').map(String::from).collect();
    lines.map(|l| header.iter().cloned().zip(l.split(',').map(String::from)).collect()).collect()
}

#[test]
fn an_identical_variant_adapts_to_zero_and_results_agree_across_threads_flags_and_shards() {
    let dir = scratch("sweep-adapt");
    std::fs::write(dir.join("detuned.toml"), detuned()).unwrap();
    std::fs::write(dir.join("tune.toml"), TUNE).unwrap();
    std::fs::write(dir.join("adapt.toml"), sweep("adapt = [\"counter_threshold\"]\n")).unwrap();
    std::fs::write(dir.join("plain.toml"), sweep("")).unwrap();
    let (adapt, plain) = (dir.join("adapt.toml"), dir.join("plain.toml"));
    let (adapt, plain, out) = (adapt.to_str().unwrap(), plain.to_str().unwrap(), dir.to_str().unwrap());
    run(&["sweep", adapt, "--out", out, "--study", "one", "--threads", "1", "--quiet"]);
    run(&["sweep", plain, "--adapt", "counter_threshold", "--out", out, "--study", "two", "--threads", "2", "--quiet"]);
    run(&["sweep", adapt, "--out", out, "--study", "a", "--shard", "1/2", "--quiet"]);
    run(&["sweep", adapt, "--out", out, "--study", "b", "--shard", "2/2", "--quiet"]);
    let (a, b) = (dir.join("notebooks-data/a"), dir.join("notebooks-data/b"));
    run(&["merge", a.to_str().unwrap(), b.to_str().unwrap(), "--out", out, "--study", "merged"]);
    for name in ["sweep", "sweep_arms"] {
        let one = csv(&dir, "one", name);
        assert_eq!(one, csv(&dir, "two", name), "{name}: 1 thread and the file's adapt against 2 and --adapt");
        assert_eq!(one, csv(&dir, "merged", name), "{name}: merged shards");
    }

    let rows = table(&dir, "one", "sweep");
    let same: Vec<_> = rows.iter().filter(|r| r["variant"] == "same").collect();
    assert_eq!(same.len(), 3);
    for r in &same {
        for column in [
            "diff",
            "diff_ci_low",
            "diff_ci_high",
            "adapted_diff",
            "adapted_diff_ci_low",
            "adapted_diff_ci_high",
            "shift",
            "shift_ci_low",
            "shift_ci_high",
            "skill_gap_change",
            "skill_gap_change_ci_low",
            "skill_gap_change_ci_high",
        ] {
            assert_eq!(r[column].parse::<f64>().unwrap(), 0.0, "{} {column}: {}", r["metric"], r[column]);
        }
        assert_eq!(r["adapted_base"], r["adapted_value"]);
        assert_eq!(r["skill_gap_base"], r["skill_gap"]);
    }
    // The cap changes the game, under both plays; the re-tuning moved the detuned threshold.
    let cap = rows.iter().find(|r| r["variant"] == "cap 6" && r["metric"] == "rounds").unwrap();
    assert!(cap["diff"].parse::<f64>().unwrap() != 0.0 && cap["adapted_diff"].parse::<f64>().unwrap() != 0.0);
    let base = rows.iter().find(|r| r["metric"] == "a_points").unwrap();
    assert!(base["base"] != base["adapted_base"], "adapted play is another play: {base:?}");
    let arms = table(&dir, "one", "sweep_arms");
    assert_eq!(arms.len(), 9, "three arms by three metrics");
    assert!(arms.iter().all(|r| r["tuned"] != "counter_threshold=0.9"), "{arms:?}");
    let result = arms.iter().find(|r| r["arm"] == "base" && r["metric"] == "a_result").unwrap();
    let gap: f64 = result["skill_gap"].parse().unwrap();
    assert!(gap > 0.0 && result["skill_gap_ci_low"].parse::<f64>().unwrap() > 0.0, "tuned beats random: {gap}");
    let summary = std::fs::read_to_string(dir.join("notebooks-data/one/summary.txt")).unwrap();
    assert!(summary.contains("Play unchanged: both players follow detuned.toml"), "{summary}");
    assert!(summary.contains("Verdicts (Holm-significant"), "{summary}");
    assert!(dir.join("reports/one/skill_gap_a_result.png").is_file());
}

#[test]
fn bad_adapt_settings_are_refused_in_one_line_and_write_nothing() {
    let dir = scratch("sweep-adapt-bad");
    std::fs::write(dir.join("detuned.toml"), detuned()).unwrap();
    std::fs::write(dir.join("tune.toml"), TUNE).unwrap();
    std::fs::write(
        dir.join("drift_tune.toml"),
        "game = \"drift\"\nstrategy = \"heuristic\"\nbudget = 10\n[parameters]\nphantom_card = [9]\n",
    )
    .unwrap();
    let cases = [
        (sweep("adapt = [\"riichi_threshold\"]\n"), "`riichi_threshold` is not a parameter of tune file tune.toml"),
        (sweep("adapt = [\"kan\", \"kan\"]\n"), "names `kan` twice"),
        (sweep("adapt = [\"kan\"]\n").replace("tune.toml", "drift_tune.toml"), "tunes a drift strategy"),
        (sweep("adapt = [\"kan\"]\nskill_against = \"nobody\"\n"), "nobody"),
        (
            "adapt = [\"kans\"]\ngame = \"mahjong\"\nbase = \"ron2-dojo\"\ngames = 10\n[[variant]]\nname = \"x\"\nchi = false\n"
                .to_string(),
            "a mahjong sweep takes no `adapt`",
        ),
    ];
    for (k, (text, expected)) in cases.iter().enumerate() {
        let file = dir.join(format!("bad{k}.toml"));
        std::fs::write(&file, text).unwrap();
        let o = sim(&["sweep", file.to_str().unwrap(), "--out", dir.to_str().unwrap(), "--quiet"], "");
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(!o.status.success() && err.contains(expected) && err.lines().count() == 1, "case {k}: {err}");
        assert!(!dir.join("notebooks-data").exists(), "case {k} wrote output");
    }
}
