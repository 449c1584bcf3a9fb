//! `sim duel`: a strategy against itself lands exactly on the neutral value (½ by the side
//! swap, the mean place at a mahjong table), the two orders of a two-player pair are the
//! same games, results are identical at any thread count and merged from shards, a
//! stronger strategy wins with an interval that excludes the neutral value, pairing
//! narrows the interval of two nearly equal strategies, and a permutation duel's pairs are
//! exact differences of the strategies' own values.

mod common;

use common::{csv, scratch, sim};
use sim::stats::{Interval, two_sided_p};
use std::path::Path;

fn run(args: &[&str]) -> String {
    let o = sim(args, "");
    assert!(o.status.success(), "{args:?}: {}", String::from_utf8_lossy(&o.stderr));
    String::from_utf8(o.stdout).unwrap()
}

/// Runs `sim duel ARGS` into `dir` as study `name`.
fn duel(dir: &Path, name: &str, args: &[&str]) -> String {
    let mut all = vec!["duel"];
    all.extend_from_slice(args);
    all.extend_from_slice(&["--out", dir.to_str().unwrap(), "--study", name, "--quiet", "--force"]);
    run(&all)
}

/// A row of the `duel` table: (value, ci_low, ci_high, unpaired_ci_half, holm_better).
fn pair(dir: &Path, name: &str, focal: &str, opponent: &str, metric: &str) -> (f64, f64, f64, f64, String) {
    let text = csv(dir, name, "duel");
    let mut lines = text.lines();
    let header: Vec<&str> = lines.next().unwrap().split(',').collect();
    let col = |c: &str| header.iter().position(|h| *h == c).unwrap();
    let row: Vec<&str> = lines
        .map(|l| l.split(',').collect::<Vec<_>>())
        .find(|r| r[0] == focal && r[1] == opponent && r[2] == metric)
        .unwrap_or_else(|| panic!("no row {focal} {opponent} {metric}"));
    let num = |c: &str| row[col(c)].parse::<f64>().unwrap();
    (num("value"), num("ci_low"), num("ci_high"), num("unpaired_ci_half"), row[col("holm_better")].to_string())
}

#[test]
fn a_strategy_against_itself_is_exactly_neutral_and_mirrored_pairs_add_to_one() {
    let dir = scratch("duel-mirror");
    duel(&dir, "drift", &["drift", "--games", "300"]);
    for s in ["plain", "random", "heuristic"] {
        let (v, low, high, unpaired, _) = pair(&dir, "drift", s, s, "win_rate");
        assert_eq!((v, low, high), (0.5, 0.5, 0.5), "{s} against itself");
        assert!(unpaired > 0.0, "unpaired, the two sides of a mirror match vary: {unpaired}");
    }
    let (ab, ..) = pair(&dir, "drift", "heuristic", "random", "win_rate");
    let (ba, ..) = pair(&dir, "drift", "random", "heuristic", "win_rate");
    assert!((ab + ba - 1.0).abs() < 1e-12, "the same games read from both sides: {ab} + {ba}");
    duel(&dir, "ron2", &["mahjong", "--games", "6", "--strategies", "efficiency,random"]);
    for s in ["efficiency", "random"] {
        assert_eq!(pair(&dir, "ron2", s, s, "average_rank").0, 2.5, "{s}");
        assert_eq!(pair(&dir, "ron2", s, s, "first_place").0, 0.25, "{s}");
    }
    duel(&dir, "goto", &["mahjong", "--rules", "goto", "--games", "4", "--strategies", "efficiency,defensive"]);
    assert_eq!(pair(&dir, "goto", "defensive", "defensive", "average_rank").0, 2.0);
    let seats = csv(&dir, "goto", "duel_seats");
    // Gotō's table pays chips: a fourth metric, which a bot against itself nets none of.
    assert_eq!(seats.lines().filter(|l| l.starts_with("efficiency,defensive,")).count(), 3 * 4, "3 seats, 4 metrics");
    assert_eq!(pair(&dir, "goto", "defensive", "defensive", "chips").0, 0.0);
}

