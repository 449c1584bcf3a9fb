//! `sim sweep`: variants on the same games as the base, paired intervals, a variant that
//! changes nothing differs by exactly zero, one overridden key equals a study of an edited
//! file (for every game, Gotō's chips too), the same numbers at any thread count and from merged shards,
//! `--until` and its cap and record, `--games` and `--seed` over the file's, and bad sweep
//! files refused with nothing written.

mod common;

use common::{csv, scratch, sim};
use std::path::Path;

const HEAD: &str = "game = \"mahjong\"\nbase = \"ron2-dojo\"\nbots = \"efficiency\"\ngames = 60\nseed = 3\n";

fn write(dir: &Path, name: &str, text: &str) -> String {
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path.to_str().unwrap().to_string()
}

/// The `sweep` table's rows as (variant, metric, columns…) split on commas.
fn rows(root: &Path, study: &str) -> Vec<Vec<String>> {
    csv(root, study, "sweep").lines().skip(1).map(|l| l.split(',').map(String::from).collect()).collect()
}

/// The position of `column` in the `sweep` table.
fn column(root: &Path, study: &str, column: &str) -> usize {
    let header = csv(root, study, "sweep").lines().next().unwrap().to_string();
    header.split(',').position(|h| h == column).unwrap_or_else(|| panic!("no column {column}"))
}

/// The sweep's base value and `variant`'s value of `metric`.
fn swept(root: &Path, variant: &str, metric: &str) -> (f64, f64) {
    let table = rows(root, "sweep");
    let row = table.iter().find(|r| r[0] == variant && r[1] == metric).unwrap_or_else(|| panic!("{variant} {metric}"));
    (row[2].parse().unwrap(), row[4].parse().unwrap())
}

/// The number in `column` of a study's table `table`, in the first row whose first field is
/// `key` (the first row when `key` is empty).
fn cell(root: &Path, study: &str, table: &str, key: &str, column: &str) -> f64 {
    let text = csv(root, study, table);
    let mut lines = text.lines();
    let header: Vec<&str> = lines.next().unwrap().split(',').collect();
    let k = header.iter().position(|h| *h == column).unwrap_or_else(|| panic!("no column {column} in {table}"));
    let row = lines.map(|l| l.split(',').collect::<Vec<_>>()).find(|r| key.is_empty() || r[0] == key).unwrap();
    row[k].parse().unwrap()
}

/// A shipped preset's text with `from` replaced by `to` (which must change it).
fn edited(preset: &str, from: &str, to: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../engine/src").join(preset);
    let text = std::fs::read_to_string(path).unwrap();
    assert!(text.contains(from), "{preset} has `{from}`");
    text.replace(from, to)
}

/// Asserts that a study's numbers equal a variant's in the sweep, as (what, study, (sweep
/// base, sweep variant)), and that the variant moved at least one of them from the base.
fn agree(pairs: &[(&str, f64, (f64, f64))]) {
    for (what, study, (_, sweep)) in pairs {
        assert!((study - sweep).abs() < 1e-12, "{what}: study {study} vs sweep {sweep}");
    }
    assert!(pairs.iter().any(|(_, _, (base, v))| base != v), "the key changed the games: {pairs:?}");
}

fn run(args: &[&str]) -> String {
    let o = sim(args, "");
    assert!(o.status.success(), "{args:?}: {}", String::from_utf8_lossy(&o.stderr));
    String::from_utf8(o.stdout).unwrap()
}

