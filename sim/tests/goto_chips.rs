//! Gotō chips end to end: the seed's worked chip examples (GOTO-SPEC §13) through the
//! one-hand calculator (`sim mahjong score --rules goto|goto-cutbi`), and the paired chip
//! study (`sim mahjong chips`): deterministic by threads, shards merging to the whole run,
//! bad input refused in one line.

mod common;

use common::{csv, scratch, sim};
use serde_json::Value;

/// A riichi tsumo (or ron) situation for the calculator: pinzu chinitsu with ittsu and a red
/// five (11 han before dora), `extra` JSON fields appended.
fn line(seat: &str, extra: &str) -> String {
    format!(
        r#"{{"id":1,"closed":"123406789p11155p","melds":[],"win":"9p","tsumo":true,"riichi":true,
        "double_riichi":false,"ippatsu":false,"rinshan":false,"chankan":false,"haitei":false,"houtei":false,
        "seat_wind":"{seat}","round_wind":"E","dealer":{},"dora_indicators":"1z","ura_indicators":"1z",
        "honba":0,"riichi_sticks":0{extra}}}"#,
        seat == "E"
    )
    .replace('\n', "")
}

/// The calculator's answer to one line under `rules`.
fn calc(rules: &str, input: &str) -> Value {
    let o = sim(&["mahjong", "score", "--rules", rules], input);
    let out = String::from_utf8(o.stdout).unwrap();
    assert!(o.status.success(), "{out} {}", String::from_utf8_lossy(&o.stderr));
    serde_json::from_str(out.trim()).unwrap()
}

/// What `payer` pays in items `items` (all items when empty) in an answer.
fn paid(answer: &Value, payer: &str, items: &[&str]) -> i64 {
    answer["chips"]["transfers"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|t| t["payer"] == payer && (items.is_empty() || items.contains(&t["item"].as_str().unwrap())))
        .map(|t| t["chips"].as_i64().unwrap())
        .sum()
}

