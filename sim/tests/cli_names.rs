//! Names and paths on the command line, and input that must not be accepted silently: a
//! preset name always means the built-in preset (whatever lies in the working folder), a
//! file needs a name that looks like a path, shipped presets work by their own path, and
//! empty files are errors that name the file kind.

mod common;

use common::{csv, scratch, sim, sim_in};
use std::path::Path;
use std::process::Output;

fn text(o: &Output) -> String {
    format!("{}{}", String::from_utf8_lossy(&o.stdout), String::from_utf8_lossy(&o.stderr))
}

/// The shipped file `engine/src/<rel>`, by its absolute path.
fn shipped(rel: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../engine/src").join(rel).to_string_lossy().into_owned()
}

#[test]
fn a_stray_file_named_like_a_preset_is_not_read() {
    let dir = scratch("stray");
    // A Gotō table (with chips) saved as `ron2`, and junk saved as `ron2-dojo`.
    std::fs::copy(shipped("mahjong/presets/table_goto.toml"), dir.join("ron2")).unwrap();
    std::fs::write(dir.join("ron2-dojo"), "junk = [").unwrap();
    let line = r#"{"id":1,"closed":"123406789p11155p","melds":[],"win":"9p","tsumo":true,"riichi":true,"double_riichi":false,"ippatsu":false,"rinshan":false,"chankan":false,"haitei":false,"houtei":false,"seat_wind":"E","round_wind":"E","dealer":true,"dora_indicators":"1z","ura_indicators":"1z","honba":0,"riichi_sticks":0,"chips":{}}"#;
    let o = sim_in(&dir, &["mahjong", "score", "--rules", "ron2"], line);
    assert!(!o.status.success() && text(&o).contains("these rules have no chips"), "{}", text(&o));
    let out = dir.join("out");
    let o = sim_in(&dir, &["mahjong", "play", "--games", "1", "--quiet", "--out", out.to_str().unwrap()], "");
    assert!(o.status.success(), "{}", text(&o));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_file_needs_a_name_that_looks_like_a_path() {
    let dir = scratch("pathlike");
    // A valid rules file under a mistyped preset name is not read for the preset...
    std::fs::copy(shipped("drift/presets/rules_default.toml"), dir.join("defualt")).unwrap();
    let o = sim_in(&dir, &["drift", "--rules", "defualt", "--games", "10", "--quiet"], "");
    let said = text(&o);
    assert!(!o.status.success() && said.contains("unknown drift rules preset `defualt`"), "{said}");
    assert!(said.contains("a file needs a path with a `/` or a name ending in `.toml`"), "{said}");
    assert!(!dir.join("results").exists(), "no output");
    // ...but is by a path, and plays as the preset it copies.
    let o = sim_in(&dir, &["drift", "--rules", "./defualt", "--games", "10", "--quiet"], "");
    assert!(o.status.success(), "{}", text(&o));
    let from_file = csv(&dir.join("results"), "drift", "points");
    let o = sim_in(&dir, &["drift", "--rules", "default", "--games", "10", "--quiet"], "");
    assert!(o.status.success(), "{}", text(&o));
    assert_eq!(csv(&dir.join("results"), "drift", "points"), from_file);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn shipped_presets_work_by_their_own_path() {
    let dir = scratch("shipped");
    let out = dir.to_str().unwrap();
    for (args, file) in [
        (&["medarot", "--ablation-games", "0", "--rules"][..], "medarot/presets/rules_advance_long_shot.toml"),
        (&["medarot", "--ablation-games", "0", "--cards"][..], "medarot/presets/cards.toml"),
        (&["medarot", "--ablation-games", "0", "--decks"][..], "medarot/presets/decks.toml"),
        (&["drift", "--lineup"][..], "drift/presets/lineup_styles.toml"),
        (&["rackup", "--profile"][..], "rackup/presets/default.toml"),
        (&["mahjong", "play", "--rules"][..], "mahjong/presets/table_ron2_b.toml"),
    ] {
        let path = shipped(file);
        let mut all = args.to_vec();
        all.extend([path.as_str(), "--games", "4", "--quiet", "--out", out]);
        let o = sim_in(&dir, &all, "");
        assert!(o.status.success(), "{all:?}: {}", text(&o));
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn an_empty_card_file_is_reported_as_a_card_file_problem() {
    let dir = scratch("empty-cards");
    std::fs::write(dir.join("cards.toml"), "# no cards yet\n").unwrap();
    let o = sim_in(&dir, &["medarot", "--cards", "cards.toml", "--games", "4", "--quiet"], "");
    let said = text(&o);
    assert!(!o.status.success() && said.contains("card file cards.toml"), "{said}");
    assert!(said.contains("the card file has no `[[card]]` tables") && !said.contains("deck"), "{said}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn an_empty_mjai_record_is_a_finding() {
    let dir = scratch("empty-mjai");
    std::fs::write(dir.join("empty.jsonl"), "").unwrap();
    let o = sim(&["mahjong", "replay", dir.join("empty.jsonl").to_str().unwrap()], "");
    let said = text(&o);
    assert!(!o.status.success() && said.contains("empty.jsonl: an empty record (no events)"), "{said}");
    assert!(said.contains("1 unreadable file(s)"), "{said}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_driver_naming_nobody_is_an_error_in_every_mode() {
    let dir = scratch("driver");
    for mode in ["styles", "chase", "solo", "team", "lineup"] {
        let o = sim_in(&dir, &["drift", "--mode", mode, "--driver", "Nobody", "--games", "10", "--quiet"], "");
        let said = text(&o);
        assert!(!o.status.success() && said.contains("no driver `Nobody` in the line-up"), "{mode}: {said}");
    }
    assert!(!dir.join("results").exists(), "no output");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn results_go_to_a_results_folder_by_default() {
    let dir = scratch("default-out");
    let o = sim_in(&dir, &["drift", "--games", "10", "--quiet"], "");
    assert!(o.status.success(), "{}", text(&o));
    assert!(dir.join("results/notebooks-data/drift/state.json").is_file(), "tables under results/");
    assert!(dir.join("results/reports/drift").is_dir(), "charts under results/");
    assert!(!dir.join("notebooks-data").exists() && !dir.join("reports").exists(), "nothing in the working folder");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_run_does_not_replace_another_study_or_a_larger_run_without_force() {
    let dir = scratch("overwrite");
    let run = |args: &[&str]| sim_in(&dir, &[args, &["--quiet", "--out", "."]].concat(), "");
    assert!(run(&["drift", "--games", "40"]).status.success());
    let before = csv(&dir, "drift", "points");
    // A smaller run of the same study, and a study of another kind under the same name.
    for (args, says) in [
        (&["drift", "--games", "20"][..], "holds a larger run of this study (40 games; this run plays at most 20)"),
        (&["rackup", "--games", "20", "--study", "drift"][..], "holds a drift study, not a rackup one"),
    ] {
        let o = run(args);
        let said = text(&o);
        assert!(!o.status.success() && said.contains(says) && said.contains("--force"), "{args:?}: {said}");
        assert_eq!(csv(&dir, "drift", "points"), before, "{args:?}: results untouched");
    }
    // The same or a larger run replaces it; so does anything with --force.
    assert!(run(&["drift", "--games", "40", "--seed", "9"]).status.success());
    assert!(run(&["drift", "--games", "20", "--force"]).status.success());
    assert!(run(&["rackup", "--games", "20", "--study", "drift", "--force"]).status.success());
    // A merge is held to the same rule.
    let o = sim_in(&dir, &["merge", "notebooks-data/drift", "--out", ".", "--study", "drift"], "");
    assert!(o.status.success(), "merging a study onto itself: {}", text(&o));
    std::fs::remove_dir_all(&dir).unwrap();
}