#[test]
fn an_unchanged_variant_differs_by_zero_and_pairing_narrows_a_small_change() {
    let dir = scratch("sweep-zero");
    let file = write(
        &dir,
        "s.toml",
        &format!(
            "{HEAD}metrics = [\"points_seat0\", \"win_rate\", \"average_win\"]\n\
             [[variant]]\nname = \"same\"\nstart_points = 30000\n\
             [[variant]]\nname = \"honba 600\"\nscoring.payment.honba = 600\n"
        ),
    );
    let out = dir.to_str().unwrap();
    run(&["sweep", &file, "--out", out, "--quiet"]);
    let table = rows(&dir, "sweep");
    // variant, metric, base, base_ci_half, value, value_ci_half, diff, diff_ci_low, diff_ci_high, unpaired_ci_half
    for r in table.iter().filter(|r| r[0] == "same") {
        assert_eq!((r[6].as_str(), r[7].as_str(), r[8].as_str()), ("0.0", "0.0", "0.0"), "{r:?}");
        assert!(r[9].parse::<f64>().unwrap() > 0.0, "the unpaired interval has width: {r:?}");
    }
    let honba = table.iter().find(|r| r[0] == "honba 600" && r[1] == "points_seat0").unwrap();
    let (low, high, unpaired): (f64, f64, f64) =
        (honba[7].parse().unwrap(), honba[8].parse().unwrap(), honba[9].parse().unwrap());
    assert!(high > low && (high - low) / 2.0 < unpaired / 3.0, "paired much narrower than unpaired: {honba:?}");
}

#[test]
fn one_overridden_key_equals_a_study_of_the_edited_file() {
    let dir = scratch("sweep-edited");
    let file = write(
        &dir,
        "s.toml",
        &format!("{HEAD}metrics = [\"win_rate\", \"hands\"]\n[[variant]]\nname = \"tonpuu\"\nlength = \"tonpuu\"\n"),
    );
    let edited = write(&dir, "tonpuu.toml", "extends = \"ron2-dojo\"\nlength = \"tonpuu\"\n");
    let out = dir.to_str().unwrap();
    run(&["sweep", &file, "--out", out, "--quiet"]);
    run(&[
        "mahjong",
        "play",
        "--rules",
        &edited,
        "--bots",
        "efficiency",
        "--games",
        "60",
        "--seed",
        "3",
        "--out",
        out,
        "--quiet",
    ]);
    let win = csv(&dir, "mahjong", "rates")
        .lines()
        .find(|l| l.starts_with("win,"))
        .unwrap()
        .split(',')
        .nth(1)
        .unwrap()
        .parse::<f64>()
        .unwrap();
    let table = rows(&dir, "sweep");
    let swept = table.iter().find(|r| r[0] == "tonpuu" && r[1] == "win_rate").unwrap()[4].parse::<f64>().unwrap();
    assert!((win - swept).abs() < 1e-12, "study {win} vs sweep {swept}");
}

#[test]
fn rackup_one_overridden_key_equals_a_study_of_the_edited_profile() {
    let dir = scratch("sweep-rackup");
    let text = "game = \"rackup\"\nbase = \"default\"\nstrategy = \"heuristic\"\ngames = 300\nseed = 3\n\
                [[variant]]\nname = \"ryuusei\"\nyaku.ryuusei = [1, 3, 3]\n";
    let file = write(&dir, "s.toml", text);
    let profile =
        write(&dir, "p.toml", &edited("rackup/presets/default.toml", "ryuusei = [1, 3, 1]", "ryuusei = [1, 3, 3]"));
    let out = dir.to_str().unwrap();
    run(&["sweep", &file, "--out", out, "--quiet"]);
    run(&["rackup", "--profile", &profile, "--games", "300", "--seed", "3", "--out", out, "--quiet"]);
    let study = |column: &str| cell(&dir, "rackup", "arms", "baseline", column);
    agree(&[
        ("A's result", study("a_win_rate"), swept(&dir, "ryuusei", "a_result")),
        ("A's points", study("a_points_mean"), swept(&dir, "ryuusei", "a_points")),
        ("rounds", study("rounds_mean"), swept(&dir, "ryuusei", "rounds")),
    ]);
}