#[test]
fn duels_agree_across_threads_and_merged_shards() {
    let dir = scratch("duel-shards");
    let out = dir.to_str().unwrap();
    for (game, games) in [("rackup", "200"), ("mahjong", "4")] {
        let args = |extra: &[&'static str]| {
            let mut a = vec![game, "--games", games, "--strategies"];
            a.push(if game == "mahjong" { "efficiency,defensive" } else { "heuristic,random,riichi-never" });
            a.extend_from_slice(extra);
            a
        };
        duel(&dir, "one", &args(&["--threads", "1"]));
        duel(&dir, "two", &args(&["--threads", "2"]));
        duel(&dir, "a", &args(&["--shard", "1/2"]));
        duel(&dir, "b", &args(&["--shard", "2/2", "--threads", "1"]));
        let (a, b) = (dir.join("notebooks-data/a"), dir.join("notebooks-data/b"));
        run(&["merge", a.to_str().unwrap(), b.to_str().unwrap(), "--out", out, "--study", "merged", "--force"]);
        for table in ["duel", "duel_seats", "duel_ranking"] {
            let one = csv(&dir, "one", table);
            assert_eq!(one, csv(&dir, "two", table), "{game} {table}");
            assert_eq!(one, csv(&dir, "merged", table), "{game} {table}");
        }
    }
}

#[test]
fn a_stronger_strategy_wins_with_an_interval_excluding_the_neutral_value() {
    let dir = scratch("duel-stronger");
    duel(&dir, "ron2", &["mahjong", "--games", "12", "--strategies", "random,efficiency"]);
    let (first, low, ..) = pair(&dir, "ron2", "efficiency", "random", "first_place");
    assert!(low > 0.25, "efficiency's first-place rate against three random bots {first}, low {low}");
    let (rank, _, high, _, better) = pair(&dir, "ron2", "efficiency", "random", "average_rank");
    assert!(high < 2.5 && better == "true", "efficiency's average place {rank} (high {high}), Holm {better}");
    assert_eq!(pair(&dir, "ron2", "random", "efficiency", "average_rank").4, "false");
    duel(&dir, "medarot", &["medarot", "--games", "200"]);
    let (win, low, _, _, better) = pair(&dir, "medarot", "heuristic", "random", "win_rate");
    assert!(low > 0.5 && better == "true", "Medarot heuristic against random: {win}, low {low}");
}

#[test]
fn pairing_narrows_the_interval_of_two_nearly_equal_strategies() {
    let dir = scratch("duel-paired");
    let file = dir.join("toss9.toml");
    std::fs::write(&file, "strategy = \"heuristic\"\nspeed_master_toss = 9\n").unwrap();
    let strategies = format!("heuristic,{}", file.display());
    duel(&dir, "near", &["drift", "--games", "2000", "--strategies", &strategies]);
    let (v, low, high, unpaired, _) = pair(&dir, "near", "heuristic", file.to_str().unwrap(), "win_rate");
    let paired = (high - low) / 2.0;
    assert!(paired > 0.0 && paired < unpaired / 3.0, "{v}: paired ±{paired}, unpaired ±{unpaired}");
}

#[test]
fn every_seating_order_makes_pairs_the_differences_of_own_values() {
    let dir = scratch("duel-permutations");
    let bots = ["random", "efficiency", "defensive"];
    duel(
        &dir,
        "goto",
        &[
            "mahjong",
            "--rules",
            "goto",
            "--games",
            "3",
            "--permutations",
            "all",
            "--strategies",
            "random,efficiency,defensive",
        ],
    );
    let own = |s: &str, m: &str| pair(&dir, "goto", s, s, m).0;
    // Every game seats each bot once: their places are 1, 2 and 3, one of them first.
    let ranks: f64 = bots.iter().map(|s| own(s, "average_rank")).sum();
    let firsts: f64 = bots.iter().map(|s| own(s, "first_place")).sum();
    assert!((ranks - 6.0).abs() < 1e-9 && (firsts - 1.0).abs() < 1e-9, "{ranks} {firsts}");
    for (f, o) in [("random", "efficiency"), ("efficiency", "defensive"), ("defensive", "random")] {
        for m in ["average_rank", "first_place", "points", "chips"] {
            let (d, ..) = pair(&dir, "goto", f, o, m);
            assert!((d - (own(f, m) - own(o, m))).abs() < 1e-6, "{f} − {o} {m}: {d}");
            assert!((d + pair(&dir, "goto", o, f, m).0).abs() < 1e-9, "{f}, {o} {m}: antisymmetric");
        }
    }
    // Three deals of 6 orders each: 18 games behind every row, 9 pairs of 4 metrics (Gotō's
    // table pays chips).
    let table = csv(&dir, "goto", "duel");
    let games = table.lines().next().unwrap().split(',').position(|h| h == "games").unwrap();
    let rows: Vec<&str> = table.lines().skip(1).map(|l| l.split(',').nth(games).unwrap()).collect();
    assert!(rows.len() == 36 && rows.iter().all(|g| *g == "18"), "{rows:?}");
    // Four copies of one bot: every order is the same game, so each name's own place is
    // the mean place exactly and every difference is 0 with a zero-width interval.
    let text = engine::mahjong::table::BOT_PRESETS.iter().find(|p| p.0 == "efficiency").unwrap().1;
    let copies: Vec<String> = (0..3)
        .map(|i| {
            let file = dir.join(format!("copy{i}.toml"));
            std::fs::write(&file, text).unwrap();
            file.display().to_string()
        })
        .collect();
    let strategies = format!("efficiency,{}", copies.join(","));
    duel(&dir, "same", &["mahjong", "--games", "2", "--permutations", "all", "--strategies", &strategies]);
    assert_eq!(pair(&dir, "same", "efficiency", "efficiency", "average_rank").0, 2.5);
    assert_eq!(pair(&dir, "same", "efficiency", &copies[0], "average_rank").0, 0.0);
    let (d, low, high, ..) = pair(&dir, "same", &copies[1], &copies[2], "points");
    assert_eq!((d, low, high), (0.0, 0.0, 0.0));
}