#[test]
fn the_seeds_cutbi_examples_through_the_calculator() {
    // §13: an HR winner's tsumo sanbaiman busting one Bases opponent.
    let one = line("E", r#","chips":{"states":["home_run","bases","bases"],"points_after":[85000,8000,-3000]}"#);
    let a = calc("goto-cutbi", &one);
    assert_eq!(a["limit"], "sanbaiman");
    assert_eq!(
        [paid(&a, "W", &["sanbaiman"]), paid(&a, "S", &["sanbaiman"]), paid(&a, "sit_out", &["sanbaiman"])],
        [12, 6, 6]
    );
    assert_eq!(paid(&a, "W", &["bust"]), 20, "the bust prize 5×4");
    // Both busted: ×6 on what each pays the winner.
    let two = line("E", r#","chips":{"states":["home_run","bases","bases"],"points_after":[105000,-1000,-1000]}"#);
    let a = calc("goto-cutbi", &two);
    assert_eq!([paid(&a, "W", &["sanbaiman"]), paid(&a, "S", &["sanbaiman"])], [18, 18]);
    assert_eq!([paid(&a, "W", &["bust"]), paid(&a, "S", &["double_bust"])], [30, 5]);
    // Plain Gotō on the same hand: no multipliers; the totals balance.
    let a = calc("goto", &one);
    assert_eq!(paid(&a, "W", &["sanbaiman", "bust"]), 3 + 5);
    let totals = a["chips"]["totals"].as_object().unwrap();
    assert_eq!(totals.values().map(|v| v.as_i64().unwrap()).sum::<i64>(), 0);
}

#[test]
fn the_seeds_plain_examples_through_the_calculator() {
    // G-C9: 14 han with summer = 8 from everyone (riichi ippatsu tsumo, two dora).
    let summer = line("E", r#","flowers":"2f","chips":{}"#)
        .replace(r#""ippatsu":false"#, r#""ippatsu":true"#)
        .replace(r#""dora_indicators":"1z""#, r#""dora_indicators":"8p2p""#);
    let a = calc("goto", &summer);
    assert_eq!(a["han"], 14, "{a}");
    for payer in ["S", "W", "sit_out"] {
        assert_eq!(paid(&a, payer, &["yakuman", "summer"]), 8, "{payer}");
    }
    // G-C11: nagashi with 2 norths and summer = a dice chance + 9 from each opponent, 7 from the sit-out.
    let nagashi = line("S", r#","nagashi":true,"nuki":2,"flowers":"2f","chips":{"dice":[1,2,3,4]}"#);
    let a = calc("goto", &nagashi);
    let to_winner = ["north", "yakuman", "summer"];
    assert_eq!([paid(&a, "E", &to_winner), paid(&a, "W", &to_winner), paid(&a, "sit_out", &to_winner)], [9, 9, 7]);
    assert_eq!(paid(&a, "E", &["dice"]), 1 + 2 + 3 + 4, "the dice as given");
    // G-F2: spring and summer at once = 2 from everyone, then autumn 1 more.
    let spring = line("E", r#","flowers":"123f","chips":{"extractions":[[0,"1f"],[0,"2f"],[0,"3f"]]}"#);
    assert_eq!(paid(&calc("goto", &spring), "S", &["spring"]), 3);
    // G-F2: summer and autumn held, then spring = 3 (a non-winner's flowers).
    let held = line("E", r#","chips":{"extractions":[[1,"2f"],[1,"3f"],[1,"1f"]]}"#);
    assert_eq!(paid(&calc("goto", &held), "W", &["spring"]), 3);
    // G-E4: −12,000 pays 6.
    let bust = line("E", r#","chips":{"points_after":[70000,47000,-12000]}"#);
    assert_eq!(paid(&calc("goto", &bust), "W", &["bust"]), 6);
}

#[test]
fn shanten_takes_the_table_presets_scoring_rules_too() {
    let o = sim(&["mahjong", "shanten", "--rules", "goto-cutbi"], "19m19p19s1234567z\n");
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(o.status.success() && out.contains("\"shanten\":0"), "{out}");
}

/// Issue 34, item 7: a double ron, an exhaustive draw, a chombo and a forced deal-in, each as
/// the ledger settles it in the study; the first dealer breaks a tie of the final points.
#[test]
fn the_calculator_settles_double_rons_draws_chombo_and_forced_deal_ins() {
    // A double ron off West: South's and East's hands (the line's is East's), each paid by West.
    let south = line("S", "").replace(r#""tsumo":true"#, r#""tsumo":false"#);
    let double = line("E", &format!(r#","chips":{{"from":2,"double_ron":{south}}}"#))
        .replace(r#""tsumo":true"#, r#""tsumo":false"#);
    let a = calc("goto", &double);
    assert_eq!((a["limit"].as_str(), a["double_ron"]["limit"].as_str()), (Some("baiman"), Some("baiman")));
    let red = |to: &str| {
        let list = a["chips"]["transfers"].as_array().unwrap();
        list.iter().filter(|t| t["item"] == "red" && t["receiver"] == to && t["payer"] == "W").count()
    };
    assert_eq!((red("E"), red("S")), (1, 1), "{a}");
    // An exhaustive draw: no hand on the line; the sit-out is paid 2 by each seat.
    let a = calc("goto", r#"{"id":7,"chips":{"ending":"draw"}}"#);
    assert_eq!(a["id"], 7);
    assert_eq!([paid(&a, "E", &[]), paid(&a, "S", &[]), paid(&a, "W", &[])], [2, 2, 2], "{a}");
    // A chombo by South with East tenpai on its hand as a ron off South: 5 to everyone, and
    // East's chips (its red five) all paid by South.
    let east = line("E", "").replace(r#""tsumo":true"#, r#""tsumo":false"#);
    let a = calc("goto", &format!(r#"{{"id":8,"chips":{{"ending":"chombo","offender":1,"tenpai":[{east}]}}}}"#));
    assert_eq!(paid(&a, "S", &["chombo"]), 15, "{a}");
    assert_eq!([paid(&a, "E", &[]), paid(&a, "W", &[]), paid(&a, "sit_out", &[])], [0, 0, 0], "{a}");
    assert_eq!(paid(&a, "S", &["red"]), 1, "{a}");
    // A forced deal-in: a 2-han riichi ron counts 13 han for its tier chips.
    let small = line("S", r#","chips":{"from":0,"forced":true}"#)
        .replace(r#""tsumo":true"#, r#""tsumo":false"#)
        .replace(r#""closed":"123406789p11155p""#, r#""closed":"123p456s789s111z55p""#)
        .replace(r#""win":"9p""#, r#""win":"1z""#);
    let a = calc("goto", &small);
    assert_eq!(paid(&a, "W", &["yakuman"]), 5, "{a}");
    // Its points as the ledger settles them too: 13 han, 四倍満, not the hand's own 2 han.
    assert_eq!((a["han"].as_u64(), a["limit"].as_str()), (Some(13), Some("kazoe_yakuman")), "{a}");
    assert_eq!((a["payment"]["ron"].as_u64(), a["points_total"].as_u64()), (Some(32_000), Some(32_000)), "{a}");
    let own = calc("goto", &small.replace(r#","forced":true"#, ""));
    assert_eq!((own["han"].as_u64(), own["limit"].as_str()), (Some(2), Some("")), "{own}");
    // Equal final points: the first dealer's seat order decides who is first.
    let end = |first: u8| {
        let l = line("E", &format!(r#","chips":{{"final_points":[50000,30000,50000],"first_dealer":{first}}}"#));
        calc("goto", &l)["chips"]["totals"]["E"].as_i64().unwrap()
    };
    assert_eq!(end(0) - end(2), 20, "East first from East (+20), second from West (0, the kubi table)");
    // A draw's line holds no hand.
    let o = sim(&["mahjong", "score", "--rules", "goto"], &line("E", r#","chips":{"ending":"draw"}"#));
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(!o.status.success() && out.contains("holds no hand") && out.lines().count() == 1, "{out}");
}

#[test]
fn the_calculator_refuses_what_it_cannot_settle_in_one_line() {
    let o = sim(&["mahjong", "score", "--rules", "ron2"], &line("E", r#","chips":{}"#));
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(!o.status.success() && out.contains("these rules have no chips"), "{out}");
    for (extra, says) in [
        (r#","chips":{"from":1}"#, "not a tsumo"),
        (r#","chips":{"dice":[1]}"#, "faces given"),
        (r#","chips":{"colour":1}"#, "colour"),
        (r#","chips":{"states":["pinch","bases","bases"]}"#, "pinch"),
    ] {
        let o = sim(&["mahjong", "score", "--rules", "goto"], &line("E", extra));
        let out = String::from_utf8_lossy(&o.stdout);
        assert!(!o.status.success() && out.contains(says) && out.lines().count() == 1, "{extra}: {out}");
    }
}

#[test]
fn the_chip_study_is_paired_deterministic_and_merges_its_shards() {
    let root = scratch("study");
    let run = |extra: &[&str], name: &str| {
        let mut args = vec!["mahjong", "chips", "--games", "400", "--seed", "3", "--quiet"];
        args.extend(["--out", root.to_str().unwrap(), "--study", name]);
        args.extend(extra);
        let o = sim(&args, "");
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        String::from_utf8(o.stdout).unwrap()
    };
    let summary = run(&["--threads", "1"], "one");
    run(&["--threads", "2"], "two");
    run(&["--shard", "1/2"], "half1");
    run(&["--shard", "2/2"], "half2");
    let shard = |name: &str| root.join(format!("notebooks-data/{name}")).to_str().unwrap().to_string();
    let o = sim(&["merge", &shard("half1"), &shard("half2"), "--out", root.to_str().unwrap(), "--study", "merged"], "");
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    for table in
        ["chips_summary", "chips_ratio", "chips_items", "chips_sessions", "chips_persons", "chips_sensitivity", "yaku"]
    {
        assert_eq!(csv(&root, "one", table), csv(&root, "two", table), "{table} by threads");
        assert_eq!(csv(&root, "one", table), csv(&root, "merged", table), "{table} merged");
    }
    for chart in ["chip_distribution", "session_distribution", "cutbi_ratio", "variance_by_item", "yaku_frequency"] {
        assert!(root.join(format!("reports/one/{chart}.png")).exists(), "{chart}");
    }
    assert!(summary.contains("goto-cutbi / goto (efficiency bots): mean |chips| ×") && summary.contains("verdict"));
    // The verdict names the range of each group of measures, per bot model and state timing.
    for bots in ["efficiency", "defensive"] {
        for reading in ["start-of-hand", "end-of-hand"] {
            let verdict = summary.lines().find(|l| l.contains("verdict") && l.contains(reading) && l.contains(bots));
            let verdict = verdict.unwrap_or_default();
            assert!(
                verdict.contains("typical swings grow ") && verdict.contains("session-loss tails grow "),
                "{summary}"
            );
        }
    }
    let sensitivity = csv(&root, "one", "chips_sensitivity");
    assert_eq!(
        sensitivity.lines().count(),
        1 + 3 * 2 * 6,
        "2 bot models with play unchanged and the default adapted one × 2 timings × 6 measures"
    );
    assert_eq!(sensitivity.lines().filter(|l| l.contains("goto-stakes")).count(), 2 * 6, "{sensitivity}");
    // Each bot model plays the sessions it would play alone: its rows are a one-model run's.
    run(&["--bots", "defensive"], "defensive");
    let rows = |name: &str, bots: &str| {
        let lines: Vec<String> = csv(&root, name, "chips_summary").lines().map(String::from).collect();
        lines.into_iter().filter(|l| l.starts_with(&format!("{bots},"))).collect::<Vec<_>>()
    };
    assert_eq!(rows("one", "defensive"), rows("defensive", "defensive"));
    assert_eq!(rows("one", "defensive").len(), 3, "three arms");
    assert_ne!(rows("one", "defensive"), rows("one", "efficiency"));
    // The base against itself: a ratio of exactly 1.
    let same = run(&["--compare", "goto", "--bots", "efficiency"], "same");
    assert!(same.contains("goto / goto (efficiency bots): mean |chips| ×1.000 [1.000, 1.000]"), "{same}");
    for (args, says) in [
        (vec!["--compare", "ron2-dojo"], "seat"),
        (vec!["--rules", "ron2-dojo"], "no [chips] section"),
        (
            vec!["--rules", "ron2-chips"],
            "name a file that `extends` --rules: table rules goto-cutbi: a 3-seat table: --rules ron2-chips has 4 seats",
        ),
        (vec!["--session", "7"], "whole number of sessions"),
    ] {
        let mut all = vec!["mahjong", "chips", "--games", "400", "--quiet", "--out", root.to_str().unwrap()];
        all.extend(args);
        let o = sim(&all, "");
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(!o.status.success() && err.contains(says) && err.lines().count() == 1, "{err}");
    }
    let file = root.join("house.toml");
    std::fs::write(&file, "extends = \"goto\"\nname = \"house\"\nstart_points = 30000\n").unwrap();
    let o = sim(&["mahjong", "chips", "--compare", file.to_str().unwrap(), "--games", "8", "--quiet"], "");
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(!o.status.success() && err.contains("more than its [chips] section"), "{err}");
}

/// Issue 35: the chip study at a four-seat table (`ron2-chips` against a file re-pricing its
/// red and ura chips): all four persons play every game, the chips of every game sum to zero
/// over the four seats, the paired ratio is the re-pricing's, and a rotation that needs a
/// sit-out is refused in one line.
#[test]
fn the_chip_study_plays_a_four_seat_table() {
    let root = scratch("four-seats");
    let repriced = root.join("red2.toml");
    std::fs::write(&repriced, "extends = \"ron2-chips\"\nname = \"red2\"\n[chips]\nred = 2\nura = 2\n").unwrap();
    let out = root.to_str().unwrap();
    let run = |extra: &[&str], name: &str| {
        let mut args = vec!["mahjong", "chips", "--rules", "ron2-chips", "--compare", repriced.to_str().unwrap()];
        args.extend(["--bots", "efficiency", "--games", "80", "--seed", "3", "--quiet", "--out", out, "--study", name]);
        args.extend(extra);
        let o = sim(&args, "");
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        (String::from_utf8(o.stdout).unwrap(), String::from_utf8(o.stderr).unwrap())
    };
    let (summary, warned) = run(&["--threads", "1", "--session-games", "10"], "one");
    assert_eq!(warned, "", "nobody sits out: no warning for a session of 10");
    run(&["--threads", "2", "--session-games", "10"], "two");
    for table in ["chips_summary", "chips_ratio", "chips_items", "chips_sessions", "chips_persons", "yaku"] {
        assert_eq!(csv(&root, "one", table), csv(&root, "two", table), "{table} by threads");
    }
    assert!(summary.starts_with("Chips at ron2-chips: 8 sessions of 10 games (80 games)"), "{summary}");
    assert!(!summary.contains("verdict") && !summary.contains("sat out"), "no cut-bi, no sit-out: {summary}");
    // Per arm: persons 0–3 and seats 0–3, each in all 80 games, their chips summing to zero.
    let persons = csv(&root, "one", "chips_persons");
    let header: Vec<&str> = persons.lines().next().unwrap().split(',').collect();
    let col = |name: &str| header.iter().position(|&h| h == name).unwrap();
    let lines: Vec<Vec<&str>> = persons.lines().skip(1).map(|l| l.split(',').collect()).collect();
    assert_eq!(lines.len(), 2 * 2 * 8, "efficiency and adapted goto-stakes × two arms × (four persons + four seats)");
    for arm in lines.chunks(8) {
        let who: Vec<&str> = arm.iter().map(|l| l[col("who")]).collect();
        assert_eq!(who, ["person 0", "person 1", "person 2", "person 3", "seat 0", "seat 1", "seat 2", "seat 3"]);
        assert!(arm.iter().all(|l| l[col("games")] == "80"), "{arm:?}");
        assert!(arm[..4].iter().all(|l| l[col("sat_out")] == "0"), "{arm:?}");
        for group in arm.chunks(4) {
            let total: f64 = group.iter().map(|l| l[col("mean_chips")].parse::<f64>().unwrap() * 80.0).sum();
            assert!(total.abs() < 1e-6, "chips sum to zero over the four seats: {total} in {group:?}");
        }
    }
    // Red and ura at 2 where they were 1, ippatsu and the tiers unchanged: between 1× and 2×.
    let ratio = csv(&root, "one", "chips_ratio");
    let moved = ratio.lines().find(|l| l.contains(",mean_abs_chips,")).unwrap();
    let value: f64 = moved.split(',').nth(4).unwrap().parse().unwrap();
    assert!(value > 1.2 && value < 2.0, "{moved}");
    // The items paid: red and ura, never a Gotō-only one.
    let items = csv(&root, "one", "chips_items");
    let paid = |item: &str| {
        let l = items.lines().find(|l| l.starts_with(&format!("efficiency,ron2-chips,{item},"))).unwrap();
        l.split(',').nth(4).unwrap().parse::<f64>().unwrap()
    };
    assert!(paid("red") > 0.0 && paid("ura") > 0.0);
    for item in ["north", "dice", "alice", "sit_out_draw", "rank", "bust"] {
        assert_eq!(paid(item), 0.0, "{item}");
    }
    assert!(!items.contains(",blue,") && !csv(&root, "one", "yaku").contains("ao_dora"), "no blue fives, no blue rows");
    // Last or top sitting out needs a sit-out.
    let mut args = vec!["mahjong", "chips", "--rules", "ron2-chips", "--compare", repriced.to_str().unwrap()];
    args.extend(["--rotation", "last", "--games", "8", "--quiet", "--out", out]);
    let o = sim(&args, "");
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(!o.status.success() && err.contains("four-seat table") && err.lines().count() == 1, "{err}");
}

/// Issue 35: blue fives at a four-seat chip table (a club's scoring file with a blue 5p, its
/// table paying 1 chip per blue five, against one paying 2): every game's chips sum to zero
/// over the four seats, the blue item is paid and tabulated, and `ao_dora` is in the yaku table.
#[test]
fn the_chip_study_plays_a_four_seat_table_with_blue_fives() {
    let root = scratch("four-seats-blue");
    let file = |name: &str, text: &str| {
        std::fs::write(root.join(name), text).unwrap();
        root.join(name).to_str().unwrap().to_string()
    };
    file(
        "club-scoring.toml",
        "extends = \"ron2\"\nname = \"club\"\ntile_set = { name = \"club\", manzu = \"full\", red_fives = \"5m5p5s\", \
         blue_fives = \"5p\" }\n",
    );
    let table = |name: &str, blue: u8| {
        file(
            &format!("{name}.toml"),
            &format!(
                "extends = \"ron2-chips\"\nname = \"{name}\"\nscoring = \"club-scoring.toml\"\n[chips]\nblue = {blue}\n"
            ),
        )
    };
    let (base, compare) = (table("blue1", 1), table("blue2", 2));
    let mut args = vec!["mahjong", "chips", "--rules", &base, "--compare", &compare, "--bots", "efficiency"];
    args.extend(["--adapted", "none", "--games", "80", "--session-games", "10", "--seed", "4", "--quiet"]);
    args.extend(["--out", root.to_str().unwrap(), "--study", "blue"]);
    let o = sim(&args, "");
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let persons = csv(&root, "blue", "chips_persons");
    let header: Vec<&str> = persons.lines().next().unwrap().split(',').collect();
    let col = |name: &str| header.iter().position(|&h| h == name).unwrap();
    let lines: Vec<Vec<&str>> = persons.lines().skip(1).map(|l| l.split(',').collect()).collect();
    assert_eq!(lines.len(), 2 * 8, "two arms × (four persons + four seats)");
    for group in lines.chunks(4) {
        let total: f64 = group.iter().map(|l| l[col("mean_chips")].parse::<f64>().unwrap() * 80.0).sum();
        assert!(total.abs() < 1e-6, "chips sum to zero over the four seats: {total} in {group:?}");
    }
    let items = csv(&root, "blue", "chips_items");
    // The blue rows, base arm first: 2 chips a piece moves twice the 1 of the same games.
    let paid: Vec<f64> = items
        .lines()
        .filter(|l| l.contains(",blue,per_tile,"))
        .map(|l| l.split(',').nth(4).unwrap().parse().unwrap())
        .collect();
    assert!(paid.len() == 2 && paid[0] > 0.0 && (paid[1] - 2.0 * paid[0]).abs() < 1e-9, "{items}");
    assert!(csv(&root, "blue", "yaku").lines().any(|l| l.starts_with("ao_dora,")));
}

/// The shipped club example `ron2-blue` plays in the chip study as the brief runs it (200
/// games), against itself re-priced to 1 chip per blue five: its items list blue, paid at
/// twice the compared file's on the same games, and its yaku table `ao_dora`.
#[test]
fn the_ron2_blue_preset_plays_in_the_chip_study() {
    let root = scratch("ron2-blue");
    let compare = root.join("blue1.toml");
    std::fs::write(&compare, "extends = \"ron2-blue\"\nname = \"blue1\"\n[chips]\nblue = 1\n").unwrap();
    let mut args = vec!["mahjong", "chips", "--rules", "ron2-blue", "--compare", compare.to_str().unwrap()];
    args.extend(["--games", "200", "--quiet", "--out", root.to_str().unwrap(), "--study", "blue"]);
    let o = sim(&args, "");
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let items = csv(&root, "blue", "chips_items");
    // The efficiency bots' blue rows, the preset's first.
    let paid: Vec<f64> = items
        .lines()
        .filter(|l| l.starts_with("efficiency,") && l.contains(",blue,per_tile,"))
        .map(|l| l.split(',').nth(4).unwrap().parse().unwrap())
        .collect();
    assert!(paid.len() == 2 && paid[1] > 0.0 && (paid[0] - 2.0 * paid[1]).abs() < 1e-9, "{items}");
    assert!(csv(&root, "blue", "yaku").lines().any(|l| l.starts_with("ao_dora,")));
}

/// The `sat_out` column of `chips_persons` for the base arm's persons 0–3.
fn sat_outs(root: &std::path::Path, study: &str) -> Vec<String> {
    let table = csv(root, study, "chips_persons");
    let header: Vec<&str> = table.lines().next().unwrap().split(',').collect();
    let col = header.iter().position(|&h| h == "sat_out").expect("a sat_out column");
    table.lines().skip(1).take(4).map(|l| l.split(',').nth(col).unwrap().to_string()).collect()
}

#[test]
fn issue_29_sessions_sit_everyone_out_equally_by_default_and_warn_otherwise() {
    let root = scratch("sit-outs");
    let out = root.to_str().unwrap();
    let run = |extra: &[&str], name: &str| {
        let mut args =
            vec!["mahjong", "chips", "--games", "40", "--seed", "3", "--quiet", "--out", out, "--study", name];
        args.extend(extra);
        let o = sim(&args, "");
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        String::from_utf8(o.stderr).unwrap()
    };
    // The default session is a multiple of the four persons: each sits out 10 of 40 games.
    assert_eq!(run(&[], "even"), "");
    assert_eq!(sat_outs(&root, "even"), ["10"; 4]);
    // Four sessions of 10 under the cycle: persons 3 and 0 sit out 3 games a session, 1 and 2 two.
    let warned = run(&["--session-games", "10"], "uneven");
    assert!(
        warned.starts_with("warning: --session-games 10 is not a multiple of the 4 persons")
            && warned.lines().count() == 1
    );
    assert_eq!(sat_outs(&root, "uneven"), ["12", "8", "8", "12"]);
    // Results decide who sits out under `last`; nobody does under `fixed`: no warning.
    assert_eq!(run(&["--session", "10", "--rotation", "last"], "last"), "");
    assert_eq!(run(&["--session", "10", "--rotation", "fixed"], "fixed"), "");
    // The table study warns too.
    let o = sim(
        &["mahjong", "play", "--rules", "goto", "--session-games", "5", "--games", "10", "--quiet", "--out", out],
        "",
    );
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(o.status.success() && err.starts_with("warning: --session-games 5"), "{err}");
}