#[test]
fn drift_one_overridden_key_equals_a_study_of_the_edited_rules() {
    let dir = scratch("sweep-drift");
    let text = "game = \"drift\"\nbase = \"default\"\nlineup = \"example\"\ngames = 600\nseed = 3\n\
                [[variant]]\nname = \"no jokers\"\njokers = 0\n";
    let file = write(&dir, "s.toml", text);
    let rules = write(&dir, "r.toml", &edited("drift/presets/rules_default.toml", "jokers = 2", "jokers = 0"));
    let out = dir.to_str().unwrap();
    run(&["sweep", &file, "--out", out, "--quiet"]);
    run(&["drift", "--mode", "chase", "--rules", &rules, "--games", "600", "--seed", "3", "--out", out, "--quiet"]);
    let study = |column: &str| cell(&dir, "drift", "summary", "", column);
    agree(&[
        ("exchanges", study("exchanges_per_battle"), swept(&dir, "no jokers", "rounds")),
        ("chaser's rate", study("chaser_exchange_rate"), swept(&dir, "no jokers", "chaser_scores")),
    ]);
}

#[test]
fn medarot_one_overridden_key_equals_a_study_of_the_edited_rules() {
    let dir = scratch("sweep-medarot");
    let text = "game = \"medarot\"\nbase = \"advance\"\ngames = 300\nseed = 3\n\
                [[variant]]\nname = \"25 HP\"\nbase_hp = 25\n";
    let file = write(&dir, "s.toml", text);
    let rules = write(&dir, "r.toml", &edited("medarot/presets/rules_advance.toml", "base_hp = 20", "base_hp = 25"));
    let out = dir.to_str().unwrap();
    run(&["sweep", &file, "--out", out, "--quiet"]);
    run(&["medarot", "--rules", &rules, "--games", "300", "--seed", "3", "--out", out, "--quiet"]);
    let study = |column: &str| cell(&dir, "medarot", "summary", "", column);
    agree(&[
        ("first actor", study("first_actor_win_rate"), swept(&dir, "25 HP", "first_actor")),
        ("turns", study("turns_mean"), swept(&dir, "25 HP", "turns")),
        ("Shooters", cell(&dir, "medarot", "decks", "Shooters", "win_rate"), swept(&dir, "25 HP", "deck.Shooters")),
    ]);
}

#[test]
fn goto_chips_one_overridden_key_equals_the_chip_study_of_the_edited_table() {
    let dir = scratch("sweep-goto");
    let text = "game = \"mahjong\"\nbase = \"goto-cutbi\"\nbots = \"efficiency\"\ngames = 40\nseed = 3\n\
                metrics = [\"chips_moved\", \"chips_lose_50\", \"win_rate\"]\n\
                [[variant]]\nname = \"red 3\"\nchips.red = 3\n";
    let file = write(&dir, "s.toml", text);
    let table = write(&dir, "t.toml", "extends = \"goto-cutbi\"\n[chips]\nred = 3\n");
    let out = dir.to_str().unwrap();
    run(&["sweep", &file, "--out", out, "--quiet"]);
    run(&[
        "mahjong",
        "chips",
        "--rules",
        "goto-cutbi",
        "--compare",
        &table,
        "--bots",
        "efficiency",
        "--rotation",
        "fixed",
        "--session",
        "1",
        "--games",
        "40",
        "--seed",
        "3",
        "--out",
        out,
        "--quiet",
    ]);
    // The chips tables lead with the bot model, then the arm.
    let study = |arm: &str, column: &str| {
        let text = csv(&dir, "goto-chips", "chips_summary");
        let mut lines = text.lines();
        let header: Vec<&str> = lines.next().unwrap().split(',').collect();
        let k = header.iter().position(|h| *h == column).unwrap_or_else(|| panic!("no column {column}"));
        let row = lines.map(|l| l.split(',').collect::<Vec<_>>()).find(|r| r[1] == arm).unwrap();
        row[k].parse::<f64>().unwrap()
    };
    agree(&[
        ("chips moved", study(&table, "mean_abs_chips"), swept(&dir, "red 3", "chips_moved")),
        ("losing 50", study(&table, "p_lose_50"), swept(&dir, "red 3", "chips_lose_50")),
    ]);
    let base = swept(&dir, "red 3", "chips_moved").0;
    assert!((study("goto-cutbi", "mean_abs_chips") - base).abs() < 1e-12, "the base arm agrees too");
    let (win, win_variant) = swept(&dir, "red 3", "win_rate");
    assert_eq!(win, win_variant, "a chip rule leaves the play alone");
}