/// Issue 29, item 1: every row's `p_value` in the `duel` table is the test of that row's
/// own value and interval against the neutral value (at three and four seats the pair's
/// mirror is other games, with another p-value), recomputed here with `two_sided_p`.
#[test]
fn every_duel_row_prints_the_p_value_of_its_own_interval() {
    let dir = scratch("duel-own-p");
    // (study, arguments, neutral value, strategies)
    let cases: [(&str, &[&str], f64, usize); 4] = [
        ("ron2", &["mahjong", "--games", "6", "--strategies", "efficiency,defensive"], 2.5, 2),
        (
            "goto",
            &["mahjong", "--rules", "goto", "--games", "4", "--strategies", "random,efficiency,defensive"],
            2.0,
            3,
        ),
        ("drift", &["drift", "--games", "300"], 0.5, 4),
        (
            "orders",
            &[
                "mahjong",
                "--rules",
                "goto",
                "--games",
                "2",
                "--permutations",
                "all",
                "--strategies",
                "random,efficiency,defensive",
            ],
            0.0,
            3,
        ),
    ];
    for (name, args, neutral, strategies) in cases {
        duel(&dir, name, args);
        let text = csv(&dir, name, "duel");
        let mut lines = text.lines();
        let header: Vec<&str> = lines.next().unwrap().split(',').collect();
        let col = |c: &str| header.iter().position(|h| *h == c).unwrap();
        let mut checked = 0;
        for row in lines.map(|l| l.split(',').collect::<Vec<_>>()).filter(|r| !r[col("p_value")].is_empty()) {
            let num = |c: &str| row[col(c)].parse::<f64>().unwrap();
            let ci = Interval { low: num("ci_low"), high: num("ci_high") };
            let own = two_sided_p(num("value") - neutral, ci);
            let printed = num("p_value");
            assert!((own - printed).abs() <= 1e-9 * own.max(1e-300), "{name} {row:?}: own p {own}, printed {printed}");
            checked += 1;
        }
        assert_eq!(checked, strategies * (strategies - 1), "{name}: every ordered pair of distinct strategies");
    }
}

#[test]
fn bad_strategy_lists_are_refused_in_one_line() {
    let dir = scratch("duel-bad");
    for (strategies, says) in
        [("heuristic", "at least two"), ("heuristic,heuristic", "named twice"), ("heuristic,nope", "nope")]
    {
        let o = sim(&["duel", "drift", "--strategies", strategies, "--out", dir.to_str().unwrap(), "--quiet"], "");
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(!o.status.success() && err.contains(says) && err.trim().lines().count() == 1, "{strategies}: {err}");
    }
    let out = dir.to_str().unwrap();
    for (args, says) in [
        (&["mahjong", "--permutations", "all", "--strategies", "random,efficiency"][..], "one strategy per seat"),
        (&["mahjong", "--rules", "goto", "--permutations", "all", "--strategies", "random,efficiency"][..], "3 seats"),
    ] {
        let mut all = vec!["duel"];
        all.extend_from_slice(args);
        all.extend_from_slice(&["--out", out, "--quiet"]);
        let o = sim(&all, "");
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(!o.status.success() && err.contains(says) && err.trim().lines().count() == 1, "{args:?}: {err}");
    }
    assert!(!dir.join("notebooks-data").exists(), "nothing written");
}