/// Issue 29, items 3 and 5: the summary's largest effects per metric are ordered by |z|,
/// each z signed and equal to the table's difference over its paired standard error; a
/// metric no variant changes (the bots ignore the chips, so the win rate is the same games)
/// lists none, and its comparisons are left out of Holm's family (no `p_holm`), as said.
#[test]
fn largest_effects_are_ordered_by_z_and_identical_variants_are_left_out() {
    let dir = scratch("sweep-largest");
    let text = "game = \"mahjong\"\nbase = \"goto-cutbi\"\nbots = \"efficiency\"\ngames = 40\nseed = 3\n\
                metrics = [\"chips_moved\", \"chips_lose_50\", \"win_rate\"]\n\
                [[variant]]\nname = \"end of hand\"\nchips.cutbi.timing = \"end_of_hand\"\n\
                [[variant]]\nname = \"home run 3\"\nchips.cutbi.homerun = 3\n\
                [[variant]]\nname = \"red 2\"\nchips.red = 2\n\
                [[variant]]\nname = \"no ura\"\nchips.ura = 0\n";
    let file = write(&dir, "s.toml", text);
    run(&["sweep", &file, "--out", dir.to_str().unwrap(), "--quiet"]);
    let summary = std::fs::read_to_string(dir.join("notebooks-data/sweep/summary.txt")).unwrap();
    let listed = |metric: &str| {
        let start = summary.find("largest effects").expect("a largest-effects list");
        let line = summary[start..].lines().find(|l| l.trim_start().starts_with(&format!("{metric} "))).unwrap();
        line.trim_start()[metric.len()..].trim().to_string()
    };
    assert_eq!(listed("win_rate"), "none: every variant is identical to the base", "{summary}");
    let z95 = 1.959_963_984_540_054;
    let table = rows(&dir, "sweep");
    for metric in ["chips_moved", "chips_lose_50"] {
        let mut last = f64::INFINITY;
        for entry in listed(metric).split("; ") {
            let (name, rest) = entry.split_once(" (").unwrap();
            let z: f64 = rest.split("z ").nth(1).unwrap().trim_end_matches(')').parse().unwrap();
            let row = table.iter().find(|r| r[0] == name && r[1] == metric).unwrap();
            let num = |c: usize| row[c].parse::<f64>().unwrap();
            let own = num(6) / ((num(8) - num(7)) / 2.0 / z95);
            assert!((z - own).abs() <= 0.05 + 1e-9, "{metric} {name}: printed z {z}, the table's {own}");
            assert!(z.abs() <= last + 0.1, "{metric}: ordered by |z|, {z} after {last}");
            last = z.abs();
        }
    }
    let p_holm = column(&dir, "sweep", "p_holm");
    assert!(table.iter().all(|r| (r[1] == "win_rate") == r[p_holm].is_empty()), "only the identical rows left out");
    assert!(summary.contains("8 comparisons (left out: 4 identical by construction"), "{summary}");
}

#[test]
fn sweeps_agree_across_threads_and_merged_shards() {
    let dir = scratch("sweep-shards");
    let file = write(&dir, "s.toml", &format!("{HEAD}[[variant]]\nname = \"no chi\"\nchi = false\n"));
    let out = dir.to_str().unwrap();
    run(&["sweep", &file, "--out", out, "--study", "one", "--threads", "1", "--quiet"]);
    run(&["sweep", &file, "--out", out, "--study", "two", "--threads", "2", "--quiet"]);
    run(&["sweep", &file, "--out", out, "--study", "a", "--shard", "1/2", "--quiet"]);
    run(&["sweep", &file, "--out", out, "--study", "b", "--shard", "2/2", "--quiet"]);
    let (a, b) = (dir.join("notebooks-data/a"), dir.join("notebooks-data/b"));
    run(&["merge", a.to_str().unwrap(), b.to_str().unwrap(), "--out", out, "--study", "merged"]);
    let one = csv(&dir, "one", "sweep");
    assert_eq!(one, csv(&dir, "two", "sweep"));
    assert_eq!(one, csv(&dir, "merged", "sweep"));
}

#[test]
fn until_stops_within_a_batch_of_the_target_and_never_passes_the_cap() {
    let dir = scratch("sweep-until");
    let head = HEAD.replace("games = 60", "games = 20");
    let text = format!("{head}metrics = [\"hands\"]\n[[variant]]\nname = \"tonpuu\"\nlength = \"tonpuu\"\n");
    let file = write(&dir, "s.toml", &text);
    let out = dir.to_str().unwrap();
    // A tonpuu plays about half the hands, with a spread: the target takes a few batches.
    let s = run(&["sweep", &file, "--out", out, "--until", "hands ±0.3", "--max-games", "400", "--quiet"]);
    let needed: u64 = s.split("met after ").nth(1).unwrap().split(' ').next().unwrap().parse().unwrap();
    assert!(needed.is_multiple_of(20) && (60..=400).contains(&needed), "{s}");
    let games: u64 = rows(&dir, "sweep")[0][column(&dir, "sweep", "games")].parse().unwrap();
    assert_eq!(games, needed, "stopped at the batch that met the target");
    // An impossible target stops at the cap, cut to it.
    let capped = ["--until", "hands ±0.000001", "--max-games", "50", "--force", "--quiet"];
    let s = run(&[&["sweep", &file, "--out", out][..], &capped].concat());
    assert!(s.contains("NOT met: stopped by the cap of 50 games"), "{s}");
    assert_eq!(rows(&dir, "sweep")[0][column(&dir, "sweep", "games")], "50");
}

/// Issue 29 items 3 and 5: `--games` and `--seed` override the file's and are recorded in
/// the study's parameters; the `--until` record heads `summary.txt` and is saved in
/// `state.json`; a variant that never differs from the base (a [0, 0]) does not meet a
/// target, the cap stops the run and the record says why.
#[test]
fn sweep_games_and_seed_options_and_the_until_record_are_kept() {
    let dir = scratch("sweep-options");
    let out = dir.to_str().unwrap();
    let body = "metrics = [\"hands\"]\n[[variant]]\nname = \"same\"\nstart_points = 30000\n";
    let file = write(&dir, "s.toml", &format!("{HEAD}{body}"));
    let grown = ["--until", "hands ±0.5", "--max-games", "60", "--out", out, "--quiet"];
    let s = run(&[&["sweep", &file, "--games", "20", "--seed", "5"][..], &grown].concat());
    let line = "--until hands ±0.5: NOT met: stopped by the cap of 60 games (same: no variation seen";
    assert!(s.contains(line), "{s}");
    let saved = |study: &str, file: &str| std::fs::read_to_string(dir.join("notebooks-data").join(study).join(file));
    assert!(saved("sweep", "summary.txt").unwrap().starts_with(line), "summary.txt opens with the record");
    let state = saved("sweep", "state.json").unwrap();
    for part in [r#""games":20,"seed":5}"#, r#""coverage":{"games":60,"seed":5"#, r#""until":{"batch":20,"cap":60"#] {
        assert!(state.contains(part), "{part} in {state}");
    }
    assert!(state.contains(r#""met_after":null"#), "{state}");
    // The options play what the file would say with those values.
    run(&["sweep", &file, "--games", "20", "--seed", "5", "--study", "options", "--out", out, "--quiet"]);
    let edited = HEAD.replace("games = 60", "games = 20").replace("seed = 3", "seed = 5");
    let same = write(&dir, "t.toml", &format!("{edited}{body}"));
    run(&["sweep", &same, "--study", "edited", "--out", out, "--quiet"]);
    assert_eq!(csv(&dir, "options", "sweep"), csv(&dir, "edited", "sweep"));
    assert_eq!(rows(&dir, "options")[0][column(&dir, "options", "games")], "20");
}

#[test]
fn bad_sweep_files_are_refused_in_one_line_and_write_nothing() {
    let dir = scratch("sweep-bad");
    let cases = [
        (format!("{HEAD}[[variant]]\nname = \"x\"\nstart_point = 1\n"), "key `start_point` is not in the base file"),
        (
            format!("{HEAD}[[variant]]\nname = \"x\"\nstart_points = \"many\"\n"),
            "an integer in the base file, not a string",
        ),
        ("game = \"chess\"\nbase = \"x\"\ngames = 1\n".to_string(), "unknown game `chess`"),
        (HEAD.to_string(), "no variants"),
        (format!("{HEAD}[grid]\nscoring.payment.honbaa = [300, 600]\n"), "scoring.payment.honbaa"),
        (format!("{HEAD}metrics = [\"wins\"]\n[[variant]]\nname = \"x\"\nchi = false\n"), "unknown metric `wins`"),
        (format!("{HEAD}[[variant]]\nname = \"sanma\"\nscoring.tile_set = \"goto\"\n"), "variant `sanma`"),
        (
            "game = \"medarot\"\nbase = \"advance\"\ngames = 1\n[[variant]]\nname = \"x\"\ndecks.deck.0.name = \"y\"\n"
                .to_string(),
            "variant `x`: the decks' names and number must stay the base's",
        ),
    ];
    for (k, (text, expected)) in cases.iter().enumerate() {
        let file = write(&dir, &format!("bad{k}.toml"), text);
        let o = sim(&["sweep", &file, "--out", dir.to_str().unwrap(), "--quiet"], "");
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(!o.status.success() && err.contains(expected) && err.lines().count() == 1, "case {k}: {err}");
        assert!(err.contains("line") || [3, 5, 6, 7].contains(&k), "case {k} names the position: {err}");
        assert!(!dir.join("notebooks-data").exists(), "case {k} wrote output");
    }
}

#[test]
fn convergence_traces_the_running_difference_and_leaves_the_result_alone() {
    let dir = scratch("sweep-convergence");
    let file = write(
        &dir,
        "s.toml",
        &format!("{HEAD}metrics = [\"hands\"]\n[[variant]]\nname = \"tonpuu\"\nlength = \"tonpuu\"\n"),
    );
    let out = dir.to_str().unwrap();
    run(&["sweep", &file, "--out", out, "--study", "plain", "--quiet"]);
    run(&["sweep", &file, "--out", out, "--study", "traced", "--convergence", "--quiet"]);
    assert_eq!(csv(&dir, "plain", "sweep"), csv(&dir, "traced", "sweep"));
    let trace = csv(&dir, "traced", "convergence");
    let games: Vec<&str> = trace.lines().skip(1).map(|l| l.split(',').next().unwrap()).collect();
    // 60 games in 20 batches of 3, one row each (one variant, one metric).
    assert_eq!(games.len(), 20);
    assert_eq!((games[0], games[19]), ("3", "60"));
    assert!(dir.join("reports/traced/convergence_hands.png").exists());
}

/// 八連荘 is in the table presets (issue 35), so a sweep varies `paarenchan` like any key.
#[test]
fn a_sweep_varies_paarenchan_from_the_preset() {
    let dir = scratch("sweep-paarenchan");
    let text = format!("{HEAD}metrics = [\"average_win\"]\n[[variant]]\nname = \"paarenchan 2\"\npaarenchan = 2\n");
    let file = write(&dir, "s.toml", &text);
    run(&["sweep", &file, "--out", dir.to_str().unwrap(), "--quiet"]);
    let table = rows(&dir, "sweep");
    let r = table.iter().find(|r| r[0] == "paarenchan 2" && r[1] == "average_win").unwrap();
    assert!(r[6].parse::<f64>().unwrap() > 0.0, "a dealer's second win in a row is a yakuman: {r:?}");
}

/// Issue 35: per-item chips at a four-seat table. A Ron2 base with a `[chips]` section (four
/// rank places, 一発ツモ) reports the chip metrics, and a chip key moves them alone.
#[test]
fn a_four_seat_table_with_chips_sweeps_its_chip_items() {
    let dir = scratch("sweep-four-chips");
    let goto = edited("mahjong/presets/table_goto.toml", "rank = [30, -10, -20]", "rank = [30, 10, -10, -30]");
    let chips =
        goto[goto.find("[chips]").unwrap()..].replace("rank_kubi = [20, 0, -20]", "rank_kubi = [20, 10, -10, -20]");
    write(&dir, "four.toml", &format!("extends = \"ron2-dojo\"\nname = \"ron2-chips\"\n{chips}ippatsu_tsumo = 1\n"));
    let text = "game = \"mahjong\"\nbase = \"four.toml\"\nbots = \"efficiency\"\ngames = 30\nseed = 3\n\
                metrics = [\"chips_moved\", \"win_rate\"]\n[[variant]]\nname = \"ura 3\"\nchips.ura = 3\n";
    let file = write(&dir, "s.toml", text);
    run(&["sweep", &file, "--out", dir.to_str().unwrap(), "--quiet"]);
    let (moved, moved_ura) = swept(&dir, "ura 3", "chips_moved");
    assert!(moved > 0.0 && moved_ura > moved, "{moved} {moved_ura}");
    let (win, win_variant) = swept(&dir, "ura 3", "win_rate");
    assert_eq!(win, win_variant, "a chip rule leaves the play alone");
}

/// Issue 35: 青ドラ priced by a sweep. At the shipped `ron2-blue` table a sweep names
/// `yaku.ao_dora` (by default too), and `scoring.yaku.ao_dora = 2` raises the average win on
/// the same games; at a table without blue fives no metric names it.
#[test]
fn a_sweep_prices_blue_fives_and_names_ao_dora_only_where_the_set_has_them() {
    let dir = scratch("sweep-ao-dora");
    let text = "game = \"mahjong\"\nbase = \"ron2-blue\"\nbots = \"efficiency\"\ngames = 200\nseed = 3\n\
                [[variant]]\nname = \"ao_dora 2\"\nscoring.yaku.ao_dora = 2\n";
    let file = write(&dir, "s.toml", text);
    run(&["sweep", &file, "--out", dir.to_str().unwrap(), "--quiet"]);
    let (share, share_2) = swept(&dir, "ao_dora 2", "yaku.ao_dora");
    assert!(share > 0.0 && share_2 > 0.0, "{share} {share_2}");
    let table = rows(&dir, "sweep");
    let row = table.iter().find(|r| r[0] == "ao_dora 2" && r[1] == "average_win").unwrap();
    let low = column(&dir, "sweep", "diff_ci_low");
    assert!(row[low].parse::<f64>().unwrap() > 0.0, "a blue five worth 2 han pays more: {row:?}");
    let plain = scratch("sweep-no-ao-dora");
    let text = format!("{HEAD}[[variant]]\nname = \"tanyao open\"\nscoring.yaku.han.tanyao = [1, 0]\n");
    let file = write(&plain, "s.toml", &text);
    run(&["sweep", &file, "--out", plain.to_str().unwrap(), "--quiet"]);
    assert!(rows(&plain, "sweep").iter().all(|r| r[1] != "yaku.ao_dora") && !rows(&plain, "sweep").is_empty());
}
